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
  reads the places a statement says someone lives in or moved to;
* :func:`moved_into` — "first Saturday in South Portland!! … surrounded by boxes": the place
  of a new home said through its first days, with no verb of moving.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from lucidmem.facts.cue_lexicon import CARE_HOMES, HOME_NOUNS, LANDLORDS, has_cue
from lucidmem.facts.entities import fold, holds_a_name
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.facts.temporal_lexicon import without_trailing_date_words
from lucidmem.records import Record

__all__ = [
    "UNKNOWN_START",
    "former_home",
    "home_left",
    "home_remarks_left",
    "leaves_only",
    "moved_into",
    "one_person",
    "opens_with_first_days",
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
    r"(?:(?i:the|der|la|le|l'|el|il|lo|o|a|de(?=\s+[A-ZÀ-Þ])|het)\s*)?"
    r"(?:(?P<place>[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?)|"
    r"(?!(?:my|our|his|her|their|mi|mis|ma|mon|mes|mio|mia|meu|minha|mijn|ons|onze|mein\w*|"
    r"unser\w*|que|che|which|where|dove|donde|onde|waar|wo|où)\b)(?<=[\s'’])"
    r"(?P<low>[a-zß-ÿ][\w'’-]{2,}))"
    r"|(?P<zh>(?:(?![我你他她们在的那这])[\u4e00-\u9fff]){2,4}?)(?:的|那套|那间|那个|这套)(?:"
    + "|".join(HOME_NOUNS["zh"]) + ")")
"""A home said with its place in a fact's text ("el depto de Palermo", "L'appart à
Outremeuse", "our flat in Leeds", "die Wohnung in Graz", "浦东的房子", "青山湖那套房子"); in
chat written in lower case its first word ("el depto en la perla", "our walkup on munjoy
hill")."""

_LANDLORD = re.compile(r"(?i)(?<![\w'’])(?:" + "|".join(
    sorted((re.escape(w) for words in LANDLORDS.values() for w in words), key=len,
           reverse=True)) + r")(?![\w'’])")
"""The one the user rents from ("landlord", "Vermieterin", "casero", "房东")."""


