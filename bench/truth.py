"""Facts that hold over time: bench/data/truth/*.jsonl replayed through lucidmem.

Each conversation goes into a fresh in-memory ``Memory`` whose clock the bench moves: to
each turn's time (the session's ``at``, then 1, 2, 3 … minutes apart, local time in the
conversation's zone, given to lucidmem in UTC) before adding the turn, and to ``asked_at``
before asking. Questions are scored by ``truth_scoring`` exactly as
bench/data/truth/README.md says. Prints accuracy per kind, per question type and per
language for the dev and test halves side by side, fact precision per half, the facts stored
and the time taken; the last line is ``test_accuracy=<value>``.

    PYTHONPATH=src python bench/truth.py                      # both halves
    PYTHONPATH=src python bench/truth.py --raw-turns          # + the raw-turns baseline
    PYTHONPATH=src python bench/truth.py --split dev --verbose --lang de
    PYTHONPATH=src python bench/truth.py --llm-base-url http://localhost:11434/v1 --llm-model M

``--llm-base-url`` runs the same evaluation with the LLM extractor against any
OpenAI-compatible endpoint (key from ``LUCIDMEM_FACTS__API_KEY`` if it needs one).
``--verbose`` details every question and every false stored fact of the DEV half only: the
test half is reported in aggregate, never question by question.
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lucidmem import Memory  # the adapter below is the only user of lucidmem
from lucidmem.clock import ManualClock
from lucidmem.facts.extractors import Extractor
from lucidmem.settings import FactSettings, Settings
from truth_format import check_conversation, data_files, load, turn_times, utc
from truth_scoring import Precision, Verdict, precision, verdict

# -- the lucidmem adapter: every lucidmem call of the bench is in this section -------------------
LLM: dict[str, str] = {}
"""``base_url`` / ``model`` of the LLM extractor when ``--llm-base-url`` is given."""


class LucidmemAdapter:
    """One fresh in-memory lucidmem per conversation, on a clock the bench sets."""

    def __init__(self, start: datetime, extractor: Extractor | None = None) -> None:
        self.clock = ManualClock(start)
        if LLM:
            key = os.environ.get("LUCIDMEM_FACTS__API_KEY")
            facts = FactSettings(base_url=LLM["base_url"], model=LLM["model"],
                                 api_key=key or None)
            self.memory = Memory(settings=Settings(data_dir=":memory:", facts=facts),
                                 clock=self.clock)
        else:
            self.memory = Memory(":memory:", clock=self.clock)
        if extractor is not None:
            self.memory.facts.extractor = extractor  # (bench/fit_remark_gate.py's recorder)

    def describe(self) -> str:
        extractor = self.memory.facts.extractor
        return extractor.name if extractor is not None else "none"

    def add(self, user: str, conversation: str, role: str, content: str, at: datetime,
            zone: str) -> None:
        self.clock.now = at
        self.memory.add([{"role": role, "content": content, "timestamp": at.isoformat()}],
                        user_id=user, conversation_id=conversation, metadata={"timezone": zone})

    def consolidate(self, user: str) -> None:
        self.memory.sleep.consolidate(user_id=user)

    def current(self, user: str, at: datetime) -> list[str]:
        self.clock.now = at
        return [f.text for f in self.memory.facts.list(user_id=user)]

    def as_of(self, user: str, moment: datetime) -> list[str]:
        return [f.text for f in self.memory.facts.list(user_id=user, as_of=moment, mode="true")]

    def history(self, user: str) -> list[tuple[str, str]]:
        """(text, status) of every fact version, in the order lucidmem returns them."""
        return [(f.text, f.status) for f in self.memory.facts.history(user_id=user)]

    def failures(self, user: str) -> list[str]:
        """What extraction could not do for this user (an extractor that raised, an LLM's
        invalid answer): never silent, so the bench prints them."""
        return [f.error for f in self.memory.facts.failures(user_id=user)]

    def close(self) -> None:
        self.memory.close()

# -- end of the adapter ----------------------------------------------------------------------


SPLITS = ("dev", "test")
RETRACTED = "retracted"


@dataclass
class Outcome:
    """One conversation's results for one arm."""

    conversation: dict[str, Any]
    verdicts: list[tuple[dict[str, Any], Verdict, list[str]]] = field(default_factory=list)
    precision: Precision | None = None
    statuses: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0
    turns: int = 0


