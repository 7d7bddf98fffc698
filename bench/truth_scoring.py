"""Scoring of the "facts that hold over time" set (bench/data/truth/README.md).

Pure functions, no lucidmem import: the rule is fixed here and in the README before the
extractor is tuned, and ``bench/truth.py`` only feeds it fact texts.

* :func:`normalise` — NFKC, casefold, strip diacritics, collapse whitespace;
* :func:`matches` — one alternative in one text, at word boundaries (CJK: plain substring);
* :func:`verdict` — one question against the answer (a list of fact texts, in returned order);
* :func:`fact_is_true` / :func:`precision` — stored facts against the expected facts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

__all__ = [
    "Precision",
    "Verdict",
    "fact_is_true",
    "group_matches",
    "has_cjk",
    "matches",
    "normalise",
    "precision",
    "verdict",
]

_WHITESPACE = re.compile(r"\s+")
_CJK = re.compile(
    "[\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f]"
)


def normalise(text: str) -> str:
    """NFKC, casefold, strip diacritics, collapse whitespace (and strip the ends)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    decomposed = unicodedata.normalize("NFD", folded)
    bare = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return _WHITESPACE.sub(" ", unicodedata.normalize("NFC", bare)).strip()


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a Chinese, Japanese or Korean character."""
    return _CJK.search(text) is not None


@lru_cache(maxsize=4096)
def _pattern(alternative: str) -> re.Pattern[str] | None:
    alt = normalise(alternative)
    if not alt or has_cjk(alt):
        return None
    head = r"(?<!\w)" if re.match(r"\w", alt) else ""
    tail = r"(?!\w)" if re.match(r"\w", alt[-1]) else ""
    return re.compile(head + re.escape(alt) + tail)


def matches(alternative: str, text: str) -> bool:
    """Whether ``alternative`` occurs in ``text`` (both normalised here).

    At word boundaries: if the alternative starts with a letter, digit or ``_``, the
    character before the occurrence is none of those; if it ends with one, the character
    after is none of those (``"tea"`` does not match in ``"teacher"``, ``"14.03."`` matches
    in ``"14.03.2025"``, ``"4 march"`` not in ``"14 march"``). An alternative holding a CJK
    character matches as a plain substring. One that normalises to nothing never matches.
    """
    alt = normalise(alternative)
    if not alt:
        return False
    hay = normalise(text)
    if has_cjk(alt):
        return alt in hay
    pattern = _pattern(alternative)
    return pattern is not None and pattern.search(hay) is not None


def group_matches(group: Sequence[str], text: str) -> bool:
    """Whether at least one alternative of ``group`` occurs in ``text``."""
    return any(matches(alt, text) for alt in group)


@dataclass(frozen=True)
class Verdict:
    """A question's outcome: ``passed``, the expect groups found nowhere (``missing``, as
    their first alternative), the reject strings found (``rejected``) and, for an ordered
    history whose groups all occur, ``out_of_order``."""

    passed: bool
    missing: tuple[str, ...] = ()
    rejected: tuple[str, ...] = ()
    out_of_order: bool = False


def _in_order(groups: Sequence[Sequence[str]], items: Sequence[str]) -> bool:
    """Groups matched by facts at strictly increasing positions (greedy earliest is optimal)."""
    position = -1
    for group in groups:
        position = next((i for i in range(position + 1, len(items))
                         if group_matches(group, items[i])), -1)
        if position < 0:
            return False
    return True


def verdict(question: Mapping[str, Any], items: Sequence[str]) -> Verdict:
    """Score one question against its answer: ``items`` are the fact texts, in the order the
    memory returned them (each text is matched on its own, never across two facts).

    Passes when every ``expect`` group has an alternative in some item, no ``reject`` string
    occurs in any item and, for ``"ordered": true``, the groups are matched by items at
    strictly increasing positions.
    """
    groups: list[list[str]] = question.get("expect", [])
    missing = tuple(g[0] for g in groups if not any(group_matches(g, t) for t in items))
    rejected = tuple(r for r in question.get("reject", []) if any(matches(r, t) for t in items))
    out_of_order = (not missing and bool(question.get("ordered"))
                    and not _in_order(groups, items))
    return Verdict(not missing and not rejected and not out_of_order, missing, rejected,
                   out_of_order)


def fact_is_true(text: str, expected_facts: Iterable[Mapping[str, Any]]) -> bool:
    """A stored fact is true when its text matches every key group of some expected fact."""
    return any(all(group_matches(g, text) for g in f["keys"]) for f in expected_facts)


@dataclass
class Precision:
    """True stored facts over stored facts; ``empty`` counts the memories that stored none
    (0/0 is counted as precision 1.0 for one conversation, and adds nothing to a sum)."""

    true: int = 0
    stored: int = 0
    empty: int = 0
    false_texts: list[str] = field(default_factory=list)

    @property
    def value(self) -> float:
        return 1.0 if self.stored == 0 else self.true / self.stored

    def __iadd__(self, other: Precision) -> Precision:
        self.true += other.true
        self.stored += other.stored
        self.empty += other.empty
        self.false_texts.extend(other.false_texts)
        return self


def precision(texts: Sequence[str], expected_facts: Sequence[Mapping[str, Any]]) -> Precision:
    """Precision of one memory: ``texts`` are its stored facts (every status but retracted)."""
    false = [t for t in texts if not fact_is_true(t, expected_facts)]
    return Precision(true=len(texts) - len(false), stored=len(texts),
                     empty=int(not texts), false_texts=false)
