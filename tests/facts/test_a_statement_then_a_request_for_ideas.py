"""A statement and, after a comma in the same sentence, a question to the assistant asking
for ideas or tips ("my brother Sam lands in Denver the day after tomorrow, any ideas for a
day out?", "mi hermana llega pasado mañana, ¿alguna idea para un plan?"): the question is a
clause of its own, so the statement before it is still read. Sentences written for these
tests; en-1 was read right before this change and stays as a guard.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 4, 6, 18, 0, tzinfo=UTC)  # the day after tomorrow: 8 April

STATEMENT_THEN_ASK = {
    "en-1": ("My brother Sam is flying in from Denver the day after tomorrow, any ideas for "
             "a rainy day out?", "sam"),
    "en-2": ("I'm starting at the climbing gym in Leith on Wednesday, any tips for a total "
             "beginner?", "leith"),
    "de-1": ("Meine Cousine Jana kommt übermorgen aus Kiel, habt ihr Tipps für einen "
             "Regentag?", "kiel"),
    "de-2": ("Ich fange am Mittwoch im Kletterzentrum in Giesing an, irgendwelche Tipps "
             "für Anfänger?", "giesing"),
    "fr-1": ("Ma sœur Léa arrive de Lille après-demain, une idée de sortie pas trop chère ?",
             "lille"),
    "fr-2": ("Je commence l'escalade mercredi à la salle de Villeurbanne, des conseils pour "
             "une débutante ?", "villeurbanne"),
    "es-1": ("Mi hermana Lucía llega de Bilbao pasado mañana, ¿alguna idea para un plan con "
             "lluvia?", "bilbao"),
    "es-2": ("Empiezo escalada el miércoles en el rocódromo de Usera, algún consejo para "
             "novatos?", "usera"),
    "it-1": ("Mia sorella Giulia arriva da Bari dopodomani, hai qualche idea per una gita?",
             "bari"),
    "it-2": ("Comincio arrampicata mercoledì alla palestra di Lambrate, qualche consiglio "
             "per una principiante?", "lambrate"),
    "pt-1": ("A minha irmã Rita chega do Porto depois de amanhã, alguma ideia de passeio com "
             "chuva?", "porto"),
    "pt-2": ("Começo escalada na quarta no ginásio de Benfica, alguma dica para quem nunca "
             "escalou?", "benfica"),
    "nl-1": ("Mijn zus Sanne komt overmorgen uit Gent, heb je een idee voor een uitje?",
             "gent"),
    "nl-2": ("Ik begin woensdag met klimmen in de hal in Zuidoost, nog tips voor een "
             "beginner?", "zuidoost"),
}


@pytest.mark.parametrize("case", sorted(STATEMENT_THEN_ASK))
def test_the_statement_before_a_request_for_ideas_is_read(case: str) -> None:
    said, value = STATEMENT_THEN_ASK[case]
    with said_a_day_apart(said, start=_MONDAY, user_id="ruth", lang=case[:2]) as memory:
        now = [f.text.casefold() for f in memory.facts.list(user_id="ruth")]
    assert any(value in text for text in now), now
    assert not any(word in text for text in now
                   for word in ("idea", "tip", "conseil", "consejo", "consiglio", "dica",
                                "idee")), now
