"""C and C++ arrays and ``xxd -i`` output, read through parse_hex: the forms
accepted, errors at exact lines and columns, and round trips of any bytes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.errors import HexParseError
from mojiscope.core.paste.c_arrays import looks_like_c_array
from mojiscope.core.paste.hex import parse_hex

XXD_I = """unsigned char hello_txt[] = {
  0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x0a
};
unsigned int hello_txt_len = 6;
"""

# (label, text, expected bytes)
ACCEPTED = [
    ("bare braces with a semicolon", "{ 0x43, 0x61 };", b"Ca"),
    ("unsigned char declaration", "unsigned char x[] = { 0x43, 0x61 };", b"Ca"),
    ("xxd -i output with its _len line", XXD_I, b"Hello\n"),
    ("xxd -i array without the _len line", XXD_I.split(";")[0], b"Hello\n"),
    ("sized static const uint8_t", "static const uint8_t x[2] = {0x43,0x61};", b"Ca"),
    ("C++ brace initialisation, no '='", "constexpr unsigned char x[] {0x43, 0x61};", b"Ca"),
    ("std::array with a comma in its type", "std::array<uint8_t, 2> a = {67, 97};", b"Ca"),
    ("decimal values are decimal, not hex", "{ 10, 16 }", b"\x0a\x10"),
    ("octal and binary values", "{ 0101, 0b1000010, 0 }", b"AB\x00"),
    ("suffixes u and UL", "{ 0x43u, 97UL }", b"Ca"),
    ("negative values of a signed char array", "signed char s[] = { -1, -128 };", b"\xff\x80"),
    ("character literals and escapes", r"{ 'C', '\x61', '\n', '\0', '\'', '\101' }", b"Ca\n\x00'A"),
    ("trailing comma", "{ 0x43, 0x61, }", b"Ca"),
    ("empty array", "{}", b""),
    ("comments anywhere", "/* hi */ char x[] = { // c\n 0x43, /* } */ 0x61 };", b"Ca"),
    ("CRLF line ends", "{\r\n 0x43,\r\n 0x61\r\n};\r\n", b"Ca"),
    ("upper-case hex digits", "{ 0X4A, 0XFF }", b"\x4a\xff"),
]


@pytest.mark.parametrize(("label", "text", "expected"), ACCEPTED, ids=[c[0] for c in ACCEPTED])
def test_accepted_arrays(label: str, text: str, expected: bytes) -> None:
    assert parse_hex(text) == expected


# (label, text, line, column, words in the message)
REJECTED = [
    ("value above a byte", "{ 0x43, 0x100 }", 1, 9, "found 0x100 (256), expected a byte value"),
    ("value below a signed byte", "{ -129 }", 1, 3, "found -129 (-129), expected a byte value"),
    ("missing comma", "{ 43 61 }", 1, 6, "found '61', expected ',' or '}'"),
    ("octal with an 8", "{ 1, 08 }", 1, 6, "expected octal digits 0..7"),
    ("array never closed", "char x[] = {\n 1, 2,", 2, 7, "opened at line 1, column 12"),
    ("nested braces", "{ {1} }", 1, 3, "found '{', expected a byte value or '}'"),
    (
        "_len line disagrees with the bytes (a truncated paste)",
        "unsigned char a[] = {\n  0x48, 0x65\n};\nunsigned int a_len = 6;",
        4,
        22,
        "found length 6, expected 2",
    ),
    ("a statement after the array", "{1}; int y;", 1, 6, "expected the end of the text or a len"),
    ("comment never closed", "{ 1, /* 2 }", 1, 6, "no '*/' after it"),
    ("stray character in the body", "{ 1, @ }", 1, 6, "found '@', expected C code"),
    ("non-ASCII character literal", "{ 'é' }", 1, 3, "found 'é', expected a byte value"),
]


@pytest.mark.parametrize(
    ("label", "text", "line", "column", "words"), REJECTED, ids=[c[0] for c in REJECTED]
)
def test_rejected_arrays_name_line_and_column(
    label: str, text: str, line: int, column: int, words: str
) -> None:
    with pytest.raises(HexParseError) as caught:
        parse_hex(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in str(caught.value)


def test_limit_counts_array_bytes() -> None:
    with pytest.raises(HexParseError, match="longer than the limit of 2 bytes") as caught:
        parse_hex("{ 1, 2,\n 3 }", limit=2)
    assert (caught.value.line, caught.value.column) == (2, 2)
    assert parse_hex("{ 0x01, 0x02 }", limit=2) == b"\x01\x02"


def test_a_bytes_literal_with_a_brace_is_still_a_bytes_literal() -> None:
    assert not looks_like_c_array("b'{'")
    assert parse_hex("b'{'") == b"{"


# ---------------------------------------------------------------- properties


def _render_value(draw: st.DrawFn, byte: int) -> str:
    styles = ["0x%02x", "0x%X", "%d", "0%o"]
    if 0x20 <= byte < 0x7F and chr(byte) not in "'\\":
        styles.append("char")
    if byte >= 0x80:
        styles.append("negative")
    style = draw(st.sampled_from(styles))
    if style == "char":
        return f"'{chr(byte)}'"
    if style == "negative":
        return str(byte - 256)
    if style == "0%o" and byte == 0:
        return "0"
    return style % byte


@st.composite
def c_arrays(draw: st.DrawFn) -> tuple[str, bytes]:
    data = draw(st.binary(max_size=64))
    values = [_render_value(draw, b) for b in data]
    separator = draw(st.sampled_from([", ", ",", ",\n  ", " , ", ", /* c */ "]))
    trailing = draw(st.sampled_from(["", ",", ", "])) if data else ""  # C has no "{,}"
    body = separator.join(values) + trailing
    declaration = draw(
        st.sampled_from(["", "unsigned char x[] = ", "static const uint8_t d[] =\n", "char s[]"])
    )
    ending = draw(st.sampled_from(["", ";", ";\n", f";\nunsigned int x_len = {len(data)};"]))
    return f"{declaration}{{{body}}}{ending}", data


def xxd_i(data: bytes, name: str = "data_bin") -> str:
    """What ``xxd -i`` prints for ``data`` read from a file called ``name``."""
    rows = [
        "  " + ", ".join(f"0x{b:02x}" for b in data[i : i + 12]) for i in range(0, len(data), 12)
    ]
    body = ",\n".join(rows)
    return f"unsigned char {name}[] = {{\n{body}\n}};\nunsigned int {name}_len = {len(data)};\n"


@given(c_arrays())
def test_any_bytes_as_a_c_array_read_back(case: tuple[str, bytes]) -> None:
    text, data = case
    assert parse_hex(text) == data


@given(st.binary(min_size=1, max_size=300))
def test_any_bytes_as_xxd_i_read_back(data: bytes) -> None:
    assert parse_hex(xxd_i(data)) == data


@given(st.binary(min_size=1, max_size=40), st.integers(min_value=1, max_value=5))
def test_xxd_i_with_a_line_missing_is_an_error_not_short_data(data: bytes, extra: int) -> None:
    text = xxd_i(data).replace(f"_len = {len(data)};", f"_len = {len(data) + extra};")
    with pytest.raises(HexParseError, match=f"expected {len(data)}"):
        parse_hex(text)


@pytest.mark.skipif(shutil.which("xxd") is None, reason="xxd is not installed")
def test_real_xxd_i_output(tmp_path: Path) -> None:
    sample = bytes(range(256)) + "Grüße, мир\n".encode()
    path = tmp_path / "sample.bin"
    path.write_bytes(sample)
    text = subprocess.run(
        ["xxd", "-i", path.name], cwd=tmp_path, check=True, capture_output=True, text=True
    ).stdout
    assert text.startswith("unsigned char sample_bin[] = {")
    assert parse_hex(text) == sample


@pytest.mark.parametrize(
    "text",
    ["00000000: 7b41  {A", "a0000000: 7b41  {A", "00000000  7b 41  |{A|", "b'{'"],
    ids=["xxd line", "xxd line at an offset starting with a letter", "hexdump -C", "bytes"],
)
def test_a_brace_in_a_dump_or_literal_is_not_an_array(text: str) -> None:
    assert not looks_like_c_array(text)
    assert parse_hex(text) == (b"{A" if "A" in text else b"{")
