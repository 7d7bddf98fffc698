"""Cold starts: how long a fresh process takes before lucidmem answers.

Every figure is the wall time of a fresh ``python`` subprocess (the median of ``--runs``
runs, after one discarded warm-up run that fills the bytecode and file caches), with this
checkout's ``src`` first on ``PYTHONPATH``:

* ``python``: ``python -c pass``, the floor every other figure includes;
* ``import``: ``python -c "import lucidmem"``;
* ``import_memory``: ``python -c "from lucidmem import Memory"`` (what a library user pays);
* ``help``: ``lucidmem --help``;
* ``mcp_ready``: ``lucidmem mcp --user bench`` started, one ``initialize`` request written
  to its stdin, until its answer is read from stdout;
* ``search``: ``lucidmem search "<query>" --user bench --json`` on a store of 10,000 turns;
* ``select``: ``lucidmem select "<message>" --user bench --json`` on the same store, for a
  user who turned behaviour learning on.

Next to each wall-time median the bench prints the median CPU time (user + system) of the
process, which the load of other processes on a shared machine disturbs less (not for
``mcp_ready``: the server keeps working after it answered).

The 10,000-turn store is built once through the public API (``Memory.add``, real
embeddings of the bundled model) and cached in ``.bench_cache/`` at the repository root
(gitignored); a build that did not finish, or a store written by another embedder, is
rebuilt. Building took 23 minutes on two cores shared with other jobs (7–13 turns/s); each
``select`` run adds one selection record to it.

    PYTHONPATH=src python bench/cold_start.py [--runs 7] [--turns 10000] [--baseline DIR]

``--baseline`` measures a second lucidmem (for example ``git archive`` of an older commit's
``src``) in alternation with this checkout, for before/after figures taken back to back.

The last line sums up: ``cold_start import_s=… help_s=… mcp_ready_s=… search_s=… select_s=…``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".bench_cache"
USER = "bench"
QUERY = "what did I say about the trip to Lisbon with my sister?"
MESSAGE = "Why does my Python script throw a KeyError when I read the config?"
TARGETS = {"import": 0.3, "help": 0.5, "mcp_ready": 1.0, "search": 1.0, "select": 1.0}
CLI = "import sys; sys.argv[0] = 'lucidmem'; from lucidmem.cli import main; main()"
"""What the installed ``lucidmem`` script runs, so the figures measure this checkout."""

PEOPLE = ["my sister", "my brother", "Maya", "my boss", "the dentist", "my neighbour",
          "our landlord", "Tom", "my mother", "the kids"]
PLACES = ["Lisbon", "Berlin", "the office", "the gym", "Kyoto", "the lake house",
          "the market", "Oslo", "the hospital", "the school"]
THINGS = ["coffee", "the guitar lesson", "a vegan recipe", "the tax forms", "jazz",
          "the birthday party", "a new bike", "peanut allergy", "the garden", "a chess game",
          "the quarterly report", "train tickets", "the cat", "a camping trip", "tea"]
TEMPLATES = [
    "I talked to {person} about {thing} yesterday.",
    "We are planning a trip to {place} with {person} next month.",
    "Remind me that {person} doesn't like {thing}.",
    "I spent the whole afternoon at {place} sorting out {thing}.",
    "Can you help me write a note to {person} about {thing}?",
    "Honestly {thing} at {place} was the best part of the week.",
    "{person} said we should move {thing} to {place}.",
    "I keep forgetting to bring {thing} when I go to {place}.",
    "That sounds good, let's talk about {thing} again tomorrow.",
    "Here is a summary: {person} handles {thing}, and we meet at {place} on Friday.",
]


def turn(rng: random.Random) -> str:
    return rng.choice(TEMPLATES).format(
        person=rng.choice(PEOPLE), place=rng.choice(PLACES), thing=rng.choice(THINGS))


def environment(sources: Path) -> dict[str, str]:
    """This environment with ``sources`` (the lucidmem to measure) first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(sources), env.get("PYTHONPATH", "")) if p)
    return env


def build_store(turns: int) -> Path:
    """The cached store of ``turns`` turns for ``USER`` (built when missing or stale)."""
    from lucidmem import Memory, SchemaMismatchError

    path = CACHE / f"cold_start_{turns}"
    marker = path / "built.json"
    if marker.exists():
        try:
            with Memory(path) as memory:
                memory.search("warm up", user_id=USER, limit=1)
            return path
        except SchemaMismatchError:
            print(f"cached store {path} was written by another embedder: rebuilding")
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    rng = random.Random(turns)
    started = time.perf_counter()
    batch = 50
    with Memory(path) as memory:
        for start in range(0, turns, batch):
            size = min(batch, turns - start)
            messages = [{"role": "user" if i % 2 == 0 else "assistant", "content": turn(rng)}
                        for i in range(size)]
            memory.add(messages, user_id=USER, conversation_id=f"c{start // batch}",
                       timestamp=1_700_000_000 + start * 600)
            done = start + size
            if done % 1000 == 0 or done == turns:
                rate = done / (time.perf_counter() - started)
                print(f"  built {done}/{turns} turns ({rate:.0f} turns/s)", flush=True)
        memory.skills.enable(user_id=USER)
        stored = memory.stats()
    marker.write_text(stored.model_dump_json())
    print(f"built {path} in {time.perf_counter() - started:.0f} s")
    return path


