"""Turning a user's clause into a fact's sentence: a subject that stands alone ("The user",
"The user's brother Callum"), the value as the user said it, dates written out.

* English clauses are put in the third person ("I cycle in every day" → "The user cycles in
  every day", "my sister" → "the user's sister").
* Other languages keep the user's words after an English head naming the subject and the
  slot ("The user (sport): spiele jetzt zweimal die Woche Padel"): the value stays exactly
  as said, which is what a reader (or a search in that language) needs.
* Every resolved date expression is replaced by the date itself ("next Friday" → "Friday 7
  March 2025"), so a fact read years later still says when.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime
from itertools import pairwise

from lucidmem.facts.cue_lexicon import EN_BASE_VERBS
from lucidmem.facts.temporal import TemporalResolution
from lucidmem.facts.temporal_patterns import (
    Days,
    Found,
    Granularity,
    held_for,
    joined_as_range,
    scan,
)

__all__ = ["content_words", "date_text", "english_first_person_inside", "english_third_person",
           "is_past_verb", "range_end", "second_person", "span_of", "with_dates"]

_FILLERS = re.compile(
    r"^(?:(?:no|não|non|nein|nee)[,.!:;-]+\s*|"  # "no, …" is a filler; "no satay sauce" is not
    r"(?:oh|ah|well|so|also|and|but|anyway|actually|honestly|btw|ok|okay|yeah|yep|yes|"
    r"remember(?:\s+that)?|just\s+so\s+you\s+know|fyi|"
    r"lol|haha+|hah|hmm+|wait|big news|news|update|fun fact|quick one|"
    r"ja|naja|also|übrigens|puh|ach|moin|genau|"
    r"oui|bon|bref|alors|ouais|voilà|sinon|"
    r"sí|si|bueno|pues|oye|vale|che|ey|jaja+|x\s+cierto|"
    r"ah|beh|allora|comunque|cmq|senti|ok|ahah+|"
    r"sim|então|olha|kkk+|ahah|enfim|pois|"
    r"ja|oké|hoor|trouwens|nou|"
    r"对了|哈哈+|嗯|好|对|"
    # telling what follows ("y te cuento, lleva tres semanas en …": the news is not the
    # user's own act of telling)
    r"(?:(?:y|e|et|und|and)\s+)?(?:te cuento|ti dico|ti racconto|je te raconte|je te dis|"
    r"te conto|ich erzähl dir|ik vertel je|i tell you|guess what|跟你说|告诉你)\s*[,:;!，：])"
    # (said before a comma only: "e ti dico una cosa per il piano" tells what it is about)
    r"[\s,.!:;-]+)+",
    re.IGNORECASE)
_TRAILERS = re.compile(
    r"(?:[\s,]*(?:\b(?:lol|haha+|jaja+|kkk+|ahah+|xd|heh)\b|[\U0001F300-\U0001FAFF\u2600-\u27BF"
    r"\uFE0F]|[!?.…]|哈哈+))+\s*$", re.IGNORECASE)
_EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]")

_EN_SUBJECT = re.compile(
    r"^(?:(?:i|we)\s+(?:just\s+|really\s+|also\s+|still\s+|finally\s+|actually\s+|only\s+|"
    r"now\s+|never\s+|always\s+|usually\s+|already\s+|even\s+|often\s+|sometimes\s+|"
    r"rarely\s+|mostly\s+|totally\s+|literally\s+|basically\s+)*)(?P<rest>.*)$", re.IGNORECASE)
_EN_CONTRACTED = (
    (re.compile(r"^(?:i'm not|i am not)\b", re.I), "isn't"),
    (re.compile(r"^(?:i'm|im|i am|we're|we are)\b", re.I), "is"),
    (re.compile(r"^(?:i've|i have|we've|we have)\b", re.I), "has"),
    (re.compile(r"^(?:i'd|we'd)\b", re.I), "would"),
    (re.compile(r"^(?:i'll|we'll|i will|we will)\b", re.I), "will"),
    (re.compile(r"^(?:i was|we were)\b", re.I), "was"),
    (re.compile(r"^(?:i don't|i do not|we don't|we do not|i dont)\b", re.I), "doesn't"),
    (re.compile(r"^(?:i didn't|we didn't|i did not)\b", re.I), "didn't"),
    (re.compile(r"^(?:i can't|i cannot|we can't)\b", re.I), "can't"),
    (re.compile(r"^(?:i haven't|we haven't)\b", re.I), "hasn't"),
)
_MODALS = frozenset(["can", "could", "will", "would", "should", "must", "might", "may",
                     "shall", "did", "had", "was", "were", "needn't", "ought"])
_IRREGULAR = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is", "are": "is"}
_PAST = re.compile(r"(?:ed|ought|aught)$")
_PRESENT_EED = frozenset(["need", "feed", "bleed", "breed", "speed", "succeed", "proceed",
                          "exceed", "seed", "weed", "heed"])
"""Verbs whose present ends in -eed: not past tenses."""
_IRREGULAR_PAST = frozenset(
    [
        "got", "went", "came", "had", "did", "was", "were", "lost", "found", "said", "made",
        "took", "left", "felt", "kept", "met", "ran", "saw", "sent", "gave", "bought", "brought",
        "thought", "told", "sold", "paid", "sat", "stood", "spent", "won", "began", "broke",
        "chose", "drove", "ate", "fell", "flew", "forgot", "grew", "knew", "rode", "rose",
        "shook", "sang", "swam", "wore", "wrote", "heard", "held", "hid", "hurt", "led", "lit",
        "meant", "put", "quit", "read", "set", "shut", "slept", "split", "spread", "taught",
        "understood", "woke"
    ])
_SAME_IN_PAST = frozenset(["put", "set", "cut", "hit", "let", "shut", "read", "quit", "hurt",
                           "cost", "spread", "split"])
"""Verbs whose past is their present: "put" is "puts" in a habit ("whenever I put on …")."""
_HABIT_NOT_PAST = re.compile(
    r"(?i)^(?!.*\b(?:yesterday|ago|last|was|were|had|did)\b).*\b(?:whenever|every|each|always|"
    r"usually|often|normally|sometimes|never)\b")
"""A clause that tells a habit and nothing past: an ambiguous verb in it is a present."""


def _agreeing(verb: str, clause: str) -> str:
    """``verb`` in the third person, read as a present in a habit ("whenever I put")."""
    if verb.casefold() in _SAME_IN_PAST and _HABIT_NOT_PAST.search(clause):
        return verb + "s"
    return _third_person(verb)


_EN_POSSESSIVE = ((re.compile(r"\b(?:my|our)\b", re.I), "the user's"),
                  (re.compile(r"\b(?:me|us|myself|ourselves)\b", re.I), "the user"),
                  (re.compile(r"\b(?<!ore )(?<!coal )(?<!gold )(?<!salt )(?<!copper )"
                              r"(?<!the )(?<!a )(?<!an )(?<!the old )(?:mine|ours)\b"
                              r"(?!\s+(?:site|shaft)s?\b)", re.I), "the user's"))
"""(not "mine" the noun: "a sparky at an iron ore mine", "the mine site")"""

_SUBJECT_PRONOUN: dict[str, re.Pattern[str]] = {
    "de": re.compile(r"^(?:ich|wir)\s+", re.I),
    "fr": re.compile(r"^(?:je\s+|j'|j’|on\s+|nous\s+)", re.I),
    "es": re.compile(r"^(?:yo|nosotros|nosotras)\s+", re.I),
    "it": re.compile(r"^(?:io|noi)\s+", re.I),
    "pt": re.compile(r"^(?:eu|nós|a gente)\s+", re.I),
    "nl": re.compile(r"^(?:ik|wij|we)\s+", re.I),
    "zh": re.compile(r"^(?:我们|我)(?!的)"),  # (not "我的": "我的荣耀手机" keeps its "mine")
}
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_STOP = frozenset([
    "the", "a", "an", "and", "or", "but", "to", "of", "in", "on", "at", "for", "with", "from",
    "by", "is", "am", "are", "was", "were", "be", "been", "have", "has", "had", "do", "does",
    "did", "not", "no", "my", "our", "your", "his", "her", "their", "its", "it", "this", "that",
    "these", "those", "i", "me", "we", "us", "you", "he", "she", "they", "them", "just", "so",
    "very", "really", "now", "then", "there", "here", "also", "too", "all", "some", "any", "one",
    "user", "user's", "about", "like", "get", "got", "go", "going", "went", "out", "up", "down",
    "over", "into", "than", "more", "most", "much", "der", "die", "das", "den", "dem", "des",
    "ein", "eine", "einen", "und", "oder", "aber", "ist", "bin", "sind", "war", "hab", "habe",
    "hat", "haben", "nicht", "kein", "keine", "zu", "von", "mit", "bei", "auf", "für", "im", "am",
    "um", "noch", "schon", "auch", "nur", "jetzt", "ich", "mich", "mir", "mein", "meine", "wir",
    "uns", "du", "er", "sie", "es", "man", "mal", "ja", "le", "la", "les", "un", "une", "des",
    "du", "de", "d'", "et", "ou", "mais", "est", "suis", "sont", "ai", "as", "a", "pas", "ne",
    "plus", "que", "qui", "pour", "dans", "sur", "avec", "au", "aux", "ce", "cette", "je", "j'",
    "me", "moi", "mon", "ma", "mes", "nous", "on", "il", "elle", "el", "los", "las", "unos",
    "unas", "y", "o", "es", "soy", "son", "era", "estoy", "está", "he", "ha", "hay", "que", "del",
    "en", "con", "por", "para", "al", "lo", "le", "se", "yo", "mi", "mis", "me", "ya", "muy",
    "il", "lo", "gli", "un", "una", "uno", "e", "ed", "è", "sono", "ho", "ha", "non", "che", "di",
    "del", "della", "nel", "con", "per", "al", "alla", "da", "io", "mi", "mio", "mia", "già", "o",
    "os", "as", "um", "uma", "é", "sou", "são", "tenho", "tem", "não", "do", "da", "dos", "das",
    "em", "no", "na", "com", "por", "para", "ao", "pra", "eu", "meu", "minha", "já", "het", "een",
    "en", "of", "maar", "ben", "zijn", "heb", "heeft", "niet", "geen", "te", "van", "op", "met",
    "voor", "bij", "naar", "om", "ook", "nog", "al", "ik", "mij", "mijn", "wel"
])


def span_of(text: str, lang: str) -> str:
    """The clause without leading interjections, trailing laughter or emoji, and (outside
    English) the first-person subject pronoun."""
    out = _FILLERS.sub("", text.strip()).strip()
    out = _TRAILERS.sub("", out).strip()
    out = _EMOJI.sub("", out).strip(" ,;:-")
    pronoun = _SUBJECT_PRONOUN.get(lang)
    if pronoun is not None:
        out = pronoun.sub("", out, count=1).strip()
    return out


def _third_person(verb: str) -> str:
    low = verb.casefold()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _MODALS or (_PAST.search(low) and low not in _PRESENT_EED) or \
            low in _IRREGULAR_PAST or \
            (low.endswith("s") and not low.endswith("ss")):
        return verb
    if re.search(r"(?:sh|ch|x|z|o|ss)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


def english_third_person(text: str, subject: str = "The user") -> str:
    """An English first-person clause in the third person, about ``subject``."""
    clause = text.strip()
    for pattern, verb in _EN_CONTRACTED:
        m = pattern.match(clause)
        if m is not None:
            rest = clause[m.end():].strip()
            return _possessives(f"{subject} {verb} {rest}".strip())
    m = _EN_SUBJECT.match(clause)
    if m is not None and re.match(r"^(?:i|we)\s", clause, re.I):
        words = m["rest"].split(maxsplit=1)
        adverbs = clause[: len(clause) - len(m["rest"])].split()[1:]
        if words:
            verb = _agreeing(words[0], clause)
            rest = words[1] if len(words) > 1 else ""
            head = " ".join([subject, *adverbs, verb])
            return _possessives(f"{head} {rest}".strip())
    return _possessives(clause)


_EN_INNER_CONTRACTED = (
    (re.compile(r"\bI(?:'m| am) not\b"), "the user isn't"),
    (re.compile(r"\bI(?:'m| am)\b|\bIm\b"), "the user is"),
    (re.compile(r"\bI(?:'ve| have)\b(?= \w+(?:ed|en|t|wn|ne|ng)\b| got\b| to\b| a\b| no\b)"),
     "the user has"),
    (re.compile(r"\bI've\b"), "the user has"),
    (re.compile(r"\bI'd\b"), "the user would"),
    (re.compile(r"\bI'll\b"), "the user will"),
    (re.compile(r"\bI (?:don't|do not|dont)\b"), "the user doesn't"),
    (re.compile(r"\bI haven't\b"), "the user hasn't"),
)
_EN_INNER_I = re.compile(
    r"\bI\s+(?P<adverbs>(?:(?:just|really|also|still|finally|actually|only|now|never|always|"
    r"usually|even|already|often|sometimes)\s+)*)(?P<verb>[a-z][\w']*)")
_EN_COORDINATED = re.compile(
    r"(?P<head>\b(?:and|or|but|then)\s+(?:(?:also|still|now|often|sometimes|usually|always|"
    r"never|then)\s+)?)(?P<verb>[a-z]+)\b")


def _first_person_inside(text: str, whole: str | None = None) -> str:
    """Every inner "I <verb>" of a clause in the third person ("…, and I'm trying to" →
    "…, and the user is trying to"; "before I leave Lyon" → "before the user leaves Lyon")."""
    for pattern, repl in _EN_INNER_CONTRACTED:
        text = pattern.sub(repl, text)

    def agree(m: re.Match[str]) -> str:
        return f"the user {m['adverbs']}{_agreeing(m['verb'], whole or text)}"

    return _EN_INNER_I.sub(agree, text)


def _coordinated_verbs(text: str) -> str:
    """A verb that shares the user's subject after "and" / "or" agrees with it too ("The user
    plays the guitar and sing in a choir" → "… and sings in a choir"): only common verbs in
    their base form, so "tea and coffee" stays as it is."""
    def agree(m: re.Match[str]) -> str:
        verb = m["verb"]
        return m["head"] + (_third_person(verb) if verb in EN_BASE_VERBS else verb)

    head = re.match(r"^The user (?:\w+ly\s+|just\s+|also\s+|still\s+)*(?P<verb>\w+)", text)
    if head is None or head["verb"] in ("is", "was", "has", "had", "will", "would", "can",
                                         "could", "isn't", "doesn't", "didn't", "can't"):
        return text  # only after a verb in the present simple ("The user plays … and sings")
    if head["verb"] == _third_person(head["verb"]) and not head["verb"].endswith("s"):
        return text
    return _EN_COORDINATED.sub(agree, text)


def english_first_person_inside(text: str) -> str:
    """The user's "I", "my", "me" inside a clause about someone else, in the third person
    ("is coming over before I leave Lyon" → "… before the user leaves Lyon")."""
    text = _first_person_inside(text)
    for pattern, repl in _EN_POSSESSIVE:
        text = pattern.sub(repl, text)
    return text


def is_past_verb(word: str) -> bool:
    """Whether an English word is a verb in the past tense ("found", "booked", not "need")."""
    low = word.casefold()
    return low in _IRREGULAR_PAST or (_PAST.search(low) is not None and low not in _PRESENT_EED)


def _possessives(text: str) -> str:
    text = re.sub(r"^(?:my|our)\s+", "The user's ", text, flags=re.I)
    head, _, rest = text.partition(" ")
    rest = _first_person_inside(rest, text)
    for pattern, repl in _EN_POSSESSIVE:
        rest = pattern.sub(repl, rest)
    return _coordinated_verbs(f"{head} {rest}".strip())


_SEASON_STARTS = {3: "spring", 6: "summer", 9: "autumn", 12: "winter"}
"""A season's first month and its English name (a season is three months from it)."""


