"""Retractions and corrections said the way people say them: "scratch that about …",
"laisse faire …" (Québec), "lascia stare quello che ti ho detto su …", "even rechtzetten",
the Cantonese "讲错"; a day put right by asking whether it was said ("did I say … is oct 12??
it's oct 21"); why a plan was taken back ("the job fell through") is no fact; and what the
retraction goes on to say after a colon is the news of the person it named. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang, days=3) as memory:
        return [(f.status, f.text.casefold()) for f in memory.facts.history(user_id="u")]


def _current(*turns: str, lang: str) -> list[str]:
    return [text for status, text in _facts(*turns, lang=lang) if status == "active"]


@pytest.mark.parametrize(("lang", "said", "taken_back", "gone"), [
    ("en", "my sister nell got a place at uni in dundee!! so proud",
     "ok scratch that about nell and dundee, she's taking a gap year instead", "dundee"),
    ("fr", "mon chum pis moi on s'en va à punta cana en mars!!",
     "laisse faire punta cana, on a annulé", "punta cana"),
    ("it", "Mio fratello Ettore a settembre si trasferisce a Torino per lavoro.",
     "Lascia stare quello che ti ho detto su Ettore e Torino, alla fine non parte.", "torino"),
])
def test_a_retraction_said_in_everyday_words(lang: str, said: str, taken_back: str,
                                             gone: str) -> None:
    assert any(gone in t for t in _current(said, lang=lang))
    current = _current(said, taken_back, lang=lang)
    assert not any(gone in t for t in current), current


@pytest.mark.parametrize(("lang", "said", "taken_back", "reason", "gone"), [
    ("en", "my cousin ravi got a job offer in halifax!!",
     "scratch that about ravi moving to halifax, the job fell through", "fell through",
     "halifax"),
    ("nl", "We laten in mei een nieuwe badkamer plaatsen!",
     "Vergeet wat ik zei over de nieuwe badkamer. De installateur is failliet en we krijgen "
     "ons geld terug.", "failliet", "badkamer"),
])
def test_why_a_plan_was_taken_back_is_no_fact(lang: str, said: str, taken_back: str,
                                              reason: str, gone: str) -> None:
    current = _current(said, taken_back, lang=lang)
    assert not any(reason in t for t in current), current
    assert not any(gone in t for t in current), current


def test_the_news_after_a_colon_is_the_news_of_the_person_taken_back() -> None:
    current = _current("Mia sorella Ilaria a ottobre si trasferisce a Padova per il dottorato.",
                       "Lascia stare quello che ti ho detto su Ilaria e Padova: ha vinto la "
                       "borsa a Pavia e resta vicino a casa.", lang="it")
    assert not any("padova" in t for t in current), current
    pavia = [t for t in current if "pavia" in t]
    assert pavia and all("ilaria" in t or "sister" in t for t in pavia), current


@pytest.mark.parametrize(("lang", "said", "put_right", "wrong", "right"), [
    ("nl", "Mijn zus Fenna is apotheker in Zwolle.",
     "Even rechtzetten: Fenna is apothekersassistent, geen apotheker.", "in zwolle",
     "apothekersassistent"),
    ("zh", "我外母住深圳南山，下个月过来住几日。", "啊讲错，外母是住宝安，不是南山。",
     "南山", "宝安"),
])
def test_a_correction_said_in_everyday_words(lang: str, said: str, put_right: str, wrong: str,
                                             right: str) -> None:
    current = _current(said, put_right, lang=lang)
    assert not any(wrong in t for t in current), current
    assert any(right in t for t in current), current


@pytest.mark.parametrize(("said", "asked"), [
    ("my roommate tess's bday is nov 3, wanna plan something", "wait did i say tess's bday is "
     "nov 3?? its nov 30. i always mix them up"),
    ("My roommate Tess's birthday is on November 3.", "Wait, did I say Tess's birthday is "
     "November 3? It's November 30."),
])
def test_a_day_put_right_by_asking_whether_it_was_said(said: str, asked: str) -> None:
    current = _current(said, asked, lang="en")
    assert not any("3 november" in t for t in current), current
    assert any("30 november" in t for t in current), current
