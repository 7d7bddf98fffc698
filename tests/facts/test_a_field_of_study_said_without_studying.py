"""A field of study said without a word of studying ("faço enfermagem à noite", "ik doe
verpleegkunde", "我在读护理学") is the user's studies, so a new field said with how long it
has been attended ("Primeiro mês na odontologia", "Mijn eerste maand tandheelkunde zit
erop", "转到口腔医学第一个月了") ends it, as a new school ends the old one. Sentences written
for these tests; each case kept the old field current before this change.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

FIELDS = {
    "pt": ("faço enfermagem à noite e de dia trabalho numa loja de roupa.",
           "Primeiro mês na odontologia e estou adorando.", "enfermagem"),
    "nl": ("ik doe verpleegkunde in de avond.",
           "Mijn eerste maand tandheelkunde zit erop.", "verpleegkunde"),
    "de": ("ich mach Pflegewissenschaft am Abend.",
           "Mein erster Monat Zahnmedizin ist geschafft.", "pflegewissenschaft"),
    "en": ("I'm doing a nursing degree at Salford.",
           "First month of dentistry done and I love it.", "nursing"),
    "zh": ("我在读护理学，晚上上课。", "转到口腔医学第一个月了，挺喜欢的。", "护理学"),
}


@pytest.mark.parametrize("lang", sorted(FIELDS))
def test_a_new_field_of_study_ends_the_old_one(lang: str) -> None:
    old, new, field = FIELDS[lang]
    with said_a_day_apart(old, new, start=_MARCH, user_id=lang) as memory:
        assert any(field in f.text.casefold() for f in memory.facts.history(user_id=lang))
        assert not [f.text for f in memory.facts.list(user_id=lang)
                    if field in f.text.casefold()]
