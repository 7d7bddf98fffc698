"""Where someone went, put right in the same breath: "o Anderson não foi pra Joinville, foi
pra Blumenau", "Nico no se fue a Rosario, se fue a Mendoza". The value after "not went to"
is the wrong one, the statement that named it is taken back and the right one holds; "tenho
que te corrigir" opens a correction. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "first", "fix", "wrong", "right"), [
    ("pt", "novidade: o meu irmão Caio se mudou pra Londrina, arrumou emprego numa gráfica",
     "ah, tenho que te corrigir: o Caio não foi pra Londrina, foi pra Maringá! que cabeça a "
     "minha", "Londrina", "Maringá"),
    ("es", "mi hermano Nico se mudó a Rosario, consiguió laburo en un banco",
     "perdón, me equivoqué: Nico no se fue a Rosario, se fue a Mendoza", "Rosario", "Mendoza"),
])
def test_the_place_someone_went_is_put_right(lang: str, first: str, fix: str, wrong: str,
                                             right: str) -> None:
    with said_a_day_apart(first, fix, start=_DAY, user_id=lang, lang=lang) as memory:
        current = [f.text for f in memory.facts.list(user_id=lang)]
    assert any(right in text for text in current), current
    assert not any(wrong in text for text in current), current
