"""A small cron scheduler for background jobs, with idle detection and run history.

It knows no capability: the jobs it runs are given to it (``memory.sleep.scheduler()``
composes every capability's ``jobs()``).
"""

from __future__ import annotations

from lucidmem.scheduler.core import SCHEDULER_OWNER, Job, JobContext, JobRun, Scheduler
from lucidmem.scheduler.idle import IdleDetector

__all__ = ["SCHEDULER_OWNER", "IdleDetector", "Job", "JobContext", "JobRun", "Scheduler"]
