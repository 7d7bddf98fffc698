"""Words as chat writes them, written out before a turn is read.

People chatting on a phone shorten the small words ("sn allergico ai gatti", "x nn andare in
crisi", "ke", "cmq") and drop the apostrophe of an elided article ("faccio l orafo", "la
festa d addio", "c è il battesimo"). The extractor's patterns read the written-out words
("sono", "non", "che", "l'orafo"), so a statement said in chat was read as no statement at
all: "ciao sn nicola" named nobody and "sn allergico ai gatti" was a fact nobody could take
back by "l'allergia". :func:`chat_written_out` writes such words out, for the languages whose
chat shortenings are also no words of their own (:data:`WRITTEN_OUT_IN`), from the same table
the cue words match chat by (:data:`lucidmem.facts.cue_lexicon.CHAT_SPELLINGS`).

A shortening of one letter ("x" for "per") is written out only between two words ("x il
caffè", not "3 x 2"); the shortenings that are words as well ("k" for a thousand) are left as
written (:data:`LEFT_AS_WRITTEN`).
"""

from __future__ import annotations

import re
from functools import cache

from lucidmem.facts.cue_lexicon import CHAT_SPELLINGS

__all__ = ["LEFT_AS_WRITTEN", "WRITTEN_OUT_IN", "chat_written_out"]

WRITTEN_OUT_IN: frozenset[str] = frozenset({"es", "it", "nl"})
"""The languages whose chat shortenings are written out before a turn is read."""

LEFT_AS_WRITTEN: dict[str, frozenset[str]] = {
    "es": frozenset({"k", "pa"}),  # ("carne pa tó": said so, kept so)
    "it": frozenset({"k"}),
    "nl": frozenset({"m'n"}),
}
"""Shortenings that are words or numbers as well ("5k", Dutch "m'n"), or that people say as
they write them ("carne pa tó"), never written out."""

_ELIDED: dict[str, re.Pattern[str]] = {
    "it": re.compile(
        r"(?i)(?<![\w'])(l|d|c|dell|all|nell|sull|dall|quell|anch)\s+"
        r"(?=[aeiouàèéìòù]|h(?:o|ai|a|anno)\b)"),
}
"""An elided word whose apostrophe chat left out, before the vowel it stands before
("l orafo", "d addio", "c è", "dell allergia") or the "h" of "avere" ("l ho preso"): none of
them is a word alone."""


@cache
def _shortenings(lang: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    said = CHAT_SPELLINGS.get(lang)
    if lang not in WRITTEN_OUT_IN or not said:
        return None
    full_of: dict[str, str] = {}
    for full, shorts in said.items():  # (the first full word of a shortening: "q" is "que")
        for short in shorts:
            if short not in LEFT_AS_WRITTEN.get(lang, frozenset()):
                full_of.setdefault(short, full)
    longer = sorted((s for s in full_of if len(s) > 1), key=len, reverse=True)
    single = [s for s in full_of if len(s) == 1]
    parts = []
    if longer:
        parts.append(r"(?<![\w'])(?:" + "|".join(map(re.escape, longer)) + r")(?![\w'])")
    if single:
        parts.append(r"(?<=[^\W\d_] )(?:" + "|".join(map(re.escape, single)) +
                     r")(?= [^\W\d_])")
    return re.compile("(?i)" + "|".join(parts)), full_of


def _as_cased(full: str, short: str) -> str:
    return full[:1].upper() + full[1:] if short[:1].isupper() else full


def chat_written_out(text: str, lang: str) -> str:
    """``text`` with the chat shortenings of ``lang`` written out and the apostrophes of its
    elided words put back; unchanged for a language not in :data:`WRITTEN_OUT_IN`.

    >>> chat_written_out("ciao sn nicola, faccio l orafo x nn stare fermo", "it")
    "ciao sono nicola, faccio l'orafo per non stare fermo"
    """
    found = _shortenings(lang)
    if found is None:
        return text
    pattern, full_of = found
    text = pattern.sub(lambda m: _as_cased(full_of[m.group(0).casefold()], m.group(0)), text)
    elided = _ELIDED.get(lang)
    return elided.sub(lambda m: m.group(1) + "'", text) if elided else text
