"""Characters of a decoded window, each with the bytes that encode it.

The views draw a character across the byte cells that encode it, so they need,
for a byte range, "which characters, and which bytes each". Core answers that
per span with :meth:`Decoding.char_byte_offsets`, which measures a whole text
run. A 64 KiB window is often one run, and measuring all of it on every
scroll would cost milliseconds per format, so this module measures a long run
in chunks once (the byte length of each chunk of characters, by encoding it:
``format.encode(chars) == bytes`` holds for a text run, FORMATS.md) and then
measures only the chunks a view looks at.
"""

from __future__ import annotations

import bisect
import weakref
from typing import NamedTuple

from mojiscope.core import Decoding, Span, SpanKind

#: Characters per measured chunk of a long run.
CHUNK_CHARS = 1024

_MEASURED_KINDS = (SpanKind.TEXT, SpanKind.WARNING, SpanKind.SIGNATURE)


class Cell(NamedTuple):
    """One character (or, under the per-run policy, a span with no character)
    and the bytes ``[byte_start, byte_end)`` that encode it.

    ``char_index`` is the offset of ``text`` in ``decoding.text``.
    """

    byte_start: int
    byte_end: int
    text: str
    span: Span
    decoding: Decoding
    char_index: int

    @property
    def kind(self) -> SpanKind:
        return self.span.kind


class _RunIndex:
    """Byte offset of every ``CHUNK_CHARS``-th character of one long run."""

    def __init__(self, decoding: Decoding, span: Span) -> None:
        fmt = decoding.format
        base = decoding.spans.char_start
        starts = [span.byte_start]
        for c0 in range(span.char_start, span.char_end, CHUNK_CHARS):
            c1 = min(c0 + CHUNK_CHARS, span.char_end)
            chunk = decoding.text[c0 - base : c1 - base]
            starts.append(starts[-1] + len(fmt.encode(chunk, "replace")))
        self.exact = starts[-1] == span.byte_end
        self.chunk_byte_starts = starts

    def offsets(self, decoding: Decoding, span: Span, lo: int, hi: int) -> tuple[int, list[int]]:
        """(first character's index in the span, byte offsets of the characters
        overlapping ``[lo, hi)`` plus the end of the last)."""
        starts = self.chunk_byte_starts
        first = max(bisect.bisect_right(starts, lo) - 1, 0)
        last = min(bisect.bisect_left(starts, hi), len(starts) - 1)
        fmt = decoding.format
        base = decoding.spans.char_start
        c0 = span.char_start + first * CHUNK_CHARS
        c1 = min(span.char_start + last * CHUNK_CHARS, span.char_end)
        offsets = [starts[first]]
        for length in fmt.char_byte_lengths(decoding.text[c0 - base : c1 - base]):
            offsets.append(offsets[-1] + length)
        return first * CHUNK_CHARS, offsets


_run_indexes: weakref.WeakKeyDictionary[Decoding, dict[int, _RunIndex]] = (
    weakref.WeakKeyDictionary()
)


def char_offsets(decoding: Decoding, span: Span, lo: int, hi: int) -> tuple[int, list[int]]:
    """Like ``char_byte_offsets`` but only for the characters overlapping ``[lo, hi)``."""
    n_chars = span.char_end - span.char_start
    n_bytes = span.byte_end - span.byte_start
    if n_chars == n_bytes:
        first = max(lo, span.byte_start) - span.byte_start
        last = min(hi, span.byte_end) - span.byte_start
        return first, list(range(span.byte_start + first, span.byte_start + last + 1))
    if n_chars <= 2 * CHUNK_CHARS or span.kind not in _MEASURED_KINDS:
        return 0, decoding.char_byte_offsets(span)
    by_span = _run_indexes.setdefault(decoding, {})
    index = by_span.get(span.byte_start)
    if index is None:
        index = by_span[span.byte_start] = _RunIndex(decoding, span)
    if not index.exact:
        return 0, decoding.char_byte_offsets(span)
    return index.offsets(decoding, span, lo, hi)


def cells_between(decoding: Decoding, lo: int, hi: int) -> list[Cell]:
    """The cells of ``decoding`` that overlap bytes ``[lo, hi)``, in order."""
    spans = decoding.spans
    if not len(spans) or hi <= lo:
        return []
    lo = max(lo, decoding.byte_start)
    hi = min(hi, decoding.byte_end)
    if hi <= lo:
        return []
    i = spans.index_at_byte(lo)
    j = spans.index_at_byte(hi - 1)
    text = decoding.text
    base = spans.char_start
    cells: list[Cell] = []
    for index in range(i, j + 1):
        span = spans[index]
        if span.byte_start == span.byte_end:
            continue
        if span.char_start == span.char_end:
            cells.append(Cell(span.byte_start, span.byte_end, "", span, decoding, span.char_start))
            continue
        first, offsets = char_offsets(decoding, span, lo, hi)
        c = span.char_start + first
        for k in range(len(offsets) - 1):
            b0, b1 = offsets[k], offsets[k + 1]
            if b1 > lo and b0 < hi and b1 > b0:
                cells.append(Cell(b0, b1, text[c + k - base], span, decoding, c + k))
    return cells
