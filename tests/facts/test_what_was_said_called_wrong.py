"""What the user said before, repeated and called wrong, then put right: "I told you my
sister works at Tesco, that was wrong. It's Asda.", "Ich hab dir gesagt, mein Bruder wohnt in
Bremen, das stimmt nicht. Er wohnt in Hamburg.". The repeated statement is no fact of its own
(it had been stored again, as the user's own: "The user works at Tesco"); its last name is
the wrong value, which the next statement puts right.

Called wrong between commas, with the right value after it in the same sentence ("I told you
Mel lives in Leeds, not true, she lives in York", "Hab dir neulich erzählt, dass Jule in
Bielefeld wohnt, stimmt gar nicht, die wohnt in Gütersloh"), the sentence was read whole: "I
told you Mel lives in Leeds" became the user's own home in Leeds, and the sister's old home
stayed. The sentence is cut after the words that call it wrong; the first part is a
correction's opening (its wrong value is carried), the second puts it right.
Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import current_facts, said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

CASES = {
    "en": ("My sister works at Tesco.",
           "I told you my sister works at Tesco, that was wrong. It's Asda.", "tesco", "asda"),
    "de": ("Mein Bruder wohnt in Bremen.",
           "Ich hab dir gesagt, mein Bruder wohnt in Bremen, das stimmt nicht. Er wohnt in "
           "Hamburg.", "bremen", "hamburg"),
    "fr": ("Ma sœur habite à Lille.",
           "Je t'ai dit que ma sœur habite à Lille, c'était faux. Elle habite à Lyon.", "lille",
           "lyon"),
    "es": ("Mi hermano vive en Sevilla.",
           "Te dije que mi hermano vive en Sevilla, eso estaba mal. Vive en Málaga.", "sevilla",
           "málaga"),
    "it": ("Mio fratello abita a Torino.",
           "Ti ho detto che mio fratello abita a Torino, era sbagliato. Abita a Milano.",
           "torino", "milano"),
    "pt": ("O meu irmão mora no Porto.",
           "Eu disse que o meu irmão mora no Porto, estava errado. Mora em Braga.", "porto",
           "braga"),
    "nl": ("Mijn zus woont in Gent.",
           "Ik zei dat mijn zus in Gent woont, dat klopte niet. Ze woont in Brugge.", "gent",
           "brugge"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_what_was_called_wrong_is_taken_back(lang: str) -> None:
    first, fix, wrong, right = CASES[lang]
    with said_a_day_apart(first, fix, start=_DAY, user_id=lang, lang=lang) as memory:
        current = memory.facts.list(user_id=lang)
        assert not any(wrong in f.text.casefold() for f in current), [f.text for f in current]
        fixed = [f for f in current if right in f.text.casefold()]
        assert fixed, [f.text for f in current]
        gone = [f for f in memory.facts.history(user_id=lang) if wrong in f.text.casefold()]
        assert gone and all(f.status is Status.RETRACTED for f in gone)
        assert fixed[0].subject == gone[0].subject  # still the person it was about


_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

BETWEEN_COMMAS = {
    # what was said, the correction, the right place, the wrong one
    "en": ("My sister Mel lives in Leeds and just got a puppy.",
           "I told you Mel lives in Leeds, not true, she lives in York.", "york", "leeds"),
    "de": ("Meine Cousine Jule wohnt in Bielefeld und hat einen Welpen.",
           "Hab dir neulich erzählt, dass Jule in Bielefeld wohnt, stimmt gar nicht, die wohnt "
           "in Gütersloh.", "gütersloh", "bielefeld"),
    "fr": ("Ma sœur Léa habite à Lyon.",
           "Je t'ai dit que Léa habite à Lyon, c'est faux, elle habite à Lille.", "lille",
           "lyon"),
    "it": ("Mia sorella Sara abita a Pisa.",
           "Ti ho detto che Sara abita a Pisa, non è vero, abita a Lucca.", "lucca", "pisa"),
    "pt": ("Minha irmã Bia mora em Santos.",
           "Te disse que a Bia mora em Santos, não é verdade, ela mora em Osasco.", "osasco",
           "santos"),
    "nl": ("Mijn zus Sanne woont in Gouda.",
           "Ik heb je gezegd dat Sanne in Gouda woont, dat klopt niet, ze woont in Delft.",
           "delft", "gouda"),
}


@pytest.mark.parametrize("lang", sorted(BETWEEN_COMMAS))
def test_the_right_value_replaces_what_was_called_wrong_between_commas(lang: str) -> None:
    said, correction, right, wrong = BETWEEN_COMMAS[lang]
    facts = current_facts(said, correction, start=_MAY, lang=lang, days=3)
    assert any(right in f for f in facts), facts
    assert not any(wrong in f for f in facts), facts
    assert not any(f.startswith("the user lives") for f in facts), facts
