"""Routes over the parts' methods the other routers leave out: one fact, its search and
history (``memory.facts``), registering and listing agents (admin), one agent, feedback on
it and its learning (``memory.agents``), and the consolidation cycle (``memory.sleep``).
Each calls one method; ``user_id`` and ``context`` come from the key and the query string
(see :mod:`.deps`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request

from ..agents.base import AgentInfo
from ..agents.rewards import LearningMetrics
from ..agents.submissions import FeedbackReceipt
from ..consolidation.report import ConsolidationReport
from ..facts.records import Fact
from ..facts.results import FactHit
from .deps import Admin, ContextParam, ReadScope, WriteScope, state
from .schemas import (
    AgentFeedbackRequest,
    AgentRegisterRequest,
    ConsolidateRequest,
    FactSearchRequest,
)

__all__ = ["router"]

router = APIRouter(prefix="/api/v1", tags=["parts"])
FactId = Annotated[str, Path(min_length=1, max_length=128, description="A fact id.")]
AgentId = Annotated[str, Path(min_length=1, max_length=128, description="An agent id.")]


def _count(request: Request, name: str) -> None:
    state(request).metrics.operation(name)


# -- facts ------------------------------------------------------------------------------------
@router.post("/facts/search", response_model=list[FactHit], tags=["learning"])
def search_facts(request: Request, body: FactSearchRequest,
                 scope: ReadScope) -> list[FactHit]:
    """Hybrid search over the user's facts (``memory.facts.search``)."""
    _count(request, "facts_search")
    return state(request).memory.facts.search(
        body.query, user_id=scope.user_id, limit=body.limit,
        include_secrets=body.include_secrets, graph=body.graph, min_score=body.min_score,
        context=scope.context)


@router.get("/facts/history", response_model=list[Fact], tags=["learning"])
def fact_history(
    request: Request, scope: ReadScope,
    about: Annotated[str | None, Query(max_length=1000,
                                       description="Only facts about this topic.")] = None,
    predicate: Annotated[str | None, Query(max_length=200,
                                           description="Only this relation.")] = None,
    include_secrets: Annotated[bool, Query(description="Add secret facts.")] = False,
) -> list[Fact]:
    """Every version of the user's facts ever accepted or flagged (``memory.facts.history``)."""
    _count(request, "facts_history")
    return state(request).memory.facts.history(
        user_id=scope.user_id, about=about, predicate=predicate,
        include_secrets=include_secrets, context=scope.context)


@router.get("/facts/{fact_id}", response_model=Fact, tags=["learning"])
def get_fact(request: Request, fact_id: FactId, scope: ReadScope) -> Fact:
    """One fact by id, whatever its status (``memory.facts.get``); another user's is 404."""
    _count(request, "facts_get")
    return state(request).memory.facts.get(fact_id, user_id=scope.user_id,
                                           context=scope.context)


# -- agents -----------------------------------------------------------------------------------
@router.post("/agents", response_model=AgentInfo, tags=["agents"])
def register_agent(request: Request, body: AgentRegisterRequest, _: Admin,
                   context: ContextParam = None) -> AgentInfo:
    """Register an agent, or change a registered one (admin; ``memory.agents.register``):
    its first registration creates policy version 1."""
    _count(request, "agents_register")
    return state(request).memory.agents.register(
        body.agent_id, owner_id=body.owner_id, name=body.name, description=body.description,
        role=body.role, trusted=body.trusted, intensity=body.intensity,
        base_provider=body.base_provider, base_model=body.base_model,
        archetype=body.archetype, traits=body.traits, context=context)


@router.get("/agents", response_model=list[AgentInfo], tags=["agents"])
def list_agents(request: Request, _: Admin, context: ContextParam = None) -> list[AgentInfo]:
    """Every registered agent of a context (admin; ``memory.agents.list``)."""
    _count(request, "agents_list")
    return state(request).memory.agents.list(context=context)


@router.get("/agents/{agent_id}", response_model=AgentInfo, tags=["agents"])
def get_agent(request: Request, agent_id: AgentId, scope: ReadScope) -> AgentInfo:
    """A registered agent (``memory.agents.get``)."""
    _count(request, "agents_get")
    return state(request).memory.agents.get(agent_id, context=scope.context)


@router.post("/agents/{agent_id}/feedback", response_model=FeedbackReceipt, tags=["agents"])
def agent_feedback(request: Request, agent_id: AgentId, body: AgentFeedbackRequest,
                   scope: WriteScope) -> FeedbackReceipt:
    """The key's user's feedback on one of the agent's messages
    (``memory.agents.submit_feedback``); an unregistered agent is 404."""
    _count(request, "agents_feedback")
    return state(request).memory.agents.submit_feedback(
        user_id=scope.user_id, agent_id=agent_id, source_id=body.source_id,
        channel=body.channel, thumbs=body.thumbs, rating=body.rating, text=body.text,
        reaction=body.reaction, implicit=body.implicit, room_id=body.room_id,
        message=body.message, response=body.response, traits=body.traits,
        context=scope.context)


@router.get("/agents/{agent_id}/learning", response_model=LearningMetrics, tags=["agents"])
def agent_learning(request: Request, agent_id: AgentId, scope: ReadScope) -> LearningMetrics:
    """The agent's current learning metrics (``memory.agents.learning``)."""
    _count(request, "agents_learning")
    return state(request).memory.agents.learning(agent_id, context=scope.context)


# -- consolidation ----------------------------------------------------------------------------
@router.post("/consolidate", response_model=ConsolidationReport, tags=["sleep"])
def consolidate(request: Request, body: ConsolidateRequest,
                scope: WriteScope) -> ConsolidationReport:
    """Run the consolidation cycle for the user (``memory.sleep.consolidate``): resumes an
    interrupted run; with ``dry_run`` writes nothing and lists the planned changes."""
    _count(request, "consolidate")
    return state(request).memory.sleep.consolidate(
        user_id=scope.user_id, context=scope.context, dry_run=body.dry_run, reset=body.reset)
