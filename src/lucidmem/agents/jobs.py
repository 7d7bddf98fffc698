"""Background jobs of the agent-learning capability (M11), returned by ``Agents.jobs()``.

* ``agent_training_triggers`` — weekly (Monday 03:00, when idle): for every agent due by the
  seed's thresholds (>= 100 positive feedbacks, >= 50 high-quality interactions, a week since
  the last training) build a dataset and publish ``training.dataset.ready``. Training itself
  needs a provider, which the application supplies
  (``memory.agents.training.run_triggers(provider)``).
* ``agent_outbox_dispatch`` — every 5 minutes: deliver outbox events left pending (after a
  crash, or with ``memory.agents.events.auto_dispatch`` off).

The job functions use only the run's context (``ctx.context``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lucidmem.agents.events import DispatchReport
from lucidmem.agents.views import TriggerResult
from lucidmem.scheduler.core import Job, JobContext

__all__ = ["DISPATCH_CRON", "TRAINING_CRON", "agent_jobs"]

TRAINING_CRON = "0 3 * * 1"
DISPATCH_CRON = "*/5 * * * *"


def agent_jobs(run_triggers: Callable[[str | None], Sequence[TriggerResult]],
               dispatch: Callable[[str | None], DispatchReport]) -> list[Job]:
    """The two jobs, over the capability's ``run_triggers(context)`` and ``dispatch(context)``."""

    def training_triggers(ctx: JobContext) -> dict[str, str]:
        """Build datasets for the agents due for fine-tuning."""
        return {r.agent_id: r.summary for r in run_triggers(ctx.context)}

    def outbox_dispatch(ctx: JobContext) -> dict[str, int]:
        """Deliver pending outbox events."""
        report = dispatch(ctx.context)
        return {"delivered": report.delivered, "failed": report.failed, "dead": report.dead}

    return [
        Job("agent_training_triggers", TRAINING_CRON, training_triggers, needs_idle=True,
            description="Weekly fine-tuning triggers and datasets."),
        Job("agent_outbox_dispatch", DISPATCH_CRON, outbox_dispatch,
            description="Deliver pending agent-learning events."),
    ]
