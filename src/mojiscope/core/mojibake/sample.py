"""Where to read a large input: windows around the bytes that are interesting.

Mojibake lives in the non-ASCII bytes; a large file may start with pages of
ASCII and hold its damage far in. :func:`interesting_windows` scans a
:class:`~mojiscope.core.system.source.Source` once, chunk by chunk in bounded memory,
noting where each chunk's first non-ASCII byte is, and picks up to
:data:`WINDOWS` windows of :data:`WINDOW` bytes spread evenly over those places
(the first one always), each cut at line ends (or ASCII bytes) so no
character is cut. :func:`read_sample` joins them with line ends and
:class:`SampleMap` maps offsets in the joined sample back to the source.

What is read this way is a sample: a verdict about the whole file comes
only from :func:`~mojiscope.core.mojibake.stream.verify_chain` over all of it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source

WINDOW = 4096
WINDOWS = 8
SCAN_CHUNK = 1 << 20
_NON_ASCII = re.compile(rb"[\x80-\xff]")


def _snap(source: Source, offset: int, total: int, forward: bool) -> int:
    """``offset`` moved to just after a line end nearby (or an ASCII byte)."""
    if offset <= 0 or offset >= total:
        return max(0, min(offset, total))
    lo, hi = (offset, min(total, offset + 256)) if forward else (max(0, offset - 256), offset)
    near = source.read(lo, hi)
    line = near.find(b"\n") if forward else near.rfind(b"\n")
    if line >= 0:
        return lo + line + 1
    ascii_at = next(
        (
            i
            for i in (range(len(near)) if forward else range(len(near) - 1, -1, -1))
            if near[i] < 0x80
        ),
        None,
    )
    return offset if ascii_at is None else lo + ascii_at + 1


def interesting_windows(
    source: Source,
    *,
    window: int = WINDOW,
    count: int = WINDOWS,
    control: Control = UNCONTROLLED,
) -> tuple[tuple[int, int], ...]:
    """Source ranges to explain ``source`` from (the whole of it when it is small)."""
    total = len(source)
    if total <= window * count:
        return ((0, total),)
    places: list[int] = []
    for start in range(0, total, SCAN_CHUNK):
        chunk = source.read(start, min(total, start + SCAN_CHUNK))
        found = _NON_ASCII.search(chunk)
        if found is not None:
            places.append(start + found.start())
        control.step(min(total, start + SCAN_CHUNK))
    if not places:
        return ((0, _snap(source, window, total, forward=False) or window),)
    if len(places) > count:
        step = (len(places) - 1) / (count - 1)
        places = [places[round(i * step)] for i in range(count)]
    windows: list[tuple[int, int]] = []
    for place in places:
        lo = _snap(source, max(0, place - window // 4), total, forward=False)
        hi = _snap(source, min(total, lo + window), total, forward=False)
        if hi <= lo:
            hi = min(total, lo + window)
        if windows and lo <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], hi))
        else:
            windows.append((lo, hi))
    return tuple(windows)


@dataclass(frozen=True)
class SampleMap:
    """Where each window of a joined sample starts in the sample and in the source."""

    starts: tuple[int, ...]
    sources: tuple[int, ...]
    lengths: tuple[int, ...]

    def to_source(self, offset: int) -> int:
        i = max(0, bisect.bisect_right(self.starts, offset) - 1)
        return self.sources[i] + min(offset - self.starts[i], self.lengths[i])


def read_sample(source: Source, windows: tuple[tuple[int, int], ...]) -> tuple[bytes, SampleMap]:
    """The windows' bytes joined by line ends, and the map back to the source."""
    pieces: list[bytes] = []
    starts: list[int] = []
    at = 0
    for lo, hi in windows:
        starts.append(at)
        pieces.append(source.read(lo, hi))
        at += hi - lo + 1
    lengths = tuple(hi - lo for lo, hi in windows)
    return b"\n".join(pieces), SampleMap(tuple(starts), tuple(lo for lo, _ in windows), lengths)
