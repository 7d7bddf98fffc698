"""Context assembly (M6) and progressive disclosure (M7) on a real Memory."""

from __future__ import annotations

import pytest

from lucidmem import InvalidInputError, Memory
from lucidmem.facts.decay import ConfidenceBand
from lucidmem.facts.model import PrivacyLevel
from lucidmem.facts.records import Fact
from lucidmem.serving import default_counter
from lucidmem.serving.context import describe_style, fact_line

TURNS = [
    ("user", "I moved to Lisbon in March for a job at a hospital"),
    ("assistant", "Congratulations! How are you finding Lisbon so far?"),
    ("user", "I love it, the pastel de nata at the corner cafe is amazing every morning"),
    ("assistant", "That sounds wonderful. Do you cook Portuguese food at home too?"),
    ("user", "Not yet, my sister Ana is the cook in our family, she is a chef in Porto"),
    ("assistant", "Maybe Ana can teach you a few recipes next time you visit."),
]

SAID = "2025-03-03T18:00:00Z"
FACT_FIELDS = {
    "id": "f1", "user_id": "maya", "status": "active", "text": "The user lives in Lisbon",
    "subject": "user", "predicate": "lives_in", "object": "Lisbon",
    "category": "biographical", "subcategory": "biographical.personal", "confidence": 0.9,
    "base_confidence": 0.9, "band": "use_freely", "emotional_intensity": 0.3,
    "privacy": "private", "valid_from": SAID, "recorded_at": SAID, "last_reinforced": SAID,
    "created_at": SAID, "updated_at": SAID,
}


@pytest.fixture
def filled(memory: Memory) -> Memory:
    now = memory.kernel.now()
    for i, (role, text) in enumerate(TURNS):
        memory.add([{"role": role, "content": text}], user_id="maya", conversation_id="c1",
                   timestamp=now - 600 + 60 * i)
    for i in range(30):
        memory.add(f"filler note number {i} about gardening and tomatoes", user_id="maya",
                   conversation_id="c2", timestamp=now - 7200 + i)
    return memory


@pytest.mark.parametrize("budget", [64, 150, 400, 1500])
def test_context_stays_within_budget_with_per_part_counts(filled: Memory, budget: int) -> None:
    ctx = filled.build_context("what does my sister Ana do?", user_id="maya",
                               token_budget=budget)
    counter = default_counter()
    assert ctx.total_tokens == counter.count(ctx.prompt) <= budget
    assert [p.name for p in ctx.parts] == ["skill", "profile", "working_memory", "facts",
                                           "memories"]
    for part in ctx.parts:
        assert part.tokens == (counter.count(part.title + "\n" + "\n".join(
            e.text for e in part.entries)) if part.entries else 0)
    assert sum(p.tokens for p in ctx.parts) <= budget + 8  # seams tokenise a little apart


def test_context_has_recent_turns_and_relevant_memories(filled: Memory) -> None:
    ctx = filled.build_context("what does my sister Ana do?", user_id="maya", token_budget=1500)
    parts = {p.name: p for p in ctx.parts}
    assert "chef in Porto" in ctx.prompt
    assert parts["working_memory"].entries and parts["memories"].entries
    recent = [e.text for e in parts["working_memory"].entries]
    assert recent[-1].startswith("assistant: Maybe Ana")  # chronological, newest last
    assert parts["skill"].entries  # default skill guidance while learning is off
    assert ctx.skill_id and ctx.selection_id is None  # nothing to rate before opting in


def test_profile_part_renders_what_was_learned(filled: Memory) -> None:
    """The profile part used to be always empty (it looked for a method nobody had)."""
    before = filled.build_context("any tips?", user_id="maya")
    assert not next(p for p in before.parts if p.name == "profile").entries
    filled.skills.enable(user_id="maya")
    for _ in range(6):
        ctx = filled.build_context("Why does my Python script throw a KeyError?",
                                   user_id="maya")
        assert ctx.selection_id is not None
        filled.skills.feedback(ctx.selection_id, user_id="maya", reward=-1,
                               reason="too_verbose")
    for _ in range(3):
        filled.agents.outcomes.record(user_id="maya", suggestion_type="reduce_source",
                                      outcome="rejected")
    ctx = filled.build_context("any tips?", user_id="maya")
    profile = [e.text for e in next(p for p in ctx.parts if p.name == "profile").entries]
    assert any(line.startswith("- Prefers ") and "concise" in line for line in profile)
    assert "- Has never accepted suggestions to reduce source." in profile
    assert "## About the user" in ctx.prompt


