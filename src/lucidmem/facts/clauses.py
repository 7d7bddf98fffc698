"""Split a turn into sentences and clauses, set quoted speech aside, and read each clause's
cues (question, request, hypothetical, sarcasm, reported speech, negation, one-off, habit,
correction, retraction, hedge, change, exclusive, cessation, context).

A clause is the unit the slot classifier reads and a fact's evidence: a sentence, cut where
a new subject or a contrast begins ("…, but I …", "…, so we …", Chinese "，"). Quoted text
(“…”, «…», „…“, "…", 「…」) is someone else's words, an example or another language: it is
replaced by ``"…"`` in its clause and never read as the user's own statement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache

from lucidmem.facts.chat_words import chat_written_out
from lucidmem.facts.cue_lexicon import (
    CONTEXTS,
    DE_NOT_FIRST_PERSON_VERBS,
    EN_BASE_VERBS,
    FIRST_PERSON_VERBS,
    LANGUAGES,
    NOT_THIS_LEADS,
    RELATIONS,
    SEASON_CONTEXTS,
    SLIP_OPENERS,
    WORK_RELATION_NOUNS,
    cue_pattern,
    find_cue,
    has_cue,
)
from lucidmem.facts.language import Detected, detect, votes
from lucidmem.facts.lowercase_names import names_capitalised
from lucidmem.facts.people import only_a_new_relation, only_a_relation
from lucidmem.facts.sentence_breaks import has_stops, unstopped_sentences
from lucidmem.facts.temporal_lexicon import DAY_WORDS, MONTHS, WEEKDAYS, said_weekday

__all__ = [
    "THE_USER_IN",
    "ZH_ASKS",
    "Clause",
    "Cues",
    "after_short_lead",
    "bare_contrast",
    "clauses_of",
    "day_said",
    "opens_with_and_a_day",
    "plain_apostrophes",
    "read_cues",
    "says_what_there_is",
    "slip_lead",
    "zh_asks",
]

QUOTE_MARK = "“…”"
"""What a quoted passage is replaced by inside its clause."""

_QUOTES = re.compile(
    r"“[^”]{2,}”|«[^»]{2,}»|„[^“”]{2,}[“”]|「[^」]{1,}」|『[^』]{1,}』|‘[^’]{3,}’"
    r"|(?<![\w])\"[^\"]{2,}\"(?![\w])|(?<![\w'])'(?:[^'\n]|(?<=\w)'(?=\w)){6,}'(?![\w])")
"""Quoted words. Inside single quotes an apostrophe between letters is part of a word
("'Gelecek yıl Ankara'ya taşınacağım.'", "'je m'installe à Lyon'", "'I can't stay'"), not
the end of the quote."""
_ANY_SLIP_OPENER = "|".join(sorted({re.escape(w) for ws in SLIP_OPENERS.values() for w in ws},
                                    key=len, reverse=True))
_TYPED_APOSTROPHE = re.compile(r"(?<=\w)[’ʼ`´](?=\w)")
"""An apostrophe inside a word typed as a phone or a word processor types it ("I’d", "l’appart",
"t’ho", "zo’n")."""


def plain_apostrophes(text: str) -> str:
    """``text`` with every apostrophe inside a word written ``'``, as the reader's words and
    patterns are ("I’d love to live in Lisbon" reads as "I'd love …"). A closing quote (’ after
    a word, before a space) is left as it is."""
    return _TYPED_APOSTROPHE.sub("'", text)


_FIRST_PERSON_OPENERS = r"i|we|ich|wir|je|j['’]|nous|yo|nosotros|io|noi|eu|nós|ik|wij"
"""The user speaking of themselves after a dash: "Iris heeft hem aan de praat gekregen – we
wonen hier in het Spijkerkwartier" is the user's own sentence, not more of Iris's."""
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[!?])(?=[^\W\d_])|[。！？\n]+|\s+-\s+|\s*;\s*|"
                           r"(?i:\s+[–—]\s+(?=(?:" + _ANY_SLIP_OPENER + r")(?!\w)))|"
                           r"(?i:\s+[–—]\s+(?=(?:" + _FIRST_PERSON_OPENERS + r")\s))|"
                           r"(?<=……)(?=[^\s…。！？.!?”])|"
                           r"(?<=[.]{3})(?=\S)|(?<=[\U0001F300-\U0001FAFF\uFE0F])\s+(?=[\u4e00-\u9fff]|[A-ZÀ-ÖØ-Þ])|"
                           r"(?<=[\U0001F300-\U0001FAFF])\s+(?=[¿¡]?[^\W\d_][^.!?\n]*\?)")
"""Where a sentence ends: a stop, a line break, a dash or semicolon between words, or an
emoji with more words after it: in Chinese ("老师说他下一盘能站起来十次 😂 这学期给他报了轮滑":
the teacher's words end at the laugh), before a capitalised word ("… picked up the RAV4 🙌 The
Tacoma finally gave up …"), elsewhere when a question follows ("I moved to Ghent
last month 🙂 Any tips for bars?", "vorstellungsgespräch ist übermorgen 😬 kannst du mir 3
fragen geben?": the question is a sentence of its own, not the move's). An en or em dash
ends one before a slip put right ("am 14. März – nein, am 16.") and before the user speaking
of themselves ("… aan de praat gekregen – we wonen hier in het Spijkerkwartier"): elsewhere
it sets a remark in. The Chinese ellipsis "……" ends one with no space after it ("牙医预约是3月14号……
不对，16号")."""
_THERE_IS: dict[str, str] = {
    "en": r"there(?:'s|’s|\s+is|\s+are|\s+was|\s+were|\s+isn't|\s+aren't)\b",
    "de": r"es\s+gibt\b",
    "fr": r"il\s+(?:n'|n’)?y\s+(?:a|avait)\b",
    "es": r"(?:ya\s+)?(?:no\s+)?(?:hay|había|quedan?|quedaba)\b",
    "it": r"(?:non\s+)?(?:c'è|c’è|ci\s+sono|ci\s+sta)(?!\w)",
    "pt": r"(?:já\s+)?(?:não\s+)?(?:há|havia|sobra|sobram)(?!\w)",
    "nl": r"er\s+(?:is|zijn|was|waren)\b",
}
"""What opens a clause that says something exists or is left ("…, and there's nothing
decent left on the list", "…, y ya no hay entradas"): it has a subject of its own, so it is
cut from a plan or habit said before it, whose "no longer" it is not."""
_CUT_WORDS: dict[str, str] = {
    "en": r"but|so|because|although|though|while|whereas|and(?=\s+(?:says|said)\s)|"
          r"and(?=\s+(?:(?:remember|also)\s+)?(?:i\b(?!\s+(?:are|were|both)\b)|i'm|we\b|my\b|"
          r"she\b|he\b|"
          + _THERE_IS["en"] + r"))",
    "de": r"aber|doch|weil|obwohl|also|und(?=\s+(?:sagt|meint|erzählt)\s)|"
          r"und(?=\s+(?:ich\b(?!\s+(?:sind|\w+en)\b)|wir\b|mein|"
          r"sie\b|er\b|"
          + _THERE_IS["de"] + r"))",
    "fr": r"mais|donc|parce\s+que|alors|puisque|et(?=\s+(?:dit|raconte)\s)|"
          r"et(?=\s+(?:je\b|j'|on\b|mon\b|ma\b|elle\b|il\b|"
          + _THERE_IS["fr"] + r"))",
    "es": r"pero|así\s+que|porque|aunque|y(?=\s+(?:dice|dijo|cuenta|contó)\s)|"
          r"y(?=\s+(?:yo\b(?!\s+(?:somos|vamos|\w+(?:amos|emos|imos))\b)|mi\b|ella\b|él\b|"
          r"me\s+(?:encanta|fascina|chifla)\b|"
          + _THERE_IS["es"] + r"))",
    "it": r"ma|però|quindi|(?<!\bso\s)perché|anche\s+se|e(?=\s+(?:dice|ha\s+detto|racconta)\s)|"
          r"e(?=\s+(?:io\b(?!\s+(?:siamo|\w+iamo)\b)|(?:(?:la|il)\s+)?mi[oa]\b|lei\b|lui\b|"
          + _THERE_IS["it"] + r"))",
    "pt": r"mas|então|(?<!\bsei\s)porque|embora|e(?=\s+(?:diz|disse|conta|contou)\s)|"
          r"e(?=\s+(?:eu\b(?!\s+(?:somos|vamos|\w+(?:amos|emos|imos))\b)|(?:o\s+)?meu\b|"
          r"(?:a\s+)?minha\b|ela\b|ele\b|" + _THERE_IS["pt"] +
          r"))",
    "nl": r"en(?=\s+(?:zegt|zei|vertelt)\s)|"
          r"maar(?<!nog\smaar)(?!\s+(?:één|1|twee|drie|vier|vijf|\d)\b)|dus|omdat|hoewel|"
          r"en(?=\s+(?:ik\b(?!\s+(?!(?:ben|ken|open|teken|reken|herken|erken)\b)\w{2,}en\b)|"
          r"mijn\b|ze\b|hij\b|zij\b|" +
          _THERE_IS["nl"] + r"))",
}
"""Words that begin a new clause. Dutch "maar" after "nog" or before a number is "only",
no "but" ("nu nog maar één schep", "ik werk maar twee dagen"); "why" after "I don't know"
goes on with it ("non so perché l'ho scritto", "não sei porque escrevi isso"). "And says"
begins what someone else says ("mi hermana es técnica en enfermería y dice que se va a
Madrid": the user's statement, then her words)."""
_AND_THE: dict[str, str] = {
    "en": r"and\s+the\s+[a-z]{3,}(?=(?:\s+\S+){0,3}?\s+(?:is|was|asked|said|says|wants|"
          r"told|gave|has|had)\b)",
    "fr": r"et\s+(?:le|la|l['’])\s*[a-zà-ÿ]{4,}(?=(?:\s+\S+){0,3}?\s+(?:m['’]|me\s+)?"
          r"(?:a|est|veut|dit)\b)",
    "es": r"y\s+(?:el|la)\s+[a-zá-ú]{4,}(?=(?:\s+\S+){0,3}?\s+(?:me\s+)?"
          r"(?:[a-zá-ú]{2,}ió|dijo|pidió|quiere|es|está|tiene)(?!\w))",
    "it": r"e\s+(?:il|la|lo|l['’])\s*[a-zà-ù]{4,}(?=(?:\s+\S+){0,3}?\s+(?:mi\s+)?"
          r"(?:ha|è|vuole|dice)(?!\w))",
    "pt": r"e\s+(?:o|a)\s+[a-zà-ú]{4,}(?=(?:\s+\S+){0,3}?\s+(?:[a-zà-ú]{2,}(?:ou|eu|iu)"
          r"(?:-me|-nos)?|disse|quer|é|está|tem)(?![\w-]))",
    "de": r"und\s+(?:der|die|das)\s+[A-ZÄÖÜ]",
    "nl": r"en\s+(?:de|het)\s+[a-z]{3,}(?=(?:\s+\S+){0,4}?\s+(?:is|was|zijn|waren|wordt|"
          r"heeft|gaat|ligt|staat)\b)",
}
""""And" with a new subject after a comma ("Frau Lenz ist total entspannt, und die Fahrt an
der Saar entlang ist so viel schöner …"): German and Dutch put no comma before the "and" of a
list, so the comma says a new clause; in Dutch only with a verb a few words after the
noun, and so in the other languages, whose lists may have a comma before "and" ("Trabalho na
fábrica de conservas, na linha das sardinhas, e a encarregada pediu-me …": her request, not
the user's work)."""
_NOW_START: dict[str, str] = {
    "en": r"now\b|nowadays\b|these\s+days\b|starting\s+(?:at|with|in|on|next)\b",
    "de": r"jetzt\b|nun\b|inzwischen\b|mittlerweile\b",
    "fr": r"maintenant\b|désormais\b|aujourd'hui\s+je\b",
    "es": r"ahora\b|ahorita\b|empiezo\b|empezando\b",
    "it": r"adesso\b|ora\b|ormai\b|inizio\b|comincio\b",
    "pt": r"agora\b|hoje\s+em\s+dia\b|começo\b",
    "nl": r"nu\b|tegenwoordig\b|inmiddels\b",
}
"""Words that start a clause about the present or what begins next after a comma ("ho
lasciato la banca, adesso faccio il barista", "handed in my notice, starting at a clinic in
June"): the clause before says what was, this one what is, and each is read on its own (the
word stays: it is the change's cue)."""

_NEXT_DAYS = "|".join(sorted((re.escape(d) for d in WEEKDAYS if "-" not in d), key=len,
                             reverse=True))
_AND_A_DAY: dict[str, str] = {
    lang: r"(?:" + word + r")\s+(?:(?:" + before + r")\s+)?(?:" + _NEXT_DAYS + "|" + tomorrow +
    r")\b" for lang, (word, before, tomorrow) in {
        "en": ("and", "on|next|this", "tomorrow"), "de": ("und", "am|nächsten|diesen", "morgen"),
        "fr": ("et", "ce", "demain"), "es": ("y", "el|este", "mañana"),
        "it": ("e", "questa|questo|il", "domani"), "pt": ("e", "na|no|nesta|neste", "amanhã"),
        "nl": ("en", "op|volgende|deze", "morgen"),
    }.items()}
""""And" with a day after a comma ("…, dopo che la dottoressa mi ha trovato il ferro basso,
e domenica li voglio portare io a Treia"): a plan of its own, cut from what was said before
it, whose habit or change it is not."""

