"""Italian "dal" says a start only before a time ("dal mese scorso suono nell'orchestrina", "dal
3 marzo lavoro a Torino", "da settembre faccio yoga"), not before a place ("dal giardino non
vedo il cancello", "dal parrucchiere mi sono annoiata"): a remark about the fog seen from the
garden is no new pastime that ends the orchestra one.

Bare "dal" was a start word, so such a remark was read as a change and ended the habit of its
slot said before it. Sentences written for these tests.
"""

from __future__ import annotations

import pytest

from lucidmem.facts.cue_lexicon import has_cue


@pytest.mark.parametrize("said", [
    "e dal mese scorso suono nell'orchestrina del paese",
    "dal 3 marzo lavoro a Torino",
    "da settembre faccio yoga il martedì",
    "dal prossimo lunedì prendo il treno delle 7",
])
def test_dal_before_a_time_is_a_start(said: str) -> None:
    assert has_cue("start", "it", said)


@pytest.mark.parametrize("said", [
    "oggi nebbia vera, dal giardino non vedo neanche il cancello",
    "dal parrucchiere oggi mi sono annoiata a morte",
    "torno adesso dal medico, tutto a posto",
])
def test_dal_before_a_place_is_no_start(said: str) -> None:
    assert not has_cue("start", "it", said)
