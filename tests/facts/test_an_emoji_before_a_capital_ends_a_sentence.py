"""An emoji followed by a capitalised word ends a sentence ("Three weeks today since we
picked up the RAV4 🙌 The Tacoma finally gave up …", "first week at Volcanoes National Park
🌋 My supervisor …").

Without a stop, the two sentences were read as one: the workplace took the next sentence's
first word into its name ("works at Volcanoes National Park My") and the car's news was read
as a move of home that ended the user's home and job. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

from lucidmem.facts.clauses import clauses_of

from .conftest import current_facts

_DAY = datetime(2026, 2, 9, 8, 0, tzinfo=UTC)


def test_an_emoji_then_a_capital_splits_the_sentence() -> None:
    texts = [c.sentence for c in clauses_of(
        "Done with my first week at Copper Ridge Lodge 🏔️ My manager, Tess, is lovely.",
        language_hint="en")]
    assert any(s.rstrip(" 🏔️").endswith("Copper Ridge Lodge") for s in texts), texts


def test_a_workplace_name_stops_at_the_emoji() -> None:
    facts = current_facts("Done with my first week at Copper Ridge Lodge 🏔️ My manager, Tess, "
                          "already put me on the night shifts.", start=_DAY, lang="en", days=1)
    assert [t for t in facts if t.endswith("copper ridge lodge")], facts
    assert not [t for t in facts if "lodge my" in t], facts


def test_news_of_a_car_after_an_emoji_moves_no_home() -> None:
    facts = current_facts(
        "I live in Hilo and I work at the harbour office.",
        "Two weeks today since we picked up the Corolla 🙌 The old Civic finally died on the "
        "highway last month and my husband sold it for parts.",
        start=_DAY, lang="en", days=1)
    assert [t for t in facts if "hilo" in t], facts
    assert [t for t in facts if "harbour office" in t], facts


def test_an_emoji_before_a_small_letter_keeps_the_sentence() -> None:
    texts = [c.sentence for c in clauses_of("we went to the beach 🏖️ and then had ice cream",
                                            language_hint="en")]
    assert len({s for s in texts}) == 1, texts
