"""What the go-to box and --select accept."""

from __future__ import annotations

import pytest

from mojiscope.app.offsets import OffsetError, parse_offset, parse_range


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
