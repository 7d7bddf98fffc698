"""Moments: what a clause says of the minute it is written, not a fact that lasts.

"I just got home", "ahora me voy a hacer un café", "bin heut völlig durch den Wind", "第二杯
奶茶了", "ho ricontrollato la mail", "esta semana es un caos", "uffa, domani sciopero dei
treni": each tells what the user does, feels or puts up with as they write. The clause
reader (:mod:`lucidmem.facts.clause_extractor`) asks these predicates before it stores a
clause about the user, and skips a moment with the flag ``skipped:moment`` (an annoyance
from outside: ``skipped:not_about_the_user``).

Every predicate keeps a habit said with the same words ("I make a coffee every morning",
"ich bin immer gestresst", "我每天排队买早餐"): a habit is a fact that lasts.
"""

from __future__ import annotations

import re

from lucidmem.facts.clauses import THE_USER_IN, after_short_lead
from lucidmem.facts.cue_lexicon import HOME_NOUNS, has_cue

__all__ = ["moment_of_the_day", "now_and_passing", "outside_annoyance", "weather_talk"]


def moment_of_the_day(text: str, sentence: str, lang: str) -> bool:
    """Whether a clause of the user's own (``text``, in its ``sentence``) is an act, a mood,
    a tally or a remark of the day it is said: a small everyday act placed today, a passing
    mood, a drink counted by its place in the day, looking something up again, or a remark
    on how busy the week is."""
    return _small_act_of_the_day(text, sentence, lang) or _mood_of_the_day(text, lang) or \
        _cup_counted_today(text, lang) or _checked_again(text, lang) or \
        _busy_spell(text, lang)


_CAUTION: dict[str, str] = {
    "en": r"(?:i\s+)?(?:just\s+)?want\s+to\s+be\s+(?:careful|safe|sure|on\s+the\s+safe\s+side)",
    "de": r"(?:ich\s+)?will\s+(?:nur\s+|einfach\s+)?(?:vorsichtig\s+sein|auf\s+nummer\s+sicher"
          r"\s+gehen)",
    "fr": r"(?:je\s+)?veux\s+(?:juste\s+|seulement\s+)?être\s+prudente?",
    "es": r"(?:yo\s+)?(?:solo\s+|sólo\s+)?quiero\s+(?:tener\s+cuidado|ir\s+a\s+lo\s+seguro)",
    "it": r"(?:io\s+)?(?:voglio|vorrei)\s+(?:solo\s+)?(?:stare\s+attent[oa]|andare\s+sul\s+sicuro)",
    "pt": r"(?:eu\s+)?(?:só\s+)?quero\s+ter\s+cuidado",
    "nl": r"(?:ik\s+)?wil\s+(?:gewoon\s+|alleen\s+)?voorzichtig\s+zijn",
}
"""Wanting to be careful ("I just want to be careful"): caution about the request at hand."""

_JUST_NOW: dict[str, str] = {
    "en": r"(?:i\s+|i've\s+)?just\s+(?:got|came|get)\s+(?:home|back|in)|(?:i\s+|i've\s+)?"
          r"just\s+(?:woke\s+up|arrived|landed|got\s+up)|(?:i'm\s+)?on\s+my\s+way\s+"
          r"(?:home|back|to\s+work|out)",
    "de": r"(?:bin|komme)\s+(?:gerade|grad)\s+(?:erst\s+)?(?:nach\s+hause\s+gekommen|"
          r"heimgekommen|angekommen|aufgewacht|aufgestanden|heim|nach\s+hause|zurück)|"
          r"(?:sitz|sitze|steh|stehe|lieg|liege)\s+(?:gerade|grad)\b|"
          r"(?:bin|komme?)\s+(?:gerade|grad)\s+(?:beim|im|vom|aus\s+dem|unterwegs)\b|"
          r"schau\w*\s+(?:gerade|grad)\b",
    "fr": r"viens\s+d['’e]\s*(?:rentrer|arriver|me\s+réveiller|me\s+lever|atterrir|finir|"
          r"sortir)",
    "es": r"acabo\s+de\s+(?:llegar|volver|despertarme|levantarme|aterrizar|salir|terminar)",
    "it": r"(?:sono|mi\s+sono)\s+appena\s+(?:tornat[oa]|arrivat[oa]|rientrat[oa]|"
          r"svegliat[oa]|alzat[oa]|atterrat[oa])",
    "pt": r"acabei\s+de\s+(?:chegar|voltar|acordar|aterrar|aterrissar)|cheguei\s+agora",
    "nl": r"(?:ben|kom)\s+(?:net|zojuist)\s+(?:thuis|terug|binnen|wakker|aangekomen|geland)",
    "zh": r"我?刚(?:刚)?(?:到家|回家|回到家|下班|醒|起床|落地|到)|"
          r"我?刚(?:刚)?(?:从|在|陪|送|洗|吃|买|去)[^，,。]{0,14}?(?:回来|完|出来)",
}
"""Just arrived, just woke up: what the user is doing as they write."""

