"""Two files compared with their encodings in mind: a verdict, then where they differ.

:func:`compare_files` streams through both sources (never holding either
whole) and answers, in this order, the first that holds:

``identical``
    The same bytes.
``bom``
    The same bytes once a byte order mark at the start of one (or a
    different one at the start of each) is left out.
``binary``
    Either file is no text (its best reading is mostly control characters
    or replacements, :class:`~mojiscope.core.index.first_look.FirstLook`):
    a byte verdict, how many bytes differ at how many places, and the
    first places with both sides' bytes.
``encoding``
    The same text, each file read in its own format (named), byte order
    marks and line ends alike or not said otherwise.
``line-endings``
    The same text once line ends are made one (``\\r\\n`` as ``\\n``),
    not before: only the line ends differ (and the encoding, if the
    formats differ too).
``misread``
    One file's text is the other's damaged by a chain of misreadings
    (UTF-8 read as windows-1252, and saved): the chain found by the
    mojibake explainer (:func:`~mojiscope.core.mojibake.explain`) on
    the first place that differs, verified over the whole file
    (:func:`~mojiscope.core.mojibake.stream.repaired_texts`).
``text``
    The text differs.

Which format each file is in comes from a first look at its start
(:func:`~mojiscope.core.index.first_look.first_look`), unless the caller
says; the readings close to the best are tried too, pair by pair
(:data:`MAX_PAIRS` at most, the same text under one pair settling it),
so that a file whose first bytes leave two code pages equally likely is
read the way the other file's text agrees with. Then, for every verdict
but ``identical`` and ``bom``, the places where the texts differ
(:class:`~mojiscope.core.compare.hunks.LineDiff`, bytes for each), the
first :data:`SHOWN_PLACES` in full and the rest counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import product

import numpy as np

from mojiscope.core.codecs.registry import get_format
from mojiscope.core.compare.hunks import Hunk, LineDiff, first_difference
from mojiscope.core.compare.text_stream import LineEnds, TextStream, normalised
from mojiscope.core.index.first_look import FIRST_LOOK_BYTES, FirstLook, first_look, sample_head
from mojiscope.core.index.summary import display_name
from mojiscope.core.mojibake import Chain, ChainError, explain
from mojiscope.core.mojibake.stream import repaired_texts
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import BytesSource, Source, read_once

CHUNK = 1 << 20
"""Bytes of each file compared at once."""
SHOWN_PLACES = 3
"""Places where the files differ that are given in full; the rest are counted."""
MAX_PAIRS = 8
"""Pairs of formats tried for the same text, at most."""
MISREAD_SAMPLE = 1 << 12
"""Bytes around the first difference that the mojibake explainer reads."""
MISREAD_CHAINS = 3
"""Chains of misreadings verified over the whole file, per direction."""
SHOWN_BYTES = 16
"""Bytes of each side given per place of a byte verdict."""

#: Byte order marks, longest first (UTF-32's little-endian one starts like UTF-16's).
SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xfe\x00\x00", "UTF-32LE"),
    (b"\x00\x00\xfe\xff", "UTF-32BE"),
    (b"\xef\xbb\xbf", "UTF-8"),
    (b"\xff\xfe", "UTF-16LE"),
    (b"\xfe\xff", "UTF-16BE"),
)


class VerdictKind(StrEnum):
    """What two files' difference is (see the module docstring)."""

    IDENTICAL = "identical"
    BOM = "bom"
    BINARY = "binary"
    ENCODING = "encoding"
    LINE_ENDINGS = "line-endings"
    MISREAD = "misread"
    TEXT = "text"


@dataclass(frozen=True)
class FileSide:
    """One file as compared: its name and size, the format its text was
    read in (None for a byte verdict), whether it starts with a byte order
    mark, its line ends, and its spans of an error kind."""

    name: str
    size: int
    format_id: str | None = None
    signature: str | None = None
    """The byte order mark it starts with (``UTF-8``, ``UTF-16LE``...), if any."""
    line_ends: str = ""
    errors: int = 0

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "bytes": self.size,
            "format": self.format_id,
            "bom": self.signature,
            "line_ends": self.line_ends or None,
            "errors": self.errors,
        }

    @property
    def format_words(self) -> str:
        """``UTF-16LE with a byte order mark``, ``cp1252``."""
        if self.format_id is None:
            return "bytes"
        name = display_name(get_format(self.format_id))
        return f"{name} with a byte order mark" if self.signature else name


