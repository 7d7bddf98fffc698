"""A new place a person attends replaces the old one of its kind: a child's new school ends
the old school, the user's new studies end the old studies, a new place to volunteer ends the
old one, a child's new class ends the old class, whoever's fact each was read as (the
child's or the user's naming the child). Another child's school, one more place ("now also"),
a school only weighed, or a class stopped by dropping someone off end nothing. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.attended_places import attended_kinds

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)

REPLACED = {
    "en school": ("en", "My son Tom goes to Oakwood Primary School.",
                  "Tom started at Hillside Academy this week, he loves it.", "oakwood"),
    "de school": ("de", "Meine Tochter Lena geht auf die Grundschule am Lindenweg.",
                  "Lena ist jetzt auf der Montessorischule in Pasing, sie ist glücklich.",
                  "lindenweg"),
    "fr school": ("fr", "Ma fille Chloé est à l'école Jules Ferry.",
                  "Depuis la rentrée, Chloé est à l'école Montessori des Lilas.", "ferry"),
    "es school": ("es", "Mi hijo Pablo va al colegio San José.",
                  "Ahora Pablo va al colegio Los Olivos, le encanta.", "san josé"),
    "pt school": ("pt", "Minha filha Ana estuda na escola Pinheiros.",
                  "Agora a Ana estuda na escola Vila Verde, adorou.", "pinheiros"),
    "nl school": ("nl", "Onze zoon Daan zit op basisschool De Regenboog.",
                  "Daan zit nu op de Vrije School in Gent, hij vindt het fijn.", "regenboog"),
    "zh school": ("zh", "我女儿小美在阳光小学上学。", "小美现在转到实验小学了，她很喜欢。", "阳光"),
    "en studies": ("en", "I'm studying law at the University of Leeds.",
                   "Since Monday I'm studying nursing at Leeds Beckett.", "law"),
    "es studies": ("es", "Estudio Derecho en la Complutense.",
                   "Desde septiembre estudio Enfermería en la Universidad de Alcalá.",
                   "complutense"),
    "de studies": ("de", "Ich studiere Jura an der Uni Köln.",
                   "Seit Oktober studiere ich Medizin an der Charité in Berlin.", "jura"),
    "en volunteering": ("en", "I volunteer at the food bank on Saturdays.",
                        "These days I volunteer at the animal shelter instead.", "food bank"),
    "it volunteering": ("it", "Faccio volontariato alla Caritas di Padova.",
                        "Adesso faccio volontariato alla Croce Verde, il sabato.", "caritas"),
    "nl volunteering": ("nl", "Ik doe vrijwilligerswerk in het dierenasiel van Lokeren.",
                        "Nu ben ik vrijwilliger in de bibliotheek van Wetteren.", "lokeren"),
    "de class": ("de", "Mein Sohn Jonas macht einen Schwimmkurs im Hallenbad.",
                 "Jonas macht jetzt einen Töpferkurs in der Volkshochschule.", "schwimmkurs"),
    "zh class": ("zh", "我儿子乐乐每周六上围棋兴趣班。", "乐乐现在改上轮滑兴趣班了，他很喜欢。",
                 "围棋"),
}


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="noor", lang=lang, days=10) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="noor")]


@pytest.mark.parametrize("case", sorted(REPLACED))
def test_a_new_place_ends_the_old_one_of_its_kind(case: str) -> None:
    lang, before, after, old = REPLACED[case]
    facts = _facts(before, after, lang=lang)
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "superseded" and old in t], facts  # kept in history


def test_the_childs_relation_stays() -> None:
    """"My son Tom goes to Oakwood Primary" also says who Tom is; his new school ends only
    the school."""
    facts = _facts(*REPLACED["en school"][1:3], lang="en")
    assert ("active", "the user's son is tom") in facts, facts


KEPT = {
    "another child": ("en", "My son Tom goes to Oakwood Primary School.",
                      "My daughter Mia started at Hillside Academy this week.", "oakwood"),
    "one more place": ("en", "I volunteer at the food bank on Saturdays.",
                       "Now I also volunteer at the animal shelter on Sundays.", "food bank"),
    "only weighed": ("en", "My son Tom goes to Oakwood Primary School.",
                     "We're thinking about moving Tom to Hillside Academy.", "oakwood"),
    "another child, es": ("es", "Mi hijo Pablo va al colegio San José.",
                          "Ahora mi hija Lucía va a la guardería Los Pinos.", "san josé"),
}


@pytest.mark.parametrize("case", sorted(KEPT))
def test_another_person_one_more_place_or_a_plan_ends_nothing(case: str) -> None:
    lang, before, after, old = KEPT[case]
    facts = _facts(before, after, lang=lang)
    assert [t for s, t in facts if s == "active" and old in t], facts


DROPPED_OFF = {
    "es": "acabo de dejar a los niños en el colegio Las Huesas y voy en el bus.",
    "en": "I just dropped the kids off at Oakwood Primary School and I'm on the bus.",
    "it": "Ho appena lasciato i bambini alla scuola Collodi e vado al lavoro.",
}


@pytest.mark.parametrize("lang", sorted(DROPPED_OFF))
def test_dropping_someone_off_stops_nothing(lang: str) -> None:
    """Leaving the children at school is no leaving: the fact it says stays current."""
    facts = _facts(DROPPED_OFF[lang], lang=lang)
    assert facts and all(s == "active" for s, _ in facts), facts


def test_a_laugh_ends_the_words_of_someone_else_in_chinese() -> None:
    """"老师说他坐不住 😂 这学期给他报了游泳班": the teacher's words end at the emoji, and the new
    class after it is the user's to tell."""
    facts = _facts("我们家豆豆的钢琴班不去了，老师说他坐不住 😂 "
                   "这学期给他报了游泳班，每周日上午上课。", lang="zh")
    assert [t for s, t in facts if s == "active" and "游泳" in t], facts


def test_kinds_are_told_by_their_words() -> None:
    assert attended_kinds("Jonas macht jetzt einen Töpferkurs", "de") == (
        {"class"}, "Jonas macht jetzt einen Töpfer")
    assert attended_kinds("me apunté de voluntaria en Cáritas", "es")[0] == {"volunteering"}
    assert attended_kinds("这学期给他报了轮滑兴趣班", "zh")[0] == {"class"}
    assert attended_kinds("I go to work by bus", "en")[0] == set()
