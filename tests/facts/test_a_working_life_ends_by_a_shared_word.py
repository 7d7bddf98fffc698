"""A cessation read as one part of the working life (work, employer, occupation) ends a fact
of another part when they share a name or a whole word ("Mit'm Kurhotel is Schluss" ends
"Konditor im Kurhotel"), not when a word only shares its stem ("non ci metto più piede" is no
end of the job said with "ci andavo a piedi"). The pure function over records, with records
written for these tests."""

from __future__ import annotations

from lucidmem.facts import lifecycle
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.records import Kind, Record, new_record


def _fact(n: int, slot: str, said: str, lang: str, **more: object) -> Record:
    data = {"subject": USER_SUBJECT, "slot": slot, "object": said, "evidence": said,
            "language": lang, "predicate": "works_at" if slot == "employer" else slot, **more}
    return new_record(f"f{n}", Kind.FACT, "u", float(n), data, text=said, layer=1,
                      occurred_at=float(n))


def test_a_shared_whole_word_ends_the_job_of_another_part() -> None:
    job = _fact(1, "occupation", "I bin da Sepp, Konditor im Kurhotel in Villach", "de")
    over = _fact(2, "work", "Mit'm Kurhotel is Schluss, i mag nimma", "de", cessation=True)
    assert lifecycle.cessation_targets(over, [job]) == [job]


def test_a_word_that_only_shares_its_stem_ends_no_job() -> None:
    job = _fact(1, "employer", "da quando sono al caseificio Valgrana prendo la macchina, "
                "alla latteria di prima ci andavo a piedi", "it")
    over = _fact(2, "work", "al bar della piazza non ci metto più piede", "it", cessation=True)
    assert lifecycle.cessation_targets(over, [job]) == []
