"""Where a character position falls in bytes, inside a table of spans.

A conversion reports each loss with byte offsets on both sides; a loss can
sit inside a long ``text`` span (an unencodable character in the middle of a
run), so its offset is measured: a text span re-encodes to its bytes, so the
byte length of the characters before the position, in the span's format, is
the distance from the span's start. :class:`Measure` measures in one format,
in C where the format's text encodes as a CPython codec does;
:func:`byte_offsets` maps many positions at once with array operations.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.format import Format
from mojiscope.core.spans.event import KIND_CODE
from mojiscope.core.spans.event import SpanKind as K
from mojiscope.core.spans.table import SpanTable

IntArray = npt.NDArray[np.int64]

_TEXT = KIND_CODE[K.TEXT]

#: Above this many measured positions per character, measure every character.
_DENSE = 1 / 32


#: Formats whose ``text`` spans encode exactly as a CPython codec encodes their
#: characters strictly, so a length can be measured in C. What these formats
#: write differently (UTF-8b's escapes, WTF-8's and WTF-16's lone surrogates)
#: is a surrogate, which the strict codec refuses: the format measures those.
#: (Not XTF-8: it writes U+EF80..U+EFFF as one byte, and CPython as three.)
_CPYTHON_TWIN = {
    "utf-8": "utf-8",
    "utf-8b": "utf-8",
    "wtf-8": "utf-8",
    "utf-16le": "utf-16-le",
    "utf-16be": "utf-16-be",
    "wtf-16le": "utf-16-le",
    "wtf-16be": "utf-16-be",
}


class Measure:
    """Byte lengths of well-formed text in one format, fast for long pieces."""

    def __init__(self, fmt: Format) -> None:
        self.fmt = fmt
        self.twin = _CPYTHON_TWIN.get(fmt.id)

    def length(self, chars: str) -> int:
        """The byte length of ``chars``, characters of one ``text`` span."""
        if self.twin is not None:
            try:
                return len(chars.encode(self.twin))
            except UnicodeEncodeError:
                pass
        if len(chars) > 64:
            return len(self.fmt.encode_spans(chars).data)
        return sum(self.fmt.char_byte_lengths(chars))

    def cumulative(self, text: str) -> IntArray:
        lengths = np.asarray(self.fmt.char_byte_lengths(text), np.int64)
        return np.concatenate((np.zeros(1, np.int64), np.cumsum(lengths)))


def byte_offsets(
    table: SpanTable, text: str, char0: int, positions: IntArray, measure: Measure
) -> IntArray:
    """The byte offset where each character position starts, under ``table``.

    ``text[0]`` is character ``char0`` and ``table`` covers ``text``;
    ``positions`` are absolute, in any order. Inside a ``text`` span the offset
    is measured by the span's format (a text span re-encodes to its bytes);
    inside another span it is one byte per character when the counts agree,
    else shared evenly (spans of that shape hold one unit each).
    """
    order = np.argsort(positions, kind="stable")
    out = np.empty(len(positions), np.int64)
    out[order] = _sorted_byte_offsets(table, text, char0, positions[order], measure)
    return out


def _sorted_byte_offsets(
    table: SpanTable, text: str, char0: int, positions: IntArray, measure: Measure
) -> IntArray:
    out = np.zeros(len(positions), np.int64)
    if not len(positions) or not len(table):
        return out + table.byte_start
    cs, bs = table.char_starts, table.byte_starts
    idx = np.clip(np.searchsorted(cs, positions, side="right") - 1, 0, len(table) - 1)
    c0, c1, b0, b1 = cs[idx], cs[idx + 1], bs[idx], bs[idx + 1]
    out[:] = np.where(positions >= c1, b1, b0)
    inside = (positions > c0) & (positions < c1)
    if not inside.any():
        return out
    one_to_one = inside & ((b1 - b0) == (c1 - c0))
    out[one_to_one] = (b0 + positions - c0)[one_to_one]
    measured = inside & ~one_to_one & (table.kinds[idx] == _TEXT)
    shared = inside & ~one_to_one & ~measured
    out[shared] = (b0 + ((b1 - b0) * (positions - c0)) // np.maximum(c1 - c0, 1))[shared]
    which = np.flatnonzero(measured)
    if len(which) > len(text) * _DENSE:
        cum = measure.cumulative(text)
        rel = positions[which] - char0
        out[which] = b0[which] + cum[rel] - cum[c0[which] - char0]
    else:
        _measure_each(out, which, idx, positions, c0, b0, text, char0, measure)
    return out


def _measure_each(
    out: IntArray,
    which: IntArray,
    idx: IntArray,
    positions: IntArray,
    c0: IntArray,
    b0: IntArray,
    text: str,
    char0: int,
    measure: Measure,
) -> None:
    """Measure positions one by one, each from the previous one in its span."""
    previous_span, previous_pos, offset = -1, 0, 0
    for j in which.tolist():
        span, pos = int(idx[j]), int(positions[j])
        if span != previous_span:
            previous_pos, offset = int(c0[j]), int(b0[j])
        offset += measure.length(text[previous_pos - char0 : pos - char0])
        out[j] = offset
        previous_span, previous_pos = span, pos