_WORN_OUT: dict[str, str] = {
    "en": r"(?:i'm|i\s+am)\s+(?:so\s+|really\s+|completely\s+|totally\s+)?(?:tired|"
          r"exhausted|knackered|shattered|wiped\s+out|dead|wrecked)",
    "de": r"bin\s+(?:so\s+|total\s+|völlig\s+|echt\s+)?(?:müde|todmüde|kaputt|fertig|"
          r"erledigt|platt|k\.o\.)",
    "fr": r"suis\s+(?:trop\s+|très\s+|complètement\s+)?(?:crevée?|épuisée?|fatiguée?|"
          r"morte?|claquée?|naze|lessivée?)",
    "es": r"estoy\s+(?:muy\s+|súper\s+|super\s+)?(?:cansad[oa]|agotad[oa]|muert[oa]|"
          r"reventad[oa]|hech[oa]\s+polvo)",
    "it": r"sono\s+(?:troppo\s+|molto\s+|super\s+)?(?:stanc[oa]|distrutt[oa]|mort[oa]|"
          r"a\s+pezzi|cott[oa])",
    "pt": r"estou\s+(?:muito\s+|super\s+)?(?:cansad[oa]|exaust[oa]|mort[oa]|de\s+rastos|"
          r"acabad[oa]|destruíd[oa])",
    "nl": r"ben\s+(?:zo\s+|echt\s+|heel\s+)?(?:moe|kapot|gesloopt|doodop|bekaf)",
    "zh": r"我?(?:累死了|好累|太累了|困死了|好困)",
}
"""Worn out now ("estou de rastos", "bin total kaputt"), said as the whole clause."""


def now_and_passing(span: str, lang: str) -> bool:
    """Whether the clause tells what the user is doing or how they feel as they write
    ("I just got home", "acabo de llegar de clase", "estou de rastos"): a moment, not a fact
    that lasts. Tiredness counts only when it is the whole clause ("I'm exhausted", not "I'm
    always exhausted since the new job")."""
    just, worn = _JUST_NOW.get(lang), _WORN_OUT.get(lang)
    greeted = re.sub(r"^[^，,～~!！]{1,4}[～~!！]+\s*", "", span.strip()) if lang == "zh" else span
    for body in {span.strip(), after_short_lead(span.strip()), greeted.strip()}:
        text = re.sub(r"^(?:ich|je|j['’]|yo|io|eu|ik)\s*", "", body, flags=re.I)
        m = None if just is None else re.match(r"(?i)(?:" + just + r")(?!\w)[^,;:，]*", text)
        if m is not None and not has_cue("habit", lang, text[m.end():]):
            return True  # (a habit after a comma is its own: "…, toda sexta é sagrado")
        careful = _CAUTION.get(lang)
        if careful is not None and re.fullmatch(r"(?i)(?:" + careful + r")[\s.!,…]*", text):
            return True
        if worn is not None and re.fullmatch(
                r"(?i)(?:" + worn + r")(?:\s+(?:today|now|heute|jetzt|aujourd'hui|hoy|oggi|"
                r"hoje|vandaag))?[\s.!,…~]*(?:😴|😩|😫|🥱)?[\s.!]*", text) is not None:
            return True
    return False


def _words(alternatives: dict[str, str]) -> dict[str, re.Pattern[str]]:
    """Each language's alternatives as one case-blind pattern that matches whole words (in
    Chinese anywhere)."""
    return {lang: re.compile(r"(?i)" + words if lang == "zh" else
                             r"(?i)(?<!\w)(?:" + words + r")(?!\w)")
            for lang, words in alternatives.items()}


_TODAY_OR_NOW = _words({
    "en": r"today|tonight|this morning|this afternoon|this evening|right now|now|"
          r"in a (?:minute|moment|sec|second|bit)",
    "de": r"heute?|heut|heute (?:früh|morgen|abend)|jetzt|grad|gerade|gleich|nachher",
    "fr": r"aujourd'hui|aujourd’hui|ce matin|ce soir|cet après-midi|maintenant|"
          r"tout à l'heure|tout de suite",
    "es": r"hoy|ahora|ahorita|ahora mismo|esta mañana|esta tarde|esta noche|en un rato",
    "it": r"oggi|stamattina|stamani|stasera|oggi pomeriggio|ora|adesso|tra poco|fra poco",
    "pt": r"hoje|agora|hoje à noite|esta manhã|esta tarde|esta noite|daqui a pouco|já já",
    "nl": r"vandaag|vanochtend|vanmiddag|vanavond|nu|zo meteen|zometeen|straks",
    "zh": r"今天|今早|今晚|现在|等下|等一下|等会|一会儿|待会|马上",
})
"""Words that put what is said in the day, or the minute, it is said ("today", "jetzt",
"ahora", "等下")."""

