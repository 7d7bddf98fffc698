"""One user's traces in every part of lucidmem, and a byte scan of a data directory (what a
copied disk would show): shared by the trust suite and the PostgreSQL erasure test."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lucidmem import Memory

#: Words that occur nowhere but in what the user said: a hit anywhere is their residue.
CANARIES = ("quokkaslushy", "marmaladeprism", "velvetgiraffe", "glimmerwombat", "tinselotter")
USER = "zoe.canary77"
OTHER = "bob.keeper42"
OTHER_WORDS = ("pistachiocomet", "saffronlantern")


@dataclass(frozen=True)
class Filled:
    dataset_id: str


def fill_every_part(memory: Memory, user: str = USER, *,
                    export_to: Path | None = None) -> Filled:
    """Turns, facts, working memory, skill feedback with text, agent feedback with texts
    and a session, a dataset, outcomes and the insights, outbox events — for ``user`` and
    for another user who must stay. The dataset and insights live in the store; with
    ``export_to`` they are also exported there as files (``datasets/``, ``insights.md``)."""
    memory.add([{"role": "user", "content": "I love quokkaslushy every morning in Lisbon"},
                {"role": "assistant", "content": "Noted, marmaladeprism it is"}],
               user_id=user, conversation_id="c1")
    memory.add("My sister Tinselotter lives in Porto", user_id=user)
    memory.add(f"I drink {OTHER_WORDS[0]} tea", user_id=OTHER)
    memory.skills.enable(user_id=user)
    selection = memory.skills.select("explain quokkaslushy", user_id=user)
    memory.skills.feedback(selection.id, user_id=user, reward=1,
                           free_text="velvetgiraffe answers are great")
    memory.agents.register("helper", owner_id="owner1", name="Helper")
    memory.agents.submit_feedback(
        user_id=user, agent_id="helper", source_id="msg-zoe", thumbs=1,
        text="glimmerwombat loved it", message="tell me about quokkaslushy please",
        response="marmaladeprism is the answer here")
    memory.agents.submit_feedback(
        user_id=OTHER, agent_id="helper", source_id="msg-bob", thumbs=1,
        message=f"what is {OTHER_WORDS[1]} exactly", response="a lantern made of saffron")
    memory.agents.record_session("helper", user_id=user, duration_seconds=42)
    dataset = memory.agents.training.build_dataset(
        "helper", min_examples=2, out_dir=None if export_to is None else export_to / "datasets")
    memory.agents.outcomes.record(user_id=user, suggestion_type="lunch", outcome="accepted",
                                  suggestion_value="quokkaslushy bowl")
    memory.agents.outcomes.record(user_id=OTHER, suggestion_type="lunch", outcome="rejected")
    memory.agents.outcomes.render_insights(None if export_to is None
                                           else export_to / "insights.md")
    return Filled(dataset.dataset_id)


def files_under(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


def residue(root: Path, words: tuple[str, ...]) -> dict[str, list[str]]:
    """File → the words found in its raw bytes (case-insensitive)."""
    found: dict[str, list[str]] = {}
    for path in files_under(root):
        data = path.read_bytes().lower()
        hits = [w for w in words if w.lower().encode() in data]
        if hits:
            found[str(path.relative_to(root))] = hits
    return found
