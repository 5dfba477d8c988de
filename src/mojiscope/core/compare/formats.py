"""Where formats disagree about the same bytes.

Two formats *agree* on a run of bytes when both read it as the same
characters in ``text`` spans, or find the same anomaly there (the same
kind, reason and text). Everything else is a *difference*: different
characters for the same bytes, or text in one and an anomaly in the other
(an invalid sequence, a lone surrogate, an escape, a signature...), or
anomalies of different kinds. :func:`differences` walks a byte range
window by window and yields each differing range (maximal: neighbouring
differences are merged) with what every format makes of it.

Ranges are cut at *common boundaries*: offsets where every format starts a
character or a span. A window of ASCII bytes (after an ASCII byte) agrees
at once, unread by any format, when every format reads ASCII as itself
(:func:`~mojiscope.core.compare.windows.reads_ascii_as_itself`: the UTF-8
family and the code pages); a
window whose formats decode to the same text with the same spans agrees
at once; the others are compared unit by unit between common boundaries,
in arrays (:mod:`~mojiscope.core.compare.units`).

From the index: where every format's :class:`~mojiscope.core.index.file_index.FileIndex`
says a chunk holds no anomaly and the formats read well-formed UTF-8 alike
(:data:`~mojiscope.core.index.scan.VALID_UTF8_IS_CLEAN`), the chunk cannot
differ and is skipped unread, so comparing UTF-8 with WTF-8 over a large
file reads only the chunks that hold anomalies; inside those, well-formed
UTF-8 is passed at the speed of CPython's decoder checking it, and only
a few bytes are decoded where it stops (:mod:`~mojiscope.core.compare.windows`
walks the windows).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from mojiscope.core.codecs.format import Format
from mojiscope.core.compare.windows import (
    WINDOW,
    Window,
    mask_words,
    may_differ,
    skippable,
    walk,
)
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.spans.event import KIND_CODE, SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source
from mojiscope.core.words.describe import byte_range, shown_text


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

    def line(self, shown: int = 24) -> str:
        """``0x00000003..0x00000006 (3..6)  utf-8: '...' invalid  wtf-8: '\\ud800' surrogate``:
        the range, then what each format makes of it (``shown`` characters
        of each reading, as a literal) and the kinds of its spans."""
        where = f"0x{self.start:08X}..0x{self.end:08X} ({self.start}..{self.end})"
        parts = [
            f"{r.format_id}: {r.text[:shown]!a}{'...' if len(r.text) > shown else ''}"
            f" {','.join(_kind_names(r))}"
            for r in self.readings
        ]
        return f"{where}  " + "  ".join(parts)

    def words(self, shown: int = 24) -> str:
        """``0x3..0x5  utf-8: <U+FFFD> (invalid)  wtf-8: <U+D800> (surrogate)``:
        the range in hex and inclusive, as the window shows ranges, then what
        each format makes of it (``shown`` characters of each reading, as they
        show) and the kinds of its spans."""
        parts = [
            f"{r.format_id}: {shown_text(r.text[:shown])}{'…' if len(r.text) > shown else ''}"
            f" ({', '.join(_kind_names(r))})"
            for r in self.readings
        ]
        return f"{byte_range(self.start, self.end)}  " + "  ".join(parts)

    def what(self, a: int = 0, b: int = 1) -> str:
        """Why readings ``a`` and ``b`` differ here, in a few words: the
        anomaly kind one of them found (``lone surrogates`` where one reads
        a surrogate), else ``different text``."""
        return ", ".join(sorted(self.what_words(a, b)))

    def what_words(self, a: int = 0, b: int = 1) -> frozenset[str]:
        """:meth:`what`, as a set of words (``{"lone surrogates"}``)."""
        return _what_words(self.readings[a].kinds, self.readings[b].kinds)


def _kind_names(reading: Reading) -> list[str]:
    """The kinds of span ``reading`` holds, each once, in order."""
    return list(dict.fromkeys(k.split(":")[0] for k in reading.kinds))


def _what_words(kinds_a: tuple[str, ...], kinds_b: tuple[str, ...]) -> frozenset[str]:
    """Why readings of these kinds differ (see :meth:`Difference.what`)."""
    return mask_words(_mask(kinds_a), _mask(kinds_b))


def _mask(kinds: tuple[str, ...]) -> int:
    """Span kind names (``invalid:truncated``) as bits ``1 << kind code``."""
    mask = 0
    for name in kinds:
        mask |= 1 << KIND_CODE[SpanKind(name.split(":")[0])]
    return mask


def differences(
    formats: Sequence[Format],
    source: Source,
    start: int = 0,
    end: int | None = None,
    *,
    indexes: Sequence[FileIndex | None] | None = None,
    control: Control = UNCONTROLLED,
    known: Callable[[int], None] | None = None,
) -> Iterator[Difference]:
    """Every range of ``[start, end)`` the formats read differently, in
    order, each with what every format makes of it (see the module
    docstring). ``indexes`` (one per format, complete or not) lets chunks
    that cannot differ be skipped. Progress counts bytes; memory is one
    window per format. ``known`` hears, after each window, the offset
    before which every range starts that has been yielded (a range still
    growing across windows is yielded once whole)."""
    if len(formats) < 2:
        raise ValueError("comparing takes at least two formats")
    end = len(source) if end is None else min(end, len(source))
    pending: Difference | None = None
    for window in walk(formats, source, start, end, indexes, control):
        for diff in window_differences(formats, window):
            if pending is not None and pending.end == diff.start:
                pending = joined(pending, diff)
                continue
            if pending is not None:
                yield pending
            pending = diff
        if known is not None:
            known(pending.start if pending is not None else window.cut)
    if pending is not None:
        yield pending


def window_differences(
    formats: Sequence[Format], window: Window, first: int = 0, stop: int | None = None
) -> list[Difference]:
    """The ranges ``first..stop`` of ``window`` as differences, with what
    each format makes of them."""
    los, his = window.los[first:stop], window.his[first:stop]
    if not len(los):
        return []
    per_format = [
        [Reading(fmt.id, text, kinds) for text, kinds in u.readings(los, his)]
        for fmt, u in zip(formats, window.units, strict=True)
    ]
    return [
        Difference(lo, hi, tuple(readings[k] for readings in per_format))
        for k, (lo, hi) in enumerate(zip(los.tolist(), his.tolist(), strict=True))
    ]


def joined(a: Difference, b: Difference) -> Difference:
    """``a`` and ``b``, which ``b`` goes on from, as one range."""
    readings = tuple(
        Reading(x.format_id, x.text + y.text, tuple(dict.fromkeys((*x.kinds, *y.kinds))))
        for x, y in zip(a.readings, b.readings, strict=True)
    )
    return Difference(a.start, b.end, readings)


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


def next_difference(
    formats: Sequence[Format],
    source: Source,
    after: int,
    indexes: Sequence[FileIndex | None] | None = None,
    control: Control = UNCONTROLLED,
) -> Difference | None:
    """The first range the formats read differently that starts after byte
    ``after`` (chunks the indexes say cannot differ skipped unread), as the
    whole file's list has it: not the rest of a range that holds ``after``."""
    start = after + 1
    holding = _holding(formats, source, after, indexes)
    if holding is not None:
        start = holding.end
    for difference in differences(formats, source, start, indexes=indexes, control=control):
        if difference.start >= start:
            return difference
    return None


