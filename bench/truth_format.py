"""The format of bench/data/truth/*.jsonl: loading, turn times and checks.

No lucidmem import. :func:`check_conversation` lists what breaks the format
(bench/data/truth/README.md); :func:`check_consistency` lists questions whose expectations
disagree with the conversation's own ``expected_facts``. ``tests/bench`` runs both on every
file; ``bench/truth.py`` refuses a file that breaks the format.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from truth_scoring import matches, normalise

__all__ = [
    "DATA",
    "KINDS",
    "QUESTION_TYPES",
    "check_consistency",
    "check_conversation",
    "data_files",
    "load",
    "local_time",
    "maybe_valid",
    "period",
    "surely_valid",
    "turn_times",
    "utc",
    "validity",
]

DATA = Path(__file__).resolve().parent / "data" / "truth"
KINDS = ("supersede", "exception", "context_qualified", "reinforcement", "relationships",
         "dated_event", "correction", "retraction", "gradual_shift", "bad_input")
QUESTION_TYPES = ("current", "as_of", "history")
ROLES = ("user", "assistant")
SESSIONS = (3, 6)
TURNS = (10, 30)
QUESTIONS = (3, 5)

_CONVERSATION_KEYS = {"id", "language", "split", "timezone", "kinds", "sessions", "asked_at",
                      "expected_facts", "questions"}
_FACT_KEYS = {"about", "keys", "valid_from", "valid_to"}
_QUESTION_KEYS = {"id", "type", "kind", "ask", "expect", "reject", "ordered", "as_of"}
_FILE = re.compile(r"^(?P<lang>[a-z]{2})_(?P<split>dev|test)\.jsonl$")
_ID = re.compile(r"^(?P<lang>[a-z]{2})-\d{2,3}$")
_PARTIAL = re.compile(r"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2})?)?)?)?$")


# -- files -----------------------------------------------------------------------------------
def data_files(folder: Path = DATA) -> list[Path]:
    """Every ``<lang>_<split>.jsonl`` of the folder, sorted."""
    return sorted(p for p in folder.glob("*.jsonl") if _FILE.match(p.name))


def load(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, conversation) for each non-empty line of a JSONL file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            yield number, json.loads(line)


# -- time ------------------------------------------------------------------------------------
def local_time(text: str, zone: str) -> datetime:
    """A naive ISO time of the conversation, made aware in its zone."""
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is not None:
        raise ValueError(f"{text!r} carries an offset; write local time in the timezone")
    return moment.replace(tzinfo=ZoneInfo(zone))


def utc(text: str, zone: str) -> datetime:
    """A local ISO time of the conversation, in UTC."""
    return local_time(text, zone).astimezone(UTC)


def turn_times(session: Mapping[str, Any], zone: str) -> list[datetime]:
    """Local times of a session's turns: the first at ``at``, then 1, 2, 3, 1, 2, 3 … minutes
    after the previous one."""
    moment = local_time(session["at"], zone)
    times = []
    for index in range(len(session["turns"])):
        if index:
            moment += timedelta(minutes=1 + (index - 1) % 3)
        times.append(moment)
    return times


def period(text: str, zone: str) -> tuple[datetime, datetime]:
    """The local period a partial ISO time names: ``2025`` → the year, ``2025-06`` → June,
    ``2025-06-03`` → that day, a full time → that instant."""
    if not _PARTIAL.match(text):
        raise ValueError(f"{text!r} is not YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]")
    parts = text.split("-")
    tz = ZoneInfo(zone)
    if len(parts) == 1:
        year = int(parts[0])
        return datetime(year, 1, 1, tzinfo=tz), datetime(year + 1, 1, 1, tzinfo=tz)
    if len(parts) == 2:
        year, month = int(parts[0]), int(parts[1])
        end = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=tz)
        return datetime(year, month, 1, tzinfo=tz), end
    if "T" not in text:
        start = datetime.fromisoformat(text).replace(tzinfo=tz)
        return start, start + timedelta(days=1)
    moment = local_time(text, zone)
    return moment, moment


# -- the format ------------------------------------------------------------------------------
def _is_groups(value: Any) -> bool:
    return (isinstance(value, list)
            and all(isinstance(g, list) and g and all(isinstance(a, str) and normalise(a)
                                                      for a in g) for g in value))


def _time_errors(where: str, text: Any, zone: str) -> list[str]:
    if not isinstance(text, str):
        return [f"{where}: must be a local ISO time string"]
    try:
        local_time(text, zone)
    except (ValueError, ZoneInfoNotFoundError) as exc:
        return [f"{where}: {exc}"]
    return []


def _session_errors(conv: Mapping[str, Any], zone: str) -> list[str]:
    errors: list[str] = []
    sessions = conv.get("sessions")
    if not isinstance(sessions, list) or not SESSIONS[0] <= len(sessions) <= SESSIONS[1]:
        return [f"sessions: {SESSIONS[0]}–{SESSIONS[1]} sessions expected"]
    previous_end: datetime | None = None
    total = 0
    for s, session in enumerate(sessions):
        where = f"sessions[{s}]"
        if not isinstance(session, dict) or set(session) != {"at", "turns"}:
            errors.append(f"{where}: needs exactly 'at' and 'turns'")
            continue
        time_errors = _time_errors(f"{where}.at", session["at"], zone)
        turns = session["turns"]
        if not isinstance(turns, list) or not turns:
            errors.append(f"{where}.turns: a non-empty list")
            continue
        for t, turn in enumerate(turns):
            if (not isinstance(turn, dict) or set(turn) != {"role", "content"}
                    or turn["role"] not in ROLES or not isinstance(turn["content"], str)
                    or not turn["content"].strip()):
                errors.append(f"{where}.turns[{t}]: needs role user|assistant and content")
        total += len(turns)
        if time_errors:
            errors.extend(time_errors)
            continue
        times = turn_times(session, zone)
        if times[-1].date() != times[0].date():
            errors.append(f"{where}: crosses local midnight (relative dates would shift)")
        if previous_end is not None and times[0] <= previous_end:
            errors.append(f"{where}: starts before the previous session ended")
        previous_end = times[-1]
    if not TURNS[0] <= total <= TURNS[1]:
        errors.append(f"sessions: {TURNS[0]}–{TURNS[1]} turns in all expected, got {total}")
    if not any(t.get("role") == "user" for s in sessions if isinstance(s, dict)
               for t in s.get("turns", []) if isinstance(t, dict)):
        errors.append("sessions: no user turn")
    if (previous_end is not None and not _time_errors("asked_at", conv.get("asked_at"), zone)
            and local_time(conv["asked_at"], zone) <= previous_end):
        errors.append("asked_at: must come after the last turn")
    return errors


def _fact_errors(facts: Any, zone: str) -> list[str]:
    if not isinstance(facts, list) or not facts:
        return ["expected_facts: a non-empty list"]
    errors: list[str] = []
    for f, fact in enumerate(facts):
        where = f"expected_facts[{f}]"
        if not isinstance(fact, dict) or not {"about", "keys"} <= set(fact) <= _FACT_KEYS:
            errors.append(f"{where}: needs about and keys, may have valid_from / valid_to")
            continue
        if not isinstance(fact["about"], str) or not fact["about"].strip():
            errors.append(f"{where}.about: a non-empty string")
        if not _is_groups(fact["keys"]) or not fact["keys"]:
            errors.append(f"{where}.keys: a non-empty list of non-empty lists of strings")
        bounds = []
        for name in ("valid_from", "valid_to"):
            if name in fact:
                try:
                    bounds.append(period(fact[name], zone))
                except (ValueError, TypeError) as exc:
                    errors.append(f"{where}.{name}: {exc}")
        # Each bound names a period (a month, a day, …) somewhere inside which the statement
        # starts or ends: "2025-05" to "2025-05" is a statement true for part of May. Only a
        # start that cannot come before the end is an error.
        if len(bounds) == 2 and not bounds[0][0] < bounds[1][1]:
            errors.append(f"{where}: valid_from must come before valid_to")
    return errors


def _question_errors(conv: Mapping[str, Any], zone: str) -> list[str]:
    questions = conv.get("questions")
    if not isinstance(questions, list) or not QUESTIONS[0] <= len(questions) <= QUESTIONS[1]:
        return [f"questions: {QUESTIONS[0]}–{QUESTIONS[1]} questions expected"]
    errors: list[str] = []
    ids = set()
    kinds = conv.get("kinds") if isinstance(conv.get("kinds"), list) else []
    for q, question in enumerate(questions):
        where = f"questions[{q}]"
        if not isinstance(question, dict) or not (
                {"id", "type", "kind", "ask", "expect"} <= set(question) <= _QUESTION_KEYS):
            errors.append(f"{where}: needs id, type, kind, ask, expect (reject, ordered, as_of "
                          "optional)")
            continue
        qid, qtype = question["id"], question["type"]
        if not isinstance(qid, str) or not re.fullmatch(re.escape(str(conv.get("id"))) +
                                                        r"-q\d+", qid) or qid in ids:
            errors.append(f"{where}.id: unique, '<conversation id>-q<n>'")
        ids.add(qid)
        if qtype not in QUESTION_TYPES:
            errors.append(f"{where}.type: one of {QUESTION_TYPES}")
        if question["kind"] not in kinds:
            errors.append(f"{where}.kind: one of the conversation's kinds {kinds}")
        if not isinstance(question["ask"], str) or not question["ask"].strip():
            errors.append(f"{where}.ask: a non-empty string")
        reject = question.get("reject", [])
        if not _is_groups(question["expect"]):
            errors.append(f"{where}.expect: a list of non-empty lists of strings")
        if not isinstance(reject, list) or not all(isinstance(r, str) and normalise(r)
                                                   for r in reject):
            errors.append(f"{where}.reject: a list of non-empty strings")
        elif not question["expect"] and not reject:
            errors.append(f"{where}: expect and reject are both empty")
        if "ordered" in question and (qtype != "history"
                                      or not isinstance(question["ordered"], bool)):
            errors.append(f"{where}.ordered: a boolean, on history questions only")
        if (qtype == "as_of") != ("as_of" in question):
            errors.append(f"{where}.as_of: required on as_of questions, and only there")
        elif qtype == "as_of":
            time_errors = _time_errors(f"{where}.as_of", question["as_of"], zone)
            errors.extend(time_errors)
            if not time_errors and not _time_errors("asked_at", conv.get("asked_at"), zone) \
                    and local_time(question["as_of"], zone) > local_time(conv["asked_at"], zone):
                errors.append(f"{where}.as_of: after asked_at (the memory cannot know it)")
    types = {q.get("type") for q in questions if isinstance(q, dict)}
    if types != set(QUESTION_TYPES):
        errors.append(f"questions: every type {QUESTION_TYPES} expected, got {sorted(types)}")
    asked = {q.get("kind") for q in questions if isinstance(q, dict)}
    for kind in kinds:
        if kind not in asked:
            errors.append(f"kinds: no question of kind {kind!r}")
    return errors


def check_conversation(conv: Any, *, language: str | None = None,
                       split: str | None = None) -> list[str]:
    """What breaks the format in one conversation (empty when it is well-formed).
    ``language`` and ``split`` are those of the file it comes from."""
    if not isinstance(conv, dict):
        return ["not a JSON object"]
    errors: list[str] = []
    if set(conv) != _CONVERSATION_KEYS:
        errors.append(f"keys: expected {sorted(_CONVERSATION_KEYS)}, got {sorted(conv)}")
        return errors
    match = _ID.match(conv["id"]) if isinstance(conv["id"], str) else None
    if match is None or match["lang"] != conv["language"]:
        errors.append("id: '<language>-NN'")
    if language is not None and conv["language"] != language:
        errors.append(f"language: the file holds {language!r} conversations")
    if conv["split"] not in ("dev", "test") or (split is not None and conv["split"] != split):
        errors.append(f"split: the file's split ({split}) expected")
    zone = conv["timezone"]
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        return [*errors, f"timezone: {zone!r} is no IANA zone"]
    kinds = conv["kinds"]
    if (not isinstance(kinds, list) or not kinds or len(set(kinds)) != len(kinds)
            or not set(kinds) <= set(KINDS)):
        errors.append(f"kinds: a non-empty list of distinct kinds from {KINDS}")
    errors.extend(_time_errors("asked_at", conv["asked_at"], zone))
    errors.extend(_session_errors(conv, zone))
    errors.extend(_fact_errors(conv["expected_facts"], zone))
    errors.extend(_question_errors(conv, zone))
    return errors


# -- consistency with expected_facts ----------------------------------------------------------
def _agrees(group: Sequence[str], fact: Mapping[str, Any]) -> bool:
    """Some alternative of ``group`` and some key alternative of ``fact`` contain one another."""
    keys = [k for g in fact["keys"] for k in g]
    return any(matches(a, k) or matches(k, a) for a in group for k in keys)


def validity(fact: Mapping[str, Any], zone: str) -> tuple[datetime | None, datetime | None,
                                                          datetime | None, datetime | None]:
    """(earliest start, latest start, earliest end, latest end); None = unbounded."""
    start = period(fact["valid_from"], zone) if "valid_from" in fact else (None, None)
    end = period(fact["valid_to"], zone) if "valid_to" in fact else (None, None)
    return start[0], start[1], end[0], end[1]


def surely_valid(fact: Mapping[str, Any], at: datetime, zone: str) -> bool:
    """Valid at ``at`` whatever day of its month (or year) the period starts and ends."""
    _, late_start, early_end, _ = validity(fact, zone)
    return (late_start is None or late_start <= at) and (early_end is None or at < early_end)


def maybe_valid(fact: Mapping[str, Any], at: datetime, zone: str) -> bool:
    """Valid at ``at`` for some reading of its (month or year) bounds."""
    early_start, _, _, late_end = validity(fact, zone)
    return (early_start is None or early_start <= at) and (late_end is None or at < late_end)


def check_consistency(conv: Mapping[str, Any]) -> list[str]:
    """Questions whose expectations disagree with the conversation's ``expected_facts``.

    At the question's moment (``asked_at`` for current, ``as_of`` for as_of): every expect
    group agrees with some expected fact surely valid then, and no reject string occurs in a
    key of any expected fact possibly valid then. History: every group agrees with some
    expected fact (of any time) and, when ordered, with facts in order of validity start; a
    reject string occurs in no expected fact at all.
    Run on well-formed conversations only.
    """
    zone = conv["timezone"]
    facts = conv["expected_facts"]
    errors: list[str] = []
    for question in conv["questions"]:
        qid, qtype = question["id"], question["type"]
        groups, reject = question["expect"], question.get("reject", [])
        if qtype == "history":
            pool = list(facts)
            at = None
        else:
            at = local_time(question["as_of"] if qtype == "as_of" else conv["asked_at"], zone)
            pool = [f for f in facts if surely_valid(f, at, zone)]
        for group in groups:
            if not any(_agrees(group, f) for f in pool):
                errors.append(f"{qid}: expect {group[0]!r} agrees with no expected fact "
                              f"{'valid then' if at else ''}".rstrip())
        for value in reject:
            clash = [f["about"] for f in facts if (at is None or maybe_valid(f, at, zone))
                     and any(matches(value, k) for g in f["keys"] for k in g)]
            if clash:
                errors.append(f"{qid}: reject {value!r} occurs in expected fact(s) {clash}"
                              f"{' valid then' if at else ''}")
        if qtype == "history" and question.get("ordered"):
            floor = datetime.min.replace(tzinfo=UTC)
            for group in groups:
                starts = sorted(validity(f, zone)[0] or floor for f in facts
                                if _agrees(group, f))
                later = [s for s in starts if s >= floor]
                if not later:
                    errors.append(f"{qid}: ordered groups are not in order of validity")
                    break
                floor = later[0]
    return errors
