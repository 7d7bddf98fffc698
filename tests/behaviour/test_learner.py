"""The learner's pure functions, against hand-computed values and brute force."""

from __future__ import annotations

import json

import numpy as np
import pytest

from lucidmem.behaviour import learner as L
from lucidmem.behaviour.dimensions import DIMENSIONS, NUM_DIMENSIONS
from lucidmem.behaviour.learner import LearnerParams, Population, UserModel
from lucidmem.behaviour.skills import load_base_skills
from lucidmem.errors import InvalidInputError

BASE = load_base_skills()
IDS = tuple(s.id for s in BASE)
FEATURES = {s.id: L.style_features(s.dimensions)[0] for s in BASE}
INDEX = {sid: i for i, sid in enumerate(IDS)}
N = len(IDS)


def precision0(params: LearnerParams) -> np.ndarray:
    return L.population_prior_precision(np.stack([FEATURES[s] for s in IDS]), params)


# --- small pieces, by hand -------------------------------------------------------------------


def test_style_features_centre_and_mask_reserved() -> None:
    dims = [0.5] * NUM_DIMENSIONS
    dims[DIMENSIONS.index("verbosity")] = 0.9
    dims[DIMENSIONS.index("reserved_1")] = 1.0
    f = L.style_features(dims)
    assert f.shape == (1, NUM_DIMENSIONS)
    expected = np.zeros(NUM_DIMENSIONS)
    expected[DIMENSIONS.index("verbosity")] = 0.4  # 0.9 - 0.5; reserved_1 masked to 0
    np.testing.assert_allclose(f[0], expected)
    with pytest.raises(InvalidInputError):
        L.style_features([0.5] * 3)


def test_trigger_prior_by_hand() -> None:
    p = LearnerParams(trigger_weight=2.0, trigger_centre=0.75)
    np.testing.assert_allclose(L.trigger_prior([0.75, 0.85, 0.5], p), [0.0, 0.2, -0.5])


def test_user_kernel_by_hand() -> None:
    p = LearnerParams(user_style=0.1, user_offset=0.05, user_skill=0.02, context_style=0.03,
                      context_skill=0.04)
    fa = np.zeros((2, NUM_DIMENSIONS))
    fa[0, 0], fa[1, 0], fa[1, 1] = 0.4, 0.2, -0.3
    k = L.user_kernel(fa, np.array([0, 1]), np.array([7, 7]), fa, np.array([0, 1]),
                      np.array([7, 7]), p)
    # diagonal: same skill, same context; dot products 0.16 and 0.13
    assert k[0, 0] == pytest.approx(0.1 * 0.16 + 0.05 + 0.02 + 0.03 * 0.16 + 0.04)
    assert k[1, 1] == pytest.approx(0.1 * 0.13 + 0.05 + 0.02 + 0.03 * 0.13 + 0.04)
    # off-diagonal: same skill, different context; dot product 0.08
    assert k[0, 1] == pytest.approx(0.1 * 0.08 + 0.05 + 0.02)
    np.testing.assert_allclose(k, k.T)


def test_noise_grows_with_age() -> None:
    p = LearnerParams(noise=0.8, recency=0.5)
    np.testing.assert_allclose(L.noise_variances([0, 1, 3], p), [0.8, 1.6, 6.4])
    assert L.noise_variances([5], LearnerParams(noise=0.8, recency=1.0))[0] == pytest.approx(0.8)


def test_expected_up_maps_thumb_units() -> None:
    np.testing.assert_allclose(L.expected_up([-1.0, 0.0, 0.5, 3.0]), [0.0, 0.5, 0.75, 1.0])


@pytest.mark.parametrize("bad", [{"noise": 0.0}, {"recency": 0.0}, {"recency": 1.5},
                                 {"user_style": -0.1}, {"population_skill": 0.0},
                                 {"max_observations": 0}, {"exploration": float("nan")}])
def test_params_reject_nonsense(bad: dict[str, float]) -> None:
    with pytest.raises(InvalidInputError):
        LearnerParams(**bad)  # type: ignore[arg-type]


# --- Gaussian pieces, against brute force ----------------------------------------------------


def test_gaussian_from_information_is_the_inverse() -> None:
    rng = np.random.default_rng(1)
    a = rng.normal(size=(5, 5))
    precision = a @ a.T + 5 * np.eye(5)
    h = rng.normal(size=5)
    mean, chol = L.gaussian_from_information(precision, h)
    np.testing.assert_allclose(mean, np.linalg.solve(precision, h))
    np.testing.assert_allclose(chol @ chol.T, precision)


