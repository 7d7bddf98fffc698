"""Two kinds of a statement of the user's that someone else's words follow in one sentence:

* "…, and my mum says …" ("y mami dice", "e a minha mãe diz"): the words after "and" are a
  clause of their own, the relative speaking named by a relation word as by a name, so the
  user's statement before them is still read;
* an eye-roll emoji (🙄 🙃 😒) at the end rolls its eyes at the clause it closes — what the
  other person said — not at the whole sentence, as a question mark belongs to its last
  clause.

Sentences written for these tests; before this change the move was not stored.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

AND_MUM_SAYS = {
    "es": ("mi prima Nerea se muda a Vigo en abril, y mami dice que no durará ni un mes",
           "Vigo"),
    "pt": ("o meu primo Tiago vai viver para Viseu em maio, e a minha mãe diz que ele volta "
           "logo", "Viseu"),
}

EYES_ROLLED_AT_THE_LAST_CLAUSE = {
    "en": ("my cousin Dylan is moving to Cork next month, and my mum says he'll be back by "
           "Christmas 🙄", "Cork"),
    "es": ("mi prima Nerea se muda a Vigo en abril, y mami dice que no durará ni un mes 🙄",
           "Vigo"),
    "it": ("mio fratello Dario si trasferisce a Trento a maggio, e mia madre dice che tornerà "
           "subito 🙄", "Trento"),
    "pt": ("o meu primo Tiago vai viver para Viseu em maio, e a minha mãe diz que ele volta "
           "logo 🙄", "Viseu"),
    "nl": ("mijn neef Bram verhuist in mei naar Zwolle, en mijn moeder zegt dat hij zo terug "
           "is 🙄", "Zwolle"),
}


@pytest.mark.parametrize("case", sorted(AND_MUM_SAYS))
def test_the_statement_before_and_mum_says_is_read(case: str) -> None:
    said, place = AND_MUM_SAYS[case]
    with said_a_day_apart(said, start=_START, user_id=case) as memory:
        texts = [f.text for f in memory.facts.list(user_id=case)]
        assert any(place in t for t in texts), texts


@pytest.mark.parametrize("case", sorted(EYES_ROLLED_AT_THE_LAST_CLAUSE))
def test_an_eye_roll_belongs_to_the_clause_it_closes(case: str) -> None:
    said, place = EYES_ROLLED_AT_THE_LAST_CLAUSE[case]
    with said_a_day_apart(said, start=_START, user_id=case) as memory:
        texts = [f.text for f in memory.facts.list(user_id=case)]
        assert any(place in t for t in texts), texts


def test_an_eye_roll_after_praise_is_still_sarcasm() -> None:
    said = "up at 4am for the market again, I just love my life 🙄"
    with said_a_day_apart(said, start=_START, user_id="s") as memory:
        texts = [f.text.casefold() for f in memory.facts.list(user_id="s")]
        assert not any("love" in t for t in texts), texts
