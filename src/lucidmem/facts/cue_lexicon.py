"""Cue words of the offline extractor, per supported language (en, de, fr, es, it, pt, nl, zh).

A *cue* is a small closed-class signal that changes what a clause means for memory: a
question, a hypothetical, sarcasm, someone else's words, negation, a one-off, a habit, a
correction, a retraction, a hedge, a change, "only X now" (exclusive), "I stopped X"
(cessation), a context qualifier ("at work"). Open-class meaning (what the clause is about)
is left to the slot classifier (:mod:`lucidmem.facts.slots`); these lists hold function
words and fixed phrases only, written for this module — not sentences of any evaluation set.

Phrases are lower case; a word starting with ``*`` is any word of at least two more letters
ending so (``*rait``: "serait", "aimerait"; ``se … *sse``: "se nos saísse"), and ``…`` is one
or two words. In alphabetic languages a phrase matches at word boundaries; in Chinese as a
plain substring.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

__all__ = [
    "ACCENTS_LEFT_OUT",
    "ATTENDED_PLACES",
    "CARE_HOMES",
    "CHAT_SPELLINGS",
    "CLAUSE_OPENING_WORDS",
    "CONTEXTS",
    "CUES",
    "DE_NOT_FIRST_PERSON_VERBS",
    "EN_BASE_VERBS",
    "INSTRUMENTS",
    "KIN_SAID_AS_NAMES",
    "LANGUAGES",
    "LEAST_LETTERS_WITHOUT_ACCENTS",
    "NOT_THIS_LEADS",
    "OWN_KIN_WORDS",
    "PARTNERS",
    "RELATIONS",
    "REPLACED_BY_A_NEW_ONE",
    "ROLE_HOLDERS",
    "SEASON_CONTEXTS",
    "SLIP_OPENERS",
    "SPORTS",
    "STRETCH_DONE",
    "WEEKLY",
    "WEEK_CONTEXTS",
    "WORKING_RATE_UNITS",
    "WORKING_VERBS",
    "accents_optional",
    "cue_pattern",
    "find_cue",
    "has_cue",
]

LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl", "zh")
"""Languages the offline extractor reads (ISO 639-1)."""

_T = dict[str, tuple[str, ...]]


def _w(text: str) -> tuple[str, ...]:
    """``"a|b c|d"`` → ``("a", "b c", "d")``."""
    return tuple(p.strip() for p in text.split("|") if p.strip())


CUES: dict[str, _T] = {
    # a clause that asks the assistant to do something ("remind me to …", "wish me luck"),
    # said at its start: an errand for the reply, not a fact about anyone
    "request": {
        "en": _w("remind me|tell me|help me|show me|give me|send me|let me know|write me|"
                 "just remind me|please remind me|i need ideas|i need some ideas|i need an idea|"
                 "i need a … idea|i need … ideas|need ideas|i need tips|i need suggestions|"
                 "any ideas|any tips|looking for ideas|wish me luck|fingers crossed|"
                 "keep your fingers crossed|cross your fingers"),
        "de": _w("erinner mich|erinnere mich|sag mir|hilf mir|zeig mir|gib mir|schick mir|"
                 "schreib mir|ich brauche Ideen|brauche Ideen|ich brauche eine Idee|"
                 "brauche eine Idee|ich brauche Tipps|brauche Tipps|suche Ideen|ich suche Ideen|"
                 "drück mir die Daumen|drückt mir die Daumen|drück die Daumen|Daumen drücken|"
                 "wünsch mir Glück"),
        "fr": _w("rappelle-moi|rappelle moi|dis-moi|dis moi|aide-moi|aide moi|montre-moi|"
                 "donne-moi|envoie-moi|écris-moi|j'ai besoin d'idées|besoin d'idées|"
                 "j'ai besoin d'une idée|besoin d'une idée|cherche des idées|des idées de|"
                 "je cherche des idées|je cherche une idée|croise les doigts|croisez les doigts|"
                 "je croise les doigts|croisons les doigts|souhaite-moi bonne chance|"
                 "souhaite moi bonne chance"),
        "es": _w("recuérdame|recordame|dime|decime|ayúdame|ayudame|muéstrame|dame|mándame|"
                 "escríbeme|necesito ideas|necesito una idea|necesito consejos|busco ideas|"
                 "cruza los dedos|crucemos los dedos|deséame suerte|deseame suerte"),
        "it": _w("ricordami|dimmi|aiutami|mostrami|dammi|mandami|scrivimi|ho bisogno di idee|"
                 "ho bisogno di un'idea|mi servono idee|mi serve un'idea|cerco idee|"
                 "incrocia le dita|incrociamo le dita|augurami buona fortuna"),
        "pt": _w("lembra-me|lembre-me|me lembra|me lembre|diz-me|me diz|ajuda-me|me ajuda a|"
                 "mostra-me|me mostra|dá-me|manda-me|escreve-me|preciso de ideia|preciso de ideias|"
                 "preciso de uma ideia|procuro ideias|torce por mim|torça por mim|me deseja sorte|"
                 "deseja-me sorte|me deseje sorte"),
        "nl": _w("herinner me|herinner mij|vertel me|help me|laat me weten|geef me|stuur me|"
                 "schrijf me|ik heb ideeën nodig|heb ideeën nodig|ik zoek ideeën|zoek ideeën|"
                 "duim voor me|duim voor mij|duimen maar|wens me succes|wens me geluk"),
        "zh": _w("提醒我|告诉我|帮我|给我发|给我写|记得提醒|祝我好运|保佑我"),
    },
    # a clause that asks rather than states (besides a final "?")
    "question": {
        "en": _w("do you|can you|could you|would you|any idea|any ideas|what do you think|"
                 "should i|am i|is it|do i|how do i|how would|i wonder if|i wonder whether|"
                 "wondering if|not sure if|any tips|any recommendations"),
        "de": _w("kannst du|könntest du|hast du|weißt du|meinst du|soll ich|bin ich|ist das|"
                 "habe ich|hab ich|ich frage mich|ob ich|was meinst du|irgendeine idee"),
        "fr": _w("tu peux|peux-tu|pourrais-tu|tu crois|tu penses|est-ce que|dois-je|"
                 "je me demande si|suis-je|tu sais|une idée|des idées"),
        "es": _w("me puedes|puedes|podrías|me ayudas|me pasas|me recomiendas|crees que|"
                 "debería|será que|me pregunto si|tú qué dices|alguna idea|sabes si"),
        "it": _w("puoi|potresti|mi aiuti|mi consigli|mi passi|secondo te|dovrei|chissà se|"
                 "mi chiedo se|tu che dici|che ne pensi|hai idea|sai se"),
        "pt": _w("podes|pode me|me ajuda|me passa|tens recomendações|achas que|acha que|"
                 "será que|devia|deveria|me pergunto se|sabes se|alguma ideia"),
        "nl": _w("kun je|kan je|kunt u|heb je|weet jij|weet je|zou ik|moet ik|heb ik|ben ik|"
                 "is het|ik vraag me af|enig idee|tips"),
        "zh": _w("吗|么|是不是|能不能|可不可以|有没有|要不要|该不该|怎么办|推荐|你觉得|"
                 "你说|为什么|怎么|哪|什么|多少|几|"
                 # Cantonese
                 "啲乜|乜嘢|咩|点算|点样|边度|边个|几多|好唔好|得唔得|使唔使"),
    },
    # an unreal or wished-for state: "if I ever…", "I would…"
    # a plan only floated: the sentence says nothing is decided ("we've been toying with
    # getting a dog, but honestly we haven't decided anything", "ob wir ein E-Bike kaufen,
    # überlegen wir noch"): what it weighs is no fact (read with the clause before it:
    # clauses._undecided_marked)
    "undecided": {
        "en": _w("haven't decided|havent decided|have not decided|not decided yet|"
                 "nothing decided|nothing's decided|nothing is decided|still deciding|"
                 "haven't made up my mind|haven't made up our minds|still on the fence|"
                 "toying with the idea"),
        "de": _w("überlegen wir noch|überlege ich noch|noch nicht entschieden|nichts entschieden|"
                 "noch unentschlossen|steht noch nicht fest|ist noch nicht fix"),
        "fr": _w("rien décidé|rien n'est décidé|pas encore décidé|on n'a rien décidé|"
                 "on a rien décidé|on hésite encore|j'hésite encore"),
        "es": _w("nada decidido|no hemos decidido|no he decidido|todavía no decidimos|"
                 "aún no decidimos|todavía no lo decidimos"),
        "it": _w("non abbiamo deciso|non ho ancora deciso|niente di deciso|nulla di deciso|"
                 "ancora da decidere"),
        "pt": _w("nada decidido|não decidimos|ainda não decidi|ainda não decidimos|"
                 "tô só pensando"),
        "nl": _w("niks besloten|niets besloten|nog niet besloten|nog niks besloten|"
                 "we zijn er nog niet uit|nog lang niet uit"),
        "zh": _w("还没决定|没决定|还没定|还在考虑|还在犹豫|未决定|都未决定"),
    },
    "hypothetical": {
        "en": _w("if i|if we|if i ever|what if|imagine|suppose|in another life|would love|"
                 "would like to|i'd love|i'd like to|fantasy|daydream|dream of|someday i|"
                 "one day i|hypothetically|in theory|i wish|if only|"
                 # a maybe for some day, no plan ("might try pilates someday too idk")
                 "might … someday|might … … someday|might … some day|maybe someday|"
                 "maybe some day|"
                 "one of these days|who knows|"
                 # what the user would do, as the other languages' conditionals ("I'd buy a
                 # static caravan in Tenby", after "if I won the Euromillions")
                 "i'd buy|i'd move|i'd live|i'd quit|i'd retire|i'd travel|i'd spend|"
                 "i'd open|i would buy|i would move|i would live|i would quit|i would retire|"
                 "we'd buy|we'd move|we'd live|we would buy|we would move|we would live"),
        "de": _w("wenn ich|falls ich|wenn wir|würde|würden|würdest|hätte|hätten|wäre|wären|"
                 "stell dir vor|angenommen|traum|träume|fantasie|irgendwann mal|eines Tages|"
                 "vielleicht mach|vielleicht mache|oder a ned|oder auch nicht"),
        "fr": _w("si j'|si je|si on|si jamais|si un jour|imagine|imaginons|supposons|je serais|"
                 "j'aurais|j'irais|j'achèterais|je ferais|je prendrais|je vivrais|"
                 "je voudrais|j'aimerais|rêve|fantasme|un jour peut-être|*rais|*rait|"
                 "ptet qu'un jour|peut-être qu'un jour|un de ces jours|on verra"),
        "es": _w("si algún día|si algun dia|si ganara|si tuviera|si fuera|si me fuera|"
                 "si *iera|si … *iera|si *ara|si … *ara|si *ieran|si … *ieran|si *aran|"
                 "si … *aran|si *iese|si … *iese|si *ase|si … *ase|"
                 "si pudiera|si viviera|imagina que|imagina si|imagínate|imaginate|me iría|"
                 "me compraría|viviría|sería|"
                 "tendría|haría|viviríamos|compraría|iríamos|fantasía|sueño con|ojalá|"
                 "algún día|algun dia|quién sabe|quien sabe"),
        "it": _w("se vincessi|se avessi|se fossi|se potessi|se vivessi|se un giorno|"
                 "se *ssi|se … *ssi|se *sse|se … *sse|se *ssimo|se … *ssimo|se *ssero|"
                 "se … *ssero|"
                 "immagina se|immagina che|immaginati|immaginate|mi comprerei|andrei|vivrei|"
                 "farei|sarebbe|sarei|vorrei|"
                 "fantasia|sogno di|magari un giorno|*rei|*resti|*rebbe|prima o poi|"
                 "un giorno o l'altro|chissà"),
        # (the past subjunctive after "if": "se nos saísse o Euromilhões", "si me tocara la
        # lotería", "se mi capitasse": what would be, not what is)
        "pt": _w("se eu|se um dia|se ganhasse|se tivesse|se fosse|se morasse|imagina que|"
                 "imagina se|imagine que|"
                 "se *sse|se … *sse|se *ssem|se … *ssem|se *ssemos|se … *ssemos|"
                 "iria|compraria|moraria|seria|faria|teria|fantasia|sonho em|quem me dera|"
                 "gostaria|queria muito|algum dia|quem sabe"),
        "nl": _w("als ik ooit|als ik|als we ooit|als wij ooit|als we|als wij|stel dat|"
                 "stel je voor|zou|zouden|zou ik|fantasie|"
                 "droom|dromen|ooit misschien|misschien ooit|ooit nog eens|wie weet|"
                 "op een dag"),
        "zh": _w("如果|要是|假如|假设|万一|幻想|做梦|梦想|就好了|的话|说不定哪天|哪天有空"),
    },
    # ironic praise: the literal statement is the opposite of what is meant
    "sarcasm": {
        "en": _w("yeah right|oh great|just great|best hobby ever|best thing ever|"
                 "my favourite hobby|my favorite hobby|favourite pastime|favorite pastime|"
                 "best thing in the world|what a joy|living the dream|how fun|so much fun not|"
                 "oh yeah because|yeah because i'm|oh sure, because|sure, because i'm|"
                 # a claim capped by an absurd one ("… win the league. yeah and I'm the Pope")
                 "and i'm the pope|and im the pope|and i'm the queen|and pigs might fly|"
                 "and pigs fly|aye right"),
        "de": _w("na toll|super, schon wieder|toll, schon wieder|mein lieblingshobby|"
                 "lieblingsbeschäftigung|das beste überhaupt|ja klar"),
        "fr": _w("génial, encore|super, encore|trop bien, encore|mon passe-temps préféré|"
                 "mon loisir préféré|mon hobby préféré|le meilleur truc du monde|c'est le pied"),
        "es": _w("sí, claro|si, claro|mi pasatiempo favorito|mi hobby favorito|lo mejor del mundo|"
                 "qué maravilla|que maravilla|genial, otra vez"),
        "it": _w("il mio hobby preferito|il mio passatempo preferito|la cosa più bella del mondo|"
                 "che bello, di nuovo|come no|sì, certo"),
        "pt": _w("melhor coisa do mundo|meu hobby favorito|meu passatempo favorito|"
                 "que maravilha|adoro, só que não|só que não|até parece"),
        "nl": _w("ja hoor|echt mijn favoriete hobby|mijn favoriete hobby|lekker hoor|"
                 "geweldig, alweer|het beste ter wereld"),
        "zh": _w("幸福感爆棚|真是太好了呢|太幸福了吧|我可太喜欢"),
    },
    # someone else's words follow ("Tom texted …", "mein Chef sagt …")
    "reported": {
        "en": _w("says|said|saying|keeps saying|always says|texted|told me|tells me|asked me|"
                 # (a claim someone holds to: "my colleague insists it is only lactose")
                 "insists …|insisted …|is convinced|swears that|"
                 "wrote|messaged|thinks i should|reckons|keeps telling me|keep telling me|"
                 "always telling me|"
                 # chat spelling, the final g dropped ("my uncle keeps sayin i should move")
                 "sayin|keeps sayin|keep sayin|always sayin|keeps tellin me|keep tellin me|"
                 # talking on and on of it ("me nan STILL on about the ferries")
                 "still on about|going on about|goin on about|banging on about|keeps on about|"
                 # again with the same thing ("dad again with the thing about the police exam")
                 "again with the thing|again with that|on about … again"),
        "de": _w("sagt|sagte|meint|meinte|sagt immer|schreibt|schrieb|hat gesagt|findet, ich|"
                 "besteht darauf|beharrt darauf|ist überzeugt|schwört, dass|schwört dass|"
                 "hat mir erzählt|hat erzählt|erzählt mir|sagt ständig|sagt dauernd|"
                 "schon wieder mit dem Thema|schon wieder mit der Geschichte|"
                 "wieder mit der Geschichte|wieder mit dem Thema|schon wieder mit der Leier"),
        "fr": _w("dit|disait|dit toujours|m'a dit|m'écrit|m'a écrit|trouve que je|pense que je|"
                 "insiste que|insiste pour dire|est persuadée|est persuadé|est convaincue|"
                 "est convaincu|"
                 "m'a raconté|me raconte|n'arrête pas de dire|arrête pas de dire|me répète|"
                 "encore avec son histoire|encore avec cette histoire|encore avec ça|"
                 "toujours avec son histoire"),
        "es": _w("dice|decía|dijo|me dijo|siempre dice|me escribió|me escribe|cree que debería|"
                 "insiste en que|insiste que|está convencida|está convencido|jura que|"
                 "me contó|me ha contado|me cuenta|me comentó|me ha comentado|vive diciendo|"
                 "anda diciendo|sigue diciendo|"
                 # what someone keeps on at, the verb of saying left out ("mi tio otra vez
                 # con q me vaya a tijuana")
                 "otra vez con que|otra vez con q|sigue con que|sigue con q|dale con que|"
                 "otra vez con lo de|otra ve con lo de|de nuevo con lo de|sigue con lo de|"
                 "dale con lo de"),
        "it": _w("dice|diceva|ha detto|mi ha detto|dice sempre|mi scrive|mi ha scritto|"
                 "insiste che|insiste a dire|è convinta|è convinto|giura che|"
                 "mi ha raccontato|mi racconta|continua a dire|continua a ripetere|mi ripete|"
                 "di nuovo con la storia|ancora con la storia|sempre con la storia|"
                 "di nuovo con sta storia|ancora con sta storia"),
        "pt": _w("diz|dizia|disse|falou|me disse|diz sempre|sempre diz|me escreveu|acha que eu|"
                 "insiste que|insiste em dizer|jura que|está convencida|está convencido|"
                 "me contou|contou-me|me conta|vive dizendo|vive falando|vive me dizendo|"
                 "fica dizendo|fica falando|anda dizendo|de novo com a história|"
                 "de novo c a história|de novo com essa história|de novo com o papo|"
                 "outra vez com a história|outra vez com o papo|sempre com a história"),
        "nl": _w("zegt|zei|zegt altijd|schreef|appte|vindt dat ik|zei dat|vertelde|"
                 "blijft volhouden|houdt vol dat|is ervan overtuigd|zweert dat|"
                 "heeft verteld|blijft zeggen|zegt steeds|zegt telkens|weer met dat verhaal|"
                 "alweer met dat verhaal|weer over dat"),
        # (Cantonese 话 for "says": only with who says it or what follows, as 电话 is a phone)
        "zh": _w("说|总说|老说|告诉我|跟我说|问我|佢话|又话|成日话|话我应该|话我要|话我唔好|"
                 "坚持说|一口咬定|硬说|非说|又提|又说起|又在说|又跟我提"),
    },
    "negation": {
        "en": _w("not|n't|never|no longer|no more|none|nothing|nobody|without|don't|doesn't|"
                 "didn't|haven't|hasn't|isn't|aren't|wasn't|won't|cannot|can't"),
        "de": _w("nicht|kein|keine|keinen|keinem|keiner|nie|niemals|nichts|ohne|nicht mehr|"
                 "net|ned|nich|nit|ni"),  # the last five: "nicht" in dialects
        "fr": _w("ne|n'|pas|plus|jamais|rien|aucun|aucune|sans"),
        "es": _w("no|nunca|jamás|ya no|nada|ningún|ninguna|sin|tampoco"),
        "it": _w("non|mai|niente|nessun|nessuna|senza|più"),
        "pt": _w("não|nao|nunca|jamais|nada|nenhum|nenhuma|sem|já não"),
        "nl": _w("niet|geen|nooit|niets|zonder|niet meer|geen … meer"),
        "zh": _w("不|没|没有|别|无|不再|戒"),
    },
    # a negation word in a phrase that denies nothing: "it handled the drive like it was
    # nothing" says it was easy (read by lucidmem.facts.one_at_a_time, not as a negation of
    # the thing named)
    "easily": {
        "en": _w("like it was nothing|like it's nothing|as if it was nothing|no problem|"
                 "no problems|no trouble|no issues"),
        "de": _w("als wär's nichts|als wäre es nichts|als wär nichts|ohne probleme|"
                 "ohne mucken|kein problem|keine probleme"),
        "fr": _w("comme si de rien n'était|comme si ce n'était rien|sans problème|"
                 "sans souci|sans soucis"),
        "es": _w("como si nada|como si no fuera nada|sin problemas|sin problema|ningún problema"),
        "it": _w("come se niente fosse|come niente|senza problemi|nessun problema"),
        "pt": _w("como se não fosse nada|como se nada|sem problemas|sem problema|"
                 "nenhum problema"),
        "nl": _w("alsof het niks was|alsof het niets was|zonder problemen|geen probleem|"
                 "geen problemen"),
        "zh": _w("跟没事一样|像没事一样|没问题|毫无问题|一点问题都没有"),
    },
    # a one-time deviation from a habit
    "one_off": {
        "en": _w("for once|just today|only today|today only|just this once|this once|"
                 "this time|just this week|only this week|as an exception|exceptionally|"
                 "just for today|just for tomorrow|only tomorrow|one-off|one off|for a change|"
                 "was really a one|just once|only once"),
        "de": _w("ausnahmsweise|nur heute|nur morgen|nur diese woche|nur diesmal|diesmal|"
                 "dieses mal|dieses eine mal|einmalig|heute mal|nur einmal"),
        "fr": _w("exceptionnellement|pour une fois|juste aujourd'hui|seulement aujourd'hui|"
                 "cette fois|cette fois-ci|juste cette semaine|seulement cette semaine|"
                 "une fois|vraiment une fois|à titre exceptionnel"),
        "es": _w("por esta vez|solo esta vez|sólo esta vez|solo por hoy|solo hoy|solo mañana|"
                 "esta vez|excepcionalmente|por única vez|nomás por esta vez|solo esta semana"),
        "it": _w("per una volta|solo per oggi|solo oggi|solo per domani|solo domani|"
                 "eccezionalmente|stavolta|questa volta|solo questa settimana|per stavolta"),
        "pt": _w("só esta semana|só esta vez|desta vez|só hoje|só amanhã|excepcionalmente|"
                 "por uma vez|só por hoje|só dessa vez|só desta vez"),
        "nl": _w("uitzonderlijk|bij uitzondering|alleen vandaag|alleen morgen|deze keer|"
                 "eenmalig|voor een keer|voor één keer|alleen deze week"),
        "zh": _w("就这一次|就这次|这一次|这次|破例|只是今天|只有今天|临时|偶尔一次|这周"),
    },
    # a habit or standing state
    # this week or weekend, which with a weekday says a habit moved once ("questa settimana
    # giochiamo martedì", "este finde jugamos el domingo, no el sábado"): a one-off
    "this_week": {
        # (and the next: "volgende week repeteert het koor niet op dinsdag maar op woensdag")
        "en": _w("this week|this weekend|next week|next weekend"),
        # (not "die Woche": "zweimal die Woche" is a habit)
        "de": _w("diese woche|dieses wochenende|nächste woche|nächstes wochenende|"
                 "kommende woche"),
        "fr": _w("cette semaine|ce week-end|ce weekend|la semaine prochaine|"
                 "le week-end prochain"),
        "es": _w("esta semana|este finde|este fin de semana|la semana que viene|"
                 "la próxima semana|el finde que viene"),
        "it": _w("questa settimana|questo weekend|questo fine settimana|la settimana prossima|"
                 "la prossima settimana"),
        "pt": _w("esta semana|essa semana|este fim de semana|esse fim de semana|"
                 "semana que vem|na próxima semana"),
        "nl": _w("deze week|dit weekend|volgende week|volgend weekend|komende week"),
        # (not "下周": "不是下周三，是下周五" puts a date right, next Wednesday is a day)
        "zh": _w("这周|这个星期|这个礼拜|这礼拜|这星期|这周末"),
    },
    "habit": {
        "en": _w("every day|every morning|every evening|every week|every weekend|daily|always|"
                 "usually|normally|as always|as usual|each way|every|each|whenever|every time|"
                 "per week|a week|a day|times a week|on weekends|on weekdays|for years|"
                 "most days|most mornings|most evenings|most nights|most weekends|most weeks|"
                 "most of the time|weeknights")
        # "Band practice is Wednesday nights": a weekday's part in the plural is every week's
        + tuple(f"{day}day {part}" for day in ("mon", "tues", "wednes", "thurs", "fri",
                                               "satur", "sun")
                for part in ("nights", "mornings", "evenings", "afternoons")),
        "de": _w("jeden tag|jeden morgen|jeden abend|jede woche|jedes wochenende|täglich|immer|"
                 "normalerweise|meistens|wie immer|seit jahren|jeden|jede|jedes|pro woche|"
                 "die woche|am tag|mal die woche|samstags|sonntags|montags|dienstags|"
                 "mittwochs|donnerstags|freitags|morgens|abends"),
        "fr": _w("tous les jours|tous les matins|tous les soirs|chaque|toutes les semaines|"
                 "tous les|toutes les|toujours|d'habitude|comme toujours|normalement|"
                 "par semaine|par jour|le week-end|le lundi|le mardi|le mercredi|le jeudi|"
                 "le vendredi|le samedi|le dimanche|la plupart du temps|la plupart des jours"),
        "es": _w("todos los días|todas las mañanas|cada|todos los|todas las|siempre|"
                 "normalmente|como siempre|por semana|al día|los fines de semana|"
                 "los lunes|los martes|los miércoles|los jueves|los viernes|los sábados|"
                 "los domingos|casi siempre|la mayoría de los días|"
                 # written without accents in chat
                 "los sabados|los miercoles|todos los dias"),
        "it": _w("ogni giorno|ogni mattina|ogni sera|ogni settimana|tutti i giorni|"
                 "tutte le mattine|ogni|sempre|di solito|come sempre|normalmente|"
                 "a settimana|al giorno|il lunedì|il martedì|il mercoledì|il giovedì|"
                 "il venerdì|il sabato|la domenica|quasi sempre|la maggior parte dei giorni|"
                 "tutti i lunedì|tutti i martedì|tutti i mercoledì|tutti i giovedì|"
                 "tutti i venerdì|tutti i sabati|tutte le domeniche|"
                 # written without accents in chat
                 "il lunedi|il martedi|il mercoledi|il giovedi|il venerdi|tutti i lunedi|"
                 "tutti i martedi|tutti i mercoledi|tutti i giovedi|tutti i venerdi"),
        "pt": _w("todo dia|todos os dias|toda manhã|todas as manhãs|cada|toda semana|"
                 "sempre|normalmente|como sempre|por semana|ao dia|por dia|às segundas|"
                 "às terças|às quartas|às quintas|às sextas|aos sábados|aos domingos|toda|"
                 "quase sempre|a maioria dos dias|toda segunda|toda terça|toda quarta|"
                 "toda quinta|toda sexta|todo sábado|todo domingo|"
                 # written without accents in chat
                 "as segundas|as tercas|as terças|as quartas|as quintas|as sextas|"
                 "aos sabados|toda terca|todo sabado"),
        "nl": _w("elke dag|elke ochtend|elke avond|elke week|elk weekend|dagelijks|altijd|"
                 "normaal|meestal|zoals altijd|per week|per dag|keer per week|elke|elk|"
                 "op maandag|op dinsdag|op woensdag|op donderdag|op vrijdag|"
                 "op zaterdag|op zondag|de meeste dagen|bijna altijd"),
        "zh": _w("每天|每周|每个|每次|每晚|每早|总是|一直|经常|平时|照常|天天|一周|每月|"
                 "周末|老样子|大多数时候|大部分时间"),
    },
    "correction": {
        "en": _w("i meant|i mean|small correction|quick correction|correction|"
                 "small correction from last time|quick correction from last time|"
                 "correction from last time|small correction from before|"
                 "quick correction from before|correction from before|i got it wrong|"
                 "got it wrong|i was wrong|i had … wrong|i got … wrong|i've got … wrong|"
                 "i had … mixed up|i got … mixed up|i was mistaken|i misread|i misunderstood|"
                 "not … as i told you|not … like i told you|not … as i said|not … like i said|"
                 "my mistake|i misspoke|wrong, it's|not x|let me correct|to correct|"
                 "i mixed up|i mix up|scratch that, it's|actually it's|typo|wait no|wait, no|"
                 "no wait|no, wait|nonsense|scratch that|autocorrect|was wrong,|is wrong,|"
                 "'s wrong,|what am i saying|what was i saying|what am i writing|silly me|"
                 "i mixed it up|mixed them up|got it mixed up|got them mixed up|mixed that up|"
                 "mixed this up|got that wrong|got that mixed up|got the name wrong|wrong name,|"
                 "i said it wrong|i wrote it wrong|wrote that wrong|said that wrong|or rather|"
                 "no, sorry|no sorry|my bad|mixes them up|always mix them up|"
                 "always mixes them up|that's not true,|that’s not true,|that isn't true,|"
                 "not true,"),
        "de": _w("korrektur|kleine korrektur|ich meinte|ich meine,|meinte ich|"
                 "nicht … wie ich gesagt hab|nicht … wie ich dir gesagt hab|"
                 "nicht … wie ich geschrieben hab|"
                 "ich meine natürlich|ich habe mich vertan|hab mich vertan|ich hab mich geirrt|"
                 "ich habe mich geirrt|falsch gesagt|"
                 "verwechselt|stimmt nicht|warte, nein|warte nein|nein, warte|nein warte|"
                 "nee, warte|nee warte|blödsinn|quatsch|stimmt gar nicht|stimmt doch nicht|"
                 "stimmt gar ned|stimmt ned|stimmt net|stimmt gar net|"
                 "autokorrektur|vertippt|ist falsch,|war falsch,|was schreib ich da|"
                 "was schreibe ich da|was red ich da|was rede ich da|was erzähl ich da|"
                 "durcheinandergebracht|durcheinander gebracht|falsch geschrieben|"
                 "äh nein|ähm nein|also nein|nee, sorry|richtigstellen|richtig stellen|"
                 "durcheinandergeschmissen|durcheinander geschmissen|durcheinandergeworfen|"
                 "hatte mich vertan|hatte mich geirrt|falsch verstanden|hab mi vertan|"
                 "hab mi geirrt|hab mich … vertan|habe mich … vertan|hab mich … geirrt"),
        "fr": _w("correction|petite correction|je voulais dire|je me suis trompé|"
                 "pas … comme je t'ai dit|pas … comme je vous ai dit|pas … comme je l'ai dit|"
                 "je me suis trompée|me suis trompé|me suis trompée|je me trompe|"
                 "erreur de ma part|j'ai inversé|je me suis mal exprimé|je me suis mal exprimée|"
                 "mauvais nom|"
                 "j'ai confondu|en fait c'est|attends, non|attends non|non, attends|"
                 "non attends|n'importe quoi|c'est faux|le correcteur|faute de frappe|"
                 "qu'est-ce que je raconte|qu'est-ce que j'écris|j'ai tout mélangé|"
                 "je mélange tout|j'ai mélangé|mal écrit|j'ai dit une bêtise|quelle bêtise|"
                 "ou plutôt|enfin non|je m'étais trompé|je m'étais trompée|j'avais mal compris|"
                 "j'ai mal compris"),
        "es": _w("corrijo|corrigiendo|pequeña corrección|corrección|"
                 "no … como te dije|no … como dije|no … como te había dicho|"
                 "me equivoqué|me he equivocado|quise decir|"
                 "me lié|me he liado|me confundí|me he confundido|error mío|perdón, es|"
                 "en realidad es|quería decir|"
                 "quiero decir|espera, no|espera no|no, espera|no espera|qué digo|está mal|"
                 "el corrector|autocorrector|errata|error de tipeo|qué tontería|qué burrada|"
                 "qué estoy diciendo|lo dije mal|lo escribí mal|me hice un lío|dije mal|"
                 "escribí mal|mejor dicho|o sea, no|me había equivocado|me había confundido|"
                 "había entendido mal|entendí mal|me mezclé|me hice bolas|me enredé|"
                 "me hice un enredo|me trabé|me equivoco siempre|siempre me confundo|"
                 "te lo dije mal|se lo dije mal|te lo puse mal|no es verdad,|no es cierto,"),
        "it": _w("correggo|piccola correzione|correzione|"
                 "non … come ti ho detto|non … come avevo detto|non … come ti avevo detto|"
                 "mi sono sbagliato|mi sono sbagliata|ho sbagliato|"
                 "volevo dire|intendevo|intendo|mi sono confuso|mi sono confusa|errore mio|"
                 "aspetta, no|aspetta no|no, aspetta|no aspetta|che dico|è sbagliato|"
                 "è sbagliata|correttore|"
                 "errore di battitura|che minchiata|che cavolata|che cazzata|che stupidaggine|"
                 "che sciocchezza|che fesseria|ma che scrivo|ho scritto male|ho detto male|"
                 "ho fatto confusione|anzi no|o meglio|mi ero confuso|mi ero confusa|"
                 "mi ero sbagliato|mi ero sbagliata|avevo sbagliato|avevo capito male|"
                 "mi confondo sempre|mi confondo|confondo sempre|faccio sempre confusione|"
                 "non è vero,|nn è vero,|ti devo correggere|devo correggerti"),
        "pt": _w("corrijo|corrigindo|pequena correção|pequena correcção|correção|correcção|"
                 "tenho que te corrigir|deixa eu corrigir|preciso corrigir|"
                 "me enganei|enganei-me|errei|quis dizer|queria dizer|"
                 "me confundi|confundi|erro meu|quero dizer|espera, não|espera não|"
                 "não, espera|pera, não|pera não|que besteira|tá errado|está errado|tá errada|"
                 "está errada|o corretor|"
                 "erro de digitação|que bobagem|falei besteira|escrevi besteira|"
                 "escrevi errado|falei errado|nome errado|que disparate|baralhei|me atrapalhei|"
                 "o que é que eu tô dizendo|aliás, não|ou melhor|tinha me enganado|"
                 "me tinha enganado|tinha-me enganado|entendi mal|percebi mal|não é verdade,|"
                 "não … como eu te disse|não … como te disse|não … como eu disse|"
                 "não … como eu tinha dito"),
        "nl": _w("foutje|kleine correctie|correctie|even rechtzetten|rechtzetten|rechtzetting|"
                 "ik bedoelde|ik bedoel|ik vergiste me|ik heb me vergist|ik vergis me|"
                 "ik vergis mij|"
                 "haal … door elkaar|verkeerd gezegd|wacht, nee|wacht nee|nee, wacht|nee wacht|"
                 "onzin|klopt niet|klopt helemaal niet|autocorrectie|typfout|is fout,|"
                 "wat zeg ik nu|wat schrijf ik nu|door elkaar gehaald|door mekaar gehaald|"
                 "verkeerd geschreven|verkeerd getypt|verkeerde naam|of nee|euh nee|nee sorry|"
                 "nee, sorry|ik had het mis|ik had me vergist|verkeerd begrepen|"
                 "cijfers omgedraaid|getallen omgedraaid"),
        "zh": _w("说错了|搞错了|记错了|更正一下|纠正一下|更正|纠正|不对|是我弄错|写错了|我是说|"
                 # Cantonese
                 "讲错|讲错咗|搞错咗|记错咗|打错咗|"
                 "我的意思是|等等，|"
                 "等一下，|啊等等|打错了|打错字|看错了|输入法|手滑|笔误|口误|说反了|写反了|"
                 "搞混了|弄混了|记混了|瞎说的|胡说的|"
                 # said wrong, in the words of the north and the west ("说岔了", "嘴瓢了", "说错咧")
                 "说岔了|说岔啦|嘴瓢了|嘴瓢|说错咧|说错啦|说混了|说串了|记岔了"),
    },
    "retraction": {
        "en": _w("forget what i said|forget what i told you|forget about what i said|"
                 "forget what … tell you|forget what … told you|"
                 "forget i said|forget i mentioned|please forget|ignore what i said|"
                 "scratch what i said|scratch what i told you|scratch that about|"
                 "scratch the bit about|scratch the part about|ignore the bit about|"
                 "ignore the part about|ignore what i told you|don't remember that|"
                 "delete what i said|"
                 "forget everything i said|forget everything i told you|forget all i said|"
                 "forget all i told you|forget all that|forget anything i said|"
                 "forget anything i told you|forget that i said|forget that i told you|"
                 "forget the bit about|forget the part about|forget the stuff about|"
                 # the thing named between ("forget the Kruger thing I told you about")
                 "forget the … i told you|forget the … … i told you|forget the … i mentioned|"
                 "forget the … … i mentioned|forget the … i said|forget the … … i said|"
                 "forget about the … i told you|forget about the … … i told you|"
                 "never mind what i said|disregard what i said|ignore what i said|"
                 "ignore what i told you|scratch what i said|"
                 # deleting, erasing, not keeping: the same ask in other words
                 "erase what i said|erase what i told you|erase that|erase it|delete that|"
                 "delete it|delete what i told you|wipe what i said|wipe that|"
                 "take back what i said|take back what i told you|don't keep that|"
                 "don't store that|don't save that|rather you didn't remember|"
                 "forget it|forget about it|"
                 # as if it had never been said
                 "pretend i never said|pretend i never told you|pretend i didn't say|"
                 "pretend i didn't tell you|pretend i never mentioned|act as if i never said|"
                 "act as if i never told you|act like i never said|act like i never told you|"
                 "as if i never said|as if i never told you|as if i never mentioned|"
                 "don't remember any of that|i shouldn't have told you|"
                 "i should not have told you|i shouldn't have mentioned"),
        "de": _w("vergiss|vergiss bitte|vergessen sie|ignorier|lösch|"
                 "streich das|streich bitte|streich mal|streich es|behalt das nicht|"
                 "merk dir das nicht|merk dir das bitte nicht|nicht merken|nicht speichern|"
                 # the dialect imperative ("Vergess bitte, was ich der verzählt hab"), never
                 # the first person ("ich vergess das immer")
                 "vergess bitte|vergess mol|vergess mal|vergess, was|vergess des bitte|"
                 "vergess das bitte|vergesse bitte|merk der des net|merk dir des net|"
                 # as if it had never been said
                 "tu so als hätte ich … gesagt|tu so, als hätte ich … gesagt|"
                 "als hätte ich … gesagt|als hätt ich … gesagt|als hätt ich … gsagt|"
                 "als hätte ich … erzählt|als hätt ich … verzählt|als hätte ich nie was gesagt|"
                 "als hätte ich dir nie was gesagt|als ob ich … gesagt hätte|"
                 "hätte ich dir nicht erzählen sollen|hätt ich der net verzähle solle"),
        "fr": _w("oublie ce que|oubliez ce que|oublie ça|oublie|oubliez|ne retiens pas|efface|"
                 # Québec: "laisse faire cuba, on a annulé"
                 "laisse faire|laissez faire|"
                 # dropping it: "laisse tomber ce que je t'avais dit pour le master à lyon"
                 "laisse tomber ce que|laisse tomber ce qu'|laissez tomber ce que|"
                 "laisse tomber l'histoire|laisse tomber pour|laisse tomber le truc|"
                 "supprime ce que|supprime ça|supprime l'histoire|supprime cette|supprime ce|"
                 "ne garde pas|ne le garde pas|ne la garde pas|ne t'en souviens pas|"
                 "ne le retiens pas|ne la retiens pas|"
                 # as if it had never been said
                 "fais comme si je n'avais rien dit|fais comme si je t'avais rien dit|"
                 "fais comme si je ne t'avais rien dit|fais comme si j'avais rien dit|"
                 "faites comme si je n'avais rien dit|comme si je n'avais rien dit|"
                 "comme si je t'avais rien dit|comme si je ne t'avais rien dit|"
                 "comme si j'avais rien dit|comme si je n'avais jamais rien dit|"
                 "comme si je ne t'avais jamais rien dit|comme si je t'avais jamais rien dit|"
                 "comme si je ne t'avais rien raconté|comme si je t'avais rien raconté|"
                 "ne t'en souviens plus|ne retiens pas ça|je n'aurais pas dû te dire|"
                 "j'aurais pas dû te dire|je n'aurais pas dû te raconter|"
                 "j'aurais pas dû te raconter"),
        "es": _w("olvida lo que|olvídate de lo que|olvida|olvídalo|borra lo que|ignora lo que|"
                 "no hagas caso a lo que|no hagas caso de lo que|"
                 "olvídate|olvidate|olvidá|olvidalo|olvidala|olvídala|borrá|borralo|bórralo|"
                 "borra lo de|bórrame|borrame|bórralo todo|elimina lo que|elimina lo de|"
                 "elimina eso|no lo guardes|no la guardes|no lo apuntes|no lo recuerdes|"
                 # as if it had never been said
                 "como si no te hubiera dicho|como si no te hubiese dicho|"
                 "como si no hubiera dicho|como si no hubiese dicho|como si no te dije|"
                 "como si no te hubiera contado|como si no te hubiese contado|"
                 "como que no te dije|como que no dije|de cuenta que no te dije|"
                 "de cuenta que no dije|de cuenta que no te conté|no te acuerdes de eso|"
                 "no te acuerdes de lo de|no te quedes con eso|no te lo debí contar|"
                 "no debí contarte|no debería habértelo contado|no te lo tendría que haber dicho"),
        "it": _w("dimentica quello che|dimentica quel|dimentica|dimenticati|scorda|scordati|"
                 "lascia stare quello|lascia stare la storia|lascia stare il discorso|"
                 "lascia perdere quello|lascia perdere la storia|lascia perdere il discorso|"
                 "lascia perdere la cosa|lascia perde|dimenticalo|dimenticala|scordatelo|"
                 "scordatela|"
                 "cancella|cancellalo|cancellala|togli quella cosa|togli quello che|"
                 "non te lo ricordare|non te la ricordare|non ricordartelo|"
                 "che non te lo ricordi|che non te la ricordi|"
                 # as if it had never been said
                 "come se non te l'avessi mai detto|come se non te l'avessi detto|"
                 "come se non ti avessi detto|come se non avessi detto|"
                 "come se non te ne avessi mai parlato|come se non te ne avessi parlato|"
                 "finta che non te l'abbia mai detto|finta che non te l'abbia detto|"
                 "finta che non ti abbia detto|finta che non te l'avessi detto|"
                 "finta che non ti avessi detto|finta di non averlo sentito|"
                 "non tenerlo a mente|non ricordartela|non avrei dovuto dirtelo|"
                 "non dovevo dirtelo|non avrei dovuto raccontarti"),
        "pt": _w("esquece o que|esquece tudo|esquece|esqueça o que|esqueça|apaga o que|"
                 "apaga aquilo|apaga isso|apaga a parte|apaga essa|apaga esse|apague|"
                 "deixa pra lá o que|deixa para lá o que|ignora o que eu|"
                 "deleta|não guarda isso|não guardes isso|não grava isso|"
                 # as if it had never been said
                 "de conta que eu não disse|de conta que não disse|de conta que não te disse|"
                 "de conta que eu não te disse|de conta que eu não falei|"
                 "de conta que não falei|finge que eu não disse|finge que não disse|"
                 "finge que eu não te disse|finge que não te disse|finge que eu não falei|"
                 "como se eu não tivesse dito|como se eu não tivesse falado|"
                 "como se eu nunca tivesse dito|como se eu não te tivesse dito|"
                 "não guarda isso não|não fica com isso|não devia ter te contado|"
                 "não devia ter-te contado|não devia ter falado"),
        "nl": _w("vergeet wat|vergeet dat|vergeet het|vergeet|wis wat|wis dat|wis het|"
                 "verwijder wat|verwijder dat|haal dat … weg|onthoud dat maar niet|"
                 "negeer wat ik|laat maar zitten wat|"
                 "onthoud dat niet|niet onthouden|"
                 # as if it had never been said
                 "alsof ik niks gezegd heb|alsof ik niets gezegd heb|alsof ik niks heb gezegd|"
                 "alsof ik niets heb gezegd|alsof ik het nooit gezegd heb|"
                 "alsof ik het nooit heb gezegd|alsof ik je niks verteld heb|"
                 "alsof ik je niets verteld heb|alsof ik je niks heb verteld|"
                 "alsof ik je niets heb verteld|onthoud het maar niet|"
                 "had ik je niet moeten vertellen|had ik niet moeten vertellen|"
                 # not keeping it: "Sla het niet op alsjeblieft"
                 "sla het niet op|sla dat niet op|niet opslaan|bewaar dat niet|"
                 "bewaar het niet"),
        "zh": _w("忘了吧|忘掉|别记|不要记|当我没说|删掉|忘了|删了吧|删了|抹掉|抹了|不用记|"
                 # as if it had never been said, also in Cantonese (冇讲过, 唔好记住)
                 "当我没讲|当我冇讲|当我冇说|当我没提|当我什么都没说|当我啥也没说|当没听过|"
                 "当我乜都冇讲|唔好记|唔使记|唔好写低|别记住|不要记住|就当没这回事|"
                 "不该跟你说|不应该跟你说|唔应该同你讲|你莫记|莫记到|别记到|不要记到"),
    },
    # why a retraction was asked, said after it ("that was gossip", "sono fatti suoi", "des
    # geht mich nix an"): no fact of its own
    "retraction_reason": {
        "en": _w("i misheard|i got confused|got it mixed up|never happened|"
                 "was gossip|was just gossip|only gossip|just a rumour|just a rumor|"
                 "was a rumour|was a rumor|not my story to tell|none of my business|"
                 "not my business|isn't true|wasn't true|not true after all|"
                 "doesn't want anyone to know|doesn't want it to get around|"
                 "doesn't want to talk about it|asked me not to tell|asked me not to say|"
                 "was a misunderstanding|it's over already|it's all off|"
                 # the plan taken back did not happen
                 "fell through|didn't work out|didnt work out|got cancelled|was cancelled|"
                 "went bust|went bankrupt|it was a mistake|was a mix-up"),
        "de": _w("hab mich verhört|falsch verstanden|war ein Irrtum|"
                 "war Klatsch|war nur Klatsch|war Tratsch|war nur Tratsch|nur ein Gerücht|"
                 "war ein Gerücht|geht mich nichts an|geht mich nix an|geht mi nix an|"
                 "stimmt gar nicht|stimmt nicht|will nicht, dass|will net, dass|will ned, dass|"
                 "will nicht drüber reden|will nicht mehr drüber reden|war ein Missverständnis|"
                 "hat mich gebeten, es nicht|soll es nicht rumerzählen|ist geplatzt|"
                 "ins Wasser gefallen|ist pleite|ging pleite|ist insolvent"),
        "fr": _w("j'ai mal compris|je me suis trompée|je me suis trompé|c'était une confusion|"
                 "c'était des ragots|c'étaient des ragots|c'était un ragot|des potins|"
                 "c'était une rumeur|juste une rumeur|pas mes affaires|pas mes oignons|"
                 "ne me regarde pas|me regarde pas|c'est pas vrai|c'était pas vrai|"
                 "n'était pas vrai|ne veut pas que ça se sache|veut pas que ça se sache|"
                 "veut plus en parler|ne veut pas en parler|veut pas en parler|"
                 "c'était un malentendu|m'a demandé de ne pas le dire|tombé à l'eau|on a annulé"),
        "es": _w("me confundí|fue confusión mía|entendí mal|"
                 "era un chisme|eran chismes|era chisme|un cotilleo|era cotilleo|"
                 "era un rumor|solo un rumor|no es asunto mío|no es cosa mía|"
                 "no me incumbe|no era verdad|no es verdad|no quiere que se sepa|"
                 "fue un malentendido|era un malentendido|me ha pedido que no lo|"
                 "me pidió que no lo|no quiere hablar de eso|no quiere hablar del tema|se cayó|"
                 "se canceló|fue un error|fue una equivocación"),
        "it": _w("ho capito male|mi sono confuso|mi sono confusa|"
                 "era un pettegolezzo|erano pettegolezzi|solo un pettegolezzo|"
                 "era una voce|solo una voce|sono fatti suoi|fatti suoi|non sono affari miei|"
                 "non sono fatti miei|non era vero|non è vero|non vuole che si sappia|"
                 "è stato un malinteso|era un malinteso|non vuole parlarne|"
                 "mi ha chiesto di non dirlo|è saltato|è saltata|è sfumato|è sfumata|"
                 "è stato un errore"),
        "pt": _w("foi confusão minha|me confundi|entendi mal|"
                 "era fofoca|foi fofoca|só fofoca|era mexerico|era boato|só um boato|"
                 "não é da minha conta|não é assunto meu|não era verdade|não é verdade|"
                 "não quer que se saiba|não quer que ninguém saiba|foi um mal-entendido|"
                 "foi um mal entendido|não quer falar disso|não quer falar sobre isso|"
                 "me pediu pra não contar|pediu-me para não contar|não deu certo|furou|foi engano|"
                 "foi um engano"),
        "nl": _w("verkeerd begrepen|was een vergissing|heb me vergist|"
                 "was roddel|was maar roddel|was geroddel|roddel van|was een gerucht|"
                 "maar een gerucht|gaat mij niet aan|gaat me niet aan|gaat me niks aan|"
                 "klopt niet|was niet waar|is niet waar|wil niet dat het rondgaat|"
                 "wil niet dat iemand het weet|wil er niet over praten|"
                 "wil er niet meer over praten|was een misverstand|"
                 "heeft gevraagd het niet te vertellen|ging niet door|gaat niet door|"
                 "is afgeblazen|is failliet|ging failliet"),
        "zh": _w("不想再提|没那回事|听岔了|听错了|搞错了|黄了|泡汤了|"
                 "是八卦|八卦来的|八卦嚟|只是谣言|是谣言|不关我事|唔关我事|关我咩事|"
                 "不是真的|唔系真嘅|还没决定|还没定|都未决定|未决定|不想让人知道|不愿意让人知道|"
                 "唔想人知"),
    },
    "hedge": {
        "en": _w("i think|i guess|i suppose|probably|maybe|perhaps|kind of|sort of|kinda|"
                 "i believe|apparently|possibly|might"),
        "de": _w("ich glaube|ich denke|glaub ich|wahrscheinlich|vielleicht|eher|irgendwie|"
                 "vermutlich|anscheinend"),
        "fr": _w("je crois|je pense|peut-être|probablement|sans doute|apparemment|plutôt"),
        "es": _w("creo que|creo|quizás|quizá|tal vez|a lo mejor|probablemente|supongo"),
        "it": _w("credo|penso|forse|probabilmente|magari|apparentemente|mi sa"),
        "pt": _w("acho que|acho|talvez|provavelmente|se calhar|pelo visto"),
        "nl": _w("ik denk|denk ik|misschien|waarschijnlijk|volgens mij|blijkbaar"),
        "zh": _w("可能|也许|大概|估计|好像|应该是|我觉得"),
    },
    # a change of state: "now", "no longer", "moved", "new"
    "change": {
        "en": _w("now|no longer|anymore|any more|these days|nowadays|moved|moving|switched|"
                 "changed|new|started|starting|since|from now on|became|got the job|"
                 "handed in my notice|last day|signed the lease|we're in|just"),
        "de": _w("jetzt|nun|nicht mehr|inzwischen|mittlerweile|umgezogen|ziehen|gewechselt|"
                 "neu|neue|neuen|neuer|angefangen|fange|fang ich|ab dem|seit|letzter tag|"
                 "gekündigt"),
        "fr": _w("maintenant|désormais|ne plus|plus|déménagé|déménage|nouveau|nouvelle|"
                 "commencé|commence|depuis|dorénavant|ça y est|voilà"),
        "es": _w("ahora|ya no|ya|me mudé|nos mudamos|mudanza|nuevo|nueva|empecé|empiezo|"
                 "desde|a partir de|por fin|cambié"),
        "it": _w("ora|adesso|non più|ormai|trasferito|trasferita|trasloco|nuovo|nuova|"
                 "iniziato|comincio|inizio|da questo mese|da quando|finalmente|novità|"
                 "da gennaio|da febbraio|da marzo|da aprile|da maggio|da giugno|da luglio|"
                 "da agosto|da settembre|da ottobre|da novembre|da dicembre|da ieri|"
                 "da lunedì|da martedì|da mercoledì|da giovedì|da venerdì|da sabato|"
                 "da domenica|dalla settimana scorsa|dal mese scorso"),
        "pt": _w("agora|já não|mudei|mudamos|mudança|novo|nova|comecei|começo|desde|"
                 "a partir de|finalmente|oficialmente"),
        "nl": _w("nu|niet meer|inmiddels|verhuisd|verhuizen|nieuwe|nieuw|begonnen|begin|"
                 "sinds|vanaf|eindelijk"),
        "zh": _w("现在|不再|搬|新|改|换|开始|已经|终于|从此|以后|入职|离职"),
    },
    # "only X now": the new value replaces the others of its kind
    "exclusive": {
        "en": _w("only|it's just|just … now|nothing but|exclusively|the only|all … now"),
        "de": _w("nur noch|nur|ausschließlich|ist jetzt nur noch"),
        "fr": _w("que|ne … plus que|plus que|uniquement|seulement|que du|que de la"),
        "es": _w("solo|sólo|únicamente|nada más que|único|única"),
        "it": _w("solo|soltanto|unicamente|unico|unica"),
        "pt": _w("só|apenas|somente|único|única"),
        "nl": _w("alleen nog|alleen|enkel|uitsluitend|nog maar"),
        "zh": _w("只|都改成|都是|全是|光"),
    },
    # the user went over to another place or club of the same kind ("switched to X")
    "switch": {
        "en": _w("switched to|switched over to|changed to|moved over to|swapped to|"
                 "joined … instead"),
        "de": _w("gewechselt|umgestiegen|bin jetzt bei|wechsle zu"),
        "fr": _w("passé chez|passée chez|changé pour|changé de club|changé de salle|"
                 "passé au|passée au|passé à|passée à"),
        "es": _w("me cambié a|me cambié al|me pasé a|me pasé al|cambié de gimnasio|"
                 "cambié de club"),
        "it": _w("passato a|passata a|passato al|passata al|passato alla|passata alla|"
                 "cambiato palestra|cambiato squadra|mi sono spostato|mi sono spostata"),
        "pt": _w("mudei para|passei para|troquei de academia|troquei de clube|troquei para"),
        "nl": _w("overgestapt|gewisseld naar|geswitcht naar|overgeschakeld naar"),
        "zh": _w("换到|改去|转到|换成了|转去"),
    },
    # the user stopped something
    "cessation": {
        "en": _w("handed in my badge|handed back my badge|returned my badge|"
                 "quit|quitting|stopped|gave up|given up|sold|cancelled|canceled|left|"
                 "haven't had|no more|dropped|last day|done with|unsubscribed|moved out|resigned|"
                 "cut out|gone off|went off|kicked|didn't renew|did not renew|not renewing|"
                 "let … lapse|terminated my|ended my membership|"
                 # no longer where one was ("I'm no longer at Tesco, now I work at Asda")
                 "no longer at|no longer with|no longer work|no longer working|no longer live|"
                 "no longer living|not at … anymore|not with … anymore|"
                 "don't work at … anymore|don't live in … anymore"),
        "de": _w("Ausweis abgegeben|Badge abgegeben|"
                 "aufgehört|höre auf|aufgegeben|abgemeldet|gekündigt|verkauft|verlassen|"
                 "ist Geschichte|is Geschichte|"
                 "letzter tag|nicht mehr|schluss mit|ausgetreten|storniert|abbestellt|"
                 "kein … mehr|keine … mehr|keinen … mehr|kein … … mehr|keine … … mehr|"
                 "nicht verlängert|Mitgliedschaft beendet|Vertrag beendet|"
                 # "Mit'm Seehotel is Schluss": with it, it is over
                 "ist Schluss|is Schluss|isch Schluss"),
        "fr": _w("rendu mon badge|"
                 "arrêté|arrête|arrêter|quitté|quitte|abandonné|vendu|résilié|"
                 "c'est fini|fini|plus jamais|dernier cours|désinscrit|démissionné|démissionnée|"
                 "démissionne|désabonné|désabonnée|désinscrite|pas renouvelé|"
                 "annulé l'abonnement|annulé mon abonnement|ne suis plus|ne travaille plus|"
                 "ne bosse plus|n'y suis plus|n'y travaille plus"),
        "es": _w("devolví la credencial|devolví mi credencial|entregué la credencial|"
                 "dejé|dejado|dejar|vendí|vendido|cancelé|renuncié|me di de baja|"
                 "se acabó|ya no|dimití|he dimitido|he renunciado|he cancelado|di de baja|"
                 "dado de baja|me borré|me desapunté|me desuscribí|no renové|no lo renové|"
                 # "me sali de los tambores del rebolo": the user left it
                 "me salí de|me sali de|me retiré de|me retire de|ya no estoy en"),
        "it": _w("restituito il badge|riconsegnato il badge|"
                 "smesso|smettere|smetto|lasciato|venduto|disdetto|mollato|basta con|"
                 "non più|licenziato|dimesso|dimessa|licenziata|disdire|disiscritto|disiscritta|"
                 "non ho rinnovato|non l'ho rinnovato|cancellato l'abbonamento|"
                 "cancellata l'iscrizione|non sono più|non lavoro più|non ci lavoro più"),
        "pt": _w("devolvi o crachá|entreguei o crachá|"
                 "parei|parar|larguei|vendi|vendido|cancelei|saí|desisti|já não|acabou|"
                 "pedi demissão|me demiti|demiti-me|cancelado|tranquei|não renovei|"
                 "me desinscrevi|rescindi|não estou mais|não trabalho mais"),
        "nl": _w("badge ingeleverd|pasje ingeleverd|"
                 "gestopt|stop|opgezegd|verkocht|opgegeven|afgemeld|niet meer|ontslag|"
                 # "Geen nachten meer op de baan naar Lyon": no more of it
                 "geen … meer|geen … … meer|"
                 "stopgezet|niet verlengd|uitgeschreven|geannuleerd"),
        "zh": _w("戒了|戒掉|不喝了|不抽了|退了|辞职|卖了|没喝|不再|停了|放弃|退卡|没续|不续|"
                 "没有续|取消了|注销了|已经不在"),
    },
    # a membership, pass or subscription (read with "lapsed": one that ran out is a
    # cessation of what it was for, "my Zen Flow membership ran out")
    "membership": {
        "en": _w("membership|subscription|season pass|gym pass"),
        "de": _w("abo|abonnement|mitgliedschaft|jahreskarte|zehnerkarte|*abo|*mitgliedschaft"),
        "fr": _w("abonnement|abo|adhésion|carte de membre|inscription"),
        "es": _w("abono|bono|suscripción|membresía|cuota|matrícula"),
        "it": _w("abbonamento|tessera|iscrizione"),
        "pt": _w("mensalidade|assinatura|plano|matrícula|carteirinha"),
        "nl": _w("abonnement|lidmaatschap|*abonnement|*lidmaatschap|strippenkaart"),
        "zh": _w("会员|会籍|年卡|月卡|次卡"),
    },
    # a membership ran out (with "membership"): "ran out", "ist ausgelaufen", "到期"
    "lapsed": {
        "en": _w("ran out|run out|expired|has expired|lapsed"),
        "de": _w("ausgelaufen|abgelaufen|läuft aus|lief aus|beendet"),
        "fr": _w("expiré|expirée|terminé|terminée|arrivé à échéance|arrivée à échéance|"
                 "a pris fin"),
        "es": _w("venció|vencido|caducó|caducado|se acabó|terminó|expiró"),
        "it": _w("scaduto|scaduta|è finito|è finita|terminato|terminata"),
        "pt": _w("venceu|vencido|vencida|expirou|acabou|terminou"),
        "nl": _w("verlopen|afgelopen|liep af|loopt af|beëindigd"),
        "zh": _w("到期|过期"),
    },
    # the user and their partner are no longer together (the partner relation ends)
    "breakup": {
        "en": _w("broke up|broken up|split up with|we split up|we've split up|i split up|"
                 "and i have split up|and i've split up|and i separated|and i are separated|"
                 "got divorced|"
                 "the breakup|the break-up|dumped me|we're divorced|since the divorce"),
        "de": _w("uns getrennt|uns … getrennt|sich getrennt|Trennung|Schluss gemacht|"
                 "Schluss jemacht|Schluss gmacht|"
                 "geschieden|Scheidung|hat mich verlassen|kein Paar mehr"),
        "fr": _w("on a rompu|avons rompu|a rompu|rupture|on s'est séparés|on s'est quittés|"
                 "nous sommes séparés|divorcé|divorcée|m'a quitté|m'a quittée"),
        "es": _w("yo lo dejamos|lo hemos dejado|nos separamos|ruptura|nos divorciamos|"
                 "me divorcié|yo terminamos|yo cortamos|yo rompimos|terminamos la relación"),
        "it": _w("ci siamo lasciati|ci siamo separati|se semo lasciati|ce semo lasciati|"
                 "ci semo lasciati|rottura|divorziato|divorziata|"
                 "abbiamo rotto|mi ha mollato|mi ha mollata"),
        "pt": _w("e a … terminamos|e o … terminamos|terminei com|terminou comigo|nos separamos|"
                 "término|me divorciei|nos divorciamos|acabou o namoro|terminamos o namoro"),
        "nl": _w("zijn uit elkaar|zijn … uit elkaar|uit elkaar gegaan|gingen uit elkaar|"
                 "het uitgemaakt|gescheiden|scheiding|heeft me verlaten|het is uit"),
        "zh": _w("分手|离婚|离了婚"),
    },
    # "it's over" said of the couple ("Kevin et moi c'est fini", "con Gianni è finita", "mit
    # Jonas ist es aus"): a breakup only when the clause names the user's partner, since the
    # same words end a habit or a meal ("le lait, c'est fini", "la pizza è finita")
    "over_with_partner": {
        "en": _w("it's over|it is over|we're over|we are over|are over|ended things|"
                 "called it quits|not together anymore|no longer together|no longer a couple|"
                 "is history|is ancient history"),
        "de": _w("ist es aus|es ist aus|aus zwischen|ist Schluss|ist es vorbei|das ist vorbei|"
                 "nicht mehr zusammen|kein Paar mehr|ist Geschichte|is Geschichte"),
        "fr": _w("c'est fini|c'est terminé|c'est bien fini|c'est fini entre|plus ensemble|"
                 "plus en couple"),
        "es": _w("se acabó|se terminó|ya no estamos juntos|ya no estamos juntas|"
                 "ya no somos pareja|ya no somos novios|terminé con|corté con|rompí con|"
                 "lo dejé con|lo dejamos con"),
        "it": _w("è finita|è tutto finito|è finita tra|non stiamo più insieme|ho chiuso con|"
                 "abbiamo chiuso"),
        "pt": _w("acabou entre|com o … acabou|com a … acabou|não estamos mais juntos|"
                 "já não estamos juntos|não somos mais namorados|acabou o namoro"),
        "nl": _w("het is uit|is het uit|het is over|is het over|het is voorbij|"
                 "niet meer samen|uit met"),
        "zh": _w("分了|吹了|不在一起了"),
    },
    # leaving the partner said with the verb before their name ("ho lasciato Gianni", "j'ai
    # largué Kevin", "I dumped Tom"): a breakup only when the partner's name follows and ends
    # the clause ("ho lasciato le chiavi a Gianni", "I left Tom at the station" are none)
    "left_partner": {
        "en": _w("i left|i've left|i have left|i dumped|i've dumped|i broke it off with|"
                 "i ended it with|i finished with"),
        "de": _w("Schluss gemacht mit|ich verlasse|ich habe mich getrennt von|"
                 "hab mich getrennt von|getrennt von"),
        "fr": _w("j'ai quitté|j'ai largué|je quitte|j'ai plaqué|je me suis séparée de|"
                 "je me suis séparé de|séparée de|séparé de"),
        "es": _w("dejé a|he dejado a|dejé al|he dejado al|me separé de|me separé del"),
        "it": _w("ho lasciato|ho mollato|mi sono lasciata con|mi sono lasciato con|"
                 "mi sono separata da|mi sono separato da"),
        "pt": _w("larguei|deixei o|deixei a|me separei do|me separei da|separei-me do|"
                 "separei-me da"),
        "nl": _w("ik ben weg bij|ik heb het uitgemaakt met|uitgemaakt met|"
                 "ik ben gescheiden van|gescheiden van"),
        "zh": _w("离开了|甩了"),
    },
    # dating someone, said in chat ("estoy saliendo con Nico", "usciamo da un mese", "tô
    # ficando com o Léo"): a couple only when the clause names the person, since the same
    # words go out with friends ("estoy saliendo con amigas")
    "dating": {
        "en": _w("been seeing|started seeing|seeing someone|been going out with|"
                 "we're official|we are official|we're together now|we are together now|"
                 "i'm dating|i am dating|i'm seeing … now|i am seeing … now|been dating"),
        "de": _w("bin mit … zusammen|bin jetzt mit … zusammen|sind offiziell zusammen|"
                 "bin ich mit … zusammen|bin ich jetzt mit … zusammen|"
                 "sind jetzt ein Paar|wir daten uns|ich date|mit dem ich zusammen bin|"
                 "mit der ich zusammen bin"),
        "fr": _w("on est ensemble|nous sommes ensemble|c'est officiel|je suis avec … depuis|"
                 "jsuis avec … depuis|j'suis avec … depuis|chuis avec … depuis|"
                 "je vois quelqu'un|je sors avec … depuis|je sors avec … maintenant|"
                 "avec qui je sors|"
                 "maintenant je sors avec|que je sors avec|je sors avec …, depuis|"
                 "semaines je sors avec|mois je sors avec"),
        "es": _w("estoy saliendo con|estamos saliendo|salgo con … desde|empezamos a salir|"
                 "nos estamos viendo|ahora salgo con|salgo con … ahora|con quien estoy saliendo|"
                 "con el que estoy saliendo|con la que estoy saliendo|semanas salgo con|"
                 "con el que ando|con la que ando|con el q ando|con la q ando|con quien ando|"
                 "meses salgo con|mes salgo con"),
        "it": _w("usciamo da|usciamo insieme da|esco con … da|ci frequentiamo da|"
                 "sto con … da|ci stiamo frequentando|settimane che sto con|mesi che sto con|"
                 "settimane che sto co|mesi che sto co|adesso sto con|ora sto con|"
                 "sto con … adesso|sto con … ora|adesso esco con|esco con … adesso|con cui esco da|"
                 "con cui sto uscendo|settimane esco con|mesi esco con|mese esco con|"
                 "giorni esco con"),
        "pt": _w("tô ficando com|estou ficando com|estamos ficando|estou saindo com|"
                 "tô saindo com|começamos a sair|tô namorando|estou namorando|"
                 "ando namorando|namoro com|agora namoro|com quem eu tô saindo|com quem tô saindo|"
                 "com quem eu estou saindo|com quem estou saindo|com quem eu tô ficando|"
                 "com quem estou ficando"),
        "nl": _w("heb iets met|heb nu iets met|ik heb verkering met|heb nu verkering met|"
                 "ik date met|we daten|ben nu samen met|ben samen met"),
        "zh": _w("开始约会|约会中|脱单了"),
    },
    # someone asked the user to marry them, said with the one who asked ("Marlon proposed
    # last night", "karim m'a demandée en mariage", "o wellington me pediu em casamento");
    # whose partner it is, the clause's name says
    "proposal": {
        "en": _w("proposed to me|proposed last night|proposed yesterday|proposed on|"
                 "proposed at|proposed!|popped the question|asked me to marry him|"
                 "asked me to marry her"),
        "de": _w("hat mir einen Antrag gemacht|hat mir nen Antrag gemacht|"
                 "hat um meine Hand angehalten|hat mich gefragt, ob ich ihn heiraten will|"
                 "hat mich gefragt, ob ich sie heiraten will"),
        "fr": _w("m'a demandée en mariage|m'a demandé en mariage|m’a demandée en mariage|"
                 "m’a demandé en mariage|a fait sa demande|m'a fait sa demande"),
        "es": _w("me pidió matrimonio|me pidio matrimonio|me pidió la mano|me propuso matrimonio|"
                 "me ha pedido matrimonio|me pidió casamiento"),
        "it": _w("mi ha chiesto di sposarlo|mi ha chiesto di sposarla|mi ha fatto la proposta|"
                 "mi ha chiesto la mano|mi ha chiesto in sposa"),
        "pt": _w("me pediu em casamento|pediu-me em casamento|me pediu pra casar|"
                 "me pediu para casar|fez o pedido"),
        "nl": _w("heeft me ten huwelijk gevraagd|heeft me een aanzoek gedaan|"
                 "vroeg me ten huwelijk|deed me een aanzoek"),
        "zh": _w("向我求婚|跟我求婚|和我求婚|求婚了"),
    },
    # the user and their partner got engaged, said of "we" ("we're engaged", "wir haben uns
    # verlobt", "ficamos noivos"): the one partner known is now the fiancé(e)
    "engaged_us": {
        "en": _w("we're engaged|we are engaged|we got engaged|we just got engaged|"
                 "we’re engaged|we’ve got engaged|we've got engaged"),
        "de": _w("wir haben uns verlobt|wir sind verlobt|wir sind jetzt verlobt"),
        "fr": _w("on s'est fiancés|on s’est fiancés|nous nous sommes fiancés|on est fiancés|"
                 "nous sommes fiancés"),
        "es": _w("nos comprometimos|nos hemos comprometido|estamos comprometidos|"
                 "ya estamos comprometidos"),
        "it": _w("ci siamo fidanzati|siamo fidanzati ufficialmente|"
                 "ci siamo fidanzati ufficialmente"),
        "pt": _w("ficamos noivos|estamos noivos|agora somos noivos|noivamos"),
        "nl": _w("we zijn verloofd|we hebben ons verloofd|wij zijn verloofd"),
        "zh": _w("我们订婚了|我們訂婚了|我们订婚|我們訂婚"),
    },
    # the user and someone are a couple ("we've been together since July"); not "together"
    # alone, which is as often an evening out ("wir sind zusammen essen gegangen", "我们在一起
    # 吃饭", "estamos saliendo para el cine")
    "together": {
        "en": _w("we've been together|we have been together|we got together|been together for|"
                 "been together since|we've been dating|we have been dating|we're dating|"
                 "we started dating|we're a couple|we are a couple"),
        "de": _w("sind seit … zusammen|wir sind ein Paar|sind zusammengekommen|"
                 "wir sind jetzt zusammen|"
                 # how long, with words between ("wir sind ja erst seit April zusammen",
                 # "mir sein jetzt drei Wochen zam")
                 "sind … seit … zusammen|sind … Wochen zusammen|sind … Monate zusammen|"
                 "sind … Jahre zusammen|sind … … Wochen zusammen|sind … … Monate zusammen|"
                 "sein … Wochen zam|sein … Monat zam|sein … … Wochen zam|sein … … Monat zam|"
                 "san … Wochen zam|san … … Wochen zam"),
        "fr": _w("on est ensemble depuis|sommes ensemble depuis|on sort ensemble|"
                 "on est en couple|on se fréquente"),
        "es": _w("estamos juntos desde|estamos juntas desde|llevamos … juntos|somos novios|"
                 "vamos pa' … juntos|vamos para … juntos|vamos pa’ … juntos|"
                 "somos pareja|llevamos … saliendo|llevamos … … saliendo|"
                 "llevamos … de novios|llevamos … … de novios"),
        "it": _w("stiamo insieme da|siamo fidanzati|ci frequentiamo|ci siamo messi insieme|"
                 # an anniversary of months ("mi porta fuori per i nostri due mesi")
                 "per i nostri … mesi|per i nostri … anni"),
        "pt": _w("estamos juntos desde|estamos namorando|a gente tá namorando|somos namorados|"
                 "começamos a namorar|a gente tá junto desde|a gente ta junto desde|"
                 "a gente está junto desde|a gente tá junto há|a gente ta junto há|"
                 "estamos juntos há|eu e o … tamo juntos|eu e a … tamo juntos|"
                 "eu e o … estamos juntos|eu e a … estamos juntos"),
        "nl": _w("zijn sinds … samen|we hebben verkering|we zijn een stel"),
        "zh": _w("在一起了|交往|谈恋爱|在一起一个月|在一起两个月|在一起三个月|在一起四个月|"
                 "在一起五个月|在一起半年|在一起一年|在一起两年|在一起三年|在一起几个月|"
                 "在一起一个多月|在一起两个多月|在一起三个多月"),
    },
    # a planned event moves to another day (the old day ends, it was true when said)
    "rescheduled": {
        "en": _w("postponed|rescheduled|pushed back|been moved|was moved|got moved|"
                 "brought forward|moved it to|pushed it to"),
        "de": _w("verschoben|vorverlegt|verlegt"),
        "fr": _w("reporté|reportée|décalé|décalée|avancé à|avancée à|repoussé|repoussée"),
        "es": _w("aplazado|aplazada|pospuesto|pospuesta|cambiado al|cambiada al|lo movieron|"
                 "la movieron|adelantado|adelantada|lo pasamos al|la pasamos al|"
                 "lo pasaron al|la pasaron al"),
        "it": _w("rimandato|rimandata|è stata spostata|è stato spostato|l'hanno spostata|"
                 "l'hanno spostato|posticipato|posticipata|anticipato|anticipata"),
        "pt": _w("adiado|adiada|remarcado|remarcada|antecipado|antecipada"),
        "nl": _w("verplaatst|uitgesteld|verzet|opgeschoven"),
        "zh": _w("改到|推迟到|推迟|延期|提前到|挪到|改成了"),
    },
    # a planned event will not take place (the planned day it names ends, untrue from then)
    "called_off": {
        "en": _w("cancelled|canceled|called off|got rained out|was rained out|rained off|"
                 "fell through|scrapped|isn't happening|is not happening|not happening anymore"),
        "de": _w("abgesagt|fällt aus|fällt flach|ausgefallen|fiel aus|findet nicht statt|"
                 "ins Wasser gefallen|gecancelt|storniert"),
        "fr": _w("annulé|annulée|annulés|annulées|tombe à l'eau|tombé à l'eau|tombée à l'eau|"
                 "n'aura pas lieu"),
        "es": _w("cancelado|cancelada|cancelaron|se canceló|suspendido|suspendida|se suspendió|"
                 "suspendieron|se ha cancelado|no va a haber"),
        "it": _w("annullato|annullata|hanno annullato|è saltato|è saltata|salta|saltato|"
                 "saltata|non si fa più"),
        "pt": _w("cancelado|cancelada|cancelaram|desmarcado|desmarcada|desmarcaram|"
                 "não vai ter|não vai rolar"),
        "nl": _w("afgelast|gecanceld|geannuleerd|gaat niet door|ging niet door|"
                 "gaat niet meer door"),
        "zh": _w("取消了|取消|泡汤了|泡汤|不办了|黄了"),
    },
    # the state begins (a start date is the validity's start)
    "start": {
        # (English "from" only before a time: "from Monday", "from next week", not "the
        # girls from the finance office" or "I'm from Leeds")
        "en": _w("start|starting|starts|begin|beginning|from now on|from next|from this|"
                 "from tomorrow|from today|from monday|from tuesday|from wednesday|"
                 "from thursday|from friday|from saturday|from sunday|from january|"
                 "from february|from march|from april|from may|from june|from july|"
                 "from august|from september|from october|from november|from december|"
                 "from the start of|from the beginning of|from the end of|from the 1st|"
                 "from the first|moving|will move|going to move|join|joining"),
        # ("ab" only before a time: "ab Montag", "ab dem 1.", not "ab und zu")
        "de": _w("ab dem|ab der|ab jetzt|ab sofort|ab morgen|ab übermorgen|ab heute|"
                 "ab nächste|ab nächster|ab nächstem|ab nächsten|ab kommende|ab kommender|"
                 "ab kommendem|ab kommenden|ab montag|ab dienstag|ab mittwoch|ab donnerstag|"
                 "ab freitag|ab samstag|ab sonntag|ab januar|ab februar|ab märz|ab april|"
                 "ab mai|ab juni|ab juli|ab august|ab september|ab oktober|ab november|"
                 "ab dezember|ab … januar|ab … februar|ab … märz|ab … april|ab … mai|"
                 "ab … juni|ab … juli|ab … august|ab … september|ab … oktober|ab … november|"
                 "ab … dezember|ab herbst|ab frühling|ab frühjahr|ab sommer|ab winter|"
                 "ab anfang|ab mitte|ab ende|fange|fang ich|anfangen|beginne|beginnen|ziehe|"
                 "ziehen|umziehen|starte|" + "|".join(f"ab {day}." for day in range(1, 32))),
        "fr": _w("à partir du|à partir de|commence|commencer|dès le|déménage|j'attaque|"
                 "je démarre"),
        "es": _w("a partir del|a partir de|empiezo|empezar|desde el|me mudo|nos mudamos|"
                 "arranco"),
        # ("dal" only before a time: "dal mese scorso suono …", not "dal giardino non vedo …")
        "it": _w("a partire dal|comincio|inizio|iniziare|mi trasferisco|trasloco|attacco|"
                 "prendo servizio|dal prossimo|dalla prossima|dal mese|dalla settimana|"
                 "dall'anno|dal primo|dall'inizio|da domani|da oggi|da lunedì|da martedì|"
                 "da mercoledì|da giovedì|da venerdì|da sabato|da domenica|dal lunedì|"
                 "dal martedì|dal mercoledì|dal giovedì|dal venerdì|dal sabato|"
                 "dalla domenica|dal … gennaio|dal … febbraio|dal … marzo|dal … aprile|"
                 "dal … maggio|dal … giugno|dal … luglio|dal … agosto|dal … settembre|"
                 "dal … ottobre|dal … novembre|dal … dicembre|da gennaio|da febbraio|da marzo|"
                 "da aprile|da maggio|da giugno|da luglio|da agosto|da settembre|da ottobre|"
                 "da novembre|da dicembre|dall'autunno|dalla primavera|dall'estate|"
                 "dall'inverno"),
        "pt": _w("a partir de|começo|começar|mudo-me|vou me mudar|vou mudar|vamos mudar|"
                 "vou-me mudar|entro|arranco"),
        "nl": _w("vanaf|begin|beginnen|start|ga verhuizen|verhuis"),
        "zh": _w("开始|入职|搬去|去…入职|起"),
    },
    # a thing the user now has: bought, given, arrived, switched to ("the new phone arrived",
    # "das Fairphone ist da", "o celular novo chegou", "昨天去提车了", "mi ha cambiato la
    # pastiglia", "auf Eliquis umgestellt"); done, not wanted (no
    # "buy", "kaufen", "comprar": "I should buy a new one" gets nothing yet)
    "acquired": {
        "en": _w("bought|got a new|got myself|just got|have a new|picked up my new|arrived|"
                 "came in the mail|is here|finally here|treated myself to|upgraded to|picked up my|"
                 "switched to|traded in|gave me a|gave me an|put me on|changed my|switched me"),
        "de": _w("gekauft|geholt|zugelegt|bekommen|gekriegt|geschenkt|ist da|sind da|"
                 "angekommen|geliefert|umgestiegen|gewechselt|umgestellt|abgeholt"),
        "fr": _w("acheté|achetée|reçu|reçue|arrivé|arrivée|est là|craqué pour|passé à|"
                 "passée à|offert|offerte|changé de|changé mon|changé ma|m'a mis sous"),
        "es": _w("compré|comprado|comprada|me compré|llegó|ha llegado|recibí|me regalaron|"
                 "me regaló|cambié a|me pasé a|estreno|estrené|me cambió|me cambiaron|cambié de"),
        "it": _w("comprato|comprata|arrivato|arrivata|ricevuto|ricevuta|regalato|regalata|"
                 "passato a|passata a|preso un|presa una|cambiato|cambiata|mi ha messo"),
        "pt": _w("comprei|comprado|comprada|chegou|ganhei|recebi|troquei|mudei para|"
                 "estreei|estreando|trocou|trocaram|mudou meu|mudou minha|"
                 # "peguei meu hb20 seminovo": the user got it
                 "peguei meu|peguei minha|peguei o meu|peguei a minha"),
        "nl": _w("gekocht|gekregen|is binnen|binnengekomen|aangekomen|geleverd|overgestapt|"
                 "overgeschakeld|omgezet|overgezet|opgehaald"),
        "zh": _w("买了|新买|入手|到了|到货|收到|提车|拿车|换了|换咗|换成|送了我|送给我|换药|改用"),
    },
    # something the user cannot do, a lasting trait ("I can't swim, never learned", "ik kan
    # niet zwemmen", "não sei nadar"), or a lasting fear that keeps them from it ("ho il
    # terrore di volare", "j'ai le vertige"): no dislike, though said with a negation, and a
    # fact however short
    "inability": {
        "en": _w("can't swim|cannot swim|can not swim|can't drive|cannot drive|can not drive|"
                 "never learned to|never learnt to|never learned how to|never learnt how to|"
                 "unable to swim|don't know how to swim|don't know how to drive|"
                 "never got my licence|never got my license|don't have a driving licence|"
                 "don't have a driver's license|no driving licence|no driver's license|"
                 "afraid of flying|scared of flying|terrified of flying|fear of flying|"
                 "afraid of heights|scared of heights|fear of heights|claustrophobic"),
        "de": _w("kann nicht schwimmen|kann nicht autofahren|kann nicht auto fahren|"
                 "kann kein auto fahren|nie gelernt|nie schwimmen gelernt|keinen führerschein|"
                 "kein führerschein|fahr nicht selber auto|fahre nicht selber auto|"
                 "fahr ja nicht selber auto|fahre ja nicht selber auto|flugangst|höhenangst|"
                 "angst vorm fliegen|angst vor dem fliegen|platzangst"),
        "fr": _w("sais pas nager|sais pas conduire|ne sais pas nager|ne sais pas conduire|"
                 "jamais appris à|pas le permis|pas mon permis|peur de l'avion|"
                 "peur de prendre l'avion|peur en avion|peur du vide|le vertige|claustrophobe"),
        "es": _w("no sé nadar|no sé manejar|no sé conducir|nunca aprendí a|no tengo carnet|"
                 "no tengo licencia|miedo a volar|miedo de volar|miedo al avión|pánico a volar|"
                 "terror a volar|miedo a las alturas|vértigo|claustrofóbico|claustrofóbica"),
        "it": _w("non so nuotare|non so guidare|mai imparato a|non ho la patente|"
                 "paura di volare|terrore di volare|paura dell'aereo|terrore dell'aereo|"
                 "paura del vuoto|soffro di vertigini|claustrofobico|claustrofobica"),
        "pt": _w("não sei nadar|não sei dirigir|não sei conduzir|nunca aprendi a|"
                 "não tenho carta|não tenho carteira|medo de voar|medo de avião|pavor de avião|"
                 "pavor de voar|medo de altura|claustrofóbico|claustrofóbica"),
        "nl": _w("kan niet zwemmen|kan niet autorijden|nooit leren zwemmen|nooit geleerd|"
                 "geen rijbewijs|zal ik nooit leren|vliegangst|hoogtevrees|bang om te vliegen|"
                 "claustrofobisch"),
        "zh": _w("不会游泳|不会开车|没有驾照|没驾照|没学过|恐高|怕坐飞机|不敢坐飞机|幽闭恐惧"),
    },
    # someone started at a place of learning or of volunteering: enrolled, signed up,
    # moved over to it ("Tom started at Hillside Academy", "matriculados en el colegio X",
    # "这学期给他报了轮滑")
    "enrolled": {
        "en": _w("enrolled|enroled|signed … up|signed up|started at|starts at|started … at|"
                 "switched to|moved to|transferred|changed schools|since"),
        "de": _w("angemeldet|eingeschrieben|angefangen|fängt … an|gewechselt|wechselt|seit"),
        "fr": _w("inscrit|inscrite|inscrits|inscrites|commencé|commence|changé|changé d'école|"
                 "passé à|passée à|depuis"),
        "es": _w("matriculado|matriculada|matriculados|matriculadas|matriculé|inscrito|"
                 "inscrita|inscritos|apunté|apuntamos|apuntado|apuntada|empezó|empecé|"
                 "se cambió|cambiamos|desde"),
        "it": _w("iscritto|iscritta|iscritti|iscritte|iniziato|iniziata|cominciato|"
                 "cominciata|cambiato|cambiata|passato a|passata a|da settembre|da ottobre|"
                 "da gennaio|da febbraio|da marzo|da aprile|da maggio|da giugno|da luglio|"
                 "da agosto|da novembre|da dicembre|da lunedì|da quest'anno"),
        "pt": _w("matriculei|matriculamos|matriculado|matriculada|matriculados|inscrevi|"
                 "inscrito|inscrita|começou|comecei|mudou de|mudei de|entrou|desde"),
        "nl": _w("ingeschreven|begonnen|gestart|overgestapt|veranderd van|sinds|vanaf"),
        "zh": _w("报了|报名|转到|转学|转去|换到|换了|改学|开始|入学"),
    },
    # a piece of a remark, after a comma, that says what is over or how it used to be ("…,
    # ya no sufro en la 110", "…, acabou a vida de dois ônibus", "…, quando andavo a
    # grugliasco erano 40"): the old state, no part of what holds now
    "what_ended": {
        "en": _w("no more|no longer|not anymore|gone are the days|goodbye to|bye bye|"
                 "when i used to|back when i|i used to"),
        "de": _w("nicht mehr|kein … mehr|keine … mehr|keinen … mehr|schluss mit|vorbei mit|"
                 "als ich noch|früher"),
        "fr": _w("fini le|fini la|fini les|finis les|finie la|terminé le|terminée la|adieu|"
                 "quand j'allais|quand j’allais|quand je travaillais|quand j'habitais|"
                 "quand j’habitais|quand j'étais|quand j’étais|avant je|avant j'|avant j’"),
        "es": _w("ya no|se acabó|se acabaron|adiós a|atrás quedó|atrás quedaron|cuando iba|"
                 "cuando trabajaba|cuando vivía|cuando estaba|antes iba|antes tenía|"
                 "antes trabajaba|antes vivía"),
        "it": _w("non più|niente più|basta con|addio a|quando andavo|quando lavoravo|"
                 "quando abitavo|quando stavo|quando ero|prima andavo|prima lavoravo|"
                 "prima abitavo"),
        "pt": _w("acabou|acabaram|já não|chega de|adeus|quando eu ia|quando ia|"
                 "quando trabalhava|quando morava|antes eu ia|antes eu trabalhava|"
                 "antes eu morava"),
        "nl": _w("niet meer|geen … meer|weg met|toen ik nog|vroeger"),
        "zh": _w("不用再|再也不用|以前|原来"),
    },
    # a thing held that no longer runs as it did, still held ("o meu Clio velhinho já não
    # sobe nem às Penhas", "the old Corsa won't start anymore", "der Golf springt nicht mehr
    # an"): no cessation
    "breakdown": {
        "en": _w("won't start|wont start|doesn't start|doesnt start|won't go up|"
                 "doesn't work anymore|doesn't run anymore|barely runs|keeps breaking down"),
        "de": _w("springt nicht mehr an|springt nimmer an|springt nicht an|"
                 "läuft nicht mehr richtig|kommt nicht mehr hoch|schafft den berg nicht mehr"),
        "fr": _w("démarre plus|démarre pas|ne monte plus|monte plus|tombe tout le temps en panne"),
        "es": _w("no arranca|ya no arranca|ya no sube|no sube|se descompone|se queda tirado"),
        "it": _w("non parte più|non parte|non sale più|non ce la fa più|si rompe sempre"),
        "pt": _w("não pega|já não pega|já não sobe|não sobe|já não arranca|não arranca|"
                 "avaria sempre"),
        "nl": _w("start niet meer|wil niet meer starten|start niet|komt de berg niet meer op"),
        "zh": _w("打不着火|启动不了|爬不上坡"),
    },
    # taking someone somewhere, not leaving it ("dropped the kids off at school", "acabo de
    # dejar a los niños en el colegio", "ho lasciato i bambini a scuola"): no cessation
    "drop_off": {
        "en": _w("dropped … off|drop … off|dropping … off|dropped off|dropping off"),
        "de": _w("abgesetzt|abgegeben|hingebracht|gebracht"),
        "fr": _w("déposé|déposée|déposer|déposés"),
        "es": _w("dejar a … en|dejé a … en|dejado a … en|dejamos a … en|dejo a … en|"
                 "dejar a … al|dejé a … al|dejado a … al|dejamos a … al|dejo a … al"),
        "it": _w("lasciato … a scuola|lasciata … a scuola|lasciato … all'asilo|"
                 "lasciata … all'asilo|lasciato … al|lasciata … al|lasciato … alla|"
                 "lasciata … alla|accompagnato|accompagnata"),
        "pt": _w("deixei … na|deixei … no|deixar … na|deixar … no|deixamos … na|"
                 "deixamos … no|levei … na|levei … no"),
        "nl": _w("afgezet|weggebracht|gebracht"),
        "zh": _w("送到|送去|送他|送她|送孩子"),
    },
    # a thing wanted, looked for or weighed, not had ("I need a new phone, maybe a Pixel",
    # "ich überlege, mir ein Fairphone zu holen", "想换一辆比亚迪")
    "wanting": {
        "en": _w("need|needs|want|wants|looking for|thinking about|thinking of|considering|"
                 "should get|should buy|might get|saving for|eyeing|planning to get"),
        "de": _w("brauche|bräuchte|will|möchte|suche|überlege|überlegen|sollte|spare auf"),
        "fr": _w("besoin|veux|voudrais|cherche|pense à|hésite|devrais"),
        "es": _w("necesito|quiero|busco|pienso en|pensando en|debería|estoy mirando"),
        "it": _w("ho bisogno|mi serve|voglio|cerco|sto pensando|dovrei|sto valutando"),
        "pt": _w("preciso|quero|procuro|pensando em|devia|deveria|tô de olho"),
        "nl": _w("nodig|wil|zoek|overweeg|denk erover|zou moeten"),
        "zh": _w("想买|想换|需要|打算|考虑|准备买|准备换"),
    },
    # a home looked for, not had ("Ich suche jetzt eine Wohnung in Balzers", "to procurando
    # ape pra alugar em jardim da penha", "stiamo guardando un bilocale a pontelagoscuro")
    "home_seeking": {
        "en": _w("looking for a flat|looking for an apartment|looking for a place|"
                 "looking for a house|flat hunting|house hunting|apartment hunting|"
                 "viewing flats|looking at flats|looking at houses|looking at a flat|"
                 "looking at places|viewing houses|house viewing|house viewings|"
                 "we'd love somewhere|i'd love somewhere|we'd love a place|"
                 "looking for … house|looking for … flat|house to buy|flat to buy"),
        "de": _w("suche eine Wohnung|suche jetzt eine Wohnung|suchen eine Wohnung|"
                 "Wohnungssuche|suche ein Zimmer|suche eine WG|Wohnungsbesichtigung|"
                 "schauen uns Wohnungen an|schaue mir Wohnungen an|schauen uns Häuser an|"
                 "suchen ein Haus|suche ein Haus|Haussuche|Besichtigung|suchen … Wohnung|"
                 "suche … Wohnung|suchen … Haus|suche … Haus"),
        "fr": _w("cherche un appart|cherche un appartement|cherche un logement|"
                 "cherchons un appart|cherchons un appartement|recherche d'appart|"
                 "visite un appart|visiter un appart|visites d'appart|cherche une maison|"
                 "cherchons une maison|visite des maisons|visitons des maisons|"
                 "regardons des maisons"),
        "es": _w("busco piso|buscando piso|busco depto|buscando depto|buscando departamento|"
                 "busco departamento|buscando casa|busco casa|buscando apartamento|"
                 "busco apartamento|buscando un piso|busco un piso|viendo pisos|mirando pisos|"
                 "viendo casas|mirando casas|buscando una casa|buscamos casa|"
                 "buscando … apartamento|buscando … casa|buscando … piso"),
        "it": _w("cerco casa|cercando casa|cerco un appartamento|cercando un appartamento|"
                 "stiamo guardando un|guardando un bilocale|guardando un appartamento|"
                 "cerchiamo casa|cerco una stanza|guardando case|guardiamo case|"
                 "cerchiamo un appartamento"),
        "pt": _w("procurando ape|procurando apê|procurando apartamento|procurando casa|"
                 "procuro casa|procuro apartamento|procurando um apartamento|"
                 "procurando uma casa|à procura de casa|a procura de casa|vendo casas|"
                 "olhando casas|procuramos casa"),
        "nl": _w("zoek een huis|zoeken een huis|op zoek naar een huis|"
                 "op zoek naar een appartement|op zoek naar een kamer|zoek een kamer|"
                 "zoek een appartement|huizenjacht|kijken naar huizen|kijk naar huizen|"
                 "kijken … naar huizen|kijk … naar huizen|"
                 "kijken naar een huis|huizen bekijken|bezichtiging|bezichtigingen|"
                 "zoeken een appartement|zoeken een appartementje|zoek een appartementje|"
                 "zoeken een woning|zoek een woning|zoeken een flat|zoek een flat|"
                 "zoeken een studio|zoek een studio|zoeken een huurhuis|zoek een huurhuis"),
        "zh": _w("找房子|看房子|在看房|找房|在找房"),
    },
    # a thing said as new ("a new phone", "ein neues Handy", "o celular novo", "新手机")
    "new_thing": {
        "en": _w("new|brand new|brand-new"),
        "de": _w("neu|neue|neuen|neuer|neues|neuem"),
        "fr": _w("nouveau|nouvelle|nouvel|neuf|neuve"),
        "es": _w("nuevo|nueva|nuevecito"),
        "it": _w("nuovo|nuova|nuovissimo"),
        "pt": _w("novo|nova|novinho|seminovo|seminova"),
        "nl": _w("nieuw|nieuwe|gloednieuw|gloednieuwe"),
        "zh": _w("新"),
    },
    # a thing of the user's taken from them or gone for good: stolen, lost, written off
    # a doctor said only by title is the user's GP where the clause is about seeing one
    # ("Dr Healy told me my blood pressure is up", "controllo della pressione dal dottor
    # Bernasconi", "the young one who took over, Dr Okafor"): read by
    # lucidmem.facts.people.role_said_by_title, not where a specialist or a vet is said
    "doctor_visit": {
        "en": _w("blood pressure|check-up|checkup|appointment|surgery|prescription|prescribed|"
                 "blood test|bloods|referral|cholesterol|sick note|the practice|jab|"
                 "took over|taken over|listened to me|examined me|told me to"),
        "de": _w("Blutdruck|Termin|Praxis|Rezept|Überweisung|Blutbild|Blutwerte|Untersuchung|"
                 "Vorsorge|Check-up|krankgeschrieben|Krankschreibung|Sprechstunde|übernommen|"
                 "Nachfolger|Nachfolgerin|Impfung"),
        "fr": _w("tension|rendez-vous|rdv|cabinet|ordonnance|prise de sang|consultation|bilan|"
                 "arrêt maladie|vaccin|a repris le cabinet|remplace|successeur|m'a prescrit"),
        "es": _w("tensión|presión|cita|consulta|consultorio|receta|análisis|analítica|chequeo|"
                 "revisión|la baja|vacuna|me recetó|reemplazo|sustituye|el relevo"),
        "it": _w("pressione|visita|controllo|ricetta|analisi|ambulatorio|impegnativa|"
                 "esami del sangue|certificato|vaccino|ha preso il posto|sostituisce|"
                 "subentrato|subentrata"),
        "pt": _w("tensão|pressão|consulta|receita|análises|exames|centro de saúde|"
                 "posto de saúde|check-up|atestado|vacina|substitui|substituiu|ficou no lugar"),
        "nl": _w("bloeddruk|afspraak|praktijk|recept|verwijzing|bloedonderzoek|controle|"
                 "consult|spreekuur|vaccin|overgenomen|opvolger|opvolgster|vervangt"),
        "zh": _w("血压|看病|体检|复查|开药|挂号|门诊|诊所|接班|接手"),
    },
    # a doctor who is not the GP ("the dentist, Dr Moss", "il cardiologo, il dottor Neri")
    "specialist": {
        "en": _w("dentist|vet|cardiologist|dermatologist|surgeon|consultant|specialist|"
                 "gynaecologist|gynecologist|paediatrician|pediatrician|psychiatrist|"
                 "orthodontist|optician|physio|physiotherapist|oncologist|neurologist|hospital|"
                 "A&E|the ward"),
        "de": _w("Zahnarzt|Zahnärztin|Tierarzt|Tierärztin|Kardiologe|Kardiologin|Hautarzt|"
                 "Hautärztin|Frauenarzt|Frauenärztin|Kinderarzt|Kinderärztin|Facharzt|Fachärztin|"
                 "Chirurg|Chirurgin|Orthopäde|Orthopädin|Krankenhaus|Klinik|Physio"),
        "fr": _w("dentiste|vétérinaire|véto|cardiologue|dermato|dermatologue|gynéco|"
                 "gynécologue|pédiatre|chirurgien|chirurgienne|spécialiste|kiné|hôpital|urgences"),
        "es": _w("dentista|veterinario|veterinaria|cardiólogo|cardióloga|dermatólogo|"
                 "dermatóloga|ginecólogo|ginecóloga|pediatra|cirujano|cirujana|especialista|"
                 "fisio|hospital|urgencias|traumatólogo|traumatóloga"),
        "it": _w("dentista|veterinario|veterinaria|cardiologo|cardiologa|dermatologo|"
                 "dermatologa|ginecologo|ginecologa|pediatra|chirurgo|specialista|"
                 "fisioterapista|ospedale|pronto soccorso|ortopedico|oculista"),
        "pt": _w("dentista|veterinário|veterinária|cardiologista|dermatologista|"
                 "ginecologista|pediatra|cirurgião|cirurgiã|especialista|fisioterapeuta|"
                 "hospital|urgência|urgências"),
        "nl": _w("tandarts|dierenarts|cardioloog|dermatoloog|gynaecoloog|kinderarts|chirurg|"
                 "specialist|fysio|fysiotherapeut|ziekenhuis|spoedeisende hulp"),
        "zh": _w("牙医|兽医|心内科|皮肤科|妇科|儿科|外科|专家|急诊"),
    },
    # someone who no longer holds a role for the user ("poor Dr Healy is gone, he retired",
    # "il Rota è andato in pensione"): said of them, it ends the role they held
    "holder_gone": {
        "en": _w("retired|is gone|has gone|left the practice|passed away|died|moved away"),
        "de": _w("in Rente|im Ruhestand|in den Ruhestand|aufgehört|gestorben|verstorben|"
                 "weggezogen"),
        "fr": _w("à la retraite|retraité|retraitée|est parti|est partie|décédé|décédée"),
        "es": _w("se jubiló|jubilado|jubilada|se fue|se ha ido|falleció|murió"),
        "it": _w("in pensione|è andato via|è andata via|se n'è andato|se n'è andata|è morto|"
                 "è morta"),
        "pt": _w("se aposentou|aposentou-se|aposentado|aposentada|reformou-se|reformado|"
                 "reformada|foi embora|faleceu|morreu"),
        "nl": _w("met pensioen|gestopt|overleden|verhuisd"),
        "zh": _w("退休|走了|去世|不干了|辞职"),
    },
    # someone said as who held a role before ("Dr Healy used to …", "era il mio medico"):
    # no current holder said again
    "holder_before": {
        "en": _w("used to|was my|no longer|back when|the old"),
        "de": _w("war mein|war meine|nicht mehr|früher|der alte|die alte|damals"),
        "fr": _w("était mon|était ma|ne … plus|d'avant|l'ancien|l'ancienne|autrefois"),
        "es": _w("era mi|ya no|antes|el anterior|la anterior|el antiguo|la antigua"),
        "it": _w("era il mio|era la mia|non … più|il vecchio|la vecchia|di prima|"
                 "quello di prima|quella di prima"),
        "pt": _w("era o meu|era a minha|já não|antes|o antigo|a antiga|o anterior|a anterior"),
        "nl": _w("was mijn|niet meer|vroeger|de oude|de vorige"),
        "zh": _w("以前|之前|原来|上一个"),
    },
    # a thing the user parted with for good: sold, given away, "history" ("por fin vendí el
    # clarinete", "der Corsa is Geschichte", "捷达终于卖了"): with a cessation that ended a
    # held fact, the statement is what ended it, not a state to keep current
    "parted_with": {
        "en": _w("sold|sold off|gave away|given away|got rid of|is history|is gone for good"),
        "de": _w("verkauft|verschenkt|weggegeben|ist Geschichte|is Geschichte"),
        "fr": _w("vendu|vendue|vendus|c'est de l'histoire ancienne"),
        "es": _w("vendí|vendido|vendida|regalé|es historia|me deshice"),
        "it": _w("venduto|venduta|venduti|regalato|regalata|è storia"),
        "pt": _w("vendi|vendido|vendida|é história|passei adiante"),
        "nl": _w("verkocht|weggegeven|is geschiedenis|is verleden tijd"),
        "zh": _w("卖了|卖掉|卖出去|送人了"),
    },
    # what says a thing is disliked, avoided or not borne ("I can't stand coriander", "ich
    # vertrag keine Laktose", "Ikzelf mag niks met garnalen", "不吃香菜"): a clause read as a
    # dislike without any of these is a negated remark ("seh ihn kaum", "non ci crederai"),
    # not a dislike to keep
    "aversion": {
        "en": _w("hate|hates|hated|can't stand|can’t stand|cannot stand|can't bear|can’t bear|"
                 "don't like|don’t like|do not like|doesn't like|doesn’t like|dislike|"
                 "dislikes|not a fan|not into|detest|loathe|allergic|can't eat|can’t eat|"
                 "can't have|can’t have|never eat|never drink|don't eat|don’t eat|"
                 "don't drink|don’t drink|no longer eat|no longer drink|avoid|sick of|"
                 "fed up|gross|disgusting|terrified of|scared of|afraid of|hopeless at|"
                 "terrible at|rubbish at"),
        "de": _w("hasse|hass|hasst|mag kein|mag keine|mag keinen|mag nicht|mag … nicht|"
                 "mag … kein|mag … keine|mag nix|mag ned|mag net|kann … nicht ab|"
                 "kann nicht ab|ausstehen|nicht leiden|nervt|nerven|allergisch|vertrag kein|"
                 "vertrage kein|vertrage keine|vertrag keine|vertrag … nicht|"
                 "vertrage … nicht|ess kein|esse kein|esse keine|ess keine|trink kein|"
                 "trinke kein|trinke keinen|trink keinen|ekel|ekelt|eklig|nie wieder|"
                 "keine lust|angst vor|grausig|schrecklich|furchtbar|kein fan"),
        "fr": _w("déteste|n'aime pas|n’aime pas|aime pas|aime plus|supporte pas|"
                 "supporte plus|horreur|allergique|mange pas|mange plus|mange jamais|"
                 "bois pas|bois plus|bois jamais|plus jamais|marre|dégoûte|dégoût|peur de|"
                 "peur d'|nul en|nulle en|me tue"),
        "es": _w("odio|odia|no me gusta|no me gustan|no le gusta|no le gustan|no soporto|"
                 "no aguanto|asco|alérgico|alérgica|no como|no bebo|no tomo|me cae mal|"
                 "fatal|harto|harta|nunca más|me agobia|me agobian|miedo|pánico|horrible|"
                 "no trago"),
        "it": _w("odio|odia|non mi piace|non mi piacciono|non gli piace|non le piace|"
                 "non sopporto|detesto|allergico|allergica|non mangio|non bevo|astemio|"
                 "astemia|schifo|mai più|non reggo|paura|mi gonfio|mi gonfia"),
        "pt": _w("odeio|odeia|não gosto|não gosta|detesto|não suporto|alérgico|alérgica|"
                 "não como|não bebo|nunca mais|nojo|não aguento|medo|pavor|horrível|"
                 "não tomo"),
        "nl": _w("haat|hekel|niet lekker|lust geen|lust … geen|lust … niet|kan niet tegen|"
                 "kan … niet tegen|allergisch|eet geen|eet … geen|drink geen|drink … geen|"
                 "mag niks met|nooit meer|niet uitstaan|vies|bang voor|ken niks van|"
                 "ken echt niks van"),
        "zh": _w("讨厌|不喜欢|受不了|过敏|不吃|不喝|怕|烦|恶心|不爱|戒了|不碰"),
    },
    # ("someone nicked my bike", "mir wurde das Fahrrad geklaut", "on m'a volé mon vélo",
    # "我的自行车被偷了"): read by lucidmem.facts.one_at_a_time beside a thing of a kind
    "gone": {
        "en": _w("stole|stolen|nicked|pinched|swiped|got robbed|was robbed|lost my|"
                 "written off|got totalled|was totalled|got totaled|was totaled"),
        "de": _w("geklaut|gestohlen|geklaut worden|gestohlen worden|verloren|"
                 "Totalschaden|weggekommen"),
        "fr": _w("volé|volée|volés|volées|piqué mon|piqué ma|fauché|fauchée|perdu mon|"
                 "perdu ma|épave"),
        "es": _w("robaron|robado|robada|me han robado|me robaron|mangaron|perdí mi|"
                 "siniestro total"),
        "it": _w("rubato|rubata|rubati|hanno rubato|fregato|fregata|perso il|perso la|"
                 "perso il mio|persa la mia"),
        "pt": _w("roubaram|roubado|roubada|furtaram|furtado|furtada|levaram meu|"
                 "levaram minha|perdi meu|perdi minha|perda total"),
        "nl": _w("gestolen|gejat|gepikt|kwijtgeraakt|verloren|total loss"),
        "zh": _w("被偷|偷了|被盗|丢了|弄丢|报废"),
    },
    # how long the user has had or used a thing so far, said of the one held now ("two months
    # with the Corolla now", "first month on Monzo done", "用了一个多月"): read by
    # lucidmem.facts.one_at_a_time beside a thing's name; a time still to come ("in two
    # weeks") is none
    "held_for": {
        "en": _w("first week|first month|first year|first weeks|first months|"
                 "… weeks with|… months with|… years with|… weeks on|… months on|"
                 "… weeks now|… months now|… years now|… weeks in|… months in|"
                 "… weeks at|… months at|… years at|"
                 "for … weeks now|for … months now|for … years now|been with|been on|"
                 "been using|been driving|been taking|since last month|since last week|"
                 "had it for|had it since|had her for|had him for|had them for|first tank|"
                 "first fill-up|"
                 "still getting used to|still figuring out"),
        "de": _w("seit … Wochen|seit … Monaten|seit … Jahren|seit letztem Monat|"
                 "seit letzter Woche|seit vorigem Monat|seit Anfang|seit … Woche|seit … Monat|"
                 "erster Monat|ersten Monat|erste Woche|ersten Wochen|ersten Monate|"
                 "schon … Wochen|schon … Monate|schon … Jahre|… Wochen mit|… Monate mit|"
                 "… Wochen mit dem|… Monate mit dem|erste Tankfüllung|zum ersten Mal getankt"),
        "fr": _w("depuis … semaines|depuis … mois|depuis … ans|depuis le mois dernier|"
                 "depuis la semaine dernière|premier mois|première semaine|premiers mois|"
                 "premières semaines|ça fait … semaines|ça fait … mois|ça fait … ans|"
                 "… mois avec|… semaines avec|… mois sous|… semaines sous|premier plein"),
        "es": _w("llevo … semanas|llevo … meses|llevo … años|llevo … mes|lleva … semanas|"
                 "lleva … meses|lleva … años|lleva … mes|llevamos … semanas|"
                 "llevamos … meses|llevamos … años|llevamos … mes|"
                 "desde hace … semanas|desde hace … meses|desde hace … años|hace … mes que|"
                 "hace … meses que|hace … semanas que|desde el mes pasado|"
                 "desde la semana pasada|primer mes|primera semana|primeros meses|"
                 "primeras semanas|ya tengo … semanas|ya tengo … meses|… meses con|"
                 "… semanas con|… mes con|primer tanque|primera carga de nafta"),
        "it": _w("da … settimane|da … mesi|da … anni|da … mese|dal mese scorso|"
                 "dalla settimana scorsa|primo mese|prima settimana|primi mesi|prime settimane|"
                 "è … mese che|sono … mesi che|sono … settimane che|… mesi con|"
                 "… settimane con|… mese con|primo pieno|ancora a capire come funziona|"
                 "ancora a capì come funziona|mi sto ancora abituando"),
        "pt": _w("faz … mês|faz … meses|faz … semanas|faz … anos|há … meses|há … semanas|"
                 "há … mês|desde o mês passado|desde a semana passada|primeiro mês|"
                 "primeira semana|primeiros meses|primeiras semanas|… meses com|"
                 "… semanas com|… mês com|primeiro tanque|primeira vez que abasteci"),
        "nl": _w("sinds vorige maand|sinds vorige week|sinds … weken|sinds … maanden|"
                 "sinds … jaar|al … weken|al … maanden|al een maand|al een jaar|al … jaar|"
                 "eerste maand|eerste week|eerste weken|eerste maanden|… weken met|"
                 "… maanden met|heb hem sinds|heb het sinds|heb ze sinds|zit ik bij|"
                 "eerste keer getankt"),
        "zh": _w("了一个月|了两个月|了三个月|了几个月|了半年|了一年|了两年|个多月|了一周|"
                 "了两周|了几周|了一个星期|了两个星期|了几个星期|了一个礼拜|了两个礼拜|"
                 "了几个礼拜|第一个月|一个月了|两个月了|三个月了|半年了|一年了|"
                 "个星期了|个礼拜了|周了"),
    },
    # going somewhere for a while or to a show: a trip, not a new home ("je pars à Rome le
    # 5", "ho visto i Verdena dal vivo a Bologna"); not "partir(e)", which is also "à partir
    # de" / "a partire da" (from a day on)
    "trip": {
        "en": _w("fly|flying|flew|going to|go to|went to|travel|travelling|traveling|"
                 "travelled|trip|off to|leave for|leaving for|heading to|drive to|driving to|"
                 "visit|visiting|holiday|vacation|concert|gig"),
        "de": _w("fliege|fliegen|flieg|geflogen|fahre|fahren|gefahren|reise|reisen|gereist|"
                 "besuche|besuchen|urlaub|ausflug|konzert"),
        "fr": _w("pars|part pour|parti|partie|vais à|vais en|allé|allée|voyage|voyager|"
                 "vole|visite|visiter|vacances|séjour|concert"),
        "es": _w("vuelo|volar|voy a|fui a|viajo|viajar|viaje|me voy a|visito|visitar|"
                 "vacaciones|escapada|en vivo|concierto"),
        "it": _w("volo|volare|vado a|vado in|sono andato|sono andata|parto|viaggio|"
                 "viaggiare|visito|visitare|vacanza|vacanze|dal vivo|concerto"),
        "pt": _w("vou a|vou para|vou pra|fui a|fui para|voo|voar|viajo|viajar|viagem|parto|"
                 "visito|visitar|férias|ao vivo|concerto|show"),
        "nl": _w("vlieg|vliegen|gevlogen|ga naar|ging naar|reis|reizen|gereisd|vertrek|"
                 "vertrekken|bezoek|bezoeken|vakantie|uitstapje|concert|optreden"),
        "zh": _w("飞|去|出差|旅游|旅行|出发|度假|演唱会|音乐会"),
    },
    # how long it takes to get somewhere, in minutes or hours ("a quick hop to the centre,
    # fifteen minutes", "zehn Minuten bis zum See", "à vingt minutes de Lyon", "到市区十五分钟"):
    # how far a place is, said without a verb of living, names no home
    "travel_time": {
        "en": _w("… minutes|… mins|… min|… hours|… hour|minute drive|minute walk|"
                 "minute ride|minutes away|hour away|hours away"),
        "de": _w("… Minuten|… Min|… Stunden|… Stunde|… Viertelstunde|Minuten entfernt"),
        "fr": _w("… minutes|… min|… heures|… heure|… quart d'heure"),
        "es": _w("… minutos|… min|… horas|… hora|… cuarto de hora"),
        "it": _w("… minuti|… min|… ore|… ora|… quarto d'ora"),
        "pt": _w("… minutos|… min|… horas|… hora"),
        "nl": _w("… minuten|… min|… uur|… kwartier"),
        "zh": _w("分钟|小时|个钟头|个钟"),
    },
    # living somewhere or moving house: what makes a place a home (with the preposition
    # where the word is also "live" music: "a live trio", "musica dal vivo", "en vivo", and
    # where "mudar" is also "to change": "mudei de emprego")
    "dwelling": {
        "en": _w("live in|live with|live at|live near|living in|living with|living at|"
                 "living near|lives in|lives with|lived in|lived with|move to|moving to|"
                 "moved to|move in|moving in|moved in|moved house|moving house|relocate|"
                 "relocating|relocated|settle in|settled in|settling in"),
        "de": _w("wohne|wohnen|wohnt|wohn ich|ich wohn|lebe|ziehe|ziehen|zieht|umziehen|"
                 "umgezogen|gezogen|umzug"),
        "fr": _w("habite|habiter|vis à|vis en|vis avec|vivre à|vivre en|déménage|déménager|"
                 "déménagé|installe|installer|installé|installée|emménage|emménager"),
        "es": _w("vivo en|vivo con|vivo cerca|vivir en|vivir con|me mudo|mudo a|mudarme|"
                 "nos mudamos|me mudé|mudé a|instalo|instalarme"),
        "it": _w("vivo a|vivo in|vivo con|vivere a|vivere in|abito|abitare|trasferisco|"
                 "trasferirmi|trasferito|trasferita|trasloco|traslocare"),
        "pt": _w("moro|morar|vivo em|vivo com|vivo no|vivo na|viver em|viver com|mudo para|"
                 "mudar para|mudei para|mudamos para|mudo-me|mudei-me|mudar-me|me mudar|"
                 "me mudei|instalar"),
        "nl": _w("woon|wonen|woont|verhuis|verhuizen|verhuisd"),
        "zh": _w("住|搬|定居|落户"),
    },
    # a new home, said without a verb of moving ("la casa nueva", "our new flat", "the keys to
    # the flat"): read with the place it names by homes.moved_into, which also needs the user
    # to be living there (the cue "moving_in", or the first days said)
    "new_home": {
        "en": _w("new house|new flat|new apartment|new home|got the keys|keys to the new|"
                 "keys to our new"),
        "de": _w("neue Wohnung|neuen Wohnung|neues Haus|neuen Haus|Schlüssel bekommen|"
                 "Schlüssel für die neue|Schlüssel für die Wohnung|Schlüssel abgeholt"),
        "fr": _w("nouvel appart|nouvel appartement|nouvelle maison|nouveau logement|"
                 "eu les clés|reçu les clés|récupéré les clés"),
        "es": _w("casa nueva|nueva casa|depto nuevo|departamento nuevo|piso nuevo|nuevo piso|"
                 "nuevo depto|nuevo departamento|tengo las llaves|nos dieron las llaves|"
                 "me dieron las llaves"),
        "it": _w("casa nuova|nuova casa|appartamento nuovo|nuovo appartamento|ho le chiavi|"
                 "abbiamo le chiavi|ci hanno dato le chiavi"),
        "pt": _w("casa nova|nova casa|apartamento novo|novo apartamento|apê novo|ap novo|"
                 "peguei as chaves|pegamos as chaves|recebemos as chaves|recebi as chaves"),
        "nl": _w("nieuwe huis|nieuw huis|nieuwe appartement|nieuwe flat|nieuwe woning|"
                 "sleutels gekregen|sleutel gekregen|sleutels opgehaald"),
        "zh": _w("新家|新房子|新公寓|拿到钥匙"),
    },
    # living in the new home already: boxes everywhere, unpacking, the new landlady, a
    # housewarming ("surrounded by boxes", "todo lleno de cajas", "überall Kartons"); the keys
    # alone are not it (the move may be a week later)
    "moving_in": {
        "en": _w("new landlady|new landlord|surrounded by boxes|living out of boxes|"
                 "still unpacking|unpacking boxes|boxes everywhere|housewarming"),
        "de": _w("neue Vermieterin|neuer Vermieter|neuen Vermieter|der neue Vermieter|"
                 "zwischen Kartons|"
                 "zwischen Umzugskartons|überall Kartons|Kisten auspacken|Kartons auspacken|"
                 "überall … Zügelkisten|überall … Umzugskisten|überall … Kartons|"
                 "zwischen Zügelkisten|Zügelkisten auspacken|"
                 "Einweihungsparty"),
        "fr": _w("nouvelle proprio|nouveau proprio|nouveau propriétaire|nouvelle propriétaire|"
                 "entre les cartons|au milieu des cartons|cartons partout|"
                 "pendaison de crémaillère"),
        "es": _w("nueva casera|nuevo casero|lleno de cajas|llena de cajas|entre cajas|"
                 "rodeados de cajas|cajas por todos lados|cajas por todo lado|desempacando"),
        "it": _w("nuova padrona di casa|nuovo padrone di casa|tra gli scatoloni|"
                 "pieno di scatoloni|piena di scatoloni|in mezzo agli scatoloni|"
                 "inaugurazione della casa"),
        "pt": _w("novo senhorio|nova senhoria|cheio de caixas|cheia de caixas|"
                 "no meio das caixas|entre caixas|caixas por todo lado|chá de casa nova"),
        "nl": _w("nieuwe huisbaas|nieuwe verhuurder|nieuwe huisbazin|tussen de dozen|vol dozen|"
                 "overal dozen|dozen uitpakken|housewarming"),
        "zh": _w("新房东|满屋子箱子|一堆箱子|拆箱子|纸箱还没拆|暖房"),
    },
    # how long the user has been in a place, counted in weeks, months or years ("we've been
    # in Leith a month now", "depuis trois semaines qu'on est à Angré", "llevamos dos meses en
    # Nervión"): said of a named place, a home (a few days there is as often a trip)
    # the user's old workplace, home or thing recalled as past or set against the present
    # ("I used to walk to Harbour Foods", "sinto falta do balcão do Batel", "y yo que me
    # quejaba de que la farmacia de La Floresta cerraba a las diez", "e eu que achava Achada
    # Santo António barulhenta"): said of a value held, it is over (lifecycle.recalled_targets)
    "recalled_past": {
        "en": _w("i miss|i do miss|i really miss|i kinda miss|i used to|we used to|"
                 "and i thought|and to think i|and here i was|and i was complaining|"
                 "and i complained|i was always complaining|my old|my former|"
                 "went to the scrapyard|to the scrapper|scrapped"),
        "de": _w("ich vermisse|vermiss ich|vermisse ich|fehlt mir|fehlen mir|"
                 "und ich dachte|und ich hab … gemeckert|und ich hab mich … beschwert|"
                 "mein alter|meine alte|mein altes|meinen alten|meinem alten|mei alter|"
                 "mei alte|Schrotthändler|Schrottplatz|verschrottet|bin ich gelaufen|"
                 "bin ich zu Fuß"),
        "fr": _w("me manque|me manquent|je regrette|et moi qui|et dire que|avant j'allais|"
                 "j'allais à pied|j'y allais|mon ancien|mon ancienne|mon vieux|ma vieille|"
                 "à la casse"),
        "es": _w("echo de menos|extraño|y yo que|y pensar que|antes iba|iba andando|"
                 "iba caminando|iba a pie|mi antiguo|mi antigua|mi viejo|mi vieja|"
                 "al desguace|a la chatarra|chatarrero"),
        "it": _w("mi manca|mi mancano|e io che|e pensare che|ci andavo|andavo a piedi|"
                 "prima andavo|il mio vecchio|la mia vecchia|dal rottamatore|rottamata|"
                 "rottamato|dallo sfasciacarrozze|allo sfasciacarrozze"),
        "pt": _w("sinto falta|tenho saudades|saudades do|saudades da|e eu que|e pensar que|"
                 "ia a pé|ia andando|antes ia|o meu antigo|a minha antiga|meu antigo|"
                 "minha antiga|ferro-velho|sucata"),
        "nl": _w("ik mis|mis ik|en ik maar klagen|en ik die|en ik dacht nog|"
                 "ik liep naar|liep ik|mijn oude|naar de sloop|gesloopt"),
        "zh": _w("以前在|原来的|想念|怀念|之前在|旧的那"),
    },
    "time_in_a_place": {
        "en": _w("we've been in … for … weeks|we've been in … for … months|"
                 "we've been in … for … years|we've been in … a month|we've been in … a year|"
                 "we've been in … for a month|we've been in … for a year|"
                 "we have been in … for|i've been in … for … months|"
                 "i've been in … for … years|i've been in … a month|"
                 "i've been in … for a month"),
        "de": _w("sind seit … Wochen in|sind seit … Monaten in|sind seit … Jahren in|"
                 "sind seit einem Monat in|sind seit einem Jahr in|sind jetzt seit … in"),
        "fr": _w("depuis … semaines qu'on est|depuis … mois qu'on est|depuis … ans qu'on est|"
                 "depuis … semaines que je suis|depuis … mois que je suis|"
                 "depuis … ans que je suis|ça fait … semaines qu'on est|"
                 "ça fait … mois qu'on est|ça fait … semaines que je suis|"
                 "ça fait … mois que je suis|on est à … depuis … semaines|"
                 "on est à … depuis … mois"),
        "es": _w("hace … semanas que estamos en|hace … meses que estamos en|"
                 "hace un mes que estamos en|hace … semanas que estoy en|"
                 "hace … meses que estoy en|hace un mes que estoy en|llevamos … semanas en|"
                 "llevamos … meses en|llevamos un mes en|llevo … meses en|llevo un mes en"),
        "it": _w("da … settimane siamo|da … mesi siamo|da un mese siamo|da … settimane sono a|"
                 "da … mesi sono a|da un mese sono a|siamo a … da … settimane|"
                 "siamo a … da … mesi|siamo a … da un mese|siamo in … da … mesi|"
                 "sono … settimane che stiamo|sono … mesi che stiamo|è un mese che stiamo|"
                 "sono … settimane che abitiamo|sono … mesi che abitiamo|"
                 "sono … settimane che viviamo|sono … mesi che viviamo"),
        "pt": _w("há … semanas que estamos|há … meses que estamos|há um mês que estamos|"
                 "faz … semanas que estamos|faz … meses que estamos|faz um mês que estamos|"
                 "há … meses que estou|há um mês que estou"),
        "nl": _w("zitten nu … weken in|zitten nu … maanden in|zitten al … weken in|"
                 "zitten al … maanden in|zitten nu een maand in|zitten al een maand in|"
                 "zijn nu … weken in|zijn al … maanden in|zijn nu een maand in"),
    },
    # someone else living somewhere or moving house ("my dad lives in Mieres", "mi padre vive
    # en Oviedo", "ma mère s'est installée à Lyon"): the third person of "dwelling"
    "dwelling_of_others": {
        "en": _w("lives|lived|moved|moves|has moved|is moving"),
        "de": _w("wohnt|lebt|zieht|gezogen|umgezogen"),
        "fr": _w("habite|vit à|vit en|vit chez|a déménagé|déménage|s'est installé|"
                 "s'est installée|s’est installé|s’est installée"),
        "es": _w("vive en|vive con|vive solo|vive sola|vive ahora|vivía en|se mudó|se ha mudado|"
                 "se muda"),
        "it": _w("vive a|vive in|vive da|abita|si è trasferito|si è trasferita|si trasferisce|"
                 "ha traslocato"),
        "pt": _w("mora|morava|vive em|vive no|vive na|vive sozinho|vive sozinha|mudou-se|"
                 "se mudou|foi morar"),
        "nl": _w("woont|woonde|verhuisd|verhuist|is verhuisd"),
        "zh": _w("住在|搬到|搬去|搬回|定居"),
    },
    # where someone else works, with a named workplace ("mein Bruder Tom arbeitet jetzt im
    # LNS", "Yann bosse chez Goëlo", "我弟弟在腾讯上班"): their job
    # (workplaces.someone_elses_workplace_targets)
    "others_work": {
        "en": _w("works|worked|is working|has started|started|got a job|has a job|job"),
        "de": _w("arbeitet|schafft|jobbt|angefangen|fängt|anfängt|Stelle|Job"),
        "fr": _w("travaille|bosse|a commencé|commence|boulot|poste|taf"),
        "es": _w("trabaja|curra|curro|empezó|ha empezado|empieza|trabajo|puesto"),
        "it": _w("lavora|ha iniziato|ha cominciato|inizia|comincia|lavoro|posto"),
        "pt": _w("trabalha|começou|começa|trampa|emprego|trabalho"),
        "nl": _w("werkt|is begonnen|begint|begonnen|job|baan|werk"),
        "zh": _w("上班|工作|入职|跳槽"),
    },
    # time off work, what the user does after it ("ich helfe nach der Arbeit beim
    # Blaufränkisch mit", "after work I coach the under-10s"): something besides the job,
    # never the job itself
    "after_work": {
        "en": _w("after work|after my shift|after my shifts|after the office|after my job"),
        "de": _w("nach der Arbeit|nach dem Dienst|nach der Schicht|nach Feierabend|"
                 "nach dem Job"),
        "fr": _w("après le travail|après le boulot|après le taf|après mon service|"
                 "après le bureau|en sortant du boulot|en sortant du travail"),
        "es": _w("después del trabajo|después del curro|después de la chamba|"
                 "saliendo del trabajo|al salir del trabajo|después de trabajar"),
        "it": _w("dopo il lavoro|dopo lavoro|dopo il turno|finito il lavoro|"
                 "uscito dal lavoro|uscita dal lavoro"),
        "pt": _w("depois do trabalho|depois do serviço|depois do expediente|"
                 "depois do trampo|saindo do trabalho|após o trabalho"),
        "nl": _w("na het werk|na mijn werk|na m'n werk|na werktijd|na mijn dienst|"
                 "na m'n dienst"),
        "zh": _w("下班后|下班以后|下了班|下班之后"),
    },
    # a step towards a job: applying, an interview, a trial day or shift, an offer — not
    # the job itself ("sent my application to Hearth & Rye", "fiz entrevista no INPA",
    # "Probetag bei Lidl"); not "interview" alone, which a journalist or a recruiter does
    # as their work ("I interview candidates at Zalando")
    "job_seeking": {
        "en": _w("applied|apply for|apply to|apply at|applying|application|applications|"
                 "an interview|the interview|my interview|job interview|interviewed at|"
                 "interviewed with|interviewed for|interview at|interview with|interview for|"
                 "interviewing at|interviewing with|trial shift|trial day|trial run|"
                 "job offer|an offer|the offer|their offer|offered me|sent my cv|"
                 "sent my resume|sent in my cv|sent in my resume|job fair|job fairs|"
                 "job hunt|job hunting|job search|job ad|job ads|job advert|interviewing elsewhere|"
                 "started interviewing|been interviewing|interviews lined up|"
                 "looking for a new job|looking for a job|looking for another job|"
                 "on the job market|updating my cv|updating my resume|"
                 # a vacancy the user answers ("Glendrum is looking for a technician")
                 "is looking for a|is looking for an|are looking for a|are looking for an|"
                 "is hiring|are hiring|vacancy|vacancies|job opening|"
                 # a job wished for, not had ("I want to become a midwife")
                 "want to become|wants to become|want to work as|would like to work as|"
                 "dream of becoming|retrain as|retraining as"),
        "de": _w("beworben|bewerbe|bewerben|bewerbung|bewerbungen|vorstellungsgespräch|"
                 "bewerbungsgespräch|jobinterview|probetag|probearbeiten|probe gearbeitet|"
                 "angebot|jobangebot|stellenangebot|lebenslauf geschickt|jobsuche|auf jobsuche|"
                 "nach einem neuen job|nach einer neuen stelle|schau mich nach|"
                 "sucht e|sucht ne|sucht eine|sucht einen|sucht nen|suchen eine|suchen einen|"
                 "stellenanzeige|stellenausschreibung|will … werden|möchte … werden|"
                 "will … … werden|möchte … … werden|will als|möchte als|umschulung"),
        "fr": _w("postulé|postule|postuler|candidature|candidatures|candidaté|entretien|"
                 "appliqué pour|applique pour|appliquer pour|"  # Québec: applied for
                 "entretien d'embauche|journée d'essai|jour d'essai|offre|offre d'emploi|"
                 "proposition d'embauche|envoyé mon cv|cherche un nouveau boulot|"
                 "cherche un nouveau job|cherche un nouveau poste|cherche du travail|"
                 "en recherche d'emploi|cherche un|cherche une|cherchent un|cherchent une|"
                 "recrute|recrutent|veux devenir|voudrais devenir|aimerais devenir|"
                 "veux travailler comme|reconversion"),
        "es": _w("solicitud|postulé|me postulé|postular|postulando|apliqué|entrevista|"
                 "entrevistas|día de prueba|jornada de prueba|oferta|oferta de trabajo|"
                 "me ofrecieron|mandé mi cv|mandé el cv|envié mi cv|envié el currículum|"
                 "buscando trabajo|busco trabajo|buscando otro trabajo|busco otro trabajo|"
                 "busca un|busca una|buscan un|buscan una|busca personal|está contratando|"
                 "están contratando|vacante|quiero trabajar de|quiero trabajar como|"
                 "me gustaría trabajar de|quiero ser profe|quiero convertirme en"),
        "it": _w("candidatura|candidature|candidato|candidata|candidarmi|colloquio|"
                 "colloqui|giorno di prova|giornata di prova|prova pratica|offerta|"
                 "offerta di lavoro|proposta di lavoro|mandato il cv|inviato il cv|cerco lavoro|"
                 "cercando lavoro|cerco un altro lavoro|cercando un altro lavoro|"
                 "cerca un|cerca una|cercano un|cercano una|cerca personale|assumono|"
                 "voglio diventare|vorrei diventare|vorrei lavorare come|voglio lavorare come"),
        "pt": _w("candidatura|me candidatei|candidatei-me|candidatar|entrevista|entrevistas|"
                 "dia de teste|dia de experiência|proposta|proposta de emprego|"
                 "oferta de emprego|mandei currículo|mandei meu currículo|mandei o currículo|"
                 "enviei o currículo|enviei meu currículo|procurando emprego|procurando trabalho|"
                 "à procura de emprego|procurando outro emprego|procura um|procura uma|"
                 "procuram um|procuram uma|busca personal|está contratando|tá contratando|"
                 "vaga de|vagas|quero trabalhar como|gostaria de trabalhar como|"
                 "quero me tornar|quero virar"),
        "nl": _w("gesolliciteerd|solliciteer|solliciteren|sollicitatie|sollicitaties|"
                 "sollicitatiegesprek|proefdag|meeloopdag|aanbod|baanaanbod|jobaanbod|"
                 "cv gestuurd|op zoek naar een nieuwe baan|op zoek naar een baan|"
                 "op zoek naar ander werk|zoekt een|zoekt ne|zoekt nen|zoeken een|vacature|"
                 "vacatures|wil als|wil ik|wou ik|wil … worden|wil … … worden|"
                 "wil … … … worden|zij-instromer|"
                 "zij-instroom|omscholen"),
        "zh": _w("面试|投简历|投了简历|应聘|录用通知|offer|试工|试岗|笔试|找工作|在找新工作|"
                 "看机会|骑驴找马|招聘|招人|想当|想转行"),
    },
    # the user got the job the step was towards: the new employer, whatever step is named
    # beside it ("after the interview they hired me", "me contrataron en Zara")
    "hired": {
        "en": _w("got the job|got the position|got the role|got hired|i'm hired|hired me|"
                 "was hired|been hired|accepted the offer|accepted their offer|"
                 "accepted the job|accepted the position|took the job|signed the contract|"
                 "signed my contract"),
        "de": _w("stelle bekommen|job bekommen|die stelle … bekommen|den job … bekommen|"
                 "eingestellt|haben mich genommen|angebot angenommen|zusage angenommen|"
                 "vertrag unterschrieben|arbeitsvertrag unterschrieben"),
        "fr": _w("embauché|embauchée|j'ai été pris|j'ai été prise|décroché le poste|"
                 "décroché le job|accepté l'offre|accepté le poste|signé mon contrat|"
                 "signé le contrat"),
        "es": _w("me contrataron|me han contratado|me contratan|contratado|contratada|"
                 "me cogieron|conseguí el trabajo|conseguí el puesto|me dieron el puesto|"
                 "me dieron el trabajo|acepté la oferta|firmé el contrato"),
        "it": _w("assunto|assunta|mi hanno assunto|mi hanno assunta|mi hanno preso|"
                 "mi hanno presa|ho ottenuto il posto|ho avuto il posto|accettato l'offerta|"
                 "firmato il contratto"),
        "pt": _w("fui aprovado|fui aprovada|fui contratado|fui contratada|me contrataram|"
                 "contrataram-me|consegui o emprego|consegui a vaga|aceitei a proposta|"
                 "assinei o contrato"),
        "nl": _w("aangenomen|de baan gekregen|baan gekregen|de job gekregen|"
                 "contract getekend|contract ondertekend"),
        "zh": _w("入职|被录用|录用了我|录取了|签了合同|签约了"),
    },
    # a question about what the user told before ("did I tell you Leeds?", "hatte ich dir
    # Brandt geschrieben?", "我是不是说我妈生日 5 月 8 号？"): the user doubts a value of their
    # own, which the next clause puts right
    "recalled_saying": {
        "en": _w("did i say|did i tell you|did i tell u|did i write|have i told you|i think i said|"
                 "i think i told you|i told you|i told u|didn't i tell you|didnt i tell you|"
                 "didnt i tell u"),
        "de": _w("hab ich dir|habe ich dir|hatte ich dir|hab ich … gesagt|"
                 "hab ich … geschrieben|habe ich … gesagt|habe ich … geschrieben|sagte ich|"
                 "hab ich gesagt|habe ich gesagt|hatte ich gesagt|hab ich geschrieben|"
                 "habe ich geschrieben"),
        "fr": _w("je t'ai dit|je t’ai dit|je t'ai écrit|j'ai dit|j'ai écrit|je vous ai dit|"
                 "t'ai-je dit|je t'avais dit|je vous avais dit"),
        "es": _w("te dije|te escribí|dije|escribí|te conté|te comenté|le dije"),
        "it": _w("ti ho detto|ti ho scritto|ho detto|ho scritto|ti avevo detto|ti avevo scritto|"
                 "le ho detto|le avevo detto|vi ho detto|vi avevo detto|"
                 "t avevo detto|t'avevo detto|t ho detto|t'ho detto"),
        "pt": _w("te disse|eu disse|te falei|eu falei|te escrevi|te contei|te tinha dito|"
                 "lhe disse"),
        "nl": _w("zei ik|heb ik … gezegd|heb ik … geschreven|had ik … gezegd|"
                 "had ik … geschreven|schreef ik|heb ik gezegd|had ik gezegd|"
                 "heb ik geschreven|had ik geschreven|heb ik je verteld|had ik je verteld"),
        "zh": _w("是不是说|是不是跟你说|是不是写|有没有说|是不是讲"),
    },
    # the user wonders why they said the wrong value, naming it again ("no idea why I said
    # Tesco", "je sais pas pourquoi j'ai écrit porto-novo", "nn so xké t'ho detto
    # parrucchiera", "no sé ni por q te dije ilobasco"): said at a clause's start, the clause
    # is about the mistake and states nothing (clause_extractor._wonders_why_said)
    "why_said": {
        "en": _w("no idea why i said|no idea why i wrote|no idea why i told you|"
                 "don't know why i said|dont know why i said|"
                 "don't know why i wrote|dont know why i wrote|don't know why i told you|"
                 "dont know why i told you|not sure why i said|not sure why i wrote|"
                 "dunno why i said|dunno why i wrote|idk why i said|idk why i wrote|"
                 "no clue why i said|why did i say|why did i write|why did i tell you"),
        "de": _w("keine Ahnung, warum ich … gesagt|keine Ahnung warum ich … gesagt|"
                 "keine Ahnung, warum ich … geschrieben|keine Ahnung warum ich … geschrieben|"
                 "keine Ahnung, wieso ich … gesagt|keine Ahnung wieso ich … gesagt|"
                 "keine Ahnung, wieso ich … geschrieben|keine Ahnung wieso ich … geschrieben|"
                 "weiß nicht, warum ich … gesagt|weiß nicht warum ich … gesagt|"
                 "weiß nicht, warum ich … geschrieben|weiß nicht warum ich … geschrieben|"
                 "weiss nicht, warum ich … gesagt|weiss nicht warum ich … gesagt|"
                 "keine Ahnung, wie ich auf|keine Ahnung wie ich auf|weiß nicht, wie ich auf|"
                 "weiß nicht wie ich auf|wie komm ich auf|wie bin ich auf|"
                 "warum hab ich … gesagt|warum hab ich … geschrieben"),
        "fr": _w("sais pas pourquoi j'ai|sais pas pourquoi j’ai|sais pas pourquoi je t'ai|"
                 "sais pas pourquoi je t’ai|sais pas pq j'ai|sais pas pk j'ai|"
                 "sais vraiment pas pourquoi j'ai|aucune idée pourquoi j'ai|"
                 "aucune idée pourquoi je t'ai|pourquoi j'ai dit|pourquoi j'ai écrit|"
                 "pourquoi je t'ai dit|pourquoi je t'ai écrit"),
        "es": _w("no sé por qué te dije|no sé por qué dije|no sé por qué escribí|"
                 "no sé por qué te escribí|no sé por q te dije|no se por que te dije|"
                 "no se por q te dije|no sé ni por qué te dije|no sé ni por q te dije|"
                 "no se ni por que te dije|no se ni por q te dije|ni idea por qué te dije|"
                 "ni idea de por qué te dije|por qué te dije|no sé xq te dije|"
                 "no se xq te dije|no sé ni xq te dije|no se ni xq te dije"),
        "it": _w("nn so xké t'ho detto|non so xké t'ho detto|nn so perché t'ho detto|"
                 "non so perché t'ho detto|nn so xké ti ho detto|non so xké ti ho detto|"
                 "non so perché ti ho detto|nn so perché ti ho detto|non so perché ho detto|"
                 "nn so xké ho detto|non so perché ho scritto|non so perché ti ho scritto|"
                 "chissà perché ho detto|chissà perché ti ho detto|non so xkè l'ho detto|"
                 "non so xké l'ho detto|non so perché l'ho detto|non so xchè l'ho detto"),
        "pt": _w("não sei porque disse|não sei por que disse|não sei porque te disse|"
                 "não sei por que te disse|não sei porque escrevi|não sei por que escrevi|"
                 "não sei porque falei|não sei por que falei|não sei porque te falei|"
                 "não sei por que te falei|não sei pq falei|não sei pq disse|nao sei pq falei|"
                 "nem sei porque disse|nem sei por que disse|nem sei porque falei|"
                 "nem sei por que falei"),
        "nl": _w("geen idee waarom ik … zei|geen idee waarom ik … schreef|"
                 "weet niet waarom ik … zei|weet niet waarom ik … schreef|"
                 "weet nie waarom ik … zei|geen flauw idee waarom ik|geen idee hoe ik op|"
                 "weet niet hoe ik op|waarom zei ik|waarom schreef ik"),
        "zh": _w("不知道为什么说|不知道为啥说|不知道怎么说成|不知道咋说成|不知道为什么写|"
                 "不知道为啥写|怎么会说成|怎么就说成|不知道为啥讲|不知道为什么讲"),
    },
    # a count of a habit moved to another number, said before the number ("I'm down to 8 a
    # day", "sono sceso a 8 al giorno", "减到每天8根"): a new count of what was counted before
    "count_moved": {
        "en": _w("down to|cut down to|cut back to|went down to|gone down to|up to|"
                 "i'm at|i am at|now at|only|cut back|cut down"),
        "de": _w("runter auf|herunter auf|reduziert auf|nur noch|bin bei|bin jetzt bei|"
                 "reduziert|runtergefahren|hoch auf"),
        "fr": _w("descendu à|descendue à|passé à|passée à|réduit à|tombé à|tombée à|"
                 "plus que|monté à|montée à|réduit"),
        "es": _w("bajé a|he bajado a|bajado a|reduje a|he reducido a|reducido a|"
                 "estoy en|ya solo|solo|subí a"),
        "it": _w("sceso a|scesa a|ridotto a|passato a|passata a|arrivato a|arrivata a|"
                 "solo|salito a|salita a"),
        "pt": _w("baixei para|baixei pra|reduzi para|reduzi pra|desci para|desci pra|"
                 "passei para|passei pra|só|subi para"),
        "nl": _w("teruggegaan naar|terug naar|nog maar|zit nu op|zit op|naar beneden naar|"
                 "omhoog naar|teruggebracht|verminderd"),
        "zh": _w("减到|降到|少到|减少到|只抽|只喝|涨到|加到"),
    },
    # how often a counted habit comes, said right after its number ("8 a day", "2 par jour",
    # "每天"): the period a count moved to is compared in
    "per_day": {
        "en": _w("a day|per day|each day|every day"), "de": _w("am tag|pro tag|täglich"),
        "fr": _w("par jour"), "es": _w("al día|por día|diarios"),
        "it": _w("al giorno|ogni giorno"), "pt": _w("por dia|ao dia|diários"),
        "nl": _w("per dag|op een dag|elke dag"), "zh": _w("每天|一天"),
    },
    "per_week": {
        "en": _w("a week|per week|each week"), "de": _w("die woche|pro woche|in der woche"),
        "fr": _w("par semaine"), "es": _w("a la semana|por semana"),
        "it": _w("a settimana|alla settimana|per settimana"),
        "pt": _w("por semana|na semana"), "nl": _w("per week|in de week"),
        "zh": _w("每周|每星期|一周|一个星期"),
    },
    # the word that opens what the user says they said, after a "recalled_saying" cue
    # ("did I tell you that Mia works in Bristol?", "¿te dije que Lucía vive en Toledo?",
    # "zei ik dat Sanne in Breda woont?"): the clause after it holds the wrong value
    "said_that": {
        "en": _w("that"), "de": _w("dass|daß"), "fr": _w("que|qu'|qu’"), "es": _w("que"),
        "it": _w("che"), "pt": _w("que"), "nl": _w("dat"),
    },
    # the user's share of a working week, said beside a percentage or a count of days or
    # hours ("I'm at 80% at work now", "Teilzeit 70 %", "je travaille à 60 %", "ik werk
    # nu 4 dagen"): what makes the number a working rate, not a battery or a discount
    "working_time": {
        "en": _w("work|working|job|part-time|part time|full-time|full time|contract|"
                 "workload|my employer|my boss"),
        "de": _w("arbeite|arbeiten|arbeit|job|teilzeit|vollzeit|pensum|arbeitspensum|"
                 "stelle|vertrag|chef|chefin"),
        "fr": _w("travaille|travailler|travail|boulot|taux|temps partiel|temps plein|"
                 "poste|contrat|taux d'activité|mon chef|ma cheffe"),
        "es": _w("trabajo|trabajar|curro|jornada|media jornada|tiempo parcial|"
                 "tiempo completo|contrato|mi jefe|mi jefa"),
        "it": _w("lavoro|lavorare|part-time|part time|tempo pieno|tempo parziale|contratto|"
                 "orario|il mio capo"),
        "pt": _w("trabalho|trabalhar|emprego|meio período|meio expediente|tempo parcial|"
                 "tempo integral|jornada|contrato|meu chefe|minha chefe"),
        "nl": _w("werk|werken|job|deeltijds|deeltijd|voltijds|voltijd|contract|"
                 "mijn baas"),
        "zh": _w("工作|上班|兼职|全职|工时|合同|老板"),
    },
    # the owner said right before a share of time ("my 80%", "mon 60 %", "mein 70%-Pensum",
    # "mijn 80%"): the user's working rate, with no other word of work needed
    "own_rate": {
        "en": _w("my"), "de": _w("mein|meine|meinem|meinen"), "fr": _w("mon|ma"),
        "es": _w("mi"), "it": _w("il mio|mio"), "pt": _w("o meu|meu"), "nl": _w("mijn"),
        "zh": _w("我的"),
    },
}

WORKING_RATE_UNITS: dict[str, tuple[str, ...]] = {
    "%": _w("%|percent|per cent|pour cent|prozent|por ciento|per cento|por cento|procent|"
            "pct"),
    "days": _w("days|day|tage|tagen|jours|días|dias|giorni|dagen|天"),
    "hours": _w("hours|hrs|h|stunden|std|heures|horas|ore|uur|uren|小时|个小时"),
}
"""The units of a working rate: a share of full time, or days or hours a week ("80 %",
"4 dagen", "32 Stunden")."""

WEEKLY: tuple[str, ...] = _w(
    "a week|per week|each week|pro woche|die woche|in der woche|par semaine|"
    "a la semana|por semana|a settimana|alla settimana|per settimana|por semana|"
    "na semana|in de week|每周|一周|每个星期|一个星期")
""""A week" after a count of days or hours ("4 days a week", "32 uur per week")."""

WORKING_VERBS: tuple[str, ...] = _w(
    "work|working|arbeite|arbeiten|travaille|trabajo|lavoro|trabalho|werk|werken|上班|工作")
"""Verbs of working that a count of days or hours may follow ("ik werk nu 4 dagen", "je
travaille 4 jours"): the count is then the working week."""


AMOUNT_WORDS: dict[str, int] = {w: n for n, ws in enumerate((
    "", "one één een eins ein eine einen un une uno una um uma 一",
    "two deux dos due dois duas twee zwei 两 二",
    "three trois tres tre três drie drei 三", "four quatre cuatro quattro quatro vier 四",
    "five cinq cinco cinque vijf fünf 五", "six seis sei zes sechs 六",
    "seven sept siete sette sete zeven sieben 七", "eight huit ocho otto oito acht 八",
    "nine neuf nueve nove negen neun 九", "ten dix diez dieci dez tien zehn 十"))
    for w in ws.split()}
"""Counting words of every language, for how much of a thing the user takes ("drie
scheppen suiker", "two coffees a day", "nur noch eine Tasse"); the articles that also say
"one" count too, but not the English "a", which is in every "a day", "a week"."""


CONTEXTS: dict[str, tuple[tuple[str, str], ...]] = {
    # phrase → the context label written into a fact
    "en": (("at work", "at work"), ("for work", "at work"), ("in the office", "at work"),
           ("at the office", "at work"), ("work laptop", "at work"), ("at home", "at home"),
           ("home", "at home"), ("on weekends", "on weekends"), ("at weekends", "on weekends"),
           ("on the weekend", "on weekends"), ("on weekdays", "on weekdays"),
           ("during the week", "on weekdays"), ("privately", "privately"),
           ("personal projects", "privately"), ("in summer", "in summer"),
           ("in the summer", "in summer"), ("in winter", "in winter"),
           ("in the winter", "in winter")),
    "de": (("bei der arbeit", "at work"), ("auf der arbeit", "at work"), ("im büro", "at work"),
           ("in der firma", "at work"), ("beruflich", "at work"), ("zu hause", "at home"),
           ("zuhause", "at home"), ("daheim", "at home"), ("privat", "privately"),
           ("am wochenende", "on weekends"), ("unter der woche", "on weekdays"),
           ("im sommer", "in summer"), ("im winter", "in winter")),
    "fr": (("au bureau", "at work"), ("au travail", "at work"), ("au boulot", "at work"),
           ("à la maison", "at home"), ("chez moi", "at home"), ("le week-end", "on weekends"),
           ("en semaine", "on weekdays"), ("perso", "privately"), ("en privé", "privately"),
           ("en été", "in summer"), ("l'été", "in summer"), ("en hiver", "in winter"),
           ("l'hiver", "in winter")),
    "es": (("en la oficina", "at work"), ("en la ofi", "at work"), ("en el trabajo", "at work"),
           ("en el curro", "at work"), ("en casa", "at home"), ("fin de semana", "on weekends"),
           ("fines de semana", "on weekends"), ("entre semana", "on weekdays"),
           ("de lunes a viernes", "on weekdays"), ("en verano", "in summer"),
           ("en invierno", "in winter")),
    "it": (("al lavoro", "at work"), ("in ufficio", "at work"), ("a lavoro", "at work"),
           ("a casa", "at home"), ("in casa", "at home"), ("nel weekend", "on weekends"),
           ("nel fine settimana", "on weekends"), ("durante la settimana", "on weekdays"),
           ("d'estate", "in summer"), ("in estate", "in summer"), ("d'inverno", "in winter"),
           ("in inverno", "in winter")),
    "pt": (("no trabalho", "at work"), ("no escritório", "at work"), ("em casa", "at home"),
           ("fim de semana", "on weekends"), ("fins de semana", "on weekends"),
           ("de segunda a sexta", "on weekdays"), ("durante a semana", "on weekdays"),
           ("no verão", "in summer"), ("no inverno", "in winter")),
    "nl": (("op het werk", "at work"), ("op kantoor", "at work"), ("op werk", "at work"),
           ("thuis", "at home"), ("privé", "privately"), ("in het weekend", "on weekends"),
           ("doordeweeks", "on weekdays"), ("in de zomer", "in summer"),
           ("in de winter", "in winter"), ("'s zomers", "in summer"), ("'s winters", "in winter")),
    "zh": (("在公司", "at work"), ("上班时", "at work"), ("上班的时候", "at work"),
           ("在单位", "at work"),
           ("在家", "at home"), ("家里", "at home"), ("周末", "on weekends"),
           ("工作日", "on weekdays"), ("夏天", "in summer"), ("冬天", "in winter")),
}
"""Context qualifiers ("at work", "at home", "in summer") and the English label a fact carries.
A season is one only as the time of year a habit holds in, never a summer named by "this",
"next" or "last" (`clauses._A_SEASON_NAMED`)."""

SEASON_CONTEXTS = frozenset({"in summer", "in winter"})
"""The labels of :data:`CONTEXTS` that are seasons: a change said in no context still ends a
value held in one (:func:`lucidmem.facts.contradictions.resolve`)."""

WEEK_CONTEXTS = frozenset({"on weekdays", "on weekends"})
"""The labels of :data:`CONTEXTS` that are parts of the week: a move said in no context ends
a home held in one ("lives in Vaduz (on weekdays)";
:func:`lucidmem.facts.contradictions.resolve`)."""

RELATIONS: dict[str, dict[str, str]] = {
    # relation word (lower case) → the English relation
    "en": {w: r for r, ws in {
        "son-in-law": "son-in-law|son in law", "daughter-in-law": "daughter-in-law|daughter in law",
        "grandson": "grandson", "granddaughter": "granddaughter",
        "grandchild": "grandkid|grandchild",
        "godmother": "godmother", "godfather": "godfather", "classmate": "classmate|class mate",
        "dance partner": "dance partner|dancing partner", "ex-husband": "ex-husband|ex husband",
        "ex-wife": "ex-wife|ex wife",
        "mother": "mother|mom|mum|mama|mam|mammy|mummy|mommy", "father": "father|dad|papa",
        "parents": "parents|folks",
        "sister": "sister|sis", "brother": "brother|bro", "wife": "wife", "husband": "husband",
        "partner": "partner", "boyfriend": "boyfriend|bf", "girlfriend": "girlfriend|gf",
        "fiancée": "fiancée|fiancee|fiance|fiancé", "son": "son", "daughter": "daughter",
        "child": "kid|child", "grandmother": "grandmother|grandma|gran|nan|nana|granny",
        "grandfather": "grandfather|grandpa|grandad|granddad", "aunt": "aunt", "uncle": "uncle",
        "cousin": "cousin", "niece": "niece", "nephew": "nephew",
        "mother-in-law": "mother-in-law", "father-in-law": "father-in-law",
        "brother-in-law": "brother-in-law", "sister-in-law": "sister-in-law",
        "best friend": "best friend|best mate|bestie", "friend": "friend|mate|buddy",
        "ex": "ex", "roommate": "roommate|flatmate|housemate|roomie",
        "neighbour": "neighbour|neighbor", "boss": "boss",
        "manager": "manager|practice manager|office manager|line manager|store manager|"
        "shop manager|team lead|team leader",
        "colleague": "colleague|coworker|co-worker", "assistant": "assistant", "teacher": "teacher",
        "goddaughter": "goddaughter", "godson": "godson", "dog": "dog|puppy",
        "cat": "cat|kitten",
        "doctor": "gp|family doctor|pcp|primary care doctor|primary care physician",
        "supervisor": "supervisor|thesis supervisor|phd supervisor|advisor|adviser",
        "nanny": "nanny|babysitter|childminder|au pair", "therapist": "therapist|psychologist",
        "hairdresser": "hairdresser|barber", "coach": "coach|trainer|personal trainer",
        "dentist": "dentist",
    }.items() for w in ws.split("|")},
    "de": {w: r for r, ws in {
        "son-in-law": "schwiegersohn", "daughter-in-law": "schwiegertochter",
        "grandson": "enkel|enkelsohn", "granddaughter": "enkelin|enkeltochter",
        "grandchild": "enkelkind", "godmother": "patentante|patin", "godfather": "patenonkel",
        "classmate": "klassenkamerad|klassenkameradin|schulfreund|schulfreundin",
        "dance partner": "tanzpartner|tanzpartnerin", "ex-husband": "ex-mann|exmann",
        "ex-wife": "ex-frau|exfrau",
        # (dialect: Franconian and northern "mudder", "vadder"; South Tyrol's "Nonna")
        "mother": "mutter|mama|mutti|mudder|muddi", "father": "vater|papa|vadder|babba",
        "sister": "schwester",
        "parents": "eltern",
        "brother": "bruder", "wife": "frau|ehefrau", "husband": "mann|ehemann",
        "partner": "partner|partnerin", "boyfriend": "freund", "girlfriend": "freundin",
        "fiancée": "verlobte|verlobter", "son": "sohn", "daughter": "tochter",
        "child": "kind", "grandmother": "oma|großmutter|omi|nonna",
        "grandfather": "opa|großvater|nonno",
        "aunt": "tante", "uncle": "onkel", "cousin": "cousin|cousine", "niece": "nichte",
        "nephew": "neffe", "mother-in-law": "schwiegermutter",
        "father-in-law": "schwiegervater", "brother-in-law": "schwager",
        "sister-in-law": "schwägerin", "best friend": "bester freund|beste freundin|"
        "bester kumpel|bester kollege|beste kollegin", "friend": "kumpel", "ex": "ex",
        "roommate": "mitbewohner|mitbewohnerin", "neighbour": "nachbar|nachbarin",
        "boss": "chef|chefin",
        "colleague": "kollege|kollegin", "assistant": "assistent|assistentin",
        "teacher": "lehrer|lehrerin",
        "dog": "hund", "cat": "katze|kater", "doctor": "hausarzt|hausärztin|arzt|ärztin",
        "supervisor": "doktorvater|doktormutter|betreuer|betreuerin",
        "nanny": "kindermädchen|babysitter|babysitterin|tagesmutter|au-pair",
        "therapist": "therapeut|therapeutin|psychologe|psychologin",
        "hairdresser": "friseur|friseurin", "coach": "trainer|trainerin|personal trainer",
        "dentist": "zahnarzt|zahnärztin",
    }.items() for w in ws.split("|")},
    "fr": {w: r for r, ws in {
        "son-in-law": "gendre", "daughter-in-law": "belle-fille|bru",
        "grandson": "petit-fils", "granddaughter": "petite-fille",
        "godmother": "marraine", "godfather": "parrain",
        "classmate": "camarade de classe|copain de classe|copine de classe|camarade de promo",
        "dance partner": "partenaire de danse", "ex-husband": "ex-mari|ex mari",
        "ex-wife": "ex-femme|ex femme|ex-épouse",
        "mother": "mère|maman", "father": "père|papa", "sister": "sœur|soeur",
        "parents": "parents",
        "brother": "frère", "wife": "femme|épouse", "husband": "mari|époux",
        "partner": "compagne|compagnon|conjoint|conjointe", "boyfriend": "copain|chum",
        "girlfriend": "copine|blonde|petite amie", "fiancée": "fiancée|fiancé",
        "son": "fils", "daughter": "fille", "child": "enfant",
        "grandmother": "grand-mère|mamie|mémé", "grandfather": "grand-père|papi|pépé",
        "aunt": "tante", "uncle": "oncle", "cousin": "cousin|cousine", "niece": "nièce",
        "nephew": "neveu", "mother-in-law": "belle-mère", "father-in-law": "beau-père",
        "brother-in-law": "beau-frère", "sister-in-law": "belle-sœur|belle-soeur",
        "best friend": "meilleur ami|meilleure amie|meilleur pote", "friend": "ami|amie|pote",
        "ex": "ex", "roommate": "colocataire|coloc", "neighbour": "voisin|voisine",
        "boss": "patron|patronne|chef|cheffe|chef d'agence|cheffe d'agence|chef de service|"
        "cheffe de service|chef d'équipe|cheffe d'équipe", "colleague": "collègue",
        "assistant": "assistant|assistante",
        "teacher": "prof|professeur|professeure", "dog": "chien|chienne", "cat": "chat|chatte",
        "doctor": "médecin traitant|médecin généraliste|généraliste|médecin|docteur",
        "supervisor": "directeur de thèse|directrice de thèse|directeur de recherche|"
        "directrice de recherche", "nanny": "nounou|nourrice|baby-sitter|babysitter|au pair",
        "therapist": "psy|thérapeute|psychologue", "hairdresser": "coiffeur|coiffeuse",
        "coach": "coach|entraîneur|entraîneuse", "dentist": "dentiste",
    }.items() for w in ws.split("|")},
    "es": {w: r for r, ws in {
        "son-in-law": "yerno", "daughter-in-law": "nuera",
        "grandson": "nieto", "granddaughter": "nieta",
        "godmother": "madrina", "godfather": "padrino",
        "classmate": "compañero de clase|compañera de clase|compañero de la facu|"
        "compañera de la facu",
        "dance partner": "pareja de baile", "ex-husband": "ex-marido|ex marido|exmarido|"
        "ex-esposo|ex esposo|exesposo", "ex-wife": "ex-esposa|ex esposa|exesposa|ex-mujer",
        "mother": "madre|mamá|mama|mami|vieja", "father": "padre|papá|papa|papi|viejo",
        "parents": "padres|papás|viejos",
        "sister": "hermana", "brother": "hermano", "wife": "esposa|mujer",
        "husband": "esposo|marido", "partner": "pareja", "boyfriend": "novio|pololo|jevo",
        "girlfriend": "novia|morra|polola|jeva", "fiancée": "prometida|prometido", "son": "hijo",
        "daughter": "hija", "grandmother": "abuela|abuelita|yaya", "grandfather": "abuelo|abuelito",
        "aunt": "tía", "uncle": "tío", "cousin": "primo|prima", "niece": "sobrina",
        "nephew": "sobrino", "mother-in-law": "suegra", "father-in-law": "suegro",
        "brother-in-law": "cuñado", "sister-in-law": "cuñada",
        "best friend": "mejor amigo|mejor amiga", "friend": "amigo|amiga|comadre|compadre",
        "ex": "ex", "roommate": "compañera de piso|compañero de piso|roomie|"
        "compañera de depa|compañero de depa", "neighbour": "vecino|vecina",
        "boss": "jefe|jefa", "manager": "gerente",
        "colleague": "compañero de trabajo|compañera de trabajo|colega|compañera|compañero",
        "assistant": "asistente",
        "teacher": "maestra|maestro|profesora|profesor|profe", "dog": "perro|perra",
        "cat": "gato|gata", "doctor": "médico de cabecera|médica de cabecera|médico de familia|"
        "médica de familia|médico|médica",
        "supervisor": "director de tesis|directora de tesis|tutor de tesis|tutora de tesis",
        "nanny": "niñera|canguro|au pair", "therapist": "terapeuta|psicólogo|psicóloga",
        "hairdresser": "peluquero|peluquera", "coach": "entrenador|entrenadora|personal trainer",
        "dentist": "dentista",
    }.items() for w in ws.split("|")},
    "it": {w: r for r, ws in {
        "son-in-law": "genero", "daughter-in-law": "nuora",
        "grandson": "nipotino", "granddaughter": "nipotina",
        "godmother": "madrina", "godfather": "padrino",
        "classmate": "compagno di classe|compagna di classe|compagno di scuola|"
        "compagna di scuola|compagno di università|compagna di università",
        "dance partner": "partner di ballo|compagno di ballo|compagna di ballo",
        "ex-husband": "ex-marito|ex marito", "ex-wife": "ex-moglie|ex moglie",
        "mother": "madre|mamma", "father": "padre|papà|papa", "sister": "sorella",
        "parents": "genitori",
        "brother": "fratello", "wife": "moglie", "husband": "marito",
        "partner": "compagna|compagno", "boyfriend": "fidanzato|ragazzo|moroso",
        "girlfriend": "fidanzata|ragazza|morosa", "son": "figlio", "daughter": "figlia",
        "grandmother": "nonna", "grandfather": "nonno", "aunt": "zia", "uncle": "zio",
        "cousin": "cugino|cugina", "niece": "nipote", "mother-in-law": "suocera",
        "father-in-law": "suocero", "brother-in-law": "cognato", "sister-in-law": "cognata",
        "best friend": "migliore amico|migliore amica|miglior amico|miglior amica",
        "friend": "amico|amica", "ex": "ex", "roommate": "coinquilino|coinquilina",
        "neighbour": "vicino|vicina", "boss": "capo|capa|responsabile",
        "colleague": "collega", "assistant": "assistente",
        "teacher": "insegnante|maestra|maestro|professore|professoressa",
        "dog": "cane", "cat": "gatto|gatta",
        "doctor": "medico di base|medica di base|medico di famiglia|medica di famiglia|"
        "medico|medica|dottore|dottoressa",
        "supervisor": "relatore|relatrice|tutor",
        "nanny": "tata|babysitter|baby-sitter|au pair", "therapist": "terapeuta|psicologo|"
        "psicologa", "hairdresser": "parrucchiere|parrucchiera|barbiere",
        "coach": "allenatore|allenatrice|personal trainer", "dentist": "dentista",
    }.items() for w in ws.split("|")},
    "pt": {w: r for r, ws in {
        "son-in-law": "genro", "daughter-in-law": "nora",
        "grandson": "neto", "granddaughter": "neta",
        "godmother": "madrinha", "godfather": "padrinho",
        "classmate": "colega de turma|colega de classe|colega de faculdade|colega de escola",
        "dance partner": "par de dança|parceiro de dança|parceira de dança",
        "ex-husband": "ex-marido|ex marido", "ex-wife": "ex-mulher|ex mulher|ex-esposa",
        "mother": "mãe|mae|mamãe|mainha", "father": "pai|papai|painho", "sister": "irmã|irma",
        "parents": "pais",
        "brother": "irmão|irmao", "wife": "esposa|mulher", "husband": "marido|esposo",
        "partner": "companheira|companheiro", "boyfriend": "namorado",
        "girlfriend": "namorada", "fiancée": "noiva|noivo", "son": "filho",
        "daughter": "filha", "grandmother": "avó|avo|vovó|vó|voinha",
        "grandfather": "avô|vovô|vô|voinho",
        "aunt": "tia", "uncle": "tio", "cousin": "primo|prima", "niece": "sobrinha",
        "nephew": "sobrinho", "mother-in-law": "sogra", "father-in-law": "sogro",
        "brother-in-law": "cunhado", "sister-in-law": "cunhada",
        "best friend": "melhor amigo|melhor amiga", "friend": "amigo|amiga|comadre|compadre",
        "ex": "ex", "roommate": "colega de quarto|colega de casa", "neighbour": "vizinho|vizinha",
        "boss": "chefe", "colleague": "colega", "assistant": "assistente",
        "goddaughter": "afilhada",
        "godson": "afilhado", "teacher": "professor|professora", "dog": "cão|cachorro|cadela",
        "cat": "gato|gata", "doctor": "médico de família|médica de família|médico|médica",
        "supervisor": "orientador|orientadora", "nanny": "babá|baby-sitter|babysitter",
        "therapist": "terapeuta|psicólogo|psicóloga", "hairdresser": "cabeleireiro|"
        "cabeleireira|barbeiro", "coach": "treinador|treinadora|personal trainer",
        "dentist": "dentista",
    }.items() for w in ws.split("|")},
    "nl": {w: r for r, ws in {
        "son-in-law": "schoonzoon", "daughter-in-law": "schoondochter",
        "grandson": "kleinzoon|kleinzoontje", "granddaughter": "kleindochter|kleindochtertje|"
        "kleindochterke", "grandchild": "kleinkind", "godmother": "peettante",
        "godfather": "peetoom", "classmate": "klasgenoot|klasgenote|studiegenoot",
        "dance partner": "danspartner", "ex-husband": "ex-man|exman",
        "ex-wife": "ex-vrouw|exvrouw",
        "mother": "moeder|mama|ma|moeke|mams|mammie", "father": "vader|papa|pa|vake|paps",
        "parents": "ouders",
        "sister": "zus|zuster",
        "brother": "broer", "wife": "vrouw|echtgenote", "husband": "man|echtgenoot",
        # "mijn lief" is Flemish for the one the user is with (the adjective is "lieve")
        "partner": "partner|lief", "boyfriend": "vriend", "girlfriend": "vriendin",
        "fiancée": "verloofde", "son": "zoon", "daughter": "dochter", "child": "kind",
        "grandmother": "oma|bomma|moemoe", "grandfather": "opa|bompa|vava", "aunt": "tante|tantie",
        "uncle": "oom|nonkel",
        "cousin": "neef|nicht", "mother-in-law": "schoonmoeder",
        "father-in-law": "schoonvader", "brother-in-law": "zwager",
        "sister-in-law": "schoonzus", "best friend": "beste vriend|beste vriendin",
        "ex": "ex", "roommate": "huisgenoot", "neighbour": "buurman|buurvrouw",
        "boss": "baas|leidinggevende", "manager": "manager", "colleague": "collega",
        "assistant": "assistent|assistente",
        "teacher": "leraar|lerares|docent", "dog": "hond", "cat": "kat|poes",
        "doctor": "huisarts|dokter", "supervisor": "promotor|promotrix|scriptiebegeleider|"
        "begeleider|begeleidster", "nanny": "oppas|nanny|au pair",
        "therapist": "therapeut|psycholoog", "hairdresser": "kapper|kapster",
        "coach": "coach|trainer|personal trainer", "dentist": "tandarts",
    }.items() for w in ws.split("|")},
    "zh": {w: r for r, ws in {
        "son-in-law": "女婿", "daughter-in-law": "儿媳|儿媳妇",
        "grandson": "孙子|外孙", "granddaughter": "孙女|外孙女",
        "godmother": "干妈|教母", "godfather": "干爹|教父", "classmate": "同学|老同学",
        "dance partner": "舞伴", "ex-husband": "前夫", "ex-wife": "前妻",
        "mother": "妈妈|妈|母亲|老妈|阿妈", "father": "爸爸|爸|父亲|老爸|老豆|老窦|老汉|阿爸",
        "parents": "父母|爸妈",
        "sister": "姐姐|妹妹|姐|妹|家姐|细妹|阿姐|幺妹|小妹",
        "brother": "哥哥|弟弟|哥|弟|细佬|阿哥|幺弟",
        "wife": "老婆|妻子|太太|爱人|媳妇|媳妇儿|婆姨",
        "husband": "老公|丈夫|先生|掌柜的|当家的",
        "boyfriend": "男朋友|男友", "girlfriend": "女朋友|女友", "ex": "前男友|前女友",
        "fiancée": "未婚妻|未婚夫",
        "son": "儿子", "daughter": "女儿|闺女|丫头", "grandmother": "奶奶|外婆|姥姥|阿嬷",
        "grandfather": "爷爷|外公|姥爷|阿公", "mother-in-law": "丈母娘|岳母|婆婆|外母",
        "father-in-law": "岳父|公公|外父", "cousin": "表妹|表姐|表哥|表弟|堂妹|堂姐|堂哥|堂弟",
        "aunt": "姑姑|姨妈|舅妈|婶婶|大姨|小姨", "uncle": "舅舅|伯伯|姑父|姨父|大舅|小舅",
        "niece": "侄女|外甥女", "nephew": "侄子|外甥",
        "brother-in-law": "姐夫|妹夫|大舅子|小舅子", "sister-in-law": "嫂子|弟媳|小姑子",
        "friend": "朋友", "best friend": "闺蜜|好哥们|好朋友",
        "colleague": "同事", "assistant": "助手|助理",
        "boss": "老板|领导|上司|老细|组长|主管", "neighbour": "邻居",
        "roommate": "室友", "teacher": "老师", "dog": "狗", "cat": "猫",
        "doctor": "家庭医生", "supervisor": "导师", "nanny": "保姆|育儿嫂",
        "therapist": "心理咨询师|咨询师", "hairdresser": "理发师|发型师", "coach": "教练",
        "dentist": "牙医",
    }.items() for w in ws.split("|")},
}
"""Relation words per language → the English relation a fact states."""

PARTNERS: frozenset[str] = frozenset({
    "girlfriend", "boyfriend", "partner", "fiancée", "wife", "husband"})
"""Relations of :data:`RELATIONS` that are the user's partner: a breakup ends them, and a
new one takes the old one's place."""

ROLE_HOLDERS: frozenset[str] = frozenset({
    "boss", "coach", "dentist", "doctor", "hairdresser", "nanny", "supervisor", "therapist"})
"""Relations of :data:`RELATIONS` that are a role someone holds for the user, one person at a
time: a new GP, dentist, thesis supervisor, nanny or hairdresser takes the old one's place ("my new
supervisor is Prof. Lang", "o novo orientador, o professor Vasco")."""


REPLACED_BY_A_NEW_ONE: frozenset[str] = frozenset({"manager", "neighbour", "roommate"})
"""Relations of :data:`RELATIONS` a user may have with several people at once, where one
said to be *new* takes the old one's place ("è arrivata la nuova coinquilina, Nora" after
"la mia coinquilina Giada", "my new manager, Tom"); two named without "new" both stand."""


_ZH_INSIDE_A_WORD = {"要是": "主只还就总需必不", "你说": "跟和给对同", "几": "十百千万好"}
"""Chinese cue phrases that are also the end of another word, with the characters that
make that word: "要是" (if) is not the one in "主要是" (mainly is) or "还要是"; "你说" (what do
you say?) is not the one in "跟你说" (I told you); "几" (how many?) is not the one in "十几杯"
(a dozen-odd cups) or "好几次" (several times)."""


_APOSTROPHE = re.compile(r"['’]")

ACCENTS_LEFT_OUT: frozenset[str] = frozenset({"fr", "es", "it", "pt"})
"""Languages whose writers often leave the accents out in chat ("premiere semaine",
"mudanca", "perche"): a cue word of theirs matches with or without its accents."""

LEAST_LETTERS_WITHOUT_ACCENTS = 5
"""The shortest cue word matched without its accents: a shorter one without them is often
another word ("está" / "esta", "já" / "ja", "é" / "e")."""


def accents_optional(word: str) -> str:
    """The regex of ``word`` (escaped) with each accented letter before its last also
    matching its plain letter ("première" → "premi[èe]re", "mudança" → "mudan[çc]a"). The
    last letter keeps its accent: without it a past is often a present ("terminó" /
    "termino", "changé" / "change"). A word shorter than
    :data:`LEAST_LETTERS_WITHOUT_ACCENTS` letters is only escaped.

    >>> accents_optional("première"), accents_optional("déménagé")
    ('premi[èe]re', 'd[ée]m[ée]nagé')
    """
    if len(word) < LEAST_LETTERS_WITHOUT_ACCENTS:
        return re.escape(word)
    out = []
    for char in word[:-1]:
        plain = unicodedata.normalize("NFD", char)[0]
        out.append(f"[{char}{plain}]" if plain != char and plain.isascii() else re.escape(char))
    return "".join(out) + re.escape(word[-1])


CHAT_SPELLINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"you": ("u", "ya"), "your": ("ur",), "are": ("r",), "and": ("n",),
           "because": ("bc", "cuz", "coz", "bcoz"), "i'm": ("im",), "i've": ("ive",),
           "don't": ("dont",), "can't": ("cant",), "didn't": ("didnt",),
           "doesn't": ("doesnt",), "isn't": ("isnt",), "wasn't": ("wasnt",),
           "that's": ("thats",), "tomorrow": ("tmrw", "tmr", "2moro")},
    "de": {"ist": ("is",), "habe": ("hab",), "gerade": ("grad", "gerad"), "nicht": ("nich",)},
    "fr": {"pour": ("pr",), "dans": ("ds",), "maintenant": ("mtn", "mnt"),
           "toujours": ("tjrs", "tjs"), "beaucoup": ("bcp",), "c'est": ("cest", "c"),
           "j'ai": ("jai",), "déjà": ("deja",), "très": ("tres",), "ça": ("ca",)},
    "es": {"que": ("q", "k"), "qué": ("q", "k"), "por": ("x",), "porque": ("xq", "pq", "porq"),
           "también": ("tb", "tmb"), "para": ("pa",), "estoy": ("toy",)},
    "it": {"non": ("nn",), "con": ("cn",), "sono": ("sn",), "per": ("x",), "che": ("ke", "k"),
           "comunque": ("cmq",), "perché": ("xké", "xke", "perche", "xche"),
           "qualcosa": ("qlc", "qlcs"), "già": ("gia",), "più": ("piu",)},
    "pt": {"que": ("q",), "você": ("vc",), "também": ("tb", "tbm"), "porque": ("pq",),
           "hoje": ("hj",), "não": ("n", "ñ", "nao"), "muito": ("mt", "mto"),
           "para": ("pra", "pa"), "estou": ("tô", "to", "tou"), "está": ("tá", "ta"),
           "comigo": ("cmg",), "tudo": ("td",), "com": ("c", "cm")},
    "nl": {"ik": ("k",), "mijn": ("m'n", "mn"), "even": ("ff",), "zijn": ("zn",),
           "het": ("t",), "gewoon": ("gwn",)},
}
"""How people write common words in chat ("q" for "que", "nn" for "non", "pr" for "pour",
"u" for "you", "vc" for "você"): a cue word of the list also matches them, so a cue said
in chat is read as written out ("la semana q viene", "nn ci vado più")."""


