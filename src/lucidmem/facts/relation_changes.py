"""How who someone is to the user changes: a partner who moves on, a role another person
now holds.

Pure functions over fact records (validation applies what they return):

* :func:`relation_change_targets` — "Larissa is now my fiancée": her earlier relation
  ("girlfriend") ends; "we broke up": the partner ends, and so do the facts that call them
  the user's partner ("The user's girlfriend Julia (likes): …");
* :func:`names_the_ex` — "The user broke up with Kevin" names the partner left, so it is
  history from the moment it is said; "my ex, Andrés" (a relation, no change) is not;
* :func:`gone_holder_targets` — "poor Dr Healy is gone, he retired", said of the user's
  doctor Healy: the relation ends, and the remark is history;
* :func:`replaced_role_holder_targets` — "my new supervisor is Prof. Lang": what was said
  of the supervisor before ("The user's supervisor Helena (people): wants a chapter")
  ends; the roles are :data:`~lucidmem.facts.cue_lexicon.ROLE_HOLDERS` (and those of
  :data:`~lucidmem.facts.cue_lexicon.REPLACED_BY_A_NEW_ONE` said new), and a partner under
  any word ("boyfriend Marvin" before "Deniz und ich sind zusammen").
"""

from __future__ import annotations

from collections.abc import Sequence

from lucidmem.facts.cue_lexicon import REPLACED_BY_A_NEW_ONE, ROLE_HOLDERS, has_cue
from lucidmem.facts.entities import fold, relation_word
from lucidmem.facts.model import UNNAMED_PARTNER, USER_SUBJECT
from lucidmem.records import Record

__all__ = [
    "gone_holder_targets",
    "names_the_ex",
    "relation_change_targets",
    "replaced_role_holder_targets",
]


_PARTNER_STAGE = {
    "has_girlfriend": 1, "has_boyfriend": 1, "has_partner": 1, "has_fiancée": 2,
    "has_fiance": 2, "has_wife": 3, "has_husband": 3, "has_spouse": 3, "has_ex": 4,
}


_EX = _PARTNER_STAGE["has_ex"]


def relation_change_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's earlier relation to the same person when it moved on ("girlfriend" before
    "fiancée", "wife" before "ex"); two words for the same stage both stand. A breakup with
    no name ("we broke up") ends every partner held; a breakup also ends the facts that call
    the person the user's partner ("The user's girlfriend Julia (likes): …")."""
    d = new.data
    stage = _PARTNER_STAGE.get(str(d.get("predicate")))
    if d.get("subject") != USER_SUBJECT or stage is None:
        return []
    name = fold(str(d.get("object") or ""))
    unnamed = stage == _EX and name == fold(UNNAMED_PARTNER)
    relations = [rec for rec in facts
                 if rec.id != new.id and rec.data.get("subject") == USER_SUBJECT
                 and _PARTNER_STAGE.get(str(rec.data.get("predicate")), stage) != stage
                 and (fold(str(rec.data.get("object"))) == name or unnamed)]
    if stage != _EX:
        return relations
    ended = {fold(str(rec.data.get("object"))) for rec in relations}
    return relations + _called_partner(ended, new, facts)


def replaced_role_holder_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """What was said of someone under a role they held for the user when another now holds
    it: "my new GP is Dr Okafor" ends "The user's doctor Patel (health): is always rushed";
    "o novo orientador, o professor Vasco" ends "The user's supervisor Helena Mendes (people):
    quer um capítulo até ao Natal". The old relation itself ends as a single-valued one.

    A partner is such a role whatever the word: "Deniz und ick sind zusammen" (partner) ends
    "my boyfriend Marvin" and "The user's boyfriend Marvin (likes): …" (:func:`_other_partners`)."""
    d = new.data
    role = relation_word(str(d.get("predicate") or ""))
    if d.get("subject") != USER_SUBJECT or d.get("negated"):
        return []
    if role not in ROLE_HOLDERS and not (role in REPLACED_BY_A_NEW_ONE and d.get("is_change")):
        return _other_partners(new, facts)
    label = f"the user's {role} "
    name = fold(str(d.get("object") or ""))
    return [rec for rec in facts
            if rec.id != new.id and rec.text.casefold().startswith(label)
            and fold(str(rec.data.get("subject") or "")) not in ("", name)
            and not str(rec.data.get("subject")).startswith(USER_SUBJECT)]


