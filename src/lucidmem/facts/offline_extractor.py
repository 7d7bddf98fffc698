"""The offline, rule-based fact extractor: the zero-config default when no LLM is configured.

Seed: ``emberhearth-memory-research.md`` §1 (taxonomy; "Do NOT extract … speculative
inferences without textual support"), §2 (emotional intensity, default 0.3), §5 (privacy
heuristics, via :mod:`lucidmem.facts.privacy`); the issue's list of explicit statements.

Pipeline for one message: pick the language (hint or :func:`detect_language`), split into
sentences, drop questions and conditionals ("if I lived in Paris…"), split sentences into
clauses, drop hypothetical clauses ("I would love to…"), then for each clause run the
language's clause rules, or find the subject ("I" → the owner; "my sister Sarah" → Sarah, which
also yields the relationship; "she" → the last person named) and run the predicate rules on the
rest. Each hit becomes a :class:`~lucidmem.facts.model.FactCandidate` with the clause's
markers: hedges lower the confidence (× :data:`HEDGE_FACTOR`), change / correction / one-off
markers and context qualifiers are recorded, a temporal expression is resolved against the
message's timestamp, and privacy comes from the seed's heuristics (secret if the sentence asks
for secrecy). A secret sentence that no rule understands is still kept, as a ``confided`` fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from lucidmem.errors import InvalidInputError
from lucidmem.facts.model import (
    USER_SUBJECT,
    FactCandidate,
    FactCategory,
    PrivacyLevel,
    Subcategory,
    category_of,
)
from lucidmem.facts.offline_patterns_en import ENGLISH
from lucidmem.facts.offline_patterns_intl import FRENCH, GERMAN, SPANISH
from lucidmem.facts.offline_rules import ClauseContext, Hit, LanguagePack, clean_object
from lucidmem.facts.people import without_possessive
from lucidmem.facts.privacy import SECRET_MARKERS, assess_privacy, has_secret_marker, stricter
from lucidmem.facts.temporal import TemporalAnchor, TemporalResolution, find_temporal

__all__ = [
    "HEDGE_FACTOR",
    "LANGUAGES",
    "NON_USER_SPEAKERS",
    "detect_language",
    "extract",
]

HEDGE_FACTOR = 0.6
"""Multiplier for hedged statements ("I think I like…"): 0.9 → 0.54, the seed's hedge band."""

INTENSIFIER_BOOST = 0.15
"""Added to emotional intensity for "really", "so much", "absolutely", "!" (capped at 0.9)."""

LANGUAGES: dict[str, LanguagePack] = {
    "en": ENGLISH, "de": GERMAN, "fr": FRENCH, "es": SPANISH,
}
"""Languages the offline extractor reads."""

NON_USER_SPEAKERS = frozenset({"assistant", "system", "tool", "bot", "ai", "model", "function"})
"""Speakers whose statements are not facts about anyone (the assistant's own words)."""

_USER_SPEAKERS = frozenset({"", "user", "human", "me"})
_STOPWORDS: dict[str, frozenset[str]] = {
    "en": frozenset((
        "i", "my", "the", "and", "is", "am", "like", "you", "to", "in", "don't", "not", "an", "of",
        "it", "we", "i'm", "me", "please", "call", "work", "live", "love", "with", "at", "for",
    )),
    "de": frozenset((
        "ich", "mein", "meine", "und", "ist", "bin", "nicht", "der", "die", "das", "mag", "wohne",
        "ein", "eine", "kein",
    )),
    "fr": frozenset((
        "je", "j'", "mon", "ma", "et", "est", "suis", "pas", "le", "la", "les", "aime", "ne", "une",
        "des", "moi",
    )),
    "es": frozenset((
        "yo", "mi", "y", "es", "soy", "no", "el", "la", "los", "me", "gusta", "en", "vivo", "una",
        "del", "llamo", "encanta", "como", "trabajo", "hermana", "hermano", "ya", "odio",
        "mudé", "mudado", "tengo", "estoy", "gustan", "encantan", "pero", "también",
    )),
}
_ACCENTS = {"es": "ñ¿¡", "de": "ßäöü", "fr": "çèêàœ"}
_SENTENCES = re.compile(
    r"(?<!\bSt\.)(?<!\bDr\.)(?<!\bMt\.)(?<!\bMr\.)(?<!\bMs\.)(?<=[.!?])\s+(?=[^a-z])|\n+"
    r"|(?<=[!?])(?=\S)")
