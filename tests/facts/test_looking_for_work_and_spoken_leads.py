"""Looking for work is not working somewhere: "I've started interviewing elsewhere", "bin auf
Jobsuche", "busco otro trabajo" end no job and start none. And a pronoun subject after a
spoken lead with no comma ("ya he's in Hyderabad …", "mais elle …") is someone else, never
the user. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "works", "seeking", "employer"), [
    ("en", "I work at Fernleaf",
     "tbh I've started interviewing elsewhere, the appraisal was a joke", "Fernleaf"),
    ("en", "I work at Fernleaf", "honestly I'm looking for a new job, this place is draining",
     "Fernleaf"),
    ("de", "ich arbeite bei Voestalpine", "ich bin seit März auf Jobsuche", "Voestalpine"),
    ("es", "trabajo en Cafetalia", "estoy buscando otro trabajo, no aguanto más", "Cafetalia"),
    ("pt", "trabalho na Sonae", "ando procurando outro emprego, tá difícil", "Sonae"),
    ("nl", "ik werk bij Coolblue", "ik ben op zoek naar een nieuwe baan", "Coolblue"),
])
def test_looking_for_work_keeps_the_job(lang: str, works: str, seeking: str,
                                        employer: str) -> None:
    with said_a_day_apart(works, seeking, start=_MONDAY, user_id="lea", lang=lang) as memory:
        facts = memory.facts.list(user_id="lea")
    jobs = [f.text for f in facts if f.predicate == "works_at"]
    assert jobs and all(employer in text for text in jobs), [(f.predicate, f.text)
                                                             for f in facts]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Arjun is away till Friday. ya he's in Hyderabad for some client workshop"),
    ("fr", "Julie est passée hier. mais elle travaille chez Lumivert maintenant"),
])
def test_a_pronoun_after_a_spoken_lead_is_not_the_user(lang: str, said: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="lea", lang=lang) as memory:
        facts = memory.facts.list(user_id="lea")
    assert not any(f.subject == "user" and f.predicate == "works_at" for f in facts), \
        [(f.subject, f.predicate, f.text) for f in facts]
