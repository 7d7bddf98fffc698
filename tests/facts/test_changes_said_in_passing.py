"""Changes said in passing, each pinned with sentences written for these tests in several
languages: a move said as "since I moved to X" inside a longer sentence, what was and what is
now in one sentence ("I left the bank, now I'm a barista"), leaving one job and starting the
next, and a breakup, which ends the partner relation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.facts.clauses import clauses_of

_WEDNESDAY = datetime(2025, 3, 5, 9, 0, tzinfo=UTC)


def _history(turns: list[str], *, conversations: bool = False,
             step: timedelta = timedelta(weeks=1),
             ) -> list[tuple[str, str, datetime | None, datetime | None]]:
    """Each turn ``step`` (a week) after the one before (each in a conversation of its own
    with ``conversations``): (status, text, valid_from, valid_to) of every fact."""
    clock = ManualClock(_WEDNESDAY)
    memory = Memory(":memory:", clock=clock)
    try:
        for i, text in enumerate(turns):
            at = _WEDNESDAY + i * step
            clock.now = at
            memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}],
                       user_id="ida", conversation_id=f"c{i}" if conversations else None)
        return [(str(f.status), f.text, f.valid_from, f.valid_to)
                for f in memory.facts.history(user_id="ida")]
    finally:
        memory.close()


def _active(rows: list[tuple[str, str, datetime | None, datetime | None]]) -> str:
    return " | ".join(text for status, text, _, _ in rows if status.endswith("active"))


@pytest.mark.parametrize(("language", "said", "move"), [
    ("es", "desde que me mudé a Málaga voy a la playa cada día", "desde que me mudé a Málaga"),
    ("it", "da quando mi sono trasferita a Verona vado al lavoro a piedi",
     "da quando mi sono trasferita a Verona"),
    ("nl", "sinds we naar Leiden zijn verhuisd fiets ik overal heen",
     "sinds we naar Leiden zijn verhuisd"),
    ("de", "seit ich in Leipzig wohne fahre ich nur noch Rad", "seit ich in Leipzig wohne"),
    ("en", "since we moved to Boulder everything is quieter", "since we moved to Boulder"),
])
def test_since_i_moved_there_is_a_clause_of_its_own(language: str, said: str,
                                                    move: str) -> None:
    texts = [c.text for c in clauses_of(said, language_hint=language)]
    assert texts[0] == move
    assert len(texts) == 2


@pytest.mark.parametrize(("home", "moved", "new", "old"), [
    ("vivo en Sevilla", "desde que me mudé a Málaga voy a la playa cada día", "Málaga",
     "Sevilla"),
    ("abito a Bologna", "da quando mi sono trasferita a Verona vado al lavoro a piedi",
     "Verona", "Bologna"),
    ("ik woon in Utrecht", "sinds we naar Leiden zijn verhuisd fiets ik overal heen",
     "Leiden", "Utrecht"),
])
def test_a_move_said_in_passing_replaces_the_home(home: str, moved: str, new: str,
                                                  old: str) -> None:
    active = _active(_history([home, moved]))
    assert f"lives in {new}" in active
    assert old not in active


@pytest.mark.parametrize(("language", "said", "now"), [
    ("it", "ho lasciato la banca, adesso faccio il barista", "adesso faccio il barista"),
    ("pt", "saí da loja, agora sou motorista de aplicativo", "agora sou motorista de aplicativo"),
    ("nl", "ben gestopt bij de Albert Heijn, nu werk ik bij een fietsenmaker",
     "nu werk ik bij een fietsenmaker"),
    ("zh", "我从腾讯辞职了，现在在一家咖啡店打工", "现在在一家咖啡店打工"),
    ("en", "handed in my notice at St Mary's today, starting at a private clinic in June",
     "starting at a private clinic in June"),
])
def test_what_is_now_after_a_comma_is_read_apart_from_what_was(language: str, said: str,
                                                               now: str) -> None:
    assert [c.text for c in clauses_of(said, language_hint=language)][-1] == now


def test_leaving_one_job_and_starting_the_next_names_the_new_one() -> None:
    rows = _history(["je bosse chez Decathlon comme vendeur",
                     "j'ai démissionné de Decathlon, je commence chez Leroy Merlin lundi"])
    active = _active(rows)
    assert "works at Leroy Merlin" in active
    assert "works at Decathlon" not in active
    started = next(start for status, text, start, _ in rows if "Leroy Merlin" in text)
    assert started is not None and started.date() == datetime(2025, 3, 17).date()  # Monday


def test_notice_handed_in_is_not_the_job_left() -> None:
    active = _active(_history(["I work as a nurse at St Mary's",
                               "work news: I handed in my notice at St Mary's"]))
    assert "St Mary's" in active


@pytest.mark.parametrize(("partner", "breakup", "name"), [
    ("My girlfriend Sarah loves hiking",
     "Sarah and I broke up last month, so I'm cooking for one again", "Sarah"),
    ("Meine Freundin Julia kommt heute Abend vorbei",
     "Julia und ich haben uns getrennt, jetzt wohne ich allein", "Julia"),
    ("Mein Freund Tobias kocht heute", "Seit der Trennung schlafe ich schlecht", "Tobias"),
    ("Mon copain Hugo m'emmène au cinéma ce soir", "Hugo et moi, on s'est séparés, c'est dur",
     "Hugo"),
    ("Mi novia Carla me regaló un libro", "Carla y yo lo dejamos hace dos semanas", "Carla"),
    ("Il mio ragazzo Luca cucina benissimo", "Io e Luca ci siamo lasciati", "Luca"),
    ("Minha namorada Bia adora praia", "Eu e a Bia terminamos semana passada", "Bia"),
    ("Mijn vriendin Sanne komt vanavond eten", "Sanne en ik zijn uit elkaar", "Sanne"),
    ("我女朋友小雨今天来我家吃饭", "我和小雨上个月分手了", "小雨"),
])
def test_a_breakup_ends_the_partner_in_every_language(partner: str, breakup: str,
                                                      name: str) -> None:
    rows = _history([partner, breakup])
    relations = [(status, start, end) for status, text, start, end in rows
                 if text.startswith("The user's") and text.endswith(f"is {name}")]
    assert [status for status, _, _ in relations] == ["superseded"]
    # the breakup names the ex: history, not a current fact about who the user is with
    assert any(text.startswith(f"The user broke up with {name}") for _, text, _, _ in rows)
    assert name not in _active(rows)
    # what was said of the partner as partner ends with the relation
    assert not any(text.startswith(("The user's girlfriend", "The user's boyfriend"))
                   for text in _active(rows).split(" | "))


def test_a_breakup_said_in_another_conversation_ends_the_one_partner_held() -> None:
    rows = _history(["My boyfriend Ravi loves climbing", "we broke up, I'm okay though"],
                    conversations=True)
    assert any(text.startswith("The user broke up with Ravi") for _, text, _, _ in rows)
    assert "Ravi" not in _active(rows)


def test_a_breakup_date_said_ends_the_relation_then() -> None:
    rows = _history(["Mein Freund Tobias kocht heute",
                     "Tobias und ich haben uns am Sonntag getrennt"])
    relation = next(row for row in rows if row[1].endswith("is Tobias"))
    assert relation[3] is not None and relation[3].date() == datetime(2025, 3, 9).date()  # Sunday


@pytest.mark.parametrize(("partner", "said", "relation"), [
    ("My girlfriend Sarah loves hiking", "we split the bill at dinner, Sarah and I",
     "The user's girlfriend is Sarah"),
    ("My girlfriend Sarah loves hiking",
     "Sarah and I finally sorted the recycling, glass and paper separated",
     "The user's girlfriend is Sarah"),
    ("My girlfriend Sarah loves hiking", "I don't think Sarah and I will ever break up",
     "The user's girlfriend is Sarah"),
    ("Mi novia Carla me regaló un libro", "lo dejamos para mañana, dice Carla",
     "The user's girlfriend (novia) is Carla"),
])
def test_what_only_sounds_like_a_breakup_ends_nothing(partner: str, said: str,
                                                      relation: str) -> None:
    rows = _history([partner, said])
    assert not any("broke up" in text for _, text, _, _ in rows)
    assert relation in _active(rows)


@pytest.mark.parametrize(("before", "switch", "new", "old"), [
    ("I play piano in a small jazz trio", "I switched from piano to cello this winter",
     "cello", "piano"),
    ("Ich spiele Geige im Orchester", "Ich bin von der Geige auf die Bratsche umgestiegen",
     "Bratsche", "Geige"),
    ("je joue du piano depuis dix ans", "je suis passée du piano au violoncelle cet hiver",
     "violoncelle", "piano"),
    ("toco la guitarra en un grupo", "me pasé de la guitarra al bajo, el grupo lo necesitaba",
     "bajo", "guitarra"),
    ("bevo tre caffè al giorno", "sono passata dal caffè al tè verde, dormo meglio",
     "tè verde", "caffè"),
    ("tomo leite de vaca no café da manhã", "mudei do leite de vaca para o de aveia", "aveia",
     "vaca"),
    ("ik hardloop drie keer per week", "ben van hardlopen naar zwemmen overgestapt",
     "zwemmen", "hardloop"),
    ("我每周末练钢琴", "我从钢琴换成大提琴了，老师说我手型适合", "大提琴", "钢琴"),
])
def test_a_switch_that_names_the_old_value_ends_it(before: str, switch: str, new: str,
                                                   old: str) -> None:
    active = _active(_history([before, switch]))
    assert new in active
    assert old not in active  # neither the old fact nor "from piano" in the new one


def test_a_switch_denied_ends_nothing() -> None:
    active = _active(_history(["I play piano in a small jazz trio",
                               "I never switched from piano to organ, people mix that up"]))
    assert "piano" in active


def test_a_partner_who_becomes_a_fiancee_keeps_what_was_said_of_her() -> None:
    rows = _history(["Minha namorada Larissa ama plantas",
                     "agora a Larissa é oficialmente minha noiva"])
    active = _active(rows)
    assert "The user's fiancée Larissa" in active
    assert "The user's girlfriend Larissa" not in active
    # before the change the old word still holds
    old = next(row for row in rows if row[1].startswith("The user's girlfriend Larissa"))
    assert old[0] == "superseded" and old[3] is not None
    new = next(row for row in rows if row[1].startswith("The user's fiancée Larissa"))
    assert new[2] is not None and new[2] >= old[3]


@pytest.mark.parametrize(("said", "language"), [
    ("preciso de ideia de presente de natal pra minha namorada", "pt"),
    ("I need a gift idea for my sister, something small", "en"),
    ("ich brauche Ideen für den Geburtstag meiner Mutter", "de"),
    ("necesito ideas para la cena de mañana", "es"),
])
def test_asking_for_ideas_is_an_errand_not_a_fact(said: str, language: str) -> None:
    assert clauses_of(said, language_hint=language)[0].cues.request


@pytest.mark.parametrize(("before", "correction", "right", "wrong"), [
    ("Die Hochzeit meiner Schwester ist im Juni in Lübeck",
     "Lübeck stimmt gar nicht, die Hochzeit ist in Kiel", "Kiel", "Lübeck"),
    ("my sister's wedding is in Bath in June", "Bath was wrong, the wedding is in Bristol",
     "Bristol", "Bath"),
    ("Wir fliegen im Mai nach Porto", "Porto... nee, Quatsch, wir fliegen nach Faro", "Faro",
     "Porto"),
    ("a festa da empresa vai ser no Porto", "errei, a festa vai ser em Braga", "Braga", "Porto"),
    ("mon entretien d'embauche est le 12 mars", "je me suis trompée, l'entretien est le 14 mars",
     "14 March", "12 March"),
    ("I'm allergic to peanuts", "actually it's not peanuts, it's cashews I'm allergic to",
     "cashews", "peanuts"),
])
def test_a_correction_that_restates_the_thing_takes_back_the_wrong_value(
        before: str, correction: str, right: str, wrong: str) -> None:
    rows = _history([before, correction])
    active = _active(rows)
    assert right in active
    assert wrong not in active
    assert any(status == "retracted" and wrong in text for status, text, _, _ in rows)


def test_a_correction_by_a_generic_noun_moves_the_day_said_last() -> None:
    rows = _history(["nächsten Donnerstag wird mir ein Weisheitszahn gezogen",
                     "Blödsinn, der Termin ist am Mittwoch!"])
    active = _active(rows)
    assert "Weisheitszahn" in active and "Wednesday" in active and "Thursday" not in active


@pytest.mark.parametrize(("before", "correction"), [
    ("后天还要先去医院拿体检报告", "对了，拿报告不是后天，是明天，周四。我老记错"),
    ("Zahnarzt ist übermorgen um zehn",
     "Ach nee, der Zahnarzt ist nicht übermorgen, sondern morgen"),
    ("The dentist is the day after tomorrow at ten",
     "Wait, the dentist is not the day after tomorrow, it is tomorrow."),
    ("El dentista es pasado mañana a las diez", "El dentista no es pasado mañana, es mañana"),
    ("De tandarts is overmorgen om tien uur", "De tandarts is niet overmorgen maar morgen"),
])
def test_not_one_day_but_another_moves_the_event(before: str, correction: str) -> None:
    # said on Wednesday 5 March: the day after tomorrow is the 7th, tomorrow (Thursday) the 6th
    rows = _history([before, correction], step=timedelta(minutes=5))
    active = _active(rows)
    assert "6 March 2025" in active and "7 March 2025" not in active, rows
    assert any(status == "retracted" and "7 March 2025" in text for status, text, _, _ in rows)


def test_an_apology_that_corrects_nothing_held_states_nothing() -> None:
    rows = _history(["I live in Leeds", "sorry, I meant that I'm tired today"])
    assert "Leeds" in _active(rows)
    assert not any(status == "retracted" for status, _, _, _ in rows)


def test_the_wrong_value_said_again_after_its_correction_is_no_fact() -> None:
    rows = _history(["Gefeiert wird am Samstag beim Heurigen in Grinzing",
                     "Grinzing stimmt gar nicht, die Feier ist in Stammersdorf. "
                     "Keine Ahnung wie ich auf Grinzing komm"])
    assert "Grinzing" not in _active(rows)


@pytest.mark.parametrize(("named", "corrected", "right", "relation"), [
    ("ma nouvelle collègue s'appelle Amélie", "pardon, elle s'appelle Aurélie, pas Amélie",
     "Aurélie", "colleague"),
    ("la mia vicina si chiama Marta", "scusa, si chiama Marina, non Marta", "Marina",
     "neighbour"),
    ("mi gato se llama Tofu", "perdón, mi gato se llama Tofi, el corrector me cambió el nombre",
     "Tofi", "cat"),
    ("my new boss is called Karen", "sorry, I meant Sharon, not Karen", "Sharon", "boss"),
])
def test_a_corrected_name_keeps_the_relation(named: str, corrected: str, right: str,
                                             relation: str) -> None:
    rows = _history([named, corrected])
    active = _active(rows)
    assert relation in active and right in active
    wrong = next(text for _, text, _, _ in rows if text != active and "is " in text
                 and right not in text and text.startswith("The user's"))
    assert (next(status for status, text, _, _ in rows if text == wrong)) == "retracted"


def test_my_boss_followed_by_a_name_is_no_complaint() -> None:
    from lucidmem.facts.privacy import assess_privacy

    assert assess_privacy("my boss is Sharon").level.value != "secret"
    assert assess_privacy("my boss is a nightmare, Sharon micromanages everything"
                          ).level.value == "secret"


@pytest.mark.parametrize(("said", "language", "contexts"), [
    ("Am Wochenende geh ich immer klettern, unter der Woche schwimmen", "de",
     ["on weekends", "on weekdays"]),
    ("I speak English at work, at home we only speak Polish", "en", ["at work", "at home"]),
])
def test_two_contexts_in_one_sentence_are_two_clauses(said: str, language: str,
                                                      contexts: list[str]) -> None:
    assert [c.cues.context for c in clauses_of(said, language_hint=language)] == contexts


@pytest.mark.parametrize(("said", "language", "contexts"), [
    ("je bosse à la Maison des Jeunes de Sherbrooke depuis deux ans", "fr", [None]),
    ("I stack shelves at Home Depot on weekdays", "en", ["on weekdays"]),
    ("sono cuoca alla trattoria A Casa Tua di Parma", "it", [None]),
    ("À la maison on parle créole", "fr", ["at home"]),
    ("Zuhause trinke ich nur Tee", "de", ["at home"]),
])
def test_a_context_word_inside_a_name_is_no_context(said: str, language: str,
                                                    contexts: list[str | None]) -> None:
    """"la Maison des Jeunes", "Home Depot", "A Casa Tua" are places, not "at home"."""
    assert [c.cues.context for c in clauses_of(said, language_hint=language)] == contexts


def test_a_context_without_a_verb_stays_with_its_clause() -> None:
    (clause,) = clauses_of("Im Büro red ich Hochdeutsch, daheim nur Schwäbisch",
                           language_hint="de")
    assert "Schwäbisch" in clause.text


@pytest.mark.parametrize(("planned", "moved", "new_day", "old_day"), [
    ("Am Freitag ist unser Teamessen beim Italiener",
     "Das Teamessen wurde auf nächsten Montag verschoben", "10 March", "7 March"),
    ("my dentist appointment is on Thursday", "the dentist moved it to next Tuesday, annoying",
     "11 March", "6 March"),
    ("le dîner chez Paul est samedi", "le dîner chez Paul est reporté à dimanche", "9 March",
     "8 March"),
    ("la cena di classe è venerdì", "la cena di classe è stata spostata a sabato", "8 March",
     "7 March"),
    ("周四下午开家长会", "家长会推迟到下周一了", "10 March", "6 March"),
])
def test_an_event_moved_to_another_day_ends_the_old_day(planned: str, moved: str,
                                                        new_day: str, old_day: str) -> None:
    rows = _history([planned, moved], step=timedelta(days=1))  # Wednesday, then Thursday
    active = _active(rows)
    assert new_day in active
    assert old_day not in active
    old = next(row for row in rows if old_day in row[1])
    assert old[0] == "superseded"  # it was the plan until it moved: no mistake


@pytest.mark.parametrize(("before", "turn", "now", "stopped"), [
    ("je prends du lait de vache dans mon café",
     "je ne prends plus que du lait d'avoine. le lait de vache, c'est fini", "avoine", "vache"),
    ("Ich spiel seit der Schule Klavier",
     "Das Klavier hab ich verkauft, jetzt lern ich Saxophon", "Saxophon", "Klavier"),
])
def test_what_stopped_beside_its_replacement_is_history(before: str, turn: str, now: str,
                                                         stopped: str) -> None:
    rows = _history([before, turn])
    active = _active(rows)
    assert now in active and stopped not in active
    assert any(stopped in text for status, text, _, _ in rows if status == "superseded")


def test_what_stopped_with_nothing_in_its_place_stays_current() -> None:
    rows = _history(["fumo un pacchetto al giorno", "ho smesso di fumare un mese fa"])
    assert any("smesso" in text for text in _active(rows).split(" | "))


@pytest.mark.parametrize(("said", "start"), [
    ("下下周三", datetime(2025, 3, 19)),  # the Wednesday of the week after next
    ("上上周五", datetime(2025, 2, 21)),
    ("下下个月", datetime(2025, 5, 1)),
    ("下周三", datetime(2025, 3, 12)),
])
def test_chinese_weeks_and_months_two_away(said: str, start: datetime) -> None:
    from lucidmem.facts.temporal import find_temporal

    found = find_temporal(said, _WEDNESDAY)
    assert found is not None and found.start is not None
    assert found.start.date() == start.date()


@pytest.mark.parametrize(("old_job", "tenure", "new"), [
    ("I've been on the grill at Lula's almost four years", "three weeks at Hearth & Rye already",
     "Hearth & Rye"),
    ("Ich arbeite bei Ford in Köln", "Erste Woche bei Lanxess überstanden", "Lanxess"),
    ("sou guia de turismo em Manaus", "primeiro mês no laboratório do INPA", "INPA"),
    ("ik werk bij de Albert Heijn", "mijn eerste week bij Coolblue zit erop", "Coolblue"),
])
def test_time_at_a_new_workplace_said_in_passing_is_the_new_job(old_job: str, tenure: str,
                                                                 new: str) -> None:
    rows = _history([old_job, tenure])
    current = [text for status, text, _, _ in rows if status == "active" and new in text]
    assert current, rows


@pytest.mark.parametrize("trip", ["two weeks in Lisbon and I'm already tanned",
                                  "duas semanas no Algarve, que maravilha"])
def test_time_spent_somewhere_is_no_job(trip: str) -> None:
    rows = _history(["I work at the Ministry of Health", trip])
    assert "Ministry" in _active(rows)


@pytest.mark.parametrize(("said", "subject"), [
    ("the head baker Ines is from Lisbon", "Ines"),
    ("the new guy Tom starts Monday", "Tom"),
])
def test_a_role_then_a_name_is_that_person(said: str, subject: str) -> None:
    active = _active(_history([said]))
    assert active.startswith(subject) and not active.startswith("The user")


def test_a_place_after_a_preposition_is_nobody() -> None:
    active = _active(_history(["the weather in Lisbon is great, I love it here"]))
    assert not active.startswith("Lisbon")


def test_a_chinese_typo_named_as_ones_own_takes_the_wrong_name_back() -> None:
    rows = _history(["我家可乐今早又把我老公阿峰的拖鞋咬烂了",
                     "可乐是我手滑打错，我家狗叫可可啦，输入法老自作主张"],
                    step=timedelta(minutes=5))
    active = _active(rows)
    assert "可可" in active and "可乐" not in active
    assert all(text.split(":", 1)[-1].strip() for _, text, _, _ in rows)  # no empty fact


@pytest.mark.parametrize(("said", "name", "relation", "of"), [
    ("慧玲的弟弟志明下个月要搬去墨尔本了", "志明", "brother", "慧玲"),
    ("我老婆小雨今天生日", "小雨", "wife", None),
])
def test_whose_relative_a_chinese_name_is(said: str, name: str, relation: str,
                                          of: str | None) -> None:
    from lucidmem.facts.people import mentions

    assert [(m.name, m.relation, m.of) for m in mentions(said, "zh")] == [(name, relation, of)]


def test_a_chinese_verb_after_a_relation_is_no_name() -> None:
    from lucidmem.facts.people import mentions

    assert [m.name for m in mentions("我丈母娘舍不得得很", "zh")] == [None]


def test_a_breakup_the_reader_cannot_name_is_named_from_the_memory(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "memory.db"
    clock = ManualClock(_WEDNESDAY)
    with Memory(str(path), clock=clock) as memory:
        memory.add([{"role": "user", "content": "My boyfriend Ravi loves climbing",
                     "timestamp": _WEDNESDAY.isoformat()}], user_id="ida")
    later = _WEDNESDAY + timedelta(days=30)
    clock.now = later
    with Memory(str(path), clock=clock) as memory:  # a new process: the reader knows no one
        memory.add([{"role": "user", "content": "we broke up last week, I'm okay though",
                     "timestamp": later.isoformat()}], user_id="ida")
        active = [f.text for f in memory.facts.list(user_id="ida")]
        said = [f.text for f in memory.facts.history(user_id="ida")]
    assert any(text.startswith("The user broke up with Ravi") for text in said), said
    assert not any("Ravi" in text for text in active), active  # history now, not current


@pytest.mark.parametrize("said", ["da questo mese nella band suono il sax",
                                  "sinds januari speel ik cello"])
def test_since_this_month_is_a_beginning(said: str) -> None:
    from lucidmem.facts.temporal import find_temporal
    from lucidmem.facts.temporal_patterns import TemporalAnchor

    found = find_temporal(said, _WEDNESDAY)
    assert found is not None and found.anchor is TemporalAnchor.SINCE


def test_portuguese_da_before_a_date_is_no_beginning() -> None:
    from lucidmem.facts.temporal import find_temporal
    from lucidmem.facts.temporal_patterns import TemporalAnchor

    found = find_temporal("a festa da semana que vem", _WEDNESDAY)
    assert found is not None and found.anchor is TemporalAnchor.AT


def test_a_new_instrument_in_the_same_band_replaces_the_old_one() -> None:
    rows = _history(["suono il basso nei Lampioni Rotti, una band di amici",
                     "da questo mese nella band suono quello, il sassofono"])
    active = _active(rows)
    assert "sassofono" in active and "basso" not in active


@pytest.mark.parametrize(("said", "theirs"), [
    ("Der hat grad bei Roche in Basel angefangen", True),
    ("Die wohnt ja auch in Chur", True),
    ("Die Wohnung hier ist eh zu groß", False),
])
def test_a_german_demonstrative_subject_is_someone_else(said: str, theirs: bool) -> None:
    from lucidmem.facts.people import pronoun_subject

    assert pronoun_subject(said, "de") is theirs


@pytest.mark.parametrize(("said", "name"), [
    ("super, meine Chefin Dr. Hoffmann ist sehr direkt, mag ich", "Hoffmann"),
    ("Meine Nachbarin Frau Yilmaz spielt übrigens Geige", "Yilmaz"),
])
def test_no_relation_names_a_title(said: str, name: str) -> None:
    texts = [text for _, text, _, _ in _history([said])]
    assert not any(text.endswith((" is Dr", " is Frau")) for text in texts), texts
    assert any(name in text for text in texts)


@pytest.mark.parametrize(("said", "language", "name", "relation"), [
    ("è arrivata la nuova coinquilina, si chiama Marta e studia medicina", "it", "Marta",
     "roommate"),
    ("Der Lehrer heißt Herr Brandt und unterrichtet an der Musikschule", "de", "Brandt",
     "teacher"),
    ("the new roommate is called Ines", "en", "Ines", "roommate"),
])
def test_a_relation_named_without_my(said: str, language: str, name: str,
                                     relation: str) -> None:
    from lucidmem.facts.people import mentions

    assert [(m.name, m.relation) for m in mentions(said, language)] == [(name, relation)]


def test_the_new_roommates_name_corrected_keeps_her_a_roommate() -> None:
    rows = _history(["è arrivata la nuova coinquilina, si chiama Marta e studia medicina",
                     "ah no aspetta, si chiama Marina, non Marta!! il correttore fa come gli pare"],
                    step=timedelta(minutes=2))
    active = _active(rows)
    assert "roommate is Marina" in active and "Marta" not in active
