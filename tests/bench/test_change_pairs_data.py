"""The written change pairs (bench/data/change_pairs) are well formed, the two halves share
no statement, and the test half is the one committed before any model was fitted."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[2] / "bench" / "data" / "change_pairs"
LANGUAGES = ("de", "en", "es", "fr", "it", "nl", "pt", "zh")
LABELS = {"ends", "corrects", "retracts", "keeps", "other"}
# sha256 of the eight *_test.jsonl files concatenated in LANGUAGES order, as first committed.
FROZEN_TEST_SHA256 = "5622387233dcc102f22abf792dc02a9ce4a709868c08d45b7831b53b4c8a7b93"


def _pairs(language: str, split: str) -> list[dict[str, Any]]:
    text = (DATA / f"{language}_{split}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_test_half_is_the_frozen_one() -> None:
    digest = hashlib.sha256(b"".join((DATA / f"{lang}_test.jsonl").read_bytes()
                                     for lang in LANGUAGES)).hexdigest()
    assert digest == FROZEN_TEST_SHA256, "a *_test.jsonl changed after it was frozen"


@pytest.mark.parametrize("language", LANGUAGES)
def test_pairs_are_well_formed_and_the_halves_apart(language: str) -> None:
    halves = {split: _pairs(language, split) for split in ("dev", "test")}
    assert (len(halves["dev"]), len(halves["test"])) == (250, 100)
    for split, rows in halves.items():
        assert len({r["id"] for r in rows}) == len(rows)
        for row in rows:
            assert set(row) == {"id", "held", "said", "label", "why"}, row["id"]
            assert row["id"].startswith(f"{language}-{split}-")
            assert row["label"] in LABELS, row["id"]
            assert row["held"].strip() and row["said"].strip(), row["id"]
        labels = Counter(r["label"] for r in rows)
        assert labels["keeps"] >= 0.35 * len(rows)  # the hard negatives are the bulk
        assert min(labels[label] for label in LABELS) > 0
    dev_said = {r["said"] for r in halves["dev"]}
    dev_held = {r["held"] for r in halves["dev"]}
    assert not [r["id"] for r in halves["test"] if r["said"] in dev_said or r["held"] in dev_held]
