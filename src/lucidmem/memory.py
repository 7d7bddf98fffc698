"""``Memory``: the one object a user of lucidmem needs.

``Memory`` is the conversation memory (add, search, get, get_all, update, delete,
delete_all, history, working_memory, export, stats) plus context assembly
(:meth:`Memory.build_context`) and progressive disclosure (:meth:`Memory.disclose`).
Every other capability is a typed object reached from it — ``memory.facts``,
``memory.skills``, ``memory.agents``, ``memory.sleep`` — built in ``__init__`` around one
:class:`~lucidmem.kernel.Kernel` (stores, embedder, clock, index upkeep), where the
reactions to events are registered in order. Every front end (CLI, REST, MCP) is a thin
layer over these methods, which are synchronous and thread-safe.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from .agents.capability import Agents
from .behaviour.capability import Skills
from .clock import Clock, from_epoch, parse_time
from .consolidation.capability import Sleep
from .embedding import Embedder
from .embedding.turns import embed_turns, turn_text, with_chunks
from .erasure import ErasureReport, verify_erasure
from .errors import ConflictError, InvalidInputError, NotFoundError, TextTooLongError
from .export import UserExport, export_user
from .facts.capability import Facts
from .facts.relevance import about_the_user, own_names, record_relevance
from .handoff import Handoff
from .ingest.messages import normalise_messages
from .kernel import Kernel, StoreFactory, next_turn, previous_turn, spoken, to_item
from .observability import deployment_log_key, use_log_key
from .records import Kind, Status
from .retrieval.hybrid import SearchFilters
from .retrieval.rerank import QueryHints
from .scope import check_json, check_unicode, validate_id
from .serving import AssembledContext, ContextAssembler, Discloser, Disclosure
from .serving.models import Layer
from .serving.query_hints import question_hints
from .settings import RETRIEVAL_PRESETS, RetrievalPreset, Settings
from .store.base import Query, Record, Store, item_lock_key
from .types import (
    HistoryEntry,
    ItemVersion,
    LegScore,
    MemoryItem,
    MessageDict,
    SearchHit,
    StoreStats,
)

__all__ = ["Memory"]

MAX_LIMIT = 1_000


def _earliest(a: float | None, b: float | None) -> float | None:
    """The earlier of two optional bounds."""
    return b if a is None else a if b is None else min(a, b)


def _shared_metadata(metadata: Mapping[str, Any] | None) -> dict[str, Any]:
    """``add(metadata=...)`` checked like a message's own metadata: a JSON-ready dict."""
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping):
        raise InvalidInputError("metadata must be a dict", field="metadata")
    check_json(dict(metadata), "metadata")
    return dict(metadata)


