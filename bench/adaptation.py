"""How fast behaviour learning adapts to simulated users, against two baselines.

Seed: aico-adaptive-memory-system.md, "Success Criteria" (new users personalised within
5-10 exchanges; > 70 % positive feedback; selection < 10 ms, feedback < 5 ms) and
"Learning Effectiveness Metrics" (adaptation speed: interactions to a 70 % positive rate).

Simulation. There are six context types (code question in the morning, learning in the
evening, casual chat at night, a worried message at night, a request in the morning, a
factual question in the afternoon), each with three fixed message texts and a local
time. Each simulated user talks in ``--contexts`` of them (the first one 60 % of the time,
the rest sharing 40 %) and has, per context, a hidden 16-dimensional preferred style: one
of the skills applicable there (picked at random per user), plus N(0, 0.05) noise. After
each reply the user gives a thumbs up with probability
``0.95 · exp(-(d / 0.6)²)`` (d = Euclidean distance between the applied skill's
dimensions and the hidden style; 0.92 for the preferred skill, ~0.35 at d = 0.6) and a
thumbs down otherwise; with ``--reasons`` a thumbs down also names the dropdown reason
the hidden style implies (too_verbose / too_brief when verbosity is off by > 0.15,
wrong_tone when formality is).

Arms, all on the same candidate set (the applicable skills the learner reports):

* ``lucidmem``: ``memory.skills.select`` / ``memory.skills.feedback`` only (public API),
  the library's default ``selection="learner"`` unless ``--selection`` names another
  preset (``adaptive``: the default before the style learner);
* ``lucidmem_seed``: the same with ``BehaviourSettings(selection="seed")``, the aico seed's
  rule verbatim (always a Thompson draw, fixed 40 % trigger, ε picks the least tried);
* ``oracle``: a ceiling, not a competitor. It knows the simulator: that the user's style
  is one of the candidates' (plus small noise) and the exact thumbs-up curve. It keeps the
  exact posterior over which candidate that is and applies the skill with the highest
  expected thumbs-up rate. No learner that sees only thumbs can adapt much faster;
* ``random``: a uniformly random candidate;
* ``eps_greedy``: plain ε-greedy (ε = 0.1) on the per-(user, context) mean reward,
  untried candidates first;
* ``trigger_only``: the candidate with the best trigger score (what lucidmem does with
  learning off, when the default skill is not forced).

Embeddings: the 18 message texts go through a caching wrapper around the bundled e5
embedder (passed to ``Memory(embedder=...)``), so each text is embedded once per run;
selection latency is reported with the cached embedding (``select``) and the context
classification (``context``) separately; an uncached e5 query costs ~15 ms more.

Run: ``PYTHONPATH=src python bench/adaptation.py [--users 200] [--interactions 30]``.
"""

from __future__ import annotations

import argparse
import math
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from lucidmem import Memory
from lucidmem.behaviour import DIMENSIONS, load_base_skills
from lucidmem.embedding import E5Embedder
from lucidmem.settings import BehaviourSettings, Settings

CONTEXTS: dict[str, tuple[datetime, list[str]]] = {
    "code_morning": (datetime(2026, 3, 2, 9), [
        "Why does my Python script throw a KeyError when I read the config?",
        "My SQL query returns duplicate rows, how do I fix it?",
        "Can you check why this JavaScript function returns undefined?"]),
    "learning_evening": (datetime(2026, 3, 2, 19), [
        "I want to understand how neural networks learn.",
        "Teach me how compound interest works.",
        "Help me understand why the sky is blue."]),
    "chat_night": (datetime(2026, 3, 2, 23), [
        "Hey, just got home from a concert, it was amazing!",
        "What a day, finally relaxing on the couch.",
        "Guess what, I adopted a kitten today!"]),
    "support_night": (datetime(2026, 3, 2, 23), [
        "I feel so anxious about tomorrow's interview, I can't sleep.",
        "My best friend stopped talking to me and I feel awful.",
        "Everything is going wrong at work and I'm exhausted."]),
    "request_morning": (datetime(2026, 3, 2, 8), [
        "Please write a short email to reschedule my dentist appointment.",
        "Draft a packing list for a weekend hiking trip.",
        "Write a polite reminder to my team about the deadline."]),
    "question_afternoon": (datetime(2026, 3, 2, 14), [
        "How many moons does Jupiter have?",
        "What is the boiling point of water at high altitude?",
        "Who invented the printing press?"]),
}
SKILLS = {s.id: np.asarray(s.dimensions) for s in load_base_skills()}
V, F = DIMENSIONS.index("verbosity"), DIMENSIONS.index("formality")


