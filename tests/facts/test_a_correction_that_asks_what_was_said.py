"""A correction that opens by asking back what the user said, in a "that" clause ("¿Te dije
que Lucía vive en Toledo? Me equivoqué, vive en Cuenca", "Zei ik dat Sanne in Breda woont?
Klopt niet, ze woont in Tilburg"): the question is no fact, the wrong value never held and
the clause after it says the right one. The wrong value is what the asked clause says and
the answer does not (the frame, "vive en", is said again). Sentences written for these
tests; de-1, nl-1 and pt-1 were read right before this change and stay as guards.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_APRIL = datetime(2026, 4, 6, 18, 0, tzinfo=UTC)

ASKED_BACK = {
    "en-1": ("My cousin Mia works in Bristol.",
             "Did I tell you that Mia works in Bristol? Wrong city, she works in Bath.",
             "bath", "bristol"),
    "en-2": ("Our neighbour Tom is from Cork.",
             "Hold on, did I say that Tom is from Cork? No, he's from Galway.",
             "galway", "cork"),
    "de-1": ("Meine Kollegin Jana wohnt in Ulm.",
             "Hab ich dir gesagt, dass Jana in Ulm wohnt? Stimmt nicht, sie wohnt in Augsburg.",
             "augsburg", "ulm"),
    "de-2": ("Mein Schwager Olaf kommt aus Rostock.",
             "Hatte ich dir geschrieben, dass Olaf aus Rostock kommt? Falsch, er kommt aus Wismar.",
             "wismar", "rostock"),
    "fr-1": ("Ma voisine Chloé travaille à Rennes.",
             "Je t'ai dit que Chloé travaille à Rennes ? Non, elle travaille à Brest.",
             "brest", "rennes"),
    "fr-2": ("Mon beau-frère Hugo est de Nancy.",
             "Attends, j'ai dit que Hugo est de Nancy ? Pas du tout, il est de Metz.",
             "metz", "nancy"),
    "es-1": ("Mi prima Lucía vive en Toledo.",
             "¿Te dije que Lucía vive en Toledo? Me equivoqué, vive en Cuenca.",
             "cuenca", "toledo"),
    "es-2": ("Mi compañero Andrés es de Murcia.",
             "Oye, ¿te escribí que Andrés es de Murcia? Nada que ver, es de Almería.",
             "almería", "murcia"),
    "it-1": ("Mia cugina Giulia abita a Verona.",
             "Ti ho detto che Giulia abita a Verona? Sbagliato, abita a Vicenza.",
             "vicenza", "verona"),
    "it-2": ("Il mio collega Marco è di Parma.",
             "Aspetta, ti ho scritto che Marco è di Parma? Macché, è di Modena.",
             "modena", "parma"),
    "pt-1": ("A minha prima Inês mora em Faro.",
             "Eu te disse que a Inês mora em Faro? Errei, ela mora em Tavira.",
             "tavira", "faro"),
    "pt-2": ("O meu colega Tiago é de Aveiro.",
             "Te falei que o Tiago é de Aveiro? Nada disso, é de Leiria.",
             "leiria", "aveiro"),
    "nl-1": ("Mijn nicht Sanne woont in Breda.",
             "Zei ik dat Sanne in Breda woont? Klopt niet, ze woont in Tilburg.",
             "tilburg", "breda"),
    "nl-2": ("Mijn collega Daan komt uit Assen.",
             "Heb ik gezegd dat Daan uit Assen komt? Fout, hij komt uit Emmen.",
             "emmen", "assen"),
}


@pytest.mark.parametrize("case", sorted(ASKED_BACK))
def test_a_value_asked_back_in_a_that_clause_is_put_right(case: str) -> None:
    first, fix, right, wrong = ASKED_BACK[case]
    with said_a_day_apart(first, fix, start=_APRIL, user_id="noor", lang=case[:2],
                          days=9) as memory:
        now = [f.text.casefold() for f in memory.facts.list(user_id="noor")]
    assert any(right in text for text in now), now
    assert not any(wrong in text for text in now), now
