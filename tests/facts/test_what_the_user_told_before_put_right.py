"""What the user says they told before, put right in the same breath ("I told you my mum lives
in Leith, but that's Portobello", "ik heb u ooit gezegd dat mijn ma in Daknam woont, maar dat
is Eksaarde"), is the wrong value, never a new fact: before, "The user lives in Leith" and
"The user lives in Daknam" were stored, the user's own home read from the mother's wrong one.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_told_then_restated_after_a_comma_corrects_the_value() -> None:
    now = current_facts("My mum lives in Leith, near the shore.",
                        "I told you my mum lives in Leith, but that's Portobello.",
                        start=_MAY, lang="en", days=30)
    assert "the user's mother lives in portobello" in now, now
    assert not [t for t in now if "leith" in t], now


@pytest.mark.parametrize(("lang", "first", "correction", "wrong"), [
    ("en", "My mum lives in Leith, near the shore.",
     "Small correction: I told you my mum lives in Leith, but that's Portobello.", "leith"),
    ("nl", "Morgen eten we bij mijn ma in Daknam.",
     "Ik moet iets rechtzetten: ik heb u ooit gezegd dat mijn ma in Daknam woont, maar dat is "
     "Eksaarde.", "daknam"),
])
def test_the_wrong_value_told_before_is_no_home_of_the_user(
        lang: str, first: str, correction: str, wrong: str) -> None:
    now = current_facts(first, correction, start=_MAY, lang=lang, days=30)
    assert not [t for t in now if t.startswith("the user lives in")], now
    assert not [t for t in now if t.startswith("the user (home)") and wrong in t], now


def test_a_restatement_before_what_was_said_is_kept() -> None:
    """"no maje, es microbiología, no sé ni xq te dije eso": the right value comes before the
    words of what was said, so nothing is cut away from it."""
    now = current_facts("mi hermano elvin está en la unah estudiando enfermería",
                        "oye y te había dicho q elvin estudiaba enfermería verdad? no maje, es "
                        "microbiología, no sé ni xq te dije eso", start=_MAY, lang="es", days=60)
    assert [t for t in now if "microbiología" in t], now
