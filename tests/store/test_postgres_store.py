"""PostgreSQL specifics, end to end: ``Memory`` on a real server with the real embedder.

The storage contract itself runs on PostgreSQL in test_store_contract.py; this file covers
what only the PostgreSQL store has: selection by ``store_url``, one schema per context,
reopening, forgetting a user, configuration errors, migrations, reconnecting, and BM25
scores against SQLite's FTS5.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import psycopg
import pytest

from lucidmem import (
    ConfigurationError,
    InvalidInputError,
    Memory,
    Settings,
    StoreError,
    StoreUnavailableError,
)
from lucidmem.embedding import E5Embedder
from lucidmem.store.base import Query, Record, Store
from lucidmem.store.postgres import PostgresStore, connection_lost
from lucidmem.store.postgres_schema import MIGRATIONS, schema_for_context
from lucidmem.store.sqlite import SQLiteStore

from .conftest import Clock

CHAT = [
    {"role": "user", "content": "My sister Clara plays the violin in an orchestra."},
    {"role": "assistant", "content": "That sounds lovely. Which orchestra?"},
    {"role": "user", "content": "The Berlin Philharmonic, since last spring."},
    {"role": "user", "content": "I am allergic to peanuts, so no satay for me."},
]


@pytest.fixture
def memory(postgres_url: str, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    with Memory(settings=Settings(store_url=postgres_url), embedder=embedder,
                clock=clock) as mem:
        yield mem


def _rows(url: str, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    with psycopg.connect(url) as conn:
        return conn.execute(sql, params).fetchall()


def _schemas(url: str) -> list[str]:
    return [str(r[0]) for r in _rows(
        url, "SELECT nspname::text FROM pg_namespace WHERE nspname LIKE 'lucidmem%%' "
        "ORDER BY 1")]


# -- Memory on PostgreSQL --------------------------------------------------------------------
def test_add_then_hybrid_search_finds_it(memory: Memory, postgres_url: str) -> None:
    memory.add(CHAT, user_id="maya", conversation_id="c1")
    assert memory.flush(timeout=300)  # the vector leg catches up in the background
    hits = memory.search("which instrument does my sister play?", user_id="maya", limit=3)
    assert "violin" in hits[0].item.text
    assert set(hits[0].explain) == {"bm25", "vector", "rerank"}  # both legs, then the ranker
    assert hits[0].explain["bm25"].rank == 1
    # BM25 alone, through the stemmer: "peanut" finds "peanuts".
    [top, *_] = memory.search("peanut", user_id="maya", preset="bm25")
    assert "peanuts" in top.item.text
    assert _schemas(postgres_url) == ["lucidmem_personal"]
    [(count,)] = _rows(postgres_url, "SELECT count(*) FROM lucidmem_personal.records")
    assert count == len(CHAT)


def test_two_contexts_are_two_schemas_that_never_meet(memory: Memory, postgres_url: str) -> None:
    memory.add("I keep my bike in the garage", user_id="maya", context="personal")
    memory.add("The quarterly report is due on Friday", user_id="maya", context="work")
    assert memory.contexts() == ["personal", "work"]
    assert _schemas(postgres_url) == ["lucidmem_personal", "lucidmem_work"]
    for context, own, other in (("personal", "bike", "report"), ("work", "report", "bike")):
        assert [h.item.text for h in memory.search(own, user_id="maya", context=context)]
        assert all(other not in h.item.text
                   for h in memory.search(other, user_id="maya", context=context))
        assert [i.context for i in memory.get_all(user_id="maya", context=context)] == [context]
    [(personal,)] = _rows(postgres_url, "SELECT text FROM lucidmem_personal.records")
    [(work,)] = _rows(postgres_url, "SELECT text FROM lucidmem_work.records")
    assert "bike" in str(personal) and "report" in str(work)

    stats = memory.stats(context="work")
    assert stats.users == 1 and stats.items_by_kind == {"turn": 1}
    assert "schema lucidmem_work" in stats.path
    assert stats.bytes_on_disk > 0


def test_reopen_keeps_data(postgres_url: str, embedder: E5Embedder, clock: Clock,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    with Memory(settings=Settings(store_url=postgres_url), embedder=embedder,
                clock=clock) as first:
        [item] = first.add("We adopted a cat named Miso", user_id="maya")
        first.update(item.id, user_id="maya", text="We adopted a grey cat named Miso")
    monkeypatch.setenv("LUCIDMEM_STORE_URL", postgres_url)  # the environment selects it too
    with Memory(embedder=embedder, clock=clock) as again:
        assert again.kernel.settings.store_url == postgres_url
        assert [i.text for i in again.get_all(user_id="maya")] == [
            "We adopted a grey cat named Miso"]
        assert [e.action for e in again.history(item.id, user_id="maya")] == ["add", "update"]
        assert again.search("cat", user_id="maya")[0].item.id == item.id


def test_delete_all_forgets_the_user_only(memory: Memory, postgres_url: str) -> None:
    memory.add(CHAT, user_id="maya")
    memory.add("I collect stamps from Iceland", user_id="tom")
    assert memory.delete_all(user_id="maya") == len(CHAT)
    assert memory.get_all(user_id="maya") == []
    assert memory.search("violin", user_id="maya") == []
    assert [i.text for i in memory.get_all(user_id="tom")] == ["I collect stamps from Iceland"]
    for table in ("records", "audit", "users"):
        assert _rows(postgres_url,
                     f"SELECT count(*) FROM lucidmem_personal.{table} WHERE user_id = %s",
                     ("maya",)) == [(0,)]


# -- configuration errors --------------------------------------------------------------------
def test_encryption_key_with_store_url_is_refused(postgres_url: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigurationError, match="encryption at rest is the database server"):
        Settings(store_url=postgres_url, encryption_key="correct horse battery staple")
    with pytest.raises(ConfigurationError, match="LUCIDMEM_ENCRYPTION_KEY"):
        Settings(store_url=postgres_url, context_keys={"work": "0" * 64})
    monkeypatch.setenv("LUCIDMEM_STORE_URL", postgres_url)
    monkeypatch.setenv("LUCIDMEM_ENCRYPTION_KEY", "0" * 64)
    with pytest.raises(ConfigurationError, match="store_url"):
        Memory()


@pytest.mark.parametrize("url", ["mysql://bob:hunter2@db.example/lucid", "bob:hunter2@db",
                                 "sqlite:///tmp/x.db"])
def test_a_url_that_is_not_postgres_is_refused(url: str) -> None:
    with pytest.raises(ConfigurationError, match="postgresql://") as info:
        Settings(store_url=url)
    assert "hunter2" not in str(info.value)


def test_empty_store_url_means_sqlite(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LUCIDMEM_STORE_URL", "")
    assert Settings().store_url is None


def test_unreachable_server_is_a_store_error_without_the_password(
    tmp_path: Path, embedder: E5Embedder
) -> None:
    url = f"postgresql://bob:hunter2@/lucid?host={tmp_path / 'no-server-here'}"
    with Memory(settings=Settings(store_url=url), embedder=embedder) as memory, \
            pytest.raises(StoreError, match="LUCIDMEM_STORE_URL") as info:
        memory.add("hello", user_id="maya")
    assert "hunter2" not in str(info.value)
    assert "bob:***@" in str(info.value)


def test_missing_database_is_a_store_error(postgres_server: object,
                                           embedder: E5Embedder) -> None:
    url = postgres_server.get_uri(database="no_such_database")  # type: ignore[attr-defined]
    with Memory(settings=Settings(store_url=url), embedder=embedder) as memory, \
            pytest.raises(StoreError, match="no_such_database"):
        memory.search("anything", user_id="maya")


def test_invalid_connection_options_are_a_configuration_error(postgres_url: str) -> None:
    with pytest.raises(ConfigurationError, match="invalid store_url") as info:
        PostgresStore(postgres_url.replace("postgresql://postgres:",
                                           "postgresql://postgres:hunter2") + "&bogus=1",
                      schema="x")
    assert "hunter2" not in str(info.value)


def test_long_context_names_do_not_fit_a_schema_name() -> None:
    assert schema_for_context("c" * 54) == "lucidmem_" + "c" * 54
    with pytest.raises(InvalidInputError, match="at most 54 characters"):
        schema_for_context("c" * 55)


def test_missing_driver_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if psycopg were not installed
    monkeypatch.delitem(sys.modules, "lucidmem.store.postgres")
    with pytest.raises(ConfigurationError, match=r"pip install 'lucidmem\[postgres\]'"):
        importlib.import_module("lucidmem.store.postgres")


_WITHOUT_POSTGRES = """
import sys
import numpy as np
from lucidmem import Memory

