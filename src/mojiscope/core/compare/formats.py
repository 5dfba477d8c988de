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
(:func:`reads_ascii_as_itself`: the UTF-8 family and the code pages); a
window whose formats decode to the same text with the same spans agrees
at once; the others are compared unit by unit between common boundaries,
in arrays (:mod:`~mojiscope.core.compare.units`).

From the index: where every format's :class:`~mojiscope.core.index.file_index.FileIndex`
says a chunk holds no anomaly and the formats read well-formed UTF-8 alike
(:data:`~mojiscope.core.index.scan.VALID_UTF8_IS_CLEAN`), the chunk cannot
differ and is skipped unread, so comparing UTF-8 with WTF-8 over a large
file reads only the chunks that hold anomalies; inside those, well-formed
UTF-8 is passed at the speed of CPython's decoder checking it, and only
:data:`ANOMALY_WINDOW` bytes are decoded where it stops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format
from mojiscope.core.compare.units import Units
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.index.scan import VALID_UTF8_IS_CLEAN, codec_of, valid_reach
from mojiscope.core.spans.event import TEXT_CODE, SpanKind
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

    def line(self, shown: int = 24) -> str:
        """``0x00000003..0x00000006 (3..6)  utf-8: '...' invalid  wtf-8: '\\ud800' surrogate``:
        the range, then what each format makes of it (``shown`` characters
        of each reading, as a literal) and the kinds of its spans."""
        where = f"0x{self.start:08X}..0x{self.end:08X} ({self.start}..{self.end})"
        parts = []
        for reading in self.readings:
            text = reading.text
            seen = ascii(text[:shown]) + ("..." if len(text) > shown else "")
            kinds = ",".join(dict.fromkeys(k.split(":")[0] for k in reading.kinds))
            parts.append(f"{reading.format_id}: {seen} {kinds}")
        return f"{where}  " + "  ".join(parts)

    def what(self, a: int = 0, b: int = 1) -> str:
        """Why readings ``a`` and ``b`` differ here, in a few words: the
        anomaly kind one of them found (``lone surrogates`` where one reads
        a surrogate), else ``different text``."""
        return ", ".join(sorted(self.what_words(a, b)))

    def what_words(self, a: int = 0, b: int = 1) -> frozenset[str]:
        """:meth:`what`, as a set of words (``{"lone surrogates"}``)."""
        return _what_words(self.readings[a].kinds, self.readings[b].kinds)


@cache
def _what_words(kinds_a: tuple[str, ...], kinds_b: tuple[str, ...]) -> frozenset[str]:
    """Why readings of these kinds differ (see :meth:`Difference.what`)."""
    names = {k.split(":")[0] for k in set(kinds_a) ^ set(kinds_b)}
    names.discard(SpanKind.TEXT.value)
    if len(names) > 1:
        names.discard(SpanKind.INVALID.value)  # the other side says what it is
    if not names:
        return frozenset({"different text"})
    return frozenset(_KIND_WORDS.get(k, k) for k in names)


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


MAX_WINDOW = 1 << 24
"""Bytes a window grows to, at most, looking for an offset where every
format starts a unit (then it is cut where the shortest decode ends)."""


def _window(
    formats: Sequence[Format], source: Source, lo: int, hi: int, end: int
) -> tuple[int, list[Units], npt.NDArray[np.int64]]:
    """Decode ``[lo, hi)`` in every format and choose where the window ends:
    the last *common boundary* (an offset where every format starts a unit,
    or ends its decode) the decodes all reach, growing the window until
    there is one past ``lo``. Returns the cut, and the units of each
    decode and their common boundaries (none when the formats read the
    window alike: nothing there differs)."""
    empty = np.zeros(0, np.int64)
    while True:
        decodings = [f.decode_window(source, lo, hi) for f in formats]
        reach = min(min(d.byte_end for d in decodings), end)
        if _same(decodings):
            return reach, [], empty
        units = [Units(d) for d in decodings]
        common = _boundaries(units[0])
        for other in units[1:]:
            common = _shared(common, _boundaries(other))
        past = common[(common > lo) & (common <= reach)]
        if len(past) or reach >= end or hi - lo >= MAX_WINDOW:
            return (int(past[-1]) if len(past) else reach), units, common
        hi = min(end, lo + 2 * (hi - lo))


def _boundaries(units: Units) -> npt.NDArray[np.int64]:
    """Where the units start, and where the decode ends: sorted, each once
    (units come in order; characters that take no byte share a start)."""
    starts = np.append(units.starts, units.end)
    return starts[np.concatenate(([True], starts[1:] != starts[:-1]))]


