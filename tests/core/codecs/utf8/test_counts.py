"""The index's counting path for bytes dense with errors (``anomaly_events``)
finds exactly the anomalies a full decode reports, for each UTF-8-family
format: the same starts, lengths, kinds and reasons."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, get_format
from mojiscope.core.codecs.utf8.counts import anomaly_events
from mojiscope.core.index.scan import SUB_WINDOW, ChunkCounts, _Tally, count_chunk
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE
from mojiscope.core.words.notices import NOTICES, Found, notice_ranges

FAMILY = ("utf-8", "utf-8b", "wtf-8", "xtf-8")

#: Each thing the rules tell apart, so that a random mix meets all of them.
PIECES = [
    b"a",
    b"\xc3\xa9",
    b"\xe2\x82\xac",
    b"\xf0\x9f\x98\x80",  # text
    b"\x80",
    b"\xbf",
    b"\xc0\xaf",
    b"\xc1",
    b"\xe0\x80\xaf",
    b"\xe0\x9f",  # ill-formed
    b"\xed\xa0\x80",
    b"\xed\xb0\x80",
    b"\xed\xa0\x80\xed\xb0\x80",  # surrogates, a pair
    b"\xee\xbe\x80",
    b"\xee\xbf\xbf",  # U+EF80, U+EFFF: XTF-8 collisions
    b"\xf4\x90\x80\x80",
    b"\xf5",
    b"\xf8\x88\x80\x80\x80",
    b"\xff",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xef\xbb\xbf",  # a BOM (a signature only at the start)
]


def decoded_anomalies(fid: str, data: bytes) -> list[tuple[int, int, int, int]]:
    spans = get_format(fid).decode(data).spans
    return sorted(
        (s.byte_start, s.byte_end - s.byte_start, KIND_CODE[s.kind], REASON_CODE[s.reason])
        for s in spans
        if s.kind != "text"
    )


def counted_anomalies(fid: str, data: bytes) -> list[tuple[int, int, int, int]]:
    events = anomaly_events(get_format(fid).variant, data, True)  # type: ignore[attr-defined]
    return sorted(
        zip(
            events.starts.tolist(),
            events.lengths.tolist(),
            events.kinds.tolist(),
            events.reasons.tolist(),
            strict=True,
        )
    )


def mix(seed: int, n: int) -> bytes:
    rng = random.Random(seed)
    return b"".join(rng.choice(PIECES) for _ in range(n))


@pytest.mark.parametrize("fid", FAMILY)
def test_every_kind_of_sequence_counts_as_the_decode_reports_it(fid: str) -> None:
    data = b"\xef\xbb\xbf" + mix(1, 3000)
    assert counted_anomalies(fid, data) == decoded_anomalies(fid, data)


@pytest.mark.parametrize("fid", FAMILY)
def test_random_bytes_count_as_the_decode_reports_them(fid: str) -> None:
    data = random.Random(2).randbytes(20_000)
    assert counted_anomalies(fid, data) == decoded_anomalies(fid, data)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60), st.binary(max_size=40))
def test_any_mix_counts_as_the_decode_reports_it(pieces: list[bytes], tail: bytes) -> None:
    data = b"".join(pieces) + tail
    for fid in FAMILY:
        assert counted_anomalies(fid, data) == decoded_anomalies(fid, data), fid


def tally_of_a_whole_decode(fid: str, data: bytes, lo: int, hi: int) -> ChunkCounts:
    """What the chunk's counts must be: its spans and its notices, from a
    decode of the whole input (the notices that start in the chunk)."""
    tally = _Tally()
    decoding = get_format(fid).decode(data)
    tally.add(decoding.spans, lo, hi)
    starts = [(start, kind) for start, _, kind in notice_ranges(decoding) if lo <= start < hi]
    if starts:
        counts = np.zeros(len(NOTICES) + 1, np.int64)
        for _, kind in starts:
            counts[NOTICES.index(kind) + 1] += 1
        tally.add_notices(Found(counts, starts[0][0], starts[-1][0]))
    return tally.result(lo, hi)


@pytest.mark.parametrize("fid", FAMILY)
def test_a_dense_chunk_switches_to_counting_and_agrees_with_a_whole_decode(fid: str) -> None:
    """Random bytes after a clean start: the first window is decoded, the
    rest counted (more than one anomaly per KiB), across sub-window edges."""
    data = b"clean text " * 10 + random.Random(3).randbytes(2 * SUB_WINDOW + 777)
    lo, hi = 5, len(data) - 3
    assert count_chunk(get_format(fid), BytesSource(data), lo, hi) == tally_of_a_whole_decode(
        fid, data, lo, hi
    )


@pytest.mark.parametrize("other_ee", [b"\xee\x80\x80", b"\xee\xbd\xbf", b"\xee"])
def test_a_valid_xtf8_run_stops_at_the_escape_range_past_other_ee_leads(other_ee: bytes) -> None:
    """The skip over valid text looks for ``EE`` alone, then at the byte
    after: U+E000 (or a lone EE) before U+EF80 must not hide the collision."""
    data = b"text " * 50 + other_ee + b" more " * 50 + b"\xee\xbe\x80" + b" end" * 50
    counts = count_chunk(get_format("xtf-8"), BytesSource(data), 0, len(data))
    assert counts == tally_of_a_whole_decode("xtf-8", data, 0, len(data))
    assert counts.anomalies >= 1 and counts.last == data.index(b"\xee\xbe\x80")
