"""Searching a source window by window: bytes, and the next/previous anomaly.

Pure functions over a :class:`Source` (no Qt), so the same code runs on the
GUI thread for a short scan and in a worker thread for a long one. Each takes
``progress(done_bytes)`` and ``cancelled()`` callbacks; a cancelled scan
raises :class:`SearchCancelled`. Nothing reads more than one chunk at a time.
"""

from __future__ import annotations

from collections.abc import Callable

from mojiscope.app.formats import FormatChoice
from mojiscope.core import Source, Span

SCAN_CHUNK = 1 << 20
"""Bytes read (or decoded) per step of a scan."""

Progress = Callable[[int], None]
Cancelled = Callable[[], bool]


class SearchCancelled(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The user cancelled the scan."""


def _never() -> bool:
    return False


def _ignore(_: int) -> None:
    return None


def find_bytes(
    source: Source,
    needle: bytes,
    start: int,
    end: int | None = None,
    *,
    progress: Progress = _ignore,
    cancelled: Cancelled = _never,
    chunk: int = SCAN_CHUNK,
) -> int | None:
    """The first offset ``>= start`` where ``needle`` lies wholly before ``end``."""
    if not needle:
        return None
    end = len(source) if end is None else min(end, len(source))
    overlap = len(needle) - 1
    pos = max(start, 0)
    while pos < end:
        if cancelled():
            raise SearchCancelled
        data = source.read(pos, min(end, pos + chunk + overlap))
        hit = data.find(needle)
        if hit >= 0:
            return pos + hit
        pos += chunk
        progress(min(pos, end) - start)
    return None


def find_bytes_wrapping(
    source: Source,
    needle: bytes,
    start: int,
    *,
    progress: Progress = _ignore,
    cancelled: Cancelled = _never,
) -> int | None:
    """Search from ``start`` to the end, then from the beginning up to ``start``."""
    hit = find_bytes(source, needle, start, progress=progress, cancelled=cancelled)
    if hit is not None:
        return hit
    scanned = len(source) - start
    return find_bytes(
        source,
        needle,
        0,
        min(start + len(needle) - 1, len(source)),
        progress=lambda done: progress(scanned + done),
        cancelled=cancelled,
    )


def next_anomaly(
    choice: FormatChoice,
    source: Source,
    after: int,
    *,
    progress: Progress = _ignore,
    cancelled: Cancelled = _never,
    chunk: int = SCAN_CHUNK,
) -> Span | None:
    """The first non-``text`` span (of ``choice``) that starts after byte ``after``."""
    size = len(source)
    lo = max(after, 0)
    while lo < size:
        if cancelled():
            raise SearchCancelled
        hi = min(size, lo + chunk)
        span = choice.decode_window(source, lo, hi).next_anomaly(after)
        if span is not None:
            return span
        progress(hi - after)
        lo = hi
    return None


def previous_anomaly(
    choice: FormatChoice,
    source: Source,
    before: int,
    *,
    progress: Progress = _ignore,
    cancelled: Cancelled = _never,
    chunk: int = SCAN_CHUNK,
) -> Span | None:
    """The last non-``text`` span (of ``choice``) that starts before byte ``before``."""
    hi = min(before, len(source))
    while hi > 0:
        if cancelled():
            raise SearchCancelled
        lo = max(0, hi - chunk)
        span = choice.decode_window(source, lo, hi).previous_anomaly(before)
        if span is not None:
            return span
        progress(before - lo)
        hi = lo
    return None
