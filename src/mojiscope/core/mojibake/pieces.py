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
"""

from __future__ import annotations

from collections.abc import Container
from functools import lru_cache

from mojiscope.core.mojibake import model
from mojiscope.core.mojibake.chain import Chain, ChainError, Misreading, python_codec, repair_text
from mojiscope.core.mojibake.offsets import source_offsets
from mojiscope.core.mojibake.parts import Part
from mojiscope.core.mojibake.readers import MIXED_READER
from mojiscope.core.mojibake.runs import utf8_runs
from mojiscope.core.mojibake.search import Hypothesis

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


def _one_round(text: str) -> tuple[str, list[tuple[int, int, str, str]]]:
    """The text with every run undone, and the runs (start, end in the given
    text, reader, writer)."""
    out: list[str] = []
    runs: list[tuple[int, int, str, str]] = []
    pos = 0
    for match in utf8_runs().finditer(text):
        undone = _undo(match.group())
        if undone is None:
            continue
        out += [text[pos : match.start()], undone[0]]
        runs.append((match.start(), match.end(), undone[1], undone[2]))
        pos = match.end()
    out.append(text[pos:])
    return "".join(out), runs


def _deeper(run: str, undone: str, chain: Chain) -> tuple[str, Chain]:
    """A run's text undone again while it is, all of it, one run of one more
    misreading (up to :data:`MAX_ROUNDS`: text misread twice), and the
    run's chain, whose repair of the run's bytes gives that text."""
    while len(chain.layers) < MAX_ROUNDS:
        again, more = _one_round(undone)
        if len(more) != 1 or more[0][:2] != (0, len(undone)):
            break  # not all of it one run: its chain would spoil what is not
        _, _, reader, writer = more[0]
        deeper = chain.undo_one(Misreading(writer, reader))
        try:
            if repair_text(deeper, run.encode("utf-8", "surrogateescape")) != again:
                break
        except ChainError:
            break
        undone, chain = again, deeper
    return undone, chain


def piecewise(
    data: bytes, known: Container[str] = ()
) -> tuple[Hypothesis, tuple[Part, ...]] | None:
    """The piece-by-piece reading of ``data`` (see the module docstring), or
    ``None`` when no run is found or its text is one of ``known`` (readings
    already made: it is then neither cut into parts nor priced). Each run's
    part carries the chain that repairs its bytes into the text shown, so
    the repair plan writes exactly that text."""
    escaped = data.decode("utf-8", "surrogateescape")
    _, runs = _one_round(escaped)
    if not runs:
        return None
    out: list[str] = []
    chains: list[Chain] = []
    pos = 0
    for start, end, reader, writer in runs:
        undone = _undo(escaped[start:end])
        assert undone is not None  # _one_round kept only runs that undo
        text, chain = _deeper(escaped[start:end], undone[0], Chain((Misreading(writer, reader),)))
        out += [escaped[pos:start], text]
        chains.append(chain)
        pos = end
    out.append(escaped[pos:])
    shown = "".join(out).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if shown in known:
        return None
    offsets = source_offsets(escaped)
    parts: list[Part] = []
    pos = 0
    for (start, end, _reader, _writer), chain in zip(runs, chains, strict=True):
        if pos < start:
            parts.append(Part(int(offsets[pos]), int(offsets[start]), Chain()))
        parts.append(Part(int(offsets[start]), int(offsets[end]), chain))
        pos = end
    if pos < len(escaped):
        parts.append(Part(int(offsets[pos]), int(offsets[-1]), Chain()))
    readers = {reader for _, _, reader, _ in runs}
    reader = readers.pop() if len(readers) == 1 else MIXED_READER
    writers = {writer for *_, writer in runs}
    writer = "utf-8" if writers == {"utf-8"} else _CESU
    rounds = max(len(chain.layers) for chain in chains)
    main = Chain((Misreading(writer, reader),) * rounds)
    price = model.price(shown, main, parts=len(parts), pieces=True)
    return Hypothesis(shown, main, (), price, parts=len(parts), pieces=True), tuple(parts)
