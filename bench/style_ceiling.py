"""How far can any learner get in bench/style_simulator.py? A Bayes learner told the model.

The simulator's targets ask, at sigma 0.25, for a mean over interactions 21-30 at least
0.05 above ``fixed_best_for_context`` *and* within 0.03 of the oracle. This script runs,
on the simulator's own worlds and lucidmem's candidate sets, a learner that is *told* what
no product knows: the population's typical tastes, the distribution of personal biases
(traits included) and the exact thumbs-up curve. It keeps the exact posterior over the
user's bias (``--particles`` samples from the true prior, weighted by the likelihood of the
user's thumbs) and applies the candidate with the highest posterior expected P(up)
(``greedy``) or a posterior draw's best (``thompson``). Nothing it does is available to
lucidmem; it is a ceiling for learners that see only thumbs, not a competitor.

Candidate sets are computed once per (message, time of day) with lucidmem's own context
classifier and trigger match (as ``memory.skills.select`` does), so all arms choose from the same
candidates as in the simulator.

Run: ``PYTHONPATH=src python bench/style_ceiling.py [--seeds 1,2] [--setting s0.25_c2]``
(dev seeds only: the simulator's test seed is 2026).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import style_simulator as sim
from lucidmem.behaviour import DIMENSIONS
from lucidmem.behaviour.context_signals import time_of_day
from lucidmem.behaviour.engine import BehaviourEngine, shared_encoders
from lucidmem.behaviour.formulas import applicable_candidates


class Candidates:
    """lucidmem's candidate set for a message at its time of day (cached)."""

    def __init__(self) -> None:
        self.engine = BehaviourEngine(shared_encoders(sim.CachingEmbedder()))
        self.cache: dict[tuple[str, str], tuple[str, ...]] = {}

    def __call__(self, msg: sim.Message) -> tuple[str, ...]:
        key = (msg.text, time_of_day(msg.when))
        if key not in self.cache:
            signals, _, _ = self.engine.classify(msg.text, msg.when)
            scores = self.engine.trigger_scores(list(self.engine.base), signals)
            ranked = applicable_candidates(scores)
            self.cache[key] = tuple(s for s, _ in ranked) or (self.engine.default.id,)
        return self.cache[key]


def told_the_model(world: sim.World, book: Candidates, particles: int, greedy: bool,
                   seed: int) -> Any:
    """P(up) of each choice (users x steps) of the Bayes learner told the model."""
    s = world.setting
    rng = np.random.default_rng([seed, 404])
    out = np.zeros((len(world.users), world.steps))
    for u in range(len(world.users)):
        bias = sim.draw_bias(rng, s.sigma, s.iid_share, particles)
        kind_bias = {k: s.kind_sigma * rng.standard_normal((particles, len(DIMENSIONS)))
                     for k in sim.KINDS}
        log_w = np.zeros(particles)
        for t, msg in enumerate(world.messages[u]):
            cands = book(msg)
            tastes = np.clip(sim.TYPICAL_TASTE[msg.kind] + bias + kind_bias[msg.kind], 0, 1)
            p = np.stack([sim.p_up(sim.SKILLS[c], tastes) for c in cands], axis=1)
            w = np.exp(log_w - log_w.max())
            w /= w.sum()
            if greedy:
                pick = int(np.argmax(w @ p))
            else:
                pick = int(np.argmax(p[rng.choice(particles, p=w)]))
            skill = cands[pick]
            true_p = float(sim.p_up(sim.SKILLS[skill], world.taste(u, t)))
            reward = world.thumb(u, t, true_p)
            out[u, t] = sim.observed_positive(true_p, s.thumb_noise, s.neutral)
            if reward != 0:
                liked = p[:, pick]
                like = liked * (1 - s.thumb_noise) + (1 - liked) * s.thumb_noise
                log_w += np.log(np.clip(like if reward > 0 else 1 - like, 1e-12, 1))
    return out


def baseline(world: sim.World, book: Candidates, arm: str) -> Any:
    s = world.setting
    table = sim.population_table(s.sigma, s.iid_share, s.kind_sigma)
    out = np.zeros((len(world.users), world.steps))
    for u in range(len(world.users)):
        for t, msg in enumerate(world.messages[u]):
            cands = book(msg)
            taste = world.taste(u, t)
            skill = (sim.fixed_choice(table, msg.kind, cands) if arm == "fixed"
                     else sim.oracle_choice(taste, cands))
            out[u, t] = sim.observed_positive(float(sim.p_up(sim.SKILLS[skill], taste)),
                                              s.thumb_noise, s.neutral)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--seeds", default="1,2")
    ap.add_argument("--setting", default="s0.25_c2,s0.1_c2")
    ap.add_argument("--users", type=int, default=100)
    ap.add_argument("--particles", type=int, default=5000)
    args = ap.parse_args()
    known = {s.name: s for s in sim.GRID}
    book = Candidates()
    w = sim.window(30)
    print("mean P(up) over interactions 21-30; gain = arm - fixed, gap = arm - oracle")
    for name in args.setting.split(","):
        for seed in (int(x) for x in args.seeds.split(",")):
            world = sim.make_world(known[name], args.users, 30, seed)
            fixed = baseline(world, book, "fixed")[:, w].mean()
            oracle = baseline(world, book, "oracle")[:, w].mean()
            line = f"{name} seed {seed}: fixed {fixed:.3f} oracle {oracle:.3f}"
            for greedy in (True, False):
                late = told_the_model(world, book, args.particles, greedy, seed)[:, w].mean()
                label = "greedy" if greedy else "thompson"
                line += (f"; told-the-model {label} {late:.3f} (gain {late - fixed:+.3f}, "
                         f"gap {late - oracle:+.3f})")
            print(line, flush=True)


if __name__ == "__main__":
    main()
