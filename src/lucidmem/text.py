"""Text normalisation shared by the full-text index and its queries.

Words are Unicode ``\\w+`` runs, case-folded after NFKC normalisation; accents
are removed later by the index tokenizer (``remove_diacritics``) so ``café``
finds ``cafe``. Scripts written without spaces (Chinese, Japanese, Korean,
Thai) are split into overlapping character bigrams, the usual trick for BM25
on those scripts, so ``咖啡店`` matches ``咖啡``.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["STOPWORDS", "index_text", "query_terms", "tokens"]

_WORD = re.compile(r"\w+", re.UNICODE)
_UNSPACED = re.compile(
    r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+"
)

_STOPWORD_TEXT = """
a an and are as at be been being but by can could did do does doing for from had has
have having he her hers him his how i if in into is it its me my myself no not of on
or our ours she so some such than that the their them then there these they this
those to too very was we were what when where which while who whom why will with
would you your yours about after again all also am any because before both down
during each few further just more most other over own same should only out up off
once here s t don didn doesn isn wasn ll ve re d m o y user users
der die das und ist ein eine nicht ich du er sie es wir ihr mit von zu den dem im
le la les et est un une des du de je tu il elle nous vous ils en que qui pas
el los las y es una lo por con para se su
"""
STOPWORDS: frozenset[str] = frozenset(_STOPWORD_TEXT.split())
"""Words dropped from queries: English, German, French and Spanish function words, and
"user" (every memory is about the user, so the word only matches fact sentences)."""


def _split_unspaced(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


def tokens(text: str) -> list[str]:
    """Case-folded word tokens of ``text`` (bigrams for unspaced scripts)."""
    normal = unicodedata.normalize("NFKC", text).casefold()
    if not _UNSPACED.search(normal):  # the common case: one regex pass, no per-word check
        return _WORD.findall(normal)
    out: list[str] = []
    for word in _WORD.findall(normal):
        if _UNSPACED.search(word):
            for piece in re.split(f"({_UNSPACED.pattern})", word):
                if not piece:
                    continue
                out.extend(_split_unspaced(piece) if _UNSPACED.fullmatch(piece) else [piece])
        else:
            out.append(word)
    return out


def index_text(text: str) -> str:
    """The body stored in the full-text index for ``text``."""
    return " ".join(tokens(text))


def query_terms(text: str) -> list[str]:
    """Distinct search terms of a query: stopwords dropped unless nothing else is left."""
    words = list(dict.fromkeys(tokens(text)))
    content = [w for w in words if w not in STOPWORDS]
    return content or words
