"""Vectors searched inside PostgreSQL (pgvector HNSW), filtered by user in the same SQL."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import psycopg
import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.errors import InvalidInputError
from lucidmem.records import Record
from lucidmem.settings import Settings
from lucidmem.store.base import Query, VectorSearch
from lucidmem.store.postgres import PostgresStore

DIM = 16


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def records(user: str, vectors: np.ndarray, kind: str = "turn") -> list[Record]:
    return [Record(id=f"{user}-{kind}-{i}", kind=kind, user_id=user, text=f"text {i}",
                   occurred_at=1.7e9 + i, created_at=1.7e9, updated_at=1.7e9,
                   embedding=vectors[i]) for i in range(len(vectors))]


@pytest.fixture
def store(postgres_url: str) -> PostgresStore:
    s = PostgresStore(postgres_url, schema="lucidmem_vectors")
    s.prepare_vectors(DIM)
    return s


def test_the_hnsw_index_exists_once_whoever_prepares_it(store: PostgresStore,
                                                        postgres_url: str) -> None:
    other = PostgresStore(postgres_url, schema="lucidmem_vectors")
    other.prepare_vectors(DIM)  # a second process opening the schema finds it
    with psycopg.connect(postgres_url) as conn:
        rows = conn.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = %s AND "
                            "indexname LIKE 'records_embedding_hnsw_%%'",
                            ("lucidmem_vectors",)).fetchall()
    assert len(rows) == 1 and "hnsw" in rows[0][0] and "vector_ip_ops" in rows[0][0]
    assert isinstance(store, VectorSearch)


def test_search_matches_exact_and_never_crosses_users(store: PostgresStore) -> None:
    rng = np.random.default_rng(3)
    mine, theirs = unit(rng, 300), unit(rng, 300)
    store.put(records("ana", mine) + records("bo", theirs), audit=False)
    store.put(records("ana", unit(rng, 20), kind="fact"), audit=False)
    query = unit(rng, 1)[0]
    found = store.vector_search(Query(user_id="ana", kinds=["turn"]), query, 10)
    scores = mine @ query
    exact = [f"ana-turn-{i}" for i in np.argsort(-scores, kind="stable")[:10]]
    assert [i for i, _ in found] == exact
    assert [s for _, s in found] == pytest.approx(sorted(scores, reverse=True)[:10], abs=1e-5)
    assert all(i.startswith("ana-turn-") for i, _ in
               store.vector_search(Query(user_id="ana", kinds=["turn"]), query, 400))
    assert store.vector_search(Query(user_id="nobody"), query, 10) == []


def test_a_wrong_dimension_is_a_clear_error(store: PostgresStore) -> None:
    with pytest.raises(InvalidInputError, match="dimensions"):
        store.vector_search(Query(user_id="ana"), np.ones(DIM + 1, dtype=np.float32), 5)
    with pytest.raises(InvalidInputError, match="HNSW"):
        store.prepare_vectors(4000)


def test_memory_search_reads_no_vectors_into_the_process(
        postgres_url: str, tmp_path: Path, embedder: object) -> None:
    """Memory on PostgreSQL never loads a user's matrix; another process's write is
    searchable once its vector is written (flush)."""

    class NoCopies(PostgresStore):
        def embeddings(self, query: Query) -> tuple[list[str], np.ndarray]:
            raise AssertionError("the vector leg loaded a user's vectors into the process")

    from lucidmem.store.postgres_schema import schema_for_context

    settings = Settings(store_url=postgres_url, facts={"extractor": "none"})  # type: ignore[arg-type]
    with Memory(tmp_path / "a", settings=settings, embedder=embedder,  # type: ignore[arg-type]
                store_factory=lambda c: NoCopies(postgres_url, schema=schema_for_context(c))
                ) as first, \
            Memory(tmp_path / "b", settings=settings,
                   embedder=embedder) as second:  # type: ignore[arg-type]
        first.add("My sister lives in Lisbon and plays the cello", user_id="u")
        assert first.search("where does my sister live", user_id="u")
        second.add("I adopted a grey cat called Pixel", user_id="u")
        assert second.flush(timeout=120)  # its vector is written by the background queue
        hits = first.search("my pet", user_id="u", limit=1)
        assert hits[0].item.text == "I adopted a grey cat called Pixel"


def _hnsw_oid(url: str) -> int | None:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT to_regclass('lucidmem_personal.records_embedding_hnsw_384')"
                           "::oid").fetchone()
    return None if row is None or row[0] is None else int(row[0])


def test_a_bulk_load_builds_the_index_once_and_small_writes_keep_it(
        postgres_url: str, tmp_path: Path, embedder: E5Embedder,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``HNSW_DEFER_MIN_PENDING`` queued vectors the records' HNSW index is dropped and
    built once the queue is drained: afterwards it exists, holds every vector and serves
    the search; writes below the threshold update the same index (its oid stays)."""
    from lucidmem.store import postgres

    monkeypatch.setattr(postgres, "HNSW_DEFER_MIN_PENDING", 20)
    settings = Settings(store_url=postgres_url, data_dir=tmp_path)
    texts = [f"note {i}: the {w} lives by the harbour" for i, w in enumerate(
        ["heron", "otter", "lynx", "marten", "badger", "ibis", "stoat", "vole"] * 5)]
    with Memory(settings=settings, embedder=embedder) as memory:
        memory.add("a first small note about tea", user_id="u1")
        memory.flush()
        before = _hnsw_oid(postgres_url)
        assert before is not None
        memory.add("a second small note about coffee", user_id="u1")
        memory.flush()
        assert _hnsw_oid(postgres_url) == before  # small writes: the same index, updated
        memory.add([{"role": "user", "content": t} for t in texts], user_id="u1")
        memory.flush()
        after = _hnsw_oid(postgres_url)
        assert after is not None and after != before  # rebuilt once, at the load's end
        store = memory.kernel.store()
        assert store.get_meta(postgres.HNSW_DEFERRED_META) is None
        hits = memory.search("where does the otter live", user_id="u1", limit=3)
        assert "otter" in hits[0].item.text and "vector" in hits[0].explain
    with psycopg.connect(postgres_url) as conn:
        conn.execute("SET enable_seqscan = off")
        conn.execute("SET enable_bitmapscan = off")
        indexed = conn.execute(
            "EXPLAIN SELECT id FROM lucidmem_personal.records WHERE embedding IS NOT NULL "
            "ORDER BY embedding::vector(384) <#> (SELECT embedding::vector(384) FROM "
            "lucidmem_personal.records WHERE embedding IS NOT NULL LIMIT 1) LIMIT 5"
        ).fetchall()
        count = conn.execute("SELECT count(*) FROM lucidmem_personal.records "
                             "WHERE embedding IS NOT NULL").fetchone()
        # VACUUM marks the pages all-visible (pg_class, written in its transaction; the
        # statistics views lag behind a closing backend, so they are not asked)
        vacuumed = conn.execute(
            "SELECT relallvisible > 0 FROM pg_class "
            "WHERE oid = 'lucidmem_personal.records'::regclass").fetchone()
    assert vacuumed == (True,)  # the load's updates are vacuumed
    assert any("records_embedding_hnsw_384" in r[0] for r in indexed)
    assert count == (len(texts) + 2,)
