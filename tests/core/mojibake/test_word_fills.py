# ruff: noqa: RUF001, RUF003 - Cyrillic letters are the subject
"""Fills chosen by the words they make (``word_fills``)."""

from __future__ import annotations

from mojiscope.core.mojibake.guess import DROPPED, Guess
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
