"""Searching a source window by window: bytes, and the next/previous anomaly.

Pure functions over a :class:`Source` (no Qt), so the same code runs in a
background job with progress and Cancel, or directly in a test. Each takes a
:class:`~mojiscope.core.system.control.Control`: it reports the bytes scanned after
each chunk and raises :class:`~mojiscope.core.system.control.Cancelled` when the
caller asks it to stop. Nothing reads more than one chunk at a time.

Finding bytes is not a codec rule, so it lives here; finding an anomaly is,
so :func:`next_anomaly` and :func:`previous_anomaly` ask
:mod:`mojiscope.core.index.navigation` with the column's format and policy.
"""

from __future__ import annotations

from mojiscope.app.model.formats import FormatChoice
from mojiscope.core import Source, Span
from mojiscope.core.index import navigation
from mojiscope.core.index.navigation import SCAN_CHUNK
from mojiscope.core.system.control import UNCONTROLLED, Control

__all__ = [
    "SCAN_CHUNK",
    "find_bytes",
    "find_bytes_backward",
    "find_bytes_backward_wrapping",
    "find_bytes_wrapping",
    "next_anomaly",
    "previous_anomaly",
]


def find_bytes(
    source: Source,
    needle: bytes,
    start: int,
    end: int | None = None,
    *,
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> int | None:
    """The first offset ``>= start`` where ``needle`` lies wholly before ``end``."""
    if not needle:
        return None
    end = len(source) if end is None else min(end, len(source))
    overlap = len(needle) - 1
    pos = max(start, 0)
    while pos < end:
        control.check()
        data = source.read(pos, min(end, pos + chunk + overlap))
        hit = data.find(needle)
        if hit >= 0:
            return pos + hit
        pos += chunk
        control.step(min(pos, end) - start)
    return None


def find_bytes_wrapping(
    source: Source,
    needle: bytes,
    start: int,
    *,
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> int | None:
    """Search from ``start`` to the end, then from the beginning up to ``start``."""
    hit = find_bytes(source, needle, start, control=control, chunk=chunk)
    if hit is not None:
        return hit
    scanned = len(source) - start
    end = min(start + len(needle) - 1, len(source))
    return find_bytes(source, needle, 0, end, control=control.offset(scanned), chunk=chunk)


def find_bytes_backward(
    source: Source,
    needle: bytes,
    before: int,
    start: int = 0,
    *,
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> int | None:
    """The last offset ``>= start`` where ``needle`` begins before ``before``
    (it may run past ``before``), scanning backwards chunk by chunk."""
    if not needle:
        return None
    before = min(before, len(source))
    overlap = len(needle) - 1
    hi = before
    while hi > start:
        control.check()
        lo = max(start, hi - chunk)
        hit = source.read(lo, hi + overlap).rfind(needle, 0, hi - lo + overlap)
        if hit >= 0 and lo + hit < before:
            return lo + hit
        hi = lo
        control.step(before - hi)
    return None


def find_bytes_backward_wrapping(
    source: Source,
    needle: bytes,
    before: int,
    *,
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> int | None:
    """Search backwards from ``before`` to the start, then from the end back to ``before``."""
    hit = find_bytes_backward(source, needle, before, control=control, chunk=chunk)
    if hit is not None:
        return hit
    return find_bytes_backward(
        source, needle, len(source), before, control=control.offset(before), chunk=chunk
    )


def next_anomaly(
    choice: FormatChoice,
    source: Source,
    after: int,
    *,
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> Span | None:
    """The first non-``text`` span (of ``choice``) that starts after byte ``after``."""
    return navigation.next_anomaly(
        choice.format, source, after, policy=choice.policy, control=control, chunk=chunk
    )


def previous_anomaly(
    choice: FormatChoice,
    source: Source,
    before: int,
    *,
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> Span | None:
    """The last non-``text`` span (of ``choice``) that starts before byte ``before``."""
    return navigation.previous_anomaly(
        choice.format, source, before, policy=choice.policy, control=control, chunk=chunk
    )