_AND_A_DAY_OPENS: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*" + pattern) for lang, pattern in _AND_A_DAY.items()}


def opens_with_and_a_day(text: str, lang: str) -> bool:
    """Whether a clause opens with "and" and a day (:data:`_AND_A_DAY`): a plan of its own,
    cut from the sentence before it ("e domenica li porto io a Treia")."""
    pattern = _AND_A_DAY_OPENS.get(lang)
    return pattern is not None and pattern.match(text) is not None


_SUBJECT_START: dict[str, str] = {
    "en": r"i\b|i'm|i've|i'd|we\b|we're|my\b|our\b|she\b|he\b|she's|he's|they\b|it's\b|"
          r"it\s+is\b|that's\b",
    "de": r"ich\b|wir\b|mein\w*|unser\w*|sie\b|er\b|hab\b|bin\b|"
          # verb second: a fronted phrase, the verb, then "ich" ("…, ab Mai bin ich bei X")
          r"(?:[\wäöüß]+\s+){1,3}(?:bin|habe|hab|war|werde|arbeite|wohne|mache|spiele|"
          r"trinke|fahre|gehe|vertrage|esse|lerne)\s+(?:ich|wir)\b",
    "fr": r"je\b|j'|on\b|mon\b|ma\b|mes\b|elle\b|il\b|nous\b|c'est\b|ce\s+n'est\b",
    "es": r"yo\b|mi\b|mis\b|ella\b|él\b|nosotros\b|soy\b|estoy\b|tengo\b|"
          r"(?:trabajo|vivo)\s+(?:en|de|como|para)\b",
    "it": r"io\b|mio\b|mia\b|miei\b|lei\b|lui\b|sono\b|ho\b|"
          r"(?:lavoro|abito|vivo)\s+(?:in|a|da|al|alla|come|presso)\b",
    "pt": r"eu\b|meu\b|minha\b|ela\b|ele\b|sou\b|estou\b|tenho\b|"
          r"(?:trabalho|moro|vivo)\s+(?:na|no|em|como|para)\b",
    "nl": r"ik\b|mijn\b|we\b|wij\b|ze\b|zij\b|hij\b|het\s+is\b|dat\s+is\b",
}


@dataclass(frozen=True, slots=True)
class Cues:
    """What a clause's small words say about it."""

    question: bool = False
    request: bool = False
    hypothetical: bool = False
    sarcasm: bool = False
    reported: bool = False
    quoted: bool = False
    negated: bool = False
    one_off: bool = False
    habit: bool = False
    correction: bool = False
    retraction: bool = False
    hedge: bool = False
    change: bool = False
    exclusive: bool = False
    cessation: bool = False
    start: bool = False
    context: str | None = None


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a turn: its text (quotes replaced), the sentence it belongs to, its
    language and cues. ``quotes`` are the quoted passages of its sentence."""

    text: str
    sentence: str
    language: str
    supported: bool
    cues: Cues
    index: int
    quotes: tuple[str, ...] = field(default=())
    asked_value: str | None = None
    """The wrong value a question about what the user said names in a "that" clause ("¿te
    dije que Lucía vive en Toledo?" → "Toledo"), read against the clauses after it."""


_ABBREVIATIONS = re.compile(
    r"(?i)\b(St|Dr|Dra|Dre|Dott|Mr|Mrs|Ms|Prof|Sr|Sra|Srta|Sig|Sigra|Hr|Fr|Mevr|Dhr|Ing|Lic|Jr|"
    r"vs|etc|e\.g|i\.e|No|Nr|ca|bzw|z\.B|usw|Mme|Mlle|Av|Avda|Pl|Str)\.(?=\s)")
"""Abbreviations whose period ends no sentence: titles before a name ("a Dra. Fernanda",
"il Dott. Rinaldi", "Hr. Vogel", "mevr. Jansen"), "etc.", street words."""


_ORDINAL_DAY = re.compile(
    r"(?<![\d.])(\d{1,2})\.(?=\s+(?i:" + "|".join(sorted(MONTHS, key=len, reverse=True))
    + r")\b)|(?<![\w.])((?i:am|an|der|den|dem|des|zum|zur|vom|im|bis|ab|seit|und)\s+\d{1,2})\."
    r"(?=\s+[a-zäöüß])")
"""A German-style ordinal ("am 12. Juli", "der 3. und 4."): its period ends no sentence. Before
a word in small letters only after a German word of days ("am", "der", "bis"): in chat
without capitals "dan wordt lotte 30. o nee wacht, 28 oktober" is two sentences."""


_LAUGH_THEN_A_QUESTION = re.compile(
    r"(?i)(?<![\w])((?:k{3,}|(?:ha){2,}h?|(?:ja){2,}|(?:he){2,}|lol|lmao|mdr|ptdr|rsrs))"
    r"\s+(?=[¿¡]?[^\W\d_][^.!?\n]*\?)")
"""Laughter in chat with a question after it ("… o vizinho me chamou pra pescar kkkk o que
levo de presente pra ele?"): the laughter ends the sentence, as an emoji there does, so the
statement before it is no part of the question."""


_LAUGH_THEN_AND = re.compile(
    r"(?i)(?<![\w])((?:k{3,}|(?:ha){2,}h?|(?:ja){2,}|(?:he){2,}|(?:rs){2,}|lol|lmao|mdr|ptdr))"
    r"\s+(?=(?:e|y|and|et|und|en|ma|mas|but|pero|mais|aber|maar)\s+\w)")
"""Laughter in chat with "and" or "but" after it ("se eu ganhasse na mega-sena comprava um
barco kkkk e mes q vem vou pra estancia no são joão"): the laughter ends the sentence, so
what comes after it is no part of the daydream or the joke before."""


def _split_sentences(text: str, lang: str) -> list[str]:
    """The sentences of a turn: cut at stops, line breaks and the other ends of
    :data:`_SENTENCE_END`; in a turn typed with no stop at all, also where the sentence-break
    model says one ends (:func:`lucidmem.facts.sentence_breaks.unstopped_sentences`)."""
    text = _LAUGH_THEN_A_QUESTION.sub(lambda m: m.group(1) + "\n", text)
    text = _LAUGH_THEN_AND.sub(lambda m: m.group(1) + "\n", text)
    protected = _ABBREVIATIONS.sub(lambda m: m.group(1) + "\u2024", text)
    protected = _ORDINAL_DAY.sub(lambda m: (m.group(1) or m.group(2)) + "\u2024", protected)
    sentences = _why_said_joined([part for s in _SENTENCE_END.split(protected)
                                  if s and s.strip(" .,!?…")
                                  for part in _laugh_ends_words(
                                      s.strip().replace("\u2024", "."), lang)], lang)
    if has_stops(text) or lang not in LANGUAGES:
        return sentences
    return [piece for sentence in sentences
            for piece in unstopped_sentences(sentence, lang, runs_on=lambda p: _runs_on(p, lang))]


_LAUGH = re.compile(r"(?<=[\U0001F600-\U0001F64F\U0001F910-\U0001F92F\U0001F970-\U0001F97A])"
                    r"\s+(?=[^\W\d_])")
"""A face emoji with more words after it."""


def _laugh_ends_words(sentence: str, lang: str) -> list[str]:
    """A sentence that tells what someone else says, cut at a face emoji after it ("opa
    heinz sagt, er war als kind radschläger … 😂 | der wohnt seit 60 jahren in oberkassel"):
    the laugh ends their words, in chat written small too. Other sentences stay whole."""
    cut = _LAUGH.search(sentence)
    if cut is None or not has_cue("reported", lang, sentence[:cut.start()]):
        return [sentence]
    return [sentence[:cut.start()].strip(), *_laugh_ends_words(sentence[cut.end():], lang)]


def _why_said_joined(sentences: list[str], lang: str) -> list[str]:
    """A short sentence that wonders why the user said something ("No idea why I said that!")
    joined to the sentence before it, which says what they said ("months ago I told you he's
    a lifeguard at Caswell, no idea why I said that!"): together they call it wrong."""
    out: list[str] = []
    for sentence in sentences:
        if out and len(sentence.split()) <= 8 and has_cue("why_said", lang, sentence) and \
                has_cue("recalled_saying", lang, out[-1]):  # (what was said, said before)
            said = sentence if re.match(r"(?:I|Ich)\b", sentence) else \
                sentence[:1].lower() + sentence[1:]  # ("No" inside a sentence is a name)
            out[-1] = f"{out[-1].rstrip(' .!?…')}, {said}"
        else:
            out.append(sentence)
    return out


def _runs_on(piece: str, lang: str) -> bool:
    """Whether a sentence typed without stops cannot end after ``piece``: it is the condition
    of an "if" sentence ("if i won megabucks | we'd grab a place"), or it ends with a relation
    whose name follows ("Danke dir Mein Sohn | Jonas fängt im August an")."""
    words = piece.split()
    return _starts_with_if(piece, lang) or any(
        only_a_relation(" ".join(words[-size:]), lang) for size in (2, 3) if len(words) >= size)


def _merge_fragments(pieces: list[str], lang: str) -> list[str]:
    """Glue a piece of one or two words ("niente nocciole", "Assam") to its neighbour in
    the same sentence: alone it says nothing, beside the clause it belongs to it is the
    value. Not the stopping of something named ("Cancelled PureGym", "Sold the Corsa"): that
    says something ("le lait de vache, c'est fini" stays one)."""
    out: list[str] = []
    carry = ""
    for piece in pieces:
        piece = f"{carry}, {piece}" if carry else piece
        carry = ""
        size = len(piece) if lang == "zh" else len(piece.split())
        if size <= (4 if lang == "zh" else 2) and len(pieces) > 1 and \
                not (lang != "zh" and has_cue("cessation", lang, piece) and
                     re.search(r"\s[A-ZÀ-Þ]", piece)):  # ("Cancelled PureGym, I've joined the
            # climbing wall": the stopping of something named is a clause of its own)
            if out and piece is pieces[-1]:
                out[-1] = f"{out[-1]}, {piece}"
                continue
            carry = piece
            continue
        out.append(piece)
    if carry:
        if out:
            out[-1] = f"{out[-1]}, {carry}"
        else:
            out.append(carry)
    return out


ZH_ASKS = re.compile(r"[吗么呢][\s？?]*$|有啥|什么|哪|怎么|多少|几[个点天]|推荐|有没有")
"""Words and particles that make a Chinese clause a question (see :func:`zh_asks`)."""
_ZH_NOT_ASKING = re.compile(r"几乎|哪怕|不怎么|没什么|不什么|什么的|多多少少|多少有点|这么|那么|"
                            r"多么|要么|怎么也|怎么都|"
                            r"(?<=[人们他她妈爸都也还])问(?:我|我们)?[^，。！？,]*")
"""Words that hold a question word and ask nothing: 几乎 (almost), 哪怕 (even if), 不怎么
(not very), 没什么 (nothing much), 什么的 (and so on), 多少有点 (somewhat), 这么 (so) …; and
what someone else asked ("好多人问是不是单反拍的": a question told, not one to the
assistant)."""


def zh_asks(text: str) -> bool:
    """Whether a Chinese clause asks something (:data:`ZH_ASKS`), its words that only look
    like question words ("我现在几乎每天早上游一公里") left out."""
    return ZH_ASKS.search(_ZH_NOT_ASKING.sub("", text)) is not None


def _zh_question_tail(part: str) -> list[str]:
    """A Chinese statement that ends in a question ("下周三是她的生日，有啥餐厅推荐吗") is
    two clauses: the statement and the question, so the question does not silence what
    was stated before it."""
    head, _, tail = part.rpartition("，")
    if head.strip(" ，,") and zh_asks(tail) and not zh_asks(head):
        return [head.strip(), tail.strip()]
    return [part]


_WHENEVER: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:" + words + r")(?:\s|(?<=[\u4e00-\u9fff]))")
    for lang, words in {
        "en": r"whenever|every\s+time|each\s+time|any\s+time",
        "de": r"immer\s+wenn|jedes\s*mal,?\s+wenn|wann\s+immer",
        "fr": r"(?:à\s+)?chaque\s+fois\s+que?|toutes\s+les\s+fois\s+que?",
        "es": r"cada\s+vez\s+que|siempre\s+que",
        "it": r"ogni\s+volta\s+che|tutte\s+le\s+volte\s+che",
        "pt": r"sempre\s+que|toda\s+vez\s+que|cada\s+vez\s+que",
        "nl": r"telkens\s+(?:als|wanneer)|(?:elke|iedere)\s+keer\s+(?:als|dat)",
        "zh": r"每次|每当|每回"}.items()}
"""A clause that says when a habit happens ("whenever I put on jazz, …"): it belongs to the
clause after it, which says what the user then does."""


def _keep_whenever(pieces: list[str], lang: str) -> list[str]:
    """Pieces with a "whenever …" clause joined to the clause that follows it."""
    pattern = _WHENEVER.get(lang)
    if pattern is None:
        return pieces
    out: list[str] = []
    i = 0
    while i < len(pieces):
        if pattern.match(pieces[i]) and i + 1 < len(pieces):
            joiner = "，" if lang == "zh" else ", "
            out.append(pieces[i].rstrip(" ,，") + joiner + pieces[i + 1])
            i += 2
            continue
        out.append(pieces[i])
        i += 1
    return out