def _user(conv: dict[str, Any]) -> str:
    return f"truth-{conv['id']}"


def replay(conv: dict[str, Any], consolidate: bool,
           extractor: Extractor | None = None) -> tuple[Outcome, str]:
    """Replay one conversation into a fresh lucidmem and ask its questions (``extractor``
    replaces the one the settings choose)."""
    zone, user = conv["timezone"], _user(conv)
    started = time.perf_counter()
    first = utc(conv["sessions"][0]["at"], zone)
    memory = LucidmemAdapter(first, extractor)
    outcome = Outcome(conv)
    try:
        for number, session in enumerate(conv["sessions"], 1):
            for turn, at in zip(session["turns"], turn_times(session, zone), strict=True):
                memory.add(user, f"{conv['id']}-s{number}", turn["role"], turn["content"],
                           at.astimezone(UTC), zone)
                outcome.turns += 1
            if consolidate:
                memory.consolidate(user)
        asked = utc(conv["asked_at"], zone)
        current = memory.current(user, asked)
        history = memory.history(user)
        for question in conv["questions"]:
            if question["type"] == "current":
                items = current
            elif question["type"] == "as_of":
                items = memory.as_of(user, utc(question["as_of"], zone))
            else:
                items = [text for text, _ in history]
            outcome.verdicts.append((question, verdict(question, items), items))
        stored = [text for text, status in history if status != RETRACTED]
        outcome.precision = precision(stored, conv["expected_facts"])
        outcome.statuses = Counter(status for _, status in history)
        outcome.failures = memory.failures(user)
        name = memory.describe()
    finally:
        memory.close()
    outcome.seconds = time.perf_counter() - started
    return outcome, name


def raw_turns(conv: dict[str, Any]) -> Outcome:
    """The baseline: every question answered with the user's raw turns up to its moment."""
    zone = conv["timezone"]
    said = [(at, turn["content"]) for session in conv["sessions"]
            for turn, at in zip(session["turns"], turn_times(session, zone), strict=True)
            if turn["role"] == "user"]
    outcome = Outcome(conv, turns=sum(len(s["turns"]) for s in conv["sessions"]))
    asked = utc(conv["asked_at"], zone)
    for question in conv["questions"]:
        moment = utc(question["as_of"], zone) if question["type"] == "as_of" else asked
        items = [text for at, text in said if at <= moment]
        outcome.verdicts.append((question, verdict(question, items), items))
    return outcome


# -- reporting --------------------------------------------------------------------------------
def _cell(values: Sequence[bool]) -> str:
    if not values:
        return f"{'-':>13}"
    return f"{sum(values) / len(values):6.3f} {sum(values):>3}/{len(values):<3}"


def _groups(outcomes: Iterable[Outcome]) -> dict[tuple[str, str], list[bool]]:
    rows: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for outcome in outcomes:
        for question, result, _ in outcome.verdicts:
            for key in (("kind", question["kind"]), ("type", question["type"]),
                        ("language", outcome.conversation["language"]), ("all", "")):
                rows[key].append(result.passed)
    return rows


def accuracy(outcomes: Iterable[Outcome]) -> float:
    values = _groups(outcomes)[("all", "")]
    return sum(values) / len(values) if values else float("nan")


