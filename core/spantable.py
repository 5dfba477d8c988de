"""Compact storage for spans: parallel numpy arrays, no object per span.

A file of random bytes yields millions of spans; holding a Python object for
each would cost ~150 bytes apiece. A :class:`SpanTable` keeps five arrays
(kind and reason codes, byte and char starts, values) and builds a
:class:`~mojiscope.core.spans.Span` only when one is asked for.

Tables are built per block by the codecs (relative offsets), then shifted and
joined by the block driver. :func:`join` merges a ``text`` span that ends one
block with a ``text`` span that starts the next, so decoding in pieces gives
exactly the spans of decoding at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np
import numpy.typing as npt

from mojiscope.core.spans import (
    KIND_CODE,
    KIND_CODES,
    REASON_CODE,
    REASON_CODES,
    Reason,
    Span,
    SpanKind,
)

NO_VALUE = -1
TEXT_CODE = KIND_CODE[SpanKind.TEXT]

IntArray = npt.NDArray[np.int64]
CodeArray = npt.NDArray[np.uint8]


class SpanTable(Sequence[Span]):
    """An immutable sequence of spans stored as arrays.

    ``byte_starts`` and ``char_starts`` have one more element than there are
    spans: the last is the end of the final span, so span ``i`` covers
    ``byte_starts[i]:byte_starts[i + 1]``.
    """

    __slots__ = ("kinds", "reasons", "byte_starts", "char_starts", "values")

    def __init__(
        self,
        kinds: CodeArray,
        reasons: CodeArray,
        byte_starts: IntArray,
        char_starts: IntArray,
        values: IntArray,
    ) -> None:
        n = len(kinds)
        if not (len(reasons) == len(values) == n and len(byte_starts) == len(char_starts) == n + 1):
            raise ValueError("span arrays disagree in length")
        self.kinds = kinds
        self.reasons = reasons
        self.byte_starts = byte_starts
        self.char_starts = char_starts
        self.values = values

    @classmethod
    def empty(cls, byte_offset: int = 0, char_offset: int = 0) -> SpanTable:
        return cls(
            np.zeros(0, np.uint8),
            np.zeros(0, np.uint8),
            np.array([byte_offset], np.int64),
            np.array([char_offset], np.int64),
            np.zeros(0, np.int64),
        )

    def __len__(self) -> int:
        return len(self.kinds)

    @overload
    def __getitem__(self, index: int) -> Span: ...
    @overload
    def __getitem__(self, index: slice) -> SpanTable: ...
    def __getitem__(self, index: int | slice) -> Span | SpanTable:
        if isinstance(index, slice):
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
        n = len(self)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError("span index out of range")
        return self._span(
            int(self.kinds[i]),
            int(self.reasons[i]),
            int(self.byte_starts[i]),
            int(self.byte_starts[i + 1]),
            int(self.char_starts[i]),
            int(self.char_starts[i + 1]),
            int(self.values[i]),
        )

    @staticmethod
    def _span(kind: int, reason: int, b0: int, b1: int, c0: int, c1: int, value: int) -> Span:
        return Span(
            KIND_CODES[kind],
            b0,
            b1,
            c0,
            c1,
            REASON_CODES[reason],
            None if value == NO_VALUE else value,
        )

    def __iter__(self) -> Iterator[Span]:
        step = 65536
        for lo in range(0, len(self), step):
            hi = min(lo + step, len(self))
            bs = self.byte_starts[lo : hi + 1].tolist()
            cs = self.char_starts[lo : hi + 1].tolist()
            for j, (k, r, v) in enumerate(
                zip(
                    self.kinds[lo:hi].tolist(),
                    self.reasons[lo:hi].tolist(),
                    self.values[lo:hi].tolist(),
                    strict=True,
                )
            ):
                yield self._span(k, r, bs[j], bs[j + 1], cs[j], cs[j + 1], v)

    def __repr__(self) -> str:
        return f"<SpanTable of {len(self)} spans, bytes {self.byte_start}..{self.byte_end}>"

    @property
    def byte_start(self) -> int:
        return int(self.byte_starts[0])

    @property
    def byte_end(self) -> int:
        return int(self.byte_starts[-1])

    @property
    def char_start(self) -> int:
        return int(self.char_starts[0])

    @property
    def char_end(self) -> int:
        return int(self.char_starts[-1])

    def shifted(self, byte_delta: int, char_delta: int) -> SpanTable:
        """The same spans with every offset moved by the given amounts."""
        if byte_delta == 0 and char_delta == 0:
            return self
        return SpanTable(
            self.kinds,
            self.reasons,
            self.byte_starts + byte_delta,
            self.char_starts + char_delta,
            self.values,
        )

    def index_at_byte(self, offset: int) -> int:
        """Index of the span holding byte ``offset`` (clamped to the table)."""
        i = int(np.searchsorted(self.byte_starts, offset, side="right")) - 1
        return min(max(i, 0), len(self) - 1)

    def index_at_char(self, offset: int) -> int:
        """Index of the span holding character ``offset``; an empty span (no
        characters) is never returned unless every span is empty."""
        i = int(np.searchsorted(self.char_starts, offset, side="right")) - 1
        return min(max(i, 0), len(self) - 1)

    def first_error(self, error_codes: Sequence[int]) -> int | None:
        """Index of the first span whose kind code is in ``error_codes``."""
        hits = np.flatnonzero(np.isin(self.kinds, np.asarray(error_codes, np.uint8)))
        return int(hits[0]) if len(hits) else None


class SpanListBuilder:
    """Collects spans one at a time into Python lists (for codecs whose events
    are few), then freezes them into a :class:`SpanTable`.

    Appending a ``text`` span right after another ``text`` span extends it.
    Offsets are relative to the block being built.
    """

    __slots__ = ("kinds", "reasons", "byte_starts", "char_starts", "values", "byte_pos", "char_pos")

    def __init__(self) -> None:
        self.kinds: list[int] = []
        self.reasons: list[int] = []
        self.byte_starts: list[int] = []
        self.char_starts: list[int] = []
        self.values: list[int] = []
        self.byte_pos = 0
        self.char_pos = 0

    def add(
        self,
        kind: SpanKind,
        byte_len: int,
        char_len: int,
        reason: Reason | None = None,
        value: int | None = None,
    ) -> None:
        """Append a span covering the next ``byte_len`` bytes and ``char_len`` chars."""
        code = KIND_CODE[kind]
        if byte_len == 0 and char_len == 0:
            return
        if code == TEXT_CODE and self.kinds and self.kinds[-1] == TEXT_CODE:
            pass  # extend the previous text run: only the end moves
        else:
            self.kinds.append(code)
            self.reasons.append(REASON_CODE[reason])
            self.byte_starts.append(self.byte_pos)
            self.char_starts.append(self.char_pos)
            self.values.append(NO_VALUE if value is None else value)
        self.byte_pos += byte_len
        self.char_pos += char_len

    def add_text(self, byte_len: int, char_len: int) -> None:
        self.add(SpanKind.TEXT, byte_len, char_len)

    def build(self) -> SpanTable:
        return SpanTable(
            np.array(self.kinds, np.uint8),
            np.array(self.reasons, np.uint8),
            np.array([*self.byte_starts, self.byte_pos], np.int64),
            np.array([*self.char_starts, self.char_pos], np.int64),
            np.array(self.values, np.int64),
        )


def join(tables: Sequence[SpanTable]) -> SpanTable:
    """Concatenate tables that follow each other (each starts where the
    previous ends), merging a ``text`` span across each seam."""
    tables = [t for t in tables if len(t)]
    if not tables:
        return SpanTable.empty()
    if len(tables) == 1:
        return tables[0]
    kinds, reasons, bstarts, cstarts, values = [], [], [], [], []
    previous_ends_in_text = False
    for t in tables:
        skip = 1 if previous_ends_in_text and t.kinds[0] == TEXT_CODE else 0
        kinds.append(t.kinds[skip:])
        reasons.append(t.reasons[skip:])
        bstarts.append(t.byte_starts[skip:-1])
        cstarts.append(t.char_starts[skip:-1])
        values.append(t.values[skip:])
        previous_ends_in_text = bool(t.kinds[-1] == TEXT_CODE)
    last = tables[-1]
    bstarts.append(last.byte_starts[-1:])
    cstarts.append(last.char_starts[-1:])
    return SpanTable(
        np.concatenate(kinds),
        np.concatenate(reasons),
        np.concatenate(bstarts),
        np.concatenate(cstarts),
        np.concatenate(values),
    )


def reason_code(reason: Reason | None) -> int:
    return REASON_CODE[reason]
