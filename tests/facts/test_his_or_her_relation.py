"""A relation said with "his" / "her" ("his fiancée Priya") is of the person named last, in
the clause or before it, not the user's; a relation named before an "if" is no supposition
("my sister Ana will be mad if I don't call"). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 19, 0, tzinfo=UTC)


def _relations(*turns: str, lang: str = "en") -> list[str]:
    with said_a_day_apart(*turns, start=_MAY, user_id="kai", lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="kai")
                if f.predicate.startswith("has_")]


@pytest.mark.parametrize(("turns", "lang", "owner", "name"), [
    (("My best mate Jonah is getting married in June.",
      "His fiancée Priya would kill me if I told anyone about the stag weekend."),
     "en", "Jonah", "Priya"),
    (("my friend Sven just got engaged to his girlfriend Maja!",), "en", "Sven", "Maja"),
    (("Mein Kollege Jonas ist umgezogen, seine Frau Lena hat in Hamburg einen Job.",),
     "de", "Jonas", "Lena"),
    (("Mon ami Hugo déménage, sa copine Inès a trouvé un poste à Lyon.",), "fr", "Hugo",
     "Inès"),
])
def test_his_or_her_relation_is_of_the_person_named(turns: tuple[str, ...], lang: str,
                                                     owner: str, name: str) -> None:
    facts = _relations(*turns, lang=lang)
    about = [text for text in facts if name in text and "is" in text.split()]
    assert about and all(text.startswith(f"{owner}'s ") for text in about), facts
    assert not any(text.startswith("The user's") and name in text for text in facts), facts


def test_his_relation_with_no_one_named_is_left_out() -> None:
    assert _relations("his wife Carla runs the bakery downstairs") == []


def test_a_relation_named_before_an_if_is_kept() -> None:
    facts = _relations("my sister Ana will be mad if I don't call her tonight")
    assert any(text.startswith("The user's sister") and "Ana" in text for text in facts), facts
    assert _relations("if I ever had a sister called Ana I'd teach her chess") == []


@pytest.mark.parametrize(("turns", "lang", "name"), [
    (("Went hiking with Tom this weekend.", "we've been together since June, he's great"),
     "en", "Tom"),
    (("Ce week-end, rando avec Camille dans le Vercors.",
      "on est ensemble depuis mars, c'est sérieux"), "fr", "Camille"),
    (("Fui al cine con Lucía el sábado.", "somos novios desde enero, me encanta"), "es",
     "Lucía"),
])
def test_together_with_the_person_named_is_a_partner(turns: tuple[str, ...], lang: str,
                                                     name: str) -> None:
    facts = _relations(*turns, lang=lang)
    assert any(text.startswith("The user's partner is " + name) for text in facts), facts


def test_together_is_never_a_partner_of_a_relative_or_a_job() -> None:
    """"We're together all day" said of a colleague makes no partner, and "wir sind seit
    Juli zusammen" with no one named is no employer or home."""
    assert not any("partner" in text for text in _relations(
        "My colleague Priya helped me move.", "we're together all day at work anyway"))
    clock = ManualClock(_MAY)
    memory = Memory(":memory:", clock=clock)
    try:
        memory.add([{"role": "user", "content": "haha, wir sind seit Juli zusammen",
                     "timestamp": _MAY.isoformat()}], user_id="kai")
        assert memory.facts.list(user_id="kai") == []
    finally:
        memory.close()


def test_a_weekday_opening_a_clause_is_no_one() -> None:
    clock = ManualClock(_MAY)
    memory = Memory(":memory:", clock=clock)
    try:
        memory.add([{"role": "user", "content": "Sabato gita al lago con Giulia.",
                     "timestamp": _MAY.isoformat()}], user_id="kai",
                   metadata={"language": "it"})
        subjects = {f.subject for f in memory.facts.list(user_id="kai")}
    finally:
        memory.close()
    assert "Sabato" not in subjects, subjects


@pytest.mark.parametrize(("turns", "lang", "expected"), [
    # the person named before it in the clause, not the one named last in the conversation
    (("my husband Omar is taking the kids camping",
      "his cousin Bea is coming round later",
      "we're having Omar's parents for lunch tomorrow, his mum Leila makes the best tagine",
      "Bea's dropping off her daughter Nour on the way"),
     # (the husband's mother is the user's mother-in-law, read through him: KINSHIP)
     "en", {"Omar's cousin is Bea", "The user's mother-in-law is Leila (Omar's mother)",
            "Bea's daughter is Nour"}),
    # "his" is not the sister named last: the one man known is
    (("my boyfriend Rafa is cooking tonight", "my sister Ines came over too",
      "his brother Tiago moves to Porto next month"),
     "en", {"Rafa's brother is Tiago"}),
    (("Meine Freundin Jule hat morgen Geburtstag", "ihr Bruder Malte kommt auch",
      "Malte bringt seine Tochter Ida mit"),
     "de", {"Jule's brother (Bruder) is Malte", "Malte's daughter (Tochter) is Ida"}),
    (("mijn vriend Bram is jarig", "zijn zus Noor komt ook",
      "Noor neemt haar zoon Siem mee"),
     "nl", {"Bram's sister (zus) is Noor", "Noor's son (zoon) is Siem"}),
])
def test_a_his_or_her_relation_goes_to_the_person_it_fits(
        turns: tuple[str, ...], lang: str, expected: set[str]) -> None:
    relations = _relations(*turns, lang=lang)
    assert expected <= set(relations), relations


def test_his_with_no_man_known_names_no_owner() -> None:
    """The sister named last cannot be "his" and no man is known: no owner is guessed."""
    relations = _relations("my friend Sam is cooking tonight", "my sister Ines came over too",
                           "his brother Tiago moves to Porto next month")
    assert not any("Tiago" in r for r in relations), relations
