"""The second stage: features, session diversity, the shipped weights, and search using them."""

from __future__ import annotations

import dataclasses
import math
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.records import Record
from lucidmem.retrieval.fusion import FusedHit
from lucidmem.retrieval.rerank import (
    FEATURES,
    HiddenLayer,
    QueryHints,
    RankerWeights,
    candidate_features,
    default_weights,
    diversify,
    repeat_links,
    rerank,
    stale_facts,
)

OCT = datetime(2024, 10, 12, tzinfo=UTC).timestamp()
MAR = datetime(2025, 3, 20, tzinfo=UTC).timestamp()


def _record(rid: str, text: str, at: float, session: str, name: str = "") -> Record:
    return Record(id=rid, kind="turn", user_id="u", text=text, occurred_at=at,
                  conversation_id=session, keywords=name, data={"role": "user"})


def _column(rows: object, name: str) -> list[float]:
    import numpy as np

    return [float(v) for v in np.asarray(rows)[:, FEATURES.index(name)]]


def test_features_read_words_names_speaker_time_and_sessions() -> None:
    records = {
        "a": _record("a", "We planted tulips with Jean in the garden", OCT, "s1", "Maya"),
        "b": _record("b", "The weather was grey all week", MAR, "s2"),
        "c": _record("c", "Tulips again, next to the roses", OCT + 60, "s1"),
    }
    hits = [FusedHit("b", 0.2, {"vector": 1}), FusedHit("a", 0.15, {"bm25": 1, "vector": 2}),
            FusedHit("c", 0.1, {"bm25": 2})]
    raw = {"bm25": {"a": 5.0, "c": 2.5}, "vector": {"b": 0.9, "a": 0.85}}
    window = (datetime(2024, 9, 1, tzinfo=UTC).timestamp(),
              datetime(2024, 12, 1, tzinfo=UTC).timestamp())
    rows = candidate_features("What did Maya plant with Jean last autumn? tulips", hits,
                              records, raw, QueryHints(window=window, order="earliest"))
    assert rows.shape == (3, len(FEATURES))
    assert _column(rows, "fused") == pytest.approx([1.0, 0.75, 0.5])
    assert _column(rows, "bm25_share") == pytest.approx([0.0, 1.0, 0.5])
    assert _column(rows, "name_cover") == pytest.approx([0.0, 1.0, 0.0])  # Jean (Maya: speaker)
    assert _column(rows, "speaker") == [0.0, 1.0, 0.0]
    assert _column(rows, "in_window") == [0.0, 1.0, 1.0]
    assert _column(rows, "out_window") == [1.0, 0.0, 0.0]
    assert _column(rows, "earliest_asked") == pytest.approx([0.0, 1.0, 0.5])
    assert _column(rows, "latest_asked") == [0.0, 0.0, 0.0]
    assert _column(rows, "neighbour") == [0.0, 1.0, 1.0]  # a and c: one session, a minute apart
    assert _column(rows, "vector_gap")[1] == pytest.approx(-0.05)
    # no hints: the time columns stay 0
    plain = candidate_features("tulips", hits, records, raw, QueryHints())
    assert _column(plain, "in_window") == _column(plain, "out_window") == [0.0, 0.0, 0.0]


def test_features_read_the_other_speaker_and_the_session_around_a_hit() -> None:
    records = {
        "a": _record("a", "We planted tulips", OCT, "s1", "Maya"),
        "b": _record("b", "The weather was grey all week", MAR, "s2"),
        "c": _record("c", "Tulips again, next to the roses", OCT + 60, "s1"),
        "d": _record("d", "I planted roses too", MAR + 60, "s2", "Jon"),
    }
    hits = [FusedHit("b", 0.2, {"vector": 1}), FusedHit("a", 0.15, {"vector": 2}),
            FusedHit("c", 0.1, {"bm25": 1}), FusedHit("d", 0.05, {"vector": 3})]
    raw = {"bm25": {"c": 2.0}, "vector": {"b": 0.9, "a": 0.85, "d": 0.7}}
    rows = candidate_features("What did Maya plant?", hits, records, raw, QueryHints())
    # the question names Maya, who speaks in a: d is said by someone else
    assert _column(rows, "other_speaker") == [0.0, 0.0, 0.0, 1.0]
    # the best fused score among the others of its session (b and d share s2, a and c s1)
    assert _column(rows, "session_best") == pytest.approx([0.25, 0.5, 0.75, 1.0])
    # cosine below the session's best (c has no cosine: the candidates' median, 0.85)
    assert _column(rows, "session_cos_gap") == pytest.approx([0.0, 0.0, 0.0, -0.2])
    unnamed = candidate_features("what was planted?", hits, records, raw, QueryHints())
    assert _column(unnamed, "other_speaker") == [0.0, 0.0, 0.0, 0.0]


