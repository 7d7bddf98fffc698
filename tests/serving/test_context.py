"""Context assembly (M6) and progressive disclosure (M7) on a real Memory."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from lucidmem import InvalidInputError, Memory
from lucidmem.embedding import E5Embedder
from lucidmem.serving import default_counter
from lucidmem.serving.context_api import hedge
from lucidmem.store.base import Record

TURNS = [
    ("user", "I moved to Lisbon in March for a job at a hospital"),
    ("assistant", "Congratulations! How are you finding Lisbon so far?"),
    ("user", "I love it, the pastel de nata at the corner cafe is amazing every morning"),
    ("assistant", "That sounds wonderful. Do you cook Portuguese food at home too?"),
    ("user", "Not yet, my sister Ana is the cook in our family, she is a chef in Porto"),
    ("assistant", "Maybe Ana can teach you a few recipes next time you visit."),
]


@pytest.fixture
def filled(memory: Memory) -> Memory:
    now = memory.now()
    for i, (role, text) in enumerate(TURNS):
        memory.add([{"role": role, "content": text}], user_id="maya", conversation_id="c1",
                   timestamp=now - 600 + 60 * i)
    for i in range(30):
        memory.add(f"filler note number {i} about gardening and tomatoes", user_id="maya",
                   conversation_id="c2", timestamp=now - 7200 + i)
    return memory


class MetadataFacts(Memory):
    """Facts known only through item metadata (no ``Memory.fact`` lookup)."""

    fact = None  # type: ignore[assignment]


def _fact(memory: Memory, text: str, **metadata: object) -> str:
    store = memory.store()
    now = memory.now()
    record = Record(id=uuid.uuid4().hex, kind="fact", user_id="maya", text=text, layer=1,
                    occurred_at=now, created_at=now, updated_at=now,
                    data={"metadata": metadata},
                    embedding=memory.embedder.embed_passages([text])[0])
    memory._write(None, store, "maya", [record])
    return record.id


@pytest.mark.parametrize("budget", [64, 150, 400, 1500])
def test_context_stays_within_budget_with_per_part_counts(filled: Memory, budget: int) -> None:
    ctx = filled.context("maya", "what does my sister Ana do?", token_budget=budget)
    counter = default_counter()
    assert ctx.total_tokens == counter.count(ctx.prompt) <= budget
    assert [p.name for p in ctx.parts] == ["skill", "profile", "working_memory", "facts",
                                           "memories"]
    for part in ctx.parts:
        assert part.ms >= 0
        assert part.tokens == (counter.count(part.title + "\n" + "\n".join(
            e.text for e in part.entries)) if part.entries else 0)
    assert sum(p.tokens for p in ctx.parts) <= budget + 8  # seams tokenise a little apart


def test_context_has_recent_turns_and_relevant_memories(filled: Memory) -> None:
    ctx = filled.context("maya", "what does my sister Ana do?", token_budget=1500)
    parts = {p.name: p for p in ctx.parts}
    assert "chef in Porto" in ctx.prompt
    assert parts["working_memory"].entries and parts["memories"].entries
    recent = [e.text for e in parts["working_memory"].entries]
    assert recent[-1].startswith("assistant: Maybe Ana")  # chronological, newest last
    assert parts["skill"].entries  # default skill guidance while learning is off
    assert parts["profile"].note and not parts["profile"].entries


def test_facts_are_hedged_and_secrets_never_shown(tmp_path: Path, embedder: E5Embedder) -> None:
    filled = MetadataFacts(tmp_path / "m", embedder=embedder)
    _fact(filled, "Ana works as a chef in Porto", confidence=0.65)
    _fact(filled, "Ana is a chef", band="confirmed", confidence=0.95)
    _fact(filled, "Ana's chef password is hunter2", privacy="secret", confidence=0.99)
    ctx = filled.context("maya", "what is Ana's job as a chef?", token_budget=1500)
    facts = next(p for p in ctx.parts if p.name == "facts").entries
    texts = [e.text for e in facts]
    assert "- [likely 0.65] Ana works as a chef in Porto" in texts
    assert "- [confirmed 0.95] Ana is a chef" in texts
    assert "hunter2" not in ctx.prompt
    assert hedge(0.3, None) == "unsure" and hedge(None, None) is None
    filled.close()


def test_extracted_facts_are_hedged_by_their_band(filled: Memory) -> None:
    ctx = filled.context("maya", "what does my sister Ana do?", token_budget=1500)
    shown = next(p for p in ctx.parts if p.name == "facts").entries
    for entry in shown:  # whatever the extractor found, each line carries its band
        assert entry.band and entry.text.startswith(f"- [{entry.band} ")
        assert entry.confidence is not None


def test_context_rejects_bad_input(memory: Memory) -> None:
    with pytest.raises(InvalidInputError):
        memory.context("maya", "   ")
    with pytest.raises(InvalidInputError):
        memory.context("maya", "hi", token_budget=5)
    assert memory.context("maya", "hello?").total_tokens >= 0  # empty memory is fine


def test_disclosure_layers_have_their_token_sizes(filled: Memory) -> None:
    search = filled.get_memories("maya", "search", query="sister chef Porto", k=8)
    assert len(search.results) == 8
    assert all(r.tokens <= 60 for r in search.results)  # ~50, the id costs ~32 of it
    assert search.total_tokens == sum(r.tokens for r in search.results)
    top = next(i for i in filled.get_all(user_id="maya", kinds=["turn"], limit=1000)
               if "chef" in i.text)
    timeline = filled.get_memories("maya", "timeline", ids=[top.id])
    entry = timeline.results[0]
    assert entry.tokens <= 230 and entry.neighbours
    assert "> user: Not yet, my sister Ana" in entry.rendered
    assert {n.position for n in entry.neighbours} == {"before", "after"}
    detail = filled.get_memories("maya", "detail", ids=[top.id, "missing-id"])
    assert detail.results[0].item is not None and detail.results[0].item.id == top.id
    assert detail.missing == ["missing-id"]
    assert detail.results[0].tokens > entry.tokens / 2
    assert search.results[0].tokens < detail.results[0].tokens


def test_disclosure_is_scoped_to_the_user(filled: Memory) -> None:
    item = filled.get_all(user_id="maya", limit=1)[0]
    other = filled.get_memories("sam", "detail", ids=[item.id])
    assert other.results == [] and other.missing == [item.id]
    with pytest.raises(InvalidInputError):
        filled.get_memories("maya", "search")
    with pytest.raises(InvalidInputError):
        filled.get_memories("maya", "everything", query="x")  # type: ignore[arg-type]


def test_token_counter_counts_and_truncates() -> None:
    counter = default_counter()
    assert counter.count("") == 0 and counter.count("Hello world") == 2
    text = "The quick brown fox jumps over the lazy dog " * 10
    cut = counter.truncate(text, 12)
    assert counter.count(cut) <= 12 and cut.endswith("…")
    assert counter.truncate("short", 10) == "short"
    assert counter.count(counter.truncate("x" * 5000, 7)) <= 7