def test_gaussian_from_information_repairs_a_broken_precision() -> None:
    precision = np.diag([2.0, -1e-3, 1.0])  # e.g. an aggregate written by two processes
    mean, chol = L.gaussian_from_information(precision, np.array([2.0, 0.0, 1.0]))
    assert np.all(np.isfinite(mean)) and np.all(np.isfinite(chol))
    assert mean[0] == pytest.approx(1.0) and mean[2] == pytest.approx(1.0)


def test_user_information_equals_the_exact_gaussian_posterior() -> None:
    """One context: prior precision + Aᵀ(K+N)⁻¹A is the exact posterior of the population
    component given the user's thumbs (δ and the user's component both integrated)."""
    p = LearnerParams()
    rng = np.random.default_rng(2)
    skills = [IDS[i] for i in rng.integers(0, N, size=9)]
    y = rng.choice([-1.0, 1.0], size=9)
    feats = np.stack([FEATURES[s] for s in skills])
    ctx = np.zeros(9, dtype=np.intp)
    codes = np.array([INDEX[s] for s in skills], dtype=np.intp)
    k = L.user_kernel(feats, ctx, codes, feats, ctx, codes, p) + p.noise * np.eye(9)
    info = L.user_information(np.asarray(np.linalg.inv(k), dtype=np.float64), y, ctx, ["c"],
                              codes, N)
    p0 = precision0(p)
    mean, _ = L.gaussian_from_information(p0 + info["c"][0], info["c"][1])
    # brute force: δ ~ N(0, Σ), y = Aδ + f + ε  =>  E[δ | y] = Σ Aᵀ (A Σ Aᵀ + K + N)⁻¹ y
    sigma = np.linalg.inv(p0)
    a = np.zeros((9, N))
    a[np.arange(9), codes] = 1.0
    brute = sigma @ a.T @ np.linalg.solve(a @ sigma @ a.T + k, y)
    np.testing.assert_allclose(mean, brute, atol=1e-10)
    # with a prior mean m0, the posterior mean is S·(P0·m0 + h): the λ = diag(S·P0) part
    # is what the learner keeps of a skill's trigger prior
    m0 = rng.normal(0, 0.1, size=N)
    s = np.linalg.inv(p0 + info["c"][0])
    brute_m0 = m0 + sigma @ a.T @ np.linalg.solve(a @ sigma @ a.T + k, y - a @ m0)
    np.testing.assert_allclose(s @ (p0 @ m0 + info["c"][1]), brute_m0, atol=1e-10)
    assert np.all((np.diag(s @ p0) > 0) & (np.diag(s @ p0) <= 1 + 1e-9))


def brute_force_scores(model: UserModel, population: Population, params: LearnerParams,
                       context: str, candidates: list[str], priors: np.ndarray) -> np.ndarray:
    """Plug-in posterior mean written out element by element. Population: S = (P0 + P)⁻¹
    from the other users' information; a skill's expected thumb from the population is
    λ·prior + (S·h) with λ = (S·P0)_ss the weight the data leave to the trigger prior.
    User: GP regression on what the population does not explain."""
    p0 = precision0(params)
    own = model.added if model.epoch == population.epoch else {}

    def population_part(c: str, sid: str, prior: float) -> float:
        p, h = population.excluding(c, own)
        s = np.linalg.inv(p0 + p)
        i = INDEX[sid]
        return float((s @ p0)[i, i] * prior + (s @ h)[i])

    obs = model.observations
    ages = model.ages()

    def k(c1: str, s1: str, c2: str, s2: str) -> float:
        dot = float(FEATURES[s1] @ FEATURES[s2])
        out = params.user_style * dot + params.user_offset + params.user_skill * (s1 == s2)
        if c1 == c2:
            out += params.context_style * dot + params.context_skill * (s1 == s2)
        return out

    n = len(obs)
    kmat = np.array([[k(a.context, a.skill_id, b.context, b.skill_id) for b in obs]
                     for a in obs])
    kmat += np.diag([params.noise / params.recency ** age for age in ages])
    z = np.array([o.reward - population_part(o.context, o.skill_id, o.prior) for o in obs])
    alpha = np.linalg.solve(kmat, z) if n else np.zeros(0)
    out = []
    for sid, prior in zip(candidates, priors, strict=True):
        cross = np.array([k(context, sid, o.context, o.skill_id) for o in obs])
        out.append(population_part(context, sid, float(prior)) + (cross @ alpha if n else 0.0))
    return np.array(out)


