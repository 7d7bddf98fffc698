"""German, French and Spanish patterns of the offline extractor: the most common forms only.

Seed: ``emberhearth-memory-research.md`` §1 (taxonomy). Covered per language: names, "my
sister Sarah" / "Sarah is my sister", likes and dislikes with negation, diets ("I'm vegan", "I
no longer eat meat"), allergies, work (at / as), where one lives and moves. Predicates are the
English vocabulary; objects stay in the user's language.
"""

from __future__ import annotations

import re

from lucidmem.facts.model import Subcategory as S
from lucidmem.facts.offline_rules import (
    EXPLICIT,
    ClauseContext,
    Hit,
    LanguagePack,
    Rule,
    clean_object,
    relation_table,
    rule,
    rx,
)

__all__ = ["FRENCH", "GERMAN", "SPANISH"]

_F, _P, _W, _PET = (S.RELATIONSHIP_FAMILY, S.RELATIONSHIP_PROFESSIONAL, S.RELATIONSHIP_FRIENDS,
                    S.RELATIONSHIP_PETS)


def _words(words: str) -> re.Pattern[str]:
    return rx(r"(?<!\w)(?:" + words + r")(?!\w)")


def _name_rule(pattern: str, predicate: str) -> Rule:
    def build(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
        name = clean_object(m["obj"], "name")
        return [] if name is None else [Hit(predicate, name, S.BIOGRAPHICAL_PERSONAL, EXPLICIT,
                                            subject=ctx.owner)]
    return Rule(rx(pattern), build)


def _is_my_rule(pattern: str, relations: dict[str, tuple[str, S]]) -> Rule:
    def build(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
        rel, sub = relations[m["rel"].casefold()]
        return [Hit(f"has_{rel}", m["name"], sub, EXPLICIT, subject=ctx.owner)]
    rels = "|".join(sorted((re.escape(r) for r in relations), key=len, reverse=True))
    return Rule(re.compile(pattern.replace("REL", rels)), build)


_DE_REL = {
    **relation_table("mutter=mother mama=mother vater=father papa=father schwester=sister "
                 "bruder=brother frau=wife mann=husband ehefrau=wife ehemann=husband "
                 "partner=partner partnerin=partner freund=boyfriend freundin=girlfriend "
                 "sohn=son tochter=daughter kind=child oma=grandmother opa=grandfather "
                 "tante=aunt onkel=uncle cousin=cousin cousine=cousin", _F),
    **relation_table("chef=boss chefin=boss kollege=colleague kollegin=colleague", _P),
    **relation_table("mitbewohner=roommate mitbewohnerin=roommate nachbar=neighbour "
                 "nachbarin=neighbour", _W),
    **relation_table("hund=dog katze=cat", _PET),
}
_FR_REL = {
    **relation_table("mère=mother maman=mother père=father papa=father sœur=sister soeur=sister "
                 "frère=brother femme=wife mari=husband épouse=wife époux=husband "
                 "copain=boyfriend copine=girlfriend fils=son fille=daughter enfant=child "
                 "grand-mère=grandmother grand-père=grandfather tante=aunt oncle=uncle "
                 "cousin=cousin cousine=cousin", _F),
    **relation_table("patron=boss patronne=boss chef=boss collègue=colleague", _P),
    **relation_table("ami=friend amie=friend meilleur_ami=best_friend meilleure_amie=best_friend "
                 "voisin=neighbour voisine=neighbour colocataire=roommate", _W),
    **relation_table("chien=dog chat=cat", _PET),
}
_ES_REL = {
    **relation_table("madre=mother mamá=mother padre=father papá=father hermana=sister "
                 "hermano=brother esposa=wife mujer=wife esposo=husband marido=husband "
                 "novio=boyfriend novia=girlfriend pareja=partner hijo=son hija=daughter "
                 "abuela=grandmother abuelo=grandfather tía=aunt tío=uncle primo=cousin "
                 "prima=cousin", _F),
    **relation_table("jefe=boss jefa=boss colega=colleague", _P),
    **relation_table("amigo=friend amiga=friend mejor_amigo=best_friend mejor_amiga=best_friend "
                 "vecino=neighbour vecina=neighbour compañero_de_piso=roommate", _W),
    **relation_table("perro=dog gato=cat perra=dog gata=cat", _PET),
}
_NAME = r"(?P<name>[A-ZÀ-Ý][\w-]+)"
_NOT_Q = r"\?\s*$|^¿"

GERMAN = LanguagePack(
    code="de",
    contractions=(),
    question=rx(_NOT_Q + r"|^(?:magst|hast|bist|wohnst|arbeitest|isst|kannst|willst|wie|was|"
                r"wo|wann|warum|wer|welche[rsn]?)\b"),
    conditional=rx(r"^\W*(?:wenn|falls|angenommen|stell\s+dir\s+vor)\b"),
    hypothetical=_words(r"würde|würdest|könnte|möchte|hätte|wäre|wünschte|vielleicht\s+werde"),
    hedge=_words(r"ich\s+glaube|ich\s+denke|wahrscheinlich|vielleicht|eher|irgendwie"),
    change=_words(r"nicht\s+mehr|kein\w*\s+\w+\s+mehr|jetzt|inzwischen|mittlerweile|seit|"
                  r"umgezogen|gezogen|gewechselt|neuerdings|wieder|angefangen|aufgehört"),
    correction=_words(r"ich\s+meinte|korrektur|verzeihung|sorry|ich\s+habe\s+mich\s+vertan"),
    one_off=_words(r"ausnahmsweise|nur\s+heute|dieses\s+eine\s+mal|dieses\s+mal|heute\s+mal"),
    context=_words(r"bei\s+der\s+arbeit|auf\s+der\s+arbeit|im\s+büro|zu\s+hause|zuhause|"
                   r"am\s+wochenende|im\s+urlaub"),
    clause_split=rx(r"\s*;\s*|,?\s+(?:und|aber|doch|weil)\s+(?=(?:ich|meine?|sie|er)\b)|"
                    r",\s+(?=(?:ich|meine?|sie|er)\b)"),
    first_person=rx(r"^(?:und\s+|aber\s+|also\s+)*ich\s+"),
    pronoun_subject=rx(r"^(?:sie|er)\s+"),
    relations=_DE_REL,
    possessive=r"meine|meinen|meinem|meiner|mein|unsere|unser",
    clause_rules=(
        _name_rule(r"^(?:mein\s+name\s+ist|ich\s+heiße|ich\s+heisse)\s+(?P<obj>.+)$", "name"),
        _name_rule(r"^(?:nenn|nennt|nennen\s+sie)\s+mich\s+(?P<obj>.+)$", "preferred_name"),
        _is_my_rule(r"^" + _NAME + r"\s+(?i:ist\s+meine?)\s+(?i:(?P<rel>REL))\b", _DE_REL),
    ),
    predicate_rules=(
        rule(r"^(?:mag|liebe|mögen|mag\s+auch)\s+(?P<obj>.+?)\s+nicht(?:\s+mehr)?$", "dislikes",
             S.OPINION_DISLIKES, 0.85),
        rule(r"^(?:mag|mögen)\s+kein(?:en|e|er|es)?\s+(?P<obj>.+)$", "dislikes",
             S.OPINION_DISLIKES, 0.85),
        rule(r"^(?P<v>hasse|hasst|verabscheue)\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES,
             intense_words=("hasse", "hasst")),
        rule(r"^(?P<v>mag|liebe|liebt|mögen)\s+(?:sehr\s+|wirklich\s+)?(?P<obj>.+)$", "likes",
             S.OPINION_LIKES, intense_words=("liebe", "liebt")),
        rule(r"^(?:esse|isst)\s+kein(?:en|e|er|es)?\s+(?P<obj>.+?)(?:\s+mehr)?$", "eats",
             S.PREFERENCE_DIET, negated=True),
        rule(r"^(?:bin|ist)\s+(?:jetzt\s+|seit\s+\S+\s+)?(?P<obj>vegan|veganer(?:in)?|"
             r"vegetarier(?:in)?|vegetarisch)\b.*$", "diet", S.PREFERENCE_DIET, EXPLICIT),
        rule(r"^(?:bin|ist)\s+(?:stark\s+|sehr\s+)?allergisch\s+(?:gegen|auf)\s+(?P<obj>.+)$",
             "allergic_to", S.BIOGRAPHICAL_HEALTH, EXPLICIT, intensity=0.5),
        rule(r"^(?:habe|hat)\s+eine\s+(?P<obj>[\w-]+?)-?allergie\b.*$", "allergic_to",
             S.BIOGRAPHICAL_HEALTH, EXPLICIT, intensity=0.5),
        rule(r"^(?:arbeite|arbeitet)\s+(?:jetzt\s+)?(?:bei|für)\s+(?P<obj>.+)$", "works_at",
             S.BIOGRAPHICAL_PROFESSIONAL, kind="place"),
        rule(r"^(?:arbeite|arbeitet)\s+(?:jetzt\s+)?als\s+(?P<obj>.+)$", "occupation",
             S.BIOGRAPHICAL_PROFESSIONAL),
        rule(r"^(?:bin|ist)\s+(?:jetzt\s+|vor\s+\S+\s+\S+\s+)?nach\s+(?P<obj>.+?)\s+"
             r"(?:gezogen|umgezogen)$", "lives_in", S.BIOGRAPHICAL_PERSONAL, change=True,
             kind="place"),
        rule(r"^(?:ziehe|zieht)\s+nach\s+(?P<obj>.+)$", "lives_in", S.BIOGRAPHICAL_PERSONAL,
             change=True, kind="place"),
        rule(r"^(?:wohne|wohnt|lebe|lebt)\s+(?:jetzt\s+|seit\s+\S+\s+)?in\s+(?P<obj>.+)$",
             "lives_in", S.BIOGRAPHICAL_PERSONAL, kind="place"),
        rule(r"^(?:komme|kommt)\s+(?:ursprünglich\s+)?aus\s+(?P<obj>.+)$", "hometown",
             S.BIOGRAPHICAL_PERSONAL, kind="place"),
    ),
)

FRENCH = LanguagePack(
    code="fr",
    contractions=((rx(r"\bj[’']"), "je "), (rx(r"\bn[’']"), "ne "), (rx(r"\bm[’']"), "me ")),
    question=rx(_NOT_Q + r"|^(?:est-ce|aimes-tu|as-tu|es-tu|qu'est|quel|quelle|où|quand|"
                r"pourquoi|comment)\b"),
    conditional=rx(r"^\W*(?:si|imagine|imaginons|supposons)\b"),
    hypothetical=_words(r"voudrais|aimerais|pourrais|serais|aurais|souhaite|j'aimerais"),
    hedge=_words(r"je\s+pense|je\s+crois|peut-être|probablement|plutôt"),
    change=_words(r"ne\s+\w+\s+plus|plus|maintenant|désormais|déménagé|depuis|à\s+nouveau|"
                  r"de\s+nouveau|commencé|arrêté"),
    correction=_words(r"je\s+voulais\s+dire|correction|pardon|je\s+me\s+suis\s+trompée?"),
    one_off=_words(r"exceptionnellement|juste\s+aujourd'hui|pour\s+une\s+fois|cette\s+fois"),
    context=_words(r"au\s+travail|au\s+bureau|à\s+la\s+maison|le\s+week-end|en\s+vacances"),
    clause_split=rx(r"\s*;\s*|,?\s+(?:et|mais)\s+(?=(?:je|j'|mon|ma|mes|elle|il)\b)|"
                    r",\s+(?=(?:je|j'|mon|ma|mes|elle|il)\b)"),
    first_person=rx(r"^(?:et\s+|mais\s+)*je\s+"),
    pronoun_subject=rx(r"^(?:elle|il)\s+"),
    relations=_FR_REL,
    possessive=r"mon|ma|mes|notre",
    clause_rules=(
        _name_rule(r"^(?:mon\s+nom\s+est|je\s+me\s+appelle|je\s+m'appelle)\s+(?P<obj>.+)$",
                   "name"),
        _name_rule(r"^appelle[sz]?-moi\s+(?P<obj>.+)$", "preferred_name"),
        _is_my_rule(r"^" + _NAME + r"\s+(?i:est\s+(?:mon|ma))\s+(?i:(?P<rel>REL))\b", _FR_REL),
    ),
    predicate_rules=(
        rule(r"^ne\s+(?:aime|aiment)\s+plus\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES,
             0.85, change=True),
        rule(r"^ne\s+(?:aime|aiment)\s+pas\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES,
             0.85),
        rule(r"^(?P<v>déteste|détestent)\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES,
             intense_words=("déteste", "détestent")),
        rule(r"^(?P<v>aime|adore|aiment|adorent)\s+(?:beaucoup\s+|vraiment\s+)?(?P<obj>.+)$",
             "likes", S.OPINION_LIKES, intense_words=("adore", "adorent")),
        rule(r"^ne\s+mange\s+(?:plus|pas|jamais)\s+(?P<obj>.+)$", "eats", S.PREFERENCE_DIET,
             negated=True),
        rule(r"^(?:suis|est)\s+(?:maintenant\s+)?(?P<obj>végétarienne?|végane?|"
             r"végétalienne?|vegan)\b.*$", "diet", S.PREFERENCE_DIET, EXPLICIT),
        rule(r"^(?:suis|est)\s+allergique\s+(?:à\s+la|à\s+le|aux|au|à)\s+(?P<obj>.+)$",
             "allergic_to", S.BIOGRAPHICAL_HEALTH, EXPLICIT, intensity=0.5),
        rule(r"^(?:travaille|travaillent)\s+(?:maintenant\s+)?chez\s+(?P<obj>.+)$", "works_at",
             S.BIOGRAPHICAL_PROFESSIONAL, kind="place"),
        rule(r"^(?:travaille|travaillent)\s+comme\s+(?P<obj>.+)$", "occupation",
             S.BIOGRAPHICAL_PROFESSIONAL),
        rule(r"^(?:ai|a|viens\s+de|vient\s+de)\s+déménagée?\s+(?:à|en|au|aux)\s+(?P<obj>.+)$",
             "lives_in", S.BIOGRAPHICAL_PERSONAL, change=True, kind="place"),
        rule(r"^(?:habite|habitent|vis|vit)\s+(?:maintenant\s+)?(?:à|en|au|aux)\s+(?P<obj>.+)$",
             "lives_in", S.BIOGRAPHICAL_PERSONAL, kind="place"),
        rule(r"^(?:suis|est)\s+(?:originaire\s+)?de\s+(?P<obj>[A-ZÀ-Ý].+)$", "hometown",
             S.BIOGRAPHICAL_PERSONAL, kind="place"),
    ),
)

SPANISH = LanguagePack(
    code="es",
    contractions=(),
    question=rx(_NOT_Q + r"|^(?:te\s+gusta|qué|cuál|dónde|cuándo|por\s+qué|cómo|tienes|eres)\b"),
    conditional=rx(r"^\W*(?:si|imagina|supongamos)\b"),
    hypothetical=_words(r"me\s+gustaría|quisiera|podría|sería|ojalá|quizás\s+vaya"),
    hedge=_words(r"creo\s+que|pienso\s+que|quizás|quizá|tal\s+vez|probablemente"),
    change=_words(r"ya\s+no|ahora|me\s+mudé|me\s+he\s+mudado|desde|de\s+nuevo|otra\s+vez|"
                  r"dejé\s+de|empecé"),
    correction=_words(r"quise\s+decir|quería\s+decir|perdón|corrección|me\s+equivoqué"),
    one_off=_words(r"solo\s+hoy|sólo\s+hoy|por\s+esta\s+vez|excepcionalmente|esta\s+vez"),
    context=_words(r"en\s+el\s+trabajo|en\s+la\s+oficina|en\s+casa|los\s+fines\s+de\s+semana|"
                   r"de\s+vacaciones"),
    clause_split=rx(r"\s*;\s*|,?\s+(?:pero|y|aunque)\s+(?=(?:yo|mi|mis|ella|él|no|me|ya|soy|"
                    r"vivo|trabajo|odio)\b)|,\s+"),
    first_person=rx(r"^(?:y\s+|pero\s+)*yo\s+"),
    pronoun_subject=rx(r"^(?:ella|él)\s+"),
    relations=_ES_REL,
    possessive=r"mi|mis|nuestra|nuestro",
    clause_rules=(
        _name_rule(r"^(?:me\s+llamo|mi\s+nombre\s+es)\s+(?P<obj>.+)$", "name"),
        _name_rule(r"^(?:llámame|llamadme|puedes\s+llamarme)\s+(?P<obj>.+)$", "preferred_name"),
        _is_my_rule(r"^" + _NAME + r"\s+(?i:es\s+mi)\s+(?i:(?P<rel>REL))\b", _ES_REL),
    ),
    predicate_rules=(
        rule(r"^ya\s+no\s+me\s+(?:gusta|gustan)\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES,
             0.85, change=True),
        rule(r"^no\s+me\s+(?:gusta|gustan)\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES,
             0.85),
        rule(r"^(?P<v>odio|odia|detesto)\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES,
             intense_words=("odio", "odia", "detesto")),
        rule(r"^(?:a\s+\w+\s+)?(?:me|le)\s+(?P<v>gusta|gustan|encanta|encantan)\s+(?:mucho\s+)?"
             r"(?P<obj>.+)$", "likes", S.OPINION_LIKES, intense_words=("encanta", "encantan")),
        rule(r"^(?:ya\s+no|no)\s+(?:como|come)\s+(?P<obj>.+)$", "eats", S.PREFERENCE_DIET,
             negated=True),
        rule(r"^(?:soy|es)\s+(?P<obj>vegan[oa]|vegetarian[oa])\b.*$", "diet", S.PREFERENCE_DIET,
             EXPLICIT),
        rule(r"^(?:soy|es)\s+alérgic[oa]\s+(?:a\s+la|a\s+los|a\s+las|al|a)\s+(?P<obj>.+)$",
             "allergic_to", S.BIOGRAPHICAL_HEALTH, EXPLICIT, intensity=0.5),
        rule(r"^(?:trabajo|trabaja)\s+(?:ahora\s+)?como\s+(?P<obj>.+)$", "occupation",
             S.BIOGRAPHICAL_PROFESSIONAL),
        rule(r"^(?:trabajo|trabaja)\s+(?:ahora\s+)?(?:en|para)\s+(?P<obj>.+)$", "works_at",
             S.BIOGRAPHICAL_PROFESSIONAL, kind="place"),
        rule(r"^(?:me\s+mudé|me\s+he\s+mudado|se\s+mudó)\s+a\s+(?P<obj>.+)$", "lives_in",
             S.BIOGRAPHICAL_PERSONAL, change=True, kind="place"),
        rule(r"^(?:vivo|vive)\s+(?:ahora\s+)?en\s+(?P<obj>.+)$", "lives_in",
             S.BIOGRAPHICAL_PERSONAL, kind="place"),
        rule(r"^(?:soy|es)\s+de\s+(?P<obj>[A-ZÀ-Ý].+)$", "hometown", S.BIOGRAPHICAL_PERSONAL,
             kind="place"),
    ),
)
