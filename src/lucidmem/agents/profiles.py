"""Computed preference profiles from suggestion outcomes, insights, and the pre-suggestion check.

Seed: ``seeds/config-advisor-memory.md`` — "Storage Architecture" (layer 1 raw outcomes, layer 2
computed profiles "updated incrementally on each outcome", layer 3 curated insights markdown),
"Profile Evolution / Profile Structure" (acceptance stats with rate and confidence, patterns,
trends) and "Pre-Suggestion Memory Check" ("User never accepts source reductions" → skip).

The rate is ``accepted / (accepted + rejected)``; ignored outcomes (the seed's expired or
superseded) are not decisions. The confidence rule reproduces every example of the seed:
low under 3 decisions; high from 10, or from 5 when unanimous; medium otherwise.
Patterns and trends are derived from the stored counters, so an incrementally updated profile
equals one recomputed from all outcomes in the same order. The profile, its statistics and the
pre-suggestion decision are frozen pydantic models (``memory.agents.outcomes`` returns them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, field_validator

from lucidmem.errors import InvalidInputError

__all__ = [
    "NEVER_MIN_TRIES",
    "RECENT_WINDOW",
    "Outcome",
    "OutcomeKind",
    "PreferenceProfile",
    "SuggestDecision",
    "Trends",
    "TypeStats",
    "compute_profile",
    "confidence_label",
    "empty_profile",
    "render_insights",
    "should_suggest",
    "update_profile",
]

NEVER_MIN_TRIES = 3  # "never accepts X" needs at least this many decisions
USUALLY_ACCEPTS = 0.7
USUALLY_REJECTS = 0.3
RECENT_WINDOW = 10  # outcomes used for trends
STABILITY_TOLERANCE = 0.2
ENGAGEMENT_TOLERANCE = 0.1


class OutcomeKind(StrEnum):
    """What the user did with a suggestion."""

    ACCEPTED = "accepted"
    REJECTED = "rejected"
    IGNORED = "ignored"


@dataclass(frozen=True, slots=True)
class Outcome:
    """Layer 1: one raw outcome. ``subject_id`` is the user (or agent) the profile is about."""

    subject_id: str
    suggestion_type: str
    outcome: OutcomeKind
    at: datetime
    suggestion_value: str = ""
    reason: str | None = None

    def __post_init__(self) -> None:
        for name in ("subject_id", "suggestion_type"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise InvalidInputError(f"{name}: must be a non-empty string", field=name)
        try:
            object.__setattr__(self, "outcome", OutcomeKind(self.outcome))
        except ValueError:
            raise InvalidInputError(
                f"outcome: {self.outcome!r} is unknown; use accepted, rejected or ignored",
                field="outcome",
            ) from None


def confidence_label(decided: int, rate: float | None) -> str:
    """low (< 3 decisions), high (>= 10, or >= 5 and unanimous), else medium."""
    if decided < NEVER_MIN_TRIES or rate is None:
        return "low"
    if decided >= 10 or (decided >= 5 and rate in (0.0, 1.0)):
        return "high"
    return "medium"


class TypeStats(BaseModel):
    """Acceptance statistics of one suggestion type."""

    model_config = ConfigDict(frozen=True)

    accepted: int = 0
    rejected: int = 0
    ignored: int = 0

    @property
    def decided(self) -> int:
        """Accepted plus rejected."""
        return self.accepted + self.rejected

    @property
    def rate(self) -> float | None:
        """accepted / decided, or ``None`` before any decision."""
        return self.accepted / self.decided if self.decided else None

    @property
    def confidence(self) -> str:
        """See :func:`confidence_label`."""
        return confidence_label(self.decided, self.rate)

    def plus(self, kind: OutcomeKind) -> TypeStats:
        """These stats after one more outcome."""
        return TypeStats(
            accepted=self.accepted + (kind is OutcomeKind.ACCEPTED),
            rejected=self.rejected + (kind is OutcomeKind.REJECTED),
            ignored=self.ignored + (kind is OutcomeKind.IGNORED),
        )


class Trends(BaseModel):
    """Seed ``trends``: engagement, preference stability and suggestion velocity."""

    model_config = ConfigDict(frozen=True)

    engagement: str
    preference_stability: str
    suggestions_per_week: float


def _rate(kinds: Iterable[OutcomeKind]) -> tuple[int, int, int]:
    counts = Counter(kinds)
    return counts[OutcomeKind.ACCEPTED], counts[OutcomeKind.REJECTED], counts[OutcomeKind.IGNORED]


def _stats(kinds: Iterable[OutcomeKind]) -> TypeStats:
    accepted, rejected, ignored = _rate(kinds)
    return TypeStats(accepted=accepted, rejected=rejected, ignored=ignored)


class PreferenceProfile(BaseModel):
    """Layer 2: the computed profile of one subject (``stats`` sorted by suggestion type)."""

    model_config = ConfigDict(frozen=True)

    subject_id: str
    stats: dict[str, TypeStats] = {}
    total_outcomes: int = 0
    first_outcome_at: datetime | None = None
    last_outcome_at: datetime | None = None
    recent: tuple[OutcomeKind, ...] = ()

    @field_validator("stats")
    @classmethod
    def _sorted(cls, stats: dict[str, TypeStats]) -> dict[str, TypeStats]:
        return dict(sorted(stats.items()))

    @property
    def patterns(self) -> tuple[str, ...]:
        """Detected patterns such as ``never_accepts:reduce_source`` (sorted)."""
        found: list[str] = []
        for kind, s in self.stats.items():
            rate = s.rate
            if rate is None:
                continue
            if s.accepted == 0 and s.decided >= NEVER_MIN_TRIES:
                found.append(f"never_accepts:{kind}")
            elif s.confidence != "low" and rate >= USUALLY_ACCEPTS:
                found.append(f"usually_accepts:{kind}")
            elif s.confidence != "low" and rate <= USUALLY_REJECTS:
                found.append(f"usually_rejects:{kind}")
        return tuple(sorted(found))

    @property
    def trends(self) -> Trends:
        """Recent window (last 10 outcomes) against the whole history."""
        accepted, rejected, _ = _rate(self.recent)
        all_accepted = sum(s.accepted for s in self.stats.values())
        all_decided = sum(s.decided for s in self.stats.values())
        if accepted + rejected < NEVER_MIN_TRIES or all_decided == 0:
            stability = "unknown"
        else:
            drift = accepted / (accepted + rejected) - all_accepted / all_decided
            stability = "stable" if abs(drift) <= STABILITY_TOLERANCE else "shifting"
        if not self.recent:
            engagement = "unknown"
        else:
            change = (accepted + rejected) / len(self.recent) - all_decided / self.total_outcomes
            engagement = (
                "increasing"
                if change > ENGAGEMENT_TOLERANCE
                else "decreasing"
                if change < -ENGAGEMENT_TOLERANCE
                else "stable"
            )
        velocity = 0.0
        if self.first_outcome_at is not None and self.last_outcome_at is not None:
            weeks = max((self.last_outcome_at - self.first_outcome_at) / timedelta(weeks=1), 1.0)
            velocity = round(self.total_outcomes / weeks, 2)
        return Trends(engagement=engagement, preference_stability=stability,
                      suggestions_per_week=velocity)


def empty_profile(subject_id: str) -> PreferenceProfile:
    """A profile with no outcomes yet."""
    return PreferenceProfile(subject_id=subject_id)


def update_profile(
    profile: PreferenceProfile, outcome: Outcome, *, window: int = RECENT_WINDOW
) -> PreferenceProfile:
    """Layer 2, incremental: the profile after one more outcome (seed "On Each Accept/Reject")."""
    if outcome.subject_id != profile.subject_id:
        raise InvalidInputError(
            f"outcome: belongs to {outcome.subject_id!r}, not {profile.subject_id!r}",
            field="outcome",
        )
    stats = dict(profile.stats)
    stats[outcome.suggestion_type] = stats.get(outcome.suggestion_type, TypeStats()).plus(
        outcome.outcome
    )
    first, last = profile.first_outcome_at, profile.last_outcome_at
    return PreferenceProfile(
        subject_id=profile.subject_id,
        stats=stats,
        total_outcomes=profile.total_outcomes + 1,
        first_outcome_at=outcome.at if first is None else min(first, outcome.at),
        last_outcome_at=outcome.at if last is None else max(last, outcome.at),
        recent=(*profile.recent, outcome.outcome)[-window:],
    )


def compute_profile(
    subject_id: str, outcomes: Iterable[Outcome], *, window: int = RECENT_WINDOW
) -> PreferenceProfile:
    """Layer 2, batch: the profile recomputed from all of a subject's outcomes (in order)."""
    mine = [o for o in outcomes if o.subject_id == subject_id]
    if not mine:
        return empty_profile(subject_id)
    by_type: dict[str, list[OutcomeKind]] = {}
    for o in mine:
        by_type.setdefault(o.suggestion_type, []).append(o.outcome)
    return PreferenceProfile(
        subject_id=subject_id,
        stats={kind: _stats(kinds) for kind, kinds in by_type.items()},
        total_outcomes=len(mine),
        first_outcome_at=min(o.at for o in mine),
        last_outcome_at=max(o.at for o in mine),
        recent=tuple(o.outcome for o in mine[-window:]) if window > 0 else (),
    )


