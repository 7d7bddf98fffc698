"""What the user cannot do ("I can't swim, never learned", "ik kan niet zwemmen", "não sei
nadar"): a lasting trait, said with a negation.

The slot reader leans to a dislike for such a clause, and a dislike with nothing said
disliked was dropped as a negated remark, so "can Dirk swim?" had no answer. Now a clause
that says what the user cannot do is kept as a fact about the user. Sentences written for
these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_DAY = datetime(2026, 5, 4, 18, 0, tzinfo=UTC)

CANNOT = {
    "en": ("Honestly I can't swim, never learned as a kid.", "swim"),
    "de": ("Ich kann nicht schwimmen, hab's nie gelernt.", "schwimmen"),
    "fr": ("Moi je ne sais pas nager, personne ne m'a appris.", "nager"),
    "es": ("Yo no sé nadar, nunca aprendí de niña.", "nadar"),
    "it": ("Io non so nuotare, da piccolo nessuno mi ha insegnato.", "nuotare"),
    "pt": ("Eu não sei nadar, nunca aprendi.", "nadar"),
    "nl": ("Ik kan niet zwemmen, nooit geleerd.", "zwemmen"),
}


@pytest.mark.parametrize("lang", sorted(CANNOT))
def test_what_the_user_cannot_do_is_kept(lang: str) -> None:
    said, word = CANNOT[lang]
    facts = current_facts(said, start=_DAY, lang=lang, days=1)
    assert [t for t in facts if word in t and t.startswith("the user")], facts


@pytest.mark.parametrize("lang, said", [("en", "I don't really get why people queue for brunch."),
                                        ("nl", "Ik geloof er geen bal van.")])
def test_a_negated_remark_with_no_inability_still_stores_nothing(lang: str, said: str) -> None:
    assert current_facts(said, start=_DAY, lang=lang, days=1) == []
