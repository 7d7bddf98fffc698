"""A dated event put right by saying the right day and, after a comma, "not" and the wrong
one, with no correction word ("the recital is on the 23rd, not the 30th", "la boda es el 23
de agosto, no el 30"): the day after "not" is the one said before, which never held. The
event said before on that day is taken back and the right day is current. Sentences written
for these tests; en-1 and fr-2 (said with a correction word, "silly me", "oups") were read
right before this change and stay as guards.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 9, 19, 0, tzinfo=UTC)

RIGHT_DAY_THEN_NOT = {
    "en-1": ("My daughter's piano recital is on 30 April.",
             "Silly me, the piano recital is on 23 April, not the 30th.", "23", "30"),
    "en-2": ("Our housewarming party is on 18 April.",
             "Ugh, the housewarming is on 11 April, not the 18th.", "11", "18"),
    "de-1": ("Die Taufe von meinem Neffen ist am 26. April.",
             "Ich Schussel, die Taufe ist am 19. April, nicht am 26.", "19", "26"),
    "de-2": ("Unser Sommerfest im Verein ist am 27. Juni.",
             "Oh Mann, das Sommerfest ist am 20. Juni, nicht am 27.", "20", "27"),
    "fr-1": ("La kermesse de l'école de mon fils est le 27 juin.",
             "Quelle tête, la kermesse est le 20 juin, pas le 27.", "20", "27"),
    "fr-2": ("Le baptême de ma nièce est le 26 avril.",
             "Oups, le baptême est le 19 avril, pas le 26.", "19", "26"),
    "es-1": ("La comunión de mi sobrina es el 30 de mayo.",
             "Qué cabeza, la comunión es el 23 de mayo, no el 30.", "23", "30"),
    "es-2": ("La fiesta de jubilación de mi padre es el 24 de abril.",
             "Uf, la fiesta de jubilación es el 17 de abril, no el 24.", "17", "24"),
    "it-1": ("La recita di mia figlia è il 29 maggio.",
             "Che testa, la recita è il 22 maggio, non il 29.", "22", "29"),
    "it-2": ("La laurea di mio cugino è il 24 aprile.",
             "Uffa, la laurea è il 17 aprile, non il 24.", "17", "24"),
    "pt-1": ("O batizado do meu sobrinho é no dia 26 de abril.",
             "Que cabeça, o batizado é no dia 19 de abril, não no dia 26.", "19", "26"),
    "pt-2": ("A formatura da minha irmã é no dia 30 de maio.",
             "Ai, a formatura é no dia 23 de maio, não no dia 30.", "23", "30"),
    "nl-1": ("Het schoolfeest van mijn zoon is op 26 juni.",
             "Oei, het schoolfeest is op 19 juni, niet op 26 juni.", "19", "26"),
    "nl-2": ("De doop van mijn nichtje is op 25 april.",
             "Dom van me, de doop is op 18 april, niet op de 25e.", "18", "25"),
}


@pytest.mark.parametrize("case", sorted(RIGHT_DAY_THEN_NOT))
def test_the_day_after_not_is_taken_back(case: str) -> None:
    first, fix, right, wrong = RIGHT_DAY_THEN_NOT[case]
    with said_a_day_apart(first, fix, start=_MARCH, user_id="lena", lang=case[:2],
                          days=5) as memory:
        now = [f.text for f in memory.facts.list(user_id="lena")]
    def says(day: str, text: str) -> bool:
        return re.search(rf"(?<!\d){day}(?!\d)", text) is not None

    assert any(says(right, text) for text in now), now
    assert not any(says(wrong, text) for text in now), now
