"""The segment map of a whole file, gathered batch by batch, and its counts in words.

:class:`SegmentMap` takes the batches :func:`~mojiscope.core.mojibake.segments.map_segments`
yields (in the window, as they arrive from the child process that makes
them) and answers what the views ask: the segment at an offset, the
damaged ones, the counts in words (:meth:`SegmentMap.words`: "312 rows read
as windows-1252 once, 9 twice, 9,680 fine") and per column.
:func:`batch_segments` reads one batch's segments; :func:`reading_words`
and :func:`tally_words` say chains and counts as the map's words do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mojiscope.core.mojibake.chain import IDENTITY, Chain
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.segment import (
    FINE_ROW,
    KIND_CODES,
    MIXED,
    RowKey,
    RowTally,
    Segment,
    SegmentBatch,
    SegmentKind,
)
from mojiscope.core.mojibake.table import TableShape
from mojiscope.core.mojibake.wording import chain_words, codec_name


def batch_segments(batch: SegmentBatch, chains: list[Chain]) -> Iterator[Segment]:
    """The segments of one batch, ``chains`` being the map's chain table
    once the batch's new chains are in it."""
    for i in range(len(batch)):
        yield Segment(
            int(batch.starts[i]),
            int(batch.ends[i]),
            KIND_CODES[int(batch.kinds[i])],
            chains[int(batch.chains[i])],
            round(float(batch.confidences[i]), 4),
            int(batch.rows[i]),
            int(batch.columns[i]),
            batch.lost.get(i, ()),
        )


@dataclass(frozen=True)
class ColumnCount:
    """Misread values in one column of a table."""

    column: int
    name: str
    misread: int


class SegmentMap:
    """The segments of one file, gathered batch by batch (see the module)."""

    def __init__(self, size: int, table: TableShape | None = None) -> None:
        self.size = size
        self.table = table
        self.chains: list[Chain] = [IDENTITY]
        self.tally = RowTally()
        self.done = 0
        self._parts: list[SegmentBatch] = []
        self._arrays: dict[str, npt.NDArray[np.generic]] | None = None
        self._lost: dict[int, tuple[Lost, ...]] = {}
        self._count = 0

    def add(self, batch: SegmentBatch) -> None:
        """Take the next batch (its segments follow the last ones)."""
        self.chains += batch.new_chains
        self.tally.add(batch.tally)
        self.done = batch.done
        if not len(batch):
            return
        skip = 0
        if self._count and self._joins(batch):
            last = self._parts[-1]
            last.ends[-1] = batch.ends[0]
            last.confidences[-1] = min(last.confidences[-1], batch.confidences[0])
            skip = 1
        for i, lost in batch.lost.items():
            self._lost[self._count + i - skip] = lost
        if skip:
            batch = _without_first(batch)
            if not len(batch):  # all of it went on the last segment
                return
        self._parts.append(batch)
        self._count += len(batch)
        self._arrays = None

    def _joins(self, batch: SegmentBatch) -> bool:
        last = self._parts[-1]
        i = len(last) - 1
        return (
            int(last.ends[i]) == int(batch.starts[0])
            and last.kinds[i] == batch.kinds[0]
            and last.chains[i] == batch.chains[0]
            and last.columns[i] < 0
            and batch.columns[0] < 0
            and (self._count - 1) not in self._lost
            and 0 not in batch.lost
        )

    def __len__(self) -> int:
        return self._count

    @property
    def complete(self) -> bool:
        return self.done >= self.size

    def arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """The segments as whole arrays: ``starts``, ``ends``, ``kinds``,
        ``chains``, ``confidences``, ``rows``, ``columns``."""
        if self._arrays is None:
            names = ("starts", "ends", "kinds", "chains", "confidences", "rows", "columns")
            if len(self._parts) > 1:
                merged = {n: np.concatenate([getattr(p, n) for p in self._parts]) for n in names}
                self._parts = [_batch_of(merged, self._parts)]
            part = self._parts[0] if self._parts else None
            self._arrays = {
                n: getattr(part, n) if part is not None else np.zeros(0, np.int64) for n in names
            }
        return self._arrays

    def segment(self, i: int) -> Segment:
        a = self.arrays()
        return Segment(
            int(a["starts"][i]),
            int(a["ends"][i]),
            KIND_CODES[int(a["kinds"][i])],
            self.chains[int(a["chains"][i])],
            round(float(a["confidences"][i]), 4),
            int(a["rows"][i]),
            int(a["columns"][i]),
            self._lost.get(i, ()),
        )

    def __iter__(self) -> Iterator[Segment]:
        for i in range(self._count):
            yield self.segment(i)

    def index_at(self, offset: int) -> int:
        """The index of the segment holding byte ``offset`` (-1 if none yet)."""
        starts = self.arrays()["starts"]
        i = int(np.searchsorted(starts, offset, side="right")) - 1
        if i < 0 or offset >= int(self.arrays()["ends"][i]):
            return -1
        return i

    def damaged(self) -> npt.NDArray[np.int64]:
        """Indices of the segments that are not fine, in order."""
        return np.flatnonzero(self.arrays()["kinds"] != KIND_CODES.index(SegmentKind.FINE))

    def columns(self) -> list[ColumnCount]:
        """Misread values per column of a table, in column order."""
        if self.table is None:
            return []
        return [
            ColumnCount(c, self.table.column_name(c), n)
            for c, n in sorted(self.tally.columns.items())
        ]

    def words(self) -> str:
        """How many rows (or lines) read which way, in words (see :func:`tally_words`)."""
        return tally_words(self.tally.rows, self.chains, "rows" if self.table else "lines")


