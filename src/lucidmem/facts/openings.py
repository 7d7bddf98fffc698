"""A job opening the user answers, and the weeks they later say they have spent there.

People tell an assistant about a vacancy ("Die Rittner Bahn sucht Triebwagenführer", "O surf
camp do Baleal procura cozinheira para a época", "L'hôpital Georges-Dumont cherche des
préposées aux bénéficiaires") and, weeks later, only how long they have been there, naming
the place with a word of it: "meine dritte Woche vorne im Triebwagen der Rittner Bahn ist
rum!", "Faz hoje duas semanas que cozinho para o surf camp do Baleal", "Ma première semaine
à l'hôpital est faite!". Neither says "I work at". Read together they do: the user now works
where the opening was.

* :func:`opening_in` — the organisation and the role of a vacancy said in a clause;
* :func:`tenure_days` — how long a clause says the user has been somewhere (a first, second,
  third day, week or month; "two weeks now", "faz duas semanas que"), in days;
* :func:`opening_named` — the opening, of those held, whose organisation the clause names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lucidmem.facts.cue_lexicon import AMOUNT_WORDS, has_cue

__all__ = ["Opening", "opening_in", "opening_named", "role_said", "tenure_days"]


@dataclass(frozen=True, slots=True)
class Opening:
    """A vacancy the user told of: who hires (``org``, as said) and for what (``role``)."""

    org: str
    role: str
    transfer: bool = False
    """Asked for at the user's own employer ("Ho chiesto il trasferimento in pediatria"): a
    new post there, not a new employer."""


_HIRES: dict[str, str] = {
    "en": r"is\s+looking\s+for|are\s+looking\s+for|is\s+hiring|are\s+hiring",
    "de": r"sucht|suchen|suecht|sueched",  # (Swiss "d vbz sueched tramchauffeure")
    "fr": r"cherche|cherchent|recrute|recrutent",
    "es": r"busca|buscan|está\s+contratando|están\s+contratando",
    "it": r"cerca|cercano|assume|assumono",
    "pt": r"procura|procuram|está\s+contratando|tá\s+contratando|está\s+a\s+contratar",
    "nl": r"zoekt|zoeken",
}
"""The verbs of an organisation looking for staff, third person: "ich suche" is the user's."""

_LEAD = re.compile(r"(?i)^(?:(?:and|und|et|y|e|en|also|auch|aussi|también|anche|também|ook|"
                   r"so|ah|oh|btw|look|schau|regarde|mira|guarda|olha|kijk)\W+)*")
_ARTICLE = re.compile(r"(?i)^(?:l['’]\s*|(?:the|der|die|das|le|la|les|el|los|las|il|lo|o|os|"
                      r"as|a|de|d|het|an?|un|una|uno|une|um|uma|een|ein|eine[mnr]?)\s+)(?=\w)")
_AND_BUT: dict[str, str] = {
    "en": r"and|but", "de": r"und|aber", "fr": r"et|pis|mais", "es": r"y|pero",
    "it": r"e|ma", "pt": r"e|mas", "nl": r"en|maar",
}
_ROLE_END: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)\s+(?:" + words + r"|para\s+a\s+época|for\s+the\s+season)"
                     r"(?:\s.*)?$") for lang, words in _AND_BUT.items()}
"""Where the role of an opening ends: at the language's "and" or "but" ("… procura
cozinheira para a época e eu vou falar com eles"; Swabian "e erzieherin" is "an")."""
_OPENING: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?P<org>[^\W\d_][\w'’&.-]*(?:\s+[\w'’&.-]+){0,4}?)\s+(?:" + verbs
                     + r")\s+(?P<role>[^,.;:!?]{3,60})")
    for lang, verbs in _HIRES.items()}
