"""Talk of the weather is no fact about anyone.

"It's 31 degrees and the tram is an oven", "Het regent pijpenstelen", "今天三十五度，外面热死了":
the weather of the day the user writes passes, and was stored as a remark in the user's
name ("The user (project): it's 31 degrees …"). Said with the user in it, or as what the
weather sets off ("I cycle to the office even when it's pouring", "Quando piove vado in
ufficio in autobus"), it is a habit and stays. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.moments import weather_talk

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

WEATHER = {
    "en": "It's 31 degrees and the tram is an oven.",
    "de": "Es schüttet seit heute früh, der Rhein ist ganz grau.",
    "fr": "Il fait un froid de canard ce matin sur le port.",
    "es": "Qué calor, 38 grados y ni una sombra en la plaza.",
    "it": "C'è una nebbia che non si vede niente, 2 gradi.",
    "pt": "Tá chovendo desde cedo, a rua virou rio.",
    "nl": "Het regent pijpenstelen en de fietsenstalling staat blank.",
    "zh": "今天三十五度，外面热死了，马路都在冒烟。",
}


@pytest.mark.parametrize("lang", sorted(WEATHER))
def test_the_days_weather_is_no_fact(lang: str) -> None:
    assert current_facts(WEATHER[lang], start=_MAY, lang=lang, days=1) == []


@pytest.mark.parametrize(("said", "lang", "kept"), [
    ("I cycle to the office even when it's pouring.", "en", "cycle"),
    ("Quando piove vado in ufficio in autobus.", "it", "autobus"),
    ("Quando chove vou de metrô para o trabalho.", "pt", "metrô"),
    ("Bei 30 Grad gehe ich jeden Abend im Rhein schwimmen.", "de", "schwimmen"),
])
def test_a_habit_the_weather_sets_off_stays(said: str, lang: str, kept: str) -> None:
    facts = current_facts(said, start=_MAY, lang=lang, days=1)
    assert any(kept in f for f in facts), facts


@pytest.mark.parametrize(("text", "lang", "weather"), [
    ("it's 19 degrees and the lake is steaming", "en", True),
    ("oxe, hj tá um calor arretado, 33 graus", "pt", True),
    ("台北梅雨季真的好舒服喔", "zh", True),  # the rainy season, said as the day's weather
    ("I can't stand the heat", "en", False),  # a dislike: no weather said, a noun
    ("no aguanto el calor", "es", False),
    ("it rains every weekend here", "en", False),  # a habit of the place
    ("when it's humid my asthma flares up", "en", False),
    ("quando piove vado in autobus", "it", False),
    ("we're in a third-degree burns unit", "en", False),
])
def test_what_counts_as_weather_talk(text: str, lang: str, weather: bool) -> None:
    assert weather_talk(text, lang) is weather
