"""How a new statement changes the facts already held, beyond one-to-one contradictions.

Pure functions over fact records (validation applies what they return):

* :func:`retraction_targets` — "forget what I said about X": every fact about X. A topic
  naming a person *and* something else ("Kees and the moonlighting") means that thing about
  that person; a topic that is only a person means everything about them; a topic naming
  two people ("Kim and Derek") means what went on between them, not how each is related to
  the user;
* :func:`correction_targets` — "…, not Friday" / "I meant X": the facts that said the old
  value (they never held; their corrected copy is written by :func:`corrected_text`);
* :func:`restated_target` — "errei, a festa vai ser em Braga": the festa said before;
* :func:`rescheduled_target` — "the dinner was moved to Sunday": the dinner on Saturday;
* :func:`cessation_targets` — "I quit X", "no more X": facts of the same kind about X end,
  and the undated ones that call X by its name; :func:`stopped_by_name` — "cancelled the
  Ironbark membership" names what stopped, so the statement itself is history;
* :func:`switched_from_targets` — "switched from piano to cello": the facts about the piano
  end; :func:`home_left` / :func:`former_home` — "we moved from Leeds to York": the home in
  Leeds ends at the move, and is recorded as the former home when nothing held says it;
* :func:`switched_to_named_targets` — "overgestapt naar Volley Drongen": the club of the
  same kind held under another name ends;
* :func:`relative_home_targets` — "my dad finally moved to Oviedo": where he lived before
  ("my dad Ramón lives alone in Mieres") ends, not the user's home;
* :func:`exclusive_targets` — "only X now": the kind's other values end;
* :func:`replaced_thing_targets` — "the new phone arrived: a Galaxy": the facts that name
  another phone (:mod:`lucidmem.facts.one_at_a_time`) end;
* :func:`attended_place_targets` — "Tom started at Hillside Academy": the facts that put
  the same person at another school (studies, class, place volunteered at) end;
* :func:`own_earlier_role_targets` — "I'm the head chef at Rosewood now": the user's
  earlier role at Rosewood ("I'm a sous-chef at Rosewood") ends;
* :func:`other_rate_targets` — "my 60% was accepted": the facts that say another working
  rate ("I asked to go from 80% to 60%", "I work 80%") end;
* :func:`relation_change_targets` — "Larissa is now my fiancée": her earlier relation ends;
  "we broke up": the partner ends;
* :func:`replaced_role_holder_targets` — "my new supervisor is Prof. Lang": what was said of
  the supervisor before ("The user's supervisor Helena (people): wants a chapter") ends;
* :func:`habit_of` — the standing fact a one-off ("just today I took the train") deviates
  from.

Words are compared folded and accent-free, with a shared stem ("quitting" ~ "quit",
"zwartwerken" ~ "zwart"); Chinese by character pairs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from functools import cache

from lucidmem.clock import from_epoch
from lucidmem.facts.cue_lexicon import (
    AMOUNT_WORDS,
    ATTENDED_PLACES,
    CANTEEN_NOUNS,
    HOME_NOUNS,
    ORDINAL_SUFFIX,
    ORDINAL_WORDS,
    ROLE_HOLDERS,
    WEEKLY,
    WORK_RELATION_NOUNS,
    WORKING_RATE_UNITS,
    WORKING_VERBS,
    cue_pattern,
    has_cue,
)
from lucidmem.facts.entities import fold, relation_word
from lucidmem.facts.model import NEW_OF_ITS_KIND, UNNAMED_PARTNER, USER_SUBJECT
from lucidmem.facts.one_at_a_time import named
from lucidmem.facts.people import is_given_name
from lucidmem.facts.render import content_words, date_text
from lucidmem.facts.temporal import zone
from lucidmem.facts.temporal_lexicon import HOLIDAYS, MONTHS, WEEKDAYS, said_weekday
from lucidmem.facts.temporal_patterns import Days, Granularity
from lucidmem.records import Record

__all__ = [
    "FAMILIES",
    "UNKNOWN_START",
    "amount_change_targets",
    "attended_kinds",
    "attended_place_targets",
    "cessation_targets",
    "corrected_day",
    "corrected_text",
    "correction_targets",
    "exclusive_targets",
    "former_home",
    "habit_of",
    "home_left",
    "last_dated",
    "leaves_only",
    "local_day",
    "meaning_candidates",
    "other_rate_targets",
    "other_workplace_targets",
    "own_earlier_role_targets",
    "people_in_topic",
    "proper_names",
    "relation_change_targets",
    "relative_home_targets",
    "replaced_in_the_same_turn",
    "replaced_role_holder_targets",
    "replaced_thing_targets",
    "replacement_targets",
    "rescheduled_target",
    "restated_target",
    "retraction_by_meaning",
    "retraction_targets",
    "right_name",
    "shifted_locally",
    "stopped_by_name",
    "switched_from_targets",
    "switched_to_named_targets",
    "topic_of",
    "with_name",
    "words_of",
    "working_rates",
]

FAMILIES: dict[str, str] = {
    "exercise": "activity", "hobby": "activity", "drink": "consumption",
    "food": "consumption", "diet": "diet", "health": "health", "commute": "commute",
    "music": "music", "tech": "tech", "language": "language", "routine": "routine",
    "work": "work", "employer": "employer", "residence": "residence",
    "occupation": "occupation", "project": "project", "likes": "likes", "dislikes": "likes",
}
"""Slots whose values replace one another when the user says "only X now" or "I quit X"."""

_TOPIC_NOISE = re.compile(
    r"(?i)\b(?:erzählt|gesagt|geschrieben|told you|said|mentioned|je t'ai dit|j'ai dit|dit|"
    r"te conté|te dije|conté|dije|ti ho detto|detto|te contei|te disse|contei|gezegd|verteld|"
    r"zei|habe|hab|heb|ich|dir|que|che|pls|plz|please|bitte|por favor|per favore|"
    r"s'il te plaît|stp|alsjeblieft|alsjeblief|pf)\b|我说的|我跟你说的|我告诉你的|那件事|的事|"
    r"当我没说过?|别记了?|不要记|忘了吧?|忘掉|删掉|我\s*说|跟你说")
_MONTH_OR_DAY = "|".join(sorted({*MONTHS, *WEEKDAYS}, key=len, reverse=True))
_WHEN_SAID = re.compile(
    r"(?i)(?:\b(?:back|earlier|way back|damals)\s+)?"
    r"\b(?:(?:in|on|im|am|en|au|mois d'|a|em|op|last|this|le|el|il|o)\s+)?"
    r"(?:(?:" + _MONTH_OR_DAY + r")\b|(?:last|the other)\s+(?:time|day|week|month)\b|"
    r"(?:letztes|letzte|neulich)\s+(?:mal|woche|monat)\b|la dernière fois|la última vez|"
    r"l'ultima volta|da última vez|(?:de\s+)?vorige\s+keer|het laatst|neulich|l'autre jour|"
    r"el otro día|l'altro giorno|(?:no\s+)?outro dia|laatst)|上次|上回|那天|前几天|之前")
"""When the retracted thing was said ("my salary back in April", "was ich dir neulich
erzählt habe", "上次"): not what it was about, so no name and no word to match."""


def _without_noise(said: str) -> str:
    """A retraction's words without when it was said and the words around its topic."""
    return _TOPIC_NOISE.sub(" ", _WHEN_SAID.sub(" ", said))


_CONJUNCTION = re.compile(r"(?i)\s+(?:and|und|et|y|e|en|i)\s+|\s*[,和与跟]\s*")


def _fold_words(text: str) -> set[str]:
    return content_words([text])


def _stem_match(a: str, b: str) -> bool:
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
    return _fold_words(" ".join(str(x) for x in (record.text, d.get("object"),
                                                 d.get("evidence")) if x))


def _overlaps(words: set[str], target: set[str]) -> bool:
    """Whether ``target`` holds a word of ``words``. Chinese words are pairs of characters
    (:func:`content_words`), and one pair is often a name said in passing ("跟美玲决定换车了"
    shares only 美玲 with "美玲怀孕"), so a topic of Chinese pairs needs half of its pairs,
    at least one."""
    cjk = {w for w in words if re.search(r"[\u4e00-\u9fff]", w)}
    if cjk:
        shared = len(cjk & target)
        if shared < max(1, -(-len(cjk) // 2)):
            return any(_stem_match(w, t) for w in words - cjk for t in target)
        return True
    return any(_stem_match(w, t) for w in words for t in target)


def _mentions(record: Record, name: str) -> bool:
    key = fold(name)
    d = record.data
    if key in (fold(str(d.get("subject", ""))), fold(str(d.get("object", "")))):
        return True
    text = " ".join(str(x) for x in (record.text, d.get("evidence")) if x)
    return re.search(r"(?i)(?<!\w)" + re.escape(name) + r"(?!\w)", text) is not None


def _relation_to(record: Record, names: Iterable[str]) -> bool:
    """Whether ``record`` says how one of ``names`` is related ("The user's sister is Kim")."""
    d = record.data
    return relation_word(str(d.get("predicate", ""))) is not None and \
        fold(str(d.get("object", ""))) in {fold(n) for n in names}


def people_in_topic(topic: str, people: Iterable[str]) -> list[str]:
    """The known people (``people``: names and relations held) a retraction's topic names:
    "what I told you about Kim and Derek" → Kim, Derek; "之前跟你说老王想去外地工作那个事" →
    老王."""
    cleaned = _without_noise(topic)
    known = {fold(p): p for p in people}
    names = [known[fold(w)] for w in re.findall(r"[\w'-]+", cleaned) if fold(w) in known]
    if re.search(r"[\u4e00-\u9fff]", cleaned):
        names += [n for n in known.values() if n in cleaned]
    return names


def meaning_candidates(topic: str, facts: Sequence[Record],
                       people: Iterable[str]) -> list[Record]:
    """The facts a retraction may take back by meaning (:func:`retraction_by_meaning`) when
    none shares a word with its topic: every fact, or, when the topic names people the user
    has told about ("forget what I said about Lao Wang's job plans"), only what is said of
    them — never the relation itself ("The user's husband is 老王") and never a fact about
    someone else or nobody (the son's skating class)."""
    names = people_in_topic(topic, people)
    if not names:
        return list(facts)
    return [rec for rec in facts
            if any(_mentions(rec, n) for n in names) and not _relation_to(rec, names)]


def retraction_targets(topic: str, facts: Sequence[Record], people: Iterable[str]) -> list[Record]:
    """The facts "forget what I said about ``topic``" takes back (see the module docstring)."""
    cleaned = _without_noise(topic)
    known = {fold(p) for p in people}
    parts = [p.strip(" .,;") for p in _CONJUNCTION.split(cleaned) if p.strip(" .,;")]
    names = people_in_topic(topic, people)
    names += [w for w in re.findall(r"(?<![\w])[A-ZÀ-Þ][\w-]+", cleaned)
              if fold(w) not in known and fold(w) not in ("ich", "i")]
    rest = _fold_words(" ".join(parts))
    for name in names:
        rest -= _fold_words(name)
    if len({fold(n) for n in names}) > 1:
        # "forget what I told you about Kim and Derek": what went on between them, not that
        # Kim is the user's sister
        facts = [rec for rec in facts if not _relation_to(rec, names)]
    if not rest:
        return [rec for rec in facts if any(_mentions(rec, n) for n in names)]

    def said(rec: Record, words: set[str]) -> bool:
        return _overlaps(rest, words) and (not names or any(_mentions(rec, n) for n in names))

    # what the fact states first; the user's whole clause only when no fact states the topic
    # ("forget what I told you about the fish" takes back "eats fish sometimes", not
    # "is vegetarian", although both were read from "I'm vegetarian, but I eat fish sometimes")
    stated = [rec for rec in facts if said(rec, _fold_words(" ".join(
        str(x) for x in (rec.text, rec.data.get("object")) if x)))]
    return stated or [rec for rec in facts if said(rec, words_of(rec))]


RETRACT_MIN_RELEVANCE = 0.6
"""Relevance (:mod:`lucidmem.facts.relevance`) from which a fact is what "forget what I said
about X" means when no word of X is in any fact ("mein Gehalt" → "verdiene 4200 Euro im
Monat")."""

RETRACT_MARGIN = 0.1
"""Facts this close to the most relevant one go with it."""

RETRACT_SIBLING_RELEVANCE = 0.3
"""A fact said in the same turn as a retracted one goes too from this relevance on."""


def topic_of(said: str) -> str:
    """A retraction's topic without the words around it ("mein Gehalt erzählt habe" →
    "mein Gehalt"): what to compare facts with."""
    return re.sub(r"\s{2,}", " ", _without_noise(said)).strip(" ,.;") or said


def retraction_by_meaning(relevance: dict[str, float], facts: Sequence[Record], *,
                          least: float = RETRACT_MIN_RELEVANCE,
                          margin: float = RETRACT_MARGIN,
                          sibling: float = RETRACT_SIBLING_RELEVANCE) -> list[Record]:
    """The facts a retraction's topic means when none shares a word with it: the most
    relevant fact if it reaches ``least``, the facts within ``margin`` of it, and the facts
    said in the same turn as those that reach ``sibling`` ("ich hab eine Gehaltserhöhung
    bekommen" beside the salary). Nothing when no fact is relevant enough: a retraction never
    guesses."""
    scored = [(relevance.get(f.id, -1.0), f) for f in facts]
    best = max((score for score, _ in scored), default=-1.0)
    if best < least:
        return []
    chosen = [f for score, f in scored if score >= best - margin]
    turns = {str(t) for f in chosen for t in f.data.get("source_turn_ids", [])}
    chosen += [f for score, f in scored if f not in chosen and score >= sibling
               and turns & {str(t) for t in f.data.get("source_turn_ids", [])}]
    return chosen


def local_day(rec: Record, epoch: float) -> date:
    """The day ``epoch`` falls on where the fact was said (its turn's ``timezone``): a
    fact's day starts at local midnight, which is the day before in UTC east of Greenwich."""
    where = zone((rec.data.get("source_metadata") or {}).get("timezone")) or UTC
    return from_epoch(epoch).astimezone(where).date()


def shifted_locally(rec: Record, epoch: float, days: int) -> float:
    """``epoch`` moved by ``days`` calendar days where the fact was said: the same local time
    of day on the new day, across a change of summer time (86,400 s a day is not)."""
    where = zone((rec.data.get("source_metadata") or {}).get("timezone")) or UTC
    local = from_epoch(epoch).astimezone(where)
    moved = datetime.combine(local.date() + timedelta(days=days), local.timetz().replace(
        tzinfo=None), tzinfo=where)
    return moved.timestamp()


def _stated_day(rec: Record) -> date | None:
    stated = rec.data.get("stated_from")
    return None if stated is None else local_day(rec, float(stated))


def correction_targets(old_value: str, new: Record, facts: Sequence[Record]) -> list[Record]:
    """Facts that stated ``old_value`` ("Friday", "34", "Bremen"), the most related first:
    the same subject and slot before others. A weekday or a day of the month names the dated
    fact on that day ("nicht am Dienstag" → the appointment on Tuesday 31 March)."""
    numbers = re.findall(r"\d+", old_value)
    words = _fold_words(old_value)
    if not words and not numbers:
        return []
    weekday = said_weekday(old_value)
    if (ordinal := _as_numeral(old_value)) is not None:
        words, numbers = set(), [ordinal]
    found = []
    stated: set[str] = set()
    for rec in facts:
        if rec.id == new.id:
            continue
        day = _stated_day(rec)
        if day is not None and ((weekday is not None and day.weekday() == weekday) or (
                numbers and not words - set(numbers) and str(day.day) in numbers)):
            found.append(rec)
            stated.add(rec.id)
            continue
        said = " ".join(str(x) for x in (rec.text, rec.data.get("temporal_text")) if x)
        if _states(said, words, numbers):
            found.append(rec)
            stated.add(rec.id)
        elif _states(str(rec.data.get("evidence") or ""), words, numbers) and \
                not str(rec.data.get("predicate", "")).startswith("has_"):
            # the user's clause said it, the fact's sentence does not; a relation ("my
            # brother is Jonas") is never what "…, not Bremen" takes back
            found.append(rec)
    if stated:
        found = [r for r in found if r.id in stated]
    subject, slot = new.data.get("subject"), new.data.get("slot")
    found.sort(key=lambda r: (r.data.get("subject") != subject, r.data.get("slot") != slot,
                              -r.occurred_at))
    same = [r for r in found if r.data.get("subject") == subject] or found
    return same


def _as_numeral(value: str) -> str | None:
    """The pattern of the numeral an ordinal word said alone stands for: "second" →
    "2nd", "2." or "2e" ("THIRD grade not second" takes back "is in 2nd grade"); ``None``
    for anything else, and for a weekday ("segunda", "quinta"). An article may stand before
    it ("der zweiten", "het tweede"); a numeral that ends the fact needs no ending ("ist in
    der 2")."""
    said = value.strip(" .,!?;:").lower().split()
    if not said or len(said) > 2 or (len(said) == 2 and len(said[0]) > 3):
        return None
    number = ORDINAL_WORDS.get(said[-1])
    if number is None or said_weekday(said[-1]) is not None:
        return None
    return rf"{number}(?:{ORDINAL_SUFFIX}(?!\w)|$)"


def restated_target(new: Record, facts: Sequence[Record]) -> Record | None:
    """The fact a correction that restates its thing takes back ("errei, a festa vai ser em
    Braga" → the festa in Porto): a fact of the same subject, no relation, that shares a word
    of four letters or more with the correction's clause; the one sharing most, then the one
    said last. ``None`` when nothing held is about the same thing."""
    words = {w for w in _fold_words(str(new.data.get("evidence") or new.text))
             if len(w) >= 4 or re.search(r"[\u4e00-\u9fff]", w)} - _GENERIC
    best: Record | None = None
    most = 0
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") != new.data.get("subject") or \
                str(rec.data.get("predicate", "")).startswith("has_"):
            continue
        theirs = words_of(rec)
        shared = sum(1 for w in words if any(_stem_match(w, t) for t in theirs))
        if shared and (shared > most or (shared == most and best is not None
                                         and rec.occurred_at >= best.occurred_at)):
            best, most = rec, shared
    return best if best is not None else _restated_in_passing(new, facts)


def _names_beside(text: str, person: str) -> set[str]:
    """The names ``text`` says besides ``person``'s, not its first word ("a maggio vado a
    trovare mia figlia Giorgia a Bologna" → {"Bologna"} beside Giorgia)."""
    return {fold(m.group(0)) for m in _NAME_RUN.finditer(text)
            if m.start() > 0 and fold(m.group(0)) != fold(person)
            and said_weekday(m.group(0)) is None and fold(m.group(0)) not in MONTHS}


def _restated_in_passing(new: Record, facts: Sequence[Record]) -> Record | None:
    """The user's own fact that said a person's place or name in passing, which a correction
    about that person restates ("a maggio vado a trovare mia figlia Giorgia a Bologna", then
    "che cavolata ho scritto, Giorgia sta a Parma"): the one said last that names the person
    and another name than the correction's. ``None`` when the correction is about the user,
    or names nothing besides the person."""
    person = str(new.data.get("subject") or "")
    if person == USER_SUBJECT or not person:
        return None
    said = str(new.data.get("evidence") or new.text)
    right = _names_beside(said, person)
    if not right:
        return None
    found = [rec for rec in facts
             if rec.id != new.id and rec.data.get("subject") == USER_SUBJECT
             and not str(rec.data.get("predicate", "")).startswith("has_")
             and _mentions(rec, person)
             and (_names_beside(str(rec.data.get("evidence") or rec.text), person) - right)]
    return max(found, key=lambda r: r.occurred_at, default=None)


_WRITTEN_DAY = re.compile(r"\b\d{1,2} [A-Z][a-z]+ \d{4}\b")


def rescheduled_target(new: Record, facts: Sequence[Record]) -> Record | None:
    """The dated fact an event moved to another day replaces ("das Teamessen wurde auf
    Montag verschoben" → the team dinner on Friday): the one about the same thing, else the
    one said last with a day; only a fact that names a day (a stated one or one written in
    its sentence)."""
    found = restated_target(new, facts) or next(iter(last_dated(new, facts)), None)
    if found is None or (found.data.get("stated_from") is None
                         and not _WRITTEN_DAY.search(found.text)):
        return None
    return found


def last_dated(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The dated fact a bare new day corrects ("Sorry, I meant the 14th"): the one said last
    with a day of its own, the new statement's subject first; none when nothing is dated."""
    dated = [r for r in facts if r.id != new.id and _stated_day(r) is not None
             and r.data.get("valid_to") is not None]
    subject = new.data.get("subject")
    dated.sort(key=lambda r: (r.data.get("slot") == "event", r.data.get("subject") == subject,
                              r.occurred_at))
    return dated[-1:]


def _states(text: str, words: set[str], numbers: list[str]) -> bool:
    """Whether ``text`` says the value made of ``words`` and ``numbers``."""
    if not text:
        return False
    if numbers and not words - set(numbers):
        return all(re.search(r"(?<!\d)" + n + r"(?!\d)", text) for n in numbers)
    return _overlaps(words - set(numbers), _fold_words(text)) and all(
        re.search(r"(?<!\d)" + n + r"(?!\d)", text) for n in numbers)


def corrected_day(old: Record, new: Record) -> date | None:
    """The corrected date when the correction names only a weekday or a day of the month
    ("am Mittwoch", "es el 19"): that day in the old date's week or month."""
    before, after = _stated_day(old), _stated_day(new)
    said = str(new.data.get("temporal_text") or "")
    if before is None or after is None:
        return None
    weekday = said_weekday(said)
    if weekday is not None and not re.search(r"\d", said):
        return before + timedelta(days=weekday - before.weekday())
    if re.fullmatch(r"\D*\d{1,2}\D*", said) and not _said_month(said):
        try:
            return before.replace(day=after.day)
        except ValueError:
            return None
    return None


def _names_day(value: str, day: date) -> bool:
    """Whether a corrected value ("Thursday", "the 12th", "14 March") names ``day``."""
    weekday = said_weekday(value)
    if weekday is not None:
        return weekday == day.weekday()
    return str(day.day) in re.findall(r"\d+", value)


def _said_month(text: str) -> bool:
    return any(name in text.casefold().split() for name in MONTHS)


def corrected_text(old: Record, new: Record, old_value: str) -> str | None:
    """The old fact's sentence with the corrected value: its date moved to the new one, or
    the old value replaced by the new fact's (when the new fact is about the same thing)."""
    text = old.text
    o, n = old.data, new.data
    if o.get("valid_from") is not None and n.get("stated_from") is not None and \
            o.get("stated_from") is not None:
        before = local_day(old, float(o["stated_from"]))
        after = local_day(new, float(n["stated_from"]))
        if not _names_day(old_value, before):
            return None  # the wrong value is another of the old fact's words or dates
        for weekday in (True, False):
            old_words = date_text(Days(before, before, Granularity.DAY), with_weekday=weekday)
            if old_words in text:
                return text.replace(old_words, date_text(Days(after, after, Granularity.DAY),
                                                         with_weekday=weekday))
    return None


_NAME_RUN = re.compile(r"(?<![\w'’])[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)*")


def _whole(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'’])" + re.escape(name) + r"(?![\w'’])")


def right_name(old: Record, new: Record, old_value: str) -> str | None:
    """The name a correction puts in place of the wrong one, when the wrong value is a name
    the old fact's sentence says and the correction names exactly one name that sentence does
    not ("I have the dentist appointment in Leeds on Tuesday 10 March", then "sorry, I said
    Leeds, the appointment is in York" → "York"). ``None`` otherwise: the correction's own
    sentence stands."""
    wrong = old_value.strip()
    if not _NAME_RUN.fullmatch(wrong) or _whole(wrong).search(old.text) is None:
        return None
    said = str(new.data.get("object") or new.text).strip()
    known = _fold_words(old.text) | _fold_words(wrong)
    names = {m.group(0) for m in _NAME_RUN.finditer(said)
             if (m.start() > 0 or m.end() == len(said))  # not a sentence's first word
             and not (_fold_words(m.group(0)) & known)
             and said_weekday(m.group(0)) is None and fold(m.group(0)) not in MONTHS}
    return names.pop() if len(names) == 1 else None


def with_name(text: str, wrong: str, right: str) -> str:
    """``text`` with the first whole-word ``wrong`` replaced by ``right``."""
    return _whole(wrong.strip()).sub(right, text, count=1)


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
    words = _fold_words(" ".join(str(x) for x in (new.data.get("object"),
                                                  new.data.get("evidence")) if x))
    words -= _GENERIC
    names = proper_names(new)
    out = []
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") != new.data.get("subject"):
            continue
        other = FAMILIES.get(str(rec.data.get("slot")))
        shared = [w for w in words if any(_stem_match(w, t) for t in words_of(rec))]
        employer = _fold_words(str(rec.data.get("object") or "")) - _GENERIC \
            if rec.data.get("predicate") == "works_at" else set()
        if shared and (other == family or len(shared) >= 2 or (
                employer and employer <= set(shared))) and \
                rec.data.get("slot") not in ("people", "event"):
            out.append(rec)  # ("I quit Zara" ends "works at Zara", whatever it was read as)
        elif names and names_in_passing(rec, names) and rec.data.get("slot") != "people" \
                and rec.data.get("stated_from") is None:
            out.append(rec)  # "cancelled my Crankhouse membership, too pricey" ends "I go
            # to the gym at Crankhouse", read as another kind; not a dated plan there
    return out


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
    words = _fold_words(old) - _GENERIC
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
        elif any(_stem_match(w, t) for w in words for t in words_of(rec)):
            out.append(rec)
    return out


UNKNOWN_START = 0.0
"""``valid_from`` of a former home whose beginning nobody said (the epoch, 1 January 1970):
held since before anything the memory knows. A state is otherwise held from the moment it
was said ("I live in Leeds" on 2 March is true from 2 March: the one moment the memory knows
it held); a home the same sentence says was left ("we moved from Leeds to York last week")
was not held from then, it ended before, so that bound would leave it no time at all and a
question about any day before the move would not find it. As with "for three years" (a
start that is said) the start here is put where nothing contradicts it: before the move, as
far back as the memory goes; ``as_of`` (``mode="true"``) reads ``valid_from <= t <
valid_to``, so every moment before the move answers the old home."""


_HOME_AT = re.compile(
    r"(?<!\w)(?i:" + "|".join(sorted((re.escape(w) for lang, words in HOME_NOUNS.items()
                                       if lang != "zh" for w in words), key=len, reverse=True))
    + r")\s+(?i:in|at|on|de|du|à|a|en|di|em|no|na|te|op|bij|im|am)\s+"
    r"(?:(?i:the|der|la|le|l'|el|il|lo|o|a)\s*)?"
    r"(?P<place>[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?)"
    r"|(?P<zh>(?:(?![我你他她们在的])[\u4e00-\u9fff]){2,4}?)的(?:"
    + "|".join(HOME_NOUNS["zh"]) + ")")
"""A home said with its place in a fact's text ("el depto de Palermo", "L'appart à
Outremeuse", "our flat in Leeds", "die Wohnung in Graz", "浦东的房子")."""


def home_remarks_left(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's facts about a home in another place than a new one ("el depto de Palermo
    tiene humedad" once "ya vivo en Güemes" is said): the remark was about the home the user
    has left, so it ends with the move. Homes themselves (the residence slot) end as one
    value replacing another; a remark naming the new place stays."""
    d = new.data
    if d.get("slot") != "residence" or d.get("negated") or d.get("one_off") or \
            d.get("subject") != USER_SUBJECT:
        return []
    said = fold(f"{new.text} {d.get('object') or ''}")
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != USER_SUBJECT or r.get("slot") == "residence":
            continue
        places = [m.group("place") or m.group("zh") for m in _HOME_AT.finditer(rec.text)]
        if places and not any(fold(place) in said for place in places):
            out.append(rec)
    return out


_LIVES_AT = re.compile(
    r"(?<!\w)(?i:in|at|to|nach|à|a|en|em|no|na|para|pra|naar|te|op)\s+"
    r"(?:(?i:the|der|die|la|le|l'|el|il|lo|o|a|de|het)\s+)?"
    r"(?P<place>[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?)"
    r"|(?:住在|搬到|搬去|搬回|定居在?)(?P<zh>(?:(?![我你他她们的了])[\u4e00-\u9fff]){2,3})")
"""A named place after "in" / "to" ("lives alone in Mieres", "ist nach Oviedo gezogen",
"住在保定"): where someone lives, in a statement about living or moving."""


def places_lived(text: str, lang: str) -> list[str]:
    """The places a statement says someone lives in or moved to ("my dad lives alone in
    Mieres" → ["Mieres"], "mi padre ya vive en Oviedo" → ["Oviedo"], "我妈搬到苏州了" →
    ["苏州"]); none when it says nothing of living or moving ("she flew to Oviedo")."""
    if not (has_cue("dwelling", lang, text) or has_cue("dwelling_of_others", lang, text)) or \
            has_cue("wanting", lang, text) or \
            has_cue("hypothetical", lang, text):
        return []
    return [m.group("place") or m.group("zh") for m in _LIVES_AT.finditer(text)]


def _one_person(subject: str, other: str, facts: Sequence[Record]) -> bool:
    """Whether two fact subjects are one person: the same name, or a relation said without
    the name ("user's father") and the name the user gave that relation ("Ramón")."""
    a, b = fold(subject), fold(other)
    if a == b:
        return True
    prefix = f"{USER_SUBJECT}'s "
    for one, two in ((a, b), (b, a)):
        if one.startswith(prefix) and not two.startswith(prefix):
            predicate = "has_" + one.removeprefix(prefix).replace(" ", "_").replace("-", "_")
            if any(rec.data.get("subject") == USER_SUBJECT and rec.data.get("predicate")
                   == predicate and fold(str(rec.data.get("object") or "")) == two
                   for rec in facts):
                return True
    return False


def relative_home_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Where someone else lived before, once the user says they live elsewhere now: "my dad
    finally moved to a flat in Oviedo" ends "The user's father Ramón lives alone in Mieres";
    "meine Schwester wohnt jetzt in Graz" ends "The user's sister Lena (home): wohnt in
    Linz". The user's own home is left alone (that is a home of the user's, ended as
    such); a fact naming the new place stays."""
    d = new.data
    who = str(d.get("subject") or "")
    lang = str(d.get("language") or "en")
    if who in ("", USER_SUBJECT) or d.get("negated") or d.get("one_off"):
        return []
    now = {fold(place) for place in places_lived(new.text, lang)}
    if not now:
        return []
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("negated") or \
                not _one_person(str(r.get("subject") or ""), who, facts):
            continue
        before = {fold(place) for place in
                  places_lived(rec.text, str(r.get("language") or lang))}
        if before and not before & now:
            out.append(rec)
    return out


def home_left(new: Record) -> str | None:
    """The home a statement says the user left, by name: a home's ``switched_from`` that is
    a place ("we moved from Leeds to York" → "Leeds", "finally out of our place in Leeds" →
    "Leeds"); not a value said in lower case ("moved from the city to the coast")."""
    d = new.data
    old = str(d.get("switched_from") or "")
    if d.get("slot") != "residence" or not re.match(r"[A-ZÀ-Þ]|[\u4e00-\u9fff]", old):
        return None
    return old


def leaves_only(new: Record, place: str) -> bool:
    """Whether the statement is only the leaving ("dejamos el piso de Lavapiés" → it says
    "The user lives in Lavapiés", now over), not the move into another home."""
    return fold(str(new.data.get("object", ""))) == fold(place)


def former_home(new: Record, place: str) -> dict[str, object]:
    """The fact of a home left, as the data of ``new`` (the move) rewritten: "The user lives
    in ``place``" from :data:`UNKNOWN_START` until the move begins (the new home's start, or
    the day the leaving is dated, else when it was said).

    A planned move ("we're moving from Leeds to York in May") ends the old home in May, so
    it is what ``as_of`` answers until then."""
    d = new.data
    text = f"The user lives in {place}"
    return {**d, "object": place, "text": text, "valid_from": UNKNOWN_START,
            "valid_to": float(d["valid_from"]), "stated_from": None, "temporal_text": None,
            "switched_from": None, "is_change": False, "superseded_by": None}


def replaced_in_the_same_turn(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Facts of the same turn and kind as ``new`` when one of the two stops something and the
    other is a change ("le lait de vache, c'est fini" beside "je ne prends plus que du lait
    d'avoine"): the new value says what holds, the stopped one is history."""
    family = FAMILIES.get(str(new.data.get("slot")))
    turns = set(new.data.get("source_turn_ids", []))
    if family is None or not turns:
        return []
    stops = bool(new.data.get("cessation"))
    return [rec for rec in facts
            if rec.id != new.id and turns & set(rec.data.get("source_turn_ids", []))
            and FAMILIES.get(str(rec.data.get("slot"))) == family
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
    words = _value_words(str(new.data.get("object", "")))
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
        shared = [w for w in words if any(_stem_match(w, t) for t in own)]
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
    fact (valid until a day) has ended already."""
    d = new.data
    new_kinds = [f[len(NEW_OF_ITS_KIND):] for f in d.get("flags", [])
                 if f.startswith(NEW_OF_ITS_KIND)]
    if not new_kinds:
        return []
    own = named(" ".join(str(x) for x in (d.get("evidence"), d.get("text")) if x))
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != d.get("subject") or \
                r.get("valid_to") is not None or r.get("context") != d.get("context"):
            continue
        theirs = named(" ".join(str(x) for x in (rec.text, r.get("evidence")) if x))
        if any(theirs.get(k) and not theirs[k] & own.get(k, set()) for k in new_kinds):
            out.append(rec)
    return out


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


def _place_words(text: str, persons: set[str]) -> set[str]:
    """Content words that tell one attended place from another (no cue words, no persons)."""
    return {w for w in _value_words(_NOW.sub(" ", text)) if w not in persons}


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
    if d.get("negated") or d.get("context") or _AS_WELL.search(said) or \
            has_cue("wanting", lang, said) or has_cue("hypothetical", lang, said):
        return []
    kinds, rest = attended_kinds(said, lang)
    if not kinds or not (_NOW.search(said) or has_cue("enrolled", lang, said) or
                         has_cue("held_for", lang, said)):  # "first month at Riverside"
        return []
    known = {fold(str(f.data.get("subject"))) for f in facts
             if f.data.get("subject") not in (None, USER_SUBJECT)}
    going = {fold(n) for n in proper_names(new) if not attended_kinds(n, lang)[0]}
    going_words = _place_words(rest, _persons(new, known))
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
                if len(n) >= 3 and not attended_kinds(n, lang)[0]}
        if going and held:
            if not going <= held:
                out.append(rec)  # "Oakwood Primary School" before "Hillside Academy", "the
                # University of Leeds" before "Leeds Beckett"
            continue
        held_words = _place_words(their_rest, _persons(rec, known))
        shared = [w for w in going_words if any(_stem_match(w, t) for t in held_words)]
        if going_words and held_words and len(shared) * 2 < len(going_words):
            out.append(rec)  # "the food bank" before "now the animal shelter"
    return out


def _words_alternation(words: Iterable[str]) -> str:
    parts = []
    for word in sorted(set(words), key=len, reverse=True):
        body = r"\s+".join(re.escape(w) for w in word.split())
        tail = r"(?!\w)" if word[-1:].isalnum() else ""
        parts.append(body + tail)
    return "|".join(parts)


@cache
def _rate_pattern() -> re.Pattern[str]:
    units = "|".join(f"(?P<{'pct' if unit == '%' else unit}>{_words_alternation(words)})"
                     for unit, words in WORKING_RATE_UNITS.items())
    return re.compile(r"(?i)(?<![\d.,])(?P<n>\d{1,3})\s?(?:-\s?)?(?:" + units + r")")


_WEEKLY = re.compile(r"(?i)^\s*(?:" + _words_alternation(WEEKLY) + r")")
_WORKING_VERB = re.compile(r"(?i)(?<!\w)(?:" + _words_alternation(WORKING_VERBS) + r")")


def working_rates(text: str, lang: str) -> list[tuple[str, str]]:
    """The working rates ``text`` says, in order, as (unit, number): a percentage beside a
    word of work or right after "my" ("au boulot je passe de 80% à 60%" → 80 %, 60 %;
    "mon 60% a été accepté" → 60 %), a count of days or hours after a verb of working or
    before "a week" ("ik werk nu 4 dagen / 32 uur" → 4 days, 32 hours). A battery at 20 %
    or "in 3 days" says none.

    >>> working_rates("Teilzeit 70 % ab Mai", "de")
    [('%', '70')]
    """
    work = has_cue("working_time", lang, text)
    own = cue_pattern("own_rate", lang)
    out = []
    for m in _rate_pattern().finditer(text):
        if m["pct"]:
            before = text[:m.start()].rstrip()
            mine = own is not None and any(o.end() == len(before)
                                           for o in own.finditer(before))
            if work or mine:
                out.append(("%", m["n"]))
        elif _WEEKLY.match(text[m.end():]) or _WORKING_VERB.search(text[:m.start()]):
            out.append(("days" if m["days"] else "hours", m["n"]))
    return out


def other_rate_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The facts a newer working rate of the user ends: those that say another rate of the
    same unit than the one ``new`` says last. "c'est officiel, mon 60% a été accepté" ends
    "au boulot j'ai demandé à passer de 80% à 60%" (it names 80 %) and "ich arbeite 80%";
    "I'm still at 80% at work" leaves "I work 80%". Wanting another rate changes nothing
    ("I'd like to go down to 60%")."""
    d = new.data
    lang = str(d.get("language") or "en")
    said = str(d.get("evidence") or new.text)
    if d.get("negated") or d.get("subject") != USER_SUBJECT or has_cue("wanting", lang, said):
        return []
    held = dict(working_rates(said, lang))  # the last number of each unit
    if not held:
        return []
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != USER_SUBJECT or r.get("negated"):
            continue
        theirs = working_rates(str(r.get("evidence") or rec.text),
                               str(r.get("language") or "en"))
        if any(unit in held and number != held[unit] for unit, number in theirs):
            out.append(rec)
    return out


_NOW = re.compile(
    r"(?i)\b(?:now|these days|nowadays|jetzt|inzwischen|mittlerweile|maintenant|désormais|"
    r"ahora|(?<!')ora|adesso|ormai|agora|nu|tegenwoordig)\b"
    r"(?![\s,]*(?:that|que|qu'|wo|che|dat)\b)"
    r"|现在|如今")
"""Words that say what holds now, as against before ("these days", "现在"); not "now that"
("now that it's summer I go running", "maintenant qu'il fait beau"), a reason, not a
replacement."""
_AS_WELL = re.compile(
    r"(?i)\b(?:also|as well|auch|noch dazu|aussi|également|también|anche|pure|também|"
    r"ook|daarnaast)\b|\btoo\b(?=\s*(?:[,.;:!?)]|$))|也")
"""Words that add a value to the ones held ("now I also climb", "I swim now too", "我也开始
游泳"); not the "too" of "too tired"."""

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
    now = [p for p in parts if _NOW.search(p)]
    return any(_AS_WELL.search(p) for p in now or [said])


def _alone(part: str) -> bool:
    """Whether a part of a statement is a word or two said alone ("now", "e ormai", "现在")."""
    return len(part.split()) <= 2 and len(part.strip()) <= 12


def _sport_now(new: Record, old: Record) -> bool:
    """A sport said as what the user does now ("现在是游泳派", "these days I swim") after
    another sport: the user moved from one to the other."""
    said = str(new.data.get("evidence") or new.data.get("object") or "")
    return new.data.get("slot") == old.data.get("slot") == "exercise" and \
        bool(_NOW.search(said))


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
    words = _value_words(str(new.data.get("object", "")))
    kinds = {family, *_FRAMED_TOGETHER.get(family, ())}
    out = []
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") != new.data.get("subject") or \
                FAMILIES.get(str(rec.data.get("slot"))) not in kinds or rec.data.get("context"):
            continue
        own = {w for w in words_of(rec) - _GENERIC if not re.fullmatch(r"\d+\w?", w)}
        shared = {w for w in words if any(_stem_match(w, t) for t in own)}
        if family in _ONE_WAY_AT_A_TIME and not shared and words:
            out.append(rec)  # "I take the metro now" after "I cycle to work"
        elif not shared and words and _sport_now(new, rec):
            out.append(rec)  # "现在是游泳派" after "每个星期天早上都跑"
        elif shared and words - shared and own - {t for t in own
                                                  if any(_stem_match(t, w) for w in words)}:
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


def amount_change_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The facts a new amount of the same thing ends, said as a change: same subject and
    kind, the same counted word (or its stem) with another count. "nu nog maar één schep in
    de thee" ends "drie scheppen suiker in mijn thee", "now I only have two coffees a day"
    ends "four coffees a day"; "three coffees" leaves "two beers" (another thing)."""
    d = new.data
    family = FAMILIES.get(str(d.get("slot")))
    if family is None or family in ("likes", "project", "work", "residence", "employer",
                                    "occupation") or d.get("context") or d.get("one_off"):
        return []
    counted = _amounts(str(d.get("evidence") or d.get("object") or ""))
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != d.get("subject") or \
                FAMILIES.get(str(r.get("slot"))) != family or r.get("context") or \
                r.get("valid_to") is not None:
            continue
        theirs = _amounts(str(r.get("evidence") or r.get("object") or ""))
        if any(_stem_match(unit, old_unit) and n != old_n
               for unit, n in counted.items() for old_unit, old_n in theirs.items()):
            out.append(rec)
    return out


_ONE_WAY_AT_A_TIME = frozenset({"commute"})
"""Kinds whose frame is the kind itself: a way of getting to work said as a change ("I take
the metro now") replaces the way held before ("I cycle to work") with no word in common."""


_AT_WORKPLACE = re.compile(
    r"\b(?:at|for|bei|chez|pour|en|para|presso|per|bij|voor|na|no|em)\s+"
    r"(?:(?:the|der|die|dem|den|la|le|l'|el|il|lo|de|het|a|o)\s+)?(?P<org>[A-ZÀ-Þ][\w'’&.-]*(?:\s*&\s*[A-ZÀ-Þ][\w'’&.-]*)*)")
"""A named organisation in what a job fact says ("a data analyst at Spotify", "works at
Vivantes", "infirmière chez Doctolib", "a baker at Hearth & Rye")."""


_WORK_RELATION = re.compile(
    r"(?i)(?<!\w)(?:" + "|".join(sorted(
        {re.escape(n) for table in (WORK_RELATION_NOUNS, CANTEEN_NOUNS)
         for nouns in table.values() for n in nouns},
        key=len, reverse=True)) +
    r")\s+(?=(?:at|for|bei|chez|pour|en|para|presso|per|bij|voor|na|no|em)\s)")
"""A work relation said before a workplace ("my boss at Harfang", "mon boss chez Harfang",
"mi jefa en Estudio Tlacuache", "i colleghi in Alpitec", "in der Kantine bei Ford"): the
fact names the user's employer in passing."""


def other_workplace_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's job facts that name another organisation than a new employer: "I work as a
    data analyst at Spotify" ends when "I started at Klarna" is said, "I work as a nurse"
    (no workplace in it) stays; so does any undated fact of the user that names the old
    employer through a work relation ("need help with an email to my boss at Harfang")."""
    d = new.data
    if d.get("predicate") != "works_at" or d.get("negated") or d.get("context"):
        return []
    employer = _fold_words(str(d.get("object") or ""))
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("negated") or r.get("subject") != d.get("subject") or \
                r.get("context"):
            continue
        if r.get("predicate") == "occupation":
            orgs = {m["org"] for m in _AT_WORKPLACE.finditer(rec.text)}
        elif r.get("stated_from") is None and r.get("slot") != "people" and \
                rec.occurred_at < new.occurred_at:
            orgs = {m["org"] for w in _WORK_RELATION.finditer(rec.text)
                    for m in [_AT_WORKPLACE.match(rec.text, w.end())] if m is not None}
        else:
            continue
        if orgs and not any(_overlaps(_fold_words(org), employer) for org in orgs):
            out.append(rec)
    return out


_ROLE_AT = re.compile(
    r"(?i:(?<!\w)(?:is|am|'m|’m|bin|suis|c'est moi|c’est moi|soy|sono|sou|ben|"
    r"works?\s+as|arbeite\s+als|travaille\s+comme|trabajo\s+como|lavoro\s+come|"
    r"trabalho\s+como|werk\s+als)(?!\w))"
    r"\s+\S.{0,60}?(?<!\w)(?i:at|bei|beim|im|chez|au|aux|à|en|presso|alla|al|allo|nella|nel|della|"
    r"del|dello|no|na|em|do|da|bij|in|voor|van)\s+"
    r"(?:(?i:the|der|die|dem|den|la|le|l'|el|il|lo|de|het|a|o)\s+)?"
    r"(?P<org>[A-ZÀ-Þ][\w'’&.-]*(?:\s+[A-ZÀ-Þ][\w'’&.-]*)*)")
"""The user holding a role at a named place, as a fact says it ("The user is a sous-chef at
Rosewood Grill", "soy ayudante de cocina en La Tasquita", "sono aiuto cuoco alla Trattoria
Da Gino", "c'est moi le chef de cuisine au Bistrot")."""


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
    places = [_fold_words(m["org"]) for m in said]
    role = _fold_words(new.text[:said[0].start("org")])
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != USER_SUBJECT or r.get("negated") or \
                r.get("context") or rec.occurred_at > new.occurred_at:
            continue
        for m in _ROLE_AT.finditer(rec.text):
            if any(_overlaps(_fold_words(m["org"]), place) for place in places) and \
                    not _fold_words(rec.text[:m.start("org")]) <= role:
                out.append(rec)
                break
    return out


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
    labels = tuple(f"the user's {p.removeprefix('has_')} "
                   for p, s in _PARTNER_STAGE.items() if s < _EX)
    return relations + [rec for rec in facts
                        if rec.id != new.id and fold(str(rec.data.get("subject"))) in ended
                        and rec.text.casefold().startswith(labels)]


def replaced_role_holder_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """What was said of someone under a role they held for the user when another now holds
    it: "my new GP is Dr Okafor" ends "The user's doctor Patel (health): is always rushed";
    "o novo orientador, o professor Vasco" ends "The user's supervisor Helena Mendes (people):
    quer um capítulo até ao Natal". The old relation itself ends as a single-valued one."""
    d = new.data
    role = relation_word(str(d.get("predicate") or ""))
    if d.get("subject") != USER_SUBJECT or role not in ROLE_HOLDERS or d.get("negated"):
        return []
    label = f"the user's {role} "
    name = fold(str(d.get("object") or ""))
    return [rec for rec in facts
            if rec.id != new.id and rec.text.casefold().startswith(label)
            and fold(str(rec.data.get("subject") or "")) not in ("", name)
            and not str(rec.data.get("subject")).startswith(USER_SUBJECT)]


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


_GENERIC = frozenset(
    [
        "now", "anymore", "more", "jetzt", "nicht", "mehr", "maintenant", "plus", "ahora", "más",
        "ora", "adesso", "più", "agora", "mais", "nu", "meer", "only", "just", "nur", "noch",
        "que", "solo", "sólo", "só", "alleen", "week", "woche", "semaine", "semana", "settimana",
        "semana", "times", "mal", "fois", "veces", "volte", "vezes", "keer", "day", "tag", "jour",
        "día", "giorno", "dia", "dag", "seulement", "uniquement", "soltanto", "apenas",
        "somente", "enkel", "nog", "inmiddels", "ormai", "désormais", "already", "schon",
        "déjà", "ya", "già",
    ])


def _leading_word(text: str) -> str | None:
    """The first content word of a value said as a clause ("Ahora solo tomo té" → "tomo",
    "trinke jetzt nur noch Tee" → "trinke"): in a clause that starts with its verb (the
    subject left out, or said before it), that is the verb."""
    if re.search(r"[\u4e00-\u9fff]", text):
        return None
    content = _fold_words(text) - _GENERIC
    for token in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text):
        folded = next(iter(_fold_words(token)), None)
        if folded is not None and folded in content:
            return folded
    return None


def _value_words(text: str) -> set[str]:
    """Content words that can tell one value from another (no numbers, no cue words)."""
    return {w for w in _fold_words(text) - _GENERIC if not re.fullmatch(r"\d+\w?", w)}
