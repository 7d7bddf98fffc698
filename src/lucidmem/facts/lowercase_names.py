"""Names said in lowercase chat, written with capitals again where a cue says a name follows.

The offline extractor knows a workplace's name by its capitals ("first week at Crookes Animal
Hospital", "mijn baas bij Van Rooij"). Many people chat without capitals at all ("first week
done at crookes animal hospital!!!", "m'n baas bij van rooij"), and then no workplace is read,
so a new job ends nothing; "mia sorella chiara" names no sister. :func:`names_capitalised`
gives back the capitals of the words right after a cue that only a workplace's name follows:
a first stretch at work ("first week at", "erste Woche bei", "première semaine chez", "eerste
week bij") and the user's work life ("my boss at", "m'n baas bij", "mi jefa en", "il mio capo
da"); and of a person's name said with the user's relation to them ("mia sorella chiara
è …", "my sister jess, …", "padel met joris, m'n zwager"), when the word is a known given
name or is followed by a comma or "is" ("es mi mamá po": "po" is no name). Nothing else
changes, and a turn that has capitals anywhere is left as written: its writer capitalises
names, so a lowercase word after a cue is no name ("first week at the new job").

The name is what follows the cue's preposition (an article left as it is) up to the first
punctuation, word of :data:`_STOP` or "done" word, at most :data:`MOST_NAME_WORDS` words
besides the particles of names between them ("deposito di venaria", "van rooij") and the
kinds of workplace, which keep their small letter ("crookes animal hospital" → "Crookes
Animal hospital").
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from lucidmem.facts.common_words import is_common_word
from lucidmem.facts.cue_lexicon import (
    RELATIONS,
    STRETCH_DONE,
    WORK_RELATION_NOUNS,
    WORKPLACE_NOUNS,
)
from lucidmem.facts.people import NAMES_THAT_ARE_WORDS, is_given_name, new_role_words

__all__ = ["MOST_NAME_WORDS", "chat_names_in", "is_chat_name", "names_capitalised",
           "writes_in_lowercase"]

_POSSESSIVE: dict[str, str] = {
    "en": r"my|our", "de": r"mein|meine|meinen|meinem|meiner|unser|unsere|unserem",
    "fr": r"mon|ma|mes|notre|nos", "es": r"mi|mis|nuestro|nuestra",
    "it": r"(?:il\s+|la\s+|i\s+|le\s+)?(?:mio|mia|miei|mie)",
    "pt": r"(?:o\s+|a\s+|os\s+|as\s+)?(?:meu|minha|meus|minhas)",
    "nl": r"mijn|m['’]n|onze|ons",
}
"""The user's own before a relation or a word of their work life ("my", "m'n", "la mia")."""

_IS: dict[str, str] = {
    "en": r"is|was|'s|’s", "de": r"ist|war", "fr": r"est|était", "es": r"es|era|está",
    "it": r"è|era|sta", "pt": r"é|era|está|ta|tá", "nl": r"is|was",
}
""""Is" right after a name ("my sister jess is a teacher")."""

_VERB_AFTER: dict[str, str] = {
    "en": r"turns|lives|works|moved|started|has|had|got|wants|says|said|loves|hates|and",
    "de": r"wird|wohnt|arbeitet|hat|will|sagt|studiert|heiratet|zieht",
    "fr": r"fête|vit|habite|travaille|veut|dit|étudie|a\s+eu",
    "es": r"cumple|vive|trabaja|tiene|quiere|dice|estudia|se\s+casa|se\s+mudó",
    "it": r"compie|vive|abita|lavora|vuole|dice|studia|si\s+sposa",
    "pt": r"faz\s+anos|mora|vive|trabalha|tem|quer|diz|estuda|vai\s+casar",
    "nl": r"wordt|woont|werkt|heeft|wil|zegt|studeert|trouwt",
}
"""Verbs that follow a name said after the user's relation to them ("my sister kiri turns
30", "my brother dev lives in pune", "mi enamorada wara cumple el 14", "mn broer jesse wordt
30"); the word before them is a name only when it is no word of the language
(:func:`lucidmem.facts.common_words.is_common_word`: "mi hermano también vive …")."""

_WITH: dict[str, str] = {
    "en": r"with", "de": r"mit", "fr": r"avec", "es": r"con", "it": r"con", "pt": r"com",
    "nl": r"met",
}
""""With" before a name said with the relation after it ("met joris, m'n zwager")."""