_INTENSIFIERS = re.compile(
    r"(?<!\w)(?:really|absolutely|so\s+much|very\s+much|totally|deeply|seriously|wirklich|"
    r"sehr|vraiment|tellement|mucho|muchísimo)(?!\w)|!", re.IGNORECASE
)
_FILLERS = re.compile(
    r"(?i)(?:actually|also|well|oh|so|and|but|btw|by\s+the\s+way|honestly|anyway|ok|okay|"
    r"yes|yeah|no(?=\s*,)|note|fyi|update|heads\s+up|also|aber|und|also|mais|et|alors|pero|y|pues)"
    r"(?!\w)"
)
_AFTER_LEAD = re.compile(r"^(?:\s*(?:,|:|-|that|dass|que)(?!\w))*\s*", re.IGNORECASE)
_SECRET_STRIP = re.compile(
    r"(?i)(?:,?\s*(?:but|aber|mais|pero)\s*)?(?<!\w)(?:"
    + "|".join(re.escape(m) for m in sorted(SECRET_MARKERS, key=len, reverse=True))
    + r")(?!\w)(?:\s*(?:,|:|-|but|that|aber|mais|pero|que)(?!\w))*\s*"
)


def detect_language(text: str) -> str:
    """A best guess among ``en``, ``de``, ``fr``, ``es`` from stopwords and accents
    (English on a tie)."""
    tokens = re.findall(r"[\w']+", text.casefold())
    scores = {code: 0.0 for code in _STOPWORDS}
    for token in tokens:
        for code, words in _STOPWORDS.items():
            if token in words or (code == "fr" and token.startswith(("j'", "m'", "n'", "l'"))):
                scores[code] += 1
    for code, chars in _ACCENTS.items():
        scores[code] += 0.5 * sum(text.count(c) for c in chars)
    best = max(scores, key=lambda c: (scores[c], c == "en"))
    return best if scores[best] > 0 else "en"


@dataclass
class _State:
    owner: str
    last_person: str | None = None
    known_people: set[str] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class _Clause:
    text: str
    subject: str
    hits: tuple[Hit, ...]


def _owner(speaker: str) -> str | None:
    folded = speaker.strip().casefold()
    if folded in NON_USER_SPEAKERS:
        return None
    return USER_SUBJECT if folded in _USER_SPEAKERS else speaker.strip()


def _relation_hit(pack: LanguagePack, rel_word: str, name: str | None, owner: str) -> Hit:
    rel, sub = pack.relation(rel_word)
    if name:  # "my sister Kavya's wedding": the sister is Kavya
        name = without_possessive(name)
    obj = name or f"{owner}'s {rel.replace('_', ' ')}"
    return Hit(f"has_{rel}", obj, sub, 0.95 if name else 0.8, subject=owner)


def _merge_short(pieces: list[str | None], pack: LanguagePack) -> list[str]:
    """Glue a subject-less fragment of up to three words ("Today", "Sorry") to the next one."""
    merged: list[str] = []
    carry = ""
    for piece in pieces:
        if not piece:
            continue
        piece = f"{carry}, {piece}" if carry else piece
        carry = ""
        starts = pack.normalise(piece).lstrip()
        has_subject = any(p.match(starts) for p in (
            pack.first_person, pack.third_person, pack.pronoun_subject))
        if len(piece.split()) <= 3 and not has_subject and not piece.rstrip().endswith("."):
            carry = piece
            continue
        merged.append(piece)
    if carry:
        merged.append(carry)
    return merged


def _strip_lead(clause: str, pack: LanguagePack, timestamp: datetime) -> str:
    """Drop leading hedges, one-off markers, contexts and dates ("Just today, I …")."""
    while True:
        cut = 0
        for pattern in (pack.hedge, pack.one_off, pack.context, pack.correction, _FILLERS):
            m = pattern.match(clause)
            if m is not None:
                cut = max(cut, m.end())
        found = find_temporal(clause[:40], timestamp)
        if found is not None and found.span[0] == 0:
            cut = max(cut, found.span[1])
        if cut == 0:
            return clause
        clause = _AFTER_LEAD.sub("", clause[cut:])


