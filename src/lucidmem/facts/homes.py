"""Where people live, and what a move ends.

Pure functions over fact records (validation applies what they return):

* :func:`home_left` / :func:`former_home` — "we moved from Leeds to York": the home in
  Leeds ends at the move, and is recorded as the former home (held since
  :data:`UNKNOWN_START`) when nothing held says it; :func:`leaves_only` — "dejamos el piso
  de Lavapiés" is only the leaving, not a move into another home;
* :func:`home_remarks_left` — "ya vivo en Güemes": what the user said of the home in
  another place ("el depto de Palermo tiene humedad") ends with the move;
* :func:`relative_home_targets` — "my dad finally moved to Oviedo": where he lived before
  ("my dad Ramón lives alone in Mieres") ends, not the user's home; :func:`places_lived`
  reads the places a statement says someone lives in or moved to.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from lucidmem.facts.cue_lexicon import CARE_HOMES, HOME_NOUNS, has_cue
from lucidmem.facts.entities import fold
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.records import Record

__all__ = [
    "UNKNOWN_START",
    "former_home",
    "home_left",
    "home_remarks_left",
    "leaves_only",
    "one_person",
    "places_lived",
    "relative_home_targets",
]


UNKNOWN_START = 0.0
"""``valid_from`` of a former home whose beginning nobody said (the epoch, 1 January 1970):
held since before anything the memory knows. A state is otherwise held from the moment it
was said ("I live in Leeds" on 2 March is true from 2 March: the one moment the memory knows
it held); a home the same sentence says was left ("we moved from Leeds to York last week")
was not held from then, it ended before, so that bound would leave it no time at all and a
question about any day before the move would not find it. As with "for three years" (a
start that is said) the start here is put where nothing contradicts it: before the move, as
far back as the memory goes; ``as_of`` (``mode="true"``) reads ``valid_from <= t <
valid_to``, so every moment before the move answers the old home."""


_HOME_AT = re.compile(
    r"(?<!\w)(?i:" + "|".join(sorted((re.escape(w) for lang, words in HOME_NOUNS.items()
                                       if lang != "zh" for w in words), key=len, reverse=True))
    + r")\s+(?i:in|at|on|de|du|à|a|en|di|em|no|na|te|op|bij|im|am)\s+"
    r"(?:(?i:the|der|la|le|l'|el|il|lo|o|a)\s*)?"
    r"(?P<place>[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?)"
    r"|(?P<zh>(?:(?![我你他她们在的])[\u4e00-\u9fff]){2,4}?)的(?:"
    + "|".join(HOME_NOUNS["zh"]) + ")")
"""A home said with its place in a fact's text ("el depto de Palermo", "L'appart à
Outremeuse", "our flat in Leeds", "die Wohnung in Graz", "浦东的房子")."""


