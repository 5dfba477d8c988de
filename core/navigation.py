"""Moving through a source by its anomalies: the next and the previous span
that is not plain text, however far away, in bounded memory.

A source may be a mapped file of gigabytes, so these decode it window by
window (:data:`SCAN_CHUNK` bytes at a time, through
:meth:`Format.decode_window`, which starts each window at a point it can
resynchronise at) and stop at the first hit. Each takes a
:class:`~mojiscope.core.control.Control`: it reports the bytes scanned after
every window and raises :class:`~mojiscope.core.control.Cancelled` when the
caller asks it to stop.
"""

from __future__ import annotations

from mojiscope.core.control import UNCONTROLLED, Control
from mojiscope.core.decoding import Decoding
from mojiscope.core.format import Format, Policy, apply_policy
from mojiscope.core.source import Source
from mojiscope.core.spans import Span

#: Bytes decoded per step of a scan.
SCAN_CHUNK = 1 << 20


def _window(fmt: Format, source: Source, lo: int, hi: int, policy: Policy) -> Decoding:
    return apply_policy(fmt.decode_window(source, lo, hi), policy)


def next_anomaly(
    fmt: Format,
    source: Source,
    after: int,
    *,
    policy: Policy = "maximal-subpart",
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> Span | None:
    """The first non-``text`` span that starts after byte ``after`` (its
    character offsets count from the window it was found in), or ``None``."""
    size = len(source)
    lo = max(after, 0)
    while lo < size:
        control.check()
        hi = min(size, lo + chunk)
        span = _window(fmt, source, lo, hi, policy).next_anomaly(after)
        if span is not None:
            return span
        control.step(hi - max(after, 0))
        lo = hi
    return None


def previous_anomaly(
    fmt: Format,
    source: Source,
    before: int,
    *,
    policy: Policy = "maximal-subpart",
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> Span | None:
    """The last non-``text`` span that starts before byte ``before``, or ``None``."""
    hi = min(before, len(source))
    while hi > 0:
        control.check()
        lo = max(0, hi - chunk)
        span = _window(fmt, source, lo, hi, policy).previous_anomaly(before)
        if span is not None:
            return span
        control.step(before - lo)
        hi = lo
    return None
