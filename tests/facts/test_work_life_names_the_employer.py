"""The user's workplace said through their work life there — "my boss at Harfang", "my team
at Tarangini", "a hell of a week at Kestrel", "meine Kollegen bei Bosch" — is their employer,
as "I work at …" would be; a team or a week at something that is no organisation is not.
(When the boss is the clause's subject, "mi jefa en Cafetalia es un encanto", the fact is
about the boss, and the employer is a fact of its own:
test_shifts_and_colleagues_name_the_employer.) Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "employer"), [
    ("en", "ugh, it's been a rough week at Fernleaf and I can't be bothered to cook", "Fernleaf"),
    ("en", "I need to email my manager at Orbitel before Friday", "Orbitel"),
    ("de", "meine Kollegen bei Voestalpine sind echt nett", "Voestalpine"),
    ("fr", "j'ai besoin d'aide pour un mail à mon patron chez Lumivert", "Lumivert"),
    ("es", "tengo que escribirle a mi jefa en Cafetalia", "Cafetalia"),
    ("it", "devo scrivere al mio capo da Ferretti", "Ferretti"),
    ("pt", "a minha equipa na Sonae cresceu muito", "Sonae"),
    ("nl", "ik moet mijn baas bij Bol nog mailen", "Bol"),
])
def test_the_workplace_in_passing_is_the_employer(lang: str, said: str, employer: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="kai", lang=lang) as memory:
        facts = memory.facts.list(user_id="kai")
    assert any(f.predicate == "works_at" and employer in f.text for f in facts), \
        [(f.predicate, f.text) for f in facts]


def test_a_later_workplace_ends_the_one_said_in_passing() -> None:
    turns = ("it's been a hell of a week at Fernleaf, I'm wiped",
             "big news: I started a new job at Orbitel today")
    with said_a_day_apart(*turns, start=_MONDAY, user_id="kai", lang="en") as memory:
        current = [f.text for f in memory.facts.list(user_id="kai")]
    assert any("Orbitel" in text for text in current), current
    assert not any("Fernleaf" in text for text in current), current


@pytest.mark.parametrize("said", [
    "my team at the pub quiz won again",
    "we had a lovely week at the seaside",
])
def test_no_organisation_no_employer(said: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="kai", lang="en") as memory:
        facts = memory.facts.list(user_id="kai")
    assert not any(f.predicate == "works_at" for f in facts), [f.text for f in facts]
