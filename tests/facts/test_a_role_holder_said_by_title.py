"""A role held by one person at a time (a GP, the woman who minds the child) said the way
people say it: the doctor by title and name where the user sees them ("Dr Healy told me my
blood pressure is up", "controllo della pressione dal dottor Bernasconi"), the new one as
"the new" after a contracted article ("dalla nuova dottoressa, la Cortesi") or as the one who
took over, "新来的刘阿姨" for the new nanny. The new one is current, the old one held before;
one who is gone ("poor Dr Healy retired") or said as before ("Dr Healy used to …") is not
current; a specialist, a vet or someone else's doctor is no GP. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from .conftest import said_a_day_apart

_JAN = datetime(2026, 1, 12, 19, 0, tzinfo=UTC)

REPLACED = {
    "en": ("Dr Whelan told me my cholesterol is too high, so no more butter.",
           "Went for my check-up and the new GP who took over, Dr Mensah, was lovely.",
           "whelan", "mensah"),
    "de": ("Morgen hab ich einen Termin bei Dr. Albers wegen dem Blutdruck.",
           "Meine Praxis hat eine neue Ärztin, Dr. Kaya hat die Praxis übernommen.",
           "albers", "kaya"),
    "fr": ("Rendez-vous demain chez le docteur Morel pour ma tension.",
           "J'ai vu la nouvelle généraliste, la docteure Benali, pour une ordonnance.",
           "morel", "benali"),
    "es": ("Mañana tengo cita con el doctor Ibáñez por la tensión.",
           "Hoy fui a consulta con la nueva doctora, la doctora Quiroga, muy amable.",
           "ibáñez", "quiroga"),
    "it": ("Domani vado dal dottor Pagani per le analisi del sangue.",
           "Sono stata dalla nuova dottoressa, la Ferraris, mi ha dato la ricetta.",
           "pagani", "ferraris"),
    "pt": ("Amanhã tenho consulta com o doutor Brandão por causa da tensão.",
           "Fui à nova médica de família, a doutora Lacerda, e pediu análises.",
           "brandão", "lacerda"),
    "nl": ("Morgen heb ik een afspraak bij dokter Smit voor mijn bloeddruk.",
           "De praktijk is overgenomen door dokter Bakker, heel vriendelijk.",
           "smit", "bakker"),
    "zh": ("家里是张阿姨帮忙带孩子，她是四川人。", "新来的李阿姨做饭特别好吃，孩子很喜欢她。",
           "张阿姨", "李阿姨"),
}


def _said(*turns: str, lang: str) -> tuple[list[str], list[str]]:
    """The facts current after the turns, and those true the day after the first."""
    with said_a_day_apart(*turns, start=_JAN, user_id="mo", lang=lang, days=20) as memory:
        now = [f.text.casefold() for f in memory.facts.list(user_id="mo")]
        then = [f.text.casefold() for f in memory.facts.list(
            user_id="mo", as_of=_JAN + timedelta(days=2), mode="true")]
    return now, then


@pytest.mark.parametrize("lang", sorted(REPLACED))
def test_the_new_holder_is_current_and_the_old_one_held_before(lang: str) -> None:
    before, after, old, new = REPLACED[lang]
    now, then = _said(before, after, lang=lang)
    assert [t for t in now if new in t and ("doctor" in t or "nanny" in t)], now
    assert not [t for t in now if old in t], now
    assert [t for t in then if old in t and ("doctor" in t or "nanny" in t)], then


def test_a_holder_who_retired_is_no_longer_current() -> None:
    now, _ = _said("Dr Healy told me last week my blood pressure is up.",
                   "Went up to the surgery and poor Dr Healy is gone, he retired in July.",
                   lang="en")
    assert not [t for t in now if "healy" in t], now


def test_an_old_holder_said_in_the_past_does_not_come_back() -> None:
    now, _ = _said("Dr Healy told me my blood pressure is up.",
                   "My new GP is Dr Okafor and she listens.",
                   "Dr Healy used to rush every appointment, honestly.", lang="en")
    assert [t for t in now if "doctor" in t and "okafor" in t], now
    assert not [t for t in now if "doctor" in t and "healy" in t], now


NO_GP = {
    "a specialist": ("it", "Il mio medico di base è il dottor Rota.",
                     "Domani ho la visita dal cardiologo, il dottor Neri.", "rota", "neri"),
    "a vet": ("en", "My GP is Dr Patel.", "Took the cat to the vet, Dr Lamb gave her a jab.",
              "patel", "lamb"),
    "a specialist in the next clause": ("en", "My GP is Dr Patel.",
                                        "I had an appointment with Dr Strange, my dentist.",
                                        "patel", "strange"),
    "someone else's": ("en", "My GP is Dr Patel.",
                       "Mum had her check-up, her doctor Dr Grant says she is fine.",
                       "patel", "grant"),
}


@pytest.mark.parametrize("case", sorted(NO_GP))
def test_a_doctor_who_is_not_the_gp_ends_nothing(case: str) -> None:
    lang, before, after, kept, other = NO_GP[case]
    now, _ = _said(before, after, lang=lang)
    assert [t for t in now if "doctor" in t and kept in t], now
    assert not [t for t in now if "doctor" in t and f"is {other}" in t], now


def test_a_second_friend_ends_nothing() -> None:
    now, _ = _said("My friend Anna is lovely.", "My new friend Clara is funny.", lang="en")
    assert [t for t in now if "anna" in t], now
    assert [t for t in now if "clara" in t], now


def test_a_surname_with_a_particle_after_the_title() -> None:
    now, _ = _said("Mijn huisarts is dokter Jansen.",
                   "Vandaag naar de praktijk, dokter de Vries deed de controle.", lang="nl")
    assert [t for t in now if "doctor" in t and "de vries" in t], now
    assert not [t for t in now if "jansen" in t], now


def test_a_chinese_doctor_said_by_surname_and_title() -> None:
    now, then = _said("我的家庭医生是李医生，看病很仔细。", "新来的家庭医生张医生很耐心。",
                      lang="zh")
    assert [t for t in now if "doctor" in t and "张医生" in t], now
    assert not [t for t in now if "李医生" in t], now
    assert [t for t in then if "doctor" in t and "李医生" in t], then
    assert not [t for t in now if "新来's" in t], now
