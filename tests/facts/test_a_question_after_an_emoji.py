"""An emoji with a question after it ends a sentence: "I moved to Ghent last month 🙂 Any tips for
bars?" is a statement and then a question, and the question does not silence the statement
before it, with a capital or without ("vorstellungsgespräch ist übermorgen 😬 kannst du mir
3 fragen geben?"). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_JUNE = datetime(2026, 6, 15, 9, 0, tzinfo=UTC)


def _texts(turn: str) -> list[str]:
    with said_a_day_apart(turn, start=_JUNE, user_id="emo") as memory:
        return [f.text for f in memory.facts.list(user_id="emo")]


@pytest.mark.parametrize(("turn", "stated"), [
    ("I moved to Ghent last month 🙂 Any tips for bars?", "Ghent"),
    ("at home it's Tagalog with my mum 😄 Can you check my intro?", "Tagalog"),
    ("ich bin letzten Monat nach Gent gezogen 🙂 Hast du Tipps für Kneipen?", "Gent"),
    ("ich arbeite seit Mai bei Rewe 😅 Wie überlebe ich die Frühschicht?", "Rewe"),
    ("je me suis installée à Gand le mois dernier 🙂 Tu as des idées de bars ?", "Gand"),
    ("je travaille chez Leclerc depuis mai 😅 Comment tenir le rythme ?", "Leclerc"),
    ("me mudé a Gante el mes pasado 🙂 ¿Conoces bares buenos?", "Gante"),
    ("trabajo en Mercadona desde mayo 😅 ¿Cómo aguanto los turnos?", "Mercadona"),
    ("mi sono trasferita a Gand il mese scorso 🙂 Hai qualche bar da consigliarmi?", "Gand"),
    ("lavoro da Esselunga da maggio 😅 Come sopravvivo ai turni?", "Esselunga"),
    ("mudei-me para Gante no mês passado 🙂 Conheces bons bares?", "Gante"),
    ("trabalho no Pingo Doce desde maio 😅 Como aguento os turnos?", "Pingo Doce"),
    ("ik ben vorige maand naar Gent verhuisd 🙂 Heb je tips voor kroegen?", "Gent"),
    ("ik werk sinds mei bij Jumbo 😅 Hoe overleef ik de vroege dienst?", "Jumbo"),
    ("ich arbeite seit mai bei Rewe 😅 wie überlebe ich die frühschicht?", "Rewe"),
    ("trabajo en Mercadona desde mayo 😅 ¿cómo aguanto los turnos?", "Mercadona"),
    ("vorstellungsgespräch ist übermorgen um 15 uhr 😬 kannst du mir 3 fragen geben?",
     "17 June 2026"),
    ("my sister's wedding is on saturday 🥳 any ideas for a toast?", "20 June 2026"),
])
def test_the_statement_before_the_question_is_read(turn: str, stated: str) -> None:
    assert [t for t in _texts(turn) if stated in t]