def _shared(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The offsets in both sorted arrays (each once in each)."""
    at = np.minimum(np.searchsorted(b, a), len(b) - 1)
    return a[b[at] == a] if len(b) else b


def _window_differences(
    formats: Sequence[Format],
    units: list[Units],
    common: npt.NDArray[np.int64],
    lo: int,
    cut: int,
) -> Iterator[Difference]:
    """The differences in ``[lo, cut)`` (``cut`` a common boundary): the
    window cut into segments at the ``common`` boundaries; a segment
    differs where the formats have not as many units in it, or where their
    units there differ (code points; anomalies of another kind, reason or
    text), all compared at once, in arrays."""
    common = common[(common >= lo) & (common < cut)]
    if not len(common):
        return
    count = len(common)
    differs = np.zeros(count, bool)
    segments: list[npt.NDArray[np.int64]] = []
    tokens: list[npt.NDArray[np.int64]] = []
    for u in units:
        keep = (u.starts >= common[0]) & (u.starts < cut)
        segment = np.searchsorted(common, u.starts[keep], "right") - 1
        token = u.tokens[keep]
        segments.append(segment)
        tokens.append(token)
    tallies = [np.bincount(segment, minlength=count) for segment in segments]
    alike = np.ones(count, bool)
    for tally in tallies[1:]:
        alike &= tally == tallies[0]
    differs |= ~alike
    kept = alike[segments[0]]
    first_tokens, first_segments = tokens[0][kept], segments[0][kept]
    for segment, token in zip(segments[1:], tokens[1:], strict=True):
        mismatch = token[alike[segment]] != first_tokens
        differs[first_segments[mismatch]] = True
    bounds = np.concatenate((common, [cut]))
    edges = np.diff(np.concatenate(([0], differs.astype(np.int8), [0])))
    los = bounds[np.flatnonzero(edges == 1)]
    his = bounds[np.flatnonzero(edges == -1)]
    per_format = [
        [Reading(fmt.id, text, kinds) for text, kinds in u.readings(los, his)]
        for fmt, u in zip(formats, units, strict=True)
    ]
    for k, (lo_k, hi_k) in enumerate(zip(los.tolist(), his.tolist(), strict=True)):
        yield Difference(lo_k, hi_k, tuple(readings[k] for readings in per_format))


@cache
def reads_ascii_as_itself(fmt: Format) -> bool:
    """Whether ``fmt`` reads every run of ASCII bytes that follows an ASCII
    byte (or the start) as the same characters, as text: the UTF-8 family
    and the code pages that map ASCII to itself (a multi-byte one's trail
    bytes may be ASCII, but only after a lead byte, which is not). Formats
    that all do read such a run alike."""
    if fmt.id not in VALID_UTF8_IS_CLEAN and codec_of(fmt) is None:
        return False
    ascii_bytes = bytes(range(128))
    decoding = fmt.decode(ascii_bytes)
    kinds = decoding.spans.kinds
    return decoding.text == ascii_bytes.decode("ascii") and bool((kinds == TEXT_CODE).all())


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
    size = len(source)
    end = size if end is None else min(end, size)
    skip = indexes is not None and _skippable(formats, indexes)
    ascii_alike = all(reads_ascii_as_itself(f) for f in formats)
    family = {f.id for f in formats} <= VALID_UTF8_IS_CLEAN
    pending: Difference | None = None
    lo = start
    while lo < end:
        if skip and indexes is not None:
            lo = _next_unclean(indexes, lo, end)
            if lo >= end:
                break
        hi = min(end, lo + WINDOW)
        found: list[Difference] = []
        if family:
            limit = lo + VALID_REACH
            if skip and indexes is not None and indexes[0] is not None:
                limit = (lo // indexes[0].chunk_size + 1) * indexes[0].chunk_size
            limit = min(end, limit)
            reach = _valid_run_end(formats, source, lo, limit)
            if reach >= limit:  # well-formed up to there: nothing differs
                lo = limit
                if known is not None and pending is None:
                    known(lo)
                control.step(lo - start)
                continue
            lo = reach
            hi = min(end, lo + ANOMALY_WINDOW)
        if ascii_alike and source.read(max(lo - 1, 0), hi).isascii():
            cut = hi  # every format reads these bytes as the same ASCII
        else:
            cut, units, common = _window(formats, source, lo, hi, end)
            if units:
                found = list(_window_differences(formats, units, common, lo, cut))
        for diff in found:
            if pending is not None and pending.end == diff.start:
                pending = _joined(pending, diff)
                continue
            if pending is not None:
                yield pending
            pending = diff
        lo = max(cut, lo + 1)
        if known is not None:
            known(pending.start if pending is not None else lo)
        control.step(lo - start)
    if pending is not None:
        yield pending


VALID_REACH = 1 << 20
"""Bytes checked at once for well-formed UTF-8, where the UTF-8 family cannot differ."""
ANOMALY_WINDOW = 1 << 10
"""Bytes decoded from where well-formed UTF-8 stops, for the UTF-8 family."""


def _valid_run_end(formats: Sequence[Format], source: Source, lo: int, hi: int) -> int:
    """For formats of the UTF-8 family only: the first offset from ``lo`` on
    (at most ``hi``) where one of them may read an anomaly: before it, the
    bytes are well-formed UTF-8, which they all read alike as text
    (:func:`~mojiscope.core.index.scan.valid_reach`, checked by CPython's
    decoder: for XTF-8 cut before its escape range too)."""
    kinds = {"xtf-8" if f.id == "xtf-8" else "utf-8" for f in formats}
    reach = min(valid_reach(kind, source, lo, hi) for kind in kinds)
    return hi if reach >= hi else reach


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
    skip = indexes is not None and _skippable(formats, indexes)
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
        if any(_may_differ(i, k) for i in indexes if i is not None):
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