_NAME_ARTICLE: dict[str, str] = {
    "de": r"der|die", "es": r"el|la", "it": r"il|la", "pt": r"o|a",
}
"""The article some languages say a name with, before a name set off ahead of the relation
("o wellington, meu namorado, …", "la giulia, mia cugina, …", "der timo, mein bruder, …")."""


MOST_NAME_WORDS = 2
"""The most words a name after a cue is taken to have besides kinds of workplace and the
particles between ("walkley vets", "crookes animal" and then "hospital", "van rooij"): a
third is more often the verb after it ("my manager at walkley vets put me on saturday")."""


_TITLE_WORD = re.compile(r"(?<![\w'’])[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]")
"""A word written with a capital and then small letters ("Lisbon", "Marc"): a writer who
capitalises. Words in capitals only ("FIRST WEEK DONE") and "I" say nothing of it."""


def writes_in_lowercase(text: str) -> bool:
    """Whether ``text`` has Latin letters and no word written with a capital first ("hey so
    first week done at crookes"); "I", "I'm" and words all in capitals do not count."""
    return re.search(r"[a-zß-ÿ]", text) is not None and _TITLE_WORD.search(text) is None


_NEW: dict[str, str] = {
    "en": r"new", "de": r"neue[nmr]?", "fr": r"nouveau|nouvelle", "es": r"nuev[oa]",
    "it": r"nuov[oa]", "pt": r"nov[oa]", "nl": r"nieuwe",
}
""""New" between the user's own and a word of their work life ("m'n nieuwe baas")."""

_PEOPLE_AT_WORK: dict[str, tuple[str, ...]] = {
    lang: tuple(n for n in nouns if n.casefold() not in {
        "office", "desk", "job", "büro", "arbeit", "bureau", "travail", "oficina", "trabajo",
        "ufficio", "lavoro", "escritório", "trabalho", "emprego", "kantoor", "werk",
        "team", "équipe", "equipo", "equipe", "equipa"})
    for lang, nouns in WORK_RELATION_NOUNS.items()}
"""The people and shifts of the user's work life (:data:`WORK_RELATION_NOUNS` without the
words for work itself, "my job at the moment", "mon travail à la maison", nor a team, which
may be a quiz's or a club's: "my team at the pub quiz won again")."""

_FIRST_STRETCH: dict[str, str] = {
    "en": r"(?:first|1st)\s+(?:(?:\d+|two|three|four)\s+)?(?:day|week|month|shift|weeks|wks|"
          r"months|fortnight)|(?:day|week|month)\s+one|(?:\d+|two|three|four)\s+(?:weeks|wks)",
    "de": r"(?:erste[nrs]?|erschte[nrs]?|erschti|1\.)\s+(?:(?:\d+|zwei|zwoi|drei|drü|vier)\s+)?"
          r"(?:tag|woche|woch|wuche|monat|schicht|dienst|arbeitstag|wochen|monate)"
          r"(?:\s+(?:im\s+)?(?:praktikum|ausbildung))?",
    "fr": r"(?:premi(?:er|[èe]re)s?|1(?:[èe]?re|er))\s+"
          r"(?:(?:\d+|deux|trois|quatre)\s+)?"
          r"(?:jour|semaine|mois|service|garde|journ[ée]e|semaines)(?:\s+de\s+stage)?|"
          r"(?:\d+|deux|trois|quatre)\s+semaines",
    "es": r"(?:primer[oa]?s?|1(?:er|era|ra|ro|º|ª))\s+"
          r"(?:(?:\d+|dos|tres|cuatro)\s+)?"
          r"(?:día|dia|semana|mes|turno|jornada|semanas|meses)(?:\s+de\s+pr[áa]cticas)?",
    "it": r"(?:prim[oaie]|1(?:°|º|ª|o|a))\s+"
          r"(?:(?:\d+|due|tre|quattro)\s+)?"
          r"(?:giorno|settimana|mese|turno|giornata|settimane|mesi)"
          r"(?:\s+di\s+(?:tirocinio|stage))?",
    "pt": r"(?:primeir[oa]s?|1(?:º|ª|o|a))\s+"
          r"(?:(?:\d+|dois|duas|tr[êe]s|quatro)\s+)?"
          r"(?:dia|semana|mês|mes|turno|plantão|semanas|meses)(?:\s+de\s+est[áa]gio)?",
    "nl": r"(?:eerste|1e|1ste)\s+(?:(?:\d+|twee|drie|vier)\s+)?"
          r"(?:dag|week|maand|dienst|werkdag|weken|maanden)(?:\s+stage)?",
}
"""A first stretch at a new workplace ("first week", "erste Woche", "premier mois", "2 wks"),
also with its accents left out or a number for "first", as people do in chat ("premiere
semaine", "1ere semaine", "1st day"), and the internship it may be ("primeira semana de
estágio")."""

