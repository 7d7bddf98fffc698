"""Routes over facts and behaviour learning (``memory.facts``, ``memory.skills``).

Each route calls one capability method with typed arguments: reads are GETs with query
parameters, writes take a typed JSON body. ``user_id`` and ``context`` come from the key
and the query string (see :mod:`.deps`), never from the body.

``POST /api/v1/memories/feedback`` answers as the aico seed specifies (200
``{status, skill_updated, new_confidence}``, 400 ``invalid_reward``, 404
``skill_not_found``, 422 ``validation_error``); its arguments are checked by
:func:`lucidmem.behaviour.validate_feedback`, the same check ``memory.skills.feedback``
and MCP make.

The paths of the first release (``POST /memory/feedback``, ``POST /facts``,
``POST /skills/list`` …) still answer, marked deprecated in the OpenAPI document, with
typed bodies; they go in the next release.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request

from ..behaviour import FeedbackClassification, validate_feedback
from ..behaviour.models import BehaviourProfile, SkillInfo, SkillSelection, TrajectoryView
from ..facts.recall import Recall
from ..facts.records import Fact
from .deps import ReadScope, Scope, WriteScope, state
from .errors import FEEDBACK_PATH, LEGACY_FEEDBACK_PATH
from .schemas import (
    ClassifyRequest,
    DeletedResponse,
    FactPage,
    FactsFilter,
    FeedbackRequest,
    FeedbackResponse,
    LogTurnRequest,
    RecallRequest,
    SelectRequest,
    SkillCreate,
    SkillRef,
    SkillsFilter,
    SkillUpdate,
    SkillUpdateByRef,
    TrajectoriesFilter,
    Trigger,
    next_offset,
)

__all__ = ["router"]

PREFIX = "/api/v1"
router = APIRouter(prefix=PREFIX, tags=["learning"])
legacy = APIRouter(tags=["deprecated"], deprecated=True)  # included in router below
SkillId = Annotated[str, Path(min_length=1, max_length=128, description="A skill id.")]
Mode = Annotated[str, Query(pattern="^(true|believed)$", description=(
    "With as_of: 'believed' = what the memory believed then; 'true' = what was true then "
    "as known now."))]


def _count(request: Request, name: str) -> None:
    state(request).metrics.operation(name)


# -- feedback ---------------------------------------------------------------------------------
def _feedback(request: Request, body: FeedbackRequest, scope: Scope) -> FeedbackResponse:
    checked = validate_feedback(body.reward, body.reason, body.free_text)
    _count(request, "feedback")
    result = state(request).memory.skills.feedback(
        body.selection_id or body.message_id, user_id=scope.user_id, reward=checked.reward,
        reason=checked.reason, free_text=checked.free_text, context=scope.context)
    return FeedbackResponse(
        status="learning_disabled" if result.status == "learning_disabled" else "success",
        skill_updated=result.skill_updated, new_confidence=result.new_confidence)


@router.post(FEEDBACK_PATH.removeprefix(PREFIX), response_model=FeedbackResponse)
def feedback(request: Request, body: FeedbackRequest, scope: WriteScope) -> FeedbackResponse:
    """Rate a reply produced with a skill (aico seed); updates the skill's confidence.

    The reply is identified by the selection id ``skills.select`` (or ``/context``)
    returned: pass it as ``selection_id`` or as ``message_id``. An unknown selection
    answers 404 ``skill_not_found``; while the user has not opted in to behaviour learning
    the answer is 200 with ``status: "learning_disabled"`` and nothing changes.
    """
    return _feedback(request, body, scope)


@legacy.post(LEGACY_FEEDBACK_PATH.removeprefix(PREFIX), response_model=FeedbackResponse,
             name="feedback_deprecated")
def feedback_deprecated(request: Request, body: FeedbackRequest,
                        scope: WriteScope) -> FeedbackResponse:
    """Deprecated: use ``POST /api/v1/memories/feedback``."""
    return _feedback(request, body, scope)


def _classify(request: Request, body: ClassifyRequest) -> FeedbackClassification:
    _count(request, "classify_feedback")
    return state(request).memory.skills.classify_feedback(body.text)


@router.post("/memories/feedback/classify", response_model=FeedbackClassification)
def classify_feedback(request: Request, body: ClassifyRequest,
                      _: ReadScope) -> FeedbackClassification:
    """Classify free-text feedback (any language) into categories."""
    return _classify(request, body)


@legacy.post("/memory/feedback/classify", response_model=FeedbackClassification)
def classify_feedback_deprecated(request: Request, body: ClassifyRequest,
                                 _: ReadScope) -> FeedbackClassification:
    """Deprecated: use ``POST /api/v1/memories/feedback/classify``."""
    return _classify(request, body)


# -- facts ------------------------------------------------------------------------------------
def _facts(request: Request, scope: Scope, f: FactsFilter) -> list[Fact]:
    _count(request, "facts")
    return state(request).memory.facts.list(
        user_id=scope.user_id, about=f.about, as_of=f.as_of, mode=f.mode,
        include_staged=f.include_staged, include_secrets=f.include_secrets,
        context=scope.context)


@router.get("/facts", response_model=FactPage)
def facts(
    request: Request, scope: ReadScope,
    about: Annotated[str | None, Query(max_length=1000,
                                       description="Only facts about this topic.")] = None,
    as_of: Annotated[datetime | None, Query(description="Beliefs at this time.")] = None,
    mode: Mode = "believed",
    include_staged: Annotated[bool, Query(description="Add facts awaiting validation.")] = False,
    include_secrets: Annotated[bool, Query(description="Add secret facts.")] = False,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 100,
    offset: Annotated[int, Query(ge=0, le=10_000_000)] = 0,
) -> FactPage:
    """The user's facts (``memory.facts.list``), one page at a time."""
    found = _facts(request, scope, FactsFilter(
        about=about, as_of=as_of, mode="true" if mode == "true" else "believed",
        include_staged=include_staged, include_secrets=include_secrets))
    page = found[offset:offset + limit]
    return FactPage(items=page, total=len(found), limit=limit, offset=offset,
                    next_offset=next_offset(offset, len(page), len(found)))


