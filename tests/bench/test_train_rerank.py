"""``bench/train_rerank.py`` chooses by what holds out: folds keep a conversation whole, and
a held-out question is never ranked by weights fitted on it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from lucidmem.retrieval.rerank import FEATURES

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def tr(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("_bench_train_rerank_cv",
                                                  BENCH / "train_rerank.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "_bench_train_rerank_cv", module)
    spec.loader.exec_module(module)
    return module


def question(tr: ModuleType, source: str, evidence_first: bool, seed: int) -> object:
    """Four candidates; the evidence one has a high ``term_cover`` where ``evidence_first``,
    else a low one (a conversation where the feature misleads)."""
    rows = np.zeros((4, len(FEATURES)))
    rows[:, FEATURES.index("length")] = np.random.default_rng(seed).uniform(0.0, 0.1, 4)
    column = FEATURES.index("term_cover")
    rows[:, column] = [0.1, 0.2, 0.3, 0.9] if evidence_first else [0.9, 0.3, 0.2, 0.1]
    found = [set(), set(), set(), {"e"}]
    return tr.Question(source, "single-hop", rows, found, [None] * 4, {"e"}, text="q")


def test_folds_keep_every_conversation_whole_and_mix_both_data_sets(tr: ModuleType) -> None:
    questions = [question(tr, f"locomo:conv-{c}", True, 10 * c + i)
                 for c in range(10) for i in range(3)]
    questions += [question(tr, f"longhist:h{h}", True, 100 + h) for h in range(6)]
    folds = tr.folds_of(questions, 5)
    assert sorted(id(q) for fold in folds for q in fold) == sorted(id(q) for q in questions)
    for source in {q.source for q in questions}:
        assert sum(any(q.source == source for q in fold) for fold in folds) == 1
    for fold in folds:
        assert {tr.dataset(q) for q in fold} == {"locomo", "longhist"}


def test_held_out_recall_uses_weights_fitted_without_the_fold(tr: ModuleType) -> None:
    # eight conversations where term_cover finds the evidence, two (in two folds) where it
    # misleads: a fold's weights, fitted without it, follow the majority, so the misleading
    # conversations score 0 held out; had their own questions been in the fit, they would not
    questions = [question(tr, f"locomo:conv-{c}", c >= 2, 10 * c + i)
                 for c in range(10) for i in range(4)]
    seen: list[set[str]] = []

    def fitter(train: list, l2: float, weight: float) -> object:
        seen.append({q.source for q in train})
        return tr.fit_listwise(train, l2, weight)

    fits = tr.fold_fits(questions, 5, fitter, 1.0, 1.0)
    column = FEATURES.index("term_cover")
    for (held, weights), trained in zip(fits, seen, strict=True):
        assert held and weights.weights[column] > 0
        assert len(trained) == 8 and not trained & {q.source for q in held}
    results = tr.held_out(fits, tr.Boosts())
    assert len(results) == len(questions)
    by_source: dict[str, list[float]] = {}
    for q, recall in results:
        by_source.setdefault(q.source, []).append(recall[1])
    assert all(np.mean(by_source[f"locomo:conv-{c}"]) == 1.0 for c in range(2, 10))
    assert np.mean(by_source["locomo:conv-0"]) == 0.0  # misled, and nothing fitted on it
    assert 0.0 < tr.pooled(results) < 1.0
    assert tr.balanced(results) == tr.pooled(results)  # one data set: the same mean


def test_a_clipped_hidden_fit_carries_the_training_range_and_seeds_average(
        tr: ModuleType) -> None:
    questions = [question(tr, f"locomo:conv-{c}", True, 10 * c + i)
                 for c in range(4) for i in range(3)]
    options = {"hidden": 3, "hidden_l2": 1.0, "steps": 20, "clip": 0.0,
               "hidden_without": ["length"]}
    model = tr.fit_mlp(questions, 1.0, 1.0, **options)
    layer = model.hidden
    assert layer is not None and layer.low is not None and layer.high is not None
    z = np.vstack([(q.rows - np.asarray(model.mean)) / np.asarray(model.scale)
                   for q in questions])
    column = FEATURES.index("term_cover")
    assert layer.low[column] == pytest.approx(z[:, column].min())
    assert layer.high[column] == pytest.approx(z[:, column].max())
    assert all(row[FEATURES.index("length")] == 0.0 for row in layer.weights)  # not read
    far = np.zeros((1, len(FEATURES)))
    far[0, column] = 50.0  # far above the range: the layer reads its upper bound
    edge = far.copy()
    edge[0, column] = model.mean[column] + layer.high[column] * model.scale[column]
    linear = np.asarray(model.weights)[column] * (50.0 - edge[0, column]) / model.scale[column]
    assert model.logits(far)[0] - model.logits(edge)[0] == pytest.approx(linear)
    two = tr.fit_seeds(questions, 1.0, 1.0, [0, 1], **options)
    each = [tr.fit_mlp(questions, 1.0, 1.0, seed=s, **options) for s in (0, 1)]
    rows = np.vstack([q.rows for q in questions])
    assert two.hidden is not None and len(two.hidden.bias) == 6
    assert two.logits(rows) == pytest.approx((each[0].logits(rows) + each[1].logits(rows)) / 2)
