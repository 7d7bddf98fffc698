"""Rules of the offline reader that keep moments and other people's moves out of the user's
facts, read Chinese workplaces and relative days right, and keep a Chinese statement that
ends in a question. Every sentence here is written for the test (none is from the truth
set)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from lucidmem import Memory
from lucidmem.facts.clauses import clauses_of
from lucidmem.facts.temporal_patterns import scan

from .conftest import Clock


def _say(memory: Memory, clock: Clock, text: str, at: str) -> None:
    clock.now = datetime.fromisoformat(at).replace(tzinfo=UTC)
    memory.add([{"role": "user", "content": text, "timestamp": clock.now.isoformat()}],
               user_id="ana")


def _texts(memory: Memory) -> list[str]:
    return [f.text for f in memory.facts.list(user_id="ana")]


def _said(text: str) -> list[str]:
    return [text[f.start:f.end] for f in scan(text, date(2025, 6, 4), True)]


def test_a_chinese_day_word_is_not_read_inside_every_day() -> None:
    assert _said("考试前天天复习到半夜") == []          # 考试前 + 天天: no day
    assert _said("下班后天天去游泳") == []              # 下班后 + 天天
    assert _said("前天我们去爬山了") == ["前天"]
    assert _said("后天出发") == ["后天"]
    assert _said("今天天气不错") == ["今天"]            # 今天 + 天气 keeps today


def test_a_chinese_statement_ending_in_a_question_keeps_the_statement() -> None:
    head, tail = clauses_of("下周五是我妈妈的六十岁生日，送什么礼物好呢")
    assert not head.cues.question and "生日" in head.text
    assert tail.cues.question
    (whole,) = clauses_of("你觉得杭州怎么样")
    assert whole.cues.question


def test_chinese_workplace_and_birthday_before_a_question(memory: Memory,
                                                          clock: Clock) -> None:
    _say(memory, clock, "我在美团做数据分析师，平时挺忙的", "2025-06-02T09:00:00")
    _say(memory, clock, "下周五是我妈妈的六十岁生日，送什么礼物好呢", "2025-06-04T20:00:00")
    texts = _texts(memory)
    assert "The user works at 美团" in texts
    birthday = [t for t in texts if "生日" in t]
    assert birthday and "13 June 2025" in birthday[0]
    assert not any("礼物" in t for t in texts)  # the question is not part of the fact


def test_cooking_at_home_is_no_employer(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "我周末在家做饭，很放松", "2025-06-07T18:00:00")
    assert not any("works at" in t for t in _texts(memory))


def test_someone_elses_move_is_not_the_users_home(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "I live in Porto with two flatmates", "2025-03-01T10:00:00")
    _say(memory, clock, "ah and Joana is moving to Braga in May, I'll need a new flatmate",
         "2025-03-05T10:00:00")
    _say(memory, clock, "y Lucía se va a vivir a Sevilla en julio, voy a extrañarla",
         "2025-03-06T10:00:00")
    texts = _texts(memory)
    assert "The user lives in Porto" in texts
    assert not any("lives in Braga" in t or "lives in Sevilla" in t for t in texts)
    _say(memory, clock, "Joana and I are moving to Coimbra next month", "2025-03-08T10:00:00")
    assert any("Coimbra" in t for t in _texts(memory))  # "I" moves too: the user's home


def test_a_short_act_done_to_the_user_is_a_moment(memory: Memory, clock: Clock) -> None:
    _say(memory, clock, "mon frère Hugo m'a appelé", "2025-04-01T18:00:00")
    _say(memory, clock, "meine Schwester Ines hat mich angerufen", "2025-04-02T18:00:00")
    _say(memory, clock, "mi prima Carla me regañó", "2025-04-03T18:00:00")
    texts = _texts(memory)
    assert any("brother" in t and "Hugo" in t for t in texts)  # the people are kept
    assert any("sister" in t and "Ines" in t for t in texts)
    assert not any("appelé" in t or "angerufen" in t or "regañó" in t for t in texts)
    _say(memory, clock, "mon frère Hugo m'apprend le Python le dimanche", "2025-04-06T18:00:00")
    assert any("Python" in t for t in _texts(memory))  # an act that names a thing stays


def test_an_errand_for_the_assistant_is_a_request_not_a_fact(memory: Memory,
                                                             clock: Clock) -> None:
    for text in ("please remind me to book the vet on Friday",
                 "erinnere mich bitte an die Steuererklärung",
                 "rappelle-moi d'acheter des piles",
                 "提醒我周五交房租"):
        (clause,) = clauses_of(text)
        assert clause.cues.request, text
    assert not clauses_of("I help my dad at the market on Saturdays")[0].cues.request
    _say(memory, clock, "Just remind me to renew my passport at work", "2025-05-02T09:00:00")
    assert _texts(memory) == []
    assert memory.facts.stats(user_id="ana").skipped.get("request") == 1


def test_a_new_job_at_a_named_place_ends_the_old_employer(memory: Memory,
                                                          clock: Clock) -> None:
    _say(memory, clock, "ik werk bij de gemeente Utrecht", "2025-01-10T09:00:00")
    _say(memory, clock, "groot nieuws: een nieuwe baan bij het Centraal Museum, start in april",
         "2025-02-20T09:00:00")
    texts = _texts(memory)
    assert any("Centraal Museum" in t for t in texts)
    assert not any("gemeente" in t.casefold() for t in texts)  # superseded, not current


def test_a_new_job_starts_on_the_day_said_in_the_next_clause(memory: Memory,
                                                             clock: Clock) -> None:
    _say(memory, clock, "ich arbeite bei der Sparkasse Kiel", "2025-01-10T09:00:00")
    _say(memory, clock, "ich hab eine neue Stelle bei Vattenfall, ich fange in drei Wochen an",
         "2025-02-03T09:00:00")
    new = [f for f in memory.facts.list(user_id="ana") if "Vattenfall" in f.text]
    assert new and new[0].valid_from.date() == date(2025, 2, 24)
    clock.now = datetime(2025, 3, 10, tzinfo=UTC)
    before = memory.facts.list(user_id="ana", as_of=datetime(2025, 2, 10, tzinfo=UTC),
                               mode="true")
    assert any("Sparkasse" in f.text for f in before)  # still the employer until then


def test_forgetting_a_topic_no_fact_names_takes_back_what_it_means(memory: Memory,
                                                                     clock: Clock) -> None:
    _say(memory, clock, "ich wohne in Kiel", "2025-05-01T18:00:00")
    _say(memory, clock, "ich verdiene jetzt 4200 Euro netto im Monat", "2025-05-03T18:00:00")
    assert any("4200" in t for t in _texts(memory))
    _say(memory, clock, "vergiss, was ich dir über mein Gehalt erzählt habe",
         "2025-05-05T18:00:00")
    texts = _texts(memory)
    assert not any("4200" in t for t in texts)
    assert any("Kiel" in t for t in texts)  # unrelated facts stay


def test_a_retraction_by_meaning_never_guesses() -> None:
    from lucidmem.facts.retraction import retraction_by_meaning
    from lucidmem.records import Kind, Record, new_record

    def fact(i: str, turn: str) -> Record:
        return new_record(i, Kind.FACT, "ana", 0.0, {"source_turn_ids": [turn]}, text=i)

    a, b, c = fact("a", "t1"), fact("b", "t1"), fact("c", "t2")
    assert retraction_by_meaning({"a": 0.5, "b": 0.4, "c": 0.2}, [a, b, c]) == []
    assert retraction_by_meaning({"a": 0.8, "b": 0.35, "c": 0.75}, [a, b, c]) == [a, c, b]
    assert retraction_by_meaning({"a": 0.8, "b": 0.2, "c": 0.1}, [a, b, c]) == [a]
