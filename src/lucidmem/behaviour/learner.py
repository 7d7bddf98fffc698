"""The style learner: what one thumb teaches about similar skills, users and contexts.

Not in the seed. The seed learns a separate Beta(α, β) per (user, context bucket, skill), so a
thumb teaches nothing about any other skill, bucket or user (docs/behaviour.md). Here every
skill is a point in the 16-dimensional style space and the expected thumb of a reply is
modelled, for user ``u``, context ``c`` (the message's intent and sentiment) and skill ``s``
with centred style ``x_s``, as

    E[y] = δ(c, s) + f_u(c, s),        y = +1 (thumb up) or −1 (thumb down)

* ``δ(c, s)`` — the **population** component: what users of this store taught about skill
  ``s`` in context ``c``. Prior: Gaussian over the base skills, mean the shipped prior
  ``m0 = trigger_weight · (trigger − trigger_centre)`` (derived from the skill definitions
  only: the skill's trigger match for this message), covariance ``population_style · x·x'
  + population_skill · [s = s'] + population_offset`` (similar skills start correlated).
  Every user's thumbs enter through the marginal likelihood of that user's observations
  (:func:`user_information`), so a user who sends a thousand thumbs counts as one
  well-known user, not as a thousand users. With ``S = (P0 + P)⁻¹`` (prior precision plus
  the users' information ``P``, ``h``) the posterior mean is ``λ·m0 + S·h`` with
  ``λ = diag(S·P0)``: 1 while nobody has rated the skill here, falling towards 0 as users
  do, so the trigger's per-message variation (time of day, topic) stops mattering once
  the population knows better.
* ``f_u(c, s)`` — the **user** component, a Gaussian process with kernel

      user_style · x·x' + user_offset + user_skill · [s = s']
        + [c = c'] · (context_style · x·x' + context_skill · [s = s'])

  The ``x·x'`` terms are linear in the style dimensions: a thumb up on a terse reply
  raises the expectation for every terse skill, in every context of the user (user part)
  and more in this context (context part). Why linear: if a user likes replies close to a
  taste vector ``t``, ranking skills by ``−‖x_s − t‖²`` equals ranking by
  ``2·x_s·t − ‖x_s‖²``, and a user's deviation from the population's taste enters only
  through ``x_s·Δt``.

Observations are thumbs (neutral answers are not observations); each has noise variance
``noise / recency^age`` where ``age`` counts the user's later thumbs, so recent feedback
weighs more and a user whose taste changed is followed. At most ``max_observations`` (the
most recent) are kept per user.

Shrinkage: with no feedback the prediction is the population's; as the user's own
evidence grows the user component takes over, and the population tightens as users
accumulate. Both follow from Gaussian conditioning; no weight is hand-faded.

Choice: the population component is drawn from its posterior (standard deviation scaled
by ``exploration``) at every selection, then the skill with the highest posterior mean of
the user's expected thumb given that draw is applied. While the population is uncertain,
users try different skills (which every later user benefits from); once it is known, each
user is served greedily on their own evidence.

Everything here is pure (numpy in, numpy out); :mod:`lucidmem.behaviour.engine` reads and
writes the state and calls these functions.
"""

from __future__ import annotations

import base64
import math
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, cast

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lucidmem.behaviour.dimensions import DIMENSIONS, NUM_DIMENSIONS
from lucidmem.errors import InvalidInputError

__all__ = [
    "NAMED_MASK",
    "Decision",
    "LearnerParams",
    "Observation",
    "Population",
    "UserModel",
    "context_key",
    "decide",
    "expected_up",
    "gaussian_from_information",
    "information_of",
    "learn",
    "noise_variances",
    "population_prior_precision",
    "style_features",
    "style_shift",
    "trigger_prior",
    "user_information",
    "user_kernel",
]

Vector = NDArray[np.float64]
Matrix = NDArray[np.float64]
Information = dict[str, tuple[Matrix, Vector]]
"""Per context: (precision block over the base skills, information vector)."""

#: 1 for the 14 named style dimensions, 0 for the two reserved ones.
NAMED_MASK: Final[Vector] = np.array([0.0 if d.startswith("reserved") else 1.0
                                      for d in DIMENSIONS])


