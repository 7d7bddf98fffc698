"""The offline extractor's reader: clauses → slots → facts, in eight languages.

For one turn (see :mod:`lucidmem.facts.clauses` for the splitting and the cues):

1. clauses in an unsupported language, questions, hypotheticals, sarcasm, other people's
   quoted or reported words and requests yield no fact; each such clause is counted as a
   flag (``skipped:<why>``) so nothing is lost silently;
2. people are read first ("my brother Callum" → the user's brother is Callum); the subject
   of a clause is the user, a person named at its start, or the person a pronoun points to;
3. the slot classifier (:mod:`lucidmem.facts.slots`) says what the clause is about, or that
   it is small talk; clauses with no content word are dropped;
4. the fact's text is the clause itself, standing alone: put in the third person (English)
   or after an English head ("The user (sport): …"), every date written out; the clause
   is kept as the fact's evidence;
5. cues become the fact's lifecycle: a date resolved against the turn's time and tense is
   its validity (an event's day, a state's start, a one-off's single day); "no longer", "I
   moved", "only X now", "I quit X", "I meant X, not Y", "forget what I said about X" tell
   validation what to supersede or retract.

The rule tables of :mod:`lucidmem.facts.offline_extractor` still read the clauses they
cover (English, German, French, Spanish) so their exact predicates keep working; the text
of every fact is written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from lucidmem.facts import corrections, farewells, homes, one_at_a_time
from lucidmem.facts.attended_places import attended_kinds
from lucidmem.facts.clauses import (
    THE_USER_IN,
    Clause,
    Cues,
    after_short_lead,
    bare_contrast,
    clauses_of,
    day_said,
    opens_with_and_a_day,
    plain_apostrophes,
    read_cues,
    says_what_there_is,
    slip_lead,
    zh_asks,
)
from lucidmem.facts.common_words import is_common_word
from lucidmem.facts.cue_lexicon import (
    CLAUSE_OPENING_WORDS,
    FIRST_PERSON_VERBS,
    HOME_NOUNS,
    INSTRUMENTS,
    JOB_NOUNS,
    LANGUAGES,
    PARTNERS,
    RELATIONS,
    REPLACED_BY_A_NEW_ONE,
    ROLE_HOLDERS,
    SHIFT_WORDS,
    STRETCH_DONE,
    WORK_RELATION_NOUNS,
    WORKING_VERBS,
    WORKPLACE_NOUNS,
    cue_pattern,
    find_cue,
    has_cue,
)
from lucidmem.facts.date_shifts import moved_by_amount, shift_said
from lucidmem.facts.entities import NAME_WORDS
from lucidmem.facts.language import votes
from lucidmem.facts.lifecycle import sports_named
from lucidmem.facts.lowercase_names import chat_names_in, is_chat_name, writes_in_lowercase
from lucidmem.facts.model import (
    BARE_RIGHT_VALUE,
    CARRIED_WRONG_VALUE,
    CORRECTED_WEEKDAY,
    GONE_OF_ITS_KIND,
    LAST_DATED,
    MOVED_BY,
    NEW_OF_ITS_KIND,
    ONE_PAST_DAY,
    RECALLED_PAST,
    RESTATED,
    SAID_OF_THE_CORRECTED,
    SENT_OFF,
    SET_AGAINST,
    UNNAMED_PARTNER,
    USER_SUBJECT,
    FactCandidate,
    FactCategory,
    PrivacyLevel,
    Subcategory,
    category_of,
)
from lucidmem.facts.moments import (
    moment_of_the_day,
    now_and_passing,
    outside_annoyance,
    weather_talk,
)
from lucidmem.facts.openings import (
    Opening,
    opening_in,
    opening_named,
    role_said,
    tenure_days,
)
from lucidmem.facts.people import (
    NAMES_THAT_ARE_WORDS,
    THEIRS,
    Mention,
    composed_relation,
    couple_with_user,
    given_name,
    is_given_name,
    is_third_pronoun,
    is_title,
    mentions,
    possessive_gender,
    pronoun_relation,
    pronoun_subject,
    relation_gender,
    starts_with_name,
)
from lucidmem.facts.privacy import assess_privacy, has_secret_marker, stricter
from lucidmem.facts.rate_shift import moves_a_count
from lucidmem.facts.remark_gate import RemarkJudge
from lucidmem.facts.render import (
    content_words,
    english_first_person_inside,
    english_third_person,
    is_past_verb,
    range_end,
    span_of,
    with_dates,
)
from lucidmem.facts.slots import NO_FACT, SLOTS, SlotClassifier, SlotGuess
from lucidmem.facts.statement_words import NOW
from lucidmem.facts.temporal import TemporalAnchor, TemporalResolution, find_temporal
from lucidmem.facts.temporal_lexicon import (
    DATE_NAMES,
    MONTHS,
    WEEKDAYS,
    said_weekday,
    without_trailing_date_words,
)
from lucidmem.facts.temporal_patterns import Days, Granularity, held_for

__all__ = ["ANSWER_WINDOW", "ConversationState", "TurnReading", "asks_about_others", "read_turn"]

NO_FACT_LIMIT = 0.55
"""A clause whose probability of being small talk or a request reaches this states
nothing to keep."""

SHORT_NO_FACT_LIMIT = 0.25
"""The same for a clause of three words or fewer that names nothing and no number."""

SUBJECTLESS_NO_FACT_LIMIT = 0.40
"""The same for a clause that names no one (no "I", no person): it needs to be surer."""

DATED_NO_FACT_LIMIT = 0.65
"""The same for a clause in which the user (or someone named) does something on a day it
names ("die Theorie hab ich vorgestern bestanden"): a dated event is rarely small talk."""

ONLY_NOW_NO_FACT_LIMIT = 0.75
"""The same for a clause that says the user now does only one thing ("it's just matcha now",
"nur noch Cello"): a changed state, rarely small talk."""

ONLY_NOW_CONTINUED_NO_FACT_LIMIT = 1.01
"""The same, never reached, for such a clause whose slot is the one of a fact the same turn
has already stated ("haven't had coffee in like three weeks. it's just matcha now"): the
turn is about that kind of thing and "only this now" says its new state, however much the
short clause alone reads like small talk."""

CARRIED_NO_FACT_LIMIT = 0.9
"""The same for the clause after a correction that named the wrong value ("j'ai dit que Hugo
est de Nancy ? Pas du tout, il est de Metz"): it says the right one, rarely small talk."""

TENURE_NO_FACT_LIMIT = 0.9
"""The same for a clause that says how long the user has been at a named organisation ("prima
settimana da Esselunga finita", "four years at Lula's"): a workplace, rarely small talk."""

OWN_THING_NO_FACT_LIMIT = 0.95
"""The same for a clause that names a thing of the user's own by its brand ("meu iPhone tá
morrendo", "那辆本田修了三次冷气"): what the user has, which a new one of its kind will
replace (:mod:`lucidmem.facts.one_at_a_time`)."""

HEDGE_FACTOR = 0.6
"""Confidence multiplier of hedged statements ("I think …")."""

_PREDICATE_SLOTS = {
    "lives_in": "residence", "works_at": "employer", "occupation": "occupation",
    "diet": "diet", "eats": "diet", "drinks": "drink", "allergic_to": "health",
    "intolerant_to": "health", "has_condition": "health", "likes": "likes",
    "dislikes": "dislikes", "has_event": "event", "visiting": "event", "travels_to": "event",
    "birthday": "event", "speaks": "language", "plays": "hobby", "working_on": "project",
    "worried_about": "concern", "age": "personal", "name": "personal",
    "preferred_name": "personal", "hometown": "personal", "prefers": "likes",
    "chronotype": "routine",
}


def _is_relation(predicate: str) -> bool:
    """Whether a rule's predicate is a relation to a person ("has_sister"), not an event or
    a condition the user has ("has_event", "has_condition")."""
    return predicate.startswith("has_") and predicate not in _PREDICATE_SLOTS


_PLACES = {"lives_in": "lives in", "works_at": "works at"}
"""Rule predicates whose fact reads best as a plain sentence ("The user lives in Berlin")."""

_PAST_MARKERS: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)\b(?:was|were|did|had|went|got|came|landed|left|took|moved|"
                     # irregular past forms that are no other word (not the verbs that
                     # report what comes: "I said I'd get tickets for Wednesday" is to come)
                     r"ran|swam|saw|met|bought|ate|drank|found|gave|heard|lost|paid|"
                     r"sent|sold|spent|taught|wore|won|wrote|flew|drove|rode|"
                     r"sang|began|broke|caught|chose|fell|forgot|slept|spoke|"
                     r"stood|woke|brought|built|kept|became|threw|grew|sat|"
                     r"yesterday|ago|last|\w{3,}ed)\b"),
    "de": re.compile(r"(?i)\b(?:war|waren|hatte|hatten|gestern|vorgestern|letzte[nrs]?|"
                     r"(?:habe|hab|hat|haben|bin|ist|sind)\b.*\bge\w+[tn])\b"
                     # a participle ending its clause, its auxiliary left out ("ich nur Tee
                     # getrunken, alles wie immer"); lower case, so no noun ("Geschenken")
                     r"|(?-i:\bge[a-zäöüß]{3,}(?:t|en))(?=\s*(?:[,.;!]|$))"),
    "fr": re.compile(r"(?i)\b(?:était|étais|hier|dernier|dernière|(?:j'ai|ai|as|a|avons|ont|"
                     r"suis|est|sommes|sont)\s+"
                     # a participle, not a day ("est vendredi", "c'est lundi"), a pronoun,
                     # an adverb or an adjective ("c'est moi la marraine", "c'est parfait")
                     r"(?!(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|midi|moi|toi|"
                     r"lui|ici|aussi|ainsi|au|du|parfait|petit|joli|gratuit|si|ni|qui|oui)\b)"
                     r"\w+(?:é|ée|és|i|it|u|is))\b"),
    "es": re.compile(r"(?i)\b(?:fue|fui|era|ayer|pasado|pasada|"
                     # a preterite (-é, -ó) has a verb's stem; "té", "café", "bebé" are nouns
                     r"(?!(?:caf|beb|pur|canap|chal|comit|carn|jos)[éó]\b)\w{2,}(?:é|ó)|"
                     # and of -er / -ir verbs ("corrí", "viví"); "aquí", "así" are adverbs
                     r"(?!(?:aqu|all|ah|as|esqu|rub|man|jabal|colibr|bistur)í\b)\w{2,}í|"
                     r"\w+(?:aron|ieron|aste))\b|"
                     r"\b(?:he|ha|han|hemos)\s+\w+(?:ado|ido)\b"),
    "it": re.compile(r"(?i)\b(?:era|ero|ieri|scorso|scorsa|(?:ho|hai|ha|abbiamo|hanno|sono|"
                     r"è|siamo)\s+\w+(?:ato|ata|uto|uta|ito|ita|ati|iti))\b"),
    "pt": re.compile(r"(?i)\b(?:foi|fui|era|ontem|passado|passada|\w+(?:ei|ou|aram|eram|iu))\b"),
    "nl": re.compile(r"(?i)\b(?:was|waren|had|gisteren|vorige|afgelopen|(?:heb|heeft|hebben|"
                     r"ben|is|zijn)\b.*\bge\w+[dtn])\b"),
    "zh": re.compile(r"^(?!.*(?:现在|如今|目前|最近|这几天|这阵子|开始|不再|只)).*了|"
                     r"过|昨天|上周|上个月|前天|刚才|(?<=[\u4e00-\u9fff])(?<![没不未])完(?![全美整善])"),
}
"""Chinese 了 after "now" / "only" / "no longer" says a state changed ("我现在只喝茶了"),
not that something is over; a verb and 完 says it is done ("团团周六打完疫苗": the Saturday
gone)."""
_FUTURE_MARKERS: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)\b(?:will|going to|gonna|next|tomorrow|coming|upcoming|'ll|in \w+ "
                     r"(?:days?|weeks?|months?))\b"),
    "de": re.compile(r"(?i)\b(?:werde|wird|werden|morgen|übermorgen|nächste[nrs]?|kommende[nrs]?|"
                     r"in \w+ (?:tagen|wochen|monaten))\b"),
    "fr": re.compile(r"(?i)\b(?:vais|va|allons|vont|demain|prochain|prochaine|dans \w+ "
                     r"(?:jours|semaines|mois))\b"),
    "es": re.compile(r"(?i)\b(?:voy a|va a|vamos a|mañana|próximo|próxima|que viene|dentro de)\b"),
    "it": re.compile(r"(?i)\b(?:domani|prossimo|prossima|tra|fra|sarà|\w+(?:erò|irò|rà|remo))\b"),
    "pt": re.compile(r"(?i)\b(?:vou|vai|vamos|amanhã|próximo|próxima|que vem|daqui a)\b"),
    "nl": re.compile(r"(?i)\b(?:ga|gaat|gaan|zal|zullen|morgen|overmorgen|volgende|komende|"
                     r"over \w+ (?:dagen|weken))\b"),
    "zh": re.compile(r"下周|下个|明天|后天|要(?!了)|会|将|打算|准备"),  # (not "要了个贴纸":
    # asked for and got)
}
_DURATION: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)\b(?:for\s+|after\s+)?(?P<n>\d+|one|two|three|four|five|six|seven|"
                     r"eight|nine|ten|twenty)\s+(?P<u>years?|months?)\b"),
    "de": re.compile(r"(?i)\b(?:seit|nach|für)\s+(?P<n>\d+|einem|einer|zwei|drei|vier|fünf|"
                     r"sechs|sieben|acht|neun|zehn)\s+(?P<u>jahren?|monaten?)\b"),
    "fr": re.compile(r"(?i)\b(?:depuis|après)\s+(?P<n>\d+|un|deux|trois|quatre|cinq|six|sept|"
                     r"huit|neuf|dix)\s+(?P<u>ans|années?|mois)\b"),
    "es": re.compile(r"(?i)\b(?:hace|desde hace|llevo)\s+(?P<n>\d+|un|dos|tres|cuatro|cinco|"
                     r"seis|siete|ocho|nueve|diez)\s+(?P<u>años?|meses)\b"),
    "it": re.compile(r"(?i)\b(?:da|dopo)\s+(?P<n>\d+|un|due|tre|quattro|cinque|sei|sette|otto|"
                     r"nove|dieci)\s+(?P<u>anni|mesi)\b"),
    "pt": re.compile(r"(?i)\b(?:há|faz|depois de)\s+(?P<n>\d+|um|dois|três|quatro|cinco|seis|"
                     r"sete|oito|nove|dez)\s+(?P<u>anos?|meses)\b"),
    "nl": re.compile(r"(?i)\b(?:al|sinds|na)\s+(?P<n>\d+|een|twee|drie|vier|vijf|zes|zeven|acht|"
                     r"negen|tien)\s+(?P<u>jaar|jaren|maanden)\b"),
    "zh": re.compile(r"(?P<n>\d+|[一两三四五六七八九十]+)(?P<u>年|个月)了"),
}
_NUMBER_WORDS = {w: i for i, ws in enumerate((
    "", "one un une um uma uno una een einem einer ein 一", "two deux dos due dois duas twee "
    "zwei 两 二", "three trois tres tre três drie drei 三", "four quatre cuatro quattro quatro "
    "vier 四", "five cinq cinco cinque vijf fünf 五", "six seis sei zes sechs 六", "seven sept "
    "siete sette sete zeven sieben 七", "eight huit ocho otto oito acht 八", "nine neuf nueve "
    "nove negen neun 九", "ten dix diez dieci dez tien zehn 十")) for w in ws.split()}
_NO_MATCH = re.compile(r"(?!x)x")
_WHEN_EVENT = re.compile(
    r"(?i)(?:\bwhen\b|\bonce\b|\bas soon as\b|\bquando\b|\bcuando\b|\bquand\b|\bdès que\b|"
    r"\bwenn\b|\bsobald\b|\bals\b|\bzodra\b|el día que|il giorno che|o dia que|等.{1,12}(?:回来|"
    r"的时候)|的时候)")
_TOPIC_AFTER: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)\b(?:about|regarding|re|of)\s+(?P<t>.+)$"),
    "de": re.compile(r"(?i)\b(?:über|iwwer|iwer|von|mit|zu|wegen)\s+(?P<t>.+)$"),
    "fr": re.compile(r"(?i)\b(?:sur|de|du|des|à propos de|concernant)\s+(?P<t>.+)$"),
    "es": re.compile(r"(?i)\b(?:de|del|sobre|acerca de)\s+(?P<t>.+)$"),
    "it": re.compile(r"(?i)\b(?:(?:di|dei|del|della|delle|su|sul|sulla|sui|sugli|sulle|sullo|"
                     r"riguardo a)\s+|(?:dell|sull)['’])(?P<t>.+)$"),
    "pt": re.compile(r"(?i)\b(?:sobre|de|da|do|das|dos)\s+(?P<t>.+)$"),
    "nl": re.compile(r"(?i)\b(?:over|van|met)\s+(?P<t>.+)$"),
    "zh": re.compile(r"(?:把|关于|跟你说过?的?|跟你讲过?(?:的|嘅)?|告诉过?你的?|"
                     r"(?:上次|之前|头先|早前|前几日|前几天)(?:讲|说|提)过?(?:的|嘅)?)(?P<t>.+?)"
                     r"(?:那件事|那个事|的事|这件事|那事儿?|这事儿?|嗰件事|嗰单嘢|嘅事|忘|"
                     r"你(?:就|别|不要|唔好|当)|，|$)"),
}
_NAMED_AFTER_CUE: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\s*(?P<t>(?:" + article + r")\s+(?!(?:" + pointer + r")\b)[^,;.!?]+?)"
                     r"\s+(?:" + told + r")(?:\W|$)")
    for lang, (article, pointer, told) in {
        "en": (r"the|my|his|her|their|our", r"thing|bit|part|stuff|whole",
               r"(?:that|which)?\s*i\s+(?:told\s+you(?:\s+about)?|said|mentioned)"),
        "fr": (r"le|la|les|l['’]|mon|ma|mes|son|sa|ses", r"truc|chose|histoire",
               r"(?:que|dont)\s+je\s+t['’]ai\s+(?:dit|parlé|raconté)"),
        "es": (r"el|la|los|las|lo\s+del?|mi|mis|su|sus", r"que",
               r"que\s+te\s+(?:dije|conté|comenté)"),
        "it": (r"il|la|lo|l['’]|i|gli|le|la\s+storia\s+del?", r"che",
               r"che\s+ti\s+(?:ho|avevo)\s+(?:detto|raccontato)"),
        "pt": (r"o|a|os|as|aquilo\s+d[oa]", r"que",
               r"(?:que|q)\s+(?:eu\s+)?(?:te\s+)?(?:falei|disse|contei)"),
        "nl": (r"de|het|mijn|zijn|haar", r"ding",
               r"(?:dat|die|wat)\s+ik\s+(?:je\s+)?(?:zei|vertelde|gezegd\s+heb)"),
        "de": (r"die|der|das|den|dem|mein|meine|meinen", r"was",
               r",?\s*(?:die|der|das|den)\s+ich\s+(?:dir\s+)?(?:erzählt|gesagt)"),
    }.items()}
"""A retraction that names its thing right after its cue, with "that I told you" after it
("esquece o casamento do thiago q eu te falei", "forget the wedding of my cousin I told you
about"): the whole thing is the topic, not only what follows its "of"."""

_POINTER_ONLY: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:" + words + r")\b\W*)*$") for lang, words in {
        "en": r"it|that|this|about\s+it|please|pls|ok|okay|anything|a\s+word|ever",
        "de": r"das|des|es|dies|bitte|mal|mol|einfach|wieder|gleich|nichts|nix|was|hab|habe",
        "fr": r"ça|ca|cela|le|la|l'|s'il\s+te\s+plaît|stp|juste|rien|jamais",
        "es": r"eso|esto|lo|porfa|por\s+favor|mejor|nada|nunca|nunca\s+nada",
        "it": r"quello|questo|lo|la|per\s+favore|pure|niente|nulla|mai|detto",
        "pt": r"isso|isto|o|a|por\s+favor|tá|ta|nada|nunca|nada\s+disso",
        "nl": r"dat|het|dit|maar|even|effe|alsjeblieft|hoor",
    }.items()}
_POINTER_ONLY["zh"] = re.compile(r"^[\W过吧嘛啊呀了它这个那个掉就啦喇嘞咯住哈哦呢噢喔哟呗]*$")
"""A retraction's words after its cue that only point back or are particles ("vergiss das
bitte", "忘了它", "forget it", "…当我没说哈"): its topic was said before the cue ("das mit
dem Jobwechsel von Tom, vergiss das", "之前跟你说老王想去外地工作那个事，你就当我没说过嘛")."""
_ZH_EARLIER = r"上回|上次|之前|前天|昨天|前几天"
"""When the user said something before, in Chinese ("上次", "上回", "前天" …)."""
_ZH_I = r"我|俺|额"
"""The user's "I" in Chinese, also in the north and the west ("俺", "额")."""

_CORRECTED_VALUE: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)(?:\bnot\s+(?:in\s+|on\s+|at\s+|the\s+)?|"
                     r"\b(?:does|do|did|is|are)(?:n't|n’t|\s+not)\s+(?:work|live|study|teach)\s+"
                     r"(?:in|at|for|with)\s+(?:the\s+)?|"
                     r"\bdid\s+i\s+(?:say|tell\s+(?:you|u)|write)\s+(?:it\s+was\s+)?|"
                     r"(?:\bi\s+|^\W*)(?:told\s+you|said)\s+(?:it\s+was\s+|it's\s+)?"
                     r"(?:in\s+|on\s+|at\s+)?)(?P<old>[^,.;!?:]+)"),
    "de": re.compile(r"(?i)(?:\b(?:nicht|net|ned|nich|nit|ni)\s+(?:in\s+|am\s+|bei\s+|im\s+)?|"
                     r"\bkein(?:e|en|em|er)?\s+|"
                     r"(?:\bich\s+|^\W*)sagte\s+(?:dir\s+)?|"
                     r"\b(?:hab|habe|hatte)\s+ich\s+(?:(?:dir|euch|Ihnen)\s+|"
                     r"(?=[^,.;!?]+\s+(?:gesagt|geschrieben)\b))|"
                     r"(?:\bich\s+|^\W*)(?:hab|habe)\s+(?:dir|euch|Ihnen)\s+"
                     r"(?:(?:letztes|das\s+letzte)\s+Mal\s+|neulich\s+|gestern\s+)?)"
                     r"(?P<old>[^,.;!?]+?)(?:\s+(?:gesagt|geschrieben)\b|(?=\s*[,.;!?–]|\s*$))"),
    "fr": re.compile(r"(?i)(?:\bpas\s+(?:à\s+|le\s+|au\s+|en\s+|chez\s+|"
                     r"dans\s+(?:la\s+|le\s+|l')?)?|"
                     r"(?:\bje\s+|^\W*)(?:t'|t’|vous\s+)ai\s+(?:dit|écrit)\s+|"
                     r"(?:\bj'|^\W*)ai\s+(?:dit|écrit)\s+)(?P<old>[^,.;!?:]+)"),
    "es": re.compile(r"(?i)(?:\bno\s+(?!(?:no|espera|esperá|sé|mames|manches)\b)"
                     r"(?:es\s+|(?:trabaja|trabajo|vive|vivo|estudia|estudio|"
                     r"está|estoy|fue|se\s+fue|se\s+mudó|va)\s+)?(?:en\s+|a\s+|para\s+)?"
                     r"(?:el\s+|la\s+)?|\bte\s+(?:dije|escribí)\s+)"
                     r"(?P<old>[^,.;!?:]+)"),
    "it": re.compile(r"(?i)(?:\bnon\s+(?!(?:è|era)\s+(?:vero|vera|così|giust[oa]|corrett[oa])\b)"
                     r"(?:è\s+|(?:lavora|lavoro|abita|abito|vive|vivo|studia|"
                     r"studio|sta|sto)\s+)?(?:a\s+|il\s+|la\s+|in\s+|alla\s+|al\s+|allo\s+|"
                     r"nel\s+|nella\s+)?|"
                     r"(?:ti|le|vi)\s+(?:ho|avevo)\s+(?:detto|scritto)\s+(?:che\s+)?)"
                     r"(?P<old>[^,.;!?:]+)"),
    "pt": re.compile(r"(?i)(?:\bn[ãa]o\s+(?!(?:pera|peraí|perai|espera|calma|sei)\b)"
                     r"(?:é\s+|(?:trabalha|trabalho|mora|moro|vive|vivo|estuda|"
                     r"estudo|está|estou|foi|vai|mudou|se\s+mudou)\s+)?"
                     r"(?:a\s+|o\s+|em\s+|no\s+|na\s+|pra\s+|pro\s+|para\s+)?|"
                     r"\bte\s+(?:disse|falei|escrevi)\s+|(?:\beu\s+|^\W*)disse\s+)"
                     r"(?P<old>[^,.;!?:]+)"),
    "nl": re.compile(r"(?i)(?:\bniet?\s+(?:(?:op|in|bij)\s+(?:het\s+|de\s+)?)?|\bgeen\s+|"
                     r"(?:\bik\s+|^\W*)zei\s+|"
                     r"\bzei\s+ik\s+(?:je\s+)?|\b(?:heb|had)\s+ik\s+(?:je\s+|jou\s+)?)"
                     r"(?P<old>[^,.;!?:]+?)(?:\s+(?:gezegd|geschreven)\b|(?=\s*[,.;!?:]|\s*$))"),
    "zh": re.compile(r"(?:(?:是不是|有没有)(?:跟你)?(?:说|讲|写)(?:过|了)?|(?<!是)不是|唔系|唔係|"
                     r"不在|唔喺|"
                     r"(?:" + _ZH_EARLIER + r")(?:" + _ZH_I + r")?(?:跟你)?(?:说|讲)(?:过|了)?)"
                     r"(?P<old>[^，。！？,]+)"),
}
"""The value a correction takes back: the one after its "not" ("Thursday, not Friday",
"小雨不在省立医院": not at) or the one the user says they told before ("I told you Leeds",
"te dije Sevilla", "ich hab dir letztes Mal Pradl gesagt")."""
_SECRET_MARKS = re.compile(
    r"(?i)in confidenza|entre nous|entre nosotros|entre nós|unter uns|tussen ons|between us|"
    r"não conta pra ninguém|no se lo digas|non dirlo|sag es niemandem|don't tell anyone|"
    r"dis-le à personne|别告诉别人|不要告诉别人")


_OWN_NAME = re.compile(
    r"(?i)(?:^|(?<=[\s,.!?]))(?:i'm|i am|my name is|name's|ich bin(?: der| die)?|ich heiße|"
    r"je m'appelle|je suis|moi c'est|me llamo|soy|mi chiamo|sono|so|me chamo|sou(?: o| a)?|"
    r"ik ben|ik heet|'k ben)\s+(?P<name>[^\W\d_][\w'-]*)"
    r"|(?:我是|我叫)(?P<zh>[\u4e00-\u9fff]{2,3})")
"""How a user says their own name ("ao ciao so sara de viterbo", "Moi c'est Nadine, de
Moncton", "I'm Orla"): :attr:`ConversationState.user_names`. A word that is no name ("I'm
tired") is kept as well; it is only ever left out as a partner's name."""


@dataclass
class ConversationState:
    """What the reader remembers from earlier turns of the same conversation: the people
    named (name → relation), the last person (for "she"), the language."""

    people: dict[str, str] = field(default_factory=dict)
    last_person: str | None = None
    language: str = "en"
    asked_about_others: bool = False
    """The assistant's last turn asked about someone or something else ("What did they
    play?"), not about the user: a reply with no subject answers that, not about the user."""
    asked_at: datetime | None = None
    """When the assistant asked it: a turn more than :data:`ANSWER_WINDOW` later is no
    answer ("FIRST WEEK DONE at Crookes" weeks after "what's he into?" is the user's news)."""
    openings: list[Opening] = field(default_factory=list)
    """The job openings the user told of ("O surf camp do Baleal procura cozinheira"), the
    latest last: a later clause may say only the weeks spent at one
    (:func:`_started_at_opening`)."""
    user_names: set[str] = field(default_factory=set)
    """The names the user introduced themself by ("ao ciao so sara de viterbo", "I'm Orla"):
    never the one they are a couple with (:func:`_together`)."""
    person_before: str | None = None
    """The last person before :attr:`last_person` ("… pro bolo da vó? … no sítio do meu tio"):
    the one a pronoun of the other gender points to ("ela faz 85": the grandmother)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "last_person" and value != getattr(self, "last_person", None):
            object.__setattr__(self, "person_before", getattr(self, "last_person", None))
        object.__setattr__(self, name, value)


ANSWER_WINDOW = timedelta(hours=1)
"""How long after the assistant's question about someone else a reply with no subject is
still taken as its answer."""


_SECOND_PERSON: dict[str, str] = {
    "en": r"you|your|yours|yourself", "de": r"du|dein\w*|dir|dich|euch|Sie|Ihr\w*",
    "fr": r"tu|toi|ton|ta|tes|vous|votre|vos|t", "es": r"tú|tu|tus|te|ti|usted|ustedes|vosotr\w+",
    "it": r"tu|tuo|tua|tuoi|tue|ti|te|voi|vostr\w+|Lei", "pt": r"você|vocês|tu|teu|tua|te|seu|sua",
    "nl": r"jij|je|jou|jouw|jullie|u|uw", "zh": r"你|您",
}
_THIRD_PERSON: dict[str, str] = {
    "en": r"they|he|she|it|them|their|his|her", "de": r"er|sie|ihm|ihn|ihnen",
    "fr": r"ils|elles|il|elle|leur|leurs", "es": r"ellos|ellas|él|ella",
    "it": r"loro|lui", "pt": r"eles|elas|ele|ela", "nl": r"ze|zij|hij|hun|hen",
    "zh": r"他|她|它",
}


def asks_about_others(text: str, lang: str) -> bool:
    """Whether an assistant's turn ends with a question about someone or something other
    than the user ("What did they play?", "Was hat er gesagt?"): no "you" in it, a "they" /
    "he" / "she" / "it" instead."""
    asked = [q for q in re.split(r"(?<=[.!?。！？])\s*", text.strip()) if q.endswith(("?", "？"))]
    if not asked:
        return False
    question = asked[-1]
    you, them = _SECOND_PERSON.get(lang), _THIRD_PERSON.get(lang)
    if you is None or them is None:
        return False
    if lang == "zh":
        return re.search(you, question) is None and re.search(them, question) is not None
    flags = 0 if lang in ("de", "it") else re.IGNORECASE  # "Sie" / "Lei": formal "you"
    return re.search(r"(?<!\w)(?:" + you + r")(?!\w)", question, flags) is None and \
        re.search(r"(?i)(?<!\w)(?:" + them + r")(?!\w)", question) is not None


@dataclass
class TurnReading:
    """The candidates of one turn and the flags of what it skipped."""

    facts: list[FactCandidate] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)


@dataclass
class _Pending:
    clause: Clause
    subject: str
    subject_phrase: str
    people: list[Mention]
    ruled: list[FactCandidate] = field(default_factory=list)
    answers_others: bool = False


_HAVE_GOT = re.compile(r"(?i)(?:\b(?:i|we|you|they)(?:'ve|’ve|\s+have)|\b\w+(?:'s|’s)|"
                       r"\b(?:he|she|it)\s+has|\bve)\s+got\b")
"""English "have got": having, not a past ("I've got a dentist appointment on Thursday",
"kieran's got a night job on thursday")."""

_BE_PARTICIPLE = re.compile(r"(?i)\b(am|is|are|be|being|get|gets|getting|'re|’re|'m|’m)\s+"
                            r"\w{3,}ed\b")
"""An English "-ed" word after "be" or "get": a state, not a past ("Tyler's getting married,
wedding's June 14", "the exam is scheduled for May 3")."""


_SCHEDULED: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)\b(?:(?:re)?scheduled|postponed|(?:planned|booked|set) for|"
                     r"pushed(?: back)? to)\b"),
    "es": re.compile(r"(?i)\b(?:fijad[oa]s?|programad[oa]s?|previst[oa]s?|aplazad[oa]s?|"
                     r"pospuest[oa]s?|agendad[oa]s?)\b"),
    "pt": re.compile(r"(?i)\b(?:marcad[oa]s?|remarcad[oa]s?|agendad[oa]s?|previst[oa]s?|"
                     r"adiad[oa]s?|programad[oa]s?)\b"),
    "zh": re.compile(r"定在|定好|定了|安排在|约在|改到|推迟到|提前到"),
    "de": re.compile(r"(?i)\b(?:geplant|angesetzt|terminiert|vorgesehen|festgelegt|"
                     r"eingeplant|verschoben)\b"),
    "fr": re.compile(r"(?i)\b(?:prévue?s?|fixée?s?|programmée?s?|planifiée?s?|calée?s?|"
                     r"reportée?s?|décalée?s?|avancée?s?)\b"),
    "nl": re.compile(r"(?i)\b(?:gepland|ingepland|vastgelegd|vastgesteld|verzet|"
                     r"verschoven)\b"),
    "it": re.compile(r"(?i)\b(?:fissat[oaie]|previst[oaie]|programmat[oaie]|"
                     r"rimandat[oaie]|anticipat[oaie])\b"),
}
"""A thing said to be planned, set or put off to a day ("le mariage est prévu le 14 juin",
"die Hochzeit ist am 14. Juni geplant"): a state whose day is to come, not a past, though
the participle after "est" / "ist" reads like one. Never a verb a move or a change is also
said with ("moved to", "spostato", "改成"): "I moved to Leeds in March" is past."""


def _tense(text: str, lang: str) -> str | None:
    if lang == "en":
        text = _BE_PARTICIPLE.sub(r"\1", _HAVE_GOT.sub(" have ", text))
    past = _PAST_MARKERS.get(lang)
    future = _FUTURE_MARKERS.get(lang)
    scheduled = _SCHEDULED.get(lang)
    is_past = past is not None and past.search(text) is not None
    is_future = (future is not None and future.search(text) is not None) or (
        scheduled is not None and scheduled.search(text) is not None)
    if is_past and not is_future:
        return "past"
    if is_future and not is_past:
        return "future"
    return None


_COORDINATED = re.compile(r"(?i)\s*[,;]\s*|\s+(?:and|und|et|y|e|en)\s+")
"""Where a clause joins its parts ("se casa el 8 de noviembre … y me pidió …")."""

_MONTH_NAMED = re.compile(r"(?i)(?<!\w)(?:" + "|".join(
    sorted((m for m in MONTHS if len(m) > 3), key=len, reverse=True)) + r")(?!\w)|月")
"""A month said by its name: the part of a clause that dates something."""


def _weekday_named(text: str) -> bool:
    """Whether ``text`` names a day of the week ("il giovedì", "on Tuesdays", "周三")."""
    return any(said_weekday(w) is not None
               for w in re.findall(r"[^\W\d_]+", text))  # (a Chinese run is read whole)


def _tense_of_the_date(text: str, lang: str, at: datetime) -> str | None:
    """The tense a clause's dates are read in: the clause's (:func:`_tense`), unless it is
    past only in a part that names no month while the part that names one is not, and that
    month comes sooner than it went ("mi prima se casa el 8 de noviembre en limache y me
    pidió q sea su madrina", said in July: the wedding is to come, asking was past; not
    "trouxemos o carro em março e ainda não me habituei", said in April)."""
    tense = _tense(text, lang)
    if tense != "past" or lang == "zh":
        return tense
    pieces = _COORDINATED.split(text)
    dated = [p for p in pieces if _MONTH_NAMED.search(p)]
    if len(pieces) < 2 or len(dated) != 1 or _tense(dated[0], lang) == "past":
        return tense
    named = _MONTH_NAMED.search(dated[0])
    month = MONTHS.get(named.group(0).casefold()) if named is not None else None
    if month is None or (month - at.month) % 12 >= (at.month - month) % 12:
        return tense
    return _tense(dated[0], lang)


def _duration_start(text: str, lang: str, at: datetime) -> datetime | None:
    pattern = _DURATION.get(lang)
    m = None if pattern is None else pattern.search(text)
    if m is None:
        return None
    raw = m["n"].casefold()
    n = int(raw) if raw.isdigit() else _NUMBER_WORDS.get(raw, 0)
    if n <= 0:
        return None
    unit = m["u"].casefold()
    months = n if unit.startswith(("month", "monat", "mois", "mes", "mese", "maand", "个月")) \
        else 12 * n
    return at - timedelta(days=round(30.44 * months))


def _person_phrase(name: str, state: ConversationState, lang: str) -> str:
    rel = state.people.get(name)
    if name.startswith(f"{USER_SUBJECT}'s "):
        return "The user's " + name.split(" ", 1)[1]
    if rel and " of " not in rel:
        return f"The user's {rel} {name}"
    if rel:
        return f"{name} ({rel})"
    return name


def _relation_text(m: Mention, lang: str) -> str:
    if m.through:
        return f"The user's {m.relation} is {m.name} ({m.through})"
    word = "" if m.word.casefold() == m.relation else f" ({m.word})"
    if m.of:
        return f"{m.of}'s {m.relation}{word} is {m.name}"
    return f"The user's {m.relation}{word} is {m.name}"


def _owners_named(people: list[Mention], state: ConversationState, text: str,
                  lang: str) -> list[Mention]:
    """Relations said with "his" / "her" ("his fiancée Mei") are of the person named last
    before them: in the clause ("my friend Davide got engaged to his boyfriend Tom", "hosting
    Marcus's family, his dad Ray …") or earlier in the conversation. Without one, or when that
    is the user's unnamed relative, whose they are is unknown and the mention is dropped."""
    out: list[Mention] = []
    named: dict[str, str] = {}  # name → relation, said before in the clause
    for said in people:  # (in the order they are said)
        m: Mention | None = said
        if said.of == THEIRS:
            owner = _whose(said, text, lang, state, named)
            m = replace(said, of=owner) if owner is not None else None
        if m is None:
            continue
        m = _through_the_owner(m, {**state.people, **named})
        out.append(m)
        if m.name:
            named[m.name] = m.relation
    return out


def _through_the_owner(m: Mention, known: dict[str, str]) -> Mention:
    """Someone's relation to a relative of the user, as the user's own when it names one
    (:func:`~lucidmem.facts.people.composed_relation`): "Adrien, le frère de Romain", Romain
    being the user's husband, is the user's brother-in-law."""
    owner = known.get(m.of or "")
    composed = composed_relation(owner, m.relation) if m.name and owner else None
    if composed is None:
        return m
    return replace(m, relation=composed, of=None, through=f"{m.of}'s {m.relation}")


def _whose(m: Mention, text: str, lang: str, state: ConversationState,
           named: dict[str, str]) -> str | None:
    """The owner of a relation said with a third-person possessive: the person named last
    before it, skipping one whose relation says the other gender than the possessive's ("her
    son Eli" is not Ray's, the dad, when Tanya was named before him); when the one named last
    does not fit, the one known person who does."""
    before = text[:m.span[0]]
    known = {**state.people, **named}
    places: dict[str, int] = {}
    for name in known:
        for found in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", before):
            places[name] = found.start()
    order = sorted(places, key=places.__getitem__, reverse=True)
    if state.last_person and state.last_person not in order:
        order.append(state.last_person)
    order = [n for n in order if n != m.name and not n.startswith(f"{USER_SUBJECT}'s ")]
    said = text[m.span[0]:].split(None, 1)
    gender = possessive_gender(said[0], lang) if said else None

    def fits(name: str) -> bool:
        other = relation_gender(known.get(name, ""))
        return gender is None or other is None or other == gender

    if order and fits(order[0]):
        return order[0]
    if gender is None:
        return None
    alike = [n for n in known if n != m.name and relation_gender(known[n]) == gender]
    return alike[0] if len(alike) == 1 else None


def _pronoun_named(people: list[Mention], clause: Clause,
                   state: ConversationState) -> list[Mention]:
    """A relation said of "she" / "he" ("…für Jana gekauft, sie ist meine Schwester", "I had
    lunch with Priya, she's my cousin") is the person named last, when that is someone
    named who holds no other relation to the user."""
    relation = pronoun_relation(clause.text, clause.language)
    who = state.last_person
    if relation is None or who is None or who.startswith(f"{USER_SUBJECT}'s "):
        return people
    if state.people.get(who) not in (None, relation):
        return people  # "mein Bruder Paul …, er ist mein Kollege": someone else is
    return [replace(m, name=who) if m.name is None and m.of is None and m.relation == relation
            else m for m in people]


def _relation_candidate(m: Mention, clause: Clause, at: datetime) -> FactCandidate | None:
    if m.name is None:
        return None
    sub = Subcategory.RELATIONSHIP_FAMILY
    if m.relation in ("friend", "best friend", "roommate", "neighbour", "ex"):
        sub = Subcategory.RELATIONSHIP_FRIENDS
    elif m.relation in ("manager", "colleague", "teacher", "assistant") or \
            m.relation in ROLE_HOLDERS:
        sub = Subcategory.RELATIONSHIP_PROFESSIONAL
    elif m.relation in ("dog", "cat"):
        sub = Subcategory.RELATIONSHIP_PETS
    predicate = "has_" + m.relation.replace(" ", "_").replace("-", "_")
    return FactCandidate(
        category=category_of(sub), subcategory=sub,
        subject=m.of or USER_SUBJECT, predicate=predicate, object=m.name,
        confidence=0.9, language=clause.language, source_text=clause.sentence,
        text=_relation_text(m, clause.language), slot="people", evidence=clause.text,
        privacy=PrivacyLevel.PRIVATE,
        # "la nuova coinquilina, Nora": she takes the place of the roommate before
        is_change=m.new and m.relation in REPLACED_BY_A_NEW_ONE,
    )


NEWS_AFTER_RETRACTION_WORDS = 3
"""The fewest words the rest of a retraction's clause, after its topic and a comma, needs to
be read as a clause of its own ("…, no le salió el local y sigue en el banco")."""


def _news_after_retraction(clause: Clause, topic: str) -> Clause | None:
    """What a retraction's clause says after its topic and a comma, colon or dash, as a
    clause of its own: "olvidate de lo q te dije de tincho y la cervecería, no le salió el
    local y sigue en el banco", "forget what I said about the kitchen job, I'm staying at the
    bakery". It was part of the retraction and never read; why it was taken back ("…, that
    was just gossip") is still skipped as such (the cue ``retraction_reason``)."""
    at = clause.text.find(topic)
    if not topic or at < 0:
        return None
    cut = re.search(r"[,;:，；：–—]\s*", clause.text[at + len(topic):])
    if cut is None:
        return None
    rest = clause.text[at + len(topic) + cut.end():].strip()
    if len(rest.split()) < NEWS_AFTER_RETRACTION_WORDS and clause.language != "zh":
        return None
    cues = read_cues(rest, clause.sentence, clause.language)
    if cues.retraction or not rest or _TOPIC_GOES_ON.get(clause.language, _NO_MATCH).match(rest):
        return None
    return replace(clause, text=rest, cues=cues)


_GOES_ON: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<!\w)(?:" + words + r")(?!\w)") for lang, words in {
        "en": r"and|but", "de": r"und|aber|sondern", "fr": r"et|mais", "es": r"y|e|pero|sino",
        "it": r"e|ed|ma|però", "pt": r"e|mas", "nl": r"en|maar",
    }.items()} | {"zh": re.compile(r"但|可是|而且|还|又")}
"""A clause that goes on after "and" / "but": more than a denial of what it follows."""


_TOPIC_GOES_ON: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^(?:" + words + r")\b") for lang, words in {
        "en": r"that\s+(?:bit|thing|stuff|part)|the\s+(?:bit|thing|stuff|part)\s+about",
        "de": r"das\s+mit|die\s+Sache\s+mit|wegen",
        "fr": r"(?:le\s+truc|l['’]histoire|la\s+partie)\s+(?:de|du|sur)|ce\s+truc",
        "es": r"lo\s+de|lo\s+del|eso\s+de|la\s+parte\s+de",
        "it": r"quella\s+cosa|la\s+storia|quello\s+(?:di|del|della)",
        "pt": r"aquilo|aquela\s+história|isso\s+d[eoa]|a\s+parte\s+d[eoa]",
        "nl": r"dat\s+van|dat\s+over|die\s+(?:zaak|kwestie)|het\s+stuk\s+over",
        "zh": r"那件事|那事|就是",
    }.items()}
"""The topic said on after a comma ("Vergeet wat ik over Edsel zei, dat van die schorsing",
"forget what I said about Jo, the bit about the bakery"): more of what to forget, no news."""


def _only_people(topic: str, lang: str, known: set[str]) -> bool:
    """Whether a retraction's topic names people and nothing else about them ("Ingrid",
    "mi hermana", "Kim and Derek"), not something of theirs ("la chambre d'hôtes de Montse",
    "Dad selling the cottage"). Beside a name of someone ``known`` (or a given name), another
    capitalised word is a thing of theirs ("Assunta e Bologna": the city she was to move
    to); with none known, every capitalised word may be someone."""
    names = re.findall(r"[A-ZÀ-Þ][\w-]+", topic)
    people = [w for w in names if w in known or is_given_name(w)]
    rest = topic
    for name in people or names:
        rest = re.sub(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", " ", rest)
    for m in mentions(topic, lang):
        rest = rest.replace(topic[m.span[0]:m.span[1]], " ")
    return not content_words([" ".join(w for w in rest.split() if not _is_function_word(w))])


_TOPIC_INSIDE_CUE = re.compile(r"(?i)forget\s+(?:about\s+)?(?=the\s)")
"""The start of a retraction cue that holds its topic ("forget the … i told you"): the
topic is read from after it, with what was said of it (:data:`_NAMED_AFTER_CUE`)."""


def _retraction_topic(clause: Clause,
                      before: Clause | None = None) -> tuple[str | None, bool]:
    """What a retraction takes back: the words after its cue, or before it in its clause or
    sentence, or, in Chinese chat with nothing around the cue, the clause ``before`` it when
    that one recalls what the user said ("上次说我爸要卖排档 你删了吧"); and whether it is that
    clause before (which then states nothing of its own)."""
    topic, recalled = _topic_around_the_cue(clause), False
    if topic is None and before is not None and clause.language == "zh" and \
            (said := _ZH_SAID_BEFORE.match(before.text)) is not None:
        topic = before.text[said.end():].strip(" ,，") or None
        recalled = topic is not None
    if topic is not None and clause.language == "zh":  # ("上次说我哥要离婚那事": what was said)
        topic = "，".join(part for part in re.split(r"[,，]", topic)
                         if part.strip() and not _ZH_FILLER.match(part.strip())) or topic
        # ("还有，上次我说他要去做心脏手术，那个": the words between the fillers)
        topic = _ZH_POINTER_TAIL.sub("", _ZH_SAID_BEFORE.sub("", topic)).strip(" ,，") or topic
    return topic, recalled


_ZH_SAID_BEFORE = re.compile(r"^\W*(?:" + _ZH_EARLIER + r")(?:" + _ZH_I + r")?(?:跟你)?(?:说|讲)"
                             r"(?:过|了)?(?:的)?")
"""A Chinese clause that recalls what the user said before ("上次说…", "之前跟你讲过…")."""


def _topic_around_the_cue(clause: Clause) -> str | None:
    m = find_cue("retraction", clause.language, clause.text)
    if m is None:
        return None
    rest = clause.text[m.end():]
    inside = _TOPIC_INSIDE_CUE.match(m.group(0))
    if inside is not None:  # "forget the Kruger thing I told you about": the topic is inside
        rest = clause.text[m.start() + inside.end():]
    if clause.language == "zh":
        rest = _ZH_CUE_TAIL.sub("", rest)  # "当我没说过：是我看错群了": the cue's own "过"
        if rest[:1].isspace():
            rest = ""  # "我表姐去新加坡那事当我没说 offer黄了": a space ends the cue's clause
    after = _TOPIC_AFTER.get(clause.language)
    found = None if after is None else after.search(rest)
    named = _NAMED_AFTER_CUE.get(clause.language, _NO_MATCH).match(rest)
    if named is not None:  # "esquece o casamento do thiago q eu te falei": the whole thing,
        found = named  # not only what comes after "do"
    topic = re.split(r"[,;:.!?，；：。！？]", (found["t"] if found else rest))[0].strip(" ,.!?;:")
    pointer = _POINTER_ONLY.get(clause.language)
    empty = not topic
    if empty or (pointer is not None and pointer.match(topic)):
        # "das mit dem Jobwechsel von Tom, vergiss das", "o que te disse sobre o emprego do
        # Rui, esquece isso": the topic was said before the cue, in this clause or the one
        # before; a Chinese cue with nothing after it may have its whole head as the topic
        head = clause.text[:m.start()]
        if clause.sentence.find(clause.text) > 0:
            head = clause.sentence[:clause.sentence.find(clause.text)] + head
        found = after.search(head) if after else None
        topic = re.split(r"[,;.!?，；。！？]", found["t"])[0] if found else \
            _ZH_POINTER_TAIL.sub("", clause.text[:m.start()]) if clause.language == "zh" \
            else ""  # ("李军调深圳那事儿你别记了": what comes before "that thing", "you")
        topic = topic.strip(" ,.!?;:，。")
        if _ZH_FILLER.match(topic):
            topic = ""  # "算了，当我没说过" names nothing
    return topic or None


_ZH_CUE_TAIL = re.compile(r"^(?:过|過)?(?:了|哈|啊|吧|嘛|哦|喔)*")
"""What ends a Chinese retraction cue without being its topic ("当我没说过：…", "忘了吧哈")."""

_ZH_FILLER = re.compile(r"^(?:算了|好吧|好了|哎呀?|唉|嗯|那个|还是|不过|其实|还有|对了|哦对了|"
                        r"另外)?$")
"""What may stand before a Chinese retraction cue and name nothing ("算了，当我没说过")."""

_ZH_POINTER_TAIL = re.compile(r"(?:那件事|那个事|的事|这件事|那事儿?|这事儿?|嗰件事|嘅事)?"
                             r"(?:你|您)?(?:就|也)?$")
"""What points back at the topic before a Chinese retraction cue ("…那事儿你别记了")."""


_ZH_MY_MISTAKE = re.compile(
    r"(?:^|(?<=[，,。！!\s]))(?P<old>[^，,。！？!?\s]{1,8}?)(?:其实)?是我(?:自己)?(?:手滑)?(?:记错|"
    r"搞错|弄错|看错|写错|打错|说错|脑补|瞎猜|乱说|手滑)(?:了|的)?[了啦啊呀😅]*")
"""The wrong value said as one's own mistake ("周四是我自己记错了", "台中是我自己脑补的")."""


_WRONG_FIRST: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?P<old>[^,;:.!?]{1,40}?)[\s,]+(?:" + words + r")\s*[,;:!.]+\s*")
    for lang, words in {
        "en": r"(?:is|was|'s)\s+wrong|is\s+not\s+right|isn't\s+right",
        "de": r"stimmt\s+(?:gar\s+|doch\s+|überhaupt\s+)?(?:nicht|ned|net)|ist\s+falsch|"
              r"war\s+falsch",
        "fr": r"c'est\s+faux|c’est\s+faux|c'est\s+pas\s+ça|n'est\s+pas\s+juste",
        "es": r"(?:está|esta)\s+mal|no\s+es\s+así|es\s+incorrecto",
        "it": r"è\s+sbagliat[oa]|non\s+è\s+giust[oa]|non\s+è\s+così",
        "pt": r"(?:está|tá|ta)\s+errad[oa]|não\s+é\s+isso|não\s+é\s+assim",
        "nl": r"klopt\s+(?:helemaal\s+|toch\s+)?niet|is\s+fout",
    }.items()}
_WRONG_FIRST["zh"] = re.compile(r"^\W*(?![哎啊哦噢唉呃嗯诶哈这那]|不对)"
                                r"(?!我?(?:上次|上回|刚才|刚刚|之前|前面|前几天|那天|昨天)(?:跟你)?"
                                r"(?:不对|是错的|说错了))(?P<old>[^，。！？,]{2,8}?)"
                                r"(?:不对|是错的|说错了)[，,。！!]\s*")
"""A correction that first names the wrong value and then says the right thing ("Lübeck
stimmt gar nicht, die Hochzeit ist in Kiel", "Bath was wrong, it's in Bristol"). When it
names only when the wrong thing was said ("上次说错了，…"), the value comes after."""


def _wrong_first(text: str, lang: str) -> re.Match[str] | None:
    """The opening that names the wrong value (``_WRONG_FIRST``), when it names one and a
    statement follows it ("that's wrong, …" names nothing)."""
    m = _WRONG_FIRST.get(lang, _NO_MATCH).match(text)
    return m if m is not None and text[m.end():].strip() and content_words([m["old"]]) \
        else None


_TYPED_WRONG: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<!\w)(?:" + typed + r")\s+(?P<old>[^,;:.!?]{1,20}?)(?:\s+(?:"
                     + but + r")(?!\w)|\s*$)")
    for lang, typed, but in (
        ("en", r"(?:i\s+)?(?:typed|wrote|put)", r"but"),
        ("pt", r"digitei|escrevi|coloquei|botei|pus", r"mas"),
        ("es", r"escribí|escribi|puse|tecleé", r"pero"),
        ("fr", r"j['’]ai\s+(?:tapé|écrit|mis)", r"mais"),
        ("it", r"ho\s+(?:scritto|messo|digitato)", r"ma"),
        ("nl", r"(?:ik\s+)?(?:typte|schreef)", r"maar"),
    )}
"""What a correction says was typed or written before the right value: "digitei 14 mas o
aniversário dela é dia 4", "I typed 14 but it's the 4th" — the wrong value, said after an
opening that names none ("te falei tá errada"); the clause may end with it (the "but" starts
the next one)."""


def _typed_wrong(clause: Clause) -> str | None:
    """The wrong value a clause says was typed or written (:data:`_TYPED_WRONG`): a number
    or a name ("I wrote it down wrong" names none)."""
    typed = _TYPED_WRONG.get(clause.language, _NO_MATCH).search(clause.text)
    if typed is None or not re.search(r"\d|[A-ZÀ-Þ]", typed["old"]):
        return None
    return typed["old"].strip()


def _corrected_value(clause: Clause) -> str | None:
    if clause.asked_value is not None:  # "¿te dije que Lucía vive en Toledo?" → "Toledo"
        return clause.asked_value
    if (typed := _typed_wrong(clause)) is not None:
        return typed  # (before the opening, which names only the topic here)
    if (first := _wrong_first(clause.text, clause.language)) is not None:
        return first["old"].strip()
    m = _correction_match(clause.text, clause.language)
    if m is None and clause.language == "zh":
        m = _ZH_MY_MISTAKE.search(clause.text)
    if m is not None:
        old = _value_after_topic(_AS_I_SAID.sub("", m["old"]).strip(), clause.language)
        if 0 < len(old.split()) <= 4:
            return old
    return None


_AS_I_SAID = re.compile(
    r"(?i)\s+(?:as|like|wie|comme|como|come|zoals)\s+(?:[\w'’]+\s+){0,3}?"
    r"(?:told\s+you|said|wrote|gesagt|geschrieben|dit|écrit|disse|dije|detto|scritto|zei|"
    r"gezegd|dito|dicho)(?![\w'’]).*$")
""""As I told you" after the value a correction takes back ("85, não 80 como eu te disse"):
no part of the value."""


_NOT_FIRST = re.compile(r"(?i)^\W*(?:not|nicht|net|ned|nich|nit|ni|kein\w*|pas|no|non|não|"
                        r"niet|geen)\b|^(?:不是|唔系|唔係|不在|唔喺)")


def _correction_match(text: str, lang: str) -> re.Match[str] | None:
    """Where a correction names the value it takes back (:data:`_CORRECTED_VALUE`). Of
    several, the one after a "not" ("te dije mal lo de mi hermana, no es Querétaro, es León":
    Querétaro, not the topic "lo de mi hermana")."""
    pattern = _CORRECTED_VALUE.get(lang)
    found = [] if pattern is None else list(pattern.finditer(text))
    denied = [m for m in found[1:] if _NOT_FIRST.match(m.group(0)) and
              0 < len(m["old"].split()) <= 3]
    return denied[0] if denied else (found[0] if found else None)


def _value_after_topic(said: str, lang: str) -> str:
    """The value of what a Chinese correction says was said: its topic comes first and the
    value holds the number ("我妈生日 5 月 8 号" → "5 月 8 号") or follows the last word of being
    somewhere or something ("我老公在中钢" → "中钢"); anything else as said."""
    if lang != "zh":
        return said
    number = re.search(r"\d", said)
    if number is not None:
        return said[number.start():].strip()
    value = _ZH_SAID_VALUE.search(said)  # "我老公在中钢" → "中钢"
    return value["value"] if value is not None else said


_CONTRAST_TAIL: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<=\w)\s*[,;]\s*(?:" + words + r")\s+[^,;.!?]+[.!?]*$")
    for lang, words in {
        "en": r"(?:and\s+|but\s+)?not",
        "de": r"(?:und\s+|aber\s+)?(?:nicht|net|ned|nich|nit|ni|kein\w*)",
        "fr": r"(?:et\s+|mais\s+|non\s+)?pas", "es": r"(?:y\s+|pero\s+)?no|ni",
        "it": r"(?:e\s+|ma\s+)?(?:non|mica)", "pt": r"(?:e\s+|mas\s+)?n[ãa]o",
        "nl": r"(?:en\s+|maar\s+)?(?:niet|nie|geen)"}.items()}
_CONTRAST_TAIL["zh"] = re.compile(
    r"(?<=[\u4e00-\u9fff\w])[，,；;]\s*(?:而)?(?:不是|唔系|唔係)[^，。！？,]+[。！!]*$")

_ONLY_ITS_TOPIC = re.compile(
    r"(?i)^\W*(?:with|about|mit|über|avec|à\s+propos\s+d[eu']|con|sobre|su|com|met|over)"
    r"\s+\S+(?:\s+\S+){0,2}\W*$")
"""What is left of a correction's opening that only names what it is about ("mit der Mama",
"about the party", "sobre o Rui"): no statement of its own."""

_INSTEAD_TAIL: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<=\w)\s*[,;]?\s*(?<!\w)(?:" + words + r")(?:\s+|(?<=['’]))"
                     r"[^,;.!?]+[.!?]*$")
    for lang, words in {
        "en": r"instead\s+of|rather\s+than",
        "de": r"anstatt|anstelle\s+von|statt(?=\s+(?:de[mnrs]?|die|das|eine[mnrs]?|zu|mit|im|"
              r"in|um)\b)",
        "fr": r"au\s+lieu\s+d['’]|au\s+lieu\s+(?:de|du|des)|plutôt\s+que",
        "es": r"en\s+(?:vez|lugar)\s+del?",
        "it": r"(?:invece|al\s+posto)\s+(?:d['’]|d(?:i|el|ella|ello|ei|egli|elle)\b)|"
              r"invece\s+che|anziché",
        "pt": r"(?:em\s+vez|ao\s+invés|em\s+lugar|no\s+lugar)\s+d[eoa]s?",
        "nl": r"in\s+plaats\s+van|i\.p\.v\."}.items()}
""""instead of", "in plaats van", "au lieu de" and what follows, to the clause's end
(:func:`_replaced_away`)."""


def _day_corrections_joined(clauses: list[Clause], at: datetime) -> list[Clause]:
    """The clauses with each one that sets one day against another read as a correction
    (:func:`_one_day_for_another`); "the dentist is not the day after tomorrow, it's
    tomorrow" is one clause again when the second half is only the right day. None is when
    the turn says it is a one-off, in that clause or a sentence of its own ("esta semana o
    ensaio não é na terça, passa para quarta. só desta vez."): an exception, not a fix."""
    if any(c.cues.one_off for c in clauses):
        return clauses
    out: list[Clause] = []
    for clause in clauses:
        before = out[-1] if out else None
        if before is not None and before.sentence == clause.sentence and \
                before.cues.negated and not before.cues.correction and \
                _only_a_day(clause.text, at):
            joined = replace(before, text=f"{before.text}, {clause.text}")
            if _one_day_for_another(joined, at):
                out[-1] = replace(joined, cues=replace(joined.cues, correction=True,
                                                      negated=False))
                continue
        if _one_day_for_another(clause, at):
            clause = replace(clause, cues=replace(clause.cues, correction=True, negated=False))
        out.append(clause)
    return out


def _day_set_against(clause: Clause, at: datetime) -> Days | None:
    """The day a clause says something is not on ("不是大后天", "nicht übermorgen", "not the
    day after tomorrow"), when the value after its "not" is only a day."""
    pattern = _CORRECTED_VALUE.get(clause.language)
    m = None if pattern is None else pattern.search(clause.text)
    if m is None:
        return None
    said = clause.text[m.start():m.end()]  # with the article the pattern leaves out
    for old in (m["old"], said.split(None, 1)[-1]):
        if _only_a_day(old, at):
            return with_dates(old, at, None)[1][0]
    return None


def _one_day_for_another(clause: Clause, at: datetime) -> bool:
    """Whether a negated clause sets one day against another ("拿报告不是大后天，是后天",
    "nicht übermorgen, sondern morgen"): a correction of the day said before, not a
    negation."""
    if not clause.cues.negated or clause.cues.correction:
        return False
    pattern = _CORRECTED_VALUE.get(clause.language)
    m = None if pattern is None else pattern.search(clause.text)
    if m is None or _day_set_against(clause, at) is None:
        return False
    _, days = with_dates(clause.text[m.end():], at, None)  # "是后天，周一": one day, twice
    if not days and re.search(r"[,;，；]\s*\W*$", clause.text[:m.start()]):
        # "la boda es el 23 de agosto, no el 30": the right day came first, the "not" and
        # the wrong one end the clause
        _, days = with_dates(clause.text[:m.start()], at, None)
    return len({d.first for d in days}) == 1 and \
        all(d.granularity is Granularity.DAY for d in days)


def _contrasted_away(clause: Clause) -> str | None:
    """The end of a clause that sets its statement against another value ("comptable lol,
    pas médecin du tout", "tea, not coffee", "我是会计，不是医生"): it is not part of the
    fact. Only when something is said before it."""
    tail = _tail(_CONTRAST_TAIL, clause)
    if tail is not None or clause.language != "en":
        return tail
    tail = bare_contrast(clause.text)
    return tail if tail is not None and content_words([clause.text[:-len(tail)]]) else None


def _replaced_away(clause: Clause) -> str | None:
    """The end of a clause that says what its statement replaced ("I cycle to work in four
    minutes instead of forty-five in the car to Sneek", "drink ik koffie in plaats van om
    vijf uur in de stal te staan"): what held before is not part of what holds now. Only
    when a statement of three words or more comes before it ("ahora en vez de oler a limón
    llego oliendo a melocotón" says what holds after it)."""
    return _tail(_INSTEAD_TAIL, clause, words_before=3)


def _tail(patterns: dict[str, re.Pattern[str]], clause: Clause,
          words_before: int = 1) -> str | None:
    pattern = patterns.get(clause.language)
    text = clause.text.rstrip(" .!?。！")
    m = None if pattern is None else pattern.search(text)
    if m is None or not content_words([text[:m.start()]]) or \
            len(text[:m.start()].split()) < words_before:
        return None
    return text[m.start():].strip()


_INTERJECTION = r"[^\W\d_]+(?:\s+[^\W\d_]+)?\s*[,!]\s*"
"""One or two words and a comma before a correction ("aspetta aspetta, ", "oops, ", "nee,
wacht, ")."""
_NOT_TRUE: dict[str, str] = {
    "en": r"that(?:'s|’s|\s+is)\s+not\s+(?:true|right)|that\s+isn(?:'|’)t\s+(?:true|right)|"
          r"not\s+true",
    "de": r"(?:das\s+)?stimmt\s+(?:gar\s+)?nicht|das\s+ist\s+falsch",
    "fr": r"c(?:'|’)est\s+faux|ce\s+n(?:'|’)est\s+pas\s+(?:vrai|ça)",
    "es": r"no\s+es\s+(?:verdad|cierto|así)|eso\s+no\s+es\s+(?:verdad|cierto|así)",
    "it": r"non\s+è\s+(?:vero|così)|nn\s+è\s+(?:vero|così)",
    "pt": r"não\s+é\s+(?:verdade|bem\s+assim)|nao\s+e\s+verdade",
    "nl": r"(?:dat\s+)?klopt\s+(?:helemaal\s+)?niet|dat\s+is\s+niet\s+waar",
}
""""That's not true", said right before what is true ("ma nn è vero, ciro fa il vigile del
fuoco"): the opening of a correction whose statement follows its comma (not French "c'est pas
vrai", which is as often "no way!")."""
_CORRECTION_HEADER: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:" + _INTERJECTION + r")?"
                     r"(?:(?:y|e|and|und|et|en|ah|oh|ok)\s+){0,2}"
                     r"(?:(?:" + words + r")\b[^,\U0001F300-\U0001FAFF]*|(?:(?:but|aber|mais|pero|"
                     r"ma|mas|maar)\s+)?(?:" + _NOT_TRUE[lang] + r")\s*)"
                     r"(?:,|[\U0001F300-\U0001FAFF]+\s*)")
    for lang, words in {
        "en": r"i\s+got\s+(?:it|that)\s+wrong|i\s+was\s+wrong|my\s+mistake|my\s+bad|"
              r"i\s+mixed\s+(?:it\s+|that\s+|this\s+)?up|"
              r"what\s+(?:am|was)\s+i\s+(?:saying|writing)|silly\s+me|"
              r"i\s+(?:said|wrote)\s+(?:it|that)\s+wrong",
        "de": r"ich\s+hab(?:e)?\s+mich\s+(?:vertan|geirrt)|hab\s+mich\s+(?:vertan|geirrt)|"
              r"was\s+(?:schreib|schreibe|red|rede|erzähl)\s+ich\s+da|quatsch|blödsinn|"
              r"(?:das\s+)?stimmt\s+(?:gar\s+)?nicht,?\s+was\s+ich\s+(?:gesagt|geschrieben)"
              r"\s+hab(?:e)?",
        "fr": r"je\s+me\s+suis\s+trompée?|erreur\s+de\s+ma\s+part|"
              r"qu'est-ce\s+que\s+je\s+(?:raconte|dis|écris)|n'importe\s+quoi|"
              r"j'ai\s+(?:tout\s+)?mélangé|j'ai\s+dit\s+une\s+bêtise",
        "es": r"me\s+equivoqué|me\s+he\s+(?:equivocado|liado|confundido)|me\s+confundí|error\s+mío|"
              r"qué\s+(?:tontería|burrada|digo)|(?:te\s+|le\s+)?(?:lo\s+)?(?:dije|escribí)\s+mal|"
              r"me\s+hice\s+un\s+lío",
        "it": r"mi\s+sono\s+sbagliat[oa]|ho\s+sbagliato|errore\s+mio|"
              r"che\s+(?:minchiata|cavolata|cazzata|stupidaggine|sciocchezza|fesseria|dico)|"
              r"ho\s+(?:scritto|detto)\s+male|ho\s+fatto\s+confusione",
        "pt": r"me\s+enganei|enganei-me|errei|erro\s+meu|que\s+(?:besteira|bobagem|disparate)|"
              r"(?:falei|escrevi)\s+(?:besteira|errado)|baralhei|me\s+atrapalhei",
        "nl": r"ik\s+(?:heb\s+me\s+)?vergist|ik\s+vergiste\s+me|wat\s+(?:zeg|schrijf)\s+ik\s+nu|"
              r"onzin|(?:ik\s+heb\s+)?(?:ze\s+|het\s+)?door\s+elkaar\s+gehaald|"
              r"(?:dat\s+)?klopt\s+(?:helemaal\s+)?niet\s+wat\s+ik\s+(?:zei|schreef)"}.items()}
"""A correction's opening that says only "I was wrong" or "what nonsense I wrote" ("me
equivoqué el otro día, …", "aspetta, che cavolata ho scritto 😅 …"), after an interjection
at most: the subject of the corrected statement comes after it, past its comma or emoji."""


def _after_correction_header(clause: Clause) -> str | None:
    """The statement after a correction's opening (:data:`_CORRECTION_HEADER`), read as a
    span: "Facundo vive en Rocha" of "me equivoqué el otro día, Facundo vive en Rocha",
    "Giulia abita a Lecce" of "oddio, che cavolata ho scritto 🙈 Giulia abita a Lecce";
    ``None`` when the clause opens with no such header."""
    header = _CORRECTION_HEADER.get(clause.language, _NO_MATCH).match(clause.text)
    if header is None:
        return None
    return span_of(clause.text[header.end():], clause.language)


_DATIVE_NAME: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?:[^\W\d_]+[\s,]+){0,2}?a\s+(?P<name>[A-ZÀ-ÖØ-Þ][a-zß-ÿ]+)\s+(?:"
                     + clitics + r")\s")
    for lang, clitics in {"es": r"le|les", "it": r"gli|le"}.items()}
"""A person said first as the one something happens to, with the clitic that repeats them
("a Aday le va genial en el cole nuevo", "a Marta le encanta el pádel", "a Luca gli piace il
calcio"): the clause is about that person, not the user."""

_ARTICLE_THEN_NAME: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?:" + article + r")\s+(?P<name>[A-ZÀ-ÖØ-Þ][a-zß-ÿ]+)\s+(?:" + verbs
                     + r")(?!\w)")
    for lang, (article, verbs) in {
        "pt": (r"o|a", r"[a-zà-ÿ]+(?:a|e|ou|eu|iu|ava|ia|ez)|foi|vai|tem|teve|diz|disse|deu|"
                       r"quer|pode|faz|fez|veio|vem|está|tá|é"),
        "es": (r"el|la", r"[a-zà-ÿ]+(?:a|e|ó|ió|aba|ía)|es|está|fue|va|tiene|tuvo|dice|dijo|"
                         r"hizo|quiere|puede|vino|viene"),
        "it": (r"il|la|lo", r"[a-zà-ÿ]+(?:a|e|ò|va|ava|eva)|è|ha|sta|fa|va|dice|disse|fece|"
                            r"vuole|può|viene|venne"),
        "de": (r"der|die", r"[a-zäöüß]+(?:t|te)|ist|hat|war|will|muss|kann|mag|soll"),
    }.items()}
"""A name said the colloquial way, with an article, then a verb, at a clause's start: "o
Adilson anda a encaixotar tudo", "a Nayara fez 8 anos", "la Valeria es un amor", "il Rota è
andato in pensione", "die Anna hat grad …"."""


_WHEN_TOLD = (r"(?:(?:back\s+)?(?:in|im|en|em|lá\s+em|a|ad|op|last|letzten?|vorige?)\s+"
              r"[^\W\d_]+\s*,?\s+|(?:[^\W\d_]+\s+){1,2}(?:ago|geleden|fa)\s*,?\s+|"
              r"(?:há|hace|il\s+y\s+a|vor)\s+(?:[^\W\d_]+\s+){0,2}?(?:tempos?|meses|mois|"
              r"Monaten|semanas|semaines|Wochen)\s*,?\s+)?")
"""A time before or inside "I told you" ("In May I told you …", "ik heb je in januari gezegd
…", "last week I said …"): any one word after "in", "a", "en", "last" … there."""

_TOLD_YOU_THAT: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*" + _WHEN_TOLD + r"(?:" + told + r")\s*,?\s+" + _WHEN_TOLD + that)
    for lang, (told, that) in {
        "en": (r"i\s+(?:told\s+you|said|mentioned|wrote)", r"(?:that\s+)?"),
        "de": (r"(?:ich\s+)?(?:hab|habe|hatte|hob)\s+(?:dir|da|euch|Ihnen)\s+" + _WHEN_TOLD +
               r"(?:gesagt|gsagt|erzählt|geschrieben)", r",?\s*(?:dass\s+)?"),
        "fr": (r"(?:je\s+)?(?:t['’]|vous\s+)(?:ai|avais)\s+(?:dit|écrit|raconté)",
               r"(?:que\s+|qu['’])"),
        "es": (r"(?:yo\s+)?(?:te|le|os)\s+(?:dije|conté|escribí|había\s+dicho)", r"que\s+"),
        "it": (r"(?:ti|le|vi)\s+(?:ho|avevo)\s+(?:detto|scritto|raccontato)", r"che\s+"),
        "pt": (r"(?:eu\s+)?(?:te|lhe)\s+(?:disse|falei|contei|escrevi)", r"que\s+"),
        "nl": (r"(?:ik\s+)?(?:heb|had)\s+(?:je|jou|u)\s+" + _WHEN_TOLD +
               r"(?:gezegd|verteld|geschreven)|ik\s+zei", r"(?:dat\s+)?"),
    }.items()}
"""The user's "I told you (that)" before what they told ("In May I told you that Dara lives in
Cork", "a giugno ti ho detto che Chiara insegna al Tito Livio"): the one the told statement
is about stands after it, not the user who tells."""


def _without_told(clause: Clause, span: str) -> str:
    """``span`` without the user's "I told you (that)" before what they told
    (:data:`_TOLD_YOU_THAT`): "Dara lives in Cork" is what "In May I told you that Dara lives
    in Cork" says, of Dara; a question ("did I tell you …?") keeps it, and so does a
    correction ("ich hab dir gesagt donnerstags schwimmkurs, das stimmt nicht, der ist
    mittwochs"), whose wrong value is read from what was told."""
    told = _TOLD_YOU_THAT.get(clause.language, _NO_MATCH).match(span)
    return span if told is None or clause.cues.question or clause.cues.correction or \
        not span[told.end():].strip() else span[told.end():]


_WE_TWO = re.compile(
    r"(?i)^\W*(?:(?:io|yo|eu|ich|ik|je|moi|i|me)\s+(?:e|y|und|en|et|and)\s+(?!\d)\w|"
    r"(?:(?:my|mein|meine|mon|ma|mi|mio|mia|meu|minha|mijn|il|la|el|o|a|der|die)\s+)?"
    r"[^\W\d_][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?(?:\s*,[^,]{1,30},)?\s+(?:e|y|und|en|et|and)\s+"
    r"(?:io|yo|eu|ich|ik|moi|i|me)(?![\w'’]))")
"""The user and someone else as the subject ("Io e Duccio, il mio fidanzato, abitiamo …",
"Florian und ich wohnen …", "my sister and I"): the clause is the user's own."""


def _subject_of(clause: Clause, state: ConversationState,
                people: list[Mention]) -> tuple[str, str] | None:
    """(subject, phrase) of the clause: a person it starts with or points to, else the user.
    ``None`` when it is about someone unnamed and unknown."""
    text = _without_told(clause, span_of(clause.text, clause.language))
    if clause.cues.correction and \
            (header := _CORRECTION_HEADER.get(clause.language, _NO_MATCH).match(clause.text)):
        # "me equivoqué el otro día, Facundo vive en Rocha": the correction is about Facundo
        text = clause.text[header.end():].strip()
    elif clause.cues.correction:  # "kleine Korrektur: Jonas wohnt …" is about Jonas
        text = _without_correction_words(text, clause.language) or text
        text = _APOLOGY.sub("", text, count=1) or text  # "Sorry, Anna lives in Bath, …"
    if (after_time := _after_a_time(text))[:1].isupper():
        text = after_time  # "El sábado de la semana que viene Micaela baila caporales": the
        # subject stands after the time the clause opens with
    if _WE_TWO.match(clause.text):
        return USER_SUBJECT, "The user"  # "Io e Duccio, il mio fidanzato, abitiamo in via
        # Pantaneto": the user's home too, not only Duccio's
    lead = people[0] if people and people[0].span[0] <= 3 + clause.text.find(text[:8]) else None
    after = after_short_lead(text)
    if lead is None and after != text and people and not clause.cues.correction and \
            re.search(r"[:：]\s*" + re.escape(after[:8]), clause.sentence) and \
            0 <= (at := clause.text.find(after[:8])) <= people[0].span[0] <= at + 3:
        lead = people[0]  # "necesito consejo: mi padre, Ramón, tiene 84 años y sigue
        # viviendo solo en Mieres": a short lead before a colon, then the person the clause
        # is about ("Por cierto, mi perro se llama Rocky, no Toby" is the user's as before)
    if lead is not None:
        if lead.name is not None:
            return lead.name, _person_phrase(lead.name, state, clause.language)
        if re.search(r"(?i)\b(?:" + re.escape(lead.word) + r")(?:'s|’s)\s+(?!\w+ing\b)",
                     clause.text):
            return f"{USER_SUBJECT}'s {lead.relation}", f"The user's {lead.relation}"
        return f"{USER_SUBJECT}'s {lead.relation}", f"The user's {lead.relation}"
    known = set(state.people) | {p.name for p in people if p.name}
    named = starts_with_name(text, known) or (
        starts_with_name(after, known) if after != text else None)  # "oops, Kiri lives …"
    if named is None and clause.language != "zh":
        named = _given_name_first(text) or (_given_name_first(after) if after != text else None)
    if named is None and (ours := _OUR_NAMED.match(text)) is not None and \
            is_chat_name(ours["name"]):
        named = ours["name"]  # "Unsere Lena ist neun und will …": the user's child, by name
    if named is not None:
        return named, _person_phrase(named, state, clause.language)
    described = _NAME_THEN_WHO_IS.get(clause.language, _NO_MATCH).match(text)
    if described is not None and not _is_function_word(described["name"]):
        # "con Rodrigo, que es chef en Pocitos": the job is Rodrigo's, not the user's
        return described["name"], _person_phrase(described["name"], state, clause.language)
    titled = _ROLE_THEN_NAME.get(clause.language, _NO_MATCH).match(text)
    if titled is not None and not _is_function_word(titled["name"]):
        text = text[titled.start("name"):]  # "the head baker Ines is from Lisbon": Ines
    for said_first in (_ARTICLE_THEN_NAME, _DATIVE_NAME):
        first = said_first.get(clause.language, _NO_MATCH).match(text)
        if first is not None and (first["name"] in state.people or
                                  is_given_name(first["name"])):
            # "a Giulia ha cominciato il liceo", "die Anna hat grad bei Roche angefangen": a
            # person named the colloquial way, with an article, is the one the clause is
            # about; so is one said first with a clitic ("a Aday le va genial en el cole
            # nuevo"); a known person or a given name ("a Vodafone aumentou o preço" names
            # no one)
            return first["name"], _person_phrase(first["name"], state, clause.language)
    fresh = re.match(r"([A-ZÀ-ÖØ-Þ][a-zß-ÿ]+)(?:'s|’s)?"
                     r"(?:\s+(?:from|du|de\s+la|del|dal|da|do|van)\s+(?:the\s+|my\s+)?[a-zß-ÿ]+)?"
                     r"\s+(?:(?:is|was|has|had|got|gets|wants|does|doesn't|doesn’t|did|didn't|"
                     r"didn’t|isn't|isn’t|wasn't|wasn’t|can|can't|can’t|will|won't|won’t|"
                     r"would|should|never|always|also|just|"
                     r"loves|likes|hates|works|lives|thinks|says|keeps|comes|goes|made|"
                     r"est|a|fait|es|está|tiene|ha|è|sta|é|está|tem|is|heeft|zit|woont|werkt)|"
                     r"(?P<like_a_verb>[a-zß-ÿ]+(?:s|t|a|e|ó|ou|eu|ed)))\b", text)
    if fresh is not None and fresh["like_a_verb"] and \
            fresh["like_a_verb"].casefold() in _NEVER_A_VERB:
        fresh = None  # "Surtout pas de fraises", "Sla het niet op", "Noël je ne sais pas":
        # what follows the capital is a function word, not the verb of someone named
    if fresh is not None and clause.language not in ("de", "zh") and \
            not _is_function_word(fresh.group(1)) and \
            not _NEVER_A_NAME.get(clause.language, _NO_MATCH).search(fresh.group(1)) and \
            not is_common_word(fresh.group(1), clause.language) and \
            fresh.group(1).casefold() not in FIRST_PERSON_VERBS.get(clause.language, ()) and \
            not _verb_before_its_object(text, clause.language) and \
            not _own_verb_first(text[fresh.end(1):], clause.language):
        return fresh.group(1), _person_phrase(fresh.group(1), state, clause.language)
    if pronoun_subject(text, clause.language) or \
            pronoun_subject(after_short_lead(text), clause.language):
        if not state.last_person:
            return None
        who = state.last_person
        said = _pronoun_gender(text, clause.language) or \
            _pronoun_gender(after_short_lead(text), clause.language)
        if said is not None and _is_plural(who, state):
            if not state.person_before or _is_plural(state.person_before, state):
                return None  # "hij wil met pensioen" after "my parents": not them
            who = state.person_before
        elif said is not None and _gender_of(who, state) not in (None, said) and \
                state.person_before and _gender_of(state.person_before, state) in (said, None):
            who = state.person_before  # "… da vó … do meu tio em são caetano. ela faz 85"; "o
            # wesley, meu primo, … e minha tia surtou | ele é mototaxista": not the aunt
        return who, _person_phrase(who, state, clause.language)
    return USER_SUBJECT, "The user"


_GENDERED_PRONOUN: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:and|but|und|aber|et|mais|y|pero|e|ma|mas|en|maar|ah)\s+)?"
                     r"(?:(?P<f>" + f + r")|(?P<m>" + m + r"))(?![\w'’])")
    for lang, (f, m) in {
        "en": (r"she|she's|she’s", r"he|he's|he’s"), "de": (r"(?!)", r"er"),
        "fr": (r"elle", r"il"), "es": (r"ella", r"él"), "it": (r"lei", r"lui"),
        "pt": (r"ela", r"ele"), "nl": (r"(?!)", r"hij"),
    }.items()}
"""A pronoun that says she or he ("ela faz 85", "il est charpentier"); German "sie" and Dutch
"ze" may be "they", and say neither."""

def _pronoun_gender(text: str, lang: str) -> str | None:
    """"f" or "m" for a clause that opens with "she" or "he" in ``lang``; ``None`` otherwise
    (and in Chinese, whose 她 and 他 chat mixes up)."""
    pattern = _GENDERED_PRONOUN.get(lang)
    m = pattern.match(text) if pattern is not None else None
    return None if m is None else "f" if m["f"] else "m"


def _is_plural(person: str, state: ConversationState) -> bool:
    """Whether ``person`` is more than one ("the user's parents"): "she" or "he" is not
    them."""
    relation = state.people.get(person) or person.removeprefix(f"{USER_SUBJECT}'s ")
    return relation.split(" of ", 1)[0].strip() in _PLURAL_RELATIONS


_PLURAL_RELATIONS = frozenset({"parents"})
"""Relations that are more than one person."""


def _gender_of(person: str, state: ConversationState) -> str | None:
    """"f" or "m" when the user's relation to ``person`` says it ("user's uncle", a name
    given as the user's grandmother), else ``None``."""
    return relation_gender(state.people.get(person) or
                           person.removeprefix(f"{USER_SUBJECT}'s "))


def _given_name_first(text: str) -> str | None:
    """A common given name the clause opens with, before a word that may be its verb ("Ayla
    zieht Ende Mai aus", after "Aber:"; "lea aus heidelberg is seit zwei wochen da" in
    lowercase chat): the clause is that person's, though no relation of theirs was said. A
    name that is an everyday word too is one only with its capital ("Will …", not "will …")."""
    first = re.match(r"([^\W\d_][\w-]+)\s+([^\W\d_]+)", text.strip())
    if first is None:
        return None
    name, then = first.groups()
    if not is_given_name(name) or _is_function_word(name) or \
            then.casefold() in _NEVER_A_VERB or _is_function_word(then):
        return None
    if name.islower():
        if name in NAMES_THAT_ARE_WORDS or len(name) < 3:
            return None
        return name.capitalize()
    return name if name[0].isupper() else None


_OUR_NAMED = re.compile(
    r"^\W*(?:(?:and|und|en|et|y|e)\s+)?(?i:our|unser|unsere|unserer|onze|ons|notre|nuestra|"
    r"nuestro|la\s+nostra|il\s+nostro|a\s+nossa|o\s+nosso)\s+(?P<name>[A-ZÀ-Þ][a-zß-ÿ]+)"
    r"(?:['’]s)?\s+[a-zß-ÿ]")
"""A given name said with "our" before it at a clause's start ("Unsere Lena ist neun", "our
Max has started school"): a child or kin of the user's, whose clause it is."""

_NEVER_A_NAME: dict[str, re.Pattern[str]] = {
    "es": re.compile(r"(?i)\w{3,}(?:mente|ísim[oa]s?)$"),
    "it": re.compile(r"(?i)\w{3,}(?:mente|issim[oaie]|iamo|emmo|ammo)$"),
    "pt": re.compile(r"(?i)\w{3,}(?:mente|íssim[oa]s?)$"),
}
"""Endings of words that are never a name, though a clause opens with them in capitals: an
adverb ("Ultimamente la carne la mangio …"), a superlative ("Bellissime idee"), a verb of
"we" ("Vorremmo invitare …")."""

_NEVER_A_VERB = frozenset({
    "the", "an", "not", "of", "to", "on", "at", "for", "with", "you", "they", "pas", "ce",
    "cette", "je", "tu", "il", "elle", "nous", "vous", "ils", "une", "des", "du", "dans", "sur",
    "pour", "par", "avec", "sans", "contre", "het", "een", "ik", "ze", "nog", "er", "ook",
    "das", "der", "die", "ich", "wir", "mit", "für", "von", "el", "yo", "sin", "por", "para",
    "io", "os", "eu", "dos"})
"""Words that follow a capitalised first word but are never the verb of someone it names
("Surtout pas de fraises", "Sla het niet op", "Par contre la drache", "Noël je …"): an
article, a pronoun or a preposition (not a clitic or a negation, which come before a verb:
"Rocío se va", "Paul ne travaille plus", "o João não trabalha")."""


_EN_AFTER_A_VERB = re.compile(
    r"(?i)(?:out|up|off|down|back|over|away|around|into|onto|to|the|an|my|our|some|all|it|"
    r"them|me)\b")
"""Words that follow a verb, never a name that starts an English clause ("Cut out …")."""


_LIVE_SHOW = re.compile(r"(?i)(?<!\w)(?:dal|en|ao|al)\s+vivo(?!\w)")
"""A show seen live ("dal vivo a Bologna", "en vivo en Madrid"): not a verb of living."""


_TIME_LEAD_MOST = 4
"""The most characters before a time that opens a clause ("El sábado …", "On Monday …")."""


def _after_a_time(text: str) -> str:
    """The clause after the time it opens with ("El sábado de la semana que viene Micaela
    baila caporales" → "Micaela baila caporales"), where its subject stands; "" when it opens
    with no time."""
    found = find_temporal(text, datetime(2000, 1, 1, tzinfo=UTC))
    if found is None or found.span[0] > _TIME_LEAD_MOST:
        return ""
    return text[found.span[1]:].lstrip(" ,")


def _own_verb_first(rest: str, lang: str) -> bool:
    """Whether a capitalised first word is the speaker's own verb, not a name: "Vado a Roma
    sabato", "Vuelo mañana a Roma" (languages that drop the subject; a short clause like these
    may also be read as English), or a Dutch word before the verb and "ik" ("Doordeweeks zit
    ik"). "a" after a name is French "has" only, and a day right
    after the word is not what a name is followed by."""
    rest = rest.lstrip()
    if lang != "fr" and re.match(r"(?i)a\b", rest):
        return True
    if lang == "en" and _EN_AFTER_A_VERB.match(rest):
        return True  # "Cut out coffee", "Moved to Leeds", "Quit my job": no name does that
    if lang == "nl" and re.match(r"(?i)[^\W\d_]+\s+(?:ik|we|wij)\b", rest):
        return True  # "Doordeweeks zit ik aan de balie", "Zaterdags staan we op de markt":
        # the verb comes second and the speaker after it; the first word is no one's name
    found = find_temporal(rest, datetime(2000, 1, 1, tzinfo=UTC))
    return found is not None and found.span[0] == 0


_PREPOSITIONS = (r"in|at|on|from|to|of|for|with|near|by|de|du|des|à|au|aux|en|di|da|del|della|"
                 r"dal|nel|em|no|na|do|dos|das|van|naar|op|bij|uit|met|voor|con|per|pour|sur")
_ROLE_THEN_NAME: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"^(?:" + articles + r")\s+(?:(?!(?:" + _PREPOSITIONS + r")\s)[a-zß-ÿ-]+\s+)"
                     r"{1,3}(?P<name>[A-ZÀ-Þ][a-zß-ÿ]+)(?=\s+[a-zß-ÿ])")
    for lang, articles in {
        "en": r"the|our|their", "fr": r"le|la|notre", "es": r"el|la|nuestro|nuestra",
        "it": r"il|la|lo|nostro|nostra", "pt": r"o|a|nosso|nossa", "nl": r"de|het|onze|ons",
    }.items()}
"""A clause that starts with someone's role and then their name ("the head baker Ines is
from Lisbon", "la prof de yoga Clara dit …"): the name is the subject, not the user."""


_NAME_THEN_WHO_IS: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"^(?:[a-zß-ÿ]+\s+){0,2}(?P<name>[A-ZÀ-Þ][a-zß-ÿ]+),?\s+(?:" + who +
                     r")\s+(?:" + be + r")(?!\w)")
    for lang, (who, be) in {
        "en": ("who", "is|was|works"), "de": ("der|die", "ist|war|arbeitet"),
        "fr": ("qui", "est|était|travaille"), "es": ("que|quien", "es|era|trabaja"),
        "it": ("che", "è|era|lavora|fa"), "pt": ("que|quem", "é|era|trabalha"),
        "nl": ("die", "is|was|werkt"),
    }.items()}
"""A clause that names someone and says who they are ("con Rodrigo, que es chef en un
restaurante", "with Sam, who works at the bakery"): what follows is about that person."""


_EN_VERB_THEN_OBJECT = re.compile(
    r"^(?:[A-Z][a-z]+(?:ed|ing)|Found|Got|Had|Made|Took|Bought|Met|Saw|Went|Left|Began|Ran|"
    r"Heard|Lost|Won|Sent|Built|Brought|Caught|Felt|Kept|Paid|Sold|Spent|Told|Wrote|Came|"
    r"Gave|Chose|Ate|Drank|Forgot|Thought|Tried|Fell|Broke|Spoke|Sat|Slept|Swam|Drove|Rode|"
    r"Flew|Taught|Learnt|Burnt|Dropped|Stopped)\s+(?:a|an|the|my|our|his|her|their|some|"
    r"this|that|to|at|in|on|with|for|up|out|off|back|over|into|it|him|them)\b"
)


_FIRST_PERSON_THEN_OBJECT: dict[str, re.Pattern[str]] = {
    "es": re.compile(r"^[A-ZÁÉÍÓÚ][a-záéíóúñ]+o\s+(?:en|a|al|con|para|de|del|el|la|los|las|un|"
                     r"una|mi|mis)\b"),
    "it": re.compile(r"^[A-ZÀÈÉÌÒÙ][a-zàèéìòù]+o\s+(?:a|al|alla|allo|ai|in|nel|nella|da|dal|"
                     r"dalla|con|per|di|il|lo|la|i|le|un|una|mio|mia)\b"),
    "pt": re.compile(r"^[A-ZÁÉÍÓÚÂÊÔÃÕ][a-záéíóúâêôãõç]+o\s+(?:em|na|no|a|ao|à|com|para|de|"
                     r"da|do|o|os|as|um|uma|meu|minha)\b"),
}
"""A pro-drop clause that starts with a verb in the first person (-o) and a preposition or an
article ("Lavoro alla Ferrero", "Trabajo en Telefónica")."""


def _verb_before_its_object(text: str, lang: str) -> bool:
    """A clause that starts with its verb, the subject left out (the user), and then the
    verb's object or preposition: English -ed / -ing ("Started a new job", "Booked the
    flights", "Moving to Leeds"), a Romance first person ("Lavoro alla Ferrero"). The first
    word is no name."""
    if lang == "en":
        return _EN_VERB_THEN_OBJECT.match(text) is not None
    pattern = _FIRST_PERSON_THEN_OBJECT.get(lang)
    return pattern is not None and pattern.match(text) is not None


_PLACE_PREP: dict[str, str] = {
    "en": r"in|to|at|near|from", "de": r"in|nach|bei|aus", "fr": r"à|a|au|en|dans|sur|de",
    "es": r"en|a|de|para", "it": r"a|in|di|da|per", "pt": r"em|no|na|para|pra|a|de",
    "nl": r"in|naar|bij|uit",
}
_ORG_PREP: dict[str, str] = {
    "en": r"at|for|with|from|to", "de": r"bei|für|zu",
    "fr": r"chez|à(?=\s+(?:la|le|l['’]))|pour|de",
    "es": r"en|para|de|a", "it": r"da|per|in|alla|al|presso", "pt": r"na|no|para|da|do",
    "nl": r"bij|voor|naar",
}
"""Words before the organisation a user works at. Not a bare "à", "a" or "em", which name a
town ("un poste à l'université à Sherbrooke", "lavoro a Udine", "trabalho em Curitiba"):
an organisation takes its article after them ("à la Poste")."""
_DESCRIBED = (r"(?:\s+[a-zà-ÿ]{2,}(?:aire|al|ale|ique|ico|ica|ivo|iva|ário|ária|ario|aria|ien|"
              r"ienne|ese|ês|ano|ana|eux|euse|oso|osa)(?=\s+(?:(?:de|des|du|del|della|di|da|do|dos|"
              r"das)\s+)?[A-ZÀ-ÖØ-Þ]))?")
"""A describing word in small letters after a name's first word, where the name goes on with
a capital ("Clinique dentaire Saint-Roch", "Clinique dentaire du Vieux-Lévis", "Caseificio
sociale San Rocco", "Escola municipal Machado"): Romance names put the adjective after the
noun. Only a word with an adjective's ending, and only before another capitalised word."""
_PROPER = (r"((?:[A-ZÀ-ÖØ-Þ][\w'’.&-]*)" + _DESCRIBED +
           r"(?:(?:\s+(?:della|delle|dello|degli|dei|dos|das|des|du|"
           r"von|de|del|di|da|do|van|der|la|le)?|\s*&)\s*[A-ZÀ-ÖØ-Þ][\w'’&-]*)*)")
"""A name of capitalised words, with the particles and the "&" between them ("Viña del Mar",
"Santa Maria della Misericordia", "Hearth & Rye", "Procter & Gamble", "H&M")."""


def _proper_after(span: str, lang: str, preps: dict[str, str], avoid: set[str]) -> str | None:
    if lang == "zh":
        # not the 在 of 现在 / 正在 ("now", "-ing"), nor a time after 到 ("加班到很晚": late,
        # "周一到周五我住团里的宿舍": a weekday), nor a pronoun in the place
        m = re.search(r"(?:住在|搬到了?|搬去了?|去|到|(?<![现正实存])在)"
                      r"(?![过了着很晚早半几凌深周星礼])((?:(?![我你他她])[\u4e00-\u9fff]){2,4}?)"
                      r"(?=[，。！？,住工上做的了读入当]|$)", span)
        return m.group(1) if m else None
    prep = preps.get(lang)
    if prep is None:
        return None
    for m in re.finditer(r"(?i:(?<![\w'’])(?:" + prep + r"))\s+(?:(?:the|la|le|el|il|der|"
                         r"dem|den|het|o|a|l')\s*)?" + _PROPER, span):
        value = without_trailing_date_words(m.group(1).strip())
        if value.endswith(("'s", "’s")):
            continue  # "at Marcus's (mom's)": someone's home, not a place of the user's
        if value and value.split()[0].casefold() not in _NOT_NAME_WORDS and value not in avoid:
            return value
    return None


def _structured(item: _Pending, slot: str, span: str, lang: str) -> tuple[str, str] | None:
    """(object, text) for the user's residence and employer when the clause names them. A
    workplace said through the time there ("first week at Sugar Mill Bay done", "desde que tô
    na torrefação Araucária não tiro mais nenhum espresso") needs no subject and no verb."""
    if item.subject != USER_SUBJECT:
        return None
    avoid = {p.name for p in item.people if p.name}
    if slot == "employer" and not item.clause.cues.hypothetical and (
            ((org := _tenure_org(span, lang)) and (
                not item.clause.cues.cessation or _since_at_workplace(span, lang))) or
            (not item.clause.cues.cessation and _shifts_at(span, item, lang) and
            (org := _proper_after(span, lang, _SHIFT_PREP, avoid))) or
            (not item.clause.cues.cessation and (org := _uniform_org(span, lang) or
                                                 _station_org(span, lang)))) and \
            org.casefold() not in DATE_NAMES and not _only_a_kind(org, lang):
        return org, f"The user works at {org}"  # ("back out to Hexham tomorrow, early shift";
        # not "nur Frühschicht für Juni", nor a kind alone: "erschter Tag im Werk in …")
    if item.clause.cues.cessation or not _has_subject(item.clause.text, lang):
        return None
    if slot == "residence":
        place = _proper_after(span, lang, _PLACE_PREP, avoid)
        if place and not _someone_else_before(item.clause.text, place, lang):
            return place, f"The user lives in {place}"
    if slot == "employer" and not any(p.relation in _SEEN_BY_THE_USER for p in item.people):
        # (not "my new doctor, Dr. Achterberg at Harbor View Clinic": where the doctor works)
        org = _workplace_now(span, lang) or _tenure_org(span, lang) or \
            _proper_after(span, lang, _ORG_PREP, avoid)
        if org:
            return org, f"The user works at {org}"
    return None


def _only_a_kind(org: str, lang: str) -> bool:
    """Whether a workplace is only a kind of workplace, with no name ("Werk", "Klinik")."""
    kinds = {k.casefold() for k in (*WORKPLACE_NOUNS.get(lang, ()),
                                     *_MORE_WORKPLACE_KINDS.get(lang, ()))}
    return org.casefold() in kinds


def _only_a_title(text: str) -> bool:
    """Whether ``text`` is only a title, maybe after an article ("El doctor ", "Dr. ")."""
    words = text.split()
    if words and words[0].casefold() in ("a", "o", "la", "el", "il", "le", "der", "die", "the"):
        words = words[1:]
    return len(words) == 1 and is_title(words[0])


def _strip_person(span: str, item: _Pending, lang: str) -> str:
    """The clause without the person it starts with ("Callum's coming" → "is coming")."""
    body = span
    for m in item.people:
        said = item.clause.text[m.span[0]:m.span[1]]
        if m.span[0] <= 2 or _only_a_title(item.clause.text[:m.span[0]]) or \
                body.startswith(said):  # (past a filler the span leaves out: "oye mi morra")
            at = body.find(said)
            if at >= 0:
                body = body[at + len(said):].lstrip(" ,")
            break
    name = item.subject
    # (after a lead of a word or two and a comma: "oops, kiri lives in timaru")
    body = re.sub(r"^(?:[^\W\d_]+(?:\s+[^\W\d_]+)?\s*,\s*)?(?:(?i:a|o|la|el|il|our|unser|"
                  r"unsere|onze|notre|nuestr[oa])\s+)?(?i:" +
                  re.escape(name) + r")\s*(?:\([^)]*\))?", "", body, count=1).strip()
    if lang == "en":
        body = re.sub(r"^(?:shes|hes)(?=\s+(?:\w+ed|been|got|gone|had|done|seen)\b)", "has",
                      body, count=1, flags=re.I)  # chat's "she's lived …": she has
        body = re.sub(r"^(?:shes|hes)\b", "is", body, count=1, flags=re.I)  # chat's "she's"
        body = re.sub(r"^(?:she|he)\b", "", body, count=1, flags=re.I).strip()
        if re.match(r"^(?:'s|’s)\s+(?:\w+\s+){1,3}(?:is|was|will|has|had|are|were|got|gets)\b",
                    body):
            return "'s " + body[2:].lstrip()  # "my sister's wedding is in Bath": hers, no "is"
        body = re.sub(r"^(?:'s|’s)\s+(?=(?:\w+(?:ed|en|wn|ne)|got)\b)", "has ", body)
        body = re.sub(r"^(?:'s|’s)\s+", "is ", body)
        body = re.sub(r"^(?:'s|’s)$", "is", body)
    else:
        pronoun = {"de": r"sie|er", "fr": r"elle|il", "es": r"ella|él", "it": r"lei|lui",
                   "pt": r"ela|ele", "nl": r"zij|ze|hij", "zh": r"她(?!们)|他(?!们)"}.get(lang)
        if pronoun:
            body = re.sub(r"^(?:" + pronoun + r")(?:\s+|(?=[\u4e00-\u9fff]))", "", body,
                          count=1, flags=re.I)
    return body.strip(" ,") or span


def _text_for(item: _Pending, slot: str, span: str, lang: str) -> str:
    label = SLOTS[slot].label if slot in SLOTS else slot
    subject, phrase = item.subject, item.subject_phrase
    if subject == USER_SUBJECT:
        if lang == "en":
            body = english_third_person(span, "The user")
            if not body.startswith("The user") and \
                    not body.split(" ", 1)[0].endswith("ing") and \
                    _verb_before_its_object(body, lang):  # "Started a new job at …"
                return f"The user {body[0].lower()}{body[1:]}"
            return body if body.startswith("The user") else f"The user ({label}): {body}"
        return f"The user ({label}): {span}"
    body = _strip_person(span, item, lang)
    if lang == "en":
        body = english_first_person_inside(body)
    if body.startswith("'s "):
        return f"{phrase}{body}"
    if lang == "en" and re.match(r"(?i)(?:is|was|has|had|got|gets|will|would|can|loves?|likes?|"
                                 r"hates?|wants?|works?|lives?|keeps?|comes?|goes?|\w+s|\w+ed)\b",
                                 body):
        return f"{phrase} {body}"
    return f"{phrase} ({label}): {body}"


_PIECE_LEAD = re.compile(r"(?i)^(?:and|but|und|aber|et|mais|y|pero|e|ma|mas|en|maar|"
                         r"now|jetzt|maintenant|ahora|ora|agora|nu)\s+")
"""A conjunction or "now" a piece of a clause may open with ("…, y ya no …")."""


def _without_what_ended(span: str, lang: str) -> str:
    """A remark without the pieces after its first (parted by commas or semicolons) that open
    with what is over or how it used to be (cue ``what_ended``): "primera semana q llego al
    call en mi moto, 20 minutos desde ciudad sandino, ya no sufro en la 110" holds now without
    the bus it no longer takes, "vou a pé pro trabalho, acabou a vida de dois ônibus" without
    the buses; the statement keeps the whole clause as its evidence."""
    pattern = cue_pattern("what_ended", lang)
    if pattern is None:
        return span
    pieces = re.split(r"(?<=[,;，；])\s*", span)
    kept = [pieces[0], *(p for p in pieces[1:]
                         if (m := pattern.search(_PIECE_LEAD.sub("", p, count=1))) is None or
                         m.start() > 0)]
    joined = "".join(kept) if lang == "zh" else " ".join(kept)
    return span if len(kept) == len(pieces) else joined.strip(" ,;，；")


RuleReader = Callable[[str, str, datetime], list[FactCandidate]]
"""Reads one clause with the older rule tables: (clause, language, timestamp) → candidates."""


@dataclass
class Begun:
    """A turn read up to the slot classifier: its clauses to classify (``spans``)."""

    text: str
    timestamp: datetime
    reading: TurnReading
    clauses: list[Clause]
    pending: list[_Pending]
    spans: list[str]
    secret: bool
    rules: RuleReader | None


def read_turn(text: str, *, speaker_is_user: bool, timestamp: datetime,
              classifier: SlotClassifier | None, state: ConversationState,
              language_hint: str | None = None,
              rules: RuleReader | None = None,
              judge: RemarkJudge | None = None) -> TurnReading:
    """Read one turn of the user (see the module docstring); ``judge`` as in
    :func:`end_turn`."""
    begun = begin_turn(text, speaker_is_user=speaker_is_user, timestamp=timestamp,
                       state=state, language_hint=language_hint, rules=rules)
    if classifier is None or not begun.spans:
        return end_turn(begun, [None] * len(begun.spans), [None] * len(begun.spans))
    vectors = classifier.embed(begun.spans)
    return end_turn(begun, list(classifier.guess(vectors, begun.spans)), list(vectors), judge)


def begin_turn(text: str, *, speaker_is_user: bool, timestamp: datetime,
               state: ConversationState, language_hint: str | None = None,
               rules: RuleReader | None = None) -> Begun:
    """Read a turn up to the slot classifier (people and the conversation state are updated
    here, in turn order): returns the clauses whose slot is needed."""
    reading = TurnReading()
    if not speaker_is_user or not text.strip():
        return Begun(text, timestamp, reading, [], [], [], False, rules)
    text = plain_apostrophes(text)  # "I’d", "l’appart": read as typed with "'"
    hint = (language_hint or "").split("-")[0].casefold() or None
    clauses = clauses_of(text, default_language=state.language,
                         language_hint=hint if hint in LANGUAGES else None)
    replying = state.asked_about_others and bool(clauses) and (
        state.asked_at is None or timestamp - state.asked_at <= ANSWER_WINDOW)
    state.asked_about_others = False
    secret = has_secret_marker(text) or _SECRET_MARKS.search(text) is not None
    pending: list[_Pending] = []
    forgotten: list[str] = []
    mistaken: list[str] = []
    recalled: str | None = None
    turn_people: set[str] = set()
    turn_named: list[str] = []  # everyone named in the turn so far, in order
    asked_to_forget = False
    retracted_topics: set[str] = set()
    news_of: tuple[Clause, str] | None = None  # what a retraction's clause said after it
    after_retraction: Clause | None = None  # the clause read right after a retraction
    speaking: Clause | None = None  # someone else's clause that ends with their saying
    chained: tuple[str, str, str] | None = None  # (sentence, subject, phrase) said last
    clauses = _day_corrections_joined(clauses, timestamp)
    state.user_names.update((m["name"] or m["zh"]).casefold() for m in _OWN_NAME.finditer(text))
    for clause in clauses:
        if not clause.supported:
            reading.flags.append(f"skipped:unsupported_language:{clause.language}")
            continue
        state.language = clause.language
        cues = clause.cues
        people = _pronoun_named(_owners_named(mentions(clause.text, clause.language), state,
                                              clause.text, clause.language), clause, state)
        if has_cue("specialist", clause.language, clause.sentence):
            # "an appointment with Dr Strange, my dentist": the title named no GP
            people = [m for m in people if not (m.relation == "doctor" and is_title(m.word))]
        if cues.retraction:
            told = next((c for c in clauses if c.index == clause.index - 1), None)
            topic, told_before = _retraction_topic(clause, told)
            if told_before:
                pending = [p for p in pending if p.clause is not told]  # ("上次说我爸要卖排档
                # 你删了吧": what was said, taken back, is no fact of its own)
            if topic:
                if topic not in retracted_topics:  # "你别记了，…，就当我没说": asked once
                    reading.facts.append(_instruction(clause, topic, timestamp))
                retracted_topics.add(topic)
                if _only_people(topic, clause.language,
                                set(state.people) | {m.name for m in people if m.name}):
                    # "forget what I said about Ingrid, she …": what follows of her is taken
                    # back too; of "la chambre d'hôtes de Montse" only the guesthouse is:
                    # "elle préfère voyager" after it is her news, kept
                    forgotten.extend(w for w in re.findall(r"[A-ZÀ-Þ][\w-]+", topic))
                    if state.last_person and state.last_person in topic:
                        forgotten.append(state.last_person)
                capitalised = [w for w in re.findall(r"[A-ZÀ-Þ][\w-]+", topic)
                               if not _is_function_word(w)]
                named = [n for n in state.people if n in topic] or \
                    [w for w in capitalised if is_chat_name(w)] or capitalised  # (Arne, not
                # the town of "Arne and the job in Two Harbors")
                if named:
                    state.last_person = named[-1]  # "forget Fernanda, she …": she is Fernanda
                asked_to_forget = True
                news = _news_after_retraction(clause, topic)
                at = clauses.index(clause) + 1
                if news is not None:  # "olvidate de lo de tincho y la cervecería, no le
                    clauses.insert(at, news)  # salió …": read on
                elif at < len(clauses) and clauses[at].sentence == clause.sentence:
                    news = clauses[at]  # "lascia stare quello … su Assunta e Bologna: ha
                    # preso il posto a Catanzaro": the clause after the colon
                news_of = (news, named[0]) if news is not None and len(named) == 1 else None
                after_retraction = news
                continue
        if clause is after_retraction and cues.negated and not cues.correction and \
                not _GOES_ON.get(clause.language, _NO_MATCH).search(clause.text) and \
                not re.search(r"[,;:，；：–—]", clause.text.strip(" .!?。！？")):
            reading.flags.append("skipped:retraction_reason")  # "vergeet wat ik je over
            continue  # Vermeulen vertelde, die zijn helemaal niet failliet": what was taken
            # back, denied; the news comes after it ("Ze zijn alleen verhuisd …"), or in the
            # same clause after "and" or a comma ("no le salió el local y sigue en el banco",
            # "al final no se va, se queda en la bodega")
        if asked_to_forget and cues.negated and not cues.correction and \
                content_words([clause.text]) & content_words(list(retracted_topics)):
            reading.flags.append("skipped:retraction_reason")  # "esqueça o que lhe disse
            continue  # sobre a bolsa do Dário … O meu filho nunca teve bolsa nenhuma": what
            # was taken back, denied in a sentence of its own
        if asked_to_forget and has_cue("retraction_reason", clause.language, clause.text):
            reading.flags.append("skipped:retraction_reason")  # "Dat was roddel van een
            continue  # klant", "sono fatti suoi": why it was taken back, no fact
        if mistaken and not (cues.correction and _corrected_value(clause)) and \
                any(_names_value(clause.text, w) for w in mistaken):
            reading.flags.append("skipped:about_the_mistake")  # "keine Ahnung wie ich auf
            continue  # Grinzing komm": the wrong value, said again after its correction
        if _wonders_why_said(clause):
            reading.flags.append("skipped:about_the_mistake")  # "je sais pas pourquoi j'ai
            continue  # écrit porto-novo": the wrong value named again, no fact
        if cues.correction and (wrong := _corrected_value(clause)):
            mistaken.append(wrong)
        asked_before, recalled = recalled, None  # the value the clause before asked about
        if cues.correction and _recalled_saying(clause):
            recalled = _corrected_value(clause)  # "Hatte ich dir Brandt geschrieben?"
        if forgotten and (any(n in clause.text for n in forgotten) or (
                pronoun_subject(clause.text, clause.language)
                and state.last_person in forgotten)):
            reading.flags.append("skipped:asked_to_forget")
            continue
        if says_what_there_is(clause):
            reading.flags.append("skipped:there_is")  # "…, y ya no hay nada en la lista"
            continue
        if (opening := opening_in(clause.text, clause.language)) is not None:
            state.openings.append(opening)  # ("Die Rittner Bahn sucht Triebwagenführer")
        elif not (cues.question or cues.negated or cues.hypothetical or cues.sarcasm) and \
                (started := _started_at_opening(clause, state, timestamp)) is not None:
            reading.facts.append(started)  # "meine dritte Woche … der Rittner Bahn ist rum"
            continue
        following = next((c for c in clauses if c.index == clause.index + 1), None)
        said_before = _said_wrong(clause, following) is not None or (
            cues.reported and _told_wrong(clause, following) is not None)  # ("em março
        # disse-lhe que a Sónia trabalhava em Mangualde, mas enganei-me": the user's words)
        asks_back = cues.question and said_before
        why = ("question" if cues.question and not asks_back else "request" if cues.request
               else "hypothetical" if cues.hypothetical
               else "sarcasm" if cues.sarcasm else None)
        if why is None and clause.quotes and cues.reported:
            why = "quoted_speech"
        if why is None and not said_before and _told_wrong(clause, following) is None and \
                _what_was_told(clause, clauses):
            why = "said_before"  # "ich hab dir vor monaten erzählt, | dat lea in köln wohnt"
        if why is None and (renamed := _renamed(clause, people, state, asked_before)) is not None:
            m, wrong = renamed
            state.people[str(m.name)] = m.relation
            state.last_person = m.name
            turn_people.add(str(m.name))  # "… è al quarto anno" is about her
            cand = _relation_candidate(m, clause, timestamp)
            if cand is not None:  # the wrong name's relation is taken back
                reading.facts.append(replace(cand, corrects=wrong, is_correction=True))
            continue
        supposed = find_cue("hypothetical", clause.language, clause.text) \
            if why == "hypothetical" else None
        for m in people:
            said_as_so = why not in ("hypothetical", "sarcasm") or (
                supposed is not None and m.span[1] <= supposed.start()) or (
                why == "hypothetical" and "," in clause.text[m.span[0]:m.span[1]])
            # "my sister Ana will be mad if I don't call": Ana is the sister, whatever "if";
            # so is one set off by commas ("se ficar, …, com o pai, o Hélder, o meu
            # ex-marido, …"): said in passing, not supposed
            known = [n for n, r in state.people.items() if r == m.relation]
            if m.name is not None and said_as_so:
                state.people[m.name] = m.relation if m.of is None else \
                    f"{m.relation} of {m.of}"
                state.last_person = m.name
                cand = _relation_candidate(m, clause, timestamp)
                if cand is not None:
                    reading.facts.append(cand)
            elif m.name is None and m.of is None and (said_as_so or len(known) == 1):
                # "我爸的六十大寿…" then "他每天早上都要喝单枞": "he" is the father just
                # mentioned, not the husband named before (the one named with this relation
                # when there is one: "my husband" is Feng again; so after a wish, "je
                # voudrais écrire une carte pour ma grand-mère, elle est à l'hôpital": the
                # grandmother the user has)
                state.last_person = known[-1] if len(known) == 1 else \
                    f"{USER_SUBJECT}'s {m.relation}"
                turn_people.add(state.last_person)
        if why in ("question", "request"):
            # "Could you help me write to Deborah, my practice manager at Heavitree Dental?":
            # the user works where their boss is, though the clause asks for a message
            reading.facts.extend(_workplace_of_a_colleague_asked(clause, people))
        if why is not None:
            reading.flags.append(f"skipped:{why}")
            if why in _SKIPPED_YET_NAMING and \
                    (who := _follow_who_is_brought_up(clause, people, state)) is not None:
                turn_people.add(who)  # "Mi scrivi un bigliettino per Elisa? Ha avuto la
                # promozione …": hers, said without her name
            continue
        if cues.reported and _reported_by_other(clause) and not said_before:
            # (not "上回我说闺女在八中？" before "打错字了，是九中": the user's own words)
            reading.flags.append("skipped:reported_speech")
            if (who := _follow_who_is_brought_up(clause, people, state)) is not None:
                turn_people.add(who)
            speaking = clause if _ends_with_saying(clause) else None
            continue
        if speaking is None or clause.sentence != speaking.sentence:
            speaking = None
        elif clause.text.strip(" .!?") in clause.sentence:
            # "Mein Kollege Reinhard meint, ich sollte mich als Direktor bewerben": what he
            # says, after the comma, is his opinion of the user, no fact ("Gisela wohnt in
            # Bamberg", read out of "meine Tante Gisela, die in Bamberg wohnt, sagt, …", is
            # not in the sentence as written: what it says of the speaker is read)
            speaking = None
            reading.flags.append("skipped:reported_speech")
            continue
        if not cues.negated and (ended := _breakup(clause, people, state, timestamp)):
            reading.facts.append(ended)
            others = [m for m in people if m.name != ended.object]
            if has_cue("dating", clause.language, clause.text) and (
                    new := _together(clause, others, state, timestamp, _other_name(
                        clause, ended.object))) is not None and new.object != ended.object:
                reading.facts.append(new)  # "I've been seeing Sam for two months now, Tom
                # is history": Sam is the partner now, Tom the one left
            continue
        if not cues.negated and (engaged := _engaged(clause, people, state)) is not None:
            reading.facts.append(engaged)  # (and the clause is read on: "Marlon proposed
            # last night on the seawall" is also the day it happened)
        couple_named = None if cues.negated else couple_with_user(clause.text, clause.language,
                                                                  clause.sentence)
        if not cues.negated and (couple_named or
                                 has_cue("together", clause.language, clause.text)):
            couple = _together(clause, people, state, timestamp, couple_named, turn_named)
            if couple is not None:
                reading.facts.append(couple)
                turn_people.add(couple.object)  # "…, she's a vet": the partner
            else:  # "wir sind seit Juli zusammen" with no one named: no job, no home
                reading.flags.append("skipped:partner_unnamed")
            continue
        if not cues.negated and (dating := _dating(clause, people, state, timestamp)):
            reading.facts.append(dating)
            turn_people.add(dating.object)  # "usciamo da un mese, è di Altamura": Michele
            continue
        named_wrong = _wrong_first(clause.text, clause.language) if cues.correction else None
        found = _subject_of(clause if named_wrong is None
                            else replace(clause, text=clause.text[named_wrong.end():]),
                            state, people)  # "Bath was wrong, …": Bath is no one
        if found is None:
            continue
        if news_of is not None and clause is news_of[0] and found[0] == USER_SUBJECT and \
                not people and not _has_subject(clause.text, clause.language):
            # "olvida lo de la casa de Lola, se la queda para los nietos": Lola's news
            found = (news_of[1], _person_phrase(news_of[1], state, clause.language))
        subject, phrase = found
        if subject == USER_SUBJECT and chained is not None and \
                _continues_the_topic(clause, people, chained[0]):
            subject, phrase = chained[1], chained[2]  # "小雨是护士，在省立医院上班": hers
        if subject == USER_SUBJECT and _third_person_verb(clause.text, clause.language) and \
                not (cues.correction and (_corrected_value(clause) or
                                          slip_lead(clause.text, clause.language))) and \
                not one_at_a_time.gone_kinds(clause.text, clause.language):
            # ("some idiot pinched my bike": what someone did to the user's thing is theirs)
            # ("es el miércoles, no el martes": the corrected thing, not someone else; so is
            # "… dia 9 de maio... não, é dia 16")
            if state.last_person not in turn_people and \
                    not (state.last_person and _number_set_against(clause)):
                # ("ha 9 anni, non 8": a number put right is of the person said last)
                if not _USER_IN_CLAUSE.get(clause.language, _NO_MATCH).search(clause.text) and \
                        not _told_wrong_before(clause, clauses):
                    # "ha portato un tiramisù": someone did it, and the turn does not say who
                    reading.flags.append("skipped:someone_else")
                    continue
            else:
                subject = state.last_person or subject
                phrase = _person_phrase(subject, state, clause.language)
        if subject != USER_SUBJECT and not subject.startswith(f"{USER_SUBJECT}'s "):
            state.last_person = subject
        chained = (clause.sentence, subject, phrase)
        if _only_mentions(clause, people):
            continue
        pending.append(_Pending(clause, subject, phrase, people,
                                answers_others=replying
                                and clause.sentence == clauses[0].sentence))
        named = _names_in(clause.text, clause.language)
        if (cues.correction and (wrong := _corrected_value(clause))) or \
                (wrong := _told_wrong(clause, next((c for c in clauses
                                                    if c.index == clause.index + 1), None))):
            # "ti ho detto … a Torino, era sbagliato"
            named = [n for n in named if n not in wrong.split()]  # "Marina, non Marta"
        if named:
            state.last_person = named[-1]
        turn_named.extend([*(m.of for m in people if m.of and m.of != THEIRS), *named,
                           *chat_names_in(clause.text, clause.language)])
        turn_people.update(named)
        turn_people.update(m.name for m in people if m.name)
        if subject != USER_SUBJECT:
            turn_people.add(subject)
    for item in pending:
        if rules is not None:  # a relation's "name" may be a title ("boss is Dr") or "she"
            item.ruled = [r for r in rules(item.clause.text, item.clause.language, timestamp)
                          if not (r.predicate.startswith("has_")
                                  and (r.object.casefold().startswith("user's")
                                       or is_title(r.object)
                                       or is_third_pronoun(r.object, item.clause.language)))]
    # a clause the rule tables read needs no classifier (and no embedding of its own)
    spans = [span_of(p.clause.text, p.clause.language) or p.clause.text for p in pending
             if not _rule_slot(p)]
    return Begun(text, timestamp, reading, clauses, pending, spans, secret, rules)


def _passing_remark(cand: FactCandidate, guess: SlotGuess | None, vector: Any | None,
                    judge: RemarkJudge) -> bool:
    """Whether ``judge`` drops the remark ``cand``: only a clause the classifier read (not
    a rule's slot) whose fact is its own words, and that changes, ends, corrects or moves
    nothing (those tie the memory's facts together however they are worded)."""
    if not cand.remark or guess is None or vector is None:
        return False
    if cand.is_change or cand.is_correction or cand.corrects or cand.cessation or \
            cand.rescheduled or cand.called_off or cand.switched_from or cand.retracts:
        return False
    return not judge.keeps(cand, vector, guess)


def _continues_the_topic(clause: Clause, people: Sequence[Mention], sentence: str) -> bool:
    """Whether a Chinese clause goes on about the one the clause before it in the same
    sentence was about: it names no one and has no subject of its own ("我女朋友小雨是护士，
    在省立医院上班，周末经常要值班": the hospital and the weekends are hers). A clause that
    names "I" or points at someone with 他 / 她 ("得请两天假回去陪她") has its own."""
    return clause.language == "zh" and clause.sentence == sentence and not people and \
        not _has_subject(clause.text, clause.language) and \
        not re.search(_THIRD_PERSON["zh"], clause.text)


def _rule_slot(item: _Pending) -> str | None:
    """The slot the rule tables' reading of a clause gives, when every candidate has one."""
    slots = {"people" if _is_relation(r.predicate) and r.subject == USER_SUBJECT
             else _PREDICATE_SLOTS.get(r.predicate) for r in item.ruled}
    if not item.ruled or None in slots:
        return None
    return sorted(s for s in slots if s is not None)[0]


_OPENING_SKIPS = ("skipped:correction_header", "skipped:small_talk", "skipped:fragment")
"""How a correction's opening that states nothing is skipped: as a header ("I got it
wrong."), as small talk ("Moment, da hab ich was verwechselt.") or as a fragment."""


def _skipped_as_opening(clause: Clause, cand: FactCandidate | None, flags: Sequence[str],
                        flagged_before: int) -> bool:
    """Whether reading ``clause`` just skipped it as a correction's opening that states
    nothing (:data:`_OPENING_SKIPS`): a correction with no fact whose own skip is the last
    flag (``flagged_before`` is how many flags there were before it was read)."""
    return cand is None and clause.cues.correction and len(flags) > flagged_before and \
        flags[-1] in _OPENING_SKIPS


def _follows_a_correction_header(clause: Clause, before: Clause | None, opened: bool) -> bool:
    """Whether ``clause`` is the statement right after a correction's opening that said
    nothing of its own ("Wait, I mixed that up. I work at Bosch.", "Attends, je me suis
    trompé. Je travaille chez Peugeot."): the clause read just before it was skipped as
    such an opening (``opened``, :func:`_skipped_as_opening`), and ``clause`` itself states
    no change, end or other correction. A statement after a fact ("…, wir wohnen in
    Hötting. Ich kenn mich … noch null aus") is none."""
    cues = clause.cues
    if before is None or not opened:
        return False
    # the cue of "Ho sbagliato nome, mio figlio va …" is its sentence's: the clause after
    # the opening says no correction of its own
    own_cue = cues.correction and (before.sentence != clause.sentence or
                                   has_cue("correction", clause.language, clause.text) or
                                   _corrected_value(clause) is not None)
    return not (own_cue or cues.negated or cues.change or cues.cessation or
                cues.retraction or cues.question or cues.hypothetical or cues.start)


def end_turn(begun: Begun, guesses: Sequence[SlotGuess | None],
             vectors: Sequence[Any | None], judge: RemarkJudge | None = None) -> TurnReading:
    """Finish reading a turn with the slots (and embeddings) of its clauses; ``judge``
    decides which remarks are stored (:func:`_passing_remark`; none: every one)."""
    reading, timestamp, rules = begun.reading, begun.timestamp, begun.rules
    secret, text, clauses = begun.secret, begun.text, begun.clauses
    seen = {c.key for c in reading.facts}
    classified = iter(zip(guesses, vectors, strict=True))
    carried: str | None = None
    told_in: Clause | None = None  # the clause that said the carried value was wrong
    opening = False  # the clause read last was a correction's opening, skipped
    move_said: _Pending | None = None  # a move said without a day, the day still to come
    moved_into = homes.moved_into(text, clauses[0].language) if clauses else None
    for item in begun.pending:
        ruled_slot = _rule_slot(item)
        guess: SlotGuess | None
        vector: Any | None
        if ruled_slot is not None:
            guess, vector = SlotGuess(ruled_slot, 1.0, ruled_slot, 0.0, 0.0), None
        else:
            guess, vector = next(classified, (None, None))
        after = next((c for c in clauses if c.index == item.clause.index + 1), None)
        if (told := _told_wrong(item.clause, after) or
                _said_wrong(item.clause, after)) is not None:
            # "I told you my sister works at Tesco, that was wrong.": no fact; what the next
            # statement says puts Tesco right ("It's Asda.")
            reading.flags.append("skipped:correction_header")
            carried = told
            told_in = item.clause
            continue
        span = _without_told(item.clause, span_of(item.clause.text, item.clause.language))
        if (told_right := _told_wrong_then_right(item.clause)) is not None:
            carried, said_right = told_right  # the statement after the wrong value puts it
            span = span_of(said_right, item.clause.language)  # right
        flagged = len(reading.flags)
        cand = _clause_fact(item, span, guess, timestamp, secret, reading, carried)
        if moved_into is not None and (
                item.subject == USER_SUBJECT or
                homes.opens_with_first_days(item.clause.text, item.clause.language)) and \
                moved_into in item.clause.text and not item.clause.cues.negated and \
                not item.clause.cues.question:
            # "first saturday in south portland!! … surrounded by boxes": the new home (a
            # home the clause names itself, "we moved to Leith on Saturday", is kept; so is a
            # workplace the first days are at: "De eerste week op de Markt zit erop! … de
            # nieuwe huisbaas … kwam een boeket kopen" is the shop's new place)
            if cand is None or cand.slot not in ("residence", "employer") or \
                    len(cand.object.split()) > NAME_WORDS or \
                    (cand.slot == "employer" and _in_a_town(item.clause.text, moved_into)):
                cand = _home_moved_into(item, moved_into, timestamp, cand)
            moved_into = None
        if cand is not None and _only_sets_aside(item.clause, cand, clauses):
            # "Kleine Korrektur: Felix arbeitet nicht bei Siemens, er ist bei Bosch": the
            # first clause only sets the wrong value aside; the next one says the right one
            reading.flags.append("skipped:correction_header")
            cand = None
        opened, opening = opening, _skipped_as_opening(item.clause, cand, reading.flags,
                                                       flagged)
        if cand is not None:
            cand = _new_things_marked(cand, item.clause, clauses)
        if cand is not None and cand.subject == USER_SUBJECT and not cand.is_correction and \
                has_cue("recalled_past", item.clause.language, item.clause.text) and \
                not NOW.search(item.clause.sentence):
            cand = replace(cand, flags=(*cand.flags, RECALLED_PAST))  # "I used to walk to
            # Harbour Foods": said of the workplace or home held, it is over (validation);
            # "I used to walk to Harbour Foods, now I cycle there" changed the way, not it
        if cand is not None and vector is not None:
            cand = replace(cand, vector=vector)
        if move_said is not None and \
                item.clause.index - move_said.clause.index > MOVE_CARRIED_CLAUSES:
            move_said = None
        if cand is None and move_said is not None and len(reading.flags) > flagged and \
                len(with_dates(item.clause.text, timestamp, None,
                               item.clause.language)[1]) == 1:
            # "The book club dinner got postponed, Sam is ill. It's on Monday now.": the day
            # said alone is the moved plan's, read with the clause that moved it
            said = f"{move_said.clause.text.rstrip(' .!?。！')}, {item.clause.text}"
            joined = replace(move_said, clause=replace(move_said.clause, text=said,
                                                       sentence=said))
            cand = _clause_fact(joined, span_of(said, item.clause.language), guess,
                                timestamp, secret, reading, None)
        if cand is not None and move_said is not None and cand.valid_from is not None and \
                not cand.rescheduled and not cand.is_correction and not cand.called_off and \
                cand.subject == USER_SUBJECT:
            # "elternabend ist verschoben, frau demir ist krank. jetzt erst am montag": the
            # day the plan moved to (validation ends the one said before)
            cand = replace(cand, rescheduled=True,
                           evidence=f"{move_said.clause.text} … {cand.evidence}")
            move_said = None
        elif _says_a_move(item.clause) and (cand is None or cand.valid_from is None) and \
                not any(f.startswith(MOVED_BY) for f in (cand.flags if cand else ())):
            move_said = item
        header = bool(reading.flags) and reading.flags[-1] == "skipped:correction_header"
        before = next((c for c in clauses if c.index == item.clause.index - 1), None)
        if cand is None and before is not None and reading.facts and reading.flags and \
                reading.flags[-1] in ("skipped:correction_header", "skipped:fragment") and \
                (fixed := _put_right_in_passing(reading.facts[-1], item.clause,
                                                before)) is not None:
            reading.facts[-1] = fixed  # "nach Porto... nee, Quatsch, nach Faro!"
            continue
        if (bare := _not_this_but(item.clause)) is not None:
            reading.facts.append(bare)  # "wait sorry not Yishun, Sembawang": no fact of its
            continue  # own ("The user (home): Sorry, , Lund"), the held one put right
        if cand is None and carried and item.clause.language == "zh" and reading.flags and \
                reading.flags[-1] == "skipped:correction_header" and \
                (zh_right := _ZH_RIGHT_AFTER.search(item.clause.text)) is not None and \
                (bare := _bare_right_value(item.clause, carried, zh_right["right"])) is not None:
            reading.facts.append(bare)  # "之前跟你说我爸在柳钢 | 说错了, 是在柳工": 柳工 puts
            carried = None  # the held 柳钢 right
            continue
        if cand is None and carried and reading.flags and \
                reading.flags[-1] in ("skipped:fragment", "skipped:small_talk",
                                      "skipped:unclear") and not item.clause.cues.correction and \
                (bare := _bare_right_value(item.clause, carried)) is not None:
            reading.facts.append(bare)  # "wait sorry not Yishun, Sembawang": validation puts
            carried = None  # right the held fact that says Yishun, whoever it is about
            continue
        if cand is None and carried and carried.isdigit() and reading.flags and \
                reading.flags[-1] in ("skipped:fragment", "skipped:small_talk",
                                      "skipped:unclear") and \
                (right_day := _right_day(item.clause, carried, timestamp)) is not None:
            reading.facts.append(right_day)  # "Disse-lhe que era a 9, | mas é a 16 de
            carried = None  # agosto": the held plan on the 9th moves to the 16th
            continue
        if cand is None and item.clause.cues.correction and reading.flags and \
                reading.flags[-1] in ("skipped:correction_header", "skipped:fragment",
                                      "skipped:reported_speech", "skipped:moment"):
            # "actually it's not peanuts, it's cashews": the next clause corrects; so does
            # the one after "我是不是说我妈生日 5 月 8 号？", what the user said before, and
            # the one after "correctie: Griet werkt niet in het Jessa" (read as a moment)
            asked = before is not None and before.asked_value is not None and carried
            # ("te dije que Elif es de Izmir? nada que ver, es de Bursa": the denial after
            # the value asked back names none of its own; nor does the one right after the
            # value told: "je t'avais dit qu'il conduisait des TER | c'est faux, je ne sais
            # pas pourquoi j'ai écrit ça" takes back TER, not "pourquoi j'ai écrit ça")
            told_before = told_in is not None and told_in.index == item.clause.index - 1
            carried = carried if asked or told_before else \
                _corrected_value(item.clause) or carried
        elif cand is not None and carried and cand.corrects == LAST_DATED:
            carried = None  # "之前跟你说我妈生日5月8号 打错了 是5月18号": the bare day is what
            # puts the carried day right; the clauses after it correct nothing more
        elif cand is not None and carried and cand.corrects in (None, RESTATED):
            # (the value the clause itself says was typed wrong comes first: "… te falei tá
            # errada, digitei 14 mas o aniversário dela é dia 4")
            of_the_corrected = (SAID_OF_THE_CORRECTED,) if cand.subject == USER_SUBJECT and \
                _third_person_verb(item.clause.text, item.clause.language) else ()
            cand = replace(cand, corrects=_typed_wrong(item.clause) or carried,
                           is_correction=True,
                           flags=(*cand.flags, CARRIED_WRONG_VALUE, *of_the_corrected))
            carried = None
        elif cand is not None and cand.corrects not in (None, RESTATED, LAST_DATED) and \
                cand.subject == USER_SUBJECT and SAID_OF_THE_CORRECTED not in cand.flags and \
                (headed := _after_correction_header(item.clause)) is not None and \
                _third_person_verb(headed, item.clause.language):
            # "te dije mal la otra vez, no estudia enfermería, estudia nutrición": said of
            # whoever the wrong value was held of, not of the user
            cand = replace(cand, flags=(*cand.flags, SAID_OF_THE_CORRECTED))
        elif cand is not None and cand.corrects is None and \
                _follows_a_correction_header(item.clause, before, opened):
            # "Wait, I mixed that up. I work at Bosch.": the opening said only that something
            # was wrong; the statement after it restates the thing said before
            cand = replace(cand, corrects=RESTATED, is_correction=True)
        if cand is not None and cand.corrects and item.clause.language == "zh":
            cand = _zh_right_value(cand, item.clause)  # "讲错了啦，是中油，在林园厂": 中油
        ruled = [] if header or rules is None else [r for r in item.ruled if r.key not in seen]
        if ruled:
            tense = _tense(item.clause.text, item.clause.language)
            ruled = [_never_future_if_past(r, tense, timestamp) for r in ruled
                     if not (r.subject == USER_SUBJECT and r.predicate in _PLACES and
                             _someone_else_before(item.clause.text, r.object,
                                                  item.clause.language)) and
                     not (r.predicate == "lives_in" and has_cue(
                         "home_seeking", item.clause.language, item.clause.text))]
            # ("… kijken naar huizen in Edam": a home looked for there, not lived in)
            for r in ruled:
                slot = _PREDICATE_SLOTS.get(r.predicate) or (cand.slot if cand else None)
                if _is_relation(r.predicate) and r.subject == USER_SUBJECT:
                    slot = "people"
                keep_text = cand is not None and slot != "people" and not (
                    item.clause.language == "en" and not r.temporal_text
                    and not _said_more_after(item.clause.text, r.object))
                # (an English rule's own sentence reads well and follows entity links)
                if r.subject == USER_SUBJECT and r.predicate in _PLACES and not r.negated:
                    since = f" (since {_day_words(r.valid_from)})" if r.valid_from else ""
                    r = replace(r, text=f"The user {_PLACES[r.predicate]} {r.object}{since}")
                    keep_text = False
                reading.facts.append(replace(
                    r, slot=slot, text=cand.text if keep_text and cand else r.text,
                    vector=vector,
                    evidence=item.clause.text,
                    exclusive=cand.exclusive if cand else False,
                    cessation=cand.cessation if cand else False,
                    corrects=cand.corrects if cand else None,
                    privacy=stricter(r.privacy, cand.privacy) if cand else r.privacy))
                seen.add(r.key)
        elif cand is not None and cand.key not in seen and judge is not None and \
                _passing_remark(cand, guess, vector, judge):
            reading.flags.append("skipped:passing_remark")  # "immer noch besser als mit
            # dem Auto": a remark the gate finds says nothing lasting
        elif cand is not None and cand.key not in seen:
            reading.facts.append(cand)
            seen.add(cand.key)
        employer = _employer_of_a_colleague(item, span) or \
            _employer_beside_the_job(item, span, cand)
        if employer is not None and employer.key not in seen:
            reading.facts.append(employer)
            seen.add(employer.key)
    if any(c.cues.correction for c in clauses) or _SAID_SORRY.search(text):
        for clause in clauses:  # "des Autohaus vom Kevin is in Heusenstamm, net in Mühlheim.
            # Hab mich letztes Mal vertan": a name set against the one said before, in a turn
            # that says it was wrong, puts that name right wherever it was said
            if any(f.evidence == clause.text and f.corrects for f in reading.facts):
                continue  # (the clause's own fact corrects what it names)
            swap = _name_set_against(clause)
            if swap is not None and (right := _bare_right_value(clause, *swap)) is not None:
                reading.facts.append(right)
    if carried is not None and told_in is not None and \
            not any(f.corrects or f.retracts for f in reading.facts):
        # "I told you my sister works at Tesco, that was wrong." and nothing said right after
        # it: what named Tesco never held
        reading.facts.append(_instruction(told_in, carried, timestamp))
    if (send_off := _sent_off(clauses, timestamp, reading.facts, begun.pending)) is not None:
        reading.facts.append(send_off)
    reading.facts = [replace(f, text=_without_name_set_against(f.text, f.language)) if f.text
                     else f for f in reading.facts]
    reading.facts = _set_against_marked(_said_again_longer(reading.facts), clauses)
    if secret and not any(f.retracts is None for f in reading.facts):
        reading.facts.append(_confided(text, clauses, timestamp))
    return reading


def _said_again_longer(facts: list[FactCandidate]) -> list[FactCandidate]:
    """The facts of a turn but one whose text another fact of the same subject and predicate
    begins with and goes on from ("Arne is taking a job at the ore docks in Two Harbors" beside
    "…, he starts in May 2025"): one statement read twice, kept once, with its day."""
    def longer_said(f: FactCandidate) -> bool:
        return bool(f.text) and any(
            g is not f and g.text and g.subject == f.subject and g.predicate == f.predicate
            and g.text.startswith(f"{f.text},")
            and not (f.corrects or f.retracts or g.corrects or g.retracts) for g in facts)
    return [f for f in facts if not longer_said(f)]


def _sent_off(clauses: Sequence[Clause], at: datetime, facts: Sequence[FactCandidate],
              pending: Sequence[_Pending]) -> FactCandidate | None:
    """The user's send-off from their old workplace, said anywhere in the turn ("Could you
    write a thank-you for the boys from my old crew? They gave me a hard hat signed by the whole
    team"; :func:`farewells.sent_off_from_work`), or their first stretch at a workplace
    (:func:`_first_stretch_at_work`): the fact that the user left the job held before, flagged
    :data:`SENT_OFF`. ``None`` when the turn says neither, or already says the job was left."""
    own = [c for c in clauses if c.supported and not (c.cues.hypothetical or c.cues.negated)]
    if not own or any(f.cessation and f.object == "job" for f in facts):
        return None
    if not farewells.sent_off_from_work(" ".join(c.text for c in own), own[0].language) and \
            not any(_first_stretch_at_work(p.clause) for p in pending
                    if p.subject == USER_SUBJECT and p.clause in own):
        return None
    left = _left_the_job(own[-1], at)
    return replace(left, valid_from=at, temporal_text=None, text="The user left their job",
                   flags=(*left.flags, SENT_OFF))


def _first_stretch_at_work(clause: Clause) -> bool:
    """Whether the user's clause says their first stretch at a workplace ("first fortnight at
    Glendrum done", "我在鞋厂上班的第一周结束了"): a new job, so the one held before is over."""
    span, lang = span_of(clause.text, clause.language), clause.language
    return not (clause.cues.question or _seeks_a_job(clause.text, lang)) and \
        _tenure_org(span, lang) is not None and not _first_days_in_a_town(span, lang) and \
        _since_at_workplace(span, lang) is None


def _only_sets_aside(clause: Clause, cand: FactCandidate,
                     clauses: Sequence[Clause]) -> bool:
    """Whether a correction's clause only denies the wrong value, which ends it, with no
    value of its own before a comma ("Small correction: Jake doesn't work at Deloitte",
    "Griet werkt niet in het Jessa", "Paul ne travaille pas chez Renault"), and the next
    clause of its sentence says the right one ("he's at KPMG", "ze zit in het ZOL"): it is
    then no fact of its own, its wrong value goes to that clause."""
    if not (clause.cues.correction and clause.cues.negated) or \
            cand.corrects in (None, RESTATED, LAST_DATED):
        return False
    after = next((c for c in clauses if c.index == clause.index + 1), None)
    if after is None or after.sentence != clause.sentence:
        return False
    m = _CORRECTED_VALUE.get(clause.language, _NO_MATCH).search(clause.text)
    return m is not None and not clause.text[m.end():].strip(" .!?…。！？") and \
        not re.search(r"[,;，；]\s*$", clause.text[:m.start()])


def _in_a_town(text: str, place: str) -> bool:
    """Whether ``place`` follows a bare "in" with no article ("primeira semana em
    Florianópolis", "Prima settimana a Trento"): a town, not an establishment ("op de Markt",
    "at the Anchor", "no Outback")."""
    return re.search(r"(?i)(?<!\w)(?:in|em|a|à|en|op)\s+" + re.escape(place) + r"(?!\w)",
                     text) is not None


_SAID_SORRY = re.compile(r"(?i)(?<![\w'’])(?:sorry|soz|oops|my\s+bad|galti|pardon|désolée?|"
                         r"dsl|perdón|perdon|perdona|disculpa|scusa|scusate|desculpa|desculpe|"
                         r"foi\s+mal|entschuldigung|excuses|oeps)(?![\w'’])|不好意思|唔好意思|"
                         r"抱歉|对不起|對不起")
"""An apology in the turn: with a name set against another ("arre sorry yaar, wedding is in
Bhopal not Indore") it puts the name said before right."""
_RUN = r"[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+){0,2}"
_NAME_NOT_NAME: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?<![\w'’])(?P<right>" + _RUN + r")\s*,?\s+(?:" + no + r")\s+"
                     r"(?:(?:in|at|from|of|em|en|a|à|au|no|na|nel|nella|im|am|bei|op|te|di|de|"
                     r"da|do|uit|aus|der|die|das|den|dem|el|la|le|il|lo|o|het|s)\s+){0,2}"
                     r"(?P<wrong>" + _RUN + r")(?![\w'’])")
    for lang, no in {"en": r"not", "de": r"nicht|net|ned|nöd|nit|ni", "fr": r"(?:et\s+)?pas",
                     "es": r"(?:y\s+)?no", "it": r"(?:e\s+)?non", "pt": r"(?:e\s+)?não|nao",
                     "nl": r"(?:en\s+)?niet"}.items()}
_NAME_NOT_NAME["zh"] = re.compile(r"(?:住|在|系|係|是|去|喺|叫)"
                                  r"(?P<right>[\u4e00-\u9fff]{2,4}?)[，,]?"
                                  r"(?:唔係|唔系|不是)(?:住|在|喺)?"
                                  r"(?P<wrong>[\u4e00-\u9fff]{2,4}?)(?=[，,。！？!?\s]|$)")
"""A name set against another anywhere in a clause ("wedding is in Bhopal not Indore. pls
update", "i suoceri sono di Brescia non Bergamo 😅 cmq …", "佢住屯門唔係沙田")."""


def _without_name_set_against(text: str, lang: str) -> str:
    """A fact's sentence without the name it sets its own against ("es isch s Kantonsspital
    Baden, nöd Aarau" → "es isch s Kantonsspital Baden"): the name after "not" never held."""
    m = _NAME_NOT_NAME.get(lang, _NO_MATCH).search(text)
    return text if m is None else (text[:m.end("right")] + text[m.end("wrong"):]).strip(" ,")


def _name_set_against(clause: Clause) -> tuple[str, str] | None:
    """(wrong, right) when a clause sets a name against the one it says ("des Autohaus vom
    Kevin is in Heusenstamm, net in Mühlheim" → ("Mühlheim", "Heusenstamm")): both are names
    of one to three capitalised words (or Chinese)."""
    pair = _NAME_NOT_NAME.get(clause.language, _NO_MATCH).search(clause.text)
    if pair is not None and pair["right"] != pair["wrong"]:
        return pair["wrong"], pair["right"]
    tail = _contrasted_away(clause)
    m = None if tail is None else _CORRECTED_VALUE.get(clause.language, _NO_MATCH).search(tail)
    if tail is None or m is None:
        return None
    wrong = _ARTICLE_LEAD.sub("", m["old"].strip(" .!?。！？"))
    text = clause.text.rstrip(" .!?。！")
    before = text[:len(text) - len(tail)].rstrip(" ,;")
    right = _VALUE_AT_END.search(before)
    if right is None or _VALUE_AT_END.fullmatch(wrong) is None or \
            not 1 <= len(wrong.split()) <= 3:
        return None
    return wrong, right.group(0)


def _value_set_against(clause: Clause) -> str | None:
    """The other value a statement that is no correction sets its own against ("I live in
    York, not Leeds" → "Leeds", "Lavoro alla Ferrari, non alla Fiat" → "Fiat"): the value
    after the "not" of its contrasted end (:func:`_contrasted_away`). ``None`` when the clause
    says a correction, a change, an end or "only", or sets nothing against its value."""
    cues = clause.cues
    if cues.correction or cues.change or cues.cessation or cues.exclusive or \
            cues.question or cues.hypothetical or cues.retraction:
        return None
    against = _contrasted_away(clause)
    pattern = _CORRECTED_VALUE.get(clause.language)
    m = None if against is None or pattern is None else pattern.search(against)
    if m is None:
        return None
    value = _ARTICLE_LEAD.sub("", m["old"].strip(" .!?。！？"))
    return value if value and len(value.split()) <= 3 else None


def _number_set_against(clause: Clause) -> bool:
    """Whether the clause sets a number against another ("ha 9 anni, non 8", "cumple 85, no
    80", "她65岁，不是60岁"): the wrong number said before is put right."""
    value = _value_set_against(clause)
    return value is not None and corrections.number_in(value) is not None


_ARTICLE_LEAD = re.compile(
    r"(?i)^(?:(?:a|an|the|der|die|das|den|dem|ein|eine|einen|le|la|les|l'|un|une|au|aux|du|"
    r"chez|el|los|las|una|al|il|lo|gli|alla|allo|ai|o|os|as|um|uma|na|no|em|het|de|een|"
    r"bij)\s+|l')")
"""An article or preposition before a value set against another ("non alla Fiat", "pas chez
Renault"): the value is the name after it."""


def _set_against_marked(facts: list[FactCandidate],
                        clauses: Sequence[Clause]) -> list[FactCandidate]:
    """``facts`` with each one read from a clause that sets its value against another
    (:func:`_value_set_against`) flagged :data:`SET_AGAINST` with that value, unless it
    corrects something already: validation ends the held fact that stated it."""
    against = {c.text: value for c in clauses if (value := _value_set_against(c))}
    return [replace(f, flags=(*f.flags, SET_AGAINST + against[str(f.evidence)]))
            if f.evidence in against and not f.corrects and not f.is_correction
            and against[str(f.evidence)].casefold() not in str(f.object).casefold()
            else f for f in facts]


_VALUE_AT_END = re.compile(r"(?<![\w'’])[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)*(?=[\s.!?…]*$)")
"""The name a fact's sentence ends with ("… fliegen wir nach Porto")."""


_TOLD_AND_WRONG: dict[str, tuple[str, str]] = {
    "en": (r"i\s+(?:told\s+(?:you|u|ya)|said|wrote)\s+(?:(?:before|earlier|last\s+time)\s+)?"
           + _WHEN_TOLD + r"(?:that\s+)?",
           r"(?:(?:that|which|this|it)\s*(?:was|is|'s|’s)\s+)?(?:wrong|not\s+right|"
           r"not\s+true|a\s+mistake|nonsense|rubbish|not\s+the\s+case)|"
           r"i\s+got\s+(?:it|that|them)\s+(?:wrong|mixed\s+up)|"
           r"i\s+was\s+wrong|i\s+got\s+confused|i\s+mixed\s+(?:it|that|them)\s+up|"
           r"(?:no\s+idea|(?:i\s+)?(?:don't|dont)\s+know|dunno|idk|not\s+sure)\s+why\s+i\s+"
           r"(?:said|wrote|told\s+you)(?:\s+(?:that|it|this))?"),
    "de": (r"(?:ich\s+|i\s+)?(?:hab|habe|hatte|hob)\s+(?:dir|da|euch|Ihnen)\s+"
           r"(?:(?:doch|letztens|neulich|mal|damals|letztes\s+Mal)\s+)*" + _WHEN_TOLD +
           r"(?:gesagt|gsagt|"
           r"geschrieben|erzählt|verzählt)\s*,?\s*(?:(?:dass|dat|das)\s+)?",
           r"(?:das\s+|des\s+)?(?:stimmt\s+(?:gar\s+|so\s+)?(?:nicht|nich|ned|net)|"
           r"war\s+(?:falsch|quatsch|blödsinn|a\s+schmarrn|schmarrn|käse)|"
           r"ist\s+falsch|war\s+ein\s+fehler|(?:ich\s+|i\s+)?(?:hab|habe)\s+(?:mich|mi)\s+"
           r"(?:vertan|geirrt))"),
    "fr": (r"je\s+(?:t'|t’|vous\s+)(?:ai|avais)\s+(?:dit|écrit|raconté)\s+" + _WHEN_TOLD +
           r"(?:que\s+|qu'|qu’)",
           r"(?:c'était|c’était|c'est|c’est|c|cété|cest)\s+(?:faux|une\s+erreur|pas\s+vrai|"
           r"n['’]importe\s+quoi|des\s+bêtises)|"
           r"je\s+me\s+suis\s+(?:trompée?|emmêlée?)|j['’]ai\s+confondu|"
           r"(?:je\s+ne\s+sais|je\s+sais|j['’]sais|jsais)\s+pas\s+pourquoi\s+j['’]ai\s+"
           r"(?:écrit|dit)\s+(?:ça|cela)"),
    "es": (r"(?:(?:lo|eso)\s+que\s+)?(?:yo\s+)?(?:te\s+)?(?:dije|conté|escribí)\s+" + _WHEN_TOLD +
           r"que\s+",
           r"(?:eso\s+|y\s+)?(?:estaba\s+mal|está\s+mal|es\s+mentira|no\s+es\s+así|"
           r"(?:no\s+(?:tiene\s+)?)?nada\s+que\s+ver|"
           r"no\s+era\s+así|no(?=\s*,)|era\s+un\s+error|me\s+confundí|me\s+equivoqué|me\s+lié)"),
    "it": (r"(?:ti\s+|t['’]\s*|t\s+)?(?:ho|avevo)\s+(?:detto|scritto|raccontato)\s+" +
           _WHEN_TOLD + r"(?:che|ke)\s+",
           r"(?:no(?=\s*,)|era\s+sbagliat[oa]|è\s+sbagliat[oa]|(?:non|nn)\s+è\s+vero|"
           r"(?:non|nn)\s+era\s+vero|(?:non|nn)\s+è\s+così|mi\s+sono\s+sbagliat[oa]|"
           r"mi\s+sono\s+confus[oa]|ho\s+fatto\s+confusione|"
           r"(?:non|nn)\s+so\s+(?:perché|perche|xké|xke)\s+(?:l['’]\s*|l\s+)?"
           r"(?:ho|abbia)\s+(?:scritto|detto))"),
    "pt": (r"(?:eu\s+)?(?:te\s+|lhe\s+)?(?:disse|falei|contei|escrevi)(?:-lhe|-te)?\s+" +
           _WHEN_TOLD +
           r"que\s+",
           r"(?:isso\s+|aquilo\s+)?(?:estava\s+errad[oa]|está\s+errad[oa]|tá\s+errad[oa]|"
           r"não\s+é\s+verdade|não\s+era\s+verdade|não(?=\s*,)|foi\s+engano|(?:eu\s+)?me\s+enganei|"
           r"enganei-me|confundi-me|"
           r"(?:eu\s+)?me\s+confundi)"),
    "nl": (r"ik\s+(?:zei|heb\s+(?:je\s+|jou\s+)?" + _WHEN_TOLD +
           r"(?:gezegd|verteld))\s+(?:je\s+|jou\s+)?" + _WHEN_TOLD + r"(?:dat\s+|da\s+)?",
           r"(?:dat\s+|da\s+)?(?:klopte\s+nie?t?|klopt\s+nie?t?|was\s+fout|is\s+fout|"
           r"was\s+(?:onzin|niet\s+waar)|is\s+niet\s+waar|"
           r"was\s+verkeerd|ik\s+vergiste\s+me|ik\s+had\s+het\s+mis|"
           r"ik\s+haalde\s+(?:iets|dingen|het|wat)\s+door\s+elkaar)"),
}
"""Per language: how the user says they told something before, and the words that call it
wrong (:data:`_TOLD_YOU_WRONG`, :data:`_ONLY_WRONG`)."""

_TOLD_YOU_WRONG: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:oh|ok|so|and|also|btw|sorry|und|übrigens|et|alors|"
                     r"y|pues|e|allora|então|en|trouwens|ah|hey|listen|senti|ascolta|oye|mira|"
                     r"olha|écoute|hör\s+mal|luister|au\s+fait|by\s+the\s+way|"
                     r"por\s+cierto|a\s+proposito|aliás)\W+)*" + _WHEN_TOLD + told +
                     r"(?P<said>.+?)(?:\s*[,;:–—-]\s*(?:but\s+|aber\s+|mais\s+|pero\s+|ma\s+|"
                     r"mas\s+|maar\s+)?|\s+(?:but|aber|mais|pero|ma|mas|maar)\s+|"
                     r"\s+(?=(?:no\s+(?:tiene\s+)?)?nada\s+que\s+ver))"  # (said without a comma)
                     + r"(?:" + wrong + r")(?:\s*[,;]\s*(?:" + wrong + r"))*"
                     r"(?:\W*$|\s*[,;:]\s*(?P<right>\w.*?)[\s.!?…]*$)")
    for lang, (told, wrong) in _TOLD_AND_WRONG.items()}
"""A sentence that repeats what the user said before and calls it wrong: "I told you my
sister works at Tesco, that was wrong", "Ich hab dir gesagt, mein Bruder wohnt in Bremen,
das stimmt nicht", "je t'ai dit que ma sœur habite à Lille, c'était faux"; in chat the right
value may follow in the same clause ("hab dir letztens erzählt dass mel in bochum wohnt,
stimmt gar nich, die wohnt in herne")."""

_ONLY_WRONG: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:but|aber|mais|pero|ma|mas|maar|and|und|et|y|e|en)\s+)?"
                     r"(?:" + wrong + r")(?:\s*[,;]\s*(?:" + wrong + r"))*[\s.!?…]*$")
    for lang, (_, wrong) in _TOLD_AND_WRONG.items()}
"""A clause that only says what the user told before was wrong ("ik haalde iets door elkaar",
"des war quatsch", "I mixed it up"): no fact of its own."""

_NAME_IN = re.compile(r"(?<![\w'’])[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)*|(?<!\d)\d+(?!\d)")


_ZH_RIGHT_AFTER = re.compile(r"(?:错字?|岔|瓢|混|反)(?:了|咧|咯)?[啦啊呀嘛]?[，,]\s*"
                             r"(?:她|他|它)?是(?:在)?(?P<right>[^，,。！!？?的]{1,8})")
"""The right value said right after a Chinese "I said it wrong" ("讲错了啦，是中油，在林园厂")."""


def _zh_right_value(cand: FactCandidate, clause: Clause) -> FactCandidate:
    """A Chinese correction's fact with the value said right after "…错了，是" as its object
    ("上次跟你说我老公在中钢，讲错了啦，是中油，在林园厂": 中油, not the plant said after it)."""
    m = _ZH_RIGHT_AFTER.search(clause.text)
    text = cand.text or ""
    if m is None or m["right"] == cand.object or str(cand.corrects) in m["right"] or \
            cand.object not in text or re.search(r"\d", m["right"] + cand.object):
        return cand  # (a day put right is read as a day: "说错了，是 3 月 14 号")
    return replace(cand, object=m["right"], text=text.replace(cand.object, m["right"], 1))


_TOLD_THAT: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?:" + told + r")\W*(?:" + that + r")\s") for lang, (told, that) in {
        "en": (r"i\s+told\s+you|i\s+said", r"that"),
        "de": (r"erzählt|gesagt|geschrieben", r"dass|dat|das"),
        "fr": (r"je\s+t['’](?:ai|avais)\s+(?:dit|écrit|raconté)", r"que|qu['’]"),
        "es": (r"te\s+(?:dije|conté|escribí)", r"que"),
        "it": (r"ti\s+(?:ho|avevo)\s+(?:detto|scritto)", r"che"),
        "pt": (r"(?:disse|contei)-(?:te|lhe)|te\s+(?:disse|contei)", r"que"),
        "nl": (r"verteld|gezegd|geschreven", r"dat"),
    }.items()}
"""What the user says they told before ("ich hab dir vor monaten erzählt, dat lea in köln
wohnt", "I told you that …"), in its clause or across a comma."""


def _what_was_told(clause: Clause, clauses: Sequence[Clause]) -> bool:
    """Whether ``clause`` says what the user told before (:data:`_TOLD_THAT`, here or in the
    clause before it in its sentence) and the clause after it opens by calling that wrong
    ("… dat lea in köln wohnt. | stimmt gar nich, die wohnt in neuss!"): what was said then,
    put right next, not news of its own."""
    told = _TOLD_THAT.get(clause.language)
    before = next((c for c in clauses if c.index == clause.index - 1), None)
    after = next((c for c in clauses if c.index == clause.index + 1), None)
    said = clause.text if before is None or before.sentence != clause.sentence else \
        f"{before.text} {clause.text}"
    if told is None or after is None or told.search(said) is None or \
            clause.asked_value is not None or clause.text.rstrip().endswith(("?", "？")):
        return False  # ("¿Te dije que Lucía vive en Toledo? | Me equivoqué, …": asked back)
    wrong = find_cue("correction", clause.language, after.text)
    return wrong is not None and not after.text[:wrong.start()].strip(" ¡¿!,.")


def _told_wrong_before(clause: Clause, clauses: Sequence[Clause]) -> bool:
    """Whether a clause before ``clause`` in its sentence, or in the sentence before, repeats
    what the user said and calls it wrong (:func:`_told_wrong`): ``clause`` is then the right
    statement ("ti avevo detto ke fa l infermiera ma nn è vero: | è fisioterapista", "… ma mi
    sono confuso. | Lavora alla Lavazza."), whoever the held fact it puts right is about, and
    no one else's act."""
    sentences = list(dict.fromkeys(c.sentence for c in clauses if c.index <= clause.index))
    near = sentences[-2:]  # (its own sentence and the one before it)
    before = [c for c in clauses if c.sentence in near and c.index < clause.index]
    return any(_told_wrong(c, clause) is not None for c in before) or any(
        c.index == clause.index - 1 and _said_wrong(c, clause) is not None for c in before)
    # ("Disse-lhe que era a 9, | mas é a 16 de agosto": the day said right)


def _told_wrong(clause: Clause, after: Clause | None = None) -> str | None:
    """The wrong value of a sentence that calls what the user said before wrong
    (:data:`_TOLD_YOU_WRONG`): the last name or number of what it repeats ("Tesco"), which
    the next statement puts right ("It's Asda", "Er wohnt in Hamburg"). With no such name (in
    chat without capitals, or a job), the last word it repeats that the clause ``after`` it
    does not say again ("i hab dir gsagt er spielt trompete, des war quatsch | er spielt
    tenorhorn" → "trompete", "te dije que Lucía es cajera | pero no es así" → "cajera").
    ``None`` when the clause's sentence is none such or repeats nothing."""
    told = _TOLD_YOU_WRONG.get(clause.language, _NO_MATCH)
    starts = clause.sentence.find(clause.text)  # ("En nog iets: ik heb je … gezegd dat …,
    # maar dat was onzin": from the clause on, after what the sentence opens with)
    m = next((found for found in (told.match(clause.sentence.strip()),
                                  told.match(clause.text.strip()),
                                  told.match(clause.sentence[starts:].strip()) if starts > 0
                                  else None)
              if found is not None and (found["right"] is None or (
                  found["right"] not in clause.text and
                  clause.text.strip(" .!?…") not in found["right"]))), None)
    # (nor the right statement itself, when it goes on past its clause: "… c faux: | c'était
    # sonelgaz, 35 ans à sonelgaz | je confonds tjrs les deux")
    # (the right statement in a clause after this one: "ti avevo detto ke fa l infermiera |
    # ma nn è vero, nn so xké l ho scritto: | è fisioterapista")
    if m is None:  # (the clause ends where the sentence goes on with the right value: "I
        return None  # told you Mel lives in Leeds, not true | she lives in York"; the right
        # value in the clause itself is :func:`_told_wrong_then_right`'s)
    wrong = _last_name_said(m["said"], first_word=False)
    if wrong is None and after is not None:
        wrong = _last_word_not_said_again(m["said"], after.text, word=r"[^\W\d_][\w'’-]*")
    return wrong


def _told_wrong_then_right(clause: Clause) -> tuple[str, str] | None:
    """(wrong value, the statement that puts it right) of a clause that repeats what the user
    said, calls it wrong and says the right thing after it, all in one ("hab dir letztens
    erzählt dass mel in bochum wohnt, stimmt gar nich, die wohnt in herne" → ("bochum", "die
    wohnt in herne")). The wrong value is the last name the repeated words say, or, in chat
    without capitals, the last of their words the right statement does not say again."""
    m = _TOLD_YOU_WRONG.get(clause.language, _NO_MATCH).match(clause.text.strip())
    if m is None or m["right"] is None:
        return None
    wrong = _last_name_said(m["said"], first_word=False)
    if wrong is None:
        wrong = _last_word_not_said_again(m["said"], m["right"])
    return None if wrong is None else (wrong, m["right"])


def _last_word_not_said_again(said: str, after: str, *, word: str = r"[\w'’-]+") -> str | None:
    """The last content word of ``said`` (words as ``word`` finds them) that ``after`` does
    not say again: the wrong value of what the user told, against the right statement ("er
    spielt trompete" against "er spielt tenorhorn" → "trompete")."""
    again = {w.casefold() for w in re.findall(r"[\w'’-]+", after)}
    new = [w for w in re.findall(word, said) if w.casefold() not in again and content_words([w])]
    return new[-1] if new else None


def _last_name_said(said: str, *, first_word: bool) -> str | None:
    """The last name or number ``said`` repeats, no weekday or month (and not its first word
    unless ``first_word``): the wrong value of what the user said before ("… works at
    Tesco" → "Tesco")."""
    names = [n.group(0) for n in _NAME_IN.finditer(said)
             if (first_word or n.start() > 0) and said_weekday(n.group(0)) is None
             and n.group(0).casefold() not in MONTHS]
    if not names and not first_word and (run := _NAME_IN.match(said)) is not None and \
            len(run.group(0).split()) > 1:
        return run.group(0).split()[-1]  # "Gert-Jan Elstar teelt": the person, then the value
    return names[-1] if names else None


_SAID_WRONG: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:and|oh|ok|so|sorry|btw|y|perdona|perdón|et|pardon|e|scusa|"
                     r"desculpa|en|oei|oeps|oops|ach|ah|ai|ay|ops|eh|uy|oh\s+là\s+là|"
                     r"(?:small|quick|tiny|kleine|petite|pequeña|piccola|pequena)\s+"
                     r"(?:correction|Korrektur|correcci[oó]n|correzione|corre[cç][aã]o|correctie)|"
                     r"correction|Korrektur|correcci[oó]n|correzione|corre[cç][aã]o|correctie)"
                     r"\W+)*"
                     r"(?:" + said + r")\s+(?P<said>[^,;:.!?]+?)"
                     r"(?:[,\s]+(?:right|didn't\s+i|didnt\s+i|no|non|não|toch|niet|nee|hein|"
                     r"ne|vero|verdad))?\s*[?,.:]?\s*$")
    for lang, said in {
        "en": r"i\s+(?:said|told\s+you)(?:\s+last\s+time)?",
        "de": r"(?:ich\s+)?(?:hab|habe|hatte)\s+(?:dir|euch|Ihnen)(?:\s+letztes\s+Mal)?",
        "fr": r"(?:j['’]ai|je\s+t['’](?:ai|avais)|je\s+vous\s+(?:ai|avais))\s+dit"
              r"(?:\s+la\s+dernière\s+fois)?",
        "es": r"(?:he\s+dicho|dije|te\s+dije)(?:\s+la\s+(?:última|otra)\s+vez)?",
        "it": r"(?:ho\s+detto|(?:ti|le|vi)\s+(?:ho|avevo)\s+detto)(?:\s+l['’]ultima\s+volta)?"
              r"(?:\s+che)?",
        "pt": r"(?:eu\s+)?(?:te\s+|lhe\s+)?disse(?:-lhe|-te|-vos)?(?:\s+(?:da\s+)?última\s+vez)?"
              r"(?:\s+que)?",
        "nl": r"ik\s+zei(?:\s+(?:vorige|de\s+vorige|laatst|toen|eerst|eerder)\s*(?:keer)?)?|"
              r"ik\s+(?:heb|had)\s+(?:u|je|jou|jullie)\s+(?:ooit\s+|al\s+eens\s+|eens\s+|"
              r"vorige\s+keer\s+|laatst\s+)?(?:gezegd|verteld|geschreven)(?:\s+dat)?",
    }.items()}
_SAID_WRONG["de"] = re.compile(_SAID_WRONG["de"].pattern.replace(
    r"(?P<said>[^,;:.!?]+?)", r"(?P<said>[^,;:!?]+?)(?:\s+(?:gesagt|geschrieben))"))
"""(German says what was said before its "gesagt": "Ich hab dir letztes Mal den 12. Juni
gesagt, aber es ist der 21.")"""
_SAID_WRONG["zh"] = re.compile(
    r"^\W*(?:哎|欸|诶|唉|对了|哦对了?|还有|另外)?\W*(?:我跟你说\W*)?(?:" + _ZH_EARLIER + r"|那天)?"
    r"(?:" + _ZH_I + r")?(?:是不是)?(?:跟你)?(?:说|讲)(?:过|了)?"
    r"(?P<said>[^，,。？?！!]+?)[？?，,。]?$")
"""A Chinese clause that only says what the user said before ("上回我说闺女在八中？",
"上次跟你说我老公在中钢", "对了之前跟你说我爸在柳钢"): its wrong value is what follows the last
word of being somewhere or something (:data:`_ZH_SAID_VALUE`)."""
_ZH_CALLED_WRONG_LAST = re.compile(r"[，,]\s*(?:我)?(?:说|讲|写|打|记|搞)错了?[啦呀啊咯]?[。！!]?$")
""""Said it wrong" closing a Chinese clause that repeats what the user said ("上次我说小李是
盐城人，说错了"): the clause after it says the right value ("他是泰州人")."""
_ZH_SAID_VALUE = re.compile(r"(?:在|是|去|叫|住)(?P<value>[^在是去叫住]{1,8})$")
"""The value a Chinese clause says last ("闺女在八中" → 八中, "阿芳是湖南人" → 湖南人)."""
"""A clause that only says what the user said before ("ik zei zutphen", "and i said my mom's
in bangor right?"), when the next clause of the turn restates the thing
(:data:`_RESTATED_AFTER`): the wrong value is its last name, or its last word in chat written
in small letters."""

_RESTATED_AFTER = re.compile(
    r"(?i)^\W*(?:(?:but\s+|maar\s+|pero\s+|mais\s+|ma\s+|mas\s+|aber\s+)?"
    r"(?:[^\W\d_][\w'’-]*\s+){1,3}(?:is|ligt|liegt|est|se\s+trouve|está|queda|è|si\s+trova|"
    r"fica|é|lies)(?!\w)|"  # "…, maar De Kroon ligt in Westerlo": the thing, where it is
    r"(?:but\s+|maar\s+|pero\s+|mais\s+|ma\s+|mas\s+|actually\s+|en\s+fait\s+)?"
    r"(?:(?:it|she|he|they|that|ze|zij|hij|het|dat|das|elle|il|ella|él|lei|lui|ela|ele|"
    r"eso|quello|isso)\s*)?"
    r"(?:['’]s|is|are|was|heet|s['’]appelle|se\s+llama|si\s+chiama|se\s+chama|est|c['’]est|"
    r"es|è|é|era|está|lives|woont|habite|vive|mora|works|werkt|travaille|trabaja|lavora|"
    r"trabalha)(?!\w)|"
    r"[^\x00-\x7f，,]{0,8}[，,]\s*(?:她|他|它)?是)")  # "打错字了，是九中", "说错了，她是江西的"
""""It's", "het is", "ze heet", "c'est", "es", "è", "é", a pronoun and "lives" or "works"
opening the clause after what the user said: it says the right value ("it's brewer
actually", "maar het is doetinchem", "maar ze heet Nore"), not something else ("i said yes to
the job, we start monday")."""


_WHEN_SAID = re.compile(
    r"(?i)(?<![\w'’])(?:in|im|a|ad|à|en|em|op|no|na)\s+(?:(?:de|der|het|le|el|il|o)\s+)?(?:" +
    "|".join(sorted((m for m in MONTHS if len(m) > 3), key=len, reverse=True)) + r")(?![\w'’])"
    r"|(?<![\w'’])(?:(?:a\s+(?:few|couple\s+of)\s+)?(?:days|weeks|months)\s+ago|"
    r"a\s+(?:week|month|while)\s+ago|hace\s+(?:unos\s+|unas\s+|un\s+par\s+de\s+)?"
    r"(?:días|dias|semanas|meses|tiempo)|hace\s+un\s+(?:mes|tiempo)|il\s+y\s+a\s+"
    r"(?:quelques\s+|deux\s+|trois\s+)?(?:jours|semaines|mois)|(?:qualche|alcuni|un\s+paio\s+di)"
    r"\s+(?:giorni|settimane|mesi)\s+fa|(?:mesi|settimane)\s+fa|un\s+mese\s+fa|"
    r"(?:há|faz)\s+(?:uns\s+|umas\s+|alguns\s+|algumas\s+)?(?:dias|semanas|meses)|"
    r"há\s+um\s+mês|vor\s+(?:ein\s+paar\s+|einigen\s+)?(?:Tagen|Wochen|Monaten)|"
    r"vor\s+einem\s+Monat|(?:een\s+paar\s+|enkele\s+)?(?:dagen|weken|maanden)\s+geleden|"
    r"een\s+maand\s+geleden)(?![\w'’])")
"""The month or the while ago a user says they said something ("a giugno ti ho detto che …",
"ik heb je in januari gezegd dat …", "hace meses te dije que …", "I told you months ago
that …"): no part of what was said (a day said as the value, "ik zei 12 juni", has no
preposition before its month)."""

_WRONG_ALONE_WORDS = 5
"""The most words of a clause that only calls what was said before wrong ("dat klopt niet.",
"mi sono confuso.", "that was wrong")."""


def _said_wrong(clause: Clause, after: Clause | None) -> str | None:
    """The wrong value of a clause that only says what the user said (:data:`_SAID_WRONG`,
    the month it was said in left out: :data:`_WHEN_SAID`), with a clause after it in the
    turn that says the right one ("ik zei zutphen, maar het is doetinchem" → "zutphen") or
    only calls it wrong ("a giugno ti ho detto che Chiara insegna al Tito Livio, ma mi sono
    confuso" → "Tito Livio": the statement after it puts it right); ``None`` when there is
    none, or nothing named."""
    pattern = _SAID_WRONG.get(clause.language, _NO_MATCH)
    m = pattern.match(clause.text) or pattern.match(
        re.sub(r"\s+", " ", _WHEN_SAID.sub(" ", clause.text)).strip()) or (
        pattern.match(_ZH_CALLED_WRONG_LAST.sub("", clause.text))
        if clause.language == "zh" else None)
    if m is None or after is None or after.cues.question or clause.asked_value is not None or \
            (clause.text.rstrip().endswith("?") and
             has_cue("recalled_saying", clause.language, clause.text)) or \
            (_RESTATED_AFTER.match(after.text) is None and
             not (after.cues.correction and len(after.text.split()) <= _WRONG_ALONE_WORDS)):
        return None
    said = m["said"].strip()
    if clause.language == "zh":
        if re.search(r"错|不对", said):
            return None  # "之前跟你讲他开货车是我讲错了": the correction is in the clause itself
        value = _ZH_SAID_VALUE.search(said)
        return value["value"] if value else None
    if (day := day_said(said)) is not None:
        return re.sub(r"\D+", "", day)  # "ik zei vorige keer 12 juni voor Mathis, maar het
        # is 21 juni": the plan on the 12th, whoever it is of
    if (bare := _BARE_DAY_LAST.search(said)) is not None:
        return bare["d"]  # "Disse-lhe que era a 9, mas é a 16 de agosto": the 9th
    if (named := _last_name_said(said, first_word=True)) is not None and \
            not (said.startswith(named) and len(said.split()) >= 3):
        return named
    if not writes_in_lowercase(clause.sentence) and (named is None or said.endswith(named)):
        return None
    last = said.split()[-1].strip("'’")
    return last if len(last) > 2 and not _is_function_word(last) and \
        said_weekday(last) is None and last.casefold() not in MONTHS else None


_BARE_DAY_LAST = re.compile(r"(?i)(?:\b(?:the|a|o|dia|le|el|il|am|den|op\s+de)\s+)"
                            r"(?P<d>\d{1,2})(?:st|nd|rd|th|º|ª|e|er|\.)?$")
"""A day of the month said last without its month ("I said it was the 9th", "era a 9")."""

_COPULA_LEAD = re.compile(r"(?i)^(?:(?:it's|it’s|it\s+is|its|that's|c'est|c’est|es|è|é|"
                          r"het\s+is|dat\s+is|es\s+ist|das\s+ist|ist)\s+)?"
                          r"(?:(?:in|at|en|à|em|op|bij|im|nach|chez|nel|nella|alla|al)\s+)?")
""""It's" or a preposition before a bare right value ("It's Asda.", "In Rijswijk.", "À
Angers."): no part of the name."""


def _right_day(clause: Clause, wrong: str, at: datetime) -> FactCandidate | None:
    """The right day said bare after the wrong one ("Disse-lhe que era a 9, | mas é a 16 de
    agosto, um sábado"): a correction of the held plan on the ``wrong`` day, as "it's the 16th
    of August" is in English; ``None`` unless the clause names one other day."""
    dated, days = with_dates(clause.text, at, "future", clause.language)
    if len(days) != 1 or days[0].granularity is not Granularity.DAY or \
            days[0].first.day == int(wrong):
        return None
    first = datetime.combine(days[0].first, datetime.min.time(), tzinfo=at.tzinfo)
    said = _COPULA_LEAD.sub("", re.sub(r"(?i)^\W*(?:but|aber|mais|pero|ma|mas|maar)\s+", "",
                                       dated)).strip(" .,;")
    return replace(_user_fact(clause, "event", said, f"The user (event): {said}",
                              confidence=0.8, intensity=0.3, since=first, change=False),
                   valid_to=first + timedelta(days=1), corrects=wrong, is_correction=True)


def _bare_right_value(clause: Clause, wrong: str,
                      value: str | None = None) -> FactCandidate | None:
    """A bare name said as the right one after the wrong one was set aside ("wait sorry not
    Yishun, Sembawang"; "Wait, not Yishun! Sembawang."): a correction that names only the right
    ``value`` (the clause itself when not given). Validation finds the held fact that says
    ``wrong`` and puts it right with this name
    (:func:`lucidmem.facts.corrections.right_name`), whoever that fact is about; with no such
    fact it is dropped (:data:`BARE_RIGHT_VALUE`), never kept as a fact of its own. ``None``
    unless the value is one to three capitalised words, other than the wrong one."""
    value = _COPULA_LEAD.sub("", (value if value is not None else clause.text).strip(" .,!?…"))
    named = _VALUE_AT_END.fullmatch(value) is not None or (
        clause.language == "zh" and re.fullmatch(r"[\u4e00-\u9fff]{2,4}", value) is not None)
    if not 1 <= len(value.split()) <= 3 or not named or \
            value.casefold() == wrong.strip().casefold():
        return None
    info = SLOTS["personal"]
    return FactCandidate(
        category=category_of(info.subcategory), subcategory=info.subcategory,
        subject=USER_SUBJECT, predicate=info.predicate, object=value, confidence=0.9,
        language=clause.language, source_text=clause.sentence, is_correction=True,
        text=value, slot=info.name, evidence=clause.text, corrects=wrong,
        flags=(BARE_RIGHT_VALUE,))


_NOT_THIS_BUT: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:(?:" + lead + r")\W+){0,3}(?:" + neg + r")\s+"
                     r"(?:(?:in|at|im|in\s+der|à|a|en|em|no|na|op|bij|nel|al)\s+)?"
                     r"(?P<old>[^,，;:]{2,40}?)\s*[,，]\s*(?:(?:" + but + r")\s+)?"
                     r"(?P<new>(?-i:[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+){0,2}))\W*$")
    for lang, (lead, neg, but) in {
        "en": ("sorry|oops|whoops|wait|no|nah|actually|my bad", "not", "it's|its|but"),
        "de": ("sorry|ups|moment|nee|ne|nein|quatsch", "nicht", "sondern"),
        "fr": ("pardon|oups|attends|non|désolée?", "pas", "mais|c'est"),
        "es": ("perdón|perdona|uy|ups|espera|no", "no", "sino|es"),
        "it": ("scusa|scusami|ops|aspetta|no", "non", "ma|è"),
        "pt": ("desculpa|desculpe|ops|opa|espera|não", "não", "mas|é"),
        "nl": ("sorry|oeps|wacht|nee", "niet", "maar"),
    }.items()}
_NOT_THIS_BUT["zh"] = re.compile(r"^\W*(?:(?:不对|不好意思|抱歉|等等|哦不|说错了)[，,！!\s]*)*"
                                 r"(?:不是|唔系|唔係)(?P<old>[^，,。！!]{1,8})[，,！!]\s*(?:是|而是|系|係)?"
                                 r"(?P<new>[\u4e00-\u9fff]{2,4}|[A-Z][\w'’-]+)[。！!]*$")
"""A clause that sets a wrong value aside and names the right one bare: "wait sorry not
Yishun, Sembawang", "nee, niet Delft, Rijswijk", "perdón, no Toledo, Cuenca", "不对，不是
上海，是杭州"."""


def _not_this_but(clause: Clause) -> FactCandidate | None:
    """The bare correction a clause like "wait sorry not Yishun, Sembawang" says
    (:data:`_NOT_THIS_BUT`, :func:`_bare_right_value`), else ``None``."""
    m = _NOT_THIS_BUT.get(clause.language, _NO_MATCH).match(clause.text.strip())
    return None if m is None else _bare_right_value(clause, m["old"], m["new"])


def _put_right_in_passing(said: FactCandidate, clause: Clause,
                          before: Clause) -> FactCandidate | None:
    """The fact of the clause just before, with the value a correction said in the same
    breath put in place of its last one: "Im Oktober fliegen wir nach Porto... nee,
    Quatsch, nach Faro!" → "… fliegen wir nach Faro", "on part à Porto... non attends, à
    Faro" → "… on part à Faro". Only when ``said`` is the fact of ``before``, the clause
    right before, the correction is a name, with a preposition before it at most, that
    the fact does not say, and the fact ends with a name or names one before its last day
    ("He's moving to Tucson in January. Wait no, Tempe."). ``None`` otherwise."""
    text = said.text or ""
    if not clause.cues.correction or said.evidence != before.text:
        return None
    fix = _without_correction_words(span_of(clause.text, clause.language), clause.language)
    fix = fix.strip(" .,!?…")
    words = fix.split()
    right = _VALUE_AT_END.search(fix)
    old = _VALUE_AT_END.search(text)
    if old is not None and (old.group(0).casefold() in MONTHS or
                            said_weekday(old.group(0)) is not None):
        old = None
    if old is None:  # "… is moving to Tucson in January 2026": the last name, not the month
        names = [n for n in _NAME_IN.finditer(text) if n.start() > 0 and
                 not n.group(0).isdigit() and n.group(0).casefold() not in MONTHS and
                 said_weekday(n.group(0)) is None and n.group(0) not in said.subject]
        old = names[-1] if names else None  # (not the name of whom it is about: "Devon")
    if not 1 <= len(words) <= 3 or right is None or old is None or \
            _corrected_value(clause) is not None or right.start() > len(words[0]) + 1 or \
            right.group(0).casefold() in text.casefold():
        return None
    text = text[:old.start()] + right.group(0) + text[old.end():]
    return replace(said, text=text, object=said.object.replace(old.group(0), right.group(0)),
                   evidence=f"{said.evidence} {clause.text}")


def _new_things_marked(cand: FactCandidate, clause: Clause,
                       clauses: Sequence[Clause]) -> FactCandidate:
    """``cand`` flagged with the kinds of things it says the user has a new one of
    (:data:`NEW_OF_ITS_KIND`, :func:`one_at_a_time.new_kinds`): "e o celular novo chegou: um
    Galaxy S24", "Das Fairphone ist da!", "昨天去提车了！宝腾 X50" (the getting said in the
    sentence before), "three weeks with the Outback … should've traded in years ago" (or in
    the one after). A fact about someone else, a negation of the thing named or a
    correction says none ("niente più prelievi, l'Eliquis lo prendo" says the Eliquis), nor
    an end of what it names (:func:`_stops_what_it_names`), nor
    work at a company of the brand ("ik werk al vijf jaar bij KPN": an employer, no carrier).
    A thing of the user's stolen or lost ("some idiot nicked my bike", "我的自行车被偷了") is
    flagged :data:`GONE_OF_ITS_KIND` (:func:`one_at_a_time.gone_kinds`), whoever the clause's
    subject is: the one held is gone."""
    gone = set() if cand.negated or cand.is_correction else \
        one_at_a_time.gone_kinds(clause.text, clause.language)
    if gone:
        cand = replace(cand, flags=(*cand.flags, *(GONE_OF_ITS_KIND + k for k in sorted(gone))))
    if cand.subject != USER_SUBJECT or cand.is_correction or cand.context is not None or \
            _stops_what_it_names(clause) or \
            (cand.slot in ("employer", "occupation") and _WORK_SAID.search(clause.text)) or \
            (cand.negated and one_at_a_time.negation_of_named(clause.text, clause.language)):
        return cand
    sentences = list(dict.fromkeys(c.sentence for c in clauses))
    at = sentences.index(clause.sentence) if clause.sentence in sentences else 0
    around = " ".join(sentences[max(at - 1, 0):at + 2])
    cues = clause.cues
    new = one_at_a_time.new_kinds(clause.text, around, clause.language,
                                  changed=cues.change or cues.start, sentence=clause.sentence)
    if not new:
        return cand
    return replace(cand, flags=(*cand.flags, *(NEW_OF_ITS_KIND + k for k in sorted(new))))


def _stops_what_it_names(clause: Clause) -> bool:
    """Whether the clause says the user stopped what it names after its word of stopping ("je
    ne suis plus chez Renault"): the brand is what ended, no new thing of its kind; "switched
    to amlodipine, no more cough" names the new medicine before it."""
    if not clause.cues.cessation:
        return False
    stop = find_cue("cessation", clause.language, clause.text)
    return stop is not None and bool(one_at_a_time.named(clause.text[stop.end():]))


def _never_future_if_past(cand: FactCandidate, tense: str | None,
                          at: datetime) -> FactCandidate:
    """A statement in the past tense never gets a date in the future ("I moved to Lisbon in
    March", said in November, is this March)."""
    if tense != "past" or cand.valid_from is None or cand.valid_from <= at or \
            not cand.temporal_text or cand.category is FactCategory.EVENT:
        return cand  # ("it was moved to Friday": a past verb, an event still to come)
    found = find_temporal(cand.temporal_text, at, tense="past")
    if found is None or found.start is None or found.start > at:
        return cand
    end = cand.valid_to and found.end
    return replace(cand, valid_from=found.start, valid_to=end)


def _confided(text: str, clauses: Sequence[Clause], at: datetime) -> FactCandidate:
    """A secret the reader could not file: kept whole, as what the user confided."""
    body = _SECRET_MARKS.sub("", text)
    body = re.sub(r"(?i)^\W*(?:don't tell anyone|do not tell anyone|between us|but)\W*", "",
                  body).strip(" ,.") or text
    lang = clauses[0].language if clauses else "en"
    return FactCandidate(
        category=FactCategory.SECRET, subcategory=Subcategory.SECRET_EXPLICITLY_MARKED,
        subject=USER_SUBJECT, predicate="confided", object=body, confidence=0.9,
        emotional_intensity=0.5, privacy=PrivacyLevel.SECRET, language=lang,
        source_text=text, text=f"The user confided: {body}", slot="personal", evidence=text)


_CAPITALISED = re.compile(r"(?<![\w'’])([A-ZÀ-ÖØ-Þ][a-zß-ÿ]+(?:-[A-ZÀ-Þ][a-zß-ÿ]+)?)(?![\w])")


_SKIPPED_YET_NAMING = frozenset({"question", "quoted_speech"})
"""Why a clause may yield no fact and still bring someone up for a "she" / "he" after it
(a hypothetical's or a joke's people are not followed)."""


def _brought_up(clause: Clause) -> str | None:
    """Who a clause that yields no fact brings up: the one whose words it reports ("Akinyi
    says I should sleep more", "Rosa me dijo que…"), else the last name it says ("nap? with
    Zawadi around?")."""
    if (m := find_cue("reported", clause.language, clause.text)) is not None:
        speakers = [str(w) for w in _CAPITALISED.findall(clause.text[:m.start()])
                    if not _is_function_word(w)]
        if speakers:
            return speakers[-1]
    named = _names_in(clause.text, clause.language)
    return named[-1] if named else None


def _follow_who_is_brought_up(clause: Clause, people: list[Mention],
                              state: ConversationState) -> str | None:
    """A clause skipped as a question or as someone else's words still names who "she" or
    "he" is next ("Akinyi says I should sleep when I can. she teaches chemistry …"): that
    person, when the clause names no relation of the user's (those are followed already);
    in lowercase chat, a person the user named before ("mi scrivi un bigliettino x elisa?").
    Returns who is followed, ``None`` when no one is."""
    if any(m.name is not None or m.of is None for m in people):
        return None
    who = _brought_up(clause) or next(
        (n for n in reversed(chat_names_in(clause.text, clause.language))
         if n in state.people), None)
    if who is not None:
        state.last_person = who
    return who


_DOES_NOW = re.compile(r"(?:['’]s|\s+is)\s+(?:\w+ing|always|still|off|back|home|coming|"
                       r"going)\b")
"""What follows a name that opens an English sentence when it is someone doing something
("Ryan's making me a brew", "Tom is still at work")."""


def _names_in(text: str, lang: str) -> list[str]:
    """Capitalised words that look like names (not sentence-initial; in German, where every
    noun has a capital, only given names: "mit Lea", not "mit Kaffee"; not after a word of
    place: "lavora alla Ferrero", "trabalha na Vodafone" name no one "lui" may be)."""
    if lang == "zh":
        return []
    out = []
    place_ends = -1  # where the capitalised words of a place's name end ("at Caswell Bay")
    for m in _CAPITALISED.finditer(text):
        word = m.group(1)
        before = text[:m.start()].rstrip(" \t\n¡¿\"“‘«(")  # (a sentence opened by "¡", "¿"
        # or a quote starts there too: "¡Primer finde en la casa nueva …")
        if place_ends >= 0 and re.fullmatch(r"[ -]", text[place_ends:m.start(1)]):
            place_ends = m.end(1)  # ("Bay" of "at Caswell Bay": the place's name goes on)
            continue
        place_ends = -1
        if (not before or before.endswith((".", "!", "?", ":"))) and lang == "en" and \
                is_chat_name(word) and _DOES_NOW.match(text, m.end(1)):
            out.append(word)  # "Ryan's making me a brew": a sentence opened by a given name
            continue  # and what they are doing names them
        if not before or before.endswith((".", "!", "?", ":")) or \
                word.casefold() in _NOT_NAME_WORDS or re.search(
                    r"(?i)(?:\b(?:from|in|to|at|near|aus|nach|de|à|en|em|da|di|uit|naar|van|"
                    r"al|alla|allo|nel|nella|dal|dalla|sulla|presso|na|no|des|du|del|della|"
                    r"do|dos|das|au|aux)|"
                    r"\b(?:the|la|le|el|il|het))$", before) or \
                _INDEFINITE.get(lang, _NO_MATCH).search(before) or \
                re.match(r"(?i)(?:saint|sainte|st|ste|sankt|santa|santo|são)-\w", word) or \
                re.search(r"(?<![\w'’])(?:Saint|Sainte|St\.?|Sankt|San|Santa|Santo|São|Sao)$",
                          before):
            if before and not before.endswith((".", "!", "?", ":")):
                place_ends = m.end(1)  # (not a sentence's first word: "Lukas Berger ist …")
            continue  # ("nen Amerikaan die vroeg …", "un Breton"): one of a kind, no name;
            # nor a saint's town ("je reprendrai Sainte-Adresse", "em São Mateus da Calheta")
        last = before.split()[-1]
        if attended_kinds(last, lang)[0] or _only_a_kind(last.split("'")[-1], lang):
            continue  # "à l'école Paul-Bert", "bij het Maasstad": a place's name
        if lang == "de" and not is_given_name(word):
            if word.endswith("s") and is_given_name(word[:-1]):
                out.append(word[:-1])  # "an Lennarts Mutter": Lennart is named
            continue
        out.append(word)
    return out


_INDEFINITE: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<![\w'’])(?:" + words + r")$") for lang, words in {
        "en": r"a|an", "nl": r"een|'n|’n|nen|ne|'t|’t", "de": r"ein|eine|einen|einem|einer",
        "fr": r"un|une", "es": r"un|una", "it": r"un|uno|una|un'", "pt": r"um|uma",
    }.items()}
"""An indefinite article (and Dutch "'t"): the capitalised word after it is one of a kind
("nen Amerikaan", "un Breton", "an American", "ein Schweizer") or no name ("'t Was"), never
someone a pronoun after it could point to."""


_NOT_NAME_WORDS = frozenset([
    "i", "i'm", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "english", "french", "german", "spanish", "italian",
    "portuguese", "dutch", "chinese", "every", "each", "whenever", "chaque", "cada", "ogni",
    "jedes", "jeden", "elke", "iedere", "telkens", "toda", "todo", "immer", "tutte", "toutes",
    "sempre", "siempre", "found", "got", "had", "made", "took", "went", "left", "met", "saw",
    "desde", "depuis", "seit", "sinds", "since", "hasta", "até", "bis", "dopo", "após",
    # how long ago or how long for: "Hace un mes que…", "Faz dois meses que…", "Llevamos…"
    "hace", "há", "faz", "llevamos", "llevo",
    # a stretch counted the other way round: "Day one at Halvorsen", "Tag eins bei Rheinfeld"
    "day", "week", "month", "tag", "woche", "monat", "dag", "maand",
    # a day ahead said first: "Tra due settimane dal dentista", "Over drie weken bij …"
    "in", "within", "tra", "fra", "entre", "dans", "dentro", "daqui", "over", "binnen",
    # holidays: "Pour Noël je ne sais pas quoi offrir à Enzo, il a 12 ans" (he is Enzo)
    "christmas", "easter", "halloween", "thanksgiving", "noël", "noel", "pâques", "navidad",
    "nochebuena", "nochevieja", "pascua", "natale", "pasqua", "capodanno", "ferragosto",
    "natal", "páscoa", "réveillon", "weihnachten", "ostern", "silvester", "pfingsten", "kerst",
    "kerstmis", "pasen", "sinterklaas", "carnaval", "karneval", "ramadan", "diwali", "hanukkah",
])


_FUNCTION_WORDS = frozenset([
    "if", "when", "while", "because", "since", "so", "but", "and", "or", "then", "the", "this",
    "that", "these", "those", "there", "here", "what", "which", "who", "how", "why", "where",
    "it", "he", "she", "they", "we", "you", "still", "also", "just", "only", "mostly", "maybe",
    "perhaps", "already", "really", "now", "today", "tomorrow", "yesterday", "first", "next",
    "last", "some", "any", "every", "all", "both", "each", "funny", "big", "quick", "good",
    "great", "nice", "well", "anyway", "again", "even"
])


_WORK_SAID = re.compile(r"(?i)" + "|".join(
    re.escape(w) if re.search(r"[\u4e00-\u9fff]", w) else r"(?<!\w)" + re.escape(w) + r"(?!\w)"
    for w in sorted({*WORKING_VERBS, *JOB_NOUNS, *(n for nouns in WORK_RELATION_NOUNS.values()
                                        for n in nouns)}, key=len, reverse=True)))


def _brand_not_work(span: str) -> bool:
    """Whether a clause names a thing held one at a time by its brand (a bank, an insurer, a
    carrier, a phone; :func:`one_at_a_time.named`) and says nothing of work: "bin seit Januar
    bei der TK" is the user's health insurer, not an employer; "arbeite seit drei Jahren bei
    Vodafone" is an employer."""
    return bool(one_at_a_time.named(span)) and _WORK_SAID.search(span) is None


def _is_function_word(word: str) -> bool:
    """Whether a capitalised word at a clause's start is a function word, not a name."""
    folded = word.casefold()
    if folded in _FUNCTION_WORDS or folded in _NOT_NAME_WORDS or folded in WEEKDAYS or \
            folded in CLAUSE_OPENING_WORDS:
        return True  # "Sabato gita al lago", "Mardi, resto avec Paul": a day, no one (not
        # the months: "marco" is one, written without its cedilla, and Marco a name)
    if any(folded.startswith(day) and len(folded) > len(day) + 2
           for day in WEEKDAYS if len(day) >= 5):
        return True  # "Woensdagavond is mijn heilige avond", "Montagabend …": a day's part
    return any(v >= 1 for v in votes(folded).values())


def _only_mentions(clause: Clause, people: list[Mention]) -> bool:
    """Whether the clause says nothing beyond naming people ("yeah my niece", "ella es mi
    hermana": "she" is no content either)."""
    rest = clause.text
    for m in sorted(people, key=lambda x: -x.span[0]):
        rest = rest[:m.span[0]] + " " + rest[m.span[1]:]
    rest = " ".join(w for w in rest.split() if not is_third_pronoun(w, clause.language))
    return not content_words([span_of(rest, clause.language)])


_THIRD_VERBS: dict[str, re.Pattern[str]] = {
    "es": re.compile(r"(?i)^(?:(?:en|por|durante|desde)\s+(?:el\s+|la\s+)?\w+\s+|\w+\s+)?"
                     r"(?:es|está|tiene|trabaja|vive|va|hace|sale|quiere|estudia|juega|anda|lleva|"
                     r"cumple|cumplirá|"
                     r"vivió|trabajó|estudió|nació|se\s+mudó|"
                     r"se\s+\w+|le\s+(?:encanta|encantan|gusta|gustan|fascina|apasiona))\b"),
    "it": re.compile(r"(?i)^(?:(?:in|d['’]|di|per|durante)\s*(?:\w+\s+)?\w+\s+|\w+\s+)?"
                     r"(?:è|sta|ha|lavora|vive|abita|va|fa|vuole|studia|gioca|si\s+\w+|compie|"
                     r"visse|abitò|lavorò|studiò|"
                     r"(?:gli|le)\s+(?:piace|piacciono|interessa|interessano))\b"),
    "pt": re.compile(r"(?i)^(?:(?:no|na|em|durante|pelo|pela)\s+\w+\s+|\w+\s+)?"
                     r"(?:é|está|tá|tem|trabalha|mora|vive|vai|faz|quer|estuda|joga|se\s+\w+|"
                     r"morou|viveu|trabalhou|estudou|nasceu|"
                     r"lhe\s+\w+)\b"),
}
"""A third-person verb at a pro-drop clause's start, after at most a word or a short phrase
of time or place ("en verano es guardavidas", "d'estate fa il bagnino"), or a pronoun of the
person pleased ("le encanta", "gli piace"); a past of living or working is theirs too
("porque vivió cinco años en Malmö", "morou dez anos em Recife")."""


_USER_IN_CLAUSE: dict[str, re.Pattern[str]] = {
    "es": re.compile(r"(?i)\b(?:yo|me|mi|mis|nos|nuestr[oa]s?|\w+mos)\b"),
    "it": re.compile(r"(?i)\b(?:io|mi|mio|mia|miei|mie|ci|ho|sono|\w+iamo)\b"),
    "pt": re.compile(r"(?i)\b(?:eu|me|meu|minha|meus|minhas|nos|nosso|nossa|\w+mos)\b"),
}
"""Words that put the user in a pro-drop clause (a first-person verb or pronoun)."""


_HOW_LONG_OPENING: dict[str, re.Pattern[str]] = {
    "es": re.compile(r"(?i)^(?:(?:ya\s+)?hace\s+(?:[\w-]+\s+){1,3}?que\s+|"
                     r"(?:(?:lo\s+que\s+pasa|la\s+verdad|el\s+caso|el\s+tema|el\s+problema)"
                     r"\s+)?es\s+que\s+)"),
    "it": re.compile(r"(?i)^(?:(?:ormai\s+|già\s+)?(?:è|sono)\s+(?:[\w-]+\s+){1,3}?che\s+|"
                     r"(?:(?:il\s+fatto|la\s+verità|il\s+problema)\s+)?è\s+che\s+)"),
    "pt": re.compile(r"(?i)^(?:(?:já\s+)?(?:faz|há|tem)\s+(?:[\w-]+\s+){1,3}?que\s+|"
                     r"(?:(?:a\s+verdade|o\s+negócio|o\s+problema|o\s+lance)\s+)?é\s+que\s+)"),
}
"""How long something has gone on, said impersonally before the clause it measures ("hace
dos semanas que uso …", "faz um mês que tô com …", "sono tre settimane che prendo …"), and
the "it's that" a clause may open with ("es que llego a casa frito, curro en …", "il fatto
è che …", "é que …"): their "hace", "faz", "sono", "es" are no third person doing anything."""


def _third_person_verb(text: str, lang: str) -> bool:
    """A pro-drop clause whose verb is third person ("ahora trabaja en …"): its subject is
    the person just named, not the user. An impersonal measure of time before the clause is
    not its verb (:data:`_HOW_LONG_OPENING`: "faz duas semanas que uso o Galaxy")."""
    pattern = _THIRD_VERBS.get(lang)
    if pattern is None or _has_subject(text, lang):
        return False
    span = span_of(text, lang)
    opening = _HOW_LONG_OPENING.get(lang)
    if opening is not None:
        span = opening.sub("", span, count=1)
    return pattern.search(span) is not None


_WEEKDAY_OR_DATE = (r"(?:the\s+|next\s+|this\s+|el\s+|la\s+)?(?:monday|tuesday|wednesday|"
                    r"thursday|friday|saturday|sunday|tomorrow|lunes|martes|miércoles|jueves|"
                    r"viernes|sábado|domingo|día|\d)")
_MOVED_TO_A_DAY: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)\bmoved\s+(?:[\w'’]+\s+){1,4}?to\s+" + _WEEKDAY_OR_DATE),
    "es": re.compile(r"(?i)\b(?:han|ha|hemos)\s+pasado\s+(?:[\w'’]+\s+){1,3}?al?\s+" +
                     _WEEKDAY_OR_DATE),
}
"""A thing moved to a day, said with the verb of any move ("mum's moved her birthday meal to
saturday", "le han pasado la operación al martes"): a rescheduling only when a day follows,
not "we moved from Sheffield to Durham", "moved everything to the new flat"."""


def _says_a_move(clause: Clause) -> bool:
    """Whether the clause says a planned thing moved ("the dinner was moved to Monday",
    "elternabend ist verschoben"), not denied nor put right."""
    return not clause.cues.negated and not clause.cues.correction and (
        has_cue("rescheduled", clause.language, clause.text) or
        _MOVED_TO_A_DAY.get(clause.language, _NO_MATCH).search(clause.text) is not None)


MOVE_CARRIED_CLAUSES = 3
"""How many clauses after a move said without a day the day may come in ("elternabend ist
verschoben, frau demir ist krank. jetzt erst am montag")."""


def _ends_with_saying(clause: Clause) -> bool:
    """Whether a clause of someone else's words ends with the saying ("Mein Kollege Reinhard
    meint", "my sister keeps saying"): what they say is the clause after it."""
    pattern = cue_pattern("reported", clause.language)
    said = [] if pattern is None else list(pattern.finditer(clause.text))
    return bool(said) and not clause.text[said[-1].end():].strip(" ,:.…")


_ZH_SAID_BY_THE_USER = re.compile(r"^(?:(?:对了|哦对了?|还有|另外|其实|不好意思|抱歉)[，,\s]*)?"
                                  r"(?:" + _ZH_EARLIER + r"|那天)?(?:" + _ZH_I + r")?"
                                  r"(?:跟你|和你|给你)?(?:说|讲)")
"""The user's own words told before, opening a Chinese clause ("上次跟你说…", "上回俺说…",
"对了，之前我说…"): "to you" is to the assistant, so the speaker is the user."""


def _reported_by_other(clause: Clause) -> bool:
    m = find_cue("reported", clause.language, clause.text)
    if m is None:
        return False
    fix = find_cue("correction", clause.language, clause.text)
    if fix is not None and fix.start() <= m.start() < fix.end():
        return False  # "说错了" (I said it wrong) is the user correcting themselves
    if clause.cues.correction and _recalled_saying(clause):
        return False  # "我前天是不是说…？": what the user said, asked again
    if not clause.cues.negated and (has_cue("rescheduled", clause.language, clause.text) or
                                    has_cue("called_off", clause.language, clause.text)):
        return False  # "社区医院打电话说疫苗改到下周六了": a plan's news, passed on
    if _YES_OR_NO.match(clause.text[m.end():]):
        return False  # "mio padre ha detto di no e hanno comprato una lavastoviglie": a
        # refusal, no one's words passed on
    if _says_of_themselves(clause.text, m, clause.language):
        return False  # "he says he can't give up his fishing at Gimli": his own news
    if clause.language == "zh" and _ZH_SAID_BY_THE_USER.search(clause.text[:m.end()]):
        return False  # "上次跟你说我老公在中钢", "上回俺说订婚在即墨": what the user told
    before = clause.text[:m.start()].casefold().split()[-3:]
    first = {"i", "we", "ich", "wir", "je", "j'ai", "yo", "io", "eu", "ik", "我"}
    if clause.language == "zh" and clause.text.startswith("我"):
        # "我同事阿May话我应该去澳洲": 我 is "my" before the one who speaks (not "我在单位跟
        # 同事都说普通话": the user speaks)
        lead = re.sub(r"^(?:的|嘅|个|家)", "", clause.text[1:m.start()])
        return len(lead) <= 8 and not re.search(r"[，,。；;]", lead) and \
            any(lead.startswith(word) for word in RELATIONS.get("zh", {}))
    return not any(w.strip(",") in first for w in before)


_YES_OR_NO = re.compile(
    r"(?i)\s*(?:(?:di|que|that)\s+)?(?:no|nein|non|não|nee|yes|ja|oui|sì|si|sí|sim)"
    r"(?=\s*(?:$|[,.;:!?]|(?:and|e|y|et|und|en|ma|but|pero|mas|maar|aber|mais)\b))"
    r"|\s*(?:不行|不|好|可以)(?=[，,。]|$)")
"""Yes or no right after a word of saying, ending the clause or before "and" ("said no", "ha
detto di no e …", "dijo que no, y …"): an answer given, not words passed on ("dijo que no
hay plazas" passes them on)."""

_SELF_REPORT_WORDS: tuple[tuple[str, str, str], ...] = (
    ("en", r"he|she", r"that\s+"),
    ("de", r"er|sie", r"dass\s+|,\s*"),
    ("fr", r"il|elle", r"qu['’]\s*"),
    ("pt", r"ele|ela", r"que\s+"),
    ("nl", r"hij|ze|zij", r"dat\s+"),
)
"""Per language: the third person's pronouns, and the word of "that" after a word of saying."""
_SELF_REPORT: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    lang: (re.compile(r"(?i)(?:^|\b)(?P<who>" + who + r")\s+$"),
           re.compile(r"(?i)^\s*,?\s*(?:" + that + r")?\s*(?P<who>" + who + r")\b"))
    for lang, who, that in _SELF_REPORT_WORDS}
"""A third person who says something of themselves: "he says he …", "sie sagt, sie …", "elle
dit qu'elle …", "ela diz que ela …", "hij zegt dat hij …" (the same pronoun before and
after the word of saying)."""
_SELF_REPORT_FIRST: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?P<who>" + who + r")\b") for lang, who, _ in _SELF_REPORT_WORDS}
"""The same pronoun opening the news that is said before the word of saying ("er macht weiter
…, sagt er")."""


_ZH_KIN_SPEAKS = re.compile(r"^\W*我的?(?:" + "|".join(
    sorted((re.escape(w) for w in RELATIONS["zh"]), key=len, reverse=True))
    + r")(?:[\u4e00-\u9fff]{1,3})?$")
"""One of the user's people said before a word of saying, maybe with their name ("我哥冶军")."""

_ZH_OWN_PLAN_SAID = re.compile(r"^(?:今年|明年|下个月|下个?星期|下周|过两年|过几天|年底|年后)?"
                               r"(?:要|想|打算|准备|决定)")
"""What a Chinese speaker says they will do, no one else named ("说明年要去拉萨开一家甜醅店"):
their own plan."""


def _says_of_themselves(text: str, said: re.Match[str], lang: str) -> bool:
    """Whether a clause passes on what a third person says of themselves ("He says he can't
    give up his fishing at Gimli", "Elle dit qu'elle préfère voyager"): their own news,
    told by the user, not hearsay about the user or the world. Only where the pronoun after
    the word of saying shows who the news is about (not in Spanish, Italian or Chinese,
    which leave it out)."""
    if lang == "zh":
        return _ZH_OWN_PLAN_SAID.match(text[said.end():]) is not None and \
            _ZH_KIN_SPEAKS.match(text[:said.start()]) is not None
    patterns = _SELF_REPORT.get(lang)
    if patterns is None:
        return False
    before, after = patterns
    head, tail = before.search(text[:said.start()]), after.match(text[said.end():])
    if head is not None and tail is not None:
        return head["who"].casefold() == tail["who"].casefold()
    # said after the news, the speaker next to the word of saying: "er macht weiter mit
    # seine 38 küh, sagt er", "he's keeping the boat, he says"
    rest = text[said.end():]
    last = tail if tail is not None and not re.search(r"\w", rest[tail.end():]) else \
        head if not re.search(r"\w", rest) else None
    first = _SELF_REPORT_FIRST[lang].match(text)
    return first is not None and last is not None and \
        first["who"].casefold() == last["who"].casefold()


def _wonders_why_said(clause: Clause) -> bool:
    """Whether the clause opens by wondering why the user said what they said ("no idea why
    I said Tesco", "nn so xké t'ho detto parrucchiera", "不知道为啥说成货车"): it names the wrong
    value again and states nothing. Said after the clause's first words only: "sie ist in
    der Klinik St. Anna – keine Ahnung, warum ich das verwechsle" keeps the right value."""
    m = find_cue("why_said", clause.language, clause.text)
    if m is None:
        return False
    before = clause.text[:m.start()]
    return len(before.strip(" ，,。")) <= 4 if clause.language == "zh" else \
        len(before.split()) <= 2


def _recalled_saying(clause: Clause) -> bool:
    """Whether the clause asks what the user said before, naming the value ("did I tell you
    Leeds?", "Hatte ich dir Brandt geschrieben?", "我前天是不是说我妈生日 5 月 8 号？"): the
    opening of a correction (:func:`lucidmem.facts.clauses.clauses_of`), no fact of its
    own; the clause after it says the right value."""
    if not has_cue("recalled_saying", clause.language, clause.text) or \
            (old := _corrected_value(clause)) is None:
        return False
    at = clause.text.find(old)
    after = "" if at < 0 else clause.text[at + len(old):]
    if at > 0 and _DENIED_BEFORE.search(clause.text[:at]):
        return False  # "te dije mal, el ajedrez es los martes, no los jueves": the right
        # value is said before the wrong one's "no"
    # "te dije mal lo de mi hermana, no es Querétaro, es León": the right value follows, also
    # in small letters after a comma ("no estudia enfermería, estudia nutrición")
    return not re.search(r"[A-ZÀ-Þ]|\d|[,;]\s*[^\W\d_]+\s+(?:\w{1,3}\s+)?[^\W\d_]{3,}", after)


_DENIED_BEFORE = re.compile(r"(?i)[,;]\s*(?:not|nicht|pas|no|non|não|niet)\s+(?:\w+\s+)?$|"
                            r"[，,]\s*(?:而)?不是$")
"""A "not" after a comma right before a value, an article between at most ("…, no los
jueves", "…, not the 3rd"): a value set against the right one said before it."""


def _instruction(clause: Clause, topic: str, at: datetime) -> FactCandidate:
    return FactCandidate(
        category=FactCategory.CONTEXTUAL, subcategory=Subcategory.CONTEXTUAL_CONSTRAINTS,
        subject=USER_SUBJECT, predicate="retracts", object=topic, confidence=0.95,
        language=clause.language, source_text=clause.sentence, evidence=clause.text,
        retracts=topic, text=f"The user asked to forget: {topic}",
    )


_QUIT_VERBS: dict[str, str] = {
    "en": r"quit|resigned|handed in my notice|gave my notice|gave notice|"
          r"left (?:my|the|that) job|stopped working",
    "de": r"gekündigt|kündige|aufgehört zu arbeiten",
    "fr": r"démissionné|démissionne|quitté mon (?:job|boulot|travail|poste)",
    "es": r"renuncié|he renunciado|dimití|he dimitido|dejé mi (?:trabajo|curro|puesto)",
    "it": r"mi sono dimess[oa]|mi sono licenziat[oa]|ho lasciato il (?:lavoro|posto)",
    "pt": r"pedi demissão|me demiti|demiti-me|larguei o (?:emprego|trabalho)",
    "nl": r"ontslag genomen|heb opgezegd|mijn baan opgezegd",
    "zh": r"辞职|辞了职|离职|辞掉了?工作",
}
"""Verbs that say the user left their job, said with no other object."""

_QUIT_FILLERS: dict[str, str] = {
    "en": r"i|i've|i have|i just|just|finally|today|yesterday|my|the|job|work|it|so|well|"
          r"officially|have|already|now|(?:last|this) (?:week|month|year|\w+day)|"
          r"on \w+day|in \w+|(?:a|two|three|\w+) (?:days?|weeks?|months?) ago",
    "de": r"ich|hab|habe|heute|gestern|endlich|jetzt|meinen|meine|job|stelle|arbeit|"
          r"offiziell|schon|also|so",
    "fr": r"j'ai|j|ai|je|aujourd'hui|hier|enfin|finalement|officiellement|ça y est|voilà",
    "es": r"yo|hoy|ayer|por fin|finalmente|ya|oficialmente|al final",
    "it": r"io|oggi|ieri|finalmente|alla fine|ufficialmente|già",
    "pt": r"eu|hoje|ontem|finalmente|enfim|já|oficialmente",
    "nl": r"ik|heb|vandaag|gisteren|eindelijk|officieel|mijn|baan|werk|al|nu",
    "zh": r"我|了|已经|今天|昨天|终于|刚|刚刚|正式|把|工作|的",
}
"""Words that may stand beside the verb in "I quit" / "Ich hab gekündigt": the subject, an
auxiliary, the time, the job itself; anything else names what was quit."""


def _quits_the_job(text: str, lang: str) -> bool:
    """Whether the clause says only that the user left their job ("I quit", "Ich hab
    gekündigt", "j'ai démissionné", "renuncié", "我辞职了"): with no object, it is the job."""
    verbs, fillers = _QUIT_VERBS.get(lang), _QUIT_FILLERS.get(lang)
    if verbs is None or fillers is None:
        return False
    folded = text.casefold().replace("’", "'")
    if lang == "zh":
        rest = re.sub(verbs, " ", folded, count=1)
        if rest == folded:
            return False
        rest = re.sub(fillers, "", rest)
        return not re.sub(r"[\s\W]", "", rest)
    rest = re.sub(r"(?<!\w)(?:" + verbs + r")(?!\w)", " ", folded, count=1)
    if rest == folded:
        return False
    rest = re.sub(r"(?<![\w'])(?:" + fillers + r")(?![\w'])", " ", rest)
    return not re.findall(r"\w+", rest)


_LEAD_THEN_SUBJECT: dict[str, str] = {
    "en": r"I|I'm|I've|I'd|I'll|I’m|I’ve|my|My", "de": r"[Ii]ch", "fr": r"[Jj]e|[Jj]'|[Jj]’",
    "es": r"[Yy]o", "it": r"[Ii]o", "pt": r"[Ee]u", "nl": r"[Ii]k",
}
_NOT_A_LEAD = re.compile(
    r"(?i)^(?:in|at|on|since|for|from|with|after|before|during|until|im|am|bei|seit|nach|mit|"
    r"à|au|en|dans|depuis|chez|avec|desde|con|para|dal|dalla|nel|nella|con|per|em|no|na|com|"
    r"op|bij|sinds|met|not|no|nicht|pas|non|não|niet)\b")


def _without_lead(span: str, lang: str) -> str:
    """The user's clause without a lead of one or two words before a comma or a colon
    ("Tiring, but I love the work", "Funny thing: I've gone off coffee", "important: I have
    …"): the lead is a reply to the assistant or a heading, not part of the statement. A lead
    that places or dates the statement ("In Berlin, I …") stays."""
    subject = _LEAD_THEN_SUBJECT.get(lang)
    if subject is None:
        return span
    m = re.match(r"^\W*([^\W\d]+(?:\s+[^\W\d]+)?)\s*[,:]\s*(?:(?:but|and|so|though|aber|"
                 r"und|mais|et|pero|y|ma|e|mas|maar|en)\s+)?(?=(?:" + subject + r")(?![\w]))",
                 span)
    if m is None or _NOT_A_LEAD.match(m.group(1)) or re.search(r"\s[A-ZÀ-Þ]", m.group(1)):
        return span
    return span_of(span[m.end():], lang) or span


def _names_value(text: str, value: str) -> bool:
    """Whether ``text`` says the capitalised name (or the Chinese word) ``value`` holds; a
    month or a weekday is no name ("It's October 21" does not say "October 12" again)."""
    names = [n for n in re.findall(r"[A-ZÀ-Þ][\w'’-]+|[\u4e00-\u9fff]{2,}", value)
             if n.casefold() not in MONTHS and said_weekday(n) is None]
    return any((name in text) if re.match(r"[\u4e00-\u9fff]", name) else
               re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text) is not None
               for name in names)


def _renamed(clause: Clause, people: Sequence[Mention], state: ConversationState,
             recalled: str | None = None) -> tuple[Mention, str] | None:
    """A correction of someone's name (the mention under the right name, the wrong name):
    "pardon, elle s'appelle Aurélie, pas Amélie" (Amélie the colleague → Aurélie), "perdón,
    mi gato se llama Tofi" (the cat named last was Tofu), "sorry, I meant Sharon, not Karen"
    (the one other name said), "did I tell you Brandt? He's called Brandl" (``recalled``,
    the name the clause before asked about). ``None`` for anything else."""
    if not clause.cues.correction:
        return None
    wrong = _corrected_value(clause) or recalled
    for m in people:
        if m.name is None or m.of is not None:
            continue
        before = [n for n, rel in state.people.items() if rel == m.relation and n != m.name]
        old = wrong if wrong in before else before[-1] if before else None
        return (m, old) if old else None
    others = [n for n in _names_in(clause.text, clause.language) if n != wrong]
    name = given_name(clause.text, clause.language) or (others[0] if len(others) == 1 else None)
    if wrong and name and name != wrong and wrong in state.people and name not in state.people \
            and " of " not in state.people[wrong]:  # ("el alérgico al camarón no es Emiliano,
        # es Jorge", Jorge the husband: a fact of one known person is another's, no new name)
        relation = state.people[wrong]
        return Mention(name, relation, relation, None, (0, len(clause.text))), wrong
    return None


_USER_AMONG: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<![\w'’])(?:" + words + r")(?![\w'’])") for lang, words in {
        "en": r"i|we|me|us", "de": r"ich|i|wir|mich|mir|uns", "fr": r"je|j'|nous|moi|on",
        "es": r"yo|nos|me|nosotros", "it": r"io|ci|mi|noi", "pt": r"eu|nós|nos|me|a gente",
        "nl": r"ik|wij|we|me|mij|ons",
    }.items()}
_USER_AMONG["zh"] = re.compile(r"我(?![的嘅个哥姐弟妹爸妈老儿女仔])|我们|我哋")


_NAMED_BREAKUP = re.compile(r"(?i)(?:the|since|seit|depuis|desde|sinds)\b|trennung|scheidung|"
                            r"rupture|ruptura|rottura|término|scheiding")
"""A breakup cue that names the breakup ("since the divorce", "Scheidung"), said of no one."""


def _someone_elses_breakup(clause: Clause, people: Sequence[Mention]) -> bool:
    """Whether the breakup the clause tells is someone else's: a person other than a
    partner named just before the cue, the user not among them ("my brother got divorced",
    "Mei Bruder Markus is geschieden", "mio fratello ha divorziato", "我哥要离婚了"). "My son
    has been struggling since the divorce" (the cue far from him) is still the user's."""
    lang = clause.language
    cue = find_cue("breakup", lang, clause.text)
    if cue is None or _NAMED_BREAKUP.match(cue[0]):
        return False  # "My son has been struggling since the divorce": the user's
    for m in people:
        if m.relation in PARTNERS or m.span[1] > cue.start():
            continue
        between = clause.text[m.span[1]:cue.start()]
        short = len(between.strip()) <= 6 if lang == "zh" else len(between.split()) <= 4
        if short and not _USER_AMONG[lang].search(between):
            return True
    return False


def _breakup(clause: Clause, people: Sequence[Mention], state: ConversationState,
             at: datetime) -> FactCandidate | None:
    """The fact that the user and their partner split up ("Sarah and I broke up last month",
    "Seit der Trennung …", "我和小雨分手了"): the partner named in the clause, or the one
    partner this conversation knows; with none known, the name is left for the memory's
    held facts to fill (``UNNAMED_PARTNER``). The partner relation ends there."""
    lang = clause.language
    partners = [n for n, rel in state.people.items() if rel in PARTNERS]
    named = [m.name for m in people if m.name and m.relation in PARTNERS]
    named += [n for n in partners if n not in named and (
        n in clause.text if lang == "zh" else  # ("dylan et moi c fini": in chat lowercase)
        re.search(r"(?i)(?<!\w)" + re.escape(n) + r"(?!\w)", clause.text))]
    if not named and _someone_elses_breakup(clause, people):
        return None  # "mein Bruder ist geschieden", "我哥要离婚了": not the user's breakup
    if not has_cue("breakup", lang, clause.text):
        left = _partner_left(clause.text, lang, named)
        if left is None and not (named and has_cue("over_with_partner", lang, clause.text)):
            return None
        named = [left] if left else named
    name = named[-1] if named else partners[-1] if len(partners) == 1 else UNNAMED_PARTNER
    start = _relation_start(clause, at)
    since, said = (start[0], start[1]) if start else (at, None)
    text = f"The user broke up with {name}"
    if start is not None:
        text = f"{text} ({'on' if start[2] is Granularity.DAY else 'in'} {said})"
    sub = Subcategory.RELATIONSHIP_FRIENDS
    return FactCandidate(
        category=category_of(sub), subcategory=sub, subject=USER_SUBJECT,
        predicate="has_ex", object=name, confidence=0.9, language=lang,
        source_text=clause.sentence, text=text, slot="people", evidence=clause.text,
        privacy=PrivacyLevel.PRIVATE, valid_from=since, temporal_text=said, is_change=True)


_BEFORE_NAME = re.compile(r"^(?:a|o|la|le|el|al|il|lo|the|den|de|het)\s+")


def _partner_left(text: str, lang: str, partners: Sequence[str]) -> str | None:
    """The partner the user says they left, with the verb before the name and the name
    ending the clause ("ho lasciato Gianni" → "Gianni", "j'ai largué Kevin !" → "Kevin");
    ``None`` when the name goes on into something else ("ho lasciato le chiavi a Gianni",
    "I left Tom at the station") or is no partner of the user's."""
    pattern = cue_pattern("left_partner", lang)
    if pattern is None:
        return None
    for verb in pattern.finditer(text):
        rest = text[verb.end():].lstrip()
        if lang != "zh":
            rest = _BEFORE_NAME.sub("", rest, count=1)
        for name in partners:
            if rest.startswith(name) and not re.search(r"\w", rest[len(name):]
                                                       .replace("了", "")):
                return name
    return None


def _relation_start(clause: Clause, at: datetime) -> tuple[datetime, str, Granularity] | None:
    """The one past day or month a change of relation is dated by ("last month", "seit
    Juli"): its start, written out ("3 May 2025" / "May 2025"), and its granularity."""
    _dated, days = with_dates(span_of(clause.text, clause.language) or clause.text, at, "past")
    if len(days) != 1 or days[0].first > at.date():
        return None
    since = datetime.combine(days[0].first, datetime.min.time(), tzinfo=at.tzinfo)
    said = _day_words(since) if days[0].granularity is Granularity.DAY else f"{since:%B %Y}"
    return since, said, days[0].granularity


def _together(clause: Clause, people: Sequence[Mention], state: ConversationState,
              at: datetime, couple: str | None = None,
              earlier: Sequence[str] = ()) -> FactCandidate | None:
    """The fact that the user and someone are a couple ("we've been together since June"
    after "went hiking with Tom"): the person named in the clause, else the one named last
    earlier in the turn (``earlier``: "llevo a mariana a almorzar …, llevamos dos meses
    saliendo", "… an Lennarts Mutter …, wir sind ja erst seit April zusammen"), else the one
    the conversation is about, when they are no relative or colleague of the user (``None``
    otherwise). It starts on the day said. ``couple`` is the one the clause says is a couple
    with the user ("Deniz und ick sind zusammen": :func:`~lucidmem.facts.people.couple_with_user`),
    who may open the sentence, where no name is looked for."""
    lang = clause.language
    named = [m.name for m in people if m.name]
    named += [n for n in _names_said(clause) if n not in named]
    before = [n for n in earlier if state.people.get(n, "partner") in PARTNERS
              and n.casefold() not in state.user_names]  # ("so sara …, stiamo insieme")
    name = couple or (named[-1] if named else before[-1] if before else state.last_person)
    if name is None or name.startswith(f"{USER_SUBJECT}'s ") or \
            state.people.get(name, "partner") not in PARTNERS:
        return None
    start = _relation_start(clause, at)
    since, said = (start[0], start[1]) if start else (None, None)
    state.people[name] = "partner"
    state.last_person = name  # "… usciamo da un mese. È di Altamura": she is the partner
    text = f"The user's partner is {name}" + (f" (since {said})" if said else "")
    sub = Subcategory.RELATIONSHIP_FAMILY
    return FactCandidate(
        category=category_of(sub), subcategory=sub, subject=USER_SUBJECT,
        predicate="has_partner", object=name, confidence=0.85, language=lang,
        source_text=clause.sentence, text=text, slot="people", evidence=clause.text,
        privacy=PrivacyLevel.PRIVATE, valid_from=since, temporal_text=said)


_COURTING = frozenset({"girlfriend", "boyfriend", "partner"})
"""The user's partners before an engagement (:func:`_engaged` makes them the fiancé(e))."""


def _engaged(clause: Clause, people: Sequence[Mention],
             state: ConversationState) -> FactCandidate | None:
    """The user's partner, now their fiancé(e): named in the clause as the one who proposed
    ("Marlon proposed last night on the seawall", "karim m'a demandée en mariage", "o
    wellington me pediu em casamento": the cue ``proposal``), or the one partner known when
    the clause says "we got engaged" and names no one (the cue ``engaged_us``). Someone
    else's engagement ("my brother got engaged", "Tom proposed to Ana") is none: the one
    named must be known as the user's girlfriend, boyfriend or partner."""
    lang = clause.language
    before, after = ("", "") if lang == "zh" else (r"(?<!\w)", r"(?!\w)")  # (Chinese puts
    # no spaces between words: "阿哲昨天向我求婚了")
    named = [n for n, r in state.people.items() if r in _COURTING and re.search(
        before + re.escape(n) + after, clause.text, re.IGNORECASE)]
    if has_cue("proposal", lang, clause.text) and len(named) == 1:
        name = named[0]
    elif has_cue("engaged_us", lang, clause.text) and not people and \
            not _names_said(clause):
        known = [n for n, r in state.people.items() if r in _COURTING]
        if len(known) != 1:
            return None
        name = known[0]
    else:
        return None
    gender = relation_gender(state.people[name])
    word = "fiancé" if gender == "m" else "fiancée" if gender == "f" else "fiancé(e)"
    state.people[name] = "fiancée"
    sub = Subcategory.RELATIONSHIP_FAMILY
    return FactCandidate(
        category=category_of(sub), subcategory=sub, subject=USER_SUBJECT,
        predicate="has_fiancée", object=name, confidence=0.85, language=lang,
        source_text=clause.sentence, text=f"The user's {word} is {name}", slot="people",
        evidence=clause.text, privacy=PrivacyLevel.PRIVATE, is_change=True)


def _names_said(clause: Clause) -> list[str]:
    """The names a clause says: with capitals (:func:`_names_in`), then those of a writer in
    lowercase (:func:`~lucidmem.facts.lowercase_names.chat_names_in`)."""
    return [*_names_in(clause.text, clause.language),
            *chat_names_in(clause.text, clause.language)]


def _other_name(clause: Clause, left: str) -> str | None:
    """The name a clause says besides ``left`` (the partner it says is over), the last one."""
    names = [n for n in _names_said(clause) if n != left]
    return names[-1] if names else None


def _dating(clause: Clause, people: Sequence[Mention], state: ConversationState,
            at: datetime) -> FactCandidate | None:
    """The couple said as dating, with the person named in the clause ("estoy saliendo con
    Nico desde marzo", "ho conosciuto Michele, usciamo da un mese", "tô ficando com o Léo"):
    as :func:`_together`. ``None`` with no one named ("estoy saliendo con amigas") or no
    dating words."""
    if not has_cue("dating", clause.language, clause.text) or not (
            any(m.name for m in people) or _names_said(clause)):  # ("sto co giacomo")
        return None
    return _together(clause, people, state, at)


def _started_at_opening(clause: Clause, state: ConversationState,
                        at: datetime) -> FactCandidate | None:
    """The user's new workplace, said only through the weeks spent there and a word of an
    opening they told of before (:mod:`lucidmem.facts.openings`: "Die Rittner Bahn sucht
    Triebwagenführer", then "meine dritte Woche vorne im Triebwagen der Rittner Bahn ist rum"
    → "The user works at Rittner Bahn as Triebwagenführer", since the week began). It ends the
    job held before; ``None`` when the clause says no time there or names no opening."""
    lang = clause.language
    days = tenure_days(clause.text, lang) if state.openings else None
    opening = opening_named(clause.text, lang, state.openings) if days is not None else None
    if days is None or opening is None:
        return None
    role = role_said(opening)
    text = f"The user works at {opening.org}" + (f" as {role}" if role else "")
    # (a transfer is a new post at the same employer: the way to work stays)
    info = SLOTS["occupation" if opening.transfer else "employer"]
    since = at - timedelta(days=days)
    return FactCandidate(
        category=category_of(info.subcategory), subcategory=info.subcategory,
        subject=USER_SUBJECT, predicate=info.predicate, object=opening.org, confidence=0.8,
        privacy=assess_privacy(clause.sentence).level, valid_from=since, language=lang,
        source_text=clause.sentence, is_change=True, text=text, slot=info.name,
        evidence=clause.text)


def _left_the_job(clause: Clause, at: datetime) -> FactCandidate:
    """The fact that the user left their job: it ends the employer and the occupation held
    until then, and holds from the day said ("I left the job last month" → "The user left
    their job in May 2025")."""
    info = SLOTS["employer"]
    text, since, said = "The user left their job", at, None
    dated, days = with_dates(span_of(clause.text, clause.language), at, "past")
    if len(days) == 1:
        since = datetime.combine(days[0].first, datetime.min.time(), tzinfo=at.tzinfo)
        found = re.search(r"(?:\b(?:on|in|since)\s+)?(?:\w+day\s+)?\d{1,2}\s+[A-Z]\w+\s+\d{4}"
                          r"|\bin\s+[A-Z]\w+\s+\d{4}", dated)
        if days[0].first >= at.date():
            since = at  # "today" is the moment it was said
        elif found is not None:
            text = f"{text} {found.group(0)}"
            said = found.group(0)
    return FactCandidate(
        category=category_of(info.subcategory), subcategory=info.subcategory,
        subject=USER_SUBJECT, predicate=info.predicate, object="job", confidence=0.9,
        emotional_intensity=0.4, privacy=assess_privacy(clause.sentence).level,
        temporal_text=said, valid_from=since, valid_to=None, temporal_unresolved=False,
        language=clause.language, source_text=clause.sentence, negated=False,
        is_change=True, text=text, slot="employer", evidence=clause.text, cessation=True)


def _home_moved_into(item: _Pending, place: str, at: datetime,
                     read: FactCandidate | None) -> FactCandidate:
    """The user's new home said through its first days (:func:`homes.moved_into`: "primer
    finde en la casa nueva en Sierra de los Padres", "first Saturday in South Portland!! …
    surrounded by boxes"): the user lives there from the moment it is said, or from the day
    gone by that the clause names (``read``, what the clause was read as: "first Saturday in
    South Portland" said on the Sunday), and the home held before ends as with "we moved to
    …"."""
    if read is not None and read.valid_from is not None and read.valid_from <= at:
        at = read.valid_from
    return _user_fact(item.clause, "residence", place, f"The user lives in {place}",
                      confidence=0.8, intensity=0.4, since=at, change=True)


def _employer_of_a_colleague(item: _Pending, span: str) -> FactCandidate | None:
    """The user's employer said through a boss or colleague the clause is about ("mi jefa en
    Cafetalia es un encanto", "my manager at Zellwood, Priya, is leaving", "meine Kollegin
    bei Bosch hat Geburtstag"): the fact is the colleague's, and the user works at the
    organisation named, as "I work at Cafetalia" would say."""
    clause, lang = item.clause, item.clause.language
    if item.subject == USER_SUBJECT or _seeks_a_job(clause.text, lang) or \
            not _work_life_at(span, item, lang):  # (what the colleague does or not, the
        # user works there: "mi jefa en Cafetalia no es nada rogona")
        return None
    org = None
    life = re.compile(r"(?i)(?<![\w])(?:" + _WORK_LIFE[lang] + r")(?![\w])")
    for m in life.finditer(span):
        near = " ".join(span[m.end():].split()[:3])
        org = _proper_after(near, lang, _EMPLOYER_PREP, {p.name for p in item.people if p.name})
        if org is not None:
            break
    if org is None:
        return None
    return _works_at(clause, org)


_COLLEAGUES = frozenset({"boss", "manager", "colleague", "supervisor"})
"""Relations of the user's work life: where one of them is, the user works."""


def _workplace_of_a_colleague_asked(clause: Clause,
                                    people: Sequence[Mention]) -> list[FactCandidate]:
    """The user's workplace named right after a boss or colleague in a question or request
    ("… to Deborah, my practice manager at Heavitree Dental?", "a mi jefe en Cafetalia"):
    the one fact such a clause states in passing."""
    avoid = {m.name for m in people if m.name}
    for m in people:
        if m.relation not in _COLLEAGUES or m.of is not None:
            continue
        near = " ".join(clause.text[m.span[1]:].split()[:4])
        org = _proper_after(near, clause.language, _EMPLOYER_PREP, avoid)
        if org is not None and not near.casefold().startswith(("for ", "für ", "pour ")):
            return [_works_at(clause, org)]
    return []


def _works_at(clause: Clause, org: str) -> FactCandidate:
    """"The user works at <org>", read from ``clause`` beside the clause's own fact."""
    return _user_fact(clause, "employer", org, f"The user works at {org}", confidence=0.9,
                      intensity=0.2, since=None, change=False)


def _user_fact(clause: Clause, slot: str, value: str, text: str, *, confidence: float,
               intensity: float, since: datetime | None, change: bool) -> FactCandidate:
    """A fact of the user's in ``slot`` whose value was read out of ``clause`` ("The user
    works at Cafetalia", "The user lives in South Portland"), the clause as its evidence."""
    info = SLOTS[slot]
    return FactCandidate(
        category=category_of(info.subcategory), subcategory=info.subcategory,
        subject=USER_SUBJECT, predicate=info.predicate, object=value, confidence=confidence,
        emotional_intensity=intensity, privacy=assess_privacy(clause.sentence).level,
        temporal_text=None, valid_from=since, valid_to=None, temporal_unresolved=False,
        language=clause.language, source_text=clause.sentence, negated=False,
        is_change=change, text=text, slot=slot, evidence=clause.text)


SELF_AT_WORK_OCCUPATION = 0.10
"""How probable the job must be for "I am <word> at <workplace>" to be read as the job: the
classifier tells a job word from "sou de", "bin seit", "sono passato" (0.15–0.31 for the
jobs of the dev set's self-introductions; 0.001–0.04 for those)."""

_SELF_AS: dict[str, str] = {
    "en": r"(?:i['’]?m|i\s+am|im)\s+(?:[^\W\d_]+(?:\s+btw)?,\s*)?(?:(?:a|an|the)\s+)?",
    "de": r"(?:ich\s+)?bin\s+(?:[A-ZÄÖÜ][\w-]+,\s*)?",
    "fr": r"(?:moi\s+c['’]est\s+[A-ZÀ-Þ][\w-]+,\s*|(?:je\s+|j['’]?)?suis\s+|chuis\s+)",
    "es": r"(?:yo\s+)?soy\s+(?:[A-ZÀ-Þ][\w-]+,\s*)?",
    "it": r"(?:io\s+)?(?:sono|faccio|fo)\s+(?:[A-ZÀ-Þ][\w-]+,\s*)?(?:il\s+|la\s+|l['’])?",
    "pt": r"(?:eu\s+)?sou\s+(?:[A-ZÀ-Þ][\w-]+,\s*)?(?:o\s+|a\s+)?",
    "nl": r"(?:ik\s+)?ben\s+(?:[A-Z][\w-]+,\s*)?",
}
"""How a user says what they are at the start of a clause ("sou", "Moi c'est Seb,", "faccio
il", "bin Annika,"), before the word for their job."""

_NOT_A_JOB_WORD = frozenset({
    "de", "da", "do", "del", "della", "des", "du", "à", "au", "aux", "en", "em", "in", "im", "na",
    "no", "nel", "nella", "bei", "beim", "chez", "aan", "op", "hier", "ici", "aqui", "aquí", "qui",
    "lì", "là", "allá", "grad", "gerade", "net", "nicht", "pas", "não", "nao", "non", "niet",
    "muy", "molto", "muito", "très", "tres", "zo", "so", "sehr", "bien", "bem", "bene", "heel",
    "echt", "wirklich", "vraiment", "realmente", "davvero", "mal", "tan", "tão", "too", "also",
    "auch", "aussi", "también", "anche", "também", "ook", "schon", "déjà", "ya", "già", "já", "al",
    "un", "una", "uno", "um", "uma", "ein", "eine", "einer", "une", "een", "el", "la", "le", "les",
    "los", "las", "il", "lo", "gli", "os", "as", "het", "der", "die", "das", "dem", "den", "immer",
    "toujours", "siempre", "sempre", "altijd", "nog", "noch", "encore", "todavía", "ancora",
    "ainda", "fan", "fã",
})
"""Words after "sou" / "bin" / "je suis" that are no job ("soy de Lima", "bin grad bei
Anna", "je suis à Lyon")."""


def _introduces_self_at_work(span: str, item: _Pending, lang: str) -> bool:
    """Whether the user's clause says what they are and names where ("sou engenheiro de
    redes na Vodacom", "soy odontóloga en la clínica Sonrisas del Poblado", "Moi c'est Seb,
    chocolatier chez Vandenbroeck"): a word of a job right after "I am", then an
    organisation after a kind of workplace or a word of working at (not a town: "soy de
    Lima y vivo en Miraflores" has no job word; not a person: "bin grad bei Anna")."""
    opener = _SELF_AS.get(lang)
    if opener is None:
        return False
    m = re.match(r"(?i)\s*(?:" + opener + r")(?P<word>[^\W\d_][\w'’-]*)", span)
    if m is None or len(m["word"]) < 4 or m["word"].casefold() in _NOT_A_JOB_WORD or \
            (m["word"][0].isupper() and lang != "de"):
        return False
    rest = span[m.end():]
    found = _NAMED_KIND_AT[lang].search(rest) or _NAME_AT[lang].search(rest)
    if found is None:
        return False
    org = found["org"].strip()
    avoid = {p.name for p in item.people if p.name}
    return bool(org) and org not in avoid and org.casefold() not in DATE_NAMES and \
        not _only_a_kind(org, lang) and not _lives_there(span, lang)


def _employer_beside_the_job(item: _Pending, span: str,
                             cand: FactCandidate | None) -> FactCandidate | None:
    """The user's employer named in a clause about their job ("Ich bin Jannes,
    Servicetechniker bei Deichwind Service", "sou técnica em saúde bucal na clínica
    OdontoVida", "ik ben timmerman bij Bouwbedrijf Jansen"): beside the job's own fact, the
    user works at the organisation, as "I work at …" would say, so a new employer ends it
    (and, with it, the job's clause that names it). The organisation is a name after a kind
    of workplace ("na clínica OdontoVida"), else a name right after the first word of working
    at ("bei Deichwind Service"; not "en un bar …, en el Casco Viejo"). Not studies, not a
    job sought, denied, wished or asked about."""
    clause, cues, lang = item.clause, item.clause.cues, item.clause.language
    if cand is None or cand.slot != "occupation" or cand.subject != USER_SUBJECT or \
            lang not in _EMPLOYER_PREP or cues.negated or cues.hypothetical or \
            cues.question or cues.cessation or cues.correction or \
            _seeks_a_job(clause.text, lang) or attended_kinds(span, lang)[0]:
        return None
    avoid = {p.name for p in item.people if p.name}
    found = _NAMED_KIND_AT[lang].search(span) or _NAME_AT[lang].search(span)
    org = None if found is None else without_trailing_date_words(found["org"].strip())
    if org and found is not None and (found.groupdict().get("kind") or " ")[0].isupper():
        org = f"{found['kind']} {org}"  # "en Bodega Lupe": the kind is part of the name
    if not org or org in avoid or org.casefold() in DATE_NAMES or _only_a_kind(org, lang):
        return None
    return _works_at(clause, org)


_SEEN_BY_THE_USER = frozenset({"doctor", "dentist", "therapist", "hairdresser", "teacher",
                               "coach", "nanny"})
"""Relations that are someone's job the user goes to: a clause naming one ("my new doctor at
Harbor View Clinic") says where that person works, not where the user does."""

_WORK_ITSELF = frozenset({"commute", "employer", "occupation"})

_WAY_TO_WORK_MISREADINGS = frozenset({"employer", "occupation", "work", "residence", "event",
                                      "personal", "tech", "health", "exercise"})
"""Slots a clause saying how the user gets to work is read as: the office makes it work, the
bike a pastime (:func:`_way_to_work`)."""

_VEHICLES: dict[str, str] = {
    "en": r"bike|bicycle|e-bike|cycle|cycling|scooter|bus|train|tram|metro|subway|tube|car|"
          r"motorbike|on foot|walk|walking",
    "de": r"Rad|Fahrrad|E-Bike|Bus|Bahn|S-Bahn|U-Bahn|Zug|Straßenbahn|Tram|Auto|Roller|"
          r"zu Fuß",
    "fr": r"vélo|bus|métro|tram|train|RER|voiture|trottinette|scooter|à pied",
    "es": r"bici|bicicleta|bus|autobús|metro|tren|coche|carro|moto|patinete|micro|colectivo|"
          r"combi|a pie|caminando",
    "it": r"bici|bicicletta|autobus|bus|metro|treno|tram|macchina|auto|motorino|monopattino|"
          r"a piedi",
    "pt": r"bicicleta|bike|ônibus|onibus|autocarro|metrô|metro|trem|comboio|carro|moto|"
          r"patinete|a pé",
    "nl": r"fiets|bus|tram|metro|trein|auto|scooter|brommer|lopend|te voet",
    "zh": r"自行车|单车|电动车|电瓶车|公交|地铁|打车|开车|骑车|走路|步行",
}
_TO_WORK: dict[str, str] = {
    "en": r"work|the office|uni|college", "de": r"Arbeit|Büro|Uni|Schicht",
    "fr": r"travail|boulot|bureau|taf|fac", "es": r"trabajo|oficina|chamba|curro|laburo|facu",
    "it": r"lavoro|ufficio|università|uni", "pt": r"trabalho|escritório|serviço|faculdade",
    "nl": r"werk|kantoor|uni", "zh": r"上班|公司|单位",
}
"""Vehicles and the words of work a way to work is said with ("I cycle to work", "vou de
patinete pro escritório", "ich fahre mit dem Rad zur Arbeit", "每天骑车去上班")."""


def _words_regex(words: str, lang: str) -> re.Pattern[str]:
    return re.compile(words if lang == "zh" else r"(?i)(?<![\w-])(?:" + words + r")(?![\w-])")


_WAY_TO_WORK: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    lang: (_words_regex(_VEHICLES[lang], lang), _words_regex(_TO_WORK[lang], lang))
    for lang in _VEHICLES}


def _way_to_work(span: str, lang: str) -> bool:
    """Whether ``span`` says how the user gets to work: a vehicle and a word of work."""
    found = _WAY_TO_WORK.get(lang)
    return found is not None and found[0].search(span) is not None and \
        found[1].search(span) is not None
"""Slots that are about work itself: "at work" qualifies none of them."""

_TRIP_MISREADINGS = frozenset({"personal", "hobby"})
"""Slots a trip on a given day is often read as ("我5号飞罗马": personal, hobby): with a trip
word and a day said, the clause is an event."""


_WORK_SLOTS = frozenset({"employer", "occupation"})
"""The slots of the user's job."""


def _clause_fact(item: _Pending, span: str, guess: SlotGuess | None, at: datetime,
                 secret: bool, reading: TurnReading,
                 carried: str | None = None) -> FactCandidate | None:
    """The fact of one clause, or ``None`` (with the reason in ``reading.flags``).
    ``carried`` is the wrong value an earlier clause of the same turn named and no fact has
    put right yet ("sorry, I said Leeds" before "that was wrong, it's in York", "j'ai dit que
    Hugo est de Nancy ? Pas du tout," before "il est de Metz")."""
    clause, cues, lang = item.clause, item.clause.cues, item.clause.language
    headed = False  # a correction's opening said before the statement
    if item.subject == USER_SUBJECT and not cues.negated and \
            _quits_the_job(clause.text, lang):
        return _left_the_job(item.clause, at)
    if cues.correction and (named := _wrong_first(span, lang)) is not None:
        span = span[named.end():]  # "Lübeck stimmt gar nicht, die Hochzeit ist in Kiel"
    elif carried and (named := _WRONG_FIRST.get(lang, _NO_MATCH).match(span)) is not None and \
            span[named.end():].strip():
        span = span[named.end():]  # "that was wrong, the appointment is in York"
    if cues.correction and (after := _after_correction_header(clause)) is not None and \
            (item.subject != USER_SUBJECT or _third_person_verb(after, lang)):
        span, headed = after, True  # "me equivoqué el otro día, Facundo vive …", "te dije
        # mal, no estudia enfermería, estudia nutrición" (said of whoever it was held of)
    if item.subject == USER_SUBJECT:
        span = _without_lead(span, lang)
    if _ONLY_WRONG.get(lang, _NO_MATCH).match(clause.text):
        reading.flags.append("skipped:correction_header")  # "ik haalde iets door elkaar."
        return None
    if not span or not content_words([span]):
        return None
    if lang != "zh" and len(span.split()) <= 3 and item.subject == USER_SUBJECT and \
            not _has_subject(clause.text, lang) and not _own_verb_opens(span, lang) and \
            not find_temporal(span, at) and \
            not one_at_a_time.medicine_named(span) and \
            not (cues.cessation and re.search(r"\s[A-ZÀ-Þ]", span.strip())) and \
            not (carried and _third_person_verb(clause.text, lang)):
        # ("ora prendo l'amlodipina", "Cancelled PureGym": no fragments; nor is the right
        # statement after what was told wrong: "Ti ho detto che Sara abita a Pisa, non è
        # vero, | abita a Lucca")
        reading.flags.append("skipped:fragment")
        return None
    if _only_a_pronoun_object(span, lang) or _lacks_its_complement(span, lang) or \
            (cues.exclusive and _ends_pointing_back(span, lang)):
        reading.flags.append("skipped:fragment")
        return None
    if _the_moment(span, lang) or (item.subject == USER_SUBJECT and
                                   now_and_passing(span, lang)):
        reading.flags.append("skipped:moment")
        return None
    if item.subject == USER_SUBJECT and not item.people and (
            moment_of_the_day(span, clause.sentence, lang)):
        reading.flags.append("skipped:moment")
        return None
    if item.subject == USER_SUBJECT and not item.people and outside_annoyance(span, lang):
        reading.flags.append("skipped:not_about_the_user")
        return None
    if weather_talk(clause.text, lang):
        reading.flags.append("skipped:weather")  # "piove da tre giorni": whoever it is said of
        return None
    if item.subject == USER_SUBJECT and not item.people and \
            _WHAT_IS_WANTED.get(lang, _NO_MATCH).match(clause.text) and \
            not _has_subject(re.split(r"[,;:，]", clause.text)[0], lang):
        reading.flags.append("skipped:request")  # "Dessert ideas? Something French, …"
        return None
    if item.subject == USER_SUBJECT and not item.people and not _has_subject(clause.text, lang):
        if item.answers_others:  # "What did they play?" "Mostly standards, …"
            reading.flags.append("skipped:not_about_the_user")
            return None
        if _CONCLUSION.get(lang, _NO_MATCH).match(clause.text) and not (
                cues.change or cues.start or cues.habit or cues.cessation or cues.exclusive):
            # "So no satay sauce, which …"; but "所以这个星期开始去游泳池" (so this week I
            # started going to the pool) says what changed, whatever draws it from before
            reading.flags.append("skipped:conclusion")
            return None
    if item.subject == USER_SUBJECT and not item.people and \
            _about_a_thing(clause.text, lang):
        reading.flags.append("skipped:not_about_the_user")
        return None
    rest = _without_correction_words(span, lang)
    said = clause.text.rstrip(" .!")
    only_a_day = cues.correction and _corrected_value(clause) is None and \
        _without_correction_words(said, lang) != said and \
        _only_a_day(_without_correction_words(said, lang), at)  # "Sorry, I meant the 14th"
    if cues.correction and (old_day := _corrected_value(clause)) and (
            _only_a_day(old_day, at) or _day_set_against(clause, at) is not None):
        # "it's friday not tomorrow": one day for another moves the day said last (the
        # wrong day read with its article too: "I meant the 14th, not the 3rd")
        only_a_day = _only_a_day(
            _without_correction_words(_without_old_value(said, old_day, lang), lang), at)
    if cues.correction and rest != span and not only_a_day and (
            len(rest.strip(" ，,。!！")) <= 4 if lang == "zh" else
            len(rest.split()) <= 2 or _ONLY_ITS_TOPIC.match(rest) is not None):
        reading.flags.append("skipped:correction_header")  # ("I hab mi vertan mit der Mama")
        return None
    if cues.correction and not only_a_day and _only_the_opening(clause):
        reading.flags.append("skipped:correction_header")  # "J'ai tout mélangé."
        return None
    if cues.correction and clause.sentence.rstrip().endswith(("?", "？")) and \
            has_cue("recalled_saying", lang, clause.text):
        reading.flags.append("skipped:correction_header")  # "i told you bethan's in leeds
        return None  # didnt i?": the wrong value asked back, said right in the next clause
    moves = _says_a_move(clause)
    tense = None if moves else _tense_of_the_date(clause.text, lang, at)  # "reporté à …"
    if tense is None and cues.start and not moves:
        tense = "future"  # "Chloé commence la crèche en septembre", said in March: this one
    dates_tense = "present" if tense is None and not moves else tense  # "my mum's birthday
    # is on 12 October", said in March: the coming one (DATE_LOOKS_BACK_DAYS)
    wrong = _corrected_value(clause) if cues.correction else None
    if wrong:  # "Thursday the 6th, not Friday": the dates are read without the wrong one
        if _says_only_the_wrong_value(span, lang) or _recalled_saying(clause):
            # "scusa, ti ho detto Padova": the right value comes in the next clause, which
            # carries the wrong one (end_turn)
            reading.flags.append("skipped:correction_header")
            return None
        span = _without_old_value(span, wrong, lang)
    elif (against := _contrasted_away(clause) or _replaced_away(clause)) and \
            span.endswith(against):
        span = span[:-len(against)].rstrip(" ,;，；")  # "comptable, pas médecin": no doctor
    switched = None if cues.correction or cues.negated or item.subject != USER_SUBJECT \
        else _switched_from(span, lang)
    if switched is not None:
        span = switched[0]  # "switched to cello": the piano is what ends
    dated_span, days = with_dates(span, at, dates_tense, lang)
    if moves and len(days) == 1 and \
            (by_amount := moved_by_amount(dated_span, days[0], lang)) is not None:
        dated_span, moved_day = by_amount  # "mon rdv de demain est repoussé de deux semaines"
        days = [moved_day]
    dates_its_sentence = False  # the clause only says when the rest of its sentence is
    size = len(clause.text) if lang == "zh" else len(clause.text.split())
    if days and len(days) == 1 and clause.text != clause.sentence and size < 9 and \
            not clause.sentence.rstrip().endswith("?") and \
            not opens_with_and_a_day(clause.text, lang) and \
            not (lang == "zh" and zh_asks(clause.sentence[len(clause.text):])) and \
            not has_cue("cessation", lang, clause.sentence.replace(clause.text, " ", 1)) and \
            not has_cue("correction", lang, clause.sentence.replace(clause.text, " ", 1)) and \
            not has_cue("retraction", lang, clause.sentence.replace(clause.text, " ", 1)):
        # (not when the rest ends something: "j'ai démissionné de X, je commence chez Y
        # lundi" starts Y on Monday, and X is not the new job; nor when it puts something
        # right, which is a fact of its own: "之前我说外婆过八十大寿，是我打错了，…，她今年
        # 整整九十岁"; nor when it takes something back: "… ele faz 25 amanhã, ah e esquece o
        # q te falei dele ir pra caiena")
        whole = span_of(clause.sentence, lang)
        whole_dated, whole_days = with_dates(whole, at, dates_tense, lang)
        if len(whole_days) == 1:
            span, dated_span = whole, whole_dated
            dates_its_sentence = True
    found = find_temporal(span, at, tense=dates_tense)
    weak = False
    moved_by = shift_said(clause.text, lang) if moves and not days else None
    rescheduled = moves and (len(days) == 1 or moved_by is not None)  # ("got pushed back a
    # week": the planned day it moves is held, validation moves it)
    slot = "event" if only_a_day or rescheduled else \
        guess.slot if guess is not None else "personal"
    held = found is not None and held_for(found.text, span, lang, tense)
    if held and slot == "event" and guess is not None:
        slot = guess.second  # "tengo la Vespa hace ocho años": a state since then, no event
    if slot in _WORK_SLOTS and has_cue("after_work", lang, clause.text):
        # "ich helfe nach der Arbeit beim Blaufränkisch mit": what the user does besides the
        # job, which it must not end
        slot = guess.second if guess is not None and guess.second not in _WORK_SLOTS \
            else "routine"
    named_person = item.subject != USER_SUBJECT
    if guess is not None:
        limit = NO_FACT_LIMIT if (named_person or _has_subject(clause.text, lang)) \
            else SUBJECTLESS_NO_FACT_LIMIT
        if cues.exclusive or cues.cessation or cues.context or days:
            limit = max(limit, NO_FACT_LIMIT)
        if days and (named_person or _has_subject(clause.text, lang) or
                     (dates_its_sentence and _has_subject(span, lang)) or
                     _A_THINGS_DAY.search(span) is not None):
            limit = max(limit, DATED_NO_FACT_LIMIT)  # (also "le déménagement de ma sœur à
            # Dijon, c'est demain en huit": the day of what the sentence says)
        if cues.exclusive and cues.change:
            limit = max(limit, ONLY_NOW_NO_FACT_LIMIT)
            if not named_person and any(f.subject == USER_SUBJECT and f.slot == guess.slot
                                        for f in reading.facts):
                limit = max(limit, ONLY_NOW_CONTINUED_NO_FACT_LIMIT)
        if not named_person and not cues.hypothetical and (
                _since_at_workplace(span, lang) is not None or
                (not cues.negated and (_tenure_at(span, lang) or
                                       _work_life_at(span, item, lang) or
                                       _shifts_at(span, item, lang))) or
                _now_at_a_workplace(span, lang)):
            limit = max(limit, TENURE_NO_FACT_LIMIT)
        if not named_person and _time_in_a_place(span, lang):
            limit = max(limit, TENURE_NO_FACT_LIMIT)
        if not named_person and not cues.hypothetical and not cues.negated and \
                _lives_in_said(clause.text, lang):
            limit = 1.01  # "ik woon in vught", "vivo a lecce": short, yet the user's home
            if guess.second == "residence":
                slot = "residence"
        if not named_person and not cues.hypothetical and sports_named(span, lang) and \
                (cues.habit or cues.change or cues.start or _weekday_named(span)):
            limit = max(limit, OWN_THING_NO_FACT_LIMIT)  # "adesso il giovedì faccio tai chi"
            if slot not in ("exercise", "hobby", "routine"):
                slot = "exercise"
        if not named_person and moves_a_count(clause.text, lang):
            limit = max(limit, NO_FACT_LIMIT)  # "Agora reduzi para 2 por dia": a habit's
            # count moved (:mod:`rate_shift`), a statement with or without "I" (0.41 was
            # read as unclear on one install, kept on another)
        if not named_person and (one_at_a_time.own_thing_named(span, lang) or
                                 one_at_a_time.medicine_named(span) or
                                 (one_at_a_time.named(span) and
                                  has_cue("acquired", lang, span))):
            # ("换咗索尼之后轻咗好多": a switch to a thing named by its brand)
            limit = max(limit, OWN_THING_NO_FACT_LIMIT)
        if carried:
            limit = max(limit, CARRIED_NO_FACT_LIMIT)
        if _is_short(span, lang) and not re.search(r"\d|(?<!^)\b[A-ZÀ-Þ]", span) and \
                not named_person and not _has_subject(clause.text, lang):
            limit = min(limit, SHORT_NO_FACT_LIMIT)
        if (cues.correction and (_corrected_value(clause) or only_a_day or carried)) or \
                rescheduled or (item.subject != USER_SUBJECT and _number_set_against(clause)):
            limit = 1.01  # a correction is always applied, however short ("c'est lundi");
            # so is a number of someone's put right ("Cumple 85, no 80.")
        if cues.correction and (rest != span or headed) and guess.no_fact >= limit:
            weak = True  # kept only if it restates something held (validation)
        elif guess.no_fact >= limit:
            reading.flags.append("skipped:small_talk" if guess.no_fact >= 0.5 else
                                 "skipped:unclear")
            return None
    if named_person and _acts_on_user(_strip_person(span, item, lang), lang):
        reading.flags.append("skipped:moment")
        return None
    if slot == "residence" and not named_person and \
            _others_home(item, span, lang, putting_right=bool(carried) or cues.correction):
        reading.flags.append("skipped:someone_else")
        return None
    in_place = not named_person and not cues.negated and not cues.hypothetical and \
        _time_in_a_place(span, lang)
    seeking = _seeks_a_job(clause.text, lang)
    since_at = not named_person and not cues.hypothetical and \
        _since_at_workplace(span, lang) is not None
    if since_at and cues.negated:
        cues = replace(cues, negated=False)  # "desde que tô na torrefação Araucária não tiro
        # mais nenhum espresso": what is no more is said of the new job, not the job denied
    tenure = not named_person and not cues.negated and not cues.hypothetical and \
        not seeking and _tenure_at(span, lang) and not _first_days_in_a_town(span, lang)
    uniform = not named_person and not cues.hypothetical and not cues.negated and (
        _uniform_org(span, lang) is not None or  # "o crachá do Itaú": the user works there
        _station_org(span, lang) is not None)  # "je travaille à l'accueil de la CAF": there
    new_job = not named_person and _new_job_at(span, item, lang)
    held_brand = not named_person and not tenure and not uniform and not new_job and \
        _brand_not_work(span)
    # ("primeira semana no Standard Bank feita": a first week there is work, not an account)
    names_job = not seeking and not in_place and not held_brand and (
        (_names_workplace(span, lang) and slot in ("project", "work", "occupation"))
        or (not named_person and (new_job or uniform or
                                  _hired_at(clause.text, span, item, lang) or
                                  _work_life_at(span, item, lang) or
                                  _shifts_at(span, item, lang) or
                                  (not cues.hypothetical and
                                   _now_at_a_workplace(span, lang)))) or tenure)
    if names_job:
        slot = "employer"
        if tenure and cues.cessation:
            cues = replace(cues, cessation=False)  # "j'ai fini mon premier service au Café
            # Marius": a first stretch there done, not the job ended
    elif held_brand and slot in ("employer", "occupation"):
        slot = "tech"  # "bin seit Januar bei der TK": the user's insurer, not a job
    elif in_place:
        slot = "residence"  # "depuis trois semaines qu'on est à Angré": how long the user
        # has lived there, said without a verb of living
    elif guess is not None and slot == "employer" and not named_person and \
            guess.second == "residence" and _moved_between_places(span, lang):
        slot = "residence"  # "we finally left Norwich for Ipswich": a place left for another
        # with no word of working is a move, however the classifier leans
    elif guess is not None and (
            (slot in _ENTITY_SLOTS and not _names_entity(span, lang) and
             not _has_subject(clause.text, lang)) or
            (slot == "residence" and not named_person and not _names_a_place(span, lang) and
             not (cues.start or cues.cessation or cues.correction) and
             not has_cue("dwelling", lang, span)) or
            (slot == "employer" and not named_person and
             not (cues.start or cues.change or cues.cessation) and
             (_no_workplace_said(span, lang) or (not _has_subject(item.clause.text, lang) and
                                                 _no_workplace_named(span, item, lang)))) or
            (slot == "employer" and not named_person and (_since_in_a_town(span, lang) or
                                                          _first_days_in_a_town(span, lang)))):
        # no place named, or a remark about work that names no workplace ("I do miss the
        # banter on the ward"): not where the user lives or works; nor is a home a clause
        # with a subject that names no place and says no living ("I'll need a new
        # flatmate"), nor a workplace the town the user has been in since ("desde que tô no
        # Porto não tiro mais férias") or spends a first week in ("first week in Lisbon for
        # the conference")
        slot = guess.second if guess.second not in _ENTITY_SLOTS else "personal"
    if slot == "residence" and not in_place and has_cue("home_seeking", lang, span):
        slot = "project"  # "Ich suche jetzt eine Wohnung in Balzers": a home looked for is
        # a plan, not where the user lives
    elif lang == "zh" and slot in ("project", "personal", "work") and not named_person and \
            _ZH_LIVES_IN.match(span):
        slot = "residence"  # "住士嘉堡一个地下室": the user's home, said with no "I"
    dwelling = has_cue("dwelling", lang, _LIVE_SHOW.sub(" ", span)) or in_place
    if slot == "residence" and not names_job and not dwelling and has_cue("trip", lang, span):
        slot = "event"  # "je pars à Rome le 5", "vou a Lisboa": a trip, not a new home
    elif slot in _TRIP_MISREADINGS and days and not names_job and not dwelling and \
            not named_person and not cues.habit and has_cue("trip", lang, span):
        slot = "event"  # "我5号飞罗马": a trip on a day said is an event, whatever else the
        # classifier leans to (the user's self, a pastime)
    elif slot == "residence" and not names_job and not dwelling and _how_far(span, lang):
        slot = "commute"  # "é um pulinho até ao Funchal, quinze minutos": how far a place
        # is from home, not the home
    elif slot in _WAY_TO_WORK_MISREADINGS and not named_person and _way_to_work(span, lang):
        slot = "commute"  # "agora vou de patinete pro escritório": how, not where
    elif slot not in ("residence", "event") and not names_job and not named_person and \
            dwelling and _names_entity(span, lang) and not _others_home(item, span, lang):
        slot = "residence"  # "io abito a Lione": the classifier is unsure of a city it
        # has not seen; a verb of living and a place are a home
    elif slot == "event" and not (only_a_day or rescheduled) and tense == "past" and \
            not names_job and not named_person and not cues.hypothetical and dwelling and \
            _proper_after(span, lang, _PLACE_PREP, set()) and \
            not _others_home(item, span, lang):
        slot = "residence"  # "wir sind am Samstag nach Kiel gezogen": a move on a day said
        # is a new home from that day (not a trip: those went to "event" just above)
    if (slot in _SCHEDULE_SLOTS or (
            slot == "employer" and not named_person and not names_job and
            not (cues.start or cues.change) and not _says_working(span, lang) and
            not _names_a_kind_of_workplace(span, lang))) and (
            (not cues.correction and _one_day_to_come(days, cues, at)) or
            (cues.correction and not cues.habit and _day_set_against(clause, at) is not None)):
        slot = "event"  # "morgen heb ik om 5 uur een proefdag": an hour on one day to come
        # is an appointment, not a routine, nor a workplace when no work is said ("mon oral
        # de concours à Rennes est aujourd'hui en quinze": employer 0.321, event 0.319; the
        # tie fell either way by machine); so is what a correction sets one day against
        # another for, with no habit said ("der Termin ist am Mittwoch, nicht am Dienstag";
        # otherwise a correction is of the kind it puts right)
    elif (named_person or slot == "people") and slot != "event" and not cues.correction and \
            _one_day_to_come(days, cues, at):
        slot = "event"  # "our daughter Nora makes her First Communion Saturday May 10",
        # "mei Schwester Elif heiratet am 7. Juni": someone's day to come, which a later
        # "it's May 3rd, not the 10th" moves
    if slot == "event" and guess is not None and guess.second not in _NOT_STATES and \
            _began(found, cues, days, at):
        slot = guess.second  # "da gennaio suono il sax": a state that began, not an event
    if slot == "people" and guess is not None and not item.people and \
            guess.second not in _NOT_STATES and not named_person:
        slot = guess.second  # names without a relation to the user ("Bill Evans mostly")
        if slot in _ENTITY_SLOTS and not _names_entity(span, lang) and \
                not has_cue("dwelling", lang, span):
            slot = "personal"  # "I'll need a new flatmate" (people 0.315, home 0.308): no
            # place named, no living said, so not a new home either way the tie falls
        if slot == "residence" and _others_home(item, span, lang):
            reading.flags.append("skipped:someone_else")  # ", Denise lives in Evanston"
            return None
    if slot in _NEVER_A_THING and not names_job and not named_person and \
            one_at_a_time.tech_said(span, lang):
        slot = "tech"  # "Das Fairphone ist da", "宝腾 X50，白色的": no language, no drink
    elif not names_job and not named_person and one_at_a_time.medicine_named(span):
        slot = "health"  # "ora prendo l'amlodipina", "desde el lunes tomo amlodipino"
    elif slot in _NEVER_AN_INSTRUMENT and not names_job and not named_person and \
            _names_instrument(span, lang):
        slot = "hobby"  # "nur noch Cello, jeden Abend": playing, not drinking
    elif slot == "music" and not names_job and not named_person and \
            (cues.exclusive or cues.habit or cues.change or cues.start) and \
            _names_instrument(span, lang) and not _LISTENING.get(lang, _NO_MATCH).search(span):
        slot = "hobby"  # "agora só violoncelo, todas as noites meia hora": playing it
    if seeking and slot in ("employer", "occupation"):
        slot = "event"  # "fiz entrevista no INPA": a step towards a job, not the job
    elif slot == "employer" and not named_person and _introduces_self_at_work(span, item, lang):
        slot = "occupation"  # "je suis transitaire chez Faso Transit Express au port sec":
        # the job and where, as below, whatever the classifier gives the job itself
    elif slot == "employer" and not names_job and not named_person and \
            not (cues.start or cues.change or cues.cessation or cues.habit) and \
            _at_an_organisation_without_work(span, item, lang):
        # "Ich war mit Freunden bei Aldi": somewhere the user was, not where they work ("I'm
        # on reception at Kingfisher Dental till 6 most days" is there as a habit: the job)
        slot = "event"
    if slot not in ("occupation", "employer", "residence") and not named_person and \
            not (cues.negated or cues.hypothetical or cues.question or cues.cessation or
                 seeking) and guess is not None and \
            guess.probability_of("occupation") >= SELF_AT_WORK_OCCUPATION and \
            _introduces_self_at_work(span, item, lang):
        slot = "occupation"  # "sou engenheiro de redes na Vodacom e passei o dia na Matola",
        # "Moi c'est Seb, chocolatier chez Vandenbroeck": the job said with where it is
        # done, however the rest of the clause leans, so a new job ends it
    if named_person and slot in ("residence", "employer", "occupation") and \
            item.subject.startswith(f"{USER_SUBJECT}'s "):
        slot = "people"
    home_left = None if slot != "residence" or named_person or switched is not None or \
        cues.correction or cues.negated else _home_left(span, lang)
    new_home = None if home_left is None else _new_home_said(home_left[0], lang)
    leaving_only = home_left is not None and new_home is None  # the fact is the home left
    if home_left is not None:  # "finally out of our place in Leeds": Leeds is what ends
        if new_home is not None:  # "… raus aus Altona, ab jetzt wohnen wir in Ottensen"
            span = home_left[0]
            dated_span = with_dates(span, at, dates_tense)[0]
        switched = (span, home_left[1])
        cues = replace(cues, cessation=False)  # the move ends the home, not this fact
    if slot in ("occupation", "employer") and not named_person and not names_job and \
            _past_act_without_subject(span, lang):
        reading.flags.append("skipped:moment")
        return None
    if not named_person and not item.people and \
            not _kept_from_others(slot, clause.text, lang) and \
            not (cues.change or cues.cessation or cues.start or cues.correction or moves) and \
            not any(d.first > at.date() for d in days) and \
            _someone_elses_act(clause.text, lang) and not uniform and \
            not one_at_a_time.gone_kinds(clause.text, lang):
        reading.flags.append("skipped:someone_else")  # "a Larissa amou o terrário" (not
        # "o crachá do Bradesco chegou": the user's badge)
        return None
    if slot in _WORK_ITSELF and cues.cessation and _SOLD.search(clause.text):
        cues = replace(cues, cessation=False)  # "ho venduto tre macchine": work, not quitting
    if cues.cessation and has_cue("breakdown", lang, clause.text):
        cues = replace(cues, cessation=False)  # "o meu Clio já não sobe": still the car
    if cues.cessation and (since := _SINCE_LEFT.search(clause.text)) is not None and \
            not has_cue("cessation", lang, clause.text[:since.start()] + clause.text[since.end():]):
        cues = replace(cues, cessation=False)  # "been there since he left school": how long
        # he has been there, nothing left now
    if cues.cessation and has_cue("drop_off", lang, clause.text):
        cues = replace(cues, cessation=False)  # "dejé a los niños en el colegio": no quitting
    cannot = has_cue("inability", lang, clause.text)  # "I can't swim, never learned"
    if cannot and slot == "dislikes":
        slot = "personal"  # what the user cannot do, no dislike
    if slot in _FREE_TEXT_SLOTS and not named_person and not item.people and not days and \
            not (cues.correction or moves or cannot) and \
            _says_nothing_in_particular(span, lang) and \
            not (cues.habit and said_weekday(span) is not None):  # ("Je télétravaille le
        # vendredi" is a habit: a short clause, but one that names its day)
        reading.flags.append("skipped:nothing_in_particular")  # "ho una fame", "je sais
        # pas comment l'aider": a mood or a remark, nothing to remember
        return None
    if slot == "dislikes" and cue_pattern("aversion", lang) and \
            not (cues.correction or cues.cessation or cues.change or cues.start) and \
            not has_cue("aversion", lang, clause.text) and not _names_entity(span, lang):
        reading.flags.append("skipped:no_aversion")  # "ik geloof er geen bal van", "non ci
        # crederai": a negated remark the classifier leans to a dislike, with nothing said
        # disliked nor named ("l'appart à Outremeuse est trop bruyant" names the home; a
        # cancelled membership is an end)
        return None
    info = SLOTS.get(slot) or SLOTS["personal"]
    subcategory = info.subcategory
    valid_from = valid_to = None
    one_day = not cues.one_off and _one_past_day(slot, tense, days, cues, at)
    one_off = (cues.one_off or one_day) and not cues.habit
    unresolved = False
    temporal_text = None
    if days:
        first = days[0]
        start = datetime.combine(first.first, datetime.min.time(), tzinfo=at.tzinfo)
        end = datetime.combine(first.end, datetime.min.time(), tzinfo=at.tzinfo)
        temporal_text = found.text if found is not None else None
        anchor = found.anchor if found is not None else TemporalAnchor.AT
        if held:
            anchor = TemporalAnchor.SINCE  # "vive en Lima hace dos años": since then
        if slot == "event" or one_off:
            valid_from, valid_to = start, end
            if first.granularity in (Granularity.MONTH, Granularity.YEAR) and slot == "event":
                valid_to = end
            elif slot == "event" and (last := range_end(span, at, dates_tense)) is not None:
                # "Lisbon with Sarah, May 14 to May 18": the whole stay, not its first day
                valid_to = datetime.combine(last, datetime.min.time(), tzinfo=at.tzinfo)
            if end <= at and slot == "event":
                subcategory = Subcategory.EVENT_HISTORICAL
        elif anchor is TemporalAnchor.UNTIL:
            valid_to = end
        elif cues.start or cues.change or anchor is TemporalAnchor.SINCE or tense == "past":
            valid_from = start
    elif found is not None and not found.resolved and slot == "event":
        unresolved, temporal_text = True, found.text
    elif (when := _WHEN_EVENT.search(clause.text)) is not None and tense != "past" and \
            not cues.habit and (  # "immer wenn …" is a habit, not a day to come
            slot == "event" or _FUTURE_MARKERS.get(lang, _NO_MATCH).search(clause.text)):
        unresolved, temporal_text = True, when.group(0)
    if one_off and valid_from is None:
        day = at.replace(hour=0, minute=0, second=0, microsecond=0)
        valid_from, valid_to = day, day + timedelta(days=1)
    if valid_from is None and slot not in ("event",) and not leaving_only:
        began = _duration_start(clause.text, lang, at)
        if began is not None:
            valid_from = began
    begins = None if days or valid_from is not None or slot not in _ENTITY_SLOTS or \
        cues.cessation or leaving_only else _start_said_beside(clause, at)
    if begins is not None:
        valid_from = begins
    confidence = 0.9 * (HEDGE_FACTOR if cues.hedge else 1.0)
    structured = _structured(item, slot, dated_span, lang)
    if home_left is not None:  # the home the user moved into, else the one they left
        home = new_home or home_left[1]
        structured = (home, f"The user lives in {home}")
    text = structured[1] if structured else \
        _text_for(item, slot, _without_what_ended(dated_span, lang), lang)
    if structured and valid_from is not None and found is not None and found.resolved and \
            not leaving_only:  # a home left ends then
        text = f"{text} (since {_day_words(valid_from)})"
    elif begins is not None:
        text = f"{text} (from {_day_words(begins)})"
    # the way to work, the job and the employer are no things done at work ("je vais au
    # travail à vélo": "au travail" is also "at work"; "works at a bank (at work)"), so a new
    # way, job or employer replaces them; nor is a home a thing done at home ("je marche le
    # soir près de chez moi à Yopougon": "chez moi" is the home itself), so a new home ends it;
    # nor is an employer held at home ("I work the front desk at the Sea Grape Hotel …, and
    # it's an hour on the van home": the way home, said beside it; a job may be done in
    # homes: "mobile Friseurin … bei älteren Leuten daheim")
    context = None if (slot in _WORK_ITSELF and cues.context == "at work") or \
        (slot in ("residence", "employer") and cues.context == "at home") else cues.context
    if context and context not in text:
        text = f"{text} ({context})"
    if unresolved:
        text = f"{text} (date not known yet)"
    category = category_of(subcategory)
    privacy = assess_privacy(clause.sentence, category=category, subcategory=subcategory).level
    if secret:
        privacy = stricter(privacy, PrivacyLevel.SECRET)
    corrects = _corrected_value(clause) if cues.correction else None
    corrected_weekday = None
    if only_a_day:
        corrects = LAST_DATED  # the day said last is the one corrected
    elif corrects:
        text = _without_old_value(text, corrects, lang)
        if text.rstrip().endswith(":"):  # "可乐是我手滑打错": only the wrong value, said
            reading.flags.append("skipped:correction_header")
            return None
        if (old_day_held := _day_set_against(clause, at)) is not None:
            if said_weekday(corrects) is not None:  # a habit may state the weekday itself
                corrected_weekday = CORRECTED_WEEKDAY + corrects
            corrects = str(old_day_held.first.day)  # "拿报告不是大后天，是后天": the day held
    elif cues.correction and (rest != span or headed or _correction_said_last(clause)):
        corrects = RESTATED  # "errei, a festa vai ser em Braga": the festa said before
    if cues.correction:
        text = _without_correction_words(text, lang) or text
        text = _TRAILING_APOLOGY.sub("", text) or text  # "…, niet in Utrecht, sorry"
    if lang == "zh":
        text = _LATIN_IN_HAN.sub(" ", text)  # "搬进Punggol的新家" → "搬进 Punggol 的新家"
    obj = structured[0] if structured else _object_of(text, dated_span, item, lang)
    return FactCandidate(
        category=category, subcategory=subcategory, subject=item.subject,
        predicate=info.predicate, object=obj, confidence=round(confidence, 4),
        emotional_intensity=0.4 if cues.one_off or slot == "event" else 0.3,
        privacy=privacy, temporal_text=temporal_text, valid_from=valid_from,
        valid_to=valid_to, temporal_unresolved=unresolved, language=lang,
        source_text=clause.sentence, negated=False,
        is_change=cues.change or cues.cessation or cues.start or switched is not None or tenure,
        is_correction=cues.correction, one_off=one_off, context=context,
        text=text, slot=slot, evidence=clause.text, corrects=corrects,
        exclusive=cues.exclusive and (cues.change or cues.habit) and tense != "past" and
        not _only_of_another(clause.text, lang),
        cessation=cues.cessation, switched_from=switched[1] if switched else None,
        rescheduled=rescheduled,
        called_off=not cues.negated and has_cue("called_off", lang, clause.text),
        remark=not structured,
        flags=(*(("unresolved_date",) if unresolved else ()),
               *(("only_as_correction",) if weak else ()),
               *((ONE_PAST_DAY,) if one_day and one_off else ()),
               *((corrected_weekday,) if corrected_weekday else ()),
               *((f"{MOVED_BY}{moved_by[0]} {moved_by[1]}",) if moved_by else ())),
    )


_ZH_WORKPLACE = re.compile(
    r"在(?P<org>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:做|当)[\u4e00-\u9fffA-Za-z]{0,6}?"
    r"(?:经理|工程师|师|员|设计|主管|总监|医生|护士|顾问|销售|实习生|记者|编辑|工人|司机|开发|运营)"
    r"|在(?P<org2>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:上班|工作|实习)")
_NOT_WORKPLACES = ("家", "这", "那", "外面", "路上", "床上")


_PRONOUN_OBJECT: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)^(?:i|we)\s+(?:\w+\s+){0,2}?\w+\s+(?:it|that|this|them|those|"
                     r"these)(?:\s+(?:so\s+much|a\s+lot|too|already|now))?$"),
}
"""A clause whose verb's only object is a pronoun ("I love it", "we hate that"): what it is
about was said elsewhere, so alone it states nothing."""


_POINTING_BACK: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<!\w)(?:" + words + r")[\s.!…]*$") for lang, words in {
        "en": r"that\s+one|this\s+one|that|this|those|these|it|them",
        "de": r"den|die|das|diesen|diese|dieses|davon",
        "fr": r"celui-là|celle-là|celui-ci|celle-ci|ceux-là|celles-là|ça|cela",
        "es": r"ese|esa|eso|este|esta|esos|esas",
        "it": r"quello|quella|questo|questa|quelli|quelle",
        "pt": r"esse|essa|isso|este|esta|aquele|aquela",
        "nl": r"die|dat|deze|dit"}.items()}
_POINTING_BACK["zh"] = re.compile(r"(?:那个|这个|那种|这种|那家|这家)[了。！!]*$")
"""A clause that ends on a pronoun pointing back ("je n'achète plus que celui-là", "only that
one now"): with "only", what it keeps was named elsewhere, so alone it ends every other value
of its kind for nothing."""


_SWITCHED_FROM: dict[str, tuple[str, str]] = {
    # (the switch verb, anywhere in the clause; "from X " before the new value, X as old)
    "en": (r"switch(?:ed|ing)?|mov(?:ed|ing)|chang(?:ed|ing)|went|gone|convert(?:ed)?|"
           r"upgrad(?:ed|ing)|downgrad(?:ed|ing)|swapp?(?:ed|ing)",
           r"from\s+(?:the\s+|my\s+)?(?P<old>[\w'’-]+(?:\s+[\w'’-]+)?)\s+(?=to\s)"),
    "de": (r"umgestiegen|gewechselt|umgesattelt|umgestellt|umgezogen|gezogen",
           r"von\s+(?:der\s+|dem\s+|den\s+|meinem\s+|meiner\s+)?(?P<old>[\wäöüß-]+)\s+"
           r"(?=(?:auf|zu|zum|zur|nach|in)\s)"),
    "fr": (r"pass[ée]e?s?|chang[ée]e?s?|switch[ée]e?s?|déménagée?s?",
           r"(?:du|des|de\s+la|de\s+l'|de|d')\s*(?P<old>[\w-]+(?:\s+(?:de|d')\s*[\w-]+)?)\s+"
           r"(?=(?:au|aux|à)\s)"),
    "es": (r"pasé|pasado|cambié|cambiado|me\s+mudé|nos\s+mudamos",
           r"(?:del|de\s+la|de)\s+(?P<old>[\w-]+(?:\s+(?:de|con)\s+[\w-]+)?)\s+(?=(?:al|a)\s)"),
    "it": (r"passat[oaie]|cambiat[oaie]|trasferit[oaie]",
           r"(?:dal|dalla|dallo|dall'|da)\s*(?P<old>[\w-]+(?:\s+(?:di|al)\s+[\w-]+)?)\s+"
           r"(?=(?:al|alla|allo|all'|a)\b)"),
    "pt": (r"mudei|mudamos|passei|passamos|troquei",
           r"(?:do|da|de)\s+(?P<old>[\w-]+(?:\s+(?:de|com)\s+[\w-]+)?)\s+"
           r"(?=(?:para|pra|pro)\s)"),
    "nl": (r"overgestapt|overgeschakeld|gewisseld|geswitcht|verhuisd",
           r"van\s+(?:de\s+|het\s+|mijn\s+)?(?P<old>[\w-]+)\s+(?=naar\s)"),
    "zh": (r"换成|改成|转成|换到|改到|转到|变成|搬到",
           r"从(?P<old>[\u4e00-\u9fff]{1,5}?)(?=换成|改成|转成|换到|改到|转到|变成|搬到)"),
}
"""A change that names the value it leaves ("I switched from piano to cello", "bin von der
Geige auf die Bratsche umgestiegen", "passé du piano au violoncelle", "从钢琴换成大提琴"):
the old value is what ends, and the fact says only where the user went."""


_LEFT_HOME: dict[str, tuple[str, str]] = {
    # (leaving words, prepositions before the place of a home named first: "our flat in X")
    "en": (r"moved\s+out\s+of|moving\s+out\s+of|(?:got\s+|get\s+|getting\s+)?out\s+of|left",
           r"in|at|on"),
    "de": (r"(?:raus|weg|ausgezogen|weggezogen)\s+aus", r"in|im|am"),
    "fr": (r"quitté|quittons|quitter|sortis\s+de|partis\s+de", r"à|a|au|en|dans"),
    "es": (r"dejamos|dejé|dejado|salimos\s+de(?:l)?|salí\s+de(?:l)?|nos\s+fuimos\s+de(?:l)?",
           r"de|en"),
    "it": (r"lasciato|lasciata|lasciati|lasciate|lasciamo|usciti\s+da|uscito\s+da|"
           r"andati\s+via\s+da", r"a|in|di"),
    "pt": (r"saímos\s+d[oae]|saí\s+d[oae]|deixamos|deixei", r"em|no|na|de|do|da"),
    "nl": (r"weg\s+uit|vertrokken\s+uit|verhuisd\s+uit", r"in|op|aan"),
}
"""A move that names the home the user left, before or without the new one ("finally out of
our tiny place in Leeds", "raus aus der Wohnung in Altona", "dejamos el piso de Lavapiés",
"weg uit ons huis in de Oosterpoort"): the leaving words, then the place itself or a few
words for the home and a preposition before it. ("from X to Y" is a switch,
:data:`_SWITCHED_FROM`.)"""

_LEFT_HOME_VERB_LAST: dict[str, str] = {
    "de": r"(?:von|aus)\s+(?:der\s+|dem\s+)?(?P<place>" + _PROPER + r")\s+"
          r"(?:weg|fort|weggezogen|fortgezogen|ausgezogen)(?!\w)",
    "nl": r"uit\s+(?P<place>" + _PROPER + r")\s+(?:weg|vertrokken|verhuisd|weggegaan)(?!\w)",
}
"""A home left said with the place before the verb's particle, as Germanic verbs put it
last ("heuer ziehen wir von Graz weg", "we zijn uit Utrecht vertrokken")."""

_HOME_WORD = re.compile(
    r"(?i)(?:place|flat|apartment|house|home|studio|room|bedsit|cottage|basement|condo|loft|"
    r"wohnung|haus|wg|zimmer|bude|appart|appartement|maison|logement|chambre|coloc|piso|casa|"
    r"apartamento|estudio|departamento|depa|habitación|appartamento|monolocale|bilocale|"
    r"trilocale|stanza|alloggio|apê|quitinete|kitnet|huis|woning|kamer)\s+$")
"""A word for a home, last before the place's preposition, or the end of one ("our tiny place
in", "ons krappe bovenhuis in", "der Altbauwohnung in"): a thing left there is no home
left."""

_FOR_A_NEW_HOME: dict[str, str] = {
    "en": r"for", "de": r"für|nach", "fr": r"pour", "es": r"por|para", "it": r"per",
    "pt": r"por|para|pra", "nl": r"voor|naar",
}
"""Words that lead from the home left to the one it was left for ("quitté notre studio à
Villeurbanne pour un appart à Lyon")."""


_A_THINGS_DAY = re.compile(
    r"(?i)(?<!\w)(?:is|ist|est|es|è|é|zijn|sind)\s+(?:de|het|the|der|die|das|la|le|el|il|a|o|"
    r"l['’])\s*[^\W\d_]{3,}")
"""A day said with the thing it is the day of ("Overmorgen is de stoet", "tomorrow is the
parade", "domenica è la sagra"): that thing's day, no small talk."""

_SINCE_LEFT = re.compile(
    r"(?i)(?<!\w)(?:since|seit|depuis\s+qu['’]|desde\s+que|da\s+quando|sinds)\s+"
    r"(?:[\w'’]+\s+){0,3}?(?:left|verlassen|quitté|quitte|dejó|dejé|lasciato|lasciata|saiu|saí|"
    r"verliet|verlaten)(?!\w)(?:\s+(?:school|uni|college|home|die\s+Schule|l['’]école|"
    r"la\s+escuela|el\s+cole|la\s+scuola|a\s+escola|de\s+school))?")
"""A start said by what was left before it ("been there since he left school", "seit sie die
Schule verlassen hat"): how long something has held, no cessation."""

_SOLD = re.compile(r"(?i)(?<!\w)(?:sold|sell|verkauft|verkaufe|vendu|vends|vendí|vendido|"
                   r"vendimos|vendi|vendeu|vendemos|venduto|venduta|vendo|verkocht|verkoop)(?!\w)|卖了|卖出")
"""A sale, which ends what the user owned ("sold my piano"), but at work is the work itself
("ho venduto tre macchine in concessionaria"): no cessation of the job."""


_NEVER_A_THING = frozenset({"drink", "food", "diet", "language", "health", "pet",
                            "personal"})
"""Slots a clause that names a phone, a car or an app (:mod:`lucidmem.facts.one_at_a_time`) is
never in, whatever the classifier makes of a brand it has not seen ("宝腾 X50，白色的" is no
drink, "Das Fairphone ist da" no language): it is a thing the user uses. Work is not among
them: a brand is also a company ("在华为上班", "ich arbeite bei Audi")."""


_NEVER_AN_INSTRUMENT = frozenset({"drink", "food", "diet", "commute", "health", "language",
                                  "pet", "tech", "routine"})
"""Slots a clause that names a musical instrument (:data:`INSTRUMENTS`) is never in: "Ich
hab seit Wochen keine Taste mehr angerührt, nur noch Cello" is no drink, "agora só
violoncelo, todas as noites" no routine of the day, whatever the classifier makes of it. The
user plays it, a pastime (the "hobby" slot), so that "only the cello now" ends the piano as
one pastime replacing another. A clause read as a sport or a hobby stays where it is, and
one about music or work too ("the cello eats all my practice time" may be work, "I listen
to cello suites" is music)."""


_LISTENING: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)" + pattern) for lang, pattern in {
        "en": r"\b(?:listen\w*|hear\w*|heard)\b",
        "de": r"\b(?:hör\w*|gehört|anhör\w*)\b",
        "fr": r"\b(?:écout\w*|entend\w*)\b",
        "es": r"\b(?:escuch\w*|oigo|oír)\b",
        "it": r"\b(?:ascolt\w*|sento|sentire)\b",
        "pt": r"\b(?:escut\w*|ouç\w*|ouv\w*)\b",
        "nl": r"\b(?:luister\w*|hoor\w*|gehoord)\b",
        "zh": r"听",
    }.items()}
"""Verbs of listening: a clause read as music that names an instrument and says a change or a
habit without one ("agora só violoncelo, todas as noites meia hora", "nur noch Cello") is the
user playing it, a pastime (:data:`_NEVER_AN_INSTRUMENT`); "now I only listen to cello
suites" stays music."""


def _instrument_pattern(lang: str, words: tuple[str, ...]) -> re.Pattern[str]:
    body = "|".join(r"\s+".join(re.escape(w) for w in word.split())
                    for word in sorted(words, key=len, reverse=True))
    if lang == "zh":
        return re.compile(body)
    tail = r"\w*" if lang in ("de", "nl") else ""
    return re.compile(r"(?<!\w)(?:" + body + r")" + tail + r"(?!\w)", re.IGNORECASE)


_INSTRUMENT_SAID = {lang: _instrument_pattern(lang, words) for lang, words in INSTRUMENTS.items()}
""":data:`INSTRUMENTS` as one pattern per language (German and Dutch ones also begin a
compound: "Klavierstunde", "celloles")."""


def _names_instrument(text: str, lang: str) -> bool:
    """Whether ``text`` names a musical instrument ("nur noch Cello", "la chitarra", "练大提琴",
    "de Klavierstunde"); "abito al terzo piano" does not (Italian "piano" is not listed)."""
    pattern = _INSTRUMENT_SAID.get(lang)
    return pattern is not None and pattern.search(text) is not None


_SCHEDULE_SLOTS = frozenset({"routine", "diet", "food", "drink", "work"})
"""Slots of what the user does at set times or eats and drinks, again and again: said of one
day to come, the clause is an appointment (:func:`_one_day_to_come`): "mañana viene mi abuela
a comer y quiero q vea q sin carne tb se come bien" is a lunch tomorrow, no new diet."""


def _one_day_to_come(days: Sequence[Days], cues: Cues, at: datetime) -> bool:
    """Whether a clause names one day still to come and says no habit, start or change of
    one ("tomorrow at 5 I have a trial day", not "from Monday I get up at 6")."""
    return len(days) == 1 and days[0].granularity is Granularity.DAY and \
        days[0].first > at.date() and (days[0].end - days[0].first).days <= 1 and \
        not (cues.habit or cues.change or cues.start or cues.cessation)


_HABIT_SLOTS = frozenset({"commute", "exercise", "drink", "food", "routine"})
"""Slots whose facts are habits: one day's act in them is no new habit."""


def _one_past_day(slot: str, tense: str | None, days: Sequence[Days], cues: Cues,
                  at: datetime) -> bool:
    """A habit's kind of act done on one past day ("today I took the bus", "gestern bin ich
    nicht gelaufen"): an exception to the habit held, if one is (flagged ``ONE_PAST_DAY``:
    with no habit it stands from that day on, as any past statement); a change ("since
    Monday I take the bus") is none."""
    return slot in _HABIT_SLOTS and tense == "past" and len(days) == 1 and \
        days[0].granularity is Granularity.DAY and days[0].first <= at.date() and \
        (days[0].end - days[0].first).days <= 1 and \
        not (cues.change or cues.start or cues.cessation)


def _switched_from(span: str, lang: str) -> tuple[str, str] | None:
    """(span without "from X", X) when the clause is a switch that names its old value."""
    verbs, source = _SWITCHED_FROM.get(lang, ("", ""))
    if lang != "zh":  # whole words, any case
        verbs, source = r"(?i)(?<!\w)(?:" + verbs + r")(?!\w)", r"(?i)(?<![\w'])" + source
    m = re.search(source, span) if verbs and re.search(verbs, span) else None
    if m is None or not content_words([m["old"]]):
        return None
    return re.sub(r"\s{2,}", " ", span[:m.start()] + span[m.end():]).strip(), m["old"]


MOST_WORDS_TO_THE_HOME = 3
"""How near after the time spent the kind of home must be said ("… che stiamo al podere")."""


def _time_in_a_place(span: str, lang: str) -> bool:
    """Whether the clause says how long the user has been in a named place, in weeks,
    months or years: a home, said without a verb of living ("depuis trois semaines qu'on
    est à Angré", "we've been in Leith for two months", "llevamos dos meses en Nervión").

    >>> _time_in_a_place("da tre mesi siamo a Quartu", "it")
    True
    >>> _time_in_a_place("da tre mesi siamo stanchi", "it")
    False
    """
    found = find_cue("time_in_a_place", lang, span)
    if found is None:
        return False
    if _proper_after(span[found.start():], lang, _PLACE_PREP, set()) is not None:
        return True
    # or a home named by its kind right after ("sono tre settimane che stiamo al podere")
    after = re.findall(r"[\w'’-]+", span[found.end():])[:MOST_WORDS_TO_THE_HOME]
    return any(w.casefold() in _HOME_WORDS.get(lang, ()) for w in after)


def _home_left(span: str, lang: str) -> tuple[str, str] | None:
    """(span without the words that leave the home, its place) when a clause says the user
    left a home (:data:`_LEFT_HOME`).

    >>> _home_left("finally out of our tiny place in Leeds", "en")
    ('finally', 'Leeds')
    >>> _home_left("por fin dejamos el piso de Lavapiés", "es")
    ('por fin', 'Lavapiés')
    >>> _home_left("im Frühling ziehen wir von Graz weg", "de")
    ('im Frühling ziehen wir', 'Graz')
    >>> _home_left("I'm flying to Leeds", "en") is None
    True
    """
    last = _LEFT_HOME_VERB_LAST.get(lang)
    away = None if last is None else re.search(last, span)
    if away is not None:
        place = without_trailing_date_words(away["place"].strip())
        if place and place.split()[0].casefold() not in _NOT_NAME_WORDS:
            rest = span[:away.start()] + span[away.end():]
            return re.sub(r"\s{2,}", " ", rest).strip(" ,;"), place
    leaving, preps = _LEFT_HOME.get(lang, ("", ""))
    if not leaving:
        return None
    for m in re.finditer(r"(?i:(?<![\w'’])(?:" + leaving + r"))\s+(?:(?P<home>(?i:(?:[\w'’-]+\s+)"
                         r"{1,4}?))(?i:" + preps + r")\s+(?:(?i:the|der|dem|la|le|el|il|o|a|de|"
                         r"het)\s+)?)?(?P<place>" + _PROPER + ")", span):
        place = without_trailing_date_words(m["place"].strip())
        if m["home"] and not _HOME_WORD.search(m["home"]):
            continue  # "I left my umbrella in Norwich": no home
        if place and place.split()[0].casefold() not in _NOT_NAME_WORDS:
            rest = span[:m.start()] + span[m.start("place") + len(place):]
            return re.sub(r"\s{2,}", " ", rest).strip(" ,;"), place
    return None


def _new_home_said(rest: str, lang: str) -> str | None:
    """The place of the new home a clause that leaves one names beside it ("ab jetzt wohnen
    wir in Ottensen", "pour un appart à Lyon"): a place after words of living or of what the
    home was left for. ``None`` for a place said otherwise ("na twee jaar zoeken in
    Groningen": where the user searched).

    >>> _new_home_said("on a enfin pour un appart à Lyon", "fr")
    'Lyon'
    >>> _new_home_said("na twee jaar zoeken in Groningen eindelijk", "nl") is None
    True
    """
    leads = _FOR_A_NEW_HOME.get(lang)
    if leads is None or not (has_cue("dwelling", lang, rest) or
                             re.search(r"(?i)(?<!\w)(?:" + leads + r")(?!\w)", rest)):
        return None
    return _proper_after(rest, lang, {lang: f"{leads}|{_PLACE_PREP[lang]}"}, set())


def _ends_pointing_back(span: str, lang: str) -> bool:
    pattern = _POINTING_BACK.get(lang)
    return pattern is not None and pattern.search(span.strip()) is not None


def _past_act_without_subject(span: str, lang: str) -> bool:
    """An English clause with no subject that starts with a past tense ("Already found a
    dentist", "Booked a nurse for Monday"): an act of the moment, never the user's job."""
    if lang != "en" or _has_subject(span, lang):
        return False
    words = re.findall(r"[\w']+", span)
    while words and words[0].casefold() in ("already", "just", "finally", "also", "only"):
        words = words[1:]
    return bool(words) and is_past_verb(words[0])


_OTHER_DET: dict[str, str] = {
    "en": r"the|a|an|this|that|his|her|their|some",
    "de": r"der|die|das|ein|eine|dieser|diese|dieses|sein|seine|ihr|ihre|frau|herr",
    "fr": r"le|la|les|l['’]|un|une|ce|cet|cette|ces|son|sa|ses|leur|leurs|madame|monsieur|mme",
    "es": r"el|la|los|las|un|una|este|esta|ese|esa|su|sus|don|doña|señor|señora",
    "it": r"il|lo|la|i|gli|le|l['’]|un|uno|una|un['’]|questo|questa|quel|quella|quello|suo|sua|"
          r"signor|signora",
    "pt": r"o|a|os|as|um|uma|esse|essa|este|esta|aquele|aquela|seu|sua|dona|senhor|senhora",
    "nl": r"de|het|een|die|dat|deze|dit|zijn|haar|hun|mevrouw|meneer",
}
"""Determiners (and titles) that open a noun phrase naming someone or something other than
the user: never a first-person possessive ("my flat is in Kreuzberg" is the user's fact)."""

_OTHER_PAST: dict[str, str] = {
    "en": r"got|made|took|came|went|said|told|gave|left|ate|sent|brought|bought|won|lost|"
          r"found|(?:has|have)\s+(?:\w+\s+)?\w+(?:ed|en)|"
          r"(?!(?:called|named|based|located|owned|run|used|known)\b)\w{2,}ed",
    "de": r"(?:hat|haben|hatte|hatten)\b(?=.*\bge\w+[tn]\b)|(?:ist|sind)\b(?=.*\bge\w+en\b)",
    "fr": r"(?:(?:m['’]|me\s+|nous\s+|lui\s+|leur\s+|s['’]|se\s+)?(?:a|ont|est|sont)\s+"
          r"(?:\w+\s+)?\w+(?:é|ée|és|ées|i|ie|it|u|ue|is|ert))",
    "es": r"(?:(?:me|nos|le|les|lo|la|se)\s+)?(?:\w{2,}ó|\w+aron|\w+ieron|"
          r"(?:ha|han)\s+\w+(?:ado|ido|isto|echo|icho))",
    "it": r"(?:(?:mi|ci|gli|le|si)\s+|m['’]|c['’])?(?:(?:ha|hanno)\s+(?:\w+\s+)?"
          r"\w+(?:at|ut|it|tt|st|s)[oaie]|è\s+(?:\w+\s+)?\w+(?:at|ut|it)[oaie])",
    "pt": r"(?:(?:me|nos|lhe|se)\s+)?(?:"
          r"(?!(?:estou|sou|vou|dou)\b)\w{2,}(?:ou|eu|iu)|\w+(?:aram|eram|iram))|"
          r"(?:tá|está|estava|estão)\s+(?:me\s+|nos\s+)?\w+ndo",
    "nl": r"(?:heeft|hebben|had|hadden)\b(?=.*\bge\w+[dtn]\b)|(?:is|zijn)\b(?=.*\bge\w+en\b)",
}
"""A verb of action in the third person and the past (or, in Portuguese, the progressive
"tá me enlouquecendo"), after the noun phrase its subject: forms the user never uses of
themselves (no "sono" / "ich war" reading: a first-person subject anywhere rules the clause
out). A bare copula ("le 81 était en panne", "el examen fue ayer") is left out: a thing's
state or an event's day can be the user's fact."""

_MINE = (r"my|our|mein\w*|unser\w*|mon|ma|mes|notre|nos|mi|mis|mio|mia|miei|mie|nostr\w+|"
         r"meu|minha|meus|minhas|noss\w+|mijn|ons|onze")
"""First-person possessives: a noun phrase with one is the user's own ("il mio appartamento
è stato allagato")."""

_FIRST_PERSON_SUBJECT: dict[str, str] = {
    "en": r"i|i'm|i've|i'd|i'll|we|we're|we've", "de": r"ich|wir|hab|bin",
    "fr": r"je|j['’]|nous|on", "es": r"yo|nosotros|nosotras", "it": r"io|noi",
    "pt": r"eu|nós|a gente", "nl": r"ik|we|wij|'k",
}


def _someone_elses_act(text: str, lang: str) -> bool:
    """Whether the clause tells what someone or something else did ("a Larissa amou o
    terrário", "un cliente tedesco mi ha chiesto se …", "Frau Yilmaz hat mich auf die Idee
    gebracht", "le voile a fait le boulot"): its subject is a noun phrase that is not the
    user's and its verb a third person in the past; the user is at most its object, so the
    clause is no fact of the user's (the callers keep health, work, home and changes)."""
    det, past, me = _OTHER_DET.get(lang), _OTHER_PAST.get(lang), \
        _FIRST_PERSON_SUBJECT.get(lang)
    if det is None or past is None or me is None:
        return False
    flat = text.replace("’", "'")
    if re.search(r"(?i)(?<![\w'])(?:" + me + r")(?![\w])", flat):
        return False
    pattern = re.compile(r"(?i)^(?:" + det + r")\s*(?<=['\s])(?:(?!(?:" + _MINE + r")\s)"
                         r"[\w'-]+\s+){1,3}?(?:" + past + r")(?!\w)")
    bodies = {flat.strip(), after_short_lead(flat.strip())}
    return any(pattern.match(body) for body in bodies)


_ONLY_OF_ANOTHER: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)" + pattern) for lang, pattern in {
        # "the only thing that still makes me twitchy": a subject relative ("that makes"),
        # not "the only thing (that) I drink"
        "en": r"\bonly\s+(?:\w+\s+)?(?:that|which|who)\s+(?!i\b|i'|we\b)",
        # "das Einzige, was mich nervt" / "die einzige Sache, die mir fehlt", not "was ich"
        "de": r"\beinzig\w*(?:\s+\w+)?\s*,?\s+(?:was|das|der|die|den|dem)\s+"
              r"(?!ich\b|wir\b)(?:\w+\s+){0,3}?(?:mich|mir|uns)\b",
        # "la seule chose qui m'énerve": qui is the subject
        "fr": r"\bseul(?:e|s|es)?\s+(?:\w+\s+)?qui\b",
        # "lo único que me pone nervioso", not "lo único que me gusta / que bebo"
        # (a verb in the first person, "que me compro", keeps the user its subject)
        "es": r"\búnic[oa]s?\s+(?:\w+\s+)?que\s+(?:me|nos)\s+"
              r"(?!(?:gusta|gustan|encanta|encantan|apetece|interesa)\b)(?!\w+o\b)\w+",
        "it": r"\bunic[oa]\s+(?:\w+\s+)?che\s+(?:mi|ci|m['’])\s*"
              r"(?!(?:piace|piacciono|interessa|va)\b)(?!\w+o\b)\w+",
        "pt": r"\búnic[oa]s?\s+(?:\w+\s+)?que\s+(?:me|nos)\s+"
              r"(?!(?:agrada|interessa)\b)(?!\w+o\b)\w+",
        # "het enige wat me nog zenuwachtig maakt", not "het enige wat ik drink"
        "nl": r"\benige\s+(?:\w+\s+)?(?:wat|dat|die)\s+(?!ik\b|we\b|wij\b)"
              r"(?:\w+\s+){0,3}?(?:me|mij|ons)\b",
        "zh": r"唯一.{0,6}?(?:让|使|令|叫)我",
    }.items()}
""""Only" inside a phrase whose verb acts on the user ("now the work laptop is the only thing
that still makes me twitchy", "la seule chose qui m'énerve", "唯一让我头疼的"): the user's
own things and habits are not said to be only this, so no other value of its kind ends."""


def _only_of_another(text: str, lang: str) -> bool:
    pattern = _ONLY_OF_ANOTHER.get(lang)
    return pattern is not None and pattern.search(text.replace("’", "'")) is not None


_KEPT_FROM_OTHERS = frozenset({"health", "employer", "occupation", "residence"})
"""Slots in which what someone else did still says something lasting about the user ("the
company hired me", "il medico mi ha diagnosticato l'asma")."""

_KEPT_FROM_OTHERS_IF_WORK_SAID = frozenset({"employer", "occupation"})
"""Of :data:`_KEPT_FROM_OTHERS`, the work slots: someone else's act is the user's work only
when the clause says work (a word of working, a kind of workplace: "the company hired me"),
not when a tradesman is its subject ("the plumber fixed the leak", "Herr Becker hat mir das
Fahrrad repariert"), which the classifier reads as a job."""


def _kept_from_others(slot: str, text: str, lang: str) -> bool:
    """Whether someone else's act read as ``slot`` still says something of the user's."""
    if slot not in _KEPT_FROM_OTHERS:
        return False
    if slot not in _KEPT_FROM_OTHERS_IF_WORK_SAID or lang not in _WORKING:
        return True
    return _says_working(text, lang) or _names_a_kind_of_workplace(text, lang)


def _began(found: TemporalResolution | None, cues: Cues, days: Sequence[Days],
           at: datetime) -> bool:
    """Whether a clause says that a state began ("since January", "da gennaio", "seit
    März"): a date read as a beginning, or a change said with no day still to come."""
    if found is not None and found.anchor is TemporalAnchor.SINCE:
        return True
    return (cues.change or cues.start) and not cues.one_off and \
        not any(d.first > at.date() for d in days) and found is None


_NEEDS_COMPLEMENT: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)^(?:i'm|i am|i'm not|i am not|i was|i wasn't)\s+(?:not\s+)?"
                     r"(?:really\s+|very\s+|that\s+)?(?:allergic|intolerant|sensitive|afraid|"
                     r"scared|interested|used|fond|sure|aware|keen|into)$"),
}
"""A state that needs its object ("I'm not allergic", "I'm not sure"): said alone, what it
is about was said elsewhere (often by the assistant), so it states nothing."""

_MOMENT: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)^it's\s+(?:the\s+|a\s+)?(?:morning|afternoon|evening|night|"
                     r"weekend|middle of the night|day before|evening before|night before)\b"),
}
"""A clause that says what time it is now ("it's the evening before a shift"): the moment
of the turn, not a fact that lasts."""

_THING_SUBJECT: dict[str, str] = {
    "en": r"(?:sounds|looks|seems)\s+(?:like|good|great|nice|fun|right|perfect|interesting)\b",
    "de": r"(?:klingt|hört\s+sich|sieht\s+\w+\s+aus)\b",
    "fr": r"(?:ça|ca|cela)\s+(?:a\s+l'air|semble|sonne)\b",
    "es": r"(?:suena|suenan)\b",
    "it": r"(?:suona|suonano)\s+(?:bene|come|male)\b",
    "pt": r"(?:soa|soam)\b",
    "nl": r"(?:klinkt|lijkt\s+me)\b",
    "zh": r"(?:听起来|看起来)",
}
"""A clause that judges what was just said or shown ("sounds like consultant speak",
"klingt gut", "ça a l'air bien", "听起来不错"), with no subject of its own."""

_CONCLUSION: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:" + words + r")\b") for lang, words in {
        "en": r"so|therefore|which means", "de": r"also|daher|deshalb", "fr": r"donc|du coup",
        "es": r"así que|entonces|por eso", "it": r"quindi|dunque|perciò",
        "pt": r"então|portanto|por isso", "nl": r"dus|daarom"}.items()}
_CONCLUSION["zh"] = re.compile(r"^(?:所以|因此|那就)")
"""A clause with no subject that draws a conclusion from what was said ("So no satay sauce,
which rules out half of her favourite dishes"): it restates, it adds no fact."""

_WHAT_IS_WANTED: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)^\W*(?:" + words + r")\b") for lang, words in {
        "en": r"something|anything", "de": r"etwas|irgendwas|irgendetwas|was", "fr":
        r"quelque chose|un truc", "es": r"algo", "it": r"qualcosa", "pt": r"algo|alguma coisa",
        "nl": r"iets"}.items()}
_WHAT_IS_WANTED["zh"] = re.compile(r"^(?:来点|来个|要点|随便)")
"""A clause with no subject that opens with "something" ("Something French, it's our last
dinner here", "etwas Leichtes"): it describes what the user asks for, not a fact."""

def _about_a_thing(text: str, lang: str) -> bool:
    """Whether the clause judges what was said or shown and does not name the user at all
    ("sounds like consultant speak", "klingt gut"): a comment, no fact about the user. (A
    clause about a thing in general, "it's 40 min each way", can be the user's fact.)"""
    subject, user = _THING_SUBJECT.get(lang), THE_USER_IN.get(lang)
    if subject is None or user is None:
        return False
    bodies = {text.strip().replace("’", "'"), after_short_lead(text.strip()).replace("’", "'")}
    if not any(re.match(r"(?i)(?:" + subject + r")", body) for body in bodies):
        return False
    return re.search(r"(?i)" + user, text.replace("’", "'").replace("'", " ")) is None


def _lacks_its_complement(span: str, lang: str) -> bool:
    pattern = _NEEDS_COMPLEMENT.get(lang)
    return pattern is not None and pattern.match(span.strip(" .!,")) is not None


def _the_moment(span: str, lang: str) -> bool:
    pattern = _MOMENT.get(lang)
    return pattern is not None and pattern.match(span.strip()) is not None


def _only_a_pronoun_object(span: str, lang: str) -> bool:
    pattern = _PRONOUN_OBJECT.get(lang)
    return pattern is not None and pattern.match(span.strip(" .!,")) is not None


def _names_workplace(span: str, lang: str) -> bool:
    """Whether a Chinese clause says where the user works: 在<organisation>做<role>
    ("在字节做产品经理") or 在<organisation>上班/工作 — the employer, not a project."""
    if lang != "zh":
        return False
    m = _ZH_WORKPLACE.search(span)
    if m is None:
        return False
    org = m["org"] or m["org2"] or ""
    return not org.startswith(_NOT_WORKPLACES)


_JOB_WORDS: dict[str, str] = {
    "en": r"job|position|work|works|working|started|start|starting",
    "de": r"job|stelle|arbeite|arbeitet|angefangen|fange|fang|starte|gestartet",
    "fr": r"emploi|poste|boulot|job|travaille|bosse|commencé|commence|attaque|démarre|démarré",
    "es": r"trabajo|empleo|puesto|trabaja|empecé|empiezo|empezado|arranco|arranqué",
    "it": r"lavoro|posto|impiego|lavora|iniziato|inizio|cominciato|attacco|prendo\s+servizio|"
          r"preso\s+servizio",
    "pt": r"emprego|trabalho|trampo|vaga|cargo|trabalha|comecei|começo|começado|arranco|"
          r"arranquei",
    "nl": r"baan|job|functie|werk|werkt|begonnen|begin|start|gestart",
}
"""Words of working, or of starting, before the organisation ("started at Aldi on Monday",
"angefangen bei Siemens", "comecei na Galp"), the colloquial ones too ("el lunes arranco en
Grupo Andino", "lundi j'attaque chez Lumen", "ab Montag starte ich bei Kornblum", "da lunedì
prendo servizio alla Clinica Villa Serena"); in German and Dutch the participle comes after
it ("bin bei Hafenkran Nord gestartet", "ben bij Van Dijk Bouw begonnen")."""
_VERB_LAST = frozenset({"de", "nl"})
"""Languages whose participle of starting follows the organisation."""
_EMPLOYER_PREP: dict[str, str] = {
    "en": r"at|for", "de": r"bei|für", "fr": r"chez|pour", "es": r"en|para",
    "it": r"da|per|presso|alla|al", "pt": r"na|no|em|para", "nl": r"bij|voor",
}


_ORG = r"(?:(?:the|der|die|dem|le|la|el|il|o|a|de|het)\s+|(?i:l['’]))?[A-ZÀ-Þ][\w'’.-]*"
_FIRST_STRETCH: dict[str, tuple[str, str, str]] = {
    "en": (r"shift", r"day|week|month", r"one|1"),
    "de": (r"Schicht|Dienst|Nachtdienst|Arbeitstag", r"Tag|Woche|Monat", r"eins|1"),
    "fr": (r"service|garde|journée", r"", r""),
    "es": (r"turno|guardia|jornada", r"", r""),
    "it": (r"turno|servizio|giornata", r"", r""),
    "pt": (r"plantão|turno|expediente", r"", r""),
    "nl": (r"dienst|nachtdienst|werkdag", r"dag|week|maand", r"één|een|1"),
}
"""What a first stretch at a new workplace is counted in besides days, weeks and months
(a shift, a service, a working weekday: "first shift done at Brightwater Care", "premier
service bouclé au Café Marius", "primeira segunda-feira na Vértice Engenharia"), and the
unit and number said the other way round where a language says it so ("day one at Halvorsen
Foods", "Tag eins bei Rheinfeld", "dag één bij Hoogland")."""
_WORKDAY_NAMES = "|".join(sorted((re.escape(n) for n, day in WEEKDAYS.items() if day < 5),
                                 key=len, reverse=True))
"""The names of the working days, Monday to Friday (:data:`WEEKDAYS`), for "my first Monday
at …", "mi primer lunes en …" (a first Saturday somewhere is more often an outing)."""


_AT_WORK_ONLY: dict[str, str] = {"fr": r"au|à\s+la|à\s+l['’]"}
"""At-words a first shift or working day may be said with though a first week may not: "premier
service au Café Marius" is work, "première semaine au Portugal" a trip."""


_AHEAD: dict[str, tuple[str, ...]] = {
    "en": ("in", "within"), "de": ("in", "binnen"), "fr": ("dans", "d'ici"),
    "es": ("en", "dentro de"), "it": ("tra", "fra"), "pt": ("daqui a", "em", "dentro de"),
    "nl": ("over", "binnen"),
}
"""Words that put a count of days or weeks ahead of now ("in three weeks at the Freeman",
"dans trois semaines à la clinique Pasteur"): a day to come there, not a time spent there."""


_OWN_KIND = r"my|our|meiner|meinem|unserer|unserem|mon|ma|notre|mi|nuestro|nuestra|mio|mia|" \
    r"nostro|nostra|meu|minha|nosso|nossa|mijn|onze|ons"
"""The user's own before a kind of workplace ("no meu atelier", "dans notre cabinet": one
the user opened with others)."""
_KIND_ARTICLES = r"the|der|die|dem|den|de|le|la|l['’]|el|il|lo|o|a|het|" + _OWN_KIND
"""The articles before a kind of workplace a first stretch is spent at ("à la boulangerie"),
and the user's own ("primeira semana no meu atelier": a workshop of one's own is work too)."""

_ROLE_BETWEEN: dict[str, str] = {
    "en": r"(?:\s+(?:on|as)\s+(?!holiday|vacation|leave|break|my\s+own)(?:the\s+|a\s+|an\s+)?"
          r"[a-z]+(?:\s+desk)?|\s+of\s+(?:my\s+|the\s+)?(?:placement|internship|apprenticeship))?",
    "de": r"(?:\s+als\s+\w+|\s+(?:im\s+)?(?:Praktikum|Ausbildung))?",
    "fr": r"(?:\s+comme\s+\w+|\s+(?:de\s+stage|d['’]alternance|de\s+boulot|de\s+taf))?",
    "es": r"(?:\s+como\s+\w+|\s+de\s+(?:prácticas|practicas|pasantía|pasantia|curro))?",
    "it": r"(?:\s+come\s+\w+|\s+di\s+(?:tirocinio|stage|prova))?",
    "pt": r"(?:\s+como\s+\w+|\s+de\s+(?:estágio|estagio|trampo))?",
    "nl": r"(?:\s+als\s+\w+|\s+(?:stage|stagelopen))?",
}
"""The role a first stretch is spent in, between it and the workplace ("first week on the
front desk at Yardley Road", "erste Woche als Azubi bei Lanxess"), or the internship it is
("primeira semana de estágio na Embrapa", "première semaine de stage chez Airbus"); a holiday
is none."""


_COMPOUND_HEAD: dict[str, str] = {"de": r"(?:[A-ZÄÖÜ][a-zäöüß]+(?=[a-zäöüß]{4}))?"}
"""The words a German kind of workplace may be compounded with ("Berufsfachschule",
"Kinderarztpraxis"): written as one word with it."""


def _tenure_pattern(lang: str, first: str, count: str, unit: str, at: str,
                    within: str, *, kind_only: bool = False) -> re.Pattern[str]:
    stretch, units_first, number = _FIRST_STRETCH[lang]
    done = r"(?:\s+(?:" + STRETCH_DONE[lang] + r"))?" + _ROLE_BETWEEN.get(lang, "")
    not_ahead = "".join(r"(?<!" + re.escape(word) + r" )" for word in _AHEAD[lang])
    some = r"(?:(?:" + count + r")\s+)?"  # ("die ersten zwei Wochen", "the first two weeks")
    said = [r"(?:" + first + r")\s+" + some + r"(?:" + unit + r")" + done + r"\s+(?:" + at + "|"
            + within + r")",
            r"(?:" + first + r")\s+(?:" + stretch + "|" + _WORKDAY_NAMES + r")" + done
            + r"\s+(?:" + at + "|" + within + "|" + _AT_WORK_ONLY.get(lang, at) + r")",
            not_ahead + r"(?:" + count + r")\s+(?:" + unit + r")" + _ROLE_BETWEEN.get(lang, "") +
            r"\s+(?:" + at + r")"]
    if units_first:
        said.append(r"(?:" + units_first + r")\s+(?:" + number + r")" + done + r"\s+(?:" + at
                    + "|" + within + r")")
    # a first stretch at a kind of workplace, named or not ("première semaine à la
    # boulangerie", "primeira semana na clínica veterinária", "eerste week bij de bibliotheek")
    kind = r"(?i:(?:" + _KIND_ARTICLES + r")\s*)?" + _COMPOUND_HEAD.get(lang, "") + r"(?i:" + \
        "|".join(re.escape(k) for k in sorted(WORKPLACE_NOUNS.get(lang, ()), key=len,
                                               reverse=True)) + r")(?![\w-])"
    first_at = r"(?:" + first + r")\s+" + some + r"(?:" + unit + "|" + stretch + r")" + done + \
        r"\s+(?:" + at + "|" + within + "|" + _AT_WORK_ONLY.get(lang, at) + r")"
    # a count of weeks there, at a kind of workplace with a name after it ("2 semaines à la
    # pâtisserie Lotus"), not a stay ("trois semaines à l'hôpital")
    count_at = not_ahead + r"(?:" + count + r")\s+(?:" + unit + r")" + \
        _ROLE_BETWEEN.get(lang, "") + r"\s+(?:" + at + "|" + within + "|" + \
        _AT_WORK_ONLY.get(lang, at) + r")(?=\s+" + kind + r"\s+(?-i:[A-ZÀ-Þ]))"
    of_a_kind = r"(?i:(?<!\w)(?:" + first_at + "|" + count_at + r")\s+)(?P<kind>" + kind + r")"
    if kind_only:
        return re.compile(of_a_kind)
    return re.compile(r"(?i:(?<!\w)(?:" + "|".join(said) + r")\s+)(?P<org>" + _ORG + r")|"
                      + of_a_kind)


_TENURE_PARTS: dict[str, tuple[str, str, str, str, str]] = {
        "en": (r"first|second|third|1st|2nd|3rd",
               r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
               r"eleven|twelve|fifteen|twenty|thirty|a\s+few|a\s+couple\s+of",
               r"days?|weeks?|wks?|fortnights?|months?|years?", r"at|into", r"in"),
        "de": (r"erste[nrs]?|erschte[nrs]?|erschti|zweite[nrs]?|dritte[nrs]?|1\.|2\.",
               r"\d+|zwei|zwoi|drei|drü|vier|fünf|sechs|elf|zwölf|fünfzehn|zwanzig",
               r"Tage?n?|Wochen?|Woch|Wuche|Monate?n?|Jahre?n?", r"bei|bi",
               r"im|in\s+der|an\s+der"),  # (Swiss German: "erschti zwei wuche bi de vbz")
        "fr": (r"premi(?:er|[èe]re)s?|deuxi[èe]me|1(?:[èe]?re|er)|2[èe]me|2e",  # ("premiere",
               # "1ere": accents left out, a number for the word in chat)
               r"\d+|un|une|deux|trois|quatre|cinq|six|onze|douze|quinze|vingt",
               r"(?:jours?|semaines?|mois|ans?|ann[ée]es?)"
               r"(?:\s+que\s+je\s+(?:suis|bosse|travaille))?",
               r"chez", r"à|a|dans"),
        "es": (r"primer(?:o|a)?s?|segund[oa]|1(?:er|era|ra|ro|º|ª)",
               r"\d+|un|una|dos|tres|cuatro|cinco|seis|once|doce|quince|veinte",
               r"días?|semanas?|mes(?:es)?|años?", r"con", r"en"),
        "it": (r"prim[oaie]|second[oa]|1(?:°|º|ª|o|a)",
               r"\d+|un|una|due|tre|quattro|cinque|sei|undici|dodici|quindici|venti",
               r"giorn[oi]|settiman[ae]|mes[ei]|ann[oi]", r"da|presso", r"in|alla|al"),
        "pt": (r"primeir[oa]s?|segund[oa]|1(?:º|ª|o|a)",
               r"\d+|um|uma|dois|duas|três|quatro|cinco|seis|onze|doze|quinze|vinte",
               r"dias?|semanas?|m[eê]s(?:es)?|anos?", r"(?:no|na)\s+\w+\s+d[oa]",
               r"no|na|em"),
        "nl": (r"eerste|tweede|derde|1e|1ste",
               r"\d+|een|twee|drie|vier|vijf|zes|elf|twaalf|vijftien|twintig",
               r"dag(?:en)?|weken|week|maand(?:en)?|jaar", r"bij", r"op"),
    }
"""Per language: first-words, counts, units of time, at-words and within-words of a first
stretch at work (:func:`_tenure_pattern`)."""
_TENURE: dict[str, re.Pattern[str]] = {
    lang: _tenure_pattern(lang, *parts) for lang, parts in _TENURE_PARTS.items()}
_ZH_ROLE = (r"[\u4e00-\u9fff]{2}员|[\u4e00-\u9fff]{1,2}师|护士|医生|经理|主管|顾问|实习生|"
            r"记者|编辑|司机")
"""A job said after its workplace in Chinese, its last characters naming it ("讲解员", "老师",
"护士"): "塔尔寺讲解员第一周" is a first week at 塔尔寺 as a guide."""
_TENURE["zh"] = re.compile(
    r"(?:在|入职)(?P<org>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:上班|工作)?(?:[上做干过]完了?)?的?"
    r"第一(?:天|周|个星期|个月|个班)"
    r"|(?P<org2>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:上班|工作)的?第一(?:天|周|个星期|个月)"
    r"|(?:新工作|新单位|新公司|上班)的?第一(?:天|周|个星期|个月)[，,\s]*在"
    r"(?P<org3>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:上班|工作)"
    r"|(?:^|(?<=[在到去当]))(?P<org4>[\u4e00-\u9fffA-Za-z]{2,8})(?:" + _ZH_ROLE + r")的?"
    r"第一(?:天|周|个星期|个月|个班)"
    # how long since, counted ("我到彩灯公司上班三个礼拜了")
    r"|(?:到|在|进)(?P<org5>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:上班|工作)(?:了)?(?:快|已经|都)?"
    r"[一二两三四五六七八九十\d]{1,2}(?:天|个?礼拜|个?星期|周|个月|個?禮拜|個月)了")
"""How long the user has been at an organisation, said in passing ("three weeks at Hearth &
Rye already", "Erste Woche bei Lanxess überstanden", "primeiro mês no laboratório do INPA",
"mijn eerste week bij Coolblue", "day one at Halvorsen Foods", "first shift done at
Brightwater Care", "mi primer lunes en Grupo Andino", "入职比亚迪第一天"): a new workplace,
whatever else the clause says. A count of weeks needs a preposition of working ("at", "bei",
"chez"): "two weeks in Lisbon" is a trip; only a first week may be "in" somewhere."""


_HOW_LONG: dict[str, tuple[str, str, str, str]] = {
    "en": (r"for|since|now|already|going\s+on",
           r"almost|nearly|about|over|more\s+than|just\s+over|just\s+under",
           r"\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|"
           r"a\s+couple\s+of", r"months|years"),
    "de": (r"seit|schon\s+seit|jetzt\s+seit", r"fast|knapp|über|gut|bald",
           r"\d+|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|ein\s+paar",
           r"Monate?n?|Jahre?n?"),
    "fr": (r"depuis|ça\s+fait", r"presque|bientôt|plus\s+de|environ",
           r"\d+|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|quelques", r"mois|ans|années"),
    "es": (r"desde\s+hace|hace", r"casi|más\s+de|unos|unas",
           r"\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez", r"meses|años"),
    "it": (r"da|ormai\s+da|già\s+da", r"quasi|più\s+di|circa",
           r"\d+|due|tre|quattro|cinque|sei|sette|otto|nove|dieci", r"mesi|anni"),
    "pt": (r"há|faz|já\s+há|desde\s+há", r"quase|mais\s+de|uns|umas",
           r"\d+|dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez", r"meses|anos"),
    "nl": (r"al|sinds|nu\s+al", r"bijna|ruim|zo'n|meer\s+dan",
           r"\d+|twee|drie|vier|vijf|zes|zeven|acht|negen|tien", r"maanden|jaar"),
}
"""How long, in months or years, said after a workplace (since-word, about-word, count,
unit): "for almost four years", "seit fast fünf Jahren", "depuis trois ans"."""


def _how_long(lang: str) -> str:
    since, about, count, unit = _HOW_LONG[lang]
    return (r"(?i:,?\s+(?:(?:" + since + r")\s+)?(?:(?:" + about + r")\s+)?(?:" + count
            + r")\s+(?:" + unit + r"))(?!\w)")


_TENURE_AFTER: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i:(?<!\w)(?:" + at + r")\s+)" + _ORG + r"(?:\s+[A-ZÀ-Þ&][\w'’.&-]*)*"
                     + _how_long(lang))
    for lang, at in {
        "en": r"at|with", "de": r"bei", "fr": r"chez",
        # ("en", "na", "alla" name a place too: only after a verb of working)
        "es": r"con|para|(?<=trabajo\s)en|(?<=trabajando\s)en",
        "it": r"presso|da|(?<=lavoro\s)(?:alla|al|all['’]|nella|nel|in)",
        "pt": r"para|(?<=trabalho\s)(?:na|no|em)|(?<=trabalhando\s)(?:na|no|em)",
        "nl": r"bij",
    }.items()}
"""The same said the other way round, the organisation first and then how long, in months or
years ("on the grill at Lula's almost four years", "bei Bosch seit fast fünf Jahren", "chez
Decathlon depuis trois ans", "na Embraer há quase quatro anos"): the user's workplace. A
trip is never months or years "at" a named place."""


_NAME_WORD = r"[A-ZÀ-Þ][\w'’.&-]*"
_AT_A_KIND: dict[str, tuple[str, str, str]] = {
    "en": (r"at|in", r"the", r"in"),
    "de": (r"in|im|bei|an|am", r"der|dem|da|die", r"in"),
    "fr": (r"à|au|chez|dans", r"la|le|l['’]|une?", r"à"),
    "es": (r"en|con|para", r"el|la|una?", r"en|de"),
    "it": (r"in|presso|alla|al|nella|nel|all['’]|nell['’]", r"la|il|lo|l['’]|una?", r"a|in|di"),
    "pt": (r"na|no|numa|num|em", r"uma?", r"em|de"),
    "nl": (r"bij|in|op", r"de|het|een", r"in"),
}
"""Before and after a kind of workplace (at-word, article, town-word): "at the … in",
"in der … in", "en el … de", "no … em"."""


def _kind_of_workplace(lang: str, names: str = "*") -> str:
    """A workplace named through its kind (:data:`WORKPLACE_NOUNS`) after its at-word, with
    the names before it ("the Halden bakery", "el CESFAM"); ``names`` "+" for at least one."""
    at, article, _ = _AT_A_KIND[lang]
    return (r"(?i:(?<!\w)(?:" + at + r")\s+(?:(?:" + article + r")\s*)?)(?:" + _NAME_WORD
            + r"\s+)" + names + r"(?i:[\w-]*(?:"
            + "|".join(re.escape(k) for k in WORKPLACE_NOUNS[lang]) + r"))(?!\w)")


_KIND_TENURE: dict[str, re.Pattern[str]] = {
    lang: re.compile(
        _kind_of_workplace(lang) + r"(?:\s+" + _NAME_WORD + r")*(?:\s+(?:" + place + r")\s+"
        + _NAME_WORD + r"(?:\s+" + _NAME_WORD + r")*)?" + _how_long(lang))
    for lang, (_, _, place) in _AT_A_KIND.items()}
"""Years at a workplace named through its kind of place (:data:`WORKPLACE_NOUNS`), its town
maybe after it ("in der Schreinerei Obermaier in Bad Aibling, seit 22 Jahren", "at the Halden
bakery in Leeds for twelve years", "dans la boulangerie Morel depuis six ans", "en el taller
Núñez desde hace ocho años"): the user's workplace, though "in der" or "at the" alone name a
home or a trip as well."""


_FROM_A_PLACE: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?<!\w)(?:" + words + r")\s+[A-ZÀ-Þ]")
    for lang, words in {"en": "from", "de": "von|ab", "fr": "depuis", "es": "desde",
                        "pt": "desde", "nl": "vanaf|vanuit"}.items()}
"""A named place a travel time is said from ("40 minutes de bus depuis Belsunce jusqu'à
l'hôtel", "vanuit Zeist"): where the user sets out, their home, so the clause may name it.
Words that also mean "of" ("de", "da") are left out."""


def _how_far(span: str, lang: str) -> bool:
    """Whether ``span`` says how long it takes to get to a place (the ``travel_time`` cue)
    without naming a place it sets out from (:data:`_FROM_A_PLACE`): "é um pulinho até ao
    Funchal, quinze minutos" says how far Funchal is from home, not where home is."""
    return has_cue("travel_time", lang, span) and \
        not _FROM_A_PLACE.get(lang, _NO_MATCH).search(span)


_NOW: dict[str, str] = {
    "en": r"now", "de": r"jetzt|nun", "fr": r"maintenant|désormais", "es": r"ahora",
    "it": r"ora|adesso", "pt": r"agora", "nl": r"nu",
}
_NOT = r"no|not|nicht|pas|non|não|nao|niet|never|nie|nunca|mai|jamais|nooit"
"""Words of negation between "now" and the workplace: "ahora no estoy en …" says no job."""
_NOW_AT_A_KIND: dict[str, re.Pattern[str]] = {
    lang: re.compile(
        r"(?i:(?<!\w)(?:" + _NOW[lang] + r"))(?:\s+(?!(?i:" + _NOT + r")(?!\w))[\w'’]+){0,2}?\s+"
        + r"(?P<place>" + _kind_of_workplace(lang, "+") + r"|" + _kind_of_workplace(lang)
        + r"(?:(?:\s+" + _NAME_WORD + r")+|\s+(?:" + place + r")\s+" + _NAME_WORD + r"(?:\s+"
        + _NAME_WORD + r")*))")
    for lang, (_, _, place) in _AT_A_KIND.items()}
"""Now at a workplace named through its kind and a name ("now I'm at the Leith health
centre", "ahora estoy en el CESFAM de Maipú", "jetzt bin ich in der Praxis Dr. Roth", "agora
estou no hospital de Braga"): where the user works now. A kind with no name ("now I'm at
the hospital") may be a visit."""


def _now_at_a_workplace(span: str, lang: str) -> bool:
    """Whether the user's clause says where they are now through a kind of workplace and a
    name (:data:`_NOW_AT_A_KIND`), whatever else it denies ("ya no piso la UCI, y ahora
    estoy en el CESFAM de Maipú")."""
    now = _NOW_AT_A_KIND.get(lang)
    return now is not None and now.search(span) is not None


def _workplace_now(span: str, lang: str) -> str | None:
    """The workplace the user is at now (:data:`_NOW_AT_A_KIND`) without its at-word and
    article: "ahora estoy en el CESFAM de Maipú" → "CESFAM de Maipú"."""
    now = _NOW_AT_A_KIND.get(lang)
    found = None if now is None else now.search(span)
    if found is None:
        return None
    at, article, _ = _AT_A_KIND[lang]
    return re.sub(r"(?i)^(?:" + at + r")\s+(?:(?:" + article + r")\s*)?", "",
                  found.group("place"))


_LIVING: dict[str, str] = {
    "en": r"live|lived|living|stay|stayed|staying", "de": r"wohne|wohnt|wohnen|gewohnt|lebe|lebt",
    "fr": r"habite|habitons|vis|vit|vivons|loge", "es": r"vivo|vivimos|resido|estoy\s+viviendo",
    "it": r"vivo|viviamo|abito|abitiamo|sto", "pt": r"moro|moramos|vivo|vivemos",
    "nl": r"woon|woont|wonen|gewoond",
}
"""Verbs of living somewhere: "ich wohne bei Anna seit zwei Jahren" is a home, not a job."""


_ORG_NAME = re.compile(r"(?:(?i:the|der|die|dem|le|la|el|il|o|a|de|het)\s+)?(?P<name>[A-ZÀ-Þ]"
                       r"[\w'’.&-]*" + _DESCRIBED +
                       r"(?:\s+(?:(?:de|des|du|del|della|di|da|do|dos|das|van|von|der)"
                       r"\s+)?(?:[A-ZÀ-Þ&][\w'’.&-]*))*)")
"""An organisation's name of capitalised words and the particles between them ("Comptoir des
Gones", "Tidenhub Verlag", "Van Dijk Bouw"), its article left out."""


_SINCE_I_AM: dict[str, tuple[str, str]] = {
    "en": (r"since\s+(?:I['’]ve\s+been|I\s+have\s+been|I['’]m|I\s+am|I\s+started|starting)"
           r"(?:\s+(?:working|on\s+the\s+\w+))?", r"at|with|for"),
    "de": (r"seit(?:dem)?\s+ich\s+(?:jetzt\s+|nun\s+)?", r"bei|beim"),
    "fr": (r"depuis\s+que\s+(?:je\s+suis|je\s+bosse|je\s+travaille|j['’]ai\s+commencé|"
           r"j['’]ai\s+été\s+embauchée?|je\s+suis\s+entrée?)", r"chez|au|à\s+la|à\s+l['’]"),
    "es": (r"desde\s+que\s+(?:estoy|trabajo|curro|entré|empecé)(?:\s+a\s+trabajar)?",
           r"en(?=\s+(?:el|la)\s)|con|para|al"),
    "it": (r"da\s+quando\s+(?:sono|lavoro|sto|ho\s+iniziato|ho\s+cominciato|sono\s+entrat[oa])"
           r"(?:\s+a\s+lavorare)?", r"alla|al|allo|all['’]|presso|da"),
    "pt": (r"desde\s+que\s+(?:tô|to|estou|trabalho|entrei|comecei)(?:\s+a\s+trabalhar)?",
           r"na|no|para|com"),
    "nl": (r"sinds(?:dat)?\s+ik\s+(?:nu\s+)?", r"bij"),
}
"""The user's being at a workplace said as a given, since-word and at-word: "since I've been at
Kestrel Logistics", "seit ich bei Bosch bin", "depuis que je suis chez Leroy Merlin", "sinds
ik bij ASML zit", "desde que estoy en el Metropolitano", "da quando sono alla cantina sociale
di Neive", "desde que tô na torrefação Araucária": the new workplace, whatever the clause
says after it. In Spanish "en" needs an article and in Portuguese "na"/"no" a kind of
workplace (:data:`WORKPLACE_NOUNS`), for "desde que estoy en Madrid", "desde que tô no Porto"
name a town; a gym, a club or a school is no workplace (:data:`_NOT_A_JOB_PLACE`)."""

_NOT_A_JOB_PLACE = re.compile(
    r"(?i)(?<!\w)(?:gym|fitness|club|sportschool|fitnessstudio|studio|verein|salle|gimnasio|"
    r"gimnásio|academia|palestra|uni|universit\w*|college|school|schule|école|escuela|escola|"
    r"scuola|lyc[ée]e|gymnasium|hogeschool|hospital\s+for\s+\w+|kur|urlaub|vacances|"
    r"vacaciones|vacanze|férias|vakantie|nord|sud|norden|süden|mare|meer)(?!\w)")
"""What one is at for something else than work: "since I've been at the gym I sleep better",
"seit ich beim Fitnessstudio bin", "desde que estoy en el gimnasio"."""


def _workplace_kinds(lang: str) -> str:
    """The kinds of workplace of ``lang`` (:data:`WORKPLACE_NOUNS` and
    :data:`_MORE_WORKPLACE_KINDS`) as one alternation, the longest first."""
    return "|".join(re.escape(k) for k in sorted(
        (*WORKPLACE_NOUNS[lang], *_MORE_WORKPLACE_KINDS.get(lang, ())), key=len, reverse=True))


def _since_at_pattern(lang: str) -> re.Pattern[str]:
    since, at = _SINCE_I_AM[lang]
    kinds = _workplace_kinds(lang)
    by_kind = (r"(?i:" + kinds + r")(?:\s+[a-zà-ÿ][\w'’-]*){0,2}?\s+(?:(?i:di|de|da|do|del|"
               r"della|dos|das|du|des|van|von)\s+)?" + _NAME_WORD + r"(?:\s+" + _NAME_WORD
               + r")*")
    by_name = r"(?:(?:the|der|die|dem|den|la|le|l['’]|el|o|a|het|de)\s+)?" + _NAME_WORD + \
        r"(?:\s+(?!I\s)(?:(?:de|des|du|del|della|di|da|do|dos|das|van|von|der)\s+)?[A-ZÀ-Þ&][\w'’.&-]*)*"
    org = by_kind if lang == "pt" else r"(?:(?:the|la|le|l['’]|el|o|a|het|de)\s+)?(?:" + \
        by_kind + "|" + by_name + ")"
    if lang == "pt":
        org = r"(?:" + by_kind + r"|(?<=para\s)" + by_name + r"|(?<=com\s)" + by_name + r")"
    return re.compile(r"(?i:(?<!\w)(?:" + since + r")\s*(?:" + at + r")\s+)(?P<org>" + org + r")")


_MORE_WORKPLACE_KINDS: dict[str, tuple[str, ...]] = {
    "en": ("station", "branch", "site", "resort", "kitchen", "store", "shop", "winery"),
    "de": ("Wache", "Filiale", "Werk", "Kellerei", "Rösterei", "Winzergenossenschaft"),
    "fr": ("caserne", "agence", "succursale", "cave", "coopérative", "brûlerie"),
    "es": ("estación", "sucursal", "tienda", "bodega", "cooperativa", "tostadora", "tostaduría"),
    "it": ("cantina", "cantina sociale", "filiale", "stazione", "caserma", "cooperativa",
           "torrefazione"),
    "pt": ("torrefação", "torrefacção", "filial", "agência", "loja", "adega", "cooperativa",
           "quartel"),
    "nl": ("kazerne", "filiaal", "vestiging", "branderij", "wijnmakerij"),
}
"""Kinds of workplace named with the since-words (:data:`_SINCE_I_AM`) beside
:data:`WORKPLACE_NOUNS`: "a cantina sociale di Neive", "a torrefação Araucária"."""


_SINCE_AT: dict[str, re.Pattern[str]] = {lang: _since_at_pattern(lang) for lang in _SINCE_I_AM}
_SINCE_AT["zh"] = re.compile(
    r"自从(?:我|额|俺)?(?:去|进|到|来|调到|换到|跳槽到)了?(?P<org>[\u4e00-\u9fffA-Za-z]{2,8}?)"
    r"(?:上班|工作|做事|打工)")
""":data:`_SINCE_I_AM` in Chinese: "自从去了比亚迪上班", "自从调到南山分行工作"."""

_ARTICLES = r"the|der|die|dem|den|de|le|la|l['’]|el|il|lo|o|a|het|een|un|une|una|um|uma"
_KIND_AT_PREP: dict[str, str] = {**_EMPLOYER_PREP,
                                 "de": _EMPLOYER_PREP["de"] + r"|beim|im|am|vom|in|an"}
"""The at-words before a kind of workplace and its name: German says a workplace with "im",
"am", "vom" as well ("Hebamme im Kreißsaal vom Klinikum Südstadt", "am Amtsgericht
Münster"), which before a town or a room is no workplace, but before a kind of one is."""

_COMPOUND_KIND: dict[str, str] = {"de": r"[^\W\d_]*"}
"""German writes a kind of workplace as the last part of a compound ("Amtsgericht",
"Seehotel", "Kreiskrankenhaus"): any word that ends in a kind is one."""

_MORE_KINDS_BEFORE_A_NAME: dict[str, tuple[str, ...]] = {
    "de": ("Gericht", "Hotel", "Rathaus", "Museum", "Theater", "Verlag", "Sparkasse"),
}
"""Kinds of workplace said before their name only (a court, a hotel: "am Amtsgericht
Münster", "im Seehotel Velden")."""

_NAME_PARTICLES = r"de|del|della|delle|dei|degli|di|da|do|dos|das|des|du|van|von|der"
"""Small words inside an organisation's name ("Policlinico Santa Maria delle Grazie")."""

_NAMED_KIND_AT: dict[str, re.Pattern[str]] = {
    lang: re.compile(
        r"(?i:(?<!\w)(?:" + prep + r")\s+(?:(?:" + _ARTICLES + r")(?:\s+|(?<=['’])))?(?P<kind>"
        + _COMPOUND_KIND.get(lang, "") + r"(?:" + _workplace_kinds(lang) + "".join(
            "|" + re.escape(k) for k in _MORE_KINDS_BEFORE_A_NAME.get(lang, ()))
        + r")))\s+(?P<org>"
        + _NAME_WORD + r"(?:\s+(?:(?i:" + _NAME_PARTICLES + r")\s+)?"
        + _NAME_WORD + r")*)")
    for lang, prep in _KIND_AT_PREP.items()}
"""A name after a kind of workplace and a word of working at ("na clínica OdontoVida", "at
the bakery Halden", "am Amtsgericht Münster")."""

_NAME_AT: dict[str, re.Pattern[str]] = {
    lang: re.compile(
        r"^(?:(?!(?<!\w)(?i:" + prep + r")\s).)*?(?i:(?<!\w)(?:" + prep + r")\s+(?:(?:" + _ARTICLES
        + r")\s+)?)(?P<org>" + _NAME_WORD + r"(?:\s+(?:(?i:" + _NAME_PARTICLES + r")\s+)?"
        + _NAME_WORD + r")*)")
    for lang, prep in _EMPLOYER_PREP.items()}
"""A name right after the first word of working at in a clause ("Servicetechniker bei
Deichwind Service in Emden", "infermiera al Policlinico di Milano")."""


_IN_A_TOWN: dict[str, str] = {
    "en": r"in", "de": r"in", "fr": r"à|en", "es": r"en", "it": r"a|in",
    "pt": r"em|no|na", "nl": r"in",
}
"""The at-words of being in a town after a since-word (:data:`_SINCE_I_AM`): "since I've been
in Leeds", "desde que estoy en Madrid", "desde que tô no Porto"."""
_SINCE_IN_TOWN: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i:(?<!\w)(?:" + since + r")\s*(?:" + _IN_A_TOWN[lang] + r")\s+)"
                     + _NAME_WORD)
    for lang, (since, _) in _SINCE_I_AM.items() if lang in _IN_A_TOWN}


def _since_in_a_town(span: str, lang: str) -> bool:
    """Whether the user's clause says where they have been since, a named place that is no
    workplace (:func:`_since_at_workplace`), with no word of working (:data:`_WORKING`):
    "desde que tô no Porto não tiro mais férias" is about life in Porto, not a job there."""
    pattern = _SINCE_IN_TOWN.get(lang)
    return pattern is not None and lang in _WORKING and pattern.search(span) is not None \
        and _since_at_workplace(span, lang) is None and not _says_working(span, lang)


def _moved_between_places(span: str, lang: str) -> bool:
    """Whether the user's clause leaves one named place for another (:func:`_home_left`,
    :func:`_new_home_said`) with no word of working: "we finally left Norwich for Ipswich"."""
    left = _home_left(span, lang)
    return left is not None and lang in _WORKING and \
        _new_home_said(left[0], lang) is not None and not _says_working(span, lang)


def _since_at_workplace(span: str, lang: str) -> str | None:
    """The workplace the user is at, said as a given after a since-word (:data:`_SINCE_AT`),
    its article left out; None when there is none or it is a gym, a club or a school."""
    pattern = _SINCE_AT.get(lang)
    found = None if pattern is None else pattern.search(span)
    if found is None:
        return None
    org = re.sub(r"(?i)^(?:the|der|die|dem|den|la|le|l['’]|el|o|a|het|de)\s*(?<=\s|['’])", "",
                 found["org"])
    if _NOT_A_JOB_PLACE.search(org):
        return None
    living = _LIVING.get(lang)
    if living is not None and re.search(r"(?i)(?<!\w)(?:" + living + r")(?!\w)",
                                        span[found.end():found.end() + 30]):
        return None  # "seit ich bei Anna wohne": a home
    return org


_HOME_WORDS = {lang: {n.casefold() for n in nouns} for lang, nouns in HOME_NOUNS.items()}
"""The words of a home (:data:`HOME_NOUNS`), which name no workplace ("im Haus in …")."""


_TENURE_KIND: dict[str, re.Pattern[str]] = {
    lang: _tenure_pattern(lang, *parts, kind_only=True) for lang, parts in _TENURE_PARTS.items()}
"""A first stretch at a kind of workplace only (:data:`WORKPLACE_NOUNS`): "an der
Berufsfachschule" is a school, though written with a capital as a name or a town is."""


def _tenure_org(span: str, lang: str) -> str | None:
    """The organisation a first stretch at work is said at (:data:`_TENURE`): "Premier
    service terminé au Comptoir des Gones à Villeurbanne" → "Comptoir des Gones", not the
    town after it."""
    pattern = _TENURE.get(lang)
    found = None if pattern is None else pattern.search(span)
    if found is None:
        return _since_at_workplace(span, lang)
    if lang == "zh":
        return found["org"] or found["org2"] or found["org3"] or found["org4"] or found["org5"]
    if found["kind"] is not None:
        return _kind_named(span, found)
    name = _ORG_NAME.match(span, found.start("org"))
    if name is None or name["name"].split()[0].casefold() in _HOME_WORDS.get(lang, ()):
        return None  # "die ersten Wochen im Haus in Lustenau": a new home, not a workplace
    if _in_a_town_named(span, found, name["name"], lang):
        # "first week in Lisbon for the conference": a town (a trip or a move); but a kind of
        # workplace written with a capital is one ("an der Berufsfachschule in Brig")
        kind = _TENURE_KIND[lang].search(span, found.start())
        return None if kind is None else _kind_named(span, kind)
    return name["name"]


def _kind_named(span: str, found: re.Match[str]) -> str:
    """The kind of workplace a first stretch is spent at, and a name after it ("primeira
    semana na clínica veterinária", "première semaine à la boulangerie Le Fournil")."""
    name = _ORG_NAME.match(span, found.end("kind") + 1)
    own = re.match(r"(?i)(?:" + _OWN_KIND + r")\s+", found["kind"])
    kind = re.sub(r"(?i)^(?:" + _KIND_ARTICLES + r")(?:\s+|(?<=['’]))", "", found["kind"])
    if own is not None:
        kind = f"their own {kind}"  # "primeira semana no meu atelier": self-employed
    return f"{kind} {name['name']}" if name and found.end("kind") + 1 == name.start() else kind


def _in_a_town_named(span: str, found: re.Match[str], name: str, lang: str) -> bool:
    """Whether the name a first stretch is spent at (:data:`_TENURE`) follows the bare at-word
    of a town (:data:`_BARE_TOWN_AT`) and says no business."""
    bare = _BARE_TOWN_AT.get(lang)
    return bare is not None and bare.search(span[:found.start("org")]) is not None and \
        not _names_a_business(name, lang)


def _first_days_in_a_town(span: str, lang: str) -> bool:
    """Whether the user's clause spends a first stretch in a town (:func:`_in_a_town_named`)
    with no word of working (:data:`_WORKING`): "first week in Lisbon for the conference" is
    no workplace, whatever the classifier leans to."""
    pattern = _TENURE.get(lang)
    found = None if pattern is None else pattern.search(span)
    if found is None or found["org"] is None or lang not in _WORKING:
        return False
    name = _ORG_NAME.match(span, found.start("org"))
    return name is not None and _in_a_town_named(span, found, name["name"], lang) and \
        not _says_working(span, lang) and _TENURE_KIND[lang].search(span) is None


_BARE_TOWN_AT: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"(?i)(?<!\w)in\s+$"), "fr": re.compile(r"(?i)(?<!\w)à\s+$"),
    "de": re.compile(r"(?i)(?<!\w)an\s+der\s+$")}
"""The bare at-word before a place's name that, after a first stretch, says a town rather
than a workplace where a workplace takes another word ("at Harbour Foods", "chez Decathlon"):
"first week in Lisbon", "première semaine à Lyon", "die erste Woche an der Ostsee"."""

_BUSINESS_WORDS = frozenset({"ltd", "inc", "plc", "llc", "gmbh", "sarl", "sas", "foods", "group",
                             "bank", "café", "cafe", "bar", "bistro", "brasserie", "studio"})
"""Words that make a name a business's ("Harbour Foods", "Café Marius")."""


_BUSINESS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    lang: _BUSINESS_WORDS | {k.casefold() for k in kinds}
    for lang, kinds in WORKPLACE_NOUNS.items()}
""":data:`_BUSINESS_WORDS` and the kinds of workplace of :data:`WORKPLACE_NOUNS`, folded, per
language."""


def _names_a_business(name: str, lang: str) -> bool:
    """Whether a name says a business by one of its words (:data:`_BUSINESS_BY_LANGUAGE`)."""
    words = _BUSINESS_BY_LANGUAGE.get(lang, _BUSINESS_WORDS)
    return not words.isdisjoint(w.casefold() for w in re.findall(r"[\w'’-]+", name))


def _lives_there(span: str, lang: str) -> bool:
    """Whether a verb of living (:data:`_LIVING`) in the clause says a home: not when it
    places the user at a kind of place right after it ("sto in cucina da Eataly da quasi
    quattro anni": in the kitchen, at Eataly), which is where they work."""
    living = _LIVING.get(lang)
    if living is None:
        return False
    at, article, _ = _AT_A_KIND.get(lang, ("", "", ""))
    at_a_place = re.compile(r"\s+(?i:" + at + r")\s+(?:(?i:" + article + r")\s+)?"
                            r"[a-zà-ÿ][\w'’-]*(?!\w)") if at else None
    for m in re.finditer(r"(?i)(?<!\w)(?:" + living + r")(?!\w)", span):
        if at_a_place is None or not at_a_place.match(span, m.end()):
            return True
    return False


def _tenure_at(span: str, lang: str) -> bool:
    pattern, after = _TENURE.get(lang), _TENURE_AFTER.get(lang)
    if pattern is not None and pattern.search(span) is not None:
        return True
    if _since_at_workplace(span, lang) is not None:
        return True
    if _lives_there(span, lang) or has_cue("dwelling", lang, span):
        return False  # ("Mudei-me para Braga há cinco anos": a move, five years there)
    kind = _KIND_TENURE.get(lang)
    return (after is not None and after.search(span) is not None) or (
        kind is not None and kind.search(span) is not None)


_WORK_CLOTHES: dict[str, str] = {
    "en": r"uniform|scrubs|polo|apron|badge|lanyard|name\s+tag|hi-vis|overalls",
    "de": r"Uniform|Dienstkleidung|Arbeitskleidung|Polo|Poloshirt|Schürze|Kasack|Dienstausweis|"
          r"Namensschild|Weste",
    "fr": r"uniforme|tenue|blouse|polo|tablier|badge",
    "es": r"uniforme|bata|polo|delantal|gafete|credencial|chaleco",
    "it": r"divisa|uniforme|camice|polo|grembiule|badge|cartellino",
    "pt": r"uniforme|farda|jaleco|polo|avental|crachá|cracha|colete",
    "nl": r"uniform|polo|schort|hesje|pasje|badge|bedrijfskleding",
}
"""Clothes and badges of a workplace: "die polo van de Albert Heijn", "o crachá do Itaú", "la
divisa verde di Trinacria Rent", "the scrubs at Kingsmead Hospice"."""

_OF_A_WORKPLACE = r"(?:of|at|from|from\s+the|von|vom|der|de|du|de\s+la|des|del|de\s+los|di|della|" \
    r"del|dello|do|da|dos|das|van|bij)"


_UNIFORM_OF: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i:(?<![\w])(?:" + clothes + r")(?:\s+[a-zà-ÿ]{3,12})?\s+(?:"
                     + _OF_A_WORKPLACE + r")\s+)(?:(?i:the|la|le|el|il|o|a|de|het|der|die)\s+)?"
                     r"(?P<org>" + _PROPER + r")")
    for lang, clothes in _WORK_CLOTHES.items()}
_UNIFORM_OF_IN_CHAT: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<![\w])(?:" + clothes + r")(?:\s+[a-zà-ÿ]{3,12})?\s+(?:"
                     + _OF_A_WORKPLACE + r")\s+(?P<org>[a-zà-ÿ][\w'’-]+(?:\s+[a-zà-ÿ][\w'’-]+)?)"
                     r"(?=\s*(?:[,.;!?]|$))")
    for lang, clothes in _WORK_CLOTHES.items()}
_ZH_UNIFORM = re.compile(r"(?P<org>[\u4e00-\u9fffA-Za-z]{2,6})的[\u4e00-\u9fff]{0,2}?"
                         r"(?:围裙|制服|工服|工牌|工作服|胸牌)")


_ZH_BEFORE_THE_WEARER = re.compile(r"^.*?(?:穿上|换上|套上|穿着|穿|戴上|戴着|戴)")
"""What comes before the wearing of a workplace's clothes ("第一周穿小米的工服" → 小米): the
organisation follows the verb."""


_WORK_STATIONS: dict[str, tuple[str, str, str]] = {
    "en": (r"on|at|behind|in", r"reception|front\s+desk|tills?|checkouts?|counter|grill|"
           r"(?<=behind\sthe\s)bar|(?<=behind\s)bar|"  # (not "a domino at the bar in Flankers")
           r"switchboard|help\s+desk|service\s+desk|shop\s+floor|cash\s+desk",
           r"at|in|for"),
    "de": (r"an\s+der|am|hinter\s+der|im", r"Kasse|Rezeption|Theke|Pforte|Empfang|Schalter|"
           r"Tresen|Infotheke", r"der|des|vom|im|in\s+der|bei"),
    "fr": (r"à\s+l['’]|à\s+la|au|derrière\s+le", r"accueil|caisse|comptoir|réception|standard|"
           r"guichet|billetterie", r"de\s+la|du|de\s+l['’]|des|de|chez"),
    "es": (r"en\s+la|en\s+el|detrás\s+de\s+la|detrás\s+del",
           r"recepción|caja|mostrador|ventanilla|taquilla|centralita",
           r"de\s+la|del|de|en\s+la|en\s+el"),
    "it": (r"alla|al|dietro\s+la|dietro\s+al", r"reception|cassa|biglietteria|portineria|banco|"
           r"bancone|sportello|accoglienza|centralino", r"della|del|dell['’]|dello|di|da"),
    "pt": (r"na|no|atrás\s+do|atrás\s+da", r"recepção|receção|caixa|bilheteria|bilheteira|"
           r"portaria|balcão|guiché|guichê", r"da|do|de"),
    "nl": (r"bij\s+de|aan\s+de|achter\s+de|op\s+de", r"kassa|receptie|balie|toonbank|"
           r"servicebalie", r"van|bij|in"),
}
"""Where in a workplace someone stands at work (at-word, station, word before the place):
"on the reception at the Hotel Azzurra", "à l'accueil de la CAF", "alla biglietteria della
Funivia di Pila", "an der Kasse vom Edeka", "bij de balie van het Rijksmuseum"."""


_AT_A_STATION: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i:(?<!\w)(?:" + at + r")\s*(?:(?:the|de|het)\s+)?(?:" + station +
                     r")(?:\s+\w+)?\s+(?:" + of + r")\s*(?:(?:the|la|le|el|il|lo|o|a|de|het|"
                     r"der|die|das)\s+)?)(?P<org>(?:[a-zà-ÿ]{4,}\s+(?:di|de|del|della|do|da|des|"
                     r"du|van|von)\s+)?" + _PROPER + r")")
    for lang, (at, station, of) in _WORK_STATIONS.items()}
"""A work station and the organisation after it (:data:`_WORK_STATIONS`), maybe named by its
kind and its place ("alla biglietteria della cabinovia di Pila")."""

_STATION_AFTER: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?<!\w)(?i:" + of + r")\s+(?P<org>" + _PROPER + r")\s+(?i:" + at +
                     r")\s*(?i:(?:the|de|het)\s+)?(?i:" + station + r")(?!\w)")
    for lang, (at, station, of) in _WORK_STATIONS.items()}
"""The organisation and then the work station in it ("in der Bäckerei Kienzle hinter der
Theke", "at Tesco on the tills")."""


def _station_org(span: str, lang: str) -> str | None:
    """The organisation the user's clause places them at by where they stand there
    (:data:`_WORK_STATIONS`): "travaille à l'accueil de la CAF" → "CAF", "I'm on the reception
    at the Hotel Azzurra" → "Hotel Azzurra", "in der Bäckerei Kienzle hinter der Theke" →
    "Bäckerei Kienzle"."""
    m = next((found for pattern in (_AT_A_STATION.get(lang), _STATION_AFTER.get(lang))
              if pattern is not None and (found := pattern.search(span)) is not None), None)
    if m is None:
        return None
    return without_trailing_date_words(m["org"].strip()) or None


def _uniform_org(span: str, lang: str) -> str | None:
    """The organisation whose clothes or badge the user's clause mentions (:data:`_WORK_CLOTHES`),
    a word or two of colour between ("la divisa verde di trinacria rent", "星巴克的绿围裙",
    "o crachá do Itaú"): where the user works now. In chat written in lower case the name may
    be in small letters ("trinacria rent")."""
    if lang == "zh":
        m = _ZH_UNIFORM.search(span)
        if m is None:
            return None
        return _ZH_BEFORE_THE_WEARER.sub("", m["org"]) or None
    pattern = _UNIFORM_OF.get(lang)
    if pattern is None:
        return None
    if (m := pattern.search(span)) is not None:
        return without_trailing_date_words(m["org"].strip())
    if not writes_in_lowercase(span):
        return None
    m = _UNIFORM_OF_IN_CHAT[lang].search(span)
    if m is None or m["org"].split()[0].casefold() in RELATIONS.get(lang, {}):
        return None  # ("il grembiule della nonna": hers)
    return m["org"]


def _new_job_at(span: str, item: _Pending, lang: str) -> bool:
    """Whether the user's clause names a job or work at an organisation ("ik werk bij de
    gemeente Utrecht", "een nieuwe baan bij het Centraal Museum", "a new job at Zalando"):
    its slot is the employer, whatever else the clause mentions, so the old employer ends. The
    organisation follows within a few words."""
    words = _JOB_WORDS.get(lang)
    if words is None:
        return False
    for m in re.finditer(r"(?i)(?<![\w])(?:" + words + r")(?![\w])", span):
        if _JOB_AS_MODIFIER.search(span[:m.start()]):
            continue  # "la entrevista de trabajo en Bilbao" (English "job interview", "job
            # fair" are job seeking: cue_lexicon)
        avoid = {p.name for p in item.people if p.name}
        near = " ".join(span[m.end():].split()[:6])
        if _proper_after(near, lang, _EMPLOYER_PREP, avoid) is not None:
            return True
        before = " ".join(span[:m.start()].split()[-5:])
        return lang in _VERB_LAST and m.group(0).casefold().startswith(("ge", "be", "an")) and \
            _proper_after(before, lang, _EMPLOYER_PREP, avoid) is not None
    return False


_MY_AT_WORK: dict[str, str] = {
    "en": r"(?:my|our)\s+(?:new\s+)?",
    "de": r"(?:mein|meine|meinen|meinem|meiner|unser|unsere|unserem)\s+(?:neue[nmr]?\s+)?",
    "fr": r"(?:mon|ma|mes|notre|nos)\s+(?:nouveau\s+|nouvelle\s+)?",
    "es": r"(?:mi|mis|nuestro|nuestra)\s+(?:nuev[oa]\s+)?",
    "it": r"(?:il\s+mio|la\s+mia|i\s+miei|le\s+mie|mio|mia)\s+(?:nuov[oa]\s+)?",
    "pt": r"(?:o\s+meu|a\s+minha|os\s+meus|as\s+minhas|meu|minha|meus|minhas)\s+"
          r"(?:nov[oa]\s+)?",
    "nl": r"(?:mijn|ons|onze)\s+(?:nieuwe\s+)?",
}
"""The user's own ("my", "meine neue", "o meu") before a word of their work life."""


def _work_nouns(lang: str) -> str:
    """One alternation of :data:`WORK_RELATION_NOUNS` in ``lang``, longest first."""
    nouns = sorted(WORK_RELATION_NOUNS.get(lang, ()), key=len, reverse=True)
    return "|".join(re.escape(n) for n in nouns)


_WORK_LIFE: dict[str, str] = {
    lang: mine + r"(?:" + _work_nouns(lang) + r")" for lang, mine in _MY_AT_WORK.items()}
_WORK_LIFE["en"] += (r"|(?:a|another|the)\s+(?:long|rough|tough|hard|crazy|busy|brutal|"
                     r"stressful|hectic|hell\s+of\s+a)\s+(?:day|week|shift)")
"""The user's work life at an organisation said in passing: "my boss at Harfang", "my team
at Tarangini", "a hell of a week at Kestrel", "meine Kollegen bei Bosch", "mon équipe chez
Ubisoft", "il mio capo da Esselunga", "mijn baas bij Coolblue"."""


def _work_life_at(span: str, item: _Pending, lang: str) -> bool:
    """Whether the user's clause names their workplace through their work life there
    (:data:`_WORK_LIFE`), the organisation right after its preposition: the employer, as
    "I work at …" would be. "My team at the pub quiz" names no organisation."""
    life = _WORK_LIFE.get(lang)
    if life is None:
        return False
    for m in re.finditer(r"(?i)(?<![\w])(?:" + life + r")(?![\w])", span):
        near = " ".join(span[m.end():].split()[:3])
        if _proper_after(near, lang, _EMPLOYER_PREP,
                         {p.name for p in item.people if p.name}) is not None:
            return True
    return False


_SHIFTS: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<![\w-])(?:" + "|".join(
        re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?!\w)")
    for lang, words in SHIFT_WORDS.items()}
"""Shift work in each language (:data:`SHIFT_WORDS`)."""


_SHIFT_PREP: dict[str, str] = {**_EMPLOYER_PREP, "de": _EMPLOYER_PREP["de"] + r"|im",
                                "en": _EMPLOYER_PREP["en"] + r"|out\s+of|out\s+to"}
"""Where shifts are worked: "bei", "at", "en", and in German also "im" ("Nachtschichten im
Klinikum Feldberg"), which names a building, not a town ("in München"); in English also the
station a shift sets out from ("a 12 hour shift on the ambulances out of Benton station",
"back out to Hexham tomorrow, early shift")."""


_SHIFT_PREP_AHEAD: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)\s*(?:" + prep + r")\s") for lang, prep in _SHIFT_PREP.items()}
"""An at-word right after a shift (:data:`_SHIFT_PREP`): "my shift at the library"."""


def _shifts_at(span: str, item: _Pending, lang: str) -> bool:
    """Whether the user's clause names their shift work at an organisation ("I'm on four
    nights a week at the Royal Alexandra", "hago guardias en el Hospital Clínic", "na Vodacom
    estou de piquete uma semana por mês", "ik draai nachtdiensten bij het Maasstad"): the
    organisation is where they work, before or after the shift said. Shifts alone ("back on
    nights") or at no named place name no employer."""
    shifts = _SHIFTS.get(lang)
    if shifts is None:
        return False
    names = {p.name for p in item.people if p.name}
    prep = _SHIFT_PREP_AHEAD.get(lang)
    for m in shifts.finditer(span):
        after = span[m.end():]
        if prep is not None and prep.match(after):
            # the place said right after the shift is where it is worked: "water aerobics at
            # the Y on Monday and Wednesday mornings before my shift at the library" works at
            # no Y
            near = " ".join(after.split()[:_SHIFT_REACH])
        else:
            near = " ".join([*span[:m.start()].split()[-2 * _SHIFT_REACH:], m.group(0),
                             *after.split()[:2 * _SHIFT_REACH]])
        if _proper_after(near, lang, _SHIFT_PREP, names) is not None:
            return True
    return False


_SHIFT_REACH = 5
"""How many words after a shift and its at-word the organisation it is worked at may stand;
twice as many around a shift said without one ("na Vodacom estou de piquete", "a 12 hour
shift on the ambulances out of Benton station")."""


def _seeks_a_job(text: str, lang: str) -> bool:
    """Whether a clause is about a step towards a job — an application, an interview, a
    trial day, an offer ("sent my application to Hearth & Rye", "fiz entrevista no INPA",
    "morgen hab ich einen Probetag bei Lidl", "我下周去腾讯面试") — and not about getting it
    ("I got the job at Hearth & Rye", "me contrataron en Zara", "fui aprovado no INPA"): a
    plan or an event, never where the user works, so the job held goes on."""
    return has_cue("job_seeking", lang, text) and not has_cue("hired", lang, text)


def _hired_at(text: str, span: str, item: _Pending, lang: str) -> bool:
    """Whether the user's clause says they got a job at a named organisation ("I got the job
    at Hearth & Rye!", "me contrataron en Zara", "fui aprovado no INPA", "ik ben aangenomen
    bij Coolblue"): the new employer, so the old one ends."""
    return has_cue("hired", lang, text) and _proper_after(
        span, lang, _EMPLOYER_PREP, {p.name for p in item.people if p.name}) is not None


_WORKING: dict[str, str] = {
    "en": r"work\w*|jobs?|employ\w*|hired|shifts?|staff|intern\w*|colleagues?|boss|"
          r"career|contract|position|role",
    "de": r"arbeit\w*|job\w*|stelle|angestellt\w*|beschäftigt|schicht\w*|kolleg\w*|chef\w*|"
          r"praktik\w*|ausbildung|werkstudent\w*|vertrag|position|eingestellt",
    "fr": r"travail\w*|boulot|job|emploi|poste|bosse|embauch\w*|stage|collègues?|patron\w*|"
          r"contrat|cdi|cdd",
    "es": r"trabaj\w*|curro|curr[oa]\w*|empleo|puesto|contrat\w*|prácticas|becari\w*|"
          r"compañer\w*|jef[ea]|turno",
    "it": r"lavor\w*|impiego|posto|assunt\w*|stage|tirocinio|collegh\w*|capo|contratto|turno",
    "pt": r"trabalh\w*|emprego|vaga|cargo|estágio|contrat\w*|colegas?|chefe|turno|plantão",
    "nl": r"werk\w*|baan|job|functie|stage|collega\w*|baas|contract|dienst",
}
"""Words of working or of employment: a clause with none of them that names an organisation
("Ich war mit Freunden bei Aldi") says where the user was, not where they work."""


def _says_working(text: str, lang: str) -> bool:
    """Whether ``text`` holds a word of working (:data:`_WORKING`; False in a language
    without the list)."""
    words = _WORKING.get(lang)
    return words is not None and \
        re.search(r"(?i)(?<!\w)(?:" + words + r")(?!\w)", text) is not None


def _names_a_kind_of_workplace(text: str, lang: str) -> bool:
    """Whether ``text`` names a kind of workplace (:data:`WORKPLACE_NOUNS`: "bakery",
    "Werkstatt", "usine" …)."""
    kinds = WORKPLACE_NOUNS.get(lang, ())
    return bool(kinds) and re.search(
        r"(?i)(?<!\w)(?:" + "|".join(re.escape(k) for k in kinds) + r")(?!\w)", text) is not None


def _no_workplace_said(span: str, lang: str) -> bool:
    """Whether a clause the classifier reads as the employer says neither a workplace — no
    name, no kind of workplace (:data:`WORKPLACE_NOUNS`) — nor a word of working ("I do miss
    the banter on the ward", "ich vermisse die Kaffeeküche"): a feeling about work, not where
    the user works, so the employer held stays ("I work at a bakery" names one)."""
    if lang not in _WORKING or _names_entity(span, lang) or _says_working(span, lang):
        return False
    return not _names_a_kind_of_workplace(span, lang)


def _no_workplace_named(span: str, item: _Pending, lang: str) -> bool:
    """Whether a clause the classifier reads as the employer names places or things but no
    workplace: no word of working, no kind of workplace and no name after a word of working
    at ("Im Hallenbad in Aurich, der war so stolz"): German capitalises every noun and a town
    is a name, so :func:`_no_workplace_said` lets these through, and they had ended the
    employer held. (Asked only of a clause without the user as its subject: "suis sous-chef
    au Bouchon des Canuts" names a job the word lists do not.)"""
    if lang not in _WORKING or _says_working(span, lang) or \
            _names_a_kind_of_workplace(span, lang):
        return False
    avoid = {p.name for p in item.people if p.name}
    return _proper_after(span, lang, _EMPLOYER_PREP, avoid) is None


def _at_an_organisation_without_work(span: str, item: _Pending, lang: str) -> bool:
    """Whether the user's clause names an organisation after a preposition of place ("bei",
    "at", "chez", "bij") with no word of working ("Ich war mit Freunden bei Aldi", "I was at
    Aldi with friends", "j'étais chez Decathlon avec des amis"): a visit, not a job ("ich
    arbeite bei Aldi", "bin bei Aldi angestellt" still are, and so are months or years there:
    "sto in cucina da Eataly da quasi quattro anni")."""
    years_there = _TENURE_AFTER.get(lang)
    if lang not in _WORKING or _says_working(span, lang) or \
            (years_there is not None and years_there.search(span)):
        return False
    avoid = {p.name for p in item.people if p.name}
    return _proper_after(span, lang, _EMPLOYER_PREP, avoid) is not None


_JOB_AS_MODIFIER = re.compile(r"(?i)\b(?:\w+\s+(?:de|di|da|do)|\w+\s+d['’])\s*$")
"""A job word that qualifies the noun before it ("entrevista de trabajo", "colloquio di
lavoro", "oferta de emprego"): a thing about work, not where the user works."""


def _start_said_beside(clause: Clause, at: datetime) -> datetime | None:
    """The day a new job or home begins when the same sentence says it in a clause of its
    own ("eine neue Stelle bei Vattenfall, ich fange in drei Wochen an", "a new flat in
    Hove, we move in on the 3rd"): one resolved day in the rest of the sentence,
    with a start or change cue."""
    rest = clause.sentence.replace(clause.text, " ", 1)
    if rest.strip(" ,.!?") == "" or not (find_cue("start", clause.language, rest) or
                                         find_cue("change", clause.language, rest)):
        return None
    _, days = with_dates(span_of(rest, clause.language), at, _tense(rest, clause.language))
    if len(days) != 1 or days[0].granularity is not Granularity.DAY:
        return None
    return datetime.combine(days[0].first, datetime.min.time(), tzinfo=at.tzinfo)


_NOT_STATES = frozenset({"event", *NO_FACT})
"""Slots that are no lasting state."""

_FREE_TEXT_SLOTS = frozenset({"personal", "concern", "work"})
"""Slots whose fact is the clause itself, with no kind of thing to name (a drink, a sport,
a pet) nor a thing liked or not ("I love the work", "I can't have peanuts" are facts): kept
only when the clause names something. On the dev half of the truth set, the short clauses
of these slots that named nothing were 49 of 65 stored facts untrue (a mood, a remark:
"ho una fame", "je sais pas comment l'aider") and answered one question (stop 42)."""

FREE_TEXT_MAX_WORDS = 6
"""A clause of a free-text slot with at most this many words (characters in Chinese: ``6``)
that names nothing is a remark, not a fact."""


def _says_nothing_in_particular(span: str, lang: str) -> bool:
    """Whether a clause is short and names nothing: no place, person, organisation or
    number (:func:`_names_entity`)."""
    zh = lang == "zh" or re.search(r"[\u4e00-\u9fff]", span) is not None
    size = len(span.strip()) if zh else len(span.split())
    return size <= FREE_TEXT_MAX_WORDS and not _names_entity(span, lang)


_ENTITY_SLOTS = frozenset({"employer", "residence"})
"""Slots whose value is a named place or organisation: a clause that names none and has no
subject ("already found a dentist", "on cherche un resto calme") is not about
them, and must not end the user's real employer or home ("I work at a bakery" still is)."""


_AND_THEN = re.compile(r"(?i)^[\s,]*(?:and|or|und|oder|et|ou|y|o|e|en)\s+\w+")


def _said_more_after(text: str, obj: str) -> bool:
    """Whether the clause goes on past a rule's object with a coordinated second part ("I
    play the guitar and sing in a choir"): the rule's sentence would lose it, the clause's
    own sentence keeps it."""
    at = text.find(obj)
    return at >= 0 and _AND_THEN.match(text[at + len(obj):]) is not None


_ZH_NAMED_PLACE = re.compile(r"[\u4e00-\u9fff](?:市|省|区|县|镇|村|路|街|国|州|岛|城|公司|集团|"
                             r"银行|医院|大学|学校|中学|小学)")
"""A Chinese word that ends in a place or organisation suffix ("高新区", "深圳市", "协和医院")."""


_LATIN_IN_HAN = re.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z])|(?<=[A-Za-z])(?=[\u4e00-\u9fff])")
"""Where a Latin word meets Chinese characters: a fact's sentence puts a space there, so the
name stands as a word ("Punggol", "East Coast") for search and for reading."""


def _names_entity(span: str, lang: str) -> bool:
    """Whether a clause names a place or organisation: a capitalised word after its first
    word (every German noun counts), or a number; in Chinese a Latin name, a place after a
    verb of living or working ("住在成都", "在腾讯"), or a word ending in a place suffix
    ("高新区", "深圳市"). ("新家附近就有游泳池", a pool near the new home, names none.)"""
    if lang == "zh" or re.search(r"[\u4e00-\u9fff]", span):
        return bool(re.search(r"[A-Z][A-Za-z]+|\d", span) or _ZH_NAMED_PLACE.search(span)
                    or _proper_after(span, "zh", _PLACE_PREP, set()))
    words = re.findall(r"[^\W\d_][\w'’&.-]*", span)
    return bool(re.search(r"\d", span)) or any(
        w[0].isupper() and w.casefold() not in _NOT_NAME_WORDS for w in words[1:])


_ZH_LIVES_IN = re.compile(r"^(?:我|我们|俺)?(?:现在|目前|还|就)?住(?:在)?[\u4e00-\u9fffA-Za-z]{2,}"
                          r"(?:区|市|县|镇|村|街|路|堡|城|里|边|附近|一个|一间|的)")
"""A Chinese clause that opens with living somewhere ("住士嘉堡一个地下室", "我住在金凤区的")."""


def _names_a_place(span: str, lang: str) -> bool:
    """:func:`_names_entity` with its kin words left out: "the whole family round at the new
    house, Nan included" names no home, however "Nan" is written."""
    if lang == "zh" or re.search(r"[\u4e00-\u9fff]", span):
        return _names_entity(span, lang)
    kin = RELATIONS.get(lang, {})
    return _names_entity(" ".join(
        w for w in span.split()
        if not (w[:1].isupper() and w.strip(",.;:!?").casefold() in kin)), lang)


_USER_AS_OBJECT: dict[str, str] = {
    "en": r"me", "de": r"mir|mich", "fr": r"me|m'|m’|moi", "es": r"me", "it": r"mi|m'|m’",
    "pt": r"me", "nl": r"me|mij", "zh": r"我",
}
ACTS_ON_USER_WORDS = 4
"""At most this many words: "mon frère m'a appelé" (my brother called me) is a moment."""


def _acts_on_user(body: str, lang: str) -> bool:
    """Whether what a third party's clause says is only a short act done to the user ("m'a
    appelé", "me regañó", "hat mich angerufen", "called me"): a moment of the
    conversation, not something that holds about anyone. Bodies that name a thing or a
    number ("m'apprend le Python") are kept."""
    words = _USER_AS_OBJECT.get(lang)
    if words is None or not body:
        return False
    if lang != "zh" and len(body.split()) == 1 and not re.search(r"\d|^[A-ZÀ-Þ]", body):
        return True  # "(my cat Pixel) agrees", "(Tom) laughed"
    if lang == "zh":
        return len(body) <= 6 and "我" in body and not re.search(r"\d", body)
    if len(body.split()) > ACTS_ON_USER_WORDS or re.search(r"\d|(?<!^)\b[A-ZÀ-Þ]", body):
        return False
    return re.search(r"(?i)(?<![\w'’])(?:" + words + r")(?:(?<=['’])|(?![\w]))", body) \
        is not None


def _someone_else_before(text: str, place: str, lang: str) -> bool:
    """Whether a move or home read for the user is someone else's: a name comes before the
    place in the same part of the sentence, and no "I" ("y Lucía se va a vivir a Sevilla",
    "and Joana is moving to Braga")."""
    at = text.find(place)
    if at < 0:
        return False
    before = re.split(r"[,;:，]", text[:at])[-1]
    named = [n for n in _names_in(text[:at], lang) if re.search(rf"\b{re.escape(n)}\b", before)]
    return bool(named) and not _has_subject(before, lang)  # (", Denise lives in …" too)


def _others_home(item: _Pending, span: str, lang: str, *, putting_right: bool = False) -> bool:
    """Whether a clause about a home names someone else's ("Lucía se va a vivir a
    Sevilla"), not the user's. In small letters, a verb of theirs says so ("…, die wonen in
    tilburg"), unless the clause puts a home said before right ("stimmt gar nich, die wohnt
    in herne": the held home it names is whoever's it was)."""
    avoid = {p.name for p in item.people if p.name}
    place = _proper_after(span, lang, _PLACE_PREP, avoid)
    if place is None:
        return not putting_right and \
            bool(_THEY_LIVE.get(lang, _NO_MATCH).search(item.clause.text)) and \
            not _FIRST_PERSON_LIVES.get(lang, _NO_MATCH).search(item.clause.text)
    return _someone_else_before(item.clause.text, place, lang) or \
        _relative_before(item, place, lang)


_THEY_LIVE: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<![\w'’])(?:" + p + r")(?!\w)") for lang, p in {
        "en": r"(?:who|they|he|she)\s+(?:live|lives)",
        "de": r"(?:die|der|sie|er)\s+(?:wohnen|wohnt|leben|lebt)",
        "fr": r"(?:qui|ils|elles|il|elle)\s+(?:habitent|habite|vivent|vit)",
        "es": r"(?:que|ellos|ellas|ella|él)\s+(?:viven|vive)",
        "it": r"(?:che|loro|lei|lui)\s+(?:vivono|vive|abitano|abita|stanno)",
        "pt": r"(?:que|eles|elas|ela|ele)\s+(?:moram|mora|vivem|vive)",
        "nl": r"(?:die|ze|zij|hij)\s+(?:wonen|woont)",
    }.items()}
"""Someone else said to live somewhere: a relative pronoun or "they", "she", "he" before a
verb of living ("mn broer daan … met z'n vriendin noor, die wonen in tilburg")."""

_FIRST_PERSON_LIVES: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<![\w'’])(?:" + p + r")(?!\w)") for lang, p in {
        "en": r"i\s+live|we\s+live|i'm\s+living|we're\s+living",
        "de": r"ich\s+wohne|wir\s+wohnen|wohn\s+ich|wohne\s+ich|wohnen\s+wir",
        "fr": r"j['’]habite|nous\s+habitons|on\s+habite|je\s+vis|on\s+vit",
        "es": r"vivo|vivimos",
        "it": r"abito|abitiamo|vivo|viviamo",
        "pt": r"moro|moramos|vivo|vivemos",
        "nl": r"ik\s+woon|woon\s+ik|wij\s+wonen|we\s+wonen|wonen\s+we",
    }.items()}
"""The user's own verb of living ("ik woon", "vivo"): the home named is theirs as well."""


def _lives_in_said(text: str, lang: str) -> bool:
    """Whether the user says where they live, with their own verb of living and a word of
    place after it ("ik woon in vught", "vivo a Lecce", "j'habite à Rouen"), however short
    the clause and whatever its capitals."""
    own = _FIRST_PERSON_LIVES.get(lang)
    return own is not None and any(_PLACE_AFTER_LIVING.match(text, m.end())
                                   for m in own.finditer(text))


_PLACE_AFTER_LIVING = re.compile(
    r"(?i)\s+(?:nu\s+|jetzt\s+|now\s+|ora\s+|agora\s+|ahora\s+|maintenant\s+)?"
    r"(?:in|im|at|a|à|au|en|em|no|na|op|bij|te|nel|nella|al|alla|aan|près\s+de|dans|ad)\s+\w")
"""A word of place after the user's verb of living ("woon | in vught", "vivo | a lecce")."""


def _relative_before(item: _Pending, place: str, lang: str) -> bool:
    """Whether a relative of the user's, named by the relation alone, comes before the place
    in the same part of the sentence and no "I" does besides the "my" of that relation ("le
    déménagement de ma sœur à Dijon", "my sister's move to Leeds"): the move is theirs."""
    text = item.clause.text
    at = text.find(place)
    start = max([m.end() for m in re.finditer(r"[,;:，]", text[:at])], default=0)
    for mention in item.people:
        if mention.name is None and mention.of is None and start <= mention.span[0] and \
                mention.span[1] <= at:
            rest = text[start:mention.span[0]] + " " + text[mention.span[1]:at]
            if not _has_subject(rest, lang):
                return True
    return False


_FIRST_PERSON = {
    "en": r"i|i'm|i've|i'd|im|we|we're|we've|my|our|me|us|mine",
    "de": r"ich|wir|mein\w*|unser\w*|bin|hab|habe|mir|mich|uns",
    "fr": r"je|j'|j’|on|nous|mon|ma|mes|suis|ai|moi|m'|m’",
    "es": r"yo|mi|mis|soy|estoy|tengo|voy|vivo|trabajo|me|nos|mí",
    "it": r"io|mio|mia|miei|sono|ho|vado|vivo|lavoro|abito|mi|ci",
    "pt": r"eu|meu|minha|sou|estou|tenho|vou|moro|trabalho|me|nos|mim",
    "nl": r"ik|wij|we|mijn|ben|heb|me|mij|ons",
    "zh": r"我",
}


def _own_verb_opens(text: str, lang: str) -> bool:
    """Whether ``text`` opens with the user's own verb in a language that drops the subject
    (:data:`FIRST_PERSON_VERBS`): "Soffro di vertigini", "Sufro de vértigo" are sentences,
    no fragments."""
    first = re.match(r"\W*(\w+)", text)
    return first is not None and first[1].casefold() in FIRST_PERSON_VERBS.get(lang, ()) and \
        first[1].casefold() not in _ALSO_NOT_A_VERB


_ALSO_NOT_A_VERB = frozenset({"como", "porto", "canto", "monto"})
"""First-person verbs that open a phrase as often as another word ("como siempre", "porto di
Genova", "canto del gallo")."""


def _has_subject(text: str, lang: str) -> bool:
    words = _FIRST_PERSON.get(lang)
    if words is None:
        return False
    if lang == "zh":
        return "我" in text
    return re.search(r"(?i)(?<![\w'’])(?:" + words + r")(?:(?<=['’])|(?![\w]))", text) \
        is not None


def _without_old_value(text: str, old: str, lang: str) -> str:
    """The fact's text without the value it corrects away ("…, not Friday")."""
    pattern = _CORRECTED_VALUE.get(lang)
    if pattern is None or old.casefold() not in text.casefold():
        return text  # (already taken out: nothing else goes)
    m = next((found for found in pattern.finditer(text)
              if old.casefold() in found["old"].casefold()), None) or \
        _correction_match(text, lang)
    if lang == "zh" and m is None:
        m = _ZH_MY_MISTAKE.search(text)
    cleaned = text if m is None else text[:m.start()] + text[m.end():]
    # "ist nicht am 12., sondern am 19." → "ist am 19.": the contrast word goes with it
    # ("Korrektur, nicht Donnerstag, sondern Freitag": the comma before the value goes too)
    cleaned = re.sub(r"(?i)(?<=\w)\s*\.?\s*(?:,\s*)+(?:sondern|but|mais|sino|ma|mas|maar)\s+",
                     " ", cleaned, count=1) if cleaned != text else cleaned
    cleaned = re.sub(r"[\s,;]+(?=[.!?)]|$)", "", cleaned).strip(" ,;")
    cleaned = re.sub(r"\s*,(?:\s*,)+", ",", cleaned)  # "…, no es Querétaro, es León"
    return cleaned or text


def _says_only_the_wrong_value(text: str, lang: str) -> bool:
    """A correction's clause that names the wrong value and nothing else, an apology or the
    word of correction at most ("scusa, ti ho detto Padova", "sorry, I told you Leeds", "ich
    hab dir Pradl gesagt, das stimmt nicht")."""
    pattern = _CORRECTED_VALUE.get(lang)
    if pattern is None or pattern.search(text) is None:
        return False
    rest = _APOLOGY.sub("", pattern.sub("", text, count=1))
    fix = cue_pattern("correction", lang)  # "ich hab dir Pradl gesagt – stimmt gar ned"
    return not content_words([rest if fix is None else fix.sub(" ", rest)])


_APOLOGY = re.compile(
    r"(?i)^\W*(?:sorry|oops|oh|ah|sorry,? no|entschuldigung|entschuldige|pardon|désolée?|oups|"
    r"perdón|perdona|perdone|lo siento|ups|scusa|scusate|scusi|desculpa|desculpe|oeps|sorry|"
    r"[啊哎唉]?(?:不好意思|抱歉|对不起)|哦)[\s,，.!！:：—-]*")
"""An apology before a correction ("Sorry, I meant …", "Perdón, quería decir …", "啊抱歉，
打错字，…" with the interjection before it)."""

_TRAILING_APOLOGY = re.compile(
    r"(?i)(?:\s*[,，]\s*)+(?:sorry|(?:my|the\s+user's)\s+bad|oops|entschuldigung|pardon|"
    r"mein\s+fehler|désolée?|oups|excuse-moi|perdón|perdona|disculpa|scusa|scusami|scusate|desculpa|desculpe|"
    r"foi\s+mal|perdão|excuus|oeps|不好意思|抱歉|对不起)\W*$")
"""An apology that ends a correction, with the commas before it ("Ik woon in Arnhem, niet in
Utrecht, sorry"): no part of the fact."""

_WRITTEN_DAY = re.compile(
    r"(?:\b(?:on|the)\s+)?(?:[A-Z][a-z]+day\s+)?\d{1,2}\s+[A-Z][a-z]+\s+\d{4}")


def _only_a_day(text: str, at: datetime) -> bool:
    """Whether a correction's words are a day and nothing else ("the 14th", "el 14",
    "Thursday"): it moves the day said last."""
    dated, days = with_dates(text, at, None)
    if len(days) != 1 or days[0].granularity is not Granularity.DAY:
        return False
    return not content_words([_WRITTEN_DAY.sub(" ", dated)])


def _only_the_opening(clause: Clause) -> bool:
    """Whether the clause, as the user said it, is a correction's opening and nothing more
    ("J'ai tout mélangé.", "I got that wrong."): its subject dropped from the span ("ai tout
    mélangé") no longer reads as the opening, the clause itself still does."""
    said = clause.text.strip(" .!?…。！？")
    rest = _without_correction_words(said, clause.language)
    return rest != said and not content_words([rest]) and _corrected_value(clause) is None


def _correction_said_last(clause: Clause) -> bool:
    """Whether the words of correction close the clause, after what it restates ("é dia 16
    de agosto o casamento, errei", "la boda es el 27, me confundí")."""
    m = find_cue("correction", clause.language, clause.text)
    return m is not None and m.start() > 0 and \
        not re.sub(r"[\s.!?…]|[\U0001F300-\U0001FAFF\u200d\u2640\u2642\ufe0f]", "",
                   clause.text[m.end():])


def _without_correction_words(text: str, lang: str) -> str:
    """The fact's text without "small correction:" / "I got it wrong" said before it."""
    head, sep, body = text.partition(": ")
    in_body = bool(sep) and head.startswith("The user")
    target = body if in_body else text
    m = find_cue("correction", lang, target)
    sorry = _APOLOGY.match(target)
    if m is not None and sorry is not None and m.start() <= sorry.end() + 3:
        target = target[sorry.end():]  # "Sorry, I meant …": the apology goes with the cue
        m = find_cue("correction", lang, target)
    if m is None:
        m = slip_lead(target, lang)  # "não, égua, é dia 21" after "é dia 12 de outubro..."
    rendered = False  # "The user got it wrong, the dentist is on Thursday": the "I" of "I
    # got it wrong" was already rendered; the words of correction go with it
    if (m is None or m.start() > 3) and not in_body and target.startswith("The user "):
        said = find_cue("correction", lang, target[len("The user "):])
        if said is not None and said.start() <= 3:
            target, m, rendered = target[len("The user "):], said, True
    if m is None or m.start() > 3:
        return text
    trimmed = target[m.end():].lstrip(" ,:;-，：；、").rstrip(" ，、")
    if not trimmed:
        return ""
    if rendered:
        return trimmed[:1].upper() + trimmed[1:]
    return f"{head}{sep}{trimmed}" if in_body else trimmed  # the apology cut, not the head


def _is_short(span: str, lang: str) -> bool:
    return len(span) <= 8 if lang == "zh" else len(span.split()) <= 3


def _day_words(moment: datetime) -> str:
    return f"{moment.day} {moment.strftime('%B')} {moment.year}"


def _object_of(text: str, span: str, item: _Pending, lang: str) -> str:
    """The statement's object: the fact's text after its subject ("drinks green tea in the
    mornings"), or the clause's value without the person it is about."""
    head = re.match(r"^(?:The user|" + re.escape(item.subject_phrase) + r")(?:\s*\([^)]*\):)?\s+",
                    text)
    if head is not None and text[head.end():].strip():
        return text[head.end():].strip()
    obj = span
    for m in item.people:
        if m.name and obj.startswith(m.name):
            obj = obj[len(m.name):].lstrip(" ,'s")
    return obj.strip() or span

