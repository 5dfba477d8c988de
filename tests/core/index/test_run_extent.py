"""run_extent: a text span that a decode window cut is followed to the true
ends of its run, over any source, with progress and cancel."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, FileSource, SpanKind, get_format
from mojiscope.core.index.file_index import FileIndex, build_index
from mojiscope.core.index.navigation import run_extent, run_extent_from_index
from mojiscope.core.index.scan import count_chunk
from mojiscope.core.system.control import Cancelled, Control

WINDOW = 1 << 16


def whole_runs(fmt_id: str, data: bytes) -> list[tuple[int, int, SpanKind]]:
    """The spans of a whole decode, adjacent text spans joined into one run."""
    runs: list[tuple[int, int, SpanKind]] = []
    for span in get_format(fmt_id).decode(data).spans:
        if runs and span.kind == SpanKind.TEXT and runs[-1][2] == SpanKind.TEXT:
            runs[-1] = (runs[-1][0], span.byte_end, SpanKind.TEXT)
        else:
            runs.append((span.byte_start, span.byte_end, span.kind))
    return runs


def window_span(fmt_id: str, source: BytesSource | FileSource, offset: int, window: int):  # type: ignore[no-untyped-def]
    lo = offset - offset % window
    decoding = get_format(fmt_id).decode_window(source, lo, min(lo + window, len(source)))
    return decoding.spans[decoding.spans.index_at_byte(offset)]


def test_a_text_run_of_many_windows_is_measured_whole(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    data = b"\xff" + "é".encode() * 300_000 + b"abc" + b"\xc0"  # 600,004 bytes of text
    path.write_bytes(data)
    with FileSource(path) as source:
        cut = window_span("utf-8", source, 200_001, WINDOW)
        assert cut.byte_end - cut.byte_start < 70_000  # what the inspector used to show
        assert run_extent(get_format("utf-8"), source, cut) == (1, 600_004)


def test_a_span_other_than_text_is_its_own_extent() -> None:
    source = BytesSource(b"ab\xc0\xafcd")
    span = window_span("utf-8", source, 2, WINDOW)
    assert span.kind == SpanKind.INVALID
    assert run_extent(get_format("utf-8"), source, span) == (span.byte_start, span.byte_end)


def test_progress_is_reported_and_cancel_stops_the_scan() -> None:
    source = BytesSource(b"a" * 50_000)
    span = window_span("utf-8", source, 25_000, 1000)
    seen: list[int] = []
    run_extent(get_format("utf-8"), source, span, control=Control(seen.append), chunk=1000)
    assert seen == sorted(seen)
    assert seen[-1] == 50_000 - (span.byte_end - span.byte_start)  # every byte beyond it
    stop = Control(cancelled=lambda: True)
    with pytest.raises(Cancelled):
        run_extent(get_format("utf-8"), source, span, control=stop, chunk=1000)


PIECES = [b"a", "é".encode(), "€".encode(), "\U0001f600".encode(), b"\xff", b"\xc0\xaf", b"\x00"]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["utf-8", "wtf-8", "utf-16le", "cp1252", "xtf-8"]),
    st.lists(st.tuples(st.sampled_from(PIECES), st.integers(1, 40)), min_size=1, max_size=12),
    st.integers(4, 64),
    st.data(),
)
def test_any_cut_span_measures_as_the_whole_decode(fmt_id, pieces, window, data):  # type: ignore[no-untyped-def]
    raw = b"".join(piece * count for piece, count in pieces)
    source = BytesSource(raw)
    offset = data.draw(st.integers(0, len(raw) - 1), label="offset")
    span = window_span(fmt_id, source, offset, window)
    chunk = data.draw(st.integers(1, 80), label="chunk")
    start, end = run_extent(get_format(fmt_id), source, span, chunk=chunk)
    (expected,) = [r for r in whole_runs(fmt_id, raw) if r[0] <= offset < r[1]]
    if span.kind == SpanKind.TEXT:
        assert (start, end, SpanKind.TEXT) == expected
    else:
        assert (start, end) == (span.byte_start, span.byte_end)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["utf-8", "wtf-8", "utf-16le", "cp1252", "xtf-8"]),
    st.lists(st.tuples(st.sampled_from(PIECES), st.integers(1, 40)), min_size=1, max_size=12),
    st.integers(4, 64),
    st.sampled_from([1, 2, 3]),
    st.data(),
)
def test_an_index_gives_a_cut_runs_extent_as_the_whole_decode_or_nothing(  # type: ignore[no-untyped-def]
    fmt_id, pieces, window, every, data
):
    """From an index (complete, or with chunks missing), a run's ends are
    those of the whole decode, or ``None`` where the index cannot say at once."""
    raw = b"".join(piece * count for piece, count in pieces)
    source, fmt = BytesSource(raw), get_format(fmt_id)
    index = FileIndex(fmt, len(raw), data.draw(st.sampled_from([8, 16, 64]), label="chunk"))
    for k in range(0, len(index.chunks), every):
        lo, hi = index.chunk_range(k)
        index.add(count_chunk(fmt, source, lo, hi))
    offset = data.draw(st.integers(0, len(raw) - 1), label="offset")
    span = window_span(fmt_id, source, offset, window)
    extent = run_extent_from_index(index, source, span)
    (expected,) = [r for r in whole_runs(fmt_id, raw) if r[0] <= offset < r[1]]
    if span.kind != SpanKind.TEXT:
        assert extent == (span.byte_start, span.byte_end)
    elif every == 1:
        assert (*extent, SpanKind.TEXT) == expected  # type: ignore[misc]
    else:
        assert extent is None or (*extent, SpanKind.TEXT) == expected


def test_an_index_measures_a_run_of_the_whole_file_at_once(tmp_path: Path) -> None:
    """A run with no anomaly on either side reaches both ends of the file."""
    path = tmp_path / "zeros.bin"
    with path.open("wb") as f:
        f.truncate(1 << 26)  # 64 MiB of NUL: one run
    with FileSource(path) as source:
        fmt = get_format("utf-8")
        index = build_index(fmt, source)
        span = window_span("utf-8", source, 1 << 25, WINDOW)
        assert span.byte_start == 1 << 25 and span.byte_end < (1 << 25) + 2 * WINDOW  # cut
        assert run_extent_from_index(index, source, span) == (0, 1 << 26)
