"""Things a person has or uses one at a time: a phone, a car, a laptop, a drawing app, a
medicine for a condition.

The kinds, their brand names and their common nouns in every supported language are data
(``facts/data/one_at_a_time.txt``). A new thing of a kind replaces the old one: "o celular novo
chegou: um Galaxy S24" ends "meu iPhone tá morrendo", "ik doe alles nu in Procreate" ends
"ik werk in Photoshop". The clause reader flags a fact that says a thing of a kind is new
(:func:`new_kinds`); validation ends the facts that name another thing of that kind
(:func:`lucidmem.facts.lifecycle.replaced_thing_targets`).

Names are matched in lower case at word edges (anywhere in Chinese); nouns in the clause's
language, German and Dutch ones also at the end of a compound ("Diensthandy").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lucidmem.facts.cue_lexicon import cue_pattern, has_cue

__all__ = ["Kind", "gone_kinds", "kinds", "kinds_said", "medicine_named", "named",
           "negation_of_named", "new_kinds", "own_thing_named", "tech_said"]

_OWN = "my"
"""The section of the data file that lists the words saying a thing is the user's."""


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of thing held one at a time: its name, brand names, nouns per language and
    the slot facts about it are in ("tech" for a phone, "health" for a medicine)."""

    name: str
    names: tuple[str, ...]
    nouns: dict[str, tuple[str, ...]]
    slot: str = "tech"
    beside: tuple[str, ...] = ()
    """Brands that are also common words or given names ("Stone", "Cielo", "Orange"): one
    of them names a thing of the kind only beside a noun of the kind ("a maquininha da
    Stone", "my Orange SIM card") or a word of :attr:`said_with`."""
    said_with: tuple[str, ...] = ()
    """Words in any language that say a thing of the kind is in use, so that a brand of
    :attr:`beside` next to one of them names it ("mein alter Golf ist nicht angesprungen",
    "la seicento ha la spia accesa", "avec la Zoé je passe plus à la pompe")."""


@cache
def _sections() -> dict[str, dict[str, tuple[str, ...]]]:
    listed = (resources.files("lucidmem.facts") / "data" / "one_at_a_time.txt").read_text("utf-8")
    sections: dict[str, dict[str, tuple[str, ...]]] = {}
    current: dict[str, tuple[str, ...]] = {}
    for raw in listed.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        key, _, words = line.partition(":")
        current[key.strip()] = tuple(w.strip().casefold() for w in words.split("|")
                                     if w.strip())
    return sections


@cache
def kinds() -> tuple[Kind, ...]:
    """The kinds of things the data file lists."""
    return tuple(Kind(name, words.get("names", ()),
                      {k: v for k, v in words.items()
                       if k not in ("names", "slot", "beside", "said_with")},
                      next(iter(words.get("slot", ())), "tech"), words.get("beside", ()),
                      words.get("said_with", ()))
                 for name, words in _sections().items() if name != _OWN)


def _han(word: str) -> bool:
    return re.search(r"[\u4e00-\u9fff]", word) is not None


def _alternation(words: list[str], *, compound: bool = False) -> str:
    parts = []
    for word in sorted(set(words), key=len, reverse=True):
        body = r"\s+".join(re.escape(w) for w in word.split())
        if _han(word):
            parts.append(body)
        elif compound:
            parts.append(r"(?<![^\W\d_])(?:[^\W\d_]{3,})?" + body + r"(?![^\W\d_])")
        else:
            parts.append(r"(?<![^\W\d_])" + body + r"(?![^\W\d_])")
    return "|".join(parts)


@cache
def _names_pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    owner = {n: k.name for k in reversed(kinds()) for n in k.names}
    return re.compile(_alternation(list(owner)), re.IGNORECASE), owner


@cache
def _nouns_pattern(kind: str, lang: str) -> re.Pattern[str] | None:
    nouns = next((k.nouns.get(lang, ()) for k in kinds() if k.name == kind), ())
    if not nouns:
        return None
    return re.compile(_alternation(list(nouns), compound=lang in ("de", "nl")), re.IGNORECASE)


@cache
def _beside_patterns() -> tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...]:
    """Per kind with brands said only beside its noun: the brands, and the kind's nouns in
    every language with its :attr:`Kind.said_with` words (German and Dutch ones also ending a
    compound: "Telesur-simkaart")."""
    out = []
    for kind in kinds():
        if not kind.beside:
            continue
        nouns = [n for words in kind.nouns.values() for n in words] + list(kind.said_with)
        out.append((kind.name, re.compile(_alternation(list(kind.beside)), re.IGNORECASE),
                    re.compile(_alternation(nouns, compound=True), re.IGNORECASE)))
    return tuple(out)