class Ones:
    name, dimension = "ones", 4
    def embed_queries(self, texts):
        return np.ones((len(texts), 4), dtype=np.float32) / 2
    embed_passages = embed_queries

with Memory(sys.argv[1], embedder=Ones()) as memory:
    memory.add("hi", user_id="maya")
    memory.search("hi", user_id="maya")
    memory.stats()
    memory.contexts()
assert "psycopg" not in sys.modules, "the SQLite path imported psycopg"
"""


def test_the_sqlite_path_never_imports_psycopg(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-c", _WITHOUT_POSTGRES, str(tmp_path)], check=True,
                   timeout=300)


# -- the store itself ------------------------------------------------------------------------
def test_migrations_are_recorded_and_not_rerun(postgres_url: str) -> None:
    store = PostgresStore(postgres_url, schema="m")
    assert store.applied_migrations() == [m.name for m in MIGRATIONS]
    stamps = _rows(postgres_url, "SELECT name, applied_at FROM m.schema_migrations")
    store.put([Record(id="r1", kind="turn", user_id="maya", text="kept")])
    store.close()
    again = PostgresStore(postgres_url, schema="m")  # would fail on CREATE TABLE if re-run
    assert _rows(postgres_url, "SELECT name, applied_at FROM m.schema_migrations") == stamps
    assert [r.text for r in again.get("maya", ["r1"])] == ["kept"]
    again.close()


def _terminate(store: PostgresStore, admin_url: str) -> None:
    """End ``store``'s session from the server side, as a restart or an operator would."""
    [(pid,)] = store._run("SELECT pg_backend_pid()")
    # The second argument waits (up to 5 s) until the backend has exited, so no race.
    assert _rows(admin_url, "SELECT pg_terminate_backend(%s, 5000)", (pid,)) == [(True,)]