@dataclass(frozen=True, slots=True)
class LearnerParams:
    """Prior variances (in squared thumb units, a thumb being ±1) and decision knobs."""

    user_style: float = 0.1
    user_offset: float = 0.05
    user_skill: float = 0.02
    context_style: float = 0.1
    context_skill: float = 0.2
    noise: float = 0.5
    recency: float = 0.9
    """Per later feedback, an observation's weight is multiplied by this (1 = no decay):
    ten thumbs later a thumb weighs 0.35, twenty later 0.12."""
    population_style: float = 0.15
    population_skill: float = 0.1
    population_offset: float = 0.1
    trigger_weight: float = 1.0
    trigger_centre: float = 0.75
    exploration: float = 0.5
    """Scale of the population draw's standard deviation (0 = greedy on the mean)."""
    max_observations: int = 40
    reason_weight: float = 2.0
    """How far one labelled complaint (``too_verbose`` …) moves the mean of the user's style
    weights: ``reason_weight ×`` the label's preference delta (e.g. too_verbose: verbosity
    −0.15, explanation depth −0.10). Decays like a thumb (``recency`` per later thumb)."""

    def __post_init__(self) -> None:
        for name in ("user_style", "user_offset", "user_skill", "context_style",
                     "context_skill", "population_style", "population_skill",
                     "population_offset", "trigger_weight", "exploration", "reason_weight"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value >= 0):
                raise InvalidInputError(f"{name} must be a finite number ≥ 0, got {value}")
        if not (math.isfinite(self.noise) and self.noise > 0):
            raise InvalidInputError(f"noise must be > 0, got {self.noise}")
        if not (0 < self.recency <= 1):
            raise InvalidInputError(f"recency must be in (0, 1], got {self.recency}")
        if self.population_skill <= 0:
            raise InvalidInputError("population_skill must be > 0 (keeps the prior proper)")
        if self.max_observations < 1:
            raise InvalidInputError(
                f"max_observations must be ≥ 1, got {self.max_observations}")


# --- small pure pieces -------------------------------------------------------------------


def context_key(intent: str, sentiment: str) -> str:
    """The learner's context: ``"intent/sentiment"`` (time of day is left out on purpose:
    it splits a user's evidence without telling the styles apart)."""
    return f"{intent}/{sentiment}"


def style_features(dims: ArrayLike) -> Matrix:
    """Centred style: ``dims − 0.5`` on the named dimensions, 0 on the reserved ones.

    Accepts one 16-value vector or a matrix with one skill per row; returns a matrix.
    """
    arr = np.atleast_2d(np.asarray(dims, dtype=np.float64))
    if arr.shape[-1] != NUM_DIMENSIONS:
        raise InvalidInputError(f"style vectors need {NUM_DIMENSIONS} values, got {arr.shape}")
    out: Matrix = (arr - 0.5) * NAMED_MASK
    return out


def trigger_prior(trigger: ArrayLike, params: LearnerParams) -> Vector:
    """Shipped prior of the expected thumb: ``trigger_weight · (trigger − trigger_centre)``."""
    t = np.asarray(trigger, dtype=np.float64)
    out: Vector = params.trigger_weight * (t - params.trigger_centre)
    return out


def user_kernel(fa: Matrix, ca: NDArray[Any], sa: NDArray[Any], fb: Matrix,
                cb: NDArray[Any], sb: NDArray[Any], params: LearnerParams) -> Matrix:
    """Prior covariance of the user component between (context, skill) points a and b.

    ``f*`` are style features (:func:`style_features`), ``c*`` context keys, ``s*`` skill
    ids (any comparable values).
    """
    lin = fa @ fb.T
    same_skill = (np.asarray(sa)[:, None] == np.asarray(sb)[None, :]).astype(np.float64)
    same_ctx = (np.asarray(ca)[:, None] == np.asarray(cb)[None, :]).astype(np.float64)
    out: Matrix = (params.user_style * lin + params.user_offset
                   + params.user_skill * same_skill
                   + same_ctx * (params.context_style * lin
                                 + params.context_skill * same_skill))
    return out


def noise_variances(ages: ArrayLike, params: LearnerParams) -> Vector:
    """``noise / recency^age``: an observation ``age`` feedbacks old weighs ``recency^age``."""
    a = np.asarray(ages, dtype=np.float64)
    out: Vector = params.noise * np.power(params.recency, -a)
    return out


