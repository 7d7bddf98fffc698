"""Habits that shift and homes said by how long the user has been there, in several
languages. Sentences written for these tests.

* A home said as how long the user has been somewhere, in weeks or months ("depuis trois
  semaines qu'on est à Marcory", "da tre settimane siamo a Quartu") is the current home and
  ends the old one; a home said with "près de chez moi" is no thing done "at home".
* A new amount of the same thing said as a change ("nu nog maar één schep", "nur noch eine
  Tasse") ends the old amount; Dutch "nog maar" and "maar twee" are "only", not "but".
* The user's own clause is still read when someone named comments on it after a comma
  ("…, Jonas meint, …"), or when it opens with "stell dir vor," (news, not a supposition).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str, predicate: str | tuple[str, ...]
           ) -> tuple[list[str], list[str]]:
    """(current texts, superseded texts) of ``predicate`` (or any of them) after ``turns``."""
    wanted = (predicate,) if isinstance(predicate, str) else predicate
    with said_a_day_apart(*turns, start=_MARCH, user_id="ana", lang=lang) as memory:
        history = [f for f in memory.facts.history(user_id="ana") if f.predicate in wanted]
        current = [f.text for f in history if str(f.status).endswith("active")]
        ended = [f.text for f in history if str(f.status).endswith("superseded")]
    return current, ended


HOMES = {
    "fr": ("J'habite à Treichville.", "Depuis trois semaines qu'on est à Marcory, tout va mieux.",
           "Marcory", "Treichville"),
    "it": ("Abito a Pirri.", "Da tre settimane siamo a Quartu, i bambini sono contenti.",
           "Quartu", "Pirri"),
    "es": ("Vivo en Triana.", "Hace un mes que estamos en Nervión y me encanta.",
           "Nervión", "Triana"),
    "pt": ("Moro em Benfica.", "Há dois meses que estamos em Almada, adoro.",
           "Almada", "Benfica"),
}


@pytest.mark.parametrize("lang", sorted(HOMES))
def test_weeks_or_months_in_a_place_is_the_new_home(lang: str) -> None:
    before, after, new, old = HOMES[lang]
    current, ended = _facts(before, after, lang=lang, predicate="lives_in")
    assert len(current) == 1 and new in current[0], (current, ended)
    assert any(old in t for t in ended), (current, ended)


def test_a_home_near_which_the_user_walks_has_no_at_home_context() -> None:
    current, ended = _facts("Pour le moment je cours juste le matin dans le parc près de chez "
                            "moi à Abobo.", "Depuis trois mois qu'on est à Bingerville.",
                            lang="fr", predicate="lives_in")
    assert len(current) == 1 and "Bingerville" in current[0], (current, ended)
    assert any("Abobo" in t for t in ended), (current, ended)


AMOUNTS = {
    "nl": ("Ik drink mijn koffie met twee scheppen suiker.",
           "Mijn dokter zegt dat het te veel is, dus nu nog maar één schep in de koffie.",
           "één schep"),
    "de": ("Ich trinke jeden Tag drei Tassen Kaffee.",
           "Inzwischen trinke ich nur noch eine Tasse Kaffee am Tag.", "eine Tasse"),
    "fr": ("Je mets trois sucres dans mon café.", "Maintenant je mets un sucre seulement.",
           "un sucre"),
    "en": ("I drink four coffees a day.", "These days I only have two coffees a day.",
           "two coffees"),
}


@pytest.mark.parametrize("lang", sorted(AMOUNTS))
def test_a_new_amount_of_the_same_thing_ends_the_old_one(lang: str) -> None:
    before, after, new = AMOUNTS[lang]
    # "je mets un sucre seulement" is as much the diet as the drink: either kind, the new
    # amount is the one current and the old one ends
    current, ended = _facts(before, after, lang=lang, predicate=("drinks", "diet"))
    assert len(current) == 1 and new in current[0], (current, ended)
    assert len(ended) == 1, (current, ended)


def test_another_thing_counted_leaves_the_old_amount() -> None:
    current, _ = _facts("I drink two beers on Fridays.", "Now I have three coffees a day.",
                        lang="en", predicate="drinks")
    assert len(current) == 2, current


def test_dutch_nog_maar_is_only_not_but() -> None:
    texts = [c.text for c in clauses_of("Ik eet nu nog maar twee boterhammen.",
                                        default_language="nl")]
    assert texts == ["Ik eet nu nog maar twee boterhammen."], texts
    texts = [c.text for c in clauses_of("Ik wil wel, maar ik kan niet.", default_language="nl")]
    assert len(texts) == 2, texts


OWN_CLAUSE = {
    "de": ("Unter der Woche trink ich inzwischen nur noch Wasser, Jonas meint, ich "
           "schlaf seitdem besser.", "Wasser"),
    "en": ("These days I only drink water, Tom says I look better.", "water"),
    "fr": ("Maintenant je bois seulement de l'eau, Paul dit que j'ai meilleure mine.", "eau"),
}


@pytest.mark.parametrize("lang", sorted(OWN_CLAUSE))
def test_the_users_clause_before_someones_comment_is_read(lang: str) -> None:
    said, value = OWN_CLAUSE[lang]
    current, _ = _facts(said, lang=lang, predicate="drinks")
    assert any(value in t for t in current), current


@pytest.mark.parametrize(("lang", "said"), [
    ("de", "Und stell dir vor, seit Januar trink ich gar keinen Kaffee mehr."),
    ("nl", "Stel je voor, sinds januari drink ik helemaal geen koffie meer."),
])
def test_news_opened_with_imagine_is_no_supposition(lang: str, said: str) -> None:
    first = clauses_of(said, default_language=lang)[0]
    assert not first.cues.hypothetical, first


def test_a_supposition_after_imagine_stays_one() -> None:
    cues = [c.cues.hypothetical for c in clauses_of("Stell dir vor, ich wäre Millionär.",
                                                      default_language="de")]
    assert any(cues), cues