def _cue_word(word: str, lang: str) -> str:
    """The regex of one word of a cue phrase: without its accents where :data:`ACCENTS_LEFT_OUT`
    (:func:`accents_optional`), or as chat writes it (:data:`CHAT_SPELLINGS`)."""
    said = accents_optional(word) if lang in ACCENTS_LEFT_OUT else re.escape(word)
    short = CHAT_SPELLINGS.get(lang, {}).get(_APOSTROPHE.sub("'", word.casefold()))
    return "(?:" + "|".join([said, *map(re.escape, short)]) + ")" if short else said


def _phrase_regex(phrase: str, lang: str) -> str:
    if lang == "zh":
        before = _ZH_INSIDE_A_WORD.get(phrase)
        return (f"(?<![{before}])" if before else "") + re.escape(phrase)
    suffix = phrase.startswith("*")
    body = phrase.lstrip("*")
    # a word starting with "*" is any word ending so ("se … *sse": "se nos saísse")
    parts = [r"\w{2,}" + _cue_word(p[1:], lang) if p.startswith("*") and len(p) > 1
             else _cue_word(p, lang) for p in body.split()]
    text = r"\s+".join(parts).replace(r"…", r"\w+(?:\s+\w+)?")
    text = _APOSTROPHE.sub("['’]", text)  # "I’d love" as "I'd love": phones type either
    if suffix:
        return r"\w{2,}" + text + r"(?!\w)"
    tail = r"(?!\w)" if body[-1:].isalnum() else ""
    head = r"(?<!\w)" if body[:1].isalnum() else ""
    return head + text + tail


