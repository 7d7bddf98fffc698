"""The user's car named by a model that is also a common word ("la mia punto grigia ha
250mila km") is a lasting fact about what the user has, and an eye-roll after a complaint
said straight ("nn partiva di nuovo 🙄") is no sarcasm. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from lucidmem.facts.one_at_a_time import own_thing_named

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_an_own_car_by_a_common_word_beside_a_word_of_use() -> None:
    assert own_thing_named("la mia punto grigia ha 250mila km", "it")
    assert not own_thing_named("la mia punto di vista è diverso", "it")


def test_a_complaint_with_an_eye_roll_is_kept() -> None:
    now = current_facts("la mia punto grigia ha 250mila km e stamattina nn partiva di nuovo 🙄",
                        start=_MAY, lang="it", days=1)
    assert [t for t in now if "punto" in t], now


def test_praise_with_an_eye_roll_is_still_sarcasm() -> None:
    now = current_facts("adoro la nebbia di novembre quando esco alle 6 🙄",
                        "la tangenziale è proprio la strada più tranquilla di Milano, la amo 🙄",
                        start=_MAY, lang="it", days=1)
    assert not [t for t in now if "nebbia" in t or "tangenziale" in t], now
