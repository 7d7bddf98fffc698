"""The free-text feedback classifier: the shipped model (v3) with the real e5 embedder."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

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
    load_feedback_model,
    load_not_feedback_examples,
)
from lucidmem.behaviour.feedback_data import (
    FeedbackExample,
    read_examples,
    training_data_hash,
    training_examples,
)
from lucidmem.behaviour.feedback_features import (
    FEATURE_SPEC,
    HASH_BUCKETS,
    feature_spec_hash,
    hashed_features,
    normalise_text,
)
from lucidmem.behaviour.feedback_model import NONE_LABEL, FeedbackModel, decide_labels
from lucidmem.behaviour.formulas import apply_preference_delta
from lucidmem.embedding import E5Embedder
from lucidmem.errors import InvalidInputError

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "bench" / "data"
V2_FILES = ("feedback_labelled.jsonl", "feedback_dev_none.jsonl", "feedback_test.jsonl",
            "feedback_test_none.jsonl")
V3_FILES = ("feedback_v3_dev.jsonl", "feedback_v3_test.jsonl")
LANGUAGES = {"en", "de", "fr", "es", "it", "pt", "nl", "pl", "tr", "ru", "ar", "zh", "ja",
             "ko"}

# Direction and negation (none of these texts is in a bench set or the training data).
DIRECTION = [
    ("way too long, just give me the answer", "too_verbose"),  # the example
    ("This is not long enough.", "too_brief"),
    ("It could be shorter.", "too_verbose"),
    ("No complaints from me.", None),
    ("It really wasn't too long, thanks.", None),
    ("Die Antwort ist nicht lang genug.", "too_brief"),
    ("Könnte kürzer sein, ehrlich.", "too_verbose"),
    ("Überhaupt nicht zu lang, danke dir.", None),
    ("Ce n'est vraiment pas assez long.", "too_brief"),
    ("Non era per niente troppo lungo, grazie.", None),
    ("Za krótka odpowiedź, napisz więcej.", "too_brief"),
    ("Слишком длинный ответ, сократи его.", "too_verbose"),
    ("回答太短了，请多写一点。", "too_brief"),
    ("回答太长了，请短一点。", "too_verbose"),
    ("説明が短すぎて分かりません。", "too_brief"),
    ("답변이 너무 길어서 읽기 힘들어요.", "too_verbose"),
]
NOT_FEEDBACK = ["Thanks a million, that fixed it!", "¡Muchísimas gracias, eso lo arregló!",
                "What is the capital of Peru?", "I like pizza.", "The cat sleeps."]


def _read_v2(name: str) -> list[dict[str, str]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line]


@pytest.fixture(scope="module")
def classifier(embedder: E5Embedder) -> FeedbackClassifier:
    # The engine's process-wide classifier, as Memory uses it.
    return shared_encoders(embedder).feedback


@pytest.fixture(scope="module")
def trainer() -> ModuleType:
    """scripts/train_feedback_classifier.py as a module."""
    path = ROOT / "scripts" / "train_feedback_classifier.py"
    spec = importlib.util.spec_from_file_location("train_feedback_classifier", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# -- the shipped model ---------------------------------------------------------------


def test_shipped_model_matches_feature_spec_and_training_data() -> None:
    model = load_feedback_model()
    assert model.spec_hash == feature_spec_hash()
    # Retrain (scripts/train_feedback_classifier.py) after changing the training data.
    assert model.data_hash == training_data_hash()
    assert model.labels == (*FEEDBACK_CATEGORIES, NONE_LABEL)
    classes, dims = len(model.labels), model.mean.shape[0]
    assert dims == 384 and model.w_embed.shape == (dims, classes)
    assert model.bias.shape == (classes,)
    assert model.w_hash.shape == (model.buckets.shape[0], classes)
    assert np.all(np.diff(model.buckets) > 0)
    assert model.buckets[0] >= 0 and model.buckets[-1] < HASH_BUCKETS
    assert model.ml_embed is not None and model.ml_embed.shape == (dims, classes - 1)
    assert model.ml_hash is not None and model.ml_hash.shape == (model.buckets.shape[0], 5)
    assert model.canary_vector is not None and model.canary_vector.shape == (dims,)
    assert 0.0 < model.secondary_threshold < 1.0
    assert len(model.thresholds) == 5 and all(0.0 < t < 1.0 for t in model.thresholds)
    assert {"LATIN", "CYRILLIC", "ARABIC", "CJK", "HIRAGANA", "HANGUL"} <= set(model.scripts)


def test_model_of_another_feature_spec_is_refused(tmp_path: Path) -> None:
    model = load_feedback_model()
    other = FeedbackModel(labels=model.labels, mean=model.mean, w_embed=model.w_embed,
                          bias=model.bias, buckets=model.buckets, w_hash=model.w_hash,
                          spec_hash="0123456789abcdef")
    path = tmp_path / "old.npz"
    other.save(path)
    with pytest.raises(InvalidInputError, match="retrain"):
        FeedbackModel.load(path)
    with pytest.raises(InvalidInputError, match="cannot read"):
        FeedbackModel.load(tmp_path / "missing.npz")


def test_features_are_stable() -> None:
    # The hashed n-grams are part of the model's contract (FEATURE_SPEC).
    assert FEATURE_SPEC["version"] == 1
    assert normalise_text("  Waaay  TOO long!!!  2024 ") == "waay too long!! 00"
    feats = hashed_features("not long enough")
    assert feats and all(0 <= b < HASH_BUCKETS for b in feats)
    assert hashed_features("Not  LONG enough") == feats
    assert hashed_features("not short enough") != feats


# -- behaviour on texts ---------------------------------------------------------------


def test_direction_and_negation(classifier: FeedbackClassifier) -> None:
    results = classifier.classify_many([text for text, _ in DIRECTION])
    got = [(text, r.top) for (text, _), r in zip(DIRECTION, results, strict=True)]
    assert got == [(text, want) for text, want in DIRECTION]


def test_length_complaint_is_not_both_too_long_and_too_short(
        classifier: FeedbackClassifier) -> None:
    result = classifier.classify("way too long, just give me the answer")
    assert result.labels == ("too_verbose",)
    assert result.scores["too_verbose"] > 0.5 > result.scores["too_brief"]


TWO_COMPLAINTS = [
    ("Way too long, and the year you gave is wrong.", {"too_verbose", "incorrect_info"}),
    ("Useless answer, and the tone was rude too.", {"not_helpful", "wrong_tone"}),
    ("Zu kurz und außerdem ist die Zahl falsch.", {"too_brief", "incorrect_info"}),
]


def test_two_complaints_get_two_labels(classifier: FeedbackClassifier) -> None:
    results = classifier.classify_many([text for text, _ in TWO_COMPLAINTS])
    for (_, gold), result in zip(TWO_COMPLAINTS, results, strict=True):
        # The sigmoid head ranks both complaints first, the main label is one of them ...
        top_two = sorted(result.present, key=lambda c: -result.present[c])[:2]
        assert set(top_two) == gold and result.top in gold
    # ... but the second one does not always pass its threshold: a length complaint next
    # to another one gets a low presence ("Way too long, and the year ..." too_verbose
    # 0.23 < 0.35). The bench counts exact two-label matches (dev 18/29).
    assert any(set(r.labels) == gold for (_, gold), r in
               zip(TWO_COMPLAINTS, results, strict=True))


def test_praise_and_unrelated_texts_get_no_label(classifier: FeedbackClassifier) -> None:
    for result in classifier.classify_many(NOT_FEEDBACK):
        assert result.labels == () and result.top is None
        assert result.not_feedback > max(result.scores.values())


def test_thanks_for_solving_the_problem_gets_no_label(classifier: FeedbackClassifier) -> None:
    # v2 read "solved my problem" like its negation (an xfail then).
    texts = ["Vielen Dank, das hat mein Problem gelöst!",
             "Merci infiniment, ça a résolu mon problème !"]
    assert all(r.labels == () for r in classifier.classify_many(texts))


def test_scores_are_probabilities(classifier: FeedbackClassifier) -> None:
    result = classifier.classify("Das stimmt nicht, die Jahreszahl ist falsch.")
    assert set(result.scores) == set(result.present) == set(FEEDBACK_CATEGORIES)
    assert sum(result.scores.values()) + result.not_feedback == pytest.approx(1.0)
    assert result.top == "incorrect_info" and result.language_supported
    assert all(0.0 <= p <= 1.0 for p in result.present.values())


def test_input_limits(classifier: FeedbackClassifier) -> None:
    with pytest.raises(InvalidInputError, match="300"):
        classifier.classify("x" * (MAX_FEEDBACK_CHARS + 1))
    for empty in ("", " ", "\n\t"):
        with pytest.raises(InvalidInputError, match="non-empty"):
            classifier.classify(empty)
    with pytest.raises(InvalidInputError, match="300"):
        classifier.classify_many(["too long", "y" * (MAX_FEEDBACK_CHARS + 1)])
    assert classifier.classify("z" * MAX_FEEDBACK_CHARS).scores
    assert classifier.classify_many([]) == []


def test_unseen_scripts_get_a_neutral_result(classifier: FeedbackClassifier) -> None:
    texts = [
        ("ዝርዝሩ በጣም ረጅም ነው " * 20)[:MAX_FEEDBACK_CHARS],  # Ethiopic
        ("คำตอบยาวเกินไป กรุณาสั้นลง " * 12)[:MAX_FEEDBACK_CHARS],  # Thai
        ("תשובה ארוכה מדי, בבקשה לקצר " * 12)[:MAX_FEEDBACK_CHARS],  # Hebrew
        ("ཡི་གེ་འདི་རིང་དྲགས་འདུག " * 14)[:MAX_FEEDBACK_CHARS],  # Tibetan
    ]
    assert all(len(t) == MAX_FEEDBACK_CHARS for t in texts)
    for result in classifier.classify_many(texts):
        assert result.labels == () and not result.language_supported
        assert result.not_feedback == 1.0 and sum(result.scores.values()) == 0.0
    # Seen scripts with a few foreign words, emoji or no letters: a normal result.
    for text in ("Zu lang 🙄🙄🙄", "👍👍", "???", "Too long, שלום", "1234 " * 60):
        result = classifier.classify(text)
        assert result.language_supported
        assert sum(result.scores.values()) + result.not_feedback == pytest.approx(1.0)


def test_classify_vectors_needs_the_texts(classifier: FeedbackClassifier,
                                          embedder: E5Embedder) -> None:
    texts = ["Far too short, add detail.", "Thanks, perfect!"]
    rows = embedder.embed_queries(texts)
    results = classifier.classify_vectors(rows, texts)
    assert [r.labels for r in results] == [r.labels for r in classifier.classify_many(texts)]
    with pytest.raises(InvalidInputError, match="texts"):
        classifier.classify_vectors(rows)
    assert classifier.classify_vectors(np.zeros((0, 384))) == []


def _bag_embed(texts: list[str]) -> NDArray[np.float32]:
    """Deterministic bag-of-words vectors: another embedder than e5."""
    rows = np.zeros((len(texts), 64), dtype=np.float32)
    for i, text in enumerate(texts):
        for word in re.findall(r"\w+", text.lower()):
            rows[i, sum(map(ord, word)) % 64] += 1.0
        rows[i, 63] += 0.1
    normalised: NDArray[np.float32] = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return normalised


def test_another_embedder_falls_back_to_the_bundled_e5(
        classifier: FeedbackClassifier) -> None:
    calls: list[int] = []

    def counting(texts: list[str]) -> NDArray[np.float32]:
        calls.append(len(texts))
        return _bag_embed(texts)

    other = FeedbackClassifier(counting)
    texts = ["Your reply is far too long, please shorten it.", "Muchas gracias, perfecto."]
    assert [r.labels for r in other.classify_many(texts)] == \
        [r.labels for r in classifier.classify_many(texts)]
    assert calls == [1]  # only the canary check; feedback went to the bundled e5


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


def test_decide_labels_rule() -> None:
    labels = (*FEEDBACK_CATEGORIES, NONE_LABEL)
    prob = np.array([0.5, 0.1, 0.1, 0.1, 0.15, 0.05])
    assert decide_labels(prob, labels, 0.5) == ("too_verbose",)
    present = np.array([0.9, 0.8, 0.1, 0.2, 0.7])
    # too_brief passes the threshold but contradicts too_verbose: dropped.
    assert decide_labels(prob, labels, 0.5, present) == ("too_verbose", "incorrect_info")
    assert decide_labels(np.array([0.1, 0.1, 0.1, 0.1, 0.1, 0.5]), labels, 0.5, present) == ()
    # Per-category thresholds: incorrect_info (0.7) needs 0.8 now, not_helpful (0.2) 0.15.
    per_label = [0.5, 0.5, 0.5, 0.15, 0.8]
    assert decide_labels(prob, labels, per_label, present) == ("too_verbose", "not_helpful")


# -- accuracy -------------------------------------------------------------------------


def test_frozen_v3_test_set_meets_the_targets(classifier: FeedbackClassifier) -> None:
    # bench/feedback_classifier.py prints the figures per language.
    items = read_examples(DATA / "feedback_v3_test.jsonl")
    results = classifier.classify_many([i.text for i in items])
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    labelled_none = none = 0
    for item, result in zip(items, results, strict=True):
        total[item.lang] += 1
        right[item.lang] += (result.top or NONE_LABEL) == (item.primary or NONE_LABEL)
        if not item.labels:
            none += 1
            labelled_none += bool(result.labels)
    assert sum(right.values()) / len(items) >= 0.85
    assert min(right[lang] / total[lang] for lang in total) >= 0.75
    assert labelled_none / none <= 0.10


def test_v2_held_out_test_set(classifier: FeedbackClassifier) -> None:
    # The v2 classifier scored 0.728 here and labelled 17 of the 60 non-complaints.
    items = _read_v2("feedback_test.jsonl")
    results = classifier.classify_many([i["text"] for i in items])
    top1 = sum(r.top == i["label"] for r, i in zip(results, items, strict=True)) / len(items)
    assert top1 >= 0.80
    none = classifier.classify_many([i["text"] for i in _read_v2("feedback_test_none.jsonl")])
    assert sum(bool(r.labels) for r in none) <= 12


# -- training -------------------------------------------------------------------------


def test_training_script_fits_a_tiny_subset(trainer: ModuleType, tmp_path: Path) -> None:
    def embed(texts: list[str]) -> NDArray[np.float32]:
        return _bag_embed(texts)[:, :16] + 0.01

    picked: dict[tuple[str, str], int] = {}
    subset = []
    for example in training_examples():
        key = (example.lang, example.primary or NONE_LABEL)
        if example.lang in ("en", "de") and picked.get(key, 0) < 4:
            picked[key] = picked.get(key, 0) + 1
            subset.append(example)
    assert len(subset) == 2 * 6 * 4
    model, scores = trainer.train(subset, embed, subset[::3], steps=40)
    assert model.labels == (*FEEDBACK_CATEGORIES, NONE_LABEL)
    assert model.w_embed.shape == (16, 6) and model.mean.shape == (16,)
    assert model.ml_embed is not None and model.ml_embed.shape == (16, 5)
    assert model.w_hash.shape == (len(model.buckets), 6) and len(model.buckets) > 0
    assert model.data_hash == training_data_hash()
    assert model.info["examples_per_language_label"]["de/too_brief"] == 4
    assert scores["all"].n == len(subset[::3])
    texts = [e.text for e in subset[:5]]
    probs = model.probabilities(embed(texts), texts)
    assert probs.shape == (5, 6) and np.allclose(probs.sum(axis=1), 1.0)
    model.save(tmp_path / "tiny.npz")
    again = FeedbackModel.load(tmp_path / "tiny.npz")
    assert np.allclose(again.probabilities(embed(texts), texts), probs, atol=1e-3)
    custom = FeedbackClassifier(embed, model=again)
    assert len(custom.classify_many(texts)) == 5


def test_decontamination_drops_near_copies(trainer: ModuleType) -> None:
    examples = [FeedbackExample("en", text, ()) for text in
                ("Te kort.", "Veel te kort!", "Perfect, exactly what I needed. Thanks!!",
                 "An unrelated sentence about the weather in Lisbon.")]
    held = ["te kort", "Perfect, exactly what I needed. Thanks!"]
    kept, dropped = trainer.decontaminate(examples, held)
    assert [e.text for e in kept] == ["Veel te kort!",
                                      "An unrelated sentence about the weather in Lisbon."]
    assert dropped == 2


def test_training_data_covers_every_language_and_label() -> None:
    examples = training_examples()
    per: Counter[tuple[str, str]] = Counter((e.lang, e.primary or NONE_LABEL) for e in examples)
    assert {lang for lang, _ in per} == LANGUAGES
    for lang in LANGUAGES:
        for label in (*FEEDBACK_CATEGORIES, NONE_LABEL):
            assert per[(lang, label)] >= 60, (lang, label)
    two = Counter(e.lang for e in examples if len(e.labels) == 2)
    assert set(two) == LANGUAGES and min(two.values()) >= 30
    natural = sum(e.source != "template" for e in examples)
    assert natural > len(examples) / 2  # most examples are written, not templated
    assert all(e.labels[0] in FEEDBACK_CATEGORIES for e in examples if e.labels)


def test_written_training_texts_are_not_bench_texts() -> None:
    def plain(text: str) -> str:
        return re.sub(r"\W+", " ", text.lower()).strip()

    bench = {plain(item["text"]) for name in (*V2_FILES, *V3_FILES) for item in _read_v2(name)}
    written = [e for e in training_examples() if e.source != "template"]
    assert not {plain(e.text) for e in written} & bench


def test_v2_examples_file_still_loads() -> None:
    categories = load_feedback_categories()
    assert tuple(c.name for c in categories) == FEEDBACK_CATEGORIES
    assert all(c.adjustments for c in categories)
    assert len(load_not_feedback_examples()) >= 6


def test_custom_categories_and_rejection_class() -> None:
    cats = [FeedbackCategory("loud", {"en": ("too loud", "way too loud", "much too loud")},
                             {"verbosity": -0.1}),
            FeedbackCategory("quiet", {"en": ("too quiet", "far too quiet", "much too quiet")},
                             {"verbosity": 0.1})]
    plain = FeedbackClassifier(_bag_embed, categories=cats, not_feedback={})
    assert plain.model is None
    result = plain.classify("loud loud")
    assert result.top == "loud" and result.not_feedback == 0.0
    assert sum(result.scores.values()) == pytest.approx(1.0)
    rejecting = FeedbackClassifier(_bag_embed, categories=cats,
                                   not_feedback={"en": ["hello there", "hello friend"]})
    assert rejecting.classify("hello").labels == ()
    assert rejecting.classify("much too quiet").top == "quiet"
    with pytest.raises(InvalidInputError, match="min_probability"):
        FeedbackClassifier(_bag_embed, categories=cats, min_probability=0.0)
