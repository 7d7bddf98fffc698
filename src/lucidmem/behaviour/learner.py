"""The style learner: what one thumb teaches about similar skills, users and contexts.

Not in the seed. The seed learns a separate Beta(α, β) per (user, context bucket, skill), so a
thumb teaches nothing about any other skill, bucket or user (docs/behaviour.md, "Why a
learner"). Here every skill is a point in the 16-dimensional style space and the expected
thumb of a reply is modelled, for user ``u``, context ``c`` (the message's intent and
sentiment) and skill ``s`` with style ``x_s``, as

    E[y] = m0(s, message) + δ(c, s) + f_u(c, s),        y = +1 (up) or -1 (down)

* ``m0`` — the shipped prior, derived from the skill definitions only: the trigger match of
  the skill for this message, ``trigger_weight · (trigger − trigger_centre)``.
* ``δ(c, s)`` — the **population** component: what all users of this store taught about
  skill ``s`` in context ``c``. Prior: Gaussian over the base skills with covariance
  ``population_style · x·x' + population_skill · [s = s'] + population_offset`` (similar
  skills start correlated). It is learned from every user's feedback, each user entering
  through the marginal likelihood of their own observations (below), so a user who sends
  a thousand thumbs counts as one well-known user, not as a thousand users.
* ``f_u(c, s)`` — the **user** component, a Gaussian process with kernel

      user_style · x·x' + user_offset + user_skill · [s = s']
        + [c = c'] · (context_style · x·x' + context_skill · [s = s'])

  The ``x·x'`` terms are linear in the style dimensions: a thumb up on a terse reply
  raises the expectation for every terse skill, in every context (user part) and more in
  this context (context part). Why linear: if a user likes replies close to a taste
  vector ``t``, ranking skills by ``−‖x_s − t‖²`` equals ranking by ``2·x_s·t − ‖x_s‖²``,
  and a user's deviation from the population's taste enters only through ``x_s·Δt``.

Observations are thumbs (neutral answers are not observations); each has noise variance
``noise / recency^age`` where ``age`` counts the user's later feedbacks, so recent
feedback weighs more and a user whose taste changed is followed. At most
``max_observations`` (the most recent) are kept per user.

Shrinkage: with no feedback the prediction is ``m0 + δ``; as the user's own evidence grows
the user component takes over, and the population component tightens as users
accumulate. Both follow from Gaussian conditioning; no weight is hand-faded.

Choice: the population component is drawn once per selection from its posterior (with
its standard deviation scaled by ``exploration``), then the skill with the highest
posterior mean of the user's expected thumb, given that draw, is applied. Early on the
population is uncertain and different users try different skills (what every later user
benefits from); once it is known, each user is served greedily on their own evidence.

Everything here is pure (numpy in, numpy out); :mod:`lucidmem.behaviour.engine` reads and
writes the state and calls these functions.
"""

from __future__ import annotations

import base64
import math
import uuid
from collections.abc import Iterable, Mapping, Sequence
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
    "gaussian_from_information",
    "noise_variances",
    "population_prior_precision",
    "style_features",
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
_JITTER: Final[float] = 1e-9


@dataclass(frozen=True, slots=True)
class LearnerParams:
    """Prior variances (in squared thumb units, a thumb being ±1) and decision knobs."""

    user_style: float = 0.1
    user_offset: float = 0.05
    user_skill: float = 0.02
    context_style: float = 0.03
    context_skill: float = 0.02
    noise: float = 1.0
    recency: float = 1.0
    """Per later feedback, an observation's weight is multiplied by this (1 = no decay)."""
    population_style: float = 0.3
    population_skill: float = 0.1
    population_offset: float = 0.1
    trigger_weight: float = 1.0
    trigger_centre: float = 0.75
    exploration: float = 0.5
    """Scale of the population draw's standard deviation (0 = greedy on the mean)."""
    max_observations: int = 60

    def __post_init__(self) -> None:
        for name in ("user_style", "user_offset", "user_skill", "context_style",
                     "context_skill", "population_style", "population_skill",
                     "population_offset", "trigger_weight", "exploration"):
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
    """Mean and Cholesky factor ``L`` (precision = L·Lᵀ) of N(precision⁻¹·h, precision⁻¹)."""
    p = (precision + precision.T) / 2 + _JITTER * np.eye(precision.shape[0])
    chol = cast(Matrix, np.linalg.cholesky(p))
    mean: Vector = np.linalg.solve(chol.T, np.linalg.solve(chol, information))
    return mean, chol


