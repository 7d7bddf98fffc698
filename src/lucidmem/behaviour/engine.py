"""Selection and feedback over the store: the seed's hybrid algorithm, one user at a time.

Selection (seed, "Hybrid Skill Selection Algorithm"): classify the message (intent,
sentiment, time of day, topic vector), hash the context to a bucket, score every active
skill's trigger, keep the applicable ones (≥ 0.5, at most 5; the default skill when none
is), then for each candidate read its Beta(α, β) for (user, bucket, skill), measure the
alignment of its 16 dimensions with the user's preference vector for the bucket and
combine them. Strategies (``BehaviourSettings.selection``):

* ``learner`` (default): :mod:`lucidmem.behaviour.learner`, a hierarchical Gaussian model
  of the expected thumb over the skills' 16 style dimensions: the shipped trigger prior,
  a population component learned from every user of the store, and a user component
  with a per-context part. One thumb moves the expectation of every similar skill, in
  every context of the user, and (through the population) for the next new user.
* ``learner_private``: the same without the population component: nothing learned from
  one user reaches another.
* ``adaptive``: score = (w·trigger + 0.3·posterior mean + 0.3·alignment) / (w +
  0.6) with w = 0.4·h/(h + n), n = the user's feedback events in the bucket. With
  probability ε = max(0.05, 0.1·0.95^feedback_count) every candidate is scored with a
  Thompson draw in place of its mean instead; the selection is flagged as explored when
  that changes the choice.
* ``seed``: the seed verbatim: 0.4 trigger + 0.3 Thompson draw + 0.3 alignment; with
  probability ε the least-tried other candidate is applied instead (flagged).

Feedback: confidence EMA and counters per (user, skill), Beta update per (user, bucket,
skill), preference update per (user, bucket), plus the reason's preference adjustment,
all in one store transaction with the trajectory and the stored event; under the learner
presets also the user's learner state (a ``preference_vector`` record for bucket −1) and
the store's population (store meta ``behaviour:population``).

Per process, :class:`SharedEncoders` (context classifier, feedback classifier, embedded
skill topics) is built once per embedder model and reused by every ``Memory``.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lucidmem.behaviour import precomputed
from lucidmem.behaviour.context_signals import ContextSignals, PrototypeContextClassifier
from lucidmem.behaviour.feedback_classifier import FeedbackClassifier
from lucidmem.behaviour.formulas import (
    FINAL_TRIGGER_WEIGHT,
    TRIGGER_EVIDENCE_HALF,
    adaptive_final_score,
    applicable_candidates,
    apply_preference_delta,
    context_bucket,
    exploration_rate,
    final_score,
    posterior_mean,
    preference_alignment,
    rescale_similarity,
    thompson_sample,
    trigger_weight,
    update_beta,
    update_confidence,
    update_preference,
)
from lucidmem.behaviour.learner import (
    LearnerParams,
    Population,
    UserModel,
    context_key,
    decide,
    expected_up,
    learn,
    population_prior_precision,
    style_features,
    style_shift,
    trigger_prior,
)
from lucidmem.behaviour.models import CandidateScore, ContextInfo
from lucidmem.behaviour.phrase_vectors import phrase_embedder
from lucidmem.behaviour.records import (
    ArmState,
    SkillStats,
    UserBehaviour,
    arm_id,
    bucket_feedback,
    preference_from,
    preference_id,
    settings_id,
    skill_from_record,
    stats_id,
)
from lucidmem.behaviour.skills import Skill, default_skill, load_base_skills
from lucidmem.embedding import Embedder
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.records import Kind, Record, Status, new_record
from lucidmem.store.base import Query, Store

__all__ = ["POPULATION_LOCK", "BehaviourEngine", "Chosen", "FeedbackOutcome", "SharedEncoders",
           "Writer", "forget_contribution", "learner_id", "learner_record", "read_population",
           "shared_encoders", "with_complaint"]

Writer = Callable[[Sequence[Record]], None]
"""Writes records of one user (no audit rows; keeps the retrieval index in step)."""

STRATEGIES: tuple[str, ...] = ("learner", "learner_private", "adaptive", "seed")
LEARNER_STRATEGIES: tuple[str, ...] = ("learner", "learner_private")
#: Store meta key of the population component (an anonymous aggregate over users).
POPULATION_META_KEY = "behaviour:population"
#: Store meta key of the population's revision (a fresh token at every write), read at every
#: selection so a cached copy is never used after another writer (or a forget) changed it.
POPULATION_REVISION_KEY = "behaviour:population:revision"
#: The learner's per-user state lives in the ``preference_vector`` record of this bucket
#: (real buckets are 0-99), so it is listed, exported and reset with the others.
LEARNER_BUCKET = -1

_SHARED: dict[str, SharedEncoders] = {}
_SHARED_LOCK = threading.Lock()


class SharedEncoders:
    """The embedder-dependent, user-independent parts, built once per process and model."""

    def __init__(self, embedder: Embedder) -> None:
        self.embed = phrase_embedder(embedder)  # shipped vectors of the fixed phrases
        shipped = precomputed.load(embedder.name, embedder.dimension)
        self.context = PrototypeContextClassifier(
            self.embed,
            intent_centroids=_entries(shipped, "intent:"),
            sentiment_centroids=_entries(shipped, "sentiment:"))
        self._feedback: FeedbackClassifier | None = None
        self._topics: dict[tuple[str, ...], NDArray[np.float32]] = {}
        for skill in load_base_skills():
            vector = shipped.get(f"topic:{skill.id}")
            if vector is not None:
                self._topics[skill.trigger.topics] = vector
        self._lock = threading.Lock()

    @property
    def feedback(self) -> FeedbackClassifier:
        """The free-text feedback classifier, built on first use (loading its shipped
        weights is not free, and the first selection does not need them)."""
        if self._feedback is None:
            with self._lock:
                if self._feedback is None:
                    self._feedback = FeedbackClassifier(self.embed)
        return self._feedback

    def topic_vector(self, topics: tuple[str, ...]) -> NDArray[np.float32] | None:
        """Normalised centroid of a skill's topic phrases (cached; None without topics)."""
        if not topics:
            return None
        with self._lock:
            found = self._topics.get(topics)
        if found is None:
            found = precomputed.topic_centroid(np.asarray(self.embed(list(topics))))
            with self._lock:
                self._topics[topics] = found
        return found


