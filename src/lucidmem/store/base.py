"""The storage seam: one narrow interface every backend implements.

Everything lucidmem keeps — raw turns, facts, skills, bandit parameters,
events — is a :class:`Record`: a kind, an owner (``user_id`` with optional
``agent_id`` / ``conversation_id``), a handful of indexed columns every kind
shares (layer, status, text, times) and a JSON ``data`` body for the rest.
A backend therefore needs a dozen methods, not one per feature, and the
SQLite and PostgreSQL stores pass the same contract tests.

Isolation is structural: every read and write names a ``user_id``, and a
store instance serves exactly one *context* (its own database file), so no
call can cross users or contexts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ..records import Layer, Record

__all__ = [
    "AuditEntry",
    "EmbeddingJob",
    "EmbeddingQueueState",
    "ExtractionJob",
    "Layer",
    "Query",
    "Record",
    "Store",
    "TextHit",
    "VectorSearch",
    "item_lock_key",
    "user_meta_key",
]

@dataclass(frozen=True, slots=True)
class Query:
    """A filter over one user's records. Every field narrows; ``None`` means any."""

    user_id: str
    kinds: Sequence[str] | None = None
    conversation_id: str | None = None
    agent_id: str | None = None
    statuses: Sequence[str] | None = None
    layers: Sequence[int] | None = None
    occurred_from: float | None = None
    occurred_to: float | None = None
    expires_after: float | None = None
    """Only records with ``expires_at`` strictly after this time (working memory)."""
    data_equals: Mapping[str, str | int | float | bool] | None = None
    """Top-level ``data`` keys that must equal the given scalars."""
    order_by: Literal["occurred_at", "created_at", "updated_at"] = "occurred_at"
    descending: bool = False
    limit: int | None = None
    offset: int = 0


@dataclass(frozen=True, slots=True)
class TextHit:
    """A full-text match: the record id and its BM25 score (higher is better)."""

    id: str
    score: float


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One change to one record, as kept by :meth:`Store.history`."""

    record_id: str
    action: Literal["add", "update", "delete"]
    at: float
    before: dict[str, Any] | None
    after: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class EmbeddingJob:
    """A record waiting for its vector in the store's durable embedding queue."""

    user_id: str
    record_id: str
    attempts: int
    """Failed attempts so far (0: never tried, or never failed)."""


@dataclass(frozen=True, slots=True)
class EmbeddingQueueState:
    """What the embedding queue holds: jobs waiting, those whose last attempt failed, and
    the last failure's message."""

    pending: int
    failing: int
    last_error: str | None


@dataclass(frozen=True, slots=True)
class ExtractionJob:
    """A turn whose facts are still to be extracted (the store's durable extraction queue)."""

    user_id: str
    record_id: str
    batch: str
    """The turns one ``add`` stored share it: they are extracted together, as they came."""
    hidden: bool
    """Search leaves the turn out until its facts are extracted (it may confide a secret)."""


def user_meta_key(user_id: str, name: str) -> str:
    """Meta key of a store setting that belongs to one user (removed by ``delete_user``).

    ``"<user_id>|<name>"``: "|" cannot occur in a valid user id, so one user's keys never
    share a prefix with another's (ids may contain ":").
    """
    return f"{user_id}|{name}"


def item_lock_key(user_id: str, item_id: str) -> str:
    """The :meth:`Store.lock` key held by whoever reads one item to write it back: an edit
    checking its version, scores stored after embedding. Take it before the read, so no
    other process writes the item in between (``|`` cannot occur in a user id)."""
    return f"item|{user_id}|{item_id}"


