"""A retraction that names its thing right after its cue, with "that I told you" after it
("esquece o casamento do thiago q eu te falei"): the whole thing is the topic, not only what
follows its "of", so the fact it names is taken back and the person stays known. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart


@pytest.mark.parametrize(("said", "retraction", "lang", "gone", "kept"), [
    ("meu primo Thiago vai casar em dezembro, já tô me vendo de padrinho",
     "esquece o casamento do Thiago que eu te falei, eles terminaram semana passada", "pt",
     "casar", "Thiago"),
    ("mi prima Lucía abre una pastelería en Vigo en marzo",
     "olvida la pastelería de Lucía que te conté, al final no le dieron el local", "es",
     "pastelería", "Lucía"),
])
def test_the_named_thing_is_taken_back(said: str, retraction: str, lang: str, gone: str,
                                       kept: str) -> None:
    with said_a_day_apart(said, retraction, start=datetime(2025, 9, 1, 12, 0, tzinfo=UTC),
                          user_id="r", lang=lang) as memory:
        facts = [(str(f.status).rsplit(".", 1)[-1].lower(), f.text)
                 for f in memory.facts.history(user_id="r")]
    active = [t for status, t in facts if status == "active"]
    assert [t for _, t in facts if gone in t] and not [t for t in active if gone in t], facts
    assert [t for t in active if kept in t], facts
