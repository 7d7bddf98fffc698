"""The first days in a home shared with someone, said with its article and its place ("primera
semana en el apartamento con Lucía en la candelaria"), are a move: the new place is the
user's home and the one held before ends. Before, a first week "en el apartamento" read as a
first week at work ("works at Apartamento"). A first week in a flat with no place said, and a
first week at a workplace, stay what they were. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

MOVES = {
    "es": ("vivo con mis papás en getsemaní, mi cuarto es chiquito",
           "primera semana en el apartamento con Lucía en la candelaria!! ayúdame con una lista "
           "de compras", "candelaria", "getsemaní"),
    "en": ("I live with my parents in Headingley.",
           "first week in the flat with Sam in Hyde Park, the kitchen is tiny", "hyde park",
           "headingley"),
    "fr": ("J'habite chez mes parents à Vaise.",
           "première semaine dans l'appart avec Inès à Croix-Rousse, on n'a même pas de table",
           "croix-rousse", "vaise"),
    "it": ("Abito con i miei a Rifredi.",
           "prima settimana nel monolocale con Giulia a Novoli, il divano arriva sabato",
           "novoli", "rifredi"),
}


@pytest.mark.parametrize("lang", sorted(MOVES))
def test_the_first_week_in_a_shared_home_is_a_move(lang: str) -> None:
    before, first_week, new, old = MOVES[lang]
    now = current_facts(before, first_week, start=_MARCH, lang=lang, days=40)
    assert [t for t in now if t.startswith("the user") and new in t and
            ("lives in" in t or "(home)" in t)], now
    assert not [t for t in now if old in t], now
    assert not [t for t in now if t.startswith("the user works at")], now


def test_a_first_week_in_a_flat_with_no_place_is_no_home() -> None:
    now = current_facts("primera semana en el apartamento con Lucía, todavía no hay cortinas",
                        start=_MARCH, lang="es", days=1)
    assert not [t for t in now if t.startswith("the user lives in")], now
    assert not [t for t in now if t.startswith("the user works at")], now


def test_a_first_week_at_a_workplace_is_still_work() -> None:
    now = current_facts("primera semana en Mercadona con Lucía en la caja, acabo muerta",
                        start=_MARCH, lang="es", days=1)
    assert not [t for t in now if t.startswith("the user lives in")], now


def test_a_week_in_the_new_flat_among_the_boxes_is_a_move() -> None:
    """Swiss German "Zügelkisten" are the boxes of a move; the remark in the same turn ("Franzi
    und ich wohnen jetzt zusammen") leaves the new home standing."""
    now = current_facts("Ich wohne in Emmenbrücke, fünf Minuten vom Bahnhof.",
                        "So, eine Woche in der neuen Wohnung in Ebikon! Franzi und ich wohnen "
                        "jetzt zusammen, überall noch Zügelkisten.",
                        start=_MARCH, lang="de", days=40)
    assert "the user lives in ebikon" in now, now
    assert not [t for t in now if "emmenbrücke" in t], now
