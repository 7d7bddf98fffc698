"""Forgetting on PostgreSQL: after ``delete_all`` no table of the context's schema (records
with their ``tsvector``, audit, outbox, meta) names the user, dead rows are vacuumed, and the
side files next to it hold nothing of them either."""

from __future__ import annotations

from pathlib import Path

import psycopg

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from trust.traces import CANARIES, OTHER, USER, fill_every_part, residue


def test_delete_all_on_postgres_leaves_nothing(postgres_url: str, tmp_path: Path,
                                               embedder: E5Embedder) -> None:
    settings = Settings(store_url=postgres_url, data_dir=tmp_path / "files")
    with Memory(settings=settings, embedder=embedder) as memory:
        fill_every_part(memory)
        assert not memory.verify_erasure(user_id=USER, texts=CANARIES).clean
        memory.delete_all(user_id=USER)
        report = memory.verify_erasure(user_id=USER, texts=CANARIES)
        assert report.clean, report.findings
        assert report.tables_scanned == 1 and report.files_scanned == 3
        assert residue(tmp_path / "files", (*CANARIES, USER)) == {}
        assert OTHER in (tmp_path / "files" / "insights" / "personal.md").read_text()
    with psycopg.connect(postgres_url) as conn:
        vacuumed = conn.execute(
            "SELECT count(*) FROM pg_stat_user_tables WHERE schemaname = 'lucidmem_personal' "
            "AND relname IN ('records', 'audit') AND last_vacuum IS NOT NULL").fetchone()
        lexemes = conn.execute(
            "SELECT count(*) FROM lucidmem_personal.records "
            "WHERE fts::text ILIKE '%quokka%'").fetchone()
    assert vacuumed == (2,)
    assert lexemes == (0,)
