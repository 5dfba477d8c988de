"""UTF-32 beyond the shared contract (FORMATS.md, "More of the UTF family"):
the three invalid reasons with their values, the byte orders mirroring each
other, CPython's codecs as the oracle on well-formed input, ``utf-32``
following its byte order mark, and windows snapping to unit alignment.
Fixed vectors live in tests/data/utf-32*.json.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, DecodeError, EncodeError, decode, encode, get_format

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None)
UNITS = st.lists(
    st.one_of(
        st.integers(0, 0x10FFFF),
        st.integers(0xD800, 0xDFFF),
        st.integers(0x110000, 0xFFFFFFFE),
        st.sampled_from([0xFEFF, 0xFFFE, 0xFFFD, 0x41, 0xFFFE0000]),
    ),
    max_size=12,
)


def units_bytes(units: list[int], order: str) -> bytes:
    return b"".join(u.to_bytes(4, order) for u in units)  # type: ignore[arg-type]


def spans_of(decoding):
    return [(s.kind, s.byte_start, s.byte_end, s.reason, s.value) for s in decoding.spans]


@pytest.mark.parametrize("format_id", ["utf-32le", "utf-32be"])
def test_each_bad_unit_is_one_invalid_span_with_its_value(format_id):
    order = "little" if format_id.endswith("le") else "big"
    data = units_bytes([0x41, 0xD800, 0x110000, 0xDFFF, 0x1F600], order) + b"\x00\x01"
    decoding = decode(data, format_id)
    assert decoding.text == "A\ufffd\ufffd\ufffd\U0001f600\ufffd"
    assert spans_of(decoding) == [
        ("text", 0, 4, None, None),
        ("invalid", 4, 8, "surrogate", 0xD800),
        ("invalid", 8, 12, "out-of-range", 0x110000),
        ("invalid", 12, 16, "surrogate", 0xDFFF),
        ("text", 16, 20, None, None),
        ("invalid", 20, 22, "truncated", None),
    ]
    with pytest.raises(DecodeError) as info:
        decode(data, format_id, "strict")
    assert (info.value.offset, info.value.span.reason) == (4, "surrogate")


@given(units=UNITS, tail=st.binary(max_size=3))
@SETTINGS
def test_byte_orders_mirror_each_other(units, tail):
    le = decode(units_bytes(units, "little") + tail, "utf-32le")
    be = decode(units_bytes(units, "big") + tail[::-1], "utf-32be")
    assert le.text == be.text
    assert list(le.spans) == list(be.spans)


@given(units=UNITS)
@SETTINGS
def test_replace_decode_agrees_with_cpython_unit_for_unit(units):
    """CPython raises on a bad unit; replacing unit by unit (its own error
    positions) is the oracle for the text and where each error is."""
    data = units_bytes(units, "little")
    expected = data.decode("utf-32-le", "replace")
    decoding = decode(data, "utf-32le")
    assert decoding.text == expected
    invalid = [s.byte_start for s in decoding.spans if s.kind == "invalid"]
    bad = [4 * i for i, u in enumerate(units) if u > 0x10FFFF or 0xD800 <= u <= 0xDFFF]
    assert invalid == bad


@pytest.mark.parametrize(
    ("data", "text", "first"),
    [
        (b"\x00\x00\xfe\xff\x00\x00\x00A", "\ufeffA", ("signature", 0, 4, "bom", None)),
        (b"\xff\xfe\x00\x00A\x00\x00\x00", "\ufeffA", ("signature", 0, 4, "bom", None)),
        (b"A\x00\x00\x00B\x00\x00\x00", "AB", ("warning", 0, 4, "no-bom", None)),
    ],
    ids=["big-endian mark", "little-endian mark", "no mark: little-endian, flagged"],
)
def test_utf32_follows_the_byte_order_mark(data, text, first):
    decoding = decode(data, "utf-32", "strict")
    assert decoding.text == text
    assert spans_of(decoding)[0] == first
    assert decoding.text == ("\ufeff" if first[0] == "signature" else "") + data.decode("utf-32")


def test_a_big_endian_mark_read_as_utf32le_is_out_of_range():
    decoding = decode(b"\x00\x00\xfe\xff\x00\x00\x00A", "utf-32le")
    assert spans_of(decoding)[0] == ("invalid", 0, 4, "out-of-range", 0xFFFE0000)


@pytest.mark.parametrize("format_id", ["utf-32le", "utf-32be", "utf-32"])
def test_window_snaps_back_to_unit_alignment(format_id):
    fmt = get_format(format_id)
    data = fmt.encode("abc\U0001f600de")
    for start in range(8, 12):
        window = fmt.decode_window(BytesSource(data), start, start + 1)
        assert window.byte_start == 8 and window.text.startswith("c"), start


def test_utf32_window_of_a_big_endian_file_reads_big_endian():
    data = b"\x00\x00\xfe\xff" + "hello".encode("utf-32-be")
    window = get_format("utf-32").decode_window(BytesSource(data), 9, 14)
    assert window.byte_start == 8 and window.text.startswith("el")


@pytest.mark.parametrize("format_id", ["utf-32le", "utf-32be", "utf-32"])
def test_encoding_a_surrogate_is_unencodable(format_id):
    with pytest.raises(EncodeError) as info:
        encode("ab\ud800", format_id, "strict")
    assert (info.value.char_offset, info.value.byte_offset) == (2, 8)
    assert decode(encode("ab\ud800", format_id, "replace"), format_id).text == "ab\ufffd"


def test_a_dense_input_streams_in_unit_aligned_pieces():
    """Random bytes are almost all out of range: every unit a span, in
    arrays, and a stream split at odd places gives the same spans."""
    data = bytes(range(256)) * 64
    fmt = get_format("utf-32be")
    whole = fmt.decode(data)
    assert len(whole.spans) > 4000
    decoder = fmt.incremental_decoder()
    parts = [decoder.decode(data[i : i + 4093]) for i in range(0, len(data), 4093)]
    parts.append(decoder.decode(b"", final=True))
    assert "".join(p.text for p in parts) == whole.text
    spans = [s for p in parts for s in p.spans]
    assert spans == list(whole.spans)
