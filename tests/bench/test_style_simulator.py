"""The pure parts of bench/style_simulator.py: taste, thumbs, world, fixed and oracle policies.

No embedder and no learner: the baselines run on stub candidate sets.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from lucidmem.behaviour import DIMENSIONS
from lucidmem.behaviour.context_signals import INTENT_PROTOTYPES, SENTIMENT_PROTOTYPES

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("style_simulator", BENCH / "style_simulator.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


sim = _load()
ALL = tuple(sim.SKILLS)


def test_texts_are_many_distinct_and_fresh() -> None:
    old = (BENCH / "adaptation.py").read_text(encoding="utf-8")
    prototypes = {p for table in (INTENT_PROTOTYPES, SENTIMENT_PROTOTYPES)
                  for langs in table.values() for joined in langs.values()
                  for p in joined.split("|")}
    seen: set[str] = set()
    assert set(sim.TEXTS) == set(sim.KINDS) and len(sim.KINDS) >= 4
    for kind, by_lang in sim.TEXTS.items():
        assert set(by_lang) == set(sim.LANGS) and len(sim.LANGS) >= 4
        for texts in by_lang.values():
            assert len(set(texts)) == len(texts) >= 6, kind
            for text in texts:
                assert text not in seen
                assert text not in old and text not in prototypes
                seen.add(text)


def test_typical_tastes_and_taste_clipping() -> None:
    for kind in sim.KINDS:
        typical = sim.TYPICAL_TASTE[kind]
        assert typical.shape == (len(DIMENSIONS),)
        assert np.all((typical >= 0) & (typical <= 1))
        assert np.array_equal(sim.taste_of(kind, np.zeros(16)), typical)
        big = sim.taste_of(kind, np.full(16, 2.0), np.full(16, -0.1))
        assert np.all(big == 1.0)
    emo, tech = sim.TYPICAL_TASTE["emotional"], sim.TYPICAL_TASTE["technical"]
    r, td = DIMENSIONS.index("reassurance_level"), DIMENSIONS.index("technical_depth")
    assert emo[r] > tech[r] and emo[td] < tech[td]


def test_thumbs_curve_is_smooth_decreasing_and_bounded() -> None:
    d = np.linspace(0, 1, 201)
    p = sim.p_up_of_distance(d)
    assert np.all(np.diff(p) < 0)
    assert p.min() > sim.P_MIN and p.max() < sim.P_MAX
    assert float(sim.p_up_of_distance(sim.D_MID)) == pytest.approx(0.5)
    # the reserved dimensions do not count
    a, b = np.full(16, 0.5), np.full(16, 0.5)
    b[14:] = [0.0, 1.0]
    assert float(sim.weighted_distance(a, b)) == 0.0


def test_calibration_best_skill_high_poor_skill_low() -> None:
    for kind in sim.KINDS:
        p = np.array([float(sim.p_up(dims, sim.TYPICAL_TASTE[kind]))
                      for dims in sim.SKILLS.values()])
        assert 0.84 <= p.max() <= 0.94, kind
        assert 0.2 <= np.median(p) <= 0.55, kind
        assert p.min() < 0.2, kind


def test_bias_is_sigma_per_dimension_and_correlated_through_traits() -> None:
    rng = np.random.default_rng(0)
    b = sim.draw_bias(rng, 0.25, 0.3, 40000)
    assert np.allclose(b.std(axis=0), 0.25, rtol=0.05)
    v, e = DIMENSIONS.index("verbosity"), DIMENSIONS.index("explanation_depth")
    assert np.corrcoef(b[:, v], b[:, e])[0, 1] > 0.4
    iid = sim.draw_bias(rng, 0.25, 1.0, 40000)
    assert abs(np.corrcoef(iid[:, v], iid[:, e])[0, 1]) < 0.03


def test_oracle_is_best_and_fixed_ignores_the_user() -> None:
    rng = np.random.default_rng(1)
    table = sim.population_table(0.25, 0.3, 0.05, draws=500)
    for _ in range(50):
        kind = sim.KINDS[int(rng.integers(4))]
        cands = tuple(rng.choice(ALL, size=int(rng.integers(1, 6)), replace=False))
        taste = sim.taste_of(kind, sim.draw_bias(rng, 0.25, 0.3))
        best = sim.oracle_choice(taste, cands)
        assert best in cands
        assert all(sim.p_up(sim.SKILLS[best], taste) >= sim.p_up(sim.SKILLS[s], taste)
                   for s in cands)
        assert sim.fixed_choice(table, kind, cands) == max(cands, key=lambda s: table[kind][s])
    # with no personal variation the fixed policy is the typical user's oracle
    flat = sim.population_table(0.0, 0.3, 0.0, draws=10)
    for kind in sim.KINDS:
        assert (sim.fixed_choice(flat, kind, ALL)
                == sim.oracle_choice(sim.TYPICAL_TASTE[kind], ALL))


def test_observed_positive_with_noise_and_neutral() -> None:
    assert sim.observed_positive(0.8, 0.0, 0.0) == pytest.approx(0.8)
    assert sim.observed_positive(0.8, 0.5, 0.0) == pytest.approx(0.5)
    assert sim.observed_positive(0.8, 0.1, 0.2) == pytest.approx(0.8 * (0.72 + 0.02))


def test_world_users_messages_drift_and_dice() -> None:
    s = sim.Setting("t", sigma=0.25, contexts=2, drift="switch", switch_at=5, thumb_noise=0.2)
    world = sim.make_world(s, 40, 12, seed=3)
    assert world.dice.shape == (40, 12, 3)
    for u, user in enumerate(world.users):
        kinds = {m.kind for m in world.messages[u]}
        assert kinds <= set(user.kinds) and len(user.kinds) == 2
        assert all(m.text in sim.TEXTS[m.kind][user.lang] for m in world.messages[u])
        assert np.array_equal(world.bias(u, 3), user.bias0)
        assert np.array_equal(world.bias(u, 4), user.bias1)
    linear = sim.make_world(sim.Setting("l", drift="linear"), 5, 10, seed=3)
    assert np.allclose(linear.bias(0, 0), linear.users[0].bias0)
    assert np.allclose(linear.bias(0, 9), linear.users[0].bias1)
    # same seed and kinds-per-user: same users and messages whatever the other knobs
    other = sim.make_world(sim.Setting("o", sigma=0.1, contexts=2), 40, 12, seed=3)
    assert other.messages == world.messages
    assert np.allclose(other.users[0].bias0 * 2.5, world.users[0].bias0)
    one = sim.make_world(sim.Setting("c1", contexts=1), 30, 10, seed=3)
    assert all(len({m.kind for m in msgs}) == 1 for msgs in one.messages)


def test_hours_follow_the_kind() -> None:
    world = sim.make_world(sim.Setting("h", contexts=4), 200, 30, seed=5)
    hours: dict[str, list[int]] = {k: [] for k in sim.KINDS}
    for msgs in world.messages:
        for m in msgs:
            hours[m.kind].append(m.when.hour)
    late = {k: np.mean([h >= 19 or h <= 1 for h in v]) for k, v in hours.items()}
    work = {k: np.mean([9 <= h <= 17 for h in v]) for k, v in hours.items()}
    assert late["emotional"] > 0.5 > late["technical"]
    assert work["technical"] > 0.6 > work["emotional"]


def _run_baselines(setting: object, cands: tuple[str, ...]) -> dict[str, object]:
    world = sim.make_world(setting, 60, 20, seed=9)
    book = lambda u, t: cands  # noqa: E731
    table = sim.population_table(setting.sigma, setting.iid_share, setting.kind_sigma,
                                 draws=1000)
    policies = (sim.RandomPolicy(book, 9), sim.EpsGreedyPolicy(book, 9),
                sim.FixedPolicy(book, table), sim.OraclePolicy(book, world))
    return {p.name: sim.simulate(p, world) for p in policies}


def test_baselines_order_and_common_dice() -> None:
    s = sim.Setting("b", sigma=0.25, contexts=1)
    res = _run_baselines(s, ALL)
    mean = {k: r.expected.mean() for k, r in res.items()}
    assert mean["oracle"] > mean["fixed_best_for_context"] > mean["random"]
    eps = res["eps_greedy"].expected.mean(axis=0)
    assert eps[-5:].mean() > eps[:5].mean()
    # the oracle is pointwise the best any arm can do on the same candidates
    for r in res.values():
        assert np.all(r.expected <= res["oracle"].expected + 1e-12)
    # same dice: where two arms applied the same skill they got the same thumb
    a, b = res["fixed_best_for_context"], res["oracle"]
    for u in range(len(a.choices)):
        for t in range(len(a.choices[u])):
            if a.choices[u][t].skill == b.choices[u][t].skill:
                assert a.realised[u, t] == b.realised[u, t]


def test_summary_reach_and_targets() -> None:
    s = sim.Setting("b", sigma=0.25, contexts=2)
    res = _run_baselines(s, ("casual_chat", "empathy_direct", "technical_precision",
                             "reactive_only"))
    res["lucidmem"] = res["oracle"]
    summary = sim.summarise(res)
    assert summary["oracle"]["reach70"] == 1 and summary["lucidmem"]["gap_closed"] == 1.0
    curve = np.array([0.1, 0.2, 0.6, 0.7])
    assert sim.reach(curve, np.full(4, 0.9)) == 4
    assert sim.reach(curve, np.full(4, 0.8)) == 3
    assert sim.reach(curve, np.full(4, 2.0)) is None
    fake = {
        sim.HEADLINE: {
            "lucidmem": {"mean_21_30": 0.70, "reach70": 4, "curve": []},
            "fixed_best_for_context": {"mean_21_30": 0.64, "curve": []},
            "oracle": {"mean_21_30": 0.72, "curve": []}},
        sim.LOW_SIGMA: {
            "lucidmem": {"curve": [0.5] * 5 + [0.80, 0.795, 0.81]},
            "fixed_best_for_context": {"curve": [0.8] * 8}},
    }
    status = {tid: st for tid, _, st, _ in sim.check_targets(fake)}
    assert status == {"T1": "PASS", "T2": "PASS", "T3": "PASS", "T4": "PASS"}
    assert sim.adaptation_gain(fake) == pytest.approx(0.06)
    fake[sim.HEADLINE]["lucidmem"].update(mean_21_30=0.68, reach70=None)
    fake[sim.LOW_SIGMA]["lucidmem"]["curve"][6] = 0.78
    status = {tid: st for tid, _, st, _ in sim.check_targets(fake)}
    assert status == {"T1": "FAIL", "T2": "FAIL", "T3": "FAIL", "T4": "FAIL"}
    assert {st for _, _, st, _ in sim.check_targets({})} == {"n/a"}
