"""Decoded characters with the bytes that encode them: what every view draws.

The views show a character over the bytes that encode it, so they need, for
a byte range, "which characters, and which bytes each". Core answers that
(:func:`mojiscope.core.spans.charmap.char_offsets`, which maps only the part
of a long run a view looks at); this module turns its answer into
:class:`CharRun` values: the characters of one span that overlap the range,
with the byte offset where each begins.

The grid lays runs out on its rows (:mod:`~mojiscope.app.grid.layout`), the
text view builds its text a run at a time
(:mod:`~mojiscope.app.model.text_window`), and the inspector's table, the
tooltips, the keys that move by characters and Copy as Text read one
character at a time (:meth:`CharRun.chars`). Neighbouring spans of one byte
a character, of one kind and reason, drawn without a border, come as one
run when ``joined`` (a page of NUL warnings is one run, while each XTF-8
escape keeps its own dotted box); such a run names its first span, whose
kind and reason it shares with the others, and a view that needs each
character's own span asks for runs not joined.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import numpy as np

from mojiscope.app.model.borders import BORDERED_KINDS
from mojiscope.core import Decoding, Reason, Span, SpanKind
from mojiscope.core.spans.charmap import char_offsets
from mojiscope.core.spans.event import KIND_CODE, KIND_CODES, REASON_CODE
from mojiscope.core.spans.rows import make_span

_TEXT_CODE = KIND_CODE[SpanKind.TEXT]
_MAGIC_CODE = REASON_CODE[Reason.MAGIC_NUMBER]
_BORDERED = np.array([kind in BORDERED_KINDS for kind in KIND_CODES])
"""Per kind code, whether the kind is drawn with a border."""


class CharRun(NamedTuple):
    """Characters ``text`` of ``span``, character ``k`` over bytes
    ``offsets[k]:offsets[k + 1]``.

    A run of one piece (two offsets) may hold other than one character: a
    span that holds none (as under the per-run policy) is a run with no
    text, and a magic number is its characters over all its bytes, shown as
    one label (like a BOM). ``offsets`` is a :class:`range` where every
    character takes the same number of bytes."""

    offsets: Sequence[int]
    text: str
    span: Span

    @property
    def byte_start(self) -> int:
        return self.offsets[0]

    @property
    def byte_end(self) -> int:
        return self.offsets[-1]

    @property
    def kind(self) -> SpanKind:
        return self.span.kind

    @property
    def is_unit(self) -> bool:
        """One piece over all the run's bytes: one character, or a span
        with no character, or a magic number."""
        return len(self.offsets) == 2

    def chars(self) -> Iterator[CharRun]:
        """The run's pieces, one character (or one unit) each."""
        offsets, text, span = self
        if len(offsets) == 2:
            yield self
            return
        for k, char in enumerate(text):
            yield CharRun((offsets[k], offsets[k + 1]), char, span)

    def char_bytes(self, offset: int) -> tuple[int, int]:
        """The bytes of the piece that holds byte ``offset`` (within the run)."""
        offsets = self.offsets
        k = min(max(bisect.bisect_right(offsets, offset) - 1, 0), len(offsets) - 2)
        return offsets[k], offsets[k + 1]


def runs_between(decoding: Decoding, lo: int, hi: int, *, joined: bool = True) -> list[CharRun]:
    """The characters of ``decoding`` that overlap bytes ``[lo, hi)``, in runs
    (neighbouring one-byte spans of one look as one run if ``joined``)."""
    out: list[CharRun] = []
    text, base = decoding.text, decoding.spans.char_start
    for span, group in span_groups(decoding, lo, hi, joined=joined):
        if group is not None:
            a, b, chars = group
            out.append(CharRun(range(a, b + 1), chars, span))
            continue
        b0, b1 = span.byte_start, span.byte_end
        n_chars = span.char_end - span.char_start
        if b0 == b1:
            continue
        if n_chars <= 1 or span.reason == Reason.MAGIC_NUMBER:
            c = span.char_start - base
            out.append(CharRun((b0, b1), text[c : c + n_chars], span))
        else:
            out.append(_measured_run(decoding, span, lo, hi))
    return out


def _measured_run(decoding: Decoding, span: Span, lo: int, hi: int) -> CharRun:
    """The characters of a span of several, each of its own length, that
    overlap ``[lo, hi)``."""
    skipped, offsets = char_offsets(decoding, span, lo, hi)
    first = max(bisect.bisect_right(offsets, lo) - 1, 0)
    last = min(bisect.bisect_left(offsets, hi), len(offsets) - 1)
    c = span.char_start - decoding.spans.char_start + skipped + first
    return CharRun(offsets[first : last + 1], decoding.text[c : c + last - first], span)


def span_groups(
    decoding: Decoding, lo: int, hi: int, *, joined: bool = True
) -> Iterator[tuple[Span, tuple[int, int, str] | None]]:
    """The spans of ``decoding`` that overlap bytes ``[lo, hi)``, in groups
    (:class:`_SpanGroups`): each group's first span and, for a group of
    one-byte spans, the bytes ``[a, b)`` it holds within the range and
    their characters (None for any other span). Not ``joined``, every
    group is one span."""
    spans = decoding.spans
    lo = max(lo, decoding.byte_start)
    hi = min(hi, decoding.byte_end)
    if not len(spans) or hi <= lo:
        return
    first, last = spans.index_at_byte(lo), spans.index_at_byte(hi - 1) + 1
    groups = _SpanGroups(decoding, first, last, joined)
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
    """Spans ``[first, last)`` of a decoding in groups: if ``joined``, a run
    of neighbouring spans of one byte a character of one kind and reason (a
    kind drawn without a border, unless the run is one span), or any other
    span alone; else each span alone. Found in the span table's arrays:
    dense damage is hundreds of one-byte spans a screen."""

    def __init__(self, decoding: Decoding, first: int, last: int, joined: bool) -> None:
        spans = decoding.spans
        kinds = spans.kinds[first:last]
        reasons = spans.reasons[first:last]
        byte_starts = spans.byte_starts[first : last + 1]
        char_starts = spans.char_starts[first : last + 1]
        n_bytes = np.diff(byte_starts)
        one_byte = (n_bytes == np.diff(char_starts)) & (n_bytes > 0) & (reasons != _MAGIC_CODE)
        if decoding.format.multi_char_sequences:
            one_byte &= kinds != _TEXT_CODE
        if joined:
            joinable = one_byte & ~_BORDERED[kinds]
            joins = joinable[1:] & joinable[:-1] & (kinds[1:] == kinds[:-1])
            joins &= reasons[1:] == reasons[:-1]
            self.heads = np.flatnonzero(np.concatenate(([True], ~joins)))
        else:
            self.heads = np.arange(last - first)
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


def join_windows(parts: list[list[CharRun]]) -> list[CharRun]:
    """Concatenate the runs of consecutive windows, dropping the characters
    a window repeats from the one before (windows overlap by a few bytes)."""
    out: list[CharRun] = []
    for part in parts:
        for run in part:
            if out and run.offsets[0] < out[-1].offsets[-1]:
                end = out[-1].offsets[-1]
                if run.offsets[-1] <= end or len(run.offsets) == 2:
                    continue
                k = bisect.bisect_left(run.offsets, end)
                if k >= len(run.text):
                    continue
                run = CharRun(run.offsets[k:], run.text[k:], run.span)
            out.append(run)
    return out
