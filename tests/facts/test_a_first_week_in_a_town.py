"""A first week in a town, said with the bare "in" / "à" a town takes, is no workplace: "first
week in Lisbon for the conference" leaves the job held alone and stores no "works at Lisbon".
A business after the same word ("first week in Harbour Foods"), a first week "at" a place and
the first days in a town with its new flat stay what they were. In Chinese, where the town comes
before its first days ("到成都第一周"), the first week there with the landlord is a move, and with
a meeting none. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_JUNE = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)

TRIPS = {
    "en": ("I work at Farfetch in the data team.",
           "first week in Lisbon for the conference, my feet are dead", "farfetch", "lisbon"),
    "fr": ("Je travaille chez Decathlon depuis trois ans.",
           "première semaine à Lyon pour le salon, je suis crevée", "decathlon", "lyon"),
}


@pytest.mark.parametrize("lang", sorted(TRIPS))
def test_a_first_week_in_a_town_is_no_new_workplace(lang: str) -> None:
    job, trip, employer, town = TRIPS[lang]
    now = current_facts(job, trip, start=_JUNE, lang=lang, days=10)
    assert [t for t in now if t.startswith("the user works at") and employer in t], now
    assert not [t for t in now if t.startswith("the user works at") and town in t], now


@pytest.mark.parametrize(("said", "employer"), [
    ("first week in Harbour Foods done, my feet hurt", "harbour foods"),
    ("first week at Oakfield Dental done, my feet hurt", "oakfield dental"),
])
def test_a_business_after_a_first_week_is_still_the_workplace(said: str, employer: str) -> None:
    now = current_facts(said, start=_JUNE, lang="en", days=1)
    assert f"the user works at {employer}" in now, now


def test_a_first_week_in_a_town_with_its_new_flat_is_a_home() -> None:
    now = current_facts("first week in Leeds, the new flat is tiny and the landlord never answers",
                        start=_JUNE, lang="en", days=1)
    assert [t for t in now if t.startswith("the user") and "(home)" in t and "leeds" in t], now
    assert not [t for t in now if t.startswith("the user works at")], now


def test_the_first_week_in_a_chinese_town_with_its_landlord_is_a_move() -> None:
    now = current_facts("能帮我给房东写条消息吗？我在杭州滨江租的房子热水器又坏了",
                        "到成都第一周，房东阿姨就给我送了一袋自己做的腊肉，我该回送点什么好？",
                        start=_JUNE, lang="zh", days=40)
    assert "the user lives in 成都" in now, now
    assert not [t for t in now if "杭州" in t], now


def test_the_first_week_in_a_chinese_town_for_a_meeting_is_no_move() -> None:
    now = current_facts("到成都第一周，开会开得累死了", start=_JUNE, lang="zh", days=1)
    assert not [t for t in now if t.startswith("the user lives in")], now