def _read_clause(
    clause: str, pack: LanguagePack, state: _State, timestamp: datetime
) -> _Clause:
    ctx = ClauseContext(state.owner)
    original = clause
    clause = _strip_lead(clause, pack, timestamp)
    for rule in pack.clause_rules:
        m = rule.pattern.search(clause)
        if m is not None:
            hits = rule.build(m, ctx)
            if hits:
                return _Clause(original, state.owner, tuple(hits))
    extra: list[Hit] = []
    subject: str | None = None
    rest = clause
    third = pack.third_person.match(clause)
    if third is not None:
        name = third["name"]
        extra.append(_relation_hit(pack, third["rel"], name, state.owner))
        subject, rest = extra[0].object, third["rest"]
        state.last_person = subject
        state.known_people.add(subject)
    elif (m := pack.first_person.match(clause)) is not None:
        subject, rest = state.owner, clause[m.end():]
    elif (m := pack.pronoun_subject.match(clause)) is not None and state.last_person:
        subject, rest = state.last_person, clause[m.end():]
    else:
        first = clause.split(maxsplit=1)
        if len(first) == 2 and first[0] in state.known_people:
            subject, rest = first[0], first[1]
        elif pack.code == "es":
            subject = state.owner
    if subject is None:
        return _Clause(original, state.owner, tuple(extra))
    rest = rest.strip()
    for rule in pack.predicate_rules:
        m = rule.pattern.search(rest)
        if m is not None:
            hits = rule.build(m, ctx)
            if hits:
                return _Clause(original, subject, tuple(extra + hits))
    return _Clause(original, subject, tuple(extra))


def _trim_object(
    obj: str, found: TemporalResolution | None, *markers: re.Match[str] | None
) -> str:
    """Cut a date, context qualifier or one-off marker that a rule swallowed into the object."""
    folded = obj.casefold()
    pieces = [found.text if found else None] + [m.group(0) if m else None for m in markers]
    for piece in pieces:
        if piece:
            at = folded.find(piece.casefold())
            if at > 0:
                obj, folded = obj[:at].rstrip(" ,"), folded[:at].rstrip(" ,")
    if found is not None and (head := _DATE_HEAD.search(folded)) is not None and \
            found.text.casefold().startswith(head["word"]) and head.start() > 0:
        obj = obj[:head.start()].rstrip(" ,")  # "Leeds on January" of "… on January 3"
    return obj


_DATE_HEAD = re.compile(r"(?i)\s+(?:(?:on|in|at|from|since)\s+)?(?P<word>[^\W\d_]{3,})$")
"""The first word of a date a rule's object stopped inside ("Leeds on January" of "I moved
to Leeds on January 3"), with the preposition before it."""


def _validity(
    hit: Hit, found: TemporalResolution | None, is_event: bool, one_off: bool
) -> tuple[datetime | None, datetime | None]:
    if found is None or not found.resolved:
        return None, None
    if found.anchor is TemporalAnchor.UNTIL:
        return None, found.end
    if is_event or one_off:
        return found.start, found.end
    return found.start, None