_EMOJI = r"[\U0001F300-\U0001FAFF\u2600-\u27BF]"
_AH_AFTER = re.compile(r"(?i)(?:,|\s" + _EMOJI + r"+)\s+(?=(?:ah|oh)\s+\w)")
""""Ah" after a comma or an emoji, in the middle of a sentence ("…, da marzo è vicedirettrice
della sua filiale 🎉 ah e scordati quello …", "ok ci provo, ah lavoro all'acciaieria …"): a
new thought comes to the user, a clause of its own."""

_SAID_WRONG_AFTER_COMMA: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i),\s+(?=(?:(?:ah|oh|and|y|e|et|und|en|ok)\s+){0,2}(?:" + words +
                     r")(?!\w))") for lang, words in {
        "en": r"i\s+(?:told\s+you|said\s+(?:it|that))\s+wrong|i\s+got\s+(?:it|that)\s+wrong",
        "de": r"(?:ich\s+)?hab(?:e)?\s+mich\s+(?:vertan|geirrt)",
        "fr": r"je\s+me\s+suis\s+trompée?|je\s+t['’]ai\s+dit\s+n['’]importe\s+quoi",
        "es": r"(?:te\s+|le\s+)?(?:lo\s+)?dije\s+mal|me\s+equivoqué",
        "it": r"(?:ti\s+)?ho\s+detto\s+male|mi\s+sono\s+sbagliat[oa]",
        "pt": r"(?:te\s+)?(?:falei|disse)\s+errado|me\s+enganei",
        "nl": r"ik\s+heb\s+me\s+vergist|ik\s+zei\s+het\s+verkeerd",
    }.items()}
"""A correction's opening after a comma, in the middle of a sentence ("…, y anda nerviosa, ah
y te dije mal la otra vez, no estudia enfermería, …"): what comes before it is another
statement, which the correction must not take for its own."""

_QUESTION_AFTER_COMMA: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i),\s+(?=(?:" + words + r")\b)") for lang, words in {
        "en": r"what|how|where|when|which|who|any\s+idea|can\s+you|could\s+you|"
              r"do\s+you(?!\s+think)|"
              r"should\s+i|is\s+that|is\s+it|do\s+they\s+(?:pay|cover)|"
              r"will\s+they\s+(?:pay|cover)|any\s+(?:ideas?|tips?|suggestions?|"
              r"recommendations?|advice|thoughts)|got\s+any|have\s+you|would\s+you|"
              r"(?:ideas?|tips?)\s+for",
        "de": r"was|wie|wo|wann|welche[snmr]?|wer|kannst\s+du|hast\s+du|weißt\s+du|soll\s+ich|"
              r"ist\s+das|(?:zahlen|bezahlen|übernehmen|erstatten)\s+(?:die|sie)|"
              r"habt\s+ihr|haben\s+Sie|irgendwelche|irgendeine|eine\s+idee|ideen|tipps?",
        "fr": r"qu'est-ce|comment|où|quand|quel(?:le)?s?|tu\s+(?:as|peux|sais)|"
              r"est-ce|c'est\s+grave|(?:ils|elle)\s+(?:paient|paie|remboursent|rembourse)|"
              r"une\s+idée|des\s+idées|des\s+conseils|un\s+conseil|des\s+astuces|"
              r"tu\s+(?:me\s+)?(?:conseilles|recommandes|connais)|t'as|vous\s+avez|"
              r"avez-vous|as-tu|tu\s+m['’]aides|tu\s+me\s+(?:donnes|dis|files)|"
              r"vous\s+pouvez|pouvez-vous|tu\s+pourrais",
        "es": r"qué|cómo|dónde|cuándo|cuál(?:es)?|sabes|puedes|me\s+recomiendas|es\s+normal|"
              r"(?:q|k|que)\s+(?:le|les|me|te)\s+(?:regalo|compro|digo|hago|escribo|mando)|"
              # what someone has to take or do, asked in chat ("…, q tiene q llevar?")
              r"(?:q|k|que)\s+(?:tiene|tengo|tienen|necesita|necesito|debe|debo)\s+(?:q|k|que)|"
              r"(?:q|k)\s+(?:llevo|lleva|llevamos|hago|hace|compro|cocino|preparo)|"
              r"(?:me\s+)?lo\s+(?:cubren|pagan|cubre|paga)|¿|alguna\s+idea|"
              r"alg[uú]n\s+consejo|alguna\s+recomendación|ideas|consejos|tienes|"
              r"me\s+(?:ayudas|das|escribes|haces|pasas|mandas)",
        "it": r"cosa|che\s+cosa|come|dove|quando|quale|sai|puoi|mi\s+consigli|è\s+normale|"
              r"(?:me\s+)?lo\s+(?:pagano|rimborsano|coprono|passano)|hai|avete|"
              r"qualche\s+(?:idea|consiglio|dritta)|idee|consigli|"
              r"mi\s+(?:aiuti|dai|scrivi|fai|prepari|trovi|dici)|"
              r"che\s+(?:posso|faccio|devo|dico|gli\s+dico|le\s+dico|mi\s+consigli)|"
              r"che\s+(?:ne\s+)?dici|dici\s+che",
        "pt": r"o\s+que|como|onde|quando|qual|sabe|sabes|pode|podes|me\s+indica|é\s+normal|"
              r"(?:eles\s+)?(?:cobrem|pagam|reembolsam)|alguma\s+(?:ideia|dica|sugestão)|"
              r"ideias|dicas|tens|tem\s+alguma|(?:você|vc)\s+tem|"
              r"me\s+(?:ajuda|dá|escreve|manda|passa)",
        "nl": r"wat|hoe|waar|wanneer|welke|weet\s+je|kun\s+je|is\s+dat|"
              r"(?:betalen|vergoeden|dekken)\s+ze|heb\s+je|heeft\s+u|hebben\s+jullie|"
              r"enig\s+idee|ideeën|(?:nog\s+)?tips|ken\s+je|weet\s+jij|help\s+je\s+me|"
              r"help\s+jij\s+me|kan\s+je|kun\s+jij|wil\s+je\s+me|zou\s+je\s+me"}.items()}
"""A question after a statement in one sentence ("next Thursday I get a wisdom tooth out, what
can I eat after?", "ich bin bei der AOK, zahlen die das?" asked of the insurer): the
question is a clause of its own, so the statement is still read. A tag that doubts the
statement ("je suis intolérant au lactose, tu crois ?", "…, do you think?") is no new
question: the statement stays asked."""


_PLACE_NAME = (r"[A-ZÀ-ÖØ-Þ][\w'’-]*(?:\s+(?:de|del|di|da|do|van|der|la|le|den)?\s*"
               r"[A-ZÀ-ÖØ-Þ][\w'’-]*)*")
_SINCE_MOVED: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i:(?<!\w)(?:" + lead + r"))\s+(?:" + _PLACE_NAME + r")" + tail
                     + r"(?=\s+[a-zà-öø-ÿ])") for lang, (lead, tail) in {
        "en": (r"since\s+(?:I|we)(?:'ve|\s+have)?\s+(?:moved|relocated)\s+(?:back\s+)?"
               r"(?:to|into)", ""),
        "fr": (r"depuis\s+qu(?:e\s+|')(?:je\s+|j'|on\s+|nous\s+)(?:me\s+suis|nous\s+sommes|"
               r"suis|sommes|a|avons|ai)\s+(?:installée?s?|emménagée?s?|déménagée?s?|arrivée?s?)"
               r"\s+(?:à|a|en|au|dans)", ""),
        "es": (r"desde\s+que\s+(?:me\s+mudé|nos\s+mudamos|me\s+vine|nos\s+vinimos|vine|"
               r"vinimos|me\s+trasladé|nos\s+trasladamos|vivo|vivimos)\s+(?:a|en|para)", ""),
        "it": (r"da\s+quando\s+(?:mi\s+sono|ci\s+siamo|sono|siamo)\s+(?:trasferit[oaie]|"
               r"spostat[oaie]|venut[oaie]|andat[oaie]\s+a\s+vivere)\s+(?:a|in)|"
               r"da\s+quando\s+(?:abito|abitiamo|vivo|viviamo)\s+(?:a|in)", ""),
        "pt": (r"desde\s+que\s+(?:me\s+mudei|nos\s+mudamos|mudei|mudamos|vim|viemos|"
               r"moro|moramos)\s+(?:para|pra|pro|a|em|no|na)", ""),
        "nl": (r"sinds\s+(?:ik|we|wij)\s+(?:naar|in)",
               r"\s+(?:(?:zijn|ben)\s+(?:verhuisd|gaan\s+wonen)|(?:verhuisd|gaan\s+wonen)\s+"
               r"(?:zijn|ben)|woon|wonen)"),
        "de": (r"seit\s+(?:ich|wir)\s+(?:in|nach)",
               r"\s+(?:(?:gezogen|umgezogen)\s+(?:bin|sind)|wohne|wohnen)"),
    }.items()}
"""A clause saying since when the user lives somewhere, run into the clause it dates
without a comma ("desde que me mudé a Málaga voy a la playa cada día", "sinds we naar Leiden
zijn verhuisd fiets ik overal heen"): the place name ends it, so it is a clause of its own,
and the move is not read as part of the habit."""


STOPPING_APART_WORDS = 3
"""The fewest words each side of a comma needs for a stopping on one side to be a clause of
its own (:func:`_stopping_apart`)."""


def _stopping_apart(piece: str, lang: str) -> list[str]:
    """A piece whose parts around a comma are a new state and a stopping ("Seit dem Umzug
    fahre ich mit dem Rad zur Arbeit, die S-Bahn brauch ich nicht mehr", "agora vou de
    bicicleta pro trabalho, larguei o ônibus") as two clauses: the stopping ends what it names
    and is history, the new state holds. Each side needs :data:`STOPPING_APART_WORDS` words;
    one says the stopping, the other a change ("seit", "agora"), not only news ("Und stell dir
    vor", "the Saturday stall is going great, sold out of chutney")."""
    parts = [p.strip() for p in piece.split(",")]
    if len(parts) != 2 or any(len(p.split()) < STOPPING_APART_WORDS for p in parts):
        return [piece]
    stops = [has_cue("cessation", lang, p) for p in parts]
    if stops[0] == stops[1] or not has_cue("change", lang, parts[stops.index(False)]):
        return [piece]
    return parts


def _since_moved(piece: str, lang: str) -> list[str]:
    pattern = _SINCE_MOVED.get(lang)
    found = pattern.search(piece) if pattern is not None else None
    if found is None:
        return [piece]
    before, moved, after = piece[:found.start()], found.group(0), piece[found.end():]
    return [p.strip(" ,") for p in (before, moved, after) if p.strip(" ,.!?")]


def _others_words_after(piece: str, lang: str) -> list[str]:
    """A clause of the user's own, then a comma and someone named saying something ("unter
    der Woche trink ich nur noch Alkoholfreies, Yasemin meint, ich schlaf besser", "I cycle
    to work now, Tom says I'm mad"): the other person's words are a clause of their own, so
    the user's clause before them is still read.

    >>> _others_words_after("I cycle now, Tom says I'm mad", "en")
    ['I cycle now', "Tom says I'm mad"]
    """
    said = cue_pattern("reported", lang)
    if said is None:
        return [piece]
    found = re.search(r",\s+(?:(?:" + _AND_WORD.get(lang, "x^") + r")\s+)?(?=(?P<who>"
                      + _speaker(lang) + r")\s+(?:" + said.pattern + r"))", piece, re.IGNORECASE)
    if found is None or not found.group(0) or \
            not (found["who"][0].isupper() or _relation_said(found["who"], lang)):
        return [piece]
    return [piece[:found.start()], piece[found.end():]]


_AND_WORD: dict[str, str] = {"en": "and", "de": "und", "fr": "et", "es": "y|e", "it": "e|ed",
                             "pt": "e", "nl": "en"}
_ARTICLE_OR_MY: dict[str, str] = {
    "en": "my|our", "de": "meine|mein|die|der", "fr": "ma|mon|mes", "es": "mi|la|el",
    "it": "mia|mio|la|il", "pt": "a|o|minha|meu", "nl": "mijn|onze"}
"""What may stand before a relation word that says something ("…, and my mum says", "…, y
mami me dijo", "…, e a minha mãe disse")."""


@cache
def _speaker(lang: str) -> str:
    """Who may be said to speak after a comma: a capitalised name, or a relation word of the
    user's with its article or possessive (checked by :func:`_relation_said`)."""
    before = _ARTICLE_OR_MY.get(lang, "x^")
    return r"(?:(?:" + before + r")\s+){0,2}[\w'’-]+"


def _relation_said(who: str, lang: str) -> bool:
    """Whether ``who`` ends in a relation word of the user's ("mami", "my mum", "a minha
    mãe")."""
    return who.split()[-1].casefold() in RELATIONS.get(lang, {})