def named(text: str) -> dict[str, set[str]]:
    """The brand names ``text`` says, by kind (the longest name first: "Galaxy Tab" is a
    tablet, "Galaxy" a phone); a brand that is also a common word only beside a noun of its
    kind or a word of its use (:attr:`Kind.beside`: "a maquininha da Stone", not "a stone
    wall"; "la seicento non partiva", not "nel Seicento").

    >>> named("mein iPhone spinnt, ich zeichne in Procreate")
    {'phone': {'iphone'}, 'drawing app': {'procreate'}}
    >>> named("a maquininha da Stone é bem melhor")
    {'card terminal': {'stone'}}
    """
    pattern, owner = _names_pattern()
    found: dict[str, set[str]] = {}
    for m in pattern.finditer(text):
        name = " ".join(m.group(0).casefold().split())
        found.setdefault(owner[name], set()).add(name)
    for kind, brands, nouns in _beside_patterns():
        said = {" ".join(m.group(0).casefold().split()) for m in brands.finditer(text)}
        if said and nouns.search(text):
            found.setdefault(kind, set()).update(said)
    return found


def kinds_said(text: str, lang: str) -> set[str]:
    """The kinds ``text`` names, by a brand or by a common noun of ``lang`` ("mein neues
    Handy" → phone, "a new Pixel" → phone, "ora prendo l'amlodipina" → blood pressure
    medicine)."""
    said = set(named(text))
    for kind in kinds():
        pattern = _nouns_pattern(kind.name, lang)
        if pattern is not None and pattern.search(text):
            said.add(kind.name)
    return said


def tech_said(text: str, lang: str) -> bool:
    """Whether ``text`` names a device or an app (a kind in the "tech" slot): "Das Fairphone
    ist da" does, "ora prendo l'amlodipina" (a medicine) does not."""
    slots = {k.name: k.slot for k in kinds()}
    return any(slots[k] == "tech" for k in kinds_said(text, lang))


def medicine_named(text: str) -> bool:
    """Whether ``text`` names a medicine by its name (a kind outside the "tech" slot): "ora
    prendo l'amlodipina", "改吃托吡酯": a lasting fact about what the user takes, however short
    the remark."""
    slots = {k.name: k.slot for k in kinds()}
    return any(slots[k] != "tech" for k in named(text))


def new_kinds(clause: str, around: str, lang: str, *, changed: bool,
              sentence: str = "") -> set[str]:
    """The kinds of which ``clause`` says the user has a new thing. ``around`` is the
    clause's sentence with the ones right before and after it (the same turn), ``sentence``
    its own sentence, ``changed`` whether the clause says something changed ("now", "new",
    "switched").

    * a thing named by its brand, with a change in the clause or its getting said around it
      ("ik doe alles nu in Procreate", "Das Fairphone ist da!", "昨天去提车了！宝腾 X50");
    * a thing named by its brand with how long the user has had it so far, in its own
      sentence ("first month on Monzo done", "托吡酯吃了两个月", "a maquininha da Stone é
      melhor, já faz um mês que tô com ela"): the one held now, which the other of its kind
      gave way to (the next sentence, "with the Opel I was at the garage every month", is
      about the old one);
    * a thing named only by its noun, said as new and got ("the new phone arrived",
      "hab mir ein neues Handy gekauft"): the new one, whatever it is, replaces the old one.

    Wanting one is no new thing ("I need a new phone, maybe a Pixel", "Reto meint, ich soll
    ein neues kaufen")."""
    if has_cue("wanting", lang, clause):
        return set()
    got = has_cue("acquired", lang, around)
    brands = set(named(clause))
    held = has_cue("held_for", lang, sentence or clause)
    out = brands if (got or changed or held) else set()
    if got and has_cue("new_thing", lang, clause):
        out |= kinds_said(clause, lang)
    return out


_TAKEN_FROM_ME: dict[str, re.Pattern[str]] = {
    lang: re.compile(pattern, re.IGNORECASE) for lang, pattern in {
        "de": r"(?<!\w)(?:mir|mich)(?!\w)",
        "fr": r"(?<!\w)(?:m['’]|me\s)",
        "es": r"(?<!\w)me(?!\w)",
        "it": r"(?<!\w)mi(?!\w)",
        "pt": r"(?<!\w)me(?!\w)|-me(?!\w)",
    }.items()}
"""The user as the one a thing was taken from, where the language says it with a pronoun
rather than "my": "mir wurde das Rad geklaut", "on m'a volé le vélo", "me robaron la bici",
"mi hanno rubato la bici", "roubaram-me a bicicleta"."""

_ZH_OWN_BARE = "我"
"""Chinese "I" right before a thing is the user's thing ("我自行车被偷了")."""