def test_a_hit_without_a_vector_yet_gets_the_median_cosine_and_vector_rank() -> None:
    """A just-added or edited turn whose vector is still being computed is neither the best
    nor the worst by cosine: it used to get a cosine below the lowest and no vector rank, which
    put a just-edited turn holding the query's word below unrelated ones in a small memory."""
    records = {rid: _record(rid, text, OCT + i, f"s{i}") for i, (rid, text) in enumerate(
        [("a", "Maya moved to Porto"), ("b", "Maya is vegan"), ("c", "A cello method"),
         ("d", "Grey weather")])}
    hits = [FusedHit("a", 0.2, {"bm25": 1}), FusedHit("b", 0.15, {"vector": 1}),
            FusedHit("c", 0.1, {"vector": 2}), FusedHit("d", 0.05, {"vector": 4})]
    raw = {"bm25": {"a": 3.0}, "vector": {"b": 0.9, "c": 0.8, "d": 0.6}}
    rows = candidate_features("Porto", hits, records, raw, QueryHints())
    assert _column(rows, "vector_gap") == pytest.approx([-0.1, 0.0, -0.1, -0.3])
    assert _column(rows, "vector_rank") == pytest.approx([2 ** -0.5, 1.0, 2 ** -0.5, 0.5])
    # no cosine known at all (no query vector, no vector scores): the same for every hit
    bare = candidate_features("Porto", hits, records, {"bm25": {"a": 3.0}}, QueryHints())
    assert _column(bare, "vector_gap") == [0.0, 0.0, 0.0, 0.0]
    assert _column(bare, "vector_rank") == pytest.approx([2 ** -0.5, 1.0, 2 ** -0.5, 0.5])


def test_diversify_spreads_sessions_and_never_raises_a_score() -> None:
    scores = [3.0, 2.9, 2.8, 1.0]
    sessions = ["s1", "s1", "s1", "s2"]
    assert [i for i, _ in diversify(scores, sessions, 0.0)] == [0, 1, 2, 3]
    taken = diversify(scores, sessions, 2.5)
    assert [i for i, _ in taken] == [0, 3, 1, 2]
    values = [v for _, v in taken]
    assert values == sorted(values, reverse=True)


def test_a_hit_that_only_repeats_one_taken_is_lowered() -> None:
    # f1 was read from turn t1; f2 from t1 and t2; f3 from a turn that is not a candidate
    ids = ["f1", "t1", "o", "f2", "t2", "f3"]
    links = repeat_links(ids, [["t1"], None, None, ["t1", "t2"], None, ["gone"]])
    assert links.sources == ((1,), (), (), (1, 4), (), ())
    assert links.facts_of == ((), (0, 3), (), (), (3,), ())
    scores = [5.0, 4.9, 4.0, 3.0, 2.0, 1.5]
    sessions = ["s1", "s1", "s2", "s1", "s1", "s3"]
    assert [i for i, _ in diversify(scores, sessions, 0.0, links, 0.0)] == [0, 1, 2, 3, 4, 5]
    taken = diversify(scores, sessions, 0.0, links, 2.0)
    # t1 repeats f1 (2.9 < o's 4.0); f2 is no repeat (t2 is not taken) but t2 then repeats f2
    assert [i for i, _ in taken] == [0, 2, 3, 1, 5, 4]
    values = [v for _, v in taken]
    assert values == sorted(values, reverse=True)
    assert dict(taken)[1] == pytest.approx(2.9) and dict(taken)[3] == pytest.approx(3.0)
    # a floor: t1 is lowered to 3.5 at most, so it stays above o (4.0 → still below) but a
    # repeat that already stands below the floor is not lowered at all
    floored = diversify(scores, sessions, 0.0, links, 2.0, floor=3.5)
    assert dict(floored)[1] == pytest.approx(3.5) and dict(floored)[4] == pytest.approx(2.0)
    assert [i for i, _ in floored] == [0, 2, 1, 3, 4, 5]
    # a turn taken first makes the fact read from it a repeat
    first_turn = diversify([4.9, 5.0, 4.0], ["s1", "s1", "s2"], 0.0,
                           repeat_links(["f1", "t1", "o"], [["t1"], None, None]), 2.0)
    assert [i for i, _ in first_turn] == [1, 2, 0]
    # a fact read from two turns repeats them once both are taken, not before
    both = repeat_links(["t1", "f2", "t2", "o"], [None, ["t1", "t2"], None, None])
    assert [i for i, _ in diversify([5.0, 4.8, 4.9, 4.0], ["s1"] * 4, 0.0, both, 2.0)] == [
        0, 2, 3, 1]
    assert [i for i, _ in diversify([5.0, 4.9, 4.8, 4.0], ["s1"] * 4, 0.0, both, 2.0)] == [
        0, 1, 3, 2]