def population_prior_precision(base_features: Matrix, params: LearnerParams) -> Matrix:
    """Inverse of the population prior covariance over the base skills."""
    n = base_features.shape[0]
    cov = (params.population_style * base_features @ base_features.T
           + params.population_skill * np.eye(n) + params.population_offset)
    inv = np.linalg.inv(cov)
    out: Matrix = (inv + inv.T) / 2
    return out


def population_prior_variance(features: Matrix, params: LearnerParams) -> Vector:
    """Prior variance of δ for skills outside the population (a user's own skills)."""
    out: Vector = (params.population_style * (features * features).sum(axis=1)
                   + params.population_skill + params.population_offset)
    return out


def gaussian_from_information(precision: Matrix, information: Vector
                              ) -> tuple[Vector, Matrix]:
    """Mean and Cholesky factor ``L`` (precision = L·Lᵀ) of N(precision⁻¹·h, precision⁻¹).

    A precision that is not positive definite (rounding, or an aggregate written by two
    processes at once) is repaired by raising its eigenvalues to a small floor, so a
    damaged population degrades the prior instead of failing every selection.
    """
    p = (precision + precision.T) / 2
    try:
        chol = cast(Matrix, np.linalg.cholesky(p))
    except np.linalg.LinAlgError:
        values, vectors = np.linalg.eigh(p)
        floor = max(float(np.abs(values).max()) * 1e-9, 1e-9)
        p = (vectors * np.maximum(values, floor)) @ vectors.T
        chol = cast(Matrix, np.linalg.cholesky((p + p.T) / 2))
    mean: Vector = np.linalg.solve(chol.T, np.linalg.solve(chol, information))
    return mean, chol


def user_information(precision_of_user: Matrix, residuals: Vector,
                     context_codes: NDArray[np.intp], context_names: Sequence[str],
                     base_index: NDArray[np.intp], n_base: int) -> Information:
    """What one user's observations say about the population component, per context.

    ``precision_of_user`` is ``(K_u + noise)⁻¹`` over the user's observations (their
    marginal covariance once the population is fixed), ``residuals`` the thumbs minus the
    shipped prior, ``context_codes`` each observation's index into ``context_names``,
    ``base_index`` its base-skill index (−1 for the user's own skills, which the population
    does not hold). Per context ``c``: ``Aᵀ·M_cc·A`` and ``Aᵀ·(M·z)_c`` with ``A`` the
    observation → skill indicator. Cross-context terms are dropped (the population is kept
    block-diagonal per context).
    """
    out: Information = {}
    mz = precision_of_user @ residuals
    usable = base_index >= 0
    for code in np.unique(context_codes[usable]):
        rows = np.nonzero(usable & (context_codes == code))[0]
        a = np.zeros((len(rows), n_base))
        a[np.arange(len(rows)), base_index[rows]] = 1.0
        block = a.T @ precision_of_user[np.ix_(rows, rows)] @ a
        out[str(context_names[int(code)])] = ((block + block.T) / 2, a.T @ mz[rows])
    return out


# --- state ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Observation:
    """One thumb: context key, skill id, reward ±1, the shipped prior then, sequence no."""

    context: str
    skill_id: str
    reward: int
    prior: float
    seq: int


