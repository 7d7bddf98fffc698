""""Forget the thing about Gianni's restaurant in Sirmione" takes back the fact that says most
of its topic (his own restaurant in Sirmione), not every fact that shares one of its words
(that he cooks in a restaurant in Lonato). A topic in two parts keeps the best of each ("the
warehouse and the pool": both). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import said_a_day_apart

_DAY = datetime(2025, 2, 3, 20, 0, tzinfo=UTC)


def _said(*turns: str, lang: str) -> tuple[list[str], list[str]]:
    with said_a_day_apart(*turns, start=_DAY, user_id=lang, lang=lang) as memory:
        return ([f.text for f in memory.facts.list(user_id=lang)],
                [f.text for f in memory.facts.history(user_id=lang)])


def test_the_fact_that_says_most_of_the_topic_goes() -> None:
    current, history = _said(
        "mio marito Gianni stasera non c'è, fa il cuoco in un ristorante a Lonato e torna "
        "sempre dopo mezzanotte",
        "novità in casa: Gianni ha deciso, vuole aprire un ristorante tutto suo a Sirmione, "
        "sta già guardando dei locali sul lago",
        "senti, quella cosa del ristorante di Gianni a Sirmione dimenticala, non se ne fa niente",
        lang="it")
    assert not any("Sirmione" in text for text in current), current
    assert any("Sirmione" in text for text in history), history
    assert any("Lonato" in text for text in current), current


def test_each_part_of_the_topic_goes() -> None:
    current, _ = _said("I pack orders in the warehouse at Brightline Logistics",
                       "I swim at the Prince Regent pool on Fridays",
                       "forget what I said about the warehouse and the pool", lang="en")
    assert not any("Brightline" in text or "Regent" in text for text in current), current