_SMALL_ACT = _words({
    "en": r"(?:make|making|have|having|grab|grabbing|get|getting)\s+(?:me\s+|myself\s+)?"
          r"(?:a|another)\s+(?:coffee|tea|cuppa|espresso)|(?:take|taking|have|having|grab|"
          r"grabbing)\s+a\s+(?:shower|nap|bath)|slept\s+in|(?:had|having)\s+a\s+lie-in|"
          r"(?:do|doing|get|getting)\s+(?:the|some)\s+(?:groceries|food\s+shopping)|"
          r"(?:go|going|off|heading|popping)\s+(?:out\s+)?to\s+the\s+(?:supermarket|shops|"
          r"market|grocery\s+store)",
    "de": r"(?:mach|mache|koch|koche|hol|hole)\s+(?:mir|uns)\s+(?:(?:jetzt|gleich|"
          r"erst\s*mal|mal|noch|schnell)\s+)*(?:einen|ein|nen|'n)?\s*(?:kaffee|kafi|tee|espresso|cappuccino)|"
          r"(?:hol|hole|kauf|kaufe)\s+(?:mir|uns)\s+(?:\w+\s+)?(?:gemüse|obst|brot|brötchen)|"
          r"(?:geh|gehe|spring|springe)\s+(?:jetzt\s+|gleich\s+|schnell\s+|kurz\s+)*"
          r"(?:duschen|unter\s+die\s+dusche|einkaufen|auf\s+den\s+markt|zum\s+markt|"
          r"zum\s+supermarkt)|ausgeschlafen|(?:mach|mache)\s+(?:ein|'n)\s+(?:nickerchen|"
          r"mittagsschläfchen)",
    "fr": r"(?:me\s+)?(?:faire|fais|préparer|prépare|prendre|prends)\s+(?:un|une)\s+"
          r"(?:petit\s+|petite\s+)?(?:café|thé|douche|sieste|bain)|(?:faire|fais)\s+(?:les|"
          r"mes|quelques)\s+courses|grasse\s+mat(?:inée)?|(?:vais|file|passe)\s+au\s+"
          r"(?:marché|supermarché)",
    "es": r"(?:hacer(?:me)?|hago|preparar(?:me)?|preparo|tomar(?:me)?|tomo)\s+(?:un|una)\s+"
          r"(?:café|cafecito|té|mate|ducha|siesta)|ducharme|echarme\s+una\s+siesta|"
          r"(?:hacer|hago)\s+la\s+compra|(?:voy|vamos)\s+al\s+(?:súper|super|supermercado|"
          r"mercado)|dormí\s+hasta\s+tarde",
    "it": r"(?:fare|farmi|faccio|prendere|prendermi|prendo|bere|bermi)\s+(?:un|una)\s+"
          r"(?:caffè|caffe|caffettino|tè|tisana|doccia|pisolino|pennichella)|"
          r"(?:fare|faccio)\s+la\s+spesa|vado\s+al\s+(?:mercato|supermercato)|"
          r"dormito\s+fino\s+a\s+tardi",
    "pt": r"(?:fazer|faço|tomar|tomo|preparar|preparo)\s+(?:um|uma)\s+(?:café|cafezinho|"
          r"chá|banho|duche|sesta|soneca)|(?:tomar|tomo)\s+banho|(?:fazer|faço)\s+(?:as\s+)?"
          r"compras|vou\s+ao\s+(?:mercado|supermercado)|dormi\s+até\s+tarde",
    "nl": r"(?:zet|maak|pak|haal)\s+(?:even\s+|nog\s+)?(?:een\s+|'n\s+)?(?:kop\s+|kopje\s+)?"
          r"(?:koffie|thee)|(?:ga|gaan)\s+(?:nu\s+|zo\s+|even\s+)*(?:douchen|boodschappen\s+"
          r"doen|naar\s+de\s+(?:markt|supermarkt))|boodschappen\s+doen|uitgeslapen|"
          r"(?:doe|doen)\s+(?:even\s+)?(?:een\s+)?(?:dutje|middagdutje)",
    "zh": r"买菜|去超市|逛超市|泡杯|泡壶|冲杯|睡了?个?懒觉|午睡一下|眯一会",
})
"""Small everyday acts: making a coffee, a shower, a nap or a lie-in, the groceries."""


def _small_act_of_the_day(text: str, sentence: str, lang: str) -> bool:
    """Whether the clause is a small everyday act that its turn places today or right now
    ("ahora me voy a hacer un café", "heute ist Markttag, ich hol mir Gemüse", "今天不用上课，
    终于睡了个懒觉"): what the user does as they write, not a habit. A habit stays ("I make
    a coffee every morning", "je fais mes courses le samedi"), and so does a day to come
    ("I'll do the groceries on Friday": no word of today)."""
    act, today = _SMALL_ACT.get(lang), _TODAY_OR_NOW.get(lang)
    if act is None or today is None:
        return False
    body = _without_greeting(text, lang)
    return act.search(body) is not None and today.search(sentence) is not None and \
        not has_cue("habit", lang, body)


