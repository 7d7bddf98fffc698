"""The building blocks of the offline extractor's pattern tables (one table per language).

Seed: ``emberhearth-memory-research.md`` §1 — the seed prefers LLM extraction; this rule-based
path is the zero-config fallback the issue asks for, limited to *explicit* statements, with
the seed's "Do NOT extract … speculative inferences without textual support".

A :class:`LanguagePack` holds, for one language, the markers (questions, hypotheticals,
hedges, changes, corrections, one-offs, contexts), the subject patterns and two lists of
:class:`Rule`: *clause rules* that read a whole clause ("my name is X", "X is my sister",
"my dentist appointment is next Tuesday") and *predicate rules* that read what follows the
clause's subject ("… love jazz", "… am allergic to peanuts"), written for first and third
person alike so "my sister Sarah is vegan" and "I am vegan" share one rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from lucidmem.facts.model import DEFAULT_EMOTIONAL_INTENSITY, Subcategory

__all__ = [
    "EXPLICIT",
    "HIGH",
    "MEDIUM",
    "Builder",
    "ClauseContext",
    "Hit",
    "LanguagePack",
    "ObjectKind",
    "Rule",
    "clean_object",
    "leading_proper",
    "relation_table",
    "rule",
    "rx",
]

EXPLICIT = 0.95
"""Confidence of a plain explicit statement ("my name is", "I'm allergic to")."""
HIGH = 0.9
"""Confidence of explicit statements with a looser form ("I love jazz", "I work at X")."""
MEDIUM = 0.8
"""Confidence of statements that leave something implicit ("my wife" without a name)."""

ObjectKind = Literal["free", "name", "place"]

_PRONOUNS = frozenset(
    (
        "it", "that", "this", "them", "him", "her", "you", "one", "those", "these", "there", "here",
        "something", "anything", "everything", "nothing", "es", "das", "dies", "ihn", "ça", "cela",
        "eso", "esto", "ello",
    )
)
_CUT = re.compile(
    r"\s+(?:because|since|when|whenever|which|who|whom|where|if|but|so that|as much as|though|"
    r"although|unless|while|whereas|instead\s+of|rather\s+than|and\s+i|and\s+my|weil|wenn|aber|obwohl|und\s+ich|"
    r"parce\s+que|quand|mais|et\s+je|porque|cuando|pero|y\s+yo)\b.*$",
    re.IGNORECASE,
)
_TAIL = re.compile(
    r"(?:\s+|^)(?:anymore|any\s+more|now|these\s+days|nowadays|again|too|as\s+well|a\s+lot|"
    r"very\s+much|so\s+much|though|really|lately|at\s+the\s+moment|right\s+now|actually|"
    r"instead|either|anyway|for\s+sure|mehr|jetzt|nicht|sehr|gerne?|auch|wirklich|"
    r"inzwischen|plus|maintenant|beaucoup|vraiment|aussi|désormais|ya|ahora|mucho|también|"
    r"más|and|or|und|oder|et|ou|y|o|e|en|of)$",
    re.IGNORECASE,
)
_LEAD = re.compile(
    r"^(?:to\s+|a\s+|an\s+|some\s+|(?:a\s+)?(?:cup|glass|bit)\s+of\s+|de\s+la\s+|de\s+l'|"
    r"du\s+|des\s+|de\s+|d')+",
    re.IGNORECASE,
)
_CONNECTORS = frozenset(["de", "del", "la", "le", "am", "an", "der", "upon", "on", "sur", "y",
                         "&"])
"""Words inside a name, between its capitalised words ("Frankfurt am Main", "Marks &
Spencer")."""


def relation_table(pairs: str, subcategory: Subcategory) -> dict[str, tuple[str, Subcategory]]:
    """``"mom=mother dad=father"`` → ``{"mom": ("mother", sub), …}``; ``_`` stands for a space
    in the word ("best_friend=best_friend")."""
    table: dict[str, tuple[str, Subcategory]] = {}
    for pair in pairs.split():
        word, rel = pair.split("=")
        table[word.replace("_", " ")] = (rel, subcategory)
    return table


def rx(pattern: str) -> re.Pattern[str]:
    """Compile a rule pattern (case-insensitive, anchored at the start by the caller)."""
    return re.compile(pattern, re.IGNORECASE)


def leading_proper(text: str) -> str | None:
    """The leading run of capitalised words ("Berlin with my wife" → "Berlin"), or None."""
    words = text.split()
    kept: list[str] = []
    for i, word in enumerate(words):
        bare = word.strip(",.;:!?\"'")
        if not bare:
            break
        if bare[0].isupper() or (i == 0 and bare.casefold() == "the"):
            abbreviation = word.rstrip(",;:") in ("St.", "Dr.", "Mt.", "Ste.", "Sta.")
            kept.append(word.rstrip(",;:") if abbreviation else bare)
            if word.endswith((".", "!", "?", ";")) and not bare.endswith(".") and \
                    not abbreviation:
                break
            continue
        if kept and bare.casefold() in _CONNECTORS and i + 1 < len(words) and \
                words[i + 1][:1].isupper():
            kept.append(bare)
            continue
        break
    while kept and kept[-1].casefold() in _CONNECTORS | {"the"}:
        kept.pop()
    return " ".join(kept) if kept else None


def clean_object(text: str, kind: ObjectKind = "free", *, max_words: int = 8) -> str | None:
    """Trim a captured object: cut subordinate clauses, trailing fillers and punctuation;
    refuse pronouns ("I like it"), empty or over-long objects. Casing is kept."""
    text = _CUT.sub("", text.strip())
    text = re.split(r"\s*[,;:!?()\"]\s*|(?<!\bSt)(?<!\bDr)(?<!\bMt)\.(?:\s|$)", text,
                    maxsplit=1)[0].strip()
    previous = None
    while previous != text:
        previous = text
        text = _TAIL.sub("", text).strip()
    text = _LEAD.sub("", text).strip(" .'-")
    if kind == "place":
        return leading_proper(text)
    if kind == "name":
        words = text.split()
        if not words or not words[0][:1].isalpha():
            return None
        name_words = [words[0]] + [w for w in words[1:3] if w[:1].isupper()]
        cut: list[str] = []
        for word in name_words:
            if cut and not word[:1].isupper():
                break
            cut.append(word)
        return " ".join(cut).strip(".'") or None
    words = text.split()
    if not words or len(words) > max_words:
        return None
    if words[0].casefold() in _PRONOUNS or (len(words) == 1 and len(text) < 2):
        return None
    return text


@dataclass(frozen=True, slots=True)
class ClauseContext:
    """What a builder may need: whose statements these are ("user" or the speaker)."""

    owner: str


@dataclass(frozen=True, slots=True)
class Hit:
    """One fact a rule found in a clause, before temporal resolution and privacy.

    ``subject`` overrides the clause's subject (relationship facts are about the owner);
    ``when`` is the text to resolve for event facts.
    """

    predicate: str
    object: str
    subcategory: Subcategory
    confidence: float
    intensity: float = DEFAULT_EMOTIONAL_INTENSITY
    negated: bool = False
    change: bool = False
    subject: str | None = None
    when: str | None = None


Builder = Callable[[re.Match[str], ClauseContext], list[Hit]]


@dataclass(frozen=True, slots=True)
class Rule:
    """A pattern and the function that turns its match into facts."""

    pattern: re.Pattern[str]
    build: Builder


def rule(
    pattern: str,
    predicate: str,
    subcategory: Subcategory,
    confidence: float = HIGH,
    *,
    negated: bool = False,
    change: bool = False,
    intensity: float = DEFAULT_EMOTIONAL_INTENSITY,
    kind: ObjectKind = "free",
    intense_words: tuple[str, ...] = (),
) -> Rule:
    """A rule whose pattern has an ``obj`` group and yields one fact.

    ``intense_words``: if the verb group ``v`` is one of these, intensity rises by 0.2
    ("love" and "hate" are felt more strongly than "like" and "dislike").
    """

    def build(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
        obj = clean_object(m["obj"], kind)
        if obj is None:
            return []
        felt = intensity
        verb = m.groupdict().get("v")
        if verb and verb.casefold().split()[0] in intense_words:
            felt = min(0.9, felt + 0.2)
        return [Hit(predicate, obj, subcategory, confidence, felt, negated, change)]

    return Rule(rx(pattern), build)


@dataclass(frozen=True)
class LanguagePack:
    """Everything the extractor needs to read one language."""

    code: str
    contractions: tuple[tuple[re.Pattern[str], str], ...]
    question: re.Pattern[str]
    conditional: re.Pattern[str]
    hypothetical: re.Pattern[str]
    hedge: re.Pattern[str]
    change: re.Pattern[str]
    correction: re.Pattern[str]
    one_off: re.Pattern[str]
    context: re.Pattern[str]
    clause_split: re.Pattern[str]
    first_person: re.Pattern[str]
    pronoun_subject: re.Pattern[str]
    relations: Mapping[str, tuple[str, Subcategory]]
    possessive: str
    clause_rules: tuple[Rule, ...]
    predicate_rules: tuple[Rule, ...]
    third_person: re.Pattern[str] = field(init=False)
    appositive: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        rels = "|".join(sorted((re.escape(r) for r in self.relations), key=len, reverse=True))
        # a capitalised word with a number after it is a date, not a name ("with my sister,
        # May 14 to May 18")
        name = r"(?P<name>[A-ZÀ-Ý][\w'-]+)(?![\w'-])(?!\s*\d)"
        modifiers = r"(?:(?:little|big|older|younger|twin|best|new|kleine|große|jüngere|ältere|" \
            r"petite|grande|petit|grand|pequeña|pequeño|mayor|menor)\s+)?"
        head = r"(?:" + self.possessive + r")\s+" + modifiers + r"(?P<rel>" + rels + r")"
        object.__setattr__(self, "third_person", re.compile(
            r"^(?i:" + head + r")(?:,?\s+" + name + r")?,?\s+(?P<rest>.+)$"))
        object.__setattr__(self, "appositive", re.compile(
            r"(?<!\w)(?i:" + head + r")(?!\w)(?:,?\s+" + name + r")?"))

    def relation(self, word: str) -> tuple[str, Subcategory]:
        """The canonical relation ("sister") and subcategory for a relation word."""
        return self.relations[" ".join(word.casefold().split())]

    def normalise(self, clause: str) -> str:
        """Expand contractions so rules see "I am", "do not"."""
        for pattern, replacement in self.contractions:
            clause = pattern.sub(replacement, clause)
        return clause