_SELF_AS: dict[str, str] = {
    "en": r"(?:i['’]?m|i\s+am|im)(?:\s+[^\W\d_]+(?:\s+btw)?,)?", "de": r"ich\s+bin",
    "fr": r"je\s+suis|j['’]?suis|chuis",
    "it": r"(?:io\s+)?sono", "nl": r"ik\s+ben",
}
"""How a user says what they are before their job and where ("i'm site engineer at …", "je
suis transitaire chez …"), in the languages whose word of working at says work
(:data:`_SELF_AT`); Spanish "en" and Portuguese "na" say any place."""

_WORK_AT: dict[str, str] = {
    "en": r"(?:i\s+|i['’]?m\s+|im\s+)?(?:work|working|worked)\s+at(?!\s+(?:the|a|an)\s)",
    "de": r"(?:ich\s+)?(?:arbeite|arbeit|schaffe|schaff|jobbe)\s+(?:jetzt\s+)?(?:bei|beim)"
          r"(?!\s+(?:der|die|dem|den|eine[mnr]?|ner|nem)\s)",
    "fr": r"(?:je\s+|j['’]?)?(?:travaille|bosse)\s+(?:maintenant\s+)?chez"
          r"(?!\s+(?:un|une|le|la|les|moi|nous|eux)\s)",
    "nl": r"(?:ik\s+|k\s+)?(?:werk|werkte)\s+(?:nu\s+)?bij(?!\s+(?:een|het)\s)",
}
"""The user's working at a place, in the languages whose word for it says work ("i work at",
"ich arbeite bei", "je bosse chez", "ik werk bij"), not before an article other than the
Dutch "de" a name is said with ("i work at a shop"); Spanish "en", Italian "in" and
Portuguese "na" say any place ("trabajo en equipo")."""

_TIME_THERE: dict[str, str] = {
    "fr": r"(?:jours?|semaines?|mois|ans?)\s+que\s+je\s+(?:suis|bosse|travaille)",
}
"""How long the user has been at a workplace, said before it ("ça fait une semaine que je
suis chez sahel logistique")."""

_SELF_AT: dict[str, str] = {
    "en": r"at", "de": r"bei|beim", "fr": r"chez", "it": r"presso", "nl": r"bij",
}
"""The words of working at a place after a self-introduction (:data:`_SELF_AS`); Italian
"al", "dal" follow "sono andato", "sono stata" as often."""

_NOT_A_JOB: dict[str, str] = {
    "en": r"\w+(?:ing|ed)|stuck|here|there|home|back|out|off|over|down|up",
    "de": r"gerade|grad|kurz|oft|immer|wieder|mal|gestern|eben|zurück|wohl|nur|gern|gerne",
    "fr": r"(?!employée?s?)\w+(?:é|ée|és|ées)|venue?s?|partie?s?|sortie?s?|encore|toujours|"
          r"souvent|bien|mal|ici|là|restée?s?",
    "it": r"\w+(?:at[oaie]|ut[oaie]|it[oaie])|qui|qua|lì|là|ancora|sempre|spesso",
    "nl": r"net|even|gisteren|vaak|altijd|weer|gewoon|nog|hier|daar|thuis",
}
"""Words after "I am" that say no job: a participle of going or being somewhere ("i'm
staying at …", "je suis allée chez …", "sono stata presso …"), a word of time or place
("ich bin gerade bei …", "ik ben even bij …")."""

_JOB_ARTICLE = r"(?:a|an|the|un|une|ein|eine|einer|een|il|la|lo|l['’]|uno|una)\s+"
"""An article before the job in a self-introduction ("i'm a nurse at …")."""

