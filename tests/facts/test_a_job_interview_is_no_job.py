""""Tengo la entrevista de trabajo en Bilbao" is a plan, not the user's job in Bilbao: a job
word that qualifies another noun ("entrevista de trabajo", "colloquio di lavoro", "a job
interview at …") names no employer, and the employer held does not end. Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

CASES = {
    "es": ("Trabajo en Mercadona desde hace tres años",
           "el viernes tengo una entrevista de trabajo en Decathlon, qué nervios", "Mercadona"),
    "it": ("Lavoro alla Barilla da due anni",
           "venerdì ho un colloquio di lavoro da Ferrero, che ansia", "Barilla"),
    "en": ("I work at Tesco, mostly nights",
           "I've got a job interview at Waitrose on Friday, fingers crossed", "Tesco"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_job_interview_leaves_the_job_held(lang: str) -> None:
    job, interview, employer = CASES[lang]
    with said_a_day_apart(job, interview, start=_MAY, user_id="rui", lang=lang) as memory:
        facts = memory.facts.list(user_id="rui")
    assert any(employer in f.text for f in facts), [f.text for f in facts]
    assert not any(f.predicate == "works_at" and employer not in f.text for f in facts), \
        [(f.predicate, f.text) for f in facts]


@pytest.mark.parametrize("sentence", ["trabajo en Iberdrola desde 2019",
                                      "empecé un trabajo nuevo en Iberdrola"])
def test_a_job_at_an_organisation_is_still_the_employer(sentence: str) -> None:
    with said_a_day_apart(sentence, start=_MAY, user_id="rui", lang="es") as memory:
        facts = memory.facts.list(user_id="rui")
    assert any(f.predicate == "works_at" and "Iberdrola" in f.text for f in facts), \
        [(f.predicate, f.text) for f in facts]
