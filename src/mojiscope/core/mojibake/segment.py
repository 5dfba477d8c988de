"""What a segment is: a stretch of a file and how it was read.

The segment map (``segments.py``) cuts a file into :class:`Segment`\\ s that
tile it: runs of lines, CSV or TSV fields, or runs inside a line. Each says
how its bytes came to be (:class:`SegmentKind`), the chain that undoes
them, how sure that is, and, for a repair that had to guess lost bytes,
the guesses (:class:`~mojiscope.core.mojibake.guessed.Lost`, with source
offsets).

Kinds:

``fine``
    UTF-8 that reads as it is (the empty chain);
``misread``
    UTF-8 misread by one or more programs (a chain with layers);
``legacy``
    bytes in a legacy code page, not UTF-8 (``written as cp1251``);
``lossy``
    text that lost something before it reached us: a repair that guesses
    lost bytes (its ``lost``), U+FFFD already in the text, or bytes that are
    no UTF-8 and that no code page explains; only the guesses are repaired;
``binary``
    bytes that are no text (NUL bytes, or mostly bytes no text holds).

A whole map travels between processes as :class:`SegmentBatch`\\ es:
arrays of starts, ends, kinds, chain numbers, confidences, rows and
columns, with the chains new in the batch, the guesses of its lossy
segments and what its rows were (:class:`RowTally`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from mojiscope.core.mojibake.chain import IDENTITY, Chain
from mojiscope.core.mojibake.guessed import Lost


class SegmentKind(StrEnum):
    """How a segment's bytes came to be (see the module docstring)."""

    FINE = "fine"
    MISREAD = "misread"
    LEGACY = "legacy"
    LOSSY = "lossy"
    BINARY = "binary"


#: Kind codes of the compact form; the order is part of that form: append only.
KIND_CODES: tuple[SegmentKind, ...] = tuple(SegmentKind)
KIND_CODE: dict[SegmentKind, int] = {kind: i for i, kind in enumerate(KIND_CODES)}
#: Confidence of a stretch the screen found nothing in (valid UTF-8, no
#: pattern any misreading leaves): the screen's word, not a fitted probability.
SCREENED = 1.0


@dataclass(frozen=True)
class Segment:
    """Bytes ``[start, end)`` of a file: their kind, the chain that undoes
    them (the empty chain for fine, lossy-as-is and binary bytes), the
    confidence, the row (record or line, from 0) where they start, the
    column of a table when the segment is one field (else -1), and the
    guesses of a lossy repair."""

    start: int
    end: int
    kind: SegmentKind
    chain: Chain = IDENTITY
    confidence: float = SCREENED
    row: int = -1
    column: int = -1
    lost: tuple[Lost, ...] = ()

    @property
    def words(self) -> list[str]:
        """The chain in words, oldest step first (empty when nothing is undone)."""
        return self.chain.words

    @property
    def repairs(self) -> bool:
        """Whether the repair changes these bytes (a chain or guesses)."""
        return not self.chain.is_identity or bool(self.lost)

    def joins(self, after: Segment) -> bool:
        """Whether ``after``, just after this one, reads the same way and
        may be one segment with it (fields and guesses stay apart)."""
        return (
            self.end == after.start
            and self.kind is after.kind
            and self.chain == after.chain
            and self.column < 0
            and after.column < 0
            and not self.lost
            and not after.lost
        )

    def joined(self, after: Segment) -> Segment:
        return Segment(
            self.start,
            after.end,
            self.kind,
            self.chain,
            min(self.confidence, after.confidence),
            self.row,
            -1,
        )


#: A row's reading in a :class:`RowTally`: ``(kind, chain number)``; a row
#: whose damaged parts read differently is ``("mixed", -1)``.
RowKey = tuple[str, int]
MIXED = ("mixed", -1)
FINE_ROW = (SegmentKind.FINE.value, 0)


def tiled(
    found: Iterable[Segment], start: int, end: int, confidence: float, row: int = -1
) -> list[Segment]:
    """``found`` (in order, inside ``[start, end)``) with the gaps between
    them filled by fine segments of ``confidence`` (starting on ``row``),
    so that the segments tile ``[start, end)``."""
    out: list[Segment] = []
    position = start
    for segment in found:
        if segment.start > position:
            out.append(
                Segment(position, segment.start, SegmentKind.FINE, IDENTITY, confidence, row)
            )
        out.append(segment)
        position = segment.end
    if position < end:
        out.append(Segment(position, end, SegmentKind.FINE, IDENTITY, confidence, row))
    return out


@dataclass
class RowTally:
    """How many rows read each way, and how many misread values each column
    of a table holds (fields with bytes the repair changes)."""

    rows: Counter[RowKey] = field(default_factory=Counter)
    columns: Counter[int] = field(default_factory=Counter)

    def add(self, other: RowTally) -> None:
        self.rows.update(other.rows)
        self.columns.update(other.columns)


@dataclass
class SegmentBatch:
    """Consecutive segments in compact form (see the module docstring).

    ``chains`` numbers refer to the map's chain table, which ``new_chains``
    extends (number 0 is the empty chain); ``lost`` maps a segment's index
    in the batch to its guesses; ``done`` is how far into the file the map
    has got."""

    starts: npt.NDArray[np.int64]
    ends: npt.NDArray[np.int64]
    kinds: npt.NDArray[np.uint8]
    chains: npt.NDArray[np.int32]
    confidences: npt.NDArray[np.float32]
    rows: npt.NDArray[np.int64]
    columns: npt.NDArray[np.int32]
    new_chains: tuple[Chain, ...]
    lost: dict[int, tuple[Lost, ...]]
    tally: RowTally
    done: int

    def __len__(self) -> int:
        return len(self.starts)


def pack(
    segments: list[Segment],
    chain_number: dict[Chain, int],
    new_chains: tuple[Chain, ...],
    tally: RowTally,
    done: int,
) -> SegmentBatch:
    """``segments`` in compact form; ``chain_number`` numbers every chain they use."""
    n = len(segments)
    return SegmentBatch(
        np.fromiter((s.start for s in segments), np.int64, n),
        np.fromiter((s.end for s in segments), np.int64, n),
        np.fromiter((KIND_CODE[s.kind] for s in segments), np.uint8, n),
        np.fromiter((chain_number[s.chain] for s in segments), np.int32, n),
        np.fromiter((s.confidence for s in segments), np.float32, n),
        np.fromiter((s.row for s in segments), np.int64, n),
        np.fromiter((s.column for s in segments), np.int32, n),
        new_chains,
        {i: s.lost for i, s in enumerate(segments) if s.lost},
        tally,
        done,
    )
