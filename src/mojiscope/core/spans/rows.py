"""One block's spans, as rows or as events: the storage behind a SpanTable.

:class:`Rows` holds a block's spans as parallel arrays, one row a span.
:class:`EventRows` holds only the *events*, the spans that are not text, and
leaves the text runs implicit: they are the non-empty gaps between events.
A block of random bytes has 0.66 spans a byte, and building the interleaved
rows costs more than classifying the bytes did, so an :class:`EventRows`
builds them only when something reads a row. Counting the spans and looking
at either end of the block, which is all that joining blocks needs, never
does.

A :class:`Part` is one block's rows or events placed at a base offset:
a :class:`~mojiscope.core.spans.table.SpanTable` is a list of parts.

Both answer the same small questions (:attr:`n_spans`, :meth:`kind_of`,
:meth:`start_of`, :attr:`end`) and give their rows with :meth:`rows`.
Offsets are relative to the block.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from mojiscope.core.spans.event import KIND_CODE, KIND_CODES, REASON_CODES, Span, SpanKind

TEXT_CODE = KIND_CODE[SpanKind.TEXT]
#: The one "no value" of a span, in every builder and in storage: values
#: are stored as ``uint32`` and every real value, up to U+8421109F, is
#: smaller. (:attr:`~mojiscope.core.spans.event.Span.value` is ``None`` for it.)
NO_VALUE = 0xFFFFFFFF

IntArray = npt.NDArray[np.integer]
CodeArray = npt.NDArray[np.uint8]


class Rows:
    """Spans as rows: ``byte_starts`` and ``char_starts`` have one more
    element than there are spans (the end of the last), so span ``i`` covers
    ``byte_starts[i]:byte_starts[i + 1]``."""

    __slots__ = ("byte_starts", "char_starts", "kinds", "reasons", "values")

    def __init__(
        self,
        kinds: CodeArray,
        reasons: CodeArray,
        byte_starts: IntArray,
        char_starts: IntArray,
        values: npt.NDArray[np.uint32],
    ) -> None:
        self.kinds = kinds
        self.reasons = reasons
        self.byte_starts = byte_starts
        self.char_starts = char_starts
        self.values = values

    def rows(self) -> Rows:
        return self

    @property
    def n_spans(self) -> int:
        return len(self.kinds)

    def kind_of(self, i: int) -> int:
        return int(self.kinds[i])

    def start_of(self, i: int) -> tuple[int, int]:
        """(byte, char) start of span ``i``."""
        return int(self.byte_starts[i]), int(self.char_starts[i])

    @property
    def end(self) -> tuple[int, int]:
        """(byte, char) end of the last span."""
        return int(self.byte_starts[-1]), int(self.char_starts[-1])


class _Events(NamedTuple):
    pos: IntArray
    lens: IntArray
    kind: CodeArray
    reason: CodeArray
    value: npt.NDArray[np.uint32]
    char_pos: IntArray
    char_lens: IntArray
    #: Whether the gap before event ``k`` (``k == len(pos)``: after the
    #: last) holds any bytes.
    gaps: npt.NDArray[np.bool_]


class EventRows:
    """Spans given by their events, in order and not overlapping: each
    event a span, each non-empty gap between them (and before the first and
    after the last, up to ``n_bytes``) a ``text`` span. Once the rows are
    built the events are let go: the rows say everything they did."""

    def __init__(
        self,
        pos: IntArray,
        lens: IntArray,
        kind: CodeArray,
        reason: CodeArray,
        value: npt.NDArray[np.uint32],
        char_pos: IntArray,
        char_lens: IntArray,
        n_bytes: int,
        n_chars: int,
    ) -> None:
        self.end = (n_bytes, n_chars)
        m = len(pos)
        gaps = np.empty(m + 1, bool)
        if m:
            gaps[0] = pos[0] > 0
            np.greater(pos[1:], pos[:-1] + lens[:-1], out=gaps[1:m])
            gaps[m] = int(pos[-1]) + int(lens[-1]) < n_bytes
        else:
            gaps[0] = n_bytes > 0
        self.n_spans = m + int(np.count_nonzero(gaps))
        self._events: _Events | None = _Events(
            pos, lens, kind, reason, value, char_pos, char_lens, gaps
        )
        self._rows: Rows | None = None

    def kind_of(self, i: int) -> int:
        """Kind code of span ``i``; the first and the last without building
        the rows."""
        ev = self._events
        if ev is None or i not in (0, -1, self.n_spans - 1):
            return self.rows().kind_of(i)
        if i == 0:
            return TEXT_CODE if ev.gaps[0] else int(ev.kind[0])
        return TEXT_CODE if ev.gaps[-1] else int(ev.kind[-1])

    def start_of(self, i: int) -> tuple[int, int]:
        """(byte, char) start of span ``i``; the first two without building
        the rows."""
        ev = self._events
        if ev is None or i not in (0, 1):
            return self.rows().start_of(i)
        if i == 0:
            return 0, 0
        if ev.gaps[0]:  # the first span is a text run, the second event 0
            return int(ev.pos[0]), int(ev.char_pos[0])
        return int(ev.pos[0]) + int(ev.lens[0]), int(ev.char_pos[0]) + int(ev.char_lens[0])

    def rows(self) -> Rows:
        if self._rows is None:
            assert self._events is not None
            self._rows = _interleave(self._events, *self.end)
            self._events = None
        return self._rows


def _interleave(ev: _Events, n_bytes: int, n_chars: int) -> Rows:
    """Rows from events: interleave (gap, event) candidates and keep the
    events and the non-empty gaps, by one index that serves all five arrays
    (fancy indexing by a boolean mask is several times slower here)."""
    m = len(ev.pos)
    offset: type[np.integer] = np.int32 if max(n_bytes, n_chars) < 2**31 else np.int64
    cand_byte = np.empty(2 * m + 2, offset)
    cand_byte[0] = 0
    cand_byte[1:-1:2] = ev.pos
    cand_byte[2:-1:2] = ev.pos + ev.lens
    cand_byte[-1] = n_bytes
    cand_char = np.empty(2 * m + 2, offset)
    cand_char[0] = 0
    cand_char[1:-1:2] = ev.char_pos
    cand_char[2:-1:2] = ev.char_pos + ev.char_lens
    cand_char[-1] = n_chars
    keep = np.empty(2 * m + 1, bool)
    keep[0::2] = ev.gaps
    keep[1::2] = True
    idx = np.flatnonzero(keep)
    byte_starts = np.empty(len(idx) + 1, offset)
    byte_starts[:-1] = cand_byte[idx]
    byte_starts[-1] = n_bytes
    char_starts = np.empty(len(idx) + 1, offset)
    char_starts[:-1] = cand_char[idx]
    char_starts[-1] = n_chars
    cand_kind = np.zeros(2 * m + 1, np.uint8)
    cand_kind[1::2] = ev.kind
    cand_reason = np.zeros(2 * m + 1, np.uint8)
    cand_reason[1::2] = ev.reason
    cand_value = np.full(2 * m + 1, NO_VALUE, np.uint32)
    cand_value[1::2] = ev.value
    return Rows(cand_kind[idx], cand_reason[idx], byte_starts, char_starts, cand_value[idx])


def offsets_array(values: npt.ArrayLike) -> IntArray:
    """Relative offsets as int32 when they fit (they do for any block)."""
    arr = np.asarray(values)
    if arr.dtype == np.int32:
        return arr
    if len(arr) == 0 or (int(arr.max()) < 2**31 and int(arr.min()) >= -(2**31)):
        return arr.astype(np.int32)
    return arr.astype(np.int64)


def stored_values(values: npt.ArrayLike) -> npt.NDArray[np.uint32]:
    arr = np.asarray(values)
    if arr.dtype == np.uint32:
        return arr
    return arr.astype(np.int64).astype(np.uint32)


@dataclass(frozen=True)
class Part:
    """One block's spans (rows, or events whose rows are built when first
    read), with offsets relative to the bases. When ``skip`` is set, its
    first span continues the previous part's last span (a text run across a
    seam) and does not count on its own."""

    block: Rows | EventRows
    byte_base: int = 0
    char_base: int = 0
    skip: int = 0
    #: Relative (byte, char) end of the last span when a text run continues
    #: into parts that were dropped for holding nothing else.
    end_override: tuple[int, int] | None = None

    @property
    def kinds(self) -> CodeArray:
        return self.block.rows().kinds

    @property
    def reasons(self) -> CodeArray:
        return self.block.rows().reasons

    @property
    def byte_starts(self) -> IntArray:
        """n + 1, relative."""
        return self.block.rows().byte_starts

    @property
    def char_starts(self) -> IntArray:
        return self.block.rows().char_starts

    @property
    def values(self) -> npt.NDArray[np.uint32]:
        return self.block.rows().values

    @property
    def natural_end(self) -> tuple[int, int]:
        """Absolute (byte, char) end of this part's last span."""
        rel = self.end_override or self.block.end
        return self.byte_base + rel[0], self.char_base + rel[1]

    @property
    def count(self) -> int:
        return self.block.n_spans - self.skip

    def start(self, i: int) -> tuple[int, int]:
        """Absolute (byte, char) start of span ``i`` of this block."""
        b, c = self.block.start_of(i)
        return self.byte_base + b, self.char_base + c


def make_span(kind: int, reason: int, b0: int, b1: int, c0: int, c1: int, value: int) -> Span:
    return Span(
        KIND_CODES[kind],
        b0,
        b1,
        c0,
        c1,
        REASON_CODES[reason],
        None if value == NO_VALUE else value,
    )