@cache
def cue_pattern(cue: str, lang: str) -> re.Pattern[str] | None:
    """The compiled alternation of ``cue``'s phrases in ``lang`` (``None`` if it has none)."""
    phrases = CUES.get(cue, {}).get(lang, ())
    if not phrases:
        return None
    ordered = sorted(phrases, key=len, reverse=True)
    return re.compile("|".join(_phrase_regex(p, lang) for p in ordered), re.IGNORECASE)


def find_cue(cue: str, lang: str, text: str) -> re.Match[str] | None:
    """The first occurrence of ``cue`` in ``text`` (``lang``'s phrases), or ``None``."""
    pattern = cue_pattern(cue, lang)
    return None if pattern is None else pattern.search(text)


def has_cue(cue: str, lang: str, text: str) -> bool:
    """Whether ``text`` holds one of ``cue``'s phrases in ``lang``."""
    return find_cue(cue, lang, text) is not None


HOME_NOUNS: dict[str, tuple[str, ...]] = {
    "en": ("flat", "apartment", "place", "house", "room", "studio", "walkup", "walk-up", "condo"),
    "de": ("Wohnung", "WG", "Haus", "Bude", "Zimmer", "Mietwohnung", "Altbauwohnung", "Wohnungerl",
           "Reihenhaus", "Einfamilienhaus"),
    "fr": ("appart", "appartement", "studio", "maison", "coloc"),
    "es": ("piso", "depto", "departamento", "apartamento", "apto", "casa", "monoambiente",
           # the fond small forms of chat ("mi apartamentito en santa tecla")
           "apartamentito", "departamentito", "pisito", "casita", "cuartito", "depa"),
    "it": ("appartamento", "casa", "monolocale", "bilocale", "stanza", "appartamentino",
           "casetta", "podere", "casale", "cascina", "villetta", "mansarda", "attico"),
    "pt": ("apartamento", "apê", "ap", "casa", "kitnet", "quarto", "apartamentinho",
           "casinha", "quartinho"),
    "nl": ("appartement", "flat", "huis", "woning", "kamer", "studio", "rijhuis", "rijtjeshuis",
           "hoekhuis", "huurhuis", "flatje", "bovenwoning", "benedenwoning", "appartementje",
           "huisje", "kamertje"),
    "zh": ("房子", "公寓", "出租屋", "老房子"),
}
"""Words for the place the user lives in: said with a place ("el depto de Palermo", "l'appart
à Outremeuse", "our flat in Leeds", "浦东的房子") a remark about it is about the home there,
which a move leaves."""

