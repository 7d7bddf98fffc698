"""The hashed words and letter groups the slot classifier reads beside the embedding."""

from __future__ import annotations

import numpy as np

from lucidmem.facts.clause_ngrams import NGRAM_DIM, ngram_matrix, ngram_vector, ngrams


def test_a_word_gives_itself_and_its_marked_letter_groups() -> None:
    # "<ab>": three-letter groups "<ab", "ab>", the four-letter group "<ab>"
    assert ngrams("Ab") == ["ab", "<ab", "ab>", "<ab>"]
    assert ngrams("a, b!") == ["a", "b", "<a>", "<b>"]  # one-letter words: a 3-group each


def test_chinese_adds_each_character_and_each_pair() -> None:
    grams = ngrams("在字节")
    assert grams[0] == "在字节"  # \\w+ keeps the run whole
    assert grams[-5:] == ["在字", "字节", "在", "字", "节"]


def test_the_vector_is_hashed_log_counts_of_length_one() -> None:
    # crc32(b"ab") % 16 == 13, crc32(b"<ab>") % 16 == 12 (computed by hand with zlib)
    vector = ngram_vector("ab", 16)
    assert vector.shape == (16,) and vector.dtype == np.float32
    assert vector[13] > 0 and vector[12] > 0
    assert abs(float(np.linalg.norm(vector)) - 1.0) < 1e-6
    twice = ngram_vector("ab ab", 16)  # counts of 2 are damped to log 3, then scaled
    assert np.allclose(twice, vector)


def test_a_text_without_words_is_all_zeros_and_the_matrix_has_a_row_per_text() -> None:
    assert not ngram_vector("?!", 8).any()
    assert ngram_matrix([], 8).shape == (0, 8)
    rows = ngram_matrix(["je bosse chez Airbus", "trinke nur noch Matcha"])
    assert rows.shape == (2, NGRAM_DIM)
    assert np.array_equal(rows[0], ngram_vector("je bosse chez Airbus"))