_NAME = r"(?P<name>[A-ZÀ-ÖØ-Þ][\w'’-]+)"
_RELATIVE_SAID_OF: dict[str, re.Pattern[str]] = {
    lang: re.compile(_NAME + r",\s+" + body + r",\s+(?=\S)") for lang, body in {
        "en": r"(?:the\s+one\s+)?who\s+(?P<verb>lives|works|studies|is)\s+(?P<rest>[^,]+)",
        "de": r"(?:die|der)\s+(?P<rest>[^,]+?)\s+(?P<verb>wohnt|lebt|arbeitet|studiert|ist)",
        "nl": r"die\s+(?P<rest>[^,]+?)\s+(?P<verb>woont|werkt|studeert|is)",
        "fr": r"(?:celle|celui\s+)?qui\s+(?P<verb>habite|vit|travaille|étudie|est|fait)\s+"
              r"(?P<rest>[^,]+)",
        "es": r"(?:(?:la|el)\s+)?que\s+(?P<verb>vive|trabaja|estudia|es|está)\s+(?P<rest>[^,]+)",
        "it": r"(?:(?:quella|quello)\s+)?che\s+(?P<verb>vive|abita|lavora|studia|fa|è)\s+"
              r"(?P<rest>[^,]+)",
        "pt": r"(?:(?:a|o)\s+)?que\s+(?P<verb>mora|vive|trabalha|estuda|faz|é)\s+"
              r"(?P<rest>[^,]+)",
    }.items()}
"""Someone named, then between commas where they live or work, what they study or are ("mi
hermana Inma, la que vive en Huelva, me dice …", "meine Tante Gisela, die in Bamberg wohnt,
sagt …", "Mia figlia Chiara, che fa la fisioterapista a Reggio Emilia, dice …")."""


def _relative_said_of(piece: str, lang: str) -> list[str]:
    """A clause that says between commas where someone named lives or works is two clauses:
    the sentence without it, and what it says of them as a clause of its own ("mi hermana
    Inma, la que vive en Huelva, me dice que me pase a uno online" → "mi hermana Inma me dice
    que …", "Inma vive en Huelva"). So the home is read even when the rest is what they
    said, which is no fact of the user's.

    >>> _relative_said_of("my cousin Priya, who lives in Leeds, says I should quit", "en")
    ['my cousin Priya says I should quit', 'Priya lives in Leeds']
    """
    pattern = _RELATIVE_SAID_OF.get(lang)
    m = None if pattern is None else pattern.search(piece)
    if m is None:
        return [piece]
    said_of = f"{m['name']} {m['verb']} {m['rest'].strip()}"
    return [f"{piece[:m.end('name')]} {piece[m.end():]}", said_of]


_ZH_SPEAKS = re.compile(r"说[\u4e00-\u9fff]{0,3}?[语话](?!说)")
"""说 before a language ("我说英语", "跟爸妈只说四川话"): the user speaks it, nobody says
anything (说 alone is reported speech, :data:`CUES` "reported")."""


_ZH_DAY_PLAN = (r"(?:周[一二三四五六日末]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|明天|后天|"
                r"下周|下个?礼拜|下星期)(?=[^，,。]*(?:想|要|请|去|得))")
"""A day and what the user wants to do then, opening a Chinese clause ("周五想请一天假")."""

_ZH_JOB_HELD = re.compile(r"在[^，,。]{1,15}?(?:当|做|上班|工作|实习|打工)")
"""The user's job said with its place ("我在花果园那家奶茶店当店长")."""


def _zh_day_after_the_job(parts: list[str]) -> list[str]:
    """The Chinese clauses with a day's plan kept apart only from a job said before it ("我在
    花果园那家奶茶店当店长，周五想请一天假": the job is a fact of its own); after anything else
    the day is the clause's own ("周末还要送他去学围棋，周六一大早就要起来")."""
    out: list[str] = []
    for part in parts:
        if out and re.match(_ZH_DAY_PLAN, part) and not _ZH_JOB_HELD.search(out[-1]):
            out[-1] = f"{out[-1]}，{part}"
        else:
            out.append(part)
    return out


def _split_clauses(sentence: str, lang: str) -> list[str]:
    if lang == "zh":
        parts = [p.strip() for p in re.split(
            # chat puts a space where a comma would be ("offer黄了 她继续在南宁那家酒店做前台");
            # not around a Latin word ("做 UI 设计")
            r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])|"
            r"[；;]|[，,：:](?=\s*(?:但是|不过|可是|所以|而且|对了|另外|现在|如今|我|他|她|"
            r"[^\W\d_]{2}说|在[^，,。；;]{1,12}?(?:上班|工作|实习|打工|写代码|做事|干活|上学|读书)|"
            # a day said after a comma opens what happens then ("我在花果园那家奶茶店当店长，
            # 周五想请一天假"): kept apart only after a job (:func:`_zh_day_after_the_job`)
            + _ZH_DAY_PLAN + "|"
            + "|".join(re.escape(p) for p, _ in CONTEXTS.get(lang, ())) + r"))",
            sentence) if p and p.strip()]
        parts = _keep_whenever(_zh_day_after_the_job(parts), lang)
        return _merge_fragments([*parts[:-1], *_zh_question_tail(parts[-1])], lang) \
            if parts else parts
    cut = _CUT_WORDS.get(lang)
    subject = _SUBJECT_START.get(lang)
    pieces = [sentence]
    if cut:
        # a cut word ends in a space, or in a look-ahead past the space ("and(?=\s+i\b)")
        # (an emoji before a subject stands for a comma: "het was een grap 🙄 hij zit gewoon
        # nog op kamers in eindhoven"; not before "and" and a day, which may go on with it)
        pattern = re.compile(r",?\s+(?:" + cut + r")(?:(?<=\s)|\s+)|,\s+(?=(?:"
                             + _AND_THE.get(lang, "x^") + "|"
                             + (subject or "x^") + "|" + _NOW_START.get(lang, "x^") + "|"
                             + _AND_A_DAY.get(lang, "x^") + "|"
                             + _context_start(lang) + "|" + _relation_start(lang) + r"))|"
                             r"\s*" + _EMOJI + r"+\s+(?=(?:" + (subject or "x^") + r"))",
                             re.IGNORECASE)
        pieces = pattern.split(sentence)
    pieces = [p for chunk in pieces for p in re.split(r"\s*:\s+(?=\S)", chunk)]
    pieces = [p for chunk in pieces for p in _others_words_after(chunk, lang)]
    pieces = [p for chunk in pieces for p in _relative_said_of(chunk, lang)]
    pieces = [p for chunk in pieces for p in _AH_AFTER.split(chunk)]
    wrong = _SAID_WRONG_AFTER_COMMA.get(lang)
    if wrong is not None:
        pieces = [p for chunk in pieces for p in wrong.split(chunk)]
    asks = _QUESTION_AFTER_COMMA.get(lang)
    if asks is not None and sentence.rstrip().endswith("?"):
        pieces = [p for chunk in pieces for p in asks.split(chunk)]
    pieces = [part for p in pieces for part in _stopping_apart(p, lang)]
    pieces = [part for p in pieces for part in _wish_apart(p, lang)]
    pieces = _context_gaps([part for p in pieces for part in _since_moved(p, lang)], lang)
    pieces = _keep_whenever([p.strip(" ,") for p in pieces if p and p.strip(" ,.!?")], lang)
    pieces = _appositions_joined([c for p in pieces for c in _second_verb(p, lang)], lang)
    return [p for joined in _merge_fragments(pieces, lang)
            for p in _said_then_restated(joined, lang)]


_RESTATED_AFTER_A_COMMA = re.compile(
    r"(?i),\s+(?:(?:but|maar|aber|mais|pero|ma|mas)\s+)?(?=(?:that|it|dat|het|das|es|ça|c['’]|"
    r"eso|quello|isso|è|é)(?:['’]s|\s+(?:is|ist|est|es|è|é|was|war))?(?:\s|['’]))")
"""Where what the user said they said ends and its restatement begins ("I told you my mum
lives in Leith, but that's Portobello")."""


_CALLED_WRONG: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i),\s*(?P<wrong>(?:(?:but|aber|mais|pero|ma|mas|maar)\s+)?(?:" + wrong
                     + r"))\s*,\s*(?=\S)")
    for lang, wrong in {
        "en": r"(?:(?:that|it)(?:['’]s|\s+was|\s+is)\s+)?(?:not\s+true|wrong|not\s+right)",
        "de": r"(?:das\s+)?(?:stimmt\s+(?:gar\s+|so\s+)?(?:nicht|nich|ned|net)|war\s+falsch|"
              r"ist\s+falsch)",
        "fr": r"(?:c['’](?:est|était)\s+)?(?:faux|pas\s+vrai)",
        "it": r"(?:non\s+è\s+vero|non\s+era\s+vero|era\s+sbagliat[oa]|è\s+sbagliat[oa])",
        "pt": r"(?:isso\s+)?(?:não\s+é\s+verdade|não\s+era\s+verdade|(?:tá|está)\s+errad[oa])",
        "nl": r"(?:dat\s+)?(?:klopt\s+niet|klopte\s+niet|was\s+fout|is\s+fout)",
    }.items()}
"""What the user said before called wrong between commas, the right value after it ("I told
you Mel lives in Leeds, not true, she lives in York", "hab dir erzählt, dass Mel in Bochum
wohnt, stimmt gar nicht, die wohnt in Herne"). Not Spanish: its clause after it, without a
subject ("…, no es verdad, vive en Ourense"), is read as the user's."""


_TOLD_AS_A_STATEMENT: dict[str, re.Pattern[str]] = {
    "de": re.compile(r"(?i)(?<!\w)(?:ich\s+)?(?:hab|habe|hatte)\s+dir\s+(?:\w+\s+){0,2}?"
                     r"(?:erzählt|gesagt|geschrieben)(?!\w)"),
    "nl": re.compile(r"(?i)(?<!\w)ik\s+(?:heb|had)\s+(?:je|jou|u)\s+(?:\w+\s+){0,2}?"
                     r"(?:gezegd|verteld|geschreven)(?!\w)"),
}
"""German and Dutch "I told you" said as a statement ("hab dir neulich erzählt, dass …", "ik
heb je gezegd dat …"), which the cue ``recalled_saying`` (questions: "hab ich dir …") leaves
out: read only before words that call it wrong (:data:`_CALLED_WRONG`)."""


def _said_then_restated(piece: str, lang: str) -> list[str]:
    """A clause that says what the user said before (the cue ``recalled_saying``) and then,
    after a comma, what is right ("I told you my mum lives in Leith, but that's Portobello"),
    as two: the second restates, so the first is read as a correction's opening. So is one
    that calls it wrong between commas before the right value ("…, not true, she lives in
    York"): the first keeps the words that call it wrong."""
    told = _TOLD_AS_A_STATEMENT.get(lang)
    said = find_cue("recalled_saying", lang, piece) or \
        (None if told is None else told.search(piece))
    if said is None:
        return [piece]
    called = _CALLED_WRONG.get(lang)
    if called is not None and (wrong := called.search(piece, said.end())) is not None and \
            re.search(r"(?<![\w'’])[A-ZÀ-Þ]|\d", piece[said.end():wrong.start()]):
        # (a name or a number to carry as the wrong value; "ich hab dir gesagt donnerstags
        # schwimmkurs, das stimmt nicht, der ist mittwochs" is read whole, a day put right)
        return [piece[:wrong.start()] + ", " + wrong["wrong"], piece[wrong.end():]]
    if has_cue("correction", lang, piece[said.start():]) or \
            not has_cue("recalled_saying", lang, piece):
        return [piece]  # ("te dije mal lo de Carla, no es Valencia, es Alicante": read whole;
        # "Small correction, I told you …" is cut)
    m = _RESTATED_AFTER_A_COMMA.search(piece, said.end())  # (after what was said: "no maje,
    # es microbiología, no sé ni xq te dije eso" restates nothing it said)
    return [piece] if m is None else [piece[:m.start()], piece[m.end():]]


_ONLY_A_TITLED_NAME = re.compile(r"(?:[\w.ªº]+\s+){0,2}[A-ZÀ-ÖØ-Þ][\w'’-]+")
"""A piece that is only a name, with an article or a title before it ("El doctor Arrieta",
"Dr. Lamb", "la Cortesi")."""
_WORK_LIFE_WORDS: dict[str, set[str]] = {
    lang: {w.casefold() for w in words} for lang, words in WORK_RELATION_NOUNS.items()}
"""The words of the user's work life (:data:`WORK_RELATION_NOUNS`): "el Dr. Quirós, | mi
jefe, dice …" stays apart, a boss the memory would keep past a change of job."""


_A_NAME_LAST = re.compile(r",\s*(?P<name>(?:[\w.ªº]+\s+){0,2}[A-ZÀ-ÖØ-Þ][\w'’-]+)\s*$")
"""A name that ends a piece after a comma, with an article or a title before it ("…, o
Wesley")."""


def _appositions_joined(pieces: list[str], lang: str) -> list[str]:
    """A piece that is only "my (new) <relation>" goes back to the one before it ("Salgo
    con Marta, mi nueva novia"): it says who was just named, as "Marta, mi nueva novia"
    does in one clause."""
    out: list[str] = []
    for piece in pieces:
        if out and only_a_relation(piece, lang):
            out[-1] = f"{out[-1]}, {piece}"
            continue
        lead = piece.split(",", 1)[0] if "," in piece else ""
        if out and lead and only_a_relation(lead, lang) and \
                _ONLY_A_TITLED_NAME.fullmatch(out[-1].strip()) and \
                not set(lead.casefold().split()) & _WORK_LIFE_WORDS.get(lang, set()):
            # "El doctor Arrieta, | mi médico de cabecera, me ha vuelto a decir …": the piece
            # before is only the name, which opens the clause as "Arrieta, mi médico de
            # cabecera, …" does
            out[-1] = f"{out[-1]}, {piece}"
            continue
        named_last = _A_NAME_LAST.search(out[-1]) if out and lead else None
        if named_last is not None and only_a_relation(lead, lang) and \
                not set(lead.casefold().split()) & _WORK_LIFE_WORDS.get(lang, set()):
            # "mana me ajuda aqui, o Wesley, | meu primo, postou no grupo …": the name ends
            # the piece before, and opens this one with its relation
            out[-1] = out[-1][:named_last.start()]
            out.append(f"{named_last['name']}, {piece}")
            continue
        if out and lead and only_a_new_relation(lead, lang):
            # "die Frau Dr. Wolff in Pieschen, | meine neue Hausärztin, hat mir gleich …":
            # the new holder was just named, and stays the subject of what follows ("el Dr.
            # Quirós, | mi jefe, dice …" is left as it was: a boss the memory would keep
            # past a change of job)
            out[-1] = f"{out[-1]}, {lead}"
        out.append(piece)
    return out


