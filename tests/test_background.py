"""The worker thread both background queues run on: rounds until stopped, woken early,
never killed by a round that raises, never started twice or after stopping."""

from __future__ import annotations

import threading

import pytest

from lucidmem.background import WorkerThread

LONG = 3600.0
"""An idle wait no test may sit out: only a wake (or stop) can end it."""


class Rounds:
    def __init__(self, busy: int = 0, fail_first: bool = False) -> None:
        self.count = 0
        self.busy = busy
        self.fail_first = fail_first
        self.reached = threading.Condition()

    def __call__(self) -> bool:
        with self.reached:
            self.count += 1
            self.reached.notify_all()
            if self.fail_first and self.count == 1:
                raise RuntimeError("a store closed under the round")
            return self.count <= self.busy

    def wait_for(self, n: int) -> bool:
        with self.reached:
            return self.reached.wait_for(lambda: self.count >= n, timeout=60)


def test_rounds_follow_each_other_while_there_is_work_then_wait_for_a_wake() -> None:
    rounds = Rounds(busy=3)
    worker = WorkerThread("test-worker", rounds, idle_poll=LONG)
    worker.start()
    try:
        assert rounds.wait_for(4)  # three busy rounds, then one that found nothing
        assert worker.running
        worker.wake()
        assert rounds.wait_for(5)  # the wake ran a round before the idle wait ended
    finally:
        worker.stop(60)
    assert not worker.running and worker.stopping


@pytest.mark.background_failure
def test_a_round_that_raises_does_not_end_the_thread() -> None:
    rounds = Rounds(fail_first=True)
    worker = WorkerThread("test-worker", rounds, idle_poll=LONG)
    worker.start()
    try:
        assert rounds.wait_for(1)
        worker.wake()
        assert rounds.wait_for(2)
        assert worker.running
    finally:
        worker.stop(60)


def test_a_stopped_worker_is_not_started_again() -> None:
    rounds = Rounds()
    worker = WorkerThread("test-worker", rounds, idle_poll=LONG)
    worker.stop(1)
    worker.start()
    assert not worker.running and rounds.count == 0
