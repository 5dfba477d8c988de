"""Inconsistent mojibake: a line where some characters were misread and
others were not, repaired piece by piece.

A text pasted together from two sources (``DivisÃ£o … Classificação``), a
left quote read as windows-1252 beside a right one read as latin-1 (``â€œ``
and ``â\\x80\\x9d``), an emoji written as CESU-8 and read as windows-1252:
no chain fits the whole text, and the per-line chooser (``parts.py``) cannot
help within a line. Here each *run* of characters that reads as UTF-8 seen
through windows-1252 or latin-1 (a lead byte's character, then as many
continuation bytes' characters as it needs) is undone on its own, and every
other character is left as it is. Undoing is repeated while runs remain (up
to :data:`MAX_ROUNDS`: text misread twice). The result is one reading whose
parts are the runs (each with the reader that made it) and the stretches
between them (the empty chain); the model prices it like any reading.

A second reading guesses the bytes some pieces lost. Where the line shows
such runs, a sequence one byte short beside them (``記憶ã¨ç©º``: と, E3 81
A8, lost the 81 windows-1252 has no character for; ``å—ç¬¦``: 字 lost its
AD, a soft hyphen a page shows as nothing) is a piece, its lost byte
guessed among those the reader may have lost (``lost.decode_with_holes``);
anywhere, so is a lead byte's character before a space that was its
no-break space (``Voilà Ã  bientôt``), and a third reading keeps that
space where HTML collapsed the two (``Voilà Ã bientôt``). The guesses are
the reading's, over the bytes of their pieces.

Stray legacy bytes (:func:`legacy_pieces`): UTF-8 text holding bytes a
legacy code page wrote (``Il caff\\xe8 è pronto``: one word typed on
another machine; a line a Windows program appended) is read with those
runs (``legacy_units.legacy_runs``) in one code page and the rest as UTF-8,
a reading per code page that reads every run, priced like any reading.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from mojiscope.core.mojibake import model
from mojiscope.core.mojibake.chain import Chain, ChainError, Misreading, python_codec, repair_text
from mojiscope.core.mojibake.features import in_prose, scored_text
from mojiscope.core.mojibake.guess import FFFD_STAND_IN, SPACE, Guess
from mojiscope.core.mojibake.hypothesis import Hypothesis, guess_kinds
from mojiscope.core.mojibake.legacy_units import decodes_as, holds_utf8_apart, legacy_runs
from mojiscope.core.mojibake.lost import decode_with_holes
from mojiscope.core.mojibake.offsets import source_offsets
from mojiscope.core.mojibake.parts import Part
from mojiscope.core.mojibake.readers import MIXED_READER
from mojiscope.core.mojibake.runs import short_sequences, space_sequences, utf8_runs
from mojiscope.core.mojibake.search import LEGACY_STORED, invisible_bytes, is_utf8, undefined_bytes
from mojiscope.core.mojibake.second_readings import keep_spaces

MAX_ROUNDS = 2
_CESU = "cesu-8"


def _reader_of(run: str) -> str:
    for reader in ("windows-1252", "latin-1"):
        try:
            run.encode(python_codec(reader))
            return reader
        except UnicodeEncodeError:
            continue
    return MIXED_READER


@lru_cache(maxsize=4096)
def _undo(run: str) -> tuple[str, str, str] | None:
    """The run undone: its text, its reader and the writer (utf-8 or cesu-8)
    (kept per run: a text repeats its few misread letters)."""
    raw = run.encode(python_codec(MIXED_READER))
    for writer in ("utf-8", _CESU):
        try:
            return raw.decode(python_codec(writer)), _reader_of(run), writer
        except UnicodeDecodeError:
            continue
    return None


class _Run(NamedTuple):
    """A run found in a text: where (``start``, ``end`` in the text), its
    text undone, its reader and writer, and the lost bytes guessed in it
    (offsets in the run's characters, ``at_char`` in its text undone)."""

    start: int
    end: int
    text: str
    reader: str
    writer: str
    guesses: tuple[Guess, ...] = ()


def _runs(text: str, holes: bool) -> list[_Run]:
    """The runs of ``text``, in order; ``holes``: with the sequences that
    lost a byte (:func:`_lost_runs`). None of those overlaps a run: a lead
    byte's character in a run is followed by all the continuation bytes'
    characters it needs."""
    runs = []
    for match in utf8_runs().finditer(text):
        undone = _undo(match.group())
        if undone is not None:
            runs.append(_Run(match.start(), match.end(), *undone))
    if holes:
        runs = sorted(runs + _lost_runs(text, whole=bool(runs)), key=lambda run: run.start)
    return runs


#: The bytes a windows-1252 reader loses: those Python's cp1252 has no character for,
#: and the soft hyphen a page shows as nothing.
_LOST = undefined_bytes("cp1252")
_INVISIBLE = invisible_bytes("windows-1252")


def _lost_runs(text: str, *, whole: bool) -> list[_Run]:
    """The sequences of ``text`` that lost a byte, each a run with the byte
    guessed: a lead byte's character before a space that was a no-break
    space (``Ã `` is ``à``: strong evidence on its own), and, when the text
    shows ``whole`` runs, sequences a byte short (:func:`_filled`)."""
    runs = []
    for match in space_sequences().finditer(text):
        raw = match.group()[0].encode(python_codec(MIXED_READER)) + b"\xa0"
        char = raw.decode("utf-8")
        guess = Guess(0, 2, SPACE, char, (), at_char=0)
        reader = _reader_of(match.group())
        runs.append(_Run(match.start(), match.end(), char, reader, "utf-8", (guess,)))
    if whole:
        invisible = "\xad" not in text
        for match in short_sequences().finditer(text):
            before = _undone(text[: match.start()][-12:]).rsplit("\ufffd", 1)[-1]
            after = _undone(text[match.end() :][:12]).split("\ufffd", 1)[0]
            around = (before[-3:], after)
            filled = _filled(match.group(), invisible=invisible, around=around)
            if filled is not None:
                runs.append(_Run(match.start(), match.end(), *filled))
    return runs


def _filled(
    run: str, *, invisible: bool, around: tuple[str, str] = ("", "")
) -> tuple[str, str, str, tuple[Guess, ...]] | None:
    """A sequence a byte short undone, its lost byte guessed among those a
    windows-1252 reader loses (the soft hyphen too where ``invisible``: the
    text shows none, so a copy of the page may have lost them), the
    characters ``around`` it (the text before and after it, misreadings
    undone) ranking the fills: its text, reader, writer and guesses."""
    raw = run.replace("\ufffd", chr(FFFD_STAND_IN)).encode(python_codec(MIXED_READER))
    holes = _LOST + _INVISIBLE if invisible else _LOST
    decoded = decode_with_holes(raw, holes, allow_cut=False, around=around)
    if decoded is None or not decoded[1]:
        return None
    return decoded[0], _reader_of(run.replace("\ufffd", "?")), "utf-8", tuple(decoded[1])


def _undone(text: str) -> str:
    """``text`` with UTF-8 read as windows-1252 (or latin-1) undone, U+FFFD
    where that is no UTF-8; as it is where it holds a character neither
    reader makes (the neighbours of a piece: ``ç¬¦`` is ``符``)."""
    try:
        return text.encode(python_codec(MIXED_READER)).decode("utf-8", "replace")
    except UnicodeError:
        return text


def _deeper(run: str, undone: str, chain: Chain) -> tuple[str, Chain]:
    """A run's text undone again while it is, all of it, one run of one more
    misreading (up to :data:`MAX_ROUNDS`: text misread twice), and the
    run's chain, whose repair of the run's bytes gives that text."""
    while len(chain.layers) < MAX_ROUNDS:
        # Not all of it one run: its chain would spoil what is not.
        found = _undo(undone) if utf8_runs().fullmatch(undone) else None
        if found is None:
            break
        again, reader, writer = found
        deeper = chain.undo_one(Misreading(writer, reader))
        try:
            if repair_text(deeper, run.encode("utf-8", "surrogateescape")) != again:
                break
        except ChainError:
            break
        undone, chain = again, deeper
    return undone, chain


#: A reading and its parts.
Reading = tuple[Hypothesis, tuple[Part, ...]]


def piecewise(data: bytes, known: Container[str] = ()) -> list[Reading]:
    """The piece-by-piece readings of ``data`` (see the module docstring):
    the runs undone; where the bytes are UTF-8 and sequences lost a byte,
    the same with those guessed too, and that one with the spaces it took
    for no-break spaces kept where HTML collapsed the two
    (:func:`spaces_kept`). None when no run is found, and a reading whose text
    is one of ``known`` (readings already made) is neither cut into parts
    nor priced. Each run's part carries the chain that repairs its bytes
    into the text shown, so the repair plan writes exactly that text; the
    guesses stand over the bytes of the sequences they fill (offsets in
    the stored text's characters, which are the source's for UTF-8)."""
    escaped = data.decode("utf-8", "surrogateescape")
    runs = _runs(escaped, holes=is_utf8(data))
    undone = []  # each run's text and chain (a whole run undone again while it is one)
    for run in runs:
        chain = Chain((Misreading(run.writer, run.reader),))
        text = escaped[run.start : run.end]
        undone.append((run.text, chain) if run.guesses else _deeper(text, run.text, chain))
    whole = [i for i, run in enumerate(runs) if not run.guesses]
    found: list[Reading] = []
    if whole:
        plain = _reading(escaped, [runs[i] for i in whole], [undone[i] for i in whole], known)
        found += [plain] if plain is not None else []
    if len(whole) < len(runs):
        lost = _reading(escaped, runs, undone, known)
        kept = spaces_kept(lost) if lost is not None else None
        found += [r for r in (lost, kept) if r is not None and r[0].text not in known]
    return found


def _reading(
    escaped: str, runs: list[_Run], undone: list[tuple[str, Chain]], known: Container[str]
) -> Reading | None:
    """The reading with ``runs`` undone (``undone``: each one's text and
    chain) and the rest kept, or ``None`` when its text is one of ``known``."""
    out: list[str] = []
    guesses: list[Guess] = []
    pos = shift = 0  # shift: how much longer the text shown is than the text so far
    for run, (text, _chain) in zip(runs, undone, strict=True):
        at = run.start + shift  # where the run's text starts in the text shown
        guesses += [
            replace(g, start=g.start + run.start, end=g.end + run.start, at_char=g.at_char + at)
            for g in run.guesses
        ]
        out += [escaped[pos : run.start], text]
        shift += len(text) - (run.end - run.start)
        pos = run.end
    out.append(escaped[pos:])
    joined = "".join(out).encode("utf-8", "surrogateescape")
    shown = joined.decode("utf-8", "replace")
    if shown in known:
        return None
    chains = [chain for _text, chain in undone]
    parts = _parts(escaped, runs, chains)
    readers = {run.reader for run in runs}
    reader = readers.pop() if len(readers) == 1 else MIXED_READER
    writers = {run.writer for run in runs}
    writer = "utf-8" if writers == {"utf-8"} else _CESU
    rounds = max(len(chain.layers) for chain in chains)
    main = Chain((Misreading(writer, reader),) * rounds)
    found = tuple(guesses)
    # Bytes left that are no UTF-8 are scored as such, not as U+FFFD in the text.
    seen = scored_text(joined)
    price = model.price(seen, main, guess_kinds(found), parts=len(parts), pieces=True)
    hypothesis = Hypothesis(
        shown, main, found, price, parts=len(parts), pieces=True, scored_text=_unless(seen, shown)
    )
    return hypothesis, parts


def _unless(seen: str, shown: str) -> str | None:
    """The text scored, where it is not the text shown."""
    return None if seen == shown else seen


def _parts(escaped: str, runs: list[_Run], chains: list[Chain]) -> tuple[Part, ...]:
    """The parts of a reading: each run (runs that meet, read alike, as one)
    and the stretches between them, kept as they are; in source bytes."""
    offsets = source_offsets(escaped)
    spans: list[tuple[int, int, Chain]] = []
    for run, chain in zip(runs, chains, strict=True):
        if spans and spans[-1][1] == run.start and spans[-1][2] == chain:
            spans[-1] = (spans[-1][0], run.end, chain)
        else:
            spans.append((run.start, run.end, chain))
    parts: list[Part] = []
    pos = 0
    for start, end, chain in spans:
        if pos < start:
            parts.append(Part(int(offsets[pos]), int(offsets[start]), Chain()))
        parts.append(Part(int(offsets[start]), int(offsets[end]), chain))
        pos = end
    if pos < len(escaped):
        parts.append(Part(int(offsets[pos]), int(offsets[-1]), Chain()))
    return tuple(parts)


def _reads_as_words(codec: str, run: bytes) -> bool:
    """Whether ``codec`` reads ``run`` (bytes beyond ASCII) as text and back
    (``legacy_units.decodes_as``) made of what prose is (``features.in_prose``):
    what a legacy piece of text is; bytes a test file or a dump holds
    (``C0 AF``, ``ED A0 80``) read as other signs in most code pages."""
    return decodes_as(codec, run) and all(map(in_prose, run.decode(python_codec(codec))))


def legacy_pieces(data: bytes, known: Container[str] = ()) -> list[Reading]:
    """The readings of bytes that are UTF-8 but for some runs that are no
    UTF-8 (``legacy_units.legacy_runs``) and that hold valid UTF-8 beyond
    ASCII apart from them: per code page of ``search.LEGACY_STORED`` that
    reads every run as words (:func:`_reads_as_words`), those
    runs read so and the rest as UTF-8; a reading whose text is one of
    ``known`` is left out. Each run's part is "written as" its code page."""
    runs = legacy_runs(data)
    if not runs or not holds_utf8_apart(data, runs):
        return []
    found: list[Reading] = []
    for codec in LEGACY_STORED:
        if not all(_reads_as_words(codec, data[a:b]) for a, b in runs):
            continue
        chain = Chain((), codec)
        pieces: list[str] = []
        parts: list[Part] = []
        pos = 0
        for a, b in runs:
            if pos < a:
                pieces.append(data[pos:a].decode("utf-8"))
                parts.append(Part(pos, a, Chain()))
            pieces.append(data[a:b].decode(python_codec(codec)))
            parts.append(Part(a, b, chain))
            pos = b
        if pos < len(data):
            pieces.append(data[pos:].decode("utf-8"))
            parts.append(Part(pos, len(data), Chain()))
        text = "".join(pieces)
        if text in known or any(text == h.text for h, _ in found):
            continue
        price = model.price(text, chain, parts=len(parts), pieces=True)
        found.append(
            (Hypothesis(text, chain, (), price, parts=len(parts), pieces=True), tuple(parts))
        )
    return found


def spaces_kept(found: Reading) -> Reading | None:
    """The piece-by-piece reading ``found`` with the spaces it took for
    no-break spaces kept where a letter follows (``second_readings.keep_spaces``: the
    no-break space was lost, the space after it kept), or ``None`` when it
    took none so. Its parts are the same: a guess then ends before its
    space, which the part's chain reads as a space."""
    reading, parts = found
    text, guesses = keep_spaces(reading.text, reading.guesses)
    if text == reading.text:
        return None
    # The text scored has the text shown's length (one mark per U+FFFD shown).
    seen = keep_spaces(reading.scored, reading.guesses)[0]
    kinds = guess_kinds(guesses)
    price = model.price(seen, reading.chain, kinds, parts=reading.parts, pieces=True)
    scored = _unless(seen, text)
    return replace(reading, text=text, guesses=guesses, price=price, scored_text=scored), parts