@dataclass(frozen=True)
class ByteRun:
    """Bytes ``[start, end)`` that differ in a byte verdict, with the first
    :data:`SHOWN_BYTES` of each side there (fewer past a file's end)."""

    start: int
    end: int
    a: bytes
    b: bytes

    def as_json(self) -> dict[str, object]:
        return {"bytes": [self.start, self.end], "a": self.a.hex(" "), "b": self.b.hex(" ")}


@dataclass(frozen=True)
class FileComparison:
    """The verdict on two files and where they differ."""

    kind: VerdictKind
    a: FileSide
    b: FileSide
    words: str
    """The verdict in a sentence."""
    chain: tuple[str, ...] = ()
    """For ``misread``: the chain's words, oldest misreading first."""
    misread: str = ""
    """For ``misread``: ``b`` when B is A misread, ``a`` when A is B misread."""
    places: int = 0
    """Places where the texts (or, for a byte verdict, the bytes) differ."""
    hunks: tuple[Hunk, ...] = ()
    byte_runs: tuple[ByteRun, ...] = ()
    notes: tuple[str, ...] = field(default=())
    """What else differs or is worth knowing, in words."""

    @property
    def more(self) -> int:
        """Places counted and not given."""
        return max(self.places - len(self.hunks) - len(self.byte_runs), 0)

    def as_json(self) -> dict[str, object]:
        return {
            "verdict": self.kind.value,
            "words": self.words,
            "a": self.a.as_json(),
            "b": self.b.as_json(),
            "chain": list(self.chain),
            "misread": self.misread or None,
            "places": self.places,
            "hunks": [h.as_json() for h in self.hunks],
            "byte_runs": [r.as_json() for r in self.byte_runs],
            "more": self.more,
            "notes": list(self.notes),
        }


def same_bytes(a: Source, b: Source, skip_a: int = 0, skip_b: int = 0) -> bool:
    """Whether ``a`` from byte ``skip_a`` on holds the bytes ``b`` holds from ``skip_b`` on."""
    if len(a) - skip_a != len(b) - skip_b:
        return False
    read_a, read_b = read_once(a, skip_a), read_once(b, skip_b)
    return all(read_a(CHUNK) == read_b(CHUNK) for _ in range(0, len(a) - skip_a, CHUNK))


def signature_of(source: Source) -> tuple[bytes, str] | None:
    """The byte order mark ``source`` starts with and whose it is, if any."""
    head = source.read(0, 4)
    return next(((mark, name) for mark, name in SIGNATURES if head.startswith(mark)), None)


def byte_runs(a: Source, b: Source, shown: int = SHOWN_PLACES) -> tuple[int, int, list[ByteRun]]:
    """Bytes compared offset by offset: how many differ (bytes one file has
    past the other's end count), at how many places (runs of differing
    bytes; the bytes past the shorter file's end go with a run that reaches
    it, else are a place of their own), and the first ``shown`` places."""
    common = min(len(a), len(b))
    differing = places = 0
    first: list[list[int]] = []
    last_end = -1
    read_a, read_b = read_once(a), read_once(b)
    for at in range(0, common, CHUNK):
        x = np.frombuffer(read_a(min(CHUNK, common - at)), np.uint8)
        y = np.frombuffer(read_b(min(CHUNK, common - at)), np.uint8)
        where = np.flatnonzero(x != y)
        if not len(where):
            continue
        differing += len(where)
        cuts = np.flatnonzero(np.diff(where) > 1) + 1
        starts = (where[np.concatenate(([0], cuts))] + at).tolist()
        ends = (where[np.concatenate((cuts - 1, [len(where) - 1]))] + at + 1).tolist()
        if starts[0] == last_end:  # the run the chunk before ended with goes on
            if first and first[-1][1] == last_end:
                first[-1][1] = ends[0]
            last_end = ends[0]
            starts, ends = starts[1:], ends[1:]
        places += len(starts)
        first.extend([s, e] for s, e in zip(starts, ends, strict=True))
        del first[shown:]
        if ends:
            last_end = ends[-1]
    if len(a) != len(b):
        differing += abs(len(a) - len(b))
        tail = max(len(a), len(b))
        if last_end == common and common:
            if first and first[-1][1] == common:
                first[-1][1] = tail
        else:
            places += 1
            if len(first) < shown:
                first.append([common, tail])
    return differing, places, [_run(a, b, s, e) for s, e in first]


