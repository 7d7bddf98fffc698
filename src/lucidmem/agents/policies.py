"""``memory.agents.policy``: versioned agent policies with rollback, and the compiler (M20).

Every policy change — learning, an owner's edit, a rollback — writes a new ``agent_policy``
record (one per version, never overwritten) and moves the ``agent_policy_current`` pointer; a
rollback to version *v* is a new version with *v*'s values, so the history stays complete.

The compiler's trait → phrase rules are data in the store (``phrase_rules``): a global rule set
(the built-in defaults until edited) and optional per-agent overrides, changed with
:meth:`Policies.set_phrase_rules`. The model comes from the model registry: the serving
fine-tuned model when one is ready, else the agent's base model.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from lucidmem.agents.base import AgentStore
from lucidmem.agents.compiler import (
    DEFAULT_PHRASE_RULES,
    BehaviourCompiler,
    CompiledBehaviour,
    FineTunedModel,
    MessageContext,
    ModelStatus,
    PhraseRule,
    conversation_kind,
    validate_rules,
)
from lucidmem.agents.events import AGENT_POLICY_UPDATED
from lucidmem.agents.learning import Learner
from lucidmem.agents.policy import AgentPolicy, clamp_policy
from lucidmem.agents.records import AGENTS_PARTITION, partition, policy_from_data
from lucidmem.clock import from_epoch
from lucidmem.errors import InvalidInputError
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, new_record, stable_id
from lucidmem.store.base import Query

__all__ = ["Policies", "PolicyVersion"]


class PolicyVersion(BaseModel):
    """One stored policy version with why it was made and what moved."""

    model_config = ConfigDict(frozen=True)

    policy: AgentPolicy
    reason: str
    deltas: dict[str, Any]
    created_at: datetime


class Policies:
    """An agent's policy: read, edit, update, roll back; phrase rules; ``compile``.

    Contract: every change is a new version (the history is never rewritten) and is clamped
    into the agent's safety bounds; ``compile`` is deterministic for the same stored state and
    ``draw``. Unknown agents raise :class:`~lucidmem.errors.NotFoundError`.
    """

    def __init__(self, kernel: Kernel, agents: AgentStore, learner: Learner) -> None:
        self._kernel = kernel
        self._agents = agents
        self._learner = learner

    def get(self, agent_id: str, *, version: int | None = None,
            context: str | None = None) -> AgentPolicy:
        """The agent's current policy (or one past ``version``)."""
        return self._agents.policy(self._kernel.store(context), agent_id, version)

    def history(self, agent_id: str, *, context: str | None = None) -> list[PolicyVersion]:
        """Every policy version of the agent, oldest first."""
        store = self._kernel.store(context)
        self._agents.agent(store, agent_id)
        found = store.find(Query(user_id=partition(agent_id), kinds=[Kind.AGENT_POLICY],
                                 order_by="created_at"))
        versions = [PolicyVersion(policy=policy_from_data(r.data["policy"]),
                                  reason=r.data["reason"], deltas=r.data.get("deltas", {}),
                                  created_at=from_epoch(r.created_at))
                    for r in found]
        return sorted(versions, key=lambda v: v.policy.version)

    def set(
        self, agent_id: str, *, traits: Mapping[str, float] | None = None,
        epsilon: float | None = None, reason: str = "edited", updated_by: str = "owner",
        context: str | None = None,
    ) -> AgentPolicy:
        """Change traits (merged) and/or ε; the result is clamped into the safety bounds."""
        store = self._kernel.store(context)
        info = self._agents.agent(store, agent_id)
        current = self._agents.policy(store, agent_id)
        merged = {**current.traits, **dict(traits or {})}
        candidate = AgentPolicy(traits=merged, actions=current.actions,
                                epsilon=current.epsilon if epsilon is None else epsilon,
                                version=current.version + 1, updated_by=updated_by)
        return self._save(agent_id, clamp_policy(candidate, info.bounds), reason, context)

    def rollback(self, agent_id: str, version: int, *,
                 context: str | None = None) -> AgentPolicy:
        """Serve version ``version`` again, as a new version (the history is kept)."""
        store = self._kernel.store(context)
        old = self._agents.policy(store, agent_id, version)
        current = self._agents.policy(store, agent_id)
        restored = old.model_copy(update={"version": current.version + 1,
                                          "updated_by": f"rollback:{version}"})
        return self._save(agent_id, restored, f"rollback to v{version}", context)

    def update(self, agent_id: str, *, context: str | None = None) -> AgentPolicy:
        """Run the policy updater now on the rewarded behaviour (unless learning is paused)."""
        state = self._learner.load(self._kernel.store(context), agent_id)
        if state.learning.paused:
            return state.policy
        now = self._kernel.now()
        records = self._learner.apply_policy_update(state, now, "manual")
        self._agents.commit(context, [*records, *state.records(now)])
        return state.policy

    def _save(self, agent_id: str, policy: AgentPolicy, reason: str,
              context: str | None) -> AgentPolicy:
        now = self._kernel.now()
        self._agents.commit(context, [
            *self._agents.policy_records(agent_id, policy, now, reason),
            self._agents.event(AGENT_POLICY_UPDATED, {
                "agent_id": agent_id, "version": policy.version, "reason": reason},
                now, agent_id)])
        return policy

    # -- phrase rules -----------------------------------------------------------------------
    def phrase_rules(self, *, agent_id: str | None = None,
                     context: str | None = None) -> tuple[PhraseRule, ...]:
        """The rules the compiler uses: the agent's override, else the global set."""
        store = self._kernel.store(context)
        keys = [stable_id(Kind.PHRASE_RULES, agent_id)] if agent_id else []
        for key in [*keys, stable_id(Kind.PHRASE_RULES, "*")]:
            found = store.get(AGENTS_PARTITION, [key])
            if found:
                return tuple(PhraseRule(**r) for r in found[0].data["rules"])
        return DEFAULT_PHRASE_RULES

    def set_phrase_rules(self, rules: Sequence[PhraseRule] | None, *,
                         agent_id: str | None = None, context: str | None = None) -> int:
        """Replace the global rule set (or an agent's override); ``None`` restores defaults.

        Returns the rule count. Rules are validated (ranges in [0, 1], non-empty phrases).
        """
        if agent_id is not None:
            self._agents.agent(self._kernel.store(context), agent_id)
        key = stable_id(Kind.PHRASE_RULES, agent_id or "*")
        if rules is None:
            self._kernel.remove(context, AGENTS_PARTITION, [key])
            return len(self.phrase_rules(agent_id=agent_id, context=context))
        given = []
        for i, rule in enumerate(rules):
            try:
                given.append(rule if isinstance(rule, PhraseRule)
                             else PhraseRule.model_validate(rule))
            except ValidationError as exc:
                error = exc.errors()[0]
                where = "".join(f".{part}" for part in error["loc"])
                raise InvalidInputError(f"rules[{i}]{where}: {error['msg']}",
                                        field="rules") from None
        checked = validate_rules(given)
        data = {"agent_id": agent_id, "rules": [
            {"trait": r.trait, "low": r.low, "high": r.high, "phrase": r.phrase}
            for r in checked]}
        record = new_record(key, Kind.PHRASE_RULES, AGENTS_PARTITION, self._kernel.now(), data,
                            layer=2, agent_id=agent_id)
        self._kernel.write(context, AGENTS_PARTITION, [record], audit=True)
        return len(checked)

    # -- compile ----------------------------------------------------------------------------
    def serving_model(self, agent_id: str, *,
                      context: str | None = None) -> FineTunedModel | None:
        """The registered fine-tuned model the agent serves, if any."""
        store = self._kernel.store(context)
        owner = partition(agent_id)
        pointer = store.get(owner, [stable_id(Kind.MODEL_CURRENT, agent_id)])
        if not pointer:
            return None
        version = pointer[0].data["version"]
        found = store.get(owner, [stable_id(Kind.MODEL_VERSION, agent_id, version)])
        if not found:
            return None
        data = found[0].data
        status = data["status"]
        return FineTunedModel(model_id=data["model_id"], provider=data["provider"],
                              status=ModelStatus(status)
                              if status in ModelStatus.__members__.values()
                              else ModelStatus.FAILED)

    def compile(
        self, agent_id: str, *, group_size: int = 1, with_owner: bool = False,
        addressed_to_agent: bool = False, draw: float | None = None,
        version: int | None = None, context: str | None = None,
    ) -> CompiledBehaviour:
        """The agent's policy compiled into a system prompt, LLM parameters, model and flags.

        Deterministic for the same stored state and ``draw`` (a uniform number in [0, 1) that
        decides whether to reply in a group; random when ``None``).
        """
        store = self._kernel.store(context)
        info = self._agents.agent(store, agent_id)
        policy = self._agents.policy(store, agent_id, version)
        if draw is not None and not 0.0 <= draw < 1.0:
            raise InvalidInputError("draw: must be in [0, 1)", field="draw")
        ctx = MessageContext(conversation_kind(group_size, with_owner=with_owner),
                             addressed_to_agent, random.random() if draw is None else draw)
        compiler = BehaviourCompiler(self.phrase_rules(agent_id=agent_id, context=context))
        return compiler.compile(policy, info.config, context=ctx,
                                fine_tuned=self.serving_model(agent_id, context=context))