@cache
def _own_thing_pattern(lang: str) -> re.Pattern[str] | None:
    """An own-word right before a thing of any kind, by its noun in ``lang`` or its brand,
    with at most two words between that are no one's ("my old bike", "mein altes Fahrrad",
    "我那辆捷安特"; not "my brother's bike")."""
    own = list(_sections().get(_OWN, {}).get(lang, ()))
    if lang == "zh":
        own.append(_ZH_OWN_BARE)
    things = [n for k in kinds() for n in (*k.names, *k.beside, *k.nouns.get(lang, ()))]
    if not own or not things:
        return None
    between = r"\s*" if lang == "zh" else r"\s+(?:[^\W\d_]+(?<!['’]s)\s+){0,2}?"
    return re.compile(r"(?:" + _alternation(own) + r")" + between + r"(?:" +
                      _alternation(things, compound=lang in ("de", "nl")) + r")", re.IGNORECASE)


def _the_users(clause: str, lang: str) -> bool:
    """Whether ``clause`` says the thing it names is the user's: an own-word right before it
    (:func:`_own_thing_pattern`) or, where the language says it so, the user as the one it
    was taken from (:data:`_TAKEN_FROM_ME`)."""
    own = _own_thing_pattern(lang)
    if own is not None and own.search(clause):
        return True
    taken = _TAKEN_FROM_ME.get(lang)
    return taken is not None and taken.search(clause) is not None


def gone_kinds(clause: str, lang: str) -> set[str]:
    """The kinds of which ``clause`` says the user's thing is gone for good: stolen, lost,
    written off ("some idiot nicked my bike last night", "mir wurde das Handy geklaut", "on
    m'a volé mon vélo", "我的自行车被偷了"). The one held is no longer held, whether or not a
    new one follows, and whoever the clause's subject is (the thief, "somebody"). A thing
    not said to be the user's ("Tom's bike was stolen") is none."""
    if not has_cue("gone", lang, clause) or not _the_users(clause, lang):
        return set()
    return kinds_said(clause, lang)


def _without_easily(text: str, lang: str) -> str:
    """``text`` without the phrases that say a thing went easily, whose negation word denies
    nothing ("like it was nothing", "come se niente fosse", "跟没事一样")."""
    pattern = cue_pattern("easily", lang)
    return text if pattern is None else pattern.sub(" ", text)


_PIECES = re.compile(r"[,;:，；：]")
"""The marks that part a clause into the pieces a negation is said in."""


def negation_of_named(clause: str, lang: str) -> bool:
    """Whether a negation in ``clause`` is said of the thing it names: in the piece (between
    commas, colons, semicolons) that names it, or anywhere when no piece names one. "kein
    iPhone mehr" and "I don't have the Pixel" deny it; "niente più prelievi ogni due
    settimane, l'Eliquis lo prendo mattina e sera" denies the blood tests, not the Eliquis;
    "it handled the drive like it was nothing" (:func:`_without_easily`) denies nothing."""
    clause = _without_easily(clause, lang)
    pieces = [p for p in _PIECES.split(clause) if named(p)]
    if not pieces:
        return has_cue("negation", lang, clause)
    return any(has_cue("negation", lang, p) for p in pieces)


@cache
def _own_pattern(lang: str) -> re.Pattern[str] | None:
    words = _sections().get(_OWN, {}).get(lang, ())
    pattern, _owner = _names_pattern()
    if not words:
        return None
    between = r"\s*" if lang == "zh" else r"\s+(?:[^\W\d_]+\s+){0,2}?"
    return re.compile(r"(?:" + _alternation(list(words)) + r")" + between +
                      r"(?:" + pattern.pattern + r")", re.IGNORECASE)


@cache
def _own_beside_patterns(lang: str) -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    """Per kind with brands said only beside its noun (:attr:`Kind.beside`): the user's own
    word before one of them, and the kind's nouns and words of use (:func:`_beside_patterns`)."""
    words = _sections().get(_OWN, {}).get(lang, ())
    if not words:
        return ()
    between = r"\s*" if lang == "zh" else r"\s+(?:[^\W\d_]+\s+){0,2}?"
    return tuple((re.compile(r"(?:" + _alternation(list(words)) + r")" + between + r"(?:"
                             + brands.pattern + r")", re.IGNORECASE), nouns)
                 for _kind, brands, nouns in _beside_patterns())


def own_thing_named(text: str, lang: str) -> bool:
    """Whether ``text`` names a thing of the user's own by its brand ("my iPhone", "o meu
    Galaxy", "mein altes Fairphone", "我那辆本田"), or by a brand that is also a common word
    with a word of its kind beside it ("la mia panda bianca del 2004 ha 300mila km"): a
    lasting fact about what the user has, however small the remark about it
    ("我那辆本田修了三次冷气")."""
    pattern = _own_pattern(lang)
    if pattern is not None and pattern.search(text) is not None:
        return True
    return any(own.search(text) is not None and nouns.search(text) is not None
               for own, nouns in _own_beside_patterns(lang))
