"""A person named in a request or a question ("Mi scrivi un bigliettino per Marta?") is who
the next clause without a subject is about ("Ha preso la promozione in farmacia"), also when
the user writes names in small letters and named that person before; the user's relation to
someone is read with the article chat puts before the name ("mi novia la lupe"), and a name
that ends the piece before its relation ("oye, la lupe, mi novia, …") keeps it. A word that
ends as a verb of the past after a relation is no name ("minha tia desmaiou, …"), and "he"
after a woman is the man named before her.

The next clause was taken for someone else's news and dropped, the relation named no one,
and the verb was taken for the aunt's name. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 2, 7, 11, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_DAY, user_id="q", lang=lang, days=20) as memory:
        return [(f.subject, f.text) for f in memory.facts.list(user_id="q")]


@pytest.mark.parametrize("turns", [
    ("Mia cugina Marta lavora in farmacia.",
     "Mi scrivi un bigliettino per Marta? Ha preso la promozione, da aprile è la titolare."),
    ("mia cugina marta lavora in farmacia",
     "mi scrivi un bigliettino x marta? ha preso la promozione, da aprile è la titolare"),
])
def test_the_clause_after_the_question_is_hers(turns: tuple[str, ...]) -> None:
    facts = _facts(*turns, lang="it")
    assert any(s == "Marta" and "titolare" in t for s, t in facts), facts


def test_the_article_before_a_name_in_chat() -> None:
    facts = _facts("oye mi novia la lupe estudia derecho en la unam y anda estresada", lang="es")
    assert any(s == "Lupe" and "derecho" in t for s, t in facts), facts


def test_a_name_before_its_relation_after_a_lead() -> None:
    facts = _facts("amiga me ajuda aqui, o Renan, meu irmão, passou no concurso da polícia",
                   lang="pt")
    assert any(s == "Renan" and "concurso" in t for s, t in facts), facts


def test_a_past_verb_is_no_name_and_he_is_the_man() -> None:
    facts = _facts("o caio, meu primo, vai morar em lisboa e minha tia desmaiou, o q eu digo?",
                   "ele é barbeiro aqui no bairro", lang="pt")
    assert not any("Desmaiou" in s or "Desmaiou" in t for s, t in facts), facts
    assert any(s == "Caio" and "barbeiro" in t for s, t in facts), facts
