"""A new employer said as a change ("first week at Riverside Smiles done", "seit Montag bin ich
bei der Charité") ends what the user said of the old job's day to day: the work itself ("the
4am starts are killing me") and the way there ("the 38 bus to the depot was late again").
Those remarks were about the job before; they named no employer, so nothing ended them, and
a question about the user's work now heard them. A remark that names the new employer stays,
and so does everything when the employer is only said, not said as new. Sentences written
for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_APRIL = datetime(2026, 4, 6, 8, 0, tzinfo=UTC)

CASES = {
    "en": ("the 38 bus to the depot was late again, 50 minutes standing",
           "first week at Riverside Smiles done, the team is lovely", "38 bus"),
    "es": ("el problema es que salgo a las 7 y el colectivo 60 tarda una hora",
           "Primera semana terminada en Seguros Ocaso, todos muy majos", "colectivo 60"),
    "pt": ("o trem das 5h40 pra fábrica tá sempre lotado",
           "primeira semana na Padaria Estrela feita, amei", "trem das 5h40"),
    # a workplace's name in Chinese has no capital: it is a small part of its clause
    "zh": ("每天挤一个半小时的地铁去公司，累死了", "这周是我在云帆的第一周，好紧张", "地铁"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_new_employer_ends_the_way_to_the_old_job(lang: str) -> None:
    old, new, gone = CASES[lang]
    assert any(gone in f for f in current_facts(old, start=_APRIL, lang=lang, days=20))
    facts = current_facts(old, new, start=_APRIL, lang=lang, days=20)
    assert not any(gone in f for f in facts), facts
    assert any("works at" in f for f in facts), facts


def test_the_employer_only_said_ends_nothing() -> None:
    facts = current_facts("the 38 bus to the depot was late again, 50 minutes standing",
                          "I work at Riverside Smiles.", start=_APRIL, lang="en", days=20)
    assert any("38 bus" in f for f in facts), facts
