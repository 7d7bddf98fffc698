"""What the user told before, with the month it was told in ("In May I told you that Dara
lives in Cork", "a giugno ti ho detto che …", "ik heb je in januari gezegd dat …").

Said with its month, the repeated statement was read as the user's own: "In May I told you
that Dara lives in Cork" stored "The user lives in Cork". Called wrong after it ("…, but I got
confused.", "Dat klopt niet."), it stayed as a remark that still named the wrong value. Now the
month is no part of the telling: the statement is about the one it names, and one called
wrong is a correction's opening whose value the next statement puts right. Sentences written
for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts, said_a_day_apart

_DAY = datetime(2026, 6, 8, 10, 0, tzinfo=UTC)

CALLED_WRONG = {
    "en": ("My cousin Dara lives in Cork.",
           "In May I told you that Dara lives in Cork. I got it wrong. She lives in Galway.",
           "cork", "galway"),
    "de": ("Mein Schwager Jonas arbeitet bei Bosch.",
           "Ich hab dir im März gesagt, dass Jonas bei Bosch arbeitet, aber ich hab mich "
           "vertan. Er arbeitet bei Festo.", "bosch", "festo"),
    "fr": ("Mon neveu Hugo habite à Nantes.",
           "Je t'ai dit en mars que Hugo habite à Nantes, mais je me suis trompé. Il habite à "
           "Angers.", "nantes", "angers"),
    "es": ("Mi primo Raúl vive en Cádiz.",
           "En marzo te dije que Raúl vive en Cádiz, pero me confundí. Vive en Jerez.",
           "cádiz", "jerez"),
    "it": ("Mio cognato Piero lavora alla Ferrero.",
           "Ad aprile ti ho detto che Piero lavora alla Ferrero, ma mi sono confuso. Lavora "
           "alla Lavazza.", "ferrero", "lavazza"),
    "pt": ("A minha prima Inês mora em Viseu.",
           "Em março eu disse que a Inês mora em Viseu, mas me enganei. Ela mora em Leiria.",
           "viseu", "leiria"),
    "nl": ("Mijn neef Daan woont in Zwolle.",
           "Ik heb je in maart gezegd dat Daan in Zwolle woont. Dat klopt niet. Hij woont in "
           "Deventer.", "zwolle", "deventer"),
}


@pytest.mark.parametrize("lang", sorted(CALLED_WRONG))
def test_what_was_told_in_a_month_and_called_wrong_is_put_right(lang: str) -> None:
    first, fix, wrong, right = CALLED_WRONG[lang]
    with said_a_day_apart(first, fix, start=_DAY, user_id=lang, lang=lang, days=30) as memory:
        current = [f.text.casefold() for f in memory.facts.list(user_id=lang)]
        assert not [t for t in current if wrong in t], current
        assert [t for t in current if right in t and "the user lives" not in t and
                "the user works" not in t], current  # the cousin's, not the user's


TOLD = {  # (the one named is known, or named before a verb)
    "en": ((), "In May I told you that Dara lives in Cork.", "dara"),
    "it": (("Mia moglie Chiara fa l'insegnante.",),
           "A giugno ti ho detto che Chiara insegna al liceo Fermi.", "chiara"),
    "nl": (("Mijn dochter Femke is negentien.",),
           "Ik heb je in januari gezegd dat Femke in Tilburg studeert.", "femke"),
}


@pytest.mark.parametrize("lang", sorted(TOLD))
def test_what_was_told_in_a_month_is_of_the_one_it_names(lang: str) -> None:
    before, said, named = TOLD[lang]
    facts = current_facts(*before, said, start=_DAY, lang=lang, days=1)
    told = [t for t in facts if "cork" in t or "fermi" in t or "tilburg" in t]
    assert told, facts
    assert all(t.startswith(named) or f" {named} " in t.split(":")[0] for t in told), facts
    assert not [t for t in facts if "told you" in t or "ti ho detto" in t or "gezegd" in t], facts
