"""Bad input gets a clear error naming the field, and nothing is written."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lucidmem import ImportFormatError, InvalidInputError, Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.importer import import_file
from lucidmem.store.base import Query

from .conftest import Clock


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    settings = Settings(max_message_chars=100, max_messages_per_add=5)
    with Memory(tmp_path / "data", settings=settings, embedder=embedder, clock=clock) as mem:
        mem.add("an existing memory", user_id="maya")
        yield mem


def snapshot(memory: Memory, tmp_path: Path) -> tuple[int, int, list[str]]:
    store = memory.kernel.store()
    memory.flush(timeout=300)  # what is written in the background is not the bad add's
    files = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")
                   if "import" not in p.name)
    return store.count(Query(user_id="maya")), store.revision("maya"), files


class NotJSON:
    pass


BAD_ADDS: list[tuple[str, Any, dict[str, Any], str]] = [
    ("empty string", "", {}, "content"),
    ("whitespace string", " \n\t ", {}, "content"),
    ("empty list", [], {}, "messages"),
    ("empty content", [{"role": "user", "content": ""}], {}, "content"),
    ("missing content", [{"role": "user"}], {}, "content"),
    ("non-text content", [{"role": "user", "content": 42}], {}, "content"),
    ("oversized", "x" * 101, {}, "content"),
    ("unknown role", [{"role": "narrator", "content": "hi"}], {}, "role"),
    ("unknown key", [{"role": "user", "content": "hi", "mood": "sad"}], {}, "messages"),
    ("bad timestamp", [{"content": "hi", "timestamp": "yesterday-ish"}], {}, "timestamp"),
    ("bool timestamp", [{"content": "hi", "timestamp": True}], {}, "timestamp"),
    ("bad timestamp argument", "hi", {"timestamp": "soon"}, "timestamp"),
    ("non-JSON message metadata", [{"content": "hi", "metadata": {"x": NotJSON()}}], {},
     "metadata"),
    ("metadata not a dict", [{"content": "hi", "metadata": ["a"]}], {}, "metadata"),
    ("non-JSON shared metadata", "hi", {"metadata": {"when": NotJSON()}}, "metadata"),
    ("bad name", [{"content": "hi", "name": ""}], {}, "name"),
    ("too many messages", [{"content": f"m{i}"} for i in range(6)], {}, "messages"),
    ("not a message", ["just a string in a list"], {}, "messages"),
    ("not messages at all", 42, {}, "messages"),
    ("user id with dots", "hi", {"user_id": "../x"}, "user_id"),
    ("user id with slash", "hi", {"user_id": "a/b"}, "user_id"),
    ("user id ..", "hi", {"user_id": ".."}, "user_id"),
    ("empty user id", "hi", {"user_id": ""}, "user_id"),
    ("user id with backslash", "hi", {"user_id": "a\\b"}, "user_id"),
    ("user id with newline", "hi", {"user_id": "maya\n"}, "user_id"),
    ("conversation id with slash", "hi", {"conversation_id": "a/b"}, "conversation_id"),
    ("agent id ..", "hi", {"agent_id": ".."}, "agent_id"),
    ("context ../x", "hi", {"context": "../x"}, "context"),
    ("context a/b", "hi", {"context": "a/b"}, "context"),
    ("context ..", "hi", {"context": ".."}, "context"),
    ("context uppercase", "hi", {"context": "Work"}, "context"),
    ("context empty", "hi", {"context": ""}, "context"),
]


@pytest.mark.parametrize(("messages", "kwargs", "field"),
                         [case[1:] for case in BAD_ADDS], ids=[case[0] for case in BAD_ADDS])
def test_bad_add_names_the_field_and_writes_nothing(
    memory: Memory, tmp_path: Path, messages: Any, kwargs: dict[str, Any], field: str
) -> None:
    before = snapshot(memory, tmp_path)
    arguments = {"user_id": "maya", **kwargs}
    with pytest.raises(InvalidInputError) as info:
        memory.add(messages, **arguments)
    assert info.value.field is not None and field in info.value.field
    assert str(info.value)
    assert snapshot(memory, tmp_path) == before


def test_one_bad_message_in_a_batch_writes_none(memory: Memory, tmp_path: Path) -> None:
    before = snapshot(memory, tmp_path)
    batch = [{"content": "fine"}, {"content": "also fine"}, {"role": "robot", "content": "x"}]
    with pytest.raises(InvalidInputError, match=r"messages\[2\]\.role"):
        memory.add(batch, user_id="maya")
    assert snapshot(memory, tmp_path) == before


def test_limits_are_inclusive(memory: Memory) -> None:
    assert len(memory.add("x" * 100, user_id="maya")) == 1
    assert len(memory.add([{"content": str(i)} for i in range(5)], user_id="maya")) == 5


@pytest.mark.parametrize("user_id", ["../x", "a/b", "..", "", "x" * 129])
def test_bad_user_id_on_every_method(memory: Memory, user_id: str) -> None:
    item = memory.get_all(user_id="maya")[0]
    calls = [
        lambda: memory.search("q", user_id=user_id),
        lambda: memory.get(item.id, user_id=user_id),
        lambda: memory.get_all(user_id=user_id),
        lambda: memory.working_memory(user_id=user_id),
        lambda: memory.history(item.id, user_id=user_id),
        lambda: memory.update(item.id, user_id=user_id, text="new"),
        lambda: memory.delete(item.id, user_id=user_id),
        lambda: memory.delete_all(user_id=user_id),
    ]
    for call in calls:
        with pytest.raises(InvalidInputError) as info:
            call()
        assert info.value.field == "user_id"
    assert memory.get(item.id, user_id="maya") == item


@pytest.mark.parametrize("context", ["../x", "a/b", "..", "", "/etc"])
def test_bad_context_on_reads(memory: Memory, tmp_path: Path, context: str) -> None:
    before = snapshot(memory, tmp_path)
    for call in (lambda: memory.search("q", user_id="maya", context=context),
                 lambda: memory.get_all(user_id="maya", context=context),
                 lambda: memory.stats(context=context)):
        with pytest.raises(InvalidInputError) as info:
            call()
        assert info.value.field == "context"
    assert snapshot(memory, tmp_path) == before


def test_bad_default_context_in_settings() -> None:
    with pytest.raises(InvalidInputError):
        Settings(default_context="../escape")


def test_update_with_bad_values_changes_nothing(memory: Memory) -> None:
    item = memory.get_all(user_id="maya")[0]
    with pytest.raises(InvalidInputError):
        memory.update(item.id, user_id="maya", text="x" * 101)
    with pytest.raises(InvalidInputError) as info:
        memory.update(item.id, user_id="maya", metadata={"x": NotJSON()})
    assert info.value.field == "metadata"
    assert memory.get(item.id, user_id="maya") == item
    assert [e.action for e in memory.history(item.id, user_id="maya")] == ["add"]


# -- malformed import files --------------------------------------------------------------------
def jsonl(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


GOOD = json.dumps({"role": "user", "content": "hello", "conversation_id": "c1"})


@pytest.mark.parametrize(
    ("lines", "line", "match"),
    [
        ([GOOD, GOOD, '{"role": "user", "content": "unterminated'], 3, "invalid JSON"),
        ([GOOD, '{"role": "user"}', GOOD], 2, "content"),
        ([GOOD, GOOD, GOOD, '{"role": "wizard", "content": "hi"}'], 4, "role"),
        (['["not", "an", "object"]'], 1, "object"),
        ([GOOD, '{"content": "hi", "timestamp": "tomorrow"}'], 2, "timestamp"),
        ([GOOD, '{"content": "hi", "conversation_id": 7}'], 2, "conversation_id"),
        ([GOOD, '{"content": "hi", "conversation_id": "../etc"}'], 2, "conversation_id"),
        ([GOOD, '{"content": "hi", "extra": 1}'], 2, "unknown keys"),
    ],
)
def test_malformed_jsonl_names_the_line(
    memory: Memory, tmp_path: Path, lines: list[str], line: int, match: str
) -> None:
    file = jsonl(tmp_path / "bad.jsonl", lines)
    before = snapshot(memory, tmp_path)
    with pytest.raises(ImportFormatError, match=match) as info:
        import_file(memory, file, user_id="maya")
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: ")
    assert snapshot(memory, tmp_path) == before


def test_oversized_message_late_in_file_is_rejected_up_front(
    memory: Memory, tmp_path: Path
) -> None:
    lines = [json.dumps({"content": f"message {i}"}) for i in range(69)]
    lines.append(json.dumps({"content": "x" * 101}))
    file = jsonl(tmp_path / "big.jsonl", lines)
    before = snapshot(memory, tmp_path)
    with pytest.raises(ImportFormatError, match="limit") as info:
        import_file(memory, file, user_id="maya")
    assert info.value.line == 70
    assert snapshot(memory, tmp_path) == before


@pytest.mark.parametrize(
    ("document", "match", "line"),
    [
        ('{\n  "conversations": [\n    {"id": "a", "messages": [}\n  ]\n}', "invalid JSON", 3),
        ('{"conversations": {"id": "a"}}', "must be a list", None),
        ('{"conversations": [{"id": "a"}]}', r"conversations\[0\] needs a 'messages' list", None),
        ('{"chats": []}', "conversations", None),
        ('"just a string"', "expected an object", None),
        ('{"conversations": [{"id": "a", "messages": [{"content": "ok"}, {"role": "user"}]}]}',
         r"conversations\[0\]\.messages\[1\]\.content", None),
        ('{"conversations": [{"id": "a", "messages": [{"content": "ok"}]},'
         ' {"id": "b/../c", "messages": [{"content": "ok"}]}]}',
         r"conversations\[1\]", None),
        ('[{"content": "ok"}, {"content": "ok", "role": "alien"}]',
         r"conversations\[0\]\.messages\[1\]\.role", None),
    ],
)
def test_malformed_json_is_located(
    memory: Memory, tmp_path: Path, document: str, match: str, line: int | None
) -> None:
    file = tmp_path / "bad.json"
    file.write_text(document, encoding="utf-8")
    before = snapshot(memory, tmp_path)
    with pytest.raises(ImportFormatError, match=match) as info:
        import_file(memory, file, user_id="maya")
    assert info.value.line == line
    assert info.value.field == "file"
    assert snapshot(memory, tmp_path) == before


def test_import_file_errors(memory: Memory, tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="does not exist"):
        import_file(memory, tmp_path / "missing.jsonl", user_id="maya")
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    with pytest.raises(InvalidInputError, match=r"\.json or \.jsonl"):
        import_file(memory, other, user_id="maya")
    file = jsonl(tmp_path / "ok.jsonl", [GOOD])
    with pytest.raises(InvalidInputError) as info:
        import_file(memory, file, user_id="../maya")
    assert info.value.field == "user_id"
