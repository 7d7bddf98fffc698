"""How long it takes to get to a place, said without a verb of living ("on the A61 it's a
quick hop down to Leeds, twenty minutes", "de metro até ao Porto são quinze minutos",
"从新家的阳台坐地铁到国贸四十分钟"), is how far that place is from home, not the home: it
must not end the home held. Sentences written for these tests; each FAR case ended the home
before this change (the remark was read as the new home). A home said with a verb of
living and how far something is ("we live in Otley now, twenty minutes from Leeds") is
still a home.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

FAR = {
    "en": ("We moved to Harrogate last month.",
           "on the A61 it's a quick hop down to Leeds, twenty minutes", "harrogate", "leeds"),
    "es": ("Nos mudamos a Getafe el mes pasado.",
           "desde el balcón nuevo se ve todo, y por la autovía son veinte minutos hasta Madrid",
           "getafe", "madrid"),
    "fr": ("On vient d'emménager à Villeurbanne.",
           "par le tram c'est à deux pas de Lyon, quinze minutes", "villeurbanne", "lyon"),
    "pt": ("Moro em Matosinhos desde maio.", "de metro até ao Porto são quinze minutos",
           "matosinhos", "porto"),
    "nl": ("We wonen sinds kort in Zeist.",
           "met de bus zit je in twintig minuten in Utrecht centrum", "zeist", "utrecht"),
    "zh": ("我们上个月搬到了昌平。", "从新家的阳台坐地铁到国贸四十分钟", "昌平", "国贸"),
}


@pytest.mark.parametrize("lang", sorted(FAR))
def test_how_far_a_place_is_leaves_the_home(lang: str) -> None:
    home, remark, place, far = FAR[lang]
    with said_a_day_apart(home, remark, start=_MARCH, user_id=lang) as memory:
        current = [f.text.casefold() for f in memory.facts.list(user_id=lang)]
        assert any(place in text and far not in text for text in current), current
        assert not [text for text in current if far in text and "(home)" in text]


def test_a_home_said_with_how_far_something_is_is_still_a_home() -> None:
    with said_a_day_apart("I live in Harrogate.",
                          "We live in Otley now, twenty minutes from Leeds.",
                          start=_MARCH, user_id="otley") as memory:
        current = [f.text for f in memory.facts.list(user_id="otley")]
        assert any("Otley" in text for text in current)
        assert not any("Harrogate" in text for text in current)
