"""What a correction or a rescheduling changes in the facts already held.

Pure functions over fact records (validation applies what they return):

* :func:`correction_targets` — "…, not Friday" / "I meant X": the facts that said the old
  value (they never held). Their corrected copy moves its date (:func:`corrected_day`: "am
  Mittwoch" is that weekday in the old date's week; :func:`corrected_text`: the sentence
  with the new date) or its name (:func:`right_name`, :func:`with_name`: "sorry, I said
  Leeds, the appointment is in York");
* :func:`restated_target` — "errei, a festa vai ser em Braga": the festa said before; also
  a person's place said in passing ("vado a trovare mia figlia Giorgia a Bologna", then
  "Giorgia sta a Parma");
* :func:`rescheduled_target` — "the dinner was moved to Sunday": the dinner on Saturday;
* :func:`called_off_target` — "the tournament got rained out": the tournament on Saturday;
* :func:`moved_plan` — "the dentist got pushed back a week": the dentist's day a week on;
* :func:`last_dated` — "Sorry, I meant the 14th": the dated fact said last;
* :func:`local_day` / :func:`shifted_locally` — days are the speaker's local calendar days:
  a fact's day starts at local midnight, and a day moved keeps its local time across a
  change of summer time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from itertools import pairwise

from lucidmem.clock import from_epoch
from lucidmem.facts.cue_lexicon import ORDINAL_SUFFIX, ORDINAL_WORDS
from lucidmem.facts.date_shifts import shifted
from lucidmem.facts.entities import fold
from lucidmem.facts.lowercase_names import writes_in_lowercase
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.facts.render import date_text
from lucidmem.facts.statement_words import (
    GENERIC,
    fold_words,
    mentions,
    overlaps,
    stem_match,
    words_of,
)
from lucidmem.facts.temporal import zone
from lucidmem.facts.temporal_lexicon import MONTHS, said_weekday
from lucidmem.facts.temporal_patterns import Days, Granularity
from lucidmem.records import Record

__all__ = [
    "called_off_target",
    "corrected_day",
    "corrected_text",
    "correction_targets",
    "is_bare_value",
    "last_dated",
    "local_day",
    "moved_plan",
    "number_in",
    "rescheduled_target",
    "restated_target",
    "right_name",
    "right_number",
    "set_against_targets",
    "shifted_locally",
    "with_name",
]


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
    words = fold_words(old_value)
    if not words and not numbers:
        return []
    weekday = said_weekday(old_value)
    if (ordinal := _as_numeral(old_value)) is not None:
        words, numbers = set(), [ordinal]
    found = []
    stated: set[str] = set()
    on_the_day: set[str] = set()
    for rec in facts:
        if rec.id == new.id:
            continue
        day = _stated_day(rec)
        if day is not None and ((weekday is not None and day.weekday() == weekday) or (
                numbers and not words - set(numbers) and str(day.day) in numbers)):
            found.append(rec)
            stated.add(rec.id)
            on_the_day.add(rec.id)
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
    about = _words_of_the_clause(new) - words  # (of the facts on a day it names: "the
    # wedding's June 21st, not the 14th" is the wedding on the 14th, not 14 January's remark)
    shares = {r.id for r in found if r.id in on_the_day and
              any(any(stem_match(w, t) for t in words_of(r)) for w in about)}
    found.sort(key=lambda r: (r.id not in shares, r.data.get("subject") != subject,
                              r.data.get("slot") != slot, -r.occurred_at))
    return [r for r in found if r.id in shares] or \
        [r for r in found if r.data.get("subject") == subject] or found


def _words_of_the_clause(new: Record) -> set[str]:
    """The words of four letters or more (or Chinese) of the user's clause that says a
    correction: what the corrected fact is about."""
    return {w for w in fold_words(str(new.data.get("evidence") or new.text))
            if len(w) >= 4 or re.search(r"[\u4e00-\u9fff]", w)} - GENERIC


def set_against_targets(value: str, new: Record, facts: Sequence[Record]) -> list[Record]:
    """The held facts a statement that sets its value against ``value`` ("I live in York, not
    Leeds") corrects: those that stated ``value`` about the same subject, with the same
    predicate or the same slot ("The user lives in Leeds"). None when the speaker never said
    it of that subject and kind: then the statement is only a contrast ("tea, not coffee")."""
    subject, slot = new.data.get("subject"), new.data.get("slot")
    predicate = new.data.get("predicate")
    said_number = number_in(value)  # "60岁", "10 ans": the number
    number = said_number is not None
    value = said_number if said_number is not None else value
    return [r for r in correction_targets(value, new, facts)
            if r.data.get("subject") == subject and (
                r.data.get("predicate") == predicate or (slot and r.data.get("slot") == slot)
                or number)
            and (_said_again_but_the_value(r, new, value)
                 or (number and _number_said_again(r, new, value)))]


def number_in(value: str) -> str | None:
    """The number a value set against another is, said with at most a short unit ("60岁",
    "10 ans", "85" → "60", "10", "85"); ``None`` when the value is no number."""
    digits = re.fullmatch(r"(\d+)\s*\w{0,5}", value.strip())
    return None if digits is None else digits.group(1)


def _number_said_again(old: Record, new: Record, value: str) -> bool:
    """Whether ``new`` says of the same thing another number than ``value``, which ``old``
    said ("my sister is turning 45 next month" → "she's turning 40, not 45", "Mon fils a 10
    ans" → "il a 12 ans, pas 10"): the word said with the number is said again with the new
    one. Two numbers of one subject set against each other are no contrast of two things."""
    before = str(old.data.get("evidence") or old.text)
    after = " ".join(str(x) for x in (new.text, new.data.get("evidence")) if x)
    if not re.search(r"(?<!\d)\d+(?!\d)", after.replace(value, " ")):
        return False
    if _HAN.search(before):
        rest = re.sub(r"[\d\s]+", "", before.replace(value, ""))
        return any(ch in after for ch in _HAN.findall(rest))
    shared = fold_words(before) & fold_words(after) - GENERIC - {value}
    return bool(shared)


_HAN = re.compile(r"[\u4e00-\u9fff]")


def _said_again_but_the_value(old: Record, new: Record, value: str) -> bool:
    """Whether ``new`` says all ``old`` said but ``value`` ("I live in Leeds" → "I live in
    York, not Leeds"): then it puts the old statement right. "Bebo café por la mañana" is not
    said again by "por la tarde bebo té, no café": the morning's coffee is another habit.
    One word may go unsaid when most are said again (:data:`_MOST_SAID_AGAIN`). Chinese is
    compared by its characters, as it has no spaces between words."""
    before = str(old.data.get("evidence") or old.text)
    after = " ".join(str(x) for x in (new.text, new.data.get("evidence")) if x)
    if _HAN.search(before):
        rest = before.replace(value, "")
        return all(ch in after for ch in _HAN.findall(rest))
    theirs = fold_words(after)
    said = [any(stem_match(w, t) for t in theirs)
            for w in fold_words(before) - fold_words(value) - GENERIC]
    missing = said.count(False)
    return missing == 0 or (missing == 1 and said.count(True) >= _MOST_SAID_AGAIN)


_MOST_SAID_AGAIN = 2
"""Words of the old statement said again that let one other word go unsaid ("Tengo un perro
que se llama Toby" → "mi perro se llama Rocky, no Toby": perro, llama; not tengo)."""


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


def restated_target(new: Record, facts: Sequence[Record], *,
                    or_the_users: bool = False) -> Record | None:
    """The fact a correction that restates its thing takes back ("errei, a festa vai ser em
    Braga" → the festa in Porto): a fact of the same subject (or, with ``or_the_users``, the
    user's own), no relation, that shares a word of four letters or more with the
    correction's clause; the one sharing most, then the one said last. ``None`` when nothing
    held is about the same thing."""
    words = _words_of_the_clause(new)
    best: Record | None = None
    most = 0
    subjects = {new.data.get("subject")} | ({USER_SUBJECT} if or_the_users else set())
    for rec in facts:
        if rec.id == new.id or rec.data.get("subject") not in subjects or \
                str(rec.data.get("predicate", "")).startswith("has_"):
            continue
        theirs = words_of(rec)
        shared = sum(1 for w in words if any(stem_match(w, t) for t in theirs))
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
             and mentions(rec, person)
             and (_names_beside(str(rec.data.get("evidence") or rec.text), person) - right)]
    return max(found, key=lambda r: r.occurred_at, default=None)


_WRITTEN_DAY = re.compile(r"\b\d{1,2} [A-Z][a-z]+ \d{4}\b")


def rescheduled_target(new: Record, facts: Sequence[Record]) -> Record | None:
    """The dated fact an event moved to another day replaces ("das Teamessen wurde auf
    Montag verschoben" → the team dinner on Friday): the one about the same thing, else the
    one said last with a day; only a fact that names a day (a stated one or one written in
    its sentence). "mum's moved her birthday meal to saturday" moves "mum's 60th is Thursday
    20 March", not "we're taking her for a meal at the red lion", which names no day."""
    dated = [rec for rec in facts
             if rec.data.get("stated_from") is not None or _WRITTEN_DAY.search(rec.text)]
    return restated_target(new, dated) or next(iter(last_dated(new, dated)), None)


def called_off_target(new: Record, facts: Sequence[Record]) -> Record | None:
    """The planned event a cancellation calls off ("jalen's tournament in madison got rained
    out" → "he's got a tournament in madison on Saturday 5 July"): of the facts that said a
    day to come (a plan), the one about the same thing (:func:`restated_target`; the plan
    may have been read as the user's, the "he" unresolved), also when
    the cancellation is told after that day; ``None`` when none is, for a cancellation names
    what it calls off ("cancelled my gym membership" ends no dinner)."""
    planned = [rec for rec in facts
               if _stated_day(rec) is not None and rec.data.get("valid_to") is not None
               and float(rec.data["valid_to"]) > rec.occurred_at]
    # (someone's plan may have been read as the user's: "he's got a tournament in madison")
    return restated_target(new, planned, or_the_users=True)


def moved_plan(old: Record, count: int, unit: str) -> tuple[float, float | None, str] | None:
    """A planned fact moved by ``count`` units ("day", "week", "fortnight", "month"; negative
    is earlier): its day's new start, its end and its sentence with the day written anew
    ("My dentist appointment is on Thursday 6 March 2025", a week on → "… Thursday 13 March
    2025"). ``None`` when it has no day of its own or its sentence does not write it."""
    before = _stated_day(old)
    if before is None:
        return None
    days = (shifted(before, count, unit) - before).days
    text = _day_written_anew(old.text, before, before + timedelta(days=days))
    if text is None:
        return None
    end = old.data.get("valid_to")
    return (shifted_locally(old, float(old.data["stated_from"]), days),
            None if end is None else shifted_locally(old, float(end), days), text)


def last_dated(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The dated fact a bare new day corrects ("Sorry, I meant the 14th"): the one on a day of
    the month the correction says ("not the 14th, the 21st"), else the one said last with a day
    of its own, the new statement's subject first; none when nothing is dated."""
    dated = [r for r in facts if r.id != new.id and _stated_day(r) is not None
             and r.data.get("valid_to") is not None]
    subject = new.data.get("subject")
    said = {int(n) for n in re.findall(r"(?<!\d)\d{1,2}(?!\d)",
                                       str(new.data.get("evidence") or new.text))}

    def named_day(rec: Record) -> bool:  # "it's not the 14th, it's the 21st": the fact on
        day = _stated_day(rec)  # the 14th, whoever's it is and whenever it was said
        return day is not None and day.day in said

    dated.sort(key=lambda r: (named_day(r), r.data.get("slot") == "event",
                              r.data.get("subject") == subject, r.occurred_at))
    return dated[-1:]


def _states(text: str, words: set[str], numbers: list[str]) -> bool:
    """Whether ``text`` says the value made of ``words`` and ``numbers``."""
    if not text:
        return False
    if numbers and not words - set(numbers):
        return all(re.search(r"(?<!\d)" + n + r"(?!\d)", text) for n in numbers)
    return overlaps(words - set(numbers), fold_words(text)) and all(
        re.search(r"(?<!\d)" + n + r"(?!\d)", text) for n in numbers)


def corrected_day(old: Record, new: Record) -> date | None:
    """The corrected date when the correction names only a weekday or a day of the month
    ("am Mittwoch", "es el 19"): that day in the old date's week or month; when it names
    the month too ("不对，是6月7日", "no wait, the 7th of June"), the day it says."""
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
    if _said_month(said) or re.search(r"\d\s*月", said):
        return after  # "……不对，是6月7日": the whole date said again, the day as said
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
        return _day_written_anew(text, before, after)
    return None


def _day_written_anew(text: str, before: date, after: date) -> str | None:
    """``text`` with the day ``before``, as the extractor writes it (with or without its
    weekday), written as ``after``; ``None`` when ``text`` does not write it."""
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
    wrong = _without_article(old_value)
    if _HAN_VALUE.fullmatch(wrong) and wrong in old.text:
        return _han_right_value(new, wrong)
    if _whole(wrong).search(old.text) is None:
        return None
    said = str(new.data.get("object") or new.text).strip()
    known = fold_words(old.text) | fold_words(wrong)
    if not _NAME_RUN.fullmatch(wrong):
        evidence = str(new.data.get("evidence") or new.text)
        return _right_word_in_chat(wrong, said, known) if writes_in_lowercase(evidence) \
            else None  # (written with capitals, a word in small letters is no name: "Fenna
        # is apothekersassistent, geen apotheker" is a sentence of its own)
    names = {name for m in _NAME_RUN.finditer(said)
             if (m.start() > 0 or m.end() == len(said))  # not a sentence's first word
             and (name := _new_part(m.group(0), known)) is not None
             and said_weekday(name) is None and fold(name) not in MONTHS}
    if len(names) != 1:
        return None
    name = names.pop()
    if old.data.get("stated_from") is None and _another_word_after(old.text, said):
        return None  # it says more than another name: "o Tomás joga andebol no Xico Andebol"
        # puts right "joga futebol no Vitória", not only its club (a dated plan keeps its day)
    return name


def _another_word_after(old: str, said: str) -> bool:
    """Whether ``said`` repeats a word of four letters or more of ``old`` and follows it with
    another such word than ``old`` does ("joga andebol" against "joga futebol"): more than a
    name is put right ("Het Anker ligt in Zele" against "zaal Het Anker in Lokeren" is not)."""
    def pairs(text: str) -> dict[str, str]:
        words = re.findall(r"[^\W\d_]+", fold(text))
        return {a: b for a, b in pairwise(words) if len(a) >= 4}
    before, now = pairs(old), pairs(said)
    return any(w in before and len(after) >= 4 and len(before[w]) >= 4 and
               not stem_match(after, before[w]) for w, after in now.items())


def _right_word_in_chat(wrong: str, said: str, known: set[str]) -> str | None:
    """In chat without capitals, the one word of a correction that the old fact does not say,
    when the wrong value is one word too ("hab dir erzählt dass mel in bochum wohnt, stimmt gar
    nich, die wohnt in herne" → "herne"); ``None`` when there is not exactly one."""
    if len(wrong.split()) != 1 or wrong != wrong.casefold() or not wrong.isalpha():
        return None  # (a day or a number is put right as a day: "è il 19, non il 12")
    new = {word for word in re.findall(r"[^\W\d_][\w'’-]*", said)
           if (folded := fold_words(word)) and not folded & known}
    return new.pop() if len(new) == 1 else None


def _new_part(run: str, known: set[str]) -> str | None:
    """The words of a run of capitalised words that the old fact does not say, when they
    close it ("Kantonsspital Baden" against "… im Kantonsspital Aarau" → "Baden"); the run
    itself when it shares no word; ``None`` when it is all known."""
    words = run.split()
    new = [w for w in words if not fold_words(w) & known]
    if not new:
        return None
    return run if len(new) == len(words) else \
        " ".join(new) if words[-len(new):] == new else None


_HAN_VALUE = re.compile(r"[\u4e00-\u9fff]{2,4}")
_ZH_SAID_RIGHT = re.compile(r"^\W*(?:我)?(?:是说|的意思是|其实是|其实|应该是|是)\s*"
                            r"(?P<right>[\u4e00-\u9fff]{2,4})[，,。！!]*$")


def _han_right_value(new: Record, wrong: str) -> str | None:
    """The Chinese place or name a correction says instead of ``wrong`` ("我是说杭州，不是上海"
    → "杭州"): what its clause says besides "不是<wrong>" and the words that say it meant
    something, when that is one word of two to four characters."""
    bare = str(new.data.get("object") or "")  # "不对，不是上海，是杭州": 杭州, said bare
    if _HAN_VALUE.fullmatch(bare) and bare != wrong:
        return bare
    said = str(new.data.get("evidence") or "")
    said = re.sub(r"[，,]?\s*(?:而)?不是" + re.escape(wrong) + r"[，,。！!]*", "", said)
    m = _ZH_SAID_RIGHT.match(said)
    return m["right"] if m is not None and m["right"] != wrong else None


def is_bare_value(text: str) -> bool:
    """Whether a fact's object is a name and nothing else ("Bari", "Guimarães", "杭州"): a
    correction that says only that ("intendevo Bari, non Lecce") puts the held fact right."""
    text = text.strip()
    return bool(_NAME_RUN.fullmatch(text) or _HAN_VALUE.fullmatch(text))


def right_number(old: Record, new: Record, value: str) -> tuple[str, str] | None:
    """(wrong, right) numbers when a statement that sets its number against ``value`` ("Cumple
    85, no 80", "ha 9 anni, non 8") puts right a held fact that says ``value`` as a whole
    number ("… cumple 80 in May 2026"): the one other number the new statement says. ``None``
    otherwise: the new statement's own sentence stands."""
    digits = re.match(r"\d+", value.strip())
    if digits is None or _whole(digits.group(0)).search(old.text) is None:
        return None
    said = str(new.data.get("object") or new.text)
    numbers = set(re.findall(r"(?<!\d)\d+(?!\d)", said)) - {digits.group(0)}
    return (digits.group(0), numbers.pop()) if len(numbers) == 1 else None


def _without_article(value: str) -> str:
    """A wrong value without the small words before its name ("het Jessa" → "Jessa")."""
    return re.sub(r"^(?:[a-zß-ÿ'’]+\s+)+(?=[A-ZÀ-Þ])", "", value.strip())


def with_name(text: str, wrong: str, right: str) -> str:
    """``text`` with the first whole-word ``wrong`` replaced by ``right`` (its name only, when
    said with an article: "het Jessa")."""
    if _HAN_VALUE.fullmatch(wrong.strip()):  # Chinese has no spaces between words
        return text.replace(wrong.strip(), right, 1)
    if _whole(wrong.strip()).search(text) is None:
        wrong = _without_article(wrong)
    return _whole(wrong.strip()).sub(right, text, count=1)
