"""A change, not a correction: "no longer at X, now at Y" ends X and holds Y, in every
language. "Je ne suis plus chez Decathlon" had been read as a new Decathlon-brand thing, which
ended the new employer said right after it; "non sono più alla Fiat" and "I'm no longer at
Tesco" were kept as facts of their own. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

CASES = {
    "fr": ("Je travaille chez Renault à Flins.",
           "Je ne suis plus chez Renault, maintenant je bosse chez Peugeot.", "renault",
           "peugeot"),
    "en": ("I work at Tesco in Leeds.", "I'm no longer at Tesco, now I work at Asda.", "tesco",
           "asda"),
    "de": ("Ich arbeite bei Siemens.", "Ich bin nicht mehr bei Siemens, jetzt arbeite ich bei "
           "Bosch.", "siemens", "bosch"),
    "es": ("Trabajo en Telefónica.", "Ya no estoy en Telefónica, ahora trabajo en Iberdrola.",
           "telefónica", "iberdrola"),
    "it": ("Lavoro alla Fiat.", "Non sono più alla Fiat, adesso lavoro alla Ferrari.", "fiat",
           "ferrari"),
    "pt": ("Trabalho na Sonae.", "Já não estou na Sonae, agora trabalho na Galp.", "sonae",
           "galp"),
    "nl": ("Ik werk bij Philips.", "Ik zit niet meer bij Philips, nu werk ik bij ASML.",
           "philips", "asml"),
    "zh": ("我在华为上班。", "我已经不在华为了，现在在腾讯上班。", "华为", "腾讯"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_old_place_ends_and_the_new_one_holds(lang: str) -> None:
    first, change, old, new = CASES[lang]
    with said_a_day_apart(first, change, start=_DAY, user_id=lang, lang=lang) as memory:
        current = [f.text.casefold() for f in memory.facts.list(user_id=lang)]
        assert any(new in t for t in current), current
        assert not any(old in t for t in current), current
        ended = [f for f in memory.facts.history(user_id=lang) if old in f.text.casefold()]
        assert ended and all(f.status is Status.SUPERSEDED for f in ended), \
            [(f.text, f.status) for f in ended]
