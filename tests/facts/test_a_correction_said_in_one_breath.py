"""A correction said in one breath in chat, without capitals: what the user told before, the
word that it was wrong and the right thing, all in one clause ("hab dir neulich erzählt dass
jule in dortmund wohnt, stimmt gar nich, die wohnt in unna"), puts the held fact right, as
the same said in sentences of their own does. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

IN_ONE_BREATH = {
    "de": ("meine schwester jule wohnt in dortmund un hat nen neuen job",
           "hab dir neulich erzählt dass jule in dortmund wohnt, stimmt gar nich, die wohnt in "
           "unna.", "unna", "dortmund"),
    "fr": ("ma sœur léa habite à lille et bosse dans une banque",
           "je t'ai dit que léa habite à lille, c'est faux, elle habite à roubaix", "roubaix",
           "lille"),
}


@pytest.mark.parametrize("lang", sorted(IN_ONE_BREATH))
def test_the_held_fact_is_put_right(lang: str) -> None:
    before, correction, right, wrong = IN_ONE_BREATH[lang]
    now = current_facts(before, correction, start=_MAY, lang=lang, days=20)
    assert [t for t in now if t.startswith("the user's sister") and right in t], now
    assert not [t for t in now if wrong in t], now
    assert not [t for t in now if t.startswith("the user (") and right in t], now
