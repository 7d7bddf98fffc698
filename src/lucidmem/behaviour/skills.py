"""Skills: prompt templates with a trigger context and 16 style dimensions.

Seed: aico-adaptive-memory-system.md, "What is a Skill?" / "Skill Attributes" (trigger
context, procedure template), "Foundational Skills" and "Base Skills Definition" (the
YAML shape, 16 floats), "Skill Trigger Matching" (intent, time of day, sentiment, topic)
and "Additional Clarifications" ("Base skills are immutable templates").

A :class:`Skill` is a plain value: it holds no confidence, counters or Beta parameters —
those are per user and live in the store (seed: ``user_skill_confidence`` table).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
import yaml

try:  # libyaml's parser when PyYAML has it: ~50x faster than the pure-Python one
    from yaml import CSafeLoader as YamlLoader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as YamlLoader  # type: ignore[assignment]
from numpy.typing import NDArray

from lucidmem.behaviour.dimensions import dimensions_from_mapping, validate_dimensions
from lucidmem.behaviour.formulas import trigger_match_score
from lucidmem.errors import InvalidInputError

__all__ = [
    "BASE_SKILLS_RESOURCE",
    "Skill",
    "TriggerContext",
    "default_skill",
    "load_base_skills",
    "parse_skills",
]

BASE_SKILLS_RESOURCE: Final[str] = "base_skills.yaml"
_ID_RE: Final[re.Pattern[str]] = re.compile(r"^[a-z][a-z0-9_]{1,63}$")
_LABEL_RE: Final[re.Pattern[str]] = re.compile(r"^[a-z][a-z0-9_]*$")
MAX_TEMPLATE_CHARS: Final[int] = 4000


def _labels(values: Iterable[str], what: str) -> tuple[str, ...]:
    if isinstance(values, str):
        raise InvalidInputError(f"trigger {what} must be a list, not a string", field=what)
    out = tuple(values)
    for v in out:
        if not isinstance(v, str) or not _LABEL_RE.match(v):
            raise InvalidInputError(
                f"trigger {what} has {v!r}; use lower-case labels such as 'question'",
                field=what,
            )
    return out


@dataclass(frozen=True, slots=True)
class TriggerContext:
    """When a skill applies: each list empty means "no preference" (scores 0 for that part)."""

    intents: tuple[str, ...] = ()
    sentiments: tuple[str, ...] = ()
    times_of_day: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "intents", _labels(self.intents, "intents"))
        object.__setattr__(self, "sentiments", _labels(self.sentiments, "sentiments"))
        object.__setattr__(self, "times_of_day", _labels(self.times_of_day, "times_of_day"))
        if isinstance(self.topics, str):
            raise InvalidInputError("trigger topics must be a list of phrases", field="topics")
        topics = tuple(self.topics)
        if any(not isinstance(t, str) or not t.strip() for t in topics):
            raise InvalidInputError("trigger topics must be non-empty phrases", field="topics")
        object.__setattr__(self, "topics", topics)

    def match(
        self, intent: str, sentiment: str, time_of_day: str, topic_similarity: float
    ) -> float:
        """Trigger score of this context against the current message (seed ``match_trigger``).

        ``topic_similarity`` is the (rescaled) similarity between the message and
        :attr:`topics`, computed by the caller, who caches the topic embeddings.
        """
        return trigger_match_score(
            intent in self.intents,
            time_of_day in self.times_of_day,
            sentiment in self.sentiments,
            topic_similarity,
        )


@dataclass(frozen=True, slots=True)
class Skill:
    """A prompt template with its trigger context and 16 style dimensions.

    ``dimensions`` follows :data:`lucidmem.behaviour.dimensions.DIMENSIONS`. ``is_base``
    marks the shipped, immutable skills. Construction validates every field and raises
    :class:`~lucidmem.errors.InvalidInputError` naming the problem.
    """

    id: str
    name: str
    description: str
    template: str
    trigger: TriggerContext = field(default_factory=TriggerContext)
    dimensions: tuple[float, ...] = ()
    is_base: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID_RE.match(self.id):
            raise InvalidInputError(
                f"skill id {self.id!r} is invalid; use 2-64 characters of a-z, 0-9 and _, "
                "starting with a letter",
                field="id",
            )
        for name in ("name", "template"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise InvalidInputError(f"skill {self.id}: {name} must not be empty", field=name)
        if not isinstance(self.description, str):
            raise InvalidInputError(
                f"skill {self.id}: description must be text", field="description"
            )
        if len(self.template) > MAX_TEMPLATE_CHARS:
            raise InvalidInputError(
                f"skill {self.id}: template has {len(self.template)} characters; "
                f"keep it under {MAX_TEMPLATE_CHARS}",
                field="template",
            )
        if not isinstance(self.trigger, TriggerContext):
            raise InvalidInputError(f"skill {self.id}: trigger must be a TriggerContext")
        dims = validate_dimensions(self.dimensions, field=f"skill {self.id}: dimensions")
        object.__setattr__(self, "dimensions", dims)
        object.__setattr__(self, "is_base", bool(self.is_base))

    def vector(self) -> NDArray[np.float64]:
        """The 16 dimensions as a float64 array (a fresh copy)."""
        return np.asarray(self.dimensions, dtype=np.float64)


def _skill_from_mapping(raw: object, *, is_base: bool, where: str) -> Skill:
    if not isinstance(raw, Mapping):
        raise InvalidInputError(f"{where}: each skill must be a mapping", field="skills")
    known = {"id", "name", "description", "template", "trigger", "dimensions"}
    unknown = sorted(str(k) for k in raw if k not in known)
    if unknown:
        raise InvalidInputError(
            f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(known))}",
            field="skills",
        )
    trig = raw.get("trigger") or {}
    if not isinstance(trig, Mapping):
        raise InvalidInputError(f"{where}: trigger must be a mapping", field="trigger")
    allowed = {"intents", "sentiments", "times_of_day", "topics"}
    bad = sorted(str(k) for k in trig if k not in allowed)
    if bad:
        raise InvalidInputError(
            f"{where}: unknown trigger key(s) {', '.join(bad)}; "
            f"allowed: {', '.join(sorted(allowed))}",
            field="trigger",
        )
    trigger = TriggerContext(
        intents=tuple(trig.get("intents") or ()),
        sentiments=tuple(trig.get("sentiments") or ()),
        times_of_day=tuple(trig.get("times_of_day") or ()),
        topics=tuple(trig.get("topics") or ()),
    )
    dims_raw = raw.get("dimensions")
    if isinstance(dims_raw, Mapping):
        dims = dimensions_from_mapping(dims_raw, field=f"{where}: dimensions")
    elif isinstance(dims_raw, list):
        dims = validate_dimensions(dims_raw, field=f"{where}: dimensions")
    else:
        raise InvalidInputError(
            f"{where}: dimensions must be a mapping of dimension names or a list of 16 numbers",
            field="dimensions",
        )
    return Skill(
        id=str(raw.get("id", "")),
        name=str(raw.get("name", "")),
        description=str(raw.get("description", "")),
        template=str(raw.get("template", "")).strip(),
        trigger=trigger,
        dimensions=dims,
        is_base=is_base,
    )


def parse_skills(data: object, *, is_base: bool, source: str = "skills") -> tuple[Skill, ...]:
    """Validate a parsed skills document (``{"skills": [...]}``) into skills.

    Ids must be unique. Errors name ``source`` and the skill's position or id.
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("skills"), list):
        raise InvalidInputError(f"{source}: expected a mapping with a 'skills' list")
    skills: list[Skill] = []
    seen: set[str] = set()
    for i, raw in enumerate(data["skills"]):
        label = raw.get("id", f"#{i + 1}") if isinstance(raw, Mapping) else f"#{i + 1}"
        skill = _skill_from_mapping(raw, is_base=is_base, where=f"{source}: skill {label}")
        if skill.id in seen:
            raise InvalidInputError(f"{source}: duplicate skill id {skill.id!r}", field="id")
        seen.add(skill.id)
        skills.append(skill)
    return tuple(skills)


