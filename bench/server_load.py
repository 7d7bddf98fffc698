"""Load on a real ``lucidmem serve`` (127.0.0.1 only): N clients for a bounded time.

Starts ``lucidmem serve`` on a free loopback port with a temporary data dir and
one API key per client, opts every client's user in to behaviour learning, then
each client loops add → search → context → select_skill → feedback until the
time is up. Prints throughput, p50/p95/p99 per endpoint and the error count
(any answer other than the expected 2xx).

    python bench/server_load.py                       # 4 clients, 60 s
    python bench/server_load.py --clients 8 --seconds 20
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict

import httpx

WORDS = ["coffee", "berlin", "sister", "vegan", "allergy", "peanut", "guitar", "trip",
         "lisbon", "nurse", "hospital", "cat", "jazz", "tea", "dentist", "morning"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def client_loop(base: str, key: str, until: float, seed: int,
                timings: dict[str, list[float]], errors: list[str],
                lock: threading.Lock) -> None:
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {key}"}

    def call(name: str, path: str, body: dict[str, object]) -> dict[str, object] | None:
        t0 = time.perf_counter()
        try:
            r = http.post(f"{base}{path}", json=body, headers=headers)
        except httpx.HTTPError as exc:
            with lock:
                errors.append(f"{name}: {exc!r}")
            return None
        elapsed = (time.perf_counter() - t0) * 1000
        with lock:
            timings[name].append(elapsed)
            if r.status_code >= 300:
                errors.append(f"{name}: {r.status_code} {r.text[:120]}")
                return None
        answer: dict[str, object] = r.json() if r.content and r.text[0] == "{" else {}
        return answer

    with httpx.Client(timeout=30) as http:
        call("enable", "/api/v1/behaviour/enable", {})
        while time.monotonic() < until:
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 16)))
            call("add", "/api/v1/memories", {"messages": [{"role": "user", "content": text}],
                                              "conversation_id": "load"})
            call("search", "/api/v1/memories/search", {"query": rng.choice(WORDS)})
            call("context", "/api/v1/context", {"message": text, "token_budget": 800,
                                                "conversation_id": "load"})
            selection = call("select_skill", "/api/v1/skills/select", {"message": text})
            if selection and isinstance(selection.get("id"), str):
                call("feedback", "/api/v1/memories/feedback",
                     {"message_id": selection["id"],
                      "skill_id": str(selection["skill"]["id"]),  # type: ignore[index]
                      "reward": rng.choice((-1, 0, 1, 1))})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    keys = {f"user{i}": f"bench-key-{i:04d}-0123456789" for i in range(args.clients)}
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "LUCIDMEM_API_USER_KEYS": json.dumps(keys),
               "LUCIDMEM_API_WRITE_RATE": "10000", "LUCIDMEM_API_WRITE_BURST": "10000",
               "LUCIDMEM_CONFIG": os.path.join(tmp, "none.toml")}
        server = subprocess.Popen(
            [sys.executable, "-c", "from lucidmem.cli import main; main()", "--data-dir", tmp,
             "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if server.poll() is not None or time.monotonic() > deadline:
                    print("the server did not start", file=sys.stderr)
                    return 2
                time.sleep(0.2)
            warm = {"Authorization": f"Bearer {next(iter(keys.values()))}"}
            warm_started = time.monotonic()  # first use loads the skill encoders
            for path, body in (("/api/v1/memories", {"messages": "warm up"}),
                               ("/api/v1/behaviour/enable", {}),
                               ("/api/v1/context", {"message": "warm up"})):
                httpx.post(f"{base}{path}", json=body, headers=warm, timeout=120)
            print(f"warm-up (first context: loads models) {time.monotonic() - warm_started:.1f} s")
            timings: dict[str, list[float]] = defaultdict(list)
            errors: list[str] = []
            lock = threading.Lock()
            started = time.monotonic()
            until = started + args.seconds
            threads = [threading.Thread(target=client_loop, args=(
                base, key, until, i, timings, errors, lock)) for i, key in
                enumerate(keys.values())]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.monotonic() - started
        finally:
            server.terminate()
            server.wait(timeout=30)
    total = sum(len(v) for v in timings.values())
    print(f"{args.clients} clients for {wall:.1f} s against lucidmem serve on 127.0.0.1: "
          f"{total} requests, {total / wall:.1f} req/s, errors {len(errors)}")
    for name in ("add", "search", "context", "select_skill", "feedback"):
        values = timings.get(name, [])
        print(f"  {name:>12}: n {len(values):5d}  p50 {pct(values, 0.5):7.1f} ms  "
              f"p95 {pct(values, 0.95):7.1f} ms  p99 {pct(values, 0.99):7.1f} ms")
    for line in errors[:5]:
        print("  error:", line)
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