def grown(params: LearnerParams, thumbs: list[tuple[str, str, int]], seed: int = 0
          ) -> tuple[UserModel, Population]:
    """A population with two other users, then this user's thumbs."""
    population = Population(IDS)
    rng = np.random.default_rng(seed)
    for _ in range(2):
        other = UserModel()
        for _ in range(12):
            other, _ = L.learn(other, "code/neutral", IDS[int(rng.integers(N))],
                               int(rng.choice([-1, 1])), float(rng.normal(0, 0.1)),
                               population, FEATURES, INDEX, params)
    model = UserModel()
    for ctx, sid, reward in thumbs:
        model, _ = L.learn(model, ctx, sid, reward, 0.05, population, FEATURES, INDEX, params)
    return model, population


def test_decide_matches_brute_force_without_exploration() -> None:
    params = LearnerParams(exploration=0.0, recency=0.9)
    thumbs = [("code/neutral", "technical_precision", -1), ("code/neutral",
              "code_review_constructive", 1), ("chat/positive", "casual_chat", 1),
              ("code/neutral", "technical_precision", -1), ("chat/positive", "empathy_subtle",
                                                            -1)]
    model, population = grown(params, thumbs)
    candidates = ["technical_precision", "code_review_constructive", "step_by_step_guide"]
    priors = np.array([0.05, -0.02, -0.1])
    got = L.decide(model, population, precision0(params), "code/neutral", candidates, priors,
                   FEATURES, INDEX, params, np.random.default_rng(0))
    want = brute_force_scores(model, population, params, "code/neutral", candidates, priors)
    np.testing.assert_allclose(got.mean, want, atol=1e-9)
    np.testing.assert_allclose(got.score, want, atol=1e-9)  # no exploration: no draw
    assert got.choice == got.best == int(np.argmax(want))
    assert candidates[got.best] == "code_review_constructive"


def test_decide_draws_the_population_with_the_scaled_posterior_spread() -> None:
    params = LearnerParams(exploration=0.5)
    model, population = grown(params, [])
    candidates = list(IDS[:3])
    p0 = precision0(params)
    p, h = population.excluding("code/neutral", {})
    cov = np.linalg.inv(p0 + p)
    rng = np.random.default_rng(3)
    draws = np.array([L.decide(model, population, p0, "code/neutral", candidates,
                               np.zeros(3), FEATURES, INDEX, params, rng).score
                      for _ in range(4000)])
    mean = np.linalg.solve(p0 + p, h)[:3]
    np.testing.assert_allclose(draws.mean(axis=0), mean, atol=0.03)
    np.testing.assert_allclose(np.cov(draws.T), 0.25 * cov[:3, :3], atol=0.02)


# --- state ----------------------------------------------------------------------------------


def test_user_model_keeps_the_most_recent_and_round_trips() -> None:
    params = LearnerParams(max_observations=3)
    model = UserModel()
    for i, reward in enumerate([1, -1, 1, 1, -1]):
        model = model.add(f"c{i % 2}", IDS[i], reward, 0.1 * i, params)
    assert len(model) == 3 and model.count == 5
    assert [o.seq for o in model.observations] == [2, 3, 4]
    np.testing.assert_allclose(model.ages(), [2, 1, 0])
    assert model.skills == list(IDS[2:5]) and model.contexts == ["c0", "c1", "c0"]
    back = UserModel.from_data(json.loads(json.dumps(model.data())), N)
    assert back.observations == model.observations and back.count == 5
    with pytest.raises(InvalidInputError):
        model.add("c", IDS[0], 0, 0.0, params)  # neutral is not an observation


@pytest.mark.parametrize("data", [{"ctx": [0]}, {"contexts": ["a"], "skills": ["s"], "ctx": [3],
                                  "skill": [0], "reward": [1], "prior": [0.0], "seq": [0],
                                  "count": 1}, {"contexts": 5}])
def test_unreadable_user_state_starts_afresh(data: dict[str, object]) -> None:
    assert len(UserModel.from_data(data, N)) == 0