def date_text(found: TemporalResolution | Days, with_weekday: bool = False) -> str:
    """A resolved expression written out in English ("7 March 2025", "March 2025")."""
    if isinstance(found, Days):
        first, granularity = found.first, found.granularity
        days = (found.end - found.first).days
    else:
        if found.start is None:
            return found.text
        first, granularity = found.start.date(), found.granularity or Granularity.DAY
        days = ((found.end or found.start) - found.start).days
    if granularity is Granularity.MONTH and first.day == 1 and 89 <= days <= 92 and \
            first.month in _SEASON_STARTS:  # "this spring" → "spring 2026"
        season = _SEASON_STARTS[first.month]
        return f"winter {first.year}/{(first.year + 1) % 100:02d}" if season == "winter" \
            else f"{season} {first.year}"
    if granularity is Granularity.MONTH:
        month = f"{_MONTHS[first.month - 1]} {first.year}"
        if first.day == 1 and days >= 28:
            return month
        return {1: f"early {month}", 11: f"mid-{month}"}.get(first.day, f"late {month}")
    if granularity is Granularity.YEAR:
        return str(first.year)
    text = f"{first.day} {_MONTHS[first.month - 1]} {first.year}"
    if granularity is Granularity.WEEK:
        return f"the week of {text}"
    if days == 2 and first.weekday() == 5:
        return f"the weekend of {text}"
    return f"{_WEEKDAYS[first.weekday()]} {text}" if with_weekday else text


