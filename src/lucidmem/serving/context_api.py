"""Context assembly (M6): one call returns a token-budgeted context for the next reply.

Allocation policy
-----------------
The budget is split into shares, filled in this order: skill guidance 10 %,
profile summary 10 %, recent turns (working memory) 30 %, facts 25 %,
relevant memories 25 % (:data:`DEFAULT_SHARES`). A part that needs less than
its share passes the rest on to the parts after it, so an empty skill or
profile part leaves more room for turns and memories. Inside a part, entries
are taken greedily in order of importance (most recent turn first, best
search score first) and the part stops at an item boundary: an entry that
does not fit is skipped (counted in ``dropped``), never cut. One long item
cannot swallow a part: each entry is first capped at half of its part's
share (cut at a word boundary with "…"). The rendered prompt is counted as a
whole at the end and trailing entries are dropped until it fits, so
``total_tokens <= token_budget`` always holds.

Facts (items of kind ``"fact"``) are shown hedged by their confidence band
when their metadata carries ``confidence`` and/or ``band``; facts marked
``privacy: secret`` are never shown. The skill part uses
``Memory.select_skill`` and the profile part ``Memory.profile_summary`` when
those capabilities exist (an absent one leaves its part empty, saying so in
``note``). While a user has not opted in to behaviour learning, selection
returns the default skill, whose guidance is shown; once opted in, each
context assembly is a selection: the skill entry's ``item_id`` is the
selection id to send feedback with.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..core import MemoryCore
from ..errors import InvalidInputError, LucidmemError
from ..scope import validate_id
from ..types import MemoryItem, SearchHit
from ._compat import call_with_supported, capability, field_of
from .models import AssembledContext, ContextEntry, ContextPart, PartName
from .tokens import TokenCounter, default_counter

if TYPE_CHECKING:
    from ..memory import Memory

__all__ = ["DEFAULT_SHARES", "MAX_TOKEN_BUDGET", "MIN_TOKEN_BUDGET", "ContextAPI", "hedge"]

DEFAULT_SHARES: dict[PartName, float] = {
    "skill": 0.10,
    "profile": 0.10,
    "working_memory": 0.30,
    "facts": 0.25,
    "memories": 0.25,
}
"""Budget shares per part, in filling order; unused budget flows to later parts."""

TITLES: dict[PartName, str] = {
    "skill": "## How to reply",
    "profile": "## About the user",
    "working_memory": "## Recent conversation",
    "facts": "## What you know about the user (hedged by confidence)",
    "memories": "## Relevant memories",
}
MIN_TOKEN_BUDGET = 32
MAX_TOKEN_BUDGET = 128_000
RECENT_TURNS = 20
SEARCH_K = 40


def hedge(confidence: float | None, band: str | None) -> str | None:
    """The hedge word shown before a fact: its band, else one derived from the confidence."""
    if band:
        return str(band)
    if confidence is None:
        return None
    if confidence >= 0.85:
        return "confident"
    if confidence >= 0.6:
        return "likely"
    if confidence >= 0.4:
        return "possibly"
    return "unsure"


def _value(raw: Any) -> Any:
    return getattr(raw, "value", raw)  # enums (StrEnum bands, privacy levels) → plain values


def _fact_entry(hit: SearchHit, fact: Any = None) -> tuple[str, float | None, str | None] | None:
    """The hedged line of a fact hit; ``fact`` is ``Memory.fact``'s answer when available."""
    meta: Any = fact if fact is not None else hit.item.metadata
    if str(_value(field_of(meta, "privacy")) or "").lower() == "secret":
        return None
    raw = field_of(meta, "confidence", "confidence_score")
    confidence = float(raw) if isinstance(raw, int | float) else None
    band = hedge(confidence, _value(field_of(meta, "band", "confidence_band")))
    prefix = f"[{band}{'' if confidence is None else f' {confidence:.2f}'}] " if band else ""
    return f"- {prefix}{hit.item.text}", confidence, band


def _date(item: MemoryItem) -> str:
    return item.occurred_at.strftime("%Y-%m-%d")


