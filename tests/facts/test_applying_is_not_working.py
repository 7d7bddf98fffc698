"""Applying for a job, an interview, a trial day or an offer is a step towards a job, not the
job: it is kept as an event (dated when a day is said), never as the employer, and the job
held goes on. Getting the job ("I got the job at …", "me contrataron en …") is the new
employer. An organisation the user was at with no word of working ("Ich war mit Freunden bei
Aldi") is no employer; names with "&" stay whole. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_APRIL = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)  # a Monday


@pytest.mark.parametrize(("lang", "sentence", "name"), [
    ("en", "I work at Marks & Spencer", "Marks & Spencer"),
    ("en", "I work at H&M on weekends", "H&M"),
    ("de", "Ich arbeite bei Procter & Gamble", "Procter & Gamble"),
    ("en", "I got the job at Hearth & Rye!", "Hearth & Rye"),
])
def test_an_organisation_with_an_ampersand_stays_whole(lang: str, sentence: str,
                                                       name: str) -> None:
    with said_a_day_apart(sentence, start=_APRIL, user_id="noa", lang=lang) as memory:
        facts = memory.facts.list(user_id="noa")
    assert any(f.predicate == "works_at" and f.object == name for f in facts), \
        [(f.predicate, f.object) for f in facts]
