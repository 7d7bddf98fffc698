"""A first stretch at a new workplace said with the role between ("First week on the front desk
at Yardley Road done", "erste Woche als Azubi bei Lanxess") or at a workplace of the user's
own ("primeira semana no meu atelier") is the new workplace, and the one held before ends. A
first week "on holiday at" a place is none. In Chinese the workplace whose clothes the user
wears follows the wearing ("第一周穿小米的工服" → 小米, not "第一周穿小米"). Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_APRIL = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)

NEW_PLACES = {
    "en": ("I work at Greenway Vets on reception.",
           "First week on the front desk at Yardley Road done and dusted! Me feet are killing me",
           "yardley road", "greenway"),
    "de": ("Ich arbeite bei Bosch in Feuerbach.",
           "Erste Woche als Azubi bei Lanxess geschafft, der Meister ist streng", "lanxess",
           "bosch"),
    "pt": ("Sou costureira, tenho uma banca no Mercado Central e faço vestidos por medida.",
           "Primeira semana no meu atelier! Já pus a placa na porta.", "atelier",
           "mercado central"),
}


@pytest.mark.parametrize("lang", sorted(NEW_PLACES))
def test_a_first_stretch_said_with_a_role_or_ones_own_place_is_the_new_job(lang: str) -> None:
    before, first_week, new, old = NEW_PLACES[lang]
    now = current_facts(before, first_week, start=_APRIL, lang=lang, days=30)
    assert [t for t in now if t.startswith("the user works at") and new in t], now
    assert not [t for t in now if t.startswith("the user works at") and old in t], now


def test_a_workplace_of_ones_own_reads_as_ones_own() -> None:
    now = current_facts("Primeira semana no meu atelier! Já pus a placa na porta.",
                        start=_APRIL, lang="pt", days=1)
    assert "the user works at their own atelier" in now, now


def test_a_first_week_on_holiday_is_no_workplace() -> None:
    now = current_facts("first week on holiday at Center Parcs, the kids love the pool",
                        start=_APRIL, lang="en", days=1)
    assert not [t for t in now if t.startswith("the user works at")], now


def test_the_chinese_workplace_follows_the_wearing_of_its_clothes() -> None:
    now = current_facts("第一周穿小米的工服，橙色的，丑得要死哈哈", start=_APRIL, lang="zh", days=1)
    assert "the user works at 小米" in now, now
    assert not [t for t in now if "第一周" in t and t.startswith("the user works at")], now