_PREPOSITION_BEFORE = re.compile(r"(?i)(?:\bon|\bam|\ble|\bel|\bil|\bop|\ba|\bo|\ben|\bno|"
                                 r"\bna|\bde|\bdia|\bin|\bsince|\buntil|\btill|\bto|\band|\bor|\bthrough|"
                                 r"\bby|\bfrom|\bbetween|\bdal|\bal|\bdel|\bdu|\bau|\bvom|\bbis|"
                                 r"\bhasta|\bdesde|\bvan|\btot|\bvanaf|\bao|\baté|\bzum|\bzur|\bdem|\bden|[-–])\s*$")
"""A preposition (or "to", "and" between two dates) just before a date: the date needs none
of its own ("on 14 May to 18 May", not "to on 18 May")."""

_ARTICLE_BEFORE_DAY = re.compile(r"(?i)\bthe\s+$")
"""English "the" before a day of the month ("on the 3rd"), replaced by the written date."""

_BARE_MONTH = re.compile(r"(?i)(?:last|next|this|that|the\s+following)\s+month\b")
"""An English month said without a preposition ("last month"): written "in May 2025"."""


def _days_said(text: str, reference: datetime, tense: str | None) -> list[Found]:
    """The day, week, month or year expressions of ``text``, resolved; one said as a
    beginning ("since Saturday") lies in the past."""
    from lucidmem.facts.temporal_patterns import looks_back

    pieces = [p for p in scan(text, reference.date(), True, tense) if isinstance(p.piece, Days)]
    if tense != "past" and looks_back(text, pieces):
        pieces = [p for p in scan(text, reference.date(), True, "past")
                  if isinstance(p.piece, Days)]
    return pieces


