"""What a rate-limit check costs a request: in-process buckets against the PostgreSQL ones
every API worker shares.

    PYTHONPATH=src python bench/ratelimit.py [--takes 2000] [--processes 2]

Times ``take`` (the one call a served request makes) for one key, then has
``--processes`` processes take from one bucket at once and counts the grants (burst 500,
no refill: the total must be exactly 500). PostgreSQL is ``LUCIDMEM_STORE_URL``'s server,
else a private pgserver on this machine (loopback; a remote server adds its round trip).
Wall-clock on a shared machine: noisy.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lucidmem.api.ratelimit import TokenBuckets
from lucidmem.store.server_state import PostgresServerState
from scale_out import database

TAKER = """
import sys
from lucidmem.store.server_state import PostgresServerState
state = PostgresServerState(sys.argv[1])
print(sum(state.take("shared", 0.000001, 500) == 0.0 for _ in range(int(sys.argv[2]))))
"""


def timed(take: object, takes: int) -> tuple[float, float]:
    times = []
    for i in range(takes):
        started = time.perf_counter()
        take(f"read:key{i % 10}", 1e9, 1_000_000)  # type: ignore[operator]
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.95 * len(times)) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--takes", type=int, default=2000)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    p50, p95 = timed(TokenBuckets().take, args.takes)
    print(f"in-process take: p50 {p50:.4f} ms, p95 {p95:.4f} ms over {args.takes}")
    with database() as url:
        state = PostgresServerState(url)
        p50, p95 = timed(state.take, args.takes)
        print(f"PostgreSQL take: p50 {p50:.3f} ms, p95 {p95:.3f} ms over {args.takes}")
        state.close()
        each = 400
        children = [subprocess.Popen([sys.executable, "-c", TAKER, url, str(each)],
                                     stdout=subprocess.PIPE, text=True)
                    for _ in range(args.processes)]
        granted = sum(int(child.communicate()[0]) for child in children)
        print(f"{args.processes} processes x {each} takes from one bucket (burst 500): "
              f"granted={granted}")


if __name__ == "__main__":
    main()