@legacy.post("/facts", response_model=list[Fact])
def facts_deprecated(request: Request, scope: ReadScope,
                     body: FactsFilter | None = None) -> list[Fact]:
    """Deprecated: use ``GET /api/v1/facts``."""
    return _facts(request, scope, body or FactsFilter())


def _recall(request: Request, scope: Scope, body: RecallRequest) -> Recall:
    _count(request, "recall_about")
    return state(request).memory.facts.recall(
        body.topic, user_id=scope.user_id, include_secrets=body.include_secrets,
        limit=body.limit, min_score=body.min_score, context=scope.context)


@router.get("/recall", response_model=Recall)
def recall(
    request: Request, scope: ReadScope,
    topic: Annotated[str, Query(min_length=1, max_length=1000,
                                description="A topic, person or thing.")],
    include_secrets: Annotated[bool, Query(description="Include secret facts.")] = False,
    limit: Annotated[int, Query(ge=1, le=1000)] = 30,
    min_score: Annotated[float | None, Query(
        ge=-1.0, le=1.0, description="Least relevance of search hits used when no fact is "
                                     "about the topic (default from settings).")] = None,
) -> Recall:
    """What the memory knows about a topic (``memory.facts.recall``)."""
    return _recall(request, scope, RecallRequest(topic=topic, include_secrets=include_secrets,
                                                 limit=limit, min_score=min_score))


@legacy.post("/recall", response_model=Recall)
def recall_deprecated(request: Request, scope: ReadScope, body: RecallRequest) -> Recall:
    """Deprecated: use ``GET /api/v1/recall``."""
    return _recall(request, scope, body)


# -- behaviour learning -----------------------------------------------------------------------
@router.post("/skills/select", response_model=SkillSelection)
def select_skill(request: Request, body: SelectRequest, scope: WriteScope) -> SkillSelection:
    """Choose the skill for the next reply (``memory.skills.select``)."""
    _count(request, "select_skill")
    return state(request).memory.skills.select(body.message, user_id=scope.user_id,
                                               context=scope.context, when=body.when)


