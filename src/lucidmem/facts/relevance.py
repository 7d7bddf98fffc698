"""How relevant a memory is to a query, on a scale that means the same for every query.

Raw cosine similarities of a sentence embedder are compressed and biased: with
multilingual-e5-small an unrelated query and fact score 0.70–0.80, a related pair 0.76–0.87,
and some texts (short, mixed-language) sit close to everything. So relevance is the cosine
*above what is expected*: the query's mean similarity to a set of unrelated background
passages and the item's mean similarity to a set of unrelated background queries are taken
out (double centring), and the result is scaled by 10 and clipped to [-1, 1]:

    relevance(q, d) = 10 · (q·d − q·P̄ − Q̄·d + Q̄·P̄)

where P̄, Q̄ are the mean background passage and query vectors. Related pairs score about
0.3 and above, unrelated ones below ("quantum physics" against a user's city, allergy and
brother: ≤ 0.2). The background texts are fixed and written for this module; their vectors
are computed once per embedder, on first use.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from lucidmem.embedding.base import Embedder
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.records import Kind, Record, Status
from lucidmem.text import STOPWORDS, tokens

__all__ = ["DEFAULT_MIN_RELEVANCE", "WORD_MATCH_RELEVANCE", "BackgroundRelevance",
           "about_the_user", "own_names", "record_relevance", "relevance_for"]

DEFAULT_MIN_RELEVANCE = 0.3
"""Relevance from which a fact is taken as being about the query."""

WORD_MATCH_RELEVANCE = 0.5
"""The least relevance of an item whose text holds every content word of the query ("trip"
in "Planning a trip to Lisbon"): a single word embeds too weakly to rise above the
background on its own, but said in the item it is what the item is about."""

_NOT_CONTENT = frozenset({"user", "s"})
"""Words of every fact's text ("The user's …"), which say nothing about its topic."""

_QUERIES = (
    "what is the capital of France", "how do I fix a flat tyre", "recommend a movie",
    "what time is it in Tokyo", "explain photosynthesis", "best way to learn guitar",
    "how tall is Mount Everest", "tips for a job interview", "what's a good pasta recipe",
    "how does a car engine work", "wie spät ist es", "was kostet ein Ticket nach Berlin",
    "quel temps fera-t-il demain", "comment faire une quiche", "qué película me recomiendas",
    "cómo se hace una paella", "che ore sono a Roma", "come si coltiva il basilico",
    "qual é a capital do Brasil", "como fazer pão", "hoe laat is het", "wat is een goed boek",
    "今天天气怎么样", "怎么做红烧肉", "tell me a joke", "what is machine learning",
    "how many planets are there", "who wrote Hamlet", "how to save money",
    "when is the next full moon",
)
_PASSAGES = (
    "The Eiffel Tower is in Paris", "Bananas are rich in potassium", "The meeting is at noon",
    "Cats sleep a lot", "The train leaves at eight", "Python is a programming language",
    "It rained all day yesterday", "The museum opens on Sunday", "Coffee contains caffeine",
    "The team won the match", "Der Bus kommt um neun", "Das Buch ist spannend",
    "Le film était long", "La boulangerie est fermée", "El partido terminó empatado",
    "La tienda abre a las diez", "Il treno è in ritardo", "La pizza era buona",
    "O mercado abre cedo", "A praia estava cheia", "De winkel is dicht", "Het regent vandaag",
    "火车晚点了", "这本书很好看", "The garden needs water", "A new phone was released",
    "The bridge is closed for repairs", "The concert was sold out",
    "Prices went up last year", "The library has a new wing",
)

_Vector = np.ndarray[Any, np.dtype[np.float32]]


