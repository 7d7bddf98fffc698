"""A job opening the user tells of, then only the weeks they have spent there.

"Die Rittner Bahn sucht Triebwagenführer" and, months later, "meine dritte Woche vorne im
Triebwagen der Rittner Bahn ist rum!" say together that the user works at the Rittner Bahn
now, and the job held before ends. A count of weeks that names no opening says nothing of
work, and an opening alone is no job.

Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.openings import Opening, opening_in, opening_named, tenure_days

from .conftest import history_facts

_DAY = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "org", "role"), [
    ("de", "Die Rittner Bahn sucht Triebwagenführer, die Ausbildung zahlen sie",
     "Rittner Bahn", "Triebwagenführer"),
    ("pt", "O surf camp do Baleal procura cozinheira para a época e eu vou falar com eles",
     "surf camp do Baleal", "cozinheira"),
    ("fr", "L'hôpital Georges-Dumont cherche des préposées aux bénéficiaires",
     "hôpital Georges-Dumont", "des préposées aux bénéficiaires"),
    ("nl", "theater aan de parade zoekt iemand voor haar en make-up",
     "theater aan de parade", "iemand voor haar"),
    ("it", "Ho chiesto il trasferimento in pediatria", "pediatria", ""),  # (a transfer)
    ("en", "Glendrum is looking for a technician", "Glendrum", "a technician"),
    ("de", "de waldkindergarte im hardtwald sucht ab januar e erzieherin",
     "waldkindergarte im hardtwald", "ab januar e erzieherin"),
    ("nl", "kan je me helpen? de ns zoekt machinisten, je krijgt een opleiding", "ns",
     "machinisten"),
])
def test_an_opening_names_who_hires_and_for_what(lang: str, said: str, org: str,
                                                 role: str) -> None:
    found = opening_in(said, lang)
    assert found is not None and (found.org, found.role) == (org, role)
    assert found.transfer == ("trasferimento" in said)


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "mi hermana busca piso en Triana"),
    ("de", "ich suche eine Wohnung in Bozen"),
    ("en", "we went to the beach on Sunday"),
])
def test_a_person_looking_for_something_is_no_opening(lang: str, said: str) -> None:
    assert opening_in(said, lang) is None


@pytest.mark.parametrize(("lang", "said", "days"), [
    ("de", "Und meine dritte Woche vorne im Triebwagen der Rittner Bahn ist rum", 14),
    ("pt", "Faz hoje duas semanas que cozinho para o surf camp do Baleal", 14),
    ("fr", "Ma première semaine à l'hôpital est faite", 0),
    ("nl", "3 weken nu achter de schermen bij de parade", 21),
    ("it", "Prima settimana in pediatria", 0),
    ("de", "zwee wochen in der oper rum! ich schlepp kulissen", 14),
    ("de", "erschte zwei woche im waldkindergarte rum!! nur draußen", 14),
    ("en", "we had pizza at the new place", None),
])
def test_the_days_since_the_user_began(lang: str, said: str, days: int | None) -> None:
    assert tenure_days(said, lang) == days


def test_the_opening_named_is_the_one_a_word_of_the_clause_begins() -> None:
    held = [Opening("Rittner Bahn", "Triebwagenführer"), Opening("Glendrum", "")]
    assert opening_named("im Triebwagen der Rittner Bahn", "de", held) == held[0]
    assert opening_named("mit der Straßenbahn nach Hause", "de", held) is None


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=40)


def _active(facts: list[tuple[str, str, str]]) -> list[str]:
    return [t for st, s, t in facts if st == "active"]


def test_weeks_at_the_opening_are_the_new_job() -> None:
    facts = _facts("Die Äpfel bring ich mit, ich arbeite im Büro der Obstgenossenschaft in "
                   "Terlan.",
                   "Kannst du mir bei einer Bewerbung helfen? Die Rittner Bahn sucht "
                   "Triebwagenführer, die Ausbildung zahlen sie.",
                   "Und meine dritte Woche vorne im Triebwagen der Rittner Bahn ist rum!",
                   lang="de")
    active = _active(facts)
    assert "The user works at Rittner Bahn as Triebwagenführer" in active, facts
    assert not any("Obstgenossenschaft" in t for t in active), facts


def test_the_first_week_at_the_hospital_names_it_as_the_opening_did() -> None:
    facts = _facts("Moi je travaille dans un centre d'appels sur la rue Main.",
                   "L'hôpital Georges-Dumont cherche des préposées aux bénéficiaires, pis j'ai "
                   "fini mon cours au CCNB.",
                   "Ma première semaine à l'hôpital est faite! Ginette dit que j'ai une patience "
                   "d'ange.", lang="fr")
    active = _active(facts)
    assert any("Georges-Dumont" in t and "préposées" in t for t in active), facts
    assert not any("centre d'appels" in t for t in active), facts


def test_weeks_somewhere_no_opening_named_are_no_job() -> None:
    facts = _facts("Trabalho na Sonae, no armazém da Azambuja.",
                   "O surf camp do Baleal procura cozinheira para a época.",
                   "Faz duas semanas que vou ao ginásio ao pé de casa.", lang="pt")
    assert not any(s == "user" and "works at surf camp" in t for st, s, t in facts), facts
    assert any(st == "active" and "Sonae" in t for st, s, t in facts), facts


def test_weeks_at_a_chinese_company_counted_are_the_new_job() -> None:
    facts = _facts("你好！我叫罗敏，自贡人，在银行当柜员。",
                   "告诉你个好消息！我到彩灯公司上班三个礼拜了，做彩灯设计。", lang="zh")
    active = _active(facts)
    assert "The user works at 彩灯公司" in active, facts
    assert not any("银行" in t for t in active), facts


def test_weeks_living_in_the_town_of_an_opening_are_a_home_not_the_job() -> None:
    held = [Opening("Gemeinde Balzers", "jemanden")]
    assert opening_named("Seit drei Wochen wohne ich jetzt in Balzers, fünf Minuten zu Fuss "
                         "zur Gemeinde", "de", held) is None


def test_a_transfer_is_a_new_post_and_the_way_to_work_stays() -> None:
    facts = _facts("Sono Ilaria e faccio l'infermiera al pronto soccorso dell'ospedale.",
                   "D'inverno vado al lavoro in corriera, perché in bici col ghiaccio non mi "
                   "azzardo.",
                   "Ciao! Ho chiesto il trasferimento in pediatria.",
                   "Prima settimana in pediatria! I bimbi mi chiamano la zia dei cerotti.",
                   lang="it")
    active = _active(facts)
    assert "The user works at pediatria" in active, facts
    assert not any("pronto soccorso" in t for t in active), facts
    assert any("corriera" in t for t in active), facts


def test_weeks_said_in_dialect_at_the_opening_are_the_new_job() -> None:
    facts = _facts("hey! i bin übrigens jule, erzieherin in der kita sonnenblume in der oststadt",
                   "kannsch mir bei ner bewerbung helfe? de waldkindergarte im hardtwald sucht ab "
                   "januar e erzieherin.",
                   "erschte zwei woche im waldkindergarte rum!! nur draußen, matschhos", lang="de")
    active = _active(facts)
    assert "The user works at waldkindergarte im hardtwald as erzieherin" in active, facts
    assert not any("sonnenblume" in t for t in active), facts
