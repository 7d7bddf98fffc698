"""Couples, breakups and mistakes as people say them in chat:

- "Wout en ik zijn sinds mei samen", "Lukas und ich sind seit April zusammen": a couple,
  with the month between;
- Flemish "mijn lief" is the partner, and "Jens en ik zijn trouwens uit elkaar" a breakup;
- Roman "io e ale se semo lasciati" is a breakup, "so 3 settimane che sto co giacomo" a new
  partner named in lowercase, and the name the user introduced themself by is never the
  one they are with;
- "t avevo detto che sta a montefiascone ma no, sta a marta": what was told, called wrong;
- "months ago I told you he's a lifeguard. No idea why I said that! He's a surf
  instructor": the next sentence wondering why calls it wrong, and the right job held from
  the start;
- "je t'avais dit qu'il était à la sonatrach, c faux: c'était sonelgaz": chat "c faux"
  calls it wrong, and the right value after the colon is read;
- "mi hermano Rodrigo se casa con Fabiola": Fabiola is the user's sister-in-law to be.

Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import history_facts

_DAY = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=40)


def _active(facts: list[tuple[str, str, str]]) -> list[str]:
    return [t for st, s, t in facts if st == "active"]


def test_a_couple_since_a_month_said_between() -> None:
    assert any(t.startswith("The user's partner is Wout") for t in _active(_facts(
        "Wout en ik zijn sinds mei samen, en ik wil hem verrassen met een picknick.",
        lang="nl")))
    assert any(t.startswith("The user's partner is Lukas") for t in _active(_facts(
        "Lukas und ich sind seit April zusammen.", lang="de")))


def test_mijn_lief_is_the_partner_and_uit_elkaar_ends_it() -> None:
    facts = _facts("Mijn lief Jens zegt altijd dat ik meer in die sporthal zit dan bij hem.",
                   "Jens en ik zijn trouwens uit elkaar, al sinds de krokusvakantie.",
                   "Wout en ik zijn sinds mei samen.", lang="nl")
    assert any(st == "superseded" and "partner (lief) is Jens" in t for st, s, t in facts), facts
    assert any(t.startswith("The user's partner is Wout") for t in _active(facts)), facts
    assert not any("Jens" in t and "partner" in t for t in _active(facts)), facts


def test_roman_chat_breakup_and_the_next_one_in_lowercase() -> None:
    facts = _facts("ao ciao so sara de viterbo, me scrivi un msg x il mio ragazzo ale x san "
                   "valentino? stiamo insieme da 3 anni",
                   "io e ale se semo lasciati, mejo così fidate",
                   "so 3 settimane che sto co giacomo!! fa er facchino de santa rosa",
                   lang="it")
    assert any(t == "The user broke up with Ale" for st, s, t in facts), facts
    assert "The user's partner is Giacomo" in _active(facts), facts
    assert not any("partner is Sara" in t for st, s, t in facts), facts


def test_told_then_but_no_takes_the_old_place_back() -> None:
    facts = _facts("mia nonna sta a montefiascone e domani je porto le frittelle",
                   "ah e t avevo detto che sta a montefiascone ma no, sta a marta, sempre sul "
                   "lago de bolsena", lang="it")
    assert not any("montefiascone" in t for t in _active(facts)), facts
    assert any("marta" in t for t in _active(facts)), facts


def test_wondering_why_in_the_next_sentence_calls_it_wrong() -> None:
    facts = _facts("He's my partner, Owain, he's a lifeguard at Caswell Bay.",
                   "And I have to correct something: months ago I told you he's a lifeguard "
                   "at Caswell. No idea why I said that! He's a surf instructor.", lang="en")
    assert any(st == "retracted" and "lifeguard" in t for st, s, t in facts), facts
    assert any(st == "active" and s == "Owain" and "surf instructor" in t
               for st, s, t in facts), facts
    assert not any(s == "No" for st, s, t in facts), facts


def test_c_faux_calls_what_was_told_wrong_and_the_right_value_is_read() -> None:
    facts = _facts("mon père vient de prendre sa retraite de la sonatrach après 35 ans",
                   "et au fait je t'avais dit qu'il était à la sonatrach, c faux: c'était "
                   "sonelgaz, 35 ans à sonelgaz, je confonds tjrs les deux mdr", lang="fr")
    assert not any("sonatrach" in t for t in _active(facts)), facts
    assert any("sonelgaz" in t for t in _active(facts)), facts


def test_he_after_forgetting_a_person_and_a_town_is_the_person() -> None:
    facts = _facts("Arne has been out plowing since 4 am, the city puts every driver on the "
                   "trucks.",
                   "Also, news: Arne is taking a job at the ore docks in Two Harbors, he starts "
                   "in May.",
                   "Forget what I told you about Arne and the job in Two Harbors. He turned it "
                   "down in the end and is staying with the city.", lang="en")
    assert not any("Two Harbors" in t for t in _active(facts)), facts
    assert any(s == "Arne" and "staying with the city" in t for st, s, t in facts), facts
    assert not any(s == "Harbors" for st, s, t in facts), facts


def test_said_to_you_with_the_pronoun_after_the_verb_and_put_right() -> None:
    facts = _facts("A minha mulher, a Sónia, é farmacêutica em Mangualde.",
                   "E corrijo uma coisa: em março disse-lhe que a Sónia trabalhava em "
                   "Mangualde, mas enganei-me. A farmácia é em Nelas, sempre foi.", lang="pt")
    assert not any("Mangualde" in t for t in _active(facts)), facts
    assert any(s == "Sónia" and "Nelas" in t for st, s, t in facts if st == "active"), facts


@pytest.mark.parametrize(("lang", "said", "fact"), [
    ("es", "mi hermano Rodrigo se casa con Fabiola el sábado 21 de junio.",
     "The user's sister-in-law is Fabiola (Rodrigo's fiancée)"),
    ("de", "Stell dir vor: Mein Bruder Hias heiratet seine Sabine, und ich bin Trauzeugin!",
     "The user's sister-in-law is Sabine (Hias's fiancée)"),
    ("en", "My daughter Ellie is marrying Tom in June.",
     "The user's son-in-law is Tom (Ellie's fiancé)"),
])
def test_a_relative_marrying_someone_names_an_in_law(lang: str, said: str, fact: str) -> None:
    assert any(t == fact for st, s, t in _facts(said, lang=lang)), _facts(said, lang=lang)


def test_a_correction_that_says_more_than_a_name_stands_as_said() -> None:
    facts = _facts("O meu filho Tomás joga futebol no Vitória, nos infantis.",
                   "Aliás, disse-lhe há uns meses que ele jogava futebol no Vitória, mas "
                   "enganei-me: o Tomás joga andebol no Xico Andebol, desde os oito anos.",
                   lang="pt")
    assert not any("futebol" in t for t in _active(facts)), facts
    assert any("andebol no Xico Andebol" in t for t in _active(facts)), facts