@router.post("/behaviour/enable", response_model=bool)
def enable_behaviour_learning(request: Request, scope: WriteScope) -> bool:
    """Opt the user in to behaviour learning; answers true."""
    _count(request, "enable_behaviour_learning")
    return state(request).memory.skills.enable(user_id=scope.user_id, context=scope.context)


@router.post("/behaviour/disable", response_model=bool)
def disable_behaviour_learning(request: Request, scope: WriteScope) -> bool:
    """Opt the user out (what was learned is kept); answers false."""
    _count(request, "disable_behaviour_learning")
    return state(request).memory.skills.disable(user_id=scope.user_id, context=scope.context)


def _enabled(request: Request, scope: Scope) -> bool:
    _count(request, "behaviour_learning_enabled")
    return state(request).memory.skills.enabled(user_id=scope.user_id, context=scope.context)


@router.get("/behaviour/enabled", response_model=bool)
def behaviour_learning_enabled(request: Request, scope: ReadScope) -> bool:
    """Whether the user opted in."""
    return _enabled(request, scope)


@legacy.post("/behaviour/enabled", response_model=bool)
def behaviour_learning_enabled_deprecated(request: Request, scope: ReadScope) -> bool:
    """Deprecated: use ``GET /api/v1/behaviour/enabled``."""
    return _enabled(request, scope)


def _profile(request: Request, scope: Scope) -> BehaviourProfile:
    _count(request, "behaviour_profile")
    return state(request).memory.skills.profile(user_id=scope.user_id, context=scope.context)


@router.get("/behaviour/profile", response_model=BehaviourProfile)
def behaviour_profile(request: Request, scope: ReadScope) -> BehaviourProfile:
    """What was learned about the user (``memory.skills.profile``)."""
    return _profile(request, scope)


@legacy.post("/behaviour/profile", response_model=BehaviourProfile)
def behaviour_profile_deprecated(request: Request, scope: ReadScope) -> BehaviourProfile:
    """Deprecated: use ``GET /api/v1/behaviour/profile``."""
    return _profile(request, scope)


@router.post("/behaviour/log-turn", response_model=TrajectoryView)
def log_turn(request: Request, body: LogTurnRequest, scope: WriteScope) -> TrajectoryView:
    """Attach the assistant's reply to a selection (``memory.skills.log_turn``)."""
    _count(request, "log_turn")
    return state(request).memory.skills.log_turn(
        body.selection_id, body.response, user_id=scope.user_id, context=scope.context)


def _trajectories(request: Request, scope: Scope, f: TrajectoriesFilter) -> list[TrajectoryView]:
    _count(request, "trajectories")
    return state(request).memory.skills.trajectories(
        user_id=scope.user_id, limit=f.limit, include_archived=f.include_archived,
        context=scope.context)


@router.get("/behaviour/trajectories", response_model=list[TrajectoryView])
def trajectories(
    request: Request, scope: ReadScope,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 50,
    include_archived: Annotated[bool, Query()] = False,
) -> list[TrajectoryView]:
    """The user's most recent trajectory steps, newest first."""
    return _trajectories(request, scope, TrajectoriesFilter(
        limit=limit, include_archived=include_archived))


@legacy.post("/behaviour/trajectories", response_model=list[TrajectoryView])
def trajectories_deprecated(request: Request, scope: ReadScope,
                            body: TrajectoriesFilter | None = None) -> list[TrajectoryView]:
    """Deprecated: use ``GET /api/v1/behaviour/trajectories``."""
    return _trajectories(request, scope, body or TrajectoriesFilter())


@router.post("/behaviour/reset", response_model=int)
def reset_behaviour(request: Request, scope: WriteScope) -> int:
    """Forget what was learned about the user (their own skills and opt-in stay); answers
    how many records were removed."""
    _count(request, "reset_behaviour")
    return state(request).memory.skills.reset(user_id=scope.user_id, context=scope.context)


# -- skills -----------------------------------------------------------------------------------
def _skills(request: Request, scope: Scope, include_archived: bool) -> list[SkillInfo]:
    _count(request, "list_skills")
    return state(request).memory.skills.list(
        user_id=scope.user_id, include_archived=include_archived, context=scope.context)