def test_the_fast_repeat_pass_takes_what_the_full_pass_takes() -> None:
    import math
    import random

    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 30)
        turns = [f"t{i}" for i in range(n // 2)]
        ids = turns + [f"f{i}" for i in range(n - len(turns))]
        sources = [None] * len(turns) + [
            rng.sample([*turns, "gone"], rng.randint(0, 2)) for _ in range(n - len(turns))]
        links = repeat_links(ids, sources)
        scores = [round(rng.uniform(0, 3), 1) for _ in range(n)]  # ties on purpose
        floor = rng.choice([-math.inf, 1.0, 2.0])
        fast = diversify(scores, ["s"] * n, 0.0, links, 1.0, floor)
        # sessions of None: the session penalty counts nothing, the full pass runs
        full = diversify(scores, [None] * n, 0.5, links, 1.0, floor)
        assert [i for i, _ in fast] == [i for i, _ in full]
        assert [v for _, v in fast] == pytest.approx([v for _, v in full])


def test_shipped_weights_fit_the_features_and_refuse_others() -> None:
    weights = default_weights()
    assert weights.features == FEATURES
    assert len(weights.weights) == len(weights.mean) == len(weights.scale) == len(FEATURES)
    assert RankerWeights.from_json(weights.to_json()) == weights
    stale = RankerWeights(("fused",), (1.0,), 0.0, (0.0,), (1.0,))
    import numpy as np

    with pytest.raises(ValueError, match="train_rerank"):
        stale.logits(np.zeros((1, len(FEATURES))))


def test_a_hidden_layer_adds_its_units_to_the_linear_score() -> None:
    import numpy as np

    n = len(FEATURES)
    mean, scale = [0.0] * n, [1.0] * n
    mean[0], scale[0] = 1.0, 2.0  # fused: standard = (x - 1) / 2
    weights = [0.0] * n
    weights[0] = 0.5
    unit = [0.0] * n
    unit[0] = 1.0
    unit[2] = -1.0  # vector_rank, mean 0, scale 1
    layer = HiddenLayer((tuple(unit), tuple(2.0 * u for u in unit)), (0.0, 0.5), (1.0, -2.0))
    model = RankerWeights(FEATURES, tuple(weights), 0.25, tuple(mean), tuple(scale),
                          hidden=layer)
    rows = np.zeros((2, n))
    rows[0, 0], rows[0, 2] = 3.0, 0.5  # standard fused 1.0, vector_rank 0.5
    rows[1, 0], rows[1, 2] = 1.0, 1.0  # standard fused 0.0, vector_rank 1.0
    # row 0: 0.25 + 0.5 * 1 + tanh(0.5) - 2 tanh(0.5 + 1.0)
    # row 1: 0.25 + 0 + tanh(-1) - 2 tanh(0.5 - 2.0)
    expected = [0.25 + 0.5 + math.tanh(0.5) - 2 * math.tanh(1.5),
                0.25 + math.tanh(-1.0) - 2 * math.tanh(-1.5)]
    assert model.logits(rows).tolist() == pytest.approx(expected)
    linear = RankerWeights(FEATURES, tuple(weights), 0.25, tuple(mean), tuple(scale))
    assert linear.logits(rows).tolist() == pytest.approx([0.75, 0.25])
    assert RankerWeights.from_json(model.to_json()) == model


def test_a_bounded_hidden_layer_reads_features_clipped_to_its_training_range() -> None:
    """Bounds clip what the units read (a feature far outside the range the layer was fitted
    on counts as the nearest bound), never what the linear part reads."""
    import numpy as np

    n = len(FEATURES)
    unit = [0.0] * n
    unit[0] = 1.0
    weights = [0.0] * n
    weights[0] = 0.5
    low, high = [-1.0] * n, [1.0] * n
    high[0] = 2.0
    bounded = HiddenLayer((tuple(unit),), (0.0,), (3.0,), tuple(low), tuple(high))
    model = RankerWeights(FEATURES, tuple(weights), 0.0, (0.0,) * n, (1.0,) * n,
                          hidden=bounded)
    rows = np.zeros((3, n))
    rows[:, 0] = [1.5, 7.0, -4.0]  # inside; far above (clipped to 2); far below (to -1)
    expected = [0.5 * 1.5 + 3 * math.tanh(1.5), 0.5 * 7.0 + 3 * math.tanh(2.0),
                0.5 * -4.0 + 3 * math.tanh(-1.0)]
    assert model.logits(rows).tolist() == pytest.approx(expected)
    free = dataclasses.replace(model, hidden=HiddenLayer((tuple(unit),), (0.0,), (3.0,)))
    assert free.logits(rows)[1] == pytest.approx(0.5 * 7.0 + 3 * math.tanh(7.0))
    assert RankerWeights.from_json(model.to_json()) == model
    assert '"low"' in model.to_json() and '"low"' not in free.to_json()


_LAYER = {"weights": [[0.0] * 22], "bias": [0.0], "output": [1.0]}


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(hidden={**_LAYER, "low": [0.0] * 22}),
     "'hidden.low' and 'hidden.high' go together"),
    (lambda d: d.update(hidden={**_LAYER, "low": [0.0] * 21, "high": [1.0] * 22}),
     "'hidden.low' must be a list of 22 numbers"),
    (lambda d: d.update(hidden={**_LAYER, "low": [0.0] * 22, "high": [1.0] * 21 + [None]}),
     "'hidden.high' must be a finite number"),
    (lambda d: d.update(hidden={**_LAYER, "low": [0.0] * 22, "high": [1.0] * 21 + [-1.0]}),
     "'hidden.low' must not exceed 'hidden.high'"),
    (lambda d: d.pop("mean"), "'mean' must be a list of 22 numbers"),
    (lambda d: d["weights"].pop(), "'weights' must be a list of 22 numbers"),
    (lambda d: d.update(bias="x"), "'bias' must be a finite number"),
    (lambda d: d.update(features="fused"), "'features' must be a list of feature names"),
    (lambda d: d.update(hidden=[1.0]), "'hidden' must be an object"),
    (lambda d: d.update(hidden={"weights": [[0.0] * 22], "bias": [0.0], "output": [1, 2]}),
     "'hidden.output' must be a list of 1 numbers"),
    (lambda d: d.update(hidden={"weights": [[0.0] * 21], "bias": [0.0], "output": [1]}),
     "'hidden.weights row' must be a list of 22 numbers"),
    (lambda d: d.update(hidden={"weights": [[0.0] * 22] * 2, "bias": [0.0], "output": [1]}),
     "'hidden.weights' must be a list of 1 rows"),
])
def test_a_malformed_weights_file_says_what_is_wrong(change: object, message: str) -> None:
    import json

    raw = json.loads(default_weights().to_json())
    change(raw)  # type: ignore[operator]
    with pytest.raises(ValueError, match=re.escape(message)):
        RankerWeights.from_json(json.dumps(raw))
    with pytest.raises(ValueError, match="not JSON"):
        RankerWeights.from_json("{")


