"""Importing JSON / JSONL conversation history, with resumable checkpoints."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.importer import BATCH, import_file, read_conversations


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_jsonl_groups_consecutive_lines_by_conversation(memory: Memory, tmp_path: Path) -> None:
    file = write_jsonl(tmp_path / "chat.jsonl", [
        {"role": "user", "content": "I adopted a greyhound", "conversation_id": "s1",
         "timestamp": "2025-01-05T10:00:00Z"},
        {"role": "assistant", "content": "What is its name?", "conversation_id": "s1",
         "timestamp": "2025-01-05T10:00:05Z"},
        {"role": "user", "content": "Her name is Pixel", "conversation_id": "s1",
         "name": "Maya", "timestamp": "2025-01-05T10:01:00Z"},
        {"role": "user", "content": "Pixel loves the beach", "conversation_id": "s2",
         "timestamp": "2025-02-01T09:00:00Z", "metadata": {"source": "phone"}},
    ])
    (tmp_path / "chat.jsonl").write_text(file.read_text() + "\n\n", encoding="utf-8")
    report = import_file(memory, file, user_id="maya")
    assert (report.messages, report.conversations, report.skipped) == (4, 2, 0)
    s1 = memory.get_all(user_id="maya", conversation_id="s1")
    s2 = memory.get_all(user_id="maya", conversation_id="s2")
    assert [i.text for i in s1] == ["I adopted a greyhound", "What is its name?",
                                    "Her name is Pixel"]
    assert [i.role for i in s1] == ["user", "assistant", "user"]
    assert s1[2].name == "Maya"
    assert s1[0].occurred_at == datetime(2025, 1, 5, 10, 0, tzinfo=UTC)
    assert [i.text for i in s2] == ["Pixel loves the beach"]
    assert s2[0].metadata == {"source": "phone"}
    hits = memory.search("greyhound", user_id="maya", limit=1)
    assert [h.item.text for h in hits] == ["I adopted a greyhound"]


@pytest.mark.parametrize(
    "document",
    [
        {"conversations": [
            {"id": "a", "messages": [{"role": "user", "content": "one"},
                                     {"role": "assistant", "content": "two"}]},
            {"id": 7, "messages": [{"content": "three"}]},
        ]},
        {"messages": [{"content": "one"}, {"content": "two"}, {"content": "three"}]},
        [{"content": "one"}, {"content": "two"}, {"content": "three"}],
    ],
    ids=["conversations", "messages", "bare-list"],
)
def test_json_shapes(memory: Memory, tmp_path: Path, document: object) -> None:
    file = tmp_path / "history.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    report = import_file(memory, file, user_id="maya")
    assert report.messages == 3 and report.skipped == 0
    items = memory.get_all(user_id="maya")
    assert sorted(i.text for i in items) == ["one", "three", "two"]
    if isinstance(document, dict) and "conversations" in document:
        assert report.conversations == 2
        assert [i.text for i in memory.get_all(user_id="maya", conversation_id="a")] == [
            "one", "two"]
        assert [i.text for i in memory.get_all(user_id="maya", conversation_id="7")] == [
            "three"]
    else:
        assert report.conversations == 1
        assert {i.conversation_id for i in items} == {None}


def test_demo_data_parses() -> None:
    path = Path(__file__).parents[2] / "src" / "lucidmem" / "data" / "demo_conversation.json"
    conversations = read_conversations(path)
    assert len(conversations) >= 3
    assert all(c.id and c.messages for c in conversations)


def many(path: Path, count: int) -> Path:
    return write_jsonl(path, [
        {"role": "user", "content": f"note number {i}", "conversation_id": f"c{i // 50}",
         "timestamp": 1_700_000_000 + i}
        for i in range(count)
    ])


def test_rerun_skips_what_was_imported(memory: Memory, tmp_path: Path) -> None:
    file = many(tmp_path / "notes.jsonl", 80)
    first = import_file(memory, file, user_id="maya")
    assert (first.messages, first.conversations, first.skipped) == (80, 2, 0)
    again = import_file(memory, file, user_id="maya")
    assert (again.messages, again.skipped) == (0, 80)
    assert len(memory.get_all(user_id="maya", limit=1000)) == 80
    # Another user, or a changed file, is a new import.
    other = import_file(memory, file, user_id="sam")
    assert other.messages == 80
    many(file, 81)
    assert import_file(memory, file, user_id="maya").messages == 81


def test_reimport_after_delete_all_imports_everything(memory: Memory, tmp_path: Path) -> None:
    file = many(tmp_path / "notes.jsonl", 60)
    import_file(memory, file, user_id="maya")
    import_file(memory, file, user_id="maya:work")  # ids may contain ":"
    memory.delete_all(user_id="maya")
    assert memory.get_all(user_id="maya") == []
    again = import_file(memory, file, user_id="maya")
    assert (again.messages, again.skipped) == (60, 0)
    assert len(memory.get_all(user_id="maya", limit=1000)) == 60
    # the other user's checkpoint survived: nothing is imported twice for them
    assert import_file(memory, file, user_id="maya:work").skipped == 60


class Interrupted(Exception):
    pass


def test_interrupted_import_resumes(memory: Memory, tmp_path: Path) -> None:
    file = many(tmp_path / "notes.jsonl", 150)  # batches: c0 0-49, c1 50-99, c2 100-149
    calls: list[tuple[int, int]] = []

    def stop_after_first_batch(done: int, total: int) -> None:
        calls.append((done, total))
        raise Interrupted

    with pytest.raises(Interrupted):
        import_file(memory, file, user_id="maya", progress=stop_after_first_batch)
    assert calls == [(50, 150)]
    assert len(memory.get_all(user_id="maya", limit=1000)) == 50

    progress: list[tuple[int, int]] = []
    report = import_file(memory, file, user_id="maya",
                         progress=lambda d, t: progress.append((d, t)))
    assert (report.messages, report.skipped) == (100, 50)
    assert progress[-1] == (150, 150)
    texts = [i.text for i in memory.get_all(user_id="maya", limit=1000)]
    assert texts == [f"note number {i}" for i in range(150)]  # no duplicates, none missing


def test_batches_respect_the_per_add_limit(tmp_path: Path, embedder: object) -> None:
    from lucidmem import Settings

    settings = Settings(max_messages_per_add=7)
    file = many(tmp_path / "notes.jsonl", 20)
    with Memory(tmp_path / "d", settings=settings, embedder=embedder) as memory:  # type: ignore[arg-type]
        assert import_file(memory, file, user_id="maya").messages == 20
        assert len(memory.get_all(user_id="maya")) == 20
    assert BATCH > 7