def _run(a: Source, b: Source, start: int, end: int) -> ByteRun:
    stop = min(end, start + SHOWN_BYTES)
    return ByteRun(start, end, a.read(start, stop), b.read(start, stop))


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def compare_files(
    a: Source,
    b: Source,
    *,
    names: tuple[str, str] = ("A", "B"),
    formats: tuple[str | None, str | None] = (None, None),
    shown: int = SHOWN_PLACES,
    control: Control = UNCONTROLLED,
) -> FileComparison:
    """The verdict on ``a`` and ``b`` and where they differ (see the module
    docstring). ``formats`` fixes the format a file is read in (None: from
    a first look at it)."""
    side_a, side_b = FileSide(names[0], len(a)), FileSide(names[1], len(b))
    if same_bytes(a, b):
        words = f"identical: the same {_plural(len(a), 'byte')}"
        return FileComparison(VerdictKind.IDENTICAL, side_a, side_b, words)
    control.check()
    marks = signature_of(a), signature_of(b)
    if marks != (None, None) and marks[0] != marks[1]:
        skip_a, skip_b = (len(m[0]) if m else 0 for m in marks)
        if same_bytes(a, b, skip_a, skip_b):
            return _bom_only(side_a, side_b, marks)
    looks = [first_look(s) if f is None else None for s, f in ((a, formats[0]), (b, formats[1]))]
    if any(look is not None and look.binary for look in looks):
        return _byte_verdict(a, b, side_a, side_b, shown)
    control.check()
    pairs = _pairs(a, b, looks, formats)
    pairs += [p for p in _agreeing(a, b, looks, pairs[0]) if p not in pairs]
    for fa, fb in pairs:
        stream_a = TextStream(get_format(fa), a, control)
        stream_b = TextStream(get_format(fb), b, control)
        if first_difference(stream_a.read, stream_b.read) is None:
            return _same_text(
                _read_side(side_a, stream_a), _read_side(side_b, stream_b), stream_a, stream_b
            )
    fa, fb = pairs[0]
    stream_a = TextStream(get_format(fa), a, control)
    stream_b = TextStream(get_format(fb), b, control)
    diff = LineDiff(stream_a, stream_b, shown)
    hunks = tuple(diff)
    side_a, side_b = _read_side(side_a, stream_a), _read_side(side_b, stream_b)
    notes = _notes(side_a, side_b)
    misread = _misread(a, b, fa, fb, hunks, control) if hunks else None
    if misread is not None:
        direction, chain = misread
        damaged, original = (names[1], names[0]) if direction == "b" else names
        words = f"{damaged} is {original} misread: " + "; ".join(chain.words)
        return FileComparison(
            VerdictKind.MISREAD,
            side_a,
            side_b,
            words,
            tuple(chain.words),
            direction,
            diff.places,
            hunks,
            notes=notes,
        )
    words = f"the text differs at {_plural(diff.places, 'place')}"
    return FileComparison(
        VerdictKind.TEXT, side_a, side_b, words, places=diff.places, hunks=hunks, notes=notes
    )


