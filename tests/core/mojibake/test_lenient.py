"""Western text read by a lenient UTF-8 decoder, read back: each character
the decoder made becomes its lead's letter and characters whose bytes have
the low six bits it kept, chosen by the words they make; text that shows
no such character is left alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake.guess import LENIENT
from mojiscope.core.mojibake.lenient import lenient_decode, leniently_read
from mojiscope.core.mojibake.lexicon import known_words

#: French and Spanish words windows-1252 writes, some with accented letters.
WORDS = sorted(
    w for w in known_words() if w.isalpha() and 2 <= len(w) <= 10 and all(c < "\u0100" for c in w)
)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("passé ce", "pass頣e"),  # E9 20 63: U+9823
        ("à lire", "ࠬire"),  # E0 20 6C: a Samaritan vowel sign
        ("Ça", "ǡ"),  # C7 61: a lead of two bytes
        ("über", "\ufffdber"),  # FC is no lead
        ("café", "caf\ufffd"),  # a lead whose bytes run out
    ],
)
def test_the_decoder_keeps_the_low_six_bits_of_whatever_follows_a_lead(
    written: str, read: str
) -> None:
    assert lenient_decode(written.encode("cp1252")) == read


@pytest.mark.parametrize(
    "text",
    [
        "Ça ne sert à rien d'étouffer la peine.",
        "J'ai encore passé ce soir de longues heures à lire.",
        "Le café de la gare ouvre à sept heures.",
        "id;name;city\n1;Hélène;Orléans",
        # Short, mostly the decoder's characters: each one makes a known word.
        ": opção inválida",
    ],
)
def test_western_text_read_leniently_is_read_back(text: str) -> None:
    found = leniently_read(lenient_decode(text.encode("cp1252")))
    assert found is not None
    read, guesses = found
    assert read == text
    assert guesses and all(g.what == LENIENT for g in guesses)


def test_a_letter_the_decoder_could_not_read_is_guessed_from_its_word() -> None:
    # ö (F6) is no lead the decoder reads: U+FFFD, guessed back as a lost letter.
    text = "Ça ne sert à rien, schön"
    found = leniently_read(lenient_decode(text.encode("cp1252")))
    assert found is not None and found[0] == text
    assert {g.what for g in found[1]} == {LENIENT, "letter lost as U+FFFD"}


@pytest.mark.parametrize(
    "text",
    [
        "Café crème, Søren, København, €100",
        "registerfromcallbackను NULL eventtype తో",
        "postgresql.confでarchive_cleanup_commandを設定します",
        "Vigane vahemiku lรตpp",  # Estonian read as cp874: no word is made
        "ड्राइवर 漢字 テスト",
        # Glued to Latin words, but no character makes a known word back.
        "用Python寫程式",
        "git을 사용하세요",
    ],
)
def test_text_showing_no_such_character_is_left_alone(text: str) -> None:
    assert leniently_read(text) is None


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=8))
def test_each_guess_is_what_the_decoder_makes_its_character_of(words: list[str]) -> None:
    text = " ".join(words)
    damaged = lenient_decode(text.encode("cp1252"))
    found = leniently_read(damaged)
    if found is None:
        return
    read, guesses = found
    rebuilt = list(damaged)
    for guess in guesses:
        assert guess.end == guess.start + 1
        if guess.what != LENIENT:
            assert damaged[guess.start] == "\ufffd"
            rebuilt[guess.start] = guess.char
            continue
        for made in (guess.char, *guess.alternatives):
            assert lenient_decode(made.encode("cp1252")) == damaged[guess.start]
            assert all(c.isalpha() or c.isspace() for c in made[1:])
        rebuilt[guess.start] = guess.char
    assert "".join(rebuilt) == read