@dataclass(slots=True)
class UserModel:
    """The learner's per-user state: the most recent thumbs (column-wise, contexts and
    skills as codes into name tables) and what this user added to the population."""

    context_names: list[str] = field(default_factory=list)
    skill_names: list[str] = field(default_factory=list)
    context_codes: list[int] = field(default_factory=list)
    skill_codes: list[int] = field(default_factory=list)
    rewards: list[int] = field(default_factory=list)
    priors: list[float] = field(default_factory=list)
    seqs: list[int] = field(default_factory=list)
    count: int = 0
    """Thumbs the learner has seen from this user (the next observation's ``seq``)."""
    epoch: str | None = None
    """Epoch of the population this user's information was added to (None: not added)."""
    added: Information = field(default_factory=dict)
    """Exactly what this user's information added to that population (subtracted, as
    stored, when it is replaced: the aggregate stays exact even if skills or settings
    changed in between)."""
    reason: list[float] = field(default_factory=list)
    """Prior mean of the user's style weights from labelled complaints (16 values, empty
    when none), as of thumb number ``reason_at``; see :meth:`reason_mean`."""
    reason_at: int = 0

    def __len__(self) -> int:
        return len(self.rewards)

    @property
    def contexts(self) -> list[str]:
        return [self.context_names[i] for i in self.context_codes]

    @property
    def skills(self) -> list[str]:
        return [self.skill_names[i] for i in self.skill_codes]

    @property
    def observations(self) -> list[Observation]:
        return [Observation(*row) for row in zip(self.contexts, self.skills, self.rewards,
                                                 self.priors, self.seqs, strict=True)]

    def data(self) -> dict[str, Any]:
        """JSON body (``added`` base64-encoded, exact)."""
        return {"contexts": self.context_names, "skills": self.skill_names,
                "ctx": self.context_codes, "skill": self.skill_codes,
                "reward": self.rewards, "prior": self.priors, "seq": self.seqs,
                "count": self.count, "epoch": self.epoch,
                "added": _sparse_information(self.added),
                "reason": self.reason, "reason_at": self.reason_at}

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None, n_base: int) -> UserModel:
        if not data:
            return cls()
        try:
            ctx_names = [str(x) for x in data["contexts"]]
            skill_names = [str(x) for x in data["skills"]]
            cols = ([int(x) for x in data["ctx"]], [int(x) for x in data["skill"]],
                    [int(x) for x in data["reward"]], [float(x) for x in data["prior"]],
                    [int(x) for x in data["seq"]])
            if len({len(c) for c in cols}) != 1:
                raise ValueError("columns differ in length")
            if cols[0] and (min(cols[0]) < 0 or max(cols[0]) >= len(ctx_names)
                            or min(cols[1]) < 0 or max(cols[1]) >= len(skill_names)):
                raise ValueError("code out of range")
            added = _dense_information(data.get("added") or {}, n_base)
            reason = [float(x) for x in data.get("reason") or []]
            if reason and len(reason) != NUM_DIMENSIONS:
                raise ValueError("reason has the wrong size")
            return cls(ctx_names, skill_names, *cols, count=int(data["count"]),
                       epoch=data.get("epoch"), added=added, reason=reason,
                       reason_at=int(data.get("reason_at", 0)))
        except (TypeError, ValueError, IndexError, KeyError):
            return cls()  # unreadable state: start afresh rather than fail a selection

    def add(self, context: str, skill_id: str, reward: int, prior: float,
            params: LearnerParams) -> UserModel:
        """A copy with one more thumb (neutral rewards are not observations), keeping the
        most recent ``max_observations`` (name tables pruned to what they use)."""
        if reward not in (-1, 1):
            raise InvalidInputError(f"an observation is a thumb up (1) or down (-1), got {reward}")
        keep = -params.max_observations
        contexts = [*self.contexts, context][keep:]
        skills = [*self.skills, skill_id][keep:]
        ctx_names = list(dict.fromkeys(contexts))
        skill_names = list(dict.fromkeys(skills))
        ctx_code = {c: i for i, c in enumerate(ctx_names)}
        skill_code = {sid: i for i, sid in enumerate(skill_names)}
        return UserModel(ctx_names, skill_names, [ctx_code[c] for c in contexts],
                         [skill_code[sid] for sid in skills], [*self.rewards, reward][keep:],
                         [*self.priors, round(float(prior), 6)][keep:],
                         [*self.seqs, self.count][keep:], self.count + 1, self.epoch,
                         self.added, self.reason, self.reason_at)

    def reason_mean(self, params: LearnerParams) -> Vector:
        """The complaints' prior mean of the user's style weights now: as stored, times
        ``recency`` per thumb since (zeros without complaints)."""
        if not self.reason:
            return np.zeros(NUM_DIMENSIONS)
        decay = params.recency ** max(self.count - self.reason_at, 0)
        out: Vector = np.asarray(self.reason, dtype=np.float64) * decay * NAMED_MASK
        return out

    def with_reason(self, delta: ArrayLike, params: LearnerParams) -> UserModel:
        """A copy that also knows a labelled complaint: ``delta`` is the labels' preference
        delta (:meth:`FeedbackClassifier.preference_delta`), added to the decayed mean."""
        mean = self.reason_mean(params) + params.reason_weight * np.asarray(delta, dtype=float)
        return UserModel(self.context_names, self.skill_names, self.context_codes,
                         self.skill_codes, self.rewards, self.priors, self.seqs, self.count,
                         self.epoch, self.added, [round(float(v), 9) for v in mean], self.count)

    def ages(self) -> Vector:
        """Per observation: how many of the user's thumbs came after it."""
        return self.count - 1 - np.asarray(self.seqs, dtype=np.float64)


