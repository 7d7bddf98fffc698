"""A correction said in one breath in chat, without capitals: what the user told before, the
word that it was wrong and the right thing, all in one clause ("hab dir neulich erzählt dass
jule in dortmund wohnt, stimmt gar nich, die wohnt in unna"), puts the held fact right, as
the same said in sentences of their own does. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

IN_ONE_BREATH = {
    "de": ("meine schwester jule wohnt in dortmund un hat nen neuen job",
           "hab dir neulich erzählt dass jule in dortmund wohnt, stimmt gar nich, die wohnt in "
           "unna.", "unna", "dortmund"),
    "fr": ("ma sœur léa habite à lille et bosse dans une banque",
           "je t'ai dit que léa habite à lille, c'est faux, elle habite à roubaix", "roubaix",
           "lille"),
}


@pytest.mark.parametrize("lang", sorted(IN_ONE_BREATH))
def test_the_held_fact_is_put_right(lang: str) -> None:
    before, correction, right, wrong = IN_ONE_BREATH[lang]
    now = current_facts(before, correction, start=_MAY, lang=lang, days=20)
    assert [t for t in now if t.startswith("the user's sister") and right in t], now
    assert not [t for t in now if wrong in t], now
    assert not [t for t in now if t.startswith("the user (") and right in t], now


IN_TWO_CLAUSES = {
    # the right statement in a clause of its own after the words that it was wrong; dialect
    # "i hab dir … gsagt", "des war quatsch"; English "i told u"
    "de": ("mei bruder max spielt posaune im musikverein",
           "i hab dir im herbst gsagt er spielt posaune, des war quatsch, er spielt tuba im "
           "musikverein", "tuba", "posaune"),
    "en": ("my brother max plays the cello in a quartet",
           "i told u my brother plays the cello, that was wrong. he plays the viola", "viola",
           "cello"),
}


@pytest.mark.parametrize("lang", sorted(IN_TWO_CLAUSES))
def test_the_right_statement_after_it_puts_the_held_fact_right(lang: str) -> None:
    before, correction, right, wrong = IN_TWO_CLAUSES[lang]
    now = current_facts(before, correction, start=_MAY, lang=lang, days=20)
    assert [t for t in now if right in t], now
    assert not [t for t in now if wrong in t], now


def test_told_wrong_with_nothing_after_it_takes_the_value_back() -> None:
    now = current_facts("my cousin Dev works at Halfords",
                        "I told you Dev works at Halfords, that was wrong.", start=_MAY,
                        lang="en", days=20)
    assert not [t for t in now if "halfords" in t], now


@pytest.mark.parametrize(("lang", "before", "correction", "right", "wrong"), [
    # the right statement has no subject and a verb of someone else's: it is said of whom the
    # held fact is about, not of the user
    ("it", "la mia coinquilina marta fa la cassiera alla coop",
     "ah senti, ti avevo detto ke marta fa la cassiera ma nn è vero, nn so xké l ho scritto: "
     "fa la farmacista, lavora in una farmacia in centro", "farmacista", "cassiera"),
    ("es", "mi vecina Lucía trabaja de cajera en el Carrefour",
     "te dije que Lucía es cajera, pero no es así: es enfermera en el hospital", "enfermera",
     "cajera"),
])
def test_a_right_statement_without_subject_is_of_the_person_put_right(
        lang: str, before: str, correction: str, right: str, wrong: str) -> None:
    now = current_facts(before, correction, start=_MAY, lang=lang, days=20)
    assert [t for t in now if right in t and not t.startswith("the user (")], now
    assert not [t for t in now if wrong in t], now


def test_a_capitalised_person_then_the_wrong_value_and_words_of_a_mix_up() -> None:
    # the told statement opens with the person and then names the wrong value; the words of
    # the mix-up that follow are no fact of their own; "Hij" after them is the person
    now = current_facts("Mijn broer Jan-Willem kweekt Jonagold-appels in de Betuwe.",
                        "Ik heb je vorige maand gezegd dat Jan-Willem Jonagold kweekt, maar dat "
                        "was onzin, ik haalde iets door elkaar. Hij kweekt alleen kersen.",
                        start=_MAY, lang="nl", days=20)
    assert [t for t in now if "kersen" in t and "jan-willem" in t], now
    assert not [t for t in now if "jonagold" in t or "door elkaar" in t], now


def test_a_chinese_correction_split_by_spaces() -> None:
    # "对了" before what was said, the wrong-word and the right value each set apart by a space
    now = current_facts("我舅舅在武钢干了二十年",
                        "帮我写个祝福 对了之前跟你说我舅舅在武钢 说错了 是在武重 我打字太快了",
                        start=_MAY, lang="zh", days=20)
    assert [t for t in now if "武重" in t], now
    assert not [t for t in now if "武钢" in t or "对了" in t], now