class Memory:
    """Adaptive long-term memory for one application.

    ::

        memory = Memory(":memory:")
        memory.add("I'm allergic to peanuts", user_id="maya")
        memory.search("what can't she eat?", user_id="maya")

    ``data_dir`` (or ``settings.data_dir``) holds one database per context;
    ``":memory:"`` keeps everything in RAM. ``embedder`` and ``store_factory``
    replace the defaults (the bundled E5 model, SQLite files); ``clock`` lets
    tests and imports control "now".
    """

    def __init__(
        self,
        data_dir: str | Path | None = None,
        *,
        settings: Settings | None = None,
        embedder: Embedder | None = None,
        store_factory: StoreFactory | None = None,
        clock: Clock | None = None,
    ) -> None:
        settings = settings or Settings()
        if data_dir is not None:
            settings = settings.model_copy(update={"data_dir": Path(str(data_dir))})
        self.kernel = Kernel(settings, embedder=embedder, store_factory=store_factory,
                             clock=clock)
        # users in log lines: pseudonyms under the deployment's key, read when first needed
        use_log_key(functools.partial(deployment_log_key, self.kernel.settings))
        self.facts = Facts(self.kernel)
        self.skills = Skills(self.kernel)
        self.agents = Agents(self.kernel)
        self.sleep = Sleep(self.kernel, facts=self.facts, skills=self.skills,
                           agents=self.agents)
        # Reactions to events, in order (the one place they are registered).
        self.kernel.extract = self.facts  # after add returns (settings.facts.background)
        self.kernel.after_add.append(self.sleep.on_turns_added)
        self.kernel.after_embed.append(self.sleep.on_turns_embedded)
        self.kernel.before_forget_user.extend([self.agents.on_forget_user,
                                               self.skills.on_forget_user])
        self.kernel.after_forget_user.append(self.agents.after_forget_user)
        self._handoff: Handoff | None = None
        if settings.background_work == "workers" and settings.store_url:
            self._handoff = Handoff(settings.store_url)  # the job workers embed and extract
            self.kernel.turns_queued.append(self._handoff.defer)
        self._assembler = ContextAssembler(self.kernel, self, facts=self.facts,
                                           skills=self.skills, agents=self.agents)
        self._discloser = Discloser(self.kernel, self)

    def stats(self, *, context: str | None = None) -> StoreStats:
        """Counts and size of one context."""
        return self.kernel.stats(context)

    def contexts(self) -> list[str]:
        """Contexts with a database on disk or a schema in PostgreSQL (or opened here)."""
        return self.kernel.contexts()

    def flush(self, *, timeout: float | None = None) -> bool:
        """Wait until every index is current: the turns added so far have their vectors and
        their facts are extracted.

        Returns True when nothing is left to do, False if ``timeout`` seconds passed
        first. Raises :class:`~lucidmem.EmbeddingError` if the embedder fails meanwhile
        (the turns stay stored, keyword-searchable and queued; they are retried).
        """
        if timeout is not None and timeout < 0:
            raise InvalidInputError("timeout must be >= 0 seconds", field="timeout")
        return self.kernel.flush(timeout)

    def close(self) -> None:
        """Stop the background embedding (what is queued is resumed on the next open) and
        close every open store."""
        self.facts.close()
        self.kernel.close()
        if self._handoff is not None:
            self._handoff.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------------
    def add(
        self,
        messages: str | MessageDict | Sequence[MessageDict],
        *,
        user_id: str,
        conversation_id: str | None = None,
        agent_id: str | None = None,
        context: str | None = None,
        timestamp: datetime | str | float | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> list[MemoryItem]:
        """Remember conversation turns; they are searchable as soon as this returns.

        Stored durably and found by keywords at once; their vectors are computed in the
        background (``settings.embedding.background``, on by default) and the vector leg of
        :meth:`search` catches up — :meth:`flush` waits for it.

        ``messages`` is a string (one user turn) or a list of
        ``{role, content, name?, timestamp?, metadata?}``. A message's own
        timestamp wins over ``timestamp``, which wins over now, so history can
        be imported with its real dates. Either every message is stored or,
        on invalid input, none is.
        """
        validate_id(user_id)
        for value, field in ((conversation_id, "conversation_id"), (agent_id, "agent_id")):
            if value is not None:
                validate_id(value, field)
        now = self.kernel.now()
        default_time = now if timestamp is None else parse_time(timestamp)
        turns = normalise_messages(
            messages,
            default_time=default_time,
            max_chars=self.kernel.settings.max_message_chars,
            max_messages=self.kernel.settings.max_messages_per_add,
        )
        shared = _shared_metadata(metadata)
        ttl = self.kernel.settings.working_memory_ttl_hours * 3600
        records = [
            Record(
                id=uuid.uuid4().hex,
                kind=Kind.TURN,
                user_id=user_id,
                agent_id=agent_id,
                conversation_id=conversation_id,
                layer=0,
                text=turn.content,
                occurred_at=turn.occurred_at,
                created_at=now,
                updated_at=now,
                expires_at=turn.occurred_at + ttl,
                data={"role": turn.role, "name": turn.name,
                      "metadata": {**shared, **turn.metadata}},
                keywords=turn.name or "",
            )
            for turn in turns
        ]
        items = [to_item(r, self.kernel.context_name(context), now) for r in records]
        # the result is built before the commit; the vectors follow (see flush)
        self.kernel.store_turns(context, user_id, records)
        return items

    # -- reading ----------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        user_id: str,
        limit: int = 10,
        context: str | None = None,
        conversation_id: str | None = None,
        since: datetime | str | float | None = None,
        until: datetime | str | float | None = None,
        kinds: Sequence[str] | None = None,
        preset: str | RetrievalPreset | None = None,
        min_score: float | None = None,
        as_of: datetime | str | float | None = None,
    ) -> list[SearchHit]:
        """Hybrid search (BM25 + vectors, fused by RRF) over one user's memories.

        ``since``/``until`` bound the time the item happened; ``preset`` names
        an entry of :data:`~lucidmem.settings.RETRIEVAL_PRESETS` or is one. With
        ``min_score``, hits whose relevance to the query (:mod:`lucidmem.facts.relevance`,
        comparable across queries; about 0.3 and above is on topic) falls below it are left
        out, so a query about nothing the memory holds returns nothing. ``as_of`` searches
        the memory as it stood at that time: only what happened by then, and recency (the
        ``recent`` preset) counted back from it.
        """
        validate_id(user_id)
        if not isinstance(query, str) or not query.strip():
            raise InvalidInputError("query is empty: pass the text to search for", field="query")
        check_unicode(query, "query")
        if len(query) > self.kernel.settings.max_query_chars:
            raise TextTooLongError(
                f"query has {len(query)} characters; the limit is "
                f"{self.kernel.settings.max_query_chars} (LUCIDMEM_MAX_QUERY_CHARS). Search "
                "with the few words that matter.", field="query")
        if not 1 <= limit <= MAX_LIMIT:
            raise InvalidInputError(f"limit must be between 1 and {MAX_LIMIT}, got {limit}",
                                    field="limit")
        chosen = self._preset(preset)
        at = None if as_of is None else parse_time(as_of, "as_of")
        filters = SearchFilters(
            user_id=user_id,
            kinds=kinds,
            conversation_id=conversation_id,
            occurred_from=None if since is None else parse_time(since, "since"),
            occurred_to=_earliest(None if until is None else parse_time(until, "until"),
                                  at),
            hints=question_hints(query, from_epoch(self.kernel.now() if at is None else at))
            if chosen.rerank_depth else QueryHints(),
        )
        if min_score is not None and not -1.0 <= min_score <= 1.0:
            raise InvalidInputError("min_score is a relevance in [-1, 1]", field="min_score")
        if kinds is None or Kind.FACT in kinds:
            self.kernel.catch_up(context, user_id)  # the facts of what was just added
        found = self.kernel.search(context, filters, query, limit=limit, preset=chosen, now=at)
        topic = about_the_user(query, own_names(found.records.values()))
        if topic != query:
            # The query names the user ("Where does Maya live now?"): the name says whom it
            # is about — the user, whom all of this memory is about — not what, so the fact
            # "The user is called Maya" must not win on it. Search again for what is left.
            found = self.kernel.search(context, filters, topic, limit=limit, preset=chosen,
                                       now=at)
        hits = found.hits
        if min_score is not None:
            relevance = record_relevance(self.kernel.embedder, topic,
                                         [found.records[h.id] for h in hits])
            hits = [h for h in hits if relevance.get(h.id, -1.0) >= min_score]
        return [
            SearchHit(
                item=to_item(found.records[h.id], found.context, found.now),
                score=h.score,
                explain={
                    leg: LegScore(
                        rank=h.ranks.get(leg, 0),
                        score=found.raw.get(leg, {}).get(h.id, 0.0),
                        contribution=contribution,
                    )
                    for leg, contribution in h.contributions.items()
                },
            )
            for h in hits
        ]

    def _preset(self, preset: str | RetrievalPreset | None) -> RetrievalPreset:
        if preset is None:
            return self.kernel.settings.retrieval
        if isinstance(preset, RetrievalPreset):
            return preset
        if preset not in RETRIEVAL_PRESETS:
            raise InvalidInputError(
                f"unknown preset {preset!r}; choose one of {sorted(RETRIEVAL_PRESETS)}",
                field="preset",
            )
        return RETRIEVAL_PRESETS[preset]

    def get(self, item_id: str, *, user_id: str, context: str | None = None) -> MemoryItem:
        """One item of this user; NotFoundError if it does not exist (or is someone else's)."""
        validate_id(user_id)
        found = self.kernel.store(context).get(user_id, [item_id])
        if not found:
            raise NotFoundError(f"no item {item_id!r} for user {user_id!r} in this context")
        return to_item(found[0], self.kernel.context_name(context), self.kernel.now())

    def get_all(
        self,
        *,
        user_id: str,
        context: str | None = None,
        conversation_id: str | None = None,
        kinds: Sequence[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[MemoryItem]:
        """A user's items, oldest first, paginated (bookkeeping records are left out)."""
        validate_id(user_id)
        if not 1 <= limit <= 10_000 or offset < 0:
            raise InvalidInputError("limit must be 1..10000 and offset >= 0", field="limit")
        listed = None if kinds is not None else [s for s in Status if s is not Status.INTERNAL]
        if kinds is None or Kind.FACT in kinds:
            self.kernel.catch_up(context, user_id)
        records = self.kernel.store(context).find(
            Query(user_id=user_id, conversation_id=conversation_id, kinds=kinds,
                  statuses=listed, limit=limit, offset=offset)
        )
        now = self.kernel.now()
        return [to_item(r, self.kernel.context_name(context), now) for r in records]

    def working_memory(
        self,
        *,
        user_id: str,
        conversation_id: str | None = None,
        context: str | None = None,
        limit: int = 50,
    ) -> list[MemoryItem]:
        """The most recent turns still inside the working-memory TTL, oldest first."""
        validate_id(user_id)
        now = self.kernel.now()
        records = self.kernel.store(context).find(
            Query(user_id=user_id, kinds=[Kind.TURN], conversation_id=conversation_id,
                  expires_after=now, descending=True, limit=limit)
        )
        return [to_item(r, self.kernel.context_name(context), now) for r in reversed(records)]

    def history(self, item_id: str, *, user_id: str,
                context: str | None = None) -> list[HistoryEntry]:
        """Every change made to an item (add, updates, delete), oldest first."""
        validate_id(user_id)
        entries = self.kernel.store(context).history(user_id, item_id)
        if not entries:
            raise NotFoundError(f"no history for item {item_id!r} of user {user_id!r}")
        return [
            HistoryEntry(item_id=e.record_id, action=e.action, at=from_epoch(e.at),
                         before=ItemVersion.of(e.before), after=ItemVersion.of(e.after))
            for e in entries
        ]

    # -- changing and forgetting ------------------------------------------------------------
    def update(
        self,
        item_id: str,
        *,
        user_id: str,
        text: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        context: str | None = None,
        expected_version: int | None = None,
    ) -> MemoryItem:
        """Change an item's text and/or metadata (re-embedded; version + 1; audited).

        With ``expected_version`` (the ``version`` of the item as you read it) the edit is
        made only if nobody changed the item since: otherwise ``ConflictError`` (carrying
        the current version) and nothing is written.
        """
        validate_id(user_id)
        if text is None and metadata is None:
            raise InvalidInputError("nothing to update: pass text and/or metadata", field="text")
        if expected_version is not None and (
                isinstance(expected_version, bool) or not isinstance(expected_version, int)
                or expected_version < 1):
            raise InvalidInputError("expected_version is an item's version: an integer >= 1",
                                    field="expected_version")
        # An edited turn is first extracted as it was said; outside the transaction, which
        # the extraction worker may be waiting for.
        self.kernel.catch_up(context, user_id)
        # The version check and the write are one store transaction holding the item's
        # lock, so no other edit of it — from this process or another — comes in between
        # (SQLite: the file's write transaction; PostgreSQL: an advisory lock).
        store = self.kernel.store(context)
        with store.transaction():
            store.lock(item_lock_key(user_id, item_id))
            return self._edit(item_id, user_id, text, metadata, context, expected_version)

    def _edit(self, item_id: str, user_id: str, text: str | None,
              metadata: Mapping[str, Any] | None, context: str | None,
              expected_version: int | None) -> MemoryItem:
        """``update`` once its arguments are checked, inside its transaction."""
        store = self.kernel.store(context)
        found = store.get(user_id, [item_id])
        if not found:
            raise NotFoundError(f"no item {item_id!r} for user {user_id!r} in this context")
        record = found[0]
        if expected_version is not None and record.version != expected_version:
            raise ConflictError(
                f"item {item_id!r} is at version {record.version}, not {expected_version}: "
                "it changed since you read it; read it again and retry",
                current_version=record.version)
        if text is not None:
            turn = normalise_messages(
                [{"role": record.data.get("role", "user"), "content": text}],
                default_time=record.occurred_at, max_chars=self.kernel.settings.max_message_chars,
                max_messages=1,
            )[0]
            record.text = turn.content
            if record.kind == Kind.TURN and self.kernel.settings.embedding.background:
                # queued like a new turn: embedded in order, after the turns before it
                record.embedding = None
                record.data = with_chunks(record.data, np.zeros((0, 0), dtype=np.float32))
            else:
                contextual = (self.kernel.settings.contextual_embeddings
                              and record.kind == Kind.TURN)
                before = previous_turn(store, user_id, record.conversation_id,
                                       record.occurred_at, record.id) if contextual else None
                embedded = embed_turns(
                    self.kernel.embedder.embed_passages,
                    [turn_text(turn.content, record.data.get("name"))],
                    None if before is None else spoken(before),
                    None if before is None else before.embedding, contextual=contextual)[0]
                record.embedding = embedded.vector
                record.data = with_chunks(record.data, embedded.chunks)
        if metadata is not None:
            record.data = {**record.data, "metadata": _shared_metadata(metadata)}
        now = self.kernel.now()
        record.updated_at = now
        record.version += 1
        self.kernel.write(context, user_id, [record])
        if text is not None and record.kind == Kind.TURN:
            self._rechain_after(context, store, record)
        return to_item(record, self.kernel.context_name(context), now)

    def _rechain_after(self, context: str | None, store: Store, edited: Record) -> None:
        """The turn after an edited turn mixed the old text's vector into its own: give it a
        new one from the edited turn (queued in the background, else at once). Its version
        goes up, so a vector being computed for it from the old text is not stored; not
        audited, its text did not change. Turns further on keep a trace that fades by the
        mixing weight at every step."""
        if not self.kernel.settings.contextual_embeddings:
            return
        following = next_turn(store, edited)
        if following is None:
            return
        if self.kernel.settings.embedding.background:
            following.embedding = None
        else:
            following.embedding = embed_turns(
                self.kernel.embedder.embed_passages, [spoken(following)], spoken(edited),
                edited.embedding, contextual=True,
            )[0].vector
        following.version += 1
        self.kernel.write(context, edited.user_id, [following], audit=False)

    def delete(self, item_id: str, *, user_id: str, context: str | None = None) -> None:
        """Delete one item. Its audit trail records that it existed and was deleted, and
        when, but no longer what it said; the freed space is zeroed. Deleting a turn also
        deletes the facts learned only from it, and takes it out of the others' evidence
        (:meth:`Facts.forget_turn`)."""
        validate_id(user_id)
        self.kernel.catch_up(context, user_id)  # a turn's facts are learned before it goes
        store = self.kernel.store(context)
        with store.transaction():
            found = store.get(user_id, [item_id])
            if found and found[0].kind == Kind.TURN:
                self.facts.forget_turn(found[0], context=context)  # what was learned from it
            if self.kernel.remove(context, user_id, [item_id], erase=True) == 0:
                raise NotFoundError(f"no item {item_id!r} for user {user_id!r} in this context")
        store.erase_freed()

    def delete_all(self, *, user_id: str, context: str | None = None) -> int:
        """Forget everything about a user in a context, audit trail included.

        Their records, audit rows and import checkpoints are deleted; what they told agents
        (feedback, sessions) is anonymised, their examples leave the agents' dataset files
        and outbox events naming them are redacted, in one transaction (see
        ``memory.agents.forget_feedback``); then the insights files are regenerated and the
        freed space of the database is erased. With PostgreSQL the API keys created for the
        user that may use this context are revoked too (on SQLite they live in the server,
        which revokes them). What stays: anonymised numbers (rewards, counts).
        ``verify_erasure`` checks the result. Returns the records deleted.
        """
        validate_id(user_id)
        deleted = self.kernel.forget_user(context, user_id)
        if self.kernel.settings.store_url:
            from .store.server_state import revoke_user_keys

            revoke_user_keys(self.kernel.settings.store_url, user_id,
                             self.kernel.context_name(context))
        return deleted

    def verify_erasure(self, *, user_id: str, texts: Sequence[str] = (),
                       context: str | None = None) -> ErasureReport:
        """Search every table, every file lucidmem wrote and the raw bytes of the data
        directory for ``user_id`` and ``texts`` (things the user said; forgetting deleted
        them, so only you can name them). Every context unless ``context`` names one;
        ``clean`` is true when nothing was found."""
        return verify_erasure(self.kernel, user_id=user_id, texts=texts, context=context)

    def export(self, *, user_id: str, context: str | None = None,
               include_embeddings: bool = False) -> UserExport:
        """Everything kept about a user in a context.

        Every record of every kind (turns, facts, skills, learned preferences, …) and what
        the user left in agents' partitions. ``lucidmem export`` and
        :func:`lucidmem.export.write_export` write the same document to a file.
        """
        validate_id(user_id)
        self.kernel.catch_up(context, user_id)
        return export_user(self.kernel, user_id=user_id, context=context,
                           include_embeddings=include_embeddings)

    # -- serving the next reply -------------------------------------------------------------
    def build_context(
        self,
        message: str,
        *,
        user_id: str,
        token_budget: int = 1500,
        conversation_id: str | None = None,
        agent_id: str | None = None,
        context: str | None = None,
    ) -> AssembledContext:
        """Everything relevant for replying to ``message``, within ``token_budget`` tokens:
        skill guidance (and ``agent_id``'s compiled behaviour), what was learned about the
        user, recent turns, facts and relevant memories. ``selection_id`` of the result is
        what ``memory.skills.feedback`` takes once the user has opted in to learning."""
        validate_id(user_id)
        self.kernel.catch_up(context, user_id)
        return self._assembler.build(message, user_id=user_id, token_budget=token_budget,
                                     conversation_id=conversation_id, agent_id=agent_id,
                                     context=context)

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
        """Progressive disclosure for agents: ``search`` (compact snippets of the top
        ``limit`` hits of ``query``) → ``timeline`` (chosen ``ids`` with the turns around
        them) → ``detail`` (the full items), each result priced in tokens. ``min_score``
        leaves out hits below that relevance to ``query`` and ``as_of`` searches the memory
        as it stood then, as in :meth:`search`."""
        validate_id(user_id)
        self.kernel.catch_up(context, user_id)
        return self._discloser.disclose(layer, user_id=user_id, query=query, ids=ids,
                                        limit=limit, context=context,
                                        conversation_id=conversation_id,
                                        min_score=min_score, as_of=as_of)


