"""Said, but not stated as so: someone's claim, an "if" in the past subjunctive, and the
denial that comes with a retraction.

- "Mi cuñada Marta insiste en que mi hijo es alérgico a las nueces", "Mijn broer Sem blijft
  volhouden dat ik naar Gent moet verhuizen": what someone insists on, is convinced of or
  swears to is their word, as "says" is; the person stays known.
- "se nos saísse a lotaria, comprávamos uma quinta no Douro", "Si nos tocara la lotería, nos
  mudábamos a Menorca": the past subjunctive after "if" is what would be, whatever the verb
  after it.
- "Vergeet wat ik je over Peeters vertelde, die zijn helemaal niet failliet": the clause
  after a retraction that denies what was taken back is part of it, not news; news after it
  ("…, no le salió el local y sigue en el banco") is still read.

Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.cue_lexicon import find_cue

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

INSISTS = {
    # the sentence, a word only the claim says, the relation that stays known
    "en": ("My flatmate Priya insists I'm allergic to cats.", "cats", "priya"),
    "de": ("Meine Schwester Jana besteht darauf, dass ich nach Leipzig ziehen sollte.",
           "leipzig", "jana"),
    "fr": ("Mon collègue Hugo est persuadé que je vais démissionner avant Noël.",
           "démissionner", "hugo"),
    "es": ("Mi cuñada Marta insiste en que mi hijo es alérgico a las nueces.", "nueces",
           "marta"),
    "it": ("La mia vicina Rosa insiste che sono intollerante al glutine.", "glutine", "rosa"),
    "pt": ("A minha sogra jura que eu trabalho demais no Pingo Doce.", "pingo doce", None),
    "nl": ("Mijn broer Sem blijft volhouden dat ik naar Gent moet verhuizen.", "gent", "sem"),
    "zh": ("我妈一口咬定我对芒果过敏。", "芒果", None),
}


@pytest.mark.parametrize("lang", sorted(INSISTS))
def test_what_someone_insists_on_is_their_word(lang: str) -> None:
    said, claimed, person = INSISTS[lang]
    facts = current_facts(said, start=_MAY, lang=lang, days=1)
    assert not any(claimed in f for f in facts), facts
    if person is not None:
        assert any(person in f for f in facts), facts


@pytest.mark.parametrize(("said", "lang", "place"), [
    ("O Rui brinca que, se nos saísse a lotaria, comprávamos uma quinta no Douro.", "pt",
     "douro"),
    ("Si nos tocara la lotería, nos mudábamos a Menorca.", "es", "menorca"),
    ("Se ci capitasse di vincere, ci trasferivamo in Umbria.", "it", "umbria"),
])
def test_an_if_in_the_past_subjunctive_states_nothing(said: str, lang: str,
                                                      place: str) -> None:
    facts = current_facts(said, start=_MAY, lang=lang, days=1)
    assert not any(place in f for f in facts), facts


@pytest.mark.parametrize(("told", "retraction", "lang", "denied"), [
    ("Bakkerij Peeters is failliet.",
     "Vergeet wat ik je over Peeters vertelde, die zijn helemaal niet failliet.", "nl",
     "failliet"),
    ("Mein Kollege Tom ist schwer krank.",
     "Vergiss, was ich dir über Tom erzählt habe, der ist gar nicht krank.", "de", "krank"),
    ("Il mio collega Marco si trasferisce a Torino.",
     "Lascia stare quello che ti ho detto su Marco, non si trasferisce per niente.", "it",
     "trasferisce"),
    ("我同事小李说他要辞职。", "小李那件事你别记了，他根本没辞职。", "zh", "辞职"),
])
def test_the_denial_that_comes_with_a_retraction_is_no_fact(told: str, retraction: str,
                                                            lang: str, denied: str) -> None:
    facts = current_facts(told, retraction, start=_MAY, lang=lang, days=1)
    assert not any(denied in f for f in facts), facts


def test_news_after_the_denial_is_still_read() -> None:
    facts = current_facts(
        "Bakkerij Peeters is failliet.",
        "Vergeet wat ik je over Peeters vertelde, die zijn helemaal niet failliet. Ze zijn "
        "alleen verhuisd naar een bedrijventerrein.", start=_MAY, lang="nl", days=1)
    assert any("bedrijventerrein" in f for f in facts), facts
    assert not any("failliet" in f for f in facts), facts


@pytest.mark.parametrize(("text", "lang", "found"), [
    ("se nos saísse o Euromilhões", "pt", True),
    ("si me tocara la lotería", "es", True),
    ("se mi capitassero due settimane libere", "it", True),
    ("ele disse que vem amanhã", "pt", False),  # "disse" is said, no "if" before it
    ("si, para mañana está bien", "es", False),  # "para" is no past subjunctive
])
def test_a_word_ending_is_matched_after_if(text: str, lang: str, found: bool) -> None:
    assert (find_cue("hypothetical", lang, text) is not None) is found
