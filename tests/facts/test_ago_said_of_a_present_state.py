"""Spanish "hace" and Portuguese "há" say both "ago" and "for": "compré la Vespa hace ocho
años" (bought it eight years ago) but "tengo la Vespa hace ocho años" (have had it for eight
years). With a verb of a present state and no past tense in the clause, the time is how long
the state has held: the fact says "since <date>" and holds from then, where it had read as
an event on that day ("Tengo la Vespa on 2 March 2018"). A past tense keeps "on", and
"desde hace" (a since already) is not said twice. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

HELD_FOR = {
    "es": ("Tengo la Vespa hace ocho años y todavía arranca a la primera.", "vespa", 2018),
    "pt": ("Tenho a minha bicicleta há cinco anos e ainda anda bem.", "bicicleta", 2021),
}


@pytest.mark.parametrize("lang", sorted(HELD_FOR))
def test_ago_with_a_present_state_is_how_long_it_has_held(lang: str) -> None:
    said, value, year = HELD_FOR[lang]
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        [fact] = [f for f in memory.facts.list(user_id=lang) if value in f.text.casefold()]
        assert f"since 2 March {year}" in fact.text, fact.text
        assert " on 2 March" not in fact.text
        assert fact.valid_from.year == year and fact.valid_to is None


@pytest.mark.parametrize(("lang", "said", "value"), [
    ("es", "Compré la Vespa hace ocho años en Valencia.", "vespa"),
    ("pt", "Comprei a bicicleta há cinco anos, em Braga.", "bicicleta"),
])
def test_ago_with_a_past_tense_stays_a_day(lang: str, said: str, value: str) -> None:
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        facts = [f for f in memory.facts.list(user_id=lang) if value in f.text.casefold()]
        assert facts and all("since" not in f.text for f in facts), [f.text for f in facts]


def test_desde_hace_is_one_since() -> None:
    with said_a_day_apart("Tengo la Vespa desde hace ocho años.", start=_DAY,
                          user_id="es-desde", lang="es") as memory:
        [fact] = [f for f in memory.facts.list(user_id="es-desde") if "vespa" in f.text.casefold()]
        assert "since" not in fact.text and "desde 2 March 2018" in fact.text, fact.text
