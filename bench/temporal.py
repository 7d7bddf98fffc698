"""Temporal fact benchmark: bench/data/temporal_scenarios.yaml through the public Memory API.

Each scenario gets its own user. Its turns are added with their own timestamps
(``Memory.add(..., timestamp=...)``), facts are extracted by the configured extractor (the
offline one by default) and validated at once; then every expectation is checked:

* current   — ``memory.facts.list(user_id=user)`` holds each expected fact and none of the
  absent ones;
* as_of     — ``memory.facts.list(user_id=user, as_of=t, mode="true" | "believed")``;
* history   — ``memory.facts.history(user_id=user)`` has each entry with its status and validity.

Prints the accuracy (checks passed / checks) per scenario kind and per check type, the share
of scenarios passing entirely, and the ``add`` throughput with the offline extractor
(embedding included), one turn per call and in batches of 50.

    python bench/temporal.py            # the last line is ``accuracy=<value>``
    python bench/temporal.py -v         # also list every failed check
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from lucidmem import Memory
from lucidmem.facts.records import Fact

DATA = Path(__file__).resolve().parent / "data" / "temporal_scenarios.yaml"
STATUS = {"current": "active", "context": "active", "superseded": "superseded",
          "retracted": "retracted", "exception": "exception"}


def _matches(expected: dict[str, Any], fact: Fact) -> bool:
    return (
        fact.subject == expected["subject"]
        and fact.predicate == expected["predicate"]
        and fact.object.casefold() == str(expected["object"]).casefold()
        and fact.negated == bool(expected.get("negated", False))
        and ("context" not in expected or fact.context == expected["context"])
    )


def _holds(expected: dict[str, Any], facts: list[Fact]) -> bool:
    return any(_matches(expected, f) for f in facts)


def _dt(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def run_scenario(memory: Memory, scenario: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """Add the scenario's turns, then return (check type, passed, description) per check."""
    user = scenario["id"]
    for turn in scenario["turns"]:
        # add() keeps epoch seconds; the speaker's zone (for "next week", "at 9am") is told
        offset = datetime.fromisoformat(turn["at"]).strftime("%z")
        memory.add(turn["text"], user_id=user, timestamp=turn["at"],
                   metadata={"timezone": offset})
    checks: list[tuple[str, bool, str]] = []
    current = memory.facts.list(user_id=user, include_secrets=True)
    for fact in scenario["expected_current"]:
        checks.append(("current", _holds(fact, current), f"current {fact}"))
    for fact in scenario["expected_absent"]:
        checks.append(("current", not _holds(fact, current), f"absent {fact}"))
    for check in scenario["expected_as_of"]:
        pool = memory.facts.list(user_id=user, as_of=check["at"], mode=check["mode"],
                                 include_secrets=True)
        for fact in check.get("facts", []):
            checks.append(("as_of", _holds(fact, pool), f"{check['mode']}@{check['at']} {fact}"))
        for fact in check.get("absent", []):
            checks.append(("as_of", not _holds(fact, pool),
                           f"{check['mode']}@{check['at']} absent {fact}"))
    history = memory.facts.history(user_id=user, include_secrets=True)
    for entry in scenario["expected_history"]:
        found = [f for f in history if _matches(entry, f) and f.status == STATUS[entry["status"]]
                 and f.valid_from == _dt(entry["valid_from"])]
        ok = bool(found) and found[0].valid_to == _dt(entry["valid_to"])
        checks.append(("history", ok, f"history {entry}"))
    return checks


def throughput(memory: Memory, texts: list[str], batch: int) -> float:
    """Turns per second of ``add`` (offline extraction, validation and embedding included)."""
    started = time.perf_counter()
    for i in range(0, len(texts), batch):
        chunk = texts[i:i + batch]
        memory.add([{"role": "user", "content": t} for t in chunk], user_id=f"tp{batch}")
    return len(texts) / (time.perf_counter() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list failed checks")
    parser.add_argument("--turns", type=int, default=300, help="turns for the throughput run")
    args = parser.parse_args()
    scenarios = yaml.safe_load(DATA.read_text(encoding="utf-8"))["scenarios"]
    by_kind: dict[str, list[bool]] = defaultdict(list)
    by_check: dict[str, list[bool]] = defaultdict(list)
    passed_scenarios = 0
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, Memory(tmp) as memory:
        extractor = memory.facts.extractor
        print(f"extractor: {extractor.name if extractor else 'none'}")
        for scenario in scenarios:
            checks = run_scenario(memory, scenario)
            for kind, ok, text in checks:
                by_kind[scenario["kind"]].append(ok)
                by_check[kind].append(ok)
                if not ok:
                    failures.append(f"{scenario['id']}: {text}")
            passed_scenarios += all(ok for _, ok, _ in checks)
        texts = [t["text"] for s in scenarios for t in s["turns"]]
        texts = (texts * (args.turns // len(texts) + 1))[: args.turns]
        single = throughput(memory, texts, 1)
        batched = throughput(memory, texts, 50)
    print("kind".ljust(20) + "accuracy".rjust(10) + "checks".rjust(8))
    for kind in sorted(by_kind):
        row = by_kind[kind]
        print(kind.ljust(20) + f"{sum(row) / len(row):10.3f}" + f"{len(row):8d}")
    for kind in ("current", "as_of", "history"):
        row = by_check[kind]
        print(f"[{kind}]".ljust(20) + f"{sum(row) / len(row):10.3f}" + f"{len(row):8d}")
    total = [ok for row in by_kind.values() for ok in row]
    print(f"scenarios fully passing: {passed_scenarios}/{len(scenarios)}")
    print(f"add throughput (offline extractor, embedding included): {single:.1f} turns/s one "
          f"turn per add, {batched:.1f} turns/s in batches of 50 ({len(texts)} turns)")
    if args.verbose:
        for line in failures:
            print("FAILED", line)
    print(f"accuracy={sum(total) / len(total):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
