"""Corrections said colloquially, in passing: the corrected value replaces the old one, which
never held (it is retracted, not superseded).

* "what nonsense I wrote 🙈 Marta lives in Lecce": the plan that named her in Bari is taken
  back;
* "did I tell you Harlow? He's called Harlowe": the relation and what was said of the person
  under the wrong name are said under the right one;
* "我是不是说我爸生日 3 月 4 号？说错了，是 3 月 14 号": the birthday said before is taken back;
* "we're flying to Lisbon... no wait, to Madeira!": corrected in the same breath, one fact;
* a remark after the correction that merely holds a negation ("I wrote it down without
  checking") is no second correction that takes back the right value.

Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of
from lucidmem.records import Status

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday

NONSENSE_I_WROTE = [
    ("it", "sabato vado a trovare mia sorella Marta a Bari",
     "oddio, che cavolata ho scritto 🙈 Marta abita a Lecce!", "Bari", "Lecce"),
    ("en", "next week I'm visiting my brother Tom in York",
     "silly me, Tom lives in Leeds!", "York", "Leeds"),
    ("fr", "samedi je vais voir ma sœur Léa à Nantes",
     "qu'est-ce que je raconte, Léa habite à Angers !", "Nantes", "Angers"),
    ("es", "el sábado voy a ver a mi hermana Lucía a Bilbao",
     "¡qué tontería, Lucía vive en Vitoria!", "Bilbao", "Vitoria"),
]


@pytest.mark.parametrize(("lang", "said", "correction", "wrong", "right"), NONSENSE_I_WROTE)
def test_what_nonsense_i_wrote_takes_back_the_place_said_with_the_person(
        lang: str, said: str, correction: str, wrong: str, right: str) -> None:
    with said_a_day_apart(said, correction, start=_MARCH, user_id="pia", lang=lang) as memory:
        texts = [f.text for f in memory.facts.list(user_id="pia")]
        history = memory.facts.history(user_id="pia")
    assert not any(wrong in t for t in texts), texts
    assert any(right in t for t in texts), texts
    assert all(f.status == Status.RETRACTED for f in history if wrong in f.text)


ASKED_WHAT_I_WROTE = [
    ("en", "My neighbour Harlow fixes bikes in his garage",
     "Did I tell you Harlow? He's called Harlowe, with an e.", "Harlow", "Harlowe"),
    ("de", "Mein Nachbar Kramer repariert Fahrräder in seiner Garage",
     "Hab ich dir Kramer geschrieben? Er heißt Krämer, mit ä.", "Kramer", "Krämer"),
    ("it", "Il mio vicino Ferri aggiusta biciclette in garage",
     "Ti ho scritto Ferri? Si chiama Ferrini, scusa.", "Ferri", "Ferrini"),
    ("nl", "Mijn buurman Jansen herstelt fietsen in zijn garage",
     "Heb ik Jansen geschreven? Hij heet Janssen, met dubbel s.", "Jansen", "Janssen"),
]


def _names(text: str, name: str) -> bool:
    return name in text.replace(",", " ").replace(".", " ").split()


@pytest.mark.parametrize(("lang", "said", "correction", "wrong", "right"), ASKED_WHAT_I_WROTE)
def test_a_name_asked_back_is_put_right_everywhere_it_was_said(
        lang: str, said: str, correction: str, wrong: str, right: str) -> None:
    with said_a_day_apart(said, correction, start=_MARCH, user_id="pia", lang=lang) as memory:
        texts = [f.text for f in memory.facts.list(user_id="pia")]
    assert not any(_names(t, wrong) for t in texts), texts
    assert any(_names(t, right) and "neighbour" in t for t in texts), texts
    assert any(_names(t, right) and "garage" in t.casefold() for t in texts), texts  # of him


def test_a_day_asked_back_in_chinese_takes_back_the_birthday_said_before() -> None:
    with said_a_day_apart("我爸 3 月 4 号生日，想送他一支钢笔",
                          "我昨天是不是说我爸生日 3 月 4 号？说错了，是 3 月 14 号",
                          start=_MARCH, user_id="pia", lang="zh") as memory:
        texts = [f.text for f in memory.facts.list(user_id="pia")]
    assert not any("3 月 4 号" in t for t in texts), texts
    assert any("3 月 14 号" in t for t in texts), texts


@pytest.mark.parametrize(("lang", "turn", "wrong", "right"), [
    ("en", "In June we're flying to Lisbon... no wait, to Madeira!", "Lisbon", "Madeira"),
    ("de", "Im Juni fliegen wir nach Lissabon... nee, Quatsch, nach Madeira!",
     "Lissabon", "Madeira"),
    ("nl", "In juni vliegen we naar Lissabon... nee wacht, naar Madeira!",
     "Lissabon", "Madeira"),
])
def test_a_place_corrected_in_the_same_breath_is_one_fact_with_the_right_place(
        lang: str, turn: str, wrong: str, right: str) -> None:
    with said_a_day_apart(turn, start=_MARCH, user_id="pia", lang=lang) as memory:
        texts = [f.text for f in memory.facts.list(user_id="pia")]
    assert not any(wrong in t for t in texts), texts
    assert any(right in t and "June" in t for t in texts), texts


@pytest.mark.parametrize(("lang", "turn"), [
    ("fr", "Petite correction : Moka n'est pas une labrador, c'est une golden retriever ! "
           "Le refuge s'était trompé et moi j'ai recopié sans vérifier."),
    ("en", "Small correction: Biscuit isn't a beagle, he's a basset hound! The shelter had "
           "it wrong and I repeated it without checking."),
    ("it", "Piccola correzione: Birba non è un beagle, è un basset! Il canile si era "
           "sbagliato e io l'ho ripetuto senza controllare."),
    ("de", "Kleine Korrektur: Bello ist kein Beagle, er ist ein Basset! Das Tierheim hatte "
           "es falsch notiert und ich hab es ohne Nachfragen übernommen."),
])
def test_a_negation_after_the_correction_is_no_correction_of_its_own(
        lang: str, turn: str) -> None:
    """The correction is said ("… isn't a beagle, he's a basset hound"); "without checking"
    after it explains the mistake and takes back nothing, not even the right value."""
    clauses = clauses_of(turn, language_hint=lang)
    assert clauses[0].cues.correction, clauses[0]
    assert clauses[-1].cues.negated, clauses[-1]  # "without checking"
    assert not clauses[-1].cues.correction, clauses[-1]


def test_a_day_put_right_goes_to_the_fact_about_the_same_thing() -> None:
    """"the wedding's June 21st, not the 14th" puts the wedding right, not a remark dated 14
    January that happened to be the user's own (the remark had become "the kids on 21 June
    were feral" and the wedding stayed on the 14th)."""
    january = datetime(2026, 1, 14, 16, 0, tzinfo=UTC)
    with said_a_day_apart(
            "ugh the kids on the bus were feral today, one sprayed a juice box all over the "
            "windshield",
            "my son Tyler's getting married to Jess, wedding's June 14 at the Grand Concourse",
            "so I had the date wrong, the wedding's June 21st, not the 14th",
            start=january, user_id="kim", lang="en", days=0) as memory:
        texts = [f.text for f in memory.facts.list(user_id="kim")]
    assert any("wedding" in t and "21 June" in t for t in texts), texts
    assert not any("14 June" in t for t in texts), texts
    assert not any("feral" in t and "June" in t for t in texts), texts


