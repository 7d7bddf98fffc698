"""Encryption covers every file: with a key, no file under the data directory holds a
plaintext byte of what users said; with or without one, every file lucidmem creates is
``0600`` in a ``0700`` directory, and the library still reads its datasets and insights."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from lucidmem import ConfigurationError, EncryptionError, Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.observability.pseudonyms import LOG_KEY_FILE
from lucidmem.store.files import MAGIC, read_side_file, seal, unseal, write_side_file

from .traces import CANARIES, OTHER, OTHER_WORDS, USER, files_under, fill_every_part, residue

PASSPHRASE = "correct horse battery staple"
RAW_KEY = "a1" * 32


def _modes(root: Path) -> dict[str, str]:
    """Path → octal mode of every file and directory under (and including) ``root``."""
    paths = [root, *root.rglob("*")]
    return {str(p.relative_to(root)): oct(stat.S_IMODE(p.stat().st_mode)) for p in paths}


@pytest.mark.parametrize("key", [PASSPHRASE, RAW_KEY])
def test_an_encrypted_data_directory_holds_no_plaintext(data_dir: Path, embedder: E5Embedder,
                                                        key: str) -> None:
    settings = Settings(data_dir=data_dir, encryption_key=key)
    with Memory(settings=settings, embedder=embedder) as memory:
        filled = fill_every_part(memory, export_to=data_dir / "exports")
        words = (*CANARIES, *OTHER_WORDS, USER, OTHER, "Helper", "lunch")
        assert residue(data_dir, words) == {}  # database, WAL, exported datasets, insights
        sealed = [p for p in files_under(data_dir)  # log.key: random bytes, no one's data
                  if not p.name.startswith("personal.db") and p.name != LOG_KEY_FILE]
        assert len(sealed) == 3 and all(p.read_bytes().startswith(MAGIC) for p in sealed)
        # … and the library reads them
        rows = memory.agents.training.dataset_rows("helper", filled.dataset_id)
        assert {r["messages"][1]["content"] for r in rows} == {
            "tell me about quokkaslushy please", f"what is {OTHER_WORDS[1]} exactly"}
        insights = memory.agents.outcomes.render_insights(data_dir / "exports" / "insights.md")
        assert USER in insights
        path = data_dir / "exports" / "insights.md"
        assert read_side_file(path, key).decode() == insights
        with pytest.raises(EncryptionError, match="key is wrong"):
            read_side_file(path, "b2" * 32)
        with pytest.raises(EncryptionError, match="LUCIDMEM_ENCRYPTION_KEY"):
            read_side_file(path, None)
        memory.delete_all(user_id=USER)
        assert memory.verify_erasure(user_id=USER, texts=CANARIES).clean
        assert residue(data_dir, words) == {}
    assert residue(data_dir, (*CANARIES, *OTHER_WORDS)) == {}


@pytest.mark.parametrize("key", [None, RAW_KEY])
def test_every_file_is_private(data_dir: Path, embedder: E5Embedder, key: str | None) -> None:
    settings = Settings(data_dir=data_dir, encryption_key=key)
    with Memory(settings=settings, embedder=embedder) as memory:
        fill_every_part(memory, export_to=data_dir / "exports")
        modes = _modes(data_dir)
    assert {"personal.db", "personal.db-wal", "personal.db-shm", "exports/insights.md"} <= set(
        modes)
    assert {p for p, m in modes.items() if m != ("0o700" if (data_dir / p).is_dir()
                                                 else "0o600")} == set()
    assert len([p for p in modes if p.endswith(".jsonl")]) == 2


def test_an_existing_world_readable_database_is_made_private(data_dir: Path,
                                                             embedder: E5Embedder) -> None:
    with Memory(data_dir, embedder=embedder) as memory:
        memory.add("hello", user_id=USER)
    (data_dir / "personal.db").chmod(0o644)
    with Memory(data_dir, embedder=embedder) as memory:
        memory.add("hello again", user_id=USER)
        assert oct(stat.S_IMODE((data_dir / "personal.db").stat().st_mode)) == "0o600"
        assert oct(stat.S_IMODE((data_dir / "personal.db-wal").stat().st_mode)) == "0o600"


def test_sealing_round_trips_and_detects_tampering(tmp_path: Path) -> None:
    body = "naïve café ☕ quokkaslushy\n".encode()
    for key in (PASSPHRASE, RAW_KEY):
        sealed = seal(body, key)
        assert sealed != seal(body, key)  # fresh salt and nonce every time
        assert b"quokkaslushy" not in sealed and unseal(sealed, key) == body
        broken = sealed[:-1] + bytes([sealed[-1] ^ 1])
        with pytest.raises(EncryptionError, match="altered"):
            unseal(broken, key)
    assert unseal(body, None) == body  # plain files pass through
    path = tmp_path / "deep" / "side.jsonl"
    write_side_file(path, body, None)
    assert path.read_bytes() == body
    assert oct(stat.S_IMODE(path.parent.stat().st_mode)) == "0o700"


@pytest.mark.parametrize("key", ["a1" * 32 + "\n", " my passphrase", "pass\t"])
def test_a_key_with_surrounding_whitespace_is_refused_before_anything_opens(
        data_dir: Path, key: str) -> None:
    with pytest.raises(ConfigurationError, match="whitespace"):
        Settings(data_dir=data_dir, encryption_key=key)
    with pytest.raises(ConfigurationError, match=r"context_keys\['work'\]"):
        Settings(data_dir=data_dir, context_keys={"work": key})
    assert not data_dir.exists()
    assert Settings(encryption_key="a passphrase with inner spaces").key_for("x") == (
        "a passphrase with inner spaces")