def home_remarks_left(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's facts about a home in another place than a new one ("el depto de Palermo
    tiene humedad" once "ya vivo en Güemes" is said): the remark was about the home the user
    has left, so it ends with the move; so does one about the landlord ("mr doucette still
    hasnt fixed the railing, landlord of the year") when the new home is a change, unless it
    is the new one ("our new landlady rhonda"), and so does a roommate the new home's
    statement does not name (the roommate shared the home left). In chat written in lower
    case the place is the first word after the home ("el depto en la perla"). Homes
    themselves (the residence slot) end as one value replacing another; a remark naming the
    new place stays."""
    d = new.data
    if d.get("slot") != "residence" or d.get("negated") or d.get("one_off") or \
            d.get("subject") != USER_SUBJECT:
        return []
    said = fold(f"{new.text} {d.get('object') or ''}")
    moved = bool(d.get("is_change"))
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != USER_SUBJECT or r.get("slot") == "residence":
            continue
        if moved and r.get("predicate") == "has_roommate" and \
                fold(str(r.get("object") or "")) not in fold(f"{new.text} {d.get('evidence')}"):
            out.append(rec)  # a roommate shares the home left ("Erste Woche in der neuen
            continue  # Wohnung in Gnigl" after "meine Mitbewohnerin Conny"), unless named
        lowercase = not re.search(r"[A-ZÀ-Þ]", str(r.get("evidence") or rec.text))
        places = [m.group("place") or (m.group("low") if lowercase else None) or m.group("zh")
                  for m in _HOME_AT.finditer(rec.text)]
        places = [p for p in places if p]
        if (places and not any(fold(place) in said for place in places)) or \
                (moved and _LANDLORD.search(rec.text) and
                 not has_cue("moving_in", str(r.get("language") or "en"), rec.text)):
            out.append(rec)  # (and the landlord of the home left, not a new one)
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


def names_no_other_home(held: Record, new: Record) -> bool:
    """Whether ``new``, read as where the user lives, leaves the home ``held`` by its place as
    it is: it is a remark about the home that names no place and says no move, or one about
    the landlord, new or not ("Herr Hämmerle, der neue Vermieter, wohnt gleich unten" after
    "Die ersten Wochen im Haus in Lustenau"). "We moved to a flat by the river" (a change)
    and "4-room in Punggol, near the waterway" (a place named) are read as before."""
    h, n = held.data, new.data
    if h.get("predicate") != "lives_in" or n.get("predicate") != "lives_in" or \
            h.get("subject") != USER_SUBJECT or n.get("subject") != USER_SUBJECT or \
            (n.get("is_change") and not _LANDLORD.search(new.text)) or n.get("cessation") or \
            n.get("is_correction") or n.get("switched_from"):
        return False
    return holds_a_name(held) and not holds_a_name(new) and \
        not any(m.group("place") or m.group("zh") for m in _LIVES_AT.finditer(new.text))


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


_FIRST_DAYS_IN: dict[str, str] = {
    "en": r"first\s+(?:few\s+)?(?:nights?|days?|weekends?|weeks?|morning|evening|monday|tuesday|"
          r"wednesday|thursday|friday|saturday|sunday)\s+in",
    "de": r"erste[nsr]?\s+(?:Nacht|Nächte|Tag|Tage|Wochenende|Woche|Wochen|Abend|Morgen|Samstag|"
          r"Sonntag)\s+(?:in|im)",
    "fr": r"premi(?:er|ère)s?\s+(?:nuits?|jours?|week-ends?|weekends?|semaines?|soir|matin|"
          r"samedi|dimanche)\s+(?:à|a|dans|en|au)",
    "es": r"primer(?:a|o)?s?\s+(?:noches?|días?|dias?|finde|fin\s+de\s+semana|semanas?|sábado|"
          r"sabado|domingo)\s+en",
    "it": r"prim[aoei]\s+(?:nott[ei]|giorn[oi]|weekend|fine\s+settimana|settiman[ae]|sera|sabato|"
          r"domenica)\s+(?:a|in|nella|nel)",
    "pt": r"primeir[ao]s?\s+(?:noites?|dias?|fim\s+de\s+semana|semanas?|sábado|sabado|domingo)\s+"
          r"(?:em|no|na)",
    "nl": r"eerste\s+(?:nacht|nachten|dag|dagen|weekend|week|weken|avond|zaterdag|zondag)\s+"
          r"(?:in|op)",
}
"""The first days somewhere ("first Saturday in", "primer finde en", "erste Nacht in",
"die ersten Wochen im")."""

_SOME_WEEKS_IN: dict[str, str] = {
    "en": r"(?:\d+|two|three|four|a\s+couple\s+of)\s+(?:weeks|months)\s+in",
    "de": r"(?:\d+|zwei|drei|vier)\s+(?:Wochen|Monate)\s+(?:in|im)",
    "fr": r"(?:\d+|deux|trois|quatre)\s+(?:semaines|mois)\s+(?:à|a|dans|en|au)",
    "es": r"(?:\d+|dos|tres|cuatro)\s+(?:semanas|meses)\s+en",
    "it": r"(?:\d+|due|tre|quattro)\s+(?:settimane|mesi)\s+(?:a|in|nella|nel)",
    "pt": r"(?:\d+|duas|dois|tr[êe]s|quatro)\s+(?:semanas|meses)\s+(?:em|no|na)",
    "nl": r"(?:\d+|twee|drie|vier)\s+(?:weken|maanden)\s+(?:in|op)",
}
"""Some weeks in a home, counted ("3 semanas na kitnet do bauxita", "two weeks in the flat
on Leith Walk"): the first days of :data:`_FIRST_DAYS_IN`, read only before a word of a home
("two weeks in Lisbon" is a trip)."""

_HOME_THEN_AT = r"(?:in|im|am|à|a|en|em|no|na|op|aan|nel|nella|di|de|do|da)"
"""The word after a home noun that leads to its place ("im Haus in Lustenau")."""

_OWN = (r"my|our|meiner|meinem|unserer|unserem|mon|ma|notre|mi|nuestro|nuestra|mio|mia|nostro|"
        r"nostra|meu|minha|nosso|nossa|no\s+meu|na\s+minha|mijn|ons|onze")
"""A possessive before a home: "primera semana en mi apartamentito en santa tecla", the
first days in one's own home, is a move into it, whatever word of newness is left unsaid."""

_THE = r"(?:(?:the|der|die|das|dem|het|la|le|el|il|lo|o|a)\s+|l['’])"
"""An article before a home in its first days ("primera semana en el apartamento")."""

_WITH_SOMEONE = r"(?:\s+(?:with|mit|met|avec|con|com)\s+[\w'’-]+)?"
"""Whom the home is shared with, between the home and its place ("primera semana en el
apartamento con heidy en la miraflores"): the first days in a home one lives in."""

_NEW_HOME_AT: dict[str, str] = {
    "en": r"(?:(?:the|our|my)\s+)?new\s+(?:place|house|flat|apartment|home)\s+(?:in|on)",
    "de": r"(?:(?:der|die|unsere[rn]?|meine[rn]?)\s+)?neuen?\s+(?:Wohnung|Haus|Bude)\s+"
          r"(?:in|am)",
    "fr": r"(?:(?:le|la|notre|mon|ma)\s+)?(?:nouvel(?:le)?\s+(?:appart(?:ement)?|maison)|"
          r"nouveau\s+logement)\s+(?:à|a|en|au)",
    "es": r"(?:(?:la|el|nuestr[ao]|mi)\s+)?(?:(?:casa|piso|depto|departamento)\s+nuev[ao]|"
          r"nuev[ao]\s+(?:casa|piso|depto|departamento))\s+(?:en|de)",
    "it": r"(?:(?:la|il|nostr[ao]|mi[ao])\s+|l['’])?(?:(?:casa|appartamento)\s+nuov[ao]|"
          r"nuov[ao]\s+(?:casa|appartamento))\s+(?:a|in|di)",
    "pt": r"(?:(?:a|o|nossa|nosso|minha|meu)\s+)?(?:(?:casa|apartamento|apê)\s+nov[ao]|"
          r"nov[ao]\s+(?:casa|apartamento))\s+(?:em|no|na|de)",
    "nl": r"(?:(?:het|ons|mijn)\s+)?nieuwe?\s+(?:huis|appartement|flat|woning)\s+"
          r"(?:in|op|aan)",
}
"""A new home with its place ("our new flat in Leeds", "la casa nueva en Sierra de los
Padres"), read after :data:`_FIRST_DAYS_IN` or alone."""

_KEYS_TO: dict[str, str] = {
    "en": r"keys\s+(?:to|for|of)\s+(?:the|our|my)\s+(?:new\s+)?(?:place|house|flat|apartment|"
          r"home|condo)\s+(?:in|on)",
    "de": r"Schlüssel\s+(?:für|zur|zu|von)\s+(?:(?:die|der|dem|unsere[rn]?|meine[rn]?)\s+)?"
          r"(?:neuen?\s+)?(?:Wohnung|Haus)\s+(?:in|am)",
    "fr": r"clés\s+(?:de|du)\s+(?:l['’]|(?:la|notre|mon|ma)\s+)?(?:nouvel(?:le)?\s+)?"
          r"(?:appart(?:ement)?|maison)\s+(?:à|a|en|au)",
    "es": r"llaves\s+(?:del|de\s+la|de\s+mi|de\s+nuestr[ao])\s+(?:apto|depto|departamento|piso|"
          r"casa|apartamento)(?:\s+nuev[ao])?\s+(?:en|de)",
    "it": r"chiavi\s+(?:della|del|dell['’])\s*(?:casa|appartamento)(?:\s+nuov[ao])?\s+(?:a|in|di)",
    "pt": r"chaves\s+(?:da|do)\s+(?:casa|apê|apartamento|ap)(?:\s+nov[ao])?\s+(?:em|no|na|de)",
    "nl": r"sleutels?\s+(?:van|voor)\s+(?:(?:het|ons|onze|mijn)\s+)?(?:nieuwe\s+)?(?:huis|"
          r"appartement|flat|woning)\s+(?:in|op|aan)",
}
"""The keys of a home with its place ("got the keys to the flat in Leith", "ya tengo las
llaves del apto en Envigado", "on a eu les clés de l'appart à Lambersart")."""

_PARTICLES = r"(?:de|del|di|da|do|dos|das|du|des|von|van|am|an|der|la|los|las|le)"

_CAPITALS = r"[A-ZÀ-Þ][\w'’-]+(?:\s+(?:" + _PARTICLES + r"\s+)*[A-ZÀ-Þ][\w'’-]+)*"

_CAPITALISED_PLACE = re.compile(
    r"\s*(?:(?i:the|la|le|el|il|l['’]|o|a|de|het|der|die)\s+)?(?P<place>" + _CAPITALS + ")")
"""A place in capitalised words with the particles between ("Sierra de los Padres")."""

_CAPITALISED_PLACE_LATER = re.compile(
    r"(?<![\w'’])(?i:in|à|a|en|em|op|nach|te|no|na|nel|nella)\s+"
    r"(?:(?i:the|la|le|el|il|l['’]|o|a|de|het|der|die)\s+)?(?P<place>" + _CAPITALS + ")")
"""A capitalised place said further on in the sentence ("premier samedi au milieu des cartons
à Endoume")."""

_MID_SENTENCE_CAPITAL = re.compile(r"(?<=[\w,;'’])\s+[A-ZÀ-Þ]")
"""A capital letter inside a sentence: the writer capitalises names."""

_SENTENCE_END = re.compile(r"[.!?\n…]")

_NO_PLACE_WORDS = (
    "and", "but", "with", "we", "i", "lol", "haha", "yesterday", "today", "tonight", "now",
    "finally", "at", "y", "e", "et", "und", "en", "met", "con", "com", "avec", "mit", "ma",
    "mais", "pero", "però", "mas", "maar", "aber", "todo", "toda", "tout", "alles",
    "tutto", "tudo", "hier", "aujourd'hui", "enfin", "ayer", "hoy", "ya", "jaja", "jajaja",
    "ieri", "oggi", "finalmente", "ontem", "hoje", "kkk", "gisteren", "vandaag", "eindelijk",
    "gestern", "heute", "endlich", "lo", "la", "le", "il", "es", "est", "is", "ist", "è",
    "é", "has", "hat", "a", "on", "ha", "tem", "heeft", "hebben", "have", "had", "bekommen",
    "gekriegt", "erhalten", "abgeholt", "gekregen", "opgehaald", "ontvangen", "avant-hier",
    "anteayer", "antier", "anteontem", "eergisteren", "vorgestern", "last", "this", "ce",
    "cette", "este", "esta", "questo", "questa", "deze", "dieses", "diese", "was", "were",
    "are", "war", "était", "fue", "era", "foi", "wordt", "feels", "looks",
)
"""Words that end a place written in lower case: what comes next in the clause ("leeds has a
balcony", "lambersart hier", "envigado, lo cogimos", "in zähringen bekommen")."""

_LOWERCASE_PLACE = re.compile(
    r"\s*(?P<place>[a-zß-ÿ][\w'’-]+(?:\s+(?:" + _PARTICLES + r"\s+)*(?!(?:" + "|".join(
        _NO_PLACE_WORDS) + r")\b)[a-zß-ÿ][\w'’-]+){0,2}?)(?![\w'’-])(?=\s*(?:[!?.,;:…)]|$)|"
    r"\s+(?:" + "|".join(_NO_PLACE_WORDS) + r")\b)")
"""A place in chat written in lower case: up to three words (with particles between) that
end where the sentence or clause does ("south portland!!", "sierra de los padres, todo…")."""

_LEADING_ARTICLE = re.compile(r"^\s*(?i:the|la|le|el|il|l['’]|het|der|die)\s+")
"""An article before a place in lower case ("en la miraflores", "in het spijkerkwartier")."""

_NO_PLACE = re.compile(r"(?i)(?:the|a|an|new|nuev[ao]|nuov[ao]|nov[ao]|neue[nr]?|"
                       r"nouvel(?:le)?|nouveau|nieuwe?|la|el|il|o|het|der|die|das|m'n|mis|mein|"
                       r"meine|unsere|unseren|" + _OWN + r")$")
"""A first word that opens no place ("the new flat", "la casa", "ons appartementje")."""


def opens_with_first_days(text: str, lang: str) -> bool:
    """Whether ``text`` opens with the user's first days somewhere ("primera semana en el
    apartamento con Lucía …"): whoever else it names, the first days are the user's."""
    first = _FIRST_DAYS_IN.get(lang)
    return first is not None and re.match(r"\W*(?i:" + first + r")(?![\w'’])", text) is not None


def moved_into(text: str, lang: str) -> str | None:
    """The place a turn says the user has just moved into, with no verb of moving: a new
    home said (the cues ``new_home``, a new house or its keys, and ``moving_in``, boxes
    everywhere or a new landlady) and a place after its first days, its keys or the new home
    itself, the last two only when the user lives there already (``moving_in``: the keys
    come days before the move) ("first Saturday in South Portland!!
    we're sleeping on a mattress surrounded by boxes" → "South Portland", "primer finde en
    la casa nueva en sierra de los padres" → "sierra de los padres"). Wanting one, or a
    hypothetical, is no move. A writer who capitalises names says the place with capitals,
    maybe further on in the sentence ("premier samedi au milieu des cartons à Endoume");
    in chat written in lower case the place is a word, or up to three that end the clause
    ("our new flat in leeds has a balcony" → "leeds"). Chinese says the place before its first
    days ("到成都第一周，房东阿姨就给我送了一袋腊肉" → "成都", :data:`_ZH_FIRST_DAYS_AT`).
    """
    if lang == "zh":
        return _zh_moved_into(text)
    first, new, keys = _FIRST_DAYS_IN.get(lang), _NEW_HOME_AT.get(lang), _KEYS_TO.get(lang)
    if first is None or new is None or keys is None or \
            has_cue("wanting", lang, text) or has_cue("hypothetical", lang, text):
        return None
    home = "|".join(re.escape(n) for n in HOME_NOUNS.get(lang, ()))
    some = _SOME_WEEKS_IN.get(lang, r"(?!)")
    in_own_home = re.compile(r"(?<![\w'’])(?i:(?:" + first + "|" + some + r")\s+(?:" + _OWN +
                             r")\s+(?:" + home + r")\s+" + _HOME_THEN_AT + r")(?![\w'’])")
    shared_home = re.compile(r"(?<![\w'’])(?i:(?:" + first + "|" + some + r")\s+" + _THE +
                             r"?(?:" + home + r")" + _WITH_SOMEONE + r"\s+" + _HOME_THEN_AT +
                             r")(?![\w'’])")
    first_days = re.search(r"(?<![\w'’])(?i:" + first + r")(?![\w'’])", text) is not None
    living = has_cue("moving_in", lang, text) or in_own_home.search(text) is not None or \
        shared_home.search(text) is not None or \
        (first_days and _HOUSEHOLD.get(lang, _NEVER).search(text) is not None)
    if not (living or has_cue("new_home", lang, text)):
        return None
    in_the_home = r"(?:(?:the|der|die|das|dem|het|la|le|el|il|o|a|" + _OWN + r")\s+|" \
        r"l['’])?(?:" + home + r")" + _WITH_SOMEONE + r"\s+" + _HOME_THEN_AT
    lead = re.compile(r"(?<![\w'’])(?i:(?P<first>" + first + r")(?:\s+(?:" + new + r")|"
                      r"\s+" + in_the_home + r")?|(?P<some>" + some + r")\s+" + in_the_home +
                      r"|" + new + r"|" + keys + r")(?![\w'’])")
    capitals = _MID_SENTENCE_CAPITAL.search(text) is not None
    for m in lead.finditer(text):
        if m["first"] is None and m["some"] is None and not living:
            continue  # "got the keys to the flat in Leith": the move may come later
        end = _SENTENCE_END.search(text, m.end())
        rest = text[m.end():end.start() if end else len(text)]
        said = _CAPITALISED_PLACE.match(rest)
        if said is None and capitals:
            said = _CAPITALISED_PLACE_LATER.search(rest)
        elif said is None:
            rest = _LEADING_ARTICLE.sub(" ", rest)  # "en la miraflores": the place's article
            said = _LOWERCASE_PLACE.match(rest) or _LOWERCASE_WORD.match(rest)
        if said is not None and not _NO_PLACE.match(said.group("place").split()[0]):
            return without_trailing_date_words(said.group("place"))
    return None


_LOWERCASE_WORD = re.compile(r"\s*(?P<place>[a-zß-ÿ][\w'’-]+)")

_ZH_FIRST_DAYS_AT = re.compile(r"(?:到|来|搬到|搬来|住到)(?P<place>[\u4e00-\u9fff]{2,4}?)的?"
                               r"(?:第一(?:天|晚|周|个星期|个礼拜|个周末)|头几天)")
"""A place and its first days in Chinese, the place first ("到成都第一周",
"搬到大连的第一个周末")."""


def _zh_moved_into(text: str) -> str | None:
    """The place of the first days said in Chinese (:data:`_ZH_FIRST_DAYS_AT`) when the turn
    also says living there (the cue ``moving_in``, the landlord or the neighbours): a move,
    not a trip."""
    found = _ZH_FIRST_DAYS_AT.search(text)
    if found is None or has_cue("wanting", "zh", text) or has_cue("hypothetical", "zh", text):
        return None
    if not (has_cue("moving_in", "zh", text) or _HOUSEHOLD["zh"].search(text)):
        return None
    return found["place"]


_NEVER = re.compile(r"(?!)")
_NEIGHBOURS = {"en": "neighbour|neighbor|neighbours|neighbors", "de": "Nachbar|Nachbarin|Nachbarn",
               "fr": "voisin|voisine|voisins", "es": "vecino|vecina|vecinos",
               "it": "vicino di casa|vicina di casa|il vicino|la vicina|i vicini",
               "pt": "vizinho|vizinha|vizinhos",
               "nl": "buurman|buurvrouw|buren", "zh": "邻居"}
_HOUSEHOLD: dict[str, re.Pattern[str]] = {
    lang: re.compile(("" if lang == "zh" else r"(?i)(?<![\w'’])") + r"(?:" + "|".join(
        [re.escape(w) for w in LANDLORDS.get(lang, ())] + [_NEIGHBOURS[lang]]) + r")"
        + ("" if lang == "zh" else r"(?![\w'’])"))
    for lang in _NEIGHBOURS}
"""The landlord or the neighbours, said beside the first days in a place ("Prima settimana a
Trento … la padrona di casa è gentilissima", "primeira semana em Florianópolis, o vizinho me
chamou pra pescar", "到成都第一周，房东阿姨…"): the place is the user's new home, not a
trip. Chinese has no word boundaries between characters, so its words match anywhere."""