LANDLORDS: dict[str, tuple[str, ...]] = {
    "en": ("landlord", "landlady"),
    "de": ("Vermieter", "Vermieterin"),
    "fr": ("proprio", "proprio de l'appart"),
    "es": ("casero", "casera", "arrendador", "arrendadora", "dueño del depto", "dueña del depto",
           "dueño del piso", "dueña del piso"),
    "it": ("padrone di casa", "padrona di casa", "proprietario di casa", "proprietaria di casa"),
    "pt": ("senhorio", "senhoria", "dono do apê", "dona do apê", "dono da casa", "dona da casa"),
    "nl": ("huisbaas", "huisbazin", "verhuurder", "verhuurster"),
    "zh": ("房东",),
}
"""Words for the one the user rents a home from: a remark about them is about the home, which
a move leaves."""


SPORTS: dict[str, tuple[str, ...]] = {
    "en": _w("football|soccer|rugby|basketball|volleyball|handball|hockey|ice hockey|tennis|"
             "table tennis|badminton|squash|judo|karate|taekwondo|jiu-jitsu|boxing|kickboxing|"
             "fencing|wrestling|swimming|athletics|gymnastics|climbing|bouldering|cycling|"
             "rowing|sailing|skiing|snowboarding|skating|ballet|horse riding|golf|baseball|"
             "cricket|netball|korfball|water polo|triathlon|padel|archery|dance|dancing|"
             "yoga|pilates|tai chi|zumba|crossfit|spinning|aqua aerobics"),
    "de": _w("Fußball|Fussball|Handball|Basketball|Volleyball|Hockey|Eishockey|Tennis|"
             "Tischtennis|Badminton|Judo|Karate|Taekwondo|Boxen|Ringen|Fechten|Schwimmen|"
             "Leichtathletik|Turnen|Klettern|Bouldern|Rudern|Segeln|Skifahren|Reiten|Golf|"
             "Tanzen|Ballett|Rugby|Padel|Kampfsport|Yoga|Pilates|Tai-Chi|Tai Chi|Zumba|"
             "Crossfit|Spinning|Aquafitness"),
    "fr": _w("foot|football|rugby|basket|volley|handball|hockey|tennis|ping-pong|badminton|"
             "judo|karaté|taekwondo|boxe|escrime|lutte|natation|athlétisme|gymnastique|"
             "escalade|cyclisme|aviron|voile|ski|équitation|golf|danse|salsa|tango|ballet|"
             "padel|yoga|pilates|tai-chi|tai chi|zumba|crossfit|aquagym|aquabike"),
    "es": _w("fútbol|futbol|fútbol sala|baloncesto|básquet|voleibol|balonmano|hockey|tenis|"
             "pádel|bádminton|judo|kárate|karate|taekwondo|boxeo|esgrima|natación|atletismo|"
             "gimnasia|escalada|ciclismo|remo|esquí|equitación|golf|danza|baile|ballet|rugby|"
             "yoga|pilates|taichí|tai chi|zumba|crossfit|spinning|aquagym"),
    "it": _w("calcio|calcetto|basket|pallacanestro|pallavolo|volley|pallamano|hockey|tennis|"
             "padel|badminton|judo|karate|taekwondo|boxe|scherma|nuoto|atletica|ginnastica|"
             "arrampicata|ciclismo|canottaggio|sci|equitazione|golf|danza|rugby|yoga|pilates|"
             "tai chi|zumba|crossfit|spinning|acquagym|bocce|pallanuoto"),
    "pt": _w("futebol|futsal|basquete|basquetebol|vôlei|voleibol|andebol|handebol|hóquei|"
             "ténis|tênis|padel|badminton|judô|judo|karaté|caratê|taekwondo|boxe|esgrima|"
             "natação|atletismo|ginástica|escalada|ciclismo|esqui|equitação|golfe|dança|balé|"
             "ballet|capoeira|jiu-jitsu|surf|rugby|ioga|yoga|pilates|tai chi|zumba|crossfit|"
             "hidroginástica|spinning"),
    "nl": _w("voetbal|zaalvoetbal|basketbal|volleybal|handbal|hockey|ijshockey|tennis|"
             "tafeltennis|padel|badminton|judo|karate|taekwondo|boksen|schermen|worstelen|"
             "zwemmen|atletiek|turnen|klimmen|wielrennen|roeien|zeilen|paardrijden|golf|"
             "dansen|ballet|korfbal|rugby|yoga|pilates|tai chi|zumba|crossfit|spinning|"
             "aquarobics"),
    "zh": _w("足球|篮球|排球|手球|曲棍球|冰球|网球|乒乓球|羽毛球|柔道|空手道|跆拳道|拳击|击剑|"
             "摔跤|游泳|田径|体操|攀岩|划船|滑雪|骑马|高尔夫|舞蹈|跳舞|芭蕾|轮滑|瑜伽|普拉提|"
             "太极|太极拳|跑步|健身"),
}
"""Sports and dances a person takes part in: someone else's new one, said as a change
("Lowie doet nu judo", "Leo does judo now"), ends the one they held ("speelt voetbal bij
Berchem Sport"; :func:`lucidmem.facts.lifecycle.someone_elses_sport_targets`)."""


