""""Imagine" said in passing ("já imagina as piadas na família", "ya te imaginas la fiesta")
is no supposition: the clause around it still states its fact. A supposition is "imagina
que …", "imagina se …", "immagina se …".

Any "imagina" made the whole clause hypothetical, so a sister's wedding day was dropped.
Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2025, 9, 6, 10, 0, tzinfo=UTC)


def _texts(said: str, lang: str) -> list[str]:
    with said_a_day_apart(said, start=_DAY, user_id="i", lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="i")]


def test_imagine_in_passing_keeps_the_wedding() -> None:
    texts = _texts("A minha irmã Rita casa-se no sábado 18 de outubro na Sé, com o Tiago — já "
                   "imagina a festa na família.", "pt")
    assert any("Rita" in t and "18 October" in t for t in texts), texts


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("pt", "Imagina se eu ganhasse a lotaria, ia morar nos Açores.", "Açores"),
    ("it", "Immagina se vincessi, andrei a vivere a Capri.", "Capri"),
])
def test_a_supposition_is_still_one(lang: str, said: str, word: str) -> None:
    texts = _texts(said, lang)
    assert not any(word in t for t in texts), texts