def learner_id(user_id: str) -> str:
    """Id of the record holding the user's learner state (bucket :data:`LEARNER_BUCKET`)."""
    return preference_id(user_id, LEARNER_BUCKET)


def _entries(vectors: dict[str, NDArray[np.float32]], prefix: str
             ) -> dict[str, NDArray[np.float32]] | None:
    """Shipped centroids under ``prefix`` (label → vector), None when there are none."""
    out = {name[len(prefix):]: v for name, v in vectors.items() if name.startswith(prefix)}
    return out or None


def learner_record(user_id: str, model: UserModel, shift: NDArray[np.float64], now: float,
                   prior: Record | None) -> Record:
    """The ``preference_vector`` record (bucket :data:`LEARNER_BUCKET`) holding ``model``;
    its ``dimensions`` show the learned style shift around 0.5."""
    return new_record(learner_id(user_id), Kind.PREFERENCE_VECTOR, user_id, now, {
        "bucket": LEARNER_BUCKET, "context": "learner: all contexts",
        "dimensions": np.clip(0.5 + shift, 0.0, 1.0).tolist(),
        "feedback_count": model.count, "learner": model.data()}, layer=2, prior=prior)


def with_complaint(record: Record, delta: NDArray[np.float64], now: float,
                   params: LearnerParams | None = None) -> Record:
    """A user's learner state that also knows a labelled complaint (the classification
    job's path: ``delta`` is the labels' ``preference_delta``)."""
    params = params or LearnerParams()
    model = UserModel.from_data(record.data.get("learner"), len(load_base_skills()))
    updated = model.with_reason(delta, params)
    moved = updated.reason_mean(params) - model.reason_mean(params)
    shift = np.asarray(record.data.get("dimensions", [0.5] * len(moved)), dtype=float) - 0.5
    return learner_record(record.user_id, updated, shift + moved, now, record)


POPULATION_LOCK = "skills-population"
"""The store lock (:meth:`Store.lock`) held while the population is read, updated and
written back: two processes' feedback at once must not both start from the same copy."""


def read_population(store: Store, base_ids: Sequence[str]) -> Population:
    """The store's population component as stored (an empty one, new epoch, if none)."""
    raw = store.get_meta(POPULATION_META_KEY)
    try:
        data = json.loads(raw) if raw else None
    except ValueError:
        data = None
    return Population.from_json(data, base_ids)


