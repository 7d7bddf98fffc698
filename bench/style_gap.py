"""Where does the style learner lose against the fixed policy and the ceiling? (dev seeds only)

``bench/style_simulator.py`` drives lucidmem through ``memory.skills``; this script runs the
*same* learner functions (:func:`lucidmem.behaviour.learner.decide` and ``learn``, the
engine's context classifier, trigger match and candidate filter) directly on the
simulator's worlds, without the store, so one setting takes seconds instead of a minute.
With the default parameters it reproduces the simulator's lucidmem arm (dev seeds 1 / 2,
σ 0.25 with two kinds: 0.467 / 0.516 in both).

It answers three questions, on the dev seeds (``--seeds``, default 1,2; the simulator's
test seed 2026 is refused):

* **Knobs**: one change at a time of the learner's parameters that have a reason to
  matter (observation noise, recency discount, exploration, the user component's size, the
  per-context skill term, the trigger prior's weight, the population prior's size).
* **Population**: the same learner in a store that has already learned from 200 other
  users of the same world (``warm``): what learning the population costs a fresh store.
* **Context**: the learner told each message's true kind instead of the intent /
  sentiment it reads (``kind``): what misreading the context costs.

Printed per world: mean expected P(up) over interactions 21-30, ``g`` = minus the fixed
best-for-context policy, ``o`` = minus the oracle, ``w`` = the worst per-interaction gap to
the fixed policy after interaction 5 (T4); then the mean gain over the worlds run.

Run: ``PYTHONPATH=src python bench/style_gap.py [--seeds 1,2] [--settings s0.25_c2,s0.1_c2]
[--only default,warm]``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import style_simulator as sim
from lucidmem.behaviour import learner as lrn
from lucidmem.behaviour.context_signals import time_of_day
from lucidmem.behaviour.engine import BehaviourEngine, shared_encoders
from lucidmem.behaviour.formulas import applicable_candidates

TEST_SEED = 2026
Offer = tuple[tuple[str, ...], Any, str]  # candidates, their triggers, learner context


class Book:
    """lucidmem's candidates, triggers and learner context per (message, time of day)."""

    def __init__(self, told_kind: bool = False) -> None:
        self.engine = BehaviourEngine(shared_encoders(sim.CachingEmbedder()))
        self.told_kind = told_kind
        self.cache: dict[tuple[str, str], Offer] = {}

    def __call__(self, msg: sim.Message) -> Offer:
        key = (msg.text, time_of_day(msg.when))
        if key not in self.cache:
            signals, info, _ = self.engine.classify(msg.text, msg.when)
            scores = self.engine.trigger_scores(list(self.engine.base), signals)
            ranked = applicable_candidates(scores)
            if not ranked:
                default = self.engine.default.id
                ranked = [(default, scores.get(default, 0.0))]
            self.cache[key] = (tuple(s for s, _ in ranked), np.array([t for _, t in ranked]),
                               lrn.context_key(info.intent, info.sentiment))
        cands, triggers, ctx = self.cache[key]
        return cands, triggers, msg.kind if self.told_kind else ctx


def run_learner(worlds: list[sim.World], book: Book, params: lrn.LearnerParams,
                seed: int) -> Any:
    """P(observed up) of every choice of the last world; earlier worlds only warm the store."""
    base_ids = tuple(s.id for s in book.engine.base)
    base_index = {sid: i for i, sid in enumerate(base_ids)}
    features = {s.id: lrn.style_features(s.dimensions)[0] for s in book.engine.base}
    prior_precision = lrn.population_prior_precision(
        np.stack([features[s] for s in base_ids]), params)
    population = lrn.Population(base_ids)
    rng = np.random.default_rng(seed)
    out = np.zeros(0)
    for world in worlds:
        s = world.setting
        out = np.zeros((len(world.users), world.steps))
        for u in range(len(world.users)):
            model = lrn.UserModel()
            for t, msg in enumerate(world.messages[u]):
                cands, triggers, ctx = book(msg)
                priors = lrn.trigger_prior(triggers, params)
                decision = lrn.decide(model, population, prior_precision, ctx, cands, priors,
                                      features, base_index, params, rng)
                skill = cands[decision.choice]
                p = float(sim.p_up(sim.SKILLS[skill], world.taste(u, t)))
                reward = world.thumb(u, t, p)
                out[u, t] = sim.observed_positive(p, s.thumb_noise, s.neutral)
                if reward != 0:
                    model, _ = lrn.learn(model, ctx, skill, reward,
                                         float(priors[decision.choice]), population,
                                         features, base_index, params)
    return out