def test_a_connection_ended_while_idle_is_replaced_and_the_call_succeeds(
    postgres_url: str, postgres_admin_url: str
) -> None:
    store = PostgresStore(postgres_url, schema="r")
    store.put([Record(id="r1", kind="turn", user_id="maya", text="still here")])
    _terminate(store, postgres_admin_url)
    assert [r.text for r in store.get("maya", ["r1"])] == ["still here"]  # a statement
    _terminate(store, postgres_admin_url)
    store.put([Record(id="r2", kind="turn", user_id="maya", text="written once")])  # BEGIN
    assert _rows(postgres_url, "SELECT id FROM r.records ORDER BY id") == [("r1",), ("r2",)]
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.get("maya", ["r1"])


def test_an_access_count_after_the_session_ended_is_written_once_on_a_new_connection(
    postgres_url: str, postgres_admin_url: str
) -> None:
    """The access update is a pipelined transaction: on a connection the server ended while
    idle it fails inside the pipeline ("cannot exit pipeline mode while busy"), not as
    ``admin_shutdown``; nothing of it ran, so it is sent again on a new connection."""
    store = PostgresStore(postgres_url, schema="p")
    store.put([Record(id="p1", kind="turn", user_id="maya", text="counted")])
    _terminate(store, postgres_admin_url)
    store.touch("maya", ["p1"], 100.0)
    [record] = store.get("maya", ["p1"])
    assert (record.access_count, record.last_accessed) == (1, 100.0)
    store.close()


def test_a_connection_lost_inside_a_transaction_fails_the_call_and_the_next_reconnects(
    postgres_url: str, postgres_admin_url: str
) -> None:
    store = PostgresStore(postgres_url, schema="t")
    store.put([Record(id="r1", kind="turn", user_id="maya", text="kept")])
    with pytest.raises(StoreUnavailableError, match="rolled back"), store.transaction():
        store.put([Record(id="half", kind="turn", user_id="maya", text="never written")])
        _terminate(store, postgres_admin_url)
        store.get("maya", ["r1"])
    assert [r.id for r in store.get("maya", ["r1", "half"])] == ["r1"]
    store.close()


def test_a_pipelined_batch_on_a_dropped_session_is_unavailable_and_the_next_call_reconnects(
    postgres_url: str, postgres_admin_url: str
) -> None:
    """A batch of rows goes out in one pipeline; when the server has ended the session,
    psycopg may report "cannot exit pipeline mode while busy" before it marks the
    connection broken. That is still the server going away, not a bad statement."""
    store = PostgresStore(postgres_url, schema="b")
    store.put([Record(id="r1", kind="turn", user_id="maya", text="kept")])
    batch = [Record(id=f"b{i}", kind="turn", user_id="maya", text=f"row {i}")
             for i in range(50)]
    with pytest.raises(StoreUnavailableError, match="again"), store.transaction():
        store.put([Record(id="half", kind="turn", user_id="maya", text="never written")])
        _terminate(store, postgres_admin_url)
        store.put(batch)
    store.put(batch[:1])  # the next call works on a new connection
    assert _rows(postgres_url, "SELECT id FROM b.records ORDER BY id") == [("b0",), ("r1",)]
    store.close()


