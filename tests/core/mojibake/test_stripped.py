"""Words a writer stripped of the letters it could not write: found where
the word they leave is no word of its own, named as the word they were."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake.lexicon import STRIPPED_LETTERS, stripped_form, stripped_word
from mojiscope.core.mojibake.stripped import stripped_words


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Vclav Novek", [(0, 5, "Václav"), (6, 11, "Nováček")]),
        ("Rastko orevi", [(7, 12, "đorđević")]),
        ("Configurao do sistema", [(0, 10, "Configuração")]),
    ],
)
def test_a_word_stripped_of_its_letters_beyond_ascii_is_found(
    text: str, found: list[tuple[int, int, str]]
) -> None:
    assert list(stripped_words(text)) == found


@pytest.mark.parametrize(
    "text",
    [
        "Latin results, split into posts",  # latină stripped is "latin", a word of its own
        "Cannot parse PASV response.",  # capitals: an abbreviation
        "Václav Nováček",  # the letters are there
        "Vclav_Novek2 = 1",  # a name in code, not a word
        "Kon nie metalêer laai nie",  # too short to tell from a word wordfreq lacks
        "Новая папка",
    ],
)
def test_words_of_their_own_and_words_that_keep_their_letters_are_not(text: str) -> None:
    assert stripped_words(text) == ()


def test_the_forms_of_a_word_drop_what_ascii_and_latin_1_cannot_write() -> None:
    assert stripped_form("václav") == ("vclav",)
    assert stripped_form("nováček") == ("novek", "nováek")
    assert stripped_form("žluťoučký") == ("luouk", "luouký")
    assert stripped_form("café") == ()  # its form keeps too few letters


def test_the_commonest_word_holds_a_form_and_words_of_their_own_hold_none() -> None:
    assert stripped_word("configurao") == "configuração"
    assert stripped_word("vclav") == "václav"
    assert stripped_word("latin") is None  # a word of its own (of latină), wordfreq says
    assert stripped_word("václav") is None  # a word of the lists as it is
    assert stripped_word("qqqqqq") is None


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet=st.sampled_from("Vclav Novek_2éaxPASV"), max_size=40))
def test_each_found_word_is_a_form_of_the_word_it_names(text: str) -> None:
    for start, end, was in stripped_words(text):
        word = text[start:end]
        assert len(word) >= STRIPPED_LETTERS
        assert word.lower() in stripped_form(was.lower())
