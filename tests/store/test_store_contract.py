"""The storage contract every backend must pass (today SQLite on a file and in memory).

Only the :class:`~lucidmem.store.base.Store` protocol is used here, so a new backend
joins by adding one param to the ``store_factory`` fixture.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from lucidmem.errors import InvalidInputError, StoreError
from lucidmem.store.base import Query, Record, Store, user_meta_key
from lucidmem.store.files import erasure_pattern

from .conftest import StoreFactory

DAY = 86_400.0
T0 = 1_770_000_000.0


def rec(
    id_: str,
    user: str = "alice",
    *,
    text: str = "",
    kind: str = "turn",
    at: float = T0,
    dim: int = 4,
    **extra: object,
) -> Record:
    vector = np.zeros(dim, dtype=np.float32)
    vector[sum(map(ord, id_)) % dim] = 1.0
    fields: dict[str, object] = {
        "occurred_at": at, "created_at": at, "updated_at": at, "embedding": vector,
    }
    fields.update(extra)
    return Record(id=id_, kind=kind, user_id=user, text=text, **fields)  # type: ignore[arg-type]


@pytest.fixture
def store(store_factory: StoreFactory) -> Store:
    return store_factory()


def ids(records: list[Record]) -> list[str]:
    return [r.id for r in records]


def test_implements_protocol(store: Store) -> None:
    assert isinstance(store, Store)


# -- put / get ---------------------------------------------------------------------------------
def test_put_get_round_trip(store: Store) -> None:
    vector = np.array([0.1, 0.2, 0.3, 0.4], dtype=np.float32)
    record = Record(
        id="r1", kind="fact", user_id="alice", text="Alice lives in Berlin", agent_id="bot",
        conversation_id="c1", layer=1, status="active", occurred_at=T0, created_at=T0 + 1,
        updated_at=T0 + 2, expires_at=T0 + DAY, last_accessed=None, access_count=0,
        version=3, data={"subject": "alice", "nested": {"a": [1, 2]}, "ünï": "çödé"},
        embedding=vector, searchable=False,
    )
    store.put([record])
    [got] = store.get("alice", ["r1"])
    assert got.embedding is not None
    np.testing.assert_array_equal(got.embedding, vector)
    got.embedding = None
    record.embedding = None
    assert got == record


def test_get_keeps_requested_order_and_skips_missing(store: Store) -> None:
    store.put([rec("a"), rec("b"), rec("c")])
    assert ids(store.get("alice", ["c", "missing", "a"])) == ["c", "a"]
    assert store.get("alice", []) == []


def test_put_batch_with_duplicate_ids_is_refused(store: Store) -> None:
    with pytest.raises(InvalidInputError, match="same record id"):
        store.put([rec("a"), rec("a")])
    assert store.count(Query(user_id="alice")) == 0


# -- find / count ------------------------------------------------------------------------------
@pytest.fixture
def populated(store: Store) -> Store:
    store.put([
        rec("t1", text="first", at=T0, conversation_id="c1", expires_at=T0 + DAY),
        rec("t2", text="second", at=T0 + DAY, conversation_id="c1", expires_at=T0 + 2 * DAY),
        rec("t3", text="third", at=T0 + 2 * DAY, conversation_id="c2",
            expires_at=T0 + 3 * DAY),
        rec("f1", kind="fact", layer=1, at=T0 + 3 * DAY, data={"subject": "alice", "n": 2}),
        rec("f2", kind="fact", layer=1, status="superseded", at=T0 + 4 * DAY,
            data={"subject": "bob", "n": 3}),
        rec("s1", kind="skill", layer=2, agent_id="bot", at=T0 + 5 * DAY,
            data={"subject": "alice", "flag": True}),
    ])
    store.put([rec("other", user="bob", text="first", conversation_id="c1")])
    return store


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (Query(user_id="alice"), ["t1", "t2", "t3", "f1", "f2", "s1"]),
        (Query(user_id="alice", kinds=["fact", "skill"]), ["f1", "f2", "s1"]),
        (Query(user_id="alice", kinds=[]), []),
        (Query(user_id="alice", statuses=["superseded"]), ["f2"]),
        (Query(user_id="alice", layers=[1, 2]), ["f1", "f2", "s1"]),
        (Query(user_id="alice", conversation_id="c1"), ["t1", "t2"]),
        (Query(user_id="alice", agent_id="bot"), ["s1"]),
        (Query(user_id="alice", occurred_from=T0 + DAY, occurred_to=T0 + 3 * DAY),
         ["t2", "t3", "f1"]),
        (Query(user_id="alice", expires_after=T0 + DAY), ["t2", "t3"]),
        (Query(user_id="alice", data_equals={"subject": "alice"}), ["f1", "s1"]),
        (Query(user_id="alice", data_equals={"subject": "alice", "n": 2}), ["f1"]),
        (Query(user_id="alice", data_equals={"flag": True}), ["s1"]),
        (Query(user_id="alice", descending=True, limit=2), ["s1", "f2"]),
        (Query(user_id="alice", limit=2, offset=2), ["t3", "f1"]),
        (Query(user_id="alice", kinds=["turn"], order_by="created_at", descending=True),
         ["t3", "t2", "t1"]),
        (Query(user_id="nobody"), []),
    ],
)
def test_find_and_count_filters(populated: Store, query: Query, expected: list[str]) -> None:
    assert ids(populated.find(query)) == expected
    unpaged = Query(**{**_fields(query), "limit": None, "offset": 0})
    assert populated.count(query) == len(populated.find(unpaged))


def _fields(query: Query) -> dict[str, object]:
    return {name: getattr(query, name) for name in Query.__slots__}


def test_count_ignores_limit_and_offset(populated: Store) -> None:
    assert populated.count(Query(user_id="alice", limit=1, offset=4)) == 6


def test_find_rejects_unsafe_data_key(populated: Store) -> None:
    with pytest.raises(InvalidInputError, match="data key"):
        populated.find(Query(user_id="alice", data_equals={"x') OR 1=1 --": 1}))


# -- upsert and audit --------------------------------------------------------------------------
def test_upsert_replaces_and_audits(store: Store) -> None:
    store.put([rec("r1", text="old text", at=T0)])
    store.put([rec("r1", text="new text", at=T0, updated_at=T0 + 5, version=2)])
    [got] = store.get("alice", ["r1"])
    assert (got.text, got.version) == ("new text", 2)
    assert store.count(Query(user_id="alice")) == 1
    assert store.text_search(Query(user_id="alice"), ["old"], 10) == []
    assert [h.id for h in store.text_search(Query(user_id="alice"), ["new"], 10)] == ["r1"]

    assert store.delete("alice", ["r1"], at=T0 + 9) == 1
    history = store.history("alice", "r1")
    assert [e.action for e in history] == ["add", "update", "delete"]
    add, update, delete = history
    assert add.before is None and add.after is not None and add.after["text"] == "old text"
    assert update.before is not None and update.before["text"] == "old text"
    assert update.after is not None and update.after["text"] == "new text"
    assert update.at == T0 + 5
    assert delete.before is not None and delete.before["text"] == "new text"
    assert delete.after is None and delete.at == T0 + 9
    assert all(e.record_id == "r1" for e in history)


def test_put_without_audit_writes_no_history(store: Store) -> None:
    store.put([rec("r1")], audit=False)
    assert store.get("alice", ["r1"])
    assert store.history("alice", "r1") == []


def test_reusing_another_users_id_is_refused(store: Store) -> None:
    store.put([rec("shared", user="alice", text="alice's secret")])
    with pytest.raises(StoreError, match="another user"):
        store.put([rec("mine", user="bob"), rec("shared", user="bob", text="hijack")])
    [kept] = store.get("alice", ["shared"])
    assert kept.text == "alice's secret"
    assert store.get("bob", ["shared", "mine"]) == []
    assert store.count(Query(user_id="bob")) == 0


# -- delete ------------------------------------------------------------------------------------
def test_delete(populated: Store) -> None:
    assert populated.delete("alice", ["t1", "t2", "missing"]) == 2
    assert populated.get("alice", ["t1", "t2"]) == []
    assert populated.text_search(Query(user_id="alice"), ["first"], 10) == []
    assert "t1" not in populated.embeddings(Query(user_id="alice"))[0]
    assert populated.delete("alice", []) == 0
    assert populated.delete("alice", ["t1"]) == 0


def test_delete_user_removes_records_and_audit(populated: Store) -> None:
    assert populated.delete_user("alice") == 6
    assert populated.count(Query(user_id="alice")) == 0
    assert populated.history("alice", "t1") == []
    assert populated.text_search(Query(user_id="alice"), ["first"], 10) == []
    assert "alice" not in populated.user_ids()
    assert ids(populated.find(Query(user_id="bob"))) == ["other"]
    assert [e.action for e in populated.history("bob", "other")] == ["add"]


# -- touch -------------------------------------------------------------------------------------
def test_touch(populated: Store) -> None:
    revision = populated.revision("alice")
    populated.touch("alice", ["t1", "t2"], T0 + 100)
    populated.touch("alice", ["t1"], T0 + 200)
    t1, t2, t3 = populated.get("alice", ["t1", "t2", "t3"])
    assert (t1.access_count, t1.last_accessed) == (2, T0 + 200)
    assert (t2.access_count, t2.last_accessed) == (1, T0 + 100)
    assert (t3.access_count, t3.last_accessed) == (0, None)
    assert [e.action for e in populated.history("alice", "t1")] == ["add"]
    populated.touch("alice", [], T0)
    assert populated.revision("alice") == revision


def test_touch_then_update_then_touch_counts_each_access_once(populated: Store) -> None:
    populated.touch("alice", ["t1"], T0 + 100)
    populated.touch("alice", ["t1"], T0 + 200)
    [t1] = populated.get("alice", ["t1"])
    populated.put([replace(t1, text="edited", version=t1.version + 1)])
    [edited] = populated.get("alice", ["t1"])
    assert (edited.access_count, edited.last_accessed) == (2, T0 + 200)
    populated.touch("alice", ["t1"], T0 + 300)
    [again] = populated.get("alice", ["t1"])
    assert (again.text, again.access_count, again.last_accessed) == ("edited", 3, T0 + 300)
    assert [r.access_count for r in populated.find(Query(user_id="alice"))
            if r.id == "t1"] == [3]
    populated.delete("alice", ["t1"])
    populated.put([replace(t1, access_count=0, last_accessed=None)])  # the id again, fresh
    [fresh] = populated.get("alice", ["t1"])
    assert (fresh.access_count, fresh.last_accessed) == (0, None)


# -- full-text search --------------------------------------------------------------------------
def test_text_search_ranks_matching_document_first(store: Store) -> None:
    store.put([
        rec("noise1", text="We talked about the weather and the train schedule"),
        rec("match", text="My sister Clara plays the violin every Sunday"),
        rec("noise2", text="Lunch was pasta with tomatoes"),
        rec("both", text="Clara moved and the violin stayed; violin lessons stopped"),
    ])
    hits = store.text_search(Query(user_id="alice"), ["violin"], 10)
    assert {h.id for h in hits} == {"match", "both"}
    assert all(h.score > 0 for h in hits)
    hits = store.text_search(Query(user_id="alice"), ["clara", "violin", "sunday"], 10)
    assert hits[0].id == "match"
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert len(store.text_search(Query(user_id="alice"), ["violin"], 1)) == 1


def test_text_search_applies_filters(populated: Store) -> None:
    assert [h.id for h in populated.text_search(Query(user_id="alice"), ["first"], 10)] == ["t1"]
    assert populated.text_search(Query(user_id="alice", conversation_id="c2"),
                                 ["first"], 10) == []
    assert populated.text_search(Query(user_id="alice", kinds=["fact"]), ["first"], 10) == []


def test_text_search_ignores_diacritics(store: Store) -> None:
    store.put([rec("fr", text="On se retrouve au café près de la gare"),
               rec("other", text="Meeting at the office")])
    assert [h.id for h in store.text_search(Query(user_id="alice"), ["cafe"], 10)] == ["fr"]
    assert [h.id for h in store.text_search(Query(user_id="alice"), ["CAFÉ"], 10)] == ["fr"]


def test_text_search_cjk_bigrams(store: Store) -> None:
    store.put([rec("zh", text="我喜欢那家咖啡店"), rec("ja", text="東京に住んでいます"),
               rec("en", text="I like coffee")])
    assert [h.id for h in store.text_search(Query(user_id="alice"), ["咖啡"], 10)] == ["zh"]
    assert [h.id for h in store.text_search(Query(user_id="alice"), ["東京"], 10)] == ["ja"]
    assert store.text_search(Query(user_id="alice"), ["啡咖"], 10) == []


@pytest.mark.parametrize(
    "terms",
    [['"'], ["AND("], ['foo"bar'], ["NEAR(a b)"], ["*"], ["a:b"], ["-x", "OR", "NOT"], [""],
     ["^start"], ["(((", ")))"]],
)
def test_text_search_survives_fts_syntax(store: Store, terms: list[str]) -> None:
    store.put([rec("r1", text="foo bar and near start")])
    hits = store.text_search(Query(user_id="alice"), terms, 10)
    assert all(h.id == "r1" for h in hits)


def test_text_search_skips_unsearchable_records(store: Store) -> None:
    store.put([rec("hidden", text="secret pineapple", searchable=False),
               rec("shown", text="public pineapple")])
    assert [h.id for h in store.text_search(Query(user_id="alice"), ["pineapple"], 10)] == [
        "shown"
    ]


# -- embeddings --------------------------------------------------------------------------------
def test_embeddings(store: Store) -> None:
    vectors = np.eye(4, dtype=np.float32)
    store.put([
        Record(id=f"v{i}", kind="turn", user_id="alice", embedding=vectors[i],
               conversation_id="c1" if i < 2 else "c2")
        for i in range(4)
    ])
    store.put([Record(id="novector", kind="turn", user_id="alice")])
    found, matrix = store.embeddings(Query(user_id="alice"))
    assert found == ["v0", "v1", "v2", "v3"]
    assert matrix.dtype == np.float32
    np.testing.assert_array_equal(matrix, vectors)
    found, matrix = store.embeddings(Query(user_id="alice", conversation_id="c2"))
    assert found == ["v2", "v3"]
    np.testing.assert_array_equal(matrix, vectors[2:])
    found, matrix = store.embeddings(Query(user_id="nobody"))
    assert found == [] and matrix.shape[0] == 0


# -- revision, users, meta, transactions -------------------------------------------------------
def test_revision_changes_on_every_write(store: Store) -> None:
    seen = [store.revision("alice")]
    store.put([rec("a")])
    seen.append(store.revision("alice"))
    store.put([rec("a", text="changed")])
    seen.append(store.revision("alice"))
    store.delete("alice", ["a"])
    seen.append(store.revision("alice"))
    assert len(set(seen)) == len(seen)
    assert store.revision("bob") == 0
    before_noop = store.revision("alice")
    store.delete("alice", ["never-existed"])
    assert store.revision("alice") == before_noop


def test_revision_is_per_user(store: Store) -> None:
    store.put([rec("a")])
    alice = store.revision("alice")
    store.put([rec("b", user="bob")])
    assert store.revision("alice") == alice


def test_user_ids(store: Store) -> None:
    assert store.user_ids() == []
    store.put([rec("b1", user="bob"), rec("a1", user="alice")])
    assert store.user_ids() == ["alice", "bob"]


def test_meta(store: Store) -> None:
    assert store.get_meta("missing") is None
    store.set_meta("embedder", "x|3")
    store.set_meta("embedder", "y|4")
    assert store.get_meta("embedder") == "y|4"


def test_delete_user_removes_only_that_users_meta(store: Store) -> None:
    store.put([rec("a1", user="alice"), rec("b1", user="alice:b")])
    store.set_meta(user_meta_key("alice", "import:1"), "5")
    store.set_meta(user_meta_key("alice:b", "import:1"), "7")
    store.set_meta("embedder", "x|3")
    assert store.delete_user("alice") == 1
    assert store.get_meta(user_meta_key("alice", "import:1")) is None
    assert store.get_meta(user_meta_key("alice:b", "import:1")) == "7"
    assert store.get_meta("embedder") == "x|3"


def test_transaction_rollback_leaves_nothing(store: Store) -> None:
    store.put([rec("kept")])
    with pytest.raises(RuntimeError), store.transaction():
        store.put([rec("a"), rec("b")])
        with store.transaction():
            store.put([rec("c")])
            store.set_meta("checkpoint", "3")
        store.delete("alice", ["kept"])
        raise RuntimeError("boom")
    assert ids(store.find(Query(user_id="alice"))) == ["kept"]
    assert store.get_meta("checkpoint") is None
    assert store.history("alice", "a") == []
    assert [e.action for e in store.history("alice", "kept")] == ["add"]
    store.put([rec("after")])
    assert store.count(Query(user_id="alice")) == 2


def test_transaction_commits_as_one(store: Store) -> None:
    with store.transaction():
        store.put([rec("a")])
        store.put([rec("b")])
    assert store.count(Query(user_id="alice")) == 2


def test_lock_is_taken_inside_a_transaction_only(store: Store) -> None:
    with pytest.raises(StoreError, match="needs a transaction"):
        store.lock("k")
    with store.transaction():
        store.lock("k")
        store.lock("k")  # again in the same transaction: already held
        store.put([rec("a")])
    assert store.count(Query(user_id="alice")) == 1


def test_closed_store_raises(store_factory: StoreFactory) -> None:
    store = store_factory()
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.get("alice", ["a"])


# -- isolation between users: every read method ------------------------------------------------
def test_user_a_never_sees_user_b(store: Store) -> None:
    store.put([rec("a1", user="alice", text="alice likes jazz", conversation_id="c")])
    store.put([rec("b1", user="bob", text="bob likes jazz", conversation_id="c"),
               rec("b2", user="bob", text="bob hates jazz", conversation_id="c")])
    alice = Query(user_id="alice")
    assert store.get("alice", ["b1", "b2"]) == []
    assert ids(store.find(alice)) == ["a1"]
    assert ids(store.find(Query(user_id="alice", conversation_id="c"))) == ["a1"]
    assert store.count(alice) == 1
    assert [h.id for h in store.text_search(alice, ["jazz", "bob"], 10)] == ["a1"]
    assert store.embeddings(alice)[0] == ["a1"]
    assert store.history("alice", "b1") == []
    # Writes through alice's id cannot reach bob's records either.
    assert store.delete("alice", ["b1"]) == 0
    store.touch("alice", ["b1"], T0 + 1)
    [b1] = store.get("bob", ["b1"])
    assert (b1.access_count, b1.last_accessed) == (0, None)
    assert [e.action for e in store.history("bob", "b1")] == ["add"]
    assert store.count(Query(user_id="bob")) == 2


def test_text_search_matches_keywords_and_keeps_them_on_update(store: Store) -> None:
    store.put([rec("k", text="I went hiking", keywords="Caroline"),
               rec("other", text="I went hiking too")])
    assert [h.id for h in store.text_search(Query(user_id="alice"), ["caroline"], 10)] == ["k"]
    record = store.get("alice", ["k"])[0]
    assert record.keywords == "Caroline"
    record.text = "I went climbing"
    store.put([record])
    hits = store.text_search(Query(user_id="alice"), ["caroline", "climbing"], 10)
    assert [h.id for h in hits] == ["k"]


# -- the durable embedding queue ---------------------------------------------------------------
def test_queue_jobs_come_out_oldest_first_once(store: Store) -> None:
    store.put([rec("a", embedding=None), rec("b", embedding=None), rec("c", "bob", embedding=None)])
    store.queue_embeddings("alice", ["a", "b"])
    store.queue_embeddings("bob", ["c"])
    store.queue_embeddings("alice", ["a"])  # already queued: stays where it was
    jobs = store.embedding_jobs(10, due_by=T0)
    assert [(j.user_id, j.record_id, j.attempts) for j in jobs] == [
        ("alice", "a", 0), ("alice", "b", 0), ("bob", "c", 0)]
    assert [j.record_id for j in store.embedding_jobs(2, due_by=T0)] == ["a", "b"]
    assert [j.record_id for j in store.embedding_jobs(10, due_by=T0, user_id="bob")] == ["c"]
    assert [j.record_id for j in store.embedding_jobs(1, due_by=T0, user_id="alice")] == ["a"]
    assert store.embedding_jobs(10, due_by=T0, user_id="carol") == []
    state = store.embedding_queue()
    assert (state.pending, state.failing, state.last_error) == (3, 0, None)


def test_queueing_joins_the_callers_transaction(store: Store) -> None:
    with pytest.raises(RuntimeError), store.transaction():
        store.put([rec("a", embedding=None)])
        store.queue_embeddings("alice", ["a"])
        raise RuntimeError("crash between the turn and its job")
    assert store.get("alice", ["a"]) == []
    assert store.embedding_jobs(10, due_by=T0) == []


def test_set_embeddings_stores_vectors_and_removes_jobs(store: Store) -> None:
    store.put([rec("a", embedding=None), rec("b", embedding=None)])
    store.queue_embeddings("alice", ["a", "b"])
    before = store.revision("alice")
    vector = np.array([0.0, 1.0, 0.0, 0.0], dtype=np.float32)
    assert store.set_embeddings("alice", [("a", 1, vector)]) == ["a"]
    [got] = store.get("alice", ["a"])
    assert got.embedding is not None
    np.testing.assert_array_equal(got.embedding, vector)
    assert store.revision("alice") != before  # other processes reload their vector index
    assert [j.record_id for j in store.embedding_jobs(10, due_by=T0)] == ["b"]
    assert store.get("alice", ["b"])[0].embedding is None


def test_set_embeddings_skips_a_record_edited_meanwhile(store: Store) -> None:
    store.put([rec("a", embedding=None)])
    store.queue_embeddings("alice", ["a"])
    vector = np.ones(4, dtype=np.float32)
    assert store.set_embeddings("alice", [("a", 2, vector)]) == []  # stored version is 1
    assert store.get("alice", ["a"])[0].embedding is None
    assert [j.record_id for j in store.embedding_jobs(10, due_by=T0)] == ["a"]
    assert store.set_embeddings("bob", [("a", 1, vector)]) == []  # not bob's record


def test_failed_jobs_wait_for_their_retry_and_say_why(store: Store) -> None:
    store.put([rec("a", embedding=None), rec("b", embedding=None)])
    store.queue_embeddings("alice", ["a", "b"])
    store.embedding_failed("alice", ["a"], "EmbeddingError: endpoint down", T0 + 60)
    assert [j.record_id for j in store.embedding_jobs(10, due_by=T0)] == ["b"]
    [job, _] = store.embedding_jobs(10, due_by=T0 + 60)
    assert (job.record_id, job.attempts) == ("a", 1)
    state = store.embedding_queue()
    assert (state.pending, state.failing) == (2, 1)
    assert state.last_error == "EmbeddingError: endpoint down"


def test_dropped_jobs_and_forgotten_users_leave_the_queue(store: Store) -> None:
    store.put([rec("a", embedding=None), rec("b", embedding=None), rec("c", "bob", embedding=None)])
    store.queue_embeddings("alice", ["a", "b"])
    store.queue_embeddings("bob", ["c"])
    store.drop_embedding_jobs("alice", ["a"])
    store.drop_embedding_jobs("alice", ["c"])  # bob's job is not alice's to drop
    assert [j.record_id for j in store.embedding_jobs(10, due_by=T0)] == ["b", "c"]
    store.delete_user("alice")
    assert [j.record_id for j in store.embedding_jobs(10, due_by=T0)] == ["c"]


# -- the durable extraction queue --------------------------------------------------------------
def test_extraction_marks_come_out_in_order_with_their_add_and_privacy(store: Store) -> None:
    store.put([rec("a"), rec("b"), rec("c", "bob"), rec("d")])
    store.queue_extraction("alice", ["a", "b"], batch="a", hidden=["b"])
    store.queue_extraction("bob", ["c"], batch="c")
    store.queue_extraction("alice", ["d"], batch="d")
    store.queue_extraction("alice", ["a"], batch="x")  # already marked: stays as it was
    jobs = store.extraction_jobs(10)
    assert [(j.user_id, j.record_id, j.batch, j.hidden) for j in jobs] == [
        ("alice", "a", "a", False), ("alice", "b", "a", True), ("bob", "c", "c", False),
        ("alice", "d", "d", False)]
    assert [j.record_id for j in store.extraction_jobs(10, user_id="alice")] == ["a", "b", "d"]
    assert [j.record_id for j in store.extraction_jobs(1, user_id="bob")] == ["c"]


def test_an_extraction_mark_is_taken_once(store: Store) -> None:
    store.put([rec("a"), rec("b"), rec("c", "bob")])
    store.queue_extraction("alice", ["a", "b"], batch="a")
    store.queue_extraction("bob", ["c"], batch="c")
    assert store.take_extraction_jobs("alice", ["b", "a", "c"]) == ["b", "a"]  # not bob's
    assert store.take_extraction_jobs("alice", ["a", "b"]) == []  # a second taker: nothing
    assert [j.record_id for j in store.extraction_jobs(10)] == ["c"]


def test_extraction_marks_join_the_transaction_and_leave_with_the_user(store: Store) -> None:
    with pytest.raises(RuntimeError), store.transaction():
        store.put([rec("a")])
        store.queue_extraction("alice", ["a"], batch="a")
        raise RuntimeError("crash between the turn and its mark")
    assert store.extraction_jobs(10) == []
    store.put([rec("a"), rec("c", "bob")])
    store.queue_extraction("alice", ["a"], batch="a")
    store.queue_extraction("bob", ["c"], batch="c")
    with pytest.raises(RuntimeError), store.transaction():
        assert store.take_extraction_jobs("alice", ["a"]) == ["a"]
        raise RuntimeError("crash before the facts were staged")
    assert [j.record_id for j in store.extraction_jobs(10)] == ["a", "c"]  # still marked
    store.delete_user("alice")
    assert [j.record_id for j in store.extraction_jobs(10)] == ["c"]


# -- erasure -----------------------------------------------------------------------------------
def test_an_erasing_delete_keeps_what_happened_not_what_was_said(store: Store) -> None:
    store.put([rec("r1", text="old quokkaslushy", at=T0)])
    store.put([rec("r1", text="new quokkaslushy", at=T0, updated_at=T0 + 5, version=2)])
    store.put([rec("r2", text="quokkaslushy stays here", at=T0)])
    assert store.delete("alice", ["r1"], at=T0 + 9, erase=True) == 1
    history = store.history("alice", "r1")
    assert [(e.action, e.before, e.after) for e in history] == [
        ("add", None, None), ("update", None, None), ("delete", None, None)]
    assert history[-1].at == T0 + 9
    assert [e.action for e in store.history("alice", "r2")] == ["add"]
    assert store.history("alice", "r2")[0].after is not None
    store.erase_freed()


def test_erase_history_blanks_a_kept_records_audit_content(store: Store) -> None:
    store.put([rec("r1", text="said quokkaslushy", at=T0)])
    store.put([rec("r1", text="kept words", at=T0, updated_at=T0 + 5, version=2)])
    store.put([rec("r2", user="bob", text="bob's quokkaslushy", at=T0)])
    store.erase_history("alice", ["r1", "r2"])  # r2 is bob's: not alice's to erase
    assert [(e.action, e.before, e.after) for e in store.history("alice", "r1")] == [
        ("add", None, None), ("update", None, None)]
    assert store.get("alice", ["r1"])[0].text == "kept words"  # the record itself stays
    assert store.history("bob", "r2")[0].after is not None


def test_scan_finds_ids_whole_and_texts_in_every_table(store: Store) -> None:
    store.put([rec("r1", user="u10", text="Quokkaslushy at noon")])
    store.set_meta("note", "u1 was here")
    pattern = erasure_pattern(["u1"], ["quokkaslushy at"])
    assert pattern is not None
    found = store.scan(pattern)
    assert found.get("records") == 1  # the text, case-insensitive
    assert found.get("meta") == 1  # "u1" as a whole id
    assert "users" not in found  # "u10" is another id
    assert store.scan(erasure_pattern(["nobody"]) or "") == {}
    store.delete_user("u10")
    assert "records" not in store.scan(pattern)
