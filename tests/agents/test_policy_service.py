"""Policies on real storage: versions, rollback, bounds, learning, pause, compiler, registry."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lucidmem import InvalidInputError, Memory, NotFoundError, Settings
from lucidmem.agents.capability import Agents
from lucidmem.agents.compiler import PhraseRule
from lucidmem.agents.events import AGENT_ALERT, Event
from lucidmem.embedding import E5Embedder

from .conftest import Clock


def _rate(memory: Memory, agent: str, n: int, *, thumbs: int, trait: str, start: int = 0,
          user: str = "maya") -> None:
    for i in range(start, start + n):
        memory.agents.submit_feedback(user_id=user, agent_id=agent, source_id=f"m{i}",
                                      thumbs=thumbs, traits=[trait])


def test_rewarded_traits_move_the_policy(memory: Memory, agent: str) -> None:
    before = memory.agents.policy.get(agent)
    _rate(memory, agent, 10, thumbs=1, trait="humor")
    _rate(memory, agent, 10, thumbs=-1, trait="directness", start=10)
    after = memory.agents.policy.get(agent)
    assert after.version > before.version
    assert after.traits["humor"] > before.traits["humor"]
    assert after.traits["directness"] < before.traits["directness"]
    history = memory.agents.policy.history(agent)
    assert [v.policy.version for v in history] == list(range(1, after.version + 1))
    assert history[-1].reason == "feedback" and "traits" in history[-1].deltas


def test_rollback_is_a_new_version(memory: Memory, agent: str) -> None:
    _rate(memory, agent, 10, thumbs=1, trait="humor")
    current = memory.agents.policy.get(agent)
    restored = memory.agents.policy.rollback(agent, 1)
    assert restored.version == current.version + 1
    assert dict(restored.traits) == dict(memory.agents.policy.get(agent, version=1).traits)
    assert memory.agents.policy.get(agent) == restored
    with pytest.raises(NotFoundError):
        memory.agents.policy.rollback(agent, 99)


def test_safety_bounds_hold_for_edits(memory: Memory, agent: str) -> None:
    policy = memory.agents.policy.set(agent, traits={"sarcasm": 0.9, "empathy": 0.0})
    assert policy.traits["sarcasm"] == 0.2  # support agents: sarcasm <= 0.2
    assert policy.traits["empathy"] == 0.3  # empathy never below 0.3
    with pytest.raises(InvalidInputError):
        memory.agents.policy.set(agent, traits={"humor": 1.5})


def test_learning_pauses_after_seven_negative_days(memory: Memory, agent: str,
                                                   clock: Clock) -> None:
    alerts: list[Event] = []
    memory.agents.events.subscribe(AGENT_ALERT, alerts.append)
    for day in range(9):
        _rate(memory, agent, 2, thumbs=-1, trait="humor", start=day * 10)
        clock.advance(days=1)
    _rate(memory, agent, 10, thumbs=-1, trait="humor", start=500)
    state = memory.agents.projections(agent)
    assert state.learning.paused
    assert [a.payload["alert"] for a in alerts] == ["learning_paused"]
    assert alerts[0].payload["owner_id"] == "owner"
    version = memory.agents.policy.get(agent).version
    _rate(memory, agent, 20, thumbs=-1, trait="humor", start=900)
    assert memory.agents.policy.get(agent).version == version  # no updates while paused


def test_compile_uses_stored_editable_rules(memory: Memory, agent: str) -> None:
    policy = memory.agents.policy
    profile = policy.compile(agent, draw=0.0)
    assert profile.system_prompt.startswith("You are Mentor.")
    assert "Be very empathetic" in profile.system_prompt
    policy.set_phrase_rules([PhraseRule(trait="empathy", low=0.0, high=1.0,
                                        phrase="Always say hello first.")])
    edited = policy.compile(agent, draw=0.0)
    assert edited.system_prompt.endswith("- Always say hello first.")
    policy.set_phrase_rules([PhraseRule(trait="humor", low=0.0, high=1.0,
                                        phrase="Agent-only rule.")], agent_id=agent)
    assert "Agent-only rule." in policy.compile(agent, draw=0.0).system_prompt
    policy.set_phrase_rules(None, agent_id=agent)
    policy.set_phrase_rules(None)
    assert policy.compile(agent, draw=0.0) == profile
    with pytest.raises(InvalidInputError):
        policy.set_phrase_rules([PhraseRule(trait="humor", low=0.8, high=0.2, phrase="bad range")])
    with pytest.raises(InvalidInputError, match=r"rules\[1\]\.low"):  # dicts are rules too
        policy.set_phrase_rules([{"trait": "humor", "low": 0.0, "high": 1.0, "phrase": "ok"},
                                 {"trait": "humor", "low": "x", "high": 1.0, "phrase": "p"}])


def test_changed_policy_changes_prompt_and_params(memory: Memory, agent: str) -> None:
    before = memory.agents.policy.compile(agent, draw=0.0)
    memory.agents.policy.set(agent, traits={"brevity": 0.9, "humor": 0.9}, epsilon=0.2)
    after = memory.agents.policy.compile(agent, draw=0.0)
    assert after.system_prompt != before.system_prompt
    assert "Prefer concise answers" in after.system_prompt
    assert after.llm_params.max_tokens == 150 + 20
    assert after.llm_params.temperature == pytest.approx(0.44)
    assert after.policy_version == before.policy_version + 1


def test_model_choice_comes_from_the_registry(memory: Memory, agent: str) -> None:
    assert not memory.agents.policy.compile(agent, draw=0.0).model.use_fine_tuned
    memory.agents.training.register_model(agent, "ft:mentor-v1", provider="openai")
    v2 = memory.agents.training.register_model(agent, "ft:mentor-v2", provider="openai")
    assert memory.agents.policy.compile(agent, draw=0.0).model.model_id == "ft:mentor-v2"
    memory.agents.training.rollback_model(agent, 1)
    model = memory.agents.policy.compile(agent, draw=0.0).model
    assert model.use_fine_tuned and model.model_id == "ft:mentor-v1"
    assert [(m.version, m.serving) for m in memory.agents.training.models(agent)] == [
        (1, True), (2, False)]
    assert (v2.version, v2.model_id, v2.serving) == (2, "ft:mentor-v2", True)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(traits=st.dictionaries(st.sampled_from(["humor", "empathy", "sarcasm", "brevity",
                                               "formality", "curiosity", "directness"]),
                              st.floats(0, 1), min_size=1),
       epsilon=st.floats(0, 0.3), group=st.integers(1, 30))
def test_every_bounded_policy_compiles(memory: Memory, agent: str, traits: dict[str, float],
                                       epsilon: float, group: int) -> None:
    policy = memory.agents.policy.set(agent, traits=traits, epsilon=epsilon)
    profile = memory.agents.policy.compile(agent, group_size=group, draw=0.5)
    assert profile.policy_version == policy.version
    assert 0.2 <= profile.llm_params.temperature <= 0.56
    assert 150 <= profile.llm_params.max_tokens <= 350
    assert profile.system_prompt.startswith("You are Mentor.")


def test_manual_update_runs_before_the_cadence(memory: Memory, agent: str) -> None:
    before = memory.agents.policy.get(agent)
    _rate(memory, agent, 5, thumbs=1, trait="humor")
    assert memory.agents.policy.get(agent) == before  # 5 feedback events < 10: not yet
    updated = memory.agents.policy.update(agent)
    assert updated.version == before.version + 1
    assert updated.traits["humor"] > before.traits["humor"]
    assert memory.agents.policy.history(agent)[-1].reason == "manual"


def test_update_cadence_is_a_constructor_parameter(memory: Memory, agent: str) -> None:
    eager = Agents(memory.kernel, policy_update_every=2)
    for i in range(2):
        eager.submit_feedback(user_id="maya", agent_id=agent, source_id=f"m{i}", thumbs=1,
                              traits=["humor"])
    assert eager.policy.get(agent).version == 2
    with pytest.raises(InvalidInputError):
        Agents(memory.kernel, policy_update_every=0)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_models_registered_at_once_from_two_processes_get_distinct_versions(
        backend: str, tmp_path: Path, embedder: E5Embedder,
        request: pytest.FixtureRequest) -> None:
    """Two Memory instances (as two processes would) register models of one agent at the
    same time: every registration keeps its own version, none overwrites another."""
    config = (Settings(store_url=request.getfixturevalue("postgres_url"))
              if backend == "postgres" else Settings())
    per_writer = 5
    with Memory(tmp_path, embedder=embedder, settings=config) as first, \
            Memory(tmp_path, embedder=embedder, settings=config) as second:
        first.agents.register("mentor", owner_id="owner", name="Mentor",
                              description="A warm study mentor.", role="support")

        def register(memory: Memory, name: str) -> None:
            for i in range(per_writer):
                memory.agents.training.register_model("mentor", f"ft:{name}-{i}",
                                                      provider="openai")

        threads = [threading.Thread(target=register, args=(m, n))
                   for m, n in ((first, "a"), (second, "b"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        models = first.agents.training.models("mentor")
    assert sorted(m.version for m in models) == list(range(1, 2 * per_writer + 1))
    assert len({m.model_id for m in models}) == 2 * per_writer