_MOOD_OF_NOW = _words({
    "en": r"stressed(?:\s+out)?|nervous|jittery|frazzled|all over the place|in a (?:bad|foul|"
          r"grumpy) mood|grumpy|cranky|on edge|stage fright|hungover|scatterbrained",
    "de": r"durch den wind|nervös|gestresst|hibbelig|schlecht gelaunt|mies drauf|neben der "
          r"spur|lampenfieber|verkatert|zerstreut|gereizt",
    "fr": r"stressée?|nerveuse|nerveux|à cran|le trac|de mauvaise humeur|à l'ouest|"
          r"dans la lune|la gueule de bois",
    "es": r"nervios[oa]|estresad[oa]|de mal humor|de bajón|en las nubes|con resaca|"
          r"agobiad[oa]|despistad[oa]",
    "it": r"nervos[oa]|stressat[oa]|agitat[oa]|di cattivo umore|con la testa fra le nuvole|"
          r"in ansia|sclerat[oa]|con i postumi",
    "pt": r"nervos[oa]|estressad[oa]|stressad[oa]|ansios[oa]|de mau humor|aére[oa]|"
          r"avoad[oa]|de ressaca",
    "nl": r"zenuwachtig|gestrest|gestresst|chagrijnig|van slag|plankenkoorts|de kluts kwijt|"
          r"verstrooid|gespannen",
    "zh": r"好烦|烦死了|心情不好|心情很差|很紧张|好紧张|紧张死了|心不在焉|魂不守舍|"
          r"脑子很乱|宿醉",
})
"""Moods that come and go: nerves, stress, a bad mood, a hangover, being all over the
place."""


def _mood_of_the_day(text: str, lang: str) -> bool:
    """Whether the clause tells a passing mood the user is in today or right now ("bin heut
    völlig durch den Wind", "Lampenfieber hab ich jetzt schon", "oggi sono di cattivo
    umore"): a moment, not a lasting state. A mood said without such a word stays ("I get
    nervous before flights"), and so does one said as a habit ("ich bin immer gestresst")."""
    mood, today = _MOOD_OF_NOW.get(lang), _TODAY_OR_NOW.get(lang)
    if mood is None or today is None:
        return False
    return mood.search(text) is not None and today.search(text) is not None and \
        not has_cue("habit", lang, text)


_COUNTED_CUP = _words({
    "en": r"(?:second|third|fourth|fifth|2nd|3rd|4th|5th)\s+(?:coffee|cup|tea|espresso|"
          r"latte|beer)",
    "de": r"(?:zweite|dritte|vierte|fünfte)[nrs]?\s+(?:kaffee|kafi|tasse|tee|espresso|bier)",
    "fr": r"(?:deuxième|second|seconde|troisième|quatrième)\s+(?:café|tasse|thé|expresso|"
          r"bière)",
    "es": r"(?:segund[oa]|tercer|tercer[oa]|cuart[oa])\s+(?:café|taza|té|mate|cerveza)",
    "it": r"(?:second[oa]|terz[oa]|quart[oa])\s+(?:caffè|caffe|tazza|tè|birra)",
    "pt": r"(?:segund[oa]|terceir[oa]|quart[oa])\s+(?:café|xícara|chávena|chá|cerveja)",
    "nl": r"(?:tweede|derde|vierde)\s+(?:koffie|kop|kopje|thee|biertje)",
    "zh": r"第[二三四五六两2-6](?:杯|罐|瓶)",
})
"""A drink counted by its place in the day: "the second coffee", "der dritte Kaffee",
"第二杯"."""


def _cup_counted_today(text: str, lang: str) -> bool:
    """Whether the clause counts the user's drinks of the day ("already my third coffee",
    "下午好，第二杯奶茶了"): a tally of today, not a habit. A habit said with it stays ("my
    second coffee is always decaf")."""
    counted = _COUNTED_CUP.get(lang)
    return counted is not None and counted.search(text) is not None and \
        not has_cue("habit", lang, text)


_CHECKED_AGAIN: dict[str, str] = {
    "en": r"(?:i\s+)?(?:just\s+)?(?:re-?read|re-?checked|double-?checked|checked|looked\s+at)"
          r"(?:\s+(?:the|my)\s+(?:e-?mail|mail|message|text|calendar|letter|invite|"
          r"invitation|ticket|booking|confirmation))?(?:\s+again)?",
    "de": r"(?:ich\s+)?(?:hab|habe)\s+(?:grad\s+|gerade\s+|eben\s+)?(?:noch\s*mal\s+)?"
          r"(?:(?:in\s+)?(?:die|der|den|meine|meinen|meiner)\s+(?:mail|e-mail|nachricht|"
          r"kalender|brief|einladung)\s+)?(?:noch\s*mal\s+)?(?:nachgeschaut|nachgesehen|"
          r"nachgeguckt|geschaut|geguckt|gecheckt|überprüft|kontrolliert|gelesen)",
    "fr": r"(?:j'ai\s+|ai\s+)?(?:re)?(?:vérifié|regardé|relu)(?:\s+(?:le|la|mon|ma)\s+"
          r"(?:mail|e-mail|courriel|message|agenda|calendrier|lettre|invitation|billet))?",
    "es": r"(?:he\s+|lo\s+he\s+|lo\s+)?(?:revisado|comprobado|mirado|releído|revisé|comprobé|"
          r"miré|releí|chequeé|volví\s+a\s+(?:leer|mirar))(?:\s+(?:en\s+)?(?:el|la|mi)\s+(?:correo|"
          r"mail|mensaje|calendario|agenda|carta|invitación|entrada))?",
    "it": r"(?:ho\s+|l'ho\s+)?(?:ri)?(?:controllato|letto|guardato|verificato)(?:\s+"
          r"(?:la|il|l')\s*(?:mail|e-mail|email|messaggio|calendario|agenda|lettera|invito|"
          r"biglietto))?",
    "pt": r"(?:já\s+)?(?:verifiquei|conferi|reli|chequei|olhei|confirmei)(?:\s+(?:o|a)\s+"
          r"(?:e-?mail|mensagem|calendário|agenda|carta|convite|bilhete))?",
    "nl": r"(?:ik\s+)?(?:heb\s+)?(?:het\s+|de\s+(?:mail|e-mail|agenda|brief|uitnodiging)\s+)?"
          r"(?:nog\s*eens\s+|opnieuw\s+)?(?:nagekeken|gecheckt|gecontroleerd|nagelezen|"
          r"teruggelezen)",
    "zh": r"我?(?:又|刚|刚刚)?(?:查了一?下|看了一?下|确认了一?下|核对了一?下|重新看了一?遍|"
          r"又看了一?遍)(?:邮件|短信|日历|消息|通知)?",
}
"""Looking something up again ("I just reread the email", "ho ricontrollato la mail",
"hab nochmal nachgeschaut"), said as the whole clause."""


