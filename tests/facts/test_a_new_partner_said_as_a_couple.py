"""A new partner said as a couple with the user ("Deniz und ick sind zusammen", "Pablo y yo
estamos juntos", "我和阿杰在一起了"): the one named first in "X and I" is the partner now, and
the partner held before, under whatever word ("my girlfriend Lucy", "mon copain Julien"),
ends with what was said of them under it. "X and I are together in Paris" is no couple, and
a breakup in dialect ("Schluss jemacht") is a breakup. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 18, 0, tzinfo=UTC)

COUPLES = {
    "en": ("My girlfriend Lucy is lovely, she bakes.",
           "Big news: Tom and I are together now, three weeks officially.", "lucy", "tom"),
    "de": ("Mein Freund Marvin kocht total gern.",
           "Kurzes Update: Deniz und ick sind zusammen 🥰 seit zwee Wochen.", "marvin", "deniz"),
    "fr": ("Mon copain Julien est adorable.", "Hugo et moi, on est ensemble maintenant.",
           "julien", "hugo"),
    "es": ("Mi novia es Lucía, trabaja en un banco.",
           "Por cierto, Pablo y yo estamos juntos ahora.", "lucía", "pablo"),
    "it": ("Il mio ragazzo è Marco, fa il cuoco.", "Novità: io e Luca stiamo insieme da sabato.",
           "marco", "luca"),
    "pt": ("O meu namorado é o Rui, ele é enfermeiro.",
           "Novidade: eu e o Tiago estamos juntos agora.", "rui", "tiago"),
    "nl": ("Mijn vriend Bram is lief.", "Daan en ik zijn nu samen, echt waar.", "bram", "daan"),
    "zh": ("我男朋友叫小王。", "我和阿杰在一起了，他人很好。", "小王", "阿杰"),
}


def _said(*turns: str, lang: str) -> tuple[list[str], list[str]]:
    """The facts current after the turns, and those true the day after the first."""
    with said_a_day_apart(*turns, start=_MAY, user_id="ida", lang=lang, days=10) as memory:
        now = [f.text.casefold() for f in memory.facts.list(user_id="ida")]
        then = [f.text.casefold() for f in memory.facts.list(
            user_id="ida", as_of=_MAY + timedelta(days=2), mode="true")]
    return now, then


@pytest.mark.parametrize("lang", sorted(COUPLES))
def test_the_one_said_as_a_couple_is_the_partner_now(lang: str) -> None:
    before, after, old, new = COUPLES[lang]
    now, then = _said(before, after, lang=lang)
    assert [t for t in now if new in t and "partner" in t], now
    assert not [t for t in now if old in t], now
    assert [t for t in then if old in t], then


def test_together_somewhere_is_no_couple() -> None:
    now, _ = _said("My girlfriend Lucy is lovely.",
                   "Tom and I are together in Paris this week for work.", lang="en")
    assert [t for t in now if "girlfriend is lucy" in t], now
    assert not [t for t in now if "partner is tom" in t], now


def test_a_breakup_in_dialect_is_history() -> None:
    now, _ = _said("Marvin lacht mich eh aus, mein Freund Marvin.",
                   "Vorgestern hab ick mit Marvin Schluss jemacht. Nach fünf Jahren.", lang="de")
    assert not [t for t in now if "marvin" in t], now