_OWN_SUBJECT = {"en": re.compile(r"(?i)^(?P<subject>I)\s"),
                "de": re.compile(r"(?i)^(?P<subject>ich)\s"),
                **{lang: re.compile(r"(?i)^(?:(?:yo|eu|io)\s+)?(?P<verb>\w+)\s")
                   for lang in FIRST_PERSON_VERBS}}
_AND_VERB = {"en": re.compile(r"\s+and\s+(?P<verb>[a-z]+)\b(?=\s+\S)"),
             "de": re.compile(r"\s+und\s+(?P<verb>[a-zäöüß]+e)\b(?=\s+\S)"),
             "es": re.compile(r"\s+[ye]\s+(?P<verb>\w+)\b(?=\s+\S)"),
             "pt": re.compile(r"\s+e\s+(?P<verb>\w+)\b(?=\s+\S)"),
             "it": re.compile(r"\s+(?:e|ed)\s+(?P<verb>\w+)\b(?=\s+\S)")}


_WISH_AFTER_AND: dict[str, str] = {
    "en": r"i['’]d\s+like|i\s+would\s+like", "de": r"(?:ich\s+)?möchte|(?:ich\s+)?würde\s+gern",
    "fr": r"(?:je\s+)?voudrais|(?:j['’])?aimerais",
    "es": r"(?:yo\s+)?(?:quisiera|quería|me\s+gustaría)",
    "it": r"(?:io\s+)?(?:vorrei|volevo|mi\s+piacerebbe)", "pt": r"(?:eu\s+)?(?:queria|gostaria)",
    "nl": r"(?:ik\s+)?(?:zou\s+graag|wil\s+graag)"}
_I_AM_FIRST = re.compile(
    r"(?i)^\W*(?:i\b|i['’]m\b|ich\b|bin\b|je\b|j['’]|suis\b|yo\b|soy\b|estoy\b|io\b|sono\b|"
    r"sto\b|eu\b|sou\b|estou\b|ik\b|ben\b)")


def _wish_apart(piece: str, lang: str) -> list[str]:
    """A statement of the user's own followed by "and" and a wish in the conditional is two
    clauses, also with no pronoun before the wish ("Sono casaro al Caseificio Val Baganza, e
    vorrei chiedere due giorni di ferie"): the wish is no fact, the job before it is. Only
    after the user's own statement: "La Multipla non partiva di nuovo e vorrei portargliela
    domani" stays one clause, a remark around a wish."""
    wish, joined = _WISH_AFTER_AND.get(lang), _AND_WORD.get(lang)
    if wish is None or joined is None:
        return [piece]
    m = re.search(r",?\s+(?:" + joined + r")\s+(?=(?:" + wish + r")\b)", piece, re.IGNORECASE)
    first = None if m is None else piece[:m.start()]
    if m is None or not first or (not _I_AM_FIRST.match(first) and not _own_verb_first(first,
                                                                                        lang)):
        return [piece]
    return [first, piece[m.end():]]


def _own_verb_first(text: str, lang: str) -> bool:
    """Whether ``text`` opens with a verb that says "I" by itself ("Trabajo en …")."""
    verbs = FIRST_PERSON_VERBS.get(lang)
    first = re.match(r"\W*(\w+)", text)
    return verbs is not None and first is not None and first.group(1).casefold() in verbs


def _second_verb(piece: str, lang: str) -> list[str]:
    """A clause whose subject is "I" and which goes on with "and" + a second verb ("I work at
    Siemens and live in Munich", "ich arbeite bei Ford und wohne in Köln") is two clauses,
    the second given the subject back ("I live in Munich"): each says one thing, and the
    second verb is not lost behind the first one's object."""
    own, joined = _OWN_SUBJECT.get(lang), _AND_VERB.get(lang)
    head = own.match(piece) if own is not None else None
    if head is None or joined is None:
        return [piece]
    dropped = FIRST_PERSON_VERBS.get(lang)  # the subject is in the verb ("Moro em Porto")
    if dropped is not None and head["verb"].casefold() not in dropped:
        return [piece]
    for m in joined.finditer(piece):
        verb = m["verb"]
        if dropped is not None:
            if verb.casefold() in dropped:
                rest = piece[m.start("verb"):]
                return [piece[:m.start()], *_second_verb(rest, lang)]
        elif (verb in EN_BASE_VERBS) if lang == "en" else \
                (verb not in DE_NOT_FIRST_PERSON_VERBS):
            rest = piece[m.start("verb"):]
            return [piece[:m.start()], *_second_verb(f"{head['subject']} {rest}", lang)]
    return [piece]


@cache
def _context_start(lang: str) -> str:
    """A context phrase that starts a clause after a comma ("Im Büro red ich Hochdeutsch,
    daheim nur Schwäbisch", "climbing on weekends, during the week swimming"): each context
    has its own clause, so each value keeps its own."""
    phrases = sorted((p for p, _ in CONTEXTS.get(lang, ())), key=len, reverse=True)
    return "|".join(re.escape(p) + r"\b" for p in phrases) or "x^"


_COPULA_MY: dict[str, str] = {
    "es": r"(?:es|era)\s+(?:ya\s+|ahora\s+)?mis?",
    "it": r"(?:è|era)\s+(?:già\s+|ora\s+|adesso\s+)?(?:il\s+|la\s+)?(?:mio|mia)",
    "pt": r"(?:é|era)\s+(?:já\s+|agora\s+)?(?:[ao]\s+)?(?:meu|minha)",
}


@cache
def _relation_start(lang: str) -> str:
    """"Is my <relation>" with no subject, after a comma ("comí con Lucía, es mi prima", "ho
    pranzato con Giulia, è mia cugina", "almocei com a Beatriz, é minha prima"): a clause of
    its own, as with "ella es" / "lei è" / "ela é", so the relation goes to the one just
    named. Only before a relation word ("…, es mi momento favorito" stays one clause)."""
    head = _COPULA_MY.get(lang)
    words = sorted(RELATIONS.get(lang, {}), key=len, reverse=True)
    if head is None or not words:
        return "x^"
    return head + r"\s+(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) \
        + r")\b"


@cache
def _context_at_start(lang: str) -> re.Pattern[str]:
    return re.compile(r"(?i)^(?:" + _context_start(lang) + r")")


def _context_gaps(pieces: list[str], lang: str) -> list[str]:
    """A piece cut at a context phrase that has no verb of its own ("…, daheim nur
    Schwäbisch": the verb is the first clause's) goes back to the clause before: alone it
    would be a fragment, and with it the value is kept."""
    starts = _context_at_start(lang)
    out: list[str] = []
    for piece in pieces:
        if out and starts.match(piece.strip()) and (
                len(piece.split()) <= 3 or (starts.match(out[-1].strip())
                                            and len(out[-1].split()) <= 3)):
            # (and one after such a piece: "L'hiver de nuit, l'été de jour, ça change pas"
            # is one statement of both seasons)
            out[-1] = f"{out[-1]}, {piece.strip()}"
        else:
            out.append(piece)
    return out


def _context(lang: str, text: str) -> str | None:
    """The context qualifier a clause says (:data:`CONTEXTS`), not one inside a name: "je
    bosse à la Maison des Jeunes", "I work at Home Depot" say no "at home" (outside German,
    where every noun has a capital, a capital after the clause's start makes a name)."""
    for phrase, label in sorted(CONTEXTS.get(lang, ()), key=lambda p: -len(p[0])):
        pattern = re.escape(phrase) if lang == "zh" else r"(?<!\w)" + re.escape(phrase) + r"(?!\w)"
        for m in re.finditer("(?i)" + pattern, text):
            last = m.group(0).split()[-1]
            before = text[max(0, m.start() - 14):m.start()]
            if label in SEASON_CONTEXTS and (_A_SEASON_NAMED.search(before) or
                                      _A_SEASON_NAMED_AFTER.match(text, m.end())):
                continue  # "l'été prochain on déménage à Nantes": a time, not a context
            if lang in ("de", "zh") or m.start() == 0 or not last[:1].isupper():
                return label
    return None


_A_SEASON_NAMED = re.compile(
    r"(?i)(?<!\w)(?:(?:this|last|next)\s+year|dieses\s+jahr|letztes\s+jahr|nächstes\s+jahr|"
    r"cette\s+année|l['’]année\s+(?:dernière|prochaine)|este\s+año|el\s+año\s+(?:pasado|que\s+viene)|"
    r"quest['’]anno|l['’]anno\s+(?:scorso|prossimo)|este\s+ano|o\s+ano\s+(?:passado|que\s+vem)|"
    r"dit\s+jaar|vorig\s+jaar|volgend\s+jaar|今年|去年|明年|前年)[\s,，]*$")
"""A year said right before a season ("dit jaar in de zomer", "去年冬天"): one summer or
winter, a time something happens, not the time of year a habit holds in."""
_A_SEASON_NAMED_AFTER = re.compile(
    r"(?i)\s*(?:of\s+)?(?:\d{4}|dernier|dernière|prochain|prochaine|passé|passée|passado|pasado|"
    r"que\s+viene|que\s+vem|scors[ao]|passat[ao]|prossim[ao]|que\s+vient)(?!\w)")
"""A year or "last" / "next" said right after a season ("in the summer of 2027", "l'été
prochain", "no verão passado"): one summer or winter, not a context."""


_NEVER = re.compile(r"(?!x)x")
_CONDITIONAL_START: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?:" + words + r")\s") for lang, words in {
        "en": r"if|unless|suppose", "de": r"wenn|falls", "fr": r"si|s'il",
        "es": r"si", "it": r"se", "pt": r"se", "nl": r"als|stel"}.items()}
_CONDITIONAL_START["zh"] = re.compile(r"(?:如果|要是|假如)")
_UNTIL_THEN_START: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?:" + words + r")\s") for lang, words in {
        "en": r"once(?!\s+(?:a|an|per|every|or|in|more|again|upon)\b)|as\s+soon\s+as",
        "de": r"sobald", "fr": r"dès\s+que|une\s+fois\s+que|quand\s+je\s+serai",
        "es": r"en\s+cuanto|una\s+vez\s+que", "it": r"non\s+appena",
        "pt": r"assim\s+que|logo\s+que", "nl": r"zodra"}.items()}
_UNTIL_THEN_START["zh"] = re.compile(r"(?:一旦|等到)")
"""A clause that starts with a condition still to come ("Once I'm back on night shifts I'll
be reading them half asleep", "sobald ich …"): what follows depends on it, as after "if"."""
_BARE_NOT_TAIL = re.compile(r"(?i)(?P<before>[\w'’]+)\s+(?P<tail>not\s+\w+(?:\s+\w+)?)[.!?]*$")
_NO_CONTRAST_BEFORE = frozenset({
    "do", "does", "did", "is", "am", "are", "was", "were", "be", "been", "can", "could", "will",
    "would", "shall", "should", "may", "might", "must", "have", "has", "had", "need", "if", "or",
    "so", "it", "i", "that", "this", "why", "but", "and", "yet", "just", "sure", "also", "maybe",
    "still", "whether", "really", "surely", "though", "probably", "actually", "hopefully",
    "certainly", "definitely", "absolutely", "apparently"})
"""English chat also sets a value against another without a comma ("kiri lives in timaru not
oamaru"): a "not" and one or two words end the clause, after a word that is no auxiliary,
conjunction or adverb ("it is not done", "maybe not today" are no contrast)."""


def bare_contrast(text: str) -> str | None:
    """The "not" and the one or two words that end an English clause setting its value
    against another without a comma ("kiri lives in timaru not oamaru" → "not oamaru"), or
    ``None``."""
    m = _BARE_NOT_TAIL.search(text.rstrip(" .!?"))
    if m is None or m["before"].casefold() in _NO_CONTRAST_BEFORE or \
            m["before"].casefold().endswith(("n't", "n’t", "'s", "’s", "'re", "’re", "'m", "’m")):
        return None
    return m["tail"]


_APOLOGY_THEN_NOT: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:" + sorry + r")\b.*,\s*(?:" + neg + r")\s+\S")
    for lang, (sorry, neg) in {
        "en": (r"sorry|oops|whoops|wait", r"not"),
        "de": (r"sorry|entschuldigung|ups|moment", r"nicht"),
        "fr": (r"pardon|désolée?|oups", r"pas"),
        "es": (r"perdón|perdona|uy|ups", r"no"),
        "it": (r"scusa|scusami|ops", r"non"),
        "pt": (r"desculpa|desculpe|ops|opa", r"n[ãa]o"),
        "nl": (r"sorry|oeps|wacht|foutje", r"niet?"),
    }.items()}
