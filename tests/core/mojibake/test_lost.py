# ruff: noqa: RUF001, RUF003 - quotation marks are the subject
"""Lost bytes and their fills (``lost``): a letter's byte lost and the
fill that makes the commonest word, a character's two continuation bytes
stripped by latin-1 (a quotation mark in the shape of its place), a lead
byte a reader of two bytes a time lost to
U+FFFD, an emoji's variation selector, a Korean particle's byte dropped
before a space, and decoding that ends on any bytes."""

from __future__ import annotations

import unicodedata
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake import explain
from mojiscope.core.mojibake.guess import CUT, LAST_DROPPED
from mojiscope.core.mojibake.lost import decode_with_holes
from mojiscope.core.mojibake.search import undo_first

#: The bytes latin-1 reads as C1 controls, which programs strip.
C1_BYTES = bytes(range(0x80, 0xA0))


def test_a_lost_letter_is_the_one_that_makes_the_commonest_word() -> None:
    # день read as latin-1 that lost its C1 controls keeps Ð and Ñ of its last
    # letter, D1 8C: ь and я (D1 8F) both make a word; день is the commoner.
    raw = "день".encode().replace(b"\x8c", b"")
    decoded = decode_with_holes(raw, C1_BYTES, allow_cut=False)
    assert decoded is not None and decoded[0] == "день"
    assert "я" in decoded[1][0].alternatives


@pytest.mark.parametrize("emoji", ["\u26a0\ufe0f", "\u2764\ufe0f", "\u2714\ufe0f"])
def test_an_emojis_lost_variation_selector_is_the_emoji_one(emoji: str) -> None:
    # ⚠️ ends in EF B8 8F (U+FE0F); windows-1252 has no 8F, and the other
    # bytes it lacks (81 8D 90 9D) make the selectors text seldom uses.
    seen = f"{emoji} Warning: disk full".encode().decode("cp1252", "replace")
    best = explain(seen.encode())[0]
    assert best.text == f"{emoji} Warning: disk full"
    assert "\ufe01" in best.lost[-1].alternatives


def test_a_korean_particle_that_lost_its_9d_before_a_space_is_the_particle() -> None:
    # 을 is EC 9D 84; windows-1252 has no 9D, and what is left before the
    # space, ì„, would be 선 (EC 84 A0) had the space been a no-break one.
    seen = "임시 파일을 만들 수 없습니다".encode().decode("cp1252", "ignore")
    assert "ì„ " in seen
    assert explain(seen.encode())[0].text == "임시 파일을 만들 수 없습니다"


def test_both_continuation_bytes_of_a_character_lost_as_c1_controls_are_guessed() -> None:
    # 的 is E7 9A 84: read as latin-1 that strips C1 controls, only ç is left.
    raw = "的人".encode().replace(b"\x9a\x84", b"")
    assert decode_with_holes(raw, C1_BYTES, allow_cut=False) is None
    decoded = decode_with_holes(raw, C1_BYTES, allow_cut=False, pairs=True)
    assert decoded is not None and decoded[0][1:] == "人"
    (guess,) = decoded[1]
    # Ranked by the words its neighbour makes: 猎人 before 的人 (的 stands alone).
    assert "的" in (guess.char, *guess.alternatives)
    assert all(0x80 <= b <= 0x9F for c in guess.alternatives for b in c.encode()[1:])
    # The fills are the characters whose two bytes are both such holes.
    two_holes = decode_with_holes(raw, b"\x9a\x84", allow_cut=False, pairs=True)
    assert two_holes is not None
    (guess,) = two_holes[1]
    fills = {bytes([0xE7, a, b]).decode() for a in (0x84, 0x9A) for b in (0x84, 0x9A)}
    assert {guess.char, *guess.alternatives} == fills


@pytest.mark.parametrize(
    ("text", "fills"),
    [
        ("I don’t know what’s new", ["’", "’"]),  # between letters: the apostrophe
        ("He said “hello” and left", ["“", "”"]),  # opening, then closing
        ("l’application par défaut", ["’"]),
    ],
)
def test_a_quotation_mark_whose_bytes_were_stripped_takes_the_shape_of_its_place(
    text: str, fills: list[str]
) -> None:
    # Each of ‘’“” is E2 80 and one C1 byte: latin-1 that lost its C1
    # controls keeps only the E2 (â) of each, and any of them fills it.
    raw = "".join(c for c in text.encode().decode("latin-1") if not "\x80" <= c <= "\x9f")
    decoded = decode_with_holes(raw.encode("latin-1"), C1_BYTES, allow_cut=False, pairs=True)
    assert decoded is not None
    assert [g.char for g in decoded[1]] == fills
    assert decoded[0] == text


@pytest.mark.parametrize(
    ("text", "reader", "given_back"),
    [
        ("한국어 텍스트", "cp949", True),
        ("파일을 열 수 없습니다", "cp949", True),
        # 文 loses two bytes to one U+FFFD: the reading is named, 文 not given back.
        ("中文測試", "cp950", False),
    ],
)
def test_utf8_read_by_korean_and_big5_windows_is_named(
    text: str, reader: str, given_back: bool
) -> None:
    # Korean and Taiwanese Windows read UTF-8 two bytes at a time; the lead
    # bytes they could not pair are lost to U+FFFD (한 is ED 95 9C: U+FFFD, then 븳).
    seen = text.encode().decode(reader, "replace")
    assert "\ufffd" in seen
    found = explain(seen.encode(), limit=5)
    assert f"utf-8 read as {reader}" in found[0].words
    assert found[0].confidence < 0.9  # bytes were guessed
    assert (text in [e.text for e in found]) == given_back