_AT: dict[str, str] = {
    "en": r"at|with|for",
    "de": r"bei|beim|bi|im|am|in\s+der|in\s+dem",
    "fr": r"chez|au|à\s+la|à\s+l['’]|à",
    "es": r"en|con|del|de\s+la",
    "it": r"da|al|alla|allo|presso|nel|nella|in",
    "pt": r"no|na|em|do|da",
    "nl": r"bij|op",
}
"""The words a workplace follows a cue with ("at", "bei", "chez", "en la", "al", "na", "bij")."""

_STRETCH_AT: dict[str, str] = {"fr": r"a\s+la|a\s+l['’]|a"}
"""At-words a first stretch at work is also said with, as chat writes them ("1ere semaine a
l'ong": "à" without its accent); not after a work relation, where "a" is a verb ("mon chef a
dit")."""


def _cue(lang: str) -> re.Pattern[str] | None:
    """The cues of ``lang`` a workplace's name follows: a first stretch at work, perhaps done,
    or the user's own work relation, then a word of :data:`_AT`."""
    if lang not in _AT:
        return None
    people = "|".join(re.escape(n.casefold()) for n in sorted(_PEOPLE_AT_WORK.get(lang, ()),
                                                                key=len, reverse=True))
    stretch = r"(?:" + _FIRST_STRETCH[lang] + r")(?:\s+(?:" + STRETCH_DONE[lang] + r"))?"
    said = [stretch]
    if lang in _TIME_THERE:
        said.append(_TIME_THERE[lang])
    if people:
        said.append(r"(?:" + _POSSESSIVE[lang] + r")\s+(?:(?:" + _NEW[lang] + r")\s+)?(?:" +
                    people + r")")
    cues = [r"(?:" + "|".join(said) + r")[!.]*\s+(?:" + _AT[lang] + r")\s+"]
    if lang in _STRETCH_AT:
        cues.append(stretch + r"[!.]*\s+(?:" + _STRETCH_AT[lang] + r")\s+")
    if lang in _WORK_AT:  # "ik werk bij schoenenwinkel stap in"
        cues.append(r"(?:" + _WORK_AT[lang] + r")\s+")
    if lang in _SELF_AS:  # "je suis transitaire chez faso transit express"
        job = r"(?!(?:" + "|".join(re.escape(w) for w in sorted(_STOP[lang])) + r"|" + \
            _NOT_A_JOB[lang] + r")(?![\w'’]))[^\W\d_][\w'’-]{3,}"
        cues.append(r"(?:" + _SELF_AS[lang] + r")\s+(?:" + _JOB_ARTICLE + r")?" + job +
                    r"(?:\s+" + job + r")?\s+(?:" + _SELF_AT[lang] + r")\s+")
    return re.compile(r"(?i)(?<![\w'’])(?:" + "|".join(cues) + r")")


_DONE_WORD: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?:" + STRETCH_DONE[lang] + r")") for lang in _AT}
"""A word of :data:`STRETCH_DONE` that ends a name ("… warmtewerk zit erop")."""

_ARTICLE = re.compile(r"(?i)(?:the|der|die|dem|den|das|le|la|l['’]|les|el|los|las|il|lo|o|os|"
                      r"as|a|het|de)\s+|l['’]")
"""An article before the name, left as it is."""

_KINDS: dict[str, frozenset[str]] = {
    lang: frozenset(n.casefold() for n in nouns) for lang, nouns in WORKPLACE_NOUNS.items()}
"""Kinds of workplace ("hospital", "Kita", "laboratório"): no name, so no capital."""

_PARTICLES = frozenset({"de", "di", "da", "do", "dos", "das", "des", "du", "del", "della",
                        "van", "von", "der", "den", "&"})
"""Words that join the parts of a name ("deposito di venaria", "van der berg")."""


def _words(said: str) -> frozenset[str]:
    """The words of ``said``, split at spaces."""
    return frozenset(said.split())


