"""A correction that sets the wrong value aside and names the right one bare: "wait sorry
not Yishun, Sembawang" after "my mother-in-law is in Yishun". The held fact that says the
wrong value is put right with the new name and stays the person's it was about; the wrong one
is taken back (it never held). Before, the clause was read as small talk and nothing changed.
A bare name that puts nothing held right is no fact of its own. Sentences written for these
tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

BARE = {
    "en": ("My mother-in-law is in Yishun, she wants to visit.",
           "wait sorry not Yishun, Sembawang. I always mix them up", "yishun", "sembawang"),
    "de": ("Meine Schwester Hanna wohnt in Malmö.", "Sorry, nicht Malmö, Lund.", "malmö", "lund"),
    "nl": ("Mijn broer Dennis woont in Delft, vlak bij het station.",
           "nee wacht, niet Delft, Rijswijk", "delft", "rijswijk"),
    "es": ("Mi hermana Lucía vive en Toledo desde el verano.", "perdón, no Toledo, Cuenca",
           "toledo", "cuenca"),
    "fr": ("Mon frère Hugo habite à Rennes avec sa copine.", "pardon, pas Rennes, Vannes",
           "rennes", "vannes"),
    "pt": ("A minha irmã Rita mora em Braga.", "desculpa, não Braga, Guimarães", "braga",
           "guimarães"),
}


@pytest.mark.parametrize("lang", sorted(BARE))
def test_a_bare_right_value_puts_the_held_fact_right(lang: str) -> None:
    first, fix, wrong, right = BARE[lang]
    with said_a_day_apart(first, fix, start=_DAY, user_id=lang, lang=lang) as memory:
        current = memory.facts.list(user_id=lang)
        fixed = [f for f in current if right in f.text.casefold()]
        assert fixed, [f.text for f in current]
        assert not any(wrong in f.text.casefold() for f in current)
        gone = [f for f in memory.facts.history(user_id=lang) if wrong in f.text.casefold()]
        assert gone and all(f.status is Status.RETRACTED for f in gone)
        assert fixed[0].subject == gone[0].subject  # still the person it was about
        assert fixed[0].text.casefold() != right  # the old sentence, put right


def test_a_bare_right_value_in_a_sentence_of_its_own() -> None:
    """The wrong value set aside in one sentence, the right one bare in the next."""
    with said_a_day_apart("My mother-in-law is in Yishun.", "Wait, not Yishun! Sembawang.",
                          start=_DAY, user_id="en-next", lang="en") as memory:
        current = [f.text for f in memory.facts.list(user_id="en-next")]
        assert any("Sembawang" in t and "mother-in-law" in t for t in current), current
        assert not any("Yishun" in t for t in current), current


@pytest.mark.parametrize(("said", "name"), [
    (("not Yishun, Sembawang",), "sembawang"),  # nothing held says Yishun
    (("My friend Sam works at Lidl.", "not bad, Sam"), "bad"),  # no correction at all
])
def test_a_bare_name_that_puts_nothing_right_is_no_fact(said: tuple[str, ...],
                                                        name: str) -> None:
    with said_a_day_apart(*said, start=_DAY, user_id="guard", lang="en") as memory:
        texts = [f.text.casefold() for f in memory.facts.history(user_id="guard")]
        assert name not in texts and "sam" not in texts, texts
        assert all(f.status is not Status.RETRACTED for f in memory.facts.history(user_id="guard"))
