"""Which language a piece of text is in: one of the eight the offline extractor reads, or
another one (then nothing is extracted from it, and the turn says so).

Scripts decide first (Han without kana → Chinese; kana, Hangul, Cyrillic, Arabic, Greek,
Hebrew, Thai → unsupported). Latin text is scored by its function words — the most frequent
closed-class words of each language, written for this module — plus a few letters that only
some languages use. Words of a handful of other Latin-script languages (Finnish, Swahili,
Polish, Hungarian, Turkish, Swedish, Czech, Indonesian …) are scored too, so "Asun nyt
Tampereella" is recognised as *not* one of ours rather than guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lucidmem.facts.cue_lexicon import LANGUAGES

__all__ = ["Detected", "detect", "detect_language", "votes"]

_FUNCTION_WORDS: dict[str, str] = {
    "en": "i me my we our you your he she it they them the a an and or but is am are was were "
          "be been have has had do does did not no to of in on at for with from this that "
          "just so what when where how can will would really about there here get got it's "
          "i'm i've i'd don't didn't lol haha yeah thanks okay ok",
    "de": "ich mich mir mein meine meinen meinem wir uns du dich dir er sie es der die das in "
          "den dem des ein eine einen einem und oder aber ist bin sind war hab habe hat haben "
          "nicht kein keine zu von mit bei auf für im am um noch schon auch nur jetzt heute "
          "wieder sehr echt mal doch ja nein danke halt gerade übrigens",
    "fr": "je j' me m' moi mon ma mes nous tu te toi il elle on ils le la les l' un une des du "
          "de d' et ou mais est suis sont était ai as a avons pas ne n' plus que qui pour dans "
          "sur avec chez au aux ce cette c'est ça très aussi merci oui non bon voilà trop",
    "es": "yo me mi mis nosotros tú te tu él ella ellos el la los las un una unos y o pero es "
          "soy son era estoy está estamos he ha hay no que de del en con por para al lo le se "
          "muy también ya gracias sí bueno pues jaja vale oye porque cuando mío a mí nos hace "
          "buen buenas qué cómo algo nada todo más esto eso ese esa este esta acá aquí tengo "
          "tiene voy vamos fue fui hoy así igual",
    "it": "io mi me mio mia miei noi tu ti lui lei il lo la gli le un una uno e ed o ma è sono "
          "ero ho ha hanno non che di del della in con per al alla da dal dei nel sul anche "
          "già molto grazie sì ciao però perché quando poi ancora a ai sto sta stai sei siamo "
          "questo questa quello quella oggi domani ieri tutto niente più come cosa se si ci ne "
          "alle alla allo della delle dello nel nella sul sulla fa anzi allora adesso cmq nn "
          "boh mica proprio sempre xké perchè",
    "pt": "eu me meu minha meus nós você tu te ele ela eles o a os as um uma e ou mas é sou "
          "são era estou está tenho tem não que de do da dos das em no na com por para ao pra "
          "também já muito obrigado obrigada sim né tô vou aqui a à às isso isto esse essa "
          "este esta hoje ontem amanhã tudo nada mais como coisa estava tava kkk sempre",
    "nl": "ik me mij mijn wij we ons je jij u hij zij ze het de een en of maar is ben zijn in "
          "was heb heeft hebben niet geen te van in op met voor bij naar om ook nog al "
          "wel heel echt dank ja nee even trouwens dus zoals altijd nu dat die dit er wat hoe "
          "waar "
          "weer gewoon naar uit over zo veel mee alleen hoor toch net lekker goed hoi gaan ga "
          "gaat zit mag wordt worden kan kunnen moet eigenlijk zeker klopt",
    # other Latin-script languages: recognised so that they are *not* read as ours. Only
    # words that are rare in the eight above are listed ("ja", "je", "da", "me" are not)
    "fi": "minä sinä hän me te he olen olet on ovat ja ei se tämä että mutta kiitos paljon nyt "
          "asun minun sinun kanssa myös hyvin olin töissä kotona ole",
    "sw": "mimi wewe yeye sisi ni na ya wa kwa katika hii huyo lakini sana asante nina "
          "ninaishi ninapenda anaitwa jina langu habari ndiyo hapana kazi nyumbani leo kesho",
    "pl": "ja ty on ona my jest są nie tak i w na z że się do to mam mieszkam jestem bardzo "
          "dziękuję ale czy pracuję lubię już jako dla przez od mój moja moje pracuje mieszka "
          "roku",
    "hu": "én te ő mi és a az nem igen van vagyok lakom egy hogy de is köszönöm nagyon két "
          "vagy már még szeretem dolgozom köszi iszom eszem csak kávét teát sört szia",
    "tr": "ben sen o biz ve bir bu da de değil evet hayır çok teşekkür ederim var yok ama için "
          "ile şimdi yaşıyorum çalışıyorum benim yıl gibi sonra önce olarak gelecek",
    "sv": "jag du han hon vi och är inte det en ett att på med för som har bor tack mycket",
    "nb": "jeg ikke og det har bor jobber meg deg hun mitt også veldig takk dere",
    "cs": "já ty on ona my je jsem nejsem a v na s že se to mám bydlím děkuji ale",
    "sk": "som mám bývam ďakujem veľmi pracujem",
    "hr": "što živim radim volim hvala imam smo kako jesam bila",
    "id": "saya aku kamu dia kami dan yang di ke dari ini itu tidak ada tinggal terima kasih "
          "sudah dengan untuk akan boleh tak nak pergi kerja rumah sangat juga sekarang",
    "ro": "eu tu el ea noi și este sunt nu în pe cu că la un o locuiesc mulțumesc",
    "tl": "ako ang ng mga ko siya hindi po naman talaga kasi yung nasa",
    "ig": "m nne nna ọ ga bụ na ka nke anyị unu gị ihe maka ebe ugbu ndị kwuru ọzọ afọ",
    "yo": "mo ati ko ṣe ẹ gbogbo ọmọ ilé",
    "ha": "zan kuma amma wannan yanzu gida aiki sannu nagode",
    "srn": "mi yu wi kon fu nanga tamara sisa brada wroko oso moni yere luku",
    "af": "ek nie jy hulle baie dankie hê sê vir",
    "cy": "dw mae rwy'n diolch ydw gyda wedi",
    "et": "olen elan töötan aitäh väga aga",
    "lt": "aš esu gyvenu dirbu ačiū labai",
    "lv": "esmu dzīvoju strādāju paldies ļoti",
    "is": "ég og ekki það bý vinn takk mjög",
    "zu": "ngi ngiyabonga ukuthi futhi kodwa ngiyahlala ngisebenza yebo",
    "so": "waxaan waan iyo aad waa mahadsanid",
    "vi": "tôi và không có của được này một những người anh chị",
}
_COMMON_WORDS: dict[str, str] = {
    "en": "meant mean sorry work job week always never now brother sister mum mother dad "
          "father wife husband friend moved live lived love hate still anymore",
    "de": "entschuldigung meinte meine arbeit arbeite woche immer nie bruder schwester mutter "
          "vater frau mann freund freundin wohne umgezogen gern liebe mag mehr "
          # said in dialect (Bavarian, Austrian, Swiss, Berlin), where "i" and "a" would vote
          # for English
          "ned net hob mei dei bissl bisserl heit dahoam gsagt woa schena guat tuat scho ois "
          "hoid gell servus griaß grüezi öppis nöd gsi chli isch ick det nich jut icke janz "
          "jestern nix",
    "fr": "pardon désolé désolée voulais veux dire travail travaille semaine toujours jamais "
          "maintenant frère sœur mère père femme mari ami amie habite déménagé aime adore",
    "es": "perdón perdona quería quiero quise decir trabajo trabajando semana siempre ahora "
          "hermano hermana mamá papá mujer marido amigo amiga mudé mudado gusta encanta "
          "tengo estoy",
    "it": "scusa scusate intendevo volevo voglio dire lavoro lavorando settimana adesso "
          "fratello sorella mamma papà moglie marito amico amica abito trasferito piace "
          "adoro sto",
    "pt": "desculpa desculpe queria quero dizer trabalho trabalhando semana agora irmão "
          "irmã mãe pai esposa marido amigo amiga moro mudei gosto adoro estou",
    "nl": "bedoelde bedoel sorry werk werken week altijd nooit broer zus moeder vader vrouw "
          "man vriend vriendin woon verhuisd hou vind",
}
"""Frequent words (verbs, kin, time) that few of the other languages share: a short sentence
with one function word ("Trabajo de enfermera", "Scusa, intendevo il 14") still tells its
language. A word two languages share counts for both."""

_WORDS = {code: frozenset(words.split()) | frozenset(_COMMON_WORDS.get(code, "").split())
          for code, words in _FUNCTION_WORDS.items()}
_LETTERS: dict[str, str] = {
    "de": "ßäöü", "fr": "çèêëàâœùûî", "es": "ñ¿¡áíóú", "it": "òìù", "pt": "ãõçáâêô",
    "nl": "ĳ", "fi": "äö", "pl": "łąęśźżćń", "hu": "őű", "tr": "ğışç", "cs": "řěůčš",
    "ro": "ăîșț", "sv": "åäö", "nb": "øæå", "sk": "ľĺŕď", "hr": "čćđšž", "is": "þð",
    "lt": "ėįųū", "lv": "āēīūķļņģ", "ig": "ọụịṅ", "yo": "ẹọṣ",
    "vi": "ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ",
}
_ENDINGS: dict[str, re.Pattern[str]] = {
    "it": re.compile(r"\w(?:zione|zioni|essi|esse|rei|ebbe|gli|cch\w*|ggi\w*|zz\w+)\b"),
    "es": re.compile(r"\w(?:ción|ciones|ll\w+|amos|aste)\b"),
    "pt": re.compile(r"\w(?:ção|ções|lh\w+|nh\w+|ões)\b"),
    "fr": re.compile(r"\w(?:eaux|eux|aient|ait|ais)\b"),
}
"""Word endings that only some languages use ("-zione", "-ción", "-ção")."""
_OTHER_SCRIPTS = re.compile(
    r"[\u3040-\u30ff\uac00-\ud7af\u0400-\u04ff\u0600-\u06ff\u0370-\u03ff\u0590-\u05ff"
    r"\u0e00-\u0e7f]")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_TOKENS = re.compile(r"[^\W\d_]+(?:'[^\W\d_]*)?|[^\W\d_]+'", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Detected:
    """A detection: the language code, whether the extractor reads it, and how sure it is
    (the number of function words and letters that voted for it)."""

    code: str
    supported: bool
    votes: float


def votes(text: str) -> dict[str, float]:
    """Function-word and letter votes per language (Latin-script languages only)."""
    tokens = [t.casefold() for t in _TOKENS.findall(text)]
    scores = dict.fromkeys(_WORDS, 0.0)
    for token in tokens:
        bare = token.split("'")[0] + "'" if "'" in token else token
        weight = 0.5 if len(token) == 1 else 1.0  # "a", "i", "e", "o": many languages' word
        for code, words in _WORDS.items():
            if token in words or bare in words:
                scores[code] += weight
    folded = text.casefold()
    for code, chars in _LETTERS.items():
        scores[code] += 0.5 * min(3, sum(folded.count(c) for c in chars))
    scores["nl"] += 0.5 * min(3, len(re.findall(r"\Bij|ij\B", folded)))
    for code, pattern in _ENDINGS.items():
        scores[code] += 0.5 * min(3, len(pattern.findall(folded)))
    return scores


def detect(text: str, *, default: str = "en") -> Detected:
    """The language of ``text`` (``default`` when nothing votes)."""
    han = len(_HAN.findall(text))
    if _KANA.search(text):
        return Detected("ja", False, 2.0)
    other = _OTHER_SCRIPTS.search(text)
    letters = sum(ch.isalpha() for ch in text)
    if han and han * 2 >= letters - han:
        return Detected("zh", True, float(han))
    if other is not None:
        return Detected("xx", False, 2.0)
    tokens = [t.casefold() for t in _TOKENS.findall(text)]
    scores = votes(text)
    best = max(scores, key=lambda c: (scores[c], c == default, c in LANGUAGES))
    if scores[best] == 0:
        # (a default with no word list, Chinese, knows none of the words: "jom lepak mamak
        # tmr" said in a Chinese conversation is in no supported language)
        unknown = len(tokens) >= 3 and not any(t in _WORDS.get(default, ()) for t in tokens)
        return Detected("xx" if unknown else default, not unknown, 0.0)
    supported_best = max(LANGUAGES[:-1], key=lambda c: (scores[c], c == default))
    if best not in LANGUAGES and scores[best] > scores[supported_best]:
        return Detected(best, False, scores[best])
    if scores[supported_best] == scores.get(default, -1.0):
        supported_best = default if default in LANGUAGES else supported_best
    return Detected(supported_best, True, scores[supported_best])


def detect_language(text: str) -> str:
    """The best guess among the supported languages (English when nothing votes, or when the
    text is in an unsupported language); use :func:`detect` to tell the latter apart."""
    found = detect(text)
    return found.code if found.supported else "en"
