"""A thing of a kind held one at a time that is stolen or lost is no longer held: "somebody
stole my bike" ends "the brakes on my Gazelle squeal", whoever the clause's subject is (the
thief, "somebody", a day word read as one). Every language; sentences written for these
tests. Each STOLEN case kept the old bike current before this change (its brand was not
known as a bike's, or the theft ended nothing); a bike stolen from someone else ends nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

STOLEN = {
    "en": ("The brakes on my Gazelle squeal every morning, that bike is older than my car.",
           "Somebody stole my bike from the station yesterday, cut right through the lock.",
           "gazelle"),
    "de": ("Mein altes Fahrrad von Gazelle quietscht bei jedem Bremsen.",
           "Gestern wurde mir am Bahnhof das Fahrrad geklaut.", "gazelle"),
    "fr": ("Mon vélo Gazelle grince à chaque freinage, il a vingt ans.",
           "Hier on m'a volé mon vélo devant la gare.", "gazelle"),
    "es": ("Mi bici Trek chirría cada vez que freno.",
           "Ayer me robaron la bici delante de la estación.", "trek"),
    "it": ("La mia bici Bianchi cigola ogni volta che freno.",
           "Ieri mi hanno rubato la bici davanti alla stazione.", "bianchi"),
    "pt": ("A minha bicicleta Trek range toda vez que eu travo.",
           "Ontem roubaram a minha bicicleta na frente da estação.", "trek"),
    "nl": ("Mijn Gazelle fiets piept bij elke keer remmen.",
           "Gisteren is mijn fiets gestolen bij het station.", "gazelle"),
    "zh": ("我那辆捷安特一刹车就吱吱响。", "昨天我的自行车在地铁站门口被偷了。", "捷安特"),
}


@pytest.mark.parametrize("lang", sorted(STOLEN))
def test_a_stolen_bike_ends_the_bike_held(lang: str) -> None:
    held, stolen, brand = STOLEN[lang]
    with said_a_day_apart(held, stolen, start=_MARCH, user_id=lang) as memory:
        assert any(brand in f.text.casefold() for f in memory.facts.history(user_id=lang))
        assert not [f.text for f in memory.facts.list(user_id=lang)
                    if brand in f.text.casefold()]


THIEF_NAMED = {
    "en": ("The chain of my Cube came off on the way home again, that bike hates me.",
           "Some idiot pinched my bike outside the gym last night.", "cube"),
    "de": ("Mein Fahrrad von Cube quietscht auf dem Heimweg bei jeder Kurve.",
           "Irgendein Typ hat mir gestern das Fahrrad vor dem Kino geklaut.", "cube"),
    "it": ("La catena della mia bici Bianchi salta sempre sulla strada di casa.",
           "Un tizio mi ha fregato la bici davanti alla palestra.", "bianchi"),
}


@pytest.mark.parametrize("lang", sorted(THIEF_NAMED))
def test_a_bike_stolen_by_someone_named_ends_it_in_every_context(lang: str) -> None:
    """The thief is the clause's subject and the old bike was said on the way home (a
    context): the user's bike is gone all the same."""
    held, stolen, brand = THIEF_NAMED[lang]
    with said_a_day_apart(held, stolen, start=_MARCH, user_id=lang) as memory:
        assert any(brand in f.text.casefold() for f in memory.facts.history(user_id=lang))
        assert not [f.text for f in memory.facts.list(user_id=lang)
                    if brand in f.text.casefold()]


def test_someone_elses_stolen_bike_leaves_the_users() -> None:
    with said_a_day_apart("The brakes on my Gazelle squeal every morning, that bike is ancient.",
                          "My neighbour's bike got stolen from the station yesterday.",
                          start=_MARCH, user_id="other") as memory:
        assert any("gazelle" in f.text.casefold() for f in memory.facts.list(user_id="other"))
