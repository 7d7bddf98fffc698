"""SIGKILL a process while it adds or imports, again and again, then count what was lost
or stored twice (shared by tests/faults/test_kills.py and ``bench/faults.py``).

Each run of ``acked_writer.py`` is killed at a random moment after its first
acknowledgement (so inside the stream of adds, not while it loads the model); the next
run resumes. A turn is *lost* when its add was acknowledged and it is not stored at the
end; *duplicated* when its text is stored more than once.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from lucidmem import Memory, Settings
from lucidmem.embedding.base import Embedder
from lucidmem.settings import FactSettings

WRITER = Path(__file__).with_name("acked_writer.py")
ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    src = ROOT / "src"
    return {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}


def kill_adds(data_dir: Path, *, kills: int, count: int = 100_000, name: str = "kia",
              window: float = 1.5, seed: int = 0, timeout: float = 180.0) -> dict[str, int]:
    """``kills`` runs of the writer, each SIGKILLed a random 0–``window`` s after its first
    acknowledgement; then the store is read. Returns ``kills`` (runs that died of the
    signal), ``acked`` (distinct turns acknowledged), ``lost`` and ``duplicated``."""
    rng = random.Random(seed)
    acked: set[int] = set()
    done = 0
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, str(WRITER), str(data_dir), name, str(count)],
                                 env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        assert child.stdout is not None
        started = time.monotonic()
        line = child.stdout.readline()
        while line and not line.startswith("ack") and time.monotonic() - started < timeout:
            line = child.stdout.readline()
        if line.startswith("ack"):
            acked.add(int(line.split()[1]))
            time.sleep(rng.uniform(0.0, window))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=60)
        acked |= {int(x.split()[1]) for x in out.splitlines() if x.startswith("ack")}
        done += int(child.returncode == -signal.SIGKILL)
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    with Memory(settings=settings) as memory:
        texts = Counter(item.text for item in memory.get_all(user_id=name, limit=10_000))
    lost = sum(f"{name} kept note {i}" not in texts for i in acked)
    duplicated = sum(n - 1 for n in texts.values() if n > 1)
    return {"kills": done, "acked": len(acked), "lost": lost, "duplicated": duplicated}


def _turns(db: Path) -> int:
    """Turns stored in ``db`` so far (read-only; 0 before the file exists)."""
    if not db.exists():
        return 0
    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as conn:
            return int(conn.execute("SELECT count(*) FROM records WHERE kind = 'turn'"
                                    ).fetchone()[0])
    except sqlite3.Error:
        return 0


def _import_file(path: Path, user: str, messages: int) -> list[str]:
    lines = [f"{user} imported line {i}" for i in range(messages)]
    path.write_text("".join(json.dumps({"role": "user", "content": text,
                                        "conversation_id": f"c{i // 20}"}) + "\n"
                            for i, text in enumerate(lines)), "utf-8")
    return lines


def kill_imports(data_dir: Path, *, kills: int, messages: int = 640, window: float = 1.5,
                 seed: int = 0, timeout: float = 300.0) -> dict[str, int]:
    """SIGKILL ``lucidmem import`` ``kills`` times, each a random 0–``window`` s after the run
    stored its first batch. Runs import one file of ``messages`` lines (user ``imp0``)
    until a run finishes it unkilled, then the next file (``imp1``, …), so every kill lands
    in unfinished work; at the end every file is imported to the end once more. Returns
    ``kills`` (runs that died of the signal), ``runs``, ``files``, ``lost`` (lines not
    stored) and ``duplicated``."""
    rng = random.Random(seed)
    data_dir.mkdir(parents=True, exist_ok=True)
    env = {**_env(), "LUCIDMEM_FACTS__EXTRACTOR": "none"}
    db = data_dir / "personal.db"
    files: list[tuple[str, Path, list[str]]] = []

    def command(user: str, source: Path) -> list[str]:
        return [sys.executable, "-c", "from lucidmem.cli import main; main()",
                "--data-dir", str(data_dir), "import", str(source), "--user", user]

    killed = runs = 0
    while killed < kills and runs < 3 * kills + 10:
        if not files or files[-1][0] == "finished":
            user = f"imp{len(files)}"
            source = data_dir.parent / f"{data_dir.name}-{user}.jsonl"
            files.append((user, source, _import_file(source, user, messages)))
        user, source, _ = files[-1]
        before = _turns(db)
        child = subprocess.Popen(command(user, source), env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        runs += 1
        started = time.monotonic()
        while (child.poll() is None and _turns(db) <= before
               and time.monotonic() - started < timeout):
            time.sleep(0.05)
        if child.poll() is None:
            time.sleep(rng.uniform(0.0, window))
            child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        if child.returncode == -signal.SIGKILL:
            killed += 1
        else:  # finished before the kill: the next run takes a new file
            files[-1] = ("finished", source, files[-1][2])
    lost = duplicated = 0
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    for index, (_, source, _lines) in enumerate(files):
        user = f"imp{index}"
        final = subprocess.run(command(user, source), env=env, capture_output=True, text=True,
                               timeout=timeout)
        assert final.returncode == 0, final.stderr[-2000:]
    with Memory(settings=settings) as memory:
        for index, (_, _, lines) in enumerate(files):
            texts = Counter(item.text for item in
                            memory.get_all(user_id=f"imp{index}", limit=10_000))
            lost += sum(text not in texts for text in lines)
            duplicated += sum(n - 1 for n in texts.values() if n > 1)
    return {"kills": killed, "runs": runs, "files": len(files), "lost": lost,
            "duplicated": duplicated}


QUEUE_CHILD = Path(__file__).with_name("queue_child.py")


def _queued(db: Path) -> int:
    """Jobs left in ``db``'s embedding queue (read-only)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as conn:
        return int(conn.execute("SELECT count(*) FROM embedding_queue").fetchone()[0])


