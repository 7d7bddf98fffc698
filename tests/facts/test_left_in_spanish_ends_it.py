""""Me salí de …" (I left …) ends what the user did there: "me sali de los tambores del rebolo
a finales de julio" after "hace 6 años bailo en la cumbiamba los tambores del rebolo".

Spanish had no such cessation cue, so the dance group stayed current after the user left it,
and "Me salí de Los Tambores del Rebolo" was even read as a workplace. Sentences written for
these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_DAY = datetime(2026, 2, 14, 11, 0, tzinfo=UTC)


@pytest.mark.parametrize("habit, left", [
    ("hace 4 años canto en el coro de la parroquia san roque",
     "me sali del coro de la parroquia san roque en diciembre, ya no me daba el tiempo"),
    ("Hace tres años juego en el equipo de voleibol Las Gaviotas.",
     "Me salí de Las Gaviotas el mes pasado, me lesioné la rodilla."),
])
def test_left_ends_what_the_user_did_there(habit: str, left: str) -> None:
    facts = current_facts(habit, left, start=_DAY, lang="es", days=60)
    assert not [t for t in facts if "coro" in t or "gaviotas" in t], facts
