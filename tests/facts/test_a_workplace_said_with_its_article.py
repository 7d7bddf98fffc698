"""A job named with its workplace after a preposition that holds the article ("Elektriker
beim Stadtwerk Ulm", "camarera del Bar Pepe") names that workplace, so a new employer ends
it as it ends "a data analyst at Spotify". And a remark on the job that names the
workplace held by a word of its name ("erster Tag im Werk in Zuffenhausen", then "Im Werk
hab ich jetzt Frühschicht") is the same job, not a new employer that ends it. Sentences
written for these tests; each case failed before this change.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

CONTRACTED = {
    "de": ("Ich arbeite als Elektriker beim Stadtwerk Ulm.",
           "Ich habe letzte Woche bei Liebherr angefangen.", "stadtwerk"),
    "es": ("Soy camarera del Bar Pepe.", "Empecé en Mercadona el lunes.", "pepe"),
}


@pytest.mark.parametrize("lang", sorted(CONTRACTED))
def test_a_new_employer_ends_the_job_at_a_workplace_said_with_its_article(lang: str) -> None:
    job, started, old = CONTRACTED[lang]
    with said_a_day_apart(job, started, start=_MARCH, user_id=lang) as memory:
        assert any(old in f.text.casefold() for f in memory.facts.history(user_id=lang))
        assert not [f.text for f in memory.facts.list(user_id=lang)
                    if old in f.text.casefold()]


SAME_PLACE = (
    ("Vorgestern war mein erster Tag im Werk in Zuffenhausen.",
     "Im Werk hab ich jetzt Frühschicht, um halb sechs geht's los."),
    ("Letzte Woche war mein erster Tag im Lager in Kornwestheim.",
     "Im Lager hab ich jetzt Spätschicht, dafür kann ich morgens im Garten arbeiten."),
)


@pytest.mark.parametrize("turns", SAME_PLACE, ids=("werk", "lager"))
def test_a_remark_on_the_workplace_held_leaves_it(turns: tuple[str, str]) -> None:
    with said_a_day_apart(*turns, start=_MARCH, user_id="same") as memory:
        history = memory.facts.history(user_id="same")
        assert history
        assert all(f.status == "active" for f in history), [(f.status, f.text) for f in history]