def baselines(world: sim.World, book: Book) -> tuple[Any, Any]:
    s = world.setting
    table = sim.population_table(s.sigma, s.iid_share, s.kind_sigma)
    fixed = np.zeros((len(world.users), world.steps))
    oracle = np.zeros_like(fixed)
    for u in range(len(world.users)):
        for t, msg in enumerate(world.messages[u]):
            cands = book(msg)[0]
            taste = world.taste(u, t)
            for arr, skill in ((fixed, sim.fixed_choice(table, msg.kind, cands)),
                               (oracle, sim.oracle_choice(taste, cands))):
                arr[u, t] = sim.observed_positive(float(sim.p_up(sim.SKILLS[skill], taste)),
                                                  s.thumb_noise, s.neutral)
    return fixed, oracle


def variants() -> dict[str, tuple[lrn.LearnerParams, bool, bool]]:
    """name -> (parameters, warm store, told the kind)."""
    p = lrn.LearnerParams()
    return {
        "default": (p, False, False),
        "noise 1.0": (replace(p, noise=1.0), False, False),
        "recency 0.95": (replace(p, recency=0.95), False, False),
        "recency 1 (no discount)": (replace(p, recency=1.0), False, False),
        "exploration 0 (greedy)": (replace(p, exploration=0.0), False, False),
        "exploration 1.0": (replace(p, exploration=1.0), False, False),
        "user component x0.5": (replace(p, user_style=0.05, context_style=0.05), False, False),
        "user component x2": (replace(p, user_style=0.2, context_style=0.2), False, False),
        "context_skill 0.05": (replace(p, context_skill=0.05), False, False),
        "trigger_weight 0.5": (replace(p, trigger_weight=0.5), False, False),
        "population prior x2": (replace(p, population_style=0.3, population_skill=0.2,
                                        population_offset=0.2), False, False),
        "warm": (p, True, False),
        "kind": (p, False, True),
        "warm+kind": (p, True, True),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--seeds", default="1,2")
    ap.add_argument("--settings", default="s0.25_c2,s0.1_c2")
    ap.add_argument("--only", default=None, help="comma-separated variant names")
    args = ap.parse_args()
    seeds = [int(x) for x in args.seeds.split(",")]
    if TEST_SEED in seeds:
        ap.error(f"seed {TEST_SEED} is the simulator's frozen test seed: dev seeds only")
    known = {g.name: g for g in sim.GRID}
    names = [n.strip() for n in args.settings.split(",")]
    table = variants()
    wanted = list(table) if not args.only else [v.strip() for v in args.only.split(",")]
    books = {False: Book(), True: Book(told_kind=True)}
    base: dict[tuple[str, int], tuple[Any, Any]] = {}
    w = sim.window(30)
    for label in wanted:
        params, warm, kind = table[label]
        book = books[kind]
        line, gains = [], []
        for name in names:
            for seed in seeds:
                world = sim.make_world(known[name], 100, 30, seed)
                if (name, seed) not in base:
                    base[(name, seed)] = baselines(world, books[False])
                fixed, oracle = base[(name, seed)]
                worlds = [sim.make_world(known[name], 200, 30, seed + 100)] if warm else []
                late = run_learner([*worlds, world], book, params, seed)
                curve, fcurve = late.mean(axis=0), fixed.mean(axis=0)
                gain = float(curve[w].mean() - fcurve[w].mean())
                gains.append(gain)
                line.append(f"{name}/{seed} {curve[w].mean():.3f} g{gain:+.3f} "
                            f"o{curve[w].mean() - oracle.mean(axis=0)[w].mean():+.3f} "
                            f"w{float((curve - fcurve)[5:].min()):+.3f}")
        print(f"{label:24s} mean gain {np.mean(gains):+.4f} | " + " | ".join(line), flush=True)


if __name__ == "__main__":
    main()