def home_remarks_left(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's facts about a home in another place than a new one ("el depto de Palermo
    tiene humedad" once "ya vivo en Güemes" is said): the remark was about the home the user
    has left, so it ends with the move. Homes themselves (the residence slot) end as one
    value replacing another; a remark naming the new place stays."""
    d = new.data
    if d.get("slot") != "residence" or d.get("negated") or d.get("one_off") or \
            d.get("subject") != USER_SUBJECT:
        return []
    said = fold(f"{new.text} {d.get('object') or ''}")
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != USER_SUBJECT or r.get("slot") == "residence":
            continue
        places = [m.group("place") or m.group("zh") for m in _HOME_AT.finditer(rec.text)]
        if places and not any(fold(place) in said for place in places):
            out.append(rec)
    return out


_LIVES_AT = re.compile(
    r"(?<!\w)(?i:in|at|to|nach|à|a|en|em|no|na|para|pra|naar|te|op)\s+"
    r"(?:(?i:the|der|die|la|le|l'|el|il|lo|o|a|de|het)\s+)?"
    r"(?P<place>[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?)"
    r"|(?:住在|搬到|搬去|搬回|定居在?)(?P<zh>(?:(?![我你他她们的了])[\u4e00-\u9fff]){2,3})")
"""A named place after "in" / "to" ("lives alone in Mieres", "ist nach Oviedo gezogen",
"住在保定"): where someone lives, in a statement about living or moving."""


@cache
def _care_home(lang: str) -> re.Pattern[str] | None:
    """A home for the old (:data:`CARE_HOMES`) and the name said after it ("woonzorgcentrum
    De Linde", "la residencia de La Florida", "养老院")."""
    words = CARE_HOMES.get(lang)
    if not words:
        return None
    nouns = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    if lang == "zh":
        return re.compile(r"(?P<home>" + nouns + r")")
    return re.compile(r"(?<![\w'’])(?P<home>(?i:" + nouns + r"))(?![\w'’])"
                      r"(?:\s+(?:(?:de|del|di|of|van|du|do|da|der)\s+)?(?:(?:the|la|le|el|il|l')\s*)?"
                      r"(?P<place>[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?))?")


def places_lived(text: str, lang: str) -> list[str]:
    """The places a statement says someone lives in or moved to ("my dad lives alone in
    Mieres" → ["Mieres"], "mi padre ya vive en Oviedo" → ["Oviedo"], "我妈搬到苏州了" →
    ["苏州"]); none when it says nothing of living or moving ("she flew to Oviedo"). A home
    for the old is lived in with no verb of living ("Moeke zit nu in woonzorgcentrum De
    Linde" → ["De Linde"], "vive en una residencia" → ["residencia"])."""
    if has_cue("wanting", lang, text) or has_cue("hypothetical", lang, text):
        return []
    care = _care_home(lang)
    cared = [m.groupdict().get("place") or m["home"] for m in care.finditer(text)] \
        if care is not None else []
    if not (has_cue("dwelling", lang, text) or has_cue("dwelling_of_others", lang, text)):
        return cared
    return [*cared, *(m.group("place") or m.group("zh") for m in _LIVES_AT.finditer(text))]


def one_person(subject: str, other: str, facts: Sequence[Record]) -> bool:
    """Whether two fact subjects are one person: the same name, or a relation said without
    the name ("user's father") and the name the user gave that relation ("Ramón")."""
    a, b = fold(subject), fold(other)
    if a == b:
        return True
    prefix = f"{USER_SUBJECT}'s "
    for one, two in ((a, b), (b, a)):
        if one.startswith(prefix) and not two.startswith(prefix):
            predicate = "has_" + one.removeprefix(prefix).replace(" ", "_").replace("-", "_")
            if any(rec.data.get("subject") == USER_SUBJECT and rec.data.get("predicate")
                   == predicate and fold(str(rec.data.get("object") or "")) == two
                   for rec in facts):
                return True
    return False


def relative_home_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """Where someone else lived before, once the user says they live elsewhere now: "my dad
    finally moved to a flat in Oviedo" ends "The user's father Ramón lives alone in Mieres";
    "meine Schwester wohnt jetzt in Graz" ends "The user's sister Lena (home): wohnt in
    Linz". The user's own home is left alone (that is a home of the user's, ended as
    such); a fact naming the new place stays."""
    d = new.data
    who = str(d.get("subject") or "")
    lang = str(d.get("language") or "en")
    if who in ("", USER_SUBJECT) or d.get("negated") or d.get("one_off"):
        return []
    now = {fold(place) for place in places_lived(new.text, lang)}
    if not now:
        return []
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("negated") or \
                not one_person(str(r.get("subject") or ""), who, facts):
            continue
        before = {fold(place) for place in
                  places_lived(rec.text, str(r.get("language") or lang))}
        if before and not before & now:
            out.append(rec)
    return out


def home_left(new: Record) -> str | None:
    """The home a statement says the user left, by name: a home's ``switched_from`` that is
    a place ("we moved from Leeds to York" → "Leeds", "finally out of our place in Leeds" →
    "Leeds"); not a value said in lower case ("moved from the city to the coast")."""
    d = new.data
    old = str(d.get("switched_from") or "")
    if d.get("slot") != "residence" or not re.match(r"[A-ZÀ-Þ]|[\u4e00-\u9fff]", old):
        return None
    return old


def leaves_only(new: Record, place: str) -> bool:
    """Whether the statement is only the leaving ("dejamos el piso de Lavapiés" → it says
    "The user lives in Lavapiés", now over), not the move into another home."""
    return fold(str(new.data.get("object", ""))) == fold(place)


def former_home(new: Record, place: str) -> dict[str, object]:
    """The fact of a home left, as the data of ``new`` (the move) rewritten: "The user lives
    in ``place``" from :data:`UNKNOWN_START` until the move begins (the new home's start, or
    the day the leaving is dated, else when it was said).

    A planned move ("we're moving from Leeds to York in May") ends the old home in May, so
    it is what ``as_of`` answers until then."""
    d = new.data
    text = f"The user lives in {place}"
    return {**d, "object": place, "text": text, "valid_from": UNKNOWN_START,
            "valid_to": float(d["valid_from"]), "stated_from": None, "temporal_text": None,
            "switched_from": None, "is_change": False, "superseded_by": None}
