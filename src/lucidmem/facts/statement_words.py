"""The words of a statement, compared the way every change to the facts held compares them.

Shared by the modules that decide how a new statement changes the facts already held
(:mod:`lucidmem.facts.lifecycle`, :mod:`lucidmem.facts.retraction`,
:mod:`lucidmem.facts.corrections`, :mod:`lucidmem.facts.attended_places`,
:mod:`lucidmem.facts.workplaces`):

* :func:`fold_words` — a text's content words, folded and accent-free; Chinese by character
  pairs; :func:`words_of` — those of a fact: its text, its object and the user's own clause;
* :func:`stem_match` — whether two words share a stem ("quitting" ~ "quit", "zwartwerken" ~
  "zwart");
* :func:`overlaps` — whether a set of words holds one of a topic's (a Chinese topic: half of
  its character pairs, "跟美玲决定换车了" does not name "美玲怀孕");
* :func:`mentions` — whether a fact names a person ("Kim") as its subject, its object or a
  whole word of what it says;
* :func:`value_words` — the words that tell one value from another ("only tea now" → "tea"):
  no numbers and none of :data:`GENERIC` ("now", "only", "anymore", "week" …);
* :func:`proper_names` — the names of things a statement says ("cancelled the Ironbark
  membership" → Ironbark), not persons, days, months or feasts;
* :data:`NOW` / :data:`AS_WELL` — the words that say what holds now ("these days", "现在") and
  those that add a value to the ones held ("now I also climb").
"""

from __future__ import annotations

import re

from lucidmem.facts.entities import fold
from lucidmem.facts.people import is_given_name
from lucidmem.facts.render import content_words
from lucidmem.facts.temporal_lexicon import HOLIDAYS, MONTHS, said_weekday
from lucidmem.records import Record

__all__ = [
    "AS_WELL",
    "GENERIC",
    "NOW",
    "fold_words",
    "mentions",
    "overlaps",
    "proper_names",
    "stem_match",
    "value_words",
    "words_of",
]


def fold_words(text: str) -> set[str]:
    """The folded content words of ``text`` (:func:`~lucidmem.facts.render.content_words`)."""
    return content_words([text])


def stem_match(a: str, b: str) -> bool:
    """Whether two folded words are one or share a stem: the shorter, of four letters or
    more, begins the longer but for up to its last three ("quitting" ~ "quit"); Chinese
    pairs only when equal."""
    if a == b:
        return True
    if re.search(r"[\u4e00-\u9fff]", a + b):
        return False
    short, long_ = sorted((a, b), key=len)
    if len(short) < 4:
        return False
    return long_.startswith(short[: max(4, len(short) - 3)])


def words_of(record: Record) -> set[str]:
    """Content words of a fact: its text, its object and the user's own clause."""
    d = record.data
    return fold_words(" ".join(str(x) for x in (record.text, d.get("object"),
                                                d.get("evidence")) if x))


