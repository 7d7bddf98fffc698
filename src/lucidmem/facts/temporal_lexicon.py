"""Word tables for :mod:`lucidmem.facts.temporal`: English, German, French and Spanish.

All keys are lower case; lookups casefold first. Accents are kept ("mañana", "dernière").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = [
    "DATE_NAMES",
    "DAY_WORDS",
    "HOLIDAYS",
    "MONTHS",
    "NUMBERS",
    "REL_LAST",
    "REL_NEXT",
    "REL_SAID_BEFORE_ONLY",
    "REL_THIS",
    "SEASONS",
    "UNITS",
    "VAGUE",
    "WEEKDAYS",
    "alternation",
    "said_weekday",
    "without_trailing_date_words",
]

WEEKDAYS: dict[str, int] = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
    "sunday": 6,
    "montag": 0, "dienstag": 1, "mittwoch": 2, "donnerstag": 3, "freitag": 4, "samstag": 5,
    "sonnabend": 5, "sonntag": 6,
    "lundi": 0, "mardi": 1, "mercredi": 2, "jeudi": 3, "vendredi": 4, "samedi": 5,
    "dimanche": 6,
    "lunes": 0, "martes": 1, "miércoles": 2, "miercoles": 2, "jueves": 3, "viernes": 4,
    "sábado": 5, "sabado": 5, "domingo": 6,
    "lunedì": 0, "lunedi": 0, "martedì": 1, "martedi": 1, "mercoledì": 2, "mercoledi": 2,
    "giovedì": 3, "giovedi": 3, "venerdì": 4, "venerdi": 4, "sabato": 5, "domenica": 6,
    "segunda": 0, "segunda-feira": 0, "terça": 1, "terça-feira": 1, "terca": 1,
    "quarta": 2, "quarta-feira": 2, "quinta": 3, "quinta-feira": 3, "sexta": 4,
    "sexta-feira": 4,
    "maandag": 0, "dinsdag": 1, "woensdag": 2, "donderdag": 3, "vrijdag": 4, "zaterdag": 5,
    "zondag": 6,
}

MONTHS: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
    "januar": 1, "jänner": 1, "februar": 2, "märz": 3, "mai": 5, "juni": 6, "juli": 7,
    "oktober": 10, "dezember": 12,
    "janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "juin": 6,
    "juillet": 7, "août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11,
    "décembre": 12, "decembre": 12,
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
    "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11,
    "diciembre": 12,
    "gennaio": 1, "febbraio": 2, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7,
    "settembre": 9, "ottobre": 10, "dicembre": 12,
    "janeiro": 1, "fevereiro": 2, "março": 3, "marco": 3, "maio": 5, "junho": 6,
    "julho": 7, "setembro": 9, "outubro": 10, "novembro": 11, "dezembro": 12,
    "januari": 1, "februari": 2, "maart": 3, "mei": 5, "augustus": 8,
}

NUMBERS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2, "couple of": 2,
    "ein": 1, "eine": 1, "einem": 1, "einer": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
    "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
    "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8,
    "neuf": 9, "dix": 10,
    "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
    "ocho": 8, "nueve": 9, "diez": 10,
    "onze": 11, "douze": 12, "quinze": 15, "quatorze": 14, "vingt": 20, "trente": 30,
    "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8,
    "nove": 9, "dieci": 10, "quindici": 15,
    "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4, "sete": 7,
    "oito": 8, "dez": 10, "quinze dias": 15,
    "een": 1, "één": 1, "twee": 2, "drie": 3, "vijf": 5, "zes": 6, "zeven": 7,
    "negen": 9, "tien": 10,
    "elf": 11, "zwölf": 12, "vierzehn": 14, "fünfzehn": 15,
    "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
    "doce": 12, "catorce": 14, "quince": 15, "veinte": 20, "treinta": 30,
    "dodici": 12, "quattordici": 14, "venti": 20, "trenta": 30,
    "doze": 12, "catorze": 14, "vinte": 20, "trinta": 30,
    "twaalf": 12, "veertien": 14, "vijftien": 15, "twintig": 20, "dertig": 30,
    "zwanzig": 20, "dreißig": 30,
}

UNITS: dict[str, str] = {
    "day": "day", "days": "day", "week": "week", "weeks": "week", "month": "month",
    "months": "month", "year": "year", "years": "year", "weekend": "weekend",
    "tag": "day", "tage": "day", "tagen": "day", "woche": "week", "wochen": "week",
    "monat": "month", "monate": "month", "monaten": "month", "jahr": "year", "jahre": "year",
    "jahren": "year", "wochenende": "weekend",
    "jour": "day", "jours": "day", "semaine": "week", "semaines": "week", "mois": "month",
    "an": "year", "ans": "year", "année": "year", "années": "year", "week-end": "weekend",
    "día": "day", "días": "day", "dia": "day", "dias": "day", "semana": "week",
    "semanas": "week", "mes": "month", "meses": "month", "año": "year", "años": "year",
    "fin de semana": "weekend",
    "giorno": "day", "giorni": "day", "settimana": "week", "settimane": "week",
    "mese": "month", "mesi": "month", "anno": "year", "anni": "year",
    "fine settimana": "weekend",
    "mês": "month", "ano": "year", "anos": "year", "fim de semana": "weekend",
    "dag": "day", "dagen": "day", "weken": "week", "maand": "month", "maanden": "month",
    "jaar": "year", "jaren": "year",
    "fortnight": "fortnight", "quinzaine": "fortnight",
}

# English, German and Dutch put these before the unit they place ("next week", "deze week");
# French, Spanish, Italian and Portuguese may put theirs after it ("la semaine prochaine").
_NEXT_BEFORE = (
    "next", "coming", "nächste", "nächsten", "nächster", "nächstes", "kommende", "kommenden",
    "kommender", "kommendes", "volgende", "komende", "aanstaande",
)
_LAST_BEFORE = (
    "last", "past", "previous", "letzte", "letzten", "letzter", "letztes", "vergangene",
    "vergangenen", "vergangener", "vergangenes", "vorige", "afgelopen",
)
_THIS_BEFORE = ("this", "diese", "diesen", "dieser", "dieses", "deze", "dit")

REL_NEXT: tuple[str, ...] = (
    *_NEXT_BEFORE, "prochain", "prochaine", "próximo", "próxima", "proximo", "proxima",
    "que viene", "prossimo", "prossima", "próximos", "que vem",
    "q viene", "q vem", "k viene",  # (chat writes "que" as "q" or "k": "la semana q viene")
    "prox", "próx",  # ("la prox settimana", "a próx semana")
)
REL_LAST: tuple[str, ...] = (
    *_LAST_BEFORE, "dernier", "dernière", "derniere", "pasado", "pasada", "scorso", "scorsa",
    "passato", "passata", "passado", "passada",
)
REL_THIS: tuple[str, ...] = (
    *_THIS_BEFORE, "ce", "cet", "cette", "este", "esta", "questo", "questa", "neste", "nesta",
    "essa", "esse",
)
REL_SAID_BEFORE_ONLY: frozenset[str] = frozenset((*_NEXT_BEFORE, *_LAST_BEFORE, *_THIS_BEFORE))
"""The words of ``REL_NEXT``/``REL_LAST``/``REL_THIS`` that place a span only when said before
it: in "twee dagen deze week", "dagen deze" is no span."""

SEASONS: dict[str, int] = {
    "spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12,
    "frühling": 3, "frühjahr": 3, "sommer": 6, "herbst": 9,
    "printemps": 3, "été": 6, "ete": 6, "automne": 9, "hiver": 12,
    "primavera": 3, "verano": 6, "otoño": 9, "invierno": 12,
    "estate": 6, "autunno": 9, "inverno": 12,
    "verão": 6, "verao": 6, "outono": 9,
    "lente": 3, "voorjaar": 3, "zomer": 6, "herfst": 9, "najaar": 9,
    "春天": 3, "春季": 3, "夏天": 6, "夏季": 6, "秋天": 9, "秋季": 9, "冬天": 12, "冬季": 12,
}
"""Seasons and the month they start in (meteorological, northern hemisphere: spring is March
to May, winter December to February)."""

DAY_WORDS: dict[str, int] = {
    "today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0,
    "tomorrow": 1, "yesterday": -1, "the day after tomorrow": 2,
    "the day before yesterday": -2,
    "heute": 0, "heute abend": 0, "heute morgen": 0, "morgen": 1, "morgen früh": 1,
    "übermorgen": 2, "gestern": -1,
    "vorgestern": -2,
    "aujourd'hui": 0, "ce soir": 0, "demain": 1, "après-demain": 2, "hier": -1,
    "avant-hier": -2,
    "hoy": 0, "esta noche": 0, "esta mañana": 0, "mañana": 1, "pasado mañana": 2, "ayer": -1,
    "anteayer": -2, "antier": -2,
    "oggi": 0, "stasera": 0, "stamattina": 0, "domani": 1, "dopodomani": 2, "ieri": -1,
    "l'altro ieri": -2, "ieri l'altro": -2, "avantieri": -2,
    "hoje": 0, "hoje à noite": 0, "amanhã": 1, "amanha": 1, "depois de amanhã": 2,
    "ontem": -1, "anteontem": -2,
    "vandaag": 0, "vanavond": 0, "vanochtend": 0, "vanmorgen": 0, "overmorgen": 2,
    "gisteren": -1, "eergisteren": -2,
    # the night before the message: the day before
    "last night": -1, "letzte nacht": -1, "gestern abend": -1, "gestern nacht": -1,
    "hier soir": -1, "la nuit dernière": -1, "la nuit derniere": -1, "anoche": -1,
    "ieri sera": -1, "ieri notte": -1, "ontem à noite": -1, "ontem a noite": -1,
    "gisteravond": -1, "gisternacht": -1,
    # as chat writes them: short, without accents or umlauts
    "tmrw": 1, "tmr": 1, "2moro": 1, "2morrow": 1, "tomoz": 1, "tonite": 0,
    "uebermorgen": 2, "ubermorgen": 2, "apres-demain": 2, "apres demain": 2,
    "après demain": 2, "pasado manana": 2, "dopo domani": 2, "depois de amanha": 2,
    "hj": 0, "hj à noite": 0, "hj a noite": 0,
}
"""Day offsets relative to the message's own date."""