_APPLIED: dict[str, str] = {
    "en": r"(?:asked|applied)\s+for\s+(?:a|the)\s+transfer\s+to|applied\s+(?:to|at)|"
          r"(?:a|an)\s+(?:vacancy|opening)\s+(?:at|with|on)|"
          r"sent\s+(?:my|a|an)\s+(?:cv|resume|résumé|application)\s+to",
    "de": r"Versetzung\s+(?:nach|in\s+die|in\s+den|in\s+das|ins|in|an\s+die|an\s+den)|"
          r"beworben\s+bei|Bewerbung\s+(?:bei|an)|freie\s+Stelle\s+(?:bei|an\s+der|im)|"
          r"Lebenslauf\s+(?:an|zu)",
    "fr": r"(?:demandé|demande)\s+(?:ma|une|la)\s+mutation\s+(?:à\s+la|à\s+l['’]|au|à|en)|"
          r"postulé\s+(?:chez|à\s+la|à\s+l['’]|au|à)|un\s+poste\s+libre\s+(?:chez|à\s+la|au)|"
          r"envoyé\s+(?:mon|un)\s+cv\s+(?:chez|à\s+la|à\s+l['’]|au|à)",
    "es": r"(?:pedí|pedido|solicité)\s+(?:el|un)\s+traslado\s+(?:a\s+la|al|a|en)|"
          r"(?:me\s+)?postulé\s+(?:en\s+la|en\s+el|en|a\s+la|al|a)|"
          r"(?:una\s+)?vacante\s+(?:en\s+la|en\s+el|en|de\s+la|del)|"
          r"(?:mandé|envié)\s+(?:mi\s+|el\s+)?(?:cv|currículum|curriculum)\s+(?:a\s+la|al|a)",
    "it": r"chiesto\s+(?:il|un)\s+trasferimento\s+(?:in|al|alla|a|all['’])|"
          r"candidat[oa]\s+(?:da|presso|al|alla|a)|"
          r"mandato\s+(?:il\s+)?(?:mio\s+)?(?:cv|curriculum)\s+(?:a|al|alla|all['’])",
    "pt": r"(?:pedi|pedido)\s+(?:a\s+)?transferência\s+para(?:\s+[oa])?|"
          r"candidatei-me\s+(?:ao|à|a)|me\s+candidatei\s+(?:ao|à|a|na|no)|"
          r"vaga\s+(?:de\s+\w+\s+)?(?:nos|nas|no|na|em|pra|para|pro)|"
          r"(?:mandei|enviei)\s+(?:o\s+)?(?:meu\s+)?(?:cv|currículo|curriculo)\s+"
          r"(?:pra|para|pro|ao|à|a)",
    "nl": r"overplaatsing\s+(?:naar|aangevraagd\s+naar)|gesolliciteerd\s+bij|"
          r"vacature\s+(?:bij|van|in)|cv\s+(?:gestuurd\s+)?naar",
}
"""A step towards a job at a place said after it: a transfer asked for ("Ho chiesto il
trasferimento in pediatria"), an application sent ("applied at Glendrum")."""
_TRANSFER = re.compile(r"(?i)transfer|Versetzung|mutation|traslado|trasferimento|"
                       r"transferência|overplaatsing")
_APPLIED_AT: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<!\w)(?:" + said + r")\s+(?P<org>[^\W\d_][\w'’&.-]*"
                     r"(?:\s+(?!(?:and|und|et|y|e|en|but|aber|mais|pero|ma|mas|maar|because|"
                     r"weil|parce|porque|perché|omdat|dopo|after|nach|après|después|depois|na|"
                     r"last|next|this|yesterday|today|tomorrow|gestern|heute|letzte\w*|hier|"
                     r"ayer|hoy|ieri|oggi|ontem|hoje|gisteren|vandaag|on|am|for|since|seit|"
                     r"für|pour|por|per|voor|sinds|as|als|comme|como|come|che|que|qui|which|"
                     r"that|who|where|wo|waar|dove|donde|onde|où)"
                     r"\b)[\w'’&.-]+){0,6})")
    for lang, said in _APPLIED.items()}
_NOT_AN_ORG = re.compile(
    r"(?i)^(?:i|ich|je|yo|io|eu|ik|we|wir|on|nous|he|she|er|sie|il|elle|él|ella|lui|lei|ele|"
    r"ela|hij|zij|ze|my|mein\w*|mon|ma|mi|mio|mia|meu|minha|mijn|who|wer|qui|quien|chi|quem|"
    r"wie|everyone|everybody|jeder|tout le monde|todo el mundo|tutti|todo mundo|iedereen|"
    r"nobody|niemand|personne|nadie|nessuno|ninguém)\b")


_AND_I = re.compile(r"(?i)(?<!\w)(?:and|und|et|y|e|en)\s+(?:i|me|ich|je|moi|yo|io|eu|ik)$")
"""The user among those looking ("Timo, mein bester Kumpel, und ich suchen ne Wohnung"): a
search of their own, no vacancy."""


def opening_in(text: str, lang: str) -> Opening | None:
    """The vacancy a clause tells of ("Die Rittner Bahn sucht Triebwagenführer, …" →
    ("Rittner Bahn", "Triebwagenführer")) or the place the user asked to go to ("Ho chiesto
    il trasferimento in pediatria" → ("pediatria", "")), ``None`` when it tells of none or
    the one looking is a person ("mi hermana busca piso", "ich suche eine Wohnung")."""
    pattern = _OPENING.get(lang)
    if pattern is None:
        return None
    applied = _APPLIED_AT[lang].search(text)
    if applied is not None:  # ("Ho chiesto il trasferimento in pediatria": no role said)
        return Opening(org=_ARTICLE.sub("", applied["org"].strip(" .,;:!?…")), role="",
                       transfer=_TRANSFER.search(applied.group(0)) is not None)
    m = pattern.search(_LEAD.sub("", text.strip()))
    if m is None:
        return None
    org = _ARTICLE.sub("", m["org"].strip(" .,;:!?…"))
    if _NOT_AN_ORG.match(org) or _AND_I.search(org) or len(org) < 2:
        return None
    return Opening(org=org, role=_ROLE_END[lang].sub("", m["role"]).strip())


