"""A short sentence whose verb says who speaks, in a language that drops the subject
("Soffro di vertigini", "Sufro de migrañas", "Sofro de asma"), is a sentence, no fragment.

Three words with no subject pronoun were dropped as a fragment, so "what does Davide suffer
from?" had no answer. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_DAY = datetime(2026, 2, 2, 12, 0, tzinfo=UTC)

SAID = {
    "it": ("Le dico una cosa: soffro di vertigini.", "vertigini"),
    "es": ("Sufro de migrañas.", "migrañas"),
    "pt": ("Sofro de asma.", "asma"),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_short_sentence_with_the_users_own_verb_is_kept(lang: str) -> None:
    said, word = SAID[lang]
    facts = current_facts(said, start=_DAY, lang=lang, days=1)
    assert [t for t in facts if word in t], facts


@pytest.mark.parametrize("said", ["Como siempre.", "Canto del gallo."])
def test_a_word_that_is_also_a_verb_makes_no_sentence(said: str) -> None:
    assert current_facts(said, start=_DAY, lang="es", days=1) == []
