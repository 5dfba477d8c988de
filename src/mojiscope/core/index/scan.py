"""The pieces an index is built from: counting the spans of one chunk, and
following a code page's alignment through a whole source.

A chunk's counts hold only numbers (spans per kind and reason, the first and
last anomaly, the bytes anomalies take), never spans: a file of random bytes
has hundreds of millions of anomalies, and an index must stay small. A chunk
is decoded in sub-windows of :data:`SUB_WINDOW` bytes so that the spans alive
at once stay a few megabytes whatever the bytes.

Formats whose :meth:`~mojiscope.core.Format.resync` is exact are counted
window by window, in any order (so in parallel). The others (multi-byte code
pages that cannot tell a lead byte from a trail byte) are followed from the
start of the source with Python's own incremental decoder, which says at each
step how many bytes of an unfinished character it holds: the position before
them is a character boundary exactly as the sequential decode saw it. Those
boundaries, one per :data:`ALIGN_STEP`, let any window decode exactly as the
whole source would.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.utf8.counts import anomaly_events
from mojiscope.core.codecs.utf8.engine import Variant, looks_dense
from mojiscope.core.spans.event import TEXT_CODE
from mojiscope.core.spans.table import SpanTable
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.page_cache import worth_releasing as file_worth_releasing
from mojiscope.core.system.source import Source
from mojiscope.core.words.notices import NOTICES, Found, found_in_decoding, utf8_notices

SUB_WINDOW = 1 << 20
"""Bytes decoded at once while counting a chunk."""

ALIGN_STEP = 1 << 16
"""Distance between recorded character boundaries of a non-resyncing format
(the app's decoded windows are this size)."""

RELEASE_LAG = 256 << 10
"""How far behind a scan its pages are released (see :class:`PassedPages`)."""

CodePair = tuple[int, int]
"""(kind code, reason code) of :mod:`mojiscope.core.spans.event`."""


@dataclass(frozen=True)
class ChunkCounts:
    """What the anomalies (non-``text`` spans) starting in ``[start, end)`` are.

    ``first`` and ``last`` are the byte offsets where the first and last of
    them start (-1 when there is none); ``anomaly_bytes`` is the bytes they
    cover. ``counts`` maps (kind code, reason code) to a number of spans.

    ``notices`` counts the notices (:mod:`mojiscope.core.words.notices`:
    bidi controls, invisible characters... in ``text`` spans) by name, and
    ``notice_first``/``notice_last`` say where the first and last start.
    A notice in a text run that starts in the chunk but goes on past its
    end counts here, where the run starts (the decode's windows end where
    spans do).
    """

    start: int
    end: int
    counts: dict[CodePair, int] = field(default_factory=dict)
    first: int = -1
    last: int = -1
    anomaly_bytes: int = 0
    notices: dict[str, int] = field(default_factory=dict)
    notice_first: int = -1
    notice_last: int = -1

    @property
    def notice_count(self) -> int:
        return sum(self.notices.values())

    @property
    def anomalies(self) -> int:
        return sum(self.counts.values())


class _Tally:
    """Adds up the anomalies of consecutive decoded pieces of one chunk."""

    def __init__(self) -> None:
        self.counts: dict[CodePair, int] = {}
        self.first = -1
        self.last = -1
        self.anomaly_bytes = 0
        self.notices = np.zeros(len(NOTICES) + 1, np.int64)
        self.notice_first = -1
        self.notice_last = -1

    def add_notices(self, found: Found) -> None:
        """Count the notices ``found`` (byte offsets)."""
        if found.first < 0:
            return
        self.notices += found.counts
        first = found.first
        self.notice_first = first if self.notice_first < 0 else min(self.notice_first, first)
        self.notice_last = max(self.notice_last, found.last)

    def add(self, table: SpanTable, lo: int, hi: int) -> int:
        """Count the anomalies of ``table`` that start in ``[lo, hi)``;
        returns how many there were."""
        starts = table.byte_starts
        return self.add_events(
            starts[:-1], np.diff(starts), table.kinds, table.reasons, lo, hi, text=True
        )

    def add_events(
        self,
        starts: npt.NDArray[np.integer],
        lengths: npt.NDArray[np.integer],
        kinds: npt.NDArray[np.uint8],
        reasons: npt.NDArray[np.uint8],
        lo: int,
        hi: int,
        *,
        text: bool = False,
        at: int = 0,
    ) -> int:
        """Count the spans (in any order; ``text`` ones among them if
        ``text``) that start in ``[lo, hi)``, their ``starts`` counted from
        ``at``; returns how many anomalies."""
        if at:
            starts = starts + at
        mask = (starts >= lo) & (starts < hi)
        if text:
            mask &= kinds != TEXT_CODE
        where = np.flatnonzero(mask)
        if not len(where):
            return 0
        pairs = kinds[where].astype(np.intp) * 256 + reasons[where]
        numbers = np.bincount(pairs)
        for value in np.flatnonzero(numbers).tolist():
            key = (value // 256, value % 256)
            self.counts[key] = self.counts.get(key, 0) + int(numbers[value])
        chosen = starts[where]
        first, last = int(chosen.min()), int(chosen.max())
        self.first = first if self.first < 0 else min(self.first, first)
        self.last = max(self.last, last)
        self.anomaly_bytes += int(lengths[where].sum())
        return len(where)

    def result(self, start: int, end: int) -> ChunkCounts:
        named = {NOTICES[i - 1].value: int(n) for i, n in enumerate(self.notices) if i and n}
        return ChunkCounts(
            start,
            end,
            self.counts,
            self.first,
            self.last,
            self.anomaly_bytes,
            named,
            self.notice_first,
            self.notice_last,
        )


def worth_releasing(source: Source) -> bool:
    """:func:`~mojiscope.core.system.page_cache.worth_releasing` for a scan of ``source``."""
    return file_worth_releasing(len(source), source.in_memory)


class PassedPages:
    """Releases the pages of the chunks a scan has counted (when ``active``:
    see :func:`worth_releasing`), :data:`RELEASE_LAG` bytes behind the end
    of the last one: the next chunk reads a few bytes back from its start,
    and a page released and touched again would be read again with its
    neighbours around it."""

    def __init__(self, source: Source, active: bool) -> None:
        self.source = source
        self.active = active
        self.released_to = -1

    def passed(self, start: int, end: int) -> None:
        """Chunk ``[start, end)`` is counted."""
        if not self.active:
            return
        begin = start if self.released_to < start - RELEASE_LAG else self.released_to
        stop = end - RELEASE_LAG
        if stop > begin:
            self.source.release(begin, stop)
            self.released_to = stop

    def finish(self, end: int) -> None:
        """The scan stops at ``end``: let the rest go too."""
        if self.active and self.released_to < end:
            self.source.release(max(self.released_to, 0), end)
            self.released_to = end


def count_chunk(fmt: Format, source: Source, start: int, end: int) -> ChunkCounts:
    """The anomalies starting in ``[start, end)``, for a format whose resync
    is exact: each sub-window decodes as the whole source would. Formats for
    which valid UTF-8 holds no anomaly skip valid runs at the speed of
    CPython's own decoder and decode only from where a run stops."""
    tally = _Tally()
    utf8_like = fmt.id in VALID_UTF8_IS_CLEAN
    if utf8_like:
        count_utf8_notices(fmt.id, source, start, end, tally)
    variant: Variant | None = getattr(fmt, "variant", None)
    dense = looks_dense(source.read(start, start + DENSE_PROBE))
    lo = start
    while lo < end:
        hi = min(end, lo + SUB_WINDOW)
        if dense and variant is not None:  # count only, whole sub-windows
            begin, data, _ = fmt.window_block(source, lo, hi)
            found = tally.add_events(*anomaly_events(variant, data, begin == 0), lo, hi, at=begin)
        else:
            if fmt.id in VALID_UTF8_IS_CLEAN:
                lo = max(lo, min(valid_reach(fmt.id, source, lo, hi), hi))
                if lo >= hi:
                    continue
                hi = min(hi, lo + SLOW_WINDOW)
            decoding = fmt.decode_window(source, lo, hi)
            found = tally.add(decoding.spans, lo, hi)
            if not utf8_like:
                tally.add_notices(found_in_decoding(decoding))
        dense = found > (hi - lo) >> 10  # more than one anomaly per KiB
        lo = hi
    return tally.result(start, end)


def count_utf8_notices(format_id: str, source: Source, start: int, end: int, tally: _Tally) -> None:
    """Count the notices of a UTF-8 format that start in ``[start, end)``
    from the bytes (:func:`~mojiscope.core.words.notices.utf8_notices`),
    sub-window by sub-window: a BOM at offset 0 is a signature, not a
    notice, and XTF-8's escape range holds escapes and collisions."""
    size = len(source)
    lo = start
    while lo < end:
        hi = min(end, lo + SUB_WINDOW)
        data = source.read(lo, min(hi + 3, size))
        found = utf8_notices(data, hi - lo, lo, xtf8=format_id == "xtf-8")
        if lo == 0 and found.first == 0 and data.startswith(b"\xef\xbb\xbf"):
            found = utf8_notices(data, hi - lo, lo, xtf8=format_id == "xtf-8", skip=3)
        tally.add_notices(found)
        lo = hi


DENSE_PROBE = 4096
"""Bytes looked at first to tell a chunk dense with errors (random data)."""


#: Formats in which well-formed UTF-8 decodes to plain text (but for a BOM at
#: offset 0, and for XTF-8 the escape range U+EF80..U+EFFF, EE BE/BF xx).
VALID_UTF8_IS_CLEAN = frozenset({"utf-8", "utf-8b", "wtf-8", "xtf-8"})
SLOW_WINDOW = 1 << 16
"""Bytes decoded by the format itself from where a valid run stops."""


def valid_reach(format_id: str, source: Source, lo: int, hi: int) -> int:
    """How far from ``lo`` no anomaly can start: the end of the well-formed
    UTF-8 run that covers ``lo`` (CPython's decoder checks it), cut before
    anything that is an anomaly although valid (a BOM at 0, XTF-8's escape
    range). Returns ``lo`` when nothing is known."""
    begin = max(lo - 3, 0)
    data = source.read(begin, min(len(source), hi + 3))
    skip = 0
    while skip < min(3, lo - begin) and data[skip] & 0xC0 == 0x80:
        skip += 1  # continuation bytes of a character that started before begin
    if begin + skip == 0 and data.startswith(b"\xef\xbb\xbf"):
        return lo
    try:
        codecs.utf_8_decode(data[skip:], "strict", begin + len(data) >= len(source))
        valid = len(data) - skip
    except UnicodeDecodeError as error:
        valid = error.start
    if format_id == "xtf-8":
        found = _escape_range_lead(data, skip)
        if found >= 0:
            valid = min(valid, found - skip)
    return begin + skip + valid if begin + skip + valid > lo else lo


def _escape_range_lead(data: bytes, start: int) -> int:
    """Where the first ``EE BE`` or ``EE BF`` (U+EF80..U+EFFF, XTF-8's
    escape range) begins at or after ``start``, or -1. ``EE`` leads only
    U+E000..U+EFFF, rare in text: looking for it alone (memchr) and then at
    the byte after costs a tenth of two two-byte searches."""
    at = data.find(b"\xee", start)
    while at >= 0:
        if data[at + 1 : at + 2] in (b"\xbe", b"\xbf"):
            return at
        at = data.find(b"\xee", at + 1)
    return -1


def decode_between(fmt: Format, source: Source, begin: int, stop: int) -> Decoding:
    """Decode bytes ``[begin, stop)`` in one block; both ends must be
    character boundaries of the sequential decode (from :func:`follow_alignment`)."""
    text, table = fmt.decode_block(source.read(begin, stop), at_start=begin == 0)
    return Decoding(fmt, text, table.shifted(begin, 0))


def count_aligned(
    fmt: Format, source: Source, start: int, end: int, bounds: npt.NDArray[np.int64]
) -> ChunkCounts:
    """The anomalies of chunk ``[start, end)`` of a non-resyncing format,
    decoded between the recorded boundaries (``bounds[k]`` is the boundary at
    or before ``k * ALIGN_STEP``; -1 where unknown). Spans are counted where
    the sequential decode starts them, from the boundary at or before
    ``start`` to the one at or before ``end``."""
    size = len(source)
    tally = _Tally()
    first_step = start // ALIGN_STEP
    last_step = -(-end // ALIGN_STEP)
    for step in range(first_step, last_step):
        lo = int(bounds[step])
        hi = size if (step + 1) * ALIGN_STEP >= size else int(bounds[step + 1])
        if hi > lo:
            decoding = decode_between(fmt, source, lo, hi)
            tally.add(decoding.spans, lo, hi)
            tally.add_notices(found_in_decoding(decoding))
    return tally.result(start, end)


def codec_of(fmt: Format) -> str | None:
    """The Python codec behind a format that has one (the legacy code pages)."""
    codec = getattr(fmt, "codec", None)
    return codec if isinstance(codec, str) else None


def resync_is_exact(fmt: Format) -> bool:
    """Whether a window of ``fmt`` started anywhere decodes as the whole source
    would. ``Format.exact_resync`` says so for most formats; a multi-byte
    code page (it cannot cut anywhere) is taken as inexact even where the
    flag is not yet set."""
    if not fmt.exact_resync:
        return False
    probe = bytes(range(0x80, 0x100)) * 2
    return codec_of(fmt) is None or fmt.safe_cut(probe, at_start=False) == len(probe)


def follow_alignment(
    fmt: Format,
    source: Source,
    bounds: npt.NDArray[np.int64],
    control: Control = UNCONTROLLED,
    *,
    upto: int | None = None,
) -> None:
    """Fill ``bounds[k]`` with the character boundary at or before
    ``k * ALIGN_STEP`` as a decode from offset 0 sees it, for every step up
    to byte ``upto`` (default: the end). Steps already known are kept;
    decoding restarts from the last known one."""
    codec = codec_of(fmt)
    if codec is None:
        raise ValueError(f"{fmt.id} has no Python codec to follow its alignment with")
    size = len(source)
    stop = size if upto is None else min(upto, size)
    known = np.flatnonzero(bounds >= 0)
    step = int(known[-1]) if len(known) else 0
    bounds[0] = 0
    pos = int(bounds[step])
    decoder = codecs.getincrementaldecoder(codec)("replace")
    while (step + 1) * ALIGN_STEP <= stop and step + 1 < len(bounds):
        target = (step + 1) * ALIGN_STEP
        decoder.decode(source.read(pos, target))
        pending = len(decoder.getstate()[0])
        step += 1
        bounds[step] = target - pending
        pos = target
        if step % 64 == 0:
            control.step(pos)


def alignment_steps(size: int) -> int:
    """How many boundaries a source of ``size`` bytes records."""
    return max(-(-size // ALIGN_STEP), 1)
