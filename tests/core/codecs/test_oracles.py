"""Oracles nobody here wrote, on hypothesis-generated input (FORMATS.md):

* ``utf-8``: CPython's ``decode('utf-8', 'replace')`` gives our text, and the
  (start, end) of each ``UnicodeDecodeError`` CPython raises, collected with
  an error handler of our own, are our ``invalid`` spans' byte ranges;
* ``utf-8b``: CPython's ``surrogateescape`` gives our text, and encodes back;
* ``utf-16le`` / ``utf-16be``: CPython's ``replace`` gives our text and its
  error ranges are our ``invalid`` spans, on any bytes (odd lengths too: a
  lead surrogate cut short by the end is one error, as in WHATWG's decoder);
* WTF-8 / WTF-16: Python's ``utf-16-le`` with ``surrogatepass`` joins valid
  pairs and keeps lone surrogates, and ``utf-8`` with ``surrogatepass``
  writes the generalized UTF-8 the WTF-8 spec defines; our conversions
  WTF-16 -> WTF-8 and back must give those bytes.
"""

from __future__ import annotations

import codecs

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import DecodeError, SpanKind, decode, encode

ORACLE = settings(max_examples=200, deadline=None)

#: Bytes rich in UTF-8 corners, and plain arbitrary bytes.
UTF8_PIECES = [bytes([b]) for b in bytes.fromhex("41 80 A0 BF C0 C2 E0 ED EE EF F0 F4 F5 FF")] + [
    s.encode() for s in ("\u00e9", "\u20ac", "\U0001f600", "\ufffd", "\ufeff")
]
utf8ish_bytes = st.one_of(
    st.binary(max_size=64),
    st.lists(st.one_of(st.sampled_from(UTF8_PIECES), st.binary(max_size=3)), max_size=24).map(
        b"".join
    ),
)

code_units = st.lists(
    st.one_of(
        st.integers(0, 0xFFFF),
        st.integers(0xD800, 0xDFFF),
        st.sampled_from([0xD83D, 0xDCA9, 0xDBFF, 0xDC00, 0xD800, 0xDFFF, 0x0020, 0x00E9]),
    ),
    max_size=20,
)


class _ErrorRanges:
    """A CPython error handler that records (start, end) and replaces."""

    def __init__(self) -> None:
        self.ranges: list[tuple[int, int]] = []

    def __call__(self, error: UnicodeError) -> tuple[str, int]:
        assert isinstance(error, UnicodeDecodeError)
        self.ranges.append((error.start, error.end))
        return "\ufffd", error.end


_recorders: list[_ErrorRanges] = []
codecs.register_error("tests-core-oracle-record", lambda e: _recorders[-1](e))


def cpython_error_ranges(data: bytes, codec: str = "utf-8") -> list[tuple[int, int]]:
    recorder = _ErrorRanges()
    _recorders.append(recorder)
    try:
        data.decode(codec, "tests-core-oracle-record")
    finally:
        _recorders.pop()
    return recorder.ranges


@ORACLE
@given(utf8ish_bytes)
def test_utf8_text_equals_cpython_replace(data):
    assert decode(data, "utf-8").text == data.decode("utf-8", "replace")


@ORACLE
@given(utf8ish_bytes)
def test_utf8_invalid_spans_equal_cpython_error_ranges(data):
    ours = [(s.byte_start, s.byte_end) for s in decode(data, "utf-8").spans if s.kind == "invalid"]
    assert ours == cpython_error_ranges(data)


@ORACLE
@given(utf8ish_bytes)
def test_utf8_strict_error_offset_equals_cpython(data):
    ranges = cpython_error_ranges(data)
    try:
        decode(data, "utf-8", "strict")
    except DecodeError as error:
        assert ranges, "we raised where CPython did not"
        assert (error.span.byte_start, error.span.byte_end) == ranges[0]
    else:
        assert not ranges


@ORACLE
@given(utf8ish_bytes)
def test_utf8b_equals_surrogateescape_both_ways(data):
    decoding = decode(data, "utf-8b", "strict")
    assert decoding.text == data.decode("utf-8", "surrogateescape")
    assert encode(decoding.text, "utf-8b") == data
    escaped = [(s.byte_start, s.byte_end) for s in decoding.spans if s.kind == SpanKind.ESCAPE]
    assert escaped == cpython_error_ranges(data)


