"""A lasting fear that keeps the user from something ("ho il terrore di volare", "I'm
terrified of flying", "ich hab Höhenangst"): a trait like what the user cannot do, kept as a
fact however short the clause is.

A short clause that names nothing was dropped as a passing remark, so "does she fly?" had no
answer. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_DAY = datetime(2026, 4, 20, 18, 0, tzinfo=UTC)

AFRAID = {
    "en": ("Honestly I'm terrified of flying.", "flying"),
    "de": ("Ich hab halt Höhenangst.", "höhenangst"),
    "fr": ("Moi j'ai peur de l'avion.", "avion"),
    "es": ("Yo tengo miedo a volar.", "volar"),
    "it": ("Mio marito ride, ma io ho il terrore di volare.", "volare"),
    "pt": ("Eu tenho pavor de avião.", "avião"),
    "nl": ("Ik heb vliegangst.", "vliegangst"),
}


@pytest.mark.parametrize("lang", sorted(AFRAID))
def test_a_fear_is_kept_as_the_users(lang: str) -> None:
    said, word = AFRAID[lang]
    facts = current_facts(said, start=_DAY, lang=lang, days=1)
    assert [t for t in facts if word in t and t.startswith("the user")], facts


def test_a_short_mood_with_no_fear_named_still_stores_nothing() -> None:
    assert current_facts("Ho una fame incredibile.", start=_DAY, lang="it", days=1) == []
