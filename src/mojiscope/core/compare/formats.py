"""Where formats disagree about the same bytes.

Two formats *agree* on a run of bytes when both read it as the same
characters in ``text`` spans. Everything else is a *difference*: different
characters for the same bytes, or text in one and an anomaly in the other
(an invalid sequence, a lone surrogate, an escape, a signature...), or
anomalies of different kinds. :func:`differences` walks a byte range
window by window and yields each differing range (maximal: neighbouring
differences are merged) with what every format makes of it.

Ranges are cut at *common boundaries*: offsets where every format starts a
character or a span. A window whose formats decode to the same text with
the same spans agrees at once; the others are compared character by
character between common boundaries.

From the index: where every format's :class:`~mojiscope.core.index.file_index.FileIndex`
says a chunk holds no anomaly and the formats read well-formed UTF-8 alike
(:data:`~mojiscope.core.index.scan.VALID_UTF8_IS_CLEAN`), the chunk cannot
differ and is skipped unread, so comparing UTF-8 with WTF-8 over a large
file reads only the chunks that hold anomalies.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.index.scan import VALID_UTF8_IS_CLEAN
from mojiscope.core.spans.event import SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source

WINDOW = 1 << 16
"""Bytes compared at once."""


@dataclass(frozen=True)
class Reading:
    """What one format makes of a differing range: its text there and the
    kinds of the spans (``text``, ``invalid``...) with their reasons."""

    format_id: str
    text: str
    kinds: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        return {"format": self.format_id, "text": self.text, "kinds": list(self.kinds)}


@dataclass(frozen=True)
class Difference:
    """Bytes ``[start, end)`` that the formats read differently."""

    start: int
    end: int
    readings: tuple[Reading, ...]

    def as_json(self) -> dict[str, object]:
        return {"bytes": [self.start, self.end], "formats": [r.as_json() for r in self.readings]}

    def what(self, a: int = 0, b: int = 1) -> str:
        """Why readings ``a`` and ``b`` differ here, in a few words: the
        anomaly kind one of them found (``lone surrogates`` where one reads
        a surrogate), else ``different text``."""
        names = {k.split(":")[0] for k in set(self.readings[a].kinds) ^ set(self.readings[b].kinds)}
        names.discard(SpanKind.TEXT.value)
        if len(names) > 1:
            names.discard(SpanKind.INVALID.value)  # the other side says what it is
        if not names:
            return "different text"
        return ", ".join(sorted(_KIND_WORDS.get(k, k) for k in names))


_KIND_WORDS = {
    "surrogate": "lone surrogates",
    "invalid": "invalid sequences",
    "escape": "escaped bytes",
    "collision": "collisions",
    "signature": "a signature",
    "reserved": "reserved sequences",
    "beyond": "values beyond Unicode",
    "warning": "warnings",
}


class _Units:
    """One decoding as units: a character of a ``text`` span, or a whole
    span of another kind; each with its byte start and a token to compare."""

    def __init__(self, decoding: Decoding) -> None:
        starts: list[int] = []
        tokens: list[str | tuple[str, str]] = []
        base = decoding.spans.char_start
        text = decoding.text
        for span in decoding.spans:
            if span.kind == SpanKind.TEXT:
                offsets = decoding.char_byte_offsets(span)
                chars = text[span.char_start - base : span.char_end - base]
                starts.extend(offsets[:-1])
                tokens.extend(chars)
            else:
                reason = span.reason.value if span.reason else ""
                chars = text[span.char_start - base : span.char_end - base]
                starts.append(span.byte_start)
                tokens.append((f"{span.kind.value}:{reason}".rstrip(":"), chars))
        self.starts = np.asarray(starts, np.int64)
        self.tokens = tokens
        self.end = decoding.byte_end

    def between(self, lo: int, hi: int) -> tuple[int, int]:
        i = int(np.searchsorted(self.starts, lo, side="left"))
        j = int(np.searchsorted(self.starts, hi, side="left"))
        return i, j

    def reading(self, format_id: str, lo: int, hi: int) -> Reading:
        i, j = self.between(lo, hi)
        text = []
        kinds: list[str] = []
        for token in self.tokens[i:j]:
            if isinstance(token, tuple):
                name, chars = token
                text.append(chars)
                if name not in kinds:
                    kinds.append(name)
            else:
                text.append(token)
                if SpanKind.TEXT.value not in kinds:
                    kinds.append(SpanKind.TEXT.value)
        return Reading(format_id, "".join(text), tuple(kinds))


def _same(decodings: Sequence[Decoding]) -> bool:
    """Whether the decodings read their bytes alike at once: the same text
    and the same spans (kinds and byte starts)."""
    first = decodings[0]
    for other in decodings[1:]:
        if other.text != first.text or other.byte_start != first.byte_start:
            return False
        a, b = first.spans, other.spans
        if len(a) != len(b) or other.byte_end != first.byte_end:
            return False
        if not (np.array_equal(a.kinds, b.kinds) and np.array_equal(a.byte_starts, b.byte_starts)):
            return False
        if not np.array_equal(a.reasons, b.reasons):
            return False
    return True


def _window_differences(
    formats: Sequence[Format], decodings: Sequence[Decoding], lo: int, cut: int
) -> Iterator[Difference]:
    """The differences in ``[lo, cut)``, where ``cut`` is a common boundary."""
    units = [_Units(d) for d in decodings]
    common = units[0].starts
    for other in units[1:]:
        common = np.intersect1d(common, other.starts, assume_unique=True)
    common = common[(common >= lo) & (common < cut)]
    bounds = np.concatenate((common, [cut])).tolist()
    open_start = -1
    for a, b in pairwise(bounds):
        pieces = []
        for u in units:
            i, j = u.between(a, b)
            pieces.append(u.tokens[i:j])
        differs = any(p != pieces[0] for p in pieces[1:]) or any(
            isinstance(t, tuple) for p in pieces for t in p
        )
        if differs and open_start < 0:
            open_start = a
        elif not differs and open_start >= 0:
            yield _difference(formats, units, open_start, a)
            open_start = -1
    if open_start >= 0:
        yield _difference(formats, units, open_start, cut)


def _difference(formats: Sequence[Format], units: list[_Units], lo: int, hi: int) -> Difference:
    return Difference(
        lo, hi, tuple(u.reading(f.id, lo, hi) for f, u in zip(formats, units, strict=True))
    )


def _skippable(formats: Sequence[Format], indexes: Sequence[FileIndex | None]) -> bool:
    return (
        all(f.id in VALID_UTF8_IS_CLEAN for f in formats)
        and all(i is not None for i in indexes)
        and len({i.chunk_size for i in indexes if i is not None}) == 1
    )


def differences(
    formats: Sequence[Format],
    source: Source,
    start: int = 0,
    end: int | None = None,
    *,
    indexes: Sequence[FileIndex | None] | None = None,
    control: Control = UNCONTROLLED,
) -> Iterator[Difference]:
    """Every range of ``[start, end)`` the formats read differently, in
    order, each with what every format makes of it (see the module
    docstring). ``indexes`` (one per format, complete or not) lets chunks
    that cannot differ be skipped. Progress counts bytes; memory is one
    window per format."""
    if len(formats) < 2:
        raise ValueError("comparing takes at least two formats")
    size = len(source)
    end = size if end is None else min(end, size)
    skip = indexes is not None and _skippable(formats, indexes)
    pending: Difference | None = None
    lo = start
    while lo < end:
        if skip and indexes is not None:
            lo = _next_unclean(indexes, lo, end)
            if lo >= end:
                break
        hi = min(end, lo + WINDOW)
        decodings = [f.decode_window(source, lo, hi) for f in formats]
        cut = min(min(d.byte_end for d in decodings), end)
        if _same(decodings):
            found: list[Difference] = []
        else:
            found = list(_window_differences(formats, decodings, lo, cut))
        for diff in found:
            if pending is not None and pending.end == diff.start:
                pending = _joined(pending, diff)
                continue
            if pending is not None:
                yield pending
            pending = diff
        lo = max(cut, lo + 1)
        control.step(lo - start)
    if pending is not None:
        yield pending


def _joined(a: Difference, b: Difference) -> Difference:
    readings = tuple(
        Reading(x.format_id, x.text + y.text, tuple(dict.fromkeys((*x.kinds, *y.kinds))))
        for x, y in zip(a.readings, b.readings, strict=True)
    )
    return Difference(a.start, b.end, readings)


def _next_unclean(indexes: Sequence[FileIndex | None], lo: int, end: int) -> int:
    """The first offset at or after ``lo`` in a chunk that some index has
    not indexed or found an anomaly in (the chunks before it cannot differ)."""
    first = indexes[0]
    assert first is not None
    size = first.chunk_size
    k = lo // size
    n = len(first.chunks)
    while k < n and k * size < end:
        if any(_may_differ(i, k) for i in indexes if i is not None):
            return max(lo, k * size)
        k += 1
    return end


def _may_differ(index: FileIndex, k: int) -> bool:
    counts = index.chunks[k]
    return counts is None or counts.first >= 0


def ranges_in(
    formats: Sequence[Format],
    source: Source,
    start: int,
    end: int,
    indexes: Sequence[FileIndex | None] | None = None,
) -> list[tuple[int, int]]:
    """The differing byte ranges that overlap ``[start, end)``: what a view
    highlights for the rows on screen (``[start, end)`` a few windows at
    most). The grid calls this with the formats on show and their indexes."""
    return [(d.start, d.end) for d in differences(formats, source, start, end, indexes=indexes)]


class PairCounts:
    """Per pair of formats, how many places they differ at and what differs,
    added up one difference at a time (memory: the words, not the places)."""

    def __init__(self, formats: Sequence[Format]) -> None:
        self.ids = [f.id for f in formats]
        n = len(formats)
        self.pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
        self.places = dict.fromkeys(self.pairs, 0)
        self.what: dict[tuple[int, int], set[str]] = {pair: set() for pair in self.pairs}

    def add(self, difference: Difference) -> None:
        readings = difference.readings
        for a, b in self.pairs:
            x, y = readings[a], readings[b]
            if (x.text, x.kinds) != (y.text, y.kinds):
                self.places[(a, b)] += 1
                self.what[(a, b)].add(difference.what(a, b))

    def lines(self) -> list[str]:
        """One sentence per pair (see :func:`pair_words`)."""
        return [
            pair_words(
                self.ids[a], self.ids[b], self.places[(a, b)], ", ".join(sorted(self.what[(a, b)]))
            )
            for a, b in self.pairs
        ]


def pair_words(first: str, second: str, places: int, what: str) -> str:
    """``utf-8 and wtf-8 differ at 2 places: lone surrogates``."""
    if not places:
        return f"{first} and {second} agree"
    return f"{first} and {second} differ at {places:,} place{'s' if places != 1 else ''}: {what}"