def user_information(precision_of_user: Matrix, residuals: Vector, contexts: Sequence[str],
                     base_index: NDArray[np.intp], n_base: int) -> Information:
    """What one user's observations say about the population component, per context.

    ``precision_of_user`` is ``(K_u + noise)⁻¹`` over the user's observations (their
    marginal covariance once the population is fixed), ``residuals`` the thumbs minus the
    shipped prior, ``base_index`` each observation's base-skill index (−1 for the user's
    own skills, which the population does not hold). Per context ``c``: ``Aᵀ·M_cc·A`` and
    ``Aᵀ·(M·z)_c`` with ``A`` the observation → skill indicator. Cross-context terms are
    dropped (the population is kept block-diagonal per context).
    """
    out: Information = {}
    mz = precision_of_user @ residuals
    ctx = np.asarray(contexts, dtype=object)
    for c in dict.fromkeys(contexts):
        rows = np.nonzero((ctx == c) & (base_index >= 0))[0]
        if len(rows) == 0:
            continue
        a = np.zeros((len(rows), n_base))
        a[np.arange(len(rows)), base_index[rows]] = 1.0
        block = a.T @ precision_of_user[np.ix_(rows, rows)] @ a
        out[str(c)] = ((block + block.T) / 2, a.T @ mz[rows])
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

    def to_list(self) -> list[Any]:
        return [self.context, self.skill_id, self.reward, round(self.prior, 6), self.seq]

    @classmethod
    def from_list(cls, row: Sequence[Any]) -> Observation:
        return cls(str(row[0]), str(row[1]), int(row[2]), float(row[3]), int(row[4]))


@dataclass(slots=True)
class UserModel:
    """The learner's per-user state: the most recent thumbs and the population epoch."""

    observations: list[Observation] = field(default_factory=list)
    count: int = 0
    """Thumbs the learner has seen from this user (the next observation's ``seq``)."""
    epoch: str | None = None
    """Epoch of the population this user's information was added to (None: not added)."""
    added: Information = field(default_factory=dict)
    """Exactly what this user's information added to that population (subtracted, as
    stored, when it is replaced: the aggregate stays exact even if skills or settings
    changed in between)."""

    def data(self) -> dict[str, Any]:
        return {"observations": [o.to_list() for o in self.observations],
                "count": self.count, "epoch": self.epoch,
                "added": _sparse_information(self.added)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None, n_base: int) -> UserModel:
        if not data:
            return cls()
        try:
            obs = [Observation.from_list(r) for r in data.get("observations", [])]
            added = _dense_information(data.get("added") or {}, n_base)
            return cls(obs, int(data.get("count", len(obs))), data.get("epoch"), added)
        except (TypeError, ValueError, IndexError, KeyError):
            return cls()  # unreadable state: start afresh rather than fail a selection

    def add(self, context: str, skill_id: str, reward: int, prior: float,
            params: LearnerParams) -> UserModel:
        """A copy with one more thumb (neutral rewards are not observations)."""
        if reward not in (-1, 1):
            raise InvalidInputError(f"an observation is a thumb up (1) or down (-1), got {reward}")
        obs = [*self.observations, Observation(context, skill_id, reward, prior, self.count)]
        return UserModel(obs[-params.max_observations:], self.count + 1, self.epoch,
                         self.added)

    def ages(self) -> Vector:
        return np.array([self.count - 1 - o.seq for o in self.observations], dtype=np.float64)


