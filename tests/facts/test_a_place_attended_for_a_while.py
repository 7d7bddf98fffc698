"""A place a person attends (a school, a class, where one volunteers), named with how long
they have gone there so far, is the one attended now and ends the other of its kind: "Mia's
first month at Riverside Academy went well" ends "Mia goes to Oakfield Primary", in every
language, as "now" does (tests/facts/test_a_new_school_or_course.py). Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 8, 0, tzinfo=UTC)

ATTENDED_FOR_A_WHILE = [
    ("en", "I volunteer at the food bank on Saturdays.",
     "Two months at the animal shelter as a volunteer and I love the dogs.", "food bank"),
    ("en", "My daughter Mia goes to Oakfield Primary School.",
     "Mia's first month at Riverside Academy went really well.", "oakfield"),
    ("de", "Ich helfe ehrenamtlich bei der Caritas in Giesing.",
     "Schon drei Wochen ehrenamtlich bei der Tafel in Haidhausen, das macht Spaß.", "caritas"),
    ("de", "Mein Sohn Ben macht einen Schwimmkurs im Nordbad.",
     "Ben macht schon zwei Wochen einen Töpferkurs, er liebt es.", "schwimmkurs"),
    ("fr", "Mon fils Hugo est à l'école Jules Ferry.",
     "Ça fait trois semaines que Hugo est à l'école Montessori des Tilleuls.", "ferry"),
    ("fr", "Je suis bénévole aux Restos du Cœur le mardi.",
     "Ça fait deux mois que je suis bénévole à la SPA de Lyon, j'adore.", "restos"),
    ("es", "Mi hija Lucía va al colegio San Fermín.",
     "Lucía lleva dos meses en el colegio Las Encinas y está feliz.", "san fermín"),
    ("es", "Hago voluntariado en el comedor social de Triana.",
     "Llevo tres semanas de voluntaria en la protectora de Dos Hermanas.", "triana"),
    ("it", "Faccio volontariato alla mensa dei poveri di Verona.",
     "Da due mesi faccio volontariato al canile di San Bonifacio.", "mensa"),
    ("it", "Mio figlio Luca frequenta la scuola Manzoni.",
     "Luca è alla scuola Pascoli da tre settimane e si trova benissimo.", "manzoni"),
    ("pt", "Minha filha Bia estuda na escola Pinheiros.",
     "Faz um mês que a Bia estuda na escola Vila Verde, ela adora.", "pinheiros"),
    ("pt", "Sou voluntária no abrigo de animais de Niterói.",
     "Há dois meses sou voluntária no hospital do câncer, é muito bonito.", "abrigo"),
    ("nl", "Onze dochter Fien zit op basisschool De Linde.",
     "Fien zit al drie weken op de Montessorischool in Hasselt, ze is blij.", "de linde"),
    ("nl", "Ik doe vrijwilligerswerk bij de voedselbank in Leuven.",
     "Al twee maanden vrijwilliger in het dierenasiel van Heverlee, heerlijk.", "voedselbank"),
    ("zh", "我儿子小宝每周六上围棋兴趣班。", "小宝上轮滑兴趣班一个多月了，很开心。", "围棋"),
    ("zh", "我在社区图书馆当志愿者。", "在动物救助站当志愿者两个月了，很有意思。", "图书馆"),
]


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MAY, user_id="ines", lang=lang, days=30) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="ines")]


@pytest.mark.parametrize(("lang", "before", "after", "old"), ATTENDED_FOR_A_WHILE,
                         ids=[f"{c[0]}-{c[3]}" for c in ATTENDED_FOR_A_WHILE])
def test_a_place_attended_for_a_while_ends_the_other_of_its_kind(lang: str, before: str,
                                                                after: str, old: str) -> None:
    facts = _facts(before, after, lang=lang)
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "superseded" and old in t], facts


def test_one_more_class_for_a_while_ends_nothing() -> None:
    facts = _facts("Mein Sohn Ben macht einen Schwimmkurs im Nordbad.",
                   "Ben macht seit zwei Wochen auch einen Töpferkurs.", lang="de")
    assert [t for s, t in facts if s == "active" and "schwimmkurs" in t], facts
