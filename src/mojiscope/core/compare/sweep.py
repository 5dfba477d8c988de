"""Every difference between formats over a whole file, handed out as it goes.

A window's compare mode wants three things from one pass over the file:
every differing range (to highlight the rows on screen and go to the next
difference at once), the first ranges with what each format makes of them
(the rows of its Differences list), and one sentence per pair of formats
("utf-8 and wtf-8 differ at 2 places: lone surrogates").
:func:`sweep` walks :func:`~mojiscope.core.compare.formats.differences`
(from the indexes, so that the UTF-8 family reads only the chunks that
hold anomalies) and passes :class:`Swept` batches to ``control.emit``:
the ranges found since the last batch as arrays, the offset up to which
every range is known, and the rows. It keeps at most :data:`MAX_RANGES`
ranges and :data:`MAX_ROWS` rows in all (memory: 16 bytes a range), and
counts the rest. :func:`sweep_file` is the form a child process runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.format import Format
from mojiscope.core.compare.formats import (
    Difference,
    joined,
    pair_words,
    window_differences,
)
from mojiscope.core.compare.windows import Window, mask_words, pairs, walk
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import FileSource, Source

MAX_RANGES = 1 << 21
"""Differing ranges handed out, at most (the rest are counted)."""
MAX_ROWS = 5000
"""Ranges handed out with what each format makes of them, at most."""
BATCH = 4096
"""Ranges per batch, at most."""
BATCH_BYTES = 8 << 20
"""Bytes compared between two batches, at most (a batch may hold no range:
it says how far every range is known)."""


@dataclass(frozen=True)
class Swept:
    """One batch: ranges ``[starts[i], ends[i])`` in order, every range
    starting before ``covered`` known by now, and the rows among them."""

    starts: npt.NDArray[np.int64]
    ends: npt.NDArray[np.int64]
    covered: int
    rows: tuple[Difference, ...]


@dataclass(frozen=True)
class SweepResult:
    """The whole pass: a sentence per pair of formats, how many ranges
    differ, and how many of them were handed out."""

    pairs: tuple[str, ...]
    count: int
    handed: int

    @property
    def complete(self) -> bool:
        """Whether every range was handed out."""
        return self.handed == self.count


class _Batches:
    """The ranges, rows and offset gathered since the last batch sent."""

    def __init__(self, control: Control) -> None:
        self.control = control
        self.starts: list[npt.NDArray[np.int64]] = []
        self.ends: list[npt.NDArray[np.int64]] = []
        self.rows: list[Difference] = []
        self.waiting = 0
        self.handed = 0
        self.rows_handed = 0
        self.sent_at = 0

    def rows_wanted(self) -> int:
        return max(MAX_ROWS - self.rows_handed - len(self.rows), 0)

    def add(self, starts: npt.NDArray[np.int64], ends: npt.NDArray[np.int64]) -> None:
        room = MAX_RANGES - self.handed - self.waiting
        if room <= 0 or not len(starts):
            return
        self.starts.append(starts[:room])
        self.ends.append(ends[:room])
        self.waiting += min(len(starts), room)
        if self.waiting >= BATCH:
            self.send(int(starts[min(len(starts), room) - 1]) + 1)

    def passed(self, offset: int) -> None:
        """Every range starting before ``offset`` has been added."""
        if offset - self.sent_at >= BATCH_BYTES:
            self.send(offset)

    def send(self, covered: int) -> None:
        empty = np.zeros(0, np.int64)
        batch = Swept(
            np.concatenate(self.starts) if self.starts else empty,
            np.concatenate(self.ends) if self.ends else empty,
            covered,
            tuple(self.rows),
        )
        self.handed += self.waiting
        self.rows_handed += len(self.rows)
        self.starts, self.ends, self.rows, self.waiting = [], [], [], 0
        self.sent_at = covered
        self.control.emit(batch)


class _Tally:
    """Per pair of formats, the places they differ at and the words for why."""

    def __init__(self, count: int) -> None:
        self.every = pairs(count)
        self.places = np.zeros(len(self.every), np.int64)
        self.words: list[set[str]] = [set() for _ in self.every]
        self.ranges = 0

    def add(self, differ: npt.NDArray[np.bool_], kinds: npt.NDArray[np.int64]) -> None:
        """Ranges whose pairs differ as ``differ`` says (pairs by ranges),
        the formats having the kinds ``kinds`` there (formats by ranges)."""
        self.ranges += differ.shape[1]
        self.places += differ.sum(axis=1)
        for p, (a, b) in enumerate(self.every):
            both = ((kinds[a] << 16) | kinds[b])[differ[p]]
            for mask in np.unique(both).tolist():
                self.words[p] |= mask_words(mask >> 16, mask & 0xFFFF)

    def lines(self, ids: list[str]) -> tuple[str, ...]:
        return tuple(
            pair_words(ids[a], ids[b], int(self.places[p]), ", ".join(sorted(self.words[p])))
            for p, (a, b) in enumerate(self.every)
        )


class _Open:
    """The last range found, which the next window may go on with."""

    def __init__(self, window: Window, k: int, row: Difference | None) -> None:
        self.lo, self.hi = int(window.los[k]), int(window.his[k])
        self.differ = window.differ[:, k].copy()
        self.kinds = window.kinds[:, k].copy()
        self.row = row

    def join(self, formats: Sequence[Format], window: Window) -> None:
        """Go on with the window's first range."""
        self.hi = int(window.his[0])
        self.differ |= window.differ[:, 0]
        self.kinds |= window.kinds[:, 0]
        if self.row is not None:
            self.row = joined(self.row, window_differences(formats, window, 0, 1)[0])


