"""Word tables for :mod:`lucidmem.facts.temporal`: English, German, French and Spanish.

All keys are lower case; lookups casefold first. Accents are kept ("mañana", "dernière").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = [
    "DAY_WORDS",
    "MONTHS",
    "NUMBERS",
    "REL_LAST",
    "REL_NEXT",
    "REL_THIS",
    "UNITS",
    "VAGUE",
    "WEEKDAYS",
    "alternation",
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
}

REL_NEXT: tuple[str, ...] = (
    "next", "coming", "nächste", "nächsten", "nächster", "nächstes", "kommende", "kommenden",
    "kommender", "kommendes", "prochain", "prochaine", "próximo", "próxima", "proximo",
    "proxima", "que viene",
)
REL_LAST: tuple[str, ...] = (
    "last", "past", "previous", "letzte", "letzten", "letzter", "letztes", "vergangene",
    "vergangenen", "vergangener", "vergangenes", "dernier", "dernière", "derniere",
    "pasado", "pasada",
)
REL_THIS: tuple[str, ...] = (
    "this", "diese", "diesen", "dieser", "dieses", "ce", "cet", "cette", "este", "esta",
)

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
}
"""Day offsets relative to the message's own date."""

VAGUE: tuple[str, ...] = (
    "soon", "someday", "some day", "one day", "eventually", "sometime", "some time",
    "at some point", "in a while", "in a few days", "in a few weeks", "in a few months",
    "a while ago", "next time", "one of these days", "later this year", "sooner or later",
    "bald", "irgendwann", "demnächst", "später", "eines tages",
    "bientôt", "un jour", "plus tard", "un de ces jours",
    "pronto", "algún día", "algun dia", "más tarde", "mas tarde", "dentro de poco",
)
"""Expressions that are temporal but cannot be resolved to dates: kept as text, flagged."""


def alternation(words: Iterable[str]) -> str:
    """A non-capturing regex alternation of ``words``, longest first, spaces as ``\\s+``."""
    items = sorted(set(words), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in items) + ")"