def _fact(rid: str, text: str, source: str, written: float) -> Record:
    return Record(id=rid, kind="fact", user_id="u", text=text, occurred_at=OCT,
                  conversation_id="s1", updated_at=written, created_at=written,
                  data={"source_turn_ids": [source]})


def test_a_fact_read_from_a_turn_edited_since_stands_below_that_turn() -> None:
    turn = _record("t", "Maya moved to Porto", OCT, "s1", "Maya")
    turn.updated_at, turn.version = OCT + 86_400, 2  # edited a day after the fact was read
    fact = _fact("f", "Maya lives in Lisbon", "t", OCT + 10)
    other = _record("o", "The weather in Porto was grey", MAR, "s2")
    records = {"f": fact, "t": turn, "o": other}

    def ranked(edited_turn: Record) -> list[str]:
        hits = [FusedHit("f", 0.2, {"vector": 1}, {"vector": 0.2}),
                FusedHit("o", 0.18, {"bm25": 1}, {"bm25": 0.18}),
                FusedHit("t", 0.1, {"vector": 2, "bm25": 2}, {"vector": 0.05, "bm25": 0.05})]
        out = rerank("Where does Maya live?", hits, {**records, "t": edited_turn},
                     {"bm25": {"o": 3.0, "t": 2.0}, "vector": {"f": 0.9, "t": 0.8}},
                     QueryHints(), default_weights())
        scores = [h.score for h in out]
        assert scores == sorted(scores, reverse=True)
        for h in out:  # a hit's score is still the sum of its contributions
            assert sum(h.contributions.values()) == pytest.approx(h.score)
        return [h.id for h in out]

    unedited = _record("t", "Maya moved to Porto", OCT, "s1", "Maya")
    unedited.updated_at = OCT
    before = ranked(unedited)
    assert before.index("f") < before.index("t")  # the shipped ranker puts the fact first
    after = ranked(turn)
    assert after.index("f") == after.index("t") + 1  # now just below the edited turn
    assert stale_facts([FusedHit("f", 1.0), FusedHit("t", 0.9)], records) == {"f": "t"}
    # read again after the edit (written later): not stale
    fresh = _fact("f", "Maya lives in Porto", "t", OCT + 2 * 86_400)
    assert stale_facts([FusedHit("f", 1.0), FusedHit("t", 0.9)], {**records, "f": fresh}) == {}