def _checked_again(text: str, lang: str) -> bool:
    """Whether the whole clause says that the user looked something up or read it again
    (often why a correction is right: "…, ho ricontrollato la mail"): an act of the moment,
    never a lasting fact."""
    checked = _CHECKED_AGAIN.get(lang)
    if checked is None:
        return False
    body = after_short_lead(text.strip()).replace("’", "'").strip(" .!,…")
    return re.fullmatch(r"(?i)(?:" + checked + r")", body) is not None


_BUSY_SPELL: dict[str, str] = {
    "en": r"(?:this|the)\s+(?:week|month)\s+(?:is|has\s+been)\s+(?:so\s+|just\s+|totally\s+)?"
          r"(?:a\s+)?(?:crazy|chaos|chaotic|mad|insane|hectic|nuts|mess|nightmare|zoo)|"
          r"today\s+(?:is|has\s+been)\s+(?:so\s+|just\s+)?(?:a\s+)?(?:crazy|chaos|chaotic|mad|"
          r"insane|hectic|nightmare)",
    "de": r"(?:diese|die)\s+woche\s+(?:ist|war)\s+(?:echt\s+|total\s+|der\s+|die\s+|ein\s+)?"
          r"(?:chaos|chaotisch|wahnsinn|stressig|hölle|horror|irre)|heute\s+(?:ist|war)\s+"
          r"(?:echt\s+|total\s+|der\s+|die\s+|ein\s+)?(?:chaos|chaotisch|wahnsinn|stressig|"
          r"hölle|horror|irre)",
    "fr": r"(?:cette|la)\s+semaine\s+(?:est\s+|c'est\s+)(?:un\s+|une\s+|la\s+|le\s+|l')?"
          r"(?:chaos|folie|cauchemar|enfer|horreur)|(?:cette\s+semaine|aujourd'hui),?\s+"
          r"c'est\s+(?:un\s+|une\s+|la\s+|le\s+|l')?(?:chaos|folie|cauchemar|enfer|horreur)",
    "es": r"(?:esta|la)\s+semana\s+(?:es|está\s+siendo|ha\s+sido)\s+(?:un\s+|una\s+)?"
          r"(?:caos|locura|infierno|desastre)|hoy\s+(?:es|ha\s+sido)\s+(?:un\s+|una\s+)?"
          r"(?:caos|locura|infierno|desastre)",
    "it": r"(?:questa|la)\s+settimana\s+(?:è|e)\s+(?:un\s+|una\s+)?(?:caos|delirio|follia|"
          r"inferno|incubo|casino)|oggi\s+(?:è|e)\s+(?:stato\s+|stata\s+)?(?:un\s+|una\s+)?"
          r"(?:caos|delirio|follia|inferno|incubo|casino)",
    "pt": r"(?:esta|essa|a)\s+semana\s+(?:está|tá|é|foi)\s+(?:um\s+|uma\s+)?(?:caos|loucura|"
          r"inferno|correria)|hoje\s+(?:está|tá|foi)\s+(?:um\s+|uma\s+)?(?:caos|loucura|"
          r"inferno|correria)",
    "nl": r"(?:deze|die)\s+week\s+is\s+(?:het\s+)?(?:een\s+)?(?:chaos|gekkenhuis|hel|"
          r"drama)|vandaag\s+is\s+(?:het\s+)?(?:een\s+)?(?:chaos|gekkenhuis|hel|drama)",
    "zh": r"(?:这周|这个星期|这几天|今天)(?:真是|真的|简直|太)?(?:忙死了|忙疯了|好忙|太忙了|"
          r"一团乱|乱成一锅粥)",
}
"""A remark on how busy or chaotic this week or today is ("esta semana es un caos", "diese
Woche ist der Wahnsinn", "这周忙死了"), said as the whole clause."""


