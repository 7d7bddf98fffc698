"""Rules about language the offline reader follows when it cuts clauses and writes a fact's
sentence: first person to third person with agreement everywhere in the clause, and a second
verb after "and" / "und" kept as a clause of its own. Sentences written for these tests."""

from __future__ import annotations

import pytest

from lucidmem import Memory
from lucidmem.facts.clauses import clauses_of
from lucidmem.facts.offline_rules import clean_object
from lucidmem.facts.render import english_third_person


@pytest.mark.parametrize(("said", "written"), [
    ("I also need my tooth fixed", "The user also needs the user's tooth fixed"),
    ("I feed the ducks on Sundays", "The user feeds the ducks on Sundays"),
    ("I moved to Ghent", "The user moved to Ghent"),
    ("I play the cello and sing in a choir", "The user plays the cello and sings in a choir"),
    ("I like tea and coffee in the morning", "The user likes tea and coffee in the morning"),
    ("I'm renting a flat and I'm looking for a job",
     "The user is renting a flat and the user is looking for a job"),
    ("My brother visits before I leave Rome",
     "The user's brother visits before the user leaves Rome"),
    ("Good news, I've passed my exam", "Good news, the user has passed the user's exam"),
    ("Long week, I love the new team though", "Long week, the user loves the new team though"),
])
def test_an_english_clause_is_in_the_third_person_with_its_verbs_agreeing(said: str,
                                                                         written: str) -> None:
    assert english_third_person(said) == written


@pytest.mark.parametrize(("sentence", "clauses"), [
    ("I teach maths and live in Leeds.", ["I teach maths", "I live in Leeds."]),
    ("Ich arbeite bei Bosch und wohne in Ulm.", ["Ich arbeite bei Bosch", "Ich wohne in Ulm."]),
    ("My aunt is a baker, and I can't eat gluten.", ["My aunt is a baker", "I can't eat gluten."]),
    ("Ich habe einen Hund und eine Katze.", ["Ich habe einen Hund und eine Katze."]),
    ("I like bread and butter.", ["I like bread and butter."]),
    # the languages that drop the subject: the verb says it
    ("Moro em Porto e trabalho como professora.", ["Moro em Porto", "trabalho como professora."]),
    ("Vivo en Madrid y trabajo como enfermera.", ["Vivo en Madrid", "trabajo como enfermera."]),
    ("Abito a Roma e lavoro come infermiera.", ["Abito a Roma", "lavoro come infermiera."]),
    ("Trabajo en Zara y estudio inglés por las tardes.",
     ["Trabajo en Zara", "estudio inglés por las tardes."]),
    ("Vivo en Madrid con mi novio y su hermano.", ["Vivo en Madrid con mi novio y su hermano."]),
    ("Sono distrutto, due ore di sax e ho le labbra a pezzi.",
     ["Sono distrutto, due ore di sax e ho le labbra a pezzi."]),
])
def test_a_second_verb_or_subject_after_and_starts_its_own_clause(sentence: str,
                                                                 clauses: list[str]) -> None:
    assert [c.text for c in clauses_of(sentence)] == clauses


def test_a_rule_object_never_ends_in_a_conjunction() -> None:
    assert clean_object("the violin and") == "the violin"
    assert clean_object("Klavier und") == "Klavier"


def test_both_verbs_of_a_coordinated_statement_become_facts() -> None:
    memory = Memory(":memory:")
    try:
        memory.add([{"role": "user", "content": "I teach maths and live in Leeds."}],
                   user_id="kai")
        memory.add([{"role": "user", "content": "I play the cello and sing in a choir."}],
                   user_id="kai")
        texts = [f.text for f in memory.facts.list(user_id="kai")]
    finally:
        memory.close()
    assert any("Leeds" in t for t in texts), texts
    assert any("sings in a choir" in t for t in texts), texts
    assert not any(t.rstrip().endswith(" and") for t in texts), texts


def _history(turns: list[str], zone: str = "Europe/Berlin") -> list[tuple[str, str]]:
    from datetime import UTC, datetime, timedelta

    from lucidmem.clock import ManualClock

    clock = ManualClock(datetime(2025, 6, 3, 8, 0, tzinfo=UTC))
    memory = Memory(":memory:", clock=clock)
    try:
        for text in turns:
            clock.now = clock.now + timedelta(days=1)
            memory.add([{"role": "user", "content": text, "timestamp": clock.now.isoformat()}],
                       user_id="ida", metadata={"timezone": zone})
        return [(f.status, f.text) for f in memory.facts.history(user_id="ida")]
    finally:
        memory.close()


