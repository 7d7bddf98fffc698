"""A habit counted per day or week that is lowered (or raised) without saying again what is
counted ("I smoke a pack a day" … "I'm down to 8 a day with the gum", "sono sceso a 8 al
giorno"): the new count is the habit now and ends the count held before for the same
period; a day between the two still answers the old count. Sentences written for these
tests; nl-2 (the same count word said again) was read right before this change and stays as
a guard.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from .conftest import said_a_day_apart

_JUNE = datetime(2026, 6, 1, 19, 0, tzinfo=UTC)

LOWERED = {
    "en-1": ("I smoke a pack a day, it's bad.",
             "Good news: I'm down to 8 a day with the gum.", "pack"),
    "en-2": ("I drink about 6 coffees a day at work.",
             "Cut down to 2 a day this month.", "6 coffees"),
    "de-1": ("Ich rauche gerade eine Schachtel am Tag.",
             "Update: bin runter auf 8 am Tag mit den Pflastern.", "schachtel"),
    "de-2": ("Ich trinke 5 Espresso am Tag im Büro.",
             "Hab auf 2 am Tag reduziert.", "5 espresso"),
    "fr-1": ("Je fume un paquet par jour en ce moment.",
             "Bonne nouvelle : je suis descendu à 8 par jour avec les patchs.", "paquet"),
    "fr-2": ("Je bois 5 cafés par jour au bureau.",
             "Je suis passée à 2 par jour ce mois-ci.", "5 cafés"),
    "es-1": ("Fumo una cajetilla al día ahora mismo.",
             "Buenas noticias: bajé a 8 al día con los parches.", "cajetilla"),
    "es-2": ("Tomo 5 cafés al día en la oficina.",
             "He bajado a 2 al día este mes.", "5 cafés"),
    "it-1": ("In questo periodo fumo un pacchetto al giorno.",
             "Novità: sono sceso a 8 al giorno con i cerotti.", "pacchetto"),
    "it-2": ("Bevo 5 caffè al giorno in ufficio.",
             "Ho ridotto a 2 al giorno questo mese.", "5 caffè"),
    "pt-1": ("Neste momento fumo um maço por dia.",
             "Com os adesivos baixei para 8 por dia.", "maço"),
    "pt-2": ("Bebo 5 cafés por dia no escritório.",
             "Agora reduzi para 2 por dia.", "5 cafés"),
    "nl-1": ("Ik rook op dit moment een pakje per dag.",
             "Met de pleisters ben ik teruggegaan naar 8 per dag.", "pakje"),
    "nl-2": ("Ik drink 5 koffie per dag op het werk.",
             "Ik drink er nu nog maar 2 per dag.", "5 koffie"),
    "zh-1": ("我现在每天抽一包烟。", "好消息：用了戒烟贴，现在减到每天8根了。", "一包"),
    "zh-2": ("我在公司每天喝5杯咖啡。", "这个月降到每天2杯了。", "5杯"),
}


@pytest.mark.parametrize("case", sorted(LOWERED))
def test_a_lowered_count_ends_the_count_before(case: str) -> None:
    before, after, old = LOWERED[case]
    with said_a_day_apart(before, after, start=_JUNE, user_id="piet", lang=case[:2],
                          days=30) as memory:
        now = [f.text.casefold() for f in memory.facts.list(user_id="piet")]
        then = [f.text.casefold() for f in memory.facts.list(
            user_id="piet", as_of=_JUNE + timedelta(days=10), mode="true")]
    assert any(old in text for text in then), then
    assert not any(old in text for text in now), now
