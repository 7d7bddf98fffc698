"""A dentist is a role held one at a time, in every language: "my new dentist, Dr X" ends the
dentist held before and what was said of them, and "my dentist, Dr Lemaire" is no longer read
as the user's own job. A personal trainer is a coach and a PCP a doctor; two titles before a
surname ("Frau Dr. Yilmaz") are not the name. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

REPLACED = {
    "en": ("My dentist, Dr Okoro, wants to do a root canal next month.",
           "My new dentist is Dr Haldane and she says the root canal can wait.", "okoro",
           "haldane"),
    "de": ("Mein Zahnarzt, Dr. Brenner, will mir eine Krone machen.",
           "Meine neue Zahnärztin, Frau Dr. Yilmaz, sagt, ein Implantat wäre besser.",
           "brenner", "yilmaz"),
    "fr": ("Mon dentiste, le Dr Lemaire, parle de me poser une couronne.",
           "Ma nouvelle dentiste, la Dr Kerbrat, propose plutôt un implant.", "lemaire",
           "kerbrat"),
    "es": ("Mi dentista, la doctora Ibarra, me quiere poner brackets.",
           "Mi nuevo dentista es el doctor Quiroga y dice que no hacen falta.", "ibarra",
           "quiroga"),
    "it": ("Il mio personal trainer, Davide, mi fa fare troppi squat.",
           "Il personal trainer nuovo, Samuele, mi fa lavorare sulla mobilità.", "davide",
           "samuele"),
    "pt": ("A minha dentista, a doutora Serrano, quer tirar-me o siso.",
           "O meu novo dentista, o doutor Bessa, diz que o siso pode ficar.", "serrano",
           "bessa"),
    "nl": ("Mijn tandarts, dokter Peeters, wil een kroon plaatsen.",
           "Mijn nieuwe tandarts is dokter Maes en die vindt een vulling genoeg.", "peeters",
           "maes"),
    "zh": ("我的牙医王医生说我要洗牙了。", "新的牙医李医生说不用拔牙。", "王医生", "李医生"),
}


@pytest.mark.parametrize("lang", sorted(REPLACED))
def test_the_new_one_replaces_the_old(lang: str) -> None:
    before, after, old, new = REPLACED[lang]
    now = current_facts(before, after, start=_MAY, lang=lang, days=30)
    assert [t for t in now if new in t], now
    assert not [t for t in now if old in t], now


def test_a_dentist_named_is_no_job_of_the_users() -> None:
    now = current_facts("Mon dentiste, le Dr Lemaire, parle de me poser une couronne.",
                        start=_MAY, lang="fr", days=1)
    assert "the user's dentist (dentiste) is lemaire" in now, now
    assert not [t for t in now if t.startswith("the user (job)")], now


def test_a_pcp_is_the_users_doctor() -> None:
    now = current_facts("My PCP is Dr. Feldman, he always runs late.",
                        "My new PCP, Dr. Nakamura, wants fasting bloodwork next week.",
                        start=_MAY, lang="en", days=30)
    assert [t for t in now if t.startswith("the user's doctor") and "nakamura" in t], now
    assert not [t for t in now if "feldman" in t], now


def test_someone_elses_dentist_leaves_the_users() -> None:
    now = current_facts("My dentist is Dr Shah and she's lovely.",
                        "My sister's new dentist is Dr Brown.", start=_MAY, lang="en", days=20)
    assert [t for t in now if t.startswith("the user's dentist") and "shah" in t], now
    assert [t for t in now if t.startswith("the user's sister's") and "brown" in t], now
