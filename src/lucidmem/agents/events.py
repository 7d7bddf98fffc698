"""An in-process event bus backed by a durable outbox (at-least-once, idempotent handlers).

Seed: ``seeds/agent-feedback-rlhf.md`` — "Event Structure" (``feedback.created``,
``agent.learning.updated``, ``training.dataset.ready``, ``model.updated``) and the topics of the
behaviour and consolidation seeds. One Python process replaces Kafka, so:

1. a state change and its events are written **in the same store transaction**: the event is
   an ``outbox_event`` record (status ``pending``) next to the state it announces, so a crash
   either loses both or neither;
2. :meth:`EventBus.dispatch` reads pending events in order, hands each to the :class:`Broker`
   and marks it ``delivered`` afterwards. A crash between the two redelivers the event on the
   next dispatch: delivery is *at least once*;
3. handlers are therefore idempotent: :meth:`EventBus.idempotent` wraps a handler so it runs
   inside a store transaction together with a ``handled_event`` marker keyed by the event id,
   and skips events it has already seen — its own writes to the store happen exactly once.

The :class:`Broker` protocol is the seam for Kafka or Redis: :class:`InProcessBroker` calls the
bus's handlers directly; a remote broker would produce on :meth:`Broker.publish` and let its
consumer call :meth:`EventBus.deliver`. Handlers never see which broker runs.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Final, Protocol

from pydantic import BaseModel, ConfigDict

from lucidmem.agents.records import OUTBOX_PARTITION
from lucidmem.clock import from_epoch, to_epoch
from lucidmem.errors import DeliveryError, InvalidInputError
from lucidmem.records import Kind, Status, new_record, stable_id
from lucidmem.store.base import Query, Record, Store

__all__ = [
    "AGENT_ALERT",
    "AGENT_LEARNING_UPDATED",
    "AGENT_POLICY_UPDATED",
    "CONSOLIDATION_COMPLETED",
    "CONSOLIDATION_STARTED",
    "FEEDBACK_CREATED",
    "MODEL_UPDATED",
    "SKILL_SELECTED",
    "SKILL_UPDATED",
    "TOPICS",
    "TRAINING_DATASET_READY",
    "TRAINING_JOB_UPDATED",
    "Broker",
    "DispatchReport",
    "Event",
    "EventBus",
    "Handler",
    "InProcessBroker",
    "outbox_record",
]

FEEDBACK_CREATED: Final = "feedback.created"
AGENT_LEARNING_UPDATED: Final = "agent.learning.updated"
AGENT_POLICY_UPDATED: Final = "agent.policy.updated"
AGENT_ALERT: Final = "agent.alert"
TRAINING_DATASET_READY: Final = "training.dataset.ready"
TRAINING_JOB_UPDATED: Final = "training.job.updated"
MODEL_UPDATED: Final = "model.updated"
SKILL_SELECTED: Final = "skill.selected"
SKILL_UPDATED: Final = "skill.updated"
CONSOLIDATION_STARTED: Final = "consolidation.started"
CONSOLIDATION_COMPLETED: Final = "consolidation.completed"
TOPICS: Final = (
    FEEDBACK_CREATED, AGENT_LEARNING_UPDATED, AGENT_POLICY_UPDATED, AGENT_ALERT,
    TRAINING_DATASET_READY, TRAINING_JOB_UPDATED, MODEL_UPDATED, SKILL_SELECTED, SKILL_UPDATED,
    CONSOLIDATION_STARTED, CONSOLIDATION_COMPLETED,
)
WILDCARD: Final = "*"
DEFAULT_MAX_ATTEMPTS = 5


class Event(BaseModel):
    """One event: a unique id (the idempotence key), its topic, a JSON payload."""

    model_config = ConfigDict(frozen=True)

    id: str
    topic: str
    payload: dict[str, Any]
    created_at: datetime
    """When the event was written to the outbox."""
    context: str
    key: str | None = None


Handler = Callable[[Event], None]


class Broker(Protocol):
    """Transport of events. ``publish`` returns once the event is accepted (or raises)."""

    def publish(self, event: Event) -> None:
        """Hand ``event`` on; raising leaves it pending in the outbox."""
        ...


class InProcessBroker:
    """Delivers synchronously to the bus's handlers in this process."""

    def __init__(self, deliver: Handler) -> None:
        self._deliver = deliver

    def publish(self, event: Event) -> None:
        """Run every subscribed handler now."""
        self._deliver(event)