def test_compiled_agent_behaviour_joins_the_skill_part(filled: Memory) -> None:
    filled.agents.register("mentor", owner_id="owner", name="Mentor",
                           description="A patient study coach.")
    ctx = filled.build_context("help me plan my week", user_id="maya", agent_id="mentor")
    skill = [e.text for e in next(p for p in ctx.parts if p.name == "skill").entries]
    assert any(text.startswith("You are Mentor. A patient study coach.") for text in skill)
    unknown = filled.build_context("help me plan my week", user_id="maya", agent_id="nobody")
    assert "nobody" not in unknown.prompt  # the note stays out of the prompt


def test_fact_lines_speak_plainly() -> None:
    fact = Fact.model_validate(FACT_FIELDS)
    assert fact_line(fact) == "- The user lives in Lisbon (you said on 3 Mar 2025)"
    hedged = fact.model_copy(update={"band": ConfidenceBand.HEDGE})
    assert fact_line(hedged) == "- probably: The user lives in Lisbon (you said on 3 Mar 2025)"
    weak = fact.model_copy(update={"band": ConfidenceBand.ONLY_IF_RELEVANT})
    assert fact_line(weak) is not None and fact_line(weak).startswith("- possibly: ")
    assert fact_line(fact.model_copy(update={"band": ConfidenceBand.PRUNE_CANDIDATE})) is None
    assert fact_line(fact.model_copy(update={"privacy": PrivacyLevel.SECRET})) is None


def test_no_internal_notes_or_codes_reach_the_prompt(filled: Memory) -> None:
    ctx = filled.build_context("what does my sister Ana do?", user_id="maya")
    facts = next(p for p in ctx.parts if p.name == "facts").entries
    assert facts, "the extractor found facts about Ana"
    for entry in facts:
        assert entry.band and entry.confidence is not None  # structured, for callers
        assert "[" not in entry.text and "you said on" in entry.text
    for part in ctx.parts:
        if part.note:
            assert part.note not in ctx.prompt
    assert "Memory has no" not in ctx.prompt and "band" not in ctx.prompt


def test_describe_style_names_the_strongest_dimensions() -> None:
    assert describe_style([]) is None
    assert describe_style([{"verbosity": 0.6, "formality": 0.45}]) is None
    assert describe_style([{"verbosity": 0.1, "formality": 0.9},
                           {"verbosity": 0.3, "formality": 0.8}]) == (
        "Prefers formal, concise replies.")  # formality is further from neutral


def test_context_rejects_bad_input(memory: Memory) -> None:
    with pytest.raises(InvalidInputError):
        memory.build_context("   ", user_id="maya")
    with pytest.raises(InvalidInputError):
        memory.build_context("hi", user_id="maya", token_budget=5)
    with pytest.raises(InvalidInputError):
        memory.build_context("hi", user_id="../x")
    empty = memory.build_context("hello?", user_id="maya")
    assert [p.name for p in empty.parts if p.entries] == ["skill"]  # empty memory is fine


def test_disclosure_layers_have_their_token_sizes(filled: Memory) -> None:
    search = filled.disclose("search", user_id="maya", query="sister chef Porto", limit=8)
    assert len(search.results) == 8
    assert all(r.tokens <= 60 for r in search.results)  # ~50, the id costs ~32 of it
    assert search.total_tokens == sum(r.tokens for r in search.results)
    top = next(i for i in filled.get_all(user_id="maya", kinds=["turn"], limit=1000)
               if "chef" in i.text)
    timeline = filled.disclose("timeline", user_id="maya", ids=[top.id])
    entry = timeline.results[0]
    assert entry.tokens <= 230 and entry.neighbours
    assert "> user: Not yet, my sister Ana" in entry.rendered
    assert {n.position for n in entry.neighbours} == {"before", "after"}
    detail = filled.disclose("detail", user_id="maya", ids=[top.id, "missing-id"])
    assert detail.results[0].item is not None and detail.results[0].item.id == top.id
    assert detail.missing == ["missing-id"]
    assert detail.results[0].tokens > entry.tokens / 2
    assert search.results[0].tokens < detail.results[0].tokens


def test_disclosure_is_scoped_to_the_user(filled: Memory) -> None:
    item = filled.get_all(user_id="maya", limit=1)[0]
    other = filled.disclose("detail", user_id="sam", ids=[item.id])
    assert other.results == [] and other.missing == [item.id]
    with pytest.raises(InvalidInputError):
        filled.disclose("search", user_id="maya")
    with pytest.raises(InvalidInputError):
        filled.disclose("everything", user_id="maya", query="x")  # type: ignore[arg-type]


def test_token_counter_counts_and_truncates() -> None:
    counter = default_counter()
    assert counter.count("") == 0 and counter.count("Hello world") == 2
    text = "The quick brown fox jumps over the lazy dog " * 10
    cut = counter.truncate(text, 12)
    assert counter.count(cut) <= 12 and cut.endswith("…")
    assert counter.truncate("short", 10) == "short"
    assert counter.count(counter.truncate("x" * 5000, 7)) <= 7
