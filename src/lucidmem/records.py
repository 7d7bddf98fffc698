"""Everything lucidmem keeps is a :class:`Record`; this module is the one place that says
what records exist and how one is made.

* :class:`Kind` — every record kind, grouped by capability. A kind is stored as its plain
  string value (``Kind.TURN == "turn"``), so the store and its SQL see ordinary text.
* :class:`Status` — every lifecycle status a record can have.
* :func:`new_record` — the one constructor for records a capability derives (checkpoints,
  bandit arms, policies, …): a new record, or a new version of ``prior``.
* :func:`stable_id` — the one deterministic id: the same inputs give the same id in every
  process (Python's ``hash()`` is salted per process and must never be used for ids).
* Times are UTC epoch seconds; a naive datetime always means UTC (:func:`lucidmem.clock.to_epoch`).

No other module spells a kind or a status as a string literal.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

__all__ = [
    "Kind",
    "Layer",
    "Record",
    "Status",
    "evolve",
    "new_record",
    "same_content",
    "stable_id",
]

Layer = Literal[0, 1, 2]
"""Unified layers: 0 raw events, 1 structured knowledge, 2 parameterised behaviour."""


class Kind(StrEnum):
    """Every kind of record lucidmem stores."""

    # conversation memory
    TURN = "turn"
    # facts and the temporal graph
    FACT = "fact"
    ENTITY = "entity"
    RELATION = "relation"
    EXTRACTION_FAILURE = "extraction_failure"
    PREFERENCE_SHIFT = "preference_shift"
    FACT_STATS = "fact_stats"
    # behaviour learning (skills)
    BEHAVIOUR_SETTINGS = "behaviour_settings"
    SKILL = "skill"
    SKILL_STATS = "skill_stats"
    BANDIT_ARM = "bandit_arm"
    PREFERENCE_VECTOR = "preference_vector"
    TRAJECTORY = "trajectory"
    FEEDBACK_EVENT = "feedback_event"
    # agents
    AGENT = "agent"
    AGENT_FEEDBACK = "agent_feedback"
    AGENT_SESSION = "agent_session"
    AGENT_ACTION = "agent_action"
    AGENT_PROJECTION = "agent_projection"
    AGENT_RELATIONSHIP = "agent_relationship"
    AGENT_ASK = "agent_ask"
    AGENT_POLICY = "agent_policy"
    AGENT_POLICY_CURRENT = "agent_policy_current"
    DATASET = "dataset"
    TRAINING_JOB = "training_job"
    MODEL_VERSION = "model_version"
    MODEL_CURRENT = "model_current"
    PHRASE_RULES = "phrase_rules"
    OUTBOX_EVENT = "outbox_event"
    HANDLED_EVENT = "handled_event"
    OUTCOME = "outcome"
    PROFILE = "profile"
    INSIGHTS = "insights"
    # sleep (consolidation and scheduler)
    SLEEP_CHECKPOINT = "sleep_checkpoint"
    SLEEP_RUN = "sleep_run"
    SLEEP_MARKER = "sleep_marker"
    INFERRED_PREFERENCE = "inferred_preference"
    ANTICIPATORY_TRIGGER = "anticipatory_trigger"
    SCHEDULER_RUN = "scheduler_run"
    EVOLUTION_SUMMARY = "evolution_summary"


class Status(StrEnum):
    """Every lifecycle status of a record."""

    ACTIVE = "active"
    ARCHIVED = "archived"
    INTERNAL = "internal"
    # facts
    STAGED = "staged"
    SUPERSEDED = "superseded"
    RETRACTED = "retracted"
    VARIANT = "variant"
    EXCEPTION = "exception"
    MERGED = "merged"
    DISCARDED = "discarded"
    # extraction failures
    OPEN = "open"
    RESOLVED = "resolved"
    FAILED = "failed"
    # agents: training jobs (pending, running, completed, failed) and outbox events
    PENDING = "pending"
    RUNNING = "running"
    COMPLETED = "completed"
    DELIVERED = "delivered"
    DEAD = "dead"


@dataclass(slots=True)
class Record:
    """One stored item. Times are UTC epoch seconds; ``data`` is JSON-serialisable."""

    id: str
    kind: str
    user_id: str
    text: str = ""
    agent_id: str | None = None
    conversation_id: str | None = None
    layer: Layer = 0
    status: str = Status.ACTIVE
    occurred_at: float = 0.0
    created_at: float = 0.0
    updated_at: float = 0.0
    expires_at: float | None = None
    last_accessed: float | None = None
    access_count: int = 0
    version: int = 1
    data: dict[str, Any] = field(default_factory=dict)
    embedding: npt.NDArray[np.float32] | None = None
    searchable: bool = True
    """Whether ``text`` goes into the full-text index."""
    keywords: str = ""
    """Extra words indexed for full-text search with ``text`` (e.g. the speaker's name)."""


def stable_id(kind: str, *parts: object) -> str:
    """A deterministic id for a derived record: the same inputs give the same id in any
    process. ``kind`` is part of the id (its first five letters lead it, for readability)."""
    raw = json.dumps([str(kind), *[str(p) for p in parts]], ensure_ascii=False)
    return f"{str(kind)[:5]}-" + hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]


def new_record(record_id: str, kind: str, user_id: str, now: float, data: dict[str, Any], *,
               prior: Record | None = None, text: str = "", layer: Layer = 0,
               searchable: bool = False, occurred_at: float | None = None,
               agent_id: str | None = None, status: str | None = None) -> Record:
    """A new record, or a new version of ``prior`` (its creation time kept, version + 1).

    Derived records are not searchable unless asked; the embedding of ``prior`` is kept
    when the text did not change.
    """
    return Record(
        id=record_id, kind=kind, user_id=user_id, text=text, layer=layer,
        agent_id=prior.agent_id if prior is not None and agent_id is None else agent_id,
        occurred_at=prior.occurred_at if prior else (now if occurred_at is None else occurred_at),
        created_at=prior.created_at if prior else now,
        updated_at=now, version=prior.version + 1 if prior else 1,
        status=status if status is not None else (prior.status if prior else Status.ACTIVE),
        data=data, searchable=searchable,
        embedding=prior.embedding if prior is not None and prior.text == text else None,
    )


def evolve(record: Record, now: float) -> Record:
    """A copy of ``record`` to modify: ``updated_at = now``, version + 1, own ``data`` dict."""
    return dataclasses.replace(record, updated_at=now, version=record.version + 1,
                               data=dict(record.data))


def same_content(a: Record, b: Record) -> bool:
    """Whether two versions of a record say the same (ignoring times and version)."""
    return (a.text, a.status, a.layer, a.data) == (b.text, b.status, b.layer, b.data)
