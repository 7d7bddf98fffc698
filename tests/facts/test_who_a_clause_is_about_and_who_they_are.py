"""Who a clause is about and how they are related, said the ways people say them: a name
after the time the clause opens with ("El sábado Maite baila en el festival del cole"), a
new doctor or partner named in passing inside a request ("la dottoressa Galli, la mia nuova
medica di base", "o Caio, com quem eu tô saindo desde maio"), Cantonese family words
(外母, 老豆, 阿哥), a number after a relation that is no name (我老豆七十大寿), and a Chinese
job said before a comma and a plan for a day. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang, days=3) as memory:
        return [(f.status, f.text) for f in memory.facts.history(user_id="u")]


def _current(*turns: str, lang: str) -> list[str]:
    return [text for status, text in _facts(*turns, lang=lang) if status == "active"]


@pytest.mark.parametrize(("lang", "text", "who"), [
    ("es", "El sábado Maite baila en el festival del cole.", "Maite"),
    ("en", "On Friday Rosalind plays her first match for the county.", "Rosalind"),
])
def test_a_name_after_the_time_a_clause_opens_with_is_its_subject(lang: str, text: str,
                                                                  who: str) -> None:
    facts = _current(text, lang=lang)
    assert any(t.startswith(who) for t in facts), facts
    assert not any(t.startswith("The user") for t in facts), facts


@pytest.mark.parametrize(("lang", "before", "after", "old", "new"), [
    ("it", "Il dottor Ferri, il mio medico, dice che devo fare più moto.",
     "Mi aiuti a scrivere alla dottoressa Galli, la mia nuova medica di base?", "Ferri",
     "Galli"),
    ("pt", "O Davi, meu namorado, acha que eu durmo pouco.",
     "O Caio, com quem eu tô saindo desde maio, me chamou pra praia. Me ajuda com a mala?",
     "Davi", "Caio"),
])
def test_a_new_doctor_or_partner_named_in_passing_takes_the_place(
        lang: str, before: str, after: str, old: str, new: str) -> None:
    current = _current(before, after, lang=lang)
    assert not any(old in t for t in current), current
    assert any(new in t for t in current), current


def test_cantonese_family_words_and_no_number_for_a_name() -> None:
    facts = _current("我外母住荃湾，下个礼拜过来饮茶。",
                     "下个礼拜六是我老豆八十大寿，在酒楼摆了六围。", lang="zh")
    assert any(t.startswith("The user's mother-in-law") for t in facts), facts
    assert not any("is 八十" in t for t in facts), facts


def test_a_chinese_job_before_a_plan_for_a_day_is_a_clause_of_its_own() -> None:
    facts = _facts("我在南门那家火锅店当领班，周六想请一天假陪我爸去体检。",
                   "新工作第一周，在高新区那边的保险公司做客服，工牌丑死了。", lang="zh")
    assert any(status == "superseded" and "火锅店" in text and "体检" not in text
               for status, text in facts), facts


@pytest.mark.parametrize(("lang", "text", "org"), [
    ("en", "Could you help me write a quick note to Malcolm, my practice manager at Riverside "
     "Vets? I need Friday off.", "Riverside Vets"),
    ("nl", "Kun je een mailtje schrijven aan mijn baas bij Van Dijk Bouw?", "Van Dijk Bouw"),
])
def test_a_workplace_said_with_a_boss_inside_a_request(lang: str, text: str, org: str) -> None:
    # the request asks for a message; in passing it says where the user works
    assert f"The user works at {org}" in _current(text, lang=lang)


def test_a_request_to_a_colleague_for_something_names_no_workplace() -> None:
    assert not any("works at" in t for t in _current(
        "Can you write to my colleague for the Christmas Party?", lang="en"))


@pytest.mark.parametrize(("lang", "text", "first", "second"), [
    ("de", "Frau Kessler ist total entspannt, und die Fahrt am Rhein entlang ist viel schöner "
     "als der Stau in Mainz-Kastel.", "Kessler", "Mainz-Kastel"),
    ("nl", "Mijn nieuwe baas Ruud is heel relaxed, en de rit langs de Maas is veel mooier dan "
     "de file in Venlo.", "Ruud", "Venlo"),
])
def test_and_with_a_new_subject_after_a_comma_is_a_clause_of_its_own(
        lang: str, text: str, first: str, second: str) -> None:
    # German and Dutch put no comma before the "and" of a list
    from lucidmem.facts.clauses import clauses_of
    texts = [c.text for c in clauses_of(text, default_language=lang)]
    assert any(first in t and second not in t for t in texts), texts