CARE_HOMES: dict[str, tuple[str, ...]] = {
    "en": ("care home", "nursing home", "retirement home", "old people's home",
           "assisted living"),
    "de": ("Pflegeheim", "Altenheim", "Seniorenheim", "Seniorenresidenz", "Altersheim",
           "betreutes Wohnen"),
    "fr": ("maison de retraite", "EHPAD", "résidence senior", "résidence seniors",
           "maison de repos"),
    "es": ("residencia", "residencia de mayores", "residencia de ancianos", "geriátrico"),
    "it": ("casa di riposo", "RSA", "residenza per anziani", "casa di cura"),
    "pt": ("lar de idosos", "casa de repouso", "residência sénior", "asilo"),
    "nl": ("woonzorgcentrum", "rusthuis", "verzorgingshuis", "verpleeghuis", "bejaardentehuis",
           "serviceflat"),
    "zh": ("养老院", "敬老院", "老人院", "护理院"),
}
"""Homes for the old: someone said to be in one ("Moeke zit nu in woonzorgcentrum De Linde",
"lleva tres semanas en la residencia de La Florida") lives there, with no verb of living."""


WORKPLACE_NOUNS: dict[str, tuple[str, ...]] = {
    "en": ("bakery", "joinery", "workshop", "garage", "hospital", "clinic", "surgery",
           "practice", "pharmacy", "school", "nursery", "care home", "factory", "plant",
           "warehouse", "depot", "firm", "agency", "office", "lab", "restaurant", "hotel",
           "salon", "library", "health centre", "health center", "bookshop", "bookstore",
           "nursing home"),
    "de": ("Schreinerei", "Tischlerei", "Bäckerei", "Metzgerei", "Konditorei", "Druckerei",
           "Gärtnerei", "Brauerei", "Werkstatt", "Autowerkstatt", "Klinik", "Klinikum",
           "Krankenhaus", "Praxis", "Arztpraxis", "Apotheke", "Kanzlei", "Schule", "Kita",
           "Pflegeheim", "Fabrik", "Firma", "Agentur", "Labor", "Lager", "Seniorenheim",
           "Altenheim", "Bibliothek", "Buchhandlung"),
    "fr": ("boulangerie", "menuiserie", "atelier", "garage", "hôpital", "clinique",
           "cabinet", "pharmacie", "école", "crèche", "usine", "entrepôt", "agence",
           "laboratoire", "restaurant", "brasserie", "bistrot", "hôtel", "salon", "librairie",
           "pâtisserie",
           "Ehpad", "bibliothèque", "maison de retraite"),
    "es": ("panadería", "carpintería", "taller", "hospital", "clínica", "consultorio",
           "farmacia", "colegio", "escuela", "guardería", "fábrica", "almacén", "agencia",
           "laboratorio", "restaurante", "hotel", "peluquería", "CESFAM", "centro de salud",
           "librería", "biblioteca", "residencia", "empacadora", "maquiladora", "maquila"),
    "it": ("panetteria", "falegnameria", "officina", "ospedale", "clinica", "ambulatorio",
           "farmacia", "scuola", "asilo", "fabbrica", "magazzino", "agenzia", "laboratorio",
           "ristorante", "albergo", "hotel", "studio", "salone", "libreria", "biblioteca",
           "casa di riposo"),
    "pt": ("padaria", "carpintaria", "oficina", "hospital", "clínica", "consultório",
           "farmácia", "escola", "creche", "fábrica", "armazém", "agência", "laboratório",
           "restaurante", "hotel", "salão", "posto de saúde", "centro de saúde", "clinica",
           "biblioteca", "livraria", "atelier", "ateliê"),
    "nl": ("bakkerij", "timmerwerkplaats", "werkplaats", "garage", "ziekenhuis", "kliniek",
           "praktijk", "huisartsenpraktijk", "apotheek", "school", "kinderopvang", "fabriek",
           "magazijn", "bureau", "laboratorium", "restaurant", "hotel", "kapsalon",
           "bibliotheek", "boekhandel", "verzorgingshuis", "verpleeghuis"),
}
"""Kinds of place people work in: a workplace named through its kind ("die Schreinerei
Obermaier", "the Halden bakery", "el taller Núñez", "the hospital") with years there is where
the user works, as "bei Siemens seit fünf Jahren" is."""