@pytest.mark.parametrize(("error", "lost"), [
    (psycopg.OperationalError("cannot exit pipeline mode while busy"), True),
    (psycopg.OperationalError("consuming input failed: server closed the connection"), True),
    (psycopg.errors.AdminShutdown("terminating connection"), True),
    (psycopg.errors.ConnectionFailure("connection failure"), True),
    (psycopg.errors.LockNotAvailable("could not obtain lock"), False),
    (psycopg.errors.QueryCanceled("canceling statement due to statement timeout"), False),
    (psycopg.errors.UniqueViolation("duplicate key"), False),
])
def test_which_errors_say_the_connection_went_away(error: psycopg.Error, lost: bool) -> None:
    assert connection_lost(error) is lost


def test_an_error_raised_while_handling_a_lost_connection_counts_as_lost() -> None:
    try:
        try:
            raise psycopg.OperationalError("server closed the connection unexpectedly")
        except psycopg.OperationalError as lost:
            raise psycopg.errors.InFailedSqlTransaction("current transaction is aborted") \
                from lost
    except psycopg.Error as exc:
        assert connection_lost(exc)


def test_embeddings_round_trip_exactly_at_model_size(postgres_url: str) -> None:
    store = PostgresStore(postgres_url, schema="v")
    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((3, 384)).astype(np.float32)
    store.put([Record(id=f"v{i}", kind="turn", user_id="maya", embedding=vectors[i])
               for i in range(3)])
    ids, matrix = store.embeddings(Query(user_id="maya"))
    assert ids == ["v0", "v1", "v2"] and matrix.dtype == np.float32
    np.testing.assert_array_equal(matrix, vectors)
    [one] = store.get("maya", ["v1"])
    assert one.embedding is not None
    np.testing.assert_array_equal(one.embedding, vectors[1])
    store.close()


def test_an_access_leaves_the_records_row_where_it_is(postgres_url: str) -> None:
    """A search's access update writes the narrow ``record_access`` row, never a new version
    of the record's ~2 KB row (which, moved to another page, is inserted again into every
    index, HNSW graphs included): the row keeps its physical place and its version."""
    store = PostgresStore(postgres_url, schema="a")
    vector = np.ones(384, dtype=np.float32) / np.sqrt(384)
    store.put([Record(id=f"a{i}", kind="turn", user_id="maya", text=f"note {i}",
                      embedding=vector) for i in range(3)])

    def places() -> list[tuple[object, ...]]:
        with psycopg.connect(postgres_url) as conn:
            return conn.execute("SELECT id, ctid::text, xmin::text FROM a.records "
                                "ORDER BY id").fetchall()

    before = places()
    store.touch("maya", ["a0", "a2"], 100.0)
    store.touch("maya", ["a0"], 200.0)
    assert places() == before
    assert [(r.access_count, r.last_accessed) for r in store.get("maya", ["a0", "a1", "a2"])] \
        == [(2, 200.0), (0, None), (1, 100.0)]
    store.delete_user("maya")  # the access rows go with the records
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT count(*) FROM a.record_access").fetchone() == (0,)
    store.close()


def test_nul_characters_are_refused_before_anything_is_written(postgres_url: str) -> None:
    store = PostgresStore(postgres_url, schema="n")
    with pytest.raises(InvalidInputError, match="NUL"):
        store.put([Record(id="ok", kind="turn", user_id="maya", text="fine"),
                   Record(id="bad", kind="turn", user_id="maya", text="a\x00b")])
    assert store.count(Query(user_id="maya")) == 0
    store.close()


# -- the same answers as SQLite --------------------------------------------------------------
CORPUS = [
    "My sister Clara plays the violin every Sunday",
    "We talked about the weather and the train schedule to Berlin",
    "Clara moved to Hamburg and the violin stayed in Berlin",
    "Lunch was pasta with tomatoes and basil",
    "The violin teacher from Berlin called about lessons",
    "Tomatoes grow well on the balcony in summer",
]
QUERIES = [["violin"], ["clara", "violin", "sunday"], ["berlin", "tomatoes"], ["basil"],
           ["weather", "train"], ["balcony", "summer", "lunch"]]


