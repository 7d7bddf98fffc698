"""Forgetting forgets: after ``delete_all`` nothing of the user is left in any table, side
file or raw byte of the data directory, and ``verify_erasure`` says so (or says where)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from lucidmem import Memory, Settings
from lucidmem.agents.records import OUTBOX_PARTITION, partition
from lucidmem.embedding import E5Embedder
from lucidmem.records import Kind
from lucidmem.settings import FactSettings
from lucidmem.store.base import Query
from lucidmem.store.files import erasure_pattern

from .traces import CANARIES, OTHER, OTHER_WORDS, USER, fill_every_part, residue

WORDS = (*CANARIES, USER)


def test_delete_all_leaves_no_byte_of_the_user_in_any_file(data_dir: Path,
                                                           embedder: E5Embedder) -> None:
    with Memory(data_dir, embedder=embedder) as memory:
        filled = fill_every_part(memory, export_to=data_dir / "exports")
        before = residue(data_dir, WORDS)
        # the plain database and the exported dataset and insights files all held the user
        assert any(name.startswith("personal.db") for name in before)
        assert any(name.startswith("exports/datasets/") for name in before)
        assert "exports/insights.md" in before
        assert USER in str(memory.agents.outcomes.insights())
        learning = memory.agents.learning("helper")

        assert memory.delete_all(user_id=USER) > 0

        assert residue(data_dir, WORDS) == {}  # WAL and shared memory included, store open
        assert memory.verify_erasure(user_id=USER, texts=CANARIES).clean
        # the other user is untouched
        assert [r["messages"][1]["content"] for r in memory.agents.training.dataset_rows(
            "helper", filled.dataset_id)] == [f"what is {OTHER_WORDS[1]} exactly"]
        assert memory.get_all(user_id=OTHER)[0].text == f"I drink {OTHER_WORDS[0]} tea"
        insights = (data_dir / "exports" / "insights.md").read_text()
        assert OTHER in insights and USER not in insights
        assert memory.agents.outcomes.insights() == insights  # the stored one too
        # what stays are numbers: the agent learned from the feedback and still has
        assert memory.agents.learning("helper") == learning
        store = memory.kernel.store()
        anonymised = store.find(Query(user_id=partition("helper"),
                                      kinds=[Kind.AGENT_FEEDBACK],
                                      data_equals={"author": "anonymous"}))
        assert len(anonymised) == 1
        assert anonymised[0].data["message"] is None
        assert anonymised[0].data["payload"]["text"] is None
        assert anonymised[0].data["payload"]["thumbs"] == 1
        events = store.find(Query(user_id=OUTBOX_PARTITION, kinds=[Kind.OUTBOX_EVENT]))
        assert events and OTHER in json.dumps([e.data for e in events])
    assert residue(data_dir, WORDS) == {}  # and after closing


def test_every_front_door_to_forgetting_reaches_the_side_files(
        data_dir: Path, embedder: E5Embedder) -> None:
    """``forget_feedback`` (one agent) removes the user's examples from its datasets too."""
    with Memory(data_dir, embedder=embedder) as memory:
        filled = fill_every_part(memory)
        assert memory.agents.forget_feedback("helper", user_id=USER) == 1
        rows = memory.agents.training.dataset_rows("helper", filled.dataset_id, layout="lora")
        assert len(rows) == 1 and OTHER_WORDS[1] in rows[0]["prompt"]
        assert [d.examples for d in memory.agents.training.datasets("helper")] == [1]
        events = memory.kernel.store().find(Query(user_id=OUTBOX_PARTITION,
                                                  kinds=[Kind.OUTBOX_EVENT], agent_id="helper"))
        payloads = json.dumps([e.data["payload"] for e in events])
        assert OTHER in payloads and USER not in payloads
        assert not any(word in payloads for word in CANARIES)


def test_a_single_delete_leaves_neither_text_nor_audit_content(data_dir: Path,
                                                               embedder: E5Embedder) -> None:
    # facts off: a fact learned from the turn is a memory of its own, deleted on its own
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    with Memory(settings=settings, embedder=embedder) as memory:
        [kept] = memory.add("the weather is mild today", user_id=USER)
        [gone] = memory.add("my locker code is tinselotter", user_id=USER)
        memory.update(gone.id, text="my locker code is tinselotter again", user_id=USER)
        memory.delete(gone.id, user_id=USER)
        history = memory.history(gone.id, user_id=USER)
        assert [e.action for e in history] == ["add", "update", "delete"]
        assert residue(data_dir, ("tinselotter",)) == {}
        pattern = erasure_pattern([], ["tinselotter"])
        assert pattern is not None
        assert memory.kernel.store().scan(pattern) == {}  # the audit rows included
        assert memory.get(kept.id, user_id=USER).text == "the weather is mild today"


def test_verify_erasure_says_where_something_is_left(data_dir: Path,
                                                     embedder: E5Embedder) -> None:
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    with Memory(settings=settings, embedder=embedder) as memory:  # turns only: counts exact
        memory.add("hello there", user_id=USER)
        memory.add("hello there", user_id="u10")
        report = memory.verify_erasure(user_id=USER, texts=["hello there"])
        assert not report.clean
        assert {(f.place, f.location) for f in report.findings} >= {
            ("table", "records"), ("table", "users"), ("table", "audit"),
            ("table", "records_fts_content")}
        records = next(f for f in report.findings if f.location == "records")
        assert records.matches == 2  # the other user said it too: the report shows it
        # ids match whole: "u1" is not inside "u10"
        assert memory.verify_erasure(user_id="u1").clean
        memory.delete_all(user_id=USER)
        assert memory.verify_erasure(user_id=USER).clean
        planted = data_dir / "notes" / "copy.txt"
        planted.parent.mkdir()
        planted.write_text(f"exported for {USER}")
        found = memory.verify_erasure(user_id=USER).findings
        assert [(f.place, f.location) for f in found] == [("file", str(planted))]


def test_verify_erasure_reads_the_raw_bytes_of_a_plain_database(
        data_dir: Path, embedder: E5Embedder) -> None:
    """Deleted text a store leaves in free pages is found (here: written with SQLite's
    secure delete switched off by hand and deleted without the rebuild ``delete_all`` does,
    as a database from before these releases was); ``delete_all`` then cleans it up."""
    with Memory(data_dir, embedder=embedder) as memory:
        memory.add("a long canary sentence tinselotter", user_id=USER)
        memory.flush()
        store = memory.kernel.store()
        store._conn.execute("PRAGMA secure_delete = OFF")  # type: ignore[attr-defined]
        store._conn.execute(  # type: ignore[attr-defined]
            "INSERT INTO records_fts (records_fts, rank) VALUES ('secure-delete', 0)")
        store.delete_user(USER)
        store.erase_freed()
        report = memory.verify_erasure(user_id=USER, texts=["tinselotter"])
        assert not report.clean
        assert {f.place for f in report.findings} == {"raw_bytes"}
        assert os.path.basename(report.findings[0].location).startswith("personal.db")
        memory.delete_all(user_id=USER)  # the file rebuilt from its live rows
        assert memory.verify_erasure(user_id=USER, texts=["tinselotter"]).clean
