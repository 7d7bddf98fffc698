"""A thing of a kind held one at a time, named with how long the user has had it so far, is
the one held now and ends the other of its kind: "three months with the Yaris" ends "my Honda
Jazz makes a noise", "缬沙坦吃了三个月了" ends "我吃的降压药是氨氯地平" (history keeps the
old one), in every language; the old one named after it in the same turn ("why did I pay
Barclays for years?") is history too. A time still to come ("in two weeks I'm test-driving a
Yaris") ends nothing. "Hace dos semanas que uso el Pixel", "faz um mês que uso": the
impersonal measure of time is no third person, the user is the one using it. A brand that is
also a common word ("Stone", "Orange") names a thing only beside a noun of its kind.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts import one_at_a_time

from .conftest import said_a_day_apart

_APRIL = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)

HELD_FOR_A_WHILE = [
    ("en", "My Honda Jazz makes a weird noise on the motorway.",
     "Three months with the Yaris and not a single rattle.", "honda"),
    ("en", "I do all my banking with Barclays.",
     "Two months on Monzo and I haven't paid a single fee.", "barclays"),
    ("de", "Mein Opel Corsa braucht schon wieder neue Bremsen.",
     "Drei Wochen mit dem Skoda Octavia und kein einziges Klappern.", "opel"),
    ("de", "Ich nehme Metoprolol gegen den hohen Blutdruck.",
     "Schon zwei Monate nehme ich Candesartan, der Schwindel ist weg.", "metoprolol"),
    ("fr", "Mon compte courant est à la Société Générale.",
     "Ça fait deux mois que je suis chez Boursorama, zéro frais.", "société générale"),
    ("fr", "Mon vieux Xiaomi rame de plus en plus.",
     "Ça fait deux mois que j'utilise le Pixel 8, aucun souci.", "xiaomi"),
    ("es", "Mi Kia Picanto ya tiene doce años.",
     "Llevo tres semanas con el Hyundai i20 y va de maravilla.", "kia"),
    ("es", "Tengo la cuenta de siempre en BBVA.",
     "Primer mes con N26 y cero comisiones.", "bbva"),
    ("es", "Mi Xiaomi se queda sin batería al mediodía.",
     "Hace dos semanas que uso el Pixel 8 y la batería aguanta.", "xiaomi"),
    ("it", "Il mio Huawei si blocca sempre.",
     "È un mese che uso il Pixel 8 e la batteria dura tutto il giorno.", "huawei"),
    ("it", "La mia Fiat Punto perde olio dappertutto.",
     "Da due mesi guido una Dacia Sandero e non ho più problemi.", "fiat"),
    ("it", "Prendo il ramipril per la pressione alta.",
     "Sono tre settimane che prendo il losartan e la tosse è sparita.", "ramipril"),
    ("pt", "Meu celular é um Motorola velhinho que trava toda hora.",
     "Faz duas semanas que uso o Galaxy A54 e a bateria dura o dia todo.", "motorola"),
    ("pt", "A maquininha que uso na barraca é da PagSeguro.",
     "Já faz um mês que estou com a SumUp e a taxa é menor.", "pagseguro"),
    ("nl", "Ik slik metoprolol voor mijn bloeddruk.",
     "Al drie weken slik ik losartan, geen duizeligheid meer.", "metoprolol"),
    ("nl", "Mijn Peugeot 208 staat alweer bij de garage.",
     "Eerste maand met de Kia Niro erop en hij rijdt heerlijk stil.", "peugeot"),
    ("zh", "我吃的降压药是氨氯地平，脚有点肿。", "缬沙坦吃了三个月了，血压挺稳。", "氨氯地平"),
    ("zh", "我那辆丰田毛病越来越多了。", "比亚迪开了一个多月，很省钱。", "丰田"),
]


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_APRIL, user_id="ines", lang=lang, days=40) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="ines")]


@pytest.mark.parametrize(("lang", "before", "after", "old"), HELD_FOR_A_WHILE,
                         ids=[f"{c[0]}-{c[3]}" for c in HELD_FOR_A_WHILE])
def test_a_thing_held_for_a_while_ends_the_other_of_its_kind(lang: str, before: str,
                                                            after: str, old: str) -> None:
    facts = _facts(before, after, lang=lang)
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "superseded" and old in t], facts  # kept in history


KEPT = [
    ("en", "My Honda Jazz makes a weird noise on the motorway.",
     "In two weeks I'm test-driving a Yaris.", "honda"),
    ("de", "Mein Opel Corsa braucht schon wieder neue Bremsen.",
     "Seit drei Wochen höre ich alles auf Spotify.", "opel"),
    ("it", "La mia Fiat Punto perde olio dappertutto.",
     "Da due mesi la mia Fiat Punto non mi lascia a piedi.", "fiat"),
]


@pytest.mark.parametrize(("lang", "before", "after", "old"), KEPT,
                         ids=["to come", "another kind", "the same one"])
def test_no_other_thing_of_the_kind_held_ends_nothing(lang: str, before: str, after: str,
                                                      old: str) -> None:
    facts = _facts(before, after, lang=lang)
    assert [t for s, t in facts if s == "active" and old in t], facts


@pytest.mark.parametrize(("text", "found"), [
    ("a taxa da maquininha da Stone é menor", {"card terminal": {"stone"}}),
    ("j'ai pris une carte SIM Orange", {"mobile carrier": {"orange"}}),
    ("we built a stone wall in the garden", {}),
    ("an orange juice every morning", {}),
])
def test_a_brand_that_is_a_common_word_names_a_thing_only_beside_its_noun(
        text: str, found: dict[str, set[str]]) -> None:
    assert one_at_a_time.named(text) == found


def test_a_card_machine_held_for_a_month_ends_the_other() -> None:
    facts = _facts("Na feira eu uso a maquininha da Cielo.",
                   "A maquininha da Stone cobra menos, faz um mês que uso ela.", lang="pt")
    assert not [t for s, t in facts if s == "active" and "cielo" in t], facts


BESIDE_THE_NEW = [
    ("en", "Two months on Monzo and I haven't paid a single fee. Why did I pay Barclays "
           "twelve pounds a month for years?", "barclays", "monzo"),
    ("de", "Drei Wochen mit dem Skoda Octavia und kein einziges Klappern. Mit dem Opel war ich "
           "jeden Monat in der Werkstatt.", "opel", "skoda"),
    ("fr", "Ça fait deux mois que je suis chez Boursorama, zéro frais. J'ai payé la Société "
           "Générale pendant dix ans pour rien.", "société générale", "boursorama"),
    ("es", "Llevo tres semanas con el Hyundai i20 y va de maravilla. Con el Kia gastaba el "
           "doble de gasolina.", "kia", "hyundai"),
    ("it", "Da due mesi guido una Dacia Sandero e non ho più problemi. La Fiat si rompeva ogni "
           "mese.", "fiat", "dacia"),
    ("pt", "Faz duas semanas que uso o Galaxy A54 e a bateria dura o dia todo. O Motorola "
           "travava toda hora.", "motorola", "galaxy"),
    ("nl", "Eerste maand met de Kia Niro erop en hij rijdt heerlijk stil. Met de Peugeot "
           "stond ik elke maand bij de garage.", "peugeot", "kia"),
    ("zh", "比亚迪开了一个多月，很省钱。以前那辆丰田每个月都要修。", "丰田", "比亚迪"),
]


@pytest.mark.parametrize(("lang", "said", "old", "new"), BESIDE_THE_NEW,
                         ids=[c[0] for c in BESIDE_THE_NEW])
def test_the_old_thing_said_after_the_one_held_now_is_history(lang: str, said: str, old: str,
                                                              new: str) -> None:
    facts = _facts(said, lang=lang)
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "active" and new in t], facts
