"""Scans window by window: byte search and next/previous anomaly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.app.model.formats import resolve
from mojiscope.app.model.search import (
    find_bytes,
    find_bytes_backward,
    find_bytes_backward_wrapping,
    find_bytes_wrapping,
    next_anomaly,
    previous_anomaly,
)
from mojiscope.core import BytesSource
from mojiscope.core.system.control import Cancelled, Control


def test_needle_across_a_chunk_edge_is_found() -> None:
    data = bytes(100) + b"needle" + bytes(100)
    source = BytesSource(data)
    for chunk in (7, 101, 103, 1000):
        assert find_bytes(source, b"needle", 0, chunk=chunk) == 100


def test_search_starts_at_start_and_stops_before_end() -> None:
    source = BytesSource(b"ab ab ab")
    assert find_bytes(source, b"ab", 1) == 3
    assert find_bytes(source, b"ab", 7) is None
    assert find_bytes(source, b"ab", 0, 1) is None


def test_wrapping_search_finds_a_hit_before_the_start() -> None:
    source = BytesSource(b"xyz......")
    assert find_bytes_wrapping(source, b"xyz", 4) == 0


def test_cancelled_scan_raises() -> None:
    source = BytesSource(bytes(10_000))
    with pytest.raises(Cancelled):
        find_bytes(source, b"\x01", 0, chunk=100, control=Control(cancelled=lambda: True))


def test_progress_reports_bytes_done() -> None:
    done: list[int] = []
    find_bytes(BytesSource(bytes(1000)), b"\x01", 0, chunk=300, control=Control(done.append))
    assert done == [300, 600, 900, 1000]


def test_wrapping_search_reports_progress_past_the_end_it_started_from() -> None:
    done: list[int] = []
    source = BytesSource(bytes(1000))
    find_bytes_wrapping(source, b"\x01", 600, control=Control(done.append), chunk=300)
    assert done == [300, 400, 700, 1000]


def test_cancelled_anomaly_scan_raises_the_core_cancelled() -> None:
    utf8 = resolve("utf-8")
    assert utf8 is not None
    source = BytesSource(b"a" * 10_000)
    with pytest.raises(Cancelled):
        next_anomaly(utf8, source, 0, chunk=100, control=Control(cancelled=lambda: True))


def test_next_and_previous_anomaly_cross_chunks() -> None:
    utf8 = resolve("utf-8")
    assert utf8 is not None
    data = b"a" * 1000 + b"\xff" + b"b" * 1000 + b"\xc0\xaf" + b"c" * 50
    source = BytesSource(data)
    first = next_anomaly(utf8, source, 0, chunk=64)
    assert first is not None and first.byte_start == 1000 and first.reason == "invalid-byte"
    second = next_anomaly(utf8, source, 1000, chunk=64)
    assert second is not None and second.byte_start == 2001 and second.reason == "overlong"
    assert next_anomaly(utf8, source, 2002, chunk=64) is None
    back = previous_anomaly(utf8, source, 2001, chunk=64)
    assert back is not None and back.byte_start == 1000
    assert previous_anomaly(utf8, source, 1000, chunk=64) is None


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64])
def test_backward_search_finds_the_last_occurrence_before_across_chunks(chunk: int) -> None:
    source = BytesSource(b"xxabyyabzzab")
    assert find_bytes_backward(source, b"ab", 12, chunk=chunk) == 10
    assert find_bytes_backward(source, b"ab", 10, chunk=chunk) == 6
    assert find_bytes_backward(source, b"ab", 7, chunk=chunk) == 6  # may run past before
    assert find_bytes_backward(source, b"ab", 6, chunk=chunk) == 2
    assert find_bytes_backward(source, b"ab", 2, chunk=chunk) is None
    assert find_bytes_backward_wrapping(source, b"ab", 2, chunk=chunk) == 10


@given(st.binary(max_size=60), st.binary(min_size=1, max_size=3), st.integers(0, 70))
def test_backward_search_agrees_with_rfind(data: bytes, needle: bytes, before: int) -> None:
    before = min(before, len(data))
    expected = data.rfind(needle, 0, before + len(needle) - 1)
    found = find_bytes_backward(BytesSource(data), needle, before, chunk=4)
    assert found == (expected if expected >= 0 else None)
