"""A send-off from the user's old workplace: the job held until then is over.

People seldom say "I left my job" when they change it; they thank the old crew for a leaving
present ("Could you write a thank-you for the boys from my old crew? They gave me a hard hat
signed by the whole team", "Mijn oude collega's gaven me bij het afscheid een taart", "as
gurias da doceria me deram uma caixa de camafeus de despedida"). :func:`sent_off_from_work`
reads such a turn; the fact built from it (:data:`lucidmem.facts.model.SENT_OFF`) ends the
employer and job the user held before, and is itself no fact to keep (validation).

A send-off counts when the turn says something was given or done for the user (not for
someone else: "we gave Tom a leaving cake") and either

* a farewell word ("leaving cake", "zum Abschied", "de despedida", "欢送") with no neighbours or
  friends who would say goodbye for a move ("my neighbours threw me a farewell party"), or
* the old workplace or old colleagues ("my old crew", "mei alte Praxis", "ex colleghi"),
  with no other occasion for a present ("my old colleagues got me a birthday cake").
"""

from __future__ import annotations

import re

__all__ = ["sent_off_from_work"]


def _words(alternatives: str) -> re.Pattern[str]:
    return re.compile(r"(?i)(?<![\w'’-])(?:" + alternatives + r")(?![\w'’])")


_FAREWELL: dict[str, re.Pattern[str]] = {
    "en": _words(r"farewell\w*|send-?offs?|send\s+off|going[- ]away|leaving\s+(?:do|dos|cake|card|"
                 r"present|presents|gift|gifts|party|drinks|lunch|dinner|speech|bash)|"
                 r"goodbye\s+(?:cake|card|present|gift|party|drinks|lunch|dinner)"),
    "de": _words(r"abschied\w*|ausstand\w*"),
    "nl": _words(r"afscheid\w*"),
    "fr": _words(r"(?:pot|cadeau|fête|repas|apéro|carte)\s+de\s+départ|pour\s+mon\s+départ|"
                 r"adieux?"),
    "es": _words(r"despedida\w*"),
    "it": _words(r"addio|d['’]addio|(?:festa|regalo|cena|pranzo|aperitivo)\s+di\s+saluto|"
                 r"per\s+salutarmi"),
    "pt": _words(r"despedida\w*"),
    "zh": re.compile(r"送别|欢送|散伙饭|饯行|践行|告别"),
}
"""Words of a send-off, per language."""

_OLD_WORK: dict[str, re.Pattern[str]] = {
    "en": _words(r"(?:old|former|ex)\s+(?:colleagues?|co-?workers?|workmates?|crew|team|job|"
                 r"work|boss|manager|office|shop|cafe|café|store|clinic|practice|company|firm|"
                 r"ward|depot|lot|gang|squad)|ex-(?:colleagues?|co-?workers?|workmates?|team)"),
    "de": _words(r"(?:alte[nrms]?|ehemalige[nrms]?|frühere[nrms]?)\s+(?:Kolleg\w*|Team|Firma|"
                 r"Arbeit\w*|Praxis|Chef\w*|Laden|Büro|Abteilung|Stelle|Betrieb|Station|"
                 r"Truppe|Mannschaft|Haufen)|Ex-Kolleg\w*"),
    "nl": _words(r"(?:oude|voormalige)\s+(?:collega['’]?s?|team|werk|baas|bazin|zaak|winkel|"
                 r"kantoor|afdeling|praktijk|ploeg|werkgever)|oud-collega['’]?s?|"
                 r"ex-collega['’]?s?"),
    "fr": _words(r"(?:anciens?|anciennes?|ex-?)\s*(?:collègues?|équipe|boulot|taf|travail|"
                 r"patrons?|patronnes?|boîte|bureau|magasin|cabinet|service|atelier)"),
    "es": _words(r"(?:antiguos?|antiguas?|viejos?|viejas?|ex-?)\s*(?:compañer[oa]s?|colegas?|"
                 r"equipo|trabajo|jef[ea]s?|oficina|tienda|curro|chamba|pega|laburo|jale)|"
                 r"excompañer[oa]s?"),
    "it": _words(r"(?:ex-?|vecchi|vecchie|vecchio|vecchia)\s*(?:colleghi|colleghe|collega|"
                 r"squadra|lavoro|capo|ufficio|negozio|studio|reparto|ditta)"),
    "pt": _words(r"(?:antig[oa]s?|ex-?)\s*(?:colegas?|equipe|equipa|trabalho|emprego|chefe|"
                 r"escritório|loja|firma|serviço)"),
    "zh": re.compile(r"老同事|以前的同事|原来的同事|前同事|老单位|原单位|以前的单位|老东家|前东家|"
                     r"以前的公司|原来的公司"),
}
"""The user's old workplace or old colleagues, per language."""