INSTRUMENTS: dict[str, tuple[str, ...]] = {
    "en": ("piano", "pianos", "violin", "violins", "cello", "cellos", "double bass", "bass guitar",
           "guitar", "guitars", "ukulele", "drums", "drum kit", "flute", "clarinet", "oboe",
           "bassoon", "saxophone", "sax", "trumpet", "trombone", "tuba", "harp", "accordion",
           "banjo", "mandolin", "harmonica"),
    "de": ("Klavier", "Flügel", "Geige", "Violine", "Cello", "Bratsche", "Kontrabass", "Gitarre",
           "E-Gitarre", "Ukulele", "Schlagzeug", "Querflöte", "Blockflöte", "Klarinette", "Oboe",
           "Fagott", "Saxophon", "Saxofon", "Trompete", "Posaune", "Tuba", "Harfe", "Akkordeon",
           "Mundharmonika", "Banjo", "Mandoline"),
    "fr": ("piano", "violon", "violoncelle", "violoncelles", "contrebasse", "guitare",
           "guitares", "ukulélé", "flûte", "clarinette", "hautbois", "basson", "saxophone",
           "saxo", "trompette", "trombone", "tuba", "harpe", "accordéon", "banjo", "mandoline"),
    "es": ("piano", "violín", "violines", "violonchelo", "chelo", "contrabajo", "guitarra",
           "guitarras", "ukelele", "flauta", "clarinete", "oboe", "fagot", "saxofón", "saxo",
           "trompeta", "trombón", "tuba", "arpa", "acordeón", "banjo", "mandolina"),
    "it": ("pianoforte", "violino", "violini", "violoncello", "contrabbasso", "chitarra",
           "chitarre", "ukulele", "flauto", "clarinetto", "oboe", "fagotto", "sassofono", "sax",
           "tromba", "trombone", "tuba", "arpa", "fisarmonica", "banjo", "mandolino"),
    "pt": ("piano", "violino", "violinos", "violoncelo", "contrabaixo", "guitarra", "violão",
           "ukulele", "cavaquinho", "flauta", "clarinete", "oboé", "fagote", "saxofone", "saxo",
           "trompete", "trombone", "tuba", "harpa", "acordeão", "acordeom", "sanfona", "banjo",
           "bandolim"),
    "nl": ("piano", "vleugel", "viool", "cello", "altviool", "contrabas", "gitaar",
           "ukelele", "drumstel", "dwarsfluit", "blokfluit", "klarinet", "hobo", "fagot",
           "saxofoon", "sax", "trompet", "trombone", "tuba", "harp", "accordeon", "banjo",
           "mandoline", "mondharmonica"),
    "zh": ("钢琴", "小提琴", "大提琴", "中提琴", "低音提琴", "吉他", "尤克里里", "架子鼓", "长笛",
           "笛子", "单簧管", "双簧管", "萨克斯", "小号", "长号", "竖琴", "手风琴", "口琴", "二胡",
           "古筝", "琵琶", "电子琴"),
}
"""Musical instruments: playing one is a pastime, whatever else a clause that names it seems
to be about ("nur noch Cello, jeden Abend" is no drink, "ogni sera mezz'ora di violino" no
daily routine). Words that also name something else are left out: "batteria", "batterie",
"batería" (a battery), "organ", "keyboard", "viola" (a name, a colour), Italian "piano"
(a floor, slowly), "鼓" (鼓励, to encourage). German and Dutch ones also begin a compound
("Klavierstunde", "celloles")."""


