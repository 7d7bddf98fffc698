"""The user's job at a named place, and what a new employer or a new role there ends.

Pure functions over fact records (validation applies what they return):

* :func:`other_workplace_targets` — "I started at Klarna": the job facts that name another
  organisation ("I work as a data analyst at Spotify") end, and so do the undated facts
  that name the old employer through a work relation ("need help with an email to my boss
  at Harfang"); a job said with no workplace ("I work as a nurse") stays;
* :func:`someone_elses_workplace_targets` — "mein Bruder Tom arbeitet jetzt im LNS": where
  Tom worked before ("Tom arbeitet bei der Post") ends, whatever kind either was read as;
* :func:`names_no_other_workplace` — "It's for the girls from the finance office", read as
  the employer, names none and says no change: the employer held stays;
* :func:`own_earlier_role_targets` — "I'm the head chef at Rosewood now": the user's
  earlier role at Rosewood ("I'm a sous-chef at Rosewood") ends; a role at another place
  is left to the rest;
* :func:`old_day_to_day_targets` — "first week at Riverside Smiles": what the user said of
  the old job's work and the way to it ("the 4am starts are killing me", "the bus up to
  Heavitree") ends.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from lucidmem.facts.cue_lexicon import (
    CANTEEN_NOUNS,
    WORK_RELATION_NOUNS,
    WORKPLACE_NOUNS,
    has_cue,
)
from lucidmem.facts.entities import holds_a_name
from lucidmem.facts.homes import one_person
from lucidmem.facts.lowercase_names import writes_in_lowercase
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.facts.statement_words import fold_words, overlaps
from lucidmem.records import Record

__all__ = [
    "names_no_other_workplace",
    "names_the_workplace",
    "old_day_to_day_targets",
    "other_workplace_targets",
    "own_earlier_role_targets",
    "same_workplace",
    "someone_elses_workplace_targets",
]


_AT_WORKPLACE = re.compile(
    r"\b(?:at|for|bei|chez|pour|en|para|presso|per|bij|voor|na|no|em|(?i:beim|im|zum|zur|"
    r"in\s+der|au|aux|al|alla|allo|nel|nella|del|do|da))\s+"
    r"(?:(?:the|der|die|dem|den|la|le|l'|el|il|lo|de|het|a|o)\s+)?"
    r"(?P<org>[A-ZÀ-Þ][\w'’&.-]*(?:\s*&\s*[A-ZÀ-Þ][\w'’&.-]*|\s+[A-ZÀ-Þ][\w'’&.-]*)*)")
"""A named organisation in what a job fact says ("a data analyst at Spotify", "works at
Vivantes", "infirmière chez Doctolib", "a baker at Hearth & Rye"), also after a preposition
that holds its article ("Mechatroniker beim Autohaus Kienzle", "Im Werk …", "cuoco al
Gambero Rosso", "serveuse au Café Marius", "Kinderpflegerin in der Kita St. Anton"), with
every capitalised word of its name."""

_ZH_WORKPLACE = re.compile(r"在(?P<org>[\u4e00-\u9fffA-Za-z]{2,12}?)(?:做|上班|工作|当|打工)")
"""A workplace in what a Chinese job fact says ("在泉州西街的一家民宿做前台", "在华为上班"): it
has no capitals to be found by."""

_KIND_WORDS = frozenset(w for nouns in WORKPLACE_NOUNS.values() for noun in nouns
                        for w in fold_words(noun))
"""The folded words of the kinds of workplace (:data:`WORKPLACE_NOUNS`: "Kita", "clínica"),
which two different places share ("Kita St. Anton", "Kita Regenbogen")."""


def _distinctive(words: set[str]) -> set[str]:
    """A workplace's words without those of its kind, or all of them when it is only a kind
    ("Kita St. Anton" → {"st", "anton"}; "Kita" → {"kita"})."""
    return (words - _KIND_WORDS) or words


_WORK_RELATION = re.compile(
    r"(?i)(?<!\w)(?:" + "|".join(sorted(
        {re.escape(n) for table in (WORK_RELATION_NOUNS, CANTEEN_NOUNS)
         for nouns in table.values() for n in nouns},
        key=len, reverse=True)) +
    r")\s+(?=(?:at|for|bei|chez|pour|en|para|presso|per|bij|voor|na|no|em)\s)")
"""A work relation said before a workplace ("my boss at Harfang", "mon boss chez Harfang",
"mi jefa en Estudio Tlacuache", "i colleghi in Alpitec", "in der Kantine bei Ford"): the
fact names the user's employer in passing."""


_AT_WORDS_LOWERCASE: dict[str, str] = {
    "en": r"at|for", "de": r"bei|beim|im|in\s+der", "fr": r"chez|au|aux|à\s+la",
    "es": r"en", "it": r"presso|al|alla|allo|nel|nella|in", "pt": r"no|na|num|numa|em",
    "nl": r"bij|voor|in",
}
"""At-words before a workplace, per language ("at", "bei", "chez", "en", "presso", "na",
"bij")."""

_ARTICLES = r"(?:the|der|die|dem|den|la|le|l'|el|il|lo|de|het|a|o|um|uma|une?|una?)\s+"

_SELF_LOWERCASE: dict[str, str] = {
    "en": r"i['’]?m|i\s+am", "de": r"ich\s+bin|bin", "fr": r"je\s+suis|j['’]?suis|chuis",
    "es": r"soy", "it": r"sono|sn", "pt": r"sou", "nl": r"ik\s+ben|ben",
}
""""I am" before a job in lowercase chat ("jsuis kiné au centre al amal", "soy camarero en
el chiringuito")."""


def _lowercase_workplaces(evidence: str, lang: str, *, own_role: bool) -> list[str]:
    """The words after an at-word of ``lang``, up to five and no further than the first mark,
    when the writer of ``evidence`` uses no capitals at all (:func:`writes_in_lowercase`):
    "senior designer at kite creative on shahrah-e-faisal" → "kite creative on
    shahrah-e-faisal", "camarero en el chiringuito la barquilla" → "chiringuito la
    barquilla". Where the user worked, said by someone who capitalises no name, so
    :data:`_AT_WORKPLACE` finds none; nothing in a clause with capitals. With ``own_role``
    only those said after the user's "I am" and a job ("jsuis kiné au centre al amal a
    hamra", not "sono sceso a 10 al giorno"): a remark of another kind names the workplace
    only so."""
    pattern = _lowercase_workplace_pattern(lang, own_role)
    if pattern is None or not writes_in_lowercase(evidence):
        return []
    return [m["org"] for m in pattern.finditer(evidence)]


@cache
def _lowercase_workplace_pattern(lang: str, own_role: bool) -> re.Pattern[str] | None:
    """The pattern :func:`_lowercase_workplaces` reads with, built once per language."""
    words = _AT_WORDS_LOWERCASE.get(lang)
    if words is None:
        return None
    before = r"(?<![^\W\d_])(?:" + _SELF_LOWERCASE[lang] + r")\s+(?:[^\W\d_]+\s+){1,3}?" \
        if own_role else r"(?<![^\W\d_])"
    return re.compile(before + r"(?:" + words + r")\s+(?:" + _ARTICLES + r")?"
                      r"(?P<org>[^\W\d_][\w'’&-]*(?:\s+[^\W\d_][\w'’&-]*){0,4})")


_A_DAY_AT_WORK = frozenset({"work", "commute"})
"""Slots a day's work at a named place is read as: the work itself, or the way home from it
("just reach home from work, 14 hours pon the line at Coral Cove resort")."""


def other_workplace_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's job facts that name another organisation than a new employer: "I work as a
    data analyst at Spotify" ends when "I started at Klarna" is said, "I work as a nurse"
    (no workplace in it) stays; so does any undated fact of the user that names the old
    employer through a work relation ("need help with an email to my boss at Harfang"), and
    any undated fact of the user's boss or colleague, said by the relation, that names it
    ("mon chef chez Verhaeghe est lourd": no boss of the user's once they work at Opaline)."""
    d = new.data
    if d.get("predicate") != "works_at" or d.get("negated") or d.get("context"):
        return []
    employer = _distinctive(fold_words(str(d.get("object") or "")))
    out = []
    for rec in facts:
        r = rec.data
        if rec.id != new.id and not r.get("negated") and d.get("subject") == USER_SUBJECT and \
                _of_a_work_relation(str(r.get("subject") or "")) and \
                r.get("stated_from") is None and \
                not str(r.get("predicate") or "").startswith("has_") and \
                rec.occurred_at < new.occurred_at:  # (not who the boss is: "… is Gareth")
            orgs = {m["org"] for m in _AT_WORKPLACE.finditer(rec.text)}
            if orgs and not any(overlaps(_distinctive(fold_words(org)), employer) for org in orgs):
                out.append(rec)  # "mon chef chez Verhaeghe est lourd": the boss left there
            continue
        if rec.id == new.id or r.get("negated") or r.get("subject") != d.get("subject") or \
                (r.get("context") and r.get("slot") not in _A_DAY_AT_WORK):
            continue  # (a day's work may be told from home: "just reach home from work")
        if r.get("predicate") == "occupation" or (
                r.get("slot") in _A_DAY_AT_WORK and r.get("stated_from") is None and
                rec.occurred_at < new.occurred_at):
            # (a day's work said at the old place, "14 hours pon the line at Coral Cove
            # resort", is the old job as much as "I'm a sous-chef at Coral Cove")
            orgs = {m["org"] for m in _AT_WORKPLACE.finditer(rec.text)} or \
                {m["org"] for m in _ZH_WORKPLACE.finditer(rec.text)}
            if not orgs and d.get("is_change") and rec.occurred_at < new.occurred_at:
                orgs = set(_lowercase_workplaces(
                    str(r.get("evidence") or ""), str(r.get("language") or "en"),
                    own_role=r.get("predicate") != "occupation"))
        elif r.get("stated_from") is None and rec.occurred_at < new.occurred_at and \
                d.get("is_change") and (role := _ROLE_AT.search(rec.text)) is not None:
            # (the user's role at a named place, whatever kind the fact was read as: "I've
            # been a teller at Republic Bank for seven years", read as an event)
            orgs = {role["org"]}
        elif r.get("stated_from") is None and r.get("slot") != "people" and \
                rec.occurred_at < new.occurred_at:
            orgs = {m["org"] for w in _WORK_RELATION.finditer(rec.text)
                    for m in [_AT_WORKPLACE.match(rec.text, w.end())] if m is not None}
        else:
            continue
        if orgs and not any(overlaps(_distinctive(fold_words(org)), employer) for org in orgs):
            out.append(rec)
    return out


_WORK_RELATION_WORDS = frozenset(
    n.casefold() for nouns in WORK_RELATION_NOUNS.values() for n in nouns)
"""Every language's words of the user's work life ("boss", "Chefin", "collègues")."""


def _of_a_work_relation(subject: str) -> bool:
    """Whether ``subject`` is someone of the user's work life ("user's boss", "user's
    colleague"), said by the relation and not by a name."""
    owner, _, relation = subject.partition("'s ")
    return owner == USER_SUBJECT and relation.casefold() in _WORK_RELATION_WORDS


_DAY_TO_DAY = frozenset({"work", "commute"})
"""Slots of a job's day to day: the work itself ("the 4am starts are killing me") and the way
there ("el problema es que yo salgo de Autos Guadalquivir a las 7 y no llego")."""


def old_day_to_day_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's earlier remarks on the work and the way to it, once a new employer is said
    as a change ("first week at Riverside Smiles", "seit Montag bei der Charité"): they were
    said of the job before, so they end with it; a remark that names the new employer, one
    said in a context ("at home") or with a day of its own, stays."""
    d = new.data
    if d.get("predicate") != "works_at" or d.get("subject") != USER_SUBJECT or \
            not d.get("is_change") or not holds_a_name(new, capitalised=False) or \
            d.get("negated") or d.get("context") or d.get("one_off") or d.get("cessation"):
        return []  # (a remark read as about the employer names no new one)
    employer = _distinctive(fold_words(str(d.get("object") or "")))
    return [rec for rec in facts
            if rec.id != new.id and rec.data.get("subject") == USER_SUBJECT and
            rec.data.get("slot") in _DAY_TO_DAY and not rec.data.get("negated") and
            not rec.data.get("context") and rec.data.get("stated_from") is None and
            rec.data.get("valid_to") is None and rec.occurred_at < new.occurred_at and
            not (rec.data.get("slot") == "work" and
                 _NAME_INSIDE.search(str(rec.data.get("evidence") or rec.text))) and
            not overlaps(employer, fold_words(f"{rec.text} {rec.data.get('evidence') or ''}"))]


_NAME_INSIDE = re.compile(r"(?<=[\w,;:]\s)[A-ZÀ-Þ][a-zß-ÿ]+")
"""A capitalised word inside a remark, not at its start ("tengo a Hugo en 4ºB y a Carla en
1º"): a work remark that names someone may be about them, and is left to stand."""


def _workplaces_named(text: str) -> list[set[str]]:
    """The folded words of each organisation ``text`` names after an at-word
    (:data:`_AT_WORKPLACE`)."""
    return [words for m in _AT_WORKPLACE.finditer(text) if (words := fold_words(m["org"]))]


def same_workplace(held: Record, new: Record) -> bool:
    """Whether ``new``, said of the user's work, is about the workplace of the employer fact
    ``held``: the first workplace it names is named by words of the held one ("Vorgestern war
    mein erster Tag im Werk in Untertürkheim", then "Im Werk hab ich jetzt Frühschicht, …
    und kick mit dem Kleinen im Garten"; "I started at Halden Foods", then "at Halden I'm on
    earlies now"): a detail of the same job, not a new employer that replaces it. A
    statement that names another workplace first ("bei Bosch bin ich jetzt"), names none, or
    says the user left is no such detail."""
    if held.data.get("predicate") != "works_at" or new.data.get("predicate") != "works_at" or \
            held.data.get("subject") != new.data.get("subject") or new.data.get("cessation"):
        return False
    named = _workplaces_named(str(new.data.get("evidence") or new.text))
    held_words = fold_words(str(held.data.get("evidence") or held.text))
    return bool(named) and _distinctive(named[0]) <= held_words


def names_the_workplace(held: Record, new: Record) -> bool:
    """Whether the job fact ``held`` names the workplace of the employer fact ``new`` ("I'm a
    nurse at Kingsmead" and "The user works at Kingsmead"): the same job, said again."""
    org = _distinctive(fold_words(str(new.data.get("object") or "")))
    said = fold_words(f"{held.text} {held.data.get('evidence') or ''}")
    return bool(org) and org <= said


def names_no_other_workplace(held: Record, new: Record) -> bool:
    """Whether ``new``, read as the user's employer, leaves the named employer ``held`` as it
    is: it names no workplace and says no change ("It's for the girls from the finance
    office, Oksana's coming too" after "First week at Red River College"). A remark about
    work is no new job; "I started at the hospital" (a change) or "ich bin jetzt bei Bosch"
    (a workplace named) are read as before."""
    h, n = held.data, new.data
    if h.get("predicate") != "works_at" or n.get("predicate") != "works_at" or \
            h.get("subject") != USER_SUBJECT or n.get("subject") != USER_SUBJECT or \
            n.get("is_change") or n.get("cessation") or \
            n.get("is_correction") or n.get("switched_from"):
        return False
    return holds_a_name(held) and not holds_a_name(new) and \
        not _workplaces_named(str(n.get("evidence") or new.text))


_ROLE_AT = re.compile(
    r"(?i:(?<!\w)(?:is|am|'m|’m|been|bin|suis|c'est moi|c’est moi|soy|sono|sou|ben|"
    r"works?\s+as|arbeite\s+als|travaille\s+comme|trabajo\s+como|lavoro\s+come|"
    r"trabalho\s+como|werk\s+als)(?!\w))"
    r"\s+\S.{0,60}?(?<!\w)(?i:at|bei|beim|im|chez|au|aux|à|en|presso|alla|al|allo|nella|nel|della|"
    r"del|dello|no|na|em|do|da|bij|in|voor|van)\s+"
    r"(?:(?i:the|der|die|dem|den|la|le|l'|el|il|lo|de|het|a|o)\s+)?"
    r"(?P<org>[A-ZÀ-Þ][\w'’&.-]*(?:\s+[A-ZÀ-Þ][\w'’&.-]*)*)")
"""The user holding a role at a named place, as a fact says it ("The user is a sous-chef at
Rosewood Grill", "The user has been a teller at Republic Bank", "soy ayudante de cocina en
La Tasquita", "sono aiuto cuoco alla Trattoria Da Gino", "c'est moi le chef de cuisine au
Bistrot")."""


_WORK_PREDICATES = frozenset({"occupation", "works_at", "working_on"})
"""Predicates a statement of the user's role at work is read as ("I'm the head chef at
Rosewood now" is an occupation, "sou a chefe de cozinha na Taberna" may be a project)."""


def own_earlier_role_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's earlier role at the same place once a new one there is said as a change:
    "I'm the head chef at Rosewood Grill now" ends "I'm a sous-chef at Rosewood Grill";
    "Ahora soy la jefa de cocina en La Tasquita" ends "Soy ayudante de cocina en La
    Tasquita". The same role said again, or a role at another place, is left to the rest."""
    d = new.data
    lang = str(d.get("language") or "en")
    if d.get("subject") != USER_SUBJECT or d.get("predicate") not in _WORK_PREDICATES or \
            d.get("negated") or d.get("context") or \
            not (d.get("is_change") or has_cue("change", lang, new.text)):
        return []
    said = list(_ROLE_AT.finditer(new.text))
    if not said:
        return []
    places = [fold_words(m["org"]) for m in said]
    role = fold_words(new.text[:said[0].start("org")])
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != USER_SUBJECT or r.get("negated") or \
                r.get("context") or rec.occurred_at > new.occurred_at:
            continue
        for m in _ROLE_AT.finditer(rec.text):
            if any(overlaps(fold_words(m["org"]), place) for place in places) and \
                    not fold_words(rec.text[:m.start("org")]) <= role:
                out.append(rec)
                break
    return out


_ZH_AT_WORK = re.compile(r"在(?P<org>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:上班|工作|实习)"
                         r"|(?:入职|跳槽到|跳槽去)(?:了)?(?P<org2>[\u4e00-\u9fffA-Za-z]{2,8})")
"""Where someone works, said in Chinese ("在华为上班", "跳槽到腾讯")."""


def _others_workplaces(text: str, lang: str) -> list[set[str]]:
    """The workplaces a statement about someone else names with a verb or noun of working
    (:data:`OTHERS_WORK_VERBS`): "arbeitet jetzt im LNS in Düdelingen" → [{"lns"}, …]; none
    when it says no work ("wohnt bei Anna")."""
    if not has_cue("others_work", lang, text):
        return []
    if lang == "zh":
        return [fold_words(re.sub(r"^(?:现在|已经|目前|如今)", "", m["org"] or m["org2"]))
                for m in _ZH_AT_WORK.finditer(text)]
    return _workplaces_named(text)


def someone_elses_workplace_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Where someone else worked before, once the user says they work elsewhere now:
    "mein Bruder Tom arbeitet jetzt im LNS" ends "Tom arbeitet bei der Post"; "我弟弟现在在腾讯
    上班" ends "我弟弟在华为上班". The new workplace must be said as a change (a change cue:
    "now", "jetzt", "maintenant", "started"), with a verb or noun of working and a named
    place, as must the old; whatever kind either fact was read as (a remark about the person
    or their employer). Another person's job, the user's own, and the same place said again
    end nothing."""
    d = new.data
    who = str(d.get("subject") or "")
    lang = str(d.get("language") or "en")
    said = str(d.get("evidence") or new.text)
    if who in ("", USER_SUBJECT) or d.get("negated") or d.get("one_off") or \
            d.get("context") or not (d.get("is_change") or has_cue("change", lang, said)) or \
            has_cue("wanting", lang, said) or has_cue("hypothetical", lang, said):
        return []
    now = _others_workplaces(said, lang)
    if not now:
        return []
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("negated") or r.get("predicate", "").startswith("has_") \
                or rec.occurred_at > new.occurred_at or \
                not one_person(str(r.get("subject") or ""), who, facts):
            continue
        before = _others_workplaces(str(r.get("evidence") or rec.text),
                                    str(r.get("language") or lang))
        if before and not any(overlaps(b, n) for b in before for n in now):
            out.append(rec)
    return out
