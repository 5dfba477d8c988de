"""Legacy code pages through the generic adapter over Python's codecs
(FORMATS.md, "Legacy code pages"): undefined bytes are ``invalid``
(``unmapped``), a multi-byte sequence cut off is ``truncated``, any stateless
Python codec name works, stateful codecs and Unicode forms are refused, and
the mojibake people bring ("é" written as UTF-8, read as cp1252) decodes as
they see it. Fixed decode vectors live in tests/data/cp1252.json and
tests/data/shift_jis.json.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import (
    BytesSource,
    DecodeError,
    EncodeError,
    SpanKind,
    UnknownFormatError,
    decode,
    encode,
    get_format,
)


@pytest.mark.parametrize("byte", [0x81, 0x8D, 0x8F, 0x90, 0x9D])
def test_cp1252_undefined_bytes_are_unmapped(byte):
    decoding = decode(bytes([0x41, byte, 0x42]), "cp1252")
    assert decoding.text == "A\ufffdB"
    span = decoding.spans[1]
    assert (span.kind, span.byte_start, span.byte_end, span.reason) == ("invalid", 1, 2, "unmapped")
    with pytest.raises(DecodeError) as info:
        decode(bytes([0x41, byte, 0x42]), "cp1252", "strict")
    assert (info.value.offset, info.value.span.reason) == (1, "unmapped")


def test_utf8_read_as_cp1252_is_the_familiar_mojibake():
    assert decode("caf\u00e9".encode(), "cp1252").text == "caf\u00c3\u00a9"
    assert decode("\u2019".encode(), "cp1252").text == "\u00e2\u20ac\u2122"


def test_mojibake_reverses_through_the_code_page():
    garbled = decode("na\u00efve caf\u00e9 \u2014 \u2019".encode(), "cp1252").text
    assert decode(encode(garbled, "cp1252"), "utf-8", "strict").text == (
        "na\u00efve caf\u00e9 \u2014 \u2019"
    )


def test_latin1_decodes_every_byte():
    data = bytes(range(256))
    decoding = decode(data, "latin-1", "strict")
    assert decoding.text == "".join(map(chr, range(256)))
    assert [s.kind for s in decoding.spans] == [SpanKind.TEXT]


@pytest.mark.parametrize(
    ("hex_bytes", "reason", "span"),
    [
        ("41 82", "truncated", (1, 2)),
        ("82 A0 82", "truncated", (2, 3)),
    ],
    ids=["lead at end", "lead at end after a character"],
)
def test_shift_jis_lead_cut_short_is_truncated(hex_bytes, reason, span):
    decoding = decode(bytes.fromhex(hex_bytes), "shift_jis")
    last = decoding.spans[-1]
    assert (last.kind, (last.byte_start, last.byte_end), last.reason) == ("invalid", span, reason)


def test_shift_jis_two_byte_character_is_one_character_over_two_bytes():
    decoding = decode(bytes.fromhex("41 82 A0 42"), "shift_jis")
    assert decoding.text == "A\u3042B"
    assert decoding.bytes_of_char(1) == (1, 3)
    assert decoding.char_of_byte(2) == (1, 2)


@pytest.mark.parametrize(
    "name", ["utf-7", "iso2022_jp", "hz", "utf-8-sig", "utf_7", "rot13", "base64", "no-such-codec"]
)
def test_stateful_unicode_and_non_text_codecs_are_refused(name):
    with pytest.raises(UnknownFormatError):
        get_format(name)


@pytest.mark.parametrize(("name", "format_id"), [("CP1252", "cp1252"), ("Latin1", "latin-1")])
def test_code_page_names_match_any_spelling(name, format_id):
    assert get_format(name).id == format_id


def test_any_stateless_python_codec_works():
    fmt = get_format("cp1251")
    assert decode("\u041f\u0440\u0438\u0432\u0435\u0442".encode("cp1251"), fmt).text == "Привет"
    assert get_format("cp1251") is fmt


def test_unencodable_character_raises_under_strict_and_becomes_question_mark():
    with pytest.raises(EncodeError) as info:
        encode("a\u0101b", "cp1252", "strict")
    assert (info.value.char_offset, info.value.byte_offset) == (1, 1)
    fmt = get_format("cp1252")
    encoding = fmt.encode_spans("a\u0101b\u20ac")
    assert encoding.data == b"a?b\x80"
    assert [s.kind for s in encoding.spans] == [SpanKind.TEXT, SpanKind.INVALID, SpanKind.TEXT]
    assert encoding.spans[1].reason == "unencodable"


@pytest.mark.parametrize("char", ["\u00a5", "\u203e"], ids=["yen sign", "overline"])
def test_shift_jis_writes_no_bytes_that_read_back_as_another_character(char):
    """Python's shift_jis encoder maps U+00A5 to 5C and U+203E to 7E, which
    decode as backslash and tilde: strict encoding must refuse (or flag) a
    character it cannot write so that it reads back."""
    fmt = get_format("shift_jis")
    try:
        data = fmt.encode(char, "strict")
    except EncodeError:
        return
    assert fmt.decode(data).text == char, f"{char!r} -> {data!r}"


def test_shift_jis_window_in_a_long_run_of_two_byte_characters():
    """No ASCII for more than 64 bytes: the window must still start on a
    character boundary."""
    text = "\u3042\u3044" * 60
    data = text.encode("shift_jis")
    fmt = get_format("shift_jis")
    whole = fmt.decode(data)
    for start in (101, 102, 200):
        window = fmt.decode_window(BytesSource(data), start, start + 4)
        assert window.byte_start <= start
        assert window.text == whole.text[window.byte_start // 2 : window.byte_end // 2], start


def test_gb18030_window_inside_a_four_byte_sequence():
    """GB18030's four-byte sequences hold 0x30..0x39 as their second and
    fourth bytes, so a byte below 0x40 is not always a boundary there."""
    text = "\u0080\u00a5\u0100" * 8  # each a four-byte sequence
    data = text.encode("gb18030")
    assert len(data) == 4 * len(text)
    fmt = get_format("gb18030")
    for start in range(1, 16):
        window = fmt.decode_window(BytesSource(data), start, start + 1)
        assert window.byte_start % 4 == 0, start
        assert "\ufffd" not in window.text, start


@given(st.binary(max_size=24))
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
def test_single_byte_code_pages_decode_one_character_per_byte(data):
    for name in ("cp1252", "latin-1", "cp437", "koi8-r"):
        decoding = decode(data, name)
        assert len(decoding.text) == len(data)
        assert decoding.text == data.decode(get_format(name).codec, "replace")
