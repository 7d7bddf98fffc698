"""Routes over facts and behaviour learning (``memory.skills``, ``memory.facts``).

``POST /api/v1/memory/feedback`` answers as the aico seed specifies (200
``{status, skill_updated, new_confidence}``, 400 ``invalid_reward``, 404
``skill_not_found``, 422 ``validation_error``); its arguments are checked by
:func:`lucidmem.behaviour.validate_feedback`, the same check ``memory.skills.feedback``
and MCP make. The other routes pass their JSON body as keyword arguments to the
capability method named in :data:`PASSTHROUGHS` (validated against its signature with
``pydantic.validate_call``: unknown or ill-typed arguments answer 422); ``user_id`` and
``context`` come from the key and the query string, never from the body.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.encoders import jsonable_encoder
from pydantic import validate_call

from ..behaviour import validate_feedback
from ..errors import InvalidInputError
from .deps import ReadScope, Scope, WriteScope, state
from .schemas import FeedbackRequest, FeedbackResponse

if TYPE_CHECKING:
    from ..memory import Memory

__all__ = ["PASSTHROUGHS", "router"]

router = APIRouter(prefix="/api/v1", tags=["learning"])
Kwargs = Annotated[dict[str, Any], Body(
    default_factory=dict, description="Keyword arguments of the capability method.")]
Method = Callable[..., Any]


def _passthrough(request: Request, scope: Scope, name: str, method: Callable[[Memory], Method],
                 scoped: bool, body: dict[str, Any]) -> Any:
    if "user_id" in body or "context" in body:
        raise InvalidInputError("user_id and context come from the API key and the query "
                                "string, not the body", field="user_id")
    app = state(request)
    app.metrics.operation(name)
    kwargs = dict(body)
    if scoped:
        kwargs.update(user_id=scope.user_id, context=scope.context)
    return jsonable_encoder(validate_call(method(app.memory))(**kwargs))


@router.post("/memory/feedback", response_model=FeedbackResponse)
def feedback(request: Request, body: FeedbackRequest, scope: WriteScope) -> FeedbackResponse:
    """Rate a reply produced with a skill (aico seed); updates the skill's confidence.

    The reply is identified by the selection id ``skills.select`` returned: pass it as
    ``selection_id`` or as ``message_id``. An unknown selection answers 404
    ``skill_not_found``; while the user has not opted in to behaviour learning the
    answer is 200 with ``status: "learning_disabled"`` and nothing changes.
    """
    checked = validate_feedback(body.reward, body.reason, body.free_text)
    app = state(request)
    app.metrics.operation("feedback")
    result = app.memory.skills.feedback(
        body.selection_id or body.message_id, user_id=scope.user_id, reward=checked.reward,
        reason=checked.reason, free_text=checked.free_text, context=scope.context)
    return FeedbackResponse(
        status="learning_disabled" if result.status == "learning_disabled" else "success",
        skill_updated=result.skill_updated, new_confidence=result.new_confidence)


PASSTHROUGHS: tuple[tuple[str, str, bool, bool, str, Callable[[Memory], Method]], ...] = (
    ("/skills/select", "select_skill", True, True, "Choose the skill for the next reply.",
     lambda m: m.skills.select),
    ("/memory/feedback/classify", "classify_feedback", False, False,
     "Classify free-text feedback (any language).", lambda m: m.skills.classify_feedback),
    ("/facts", "facts", False, True, "The user's facts; filters as keyword arguments.",
     lambda m: m.facts.list),
    ("/recall", "recall_about", False, True, "What the memory knows about a topic.",
     lambda m: m.facts.recall),
    ("/behaviour/enable", "enable_behaviour_learning", True, True, "Opt the user in.",
     lambda m: m.skills.enable),
    ("/behaviour/disable", "disable_behaviour_learning", True, True, "Opt the user out.",
     lambda m: m.skills.disable),
    ("/behaviour/enabled", "behaviour_learning_enabled", False, True,
     "Whether the user opted in.", lambda m: m.skills.enabled),
    ("/behaviour/profile", "behaviour_profile", False, True, "What was learned about the user.",
     lambda m: m.skills.profile),
    ("/behaviour/log-turn", "log_turn", True, True, "Attach the reply to a selection.",
     lambda m: m.skills.log_turn),
    ("/behaviour/trajectories", "trajectories", False, True, "Recent trajectory steps.",
     lambda m: m.skills.trajectories),
    ("/behaviour/reset", "reset_behaviour", True, True, "Forget what was learned.",
     lambda m: m.skills.reset),
    ("/skills/list", "list_skills", False, True, "The skills available to the user.",
     lambda m: m.skills.list),
    ("/skills/get", "get_skill", False, True, "One skill.", lambda m: m.skills.get),
    ("/skills/create", "create_skill", True, True, "Add a skill of the user's own.",
     lambda m: m.skills.create),
    ("/skills/update", "update_skill", True, True, "Change a skill of the user's own.",
     lambda m: m.skills.update),
    ("/skills/delete", "delete_skill", True, True, "Delete a skill of the user's own.",
     lambda m: m.skills.delete),
)
"""(path, route name (the metrics' operation label), is a write, takes the caller's user_id
and context, summary, the method): POST routes whose JSON body is the method's keyword
arguments."""


def _register(path: str, name: str, write: bool, scoped: bool, summary: str,
              method: Callable[[Memory], Method]) -> None:
    if write:
        def route(request: Request, scope: WriteScope, body: Kwargs) -> Any:
            return _passthrough(request, scope, name, method, scoped, body)
    else:
        def route(request: Request, scope: ReadScope, body: Kwargs) -> Any:
            return _passthrough(request, scope, name, method, scoped, body)
    route.__name__ = name
    route.__doc__ = summary
    router.add_api_route(path, route, methods=["POST"], name=name, summary=summary)


for _entry in PASSTHROUGHS:
    _register(*_entry)
