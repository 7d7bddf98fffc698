"""What forgetting a user does to the agents' shared records: the outbox's event payloads.

An event announcing a user's feedback (``feedback.created``) carries their id, their
feedback text, the message they rated and the agent's reply; ``training.dataset.ready``
carries the texts of the examples built from their interactions. :func:`redact` takes what
names the user — their id, the interactions they rated, their texts — out of one payload:

* a list item (an interaction, an example) that mentions any of it is dropped;
* a string equal to the user's id becomes ``"anonymous"``;
* a string that is, or contains, one of their texts becomes ``None``.

Numbers (rewards, counts, scores) stay: they are the anonymised aggregates learning keeps.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from lucidmem.agents.records import OUTBOX_PARTITION
from lucidmem.records import Kind
from lucidmem.store.base import Query, Record, Store

__all__ = ["ANONYMOUS", "MIN_TEXT_CHARS", "Traces", "outbox_redactions", "redact"]

ANONYMOUS = "anonymous"
MIN_TEXT_CHARS = 8
"""Texts shorter than this are matched whole only (a "ok" must not blank every "ok…")."""


@dataclass(slots=True)
class Traces:
    """What names one user in shared records: their id, ids of what they rated, their texts."""

    user_id: str
    sources: set[str] = field(default_factory=set)
    texts: set[str] = field(default_factory=set)

    def add_texts(self, values: Iterable[object]) -> None:
        """Remember the non-empty strings among ``values``."""
        self.texts |= {v for v in values if isinstance(v, str) and v.strip()}

    def names(self, value: str) -> bool:
        """True when ``value`` is the user's id, a source they rated or contains their text."""
        if value == self.user_id or value in self.sources:
            return True
        return any(value == t or (len(t) >= MIN_TEXT_CHARS and t in value) for t in self.texts)


def _mentions(value: Any, traces: Traces) -> bool:
    if isinstance(value, str):
        return traces.names(value)
    if isinstance(value, dict):
        return any(_mentions(v, traces) for v in value.values())
    if isinstance(value, list):
        return any(_mentions(v, traces) for v in value)
    return False


def redact(value: Any, traces: Traces) -> Any:
    """``value`` (a JSON payload) without what names the user (see the module's rules)."""
    if isinstance(value, str):
        if value == traces.user_id:
            return ANONYMOUS
        return None if traces.names(value) else value
    if isinstance(value, dict):
        return {k: redact(v, traces) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v, traces) for v in value
                if not (isinstance(v, dict | list) and _mentions(v, traces))]
    return value


def outbox_redactions(store: Store, traces: Traces, *,
                      agent_id: str | None = None) -> list[Record]:
    """The outbox events whose payload names the user, redacted (to write back); the
    envelope (topic, key, delivery state) is left as it is. ``agent_id``: only that agent's
    events."""
    changed: list[Record] = []
    for record in store.find(Query(user_id=OUTBOX_PARTITION, kinds=[Kind.OUTBOX_EVENT],
                                   agent_id=agent_id)):
        payload = record.data.get("payload")
        if _mentions(payload, traces):
            record.data = {**record.data, "payload": redact(payload, traces)}
            changed.append(record)
    return changed
