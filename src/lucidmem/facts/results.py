"""What :class:`~lucidmem.facts.capability.Facts` returns besides facts themselves: search hits,
per-user counts and extraction failures, as frozen models with aware datetimes.

(:class:`~lucidmem.facts.records.Fact`, :class:`~lucidmem.facts.recall.Recall`,
:class:`~lucidmem.facts.graph.Evolution` and
:class:`~lucidmem.facts.validation.ValidationReport` live next to the code that builds them.)
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from lucidmem.clock import from_epoch
from lucidmem.facts.records import Fact
from lucidmem.records import Record, Status

__all__ = ["ExtractionFailureView", "FactHit", "FactStats", "RetryReport"]


class FactHit(BaseModel):
    """A fact found by :meth:`Facts.search <lucidmem.facts.capability.Facts.search>`, with its
    fused score, its rank in each leg that found it (``search``, ``graph``, ``secret``) and
    its relevance to the query (:mod:`lucidmem.facts.relevance`: about 0.3 and above means
    the fact is about what was asked; comparable across queries, unlike ``score``)."""

    model_config = ConfigDict(frozen=True)

    fact: Fact
    score: float
    legs: dict[str, int]
    relevance: float | None = None


class FactStats(BaseModel):
    """A user's facts per status, and the candidates ``facts.never_store`` dropped."""

    model_config = ConfigDict(frozen=True)

    by_status: dict[str, int] = Field(
        default_factory=dict, description="Fact records per status (staged, active, …).")
    never_stored: dict[str, int] = Field(
        default_factory=dict, description="Dropped candidates per never-store label.")
    never_stored_total: int = 0
    skipped: dict[str, int] = Field(
        default_factory=dict, description="Clauses read but kept out, per reason: question, "
        "request, hypothetical, sarcasm, quoted_speech, reported_speech, "
        "unsupported_language:<code>, small_talk, unclear … (the turns themselves are always "
        "kept).")


class ExtractionFailureView(BaseModel):
    """One recorded extraction failure: why, the raw model response, the turns it covers.

    ``status`` is ``open`` (retryable), ``failed`` (not retryable) or ``resolved`` (retried;
    ``retry_failures`` lists the failures the retry itself recorded)."""

    model_config = ConfigDict(frozen=True)

    id: str
    status: Status
    created_at: datetime
    turn_ids: list[str]
    error: str
    raw_response: str | None = None
    attempts: int = 1
    retryable: bool = True
    extractor: str | None = None
    retried_at: datetime | None = None
    retry_failures: list[str] = Field(default_factory=list)

    @classmethod
    def of(cls, record: Record) -> ExtractionFailureView:
        """The view of an ``extraction_failure`` record."""
        d = record.data
        retried = d.get("retried_at")
        return cls(
            id=record.id, status=Status(record.status), created_at=from_epoch(record.created_at),
            turn_ids=list(d.get("turn_ids", [])), error=str(d.get("error", record.text)),
            raw_response=d.get("raw_response"), attempts=int(d.get("attempts", 1)),
            retryable=bool(d.get("retryable", True)), extractor=d.get("extractor"),
            retried_at=None if retried is None else from_epoch(float(retried)),
            retry_failures=list(d.get("retry_failures", [])),
        )


class RetryReport(BaseModel):
    """What :meth:`Facts.retry_failures <lucidmem.facts.capability.Facts.retry_failures>` did:
    failure records retried, facts staged again, and the ids of failures recorded anew."""

    model_config = ConfigDict(frozen=True)

    retried: int = 0
    staged: int = 0
    failures: list[str] = Field(default_factory=list)
