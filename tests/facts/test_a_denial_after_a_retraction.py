"""What was taken back, denied in a sentence of its own after the retraction ("esqueça o que
lhe disse sobre a bolsa do Dário … O meu filho nunca teve bolsa nenhuma"), and why it was
taken back said as "it was a mistake" ("Foi engano", "it was a mistake").

The denial was stored as a fact about the son that named the scholarship again, so "does he
have a scholarship?" found one. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_DAY = datetime(2026, 4, 20, 18, 0, tzinfo=UTC)

DENIED = {  # (the news, its retraction and denial, the word that must not stay)
    "pt": ("Saiu uma bolsa para a Inês estudar em Lisboa, vi o nome dela na lista!",
           "Esqueça o que lhe disse sobre a bolsa da Inês. Foi engano: era outra Inês. A minha "
           "filha nunca teve bolsa nenhuma e ficou triste.", "bolsa"),
    "en": ("My son Leo got a scholarship for Edinburgh, I saw his name on the list!",
           "Forget what I told you about Leo's scholarship. It was a mistake, it was another "
           "Leo. My son never had any scholarship and he's gutted.", "scholarship"),
}


@pytest.mark.parametrize("lang", sorted(DENIED))
def test_a_denial_of_what_was_taken_back_stores_nothing(lang: str) -> None:
    news, taken_back, word = DENIED[lang]
    facts = current_facts(news, taken_back, start=_DAY, lang=lang, days=3)
    assert not [t for t in facts if word in t], facts
