"""Places a person attends — a school, studies, a class, volunteering — and what a new one
ends.

Pure functions over fact records (validation applies what they return):

* :func:`attended_kinds` — the kinds of attended place a text names
  (:data:`~lucidmem.facts.cue_lexicon.ATTENDED_PLACES`: "Jonas macht jetzt einen
  Töpferkurs" → a class) and the text without the words that name them;
* :func:`attended_place_targets` — "Tom started at Hillside Academy": the facts that put the
  same person at another school (studies, class, place volunteered at) end ("My son Tom goes
  to Oakwood Primary School"); another child's school, one more class ("now also a pottery
  class"), a place wanted or the same place said again end nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from lucidmem.facts.cue_lexicon import ATTENDED_PLACES, has_cue
from lucidmem.facts.entities import fold, relation_word
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.facts.people import is_given_name
from lucidmem.facts.statement_words import AS_WELL, NOW, proper_names, stem_match, value_words
from lucidmem.records import Record

__all__ = [
    "attended_kinds",
    "attended_place_targets",
]


@cache
def _attended_pattern(kind: str, lang: str) -> re.Pattern[str] | None:
    """The words of one kind of attended place in ``lang`` (:data:`ATTENDED_PLACES`)."""
    words = ATTENDED_PLACES[kind].get(lang, ())
    parts = []
    for word in sorted(words, key=len, reverse=True):
        body = r"\s+".join(re.escape(w) for w in word.lstrip("*").split())
        if lang == "zh":
            parts.append(body)
        elif word.startswith("*"):
            parts.append(r"(?<![^\W\d_])(?P<" + f"part{len(parts)}" + r">[^\W\d_]{2,})" +
                         body + r"(?![^\W\d_])")
        else:
            parts.append(r"(?<![^\W\d_])" + body + r"(?![^\W\d_])")
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def _first_part(m: re.Match[str]) -> str:
    """What an attended kind's word leaves of itself: the first part of a compound
    ("Töpfer" of "Töpferkurs"), nothing of a word of its own."""
    return next((v for v in m.groupdict().values() if v), " ")


def attended_kinds(text: str, lang: str) -> tuple[set[str], str]:
    """The kinds of attended place ``text`` names (a school, studies, a class, volunteering)
    and the text without the words that name them (a compound keeps its first part).

    >>> attended_kinds("Jonas macht jetzt einen Töpferkurs", "de")
    ({'class'}, 'Jonas macht jetzt einen Töpfer')
    >>> attended_kinds("I volunteer at the food bank", "en")[0]
    {'volunteering'}
    """
    kinds = set()
    for kind in ATTENDED_PLACES:
        pattern = _attended_pattern(kind, lang)
        if pattern is not None and pattern.search(text):
            kinds.add(kind)
            text = pattern.sub(_first_part, text)
    return kinds, text


def _persons(rec: Record, known: set[str]) -> set[str]:
    """Who a fact is about, as folded names: its subject, or for a fact of the user the
    people of ``known`` (the subjects of facts held) and the given names it says ("Ahora
    Pablo va al colegio Los Olivos" → {"pablo"}; "I volunteer at the food bank" → none)."""
    subject = str(rec.data.get("subject") or "")
    if subject != USER_SUBJECT:
        return {fold(subject)}
    said = fold(" ".join(str(x) for x in (rec.text, rec.data.get("evidence")) if x))
    return {name for name in known
            if re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", said)} | \
        {fold(w) for w in re.findall(r"(?<![\w'’])[A-ZÀ-ÖØ-Þ][^\W\d_]+", str(rec.text))
         if is_given_name(w)}


def _same_person(new: Record, old: Record, known: set[str]) -> bool:
    """Whether two facts are about the same person: the same people, or a fact of the user
    that names the other's subject ("The user's son Pablo goes to San José" and "Ahora Pablo
    va al colegio Los Olivos"); "Pablo va al colegio X" and "Ana va al colegio Y" are not."""
    a, b = _persons(new, known), _persons(old, known)
    users = USER_SUBJECT in (new.data.get("subject"), old.data.get("subject"))
    return a == b or (users and bool(a & b))


def _place_words(text: str, persons: set[str], lang: str = "en") -> set[str]:
    """Content words that tell one attended place from another (no cue words, no persons,
    no verb of going: "Lena geht auf die Goethe…" and "Lena geht jetzt auf das Schiller…"
    share no place)."""
    going = _GOES_TO.get(lang)
    if going is not None:
        text = re.sub(r"(?i)(?<!\w)(?:" + going + r")(?!\w)", " ", text)
    return {w for w in value_words(NOW.sub(" ", text)) if w not in persons}


_GOES_TO: dict[str, str] = {
    "en": r"goes to|is at|is now at|now goes to",
    "de": r"geht (?:jetzt |nun |inzwischen )?(?:auf|in|an|zur|zum|ins)",
    "fr": r"va (?:maintenant |désormais )?(?:à|au|aux|chez)|"
          r"est (?:maintenant |désormais )?(?:à|au)",
    "es": r"va (?:ahora )?(?:al|a la|a)|está (?:ahora )?en",
    "it": r"va (?:ora |adesso )?(?:al|alla|allo|all'|a)|frequenta|è (?:ora |adesso )?(?:al|alla)",
    "pt": r"vai (?:agora )?(?:para|pro|pra|ao|à)|está (?:agora )?(?:no|na)|"
          r"anda (?:agora )?(?:no|na)",
    "nl": r"gaat (?:nu )?naar|zit (?:nu )?(?:op|in)",
}
"""Going to a place, as a child goes to school ("Lorenzo ora va al Pontano", "Lena geht
jetzt auf das Schiller"), said before the place's name."""


def _goes_to_named(said: str, lang: str) -> bool:
    """Whether ``said`` says someone goes to a place it names ("ora va al Pontano")."""
    verbs = _GOES_TO.get(lang)
    if lang == "zh":
        return re.search(r"(?:在|去)[\u4e00-\u9fffA-Za-z]{2,8}(?:上学|读书|念书)", said) is not None
    return verbs is not None and re.search(
        r"(?i:(?<!\w)(?:" + verbs + r"))\s+(?:(?i:the|das|die|den|der|la|le|l'|el|il|lo|o|a|"
        r"de|het)\s*)?[A-ZÀ-Þ]", said) is not None


def attended_place_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The facts a new place of learning or volunteering ends: ``new`` names a school,
    studies, a class or volunteering (:func:`attended_kinds`) as what holds now or as
    started ("Tom started at Hillside Academy", "Depuis lundi je suis en bachelier à la
    Henallux", "ahora hago voluntariado en Cáritas", "这学期给他报了轮滑班"); the same
    person's open facts that name a place of that kind under another name end ("My son Tom
    goes to Oakwood Primary School"), whatever slot either was read as. Another person's
    school, one more class ("now also a pottery class"), a place wanted or the same place said
    again end nothing; places said without a name are told apart by their words."""
    d = new.data
    lang = str(d.get("language") or "en")
    said = str(d.get("evidence") or d.get("object") or "")
    if d.get("negated") or d.get("context") or AS_WELL.search(said) or \
            has_cue("wanting", lang, said) or has_cue("hypothetical", lang, said):
        return []
    kinds, rest = attended_kinds(said, lang)
    if not kinds and d.get("subject") not in (None, USER_SUBJECT) and NOW.search(said) and \
            _goes_to_named(said, lang):
        kinds = {"school"}  # "Lorenzo ora va al Pontano": where a child goes now, which
        # ends only a school held ("fa la quarta alla Cimarosa")
    if not kinds or not (NOW.search(said) or has_cue("enrolled", lang, said) or
                         has_cue("held_for", lang, said)):  # "first month at Riverside"
        return []
    known = {fold(str(f.data.get("subject"))) for f in facts
             if f.data.get("subject") not in (None, USER_SUBJECT)}
    going = {fold(n) for n in proper_names(new) if not attended_kinds(n, lang)[0]} - \
        _persons(new, known)  # (the child's own name is no school: "Lena geht jetzt auf …")
    going_words = _place_words(rest, _persons(new, known), lang)
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("negated") or r.get("valid_to") is not None or \
                r.get("context") or relation_word(str(r.get("predicate", ""))) is not None \
                or not _same_person(new, rec, known):
            continue  # "The user's son is Tom", said with his school, stays
        theirs, their_rest = attended_kinds(str(r.get("evidence") or rec.text),
                                            str(r.get("language") or lang))
        if not kinds & theirs:
            continue
        held = {fold(n) for n in proper_names(rec)
                if len(n) >= 3 and not attended_kinds(n, lang)[0]} - _persons(rec, known)
        if going and held:
            if not going <= held:
                out.append(rec)  # "Oakwood Primary School" before "Hillside Academy", "the
                # University of Leeds" before "Leeds Beckett"
            continue
        held_words = _place_words(their_rest, _persons(rec, known),
                                  str(r.get("language") or lang))
        shared = [w for w in going_words if any(stem_match(w, t) for t in held_words)]
        if going_words and held_words and len(shared) * 2 < len(going_words):
            out.append(rec)  # "the food bank" before "now the animal shelter"
    return out
