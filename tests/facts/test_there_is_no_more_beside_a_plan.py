"""A plan said with "and there's nothing left / no longer any …" about something else in the
same sentence ("my sister gets married next Saturday in Évora, and there's nothing decent
left on the gift list anymore", "se casa el sábado que viene, y ya no hay nada en la
lista"): the "there is no longer" is a clause of its own, about the list, so it stops
nothing the plan says; the wedding is held on its day. Sentences written for these tests;
the French and Italian ones, nl-1 and pt-2 were read right before this change (their "no
more" ended nothing) and stay as guards.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 4, 6, 18, 0, tzinfo=UTC)
_THAT_SATURDAY = _MONDAY + timedelta(days=5, hours=-4)  # 11 April, 14:00 UTC

PLAN_AND_NOTHING_LEFT = {
    "en-1": "My brother Ian gets married on Saturday in Bath, and there's nothing decent "
            "left on the gift list anymore.",
    "en-2": "My cousin Ruth graduates on Saturday in Leeds, and there are no more tickets "
            "for the ceremony.",
    "fr-1": "Mon frère Hugo se marie samedi à Annecy, et il n'y a plus rien de bien sur la "
            "liste.",
    "fr-2": "Ma cousine Léa fête ses trente ans samedi à Lyon, et il n'y a plus de place "
            "au restaurant.",
    "es-1": "Mi hermano Iván se casa el sábado en Cuenca, y ya no hay nada decente en la "
            "lista de bodas.",
    "es-2": "Mi prima Sara se gradúa el sábado en Oviedo, y ya no quedan entradas para la "
            "ceremonia.",
    "it-1": "Mio fratello Luca si sposa sabato a Lucca, e non c'è più niente di carino "
            "nella lista nozze.",
    "it-2": "Mia cugina Sara si laurea sabato a Padova, e non ci sono più biglietti per la "
            "cerimonia.",
    "pt-1": "O meu irmão Rui casa-se no sábado em Évora, e já não há nada de jeito na "
            "lista.",
    "pt-2": "A minha prima Inês faz a formatura no sábado em Braga, e já não há lugares no "
            "restaurante.",
    "nl-1": "Mijn broer Daan trouwt zaterdag in Delft, en er is niks leuks meer over op de "
            "lijst.",
    "nl-2": "Mijn nicht Sanne studeert zaterdag af in Leiden, en er zijn geen kaartjes "
            "meer.",
}
PLACE = {"en-1": "bath", "en-2": "leeds", "fr-1": "annecy", "fr-2": "lyon", "es-1": "cuenca",
         "es-2": "oviedo", "it-1": "lucca", "it-2": "padova", "pt-1": "évora", "pt-2": "braga",
         "nl-1": "delft", "nl-2": "leiden"}


@pytest.mark.parametrize("case", sorted(PLAN_AND_NOTHING_LEFT))
def test_the_plan_holds_on_its_day(case: str) -> None:
    with said_a_day_apart(PLAN_AND_NOTHING_LEFT[case], "ok", start=_MONDAY, user_id="ada",
                          lang=case[:2], days=7) as memory:  # asked after the day
        then = [f.text.casefold() for f in memory.facts.list(
            user_id="ada", as_of=_THAT_SATURDAY, mode="true")]
    assert any(PLACE[case] in text for text in then), then
