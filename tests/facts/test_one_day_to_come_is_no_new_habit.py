"""What the user eats or does at work on one day to come is an appointment, not a new diet or
a work fact that a new job ends ("mañana viene mi tía a comer y quiero q vea q sin carne tb se
come bien" leaves "soy vegetariana" alone; "a defesa do meu tcc é quinta da semana q vem"
stays the day of the defence after a new job). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import current_facts, said_a_day_apart

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_a_meal_to_come_leaves_the_diet_alone() -> None:
    now = current_facts("ya no como carne, soy vegetariana del todo",
                        "oye mañana viene mi tía a comer y quiero q vea q sin carne tb se come "
                        "bien",
                        start=_MAY, lang="es", days=10)
    assert [t for t in now if "vegetariana" in t], now


def test_a_defence_to_come_is_an_event_a_new_job_does_not_end() -> None:
    with said_a_day_apart("trabalho de caixa numa farmácia no centro",
                          "e a defesa do meu tcc é quinta da semana q vem, to nervosa",
                          "primeira semana na Jaguar Labs terminada!!", start=_MAY, user_id="u",
                          lang="pt", days=10) as memory:
        facts = memory.facts.list(user_id="u")
    defence = [f for f in facts if "tcc" in f.text]
    assert defence and defence[0].predicate == "event", [(f.predicate, f.text) for f in facts]
