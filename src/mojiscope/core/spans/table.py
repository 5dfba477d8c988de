"""Compact storage for spans: parallel numpy arrays, no object per span.

A file of random bytes yields millions of spans; holding a Python object for
each would cost ~150 bytes apiece. A :class:`SpanTable` keeps five arrays
(kind and reason codes, byte and char starts, values), about 14 bytes a span,
and builds a :class:`~mojiscope.core.spans.event.Span` only when one is asked for.

A table is a list of *parts*, one per decoded block, each with offsets
relative to a base. Shifting a table or joining tables touches no per-span
data, so decoding a large input in blocks costs no second copy of its spans.
The flat arrays (``kinds``, ``byte_starts``, ...) are built on first use.

:func:`join` merges a ``text`` span that ends one table with a ``text`` span
that starts the next, so decoding in pieces gives exactly the spans of
decoding at once.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cached_property
from typing import overload

import numpy as np
import numpy.typing as npt

from mojiscope.core.spans.event import (
    Span,
)
from mojiscope.core.spans.rows import (
    NO_VALUE,
    TEXT_CODE,
    CodeArray,
    EventRows,
    Part,
    Rows,
    make_span,
    offsets_array,
    stored_values,
)

__all__ = ["NO_VALUE", "SpanTable", "join"]


class SpanTable(Sequence[Span]):
    """An immutable sequence of spans stored as arrays.

    The constructor takes one block's arrays: ``byte_starts`` and
    ``char_starts`` have one more element than there are spans (the last is
    the end of the final span), so span ``i`` covers
    ``byte_starts[i]:byte_starts[i + 1]``. ``values`` holds ``NO_VALUE``
    where a span has none.
    """

    def __init__(
        self,
        kinds: npt.ArrayLike,
        reasons: npt.ArrayLike,
        byte_starts: npt.ArrayLike,
        char_starts: npt.ArrayLike,
        values: npt.ArrayLike,
    ) -> None:
        rows = Rows(
            np.asarray(kinds, np.uint8),
            np.asarray(reasons, np.uint8),
            offsets_array(byte_starts),
            offsets_array(char_starts),
            stored_values(values),
        )
        n = len(rows.kinds)
        if not (
            len(rows.reasons) == len(rows.values) == n
            and len(rows.byte_starts) == len(rows.char_starts) == n + 1
        ):
            raise ValueError("span arrays disagree in length")
        self._init_parts([Part(rows)])

    @classmethod
    def from_events(
        cls,
        pos: npt.ArrayLike,
        lens: npt.ArrayLike,
        kind: npt.ArrayLike,
        reason: npt.ArrayLike,
        value: npt.ArrayLike,
        char_pos: npt.ArrayLike,
        char_lens: npt.ArrayLike,
        n_bytes: int,
        n_chars: int,
    ) -> SpanTable:
        """A table from events given as arrays (byte and character
        positions and lengths, in order, not overlapping): each event is a
        span, the gaps between them text. The text rows are built only when
        something reads a row (see :mod:`mojiscope.core.spans.rows`)."""
        block = EventRows(
            np.asarray(pos),
            np.asarray(lens),
            np.asarray(kind, np.uint8),
            np.asarray(reason, np.uint8),
            stored_values(value),
            np.asarray(char_pos),
            np.asarray(char_lens),
            n_bytes,
            n_chars,
        )
        return cls._from_parts([Part(block)], n_bytes, n_chars)

    def _init_parts(self, all_parts: list[Part]) -> None:
        kept = [
            (p, end)
            for p, end in zip(all_parts, self._merged_last_ends(all_parts), strict=True)
            if p.count > 0
        ]
        # A kept part remembers how far its last span runs, so that joining
        # this table again (which sees only the kept parts) keeps it.
        kept = [
            (
                p
                if end == p.natural_end
                else replace(p, end_override=(end[0] - p.byte_base, end[1] - p.char_base)),
                end,
            )
            for p, end in kept
        ]
        parts = [p for p, _ in kept]
        first = all_parts[0] if all_parts else None
        # Where an empty table stands (an empty decode still has a position).
        self._origin = first.start(0) if first is not None else (0, 0)
        self._parts = parts
        self._last_ends = [end for _, end in kept]
        counts = [p.count for p in parts]
        self._first_index = [0]
        for c in counts:
            self._first_index.append(self._first_index[-1] + c)
        starts = [p.start(p.skip) for p in parts]
        self._part_byte_starts = [b for b, _ in starts]
        self._part_char_starts = [c for _, c in starts]

    @staticmethod
    def _merged_last_ends(parts: list[Part]) -> list[tuple[int, int]]:
        """Absolute (byte, char) end of each part's last span, extended
        through the following parts whose first span continues it."""
        ends: list[tuple[int, int]] = [(0, 0)] * len(parts)
        for k in range(len(parts) - 1, -1, -1):
            p = parts[k]
            nxt = parts[k + 1] if k + 1 < len(parts) else None
            if nxt is not None and nxt.skip:
                if nxt.block.n_spans > 1:  # the run ends where its second span starts
                    ends[k] = nxt.start(1)
                else:
                    ends[k] = ends[k + 1]
            else:
                ends[k] = p.natural_end
        return ends

    @classmethod
    def _from_parts(cls, parts: list[Part], byte_end: int = 0, char_end: int = 0) -> SpanTable:
        if not any(p.count > 0 for p in parts):
            return cls.empty(byte_end, char_end)
        table = cls.__new__(cls)
        table._init_parts(parts)
        return table

    @classmethod
    def empty(cls, byte_offset: int = 0, char_offset: int = 0) -> SpanTable:
        """No spans, standing at the given offsets."""
        rows = Rows(
            np.zeros(0, np.uint8),
            np.zeros(0, np.uint8),
            np.zeros(1, np.int32),
            np.zeros(1, np.int32),
            np.zeros(0, np.uint32),
        )
        part = Part(rows, byte_offset, char_offset)
        table = cls.__new__(cls)
        table._init_parts([part])
        return table

    # -- sequence ----------------------------------------------------------------

    def __len__(self) -> int:
        return self._first_index[-1]

    @overload
    def __getitem__(self, index: int) -> Span: ...
    @overload
    def __getitem__(self, index: slice) -> SpanTable: ...
    def __getitem__(self, index: int | slice) -> Span | SpanTable:
        if isinstance(index, slice):
            return self._slice(index)
        n = len(self)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError("span index out of range")
        k = bisect.bisect_right(self._first_index, i) - 1
        p = self._parts[k]
        j = i - self._first_index[k] + p.skip
        if j == len(p.kinds) - 1:
            b1, c1 = self._last_ends[k]
        else:
            b1 = p.byte_base + int(p.byte_starts[j + 1])
            c1 = p.char_base + int(p.char_starts[j + 1])
        b0 = p.byte_base + int(p.byte_starts[j])
        c0 = p.char_base + int(p.char_starts[j])
        return make_span(int(p.kinds[j]), int(p.reasons[j]), b0, b1, c0, c1, int(p.values[j]))

    def _slice(self, index: slice) -> SpanTable:
        start, stop, step = index.indices(len(self))
        if step != 1:
            raise ValueError("span tables slice with step 1 only")
        stop = max(start, stop)
        return SpanTable(
            self.kinds[start:stop],
            self.reasons[start:stop],
            self.byte_starts[start : stop + 1],
            self.char_starts[start : stop + 1],
            self.values[start:stop],
        )

    def __iter__(self) -> Iterator[Span]:
        for k, p in enumerate(self._parts):
            step = 65536
            last = len(p.kinds) - 1
            for lo in range(p.skip, len(p.kinds), step):
                hi = min(lo + step, len(p.kinds))
                bs = (p.byte_starts[lo : hi + 1].astype(np.int64) + p.byte_base).tolist()
                cs = (p.char_starts[lo : hi + 1].astype(np.int64) + p.char_base).tolist()
                if hi - 1 == last:
                    bs[-1], cs[-1] = self._last_ends[k]
                kinds = p.kinds[lo:hi].tolist()
                reasons = p.reasons[lo:hi].tolist()
                values = p.values[lo:hi].tolist()
                for j in range(hi - lo):
                    yield make_span(
                        kinds[j], reasons[j], bs[j], bs[j + 1], cs[j], cs[j + 1], values[j]
                    )

    def span_list(self, start: int, stop: int) -> list[Span]:
        """The spans at indexes ``[start, stop)`` (clipped to the table), as
        a list: a view's few spans at once, without the table a slice makes
        (a slice of one span and its iteration cost ten times as much)."""
        start, stop = max(start, 0), min(stop, len(self))
        if stop <= start:
            return []
        bs = self.byte_starts[start : stop + 1].tolist()
        cs = self.char_starts[start : stop + 1].tolist()
        kinds = self.kinds[start:stop].tolist()
        reasons = self.reasons[start:stop].tolist()
        values = self.values[start:stop].tolist()
        return [
            make_span(kinds[j], reasons[j], bs[j], bs[j + 1], cs[j], cs[j + 1], values[j])
            for j in range(stop - start)
        ]

    def __repr__(self) -> str:
        return f"<SpanTable of {len(self)} spans, bytes {self.byte_start}..{self.byte_end}>"

    # -- whole-table facts -------------------------------------------------------

    @property
    def byte_start(self) -> int:
        return self._part_byte_starts[0] if self._parts else self._origin[0]

    @property
    def byte_end(self) -> int:
        return self._last_ends[-1][0] if self._parts else self._origin[0]

    @property
    def char_start(self) -> int:
        return self._part_char_starts[0] if self._parts else self._origin[1]

    @property
    def char_end(self) -> int:
        return self._last_ends[-1][1] if self._parts else self._origin[1]

    def shifted(self, byte_delta: int, char_delta: int) -> SpanTable:
        """The same spans with every offset moved by the given amounts."""
        if byte_delta == 0 and char_delta == 0:
            return self
        if not self._parts:
            b, c = self._origin
            return SpanTable.empty(b + byte_delta, c + char_delta)
        parts = [
            replace(p, byte_base=p.byte_base + byte_delta, char_base=p.char_base + char_delta)
            for p in self._parts
        ]
        table = SpanTable.__new__(SpanTable)
        table._init_parts(parts)
        return table

    # -- flat arrays, built on first use -----------------------------------------

    def _flat(self, name: str) -> np.ndarray:
        if not self._parts:
            return np.zeros(0, np.uint32 if name == "values" else np.uint8)
        if len(self._parts) == 1:
            p = self._parts[0]
            array: np.ndarray = getattr(p, name)
            return array[p.skip :]
        return np.concatenate([getattr(p, name)[p.skip :] for p in self._parts])

    @cached_property
    def kinds(self) -> CodeArray:
        return self._flat("kinds")

    @cached_property
    def reasons(self) -> CodeArray:
        return self._flat("reasons")

    @cached_property
    def values(self) -> npt.NDArray[np.int64]:
        """Values as int64, :data:`NO_VALUE` where there is none."""
        values: npt.NDArray[np.int64] = self._flat("values").astype(np.int64)
        return values

    @cached_property
    def byte_starts(self) -> npt.NDArray[np.int64]:
        """Absolute byte starts, plus the end of the last span."""
        return self._absolute("byte_starts", "byte_base", self.byte_end)

    @cached_property
    def char_starts(self) -> npt.NDArray[np.int64]:
        return self._absolute("char_starts", "char_base", self.char_end)

    def _absolute(self, name: str, base: str, end: int) -> npt.NDArray[np.int64]:
        pieces: list[np.ndarray] = [
            getattr(p, name)[p.skip : -1].astype(np.int64) + getattr(p, base) for p in self._parts
        ]
        pieces.append(np.array([end], np.int64))
        return np.concatenate(pieces)

    # -- lookups -------------------------------------------------------------------

    def index_at_byte(self, offset: int) -> int:
        """Index of the span holding byte ``offset`` (clamped to the table)."""
        k = max(bisect.bisect_right(self._part_byte_starts, offset) - 1, 0)
        p = self._parts[k]
        local = int(np.searchsorted(p.byte_starts[:-1], offset - p.byte_base, side="right")) - 1
        i = self._first_index[k] + max(local - p.skip, 0)
        return min(max(i, 0), len(self) - 1)

    def index_at_char(self, offset: int) -> int:
        """Index of the span holding character ``offset``; among spans that
        hold no character (per-run policy), the last one starting there."""
        k = max(bisect.bisect_right(self._part_char_starts, offset) - 1, 0)
        p = self._parts[k]
        local = int(np.searchsorted(p.char_starts[:-1], offset - p.char_base, side="right")) - 1
        i = self._first_index[k] + max(local - p.skip, 0)
        return min(max(i, 0), len(self) - 1)

    def first_error(self, error_codes: Sequence[int]) -> int | None:
        """Index of the first span whose kind code is in ``error_codes``."""
        codes = np.asarray(error_codes, np.uint8)
        for k, p in enumerate(self._parts):
            hits = np.flatnonzero(np.isin(p.kinds[p.skip :], codes))
            if len(hits):
                return self._first_index[k] + int(hits[0])
        return None

    def first_with_reason(self, reason_codes: Sequence[int]) -> int | None:
        """Index of the first span whose reason code is in ``reason_codes``."""
        codes = np.asarray(reason_codes, np.uint8)
        for k, p in enumerate(self._parts):
            hits = np.flatnonzero(np.isin(p.reasons[p.skip :], codes))
            if len(hits):
                return self._first_index[k] + int(hits[0])
        return None


def join(tables: Sequence[SpanTable]) -> SpanTable:
    """Concatenate tables that follow each other (each starts where the
    previous ends), merging a ``text`` span across each seam. No per-span
    data is copied."""
    parts: list[Part] = []
    for t in tables:
        if not len(t):
            continue
        for i, p in enumerate(t._parts):
            if i == 0 and parts:
                prev = parts[-1]
                continues = (
                    prev.block.kind_of(-1) == TEXT_CODE and p.block.kind_of(p.skip) == TEXT_CODE
                )
                p = replace(p, skip=p.skip + (1 if continues else 0))
            parts.append(p)
    if not parts:
        return SpanTable.empty()
    return SpanTable._from_parts(parts)