ATTENDED_PLACES: dict[str, _T] = {
    "school": {
        "en": _w("school|schools|primary school|elementary|kindergarten|preschool|pre-school|"
                 "academy|montessori|high school|middle school|nursery school|first grade|"
                 "second grade|third grade|fourth grade|fifth grade|sixth grade|year 1|year 2|"
                 "year 3|year 4|year 5|year 6"),
        "de": _w("*schule|schule|*gymnasium|gymnasium|kita|kindergarten|hort|*klasse|klasse"),
        "fr": _w("école|ecole|collège|lycée|maternelle|crèche|en CP|en CE1|en CE2|en CM1|en CM2|"
                 "en sixième|en cinquième|en quatrième|en troisième|en seconde|en première|"
                 "en terminale"),
        "es": _w("colegio|cole|escuela|instituto|guardería|kinder|de primaria|de secundaria|"
                 "de la ESO|de ESO"),
        "it": _w("scuola|scuole|asilo|liceo|elementari|asilo nido|fa la prima|fa la seconda|"
                 "fa la terza|fa la quarta|fa la quinta|in prima|in seconda|in terza|in quarta|"
                 "in quinta"),
        "pt": _w("escola|colégio|creche|escolinha|primeiro ano|segundo ano|terceiro ano|"
                 "quarto ano|quinto ano|sexto ano"),
        "nl": _w("*school|school|kleuterschool|basisschool|crèche|kinderopvang|leerjaar|"
                 "*leerjaar|in groep"),
        "zh": _w("学校|小学|中学|初中|高中|幼儿园|托儿所|年级"),
    },
    "studies": {
        "en": _w("study|studies|studying|majoring|bachelor's|master's|university|uni|"
                 "nursing degree|nutrition degree|law degree|law school|med school|"
                 "dentistry|veterinary school"),
        "de": _w("studiere|studiert|studium|studiengang|bachelor|master|uni|universität|"
                 "hochschule|fachhochschule|Pflegewissenschaft|Ernährungswissenschaft|"
                 "Ökotrophologie|Zahnmedizin|Tiermedizin"),
        "fr": _w("étudie|études|étudiant|étudiante|bac|bachelier|licence|master|fac|université|"
                 "haute école|soins infirmiers|diététique|odontologie|médecine vétérinaire"),
        "es": _w("estudio|estudia|estudiando|carrera|licenciatura|máster|facultad|universidad|"
                 "uni|enfermería|nutrición y dietética|odontología"),
        "it": _w("studio|studia|studiando|laurea|università|facoltà|triennale|magistrale|"
                 "infermieristica|dietistica|scienze della nutrizione|odontoiatria|"
                 "giurisprudenza"),
        "pt": _w("estudo|estuda|estudando|faculdade|graduação|licenciatura|mestrado|"
                 "universidade|enfermagem|nutrição|nutricao|odontologia|biomedicina"),
        "nl": _w("studeer|studeert|studie|opleiding|bachelor|master|hogeschool|universiteit|"
                 "unief|verpleegkunde|voedingskunde|diëtetiek|tandheelkunde|diergeneeskunde"),
        "zh": _w("读书|专业|大学|读研|研究生|本科|护理学|营养学|口腔医学|兽医学"),
    },
    "class": {
        "en": _w("class|classes|lessons"),
        "de": _w("*kurs|kurs|unterricht|*unterricht"),
        "fr": _w("cours|atelier"),
        "es": _w("clase|clases|curso|cursillo|taller"),
        "it": _w("corso|corsi|lezione|lezioni"),
        "pt": _w("aula|aulas|curso|oficina"),
        "nl": _w("les|lessen|cursus|*les|*lessen"),
        "zh": _w("兴趣班|培训班|辅导班|补习班|课外班|的班"),
    },
    "volunteering": {
        "en": _w("volunteer|volunteers|volunteering|volunteered"),
        "de": _w("ehrenamt|ehrenamtlich|ehrenamtliche|freiwilligenarbeit|freiwillige helferin|"
                 "freiwilliger helfer"),
        "fr": _w("bénévole|bénévoles|bénévolat"),
        "es": _w("voluntario|voluntaria|voluntariado"),
        "it": _w("volontariato|volontario|volontaria"),
        "pt": _w("voluntário|voluntária|voluntariado"),
        "nl": _w("vrijwilliger|vrijwilligster|vrijwilligerswerk"),
        "zh": _w("志愿者|志愿|义工"),
    },
}
"""Kinds of place a person attends one at a time, by the words that name them: a school or
kindergarten, a programme of studies (also a field of study said without a word of studying:
"faço enfermagem à noite", "primeiro mês na nutrição"), a class or course, where one
volunteers. A word
starting with "*" (German, Dutch) also ends a compound ("Grundschule", "basisschool"). A new
place of a kind said as a change ("Tom started at Hillside Academy", "me apunté de
voluntaria en Cáritas") ends the person's place of that kind held before."""