def sweep(
    formats: Sequence[Format],
    source: Source,
    indexes: Sequence[FileIndex | None] | None = None,
    control: Control = UNCONTROLLED,
) -> SweepResult:
    """Every range ``formats`` read differently in ``source``, in batches
    to ``control.emit`` (see the module docstring); progress counts bytes.
    The ranges stay arrays, window by window: only the rows are
    :class:`~mojiscope.core.compare.formats.Difference` objects."""
    batches = _Batches(control)
    tally = _Tally(len(formats))
    pending: _Open | None = None

    def close(done: _Open) -> None:
        tally.add(done.differ[:, None], done.kinds[:, None])
        batches.add(np.array([done.lo], np.int64), np.array([done.hi], np.int64))
        if done.row is not None:
            batches.rows.append(done.row)

    for window in walk(formats, source, 0, len(source), indexes, control):
        n = len(window.los)
        first = 0
        if n and pending is not None and pending.hi == int(window.los[0]):
            pending.join(formats, window)
            first = 1
        if first < n:
            if pending is not None:
                close(pending)
            last = n - 1
            tally.add(window.differ[:, first:last], window.kinds[:, first:last])
            batches.add(window.los[first:last], window.his[first:last])
            wanted = min(batches.rows_wanted(), last - first)
            if wanted:
                batches.rows.extend(window_differences(formats, window, first, first + wanted))
            row = None
            if batches.rows_wanted():
                row = window_differences(formats, window, last, last + 1)[0]
            pending = _Open(window, last, row)
        batches.passed(pending.lo if pending is not None else window.cut)
    if pending is not None:
        close(pending)
    batches.send(len(source))
    ids = [fmt.id for fmt in formats]
    return SweepResult(tally.lines(ids), tally.ranges, batches.handed)


def sweep_file(
    control: Control, path: str, format_ids: Sequence[str], indexes: Sequence[FileIndex | None]
) -> SweepResult:
    """:func:`sweep` of the file at ``path`` in the formats ``format_ids``:
    the form :func:`~mojiscope.core.system.child_job.run_in_child` runs in a
    child process."""
    from mojiscope.core.codecs.registry import get_format

    with FileSource(path) as source:
        return sweep([get_format(f) for f in format_ids], source, indexes, control)