def _bom_only(
    side_a: FileSide, side_b: FileSide, marks: tuple[tuple[bytes, str] | None, ...]
) -> FileComparison:
    def said(side: FileSide, mark: tuple[bytes, str] | None) -> str:
        if mark is None:
            return f"{side.name} has none"
        return f"{side.name} starts with the {mark[1]} one ({mark[0].hex(' ').upper()})"

    side_a = FileSide(side_a.name, side_a.size, signature=marks[0][1] if marks[0] else None)
    side_b = FileSide(side_b.name, side_b.size, signature=marks[1][1] if marks[1] else None)
    words = f"differ only by a byte order mark: {said(side_a, marks[0])}, {said(side_b, marks[1])}"
    return FileComparison(VerdictKind.BOM, side_a, side_b, words)


def _byte_verdict(
    a: Source, b: Source, side_a: FileSide, side_b: FileSide, shown: int
) -> FileComparison:
    differing, places, runs = byte_runs(a, b, shown)
    words = f"binary files differ: {_plural(differing, 'byte')} at {_plural(places, 'place')}" + (
        "" if len(a) == len(b) else f"; {side_a.name} has {len(a):,}, {side_b.name} {len(b):,}"
    )
    return FileComparison(
        VerdictKind.BINARY, side_a, side_b, words, places=places, byte_runs=tuple(runs)
    )


def _pairs(
    a: Source, b: Source, looks: list[FirstLook | None], formats: tuple[str | None, str | None]
) -> list[tuple[str, str]]:
    """The pairs of formats to read the files in, likeliest first."""
    options: list[list[str]] = []
    for source, look, fixed in ((a, looks[0], formats[0]), (b, looks[1], formats[1])):
        if fixed is not None:
            options.append([get_format(fixed).id])
            continue
        assert look is not None
        options.append(_distinct_readings(source, list(look.readings)))
    ranked = sorted(product(range(len(options[0])), range(len(options[1]))), key=sum)
    return [(options[0][i], options[1][j]) for i, j in ranked][:MAX_PAIRS]


def _agreeing(
    a: Source, b: Source, looks: list[FirstLook | None], best: tuple[str, str]
) -> list[tuple[str, str]]:
    """More pairs, from the other file's text: each format the first look
    at one file found readable without error (not only those close to the
    best) whose reading of its first bytes is the other file's text there,
    read in its best format. A short file leaves several code pages nearly
    as likely; the other file's text says which one it was written in."""
    found: list[tuple[str, str]] = []
    for side, (source, look) in enumerate(((a, looks[0]), (b, looks[1]))):
        if look is None or look.summary is None:
            continue
        other = (b, a)[side]
        wanted = _head_text(other, best[1 - side])
        for summary in look.summary.formats:
            if summary.errors or summary.format_id == best[side]:
                continue
            text = _head_text(source, summary.format_id)
            n = min(len(text), len(wanted))
            if n and text[:n] == wanted[:n]:
                pair = (summary.format_id, best[1]) if side == 0 else (best[0], summary.format_id)
                found.append(pair)
                break
    return found


def _head_text(source: Source, format_id: str) -> str:
    """The text of ``source``'s first bytes in ``format_id``, a signature
    left out, line ends made one, less its last few characters (the sample
    may end inside one)."""
    stream = TextStream(get_format(format_id), BytesSource(source.read(0, FIRST_LOOK_BYTES)))
    text = "".join(iter(stream.read, None))
    return text[:-4]


def _distinct_readings(source: Source, format_ids: list[str]) -> list[str]:
    """``format_ids`` less those that read the first bytes as one before them did."""
    head = source.read(0, FIRST_LOOK_BYTES)
    seen: set[str] = set()
    kept = []
    for fid in format_ids:
        text = get_format(fid).decode(head).text
        if text not in seen:
            seen.add(text)
            kept.append(fid)
    return kept


def _read_side(side: FileSide, stream: TextStream) -> FileSide:
    mark = signature_of(stream.source) if stream.signature else None
    return FileSide(
        side.name,
        side.size,
        stream.format.id,
        mark[1] if mark else ("yes" if stream.signature else None),
        stream.line_ends.words,
        stream.errors,
    )


