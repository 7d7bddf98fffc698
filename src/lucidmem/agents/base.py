"""Plumbing shared by the agent-learning mixins: agents, writes, the event bus.

:class:`AgentsCore` is a :class:`~lucidmem.core.MemoryCore` subclass; each capability mixin
(feedback, policy, training, advisor) derives from it. Writes go through :meth:`_commit`:
one store transaction for the state records *and* their outbox events, then a dispatch.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lucidmem.agents.ask_rules import FeedbackIntensity
from lucidmem.agents.compiler import AgentConfig
from lucidmem.agents.events import EventBus
from lucidmem.agents.policy import DEFAULT_TRAITS, AgentPolicy, SafetyBounds, bounds_for
from lucidmem.agents.records import (
    AGENT,
    AGENT_PREFIX,
    POLICY,
    POLICY_CURRENT,
    hashed,
    internal,
    partition,
    policy_from_data,
    policy_to_data,
)
from lucidmem.core import MemoryCore
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.scope import validate_id
from lucidmem.store.base import Record, Store

__all__ = ["AgentInfo", "AgentsCore"]

_BUS_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class AgentInfo:
    """A registered agent: who owns it, its role and trust, and its base model."""

    agent_id: str
    owner_id: str
    name: str
    description: str = ""
    role: str | None = None
    trusted: bool = False
    intensity: FeedbackIntensity = FeedbackIntensity.MODERATE
    base_provider: str = "openai-compatible"
    base_model: str = "default"
    archetype: str | None = None

    @property
    def config(self) -> AgentConfig:
        """The compiler's view of this agent."""
        return AgentConfig(self.name, self.description, self.base_provider, self.base_model)

    @property
    def bounds(self) -> SafetyBounds:
        """Safety bounds from the role's platform rules and the trust flag."""
        return bounds_for(self.role, trusted=self.trusted)

    def to_data(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "agent_id": self.agent_id, "owner_id": self.owner_id, "name": self.name,
            "description": self.description, "role": self.role, "trusted": self.trusted,
            "intensity": self.intensity.value, "base_provider": self.base_provider,
            "base_model": self.base_model, "archetype": self.archetype,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> AgentInfo:
        """Inverse of :meth:`to_data`."""
        return cls(**{**data, "intensity": FeedbackIntensity(data["intensity"])})


class AgentsCore(MemoryCore):
    """What every agent-learning mixin needs from :class:`~lucidmem.core.MemoryCore`."""

    @property
    def events(self) -> EventBus:
        """This memory's event bus: ``memory.events.subscribe("feedback.created", handler)``."""
        bus: EventBus | None = self.__dict__.get("_agents_bus")
        if bus is None:
            with _BUS_LOCK:
                bus = self.__dict__.get("_agents_bus")
                if bus is None:
                    bus = EventBus(self.store, self.now, self._context)
                    self.__dict__["_agents_bus"] = bus
        return bus

    def _commit(self, context: str | None, store: Store, records: Sequence[Record]) -> None:
        """Write state and outbox records in one transaction, then dispatch."""
        with store.transaction():
            store.put(records, audit=False)
        self.events.after_commit(context)

    # -- agents -----------------------------------------------------------------------------
    def register_agent(
        self,
        agent_id: str,
        *,
        owner_id: str,
        name: str,
        description: str = "",
        role: str | None = None,
        trusted: bool = False,
        intensity: FeedbackIntensity | str = FeedbackIntensity.MODERATE,
        base_provider: str = "openai-compatible",
        base_model: str = "default",
        archetype: str | None = None,
        traits: Mapping[str, float] | None = None,
        context: str | None = None,
    ) -> AgentInfo:
        """Register (or update) an agent; its first registration creates policy version 1."""
        validate_id(agent_id, "agent_id")
        validate_id(owner_id, "owner_id")
        try:
            level = FeedbackIntensity(intensity)
        except ValueError:
            raise InvalidInputError(
                f"intensity: {intensity!r} is unknown; use high, moderate, low or off",
                field="intensity") from None
        info = AgentInfo(agent_id, owner_id, name, description, role, trusted, level,
                         base_provider, base_model, archetype)
        _ = info.config  # validates the name
        store = self.store(context)
        now = self.now()
        owner = partition(agent_id)
        records = [internal(hashed(AGENT, agent_id), AGENT, owner, info.to_data(), now,
                            agent_id=agent_id)]
        if self._current_policy_version(store, agent_id) is None:
            start = AgentPolicy(traits=dict(traits if traits is not None else DEFAULT_TRAITS))
            records += self._policy_records(agent_id, start, now, "registered")
        elif traits is not None:
            raise InvalidInputError(
                "traits: the agent already has a policy; change it with set_agent_policy",
                field="traits")
        self._commit(context, store, records)
        return info

    def agent(self, agent_id: str, *, context: str | None = None) -> AgentInfo:
        """A registered agent; :class:`~lucidmem.errors.NotFoundError` otherwise."""
        return self._agent(self.store(context), agent_id)

    def _agent(self, store: Store, agent_id: str) -> AgentInfo:
        validate_id(agent_id, "agent_id")
        found = store.get(partition(agent_id), [hashed(AGENT, agent_id)])
        if not found:
            raise NotFoundError(
                f"unknown agent {agent_id!r}: register it first with register_agent()")
        return AgentInfo.from_data(found[0].data)

    def list_agents(self, *, context: str | None = None) -> list[AgentInfo]:
        """Every registered agent of a context (scans partitions: for jobs and admin)."""
        store = self.store(context)
        found = []
        for owner in store.user_ids():
            if owner.startswith(AGENT_PREFIX):
                agent_id = owner[len(AGENT_PREFIX):]
                records = store.get(owner, [hashed(AGENT, agent_id)])
                found += [AgentInfo.from_data(r.data) for r in records]
        return sorted(found, key=lambda a: a.agent_id)

    # -- policy storage ---------------------------------------------------------------------
    def _current_policy_version(self, store: Store, agent_id: str) -> int | None:
        found = store.get(partition(agent_id), [hashed(POLICY_CURRENT, agent_id)])
        return int(found[0].data["version"]) if found else None

    def _policy(self, store: Store, agent_id: str, version: int | None = None) -> AgentPolicy:
        if version is None:
            version = self._current_policy_version(store, agent_id)
            if version is None:
                self._agent(store, agent_id)
                raise NotFoundError(f"agent {agent_id!r} has no policy")
        found = store.get(partition(agent_id), [hashed(POLICY, agent_id, version)])
        if not found:
            raise NotFoundError(f"agent {agent_id!r} has no policy version {version}")
        return policy_from_data(found[0].data["policy"])

    def _policy_records(
        self, agent_id: str, policy: AgentPolicy, at: float, reason: str,
        deltas: Mapping[str, Any] | None = None,
    ) -> list[Record]:
        """The version record of ``policy`` and the moved current pointer."""
        owner = partition(agent_id)
        data = {"policy": policy_to_data(policy), "reason": reason, "deltas": dict(deltas or {})}
        return [
            internal(hashed(POLICY, agent_id, policy.version), POLICY, owner, data, at,
                     agent_id=agent_id),
            internal(hashed(POLICY_CURRENT, agent_id), POLICY_CURRENT, owner,
                     {"version": policy.version}, at, agent_id=agent_id),
        ]
