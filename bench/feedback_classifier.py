"""Accuracy and start-up of the shipped free-text feedback classifier (v3), per language.

Seed: aico-adaptive-memory-system.md, "Multilingual Feedback Processing" ("Expected
accuracy: 80-90% cross-lingual classification"). Targets (v3): on the frozen test set,
single-label accuracy ≥ 0.85 overall and ≥ 0.75 in every language, and at most 10 % of
praise and unrelated messages labelled as complaints; first classification ≤ 1 s after
import, model load included.

Data, in ``bench/data/``, all written for lucidmem:

* ``feedback_v3_test.jsonl`` — the **test set**: 532 texts, 14 languages (en de fr es it
  pt nl pl tr ru ar zh ja ko), per language 6 per complaint category (2 of them two-label
  texts, main label first) and 8 that are no complaint (praise, thanks, unrelated
  messages, negated complaints). Committed on its own before any v3 data or model
  existed; never used for tuning.
* ``feedback_v3_dev.jsonl`` — the **development set**, same shape, other texts: the
  decision thresholds and hyper-parameters were chosen on it, and training-data gaps
  were found with it, so its figures are optimistic.
* ``feedback_v3_dev_negation.jsonl`` (**dev neg**) — 140 negated texts, 10 per language:
  7 non-complaints ("the tone wasn't rude", "no complaints about the length") and 3
  "not … enough" complaints ("not concise enough" is too_verbose). Written after the
  first test measurement showed 14 % of the test set's non-complaints labelled while
  dev showed 7 %; a development set too (tuned on).
* ``feedback_labelled.jsonl`` + ``feedback_dev_none.jsonl`` (v2 development set) and
  ``feedback_test.jsonl`` + ``feedback_test_none.jsonl`` (v2 held-out test set), for
  continuity with the figures of the v2 classifier (test single-label accuracy 0.728,
  17 of 60 non-complaints labelled). One label per text.

No training example is a near-copy of a text of any of these files
(``scripts/train_feedback_classifier.py`` drops them before training).

History of the test set (each line one measurement; the later models were changed
on dev only, but because the first measurement missed the false-positive target, the
later test figures are not as independent as the first): model 48484c9 single 0.893,
worst language nl 0.816, non-complaints labelled 14.3 %; after dev-driven
non-complaint data 0.895 / 0.816 / 13.4 %; after the negation dev set and negation
data (e982612) 0.900 / 0.816 / 8.9 %.

Printed, per language and overall: **single** — single-label accuracy (a complaint is
right when the first predicted label is its main label; a non-complaint when no label is
predicted); **exact** — the predicted label set equals the gold set; **any** — a
complaint got at least one of its labels, a non-complaint none; **fp** — share of
non-complaints labelled as complaints; two-label texts matched exactly; the confusion of
main labels on each set (counts, no texts). Then cold start, measured in fresh
processes: import time, and the first classification after import (classifier creation,
model load, embedder load and check, one embedding); warm time per text; the size of the
package data the classifier adds.

Run: ``PYTHONPATH=src python bench/feedback_classifier.py``. The last line is
``classifier_accuracy=<single-label accuracy on the v3 test set>``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
import zlib
from importlib import resources
from pathlib import Path

from lucidmem.behaviour.feedback_classifier import MODEL_RESOURCE, FeedbackClassifier
from lucidmem.behaviour.feedback_data import DATA_FILES, FeedbackExample, read_examples
from lucidmem.behaviour.feedback_metrics import Scores, score
from lucidmem.embedding import E5Embedder

DATA = Path(__file__).parent / "data"
V3 = {"dev": DATA / "feedback_v3_dev.jsonl", "dev neg": DATA / "feedback_v3_dev_negation.jsonl",
      "test": DATA / "feedback_v3_test.jsonl"}
V2 = {"v2 dev": (DATA / "feedback_labelled.jsonl", DATA / "feedback_dev_none.jsonl"),
      "v2 test": (DATA / "feedback_test.jsonl", DATA / "feedback_test_none.jsonl")}
SHORT = {"too_verbose": "verb", "too_brief": "brief", "wrong_tone": "tone",
         "not_helpful": "unhelp", "incorrect_info": "incorr", "none": "none"}
COLD_RUNS = 3
COLD_CODE = """
import json, time
started = time.perf_counter()
from lucidmem.behaviour.feedback_classifier import FeedbackClassifier
from lucidmem.embedding import E5Embedder
imported = time.perf_counter()
classifier = FeedbackClassifier(E5Embedder().embed_queries)
result = classifier.classify("way too long, just give me the answer")
done = time.perf_counter()
print(json.dumps({"import": imported - started, "first": done - imported,
                  "labels": list(result.labels)}))
