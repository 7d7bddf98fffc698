"""Going somewhere is not living there: "je pars à Rome le 5" is a trip on the 5th, and it
must not end the home the user named before. Moving house stays a new home, from its day.
Sentences written for these tests, in every language the offline extractor reads."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.facts.cue_lexicon import has_cue
from lucidmem.facts.temporal import find_temporal

_MONDAY = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)

HOME = {
    "en": "I live in Lyon.", "de": "Ich wohne in Lyon.", "fr": "J'habite à Lyon.",
    "es": "Vivo en Lyon.", "it": "Abito a Lione.", "pt": "Moro em Lyon.",
    "nl": "Ik woon in Lyon.", "zh": "我住在里昂。",
}
TRIP = {
    "en": "I fly to Rome on the 5th.", "de": "Ich fliege am 5. nach Rom.",
    "fr": "Je pars à Rome le 5.", "es": "Vuelo a Roma el día 5.",
    "it": "Vado a Roma sabato.", "pt": "Vou a Lisboa no dia 5.",
    "nl": "Ik vlieg de 5e naar Rome.", "zh": "我5号飞罗马。",
}
MOVE = {
    "en": "I'm moving to Berlin on the 5th.", "fr": "Je déménage à Berlin le 5.",
    "es": "Me mudo a Berlín el 5.", "pt": "Vou mudar para Berlim no dia 5.",
}


def _facts(turns: list[str]) -> list[tuple[str, str, str, datetime | None]]:
    """(status, predicate, text, valid_from) of every fact after ``turns``, each said a minute
    after the one before on Monday 2 November 2026."""
    clock = ManualClock(_MONDAY)
    memory = Memory(":memory:", clock=clock)
    try:
        for i, text in enumerate(turns):
            at = _MONDAY.replace(minute=i)
            clock.now = at
            memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}],
                       user_id="ida")
        return [(str(f.status), f.predicate, f.text, f.valid_from)
                for f in memory.facts.history(user_id="ida")]
    finally:
        memory.close()


@pytest.mark.parametrize("lang", sorted(TRIP))
def test_a_trip_is_an_event_and_the_home_stays(lang: str) -> None:
    facts = _facts([HOME[lang], TRIP[lang]])
    homes = [f for f in facts if f[1] == "lives_in"]
    assert len(homes) == 1 and homes[0][0].endswith("active"), facts
    assert any(f[1] in ("event", "travels_to") for f in facts), facts


@pytest.mark.parametrize("lang", sorted(MOVE))
def test_moving_house_is_a_new_home_from_its_day(lang: str) -> None:
    facts = _facts([MOVE[lang]])
    homes = [f for f in facts if f[1] == "lives_in"]
    assert len(homes) == 1, facts
    assert homes[0][3] is not None and homes[0][3].date().isoformat() == "2026-11-05", facts


def test_el_dia_5_is_the_fifth() -> None:
    found = find_temporal("Vuelo a Roma el día 5.", _MONDAY)
    assert found is not None and found.start is not None
    assert found.start.date().isoformat() == "2026-11-05"


@pytest.mark.parametrize("text", ["Vado a Roma sabato.", "Vuelo mañana a Roma."])
def test_a_verb_first_is_not_a_name(text: str) -> None:
    facts = _facts([text])
    assert facts and all(f[2].startswith("The user") for f in facts), facts


@pytest.mark.parametrize("text", [
    "Io abito a Lione.",  # a city the slot classifier has not seen: living + a place
    "I live with my sister in Berlin.",
])
def test_a_verb_of_living_and_a_place_is_a_home(text: str) -> None:
    facts = _facts([text])
    assert [f[1] for f in facts] == ["lives_in"], facts


@pytest.mark.parametrize("text", [
    "Ho visto i Verdena dal vivo a Bologna.",  # "dal vivo": live, not "I live"
    "Vi a Rosalía en vivo en Madrid.",
    "I found a jazz bar in Kreuzberg with live trio nights on Thursdays.",
])
def test_a_show_seen_live_is_not_a_home(text: str) -> None:
    facts = _facts([text])
    assert not [f for f in facts if f[1] == "lives_in"], facts


@pytest.mark.parametrize(("cue", "lang", "text"), [
    ("trip", "pt", "a partir de maio fico em Coimbra"),  # from May on, no departure
    ("trip", "fr", "à partir de mai je reste à Genève"),
    ("trip", "it", "a partire da maggio resto a Torino"),
    ("dwelling", "pt", "mudei de emprego, agora estou na Natura"),  # "mudar de": to change
    ("dwelling", "es", "quiero mudar de trabajo"),
])
def test_words_that_only_look_like_a_trip_or_a_move(cue: str, lang: str, text: str) -> None:
    assert not has_cue(cue, lang, text)
    assert has_cue("trip", "fr", "je pars à Rome")
    assert has_cue("dwelling", "pt", "mudei-me para o Porto")
