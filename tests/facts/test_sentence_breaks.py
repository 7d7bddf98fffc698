"""The sentence-break model for chat typed without stops: its features, where it may cut, the
"if" guard, and the shipped weights (lucidmem.facts.sentence_breaks, fitted by
lucidmem.facts.break_training)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from lucidmem.facts.break_training import HELD_OUT, fit, gaps_of, main
from lucidmem.facts.sentence_breaks import (
    MIN_WORDS,
    MODEL_FILE,
    BreakModel,
    break_model,
    gap_features,
    has_stops,
    open_gap,
    unstopped_sentences,
)

_BEFORE_I = BreakModel({"bias": -3.0, "r:i": 6.0})
"""A hand-made model: a sentence ends before "i" (logistic(3) = 0.95), nowhere else
(logistic(-3) = 0.05)."""


def test_gap_features_read_both_sides_of_the_gap() -> None:
    words = ["moved", "to", "Ghent", "last", "month"]
    features = gap_features(words, 1, "en")
    assert {"bias", "l:to", "r:ghent", "r2:last", "lr:to|ghent", "rr:ghent|last",
            "ll:moved|to", "L:en|to", "R:en|ghent", "rcap", "pos:1", "rem:2"} == set(features)
    assert gap_features(["am", "12", "juli"], 0, "de")[-1] == "rdig"


def test_a_capital_after_the_gap_is_read_against_the_writers_habit() -> None:
    assert "rcap" not in gap_features(["so", "I'm", "off"], 0, "en")  # "I" has it anywhere
    assert "cased:small" in gap_features(["Moved", "to", "ghent"], 0, "en")
    assert "cased:cap" in gap_features(["Moved", "to", "Ghent"], 1, "en")
    assert "cased" in gap_features(["So", "I", "went"], 0, "en")
    assert not [f for f in gap_features(["so", "i", "went"], 0, "en") if f.startswith("cased")]


def test_open_gaps_are_those_no_punctuation_already_reads() -> None:
    words = ["well,", "i", "moved", "-", "love", "it"]
    assert not open_gap(words, 0)  # a comma says what the gap is
    assert open_gap(words, 1)
    assert not open_gap(words, 2)  # the word after is a dash
    assert not open_gap(words, 5)  # no word after the last


def test_has_stops() -> None:
    assert has_stops("I moved. Love it")
    assert has_stops("love it!")
    assert not has_stops("i moved to 3.5 rooms love it")  # a decimal point is no stop
    assert not has_stops("moved to ghent? love it")


def test_a_sentence_is_cut_where_the_model_says_one_ends() -> None:
    said = "moved to ghent last month i love it here"
    pieces = unstopped_sentences(said, "en", model=_BEFORE_I)
    assert pieces == ["moved to ghent last month", "i love it here"]
    assert all(piece in said for piece in pieces)


def test_no_cut_leaves_a_single_word_or_a_short_sentence() -> None:
    assert unstopped_sentences("yes i love it here now", "en", model=_BEFORE_I) == [
        "yes i love it here now"]  # one word before the cut
    assert unstopped_sentences("we moved to ghent love it i", "en", model=_BEFORE_I) == [
        "we moved to ghent love it i"]  # one word after it
    assert unstopped_sentences("moved i love it", "en", model=_BEFORE_I) == ["moved i love it"]
    assert MIN_WORDS > 4  # "moved i love it" has four words
    assert unstopped_sentences("we moved i know i love it", "en", model=_BEFORE_I) == [
        "we moved", "i know", "i love it"]


def test_no_cut_after_a_single_word_set_off_by_a_comma() -> None:
    said = "we left for good, now i am at boots"
    assert unstopped_sentences(said, "en", model=_BEFORE_I) == [said]
    assert unstopped_sentences("we left for good now i am at boots", "en",
                               model=_BEFORE_I) == ["we left for good now", "i am at boots"]


def test_an_if_sentence_is_not_cut_before_its_second_clause() -> None:
    said = "if we won the lottery i would move to lisbon"
    assert unstopped_sentences(said, "en", model=_BEFORE_I) == [
        "if we won the lottery", "i would move to lisbon"]
    assert unstopped_sentences(said, "en", model=_BEFORE_I,
                               runs_on=lambda p: p.startswith("if ")) == [said]


def test_chinese_is_left_to_its_own_marks() -> None:
    assert unstopped_sentences("我 上个月 搬到 了 成都 i 很 喜欢", "zh", model=_BEFORE_I) == [
        "我 上个月 搬到 了 成都 i 很 喜欢"]


def test_training_labels_are_the_stops_taken_out() -> None:
    rows = list(gaps_of("I moved to Ghent. Love it, Dr. Peeters is nice!", "en"))
    labels = [label for _, label in rows]
    lefts = [next(f for f in features if f.startswith("l:")) for features, _ in rows]
    assert dict(zip(lefts, labels, strict=True)) == {
        "l:i": 0, "l:moved": 0, "l:to": 0, "l:ghent": 1, "l:love": 0, "l:dr": 0, "l:peeters": 0,
        "l:is": 0}  # "it," closes its gap with a comma; "Dr." is no end


def test_fitting_is_deterministic_and_learns_the_stops() -> None:
    rows = [row for _ in range(20) for text in ("we moved. i love it", "we moved to leeds")
            for row in gaps_of(text, "en")]
    first, second = fit(rows, min_count=1), fit(rows, min_count=1)
    assert first == second
    model = BreakModel(first)
    assert model.probability(["we", "moved", "i", "love"], 1, "en") > 0.5
    assert model.probability(["we", "moved", "to", "leeds"], 1, "en") < 0.5


def test_the_shipped_model_never_read_the_held_out_conversations() -> None:
    shipped = json.loads((resources.files("lucidmem.facts") / "data" / MODEL_FILE)
                         .read_text("utf-8"))
    assert "held-out batch left out" in shipped["source"]
    assert len(HELD_OUT) == 16
    model = break_model()
    assert model.weights == shipped["weights"]
    words = ["moved", "to", "ghent", "last", "month", "i", "love", "it", "here"]
    assert all(0.0 < model.probability(words, i, "en") < 1.0 for i in range(len(words) - 1))


@pytest.mark.parametrize("threshold", ["1", "0", "1.5"])
def test_a_threshold_outside_zero_to_one_is_refused(
        threshold: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--check", "--threshold", threshold])
    assert "--threshold must be between 0 and 1" in capsys.readouterr().err
