"""Someone new in a role, the partner said through how long it has lasted, the job said with
where it is done in chat, and a value the user says they said wrong.

"la nuova coinquilina, nora" and "Ignacio, el psicólogo nuevo" take the old one's place (two
roommates named without "new" both stand); "llevamos tres meses saliendo" after a name said
earlier in the turn names the partner, not the one held; "je suis comptable chez dupuis
frères" in lowercase names the employer, and "ça fait deux semaines que je suis chez moreau
conseil" a new one; "keine Nachtschichten mehr" ends the night shifts held; "forget the Lisbon
thing I told you about" takes the trip back; a wedding to come keeps its year when the clause
also says something past; "ik zei vorige keer X, maar Y ligt in Z" and "上回我说…？…错了，是…"
put the value right. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str, days: int = 3,
           start: datetime = _MONDAY) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=start, user_id="u", lang=lang, days=days) as memory:
        return [(f.status, f.text.casefold()) for f in memory.facts.history(user_id="u")]


def _current(*turns: str, lang: str, days: int = 3, start: datetime = _MONDAY) -> list[str]:
    return [text for status, text in _facts(*turns, lang=lang, days=days, start=start)
            if status == "active"]


@pytest.mark.parametrize(("lang", "before", "new", "right", "wrong"), [
    ("it", "mi scrivi due righe per la giada, la mia coinquilina? mi deve ancora la bolletta",
     "è arrivata sabato la nuova coinquilina, marta, da bergamo. mi aiuti col benvenuto?",
     "roommate (coinquilina) is marta", "giada"),
    ("es", "la sofía, mi psicóloga, dice que tengo que dormir más",
     "ayer tuve la primera sesión con tomás, el psicólogo nuevo del consultorio",
     "therapist (psicólogo) is tomás", "sofía"),
    ("en", "My flatmate is Priya, she's never home.",
     "Oskar, the new flatmate, moved in on Saturday.", "roommate", "priya"),
])
def test_someone_new_in_a_role_takes_the_old_ones_place(lang: str, before: str, new: str,
                                                        right: str, wrong: str) -> None:
    current = _current(before, new, lang=lang)
    assert any(right in t for t in current), current
    assert not any(wrong in t for t in current), current


def test_two_roommates_named_without_new_both_stand() -> None:
    current = _current("la mia coinquilina Giada fa la cuoca",
                       "la mia coinquilina Marta invece studia medicina", lang="it")
    assert any("is giada" in t for t in current), current
    assert any("is marta" in t for t in current), current


@pytest.mark.parametrize(("lang", "held", "turn", "partner", "old"), [
    ("es", "Mi novia Jimena vive en Puebla.",
     "ayúdame con un mensaje pa mi tía: el sábado llevo a valentina a comer pa q la conozca. "
     "llevamos tres meses saliendo", "partner is valentina", "jimena"),
    ("de", "Mein Freund Bastian kocht heute.",
     "Kannst du mir bei einer Karte für Jonas' Oma helfen? Sie hat mich eingeladen, wir sind "
     "ja erst seit Mai zusammen.", "partner is jonas", "bastian"),
    ("pt", "meu namorado é o Caio",
     "me ajuda com um bolo? domingo vou apresentar o davi pros meus avós. "
     "a gente ta junto desde março", "partner is davi", "caio"),
    ("it", "il mio ragazzo Fabio lavora in banca",
     "mi consigli una pizzeria? lorenzo mi porta fuori per i nostri tre mesi",
     "partner is lorenzo", "fabio"),
])
def test_the_partner_said_through_how_long_it_has_lasted(lang: str, held: str, turn: str,
                                                         partner: str, old: str) -> None:
    current = _current(held, turn, lang=lang)
    assert any(partner in t for t in current), current
    assert not any(f"is {old}" in t for t in current), current


def test_a_boyfriend_named_in_lowercase_chat() -> None:
    current = _current("my bf kyle never texts back", "lol ok. dario's my boyfriend now btw",
                       lang="en")
    assert any(t == "the user's boyfriend is dario" for t in current), current
    assert not any("kyle" in t for t in current), current


def test_a_name_before_a_possessive_is_not_the_relation() -> None:
    current = _current("Tom's my brother's friend, he fixes bikes.", lang="en")
    assert not any(t == "the user's brother is tom" for t in current), current


@pytest.mark.parametrize(("lang", "before", "after", "old", "new"), [
    ("fr", "je suis comptable chez dupuis frères à namur, signe claire",
     "ça fait deux semaines que je suis chez moreau conseil, mon nouveau chef est sympa",
     "dupuis", "works at moreau conseil"),
    ("en", "i'm quantity surveyor at the halden bridge site, so keep it formal",
     "first week at the harbour yard site done and im dead", "halden", "works at harbour"),
])
def test_the_job_said_with_where_it_is_done_in_chat(lang: str, before: str, after: str,
                                                    old: str, new: str) -> None:
    assert any(old in t for t in _current(before, lang=lang))
    current = _current(before, after, lang=lang)
    assert any(new in t for t in current), current
    assert not any(old in t for t in current), current


def test_no_more_of_something_ends_what_was_held() -> None:
    facts = _facts("Ich arbeite im Lager, meistens Nachtschichten.",
                   "Endlich keine Nachtschichten mehr.", lang="de")
    assert facts and all(status != "active" for status, t in facts if "nachtschicht" in t), \
        facts


@pytest.mark.parametrize("said", ["I eat no meat any more.", "Ich esse kein Fleisch mehr."])
def test_a_diet_said_with_no_more_stays(said: str) -> None:
    lang = "de" if "Ich" in said else "en"
    assert any("meat" in t or "fleisch" in t for t in _current(said, lang=lang))


def test_forget_the_thing_named_before_i_told_you_about() -> None:
    facts = _facts("I'm learning Portuguese for a trip to Lisbon in May",
                   "Eish, forget the Lisbon thing I told you about, we're staying home.",
                   lang="en")
    assert ("retracted", "the user is learning portuguese for a trip to lisbon in may 2026") \
        in facts, facts


def test_a_wedding_to_come_keeps_its_year_beside_something_past() -> None:
    july = datetime(2025, 7, 15, 19, 0, tzinfo=UTC)
    with said_a_day_apart("mi hermano se casa el 3 de octubre en valparaíso y me pidió q sea "
                          "su padrino!!", start=july, user_id="u", lang="es") as memory:
        events = [f for f in memory.facts.list(user_id="u") if "casa" in f.text]
    assert events and str(events[0].valid_from)[:10] == "2025-10-03", events


@pytest.mark.parametrize(("lang", "said", "put_right", "right", "wrong"), [
    ("nl", "De receptie is in zaal Het Anker in Lokeren.",
     "Oh, en ik zei vorige keer Lokeren, maar Het Anker ligt in Zele. Altijd door elkaar.",
     "het anker in zele", "lokeren"),
    ("zh", "我儿子在三中上初二，天天打球",
     "上回我说儿子在三中？打错字了，是五中，三中离我们家可远了", "五中", "三中"),
    ("zh", "我老婆在工行上班，天天加班",
     "上次跟你说我老婆在工行，讲错了啦，是建行，在城东支行。", "建行", "工行"),
    ("zh", "下礼拜俺侄女结婚，在胶州办酒",
     "上回俺说酒席在胶州，说岔了，是在平度，男方是平度的。", "平度", "胶州"),
])
def test_a_value_the_user_says_they_said_wrong(lang: str, said: str, put_right: str,
                                               right: str, wrong: str) -> None:
    assert any(wrong in t for t in _current(said, lang=lang))
    current = _current(said, put_right, lang=lang)
    assert any(right in t for t in current), current
    assert not any(wrong in t for t in current), current


def test_told_you_in_chinese_is_no_question() -> None:
    from lucidmem.facts.clauses import clauses_of

    clause = clauses_of("上次跟你说我妹在杭州上班")[0]
    assert not clause.cues.question
