"""The agent learning loop end to end: quality over time, throughput, exported datasets.

Seed: ``seeds/agent-feedback-rlhf.md`` (issue 6 targets): simulated agents and users; quality
score over time with and without policy learning; processing time per 10,000 feedback events
(target < 2 s); exported JSONL validated against the OpenAI chat format.

Simulation. Each agent has an audience with hidden tastes: per trait a preference in
{-1, 0, +1} (e.g. likes humour, dislikes directness). Each reply expresses each trait with
probability equal to the agent's current trait value (``memory.agents.policy`` → policy).
The user gives a thumbs up with probability ``sigmoid(1.5 · Σ preference of expressed
traits)``, else a thumbs down, and the feedback carries the expressed traits and the texts.
Rounds of ``--per-round`` feedback events per agent are submitted with
``memory.agents.submit_feedback_batch``; quality per round is the share of thumbs up. The
baseline runs the same simulation with policy updates switched off.

Run: ``python bench/learning_loop.py`` (``--rounds 12 --per-round 200 --agents 3``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from lucidmem import Memory
from lucidmem.agents.capability import Agents
from lucidmem.agents.datasets import validate_chat_jsonl
from lucidmem.agents.feedback_model import ExplicitFeedback, FeedbackEvent
from lucidmem.agents.learning import DEFAULT_POLICY_UPDATE_EVERY
from lucidmem.agents.state import LearningState
from lucidmem.agents.submissions import FeedbackSubmission
from lucidmem.embedding import E5Embedder

TRAITS = ("humor", "empathy", "directness", "curiosity", "formality")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def tastes(rng: random.Random) -> dict[str, int]:
    return {t: rng.choice((-1, 0, 1)) for t in TRAITS}


def simulate(learn: bool, args: argparse.Namespace, embedder: E5Embedder,
             root: Path) -> list[float]:
    rng = random.Random(args.seed)
    clock = Clock()
    quality: list[float] = []
    with Memory(root / ("learn" if learn else "static"), embedder=embedder,
                clock=clock) as memory:
        # the static baseline: the same capability with policy updates switched off
        learning = memory.agents if learn else Agents(memory.kernel, policy_update_every=10**9)
        every = DEFAULT_POLICY_UPDATE_EVERY
        agents = {f"agent{i}": tastes(rng) for i in range(args.agents)}
        for agent_id in agents:
            learning.register(agent_id, owner_id=f"owner{agent_id}", name=agent_id)
        counter = 0
        for _ in range(args.rounds):
            ups = total = 0
            for agent_id, pref in agents.items():
                traits = learning.policy.get(agent_id).traits
                batch = []
                for _ in range(args.per_round):
                    expressed = [t for t in TRAITS if rng.random() < traits[t]]
                    score = sum(pref[t] for t in expressed)
                    up = rng.random() < 1 / (1 + math.exp(-1.5 * score))
                    ups += up
                    total += 1
                    counter += 1
                    event = FeedbackEvent(
                        id=f"f{counter}", user_id=f"user{rng.randrange(args.users)}",
                        agent_id=agent_id, source_id=f"msg{counter}",
                        channel="chat",  # type: ignore[arg-type]
                        payload=ExplicitFeedback(thumbs=1 if up else -1), created_at=clock.now)
                    batch.append(FeedbackSubmission(
                        event, message=f"question {counter}", response=f"answer {counter}",
                        traits=tuple(expressed)))
                    clock.now += timedelta(seconds=30)
                    if len(batch) % every == 0:
                        learning.submit_feedback_batch(batch)
                        batch = []
                if batch:
                    learning.submit_feedback_batch(batch)
            quality.append(ups / total)
    return quality


def throughput(embedder: E5Embedder, root: Path, n: int = 10_000) -> dict[str, float]:
    clock = Clock()
    events = [FeedbackEvent(id=f"t{i}", user_id=f"user{i % 97}", agent_id="fast",
                            source_id=f"m{i}", channel="chat",  # type: ignore[arg-type]
                            payload=ExplicitFeedback(rating=1 + i % 5),
                            created_at=clock.now + timedelta(seconds=i))
              for i in range(n)]
    subs = [FeedbackSubmission(e, traits=("humor",) if i % 2 else ("empathy",))
            for i, e in enumerate(events)]
    started = time.perf_counter()
    state = LearningState()
    for event in events:
        state.add(event)
    pure = time.perf_counter() - started
    with Memory(root / "throughput", embedder=embedder, clock=clock) as memory:
        memory.agents.register("fast", owner_id="o", name="Fast")
        memory.agents.events.auto_dispatch = False
        started = time.perf_counter()
        for i in range(0, n, 1000):
            memory.agents.submit_feedback_batch(subs[i:i + 1000])
        stored = time.perf_counter() - started
        started = time.perf_counter()
        report = memory.agents.events.dispatch()
        dispatch = time.perf_counter() - started
        assert memory.agents.projections("fast").aggregation.total_count == n
        started = time.perf_counter()
        for sub in subs[:200]:
            memory.agents.submit_feedback_batch([FeedbackSubmission(
                FeedbackEvent(id=sub.event.id + "x", user_id=sub.event.user_id, agent_id="fast",
                              source_id=sub.event.source_id + "x",
                              channel="chat",  # type: ignore[arg-type]
                              payload=sub.event.payload, created_at=sub.event.created_at))])
        single = (time.perf_counter() - started) / 200
    return {"pure_fold_s": pure, "store_batches_s": stored, "dispatch_s": dispatch,
            "events_dispatched": report.delivered, "single_submit_ms": single * 1000}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--per-round", type=int, default=200)
    parser.add_argument("--agents", type=int, default=3)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    embedder = E5Embedder()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        learned = simulate(True, args, embedder, root)
        static = simulate(False, args, embedder, root)
        print("round  quality(learning)  quality(static)")
        for i, (a, b) in enumerate(zip(learned, static, strict=True), start=1):
            print(f"{i:5d}  {a:17.3f}  {b:15.3f}")
        print(f"last 3 rounds: learning {sum(learned[-3:]) / 3:.3f}, "
              f"static {sum(static[-3:]) / 3:.3f}")
        figures = throughput(embedder, root)
        print(f"10,000 feedback events: pure fold {figures['pure_fold_s']:.3f} s; through the "
              f"store in batches of 1,000 {figures['store_batches_s']:.2f} s "
              f"(target < 2 s); dispatch of {figures['events_dispatched']:.0f} outbox events "
              f"{figures['dispatch_s']:.2f} s; single submit {figures['single_submit_ms']:.2f} ms")
        with Memory(root / "learn", embedder=embedder) as memory:
            info = memory.agents.training.build_dataset("agent0", out_dir=root / "export")
            assert info.chat_path is not None  # exported: out_dir was given
            count = validate_chat_jsonl(info.chat_path)
        print(f"exported {count} examples; OpenAI chat JSONL valid: {count == info.examples}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