_STOP: dict[str, frozenset[str]] = {
    "en": _words(
        "a an and or but so then now today tonight yesterday tomorrow this that "
        "these it its it's i i'm i've my me we our you he she they is was are were "
        "be been has had have and lol haha omg tho though btw finally already just "
        "still again too on in at of for with to from by as when while after before "
        "since until yay ugh got get gets can can't could would will won't new old "
        "work home uni college school"),
    "de": _words(
        "und oder aber also dann jetzt heute gestern morgen das der die dem den ein "
        "eine ist war sind hat habe hab ich mir mich wir du er sie es schon noch "
        "endlich echt mega so zu mit von im in am an auf für seit nach bis weil "
        "wenn als bei beim neue neuen neuer alte alten hinter sich uns total ganz "
        "arbeit hause uni schule auch immer nicht nie nur bald"),
    "fr": _words(
        "et ou mais donc puis maintenant aujourd'hui hier demain ce cette c'est il "
        "elle on je j'ai me moi nous vous est était sont a ai avec de du des le la "
        "les un une en à au aux pour par dans sur depuis enfin déjà encore trop mdr "
        "lol quand nouveau nouvelle nouvel ancien ancienne travail boulot maison fac "
        "école aussi toujours jamais ne"),
    "es": _words(
        "y o pero así entonces ahora hoy ayer mañana este esta esto es era son ha "
        "he yo me mi nos con de del el la los las un una en a al para por desde ya "
        "por fin todavía jaja jajaja que cuando nuevo nueva viejo vieja trabajo curro "
        "casa uni facultad también tampoco siempre nunca aún solo sólo no"),
    "it": _words(
        "e o ma quindi poi adesso ora oggi ieri domani questo questa è era sono ha "
        "ho io mi mio noi con di del della il la lo i gli le un una in a al per da "
        "dal finalmente già ancora ahah che quando nuovo nuova vecchio vecchia lavoro "
        "casa università uni anche sempre non mai pure invece comunque proprio"),
    "pt": _words(
        "e ou mas então agora hoje ontem amanhã este esta isto é era são tem tenho "
        "eu me meu nós com de do da o a os as um uma em no na para por desde já "
        "finalmente ainda kkk kkkk que quando novo nova antigo antiga trabalho casa "
        "facul faculdade também sempre nunca só não"),
    "nl": _words(
        "en of maar dus toen nu vandaag gisteren morgen dit dat deze het een is was "
        "zijn heeft heb ik me mij wij we je hij zij ze zit zitten met van in op aan "
        "voor naar sinds eindelijk al nog echt haha want als nieuwe nieuw oude werk "
        "huis school uni elke iedere alle ook altijd niet nooit"),
}
"""Words that end a name taken after a cue: the small words of each language, its words of
time ("today", "heute", "vandaag") and the words for work, home and school ("my boss at
work", "mein Chef bei der Arbeit": no place named)."""

_CUES: dict[str, re.Pattern[str] | None] = {lang: _cue(lang) for lang in _AT}


def _kin_patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """A name said after the user's relation to them ("mia sorella chiara è", "la nuova
    coinquilina, nora"), and one said before it ("met joris, m'n zwager", "con ignacio, el
    psicólogo nuevo"), in ``lang``."""
    if lang not in _POSSESSIVE or lang not in RELATIONS:
        return None
    kin = r"(?:(?:" + _POSSESSIVE[lang] + r")\s+(?:" + "|".join(
        re.escape(w) for w in sorted(RELATIONS[lang], key=len, reverse=True)) + r")|" + \
        re.sub(r"\(\?P<rel2?>", "(?:", new_role_words(lang)) + r")"  # "la nuova coinquilina"
    article = r"(?:(?:" + _NAME_ARTICLE[lang] + r")\s+)?" if lang in _NAME_ARTICLE else ""
    after = re.compile(r"(?i)(?<![\w'’])" + kin + r"(?P<comma>\s*,)?\s+" + article +
                       r"(?P<name>[^\W\d_][\w'’-]*)"
                       r"(?P<next>\s*[,(]|\s+(?:" + "|".join(filter(None, (
                           _IS[lang], _VERB_AFTER.get(lang)))) + r")(?!\w))?")
    said_with = _WITH[lang] + ("|" + _NAME_ARTICLE[lang] if lang in _NAME_ARTICLE else "")
    before = re.compile(r"(?i)(?<![\w'’])(?P<with>(?:" + said_with + r")\s+)?"
                        r"(?P<name>[^\W\d_][\w'’-]*?)(?:,\s+|(?:['’]s|\s+(?:" + _IS[lang] +
                        r"))\s+)" + kin + r"(?!\w)")  # ("marco's my boyfriend btw")
    return after, before


_KIN: dict[str, tuple[re.Pattern[str], re.Pattern[str]] | None] = {
    lang: _kin_patterns(lang) for lang in _POSSESSIVE}
_NAME_ARTICLE_SAID: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?:" + words + r")\s+") for lang, words in _NAME_ARTICLE.items()}
""":data:`_NAME_ARTICLE` as said before a name, with the space after it."""