def save_population(store: Store, population: Population) -> str:
    """Store ``population`` with a new revision token (returned)."""
    revision = uuid.uuid4().hex
    store.set_meta(POPULATION_META_KEY, json.dumps(population.to_json(), separators=(",", ":")))
    store.set_meta(POPULATION_REVISION_KEY, revision)
    return revision


def forget_contribution(store: Store, user_id: str) -> bool:
    """Take everything ``user_id`` taught out of the store's population component.

    The population is rebuilt as the sum of every *other* user's stored contribution (each
    user's learner state keeps exactly what it added), not by subtracting this user's: so
    not even a rounding residue of the forgotten user remains. Costs one read per user of
    the store; call it inside the transaction that deletes the user's learner state.
    Returns False when the store has no population (nothing to do).
    """
    store.lock(POPULATION_LOCK)
    if store.get_meta(POPULATION_META_KEY) is None:
        return False
    base_ids = [s.id for s in load_base_skills()]
    current = read_population(store, base_ids)
    kept = []
    for owner in store.user_ids():
        if owner == user_id:
            continue
        for record in store.get(owner, [learner_id(owner)]):
            model = UserModel.from_data(record.data.get("learner"), len(base_ids))
            if model.epoch == current.epoch:
                kept.append(model.added)
    save_population(store, Population.summed(base_ids, current.epoch, kept))
    return True


def shared_encoders(embedder: Embedder) -> SharedEncoders:
    """The process-wide encoders of this embedder's model (created on first use)."""
    key = f"{embedder.name}|{embedder.dimension}"
    with _SHARED_LOCK:
        found = _SHARED.get(key)
        if found is None:
            found = _SHARED[key] = SharedEncoders(embedder)
        return found


@dataclass(slots=True)
class Chosen:
    """What :meth:`BehaviourEngine.select` decided (the API turns it into a SkillSelection)."""

    selection_id: str
    skill: Skill
    candidates: list[CandidateScore]
    explored: bool
    fallback: bool
    epsilon: float
    context: ContextInfo
    context_ms: float
    best_id: str
    strategy: str
    trigger_weight: float
    explanation: str | None = None
    """The engine's own account of the choice (learner presets), else None."""


@dataclass(slots=True)
class FeedbackOutcome:
    skill: SkillStats
    skill_name: str
    old_confidence: float
    arm: ArmState
    preference_shift: float
    event_id: str


