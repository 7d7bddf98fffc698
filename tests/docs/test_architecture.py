"""docs/architecture.md lists every public method of every part of Memory: a method added
without a line in the one-page picture fails here."""

from __future__ import annotations

import re
from pathlib import Path

from lucidmem import Memory
from lucidmem.embedding import E5Embedder

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def test_every_public_method_of_every_part_is_documented(tmp_path: Path,
                                                         embedder: E5Embedder) -> None:
    names = re.findall(r"`([a-z_.]+)`", ARCHITECTURE.read_text(encoding="utf-8"))
    documented = {part for name in names for part in name.split(".")}
    with Memory(tmp_path, embedder=embedder) as memory:
        parts = {"memory": memory, "facts": memory.facts, "skills": memory.skills,
                 "skills.maintenance": memory.skills.maintenance, "agents": memory.agents,
                 "agents.policy": memory.agents.policy, "agents.training": memory.agents.training,
                 "agents.outcomes": memory.agents.outcomes, "sleep": memory.sleep}
        missing = {f"{part}.{name}" for part, obj in parts.items()
                   for name in dir(obj) if not name.startswith("_") and name not in documented}
    assert not missing, f"undocumented in docs/architecture.md: {sorted(missing)}"
