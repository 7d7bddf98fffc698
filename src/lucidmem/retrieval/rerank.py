"""The second stage: a learned linear ranker over the fused candidates, then session diversity.

The first stage (BM25 and vectors fused by RRF) finds the evidence; this stage orders the top
``depth`` of it. Each candidate gets a few cheap features — how each leg ranked it, how much
of the question's words, word pairs and names it holds, who said it (and whether someone other
than the person the question names said it), where it sits in time among the candidates (and
inside a time the question names), how many other candidates come from its session, how strong
the best of them is and how far its cosine falls below theirs (this last one at weight 0: see
docs/benchmarks.md, "rank6") — and a linear model scores them (fitted as a softmax over each
question's candidates). The weights are a small JSON file shipped in the package
(``rerank_weights.json``), fitted by ``bench/train_rerank.py`` on LoCoMo, the development half
of the project's long-history set and small memories made of the project's multilingual
retrieval pairs. No model is downloaded;
reading and scoring 80 candidates costs about 4–5 ms of CPU per search on the shared machine
(docs/benchmarks.md, "second stage").

Questions that need several pieces ("how many …", "which … since …") then get a session-diverse
list: a greedy pass (maximal marginal relevance over sessions) lowers a candidate's score by
``diversity`` for every hit already taken from its session. For every question, a hit that
only repeats one already taken — a fact whose source turns are all above it, or a turn a fact
above was read from — is lowered by ``repeat``, so the slots go to other evidence.

Last, a fact read from a turn that was edited afterwards (the fact may say what the turn no
longer says) never outranks that turn when both are candidates: it is put just below it.
"""

from __future__ import annotations

import heapq
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Literal

import numpy as np
import numpy.typing as npt

from ..embedding.turns import CHUNKS_KEY, decode_chunks
from ..records import Record
from ..text import STOPWORDS, tokens
from .fusion import FusedHit

__all__ = [
    "DEFAULT_NEIGHBOUR_SECONDS",
    "DEFAULT_REPEAT_FLOOR",
    "FEATURES",
    "HINT_FEATURES",
    "HiddenLayer",
    "QueryHints",
    "RankerWeights",
    "best_cosine",
    "candidate_features",
    "default_weights",
    "diversify",
    "repeat_links",
    "rerank",
    "stale_facts",
]

HINT_FEATURES: tuple[str, ...] = ("latest_asked", "earliest_asked", "in_window", "out_window")
"""Features that only exist when the question names a time or an order: not learned (too
few such questions), weighted by :attr:`RankerWeights.time_boost` / ``order_boost``."""

FEATURES: tuple[str, ...] = (
    "fused", "bm25_rank", "vector_rank", "vector_gap", "bm25_share",
    "term_cover", "pair_cover", "name_cover", "speaker", "user_role",
    "later", "latest_asked", "earliest_asked", "in_window", "out_window",
    "session_share", "neighbour", "derived", "length",
    "other_speaker", "session_best", "session_cos_gap",
)
"""The feature names, in the order of a feature row."""

DEFAULT_REPEAT_FLOOR = -1.0
"""The logit below which the repeat penalty lowers no hit (0 is the average candidate of the
training data; −1 is a probability of 0.27). Without it, in a small memory the turn a fact was
read from could fall below an unrelated fact. Costs LoCoMo R@20 0.001 (docs/benchmarks.md)."""

DEFAULT_NEIGHBOUR_SECONDS = 600.0
"""Two turns of one conversation this close in time count as neighbours."""

Order = Literal["earliest", "latest"]


@dataclass(frozen=True, slots=True)
class QueryHints:
    """What the question says about time and breadth, read by the layer that owns the clock.

    ``window`` is an epoch interval ``[start, end)`` the question names ("last autumn");
    ``order`` asks for the first or the latest of something; ``aggregate`` marks questions that
    need several pieces ("how many …")."""

    window: tuple[float, float] | None = None
    order: Order | None = None
    aggregate: bool = False


