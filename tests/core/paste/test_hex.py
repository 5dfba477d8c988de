"""parse_hex: every pasted form it accepts, errors with exact positions, round trips."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.errors import HexParseError
from mojiscope.core.paste.hex import parse_hex

HELLO = b"Hello\n"

# (label, text, expected bytes)
ACCEPTED = [
    ("empty text", "", b""),
    ("only whitespace and separators", " \t,;:\n", b""),
    ("space separated pairs", "48 65 6c 6c 6f 0a", HELLO),
    ("one continuous run", "48656c6c6f0a", HELLO),
    ("upper case digits", "48656C6C6F0A", HELLO),
    ("runs of several bytes", "4865 6c6c 6f0a", HELLO),
    ("commas", "48,65,6c,6c,6f,0a", HELLO),
    ("comma and space", "48, 65, 6c, 6c, 6f, 0a", HELLO),
    ("colons", "48:65:6c:6c:6f:0a", HELLO),
    ("semicolons", "48;65;6c;6c;6f;0a", HELLO),
    ("tabs and several lines", "48\t65\n6c 6c\n\n6f 0a\n", HELLO),
    ("CRLF line ends", "48 65 6c\r\n6c 6f 0a\r\n", HELLO),
    ("old Mac CR line ends", "48 65 6c\r6c 6f 0a", HELLO),
    ("no-break space and ideographic space", "48\u00a065\u30006c 6c 6f 0a", HELLO),
    ("0x prefixes, C array body", "0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x0a", HELLO),
    ("0X prefix upper case", "0X48 0X65 0X6C 0X6C 0X6F 0X0A", HELLO),
    ("0x prefix on a multi-byte run", "0x48656c 0x6c6f0a", HELLO),
    ("0x prefixes with no separator", "0x480x65", b"He"),
    ("\\x escapes", r"\x48\x65\x6c\x6c\x6f\x0a", HELLO),
    ("\\X escapes", r"\X48\X65", b"He"),
    ("\\x escape followed by a run", r"\x484865", b"HHe"),
    ("percent encoding", "%48%65%6C%6C%6F%0A", HELLO),
    ("bytes literal with escapes", r"b'He\x6c\x6co\n'", HELLO),
    ("bytes literal in double quotes", r'b"it\'s"', b"it's"),
    ("bytes literal with every simple escape", r"b'\\\'\"\a\b\f\n\r\t\v'", b"\\'\"\a\b\f\n\r\t\v"),
    ("bytes literal with octal escapes", r"b'\0\101\1010\377'", b"\x00AA0\xff"),
    ("bytes literal B prefix", "B'AB'", b"AB"),
    ("bytes literal next to hex", "41 b'B' 43", b"ABC"),
    ("empty bytes literal", "b''", b""),
    ("repr of bytes", repr(bytes(range(256))), bytes(range(256))),
    ("xxd line", "00000000: 4865 6c6c 6f0a  Hello.", HELLO),
    ("xxd -g1 line", "00000000: 48 65 6c 6c 6f 0a  Hello.", HELLO),
    ("xxd -u line", "00000000: 4865 6C6C 6F0A  Hello.", HELLO),
    ("xxd ASCII column that looks like hex", "00000000: 6162 6364  abcd", b"abcd"),
    ("xxd ASCII column starting with a space", "00000000: 2041  A", b" A"),
    (
        "xxd two lines, short last line padded",
        "00000000: 3031 3233 3435 3637 3839 6162 6364 6566  0123456789abcdef\n"
        "00000010: 6768                                     gh\n",
        b"0123456789abcdefgh",
    ),
    ("xxd starting at an offset (xxd -s)", "00000010: 4142  AB\n00000012: 43  C", b"ABC"),
    (
        "xxd -a squeezed zero lines",
        "00000000: 0000 0000  ....\n*\n0000000c: 4142  AB\n",
        b"\x00" * 12 + b"AB",
    ),
    (
        "hexdump -C line",
        "00000000  48 65 6c 6c 6f 0a                                 |Hello.|",
        HELLO,
    ),
    (
        "hexdump -C with trailing offset line",
        "00000000  48 65 6c 6c 6f 0a                                 |Hello.|\n00000006\n",
        HELLO,
    ),
    (
        "hexdump -C full line with the middle gap",
        "00000000  30 31 32 33 34 35 36 37  38 39 61 62 63 64 65 66  |0123456789abcdef|\n"
        "00000010  67 68                                             |gh|\n"
        "00000012\n",
        b"0123456789abcdefgh",
    ),
    ("hexdump -C ASCII column holding |", "00000000  7c 7c 7c  |||||\n00000003", b"|||"),
    (
        "hexdump -C squeezed repeats",
        "00000000  41 41 41 41  |AAAA|\n*\n0000000c  42  |B|\n0000000d\n",
        b"A" * 12 + b"B",
    ),
    (
        "hexdump -C squeezed repeats up to the end",
        "00000000  41 41 41 41  |AAAA|\n*\n00000010\n",
        b"A" * 16,
    ),
    (
        "two hexdump -C dumps one after the other",
        "00000000  41  |A|\n00000001\n00000000  42  |B|\n00000001\n",
        b"AB",
    ),
    ("indented dump lines", "  00000000: 4142  AB\n  00000002: 43  C", b"ABC"),
    ("plain hex after a dump", "00000000: 4142  AB\n43 44", b"ABCD"),
    ("8-digit plain line not after hexdump -C is data", "00000006", b"\x00\x00\x00\x06"),
]


@pytest.mark.parametrize(
    ("text", "expected"), [case[1:] for case in ACCEPTED], ids=[case[0] for case in ACCEPTED]
)
def test_accepted_form(text: str, expected: bytes) -> None:
    assert parse_hex(text) == expected


# (label, text, line, column, words the message must hold)
REJECTED = [
    ("a letter that is not hex", "41 g2", 1, 4, "found 'g', expected a hex digit"),
    ("odd run at the end", "41 4", 1, 4, "odd number of hex digits (1) in '4'"),
    ("odd run on the second line", "41\n  42 43 444", 2, 9, "odd number of hex digits (3)"),
    ("odd run stuck to a bad letter names the letter", "4z", 1, 2, "found 'z'"),
    ("0x with no digits", "0xzz", 1, 3, "found 'z', expected hex digits after '0x'"),
    ("0x with an odd run", "0x414", 1, 3, "odd number of hex digits (3) in '414'"),
    ("0x alone at the end", "41 0x", 1, 6, "found end of line, expected hex digits after '0x'"),
    ("\\x with one digit", r"\x4z", 1, 4, "found 'z', expected two hex digits after '\\x'"),
    ("\\x followed by one more digit", r"\x414", 1, 5, "odd number of hex digits (1) in '4'"),
    ("backslash that is not \\x", r"\n41", 1, 1, "expected a hex digit or a '\\x' escape"),
    ("percent with one digit", "%4", 1, 3, "found end of line, expected two hex digits after '%'"),
    ("lone quote", "41 '42'", 1, 4, 'found "\'", expected a hex digit'),
    ("invisible character named by code point", "41\u200b42", 1, 3, "found U+200B"),
    ("non-ASCII letter", "41 é", 1, 4, "found 'é'"),
    ("unterminated bytes literal", "b'abc", 1, 6, "expected its closing quote (')"),
    ("unknown escape in a bytes literal", r"b'\q'", 1, 3, "unknown escape '\\q'"),
    ("short \\x in a bytes literal", r"b'\x4'", 1, 6, "found the closing quote"),
    ("non-ASCII in a bytes literal", "b'é'", 1, 3, "expected ASCII or an escape"),
    ("octal escape above 377", r"b'\400'", 1, 3, "above \\377"),
    ("line counted across CRLF", "41\r\n42\r\n4", 3, 1, "odd number"),
    ("bad character inside an xxd hex area", "00000000: 41g2  A.", 1, 13, "found 'g'"),
    ("bad character inside a hexdump -C area", "00000000  41 4g  |A.|", 1, 15, "found 'g'"),
    (
        "xxd line missing in the middle",
        "00000000: 4142  AB\n00000004: 4142  AB",
        2,
        1,
        "found offset 00000004, expected 00000002",
    ),
    (
        "hexdump -C total that does not match",
        "00000000  41 42  |AB|\n00000003",
        2,
        1,
        "found offset 00000003, expected 00000002",
    ),
    (
        "repeat that does not fill whole lines",
        "00000000  41 41 41 41  |AAAA|\n*\n0000000a  42  |B|",
        3,
        1,
        "whole number of repeated 4-byte lines",
    ),
    (
        "repeat with nothing after it",
        "00000000  41 41  |AA|\n*\n",
        2,
        1,
        "found '*' (repeated lines) with no offset after it",
    ),
    ("repeat with no dump before it", "*\n00000000  41  |A|", 1, 1, "found '*'"),
    (
        "repeat followed by plain hex",
        "00000000  41 41  |AA|\n*\n41 41",
        2,
        1,
        "found '*' (repeated lines)",
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [case[1:] for case in REJECTED],
    ids=[case[0] for case in REJECTED],
)
def test_rejected_form(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(HexParseError) as caught:
        parse_hex(text)
    error = caught.value
    assert (error.line, error.column) == (line, column), str(error)
    assert words in str(error)
    assert str(error).startswith(f"line {line}, column {column}: found ")


def test_repeat_beyond_the_limit_is_refused() -> None:
    text = "00000000  00 00  |..|\n*\nfffffffe\n"
    with pytest.raises(HexParseError, match="longer than the limit of 1000 bytes") as caught:
        parse_hex(text, limit=1000)
    assert (caught.value.line, caught.value.column) == (3, 1)


def test_error_is_a_value_error() -> None:
    # Callers that only know ValueError (as bytes.fromhex raises) still catch it.
    with pytest.raises(ValueError, match="line 1, column 1"):
        parse_hex("zz")


# ---------------------------------------------------------------- round trips


def _printable(byte: int) -> str:
    return chr(byte) if 0x20 <= byte < 0x7F else "."


def render_plain(data: bytes) -> str:
    return data.hex(" ")


def render_run(data: bytes) -> str:
    return data.hex().upper()


def render_c_array(data: bytes) -> str:
    return ",\n".join(
        ", ".join(f"0x{b:02x}" for b in data[i : i + 12]) for i in range(0, len(data), 12)
    )


def render_escapes(data: bytes) -> str:
    return "".join(f"\\x{b:02x}" for b in data)


def render_percent(data: bytes) -> str:
    return "".join(f"%{b:02X}" for b in data)


def render_repr(data: bytes) -> str:
    return repr(data)


def render_xxd(data: bytes, columns: int = 16, group: int = 2) -> str:
    lines = []
    width = columns * 2 + (columns + group - 1) // group - 1
    for start in range(0, len(data), columns):
        chunk = data[start : start + columns]
        groups = [chunk[i : i + group].hex() for i in range(0, len(chunk), group)]
        ascii_column = "".join(_printable(b) for b in chunk)
        lines.append(f"{start:08x}: {' '.join(groups):<{width}}  {ascii_column}")
    return "\n".join(lines) + "\n"


def render_hexdump_c(data: bytes, squeeze: bool = True) -> str:
    lines = []
    previous = None
    squeezing = False
    for start in range(0, len(data), 16):
        chunk = data[start : start + 16]
        if squeeze and chunk == previous and len(chunk) == 16:
            if not squeezing:
                lines.append("*")
                squeezing = True
            continue
        squeezing = False
        previous = chunk
        left = " ".join(f"{b:02x}" for b in chunk[:8])
        right = " ".join(f"{b:02x}" for b in chunk[8:])
        ascii_column = "".join(_printable(b) for b in chunk)
        lines.append(f"{start:08x}  {left:<23}  {right:<23}  |{ascii_column}|")
    if data:
        lines.append(f"{len(data):08x}")
    return "\r\n".join(lines) + "\r\n"


RENDERERS: list[Callable[[bytes], str]] = [
    render_plain,
    render_run,
    render_c_array,
    render_escapes,
    render_percent,
    render_repr,
    render_xxd,
    lambda data: render_xxd(data, columns=7, group=1),
    lambda data: render_xxd(data, columns=32, group=4),
    render_hexdump_c,
]

LINES_OF_SIXTEEN = st.lists(
    st.sampled_from([b"\x00" * 16, b"A" * 16, bytes(range(16))]), max_size=6
).map(b"".join)
DATA = st.one_of(
    st.binary(max_size=200),
    st.tuples(LINES_OF_SIXTEEN, st.binary(max_size=40)).map(lambda parts: parts[0] + parts[1]),
)


@given(data=DATA, renderer=st.sampled_from(RENDERERS))
def test_round_trip(data: bytes, renderer: Callable[[bytes], str]) -> None:
    assert parse_hex(renderer(data)) == data


@given(st.text(alphabet=st.sampled_from("0123456789abcdefxXgb'\"\\%:;, \n*|\u00e9"), max_size=40))
def test_only_hex_parse_error_escapes(text: str) -> None:
    try:
        result = parse_hex(text)
    except HexParseError as error:
        assert error.line >= 1
        assert error.column >= 1
    else:
        assert isinstance(result, bytes)


@given(st.text(max_size=60))
def test_only_hex_parse_error_escapes_on_any_text(text: str) -> None:
    with contextlib.suppress(HexParseError):
        parse_hex(text)


HEXISH = st.text(alphabet=st.sampled_from("0123456789abcdefABxXg\\%:;, \t*"), max_size=30)


@given(HEXISH)
def test_fast_and_token_by_token_paths_agree(text: str) -> None:
    # The one-regex fast path must accept exactly what the token loop accepts.
    from mojiscope.core.paste.hex import _AREA, _TOKEN

    pos = 0
    while pos < len(text) and (match := _TOKEN.match(text, pos)):
        pos = match.end()
    assert (_AREA.fullmatch(text) is not None) == (pos == len(text))


# ------------------------------------------------- limits, offsets, bad types


@pytest.mark.parametrize(
    ("label", "text", "limit"),
    [
        ("plain hex one byte over", "41 42 43", 2),
        ("second line takes it over", "41 42\n43", 2),
        ("xxd line over", "00000000: 4142 43  ABC", 2),
        ("hexdump -C line over", "00000000  41 42 43  |ABC|", 2),
        ("bytes literal over", "b'ABC'", 2),
        ("zero limit", "00", 0),
    ],
)
def test_limit_holds_on_every_kind_of_line(label: str, text: str, limit: int) -> None:
    with pytest.raises(HexParseError, match=f"longer than the limit of {limit} bytes"):
        parse_hex(text, limit=limit)


def test_limit_names_the_line_that_passes_it() -> None:
    with pytest.raises(HexParseError) as caught:
        parse_hex("41\n42\n43 44", limit=3)
    assert (caught.value.line, caught.value.column) == (3, 1)


def test_exactly_the_limit_is_fine() -> None:
    assert parse_hex("41 42 43", limit=3) == b"ABC"


@given(data=DATA, renderer=st.sampled_from(RENDERERS), limit=st.integers(0, 300))
def test_result_never_exceeds_the_limit(
    data: bytes, renderer: Callable[[bytes], str], limit: int
) -> None:
    try:
        result = parse_hex(renderer(data), limit=limit)
    except HexParseError as error:
        assert "limit" in str(error)
        assert len(data) > limit
    else:
        assert result == data
        assert len(result) <= limit


@pytest.mark.parametrize(
    ("label", "text", "expected"),
    [
        ("long offset-like run then colon", "0011223344556677: 8899", "00112233445566778899"),
        ("eight digits, colon, hex, no ASCII column", "00000000: 4142", "000000004142"),
        ("ASCII column that does not match", "00000000: 4142  4344", "00000000414243 44"),
        ("colon-separated MAC-like run", "deadbeef: 01 02", "deadbeef0102"),
    ],
)
def test_offset_lookalike_without_a_dump_is_plain_hex(label: str, text: str, expected: str) -> None:
    # An offset is only an offset when an xxd dump (its ASCII column) follows.
    assert parse_hex(text) == bytes.fromhex(expected)


@given(offset=st.binary(min_size=4, max_size=8), rest=st.binary(min_size=1, max_size=20))
def test_no_bytes_dropped_when_no_ascii_column_follows(offset: bytes, rest: bytes) -> None:
    assert parse_hex(f"{offset.hex()}: {rest.hex(' ')}") == offset + rest


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: parse_hex(None), "text must be a str, not NoneType"),  # type: ignore[arg-type]
        (lambda: parse_hex(b"41"), "text must be a str, not bytes"),  # type: ignore[arg-type]
        (lambda: parse_hex("41", limit="9"), "limit must be an int"),  # type: ignore[arg-type]
    ],
    ids=["None text", "bytes text", "string limit"],
)
def test_wrong_types_are_type_errors(call: Callable[[], bytes], words: str) -> None:
    with pytest.raises(TypeError, match=words):
        call()


def test_negative_limit_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="limit must not be negative"):
        parse_hex("41", limit=-1)


# ---------------------------------------------------------------- real tools

SAMPLE = bytes(range(256)) + b"\x00" * 100 + "Grüße, мир | 世界\n".encode() + b"A" * 40


@pytest.fixture
def sample_file(tmp_path: Path) -> Path:
    path = tmp_path / "sample.bin"
    path.write_bytes(SAMPLE)
    return path


def _run(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


@pytest.mark.skipif(shutil.which("xxd") is None, reason="xxd is not installed")
@pytest.mark.parametrize(
    "options",
    [[], ["-g1"], ["-u"], ["-c", "7"], ["-g", "4", "-c", "32"], ["-a"], ["-p"]],
    ids=["default", "g1", "upper", "c7", "g4c32", "autoskip", "plain"],
)
def test_real_xxd_output(sample_file: Path, options: list[str]) -> None:
    assert parse_hex(_run("xxd", *options, str(sample_file))) == SAMPLE


@pytest.mark.skipif(shutil.which("hexdump") is None, reason="hexdump is not installed")
@pytest.mark.parametrize("options", [["-C"], ["-C", "-v"]], ids=["squeezed", "verbose"])
def test_real_hexdump_c_output(sample_file: Path, options: list[str]) -> None:
    assert parse_hex(_run("hexdump", *options, str(sample_file))) == SAMPLE