def report(arms: dict[str, dict[str, list[Outcome]]], splits: Sequence[str]) -> None:
    columns = [(arm, split) for arm in arms for split in splits]
    tables = {column: _groups(arms[column[0]][column[1]]) for column in columns}
    keys = sorted({key for table in tables.values() for key in table},
                  key=lambda k: (("kind", "type", "language", "all").index(k[0]), k[1]))
    print(" " * 22 + "".join(f"{arm:<{14 * len(splits)}}" for arm in arms))
    print(" " * 22 + "".join(f"{split:>13} " for _ in arms for split in splits))
    section = None
    for key in keys:
        if key[0] != section:
            section = key[0]
            if section != "all":
                print(f"by {section}")
        label = "all questions" if key[0] == "all" else f"  {key[1]}"
        print(f"{label:<22}" + "".join(_cell(tables[c].get(key, [])) + " " for c in columns))
    lucid = arms.get("lucidmem", {})
    if lucid:
        line = ""
        for split in splits:
            total = Precision()
            for outcome in lucid[split]:
                if outcome.precision is not None:
                    total += outcome.precision
            line += f"{total.value:6.3f} {total.true:>3}/{total.stored:<3} "
        print(f"{'fact precision':<22}{line}")
        for split in splits:
            statuses: Counter[str] = Counter()
            empty = 0
            for outcome in lucid[split]:
                statuses += outcome.statuses
                empty += outcome.precision.empty if outcome.precision else 0
            stored = sum(n for s, n in statuses.items() if s != RETRACTED)
            detail = ", ".join(f"{s} {n}" for s, n in sorted(statuses.items()))
            print(f"facts stored ({split}): {stored} in {len(lucid[split])} conversations "
                  f"[{detail or 'none'}]; memories with no fact: {empty}")
            failed = [f for outcome in lucid[split] for f in outcome.failures]
            print(f"extraction failures ({split}): {len(failed)}")
            for error in sorted(set(failed))[:5]:
                print(f"  {error[:160]}")


def verbose(outcomes: Sequence[Outcome], arm: str) -> None:
    """Per-question detail: dev half only (the caller guarantees it)."""
    for outcome in outcomes:
        conv = outcome.conversation
        assert conv["split"] == "dev", "per-question detail is for the dev half only"
        print(f"\n[{arm}] {conv['id']} ({conv['language']}, {', '.join(conv['kinds'])})")
        for question, result, items in outcome.verdicts:
            mark = "PASS" if result.passed else "FAIL"
            print(f"  {mark} {question['id']} {question['type']:<7} {question['kind']:<17} "
                  f"{question['ask']}")
            if not result.passed:
                if result.missing:
                    print(f"       missing: {', '.join(result.missing)}")
                if result.rejected:
                    print(f"       rejected found: {', '.join(result.rejected)}")
                if result.out_of_order:
                    print("       groups found, but not in order")
                for text in items[:12]:
                    print(f"       | {text[:110]}")
                if len(items) > 12:
                    print(f"       | … {len(items) - 12} more")
        if outcome.precision is not None and outcome.precision.false_texts:
            print("  stored facts that match no expected fact:")
            for text in outcome.precision.false_texts:
                print(f"       x {text[:110]}")


# -- retyping -----------------------------------------------------------------------------------
RETYPINGS = ("curly-apostrophes", "lowercase", "no-stops")
"""Ways to retype what the users said, as people chat, to see how much the reading depends on
the writers' typing: ``curly-apostrophes`` (’ inside words, as phones type it),
``lowercase`` (no capitals), ``no-stops`` (no full stop or exclamation mark before a space or
the end; question marks and commas stay). The questions and the expected answers stay."""

_INSIDE_A_WORD = re.compile(r"(?<=\w)'(?=\w)")
_STOPS = re.compile(r"[.!]+(?=\s|$)")


def retyped(conv: dict[str, Any], ways: Sequence[str]) -> dict[str, Any]:
    """A copy of ``conv`` whose user turns are retyped in each of ``ways`` (:data:`RETYPINGS`);
    the assistant's turns, the questions and the expected facts are left as written."""
    unknown = [w for w in ways if w not in RETYPINGS]
    if unknown:
        raise ValueError(f"unknown retyping {unknown[0]!r}: use one of {', '.join(RETYPINGS)}")
    out = copy.deepcopy(conv)
    for session in out["sessions"]:
        for turn in session["turns"]:
            if turn["role"] != "user":
                continue
            text = turn["content"]
            if "curly-apostrophes" in ways:
                text = _INSIDE_A_WORD.sub("’", text)
            if "lowercase" in ways:
                text = text.lower()
            if "no-stops" in ways:
                text = _STOPS.sub("", text)
            turn["content"] = text
    return out