class _Filler:
    """Greedy filling of parts in order, carrying unused budget forward."""

    def __init__(self, counter: TokenCounter, budget: int) -> None:
        self.counter = counter
        self.budget = budget
        self.carry = 0

    def part(self, name: PartName, started: float, candidates: Sequence[ContextEntry],
             note: str | None = None) -> ContextPart:
        allowed = int(self.budget * DEFAULT_SHARES[name]) + self.carry
        title = TITLES[name]
        used = self.counter.count(title) + 1
        chosen: list[ContextEntry] = []
        dropped = 0
        cap = max(8, int(self.budget * DEFAULT_SHARES[name]) // 2)
        for entry in candidates:
            if entry.tokens > cap:
                text = self.counter.truncate(entry.text, cap)
                entry = entry.model_copy(update={"text": text,
                                                 "tokens": self.counter.count(text)})
            if used + entry.tokens + 1 <= allowed:
                chosen.append(entry)
                used += entry.tokens + 1
            else:
                dropped += 1
        tokens = self.counter.count(_render(title, chosen)) if chosen else 0
        self.carry = max(0, allowed - tokens)
        return ContextPart(name=name, title=title, entries=chosen, tokens=tokens, budget=allowed,
                           ms=(time.perf_counter() - started) * 1000, dropped=dropped,
                           note=note if not chosen else None)


def _render(title: str, entries: Sequence[ContextEntry]) -> str:
    return title + "\n" + "\n".join(e.text for e in entries)


def _prompt(parts: Sequence[ContextPart]) -> str:
    return "\n\n".join(_render(p.title, p.entries) for p in parts if p.entries)


class ContextAPI(MemoryCore):
    """``Memory.context``: the token-budgeted context for an assistant's next reply."""

    def context(
        self,
        user_id: str,
        message: str,
        *,
        token_budget: int = 1500,
        conversation_id: str | None = None,
        context: str | None = None,
    ) -> AssembledContext:
        """Assemble recent turns, facts, memories, profile and skill guidance within a budget.

        Every part reports its tokens and the milliseconds it took; ``prompt``
        is the whole thing rendered for a system prompt. See the module
        docstring for how the budget is shared.
        """
        started = time.perf_counter()
        validate_id(user_id)
        if conversation_id is not None:
            validate_id(conversation_id, "conversation_id")
        if not isinstance(message, str) or not message.strip():
            raise InvalidInputError("message is empty: pass the user's message", field="message")
        if len(message) > self.settings.max_message_chars:
            raise InvalidInputError(
                f"message is longer than {self.settings.max_message_chars} characters",
                field="message")
        if not MIN_TOKEN_BUDGET <= token_budget <= MAX_TOKEN_BUDGET:
            raise InvalidInputError(
                f"token_budget must be between {MIN_TOKEN_BUDGET} and {MAX_TOKEN_BUDGET}",
                field="token_budget")
        memory = cast("Memory", self)
        counter = default_counter()
        fill = _Filler(counter, token_budget)
        extra = {"user_id": user_id, "message": message, "conversation_id": conversation_id,
                 "context": context}
        parts = [self._skill_part(fill, extra), self._profile_part(fill, extra)]

        t = time.perf_counter()
        recent = memory.working_memory(user_id=user_id, conversation_id=conversation_id,
                                       context=context, limit=RECENT_TURNS)
        turns = [self._entry(counter, f"{i.role or 'user'}: {i.text}", i.id)
                 for i in reversed(recent)]
        working = fill.part("working_memory", t, turns, note="no recent turns")
        parts.append(working.model_copy(update={"entries": working.entries[::-1]}))
        shown = {e.item_id for e in working.entries}

        t = time.perf_counter()
        hits = memory.search(message, user_id=user_id, k=SEARCH_K, context=context)
        search_ms = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        facts: list[ContextEntry] = []
        lookup = capability(self, "fact")
        for hit in hits:
            if hit.item.kind != "fact":
                continue
            fact = None
            if lookup is not None:  # decayed confidence, band and privacy of the facts API
                try:
                    fact = call_with_supported(lookup, user_id=user_id, fact_id=hit.item.id,
                                               context=context)
                except LucidmemError:
                    fact = None
            if (found := _fact_entry(hit, fact)) is not None:
                text, confidence, band = found
                facts.append(self._entry(counter, text, hit.item.id, hit.score,
                                         confidence=confidence, band=band))
        parts.append(fill.part("facts", t, facts, note="no facts extracted yet"))
        t = time.perf_counter() - search_ms / 1000
        memories = [
            self._entry(counter, f"- ({_date(h.item)}) {h.item.text}", h.item.id, h.score)
            for h in hits
            if h.item.kind != "fact" and h.item.id not in shown
            and str(h.item.metadata.get("privacy", "")).lower() != "secret"
        ]
        parts.append(fill.part("memories", t, memories, note="nothing relevant found"))

        prompt = _prompt(parts)
        total = counter.count(prompt)
        while total > token_budget:  # seams tokenise differently: drop trailing entries
            parts = _drop_last_entry(parts, counter)
            prompt = _prompt(parts)
            total = counter.count(prompt)
        return AssembledContext(user_id=user_id, message=message, token_budget=token_budget,
                                total_tokens=total, parts=parts, prompt=prompt,
                                ms=(time.perf_counter() - started) * 1000,
                                tokenizer=counter.name)

    @staticmethod
    def _entry(counter: TokenCounter, text: str, item_id: str | None = None,
               score: float | None = None, **extra: Any) -> ContextEntry:
        return ContextEntry(text=text, tokens=counter.count(text), item_id=item_id, score=score,
                            **extra)

    def _optional_part(self, fill: _Filler, name: PartName, method: str,
                       extra: dict[str, Any], render: Callable[[Any], list[str]],
                       missing: str) -> ContextPart:
        t = time.perf_counter()
        fn = capability(self, method)
        if fn is None:
            return fill.part(name, t, [], note=missing)
        try:
            result = call_with_supported(fn, **extra)
        except LucidmemError as exc:
            return fill.part(name, t, [], note=f"{method} failed: {exc}")
        lines = render(result) if result is not None else []
        source = field_of(result, "id") if name == "skill" and result is not None else None
        entries = [self._entry(fill.counter, line, source if isinstance(source, str) else None)
                   for line in lines if line]
        return fill.part(name, t, entries, note=f"{method} returned nothing")

    def _skill_part(self, fill: _Filler, extra: dict[str, Any]) -> ContextPart:
        def render(selection: Any) -> list[str]:
            skill = field_of(selection, "skill") or selection
            guidance = field_of(skill, "procedure_template", "guidance", "template",
                                "instructions", "prompt")
            if guidance is None and isinstance(skill, str):
                guidance = skill
            extra_lines = field_of(selection, "compiled_behaviour", "behaviour")
            lines = [str(guidance)] if guidance else []
            if isinstance(extra_lines, str):
                lines.append(extra_lines)
            return lines

        return self._optional_part(
            fill, "skill", "select_skill", extra, render,
            "empty until behaviour learning is enabled (Memory has no select_skill)")

    def _profile_part(self, fill: _Filler, extra: dict[str, Any]) -> ContextPart:
        def render(profile: Any) -> list[str]:
            summary = profile if isinstance(profile, str) else field_of(profile, "summary", "text")
            return [str(summary)] if summary else []

        return self._optional_part(
            fill, "profile", "profile_summary", {"user_id": extra["user_id"],
                                                 "context": extra["context"]},
            render, "no profile summary (Memory has no profile_summary)")


def _drop_last_entry(parts: list[ContextPart], counter: TokenCounter) -> list[ContextPart]:
    for index in range(len(parts) - 1, -1, -1):
        part = parts[index]
        if part.entries:
            entries = part.entries[:-1] if part.name != "working_memory" else part.entries[1:]
            tokens = counter.count(_render(part.title, entries)) if entries else 0
            parts = list(parts)
            parts[index] = part.model_copy(update={"entries": entries, "tokens": tokens,
                                                   "dropped": part.dropped + 1})
            return parts
    return parts  # pragma: no cover - an empty prompt always fits
