"""A count of days or weeks said with "in" ahead of it is a day to come, not a time spent at a
workplace: "I have my knee operation in three weeks at the Freeman" is an appointment, while
"three weeks at Hearth & Rye already" is a new job. And "my mam", as people in the north of
England, Ireland and Wales say it, is the user's mother. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2025, 3, 3, 10, tzinfo=UTC)


def _current(*turns: str, lang: str | None = None) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize(("lang", "said", "place"), [
    ("en", "I have my knee operation in three weeks at the Freeman, dreading it", "Freeman"),
    ("en", "getting my wisdom teeth out within two weeks at the Riverside", "Riverside"),
    ("de", "In zwei Wochen bei Dr. Kaya, die Weisheitszähne müssen raus", "Kaya"),
    ("nl", "Over drie weken bij de Maartenskliniek voor mijn knie, spannend", "Maartenskliniek"),
    ("fr", "Dans deux semaines chez l'ophtalmo Lemaire pour mes yeux", "Lemaire"),
    ("es", "En tres semanas con la doctora Ibarra para la rodilla, qué nervios", "Ibarra"),
])
def test_a_count_ahead_of_now_at_a_place_is_no_job(lang: str, said: str, place: str) -> None:
    texts = _current(said, lang=lang)
    assert texts, "the appointment is kept"
    assert not any("works at" in t or "(employer)" in t for t in texts), texts
    assert any(place in t for t in texts), texts


@pytest.mark.parametrize(("lang", "said", "org"), [
    ("en", "three weeks at Hearth & Rye already and I still get lost in the cold room",
     "Hearth & Rye"),
    ("nl", "twee weken bij Coolblue en ik ken al iedereen", "Coolblue"),
    ("de", "Zwei Wochen bei Lanxess und schon die erste Nachtschicht", "Lanxess"),
])
def test_a_count_spent_at_a_workplace_is_still_a_job(lang: str, said: str, org: str) -> None:
    texts = _current(said, lang=lang)
    assert any(org in t and ("works at" in t or "(employer)" in t) for t in texts), texts


@pytest.mark.parametrize("said", [
    "my mam Maureen is coming up from Cork for the weekend",
    "my mammy Maureen is coming up from Cork for the weekend",
])
def test_mam_is_the_mother(said: str) -> None:
    texts = _current(said, lang="en")
    assert any(t.startswith("The user's mother") and "Maureen" in t for t in texts), texts


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "Tra due settimane dal dentista, che ansia"),
    ("it", "Fra tre giorni dal cardiologo per il controllo"),
])
def test_a_day_ahead_said_first_is_nobody_s_name(lang: str, said: str) -> None:
    texts = _current(said, lang=lang)
    assert texts and all(t.startswith("The user") for t in texts), texts