def _candidate(
    hit: Hit, clause: _Clause, sentence: str, pack: LanguagePack, timestamp: datetime,
    secret: bool,
) -> FactCandidate:
    text = clause.text
    is_event = category_of(hit.subcategory) is FactCategory.EVENT or hit.when is not None
    found = find_temporal(hit.when if hit.when is not None else text, timestamp)
    one_off = pack.one_off.search(text) is not None
    is_change = hit.change or pack.change.search(text) is not None
    obj = _trim_object(hit.object, found, pack.context.search(text), pack.one_off.search(text))
    if hit.when and found is None:
        found = TemporalResolution(hit.when.strip(" .,!"), None, None, None)
    elif not is_event and found is not None and (
        found.text.casefold() in hit.object.casefold()
        or hit.subject is not None
        or not (is_change or one_off or found.anchor is not TemporalAnchor.AT)
    ):
        found = None  # a date that is not about this state ("my sister visits next week")
    subcategory = hit.subcategory
    if (subcategory is Subcategory.EVENT_UPCOMING and found is not None
            and found.end is not None and found.end <= timestamp):
        subcategory = Subcategory.EVENT_HISTORICAL
    valid_from, valid_to = _validity(hit, found, is_event, one_off)
    confidence = hit.confidence * (HEDGE_FACTOR if pack.hedge.search(text) else 1.0)
    boosts = len(_INTENSIFIERS.findall(text))
    intensity = min(0.9, hit.intensity + INTENSIFIER_BOOST * min(boosts, 2))
    context_match = pack.context.search(text)
    category = category_of(subcategory)
    privacy = assess_privacy(sentence, category=category, subcategory=subcategory).level
    if secret:
        privacy = stricter(privacy, PrivacyLevel.SECRET)
    return FactCandidate(
        category=category,
        subcategory=subcategory,
        subject=hit.subject or clause.subject,
        predicate=hit.predicate,
        object=obj,
        confidence=round(confidence, 4),
        emotional_intensity=round(intensity, 4),
        privacy=privacy,
        temporal_text=found.text if found is not None else None,
        valid_from=valid_from,
        valid_to=valid_to,
        temporal_unresolved=found is not None and not found.resolved,
        language=pack.code,
        source_text=sentence.strip(),
        negated=hit.negated,
        is_change=is_change,
        is_correction=pack.correction.search(sentence) is not None,
        one_off=one_off,
        context=context_match.group(0).casefold() if context_match else None,
    )


def extract(
    text: str, *, speaker: str, timestamp: datetime, language_hint: str | None = None
) -> list[FactCandidate]:
    """Facts explicitly stated in ``text``, said by ``speaker`` at ``timestamp``.

    ``speaker`` "user" (or "human", "") makes first-person statements about ``"user"``; another
    name makes them about that name; "assistant" / "system" / "tool" yield nothing.
    ``timestamp`` must be timezone-aware: relative dates resolve against it.
    ``language_hint`` ("en", "de", "fr", "es", or a tag such as "de-AT") skips detection.
    """
    if not isinstance(text, str):
        raise InvalidInputError("text must be a string", field="text")
    if timestamp.utcoffset() is None:
        raise InvalidInputError(
            "timestamp must be timezone-aware (e.g. datetime.now(UTC)): relative dates are "
            "resolved against it", field="timestamp",
        )
    owner = _owner(speaker)
    if owner is None or not text.strip():
        return []
    code = (language_hint or "").split("-")[0].split("_")[0].casefold()
    if language_hint and code not in LANGUAGES:
        raise InvalidInputError(
            f"language_hint {language_hint!r} is not supported offline; use one of "
            f"{sorted(LANGUAGES)} or None to detect", field="language_hint",
        )
    pack = LANGUAGES[code] if code else LANGUAGES[detect_language(text)]
    state = _State(owner)
    results: list[FactCandidate] = []
    seen: set[tuple[str, str, str, bool]] = set()
    for sentence in _SENTENCES.split(text):
        sentence = sentence.strip()
        if not sentence or pack.question.search(sentence) or pack.conditional.search(sentence):
            continue
        secret = has_secret_marker(sentence)
        body = _SECRET_STRIP.sub(" ", sentence).strip(" ,;:-") if secret else sentence
        clauses: list[_Clause] = []
        for raw in _merge_short(pack.clause_split.split(body), pack):
            clause = pack.normalise(raw).strip(" ,;:-.!")
            if not clause or pack.hypothetical.search(clause) or pack.conditional.search(clause):
                continue
            clauses.append(_read_clause(clause, pack, state, timestamp))
        predicates = {h.predicate for c in clauses for h in c.hits}
        for m in pack.appositive.finditer(pack.normalise(body)):
            extra = _relation_hit(pack, m["rel"], m["name"], owner)
            if m["name"] or extra.predicate not in predicates:
                predicates.add(extra.predicate)
                clauses.append(_Clause(body, owner, (extra,)))
        if secret and not any(c.hits for c in clauses):
            confided = clean_object(body, max_words=40)
            if confided:
                clauses.append(_Clause(body, owner, (Hit(
                    "confided", confided, Subcategory.SECRET_EXPLICITLY_MARKED, 0.9, 0.5),)))
        for read in clauses:
            for hit in read.hits:
                candidate = _candidate(hit, read, sentence, pack, timestamp, secret)
                key = (*candidate.key, candidate.negated)
                if key not in seen:
                    seen.add(key)
                    results.append(candidate)
    return results