@cache
def _chat_names() -> frozenset[str]:
    listed = (resources.files("lucidmem.facts") / "data" / "given_names_chat.txt").read_text(
        "utf-8")
    return frozenset(line.strip() for line in listed.splitlines()
                     if line.strip() and not line.startswith("#"))


def is_chat_name(word: str) -> bool:
    """Whether ``word`` is a common given name of the chat name list (``data/
    given_names_chat.txt``: "olli", "maëva", "thiago"), or of the German one the extractor
    reads capitals by; every part of a hyphenated name must be."""
    return is_given_name(word) or all(
        part.casefold() in _chat_names() for part in word.split("-"))


_A_VERB_BY_ITS_END: dict[str, re.Pattern[str]] = {
    "pt": re.compile(r"(?i)^\w{3,}ou$"), "es": re.compile(r"(?i)^\w{3,}ió$"),
}
"""A word that ends as a verb of the past does ("minha tia surtou", "mi tío se enojó"), after
the relation, where a name would stand: no name."""


def _kin_names(text: str, lang: str) -> list[tuple[int, int]]:
    """Where the names said with the user's relation to them are ("mia sorella chiara è",
    "met joris, m'n zwager"): a known given name, or a word followed by a comma or "is"
    (after the relation) or "with" before it (before the relation)."""
    patterns = _KIN.get(lang)
    if patterns is None:
        return []
    stop = _STOP.get(lang, frozenset())
    out = []
    after, before = patterns
    for m in after.finditer(text):
        name = m["name"]
        if name.casefold() not in stop and (
                (is_chat_name(name) and (m["comma"] is None or m["next"] is not None)) or
                (m["next"] is not None and m["comma"] is None and
                 not is_common_word(name, lang) and
                 ((verb := _A_VERB_BY_ITS_END.get(lang)) is None or not verb.search(name)))):
            # ("mia sorella, ovvio,", "met joris, m'n zwager, elke week": no name after a
            # comma unless a comma or a verb follows it as well: "la nuova coinquilina, nora,")
            out.append(m.span("name"))
    article = _NAME_ARTICLE_SAID.get(lang)
    for m in before.finditer(text):
        name = m["name"]
        if m["with"] is not None and article is not None and article.fullmatch(m["with"]) and \
                not re.match(r"\s*(?:[,.;!?)]|$)", text[m.end():]):
            continue  # an article, not "with": a name only in an aside ("o wellington, meu
            # namorado, vai …"), not "o carro, meu pai comprou"
        if name.casefold() not in stop and (is_chat_name(name) or m["with"] is not None):
            out.append(m.span("name"))
    return out


_TITLES: dict[str, str] = {
    "en": r"mr|mrs|ms|miss|dr", "de": r"herr|frau|dr", "fr": r"mr|mme|mlle|m\.|dr",
    "es": r"sr|sra|srta|don|doña|dr|dra", "it": r"sig|sig\.ra|signor|signora|dott|dott\.ssa|don",
    "pt": r"sr|sra|dr|dra|dona", "nl": r"meneer|mevrouw|mevr|dhr|dr",
}
"""Titles said before a surname in chat ("mon chef mr lukusa", "mei chefin frau
schreckenberger"): the word after one is a name."""
_NOT_A_TITLE_BEFORE = re.compile(
    r"(?i)(?:mein|meine|meiner|meinem|meinen|mei|seine|seiner|seinem|deine|deiner|ihre|ihrer|"
    r"die|der|den|dem|eine|einer|einem|jede|jeder)\s+$")
"""German "Frau" after a possessive or an article is the wife or a woman, no title ("meine frau
kocht")."""


def _title_names(text: str, lang: str) -> list[tuple[int, int]]:
    """Where the surnames said after a title are ("mr lukusa", "frau schreckenberger"), but
    a small word of the language after it ("frau ist")."""
    titles = _TITLES.get(lang)
    if titles is None:
        return []
    stop = _STOP.get(lang, frozenset())
    out = []
    for m in re.finditer(r"(?i)(?<![\w'’.])(?:" + titles + r")\.?\s+(?P<name>[^\W\d_][\w'’-]+)",
                         text):
        if m["name"].casefold() in stop or _NOT_A_TITLE_BEFORE.search(text[:m.start()]):
            continue
        out.append(m.span("name"))
    return out