class BehaviourEngine:
    """Per-``Memory`` state: the shared encoders, the base skills and a sampling RNG."""

    def __init__(self, shared: SharedEncoders, seed: int | None = None, *,
                 strategy: str = "learner",
                 trigger_half: float = TRIGGER_EVIDENCE_HALF,
                 learner: LearnerParams | None = None) -> None:
        if strategy not in STRATEGIES:
            raise InvalidInputError(
                f"selection strategy must be one of {', '.join(STRATEGIES)}, got {strategy!r}",
                field="selection")
        self.shared = shared
        self.strategy = strategy
        self.trigger_half = trigger_half
        self.base: tuple[Skill, ...] = load_base_skills()
        self.base_by_id = {s.id: s for s in self.base}
        self.default = default_skill()
        self._rng = np.random.default_rng(seed)
        self._rng_lock = threading.Lock()
        # the learner: parameters, base-skill features and the population prior (fixed)
        self.learner = learner or LearnerParams()
        self.pooled = strategy == "learner"
        self._base_ids = tuple(s.id for s in self.base)
        self._base_index = {sid: i for i, sid in enumerate(self._base_ids)}
        self._base_features = {s.id: style_features(s.dimensions)[0] for s in self.base}
        self._population_precision = population_prior_precision(
            np.stack([self._base_features[sid] for sid in self._base_ids]), self.learner)
        self._populations: weakref.WeakKeyDictionary[Store, tuple[str | None, Population]] = (
            weakref.WeakKeyDictionary())
        self._private = Population(self._base_ids, epoch="private")
        self._population_lock = threading.Lock()

    # -- reading user state -----------------------------------------------------------------
    @staticmethod
    def user_state(store: Store, user_id: str) -> tuple[UserBehaviour, Record | None,
                                                        list[Record]]:
        """The opt-in record and the user's own skill records, in one ``find``."""
        records = store.find(Query(user_id=user_id, kinds=[Kind.BEHAVIOUR_SETTINGS, Kind.SKILL]))
        own = settings_id(user_id)
        settings = next((r for r in records if r.id == own), None)
        skills = [r for r in records if r.kind == Kind.SKILL]
        return UserBehaviour.from_record(settings), settings, skills

    def active_skills(self, behaviour: UserBehaviour, skill_records: list[Record]) -> list[Skill]:
        """Base skills not archived for this user, then the user's active own skills."""
        archived = set(behaviour.archived_base)
        own = [skill_from_record(r) for r in skill_records if r.status == Status.ACTIVE]
        return [s for s in self.base if s.id not in archived] + own

    def skill(self, skill_id: str, skill_records: list[Record]) -> Skill | None:
        if skill_id in self.base_by_id:
            return self.base_by_id[skill_id]
        for record in skill_records:
            if record.data.get("skill_id") == skill_id:
                return skill_from_record(record)
        return None

    # -- selection --------------------------------------------------------------------------
    def classify(self, message: str, when: datetime) -> tuple[ContextSignals, ContextInfo, float]:
        started = time.perf_counter()
        signals = self.shared.context.classify(message, when)
        bucket = context_bucket(signals.intent, signals.sentiment, signals.time_of_day)
        info = ContextInfo(intent=signals.intent, sentiment=signals.sentiment,
                           time_of_day=signals.time_of_day, bucket=bucket,
                           intent_scores=signals.intent_scores,
                           sentiment_scores=signals.sentiment_scores)
        return signals, info, (time.perf_counter() - started) * 1000

    def trigger_scores(self, skills: Sequence[Skill], signals: ContextSignals) -> dict[str, float]:
        """Seed ``match_trigger`` of every skill (topic term: rescaled cosine to its topics)."""
        assert signals.embedding is not None
        out: dict[str, float] = {}
        for skill in skills:
            topic = self.shared.topic_vector(skill.trigger.topics)
            sim = 0.0 if topic is None else rescale_similarity(float(topic @ signals.embedding))
            out[skill.id] = skill.trigger.match(signals.intent, signals.sentiment,
                                                signals.time_of_day, sim)
        return out

    def select(self, store: Store, write: Writer, user_id: str, message: str, when: datetime,
               now: float, behaviour: UserBehaviour, skill_records: list[Record]) -> Chosen:
        """Choose a skill for ``message`` and record the selection as a trajectory step."""
        signals, info, context_ms = self.classify(message, when)
        skills = {s.id: s for s in self.active_skills(behaviour, skill_records)}
        scores = self.trigger_scores(list(skills.values()), signals)
        ranked = applicable_candidates(scores)
        fallback = not ranked
        if fallback:
            default = self.default
            skills.setdefault(default.id, default)
            ranked = [(default.id, scores.get(default.id, 0.0))]
        bucket = info.bucket
        epsilon = exploration_rate(behaviour.feedback_count)
        learning = self.strategy in LEARNER_STRATEGIES
        explanation: str | None = None
        with store.transaction():
            ids = [preference_id(user_id, bucket)]
            ids += [stats_id(user_id, sid) for sid, _ in ranked]
            ids += [arm_id(user_id, bucket, sid) for sid, _ in ranked]
            if learning:
                ids.append(learner_id(user_id))
            found = {r.id: r for r in store.get(user_id, ids)}
            pref_record = found.get(ids[0])
            pref = preference_from(pref_record)
            seen = bucket_feedback(pref_record)
            stats: dict[str, SkillStats] = {}
            arms: list[tuple[str, float, ArmState]] = []
            for sid, trigger in ranked:
                arms.append((sid, trigger,
                             ArmState.from_record(sid, bucket, found.get(arm_id(user_id, bucket,
                                                                                sid)))))
                stats[sid] = SkillStats.from_record(sid, found.get(stats_id(user_id, sid)))
            with self._rng_lock:
                if learning:
                    weight = self.learner.trigger_weight
                    candidates, chosen_id, best, explored, explanation = self._select_learner(
                        store, found.get(learner_id(user_id)), arms, stats, skills, pref, info)
                elif self.strategy == "seed":
                    weight = FINAL_TRIGGER_WEIGHT
                    candidates = self._candidates(
                        arms, stats, skills, pref,
                        lambda trigger, draw, _mean, align: final_score(trigger, draw, align))
                    chosen_id, best, explored = self._select_seed(candidates, epsilon)
                else:
                    weight = trigger_weight(seen, half=self.trigger_half)
                    candidates = self._candidates(
                        arms, stats, skills, pref,
                        lambda trigger, _draw, mean, align: adaptive_final_score(
                            trigger, mean, align, seen, half=self.trigger_half))
                    chosen_id, best, explored = self._select_adaptive(candidates, epsilon, seen)
            chosen = skills[chosen_id]
            st = stats[chosen_id]
            st.uses += 1
            st.last_used_at = now
            selection_id = uuid.uuid4().hex
            trajectory = new_record(selection_id, Kind.TRAJECTORY, user_id, now, {
                "skill_id": chosen_id, "dimensions": list(chosen.dimensions), "bucket": bucket,
                "context": {"intent": info.intent, "sentiment": info.sentiment,
                            "time_of_day": info.time_of_day},
                "candidates": [c.model_dump(include={"skill_id", "trigger", "sampled",
                                                     "posterior_mean", "alignment", "final"})
                               for c in candidates],
                "explored": explored, "fallback": fallback, "response": None, "reward": None,
                "feedback_at": None, "archived_at": None,
            }, layer=0, text=message)
            stats_record = new_record(stats_id(user_id, chosen_id), Kind.SKILL_STATS, user_id,
                                      now, st.data(), layer=2,
                                      prior=found.get(stats_id(user_id, chosen_id)))
            write([stats_record, trajectory])
        return Chosen(selection_id, chosen, candidates, explored, fallback,
                      0.0 if learning else epsilon, info, context_ms, best, self.strategy,
                      weight, explanation)

    def _candidates(self, arms: list[tuple[str, float, ArmState]],
                    stats: dict[str, SkillStats], skills: dict[str, Skill],
                    pref: NDArray[np.float64],
                    score: Callable[[float, float, float, float], float]
                    ) -> list[CandidateScore]:
        """Every term of each candidate; ``final = score(trigger, draw, mean, alignment)``.

        A Thompson draw is taken for every candidate, also when the strategy ranks on the
        mean, so the selection shows both.
        """
        out = []
        for sid, trigger, arm in arms:
            sampled = thompson_sample(arm.alpha, arm.beta, self._rng)
            mean = posterior_mean(arm.alpha, arm.beta)
            alignment = preference_alignment(pref, skills[sid].dimensions)
            out.append(CandidateScore(
                skill_id=sid, trigger=trigger, sampled=sampled, posterior_mean=mean,
                alignment=alignment, final=score(trigger, sampled, mean, alignment),
                alpha=arm.alpha, beta=arm.beta, confidence=stats[sid].confidence))
        return out

    # -- the learner ----------------------------------------------------------------------
    def _features(self, skills: dict[str, Skill]) -> dict[str, NDArray[np.float64]]:
        """Style features of every skill the user can be served (base rows are cached)."""
        out = dict(self._base_features)
        for sid, skill in skills.items():
            if sid not in out:
                out[sid] = style_features(skill.dimensions)[0]
        return out

    def _population(self, store: Store) -> Population:
        """The store's population component (``learner_private``: an empty one).

        Cached per store and re-read when its stored revision changed (another process's
        feedback, a forgotten user), so stale information is never used.
        """
        if not self.pooled:
            return self._private
        with self._population_lock:
            revision = store.get_meta(POPULATION_REVISION_KEY)
            cached = self._populations.get(store)
            if cached is not None and cached[0] == revision:
                return cached[1]
            population = read_population(store, self._base_ids)
            self._populations[store] = (revision, population)
            return population

    def _save_population(self, store: Store, population: Population) -> None:
        revision = save_population(store, population)
        with self._population_lock:
            self._populations[store] = (revision, population)

    def _select_learner(self, store: Store, record: Record | None,
                        arms: list[tuple[str, float, ArmState]],
                        stats: dict[str, SkillStats], skills: dict[str, Skill],
                        pref: NDArray[np.float64], info: ContextInfo
                        ) -> tuple[list[CandidateScore], str, str, bool, str]:
        """Score the candidates with the learner (see :mod:`lucidmem.behaviour.learner`)."""
        params = self.learner
        model = UserModel.from_data(record.data.get("learner") if record else None,
                                    len(self._base_ids))
        population = self._population(store)
        ctx = context_key(info.intent, info.sentiment)
        ids = [sid for sid, _, _ in arms]
        triggers = [trigger for _, trigger, _ in arms]
        decision = decide(model, population, self._population_precision, ctx, ids,
                          trigger_prior(triggers, params), self._features(skills),
                          self._base_index, params, self._rng)
        mean, score = expected_up(decision.mean), expected_up(decision.score)
        dims = np.array([skills[sid].dimensions for sid in ids], dtype=np.float64)
        alignment = 1.0 - np.linalg.norm(dims - pref, axis=1) / np.sqrt(dims.shape[1])
        candidates = [CandidateScore(
            skill_id=sid, trigger=trigger, sampled=float(score[i]),
            posterior_mean=float(mean[i]), alignment=float(alignment[i]),
            final=float(score[i]), alpha=arm.alpha, beta=arm.beta,
            confidence=stats[sid].confidence) for i, (sid, trigger, arm) in enumerate(arms)]
        chosen, best = ids[decision.choice], ids[decision.best]
        users = "" if not self.pooled else ", the population's feedback"
        own = len(model)
        text = (f"{chosen}: expected thumbs-up rate {mean[decision.choice]:.2f} "
                f"(trigger {triggers[decision.choice]:.2f}) for {ctx}, learned from "
                f"{own} of the user's thumbs{users} and the trigger prior")
        if chosen != best:
            text += (f"; trying it instead of {best} ({mean[decision.best]:.2f}): the "
                     "population is still uncertain about it")
        return candidates, chosen, best, chosen != best, text

    def _learn(self, store: Store, user_id: str, record: Record | None, data: dict[str, Any],
               skill_id: str, reward: int, complaint: NDArray[np.float64] | None,
               now: float) -> Record:
        """The user's learner state after one feedback: the thumb (the population updated
        too) and the labelled complaint's ``preference_delta``, if any."""
        params = self.learner
        model = UserModel.from_data(record.data.get("learner") if record else None,
                                    len(self._base_ids))
        context = data.get("context") or {}
        ctx = context_key(str(context.get("intent", "?")), str(context.get("sentiment", "?")))
        trigger = next((float(c.get("trigger", params.trigger_centre))
                        for c in data.get("candidates") or []
                        if c.get("skill_id") == skill_id), params.trigger_centre)
        features = dict(self._base_features)
        features[skill_id] = style_features(np.asarray(data["dimensions"]))[0]
        if any(sid not in features for sid in model.skills):
            _, _, own = self.user_state(store, user_id)
            for r in own:
                if r.status == Status.ACTIVE:
                    skill = skill_from_record(r)
                    features.setdefault(skill.id, style_features(skill.dimensions)[0])
        updated, shift = model, None
        if reward != 0:
            if self.pooled:  # read-update-write of the shared prior: one writer at a time
                store.lock(POPULATION_LOCK)
            # a copy: the cached population stays as stored if this transaction rolls back
            population = self._population(store).copy() if self.pooled else None
            updated, shift = learn(model, ctx, skill_id, reward,
                                   float(trigger_prior(trigger, params)), population,
                                   features, self._base_index, params)
            if population is not None:
                self._save_population(store, population)
        if complaint is not None or shift is None:
            updated = updated if complaint is None else updated.with_reason(complaint, params)
            shift = style_shift(updated, features, self._base_index, params)
        return learner_record(user_id, updated, shift, now, record)

    def _select_seed(self, candidates: list[CandidateScore], epsilon: float
                     ) -> tuple[str, str, bool]:
        """The seed's rule: best 0.4·trigger + 0.3·draw + 0.3·alignment; ε: least tried."""
        best = max(candidates, key=lambda c: c.final).skill_id
        if len(candidates) > 1 and self._rng.random() < epsilon:
            # seed: explore "lower-confidence" skills: the least-tried candidate in this
            # bucket (fewest α + β), ties at random
            others = [c for c in candidates if c.skill_id != best]
            least = min(c.alpha + c.beta for c in others)
            pool = [c.skill_id for c in others if c.alpha + c.beta == least]
            return pool[int(self._rng.integers(len(pool)))], best, True
        return best, best, False

    def _select_adaptive(self, candidates: list[CandidateScore], epsilon: float, seen: int
                         ) -> tuple[str, str, bool]:
        """Best on the posterior mean; with probability ε ranked by the Thompson draws."""
        best = max(candidates, key=lambda c: c.final).skill_id
        if len(candidates) > 1 and self._rng.random() < epsilon:
            drawn = max(candidates, key=lambda c: adaptive_final_score(
                c.trigger, c.sampled, c.alignment, seen, half=self.trigger_half)).skill_id
            return drawn, best, drawn != best
        return best, best, False

    # -- feedback ---------------------------------------------------------------------------
    def feedback(self, store: Store, write: Writer, user_id: str, selection_id: str,
                 reward: int, reason: str | None, free_text: str | None,
                 now: float) -> FeedbackOutcome:
        """Apply one feedback to confidence, Beta arm and preference vector, and store it."""
        with store.transaction():
            found = store.get(user_id, [selection_id])
            if not found or found[0].kind != Kind.TRAJECTORY:
                raise NotFoundError(
                    f"no selection {selection_id!r} for user {user_id!r} in this context; "
                    "pass the id returned by skills.select")
            trajectory = found[0]
            data: dict[str, Any] = dict(trajectory.data)
            if data.get("reward") is not None:
                raise InvalidInputError(
                    f"selection {selection_id!r} already has feedback ({data['reward']}); "
                    "each selection takes one feedback", field="selection_id")
            skill_id, bucket = str(data["skill_id"]), int(data["bucket"])
            dims = np.asarray(data["dimensions"], dtype=np.float64)
            ids = [stats_id(user_id, skill_id), arm_id(user_id, bucket, skill_id),
                   preference_id(user_id, bucket), settings_id(user_id)]
            learning = self.strategy in LEARNER_STRATEGIES and (reward != 0 or reason is not None)
            if learning:
                ids.append(learner_id(user_id))
            got = {r.id: r for r in store.get(user_id, ids)}
            stats = SkillStats.from_record(skill_id, got.get(ids[0]))
            arm = ArmState.from_record(skill_id, bucket, got.get(ids[1]))
            pref = preference_from(got.get(ids[2]))
            behaviour = UserBehaviour.from_record(got.get(ids[3]))

            old_confidence = stats.confidence
            stats.confidence = update_confidence(stats.confidence, reward, stats.uses)
            stats.positives += reward > 0
            stats.negatives += reward < 0
            arm.alpha, arm.beta = update_beta(arm.alpha, arm.beta, reward)
            new_pref = update_preference(pref, dims, reward)
            complaint = (None if reason is None
                         else self.shared.feedback.preference_delta([reason]))
            if complaint is not None:
                new_pref = apply_preference_delta(new_pref, complaint)
            behaviour.feedback_count += 1

            context = data.get("context") or {}
            data.update(reward=reward, feedback_at=now, archived_at=None)
            trajectory.data, trajectory.updated_at = data, now
            trajectory.status = Status.ACTIVE  # with feedback it is kept forever
            event_id = uuid.uuid4().hex
            # ``old_confidence``/``confidence``: the skill's confidence before and after this
            # feedback, the series the hourly aggregates' skill retention is computed from
            event = new_record(event_id, Kind.FEEDBACK_EVENT, user_id, now, {
                "selection_id": selection_id, "skill_id": skill_id, "bucket": bucket,
                "reward": reward, "reason": reason, "free_text": free_text,
                "classified": free_text is None, "labels": [],
                "old_confidence": old_confidence, "confidence": stats.confidence,
            }, text=free_text or "")
            learned = ([self._learn(store, user_id, got.get(ids[4]), data, skill_id, reward,
                                    complaint, now)] if learning else [])
            write([
                *learned,
                new_record(ids[0], Kind.SKILL_STATS, user_id, now, stats.data(), layer=2,
                           prior=got.get(ids[0])),
                new_record(ids[1], Kind.BANDIT_ARM, user_id, now, arm.data(), layer=2,
                           prior=got.get(ids[1])),
                new_record(ids[2], Kind.PREFERENCE_VECTOR, user_id, now, {
                    "bucket": bucket, "dimensions": new_pref.tolist(),
                    "feedback_count": bucket_feedback(got.get(ids[2])) + (reward != 0),
                    "context": "_".join(str(context.get(k, "?")) for k in
                                        ("intent", "sentiment", "time_of_day"))},
                    layer=2, prior=got.get(ids[2])),
                new_record(ids[3], Kind.BEHAVIOUR_SETTINGS, user_id, now, behaviour.data(),
                           layer=2, prior=got.get(ids[3])),
                trajectory, event,
            ])
        skill = self.base_by_id.get(skill_id)
        return FeedbackOutcome(stats, skill.name if skill else skill_id, old_confidence, arm,
                               float(np.linalg.norm(new_pref - pref)), event_id)
