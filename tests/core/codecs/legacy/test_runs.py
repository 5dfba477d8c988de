"""A text span of a multi-byte code page re-encodes to its bytes, and its
byte-to-character map is right (issue 12, item 2).

cp932 reads ``FC 41`` as 魵, which it writes ``EE E2``: such a duplicate
mapping is now a ``warning`` span (``non-canonical``) of its own. big5hkscs
reads ``88 62`` as two characters, Ê and U+0304: the pair re-encodes to
``88 62``, so it stays text, and the first character holds both bytes.
"""

from __future__ import annotations

import pytest
from helpers.properties import property_settings
from hypothesis import example, given
from hypothesis import strategies as st

from mojiscope.core import Reason, SpanKind, decode, get_format

MULTI_BYTE = ["big5", "big5hkscs", "cp932", "cp949", "cp950", "euc_jis_2004", "euc_jisx0213",
              "euc_jp", "euc_kr", "gb18030", "gb2312", "gbk", "johab", "shift_jis",
              "shift_jis_2004", "shift_jisx0213"]  # fmt: skip
PROPERTY = property_settings(80)
#: Pairs of lead and trail bytes, often well-formed, now and then ASCII.
pairs = st.lists(
    st.one_of(
        st.tuples(st.integers(0x81, 0xFE), st.integers(0x40, 0xFE)).map(bytes),
        st.integers(0x20, 0x7E).map(lambda b: bytes([b])),
    ),
    max_size=30,
).map(b"".join)


def test_cp932_duplicate_mapping_is_a_warning_of_its_own():
    decoding = decode(bytes.fromhex("41 FC 41 42"), "cp932")
    assert decoding.text == "A\u9b75B"
    kinds = [(s.kind, s.byte_start, s.byte_end, s.reason) for s in decoding.spans]
    assert kinds == [
        (SpanKind.TEXT, 0, 1, None),
        (SpanKind.WARNING, 1, 3, Reason.NON_CANONICAL),
        (SpanKind.TEXT, 3, 4, None),
    ]
    assert decoding.bytes_of_char(1) == (1, 3)


def test_cp932_canonical_bytes_of_the_same_character_stay_text():
    decoding = decode(bytes.fromhex("EE E2"), "cp932")
    assert decoding.text == "\u9b75"
    assert [s.kind for s in decoding.spans] == [SpanKind.TEXT]


def test_cp932_duplicate_mapping_in_a_long_run_is_found():
    data = b"A" * 5000 + bytes.fromhex("FC 41") + "日本".encode("cp932") * 3000
    warnings = [s for s in decode(data, "cp932").spans if s.kind is SpanKind.WARNING]
    assert [(s.byte_start, s.byte_end) for s in warnings] == [(5000, 5002)]


def test_duplicate_mapping_is_not_an_error_under_strict():
    assert decode(bytes.fromhex("FC 41"), "cp932", "strict").text == "\u9b75"


@pytest.mark.parametrize(
    ("codec", "hex_bytes", "chars"),
    [
        ("big5hkscs", "88 62", "\u00ca\u0304"),
        ("big5hkscs", "88 64", "\u00ca\u030c"),
        ("euc_jis_2004", "A4 F7", "\u304b\u309a"),
        ("shift_jis_2004", "82 F5", "\u304b\u309a"),
    ],
)
def test_two_characters_from_one_sequence_map_to_the_sequence(codec, hex_bytes, chars):
    data = b"A" + bytes.fromhex(hex_bytes) + "\u4e00".encode(codec)
    decoding = decode(data, codec)
    assert decoding.text == "A" + chars + "\u4e00"
    assert decoding.bytes_of_char(1) == (1, 3)  # the first character holds both bytes
    assert decoding.char_of_byte(2) == (1, 2)  # the second byte is the first character's
    assert decoding.bytes_of_char(3) == (3, 3 + len("\u4e00".encode(codec)))


@pytest.mark.parametrize("codec", MULTI_BYTE)
@PROPERTY
@given(data=pairs)
@example(data=bytes.fromhex("41 FC 41 42"))
@example(data=bytes.fromhex("88 62 88 64 41"))
def test_text_spans_re_encode_to_their_bytes(codec, data):
    fmt = get_format(codec)
    decoding = fmt.decode(data)
    for span in decoding.spans:
        chars = decoding.text[span.char_start : span.char_end]
        raw = data[span.byte_start : span.byte_end]
        if span.kind is SpanKind.TEXT:
            assert chars.encode(fmt.codec) == raw, span  # type: ignore[attr-defined]
        if span.reason is Reason.NON_CANONICAL:
            assert len(chars) == 1 and chars.encode(fmt.codec) != raw  # type: ignore[attr-defined]


@pytest.mark.parametrize("codec", MULTI_BYTE)
@PROPERTY
@given(data=pairs)
def test_each_character_maps_to_bytes_that_decode_to_it(codec, data):
    """Walking the byte map of a text span, each character's bytes decode
    to that character (or, for a sequence of several, start with it)."""
    decoding = decode(data, codec)
    fmt = get_format(codec)
    for span in decoding.spans:
        if span.kind is not SpanKind.TEXT:
            continue
        offsets = decoding.char_byte_offsets(span)
        assert offsets[0] == span.byte_start and offsets[-1] == span.byte_end
        assert offsets == sorted(offsets)
        for i in range(span.char_end - span.char_start):
            raw = data[offsets[i] : offsets[i + 1]]
            if raw:
                char = decoding.text[span.char_start + i]
                assert raw.decode(fmt.codec).startswith(char)  # type: ignore[attr-defined]
