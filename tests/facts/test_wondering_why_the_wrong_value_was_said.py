"""A clause that opens by wondering why the user said the wrong value ("je sais pas pourquoi
j'ai écrit porto-novo", "nn so xké t'ho detto parrucchiera", "no sé ni por qué te dije
ilobasco") names the wrong value again and states nothing: no fact is kept of it. Before, it
was kept as a remark ("The user (employer): sais pas pourquoi j'ai écrit porto-novo …"), and
the wrong value stayed among the current facts after its correction. Said after the right
value in the same clause, the wondering leaves that value alone. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

WONDERED = {
    "en": "no idea why I said plymouth lol, anyway she loves it there",
    "fr": "je sais pas pourquoi j'ai écrit plymouth 😂 elle adore cette ville",
    "es": "no sé ni por qué te dije plymouth jaja, ella está feliz allá",
    "it": "nn so xké t'ho detto plymouth, lei si trova benissimo",
    "pt": "não sei porque te disse plymouth, ela adora aquilo lá",
    "de": "keine Ahnung, warum ich dir plymouth gesagt hab, sie fühlt sich dort wohl",
    "nl": "geen idee waarom ik plymouth zei, ze vindt het er geweldig",
}


@pytest.mark.parametrize("lang", sorted(WONDERED))
def test_wondering_why_the_wrong_value_was_said_keeps_no_fact(lang: str) -> None:
    now = current_facts(WONDERED[lang], start=_MAY, lang=lang, days=1)
    assert not [t for t in now if "plymouth" in t], now


def test_the_correction_before_the_wondering_still_counts() -> None:
    now = current_facts("ma petite soeur flore est en terminale à porto-novo.",
                        "au fait je me suis trompée: flore est en terminale à ouidah, pas "
                        "porto-novo. je sais pas pourquoi j'ai écrit porto-novo 😂",
                        start=_MAY, lang="fr", days=30)
    assert [t for t in now if "ouidah" in t], now
    assert not [t for t in now if "porto-novo" in t], now


def test_wondering_said_after_the_right_value_keeps_it() -> None:
    now = current_facts("Meine Freundin Franzi arbeitet in der Klinik St. Anna – keine Ahnung, "
                        "warum ich das immer verwechsle.", start=_MAY, lang="de", days=1)
    assert [t for t in now if "st. anna" in t], now
