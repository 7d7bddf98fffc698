"""Fact extraction with any OpenAI-compatible chat-completions endpoint.

Seed: ``emberhearth-memory-research.md`` §1 "Extraction Prompt Design" (what to extract and
what not to, confidence, privacy level, emotional weight) and §1 taxonomy.

**Call bound.** Turns are sent in batches of ``turns_per_call`` (default 20); one ``add``
makes at most ``max_calls_per_add`` HTTP calls (default 4), retries included. Batches the
budget cannot cover, and batches still invalid after ``max_retries`` retries, become
retryable :class:`~lucidmem.facts.extractors.ExtractionFailure` s (the raw response kept)
that ``memory.facts.retry_failures`` picks up later. So an ``add`` of n turns costs
``min(max_calls_per_add, ceil(n / turns_per_call) × (1 + max_retries))`` calls at most.

**Retries.** Invalid JSON, a response that breaks the schema, HTTP 5xx, timeouts and
connection errors are retried after ``backoff_seconds × 2^attempt``; HTTP 429 waits the
``Retry-After`` the server sends (capped at ``max_retry_after_seconds``, else the batch fails
retryably). Items of a valid response that break the taxonomy are dropped *and* recorded.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from lucidmem.facts.extractors import (
    ExtractionFailure,
    ExtractionResult,
    KnownFact,
    TurnInput,
)
from lucidmem.facts.model import FactCandidate, FactCategory, PrivacyLevel, Subcategory
from lucidmem.facts.offline_extractor import NON_USER_SPEAKERS, detect_language
from lucidmem.facts.temporal import TemporalAnchor, resolve_temporal
from lucidmem.settings import FactSettings

if TYPE_CHECKING:
    import httpx

__all__ = ["FACT_SCHEMA", "SYSTEM_PROMPT", "LLMExtractor", "schema_errors"]

SYSTEM_PROMPT = """You extract facts about the user from conversation turns, to remember them \
in future conversations. Extract only what the text states:
- Preferences (likes, dislikes, how they want things done, diet)
- Relationships (people and pets mentioned, their connection to the user, their names)
- Biographical details (job, employer, location, health if shared, hobbies)
- Upcoming events, deadlines and appointments, with their time expression as written
- Opinions and values; current projects, concerns, goals and constraints
For each fact give: the turn_id it comes from; category and subcategory from the schema; \
subject ("user" for the user, else the person's name); predicate in snake_case (likes, \
dislikes, diet, lives_in, works_at, occupation, has_sister, has_event, allergic_to, ...); the \
object exactly in the language the user wrote it in; confidence 0.0-1.0 (how certain the text \
makes it); emotional_intensity 0.0-1.0; privacy: public, private or secret ("don't tell \
anyone", "between us" => secret; health, finance, family, location => private; general \
preferences, hobbies => public); temporal_text: the time expression as written, or null; \
negated; is_change (no longer, anymore, moved to, now); is_correction (I meant, sorry, \
actually it's); one_off (just today, this time); context (e.g. "at work") or null; language \
as an ISO 639-1 code.
Also give: text — the fact as one sentence that stands alone ("The user drinks green tea in \
the mornings"; dates written out, e.g. "on 14 March 2025"); action — "state" for a new fact, \
"supersede" when it replaces a known fact that is no longer true (moved, changed job, changed \
habit), "correct" when the user says a known fact was wrong all along, "retract" when the user \
asks you to forget it; target_fact_id — the id of that known fact (null for "state").
Known facts about the user are listed with their ids: use them to decide the action, never \
restate them unchanged.
Do NOT extract: transient task details (unless they reveal preferences), information about \
third parties that does not relate to the user, speculative inferences without textual \
support, hypotheticals ("if I ever…"), sarcasm, questions, other people's quoted words, or \
anything the assistant said about itself. Answer with JSON only."""

_ITEM_PROPERTIES: dict[str, Any] = {
    "turn_id": {"type": "string"},
    "category": {"type": "string", "enum": [c.value for c in FactCategory]},
    "subcategory": {"type": "string", "enum": [s.value for s in Subcategory]},
    "subject": {"type": "string"},
    "predicate": {"type": "string"},
    "object": {"type": "string"},
    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
    "emotional_intensity": {"type": "number", "minimum": 0, "maximum": 1},
    "privacy": {"type": "string", "enum": [p.value for p in PrivacyLevel]},
    "temporal_text": {"type": ["string", "null"]},
    "negated": {"type": "boolean"},
    "is_change": {"type": "boolean"},
    "is_correction": {"type": "boolean"},
    "one_off": {"type": "boolean"},
    "context": {"type": ["string", "null"]},
    "language": {"type": "string"},
    "text": {"type": ["string", "null"]},
    "action": {"type": "string", "enum": ["state", "supersede", "correct", "retract"]},
    "target_fact_id": {"type": ["string", "null"]},
}
_OPTIONAL = {"text": None, "action": "state", "target_fact_id": None,
             "emotional_intensity": 0.3, "privacy": "private", "temporal_text": None,
             "negated": False, "is_change": False, "is_correction": False, "one_off": False,
             "context": None, "language": None, "category": None}
"""Fields an item may leave out (older or smaller models): their defaults."""
FACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"facts": {"type": "array", "items": {
        "type": "object", "properties": _ITEM_PROPERTIES,
        "required": list(_ITEM_PROPERTIES), "additionalProperties": False}}},
    "required": ["facts"],
    "additionalProperties": False,
}
"""The JSON schema sent as ``response_format`` (strict structured output)."""


