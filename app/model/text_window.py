"""The text shown in the text view: decoded characters around the cursor,
each piece of it tied to its bytes in Qt's UTF-16 positions.

Qt counts positions in UTF-16 units; core counts code points. The view also
shows characters that draw nothing as stand-ins (``‹NUL›``, ``‹RLO›``,
``‹80›`` for an escaped byte), and a run of identical stand-ins as one
(``‹NUL×4096›``: a stretch of zero bytes reads as one mark, not a wall).
So the text is a list of *pieces*, each one cell or one run of cells, with
its own UTF-16 start. Line breaks and tabs stay themselves, so the text
reads as text; combining marks stay on their base.
"""  # noqa: RUF002 - the stand-in marks are the subject

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass

from mojiscope.app.model.cells import Cell
from mojiscope.app.model.glyphs import DOTTED_CIRCLE, GlyphStyle, glyph_for_cell
from mojiscope.core import SpanKind

KEEP = frozenset("\n\t")
OPEN, CLOSE = "\u2039", "\u203a"
MIN_RUN = 3
"""Identical stand-ins in a row that are shown as one ``‹NAME×COUNT›``."""  # noqa: RUF001


def _always(_: str) -> bool:
    return True


def display_of(
    cell: Cell, cell_bytes: bytes, drawable: Callable[[str], bool] = _always
) -> tuple[str, str | None]:
    """(what to show for a cell, the stand-in name if it is a stand-in).
    A character no font can draw (``drawable`` says) shows its code point."""
    text = cell.text
    if not text or text in KEEP:
        return text, None
    glyph = glyph_for_cell(text, cell.span, cell_bytes)
    if glyph.style is GlyphStyle.PLAIN:
        if not drawable(text):
            name = f"{ord(text):04X}"
            return f"{OPEN}{name}{CLOSE}", name
        # A combining mark stays on its base here: this view is for reading.
        return (text if glyph.text.startswith(DOTTED_CIRCLE) else glyph.text), None
    name = glyph.fallback or glyph.text
    return f"{OPEN}{name}{CLOSE}", name


class _Shown:
    """:func:`display_of` for the cells of one window, remembered per
    character where only the character decides (a window of text repeats a
    few dozen characters thousands of times; asking the fonts about each, for
    each cell, cost most of a rebuild)."""

    _BY_BYTES = (SpanKind.ESCAPE, SpanKind.BEYOND)

    def __init__(self, data: bytes, data_start: int, drawable: Callable[[str], bool]) -> None:
        self.data, self.data_start, self.drawable = data, data_start, drawable
        self.known: dict[str, tuple[str, str | None]] = {}
        self.lengths: dict[str, int] = {}

    def __call__(self, cell: Cell) -> tuple[str, str | None]:
        if cell.span.kind in self._BY_BYTES:
            lo = cell.byte_start - self.data_start
            return display_of(
                cell, self.data[lo : lo + cell.byte_end - cell.byte_start], self.drawable
            )
        found = self.known.get(cell.text)
        if found is None:
            found = self.known[cell.text] = display_of(cell, b"", self.drawable)
        return found

    def utf16_length(self, text: str) -> int:
        """:func:`utf16_length`, remembered for the pieces seen so far."""
        length = self.lengths.get(text)
        if length is None:
            length = self.lengths[text] = utf16_length(text)
        return length


def utf16_length(text: str) -> int:
    return len(text) + sum(1 for c in text if c > "\uffff")


@dataclass
class TextWindow:
    """Displayed text for ``cells``, as pieces of one or more cells."""

    cells: list[Cell]
    text: str
    piece_cells: list[int]
    """First cell of each piece, plus ``len(cells)``."""
    piece_starts: list[int]
    """UTF-16 start of each piece, plus the length of the text."""
    piece_byte_starts: list[int]
    stand_ins: list[int]
    """Indexes of the pieces that are stand-ins."""

    @classmethod
    def build(
        cls,
        cells: list[Cell],
        data: bytes,
        data_start: int,
        drawable: Callable[[str], bool] = _always,
    ) -> TextWindow:
        """``data`` holds the bytes from ``data_start`` that the cells cover."""
        shown = _Shown(data, data_start, drawable)
        window = cls(cells, "", [], [0], [], [])
        pieces: list[str] = []
        i = 0
        while i < len(cells):
            text, name = shown(cells[i])
            j = i + 1
            if name is not None:
                kind = cells[i].span.kind
                while j < len(cells) and shown(cells[j])[1] == name and cells[j].span.kind == kind:
                    j += 1
                if j - i >= MIN_RUN:
                    text = f"{OPEN}{name}\u00d7{j - i}{CLOSE}"
                else:
                    j = i + 1
                window.stand_ins.append(len(window.piece_cells))
            window.piece_cells.append(i)
            window.piece_byte_starts.append(cells[i].byte_start)
            window.piece_starts.append(window.piece_starts[-1] + shown.utf16_length(text))
            pieces.append(text)
            i = j
        window.piece_cells.append(len(cells))
        window.text = "".join(pieces)
        return window

    @property
    def byte_start(self) -> int:
        return self.cells[0].byte_start if self.cells else 0

    @property
    def byte_end(self) -> int:
        return self.cells[-1].byte_end if self.cells else 0

    @property
    def piece_count(self) -> int:
        return len(self.piece_cells) - 1

    def first_cell(self, piece: int) -> Cell:
        return self.cells[self.piece_cells[piece]]

    def byte_range(self, first_piece: int, last_piece: int) -> tuple[int, int]:
        """Bytes of pieces ``first_piece..last_piece`` (inclusive)."""
        return (
            self.cells[self.piece_cells[first_piece]].byte_start,
            self.cells[self.piece_cells[last_piece + 1] - 1].byte_end,
        )

    def mark_runs(self) -> list[tuple[int, int, SpanKind, bool]]:
        """What the view marks: runs of neighbouring pieces of one kind and one
        look, as ``(UTF-16 start, UTF-16 end, kind, is a stand-in)``, in order
        and apart; well-formed text shown as itself has no run."""
        stand_ins = set(self.stand_ins)
        cells, starts = self.cells, self.piece_starts
        runs: list[tuple[int, int, SpanKind, bool]] = []
        for piece, first_cell in enumerate(self.piece_cells[:-1]):
            kind, stand_in = cells[first_cell].span.kind, piece in stand_ins
            if runs and runs[-1][1] == starts[piece] and runs[-1][2:] == (kind, stand_in):
                runs[-1] = (runs[-1][0], starts[piece + 1], kind, stand_in)
            elif stand_in or kind != SpanKind.TEXT:
                runs.append((starts[piece], starts[piece + 1], kind, stand_in))
        return runs

    def piece_at(self, position: int) -> int | None:
        """The piece shown at UTF-16 ``position`` (the one after it, at a boundary)."""
        if not self.cells:
            return None
        i = bisect.bisect_right(self.piece_starts, position) - 1
        return min(max(i, 0), self.piece_count - 1)

    def piece_of_byte(self, offset: int) -> int | None:
        if not self.cells or not self.byte_start <= offset < self.byte_end:
            return None
        return max(bisect.bisect_right(self.piece_byte_starts, offset) - 1, 0)
