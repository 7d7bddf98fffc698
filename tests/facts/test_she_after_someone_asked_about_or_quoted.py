"""A clause that yields no fact — a question, or someone else's words — still brings up who
"she" or "he" is next: the one whose words it reports ("Wanjiru reckons I work too much.
she runs a bakery"), else the last name it says ("cena con Ottavio stasera? lui lavora in
banca"), never a city named the turn before. Sentences written for these tests; before this
change each fact was said of the city.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

THE_CITY_THEN_SOMEONE = {
    "en": ("long shift today, the whole of Sheffield was stuck in traffic",
           "Wanjiru reckons I work too much. she runs a bakery in Hillsborough",
           "Sheffield", "Wanjiru"),
    "es": ("vaya día, todo Bilbao estaba en la calle",
           "Itziar dice que trabajo demasiado. ella lleva una panadería en Deusto",
           "Bilbao", "Itziar"),
    "it": ("che giornata, tutta Torino era in strada",
           "cena con Ottavio stasera? lui lavora in banca a Moncalieri", "Torino", "Ottavio"),
    "nl": ("wat een dag, heel Utrecht stond vast",
           "Femke zegt dat ik te hard werk. ze heeft een bakkerij in Zeist", "Utrecht", "Femke"),
    "pt": ("que dia, Lisboa inteira parada no trânsito",
           "a Leonor diz que eu trabalho demais. ela tem uma padaria em Almada",
           "Lisboa", "Leonor"),
}


@pytest.mark.parametrize("case", sorted(THE_CITY_THEN_SOMEONE))
def test_she_is_the_one_brought_up_not_the_city(case: str) -> None:
    first, second, city, person = THE_CITY_THEN_SOMEONE[case]
    with said_a_day_apart(first, second, start=_START, user_id=case) as memory:
        texts = [f.text for f in memory.facts.list(user_id=case)]
        assert not any(text.startswith(city) for text in texts), texts
        assert any(text.startswith(person) for text in texts), texts
