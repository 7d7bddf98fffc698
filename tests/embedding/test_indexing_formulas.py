"""The indexer's small formulas: retry backoff, how texts are split into embedder calls."""

from __future__ import annotations

from lucidmem.indexing import call_spans, retry_delay


def test_retry_delay_doubles_and_is_capped() -> None:
    assert [retry_delay(n) for n in (1, 2, 3, 4)] == [2.0, 4.0, 8.0, 16.0]
    assert retry_delay(30) == 300.0


def test_call_spans_bound_the_characters_per_call() -> None:
    assert call_spans([]) == []
    assert call_spans([100] * 5, budget=250) == [(0, 2), (2, 4), (4, 5)]
    assert call_spans([5000, 10, 10], budget=2000) == [(0, 1), (1, 3)]  # a long text alone
    assert call_spans([10, 5000], budget=2000) == [(0, 1), (1, 2)]

