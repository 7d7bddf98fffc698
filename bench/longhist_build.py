"""Build the long-history evaluation set (bench/data/longhist/{dev,test}.jsonl).

Inputs, all hand-written for this project (nothing copied or translated from a public
dataset), under ``bench/data/longhist/source/``:

- ``pool/<lang>_*.yaml`` — everyday exchanges (a user request and a long assistant answer,
  sometimes a follow-up round) across many topics. ``<lang>_followups.yaml`` adds follow-up
  rounds to exchanges of the other files by id. An exchange may name ``needs`` (persona
  traits such as ``kids`` or ``cat``): it is only used in histories whose persona has them.
  ``<<name>>`` and ``<<city>>`` are slots filled per history.
- ``storylines/*.yaml`` — one persona per file: the exchanges that carry the facts the
  questions ask about, each with its own date (``at``, local time), and the questions.
  An exchange's user turn is its ``user`` text followed by the request of its ``pool``
  exchange; the assistant turn is its ``reply`` followed by that exchange's answer (and its
  follow-up rounds). Evidence names exchange keys: ``key`` is the user turn, ``key.a`` the
  assistant turn. A storyline may only use pool exchanges whose ``needs`` its persona has
  (``force: true`` on an exchange: the persona has the trait by that date, e.g. a garden
  after moving into a house).

The weave is deterministic (fixed seed): each storyline exchange lands in a session on its
date; filler sessions on other dates; the rest of the pool (the persona's language first,
then the storyline's ``fill`` languages and topics) is shuffled into all sessions until the
history has ``turns`` turns. Output: one history per line, sessions in time order, each
turn with its own timestamp; evidence as ``"<session id>:<turn index>"``.

    python bench/longhist_build.py            # writes dev.jsonl and test.jsonl
    python bench/longhist_build.py --check    # rebuild in memory, compare with the files
    python bench/longhist_build.py --split test

The generated files are committed: the evaluation data stays fixed even if this script or
the sources change later. Do not regenerate the test half after it has been frozen.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import yaml

ROOT = Path(__file__).resolve().parent / "data" / "longhist"
SOURCE = ROOT / "source"
SEED = 20251122
KINDS = ("single", "temporal", "current", "multi_hop", "aggregation", "first_last")
SLOT = re.compile(r"<<(\w+)>>")
DEFAULT_TURNS = 440
DEFAULT_SESSIONS = 40
GROUP_HOURS = 3.0


@dataclass
class Exchange:
    """Consecutive turns (user first, alternating) that travel together."""

    turns: list[str]
    key: str | None = None          # storyline key; None for pool filler
    at: datetime | None = None      # storyline exchanges have their own local time
    language: str = "en"


@dataclass
class Session:
    anchor: datetime | None          # local time of its first storyline exchange, or start
    story: list[Exchange] = field(default_factory=list)
    filler: list[Exchange] = field(default_factory=list)


def load_pool(language: str) -> dict[str, dict[str, Any]]:
    """Pool exchanges of one language by id, follow-up rounds appended."""
    pool: dict[str, dict[str, Any]] = {}
    followups: list[dict[str, Any]] = []
    for path in sorted((SOURCE / "pool").glob(f"{language}_*.yaml")):
        entries = yaml.safe_load(path.read_text(encoding="utf-8"))
        if path.stem.endswith("_followups"):
            followups.extend(entries)
            continue
        for entry in entries:
            if entry["id"] in pool:
                raise ValueError(f"duplicate pool id {entry['id']} in {path.name}")
            if len(entry["turns"]) % 2:
                raise ValueError(f"pool {entry['id']}: turns must alternate user/assistant")
            pool[entry["id"]] = {**entry, "turns": list(entry["turns"]), "language": language}
    for entry in followups:
        if entry["id"] not in pool:
            raise ValueError(f"follow-up for unknown pool id {entry['id']}")
        pool[entry["id"]]["turns"].extend(entry["turns"])
    return pool


def fill_slots(text: str, values: dict[str, str]) -> str:
    def sub(match: re.Match[str]) -> str:
        return values[match.group(1)]

    return SLOT.sub(sub, text)


def slot_values(entry: dict[str, Any], given: dict[str, str], vocab: dict[str, list[str]],
                rng: random.Random) -> dict[str, str]:
    names = sorted({m for t in entry["turns"] for m in SLOT.findall(t)})
    return {n: given[n] if n in given else rng.choice(vocab[n]) for n in names}


def local(value: str, zone: ZoneInfo) -> datetime:
    return datetime.fromisoformat(str(value)).replace(tzinfo=zone)


def story_exchanges(story: dict[str, Any], pools: dict[str, dict[str, dict[str, Any]]],
                    zone: ZoneInfo, rng: random.Random) -> tuple[list[Exchange], set[str]]:
    lang = story["language"]
    used: set[str] = set()
    out = []
    for ex in story["exchanges"]:
        user, reply = ex["user"].strip(), (ex.get("reply") or "").strip()
        turns = [user, reply]
        if "pool" in ex:
            entry = pools[ex.get("language", lang)][ex["pool"]]
            if ex["pool"] in used:
                raise ValueError(f"{story['id']}: pool {ex['pool']} used twice")
            missing = set(entry.get("needs", [])) - set(story.get("traits", []))
            if missing and not ex.get("force"):   # force: the persona has it by then
                raise ValueError(f"{story['id']}/{ex['key']}: pool {ex['pool']} needs "
                                 f"{sorted(missing)}, which the persona lacks")
            used.add(ex["pool"])
            values = slot_values(entry, ex.get("slots", {}), story["vocab"], rng)
            body = [fill_slots(t, values).strip() for t in entry["turns"]]
            joiner = ex.get("join", " ")
            turns = [f"{user}{joiner}{body[0]}", f"{reply}\n\n{body[1]}" if reply else body[1],
                     *body[2:]]
        elif not reply:
            raise ValueError(f"{story['id']}/{ex['key']}: needs a reply or a pool exchange")
        out.append(Exchange(turns=turns, key=ex["key"], at=local(ex["at"], zone),
                            language=ex.get("language", lang)))
    return out, used


def filler_exchanges(story: dict[str, Any], pools: dict[str, dict[str, dict[str, Any]]],
                     used: set[str], rng: random.Random) -> list[list[Exchange]]:
    """Candidate filler, one list per source in priority order (each list shuffled)."""
    traits = set(story.get("traits", []))
    exclude = set(story.get("exclude", []))
    sources = [{"language": story["language"]}, *story.get("fill", [])]
    lists = []
    for source in sources:
        topics = set(source.get("topics", []))
        chosen = []
        for ident, entry in sorted(pools[source["language"]].items()):
            if ident in used or ident in exclude:
                continue
            if not set(entry.get("needs", [])) <= traits:
                continue
            if topics and entry["topic"] not in topics:
                continue
            values = slot_values(entry, {}, story["vocab"], rng)
            chosen.append(Exchange(turns=[fill_slots(t, values).strip() for t in entry["turns"]],
                                   language=source["language"]))
        rng.shuffle(chosen)
        lists.append(chosen)
    return lists


def group_sessions(exchanges: list[Exchange]) -> list[Session]:
    sessions: list[Session] = []
    for ex in sorted(exchanges, key=lambda e: e.at):  # type: ignore[arg-type, return-value]
        assert ex.at is not None
        last = sessions[-1] if sessions else None
        if last and last.story and ex.at - last.story[-1].at <= timedelta(hours=GROUP_HOURS):  # type: ignore[operator]
            last.story.append(ex)
        else:
            sessions.append(Session(anchor=ex.at, story=[ex]))
    return sessions


def filler_sessions(story: dict[str, Any], taken: set[date], count: int, zone: ZoneInfo,
                    rng: random.Random) -> list[Session]:
    start, end = date.fromisoformat(str(story["start"])), date.fromisoformat(str(story["end"]))
    days = [start + timedelta(days=i) for i in range((end - start).days + 1)]
    free = [d for d in days if d not in taken and d - timedelta(days=1) not in taken]
    picked = sorted(rng.sample(free, min(count, len(free))))
    return [Session(anchor=datetime.combine(d, time(rng.randint(7, 21), rng.choice(
        (0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55)))).replace(tzinfo=zone)) for d in picked]


def order_session(session: Session, rng: random.Random) -> list[Exchange]:
    """Filler shuffled, storyline exchanges kept in their order at random positions."""
    items = list(session.filler)
    rng.shuffle(items)
    slots = sorted(rng.randint(0, len(items)) for _ in session.story)
    for offset, (position, ex) in enumerate(zip(slots, session.story, strict=True)):
        items.insert(position + offset, ex)
    return items


def stamp_turns(session: Session, ordered: list[Exchange],
                rng: random.Random) -> list[tuple[datetime, str, str, Exchange, int]]:
    """(time, role, content, exchange, index in exchange) for every turn of a session."""
    rows = []
    clock = timedelta(0)
    first_story: timedelta | None = None
    for ex in ordered:
        if ex.key is not None and first_story is None:
            first_story = clock
        for i, text in enumerate(ex.turns):
            role = "user" if i % 2 == 0 else "assistant"
            rows.append((clock, role, text, ex, i))
            # a user thinks and types; an assistant answers within a minute
            gap = rng.uniform(40, 300) if role == "assistant" else rng.uniform(15, 70)
            clock += timedelta(seconds=round(gap))
    assert session.anchor is not None
    base = session.anchor - (first_story or timedelta(0))
    return [(base + offset, role, text, ex, i) for offset, role, text, ex, i in rows]


def build_history(story: dict[str, Any],
                  pools: dict[str, dict[str, dict[str, Any]]]) -> dict[str, Any]:
    rng = random.Random(f"longhist:{SEED}:{story['id']}")
    zone = ZoneInfo(story["timezone"])
    exchanges, used = story_exchanges(story, pools, zone, rng)
    sessions = group_sessions(exchanges)
    taken = {s.anchor.date() for s in sessions if s.anchor}
    want_sessions = int(story.get("sessions", DEFAULT_SESSIONS))
    sessions += filler_sessions(story, taken, max(0, want_sessions - len(sessions)), zone, rng)
    sessions.sort(key=lambda s: s.anchor)  # type: ignore[arg-type, return-value]

    target = int(story.get("turns", DEFAULT_TURNS))
    total = sum(len(e.turns) for e in exchanges)
    chosen: list[Exchange] = []
    for candidates in filler_exchanges(story, pools, used, rng):
        for ex in candidates:
            if total >= target:
                break
            chosen.append(ex)
            total += len(ex.turns)
    # every session gets at least one filler exchange, filler-only sessions at least two
    order = list(range(len(sessions)))
    rng.shuffle(order)
    queue = list(chosen)
    for index in order:
        need = 1 if sessions[index].story else 2
        for _ in range(need):
            if queue:
                sessions[index].filler.append(queue.pop())
    for ex in queue:
        sessions[rng.randrange(len(sessions))].filler.append(ex)

    out_sessions = []
    where: dict[str, str] = {}
    previous_end: datetime | None = None
    for number, session in enumerate(sessions, start=1):
        sid = f"s{number:02d}"
        rows = stamp_turns(session, order_session(session, rng), rng)
        if previous_end is not None and rows[0][0] <= previous_end:
            raise ValueError(f"{story['id']}: session {sid} overlaps the one before; "
                             "move a storyline exchange")
        previous_end = rows[-1][0]
        turns = []
        for index, (moment, role, text, ex, i) in enumerate(rows):
            if ex.key is not None and i < 2:
                where[ex.key if i == 0 else f"{ex.key}.a"] = f"{sid}:{index}"
            turns.append({"role": role, "content": text,
                          "at": moment.isoformat(timespec="seconds")})
        out_sessions.append({"id": sid, "at": turns[0]["at"], "turns": turns})

    asked = local(story["asked_at"], zone)
    questions = []
    for q in story["questions"]:
        missing = [k for k in q["evidence"] if k not in where]
        if missing:
            raise ValueError(f"{story['id']}/{q['id']}: unknown evidence {missing}")
        questions.append({
            "id": f"{story['id']}-{q['id']}",
            "kind": q["kind"],
            "ask": q["ask"].strip(),
            "asked_at": local(q.get("asked_at", story["asked_at"]), zone).isoformat(
                timespec="seconds") if "asked_at" in q else asked.isoformat(timespec="seconds"),
            "evidence": [where[k] for k in q["evidence"]],
            "answer": str(q["answer"]).strip(),
        })
    return {
        "id": story["id"],
        "split": story["split"],
        "language": story["language"],
        "timezone": story["timezone"],
        "persona": story["persona"].strip(),
        "sessions": out_sessions,
        "questions": questions,
    }


def validate(history: dict[str, Any]) -> list[str]:
    """Problems with one generated history (empty when it meets the design)."""
    problems = []
    turns = [t for s in history["sessions"] for t in s["turns"]]
    if len(turns) < 400:
        problems.append(f"{len(turns)} turns (< 400)")
    if len(history["sessions"]) < 20:
        problems.append(f"{len(history['sessions'])} sessions (< 20)")
    first = datetime.fromisoformat(history["sessions"][0]["at"])
    last = datetime.fromisoformat(history["sessions"][-1]["at"])
    if (last - first).days < 90:
        problems.append("sessions span less than three months")
    for t in turns:
        if "<<" in t["content"]:
            problems.append(f"unfilled slot in {t['content'][:60]!r}")
        n = len(t["content"])
        if t["role"] == "user" and not 20 <= n <= 1000:
            problems.append(f"user turn of {n} chars: {t['content'][:60]!r}")
        if t["role"] == "assistant" and not 400 <= n <= 2600:
            problems.append(f"assistant turn of {n} chars: {t['content'][:60]!r}")
    kinds = Counter(q["kind"] for q in history["questions"])
    if len(history["questions"]) < 10:
        problems.append(f"only {len(history['questions'])} questions")
    for kind in kinds:
        if kind not in KINDS:
            problems.append(f"unknown kind {kind}")
    for q in history["questions"]:
        if datetime.fromisoformat(q["asked_at"]) <= last:
            problems.append(f"{q['id']} asked before the last session")
    return problems


def load_storylines(split: str | None = None) -> list[dict[str, Any]]:
    stories = []
    for path in sorted((SOURCE / "storylines").glob("*.yaml")):
        story = yaml.safe_load(path.read_text(encoding="utf-8"))
        if split is None or story["split"] == split:
            stories.append(story)
    return stories


def build(split: str | None = None) -> dict[str, list[dict[str, Any]]]:
    stories = load_storylines(split)
    languages = {s["language"] for s in stories} | {
        f["language"] for s in stories for f in s.get("fill", [])} | {
        e["language"] for s in stories for e in s["exchanges"] if "language" in e}
    pools = {lang: load_pool(lang) for lang in sorted(languages)}
    out: dict[str, list[dict[str, Any]]] = {}
    for story in stories:
        history = build_history(story, pools)
        problems = validate(history)
        if problems:
            raise ValueError(f"{story['id']}: " + "; ".join(problems[:5]))
        out.setdefault(story["split"], []).append(history)
    return out


def dump(histories: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(h, ensure_ascii=False, sort_keys=False) + "\n" for h in histories)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test"), default=None,
                        help="only this half (default: both)")
    parser.add_argument("--check", action="store_true",
                        help="rebuild in memory and report whether the files match")
    parser.add_argument("--stats", action="store_true", help="print counts per history")
    args = parser.parse_args()
    built = build(args.split)
    status = 0
    for split, histories in sorted(built.items()):
        path = ROOT / f"{split}.jsonl"
        text = dump(histories)
        if args.check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{path.name}: {'matches' if same else 'DIFFERS from'} the sources")
            status |= 0 if same else 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT.parents[2])}: {len(histories)} histories")
        if args.stats or not args.check:
            for h in histories:
                turns = [t for s in h["sessions"] for t in s["turns"]]
                chars = sum(len(t["content"]) for t in turns)
                print(f"  {h['id']} {h['language']}: {len(h['sessions'])} sessions, "
                      f"{len(turns)} turns, {chars:,} chars, {len(h['questions'])} questions")
    return status


if __name__ == "__main__":
    sys.exit(main())