def _drain(data_dir: Path, name: str, turns: int, kill_after: float | None,
           timeout: float, script: Path = QUEUE_CHILD) -> tuple[bool, float]:
    """One run of ``queue_child.py`` (or ``script``): (finished by itself, seconds from
    ``draining`` to its exit or kill)."""
    child = subprocess.Popen([sys.executable, str(script), str(data_dir), name,
                              str(turns)], env=_env(), stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    try:
        line = child.stdout.readline()
        assert line.startswith("draining"), f"queue child failed to start: {line!r}"
        started = time.monotonic()
        try:
            child.wait(timeout=timeout if kill_after is None else kill_after)
        except subprocess.TimeoutExpired:
            if kill_after is None:
                raise
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=60)
            return False, time.monotonic() - started
        assert child.returncode == 0 and child.stdout.read().startswith("done")
        return True, time.monotonic() - started
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=60)
        child.stdout.close()


def _killed_runs(work: Path, figures: dict[str, int], *, kills: int, name: str, turns: int,
                 window: float, timeout: float, rng: random.Random, script: Path,
                 waiting: Callable[[Path], int]) -> Iterator[Path]:
    """The kill cycles both queue rounds share. Each cycle, a fresh directory gets the same
    turns from runs of ``script`` each SIGKILLed a random 0–``window`` s after ``draining``,
    until a run finishes, a kill finds nothing ``waiting`` in its database, or ``kills``
    kills were counted (``window`` halves after a cycle that saw no kill: the machine
    drained faster than the reference). The directory is yielded for the caller to reopen
    and compare, then removed. Counts ``kills``, ``cycles`` and ``runs`` in ``figures``."""
    while figures["kills"] < kills and figures["runs"] < 4 * kills + 20:
        figures["cycles"] += 1
        data_dir = work / f"killed{figures['cycles']}"
        before = figures["kills"]
        while figures["kills"] < kills and figures["runs"] < 4 * kills + 20:
            figures["runs"] += 1
            finished, _ = _drain(data_dir, name, turns, rng.uniform(0.0, window), timeout,
                                 script)
            if finished or not waiting(data_dir / "personal.db"):
                break
            figures["kills"] += 1
        if figures["kills"] == before:
            window /= 2
        yield data_dir
        shutil.rmtree(data_dir)


def _turn_vectors(memory: Memory, name: str, dimension: int) -> dict[str, list[tuple[Any, Any]]]:
    from lucidmem.embedding.turns import decode_chunks
    from lucidmem.store.base import Query

    out: dict[str, list[tuple[Any, Any]]] = {}
    for turn in memory.kernel.store().find(Query(user_id=name, kinds=["turn"])):
        out.setdefault(turn.text, []).append((turn.embedding, decode_chunks(turn.data, dimension)))
    return out