def _read_yaml(path: str | Path | None) -> tuple[object, str]:
    if path is None:
        text = resources.files("lucidmem.behaviour").joinpath(BASE_SKILLS_RESOURCE).read_text(
            encoding="utf-8"
        )
        return yaml.load(text, Loader=YamlLoader), BASE_SKILLS_RESOURCE
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInputError(f"cannot read skills file {p}: {exc.strerror}") from None
    try:
        return yaml.load(text, Loader=YamlLoader), str(p)
    except yaml.YAMLError as exc:
        raise InvalidInputError(f"{p} is not valid YAML: {exc}") from None


@lru_cache(maxsize=8)
def _load(path: str | None) -> tuple[tuple[Skill, ...], str]:
    data, source = _read_yaml(path)
    skills = parse_skills(data, is_base=True, source=source)
    default_id = data.get("default_skill") if isinstance(data, Mapping) else None
    if not isinstance(default_id, str) or default_id not in {s.id for s in skills}:
        raise InvalidInputError(
            f"{source}: default_skill {default_id!r} must name one of the skills in the file",
            field="default_skill",
        )
    return skills, default_id


def load_base_skills(path: str | Path | None = None) -> tuple[Skill, ...]:
    """The base skills (``is_base=True``), from the packaged YAML unless ``path`` is given.

    Validated on load (ids, templates, trigger labels, 16 dimensions in [0, 1]) and cached.
    """
    return _load(None if path is None else str(path))[0]


def default_skill(path: str | Path | None = None) -> Skill:
    """The skill the YAML marks as ``default_skill``: used when nothing is applicable."""
    skills, default_id = _load(None if path is None else str(path))
    return next(s for s in skills if s.id == default_id)
