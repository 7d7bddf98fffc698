"""A commute names the home it starts from ("an hour on the bus from Kirkstall to the office",
"每天从昌平坐地铁到公司"): a new home, said as one ("we've been in Headingley for a month",
"nos mudamos a Leganés"), ends the commute from the place left, so the old place is no
longer current (history keeps it). A remark made at home ("it's pouring here in Leeds") or
the same place said again ends nothing. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

MOVED = {  # case: (the commute from the old place, the new home, old place, new place)
    "en-1": ("It's an hour on the bus from Kirkstall to the office every morning.",
             "We've been in Headingley for a month now.", "Kirkstall", "Headingley"),
    "en-2": ("I drive in from Didcot every day, 50 minutes each way.",
             "We moved to Abingdon last month.", "Didcot", "Abingdon"),
    "de-1": ("Ich brauche jeden Morgen eine Stunde mit der S-Bahn von Pinneberg ins Büro.",
             "Seit einem Monat wohnen wir in Altona.", "Pinneberg", "Altona"),
    "de-2": ("Jeden Tag eine Stunde mit dem Regio von Bernau bis zur Arbeit.",
             "Wir wohnen jetzt in Pankow.", "Bernau", "Pankow"),
    "fr-1": ("Je mets une heure en bus depuis Vénissieux jusqu'au bureau.",
             "Ça fait un mois qu'on est à Villeurbanne.", "Vénissieux", "Villeurbanne"),
    "fr-2": ("Tous les matins, 45 minutes de RER depuis Massy pour aller au boulot.",
             "On a emménagé à Antony le mois dernier.", "Massy", "Antony"),
    "es-1": ("Tardo una hora en autobús desde Alcorcón hasta la oficina.",
             "Ya llevamos un mes en Carabanchel.", "Alcorcón", "Carabanchel"),
    "es-2": ("Cada día son 40 minutos de metro desde Getafe al trabajo.",
             "Nos mudamos a Leganés hace dos semanas.", "Getafe", "Leganés"),
    "it-1": ("Ogni mattina un'ora di treno da Monza fino in ufficio.",
             "Adesso abitiamo a Sesto, finalmente.", "Monza", "Sesto"),
    "it-2": ("Ci metto 50 minuti in bus da Rho al lavoro.",
             "Ci siamo trasferiti a Bollate il mese scorso.", "Rho", "Bollate"),
    "pt-1": ("Vou de ônibus de Osasco até o trabalho, leva uma hora.",
             "Agora a gente mora em Pinheiros.", "Osasco", "Pinheiros"),
    "pt-2": ("Todo dia são 40 minutos de comboio desde Sintra até ao trabalho.",
             "Mudámo-nos para a Amadora no mês passado.", "Sintra", "Amadora"),
    "nl-1": ("Elke ochtend een uur met de trein vanuit Zaandam naar kantoor.",
             "We wonen nu een maand in Purmerend.", "Zaandam", "Purmerend"),
    "nl-2": ("Ik fiets 40 minuten van Haren naar mijn werk.",
             "Sinds vorige maand wonen we in Helpman.", "Haren", "Helpman"),
    "zh-1": ("每天从昌平坐地铁到公司要一个半小时。", "我们上个月搬到海淀了。", "昌平", "海淀"),
    "zh-2": ("从松江开车去公司要五十分钟。", "现在住在徐汇了。", "松江", "徐汇"),
}


def _said(*turns: str, lang: str) -> tuple[list[str], list[str]]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="kit", lang=lang, days=30) as memory:
        return ([f.text for f in memory.facts.list(user_id="kit")],
                [f.text for f in memory.facts.history(user_id="kit")])


@pytest.mark.parametrize("case", sorted(MOVED))
def test_a_new_home_ends_the_commute_from_the_old_place(case: str) -> None:
    commute, home, old, new = MOVED[case]
    now, history = _said(commute, home, lang=case[:2])
    assert any(new in text for text in now), now
    assert not any(old in text for text in now), now
    assert any(old in text for text in history), history


@pytest.mark.parametrize(("lang", "commute", "later", "place"), [
    ("en", "It's an hour on the bus from Kirkstall to the office every morning.",
     "It's pouring here in Leeds again.", "Kirkstall"),
    ("en", "It's an hour on the bus from Kirkstall to the office every morning.",
     "We still live in Kirkstall, near the abbey.", "Kirkstall"),
    ("fr", "Je mets une heure en bus depuis Vénissieux jusqu'au bureau.",
     "Le week-end on est chez mes parents à Bron.", "Vénissieux"),
])
def test_a_remark_or_the_same_home_ends_no_commute(lang: str, commute: str, later: str,
                                                   place: str) -> None:
    now, _ = _said(commute, later, lang=lang)
    assert any(place in text for text in now), now
