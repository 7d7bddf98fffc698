"""Context assembly: one call returns a token-budgeted context for the next reply.

Allocation policy
-----------------
The budget is split into shares, filled in this order: skill guidance 10 %,
profile 10 %, recent turns (working memory) 30 %, facts 25 %, relevant
memories 25 % (:data:`DEFAULT_SHARES`). A part that needs less than its share
passes the rest on to the parts after it, so an empty skill or profile part
leaves more room for turns and memories. Inside a part, entries are taken
greedily in order of importance (most recent turn first, best search score
first) and the part stops at an item boundary: an entry that does not fit is
skipped (counted in ``dropped``), never cut. One long item cannot swallow a
part: each entry is first capped at half of its part's share (cut at a word
boundary with "…"). The rendered prompt is counted as a whole at the end and
trailing entries are dropped until it fits, so ``total_tokens <= token_budget``
always holds.

The parts come from the capabilities, called directly:

* **skill** — :meth:`Skills.select` (the default skill until the user opts in to
  behaviour learning; afterwards each assembly is a selection and
  :attr:`AssembledContext.selection_id` is the id feedback takes); with ``agent_id``,
  the agent's compiled behaviour (:meth:`Policies.compile`);
* **profile** — the style learned from the user's feedback (:meth:`Skills.profile`)
  and the suggestion patterns of their outcome profile (:meth:`Outcomes.profile`);
* **facts** — facts among the search hits, read through :meth:`Facts.get` so their
  confidence is decayed to now; a fact the memory should hedge reads "probably: …" or
  "possibly: …", every fact says the day the user said it; prune candidates,
  secret facts and facts not relevant to the message (relevance below
  ``settings.facts.context_min_relevance``, :mod:`lucidmem.facts.relevance`) are left out;
* **working memory** and **memories** — recent turns and the other search hits.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ..agents.capability import Agents
from ..behaviour.capability import Skills
from ..behaviour.dimensions import DIMENSIONS
from ..errors import InvalidInputError, NotFoundError
from ..facts.capability import Facts
from ..facts.decay import ConfidenceBand
from ..facts.model import PrivacyLevel
from ..facts.records import Fact
from ..facts.relevance import record_relevance
from ..kernel import Kernel
from ..records import Kind
from ..scope import check_unicode, validate_id
from ..types import MemoryItem
from .models import AssembledContext, ContextEntry, ContextPart, PartName
from .reader import ConversationReader
from .tokens import TokenCounter, default_counter

__all__ = ["DEFAULT_SHARES", "MAX_TOKEN_BUDGET", "MIN_TOKEN_BUDGET", "ContextAssembler",
           "describe_style", "fact_line"]

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
    "facts": "## What you know about the user",
    "memories": "## Relevant memories",
}
MIN_TOKEN_BUDGET = 32
MAX_TOKEN_BUDGET = 128_000
RECENT_TURNS = 20
SEARCH_LIMIT = 40
HEDGES: dict[ConfidenceBand, str] = {
    ConfidenceBand.HEDGE: "probably",
    ConfidenceBand.ONLY_IF_RELEVANT: "possibly",
}
"""How a fact of each band is introduced (use-freely facts need no hedge; prune
candidates are not shown)."""
STYLE_WORDS: dict[str, tuple[str, str]] = {
    "verbosity": ("concise", "detailed"),
    "formality": ("casual", "formal"),
    "technical_depth": ("simple", "technical"),
    "proactivity": ("reactive", "proactive"),
    "emotional_expression": ("neutral", "expressive"),
    "structure": ("free-form", "structured"),
    "explanation_depth": ("brief", "thorough"),
    "example_usage": ("example-free", "example-rich"),
    "question_asking": ("declarative", "inquisitive"),
    "reassurance_level": ("matter-of-fact", "reassuring"),
    "directness": ("indirect", "direct"),
    "enthusiasm": ("reserved", "enthusiastic"),
    "patience": ("efficient", "patient"),
    "creativity": ("conventional", "creative"),
}
STYLE_MARGIN = 0.15
"""How far from neutral (0.5) a learned dimension must be to be worth saying."""


def fact_line(fact: Fact) -> str | None:
    """How a fact is written in the prompt, or ``None`` when it must not be shown:
    ``"- The user lives in Lisbon (you said on 3 Mar 2025)"``; a hedged fact reads
    ``"- probably: …"`` / ``"- possibly: …"``; secrets and prune candidates are left out."""
    if fact.privacy is PrivacyLevel.SECRET or fact.band is ConfidenceBand.PRUNE_CANDIDATE:
        return None
    said = fact.last_reinforced
    hedge = HEDGES.get(fact.band)
    text = fact.text if hedge is None else f"{hedge}: {fact.text}"
    return f"- {text} (you said on {said.day} {said:%b %Y})"


def describe_style(dimensions: Sequence[dict[str, float]]) -> str | None:
    """The learned style in words: the dimensions whose mean over the user's context
    buckets lies at least :data:`STYLE_MARGIN` from neutral, strongest first (at most 5)."""
    words: list[tuple[float, str]] = []
    for name in DIMENSIONS:
        values = [d[name] for d in dimensions if name in d]
        if name not in STYLE_WORDS or not values:
            continue
        mean = sum(values) / len(values)
        if abs(mean - 0.5) >= STYLE_MARGIN:
            low, high = STYLE_WORDS[name]
            words.append((abs(mean - 0.5), high if mean > 0.5 else low))
    if not words:
        return None
    ordered = [w for _, w in sorted(words, key=lambda p: -p[0])]
    return "Prefers " + ", ".join(ordered[:5]) + " replies."


def pattern_line(pattern: str) -> str | None:
    """An outcome-profile pattern (``never_accepts:reduce_source``) in words."""
    kind, _, suggestion = pattern.partition(":")
    label = suggestion.replace("_", " ")
    return {
        "never_accepts": f"Has never accepted suggestions to {label}.",
        "usually_accepts": f"Usually accepts suggestions to {label}.",
        "usually_rejects": f"Usually declines suggestions to {label}.",
    }.get(kind)


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


def _entry(counter: TokenCounter, text: str, item_id: str | None = None,
           score: float | None = None, **extra: Any) -> ContextEntry:
    return ContextEntry(text=text, tokens=counter.count(text), item_id=item_id, score=score,
                        **extra)


class ContextAssembler:
    """Builds the context for an assistant's next reply (``Memory.build_context``) from the
    conversation memory and the facts, skills and agents capabilities."""

    def __init__(self, kernel: Kernel, conversation: ConversationReader, *, facts: Facts,
                 skills: Skills, agents: Agents) -> None:
        self._kernel = kernel
        self._conversation = conversation
        self._facts = facts
        self._skills = skills
        self._agents = agents

    def build(
        self,
        message: str,
        *,
        user_id: str,
        token_budget: int = 1500,
        conversation_id: str | None = None,
        agent_id: str | None = None,
        context: str | None = None,
    ) -> AssembledContext:
        """Assemble skill guidance, profile, recent turns, facts and memories within a budget.

        Every part reports its tokens and the milliseconds it took; ``prompt`` is the whole
        thing rendered for a system prompt. See the module docstring for the budget.
        """
        started = time.perf_counter()
        validate_id(user_id)
        if conversation_id is not None:
            validate_id(conversation_id, "conversation_id")
        if agent_id is not None:
            validate_id(agent_id, "agent_id")
        limit = self._kernel.settings.max_message_chars
        if not isinstance(message, str) or not message.strip():
            raise InvalidInputError("message is empty: pass the user's message", field="message")
        if len(message) > limit:
            raise InvalidInputError(f"message is longer than {limit} characters",
                                    field="message")
        check_unicode(message, "message")
        if not MIN_TOKEN_BUDGET <= token_budget <= MAX_TOKEN_BUDGET:
            raise InvalidInputError(
                f"token_budget must be between {MIN_TOKEN_BUDGET} and {MAX_TOKEN_BUDGET}",
                field="token_budget")
        counter = default_counter()
        fill = _Filler(counter, token_budget)

        t = time.perf_counter()
        selection = self._skills.select(message, user_id=user_id, context=context)
        guidance = [_entry(counter, selection.skill.template, selection.id)]
        note = None
        if agent_id is not None:
            try:
                compiled = self._agents.policy.compile(agent_id, context=context)
            except NotFoundError:
                note = f"no agent {agent_id!r} is registered"
            else:
                guidance.append(_entry(counter, compiled.system_prompt))
        skill_part = fill.part("skill", t, guidance, note=note)
        parts = [skill_part, self._profile_part(fill, user_id, context)]

        t = time.perf_counter()
        recent = self._conversation.working_memory(
            user_id=user_id, conversation_id=conversation_id, context=context,
            limit=RECENT_TURNS)
        turns = [_entry(counter, f"{i.role or 'user'}: {i.text}", i.id) for i in reversed(recent)]
        working = fill.part("working_memory", t, turns, note="no recent turns")
        parts.append(working.model_copy(update={"entries": working.entries[::-1]}))
        shown = {e.item_id for e in working.entries}

        t = time.perf_counter()
        hits = self._conversation.search(message, user_id=user_id, limit=SEARCH_LIMIT,
                                         context=context)
        search_ms = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        facts: list[ContextEntry] = []
        fact_ids = [h.item.id for h in hits if h.item.kind == Kind.FACT]
        relevance = record_relevance(
            self._kernel.embedder, message,
            self._kernel.store(context).get(user_id, fact_ids)) if fact_ids else {}
        floor = self._kernel.settings.facts.context_min_relevance
        for hit in hits:
            if hit.item.kind != Kind.FACT or relevance.get(hit.item.id, -1.0) < floor:
                continue
            try:
                fact = self._facts.get(hit.item.id, user_id=user_id, context=context)
            except NotFoundError:
                continue
            if (line := fact_line(fact)) is not None:
                facts.append(_entry(counter, line, fact.id, hit.score,
                                    confidence=fact.confidence, band=fact.band.value))
        parts.append(fill.part("facts", t, facts, note="no fact relevant to the message"))
        t = time.perf_counter() - search_ms / 1000
        memories = [
            _entry(counter, f"- ({_date(h.item)}) {h.item.text}", h.item.id, h.score)
            for h in hits
            if h.item.kind != Kind.FACT and h.item.id not in shown
            and str(h.item.metadata.get("privacy", "")).lower() != PrivacyLevel.SECRET
        ]
        parts.append(fill.part("memories", t, memories, note="nothing relevant found"))

        prompt = _prompt(parts)
        total = counter.count(prompt)
        while total > token_budget:  # seams tokenise differently: drop trailing entries
            parts = _drop_last_entry(parts, counter)
            prompt = _prompt(parts)
            total = counter.count(prompt)
        return AssembledContext(
            user_id=user_id, message=message, token_budget=token_budget, total_tokens=total,
            parts=parts, prompt=prompt, ms=(time.perf_counter() - started) * 1000,
            tokenizer=counter.name, skill_id=selection.skill.id,
            selection_id=selection.id if selection.learning_enabled else None)

    def _profile_part(self, fill: _Filler, user_id: str, context: str | None) -> ContextPart:
        t = time.perf_counter()
        lines: list[str] = []
        learned = self._skills.profile(user_id=user_id, context=context)
        if learned.feedback_count:
            style = describe_style([p.dimensions for p in learned.preferences])
            if style:
                lines.append(f"{style} (learned from {learned.feedback_count} ratings)")
        outcomes = self._agents.outcomes.profile(user_id=user_id, context=context)
        lines.extend(line for p in outcomes.patterns if (line := pattern_line(p)))
        entries = [_entry(fill.counter, f"- {line}") for line in lines]
        return fill.part("profile", t, entries,
                         note="nothing learned yet about how this user likes replies")


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
