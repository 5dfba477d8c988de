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
from mojiscope.core.compare.formats import Difference, PairCounts, differences
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
    def __init__(self, control: Control) -> None:
        self.control = control
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.rows: list[Difference] = []
        self.handed = 0
        self.rows_handed = 0
        self.sent_at = 0

    def add(self, difference: Difference) -> None:
        if self.handed + len(self.starts) >= MAX_RANGES:
            return
        self.starts.append(difference.start)
        self.ends.append(difference.end)
        if self.rows_handed + len(self.rows) < MAX_ROWS:
            self.rows.append(difference)
        if len(self.starts) >= BATCH:
            self.send(difference.start + 1)

    def passed(self, offset: int) -> None:
        """Every range starting before ``offset`` has been added."""
        if offset - self.sent_at >= BATCH_BYTES:
            self.send(offset)

    def send(self, covered: int) -> None:
        batch = Swept(
            np.asarray(self.starts, np.int64),
            np.asarray(self.ends, np.int64),
            covered,
            tuple(self.rows),
        )
        self.handed += len(self.starts)
        self.rows_handed += len(self.rows)
        self.starts, self.ends, self.rows = [], [], []
        self.sent_at = covered
        self.control.emit(batch)


def sweep(
    formats: Sequence[Format],
    source: Source,
    indexes: Sequence[FileIndex | None] | None = None,
    control: Control = UNCONTROLLED,
) -> SweepResult:
    """Every range ``formats`` read differently in ``source``, in batches
    to ``control.emit`` (see the module docstring); progress counts bytes."""
    batches = _Batches(control)
    counts = PairCounts(formats)
    found = 0

    for difference in differences(
        formats, source, indexes=indexes, control=control, known=batches.passed
    ):
        counts.add(difference)
        batches.add(difference)
        found += 1
    batches.send(len(source))
    return SweepResult(tuple(counts.lines()), found, batches.handed)


def sweep_file(
    control: Control, path: str, format_ids: Sequence[str], indexes: Sequence[FileIndex | None]
) -> SweepResult:
    """:func:`sweep` of the file at ``path`` in the formats ``format_ids``:
    the form :func:`~mojiscope.core.system.child_job.run_in_child` runs in a
    child process."""
    from mojiscope.core.codecs.registry import get_format

    with FileSource(path) as source:
        return sweep([get_format(f) for f in format_ids], source, indexes, control)
