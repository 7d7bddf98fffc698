"""Talk that states no fact of the user's: what someone else thinks the user should do, said
after their saying and a comma ("Mein Kollege meint, ich sollte mich als Direktor bewerben"),
and a plan only floated, in a sentence that says nothing is decided ("we've been toying with
getting a cat, but we haven't decided anything", "ob wir ein Lastenrad kaufen, überlegen wir
noch"). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _current(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang) as memory:
        return [f.text.casefold() for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize(("lang", "text", "word"), [
    ("de", "Meine Kollegin Sabine meint, ich sollte mich als Schulleiter bewerben.",
     "schulleiter"),
    ("en", "My brother Olly keeps saying, I should open a bakery.", "bakery"),
    ("nl", "Mijn buurman Kees zegt, ik moet een warmtepomp nemen.", "warmtepomp"),
])
def test_what_someone_says_after_their_saying_and_a_comma_is_theirs(lang: str, text: str,
                                                                    word: str) -> None:
    assert not any(word in t for t in _current(text, lang=lang))


def test_the_users_own_clause_before_someone_elses_words_is_still_read() -> None:
    current = _current("Unter der Woche trink ich nur noch Tee, Yusuf meint, ich schlaf besser.",
                       lang="de")
    assert any("tee" in t for t in current), current
    assert not any("schlaf" in t for t in current), current


@pytest.mark.parametrize(("lang", "text", "word"), [
    ("en", "We've been toying with getting a cat now that I work from home, but honestly we "
     "haven't decided anything.", "cat"),
    ("de", "Und ob wir uns ein Lastenrad kaufen, überlegen wir noch.", "lastenrad"),
    ("fr", "Mon mari rêve qu'on parte vivre en Bretagne, mais on n'a rien décidé.", "bretagne"),
    ("nl", "Mijn vrouw en ik denken erover een boot te kopen, maar we zijn er nog niet uit.",
     "boot"),
    ("zh", "老婆在考虑要不要给儿子报游泳班，还没决定。", "游泳"),
])
def test_a_plan_only_floated_is_no_fact(lang: str, text: str, word: str) -> None:
    assert not any(word in t for t in _current(text, lang=lang))


def test_what_a_friend_keeps_telling_the_user_is_theirs() -> None:
    current = _current("My friend Gwen keeps telling me I'd be much happier living up in "
                       "Shetland.", lang="en")
    assert not any("shetland" in t for t in current), current


@pytest.mark.parametrize(("lang", "text", "word"), [
    ("en", "might try aqua aerobics someday too idk", "aerobics"),
    ("en", "Might take up rowing one day, who knows.", "rowing"),
    ("nl", "Misschien ga ik ooit nog eens op zangles.", "zangles"),
    ("fr", "ptet qu'un jour on prendra des chèvres nous aussi, on verra", "chèvres"),
    ("es", "Algún día me animo con el surf, quién sabe.", "surf"),
])
def test_a_maybe_for_some_day_is_no_fact(lang: str, text: str, word: str) -> None:
    assert not any(word in t for t in _current(text, lang=lang))


def test_a_cantonese_question_is_no_fact() -> None:
    assert not any("钢琴" in t for t in _current("学钢琴一般要准备啲乜？", lang="zh"))
