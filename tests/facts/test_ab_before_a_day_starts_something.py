"""German "ab" says a start only before a time ("ab Montag", "ab dem 1. März", "ab 15. Mai",
"ab sofort"), not in "ab und zu" (now and then): "ich jogge ab und zu" is a habit said loosely,
no change that ends the habits said before it. Sentences written for these tests.
"""

from __future__ import annotations

import pytest

from lucidmem.facts.cue_lexicon import has_cue


@pytest.mark.parametrize("said", [
    "ab Montag arbeite ich bei Bosch",
    "ab dem 1. März wohne ich in Graz",
    "ab 15. Mai wohne ich in Linz",
    "ab nächster Woche fahr ich mit dem Rad",
    "ab sofort kein Zucker mehr",
])
def test_ab_before_a_time_is_a_start(said: str) -> None:
    assert has_cue("start", "de", said)


@pytest.mark.parametrize("said", [
    "ich jogge ab und zu am Kanal",
    "ab und an geh ich schwimmen",
    "ab 7 Uhr bin ich wach",
])
def test_ab_without_a_day_is_no_start(said: str) -> None:
    assert not has_cue("start", "de", said)
