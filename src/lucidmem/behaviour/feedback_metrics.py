"""Scores of predicted feedback labels against gold labels (training script and bench).

Definitions, per text (gold labels main-first; empty gold = not a complaint):

* **single-label accuracy** — a complaint is right when the predicted main label is the
  gold main label; a non-complaint is right when nothing is predicted.
* **exact** — the predicted label set equals the gold set.
* **any** — complaint: at least one predicted label is a gold label; non-complaint:
  nothing predicted.
* **false positives** — share of non-complaints that got a label.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = ["Scores", "score"]


@dataclass
class Scores:
    """Counts of one group of texts (a language, or all)."""

    n: int = 0
    single: int = 0
    exact: int = 0
    any: int = 0
    none_n: int = 0
    none_labelled: int = 0
    multi_n: int = 0
    multi_exact: int = 0
    confusion: dict[tuple[str, str], int] = field(default_factory=dict)

    @property
    def accuracy(self) -> float:
        return self.single / self.n if self.n else 0.0

    @property
    def false_positive_rate(self) -> float:
        return self.none_labelled / self.none_n if self.none_n else 0.0

    def add(self, gold: Sequence[str], predicted: Sequence[str]) -> None:
        self.n += 1
        gold_main = gold[0] if gold else "none"
        pred_main = predicted[0] if predicted else "none"
        self.single += gold_main == pred_main
        self.exact += set(gold) == set(predicted)
        self.any += bool(set(gold) & set(predicted)) if gold else not predicted
        if not gold:
            self.none_n += 1
            self.none_labelled += bool(predicted)
        if len(gold) > 1:
            self.multi_n += 1
            self.multi_exact += set(gold) == set(predicted)
        key = (gold_main, pred_main)
        self.confusion[key] = self.confusion.get(key, 0) + 1


def score(items: Iterable[tuple[str, Sequence[str], Sequence[str]]]) -> dict[str, Scores]:
    """``(lang, gold, predicted)`` triples -> scores per language and under ``"all"``."""
    out: dict[str, Scores] = {}
    for lang, gold, predicted in items:
        for key in (lang, "all"):
            out.setdefault(key, Scores()).add(gold, predicted)
    return out