@dataclass(frozen=True, slots=True)
class HiddenLayer:
    """A small nonlinear part added to the linear score: ``Σ_j output[j] × tanh(bias[j] +
    Σ_f weights[j][f] × standard[f])`` over the same standardised features (one row of
    ``weights`` per hidden unit, one column per feature).

    With ``low`` and ``high`` (one bound per feature, both or neither), every standardised
    feature is first clipped to ``[low, high]``, the range of the training candidates: the
    units never see a value they were not fitted on, so the layer cannot extrapolate where
    a memory unlike the training ones (a few short notes) puts a feature far outside it.
    The linear part still reads the unclipped value (docs/benchmarks.md, "rank9")."""

    weights: tuple[tuple[float, ...], ...]
    bias: tuple[float, ...]
    output: tuple[float, ...]
    low: tuple[float, ...] | None = None
    high: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if (self.low is None) != (self.high is None):
            raise ValueError("ranker weights: 'hidden.low' and 'hidden.high' go together")
        if self.low is not None and self.high is not None and any(
                lo > hi for lo, hi in zip(self.low, self.high, strict=True)):
            raise ValueError("ranker weights: 'hidden.low' must not exceed 'hidden.high'")

    def __call__(self, standard: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        if self.low is not None:
            standard = np.clip(standard, _vector(self.low), _vector(self.high))
        units = np.tanh(standard @ _matrix(self.weights).T + np.asarray(self.bias))
        return np.asarray(units @ np.asarray(self.output), dtype=np.float64)


@cache
def _matrix(rows: tuple[tuple[float, ...], ...]) -> npt.NDArray[np.float64]:
    """A hidden layer's weights as an array, converted once (about 40 µs a call otherwise)."""
    out = np.array(rows, dtype=np.float64)
    out.setflags(write=False)
    return out


@cache
def _vector(values: tuple[float, ...] | None) -> npt.NDArray[np.float64]:
    """A hidden layer's bounds as an array, converted once."""
    out = np.array(values, dtype=np.float64)
    out.setflags(write=False)
    return out


@dataclass(frozen=True, slots=True)
class RankerWeights:
    """``logit = bias + Σ weight × standard + hidden(standard)``, ``standard`` being
    ``(feature − mean) / scale``; without a :class:`HiddenLayer`, a linear model."""

    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    diversity: float = 0.0
    """Score lowered per hit already taken from the same session (aggregation questions)."""
    time_boost: float = 0.0
    """Added inside the time the question names, taken outside it (logit units)."""
    order_boost: float = 0.0
    """Added for the latest (or earliest) candidate when the question asks for it, in
    proportion to its place in time among the candidates."""
    repeat: float = 0.0
    """Score lowered for a hit that only repeats one already taken (a fact and the turn it
    was read from), every question."""
    repeat_floor: float = DEFAULT_REPEAT_FLOOR
    """A repeat is lowered no further than this logit, so it stays above the candidates the
    ranker scores poorly."""
    hidden: HiddenLayer | None = None
    """The nonlinear part (docs/benchmarks.md, "rank8"), or None for a linear ranker."""

    def logits(self, rows: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The learned part plus the hint boosts. Too few questions name a time to learn
        those from, so they are two numbers tuned by ``bench/train_rerank.py`` instead."""
        if self.features != FEATURES:
            raise ValueError("ranker weights were fitted on other features; refit them with "
                             "bench/train_rerank.py")
        standard = (rows - np.asarray(self.mean)) / np.asarray(self.scale)
        learned = standard @ np.asarray(self.weights) + self.bias
        if self.hidden is not None:
            learned = learned + self.hidden(standard)
        column = FEATURES.index
        time = rows[:, column("in_window")] - rows[:, column("out_window")]
        order = rows[:, column("latest_asked")] + rows[:, column("earliest_asked")]
        return np.asarray(learned + self.time_boost * time + self.order_boost * order,
                          dtype=np.float64)

    def to_json(self) -> str:
        out: dict[str, object] = {
            "features": list(self.features), "weights": list(self.weights), "bias": self.bias,
            "mean": list(self.mean), "scale": list(self.scale), "diversity": self.diversity,
            "time_boost": self.time_boost, "order_boost": self.order_boost,
            "repeat": self.repeat, "repeat_floor": self.repeat_floor}
        if self.hidden is not None:
            layer: dict[str, object] = {
                "weights": [list(r) for r in self.hidden.weights],
                "bias": list(self.hidden.bias), "output": list(self.hidden.output)}
            if self.hidden.low is not None and self.hidden.high is not None:
                layer["low"], layer["high"] = list(self.hidden.low), list(self.hidden.high)
            out["hidden"] = layer
        return json.dumps(out, indent=1)

    @classmethod
    def from_json(cls, text: str) -> RankerWeights:
        """Read :meth:`to_json`'s output; a file of another shape raises ValueError naming
        what is wrong (a missing key, a length that does not match the features)."""
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"ranker weights: not JSON ({e})") from e
        if not isinstance(raw, dict):
            raise ValueError("ranker weights: expected a JSON object")
        features = tuple(_strings(raw, "features"))
        n = len(features)
        hidden = None
        if raw.get("hidden") is not None:
            layer = raw["hidden"]
            if not isinstance(layer, dict):
                raise ValueError("ranker weights: 'hidden' must be an object")
            bias = _numbers(layer, "bias", None, "hidden.")
            rows = layer.get("weights")
            if not isinstance(rows, list) or len(rows) != len(bias):
                raise ValueError(f"ranker weights: 'hidden.weights' must be a list of "
                                 f"{len(bias)} rows (one per hidden unit)")
            matrix = tuple(tuple(_numbers({"row": r}, "row", n, "hidden.weights "))
                           for r in rows)
            output = _numbers(layer, "output", len(bias), "hidden.", "hidden unit")
            bounds = [None if layer.get(key) is None else tuple(_numbers(layer, key, n, "hidden."))
                      for key in ("low", "high")]
            hidden = HiddenLayer(matrix, tuple(bias), tuple(output), bounds[0], bounds[1])
        return cls(features, tuple(_numbers(raw, "weights", n)), _number(raw, "bias"),
                   tuple(_numbers(raw, "mean", n)), tuple(_numbers(raw, "scale", n)),
                   _number(raw, "diversity", 0.0), _number(raw, "time_boost", 0.0),
                   _number(raw, "order_boost", 0.0), _number(raw, "repeat", 0.0),
                   _number(raw, "repeat_floor", DEFAULT_REPEAT_FLOOR), hidden)


def _strings(raw: Mapping[str, object], key: str) -> list[str]:
    value = raw.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"ranker weights: '{key}' must be a list of feature names")
    return value


def _number(raw: Mapping[str, object], key: str, default: float | None = None,
            where: str = "") -> float:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value):
        raise ValueError(f"ranker weights: '{where}{key}' must be a finite number")
    return float(value)


def _numbers(raw: Mapping[str, object], key: str, length: int | None,
             where: str = "", per: str = "feature") -> list[float]:
    value = raw.get(key)
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "" if length is None else f" of {length}"
        each = "" if length is None else f" (one per {per})"
        raise ValueError(f"ranker weights: '{where}{key}' must be a list{size} numbers{each}"
                         .replace("list numbers", "list of numbers"))
    return [_number({key: v}, key, None, where) for v in value]


@cache
def default_weights() -> RankerWeights:
    """The weights shipped with the package."""
    text = resources.files(__package__).joinpath("rerank_weights.json").read_text("utf-8")
    return RankerWeights.from_json(text)


def _content(words: Sequence[str]) -> list[str]:
    return [w for w in words if w not in STOPWORDS]


def _names(query: str) -> set[str]:
    """Capitalised words of the question that are not its first word: names, places."""
    words = query.split()
    found = set()
    for word in words[1:]:
        stripped = word.strip(".,;:!?\"'()[]")
        if stripped[:1].isupper() and stripped.casefold() not in STOPWORDS:
            found.update(tokens(stripped))
    return found


def _share(wanted: set[str] | set[tuple[str, str]],
           have: frozenset[str] | frozenset[tuple[str, str]]) -> float:
    return len(wanted & have) / len(wanted) if wanted else 0.0


def _words(text: str, keywords: str) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """A candidate's words and its content-word pairs. Not cached across searches on purpose:
    a cache would keep the text of forgotten memories in the process."""
    words = tokens(f"{text} {keywords}")
    return frozenset(words), frozenset(pairwise(_content(words)))


def _rank_feature(rank: int | None) -> float:
    return 0.0 if rank is None else 1.0 / math.sqrt(rank)


def candidate_features(
    query: str,
    hits: Sequence[FusedHit],
    records: Mapping[str, Record],
    raw: Mapping[str, Mapping[str, float]],
    hints: QueryHints,
    *,
    query_vector: npt.NDArray[np.float32] | None = None,
    neighbour_seconds: float = DEFAULT_NEIGHBOUR_SECONDS,
) -> npt.NDArray[np.float64]:
    """One row of :data:`FEATURES` per hit (every hit must have its record).

    With ``query_vector``, a hit the vector leg did not return gets its cosine from its
    record's own vector (best chunk of a long turn). A hit whose cosine stays unknown (no
    vector yet) gets the median cosine and vector rank of the candidates."""
    n = len(hits)
    rows = np.zeros((n, len(FEATURES)), dtype=np.float64)
    if n == 0:
        return rows
    query_words = tokens(query)
    terms = set(_content(query_words))
    content = _content(query_words)
    pairs = set(pairwise(content))
    names = _names(query)
    asked = set(query_words)
    vector = dict(raw.get("vector", {}))
    if query_vector is not None:
        for h in hits:
            if h.id not in vector and records[h.id].embedding is not None:
                vector[h.id] = best_cosine(records[h.id], query_vector)
    bm25 = raw.get("bm25", {})
    known = [vector[h.id] for h in hits if h.id in vector]
    top_cos = max(known, default=0.0)
    # A hit whose cosine is unknown (its vector is still being computed: just added or
    # edited) is neither the best nor the worst: it gets the candidates' median cosine and
    # vector rank, not a guess below the lowest (which sank a just-edited turn below
    # unrelated ones in a small memory).
    unknown_cos = _median(known) if known else 0.0
    vector_ranks = [h.ranks["vector"] for h in hits if "vector" in h.ranks]
    unknown_rank = _median(vector_ranks) if vector_ranks else None
    top_bm25 = max((bm25[h.id] for h in hits if h.id in bm25), default=0.0)
    top_fused = hits[0].score or 1.0
    times = np.array([records[h.id].occurred_at for h in hits])
    order = np.argsort(np.argsort(times, kind="stable"), kind="stable")
    later = order / max(n - 1, 1)
    sessions = [records[h.id].conversation_id for h in hits]
    head = sessions[: min(n, 10)]
    codes = {s: k for k, s in enumerate(dict.fromkeys(sessions))}
    session_code = np.array([codes[s] for s in sessions])
    same = (session_code[:, None] == session_code[None, :]) & ~np.eye(n, dtype=bool)
    near = np.abs(times[:, None] - times[None, :]) <= neighbour_seconds
    neighbours = (same & near).any(axis=1)
    fused_share = np.array([h.score / top_fused for h in hits])
    cosines = np.array([vector.get(h.id, unknown_cos) for h in hits])
    # the best other candidate of the same session, and this one against its session's best
    others = np.where(same, fused_share[None, :], 0.0)
    session_best = others.max(axis=1)
    session_cos = np.where(same | np.eye(n, dtype=bool), cosines[None, :], -np.inf).max(axis=1)
    speakers = [records[h.id].keywords.casefold() for h in hits]
    named_speakers = {s for s in speakers if s and s in asked}
    for i, hit in enumerate(hits):
        record = records[hit.id]
        have, mine_pairs = _words(record.text, record.keywords)
        cos = cosines[i]
        row = rows[i]
        row[0] = hit.score / top_fused
        row[1] = _rank_feature(hit.ranks.get("bm25"))
        row[2] = (1.0 / math.sqrt(unknown_rank)
                  if unknown_rank is not None and hit.id not in vector
                  and "vector" not in hit.ranks else _rank_feature(hit.ranks.get("vector")))
        row[3] = cos - top_cos
        row[4] = bm25.get(hit.id, 0.0) / top_bm25 if top_bm25 > 0 else 0.0
        row[5] = _share(terms, have)
        row[6] = _share(pairs, mine_pairs)
        row[7] = _share(names, have)
        speaker = record.keywords.casefold()
        row[8] = float(bool(speaker) and speaker in asked)
        row[9] = float(record.data.get("role") == "user")
        row[10] = later[i]
        row[11] = later[i] if hints.order == "latest" else 0.0
        row[12] = 1.0 - later[i] if hints.order == "earliest" else 0.0
        if hints.window is not None:
            inside = hints.window[0] <= record.occurred_at < hints.window[1]
            row[13] = float(inside)
            row[14] = float(not inside)
        session = sessions[i]
        if session is not None:
            row[15] = (sum(1 for s in head if s == session) - (i < len(head))) / len(head)
            row[16] = float(neighbours[i])
        row[17] = float(record.kind != "turn")
        row[18] = math.log1p(len(record.text)) / 8.0
        row[19] = float(bool(named_speakers) and bool(speakers[i])
                        and speakers[i] not in named_speakers)
        if session is not None:
            row[20] = session_best[i]
            row[21] = cosines[i] - session_cos[i]
    return rows


def _median(values: Sequence[float]) -> float:
    """``float(np.median(values))`` for a short non-empty list, without numpy's overhead
    (18 µs a call against 2): the middle value, or the mean of the two."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[middle])
    return (ordered[middle - 1] + ordered[middle]) / 2


def best_cosine(record: Record, query: npt.NDArray[np.float32]) -> float:
    assert record.embedding is not None
    best = float(record.embedding @ query)
    if CHUNKS_KEY in record.data:
        chunks = decode_chunks(record.data, len(query))
        if len(chunks):
            best = max(best, float(np.max(chunks @ query)))
    return best


@dataclass(frozen=True, slots=True)
class RepeatLinks:
    """Which candidates repeat which, by index: ``sources[i]`` the candidates fact ``i`` was
    read from (``missing[i]`` of its source turns are not candidates), ``facts_of[j]`` the
    candidate facts read from turn ``j``."""

    sources: tuple[tuple[int, ...], ...]
    missing: tuple[int, ...]
    facts_of: tuple[tuple[int, ...], ...]

    @property
    def empty(self) -> bool:
        return not any(self.facts_of)


def repeat_links(ids: Sequence[str], turn_sources: Sequence[Sequence[str] | None]) -> RepeatLinks:
    """The links between candidates ``ids``: ``turn_sources[i]`` is None for a turn, else the
    ids of the turns candidate ``i`` was read from."""
    place = {item_id: i for i, item_id in enumerate(ids)}
    facts_of: list[list[int]] = [[] for _ in ids]
    sources: list[tuple[int, ...]] = []
    missing: list[int] = []
    for i, found in enumerate(turn_sources):
        if found is None:
            sources.append(())
            missing.append(1)  # a turn is never a repeat of its own sources
            continue
        inside = tuple(place[t] for t in dict.fromkeys(found)
                       if t in place and turn_sources[place[t]] is None)
        sources.append(inside)
        missing.append(len(set(found)) - len(inside) if found else 1)
        for j in inside:
            facts_of[j].append(i)
    return RepeatLinks(tuple(sources), tuple(missing), tuple(tuple(f) for f in facts_of))


def diversify(scores: Sequence[float], sessions: Sequence[str | None], penalty: float,
              links: RepeatLinks | None = None, repeat: float = 0.0,
              floor: float = -math.inf) -> list[tuple[int, float]]:
    """Greedy MMR: repeatedly take the best ``score − penalty × (hits already taken from its
    session) − lowered``, ``lowered`` being, for a hit that only repeats one taken (a fact
    whose source turns are all taken, or a turn a taken fact was read from), ``repeat`` but
    never past ``floor`` (0 if it already stands below it). Returns (index, adjusted score) in
    the order taken; the adjusted scores never increase. Ties go to the earlier index."""
    values = np.asarray(scores, dtype=np.float64)
    repeats = repeat != 0 and links is not None and not links.empty
    if (penalty == 0 and not repeats) or len(values) < 2:
        order = np.argsort(-values, kind="stable")
        return [(int(i), float(values[i])) for i in order]
    if penalty == 0:
        assert links is not None
        return _without_repeats(values, links, repeat, floor)
    codes = {s: k for k, s in enumerate(dict.fromkeys(sessions))}
    session = np.array([codes[s] for s in sessions])
    taken = np.zeros(len(codes))
    no_session = np.array([s is None for s in sessions])
    left = np.ones(len(values), dtype=bool)
    lowered = np.zeros(len(values))
    missing = np.array(links.missing if links is not None else [1] * len(values))
    missing += np.array([len(s) for s in links.sources]) if links is not None else 0
    out = []
    for _ in range(len(values)):
        adjusted = values - np.where(no_session, 0.0, penalty * taken[session]) - lowered
        adjusted[~left] = -np.inf
        best = int(np.argmax(adjusted))
        out.append((best, float(adjusted[best])))
        left[best] = False
        taken[session[best]] += 1
        if repeats:
            assert links is not None
            for fact in links.facts_of[best]:  # a source turn of these facts is taken
                missing[fact] -= 1
                if missing[fact] == 0:
                    lowered[fact] = _lowering(values[fact], repeat, floor)
            for turn in links.sources[best]:  # a fact read from these turns is taken
                lowered[turn] = _lowering(values[turn], repeat, floor)
    return out


def stale_facts(hits: Sequence[FusedHit], records: Mapping[str, Record]) -> dict[str, str]:
    """Facts among ``hits`` read from a turn (also among ``hits``) that was edited after the
    fact was last written → the id of that turn (the best-placed one if several). A fact
    written after the edit is not stale: it was read again, or confirmed since."""
    place = {h.id: i for i, h in enumerate(hits)}
    out: dict[str, str] = {}
    for hit in hits:
        fact = records[hit.id]
        if fact.kind == "turn":
            continue
        edited = [place[t] for t in fact.data.get("source_turn_ids") or ()
                  if t in place and records[t].kind == "turn" and records[t].version > 1
                  and records[t].updated_at > fact.updated_at]
        if edited:
            out[hit.id] = hits[min(edited)].id
    return out


def _below_edited_turns(hits: list[FusedHit], stale: Mapping[str, str]) -> list[FusedHit]:
    """``hits`` (best first) with every stale fact moved just below its edited turn when it
    stood above it; its score becomes one between the turn's and the next hit's."""
    out = list(hits)
    for fact_id, turn_id in stale.items():
        at = next(i for i, h in enumerate(out) if h.id == fact_id)
        turn_at = next(i for i, h in enumerate(out) if h.id == turn_id)
        if at > turn_at:
            continue
        fact = out.pop(at)
        turn_at -= 1
        below = out[turn_at + 1].score if turn_at + 1 < len(out) else out[turn_at].score - 1e-6
        new = (out[turn_at].score + below) / 2
        fact.contributions["rerank"] = fact.contributions.get("rerank", 0.0) + new - fact.score
        fact.score = new
        out.insert(turn_at + 1, fact)
    for rank, hit in enumerate(out, start=1):
        if "rerank" in hit.ranks:
            hit.ranks["rerank"] = rank
    return out


def _lowering(score: float, repeat: float, floor: float) -> float:
    """How much a repeat scoring ``score`` is lowered: ``repeat``, but not past ``floor``."""
    return min(repeat, max(float(score) - floor, 0.0))


def _without_repeats(values: npt.NDArray[np.float64], links: RepeatLinks,
                     repeat: float, floor: float) -> list[tuple[int, float]]:
    """:func:`diversify` without the session penalty, by a heap: a score is lowered at most
    once, so each candidate is pushed at most twice (about 0.1 ms for 80 candidates instead
    of a pass over all of them per pick)."""
    current = values.tolist()
    original = values.tolist()
    missing = [m + len(s) for m, s in zip(links.missing, links.sources, strict=True)]
    heap = [(-v, i) for i, v in enumerate(current)]
    heapq.heapify(heap)
    out: list[tuple[int, float]] = []
    done = [False] * len(current)
    while heap:
        key, best = heapq.heappop(heap)
        if done[best] or -key != current[best]:
            continue  # taken, or lowered since it was pushed (pushed again then)
        done[best] = True
        out.append((best, current[best]))
        lowered = [f for f in links.facts_of[best] if _count_down(missing, f)]
        for item in [*lowered, *links.sources[best]]:
            if done[item] or current[item] != original[item]:
                continue
            down = _lowering(original[item], repeat, floor)
            if down > 0:
                current[item] = original[item] - down
                heapq.heappush(heap, (-current[item], item))
    return out


def _count_down(missing: list[int], fact: int) -> bool:
    """One more source turn of ``fact`` is taken: whether none is left to take."""
    missing[fact] -= 1
    return missing[fact] == 0


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(min(x, 40.0), -40.0)))