def kill_queue(work: Path, embedder: Embedder, *, kills: int, turns: int = 120,
               name: str = "emq", seed: int = 0, timeout: float = 600.0) -> dict[str, int]:
    """SIGKILL a process draining the background embedding queue ``kills`` times, resuming
    every time, and compare each store's vectors with an uninterrupted run's.

    The reference: ``queue_child.py`` adds ``turns`` turns to ``work/clean`` and drains the
    queue unkilled (*t* s). Then, cycle after cycle, a fresh directory gets the same turns
    from runs each SIGKILLed a random 0–*t* s after ``draining`` until a run finishes or a
    kill finds the queue empty (*t* halves after a cycle that saw no kill); a kill counts
    when jobs were still queued. The directory is then reopened here and flushed, and its
    turns are compared with the reference's by text: ``lost`` (turns or vectors missing,
    jobs left), ``duplicated`` (turns stored twice) and ``differing`` (a vector or a long
    turn's chunk vectors not the reference's: cosine below 0.9999). Also returns ``kills``,
    ``cycles`` and ``runs``."""
    rng = random.Random(seed)
    work.mkdir(parents=True, exist_ok=True)
    settings = Settings(facts=FactSettings(extractor="none"))
    _, window = _drain(work / "clean", name, turns, None, timeout)
    with Memory(work / "clean", settings=settings, embedder=embedder) as memory:
        want = _turn_vectors(memory, name, embedder.dimension)
    assert len(want) == turns and all(v[0][0] is not None for v in want.values())
    assert any(len(v[0][1]) for v in want.values()), "no long turn was chunked"
    figures = {"kills": 0, "cycles": 0, "runs": 1, "lost": 0, "duplicated": 0, "differing": 0}
    for data_dir in _killed_runs(work, figures, kills=kills, name=name, turns=turns,
                                 window=window, timeout=timeout, rng=rng, script=QUEUE_CHILD,
                                 waiting=_queued):
        with Memory(data_dir, settings=settings, embedder=embedder) as memory:
            memory.flush(timeout=timeout)
            got = _turn_vectors(memory, name, embedder.dimension)
            left = memory.stats().pending_embeddings
        figures["lost"] += left + sum(text not in got for text in want)
        figures["duplicated"] += sum(len(v) - 1 for v in got.values())
        for text, [(vector, chunks)] in want.items():
            if text not in got:
                continue
            other, other_chunks = got[text][0]
            if other is None:
                figures["lost"] += 1
            elif (float(vector @ other) < 0.9999 or len(chunks) != len(other_chunks)
                  or any(float(a @ b) < 0.9999 for a, b in zip(chunks, other_chunks,
                                                                 strict=True))):
                figures["differing"] += 1
    return figures


EXTRACTION_CHILD = Path(__file__).with_name("extraction_child.py")


def _marked(db: Path) -> int:
    """Turns still waiting for fact extraction in ``db`` (read-only)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as conn:
        return int(conn.execute("SELECT count(*) FROM extraction_queue").fetchone()[0])


def _facts_by_turn(memory: Memory, name: str) -> tuple[Counter[tuple[str, str]], set[str]]:
    """Every fact record of ``name`` as (source turn's text, fact text) with how often it is
    stored (whatever its status), and the texts of the turns search may return."""
    from lucidmem.store.base import Query

    store = memory.kernel.store()
    turns = {t.id: t for t in store.find(Query(user_id=name, kinds=["turn"]))}
    facts: Counter[tuple[str, str]] = Counter()
    for fact in store.find(Query(user_id=name, kinds=["fact"])):
        for source in fact.data.get("source_turn_ids", []):
            facts[(turns[source].text if source in turns else "?", fact.text)] += 1
    return facts, {t.text for t in turns.values() if t.searchable}


def kill_extraction(work: Path, *, kills: int, turns: int = 40, name: str = "exq",
                    seed: int = 0, timeout: float = 600.0) -> dict[str, int]:
    """SIGKILL a process extracting facts after ``add`` returned ``kills`` times, resuming
    every time, and compare each store's facts with an uninterrupted run's.

    The reference: ``extraction_child.py`` adds ``turns`` turns (one fact each, every
    seventh a secret) to ``work/clean`` and drains unkilled (*t* s). Then, cycle after
    cycle, a fresh directory gets the same turns from runs each SIGKILLed a random 0–*t* s
    after ``draining`` until a run finishes or a kill finds no turn waiting (*t* halves
    after a cycle that saw no kill); a kill counts when turns still waited. The directory
    is reopened here and flushed, and its facts are compared with the reference's per
    source turn: ``lost`` (a fact missing, or a turn left waiting), ``duplicated`` (a fact
    staged more often: a turn extracted twice) and ``exposed`` (a turn search may return
    that the reference took out of search as a secret). Also returns ``kills``, ``cycles``
    and ``runs``."""
    rng = random.Random(seed)
    work.mkdir(parents=True, exist_ok=True)
    _, window = _drain(work / "clean", name, turns, None, timeout, EXTRACTION_CHILD)
    with Memory(work / "clean") as memory:
        want, want_searchable = _facts_by_turn(memory, name)
    assert want and len(want_searchable) < turns, "the reference extracted no fact or secret"
    figures = {"kills": 0, "cycles": 0, "runs": 1, "lost": 0, "duplicated": 0, "exposed": 0}
    for data_dir in _killed_runs(work, figures, kills=kills, name=name, turns=turns,
                                 window=window, timeout=timeout, rng=rng,
                                 script=EXTRACTION_CHILD, waiting=_marked):
        with Memory(data_dir) as memory:
            memory.flush(timeout=timeout)
            got, searchable = _facts_by_turn(memory, name)
        figures["lost"] += _marked(data_dir / "personal.db")
        figures["lost"] += sum(max(0, n - got[key]) for key, n in want.items())
        figures["duplicated"] += sum(max(0, n - want[key]) for key, n in got.items())
        figures["exposed"] += len(searchable - want_searchable)
    return figures
