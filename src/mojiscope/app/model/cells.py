"""Characters of a decoded window, each with the bytes that encode it.

The views draw a character across the byte cells that encode it, so they need,
for a byte range, "which characters, and which bytes each". Core answers
that (:func:`mojiscope.core.spans.charmap.char_offsets`, which maps only the part
of a long run a view looks at); this module turns its answer into cells.
"""

from __future__ import annotations

from typing import NamedTuple

from mojiscope.core import Decoding, Reason, Span, SpanKind
from mojiscope.core.spans.charmap import char_offsets


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
    for span in spans.span_list(i, j + 1):
        if span.byte_start == span.byte_end:
            continue
        if span.char_start == span.char_end:
            cells.append(Cell(span.byte_start, span.byte_end, "", span, decoding, span.char_start))
            continue
        if span.reason == Reason.MAGIC_NUMBER:  # one signature, as a BOM is one character
            chars = text[span.char_start - base : span.char_end - base]
            cells.append(
                Cell(span.byte_start, span.byte_end, chars, span, decoding, span.char_start)
            )
            continue
        first, offsets = char_offsets(decoding, span, lo, hi)
        c = span.char_start + first
        for k in range(len(offsets) - 1):
            b0, b1 = offsets[k], offsets[k + 1]
            if b1 > lo and b0 < hi and b1 > b0:
                cells.append(Cell(b0, b1, text[c + k - base], span, decoding, c + k))
    return cells
