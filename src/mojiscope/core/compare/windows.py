"""Walking a source window by window to find where formats disagree, in arrays.

The machinery under :mod:`~mojiscope.core.compare.formats` (which makes
:class:`~mojiscope.core.compare.formats.Difference` objects of it) and
:mod:`~mojiscope.core.compare.sweep` (which keeps it as arrays). :func:`walk`
goes over ``[start, end)`` and yields a :class:`Window` for every window it
compared: where it was cut, and the ranges in it that the formats read
differently, with, per pair of formats, whether the pair reads each range
differently and which kinds of span one of the two has there and the other
not (a bit mask). Nothing in a window is a Python step per character or
per range: the window's units (:class:`~mojiscope.core.compare.units.Units`)
are compared in arrays.

What is skipped: chunks the indexes say cannot differ (the UTF-8 family,
:data:`~mojiscope.core.index.scan.VALID_UTF8_IS_CLEAN`); in the UTF-8
family, well-formed UTF-8 (checked by CPython's decoder; only
:data:`ANOMALY_WINDOW` bytes are decoded where it stops); runs of ASCII
after ASCII when every format reads ASCII as itself
(:func:`reads_ascii_as_itself`); windows every format decodes alike.
A window ends at a *common boundary* (an offset where every format starts
a unit, or ends its decode), grown until there is one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format
from mojiscope.core.compare.units import Units
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.index.scan import VALID_UTF8_IS_CLEAN, codec_of, valid_reach
from mojiscope.core.spans.event import KIND_CODES, TEXT_CODE, SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source

Ints = npt.NDArray[np.int64]

WINDOW = 1 << 16
"""Bytes compared at once."""


@dataclass(frozen=True)
class Window:
    """One window compared: bytes up to ``cut`` are done. ``los[k]..his[k]``
    are the ranges in it the formats read differently (none where they
    agree), ``differ[p, k]`` whether pair ``p`` of :func:`pairs` reads range
    ``k`` differently, ``kinds[f, k]`` the kinds of span (bits ``1 << kind
    code``) format ``f`` has there, and ``units`` the formats' units (for
    the readings of a range; empty where none differ)."""

    cut: int
    los: Ints
    his: Ints
    differ: npt.NDArray[np.bool_]
    kinds: Ints
    units: tuple[Units, ...]


def pairs(count: int) -> list[tuple[int, int]]:
    """The pairs of ``count`` formats, in order: (0, 1), (0, 2)... (1, 2)..."""
    return [(a, b) for a in range(count) for b in range(a + 1, count)]


def _empty(cut: int, count: int) -> Window:
    none = np.zeros(0, np.int64)
    p = len(pairs(count))
    return Window(cut, none, none, np.zeros((p, 0), bool), np.zeros((count, 0), np.int64), ())


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


def skippable(formats: Sequence[Format], indexes: Sequence[FileIndex | None]) -> bool:
    """Whether ``indexes`` let chunks be skipped: the formats are all of the
    UTF-8 family, each has an index, and the indexes cut the same chunks."""
    return (
        all(f.id in VALID_UTF8_IS_CLEAN for f in formats)
        and all(i is not None for i in indexes)
        and len({i.chunk_size for i in indexes if i is not None}) == 1
    )


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


def _next_unclean(indexes: Sequence[FileIndex | None], lo: int, end: int) -> int:
    """The first offset at or after ``lo`` in a chunk that some index has
    not indexed or found an anomaly in (the chunks before it cannot differ)."""
    first = indexes[0]
    assert first is not None
    size = first.chunk_size
    k = lo // size
    n = len(first.chunks)
    while k < n and k * size < end:
        if any(may_differ(i, k) for i in indexes if i is not None):
            return max(lo, k * size)
        k += 1
    return end


def may_differ(index: FileIndex, k: int) -> bool:
    """Whether chunk ``k`` of ``index`` is not indexed yet or holds an anomaly."""
    counts = index.chunks[k]
    return counts is None or counts.first >= 0


def walk(
    formats: Sequence[Format],
    source: Source,
    start: int,
    end: int,
    indexes: Sequence[FileIndex | None] | None = None,
    control: Control = UNCONTROLLED,
) -> Iterator[Window]:
    """Every window of ``[start, end)`` compared, in order (see the module
    docstring); progress counts bytes."""
    skip = indexes is not None and skippable(formats, indexes)
    ascii_alike = all(reads_ascii_as_itself(f) for f in formats)
    family = {f.id for f in formats} <= VALID_UTF8_IS_CLEAN
    count = len(formats)
    lo = start
    while lo < end:
        if skip and indexes is not None:
            lo = _next_unclean(indexes, lo, end)
            if lo >= end:
                break
        hi = min(end, lo + WINDOW)
        if family:
            limit = lo + VALID_REACH
            if skip and indexes is not None and indexes[0] is not None:
                limit = (lo // indexes[0].chunk_size + 1) * indexes[0].chunk_size
            limit = min(end, limit)
            reach = _valid_run_end(formats, source, lo, limit)
            if reach >= limit:  # well-formed up to there: nothing differs
                lo = limit
                control.step(lo - start)
                yield _empty(lo, count)
                continue
            lo = reach
            hi = min(end, lo + ANOMALY_WINDOW)
        if ascii_alike and source.read(max(lo - 1, 0), hi).isascii():
            found = _empty(hi, count)  # every format reads these bytes as the same ASCII
        else:
            cut, units, common = _window(formats, source, lo, hi, end)
            found = window_ranges(units, common, lo, cut) if units else _empty(cut, count)
        lo = max(found.cut, lo + 1)
        control.step(lo - start)
        yield found


def window_ranges(units: list[Units], common: Ints, lo: int, cut: int) -> Window:
    """The ranges of ``[lo, cut)`` (``cut`` a common boundary) the formats
    read differently: the window cut into segments at the ``common``
    boundaries; a segment differs for a pair where the two have not as
    many units in it, or their units there differ (code points; anomalies
    of another kind, reason or text); a range is a run of segments some
    pair differs on. All in arrays."""
    count = len(units)
    common = common[(common >= lo) & (common < cut)]
    if not len(common):
        return _empty(cut, count)
    n = len(common)
    segments, tokens, kinds = [], [], []
    for u in units:
        keep = (u.starts >= common[0]) & (u.starts < cut)
        segments.append(np.searchsorted(common, u.starts[keep], "right") - 1)
        tokens.append(u.tokens[keep])
        kinds.append(u.kinds[keep])
    tallies = [np.bincount(segment, minlength=n) for segment in segments]
    every = pairs(count)
    pair_differs = np.zeros((len(every), n), bool)
    for p, (a, b) in enumerate(every):
        alike = tallies[a] == tallies[b]
        mismatch = tokens[a][alike[segments[a]]] != tokens[b][alike[segments[b]]]
        pair_differs[p] = ~alike
        pair_differs[p][segments[a][alike[segments[a]]][mismatch]] = True
    differs = pair_differs.any(axis=0)
    bounds = np.concatenate((common, [cut]))
    edges = np.diff(np.concatenate(([0], differs.astype(np.int8), [0])))
    firsts, stops = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    los, his = bounds[firsts], bounds[stops]
    sums = np.concatenate((np.zeros((len(every), 1), np.int64), np.cumsum(pair_differs, 1)), 1)
    differ = (sums[:, stops] - sums[:, firsts]) > 0
    present = np.stack(
        [_kinds_in(k, segment, firsts, stops) for k, segment in zip(kinds, segments, strict=True)]
    )
    return Window(cut, los, his, differ, present, tuple(units))


def _kinds_in(kinds: Ints, segments: Ints, firsts: Ints, stops: Ints) -> Ints:
    """Per range (segments ``firsts[k]..stops[k]``), the kinds of span its
    units belong to, as bits ``1 << kind code``."""
    mask = np.zeros(len(firsts), np.int64)
    if not len(firsts):
        return mask
    lo = np.searchsorted(segments, firsts, "left")
    hi = np.searchsorted(segments, stops, "left")
    for code in np.flatnonzero(np.bincount(kinds, minlength=1)).tolist():
        sums = np.concatenate(([0], np.cumsum(kinds == code)))
        mask |= np.where(sums[hi] - sums[lo] > 0, 1 << code, 0)
    return mask


@cache
def mask_words(first: int, second: int) -> frozenset[str]:
    """Why two readings differ whose spans are of the kinds ``first`` and
    ``second`` (bits ``1 << kind code``): the anomaly kinds one of them has
    and the other not (``lone surrogates``...; ``invalid sequences`` only
    when nothing else says it), else the anomaly kinds both have (of
    another reason or text), else ``different text``."""
    for mask in (first ^ second, first & second):
        names = {KIND_CODES[code].value for code in range(len(KIND_CODES)) if mask >> code & 1}
        names.discard(SpanKind.TEXT.value)
        if len(names) > 1:
            names.discard(SpanKind.INVALID.value)  # the other side says what it is
        if names:
            return frozenset(KIND_WORDS.get(k, k) for k in names)
    return frozenset({"different text"})


KIND_WORDS = {
    "surrogate": "lone surrogates",
    "invalid": "invalid sequences",
    "escape": "escaped bytes",
    "collision": "collisions",
    "signature": "a signature",
    "reserved": "reserved sequences",
    "beyond": "values beyond Unicode",
    "warning": "warnings",
}