@router.get("/skills", response_model=list[SkillInfo])
def list_skills(request: Request, scope: ReadScope,
                include_archived: Annotated[bool, Query()] = False) -> list[SkillInfo]:
    """Base skills, then the user's own (``memory.skills.list``)."""
    return _skills(request, scope, include_archived)


@legacy.post("/skills/list", response_model=list[SkillInfo])
def list_skills_deprecated(request: Request, scope: ReadScope,
                           body: SkillsFilter | None = None) -> list[SkillInfo]:
    """Deprecated: use ``GET /api/v1/skills``."""
    return _skills(request, scope, (body or SkillsFilter()).include_archived)


def _skill(request: Request, scope: Scope, skill_id: str) -> SkillInfo:
    _count(request, "get_skill")
    return state(request).memory.skills.get(skill_id, user_id=scope.user_id,
                                            context=scope.context)


@router.get("/skills/{skill_id}", response_model=SkillInfo)
def get_skill(request: Request, skill_id: SkillId, scope: ReadScope) -> SkillInfo:
    """One skill, base or the user's own."""
    return _skill(request, scope, skill_id)


@legacy.post("/skills/get", response_model=SkillInfo)
def get_skill_deprecated(request: Request, body: SkillRef, scope: ReadScope) -> SkillInfo:
    """Deprecated: use ``GET /api/v1/skills/{skill_id}``."""
    return _skill(request, scope, body.skill_id)


def _trigger(trigger: Trigger | None) -> dict[str, list[str]] | None:
    return None if trigger is None else {str(k): v for k, v in trigger.items()}


def _create(request: Request, scope: Scope, body: SkillCreate) -> SkillInfo:
    _count(request, "create_skill")
    return state(request).memory.skills.create(
        body.skill_id, user_id=scope.user_id, name=body.name, template=body.template,
        dimensions=body.dimensions, description=body.description,
        trigger=_trigger(body.trigger),
        context=scope.context)


@router.post("/skills", response_model=SkillInfo, status_code=201)
def create_skill(request: Request, body: SkillCreate, scope: WriteScope) -> SkillInfo:
    """Add a skill of the user's own (``memory.skills.create``)."""
    return _create(request, scope, body)


@legacy.post("/skills/create", response_model=SkillInfo)
def create_skill_deprecated(request: Request, body: SkillCreate, scope: WriteScope) -> SkillInfo:
    """Deprecated: use ``POST /api/v1/skills``."""
    return _create(request, scope, body)


def _update(request: Request, scope: Scope, skill_id: str, body: SkillUpdate) -> SkillInfo:
    _count(request, "update_skill")
    return state(request).memory.skills.update(
        skill_id, user_id=scope.user_id, name=body.name, template=body.template,
        description=body.description, dimensions=body.dimensions,
        trigger=_trigger(body.trigger),
        context=scope.context)


@router.patch("/skills/{skill_id}", response_model=SkillInfo)
def update_skill(request: Request, skill_id: SkillId, body: SkillUpdate,
                 scope: WriteScope) -> SkillInfo:
    """Change a skill of the user's own (``memory.skills.update``)."""
    return _update(request, scope, skill_id, body)


@legacy.post("/skills/update", response_model=SkillInfo)
def update_skill_deprecated(request: Request, body: SkillUpdateByRef,
                            scope: WriteScope) -> SkillInfo:
    """Deprecated: use ``PATCH /api/v1/skills/{skill_id}``."""
    return _update(request, scope, body.skill_id, body)


@router.delete("/skills/{skill_id}", response_model=DeletedResponse)
def delete_skill(request: Request, skill_id: SkillId, scope: WriteScope) -> DeletedResponse:
    """Delete a skill of the user's own with its statistics (``memory.skills.delete``)."""
    _count(request, "delete_skill")
    return DeletedResponse(deleted=state(request).memory.skills.delete(
        skill_id, user_id=scope.user_id, context=scope.context))


@legacy.post("/skills/delete", response_model=int)
def delete_skill_deprecated(request: Request, body: SkillRef, scope: WriteScope) -> int:
    """Deprecated: use ``DELETE /api/v1/skills/{skill_id}``."""
    _count(request, "delete_skill")
    return state(request).memory.skills.delete(body.skill_id, user_id=scope.user_id,
                                               context=scope.context)


router.include_router(legacy)