_ORDINALS: dict[str, str] = {
    "en": r"first|second|third|fourth|1st|2nd|3rd|4th",
    "de": r"erste[nrs]?|erschte[nrs]?|erschti|zweite[nrs]?|dritte[nrs]?|vierte[nrs]?|1\.|2\.|"
          r"3\.|4\.",
    "fr": r"premi[eè]re?|deuxi[eè]me|troisi[eè]me|quatri[eè]me|1[eè]re|1er|2e|3e",
    "es": r"primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]",
    "it": r"prim[oa]|second[oa]|terz[oa]|quart[oa]",
    "pt": r"primeir[oa]|segund[oa]|terceir[oa]|quart[oa]",
    "nl": r"eerste|tweede|derde|vierde|1e|1ste|2e|2de|3e|3de",
}
_ORDINAL_VALUE = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2,
                  "3rd": 3, "4th": 4, "erst": 1, "zweit": 2, "dritt": 3, "viert": 4,
                  "1.": 1, "2.": 2, "3.": 3, "4.": 4, "premi": 1, "1er": 1, "1èr": 1,
                  "1re": 1, "deuxi": 2, "2e": 2, "troisi": 3, "3e": 3, "quatri": 4,
                  "prim": 1, "segund": 2, "terc": 3, "terz": 3, "cuart": 4,
                  "quart": 4, "eerste": 1, "tweede": 2, "derde": 3, "vierde": 4, "1ste": 1,
                  "2de": 2, "3de": 3}
_UNITS: dict[str, str] = {
    "en": r"days?|weeks?|fortnights?|months?|shifts?",
    "de": r"Tag|Tage|Woche|Wochen|Wuche|Monat|Monate[n]?|Schicht",
    "fr": r"jours?|journée|semaines?|mois", "es": r"días?|semanas?|mes(?:es)?|turno",
    "it": r"giorn[oi]|settiman[ae]|mes[ei]|turno", "pt": r"dias?|semanas?|m[eê]s(?:es)?|turno",
    "nl": r"dag(?:en)?|weken|week|maand(?:en)?|dienst",
}
_COUNT_VALUE: dict[str, int] = {
    **{w: n for w, n in AMOUNT_WORDS.items()
       if 2 <= n <= 6 and not re.search(r"[\u4e00-\u9fff]", w)},
    "zwee": 2, "zwo": 2}  # (Saxon and Swabian "two")
"""The counts of days or weeks read, two to six, in words (:data:`AMOUNT_WORDS`)."""
_COUNTS = r"\d{1,2}|" + "|".join(sorted(_COUNT_VALUE, key=len, reverse=True))
_SINCE_COUNT: dict[str, str] = {
    "en": r"(?P<n>{c})\s+(?P<u>{u})\s+(?:now|already|in|at|into|with|for)\b",
    # ("zwei wochen uniklinik aachen rum!", "zwee wochen in der oper rum")
    "de": r"seit\s+(?P<n>{c})\s+(?P<u>{u})\b|(?P<n2>{c})\s+(?P<u2>{u})\s+(?:\S+\s+){{0,4}}?"
          r"(?:rum|um|vorbei|geschafft)\b",
    "fr": r"(?:ça|ca|cela)\s+fait\s+(?P<n>{c})\s+(?P<u>{u})\b|depuis\s+(?P<n2>{c})\s+(?P<u2>{u})",
    "es": r"(?:hace|llevo)\s+(?P<n>{c})\s+(?P<u>{u})\b",
    "it": r"(?:sono|da)\s+(?P<n>{c})\s+(?P<u>{u})\b",
    "pt": r"(?:faz|há|ha)\s+(?:hoje\s+|já\s+)?(?P<n>{c})\s+(?P<u>{u})\b",
    "nl": r"(?P<n>{c})\s+(?P<u>{u})\s+(?:nu|al)\b|(?:al|sinds)\s+(?P<n2>{c})\s+(?P<u2>{u})\b",
}
_TENURE: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    lang: (re.compile(r"(?i)(?<!\w)(?P<o>" + _ORDINALS[lang] + r")\s+(?:(?:" + _COUNTS
                      + r")\s+)?(?P<u>" + units + r")\b"),  # ("erschte zwei woche")
           re.compile(r"(?i)(?<!\w)(?:" + _SINCE_COUNT[lang].format(c=_COUNTS, u=units) + r")"))
    for lang, units in _UNITS.items()}


