"""Routes over facts and behaviour learning: present when ``Memory`` has the capability.

``POST /api/v1/memory/feedback`` answers as the aico seed specifies (200
``{status, skill_updated, new_confidence}``, 400 ``invalid_reward``, 404
``skill_not_found``, 422 ``validation_error``) and 501 ``not_implemented``
while ``Memory.feedback`` does not exist. The other routes pass their JSON
body as keyword arguments to the method of the same name (validated against
its signature with ``pydantic.validate_call``: unknown or ill-typed
arguments answer 422); ``user_id`` and ``context`` come from the key and
the query string, never from the body.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.encoders import jsonable_encoder
from pydantic import validate_call

from ..errors import InvalidInputError
from ..serving._compat import call_with_supported, capability, field_of
from .deps import ReadScope, Scope, WriteScope, state
from .errors import CapabilityMissingError
from .schemas import FeedbackRequest, FeedbackResponse

__all__ = ["router"]

router = APIRouter(prefix="/api/v1", tags=["learning"])
VALID_REWARDS = (-1, 0, 1)
Kwargs = Annotated[dict[str, Any], Body(
    default_factory=dict, description="Keyword arguments of the Memory method.")]


def _method(request: Request, name: str) -> Any:
    fn = capability(state(request).memory, name)
    if fn is None:
        raise CapabilityMissingError(
            f"Memory.{name} is not available in this version of lucidmem")
    state(request).metrics.operation(name)
    return fn


def _passthrough(request: Request, scope: Scope, name: str, body: dict[str, Any]) -> Any:
    fn = _method(request, name)
    if "user_id" in body or "context" in body:
        raise InvalidInputError("user_id and context come from the API key and the query "
                                "string, not the body", field="user_id")
    params = inspect.signature(fn).parameters
    takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    kwargs = dict(body)
    for key, value in (("user_id", scope.user_id), ("context", scope.context)):
        if takes_all or key in params:
            kwargs[key] = value
    return jsonable_encoder(validate_call(fn)(**kwargs))


@router.post("/memory/feedback", response_model=FeedbackResponse)
def feedback(request: Request, body: FeedbackRequest, scope: WriteScope) -> FeedbackResponse:
    """Rate a reply produced with a skill (aico seed); updates the skill's confidence.

    The reply is identified by the selection id ``select_skill`` returned: pass it as
    ``selection_id`` or as ``message_id``. An unknown selection answers 404
    ``skill_not_found``; while the user has not opted in to behaviour learning the
    answer is 200 with ``status: "learning_disabled"`` and nothing changes.
    """
    if body.reward not in VALID_REWARDS:
        raise InvalidInputError("Reward must be -1, 0, or 1", field="reward")
    fn = _method(request, "feedback")
    result = call_with_supported(
        fn, user_id=scope.user_id, selection_id=body.selection_id or body.message_id,
        message_id=body.message_id, skill_id=body.skill_id, reward=body.reward,
        reason=body.reason, free_text=body.free_text, context=scope.context)
    raw = result if isinstance(result, int | float) and not isinstance(result, bool) else \
        field_of(result, "new_confidence", "confidence", "confidence_score")
    status = field_of(result, "status")
    updated = field_of(result, "skill_updated", "updated")
    return FeedbackResponse(
        status="learning_disabled" if status == "learning_disabled" else "success",
        skill_updated=True if updated is None else bool(updated),
        new_confidence=float(raw) if isinstance(raw, int | float) else None)


PASSTHROUGHS: tuple[tuple[str, str, bool, str], ...] = (
    ("/skills/select", "select_skill", True, "Choose the skill for the next reply."),
    ("/memory/feedback/classify", "classify_feedback", False,
     "Classify free-text feedback (any language)."),
    ("/facts", "facts", False, "The user's facts; filters as keyword arguments."),
    ("/recall", "recall_about", False, "What the memory knows about a topic."),
    ("/behaviour/enable", "enable_behaviour_learning", True, "Opt the user in."),
    ("/behaviour/disable", "disable_behaviour_learning", True, "Opt the user out."),
    ("/behaviour/enabled", "behaviour_learning_enabled", False, "Whether the user opted in."),
    ("/behaviour/profile", "behaviour_profile", False, "What was learned about the user."),
    ("/behaviour/log-turn", "log_turn", True, "Attach the reply to a selection."),
    ("/behaviour/trajectories", "trajectories", False, "Recent trajectory steps."),
    ("/behaviour/reset", "reset_behaviour", True, "Forget what was learned."),
    ("/skills/list", "list_skills", False, "The skills available to the user."),
    ("/skills/get", "get_skill", False, "One skill."),
    ("/skills/create", "create_skill", True, "Add a skill of the user's own."),
    ("/skills/update", "update_skill", True, "Change a skill of the user's own."),
    ("/skills/delete", "delete_skill", True, "Delete (or archive) a skill."),
)
"""(path, Memory method, is a write, summary): POST routes whose JSON body is the method's
keyword arguments. They answer 501 while the method is not on ``Memory``."""


def _register(path: str, name: str, write: bool, summary: str) -> None:
    if write:
        def route(request: Request, scope: WriteScope, body: Kwargs) -> Any:
            return _passthrough(request, scope, name, body)
    else:
        def route(request: Request, scope: ReadScope, body: Kwargs) -> Any:
            return _passthrough(request, scope, name, body)
    route.__name__ = name
    route.__doc__ = f"{summary} (``Memory.{name}``)"
    router.add_api_route(path, route, methods=["POST"], name=name, summary=summary)


for _entry in PASSTHROUGHS:
    _register(*_entry)
