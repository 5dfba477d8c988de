"""Runs of characters that take the same number of bytes each: what the grid lays out.

The grid does not need an object per character: a stretch of ASCII, of zero
bytes or of two-byte Greek letters can be laid out and drawn as one piece per
row, as long as every character in it takes the same number of bytes. A
:class:`Segment` is such a run inside one span: ``width`` bytes per
character (0 for a span that holds no character, as under the per-run
policy). :func:`segments_between` cuts a decoded window into segments;
neighbouring one-byte spans of the same kind and reason are joined when the
kind's cue has no border (so a page of NUL warnings is one segment, while
each XTF-8 escape keeps its own dotted box).
"""

from __future__ import annotations

from typing import NamedTuple

from mojiscope.app.model.borders import BORDERED_KINDS
from mojiscope.core import Decoding, Reason, Span
from mojiscope.core.charmap import char_offsets


class Segment(NamedTuple):
    """Characters ``text``, each ``width`` bytes, over bytes ``[byte_start, byte_end)``."""

    byte_start: int
    byte_end: int
    text: str
    width: int
    span: Span


def segments_between(decoding: Decoding, lo: int, hi: int) -> list[Segment]:
    """Segments of ``decoding`` covering the characters that overlap ``[lo, hi)``.

    Neighbouring spans of one byte a character are gathered into one run as
    they come (:class:`_OneByteRun`): dense damage is hundreds of one-byte
    spans a screen, and a segment made and remade for each cost most of a
    layout."""
    spans = decoding.spans
    lo = max(lo, decoding.byte_start)
    hi = min(hi, decoding.byte_end)
    if not len(spans) or hi <= lo:
        return []
    first = spans.index_at_byte(lo)
    last = spans.index_at_byte(hi - 1)
    out: list[Segment] = []
    run = _OneByteRun(out)
    text, base = decoding.text, spans.char_start
    for span in spans.span_list(first, last + 1):
        n_bytes = span.byte_end - span.byte_start
        if (
            n_bytes
            and span.char_end - span.char_start == n_bytes
            and span.reason != Reason.MAGIC_NUMBER
            and decoding.one_byte_a_char(span)
        ):
            a, b = max(lo, span.byte_start), min(hi, span.byte_end)
            c = span.char_start - base + (a - span.byte_start)
            run.add(a, b, text[c : c + (b - a)], span)
        else:
            run.flush()
            _add_span(out, decoding, span, lo, hi)
    run.flush()
    return out


class _OneByteRun:
    """Characters of neighbouring one-byte-a-character spans of one kind and
    reason (kinds drawn without a border), gathered, then appended to ``out``
    as one segment (joined to the segment before it when that one continues
    the run, as :func:`_append_one_byte_run` does)."""

    def __init__(self, out: list[Segment]) -> None:
        self.out = out
        self.span: Span | None = None
        self.start = self.end = 0
        self.chars: list[str] = []

    def add(self, a: int, b: int, chars: str, span: Span) -> None:
        run = self.span
        if (
            run is not None
            and self.end == a
            and run.kind == span.kind
            and run.reason == span.reason
            and span.kind not in BORDERED_KINDS
        ):
            self.chars.append(chars)
            self.end = b
            return
        self.flush()
        self.span, self.start, self.end, self.chars = span, a, b, [chars]

    def flush(self) -> None:
        if self.span is not None:
            segment = Segment(self.start, self.end, "".join(self.chars), 1, self.span)
            _append_one_byte_run(self.out, segment)
            self.span = None


def _add_span(out: list[Segment], decoding: Decoding, span: Span, lo: int, hi: int) -> None:
    n_bytes = span.byte_end - span.byte_start
    n_chars = span.char_end - span.char_start
    base = decoding.spans.char_start
    text = decoding.text
    if n_bytes == 0:
        return
    if n_chars == 0:
        out.append(Segment(span.byte_start, span.byte_end, "", 0, span))
    elif span.reason == Reason.MAGIC_NUMBER:  # one label over its 8 bytes, like a BOM
        out.append(
            Segment(span.byte_start, span.byte_end, text[span.char_start - base], n_bytes, span)
        )
    elif decoding.one_byte_a_char(span):
        a, b = max(lo, span.byte_start), min(hi, span.byte_end)
        c = span.char_start - base + (a - span.byte_start)
        _append_one_byte_run(out, Segment(a, b, text[c : c + (b - a)], 1, span))
    elif n_chars == 1:
        out.append(
            Segment(span.byte_start, span.byte_end, text[span.char_start - base], n_bytes, span)
        )
    else:
        skipped, offsets = char_offsets(decoding, span, lo, hi)
        c = span.char_start - base + skipped
        _add_equal_width_runs(out, span, offsets, text[c : c + len(offsets) - 1], lo, hi)


def _append_one_byte_run(out: list[Segment], segment: Segment) -> None:
    """Append, joining the previous one-byte run of the same kind and reason."""
    if out:
        previous = out[-1]
        span, other = segment.span, previous.span
        if (
            previous.width == 1
            and previous.byte_end == segment.byte_start
            and other.kind == span.kind
            and other.reason == span.reason
            and span.kind not in BORDERED_KINDS
        ):
            out[-1] = previous._replace(
                byte_end=segment.byte_end, text=previous.text + segment.text
            )
            return
    out.append(segment)


def _add_equal_width_runs(
    out: list[Segment], span: Span, offsets: list[int], chars: str, lo: int, hi: int
) -> None:
    """Split characters (``offsets[k]..offsets[k+1]`` each) into runs of equal
    byte length, keeping only the characters that overlap ``[lo, hi)``."""
    k = 0
    n = len(chars)
    while k < n and offsets[k + 1] <= lo:
        k += 1
    while k < n and offsets[k] < hi:
        width = offsets[k + 1] - offsets[k]
        m = k + 1
        while m < n and offsets[m] < hi and offsets[m + 1] - offsets[m] == width:
            m += 1
        out.append(Segment(offsets[k], offsets[m], chars[k:m], width, span))
        k = m


def join_windows(parts: list[list[Segment]]) -> list[Segment]:
    """Concatenate the segments of consecutive windows, dropping characters a
    window repeats from the one before (windows overlap by a few bytes)."""
    out: list[Segment] = []
    for part in parts:
        for segment in part:
            if out and segment.byte_start < out[-1].byte_end:
                end = out[-1].byte_end
                if segment.byte_end <= end or not segment.width:
                    continue
                skip = end - segment.byte_start
                if skip % segment.width:
                    continue
                segment = segment._replace(
                    byte_start=end, text=segment.text[skip // segment.width :]
                )
            out.append(segment)
    return out
