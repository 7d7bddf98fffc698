"""The trust faults at larger counts than the test suite: erasure residue, plaintext in an
encrypted data directory, and writes lost or duplicated by several processes at once.

    PYTHONPATH=src python bench/faults.py [--users 20] [--processes 4] [--adds 1000]
        [--kills 100] [--requests 10000] [--only ROUND ...]

``--only`` runs some rounds only (erasure, processes, add, import, consolidation, queue,
extraction, requests, descriptors); the last line then sums those.

1. **Erasure**: ``--users`` users each leave canary words in every part of lucidmem (turns,
   skill feedback with text, agent feedback with message and reply, a session, outcomes;
   then one dataset and the insights file). Half are forgotten with ``delete_all``; every
   file under the data directory is then searched byte by byte for the forgotten users' ids
   and canaries (``residue``: files × words found), and ``verify_erasure`` runs for each
   (``unclean``: reports that are not clean). The kept users' canaries must all still be
   readable (``kept_missing``).
2. **Encryption**: the same, with an encryption key; every file is searched for every
   user's canaries and ids, forgotten or not (``plaintext``).
3. **Processes**: ``--processes`` child processes add ``--adds`` turns each to one data
   directory at the same time (``tests/faults/writer.py``); ``lost`` counts turns missing
   afterwards, ``duplicated`` turns stored twice, ``failed`` children that reported an
   error.

4. **Kills**: ``--kills`` SIGKILLs of a process adding turns, each at a random moment
   among its adds, every run resuming (``tests/faults/killing.py``); ``lost`` counts
   acknowledged turns missing, ``duplicated`` turns stored twice. Then ``--kills``
   SIGKILLs of ``lucidmem import`` of 640-line files, each after the run stored a batch
   (a run that finishes takes the next file, so every kill lands in unfinished work), and a
   last run over every file: ``lost`` lines missing, ``duplicated`` lines stored twice.
   Then ``--kills`` SIGKILLs of the consolidation job (``crash_helper.py``, one user's
   600 turns of bench/consolidation.py's synthetic history, hash vectors), each at a random
   moment within the time of an uninterrupted run, every killed run resumed
   (``tests/consolidation/crash_runner.py``): ``lost`` and ``duplicated`` count records
   missing from or extra to the uninterrupted run's result, ``differing`` records whose
   content differs from it (folded into ``lost`` on the last line). Then ``--kills``
   SIGKILLs of a process draining the background embedding queue (``queue_child.py``: 120
   turns, long ones chunked, the real embedder), every killed run resumed, each store then
   reopened and compared with an uninterrupted run (``killing.kill_queue``): ``lost``
   turns, vectors or jobs missing, ``duplicated`` turns stored twice, ``differing``
   vectors or chunk vectors not the uninterrupted run's (cosine below 0.9999; folded into
   ``lost``). Then ``--kills`` SIGKILLs of a process extracting facts after
   ``add`` returned (``extraction_child.py``: 80 turns, one fact each, every seventh a
   secret), every killed run resumed and compared with an uninterrupted run
   (``killing.kill_extraction``): ``lost`` facts missing or turns left waiting,
   ``duplicated`` facts staged again (a turn extracted twice), ``exposed`` turns left
   searchable that the uninterrupted run took out as secrets (folded into ``lost``).
5. **Generated requests**: ``--requests`` requests generated from the OpenAPI document
   (schemathesis), half with a user key, half with another user's key; ``server_errors``
   counts 5xx answers other than 501 (a route on purpose without its capability) and 503
   (busy, retry); ``leaks`` counts answers to the second user that hold the first user's
   canary text or item id.
6. **Descriptors**: a real server whose descriptor limit is lowered while a key floods new
   contexts and the admin opens new ones (``tests/faults/descriptors.py``);
   ``server_errors`` counts 5xx answers other than 503, ``victim_failed`` answers to an
   ordinary user that were not a success.

Timings are wall-clock on a shared machine and noisy.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.settings import FactSettings

ROOT = Path(__file__).resolve().parents[1]
WRITER = ROOT / "tests" / "faults" / "writer.py"
sys.path.insert(0, str(ROOT / "tests" / "faults"))
sys.path.insert(0, str(ROOT / "tests" / "consolidation"))

from crash_runner import kill_consolidations  # noqa: E402
from descriptors import exhaust, server_errors  # noqa: E402
from killing import kill_adds, kill_extraction, kill_imports, kill_queue  # noqa: E402

ROUNDS = ("erasure", "processes", "add", "import", "consolidation", "queue", "extraction",
          "requests", "descriptors")


def canaries(i: int) -> list[str]:
    return [f"quokka{i}zest", f"marmalade{i}prism", f"velvet{i}giraffe", f"glimmer{i}wombat"]


def fill(memory: Memory, i: int) -> None:
    user = f"user{i:03d}.canary"
    a, b, c, d = canaries(i)
    memory.add([{"role": "user", "content": f"I love {a} in the morning"},
                {"role": "assistant", "content": f"Noted, {b} it is"}], user_id=user)
    memory.skills.enable(user_id=user)
    selection = memory.skills.select(f"explain {a}", user_id=user)
    memory.skills.feedback(selection.id, user_id=user, reward=1, free_text=f"{c} was great")
    memory.agents.submit_feedback(user_id=user, agent_id="helper", source_id=f"m{i}",
                                  thumbs=1, text=f"{d} loved it",
                                  message=f"tell me about {a} please",
                                  response=f"{b} is the answer here")
    memory.agents.record_session("helper", user_id=user, duration_seconds=30)
    memory.agents.outcomes.record(user_id=user, suggestion_type="lunch", outcome="accepted")


def words_in(root: Path, words: list[str]) -> Counter[str]:
    found: Counter[str] = Counter()
    for path in root.rglob("*"):
        if path.is_file():
            data = path.read_bytes().lower()
            found.update(w for w in words if w.lower().encode() in data)
    return found


def erasure_round(users: int, key: str | None, embedder: E5Embedder) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        settings = Settings(data_dir=data_dir, encryption_key=key,
                            facts=FactSettings(extractor="none"))
        with Memory(settings=settings, embedder=embedder) as memory:
            memory.agents.register("helper", owner_id="owner", name="Helper")
            for i in range(users):
                fill(memory, i)
            # kept in the store; exported too, so the byte scan covers files as well
            memory.agents.training.build_dataset("helper", out_dir=data_dir / "exports")
            memory.agents.outcomes.render_insights(data_dir / "exports" / "insights.md")
            gone = range(0, users, 2)
            for i in gone:
                memory.delete_all(user_id=f"user{i:03d}.canary")
            forgotten = [w for i in gone for w in [f"user{i:03d}.canary", *canaries(i)]]
            unclean = sum(not memory.verify_erasure(
                user_id=f"user{i:03d}.canary", texts=canaries(i)).clean for i in gone)
            kept = [i for i in range(users) if i not in gone]
            kept_missing = sum(
                not memory.get_all(user_id=f"user{i:03d}.canary") for i in kept)
            everyone = [w for i in range(users) for w in [f"user{i:03d}.canary", *canaries(i)]]
            residue = sum(words_in(data_dir, forgotten).values())
            plaintext = sum(words_in(data_dir, everyone).values()) if key else 0
        return {"residue": residue, "unclean": unclean, "kept_missing": kept_missing,
                "plaintext": plaintext}


def process_round(processes: int, adds: int) -> dict[str, int]:
    src = ROOT / "src"
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        names = [f"writer{i}" for i in range(processes)]
        children = [subprocess.Popen([sys.executable, str(WRITER), str(data_dir), name,
                                      str(adds)], env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True) for name in names]
        outputs = [child.communicate() for child in children]
        failed = sum(not out.startswith("ok") for out, _ in outputs)
        for out, err in outputs:
            if not out.startswith("ok"):
                print(out.strip(), err.strip()[-500:], file=sys.stderr)
        settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
        lost = duplicated = 0
        with Memory(settings=settings) as memory:
            for name in names:
                texts = Counter(item.text for item in memory.get_all(user_id=name, limit=10_000))
                expected = {f"{name} note number {i}" for i in range(adds)}
                lost += len(expected - set(texts))
                duplicated += sum(n - 1 for n in texts.values() if n > 1)
    return {"lost": lost, "duplicated": duplicated, "failed": failed}


def kill_round(kills: int) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        return kill_adds(Path(tmp) / "data", kills=kills)


def import_kill_round(kills: int) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        return kill_imports(Path(tmp) / "data", kills=kills)


def bench_module(name: str) -> ModuleType:
    """Another script of bench/ by its path: under pytest (tests/bench) the plain name
    ``consolidation`` is the test package tests/consolidation."""
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def consolidation_kill_round(kills: int) -> dict[str, int]:
    bench = bench_module("consolidation")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source"
        _, end = bench.ingest(source, 1, 30, 20, 7)

        def records(data: Path) -> dict[str, tuple[object, ...]]:
            with Memory(data, embedder=bench.HashPassages()) as memory:
                return dict(bench.state(memory, "user0"))

        figures, _ = kill_consolidations(source, Path(tmp) / "work", "user0", end.timestamp(),
                                         records, kills=kills, seed=7, batch=25,
                                         embedder="random")
    return figures


def queue_kill_round(kills: int, embedder: E5Embedder) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        return kill_queue(Path(tmp) / "work", embedder, kills=kills, turns=120, seed=7)


def extraction_kill_round(kills: int) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        return kill_extraction(Path(tmp) / "work", kills=kills, turns=80, seed=7)


def request_round(requests: int, embedder: E5Embedder) -> dict[str, int]:
    import schemathesis
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from lucidmem.api import KeyRing, ServerSettings, create_app

    keys = {"maya": "maya-key-0123456789", "sam": "sam-key-0123456789"}
    canary = "quokkamaya canary zest"
    counts = {"requests": 0, "server_errors": 0, "leaks": 0}
    with tempfile.TemporaryDirectory() as tmp, \
            Memory(Path(tmp) / "data", embedder=embedder,
                   settings=Settings(facts=FactSettings(extractor="none"))) as memory:
        secret = memory.add(f"my {canary} lives in Lisbon", user_id="maya")[0].id
        app = create_app(memory, settings=ServerSettings(
            write_rate=10_000, write_burst=10_000, read_rate=10_000, read_burst=10_000),
            keys=KeyRing("admin-key-0123456789", keys))
        schema = schemathesis.openapi.from_asgi("/openapi.json", app)
        operations = [result.ok() for result in schema.get_all_operations()]

        @given(case=st.one_of([op.as_strategy() for op in operations]))
        @settings(max_examples=max(1, requests // 2), deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def send(case: schemathesis.Case) -> None:
            for user in ("maya", "sam"):
                response = case.call(headers={"Authorization": f"Bearer {keys[user]}"})
                counts["requests"] += 1
                if response.status_code >= 500 and response.status_code not in (501, 503):
                    counts["server_errors"] += 1
                    print(case.method, case.path, response.status_code, response.text[:200],
                          file=sys.stderr)
                if user == "sam" and (canary in response.text or secret in response.text):
                    counts["leaks"] += 1

        send()
    return counts


def descriptor_round() -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        answers = exhaust(Path(tmp) / "data")
    victim = answers["victim"] + answers["after"]
    return {"server_errors": server_errors(answers),
            "admin_503": answers["admin"]["503"], "flood_403": answers["flood"]["403"],
            "victim_failed": sum(n for status, n in victim.items()
                                 if status not in ("200", "201"))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--adds", type=int, default=1000)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--only", nargs="+", choices=ROUNDS, default=list(ROUNDS))
    args = parser.parse_args()
    embedder = E5Embedder()
    rounds: list[tuple[str, str, Callable[[], dict[str, int]]]] = [
        ("erasure", f"erasure, plain store ({args.users} users)",
         lambda: erasure_round(args.users, None, embedder)),
        ("erasure", f"erasure, encrypted ({args.users} users)",
         lambda: erasure_round(args.users, "ab" * 32, embedder)),
        ("processes", f"{args.processes} processes x {args.adds} adds",
         lambda: process_round(args.processes, args.adds)),
        ("add", f"{args.kills} kills during add", lambda: kill_round(args.kills)),
        ("import", f"{args.kills} kills during import", lambda: import_kill_round(args.kills)),
        ("consolidation", f"{args.kills} kills during consolidation",
         lambda: consolidation_kill_round(args.kills)),
        ("queue", f"{args.kills} kills draining the embedding queue",
         lambda: queue_kill_round(args.kills, embedder)),
        ("extraction", f"{args.kills} kills extracting facts",
         lambda: extraction_kill_round(args.kills)),
        ("requests", f"{args.requests} generated requests",
         lambda: request_round(args.requests, embedder)),
        ("descriptors", "descriptor exhaustion", descriptor_round),
    ]
    rows: list[tuple[str, dict[str, int], float]] = []
    for name, label, run in rounds:
        if name in args.only:
            started = time.perf_counter()
            rows.append((label, run(), time.perf_counter() - started))
    print(f"{'fault':<40} {'seconds':>8}  figures")
    for label, figures, seconds in rows:
        print(f"{label:<40} {seconds:>8.1f}  " + " ".join(f"{k}={v}" for k, v in figures.items()))
    total: Counter[str] = Counter()
    for _, figures, _ in rows:
        total.update(figures)
    print(f"lost={total['lost'] + total['differing'] + total['exposed']} "
          f"duplicated={total['duplicated']} "
          f"server_errors={total['server_errors']} leaks={total['leaks']} "
          f"plaintext={total['plaintext']} residue={total['residue'] + total['unclean']}")


if __name__ == "__main__":
    main()
