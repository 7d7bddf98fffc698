"""What the user told before, called wrong between commas, with the right value after it.

"I told you Mel lives in Leeds, not true, she lives in York", "Hab dir neulich erzählt, dass
Jule in Bielefeld wohnt, stimmt gar nicht, die wohnt in Gütersloh": the words that call it
wrong stood between what was said and what is right, without "that's" before them, so the
sentence was read whole: "I told you Mel lives in Leeds" became the user's own home in Leeds,
and the sister's old home stayed. The sentence is cut after the words that call it wrong; the
first part is a correction's opening (its wrong value is carried), the second puts it right.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

CALLED_WRONG = {
    # what was said, the correction, the right place, the wrong one
    "en": ("My sister Mel lives in Leeds and just got a puppy.",
           "I told you Mel lives in Leeds, not true, she lives in York.", "york", "leeds"),
    "de": ("Meine Cousine Jule wohnt in Bielefeld und hat einen Welpen.",
           "Hab dir neulich erzählt, dass Jule in Bielefeld wohnt, stimmt gar nicht, die wohnt "
           "in Gütersloh.", "gütersloh", "bielefeld"),
    "fr": ("Ma sœur Léa habite à Lyon.",
           "Je t'ai dit que Léa habite à Lyon, c'est faux, elle habite à Lille.", "lille",
           "lyon"),
    "it": ("Mia sorella Sara abita a Pisa.",
           "Ti ho detto che Sara abita a Pisa, non è vero, abita a Lucca.", "lucca", "pisa"),
    "pt": ("Minha irmã Bia mora em Santos.",
           "Te disse que a Bia mora em Santos, não é verdade, ela mora em Osasco.", "osasco",
           "santos"),
    "nl": ("Mijn zus Sanne woont in Gouda.",
           "Ik heb je gezegd dat Sanne in Gouda woont, dat klopt niet, ze woont in Delft.",
           "delft", "gouda"),
}


@pytest.mark.parametrize("lang", sorted(CALLED_WRONG))
def test_the_right_value_replaces_what_was_called_wrong(lang: str) -> None:
    said, correction, right, wrong = CALLED_WRONG[lang]
    facts = current_facts(said, correction, start=_MAY, lang=lang, days=3)
    assert any(right in f for f in facts), facts
    assert not any(wrong in f for f in facts), facts
    assert not any(f.startswith("the user lives") for f in facts), facts