_APOLOGY_LEAD = re.compile(r"(?i)^\W*(?:sorry|oops|whoops|my\s+bad)\b")
"""An English apology opening a sentence whose "not" may come without its comma ("oops, kiri
lives in timaru not oamaru": :func:`bare_contrast`)."""
_APOLOGY_THEN_NOT["zh"] = re.compile(r"^\W*(?:不好意思|抱歉|对不起|哦不).*[，,]\s*不是\S")
"""A sentence that apologises and then sets a value against another ("Sorry, the exam is on
the 14th, not the 3rd"): a correction of what was said before."""
_NOT_THEN_APOLOGY: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)\S\s*[,，]\s*(?:" + neg + r")\s*[^,，.!?。！？]+[,，]\s*(?:" + sorry
                     + r")\W*$")
    for lang, (sorry, neg) in {
        "en": (r"sorry|my\s+bad|oops", r"not"),
        "de": (r"sorry|entschuldigung|pardon|mein\s+fehler", r"nicht|kein\w*"),
        "fr": (r"pardon|désolée?|oups|excuse-moi", r"pas"),
        "es": (r"perdón|perdona|disculpa|uy", r"no"),
        "it": (r"scusa|scusami|scusate|pardon", r"non"),
        "pt": (r"desculpa|desculpe|foi\s+mal|perdão", r"não"),
        "nl": (r"sorry|excuus|pardon|oeps", r"niet|geen"),
        "zh": (r"不好意思|抱歉|对不起|sorry", r"不是"),
    }.items()}
"""A sentence that sets a value against another and apologises after it ("Ik woon in
Arnhem, niet in Utrecht, sorry", "Abito a Milano, non a Torino, scusa", "我住在杭州，不是上海，
不好意思"): the same correction as :data:`_APOLOGY_THEN_NOT`, its apology said last."""
_DAY_NAMES = "|".join(sorted({w for w in (*MONTHS, *WEEKDAYS) if " " not in w}, key=len,
                             reverse=True))
_SLIP_LEAD: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:" + "|".join(re.escape(w) for w in sorted(
        words, key=len, reverse=True)) + r")(?!\w)[\s,，!！.…]*)+" + (
        r"" if lang == "zh" else r"(?:(?!(?:" + _DAY_NAMES + r")\b)[a-zß-ÿ]+\s*,\s*)?")
        + r"(?:(?<=[,，!！.…])|(?<=[,，!！.…]\s))")
    for lang, words in SLIP_OPENERS.items()}
"""The opening of a slip put right in the same breath (:data:`SLIP_OPENERS`), with its
comma: "não, égua, " of "não, égua, é dia 21" (one other word in lower case and its comma
may follow, never a day's or month's name: "nein, sabato, …" keeps its Saturday). It ends in
a comma or a stop: "no idea what time" opens none."""
_SLIP_BEFORE = re.compile(r"(?:\.{2,}|…+|\s[-–—])\s*$")
"""How the words just before a slip's opening end: an ellipsis or a dash."""


def slip_lead(text: str, lang: str) -> re.Match[str] | None:
    """The opening of a slip put right (:data:`_SLIP_LEAD`) at the start of ``text``."""
    m = _SLIP_LEAD.get(lang, _NEVER).match(text)
    return m if m is not None and text[m.end():].strip(" .!?…") else None


SLIP_MOST_WORDS = 3
"""The most words a sentence of its own may say after a slip's opening ("Wait no, Tempe.")
to put right what was said just before it."""


def _only_the_lead(piece: str, lang: str) -> bool:
    """Whether ``piece`` is a slip's opening and nothing else ("não, égua")."""
    m = _SLIP_LEAD.get(lang, _NEVER).match(piece)
    return m is not None and not piece[m.end():].strip(" .!?…,")


def _only_a_slip(sentence: str, lang: str) -> bool:
    """Whether ``sentence`` is only a slip's opening and the right value: "he's moving to
    Tucson in January. Wait no, Tempe." puts Tucson right as "… Tucson… wait no, Tempe"
    would (at most :data:`SLIP_MOST_WORDS` words after the opening)."""
    m = slip_lead(sentence, lang)
    return m is not None and len(sentence[m.end():].strip(" .!?…").split()) <= SLIP_MOST_WORDS


_NOT_THIS_ALONE: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:" + "|".join(NOT_THIS_LEADS[lang]) + r")\W+){1,2}"
                     r"(?:" + neg + r")\s+(?:(?:in|at|im|in\s+der|à|a|en|em|no|na|op|bij|nel|"
                     r"al|chez|bei)\s+)?(?-i:[A-ZÀ-Þ0-9])[^,;:.!?]{0,38}[.!?…]*$")
    for lang, neg in (("en", "not"), ("de", "nicht"), ("fr", "pas"), ("es", "no"),
                      ("it", "non"), ("pt", "não"), ("nl", "niet"))}
_NOT_THIS_ALONE["zh"] = re.compile(r"^\W*(?:(?:不对|等等|不好意思|抱歉|哦不)[，,！!\s]*)+"
                                   r"不是[^，,。！!？?]{1,8}[。！!]*$")
"""A sentence that only sets a wrong value aside, a name or a number ("No, not Leeds.", "nee,
niet Delft.", "Aspetta, non Lecce!", "不对，不是上海！"): a correction, whose right value the
next sentence names. "No, no me gusta." sets nothing aside."""
_ACTUALLY_NOT: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<!\w)(?:" + actually + r")(?!\w).*[,，]\s*(?:" + neg + r")\s*\S")
    for lang, actually, neg in (
        ("en", r"actually|in fact", r"not"), ("de", r"eigentlich|tatsächlich", r"nicht"),
        ("fr", r"en fait|en réalité", r"pas"), ("es", r"en realidad|de hecho", r"no"),
        ("it", r"in realtà|anzi", r"non"), ("pt", r"na verdade|aliás", r"não"),
        ("nl", r"eigenlijk|sterker nog", r"niet"), ("zh", r"其实|实际上", r"不是"))}
"""A correction said as "actually X, not Y" in each language ("Actually my brother's name
is Tim, not Tom", "其实是周一，不是周五")."""

_LEAD_FILLERS = re.compile(
    r"^(?:\W*(?:oh|ok|okay|so|and|but|also|hey|ah|well|und|also|aber|übrigens|et|mais|alors|"
    r"y|pero|oye|e|ma|senti|e|mas|olha|en|maar|trouwens|hm+|"
    # interjections that open a clause in every language ("Ach, und drück mir …")
    r"ach|naja|tja|bon|bref|bueno|pues|allora|beh|nou|enfin|"
    # "anyway" turning to something else ("anyway if Sauti ever gets sold, …", "comunque se …")
    r"anyway|anyhow|jedenfalls|en\s+tout\s+cas|de\s+todas\s+formas|de\s+todos\s+modos|"
    r"comunque|enfim|de\s+qualquer\s+forma|hoe\s+dan\s+ook|"
    # "look", "listen" said to open a remark ("y mira, si me toca la Loto …")
    r"look|listen|schau|hör\s+mal|regarde|écoute|mira|fíjate|guarda|escuta|kijk|luister)"
    r"\b[\s,]*)+", re.IGNORECASE)
_NEWS_LEAD = re.compile(
    r"(?i)^\W*(?:(?:and|und|et|y|e|en)\s+)?(?:imagine|stell\s+dir\s+vor|figure-toi|imagina|"
    r"immagina|stel\s+je\s+voor|guess\s+what|rate\s+mal|devine\s+quoi|adivina)\s*[,:!]\s*")
"""A lead that opens news, said with a comma ("Und stell dir vor, seit Januar trink ich
keinen Alkohol mehr", "imagine, I passed!"): what follows happened, it is not supposed;
"stell dir vor, ich wäre reich" is still supposed by its "wäre"."""
_NEWS_ASKED = re.compile(
    r"(?i)^\W*(?:(?:and|und|et|y|e|en|ah|oh|ma)\s+)?(?:did\s+you\s+know(?:\s+that)?|"
    r"(?:weißt|weisst|wusstest)\s+du,?\s+dass|tu\s+(?:sais|savais)\s+que|sais-tu\s+que|"
    r"sab(?:es|ías|ias)\s+que|(?:lo\s+)?sai\s+che|sapevi\s+che|(?:você\s+)?sab(?:e|es|ia)\s+que|"
    r"(?:weet|wist)\s+je\s+dat)\s+"
    r"(?!(?:what|was|quoi|qué|que|cosa|chi|dove|quando|come|wat|wie|waar|o\s+que)\b)\w")
"""News asked as a question ("E sai che ormai sono vegetariana?", "did you know I'm vegan
now?", "wist je dat ik …?"): the user tells it, the question asks nothing ("sai che cosa
…?" does)."""
_CAPS_LOVE = re.compile(
    r"(?<![\w])(?:" + "|".join("".join(re.escape(c) + "+" for c in word) for word in (
        "LOVE", "LOVED", "ADORE", "ENCANTA", "ENCANTAN", "ADORO", "AMO", "LIEBE", "J'ADORE",
        "ADORA", "AIME", "GENIAL", "GÉNIAL", "GREAT")) + r")(?:s|d)?(?![\w])")
"""Praise in capitals, letters drawn out or not ("LOVE", "LOOOVEs"): sarcasm."""
_IRONY = re.compile("[\U0001F643\U0001F644\U0001F612]")  # 🙃 🙄 😒
_VERB_DENIED: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<![\w'’])(?:" + words + r")(?![\w'’])") for lang, words in {
        "en": r"not|isn['’]t|wasn['’]t|won['’]t|wouldn['’]t|didn['’]t|doesn['’]t|don['’]t|"
              r"can['’]t|couldn['’]t|never",
        "de": r"nicht|net|ned|nich", "fr": r"ne|n['’]\w+", "es": r"no", "it": r"non|nn",
        "pt": r"não|nao|ñ", "nl": r"niet|nie"}.items()}
"""A verb denied ("nn partiva", "won't start", "springt nicht an"): what an eye-roll after it
rolls at is the complaint itself, no irony ("più", "rien" deny nothing of a verb)."""
_SMILE_AFTER_PRAISE = re.compile("(?:太喜欢|喜欢|爱|幸福|开心)[^。！？]*\U0001F642")
_PRAISE = re.compile(
    r"(?i)(?<![\w'’])(?:best|greatest|love|loving|amazing|fantastic|wonderful|brilliant|"
    r"dream\s+job|beste[nrs]?|liebe|toll|traumjob|meilleur|meilleure|adore|génial|"
    r"mejor|encanta|encantan|maravilloso|maravillosa|migliore|adoro|fantastico|"
    r"melhor|amo|maravilhos[oa]|geweldig|heerlijk)(?![\w'’])|最好|太好|真棒|最爱")
"""Praise: with an eye-roll closing its sentence, the whole sentence is irony ("best job in
the world honestly, i just love being called names at 3am 🙄")."""


def read_cues(text: str, sentence: str, lang: str) -> Cues:
    """The cues of one clause (``text``) in its ``sentence``."""
    if lang not in LANGUAGES:
        return Cues()
    lead = _LEAD_FILLERS.sub("", _NEWS_LEAD.sub("", text))
    if lang == "zh":
        lead = _ZH_NOT_ASKING.sub("", lead)
    asks = find_cue("question", lang, lead[:40])
    # the sentence's question mark belongs to its last clause: "next Thursday I get a wisdom
    # tooth out, what can I eat after?" asks only in its second clause
    tail = sentence.rstrip(" ?？!！.。…").endswith(text.rstrip(" ?？!！.。…,，"))
    question = (tail and sentence.rstrip().endswith(("?", "？"))) or \
        text.rstrip().endswith(("?", "？")) or (asks is not None and asks.start() == 0)
    if question and _NEWS_ASKED.match(text):
        question = False  # "E sai che ormai sono vegetariana?": news, told
    if lang == "zh":
        question = question or bool(re.search(r"[吗么呢]\s*[？?。！!]?$", text)) or \
            has_cue("question", lang, _ZH_NOT_ASKING.sub("", text))
    # an eye-roll belongs to the clause it closes, as a question mark does: "mi hermano se
    # casa el sábado, y mami me dijo que hable yo porque soy la que habla bonito 🙄" rolls
    # its eyes at the speech, not at the wedding
    rolled = _IRONY.search(text) or (tail and _IRONY.search(sentence)) or (
        _IRONY.search(sentence.rstrip(" .!?…")[-3:]) and _PRAISE.search(text))
    if rolled and rolled.group(0) != "\U0001F643" and (
            _VERB_DENIED.get(lang, _NEVER).search(text) is not None or
            has_cue("breakup", lang, text)):
        rolled = None  # "la mia panda … stamattina nn partiva di nuovo 🙄": a complaint said
        # straight, eyes rolled at the car (irony says the opposite: "LOVE the rain 🙄"); so
        # is a breakup ("terminei c o jeff 3 anos jogados no rio amazonas 🙄")
    sarcasm = bool(_CAPS_LOVE.search(sentence) or rolled
                   or _SMILE_AFTER_PRAISE.search(sentence)
                   or has_cue("sarcasm", lang, sentence))
    errand = find_cue("request", lang, lead[:40])
    return Cues(
        question=question,
        request=errand is not None and errand.start() == 0,
        hypothetical=has_cue("hypothetical", lang,
                             _NEWS_LEAD.sub("", _WHENEVER.get(lang, _NEVER).sub("", text)))
        or _CONDITIONAL_START.get(
            lang, _NEVER).match(lead) is not None
        or _UNTIL_THEN_START.get(lang, _NEVER).match(lead) is not None,
        sarcasm=sarcasm,
        reported=has_cue("reported", lang, _ZH_SPEAKS.sub("", text) if lang == "zh" else text),
        quoted=QUOTE_MARK in text,
        negated=has_cue("negation", lang, text),
        one_off=has_cue("one_off", lang, text) or (
            has_cue("this_week", lang, text) and said_weekday(_THIS_WEEK_DAYS.sub("", text))
            is not None),
        habit=has_cue("habit", lang, text),
        correction=has_cue("correction", lang, sentence)
        or _APOLOGY_THEN_NOT.get(lang, _NEVER).search(sentence) is not None
        or (lang == "en" and _APOLOGY_LEAD.match(sentence) is not None
            and bare_contrast(sentence) is not None)
        or _NOT_THEN_APOLOGY.get(lang, _NEVER).search(sentence) is not None
        or _ACTUALLY_NOT.get(lang, _NEVER).search(sentence) is not None
        or _NOT_THIS_ALONE.get(lang, _NEVER).match(text.strip()) is not None,
        retraction=has_cue("retraction", lang, _SOMEONE_FORGETS.get(lang, _NEVER).sub("", text)),
        hedge=has_cue("hedge", lang, text),
        change=has_cue("change", lang, text),
        exclusive=has_cue("exclusive", lang, text),
        cessation=_ceases(text, lang) or (
            has_cue("membership", lang, text) and has_cue("lapsed", lang, text)),
        start=has_cue("start", lang, text),
        context=_context(lang, text),
    )


