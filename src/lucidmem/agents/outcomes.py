"""``memory.agents.outcomes``: the config-advisor memory (M22): outcomes, profiles, insights.

Seed: ``seeds/config-advisor-memory.md`` — layer 1 raw outcomes (``outcome`` records, never
changed), layer 2 a computed profile per subject updated incrementally on each outcome
(``profile`` record, in the same transaction), layer 3 a human-readable insights markdown
regenerated from the profiles, and the pre-suggestion check :meth:`Outcomes.should_suggest`.

The insights markdown is an ``insights`` record of the context's ``~insights`` partition (one
per anonymisation setting), so every worker reads it from the store and forgetting a user
regenerates it; a file is written only where a caller asks for one (an export to disk).

A subject is a user (records in the user's own partition, so ``delete_all`` forgets them) and,
when ``agent_id`` is given, also that agent (records in the agent's partition).
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

from lucidmem.agents.base import AgentStore
from lucidmem.agents.profiles import (
    Outcome,
    OutcomeKind,
    PreferenceProfile,
    SuggestDecision,
    TypeStats,
    compute_profile,
    empty_profile,
    render_insights,
    should_suggest,
    update_profile,
)
from lucidmem.agents.records import AGENT_PREFIX, partition
from lucidmem.clock import from_epoch, to_epoch
from lucidmem.errors import InvalidInputError
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, new_record, stable_id
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Store
from lucidmem.store.files import write_side_file

INSIGHTS_FILES_META = "insights_files"
"""Store meta key: the insights files written (path → anonymised), regenerated on forgetting."""
INSIGHTS_PARTITION = "~insights"
"""The store partition holding the rendered insights records."""

__all__ = ["INSIGHTS_PARTITION", "Outcomes", "profile_from_data", "profile_to_data"]


def _insights_id(anonymise: bool) -> str:
    return stable_id(Kind.INSIGHTS, "anonymised" if anonymise else "named")


def profile_to_data(profile: PreferenceProfile) -> dict[str, Any]:
    """JSON form of a computed profile (with its derived patterns for readers)."""
    first, last = profile.first_outcome_at, profile.last_outcome_at
    return {
        "subject_id": profile.subject_id,
        "stats": {k: [s.accepted, s.rejected, s.ignored] for k, s in profile.stats.items()},
        "total_outcomes": profile.total_outcomes,
        "first_outcome_at": None if first is None else to_epoch(first),
        "last_outcome_at": None if last is None else to_epoch(last),
        "recent": [k.value for k in profile.recent],
        "patterns": list(profile.patterns),
    }


def profile_from_data(data: dict[str, Any]) -> PreferenceProfile:
    """Inverse of :func:`profile_to_data`."""
    first, last = data.get("first_outcome_at"), data.get("last_outcome_at")
    return PreferenceProfile(
        subject_id=data["subject_id"],
        stats={k: TypeStats(accepted=a, rejected=r, ignored=i)
               for k, (a, r, i) in data["stats"].items()},
        total_outcomes=int(data["total_outcomes"]),
        first_outcome_at=None if first is None else from_epoch(first),
        last_outcome_at=None if last is None else from_epoch(last),
        recent=tuple(OutcomeKind(k) for k in data["recent"]),
    )


class Outcomes:
    """Suggestion outcomes, preference profiles, insights and the pre-suggestion check.

    Contract: an outcome and the profile it updates are written in one transaction; the
    incremental profile equals :meth:`recompute` over the raw outcomes; an ``agent_id`` must
    name a registered agent (:class:`~lucidmem.errors.NotFoundError` otherwise).
    """

    def __init__(self, kernel: Kernel, agents: AgentStore) -> None:
        self._kernel = kernel
        self._agents = agents

    def record(
        self, *, user_id: str, suggestion_type: str, outcome: OutcomeKind | str,
        agent_id: str | None = None, suggestion_value: str = "", reason: str | None = None,
        at: datetime | None = None, context: str | None = None,
    ) -> PreferenceProfile:
        """Record what the user did with a suggestion; returns the user's updated profile.

        ``at`` (default now) is when it happened; a naive datetime is UTC.
        """
        validate_id(user_id)
        store = self._kernel.store(context)
        if agent_id is not None:
            self._agents.agent(store, agent_id)
        when = from_epoch(self._kernel.now() if at is None else to_epoch(at))
        subjects = [(user_id, user_id)]
        if agent_id is not None:
            subjects.append((agent_id, partition(agent_id)))
        profile = empty_profile(user_id)
        with store.transaction():
            for subject, owner in subjects:
                event = Outcome(subject, suggestion_type, outcome,  # type: ignore[arg-type]
                                when, suggestion_value, reason)
                updated = update_profile(self._profile(store, subject, owner), event)
                now = self._kernel.now()
                data = {"subject_id": subject, "suggestion_type": event.suggestion_type,
                        "outcome": event.outcome.value, "suggestion_value": suggestion_value,
                        "reason": reason, "agent_id": agent_id}
                self._kernel.write(context, owner, [
                    new_record(uuid.uuid4().hex, Kind.OUTCOME, owner, now, data,
                               occurred_at=to_epoch(when), agent_id=agent_id),
                    new_record(stable_id(Kind.PROFILE, subject), Kind.PROFILE, owner, now,
                               profile_to_data(updated), layer=1, agent_id=agent_id),
                ], audit=False)
                if subject == user_id:
                    profile = updated
        return profile

    @staticmethod
    def _profile(store: Store, subject: str, owner: str) -> PreferenceProfile:
        found = store.get(owner, [stable_id(Kind.PROFILE, subject)])
        return profile_from_data(found[0].data) if found else empty_profile(subject)

    def profile(self, *, user_id: str, agent_id: str | None = None,
                context: str | None = None) -> PreferenceProfile:
        """The computed profile of a user, or of an agent when ``agent_id`` is given."""
        validate_id(user_id)
        store = self._kernel.store(context)
        if agent_id is not None:
            self._agents.agent(store, agent_id)
            return self._profile(store, agent_id, partition(agent_id))
        return self._profile(store, user_id, user_id)

    def recompute(self, *, user_id: str, context: str | None = None) -> PreferenceProfile:
        """Rebuild a user's profile from the raw outcomes (repair; equals the incremental one)."""
        validate_id(user_id)
        store = self._kernel.store(context)
        outcomes = [Outcome(user_id, r.data["suggestion_type"], r.data["outcome"],
                            from_epoch(r.occurred_at), r.data["suggestion_value"],
                            r.data["reason"])
                    for r in store.find(Query(user_id=user_id, kinds=[Kind.OUTCOME],
                                              order_by="created_at"))]
        profile = compute_profile(user_id, outcomes)
        record = new_record(stable_id(Kind.PROFILE, user_id), Kind.PROFILE, user_id,
                            self._kernel.now(), profile_to_data(profile), layer=1)
        self._kernel.write(context, user_id, [record], audit=False)
        return profile

    def should_suggest(
        self, suggestion_type: str, *, user_id: str, min_tries: int = 3, min_rate: float = 0.0,
        context: str | None = None,
    ) -> SuggestDecision:
        """Pre-suggestion check: no, with the evidence, when the user never accepted the type."""
        if not isinstance(suggestion_type, str) or not suggestion_type.strip():
            raise InvalidInputError("suggestion_type: must be a non-empty string",
                                    field="suggestion_type")
        profile = self.profile(user_id=user_id, context=context)
        return should_suggest(profile, suggestion_type, min_tries=min_tries, min_rate=min_rate)

    def render_insights(
        self, path: str | Path | None = None, *, anonymise: bool = False,
        context: str | None = None,
    ) -> str:
        """Regenerate the insights markdown from every profile of a context; returns it.

        The markdown is kept in the store (read it from any worker with :meth:`insights`);
        with ``path`` it is also written there (``0600``; sealed with the store's key when
        it is encrypted, so read it through this method or ``lucidmem agent insights``).
        Both are regenerated whenever a user is forgotten.
        """
        name = self._kernel.context_name(context)
        store = self._kernel.store(name)
        profiles: list[PreferenceProfile] = []
        for owner in store.user_ids():
            subject = owner[len(AGENT_PREFIX):] if owner.startswith(AGENT_PREFIX) else owner
            if owner.startswith("~") and not owner.startswith(AGENT_PREFIX):
                continue
            found = store.get(owner, [stable_id(Kind.PROFILE, subject)])
            profiles += [profile_from_data(r.data) for r in found]
        text = render_insights(profiles, anonymise=anonymise)
        record_id = _insights_id(anonymise)
        prior = store.get(INSIGHTS_PARTITION, [record_id])
        self._kernel.write(name, INSIGHTS_PARTITION, [new_record(
            record_id, Kind.INSIGHTS, INSIGHTS_PARTITION, self._kernel.now(),
            {"markdown": text, "anonymise": anonymise}, prior=prior[0] if prior else None,
            layer=1)], audit=False)
        if path is not None:
            target = Path(path).absolute()
            write_side_file(target, text.encode("utf-8"), self._kernel.settings.key_for(name))
            written = self._insights_files(store)
            if written.get(str(target)) != anonymise:
                store.set_meta(INSIGHTS_FILES_META,
                               json.dumps({**written, str(target): anonymise}, sort_keys=True))
        return text

    def insights(self, *, anonymise: bool = False, context: str | None = None) -> str | None:
        """The insights markdown last rendered in this context (by any worker), read from
        the store; ``None`` when :meth:`render_insights` never ran there."""
        found = self._kernel.store(context).get(INSIGHTS_PARTITION, [_insights_id(anonymise)])
        return str(found[0].data["markdown"]) if found else None

    @staticmethod
    def _insights_files(store: Store) -> dict[str, bool]:
        raw = store.get_meta(INSIGHTS_FILES_META)
        return {str(k): bool(v) for k, v in json.loads(raw).items()} if raw else {}

    def refresh_insights(self, *, context: str | None = None) -> int:
        """Regenerate the stored insights and every insights file this context has written
        that still exists (what forgetting a user does); returns how many were rewritten."""
        name = self._kernel.context_name(context)
        store = self._kernel.store(name)
        count = 0
        for record in store.find(Query(user_id=INSIGHTS_PARTITION, kinds=[Kind.INSIGHTS])):
            self.render_insights(anonymise=bool(record.data["anonymise"]), context=name)
            count += 1
        for path, anonymise in self._insights_files(store).items():
            if Path(path).exists():
                self.render_insights(path, anonymise=anonymise, context=name)
                count += 1
        return count
