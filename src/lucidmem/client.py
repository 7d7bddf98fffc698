"""``Client`` and ``AsyncClient``: ``Memory``'s methods over the REST API of ``lucidmem serve``.

Same method names, arguments and result types as ``Memory``, so moving from the embedded
memory to a server is one line::

    memory = Memory()                                            # embedded
    memory = Client("http://memory.internal:8765", api_key=KEY)  # the same calls, remote

    memory.add("I moved to Lisbon", user_id="maya")
    memory.search("where does she live?", user_id="maya")
    memory.skills.feedback(ctx.selection_id, user_id="maya", reward=1)

``memory.facts``, ``memory.skills``, ``memory.agents`` (``register`` and ``list`` need the
admin key) and ``memory.sleep.consolidate`` are there too. Answers 429 (rate limited) and
503 (a backend down; nothing was written) and connections that could not open are retried
with exponential backoff and jitter (``stamina``; a ``Retry-After`` header is honoured), as
are a proxy's 502/504 and other network failures for reads; at most ``retries`` times;
then, as every other error, they raise the ``lucidmem.errors`` class ``Memory`` would raise
(``NotFoundError``, ``InvalidInputError``, ``UnauthorizedError``, ``RateLimitedError``), or
``ServerError`` for a server that failed or could not be reached. Messages name the URL,
never the key.
"""

from __future__ import annotations

import builtins
import functools
import os
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, Literal, ParamSpec, TypeVar
from urllib.parse import quote

import httpx
import stamina
from pydantic import TypeAdapter

from .behaviour.feedback_classifier import FeedbackClassification
from .behaviour.models import (
    BehaviourProfile,
    FeedbackResult,
    SkillInfo,
    SkillSelection,
    TrajectoryView,
)
from .errors import (
    ConfigurationError,
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    LucidmemError,
    NotFoundError,
    RateLimitedError,
    ServerError,
    TextTooLongError,
    UnauthorizedError,
)
from .facts.recall import Recall
from .facts.records import Fact
from .serving.models import AssembledContext, Disclosure, Layer
from .types import HistoryEntry, MemoryItem, MessageDict, SearchHit, StoreStats

if TYPE_CHECKING:
    from .agents.base import AgentInfo
    from .agents.rewards import LearningMetrics
    from .agents.submissions import FeedbackReceipt
    from .consolidation.report import ConsolidationReport
    from .erasure import ErasureReport
    from .export import UserExport
    from .facts.results import FactHit

__all__ = ["DEFAULT_RETRIES", "DEFAULT_URL", "AsyncClient", "Client"]

DEFAULT_URL = "http://127.0.0.1:8765"
"""Where ``lucidmem serve`` listens by default."""
DEFAULT_RETRIES = 3
"""Retries of a retryable answer or failed connection (so 4 attempts in all)."""
DEFAULT_TIMEOUT = 30.0
MAX_WAIT = 30.0
"""Longest wait between two attempts, whatever ``Retry-After`` asks for."""
RETRIED = frozenset({429, 503})
"""Answers retried for every method: the server wrote nothing (rate limit, a backend down)."""
RETRIED_IF_SAFE = frozenset({502, 504})
"""Answers of a proxy retried for reads only: a write may have happened behind it."""
API = "/api/v1"
PAGE = 10_000

P = ParamSpec("P")
T = TypeVar("T")


# -- what a call is: method, path, arguments and how to read the answer ----------------------
@dataclass(frozen=True, slots=True)
class _Call(Generic[T]):
    method: str
    path: str
    parse: Callable[[Any], T]
    params: dict[str, Any] = field(default_factory=dict)
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def _params(**values: Any) -> dict[str, Any]:
    return {k: _jsonable(v) for k, v in values.items() if v is not None}


def _body(**values: Any) -> dict[str, Any]:
    return _params(**values)


def _as(kind: Any) -> Callable[[Any], Any]:
    adapter: TypeAdapter[Any] = TypeAdapter(kind)
    return adapter.validate_python


def _none(_: Any) -> None:
    return None


def _deleted(answer: Any) -> int:
    return int(answer["deleted"])


def _items(answer: Any) -> list[MemoryItem]:
    parsed: list[MemoryItem] = _as(list[MemoryItem])(answer["items"])
    return parsed


def _erasure_report(answer: Any) -> ErasureReport:
    from .erasure import ErasureReport

    return ErasureReport.model_validate(answer)


def _fact_hits(answer: Any) -> list[FactHit]:
    from .facts.results import FactHit

    parsed: list[FactHit] = _as(list[FactHit])(answer)
    return parsed


def _agent_info(answer: Any) -> AgentInfo:
    from .agents.base import AgentInfo

    return AgentInfo.model_validate(answer)


def _agent_infos(answer: Any) -> list[AgentInfo]:
    from .agents.base import AgentInfo

    return TypeAdapter(list[AgentInfo]).validate_python(answer)


