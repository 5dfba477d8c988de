"""Streams and windows, for every format in the registry (FORMATS.md,
"Windows and streams").

* Split anywhere: feeding the bytes to an incremental decoder in chunks cut
  at every index (and at pairs of indices, and one byte at a time with empty
  chunks between) and joining the results gives the text and every span of a
  decode at once; a strict stream raises where a strict decode does.
* Behind 0..31 characters of ASCII padding the spans are the same, shifted
  (encoding_rs's padding test).
* A window ``[start, end)`` decodes to spans that begin at or before start,
  end at or after end, and agree with the whole decode: non-text spans are
  the whole decode's spans, text spans lie inside its text spans, and the
  window's text is the whole text over the window's characters.
* Block seams: input longer than the driver's block size decodes the same
  when fed from a shifted starting point.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest
from helpers.properties import property_settings
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import (
    BytesSource,
    DecodeError,
    Decoding,
    FileSource,
    Format,
    Reason,
    Span,
    SpanKind,
    get_format,
    join_decodings,
)
from mojiscope.core.codecs import incremental
from mojiscope.core.spans.event import KIND_CODE

PROPERTY = property_settings(40)

#: Single bytes that matter to some format, to be strung together.
INTERESTING_BYTES = [
    bytes([b])
    for b in bytes.fromhex(
        "41 C3 A9 ED A0 B2 BD E2 82 F0 9F EE BE EF BB BF FF FE 3D D8 DC 00 3A 2F 21 3B 81 30 80"
    )
]
short_bytes = st.one_of(
    st.binary(max_size=14),
    st.lists(st.sampled_from(INTERESTING_BYTES), max_size=14).map(b"".join),
)


def assert_same_decoding(got: Decoding, want: Decoding, context: object) -> None:
    assert got.text == want.text, context
    assert list(got.spans) == list(want.spans), context


def streamed(fmt: Format, chunks: list[bytes], contract: SimpleNamespace) -> Decoding:
    return join_decodings(contract.feed(fmt, chunks))


def check_split_anywhere(fmt: Format, data: bytes, contract: SimpleNamespace) -> None:
    """Two chunks cut at every index, ended both ways the protocol allows:
    a flush with ``b""`` and ``final=True``, or ``final=True`` on the last chunk."""
    whole = fmt.decode(data)
    for i in range(len(data) + 1):
        got = streamed(fmt, [data[:i], data[i:]], contract)
        assert_same_decoding(got, whole, f"split at {i}")
        decoder = fmt.incremental_decoder()
        parts = [decoder.decode(data[:i]), decoder.decode(data[i:], final=True)]
        assert_same_decoding(join_decodings(parts), whole, f"split at {i}, final chunk")


def check_byte_at_a_time_with_empty_chunks(
    fmt: Format, data: bytes, contract: SimpleNamespace
) -> None:
    whole = fmt.decode(data)
    chunks = [b""]
    for i in range(len(data)):
        chunks += [data[i : i + 1], b"", b""]
    assert_same_decoding(streamed(fmt, chunks, contract), whole, "one byte at a time")


def three_way_splits(n: int, rng: random.Random) -> list[tuple[int, int]]:
    pairs = [(i, j) for i in range(n + 1) for j in range(i, n + 1)]
    return pairs if len(pairs) <= 12 else rng.sample(pairs, 12)


# -- split anywhere -------------------------------------------------------------------


def test_split_at_every_index_equals_whole_decode(fmt, case, contract):
    check_split_anywhere(fmt, case.data, contract)


def test_three_way_splits_equal_whole_decode(fmt, case, contract):
    data = case.data
    whole = fmt.decode(data)
    for i, j in three_way_splits(len(data), random.Random(len(data))):
        got = streamed(fmt, [data[:i], data[i:j], data[j:]], contract)
        assert_same_decoding(got, whole, f"split at {i} and {j}")


def test_one_byte_at_a_time_with_empty_chunks_equals_whole_decode(fmt, case, contract):
    check_byte_at_a_time_with_empty_chunks(fmt, case.data, contract)


def test_reset_returns_decoder_to_start_of_stream(fmt, contract):
    decoder = fmt.incremental_decoder()
    for case in contract.tricky_inputs(fmt):
        decoder.decode(b"\xc3\xed\xa0\x3d\xd8 garbage \xff\x81")  # leaves state behind
        decoder.reset()
        again = decoder.decode(case.data, final=True)
        assert_same_decoding(again, fmt.decode(case.data), f"{case.name}, after reset")
        decoder.reset()


def test_strict_stream_raises_where_strict_decode_does(fmt, case, contract):
    data = case.data
    try:
        fmt.decode(data, "strict")
        expected_offset = None
    except DecodeError as error:
        expected_offset = error.offset
    for i in range(len(data) + 1):
        try:
            parts = contract.feed(fmt, [data[:i], data[i:]], "strict")
        except DecodeError as error:
            assert error.offset == expected_offset, f"split at {i}"
        else:
            assert expected_offset is None, f"split at {i}: no error raised"
            assert_same_decoding(join_decodings(parts), fmt.decode(data), f"split at {i}")


@settings(PROPERTY, max_examples=20)
@given(st.data())
def test_split_anywhere_on_generated_bytes(fmt, contract, data):
    raw = data.draw(short_bytes, "bytes")
    check_split_anywhere(fmt, raw, contract)
    check_byte_at_a_time_with_empty_chunks(fmt, raw, contract)


# -- padding --------------------------------------------------------------------------


def opening_as_text(spans: list[Span]) -> list[Span]:
    """``spans`` with a leading ``no-bom`` or ``swapped-bom`` warning read as
    text: such a warning is about the first character of a stream (``utf-16``
    guessed the byte order there; U+FFFE there is a byte order mark read
    backwards), so padding moves or removes it."""
    if not spans or spans[0].reason not in (Reason.NO_BOM, Reason.SWAPPED_BOM):
        return spans
    first = spans[0]._replace(kind=SpanKind.TEXT, reason=None)
    if len(spans) > 1 and spans[1].kind is SpanKind.TEXT:
        first = first._replace(byte_end=spans[1].byte_end, char_end=spans[1].char_end)
        return [first, *spans[2:]]
    return [first, *spans[1:]]


def check_padding(fmt: Format, data: bytes, lengths: range | list[int] = range(32)) -> None:
    """Decode ``data`` behind ``n`` characters of "a" in ``fmt``'s own
    encoding, for each ``n`` in ``lengths``."""
    whole = fmt.decode(data)
    spans = opening_as_text(list(whole.spans))
    if spans and spans[0].kind is SpanKind.SIGNATURE:
        data = data[spans[0].byte_end :]  # a signature counts only at offset 0
        whole = fmt.decode(data)
        spans = opening_as_text(list(whole.spans))
        if spans and spans[0].kind is SpanKind.SIGNATURE:
            return
    for n in lengths:
        pad = fmt.encode("a" * n)
        padded = fmt.decode(pad + data)
        assert padded.text == "a" * n + whole.text, n
        shifted = [
            s._replace(
                byte_start=s.byte_start + len(pad),
                byte_end=s.byte_end + len(pad),
                char_start=s.char_start + n,
                char_end=s.char_end + n,
            )
            for s in spans
        ]
        got = opening_as_text(list(padded.spans))
        if n and shifted and shifted[0].kind is SpanKind.TEXT:
            shifted[0] = shifted[0]._replace(byte_start=0, char_start=0)
        elif n:
            assert got[0] == (SpanKind.TEXT, 0, len(pad), 0, n, None, None), n
            got = got[1:]
        assert got == shifted, f"behind {n} characters of padding"


#: Padding lengths for longer inputs; inputs up to 4 bytes (a lone sequence,
#: what padding is for) get all of 0..31.
SOME_PADDINGS = [0, 1, 2, 3, 7, 16, 31]


def test_spans_are_the_same_behind_ascii_padding(fmt, case):
    check_padding(fmt, case.data, range(32) if len(case.data) <= 4 else SOME_PADDINGS)


@settings(PROPERTY, max_examples=20)
@given(st.data())
def test_padding_on_generated_bytes(fmt, data):
    raw = data.draw(short_bytes, "bytes")
    check_padding(fmt, raw, [data.draw(st.integers(0, 31), "padding")])


# -- windows --------------------------------------------------------------------------


def check_window(
    fmt: Format, data: bytes, whole: Decoding, start: int, end: int, contract: SimpleNamespace
) -> None:
    window = fmt.decode_window(BytesSource(data), start, end)
    where = f"window [{start}, {end})"
    assert window.byte_start <= start, where
    assert window.byte_end >= end, where
    contract.assert_tiles(window, window.byte_start, window.byte_end)
    first_char = contract.char_at_byte_boundary(whole, window.byte_start)
    last_char = contract.char_at_byte_boundary(whole, window.byte_end)
    assert window.text == whole.text[first_char:last_char], where
    shift = first_char - window.spans.char_start
    for span in window.spans:
        moved = span._replace(char_start=span.char_start + shift, char_end=span.char_end + shift)
        outer = whole.span_at_byte(span.byte_start)
        if span.kind is SpanKind.TEXT:
            assert outer.kind is SpanKind.TEXT, (where, span, outer)
            assert outer.byte_start <= span.byte_start < span.byte_end <= outer.byte_end, where
            assert outer.char_start <= moved.char_start <= moved.char_end <= outer.char_end
        else:
            assert moved == outer, where


def window_bounds(n: int, rng: random.Random) -> list[tuple[int, int]]:
    pairs = [(s, e) for s in range(n) for e in range(s + 1, n + 1)]
    return pairs if len(pairs) <= 30 else rng.sample(pairs, 30)


def test_window_decodes_agree_with_whole(fmt, case, contract):
    data = case.data
    whole = fmt.decode(data)
    for start, end in window_bounds(len(data), random.Random(7 + len(data))):
        check_window(fmt, data, whole, start, end, contract)


def test_window_over_a_file_equals_window_over_bytes(fmt, tmp_path, contract):
    data = fmt.encode(contract.sample_text * 3, "replace") + b"\xff\x80\xed\xa0\xbd"
    path = tmp_path / "sample.bin"
    path.write_bytes(data)
    with FileSource(path) as source:
        for start, end in ((0, len(data)), (3, 9), (len(data) - 4, len(data))):
            from_file = fmt.decode_window(source, start, end)
            from_bytes = fmt.decode_window(BytesSource(data), start, end)
            assert_same_decoding(from_file, from_bytes, (start, end))


@PROPERTY
@given(st.data())
def test_window_decodes_on_generated_bytes(fmt, contract, data):
    raw = data.draw(st.one_of(short_bytes, st.binary(min_size=1, max_size=40)), "bytes")
    if not raw:
        return
    start = data.draw(st.integers(0, len(raw) - 1), "start")
    end = data.draw(st.integers(start + 1, len(raw)), "end")
    check_window(fmt, raw, fmt.decode(raw), start, end, contract)


# -- block seams ----------------------------------------------------------------------

#: The block size the seam test shrinks the driver to, so that a small input
#: crosses many block boundaries.
SMALL_BLOCK = 4096


def large_input(fmt: Format, contract: SimpleNamespace) -> bytes:
    """Ten small blocks: the format's own text with garbage every few dozen
    bytes, plus a dense stretch of random bytes across a seam."""
    rng = random.Random(1)
    unit = fmt.encode(contract.sample_text, "replace") + b"\xc3\xed\xa0\xbd\xff\x81 "
    body = unit * (5 * SMALL_BLOCK // len(unit))
    dense = bytes(rng.randrange(256) for _ in range(SMALL_BLOCK))
    return body + dense + body


def test_block_seams_do_not_change_the_decode(fmt, contract, monkeypatch):
    monkeypatch.setattr(incremental, "BLOCK_SIZE", SMALL_BLOCK)
    data = large_input(fmt, contract)
    whole = fmt.decode(data)
    for first in (7, SMALL_BLOCK - 3):  # every block boundary of the stream moves
        got = join_decodings(contract.feed(fmt, [data[:first], data[first:]]))
        assert_same_decoding(got, whole, f"stream starting with {first} bytes")
    starts, kinds = whole.spans.byte_starts, whole.spans.kinds
    assert starts[0] == 0 and starts[-1] == len(data)
    assert np.all(np.diff(starts) > 0)
    text_code = KIND_CODE[SpanKind.TEXT]
    assert not np.any((kinds[1:] == text_code) & (kinds[:-1] == text_code)), "unmerged text runs"


def test_one_text_run_over_many_blocks_streams_as_one_span(fmt, contract, monkeypatch):
    """Plain text (letters, digits, spaces: plain in every format) across
    many blocks, fed as a short chunk and then the rest, is one text span."""
    monkeypatch.setattr(incremental, "BLOCK_SIZE", SMALL_BLOCK)
    data = fmt.encode("Hello world 42 " * 2500, "strict")
    got = join_decodings(contract.feed(fmt, [data[:7], data[7:]]))
    assert [(s.kind, s.byte_start, s.byte_end) for s in opening_as_text(list(got.spans))] == [
        (SpanKind.TEXT, 0, len(data))
    ]


@pytest.mark.parametrize(
    ("format_id", "data", "text"),
    [
        # a run of non-final chunks longer than any block: no safe cut inside it
        ("stf-7", b"x" + b"!" * (5 * incremental.BLOCK_SIZE) + b";y", "x\ufffdy"),
        # a reserved run longer than any block
        ("corrected-utf-8", b"x\xfe" + b"\x80" * (5 * incremental.BLOCK_SIZE) + b"y", "x\ufffdy"),
    ],
)
def test_final_call_decodes_everything_even_without_a_safe_cut(format_id, data, text):
    decoder = get_format(format_id).incremental_decoder()
    assert decoder.decode(data, final=True).text == text


# -- one long span: linear time, bounded memory (issue 12 item 9) ---------------------

#: A token of unbounded length in each format that has one: the bytes that
#: open it, the byte it repeats, the byte that closes it, and its span.
LONG_TOKENS = [
    ("corrected-utf-8 reserved run", "corrected-utf-8", b"\xfe", b"\x80", b"a", "reserved"),
    ("stf-7 run of chunks closed", "stf-7", b"", b"!", b";", "invalid"),
    ("stf-7 run of chunks cut by a direct byte", "stf-7", b"", b"!", b"a", "invalid"),
]


@pytest.mark.parametrize(
    ("format_id", "opener", "filler", "closer", "kind"),
    [t[1:] for t in LONG_TOKENS],
    ids=[t[0] for t in LONG_TOKENS],
)
def test_a_long_token_streams_in_bounded_memory_as_one_span(
    format_id, opener, filler, closer, kind, contract
):
    # issue 12 item 9: 16 MiB of FE + 80s, or of '!', took 112 MB (64 MiB:
    # 327 MB, 37 s) because every undecided byte was held and rescanned
    import tracemalloc

    fmt = get_format(format_id)
    n = 8 << 20
    piece = filler * (1 << 16)
    decoder = fmt.incremental_decoder()
    tracemalloc.start()
    parts = [decoder.decode(b"x" + opener)]
    parts += [decoder.decode(piece) for _ in range(n // len(piece))]
    parts.append(decoder.decode(closer, final=True))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    got = join_decodings(parts)
    end = 1 + len(opener) + n + (closer == b";")  # a final chunk closes the run
    assert [(s.kind.value, s.byte_start, s.byte_end) for s in got.spans][:2] == [
        ("text", 0, 1),
        (kind, 1, end),
    ]
    assert got.text[:2] == "x\ufffd"
    assert peak < 4 * len(piece), f"held {peak} bytes for a {n}-byte token"


@pytest.mark.parametrize(
    ("format_id", "opener", "filler", "closer", "kind"),
    [t[1:] for t in LONG_TOKENS],
    ids=[t[0] for t in LONG_TOKENS],
)
def test_a_long_token_under_strict_raises_with_its_whole_extent(
    format_id, opener, filler, closer, kind
):
    fmt = get_format(format_id)
    n = 3 * incremental.IncrementalDecoder.HOLD_AT_MOST
    decoder = fmt.incremental_decoder("strict")
    decoder.decode(b"xy" + opener + filler * n)
    with pytest.raises(DecodeError) as caught:
        decoder.decode(closer, final=True)
    span = caught.value.span
    assert (span.kind.value, span.byte_start) == (kind, 2)
    assert span.byte_end == 2 + len(opener) + n + (closer == b";")
    assert caught.value.data == (opener + filler * n)[: len(caught.value.data)]


LONG_TOKEN_STREAM = st.tuples(
    st.sampled_from([t[1:5] for t in LONG_TOKENS] + [("stf-7", b"", b":", b"~")]),
    st.integers(0, 3 * incremental.IncrementalDecoder.HOLD_AT_MOST),
    short_bytes,
    short_bytes,
    st.lists(st.integers(1, 9000), min_size=1, max_size=6),
)


@settings(PROPERTY, max_examples=30)
@given(LONG_TOKEN_STREAM)
def test_property_long_tokens_stream_as_they_decode_whole(case):
    # the middle of a long token is dropped while it streams and its length
    # put back when it ends: any token length, any neighbours, any chunks
    (format_id, opener, filler, closer), n, before, after, sizes = case
    fmt = get_format(format_id)
    data = before + opener + filler * n + closer + after
    decoder = fmt.incremental_decoder()
    parts, pos, k = [], 0, 0
    while pos < len(data):
        size = sizes[k % len(sizes)]
        parts.append(decoder.decode(data[pos : pos + size]))
        pos, k = pos + size, k + 1
    parts.append(decoder.decode(b"", final=True))
    assert_same_decoding(join_decodings(parts), fmt.decode(data), (format_id, n))


def test_wtf8_resynchronises_at_most_five_bytes_back_to_a_pairs_lead():
    # docs/FORMATS.md: from any byte of a trail surrogate sequence that follows
    # a lead one, back to the lead's ED (the pair is decided whole); a trail
    # after anything else is where its own sequence starts
    wtf8 = get_format("wtf-8")
    paired = bytes.fromhex("41 ED A0 BD ED B2 A9 42")
    assert [wtf8.resync(BytesSource(paired), i) for i in range(9)] == [0, 1, 1, 1, 1, 1, 1, 7, 7]
    apart = bytes.fromhex("41 ED A0 BD 41 ED B2 A9 42")
    assert [wtf8.resync(BytesSource(apart), i) for i in range(10)] == [0, 1, 1, 1, 4, 5, 5, 5, 8, 8]