_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "number": (int, float), "boolean": (bool,), "null": (type(None),),
}


def schema_errors(item: object) -> list[str]:
    """What makes ``item`` break :data:`FACT_SCHEMA`'s item schema (empty: it conforms).
    Fields of :data:`_OPTIONAL` may be missing; unknown fields are errors."""
    if not isinstance(item, dict):
        return ["an item is not an object"]
    errors = [f"missing {name!r}" for name in _ITEM_PROPERTIES
              if name not in item and name not in _OPTIONAL]
    for name, value in item.items():
        spec = _ITEM_PROPERTIES.get(name)
        if spec is None:
            errors.append(f"unknown field {name!r}")
            continue
        kinds = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
        allowed = tuple(t for k in kinds for t in _TYPES[k])
        if (isinstance(value, bool) and "boolean" not in kinds) or \
                not isinstance(value, allowed):
            errors.append(f"{name!r} must be {spec['type']}")
        elif "enum" in spec and value not in spec["enum"]:
            errors.append(f"{name!r} must be one of {spec['enum']}")
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and (
                value < spec.get("minimum", value) or value > spec.get("maximum", value)):
            errors.append(f"{name!r} out of range")
    return errors


class _Invalid(Exception):
    """The response cannot be used; retry. ``raw`` is the response body when there was one."""

    def __init__(self, message: str, raw: str | None = None) -> None:
        super().__init__(message)
        self.raw = raw


class _Unretryable(Exception):
    """The endpoint refuses the request itself (4xx other than 429)."""


def _candidate(item: dict[str, Any], turn: TurnInput,
               known: dict[str, KnownFact] | None = None) -> FactCandidate:
    """Validate one item and resolve its time expression against the turn's timestamp."""
    errors = schema_errors(item)
    if errors:
        raise ValueError("; ".join(errors[:3]))
    item = {**_OPTIONAL, **item}
    subject_said = str(item["subject"]).strip()
    if subject_said.casefold() not in ("i", "me", "the user", "user") and \
            subject_said.casefold() not in turn.text.casefold() and not any(
                k.subject.casefold() == subject_said.casefold() for k in (known or {}).values()):
        raise ValueError(f"llm:unknown_person {subject_said!r}: not named by the user")
    action = str(item["action"])
    target = item.get("target_fact_id")
    if action != "state" and (not target or target not in (known or {})):
        raise ValueError(f"action {action!r} names no known fact ({target!r})")
    sub = Subcategory(str(item["subcategory"]))
    category = FactCategory(str(item.get("category") or sub.value.split(".")[0]))
    temporal = item.get("temporal_text") or None
    valid_from = valid_to = None
    unresolved = False
    if temporal:
        found = resolve_temporal(str(temporal), turn.timestamp)
        unresolved = not found.resolved
        if found.resolved:
            if found.anchor is TemporalAnchor.UNTIL:
                valid_to = found.end
            elif category is FactCategory.EVENT or item.get("one_off"):
                valid_from, valid_to = found.start, found.end
            else:
                valid_from = found.start
    subject = str(item["subject"]).strip()
    if subject.casefold() in ("i", "me", "the user", "user"):
        subject = "user"
    return FactCandidate(
        category=category, subcategory=sub, subject=subject,
        predicate=str(item["predicate"]).strip().casefold().replace(" ", "_"),
        object=str(item["object"]).strip(), confidence=float(item["confidence"]),
        emotional_intensity=float(item.get("emotional_intensity", 0.3)),
        privacy=PrivacyLevel(str(item.get("privacy", "private"))),
        temporal_text=temporal, valid_from=valid_from, valid_to=valid_to,
        temporal_unresolved=unresolved,
        language=str(item.get("language") or detect_language(turn.text)),
        source_text=turn.text, negated=bool(item.get("negated", False)),
        is_change=bool(item.get("is_change", False)) or action == "supersede",
        is_correction=bool(item.get("is_correction", False)) or action == "correct",
        one_off=bool(item.get("one_off", False)), context=item.get("context") or None,
        text=str(item["text"]).strip() or None if item.get("text") else None,
        evidence=turn.text, replaces=str(target) if action != "state" else None,
        ends_as=action if action != "state" else None,
        flags=("unresolved_date",) if unresolved else (),
    )


