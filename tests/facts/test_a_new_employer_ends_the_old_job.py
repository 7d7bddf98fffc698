"""A new employer ends the job the user said with the old one ("a data analyst at Spotify",
then "I started at Klarna"); a job said without a workplace ("I work as a nurse") stays.
Two places of one kind are told apart by their names, not by the kind they share ("Kita
Sonnenschein", "Kita Pusteblume"). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock

_JUNE = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)


def _jobs(*turns: str) -> list[tuple[str, str, str]]:
    clock = ManualClock(_JUNE)
    memory = Memory(":memory:", clock=clock)
    try:
        for day, text in enumerate(turns):
            clock.now = _JUNE + timedelta(days=10 * day)
            memory.add([{"role": "user", "content": text, "timestamp": clock.now.isoformat()}],
                       user_id="ida")
        return [(str(f.status).rsplit(".", 1)[-1], f.predicate, f.text)
                for f in memory.facts.history(user_id="ida")
                if f.predicate in ("occupation", "works_at")]
    finally:
        memory.close()


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("I work as a data analyst at Spotify.", "I started at Klarna last week.", "Spotify",
     "Klarna"),
    ("Ich arbeite als Krankenpfleger bei Vivantes.", "Seit Montag arbeite ich bei der Charité.",
     "Vivantes", "Charité"),
    ("Je suis infirmière chez Doctolib.", "J'ai commencé chez Alan la semaine dernière.",
     "Doctolib", "Alan"),
    ("Trabajo como enfermera en el Hospital Clínic.", "Desde el lunes trabajo en Quirónsalud.",
     "Clínic", "Quirónsalud"),
    # a workplace said as a habit, with no word of working ("till 5 most days"), is the job
    ("I'm on reception at Harbourside Vets till 5 most days", "first day done at Millbrook "
     "Library!! the phones never stop", "Harbourside", "Millbrook"),
    # German says a workplace with "am", "im" and a compound kind ("am Amtsgericht Kassel")
    ("Moin! Ich bin Jana, Rechtspflegerin am Amtsgericht Kassel. Hilfst du mir mit ner Mail?",
     "Seit dem Ersten sitz ich in Fulda, in der Geschäftsstelle vom Landgericht",
     "Kassel", "Fulda"),
    # "es que …" opens the clause: no third person who works there ("es" is not "she is")
    ("es que llego reventado, curro en Transportes Duero", "primer día en Correos, todo bien",
     "Duero", "Correos"),
    # two places of one kind ("Kita", "clínica") share the kind's word, not the place
    ("Ich bin Kinderpflegerin in der Kita St. Martin in der Altstadt.",
     "Meine erste Woche in der Kita Löwenzahn in Haidhausen ist rum!", "Martin", "Löwenzahn"),
    ("Soy recepcionista en la clínica Dental Norte, y los lunes es un caos.",
     "primera semana completa en la clínica Aurora y qué diferencia", "Norte", "Aurora"),
])
def test_the_job_at_the_old_workplace_ends(before: str, after: str, old: str,
                                           new: str) -> None:
    facts = _jobs(before, after)
    current = [text for status, _, text in facts if status == "active"]
    assert any(new in text for text in current), facts
    assert not any(old in text for text in current), facts


def test_a_job_without_a_workplace_stays() -> None:
    facts = _jobs("I work as a nurse.", "I started at Charité last week.")
    current = [text for status, _, text in facts if status == "active"]
    assert any("nurse" in text for text in current), facts
    assert any("Charité" in text for text in current), facts


def test_work_itself_is_not_qualified_as_at_work() -> None:
    facts = _jobs("我在一家银行上班。", "I work at a bank in the city.")
    assert facts and all("(at work)" not in text for _, _, text in facts), facts


def test_a_home_said_beside_a_job_is_no_home_at_work() -> None:
    clock = ManualClock(_JUNE)
    memory = Memory(":memory:", clock=clock)
    try:
        for day, text in enumerate(("我住在上海，在一家银行上班。", "我上个月搬到杭州了。")):
            clock.now = _JUNE + timedelta(days=10 * day)
            memory.add([{"role": "user", "content": text, "timestamp": clock.now.isoformat()}],
                       user_id="ida")
        homes = [f.text for f in memory.facts.list(user_id="ida") if f.predicate == "lives_in"]
    finally:
        memory.close()
    assert len(homes) == 1 and "杭州" in homes[0], homes  # 上海 ended: it was no "at work" home


def test_a_job_said_with_its_workplace_keeps_both_and_a_new_employer_ends_only_the_place(
        ) -> None:
    facts = _jobs("I'm a nurse at St. Mary's.", "I started at Charité last week.")
    current = [text for status, _, text in facts if status == "active"]
    assert any("nurse" in text for text in current), facts
    assert any("Charité" in text for text in current), facts
    assert any("St. Mary's" in text and status == "superseded" for status, _, text in facts)