VAGUE: tuple[str, ...] = (
    "soon", "someday", "some day", "one day", "eventually", "sometime", "some time",
    "at some point", "in a while", "in a few days", "in a few weeks", "in a few months",
    "a while ago", "next time", "one of these days", "later this year", "sooner or later",
    "bald", "irgendwann", "demnächst", "später", "eines tages",
    "bientôt", "un jour", "plus tard", "un de ces jours",
    "pronto", "algún día", "algun dia", "más tarde", "mas tarde", "dentro de poco",
    "presto", "un giorno", "prima o poi", "più tardi", "em breve", "um dia", "mais tarde",
    "binnenkort", "ooit", "later", "irgendwann mal", "quand je pourrai",
    "一天", "以后", "将来", "改天", "到时候",
)
"""Expressions that are temporal but cannot be resolved to dates: kept as text, flagged."""


def alternation(words: Iterable[str]) -> str:
    """A non-capturing regex alternation of ``words``, longest first, spaces as ``\\s+``."""
    items = sorted(set(words), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in items) + ")"


HOLIDAYS = re.compile(
    r"(?i)(?<!\w)(?:christmas|xmas|easter|new year(?:'s)?(?: eve| day)?|thanksgiving|halloween|"
    r"ramadan|eid|diwali|hanukkah|weihnachten|ostern|silvester|neujahr|pfingsten|noël|noel|"
    r"pâques|toussaint|nouvel an|la saint-sylvestre|navidad|nochevieja|nochebuena|año nuevo|"
    r"semana santa|pascua|reyes|natale|pasqua|capodanno|ferragosto|epifania|natal|páscoa|"
    r"ano novo|réveillon|carnaval|carnevale|kerstmis|kerst|pasen|pinksteren|oud en nieuw|"
    r"oudejaarsavond|sinterklaas|koningsdag)(?!\w)")
