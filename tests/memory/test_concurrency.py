"""Writers inside store transactions and concurrent searches must never deadlock.

Regression: the retriever used to call the store while holding its own lock, while a
writer inside a store transaction (the importer, behaviour learning) waited for that
lock: each thread held what the other needed.
"""

from __future__ import annotations

import threading
from pathlib import Path

from lucidmem import Memory
from lucidmem.embedding import E5Embedder


def test_transactional_writers_and_searchers_do_not_deadlock(
    tmp_path: Path, embedder: E5Embedder
) -> None:
    errors: list[BaseException] = []
    with Memory(tmp_path, embedder=embedder) as memory:
        memory.add("seed turn about the orchestra", user_id="maya")
        store = memory.kernel.store()

        def writer(n: int) -> None:
            try:
                for i in range(15):
                    with store.transaction():
                        memory.add(f"writer {n} turn {i} about violins", user_id="maya")
            except BaseException as exc:
                errors.append(exc)

        def searcher() -> None:
            try:
                for _ in range(30):
                    memory.search("violin orchestra", user_id="maya", limit=5)
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(2)]
        threads += [threading.Thread(target=searcher) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not any(t.is_alive() for t in threads), "threads deadlocked"
        assert errors == []
        assert len(memory.get_all(user_id="maya", limit=1000)) == 31
        assert memory.search("writer 1 turn 14", user_id="maya", limit=3)
