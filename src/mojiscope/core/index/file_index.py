"""A whole-file index per format: where the anomalies are, without keeping them.

A :class:`FileIndex` cuts a source into chunks (:func:`chunk_size_for`: about
a thousand of them, 4 KiB to 4 MiB each) and holds per chunk only a
:class:`~mojiscope.core.index.scan.ChunkCounts`: spans per kind and reason,
the first and last anomaly, the bytes they cover. Memory is a few numbers
per chunk whatever the bytes; the spans themselves are decoded again on
demand, one window at a time.

:func:`build_index` fills an index chunk by chunk under a
:class:`~mojiscope.core.system.control.Control` (progress, Cancel, and each chunk's
counts passed to ``control.emit`` as it is done, so a view can draw the
index while it grows). Formats whose resync is exact are counted on a
process pool when the source is a large file (:mod:`mojiscope.core.index.pool`);
the others run sequentially from the start, recording the character boundary
at every :data:`~mojiscope.core.index.scan.ALIGN_STEP` so that
:meth:`FileIndex.exact_window` decodes any window exactly as the whole file
would (:meth:`FileIndex.window_start`).

Anomaly navigation (:meth:`FileIndex.next_anomaly`) skips every indexed
chunk that has none at once and decodes only where the answer is, or where
the index has not reached yet (a scan, with progress and Cancel).
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool

import numpy as np

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format
from mojiscope.core.index.scan import (
    ALIGN_STEP,
    ChunkCounts,
    CodePair,
    PassedPages,
    alignment_steps,
    count_aligned,
    count_chunk,
    decode_between,
    follow_alignment,
    resync_is_exact,
    worth_releasing,
)
from mojiscope.core.spans.event import Span
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import FileSource, Source
from mojiscope.core.words.notices import Notice, notice_ranges

MIN_CHUNK = 1 << 12
MAX_CHUNK = 1 << 22
TARGET_CHUNKS = 1024
FIRST_STEP = 1 << 12
"""Bytes decoded first when looking for an anomaly the index located."""


def chunk_size_for(size: int) -> int:
    """A power of two between 4 KiB and 4 MiB giving about a thousand chunks
    (more only past 4 GiB): fine enough for an overview strip, few enough
    that the index stays small."""
    want = max(size // TARGET_CHUNKS, 1)
    chunk = 1 << (want - 1).bit_length()
    return min(max(chunk, MIN_CHUNK), MAX_CHUNK)


class FileIndex:
    """What one format makes of every chunk of a source of ``size`` bytes."""

    def __init__(self, fmt: Format, size: int, chunk_size: int | None = None) -> None:
        self.format = fmt
        self.size = size
        self.exact_resync = resync_is_exact(fmt)
        self.chunk_size = chunk_size or chunk_size_for(size)
        if not self.exact_resync:  # chunks hold whole alignment steps
            self.chunk_size = -(-self.chunk_size // ALIGN_STEP) * ALIGN_STEP
        n = max(-(-size // self.chunk_size), 1)
        self.chunks: list[ChunkCounts | None] = [None] * n
        self._first = np.full(n, -1, np.int64)
        self._last = np.full(n, -1, np.int64)
        self._indexed = np.zeros(n, bool)
        self._notice_first = np.full(n, -1, np.int64)
        self._notice_last = np.full(n, -1, np.int64)
        #: Boundaries at each ALIGN_STEP (non-resyncing formats only; -1 unknown).
        self.bounds = None if self.exact_resync else np.full(alignment_steps(size), -1, np.int64)

    # -- filling ------------------------------------------------------------------

    def add(self, counts: ChunkCounts) -> None:
        """Record one chunk's counts (from :func:`build_index` or a pool)."""
        k = counts.start // self.chunk_size
        self.chunks[k] = counts
        self._first[k], self._last[k] = counts.first, counts.last
        self._notice_first[k], self._notice_last[k] = counts.notice_first, counts.notice_last
        self._indexed[k] = True

    def chunk_range(self, k: int) -> tuple[int, int]:
        start = k * self.chunk_size
        return start, min(start + self.chunk_size, self.size)

    @property
    def complete(self) -> bool:
        return bool(self._indexed.all())

    @property
    def indexed_bytes(self) -> int:
        done = np.flatnonzero(self._indexed)
        return sum(self.chunk_range(int(k))[1] - self.chunk_range(int(k))[0] for k in done)

    # -- counts --------------------------------------------------------------------

    def totals(self) -> dict[CodePair, int]:
        """Spans per (kind code, reason code) over the indexed chunks."""
        return self.region_counts(0, self.size)

    def region_counts(self, lo: int, hi: int) -> dict[CodePair, int]:
        """Spans per (kind code, reason code) in the indexed chunks that
        overlap bytes ``[lo, hi)`` (chunk granularity)."""
        out: dict[CodePair, int] = {}
        for counts in self._chunks_over(lo, hi):
            for key, number in counts.counts.items():
                out[key] = out.get(key, 0) + number
        return out

    def notice_totals(self) -> dict[str, int]:
        """Notices per kind (:class:`~mojiscope.core.words.notices.Notice`
        names) over the indexed chunks."""
        out: dict[str, int] = {}
        for counts in self.chunks:
            if counts is not None:
                for name, number in counts.notices.items():
                    out[name] = out.get(name, 0) + number
        return out

    def _chunks_over(self, lo: int, hi: int) -> Iterator[ChunkCounts]:
        if hi <= lo:
            return
        for k in range(
            lo // self.chunk_size, min((hi - 1) // self.chunk_size + 1, len(self.chunks))
        ):
            counts = self.chunks[k]
            if counts is not None:
                yield counts

    # -- exact windows ---------------------------------------------------------------

    def window_start(self, offset: int) -> int | None:
        """For a non-resyncing format, a position at or before ``offset`` where
        the sequential decode starts a character: the recorded boundary of the
        :data:`ALIGN_STEP` at or below ``offset``. None where the index has not
        reached yet, and always for a format whose own resync is exact (ask
        the format's :meth:`~mojiscope.core.Format.resync`)."""
        if self.bounds is None:
            return None
        value = int(self.bounds[min(offset // ALIGN_STEP, len(self.bounds) - 1)])
        return value if value >= 0 else None

    def exact_window(self, source: Source, start: int, end: int) -> Decoding | None:
        """The spans over ``[start, end)`` as the whole-source decode has them,
        for a non-resyncing format (None where the boundaries are not known
        yet, or when the format's own resync is already exact)."""
        if self.bounds is None:
            return None
        begin = self.window_start(start)
        stop_step = -(-min(end, self.size) // ALIGN_STEP)
        stop = self.size if stop_step >= len(self.bounds) else int(self.bounds[stop_step])
        if begin is None or stop < 0:
            return None
        return decode_between(self.format, source, begin, max(stop, begin))

    def _decode(self, source: Source, lo: int, hi: int) -> Decoding:
        exact = self.exact_window(source, lo, hi)
        return exact if exact is not None else self.format.decode_window(source, lo, hi)

    # -- navigation ------------------------------------------------------------------

    def next_anomaly(
        self, source: Source, after: int, control: Control = UNCONTROLLED
    ) -> Span | None:
        """The first anomaly (non-``text`` span) starting after byte ``after``.

        Indexed chunks with no anomaly past ``after`` are skipped without
        reading; an indexed chunk that has one is decoded from its first
        anomaly past ``after`` onwards; a chunk not yet indexed is scanned.
        """
        k = max(after + 1, 0) // self.chunk_size
        scanned = 0
        while k < len(self.chunks):
            k = self._next_candidate(k, after)
            if k >= len(self.chunks):
                return None
            lo, hi = self.chunk_range(k)
            if self._indexed[k] and self._first[k] > after:
                lo = int(self._first[k])
            span = self._scan_forward(source, max(lo, after), hi, after)
            if span is not None:
                return span
            scanned += hi - lo
            control.step(scanned)
            k += 1
        return None

    def _next_candidate(self, k: int, after: int) -> int:
        """The first chunk from ``k`` on that is not indexed or has an anomaly past ``after``."""
        wanted = ~self._indexed[k:] | (self._last[k:] > after)
        hits = np.flatnonzero(wanted)
        return k + int(hits[0]) if len(hits) else len(self.chunks)

    def _scan_forward(self, source: Source, lo: int, hi: int, after: int) -> Span | None:
        step = FIRST_STEP  # small first: the index usually says the anomaly is right there
        while lo < hi:
            piece = min(hi, lo + step)
            span = self._decode(source, lo, piece).next_anomaly(after)
            if span is not None and span.byte_start < hi:
                return span
            lo = piece
            step = min(step * 4, 1 << 20)
        return None

    def next_anomaly_start(self, after: int) -> int | None:
        """Where the next anomaly after byte ``after`` starts, when the
        counts alone say so (it is the first of its chunk): no reading, fit
        for guessing where Next Anomaly will go. None when that takes a
        decode or a scan, or when there is none."""
        k = self._next_candidate(max(after + 1, 0) // self.chunk_size, after)
        if k >= len(self.chunks) or not self._indexed[k] or self._first[k] <= after:
            return None
        return int(self._first[k])

    def previous_anomaly_start(self, before: int) -> int | None:
        """The mirror of :meth:`next_anomaly_start`: where the last anomaly
        starting before byte ``before`` starts, when it is the last of its
        chunk; else None."""
        k = min(max(before - 1, 0) // self.chunk_size, len(self.chunks) - 1)
        if before <= 0 or k < 0:
            return None
        k = self._previous_candidate(k, before)
        if k < 0 or not self._indexed[k] or self._last[k] >= before:
            return None
        return int(self._last[k])

    def answers_at_once(self, offset: int, *, forward: bool) -> bool:
        """Whether the next (or previous) anomaly from ``offset`` is found
        without scanning a chunk the index has not reached: then it costs one
        small decode, fit for the GUI thread."""
        if forward:
            k = self._next_candidate(max(offset + 1, 0) // self.chunk_size, offset)
            return k >= len(self.chunks) or bool(self._indexed[k])
        k = min(max(offset - 1, 0) // self.chunk_size, len(self.chunks) - 1)
        k = self._previous_candidate(k, offset)
        return k < 0 or bool(self._indexed[k])

    def _previous_candidate(self, k: int, before: int) -> int:
        """The last chunk up to ``k`` that is not indexed or has an anomaly
        starting before ``before``; -1 if there is none."""
        wanted = ~self._indexed[: k + 1] | (
            (self._first[: k + 1] >= 0) & (self._first[: k + 1] < before)
        )
        hits = np.flatnonzero(wanted)
        return int(hits[-1]) if len(hits) else -1

    def previous_anomaly(
        self, source: Source, before: int, control: Control = UNCONTROLLED
    ) -> Span | None:
        """The last anomaly starting before byte ``before`` (the mirror of
        :meth:`next_anomaly`)."""
        k = min(max(before - 1, 0) // self.chunk_size, len(self.chunks) - 1)
        scanned = 0
        while k >= 0 and before > 0:
            k = self._previous_candidate(k, before)
            if k < 0:
                return None
            lo, hi = self.chunk_range(k)
            if self._indexed[k]:
                hi = min(hi, int(self._last[k]) + 1)
            span = self._scan_backward(source, lo, min(hi, before), before)
            if span is not None:
                return span
            scanned += hi - lo
            control.step(scanned)
            k -= 1
        return None

    def _scan_backward(self, source: Source, lo: int, hi: int, before: int) -> Span | None:
        step = FIRST_STEP
        while hi > lo:
            piece = max(lo, hi - step)
            span = self._decode(source, piece, hi).previous_anomaly(before)
            if span is not None and span.byte_start >= lo:
                return span
            hi = piece
            step = min(step * 4, 1 << 20)
        return None


NoticeRange = tuple[int, int, Notice]
"""A notice's bytes ``[start, end)`` and its kind."""


class _Notices:
    """Next and previous notice of a :class:`FileIndex` (its methods, kept
    apart from the anomalies' for the reader)."""

    def __init__(self, index: FileIndex) -> None:
        self.index = index

    def _candidates(self, forward: bool, k: int, offset: int) -> int:
        index = self.index
        indexed = index._indexed
        if forward:
            wanted = ~indexed[k:] | (index._notice_last[k:] > offset)
            hits = np.flatnonzero(wanted)
            return k + int(hits[0]) if len(hits) else len(index.chunks)
        first = index._notice_first[: k + 1]
        wanted = ~indexed[: k + 1] | ((first >= 0) & (first < offset))
        hits = np.flatnonzero(wanted)
        return int(hits[-1]) if len(hits) else -1

    def at_once(self, offset: int, *, forward: bool) -> bool:
        index = self.index
        n = len(index.chunks)
        if forward:
            k = self._candidates(True, max(offset + 1, 0) // index.chunk_size, offset)
            return k >= n or bool(index._indexed[k])
        k = self._candidates(False, min(max(offset - 1, 0) // index.chunk_size, n - 1), offset)
        return k < 0 or bool(index._indexed[k])

    def find(
        self, source: Source, offset: int, control: Control, *, forward: bool
    ) -> NoticeRange | None:
        index = self.index
        n = len(index.chunks)
        scanned = 0
        if forward:
            k = max(offset + 1, 0) // index.chunk_size
            while k < n:
                k = self._candidates(True, k, offset)
                if k >= n:
                    return None
                lo, hi = index.chunk_range(k)
                if index._indexed[k] and index._notice_first[k] > offset:
                    lo = int(index._notice_first[k])
                found = self._scan(source, max(lo, offset), hi, offset, forward=True)
                if found is not None:
                    return found
                scanned += hi - lo
                control.step(scanned)
                k += 1
            return None
        k = min(max(offset - 1, 0) // index.chunk_size, n - 1)
        while k >= 0 and offset > 0:
            k = self._candidates(False, k, offset)
            if k < 0:
                return None
            lo, hi = index.chunk_range(k)
            if index._indexed[k]:
                hi = min(hi, int(index._notice_last[k]) + 1)
            found = self._scan(source, lo, min(hi, offset), offset, forward=False)
            if found is not None:
                return found
            scanned += hi - lo
            control.step(scanned)
            k -= 1
        return None

    def _scan(
        self, source: Source, lo: int, hi: int, offset: int, *, forward: bool
    ) -> NoticeRange | None:
        """The first notice starting after ``offset`` (or the last before
        it) in windows of ``[lo, hi)`` decoded as the whole file would be,
        small first and growing."""
        step = FIRST_STEP
        while lo < hi:
            if forward:
                piece_lo, piece_hi = lo, min(hi, lo + step)
            else:
                piece_lo, piece_hi = max(lo, hi - step), hi
            ranges = notice_ranges(self.index._decode(source, piece_lo, piece_hi))
            if forward:
                hits = [r for r in ranges if offset < r[0] and r[0] < hi]
                if hits:
                    return hits[0]
                lo = piece_hi
            else:
                hits = [r for r in ranges if r[0] < offset and r[0] >= lo]
                if hits:
                    return hits[-1]
                hi = piece_lo
            step = min(step * 4, 1 << 20)
        return None


def next_notice(
    index: FileIndex, source: Source, after: int, control: Control = UNCONTROLLED
) -> NoticeRange | None:
    """The first notice (:mod:`mojiscope.core.words.notices`) starting after
    byte ``after``: chunks the index says hold none are skipped unread, a
    chunk not indexed yet is scanned."""
    return _Notices(index).find(source, after, control, forward=True)


def previous_notice(
    index: FileIndex, source: Source, before: int, control: Control = UNCONTROLLED
) -> NoticeRange | None:
    """The last notice starting before byte ``before`` (the mirror of :func:`next_notice`)."""
    return _Notices(index).find(source, before, control, forward=False)


def notice_answers_at_once(index: FileIndex, offset: int, *, forward: bool) -> bool:
    """Whether the next (previous) notice from ``offset`` is found without
    scanning a chunk the index has not reached (fit for the GUI thread)."""
    return _Notices(index).at_once(offset, forward=forward)


def build_index(
    fmt: Format,
    source: Source,
    control: Control = UNCONTROLLED,
    *,
    index: FileIndex | None = None,
    workers: int | None = None,
    background: bool = False,
) -> FileIndex:
    """Index ``source`` with ``fmt`` (filling ``index`` if given, so a caller
    can read it while it grows). Each chunk's :class:`ChunkCounts` goes to
    ``control.emit`` when done; progress counts bytes; Cancel raises
    :class:`~mojiscope.core.system.control.Cancelled` between chunks. A pool's
    workers run at the lowest priority if ``background`` (a window's index:
    see :func:`~mojiscope.core.index.pool.count_in_parallel`)."""
    index = index or FileIndex(fmt, len(source))
    if index.bounds is not None:
        _build_sequential(index, source, control)
        return index
    from mojiscope.core.index.pool import count_in_parallel, worth_a_pool

    if worth_a_pool(source, workers):
        try:
            count_in_parallel(index, source, control, workers, background=background)
            return index
        except (BrokenProcessPool, RuntimeError, OSError):
            pass  # no worker processes here (an unguarded main module...): count in this one
    done = 0
    passed = PassedPages(source, worth_releasing(source))
    for k in range(len(index.chunks)):
        lo, hi = index.chunk_range(k)
        if index.chunks[k] is not None:
            done += hi - lo
            continue
        counts = count_chunk(fmt, source, lo, hi)
        passed.passed(lo, hi)
        index.add(counts)
        control.emit(counts)
        done += hi - lo
        control.step(done)
    passed.finish(len(source))
    return index


def index_file(control: Control, path: str, fmt: Format) -> FileIndex:
    """:func:`build_index` of the file at ``path``, opened here, in this one
    process: the form :func:`~mojiscope.core.system.child_job.run_in_child` runs
    in a child process (which starts no pool of its own: a child stopped
    mid-way would leave the pool's workers behind)."""
    source = FileSource(path)
    try:
        return build_index(fmt, source, control, workers=1)
    finally:
        source.close()


def uses_a_pool(fmt: Format, source: Source, workers: int | None = None) -> bool:
    """Whether :func:`build_index` with ``workers`` counts ``source`` on a pool
    of worker processes (then its calling thread only waits for them)."""
    from mojiscope.core.index.pool import worth_a_pool

    return resync_is_exact(fmt) and worth_a_pool(source, workers)


def _build_sequential(index: FileIndex, source: Source, control: Control) -> None:
    """A non-resyncing format: follow the alignment chunk by chunk, counting
    each chunk between its recorded boundaries as soon as they are known."""
    assert index.bounds is not None
    passed = PassedPages(source, worth_releasing(source))
    for k in range(len(index.chunks)):
        lo, hi = index.chunk_range(k)
        follow_alignment(index.format, source, index.bounds, control, upto=hi)
        counts = count_aligned(index.format, source, lo, hi, index.bounds)
        passed.passed(lo, hi)
        index.add(counts)
        control.emit(counts)
        control.step(hi)
    passed.finish(len(source))