def test_a_lead_byte_lost_to_a_stand_in_is_guessed_before_its_continuation_bytes() -> None:
    # 텍 is ED 85 8D: cp949 wrote U+FFFD for ED and read 85 8D as a character.
    raw = b"\x00\x85\x8d"
    holes = bytes(range(0x80, 0xC0)) + bytes(range(0xE3, 0xEE))
    decoded = decode_with_holes(raw, holes, allow_cut=False)
    assert decoded is not None
    (guess,) = decoded[1]
    assert (guess.start, guess.end) == (0, 3)
    assert all(c.encode()[1:] == b"\x85\x8d" for c in (guess.char, *guess.alternatives))
    assert "텍" in (guess.char, *guess.alternatives)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.binary(max_size=24))
def test_decoding_with_every_kind_of_hole_ends_on_any_bytes(raw: bytes) -> None:
    # Each hole moves the decoder on: no byte (C0, F5-FF after a stand-in) loops it.
    raw = raw.replace(b"\x01", b"\x00")
    holes = bytes(range(0x80, 0xC0)) + bytes(range(0xE3, 0xEE))
    decoded = decode_with_holes(raw, holes, allow_cut=True, whole=True, pairs=True)
    if decoded is not None:
        spans = [(g.start, g.end) for g in decoded[1]]
        assert all(0 <= a <= b <= len(raw) for a, b in spans)
        assert all(b1 <= a2 for (_, b1), (a2, _) in pairwise(spans))


def _drawn(char: str) -> str:
    """A box-drawing character as a program that draws boxes in ASCII
    writes it: a line as ``-`` or ``|``, a corner or a cross as ``+``."""
    name = unicodedata.name(char, "")
    if not name.startswith("BOX DRAWINGS"):
        return char
    line = name.removeprefix("BOX DRAWINGS ")
    if line in ("LIGHT HORIZONTAL", "DOUBLE HORIZONTAL"):
        return "-"
    return "|" if line in ("LIGHT VERTICAL", "DOUBLE VERTICAL") else "+"


#: cp437's box drawing as a program that draws boxes in ASCII writes it.
BOXES = str.maketrans({chr(c): _drawn(chr(c)) for c in range(0x2500, 0x2580)})
#: Words of letters whose UTF-8 read as cp437 draws a box or two.
DRAWN_WORDS = ["Schlüssel", "ungültig", "können", "Programación", "geändert", "fenêtre"]


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(DRAWN_WORDS), min_size=1, max_size=5))
def test_a_guess_of_a_lead_drawn_in_ascii_draws_back_to_its_stand_ins(words: list[str]) -> None:
    # Whatever the guess, read as cp437 and drawn again it is what was shown.
    shown = " ".join(words).encode().decode("cp437").translate(BOXES)
    decoded = undo_first(shown, "cp437")
    assert decoded is not None
    text, guesses = decoded
    assert {g.what for g in guesses} <= {"box drawing written in ASCII"}
    raw = shown.encode("cp437")
    for guess in guesses:
        for char in (guess.char, *guess.alternatives):
            assert char.encode().decode("cp437").translate(BOXES) == raw[
                guess.start : guess.end
            ].decode("cp437")
    assert text.encode().decode("cp437").translate(BOXES) == shown


#: The bytes windows-1252 leaves undefined, which its reader drops.
CP1252_HOLES = b"\x81\x8d\x8f\x90\x9d"
#: Words whose UTF-8 holds some of those bytes (Cyrillic es and ya, D1 81 and D1 8F;
#: Hebrew's final ם, D7 9D; č, C4 8D), and words that hold none.
DROPPING_WORDS = ["сейчас", "система", "шалом", "שלום", "מים", "počet", "večer", "día", "и"]


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(DROPPING_WORDS), min_size=1, max_size=6))
def test_the_last_character_is_a_cut_or_its_lead_and_a_byte_the_reader_drops(
    words: list[str],
) -> None:
    # Words read as windows-1252 by a reader that drops what it lacks: each
    # hole before the end is a dropped byte; the last lead byte is a cut
    # (U+FFFD) or, where the text shows the reader dropping, a character
    # made of it and one of the bytes dropped.
    raw = " ".join(words).encode().replace(b"\x81", b"").replace(b"\x8f", b"")
    raw = raw.replace(b"\x8d", b"").replace(b"\x9d", b"").replace(b"\x90", b"")
    decoded = decode_with_holes(raw, CP1252_HOLES, allow_cut=True)
    assert decoded is not None
    text, guesses = decoded
    ends = [g for g in guesses if g.what in (CUT, LAST_DROPPED)]
    for guess in ends:
        assert guess is guesses[-1] and guess.end == len(raw)
        made = guess.char.encode()
        if guess.what == CUT:
            assert (guess.char, guess.alternatives) == ("\ufffd", ())
        else:
            assert made[:-1] == raw[guess.start :] and made[-1] in CP1252_HOLES
            assert any(g.what != LAST_DROPPED for g in guesses)
    assert text.endswith(tuple(g.char for g in ends) or ("",))