def _other_partners(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Someone else held as the user's partner, under any word for it, when ``new`` names a
    partner ("girlfriend Lucy" before "partner Tom"), and the facts that call them so; the
    same person under another word is :func:`relation_change_targets`' (a stage moved on)."""
    d = new.data
    name = fold(str(d.get("object") or ""))
    if _PARTNER_STAGE.get(str(d.get("predicate")), _EX) >= _EX or \
            name in ("", fold(UNNAMED_PARTNER)) or d.get("hypothetical"):
        return []
    relations = [rec for rec in facts
                 if rec.id != new.id and rec.data.get("subject") == USER_SUBJECT
                 and _PARTNER_STAGE.get(str(rec.data.get("predicate")), _EX) < _EX
                 and fold(str(rec.data.get("object") or "")) not in ("", name,
                                                                    fold(UNNAMED_PARTNER))]
    others = {fold(str(rec.data.get("object"))) for rec in relations}
    return relations + _called_partner(others, new, facts)


def _called_partner(names: set[str], new: Record, facts: Sequence[Record]) -> list[Record]:
    """The facts about one of ``names`` (folded) that call them the user's partner, under
    any word for a partner held ("The user's boyfriend Marvin (likes): …")."""
    labels = tuple(f"the user's {p.removeprefix('has_')} "
                   for p, s in _PARTNER_STAGE.items() if s < _EX)
    return [rec for rec in facts
            if rec.id != new.id and fold(str(rec.data.get("subject"))) in names
            and rec.text.casefold().startswith(labels)]


def names_the_ex(new: Record) -> bool:
    """Whether ``new`` is a breakup that names the partner left ("The user broke up with
    Kevin"): like "I quit Bosch" it names the old value, so it is history from the moment it
    is said, not a current fact; "The user broke up with their partner" (no one named, none
    held) says what holds now and stays, and so does "my ex, Andrés" (a relation, no
    change)."""
    d = new.data
    return d.get("subject") == USER_SUBJECT and d.get("predicate") == "has_ex" and \
        bool(d.get("is_change")) and not d.get("negated") and \
        fold(str(d.get("object") or "")) not in ("", fold(UNNAMED_PARTNER))


def gone_holder_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's relation to someone who held a role for them, when ``new`` says of them
    that they are gone ("The user's doctor Healy (employer): … poor Dr Healy is gone, he
    retired", "il Rota è andato in pensione"): the relation ends; "Dr Healy is on holiday"
    ends nothing. Empty when ``new`` says no such thing (then it is no :func:`holder_gone`)."""
    subject = str(new.data.get("subject") or "")
    role = _role_said_of(new)
    if role is None or not has_cue("holder_gone", str(new.data.get("language") or "en"),
                                   str(new.data.get("evidence") or new.text)):
        return []
    return [rec for rec in facts
            if rec.id != new.id and rec.data.get("subject") == USER_SUBJECT
            and relation_word(str(rec.data.get("predicate") or "")) == role
            and fold(str(rec.data.get("object") or "")) == fold(subject)]


def holder_gone(new: Record) -> bool:
    """Whether ``new`` says that someone who held a role for the user is gone (see
    :func:`gone_holder_targets`): like a breakup that names the ex, it is history from the
    moment it is said, so the old holder is not heard as current."""
    return _role_said_of(new) is not None and has_cue(
        "holder_gone", str(new.data.get("language") or "en"),
        str(new.data.get("evidence") or new.text)) and not new.data.get("negated")


def _role_said_of(new: Record) -> str | None:
    """The role ``new`` names its subject by ("The user's doctor Healy (…): …" → "doctor")."""
    subject = str(new.data.get("subject") or "")
    if not subject or subject.startswith(USER_SUBJECT):
        return None
    text = new.text.casefold()
    return next((role for role in sorted(ROLE_HOLDERS)
                 if text.startswith(f"the user's {role} {subject.casefold()}")), None)