def _busy_spell(text: str, lang: str) -> bool:
    """Whether the whole clause, after a short lead, says that this week or today is busy or
    chaotic ("necesito organizarme, esta semana es un caos"): how the days feel now, not a
    lasting fact. A clause that also says what keeps the user busy is read as usual ("这两周
    真是忙" after a hospital visit is part of that visit's clause)."""
    busy = _BUSY_SPELL.get(lang)
    if busy is None:
        return False
    body = _without_greeting(text, lang).replace("’", "'")
    return re.fullmatch(r"(?i)(?:" + busy + r")[\s.!,…~～。！]*(?:😅|😩|🙈|😵)?[\s.!]*",
                        body) is not None

_DISRUPTION = _words({
    "en": r"strike|queue|traffic jam|power cut|power outage|roadworks",
    "de": r"streik|stau|schlange|stromausfall|baustelle",
    "fr": r"grève|bouchons?|embouteillages?|panne de courant",
    "es": r"huelga|cola|atasco|apagón|taladro",
    "it": r"sciopero|fila|coda|traffico|blackout|trapano",
    "pt": r"greve|fila|trânsito|engarrafamento|apagão|berbequim|furadeira",
    "nl": r"staking|file|in de rij|stroomstoring|wegwerkzaamheden|boormachine",
    "zh": r"罢工|排队|堵车|停电|电钻",
})
"""Annoyances of a day that come from outside: a strike, a queue, a traffic jam, a power
cut, a neighbour's drill."""


def outside_annoyance(text: str, lang: str) -> bool:
    """Whether the clause complains of an annoyance from outside and does not name the user
    ("uffa, domani sciopero dei treni", "oggi 2 ore di fila in posta", "el vecino con el
    taladro a las 6 am"): the day's news, no fact about the user. One the user is in stays
    ("I'm stuck in a jam every morning", "我每天排队买早餐")."""
    annoyance, user = _DISRUPTION.get(lang), THE_USER_IN.get(lang)
    if annoyance is None or user is None:
        return False
    plain = text.replace("’", "'")
    return annoyance.search(plain) is not None and not has_cue("habit", lang, plain) and \
        re.search(r"(?i)" + user, _THERE_ARE.sub(" ", plain).replace("'", " ")) is None