class BackgroundRelevance:
    """Relevance of items to a query, corrected by the embedder's background (see the module
    docstring)."""

    def __init__(self, embedder: Embedder) -> None:
        queries = np.asarray(embedder.embed_queries(list(_QUERIES)), dtype=np.float32)
        passages = np.asarray(embedder.embed_passages(list(_PASSAGES)), dtype=np.float32)
        self.query_mean: _Vector = queries.mean(axis=0)
        self.passage_mean: _Vector = passages.mean(axis=0)
        self.offset = float(self.query_mean @ self.passage_mean)

    def scores(self, query: _Vector, items: Sequence[_Vector] | _Vector) -> list[float]:
        """Relevance of each item vector to the query vector, in [-1, 1]."""
        matrix = np.asarray(items, dtype=np.float32)
        if matrix.size == 0:
            return []
        q = np.asarray(query, dtype=np.float32)
        raw = matrix @ q - float(q @ self.passage_mean) - matrix @ self.query_mean + self.offset
        return [float(x) for x in np.clip(10.0 * raw, -1.0, 1.0)]


_CACHE: dict[str, BackgroundRelevance] = {}
_LOCK = threading.Lock()


def relevance_for(embedder: Embedder) -> BackgroundRelevance:
    """The (cached) background of ``embedder`` (computed on first use: 60 short texts)."""
    key = f"{embedder.name}|{embedder.dimension}"
    with _LOCK:
        found = _CACHE.get(key)
        if found is None:
            found = _CACHE[key] = BackgroundRelevance(embedder)
        return found


def record_relevance(embedder: Embedder, query: str,
                     records: Sequence[Any]) -> dict[str, float]:
    """Relevance of each record (``.id``, ``.embedding``, ``.text``) to ``query``; records
    kept without an embedding (secret facts) are embedded here, for this query only."""
    if not records:
        return {}
    background = relevance_for(embedder)
    vector = np.asarray(embedder.embed_queries([query])[0], dtype=np.float32)
    missing = [r for r in records if getattr(r, "embedding", None) is None]
    vectors: dict[str, Any] = {}
    if missing:
        extra = embedder.embed_passages([r.text for r in missing])
        vectors = {r.id: v for r, v in zip(missing, extra, strict=True)}
    matrix = [np.asarray(r.embedding if r.embedding is not None else vectors[r.id],
                         dtype=np.float32) for r in records]
    scores = background.scores(vector, matrix)
    words = _topic_words(query)
    return {r.id: max(score, WORD_MATCH_RELEVANCE) if words and words <= set(tokens(r.text))
            else score for r, score in zip(records, scores, strict=True)}


def _topic_words(query: str) -> frozenset[str]:
    """The words of ``query`` that say what it is about, as search tokenises them
    (:func:`lucidmem.text.tokens`): no stopwords, not "user"; empty when there are none
    ("what about me?")."""
    return frozenset(w for w in tokens(query) if w not in STOPWORDS and w not in _NOT_CONTENT)


USER_WORDS = "the user"
"""What the user's own name in a query is read as: facts are written about "the user"."""


def own_names(records: Iterable[Record]) -> list[str]:
    """The names the user gave as their own ("The user is called Maya"), from the active
    facts among ``records``."""
    return [str(r.data.get("object", "")) for r in records
            if r.kind == Kind.FACT and r.status == Status.ACTIVE
            and r.data.get("subject") == USER_SUBJECT and r.data.get("predicate") == "name"
            and not r.data.get("negated")]


def about_the_user(query: str, names: Sequence[str]) -> str:
    """``query`` with the user's own names read as "the user" ("Where does Maya live now?" →
    "Where does the user live now?"). The name only says whom the query is about — the
    user, whom every fact is about — not its topic, so a fact that matches nothing but the
    name ("The user is called Maya") does not outrank the one that answers. A name inside
    a longer word is left alone; so is a query that is only the name (then it is the topic)."""
    out = query
    for name in sorted({n.strip() for n in names if n and n.strip()}, key=len, reverse=True):
        out = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)(?P<s>'s|’s)?",
                     lambda m: USER_WORDS + ("'s" if m["s"] else ""), out,
                     flags=re.IGNORECASE)
    rest = re.sub(r"(?i)\bthe user(?:'s)?\b|[\W_]", "", out)
    return out if rest else query
