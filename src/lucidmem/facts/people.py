"""People in what the user says: "my brother Callum", "Priya (my partner)", "Murat, mein
bester Kumpel", "Janas Vater Klaus", "我老婆小雨" — in eight languages.

Patterns use the closed class of possessives and the relation words of
:data:`lucidmem.facts.cue_lexicon.RELATIONS`; a name is a capitalised word (two Han
characters in Chinese). A relation without a name ("my sister") is remembered as a
placeholder subject, never stored as a fact on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lucidmem.facts.cue_lexicon import (
    CLAUSE_OPENING_WORDS,
    KIN_SAID_AS_NAMES,
    OWN_KIN_WORDS,
    PARTNERS,
    RELATIONS,
    REPLACED_BY_A_NEW_ONE,
    ROLE_HOLDERS,
    has_cue,
)
from lucidmem.facts.temporal_lexicon import DAY_WORDS, said_weekday

__all__ = [
    "KINSHIP",
    "NAMES_THAT_ARE_WORDS",
    "THEIRS",
    "Mention",
    "composed_relation",
    "couple_with_user",
    "given_name",
    "is_given_name",
    "is_third_pronoun",
    "is_title",
    "mentions",
    "new_role_words",
    "only_a_new_relation",
    "only_a_relation",
    "possessive_gender",
    "pronoun_relation",
    "pronoun_subject",
    "relation_gender",
    "role_said_by_title",
    "starts_with_name",
    "without_possessive",
]

_POSSESSIVE: dict[str, str] = {
    "en": r"my|our|me(?=\s+(?:little\s+|big\s+|old\s+)?(?:nan|nana|gran|mam|mum|dad|bro|"
          r"brother|sister|sis|mate|cousin|aunt|uncle)\b)",
    "de": r"mein|meine|meinen|meinem|meiner|meines|unser|unsere|unseren|unserem|unserer|"
          r"mei|meim|meini",
    "fr": r"mon|ma|mes|notre|nos",
    "es": r"mi|mis|nuestro|nuestra",
    "it": r"(?:il\s+|la\s+|i\s+|le\s+)?(?:mio|mia|miei|mie|nostro|nostra)",
    "pt": r"(?:o\s+|a\s+)?(?:meu|minha|meus|minhas|nosso|nossa|nha)",
    "nl": r"mijn|m'n|m’n|mn|mien|onze|ons",
}
"""The user's possessives, with the colloquial and dialect forms that say nothing else
("Mei Bruder Markus", "m'n dochter Kimberley", "nha mãe", northern English "me nan", "me
little bro"); Chinese ones are in the Chinese
patterns (我嘅, 我个, 俺)."""
_THIRD_POSSESSIVE: dict[str, str] = {
    "en": r"his|her|their",
    "de": r"sein|seine|seinen|seinem|seiner|ihr|ihre|ihren|ihrem|ihrer",
    "fr": r"son|sa|ses|leur",
    "es": r"su|sus",
    "it": r"(?:il\s+|la\s+)?(?:suo|sua|loro)",
    "nl": r"zijn|haar|hun",
}
"""Third-person possessives before a relation and a name ("his fiancée Mei"): someone else's
relation (Portuguese "seu" / "sua" is left out: it says "your" as often as "his")."""

_FEMALE = frozenset({"aunt", "daughter", "daughter-in-law", "ex-wife", "girlfriend",
                     "goddaughter", "godmother", "granddaughter", "grandmother", "mother",
                     "mother-in-law", "niece", "sister", "sister-in-law", "wife"})
_MALE = frozenset({"boyfriend", "brother", "brother-in-law", "ex-husband", "father",
                   "father-in-law", "godfather", "godson", "grandfather", "grandson", "husband",
                   "nephew", "son", "son-in-law", "uncle"})
_GENDERED_POSSESSIVE: dict[str, tuple[str, str]] = {
    "en": (r"his", r"her"),
    "de": (r"sein|seine|seinen|seinem|seiner|seines", r"ihr|ihre|ihren|ihrem|ihrer|ihres"),
    "nl": (r"zijn", r"haar"),
}
"""Possessives that say whose by gender (male, female): French, Spanish, Italian and
Portuguese ones agree with the thing owned, so they say nothing of the owner."""


_SPOUSE = ("husband", "wife", "partner")
_PARENT = ("mother", "father")
_CHILD = ("son", "daughter", "child")
_SIBLING = ("brother", "sister")
KINSHIP: dict[tuple[str, str], str] = {
    **{(spouse, kin): f"{kin}-in-law" for spouse in _SPOUSE
       for kin in ("brother", "sister", "mother", "father")},
    **{(sibling, "husband"): "brother-in-law" for sibling in _SIBLING},
    **{(sibling, "wife"): "sister-in-law" for sibling in _SIBLING},
    ("daughter", "husband"): "son-in-law", ("son", "wife"): "daughter-in-law",
    **{(child, "son"): "grandson" for child in _CHILD},
    **{(child, "daughter"): "granddaughter" for child in _CHILD},
    **{(child, "child"): "grandchild" for child in _CHILD},
    **{(parent, "mother"): "grandmother" for parent in _PARENT},
    **{(parent, "father"): "grandfather" for parent in _PARENT},
    **{(parent, "sister"): "aunt" for parent in _PARENT},
    **{(parent, "brother"): "uncle" for parent in _PARENT},
    **{(sibling, "son"): "nephew" for sibling in _SIBLING},
    **{(sibling, "daughter"): "niece" for sibling in _SIBLING},
    **{(elder, kid): "cousin" for elder in ("aunt", "uncle") for kid in _CHILD},
}
"""(the user's relation to someone, that one's relation to a third) → the user's relation to
the third: the husband's brother is the user's brother-in-law, the daughter's husband the
son-in-law ("Adrien, le frère de Romain" after "mon mari Romain"; "ons Els, mijn dochter, en
haar man Bart"). Only pairs that name one relation whatever the family: a mother's son may be
the user, a brother's brother the user's brother, so those are left as said."""


def composed_relation(owner: str, relation: str) -> str | None:
    """The user's relation to someone who is ``relation`` of the user's ``owner`` (both
    English relations of :data:`RELATIONS`), if :data:`KINSHIP` names one."""
    return KINSHIP.get((owner, relation))


def relation_gender(relation: str) -> str | None:
    """``"m"`` / ``"f"`` for a relation that says it ("sister", "father of Tanya"), else
    ``None`` ("friend", "cousin", "partner")."""
    word = relation.split(" of ", 1)[0].strip().casefold()
    return "f" if word in _FEMALE else "m" if word in _MALE else None


def possessive_gender(word: str, lang: str) -> str | None:
    """``"m"`` for "his" / "sein" / "zijn", ``"f"`` for "her" / "ihre" / "haar", ``None`` for
    any other word (German "ihr" may also mean "their": it is taken as not male)."""
    male, female = _GENDERED_POSSESSIVE.get(lang, ("x^", "x^"))
    if re.fullmatch(male, word, re.IGNORECASE):
        return "m"
    return "f" if re.fullmatch(female, word, re.IGNORECASE) else None


THEIRS = "(theirs)"
"""``Mention.of`` of a relation said with "his" / "her": someone named before it, in the clause
or earlier in the conversation; the caller, who knows who that is, puts the name in."""

_ADJECTIVES: dict[str, str] = {
    "en": r"little|big|older|younger|twin|new|old|dear",
    "de": r"kleine|kleiner|große|großer|jüngere|jüngerer|ältere|älterer|neue|neuer|alte|alter",
    "fr": r"petite|petit|grande|grand|nouvelle|nouveau|vieux|vieille",
    "es": r"pequeña|pequeño|mayor|menor|nueva|nuevo",
    "it": r"piccola|piccolo|grande|nuova|nuovo",
    "pt": r"pequena|pequeno|nova|novo|mais\s+velha|mais\s+velho",
    "nl": r"kleine|grote|oudere|jongere|nieuwe",
}
_TITLE = (r"(?:(?i:dona|doña|don|señora|señor|seu|herr|frau|hr|fr|madame|monsieur|mme|mlle|sr|"
          r"sra|srta|sig|sigra|signora|signor|tia|tio|dr|dra|dr\.ª|sr\.ª|prof\.ª|prof|doktor|"
          r"dott|dottor|dottoressa|dott\.ssa|doutor|doutora|docteure|dre|mr|mrs|ms|miss|mevrouw|"
          r"meneer|mevr|dhr|professorin|"
          r"professor|professora|professeur|professeure|profesor|profesora|professore|"
          r"professoressa|docteur|doctor|doctora|dokter|"
          # titles of a profession before a surname ("L'ingegner Rossetti", "el ingeniero
          # Mora", "o engenheiro Sousa", "l'avvocato Bassi")
          r"ingegner|ingegnere|ing|avvocato|avvocata|avv|architetto|architetta|arch|geometra|"
          r"geom|ragionier|ragioniere|rag|ingeniero|ingeniera|licenciado|licenciada|lic|"
          r"arquitecto|arquitecta|abogado|abogada|engenheiro|engenheira|eng|ingénieur|maître)"
          r"\.?\s+){0,2}")
"""Titles before the name ("meine Chefin Dr. Hoffmann", "Frau Yilmaz", "Frau Dr. Yilmaz"): not
the name."""
_NAME = r"(?P<name>(?![A-ZÀ-ÖØ-Þ]{3,}\b)[A-ZÀ-ÖØ-Þ][\w'’-]*[\w](?:\s+[A-ZÀ-ÖØ-Þ][\w'’-]+)?)"
"""A name: a capital, then letters; not a word written all in capitals ("me nan STILL on
about …"), which is shouting, not naming."""
_ARTICLE = r"(?:(?:a|o|la|le|el|il|lo|der|die|den|dem|de|het)\s+)?"
_ADVERBS = (r"(?:\s+(?i:now|already|still|finally|officially|\w+ly|\w+mente|\w+ment|\w+lich|"
            r"jetzt|nun|schon|endlich|maintenant|désormais|ahora|ya|ora|già|adesso|agora|já|"
            r"nu|inmiddels|eindelijk)){0,2}")
"""Up to two adverbs between the copula and the relation ("Larissa is officially my
fiancée now", "Jana ist jetzt meine Frau"): time and manner, never a preposition."""
_NAMING: dict[str, str] = {
    "en": r"is\s+called|is\s+named|was\s+called", "de": r"heißt|heisst|hieß",
    "fr": r"s'appelle|s’appelle", "es": r"se\s+llama", "it": r"si\s+chiama",
    "pt": r"chama-se|se\s+chama", "nl": r"heet|heette",
}
"""How a name is given ("my sister is called Anna", "meine Schwester heißt Anna", "mi
hermana se llama Lucía", "我妹妹叫小雨")."""
_THIRD_PRONOUN: dict[str, str] = {
    "en": r"she|he|she's|he's|shes|hes", "de": r"sie|er", "fr": r"elle|il", "es": r"ella|él",
    "it": r"lei|lui", "pt": r"ela|ele", "nl": r"zij|ze|hij", "zh": r"她|他",
}
_PRONOUN_IS: dict[str, str] = {"en": r"\s+(?:is|was)|['’]s", "de": r"\s+(?:ist|war)",
                               "fr": r"\s+(?:est|était)", "es": r"\s+(?:es|era)",
                               "it": r"\s+(?:è|era)", "pt": r"\s+(?:é|era)", "nl": r"\s+(?:is|was)"}
""""Is" / "was" after a third-person pronoun ("she is", "she's", "sie ist", "ze is")."""
_PRO_DROP = frozenset({"es", "it", "pt"})
"""Languages that may leave "she" / "he" out before "is" ("comí con Lucía, es mi prima", "è
mia cugina", "é minha prima"): the copula alone says it."""
_NOT_NAMES = frozenset([
    "i", "i'm", "im", "ok", "okay", "yes", "no", "yeah", "hi", "hey", "hello", "thanks", "sorry",
    "so", "and", "but", "the", "a", "an", "my", "our", "we", "it", "this", "that", "he", "she",
    "they", "what", "when", "where", "how", "why", "monday", "tuesday", "wednesday", "thursday",
    "friday", "saturday", "sunday", "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december", "ich", "ja", "nein", "moin",
    "hallo", "danke", "aber", "und", "je", "oui", "non", "merci", "salut", "bonjour", "mais",
    "et", "hola", "gracias", "pero", "y", "sí", "ciao", "grazie", "ma", "sì", "olá", "obrigado",
    "mas", "sim", "hoi", "dank", "maar", "google", "ikea"
])


@dataclass(frozen=True, slots=True)
class Mention:
    """A person named with their relation: to the user (``of`` is ``None``) or to someone
    the user named (``of`` = that name: "Dani's mother Begoña"). ``word`` is the relation
    word as said; ``span`` where it was found; ``new`` when they were said to be new in it
    ("my new manager, Tom", "la nuova coinquilina, Nora"); ``through`` says how a relation read
    through someone else was said ("Els's husband" of the son-in-law Bart, :data:`KINSHIP`)."""

    name: str | None
    relation: str
    word: str
    of: str | None
    span: tuple[int, int]
    new: bool = False
    through: str | None = None


@cache
def _rel_pattern(lang: str, roles_only: bool = False) -> str:
    """The relation words of ``lang`` as alternatives; ``roles_only``: those of a role held
    for the user or of someone a new one replaces (:data:`ROLE_HOLDERS`,
    :data:`REPLACED_BY_A_NEW_ONE`)."""
    roles = ROLE_HOLDERS | REPLACED_BY_A_NEW_ONE
    words = sorted((w for w, r in RELATIONS.get(lang, {}).items()
                    if not roles_only or r in roles), key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)


_NEW: dict[str, str] = {
    "en": r"new", "de": r"neue|neuer|neuen|neuem", "fr": r"nouvelle|nouveau|nouvel",
    "es": r"nueva|nuevo", "it": r"nuova|nuovo", "pt": r"nova|novo", "nl": r"nieuwe",
}
_NEW_SAID: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i)(?<!\w)(?:" + words + r")(?!\w)") for lang, words in _NEW.items()}
"""The word "new" in a mention ("my new manager, Tom"): :attr:`Mention.new`."""
_ARTICLE_BEFORE_NEW: dict[str, str] = {
    "en": r"the|a", "de": r"der|die|das|den|dem|ein|eine|einen|einem|beim|zum|vom|zur|"
    r"bei\s+der|von\s+der|bei\s+einem|bei\s+einer",
    "fr": r"la|le|l'|l’|un|une|au|du|chez\s+la|chez\s+le|chez\s+ma|chez\s+mon",
    "es": r"la|el|un|una|al|del",
    "it": r"la|il|lo|l'|l’|un|una|uno|dalla|dal|dallo|alla|al|della|del|nella|nel|"
    r"dall'|dall’",
    "pt": r"a|o|um|uma|à|ao|da|do|na|no|pela|pelo", "nl": r"de|het|een",
}
"""Articles before "new" and a role ("the new supervisor", "einen neuen Betreuer", "beim
neuen Hausarzt"), with those a preposition is contracted with ("dalla nuova dottoressa, la
Cortesi", "chez la nouvelle généraliste", "à nova médica de família")."""
_NEW_AFTER_ROLE = frozenset({"fr", "es", "it", "pt"})
"""Languages that may say "new" after the role ("o médico de família novo, o Dr. Tiago
Mendes", "el médico nuevo, el doctor Pardo")."""
_ROLE_IS: dict[str, str] = {
    "en": r"is|'s|’s", "de": r"ist", "fr": r"est|c'est|c’est", "es": r"es", "it": r"è",
    "pt": r"é", "nl": r"is",
}


def _role_patterns(lang: str) -> list[re.Pattern[str]]:
    """Someone who holds a role for the user, named after the role ("my new GP is Dr
    Okafor", "o meu orientador agora é o Vasco") or after "the new" role ("the new
    supervisor, Prof. Lang", "o novo orientador, o professor Vasco Teixeira", "la nueva
    niñera, Rosa"): a thesis supervisor, a nanny, a GP, whom only the user has in mind."""
    roles, poss = _rel_pattern(lang, roles_only=True), _POSSESSIVE.get(lang)
    if not roles or not poss:
        return []
    adj = _ADJECTIVES.get(lang, "x^")
    head = r"(?i:(?<!\w)(?:" + poss + r")\s+(?:(?:" + adj + r")\s+)?(?P<rel>" + roles + r"))(?!\w)"
    is_named = re.compile(head + r"\s*,?" + _ADVERBS + r"\s+(?i:" + _ROLE_IS[lang] + r")"
                          + _ADVERBS + r"\s+" + _ARTICLE + _TITLE + _NAME)
    the_new = re.compile(r"(?i:(?<!\w)(?:" + _ARTICLE_BEFORE_NEW[lang] + r")\s*(?:" + _NEW[lang]
                         + r")\s+(?P<rel>" + roles + r"))(?!\w)(?:\s*,\s*|\s+(?i:"
                         + _ROLE_IS[lang] + r")\s+|\s+)" + _ARTICLE + _TITLE + _NAME)
    # ("il nuovo medico di base è il dottor Galli", "the new GP is Dr Shah")
    # "con Ignacio, el psicólogo nuevo del cesfam", "Nora, the new flatmate": named first
    new_role = new_role_words(lang)
    named_first = re.compile(r"(?<!\w)" + _TITLE + _NAME + r"\s*,\s*(?i:" + new_role + r")(?!\w)")
    if lang not in _NEW_AFTER_ROLE:
        return [is_named, the_new, named_first]
    new_after = re.compile(r"(?i:(?<!\w)(?:" + _ARTICLE_BEFORE_NEW[lang] + r")\s*(?P<rel>" + roles
                           + r")\s+(?:" + _NEW[lang] + r"))(?!\w)\s*,\s*" + _ARTICLE + _TITLE
                           + _NAME)
    return [is_named, the_new, named_first, new_after]


@cache
def new_role_words(lang: str) -> str:
    """A role said to be new with its article, as a regular expression with the group
    ``rel`` ("the new flatmate", "la nuova coinquilina", "el psicólogo nuevo"); ``x^`` (never
    matches) for a language without relation words."""
    roles = _rel_pattern(lang, roles_only=True)
    if not roles or lang not in _NEW:
        return "x^"
    before = r"(?:" + _ARTICLE_BEFORE_NEW[lang] + r")\s*(?:" + _NEW[lang] + r")\s+(?P<rel>" + \
        roles + r")"
    if lang not in _NEW_AFTER_ROLE:
        return before
    return before + r"|(?:" + _ARTICLE_BEFORE_NEW[lang] + r")\s*(?P<rel2>" + roles + r")\s+(?:" \
        + _NEW[lang] + r")"


def _partner_patterns(lang: str) -> list[re.Pattern[str]]:
    """The user's partner named after the relation and a copula ("mi novia es Lucía", "a
    minha namorada é a Thaís", "ma copine, c'est Julie"), as a role holder is. In German,
    where a noun has a capital too ("Mein Freund ist Lehrer"), only a given name is read as
    one (:func:`mentions`)."""
    words = sorted((w for w, r in RELATIONS.get(lang, {}).items() if r in PARTNERS),
                   key=len, reverse=True)
    poss = _POSSESSIVE.get(lang)
    if not words or not poss:
        return []
    rel = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
    adj = _ADJECTIVES.get(lang, "x^")
    head = r"(?i:(?<!\w)(?:" + poss + r")\s+(?:(?:" + adj + r")\s+)?(?P<rel>" + rel + r"))(?!\w)"
    return [re.compile(head + r"(?P<copula>)\s*,?" + _ADVERBS + r"\s+(?i:" + _ROLE_IS[lang]
                       + r")" + _ADVERBS + r"\s+" + _ARTICLE + _NAME + r"(?![\w'’-])")]


_ZH_NOT_NAME_START = frozenset("帮陪带叫请喊做买送回过出住怀退喜觉知准每非已刚经常特一"
                               "现目如最在踢练弹第吃喝睡看听玩找等坐煮")
"""Characters a Chinese word after a relation starts with when it is a verb or an adverb
("帮忙", "陪我", "已经", "特别", "阿嬷吃饭") or an ordinal ("老师第一次夸我"), not a name."""


_ZH_AFTER_A_NAME = frozenset("的在是说也都和跟就要会去来又很太不没让给把被还从到对比与为"
                             "想能可才再真最别刚已总只")
"""Characters that end no two-character Chinese name after a relation: what follows a name
("我太太人很好": 人很 is no name). The part of the stop characters of :func:`_patterns`
that no name ends with (not 明, 上, 下 …: "志明")."""

_ZH_NOT_A_NAME = frozenset({"生日", "幼儿", "搓麻", "身体", "工作", "公司", "学校", "手术",
                            "家里", "老家", "那边", "这边", "单位", "媳妇", "女婿", "对象",
                            "寿宴", "大寿", "婚礼", "葬礼", "照片", "房子", "电话", "手机",
                            "天天", "今天", "明天", "昨天", "后天", "平时", "老是", "总是",
                            "整天", "成天", "以前", "原来", "本来", "居然", "竟然", "突然",
                            "偶尔", "有时", "马上", "一直", "从来", "这几", "那几",
                            "离婚", "结婚", "分手", "怀孕", "退休", "生病", "住院"})
"""Common words said right after a relation word ("朋友生日", "儿子幼儿园", "邻居搓麻将",
"儿子媳妇", "外婆寿宴的照片"): things or people of the person, never their name; the words
of time said there ("俺公公天天在家放豫剧": every day) and what happened to them ("我表哥跟
我表嫂离婚了")."""


_ZH_AT_HOME = re.compile(r"家[附里玩住吃过门人乡边楼]")
"""A relation's home and what is done there ("去舅舅家玩", "阿嬷家附近"): no name (not "家明")."""


_SET_OFF_END = r"(?=\s*(?:[,.;:!?)]|$))"
"""The end of a relation set off after a name ("Cal, Hannah's brother, is staying …", "Adrien,
le frère de Romain ?"): not "Great, Hannah's brother is coming", where no name is said."""


@cache
def _patterns(lang: str) -> tuple[re.Pattern[str], ...]:
    if lang == "zh":
        rel = "|".join(re.escape(w) for w in sorted(RELATIONS["zh"], key=len, reverse=True)
                       if len(w) >= 2 and w not in ("父亲", "母亲", "爸爸", "妈妈", "老爸", "老妈",
                                                     "老豆", "老窦", "阿妈", "父母", "爸妈"))
        stop = ("的在是说也都和跟就要会去来又今昨明上下这那很太不没让给把被还从到对比与为向往想能可"
                "才再真最别刚已总只圈节们说话讲嘅咗喺")
        numeral = "一二三四五六七八九十两几百"  # "我老豆七十大寿": no name 七十
        return (re.compile(r"(?:我的?|我们的?|我家的?|我嘅|我个|俺的?)(?P<rel>" + rel
                           + r")(?:名字)?叫(?P<name>[\u4e00-\u9fff]{2})"),
                # "我的家庭医生是李医生": a role holder said by surname and title
                re.compile(r"(?:我的?|我们的?|我家的?|我嘅|我个|俺的?)(?P<rel>"
                           + _rel_pattern("zh", roles_only=True) + r")(?:一直|现在)?是"
                           r"(?P<name>[\u4e00-\u9fff](?:医生|大夫|老师|阿姨|教练|教授))"),
                # "组长王师傅说…": a surname and a title of respect, said as the name
                re.compile(r"(?:我的?|我们的?|我嘅|我个|俺的?)?(?P<rel>" + rel + r")(?P<name>(?!["
                           + stop + numeral + r"])[\u4e00-\u9fff](?:师傅|老师|阿姨|大哥|大姐))"),
                re.compile(r"(?:我的?|我们的?|我嘅|我个|俺的?)?(?P<rel>" + rel + r")(?P<name>(?!["
                           + stop + numeral + r"])(?:小|阿|老)?[\u4e00-\u9fff]{1,2}?)(?=["
                           + stop + r"，。！？,\s]|$)"),
                re.compile(r"(?:我的?|我们的?|我嘅|我个|俺的?)?(?P<rel>" + rel
                           + r")(?P<name>(?![" + stop + numeral + r"])[\u4e00-\u9fff]{2})"),
                # "我哥冶军说…": a sibling said with one character, then the name, right
                # after 我 (not "我姐夫", "我哥哥": a longer relation word)
                re.compile(r"我(?P<rel>哥|姐|弟|妹)(?P<name>(?![" + stop + numeral
                           + r"哥姐弟妹夫媳])[\u4e00-\u9fff]{2})(?=[" + stop
                           + r"，。！？,\s]|$)"),
                # "我助手阿Ken": a Latin name after 阿 / 小 / 老
                re.compile(r"(?:我的?|我们的?|我嘅|我个|俺的?)?(?P<rel>" + rel
                           + r")(?P<name>[阿小老]\s?[A-Z][A-Za-z]+)(?![A-Za-z])"))
    poss, rel = _POSSESSIVE.get(lang), _rel_pattern(lang)
    if not poss or not rel:
        return ()
    adj = _ADJECTIVES.get(lang, "x^")
    head = r"(?i:(?<!\w)(?:" + poss + r")\s+(?:(?:" + adj + r")\s+)?(?P<rel>" + rel + r"))(?!\w)"
    out = [
        re.compile(head + r"\s+(?i:" + _NAMING[lang] + r")\s+" + _NAME),
        re.compile(head + r"(?:\s*,\s*|\s+)" + _ARTICLE + _TITLE + _NAME),
        re.compile(_NAME + r"\s*\(\s*" + head + r"\s*\)"),
        # "die Frau Dr. Wolff in Pieschen, meine neue Hausärztin": where they are may
        # come between the name and the relation
        re.compile(r"(?<!\w)" + _NAME + r"(?:\s+(?i:in|im|aus|at|from|à|en|a|em|uit|di|da)"
                   r"\s+[A-ZÀ-Þ][\w-]+)?\s*,\s*" + head),
    ]
    out.extend(_role_patterns(lang))
    out.extend(_partner_patterns(lang))
    the = {"en": r"the", "de": r"der|die|das", "fr": r"la|le|l'|l’",
           "es": r"la|el", "it": r"la|il|lo|l'|l’", "pt": r"a|o", "nl": r"de|het"}[lang]
    out.append(re.compile(
        r"(?i:(?<!\w)(?:" + the + r")\s*(?:(?:" + adj + r")\s+)?(?P<rel>" + rel + r"))(?!\w)"
        r"\s*,?\s*(?i:(?:she|he|who|sie|er|elle|il|ella|él|lei|lui|ela|ele|ze|hij)\s+)?"
        r"(?i:" + _NAMING[lang] + r")\s+" + _TITLE + _NAME))
    copula = {"en": r"is|was|'s", "de": r"ist|war", "fr": r"est|c'est", "es": r"es",
              "it": r"è", "pt": r"é", "nl": r"is"}[lang]
    is_said = r"(?:\s+(?i:" + copula + r")" + (r"|['’]s)" if lang == "en" else ")")
    out.append(re.compile(r"(?<!\w)" + _NAME + is_said + _ADVERBS + r"\s+" + head
                          + r"(?!['’]s(?!\w))"))  # "Marco's my boyfriend", not "… brother's friend"
    of_words = {"en": r"'s", "de": r"s", "nl": r"'s|s", "fr": r"", "es": r"", "it": r"",
                "pt": r""}[lang]
    if of_words:
        out.append(re.compile(r"(?<!\w)(?P<of>[A-ZÀ-Þ][\w-]+?)(?:" + of_words + r")\s+(?i:(?P<rel>"
                              + rel + r"))(?:\s*,\s*|\s+)" + _NAME))
        # "Cal, Hannah's brother, is staying with us": named first
        out.append(re.compile(r"(?<!\w)" + _NAME + r"\s*,\s*(?P<of>[A-ZÀ-Þ][\w-]+?)(?:" + of_words
                              + r")\s+(?i:(?P<rel>" + rel + r"))(?!\w)" + _SET_OFF_END))
    third = _THIRD_POSSESSIVE.get(lang)
    if third:
        out.append(re.compile(r"(?i:(?<!\w)(?P<pro>" + third + r")\s+(?:(?:" + adj + r")\s+)?"
                              r"(?P<rel>" + rel + r"))(?!\w)(?:\s*,\s*|\s+)" + _TITLE + _NAME))
    prep = {"fr": r"de|d'", "es": r"de", "it": r"di", "pt": r"d[oa]|de"}.get(lang)
    if prep:
        out.append(re.compile(r"(?i:(?:la|le|el|il|o|a|l')\s*(?P<rel>" + rel + r")\s+(?:"
                              + prep + r")\s*)(?P<of>[A-ZÀ-Þ][\w-]+)\s*,\s*" + _TITLE + _NAME))
        # "Adrien, le frère de Romain": named first
        out.append(re.compile(r"(?<!\w)" + _NAME + r"\s*,\s*(?i:(?:la|le|el|il|lo|o|a|l'|l’)\s*"
                              r"(?P<rel>" + rel + r")\s+(?:" + prep + r")\s*)"
                              r"(?P<of>[A-ZÀ-Þ][\w-]+)(?![\w-])" + _SET_OFF_END))
    return tuple(out)


@cache
def _bare_pattern(lang: str) -> re.Pattern[str] | None:
    poss, rel = _POSSESSIVE.get(lang), _rel_pattern(lang)
    if lang == "zh":
        return re.compile(r"(?:我的?|我嘅|我个|俺的?)(?P<rel>" + _rel_pattern("zh") + r")")
    if not poss or not rel:
        return None
    adj = _ADJECTIVES.get(lang, "x^")
    kin = "|".join(w for w in KIN_SAID_AS_NAMES.get(lang, ())
                   if w.casefold() in RELATIONS.get(lang, {}))
    # "Mama wird 75", "Peinlich, Mama wird 75": a kin word said as a name, capitalised, at
    # the clause's start, is the user's own ("bei der Oma" is anyone's grandmother)
    as_name = r"|^\W*(?:[^\W\d_]+\s*,\s*)?(?-i:(?P<kin>" + kin + r"))(?![\w'’])" if kin else ""
    return re.compile(r"(?i)(?<!\w)(?:" + poss + r")\s+(?:(?:" + adj + r")\s+)?(?P<rel>" + rel
                      + r")(?!\w)" + as_name)


_TOGETHER_AFTER = (r"(?=\s*(?:$|[,.;:!?…(🥰❤😍💕]|(?i:now|officially|since|for|again|jetzt|"
                   r"offiziell|seit|wieder|endlich|maintenant|officiellement|depuis|ahora|"
                   r"oficialmente|desde|hace|ora|adesso|ufficialmente|da|agora|há|nu|officieel|"
                   r"sinds|alweer)(?!\w)))")
"""What may follow "together" when it says a couple, not a place or a pastime ("Tom and I
are together now", not "Tom and I are together in Paris")."""
_COUPLE: dict[str, str] = {
    "en": _NAME + r"(?:\s+and|\s*,)\s+(?i:i|me)\s+(?i:are|got|have\s+been|'ve\s+been)\s+"
          r"(?i:(?:officially\s+|finally\s+)?together|a\s+couple|dating)" + _TOGETHER_AFTER,
    "de": _NAME + r"(?:\s+und|\s*,)\s+(?i:ich|ick|i)\s+(?i:sind|san)(?:\s+(?i:jetzt|nun|offiziell|"
          r"endlich)){0,2}(?:\s+(?i:schon\s+)?(?i:seit)\s+[^\W\d_]+)?"  # "seit April"
          r"\s+(?i:zusammen|ein\s+Paar)" + _TOGETHER_AFTER,
    "fr": _NAME + r"(?:\s+et|\s*,)\s+moi\s*,?\s+(?i:on\s+est|nous\s+sommes|on\s+sort)"
          r"(?:\s+(?i:officiellement|enfin))?\s+(?i:ensemble|en\s+couple)" + _TOGETHER_AFTER,
    "es": r"(?:(?i:(?:la|el)\s+))?" + _NAME + r"(?:\s+y|\s*,)\s+yo\s+(?i:estamos|somos)\s+"
          r"(?i:juntos|juntas|novios|pareja)" + _TOGETHER_AFTER,
    "it": r"(?i:io(?:\s+e|\s*,)\s+(?:la\s+|il\s+)?)" + _NAME + r"\s+(?i:stiamo\s+insieme|"
          r"ci\s+siamo\s+messi\s+insieme|siamo\s+fidanzati)" + _TOGETHER_AFTER,
    "pt": r"(?i:eu(?:\s+e|\s*,)\s+(?:a\s+|o\s+)?)" + _NAME + r"\s+(?i:estamos|somos)\s+"
          r"(?i:juntos|juntas|namorados|namorando)" + _TOGETHER_AFTER,
    "nl": _NAME + r"(?:\s+en|\s*,)\s+(?i:ik)\s+(?i:zijn|hebben)(?:\s+(?i:nu|officieel|eindelijk))?"
          r"(?:\s+(?i:al\s+)?(?i:sinds)\s+[^\W\d_]+)?"  # "Wout en ik zijn sinds mei samen"
          r"\s+(?i:samen|verkering|een\s+stel)" + _TOGETHER_AFTER,
    "zh": r"我(?:和|跟)(?P<name>(?:小|阿|老)?[\u4e00-\u9fff]{1,2}?)(?:正式|终于|已经)?"
          r"(?:在一起了|确定关系了|谈恋爱了|交往了)",
}
"""The user and someone said as a couple, the other one named (the clause reader makes
"and" a comma: "Deniz, ich sind jetzt zusammen") ("Deniz und ick sind zusammen",
"Pablo y yo estamos juntos", "io e Marco stiamo insieme", "我和小林在一起了")."""


_ME_FIRST = re.compile(r"(?i)^\W*(?:(?:and|und|et|y|en)\s+)?"
                       r"(?:i|me|ich|ick|moi|yo|ik|on|nous|we|wir)\s")
"""A clause that opens with the user's "I" or "we" ("I are together now", "on est ensemble"):
the clause reader may have cut "Tom and" off into the clause before it ("Big news, Tom",
"Hugo et moi")."""


def couple_with_user(text: str, lang: str, sentence: str | None = None) -> str | None:
    """The one the clause says is a couple with the user ("Tom and I are together now" →
    "Tom"), ``None`` when it says none ("Tom and I are together in Paris", "Tom and I are
    friends"). A clause that opens with "I" is read in its ``sentence``, where the name is.

    >>> couple_with_user("Kurzes Update: Deniz und ick sind zusammen 🥰", "de")
    'Deniz'
    """
    pattern = _COUPLE.get(lang)
    if pattern is None:
        return None
    m = re.search(pattern, text)
    if m is None and sentence is not None and _ME_FIRST.match(text):
        m = re.search(pattern, sentence)
    if m is None:
        return None
    name = m["name"].strip()
    if lang != "zh" and not _is_name(name):  # "Yes Tom and I …": Tom
        name = name.split()[-1]
    return name if lang == "zh" or _is_name(name) else None


def only_a_new_relation(text: str, lang: str) -> bool:
    """Whether ``text`` is nothing but "my new <relation>" ("meine neue Hausärztin")."""
    new = _NEW.get(lang)
    return new is not None and only_a_relation(text, lang) and \
        re.search(r"(?i)(?<!\w)(?:" + new + r")(?!\w)", text) is not None


def only_a_relation(text: str, lang: str) -> bool:
    """Whether ``text`` is nothing but "my (new) <relation>" ("mi nueva novia.", "my new
    GP"): an apposition to the name said before it, not a clause of its own."""
    bare = _bare_pattern(lang) if lang != "zh" else None
    return bare is not None and bare.fullmatch(text.strip(" .!?…")) is not None


def _canonical(lang: str, word: str) -> str:
    return RELATIONS.get(lang, {}).get(" ".join(word.casefold().split()), word.casefold())


def _is_name(name: str) -> bool:
    """Whether ``name`` may be someone's: its first word is no function word and no word that
    opens a clause ("Andere Sache: meine Mutter wird 70" names no mother "Andere Sache")."""
    first = name.split()[0]
    folded = first.casefold()
    return folded not in _NOT_NAMES and folded not in CLAUSE_OPENING_WORDS and len(first) > 1


def is_third_pronoun(word: str, lang: str) -> bool:
    """Whether ``word`` is the language's "she" / "he" written with a capital ("Sie", "Ella"
    in Spanish, not in English, where Ella is a name)."""
    return word.casefold() in _THIRD_PRONOUN.get(lang, "").split("|")


_NAME_POSSESSIVE = re.compile(r"(?<=\w)['’]s$")
"""A name's possessive ending ("Kavya's", "Tom’s"): not part of the name."""


def without_possessive(name: str) -> str:
    """A name without its possessive ending: "my sister Kavya's wedding" names Kavya."""
    return _NAME_POSSESSIVE.sub("", name)


_FROM_WORK: dict[str, str] = {
    "en": r"from work|from the office|from my office|from my team|from the team|"
          r"from the salon|from the ward|from my department",
    "de": r"von der Arbeit|aus der Arbeit|von der Arbeit|aus dem Büro|vom Büro|aus'm Büro|"
          r"aus dem Team|aus meinem Team|vom Team|aus dem Salon|aus der Firma|von der Firma|"
          r"aus der Abteilung|von der Station|aus der Praxis",
    "fr": r"du boulot|du travail|du bureau|de l'équipe|de mon équipe|du salon|de la boîte|"
          r"de ma boîte|du service",
    "es": r"del trabajo|del curro|del laburo|de la oficina|del equipo|de mi equipo|"
          r"de la peluquería|del salón|de la empresa",
    "it": r"del lavoro|dal lavoro|dell'ufficio|dell’ufficio|del salone|della ditta|"
          r"dell'azienda|del reparto|del mio team",
    "pt": r"do trabalho|do serviço|do escritório|da equipe|da equipa|do salão|da empresa",
    "nl": r"van het werk|van werk|van m'n werk|van mijn werk|van kantoor|van het kantoor|"
          r"uit de salon|van de salon|uit het team|van de zaak|van de afdeling",
}
"""Where someone is from when they are a colleague ("Fatima uit de salon", "Tom from work",
"la Giulia del lavoro"): said right after the name."""


@cache
def _from_work_pattern(lang: str) -> re.Pattern[str] | None:
    words = _FROM_WORK.get(lang)
    if words is None:
        return None
    return re.compile(r"(?<![\w'’])(?:(?i:la|il|el|o|a|die|der|de)\s+)?" + _NAME
                      + r"\s+(?P<rel>(?i:" + words + r"))(?!\w)")


_DOCTOR_TITLE: dict[str, str] = {
    "en": r"Dr\.?|Doctor", "de": r"Dr\.|Doktor|Doktorin",
    "fr": r"(?i:docteur|docteure)|Dr\.?|Dre", "es": r"(?i:doctor|doctora)|Dr\.?|Dra\.?",
    "it": r"(?i:dottor|dottore|dottoressa|dott\.(?:ssa)?)|Dr\.?",
    "pt": r"(?i:doutor|doutora)|Dr\.ª|Dr\.?|Dra\.?", "nl": r"(?i:dokter)|Dr\.?|dr\.",
}
"""Titles that say a doctor ("Dr Healy", "dal dottor Bernasconi", "la doctora Pérez")."""
_SOMEONE_ELSES = re.compile(
    r"(?i)(?<!\w)(?:his|her|their|sein|seine|seinen|seiner|ihr|ihre|ihren|ihrer|son|sa|ses|su|"
    r"sus|suo|sua|dele|dela|zijn|haar|hun|'s|’s)\s+(?:[\w'’]+\s+){0,2}$")
"""Whose a role holder is when it is not the user's ("her doctor, Dr Lamb", "Mum's GP")."""
_ZH_ROLE_BY_TITLE = (
    # "新来的刘阿姨", "新来的张医生": the new one, said by surname and title
    re.compile(r"新(?:来|换)的(?P<name>[\u4e00-\u9fff](?P<rel>阿姨|医生|大夫))"),
    # "家里是王阿姨帮忙带孩子": the one who minds the child
    re.compile(r"(?P<name>[\u4e00-\u9fff](?P<rel>阿姨))(?:帮忙|帮我们?|在家)?"
               r"(?:带孩子|带娃|看孩子|照顾孩子|接送孩子)"),
)
_SURNAME_PARTICLE = (r"(?:van\s+der|van\s+den|van\s+de|van|de|den|ter|ten|von|du|da|di|"
                     r"del|della|dos|das)\s+")
"""A surname's small first word, after a title ("dokter de Vries", "Dr. van den Berg")."""
_ZH_NOT_SURNAME = "看找当是的个位名女男主去请叫庭家牙兽新来换"


def role_said_by_title(text: str, lang: str) -> list[Mention]:
    """Someone who holds a role for the user said by title and name, not by the role word: a
    doctor seen ("Dr Healy told me my blood pressure is up", "domani ho il controllo della
    pressione dal dottor Bernasconi", "the young one who took over, Dr Okafor"), a doctor or
    the woman who minds the child said as new or by what she does ("新来的刘阿姨",
    "王阿姨帮忙带孩子"). Not a specialist ("the dentist, Dr Moss"), not someone else's ("her
    doctor, Dr Lamb"), not one who is gone ("poor Dr Healy retired", "以前的王阿姨")."""
    if has_cue("holder_gone", lang, text) or has_cue("specialist", lang, text):
        return []
    before = has_cue("holder_before", lang, text)  # ("新来的刘阿姨…比之前的好": said as new)
    found: list[Mention] = []
    if lang == "zh":
        for n, pattern in enumerate(_ZH_ROLE_BY_TITLE):
            for m in pattern.finditer(text):
                if m["name"][0] not in _ZH_NOT_SURNAME and (n == 0 or not before):
                    found.append(Mention(m["name"], "nanny" if m["rel"] == "阿姨" else "doctor",
                                         m["rel"], None, m.span()))
        return found
    if before:
        return []
    titles = _DOCTOR_TITLE.get(lang)
    if titles is None or not has_cue("doctor_visit", lang, text):
        return []
    name = _NAME.replace(r"(?P<name>", r"(?P<name>(?:" + _SURNAME_PARTICLE + r")?", 1)
    for m in re.finditer(r"(?<![\w.])(?P<rel>" + titles + r")\s+" + name, text):
        if _is_name(m["name"]) and not _SOMEONE_ELSES.search(text[:m.start()]):
            found.append(Mention(without_possessive(m["name"]).strip(), "doctor", m["rel"], None,
                                 m.span()))
    return found


_MARRIES: dict[str, str] = {
    "en": r"is\s+marrying|marries|is\s+getting\s+married\s+to|got\s+married\s+to|"
          r"is\s+engaged\s+to|married",
    "de": r"heiratet(?:\s+(?:seine|ihre|seinen|ihren))?|ist\s+verlobt\s+mit",
    "fr": r"épouse|se\s+marie\s+avec|s['’]est\s+marié(?:e)?\s+avec|est\s+fiancé(?:e)?\s+avec",
    "es": r"se\s+casa\s+con|se\s+casó\s+con|se\s+va\s+a\s+casar\s+con|está\s+comprometid[oa]"
          r"\s+con",
    "it": r"sposa|si\s+sposa\s+con|ha\s+sposato|è\s+fidanzat[oa]\s+con",
    "pt": r"(?:casa-se|casa|vai\s+casar|vai-se\s+casar|casou|casou-se)\s+com(?:\s+[oa](?=\s))?|"
          r"está\s+noiv[oa]\s+d[eoa]",
    "nl": r"trouwt\s+met|is\s+getrouwd\s+met|is\s+verloofd\s+met",
}
"""The verbs of a relative marrying someone ("mi hermano Rodrigo se casa con Fabiola", "Mein
Bruder Hias heiratet seine Sabine"): the one married is the user's in-law
(:func:`_marrying`)."""
_SPOUSE_OF = {"brother": "wife", "son": "wife", "sister": "husband", "daughter": "husband"}


def _marrying(text: str, lang: str, found: list[Mention]) -> list[Mention]:
    """The in-laws a clause names through a relative who marries them ("mi hermano Rodrigo
    se casa con Fabiola" → Fabiola, the user's sister-in-law, Rodrigo's fiancée): only of a
    brother, sister, son or daughter named right before the verb, so the relation is
    one."""
    verbs = _MARRIES.get(lang)
    if verbs is None:
        return []
    out = []
    for m in found:
        spouse = _SPOUSE_OF.get(m.relation)
        if m.name is None or m.of is not None or spouse is None:
            continue
        said = re.match(r"\s+(?:" + verbs + r")\s+" + _NAME, text[m.span[1]:])
        in_law = composed_relation(m.relation, spouse)
        if said is None or in_law is None or not _is_name(said["name"]):
            continue
        word = "fiancée" if spouse == "wife" else "fiancé"
        at = m.span[1] + said.start("name")
        out.append(Mention(said["name"], in_law, in_law, None, (at, at + len(said["name"])),
                           through=f"{m.name}'s {word}"))
    return out


def mentions(text: str, lang: str) -> list[Mention]:
    """Named people and their relations in ``text``; then unnamed ones ("my sister")."""
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []
    for pattern in _patterns(lang):
        for m in pattern.finditer(text):
            groups = m.groupdict()
            name = groups.get("name")
            if not name or not _is_name(name) or is_third_pronoun(name, lang) or \
                    any(a < m.end() and m.start() < b for a, b in taken):
                continue  # ("Sie ist meine Schwester": "she", see pronoun_relation)
            if groups.get("copula") is not None and lang == "de" and not is_given_name(name):
                continue  # "Mein Freund ist Lehrer": what he is, not his name
            if said_weekday(name) is not None or name.casefold() in DAY_WORDS:
                continue  # "我儿子周六去学游泳": the son goes on Saturday, he is not 周六
            if lang == "zh" and (name in ("的", "们") or name[0] in _ZH_NOT_NAME_START
                                 or name[-1] in "不得了着过"  # "舍不得": a verb
                                 or name[-1] in _ZH_AFTER_A_NAME or name in RELATIONS["zh"]
                                 or name in _ZH_NOT_A_NAME or _ZH_AT_HOME.match(name)
                                 or (text[m.end():m.end() + 1] == "了"
                                     and text[m.end() + 1:m.end() + 2] != "解")):
                continue  # "丈母娘帮忙带孩子": 帮忙 (helps) is what she does, not her name;
                # "我太太人很好", "儿子媳妇", "朋友生日": a word after the relation, no name;
                # "我女儿考完了驾照": a word followed by 了 is a verb (not 过: "表姐丽华过来")
            of = THEIRS if groups.get("pro") else groups.get("of")
            if lang == "zh" and not of and not m.group(0).startswith("我"):
                owner = re.search(r"([\u4e00-\u9fff]{2,3})的$", text[:m.start()])
                who = re.sub(r"^[和跟与在对给把被让从向同]", "", owner[1]) if owner else ""
                if len(who) >= 2 and not re.match(r"[我你他她它]", who) and \
                        not re.search(r"新来|新换|之前|以前|原来", who):
                    of = who  # "慧玲的弟弟志明": Huiling's brother, not the user's
            end = m.end()  # ("新来的家庭医生张医生": the new one is the user's)
            if lang == "zh" and m["rel"] in ("家庭医生", "医生", "牙医") and \
                    name.endswith("医") and text[end:end + 1] == "生":
                name, end = name + "生", end + 1  # "家庭医生张医生": 张医生, as he is called
            if m.end("name") == end:
                # "my sister Kavya's wedding": the sister is Kavya, and the wedding is hers
                plain = without_possessive(name)
                name, end = plain, end - (len(name) - len(plain))
            if lang == "zh":
                name = re.sub(r"\s+", "", name)  # "阿 Ken" is 阿Ken
            word = groups.get("rel") or groups["rel2"]  # ("Ignacio, el psicólogo nuevo")
            new = lang in _NEW_SAID and _NEW_SAID[lang].search(m.group(0)) is not None
            found.append(Mention(name.strip(), _canonical(lang, word), word,
                                 of if of and (lang == "zh" or of == THEIRS or _is_name(of))
                                 else None,
                                 (m.start(), end), new))
            taken.append((m.start(), m.end()))
    for holder in role_said_by_title(text, lang):
        if not any(a < holder.span[1] and holder.span[0] < b for a, b in taken):
            found.append(holder)
            taken.append(holder.span)
    from_work = _from_work_pattern(lang)
    for m in from_work.finditer(text) if from_work is not None else ():
        if _is_name(m["name"]) and not is_third_pronoun(m["name"], lang) and \
                not any(a < m.end() and m.start() < b for a, b in taken):
            found.append(Mention(m["name"].strip(), "colleague", m["rel"], None,
                                 (m.start("name"), m.end())))
            taken.append((m.start(), m.end()))
    bare = _bare_pattern(lang)
    if bare is not None:
        for m in bare.finditer(text):
            if any(a <= m.start() < b for a, b in taken) or \
                    (m["rel"] and _A_VISIT_TO.get(lang, _NEVER).match(text, m.end())):
                continue  # ("my dentist appointment": the appointment, not the dentist)
            word, group = (m["rel"], "rel") if m["rel"] else (m["kin"], "kin")
            start = m.start() if group == "rel" else m.start("kin")
            found.append(Mention(None, _canonical(lang, word), word, None, (start, m.end())))
            taken.append((start, m.end()))
    own = _own_kin_pattern(lang)
    for m in own.finditer(text) if own is not None else ():
        if not any(a <= m.start() < b for a, b in taken) and \
                not _NOT_OWN_BEFORE.search(text[:m.start()]):
            found.append(Mention(None, _canonical(lang, m[0]), m[0], None, m.span()))
    found += _marrying(text, lang, found)
    return sorted(found, key=lambda x: x.span)


_NEVER = re.compile(r"(?!)")
_A_VISIT_TO = {"en": re.compile(r"(?i)\s+(?:appointment|appt|visit|check-?up|bill|office|"
                                r"surgery|practice|session)s?(?![\w'’])")}
"""A noun after a role that makes the two one thing ("my dentist appointment", "my GP
surgery", "my therapist session"): no person is said."""


_NOT_OWN_BEFORE = re.compile(
    r"(?i)(?<![\w'’])(?:the|a|an|his|her|their|your|le|la|un|une|sa|son|ta|ton|el|una|su|tu|"
    r"il|lo|sua|suo|tua|tuo|o|um|uma|seu|teu|de|het|een|zijn|haar|je|jouw|hun|d'|l')\s*$")
"""A word that makes the kin word after it someone else's ("el papá de Noa", "sa maman")."""


@cache
def _own_kin_pattern(lang: str) -> re.Pattern[str] | None:
    """:data:`OWN_KIN_WORDS` of ``lang`` anywhere in a text, any case."""
    words = OWN_KIN_WORDS.get(lang)
    if not words:
        return None
    if lang == "zh":  # no spaces between words: at the clause's start or after a time word
        return re.compile(r"(?:^|(?<=[\s，,。！？；;：:月天周年晚早说讲]))(?:"
                          + "|".join(map(re.escape, words)) + r")")
    return re.compile(r"(?i)(?<![\w'’-])(?:" + "|".join(map(re.escape, words)) + r")(?![\w'’-])")


@cache
def _pronoun_relation_pattern(lang: str) -> re.Pattern[str] | None:
    # ("she's" is "she" and its verb: _PRONOUN_IS reads the verb)
    pronoun = "|".join(p for p in _THIRD_PRONOUN.get(lang, "").split("|") if "'" not in p)
    poss, rel = _POSSESSIVE.get(lang), _rel_pattern(lang)
    if not (pronoun and poss and rel and lang in _PRONOUN_IS):
        return None
    adj = _ADJECTIVES.get(lang, "x^")
    subject = r"(?:" + pronoun + r")(?:" + _PRONOUN_IS[lang] + r")"
    if lang in _PRO_DROP:  # "es mi prima", "è mia cugina": the copula without "ella" / "lei"
        subject = r"(?:" + subject + r"|" + _PRONOUN_IS[lang].removeprefix(r"\s+") + r")"
    return re.compile(r"(?i)^" + subject + _ADVERBS
                      + r"\s+(?:" + poss + r")\s+(?:(?:" + adj + r")\s+)?(?P<rel>" + rel
                      + r")(?!\w)")


def pronoun_relation(text: str, lang: str) -> str | None:
    """The relation to the user a clause gives "she" or "he" ("she's my sister", "sie ist
    meine Schwester", "ze is mijn zus"), or, in Spanish, Italian and Portuguese, the copula
    with no subject ("es mi prima", "è mia cugina", "é a minha prima"): the one just named
    holds it. ``None`` when the clause does not start that way ("Lucía es mi prima" names
    its own subject).

    >>> pronoun_relation("es mi prima", "es"), pronoun_relation("Lucía es mi prima", "es")
    ('cousin', None)
    """
    pattern = _pronoun_relation_pattern(lang)
    found = None if pattern is None else pattern.match(text.strip())
    return None if found is None else _canonical(lang, found["rel"])


@cache
def _given_names() -> frozenset[str]:
    listed = (resources.files("lucidmem.facts") / "data" / "given_names.txt").read_text("utf-8")
    return frozenset(line.strip().casefold() for line in listed.splitlines()
                     if line.strip() and not line.startswith("#"))


def is_given_name(word: str) -> bool:
    """Whether ``word`` is a common given name ("Lea", "Murat", "Anna-Lena"): how a
    capitalised word in German, where every noun has a capital, is told to be someone ("mit
    Lea", not "mit Kaffee", "bei Aldi")."""
    return all(part.casefold() in _given_names() for part in word.split("-"))


def is_title(word: str) -> bool:
    """Whether ``word`` is a title said before a name ("Dr", "Frau", "Mme"), not a name."""
    return re.fullmatch(_TITLE, word.strip() + " ") is not None and bool(word.strip())


def given_name(text: str, lang: str) -> str | None:
    """The name a clause gives with a naming verb, whoever it names ("elle s'appelle
    Aurélie", "si chiama Marina", "she's called Ines", "叫可可")."""
    if lang == "zh":
        m = re.search(r"叫(?P<name>(?:小|阿|老)?[\u4e00-\u9fff]{1,2}?)"
                      r"(?=[啦了吧呀啊，。！？,\s]|$)", text)
        return m["name"] if m else None
    naming = _NAMING.get(lang)
    m = None if naming is None else re.search(r"(?i:(?<!\w)(?:" + naming + r"))\s+" + _NAME,
                                              text)
    return m["name"].strip() if m and _is_name(m["name"]) else None


def pronoun_subject(text: str, lang: str) -> bool:
    """Whether the clause starts with a third-person pronoun ("she", "er", "elle", "她")."""
    pattern = _THIRD_PRONOUN.get(lang)
    if pattern is None:
        return False
    if lang == "zh":
        return re.match(r"(?:" + pattern + r")", text.strip()) is not None
    lead = _INTERJECTION_LEAD.get(lang)
    if lead is not None:  # "ya he's in Hyderabad", "and she …", "mais elle …"
        text = re.sub(r"(?i)^(?:(?:" + lead + r")\s+){1,2}", "", text.strip())
    if lang == "de" and _DE_DEMONSTRATIVE.match(text.strip()):
        return True
    if lang == "fr" and (impersonal := _FR_IMPERSONAL.match(text.strip())):
        # "il y a trois jours on a emménagé à Rennes": "il" is no one; "il y a deux ans elle a
        # déménagé" is about her
        return re.match(r"(?i)(?:\s+[\w'’-]+){0,3}?\s+(?:elle|il)\s",
                        text.strip()[impersonal.end():]) is not None
    if re.match(r"(?i)(?:" + pattern + r")(?:\s|$)", text.strip()) is not None:
        return True
    # set off by a comma ("elle, ne jure que par le skating", "she, on the other hand, …")
    stressed = _STRESSED_PRONOUN.get(lang)
    return re.match(r"(?i)(?:" + pattern + (f"|{stressed}" if stressed else "") + r")\s*,",
                    text.strip()) is not None


_FR_IMPERSONAL = re.compile(
    r"(?i)il\s+(?:y\s+a(?:vait)?|faut|fallait|faudra|pleut|pleuvait|neige|para[iî]t|"
    r"s['’]agit|semble|me\s+semble|vaut\s+mieux|est\s+temps|fait\s+(?:(?:encore|déjà|super|très|"
    r"trop|tellement|vraiment|un\s+peu|assez)\s+)?(?:beau|chaud|froid|doux|gris|nuit|jour|"
    r"soleil|frais|moche|lourd|sec|humide|\d+|moins\s+\d+))(?!\w)")
"""French "il" that stands for no one ("il y a trois jours", "il faut", "il pleut", "il fait
beau", "il fait encore 27 degrés"): the clause after it is not about the last person named.
Not "il reste", which is also "he stays" ("il reste à Nantes")."""


_INTERJECTION_LEAD: dict[str, str] = {
    "en": r"ya|yeah|yes|yep|yup|no|nah|oh|ah|well|lol|haha|ok|okay|and|but|so|tbh|honestly",
    "de": r"ja|jo|naja|na|ach|oh|und|aber|also",
    "fr": r"oui|ouais|ah|oh|bah|ben|bon|et|mais|donc",
    "es": r"sí|si|ya|pues|bueno|ah|oh|y|pero",
    "it": r"sì|si|eh|beh|boh|ah|oh|e|ma|quindi",
    "pt": r"sim|pois|ah|oh|é|e|mas|então",
    "nl": r"ja|jaa|nou|oh|ah|en|maar|dus",
}
"""Words that open a spoken clause ahead of its subject, without a comma ("ya he's in
Hyderabad", "mais elle …", "und sie …")."""

_STRESSED_PRONOUN: dict[str, str] = {"fr": r"lui|eux", "es": r"ellos|ellas",
                                     "it": r"loro", "pt": r"eles|elas"}
"""Stressed pronouns that are a subject only set off by a comma ("lui, il bosse chez …")."""


_DE_DEMONSTRATIVE = re.compile(
    r"(?i)(?:der|die)\s+(?:hat|hatte|ist|war|wohnt|arbeitet|macht|kann|will|muss|kommt|fährt|"
    r"geht|spielt|mag|sagt|meint|findet|hört|studiert|lebt|zieht|fängt)\b")
"""Spoken German's demonstrative as a subject ("Der hat grad bei Roche angefangen", "Die
wohnt in Chur"): someone just named, not the user; an article before a noun is no match."""


NAMES_THAT_ARE_WORDS = frozenset({
    "will", "may", "mark", "bill", "rose", "jack", "june", "april", "grace", "hope", "faith",
    "joy", "dawn", "sunny", "sky", "river", "summer", "autumn", "rock", "chance", "paz", "sol",
    "luz", "rosa", "flor", "mar"})
"""Given names that are also everyday words: a lowercase "will" or "rosa" opening a clause is
the word, never the person known by that name."""


_KIN_BEFORE_A_NAME = (r"(?:oom|tante|opa|oma|onkel|uncle|aunt|auntie|grandma|grandpa|nan|"
                      r"oncle|tata|tatie|papi|mamie|tío|tía|tio|tia|abuelo|abuela|zio|zia|"
                      r"nonno|nonna|vó|vô|vovó|vovô|avó|avô)")
"""Kin words said before a name as a title ("oom Gerrit", "tía Carmen", "vó Zélia")."""


def starts_with_name(text: str, names: set[str]) -> str | None:
    """The known person the clause starts with ("Callum's coming", "Jana findet …"); in
    lowercase chat, also a known name written small ("kiri lives in timaru"), unless the name
    is an everyday word too (:data:`NAMES_THAT_ARE_WORDS`)."""
    stripped = text.strip()
    for name in sorted(names, key=len, reverse=True):
        if re.fullmatch(r"[\u4e00-\u9fff]+", name) and stripped.startswith(name):
            return name  # Chinese has no spaces: "林琳是在清华读研"
        if re.match(re.escape(name) + r"(?:'s|’s|s)?(?![\w])", stripped):
            return name
        if re.match(r"(?i)(?:a|o|la|el|il)\s+" + re.escape(name) + r"(?!\w)", stripped):
            return name
        if re.match(r"(?i)(?:(?:mijn|mein|meine|my|mon|ma|mi|mio|mia|meu|minha)\s+)?"
                    + _KIN_BEFORE_A_NAME + r"\s+" + re.escape(name) + r"(?![\w])", stripped):
            return name  # "oom Gerrit woont in Emmen", "tía Carmen vive en Soria"
        if re.match(r"(?i:(?:la|el|il|lo|le|der|die|o|a)\s+)" + _TITLE + re.escape(name) +
                    r"(?![\w])", stripped):
            return name  # "El doctor Arrieta, mi médico de cabecera, …": an article and a
            # title before (not "Dr Healy used to rush every appointment": no article, and a
            # doctor said in the past is no longer the user's)
    if stripped[:1].islower():
        for name in sorted(names, key=len, reverse=True):
            if len(name) >= 3 and name.casefold() not in NAMES_THAT_ARE_WORDS and \
                    re.match(re.escape(name.casefold()) + r"(?:'s|’s)?(?![\w])", stripped):
                return name
    return None
