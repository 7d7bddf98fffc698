"""A long turn's chunk vectors are searched inside PostgreSQL too (table ``chunks``, HNSW)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import psycopg
import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.embedding.turns import CHUNKS_KEY, decode_chunks, with_chunks
from lucidmem.records import Record
from lucidmem.retrieval.hybrid import vector_rows
from lucidmem.retrieval.vector_index import VectorIndex
from lucidmem.settings import Settings
from lucidmem.store import chunks as store_chunks
from lucidmem.store.base import Query
from lucidmem.store.postgres import PostgresStore

DIM = 16


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def turn(user: str, i: int, head: np.ndarray, extra: np.ndarray, *, status: str = "active",
         kind: str = "turn") -> Record:
    return Record(id=f"{user}-{i}", kind=kind, user_id=user, text=f"long turn {i}",
                  status=status, occurred_at=1.7e9 + i, created_at=1.7e9, updated_at=1.7e9,
                  embedding=head, data=with_chunks({"n": i}, extra))


@pytest.fixture
def store(postgres_url: str) -> PostgresStore:
    s = PostgresStore(postgres_url, schema="lucidmem_chunks")
    s.prepare_vectors(DIM)
    return s


def chunk_rows(url: str, record_id: str | None = None) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM lucidmem_chunks.chunks WHERE "
                           "%s::text IS NULL OR record_id = %s", (record_id, record_id)
                           ).fetchone()
    return int(row[0]) if row else 0


def test_the_store_reads_the_chunk_format_the_embedder_writes() -> None:
    rng = np.random.default_rng(1)
    data = with_chunks({}, unit(rng, 3))
    data[CHUNKS_KEY].append("not base64 !")  # damaged entries are skipped by both
    mine = store_chunks.chunk_vectors(data, DIM)
    theirs = decode_chunks(data, DIM)
    assert store_chunks.CHUNKS_KEY == CHUNKS_KEY
    assert len(mine) == 3 and np.array_equal(np.stack(mine), theirs)
    assert store_chunks.chunk_vectors(data, DIM + 1) == []


def test_search_matches_the_in_process_index_with_chunks(store: PostgresStore) -> None:
    """The same records, the same query: PostgreSQL and the in-process index rank alike,
    each record once, scored by its best vector (head or chunk)."""
    rng = np.random.default_rng(7)
    records = [turn("ana", i, unit(rng, 1)[0], unit(rng, i % 4)) for i in range(120)]
    records += [turn("bo", i, unit(rng, 1)[0], unit(rng, 3)) for i in range(60)]
    store.put(records, audit=False)
    index = VectorIndex(DIM, 1)
    index.upsert(vector_rows([r for r in records if r.user_id == "ana"]))
    for query in unit(rng, 5):
        found = store.vector_search(Query(user_id="ana"), query, 10)
        expected = index.search(query, 10)
        assert [i for i, _ in found] == [i for i, _ in expected]
        assert [s for _, s in found] == pytest.approx([s for _, s in expected], abs=1e-5)
        assert len({i for i, _ in found}) == len(found)


def test_a_chunk_alone_finds_its_turn_and_filters_apply(store: PostgresStore,
                                                        postgres_url: str) -> None:
    rng = np.random.default_rng(11)
    needle = unit(rng, 1)[0]
    other = unit(rng, 30)
    heads = other @ needle
    far = other[np.argsort(heads)[:12]]  # vectors far from the needle
    store.put([turn("ana", 0, far[0], np.stack([far[1], needle])),
               turn("ana", 1, far[2], far[3:5]),
               turn("ana", 2, far[5], np.stack([needle]), status="archived"),
               turn("bo", 0, far[6], np.stack([needle]))], audit=False)
    assert chunk_rows(postgres_url) == 2 + 2 + 1 + 1
    found = store.vector_search(Query(user_id="ana"), needle, 1)
    assert found[0][0] == "ana-0" and found[0][1] == pytest.approx(1.0, abs=1e-5)
    everyone = store.vector_search(Query(user_id="ana", statuses=None), needle, 10)
    assert {i for i, _ in everyone} == {"ana-0", "ana-1", "ana-2"}
    assert "bo-0" not in dict(store.vector_search(Query(user_id="ana"), needle, 10))

    # Rewriting a turn replaces its chunks; deleting it removes them.
    store.put([turn("ana", 0, far[0], far[7:8])], audit=False)
    assert chunk_rows(postgres_url, "ana-0") == 1
    assert store.vector_search(Query(user_id="ana"), needle, 1)[0][0] != "ana-0"
    store.delete("ana", ["ana-1"])
    assert chunk_rows(postgres_url, "ana-1") == 0
    store.delete_user("bo")
    assert chunk_rows(postgres_url, "bo-0") == 0


def test_chunks_stored_before_the_table_existed_are_backfilled(postgres_url: str) -> None:
    rng = np.random.default_rng(5)
    first = PostgresStore(postgres_url, schema="lucidmem_chunks")
    first.put([turn("ana", 0, unit(rng, 1)[0], unit(rng, 2))], audit=False)
    first.close()
    with psycopg.connect(postgres_url, autocommit=True) as conn:  # as an older version left it
        conn.execute("DROP TABLE lucidmem_chunks.chunks")
        conn.execute("DELETE FROM lucidmem_chunks.schema_migrations "
                     "WHERE name = '0003_chunk_vectors'")
    again = PostgresStore(postgres_url, schema="lucidmem_chunks")
    assert "0003_chunk_vectors" in again.applied_migrations()
    assert chunk_rows(postgres_url, "ana-0") == 2
    again.close()


def test_a_long_turn_is_found_by_its_middle_through_memory(
        postgres_url: str, tmp_path: Path, embedder: E5Embedder) -> None:
    filler = " ".join(f"The weather on day {d} was mild and we walked along the river."
                      for d in range(40))
    needle = "My passport number is kept in the blue folder under the piano."
    text = f"{filler} {needle} {filler}"
    with Memory(tmp_path / "m", settings=Settings(store_url=postgres_url,
                                                 facts={"extractor": "none"}),
                embedder=embedder) as memory:
        memory.add(text, user_id="ana")
        for i in range(5):
            memory.add(f"We talked about the river walk number {i}.", user_id="ana")
        assert memory.flush(timeout=300)  # the vectors (and chunks) come from the queue
        stored = memory.kernel.store().find(Query(user_id="ana"))
        long_turn = next(r for r in stored if r.text.startswith("The weather"))
        assert CHUNKS_KEY in long_turn.data
        with psycopg.connect(postgres_url) as conn:
            kept = conn.execute("SELECT count(*) FROM lucidmem_personal.chunks WHERE "
                                "record_id = %s", (long_turn.id,)).fetchone()
        assert kept == (len(long_turn.data[CHUNKS_KEY]),)
        store = memory.kernel.store()
        assert isinstance(store, PostgresStore)
        vector = embedder.embed_queries(["where is the passport kept"])[0]
        best = store.vector_search(Query(user_id="ana"), vector, 1)
        assert best[0][0] == long_turn.id
