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

from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from mojiscope.app.model.borders import BORDERED_KINDS
from mojiscope.core import Decoding, Reason, Span
from mojiscope.core.spans.charmap import char_offsets
from mojiscope.core.spans.event import KIND_CODE, KIND_CODES, REASON_CODE, SpanKind
from mojiscope.core.spans.rows import make_span

_TEXT_CODE = KIND_CODE[SpanKind.TEXT]
_MAGIC_CODE = REASON_CODE[Reason.MAGIC_NUMBER]
_BORDERED = np.array([kind in BORDERED_KINDS for kind in KIND_CODES])
"""Per kind code, whether the kind is drawn with a border."""


class Segment(NamedTuple):
    """Characters ``text``, each ``width`` bytes, over bytes ``[byte_start, byte_end)``."""

    byte_start: int
    byte_end: int
    text: str
    width: int
    span: Span


def segments_between(decoding: Decoding, lo: int, hi: int) -> list[Segment]:
    """Segments of ``decoding`` covering the characters that overlap ``[lo, hi)``.

    Neighbouring spans of one byte a character, of one kind and reason, drawn
    without a border, are one segment, found in the span table's arrays
    (:func:`span_groups`): dense damage is hundreds of one-byte spans a
    screen, and a step per span cost most of a layout."""
    out: list[Segment] = []
    for span, run in span_groups(decoding, lo, hi):
        if run is None:
            _add_span(out, decoding, span, lo, hi)
        else:
            a, b, chars = run
            _append_one_byte_run(out, Segment(a, b, chars, 1, span))
    return out


def span_groups(
    decoding: Decoding, lo: int, hi: int
) -> Iterator[tuple[Span, tuple[int, int, str] | None]]:
    """The spans of ``decoding`` that overlap bytes ``[lo, hi)``, in groups
    (:class:`_SpanGroups`): each group's first span and, for a group of
    one-byte spans, the bytes ``[a, b)`` it holds within the range and
    their characters (None for a span alone)."""
    spans = decoding.spans
    lo = max(lo, decoding.byte_start)
    hi = min(hi, decoding.byte_end)
    if not len(spans) or hi <= lo:
        return
    groups = _SpanGroups(decoding, spans.index_at_byte(lo), spans.index_at_byte(hi - 1) + 1)
    text, base = decoding.text, spans.char_start
    for kind, reason, b0, b1, c0, c1, value, one_byte, group_end in zip(
        *groups.columns(), strict=True
    ):
        span = make_span(kind, reason, b0, b1, c0, c1, value)
        if one_byte:
            a, b = max(lo, b0), min(hi, group_end)
            c = c0 - base + (a - b0)
            yield span, (a, b, text[c : c + (b - a)])
        else:
            yield span, None


class _SpanGroups:
    """Spans ``[first, last)`` of a decoding in groups: a run of neighbouring
    spans of one byte a character of one kind and reason (a kind drawn
    without a border, unless the run is one span), or any other span alone."""

    def __init__(self, decoding: Decoding, first: int, last: int) -> None:
        spans = decoding.spans
        kinds = spans.kinds[first:last]
        reasons = spans.reasons[first:last]
        byte_starts = spans.byte_starts[first : last + 1]
        char_starts = spans.char_starts[first : last + 1]
        n_bytes = np.diff(byte_starts)
        one_byte = (n_bytes == np.diff(char_starts)) & (n_bytes > 0) & (reasons != _MAGIC_CODE)
        if decoding.format.multi_char_sequences:
            one_byte &= kinds != _TEXT_CODE
        joinable = one_byte & ~_BORDERED[kinds]
        joins = joinable[1:] & joinable[:-1] & (kinds[1:] == kinds[:-1])
        joins &= reasons[1:] == reasons[:-1]
        self.heads = np.flatnonzero(np.concatenate(([True], ~joins)))
        self.ends = np.append(self.heads[1:], last - first)
        self.kinds, self.reasons, self.one_byte = kinds, reasons, one_byte
        self.byte_starts, self.char_starts = byte_starts, char_starts
        self.values = spans.values[first:last]

    def columns(self) -> tuple[list[Any], ...]:
        """Per group, as lists: its first span's kind and reason codes, bytes
        and characters (start, end) and value; whether it is of one byte a
        character; the byte end of the whole group."""
        h = self.heads
        return tuple(
            column.tolist()
            for column in (
                self.kinds[h], self.reasons[h],
                self.byte_starts[h], self.byte_starts[h + 1],
                self.char_starts[h], self.char_starts[h + 1],
                self.values[h], self.one_byte[h], self.byte_starts[self.ends],
            )
        )  # fmt: skip


def _add_span(out: list[Segment], decoding: Decoding, span: Span, lo: int, hi: int) -> None:
    """The segments of a span that is not of one byte a character (those
    come from :func:`span_groups` as groups)."""
    n_bytes = span.byte_end - span.byte_start
    n_chars = span.char_end - span.char_start
    base = decoding.spans.char_start
    text = decoding.text
    if n_bytes == 0:
        return
    if n_chars == 0:
        out.append(Segment(span.byte_start, span.byte_end, "", 0, span))
    elif span.reason == Reason.MAGIC_NUMBER or n_chars == 1:
        # one character (a magic number: one label over its 8 bytes, like a BOM)
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
