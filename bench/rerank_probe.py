"""What the second stage sees in two small memories of the test suite, for a weights file.

The scenarios are those of ``tests/serving/test_context.py`` (six turns of a conversation
and 30 filler notes: "what does my sister Ana do?") and ``tests/integrations/
test_langgraph.py`` (four notes: "is Maya allergic to anything?"), where fitted weights have
misordered small memories (docs/benchmarks.md, "rank5", "rank6", "rank8", "rank9"). For every
candidate it prints the linear part of the logit, the hidden layer's part, the logit, and the
standardised features that lie outside the range ``--questions`` (the training data of
``bench/train_rerank.py``) spans, so one can see where a hidden layer extrapolates.

    python bench/rerank_probe.py W.json [--questions q.pkl]

Each memory is ranked twice: as the tests run (the search may come before the background
embedder has computed every vector: one draw of that timing, which can change the order)
and with every vector computed. Nothing is written; the weights are used in this process
only.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lucidmem.retrieval.hybrid as hybrid
from lucidmem import Memory
from lucidmem.retrieval.rerank import FEATURES, HINT_FEATURES, RankerWeights, candidate_features

TURNS = [
    ("user", "I moved to Lisbon in March for a job at a hospital"),
    ("assistant", "Congratulations! How are you finding Lisbon so far?"),
    ("user", "I love it, the pastel de nata at the corner cafe is amazing every morning"),
    ("assistant", "That sounds wonderful. Do you cook Portuguese food at home too?"),
    ("user", "Not yet, my sister Ana is the cook in our family, she is a chef in Porto"),
    ("assistant", "Maybe Ana can teach you a few recipes next time you visit."),
]

CAPTURED: list[tuple[str, list[Any], dict[str, Any], npt.NDArray[np.float64]]] = []


_ORIGINAL = hybrid.rerank


def capture(weights: RankerWeights) -> None:
    """Make every search of this process rank with ``weights`` and keep what it ranked."""
    original = _ORIGINAL

    def wrapped(text: str, hits: list[Any], records: Any, raw: Any, hints: Any, _: Any,
                query_vector: Any = None) -> Any:
        rows = candidate_features(text, hits, records, raw, hints, query_vector=query_vector)
        CAPTURED.append((text, list(hits), dict(records), rows))
        return original(text, hits, records, raw, hints, weights, query_vector)

    hybrid.rerank = wrapped  # type: ignore[assignment]


def context_scenario(root: Path, flush: bool = False) -> bool:
    """The context test's memory and message; whether its relevant memories are there.
    ``flush``: every vector computed before the search (the test itself does not wait, so
    some may still be missing when it searches)."""
    with Memory(root / f"ctx{int(flush)}") as memory:
        now = memory.kernel.now()
        for i, (role, text) in enumerate(TURNS):
            memory.add([{"role": role, "content": text}], user_id="maya",
                       conversation_id="c1", timestamp=now - 600 + 60 * i)
        for i in range(30):
            memory.add(f"filler note number {i} about gardening and tomatoes", user_id="maya",
                       conversation_id="c2", timestamp=now - 7200 + i)
        if flush:
            memory.flush()
        CAPTURED.clear()
        ctx = memory.build_context("what does my sister Ana do?", user_id="maya",
                                   token_budget=1500)
        parts = {p.name: p for p in ctx.parts}
        ok = bool(parts["memories"].entries) and "chef in Porto" in ctx.prompt
        print(f"context test: relevant memories {len(parts['memories'].entries)}, "
              f"chef in Porto in prompt: {'chef in Porto' in ctx.prompt}")
        return ok


def langgraph_scenario(root: Path, flush: bool = False) -> bool:
    """The LangGraph store test's notes and question; whether "food" comes first."""
    from lucidmem.integrations.langgraph import LucidmemStore

    with Memory(root / f"lg{int(flush)}") as memory:
        store = LucidmemStore(memory)
        ns = ("maya", "memories")
        store.put(ns, "food", {"text": "Maya is vegan and allergic to peanuts", "kind": "diet"})
        store.put(ns, "home", {"text": "Maya lives in Lisbon", "kind": "place", "since": 2021})
        store.put(("maya", "projects"), "p1", {"content": "Maya is writing a cello method"})
        store.put(("sam", "memories"), "food", {"text": "Sam eats everything"})
        if flush:
            memory.flush()
        CAPTURED.clear()
        hits = store.search(("maya",), query="is Maya allergic to anything?", limit=2)
        print(f"langgraph test: first hit {hits[0].key!r} (the test wants 'food')")
        return hits[0].key == "food"


def show(weights: RankerWeights, low: npt.NDArray[np.float64] | None,
         high: npt.NDArray[np.float64] | None, limit: int) -> None:
    for text, hits, records, rows in CAPTURED[-1:]:
        standard = (rows - np.asarray(weights.mean)) / np.asarray(weights.scale)
        linear = standard @ np.asarray(weights.weights) + weights.bias
        hidden = weights.hidden(standard) if weights.hidden is not None else np.zeros(len(rows))
        logits = weights.logits(rows)
        print(f"  {text!r}: {len(rows)} candidates (by logit, before diversity and repeats)")
        for i in np.argsort(-logits)[:limit]:
            record = records[hits[i].id]
            far = ""
            if low is not None and high is not None:
                out = [f"{FEATURES[f]}={standard[i, f]:+.1f}" for f in range(len(FEATURES))
                       if FEATURES[f] not in HINT_FEATURES
                       and not low[f] - 1e-9 <= standard[i, f] <= high[f] + 1e-9]
                far = " out: " + ", ".join(out) if out else ""
            print(f"   {logits[i]:+6.2f} = lin {linear[i]:+6.2f} + hid {hidden[i]:+6.2f}  "
                  f"{record.kind[:4]:4s} {record.text[:44]!r}{far}")


def training_range(path: Path, weights: RankerWeights
                   ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    import train_rerank

    main_module = sys.modules["__main__"]  # pickled by train_rerank.py run as a script
    main_module.Question = train_rerank.Question  # type: ignore[attr-defined]
    main_module.RankerInputs = train_rerank.RankerInputs  # type: ignore[attr-defined]
    questions = pickle.loads(path.read_bytes())
    multi = path.with_suffix(".multi.pkl")
    if multi.exists():
        questions += pickle.loads(multi.read_bytes())
    x = np.vstack([q.rows for q in questions if q.labels.any()])
    z = (x - np.asarray(weights.mean)) / np.asarray(weights.scale)
    return z.min(axis=0), z.max(axis=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights", type=Path)
    parser.add_argument("--questions", type=Path, default=None,
                        help="bench/train_rerank.py's pickle: mark features outside its range")
    parser.add_argument("--limit", type=int, default=70, help="candidates shown per search")
    args = parser.parse_args()
    weights = RankerWeights.from_json(args.weights.read_text("utf-8"))
    low, high = training_range(args.questions, weights) if args.questions else (None, None)
    capture(weights)
    with tempfile.TemporaryDirectory() as tmp:
        for flush in (False, True):
            print(f"--- {'every vector computed' if flush else 'as the tests run'}")
            context_scenario(Path(tmp), flush)
            show(weights, low, high, args.limit)
            langgraph_scenario(Path(tmp), flush)
            show(weights, low, high, args.limit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