class LLMExtractor:
    """Extraction through ``POST {base_url}/chat/completions`` with a JSON schema."""

    name = "llm"

    def __init__(
        self, base_url: str, model: str, *, api_key: str | None = None,
        timeout: float = 30.0, max_retries: int = 2, backoff: float = 0.5,
        max_retry_after: float = 30.0, turns_per_call: int = 20, max_calls: int = 4,
        include_assistant: bool = False, sleep: Callable[[float], None] = time.sleep,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        import httpx  # imported on first use: the offline extractor makes no HTTP call

        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = httpx.Client(base_url=base_url.rstrip("/"), headers=headers,
                                   timeout=timeout, transport=transport)
        self.model = model
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_retry_after = max_retry_after
        self.turns_per_call = turns_per_call
        self.max_calls = max_calls
        self.include_assistant = include_assistant
        self._sleep = sleep

    @classmethod
    def from_settings(cls, settings: FactSettings) -> LLMExtractor:
        """Build from ``settings.facts`` (``base_url`` must be set)."""
        if not settings.base_url:
            from lucidmem.errors import ConfigurationError

            raise ConfigurationError("the LLM extractor needs LUCIDMEM_FACTS__BASE_URL")
        key = settings.api_key.get_secret_value() if settings.api_key else None
        return cls(settings.base_url, settings.model, api_key=key,
                   timeout=settings.timeout_seconds, max_retries=settings.max_retries,
                   backoff=settings.backoff_seconds,
                   max_retry_after=settings.max_retry_after_seconds,
                   turns_per_call=settings.turns_per_call, max_calls=settings.max_calls_per_add,
                   include_assistant=settings.extract_assistant_turns)

    def close(self) -> None:
        """Close the HTTP client."""
        self.client.close()

    # -- one call -------------------------------------------------------------------------
    def _payload(self, turns: Sequence[TurnInput],
                 known: Sequence[KnownFact] = ()) -> dict[str, Any]:
        listing = [{"turn_id": t.id, "speaker": t.speaker, "said_at": t.timestamp.isoformat(),
                    "text": t.text} for t in turns]
        facts = [{"id": k.id, "slot": k.slot, "subject": k.subject, "text": k.text}
                 for k in known]
        content: dict[str, Any] = {"turns": listing}
        if facts:
            content["known_facts"] = facts
        return {
            "model": self.model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": json.dumps(content, ensure_ascii=False)},
            ],
            "response_format": {"type": "json_schema", "json_schema": {
                "name": "extracted_facts", "strict": True, "schema": FACT_SCHEMA}},
        }

    def _call(self, turns: Sequence[TurnInput],
              known: Sequence[KnownFact] = ()) -> tuple[list[dict[str, Any]], str]:
        """One HTTP call; returns the fact items and the raw content, or raises."""
        import httpx

        try:
            response = self.client.post("/chat/completions", json=self._payload(turns, known))
        except httpx.TimeoutException as exc:
            raise _Invalid(f"timed out: {exc}") from exc
        except httpx.HTTPError as exc:
            raise _Invalid(f"endpoint unreachable: {exc}") from exc
        raw = response.text
        if response.status_code == 429:
            raise _RateLimited(raw, response.headers.get("retry-after"))
        if response.status_code >= 500:
            raise _Invalid(f"HTTP {response.status_code}", raw)
        if response.status_code >= 400:
            raise _Unretryable(f"HTTP {response.status_code}: {raw[:500]}")
        try:
            content = response.json()["choices"][0]["message"]["content"]
            parsed = json.loads(content)
            items = parsed["facts"]
            if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
                raise TypeError("facts is not a list of objects")
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise _Invalid(f"invalid output: {exc}", raw) from exc
        return items, str(content)

    # -- the interface ------------------------------------------------------------------------
    def extract(self, turns: Sequence[TurnInput], *,
                known: Sequence[KnownFact] = ()) -> ExtractionResult:
        """Extract from ``turns`` in bounded, retried batches (see the module docstring);
        ``known`` are the user's current facts, shown to the model so that it can supersede,
        correct or retract them by id."""
        result = ExtractionResult()
        readable = []
        for turn in turns:
            result.facts[turn.id] = []
            if self.include_assistant or turn.speaker.casefold() not in NON_USER_SPEAKERS:
                readable.append(turn)
        for start in range(0, len(readable), self.turns_per_call):
            self._batch(readable[start:start + self.turns_per_call], result, known)
        return result

    def _batch(self, batch: Sequence[TurnInput], result: ExtractionResult,
               known: Sequence[KnownFact] = ()) -> None:
        ids = tuple(t.id for t in batch)
        raw: str | None = None
        error = "call budget of this add exhausted; retry later"
        attempts = 0
        while attempts <= self.max_retries and result.calls < self.max_calls:
            attempts += 1
            result.calls += 1
            try:
                items, raw = self._call(batch, known)
            except _RateLimited as exc:
                raw, wait = exc.raw, exc.wait(self.backoff * 2 ** (attempts - 1))
                error = f"HTTP 429 rate limited (Retry-After {wait:g} s)"
                if wait > self.max_retry_after:
                    break
                self._sleep(wait)
                continue
            except _Invalid as exc:
                error, raw = str(exc), exc.raw or raw
                self._sleep(self.backoff * 2 ** (attempts - 1))
                continue
            except _Unretryable as exc:
                result.failures.append(ExtractionFailure(ids, str(exc), None, attempts, False))
                return
            self._accept(batch, items, raw, attempts, result, {k.id: k for k in known})
            return
        result.failures.append(ExtractionFailure(ids, error, raw, attempts, True))

    def _accept(self, batch: Sequence[TurnInput], items: list[dict[str, Any]], raw: str,
                attempts: int, result: ExtractionResult,
                known: dict[str, KnownFact] | None = None) -> None:
        by_id = {t.id: t for t in batch}
        rejected: list[str] = []
        for item in items:
            turn = by_id.get(str(item.get("turn_id")))
            if turn is None and len(batch) == 1:
                turn = batch[0]
            try:
                if turn is None:
                    raise ValueError(f"unknown turn_id {item.get('turn_id')!r}")
                result.facts[turn.id].append(_candidate(item, turn, known))
            except Exception as exc:
                rejected.append(f"{type(exc).__name__}: {exc}")
                if turn is not None and "llm:unknown_person" in str(exc):
                    result.flags.setdefault(turn.id, []).append("llm:unknown_person")
        if rejected:
            result.failures.append(ExtractionFailure(
                tuple(by_id), f"{len(rejected)} invalid fact item(s): " + "; ".join(rejected[:5]),
                raw, attempts, False))


class _RateLimited(Exception):
    """HTTP 429 with an optional Retry-After header (seconds)."""

    def __init__(self, raw: str, retry_after: str | None) -> None:
        super().__init__("rate limited")
        self.raw = raw
        self.retry_after = retry_after

    def wait(self, default: float) -> float:
        try:
            return max(0.0, float(self.retry_after)) if self.retry_after else default
        except ValueError:
            return default