def range_end(text: str, reference: datetime, tense: str | None) -> date | None:
    """The last day of a range of days that begins on the first day ``text`` says ("Lisbon,
    May 14 to May 18" → 18 May; "in two weeks, Tuesday to Thursday" → that Thursday), or
    ``None`` when no range begins there."""
    pieces = _days_said(text, reference, tense)
    if not pieces:
        return None
    first = pieces[0].piece
    assert isinstance(first, Days)
    for a, b in pairwise(pieces):
        assert isinstance(a.piece, Days) and isinstance(b.piece, Days)
        if joined_as_range(text, a, b) and first.first <= a.piece.first < first.end and \
                b.piece.end > a.piece.first:
            return b.piece.end
    return None


def with_dates(text: str, reference: datetime, tense: str | None,
               lang: str | None = None) -> tuple[str, list[Days]]:
    """``text`` with each resolvable day, week, month or year expression replaced by its date
    (times of day stay as said); also returns the resolved pieces, in order. A date said as
    a beginning ("since Saturday") lies in the past. With the clause's ``lang``, a time said
    as "ago" of a present state is written as its start ("vive en Lima hace dos años" →
    "since …", :func:`lucidmem.facts.temporal_patterns.held_for`)."""
    pieces = _days_said(text, reference, tense)
    out, last, found = [], 0, []
    for p in pieces:
        assert isinstance(p.piece, Days)
        said = text[p.start:p.end]
        weekday = bool(re.search(r"(?i)monday|tuesday|wednesday|thursday|friday|saturday|"
                                 r"sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|"
                                 r"sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|"
                                 r"lunes|martes|miércoles|jueves|viernes|sábado|domingo|lunedì|"
                                 r"martedì|mercoledì|giovedì|venerdì|sabato|domenica|segunda|terça|"
                                 r"quarta|quinta|sexta|maandag|dinsdag|woensdag|donderdag|"
                                 r"vrijdag|zaterdag|zondag|周|星期|礼拜", said))
        written = date_text(p.piece, with_weekday=weekday)
        lead = re.match(r"(?i)(?:on|am|le|el|il|o|a|op|the)\s+", said)
        if p.piece.granularity is Granularity.MONTH and re.match(r"(?i)(?:in|im|en|em|a)\s", said):
            written = "in " + written
        elif p.piece.granularity is Granularity.MONTH and re.match(
                r"(?i)(?:since|seit|depuis|desde|sinds|da|dal|dalla|sedan)\s", said):
            written = "since " + written
        before = text[last:p.start]
        if lead is None and p.piece.granularity is Granularity.DAY:
            # "on the 3rd of July" / "the 14th": the article goes with the date written out,
            # and a preposition already said is not said twice ("on the on 3 July")
            before = _ARTICLE_BEFORE_DAY.sub("", before)
        elif (p.piece.granularity is Granularity.MONTH and _BARE_MONTH.match(said)
              and not _PREPOSITION_BEFORE.search(text[:p.start])):
            written = "in " + written  # "left the job last month" → "… in May 2025"
        needs_on = p.piece.granularity is Granularity.DAY and (
            (lead is None and not _PREPOSITION_BEFORE.search(text[:last] + before))
            or (lead is not None and lead.group(0).strip().casefold() == "on"))
        # "on Friday" keeps its "on" in the date written out: "is on Friday 7 March"
        if lang is not None and held_for(said, text, lang, tense):
            written, needs_on = "since " + written, False
        out.append(before)
        out.append(("on " if needs_on else "") + written)
        last = p.end
        found.append(p.piece)
    out.append(text[last:])
    joined = "".join(out)
    joined = re.sub(r"(?<=[\u4e00-\u9fff])(?=on |in |the week|the weekend|\d{1,2} [A-Z])", " ",
                    joined)
    # a year set off on both sides in Chinese ("店是 1987 年开的"), as a date written out is
    joined = re.sub(r"(?<=\d{4})(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=\d{4}(?!\d))", " ",
                    joined)
    return re.sub(r"\s{2,}", " ", joined).strip(), found


