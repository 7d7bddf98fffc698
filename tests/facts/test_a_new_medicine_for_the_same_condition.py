"""A new medicine for the same condition replaces the old one: "now I'm on amlodipine" ends
"I take lisinopril for my blood pressure" (history keeps it), in every language; a short
"ora prendo l'amlodipina" is a health fact, not a fragment nor a drink.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts import one_at_a_time

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

SWITCHED = {
    "en": ("I take lisinopril every morning for my blood pressure.",
           "Switched to amlodipine last week, no more cough.", "lisinopril", "amlodipine"),
    "de": ("Gegen den hohen Blutdruck nehme ich seit Jahren Ramipril.",
           "Jetzt nehme ich Amlodipin, davon huste ich nicht.", "ramipril", "amlodipin"),
    "fr": ("Je prends du propranolol pour prévenir mes migraines.",
           "Depuis lundi c'est topiramate, une fois par jour.", "propranolol", "topiramate"),
    "es": ("Tomo enalapril para la tensión.",
           "Desde el lunes tomo amlodipino.", "enalapril", "amlodipino"),
    "it": ("Prendo il ramipril per la pressione alta, una compressa al giorno.",
           "Ora prendo l'amlodipina.", "ramipril", "amlodipina"),
    "pt": ("Tomo losartan para a pressão.",
           "Desde segunda tomo amlodipina.", "losartan", "amlodipina"),
    "nl": ("Ik neem ramipril voor mijn bloeddruk.",
           "Nu neem ik amlodipine.", "ramipril", "amlodipine"),
    "zh": ("我一直吃雷米普利降血压。",
           "现在改吃氨氯地平了。", "雷米普利", "氨氯地平"),
}


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="rosa", lang=lang, days=10) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="rosa")]


@pytest.mark.parametrize("lang", sorted(SWITCHED))
def test_a_new_medicine_ends_the_old_one(lang: str) -> None:
    before, after, old, new = SWITCHED[lang]
    facts = _facts(before, after, lang=lang)
    assert [t for s, t in facts if s == "active" and new in t], facts
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "superseded" and old in t], facts  # kept in history


def test_medicines_are_kinds_in_the_health_slot() -> None:
    assert one_at_a_time.medicine_named("ora prendo l'amlodipina")
    assert not one_at_a_time.medicine_named("mi sono comprata un Galaxy")
    assert not one_at_a_time.tech_said("现在改吃氨氯地平了", "zh")
    assert one_at_a_time.tech_said("Das Fairphone ist da", "de")
