"""Applying for a job, an interview, a trial day or an offer is a step towards a job, not the
job: it is kept as an event (dated when a day is said), never as the employer, and the job
held goes on. Getting the job ("I got the job at …", "me contrataron en …") is the new
employer. An organisation the user was at with no word of working ("Ich war mit Freunden bei
Aldi") is no employer; names with "&" stay whole. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from .conftest import said_a_day_apart

_APRIL = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)  # a Monday

_WORK = ("works_at", "occupation")

STEPS = {
    # (the job held, a step towards another, the employer held, the organisation applied to)
    "en": ("I work at the Copper Kettle", "I applied for a line cook job at Pickle & Pine",
           "Copper Kettle", "Pickle"),
    "de": ("Ich arbeite bei Edeka an der Kasse", "Ich hab mich gestern bei Rossmann beworben",
           "Edeka", "Rossmann"),
    "fr": ("Je travaille chez Leroy Merlin", "J'ai passé un entretien chez Ikea ce matin",
           "Leroy Merlin", "Ikea"),
    "es": ("Trabajo en Mercadona", "me postulé en Inditex, a ver qué pasa",
           "Mercadona", "Inditex"),
    "it": ("Lavoro alla Coop", "ho fatto un colloquio da Lavazza per magazziniere",
           "Coop", "Lavazza"),
    "pt": ("Trabalho na Drogasil", "fiz entrevista na Petrobras pra estagiário",
           "Drogasil", "Petrobras"),
    "nl": ("Ik werk bij de Hema", "ik heb gesolliciteerd bij Albert Heijn",
           "Hema", "Albert"),
    "zh": ("我在华为上班", "我去腾讯面试了", "华为", "腾讯"),
}


@pytest.mark.parametrize("lang", sorted(STEPS))
def test_a_step_towards_a_job_leaves_the_job_held(lang: str) -> None:
    job, step, held, applied_to = STEPS[lang]
    with said_a_day_apart(job, step, start=_APRIL, user_id="noa", lang=lang) as memory:
        facts = memory.facts.list(user_id="noa")
    seen = [(f.predicate, f.text) for f in facts]
    assert any(f.predicate == "works_at" and held in f.text for f in facts), seen
    assert not any(f.predicate in _WORK and applied_to in f.text for f in facts), seen
    assert any(applied_to in f.text for f in facts), seen  # kept, as a plan or an event


@pytest.mark.parametrize(("lang", "step", "day"), [
    ("en", "I applied at Pickle & Pine today, fingers crossed", date(2026, 4, 6)),
    ("fr", "J'ai postulé chez Ikea hier", date(2026, 4, 5)),
    ("de", "Am Donnerstag hab ich ein Vorstellungsgespräch bei Rossmann", date(2026, 4, 9)),
])
def test_a_step_that_names_a_day_is_an_event_that_day(lang: str, step: str,
                                                      day: date) -> None:
    with said_a_day_apart(step, start=_APRIL, user_id="noa", lang=lang) as memory:
        facts = memory.facts.list(user_id="noa")
    seen = [(f.predicate, f.valid_from, f.text) for f in facts]
    assert not any(f.predicate in _WORK for f in facts), seen
    assert any(f.valid_from is not None and f.valid_from.date() == day for f in facts), seen


@pytest.mark.parametrize(("lang", "job", "hired", "new"), [
    ("en", "I work at the Copper Kettle", "I got the job at Pickle & Pine!", "Pickle & Pine"),
    ("de", "Ich arbeite bei Edeka", "ich habe die Stelle bei Rossmann bekommen", "Rossmann"),
    ("es", "Trabajo en Mercadona", "¡me contrataron en Inditex!", "Inditex"),
    ("pt", "Trabalho na Drogasil", "fui aprovada na Petrobras", "Petrobras"),
    ("nl", "Ik werk bij de Hema", "ik ben aangenomen bij Coolblue", "Coolblue"),
])
def test_getting_the_job_is_the_new_employer(lang: str, job: str, hired: str,
                                             new: str) -> None:
    with said_a_day_apart(job, hired, start=_APRIL, user_id="noa", lang=lang) as memory:
        facts = memory.facts.list(user_id="noa")
    seen = [(f.predicate, f.text) for f in facts]
    assert [f.text for f in facts if f.predicate == "works_at"] and \
        all(new in f.text for f in facts if f.predicate == "works_at"), seen


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


@pytest.mark.parametrize(("lang", "sentence"), [
    ("de", "Ich war mit Freunden bei Aldi"),
    ("en", "I was at Aldi with friends"),
    ("fr", "J'étais chez Decathlon avec des amis"),
])
def test_an_organisation_the_user_was_at_is_no_employer(lang: str, sentence: str) -> None:
    with said_a_day_apart(sentence, start=_APRIL, user_id="noa", lang=lang) as memory:
        facts = memory.facts.list(user_id="noa")
    assert not any(f.predicate in _WORK for f in facts), [(f.predicate, f.text) for f in facts]


@pytest.mark.parametrize("sentence", ["ich arbeite bei Aldi",
                                      "Ich bin seit Montag bei Aldi angestellt"])
def test_working_at_the_organisation_is_still_the_employer(sentence: str) -> None:
    with said_a_day_apart(sentence, start=_APRIL, user_id="noa", lang="de") as memory:
        facts = memory.facts.list(user_id="noa")
    assert any(f.predicate == "works_at" and "Aldi" in f.text for f in facts), \
        [(f.predicate, f.text) for f in facts]


# -- a job word that qualifies another noun ("entrevista de trabajo") --------------------------
# (a job word before an organisation had made a new employer: "la entrevista de trabajo en
# Bilbao" was "works at Bilbao")

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

QUALIFYING = {
    "es": ("Trabajo en Mercadona desde hace tres años",
           "el viernes tengo una entrevista de trabajo en Decathlon, qué nervios", "Mercadona"),
    "it": ("Lavoro alla Barilla da due anni",
           "venerdì ho un colloquio di lavoro da Ferrero, che ansia", "Barilla"),
    "en": ("I work at Tesco, mostly nights",
           "I've got a job interview at Waitrose on Friday, fingers crossed", "Tesco"),
}


@pytest.mark.parametrize("lang", sorted(QUALIFYING))
def test_a_job_word_qualifying_a_noun_leaves_the_job_held(lang: str) -> None:
    job, interview, employer = QUALIFYING[lang]
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