def _unit_days(unit: str) -> int:
    u = unit.casefold()
    if u.startswith(("w", "sem", "sett", "semana")):
        return 7
    if u.startswith(("mo", "mes", "mês", "mois", "maand")):
        return 30
    return 1


def tenure_days(text: str, lang: str) -> int | None:
    """How many days ago a clause says the user began somewhere: a first, second or third
    day, week or month ("meine dritte Woche … ist rum" → 14, "ma première semaine à l'hôpital
    est faite" → 0) or a count of them up to now ("faz hoje duas semanas que cozinho para …"
    → 14, "3 weken nu achter de schermen" → 21); ``None`` when it says neither."""
    patterns = _TENURE.get(lang)
    if patterns is None:
        return None
    ordinal, count = patterns
    if (m := count.search(text)) is not None:
        said = (m["n"] or m.groupdict().get("n2") or "").casefold()
        unit = m["u"] or m.groupdict().get("u2") or ""
        n = int(said) if said.isdigit() else _COUNT_VALUE.get(said, 1)
        return n * _unit_days(unit)
    if (m := ordinal.search(text)) is not None:
        said = m["o"].casefold()
        n = next((v for k, v in _ORDINAL_VALUE.items() if said.startswith(k)), 1)
        return (n - 1) * _unit_days(m["u"])
    return None


_SMALL = frozenset({
    "this", "that", "with", "from", "your", "their", "them", "they", "have", "been", "dans",
    "pour", "avec", "sont", "chez", "nach", "über", "unter", "eine", "einen", "einem",
    "einer", "dieser", "diese", "para", "pelo", "pela", "como", "esta", "este", "essa", "esse",
    "muito", "mais", "voor", "naar", "bent", "zijn", "heeft", "deze", "alle", "sempre",
    "molto", "della", "dello", "degli", "nelle", "sulla", "sono", "anche", "pero"})
"""Words of four letters or more that name no organisation: never what ties a clause to an
opening."""


def _words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W\d_][\w-]*", text)
            if len(w) >= 4 and w.casefold() not in _SMALL}


def _same_word(a: str, b: str) -> bool:
    """Whether two words are one said in two forms: one begins the other ("Triebwagen",
    "Triebwagenführer") or they share six letters or more at the start ("lecturing",
    "lecturer")."""
    shared = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                  min(len(a), len(b)))
    return shared == min(len(a), len(b)) or shared >= 6


def opening_named(text: str, lang: str, openings: Sequence[Opening]) -> Opening | None:
    """The opening, the latest first, whose organisation (or a long word of its role) the
    clause names with one of its words ("… im Triebwagen der Rittner Bahn" names "Rittner
    Bahn"; "à l'hôpital" names "hôpital Georges-Dumont"; "1ère semaine sur les remorqueurs"
    names "… cherche des matelots pour ses remorqueurs") in the same or another form;
    none when the clause says where the user lives (the cue ``dwelling``: "Seit drei Wochen
    wohne ich jetzt in Balzers" after "Die Gemeinde Balzers sucht …" is a home)."""
    if has_cue("dwelling", lang, text):
        return None
    said = _words(text)
    for opening in reversed(openings):
        own = _words(opening.org) | {w for w in _words(opening.role) if len(w) >= 6}
        if any(_same_word(a, b) for a in said for b in own):
            return opening
        if not _words(opening.org) and \
                re.search(r"(?i)(?<!\w)" + re.escape(opening.org) + r"(?!\w)", text):
            return opening  # a short name said whole ("de ns zoekt machinisten", "1e week bij
            # de ns")
    return None


_SOMEONE = re.compile(r"(?i)^(?:someone|somebody|people|staff|jemand\w*|leute|quelqu['’]un|"
                      r"du\s+monde|alguien|gente|qualcuno|personale|alguém|pessoal|iemand|mensen)\b")
_ROLE_ARTICLE = re.compile(r"(?i)^(?:(?:ab|from|dès|desde|a\s+partir\s+de|vanaf)\s+\w+\s+)?"
                           r"(?:an?|ein\w*|e|une?|des|de|del|la|le|los|las|uno|una|um|uma|"
                           r"uns|umas|een|nuove?|nuovi|new|neue\w*|nouve\w*|nuev\w*|nov\w*)\s+")


def role_said(opening: Opening) -> str | None:
    """The job of an opening as a fact says it, without its article or start ("ab januar e
    erzieherin" → "erzieherin"); ``None`` when it names none ("leute für die intensivstation",
    a transfer)."""
    role = _ROLE_ARTICLE.sub("", opening.role)
    return None if not role or _SOMEONE.match(role) else role