def test_search_prefers_the_time_the_question_names(tmp_path: Path,
                                                    embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory:
        memory.add("In the garden I planted garlic and broad beans.", user_id="maya",
                   conversation_id="autumn", timestamp=datetime(2024, 10, 5, tzinfo=UTC))
        memory.add("In the garden I planted tomatoes and basil.", user_id="maya",
                   conversation_id="spring", timestamp=datetime(2025, 4, 20, tzinfo=UTC))
        asked = datetime(2025, 6, 30, tzinfo=UTC)

        def top(question: str, preset: str | None = None) -> str:
            hits = memory.search(question, user_id="maya", limit=2, as_of=asked, preset=preset)
            return hits[0].item.text

        assert "garlic" in top("What did I plant in the garden last autumn?")
        assert "tomatoes" in top("What did I plant in the garden last spring?")
        assert "tomatoes" in top("What did I plant in the garden most recently?")
        assert "garlic" in top("What did I plant in the garden first?")
        # as_of: the memory as it stood on 1 November 2024 holds only the autumn turn
        early = memory.search("What did I plant in the garden last spring?", user_id="maya",
                              as_of=datetime(2024, 11, 1, tzinfo=UTC), kinds=["turn"])
        assert [h.item.text for h in early] == [
            "In the garden I planted garlic and broad beans."]


def test_question_time_through_rest_mcp_and_cli(tmp_path: Path, embedder: E5Embedder) -> None:
    import json

    import anyio
    from fastapi.testclient import TestClient
    from mcp import Client
    from typer.testing import CliRunner

    from lucidmem.api import KeyRing, ServerSettings, create_app
    from lucidmem.cli import app as cli_app
    from lucidmem.mcp_server import build_server

    asked = "2025-06-30T00:00:00+00:00"
    autumn, spring = "I planted garlic in the garden.", "I planted tomatoes in the garden."
    with Memory(tmp_path, embedder=embedder) as memory:
        autumn_id = memory.add(autumn, user_id="maya", conversation_id="a",
                               timestamp=datetime(2024, 10, 5, tzinfo=UTC))[0].id
        spring_id = memory.add(spring, user_id="maya", conversation_id="b",
                               timestamp=datetime(2025, 4, 20, tzinfo=UTC))[0].id
        key = "maya-key-0123456789"
        client = TestClient(create_app(memory, settings=ServerSettings(),
                                       keys=KeyRing("admin-key-0123456789", {"maya": key})))
        h = {"Authorization": f"Bearer {key}"}

        def rest(question: str, **extra: object) -> list[dict[str, object]]:
            answer = client.post("/api/v1/memories/search", headers=h, json={
                "query": question, "kinds": ["turn"], "as_of": asked, **extra})
            assert answer.status_code == 200, answer.text
            return answer.json()  # type: ignore[no-any-return]

        last_autumn = rest("What did I plant in the garden last autumn?")
        assert last_autumn[0]["item"]["text"] == autumn  # type: ignore[index]
        assert "rerank" in last_autumn[0]["explain"]  # type: ignore[operator]
        last_spring = rest("What did I plant in the garden last spring?")
        assert last_spring[0]["item"]["text"] == spring  # type: ignore[index]
        fused = rest("What did I plant in the garden last autumn?", preset="fused")
        assert "rerank" not in fused[0]["explain"]  # type: ignore[operator]

        async def scenario() -> None:
            async with Client(build_server(memory, "maya")) as mcp:
                found = await mcp.call_tool("search", {
                    "query": "What did I plant in the garden last spring?", "as_of": asked})
                assert not found.is_error
                ids = [r["id"] for r in json.loads(found.content[0].text)["results"]]
                assert ids.index(spring_id) < ids.index(autumn_id)

        anyio.run(scenario)
    out = CliRunner().invoke(cli_app, [
        "--data-dir", str(tmp_path), "search", "What did I plant in the garden last autumn?",
        "--user", "maya", "--json", "--as-of", asked])
    assert out.exit_code == 0, out.output
    texts = [json.loads(line)["item"]["text"] for line in out.output.strip().splitlines()]
    assert texts.index(autumn) < texts.index(spring)
