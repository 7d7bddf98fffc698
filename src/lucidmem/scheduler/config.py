"""Settings of the sleep cycle: the consolidation job's knobs and the scheduler's timetable.

Reached as ``Settings().sleep`` (environment: ``LUCIDMEM_SLEEP__CONSOLIDATION_CRON="0 3 * * *"``,
``LUCIDMEM_SLEEP__JOB__COMPACTION_DAYS=60``; TOML: a ``[sleep]`` table). Defaults are the seeds'
values (``aico-adaptive-memory-system.md`` *Appendix A* and *Scheduled Tasks*,
``emberhearth-memory-research.md`` §4, ``config-advisor-memory.md`` *Compaction*).
Kept free of imports from the rest of lucidmem so :mod:`lucidmem.settings` can import it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

__all__ = ["ConsolidationSettings", "SleepSettings"]


class ConsolidationSettings(BaseModel):
    """Knobs of the per-user consolidation job (``lucidmem.consolidation.job``)."""

    model_config = {"frozen": True}

    score_on_add: bool = Field(
        True, description="Score importance/surprise of each turn as it is added (else the job "
                          "scores turns that lack them).")
    assistant_names: tuple[str, ...] = Field(
        ("assistant",), description="Names that count as mentioning the assistant (importance).")
    batch_size: int = Field(200, ge=1, le=10_000,
                            description="Records per checkpointed batch.")
    replay_batch_size: int = Field(100, ge=0, le=10_000,
                                   description="Turns replayed per run (aico: 100).")
    pattern_window_days: float = Field(30.0, gt=0,
                                       description="Pattern detection looks this far back.")
    pattern_min_weeks: int = Field(3, ge=2, description="Distinct weeks a weekly habit needs.")
    inferred_confidence: float = Field(0.5, ge=0, le=1,
                                       description="Confidence of inferred preferences.")
    archive_below: float = Field(0.3, ge=0, le=1,
                                 description="Facts whose decayed confidence falls under this "
                                             "are archived (never deleted).")
    variant_cleanup_days: float = Field(90.0, gt=0)
    variant_cleanup_confidence: float = Field(0.3, ge=0, le=1)
    compaction_days: float = Field(30.0, gt=0,
                                   description="Raw turns older than this are compacted.")
    compaction_max_value_chars: int = Field(
        200, ge=0, description="Turn metadata values longer than this (or nested) are dropped "
                               "by compaction; the text is never touched.")


class SleepSettings(BaseModel):
    """The scheduler's timetable (5-field cron, local time of ``timezone``) and limits."""

    model_config = {"frozen": True}

    enabled: bool = True
    timezone: str = Field("UTC", description="IANA zone the cron expressions are read in.")
    consolidation_cron: str = Field("0 2 * * *", description="aico: daily at 02:00.")
    feedback_cron: str = Field("0 3 * * *", description="Feedback classification, 03:00.")
    behaviour_cron: str = Field("0 4 * * *", description="Behavioural batch learning, 04:00.")
    weekly_cron: str = Field("0 3 * * 0", description="Evolution analysis + cleanup, Sunday.")
    index_cron: str = Field("0 * * * *", description="Index maintenance, hourly.")
    require_idle: bool = Field(
        True, description="Heavy jobs wait for an idle machine (CPU under the threshold).")
    idle_cpu_percent: float = Field(20.0, gt=0, le=100)
    idle_seconds: float = Field(300.0, ge=0, description="Continuous idle time needed.")
    idle_check_seconds: float = Field(60.0, gt=0)
    max_idle_wait_hours: float = Field(
        4.0, ge=0, description="A due job that never sees an idle machine runs after this.")
    max_concurrent_users: int = Field(4, ge=1, le=64, description="aico: Semaphore(4).")
    shard_cycle_days: int = Field(7, ge=1, description="Each user is consolidated once per "
                                                       "cycle (round robin).")
    shard_strategy: Literal["hash", "index"] = "hash"
    history_keep: int = Field(200, ge=1, description="Run-history records kept per job.")
    job: ConsolidationSettings = ConsolidationSettings()