@dataclass(slots=True)
class Population:
    """Sum of every user's :func:`user_information`, per context, over the base skills."""

    skills: tuple[str, ...]
    epoch: str = field(default_factory=lambda: uuid.uuid4().hex)
    blocks: dict[str, tuple[Matrix, Vector]] = field(default_factory=dict)
    _encoded: dict[str, list[str]] = field(default_factory=dict, repr=False)

    def apply(self, old: Information, new: Information) -> None:
        """Replace one user's old information by their new one."""
        n = len(self.skills)
        for c in set(old) | set(new):
            p, h = self.blocks.get(c, (np.zeros((n, n)), np.zeros(n)))
            p, h = p.copy(), h.copy()
            if c in old:
                p -= old[c][0]
                h -= old[c][1]
            if c in new:
                p += new[c][0]
                h += new[c][1]
            self.blocks[c] = (p, h)
            self._encoded.pop(c, None)

    def copy(self) -> Population:
        """A copy whose :meth:`apply` leaves this one unchanged (blocks are replaced, never
        modified in place, so the arrays are shared)."""
        return Population(self.skills, self.epoch, dict(self.blocks), dict(self._encoded))

    @classmethod
    def summed(cls, skills: Sequence[str], epoch: str,
               contributions: Sequence[Information]) -> Population:
        """The population made of exactly these users' information (nobody else's)."""
        out = cls(tuple(skills), epoch)
        for info in contributions:
            out.apply({}, info)
        return out

    def excluding(self, context: str, own: Information) -> tuple[Matrix, Vector]:
        """The population's (precision, information) of ``context`` without ``own``."""
        n = len(self.skills)
        p, h = self.blocks.get(context, (np.zeros((n, n)), np.zeros(n)))
        if context in own:
            return p - own[context][0], h - own[context][1]
        return p, h

    def to_json(self) -> dict[str, Any]:
        for c, (p, h) in self.blocks.items():
            if c not in self._encoded:
                self._encoded[c] = [_b64(p), _b64(h)]
        return {"version": 1, "epoch": self.epoch, "skills": list(self.skills),
                "blocks": {c: self._encoded[c] for c in self.blocks}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None, skills: Sequence[str]) -> Population:
        """Parse a stored population; a missing, old or unreadable one starts a new epoch."""
        skills = tuple(skills)
        if not data or data.get("version") != 1 or tuple(data.get("skills", ())) != skills:
            return cls(skills)
        n = len(skills)
        try:
            blocks = {str(c): (_unb64(pb, (n, n)), _unb64(hb, (n,)))
                      for c, (pb, hb) in data.get("blocks", {}).items()}
        except (TypeError, ValueError):
            return cls(skills)
        return cls(skills, str(data["epoch"]), blocks)


def _sparse_information(info: Information) -> dict[str, list[str]]:
    """Information as JSON: per context the block and vector, base64 float64 (exact)."""
    return {c: [_b64(p), _b64(h)] for c, (p, h) in info.items()}


def _dense_information(data: Mapping[str, Any], n_base: int) -> Information:
    return {str(c): (_unb64(pb, (n_base, n_base)), _unb64(hb, (n_base,)))
            for c, (pb, hb) in data.items()}


def _b64(arr: NDArray[np.float64]) -> str:
    return base64.b64encode(np.ascontiguousarray(arr, dtype="<f8").tobytes()).decode("ascii")


def _unb64(text: str, shape: tuple[int, ...]) -> NDArray[np.float64]:
    out = np.frombuffer(base64.b64decode(text), dtype="<f8")
    if out.size != math.prod(shape):
        raise ValueError("stored block has the wrong size")
    return out.reshape(shape).astype(np.float64)


