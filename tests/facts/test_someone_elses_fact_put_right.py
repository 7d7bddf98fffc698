"""Someone else's fact put right in two clauses: "Small correction: Priya doesn't work at
Deloitte, she's at KPMG". The first clause only sets the wrong value aside: it is no fact of
its own (it had been stored as the user's employer, "The user (employer): Small correction,
…", or as "Felix arbeitet"); its wrong value goes to the next clause, which puts the held fact
right, still the person's. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

CASES = {
    "en": ("My colleague Priya works at Deloitte.",
           "Small correction: Priya doesn't work at Deloitte, she's at KPMG.", "Priya",
           "deloitte", "kpmg"),
    "de": ("Mein Bruder Felix arbeitet bei Siemens.",
           "Kleine Korrektur: Felix arbeitet nicht bei Siemens, er ist bei Bosch.", "Felix",
           "siemens", "bosch"),
    "fr": ("Mon ami Paul travaille chez Renault.",
           "Petite correction : Paul ne travaille pas chez Renault, il est chez Peugeot.",
           "Paul", "renault", "peugeot"),
    "es": ("Mi amiga Carla trabaja en Telefónica.",
           "Pequeña corrección: Carla no trabaja en Telefónica, está en Iberdrola.", "Carla",
           "telefónica", "iberdrola"),
    "it": ("Il mio amico Marco lavora alla Fiat.",
           "Piccola correzione: Marco non lavora alla Fiat, è alla Ferrari.", "Marco", "fiat",
           "ferrari"),
    "pt": ("A minha amiga Ana trabalha na Sonae.",
           "Pequena correção: a Ana não trabalha na Sonae, está na Galp.", "Ana", "sonae",
           "galp"),
    "nl": ("Mijn buurman Koen werkt bij Philips.",
           "Kleine correctie: Koen werkt niet bij Philips, hij zit bij ASML.", "Koen",
           "philips", "asml"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_persons_fact_is_put_right(lang: str) -> None:
    first, fix, person, wrong, right = CASES[lang]
    with said_a_day_apart(first, fix, start=_DAY, user_id=lang, lang=lang) as memory:
        current = memory.facts.list(user_id=lang)
        fixed = [f for f in current if right in f.text.casefold()]
        assert fixed and all(f.subject == person for f in fixed), \
            [(f.text, f.subject) for f in current]
        assert not any(wrong in f.text.casefold() for f in current), [f.text for f in current]
        assert not any(f.subject == "user" and person in f.text
                       and not f.text.endswith(person) for f in current), \
            [f.text for f in current]  # no fact of the user's but who the person is
        gone = [f for f in memory.facts.history(user_id=lang) if wrong in f.text.casefold()]
        assert gone and all(f.status is Status.RETRACTED for f in gone)
