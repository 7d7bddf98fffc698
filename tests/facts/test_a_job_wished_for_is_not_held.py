"""A job the user wants to become ("Ik wil als zij-instromer docent worden", "voglio
diventare infermiera", "I want to become a midwife") is a step towards a job, like an
application: the job the user holds goes on.

The wish was read as the job itself, so the user's real job ended the day they said what they
hoped for. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 2, 9, 19, 0, tzinfo=UTC)

WISHED = {
    # the job held, the wish, a word only the job held says
    "nl": ("Ik ben laborant bij Zorgtraject in Delft.",
           "Ik wil als zij-instromer docent scheikunde worden, op een school in Rijswijk.",
           "Zorgtraject"),
    "en": ("I'm a receptionist at Harrow Vets.",
           "I want to become a midwife one day, I've started looking at courses.",
           "Harrow Vets"),
    "it": ("Faccio la commessa alla Coop di Lugo.",
           "Voglio diventare infermiera, l'anno prossimo provo il test.",
           "Coop"),
}


@pytest.mark.parametrize("lang", sorted(WISHED))
def test_a_wished_job_leaves_the_job_held(lang: str) -> None:
    held, wish, word = WISHED[lang]
    with said_a_day_apart(held, wish, start=_DAY, user_id="w", lang=lang, days=30) as memory:
        current = [f.text for f in memory.facts.list(user_id="w")]
    assert [t for t in current if word in t], current


def test_wanting_something_else_at_work_in_dutch_leaves_the_job() -> None:
    with said_a_day_apart("Ik ben laborant bij Zorgtraject in Delft.",
                          "Na tien jaar pipetteren wil ik eindelijk met mensen werken.",
                          start=_DAY, user_id="w", lang="nl", days=30) as memory:
        current = [f.text for f in memory.facts.list(user_id="w")]
    assert [t for t in current if "Zorgtraject" in t], current
