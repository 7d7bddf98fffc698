"""``AgentsAPI``: the agent-learning capability of :class:`lucidmem.Memory` (M18–M22).

One mixin made of the capability's parts, each in its own module:

* :class:`~lucidmem.agents.service.FeedbackAPI` — submit feedback, privacy, when to ask,
  projections and learning metrics (M18, M19);
* :class:`~lucidmem.agents.policy_api.PolicyAPI` — versioned policies, rollback, phrase rules,
  ``compile_behaviour`` (M20);
* :class:`~lucidmem.agents.training_api.TrainingAPI` — datasets, fine-tuning jobs, the model
  registry and the training triggers (M21);
* :class:`~lucidmem.agents.advisor_api.AdvisorAPI` — outcomes, profiles, insights,
  ``should_suggest`` (M22).

The event bus is ``memory.events`` (:class:`~lucidmem.agents.events.EventBus`).
"""

from __future__ import annotations

from lucidmem.agents.advisor_api import AdvisorAPI
from lucidmem.agents.jobs import register_agent_jobs
from lucidmem.agents.policy_api import PolicyAPI
from lucidmem.agents.service import FeedbackAPI
from lucidmem.agents.training_api import TrainingAPI

__all__ = ["AgentsAPI"]

register_agent_jobs()


class AgentsAPI(TrainingAPI, AdvisorAPI, PolicyAPI, FeedbackAPI):
    """Agent feedback, learning, behaviour compilation, training data and insights."""
