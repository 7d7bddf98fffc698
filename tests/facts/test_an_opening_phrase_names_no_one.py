"""A phrase that opens a turn before a colon ("Andere Sache: meine Mutter wird 70", "Other
thing: my mum …") names no one: before, the colon read as a comma and "Andere Sache, meine
Mutter" as an apposition, which stored a mother called "Andere Sache". Words that open a
clause (numbers, quantifiers, "other" …, `cue_lexicon.CLAUSE_OPENERS`) are never a name's
first word; a real name in that place still is. Nor is a capitalised first word followed
by an article, a pronoun or a preposition ("Surtout pas de piment", "Sla het niet op"), nor a
holiday ("Pour Noël je …"). Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2025, 1, 19, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said"), [
    ("de", "Andere Sache: meine Mutter wird im März 70, wir feiern in Trier."),
    ("en", "Other thing: my mother turns 70 in March, we're doing a lunch."),
    ("nl", "Andere vraag: mijn moeder wordt in maart 70, we vieren het in Breda."),
])
def test_an_opening_phrase_is_no_name(lang: str, said: str) -> None:
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        facts = memory.facts.list(user_id=lang)
        assert facts
        for fact in facts:
            assert not fact.subject.casefold().startswith(("andere", "other")), fact
            assert " is Andere" not in fact.text and " is Other" not in fact.text, fact.text


def test_a_name_before_the_relation_is_still_a_name() -> None:
    with said_a_day_apart("Brigitte, meine Mutter, wird im März 70.", start=_DAY,
                          user_id="de-name", lang="de") as memory:
        texts = [f.text for f in memory.facts.list(user_id="de-name")]
        assert any("Brigitte" in t and "mother" in t for t in texts), texts


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("fr", "Surtout pas de piment, j'ai l'estomac fragile", "Surtout"),
    ("fr", "Par contre la pluie ce matin, quelle galère pour venir", "Par"),
    ("fr", "Pour Noël je ne sais pas quoi offrir à Léo, il a 10 ans", "Noël"),
    ("nl", "Sla het niet op alsjeblieft, het was maar een grap", "Sla"),
])
def test_a_capital_before_a_function_word_or_a_holiday_is_no_one(lang: str, said: str,
                                                                 word: str) -> None:
    # what follows the capital is an article, a pronoun or a preposition, never the verb of
    # someone it names; a holiday is no one either
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        for fact in memory.facts.list(user_id=lang):
            assert fact.subject != word, fact.text


def test_a_name_before_a_clitic_is_still_a_name() -> None:
    with said_a_day_apart("Rocío se muda a Cádiz en junio", start=_DAY, user_id="es",
                          lang="es") as memory:
        facts = memory.facts.list(user_id="es")
        assert not any(f.subject == "user" and "Cádiz" in f.text for f in facts), \
            [f.text for f in facts]


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("en", "Twelve years on the front desk at Harbourside Dental, and I still forget my keys",
     "Twelve"),
    ("de", "Zwanzig Jahre schon bei der Sparkasse, und immer noch kein Parkplatz", "Zwanzig"),
    ("es", "Quince años en la ferretería de mi tío, y todavía me pierdo en el almacén",
     "Quince"),
])
def test_a_number_above_ten_opens_a_clause_and_names_no_one(lang: str, said: str,
                                                             word: str) -> None:
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        for fact in memory.facts.list(user_id=lang):
            assert fact.subject != word, fact.text
