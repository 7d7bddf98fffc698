"""The process topology the deployment files describe, as the tests run it.

docker-compose.yml's services run exactly these commands (tests/deploy/test_compose.py
checks it); the scale-out tests start the same commands as local processes against the
PostgreSQL the tests already run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

COMMANDS: dict[str, list[str]] = {
    "migrate": ["lucidmem", "migrate"],
    "worker": ["lucidmem", "worker", "--concurrency", "2"],
    "api": ["lucidmem", "serve", "--host", "0.0.0.0", "--workers", "2"],
}
"""Service name → command line (``lucidmem`` is the installed script)."""

ENVIRONMENT: dict[str, str] = {"LUCIDMEM_BACKGROUND_WORK": "workers"}
"""Settings every service of the compose file has (beside the store URL and keys): the API
processes leave embedding and fact extraction to the workers."""


def start(command: list[str], env: dict[str, str], *extra: str) -> subprocess.Popen[bytes]:
    """``command`` (a :data:`COMMANDS` entry) as a process running this checkout's code."""
    assert command[0] == "lucidmem"
    child_env = {**os.environ, **ENVIRONMENT, **env,
                 "PYTHONPATH": os.pathsep.join([str(ROOT / "src"),
                                                os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, "-c", "from lucidmem.cli import main; main()", *command[1:], *extra],
        env=child_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
