"""The indexer's small formulas: retry backoff, how texts are split into embedder calls,
which queued jobs a round may take."""

from __future__ import annotations

from lucidmem.indexing import call_spans, retry_delay, runnable_jobs
from lucidmem.store.base import EmbeddingJob


def test_retry_delay_doubles_and_is_capped() -> None:
    assert [retry_delay(n) for n in (1, 2, 3, 4)] == [2.0, 4.0, 8.0, 16.0]
    assert retry_delay(30) == 300.0


def test_call_spans_bound_the_characters_per_call() -> None:
    assert call_spans([]) == []
    assert call_spans([100] * 5, budget=250) == [(0, 2), (2, 4), (4, 5)]
    assert call_spans([5000, 10, 10], budget=2000) == [(0, 1), (1, 3)]  # a long text alone
    assert call_spans([10, 5000], budget=2000) == [(0, 1), (1, 2)]



def test_runnable_jobs_stop_at_a_users_first_held_job() -> None:
    queued = [EmbeddingJob("a", "a1", 0), EmbeddingJob("b", "b1", 0), EmbeddingJob("a", "a2", 0),
              EmbeddingJob("b", "b2", 0), EmbeddingJob("a", "a3", 0)]
    assert runnable_jobs(queued, set()) == queued
    # a2 is still being added: a3 (after it) waits too; user b is not affected
    assert [j.record_id for j in runnable_jobs(queued, {"a2"})] == ["a1", "b1", "b2"]
    assert [j.record_id for j in runnable_jobs(queued, {"a1", "b2"})] == ["b1"]