"""


def read_v2(complaints: Path, none: Path) -> list[FeedbackExample]:
    out = []
    for path in (complaints, none):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                labels = (row["label"],) if "label" in row else ()
                out.append(FeedbackExample(row["lang"], row["text"], labels, "bench"))
    return out


def evaluate(classifier: FeedbackClassifier, items: list[FeedbackExample]
             ) -> dict[str, Scores]:
    results = classifier.classify_many([item.text for item in items])
    return score((i.lang, i.labels, r.labels) for i, r in zip(items, results, strict=True))


def side_by_side(sets: dict[str, dict[str, Scores]]) -> None:
    names = list(sets)
    langs = [*sorted({k for s in sets.values() for k in s if k != "all"}), "all"]
    head = f"{'lang':<6}" + "".join(f"{name + ' ' + col:>15}" for col in
                                    ("single", "exact", "any", "fp") for name in names)
    print(head)
    for lang in langs:
        row = f"{lang:<6}"
        for col in ("single", "exact", "any", "fp"):
            for name in names:
                s = sets[name].get(lang)
                if s is None:
                    row += f"{'-':>15}"
                    continue
                value = {"single": s.accuracy, "exact": s.exact / s.n, "any": s.any / s.n,
                         "fp": s.false_positive_rate}[col]
                row += f"{value:>15.3f}"
        print(row)
    for name in names:
        s = sets[name]["all"]
        print(f"{name}: {s.n} texts, {s.none_n} non-complaints ({s.none_labelled} labelled), "
              f"two-label texts matched exactly {s.multi_exact}/{s.multi_n}")


def confusion(title: str, s: Scores) -> None:
    print(f"\n{title}: main label, gold (rows) x predicted (columns)")
    print(f"{'':>8}" + "".join(f"{v:>8}" for v in SHORT.values()))
    for gold, tag in SHORT.items():
        print(f"{tag:>8}" + "".join(f"{s.confusion.get((gold, p), 0):>8}" for p in SHORT))


def cold_start() -> list[dict[str, float]]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    runs = []
    for _ in range(COLD_RUNS):
        out = subprocess.run([sys.executable, "-c", COLD_CODE], capture_output=True, text=True,
                             check=True, env=env)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return runs


def package_sizes() -> None:
    files = (MODEL_RESOURCE, *DATA_FILES)
    total = deflated = 0
    parts = []
    for name in files:
        blob = resources.files("lucidmem.behaviour").joinpath(name).read_bytes()
        total += len(blob)
        deflated += len(zlib.compress(blob, 6))
        parts.append(f"{name} {len(blob) / 1024:.0f}")
    print(f"package data of the classifier (KiB): {', '.join(parts)}; total "
          f"{total / 1024:.0f} KiB, ~{deflated / 1024:.0f} KiB deflated in a wheel")


def main() -> None:
    embedder = E5Embedder()
    classifier = FeedbackClassifier(embedder.embed_queries)
    model = classifier.model
    assert model is not None
    print(f"model: {len(model.labels)} classes, {len(model.buckets)} n-gram buckets, "
          f"secondary threshold {classifier.min_probability}, trained on "
          f"{model.info.get('examples')} examples; data {model.data_hash}, "
          f"spec {model.spec_hash}")
    counts = model.info.get("examples_per_language_label", {})
    if counts:
        langs = sorted({k.split("/")[0] for k in counts})
        print("training examples per language and main label "
              f"({', '.join(SHORT.values())}):")
        print("  " + "; ".join(f"{lang} " + "/".join(str(counts.get(f"{lang}/{lab}", 0))
                                                    for lab in SHORT) for lang in langs))

    v3 = {name: read_examples(path) for name, path in V3.items()}
    results = {name: evaluate(classifier, items) for name, items in v3.items()}
    print("\nv3 sets (dev, dev neg: tuned on; test: frozen, measured only)")
    side_by_side(results)
    for name in ("dev", "test"):
        confusion(f"v3 {name}", results[name]["all"])

    print("\nv2 sets (one label per text; v2 classifier on its test set: single 0.728, "
          "17/60 non-complaints labelled)")
    old = {name: evaluate(classifier, read_v2(*paths)) for name, paths in V2.items()}
    side_by_side(old)

    started = time.perf_counter()
    texts = [i.text for i in v3["test"]]
    for text in texts[:100]:
        classifier.classify(text)
    warm_ms = (time.perf_counter() - started) * 1000 / 100
    runs = cold_start()
    firsts = [r["first"] for r in runs]
    print(f"\ncold start over {COLD_RUNS} fresh processes: import "
          f"{statistics.median(r['import'] for r in runs):.2f} s (median); first "
          f"classification after import {statistics.median(firsts):.3f} s median, "
          f"{max(firsts):.3f} s max (creates the classifier and the e5 embedder, loads the "
          f"model, checks the embedder, embeds the text); labels of 'way too long, just give "
          f"me the answer': {runs[0]['labels']}")
    print(f"warm: {warm_ms:.1f} ms per text (one e5 embedding + features + model)")
    package_sizes()
    test = results["test"]["all"]
    worst = min((s.accuracy, lang) for lang, s in results["test"].items() if lang != "all")
    print(f"\ntest: single {test.accuracy:.3f}, worst language {worst[1]} {worst[0]:.3f}, "
          f"non-complaints labelled {test.false_positive_rate:.3f}")
    print(f"classifier_accuracy={test.accuracy:.3f}")


if __name__ == "__main__":
    main()
