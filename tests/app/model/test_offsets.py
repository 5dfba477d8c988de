"""What the go-to box and --select accept."""

from __future__ import annotations

import pytest

from mojiscope.app.model.offsets import ECHO_CHARS, OffsetError, parse_offset, parse_range


@pytest.mark.parametrize(
    ("text", "expected"),
    [("42", 42), ("0x2A", 42), ("0X2a", 42), (" 1_000 ", 1000), ("+8", 108), ("-0x10", 84)],
)
def test_offsets_decimal_hex_and_relative(text: str, expected: int) -> None:
    assert parse_offset(text, current=100, size=2000) == expected


@pytest.mark.parametrize("text", ["", "zz", "0x", "ff", "5000", "-200", "1.5"])
def test_bad_offsets_say_why(text: str) -> None:
    with pytest.raises(OffsetError) as caught:
        parse_offset(text, current=100, size=2000)
    assert str(caught.value)


def test_bare_hex_digits_get_a_hint_to_write_0x() -> None:
    with pytest.raises(OffsetError, match="0xff"):
        parse_offset("ff", 0, 1000)


def test_range_start_end_with_open_end_and_clipping() -> None:
    assert parse_range("0x10:0x20", 100) == (16, 32)
    assert parse_range("5:", 100) == (5, 100)
    assert parse_range("90:500", 100) == (90, 100)
    with pytest.raises(OffsetError):
        parse_range("20:10", 100)
    with pytest.raises(OffsetError):
        parse_range("20", 100)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("end", 1999),  # the last byte
        ("END - 99", 1900),
        ("end-0x10", 1983),
        ("1K", 1024),  # binary suffixes
        ("1.5k", 1536),
        ("0x1K", 1024),
        ("+1K", 1124),
        ("50%", 1000),
        ("12.5 %", 250),
        ("100%", 1999),  # clamped to the last byte
        ("0%", 0),
    ],
)
def test_offsets_as_hex_editors_accept_them(text: str, expected: int) -> None:
    assert parse_offset(text, current=100, size=2000) == expected


def test_size_suffixes_reach_far_into_large_files() -> None:
    assert parse_offset("0x10M", 0, 64 << 30) == 16 << 20
    assert parse_offset("1G", 0, 64 << 30) == 1 << 30
    assert parse_offset("end-1G", 0, 64 << 30) == (64 << 30) - 1 - (1 << 30)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("\u0661", "not an offset"),  # an Arabic-Indic digit: offsets are ASCII
        ("end+5", "after 'end'"),
        ("150%", "0% to 100%"),
        ("half%", "not a percentage"),
        ("1.5", "whole number"),
        ("0x", "no hex digits"),
        ("3K", "outside the file"),
    ],
)
def test_bad_offsets_get_a_short_reason(text: str, says: str) -> None:
    with pytest.raises(OffsetError, match=says):
        parse_offset(text.encode().decode("unicode_escape"), current=0, size=2000)


@pytest.mark.parametrize(
    "text",
    [
        "z" * 300,  # a paste that is no offset
        "f" * 300,  # bare hex digits, echoed in the hint
        "9" * 300,  # an offset whose digits would fill lines
        "end-" + "z" * 300,
        "+" + "1" * 300,
    ],
)
def test_a_long_paste_makes_a_short_message(text: str) -> None:
    """Go to's words wrap at spaces: a message repeating a long paste was
    one unbreakable line wider than the dialog."""
    with pytest.raises(OffsetError) as info:
        parse_offset(text, current=0, size=2000)
    message = str(info.value)
    assert len(message) < 120, message
    assert max(len(word) for word in message.split()) <= ECHO_CHARS + 6, message
