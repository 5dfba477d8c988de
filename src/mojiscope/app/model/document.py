"""An open document: one byte source and its decoded windows, per format.

Nothing here reads a whole file. A :class:`Document` decodes the source in
8 KiB windows aligned on multiples of :data:`WINDOW`, only when a view asks
for bytes inside one, and keeps the last few windows per format (an LRU), so
memory stays flat whatever the file size and a jump anywhere costs one or two
window decodes per shown format.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TypeVar

from mojiscope.app.model.char_runs import CharRun, join_windows, runs_between
from mojiscope.app.model.formats import ExactWindow, FormatChoice
from mojiscope.core import BytesSource, Decoding, FileSource, Source, Span

WINDOW = 1 << 13
"""Bytes per decoded window; windows start at multiples of it. A jump decodes
a new window per shown format before the window can repaint, so a window is
not much larger than what the views show around the cursor (the text view's
4 KiB, the grid's rows)."""

WINDOWS_PER_FORMAT = 8
"""How many decoded windows each format keeps (64 KiB per format)."""

DEMO_NAME = "demo.bin"

T = TypeVar("T")


class Document:
    """One source (a mapped file or pasted bytes) plus its window cache."""

    def __init__(self, source: Source, name: str, path: Path | None = None) -> None:
        self.source = source
        self.name = name
        self.path = path
        self.size = len(source)
        self._windows: dict[str, OrderedDict[int, Decoding]] = {}
        self._exact: ExactWindow | None = None

    def decode_exactly_with(self, exact: ExactWindow | None) -> None:
        """Decode each window from now on as ``exact`` says where it can (a
        code page that cannot resynchronise, once an index knows its
        character boundaries), else from a guessed boundary."""
        self._exact = exact

    @classmethod
    def open_file(cls, path: str | os.PathLike[str]) -> Document:
        """Map a file. Raises :class:`OSError` (or ValueError for a file that
        cannot be mapped) with the reason; reads nothing yet. The document's
        :attr:`path` is absolute however ``path`` was given (a relative path
        on the command line names the file as the working folder is now)."""
        p = Path(os.path.abspath(path))
        if p.is_dir():
            raise IsADirectoryError(21, "Is a directory", str(p))
        return cls(FileSource(p), p.name, p)

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "pasted bytes") -> Document:
        return cls(BytesSource(data, name), name)

    @classmethod
    def demo(cls) -> Document:
        """The bundled demo sample (``mojiscope.resources/demo.bin``)."""
        data = resources.files("mojiscope.resources").joinpath(DEMO_NAME).read_bytes()
        return cls.from_bytes(data, f"{DEMO_NAME} (demo)")

    def close(self) -> None:
        self._windows.clear()
        self.source.close()

    def read(self, start: int, end: int) -> bytes:
        return self.source.read(max(start, 0), min(end, self.size))

    # -- decoded windows ------------------------------------------------------

    def window(self, choice: FormatChoice, index: int) -> Decoding:
        """The decoding of window ``index`` (bytes ``[index*WINDOW, (index+1)*WINDOW)``
        and the span edges around them) under ``choice``, cached."""
        cache = self._windows.setdefault(choice.key, OrderedDict())
        decoding = cache.get(index)
        if decoding is not None:
            cache.move_to_end(index)
            return decoding
        start = index * WINDOW
        end = min(start + WINDOW, self.size)
        decoding = choice.decode_window(self.source, start, end, self._exact)
        cache[index] = decoding
        while len(cache) > WINDOWS_PER_FORMAT:
            cache.popitem(last=False)
        return decoding

    def forget_guessed_windows(self, format_id: str) -> bool:
        """Drop the cached windows of ``format_id`` (any policy) whose
        alignment was guessed, so that they decode again (exactly, once the
        index knows their boundaries). True if there was any."""
        dropped = False
        for key, cache in self._windows.items():
            if key.partition("/")[0] != format_id:
                continue
            for index in [i for i, d in cache.items() if d.alignment_guessed]:
                del cache[index]
                dropped = True
        return dropped

    def alignment_guessed(self, choice: FormatChoice) -> bool:
        """Whether any window of ``choice`` held now began at a guessed
        character boundary (its column may differ from a whole-file decode)."""
        return any(d.alignment_guessed for d in self._windows.get(choice.key, {}).values())

    def cached_windows(self) -> dict[str, list[int]]:
        """Which windows each format holds decoded now (for tests and the benchmark)."""
        return {key: list(cache) for key, cache in self._windows.items()}

    def runs(self, choice: FormatChoice, lo: int, hi: int) -> list[CharRun]:
        """The characters overlapping bytes ``[lo, hi)`` with their bytes, in
        runs (neighbouring one-byte spans of one look joined: what the grid
        and the text view draw); the first may start before ``lo`` and the
        last end after ``hi``."""
        return join_windows(self._per_window(choice, lo, hi, runs_between))

    def chars(self, choice: FormatChoice, lo: int, hi: int) -> list[CharRun]:
        """The characters overlapping bytes ``[lo, hi)``, one run each, each
        with its own span, in order; like :meth:`runs`, the ends may reach
        past the range."""

        def separate(decoding: Decoding, a: int, b: int) -> list[CharRun]:
            return runs_between(decoding, a, b, joined=False)

        runs = join_windows(self._per_window(choice, lo, hi, separate))
        return [char for run in runs for char in run.chars()]

    def _per_window(
        self, choice: FormatChoice, lo: int, hi: int, between: Callable[[Decoding, int, int], T]
    ) -> list[T]:
        """``between(window, a, b)`` for each decoded window holding part of
        bytes ``[lo, hi)``, ``[a, b)`` being that part."""
        lo = max(lo, 0)
        hi = min(hi, self.size)
        if hi <= lo:
            return []
        return [
            between(
                self.window(choice, index),
                max(lo, index * WINDOW),
                min(hi, (index + 1) * WINDOW),
            )
            for index in range(lo // WINDOW, (hi - 1) // WINDOW + 1)
        ]

    def char_at(self, choice: FormatChoice, offset: int) -> CharRun | None:
        """The character holding byte ``offset``, or None outside the document."""
        if not 0 <= offset < self.size:
            return None
        found = self.chars(choice, offset, offset + 1)
        return found[0] if found else None

    def span_at(self, choice: FormatChoice, offset: int) -> Span | None:
        char = self.char_at(choice, offset)
        return char.span if char is not None else None

    def window_at(self, choice: FormatChoice, offset: int) -> Decoding:
        """The decoded window that holds byte ``offset`` (its spans end at
        the window's edges: a longer run is cut there)."""
        return self.window(choice, offset // WINDOW)
