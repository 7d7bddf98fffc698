""""Sorry, I told you Leeds but I was wrong: the appointment is in York" puts the wrong name
right in the fact that said it: the appointment keeps its kind and its day, with York for
Leeds. The clause that only names the wrong value ("sorry, I told you Leeds") is no fact of
its own, and the clause after it corrects with that value even when the classifier would call
it small talk. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday

# (language, the plan with its day and a place, the correction, wrong place, right place,
#  the day the plan is on as the fact renders it)
CASES = [
    ("en", "I have my eye test in Leeds on Thursday the 12th",
     "sorry, I told you Leeds but I was wrong: the eye test is at the clinic in York",
     "Leeds", "York", "12 March 2026"),
    ("en", "I have my eye test in Leeds on Thursday the 12th",
     "oops, I said Leeds but that was wrong, the eye test is in York",
     "Leeds", "York", "12 March 2026"),
    ("it", "il 12 marzo ho il colloquio di lavoro a Verona",
     "scusa, ti ho detto Verona ma mi sono sbagliata: il colloquio è nella sede di Brescia",
     "Verona", "Brescia", "12 March 2026"),
    ("es", "el jueves 12 tengo la entrevista de trabajo en Bilbao",
     "perdona, te dije Bilbao pero me equivoqué: la entrevista es en Vitoria",
     "Bilbao", "Vitoria", "12 March 2026"),
    ("fr", "le jeudi 12 j'ai l'entretien d'embauche à Nantes",
     "pardon, je t'ai dit Nantes mais je me suis trompé : l'entretien est à Angers",
     "Nantes", "Angers", "12 March 2026"),
]


@pytest.mark.parametrize(("lang", "plan", "correction", "wrong", "right", "day"), CASES)
def test_the_wrong_place_of_a_plan_is_put_right_and_the_plan_keeps_its_day(
        lang: str, plan: str, correction: str, wrong: str, right: str, day: str) -> None:
    with said_a_day_apart(plan, correction, start=_MARCH, user_id="ines", lang=lang) as memory:
        current = memory.facts.list(user_id="ines")
    texts = [f.text for f in current]
    assert not any(wrong in t for t in texts), texts
    put_right = [f for f in current if right in f.text]
    assert len(put_right) == 1, texts
    assert day in put_right[0].text, texts  # the plan's day, not the day of the correction
    held = put_right[0]  # it holds on that day, not from the day the correction was said
    assert held.valid_from is not None and held.valid_from.date().isoformat() == "2026-03-12"
    assert not any(f.text.endswith((": sorry", ": scusa", ": perdona", ": pardon"))
                   or "told you" in f.text for f in current), texts


def test_a_wrong_name_with_no_fact_that_says_it_keeps_the_correction_as_said() -> None:
    """Nothing held names Leeds: the correction's own sentence stands, nothing is invented."""
    with said_a_day_apart("I'm a nurse at the children's hospital",
                          "sorry, I told you Leeds but I was wrong: the hospital is in York",
                          start=_MARCH, user_id="ines", lang="en") as memory:
        texts = [f.text for f in memory.facts.list(user_id="ines")]
    assert any("nurse" in t for t in texts), texts
    assert not any("Leeds" in t for t in texts), texts