def _without_first(batch: SegmentBatch) -> SegmentBatch:
    return SegmentBatch(
        batch.starts[1:],
        batch.ends[1:],
        batch.kinds[1:],
        batch.chains[1:],
        batch.confidences[1:],
        batch.rows[1:],
        batch.columns[1:],
        batch.new_chains,
        {i - 1: v for i, v in batch.lost.items() if i},
        batch.tally,
        batch.done,
    )


def _batch_of(
    arrays: dict[str, npt.NDArray[np.generic]], parts: list[SegmentBatch]
) -> SegmentBatch:
    return SegmentBatch(
        arrays["starts"],  # type: ignore[arg-type]
        arrays["ends"],  # type: ignore[arg-type]
        arrays["kinds"],  # type: ignore[arg-type]
        arrays["chains"],  # type: ignore[arg-type]
        arrays["confidences"],  # type: ignore[arg-type]
        arrays["rows"],  # type: ignore[arg-type]
        arrays["columns"],  # type: ignore[arg-type]
        (),
        {},
        RowTally(),
        parts[-1].done,
    )


_TIMES = {1: "once", 2: "twice", 3: "three times"}


def _plural(unit: str, count: int) -> str:
    """``rows``, or ``row`` for one."""
    return unit[:-1] if count == 1 and unit.endswith("s") else unit


def reading_words(chain: Chain) -> str:
    """A chain as the counts say it: ``read as windows-1252 twice`` when
    every layer is UTF-8 read by one code page, else its steps."""
    readers = {layer.read_as for layer in chain.layers}
    if (
        chain.layers
        and chain.stored_as == "utf-8"
        and len(readers) == 1
        and all(layer.written == "utf-8" for layer in chain.layers)
    ):
        reader = codec_name(readers.pop())
        return f"read as {reader} {_TIMES.get(len(chain.layers), f'{len(chain.layers)} times')}"
    if not chain.layers and not chain.is_identity:
        return f"in {codec_name(chain.stored_as)}"
    return ", then ".join(chain_words(chain))


def tally_words(rows: Counter[RowKey], chains: list[Chain], unit: str = "rows") -> str:
    """``312 rows read as windows-1252 once, 9 twice, 9,680 fine``: the
    readings, most rows first (the same code page's once, twice... together),
    then the other kinds, then the fine ones."""
    by_reader: dict[str, Counter[int]] = {}  # rows per number of layers, per reader's name
    others: list[tuple[int, str]] = []
    for (kind, number), count in rows.items():
        if (kind, number) == FINE_ROW or not count:
            continue
        if (kind, number) == MIXED:
            others.append((count, "with parts read differently"))
            continue
        chain = chains[number] if 0 <= number < len(chains) else IDENTITY
        if kind == SegmentKind.MISREAD.value:
            words = reading_words(chain)
            if words.startswith("read as ") and words.split()[-1] in ("once", "twice", "times"):
                reader = words.split()[2]
                by_reader.setdefault(reader, Counter())[len(chain.layers)] += count
                continue
            others.append((count, words))
        elif kind == SegmentKind.LEGACY.value:
            others.append((count, reading_words(chain)))
        elif kind == SegmentKind.LOSSY.value:
            others.append((count, "lossy" + (f" ({reading_words(chain)})" if chain.layers else "")))
        else:
            others.append((count, kind))
    phrases: list[tuple[int, str]] = []
    for reader, by_layers in by_reader.items():
        counts = sorted(by_layers.items())
        parts = [
            f"{n:,} {_plural(unit, n)} read as {reader} {_TIMES.get(layers, f'{layers} times')}"
            if i == 0
            else f"{n:,} {_TIMES.get(layers, f'{layers} times')}"
            for i, (layers, n) in enumerate(counts)
        ]
        phrases.append((sum(n for _, n in counts), ", ".join(parts)))
    phrases.sort(key=lambda p: -p[0])
    merged: Counter[str] = Counter()  # two chains may read the same (cp1252 and windows-1252)
    for count, words in others:
        merged[words] += count
    ranked = sorted(merged.items(), key=lambda p: -p[1])
    out = [p for _, p in phrases] + [f"{n:,} {_plural(unit, n)} {w}" for w, n in ranked]
    fine = rows.get(FINE_ROW, 0)
    if fine or not out:
        out.append(f"{fine:,} fine")
    return ", ".join(out)
