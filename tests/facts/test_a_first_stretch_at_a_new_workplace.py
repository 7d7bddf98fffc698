"""A first stretch at a new workplace names it, counted in a shift, a service or a working
weekday, or as "day one" ("first shift done at Brightwater Care", "Tag eins bei Rheinfeld
Logistik", "mi primer lunes en Grupo Andino", "入职华润第一天"): the new employer, so the job
said before ends, also when the workplace is a bank or an insurer ("First week at Barclays
done"), which said alone is a provider; a first service "finished" there ends nothing. A
first night at a hotel or a first week in a country is no job. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

FIRST_STRETCH = {  # case: (the job before, the first stretch at the new one, old, new)
    "en-day-one": ("I work at Norland Bank.", "Day one at Halvorsen Foods is over, my feet "
                   "hurt.", "Norland", "Halvorsen"),
    "en-first-shift": ("I work at Norland Bank.", "First shift done at Brightwater Care, the "
                       "residents are lovely.", "Norland", "Brightwater"),
    "en-first-monday": ("I work at Norland Bank.", "My first Monday at Castellan Press went "
                        "fine.", "Norland", "Castellan"),
    "de-tag-eins": ("Ich arbeite bei der Sparkasse Kiel.", "Tag eins bei Rheinfeld Logistik "
                    "überstanden.", "Sparkasse", "Rheinfeld"),
    "de-erster-montag": ("Ich arbeite bei der Sparkasse Kiel.", "Mein erster Montag bei "
                         "Kornblum Druck war chaotisch.", "Sparkasse", "Kornblum"),
    "fr-premiere-journee": ("Je travaille chez Vernier Assurances.", "Première journée "
                            "terminée chez Lumen Conseil, je suis crevée.", "Vernier", "Lumen"),
    "fr-premier-lundi": ("Je travaille chez Vernier Assurances.", "Mon premier lundi chez Ravel "
                         "Transports s'est bien passé.", "Vernier", "Ravel"),
    "fr-premier-service": ("Je travaille chez Vernier Assurances.", "Premier service bouclé au "
                           "Café Marius à Annecy, quelle soirée.", "Vernier", "Café Marius"),
    "es-primer-turno": ("Trabajo en Seguros Olmedo.", "Primer turno terminado en la Clínica "
                        "Santa Elena, estoy muerta.", "Olmedo", "Santa Elena"),
    "es-primer-lunes": ("Trabajo en Seguros Olmedo.", "Mi primer lunes en Grupo Andino fue un "
                        "caos.", "Olmedo", "Andino"),
    "it-primo-turno": ("Lavoro alla Cartiera Ferri.", "Primo turno finito alla Clinica Villa "
                       "Serena, sono distrutta.", "Ferri", "Villa Serena"),
    "it-primo-lunedi": ("Lavoro alla Cartiera Ferri.", "Il mio primo lunedì da Brambilla Arredi "
                        "è andato bene.", "Ferri", "Brambilla"),
    "pt-primeira-segunda": ("Trabalho na Construtora Lemos.", "Minha primeira segunda-feira na "
                            "Vértice Engenharia foi tranquila.", "Lemos", "Vértice"),
    "nl-dag-een": ("Ik werk bij Rabo Zuid.", "Dag één bij Hoogland Techniek zit erop.", "Rabo",
                   "Hoogland"),
    "nl-eerste-maandag": ("Ik werk bij Rabo Zuid.", "Mijn eerste maandag bij Van Dijk Bouw was "
                          "pittig.", "Rabo", "Van Dijk"),
    "pt-bank": ("Trabalho na Construtora Lemos.", "Primeira semana no Santander feita, crachá "
                "novo e tudo.", "Lemos", "Santander"),
    "en-bank": ("I work at Norland Foods.", "First week at Barclays done, the canteen is "
                "decent.", "Norland", "Barclays"),
    "de-insurer": ("Ich arbeite bei Kornblum Druck.", "Erste Woche bei der Allianz geschafft, "
                   "viel Papierkram.", "Kornblum", "Allianz"),
    "zh-first-week": ("我在招商银行上班。", "在顺丰上班的第一周结束了，好累。", "招商银行", "顺丰"),
    "zh-first-day": ("我在招商银行上班。", "入职华润第一天，同事都挺好的。", "招商银行", "华润"),
}


@pytest.mark.parametrize("case", sorted(FIRST_STRETCH))
def test_a_first_stretch_at_a_new_workplace_ends_the_old_job(case: str) -> None:
    before, after, old, new = FIRST_STRETCH[case]
    with said_a_day_apart(before, after, start=_MARCH, user_id="ove", lang=case[:2],
                          days=30) as memory:
        now = [f.text for f in memory.facts.list(user_id="ove")]
        history = [f.text for f in memory.facts.history(user_id="ove")]
    assert any(new in text for text in now), now
    assert not any(old in text for text in now), now
    assert any(old in text for text in history), history


def test_a_first_stretch_finished_is_no_job_ended() -> None:
    with said_a_day_apart("Je travaille chez Vernier Assurances.",
                          "J'ai fini mon premier service au Café Marius à Annecy, je suis vidé.",
                          start=_MARCH, user_id="ove", lang="fr", days=30) as memory:
        jobs = [f.text for f in memory.facts.list(user_id="ove") if f.predicate == "works_at"]
    assert len(jobs) == 1 and "Café Marius" in jobs[0], jobs


@pytest.mark.parametrize(("lang", "turn"), [
    ("en", "First night at Hotel Miramar, the view is amazing."),
    ("fr", "Première semaine au Portugal, il fait beau."),
])
def test_a_first_night_away_or_a_week_abroad_is_no_job(lang: str, turn: str) -> None:
    with said_a_day_apart(turn, start=_MARCH, user_id="ove", lang=lang) as memory:
        jobs = [f.text for f in memory.facts.list(user_id="ove") if f.predicate == "works_at"]
    assert jobs == [], jobs
