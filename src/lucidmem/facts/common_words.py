"""Words a language uses in small letters: no one's name when a clause opens with them.

A clause that opens with a capital and something like a verb reads as someone named ("Carla
ha …"), but the first word of a sentence is written with a capital whatever it is:
"Todavía me dan nervios …", "Stasera tira una tramontana …", "Eindelijk ruimte voor …" name
nobody. :func:`is_common_word` knows the words of a language from the slot classifier's
examples shipped with the package (``facts/data/slots`` and ``slots_chat``, some 1,300 to
1,500 words a language), every word written there in small letters; a given name is never
one of them, nor a name that is also a word ("Rosa", "Luz": people.NAMES_THAT_ARE_WORDS).
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from lucidmem.facts.people import NAMES_THAT_ARE_WORDS, is_given_name

__all__ = ["common_words", "is_common_word"]

_FOLDERS = ("slots", "slots_chat")


@cache
def common_words(lang: str) -> frozenset[str]:
    """The words the examples of ``lang`` write in small letters (empty for a language
    without examples)."""
    words: set[str] = set()
    data = resources.files("lucidmem.facts") / "data"
    for folder in _FOLDERS:
        path = data / folder / f"{lang}.txt"
        if not path.is_file():
            continue
        for line in path.read_text("utf-8").splitlines():
            if line.startswith("#") or "\t" not in line:
                continue
            words.update(w for w in re.findall(r"[^\W\d_]+", line.split("\t", 1)[1])
                         if w.islower())
    return frozenset(words | _TIMES_OF_DAY.get(lang, set()))


_TIMES_OF_DAY: dict[str, set[str]] = {
    "en": {"tonight", "today", "yesterday", "tomorrow"},
    "de": {"heute", "gestern", "vorgestern", "morgen", "übermorgen", "heuer"},
    "fr": {"aujourd", "hier", "demain", "avant-hier", "après-demain"},
    "es": {"hoy", "ayer", "anoche", "anteayer", "antier", "mañana"},
    "it": {"oggi", "ieri", "domani", "stasera", "stamattina", "stamani", "stamane",
           "stanotte", "stavolta", "dopodomani"},
    "pt": {"hoje", "ontem", "anteontem", "amanhã", "anoite"},
    "nl": {"vandaag", "gisteren", "morgen", "vanavond", "vanochtend", "vanmorgen",
           "vanmiddag", "vannacht", "eergisteren", "overmorgen"},
}
"""Words for today, this evening and the days around it, which open many a sentence with
their capital ("Stasera tira un vento …", "Vanavond eet ik …") and are never a name, though
the examples may not write them in small letters."""


def is_common_word(word: str, lang: str) -> bool:
    """Whether ``word`` (any case) is a word ``lang`` writes in small letters and no common
    given name ("Todavía", "Stasera": yes; "Rosa": no)."""
    folded = word.casefold()
    return folded in common_words(lang) and folded not in NAMES_THAT_ARE_WORDS and \
        not is_given_name(word)