@dataclass(slots=True)
class Population:
    """Sum of every user's :func:`user_information`, per context, over the base skills."""

    skills: tuple[str, ...]
    epoch: str = field(default_factory=lambda: uuid.uuid4().hex)
    blocks: dict[str, tuple[Matrix, Vector]] = field(default_factory=dict)

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

    def excluding(self, context: str, own: Information) -> tuple[Matrix, Vector]:
        """The population's (precision, information) of ``context`` without ``own``."""
        n = len(self.skills)
        p, h = self.blocks.get(context, (np.zeros((n, n)), np.zeros(n)))
        if context in own:
            return p - own[context][0], h - own[context][1]
        return p, h

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "epoch": self.epoch, "skills": list(self.skills),
                "blocks": {c: [_b64(p), _b64(h)] for c, (p, h) in self.blocks.items()}}

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


def _sparse_information(info: Information) -> dict[str, dict[str, list[Any]]]:
    """Information as JSON: per context the touched skill indices and their sub-block."""
    out: dict[str, dict[str, list[Any]]] = {}
    for c, (p, h) in info.items():
        idx = np.nonzero(np.abs(p).sum(axis=0) + np.abs(h) > 0)[0]
        out[c] = {"i": idx.tolist(), "p": p[np.ix_(idx, idx)].ravel().tolist(),
                  "h": h[idx].tolist()}
    return out


def _dense_information(data: Mapping[str, Any], n_base: int) -> Information:
    out: Information = {}
    for c, part in data.items():
        idx = np.asarray(part["i"], dtype=np.intp)
        if len(idx) and (idx.min() < 0 or idx.max() >= n_base):
            raise ValueError("skill index out of range")
        p, h = np.zeros((n_base, n_base)), np.zeros(n_base)
        p[np.ix_(idx, idx)] = np.asarray(part["p"], dtype=np.float64).reshape(len(idx), len(idx))
        h[idx] = np.asarray(part["h"], dtype=np.float64)
        out[str(c)] = (p, h)
    return out


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
    contexts: NDArray[Any]
    skills: NDArray[Any]
    base_index: NDArray[np.intp]
    residuals: Vector
    precision: Matrix


def _observed(model: UserModel, features_of: Mapping[str, Vector],
              base_index_of: Mapping[str, int], params: LearnerParams) -> _Observed | None:
    """The user's usable observations (skills that still exist) and ``(K_u + noise)⁻¹``."""
    obs = [o for o in model.observations if o.skill_id in features_of]
    if not obs:
        return None
    feats = np.stack([features_of[o.skill_id] for o in obs])
    ctx = np.array([o.context for o in obs], dtype=object)
    skills = np.array([o.skill_id for o in obs], dtype=object)
    base = np.array([base_index_of.get(o.skill_id, -1) for o in obs], dtype=np.intp)
    ages = np.array([model.count - 1 - o.seq for o in obs], dtype=np.float64)
    k = user_kernel(feats, ctx, skills, feats, ctx, skills, params)
    own = base < 0
    if own.any():  # own skills: no population, so their δ joins the user's own prior
        var = population_prior_variance(feats, params)
        same = (skills[:, None] == skills[None, :]) & (ctx[:, None] == ctx[None, :])
        k = k + same * own[:, None] * own[None, :] * np.sqrt(np.outer(var, var))
    k = k + np.diag(noise_variances(ages, params))
    chol = np.linalg.cholesky((k + k.T) / 2)
    inv = np.linalg.solve(chol.T, np.linalg.solve(chol, np.eye(len(obs))))
    residuals = np.array([o.reward - o.prior for o in obs], dtype=np.float64)
    return _Observed(feats, ctx, skills, base, residuals, (inv + inv.T) / 2)


