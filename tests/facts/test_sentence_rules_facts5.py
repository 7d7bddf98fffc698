"""Known bugs of the offline reader, each pinned with sentences written for these tests: a
weekday after "every" is a habit (no date), a verb that opens a clause is no name, a
correction's day lands in the corrected event's month (also across summer time), and "I quit"
with no object ends the job held."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.facts.clauses import clauses_of
from lucidmem.facts.temporal import find_temporal

_SATURDAY = datetime(2025, 6, 7, 9, 0, tzinfo=UTC)


def _history(turns: list[tuple[datetime, str]], zone: str = "Europe/Berlin"
             ) -> list[tuple[str, str, datetime | None, datetime | None]]:
    clock = ManualClock(turns[0][0])
    memory = Memory(":memory:", clock=clock)
    try:
        for at, text in turns:
            clock.now = at
            memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}],
                       user_id="ida", metadata={"timezone": zone})
        return [(f.status, f.text, f.valid_from, f.valid_to)
                for f in memory.facts.history(user_id="ida")]
    finally:
        memory.close()


@pytest.mark.parametrize("said", [
    "I go swimming every Sunday",
    "we meet every other Friday",
    "Ich gehe jeden Sonntag schwimmen",
    "je cours chaque samedi",
    "voy a cerámica cada miércoles",
    "ogni venerdì suono con la band",
    "elke dinsdag padel",
    "每周日都去爬山",
    "每个星期六下午打羽毛球",
])
def test_a_weekday_after_every_is_a_habit_not_a_date(said: str) -> None:
    assert find_temporal(said, _SATURDAY) is None


@pytest.mark.parametrize("said", ["I see my mum on Sunday", "am Sonntag gehe ich schwimmen",
                                  "下周日去爬山"])
def test_a_weekday_without_every_is_still_a_day(said: str) -> None:
    found = find_temporal(said, _SATURDAY)
    assert found is not None and found.start is not None
    assert found.start.weekday() == 6


def test_a_habit_on_a_weekday_is_stored_without_a_date() -> None:
    rows = _history([(_SATURDAY, "I go swimming every Sunday.")])
    assert [r[1] for r in rows] == ["The user goes swimming every Sunday"]
    assert rows[0][3] is None


@pytest.mark.parametrize(("turns", "employer"), [
    (["I work at Bosch.", "Started a new job at Siemens last week."], "Siemens"),
    (["Lavoro alla Ferrero."], "Ferrero"),
    (["Trabajo en Telefónica."], "Telefónica"),
])
def test_a_verb_that_opens_a_clause_is_no_name(turns: list[str], employer: str) -> None:
    rows = _history([(_SATURDAY + timedelta(days=i), t) for i, t in enumerate(turns)])
    active = [text for status, text, _, _ in rows if status == "active"]
    assert any(employer in t and t.startswith("The user ") for t in active), rows
    assert not any(t.startswith(("Started", "Lavoro", "Trabajo")) for _, t, _, _ in rows), rows


def test_a_name_before_its_verb_is_still_a_person() -> None:
    rows = _history([(_SATURDAY, "Marco lavora in banca.")])
    assert any(t.startswith("Marco") for _, t, _, _ in rows), rows


@pytest.mark.parametrize(("first", "fix"), [
    ((datetime(2025, 2, 20, 9, tzinfo=UTC), "My exam is on 3 March."),
     (datetime(2025, 2, 27, 9, tzinfo=UTC), "Sorry, the exam is on the 14th, not the 3rd.")),
    ((datetime(2025, 2, 20, 9, tzinfo=UTC), "My exam is on 3 March."),
     (datetime(2025, 2, 27, 9, tzinfo=UTC), "Sorry, I meant the 14th, not the 3rd.")),
    ((datetime(2025, 2, 20, 9, tzinfo=UTC), "Mein Termin ist am 3. März."),
     (datetime(2025, 2, 27, 9, tzinfo=UTC), "Sorry, der Termin ist am 14., nicht am 3.")),
    # summer time starts between the event (March) and the correction (June); said in the
    # past tense, as "is on 3 March" in June is the coming March (DATE_LOOKS_BACK_DAYS)
    ((datetime(2025, 6, 4, 9, tzinfo=UTC), "My dentist appointment was on 3 March."),
     (datetime(2025, 6, 5, 9, tzinfo=UTC), "Sorry, I meant the 14th, not the 3rd.")),
])
def test_a_corrected_day_of_the_month_is_in_the_corrected_events_month(
        first: tuple[datetime, str], fix: tuple[datetime, str]) -> None:
    rows = _history([first, fix])
    active = [(text, start) for status, text, start, _ in rows if status == "active"]
    assert len(active) == 1, rows
    text, start = active[0]
    assert "14 March 2025" in text and "3 March" not in text, rows
    assert start is not None
    local = start.astimezone(ZoneInfo("Europe/Berlin"))
    assert (local.month, local.day, local.hour) == (3, 14, 0), start
    assert any(status == "retracted" and "3 March" in text for status, text, _, _ in rows)


def test_an_apology_that_sets_one_value_against_another_is_a_correction() -> None:
    assert clauses_of("Sorry, the exam is on the 14th, not the 3rd.")[0].cues.correction
    assert not clauses_of("I like tea, not coffee.")[0].cues.correction


@pytest.mark.parametrize(("job", "quitting"), [
    ("I work at Bosch.", "I quit."),
    ("I work at Bosch.", "I finally handed in my notice today."),
    ("Ich arbeite bei Bosch.", "Ich hab gekündigt."),
    ("Je travaille chez Renault.", "J'ai démissionné."),
    ("Trabajo en Telefónica.", "Renuncié."),
    ("Lavoro alla Ferrero.", "Mi sono dimessa oggi."),
    ("我在华为工作。", "我辞职了。"),
])
def test_quitting_with_no_object_ends_the_job(job: str, quitting: str) -> None:
    rows = _history([(_SATURDAY, job), (_SATURDAY + timedelta(days=1), quitting)])
    jobs = [r for r in rows if r[1].startswith("The user works at")]
    assert len(jobs) == 1, rows
    status, _, _, ended = jobs[0]
    assert status == "superseded" and ended is not None, rows
    assert ended == _SATURDAY + timedelta(days=1)
    assert any(r[1].startswith("The user left their job") and r[0] == "active" for r in rows), rows


def test_quitting_something_else_keeps_the_job() -> None:
    rows = _history([(_SATURDAY, "I work at Bosch."),
                     (_SATURDAY + timedelta(days=1), "I quit smoking.")])
    assert ("active", "The user works at Bosch") in [(r[0], r[1]) for r in rows], rows
    assert not any("left the user's job" in r[1] for r in rows), rows


@pytest.mark.parametrize(("said", "written"), [
    ("Tiring, but I love the work.", "The user loves the work"),
    ("Also, important: I have a severe peanut allergy.", "The user has a severe peanut allergy"),
])
def test_a_short_lead_before_the_users_clause_is_left_out(said: str, written: str) -> None:
    rows = _history([(_SATURDAY, said)])
    assert [r[1] for r in rows] == [written]


def test_a_lead_that_places_the_statement_stays() -> None:
    rows = _history([(_SATURDAY, "In Berlin, I work nights.")])
    assert any("In Berlin" in r[1] for r in rows), rows


@pytest.mark.parametrize("said", [
    "I just got home from a night shift and can't sleep yet.",
    "Ich bin gerade nach Hause gekommen.",
    "Je viens de rentrer du boulot.",
    "hola, acabo de llegar del trabajo",
    "Sono appena tornata dal lavoro.",
    "Estou de rastos.",
    "Ik ben net thuis.",
    "我刚到家。",
    "I'm so tired.",
    "Sitz grad beim Frühstück, draußen schneit's wie blöd.",
    "ich sitze gerade im Zug nach Köln",
    "acabo de llegar de mi clase de cerámica, traigo las manos llenas de barro",
    "午安～刚从全联买完菜回来",
    "I'm on my way home.",
])
def test_what_the_user_is_doing_as_they_write_is_a_moment(said: str) -> None:
    assert _history([(_SATURDAY, said)]) == []


@pytest.mark.parametrize(("said", "kept"), [
    ("I'm always tired since the new job.", "tired"),
    ("acabei de chegar do forró, toda sexta é sagrado", "toda sexta"),
    ("刚在East Coast跑完二十公里，每个星期天早上都跑", "每个星期天"),
    ("I just finished my degree in May", "degree"),
])
def test_a_lasting_statement_beside_the_moment_is_kept(said: str, kept: str) -> None:
    assert any(kept in text for _, text, _, _ in _history([(_SATURDAY, said)]))


@pytest.mark.parametrize(("said", "lang"), [
    ("sounds like consultant speak", "en"), ("klingt gut, danke", "de"),
    ("ça a l'air compliqué", "fr"), ("听起来不错", "zh"),
])
def test_a_judgement_of_what_was_said_is_no_fact(said: str, lang: str) -> None:
    from lucidmem.facts.clause_extractor import _about_a_thing

    assert _about_a_thing(said, lang)
    assert _history([(_SATURDAY, said)]) == []


def test_a_judgement_that_names_the_user_is_read() -> None:
    from lucidmem.facts.clause_extractor import _about_a_thing

    assert not _about_a_thing("sounds like my old job", "en")


@pytest.mark.parametrize(("said", "conditional"), [
    ("Once I'm back on night shifts I'll be reading them half asleep.", True),
    ("As soon as I get the keys I'll paint the kitchen.", True),
    ("Sobald ich die Schlüssel habe, streiche ich die Küche.", True),
    ("Once a week I go swimming.", False),
])
def test_a_condition_still_to_come_is_read_like_if(said: str, conditional: bool) -> None:
    assert clauses_of(said)[0].cues.hypothetical is conditional


def _conversation(turns: list[tuple[str, str]]) -> list[str]:
    clock = ManualClock(_SATURDAY)
    memory = Memory(":memory:", clock=clock)
    try:
        for role, text in turns:
            clock.now = clock.now + timedelta(minutes=1)
            memory.add([{"role": role, "content": text, "timestamp": clock.now.isoformat()}],
                       user_id="ida")
        return [f.text for f in memory.facts.history(user_id="ida")]
    finally:
        memory.close()


@pytest.mark.parametrize(("asked", "lang", "about_others"), [
    ("That's great. What did they play?", "en", True),
    ("What do you listen to?", "en", False),
    ("Schön! Was hat er gesagt?", "de", True),
    ("Was hörst du gern?", "de", False),
    ("Et elle, elle en pense quoi ?", "fr", True),
    ("她喜欢什么？", "zh", True),
    ("你喜欢什么？", "zh", False),
    ("Noted, nothing with peanuts.", "en", False),
])
def test_a_question_about_someone_else_is_told_from_one_about_the_user(
        asked: str, lang: str, about_others: bool) -> None:
    from lucidmem.facts.clause_extractor import asks_about_others

    assert asks_about_others(asked, lang) is about_others


def test_a_reply_without_a_subject_answers_the_assistants_question() -> None:
    texts = _conversation([
        ("assistant", "A jazz bar! What did they play?"),
        ("user", "Mostly standards, plus a pianist doing Bill Evans arrangements."),
        ("assistant", "And what do you listen to yourself?"),
        ("user", "Bill Evans mostly, sometimes Ella Fitzgerald."),
    ])
    assert not any("standards" in t for t in texts), texts
    assert any("Ella Fitzgerald" in t for t in texts), texts


def test_a_conclusion_without_a_subject_adds_no_fact() -> None:
    texts = _conversation([("user", "Sarah is vegan, and remember I can't have peanuts. "
                                    "So no satay sauce, which rules out half of her dishes.")])
    assert not any("satay" in t for t in texts), texts
    assert any("peanuts" in t for t in texts), texts


@pytest.mark.parametrize("said", [
    "Dessert ideas? Something French, it's our last dinner here.",
    "I'm not allergic, I just want to be careful.",
    "Ich will nur vorsichtig sein.",
])
def test_what_the_user_asks_for_and_their_caution_are_no_facts(said: str) -> None:
    assert _history([(_SATURDAY, said)]) == []


def test_something_said_with_a_subject_is_still_read() -> None:
    assert _history([(_SATURDAY, "I want to be a nurse.")])


def test_something_the_user_says_about_themselves_is_read() -> None:
    assert _history([(_SATURDAY, "Something I love is live jazz.")])