def _receipt(answer: Any) -> FeedbackReceipt:
    from .agents.submissions import FeedbackReceipt

    return FeedbackReceipt.model_validate(answer)


def _learning(answer: Any) -> LearningMetrics:
    from .agents.rewards import LearningMetrics

    return LearningMetrics.model_validate(answer)


def _consolidation(answer: Any) -> ConsolidationReport:
    from .consolidation.report import ConsolidationReport

    return ConsolidationReport.model_validate(answer)


def _user_export(answer: Any) -> UserExport:
    from .export import UserExport

    return UserExport.model_validate(answer)


class _MemoryCalls:
    """The calls of ``Memory``'s own methods."""

    def add(
        self,
        messages: str | MessageDict | Sequence[MessageDict],
        *,
        user_id: str,
        conversation_id: str | None = None,
        agent_id: str | None = None,
        context: str | None = None,
        timestamp: datetime | str | float | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> _Call[list[MemoryItem]]:
        """Remember conversation turns (``Memory.add``)."""
        turns: Any = [messages] if isinstance(messages, Mapping) else (
            messages if isinstance(messages, str) else list(messages))
        return _Call("POST", "/memories", _as(list[MemoryItem]),
                     _params(user_id=user_id, context=context),
                     _body(messages=turns, conversation_id=conversation_id, agent_id=agent_id,
                           timestamp=timestamp, metadata=metadata))

    def search(
        self,
        query: str,
        *,
        user_id: str,
        limit: int = 10,
        context: str | None = None,
        conversation_id: str | None = None,
        since: datetime | str | float | None = None,
        until: datetime | str | float | None = None,
        kinds: Sequence[str] | None = None,
        preset: str | None = None,
        min_score: float | None = None,
        as_of: datetime | str | float | None = None,
    ) -> _Call[list[SearchHit]]:
        """Hybrid search over one user's memories (``Memory.search``)."""
        return _Call("POST", "/memories/search", _as(list[SearchHit]),
                     _params(user_id=user_id, context=context),
                     _body(query=query, limit=limit, conversation_id=conversation_id,
                           since=since, until=until,
                           kinds=None if kinds is None else list(kinds), preset=preset,
                           min_score=min_score, as_of=as_of))

    def get(self, item_id: str, *, user_id: str,
            context: str | None = None) -> _Call[MemoryItem]:
        """One item (``Memory.get``)."""
        return _Call("GET", f"/memories/{_segment(item_id)}", MemoryItem.model_validate,
                     _params(user_id=user_id, context=context))

    def get_all(
        self,
        *,
        user_id: str,
        context: str | None = None,
        conversation_id: str | None = None,
        kinds: Sequence[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> _Call[list[MemoryItem]]:
        """A user's items, oldest first, paginated (``Memory.get_all``)."""
        return _Call("GET", "/memories", _items, _params(
            user_id=user_id, context=context, conversation_id=conversation_id,
            kinds=None if kinds is None else list(kinds), limit=limit, offset=offset))

    def working_memory(
        self,
        *,
        user_id: str,
        conversation_id: str | None = None,
        context: str | None = None,
        limit: int = 50,
    ) -> _Call[list[MemoryItem]]:
        """Recent turns inside the working-memory TTL (``Memory.working_memory``)."""
        return _Call("GET", "/working-memory", _as(list[MemoryItem]), _params(
            user_id=user_id, conversation_id=conversation_id, context=context, limit=limit))

    def history(self, item_id: str, *, user_id: str,
                context: str | None = None) -> _Call[list[HistoryEntry]]:
        """Every change made to an item (``Memory.history``)."""
        return _Call("GET", f"/memories/{_segment(item_id)}/history",
                     _as(list[HistoryEntry]), _params(user_id=user_id, context=context))

    def update(
        self,
        item_id: str,
        *,
        user_id: str,
        text: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        context: str | None = None,
        expected_version: int | None = None,
    ) -> _Call[MemoryItem]:
        """Change an item's text and/or metadata (``Memory.update``); with
        ``expected_version``, only if the item is still at that version (sent as
        ``If-Match``; ``ConflictError`` otherwise)."""
        if text is None and metadata is None:
            raise InvalidInputError("nothing to update: pass text and/or metadata", field="text")
        if expected_version is not None and (
                isinstance(expected_version, bool) or not isinstance(expected_version, int)
                or expected_version < 1):
            raise InvalidInputError("expected_version is an item's version: an integer >= 1",
                                    field="expected_version")
        return _Call("PATCH", f"/memories/{_segment(item_id)}", MemoryItem.model_validate,
                     _params(user_id=user_id, context=context),
                     _body(text=text, metadata=metadata),
                     {} if expected_version is None else {"If-Match": f'"{expected_version}"'})

    def delete(self, item_id: str, *, user_id: str, context: str | None = None) -> _Call[None]:
        """Delete one item (``Memory.delete``)."""
        return _Call("DELETE", f"/memories/{_segment(item_id)}", _none,
                     _params(user_id=user_id, context=context))

    def delete_all(self, *, user_id: str, context: str | None = None) -> _Call[int]:
        """Forget everything about a user in a context (``Memory.delete_all``)."""
        return _Call("DELETE", "/memories", _deleted, _params(user_id=user_id, context=context))

    def export(self, *, user_id: str, context: str | None = None,
               include_embeddings: bool = False) -> _Call[UserExport]:
        """Everything kept about a user in a context (``Memory.export``)."""
        return _Call("GET", "/export", _user_export, _params(
            user_id=user_id, context=context, embeddings=include_embeddings))

    def verify_erasure(self, *, user_id: str, texts: Sequence[str] = (),
                       context: str | None = None) -> _Call[ErasureReport]:
        """Search every store and file for a forgotten user (``Memory.verify_erasure``; needs
        the admin key)."""
        return _Call("POST", "/erasure/verify", _erasure_report,
                     body=_body(user_id=user_id, texts=list(texts), context=context))

    def flush(self, *, timeout: float | None = None) -> _Call[bool]:
        """Wait until every turn added so far has its vector (``Memory.flush``; needs the
        admin key)."""
        return _Call("POST", "/flush", lambda answer: bool(answer["current"]),
                     body=_body(timeout=timeout))

    def stats(self, *, context: str | None = None) -> _Call[StoreStats]:
        """Counts and size of one context (``Memory.stats``; needs the admin key)."""
        return _Call("GET", "/stats", StoreStats.model_validate, _params(context=context))

    def contexts(self) -> _Call[list[str]]:
        """The server's contexts (``Memory.contexts``; needs the admin key)."""
        return _Call("GET", "/contexts", _as(list[str]))

    def build_context(
        self,
        message: str,
        *,
        user_id: str,
        token_budget: int = 1500,
        conversation_id: str | None = None,
        agent_id: str | None = None,
        context: str | None = None,
    ) -> _Call[AssembledContext]:
        """Context for the next reply within a token budget (``Memory.build_context``)."""
        return _Call("POST", "/context", AssembledContext.model_validate,
                     _params(user_id=user_id, context=context),
                     _body(message=message, token_budget=token_budget,
                           conversation_id=conversation_id, agent_id=agent_id))

    def disclose(
        self,
        layer: Layer = "search",
        *,
        user_id: str,
        query: str | None = None,
        ids: Sequence[str] | None = None,
        limit: int = 10,
        context: str | None = None,
        conversation_id: str | None = None,
        min_score: float | None = None,
        as_of: datetime | str | float | None = None,
    ) -> _Call[Disclosure]:
        """Progressive disclosure: search → timeline → detail (``Memory.disclose``)."""
        return _Call("POST", "/memories/disclose", Disclosure.model_validate,
                     _params(user_id=user_id, context=context),
                     _body(layer=layer, query=query, ids=None if ids is None else list(ids),
                           limit=limit, conversation_id=conversation_id,
                           min_score=min_score, as_of=as_of))


def _segment(value: str) -> str:
    """An id as one path segment (``/`` and every other reserved character escaped)."""
    return quote(value, safe="")


def _facts_page(answer: Any) -> list[Fact]:
    parsed: list[Fact] = _as(list[Fact])(answer["items"])
    return parsed


class _FactCalls:
    """The calls of ``memory.facts`` the REST API offers."""

    def list(
        self,
        *,
        user_id: str,
        about: str | None = None,
        as_of: datetime | str | float | None = None,
        mode: Literal["true", "believed"] = "believed",
        include_staged: bool = False,
        include_secrets: bool = False,
        context: str | None = None,
    ) -> _Call[list[Fact]]:
        """The user's facts (``memory.facts.list``)."""
        return _Call("GET", "/facts", _facts_page, _params(
            user_id=user_id, context=context, about=about, as_of=as_of, mode=mode,
            include_staged=include_staged, include_secrets=include_secrets, limit=PAGE))

    def recall(self, topic: str, *, user_id: str, include_secrets: bool = False,
               limit: int = 30, min_score: float | None = None,
               context: str | None = None) -> _Call[Recall]:
        """What the memory knows about a topic (``memory.facts.recall``)."""
        return _Call("GET", "/recall", Recall.model_validate, _params(
            user_id=user_id, context=context, topic=topic, include_secrets=include_secrets,
            limit=limit, min_score=min_score))

    def get(self, fact_id: str, *, user_id: str, context: str | None = None) -> _Call[Fact]:
        """One fact by id, whatever its status (``memory.facts.get``)."""
        return _Call("GET", f"/facts/{_segment(fact_id)}", Fact.model_validate,
                     _params(user_id=user_id, context=context))

    def search(self, query: str, *, user_id: str, limit: int = 10,
               include_secrets: bool = False, graph: bool = True,
               min_score: float | None = None,
               context: str | None = None) -> _Call[builtins.list[FactHit]]:
        """Hybrid search over the user's facts (``memory.facts.search``)."""
        return _Call("POST", "/facts/search", _fact_hits,
                     _params(user_id=user_id, context=context),
                     _body(query=query, limit=limit, include_secrets=include_secrets,
                           graph=graph, min_score=min_score))

    def history(self, *, user_id: str, about: str | None = None,
                predicate: str | None = None, include_secrets: bool = False,
                context: str | None = None) -> _Call[builtins.list[Fact]]:
        """Every version of the user's facts ever accepted or flagged
        (``memory.facts.history``)."""
        return _Call("GET", "/facts/history", _as(list[Fact]), _params(
            user_id=user_id, context=context, about=about, predicate=predicate,
            include_secrets=include_secrets))


class _AgentCalls:
    """The calls of ``memory.agents`` the REST API offers."""

    def register(
        self,
        agent_id: str,
        *,
        owner_id: str,
        name: str,
        description: str = "",
        role: str | None = None,
        trusted: bool = False,
        intensity: str = "moderate",
        base_provider: str = "openai-compatible",
        base_model: str = "default",
        archetype: str | None = None,
        traits: Mapping[str, float] | None = None,
        context: str | None = None,
    ) -> _Call[AgentInfo]:
        """Register (or update) an agent (``memory.agents.register``; needs the admin key)."""
        return _Call("POST", "/agents", _agent_info, _params(context=context),
                     _body(agent_id=agent_id, owner_id=owner_id, name=name,
                           description=description, role=role, trusted=trusted,
                           intensity=str(intensity), base_provider=base_provider,
                           base_model=base_model, archetype=archetype,
                           traits=None if traits is None else dict(traits)))

    def list(self, *, context: str | None = None) -> _Call[builtins.list[AgentInfo]]:
        """Every registered agent of a context (``memory.agents.list``; needs the admin
        key)."""
        return _Call("GET", "/agents", _agent_infos, _params(context=context))

    def get(self, agent_id: str, *, context: str | None = None) -> _Call[AgentInfo]:
        """A registered agent (``memory.agents.get``)."""
        return _Call("GET", f"/agents/{_segment(agent_id)}", _agent_info,
                     _params(context=context))

    def submit_feedback(
        self,
        *,
        user_id: str,
        agent_id: str,
        source_id: str,
        channel: str = "chat",
        thumbs: int | None = None,
        rating: int | None = None,
        text: str | None = None,
        reaction: str | None = None,
        implicit: Mapping[str, Any] | None = None,
        room_id: str | None = None,
        message: str | None = None,
        response: str | None = None,
        traits: Sequence[str] = (),
        context: str | None = None,
    ) -> _Call[FeedbackReceipt]:
        """Feedback on one of the agent's messages (``memory.agents.submit_feedback``; the
        source kind and abuse flag are the server's to decide)."""
        return _Call("POST", f"/agents/{_segment(agent_id)}/feedback", _receipt,
                     _params(user_id=user_id, context=context),
                     _body(source_id=source_id, channel=str(channel), thumbs=thumbs,
                           rating=rating, text=text, reaction=reaction,
                           implicit=None if implicit is None else dict(implicit),
                           room_id=room_id, message=message, response=response,
                           traits=list(traits)))

    def learning(self, agent_id: str, *, context: str | None = None) -> _Call[LearningMetrics]:
        """The agent's current learning metrics (``memory.agents.learning``)."""
        return _Call("GET", f"/agents/{_segment(agent_id)}/learning", _learning,
                     _params(context=context))


class _SleepCalls:
    """The calls of ``memory.sleep`` the REST API offers."""

    def consolidate(self, *, user_id: str, context: str | None = None,
                    dry_run: bool = False, reset: bool = False) -> _Call[ConsolidationReport]:
        """Run the consolidation cycle for the user (``memory.sleep.consolidate``; a user's
        run only: the key names the user)."""
        return _Call("POST", "/consolidate", _consolidation,
                     _params(user_id=user_id, context=context),
                     _body(dry_run=dry_run, reset=reset))


class _SkillCalls:
    """The calls of ``memory.skills``."""

    def enable(self, *, user_id: str, context: str | None = None) -> _Call[bool]:
        """Opt the user in to behaviour learning."""
        return _Call("POST", "/behaviour/enable", bool, _params(user_id=user_id, context=context))

    def disable(self, *, user_id: str, context: str | None = None) -> _Call[bool]:
        """Opt the user out."""
        return _Call("POST", "/behaviour/disable", bool,
                     _params(user_id=user_id, context=context))

    def enabled(self, *, user_id: str, context: str | None = None) -> _Call[bool]:
        """Whether the user opted in."""
        return _Call("GET", "/behaviour/enabled", bool, _params(user_id=user_id, context=context))

    def select(self, message: str, *, user_id: str, context: str | None = None,
               when: datetime | None = None) -> _Call[SkillSelection]:
        """Choose the skill for replying to ``message``."""
        return _Call("POST", "/skills/select", SkillSelection.model_validate,
                     _params(user_id=user_id, context=context), _body(message=message, when=when))

    def feedback(self, selection_id: str, *, user_id: str, reward: int,
                 reason: str | None = None, free_text: str | None = None,
                 context: str | None = None) -> _Call[FeedbackResult]:
        """Rate a reply built from a selection (``memory.skills.feedback``).

        The server answers what changed in the skill (``status``, ``skill_updated``,
        ``new_confidence``); the other fields of the result are left empty.
        """
        def parse(answer: Any) -> FeedbackResult:
            return FeedbackResult(
                status="recorded" if answer["status"] == "success" else "learning_disabled",
                selection_id=selection_id, reward=reward,
                skill_updated=bool(answer["skill_updated"]),
                new_confidence=answer.get("new_confidence"))

        # skill_id is required by the route's (seed) format; the selection names the skill
        return _Call("POST", "/memories/feedback", parse,
                     _params(user_id=user_id, context=context),
                     _body(message_id=selection_id, selection_id=selection_id,
                           skill_id="from-selection", reward=reward, reason=reason,
                           free_text=free_text))

    def classify_feedback(self, text: str) -> _Call[FeedbackClassification]:
        """Category scores and labels of a free-text feedback."""
        return _Call("POST", "/memories/feedback/classify", _as(FeedbackClassification),
                     body=_body(text=text))

    def log_turn(self, selection_id: str, response: str, *, user_id: str,
                 context: str | None = None) -> _Call[TrajectoryView]:
        """Attach the assistant's reply to the trajectory step of a selection."""
        return _Call("POST", "/behaviour/log-turn", TrajectoryView.model_validate,
                     _params(user_id=user_id, context=context),
                     _body(selection_id=selection_id, response=response))

    def trajectories(self, *, user_id: str, limit: int = 50, include_archived: bool = False,
                     context: str | None = None) -> _Call[list[TrajectoryView]]:
        """The user's most recent trajectory steps, newest first."""
        return _Call("GET", "/behaviour/trajectories", _as(list[TrajectoryView]), _params(
            user_id=user_id, context=context, limit=limit, include_archived=include_archived))

    def profile(self, *, user_id: str, context: str | None = None) -> _Call[BehaviourProfile]:
        """Everything learned about the user."""
        return _Call("GET", "/behaviour/profile", BehaviourProfile.model_validate,
                     _params(user_id=user_id, context=context))

    def reset(self, *, user_id: str, context: str | None = None) -> _Call[int]:
        """Forget what was learned; returns the number of records removed."""
        return _Call("POST", "/behaviour/reset", int, _params(user_id=user_id, context=context))

    def list(self, *, user_id: str, include_archived: bool = False,
             context: str | None = None) -> _Call[list[SkillInfo]]:
        """Base skills, then the user's own."""
        return _Call("GET", "/skills", _as(list[SkillInfo]), _params(
            user_id=user_id, context=context, include_archived=include_archived))

    def get(self, skill_id: str, *, user_id: str,
            context: str | None = None) -> _Call[SkillInfo]:
        """One skill by id."""
        return _Call("GET", f"/skills/{_segment(skill_id)}", SkillInfo.model_validate,
                     _params(user_id=user_id, context=context))

    def create(
        self, skill_id: str, *, user_id: str, name: str, template: str,
        dimensions: Sequence[float] | Mapping[str, float], description: str = "",
        trigger: Mapping[str, Sequence[str]] | None = None, context: str | None = None,
    ) -> _Call[SkillInfo]:
        """Add a skill of the user's own."""
        return _Call("POST", "/skills", SkillInfo.model_validate,
                     _params(user_id=user_id, context=context),
                     _body(skill_id=skill_id, name=name, template=template,
                           dimensions=_dimensions(dimensions), description=description,
                           trigger=None if trigger is None else {
                               k: list(v) for k, v in trigger.items()}))

    def update(
        self, skill_id: str, *, user_id: str, name: str | None = None,
        template: str | None = None, description: str | None = None,
        dimensions: Sequence[float] | Mapping[str, float] | None = None,
        trigger: Mapping[str, Sequence[str]] | None = None, context: str | None = None,
    ) -> _Call[SkillInfo]:
        """Change fields of one of the user's own skills."""
        return _Call("PATCH", f"/skills/{_segment(skill_id)}", SkillInfo.model_validate,
                     _params(user_id=user_id, context=context),
                     _body(name=name, template=template, description=description,
                           dimensions=None if dimensions is None else _dimensions(dimensions),
                           trigger=None if trigger is None else {
                               k: list(v) for k, v in trigger.items()}))

    def delete(self, skill_id: str, *, user_id: str, context: str | None = None) -> _Call[int]:
        """Delete one of the user's own skills; returns how many records were removed."""
        return _Call("DELETE", f"/skills/{_segment(skill_id)}", _deleted,
                     _params(user_id=user_id, context=context))


def _dimensions(values: Sequence[float] | Mapping[str, float]) -> Any:
    return dict(values) if isinstance(values, Mapping) else list(values)


# -- answers to errors -----------------------------------------------------------------------
class _Retry(Exception):
    """An answer worth another attempt (429/502/503/504)."""

    def __init__(self, response: httpx.Response) -> None:
        super().__init__(response.status_code)
        self.response = response
        self.wait: float | None = None
        header = response.headers.get("retry-after", "")
        if header.strip().isdigit():
            self.wait = min(float(header), MAX_WAIT)


def _retried(method: str, status: int) -> bool:
    return status in RETRIED or (method == "GET" and status in RETRIED_IF_SAFE)


def _backoff_for(method: str) -> Callable[[Exception], bool | float]:
    """stamina's hook for one call: what to retry, after ``Retry-After`` seconds when the
    server said so. A connection that never opened is retried for every method; other
    network failures (the request may have arrived) only for reads."""

    def hook(exc: Exception) -> bool | float:
        if isinstance(exc, _Retry):
            return exc.wait if exc.wait is not None else True
        if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout):
            return True
        return method == "GET" and isinstance(exc, httpx.TransportError)

    return hook


def _error(response: httpx.Response) -> LucidmemError:
    """The ``lucidmem.errors`` class of an error answer (never quoting the key)."""
    where = f"{response.request.method} {response.request.url.copy_with(query=None)}"
    status = response.status_code
    try:
        payload = response.json()
        message = str(payload.get("message", "")) if isinstance(payload, dict) else ""
    except ValueError:
        payload, message = None, ""
    if not isinstance(payload, dict) or "error" not in payload:
        return ServerError(f"{where} answered HTTP {status} that is not a lucidmem answer: "
                           "check the base URL", url=str(response.request.url), status=status)
    if status == 401:
        return UnauthorizedError(f"{where}: the server refused the API key (missing or "
                                 "invalid); pass api_key= or set LUCIDMEM_API_KEY")
    if status == 403:
        return ForbiddenError(f"{where}: {message}")
    if status == 404:
        return NotFoundError(message)
    if payload.get("error") == "text_too_long":  # 413: the same class Memory raises
        return TextTooLongError(message, field=payload.get("field"))
    if status == 412:
        current = payload.get("current_version")
        return ConflictError(message, current_version=current if isinstance(current, int) else 0)
    if status == 429:
        wait = float(response.headers.get("retry-after", "1") or 1)
        return RateLimitedError(f"{where}: {message}", retry_after=wait)
    if status >= 500:
        return ServerError(f"{where} failed with HTTP {status} ({message or 'no detail'}); "
                           "retry later or check the server's log",
                           url=str(response.request.url), status=status)
    details = payload.get("detail") or []
    if details:
        message += ": " + "; ".join(
            f"{'.'.join(str(x) for x in d.get('loc', [])[1:])} {d.get('msg', '')}".strip()
            for d in details if isinstance(d, dict))
    return InvalidInputError(message, field=payload.get("field"))


def _unreachable(url: str, exc: httpx.TransportError) -> ServerError:
    return ServerError(f"could not reach the lucidmem server at {url} "
                       f"({type(exc).__name__}): is `lucidmem serve` running there?", url=url)


def _check_url(base_url: str | None) -> str:
    url = (base_url or os.environ.get("LUCIDMEM_URL") or DEFAULT_URL).rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise ConfigurationError(f"base_url must start with http:// or https://, got {url!r}")
    return url


# -- the clients -------------------------------------------------------------------------------
class _SyncRunner:
    def __init__(self, http: httpx.Client, base_url: str, retries: int) -> None:
        self.http = http
        self.base_url = base_url
        self.retries = retries

    def run(self, call: _Call[T]) -> T:
        url = f"{self.base_url}{API}{call.path}"
        try:
            for attempt in stamina.retry_context(
                    on=_backoff_for(call.method), attempts=self.retries + 1, timeout=None,
                    wait_max=MAX_WAIT):
                with attempt:
                    response = self.http.request(call.method, url, params=call.params,
                                                 json=call.body, headers=call.headers)
                    if _retried(call.method, response.status_code):
                        raise _Retry(response)
        except _Retry as exc:
            raise _error(exc.response) from None
        except httpx.TransportError as exc:
            raise _unreachable(url, exc) from None
        if response.status_code >= 400:
            raise _error(response)
        return call.parse(response.json() if response.content else None)

    def wrap(self, build: Callable[P, _Call[T]]) -> Callable[P, T]:
        @functools.wraps(build)
        def method(*args: P.args, **kwargs: P.kwargs) -> T:
            return self.run(build(*args, **kwargs))

        return method


class _AsyncRunner:
    def __init__(self, http: httpx.AsyncClient, base_url: str, retries: int) -> None:
        self.http = http
        self.base_url = base_url
        self.retries = retries

    async def run(self, call: _Call[T]) -> T:
        url = f"{self.base_url}{API}{call.path}"
        try:
            async for attempt in stamina.retry_context(
                    on=_backoff_for(call.method), attempts=self.retries + 1, timeout=None,
                    wait_max=MAX_WAIT):
                with attempt:
                    response = await self.http.request(call.method, url, params=call.params,
                                                       json=call.body, headers=call.headers)
                    if _retried(call.method, response.status_code):
                        raise _Retry(response)
        except _Retry as exc:
            raise _error(exc.response) from None
        except httpx.TransportError as exc:
            raise _unreachable(url, exc) from None
        if response.status_code >= 400:
            raise _error(response)
        return call.parse(response.json() if response.content else None)

    def wrap(self, build: Callable[P, _Call[T]]) -> Callable[P, Coroutine[Any, Any, T]]:
        @functools.wraps(build)
        async def method(*args: P.args, **kwargs: P.kwargs) -> T:
            return await self.run(build(*args, **kwargs))

        return method


def _headers(api_key: str | None) -> dict[str, str]:
    key = api_key if api_key is not None else os.environ.get("LUCIDMEM_API_KEY")
    return {"Authorization": f"Bearer {key}"} if key else {}


class ClientFacts:
    """``memory.facts`` over REST: ``list``, ``recall``, ``get``, ``search``, ``history``."""

    def __init__(self, runner: _SyncRunner) -> None:
        calls = _FactCalls()
        self.list = runner.wrap(calls.list)
        self.recall = runner.wrap(calls.recall)
        self.get, self.search = runner.wrap(calls.get), runner.wrap(calls.search)
        self.history = runner.wrap(calls.history)


class ClientAgents:
    """``memory.agents`` over REST: ``register``, ``list`` (admin key), ``get``,
    ``submit_feedback``, ``learning``."""

    def __init__(self, runner: _SyncRunner) -> None:
        calls = _AgentCalls()
        self.register, self.list = runner.wrap(calls.register), runner.wrap(calls.list)
        self.get, self.learning = runner.wrap(calls.get), runner.wrap(calls.learning)
        self.submit_feedback = runner.wrap(calls.submit_feedback)


class ClientSleep:
    """``memory.sleep`` over REST: ``consolidate`` (one user)."""

    def __init__(self, runner: _SyncRunner) -> None:
        self.consolidate = runner.wrap(_SleepCalls().consolidate)


class ClientSkills:
    """``memory.skills`` over REST."""

    def __init__(self, runner: _SyncRunner) -> None:
        c = _SkillCalls()
        self.enable, self.disable = runner.wrap(c.enable), runner.wrap(c.disable)
        self.enabled, self.select = runner.wrap(c.enabled), runner.wrap(c.select)
        self.feedback = runner.wrap(c.feedback)
        self.classify_feedback = runner.wrap(c.classify_feedback)
        self.log_turn, self.trajectories = runner.wrap(c.log_turn), runner.wrap(c.trajectories)
        self.profile, self.reset = runner.wrap(c.profile), runner.wrap(c.reset)
        self.list, self.get = runner.wrap(c.list), runner.wrap(c.get)
        self.create, self.update = runner.wrap(c.create), runner.wrap(c.update)
        self.delete = runner.wrap(c.delete)


class Client:
    """``Memory`` over the REST API (synchronous; thread-safe like ``httpx.Client``).

    ``base_url`` defaults to ``$LUCIDMEM_URL``, else :data:`DEFAULT_URL`; ``api_key`` to
    ``$LUCIDMEM_API_KEY``. ``http`` replaces the underlying
    ``httpx.Client`` (proxies, TLS settings, or a test client of the ASGI app).
    """

    def __init__(self, base_url: str | None = None, *, api_key: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT, retries: int = DEFAULT_RETRIES,
                 http: httpx.Client | None = None) -> None:
        if retries < 0:
            raise InvalidInputError(f"retries must be >= 0, got {retries}", field="retries")
        self.base_url = _check_url(base_url)
        self._own = http is None
        self._http = http if http is not None else httpx.Client(timeout=timeout)
        self._http.headers.update(_headers(api_key))
        runner = _SyncRunner(self._http, self.base_url, retries)
        m = _MemoryCalls()
        self.facts = ClientFacts(runner)
        self.skills = ClientSkills(runner)
        self.agents = ClientAgents(runner)
        self.sleep = ClientSleep(runner)
        self.add, self.search, self.get = runner.wrap(m.add), runner.wrap(m.search), \
            runner.wrap(m.get)
        self.get_all, self.update = runner.wrap(m.get_all), runner.wrap(m.update)
        self.delete, self.delete_all = runner.wrap(m.delete), runner.wrap(m.delete_all)
        self.history, self.working_memory = runner.wrap(m.history), \
            runner.wrap(m.working_memory)
        self.export, self.stats = runner.wrap(m.export), runner.wrap(m.stats)
        self.contexts = runner.wrap(m.contexts)
        self.verify_erasure = runner.wrap(m.verify_erasure)
        self.flush = runner.wrap(m.flush)
        self.build_context, self.disclose = runner.wrap(m.build_context), \
            runner.wrap(m.disclose)

    def close(self) -> None:
        """Close the connections (not the server's memory)."""
        if self._own:
            self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncClientFacts:
    """``memory.facts`` over REST, for asyncio."""

    def __init__(self, runner: _AsyncRunner) -> None:
        calls = _FactCalls()
        self.list = runner.wrap(calls.list)
        self.recall = runner.wrap(calls.recall)
        self.get, self.search = runner.wrap(calls.get), runner.wrap(calls.search)
        self.history = runner.wrap(calls.history)


class AsyncClientAgents:
    """``memory.agents`` over REST, for asyncio."""

    def __init__(self, runner: _AsyncRunner) -> None:
        calls = _AgentCalls()
        self.register, self.list = runner.wrap(calls.register), runner.wrap(calls.list)
        self.get, self.learning = runner.wrap(calls.get), runner.wrap(calls.learning)
        self.submit_feedback = runner.wrap(calls.submit_feedback)


class AsyncClientSleep:
    """``memory.sleep`` over REST, for asyncio."""

    def __init__(self, runner: _AsyncRunner) -> None:
        self.consolidate = runner.wrap(_SleepCalls().consolidate)


class AsyncClientSkills:
    """``memory.skills`` over REST, for asyncio."""

    def __init__(self, runner: _AsyncRunner) -> None:
        c = _SkillCalls()
        self.enable, self.disable = runner.wrap(c.enable), runner.wrap(c.disable)
        self.enabled, self.select = runner.wrap(c.enabled), runner.wrap(c.select)
        self.feedback = runner.wrap(c.feedback)
        self.classify_feedback = runner.wrap(c.classify_feedback)
        self.log_turn, self.trajectories = runner.wrap(c.log_turn), runner.wrap(c.trajectories)
        self.profile, self.reset = runner.wrap(c.profile), runner.wrap(c.reset)
        self.list, self.get = runner.wrap(c.list), runner.wrap(c.get)
        self.create, self.update = runner.wrap(c.create), runner.wrap(c.update)
        self.delete = runner.wrap(c.delete)


class AsyncClient:
    """``AsyncMemory`` over the REST API: the same coroutine methods, remote.

    ``base_url`` defaults to ``$LUCIDMEM_URL``, else :data:`DEFAULT_URL`; ``api_key`` to
    ``$LUCIDMEM_API_KEY``. ``http`` replaces the underlying
    ``httpx.AsyncClient`` (e.g. ``httpx.AsyncClient(transport=httpx.ASGITransport(app))``).
    """

    def __init__(self, base_url: str | None = None, *, api_key: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT, retries: int = DEFAULT_RETRIES,
                 http: httpx.AsyncClient | None = None) -> None:
        if retries < 0:
            raise InvalidInputError(f"retries must be >= 0, got {retries}", field="retries")
        self.base_url = _check_url(base_url)
        self._own = http is None
        self._http = http if http is not None else httpx.AsyncClient(timeout=timeout)
        self._http.headers.update(_headers(api_key))
        runner = _AsyncRunner(self._http, self.base_url, retries)
        m = _MemoryCalls()
        self.facts = AsyncClientFacts(runner)
        self.skills = AsyncClientSkills(runner)
        self.agents = AsyncClientAgents(runner)
        self.sleep = AsyncClientSleep(runner)
        self.add, self.search, self.get = runner.wrap(m.add), runner.wrap(m.search), \
            runner.wrap(m.get)
        self.get_all, self.update = runner.wrap(m.get_all), runner.wrap(m.update)
        self.delete, self.delete_all = runner.wrap(m.delete), runner.wrap(m.delete_all)
        self.history, self.working_memory = runner.wrap(m.history), \
            runner.wrap(m.working_memory)
        self.export, self.stats = runner.wrap(m.export), runner.wrap(m.stats)
        self.contexts = runner.wrap(m.contexts)
        self.verify_erasure = runner.wrap(m.verify_erasure)
        self.flush = runner.wrap(m.flush)
        self.build_context, self.disclose = runner.wrap(m.build_context), \
            runner.wrap(m.disclose)

    async def aclose(self) -> None:
        """Close the connections (not the server's memory)."""
        if self._own:
            await self._http.aclose()

    async def close(self) -> None:
        """The same as :meth:`aclose` (``AsyncMemory.close``'s name)."""
        await self.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
