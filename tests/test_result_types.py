"""Every public method returns frozen pydantic models (no dataclasses), times as datetimes.

The return annotations of ``Memory`` and of its parts are walked through unions, containers
and model fields; each class reached must be a frozen ``BaseModel``, an enum or a plain value.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable
from datetime import datetime, timedelta
from enum import Enum
from pathlib import Path

from pydantic import BaseModel

from lucidmem.agents.capability import Agents
from lucidmem.agents.events import EventBus
from lucidmem.agents.outcomes import Outcomes
from lucidmem.agents.policies import Policies
from lucidmem.agents.training import Training
from lucidmem.behaviour.capability import Skills
from lucidmem.consolidation.capability import Sleep
from lucidmem.facts.capability import Facts
from lucidmem.memory import Memory
from lucidmem.scheduler.core import Job, Scheduler

PARTS = (Memory, Facts, Skills, Agents, Policies, Training, Outcomes, EventBus, Sleep, Scheduler)
PLAIN = (type(None), str, int, float, bool, bytes, datetime, timedelta, Path, typing.Any)
NOT_RESULTS = {
    ("Sleep", "scheduler"),  # the scheduler itself
    ("EventBus", "subscribe"),  # an unsubscribe function
    ("EventBus", "idempotent"),  # a wrapped handler
}
#: Definitions handed to the scheduler, not results: ``jobs()`` lists them.
CONFIGURATION = {Job}
#: Pending: ``behaviour/feedback_classifier.py`` is being reworked on its own branch.
PENDING = {"FeedbackClassification"}
TIME_NAMES = ("at", "when", "created", "updated")


def _problems(tp: object, where: str, seen: set[type]) -> list[str]:
    origin = typing.get_origin(tp)
    if origin is typing.Literal or tp in PLAIN:
        return []
    if origin is not None:
        return [p for arg in typing.get_args(tp) if arg is not Ellipsis
                for p in _problems(arg, where, seen)]
    if not isinstance(tp, type):
        return [f"{where}: unexpected annotation {tp!r}"]
    if tp in seen or issubclass(tp, Enum) or tp in CONFIGURATION or tp.__name__ in PENDING:
        return []
    seen.add(tp)
    if dataclasses.is_dataclass(tp):
        return [f"{where}: {tp.__name__} is a dataclass"]
    if not issubclass(tp, BaseModel):
        return [f"{where}: {tp.__name__} is not a pydantic model"]
    found = [] if tp.model_config.get("frozen") else [f"{where}: {tp.__name__} not frozen"]
    for name, info in tp.model_fields.items():
        if info.annotation in (float, float | None) and (
                name.endswith("_at") or name in TIME_NAMES):
            found.append(f"{where}: {tp.__name__}.{name} is epoch seconds")
        found += _problems(info.annotation, f"{where} -> {tp.__name__}.{name}", seen)
    return found


def _public_methods(part: type) -> list[tuple[str, Callable[..., object]]]:
    return [(name, fn) for name, fn in inspect.getmembers(part, inspect.isfunction)
            if not name.startswith("_") and (part.__name__, name) not in NOT_RESULTS]


def test_public_results_are_frozen_models_with_datetimes() -> None:
    seen: set[type] = set()
    problems = []
    for part in PARTS:
        for name, fn in _public_methods(part):
            # names some modules import for type checking only
            hints = typing.get_type_hints(fn, localns={"Job": Job})
            if "return" in hints:
                problems += _problems(hints["return"], f"{part.__name__}.{name}", seen)
    assert problems == []
    assert len(seen) > 40  # the walk reached the nested models


def test_the_walk_catches_a_dataclass_and_an_epoch_float() -> None:
    @dataclasses.dataclass(frozen=True)
    class Old:
        at: float

    class Loose(BaseModel):
        created_at: float

    assert _problems(list[Old], "x", set()) == ["x: Old is a dataclass"]
    found = _problems(Loose | None, "x", set())
    assert found == ["x: Loose not frozen", "x: Loose.created_at is epoch seconds"]