class SuggestDecision(BaseModel):
    """The pre-suggestion check: whether to suggest, why, and the evidence."""

    model_config = ConfigDict(frozen=True)

    allowed: bool
    reason: str
    evidence: TypeStats | None = None


def should_suggest(
    profile: PreferenceProfile,
    suggestion_type: str,
    *,
    min_tries: int = NEVER_MIN_TRIES,
    min_rate: float = 0.0,
) -> SuggestDecision:
    """No when the subject never accepted ``suggestion_type`` in at least ``min_tries`` tries.

    With ``min_rate`` > 0, also no when a high-confidence rate is below it.
    """
    stats = profile.stats.get(suggestion_type)
    if stats is None or stats.rate is None:
        return SuggestDecision(allowed=True, reason=f"no decisions on {suggestion_type} yet",
                               evidence=stats)
    rate = stats.rate
    if stats.accepted == 0 and stats.decided >= min_tries:
        return SuggestDecision(
            allowed=False, reason=f"never accepted {suggestion_type} in {stats.decided} tries",
            evidence=stats,
        )
    if stats.confidence == "high" and rate < min_rate:
        return SuggestDecision(
            allowed=False,
            reason=f"accepted {suggestion_type} only {stats.accepted} of {stats.decided} times "
            f"({rate:.0%} < {min_rate:.0%})",
            evidence=stats,
        )
    return SuggestDecision(
        allowed=True,
        reason=f"accepted {suggestion_type} {stats.accepted} of {stats.decided} times",
        evidence=stats,
    )


