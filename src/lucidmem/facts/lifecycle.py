"""How a new value of a kind ends the values held before: a habit, a hobby, a drink, a club or
a thing stopped, switched, kept "only", changed in the same frame, counted anew or replaced
by a new one.

The kinds whose values replace one another are :data:`FAMILIES` (a drink and a food are
consumption, exercise and a hobby are activity). Pure functions over fact records
(validation applies what they return):

* :func:`cessation_targets` — "I quit X", "no more X": facts of the same kind about X end,
  and the undated ones that call X by its name; :func:`stopped_by_name` — "cancelled the
  Ironbark membership" names what stopped, so the statement itself is history;
* :func:`switched_from_targets` — "switched from piano to cello": the facts about the piano
  end;
* :func:`switched_to_named_targets` — "overgestapt naar Volley Drongen": the club of the
  same kind held under another name ends;
* :func:`exclusive_targets` — "only X now": the kind's other values end;
* :func:`replacement_targets` — "in the band I now play the sax": "I play bass in a band"
  ends; one more ("now I also go climbing") ends nothing;
* :func:`amount_change_targets` — "now I only have two coffees a day": "four coffees a day"
  ends;
* :func:`replaced_in_the_same_turn` — "le lait de vache, c'est fini" beside "je ne prends
  plus que du lait d'avoine": the stopped value is history;
* :func:`replaced_thing_targets` — "the new phone arrived: a Galaxy": the facts that name
  another phone (:mod:`lucidmem.facts.one_at_a_time`) end;
* :func:`said_with_the_ended_value` — a fact that ends takes with it the clause of the same
  statement that names its value ("a Dr.ª Caeiro, a minha médica de família, …"), and a
  home or workplace left any undated remark that still names it ("Clapham on a Friday
  night is a zoo");
* :func:`recalled_targets` — "I used to walk to Harbour Foods", "sinto falta do balcão do
  Batel": the user's workplace or home that a remark recalls as past;
* :func:`habit_of` — the standing fact a one-off ("just today I took the train") deviates
  from.

Words are compared folded and accent-free, with a shared stem ("quitting" ~ "quit",
"zwartwerken" ~ "zwart"); Chinese by character pairs (:mod:`lucidmem.facts.statement_words`).

Other changes a statement makes have modules of their own: "forget what I said about X"
(:mod:`lucidmem.facts.retraction`), a correction or a rescheduling
(:mod:`lucidmem.facts.corrections`), a move (:mod:`lucidmem.facts.homes`), a new school,
course or place volunteered at (:mod:`lucidmem.facts.attended_places`), a new working
rate (:mod:`lucidmem.facts.working_time`), a new employer or role at work
(:mod:`lucidmem.facts.workplaces`), a partner who moves on or a role someone else now
holds (:mod:`lucidmem.facts.relation_changes`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from lucidmem.facts.cue_lexicon import AMOUNT_WORDS, SPORTS, find_cue, has_cue
from lucidmem.facts.entities import fold
from lucidmem.facts.homes import one_person
from lucidmem.facts.model import GONE_OF_ITS_KIND, NEW_OF_ITS_KIND, RECALLED_PAST, USER_SUBJECT
from lucidmem.facts.one_at_a_time import named
from lucidmem.facts.statement_words import (
    AS_WELL,
    GENERIC,
    NOW,
    fold_words,
    proper_names,
    stem_match,
    value_words,
    words_of,
)
from lucidmem.facts.temporal_lexicon import DATE_NAMES
from lucidmem.records import Record

__all__ = [
    "FAMILIES",
    "amount_change_targets",
    "cessation_targets",
    "exclusive_targets",
    "habit_of",
    "meat_eaten_before_targets",
    "only_recalls",
    "parted_with",
    "recalled_targets",
    "replaced_in_the_same_turn",
    "replaced_thing_targets",
    "replacement_targets",
    "said_with_the_ended_value",
    "someone_elses_sport_targets",
    "sports_named",
    "stopped_by_name",
    "switched_from_targets",
    "switched_to_named_targets",
]

FAMILIES: dict[str, str] = {
    "exercise": "activity", "hobby": "activity", "drink": "consumption",
    "food": "consumption", "diet": "diet", "health": "health", "commute": "commute",
    "music": "music", "tech": "tech", "language": "language", "routine": "routine",
    "work": "work", "employer": "employer", "residence": "residence",
    "occupation": "occupation", "project": "project", "likes": "likes", "dislikes": "likes",
}
"""Slots whose values replace one another when the user says "only X now" or "I quit X"."""

STOPPED_FOR_HEALTH: dict[str, frozenset[str]] = {
    "health": frozenset({"consumption", "diet"}),
    "likes": frozenset({"health", "consumption", "diet", "routine", "activity"})}
"""Families a cessation read as another family also ends by a shared word: giving something
up for one's health ("Cut out coffee completely, it was wrecking my sleep") reads as health,
and it ends the drink or the diet it names all the same; a habit given up is often read as a
dislike ("ho smesso di fumare"), and it ends the habit it names ("fumo un pacchetto al
giorno")."""


WORKING_LIFE = frozenset({"work", "employer", "occupation"})
"""Families that are one working life: a cessation in one that shares a name or a whole word
with a fact of another ends it ("Mit'm Seehotel is Schluss", read as work, ends "Konditor im
Seehotel", the job); a word that only shares its stem does not ("al bar non ci metto più
piede" ends no job said with "ci andavo a piedi")."""


_SINCE = frozenset({"since", "seit", "depuis", "desde", "dal", "dalla", "dallo", "sinds",
                    "vanaf", "from", "ab"})
"""Words of since when: no part of what a stopping names."""


def cessation_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Facts the user says they stopped ("I quit the gym" → the gym facts), and the undated
    facts that name what was stopped by its name, whatever kind they were read as ("cancelled
    my Crankhouse membership" → "I go to the gym at Crankhouse"). Leaving the job with no
    other object ("I quit", "Ich hab gekündigt") ends the employer held."""
    slot = new.data.get("slot")
    if slot == "employer" and new.data.get("object") == "job":
        return [rec for rec in facts if rec.id != new.id
                and rec.data.get("slot") in ("employer", "occupation")
                and rec.data.get("subject") == new.data.get("subject")]
    family = FAMILIES.get(str(slot))
    new = _the_stopped_part(new)
    words = fold_words(" ".join(str(x) for x in (new.data.get("object"),
                                                 new.data.get("evidence")) if x))
    words -= GENERIC
    when = fold_words(str(new.data.get("temporal_text") or ""))
    words = {w for w in words if w not in DATE_NAMES and w not in _SINCE and w not in when
             and not w.isdigit()}  # ("seit Januar trink ich keinen Alkohol mehr" stops no
    # insurance "bin seit Januar bei der Barmer": when is not what)
    names = proper_names(new)
    name_words = {w for n in names for w in fold_words(n)}
    gone = parted_with(new)  # "vendi o cavaquinho" (read as a project) ends "toco cavaquinho"
    out = []
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") != new.data.get("subject"):
            continue
        other = FAMILIES.get(str(rec.data.get("slot")))
        shared = [w for w in words if any(stem_match(w, t) for t in words_of(rec))]
        employer = fold_words(str(rec.data.get("object") or "")) - GENERIC \
            if rec.data.get("predicate") == "works_at" else set()
        if shared and (other == family or len(shared) >= 2 or gone or
                       other in STOPPED_FOR_HEALTH.get(str(family), ()) or
                       ({other, family} <= WORKING_LIFE and
                        (name_words & set(shared) or words & set(words_of(rec)))) or (
                employer and employer <= set(shared))) and \
                rec.data.get("slot") not in ("people", "event"):
            out.append(rec)  # ("I quit Zara" ends "works at Zara", whatever it was read as)
        elif names and names_in_passing(rec, names) and rec.data.get("slot") != "people" \
                and rec.data.get("stated_from") is None:
            out.append(rec)  # "cancelled my Crankhouse membership, too pricey" ends "I go
            # to the gym at Crankhouse", read as another kind; not a dated plan there
    return out


def _the_stopped_part(new: Record) -> Record:
    """``new`` as only its stopping says it: the part of its clause from the last comma before
    the word of stopping ("the train from Brighton gets me to the clinic in 25 minutes, no
    more standing on that bus" stopped the bus, not Brighton); ``new`` itself when the clause
    has no such comma."""
    lang = str(new.data.get("language") or "en")

    def stopped(said: str) -> str | None:
        found = find_cue("cessation", lang, said)
        cut = -1 if found is None else said.rfind(",", 0, found.start())
        return None if cut < 0 else said[cut + 1:].strip()

    said, held = str(new.data.get("evidence") or ""), str(new.data.get("object") or "")
    part = stopped(said)
    if part is None:
        return new
    # (a remark whose text left the stopping out, "the train from Brighton gets me to the
    # clinic in 25 minutes": what stopped is the part of its evidence)
    what = stopped(held) or (held if held.casefold() in part.casefold() else part)
    return replace(new, data={**new.data, "evidence": part, "object": what})


def parted_with(new: Record) -> bool:
    """Whether a cessation says the user parted with a thing for good ("por fin vendí el
    clarinete", "der Corsa is Geschichte"): once it has ended the held fact, it is history
    too, for what holds now is that the thing is gone and a current question about what the
    user has must not hear it."""
    said = str(new.data.get("evidence") or new.data.get("object") or "")
    return has_cue("parted_with", str(new.data.get("language") or "en"), said)


def stopped_by_name(new: Record) -> bool:
    """Whether a cessation names what was stopped (:func:`proper_names`): then it is history,
    for what holds now is that the named thing is over and a current question must not hear
    its name ("cancelled the Ironbark membership"); a habit stopped with no name ("ho smesso
    di fumare") says the state that holds from then on and stays current."""
    return bool(proper_names(new))


def names_in_passing(rec: Record, names: Sequence[str]) -> bool:
    """Whether a fact names one of ``names`` as a whole word ("need help with an email to my
    boss at Harfang" names Harfang; "Harfangs" is another word)."""
    said = " ".join(str(x) for x in (rec.text, rec.data.get("evidence")) if x)
    return any(re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", said) for name in names)


def said_with_the_ended_value(ended: Record, new: Record,
                              facts: Sequence[Record]) -> list[Record]:
    """The facts read from the same statement as ``ended`` whose value holds its name: they
    end with it. "a Dr.ª Caeiro, a minha médica de família, já sei o que vai dizer" gives
    "The user's doctor is Caeiro" and the clause itself as a fact; when the new doctor takes
    her place, the clause that names her is no current fact either. Only a name ends them (a
    capitalised value or Chinese; or a value of three words or more in small letters, in its
    own statement, for a home or workplace: "The user was late for the user's shift in the
    cafeteria at the hospital" ends the remark read around it, not a home, workplace or event
    said with it), only facts of the same subject whose value is longer
    than the name (what was said around it), and never what the new statement said. A home
    or workplace (:data:`_ONE_PLACE`) also takes the remarks of other statements that name it,
    whatever kind they were read as, dated or not ("j'ai rendu mon badge de Doniambo vendredi",
    "mañana arranco temprano en el estudio Bertolini"), but not a person's fact or an event
    ("went to a gig in Clapham on Saturday" stays what it was)."""
    name = _WHEN_SAID_AFTER.sub("", str(ended.data.get("object") or "")).strip()
    cjk = re.search(r"[\u4e00-\u9fff]", name) is not None
    named = cjk or name[:1].isupper()  # (a phrase in small letters: only its own statement's)
    one_place = ended.data.get("slot") in _ONE_PLACE
    if len(name) < (2 if cjk else 3) or not (
            named or (one_place and len(name.split()) >= _PHRASE_WORDS)):
        return []
    turns = set(ended.data.get("source_turn_ids") or ())
    new_turns = set(new.data.get("source_turn_ids") or ())
    pattern = re.compile(r"(?<!\w)" + re.escape(fold(name)) + r"(?!\w)")
    out = []
    for rec in facts:
        said_in = set(rec.data.get("source_turn_ids") or ())
        value = fold(str(rec.data.get("object") or ""))
        if rec.id not in (ended.id, new.id) and \
                rec.data.get("subject") == ended.data.get("subject") and \
                not new_turns & said_in and value != fold(name) and pattern.search(value) and \
                (named or rec.data.get("slot") not in (*_ONE_PLACE, "event")) and \
                (turns & said_in or (one_place and named and
                                     rec.data.get("slot") not in ("people", "event"))):
            out.append(rec)
    return out


_WHEN_SAID_AFTER = re.compile(r"\s*\((?:from|since) [^()]*\)$")
"""The day a value was said to begin, written after it ("… at the hospital (from 4 January
2026)"): no part of the words the statement said."""

_PHRASE_WORDS = 3
"""The fewest words of a value written in small letters that ends the other facts of its own
statement holding it ("The user was late for the user's shift in the cafeteria at the
hospital" and the remark read from the same sentence around it)."""

_ONE_PLACE = frozenset({"employer", "residence"})
"""Where the user works or lives: one at a time. A remark of any turn that still names the
one left ("es que el depa de la Humboldt está chiquitito", read as something else), dated or
not, is no current fact once the user has moved on (an event there stays what it was); and a
remark may recall one as past by its name (:func:`recalled_targets`)."""


def _value_names(rec: Record) -> set[str]:
    """The folded name words of a workplace or home fact: its value and the names said right
    after it ("trabalho no Café Capivara, no Batel" → café, capivara, batel)."""
    value = str(rec.data.get("object") or "")
    said = str(rec.data.get("evidence") or rec.text)
    words = fold_words(value) if re.search(r"[\u4e00-\u9fff]", value) else \
        {w for name in re.findall(r"[A-ZÀ-Þ][\w'’-]+", value) for w in fold_words(name)}
    at = said.find(value) if value else -1
    if at >= 0:
        after = said[at + len(value):at + len(value) + 20]
        for w in re.findall(r"(?<=[\s,])[A-ZÀ-Þ][\w'’-]{2,}", after):
            words |= fold_words(w)
    return {w for w in words if len(w) > 2} - GENERIC


_OLD = frozenset({"old", "former", "alter", "alte", "altes", "alten", "ancien", "ancienne",
                  "vieux", "vieille", "antiguo", "antigua", "viejo", "vieja", "vecchio",
                  "vecchia", "antigo", "antiga", "oude"})
"""The last word of a :data:`RECALLED_PAST` cue that calls a thing old ("ma vieille", "my
old", "mijn oude"): what it recalls is that thing, said right after it."""

OLD_THING_WORDS = 4
"""Words after "my old" that name the thing recalled ("my old flat in Ancoats")."""


def recalled_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's workplace and home facts a remark recalls as past (:data:`RECALLED_PAST`)
    by a name of their value, and the facts that name a thing held one at a time by the brand
    it names ("I miss my old Honda"): "I used to walk to Harbour Foods" → "works at Harbour Foods",
    "sinto falta do balcão do Batel" → "trabalho no Café Capivara, no Batel", "e eu que
    achava Achada Santo António barulhenta" → "lives in Achada Santo António". Any other
    remark of the user's that names one of its names is recalled too, whatever kind it was
    read as ("echo de menos a la cuadrilla de Somera" → "soy cocinera en un bar de pintxos
    de la calle Somera"). A remark that names no such value ("I miss my mum", "my old friend
    Tom") recalls none; nor is a fact said in the same turn recalled."""
    d = new.data
    if RECALLED_PAST not in d.get("flags", []) or d.get("subject") != USER_SUBJECT:
        return []
    said = str(d.get("evidence") or new.text)
    names = {w for n in proper_names(new) for w in fold_words(n)}
    old = find_cue("recalled_past", str(d.get("language") or "en"), said)
    if old is not None and fold(old.group(0)).split()[-1:] and \
            fold(old.group(0)).split()[-1] in _OLD:
        # "Ma vieille Clio a eu du mal à monter la route de Chamrousse": what is old is the
        # thing it names, not the other places of the clause (the job at Chamrousse holds)
        names &= set(fold_words(" ".join(said[old.end():].split()[:OLD_THING_WORDS])))
    things = named(said)
    if not names and not things:
        return []
    turns = set(d.get("source_turn_ids") or ())
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != USER_SUBJECT or r.get("negated") or \
                r.get("slot") in ("people", "event") or \
                turns & set(r.get("source_turn_ids") or ()):
            continue
        if r.get("slot") in _ONE_PLACE:
            if _value_names(rec) & names:
                out.append(rec)
        elif names and names & {w for n in proper_names(rec) for w in fold_words(n)}:
            out.append(rec)  # "echo de menos a la cuadrilla de Somera" → "soy cocinera en un
            # bar de la calle Somera", whatever kind that clause was read as
        elif things and any(
                {w for b in things.get(kind, ()) for w in b.split()} &
                {w for b in brands for w in b.split()}
                for kind, brands in named(str(r.get("evidence") or rec.text)).items()):
            out.append(rec)  # "I miss my old Honda" → "I drive a Honda Civic"
    return out


def only_recalls(new: Record, recalled: Sequence[Record]) -> bool:
    """Whether a remark that recalls ``recalled`` says nothing that holds now: it is history
    itself. A new workplace or home said in the same clause ("da quando sono alla cantina
    sociale di Neive …, alla Bricco Rosso ci andavo a piedi") holds on."""
    d = new.data
    if d.get("slot") not in _ONE_PLACE:
        return True
    value = fold_words(str(d.get("object") or ""))
    return any(value & _value_names(rec) for rec in recalled)


def switched_to_named_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """A switch that names only where the user went ("ik ben overgestapt naar Volley
    Drongen", "I switched to Bouldersmith", "je suis passé chez Crossfit Nord"): the user's
    held facts of the same kind that name another place or club end ("training bij VC
    Sint-Amandsberg"); those that name none ("I play volleyball") or the same one stay."""
    d = new.data
    family = FAMILIES.get(str(d.get("slot")))
    said = str(d.get("evidence") or d.get("object") or "")
    if family is None or family in ("likes", "project", "work", "people", "event") or \
            d.get("switched_from") or d.get("negated") or \
            not has_cue("switch", str(d.get("language") or "en"), said):
        return []
    going = {fold(n) for n in proper_names(new)}
    if not going:
        return []
    out = []
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") != d.get("subject") or \
                FAMILIES.get(str(rec.data.get("slot"))) != family or rec.data.get("context"):
            continue
        held = {fold(n) for n in proper_names(rec) if len(n) >= 3}
        if held and not held & going:
            out.append(rec)
    return out


def switched_from_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Facts about the old value a change names ("switched from piano to cello" → the piano
    facts): the same subject's facts that share one of its words, whatever their slot (the
    piano was a hobby, the cello may be read as music)."""
    old = str(new.data.get("switched_from") or "")
    words = fold_words(old) - GENERIC
    if not words:
        return []
    out = []
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") != new.data.get("subject") or \
                rec.data.get("slot") in ("people", "event"):
            continue
        if re.search(r"[\u4e00-\u9fff]", old):
            said = " ".join(str(x) for x in (rec.text, rec.data.get("evidence")) if x)
            if old in said:
                out.append(rec)
        elif any(stem_match(w, t) for w in words for t in words_of(rec)):
            out.append(rec)
    return out


def replaced_in_the_same_turn(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Facts of the same turn and kind as ``new`` when one of the two stops something and the
    other is a change ("le lait de vache, c'est fini" beside "je ne prends plus que du lait
    d'avoine"): the new value says what holds, the stopped one is history."""
    family = FAMILIES.get(str(new.data.get("slot")))
    turns = set(new.data.get("source_turn_ids", []))
    if family is None or not turns:
        return []
    stops = bool(new.data.get("cessation"))

    def alike(rec: Record) -> bool:  # ("ho smesso con il calcetto", read as health, beside
        # "adesso il martedì faccio padel": the stopping is of what the change replaces)
        other = FAMILIES.get(str(rec.data.get("slot")))
        stopping = new if stops else rec
        return other == family or FAMILIES.get(str(stopping.data.get("slot"))) == "health"

    return [rec for rec in facts
            if rec.id != new.id and turns & set(rec.data.get("source_turn_ids", []))
            and alike(rec)
            and rec.data.get("subject") == new.data.get("subject")
            and bool(rec.data.get("cessation")) != stops
            and (stops or new.data.get("is_change") or new.data.get("exclusive"))
            and (not stops or rec.data.get("is_change") or rec.data.get("exclusive"))]


def exclusive_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Facts of the same kind with another value, ended by "only X now": those that share
    less than half of the new statement's words."""
    family = FAMILIES.get(str(new.data.get("slot")))
    if family is None or family in ("likes", "project", "work"):
        return []
    words = value_words(str(new.data.get("object", "")))
    verb = _leading_word(str(new.data.get("object", "")))
    if verb is not None and len(str(new.data.get("object", "")).split()) > 1:
        words.discard(verb)  # "trinke nur noch Tee", "solo tomo té": the verb is no value
    out = []
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") != new.data.get("subject") or \
                FAMILIES.get(str(rec.data.get("slot"))) != family or \
                (rec.data.get("context") and new.data.get("context")):
            continue  # "only tea now" ends coffee in the mornings too, not "only at work"
        own = words_of(rec)
        shared = [w for w in words if any(stem_match(w, t) for t in own)]
        if len(shared) * 2 < max(len(words), 1):
            out.append(rec)
    return out


def replaced_thing_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The facts a new thing of a kind ends (``new`` flagged :data:`NEW_OF_ITS_KIND`): the
    same subject's open facts that name a thing of that kind by its brand, none of the
    brands ``new`` names. "e o celular novo chegou: um Galaxy S24" ends "meu iPhone tá
    morrendo às 3 da tarde"; "ik doe alles nu in Procreate" ends "ik werk in Photoshop";
    "my new Pixel" leaves "my Pixel keeps crashing" (the same phone, said again). A fact
    said in a context ("at work") ends only with a new thing said in the same one; a dated
    fact (valid until a day) has ended already.

    A thing gone (``new`` flagged :data:`GONE_OF_ITS_KIND`: "someone nicked my bike",
    whoever its subject) ends the user's facts that name their thing of that kind
    (:func:`_gone_with`)."""
    d = new.data
    flags = d.get("flags", [])
    new_kinds = _flagged(flags, NEW_OF_ITS_KIND)
    gone_kinds = _flagged(flags, GONE_OF_ITS_KIND)
    if not new_kinds and not gone_kinds:
        return []
    own = named(" ".join(str(x) for x in (d.get("evidence"), d.get("text")) if x))
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("valid_to") is not None:
            continue
        theirs = named(" ".join(str(x) for x in (rec.text, r.get("evidence")) if x))
        replaced = r.get("context") == d.get("context") and \
            r.get("subject") == d.get("subject") and \
            any(theirs.get(k) and not theirs[k] & own.get(k, set()) for k in new_kinds)
        if replaced or _gone_with(new, rec, gone_kinds, own, theirs):
            out.append(rec)
    return out


def _gone_with(gone: Record, rec: Record, kinds: Sequence[str], own: dict[str, set[str]],
               theirs: dict[str, set[str]]) -> bool:
    """Whether the user's fact ``rec`` names the thing that ``gone`` says is stolen or lost:
    the one of ``kinds`` it names by brand (``own``: "they stole my Raleigh"), else any of
    them ("somebody nicked my bike" ends "chain came off my Raleigh again"). A theft said
    with no context ends it in every context (a bike stolen is gone on the way home and at
    work alike); one said in a context, only there."""
    if rec.data.get("subject") != USER_SUBJECT or \
            gone.data.get("context") not in (None, rec.data.get("context")):
        return False
    return any(theirs.get(k) and (not own.get(k) or theirs[k] & own[k]) for k in kinds)


def _flagged(flags: Sequence[str], prefix: str) -> list[str]:
    """The kinds ``flags`` name after ``prefix`` ("new_of_its_kind:phone" → "phone")."""
    return [f[len(prefix):] for f in flags if f.startswith(prefix)]


_PART = re.compile(r"[,;:，；：]")
"""What divides a statement into its parts."""


def _adds_one_more(said: str) -> bool:
    """Whether a change adds a value to the ones held ("now I also go climbing", "adesso
    faccio anche yoga", "我现在也游泳"), read in the part of the statement that says what holds
    now: "ormai vado in ufficio sempre in bici, mi son presa pure la mantella" is the bike
    instead of the car (the "pure" is about the raincoat bought), "now I cycle to work,
    and I got a rain jacket too" the same. A now-word said alone goes with the part after
    it ("now, I also climb"); a statement with no now-word is read whole."""
    parts: list[str] = []
    for part in _PART.split(said):
        if parts and _alone(parts[-1]):
            parts[-1] = f"{parts[-1]}, {part}"
        else:
            parts.append(part)
    now = [p for p in parts if NOW.search(p)]
    return any(AS_WELL.search(p) for p in now or [said])


def _alone(part: str) -> bool:
    """Whether a part of a statement is a word or two said alone ("now", "e ormai", "现在")."""
    return len(part.split()) <= 2 and len(part.strip()) <= 12


def _sport_now(new: Record, old: Record) -> bool:
    """A sport said as what the user does now ("现在是游泳派", "these days I swim") after
    another sport: the user moved from one to the other."""
    said = str(new.data.get("evidence") or new.data.get("object") or "")
    return new.data.get("slot") == old.data.get("slot") == "exercise" and \
        bool(NOW.search(said))


_FRAMED_TOGETHER = {"music": ("activity",), "activity": ("music",)}
"""Kinds one frame may hold both of: playing in a band is read as music or as a hobby ("in
the band I now play the sax" replaces "I play bass in a band" whichever it was read as)."""


def replacement_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """A change said in the same frame ("in the band I now play the sax" after "I play bass
    in a band"): same kind, shared frame words, a value the old fact lacks."""
    family = FAMILIES.get(str(new.data.get("slot")))
    if family is None or family in ("likes", "project", "work", "residence", "employer",
                                    "occupation"):
        return []
    if _adds_one_more(str(new.data.get("evidence") or new.data.get("object") or "")):
        return []  # "now I also go climbing": one more, not another
    words = value_words(str(new.data.get("object", "")))
    kinds = {family, *_FRAMED_TOGETHER.get(family, ())}
    out = []
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") != new.data.get("subject") or \
                FAMILIES.get(str(rec.data.get("slot"))) not in kinds or rec.data.get("context"):
            continue
        own = {w for w in words_of(rec) - GENERIC if not re.fullmatch(r"\d+\w?", w)}
        shared = {w for w in words if any(stem_match(w, t) for t in own)}
        if family in _ONE_WAY_AT_A_TIME and not shared and words:
            out.append(rec)  # "I take the metro now" after "I cycle to work"
        elif not shared and words and _sport_now(new, rec):
            out.append(rec)  # "现在是游泳派" after "每个星期天早上都跑"
        elif shared and words - shared and own - {t for t in own
                                                  if any(stem_match(t, w) for w in words)}:
            out.append(rec)
    return out


_AMOUNT = re.compile(r"(?i)(?<![\w.:/-])(?P<n>\d{1,2}|" + "|".join(
    sorted((w for w in AMOUNT_WORDS if not re.search(r"[\u4e00-\u9fff]", w)), key=len,
           reverse=True)) + r")\s+(?P<unit>[^\W\d_]{3,})")
"""A count and the word it counts ("drie scheppen", "2 coffees", "three times")."""


def _amounts(text: str) -> dict[str, int]:
    """The counted things of a statement, each by its word and count: "zit met mijn thee,
    drie scheppen suiker" → {"scheppen": 3}."""
    return {m["unit"].casefold(): int(m["n"]) if m["n"].isdigit()
            else AMOUNT_WORDS[m["n"].casefold()] for m in _AMOUNT.finditer(text)}


_COUNTED_ALIKE: dict[str, str] = {"diet": "consumption"}
"""Families whose counts are of the same things: "je mets un sucre seulement" may read as
the diet or as the drink "trois sucres dans mon café" was read as; the sugar counted is
the same, and the new count ends the old one either way."""


def _counted_family(slot: object) -> str | None:
    family = FAMILIES.get(str(slot))
    return _COUNTED_ALIKE.get(family, family) if family is not None else None


def amount_change_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The facts a new amount of the same thing ends, said as a change: same subject and
    kind, the same counted word (or its stem) with another count. "nu nog maar één schep in
    de thee" ends "drie scheppen suiker in mijn thee", "now I only have two coffees a day"
    ends "four coffees a day"; "three coffees" leaves "two beers" (another thing)."""
    d = new.data
    family = _counted_family(d.get("slot"))
    if family is None or family in ("likes", "project", "work", "residence", "employer",
                                    "occupation") or d.get("context") or d.get("one_off"):
        return []
    counted = _amounts(str(d.get("evidence") or d.get("object") or ""))
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != d.get("subject") or \
                _counted_family(r.get("slot")) != family or r.get("context") or \
                r.get("valid_to") is not None:
            continue
        theirs = _amounts(str(r.get("evidence") or r.get("object") or ""))
        if any(stem_match(unit, old_unit) and n != old_n
               for unit, n in counted.items() for old_unit, old_n in theirs.items()):
            out.append(rec)
    return out


_ONE_WAY_AT_A_TIME = frozenset({"commute"})
"""Kinds whose frame is the kind itself: a way of getting to work said as a change ("I take
the metro now") replaces the way held before ("I cycle to work") with no word in common."""


def habit_of(new: Record, facts: Sequence[Record]) -> Record | None:
    """The standing fact of the same kind that a one-off deviates from."""
    family = FAMILIES.get(str(new.data.get("slot")))
    if family is None:
        return None
    for rec in sorted(facts, key=lambda r: -r.occurred_at):
        if rec.id != new.id and rec.data.get("subject") == new.data.get("subject") and \
                FAMILIES.get(str(rec.data.get("slot"))) == family and \
                not rec.data.get("one_off"):
            return rec
    return None


def _leading_word(text: str) -> str | None:
    """The first content word of a value said as a clause ("Ahora solo tomo té" → "tomo",
    "trinke jetzt nur noch Tee" → "trinke"): in a clause that starts with its verb (the
    subject left out, or said before it), that is the verb."""
    if re.search(r"[\u4e00-\u9fff]", text):
        return None
    content = fold_words(text) - GENERIC
    for token in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text):
        folded = next(iter(fold_words(token)), None)
        if folded is not None and folded in content:
            return folded
    return None


@cache
def _sports_pattern(lang: str) -> re.Pattern[str] | None:
    """The sports of :data:`SPORTS` in ``lang``, whole words in any case (Chinese: as said)."""
    words = SPORTS.get(lang)
    if not words:
        return None
    body = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(body if lang == "zh" else r"(?i)(?<![\w-])(?:" + body + r")(?![\w-])")


def sports_named(text: str, lang: str) -> set[str]:
    """The sports ``text`` names, folded ("speelt voetbal bij Berchem Sport" → {"voetbal"})."""
    pattern = _sports_pattern(lang)
    return {fold(m[0]) for m in pattern.finditer(text)} if pattern is not None else set()


_NO_MEAT = re.compile(
    r"(?i)(?<!\w)(?:vegetari\w*|vegan\w*|végétarien\w*|végane?s?|vegetarisch\w*|"
    r"vegetariër|vega)(?!\w)|吃素|素食")
"""Words of eating no meat ("ormai sono vegetariana", "ik ben nu helemaal vegetarisch",
"我现在吃素了")."""
_MEAT = re.compile(r"(?i)(?<!\w)(?:meat|fleisch\w*|viande|carne|carnes|vlees|gehaktbal\w*)"
                   r"(?!\w)|肉")
_NOT = re.compile(r"(?i)(?<!\w)(?:no|not|never|kein\w*|nie|pas|plus|jamais|sin|sem|nunca|"
                  r"non|nn|mai|geen|niet|nooit)(?!\w)|不|没")


def meat_eaten_before_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """What the user said they ate of meat before, once they say they eat none now ("ormai
    sono vegetariana" ends "la carne la mangio solo la domenica" and "…quasi tutti i
    giorni"), whatever kind either was read as: the habit ended (it stays in the history). A
    statement that already says no meat ("unter der Woche gibt's Gemüse, kein Fleisch"), a
    wish or a supposition ends nothing."""
    d = new.data
    lang = str(d.get("language") or "en")
    said = str(d.get("evidence") or new.text)
    if d.get("subject") != USER_SUBJECT or d.get("negated") or d.get("context") or \
            d.get("one_off") or not _NO_MEAT.search(said) or \
            has_cue("wanting", lang, said) or has_cue("hypothetical", lang, said):
        return []
    return [rec for rec in facts
            if rec.id != new.id and rec.data.get("subject") == USER_SUBJECT and
            not rec.data.get("negated") and rec.data.get("valid_to") is None and
            rec.occurred_at < new.occurred_at and
            _MEAT.search(said_in := str(rec.data.get("evidence") or rec.text)) is not None and
            not _NOT.search(said_in) and not _NO_MEAT.search(said_in)]


def someone_elses_sport_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The sport someone else did before, once the user says they do another now: "Lowie
    doet nu judo bij Judoclub Ippon" ends "Mijn zoon Lowie speelt voetbal bij Berchem Sport",
    "Leo does judo now" ends "My son Leo plays football", whatever kind either was read as.
    The new sport must be said as what holds now (:data:`NOW`, a change cue); "now also
    judo", a sport wanted, the user's own sport, another person's and the same sport said
    again end nothing."""
    d = new.data
    who = str(d.get("subject") or "")
    lang = str(d.get("language") or "en")
    said = str(d.get("evidence") or new.text)
    if who in ("", USER_SUBJECT) or d.get("negated") or d.get("one_off") or \
            d.get("context") or AS_WELL.search(said) or has_cue("wanting", lang, said) or \
            has_cue("hypothetical", lang, said) or \
            not (NOW.search(said) or has_cue("start", lang, said) or has_cue("switch", lang, said)):
        return []
    now = sports_named(said, lang)
    if not now:
        return []
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("negated") or str(r.get("predicate", "")).startswith("has_") \
                or rec.occurred_at > new.occurred_at or r.get("valid_to") is not None or \
                not one_person(str(r.get("subject") or ""), who, facts):
            continue
        before = sports_named(str(r.get("evidence") or rec.text), str(r.get("language") or lang))
        if before and not before & now:
            out.append(rec)
    return out
