"""The seed's privacy heuristics (emberhearth §5)."""

from __future__ import annotations

import pytest

from lucidmem.facts.model import FactCategory, PrivacyLevel, Subcategory
from lucidmem.facts.privacy import (
    assess_privacy,
    classify_privacy,
    has_secret_marker,
    stricter,
)

P, S = PrivacyLevel, Subcategory


@pytest.mark.parametrize(
    ("text", "subcategory", "level"),
    [
        ("Don't tell anyone, but I'm interviewing at Apple", None, P.SECRET),
        ("Between us, I'm thinking of leaving", None, P.SECRET),
        ("Just between you and me: I hate Mondays", S.OPINION_DISLIKES, P.SECRET),
        ("Sag es niemandem, ich kündige", None, P.SECRET),
        ("Entre nous, je déménage", None, P.SECRET),
        ("No se lo digas a nadie", None, P.SECRET),
        # medical: private, secret for named sensitive conditions
        ("I'm allergic to peanuts", S.BIOGRAPHICAL_HEALTH, P.PRIVATE),
        ("I have asthma", S.BIOGRAPHICAL_HEALTH, P.PRIVATE),
        ("I was diagnosed with depression", S.BIOGRAPHICAL_HEALTH, P.SECRET),
        ("I'm pregnant", None, P.SECRET),
        ("I see a therapist every week", None, P.SECRET),
        # financial details
        ("My salary is 60k", None, P.PRIVATE),
        ("I have a lot of debt", None, P.PRIVATE),
        # credentials and legal
        ("My password is hunter2", None, P.SECRET),
        ("My PIN is 1234", None, P.SECRET),
        ("I was arrested in 2019", None, P.SECRET),
        # workplace complaints
        ("I hate my job, the office is toxic", S.OPINION_DISLIKES, P.PRIVATE),
        ("My boss is toxic and micromanages everyone", None, P.SECRET),
        ("At work, Tom is incompetent", None, P.SECRET),
        # family relationships, location and schedule
        ("My sister Sarah", S.RELATIONSHIP_FAMILY, P.PRIVATE),
        ("I live in Berlin", S.BIOGRAPHICAL_PERSONAL, P.PRIVATE),
        ("I prefer meetings in the morning", S.PREFERENCE_SCHEDULE, P.PRIVATE),
        ("My dentist appointment is next Tuesday", S.EVENT_UPCOMING, P.PRIVATE),
        # general preferences, hobbies, interests
        ("I love jazz", S.OPINION_LIKES, P.PUBLIC),
        ("I prefer short answers", S.PREFERENCE_COMMUNICATION, P.PUBLIC),
        ("I play tennis", S.BIOGRAPHICAL_LIFESTYLE, P.PUBLIC),
        ("I'm vegan", S.PREFERENCE_DIET, P.PUBLIC),
    ],
)
def test_seed_table(text: str, subcategory: Subcategory | None, level: PrivacyLevel) -> None:
    assert classify_privacy(text, subcategory=subcategory) is level


def test_strictest_signal_wins_and_all_are_reported() -> None:
    result = assess_privacy("Between us, my salary is low and I'm allergic to nuts",
                            subcategory=S.OPINION_LIKES)
    assert result.level is P.SECRET
    assert len(result.signals) == 3
    assert any("secrecy" in s for s in result.signals)


def test_fallbacks() -> None:
    assert classify_privacy("something neutral") is P.PRIVATE
    assert classify_privacy("something neutral", category=FactCategory.OPINION) is P.PUBLIC
    assert classify_privacy("something neutral", category=FactCategory.SECRET) is P.SECRET


def test_word_boundaries() -> None:
    # "pin" inside "spinach", "rent" inside "parent", "sober" inside nothing
    assert classify_privacy("I like spinach", subcategory=S.OPINION_LIKES) is P.PUBLIC
    assert classify_privacy("I love my parents' garden", subcategory=S.OPINION_LIKES) is P.PUBLIC


def test_helpers() -> None:
    assert has_secret_marker("Don’t tell anyone")  # curly apostrophe
    assert not has_secret_marker("I told everyone")
    assert stricter(P.PUBLIC, P.PRIVATE) is P.PRIVATE
    assert stricter(P.SECRET, P.PRIVATE) is P.SECRET
    assert P.PUBLIC.rank < P.PRIVATE.rank < P.SECRET.rank
