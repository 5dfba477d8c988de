"""The streamed decode in core: pieces that join to the whole decode under
every policy, a start at an offset of an input read from byte 0 that agrees
with a seek to the resync point (or, where resync is a guess, with the
truth), strict errors at any seam, and counts across pieces."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, DecodeError, Reason, SpanKind, decode, formats, get_format
from mojiscope.core.codecs.format import POLICIES
from mojiscope.core.codecs.held_bytes import Taken
from mojiscope.core.codecs.stream_offset import OffsetPastEndError, decode_from
from mojiscope.core.codecs.streaming import Piece, SpanCounter, decode_stream

FORMAT_IDS = [f.id for f in formats()]
EXACT_IDS = [f.id for f in formats() if f.exact_resync]
# Bytes every format finds something in: ASCII, UTF-8, ill-formed, STF-7 chunks, FE runs.
ALPHABET = b"aZ !:;{\x00\x80\xbf\xc0\xc3\xa9\xe2\x82\xac\xed\xa0\xb0\xf0\x9f\xfe\xff"
inputs = st.lists(st.sampled_from(ALPHABET), max_size=300).map(bytes)


def merged(pieces: list[Piece]) -> tuple[str, list[tuple[object, ...]]]:
    """The pieces' text and spans, a text run split by a seam joined again."""
    spans: list[list[object]] = []
    for piece in pieces:
        for s in piece.spans:
            if spans and s.kind == SpanKind.TEXT and spans[-1][0] == SpanKind.TEXT:
                spans[-1][2], spans[-1][4] = s.byte_end, s.char_end
            else:
                spans.append([s.kind, s.byte_start, s.byte_end, s.char_start, s.char_end, s.reason])
    return "".join(p.text for p in pieces), [tuple(s) for s in spans]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FORMAT_IDS), inputs, st.integers(1, 64), st.sampled_from(POLICIES))
def test_pieces_join_to_the_whole_decode(format_id, data, chunk_size, policy):
    fmt = get_format(format_id)
    if policy not in fmt.policies:
        policy = "maximal-subpart"
    read = io.BytesIO(data).read
    pieces = list(decode_stream(fmt, read, policy=policy, chunk_size=chunk_size))
    whole = decode(data, fmt, policy=policy)
    assert merged(pieces) == merged([Piece(whole.text, whole.spans, Taken(data, 0, len(data)))])
    for piece in pieces:
        b0, b1 = piece.spans.byte_start, piece.spans.byte_end
        assert piece.span_bytes(b0, b1) == data[b0:b1]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(EXACT_IDS), inputs, st.data())
def test_a_stream_read_from_0_starts_where_a_seek_to_the_resync_point_does(format_id, data, draw):
    fmt = get_format(format_id)
    offset = draw.draw(st.integers(1, max(len(data) - 1, 1)), label="offset")
    if offset >= len(data):
        return
    begin = fmt.resync(BytesSource(data), offset)
    sought = io.BytesIO(data)
    sought.seek(begin)
    expected = list(decode_stream(fmt, sought.read, begin=begin, chunk_size=16))
    starts: list[int] = []
    got = list(decode_from(fmt, io.BytesIO(data).read, offset, started=starts.append))
    assert merged(got) == merged(expected)
    assert starts == [begin]


def test_beyond_the_lookbehind_the_stream_starts_at_the_span_holding_the_offset():
    data = b"\xfe" + b"\x80" * 100_000  # one reserved run, 100 KB long
    fmt = get_format("corrected-utf-8")
    (piece,) = decode_from(fmt, io.BytesIO(data).read, 90_000, end=90_001)
    assert [(s.kind, s.byte_start, s.byte_end) for s in piece.spans] == [
        (SpanKind.RESERVED, 0, 100_001)
    ]


def test_an_offset_past_the_end_of_a_stream_is_an_error_before_any_piece():
    with pytest.raises(OffsetPastEndError) as error:
        next(decode_from(get_format("utf-8"), io.BytesIO(b"ABC").read, 4))
    assert error.value.size == 3


PROSE = "\u5ae6\u6043\u8556\u4e2d\u6587\u6587\u672c\r\n".encode("gb18030") * 2000


@pytest.mark.parametrize("offset", [1, 4999, 5000, 5001, 20_001])
def test_where_resync_is_a_guess_the_stream_decodes_from_0_and_gets_the_truth(offset):
    fmt = get_format("gb18030")
    data = b"x" + PROSE  # one byte shifts every pair: a resync guess can go wrong
    truth = decode(data, fmt)
    char, _ = truth.char_of_byte(offset)
    first_byte, _ = truth.bytes_of_char(char)  # the character holding the offset
    pieces = list(decode_from(fmt, io.BytesIO(data).read, offset, exact=False, chunk_size=4096))
    text, spans = merged(pieces)
    assert text == truth.text[char:]
    index = truth.spans.index_at_byte(offset)
    expected = [(s.kind, s.byte_start, s.byte_end, s.reason) for s in truth.spans[index:]]
    expected[0] = (expected[0][0], first_byte, *expected[0][2:])
    assert [(k, b0, b1, r) for k, b0, b1, _, _, r in spans] == expected


@pytest.mark.parametrize("chunk_size", range(1, 9))
def test_strict_error_of_a_wtf8_surrogate_pair_covers_six_bytes_at_any_seam(chunk_size):
    data = bytes.fromhex("61 ed a0 bd ed b2 a9 62")
    fmt = get_format("wtf-8")
    with pytest.raises(DecodeError) as api:
        decode(data, fmt, errors="strict")
    for piece in decode_stream(fmt, io.BytesIO(data).read, chunk_size=chunk_size):
        error = piece.first_error(fmt)
        if error is not None:
            found = piece.strict_error(fmt, error)
            assert (found.span, found.data) == (api.value.span, api.value.data)
            assert str(found) == str(api.value)
            return
    pytest.fail("no error span in the stream")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(FORMAT_IDS), inputs, st.integers(1, 32))
def test_counts_across_pieces_equal_the_counts_of_the_whole_decode(format_id, data, chunk_size):
    fmt = get_format(format_id)
    counter = SpanCounter()
    for piece in decode_stream(fmt, io.BytesIO(data).read, chunk_size=chunk_size):
        counter.add(piece.spans)
    whole = decode(data, fmt)
    counts = {(k.value, r.value if r else None): n for (k, r), n in counter.counts().items()}
    assert counts == whole.counts()
    assert counter.spans == len(whole.spans)
    assert counter.anomalies == sum(1 for s in whole.spans if s.kind != SpanKind.TEXT)
    kinds, reasons = list(SpanKind), [None, *Reason]
    order = [(kinds.index(k), reasons.index(r)) for k, r in counter.counts()]
    assert order == sorted(order)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FORMAT_IDS), inputs.filter(bool))
def test_an_offset_at_the_very_end_holds_no_span_in_any_format(format_id, data):
    fmt = get_format(format_id)
    starts: list[int] = []
    assert list(decode_from(fmt, io.BytesIO(data).read, len(data), started=starts.append)) == []
    assert starts == [len(data)]