_NUMBER_WORDS: dict[str, str] = {
    "de": r"zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|fünfzehn|zwanzig|"
          r"dreißig|vierzig",
    "fr": r"deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|"
          r"quarante",
    "es": r"dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|"
          r"veinte|treinta|cuarenta",
    "it": r"due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|quindici|venti|"
          r"trenta|quaranta",
    "pt": r"dois|três|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|quinze|vinte|trinta|"
          r"quarenta",
    "nl": r"twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|vijftien|twintig|dertig",
}
"""Numbers said in words before a temperature's unit ("meno otto gradi", "treinta y cuatro
grados"); in English "two degrees" may be a diploma, so only digits are read there."""
_WEATHER = _words({
    "en": r"\d+\s*(?:°\s*[cf]?|degrees)|(?:it's|it is|its|it was)\s+(?:raining|pouring|snowing|"
          r"boiling|freezing|roasting|baking|scorching|muggy|humid|sweltering|bucketing)|"
          r"(?:chucking|pissing|bucketing|pouring)\s+(?:it\s+)?down|heat\s?wave|"
          r"the weather(?:'s|\s+is|\s+was)|blowing\s+a\s+gale|gale\s+force|"
          r"(?:tipping|lashing|hammering)\s+(?:it\s+)?down|drizzling|sleeting|"
          r"(?:it's|its|it\s+is)\s+(?:so\s+|really\s+|absolutely\s+|bloody\s+|proper\s+|"
          r"well\s+)?(?:cold|hot|windy|foggy|misty|chilly|nippy|baltic|stormy|sunny|icy|humid)|"
          r"freezing\s+(?:out|outside|today|this\s+morning|on\s+the)|already\s+melting|"
          r"the\s+sun(?:'s|\s+is)\s+(?:out|shining)|a\s+(?:proper\s+)?scorcher",
    "de": r"\d+\s*(?:°\s*c?|grad)|es\s+(?:regnet|schüttet|schneit|stürmt|hagelt|gießt)|"
          r"(?:regnet|schüttet|schneit|stürmt|hagelt|gießt)\s+es|hitzewelle|sauwetter|"
          r"schietwetter|das wetter (?:ist|war)|saukalt|arschkalt|affenhitze|glatteis|"
          r"spiegelglatt|nieselregen|es\s+nieselt|dauerregen|platzregen|wolkenbruch|"
          r"(?:es\s+ist|is|isch|ist\s+es|is\s+es)\s+(?:so\s+|voll\s+|total\s+|richtig\s+|"
          r"mega\s+|echt\s+)?(?:kalt|heiß|schwül|windig|neblig|glatt|eisig)|"
          r"scheint\s+(?:(?:heut|heute|endlich|mal|wieder)\s+){0,3}die\s+sonne|"
          r"die\s+sonne\s+scheint|bruthitze|schmuddelwetter|regenwetter|regnet['’]?s|"
          r"(?:des|das|'s)\s+wetter\s+(?:ist|is|war)|(?:ist|is)\s+föhn|föhnsturm|es\s+föhnt|"
          r"(?:liegt|liegen)\s+(?:ein\s+)?(?:halber\s+)?(?:\w+\s+)?(?:meter|zentimeter|cm)\s+"
          r"(?:neu)?schnee|(?:minus\s+)?(?:" + _NUMBER_WORDS["de"] + r")\s+grad",
    "fr": r"\d+\s*(?:°\s*c?|degrés)|il\s+(?:pleut|neige|grêle|drache)|"
          r"(?:ça|ca)\s+(?:caille|flotte)|"
          r"il\s+fait\s+(?:(?:super|très|trop|tellement|vraiment|un\s+peu|encore|déjà|enfin)\s+)?"
          r"(?:chaud|froid|beau|moche|gris|lourd|doux|frais|frette)|fait\s+une\s+chaleur|"
          r"(?:moins\s+)?(?:" + _NUMBER_WORDS["fr"] + r")\s+degrés|"
          r"tombé\s+(?:\w+\s+)?(?:centimètres|cm)|centimètres\s+de\s+neige|"
          r"quelle\s+chaleur|canicule|un\s+froid\s+de\s+canard|il\s+mouille|"
          r"(?:ça|ca)\s+mouille|il\s+bruine|crachin|il\s+gèle|il\s+vente|un\s+vrai\s+grain|"
          r"temps\s+de\s+chien|quel\s+temps|il\s+y\s+a\s+du\s+(?:vent|brouillard|verglas)|"
          r"le\s+soleil\s+(?:tape|cogne)",
    "es": r"\d+\s*(?:°\s*c?|grados)|(?:está|esta|sigue)\s+(?:lloviendo|nevando|diluviando)|llueve|"
          r"nieva|diluvia|hace\s+(?:(?:un|mucho|muchísimo|tanto|demasiado)\s+)?(?:calor|frío|frio)|"
          r"(?:qué|que|q)\s+(?:calor|frío|frio)|ola\s+de\s+calor|llovizna|lloviznando|"
          r"aguacero|chaparrón|garúa|garua|orbayando|orbayu|"
          r"hace\s+(?:un\s+)?(?:sol|viento|fresco|bochorno)|"
          r"(?:está|esta)\s+(?:nublado|helando|granizando)|calorón|surazo|"
          r"(?:menos\s+)?(?:" + _NUMBER_WORDS["es"] + r")(?:\s+y\s+\w+)?\s+grados|"
          r"(?:calor|frío|frio)\s+(?:horrible|insoportable|infernal|tremendo|brutal|de\s+locos|"
          r"bien\s+perro)",
    "it": r"\d+\s*(?:°\s*c?|gradi)|piove|sta\s+piovendo|nevica|sta\s+nevicando|grandina|"
          r"fa\s+(?:un\s+)?(?:caldo|freddo)|che\s+(?:caldo|freddo|nebbia|afa)|"
          r"caldo\s+(?:assurdo|pazzesco|boia|cane)|freddo\s+(?:cane|boia|pazzesco)|"
          r"c['’]è\s+(?:una\s+)?(?:bora|nebbia|afa)|ondata\s+di\s+caldo|"
          r"tira\s+(?:un[oa]?\s+)?(?:vento|bora|tramontana|maestrale|scirocco|libeccio)|"
          r"pioviggina|acquazzone|diluvia|(?:è\s+)?venuta\s+giù\s+(?:la\s+)?(?:prima\s+)?neve|"
          r"pioggia\s+tutto\s+il\s+giorno|il\s+sole\s+(?:spacca|picchia)|tempo\s+da\s+lupi|"
          r"(?:meno\s+)?(?:" + _NUMBER_WORDS["it"] + r")\s+gradi(?!\s+di\s)|piove\s+a\s+dirotto",
    "pt": r"\d+\s*(?:°\s*c?|graus)|chove|chovendo|está\s+a\s+chover|faz\s+(?:um\s+)?(?:calor|frio)|"
          r"(?:tá|ta|está)\s+(?:um\s+)?(?:calor|frio|gelo)|calor\s+(?:arretado|infernal|danado)|"
          r"(?:que|q)\s+(?:calor|frio)|onda\s+de\s+calor|chuvisco|garoa|"
          r"chuva\s+(?:forte|o\s+dia\s+todo|de\s+lado)|chove\s+de\s+lado|nevoeiro|ventania|"
          r"(?:tá|ta|está)\s+(?:um\s+)?(?:vento|abafado|nublado|calorão)|calor\s+abafado|"
          r"sol\s+de\s+rachar|frio\s+de\s+rachar|"
          r"(?:menos\s+)?(?:" + _NUMBER_WORDS["pt"] + r")(?:\s+e\s+\w+)?\s+graus",
    "nl": r"\d+\s*(?:°\s*c?|graden)|het\s+(?:regent|sneeuwt|hagelt|stormt|giet|miezert)|"
          r"(?:regent|sneeuwt|giet|miezert)\s+het|(?:prachtig|mooi|rot|hondenrot|slecht|heerlijk)\s+"
          r"weer|hittegolf|wat\s+een\s+hitte|bloedheet|snikheet|motregen|het\s+waait|"
          r"waait\s+(?:het\s+)?hard|stormt\s+het|onweer|ijzel|"
          r"(?:het\s+is|t\s+is|is\s+het)\s+(?:zo\s+|echt\s+|best\s+|erg\s+|nogal\s+)?"
          r"(?:koud|heet|benauwd|guur|winderig|glad|mistig)|de\s+zon\s+schijnt|"
          r"schijnt\s+de\s+zon|hondenweer|regenachtig|waait\s+het|mistig|"
          r"(?:min\s+)?(?:" + _NUMBER_WORDS["nl"] + r")\s+graden",
    "zh": r"\d+\s*度|在下雨|下大雨了|下雨了|下雪了|好热|热死|好冷|冷死|回南天|梅雨季|梅雨天|"
          r"台风天|闷死了|冷得很|热得很|零下|一直下雨|下大雨|暴雨|雷雨|阵雨|东北季风|雾霾|烟霾|"
          r"刮大风|降温了|闷热|好熱|熱死|颱風天|悶熱|悶死了|冷得要命|熱得要命|降溫了|"
          r"[风風](?:超|好|很|太)(?:大|强|強)|九降[风風]|下大雪",
})
"""What the weather or the temperature is as the user writes ("it's 19 degrees", "es
schüttet", "il fait un froid de canard", "piove", "tá um calor arretado", "36 度"): an
impersonal weather verb or a temperature with its unit, never a bare noun ("the heat"), but
for the Chinese rainy season and typhoon day ("梅雨季", "台风天"), said only of the weather."""


