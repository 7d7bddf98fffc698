"""Screen second-stage models quickly: fold fits at fixed boosts, held-out recall, and the
two small-memory tests' scenarios with the weights fitted on everything.

Each argument is a JSON object: ``name``, the keyword arguments of
``train_rerank.fit_seeds`` (``hidden``, ``hidden_l2``, ``steps``, ``clip``,
``hidden_without``), and optionally ``seeds`` (default 1), ``multi_weight`` (default 3) and
``boosts`` (time, order, diversity, repeat; default rank8's held-out choice for its hidden
layer, 1.5 / 2.0 / 0.5 / 3.0). Without ``hidden`` the linear scorer is fitted. The boosts
are fixed, not chosen, so the figures are those of ``train_rerank.py``'s screening, not of
its full procedure; the candidates are those of ``train_rerank.py --questions``, at depth
80, ``session_cos_gap`` held at 0 as by default.

    python bench/rerank_screen.py --questions q.pkl '{"name": "r8", "hidden": 16,
        "hidden_l2": 30, "steps": 500}' ...

Per model one line: LoCoMo R@1/5/10/20, multi-hop R@20, long-history dev R@1/5/10/20,
small-memory R@1 (all held out, 5 folds), the pooled mean R@1/5/10, then whether the
context test's and the LangGraph test's scenarios pass as the tests run / with every vector
computed (:mod:`rerank_probe`). "As the tests run" is one draw of the background embedder's
timing: confirm a pass with the real tests, several times. The weights fitted on everything
go to ``--out/w_NAME.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import pickle
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import rerank_probe
import train_rerank as tr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=Path("."))
    parser.add_argument("models", nargs="+")
    args = parser.parse_args()
    main_module = sys.modules["__main__"]  # pickled by train_rerank.py run as a script
    main_module.Question = tr.Question  # type: ignore[attr-defined]
    main_module.RankerInputs = tr.RankerInputs  # type: ignore[attr-defined]
    base = pickle.loads(args.questions.read_bytes())
    extra = pickle.loads(args.questions.with_suffix(".multi.pkl").read_bytes())
    for q in [*base, *extra]:
        q.__dict__.setdefault("pool", [])
        q.__dict__.setdefault("prf", [])
    column = tr.FEATURES.index("session_cos_gap")
    prepared: dict[float, list[tr.Question]] = {}
    for spec in args.models:
        options: dict[str, Any] = json.loads(spec)
        name = options.pop("name")
        weight = float(options.pop("multi_weight", tr.DEFAULT_MULTI_WEIGHT))
        seeds = int(options.pop("seeds", 1))
        boosts = tr.Boosts(*options.pop("boosts", (1.5, 2.0, 0.5, 3.0)))
        if weight not in prepared:
            questions = tr.at_depth(
                base + [dataclasses.replace(q, weight=weight) for q in extra], tr.DEFAULT_DEPTH)
            for q in questions:
                q.rows[:, column] = 0.0
            prepared[weight] = questions
        questions = prepared[weight]

        def fitter(train: Any, l2: float, lh: float, o: Any = options, s: int = seeds) -> Any:
            if o.get("hidden"):
                return tr.fit_seeds(train, l2, lh, range(s), **o)
            return tr.fit_listwise(train, l2, lh)

        fits = tr.fold_fits(questions, tr.DEFAULT_FOLDS, fitter, tr.DEFAULT_L2, 10.0)
        results = tr.held_out(fits, boosts)

        def mean(keep: Any, k: int, r: Any = results) -> float:
            return statistics.mean(x[k] for q, x in r if keep(q))

        sets = {"LoCoMo": lambda q: tr.dataset(q) == "locomo",
                "dev": lambda q: tr.dataset(q) == "longhist"}
        weights = boosts.on(fitter(questions, tr.DEFAULT_L2, 10.0))
        (args.out / f"w_{name}.json").write_text(weights.to_json() + "\n", encoding="utf-8")
        rerank_probe.capture(weights)
        passed = []
        with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stdout(io.StringIO()):
            for flush in (False, True):
                passed.append((rerank_probe.context_scenario(Path(tmp), flush),
                               rerank_probe.langgraph_scenario(Path(tmp), flush)))
        figures = "  ".join(
            f"{label} " + "/".join(f"{mean(keep, k):.3f}" for k in tr.KS)
            for label, keep in sets.items())
        print(f"{name:18s} {figures}  multi-hop R@20 "
              f"{mean(lambda q: q.kind == 'multi-hop', 20):.3f}  small R@1 "
              f"{mean(lambda q: tr.dataset(q) == 'multi', 1):.3f}  pooled "
              f"{tr.pooled(results):.4f}  context {passed[0][0]}/{passed[1][0]}  "
              f"langgraph {passed[0][1]}/{passed[1][1]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
