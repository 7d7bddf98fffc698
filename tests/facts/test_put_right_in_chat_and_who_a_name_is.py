"""Corrections said the way chat says them, and who or what a name in a clause is.

A value set against the old one without a comma ("kiri lives in timaru not oamaru"), the
Flemish "nie", the Portuguese "nao" and "corrigindo"; a known person written in lowercase and
after a short opening ("oops, kiri …"); a doctor named with a title before "my GP"; a name
after a school's word is the school's; French "il fait encore 27 degrés" is about no one; a
shift is worked where it is said; the clinic of a new doctor is no workplace; a new car named
by its model; a plan called off that was read as the user's. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str, days: int = 3) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang, days=days) as memory:
        return [(f.status, f.text.casefold()) for f in memory.facts.history(user_id="u")]


def _current(*turns: str, lang: str, days: int = 3) -> list[str]:
    return [text for status, text in _facts(*turns, lang=lang, days=days)
            if status == "active"]


@pytest.mark.parametrize(("lang", "said", "put_right", "right", "wrong"), [
    ("en", "my sister kiri turns 30 next week. she lives in oamaru and works as a vet nurse",
     "oops, kiri lives in timaru not oamaru. they sound the same to me",
     "sister kiri lives in timaru", "oamaru"),
    ("nl", "mijn dochter lieze komt zondag eten met haar nieuwe vriend tibo",
     "foutje, de vriend van lieze heet warre, nie tibo", "warre", "tibo"),
    ("pt", "a isadora tem 7 anos e adora desenhar",
     "corrigindo: a isadora tem 8, nao 7!", "8", "7 anos"),
])
def test_a_value_put_right_the_way_chat_writes_it(lang: str, said: str, put_right: str,
                                                   right: str, wrong: str) -> None:
    assert any(wrong in t for t in _current(said, lang=lang))
    current = _current(said, put_right, lang=lang)
    assert any(right in t for t in current), current
    assert not any(wrong in t for t in current), current


@pytest.mark.parametrize("said", [
    "i do not like tea",
    "we went to the new place in town and its really not bad",
])
def test_a_not_after_an_auxiliary_or_an_adverb_sets_nothing_against(said: str) -> None:
    facts = _current(said, lang="en")
    assert facts and not any(t.endswith(("like", "really")) for t in facts), facts


def test_a_known_person_written_small_after_a_short_opening() -> None:
    current = _current("my brother tomasz, he just started at the fire station",
                       "oh well, tomasz lives in gdynia now", lang="en")
    assert any("tomasz lives in gdynia" in t and t.startswith("the user's brother")
               for t in current), current


def test_a_doctor_named_with_a_title_before_my_gp() -> None:
    current = _current("Vengo del centro de salud. El doctor Arrieta, mi médico de cabecera, "
                       "me ha vuelto a decir que camine más.", lang="es")
    assert any("doctor" in t and t.endswith("is arrieta") for t in current), current
    assert not any("el doctor arrieta, mi médico" in t for t in current), current


def test_a_name_after_a_schools_word_is_the_schools() -> None:
    current = _current("Pourriez-vous m'aider à écrire un mot pour Mme Bouvard, la maîtresse de "
                       "Titouan à l'école Paul-Bert ? Il a oublié son cahier de poésie en classe "
                       "hier.", lang="fr")
    assert not any(t.startswith("paul-bert") for t in current), current


def test_french_weather_il_is_no_one() -> None:
    current = _current("Mon fils Titouan entre au collège en septembre.",
                       "Il fait encore 27 degrés, on dîne dehors ce soir.", lang="fr")
    assert not any("27 degrés" in t and "titouan" in t for t in current), current


def test_a_day_said_beside_c_est_moi_is_to_come() -> None:
    with said_a_day_apart("Ma sœur Marie-Pier fait baptiser sa fille le 13 juin, et c'est moi "
                          "la marraine !", start=_MONDAY, user_id="u", lang="fr") as memory:
        dated = [f for f in memory.facts.list(user_id="u") if "june" in f.text.casefold()]
    assert dated and all("2026" in f.text for f in dated), [f.text for f in dated]


def test_a_shift_is_worked_where_it_is_said() -> None:
    current = _current("I do water aerobics at the Y on Monday and Wednesday mornings before "
                       "my shift at the library.", lang="en")
    assert not any(t.startswith("the user works at") for t in current), current
    assert any("water aerobics" in t for t in current), current


def test_the_clinic_of_a_new_doctor_is_no_workplace() -> None:
    current = _current("I had my first appointment yesterday with my new doctor, Dr. Achterberg "
                       "at Harbor View Clinic.", lang="en")
    assert not any(t.startswith("the user works at") for t in current), current
    assert any(t.endswith("is achterberg") for t in current), current


@pytest.mark.parametrize(("lang", "old", "new", "gone"), [
    ("de", "Meine alte Ypsilon ist bei minus zwölf wieder nicht angesprungen.",
     "Seit einem Monat fahre ich jetzt den Jimny, der kommt überall hoch.", "ypsilon"),
    ("fr", "Ma vieille Mégane a encore refusé de démarrer ce matin, par moins huit.",
     "Deux mois avec l'ID.3 et je ne regrette rien.", "mégane"),
])
def test_a_new_car_named_by_its_model(lang: str, old: str, new: str, gone: str) -> None:
    current = _current(old, new, lang=lang, days=40)
    assert not any(gone in t for t in current), current


def test_a_plan_called_off_that_was_read_as_the_users() -> None:
    current = _current("my son jalen is refusing anything green lol",
                       "at least he's got a tournament in madison in two weeks, saturday",
                       "jalen's tournament in madison got rained out in the end, they "
                       "cancelled the whole thing", lang="en", days=20)
    assert not any("tournament in madison on" in t for t in current), current
    assert any("rained out" in t for t in current), current
    assert not any("jalen is tournament" in t for t in current), current


@pytest.mark.parametrize(("lang", "before", "after", "old", "new"), [
    ("fr", "Mon chum Olivier nous invite à souper samedi.",
     "Ça fait trois mois que je sors avec Jérémie, depuis la Saint-Jean, et hier il m'a "
     "présentée à sa mère.", "olivier", "jérémie"),
    ("en", "My boyfriend Tom and I went to Brighton.",
     "I've been dating Sam for two months now.", "tom", "sam"),
])
def test_dating_said_with_how_long_names_the_partner_now(lang: str, before: str, after: str,
                                                          old: str, new: str) -> None:
    current = _current(before, after, lang=lang, days=60)
    assert any("partner" in t and new in t for t in current), current
    assert not any(old in t for t in current), current
