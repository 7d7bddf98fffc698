"""Spanish, Italian and Portuguese leave "she" / "he" out: "fui al cine con Lucía, es mi
prima" says what "…, ella es mi prima" says, and the relation goes to the person named last,
in the same turn or the one before. Not when no one was named, nor to someone who already
holds another relation; a clause with its own subject ("Lucía es mi prima") is read as
before. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of
from lucidmem.facts.people import pronoun_relation

from .conftest import said_a_day_apart

_JUNE = datetime(2026, 6, 8, 18, 0, tzinfo=UTC)


def _relations(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_JUNE, user_id="noa", lang=lang) as memory:
        return sorted(f"{f.predicate} {f.object}" for f in memory.facts.list(user_id="noa")
                      if f.predicate.startswith("has_"))


@pytest.mark.parametrize(("turns", "lang", "expected"), [
    (("el sábado fui al cine con Lucía, es mi prima",), "es", "has_cousin Lucía"),
    (("ayer cené con Andrés, era mi jefe",), "es", "has_boss Andrés"),
    (("stasera vado al concerto con Giulia, è mia cugina",), "it", "has_cousin Giulia"),
    (("domenica ho giocato a tennis con Marco, è il mio migliore amico",), "it",
     "has_best_friend Marco"),
    (("fui ao teatro com a Beatriz, é minha prima",), "pt", "has_cousin Beatriz"),
    (("passei o domingo com o Tiago, é o meu irmão",), "pt", "has_brother Tiago"),
    (("la semana que viene llega Lucía de Sevilla", "es mi prima"), "es", "has_cousin Lucía"),
    (("domani arriva Giulia da Torino", "è la mia cugina"), "it", "has_cousin Giulia"),
    (("amanhã chega a Beatriz de Lisboa", "é a minha prima"), "pt", "has_cousin Beatriz"),
])
def test_the_relation_goes_to_the_person_named_last(turns: tuple[str, ...], lang: str,
                                                     expected: str) -> None:
    assert _relations(*turns, lang=lang) == [expected]


@pytest.mark.parametrize(("turns", "lang"), [
    (("ayer fui al cine", "es mi prima"), "es"),
    (("es mi prima",), "es"),
    (("oggi sono andato al mare, è mia cugina",), "it"),
    (("fui ao mercado", "é minha prima"), "pt"),
])
def test_no_relation_when_no_one_was_named(turns: tuple[str, ...], lang: str) -> None:
    assert _relations(*turns, lang=lang) == []


@pytest.mark.parametrize(("turns", "lang", "expected"), [
    (("mi hermano Pablo vino a cenar, es mi compañero de piso",), "es", "has_brother Pablo"),
    (("mia sorella Chiara è passata ieri", "è mia collega"), "it", "has_sister Chiara"),
    (("o meu pai Rui ligou hoje", "é o meu chefe"), "pt", "has_father Rui"),
])
def test_who_holds_another_relation_keeps_it(turns: tuple[str, ...], lang: str,
                                             expected: str) -> None:
    assert _relations(*turns, lang=lang) == [expected]


@pytest.mark.parametrize(("turns", "lang", "expected"), [
    (("Lucía es mi prima",), "es", "has_cousin Lucía"),
    (("Giulia è mia cugina",), "it", "has_cousin Giulia"),
    (("a Beatriz é minha prima",), "pt", "has_cousin Beatriz"),
    (("ieri ho visto Marco", "Giulia è mia cugina"), "it", "has_cousin Giulia"),
])
def test_a_clause_with_its_own_subject_is_read_as_before(turns: tuple[str, ...], lang: str,
                                                         expected: str) -> None:
    assert _relations(*turns, lang=lang) == [expected]


@pytest.mark.parametrize(("text", "lang", "cut"), [
    ("fui al cine con Lucía, es mi prima", "es", True),
    ("ho pranzato con Giulia, è la mia cugina", "it", True),
    ("voy al gimnasio con Lucía, es mi momento favorito del día", "es", False),
    ("ho finito il libro, è il mio preferito", "it", False),
])
def test_only_a_relation_after_the_copula_cuts_the_clause(text: str, lang: str,
                                                          cut: bool) -> None:
    assert len(clauses_of(text, language_hint=lang)) == (2 if cut else 1)


@pytest.mark.parametrize(("text", "lang", "relation"), [
    ("es mi prima", "es", "cousin"),
    ("Es ahora mi novia", "es", "girlfriend"),
    ("è la mia migliore amica", "it", "best friend"),
    ("é o meu irmão", "pt", "brother"),
    ("Lucía es mi prima", "es", None),
    ("is my sister", "en", None),
    ("ist meine Schwester", "de", None),
])
def test_pronoun_relation_reads_the_copula_alone(text: str, lang: str,
                                                 relation: str | None) -> None:
    assert pronoun_relation(text, lang) == relation