# --- the decision -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """Per candidate: the posterior mean (population at its mean) and the score decided on
    (population drawn), both in thumb units (−1 … 1); ``choice`` indexes the candidates."""

    mean: Vector
    score: Vector
    choice: int
    best: int


@dataclass(frozen=True, slots=True)
class _Observed:
    features: Matrix
    context_codes: NDArray[np.intp]
    """Into ``context_names`` of :func:`_observed`'s caller tables."""
    skill_codes: NDArray[np.intp]
    base_index: NDArray[np.intp]
    rewards: Vector
    priors: Vector
    precision: Matrix
    """``(K_u + noise)⁻¹`` over the usable observations."""
    own_variance: Vector
    """Per observation: prior variance of δ if its skill is the user's own, else 0."""


def _observed(model: UserModel, features_of: Mapping[str, Vector],
              base_index_of: Mapping[str, int], params: LearnerParams) -> _Observed | None:
    """The user's usable observations (skills that still exist) and ``(K_u + noise)⁻¹``,
    coded with the model's own name tables."""
    if not model.rewards:
        return None
    usable = np.array([sid in features_of for sid in model.skill_names])
    sk_all = np.asarray(model.skill_codes, dtype=np.intp)
    keep = np.nonzero(usable[sk_all])[0]
    if len(keep) == 0:
        return None
    zero = np.zeros(NUM_DIMENSIONS)
    table = np.stack([features_of.get(sid, zero) for sid in model.skill_names])
    base_table = np.array([base_index_of.get(sid, -1) for sid in model.skill_names],
                          dtype=np.intp)
    sk = sk_all[keep]
    ctx = np.asarray(model.context_codes, dtype=np.intp)[keep]
    feats = table[sk]
    base = base_table[sk]
    k = user_kernel(feats, ctx, sk, feats, ctx, sk, params)
    own_var = np.where(base < 0, population_prior_variance(feats, params), 0.0)
    if own_var.any():  # own skills: no population, so their δ joins the user's own prior
        same = (sk[:, None] == sk[None, :]) & (ctx[:, None] == ctx[None, :])
        k = k + same * np.sqrt(np.outer(own_var, own_var))
    seqs = np.asarray(model.seqs, dtype=np.float64)[keep]
    k[np.diag_indices_from(k)] += noise_variances(model.count - 1 - seqs, params)
    inv = np.linalg.inv(k)
    rewards = np.asarray(model.rewards, dtype=np.float64)[keep]
    priors = np.asarray(model.priors, dtype=np.float64)[keep]
    return _Observed(feats, ctx, sk, base, rewards, priors, (inv + inv.T) / 2, own_var)


def _information(seen: _Observed, model: UserModel, n_base: int) -> Information:
    return user_information(seen.precision, seen.rewards, seen.context_codes,
                            model.context_names, seen.base_index, n_base)


def _shift(seen: _Observed | None, reason: Vector, params: LearnerParams) -> Vector:
    """Posterior mean of the user's style weights (prior mean ``reason``)."""
    if seen is None:
        return reason
    out: Vector = reason + params.user_style * seen.features.T @ (
        seen.precision @ (seen.rewards - seen.priors - seen.features @ reason))
    return out


def learn(model: UserModel, context: str, skill_id: str, reward: int, prior: float,
          population: Population | None, features_of: Mapping[str, Vector],
          base_index_of: Mapping[str, int], params: LearnerParams
          ) -> tuple[UserModel, Vector]:
    """One thumb: the user's new state and learned style shift; ``population`` (None for
    the private preset) has this user's old information replaced by the new, in place."""
    updated = model.add(context, skill_id, reward, prior, params)
    seen = _observed(updated, features_of, base_index_of, params)
    if population is not None:
        old = model.added if model.epoch == population.epoch else {}
        new = {} if seen is None else _information(seen, updated, len(population.skills))
        population.apply(old, new)
        updated.epoch, updated.added = population.epoch, new
    return updated, _shift(seen, updated.reason_mean(params), params)


def style_shift(model: UserModel, features_of: Mapping[str, Vector],
                base_index_of: Mapping[str, int], params: LearnerParams) -> Vector:
    """The learned shift of the user's style weights (what the profile shows)."""
    seen = _observed(model, features_of, base_index_of, params)
    return _shift(seen, model.reason_mean(params), params)