def test_only_x_said_of_the_past_is_no_new_exclusive_habit() -> None:
    held = _history(["Morgens trinke ich immer Pfefferminztee mit Honig.",
                     "Auf der Hütte hab ich nur Wasser getrunken, wie immer eigentlich."])
    assert ("active", "The user (drinks): Morgens trinke ich immer Pfefferminztee mit Honig") \
        in held, held
    held = _history(["Morgens trinke ich immer Pfefferminztee mit Honig.",
                     "Beim Wandern nur Wasser getrunken, wie immer eigentlich."])
    assert any(s == "active" and "Pfefferminztee" in t for s, t in held), held


def test_a_clause_about_someone_the_turn_does_not_name_is_not_the_users() -> None:
    held = _history(["buona idea, lei va sempre in piscina la mattina",
                     "ha portato una crostata alla festa"])
    assert not any("piscina" in t or "crostata" in t for _, t in held), held
    held = _history(["ho portato una crostata alla festa di Giulio"])
    assert any("crostata" in t for _, t in held), held


def test_a_clause_whose_only_object_is_a_pronoun_states_nothing() -> None:
    held = _history(["My neighbour gave me a sourdough starter, and I love it.",
                     "I bake bread every Sunday."])
    texts = [t for _, t in held]
    assert not any(t.rstrip(".") in ("The user loves it", "The user (likes): I love it")
                   for t in texts), texts
    assert any("bakes bread" in t for t in texts), texts


def test_a_past_act_without_subject_is_no_job() -> None:
    held = _history(["I'm a physiotherapist at a clinic in Graz.",
                     "Already found a locksmith."])
    texts = [t for _, t in held]
    assert not any("locksmith" in t for t in texts), texts
    assert any("physiotherapist" in t for t in texts), texts


def test_the_users_own_words_in_a_fact_about_someone_else_are_in_the_third_person() -> None:
    held = _history(["My brother Olek is visiting on Friday before I fly to Oslo."])
    texts = [t for _, t in held]
    assert any("before the user flies to Oslo" in t for t in texts), texts


@pytest.mark.parametrize(("first", "correction", "held_now", "wrong"), [
    ("My dentist appointment is on Thursday.", "Correction: not Thursday, Friday.",
     "dentist appointment is on Friday 14 March 2025", "Thursday"),
    ("Mein Zahnarzttermin ist am Donnerstag.", "Korrektur: nicht Donnerstag, sondern Freitag.",
     "Zahnarzttermin ist Friday 14 March 2025", "Thursday"),
    ("Meine Cousine Ida heiratet am 12. Juli.",
     "Korrektur: die Hochzeit ist nicht am 12., sondern am 19. Juli.",
     "heiratet am 19 July 2025", "12 July"),  # Ida's day to come, moved
    # the correction's clause reads as a routine ("der Termin ist am Mittwoch"): one day set
    # against another with no habit said is still the appointment's day
    ("Der Termin beim Zahnarzt ist am Dienstag um 10:30.",
     "Kleine Korrektur zum Zahnarzt: der Termin ist am Mittwoch, nicht am Dienstag.",
     "Wednesday 19 March 2025", "Tuesday"),
])
def test_a_corrected_day_moves_the_fact_and_keeps_what_it_is_about(
        first: str, correction: str, held_now: str, wrong: str) -> None:
    from datetime import UTC, datetime, timedelta

    from lucidmem.clock import ManualClock

    clock = ManualClock(datetime(2025, 3, 12, 8, 0, tzinfo=UTC))  # a Wednesday
    memory = Memory(":memory:", clock=clock)
    try:
        for text in (first, correction):
            clock.now = clock.now + timedelta(minutes=2)
            memory.add([{"role": "user", "content": text, "timestamp": clock.now.isoformat()}],
                       user_id="ida", metadata={"timezone": "Europe/Berlin"})
        now = [f.text for f in memory.facts.list(user_id="ida")]
    finally:
        memory.close()
    assert any(held_now in t for t in now), now
    assert not any(wrong in t for t in now), now


def test_a_german_ordinal_date_does_not_end_the_sentence() -> None:
    assert [c.text for c in clauses_of("Am 3. März hab ich Geburtstag.")] == \
        ["Am 3. März hab ich Geburtstag."]
    assert [c.text for c in clauses_of("Ich bin 12. Das ist alt.")] == ["Ich bin 12.",
                                                                          "Das ist alt."]


def test_a_german_clause_with_its_verb_before_ich_is_a_clause_of_its_own() -> None:
    assert [c.text for c in clauses_of(
        "Ich hab gekündigt, ab Juni bin ich bei einer Tierarztpraxis in Kiel.")] == \
        ["Ich hab gekündigt", "ab Juni bin ich bei einer Tierarztpraxis in Kiel."]
    assert [c.text for c in clauses_of("Gestern, als ich heimkam, war alles ruhig.")] == \
        ["Gestern, als ich heimkam, war alles ruhig."]