def _fmt_rate(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.0%}"


def render_insights(
    profiles: Iterable[PreferenceProfile],
    *,
    title: str = "Learned patterns",
    anonymise: bool = False,
) -> str:
    """Layer 3: a human-readable markdown file regenerated from profiles (deterministic).

    Subjects appear in sorted order; with ``anonymise`` they are labelled "subject 1", ….
    A closing section counts, per pattern, how many subjects show it (cross-subject view).
    """
    ordered = sorted(profiles, key=lambda p: p.subject_id)
    lines = [f"# {title}", ""]
    if not ordered:
        return "\n".join([*lines, "No outcomes recorded yet.", ""])
    pattern_counts: Counter[str] = Counter()
    for index, profile in enumerate(ordered, start=1):
        label = f"subject {index}" if anonymise else profile.subject_id
        trends = profile.trends
        lines += [
            f"## {label}",
            "",
            f"{profile.total_outcomes} outcomes; engagement {trends.engagement}, preferences "
            f"{trends.preference_stability}, {trends.suggestions_per_week:g} suggestions/week.",
            "",
            "| suggestion type | accepted | rejected | ignored | rate | confidence |",
            "|---|---:|---:|---:|---:|---|",
        ]
        for kind, s in profile.stats.items():
            lines.append(
                f"| {kind} | {s.accepted} | {s.rejected} | {s.ignored} | "
                f"{_fmt_rate(s.rate)} | {s.confidence} |"
            )
        lines.append("")
        patterns = profile.patterns
        pattern_counts.update(patterns)
        lines += [f"- {p.replace(':', ': ')}" for p in patterns] or ["- no strong patterns yet"]
        lines.append("")
    lines += ["## Across subjects", ""]
    if pattern_counts:
        for pattern, count in sorted(pattern_counts.items()):
            lines.append(f"- {pattern.replace(':', ': ')} — {count} of {len(ordered)}")
    else:
        lines.append("- no shared patterns yet")
    lines.append("")
    return "\n".join(lines)
