"""Background jobs of the agent-learning capability, registered with the scheduler (M11).

* ``agent_training_triggers`` — weekly (Monday 03:00, when idle): for every agent due by the
  seed's thresholds (>= 100 positive feedbacks, >= 50 high-quality interactions, a week since
  the last training) build a dataset and publish ``training.dataset.ready``. Training itself
  needs a provider, which the application supplies (``run_training_triggers(provider)``).
* ``agent_outbox_dispatch`` — every 5 minutes: deliver outbox events left pending (after a
  crash, or with ``memory.events.auto_dispatch`` off).

:func:`register_agent_jobs` is called on import of :mod:`lucidmem.agents.api`; when the
scheduler (or its ``croniter`` dependency) is missing it does nothing.
"""

from __future__ import annotations

from typing import Any

__all__ = ["dispatch_job", "register_agent_jobs", "training_trigger_job"]

TRAINING_CRON = "0 3 * * 1"
DISPATCH_CRON = "*/5 * * * *"


def training_trigger_job(ctx: Any) -> dict[str, str]:
    """Build datasets for the agents due for fine-tuning."""
    result: dict[str, str] = ctx.memory.run_training_triggers(context=ctx.context)
    return result


def dispatch_job(ctx: Any) -> dict[str, int]:
    """Deliver pending outbox events."""
    report = ctx.memory.events.dispatch(context=ctx.context)
    return {"delivered": report.delivered, "failed": report.failed, "dead": report.dead}


def register_agent_jobs() -> bool:
    """Register both jobs if the scheduler is importable; returns whether it was."""
    try:
        from lucidmem.scheduler.core import register_job
    except ImportError:
        return False
    register_job("agent_training_triggers", TRAINING_CRON, training_trigger_job,
                 needs_idle=True, description="Weekly fine-tuning triggers and datasets.")
    register_job("agent_outbox_dispatch", DISPATCH_CRON, dispatch_job,
                 description="Deliver pending agent-learning events.")
    return True
