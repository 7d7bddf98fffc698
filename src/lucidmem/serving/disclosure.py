"""Progressive disclosure (M7): one call, three depths, each priced in tokens.

``search`` returns compact snippets (~50 tokens each: id, date, kind, score
and the start of the text), ``timeline`` returns chosen items with the turns
around them in the same conversation (~200 tokens each), ``detail`` returns
the full records with all their metadata (~500 tokens for a typical turn;
never truncated). An agent scans snippets, opens the few that matter and
reads in full only what it needs; ``bench/disclosure.py`` measures the saving.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from ..clock import to_epoch
from ..errors import InvalidInputError, NotFoundError
from ..kernel import Kernel, to_item
from ..records import Kind
from ..scope import validate_id
from ..store.base import Query
from ..types import MemoryItem
from .models import DisclosedMemory, Disclosure, Layer, TimelineTurn
from .reader import ConversationReader
from .tokens import TokenCounter, default_counter

__all__ = ["DETAIL_TOKENS", "MAX_IDS", "SNIPPET_TOKENS", "TIMELINE_TOKENS", "Discloser"]

SNIPPET_TOKENS = 50
"""config-advisor seed: layer 1 (search) ~50 tokens per result."""
TIMELINE_TOKENS = 200
"""config-advisor seed: layer 2 (timeline) ~200 tokens per result."""
DETAIL_TOKENS = 500
"""config-advisor seed: layer 3 (detail) ~500 tokens per result (reported, not enforced)."""
MAX_IDS = 100
NEIGHBOURS = 3
"""Turns looked at on each side of a timeline item (nearest first)."""
LAYERS: tuple[Layer, ...] = ("search", "timeline", "detail")


def _stamp(item: MemoryItem) -> str:
    return item.occurred_at.strftime("%Y-%m-%d %H:%M")


class Discloser:
    """Progressive disclosure over one conversation memory (``Memory.disclose``):
    search → timeline → detail, each result priced in tokens."""

    def __init__(self, kernel: Kernel, conversation: ConversationReader) -> None:
        self._kernel = kernel
        self._conversation = conversation

    def disclose(
        self,
        layer: Layer = "search",
        *,
        user_id: str,
        query: str | None = None,
        ids: Sequence[str] | None = None,
        limit: int = 10,
        context: str | None = None,
        conversation_id: str | None = None,
        min_score: float | None = None,
        as_of: datetime | str | float | None = None,
    ) -> Disclosure:
        """One depth of progressive disclosure.

        ``search`` needs ``query`` (top ``limit`` hits as snippets); ``timeline``
        and ``detail`` need ``ids`` (or take the top 3 hits of ``query``). ``min_score``
        leaves out hits less relevant to ``query`` than that (as ``Memory.search``).
        Ids that do not exist for this user are listed in ``missing``.
        """
        validate_id(user_id)
        if layer not in LAYERS:
            raise InvalidInputError(f"layer must be one of {list(LAYERS)}, got {layer!r}",
                                    field="layer")
        memory = self._conversation
        counter = default_counter()
        if layer == "search" or not ids:
            if not query:
                raise InvalidInputError(
                    "pass query (search layer) or ids (timeline/detail layers)", field="query")
            hits = memory.search(query, user_id=user_id, limit=limit if layer == "search" else 3,
                                 context=context, conversation_id=conversation_id,
                                 min_score=min_score, as_of=as_of)
            if layer == "search":
                results = [self._snippet(counter, h.item, h.score) for h in hits]
                return _answer(layer, results, [], counter)
            ids = [h.item.id for h in hits]
        if isinstance(ids, str) or len(ids) > MAX_IDS:
            raise InvalidInputError(f"ids must be a list of at most {MAX_IDS} ids", field="ids")
        items: list[MemoryItem] = []
        missing: list[str] = []
        for item_id in dict.fromkeys(ids):
            try:
                items.append(memory.get(item_id, user_id=user_id, context=context))
            except NotFoundError:
                missing.append(item_id)
        if layer == "timeline":
            results = [self._timeline(counter, item, context) for item in items]
        else:
            results = [self._detail(counter, item) for item in items]
        return _answer(layer, results, missing, counter)

    @staticmethod
    def _snippet(counter: TokenCounter, item: MemoryItem, score: float) -> DisclosedMemory:
        header = f"[{item.id}] {item.occurred_at:%Y-%m-%d} {item.kind} {score:.3f}: "
        room = max(16, SNIPPET_TOKENS - counter.count(header))
        rendered = header + counter.truncate(" ".join(item.text.split()), room)
        return DisclosedMemory(id=item.id, occurred_at=item.occurred_at, kind=item.kind,
                               rendered=rendered, tokens=counter.count(rendered), score=score)

    def _neighbours(self, item: MemoryItem, context: str | None) -> list[TimelineTurn]:
        store = self._kernel.store(context)
        now = self._kernel.now()
        name = self._kernel.context_name(context)
        at = to_epoch(item.occurred_at)
        before = store.find(Query(user_id=item.user_id, conversation_id=item.conversation_id,
                                  kinds=[Kind.TURN], limit=NEIGHBOURS + 1, occurred_to=at,
                                  descending=True))
        after = store.find(Query(user_id=item.user_id, conversation_id=item.conversation_id,
                                 kinds=[Kind.TURN], limit=NEIGHBOURS + 1, occurred_from=at))
        turns: list[TimelineTurn] = []
        for records, position in ((before, "before"), (after, "after")):
            for record in records:
                if record.id == item.id:
                    continue
                other = to_item(record, name, now)
                turns.append(TimelineTurn(id=other.id, occurred_at=other.occurred_at,
                                          role=other.role, text=other.text,
                                          position="before" if position == "before" else "after"))
        return turns

    def _timeline(self, counter: TokenCounter, item: MemoryItem,
                  context: str | None) -> DisclosedMemory:
        where = f" (conversation {item.conversation_id})" if item.conversation_id else ""
        header = f"[{item.id}] {_stamp(item)}{where}"
        focus = f"> {item.role or item.kind}: " + counter.truncate(
            " ".join(item.text.split()), TIMELINE_TOKENS // 2)
        used = counter.count(header) + counter.count(focus) + 2
        before: list[str] = []
        after: list[str] = []
        kept: list[TimelineTurn] = []
        ordered = sorted(self._neighbours(item, context),
                         key=lambda t: abs((t.occurred_at - item.occurred_at).total_seconds()))
        for turn in ordered:  # nearest first, until the ~200 token budget is spent
            room = min(40, TIMELINE_TOKENS - used)
            if room < 8:
                break
            line = f"  {turn.role or 'turn'}: " + counter.truncate(" ".join(turn.text.split()),
                                                                  room - 3)
            cost = counter.count(line) + 1
            if used + cost > TIMELINE_TOKENS:
                continue
            used += cost
            (before if turn.position == "before" else after).append(line)
            kept.append(turn.model_copy(update={"text": line.split(": ", 1)[1]}))
        before.reverse()  # nearest-first → chronological
        rendered = "\n".join([header, *before, focus, *after])
        kept.sort(key=lambda t: t.occurred_at)
        return DisclosedMemory(id=item.id, occurred_at=item.occurred_at, kind=item.kind,
                               rendered=rendered, tokens=counter.count(rendered),
                               neighbours=kept)

    @staticmethod
    def _detail(counter: TokenCounter, item: MemoryItem) -> DisclosedMemory:
        rendered = json.dumps(item.model_dump(mode="json"), ensure_ascii=False, sort_keys=True)
        return DisclosedMemory(id=item.id, occurred_at=item.occurred_at, kind=item.kind,
                               rendered=rendered, tokens=counter.count(rendered), item=item)


def _answer(layer: Layer, results: list[DisclosedMemory], missing: list[str],
            counter: TokenCounter) -> Disclosure:
    return Disclosure(layer=layer, results=results, total_tokens=sum(r.tokens for r in results),
                      missing=missing, tokenizer=counter.name)
