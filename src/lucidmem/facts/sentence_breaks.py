"""Where a sentence ends in chat typed without full stops.

People chat without stops ("moved to ghent last month i love it here the bars are great"),
and the clause reader cuts sentences at stops: a turn typed like that is read as one long
sentence, whose first clause's cues (a negation, an "if", a question) then reach the others.
A small logistic model reads each gap between two words (the words on either side, the pair
they make, the word after next, the two words before it, how far the gap is from either end,
a capital after the gap, and whether the writer began with one: who starts with a capital
starts the next sentence with one too) and says whether a sentence ends there. It was fitted
on the users' turns of the truth set's dev half and on the package's slot examples, with
their stops taken out (and once more in small letters), where each removed stop marked a gap
that ends a sentence (:mod:`lucidmem.facts.break_training`); the weights ship as package
data.

It is only asked about a turn with no stop in it: a turn with stops says where its sentences
end. It never cuts inside an "if" sentence before its second clause ("if i won megabucks we'd
grab a place in naples"), nor between a relation and the name after it ("my husband Rhys
keeps saying"), nor after a single word set off by a comma ("left the ward for good, now I'm
at the Ballyvale health centre"), and leaves at least two words on either side of a cut.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

__all__ = [
    "DEFAULT_THRESHOLD",
    "MIN_WORDS",
    "MODEL_FILE",
    "BreakModel",
    "break_model",
    "gap_features",
    "has_stops",
    "open_gap",
    "unstopped_sentences",
]

MODEL_FILE = "sentence_breaks.json"
"""The fitted weights, in ``lucidmem/facts/data``."""

DEFAULT_THRESHOLD = 0.9
"""A gap ends a sentence when the model gives it at least this probability. Stop 56, models
fitted without the conversations they read: 0.91 of the gaps cut at 0.9 had a stop there
(and 0.18 of the stops were found; 0.88 and 0.28 at 0.8); the English and German dev turns
read without stops answered 376 of 513 questions at either (353 without the model), with
precision 0.882 at 0.9 and 0.877 at 0.8 (0.884 without). The higher one cuts less often
where a leading time or place is said before "I'm" ("next week I'm visiting …")."""

MIN_WORDS = 5
"""A sentence shorter than this many words is never cut."""

_STOP = re.compile(r"[.!](?=\s|$)")
_CLOSED = re.compile(r"[,;:?…\-–—)(\"“”«»]$")
_EDGE = re.compile(r"^[^\w']+|[^\w']+$")
_WORD = re.compile(r"\S+")
_ENGLISH_I = re.compile(r"I(?:['’](?:m|ve|d|ll))?$")


def has_stops(text: str) -> bool:
    """Whether ``text`` has a full stop or an exclamation mark before a space or its end."""
    return _STOP.search(text) is not None


def _plain(word: str) -> str:
    return _EDGE.sub("", word.lower())


def open_gap(words: Sequence[str], i: int) -> bool:
    """Whether the gap after ``words[i]`` is the model's to read: no punctuation closes the
    word before it (a comma, a question mark or a dash already says what the gap is) and the
    word after starts with a letter, a digit or an opening mark the model knows."""
    if i + 1 >= len(words) or _CLOSED.search(words[i]):
        return False
    first = words[i + 1][:1]
    return first.isalnum() or first in "¿¡'\""


def gap_features(words: Sequence[str], i: int, lang: str) -> list[str]:
    """The features of the gap after ``words[i]`` in a sentence of ``lang``."""
    left = _plain(words[i])
    right = _plain(words[i + 1]) if i + 1 < len(words) else "<e>"
    after = _plain(words[i + 2]) if i + 2 < len(words) else "<e>"
    before = _plain(words[i - 1]) if i > 0 else "<s>"
    features = ["bias", f"l:{left}", f"r:{right}", f"r2:{after}", f"lr:{left}|{right}",
                f"rr:{right}|{after}", f"ll:{before}|{left}", f"L:{lang}|{left}",
                f"R:{lang}|{right}", f"pos:{min(i, 6)}", f"rem:{min(len(words) - i - 2, 6)}"]
    raw = words[i + 1] if i + 1 < len(words) else ""
    capital = raw[:1].isupper() and _ENGLISH_I.match(raw) is None  # "I" has it anywhere
    if capital:
        features.append("rcap")
    if words[0][:1].isupper():  # a writer who starts with a capital starts the next one so
        features.append("cased:cap" if capital else "cased:small" if raw[:1].islower() else
                        "cased")
    if left.isdigit():
        features.append("ldig")
    if right.isdigit():
        features.append("rdig")
    return features


@dataclass(frozen=True)
class BreakModel:
    """Weights of the gap features (a logistic model: the probability that a sentence ends at a
    gap is the logistic of the summed weights of its features)."""

    weights: Mapping[str, float]

    def probability(self, words: Sequence[str], i: int, lang: str) -> float:
        """How likely a sentence ends after ``words[i]``."""
        z = sum(self.weights.get(f, 0.0) for f in gap_features(words, i, lang))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


_CACHE: dict[str, BreakModel] = {}


def break_model() -> BreakModel:
    """The shipped model (loaded once)."""
    if "model" not in _CACHE:
        path = resources.files("lucidmem.facts") / "data" / MODEL_FILE
        _CACHE["model"] = BreakModel(json.loads(path.read_text("utf-8"))["weights"])
    return _CACHE["model"]


def unstopped_sentences(sentence: str, lang: str, *,
                        runs_on: Callable[[str], bool] = lambda _: False,
                        model: BreakModel | None = None,
                        threshold: float = DEFAULT_THRESHOLD) -> list[str]:
    """``sentence`` (typed without stops) cut where the model says a sentence ends; each
    piece is a slice of ``sentence``. ``runs_on(piece)`` says whether a piece cannot end
    where it would be cut (the condition of an "if" sentence before its second clause, "my
    husband" before his name)."""
    spans = [m.span() for m in _WORD.finditer(sentence)]
    if len(spans) < MIN_WORDS or lang == "zh":
        return [sentence]
    words = [sentence[a:b] for a, b in spans]
    reader = model or break_model()
    pieces: list[str] = []
    start, first = 0, 0  # where the piece being read starts: its character, its word
    for i in range(1, len(words) - 2):  # two words at least on either side of a cut
        if i - first < 1 or not open_gap(words, i) or _CLOSED.search(words[i - 1]) or \
                reader.probability(words, i, lang) < threshold:
            continue  # (a word set off by a comma leads into what follows: ", now I'm at …")
        piece = sentence[start:spans[i][1]]
        if runs_on(piece):
            continue
        pieces.append(piece)
        start, first = spans[i + 1][0], i + 1
    pieces.append(sentence[start:])
    return pieces
