"""The long-history evaluation set (bench/data/longhist) is well formed, and its test half is
the one frozen before retrieval was tuned."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[2] / "bench" / "data" / "longhist"
KINDS = {"single", "temporal", "current", "multi_hop", "aggregation", "first_last"}
# sha256 of test.jsonl as committed in "Freeze long-history test half before tuning retrieval".
FROZEN_TEST_SHA256 = "1c4adcb903a1fdd1c41295871d23780a03e33f3930ca4db79d24796c0384b6a9"


def _histories(split: str) -> list[dict[str, Any]]:
    lines = (DATA / f"{split}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="module")
def halves() -> dict[str, list[dict[str, Any]]]:
    return {split: _histories(split) for split in ("dev", "test")}


def test_test_half_is_the_frozen_one() -> None:
    digest = hashlib.sha256((DATA / "test.jsonl").read_bytes()).hexdigest()
    assert digest == FROZEN_TEST_SHA256, "test.jsonl changed after it was frozen"


@pytest.mark.parametrize("split", ["dev", "test"])
def test_histories_are_long_multi_session_and_timed(
        halves: dict[str, list[dict[str, Any]]], split: str) -> None:
    histories = halves[split]
    assert len(histories) >= 6
    for h in histories:
        assert h["split"] == split
        assert {"id", "language", "timezone", "sessions", "questions"} <= set(h)
        turns = [t for s in h["sessions"] for t in s["turns"]]
        assert len(turns) >= 400, h["id"]
        assert len(h["sessions"]) >= 20, h["id"]
        times = [datetime.fromisoformat(t["at"]) for t in turns]
        assert times == sorted(times), f"{h['id']}: turns out of time order"
        assert (times[-1] - times[0]).days >= 90, f"{h['id']}: spans less than three months"
        assert all(t["role"] in ("user", "assistant") and t["content"].strip() for t in turns)
        assistant = [len(t["content"]) for t in turns if t["role"] == "assistant"]
        assert sum(assistant) / len(assistant) >= 600, f"{h['id']}: short assistant turns"
        assert len({s["id"] for s in h["sessions"]}) == len(h["sessions"])


@pytest.mark.parametrize("split", ["dev", "test"])
def test_evidence_points_at_existing_turns(
        halves: dict[str, list[dict[str, Any]]], split: str) -> None:
    for h in halves[split]:
        sizes = {s["id"]: len(s["turns"]) for s in h["sessions"]}
        last = datetime.fromisoformat(h["sessions"][-1]["turns"][-1]["at"])
        assert len(h["questions"]) >= 10, h["id"]
        for q in h["questions"]:
            assert q["kind"] in KINDS, q["id"]
            assert q["ask"].strip() and q["answer"].strip(), q["id"]
            assert q["evidence"], q["id"]
            assert datetime.fromisoformat(q["asked_at"]) > last, q["id"]
            for ref in q["evidence"]:
                session, _, index = ref.partition(":")
                assert session in sizes and 0 <= int(index) < sizes[session], (q["id"], ref)
            assert len(set(q["evidence"])) == len(q["evidence"]), q["id"]


def test_every_kind_in_both_halves_and_two_languages(
        halves: dict[str, list[dict[str, Any]]]) -> None:
    for split, histories in halves.items():
        kinds = Counter(q["kind"] for h in histories for q in h["questions"])
        assert set(kinds) == KINDS, (split, kinds)
        assert min(kinds.values()) >= 6, (split, kinds)
        assert len({h["language"] for h in histories}) >= 2, split
    ids = [h["id"] for hs in halves.values() for h in hs]
    questions = [q["id"] for hs in halves.values() for h in hs for q in h["questions"]]
    assert len(set(ids)) == len(ids) and len(set(questions)) == len(questions)