class DispatchReport(BaseModel):
    """What one :meth:`EventBus.dispatch` did."""

    model_config = ConfigDict(frozen=True)

    delivered: int = 0
    failed: int = 0
    dead: int = 0
    errors: tuple[str, ...] = ()


def outbox_record(
    topic: str, payload: Mapping[str, Any], at: float, *, key: str | None = None,
    event_id: str | None = None,
) -> Record:
    """A pending outbox record; put it in the same transaction as the state it announces."""
    if not isinstance(topic, str) or not topic.strip():
        raise InvalidInputError("topic: must be a non-empty string", field="topic")
    eid = event_id or uuid.uuid4().hex
    data = {"topic": topic, "payload": dict(payload), "key": key, "attempts": 0, "error": None}
    return new_record(eid, Kind.OUTBOX_EVENT, OUTBOX_PARTITION, at, data, status=Status.PENDING,
                      agent_id=key)


class EventBus:
    """Subscribers, the outbox and its dispatcher for one :class:`~lucidmem.Memory`.

    ``store_of(context)`` opens a context's store, ``clock()`` gives epoch seconds. With
    ``auto_dispatch`` (the default) the memory dispatches right after each state change;
    turn it off to dispatch from a worker or a scheduler instead.
    """

    def __init__(
        self,
        store_of: Callable[[str | None], Store],
        clock: Callable[[], float],
        context_of: Callable[[str | None], str],
        *,
        broker: Broker | None = None,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
    ) -> None:
        self._store_of = store_of
        self._clock = clock
        self._context_of = context_of
        self._handlers: dict[str, list[Handler]] = {}
        self._lock = threading.RLock()
        self._dispatching = threading.local()
        self.broker: Broker = broker if broker is not None else InProcessBroker(self.deliver)
        self.max_attempts = max_attempts
        self.auto_dispatch = True

    # -- subscribing ------------------------------------------------------------------------
    def subscribe(self, topic: str, handler: Handler) -> Callable[[], None]:
        """Call ``handler`` for each event of ``topic`` (``"*"`` = all); returns unsubscribe."""
        if not callable(handler):
            raise InvalidInputError("handler: must be callable", field="handler")
        with self._lock:
            self._handlers.setdefault(topic, []).append(handler)

        def unsubscribe() -> None:
            with self._lock:
                handlers = self._handlers.get(topic, [])
                if handler in handlers:
                    handlers.remove(handler)

        return unsubscribe

    def idempotent(self, name: str, handler: Handler) -> Handler:
        """``handler`` run at most once per event id (durably, across restarts).

        The handler runs inside a transaction of the event's store with a marker record, so
        the handler's own writes to that store and the marker commit together.
        """

        def run(event: Event) -> None:
            store = self._store_of(event.context)
            marker = stable_id(Kind.HANDLED_EVENT, name, event.id)
            with store.transaction():
                if store.get(OUTBOX_PARTITION, [marker]):
                    return
                handler(event)
                data = {"handler": name, "event_id": event.id, "topic": event.topic}
                store.put([new_record(marker, Kind.HANDLED_EVENT, OUTBOX_PARTITION, self._clock(),
                                      data)], audit=False)

        return run

    def deliver(self, event: Event) -> None:
        """Run the handlers of ``event``; raise :class:`DeliveryError` if any failed."""
        with self._lock:
            handlers = [*self._handlers.get(event.topic, ()), *self._handlers.get(WILDCARD, ())]
        errors = []
        for handler in handlers:
            try:
                handler(event)
            except Exception as exc:  # a handler's failure must not stop the others
                errors.append(f"{getattr(handler, '__name__', 'handler')}: {exc}")
        if errors:
            raise DeliveryError(f"{event.topic} {event.id}: " + "; ".join(errors))

    # -- publishing -------------------------------------------------------------------------
    def publish(
        self, topic: str, payload: Mapping[str, Any], *, key: str | None = None,
        context: str | None = None,
    ) -> str:
        """Write one event to the outbox (its own transaction) and dispatch; returns its id."""
        record = outbox_record(topic, payload, self._clock(), key=key)
        self._store_of(context).put([record], audit=False)
        self.after_commit(context)
        return record.id

    def after_commit(self, context: str | None) -> None:
        """Dispatch now when ``auto_dispatch`` is on (nested calls leave it to the outer one)."""
        if self.auto_dispatch and not getattr(self._dispatching, "active", False):
            self.dispatch(context=context)

    def pending(self, *, context: str | None = None, limit: int | None = None) -> list[Event]:
        """Events not delivered yet, oldest first."""
        return [self._event(r, context) for r in self._pending(context, limit)]

    def _pending(self, context: str | None, limit: int | None) -> list[Record]:
        return self._store_of(context).find(Query(
            user_id=OUTBOX_PARTITION, kinds=[Kind.OUTBOX_EVENT], statuses=[Status.PENDING],
            order_by="created_at", limit=limit))

    def _event(self, record: Record, context: str | None) -> Event:
        return Event(id=record.id, topic=record.data["topic"], payload=record.data["payload"],
                     created_at=from_epoch(record.created_at), context=self._context_of(context),
                     key=record.data.get("key"))

    def dispatch(self, *, context: str | None = None, batch: int = 1000) -> DispatchReport:
        """Deliver pending events in order, marking each delivered after its broker accepted it.

        A failing event is retried on later dispatches and becomes ``dead`` after
        ``max_attempts``; events written by handlers meanwhile are delivered in the same call.
        """
        delivered = failed = dead = 0
        errors: list[str] = []
        store = self._store_of(context)
        self._dispatching.active = True
        try:
            seen: set[str] = set()
            while True:
                records = [r for r in self._pending(context, batch) if r.id not in seen]
                if not records:
                    break
                for record in records:  # marks are written per batch: a crash redelivers it
                    seen.add(record.id)
                    try:
                        self.broker.publish(self._event(record, context))
                    except Exception as exc:
                        attempts = int(record.data.get("attempts", 0)) + 1
                        record.data = {**record.data, "attempts": attempts, "error": str(exc)}
                        record.status = (Status.DEAD if attempts >= self.max_attempts
                                         else Status.PENDING)
                        dead += record.status == Status.DEAD
                        failed += 1
                        errors.append(str(exc))
                    else:
                        record.status = Status.DELIVERED
                        record.data = {**record.data, "delivered_at": self._clock()}
                        delivered += 1
                    record.updated_at = self._clock()
                store.put(records, audit=False)
        finally:
            self._dispatching.active = False
        return DispatchReport(delivered=delivered, failed=failed, dead=dead, errors=tuple(errors))

    def redeliver_dead(self, *, context: str | None = None) -> int:
        """Put dead events back to pending (after fixing the failing handler)."""
        store = self._store_of(context)
        dead = store.find(Query(user_id=OUTBOX_PARTITION, kinds=[Kind.OUTBOX_EVENT],
                                statuses=[Status.DEAD]))
        for record in dead:
            record.status = Status.PENDING
            record.data = {**record.data, "attempts": 0}
        store.put(dead, audit=False)
        return len(dead)

    def purge_delivered(self, *, older_than: datetime, context: str | None = None) -> int:
        """Delete delivered events created before ``older_than`` (a naive datetime is UTC)."""
        if not isinstance(older_than, datetime):
            raise InvalidInputError("older_than: pass a datetime, e.g. datetime.now(UTC) - "
                                    "timedelta(days=7)", field="older_than")
        store = self._store_of(context)
        old = store.find(Query(user_id=OUTBOX_PARTITION, kinds=[Kind.OUTBOX_EVENT],
                               statuses=[Status.DELIVERED], occurred_to=to_epoch(older_than)))
        return store.delete(OUTBOX_PARTITION, [r.id for r in old], at=self._clock())