def _both(postgres_url: str, tmp_path: Path) -> list[Store]:
    stores: list[Store] = [SQLiteStore(tmp_path / "s.db"), PostgresStore(postgres_url,
                                                                          schema="p")]
    for store in stores:
        store.put([Record(id=f"d{i}", kind="turn", user_id="maya", text=text)
                   for i, text in enumerate(CORPUS)])
        store.put([Record(id="flag", kind="skill", user_id="maya",
                          data={"on": True, "n": 2, "s": "2", "off": False, "f": 2.5})])
    return stores


def _same_bm25(sqlite: Store, postgres: Store) -> None:
    for terms in QUERIES:
        expected = sqlite.text_search(Query(user_id="maya"), terms, 10)
        got = postgres.text_search(Query(user_id="maya"), terms, 10)
        assert [h.id for h in got] == [h.id for h in expected], terms
        assert [h.score for h in got] == pytest.approx([h.score for h in expected],
                                                       rel=1e-6), terms


def test_bm25_scores_equal_sqlite_fts5_for_one_user(postgres_url: str, tmp_path: Path) -> None:
    sqlite, postgres = _both(postgres_url, tmp_path)
    _same_bm25(sqlite, postgres)
    for store in (sqlite, postgres):  # the collection statistics follow every kind of write
        [d1, d4] = store.get("maya", ["d1", "d4"])
        d1.text += " and the violin again, the violin"
        d4.searchable = False
        store.put([d1, d4])
        store.delete("maya", ["d3"])
        store.put([Record(id="d9", kind="turn", user_id="maya", text="Basil on the balcony")])
    _same_bm25(sqlite, postgres)
    sqlite.close()
    postgres.close()


def test_bm25_statistics_kept_per_user_match_a_recount(postgres_url: str) -> None:
    store = PostgresStore(postgres_url, schema="st")
    store.put([Record(id=f"{u}{i}", kind="turn", user_id=u, text=f"word {i} " * (i + 1))
               for u in ("maya", "tom") for i in range(5)])
    [r0, r1] = store.get("maya", ["maya0", "maya1"])
    r0.text, r1.searchable = "now five words long here", False
    store.put([r0, r1, Record(id="maya9", kind="turn", user_id="maya", text="")])
    store.delete("maya", ["maya2", "tom3"])  # tom3 is not maya's: nothing happens to it
    with pytest.raises(RuntimeError), store.transaction():
        store.put([Record(id="gone", kind="turn", user_id="maya", text="rolled back")])
        raise RuntimeError("boom")
    store.delete_user("tom")
    kept = _rows(postgres_url, "SELECT user_id::text, fts_docs, fts_tokens FROM st.users")
    recount = _rows(postgres_url,
                    "SELECT user_id::text, count(*), sum(fts_len) FROM st.records "
                    "WHERE fts IS NOT NULL GROUP BY user_id")
    assert kept == recount == [("maya", 3, 5 + 8 + 10)]
    store.close()


@pytest.mark.parametrize("equals", [
    {"on": True}, {"on": 1}, {"off": False}, {"off": 0}, {"n": 2}, {"n": 2.0}, {"n": "2"},
    {"s": "2"}, {"s": 2}, {"f": 2.5}, {"missing": 1}, {"on": "true"},
])
def test_data_equals_matches_like_sqlite(postgres_url: str, tmp_path: Path,
                                         equals: dict[str, str | int | float | bool]) -> None:
    sqlite, postgres = _both(postgres_url, tmp_path)
    query = Query(user_id="maya", data_equals=equals)
    assert [r.id for r in postgres.find(query)] == [r.id for r in sqlite.find(query)]
    sqlite.close()
    postgres.close()


def test_a_lock_key_serialises_read_then_write_across_connections(postgres_url: str) -> None:
    """Two connections number the next value of one counter at once: with the lock every
    increment survives (read committed alone would let both read the same value)."""
    import threading
    import time

    stores = [PostgresStore(postgres_url, schema="locking") for _ in range(2)]
    rounds = 8

    def bump(store: PostgresStore) -> None:
        for _ in range(rounds):
            with store.transaction():
                store.lock("counter")
                value = int(store.get_meta("counter") or 0)
                time.sleep(0.01)  # widen the window between the read and the write
                store.set_meta("counter", str(value + 1))

    try:
        threads = [threading.Thread(target=bump, args=(s,)) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert stores[0].get_meta("counter") == str(2 * rounds)
        with pytest.raises(StoreError, match="needs a transaction"):
            stores[0].lock("counter")
    finally:
        for store in stores:
            store.close()