def _holding(
    formats: Sequence[Format],
    source: Source,
    offset: int,
    indexes: Sequence[FileIndex | None] | None,
) -> Difference | None:
    """The range that holds byte ``offset``, if one starts at most a
    window before it (whole: read on from where it starts)."""
    if offset < 0:
        return None
    near = differences(formats, source, max(0, offset - WINDOW), offset + 1, indexes=indexes)
    held = [d for d in near if d.start <= offset < d.end]
    return _whole(formats, source, held[-1].start, indexes) if held else None


def _whole(
    formats: Sequence[Format],
    source: Source,
    start: int,
    indexes: Sequence[FileIndex | None] | None,
) -> Difference | None:
    """The range that starts at ``start`` (a common boundary), whole."""
    for difference in differences(formats, source, start, indexes=indexes):
        return difference if difference.start == start else None
    return None


def previous_difference(
    formats: Sequence[Format],
    source: Source,
    before: int,
    indexes: Sequence[FileIndex | None] | None = None,
    control: Control = UNCONTROLLED,
) -> Difference | None:
    """The last range the formats read differently that starts before byte
    ``before``: windows read backwards, growing, from ``before`` (chunks the
    indexes say cannot differ skipped unread); the range found is read
    again from further back and on past the window, so that it is whole."""
    skip = indexes is not None and skippable(formats, indexes)
    hi, step = min(before, len(source)), WINDOW
    while hi > 0:
        if skip and indexes is not None:
            hi = _previous_unclean(indexes, hi)
            if hi <= 0:
                return None
        lo = max(0, hi - step)
        found = [
            d for d in differences(formats, source, lo, hi, indexes=indexes) if d.start < before
        ]
        if found:
            last = found[-1]
            if last.start <= lo + 4 and lo > 0:  # perhaps cut where the window began
                again = differences(formats, source, max(0, lo - WINDOW), hi, indexes=indexes)
                last = [d for d in again if d.start < before][-1]
            whole = _whole(formats, source, last.start, indexes)  # not cut at hi
            return whole if whole is not None else last
        control.step(before - lo)
        hi, step = lo, min(step * 4, 1 << 24)
    return None


def _previous_unclean(indexes: Sequence[FileIndex | None], hi: int) -> int:
    """The end (at most ``hi``) of the last chunk before ``hi`` that some
    index has not indexed or found an anomaly in; 0 if there is none."""
    first = indexes[0]
    assert first is not None
    size = first.chunk_size
    k = min((hi - 1) // size, len(first.chunks) - 1)
    while k >= 0:
        if any(may_differ(i, k) for i in indexes if i is not None):
            return min(hi, (k + 1) * size)
        k -= 1
    return 0


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
                self.what[(a, b)] |= difference.what_words(a, b)

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
