"""What the sleep capability needs from the other capabilities, as protocols: the facts
capability validates staged facts and archives weak ones during a run, and every
capability lists its scheduled jobs. ``memory.facts``, ``memory.skills`` and
``memory.agents`` satisfy them."""

from __future__ import annotations

from typing import Protocol

from lucidmem.facts.validation import ValidationReport
from lucidmem.scheduler import Job

__all__ = ["FactsPeer", "HasJobs"]


class HasJobs(Protocol):
    """A capability with scheduled work."""

    def jobs(self) -> list[Job]: ...


class FactsPeer(HasJobs, Protocol):
    """The facts steps of a sleep run."""

    def validate(self, *, user_id: str, context: str | None = None) -> ValidationReport: ...

    def archive_low_confidence(self, *, user_id: str, context: str | None = None,
                               threshold: float = 0.3) -> list[str]: ...