Sample = tuple[float, float | None]
"""One run: wall seconds, and CPU seconds (user + system) of the process when it ran to its
end within the measured span (less sensitive than wall time to other processes' load)."""


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_command(args: list[str], env: dict[str, str]) -> Callable[[], Sample]:
    def once() -> Sample:
        cpu = children_cpu()
        started = time.perf_counter()
        done = subprocess.run(args, env=env, capture_output=True, text=True,
                              check=False)
        elapsed = time.perf_counter() - started
        if done.returncode != 0:
            raise SystemExit(f"{args} failed ({done.returncode}):\n{done.stderr}")
        return elapsed, children_cpu() - cpu
    return once


def mcp_ready(data_dir: Path, env: dict[str, str]) -> Callable[[], Sample]:
    request = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                          "clientInfo": {"name": "cold-start-bench", "version": "1"}}}

    def once() -> Sample:
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-c", CLI, "-d", str(data_dir), "mcp", "--user", USER],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True)
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        line = process.stdout.readline()
        elapsed = time.perf_counter() - started
        process.stdin.close()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        answer = json.loads(line) if line else {}
        if answer.get("id") != 1 or "result" not in answer:
            raise SystemExit(f"the MCP server did not answer initialize: {line!r}")
        return elapsed, None  # the process works on after answering: no CPU figure
    return once


def measure(name: str, variants: dict[str, Callable[[], Sample]], runs: int) -> dict[str, float]:
    """Median wall time of each variant; runs alternate between variants (A B A B ...) so
    that a change in the machine's load hits both alike."""
    for once in variants.values():
        once()  # warm-up: bytecode and file caches
    times: dict[str, list[Sample]] = {label: [] for label in variants}
    for _ in range(runs):
        for label, once in variants.items():
            times[label].append(once())
    target = TARGETS.get(name)
    goal = "" if target is None else f"  target ≤ {target:.1f} s"
    medians = {}
    for label, samples in times.items():
        walls = [wall for wall, _ in samples]
        cpus = [cpu for _, cpu in samples if cpu is not None]
        medians[label] = statistics.median(walls)
        cpu = f", cpu {statistics.median(cpus):.3f} s" if cpus else ""
        print(f"{name:14s} {label:7s} median {medians[label]:.3f} s  (min {min(walls):.3f}, "
              f"max {max(walls):.3f}{cpu}; {runs} runs){goal}", flush=True)
    return medians


def commands(sources: Path, store: Path) -> dict[str, Callable[[], Sample]]:
    """Every figure's measurement, running ``sources``."""
    env = environment(sources)
    python = [sys.executable, "-c"]
    cli = [*python, CLI, "-d", str(store)]
    return {
        "python": run_command([*python, "pass"], env),
        "import": run_command([*python, "import lucidmem"], env),
        "import_memory": run_command([*python, "from lucidmem import Memory"], env),
        "help": run_command([*cli, "--help"], env),
        "mcp_ready": mcp_ready(store, env),
        "search": run_command([*cli, "search", QUERY, "--user", USER, "--json"], env),
        "select": run_command([*cli, "select", MESSAGE, "--user", USER, "--json"], env),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--turns", type=int, default=10_000)
    parser.add_argument("--src", type=Path, default=ROOT / "src",
                        help="lucidmem sources to measure (default: this checkout's src)")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="other lucidmem sources (e.g. an older checkout's src) measured "
                             "in alternation with --src")
    args = parser.parse_args()
    store = build_store(args.turns)
    sources = {"current": args.src.resolve()}
    if args.baseline is not None:
        sources = {"before": args.baseline.resolve(), **sources}
    measured = {label: commands(path, store) for label, path in sources.items()}
    figures: dict[str, dict[str, float]] = {label: {} for label in sources}
    for name in measured["current"]:
        medians = measure(name, {label: m[name] for label, m in measured.items()}, args.runs)
        for label, value in medians.items():
            figures[label][name] = value
    for label, path in sources.items():
        print(f"({label}: {path})")
    print(f"(store: {args.turns} turns in {store}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores)")
    for label in sources:
        print(f"cold_start[{label}] " + " ".join(f"{k}_s={v:.3f}"
                                              for k, v in figures[label].items()))
    print("cold_start " + " ".join(f"{k}_s={v:.3f}" for k, v in figures["current"].items()))


if __name__ == "__main__":
    main()
