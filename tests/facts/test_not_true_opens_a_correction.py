""""That's not true", said right before what is true ("…, ma nn è vero, ciro fa il vigile del
fuoco", "…, pero no es verdad, Nico trabaja en Correos"): the opening of a correction whose
statement follows its comma.

The whole clause was read as a negated remark and dropped, so the corrected job was never
stored (where the statement said before names no value by its capitals, "ti avevo detto che
Dario fa il cameriere", the old one is still not ended: left as it is). Sentences written for
these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_DAY = datetime(2026, 1, 12, 20, 0, tzinfo=UTC)

PUT_RIGHT = {  # (first statement, the correction, the right value)
    "it": ("mio cugino dario fa il cameriere a bari",
           "ti avevo detto che dario fa il cameriere, ma nn è vero, dario fa il cuoco a bari",
           "cuoco"),
    "es": ("mi hermano nico trabaja en mercadona",
           "te dije q nico trabaja en mercadona, pero no es verdad, nico trabaja en correos",
           "correos"),
    "pt": ("meu primo caio trabalha no mercado",
           "eu disse que o caio trabalha no mercado, mas não é verdade, o caio é motorista de "
           "ônibus", "motorista"),
}


@pytest.mark.parametrize("lang", sorted(PUT_RIGHT))
def test_what_follows_not_true_is_kept(lang: str) -> None:
    first, fix, right = PUT_RIGHT[lang]
    facts = current_facts(first, fix, start=_DAY, lang=lang, days=2)
    assert [t for t in facts if right in t], facts


def test_the_value_called_not_true_is_taken_back() -> None:
    first, fix, _ = PUT_RIGHT["it"]
    facts = current_facts(first, fix, start=_DAY, lang="it", days=2)
    assert not [t for t in facts if "cameriere" in t], facts