def _notes(side_a: FileSide, side_b: FileSide, *, formats: bool = True) -> tuple[str, ...]:
    """What else differs (the formats, unless not ``formats``, and the line
    ends) and the invalid sequences each file holds, in words."""
    notes = []
    if formats and (side_a.format_id != side_b.format_id or side_a.signature != side_b.signature):
        notes.append(f"{side_a.name} is {side_a.format_words}, {side_b.name} {side_b.format_words}")
    if formats and side_a.line_ends != side_b.line_ends:
        notes.append(
            f"line ends: {side_a.name} {side_a.line_ends}, {side_b.name} {side_b.line_ends}"
        )
    for side in (side_a, side_b):
        if side.errors:
            notes.append(
                f"{side.name} has {_plural(side.errors, 'invalid sequence')} in {side.format_id}"
            )
    return tuple(notes)


def _same_text(
    side_a: FileSide, side_b: FileSide, stream_a: TextStream, stream_b: TextStream
) -> FileComparison:
    notes = _notes(side_a, side_b, formats=False)
    if stream_a.digest() == stream_b.digest():
        words = (
            f"the same text in another encoding: {side_a.name} is {side_a.format_words}, "
            f"{side_b.name} {side_b.format_words}"
        )
        return FileComparison(VerdictKind.ENCODING, side_a, side_b, words, notes=notes)
    words = (
        f"differ only in line ends: {side_a.name} {_ends(stream_a.line_ends)}, "
        f"{side_b.name} {_ends(stream_b.line_ends)}"
    )
    if side_a.format_id != side_b.format_id or side_a.signature != side_b.signature:
        words += (
            f", and in encoding: {side_a.name} is {side_a.format_words}, "
            f"{side_b.name} {side_b.format_words}"
        )
    return FileComparison(VerdictKind.LINE_ENDINGS, side_a, side_b, words, notes=notes)


def _ends(ends: LineEnds) -> str:
    return ends.words


def _misread(
    a: Source, b: Source, fa: str, fb: str, hunks: tuple[Hunk, ...], control: Control
) -> tuple[str, Chain] | None:
    """``("b", chain)`` when B's text is A's damaged by ``chain`` (B read
    through the chain's repair is A's text), ``("a", chain)`` the other
    way round; None when no chain the explainer finds at the first place
    that differs holds over the whole file."""
    first = hunks[0]
    for direction, damaged, original, fmt, at in (
        ("b", b, a, fa, first.b.start),
        ("a", a, b, fb, first.a.start),
    ):
        sample = sample_head(damaged.read(at, at + MISREAD_SAMPLE))
        chains = [e.chain for e in explain(sample) if e.chain.layers][:MISREAD_CHAINS]
        for chain in chains:
            if _repairs_to(chain, damaged, original, fmt, control):
                return direction, chain
    return None


def _repairs_to(
    chain: Chain, damaged: Source, original: Source, fmt: str, control: Control
) -> bool:
    """Whether ``damaged`` read through ``chain``'s repair is the text of
    ``original`` read as ``fmt`` (line ends made one on both sides)."""
    repaired = normalised(_without_bom(repaired_texts(chain, damaged, control=control)))
    text = TextStream(get_format(fmt), original, control)
    try:
        return first_difference(lambda: next(repaired, None), text.read) is None
    except ChainError:
        return False


def _without_bom(texts: Iterator[str]) -> Iterator[str]:
    first = True
    for text in texts:
        if first:
            first = False
            text = text.removeprefix("\ufeff")
        if text:
            yield text


def compare_paths(
    control: Control, path_a: str, path_b: str, names: tuple[str, str] | None = None
) -> FileComparison:
    """:func:`compare_files` of the files at ``path_a`` and ``path_b``, opened
    here: the form :func:`~mojiscope.core.system.child_job.run_in_child`
    runs in a child process."""
    from mojiscope.core.system.source import FileSource

    with FileSource(path_a) as a, FileSource(path_b) as b:
        return compare_files(a, b, names=names or (path_a, path_b), control=control)
