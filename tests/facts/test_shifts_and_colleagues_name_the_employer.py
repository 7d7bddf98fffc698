"""The user's workplace said indirectly: shift work at a named place ("three nights a week at
Mercy General", "faço plantão no Hospital Santa Marta") and a boss or colleague the clause is
about ("mi jefa en Cafetalia es un encanto") name the employer, so a later job ends it and a
question before the change still sees it; a remark about work that names no workplace ("I
really miss the gossip on the wards") leaves the employer held. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "employer"), [
    ("en", "I'm on three nights a week at Mercy General in Cork so I sleep till noon",
     "Mercy General"),
    ("de", "ich mache gerade Nachtschichten im Klinikum Feldberg, total anstrengend",
     "Feldberg"),
    ("es", "hago guardias en el Hospital Miramar desde el verano", "Miramar"),
    ("pt", "no Hospital Santa Marta estou de plantão dois fins de semana por mês",
     "Santa Marta"),
    ("nl", "ik draai nachtdiensten bij Zorggroep Eemland, best zwaar", "Eemland"),
])
def test_shift_work_at_a_named_place_is_the_employer(lang: str, said: str,
                                                      employer: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="ria", lang=lang) as memory:
        facts = memory.facts.list(user_id="ria")
    assert any(f.predicate == "works_at" and employer in f.text for f in facts), \
        [(f.predicate, f.text) for f in facts]


@pytest.mark.parametrize("said", [
    "we stayed two nights at the Hilton in Galway",
    "I'm back on night shifts next month",
])
def test_no_shift_at_a_named_place_no_employer(said: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="ria", lang="en") as memory:
        facts = memory.facts.list(user_id="ria")
    assert not any(f.predicate == "works_at" for f in facts), [f.text for f in facts]


def test_a_new_job_ends_the_shift_work_and_the_past_still_sees_it() -> None:
    turns = ("I'm on three nights a week at Mercy General in Cork so I sleep till noon",
             "news! I got the job at the Harbour Medical Practice, I start next month")
    with said_a_day_apart(*turns, start=_MONDAY, user_id="ria", lang="en") as memory:
        current = [f.text for f in memory.facts.list(user_id="ria")]
        then = [f.text for f in memory.facts.list(user_id="ria", as_of=_MONDAY.replace(hour=18),
                                                  mode="true")]
    assert any("Harbour" in text for text in current), current
    assert not any("Mercy General" in text for text in current), current
    assert any("Mercy General" in text for text in then), then


@pytest.mark.parametrize(("lang", "said", "employer"), [
    ("es", "mi jefe en Panarra nos invitó a comer el viernes", "Panarra"),
    ("en", "my manager at Quillfield, Dana, is off on maternity leave", "Quillfield"),
    ("de", "meine Kollegin bei Brenntag hat heute Geburtstag", "Brenntag"),
    ("it", "il mio capo da Lanterna è andato in pensione", "Lanterna"),
])
def test_a_colleague_at_a_named_place_names_the_employer(lang: str, said: str,
                                                          employer: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="ria", lang=lang) as memory:
        facts = memory.facts.list(user_id="ria")
    assert any(f.predicate == "works_at" and f.subject == "user" and employer in f.text
               for f in facts), [(f.predicate, f.subject, f.text) for f in facts]


def test_a_remark_about_work_naming_no_workplace_keeps_the_employer() -> None:
    turns = ("first week at Quillfield done, everyone is lovely",
             "my mum was right, I really miss the gossip on the wards")
    with said_a_day_apart(*turns, start=_MONDAY, user_id="ria", lang="en") as memory:
        current = [(f.predicate, f.text) for f in memory.facts.list(user_id="ria")]
    assert any(p == "works_at" and "Quillfield" in t for p, t in current), current


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    ("es", ("hago guardias en el Hospital Miramar",
            "me despedí de todos, y ahora estoy en el consultorio de Las Condes"),
     "Miramar", "Las Condes"),
    ("en", ("I'm on three nights a week at Mercy General in Cork",
            "left the ward for good, now I'm at the Ballyvale health centre"),
     "Mercy", "Ballyvale"),
    ("de", ("ich mache Nachtschichten im Klinikum Feldberg",
            "jetzt bin ich in der Praxis Dr. Roth, viel ruhiger"),
     "Feldberg", "Roth"),
])
def test_now_at_a_named_kind_of_workplace_ends_the_old_one(lang: str, turns: tuple[str, str],
                                                           old: str, new: str) -> None:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="ria", lang=lang) as memory:
        current = [(f.predicate, f.text) for f in memory.facts.list(user_id="ria")]
    assert any(p == "works_at" and new in t for p, t in current), current
    assert not any(old in t for _, t in current), current
