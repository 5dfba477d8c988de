"""Byte <-> character maps inside the spans of a decoding, for any byte range.

:meth:`Decoding.char_byte_offsets` maps a whole span at once, measuring a
text run by re-encoding it (exact, because ``format.encode(chars) == bytes``
holds for a text run, FORMATS.md). A view asks for a few rows of bytes at a
time, though, and a 64 KiB window is often one run: measuring all of it on
every scroll would cost milliseconds per format. So a long run is measured
once in chunks of :data:`CHUNK_CHARS` characters (a :class:`RunMap`: the
byte offset of every chunk), kept with its decoding, and afterwards only the
chunks a range touches are measured character by character.

Where re-encoding a chunk does not give back the run's bytes (a code page
whose decode does not round-trip), the map is not trusted and the whole span
is measured by :meth:`Decoding.char_byte_offsets` instead.
"""

from __future__ import annotations

import bisect
from itertools import accumulate

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.spans.event import Span, SpanKind

#: Characters per measured chunk of a long run.
CHUNK_CHARS = 1024

#: Kinds whose characters are measured by re-encoding them.
_MEASURED_KINDS = (SpanKind.TEXT, SpanKind.WARNING, SpanKind.SIGNATURE)


class RunMap:
    """The byte offset of every :data:`CHUNK_CHARS`-th character of one run."""

    def __init__(self, decoding: Decoding, span: Span) -> None:
        fmt = decoding.format
        base = decoding.spans.char_start
        starts = [span.byte_start]
        for c0 in range(span.char_start, span.char_end, CHUNK_CHARS):
            c1 = min(c0 + CHUNK_CHARS, span.char_end)
            chunk = decoding.text[c0 - base : c1 - base]
            starts.append(starts[-1] + len(fmt.encode(chunk, "replace")))
        #: True when the chunks re-encode to exactly the run's bytes.
        self.exact = starts[-1] == span.byte_end
        self.chunk_byte_starts = starts

    def offsets(self, decoding: Decoding, span: Span, lo: int, hi: int) -> tuple[int, list[int]]:
        """(index in the span of the first character overlapping ``[lo, hi)``,
        byte offsets of the characters overlapping it plus the end of the last)."""
        starts = self.chunk_byte_starts
        first = max(bisect.bisect_right(starts, lo) - 1, 0)
        last = min(bisect.bisect_left(starts, hi), len(starts) - 1)
        base = decoding.spans.char_start
        c0 = span.char_start + first * CHUNK_CHARS
        c1 = min(span.char_start + last * CHUNK_CHARS, span.char_end)
        lengths = decoding.format.char_byte_lengths(decoding.text[c0 - base : c1 - base])
        return first * CHUNK_CHARS, list(accumulate(lengths, initial=starts[first]))


def char_offsets(decoding: Decoding, span: Span, lo: int, hi: int) -> tuple[int, list[int]]:
    """Like :meth:`Decoding.char_byte_offsets`, but only for the characters of
    ``span`` that overlap bytes ``[lo, hi)``: returns the index in the span of
    the first character given and the byte offset of each character given,
    plus the end of the last. It may give more characters than overlap the
    range (a whole span, or whole chunks), never fewer."""
    n_chars = span.char_end - span.char_start
    if decoding.one_byte_a_char(span):
        first = max(lo, span.byte_start) - span.byte_start
        last = min(hi, span.byte_end) - span.byte_start
        return first, list(range(span.byte_start + first, span.byte_start + last + 1))
    if n_chars <= 2 * CHUNK_CHARS or span.kind not in _MEASURED_KINDS:
        return 0, decoding.char_byte_offsets(span)
    run_map = decoding.run_maps.get(span.byte_start)
    if run_map is None:
        run_map = decoding.run_maps[span.byte_start] = RunMap(decoding, span)
    if not run_map.exact:
        return 0, decoding.char_byte_offsets(span)
    return run_map.offsets(decoding, span, lo, hi)


def byte_of_char(decoding: Decoding, offset: int) -> int:
    """The byte where character ``offset`` of ``decoding`` starts (as
    :meth:`Decoding.bytes_of_char` says), measuring only the chunk of a long
    run that holds it (the run's :class:`RunMap`, kept with the decoding)."""
    span = decoding.span_at_char(offset)
    index = min(max(offset - span.char_start, 0), max(span.char_end - span.char_start - 1, 0))
    if decoding.one_byte_a_char(span):
        return span.byte_start + index
    if span.char_end - span.char_start <= 2 * CHUNK_CHARS or span.kind not in _MEASURED_KINDS:
        return decoding.bytes_of_char(offset)[0]
    run_map = decoding.run_maps.get(span.byte_start)
    if run_map is None:
        run_map = decoding.run_maps[span.byte_start] = RunMap(decoding, span)
    if not run_map.exact:
        return decoding.bytes_of_char(offset)[0]
    chunk = index // CHUNK_CHARS
    base = decoding.spans.char_start
    first = span.char_start + chunk * CHUNK_CHARS
    before = decoding.text[first - base : span.char_start + index - base]
    return run_map.chunk_byte_starts[chunk] + sum(decoding.format.char_byte_lengths(before))
