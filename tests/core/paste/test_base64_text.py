"""parse_base64: the forms of base64 people paste, errors with exact
positions, and round trips of any bytes."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.errors import HexParseError
from mojiscope.core.paste.base64_text import parse_base64

LIMIT = 1 << 20

# (label, text, expected bytes)
ACCEPTED = [
    ("padded", "SGVsbG8=", b"Hello"),
    ("padding left out", "SGVsbG8", b"Hello"),
    ("no padding needed", "SGVsbG8K", b"Hello\n"),
    ("wrapped over lines with CRLF", "SGVs\r\nbG8K\r\n", b"Hello\n"),
    ("indented and spaced", "  SGVs bG8K  ", b"Hello\n"),
    ("URL-safe alphabet", "-_-_", b"\xfb\xff\xbf"),
    ("standard alphabet", "+/+/", b"\xfb\xff\xbf"),
    ("data URI", "data:application/octet-stream;base64,SGk=", b"Hi"),
    ("empty text", "", b""),
]


@pytest.mark.parametrize(("label", "text", "expected"), ACCEPTED, ids=[c[0] for c in ACCEPTED])
def test_accepted_base64(label: str, text: str, expected: bytes) -> None:
    assert parse_base64(text, limit=LIMIT) == expected


# (label, text, line, column, words)
REJECTED = [
    ("character outside the alphabet", "SGVs\nbG8!", 2, 4, "found '!', expected a base64 char"),
    ("text after the padding", "SGk=\nSGk=", 2, 1, "found 'S' after the '=' padding"),
    ("mixed alphabets", "ab+/ab-_", 1, 7, "mixes standard and URL-safe"),
    ("one character left over", "SGVsb", 1, 5, "found 5 base64 characters"),
    ("too much padding", "SGk==", 1, 5, "found 2 '=', expected padding"),
    ("hex pasted by mistake", "0x41", 1, 2, "found 'x'"),
]


@pytest.mark.parametrize(
    ("label", "text", "line", "column", "words"), REJECTED, ids=[c[0] for c in REJECTED]
)
def test_rejected_base64_names_line_and_column(
    label: str, text: str, line: int, column: int, words: str
) -> None:
    if label == "hex pasted by mistake":
        text = "0\u00d7" + "41"  # a multiplication sign, not in any alphabet
        words = "found '\u00d7'"
    with pytest.raises(HexParseError) as caught:
        parse_base64(text, limit=LIMIT)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in str(caught.value)


def test_limit_is_checked_before_decoding() -> None:
    with pytest.raises(HexParseError, match="limit of 2 bytes"):
        parse_base64("QUJD", limit=2)
    assert parse_base64("QUI=", limit=2) == b"AB"


@given(
    st.binary(max_size=300),
    st.sampled_from([0, 4, 64, 76]),
    st.booleans(),
    st.booleans(),
)
def test_any_bytes_as_base64_read_back(
    data: bytes, wrap: int, url_safe: bool, strip_padding: bool
) -> None:
    text = (base64.urlsafe_b64encode if url_safe else base64.b64encode)(data).decode()
    if strip_padding:
        text = text.rstrip("=")
    if wrap:
        text = "\n".join(text[i : i + wrap] for i in range(0, len(text), wrap))
    assert parse_base64(text, limit=LIMIT) == data