@pytest.mark.parametrize(("lang", "said", "correction"), [
    ("pt", "a minha filha Yasmin faz aniversário dia 14 de setembro, vai fazer 6",
     "aquela data da Yasmin que te falei tá errada, digitei 14 mas o aniversário dela é dia 4"),
    ("en", "my daughter Mia's birthday is on the 14th of September, she'll be 6",
     "the date I gave you for Mia is wrong, I typed 14 but her birthday is the 4th"),
])
def test_a_value_said_to_be_typed_wrong_is_the_one_put_right(lang: str, said: str,
                                                             correction: str) -> None:
    """"te falei tá errada, digitei 14 mas … é dia 4": the opening names only the topic; the
    wrong value is the one typed (it had carried "tá errada" and put nothing right)."""
    with said_a_day_apart(said, correction, start=_MARCH, user_id="ana", lang=lang) as memory:
        texts = [f.text for f in memory.facts.list(user_id="ana")]
    assert not any("14 September" in t for t in texts), texts
    assert any("birthday" in t or "aniversário" in t for t in texts), texts


@pytest.mark.parametrize(("lang", "first", "fix", "wrong", "right"), [
    ("es", "mi amiga Carla se muda a Valencia en mayo, la voy a echar de menos",
     "te dije mal lo de Carla, no es Valencia, es Alicante. siempre me lío", "Valencia",
     "Alicante"),
    ("it", "la mia amica Marta si trasferisce a Pisa a giugno",
     "ti ho detto male di Marta, non è Pisa, è Lucca", "Pisa", "Lucca"),
    ("de", "Mein Opa Sepp kommt am Freitag ins Krankenhaus nach Rosenheim",
     "I hab mi vertan mit dem Opa: net Rosenheim, er kommt ins Klinikum Traunstein",
     "Rosenheim", "Traunstein"),
    ("en", "my nan is having her cataract done at St Mary's in Leeds",
     "I got it wrong about my nan: not St Mary's, it's the Nuffield in York", "Mary",
     "Nuffield"),
])
def test_a_correction_that_names_its_topic_then_the_wrong_value(
        lang: str, first: str, fix: str, wrong: str, right: str) -> None:
    """"te dije mal lo de Carla, no es Valencia, es Alicante": the value taken back is the one
    after "no", not the topic after "te dije"; the fact keeps the right value only. An
    opening that names only the topic ("I hab mi vertan mit dem Opa:") is no fact."""
    with said_a_day_apart(first, fix, start=_MARCH, user_id="u", lang=lang,
                          days=7) as memory:
        now = [f.text for f in memory.facts.list(user_id="u")]
    assert any(right in text for text in now), now
    assert not any(wrong in text for text in now), now
    assert not any(text.endswith(("mit dem Opa", "about my nan")) for text in now), now