@ORACLE
@given(
    st.text(
        st.one_of(
            st.characters(codec="utf-8"),  # no surrogates: plain characters() yields them
            st.integers(0xDC80, 0xDCFF).map(chr),
        ),
        max_size=20,
    )
)
def test_utf8b_encode_equals_surrogateescape(text):
    assert encode(text, "utf-8b") == text.encode("utf-8", "surrogateescape")


def wtf8_by_python(units: list[int]) -> bytes:
    """The WTF-8 of a sequence of 16-bit code units, built by Python's own
    codecs: utf-16 with surrogatepass joins each valid pair and keeps lone
    surrogates; utf-8 with surrogatepass writes a lone surrogate as its
    three-byte generalized UTF-8 form."""
    wtf16 = b"".join(u.to_bytes(2, "little") for u in units)
    return wtf16.decode("utf-16-le", "surrogatepass").encode("utf-8", "surrogatepass")


@ORACLE
@given(code_units)
def test_wtf16_to_wtf8_equals_python_surrogatepass(units):
    wtf16 = b"".join(u.to_bytes(2, "little") for u in units)
    text = decode(wtf16, "wtf-16le", "strict").text
    assert encode(text, "wtf-8", "strict") == wtf8_by_python(units)


@ORACLE
@given(code_units)
def test_wtf8_to_wtf16_gives_the_units_back(units):
    wtf8 = wtf8_by_python(units)
    text = decode(wtf8, "wtf-8", "strict").text
    wtf16 = b"".join(u.to_bytes(2, "little") for u in units)
    assert encode(text, "wtf-16le", "strict") == wtf16
    be = b"".join(u.to_bytes(2, "big") for u in units)
    assert encode(text, "wtf-16be", "strict") == be


@ORACLE
@given(code_units)
def test_wtf8_decode_keeps_exactly_the_lone_surrogates(units):
    wtf8 = wtf8_by_python(units)
    decoding = decode(wtf8, "wtf-8", "strict")
    expected = wtf8.decode("utf-8", "surrogatepass")
    assert decoding.text == expected
    lone = [ord(c) for c in expected if "\ud800" <= c <= "\udfff"]
    assert [s.value for s in decoding.spans if s.kind == SpanKind.SURROGATE] == lone


@ORACLE
@given(code_units)
def test_utf16_decode_equals_cpython_where_cpython_succeeds(units):
    wtf16 = b"".join(u.to_bytes(2, "little") for u in units)
    try:
        expected = wtf16.decode("utf-16-le")
    except UnicodeDecodeError:
        expected = None
    if expected is not None:
        assert decode(wtf16, "utf-16le", "strict").text == expected
    assert decode(wtf16, "utf-16le").text == wtf16.decode("utf-16-le", "replace")


#: Bytes rich in UTF-16 corners (leads, trails, pairs), of any length.
utf16ish_bytes = st.one_of(
    st.binary(max_size=33),
    st.lists(
        st.one_of(
            st.sampled_from([b"\x00\xd8", b"\xff\xdb", b"\x00\xdc", b"\x3d\xd8\xa9\xdc", b"A\x00"]),
            st.binary(max_size=3),
        ),
        max_size=12,
    ).map(b"".join),
)


@ORACLE
@given(utf16ish_bytes)
def test_utf16_text_and_invalid_spans_equal_cpython_on_any_bytes(data):
    """Both byte orders; a trailing odd byte after a lead (``00 D8 41``) is
    the case where Mojiscope once made two errors of one."""
    for format_id, codec, swap in (
        ("utf-16le", "utf-16-le", False),
        ("utf-16be", "utf-16-be", True),
    ):
        raw = data
        if swap:  # the same units, written big-endian
            even = len(data) - len(data) % 2
            raw = bytes(b for i in range(0, even, 2) for b in (data[i + 1], data[i])) + data[even:]
        decoding = decode(raw, format_id)
        assert decoding.text == raw.decode(codec, "replace")
        ours = [(s.byte_start, s.byte_end) for s in decoding.spans if s.kind == "invalid"]
        assert ours == cpython_error_ranges(raw, codec)
