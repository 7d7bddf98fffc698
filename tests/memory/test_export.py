"""Export of everything kept about a user (M25), on a real store with the real embedder."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import lucidmem.export as export_module
from lucidmem import InvalidInputError, Memory
from lucidmem.cli import app
from lucidmem.export import EXPORT_FORMAT, write_export
from lucidmem.store.base import Query


def _fill(memory: Memory) -> None:
    memory.add("I moved to Berlin last spring and I'm allergic to peanuts", user_id="maya")
    memory.add([{"role": "user", "content": "My sister Sarah is vegan"},
                {"role": "assistant", "content": "Noted."}], user_id="maya",
               conversation_id="dinner")
    memory.add("Leo's secret: he hates jazz", user_id="leo")
    memory.skills.enable(user_id="maya")
    sel = memory.skills.select("Why does my Python script throw a KeyError?", user_id="maya")
    memory.skills.feedback(sel.id, user_id="maya", reward=1)
    memory.flush(timeout=300)  # vectors and scores land in the background otherwise


def test_export_holds_every_record_of_the_user_and_nothing_else(memory: Memory) -> None:
    _fill(memory)
    doc = memory.export(user_id="maya").model_dump(mode="json", exclude_unset=True)
    assert (doc["format"], doc["version"], doc["user_id"]) == (EXPORT_FORMAT, 1, "maya")
    stored = memory.kernel.store().find(Query(user_id="maya"))
    assert sorted(r["id"] for r in doc["records"]) == sorted(r.id for r in stored)
    kinds = {r["kind"] for r in doc["records"]}
    assert {"turn", "trajectory", "bandit_arm", "preference_vector", "skill_stats"} <= kinds
    assert doc["counts"] == {k: sum(r["kind"] == k for r in doc["records"]) for k in kinds}
    texts = [r["text"] for r in doc["records"] if r["kind"] == "turn"]
    assert "My sister Sarah is vegan" in texts
    assert "jazz" not in json.dumps(doc)  # another user's memories never leak in
    assert all("embedding" not in r for r in doc["records"])
    created = [r["created_at"] for r in doc["records"]]
    assert created == sorted(created)  # oldest first
    json.dumps(doc)  # JSON-ready as returned


def test_embeddings_on_request(memory: Memory) -> None:
    memory.add("I like trains", user_id="maya")
    memory.flush(timeout=300)
    doc = memory.export(user_id="maya", include_embeddings=True).model_dump(mode="json")
    [turn] = [r for r in doc["records"] if r["kind"] == "turn"]
    assert len(turn["embedding"]) == memory.kernel.embedder.dimension


def test_agent_records_of_the_user_are_included(memory: Memory) -> None:
    memory.agents.register("mentor", owner_id="owner", name="Mentor")
    memory.agents.submit_feedback(user_id="maya", agent_id="mentor", source_id="m1", thumbs=1,
                                  message="thanks, that helped")
    memory.agents.submit_feedback(user_id="leo", agent_id="mentor", source_id="m1", thumbs=-1,
                                  message="leo private words")
    memory.agents.record_session("mentor", user_id="maya", duration_seconds=120)
    doc = memory.export(user_id="maya").model_dump(mode="json", exclude_unset=True)
    kinds = sorted(r["kind"] for r in doc["agent_records"])
    assert kinds == ["agent_feedback", "agent_session"]
    assert "thanks, that helped" in json.dumps(doc)
    assert "leo private words" not in json.dumps(doc)


def test_file_and_stream_hold_the_same_document(memory: Memory, tmp_path: Path) -> None:
    _fill(memory)
    (tmp_path / "out").mkdir()
    out = tmp_path / "out" / "maya.json"
    count = write_export(memory.kernel, out, user_id="maya")
    from_file = json.loads(out.read_text(encoding="utf-8"))
    stream = io.StringIO()
    write_export(memory.kernel, stream, user_id="maya")
    assert json.loads(stream.getvalue()) == from_file == memory.export(user_id="maya").model_dump(
        mode="json", exclude_unset=True)
    assert count == len(from_file["records"])
    assert [p.name for p in out.parent.iterdir()] == ["maya.json"]  # no temporary left


def test_interrupted_write_leaves_the_old_file_and_no_partial(
        memory: Memory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory.add("first version", user_id="maya")
    (tmp_path / "out").mkdir()
    out = tmp_path / "out" / "maya.json"
    write_export(memory.kernel, out, user_id="maya")
    before = out.read_bytes()
    memory.add("second version", user_id="maya")

    def crash(stream: io.TextIOBase, *args: object) -> None:
        stream.write('{"format": "lucidmem-export", "records": [')
        raise KeyboardInterrupt

    monkeypatch.setattr(export_module, "_write", crash)
    with pytest.raises(KeyboardInterrupt):
        write_export(memory.kernel, out, user_id="maya")
    assert out.read_bytes() == before
    assert [p.name for p in out.parent.iterdir()] == ["maya.json"]


def test_bad_user_id_and_unknown_user(memory: Memory) -> None:
    with pytest.raises(InvalidInputError, match="user_id"):
        memory.export(user_id="../etc")
    doc = memory.export(user_id="nobody")
    assert doc.records == [] and doc.agent_records == [] and doc.counts == {}


def test_cli_export(tmp_path: Path) -> None:
    runner = CliRunner()
    data = tmp_path / "d"
    assert runner.invoke(app, ["-d", str(data), "add", "I moved to Berlin", "-u", "maya"]
                         ).exit_code == 0
    result = runner.invoke(app, ["-d", str(data), "export", "-u", "maya"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert any(r["text"] == "I moved to Berlin" for r in doc["records"])
    out = tmp_path / "maya.json"
    result = runner.invoke(app, ["-d", str(data), "export", "-u", "maya", "-o", str(out)])
    assert result.exit_code == 0 and "exported" in result.output
    assert json.loads(out.read_text(encoding="utf-8"))["records"] == doc["records"]
