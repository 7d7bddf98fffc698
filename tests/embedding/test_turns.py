"""Contextual turn embeddings: the end of the previous turn in the text, its stored vector
in the mix, the same vectors whichever path (one add, several adds, the sleep refresh)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.embedding.turns import (
    CHUNK_CHARS,
    CHUNKS_KEY,
    CONTEXT_WORDS,
    LONG_TURN_CHARS,
    chain_vectors,
    chunk_text,
    contextual_text,
    contextual_vector,
    decode_chunks,
    embed_turns,
    with_chunks,
)
from lucidmem.store.base import Query

FILLER = [
    "We spent the morning comparing train timetables and ticket prices for the summer.",
    "My manager asked for the quarterly report to be finished before the holidays.",
    "The garden needs watering twice a day while the weather stays this hot.",
    "I tried a new recipe for lentil soup with cumin, lemon and a lot of garlic.",
    "The children argued about which film to watch and then fell asleep halfway through.",
    "Our neighbour is repainting the fence and borrowed the long ladder again.",
    "The bank changed its app, and now every transfer needs a code from a text message.",
    "Running in the park before work has become easier since the days got longer.",
] * 6
LONG_QUESTION = " ".join(["word"] * 300) + " so which city did your sister move to last year"


def test_contextual_text_takes_only_the_end_of_the_previous_turn() -> None:
    assert contextual_text("Maya: Lisbon.", None) == "Maya: Lisbon."
    text = contextual_text("Maya: Lisbon.", LONG_QUESTION)
    prefix, turn = text.split("\n")
    assert turn == "Maya: Lisbon."
    assert prefix.split() == LONG_QUESTION.split()[-CONTEXT_WORDS:]
    assert contextual_text("Maya: Lisbon.", LONG_QUESTION, words=0) == "Maya: Lisbon."
    assert contextual_text("a", "   ") == "a"


def test_contextual_vector_is_a_normalised_mix() -> None:
    v = np.array([1.0, 0.0], dtype=np.float32)
    p = np.array([0.0, 1.0], dtype=np.float32)
    assert np.allclose(contextual_vector(v, None), v)
    mixed = contextual_vector(v, p, weight=0.5)
    assert np.isclose(np.linalg.norm(mixed), 1.0)
    assert np.allclose(mixed, np.array([1.0, 0.5]) / np.sqrt(1.25))
    assert np.allclose(contextual_vector(v, np.ones(3)), v)  # another size is ignored
    chained = chain_vectors(np.stack([v, p]), None, weight=0.5)
    assert np.allclose(chained[0], v)
    assert np.allclose(chained[1], contextual_vector(p, v, weight=0.5))


def test_embed_turns_embeds_each_turn_once(embedder: E5Embedder) -> None:
    seen: list[list[str]] = []

    def embed(texts: object) -> np.ndarray:
        seen.append(list(texts))  # type: ignore[call-overload]
        return embedder.embed_passages(list(texts))  # type: ignore[call-overload]

    out = embed_turns(embed, ["A: one two", "B: three"], LONG_QUESTION, None)
    assert len(seen) == 1 and len(seen[0]) == 2
    assert seen[0][1] == "A: one two\nB: three"  # short: all of it (ends in 8 words)
    assert sum(len(t) for t in seen[0]) < len(LONG_QUESTION)
    assert all(np.isclose(np.linalg.norm(t.vector), 1.0) and len(t.chunks) == 0 for t in out)
    plain = embed_turns(embed, ["A: one two"], LONG_QUESTION, None, contextual=False)
    assert seen[-1] == ["A: one two"] and plain[0].vector.shape == (embedder.dimension,)


def test_chunk_text_keeps_every_word_in_bounded_pieces() -> None:
    text = ("The first sentence is short. " * 30 + "x" * 1_200 + " " + "word " * 400
            + "The last sentence names the answer: Porto.")
    pieces = chunk_text(text)
    assert all(0 < len(p) <= CHUNK_CHARS for p in pieces)
    assert "".join(" ".join(pieces).split()) == "".join(text.split())
    assert pieces[-1].endswith("Porto.")
    assert chunk_text("short") == ["short"]


def test_a_long_turn_is_embedded_as_chunks_once(embedder: E5Embedder) -> None:
    long_turn = "A: " + " ".join(FILLER) + " In the end we chose Porto."
    assert len(long_turn) > LONG_TURN_CHARS
    calls: list[int] = []

    def embed(texts: object) -> np.ndarray:
        calls.append(len(texts))  # type: ignore[arg-type]
        return embedder.embed_passages(list(texts))  # type: ignore[call-overload]

    [out] = embed_turns(embed, [long_turn], None, None)
    pieces = chunk_text(long_turn)
    assert calls == [len(pieces)] and out.chunks.shape == (len(pieces) - 1, embedder.dimension)
    data = with_chunks({"role": "user"}, out.chunks)
    np.testing.assert_array_equal(decode_chunks(data, embedder.dimension), out.chunks)
    assert CHUNKS_KEY not in with_chunks(data, out.chunks[:0])
    assert decode_chunks({CHUNKS_KEY: ["not base64!", 3]}, embedder.dimension).shape == (
        0, embedder.dimension)


def _vectors(memory: Memory, user: str) -> dict[str, np.ndarray]:
    assert memory.flush(timeout=120)  # the vectors are computed in the background
    store = memory.kernel.store()
    out = {}
    for r in store.find(Query(user_id=user, kinds=["turn"])):
        assert r.embedding is not None
        out[r.text] = r.embedding
    return out


TURNS = [
    {"role": "user", "content": "Where did your sister move to last year, and why?"},
    {"role": "assistant", "content": "She moved to Lisbon for a job at the aquarium."},
    {"role": "user", "content": "Does she like it there?"},
]


@pytest.mark.parametrize("split", [1, 2])
def test_same_vectors_whichever_path(tmp_path: Path, embedder: E5Embedder, split: int) -> None:
    start = datetime(2025, 3, 1, tzinfo=UTC)
    turns = [{**t, "timestamp": start + timedelta(seconds=i)} for i, t in enumerate(TURNS)]
    with Memory(tmp_path / "one", embedder=embedder) as one, \
            Memory(tmp_path / "two", embedder=embedder) as two:
        one.add(turns, user_id="u", conversation_id="c")  # type: ignore[arg-type]
        two.add(turns[:split], user_id="u", conversation_id="c")  # type: ignore[arg-type]
        two.add(turns[split:], user_id="u", conversation_id="c")  # type: ignore[arg-type]
        a, b = _vectors(one, "u"), _vectors(two, "u")
        for text in a:
            np.testing.assert_allclose(a[text], b[text], atol=1e-5)
        # the second turn carries a trace of the first: closer to it than embedded alone
        alone = embedder.embed_passages([TURNS[1]["content"]])[0]
        first = a[TURNS[0]["content"]]
        assert float(a[TURNS[1]["content"]] @ first) > float(alone @ first)


def test_sleep_refresh_reproduces_what_add_stored(tmp_path: Path, embedder: E5Embedder) -> None:
    start = datetime(2025, 3, 1, tzinfo=UTC)
    turns = [{**t, "timestamp": start + timedelta(seconds=i)} for i, t in enumerate(TURNS)]
    with Memory(tmp_path, embedder=embedder) as memory:
        memory.add(turns, user_id="u", conversation_id="c")  # type: ignore[arg-type]
        before = _vectors(memory, "u")
        store = memory.kernel.store()
        stale = store.find(Query(user_id="u", kinds=["turn"]))
        for record in stale:
            record.data = {**record.data, "embedding_stale": True}
            record.embedding = np.zeros(embedder.dimension, dtype=np.float32)
        memory.kernel.write(None, "u", stale)
        memory.sleep.consolidate(user_id="u")
        after = _vectors(memory, "u")
        for text, vector in before.items():
            np.testing.assert_allclose(after[text], vector, atol=1e-5)


@pytest.mark.parametrize(("background", "settled"), [(True, True), (True, False),
                                                     (False, True)])
def test_update_re_embeds_the_turn_and_the_one_after_it(
        tmp_path: Path, embedder: E5Embedder, background: bool, settled: bool) -> None:
    """An edited turn gets its vector in context of the turn before it, and the turn after
    it (whose vector mixed in the old text's) a new one: as if the edited text had been
    added in the first place."""
    start = datetime(2025, 3, 1, tzinfo=UTC)
    turns = [{**t, "timestamp": start + timedelta(seconds=i)} for i, t in enumerate(TURNS)]
    settings = Settings(embedding={"background": background})  # type: ignore[arg-type]
    with Memory(tmp_path / "a", embedder=embedder, settings=settings) as edited, \
            Memory(tmp_path / "b", embedder=embedder, settings=settings) as fresh:
        items = edited.add(turns, user_id="u", conversation_id="c")  # type: ignore[arg-type]
        before = _vectors(edited, "u") if settled else {}
        # not settled: edited while the background may be embedding the turns from the add
        edited.update(items[1].id, user_id="u", text="She moved to Porto instead.")
        changed = [turns[0], {**turns[1], "content": "She moved to Porto instead."}, turns[2]]
        fresh.add(changed, user_id="u", conversation_id="c")  # type: ignore[arg-type]
        after, expected = _vectors(edited, "u"), _vectors(fresh, "u")
        assert set(after) == set(expected)
        for text, vector in expected.items():
            np.testing.assert_allclose(after[text], vector, atol=1e-5)
        last = TURNS[2]["content"]
        if settled:
            assert not np.allclose(before[last], after[last], atol=1e-4)  # it did change
        # the edit is audited; the turn after it only got a new vector
        assert [h.action for h in edited.history(items[2].id, user_id="u")] == ["add"]


def _long(topic_end: str, seed: int) -> str:
    rotated = FILLER[seed:] + FILLER[:seed]
    return " ".join(rotated) + " " + topic_end


def test_search_finds_a_long_turn_by_its_last_sentence_once(
        tmp_path: Path, embedder: E5Embedder) -> None:
    """The answer is only in the last sentence of a ~4,000-character turn; two other long
    turns share its filler. The vector leg alone finds the right turn first, once."""
    start = datetime(2025, 3, 1, tzinfo=UTC)
    turns = [
        _long("Finally, my sister moved to Porto to work as a marine biologist.", 0),
        _long("Finally, the plumber fixed the leaking kitchen tap on Tuesday.", 3),
        _long("Finally, we adopted a grey kitten called Pepper from the shelter.", 5),
    ]
    assert all(len(t) > LONG_TURN_CHARS for t in turns)
    with Memory(tmp_path, embedder=embedder) as memory:
        items = memory.add([{"role": "user", "content": t, "timestamp": start + timedelta(
            seconds=i)} for i, t in enumerate(turns)], user_id="u", conversation_id="c")
        assert memory.flush(timeout=300)  # chunks come with the vector, from the queue
        for query, expected in (("which city did my sister move to?", 0),
                                ("who repaired the tap?", 1),
                                ("what is our new cat's name?", 2)):
            hits = memory.search(query, user_id="u", preset="vector", kinds=["turn"])
            ids = [h.item.id for h in hits]
            assert ids[0] == items[expected].id
            assert len(ids) == len(set(ids)) == 3
        stored = memory.kernel.store().find(Query(user_id="u", kinds=["turn"]))
        assert all(len(decode_chunks(r.data, embedder.dimension)) > 3 for r in stored)
        exported = memory.export(user_id="u")
        assert CHUNKS_KEY not in str(exported)
        # the sleep cycle's compaction keeps the chunks, so the turn stays findable
        memory.sleep.consolidate(user_id="u")
        again = memory.kernel.store().find(Query(user_id="u", kinds=["turn"]))
        assert all(len(decode_chunks(r.data, embedder.dimension)) > 3 for r in again)


def test_turns_embedded_another_way_are_embedded_again_on_open(
        tmp_path: Path, embedder: E5Embedder) -> None:
    """A store whose vectors were made without context (an older release, or the setting
    switched) gets today's vectors in the background, old ones serving search meanwhile."""
    start = datetime(2025, 3, 1, tzinfo=UTC)
    turns = [{**t, "timestamp": start + timedelta(seconds=i)} for i, t in enumerate(TURNS)]
    plain = Settings(contextual_embeddings=False)
    with Memory(tmp_path / "old", embedder=embedder, settings=plain) as old:
        old.add(turns, user_id="u", conversation_id="c")  # type: ignore[arg-type]
        before = _vectors(old, "u")
    with Memory(tmp_path / "fresh", embedder=embedder) as fresh:
        fresh.add(turns, user_id="u", conversation_id="c")  # type: ignore[arg-type]
        expected = _vectors(fresh, "u")
    with Memory(tmp_path / "old", embedder=embedder) as reopened:
        after = _vectors(reopened, "u")  # flushes the queue the open filled
    last = TURNS[2]["content"]
    assert not np.allclose(before[last], expected[last], atol=1e-4)  # the schemes differ
    for text, vector in expected.items():
        np.testing.assert_allclose(after[text], vector, atol=1e-5)
    with Memory(tmp_path / "old", embedder=embedder) as again:  # nothing left to do
        assert again.stats().pending_embeddings == 0
