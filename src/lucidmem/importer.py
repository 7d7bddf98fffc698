"""Importing conversation history from JSON or JSONL files.

Accepted shapes:

* ``.jsonl`` — one message per line: ``{"role", "content", "timestamp"?, "name"?,
  "conversation_id"?, "metadata"?}``; consecutive lines with the same
  ``conversation_id`` form one conversation.
* ``.json`` — ``{"conversations": [{"id", "messages": [...]}, ...]}``, or
  ``{"messages": [...]}``, or a bare list of messages.

The whole file is validated before anything is written; the first problem is
reported with its line (JSONL) or path (JSON). Writing is checkpointed: the
number of messages imported is committed together with each batch, so an
interrupted import resumes where it stopped when run again.

Each batch is stored and keyword-searchable at once and queued for embedding; the
memory's background worker embeds the queue meanwhile (its engine uses every core) while
this thread goes on storing, and :func:`import_file` waits for the queue at the end
(``wait=False`` leaves it to the worker, or to the next open after a crash: queued turns
are never lost).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import ImportFormatError, InvalidInputError
from .ingest.messages import normalise_messages
from .scope import validate_id
from .store.base import user_meta_key

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["ImportReport", "ImportedConversation", "import_file", "read_conversations"]

BATCH = 64
WAIT_STEP_S = 0.5
"""How often the wait for the embedding queue reports progress."""


@dataclass(frozen=True, slots=True)
class ImportedConversation:
    id: str | None
    messages: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class ImportReport:
    messages: int
    conversations: int
    skipped: int
    """Messages already imported by an earlier, interrupted run."""
    pending_embeddings: int = 0
    """Turns still waiting for their vectors when the import returned (0 after a wait)."""


def _check(message: Any, where: str, line: int | None, max_chars: int) -> dict[str, Any]:
    if not isinstance(message, dict):
        raise ImportFormatError(f"{where}: expected an object with role and content", line=line)
    body = {k: v for k, v in message.items() if k not in ("conversation_id", "user_id")}
    try:
        normalise_messages([body], default_time=0.0, max_chars=max_chars, max_messages=1)
    except InvalidInputError as exc:
        text = str(exc).replace("messages[0]", where)
        raise ImportFormatError(text, line=line) from exc
    return body


def _check_conversation_id(value: str, where: str, line: int | None) -> None:
    try:
        validate_id(value, "conversation_id")
    except InvalidInputError as exc:
        raise ImportFormatError(f"{where}: {exc}", line=line) from exc


def _read_jsonl(path: Path, max_chars: int) -> list[ImportedConversation]:
    conversations: list[ImportedConversation] = []
    with path.open(encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                message = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise ImportFormatError(f"invalid JSON ({exc.msg})", line=number) from exc
            body = _check(message, "message", number, max_chars)
            conversation = message.get("conversation_id")
            if conversation is not None and not isinstance(conversation, str):
                raise ImportFormatError("conversation_id must be a string", line=number)
            if conversation is not None:
                _check_conversation_id(conversation, "message", number)
            if not conversations or conversations[-1].id != conversation:
                conversations.append(ImportedConversation(conversation, []))
            conversations[-1].messages.append(body)
    return conversations


def _read_json(path: Path, max_chars: int) -> list[ImportedConversation]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ImportFormatError(f"invalid JSON ({exc.msg})", line=exc.lineno) from exc
    if isinstance(document, list):
        document = {"messages": document}
    if not isinstance(document, dict):
        raise ImportFormatError("expected an object with 'conversations' or 'messages'")
    if "conversations" in document:
        raw_conversations = document["conversations"]
    elif "messages" in document:
        raw_conversations = [{"id": None, "messages": document["messages"]}]
    else:
        raise ImportFormatError("expected a top-level 'conversations' or 'messages' key")
    if not isinstance(raw_conversations, list):
        raise ImportFormatError("'conversations' must be a list")
    out = []
    for c, conversation in enumerate(raw_conversations):
        messages = conversation.get("messages") if isinstance(conversation, dict) else None
        if not isinstance(messages, list):
            raise ImportFormatError(f"conversations[{c}] needs a 'messages' list")
        cid = conversation.get("id")
        if cid is not None:
            _check_conversation_id(str(cid), f"conversations[{c}].id", None)
        out.append(ImportedConversation(
            None if cid is None else str(cid),
            [_check(m, f"conversations[{c}].messages[{i}]", None, max_chars)
             for i, m in enumerate(messages)],
        ))
    return out


def read_conversations(path: str | Path, *, max_chars: int = 10**9
                       ) -> list[ImportedConversation]:
    """Parse and validate an import file; raise ImportFormatError at the first problem.

    ``max_chars`` is the longest message accepted (the memory's ``max_message_chars``),
    so an oversized message is reported before anything is written.
    """
    file = Path(path)
    if not file.is_file():
        raise InvalidInputError(f"import file {file} does not exist", field="file")
    if file.suffix.lower() == ".jsonl":
        return _read_jsonl(file, max_chars)
    if file.suffix.lower() == ".json":
        return _read_json(file, max_chars)
    raise InvalidInputError(f"{file.name}: use a .json or .jsonl file", field="file")


def _batches(conversations: list[ImportedConversation], size: int
             ) -> Iterator[tuple[str | None, list[Any]]]:
    for conversation in conversations:
        for start in range(0, len(conversation.messages), size):
            yield conversation.id, conversation.messages[start : start + size]


def import_file(
    memory: Memory,
    path: str | Path,
    *,
    user_id: str,
    context: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    embedding_progress: Callable[[int, int], None] | None = None,
    wait: bool = True,
) -> ImportReport:
    """Import a file into ``user_id``'s memory, resuming an interrupted earlier run.

    ``progress(done, total)`` follows the messages stored; with ``wait`` the import then
    waits until every vector is computed, reporting ``embedding_progress(done, total)``.
    """
    conversations = read_conversations(path, max_chars=memory.kernel.settings.max_message_chars)
    total = sum(len(c.messages) for c in conversations)
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    store = memory.kernel.store(context)
    # per-user key: delete_all(user) removes it, so a later re-import starts from scratch
    checkpoint = user_meta_key(user_id, f"import:{digest}")
    done = int(store.get_meta(checkpoint) or 0)
    position = 0
    size = min(BATCH, memory.kernel.settings.max_messages_per_add)
    for conversation_id, batch in _batches(conversations, size):
        end = position + len(batch)
        if end > done:
            fresh = batch[max(done - position, 0) :]
            with store.transaction():
                memory.add(fresh, user_id=user_id, conversation_id=conversation_id,
                           context=context)
                store.set_meta(checkpoint, str(end))
        position = end
        if progress is not None:
            progress(position, total)
    pending = _wait_for_vectors(memory, embedding_progress) if wait else \
        memory.stats(context=context).pending_embeddings
    return ImportReport(messages=total - min(done, total), conversations=len(conversations),
                        skipped=min(done, total), pending_embeddings=pending)


def _wait_for_vectors(memory: Memory,
                      progress: Callable[[int, int], None] | None) -> int:
    """Flush the embedding queue, reporting how much of what was pending is done."""
    start = memory.kernel.indexer.pending()
    while True:
        current = memory.flush(timeout=WAIT_STEP_S)
        left = 0 if current else memory.kernel.indexer.pending()
        if progress is not None:
            progress(max(start - left, 0), max(start, left))
        if current:
            return 0
