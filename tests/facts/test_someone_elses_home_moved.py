"""Someone else's home changes ("my dad finally moved to a flat in Oviedo"): where that
person lived before ends, in every language, and the user's own home, another relative's
home, or a trip somewhere end nothing. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

MOVED = {
    "en": ("My grandma Edith still lives on her own in Whitby.",
           "My grandma has moved to a care home in Scarborough.", "whitby", "scarborough"),
    "de": ("Meine Schwester Jule wohnt in Kiel.",
           "Meine Schwester ist nach Lübeck gezogen.", "kiel", "lübeck"),
    "fr": ("Mon frère Bastien habite à Brest depuis dix ans.",
           "Mon frère a déménagé à Rennes pour son boulot.", "brest", "rennes"),
    "es": ("Mi madre, Amparo, vive sola en Teruel.",
           "Mi madre ya vive en Zaragoza, con mi tía.", "teruel", "zaragoza"),
    "it": ("Mio zio Carmine abita a Salerno.",
           "Mio zio si è trasferito a Bari l'anno scorso.", "salerno", "bari"),
    "pt": ("O meu avô, o Joaquim, mora em Viseu.",
           "O meu avô agora mora em Coimbra, perto de nós.", "viseu", "coimbra"),
    "nl": ("Mijn broer Sven woont in Zwolle.",
           "Mijn broer is verhuisd naar Deventer.", "zwolle", "deventer"),
    "zh": ("我姐姐住在洛阳。", "我姐姐去年搬到郑州了。", "洛阳", "郑州"),
}


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="ada", lang=lang, days=10) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="ada")]


@pytest.mark.parametrize("lang", sorted(MOVED))
def test_their_new_home_ends_their_old_one(lang: str) -> None:
    before, after, old, new = MOVED[lang]
    facts = _facts(before, after, lang=lang)
    assert [t for s, t in facts if s == "active" and new in t], facts
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "superseded" and old in t], facts  # kept in history


KEPT = {
    "another relative": ("en", "My brother Tom lives in Leeds.",
                         "My sister has moved to York.", "leeds"),
    "a trip": ("es", "Mi padre, Ramiro, vive en Mieres.",
               "Mi padre se fue de viaje a Sevilla con sus amigos.", "mieres"),
    "the user's home": ("de", "Mein Vater Ralf wohnt in Kassel.",
                        "Ich bin nach Fulda gezogen.", "kassel"),
}


@pytest.mark.parametrize("case", sorted(KEPT))
def test_another_move_ends_nothing(case: str) -> None:
    lang, before, after, kept = KEPT[case]
    facts = _facts(before, after, lang=lang)
    assert [t for s, t in facts if s == "active" and kept in t], facts