_OUR: dict[str, str] = {
    "en": r"our", "de": r"unser|unsere", "nl": r"onze|ons", "fr": r"notre",
    "es": r"nuestr[oa]", "it": r"(?:il|la)\s+nostr[oa]", "pt": r"(?:o|a)\s+noss[oa]",
}
""""Our" before a child's or a sibling's given name ("our liam's joining the army", "unsere
lena ist neun")."""


def _our_names(text: str, lang: str) -> list[tuple[int, int]]:
    """Where the given names said with "our" before them are ("our liam's joining …"): a
    known given name that is no everyday word of the language ("our will", "our bill's due":
    no one)."""
    if lang not in _OUR:
        return []
    out = []
    for m in re.finditer(r"(?i)(?<![\w'’])(?:" + _OUR[lang] + r")\s+(?P<name>[^\W\d_]+)"
                         r"(?=['’]s\s|\s+[^\W\d_])", text):
        name = m["name"]
        if len(name) >= 3 and name.casefold() not in NAMES_THAT_ARE_WORDS and \
                is_chat_name(name) and not is_common_word(name, lang):
            out.append(m.span("name"))
    return out


def names_capitalised(text: str, lang: str) -> str:
    """``text`` with the name after each workplace cue, each name said with the user's
    relation to them and each surname after a title, written with capitals, when its writer
    writes in lowercase (:func:`writes_in_lowercase`); else ``text`` unchanged.

    "first week done at crookes animal hospital!!! fiona said thanks" →
    "first week done at Crookes Animal hospital!!! fiona said thanks"."""
    cue = _CUES.get(lang)
    if cue is None or not writes_in_lowercase(text):
        return text
    out, last = [], 0
    done = _DONE_WORD[lang]
    kinds = _KINDS.get(lang, frozenset())
    stop = _STOP.get(lang, frozenset())
    for m in cue.finditer(text):
        at = m.end()
        article = _ARTICLE.match(text, at)
        if article is not None:
            at = article.end()
        words = list(re.finditer(r"[\w'’&-]+", text[at:at + 80]))
        name: list[re.Match[str]] = []
        for w in words:
            if text[at + (name[-1].end() if name else 0):at + w.start()].strip():
                break  # punctuation before the word: the name ended (or never began)
            word = w.group(0)
            if word.casefold() in _PARTICLES:
                name.append(w)  # ("van rooij": a name may start with one)
                continue
            if word.casefold() in stop or done.fullmatch(word) or word.isdigit() or (
                    word.casefold() not in kinds and
                    len([n for n in name if n.group(0).casefold() not in _PARTICLES | kinds])
                    >= MOST_NAME_WORDS):
                break
            name.append(w)
        while name and name[-1].group(0).casefold() in _PARTICLES:
            name.pop()  # "deposito di" ends on a word of the name, not on "di"
        if all(w.group(0).casefold() in _PARTICLES | kinds for w in name):
            continue  # only a kind of workplace ("na nutrição", "no laboratório do")
        out.append(text[last:at])
        for i, w in enumerate(name):
            word = w.group(0)
            if (i and word.casefold() in _PARTICLES) or word.casefold() in kinds:
                piece = word  # "deposito di Venaria", "banco Araucária": a kind stays
            else:
                piece = word[:1].upper() + word[1:]
            start = at + w.start()
            end = at + name[i + 1].start() if i + 1 < len(name) else at + w.end()
            out.append(piece + text[start + len(word):end])
        last = at + name[-1].end()
    out.append(text[last:])
    said = "".join(out)
    for start, _ in _kin_names(said, lang) + _title_names(said, lang) + _our_names(said, lang):
        said = said[:start] + said[start].upper() + said[start + 1:]
    return said


def chat_names_in(text: str, lang: str) -> list[str]:
    """The given names a writer in lowercase said in ``text``, with capitals, in order ("el
    domingo llevo a mariana a almorzar" → ["Mariana"]); none for a writer who capitalises
    (their names have capitals of their own) and never a name that is also an everyday word
    ("will", "rosa") or a small word of the language."""
    if not writes_in_lowercase(text):
        return []
    stop = _STOP.get(lang, frozenset())
    out = []
    for m in re.finditer(r"(?<![\w'’-])[^\W\d_][\w'’-]*", text):
        word = m.group(0)
        if len(word) >= 3 and word not in stop and word not in NAMES_THAT_ARE_WORDS and \
                is_chat_name(word):
            out.append(word[:1].upper() + word[1:])
    return out