WORK_RELATION_NOUNS: dict[str, tuple[str, ...]] = {
    "en": ("boss", "manager", "team", "colleague", "colleagues", "co-worker", "co-workers",
           "coworker", "coworkers", "office", "shift", "shifts", "desk", "job"),
    "de": ("Chef", "Chefin", "Vorgesetzte", "Vorgesetzter", "Vorgesetzten", "Team", "Kollege",
           "Kollegin", "Kollegen", "Kolleginnen", "Büro", "Schicht", "Arbeit"),
    "fr": ("boss", "chef", "cheffe", "patron", "patronne", "équipe", "collègue", "collègues",
           "bureau", "travail"),
    "es": ("jefe", "jefa", "equipo", "compañero", "compañera", "compañeros", "compañeras",
           "oficina", "turno", "trabajo"),
    "it": ("capo", "capa", "responsabile", "team", "collega", "colleghi", "colleghe", "ufficio",
           "turno", "lavoro"),
    "pt": ("chefe", "gestor", "gestora", "equipe", "equipa", "colega", "colegas", "escritório",
           "turno", "plantão", "trabalho", "emprego"),
    "nl": ("baas", "leidinggevende", "manager", "team", "collega", "collega's", "kantoor",
           "dienst", "werk"),
}
"""The people, place and time of the user's work life: said before a workplace ("my boss at
Harfang", "meine Kollegen bei Bosch", "mi jefa en Estudio Tlacuache", "o meu turno no
Hospital São João", "mijn baas bij Coolblue") they name the user's employer in passing."""


SHIFT_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("night shift", "night shifts", "day shift", "day shifts", "double shift",
           "double shifts", "shift", "shifts", "early shift", "late shift", "nights a week",
           "days a week", "nights per week", "days per week", "on nights", "on call", "lates",
           "earlies"),
    "de": ("Schicht", "Schichten", "Nachtschicht", "Nachtschichten", "Frühschicht",
           "Frühschichten", "Spätschicht", "Spätschichten", "Nachtdienst", "Nachtdienste",
           "Bereitschaft", "Bereitschaftsdienst", "Nächte die Woche", "Tage die Woche",
           "Nächte pro Woche", "Tage pro Woche"),
    "fr": ("garde", "gardes", "astreinte", "de nuit", "nuits par semaine", "jours par semaine",
           "postes de nuit", "équipe de nuit"),
    "es": ("turno", "turnos", "turno de noche", "turno de día", "cuarto turno", "hago turno",
           "guardia", "guardias", "noches a la semana", "días a la semana", "noches por semana",
           "días por semana"),
    "it": ("turno", "turni", "turno di notte", "turno di giorno", "turni di notte",
           "notti a settimana", "giorni a settimana", "reperibilità", "guardia medica"),
    "pt": ("plantão", "plantões", "turnos", "turno da noite", "turno de noite", "piquete",
           "noites por semana", "dias por semana", "noites na semana", "dias na semana"),
    "nl": ("dienst", "diensten", "nachtdienst", "nachtdiensten", "avonddienst", "avonddiensten",
           "dagdienst", "dagdiensten", "nachten per week", "dagen per week", "dagen in de week",
           "nachten in de week"),
}
"""Shift work ("four nights a week", "Nachtschicht", "gardes", "guardias", "plantão",
"nachtdiensten"): said with an organisation ("four nights a week at the Royal Alexandra",
"na Vodacom estou de piquete") it names where the user works."""


CANTEEN_NOUNS: dict[str, tuple[str, ...]] = {
    "en": ("canteen",), "de": ("Kantine",), "fr": ("cantine",), "es": ("comedor",),
    "it": ("mensa",), "pt": ("refeitório",), "nl": ("bedrijfsrestaurant",),
}
"""Where one eats at work: "in der Kantine bei Ford" names the employer in passing, so a fact
said there ends when the user works elsewhere (it does not make one: "comedor" is also a
dining room)."""


JOB_NOUNS: tuple[str, ...] = _w(
    "job|position|post|role|internship|Stelle|Job|Anstellung|Praktikum|Ausbildung|poste|"
    "emploi|boulot|stage|puesto|empleo|curro|prácticas|posto|impiego|tirocinio|vaga|"
    "estágio|baan|functie|职位|实习")
"""Words for a job held ("eine neue Stelle bei Vattenfall", "un stage chez Orange"): a
brand named with one of them is the user's workplace, not a provider."""

CLAUSE_OPENERS: dict[str, tuple[str, ...]] = {
    "en": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "second", "third",
           "new", "old", "small", "little", "bad", "best", "worst", "same",
           "other", "whole", "no", "none", "many", "several", "most", "few", "half",
           # a call for attention ("Hey, my sister …"), no name
           "hey", "listen", "oi", "yo"),
    "de": ("ein", "eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
           "zehn", "elf", "zwölf", "fünfzehn", "zwanzig", "dreißig", "vierzig", "fünfzig",
           "erste", "erster", "ersten", "zweite", "dritte", "neu", "neue", "neuer",
           "neues", "alte", "großer", "große", "kleine", "gut", "gute", "guter", "schön",
           "schöne", "kein", "keine", "viele", "wenige", "halb", "ganz", "ganze", "endlich",
           "leider", "andere", "anderer", "anderes", "hör", "servus", "hallo"),
    "fr": ("un", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
           "onze", "douze", "quinze", "vingt", "trente", "quarante", "cinquante", "premier",
           "première", "premiers", "deuxième", "seconde", "troisième", "nouveau",
           "nouvelle", "nouveaux", "vieux", "vieille", "grand", "grande", "petit", "petite",
           "bon", "bonne", "bons", "bonnes", "mauvais", "mauvaise", "aucun", "aucune",
           "plusieurs", "beaucoup", "tout", "toute", "tous", "toutes", "fini", "finie", "enfin",
           "même", "autre", "écoute", "tiens", "salut", "coucou"),
    "es": ("uno", "una", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
           "diez", "once", "doce", "quince", "veinte", "treinta", "cuarenta", "cincuenta",
           "primer", "primero", "primera", "segundo", "segunda", "tercer", "tercero",
           "tercera", "nuevo", "nueva", "viejo", "vieja", "gran", "grande", "pequeño",
           "pequeña", "buen", "bueno", "buena", "malo", "mala", "ningún", "ninguno", "ninguna",
           "varios", "muchos", "muchas", "pocos", "otro", "otra", "mismo", "misma", "oye",
           "oiga", "ojo", "hola", "vale"),
    "it": ("uno", "una", "due", "tre", "quattro", "cinque", "sei", "sette", "nove", "dieci",
           "undici", "dodici", "quindici", "venti", "trenta", "quaranta", "cinquanta", "primo",
           "prima", "secondo", "seconda", "terzo", "terza", "nuovo", "nuova",
           "vecchio", "vecchia", "grande", "piccolo", "piccola", "buono", "buona", "brutto",
           "nessun", "nessuno", "nessuna", "molti", "molte", "pochi", "altro", "altra",
           "stesso", "finito", "finita", "senti", "ascolta", "ehi", "ciao"),
    "pt": ("um", "uma", "dois", "duas", "três", "quatro", "cinco", "seis", "sete", "oito",
           "nove", "dez", "onze", "doze", "quinze", "vinte", "trinta", "quarenta", "cinquenta",
           "primeiro", "primeira", "segundo", "segunda", "terceiro",
           "terceira", "novo", "nova", "velho", "velha", "grande", "pequeno", "pequena", "bom",
           "boa", "mau", "má", "nenhum", "nenhuma", "muitos", "muitas", "poucos", "outro",
           "outra", "mesmo", "mesma", "olha", "oi", "ei"),
    "nl": ("een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien",
           "elf", "twaalf", "vijftien", "twintig", "dertig", "veertig", "vijftig", "eerste",
           "tweede", "derde", "nieuw", "nieuwe", "oud", "oude", "groot", "grote",
           "klein", "kleine", "goed", "goede", "mooi", "mooie", "geen", "veel", "weinig",
           "ander", "andere", "zelfde", "heel", "hele", "hoi", "luister"),
}
"""Words that open a clause and never name a person: numbers, ordinals, quantifiers and the
commonest adjectives ("Deux semaines chez Nordik…", "Bonne idée", "Groot nieuws", "Aucune
idée", "Premier service terminé…"), and calls for attention ("Oye, mi suegra dice …").
Capitalised at a clause's start they had been read as
someone's name. Left out: words that are also given names ("Otto", "Bella", "Clara")."""

KIN_SAID_AS_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Mum", "Mom", "Dad", "Grandma", "Grandpa"),
    "de": ("Mama", "Papa", "Mutti", "Vati", "Oma", "Opa"),
    "fr": ("Maman", "Papa", "Mamie", "Papi"),
    "es": ("Mamá", "Papá", "Mami", "Papi"),
    "it": ("Mamma", "Papà", "Papa"),
    "pt": ("Mamãe", "Papai", "Mainha", "Painho"),
    "nl": ("Mama", "Papa", "Oma", "Opa", "Moeke", "Vake"),
}
"""Kin words said as a name, capitalised and without "my" ("Mama wird 75, nicht 70!", "Dad
is turning 60"): the user's own mother, father or grandparent."""

OWN_KIN_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("mum", "mom", "dad"),
    "fr": ("maman",),
    "es": ("mamá", "papá"),
    "it": ("mamma", "papà"),
    "pt": ("mamãe", "papai", "mainha", "painho"),
    "nl": ("moeke", "vake"),
    "zh": ("外婆", "外公", "奶奶", "爷爷", "姥姥", "姥爷", "阿嬷", "阿公", "妈妈", "爸爸", "老妈",
           "老爸"),
}
"""Kin words that name the user's own parent wherever they stand, with no "my" and no
article ("'t wordt zwaar met moeke", "a ver a papá", "je passe chez maman"): said after an
article or "of" they are someone else's ("el papá de Noa"). In Chinese a parent or grandparent
said bare, opening the clause or after a time ("外婆一个人住在文昌", "下个月外婆过九十大寿"), is
the user's."""

STRETCH_DONE: dict[str, str] = {
    "en": r"done|over|finished|complete|completed|survived",
    "de": r"geschafft|rum|vorbei|überstanden|überlebt|erledigt|hinter\s+mir|dure|dur",
    "fr": r"terminée?s?|finie?s?|bouclée?s?|faite?s?|passée?s?|réussie?s?|complète|entière",
    "es": r"terminad[oa]s?|acabad[oa]s?|hech[oa]s?|superad[oa]s?|cumplid[oa]s?|"
          r"complet[oa]s?|completic[oa]s?|completit[oa]s?|enter[oa]s?",
    "it": r"finit[oa]|terminat[oa]|fatt[oa]|superat[oa]|andat[oa]|complet[oa]|inter[oa]",
    "pt": r"feit[oa]|concluíd[oa]|terminad[oa]|cumprid[oa]|encerrad[oa]|complet[oa]|"
          r"completinh[oa]|inteir[oa]|inteirinh[oa]",
    "nl": r"erop|voorbij|klaar|gedaan|overleefd|gehad|achter\s+de\s+rug",
}
"""A stretch done, said between it and the workplace ("first shift done at Brightwater",
"Première journée terminée chez Lumen"), or whole ("primera semana completica en Laureles")."""

SLIP_OPENERS: dict[str, tuple[str, ...]] = {
    "en": _w("no|nope|nah|sorry|oops|wait|i mean|or rather|scratch that"),
    "de": _w("nein|nee|ne|sorry|moment|warte|quatsch"),
    "fr": _w("non|pardon|attends|oups|plutôt"),
    "es": _w("no|perdón|perdona|espera|digo|mejor dicho"),
    "it": _w("no|anzi|scusa|aspetta|cioè|volevo dire|ops"),
    "pt": _w("não|nao|desculpa|espera|digo|quer dizer|ops|aliás"),
    "nl": _w("nee|neen|sorry|wacht|ik bedoel|oeps"),
    "zh": _w("不对|不是|哦不|啊不|错了|说错了"),
}
"""What opens a slip put right in the same breath, after an ellipsis or a dash ("è il 6
giugno... anzi no, sabato 7", "é dia 12 de outubro... não, égua, é dia 21", "am 14. März –
nein, am 16."): said there, "no" sets aside what was said just before, it answers nobody.
Several may follow each other ("non, pardon,"), and one other word with its comma
("não, égua,"); a filler alone ("äh", "euh", "bueno") opens none."""

NOT_THIS_LEADS: dict[str, tuple[str, ...]] = {
    "en": _w("no|nope|nah|wait|sorry|oops"),
    "de": _w("nein|nee|ne|moment|warte|sorry|ups"),
    "fr": _w("non|attends|pardon|oups"),
    "es": _w("no|espera|perdón|perdona|uy"),
    "it": _w("no|aspetta|scusa|ops"),
    "pt": _w("não|espera|desculpa|ops|opa"),
    "nl": _w("nee|wacht|sorry|oeps"),
}
"""What may open a sentence that only sets a wrong value aside ("No, not Leeds.", "nee, niet
Delft.", "Aspetta, non Lecce!"): the right value follows in the next sentence."""

CLAUSE_OPENING_WORDS = frozenset(w for words in CLAUSE_OPENERS.values() for w in words)
"""Every language's :data:`CLAUSE_OPENERS` in one set: a capitalised word at a clause's start
is no name when it is one of them (a short clause's language may be read wrong)."""

EN_BASE_VERBS = frozenset([
    "add", "agree", "allow", "answer", "arrive", "ask", "bake", "bike", "build", "buy", "call",
    "care", "carry", "change", "clean", "climb", "coach", "code", "collect", "come", "cook",
    "cost", "count", "cover", "cry", "cycle", "dance", "decide", "design", "die", "drink",
    "drive", "drop", "eat", "end", "enjoy", "expect", "fall", "feel", "fight", "fill", "find",
    "finish", "fix", "fly", "follow", "forget", "get", "give", "go", "grow", "hang", "hate",
    "have", "hear", "help", "hike", "hold", "hope", "hunt", "join", "jump", "keep", "kill",
    "knit", "know", "learn", "leave", "lend", "like", "listen", "live", "look", "lose", "love",
    "make", "manage", "mean", "meet", "miss", "move", "need", "open", "order", "own", "paint",
    "pass", "pay", "pick", "plan", "plant", "play", "post", "practise", "practice", "pray",
    "prefer", "print", "read", "relax", "rely", "remember", "rent", "repair", "rest", "ride",
    "rise", "row", "run", "save", "say", "see", "sell", "send", "serve", "sew", "shop", "show",
    "sing", "sit", "skate", "ski", "sleep", "smoke", "speak", "spend", "stand", "start", "stay",
    "stop", "study", "surf", "swim", "take", "talk", "teach", "tell", "tend", "think", "train",
    "travel", "try", "turn", "use", "visit", "wait", "wake", "walk", "want", "wash", "watch",
    "wear", "win", "wish", "work", "worry", "write", "yoga"
])
"""Common English verbs in their base form: after "and" with no subject of its own ("I play
the guitar and sing in a choir") one of them is a second verb of the same subject."""

FIRST_PERSON_VERBS: dict[str, frozenset[str]] = {
    "es": frozenset([
        "trabajo", "vivo", "estudio", "hablo", "juego", "toco", "corro", "nado", "bebo",
        "como", "voy", "hago", "uso", "escribo", "leo", "cocino", "enseño", "salgo",
        "conduzco", "prefiero", "odio", "amo", "adoro", "practico", "entreno", "canto",
        "bailo", "pinto", "camino", "duermo", "llevo", "cuido", "dirijo", "colecciono",
        "monto", "escalo", "medito", "sufro", "padezco"
    ]),
    "pt": frozenset([
        "trabalho", "moro", "vivo", "estudo", "falo", "jogo", "toco", "corro", "nado", "bebo",
        "como", "vou", "faço", "uso", "escrevo", "leio", "cozinho", "ensino", "saio",
        "dirijo", "prefiro", "odeio", "amo", "adoro", "pratico", "treino", "canto", "danço",
        "pinto", "caminho", "durmo", "levo", "cuido", "coleciono", "monto", "escalo",
        "medito", "ando", "sofro", "padeço"
    ]),
    "it": frozenset([
        "lavoro", "vivo", "abito", "studio", "parlo", "gioco", "suono", "corro", "nuoto",
        "bevo", "mangio", "vado", "faccio", "uso", "scrivo", "leggo", "cucino", "insegno",
        "esco", "guido", "preferisco", "odio", "amo", "adoro", "pratico", "alleno", "canto",
        "ballo", "dipingo", "cammino", "dormo", "porto", "curo", "colleziono", "scalo",
        "medito", "soffro"
    ]),
}
"""Common verbs in the first person singular present in the languages that drop the
subject: a clause that starts with one ("Moro em Porto", "Trabajo de enfermera") is the
user's, and after "e" / "y" with no subject of its own one of them starts a second clause
("Moro em Porto e trabalho como professora"). "to be" and "to have" are left out: after
"e" they mostly say how the moment feels ("…, e ho le labbra a pezzi")."""

DE_NOT_FIRST_PERSON_VERBS = frozenset([
    "alle", "andere", "beide", "deine", "diese", "eine", "ganze", "gerne", "große", "gute",
    "halbe", "heute", "ihre", "jede", "jene", "keine", "kleine", "letzte", "meine", "nette",
    "neue", "nächste", "seine", "unsere", "viele", "welche", "wieder", "alte", "lange"
])
"""Lower-case German words ending in -e that are not a verb in the first person ("und
eine Katze", "und gerne"): after "und" every other such word is ("und wohne in Köln")."""


ORDINAL_WORDS: dict[str, int] = {
    word: number
    for number, words in {
        1: "first|erste|ersten|erster|premier|première|primero|primera|primo|prima|"
           "primeiro|primeira|eerste",
        2: "second|zweite|zweiten|zweiter|deuxième|second|seconde|segundo|segunda|secondo|"
           "seconda|tweede",
        3: "third|dritte|dritten|dritter|troisième|tercero|tercera|tercer|terzo|terza|"
           "terceiro|terceira|derde",
        4: "fourth|vierte|vierten|vierter|quatrième|cuarto|cuarta|quarto|quarta|vierde",
        5: "fifth|fünfte|fünften|fünfter|cinquième|quinto|quinta|vijfde",
        6: "sixth|sechste|sechsten|sechster|sixième|sexto|sexta|sesto|sesta|zesde",
        7: "seventh|siebte|siebten|siebter|septième|séptimo|séptima|settimo|settima|"
           "sétimo|sétima|zevende",
        8: "eighth|achte|achten|achter|huitième|octavo|octava|ottavo|ottava|oitavo|oitava|"
           "achtste",
    }.items()
    for word in words.split("|")
}
"""Ordinal words and their number: a correction may say the word where the fact held the
numeral ("THIRD grade not second" takes back "in 2nd grade", "pas en deuxième" → "en 2e")."""

ORDINAL_SUFFIX = r"(?:st|nd|rd|th|\.|e|er|re|ème|eme|º|ª|°|o|a|de|ste|e)"
"""What follows a numeral written as an ordinal ("2nd", "2.", "2e", "2º", "2de")."""
