"""More kinds of things held one at a time: a blood thinner, a health insurer, a bank, a card
machine, a car model. A new one of the kind ends the old one (history keeps it), in every
language, also when the clause that names the new one denies something else ("keine
Kontrollen mehr, ich nehme jetzt Xarelto") or the change is said in the sentence after it
("three weeks with the Outback … should've traded in years ago").
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts import one_at_a_time

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

BLOOD_THINNER = {
    "en": ("I take warfarin for my atrial fibrillation and the weekly INR checks are a pain.",
           "My cardiologist put me on apixaban, no more blood tests at all, I take Eliquis "
           "twice a day.", "warfarin", "eliquis"),
    "de": ("Ich nehme Marcumar wegen meiner Herzklappe.",
           "Der Kardiologe hat mich umgestellt: keine Kontrollen mehr, ich nehme jetzt "
           "Xarelto einmal am Tag.", "marcumar", "xarelto"),
    "fr": ("Je prends du Sintrom pour mon cœur.",
           "Mon médecin a changé mon traitement : plus de prises de sang, je prends l'Eliquis "
           "matin et soir.", "sintrom", "eliquis"),
    "es": ("Tomo Sintrom por la fibrilación.",
           "El médico me cambió la pastilla: nada de controles, ahora tomo Xarelto.",
           "sintrom", "xarelto"),
    "it": ("Prendo il Coumadin per il cuore e ogni settimana faccio il controllo dell'INR.",
           "Il cardiologo mi ha cambiato la terapia: niente più controlli, il Lixiana lo "
           "prendo una volta al giorno.", "coumadin", "lixiana"),
    "pt": ("Eu tomo varfarina por causa do coração.",
           "O cardiologista trocou o remédio, nada de exames toda semana, agora tomo Eliquis.",
           "varfarina", "eliquis"),
    "nl": ("Ik gebruik Marcoumar voor mijn hart.",
           "De cardioloog heeft me omgezet: geen prikken meer, ik neem nu Eliquis.",
           "marcoumar", "eliquis"),
    "zh": ("我一直吃华法林，每周要抽血。",
           "医生给我换药了，现在吃利伐沙班，不用抽血了。", "华法林", "利伐沙班"),
}

PROVIDER_OR_MODEL = {
    "de": ("Ich bin bei der Barmer versichert.",
           "Seit Januar bin ich bei der TK, die zahlen die Osteopathie.", "barmer", "tk"),
    "es": ("Mi banco es el BBVA de toda la vida.",
           "Desde marzo estoy en Bankinter, cero comisiones.", "bbva", "bankinter"),
    "pt": ("A maquininha que eu uso é da PagSeguro.",
           "Agora uso a maquininha da SumUp, a taxa é menor.", "pagseguro", "sumup"),
    "fr": ("Je conduis une Clio depuis dix ans.",
           "Ça fait trois semaines que j'ai le Qashqai et il passe partout. J'aurais dû le "
           "prendre avant, je l'ai acheté d'occasion.", "clio", "qashqai"),
    "en": ("I drive a Corolla to school every day, it's buried in snow again.",
           "It's been two weeks with the Octavia and it took the hills to my sister's place "
           "like it was nothing. Should have traded in ages ago.", "corolla", "octavia"),
}


ASKED_OF_IT = {
    "de": ("Ich bin bei der Barmer, zahlen die auch Osteopathie?",
           "Seit Januar bin ich bei der TK.", "barmer", "tk"),
    "en": ("I'm with Bupa, do they pay for physio?",
           "Switched to Aetna last month, way better.", "bupa", "aetna"),
    "nl": ("Ik zit bij Menzis, vergoeden ze fysiotherapie?",
           "Sinds januari zit ik bij Zilveren Kruis.", "menzis", "zilveren kruis"),
}
"""The thing said before a question asked of it ("…, zahlen die das?"): the statement is
still read, and a new one ends it."""


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="rosa", lang=lang, days=10) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="rosa")]


def _replaced(before: str, after: str, old: str, new: str, lang: str) -> None:
    facts = _facts(before, after, lang=lang)
    assert [t for s, t in facts if s == "active" and new in t], facts
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "superseded" and old in t], facts  # kept in history


@pytest.mark.parametrize("lang", sorted(BLOOD_THINNER))
def test_a_new_blood_thinner_ends_the_old_one(lang: str) -> None:
    _replaced(*BLOOD_THINNER[lang], lang=lang)


@pytest.mark.parametrize("lang", sorted(PROVIDER_OR_MODEL))
def test_a_new_provider_or_car_model_ends_the_old_one(lang: str) -> None:
    _replaced(*PROVIDER_OR_MODEL[lang], lang=lang)


@pytest.mark.parametrize("lang", sorted(ASKED_OF_IT))
def test_a_provider_named_before_a_question_is_held(lang: str) -> None:
    _replaced(*ASKED_OF_IT[lang], lang=lang)


def test_the_new_kinds_and_their_names() -> None:
    assert one_at_a_time.named("ich bin jetzt bei der TK") == {"health insurer": {"tk"}}
    assert one_at_a_time.named("nu bij Telesur") == {"mobile carrier": {"telesur"}}
    assert one_at_a_time.named("three weeks with the Outback") == {"car": {"outback"}}
    assert one_at_a_time.medicine_named("l'Eliquis lo prendo mattina e sera")
    assert one_at_a_time.medicine_named("tomo levotiroxina en ayunas")
    assert not one_at_a_time.named("j'ai changé d'opérateur, je suis chez Free")  # a word
    assert not one_at_a_time.named("uma parede de stone")  # a common word, and only beside
    assert one_at_a_time.named("a maquininha é da Stone")  # a noun of its kind a brand
    assert "card terminal" in one_at_a_time.kinds_said("a maquininha nova chegou", "pt")


def test_a_negation_of_something_else_is_no_negation_of_the_thing() -> None:
    assert not one_at_a_time.negation_of_named(
        "niente più prelievi ogni due settimane, l'Eliquis lo prendo mattina e sera", "it")
    assert not one_at_a_time.negation_of_named(
        "three weeks with the Outback and it handled the drive like it was nothing", "en")
    assert one_at_a_time.negation_of_named("ich habe kein iPhone mehr", "de")
    assert one_at_a_time.negation_of_named("não tomo mais Eliquis", "pt")