def test_a_new_workplace_said_after_quitting_is_the_employer() -> None:
    held = _history(["Ich arbeite bei der Volksbank.",
                     "Ich hab gekündigt, ab Juni bin ich bei einer Tierarztpraxis in Kiel."])
    assert any("Tierarztpraxis" in t and "(employer)" in t for _, t in held), held


@pytest.mark.parametrize(("said", "month"), [
    ("desde febrero vivo en Cádiz", "since February 2025"),
    ("seit Januar spiele ich Bratsche", "since January 2025"),
    ("depuis janvier je nage le mardi", "since January 2025"),
    ("da febbraio lavoro da casa", "since February 2025"),
    ("since January I cycle to work", "since January 2025"),
])
def test_since_a_month_is_a_beginning_in_the_past(said: str, month: str) -> None:
    from datetime import UTC, datetime

    from lucidmem.facts.render import with_dates

    written, days = with_dates(said, datetime(2025, 3, 12, 9, 0, tzinfo=UTC), None)
    assert month in written, written
    assert days and days[0].first.month in (1, 2) and days[0].first.year == 2025


def test_a_name_that_folds_to_a_month_is_not_a_date() -> None:
    from datetime import UTC, datetime

    from lucidmem.facts.render import with_dates

    assert with_dates("vado da Marco per cena", datetime(2025, 3, 12, tzinfo=UTC), None)[1] == []


def test_no_before_a_noun_is_a_negation_not_an_interjection() -> None:
    from lucidmem.facts.render import span_of

    assert span_of("no dairy after six, doctor's orders", "en") == \
        "no dairy after six, doctor's orders"
    assert span_of("No, I live in Graz.", "en").startswith("I live in Graz")
    assert span_of("remember I can't eat shellfish", "en") == "I can't eat shellfish"


def test_elliptical_states_and_the_time_of_the_turn_are_not_facts() -> None:
    held = _history(["Can you leave out the walnuts? I'm not allergic, I'm just picky.",
                     "Hey! It's the night before my exam, so keep it short.",
                     "Nina Simone mostly, sometimes Chet Baker."])
    texts = [t for _, t in held]
    assert not any(t.endswith("isn't allergic") for t in texts), texts
    assert not any("night before" in t for t in texts), texts
    assert not any("(people)" in t for t in texts), texts


def test_and_remember_i_starts_a_clause() -> None:
    assert [c.text for c in clauses_of("Tom is vegan, and remember I can't eat shellfish.")] \
        == ["Tom is vegan", "remember I can't eat shellfish."]


@pytest.mark.parametrize(("said", "place"), [
    ("Big news: I moved to Ghent last month.", "Ghent"),
    ("Big news: I moved to Viña del Mar last month.", "Viña del Mar"),
])
def test_a_place_name_does_not_take_the_month_written_after_it(said: str, place: str) -> None:
    homes = [t for _, t in _history([said]) if t.startswith("The user lives in")]
    assert homes and all(t.startswith(f"The user lives in {place} (") for t in homes), homes


@pytest.mark.parametrize(("said", "org"), [
    ("faccio il fisioterapista al Policlinico Santa Maria delle Grazie, a Napoli, e stasera ho "
     "il turno", "Policlinico Santa Maria delle Grazie"),
    ("trabalho no Museu das Comunicações em Lisboa", "Museu das Comunicações"),
    ("je bosse à la Maison des Jeunes de Sherbrooke depuis deux ans",
     "Maison des Jeunes de Sherbrooke"),
])
def test_an_employers_name_keeps_the_particles_inside_it(said: str, org: str) -> None:
    employers = [t for _, t in _history([said]) if t.startswith("The user works at")]
    assert employers and all(t.startswith(f"The user works at {org}") for t in employers), \
        employers


@pytest.mark.parametrize(("said", "home", "job"), [
    ("Moro em Porto e trabalho como professora.", "Porto", "professora"),
    ("Vivo en Madrid y trabajo como enfermera.", "Madrid", "enfermera"),
    ("Abito a Roma e lavoro come infermiera.", "Roma", "infermiera"),
])
def test_a_home_and_a_job_said_with_the_subject_in_the_verb_are_both_kept(
        said: str, home: str, job: str) -> None:
    memory = Memory(":memory:")
    try:
        memory.add([{"role": "user", "content": said}], user_id="kai")
        facts = {f.predicate: f.text for f in memory.facts.list(user_id="kai")}
    finally:
        memory.close()
    assert home in facts.get("lives_in", ""), facts
    assert job in facts.get("occupation", ""), facts


def test_a_number_before_a_small_letter_ends_the_sentence_outside_german_dates() -> None:
    assert [c.text for c in clauses_of("dan wordt lotte 30. o nee wacht, 28 oktober.")] == \
        ["dan wordt lotte 30.", "o nee wacht, 28 oktober."]
    assert [c.text for c in clauses_of("ich hab am 3. und 4. frei")] == \
        ["ich hab am 3. und 4. frei"]
