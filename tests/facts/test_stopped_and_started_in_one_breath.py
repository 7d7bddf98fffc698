"""What the user stopped and what replaced it, said in one breath, and corrections that close
with their words of correction.

"J'ai arrêté le yoga" is stopping, not an arrest (the fact is no secret); "Cancelled PureGym,
I've joined …", "…, die S-Bahn brauch ich nicht mehr", "Ho smesso con il calcetto, adesso …":
the new state holds and the old one ends; a first week at a kind of workplace ("na clínica
veterinária", "bij de bibliotheek") is a new job; "il nuovo medico di base è il dottor Galli";
"…, Tobias ist Geschichte" beside a new partner, but "Die AOK ist Geschichte" is no breakup;
"…, errei", "me mezclé", "mi confondo sempre", "ik vergis me" put a value right. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of
from lucidmem.facts.privacy import assess_privacy

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _current(*turns: str, lang: str, days: int = 30, start: datetime = _MONDAY) -> list[str]:
    with said_a_day_apart(*turns, start=start, user_id="u", lang=lang, days=days) as memory:
        return [f.text.casefold() for f in memory.facts.list(user_id="u")]


def test_stopping_in_french_is_no_arrest() -> None:
    assert assess_privacy("J'ai arrêté le tennis le mois dernier").level != "secret"
    assert assess_privacy("Mon frère a été arrêté à la frontière").level == "secret"


@pytest.mark.parametrize(("lang", "before", "after", "new", "old"), [
    ("fr", "Le mardi je fais de la zumba à la salle des fêtes.",
     "J'ai arrêté la zumba, maintenant le mardi c'est aquagym.", "aquagym", "zumba"),
    ("en", "I do boxing at Titan Gym on Mondays.",
     "Cancelled Titan Gym, I've joined the rowing club in Putney instead.", "rowing", "titan"),
    ("de", "Ich fahre jeden Tag mit dem Bus zur Uni.",
     "Seit dem Umzug fahre ich mit dem Rad zur Uni, den Bus brauch ich nicht mehr.",
     "rad", "bus zur"),
    ("it", "Il giovedì gioco a bocce con gli amici.",
     "Ho smesso con le bocce, adesso il giovedì faccio tai chi.", "tai chi", "bocce"),
    ("pt", "Vou de metrô pro escritório.",
     "Agora vou de patinete pro escritório, larguei o metrô de vez.", "patinete", "metrô"),
])
def test_what_stopped_and_what_replaced_it_in_one_breath(lang: str, before: str, after: str,
                                                         new: str, old: str) -> None:
    current = _current(before, after, lang=lang)
    assert any(new in t for t in current), current
    assert not any(old in t for t in current), current


@pytest.mark.parametrize(("lang", "before", "after", "new", "old"), [
    ("pt", "Trabalho como garçonete num bar em Ipanema.",
     "Primeira semana na clínica veterinária, tô amando.", "clínica", "ipanema"),
    ("nl", "Ik werk als vakkenvuller bij de Albert Heijn.",
     "Mijn eerste week bij de bibliotheek zit erop, heerlijk rustig.", "bibliotheek", "albert"),
])
def test_a_first_week_at_a_kind_of_workplace_is_a_new_job(lang: str, before: str, after: str,
                                                          new: str, old: str) -> None:
    current = _current(before, after, lang=lang)
    assert any(new in t for t in current), current
    assert not any(old in t for t in current), current


def test_the_new_role_holder_said_with_is() -> None:
    current = _current("Il mio medico di base è il dottor Rinaldi.",
                       "Rinaldi è andato in pensione, il nuovo medico di base è la dottoressa "
                       "Conti.", lang="it")
    assert any(t.endswith("is conti") for t in current), current
    assert not any("rinaldi" in t for t in current), current


@pytest.mark.parametrize(("lang", "before", "after", "partner", "old"), [
    ("de", "Mein Freund Lukas kocht gern.",
     "Seit drei Wochen bin ich mit Mara zusammen, Lukas ist Geschichte.", "mara", "lukas"),
    ("en", "My boyfriend Ollie loves hiking.",
     "I've been seeing Priya for a month now, Ollie is history.", "priya", "ollie"),
])
def test_a_new_partner_and_the_old_one_over_in_one_breath(lang: str, before: str, after: str,
                                                          partner: str, old: str) -> None:
    current = _current(before, after, lang=lang)
    assert any(f"partner is {partner}" in t for t in current), current
    assert not any(old in t for t in current), current


def test_something_that_is_history_is_no_breakup() -> None:
    current = _current("Mein Freund Lukas kocht gern.", "Die alte Wohnung ist Geschichte.",
                       lang="de")
    assert any("lukas" in t for t in current), current
    assert not any("broke up" in t for t in current), current


@pytest.mark.parametrize(("lang", "said", "put_right", "right", "wrong"), [
    ("pt", "A formatura da minha sobrinha é dia 5 de dezembro.",
     "não pera, é dia 12 de dezembro a formatura, errei", "12 december", "5 december"),
    ("es", "Mi hija Sofía juega al vóley en el club Sarmiento.",
     "no no, Sofía juega en el club Independiente, me mezclé", "independiente", "sarmiento"),
    ("it", "mia figlia anna fa danza il lunedì",
     "ah no, anna fa ginnastica ritmica, non danza, mi confondo sempre", "ginnastica", "danza"),
    ("nl", "Mijn broer Stef woont in Breda.",
     "Oeps, ik vergis me, Stef woont in Tilburg, niet in Breda.", "tilburg", "breda"),
    ("nl", "Kun je een kaartje schrijven voor mijn tante Riet? Ze woont in Zwolle en wordt 80.",
     "Foutje, tante Riet woont in Kampen, niet in Zwolle.", "kampen", "zwolle"),
])
def test_a_correction_that_closes_with_its_words(lang: str, said: str, put_right: str,
                                                 right: str, wrong: str) -> None:
    current = _current(said, put_right, lang=lang, days=3)
    assert any(right in t for t in current), current
    assert not any(wrong in t for t in current), current


def test_a_short_italian_chat_clause_is_italian() -> None:
    clause = clauses_of("ah no, luca fa pallanuoto, non nuoto, mi confondo sempre")[0]
    assert clause.language == "it"


def test_a_month_gone_by_stays_past_beside_a_present_part() -> None:
    april = datetime(2025, 4, 20, 10, 0, tzinfo=UTC)
    with said_a_day_apart("compramos a bicicleta em março e ainda não me habituei",
                          start=april, user_id="u", lang="pt") as memory:
        facts = memory.facts.list(user_id="u")
    assert facts and all(str(f.valid_from)[:7] != "2026-03" for f in facts), facts


def test_stopping_since_a_month_ends_nothing_else_said_since_then() -> None:
    current = _current("Ich bin seit Januar bei der Barmer.",
                       "Und seit Januar trink ich gar keinen Alkohol mehr.", lang="de")
    assert any("barmer" in t for t in current), current
