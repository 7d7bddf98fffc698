"""The skill library per user (M12): base skills (immutable) plus the user's own.

User-created skills are ``skill`` records (layer 2). When a user's library would exceed
``settings.behaviour.max_skills_per_user``, the weakest skills are archived with the
seed's eviction query (confidence ascending, base skills weighted x 1.5, then least
recently used); the default skill and the skill just created are never evicted. An
archived own skill keeps its record (status ``archived``); an archived base skill is
listed in the user's ``behaviour_settings``. Neither is selected for that user again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lucidmem.behaviour.base_api import BehaviourCore
from lucidmem.behaviour.dimensions import dimensions_from_mapping, validate_dimensions
from lucidmem.behaviour.formulas import EvictionCandidate, eviction_order
from lucidmem.behaviour.models import SkillInfo
from lucidmem.behaviour.records import (
    ARM,
    SETTINGS,
    SKILL,
    SKILL_STATS,
    SkillStats,
    internal_record,
    settings_id,
    skill_from_record,
    skill_record_id,
    skill_to_data,
    stats_id,
)
from lucidmem.behaviour.skills import Skill, TriggerContext
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record

__all__ = ["SkillLibraryAPI"]

_TRIGGER_KEYS = ("intents", "sentiments", "times_of_day", "topics")


def _dimensions(values: Sequence[float] | Mapping[str, float]) -> tuple[float, ...]:
    if isinstance(values, Mapping):
        return dimensions_from_mapping(values)
    return validate_dimensions(values)


def _trigger(raw: Mapping[str, Sequence[str]] | None) -> TriggerContext:
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise InvalidInputError("trigger must be a mapping of intents, sentiments, "
                                "times_of_day and topics", field="trigger")
    unknown = sorted(set(raw) - set(_TRIGGER_KEYS))
    if unknown:
        raise InvalidInputError(f"unknown trigger key(s) {', '.join(unknown)}; allowed: "
                                f"{', '.join(_TRIGGER_KEYS)}", field="trigger")
    return TriggerContext(*(tuple(raw.get(k) or ()) for k in _TRIGGER_KEYS))


class SkillLibraryAPI(BehaviourCore):
    """Create, edit, delete and list skills; base skills are read-only."""

    def _immutable(self, skill_id: str, action: str) -> None:
        if skill_id in self._behaviour().base_by_id:
            raise InvalidInputError(
                f"{skill_id!r} is a base skill and cannot be {action}; base skills are "
                "immutable. Create your own skill (create_skill) with a new id instead.",
                field="skill_id")

    def _own_skill(self, user_id: str, skill_id: str, context: str | None) -> Record:
        found = self.store(context).get(user_id, [skill_record_id(user_id, skill_id)])
        if not found:
            raise NotFoundError(f"no skill {skill_id!r} for user {user_id!r}; list_skills "
                                "shows the ids that exist")
        return found[0]

    def list_skills(self, user_id: str, *, include_archived: bool = False,
                    context: str | None = None) -> list[SkillInfo]:
        """Base skills, then the user's own (archived ones only when asked)."""
        validate_id(user_id)
        engine = self._behaviour()
        behaviour, _, records = engine.user_state(self.store(context), user_id)
        archived = set(behaviour.archived_base)
        out = [SkillInfo.of(s, "archived" if s.id in archived else "active")
               for s in engine.base]
        out += [SkillInfo.of(skill_from_record(r), r.status)
                for r in sorted(records, key=lambda r: r.created_at)]
        return [s for s in out if include_archived or s.status == "active"]

    def get_skill(self, user_id: str, skill_id: str, *, context: str | None = None) -> SkillInfo:
        """One skill by id (base or the user's own)."""
        validate_id(user_id)
        base = self._behaviour().base_by_id.get(skill_id)
        if base is not None:
            return SkillInfo.of(base)
        record = self._own_skill(user_id, skill_id, context)
        return SkillInfo.of(skill_from_record(record), record.status)

    def create_skill(
        self, user_id: str, skill_id: str, *, name: str, template: str,
        dimensions: Sequence[float] | Mapping[str, float], description: str = "",
        trigger: Mapping[str, Sequence[str]] | None = None, context: str | None = None,
    ) -> SkillInfo:
        """Add a skill of the user's own: 16 dimensions in [0, 1] (list or name → value).

        ``trigger`` maps ``intents``/``sentiments``/``times_of_day`` to labels of the
        context classifier and ``topics`` to free phrases. Under the storage cap the
        weakest other skills are archived (see the module docstring).
        """
        validate_id(user_id)
        self._immutable(skill_id, "replaced")
        skill = Skill(id=skill_id, name=name, description=description, template=template,
                      trigger=_trigger(trigger), dimensions=_dimensions(dimensions))
        store = self.store(context)
        now = self.now()
        with store.transaction():
            if store.get(user_id, [skill_record_id(user_id, skill_id)]):
                raise InvalidInputError(f"skill {skill_id!r} already exists for {user_id!r}; "
                                        "use update_skill to change it", field="skill_id")
            record = internal_record(skill_record_id(user_id, skill_id), SKILL, user_id, now,
                                     skill_to_data(skill), text=skill.name)
            self._write(context, store, user_id, [record])
            self._evict(user_id, context, keep=skill_id)
        return SkillInfo.of(skill)

    def update_skill(
        self, user_id: str, skill_id: str, *, name: str | None = None,
        template: str | None = None, description: str | None = None,
        dimensions: Sequence[float] | Mapping[str, float] | None = None,
        trigger: Mapping[str, Sequence[str]] | None = None, context: str | None = None,
    ) -> SkillInfo:
        """Change fields of one of the user's own skills (audited; version + 1)."""
        validate_id(user_id)
        self._immutable(skill_id, "edited")
        store = self.store(context)
        with store.transaction():
            record = self._own_skill(user_id, skill_id, context)
            old = skill_from_record(record)
            skill = Skill(
                id=skill_id, name=old.name if name is None else name,
                description=old.description if description is None else description,
                template=old.template if template is None else template,
                trigger=old.trigger if trigger is None else _trigger(trigger),
                dimensions=old.dimensions if dimensions is None else _dimensions(dimensions))
            new = internal_record(record.id, SKILL, user_id, self.now(), skill_to_data(skill),
                                  text=skill.name, prior=record)
            self._write(context, store, user_id, [new])
        return SkillInfo.of(skill, new.status)

    def delete_skill(self, user_id: str, skill_id: str, *, context: str | None = None) -> int:
        """Delete one of the user's own skills with its statistics and bandit arms.

        Returns how many records were removed. Past trajectories keep the skill id.
        """
        validate_id(user_id)
        self._immutable(skill_id, "deleted")
        store = self.store(context)
        with store.transaction():
            record = self._own_skill(user_id, skill_id, context)
            arms = store.find(Query(user_id=user_id, kinds=[ARM],
                                    data_equals={"skill_id": skill_id}))
            ids = [record.id, stats_id(user_id, skill_id), *(a.id for a in arms)]
            return self._remove(context, store, user_id, ids)

    # -- eviction ---------------------------------------------------------------------------
    def _evict(self, user_id: str, context: str | None, *, keep: str) -> list[str]:
        """Archive the weakest skills while the user's library is over the cap."""
        engine = self._behaviour()
        store = self.store(context)
        behaviour, settings_record, records = engine.user_state(store, user_id)
        active = engine.active_skills(behaviour, records)
        overflow = len(active) - self.settings.behaviour.max_skills_per_user
        if overflow <= 0:
            return []
        stats = {r.data["skill_id"]: SkillStats.from_record(r.data["skill_id"], r)
                 for r in store.find(Query(user_id=user_id, kinds=[SKILL_STATS]))}
        candidates = [
            EvictionCandidate(s.id, stats[s.id].confidence if s.id in stats else 0.5,
                              s.is_base, stats[s.id].last_used_at if s.id in stats else 0.0)
            for s in active if s.id not in (keep, engine.default.id)
        ]
        evicted = eviction_order(candidates, limit=overflow)
        now = self.now()
        by_skill = {r.data["skill_id"]: r for r in records}
        changed: list[Record] = []
        for skill_id in evicted:
            if skill_id in engine.base_by_id:
                behaviour.archived_base.append(skill_id)
            else:
                rec = by_skill[skill_id]
                rec.status, rec.updated_at, rec.version = "archived", now, rec.version + 1
                changed.append(rec)
        if any(s in engine.base_by_id for s in evicted):
            changed.append(internal_record(settings_id(user_id), SETTINGS, user_id, now,
                                           behaviour.data(), prior=settings_record))
        self._writer(context, store, user_id)(changed)
        return evicted