def overlaps(words: set[str], target: set[str]) -> bool:
    """Whether ``target`` holds a word of ``words``. Chinese words are pairs of characters
    (:func:`content_words`), and one pair is often a name said in passing ("跟美玲决定换车了"
    shares only 美玲 with "美玲怀孕"), so a topic of Chinese pairs needs half of its pairs,
    at least one."""
    cjk = {w for w in words if re.search(r"[\u4e00-\u9fff]", w)}
    if cjk:
        shared = len(cjk & target)
        if shared < max(1, -(-len(cjk) // 2)):
            return any(stem_match(w, t) for w in words - cjk for t in target)
        return True
    return any(stem_match(w, t) for w in words for t in target)


def mentions(record: Record, name: str) -> bool:
    """Whether ``record`` names ``name``: as its subject or object, or as a whole word of
    its sentence or the user's clause."""
    key = fold(name)
    d = record.data
    if key in (fold(str(d.get("subject", ""))), fold(str(d.get("object", "")))):
        return True
    text = " ".join(str(x) for x in (record.text, d.get("evidence")) if x)
    return re.search(r"(?i)(?<!\w)" + re.escape(name) + r"(?!\w)", text) is not None


_CAPITAL_WORD = re.compile(r"(?<![\w’'-])[A-ZÀ-ÖØ-Þ][\w’'&.-]*|(?<=[’'])[A-ZÀ-ÖØ-Þ][\w&.-]*")
"""A capitalised word, also after an elided article ("all'Olimpo", "l'Ironbark")."""

_CLAUSE_OPENING = re.compile(r"(?:^|[.!?:;…\-–—(\"“«])$")
"""What comes before a word that opens a sentence (a capital there names nothing)."""

_NOT_A_NAME = frozenset({"i", "i'm", "i’m", "i've", "i’ve", "i'd", "i’d", "i'll", "i’ll", "ok",
                         "okay", "lol", "haha", "omg"})

_GERMAN_NAME_AFTER = re.compile(r"\b(?:bei|von|für)$")
"""German capitalises every noun: a capital names something when the word has another
capital inside ("McFit", "FitX", "ING") or follows "bei" with no article ("bei Siemens",
not "beim Fitnessstudio")."""


def proper_names(new: Record) -> list[str]:
    """The proper names in what the user said for a fact — a gym, club, employer, school,
    shop, app, brand or place ("cancelled the Ironbark membership" → Ironbark, "ho disdetto
    l'abbonamento all'Olimpo" → Olimpo, "mein Abo bei McFit gekündigt" → McFit, "退了
    Anytime 的会员" → Anytime). A habit with no name ("ho smesso di fumare", "I quit sugar",
    "j'ai arrêté le café") has none; nor are persons ("stopped running with Anna"), days,
    months, feasts ("a Natale") and a sentence's first word names of a thing."""
    d = new.data
    said = str(d.get("evidence") or d.get("object") or "")
    when = str(d.get("temporal_text") or "")
    if when:
        said = said.replace(when, " ")
    said = HOLIDAYS.sub(" ", said)
    lang = str(d.get("language") or "en")
    if lang == "zh" or re.search(r"[\u4e00-\u9fff]", said):
        return re.findall(r"[A-Za-z][A-Za-z'&.-]+", said)
    names = []
    for m in _CAPITAL_WORD.finditer(said):
        word = m.group(0).rstrip(".-&")
        before = said[:m.start()].rstrip(" ’'")
        if _CLAUSE_OPENING.search(before.rstrip()) or fold(word) in _NOT_A_NAME or \
                fold(word) in MONTHS or said_weekday(word) is not None or \
                is_given_name(word):
            continue
        if lang == "de" and not (re.search(r"[A-ZÀ-Þ]", word[1:]) or
                                 _GERMAN_NAME_AFTER.search(before)):
            continue
        names.append(word)
    return names


NOW = re.compile(
    r"(?i)\b(?:now|these days|nowadays|jetzt|inzwischen|mittlerweile|maintenant|désormais|"
    r"ahora|(?<!')ora|adesso|ormai|agora|nu|tegenwoordig)\b"
    r"(?![\s,]*(?:that|que|qu'|wo|che|dat)\b)"
    r"|现在|如今")
"""Words that say what holds now, as against before ("these days", "现在"); not "now that"
("now that it's summer I go running", "maintenant qu'il fait beau"), a reason, not a
replacement."""
AS_WELL = re.compile(
    r"(?i)\b(?:also|as well|auch|noch dazu|aussi|également|también|anche|pure|também|"
    r"ook|daarnaast)\b|\btoo\b(?=\s*(?:[,.;:!?)]|$))|也")
"""Words that add a value to the ones held ("now I also climb", "I swim now too", "我也开始
游泳"); not the "too" of "too tired"."""


GENERIC = frozenset(
    [
        "now", "anymore", "more", "jetzt", "nicht", "mehr", "maintenant", "plus", "ahora", "más",
        "ora", "adesso", "più", "agora", "mais", "nu", "meer", "only", "just", "nur", "noch",
        "que", "solo", "sólo", "só", "alleen", "week", "woche", "semaine", "semana", "settimana",
        "semana", "times", "mal", "fois", "veces", "volte", "vezes", "keer", "day", "tag", "jour",
        "día", "giorno", "dia", "dag", "seulement", "uniquement", "soltanto", "apenas",
        "somente", "enkel", "nog", "inmiddels", "ormai", "désormais", "already", "schon",
        "déjà", "ya", "già",
    ])
"""Words that say when, how often or that something changed ("now", "only", "anymore",
"week", "times"), not what: never a value, nor what two facts share."""


def value_words(text: str) -> set[str]:
    """Content words that can tell one value from another (no numbers, no cue words)."""
    return {w for w in fold_words(text) - GENERIC if not re.fullmatch(r"\d+\w?", w)}
