# ruff: noqa: RUF001, RUF003 - Cyrillic letters are the subject
"""Fills chosen by the words they make (``word_fills``)."""

from __future__ import annotations

from mojiscope.core.mojibake.guess import CUT, DROPPED, LAST_DROPPED, Guess
from mojiscope.core.mojibake.word_fills import by_words


def test_a_fill_switches_to_the_letter_making_the_commonest_known_word() -> None:
    # деня and день are both words the lists know; день is the commoner.
    guess = Guess(7, 7, DROPPED, "я", ("ь", "ю"), at_char=3)
    text, (chosen,) = by_words("деня", [guess])
    assert text == "день"
    assert chosen.char == "ь" and chosen.alternatives[0] == "я"


def test_a_fill_that_makes_the_commonest_word_already_stays() -> None:
    guess = Guess(7, 7, DROPPED, "ь", ("я", "ю"), at_char=3)
    text, (chosen,) = by_words("день", [guess])
    assert (text, chosen) == ("день", guess)


def test_a_word_of_several_fills_takes_the_commonest_known_word() -> None:
    # Привет read as latin-1 that lost its C1 controls keeps only the lead
    # byte of р, в and т: the likeliest letter at each hole makes no word.
    guesses = [
        Guess(2, 2, DROPPED, "с", ("р", "т"), at_char=1),
        Guess(6, 6, DROPPED, "с", ("в", "р"), at_char=3),
        Guess(10, 10, DROPPED, "с", ("т", "р"), at_char=5),
    ]
    text, chosen = by_words("Псисес", guesses)
    assert text == "Привет"
    assert [g.char for g in chosen] == ["р", "в", "т"]


def _cut(at_char: int, *fills: str) -> Guess:
    return Guess(at_char * 2, at_char * 2 + 1, CUT, "\ufffd", fills, at_char=at_char)


def test_a_cut_end_whose_fill_ends_a_known_word_is_a_dropped_byte_where_the_reader_drops() -> None:
    # שלום עולם read as windows-1252 that dropped 9D: both ם lost their byte;
    # the first is a dropped byte before a space, the last looks like a cut.
    first = Guess(6, 6, DROPPED, "ם", ("א",), at_char=3)
    text, (_, last) = by_words("שלום עול\ufffd", [first, _cut(8, "א", "ם")])
    assert text == "שלום עולם"
    assert (last.what, last.char, last.alternatives) == (LAST_DROPPED, "ם", ("א",))


def test_a_cut_end_whose_fill_goes_on_a_word_of_kana_hangul_or_han_is_a_dropped_byte() -> None:
    # Word lists seldom hold Japanese or Korean words whole: a fill of the
    # script before it goes on the word, or Han that makes a known pair.
    cases = [
        ("ありがと\ufffd", ("\u3346", "う"), "ありがとう"),  # ã† without its 81
        ("수 없\ufffd", ("\u3346", "음", "소"), "수 없음"),  # the likeliest that goes on
        ("形\ufffd", ("\u5f0f",), "形式"),
    ]
    for seen, fills, meant in cases:
        first = Guess(0, 0, DROPPED, seen[0], (), at_char=0)
        at = len(seen) - 1
        text, (_, last) = by_words(seen, [first, _cut(at, *fills)])
        assert text == meant
        assert last.what == LAST_DROPPED


def test_a_cut_end_whose_fill_is_of_another_script_or_an_unknown_pair_stays_a_cut() -> None:
    first = Guess(0, 0, DROPPED, "形", (), at_char=0)
    for seen, fills in [("ありがと\ufffd", ("\u3346",)), ("形\ufffd", ("\u4e00",))]:
        text, (_, last) = by_words(seen, [first, _cut(len(seen) - 1, *fills)])
        assert text == seen
        assert last.what == CUT


def test_a_cut_end_stays_a_cut_where_the_reader_is_seen_dropping_nothing() -> None:
    # A text cut short leaves the same bytes: a known word alone is no evidence.
    text, (last,) = by_words("עול\ufffd", [_cut(3, "א", "ם")])
    assert text == "עול\ufffd"
    assert (last.what, last.alternatives) == (CUT, ())


def test_a_cut_end_that_closes_the_last_quotation_is_a_dropped_byte() -> None:
    # “hello” read as windows-1252 ends â€: the 9D of ” was dropped.
    text, (last,) = by_words("“hello\ufffd", [_cut(6, "\u2010", "\u201d")])
    assert text == "“hello”"
    assert last.what == LAST_DROPPED
    closed, (cut,) = by_words("“hello” \ufffd", [_cut(8, "\u201d")])
    assert (closed, cut.what) == ("“hello” \ufffd", CUT)


def test_a_capital_after_a_small_letter_makes_no_known_word_at_the_end() -> None:
    # остава is a word; оставА, the capital a cut D0 with 90 would make, is not.
    first = Guess(0, 0, DROPPED, "с", ("я",), at_char=1)
    text, (_, last) = by_words("дсм остав\ufffd", [first, _cut(9, "А")])
    assert text.endswith("\ufffd") and last.what == CUT


def test_of_two_fills_that_make_one_word_the_one_in_the_word_s_case_is_taken() -> None:
    # Polish sobą read as latin-1 that lost its C1 controls keeps only Ä:
    # Ą (C4 84) and ą (C4 85) both make sobą; after a small letter, ą.
    guess = Guess(4, 4, DROPPED, "Č", ("Ą", "Ă", "ą"), at_char=3)
    text, out = by_words("sobČ", [guess])
    assert text == "sobą"
    assert out[0].char == "ą"
