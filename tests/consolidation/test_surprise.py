"""TD-error surprise against hand-computed values.

Seed: ``seeds/nonlinear-importance-consolidation.md``, Part 3 and *Complete Integration*.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lucidmem.consolidation.surprise import (
    EARLY_SURPRISE,
    MAX_HISTORY,
    Message,
    SurpriseHistory,
    author_surprise,
    final_importance,
    length_surprise,
    observe,
    semantic_surprise,
    surprise,
    surprise_components,
    temporal_surprise,
)
from lucidmem.errors import InvalidInputError

# Five messages, 10 s apart. Lengths 11, 11, 11, 14, 13 (mean 12).
HISTORY = SurpriseHistory(
    (
        Message("hello there", 0.0, "alice"),
        Message("how are you", 10.0, "bob"),
        Message("fine thanks", 20.0, "alice"),
        Message("what about you", 30.0, "bob"),
        Message("all good here", 40.0, "alice"),
    )
)
# 14 characters, words {how, about, here}, 15 s after the last message, by bob.
NEW = Message("how about here", 55.0, "bob")


def test_semantic_component() -> None:
    # 1 - |A & B| / max(|A|, |B|) with A = {how, about, here} (3 words):
    # {hello, there} 1.0; {how, are, you} 1 - 1/3; {fine, thanks} 1.0;
    # {what, about, you} 1 - 1/3; {all, good, here} 1 - 1/3
    # mean = (1 + 2/3 + 1 + 2/3 + 2/3) / 5 = 4 / 5 = 0.8
    assert semantic_surprise(NEW, HISTORY) == pytest.approx(0.8)


def test_temporal_component() -> None:
    # gaps [10, 10, 10, 10] -> mean 10; current gap 55 - 40 = 15
    # |15 - 10| / (10 + 1) = 5 / 11 = 0.454545
    assert temporal_surprise(NEW, HISTORY) == pytest.approx(5 / 11)


def test_author_component() -> None:
    # bob wrote 2 of the last 5 -> 1 - 0.4 = 0.6; carol none -> 1.0
    assert author_surprise(NEW, HISTORY) == pytest.approx(0.6)
    assert author_surprise(Message("x", 50.0, "carol"), HISTORY) == 1.0


def test_length_component() -> None:
    # lengths 11, 11, 11, 14, 13: mean 12; squared deviations 1+1+1+4+1 = 8
    # population std = sqrt(8 / 5) = 1.264911; z = |14 - 12| / 2.264911 = 0.883037
    # min(1, z / 2) = 0.441518
    assert length_surprise(NEW, HISTORY) == pytest.approx(0.441518, abs=1e-6)


def test_total_surprise() -> None:
    # 0.4 * 0.8 + 0.2 * 0.454545 + 0.2 * 0.6 + 0.2 * 0.441518
    # = 0.32 + 0.090909 + 0.12 + 0.088304 = 0.619213
    parts = surprise_components(NEW, HISTORY)
    assert not parts.early
    assert parts.total == pytest.approx(0.619213, abs=1e-6)
    assert surprise(NEW, HISTORY) == parts.total


def test_saturated_components_cap_at_one() -> None:
    # gap 100 s: |100 - 10| / 11 = 8.18 -> 1.0; a 200-character text: z / 2 >> 1 -> 1.0
    loud = Message("zzz " * 50, 140.0, "carol")
    parts = surprise_components(loud, HISTORY)
    assert parts.temporal == 1.0
    assert parts.length == 1.0
    # semantic 1.0, author 1.0 -> total 0.4 + 0.2 + 0.2 + 0.2 = 1.0
    assert parts.total == pytest.approx(1.0)


def test_early_messages_are_surprising() -> None:
    # Seed: fewer than 5 known messages -> 0.8
    short = SurpriseHistory(HISTORY.messages[:4])
    assert surprise(NEW, short) == EARLY_SURPRISE == 0.8
    assert surprise_components(NEW, SurpriseHistory()).early


def test_observe_grows_history_unlike_the_seed() -> None:
    # The seed returns 0.8 before pushing, so its history never grows. Ours does.
    history = SurpriseHistory()
    scores = []
    for m in (*HISTORY.messages, NEW):
        s, history = observe(m, history)
        scores.append(s)
    assert scores[:5] == [0.8] * 5
    assert scores[5] == pytest.approx(0.619213, abs=1e-6)
    assert len(history) == 6


def test_history_is_capped() -> None:
    history = SurpriseHistory()
    for i in range(MAX_HISTORY + 7):
        history = history.append(Message(f"m{i}", float(i), "a"))
    assert len(history) == MAX_HISTORY == 50
    assert history.messages[0].text == "m7"
    assert len(SurpriseHistory(history.messages, max_size=3)) == 3


def test_author_counts_last_ten_only() -> None:
    msgs = tuple(Message("x", float(i), "carol" if i < 2 else "alice") for i in range(12))
    assert author_surprise(Message("y", 12.0, "carol"), SurpriseHistory(msgs)) == 1.0


def test_clock_going_backwards() -> None:
    # Negative gap counts as 0: |0 - 10| / 11 = 0.909091
    back = Message("how about here", 30.0, "bob")
    assert temporal_surprise(back, HISTORY) == pytest.approx(10 / 11)


def test_semantic_uses_embeddings_when_all_present() -> None:
    e = np.array([1.0, 0.0])
    msgs = tuple(Message(f"t{i}", float(i), "a", embedding=e) for i in range(5))
    history = SurpriseHistory(msgs)
    assert semantic_surprise(Message("other words", 5.0, "a", embedding=e), history) == 0.0
    orth = Message("t1", 5.0, "a", embedding=np.array([0.0, 1.0]))
    assert semantic_surprise(orth, history) == pytest.approx(1.0)
    # Without an embedding on the message, the seed's word overlap is used:
    # "t1" shares its only word with one of five -> (1 + 1 + 0 + 1 + 1) / 5 = 0.8
    assert semantic_surprise(Message("t1", 5.0, "a"), history) == pytest.approx(0.8)


def test_empty_texts_are_identical() -> None:
    msgs = tuple(Message("", float(i), "a") for i in range(5))
    assert semantic_surprise(Message("", 5.0, "a"), SurpriseHistory(msgs)) == 0.0


def test_final_importance() -> None:
    # importance * (1 + surprise)
    assert final_importance(0.5, 0.8) == pytest.approx(0.9)
    assert final_importance(0.341279, 0.0) == 0.341279
    assert final_importance(1.0, 1.0) == 2.0
    assert final_importance(0.0, 1.0) == 0.0  # surprise amplifies, never creates
    with pytest.raises(InvalidInputError, match="importance"):
        final_importance(1.2, 0.5)
    with pytest.raises(InvalidInputError, match="surprise"):
        final_importance(0.5, -0.1)


def test_bad_input() -> None:
    with pytest.raises(InvalidInputError, match="timestamp"):
        Message("x", float("nan"), "a")
    with pytest.raises(InvalidInputError, match="max_size"):
        SurpriseHistory(max_size=0)


@given(
    st.lists(
        st.tuples(st.text(max_size=40), st.floats(0, 1e6), st.sampled_from(["a", "b", "c"])),
        min_size=0,
        max_size=20,
    )
)
def test_surprise_is_bounded(rows: list[tuple[str, float, str]]) -> None:
    history = SurpriseHistory()
    for text, ts, author in rows:
        s, history = observe(Message(text, ts, author), history)
        assert 0.0 <= s <= 1.0
