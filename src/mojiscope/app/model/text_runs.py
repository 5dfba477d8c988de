"""Characters with their bytes, a span at a time: what the text view shows.

The grid lays out runs of characters of one byte width (segments, see
:mod:`~mojiscope.app.model.segments`); the text view only needs where each
character's bytes are. A :class:`TextRun` is the characters of one span (or
of neighbouring one-byte spans of one look, grouped as segments group
them) that overlap a byte range, with the byte offset each starts at. A
line of Greek words between spaces is one run, where it is a segment per
change of width, and the text view builds its pieces a run at a time.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import NamedTuple

from mojiscope.app.model.segments import span_groups
from mojiscope.core import Decoding, Reason, Span
from mojiscope.core.spans.charmap import char_offsets


class TextRun(NamedTuple):
    """Characters ``text`` of ``span``, character ``k`` over bytes
    ``offsets[k]:offsets[k + 1]``. A span that holds no character (as under
    the per-run policy) is a run with no text over ``offsets[0]:offsets[-1]``;
    a magic number is one character over its bytes, its first (it is shown
    as one label, like a BOM)."""

    offsets: Sequence[int]
    text: str
    span: Span


def text_runs_between(decoding: Decoding, lo: int, hi: int) -> list[TextRun]:
    """The characters of ``decoding`` that overlap bytes ``[lo, hi)``, in runs."""
    out: list[TextRun] = []
    for span, run in span_groups(decoding, lo, hi):
        b0, b1 = span.byte_start, span.byte_end
        if run is not None:
            a, b, chars = run
            out.append(TextRun(range(a, b + 1), chars, span))
        elif b0 == b1:
            continue
        elif span.char_start == span.char_end:
            out.append(TextRun((b0, b1), "", span))
        elif span.reason == Reason.MAGIC_NUMBER or span.char_end - span.char_start == 1:
            # one character (a magic number's one label)
            out.append(
                TextRun((b0, b1), decoding.text[span.char_start - decoding.spans.char_start], span)
            )
        else:
            out.append(_measured_run(decoding, span, lo, hi))
    return out


def _measured_run(decoding: Decoding, span: Span, lo: int, hi: int) -> TextRun:
    """The characters of a span of several, each of its own length, that
    overlap ``[lo, hi)``."""
    skipped, offsets = char_offsets(decoding, span, lo, hi)
    first = max(bisect.bisect_right(offsets, lo) - 1, 0)
    last = min(bisect.bisect_left(offsets, hi), len(offsets) - 1)
    c = span.char_start - decoding.spans.char_start + skipped + first
    return TextRun(offsets[first : last + 1], decoding.text[c : c + last - first], span)


def join_windows(parts: list[list[TextRun]]) -> list[TextRun]:
    """Concatenate the runs of consecutive windows, dropping the characters
    a window repeats from the one before (windows overlap by a few bytes)."""
    out: list[TextRun] = []
    for part in parts:
        for run in part:
            if out and run.offsets[0] < out[-1].offsets[-1]:
                end = out[-1].offsets[-1]
                if run.offsets[-1] <= end or not run.text:
                    continue
                k = bisect.bisect_left(run.offsets, end)
                if k >= len(run.text):
                    continue
                run = TextRun(run.offsets[k:], run.text[k:], run.span)
            out.append(run)
    return out