_NOT_BEFORE = re.compile(
    r"(?i)(?<![\w'’])(?:not|never|didn['’]t|haven['’]t|hasn['’]t|don['’]t|doesn['’]t|nicht|"
    r"nie|pas|no|nunca|non|nn|mai|não|nao|n|ñ|niet|nooit)\s+(?:[\w'’]+\s+)?$")
"""A denial right before a verb of stopping, a word between at most ("n parei um minuto",
"non ho smesso", "I haven't stopped"): nothing stopped."""


def _ceases(text: str, lang: str) -> bool:
    """Whether ``text`` says the user stopped something (cue ``cessation``), a stopping
    that is denied right before it aside (:data:`_NOT_BEFORE`)."""
    pattern = cue_pattern("cessation", lang)
    return pattern is not None and any(
        _NOT_BEFORE.search(text[:m.start()]) is None for m in pattern.finditer(text))


_THIS_WEEK_DAYS = re.compile(r"这个?(?:周|星期|礼拜)末?")
"""The Chinese "this week" itself, which holds a weekday's character (这周, 这个礼拜)."""

_SOMEONE_FORGETS: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<!\w)(?:" + words + r")(?!\w)") for lang, words in {
        "en": r"(?:i|we|he|she|they|always|never|often|sometimes|usually)\s+forget",
        # "ma mère oublie tout": any word but one that opens a clause before the verb
        "fr": r"(?:j['’]|(?!(?:et|mais|alors|ah|oh|ok|bon|pis|sinon|donc|non|euh|stp|enfin|"
              r"pardon|bref|aussi)\s)[^\W\d_]+\s+)oublie",
        "es": r"(?:se|me|te|él|ella|siempre)\s+olvida",
        "it": r"(?:si|mi|ti|lui|lei|sempre)\s+(?:dimentica|scorda)",
        "pt": r"(?:se|me|ele|ela|sempre)\s+esquece",
    }.items()}
"""A word of forgetting said of someone, not asked of the assistant ("siempre alguien se
olvida", "elle oublie tout"): no retraction."""

_ASK = {"en": r"(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+",
        "de": r"(?:kannst|könntest)\s+du\s+(?:bitte\s+)?|bitte\s+",
        "fr": r"(?:tu\s+peux|peux-tu|pourrais-tu)\s+|s'il\s+te\s+plaît,?\s+",
        "es": r"(?:puedes|podés|podrías)\s+|por\s+favor,?\s+",
        "it": r"(?:puoi|potresti)\s+|per\s+favore,?\s+",
        "pt": r"(?:pode|podes|você\s+pode)\s+|por\s+favor,?\s+",
        "nl": r"(?:kun|kan|wil)\s+je\s+|alsjeblieft\s+"}
_REMEMBER: dict[str, str] = {
    "en": r"(?:remember|don't\s+forget|dont\s+forget|note(?:\s+down)?|keep\s+in\s+mind|"
          r"make\s+a\s+note|write\s+down|jot\s+down|save)(?:\s+(?:this|it))?(?:\s+that|\s*[:,])",
    "de": r"(?:merk\s+dir|merke\s+dir|vergiss\s+nicht|vergiss\s+ned|dir\s+merken|"
          r"notier\s+dir|notiere|notier|schreib\s+dir|dir\s+notieren)(?:\s+(?:bitte|mal|das))*(?:\s*,?\s+dass|\s*[:,])",
    "fr": r"(?:note|notes|retiens|souviens-toi|rappelle-toi|(?:n['’])?oublie\s+pas|noter|"
          r"retenir)(?:\s+bien)?(?:\s+que|\s+qu'|\s*[:,])",
    "es": r"(?:apunta|apuntá|anota|anotá|recuerda|acuérdate|no\s+olvides|apuntar|anotar|"
          r"recordar)(?:\s+(?:esto|esto\s+otro))?(?:\s+que|\s+de\s+que|\s*[:,])",
    "it": r"(?:ricordati|ricorda|non\s+dimenticare|non\s+scordare|segnati|segna|annota|"
          r"prendi\s+nota|segnarti|ricordarti)"
          r"(?:\s+(?:che|questo)|\s*[:,])",
    "pt": r"(?:anota|anote|lembra|lembre|não\s+esquece|não\s+esqueça|guarda|anotar|lembrar)"
          r"(?:\s+(?:aí|ai|isso|aqui|de|-te))*(?:\s+que|\s*[:,])",
    "nl": r"(?:onthoud|vergeet\s+niet|noteer|schrijf\s+op|onthouden|noteren)"
          r"(?:\s+(?:even|maar|effe))*"
          r"(?:\s+dat|\s*[:,])",
}
_REMEMBER_LEAD: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:ok|okay|hey|oh|so|also|und|alors|bueno|allora|então|"
                     r"dus)\W+)?(?:" + _ASK[lang] + r")?" + words + r"\s*")
    for lang, words in _REMEMBER.items()}
_REMEMBER_LEAD["zh"] = re.compile(r"^\W*(?:帮我|请|你)?(?:记一下|记住|记下|记着|备注一下|记得)"
                                  r"(?:吧|哦|喔)?[，,：:\s]+")


def _without_remember_lead(sentence: str, lang: str) -> str:
    """A sentence that asks to remember something says the something ("can you note down that
    I moved to Leeds?", "帮我记一下，下周四要去新竹面试"): the ask is dropped (with the question
    mark it makes), what is left is the statement."""
    pattern = _REMEMBER_LEAD.get(lang)
    m = None if pattern is None else pattern.match(sentence)
    if m is None or not sentence[m.end():].strip(" ?？.!"):
        return sentence
    return sentence[m.end():].rstrip(" ?？") or sentence


def _starts_with_if(piece: str, lang: str) -> bool:
    """Whether a clause is the condition of an "if" sentence ("if I ever won the lottery",
    "如果我中了彩票"): the clauses after it in its sentence say what would follow, so they are
    as unreal as it is (unless it is only a condition, such as "if it rains", and they name a
    habit: "I always take the bus")."""
    pattern = _CONDITIONAL_START.get(lang)
    return pattern is not None and pattern.match(_LEAD_FILLERS.sub("", piece)) is not None


THE_USER_IN: dict[str, str] = {
    "en": r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|us|our|ours)\b",
    "de": r"\b(?:ich|mich|mir|mein\w*|mei|meim|meini|wir|uns|unser\w*)\b",
    "fr": r"\b(?:je|j|me|m|moi|mon|ma|mes|nous|notre|nos|on)\b",
    "es": r"\b(?:yo|me|mi|mis|conmigo|nos|nuestr\w+)\b",
    "it": r"\b(?:io|mi|me|mio|mia|miei|mie|ci|noi|nostr\w+)\b",
    "pt": r"\b(?:eu|me|mim|meu|minha|meus|minhas|nós|nos|nosso\w*|nossa\w*)\b",
    "nl": r"\b(?:ik|me|mij|mijn|we|wij|ons|onze)\b",
    "zh": r"我",
}
"""Words that put the user in a clause (a first-person pronoun or possessive)."""


def says_what_there_is(clause: Clause) -> bool:
    """Whether a clause cut from a sentence only says what there is or is left ("…, and
    there's nothing decent left on the list", "…, y hay cafetería y jardín"): no fact about
    anyone, unlike the clause it was cut from. A sentence that starts so is read as said."""
    pattern = _THERE_IS.get(clause.language)
    return pattern is not None and not clause.sentence.lstrip().startswith(clause.text) and \
        re.match(r"(?i)\W*(?:" + pattern + r")", clause.text) is not None


def after_short_lead(text: str) -> str:
    """The clause after a lead of one or two words and a comma ("good idea, she …"), where
    its subject stands; the clause itself when it has no such lead."""
    head, comma, rest = text.partition(",")
    return rest.strip() if comma and len(head.split()) <= 2 else text


def clauses_of(text: str, *, default_language: str = "en",
               language_hint: str | None = None) -> list[Clause]:
    """The clauses of a turn, in order, each with its language and cues.

    The language is detected per sentence (a turn may switch languages); a short sentence
    with few votes keeps the turn's language (or ``language_hint``)."""
    quotes = tuple(m.group(0)[1:-1] for m in _QUOTES.finditer(text))
    body = _QUOTES.sub(QUOTE_MARK, text)
    turn_lang = language_hint or detect(body, default=default_language).code
    body = chat_written_out(body, turn_lang)  # "sn allergico" as "sono allergico"
    body = names_capitalised(body, turn_lang)  # "first week at crookes" names Crookes
    out: list[Clause] = []
    turn_corrects = turn_lang in LANGUAGES and has_cue("correction", turn_lang, body)
    seen = 0
    for sentence in _split_sentences(body, turn_lang):
        at = body.find(sentence, seen)
        slip = at > 0 and _SLIP_BEFORE.search(body[:at]) is not None
        seen = at + len(sentence) if at >= 0 else seen
        found = _language_of(sentence, turn_lang, language_hint)
        slip = slip or (at > 0 and _only_a_slip(sentence, found.code))
        sentence = _without_remember_lead(sentence, found.code)
        conditional = unreal = False
        pieces = _dated_it_named(_pieces(sentence, found, turn_lang, language_hint), sentence)
        said, examples = _other_language_set_aside(sentence, pieces, found)
        for piece, own in pieces:
            cues = read_cues(piece, sentence, own.code)
            if _starts_with_if(piece, own.code):
                # "if I ever …" is unreal whatever follows; "if it rains" only for a one-off
                unreal = has_cue("hypothetical", own.code, piece)
                conditional = True
            elif conditional and not cues.hypothetical and (unreal or not cues.habit):
                cues = replace(cues, hypothetical=True)  # "if I won, I'd go to Iceland"
            if turn_corrects and not cues.correction and not _correction_said(out) and \
                    has_cue("negation", own.code, piece):
                cues = replace(cues, correction=True)
            if slip and not cues.correction and slip_lead(sentence, own.code) is not None:
                # "é dia 12 de outubro... não, égua, é dia 21": what was just said, put right
                cues = replace(cues, correction=True, negated=False)
            if slip and not _only_the_lead(piece, own.code):
                slip = False  # the right value said, what follows is no correction ("…
                # non pardon, à Tourcoing, je confonds toujours les deux")
            own_sentence = said if own.supported else sentence
            out.append(Clause(piece, own_sentence, own.code, own.supported, cues, len(out),
                              (*quotes, *examples) if QUOTE_MARK in own_sentence else ()))
    return _undecided_marked(_recalled_sayings_marked(out))


_CJK = re.compile(r"[\u4e00-\u9fff\u3040-\u30ff]")
_ZH_LINE_AFTER_COLON = re.compile(r"[：:]\s*(?P<line>[^\u4e00-\u9fff（(。！？]+)")


ASIDE_LANGUAGE_VOTES = 2.0
"""How sure the words before an aside in brackets must be of a language the extractor does
not read to be a clause of their own (a short line: "Nimehamia Mombasa na nina paka 😂
(c'est un exercice)")."""


def _clearly_other(text: str, sentence: Detected,
                   least: float | None = None) -> Detected | None:
    """The language ``text`` is clearly in (``least`` votes, else
    :data:`PIECE_LANGUAGE_VOTES`) when the extractor does not read it while it reads the
    sentence's; None otherwise."""
    if not sentence.supported or not text.strip():
        return None
    own = detect(text, default=sentence.code)
    if not own.supported and own.code not in ("xx", "ja") and \
            own.votes >= (PIECE_LANGUAGE_VOTES if least is None else least):
        return own
    return None