def content_words(texts: Sequence[str]) -> set[str]:
    """Folded content words of ``texts`` (Chinese: character pairs), for overlap tests."""
    import unicodedata

    words: set[str] = set()
    for text in texts:
        folded = unicodedata.normalize("NFKD", text.casefold())
        folded = "".join(c for c in folded if not unicodedata.combining(c))
        for token in re.findall(r"[\u4e00-\u9fff]{2,}|[^\W\d_]{3,}|\d+", folded):
            if re.search(r"[\u4e00-\u9fff]", token):
                words.update(token[i:i + 2] for i in range(len(token) - 1))
            elif token not in _STOP:
                words.add(token)
    return words


_SECOND = (
    (re.compile(r"^The user's "), "Your "),
    (re.compile(r"^The user is\b"), "You are"),
    (re.compile(r"^The user isn't\b"), "You aren't"),
    (re.compile(r"^The user has\b"), "You have"),
    (re.compile(r"^The user hasn't\b"), "You haven't"),
    (re.compile(r"^The user was\b"), "You were"),
    (re.compile(r"^The user doesn't\b"), "You don't"),
    (re.compile(r"^The user \("), "You ("),
)


def second_person(text: str) -> str:
    """A fact's sentence said to the user ("The user drinks tea" → "You drink tea")."""
    for pattern, repl in _SECOND:
        if pattern.match(text):
            return _possessive_you(pattern.sub(repl, text, count=1))
    m = re.match(r"^The user (\w+?)(ies|es|s)\b", text)
    if m is not None:
        verb = m.group(1) + ("y" if m.group(2) == "ies" else "")
        if m.group(2) == "es" and not re.search(r"(?:sh|ch|x|z|o|ss)$", m.group(1)):
            verb = m.group(1) + "e"
        return _possessive_you("You " + verb + text[m.end():])
    return _possessive_you(re.sub(r"^The user\b", "You", text))


def _possessive_you(text: str) -> str:
    return re.sub(r"\bthe user\b", "you", re.sub(r"\bthe user's", "your", text))