"""Feasts said as a time ("ho smesso di fumare a Natale", "since Easter"): a capital there
names a day, not a place or a brand."""


DATE_NAMES = frozenset(
    {m for m in MONTHS if len(m) > 3 and m not in ("sept", "marco")}
    | {"may", "mai", "mei"} | set(WEEKDAYS))
"""Month and weekday names written out in full: ``MONTHS`` without its abbreviations ("mar",
"sept") and without "marco", which is also a first name."""


def without_trailing_date_words(name: str) -> str:
    """``name`` without the month or weekday names that follow it ("Berlin October" → "Berlin":
    a date said right after a place, "moved to Berlin in October" with the "in" left out or
    a relative date written out, "Penistone Saturday"). Whole names only, not abbreviations:
    "Viña del Mar" keeps its "Mar"."""
    words = name.split()
    while len(words) > 1 and words[-1].casefold() in DATE_NAMES:
        words.pop()
    return " ".join(words)


def said_weekday(text: str) -> int | None:
    """The weekday ``text`` names (0 = Monday), in any supported language ("woensdagavond",
    "terça-feira", "周三"), or ``None``."""
    for word in re.findall(r"[^\W\d_]+", text.casefold()):
        for name, day in WEEKDAYS.items():
            if word == name or (len(word) > len(name) and word.startswith(name)):
                return day
    m = re.search(r"(?:周|星期|礼拜)([一二三四五六日天])", text)
    return None if m is None else "一二三四五六日".find(m.group(1)) if m.group(1) != "天" else 6
