"""Latency of skill selection and feedback, warm and at the first call of a process.

Issue targets: ``skills.select`` p95 <= 1 ms and ``feedback`` p95 <= 2 ms once warm; the
first ``skills.select`` of a process <= 100 ms.

* **warm**: per preset (``learner``, ``learner_private``, ``adaptive``, ``seed``), a fresh
  ``Memory(":memory:")`` serves ``--users`` simulated users x ``--interactions`` messages of
  bench/style_simulator.py's world (the headline setting, seed ``--seed``), thumbs from its
  user model. Message embeddings are cached (an uncached e5 query adds ~15 ms to any
  selection, whatever the rule), so the figures are the selection and feedback logic with
  their store reads and writes. The first ``--skip`` users are not timed (the population
  fills up; every timed user meets a store that already holds others).
* **first select of a process**: ``--processes`` fresh interpreters each import lucidmem,
  open ``Memory(":memory:")`` with the bundled e5 embedder, opt a user in and time their
  first ``skills.select`` (message not cached: this includes the first e5 call).

Run: ``PYTHONPATH=src python bench/skill_latency.py [--users 60] [--processes 3]``.
The machine's load matters: the script prints the load average next to the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import style_simulator as sim
from lucidmem import Memory
from lucidmem.settings import BehaviourSettings, Settings

PRESETS = ("learner", "learner_private", "adaptive", "seed")

FIRST_SELECT = """
import json, time
t0 = time.perf_counter()
from lucidmem import Memory
t1 = time.perf_counter()
memory = Memory(":memory:")
t2 = time.perf_counter()
memory.skills.enable(user_id="u1")
t3 = time.perf_counter()
sel = memory.skills.select("Why does my Python script throw a KeyError?", user_id="u1")
t4 = time.perf_counter()
print(json.dumps({"import_ms": 1000 * (t1 - t0), "memory_ms": 1000 * (t2 - t1),
                  "first_select_ms": 1000 * (t4 - t3), "context_ms": sel.context_ms}))
"""


def warm(preset: str, embedder: sim.CachingEmbedder, users: int, steps: int, skip: int,
         seed: int) -> dict[str, float]:
    world = sim.make_world(sim.Setting("latency"), users, steps, seed)
    settings = Settings(behaviour=BehaviourSettings(seed=seed, selection=preset))
    select_ms, feedback_ms, select_cpu, feedback_cpu = [], [], [], []
    with Memory(":memory:", settings=settings, embedder=embedder) as memory:
        for u, user in enumerate(world.users):
            memory.skills.enable(user_id=user.uid)
            for t, msg in enumerate(world.messages[u]):
                embedder.embed_queries([msg.text])  # cache it outside the timing
                c0, t0 = time.process_time(), time.perf_counter()
                sel = memory.skills.select(msg.text, user_id=user.uid, when=msg.when)
                c1, t1 = time.process_time(), time.perf_counter()
                p = float(sim.p_up(sim.SKILLS[sel.skill.id], world.taste(u, t)))
                reward = world.thumb(u, t, p)
                c2, t2 = time.process_time(), time.perf_counter()
                memory.skills.feedback(sel.id, user_id=user.uid, reward=reward)
                c3, t3 = time.process_time(), time.perf_counter()
                if u >= skip:
                    select_ms.append(1000 * (t1 - t0))
                    feedback_ms.append(1000 * (t3 - t2))
                    select_cpu.append(1000 * (c1 - c0))
                    feedback_cpu.append(1000 * (c3 - c2))
    out: dict[str, float] = {"n": len(select_ms)}
    for name, values in (("select", select_ms), ("feedback", feedback_ms),
                         ("select_cpu", select_cpu), ("feedback_cpu", feedback_cpu)):
        out[f"{name}_p50"] = float(np.percentile(values, 50))
        out[f"{name}_p95"] = float(np.percentile(values, 95))
    return out


def first_selects(processes: int) -> list[dict[str, float]]:
    env = dict(os.environ)
    out = []
    for _ in range(processes):
        done = subprocess.run([sys.executable, "-c", FIRST_SELECT], capture_output=True,
                              text=True, env=env, check=True)
        out.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--users", type=int, default=60)
    ap.add_argument("--interactions", type=int, default=30)
    ap.add_argument("--skip", type=int, default=20, help="users not timed (warm-up)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--processes", type=int, default=3)
    ap.add_argument("--presets", default=",".join(PRESETS))
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cpus")
    embedder = sim.CachingEmbedder()
    print(f"warm ({args.users - args.skip} users x {args.interactions} timed, cached "
          "message embeddings), ms:")
    print("  wall clock, and in brackets CPU time of this process (what the code costs when it "
          "is not waiting for a core on a loaded machine)")
    print(f"{'preset':16s}{'select p50':>16s}{'p95':>16s}{'feedback p50':>16s}{'p95':>16s}")
    for preset in args.presets.split(","):
        r = warm(preset, embedder, args.users, args.interactions, args.skip, args.seed)
        cells = [f"{r[k]:.2f} ({r[k.replace('_p', '_cpu_p')]:.2f})" for k in
                 ("select_p50", "select_p95", "feedback_p50", "feedback_p95")]
        print(f"{preset:16s}" + "".join(f"{c:>16s}" for c in cells))
    firsts = first_selects(args.processes)
    print("first select of a process (fresh interpreter, uncached e5 query), ms:")
    for i, r in enumerate(firsts, 1):
        print(f"  run {i}: first select {r['first_select_ms']:.0f} (of which embedding + "
              f"context {r['context_ms']:.0f}); Memory() {r['memory_ms']:.0f}; "
              f"import lucidmem {r['import_ms']:.0f}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    median = float(np.median([r["first_select_ms"] for r in firsts]))
    print(f"first_select_ms={median:.0f}")


if __name__ == "__main__":
    main()