def test_population_apply_round_trip_and_epoch() -> None:
    params = LearnerParams()
    model, population = grown(params, [("code/neutral", "technical_precision", 1)])
    stored = json.loads(json.dumps(population.to_json()))
    back = Population.from_json(stored, IDS)
    assert back.epoch == population.epoch
    for c, (p, h) in population.blocks.items():
        np.testing.assert_array_equal(back.blocks[c][0], p)  # base64 float64: exact
        np.testing.assert_array_equal(back.blocks[c][1], h)
    assert Population.from_json(stored, IDS[:-1]).epoch != population.epoch  # other skills
    assert Population.from_json(None, IDS).blocks == {}
    # replacing a user's information by itself changes nothing; removing it leaves the rest
    before = {c: (p.copy(), h.copy()) for c, (p, h) in population.blocks.items()}
    population.apply(model.added, model.added)
    for c in before:
        np.testing.assert_allclose(population.blocks[c][0], before[c][0])
    population.apply(model.added, {})
    p, h = population.excluding("code/neutral", {})
    np.testing.assert_allclose(p, before["code/neutral"][0] - model.added["code/neutral"][0])


def test_learn_adds_exactly_what_it_later_removes() -> None:
    params = LearnerParams(recency=0.8)
    population = Population(IDS)
    model = UserModel()
    for i in range(30):
        model, _ = L.learn(model, ["a/x", "b/y"][i % 2], IDS[i % 4], [1, -1][i % 3 == 0], 0.0,
                           population, FEATURES, INDEX, params)
    # a fresh recomputation of this user's information equals what the population holds
    fresh = L.information_of(model, FEATURES, INDEX, N, params)
    for c, (p, h) in population.blocks.items():
        np.testing.assert_allclose(p, fresh[c][0], atol=1e-12)
        np.testing.assert_allclose(h, fresh[c][1], atol=1e-12)


# --- bad input: floods and contradictions ----------------------------------------------------


def test_a_flood_of_identical_thumbs_has_bounded_influence() -> None:
    """However many thumbs one user sends, the precision they add about a (context, skill)
    stays below 1 / (their own prior variance there): they count as one well-known user."""
    params = LearnerParams(recency=1.0, max_observations=60)
    population = Population(IDS)
    model = UserModel()
    sid = "technical_precision"
    for _ in range(500):
        model, _ = L.learn(model, "code/neutral", sid, 1, 0.0, population, FEATURES, INDEX,
                           params)
    assert len(model) == 60
    f = FEATURES[sid]
    own_variance = ((params.user_style + params.context_style) * float(f @ f)
                    + params.user_offset + params.user_skill + params.context_skill)
    p, h = population.excluding("code/neutral", {})
    i = INDEX[sid]
    assert p[i, i] < 1.0 / own_variance
    mean, _ = L.gaussian_from_information(precision0(params) + p, h)
    assert 0 < mean[i] < 1.0  # pulled towards a thumbs up, never past it


def test_contradictory_thumbs_cancel() -> None:
    params = LearnerParams(exploration=0.0)
    thumbs = [("code/neutral", "technical_precision", r) for r in [1, -1] * 20]
    model, population = grown(params, thumbs)
    got = L.decide(model, population, precision0(params), "code/neutral",
                   ["technical_precision", "code_review_constructive"], np.zeros(2), FEATURES,
                   INDEX, params, np.random.default_rng(0))
    assert np.all(np.isfinite(got.mean)) and np.all(np.abs(got.mean) < 0.5)


def test_recent_thumbs_win_when_taste_changes() -> None:
    """Forty thumbs up for one skill, then it is disliked and another liked: with the
    default recency the choice follows within a few thumbs; without, the old evidence
    holds it back longer."""
    cands = ["technical_precision", "code_review_constructive"]

    def switch_after(params: LearnerParams) -> int:
        population = Population(IDS)
        model = UserModel()
        for _ in range(40):
            model, _ = L.learn(model, "code/neutral", cands[0], 1, 0.0, population, FEATURES,
                               INDEX, params)
        for n in range(1, 40):
            model, _ = L.learn(model, "code/neutral", cands[0], -1, 0.0, population,
                               FEATURES, INDEX, params)
            model, _ = L.learn(model, "code/neutral", cands[1], 1, 0.0, population, FEATURES,
                               INDEX, params)
            d = L.decide(model, population, precision0(params), "code/neutral", cands,
                         np.zeros(2), FEATURES, INDEX, params, np.random.default_rng(0))
            if d.best == 1:
                return n
        return 99

    fast = switch_after(LearnerParams(exploration=0.0, max_observations=100))
    slow = switch_after(LearnerParams(exploration=0.0, max_observations=100, recency=1.0))
    assert fast <= 3 and slow > fast