# -- main ---------------------------------------------------------------------------------------
def conversations(split: str, lang: str | None, limit: int | None,
                  ids: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The conversations of a half (optionally one language, only ``ids``, the first
    ``limit``), checked."""
    found = []
    for path in data_files():
        language, file_split = path.stem.split("_")
        if file_split != split or (lang and language != lang):
            continue
        for number, conv in load(path):
            errors = check_conversation(conv, language=language, split=file_split)
            if errors:
                raise SystemExit(f"{path.name}:{number} breaks the format: {errors[0]}")
            if not ids or conv["id"] in ids:
                found.append(conv)
    return found[:limit] if limit is not None else found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test", "both"), default="both")
    parser.add_argument("--lang", help="only this language (en, de, fr, nl, es, it, pt, zh …)")
    parser.add_argument("--raw-turns", action="store_true",
                        help="also score the raw-turns baseline")
    parser.add_argument("--limit", type=int, help="at most N conversations per half")
    parser.add_argument("--ids", default="",
                        help="only these conversations, comma-separated (en-15,de-14)")
    parser.add_argument("--consolidate", action="store_true",
                        help="run memory.consolidate(user) after each session")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="per-question detail, dev half only")
    parser.add_argument("--retype", action="append", default=[], choices=RETYPINGS,
                        help="retype the users' turns as people chat before reading them "
                        "(repeatable): how much the reading depends on the writers' typing")
    parser.add_argument("--llm-base-url",
                        help="use the LLM extractor: an OpenAI-compatible endpoint "
                        "(e.g. http://localhost:11434/v1); key from LUCIDMEM_FACTS__API_KEY")
    parser.add_argument("--llm-model", default=os.environ.get("LUCIDMEM_FACTS__MODEL",
                                                              "gpt-4o-mini"),
                        help="model name sent to --llm-base-url")
    args = parser.parse_args(argv)
    LLM.clear()
    if args.llm_base_url:
        LLM.update(base_url=args.llm_base_url, model=args.llm_model)
    splits = list(SPLITS) if args.split == "both" else [args.split]
    ids = [i.strip() for i in args.ids.split(",") if i.strip()]
    data = {split: [retyped(c, args.retype) if args.retype else c
                    for c in conversations(split, args.lang, args.limit, ids)]
            for split in splits}
    if not any(data.values()):
        raise SystemExit("no conversation matches --split/--lang/--ids")

    started = time.perf_counter()
    arms: dict[str, dict[str, list[Outcome]]] = {"lucidmem": {}}
    extractor = "none"
    for split in splits:
        arms["lucidmem"][split] = []
        for conv in data[split]:
            outcome, extractor = replay(conv, args.consolidate)
            arms["lucidmem"][split].append(outcome)
    elapsed = time.perf_counter() - started
    if args.raw_turns:
        arms["raw turns"] = {split: [raw_turns(c) for c in data[split]] for split in splits}

    counts = ", ".join(f"{split} {len(data[split])} conversations / "
                       f"{sum(len(c['questions']) for c in data[split])} questions"
                       for split in splits)
    print(f"truth set: {counts}; extractor: {extractor}; "
          f"consolidation: {'on' if args.consolidate else 'off'}"
          + (f"; users' turns retyped: {', '.join(args.retype)}" if args.retype else ""))
    report(arms, splits)
    turns = sum(o.turns for outcomes in arms["lucidmem"].values() for o in outcomes)
    print(f"time: {elapsed:.1f} s for {turns} turns "
          f"({1000 * elapsed / max(turns, 1):.1f} ms per turn, add + questions)")
    if args.verbose:
        if "dev" in splits:
            verbose(arms["lucidmem"]["dev"], "lucidmem")
        else:
            print("--verbose details the dev half only; nothing to show for the test half")
    value = accuracy(arms["lucidmem"]["test"]) if "test" in splits else float("nan")
    print(f"test_accuracy={value:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
