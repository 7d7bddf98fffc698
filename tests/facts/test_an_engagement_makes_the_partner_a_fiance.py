"""The user's partner who proposes, or with whom the user says "we got engaged", is their
fiancé(e) from then on: "Tariq proposed last night" after "my boyfriend Tariq"; what was said
of him as the boyfriend is said of the fiancé. Someone else's engagement changes no partner
of the user's. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "before", "after", "fiance"), [
    ("en", "My boyfriend Tariq drives a taxi in town.",
     "Tariq proposed last night on the beach!! can you help me tell my parents?",
     "the user's fiancé is tariq"),
    ("fr", "Mon copain Hugo est pompier à Annecy.",
     "Hugo m'a demandée en mariage samedi au bord du lac !", "the user's fiancé is hugo"),
    ("pt", "meu namorado caio é bombeiro", "amigaaa o caio me pediu em casamento ontem 😭💍",
     "the user's fiancé is caio"),
    ("zh", "我男朋友阿哲在台南当工程师。", "阿哲昨天向我求婚了！", "the user's fiancé is 阿哲"),
    ("zh", "我男朋友阿哲在台南当工程师。", "我跟我未婚夫阿哲想送表妹一份礼物。",
     "the user's fiancée (未婚夫) is 阿哲"),  # the relation word itself
    # "we" with no name: the one partner known
    ("en", "My girlfriend Ines loves climbing.", "We got engaged!! still can't believe it",
     "the user's fiancée is ines"),
])
def test_the_partner_becomes_the_fiance(lang: str, before: str, after: str,
                                        fiance: str) -> None:
    current = current_facts(before, after, start=_MARCH, lang=lang, days=30)
    assert fiance in current, current
    assert not any(" boyfriend " in t or " girlfriend " in t or "(copain)" in t or
                   "(namorado)" in t for t in current), current


@pytest.mark.parametrize("after", [
    "My brother Sam got engaged to Lea last weekend.",
    "Ines's sister Mara proposed to her boyfriend last night.",
])
def test_someone_elses_engagement_leaves_the_partner(after: str) -> None:
    current = current_facts("My girlfriend Ines loves climbing.", after, start=_MARCH,
                            lang="en", days=30)
    assert "the user's girlfriend is ines" in current, current
    assert not any("fiancé" in t for t in current), current
