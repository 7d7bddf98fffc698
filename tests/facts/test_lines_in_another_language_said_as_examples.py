"""Lines in a language the extractor does not read, said as examples, yield no fact:

* a line in single quotes whose words hold an apostrophe ("'İzmir'e taşınıyoruz.'",
  "'je m'installe à Lyon'"): the apostrophe between letters is part of a word, not the end
  of the quote, so the whole line is a quote, its place no fact's and no one in it "she"
  afterwards;
* a Polish or Turkish line after a colon, which the lists of Polish and Turkish words now
  recognise (prepositions such as "w", "jako", "od", and "yıl", "gibi", "sonra").

Sentences written for these tests; before this change each left the place of the line in a
fact.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

QUOTED_WITH_AN_APOSTROPHE = {
    "pt": (("A minha vizinha Lurdes disse-me ontem: 'Haziranda İzmir'e taşınıyoruz.' e "
            "foi-se embora", "ela é sempre assim, muito misteriosa"), "zmir"),
    "es": (("Mi vecina Rosa me soltó: 'Gelecek ay Bursa'ya gidiyorum.' y se fue",
            "ella es así, siempre de broma"), "bursa"),
    "fr": (("ma sœur m'a sorti hier 'je m'installe à Lyon l'an prochain' et j'ai rien "
            "répondu",), "lyon"),
    "it": (("mia cugina continua a dire 'l'anno prossimo mi trasferisco a Bari' ma non ci "
            "crede nessuno",), "bari"),
}

POLISH_AFTER_A_COLON = {
    "es": "mira lo que he escrito en la app: Pracuję jako kierowca w Krakowie.",
    "it": "guarda cosa ho scritto oggi: Pracuję jako kierowca w Krakowie.",
    "pt": "olha o que escrevi na aula: Pracuję jako kierowca w Krakowie.",
    "en": "look what I wrote for my homework: Pracuję jako kierowca w Krakowie.",
}


@pytest.mark.parametrize("case", sorted(QUOTED_WITH_AN_APOSTROPHE))
def test_a_quoted_line_with_an_apostrophe_yields_no_fact(case: str) -> None:
    said, place = QUOTED_WITH_AN_APOSTROPHE[case]
    with said_a_day_apart(*said, start=_START, user_id=case) as memory:
        texts = [f.text.casefold() for f in memory.facts.history(user_id=case)]
        assert not any(place in text for text in texts), texts


@pytest.mark.parametrize("case", sorted(POLISH_AFTER_A_COLON))
def test_a_polish_line_after_a_colon_yields_no_fact(case: str) -> None:
    with said_a_day_apart(POLISH_AFTER_A_COLON[case], start=_START, user_id=case) as memory:
        texts = [f.text.casefold() for f in memory.facts.history(user_id=case)]
        assert not any("krakow" in text or "kierowca" in text for text in texts), texts


def test_a_quote_closed_before_a_word_with_an_apostrophe_still_ends() -> None:
    said = "Tom always says 'no worries at all'. Tom's brother lives in Derby."
    with said_a_day_apart(said, start=_START, user_id="ends") as memory:
        texts = [f.text for f in memory.facts.history(user_id="ends")]
        assert any("Derby" in text for text in texts), texts