def _pieces(sentence: str, found: Detected, turn_lang: str,
            hint: str | None) -> list[tuple[str, Detected]]:
    """The clauses of a sentence, each with its language. A line in a language the extractor
    does not read is a clause of its own where the sentence gives it no edge: before an aside
    in brackets ("a ver si me corriges esta: Ben Ankara'da doğdum ve iki kedim var 😂 (es
    inventada, eh)") and, in Chinese, after a colon ("我写了这句：Mieszkam w Krakowie i mam
    psa")."""
    out: list[tuple[str, Detected]] = []
    for piece in _split_clauses(sentence, found.code):
        if not piece.strip(" .,!?…" + QUOTE_MARK):
            continue
        parts = [piece]
        head, bracket, aside = piece.partition("（" if "（" in piece else "(")
        other = _clearly_other(head, found, ASIDE_LANGUAGE_VOTES) if bracket else None
        if other is not None and head.strip(" .,"):
            parts = [head.strip(), bracket + aside]
        if found.code == "zh" and (m := _ZH_LINE_AFTER_COLON.search(parts[0])) and \
                (line := m["line"].strip()) and _clearly_other(line, found):
            first = parts[0]
            parts[:1] = [p for p in (first[:m.start("line")].strip(" ：:"), line,
                                     first[m.end("line"):].strip()) if p.strip(" .,，")]
        for n, part in enumerate(parts):
            own = other if n == 0 and other is not None and len(parts) > 1 else \
                _clearly_other(part, found) if found.code == "zh" and not _CJK.search(part) \
                else None
            out.append((part, own or _piece_language(part, found, turn_lang, hint)))
    return out


_IT_IS: dict[str, str] = {
    "en": r"(?:it['’]s|it\s+is|it['’]ll\s+be|it\s+will\s+be|that['’]s)\s+",
    "de": r"(?:es\s+|das\s+)?(?:ist|wird)\s+",
    "fr": r"(?:c['’]est|ce\s+sera|ça\s+sera)\s+",
    "es": r"(?:es|será|sera)\s+",
    "it": r"(?:è|sarà|sara)\s+",
    "pt": r"(?:é|vai\s+ser|será)\s+",
    "nl": r"(?:het\s+is|het\s+wordt|dat\s+is|is)\s+",
}
"""A clause that starts with "it is" and no name of what is ("it's next saturday", "c'est
samedi", "è il 6 giugno")."""

_OWN_THING: dict[str, str] = {
    "en": r"(?:my|our|his|her|their|the)",
    "de": r"(?:mein|meine|meinen|meinem|meiner|unser|unsere|unseren|sein|seine|ihr|ihre|"
          r"der|die|das|den|dem)",
    "fr": r"(?:mon|ma|mes|notre|nos|son|sa|ses|leur|le|la|les|l['’])",
    "es": r"(?:mi|mis|nuestro|nuestra|su|sus|el|la|los|las)",
    "it": r"(?:il\s+mio|la\s+mia|il\s+suo|la\s+sua|il|la|lo|l['’])",
    "pt": r"(?:o\s+meu|a\s+minha|meu|minha|o\s+seu|a\s+sua|o|a)",
    "nl": r"(?:mijn|m['’]n|ons|onze|zijn|haar|hun|de|het)",
}
"""What starts the thing a clause before names ("my sister's hen do", "la boda de mi prima")."""

_IT_IS_AT: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)" + said) for lang, said in _IT_IS.items()}
_THING_AT_END: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<![\w'’])" + own + r"\s*(?<=\s|['’])[^\W\d_][\w'’ -]*$")
    for lang, own in _OWN_THING.items()}
"""The two compiled once: "it is" at a clause's start, and the thing named at the end of the
clause before, from its possessive or article on."""

MOST_THING_WORDS = 6
"""The most words of a thing named before "it is" taken as what "it" is."""

DAY_WITHIN_WORDS = 3
"""How near after "it is" the day must be said ("it's next saturday", "è il 6 giugno")."""


def _names_a_day(text: str) -> bool:
    """Whether ``text`` says a day: a number, a weekday, a month or a word such as
    "tomorrow" or "übermorgen"."""
    words = set(re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", text.casefold()))
    return re.search(r"\d", text) is not None or bool(
        words & (WEEKDAYS.keys() | MONTHS.keys() | DAY_WORDS.keys()))


def _dated_it_named(pieces: list[tuple[str, Detected]],
                    sentence: str) -> list[tuple[str, Detected]]:
    """A dated "it is …" said right after the thing it is: "need help planning my sister's
    hen do, it's next saturday" → "my sister's hen do is next saturday", so the day is the
    hen do's and not a day of nothing ("la boda de mi prima, es el sábado 14" likewise).
    The thing is the last words of the clause before from a possessive or article on (at most
    :data:`MOST_THING_WORDS`), and the day comes first after "it is" (within
    :data:`DAY_WITHIN_WORDS` words). Not in a sentence that puts something right ("I reread
    the email, it's friday not tomorrow": the day of what was said before); anything else
    stays as said."""
    out = list(pieces)
    for n in range(1, len(out)):
        piece, own = out[n]
        before, said_before = out[n - 1]
        lang = own.code
        it_is = _IT_IS_AT.get(lang)
        m = None if it_is is None or said_before.code != lang else it_is.match(piece)
        if m is None or not _names_a_day(" ".join(piece[m.end():].split()[:DAY_WITHIN_WORDS])) \
                or has_cue("correction", lang, sentence) or has_cue("negation", lang, piece):
            continue
        named = _THING_AT_END[lang].search(before.rstrip(" ,.!?"))
        if named is None:
            continue
        thing = named.group(0).strip()
        if len(thing.split()) > MOST_THING_WORDS or _names_a_day(thing):
            continue
        verb = re.sub(r"(?i)^(?:it['’]s|it\s+is|that['’]s)$", "is", m.group(0).strip())
        verb = re.sub(r"(?i)^(?:it['’]ll\s+be|it\s+will\s+be)$", "will be", verb)
        verb = re.sub(r"(?i)^(?:es|das)\s+|^(?:het|dat)\s+", "", verb)
        verb = re.sub(r"(?i)^c['’]est$", "est", verb)
        verb = re.sub(r"(?i)^(?:ce|ça)\s+", "", verb)
        out[n] = (f"{thing} {verb} {piece[m.end():]}", own)
    return out


def _other_language_set_aside(sentence: str, pieces: list[tuple[str, Detected]],
                              found: Detected) -> tuple[str, tuple[str, ...]]:
    """The sentence as its clauses in our language see it: a line in a language the
    extractor does not read ("mira lo que aprendí hoy: Jeg bor i Bergen og jeg har tre
    hunder") is an example, not the user's words, and stands there as a quote does
    (:data:`QUOTE_MARK`), so no fact read from the clause before it carries it. Also the
    lines set aside."""
    if not any(own.supported for _, own in pieces):
        return sentence, ()
    examples = tuple(piece for piece, own in pieces if not own.supported and piece in sentence)
    for line in examples:
        sentence = sentence.replace(line, QUOTE_MARK, 1)
    return sentence, examples


def _undecided_marked(clauses: list[Clause]) -> list[Clause]:
    """The clauses with a plan only floated read as hypothetical: a clause that says nothing
    is decided (the cue ``undecided``) and the clause of its sentence right before it, which
    is what was weighed ("we've been toying with getting a dog, but honestly we haven't
    decided anything", "ob wir ein E-Bike kaufen, überlegen wir noch"); what the sentence
    said before that stands. In Chinese the weighing is said in its own clause ("还在考虑要不
    要…") and the clause before it is other news: only the clause itself is marked."""
    out = list(clauses)
    for n, clause in enumerate(clauses):
        if not has_cue("undecided", clause.language, clause.text):
            continue
        for k in (n - 1, n) if clause.language != "zh" else (n,):
            if k >= 0 and clauses[k].sentence == clause.sentence:
                out[k] = replace(out[k], cues=replace(out[k].cues, hypothetical=True))
    return out


def _recalled_sayings_marked(clauses: list[Clause]) -> list[Clause]:
    """The clauses with a question about what the user said before ("did I tell you Leeds?",
    "Hatte ich dir Brandt geschrieben?", "我前天是不是说我妈生日 5 月 8 号？") read as the
    opening of a correction: it names the wrong value and asks nothing of the assistant,
    and the clause after it, in the same turn, says the right one ("Er heißt Brandl")."""
    out = list(clauses)
    for n, clause in enumerate(clauses):
        if not clause.cues.question or not has_cue("recalled_saying", clause.language,
                                                    clause.text):
            continue
        out[n] = replace(clause, cues=replace(clause.cues, correction=True, question=False,
                                              negated=False),
                         asked_value=_asked_back_value(clause, clauses[n + 1:n + 3]))
        if n + 1 < len(out) and not out[n + 1].cues.question:
            out[n + 1] = replace(out[n + 1], cues=replace(out[n + 1].cues, correction=True))
    return out


_ASKED_WORD = re.compile(r"[^\W_][\w'’-]*")


_DAY_OF_MONTH = re.compile(r"(?i)(?<![\w])(?:(?P<m1>[^\W\d_]{3,})\.?\s+\d{1,2}(?:st|nd|rd|th)?|"
                           r"\d{1,2}(?:st|nd|rd|th|\.|er)?\s+(?:(?:de|of)\s+)?(?P<m2>[^\W\d_]{3,}))"
                           r"(?![\w])")
"""A month's day as chat writes it, the month a word of three letters or more ("oct 12",
"October 21st", "21 de octubre"); :func:`day_said` keeps those whose word is a month."""


def day_said(text: str) -> str | None:
    """A day of a month as the text says it ("oct 12", "21 de octubre"), else ``None``."""
    for m in _DAY_OF_MONTH.finditer(text):
        if (m["m1"] or m["m2"]).casefold() in MONTHS:
            return m.group(0)
    return None


def _asked_back_value(asked: Clause, after: list[Clause]) -> str | None:
    """The value a question about what the user said names in a "that" clause: the last
    run of its words the answer after it does not say again ("did I tell you that Mia works
    in Bristol? Wrong city, she works in Bath" → "Bristol"; "zei ik dat Sanne in Breda
    woont? Klopt niet, ze woont in Tilburg" → "Breda"). The answer says the frame again
    ("works in"), so what it leaves out is who the clause is about and the wrong value, in
    the clause's order; ``None`` when there is no "that" right after the cue, no answer or
    nothing said again."""
    cue = find_cue("recalled_saying", asked.language, asked.text)
    if cue is None or not after:
        return None
    rest = asked.text[cue.end():]
    that = find_cue("said_that", asked.language, rest)
    if (day := day_said(rest)) is not None and any(day_said(c.text) for c in after):
        return day  # "did i say jada's bday is oct 12?? its oct 21": the day, as said
    if that is None or len(_ASKED_WORD.findall(rest[:that.start()])) > 2:
        return None  # "did I tell you Leeds?": the value follows the cue itself
    said = _ASKED_WORD.findall(rest[that.end():])
    answer = {w.casefold() for c in after for w in _ASKED_WORD.findall(c.text)}
    if not any(w.casefold() in answer for w in said):
        return None
    runs: list[list[str]] = [[]]
    for word in said:
        if word.casefold() in answer:
            runs.append([])
        else:
            runs[-1].append(word)
    last = next((run for run in reversed(runs) if run), [])
    return " ".join(last) if 0 < len(last) <= 3 else None


PIECE_LANGUAGE_VOTES = 2.5
"""How sure a clause's own language must be to differ from its sentence's: a line in
another language after a colon ("mira lo que me hizo escribir: Van két kutyám és Szegeden
lakom") is that language's, and a lead in ours before a line in another is ours."""


def _piece_language(piece: str, sentence: Detected, turn_lang: str,
                    hint: str | None) -> Detected:
    """The language of one clause of a sentence detected as ``sentence``: the sentence's,
    unless the clause alone votes clearly (:data:`PIECE_LANGUAGE_VOTES`) for a language the
    extractor does not read while the sentence is one it reads ("…escribir: Van két kutyám
    és Szegeden lakom"), or for one it reads while the sentence is not ("mira lo que aprendí
    hoy: Jeg bor i Bergen"). A language the caller gave (``hint``) is the sentence's, but a
    clause clearly in a language the extractor does not read is still that language's."""
    if sentence.code in ("zh", "ja") or (hint and not sentence.supported):
        return sentence
    default = sentence.code if sentence.supported else \
        turn_lang if turn_lang in LANGUAGES else "en"
    own = detect(piece, default=default)
    if own.supported != sentence.supported and own.code not in ("xx", "ja") and \
            own.votes >= PIECE_LANGUAGE_VOTES:
        return own
    return sentence


def _correction_said(before: list[Clause]) -> bool:
    """Whether a clause before, in the same turn, already put something right with a
    "not" ("petite correction : Praline n'est pas une border collie, c'est une berger
    australien"). A later clause's negation is then no correction of its own ("la SPA
    s'était trompée et moi j'ai répété sans vérifier", "I told her without checking")."""
    return any(c.cues.correction and c.cues.negated for c in before)


def _language_of(sentence: str, turn_lang: str, hint: str | None) -> Detected:
    if hint:
        return Detected(hint, hint in LANGUAGES, 1.0)
    found = detect(sentence, default=turn_lang if turn_lang in LANGUAGES else "en")
    if found.code == "xx" and found.votes == 0 and turn_lang in LANGUAGES:
        return Detected(turn_lang, True, 0.0)
    if found.code == turn_lang or turn_lang not in LANGUAGES or found.code in ("zh", "ja", "xx"):
        return found
    counted = votes(sentence)
    if found.supported and counted.get(found.code, 0) < counted.get(turn_lang, 0) + 2:
        return Detected(turn_lang, True, counted.get(turn_lang, 0))
    if not found.supported and found.votes < 2:
        return Detected(turn_lang, True, counted.get(turn_lang, 0))
    return found