def information_of(model: UserModel, features_of: Mapping[str, Vector],
                   base_index_of: Mapping[str, int], n_base: int,
                   params: LearnerParams) -> Information:
    """:func:`user_information` of a user's current observations."""
    seen = _observed(model, features_of, base_index_of, params)
    return {} if seen is None else _information(seen, model, n_base)


def decide(model: UserModel, population: Population, population_precision: Matrix,
           context: str, candidates: Sequence[str], priors: ArrayLike,
           features_of: Mapping[str, Vector], base_index_of: Mapping[str, int],
           params: LearnerParams, rng: np.random.Generator) -> Decision:
    """Score the candidates for one message of this user and pick one.

    ``priors`` are the candidates' shipped priors (:func:`trigger_prior`); ``features_of``
    maps every active skill id to its :func:`style_features` row; ``base_index_of`` maps
    base skill ids to their row in the population; ``population_precision`` is
    :func:`population_prior_precision` of the base skills.
    """
    n_base = len(population.skills)
    seen = _observed(model, features_of, base_index_of, params)
    own = model.added if model.epoch == population.epoch else {}
    names = list(model.context_names)
    here = names.index(context) if context in names else len(names)
    if here == len(names):
        names.append(context)
    used = {here} if seen is None else {here, *np.unique(seen.context_codes).tolist()}
    # per context involved: the weight left to the trigger prior (λ), the population's
    # mean from the data (S·h) and one draw of it; last column: own skills (λ = 1, δ = 0)
    weight = np.ones((len(names), n_base + 1))
    means = np.zeros((len(names), n_base + 1))
    draws = np.zeros((len(names), n_base + 1))
    for row in used:
        p, h = population.excluding(names[row], own)
        mean, chol = gaussian_from_information(population_precision + p, h)
        inv_chol = np.linalg.inv(chol)
        cov = inv_chol.T @ inv_chol  # (P0 + P)⁻¹
        weight[row, :n_base] = np.einsum("ij,ji->i", cov, population_precision)
        means[row, :n_base] = draws[row, :n_base] = mean
        if params.exploration > 0:
            draws[row, :n_base] += params.exploration * (
                inv_chol.T @ rng.standard_normal(n_base))
    cand = list(candidates)
    cand_feats = np.stack([features_of[sid] for sid in cand])
    cand_base = np.array([base_index_of.get(sid, -1) for sid in cand], dtype=np.intp)
    reason = model.reason_mean(params)  # the complaints' prior mean of the style weights
    prior = np.asarray(priors, dtype=np.float64) * weight[here, cand_base] + cand_feats @ reason
    mean_score = prior + means[here, cand_base]  # index -1 is the own-skill column
    draw_score = prior + draws[here, cand_base]
    if seen is not None:
        skill_code = {sid: i for i, sid in enumerate(model.skill_names)}
        cand_sk = np.array([skill_code.get(sid, -1 - i) for i, sid in enumerate(cand)],
                           dtype=np.intp)  # unseen skills get codes matching nothing
        cand_ctx = np.full(len(cand), here, dtype=np.intp)
        cross = user_kernel(cand_feats, cand_ctx, cand_sk, seen.features, seen.context_codes,
                            seen.skill_codes, params)
        cand_own = np.where(cand_base < 0, population_prior_variance(cand_feats, params), 0.0)
        if cand_own.any() and seen.own_variance.any():
            same = ((cand_sk[:, None] == seen.skill_codes[None, :])
                    & (seen.context_codes[None, :] == here))
            cross = cross + same * np.sqrt(np.outer(cand_own, seen.own_variance))
        gain = cross @ seen.precision
        obs_prior = (seen.priors * weight[seen.context_codes, seen.base_index]
                     + seen.features @ reason)
        mean_score = mean_score + gain @ (seen.rewards - obs_prior
                                          - means[seen.context_codes, seen.base_index])
        draw_score = draw_score + gain @ (seen.rewards - obs_prior
                                          - draws[seen.context_codes, seen.base_index])
    return Decision(mean_score, draw_score, int(np.argmax(draw_score)),
                    int(np.argmax(mean_score)))


def expected_up(thumb: ArrayLike) -> Vector:
    """An expected thumb (−1 … 1) as a thumbs-up rate in [0, 1]."""
    out: Vector = np.clip((np.asarray(thumb, dtype=np.float64) + 1.0) / 2.0, 0.0, 1.0)
    return out
