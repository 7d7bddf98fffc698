"""A habit that changes over several sessions ends when its last state is said: the way to
work ("ormai vado sempre in bici" after "in macchina tutti i giorni"), an instrument ("only
the cello now" after the piano). The newest state is current, the old one is history, and a
day between the two still answers the old one. Sentences written for these tests.

* An "also" in another part of the last statement ("…, and I got a rain cape too") is about
  that other thing, not one more way to work beside the old one.
* A clause that names an instrument is a pastime, whatever else the slot classifier makes of
  "only the viola now, every evening" (a drink, a routine of the day): so it ends the
  instrument played before.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 8, 0, tzinfo=UTC)

BY_BIKE_NOW = {
    "en": ("I drive to work every day.",
           "Now I always bike to work, rain or shine, got a yellow rain cape too.",
           "drive"),
    "it": ("Vado al lavoro in macchina tutti i giorni.",
           "Ormai vado al lavoro sempre in bici, mi sono comprata pure un casco nuovo.",
           "macchina"),
    "es": ("Voy al trabajo en coche todos los días.",
           "Ahora voy al trabajo siempre en bici, con lluvia incluida, me compré también un "
           "chubasquero.",
           "coche"),
    "pt": ("Vou para o trabalho de carro todos os dias.",
           "Agora vou para o trabalho sempre de bicicleta, com chuva e tudo, comprei também "
           "uma capa.",
           "carro"),
    "nl": ("Ik rij elke dag met de auto naar het werk.",
           "Nu fiets ik altijd naar het werk, ook als het regent.",
           "auto"),
}


@pytest.mark.parametrize("lang", sorted(BY_BIKE_NOW))
def test_the_last_way_to_work_ends_the_old_one_despite_an_also_elsewhere(lang: str) -> None:
    before, after, old = BY_BIKE_NOW[lang]
    with said_a_day_apart(before, after, start=_MAY, user_id="ines", lang=lang,
                          days=20) as memory:
        now = [f.text for f in memory.facts.list(user_id="ines")]
        then = [f.text for f in memory.facts.list(user_id="ines", as_of=_MAY + timedelta(days=10),
                                                   mode="true")]
        history = [f.text for f in memory.facts.history(user_id="ines")]
    assert not any(old in text.casefold() for text in now), now
    assert any(old in text.casefold() for text in then), then
    assert len(history) >= 2, history


def test_an_also_in_the_part_that_says_the_change_adds_a_way() -> None:
    """"Now I also take the train on Fridays": one more way, the car stays."""
    with said_a_day_apart("I drive to work every day.",
                          "Now I also take the train to work on Fridays.",
                          start=_MAY, user_id="ines", lang="en") as memory:
        now = [f.text for f in memory.facts.list(user_id="ines")]
    assert any("drive" in text for text in now), now
    assert any("train" in text for text in now), now


ONLY_THIS_INSTRUMENT_NOW = {
    "de": ("Ich spiele seit der Schulzeit Klavier.",
           "Inzwischen nur noch Bratsche, jeden Abend eine Stunde.", "klavier"),
    "fr": ("Je joue du piano le week-end depuis l'école.",
           "Maintenant c'est que du violoncelle, tous les soirs une heure.", "piano"),
    "es": ("Toco la guitarra todos los fines de semana desde el colegio.",
           "Ahora solo toco el violonchelo, cada noche media hora.", "guitarra"),
    "pt": ("Toco violão todo fim de semana desde a escola.",
           "Agora só violoncelo, todas as noites meia hora.", "violão"),
    "nl": ("Ik speel elk weekend piano, al sinds de lagere school.",
           "Tegenwoordig alleen nog cello, elke avond een half uur.", "piano"),
}


@pytest.mark.parametrize("lang", sorted(ONLY_THIS_INSTRUMENT_NOW))
def test_only_another_instrument_now_ends_the_old_one(lang: str) -> None:
    before, after, old = ONLY_THIS_INSTRUMENT_NOW[lang]
    with said_a_day_apart(before, after, start=_MAY, user_id="ines", lang=lang,
                          days=30) as memory:
        now = [(f.predicate, f.text) for f in memory.facts.list(user_id="ines")]
        then = [f.text for f in memory.facts.list(user_id="ines", as_of=_MAY + timedelta(days=15),
                                                   mode="true")]
    assert not any(old in text.casefold() for _, text in now), now
    assert [p for p, _ in now] == ["hobby"], now  # a pastime, not a drink or a routine
    assert any(old in text.casefold() for text in then), then


def test_an_italian_piano_is_no_instrument() -> None:
    """"piano piano" (slowly) names no instrument: the way to work stays a way to work."""
    with said_a_day_apart("Vado al lavoro in macchina.",
                          "Adesso vado anche in bici, ma piano piano.",
                          start=_MAY, user_id="ines", lang="it") as memory:
        now = [f.predicate for f in memory.facts.list(user_id="ines")]
    assert now == ["commutes", "commutes"], now
