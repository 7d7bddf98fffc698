"""Checking that a forgotten user is gone: what ``Memory.verify_erasure`` and
``lucidmem verify-erasure`` run.

Three places are searched for the user's id (as a whole id: ``u1`` does not match inside
``u10``) and for any texts the caller names (what the user said, wrote or rated; forgetting
deleted them, so only the caller can name them):

1. every table of every context's store, read through the store (all partitions, the
   outbox, the audit trail, the full-text index's tables) — :meth:`Store.scan`;
2. every file lucidmem wrote: everything under the data directory and the dataset and
   insights files recorded elsewhere, decrypted when sealed with the store's key;
3. the raw bytes of every file under the data directory (database, write-ahead log,
   shared memory), for ids and texts of :data:`RAW_MIN_CHARS` or more: what a disk image
   shows. An encrypted database shows nothing here by construction; a plain one shows
   deleted text until its pages are reused or zeroed (lucidmem zeroes them on delete).

What may stay by design is not a finding: anonymised numbers (rewards, counts, aggregate
learning state) and the word ``anonymous``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict

from .agents.outcomes import INSIGHTS_FILES_META
from .agents.records import AGENT_PREFIX
from .clock import from_epoch
from .errors import EncryptionError, InvalidInputError
from .kernel import Kernel
from .records import Kind
from .scope import validate_id
from .store.base import Query, Store
from .store.files import byte_matcher, erasure_pattern, is_sealed, unseal

__all__ = ["RAW_MIN_CHARS", "ErasureFinding", "ErasureReport", "verify_erasure"]

RAW_MIN_CHARS: Final = 8
"""Shorter ids and texts are not searched in raw bytes: random bytes (vectors, compressed
index pages, ciphertext) match short strings by chance."""
_MAX_TEXT_CHARS: Final = 10_000
_DATABASE_SUFFIXES: Final = (".db", ".db-wal", ".db-shm", ".db-journal")


class ErasureFinding(BaseModel):
    """One place where something of the user was found."""

    model_config = ConfigDict(frozen=True)

    context: str | None
    """The context whose store or file it is (``None``: a file outside any context)."""
    place: Literal["table", "file", "raw_bytes"]
    location: str
    """The table name, or the file's path."""
    matches: int
    """Rows of the table, or occurrences in the file."""


class ErasureReport(BaseModel):
    """What :func:`verify_erasure` found: ``clean`` when nothing of the user is left."""

    model_config = ConfigDict(frozen=True)

    user_id: str
    contexts: list[str]
    texts_checked: int
    tables_scanned: int
    files_scanned: int
    findings: list[ErasureFinding]
    clean: bool
    checked_at: datetime


def _check_texts(texts: Sequence[str]) -> list[str]:
    out = []
    for text in texts:
        if not isinstance(text, str) or not text.strip():
            raise InvalidInputError("texts: each must be a non-empty string", field="texts")
        if len(text) > _MAX_TEXT_CHARS:
            raise InvalidInputError(f"texts: each at most {_MAX_TEXT_CHARS} characters",
                                    field="texts")
        out.append(text)
    return out


def _side_files(store: Store) -> set[Path]:
    """Dataset and insights files a store recorded (they may live outside the data dir)."""
    paths: set[Path] = set()
    raw = store.get_meta(INSIGHTS_FILES_META)
    if raw:
        paths |= {Path(p) for p in json.loads(raw)}
    for owner in store.user_ids():
        if owner.startswith(AGENT_PREFIX):
            for record in store.find(Query(user_id=owner, kinds=[Kind.DATASET])):
                paths |= {Path(str(record.data[k])) for k in ("chat_path", "lora_path")
                          if record.data.get(k)}
    return paths


def _context_of(path: Path, data_dir: Path | None, contexts: Iterable[str]) -> str | None:
    if data_dir is None:
        return None
    try:
        parts = path.relative_to(data_dir).parts
    except ValueError:
        return None
    names = set(contexts)
    for part in parts:
        stem = part.split(".", 1)[0]
        if stem in names:
            return stem
    return None


def verify_erasure(kernel: Kernel, *, user_id: str, texts: Sequence[str] = (),
                   context: str | None = None) -> ErasureReport:
    """Search every store, side file and raw file for ``user_id`` and ``texts`` (every
    context unless ``context`` names one)."""
    validate_id(user_id)
    wanted = _check_texts(texts)
    contexts = [kernel.context_name(context)] if context is not None else kernel.contexts()
    pattern = erasure_pattern([user_id], wanted)
    assert pattern is not None  # the id is never empty
    findings: list[ErasureFinding] = []
    tables = 0
    files: set[Path] = set()
    for name in contexts:
        store = kernel.store(name)
        hits = store.scan(pattern)
        tables += 1
        findings += [ErasureFinding(context=name, place="table", location=table, matches=n)
                     for table, n in sorted(hits.items())]
        files |= _side_files(store)
    settings = kernel.settings
    data_dir = None if settings.in_memory or settings.store_url else Path(settings.data_dir)
    if data_dir is not None and data_dir.is_dir():
        files |= {p for p in data_dir.rglob("*") if p.is_file()}
    keys = [k for k in {settings.key_for(c) for c in [*contexts, *kernel.contexts()]} if k]
    matcher = byte_matcher(pattern)
    long = [t for t in wanted if len(t.encode("utf-8", "surrogatepass")) >= RAW_MIN_CHARS]
    ids = [user_id] if len(user_id) >= RAW_MIN_CHARS else []
    raw_pattern = erasure_pattern(ids, long)
    raw_matcher = None if raw_pattern is None else byte_matcher(raw_pattern)
    scanned = 0
    for path in sorted(files):
        try:
            data = path.read_bytes()
        except OSError:
            continue
        scanned += 1
        owner = _context_of(path, data_dir, contexts)
        if path.name.endswith(_DATABASE_SUFFIXES):  # binary: long needles only
            if raw_matcher is not None and (n := len(raw_matcher.findall(data))):
                findings.append(ErasureFinding(context=owner, place="raw_bytes",
                                               location=str(path), matches=n))
            continue
        opened = _open_sealed(data, keys, path) if is_sealed(data) else data
        if opened is not None and (n := len(matcher.findall(opened))):
            findings.append(ErasureFinding(context=owner, place="file", location=str(path),
                                           matches=n))
    return ErasureReport(user_id=user_id, contexts=contexts, texts_checked=len(wanted),
                         tables_scanned=tables, files_scanned=scanned, findings=findings,
                         clean=not findings, checked_at=from_epoch(kernel.now()))


def _open_sealed(data: bytes, keys: Sequence[str], path: Path) -> bytes | None:
    for key in keys:
        try:
            return unseal(data, key, name=str(path))
        except EncryptionError:
            continue
    return None
