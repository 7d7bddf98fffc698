"""A job said by where in the workplace the user stands ("I'm behind the bar at the Crown",
"je bosse à l'accueil de la Mutualité", "sono alla cassa del Conad"), a
first stretch said as a role at a place in Chinese ("图书馆管理员第一天") or as the first few
days at a kind of workplace written as one German word ("die ersten drei Tage an der
Grundschule Hutthurm") is a workplace, and a new one ends the job held before, also one held
on weekdays. A first week at the seaside is none. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

NEW_JOBS = {
    "en": ("I'm behind the bar at the Crown most evenings, tips are decent.",
           "The first two weeks at Halden Foods flew by, the canteen is amazing.",
           "halden foods", "crown"),
    "zh": ("我在县医院做护士，天天三班倒", "图书馆管理员第一天，同事都很好", "图书馆", "县医院"),
    "de": ("Unter der Woche arbeite ich in der Kanzlei Brandl in Passau.",
           "Die ersten drei Tage an der Grundschule Hutthurm sind geschafft!",
           "grundschule hutthurm", "brandl"),
}


@pytest.mark.parametrize("lang", sorted(NEW_JOBS))
def test_a_new_workplace_ends_the_one_held_before(lang: str) -> None:
    before, first_days, new, old = NEW_JOBS[lang]
    now = current_facts(before, first_days, start=_MAY, lang=lang, days=30)
    assert [t for t in now if t.startswith("the user works at") and new in t], now
    assert not [t for t in now if old in t], now


STATIONS = {
    "en": ("I'm on the reception at the Hotel Riviera in Sliema.", "hotel riviera"),
    "fr": ("Je bosse à l'accueil de la Mutualité toute la semaine.", "mutualité"),
    "it": ("Sono alla cassa del Conad di Borgo Panigale da due anni.", "conad"),
    "de": ("Ich sitze an der Kasse vom Edeka in Pasing.", "edeka"),
    "es": ("Trabajo en la recepción del Hotel Miramar.", "hotel miramar"),
    "pt": ("Trabalho na recepção do Hotel Atlântico.", "hotel atlântico"),
    "nl": ("Ik sta bij de balie van het Rijksmuseum.", "rijksmuseum"),
}


@pytest.mark.parametrize("lang", sorted(STATIONS))
def test_where_one_stands_at_a_named_place_is_the_workplace(lang: str) -> None:
    said, place = STATIONS[lang]
    now = current_facts(said, start=_MAY, lang=lang, days=1)
    assert [t for t in now if t.startswith("the user works at") and place in t], now


def test_being_on_the_phone_is_no_workplace() -> None:
    now = current_facts("I'm on the phone with my mum at the moment.", start=_MAY, lang="en",
                        days=1)
    assert not [t for t in now if t.startswith("the user works at")], now


def test_a_first_week_at_the_seaside_is_no_workplace() -> None:
    now = current_facts("Ich arbeite bei Zeiss in Jena.",
                        "Die erste Woche an der Nordsee war windig.", start=_MAY, lang="de",
                        days=30)
    assert "the user works at zeiss" in now, now
    assert not [t for t in now if t.startswith("the user works at") and "nordsee" in t], now


def test_a_workplace_said_beside_the_way_home_is_not_held_at_home() -> None:
    now = current_facts("I work the front desk at the Coral Reef Hotel in Speightstown, 7 to 3, "
                        "and it's an hour on the van home to Bathsheba.",
                        "First week at Combermere School done!", start=_MAY, lang="en",
                        days=30)
    assert "the user works at combermere school" in now, now
    assert not [t for t in now if "coral reef" in t], now


def test_a_station_of_a_place_named_by_its_kind_and_town() -> None:
    now = current_facts("Lavoro come commessa da Sport Vallée, il negozio in centro.",
                        "Sono alla biglietteria della funicolare di Bergamo da lunedì, bellissimo.",
                        start=_MAY, lang="it", days=30)
    assert "the user works at funicolare di bergamo" in [t.split(" (since")[0] for t in now], now
    assert not [t for t in now if "sport vallée" in t], now


def test_an_evening_at_the_bar_is_no_workplace() -> None:
    now = current_facts("Friday night a game of dominoes at the bar in Flankers with my uncle, "
                        "every week rain or shine.", start=_MAY, lang="en", days=1)
    assert not [t for t in now if t.startswith("the user works at")], now
