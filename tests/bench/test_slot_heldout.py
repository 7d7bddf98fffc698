"""``bench/slot_heldout.py``: which clauses each set scores, and what its columns count."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import slot_heldout
from lucidmem.facts.slot_training import (
    COLLOQUIAL,
    PASSING,
    examples,
    held_out,
    training_rows,
)
from lucidmem.facts.slots import NO_FACT, SlotClassifier

LANGUAGES = {"en", "de", "fr", "es", "it", "pt", "nl", "zh"}


def test_the_passing_set_is_well_formed_and_apart_from_every_other_set() -> None:
    rows = examples(PASSING)
    assert {lang for lang, _, _ in rows} == LANGUAGES
    assert {slot for _, slot, _ in rows} <= set(SlotClassifier().labels)
    remarks = [text for _, slot, text in rows if slot in NO_FACT]
    facts = [text for _, slot, text in rows if slot not in NO_FACT]
    assert len(remarks) >= 800 and len(facts) >= 1200
    texts = [text.casefold() for _, _, text in rows]
    assert len(texts) == len(set(texts))
    elsewhere = {text.casefold() for folder in (COLLOQUIAL, slot_heldout.HARD)
                 for _, _, text in examples(folder)}
    elsewhere |= {text.casefold() for _, _, text in training_rows(COLLOQUIAL, chat=True)}
    assert not [text for text in texts if text in elsewhere]


def test_passing_scores_the_held_out_half_and_counts_facts_kept(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert slot_heldout.main(["--passing"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["n", "slot", "keeps", "no-fact", "recall", "fact", "recall"]
    total = next(line.split() for line in table if line.startswith("all "))
    assert int(total[1]) == sum(held_out(text) for _, _, text in examples(PASSING))
    no_fact_recall, fact_recall = float(total[4]), float(total[5])
    assert 0.0 < no_fact_recall < 1.0 and 0.0 < fact_recall <= 1.0
    assert table[-1].startswith("slot_accuracy=")


def test_the_sets_are_named_one_at_a_time(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        slot_heldout.main(["--hard", "--passing"])
    assert "pass one of --hard, --passing or --data" in capsys.readouterr().err
