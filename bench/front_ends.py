"""What each way in costs: the same add and search through ``Memory``, ``AsyncMemory``
(one task at a time, then N concurrent tasks) and ``Client`` over a real uvicorn server on
the loopback interface.

Prints the median and p95 per call and, for the concurrent run, the wall time. Figures are
noisy on a shared machine: run it twice and compare back to back.

    python bench/front_ends.py                 # 40 calls each, 8 concurrent tasks
    python bench/front_ends.py --calls 100 --tasks 16
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import uvicorn

from lucidmem import AsyncMemory, Client, Memory
from lucidmem.aio import DEFAULT_WORKERS
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.embedding import E5Embedder

KEY = "bench-key-0123456789"
WORDS = ["violin", "cello", "oboe", "flute", "harp", "tuba", "banjo", "organ", "piano"]


def timed(calls: int, fn: Callable[[int], object]) -> list[float]:
    out = []
    for i in range(calls):
        started = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - started) * 1000)
    return out


def line(name: str, ms: list[float]) -> str:
    p95 = sorted(ms)[max(0, int(len(ms) * 0.95) - 1)]
    return f"{name:<34} median {statistics.median(ms):7.2f} ms   p95 {p95:7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=40)
    parser.add_argument("--tasks", type=int, default=8)
    args = parser.parse_args()
    embedder = E5Embedder()
    with tempfile.TemporaryDirectory() as tmp:
        memory = Memory(Path(tmp), embedder=embedder)
        text = "the {} lesson moved to Tuesday, call {}"
        memory.add("warm up", user_id="maya")
        print(line("Memory.add", timed(args.calls, lambda i: memory.add(
            text.format(WORDS[i % 9], i), user_id="maya"))))
        print(line("Memory.search", timed(args.calls, lambda i: memory.search(
            WORDS[i % 9], user_id="maya"))))

        amemory = AsyncMemory(memory=memory)

        async def one_at_a_time(call: Callable[[int], object]) -> list[float]:
            out = []
            for i in range(args.calls):
                started = time.perf_counter()
                await call(i)  # type: ignore[misc]
                out.append((time.perf_counter() - started) * 1000)
            return out

        print(line("AsyncMemory.add", asyncio.run(one_at_a_time(lambda i: amemory.add(
            text.format(WORDS[i % 9], i), user_id="maya")))))
        print(line("AsyncMemory.search", asyncio.run(one_at_a_time(
            lambda i: amemory.search(WORDS[i % 9], user_id="maya")))))

        async def concurrent() -> float:
            started = time.perf_counter()
            await asyncio.gather(*(amemory.search(WORDS[i % 9], user_id="maya")
                                   for i in range(args.calls)))
            return (time.perf_counter() - started) * 1000

        serial = sum(timed(args.calls, lambda i: memory.search(WORDS[i % 9], user_id="maya")))
        wall = asyncio.run(concurrent())
        print(f"{args.calls} searches: one after another {serial:.0f} ms, "
              f"gathered on AsyncMemory ({DEFAULT_WORKERS} threads) "
              f"{wall:.0f} ms")

        app = create_app(memory, settings=ServerSettings(write_rate=10_000, write_burst=10_000),
                         keys=KeyRing(None, {"maya": KEY}))
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0,
                                               log_level="warning", lifespan="off"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        with Client(f"http://127.0.0.1:{port}", api_key=KEY) as client:
            client.add("warm up", user_id="maya")
            print(line("Client.add (HTTP, loopback)", timed(args.calls, lambda i: client.add(
                text.format(WORDS[i % 9], i), user_id="maya"))))
            print(line("Client.search (HTTP, loopback)", timed(args.calls, lambda i:
                                                               client.search(WORDS[i % 9],
                                                                             user_id="maya"))))
        server.should_exit = True
        thread.join()
        memory.close()


if __name__ == "__main__":
    main()