def weather_talk(text: str, lang: str) -> bool:
    """Whether the clause says what the weather is and does not name the user ("It's 19
    degrees and the lake is steaming", "piove da tre giorni, pasqua rovinata", "oxe, hj tá
    um calor arretado, 33 graus"): the day's weather passes, no fact about anyone. The
    user's own habit or health in it stays ("I cycle even when it's pouring", "when it's
    humid my asthma flares up"), and so does a habit ("it rains every weekend here")."""
    weather, user = _WEATHER.get(lang), THE_USER_IN.get(lang)
    if weather is None or user is None:
        return False
    plain = text.replace("’", "'")
    said = weather.search(plain)
    return said is not None and not has_cue("habit", lang, plain) and \
        _HOME_NAMED.get(lang, _NEVER).search(plain) is None and \
        _WHEN.get(lang, _NEVER).search(plain[:said.start()]) is None and \
        _BUT.get(lang, _NEVER).search(plain) is None and \
        re.search(r"(?i)" + user, _THERE_ARE.sub(" ", plain).replace("'", " ")) is None


_HOME_NAMED: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?i:(?<!\w)(?:" + "|".join(re.escape(n) for n in nouns) +
                     r"))(?:\s+\w+){0,2}?\s+[A-ZÀ-Þ][\w'’-]+")
    for lang, nouns in HOME_NOUNS.items() if nouns}
"""A home said with the place it is in ("en el apartamento de Cabecera no corre ni una
brisa"): the weather there says where the user lives, so the clause is read."""
_THERE_ARE = re.compile(r"(?i)(?<!\w)ci\s+(?:sono|sta|stanno|saranno|erano)(?!\w)")
"""Italian "there are", whose "ci" is no "us" ("Fuori ci sono meno otto gradi")."""
_WHEN = _words({
    "en": r"when|whenever|if|once", "de": r"wenn|falls|bei|sobald", "fr": r"quand|lorsque|si|s'il",
    "es": r"cuando|si", "it": r"quando|se|appena", "pt": r"quando|se|sempre que",
    "nl": r"als|wanneer|zodra|bij", "zh": r"如果|要是|只要|一到",
})
""""When" or "if" before the weather: a habit it sets off ("quando piove vado in autobus")."""
_BUT = _words({
    "en": r"but|still", "de": r"aber|trotzdem|dennoch", "fr": r"mais|quand même",
    "es": r"pero|igual|aun así", "it": r"ma|però|comunque", "pt": r"mas|mesmo assim",
    "nl": r"maar|toch", "zh": r"但|可是|还是|照样",
})
""""But" beside the weather: what the user does all the same ("最近太热了，但周六的羽毛球还是
坚持着")."""
_NEVER = re.compile(r"(?!)")


def _without_greeting(text: str, lang: str) -> str:
    """The clause without a short greeting ahead of it ("周末愉快～今天不用上课" → "今天不用上课",
    "hi, made a coffee" → "made a coffee"), which says nothing of when the rest happens."""
    if lang == "zh":
        return re.sub(r"^[^，,～~!！]{1,4}[～~!！，,]+\s*", "", text.strip())
    return after_short_lead(text.strip())
