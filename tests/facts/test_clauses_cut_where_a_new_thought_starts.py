"""Where a sentence goes on to something else, the clause is cut so each part keeps its own
reading: a job said before a sarcastic "y me encanta …" is still the job; "…, ah lavoro in …"
and "…, trabajo en …" start the user's own statement; "…, e domenica li porto io a …" is a plan
apart from the change of diet before it; a question after a comma in chat ("…, q le regalo?",
"…, che posso fare?", "…, mi scrivi …?") asks only in its own clause. "And I" with a plural verb
after it joins two subjects ("mijn vriend Tom en ik kijken naar huizen"), and looking at houses
somewhere is no new home.

The whole sentence was skipped as sarcasm or as a question, the diet change was read as a
Sunday's event, and the house hunt ended the user's home. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import history_facts

_DAY = datetime(2026, 6, 6, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=40)


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("es", "listo, trabajo en una maquiladora de arneses en el parque industrial, y me encanta "
           "estar 11 horas parada 🙃", "maquiladora"),
    ("es", "oye mi hermano el beto estudia arquitectura en la uady y anda estresado con las "
           "entregas, q le regalo pa animarlo? algo barato", "arquitectura"),
    ("it", "cmq io nn so cucinare manco la pasta, vivo di piadine, che posso fare x cena?",
     "cucinare"),
])
def test_the_statement_is_kept(lang: str, said: str, word: str) -> None:
    facts = _facts(said, lang=lang)
    assert any(word in t for st, s, t in facts), facts


def test_a_diet_change_beside_a_sunday_plan() -> None:
    facts = _facts("Sono vegana da cinque anni.",
                   "Sono due settimane che ho ricominciato a mangiare il pesce, dopo che la "
                   "nutrizionista mi ha trovato la B12 bassa, e domenica voglio portarli io a "
                   "Cervia, al solito pranzo della domenica.", lang="it")
    assert any(st == "active" and "pesce" in t and "Cervia" not in t
               for st, s, t in facts), facts
    assert any("Cervia" in t and "pesce" not in t for st, s, t in facts), facts
    assert not any(st == "active" and "vegana" in t for st, s, t in facts), facts


def test_looking_at_houses_keeps_the_home() -> None:
    facts = _facts("Ik woon in een bovenwoning aan de Singel, vlak bij mijn werk.",
                   "Mijn vriend Tom en ik kijken trouwens naar huizen in Haarlem.", lang="nl")
    assert any(st == "active" and "Singel" in t for st, s, t in facts), facts
    assert not any(st == "active" and "lives in Haarlem" in t for st, s, t in facts), facts
