"""Corrections said as people type them, in all eight languages: the user takes back a value
said before (it never held), so the old fact ends as corrected (retracted) and the new value
is current. Written for these tests, not taken from the bench data; each correction here was
read as a plain change (the old value superseded), as a second value beside the old one, or
not at all before this change:

* an opening that states nothing, then the statement in the next sentence or clause ("Wait,
  I mixed that up. I work at Bosch.", "Ho sbagliato nome, mio figlio va …", "更正一下，…");
* an apology said after the value set against the old one ("…, niet in Utrecht, sorry") or
  before a person's name ("Sorry, Anna lives in Bath, not Bristol");
* a value set against one held of the same subject and kind, with no correction word ("I
  live in York, not Leeds", "mi perro se llama Rocky, no Toby");
* a person's home corrected, which the same statement's move no longer supersedes again;
* a question back in German without "dir" ("Hab ich Dienstag gesagt? Ich meinte …").

Changes ("we moved to Y", "not at X anymore, now Y") and contrasts ("not only X but also Y",
"in the evening tea, not coffee", another person's town) must not end the old fact as
corrected; they are guards that held before and still hold.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_START = datetime(2024, 6, 3, 10, 0, tzinfo=UTC)

Case = tuple[str, str, tuple[str, ...], str, str]
"""(id, language, the user's turns a day apart, the new value, the old value)."""

CORRECTIONS: list[Case] = [
    ("en-header-next", "en",
        ("I work at Siemens.",
         "Wait, I mixed that up. I work at Bosch.",),
        "bosch", "siemens"),
    ("en-sister-town", "en",
        ("My sister Anna lives in Bristol.",
         "Sorry, Anna lives in Bath, not Bristol.",),
        "bath", "bristol"),
    ("en-friend-job", "en",
        ("My friend Tom is a nurse.",
         "Actually I got that wrong, Tom is a paramedic.",),
        "paramedic", "nurse"),
    ("en-newonly", "en",
        ("My daughter goes to Oakwood Primary.",
         "Oh I got the name wrong, my daughter goes to Elmwood Primary.",),
        "elmwood", "oakwood"),
    ("en-smalltalk", "en",
        ("I drive a Toyota.",
         "Haha long day. By the way I drive a Honda, not a Toyota, my bad. Anyway how are you?",),
        "honda", "toyota"),
    ("de-header-next", "de",
        ("Ich arbeite bei Siemens.",
         "Moment, da hab ich was verwechselt. Ich arbeite bei Bosch.",),
        "bosch", "siemens"),
    ("de-sister-town", "de",
        ("Meine Schwester Lena wohnt in Kiel.",
         "Ach Quatsch, Lena wohnt in Lübeck.",),
        "lübeck", "kiel"),
    ("de-smalltalk", "de",
        ("Ich fahre einen Golf.",
         "Na, wie geht's? Übrigens fahre ich einen Polo, keinen Golf, mein Fehler.",),
        "polo", "golf"),
    ("fr-header-next", "fr",
        ("Je travaille chez Renault.",
         "Attends, je me suis trompé. Je travaille chez Peugeot.",),
        "peugeot", "renault"),
    ("fr-sister-town", "fr",
        ("Ma sœur Claire habite à Rennes.",
         "Oups, Claire habite à Brest, pas à Rennes.",),
        "brest", "rennes"),
    ("fr-friend-job", "fr",
        ("Mon ami Paul est boulanger.",
         "Non, erreur de ma part : Paul est pâtissier.",),
        "pâtissier", "boulanger"),
    ("fr-child-school", "fr",
        ("Mon fils va à l'école Jules Ferry.",
         "Je me suis mal exprimé, mon fils va à l'école Victor Hugo.",),
        "victor hugo", "jules ferry"),
    ("nl-same-home", "nl",
        ("Ik woon in Utrecht.",
         "Ik woon in Arnhem, niet in Utrecht, sorry.",),
        "arnhem", "utrecht"),
    ("nl-header-next", "nl",
        ("Ik werk bij Philips.",
         "Wacht, ik heb me vergist. Ik werk bij ASML.",),
        "asml", "philips"),
    ("nl-sister-town", "nl",
        ("Mijn zus Eva woont in Gent.",
         "Oeps, Eva woont in Brugge, niet in Gent.",),
        "brugge", "gent"),
    ("es-header-next", "es",
        ("Trabajo en Telefónica.",
         "Espera, me he liado. Trabajo en Iberdrola.",),
        "iberdrola", "telefónica"),
    ("es-sister-town", "es",
        ("Mi hermana Lucía vive en Valencia.",
         "Perdona, Lucía vive en Alicante, no en Valencia.",),
        "alicante", "valencia"),
    ("es-smalltalk", "es",
        ("Tengo un perro que se llama Toby.",
         "Jaja qué día. Por cierto, mi perro se llama Rocky, no Toby. ¿Y tú qué tal?",),
        "rocky", "toby"),
    ("it-same-home", "it",
        ("Abito a Torino.",
         "Abito a Milano, non a Torino, scusa.",),
        "milano", "torino"),
    ("it-header-next", "it",
        ("Lavoro alla Fiat.",
         "Aspetta, ho fatto confusione. Lavoro alla Ferrari.",),
        "ferrari", "fiat"),
    ("it-sister-town", "it",
        ("Mia sorella Giulia abita a Bari.",
         "Scusa, Giulia abita a Lecce, non a Bari.",),
        "lecce", "bari"),
    ("it-child-school", "it",
        ("Mio figlio va alla scuola Dante Alighieri.",
         "Ho sbagliato nome, mio figlio va alla scuola Giovanni Pascoli.",),
        "pascoli", "dante"),
    ("pt-same-home", "pt",
        ("Moro em Lisboa.",
         "Moro no Porto, não em Lisboa, desculpa.",),
        "porto", "lisboa"),
    ("pt-header-next", "pt",
        ("Trabalho na Petrobras.",
         "Espera, me confundi. Trabalho na Vale.",),
        "vale", "petrobras"),
    ("zh-header-next", "zh",
        ("我在华为工作。",
         "等等，我搞错了。我在腾讯工作。",),
        "腾讯", "华为"),
    ("zh-sister-town", "zh",
        ("我姐姐住在成都。",
         "说错了，我姐姐住在重庆，不是成都。",),
        "重庆", "成都"),
    ("zh-child-school", "zh",
        ("我儿子在实验小学上学。",
         "更正一下，我儿子在育才小学上学。",),
        "育才", "实验"),
    ("en-plain-against", "en",
        ("I work at Deloitte.",
         "I had pasta for lunch today.",
         "The weather is lovely this week.",
         "I work at KPMG, not Deloitte.",),
        "kpmg", "deloitte"),
    ("de-plain-against", "de",
        ("Mein Bruder heißt Jonas.",
         "Mein Bruder heißt Jonah, nicht Jonas.",),
        "jonah", "jonas"),
    ("fr-plain-against", "fr",
        ("Mon chien s'appelle Rex.",
         "Mon chien s'appelle Max, pas Rex.",),
        "max", "rex"),
    ("it-plain-against", "it",
        ("Lavoro alla Fiat.",
         "Lavoro alla Ferrari, non alla Fiat.",),
        "ferrari", "fiat"),
    ("nl-plain-against", "nl",
        ("Mijn kat heet Minoes.",
         "Mijn kat heet Pluis, niet Minoes.",),
        "pluis", "minoes"),
    ("pt-plain-against", "pt",
        ("Meu irmão mora em Recife.",
         "Meu irmão mora em Natal, não em Recife.",),
        "natal", "recife"),
    ("zh-plain-against", "zh",
        ("我在华为工作。",
         "我在小米工作，不是华为。",),
        "小米", "华为"),
    ("en-header2", "en",
        ("My brother Sam teaches in Oxford.",
         "I had pasta for lunch today.",
         "The weather is lovely this week.",
         "Hm, I got that wrong last time. Sam teaches in Cambridge.",),
        "cambridge", "oxford"),
    ("de-header2", "de",
        ("Meine Tochter geht in die Lindenschule.",
         "Ich hab mich vertan. Meine Tochter geht in die Eichenschule.",),
        "eichenschule", "lindenschule"),
    ("fr-header2", "fr",
        ("Mon frère Hugo habite à Nancy.",
         "J'ai tout mélangé. Hugo habite à Metz.",),
        "metz", "nancy"),
    ("nl-header2", "nl",
        ("Mijn broer Tim werkt bij Rabobank.",
         "Ik heb me vergist. Tim werkt bij ING.",),
        "ing", "rabobank"),
    ("es-header2", "es",
        ("Mi novio Pablo trabaja en Mercadona.",
         "Me confundí. Pablo trabaja en Carrefour.",),
        "carrefour", "mercadona"),
    ("it-header2", "it",
        ("Mio fratello Luca abita a Verona.",
         "Ho sbagliato. Luca abita a Vicenza.",),
        "vicenza", "verona"),
    ("pt-header2", "pt",
        ("Meu primo Rafael trabalha no Itaú.",
         "Me enganei. O Rafael trabalha no Bradesco.",),
        "bradesco", "itaú"),
    ("zh-header2", "zh",
        ("我哥哥在南京工作。",
         "我记错了。我哥哥在苏州工作。",),
        "苏州", "南京"),
    ("en-sorry-after", "en",
        ("My gym class is at Fitness First.",
         "I had pasta for lunch today.",
         "The weather is lovely this week.",
         "I go to PureGym, not Fitness First, sorry.",),
        "puregym", "fitness first"),
    ("de-sorry-after", "de",
        ("Meine Freundin Mia wohnt in Graz.",
         "Mia wohnt in Linz, nicht in Graz, sorry.",),
        "linz", "graz"),
    ("fr-sorry-after", "fr",
        ("Je bosse chez Orange.",
         "Je bosse chez Free, pas chez Orange, désolé.",),
        "free", "orange"),
    ("es-sorry-after", "es",
        ("Mi prima Sara estudia en Salamanca.",
         "Sara estudia en Granada, no en Salamanca, perdona.",),
        "granada", "salamanca"),
    ("it-sorry-after", "it",
        ("Lavoro da Esselunga.",
         "Lavoro da Conad, non da Esselunga, scusami.",),
        "conad", "esselunga"),
    ("pt-sorry-after", "pt",
        ("Minha filha estuda em Coimbra.",
         "Minha filha estuda em Aveiro, não em Coimbra, desculpe.",),
        "aveiro", "coimbra"),
    ("nl-sorry-after", "nl",
        ("Mijn neef Daan woont in Zwolle.",
         "Daan woont in Deventer, niet in Zwolle, sorry.",),
        "deventer", "zwolle"),
    ("zh-sorry-after", "zh",
        ("我妹妹在北京读书。",
         "我妹妹在天津读书，不是北京，不好意思。",),
        "天津", "北京"),
    ("en-plain2", "en",
        ("My cat is called Misty.",
         "My cat is called Smokey, not Misty.",),
        "smokey", "misty"),
    ("es-plain2", "es",
        ("Trabajo en el Santander.",
         "Trabajo en el BBVA, no en el Santander.",),
        "bbva", "santander"),
    ("de-question-back", "de",
        ("Mein Yogakurs ist am Dienstag.",
         "Hab ich Dienstag gesagt? Ich meinte Mittwoch, der Yogakurs ist am Mittwoch.",),
        "wednesday", "tuesday"),
    ("de-question-back-person", "de",
        ("Meine Schwester wohnt in Kiel.",
         "Hab ich Kiel gesagt? Sie wohnt in Lübeck.",),
        "lübeck", "kiel"),
]

CHANGES: list[Case] = [
    ("en-non-moved", "en",
        ("I live in Leeds.",
         "We moved to York last month.",),
        "york", "leeds"),
    ("en-non-anymore", "en",
        ("I work at Siemens.",
         "Not at Siemens anymore, now I work at Bosch.",),
        "bosch", "siemens"),
    ("de-non-moved", "de",
        ("Ich wohne in Köln.",
         "Wir sind letzten Monat nach Bonn gezogen.",),
        "bonn", "köln"),
    ("es-non-moved", "es",
        ("Vivo en Sevilla.",
         "Nos mudamos a Málaga el mes pasado.",),
        "málaga", "sevilla"),
    ("nl-non-anymore", "nl",
        ("Ik werk bij Philips.",
         "Niet meer bij Philips, nu werk ik bij ASML.",),
        "asml", "philips"),
    ("pt-non-moved", "pt",
        ("Moro em Lisboa.",
         "Mudamos para o Porto no mês passado.",),
        "porto", "lisboa"),
    ("zh-non-moved", "zh",
        ("我住在上海。",
         "我们上个月搬到杭州了。",),
        "杭州", "上海"),
    ("it-non-moved", "it",
        ("Abito a Torino.",
         "Ci siamo trasferiti a Milano il mese scorso.",),
        "milano", "torino"),
    ("de-non-anymore", "de",
        ("Ich arbeite bei Siemens.",
         "Ich arbeite nicht mehr bei Siemens, jetzt bin ich bei Bosch.",),
        "bosch", "siemens"),
]
"""A real change: the old value held and is superseded, never retracted."""

CONTRASTS: list[Case] = [
    ("en-non-also", "en",
        ("I speak French.",
         "Not just French but also Spanish, I speak Spanish too.",),
        "spanish", "french"),
    ("de-non-also", "de",
        ("Ich spiele Gitarre.",
         "Nicht nur Gitarre, sondern auch Klavier, ich spiele auch Klavier.",),
        "klavier", "gitarre"),
    ("it-non-also", "it",
        ("Parlo inglese.",
         "Non solo inglese, parlo anche tedesco.",),
        "tedesco", "inglese"),
    ("en-non-other-subject", "en",
        ("My sister lives in Leeds.",
         "I live in York, not Leeds.",),
        "york", "leeds"),
    ("de-non-other-subject", "de",
        ("Mein Bruder wohnt in Kiel.",
         "Ich wohne in Bremen, nicht in Kiel.",),
        "bremen", "kiel"),
    ("es-non-contrast", "es",
        ("Bebo café por la mañana.",
         "Por la tarde bebo té, no café.",),
        "té", "café"),
    ("es-non-other", "es",
        ("Mi hermano vive en Cádiz.",
         "Yo vivo en Jerez, no en Cádiz.",),
        "jerez", "cádiz"),
    ("fr-non-contrast", "fr",
        ("Le matin je bois du café.",
         "Le soir je bois du thé, pas du café.",),
        "thé", "café"),
]
"""A contrast: both values stay current."""


def _said(case: Case) -> tuple[list[str], list[tuple[Status, str]]]:
    """The current facts' texts and the history's (status, text) after the case's turns."""
    name, lang, turns, _, _ = case
    with said_a_day_apart(*turns, start=_START, user_id=name, lang=lang) as memory:
        current = [f.text.casefold() for f in memory.facts.list(user_id=name)]
        history = [(f.status, f.text.casefold()) for f in memory.facts.history(user_id=name)]
    return current, history


def _ids(cases: list[Case]) -> list[str]:
    return [case[0] for case in cases]


@pytest.mark.parametrize("case", CORRECTIONS, ids=_ids(CORRECTIONS))
def test_a_correction_ends_the_old_value_as_never_held(case: Case) -> None:
    current, history = _said(case)
    new, old = case[3], case[4]
    assert any(new in text for text in current), f"{new!r} is not current: {history}"
    assert not any(old in text for text in current), f"{old!r} is still current: {history}"
    assert any(status == Status.RETRACTED and old in text for status, text in history), \
        f"{old!r} did not end as corrected: {history}"


@pytest.mark.parametrize("case", CHANGES, ids=_ids(CHANGES))
def test_a_change_is_no_correction(case: Case) -> None:
    current, history = _said(case)
    new, old = case[3], case[4]
    assert any(new in text for text in current), f"{new!r} is not current: {history}"
    assert not any(status == Status.RETRACTED and old in text for status, text in history)


@pytest.mark.parametrize("case", CONTRASTS, ids=_ids(CONTRASTS))
def test_a_contrast_keeps_both_values(case: Case) -> None:
    current, history = _said(case)
    new, old = case[3], case[4]
    assert any(new in text for text in current), f"{new!r} is not current: {history}"
    assert any(old in text for text in current), f"{old!r} is no longer current: {history}"
    assert not any(status == Status.RETRACTED and old in text for status, text in history)


def test_every_language_is_corrected() -> None:
    assert {case[1] for case in CORRECTIONS} == {"en", "de", "fr", "nl", "es", "it", "pt", "zh"}
