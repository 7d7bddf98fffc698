"""The tokenizer shared by the full-text index and its queries."""

from __future__ import annotations

from lucidmem.text import STOPWORDS, index_text, query_terms, tokens


def test_tokens_casefold_and_split_on_punctuation() -> None:
    assert tokens("Hello, WORLD! It's 2026.") == ["hello", "world", "it", "s", "2026"]
    assert tokens("Straße") == ["strasse"]
    assert tokens("ﬁne") == ["fine"]  # NFKC: the ligature becomes two letters
    assert tokens("") == []
    assert tokens("  ...  ") == []


def test_accents_are_kept_for_the_index_to_fold() -> None:
    assert tokens("Café crème") == ["café", "crème"]


def test_cjk_bigrams() -> None:
    assert tokens("咖啡店") == ["咖啡", "啡店"]
    assert tokens("我") == ["我"]
    assert tokens("東京に住む") == ["東京", "京に", "に住", "住む"]
    assert tokens("한국어") == ["한국", "국어"]
    assert tokens("ภาษาไทย")[:2] == ["ภา", "าษ"]


def test_mixed_scripts_split_at_script_boundaries() -> None:
    assert tokens("iPhone手机壳") == ["iphone", "手机", "机壳"]
    assert tokens("GPT4很好 ok") == ["gpt4", "很好", "ok"]


def test_index_text_joins_tokens() -> None:
    assert index_text("Tea, 咖啡!") == "tea 咖啡"


def test_query_terms_drop_stopwords_and_duplicates() -> None:
    assert query_terms("Where does my sister live?") == ["sister", "live"]
    assert query_terms("jazz JAZZ Jazz") == ["jazz"]
    assert query_terms("Wo wohnt die Schwester?") == ["wo", "wohnt", "schwester"]


def test_all_stopword_query_keeps_its_words() -> None:
    assert query_terms("who are you") == ["who", "are", "you"]
    assert all(w in STOPWORDS for w in query_terms("to be or not to be"))
    assert query_terms("to be or not to be") == ["to", "be", "or", "not"]


def test_empty_query_has_no_terms() -> None:
    assert query_terms("?!") == []