def rerank(
    query: str,
    hits: list[FusedHit],
    records: Mapping[str, Record],
    raw: Mapping[str, Mapping[str, float]],
    hints: QueryHints,
    weights: RankerWeights,
    query_vector: npt.NDArray[np.float32] | None = None,
) -> list[FusedHit]:
    """Order ``hits`` (best first, all with records) by the ranker.

    Each hit's score becomes ``1 + p`` (``p`` the ranker's probability, lowered by session
    diversity for aggregation questions), above every fused score, so hits past the ranked
    ones keep their RRF order below; a hit that only repeats one above it is lowered by
    :attr:`RankerWeights.repeat`; ``contributions["rerank"]`` holds the change so a hit's
    score is still the sum of its contributions. A fact read from a turn edited since stands
    below that turn (:func:`stale_facts`)."""
    if not hits:
        return hits
    logits = weights.logits(candidate_features(query, hits, records, raw, hints,
                                               query_vector=query_vector))
    penalty = weights.diversity if hints.aggregate else 0.0
    links = repeat_links([h.id for h in hits], [
        None if records[h.id].kind == "turn"
        else [str(t) for t in records[h.id].data.get("source_turn_ids") or ()] for h in hits])
    taken = diversify(logits.tolist(), [records[h.id].conversation_id for h in hits], penalty,
                      links, weights.repeat, weights.repeat_floor)
    out: list[FusedHit] = []
    for index, value in taken:
        hit = hits[index]
        new = 1.0 + _sigmoid(value)
        hit.contributions["rerank"] = new - hit.score
        hit.ranks["rerank"] = len(out) + 1
        hit.score = new
        out.append(hit)
    stale = stale_facts(out, records)
    return _below_edited_turns(out, stale) if stale else out
