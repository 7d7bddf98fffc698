"""A remark that ends on what is over ("…, 15 minutos por el malecón, ya no pierdo una hora en
el metrobús", "…, quando abitavo a Mestre ci mettevo un'ora") held now with the old state in
it: a question about how the user gets to work now heard the bus the user no longer takes.
The pieces after the first that open with what ended (cue ``what_ended``) are left out of the
fact's text; the evidence keeps the whole clause. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_JUNE = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)

CASES = {
    "en": ("three weeks cycling to the depot now, 15 min along the canal, no more sitting on "
           "the 38 bus", "canal", "38 bus"),
    "fr": ("je vais au boulot en trottinette maintenant, dix minutes par les quais, fini le bus "
           "12 bondé", "trottinette", "bus 12"),
    "es": ("ahora voy al taller en bici, 15 minutos por el malecón, ya no pierdo una hora en el "
           "metrobús", "bici", "metrobús"),
    "it": ("adesso vado in ufficio a piedi, dieci minuti, quando abitavo a Mestre ci mettevo "
           "un'ora", "piedi", "mestre"),
    "pt": ("vou de bicicleta pro trabalho agora, 15 minutos pela orla, acabou o sufoco do "
           "ônibus 35", "bicicleta", "ônibus"),
    "zh": ("现在骑电动车去厂里，十五分钟就到，不用再挤公交了", "电动车", "公交"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_what_ended_is_left_out_of_the_remark(lang: str) -> None:
    said, now, over = CASES[lang]
    facts = current_facts(said, start=_JUNE, lang=lang, days=1)
    assert [f for f in facts if now in f], facts
    assert not [f for f in facts if over in f], facts


def test_what_ended_said_first_is_the_statement_itself() -> None:
    # ("ya no como carne" is what holds now: the first piece is never left out)
    facts = current_facts("ya no como carne, solo pescado y verduras", start=_JUNE, lang="es",
                          days=1)
    assert [f for f in facts if "ya no como carne" in f and "pescado" in f], facts
