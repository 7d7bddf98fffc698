"""Background jobs (M11): a cron scheduler with idle detection, user sharding and history.

``config`` is imported by :mod:`lucidmem.settings`; everything else loads on first use so
importing settings stays light and free of cycles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lucidmem.scheduler.config import ConsolidationSettings, SleepSettings

if TYPE_CHECKING:
    from lucidmem.scheduler.core import Job, JobContext, JobRun, Scheduler, job, register_job
    from lucidmem.scheduler.idle import IdleDetector

__all__ = ["ConsolidationSettings", "IdleDetector", "Job", "JobContext", "JobRun", "Scheduler",
           "SleepSettings", "job", "register_job"]

_LAZY = {"Job": "core", "JobContext": "core", "JobRun": "core", "Scheduler": "core",
         "job": "core", "register_job": "core", "IdleDetector": "idle"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"lucidmem.scheduler.{_LAZY[name]}"), name)
    raise AttributeError(name)
