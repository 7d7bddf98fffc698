"""Stopping a thing that has a name — cancelling the membership of a named gym, leaving a
named club — is history: what holds now is that it is over, so no current fact may still
name it (a current question "where does the user train now?" must not hear the old gym),
while the history keeps it. A habit stopped with no name ("ho smesso di fumare") says the
state that holds now and stays current. Cancelling is said in many ways ("didn't renew",
"nicht verlängert", "désabonné", "no renové", "disiscritto", "não renovei", "niet
verlengd", "没续"). A switch to another named club ends the club held, and a new employer
ends a remark that named the old one through a work relation ("my boss at …"); what a
relative does at a place stays. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _said(*turns: str, lang: str) -> tuple[list[str], list[str]]:
    """(current fact texts, every version's text) after ``turns``, a day apart."""
    with said_a_day_apart(*turns, start=_MARCH, user_id="noor", lang=lang) as memory:
        return ([f.text for f in memory.facts.list(user_id="noor")],
                [f.text for f in memory.facts.history(user_id="noor")])


@pytest.mark.parametrize(("turns", "lang", "name"), [
    (("I do spin classes at Crankhouse on Mondays",
      "didn't renew my Crankhouse membership this year"), "en", "Crankhouse"),
    (("I go to the gym at Crankhouse three times a week",
      "cancelled my Crankhouse membership, too pricey"), "en", "Crankhouse"),
    (("Ich gehe montags zum Spinning bei FitZone",
      "Mein Abo bei FitZone hab ich nicht verlängert"), "de", "FitZone"),
    (("Je fais du spinning chez Muscleria le lundi",
      "Je me suis désabonné de Muscleria la semaine dernière"), "fr", "Muscleria"),
    (("Hago spinning en Forja los lunes",
      "No renové la membresía de Forja este año"), "es", "Forja"),
    (("Faccio spinning da Titano il lunedì",
      "Mi sono disiscritto da Titano la settimana scorsa"), "it", "Titano"),
    (("Faço spinning na Bravura às segundas",
      "Não renovei a matrícula da Bravura este ano"), "pt", "Bravura"),
    (("Ik doe elke maandag spinning bij Kracht",
      "Mijn lidmaatschap bij Kracht niet verlengd dit jaar"), "nl", "Kracht"),
    (("我每周一在 Anytime 上飞轮课", "Anytime 的会员卡我没续"), "zh", "Anytime"),
])
def test_a_cancelled_named_membership_is_history(turns: tuple[str, str], lang: str,
                                                 name: str) -> None:
    current, history = _said(*turns, lang=lang)
    assert not any(name in text for text in current), current
    assert any(name in text for text in history), history


@pytest.mark.parametrize(("said", "lang", "word"), [
    ("I quit smoking at Christmas", "en", "smoking"),
    ("ho smesso di fumare a Natale", "it", "fumare"),
    ("dejé de fumar en Navidad", "es", "fumar"),
    ("Ich habe mit dem Rauchen aufgehört", "de", "Rauchen"),
])
def test_a_habit_stopped_without_a_name_stays_current(said: str, lang: str,
                                                      word: str) -> None:
    current, _ = _said(said, lang=lang)
    assert any(word in text for text in current), current


def test_a_remark_naming_the_cancelled_gym_ends_but_not_a_relatives_fact() -> None:
    current, _ = _said("I lift at Crankhouse most evenings",
                       "the showers at Crankhouse are always freezing",
                       "my sister Dana trains at Crankhouse too",
                       "cancelled my Crankhouse membership last week", lang="en")
    mine = [text for text in current if "Dana" not in text and "sister" not in text]
    assert not any("Crankhouse" in text for text in mine), current
    assert any("Dana" in text or "sister" in text for text in current), current


@pytest.mark.parametrize(("turns", "lang", "old"), [
    (("Ik speel elke dinsdag volleybal bij VC Kouter",
      "Ik ben overgestapt naar Volley Linde, samen met Lotte"), "nl", "Kouter"),
    (("Gioco a pallavolo con la Virtus Lago", "Sono passato alla Polisportiva Colle"), "it",
     "Virtus"),
])
def test_a_switch_to_a_named_club_ends_the_club_held(turns: tuple[str, str], lang: str,
                                                     old: str) -> None:
    current, history = _said(*turns, lang=lang)
    assert not any(old in text for text in current), current
    assert any(old in text for text in history), history


@pytest.mark.parametrize(("turns", "lang"), [
    (("I need to write an email to my boss at Quillory about the deadline",
      "I work at Brightwave now"), "en"),
    (("Je dois écrire un courriel à mon boss chez Quillory pour le congé",
      "Je travaille chez Brightwave maintenant"), "fr"),
])
def test_a_new_employer_ends_a_remark_on_the_boss_at_the_old_one(turns: tuple[str, str],
                                                                  lang: str) -> None:
    current, _ = _said(*turns, lang=lang)
    assert not any("Quillory" in text for text in current), current
    assert any("Brightwave" in text for text in current), current


def test_leaving_a_named_place_keeps_what_a_relative_does_there() -> None:
    current, _ = _said("my sister lives in Graz", "I used to go to Kletterhalle Graz",
                       "cancelled my membership at Kletterhalle Graz", lang="en")
    assert any("sister lives in Graz" in text for text in current), current


@pytest.mark.parametrize(("turns", "lang", "thing"), [
    (("toco el clarinete en la banda municipal los jueves",
      "novedad, por fin vendí el clarinete a un chaval de la escuela de la banda"), "es",
     "clarinete"),
    (("I play the trumpet in a brass band on Thursdays",
      "finally sold the trumpet to a lad from the youth band"), "en", "trumpet"),
    (("ich spiele Saxophon in einer Bigband",
      "hab das Saxophon endlich verkauft, an einen Schüler"), "de", "Saxophon"),
    (("toco cavaquinho num grupo de pagode",
      "finalmente vendi o cavaquinho pra um vizinho"), "pt", "cavaquinho"),
])
def test_a_thing_sold_is_history_not_a_current_fact(turns: tuple[str, str], lang: str,
                                                    thing: str) -> None:
    """A thing the user parted with (sold, given away, "is history") is gone: the sale ends
    the fact held about it and is itself history, so no current fact names it, while the
    history keeps both."""
    current, every = _said(*turns, lang=lang)
    assert not any(thing in t for t in current), current
    assert sum(thing in t for t in every) >= 2, every


@pytest.mark.parametrize(("turns", "lang"), [
    (("Griaß di! I bin da Sepp, Konditor im Kurhotel in Villach.",
      "Mit'm Kurhotel is Schluss, i hab ka Lust mehr auf Saisonarbeit"), "de"),
    (("Ich bin Konditor im Kurhotel in Villach.",
      "Mit dem Kurhotel ist Schluss, ich hab keine Lust mehr auf Saisonarbeit"), "de"),
])
def test_a_workplace_said_to_be_over_ends_the_job_there(turns: tuple[str, str],
                                                        lang: str) -> None:
    """"Mit'm Kurhotel is Schluss" (it is over with it) ends the job said with that workplace,
    whether the job was read as the job, the employer or work (one working life), and is
    history itself: no current fact names the hotel."""
    current, every = _said(*turns, lang=lang)
    assert not any("Kurhotel" in t for t in current), current
    assert sum("Kurhotel" in t for t in every) >= 2, every
