"""What a user says right after taking something back is often the news that replaced it:
"forget what I said about Dad selling the cottage. He says he can't give up his fishing at
Oak Point", "oublie ce que je t'ai dit sur le food truck de Maëlle, elle préfère reprendre
ses études". The thing is taken back; the person's news after it is kept (a topic that is
only a person, "forget what I said about Ingrid, she …", still takes what follows of her).
Passing on what someone says of themselves ("he says he …") is their news, not hearsay; a
refusal ("ha detto di no e …") passes on no one's words; "me contó que …" does. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _history(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang, days=7) as memory:
        return [(f.status.value, f.text.casefold()) for f in memory.facts.history(user_id="u")]


def _current(history: list[tuple[str, str]]) -> list[str]:
    return [text for status, text in history if status == "active"]


@pytest.mark.parametrize(("lang", "said", "taken_back", "gone", "kept"), [
    ("en", "My dad is selling his cabin at Oak Point, it's listed already.",
     "Oh, and forget what I said about Dad selling the cabin. He took it off the market. "
     "He says he can't give up his fishing at Oak Point.", "selling", "fishing"),
    ("fr", "Maëlle veut ouvrir un food truck à Sète.",
     "Oublie ce que je t'ai dit sur le food truck de Maëlle, elle a changé d'avis. "
     "Elle préfère reprendre ses études à Montpellier.", "food truck", "études"),
    ("it", "Mia zia vuole comprare una barca per l'estate.",
     "E lascia perdere la storia della barca di mia zia: mio zio ha detto di no e alla fine "
     "hanno comprato una tenda da campeggio.", "barca", "tenda"),
    ("zh", "我表妹小芸下个月要去成都工作了。",
     "小芸去成都那事儿别记了啊，公司不放人，她还在昆明。", "成都", "昆明"),
])
def test_the_thing_is_taken_back_and_the_news_after_it_kept(
        lang: str, said: str, taken_back: str, gone: str, kept: str) -> None:
    history = _history(said, taken_back, lang=lang)
    current = _current(history)
    assert any(status == "retracted" and gone in text for status, text in history), history
    assert not any(gone in text for text in current), current
    assert any(kept in text for text in current), current


def test_a_topic_that_is_only_a_person_takes_what_follows_of_them() -> None:
    history = _history("My friend Ingrid works at the harbour office.",
                       "Forget what I told you about Ingrid. She is moving to Bergen.",
                       lang="en")
    assert not any("bergen" in text for text in _current(history)), history


@pytest.mark.parametrize(("lang", "turn", "word"), [
    ("en", "My brother Kai called. He says he is starting at the fire station in May.",
     "fire station"),
    ("de", "Meine Schwester Ilka hat angerufen. Sie sagt, sie fängt im Mai bei der Feuerwehr an.",
     "feuerwehr"),
    ("fr", "Ma sœur Inès a appelé. Elle dit qu'elle commence à la caserne en mai.",
     "caserne"),
])
def test_what_someone_says_of_themselves_is_their_news(lang: str, turn: str,
                                                      word: str) -> None:
    assert any(word in text for text in _current(_history(turn, lang=lang)))


def test_what_someone_says_of_another_stays_hearsay() -> None:
    current = _current(_history("My brother Kai called. She says he is starting at the fire "
                                "station in May.", lang="en"))
    assert not any("fire station" in text for text in current), current


def test_a_refusal_passes_on_no_ones_words() -> None:
    current = _current(_history("Mio zio ha detto di no e alla fine hanno comprato una tenda "
                                "da campeggio.", lang="it"))
    assert any("tenda" in text for text in current), current


def test_what_someone_told_the_user_of_a_third_is_no_fact_of_the_user() -> None:
    current = _current(_history("Vendrá mi prima Nerea desde Cáceres. Me ha contado que en "
                                "otoño la trasladan a Lisboa con su empresa.", lang="es"))
    assert not any("the user works at lisboa" in text or "the user lives in lisboa" in text
                   for text in current), current


def test_a_chinese_they_is_no_she() -> None:
    current = _current(_history("我表妹小芸在昆明上班。她们公司不放人。", lang="zh"))
    assert not any(text.endswith("们公司不放人") and "她们" not in text for text in current), \
        current


@pytest.mark.parametrize(("lang", "said", "taken_back", "gone"), [
    ("nl", "Sanne heeft een nieuw lief, een Duitser uit Aken.",
     "Vergeet wat ik over Sanne en die Duitser zei, het is al uit en ze wil er niet meer over "
     "praten.", "praten"),
    ("es", "Mi prima Olga se separa de Nacho.",
     "Olvida lo de la separación de Olga. Fue un malentendido de mi tía, y me ha pedido "
     "que no lo vaya contando.", "malentendido"),
])
def test_why_something_was_taken_back_is_no_fact(lang: str, said: str, taken_back: str,
                                                 gone: str) -> None:
    assert not any(gone in text for text in _current(_history(said, taken_back, lang=lang)))


@pytest.mark.parametrize(("lang", "said", "taken_back", "gone", "kept"), [
    ("en", "My sister Jo is quitting her job to open a bakery in Leeds.",
     "Forget what I said about Jo's bakery, she's staying at the council after all.",
     "bakery", "council"),
    ("es", "Mi hermano Tincho abre una cervecería en el puerto, está feliz.",
     "Olvidate de lo que te dije de Tincho y la cervecería, no le salió el local y sigue en "
     "el banco.", "cervecería", "banco"),
])
def test_news_after_the_topic_and_a_comma_is_read(lang: str, said: str, taken_back: str,
                                                  gone: str, kept: str) -> None:
    current = _current(_history(said, taken_back, lang=lang))
    assert not any(gone in text for text in current), current
    assert any(kept in text for text in current), current


def test_the_news_of_someone_named_alone_in_the_topic_is_theirs() -> None:
    current = _current(_history(
        "Mi hermano Tincho abre una cervecería en el puerto, está feliz.",
        "Olvidate de lo que te dije de Tincho y la cervecería, no le salió el local y sigue en "
        "el banco.", lang="es"))
    assert any("tincho" in text and "banco" in text for text in current), current


@pytest.mark.parametrize(("lang", "said", "taken_back", "gone"), [
    ("nl", "Mijn collega Ruben is geschorst, hij verkocht bedrijfslaptops.",
     "Vergeet wat ik over Ruben zei, dat van die schorsing. Het is zijn zaak.", "schorsing"),
    ("zh", "我前男友阿杰最近老给我发消息。", "把我说的阿杰那件事忘了吧，不想再提他了", "不想再提"),
    ("pt", "O meu vizinho Rui vai emigrar para a Suíça.",
     "Esquece o que te disse do Rui e da Suíça, afinal não vai para lado nenhum, nem se "
     "chegou a inscrever, foi confusão minha.", "confusão"),
])
def test_what_a_retraction_says_on_after_its_topic_is_no_news(
        lang: str, said: str, taken_back: str, gone: str) -> None:
    # more of the topic ("dat van die schorsing") or why it was taken back is no fact
    history = _history(said, taken_back, lang=lang)
    assert not any(gone in text for text in _current(history)), history
