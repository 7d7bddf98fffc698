"""What the parts of the agents capability share: agent records, policy versions, commits.

:class:`AgentStore` is built once by :class:`~lucidmem.agents.capability.Agents` and handed to
each part (feedback service, policies, training, outcomes). Writes go through
:meth:`AgentStore.commit`: one store transaction for the state records *and* their outbox
events, then a dispatch of the events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from lucidmem.agents.ask_rules import FeedbackIntensity
from lucidmem.agents.compiler import AgentConfig
from lucidmem.agents.events import EventBus, outbox_record
from lucidmem.agents.policy import AgentPolicy, SafetyBounds, bounds_for
from lucidmem.agents.records import AGENT_PREFIX, partition, policy_from_data, policy_to_data
from lucidmem.errors import NotFoundError
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, new_record, stable_id
from lucidmem.scope import validate_id
from lucidmem.store.base import Record, Store

__all__ = ["AgentInfo", "AgentStore"]


class AgentInfo(BaseModel):
    """A registered agent: who owns it, its role and trust, and its base model."""

    model_config = ConfigDict(frozen=True)

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


class AgentStore:
    """Agent and policy records over the kernel, and the commit that publishes events.

    Every record it makes is internal (layer 2, not searchable) and lives in the agent's
    partition (:func:`~lucidmem.agents.records.partition`).
    """

    def __init__(self, kernel: Kernel, events: EventBus) -> None:
        self._kernel = kernel
        self._events = events

    def commit(self, context: str | None, records: Sequence[Record]) -> None:
        """Write state and outbox records in one transaction (no audit rows), then dispatch."""
        self.commit_locked(context, None, lambda: records)

    def commit_locked(self, context: str | None, key: str | None,
                      build: Callable[[], Sequence[Record]]) -> list[Record]:
        """:meth:`commit` of the records ``build`` makes inside the transaction, after taking
        the store lock ``key`` (:meth:`Store.lock`): what ``build`` reads (the number of the
        next model version) cannot change before the records are written, whichever process
        writes at the same time. Returns the records written."""
        store = self._kernel.store(context)
        with store.transaction():
            if key is not None:
                store.lock(key)
            records = list(build())
            by_owner: dict[str, list[Record]] = {}
            for record in records:
                by_owner.setdefault(record.user_id, []).append(record)
            for owner, group in by_owner.items():
                self._kernel.write(context, owner, group, audit=False)
        self._events.after_commit(context)
        return records

    @staticmethod
    def event(topic: str, payload: Mapping[str, Any], now: float,
              agent_id: str | None) -> Record:
        """An outbox event keyed by its agent, to commit with the state it announces."""
        return outbox_record(topic, payload, now, key=agent_id)

    # -- agents -----------------------------------------------------------------------------
    @staticmethod
    def agent_record(info: AgentInfo, now: float) -> Record:
        """The record of a registered agent."""
        return new_record(stable_id(Kind.AGENT, info.agent_id), Kind.AGENT,
                          partition(info.agent_id), now, info.to_data(), layer=2,
                          agent_id=info.agent_id)

    def agent(self, store: Store, agent_id: str) -> AgentInfo:
        """A registered agent; :class:`~lucidmem.errors.NotFoundError` otherwise."""
        validate_id(agent_id, "agent_id")
        found = store.get(partition(agent_id), [stable_id(Kind.AGENT, agent_id)])
        if not found:
            raise NotFoundError(
                f"unknown agent {agent_id!r}: register it first with memory.agents.register()")
        return AgentInfo.from_data(found[0].data)

    def agents(self, store: Store) -> list[AgentInfo]:
        """Every registered agent of a store (scans partitions: for jobs and admin)."""
        found = []
        for owner in store.user_ids():
            if owner.startswith(AGENT_PREFIX):
                agent_id = owner[len(AGENT_PREFIX):]
                records = store.get(owner, [stable_id(Kind.AGENT, agent_id)])
                found += [AgentInfo.from_data(r.data) for r in records]
        return sorted(found, key=lambda a: a.agent_id)

    # -- policy versions --------------------------------------------------------------------
    def current_policy_version(self, store: Store, agent_id: str) -> int | None:
        """The version the agent's policy pointer names (``None`` before registration)."""
        found = store.get(partition(agent_id), [stable_id(Kind.AGENT_POLICY_CURRENT, agent_id)])
        return int(found[0].data["version"]) if found else None

    def policy(self, store: Store, agent_id: str, version: int | None = None) -> AgentPolicy:
        """The agent's current policy, or its past ``version``."""
        if version is None:
            version = self.current_policy_version(store, agent_id)
            if version is None:
                self.agent(store, agent_id)
                raise NotFoundError(f"agent {agent_id!r} has no policy")
        found = store.get(partition(agent_id),
                          [stable_id(Kind.AGENT_POLICY, agent_id, version)])
        if not found:
            raise NotFoundError(f"agent {agent_id!r} has no policy version {version}")
        return policy_from_data(found[0].data["policy"])

    @staticmethod
    def policy_records(agent_id: str, policy: AgentPolicy, at: float, reason: str,
                       deltas: Mapping[str, Any] | None = None) -> list[Record]:
        """The version record of ``policy`` and the moved current pointer."""
        owner = partition(agent_id)
        data = {"policy": policy_to_data(policy), "reason": reason, "deltas": dict(deltas or {})}
        return [
            new_record(stable_id(Kind.AGENT_POLICY, agent_id, policy.version), Kind.AGENT_POLICY,
                       owner, at, data, layer=2, agent_id=agent_id),
            new_record(stable_id(Kind.AGENT_POLICY_CURRENT, agent_id), Kind.AGENT_POLICY_CURRENT,
                       owner, at, {"version": policy.version}, layer=2, agent_id=agent_id),
        ]
