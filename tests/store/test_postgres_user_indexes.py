"""A large user's own indexes: an HNSW graph and a GIN index the size of the user, built when
the user passes a size, read by their searches, rebuilt after a failed build, dropped when
the user is forgotten (real PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import psycopg
import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.records import Record
from lucidmem.settings import Settings
from lucidmem.store import postgres
from lucidmem.store.base import Query
from lucidmem.store.postgres import PostgresStore
from lucidmem.store.postgres_user_indexes import (
    build_lock_key,
    user_index_names,
    user_index_prefix,
)

DIM = 16
SCHEMA = "lucidmem_own"
USER = "o'brien"  # a quote in the id: the predicate is a literal, quoted


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def add_with_vectors(store: PostgresStore, user: str, vectors: np.ndarray) -> list[str]:
    """Records stored without vectors, then given them the way the embedding queue does
    (``set_embeddings``: what checks the user's size)."""
    ids = [f"{user}-{i}" for i in range(len(vectors))]
    store.put([Record(id=i, kind="turn", user_id=user, text=f"note {n} about the harbour",
                      occurred_at=1.7e9 + n, created_at=1.7e9, updated_at=1.7e9)
               for n, i in enumerate(ids)], audit=False)
    store.set_embeddings(user, [(i, 1, v) for i, v in zip(ids, vectors, strict=True)])
    return ids


def own_indexes(url: str, schema: str = SCHEMA) -> dict[str, tuple[bool, str]]:
    """Every index of ``records`` named like a user's own: name -> (valid, definition)."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT c.relname, i.indisvalid, pg_get_indexdef(i.indexrelid) FROM pg_index i "
            "JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n "
            "ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relname LIKE 'records_own_%%'",
            (schema,)).fetchall()
    return {r[0]: (bool(r[1]), str(r[2])) for r in rows}


@pytest.fixture
def small_threshold(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(postgres, "LARGE_USER_RECORDS", 40)
    return 40


def test_names_hide_the_id_differ_per_user_and_fit_postgres() -> None:
    hnsw, fts = user_index_names("ana@example.com", 384)
    assert hnsw.startswith(user_index_prefix("ana@example.com")) and hnsw.endswith("_hnsw_384")
    assert fts.startswith(user_index_prefix("ana@example.com")) and fts.endswith("_fts")
    assert "ana" not in hnsw + fts
    assert user_index_prefix("ana") != user_index_prefix("bo")
    assert max(len(n) for n in user_index_names("x" * 500, 2000)) <= 63


def test_a_user_past_the_size_gets_own_indexes_the_search_reads(
        postgres_url: str, small_threshold: int) -> None:
    store = PostgresStore(postgres_url, schema=SCHEMA)
    store.prepare_vectors(DIM)
    rng = np.random.default_rng(7)
    mine = unit(rng, small_threshold + 10)
    add_with_vectors(store, "bo", unit(rng, small_threshold - 10))  # stays below the size
    assert own_indexes(postgres_url) == {}
    add_with_vectors(store, USER, mine)

    built = own_indexes(postgres_url)
    assert set(built) == set(user_index_names(USER, DIM))
    for valid, definition in built.values():
        assert valid and "user_id = 'o''brien'" in definition
    # the planner, given the user's id, reads the user's own graph (sequential and bitmap
    # scans off so the tiny table does not make a scan of it cheaper)
    with psycopg.connect(postgres_url) as conn:
        conn.execute("SET enable_seqscan = off")
        conn.execute("SET enable_bitmapscan = off")
        conn.execute("SET enable_sort = off")
        plan = "\n".join(r[0] for r in conn.execute(
            f"EXPLAIN SELECT id FROM {SCHEMA}.records WHERE user_id = %s AND embedding "
            f"IS NOT NULL ORDER BY embedding::vector({DIM}) <#> %s::vector({DIM}) LIMIT 5",
            (USER, str(mine[0].tolist())), prepare=False).fetchall())
    assert user_index_names(USER, DIM)[0] in plan
    # and the search through it is still exact and the user's own
    query = unit(rng, 1)[0]
    found = store.vector_search(Query(user_id=USER, kinds=["turn"]), query, 5)
    exact = [f"{USER}-{i}" for i in np.argsort(-(mine @ query), kind="stable")[:5]]
    assert [i for i, _ in found] == exact
    texts = store.text_search(Query(user_id=USER), ["harbour"], 100)
    assert len(texts) == len(mine) and all(h.id.startswith(USER) for h in texts)
    store.close()


def test_forgetting_the_user_drops_their_indexes_and_the_id_with_them(
        postgres_url: str, small_threshold: int) -> None:
    store = PostgresStore(postgres_url, schema=SCHEMA)
    store.prepare_vectors(DIM)
    rng = np.random.default_rng(8)
    add_with_vectors(store, USER, unit(rng, small_threshold))
    add_with_vectors(store, "cy", unit(rng, small_threshold))
    assert len(own_indexes(postgres_url)) == 4
    store.delete_user(USER)
    left = own_indexes(postgres_url)
    assert set(left) == set(user_index_names("cy", DIM))
    with psycopg.connect(postgres_url) as conn:
        predicates = conn.execute("SELECT count(*) FROM pg_index "
                                  "WHERE pg_get_expr(indpred, indrelid) LIKE '%%brien%%'"
                                  ).fetchone()
    assert predicates == (0,)
    # the user coming back past the size gets new ones
    add_with_vectors(store, USER, unit(rng, small_threshold))
    assert set(user_index_names(USER, DIM)) <= set(own_indexes(postgres_url))
    store.close()


def test_a_build_left_invalid_is_dropped_and_built_again(
        postgres_url: str, small_threshold: int) -> None:
    store = PostgresStore(postgres_url, schema=SCHEMA)
    store.prepare_vectors(DIM)
    add_with_vectors(store, USER, unit(np.random.default_rng(9), small_threshold))
    store.close()
    hnsw = user_index_names(USER, DIM)[0]
    with psycopg.connect(postgres_url, autocommit=True) as conn:  # as a killed build leaves it
        conn.execute("UPDATE pg_index SET indisvalid = false WHERE indexrelid = %s::regclass",
                     (f"{SCHEMA}.{hnsw}",))
    assert own_indexes(postgres_url)[hnsw][0] is False
    again = PostgresStore(postgres_url, schema=SCHEMA)  # another process, no memory of it
    again.prepare_vectors(DIM)
    assert again.index_large_users() == [USER]
    assert all(valid for valid, _ in own_indexes(postgres_url).values())
    assert again.index_large_users() == []  # nothing left to build
    again.close()


def test_one_process_builds_a_users_indexes_the_others_skip(
        postgres_url: str, small_threshold: int) -> None:
    store = PostgresStore(postgres_url, schema=SCHEMA)
    store.prepare_vectors(DIM)
    with psycopg.connect(postgres_url, autocommit=True) as builder:
        builder.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))",
                        (build_lock_key(SCHEMA, USER),))
        add_with_vectors(store, USER, unit(np.random.default_rng(10), small_threshold))
        assert own_indexes(postgres_url) == {}  # another process holds the build
        # released here, not by closing: the server ends a closed session's backend (and
        # frees its locks) a moment after the client has gone, and the build below would
        # still find the lock taken (it did, once in CI)
        builder.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))",
                        (build_lock_key(SCHEMA, USER),))
    assert store.index_large_users(USER) == [USER]  # lock released: built now
    assert set(own_indexes(postgres_url)) == set(user_index_names(USER, DIM))
    store.close()


def test_memory_on_postgres_indexes_a_large_user_and_forget_drops_it(
        postgres_url: str, tmp_path: Path, embedder: E5Embedder,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Through ``Memory``: adding past the size builds the user's indexes, the search finds
    the right turn through them, ``delete_all`` removes them."""
    monkeypatch.setattr(postgres, "LARGE_USER_RECORDS", 12)
    animals = ["heron", "otter", "lynx", "marten", "badger", "ibis", "stoat", "vole"]
    settings = Settings(store_url=postgres_url, data_dir=tmp_path)
    with Memory(settings=settings, embedder=embedder) as memory:
        memory.add([{"role": "user", "content": f"the {a} lives by the {place}"}
                    for a, place in zip(animals * 2, ["harbour", "mill"] * 8, strict=True)],
                   user_id="dana")
        memory.flush()
        assert set(own_indexes(postgres_url, "lucidmem_personal")) == set(
            user_index_names("dana", 384))
        hits = memory.search("where does the otter live", user_id="dana", limit=3)
        assert "otter" in hits[0].item.text
        memory.delete_all(user_id="dana")
        assert own_indexes(postgres_url, "lucidmem_personal") == {}


def test_a_smaller_size_can_be_asked_for(postgres_url: str) -> None:
    store = PostgresStore(postgres_url, schema=SCHEMA)
    store.prepare_vectors(DIM)
    add_with_vectors(store, USER, unit(np.random.default_rng(11), 30))
    assert own_indexes(postgres_url) == {}  # far below the store's size
    assert store.index_large_users(min_records=31) == []
    assert store.index_large_users(min_records=30) == [USER]
    assert set(own_indexes(postgres_url)) == set(user_index_names(USER, DIM))
    store.close()
