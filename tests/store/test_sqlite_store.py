"""SQLite specifics: recorded migrations and SQLCipher encryption."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from lucidmem import Memory, Settings
from lucidmem.errors import EncryptionError
from lucidmem.store.base import Query, Record
from lucidmem.store.keys import is_raw_key, key_pragma_value
from lucidmem.store.migrations import MIGRATIONS
from lucidmem.store.sqlite import SQLiteStore

RAW_KEY = "0123456789abcdef" * 4
SECRET = "the launch code is swordfish-4471"


def _secret_record() -> Record:
    return Record(id="r1", kind="turn", user_id="alice", text=SECRET, data={"note": SECRET})


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _files(directory: Path) -> dict[str, str]:
    return {p.name: _digest(p) for p in sorted(directory.iterdir())}


# -- migrations --------------------------------------------------------------------------------
def test_migrations_are_recorded_and_not_rerun(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    store = SQLiteStore(path)
    assert store.applied_migrations() == [m.name for m in MIGRATIONS]
    applied_at = store._run("SELECT name, applied_at FROM schema_migrations")
    store.put([_secret_record()])
    store.close()

    again = SQLiteStore(path)  # would fail with "table records already exists" if re-run
    assert again._run("SELECT name, applied_at FROM schema_migrations") == applied_at
    assert [r.text for r in again.get("alice", ["r1"])] == [SECRET]
    again.close()


def test_file_store_uses_wal(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "w.db")
    assert store._run("PRAGMA journal_mode")[0][0] == "wal"
    store.close()


# -- encryption --------------------------------------------------------------------------------
@pytest.mark.parametrize("key", [RAW_KEY, "correct horse battery staple"], ids=["raw", "phrase"])
def test_encrypted_round_trip_and_ciphertext_on_disk(tmp_path: Path, key: str) -> None:
    path = tmp_path / "enc.db"
    store = SQLiteStore(path, key=key)
    store.put([_secret_record()])
    store.close()

    raw = path.read_bytes()
    assert not raw.startswith(b"SQLite format 3")
    assert SECRET.encode() not in raw
    assert b"swordfish" not in raw

    reopened = SQLiteStore(path, key=key)
    assert [r.text for r in reopened.get("alice", ["r1"])] == [SECRET]
    reopened.close()


def test_plain_store_is_plaintext(tmp_path: Path) -> None:
    """The control for the test above: without a key the secret is readable on disk."""
    path = tmp_path / "plain.db"
    store = SQLiteStore(path)
    store.put([_secret_record()])
    store.close()
    raw = path.read_bytes()
    assert raw.startswith(b"SQLite format 3\x00")
    assert SECRET.encode() in raw


@pytest.mark.parametrize(
    ("key", "wrong"),
    [
        (RAW_KEY, "f" * 64),
        (RAW_KEY, "a passphrase"),
        ("correct horse battery staple", "correct horse battery stapler"),
    ],
)
def test_wrong_key_is_a_clear_error_and_the_file_is_untouched(
    tmp_path: Path, key: str, wrong: str
) -> None:
    path = tmp_path / "enc.db"
    store = SQLiteStore(path, key=key)
    store.put([_secret_record()])
    store.close()
    before = _files(tmp_path)

    with pytest.raises(EncryptionError, match="key is wrong"):
        SQLiteStore(path, key=wrong)

    assert _files(tmp_path) == before
    reopened = SQLiteStore(path, key=key)
    assert reopened.count(Query(user_id="alice")) == 1
    reopened.close()


def test_encrypted_file_without_key(tmp_path: Path) -> None:
    path = tmp_path / "enc.db"
    SQLiteStore(path, key=RAW_KEY).close()
    before = _files(tmp_path)
    with pytest.raises(EncryptionError, match="LUCIDMEM_ENCRYPTION_KEY"):
        SQLiteStore(path)
    assert _files(tmp_path) == before


def test_plain_file_opened_with_a_key(tmp_path: Path) -> None:
    path = tmp_path / "plain.db"
    store = SQLiteStore(path)
    store.put([_secret_record()])
    store.close()
    before = _files(tmp_path)
    with pytest.raises(EncryptionError, match="unencrypted"):
        SQLiteStore(path, key=RAW_KEY)
    assert _files(tmp_path) == before


def test_memory_encrypts_each_context_with_its_key(tmp_path: Path, embedder: object) -> None:
    settings = Settings(encryption_key=RAW_KEY, context_keys={"work": "f" * 64})
    with Memory(tmp_path, settings=settings, embedder=embedder) as memory:  # type: ignore[arg-type]
        memory.add(SECRET, user_id="alice")
        memory.add(SECRET, user_id="alice", context="work")
    for name in ("personal.db", "work.db"):
        raw = (tmp_path / name).read_bytes()
        assert not raw.startswith(b"SQLite format 3") and b"swordfish" not in raw
    SQLiteStore(tmp_path / "work.db", key="f" * 64).close()
    with pytest.raises(EncryptionError):
        SQLiteStore(tmp_path / "work.db", key=RAW_KEY)
    with Memory(tmp_path, settings=settings, embedder=embedder) as memory:  # type: ignore[arg-type]
        assert [h.item.text for h in memory.search("launch code", user_id="alice")] == [SECRET]


def test_key_forms() -> None:
    assert is_raw_key(RAW_KEY) and is_raw_key(RAW_KEY.upper())
    assert not is_raw_key(RAW_KEY[:-1]) and not is_raw_key("g" * 64)
    assert key_pragma_value(RAW_KEY, None) == f"\"x'{RAW_KEY}'\""
    derived = key_pragma_value("phrase", None)
    # 32-byte derived key + 16-byte salt, both hex: x'<96 hex>'
    assert derived.startswith("\"x'") and len(derived) == len("\"x''\"") + 96
