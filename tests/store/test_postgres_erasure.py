"""Forgetting on PostgreSQL: after ``delete_all`` no table of the context's schema (records
with their ``tsvector``, audit, outbox, meta) names the user, dead rows are vacuumed, and no
file anywhere holds anything of them. Datasets and insights live in the store, so a worker
on another machine reads what this one built, and no file is written unless asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import psycopg

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.observability.pseudonyms import LOG_KEY_FILE
from trust.traces import CANARIES, OTHER, OTHER_WORDS, USER, fill_every_part, residue

ROOT = Path(__file__).resolve().parents[2]
WORDS = (*CANARIES, USER)


def test_delete_all_on_postgres_leaves_nothing(postgres_url: str, tmp_path: Path,
                                               embedder: E5Embedder) -> None:
    settings = Settings(store_url=postgres_url, data_dir=tmp_path / "files")
    with Memory(settings=settings, embedder=embedder) as memory:
        fill_every_part(memory, export_to=tmp_path / "exports")
        assert not memory.verify_erasure(user_id=USER, texts=CANARIES).clean
        memory.delete_all(user_id=USER)
        report = memory.verify_erasure(user_id=USER, texts=CANARIES)
        assert report.clean, report.findings
        assert report.tables_scanned == 1 and report.files_scanned == 3  # the exports
        assert residue(tmp_path, WORDS) == {}
        assert OTHER in (tmp_path / "exports" / "insights.md").read_text()
        # nothing of anyone's written under the data dir (the log key is random bytes)
        written = [p.name for p in (tmp_path / "files").rglob("*") if p.is_file()]
        assert written in ([], [LOG_KEY_FILE]), written
    with psycopg.connect(postgres_url) as conn:
        vacuumed = conn.execute(
            "SELECT count(*) FROM pg_stat_user_tables WHERE schemaname = 'lucidmem_personal' "
            "AND relname IN ('records', 'audit') AND last_vacuum IS NOT NULL").fetchone()
        lexemes = conn.execute(
            "SELECT count(*) FROM lucidmem_personal.records "
            "WHERE fts::text ILIKE '%quokka%'").fetchone()
    assert vacuumed == (2,)
    assert lexemes == (0,)


WORKER_A = """
import json, sys
from lucidmem import Memory, Settings
from trust.traces import fill_every_part
settings = Settings(store_url=sys.argv[1], data_dir=sys.argv[2])
with Memory(settings=settings) as memory:
    filled = fill_every_part(memory)
    print(json.dumps({"dataset_id": filled.dataset_id,
                      "insights": memory.agents.outcomes.insights()}))
"""


def _process(env: dict[str, str], *args: str) -> str:
    child = {**os.environ, **env, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "src"), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, *args], env=child, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_what_one_worker_builds_another_reads_and_forgetting_reaches(
        postgres_url: str, tmp_path: Path, embedder: E5Embedder) -> None:
    """Worker A (a process of its own, its own data dir) builds a dataset and the insights;
    worker B reads both from PostgreSQL, through the library and the CLI; B's delete_all
    leaves nothing of the user in the store or in any file of either worker."""
    a_dir, b_dir = tmp_path / "worker-a", tmp_path / "worker-b"
    built = json.loads(_process({}, "-c", WORKER_A, postgres_url, str(a_dir)).splitlines()[-1])
    assert USER in built["insights"] and OTHER in built["insights"]
    assert not [p for p in a_dir.rglob("*") if p.is_file()]  # A wrote no side file

    settings = Settings(store_url=postgres_url, data_dir=b_dir)
    with Memory(settings=settings, embedder=embedder) as memory:
        training, outcomes = memory.agents.training, memory.agents.outcomes
        [dataset] = training.datasets("helper")
        assert dataset.dataset_id == built["dataset_id"] and dataset.chat_path is None
        rows = training.dataset_rows("helper", dataset.dataset_id)
        assert {r["messages"][1]["content"] for r in rows} == {
            "tell me about quokkaslushy please", f"what is {OTHER_WORDS[1]} exactly"}
        assert outcomes.insights() == built["insights"]
        cli = {"LUCIDMEM_STORE_URL": postgres_url, "LUCIDMEM_DATA_DIR": str(b_dir)}
        main = ("-c", "from lucidmem.cli import main; main()")
        printed = _process(cli, *main, "agent", "dataset-rows", "helper", dataset.dataset_id,
                           "--layout", "lora")
        assert [json.loads(line)["completion"] for line in printed.splitlines()] == [
            "marmaladeprism is the answer here", "a lantern made of saffron"]

        memory.delete_all(user_id=USER)

        report = memory.verify_erasure(user_id=USER, texts=CANARIES)
        assert report.clean and report.files_scanned == 0, report.findings
        kept = training.dataset_rows("helper", dataset.dataset_id)
        assert [r["messages"][1]["content"] for r in kept] == [f"what is {OTHER_WORDS[1]} exactly"]
        assert training.datasets("helper")[0].examples == 1
        insights = outcomes.insights()
        assert insights is not None and OTHER in insights and USER not in insights
    assert residue(tmp_path, WORDS) == {}
    with psycopg.connect(postgres_url) as conn:
        rows_naming = conn.execute(
            "SELECT count(*) FROM lucidmem_personal.records WHERE data::text ILIKE %s "
            "OR data::text ILIKE %s", (f"%{USER}%", "%quokkaslushy%")).fetchone()
    assert rows_naming == (0,)
