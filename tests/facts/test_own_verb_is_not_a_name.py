"""A clause that starts with the speaker's own verb, capitalised ("Hago yoga los martes",
"Faço pilates às terças", "Faccio yoga il lunedì"), is the user's: the verb is not someone's
name. Spanish, Portuguese and Italian drop the subject, so such a clause starts with the verb;
before this change the verb was read as a person ("Hago (sport): yoga los martes"). A name
that starts a clause ("Facundo vive en Rocha") is still that person's. Sentences written for
these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

OWN_VERB_FIRST = {
    "es": ("Hago yoga los martes con mi vecina.", "hago", "yoga"),
    "pt": ("Faço pilates às terças depois do trabalho.", "faço", "pilates"),
    "it": ("Faccio nuoto il giovedì sera.", "faccio", "nuoto"),
}


@pytest.mark.parametrize("lang", sorted(OWN_VERB_FIRST))
def test_a_capitalised_own_verb_is_the_users_clause(lang: str) -> None:
    said, verb, value = OWN_VERB_FIRST[lang]
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        facts = [f for f in memory.facts.list(user_id=lang) if value in f.text.casefold()]
        assert facts, f"no fact about {value}"
        for fact in facts:
            assert fact.subject == "user", fact
            assert fact.text.startswith("The user"), fact.text
        assert not any(f.subject.casefold() == verb for f in memory.facts.list(user_id=lang))


@pytest.mark.parametrize(("lang", "said", "name"), [
    ("es", "Facundo vive en Rocha desde marzo.", "Facundo"),
    ("pt", "Bruno mora em Setúbal com a namorada.", "Bruno"),
])
def test_a_name_that_starts_a_clause_stays_that_persons(lang: str, said: str, name: str) -> None:
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        facts = memory.facts.list(user_id=lang)
        assert any(f.subject == name for f in facts), [f.text for f in facts]