def information_of(model: UserModel, features_of: Mapping[str, Vector],
                   base_index_of: Mapping[str, int], n_base: int,
                   params: LearnerParams) -> Information:
    """:func:`user_information` of a user's current observations."""
    seen = _observed(model, features_of, base_index_of, params)
    if seen is None:
        return {}
    return user_information(seen.precision, seen.residuals, list(seen.contexts),
                            seen.base_index, n_base)


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
    contexts = [context] + ([] if seen is None else
                            [str(c) for c in dict.fromkeys(seen.contexts) if c != context])
    means: dict[str, Vector] = {}
    draws: dict[str, Vector] = {}
    for c in contexts:
        p, h = population.excluding(c, own)
        mean, chol = gaussian_from_information(population_precision + p, h)
        means[c] = mean
        if params.exploration > 0:
            noise = np.linalg.solve(chol.T, rng.standard_normal(n_base))
            draws[c] = mean + params.exploration * noise
        else:
            draws[c] = mean

    cand = list(candidates)
    cand_feats = np.stack([features_of[s] for s in cand])
    cand_base = np.array([base_index_of.get(s, -1) for s in cand], dtype=np.intp)
    prior = np.asarray(priors, dtype=np.float64)

    def delta(values: dict[str, Vector], ctx: str, index: int) -> float:
        return 0.0 if index < 0 else float(values[ctx][index])

    cand_mean_delta = np.array([delta(means, context, i) for i in cand_base])
    cand_draw_delta = np.array([delta(draws, context, i) for i in cand_base])
    mean = prior + cand_mean_delta
    score = prior + cand_draw_delta
    if seen is not None:
        obs_mean_delta = np.array([delta(means, str(c), int(i))
                                   for c, i in zip(seen.contexts, seen.base_index, strict=True)])
        obs_draw_delta = np.array([delta(draws, str(c), int(i))
                                   for c, i in zip(seen.contexts, seen.base_index, strict=True)])
        cross = user_kernel(cand_feats, np.array([context] * len(cand), dtype=object),
                            np.array(cand, dtype=object), seen.features, seen.contexts,
                            seen.skills, params)
        own_c = cand_base < 0
        if own_c.any():
            var_c = population_prior_variance(cand_feats, params)
            var_o = population_prior_variance(seen.features, params)
            same = ((np.array(cand, dtype=object)[:, None] == seen.skills[None, :])
                    & (seen.contexts[None, :] == context))
            cross = cross + same * own_c[:, None] * np.sqrt(np.outer(var_c, var_o))
        gain = cross @ seen.precision
        mean = mean + gain @ (seen.residuals - obs_mean_delta)
        score = score + gain @ (seen.residuals - obs_draw_delta)
    best = int(np.argmax(mean))
    choice = int(np.argmax(score))
    return Decision(mean, score, choice, best)


def expected_up(thumb: ArrayLike) -> Vector:
    """An expected thumb (−1 … 1) as a thumbs-up rate in [0, 1]."""
    out: Vector = np.clip((np.asarray(thumb, dtype=np.float64) + 1.0) / 2.0, 0.0, 1.0)
    return out


def style_shift(model: UserModel, features_of: Mapping[str, Vector],
                base_index_of: Mapping[str, int], params: LearnerParams) -> Vector:
    """The user's learned shift in style, per dimension (posterior mean of the user-level
    linear coefficient, the population held at the shipped prior): positive where this
    user liked more of a dimension than the prior expected. Shown in the profile."""
    seen = _observed(model, features_of, base_index_of, params)
    if seen is None:
        return np.zeros(NUM_DIMENSIONS)
    out: Vector = params.user_style * seen.features.T @ (seen.precision @ seen.residuals)
    return out


def all_contexts(models: Iterable[UserModel]) -> set[str]:
    """Every context key the given user models have observations in."""
    return {o.context for m in models for o in m.observations}
