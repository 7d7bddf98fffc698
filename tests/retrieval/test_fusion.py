"""Fusion arithmetic against hand-computed values, and the vector index against brute force."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lucidmem.retrieval import vector_index
from lucidmem.retrieval.fusion import DEFAULT_RRF_K, recency_bonus, reciprocal_rank_fusion
from lucidmem.retrieval.vector_index import VectorIndex, VectorRow


def scores(hits: list) -> dict[str, float]:  # type: ignore[type-arg]
    return {h.id: h.score for h in hits}


def test_rrf_hand_computed_default_k() -> None:
    hits = reciprocal_rank_fusion({"bm25": ["a", "b", "c"], "vector": ["b", "a", "d"]})
    # k = 60, weights 1:
    #   a: bm25 rank 1, vector rank 2 -> 1/61 + 1/62 = 0.0325224...
    #   b: bm25 rank 2, vector rank 1 -> 1/62 + 1/61 (same as a; a was seen first)
    #   c: bm25 rank 3               -> 1/63        = 0.0158730...
    #   d: vector rank 3              -> 1/63
    assert DEFAULT_RRF_K == 60
    assert [h.id for h in hits] == ["a", "b", "c", "d"]
    assert scores(hits)["a"] == pytest.approx(1 / 61 + 1 / 62)
    assert scores(hits)["a"] == pytest.approx(0.03252247488101534)
    assert scores(hits)["b"] == pytest.approx(1 / 61 + 1 / 62)
    assert scores(hits)["c"] == pytest.approx(1 / 63)
    assert scores(hits)["d"] == pytest.approx(1 / 63)
    a = hits[0]
    assert a.ranks == {"bm25": 1, "vector": 2}
    assert a.contributions == pytest.approx({"bm25": 1 / 61, "vector": 1 / 62})
    assert hits[2].ranks == {"bm25": 3} and set(hits[2].contributions) == {"bm25"}


def test_rrf_rank_one_in_both_legs() -> None:
    # k = 60: 1/61 + 1/61 = 2/61 = 0.0327868...
    [hit] = reciprocal_rank_fusion({"bm25": ["x"], "vector": ["x"]})
    assert hit.score == pytest.approx(2 / 61)
    assert hit.score == pytest.approx(0.03278688524590164)


def test_rrf_custom_k_and_weights() -> None:
    hits = reciprocal_rank_fusion(
        {"bm25": ["a", "b"], "vector": ["b", "a"]}, k=10, weights={"bm25": 2.0, "vector": 0.5}
    )
    # k = 10:
    #   a: 2.0/(10+1) + 0.5/(10+2) = 0.181818 + 0.041667 = 0.223485
    #   b: 2.0/(10+2) + 0.5/(10+1) = 0.166667 + 0.045455 = 0.212121
    assert [h.id for h in hits] == ["a", "b"]
    assert scores(hits)["a"] == pytest.approx(2 / 11 + 0.5 / 12)
    assert scores(hits)["b"] == pytest.approx(2 / 12 + 0.5 / 11)
    # Raising the vector weight flips the order: a = 1/11+4/12 = 0.424, b = 1/12+4/11 = 0.447
    flipped = reciprocal_rank_fusion(
        {"bm25": ["a", "b"], "vector": ["b", "a"]}, k=10, weights={"bm25": 1, "vector": 4}
    )
    assert [h.id for h in flipped] == ["b", "a"]
    assert scores(flipped)["b"] == pytest.approx(1 / 12 + 4 / 11)


def test_rrf_zero_weight_leg_is_ignored() -> None:
    hits = reciprocal_rank_fusion(
        {"bm25": ["a"], "vector": ["z", "a"]}, weights={"bm25": 1.0, "vector": 0.0}
    )
    assert [h.id for h in hits] == ["a"]
    assert hits[0].score == pytest.approx(1 / 61)
    assert hits[0].ranks == {"bm25": 1}


def test_rrf_missing_weight_defaults_to_one() -> None:
    [hit] = reciprocal_rank_fusion({"bm25": ["a"], "other": ["a"]}, weights={"bm25": 3.0})
    assert hit.score == pytest.approx(3 / 61 + 1 / 61)


def test_rrf_ties_are_deterministic_by_first_seen() -> None:
    # Every id has rank 1 in exactly one leg: all scores 1/61.
    rankings = {"bm25": ["q"], "vector": ["p"], "third": ["r"]}
    for _ in range(5):
        assert [h.id for h in reciprocal_rank_fusion(rankings)] == ["q", "p", "r"]
    assert [h.id for h in reciprocal_rank_fusion({"bm25": ["b", "a"], "vector": ["a", "b"]})] \
        == ["b", "a"]


def test_rrf_empty() -> None:
    assert reciprocal_rank_fusion({}) == []
    assert reciprocal_rank_fusion({"bm25": [], "vector": []}) == []


@given(st.dictionaries(st.sampled_from(["bm25", "vector", "x"]),
                       st.lists(st.sampled_from("abcdefgh"), unique=True), max_size=3))
def test_rrf_matches_definition(rankings: dict[str, list[str]]) -> None:
    expected: dict[str, float] = {}
    for ranking in rankings.values():
        for position, item in enumerate(ranking):
            expected[item] = expected.get(item, 0.0) + 1 / (60 + position + 1)
    hits = reciprocal_rank_fusion(rankings)
    assert scores(hits) == pytest.approx(expected)
    assert [h.score for h in hits] == sorted(expected.values(), reverse=True)


@pytest.mark.parametrize(
    ("age", "weight", "half_life", "expected"),
    [
        (0, 0.5, 7, 0.5),          # 0.5 × 0.5^0
        (7, 0.5, 7, 0.25),         # one half-life
        (14, 0.5, 7, 0.125),       # two half-lives
        (3.5, 1.0, 7, 2 ** -0.5),  # half a half-life: 0.7071...
        (30, 2.0, 30, 1.0),
        (-5, 1.0, 7, 1.0),         # future items count as age 0
        (100, 0.0, 7, 0.0),
    ],
)
def test_recency_bonus(age: float, weight: float, half_life: float, expected: float) -> None:
    assert recency_bonus(age, weight=weight, half_life_days=half_life) == pytest.approx(expected)


def test_recency_bonus_decreases_with_age() -> None:
    values = [recency_bonus(d, weight=1, half_life_days=10) for d in range(0, 100, 7)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert math.isclose(values[0], 1.0)


# -- the vector index against brute force ------------------------------------------------------
def _rows(rng: np.random.Generator, n: int, dim: int) -> list[VectorRow]:
    vectors = rng.standard_normal((n, dim)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return [
        VectorRow(
            id=f"id{i}",
            vector=vectors[i],
            kind=str(rng.choice(["turn", "fact"])),
            status=str(rng.choice(["active", "superseded"])),
            conversation_id=[None, "c1", "c2"][int(rng.integers(3))],
            occurred_at=float(rng.integers(0, 1000)),
        )
        for i in range(n)
    ]


def _brute_force(rows: list[VectorRow], query: np.ndarray, limit: int, **filters: object
                 ) -> list[str]:
    keep = [
        r for r in rows
        if (filters.get("kinds") is None or r.kind in filters["kinds"])  # type: ignore[operator]
        and (filters.get("statuses") is None or r.status in filters["statuses"])  # type: ignore[operator]
        and (filters.get("conversation_id") is None
             or r.conversation_id == filters["conversation_id"])
        and (filters.get("occurred_from") is None
             or r.occurred_at >= filters["occurred_from"])  # type: ignore[operator]
        and (filters.get("occurred_to") is None
             or r.occurred_at <= filters["occurred_to"])  # type: ignore[operator]
    ]
    if not keep:
        return []
    matrix = np.stack([r.vector for r in keep])
    order = np.argsort(-(matrix @ query), kind="stable")[:limit]
    return [keep[i].id for i in order]


FILTERS = [
    {},
    {"kinds": ["fact"]},
    {"statuses": ["active"], "conversation_id": "c1"},
    {"occurred_from": 200.0, "occurred_to": 700.0},
    {"kinds": ["turn"], "statuses": ["active"], "conversation_id": "c2",
     "occurred_from": 100.0},
    {"kinds": ["unknown-kind"]},
    {"conversation_id": "no-such-conversation"},
]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(1, 300),
    limit=st.integers(1, 50),
    filters=st.sampled_from(FILTERS),
)
def test_vector_index_matches_argsort(seed: int, n: int, limit: int,
                                      filters: dict[str, object]) -> None:
    rng = np.random.default_rng(seed)
    rows = _rows(rng, n, 16)
    index = VectorIndex(16)
    index.upsert(rows[: n // 2])
    index.upsert(rows[n // 2 :])
    query = rng.standard_normal(16).astype(np.float32)
    query /= np.linalg.norm(query)
    got = index.search(query, limit, **filters)  # type: ignore[arg-type]
    assert [i for i, _ in got] == _brute_force(rows, query, limit, **filters)
    by_id = {r.id: r.vector for r in rows}
    for item_id, score in got:
        assert score == pytest.approx(float(by_id[item_id] @ query), abs=1e-5)


@pytest.mark.parametrize("blas_rows", [1, 10**9])
def test_vector_index_both_products(monkeypatch: pytest.MonkeyPatch, blas_rows: int) -> None:
    """The same neighbours with BLAS's product (large matrices) and einsum's (the rest)."""
    monkeypatch.setattr(vector_index, "BLAS_ROWS", blas_rows)
    rng = np.random.default_rng(11)
    rows = _rows(rng, 400, 32)
    index = VectorIndex(32)
    index.upsert(rows)
    for filters in FILTERS:
        query = rng.standard_normal(32).astype(np.float32)
        query /= np.linalg.norm(query)
        got = index.search(query, 25, **filters)  # type: ignore[arg-type]
        assert [i for i, _ in got] == _brute_force(rows, query, 25, **filters)


def test_vector_index_remove_and_replace() -> None:
    rng = np.random.default_rng(7)
    rows = _rows(rng, 200, 8)
    index = VectorIndex(8)
    index.upsert(rows)
    removed = {f"id{i}" for i in range(0, 200, 3)}
    index.remove(sorted(removed))
    # Replace id1 with a vector equal to the query: it must now come first.
    query = rng.standard_normal(8).astype(np.float32)
    query /= np.linalg.norm(query)
    replaced = VectorRow("id1", query.copy(), "turn", "active", None, 0.0)
    index.upsert([replaced])
    live = [r for r in rows if r.id not in removed and r.id != "id1"] + [replaced]
    assert len(index) == len(live)
    got = [i for i, _ in index.search(query, 300)]
    assert got[0] == "id1"
    assert not removed & set(got)
    assert got == _brute_force(live, query, 300)
    assert index.search(query, 0) == []
    assert VectorIndex(8).search(query, 5) == []