_GIVEN_TO_ME: dict[str, re.Pattern[str]] = {
    "en": _words(r"(?:gave|got|bought|threw|made|baked|presented|signed)\s+me|"
                 r"i\s+got\s+(?:a|an|this)"),
    "de": re.compile(r"(?i)(?<!\w)(?:mir|mi)(?!\w).{0,80}?(?<!\w)(?:ge?schenkt|gegeben|"
                     r"überreicht|gebacken|gemacht|organisiert|ausgegeben)(?!\w)|"
                     r"(?<!\w)(?:schenkten|gaben|überreichten)\s+mir(?!\w)|"
                     r"(?<!\w)(?:hab|habe|hob|krieg|kriegt)\s+(?:i|ich)\s.{0,60}?"
                     r"(?:bekommen|gekriegt|kriegt|griagt)(?!\w)"),
    "nl": re.compile(r"(?i)(?<!\w)(?:gaven|gaf)\s+(?:me|mij)(?!\w)|"
                     r"(?<!\w)(?:hebben|heeft)\s+(?:me|mij)(?!\w).{0,80}?(?:gegeven|geschonken|"
                     r"gemaakt|gebakken)(?!\w)|(?<!\w)(?:kreeg\s+ik|ik\s+kreeg)(?!\w)|"
                     r"(?<!\w)heb\s+ik\s.{0,60}?gekregen(?!\w)"),
    "fr": re.compile(r"(?i)(?<!\w)m['’](?:ont|a)\s+(?:offert|fait|donné|organisé|préparé|"
                     r"remis)(?!\w)|(?<!\w)j['’]ai\s+(?:eu\s+droit|reçu)(?!\w)"),
    "es": _words(r"me\s+(?:regalaron|hicieron|dieron|organizaron|prepararon|regaló|hizo|dio|"
                 r"han\s+regalado|han\s+hecho|han\s+dado)"),
    "it": _words(r"mi\s+(?:hanno|ha)\s+(?:regalato|fatto|dato|organizzato|preparato)"),
    "pt": _words(r"me\s+(?:deram|fizeram|deu|fez|presentearam|organizaram|prepararam)|"
                 r"(?:deram|fizeram|ofereceram)-me"),
    "zh": re.compile(r"送(?:了)?我|给我(?:办|弄|做|准备|买|送)"),
}
"""Something given or done for the user, per language."""

_MOVE_GOODBYE: dict[str, re.Pattern[str]] = {
    "en": _words(r"neighbou?rs?|friends?|mates|flatmates?|housemates?|roommates?|class|"
                 r"classmates?"),
    "de": _words(r"Nachbar\w*|Freund\w*|Mitbewohner\w*|Klasse|Mitschüler\w*|WG"),
    "nl": _words(r"buren|buurman|buurvrouw|vrienden|vriendinnen|huisgenoten|klas\w*"),
    "fr": _words(r"voisin\w*|amis|amies|copains|copines|colocs?|colocataires?|classe"),
    "es": _words(r"vecin\w*|amig[oa]s|compis\s+de\s+piso|clase"),
    "it": _words(r"vicin\w*|amici|amiche|coinquilin\w*|classe"),
    "pt": _words(r"vizinh\w*|amig[oa]s|colegas\s+de\s+(?:casa|quarto|turma)|turma"),
    "zh": re.compile(r"邻居|朋友|室友|同学|舍友"),
}
"""Who says goodbye for a move or a school year rather than a job."""

_OTHER_OCCASION: dict[str, re.Pattern[str]] = {
    "en": _words(r"birthday|wedding|baby|christmas|xmas|engagement|anniversary|get\s+well"),
    "de": _words(r"Geburtstag\w*|Hochzeit\w*|Baby\w*|Weihnacht\w*|Verlobung\w*|Jubiläum\w*"),
    "nl": _words(r"verjaardag\w*|bruiloft|trouwerij|baby\w*|kerst\w*|verloving|jubileum"),
    "fr": _words(r"anniversaire|mariage|bébé|noël|fiançailles"),
    "es": _words(r"cumple\w*|boda|bebé|navidad|compromiso|aniversario"),
    "it": _words(r"compleanno|matrimonio|bebè|bimb[oa]|natale|fidanzamento|anniversario"),
    "pt": _words(r"aniversário|niver|casamento|bebê|bebé|natal|noivado"),
    "zh": re.compile(r"生日|婚礼|结婚|宝宝|满月|圣诞|订婚"),
}
"""Other reasons for a present, which old colleagues may give long after the job."""


def sent_off_from_work(text: str, lang: str) -> bool:
    """Whether the turn ``text`` (in ``lang``) says the user was sent off from their old
    workplace (see the module docstring)."""
    given = _GIVEN_TO_ME.get(lang)
    if given is None or given.search(text) is None:
        return False
    if _FAREWELL[lang].search(text) is not None and _MOVE_GOODBYE[lang].search(text) is None:
        return True
    return _OLD_WORK[lang].search(text) is not None and \
        _OTHER_OCCASION[lang].search(text) is None

