""""Anyway" written as chat writes it ("cmq") opens a clause as "comunque" does, so the person
named after it is who the clause is about; "mainha" and "painho" (north-east Brazil) are the
user's mother and father. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_cmq_before_a_relation_leaves_the_clause_to_the_relation() -> None:
    now = current_facts("cmq mia sorella aspetta un bambino!!", start=_MAY, lang="it", days=1)
    assert [t for t in now if t.startswith("the user's sister") and "bambino" in t], now
    assert not [t for t in now if t.startswith("the user (") and "bambino" in t], now


def test_mainha_is_the_mother() -> None:
    now = current_facts("mainha faz 60 anos daqui a 2 semanas!! quero fazer uma surpresa",
                        start=_MAY, lang="pt", days=1)
    assert [t for t in now if t.startswith("the user's mother") and "60" in t], now