class CachingEmbedder:
    """The bundled e5 embedder with a per-text cache (same name, so stores accept it)."""

    def __init__(self) -> None:
        self.inner = E5Embedder()
        self.cache: dict[tuple[bool, str], np.ndarray] = {}
        self.name, self.dimension = self.inner.name, self.inner.dimension

    def _get(self, texts: Sequence[str], query: bool) -> np.ndarray:
        missing = [t for t in texts if (query, t) not in self.cache]
        if missing:
            fn = self.inner.embed_queries if query else self.inner.embed_passages
            for text, row in zip(missing, fn(missing), strict=True):
                self.cache[(query, text)] = row
        return np.stack([self.cache[(query, t)] for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._get(texts, True)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._get(texts, False)


@dataclass
class User:
    uid: str
    contexts: list[str]
    hidden: dict[str, np.ndarray]
    rng: np.random.Generator
    stats: dict[tuple[str, str], list[float]] = field(default_factory=dict)

    def context(self) -> str:
        if len(self.contexts) == 1 or self.rng.random() < 0.6:
            return self.contexts[0]
        return self.contexts[1 + int(self.rng.integers(len(self.contexts) - 1))]

    def p_up(self, ctx: str, skill: str) -> float:
        d = float(np.linalg.norm(SKILLS[skill] - self.hidden[ctx]))
        return 0.95 * math.exp(-((d / 0.6) ** 2))

    def reason(self, ctx: str, skill: str) -> str | None:
        gap = SKILLS[skill] - self.hidden[ctx]
        if abs(gap[V]) > 0.15:
            return "too_verbose" if gap[V] > 0 else "too_brief"
        return "wrong_tone" if abs(gap[F]) > 0.2 else None


def probe_candidates(memory: Memory) -> dict[str, list[tuple[str, float]]]:
    """Applicable skills (with trigger scores) per context, common to its three texts."""
    memory.skills.enable(user_id="probe")
    out: dict[str, list[tuple[str, float]]] = {}
    for ctx, (when, texts) in CONTEXTS.items():
        sets = []
        for text in texts:
            sel = memory.skills.select(text, user_id="probe", when=when)
            sets.append({c.skill_id: c.trigger for c in sel.candidates})
        common = set.intersection(*(set(s) for s in sets))
        out[ctx] = sorted(((k, sets[0][k]) for k in common), key=lambda kv: -kv[1])
    return out


def make_users(n: int, k: int, cands: dict[str, list[tuple[str, float]]],
               seed: int) -> list[User]:
    rng = np.random.default_rng(seed)
    usable = [c for c, v in cands.items() if len(v) >= 2]
    users = []
    for i in range(n):
        ctxs = list(rng.choice(usable, size=min(k, len(usable)), replace=False))
        hidden = {}
        for c in ctxs:
            pick = cands[c][int(rng.integers(len(cands[c])))][0]
            hidden[c] = np.clip(SKILLS[pick] + rng.normal(0, 0.05, len(DIMENSIONS)), 0, 1)
        users.append(User(f"sim{i:04d}", ctxs, hidden, np.random.default_rng(seed + 1 + i)))
    return users


def p_up_model(style: np.ndarray, skill: str) -> float:
    """The simulator's thumbs-up curve (what :meth:`User.p_up` uses), for the oracle."""
    d = float(np.linalg.norm(SKILLS[skill] - style))
    return 0.95 * math.exp(-((d / 0.6) ** 2))


def oracle_choice(ids: list[str], history: list[tuple[str, bool]]) -> str:
    """Skill with the best expected thumbs-up rate under the exact posterior over which
    candidate is the user's style (uniform prior, the simulator's curve as likelihood)."""
    log_post = np.zeros(len(ids))
    for j, fav in enumerate(ids):
        for skill, up in history:
            p = p_up_model(SKILLS[fav], skill)
            log_post[j] += math.log(p if up else 1.0 - p)
    w = np.exp(log_post - log_post.max())
    w /= w.sum()
    return max(ids, key=lambda k: sum(wj * p_up_model(SKILLS[f], k)
                                      for f, wj in zip(ids, w, strict=True)))


def run_baseline(kind: str, users: list[User], cands: dict[str, list[tuple[str, float]]],
                 steps: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.zeros((len(users), steps))
    for u, user in enumerate(users):
        user.rng = np.random.default_rng(seed + 1 + u)
        est: dict[tuple[str, str], list[float]] = {}
        seen: dict[str, list[tuple[str, bool]]] = {}
        for t in range(steps):
            ctx = user.context()
            ids = [s for s, _ in cands[ctx]]
            if kind == "oracle":
                skill = oracle_choice(ids, seen.setdefault(ctx, []))
            elif kind == "random":
                skill = ids[int(rng.integers(len(ids)))]
            elif kind == "trigger_only":
                skill = ids[0]
            else:
                untried = [s for s in ids if (ctx, s) not in est]
                if rng.random() < 0.1:
                    skill = ids[int(rng.integers(len(ids)))]
                elif untried:
                    skill = untried[0]
                else:
                    skill = max(ids, key=lambda s: est[(ctx, s)][0] / est[(ctx, s)][1])
            up = user.rng.random() < user.p_up(ctx, skill)
            seen.setdefault(ctx, []).append((skill, bool(up)))
            tot = est.setdefault((ctx, skill), [0.0, 0.0])
            tot[0] += 1.0 if up else -1.0
            tot[1] += 1
            out[u, t] = up
    return out


def run_lucidmem(memory: Memory, users: list[User], steps: int, seed: int, reasons: bool
                 ) -> tuple[np.ndarray, list[float], list[float], list[float], int]:
    out = np.zeros((len(users), steps))
    sel_ms, ctx_ms, fb_ms, explored = [], [], [], 0
    for u, user in enumerate(users):
        user.rng = np.random.default_rng(seed + 1 + u)
        memory.skills.enable(user_id=user.uid)
        for t in range(steps):
            ctx = user.context()
            when, texts = CONTEXTS[ctx]
            text = texts[int(user.rng.integers(len(texts)))]
            started = time.perf_counter()
            sel = memory.skills.select(text, user_id=user.uid, when=when)
            sel_ms.append((time.perf_counter() - started) * 1000)
            ctx_ms.append(sel.context_ms)
            explored += sel.explored
            skill = sel.skill.id
            up = user.rng.random() < user.p_up(ctx, skill) if skill in SKILLS else False
            reason = None if up or not reasons else user.reason(ctx, skill)
            started = time.perf_counter()
            memory.skills.feedback(sel.id, user_id=user.uid, reward=1 if up else -1, reason=reason)
            fb_ms.append((time.perf_counter() - started) * 1000)
            out[u, t] = up
    return out, sel_ms, ctx_ms, fb_ms, explored


def reach(curve: np.ndarray, window: int = 5, target: float = 0.7) -> int | None:
    """First interaction (1-based) whose trailing-window mean reaches ``target``."""
    for i in range(len(curve)):
        if curve[max(0, i - window + 1): i + 1].mean() >= target:
            return i + 1
    return None


def reach_and_stay(curve: np.ndarray, window: int = 5, target: float = 0.7) -> int | None:
    """First interaction from which the trailing-window mean stays at or above ``target``."""
    means = [curve[max(0, i - window + 1): i + 1].mean() for i in range(len(curve))]
    for i in range(len(means)):
        if all(m >= target for m in means[i:]):
            return i + 1
    return None


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--users", type=int, default=200)
    ap.add_argument("--interactions", type=int, default=30)
    ap.add_argument("--contexts", type=int, default=2, help="contexts per user")
    ap.add_argument("--reasons", action="store_true", help="thumbs down carry a reason")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--selection", default="learner",
                    choices=("adaptive", "learner", "learner_private", "seed"),
                    help="preset of the lucidmem arm (learner: the library's default; "
                         "adaptive: the previous default)")
    args = ap.parse_args()
    started = time.perf_counter()
    embedder = CachingEmbedder()
    results: dict[str, np.ndarray] = {}
    for arm, selection in (("lucidmem", args.selection), ("lucidmem_seed", "seed")):
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings(behaviour=BehaviourSettings(seed=args.seed,
                                                            selection=selection))
            with Memory(tmp, settings=settings, embedder=embedder) as memory:
                cands = probe_candidates(memory)
                if arm == "lucidmem":
                    for ctx, c in cands.items():
                        print(f"{ctx:20s} candidates: "
                              + ", ".join(f"{s} {t:.2f}" for s, t in c))
                users = make_users(args.users, args.contexts, cands, args.seed)
                outcome = run_lucidmem(memory, users, args.interactions, args.seed,
                                       args.reasons)
        results[arm] = outcome[0]
        if arm == "lucidmem":
            learned, sel_ms, ctx_ms, fb_ms, explored = outcome
    for kind in ("oracle", "random", "eps_greedy", "trigger_only"):
        results[kind] = run_baseline(kind, users, cands, args.interactions, args.seed)
    print(f"\n{args.users} users x {args.interactions} interactions, {args.contexts} "
          f"context(s) each, reasons={'on' if args.reasons else 'off'}, seed {args.seed}")
    print("positive rate by interaction index (mean over users):")
    print("index        " + " ".join(f"{i:>4d}" for i in range(1, args.interactions + 1)))
    for name, res in results.items():
        print(f"{name:12s} " + " ".join(f"{v:4.2f}" for v in res.mean(axis=0)))
    print("\narm           overall  last10  reach70  reach70_and_stay  (trailing 5, all users)")
    for name, res in results.items():
        curve = res.mean(axis=0)
        print(f"{name:12s}  {res.mean():6.3f}  {res[:, -10:].mean():6.3f}  "
              f"{reach(curve)!s:>7s}  {reach_and_stay(curve)!s:>16s}")
    print(f"\nexplored selections: {explored} / {len(sel_ms)}")
    sel_wo = [s - c for s, c in zip(sel_ms, ctx_ms, strict=True)]
    print(f"skills.select ms (cached embedding): p50 {pct(sel_ms, 50):.2f}  "
          f"p95 {pct(sel_ms, 95):.2f}")
    print(f"  of which context classification:   p50 {pct(ctx_ms, 50):.2f}  "
          f"p95 {pct(ctx_ms, 95):.2f}")
    print(f"  selection without classification:   p50 {pct(sel_wo, 50):.2f}  "
          f"p95 {pct(sel_wo, 95):.2f}")
    print(f"feedback ms:                          p50 {pct(fb_ms, 50):.2f}  "
          f"p95 {pct(fb_ms, 95):.2f}")
    print(f"wall time {time.perf_counter() - started:.0f} s")
    print(f"overall_positive={learned.mean():.3f} reach70={reach(learned.mean(axis=0))}")


if __name__ == "__main__":
    main()
