"""The job a user said in lowercase chat, or read as another kind of fact, ends when a new
employer is said: "im priya, junior architect at hollis and reed" (no capitals, so no name
to compare) gives way to "first week at Brackley Homes done" (or "1ere semaine a l'ong
finie", said with a number and no accents); so does "I've been a cashier at Northgate
Books for six years", read as an event. A remark in lowercase that names no workplace of
the user's ("sono sceso a 8 al giorno") stays. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "before", "after", "old", "new"), [
    ("en", "hey! im priya btw, junior architect at hollis and reed on canal street. can u "
     "help me with an email", "first week at Brackley Homes done!! the site visits are fun",
     "hollis", "brackley"),
    ("es", "hola, soy nerea, dependienta en la ferreteria los almendros, me ayudas con un "
     "cartel?", "primera semana en Correos terminada!! madrugar cuesta", "almendros",
     "correos"),
    # a French writer who leaves the accents out and opens a practice with a colleague
    ("fr", "coucou! jsuis orthophoniste au centre les tilleuls, et le bus le matin c long",
     "premiere semaine dans notre cabinet a ville-la-grand!! 6 patients deja",
     "tilleuls", "cabinet"),
    # "1ere" for "première", "a" for "à", and a name after "l'"
    ("fr", "jsuis téléconseiller dans un centre d'appels a mahajanga depuis 4 ans",
     "1ere semaine a l'ong finie!! horaires de bureau enfin", "téléconseiller", "ong"),
])
def test_a_job_said_in_lowercase_ends_with_a_new_employer(lang: str, before: str, after: str,
                                                          old: str, new: str) -> None:
    current = current_facts(before, after, start=_MAY, lang=lang, days=40)
    assert any(new in text for text in current), current
    assert not any(old in text for text in current), current


def test_a_job_read_as_another_kind_ends_with_a_new_employer() -> None:
    current = current_facts(
        "Can you help me with a cover letter? Brightwater Shipping is hiring a clerk at their "
        "depot. I've been a cashier at Northgate Books on Mill Road for six years, and I'm "
        "tired of standing all day.", "Phew, first week at Brightwater done!", start=_MAY,
        lang="en", days=40)
    assert any("works at brightwater" in text for text in current), current
    assert not any("northgate" in text for text in current), current


def test_a_lowercase_remark_with_no_workplace_of_the_users_stays() -> None:
    current = current_facts(
        "aggiornamento: sono sceso a 8 sigarette al giorno con i cerotti",
        "prima settimana da Luxottica finita!! tutto bene", start=_MAY, lang="it", days=40)
    assert any("luxottica" in text for text in current), current
    assert any("8 sigarette" in text for text in current), current
