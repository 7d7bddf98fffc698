"""Being with a bank, an insurer or a carrier since a date ("bin seit Januar bei der TK",
"sinds maart zit ik bij Odido") is no job: it is not stored as where the user works, and it
ends no job. Working there still is one ("arbeite seit drei Jahren bei Vodafone").
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

PROVIDER_THEN_JOB = {
    "de": ("Ich bin seit Januar bei der TK, vorher AOK", "TK",
           "Arbeite seit drei Jahren bei Vodafone", "Vodafone"),
    "nl": ("sinds maart zit ik bij Odido", "Odido", "ik werk al vijf jaar bij KPN", "KPN"),
}


@pytest.mark.parametrize("lang", sorted(PROVIDER_THEN_JOB))
def test_a_provider_since_a_date_is_no_employer(lang: str) -> None:
    provider_said, provider, job_said, employer = PROVIDER_THEN_JOB[lang]
    with said_a_day_apart(provider_said, job_said, start=_MARCH, user_id="ada") as memory:
        facts = memory.facts.list(user_id="ada")
    jobs = [f.object for f in facts if f.predicate == "works_at"]
    assert provider not in " ".join(jobs), facts
    assert any(employer in f.text for f in facts if f.predicate == "works_at"), facts
    assert any(provider in f.text for f in facts), facts  # still remembered, as what it is