@runtime_checkable
class Store(Protocol):
    """What lucidmem needs from a storage backend (one context = one store).

    Writes are atomic per call: a batch passed to :meth:`put` is stored
    entirely or not at all, together with its audit rows.
    """

    def put(self, records: Sequence[Record], *, audit: bool = True) -> None:
        """Insert or replace records (by id) in one transaction."""
        ...

    def get(self, user_id: str, ids: Sequence[str]) -> list[Record]:
        """The records of ``user_id`` with these ids, in the order asked; missing ids skipped."""
        ...

    def find(self, query: Query) -> list[Record]:
        """Records matching ``query``."""
        ...

    def count(self, query: Query) -> int:
        """How many records match ``query`` (``limit``/``offset`` ignored)."""
        ...

    def delete(self, user_id: str, ids: Sequence[str], *, at: float = 0.0,
               erase: bool = False) -> int:
        """Delete records of ``user_id`` (audited at ``at``); returns how many existed.

        ``erase``: the audit trail keeps that the records existed and when they changed, never
        what they said: the contents of their audit rows are blanked and the deletion is
        recorded without content (what a user's deletion and forgetting a user do).
        """
        ...

    def delete_user(self, user_id: str) -> int:
        """Forget a user: every record, audit row and meta key of :func:`user_meta_key`.

        Returns the records removed.
        """
        ...

    def erase_freed(self, *, rebuild: bool = False) -> None:
        """Make the space of deleted rows unreadable where the backend can (after a commit;
        SQLite: checkpoint and truncate the write-ahead log; PostgreSQL: ``VACUUM``).
        ``rebuild``: also rewrite what holds the live rows from scratch (SQLite ``VACUUM``:
        unused space inside a page can keep deleted bytes), for forgetting a whole user."""
        ...

    def scan(self, pattern: str) -> dict[str, int]:
        """Rows of every table of this store (every partition, bookkeeping, audit, index)
        matching ``pattern`` (:func:`lucidmem.store.files.erasure_pattern`), counted per
        table: what erasure verification reads. Tables without a hit are left out."""
        ...

    def touch(self, user_id: str, ids: Sequence[str], at: float) -> None:
        """Mark records as accessed (``last_accessed``, ``access_count + 1``)."""
        ...

    def text_search(
        self, query: Query, terms: Sequence[str], limit: int
    ) -> list[TextHit]:
        """BM25 over ``text`` of records matching ``query``, any of ``terms`` matching."""
        ...

    def embeddings(
        self, query: Query
    ) -> tuple[list[str], npt.NDArray[np.float32]]:
        """Ids and stacked embeddings of matching records that have one."""
        ...

    def history(self, user_id: str, record_id: str) -> list[AuditEntry]:
        """Every recorded change to one record, oldest first."""
        ...

    def erase_history(self, user_id: str, ids: Sequence[str]) -> None:
        """Blank what the audit rows of these records said (``before``/``after``); what
        happened to them and when stays. For a kept record whose earlier versions quoted
        something the user deleted."""
        ...

    def revision(self, user_id: str) -> int:
        """A number that changes whenever any record of ``user_id`` changes."""
        ...

    def user_ids(self) -> list[str]:
        """Every user with at least one record (for jobs, never for queries)."""
        ...

    def get_meta(self, key: str) -> str | None:
        """A store-level setting (schema, embedder name, ...)."""
        ...

    def set_meta(self, key: str, value: str) -> None:
        """Record a store-level setting."""
        ...

    def transaction(self) -> AbstractContextManager[None]:
        """Group several writes atomically (nested calls join the outer one)."""
        ...

    def lock(self, key: str) -> None:
        """Inside :meth:`transaction`: wait until no other transaction (of any process)
        holds ``key``, and hold it until this one ends. For read-then-write steps such as
        numbering the next version of something. Raises outside a transaction."""
        ...

    def close(self) -> None:
        """Release the connection. Further calls raise."""
        ...

    # -- the durable embedding queue (records whose vector is still to be computed) ---------
    def queue_embeddings(self, user_id: str, ids: Sequence[str]) -> None:
        """Queue records of ``user_id`` for embedding; an id already queued stays as it is.
        Joins the caller's transaction, so a record and its job are written together."""
        ...

    def embedding_jobs(self, limit: int, *, due_by: float,
                       user_id: str | None = None) -> list[EmbeddingJob]:
        """Up to ``limit`` jobs due at ``due_by`` (retries wait for their time), oldest first;
        only ``user_id``'s when given."""
        ...

    def set_embeddings(
        self, user_id: str, vectors: Sequence[tuple[str, int, npt.NDArray[np.float32]]], *,
        data: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> list[str]:
        """Store ``(record_id, version, vector)`` triples and remove their jobs, in one
        transaction; ``data`` replaces the data of the records it names (a long turn keeps
        its chunk vectors there). A record whose version moved meanwhile (edited while being
        embedded) is left alone and its job kept. Returns the ids whose vector was stored."""
        ...

    def drop_embedding_jobs(self, user_id: str, ids: Sequence[str]) -> None:
        """Remove jobs that need no vector (record gone, unsearchable, or embedded already)."""
        ...

    def embedding_failed(self, user_id: str, ids: Sequence[str], error: str,
                         retry_at: float) -> None:
        """Count a failed attempt for these jobs and hold them until ``retry_at``."""
        ...

    def embedding_queue(self) -> EmbeddingQueueState:
        """How many jobs wait, how many of them failed last time, the last failure."""
        ...

    # -- the durable extraction queue (turns whose facts are still to be extracted) ---------
    def queue_extraction(self, user_id: str, ids: Sequence[str], *, batch: str,
                         hidden: Sequence[str] = ()) -> None:
        """Mark turns of ``user_id`` (stored by one ``add``: ``batch``) as waiting for fact
        extraction; ``hidden`` ones stay out of search until then. Joins the caller's
        transaction, so a turn and its mark are written together."""
        ...

    def extraction_jobs(self, limit: int, *, user_id: str | None = None) -> list[ExtractionJob]:
        """Up to ``limit`` marked turns (of ``user_id`` only, if given), oldest first."""
        ...

    def take_extraction_jobs(self, user_id: str, ids: Sequence[str]) -> list[str]:
        """Remove the marks of these turns and return the ids that were still marked. Inside
        the transaction that stages their facts: whoever takes a mark extracts the turn, so
        no turn is extracted twice (another taker finds nothing)."""
        ...


@runtime_checkable
class VectorSearch(Protocol):
    """A store that searches its own vectors (an index inside the database) instead of
    handing them to an in-process matrix: the PostgreSQL store, with pgvector's HNSW.

    The kernel calls :meth:`prepare_vectors` once per opened store with the embedder's
    dimension; the retriever then asks :meth:`vector_search` rather than loading the
    user's vectors (:meth:`Store.embeddings`) into the process.
    """

    def prepare_vectors(self, dimension: int) -> None:
        """Make sure the vector index for ``dimension`` exists (idempotent, race-safe)."""
        ...

    def vector_search(
        self, query: Query, vector: npt.NDArray[np.float32], limit: int
    ) -> list[tuple[str, float]]:
        """The ``limit`` records matching ``query`` whose embeddings have the largest inner
        product with ``vector`` (cosine for unit vectors), best first, with that score."""
        ...


def iter_batches(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    """Yield consecutive slices of at most ``size`` items."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
