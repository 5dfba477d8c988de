"""Spans collected one at a time, then made a :class:`SpanTable`.

For codecs whose events are few (legacy code pages, the mojibake readings,
encoders): appending to Python lists and converting once beats growing
arrays. The table is made by :meth:`SpanTable.from_events`, the one way
spans are built.
"""

from __future__ import annotations

import numpy as np

from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spans.rows import NO_VALUE, TEXT_CODE
from mojiscope.core.spans.table import SpanTable

__all__ = ["SpanListBuilder"]


class SpanListBuilder:
    """Collects spans one at a time (for codecs whose events are few), then
    makes them a :class:`SpanTable` with :meth:`SpanTable.from_events`, the
    one way spans are built: only the spans that are not ``text`` are kept,
    and the ``text`` runs are the gaps between them. Offsets are relative
    to the block being built."""

    __slots__ = (
        "byte_lens",
        "byte_pos",
        "byte_starts",
        "char_lens",
        "char_pos",
        "char_starts",
        "kinds",
        "reasons",
        "values",
    )

    def __init__(self) -> None:
        self.kinds: list[int] = []
        self.reasons: list[int] = []
        self.byte_starts: list[int] = []
        self.byte_lens: list[int] = []
        self.char_starts: list[int] = []
        self.char_lens: list[int] = []
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
        if code != TEXT_CODE:
            self.kinds.append(code)
            self.reasons.append(REASON_CODE[reason])
            self.byte_starts.append(self.byte_pos)
            self.byte_lens.append(byte_len)
            self.char_starts.append(self.char_pos)
            self.char_lens.append(char_len)
            self.values.append(NO_VALUE if value is None else value)
        elif byte_len == 0:
            raise ValueError("a text span holds at least one byte")
        self.byte_pos += byte_len
        self.char_pos += char_len

    def add_text(self, byte_len: int, char_len: int) -> None:
        self.add(SpanKind.TEXT, byte_len, char_len)

    def build(self) -> SpanTable:
        return SpanTable.from_events(
            np.array(self.byte_starts, np.int64),
            np.array(self.byte_lens, np.int64),
            np.array(self.kinds, np.uint8),
            np.array(self.reasons, np.uint8),
            np.array(self.values, np.int64),
            np.array(self.char_starts, np.int64),
            np.array(self.char_lens, np.int64),
            self.byte_pos,
            self.char_pos,
        )
