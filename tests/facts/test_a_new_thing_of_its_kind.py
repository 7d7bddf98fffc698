"""A new thing of a kind held one at a time (a phone, a car, an e-reader, a drawing app)
replaces the old one: "the new phone arrived, a Pixel" ends "my iPhone keeps freezing"
(history keeps it), in every language; wanting one, a thing of another kind, or the same
thing said again ends nothing. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts import one_at_a_time

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

REPLACED = {
    "en": ("My iPhone keeps freezing whenever I open the camera.",
           "I finally bought a new phone, a Pixel 9, and the battery is great.", "iphone"),
    "de": ("Mein iPhone hält kaum noch einen Tag durch.",
           "Ich hab mir endlich ein Fairphone gekauft, der Akku ist austauschbar.", "iphone"),
    "fr": ("Je dessine tout dans Photoshop depuis des années.",
           "Maintenant je dessine dans Procreate sur la tablette.", "photoshop"),
    "es": ("Mi Toyota ya tiene doce años y gasta muchísimo.",
           "Por fin me compré un coche nuevo, un Hyundai eléctrico.", "toyota"),
    "it": ("Il mio Huawei si spegne da solo ogni sera.",
           "Ho comprato un telefono nuovo, un Galaxy A55.", "huawei"),
    "pt": ("Meu Kindle antigo já não carrega direito.",
           "Ganhei um Kobo novo de aniversário, muito melhor.", "kindle"),
    "nl": ("Mijn Samsung Galaxy valt steeds uit.",
           "Ik heb een nieuwe telefoon gekocht, een iPhone 15.", "galaxy"),
    "zh": ("我那辆丰田已经开了十年了，毛病越来越多。",
           "上个月换了一辆比亚迪，电动的，很省钱。", "丰田"),
}


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="noor", lang=lang, days=10) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="noor")]


@pytest.mark.parametrize("lang", sorted(REPLACED))
def test_a_new_thing_ends_the_old_one_of_its_kind(lang: str) -> None:
    before, after, old = REPLACED[lang]
    facts = _facts(before, after, lang=lang)
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "superseded" and old in t], facts  # kept in history


KEPT = {
    "wanted": ("en", "My iPhone keeps freezing whenever I open the camera.",
               "I really need a new phone, maybe a Pixel.", "iphone"),
    "another kind": ("en", "My iPhone keeps freezing whenever I open the camera.",
                     "I bought a new laptop, a ThinkPad.", "iphone"),
    "the same one": ("de", "Mein Fairphone hat einen Sprung im Display.",
                     "Ich liebe mein neues Fairphone trotzdem.", "fairphone"),
    "wanted, zh": ("zh", "我那辆丰田已经开了十年了，毛病越来越多。", "我们想换一辆比亚迪。",
                   "丰田"),
}


@pytest.mark.parametrize("case", sorted(KEPT))
def test_wanting_another_kind_or_the_same_one_ends_nothing(case: str) -> None:
    lang, before, after, old = KEPT[case]
    facts = _facts(before, after, lang=lang)
    assert [t for s, t in facts if s == "active" and old in t], facts


def test_kinds_are_told_by_brand_and_by_noun() -> None:
    assert one_at_a_time.named("la Galaxy Tab et mon Galaxy S24") == {
        "tablet": {"galaxy tab"}, "phone": {"galaxy"}}
    assert one_at_a_time.kinds_said("Mein neues Diensthandy", "de") == {"phone"}
    assert one_at_a_time.new_kinds("o celular novo chegou", "o celular novo chegou", "pt",
                             changed=True) == {"phone"}
    assert one_at_a_time.new_kinds("I need a new phone", "I need a new phone", "en",
                             changed=True) == set()
    assert one_at_a_time.own_thing_named("那辆本田修了三次冷气", "zh")


def test_a_car_said_by_its_nickname_ends_with_the_van_after_it() -> None:
    """The Mexican "vocho" (a Beetle) that would not start is the user's car; "la camioneta, una
    Odyssey" weeks later is the new one."""
    facts = _facts("hoy en la mañana el vocho no quiso arrancar y Toño lo tuvo que empujar",
                   "ya llevamos dos semanas con la camioneta, una Odyssey usada: por fin "
                   "cabemos todos", lang="es")
    assert not [t for status, t in facts if "vocho" in t and status == "active"], facts
    assert [t for status, t in facts if "odyssey" in t and status == "active"], facts
