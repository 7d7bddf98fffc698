"""No merge leaves its conflict markers in a tracked text file (one did, in
docs/benchmarks.md, and nothing noticed)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^(<{7}|>{7}) ", re.MULTILINE)
TEXT = (".py", ".md", ".toml", ".yaml", ".yml", ".json", ".txt", ".cfg", ".ini", ".sh")


def test_no_tracked_file_holds_a_conflict_marker() -> None:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    files = ([ROOT / f for f in listed.stdout.splitlines()] if listed.returncode == 0
             else [p for p in ROOT.rglob("*") if ".git" not in p.parts])
    marked = [str(p.relative_to(ROOT)) for p in files
              if p.suffix in TEXT and p.is_file()
              and MARKER.search(p.read_text(encoding="utf-8", errors="replace"))]
    assert marked == []
