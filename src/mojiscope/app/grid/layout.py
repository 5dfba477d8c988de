"""Where things go on the grid: column geometry and the per-row layout.

:class:`Geometry` places the offset column, the hex cells and each decoded
column from the font's metrics. :func:`layout_rows` turns the characters of
the visible bytes (from :meth:`Document.runs`) into, per row and per format,
the pieces each row holds: :class:`~mojiscope.app.model.char_runs.CharRun`
values cut at the row's edges, each either whole characters of one byte
width on the row (a :class:`range` of offsets) or one piece spread over its
cells, which may begin on an earlier row or go on to a later one
(:func:`piece_cells`). The view computes it once per scroll position and
paints from it until the rows or formats change.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PySide6.QtGui import QFont, QFontMetricsF

from mojiscope.app.model.char_runs import CharRun
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import FormatChoice
from mojiscope.core import Span

HEX_GROUP = 8
"""Hex cells are grouped by this many, with a small gap between groups."""


@dataclass(frozen=True)
class Metrics:
    """Font-derived sizes shared by every part of the grid."""

    font: QFont
    small_font: QFont
    char_w: float
    row_h: float
    ascent: float
    small_ascent: float
    small_char_w: float

    @classmethod
    def for_font(cls, font: QFont) -> Metrics:
        fm = QFontMetricsF(font)
        small = QFont(font)
        small.setFamilies(["DejaVu Sans Condensed", font.family()])
        small.setStretch(QFont.Stretch.Condensed)
        small.setPointSizeF(max(font.pointSizeF() * 0.66, 5.0))
        sfm = QFontMetricsF(small)
        return cls(
            font=font,
            small_font=small,
            char_w=fm.horizontalAdvance("0"),
            row_h=math.ceil(fm.height() + 5),
            ascent=fm.ascent(),
            small_ascent=sfm.ascent(),
            small_char_w=sfm.horizontalAdvance("0"),
        )


class Hit(NamedTuple):
    """What a point on the grid is over: ``area`` is "hex" or "column"."""

    area: str
    column: int
    index_in_row: int


class Geometry:
    """X positions of every column for a bytes-per-row and a number of formats,
    in content coordinates: the offsets and the hex left of :attr:`pane_x`,
    the decoded columns right of it (those scroll sideways on their own,
    see :mod:`~mojiscope.app.grid.scrolling`)."""

    def __init__(self, metrics: Metrics, bytes_per_row: int, size: int, n_columns: int) -> None:
        cw = metrics.char_w
        self.metrics = metrics
        self.bytes_per_row = bytes_per_row
        self.row_h = metrics.row_h
        self.header_h = metrics.row_h + 4
        self.offset_digits = max(8, len(f"{max(size - 1, 0):X}"))
        self.offset_x = cw
        self.hex_x = self.offset_x + (self.offset_digits + 2) * cw
        self.hex_cell_w = 3 * cw
        self.hex_group_gap = cw
        groups = (bytes_per_row - 1) // HEX_GROUP
        self.hex_w = bytes_per_row * self.hex_cell_w + groups * self.hex_group_gap
        # Whole pixels, so a glyph picture tiles exactly across a run of cells.
        self.cell_w = float(math.ceil(cw + 0.5))
        self.column_gap = float(math.ceil(2 * cw))
        self.column_w = bytes_per_row * self.cell_w
        hex_end = self.hex_x + self.hex_w
        first = float(math.ceil(hex_end + self.column_gap))
        self.pane_x = float(math.ceil(hex_end + self.column_gap / 2))
        """Where the decoded columns' pane begins: content left of it (the
        offsets and the hex) stays put when the columns scroll sideways."""
        self.column_x = [first + i * (self.column_w + self.column_gap) for i in range(n_columns)]
        self.width = math.ceil(first + n_columns * (self.column_w + self.column_gap))

    def hex_cell_x(self, index_in_row: int) -> float:
        return (
            self.hex_x
            + index_in_row * self.hex_cell_w
            + (index_in_row // HEX_GROUP) * self.hex_group_gap
        )

    def column_cell_x(self, column: int, index_in_row: int) -> float:
        return self.column_x[column] + index_in_row * self.cell_w

    def hit(self, x: float) -> Hit | None:
        """The cell under content x (scrolling already undone), if any."""
        bpr = self.bytes_per_row
        if self.hex_x <= x < self.hex_x + self.hex_w:
            group_w = HEX_GROUP * self.hex_cell_w + self.hex_group_gap
            group = int((x - self.hex_x) // group_w)
            within = (x - self.hex_x) - group * group_w
            index = group * HEX_GROUP + min(int(within // self.hex_cell_w), HEX_GROUP - 1)
            return Hit("hex", -1, min(index, bpr - 1))
        for column, x0 in enumerate(self.column_x):
            if x0 <= x < x0 + self.column_w:
                return Hit("column", column, min(int((x - x0) // self.cell_w), bpr - 1))
        return None


def piece_cells(piece: CharRun, row_start: int, bytes_per_row: int) -> tuple[int, int]:
    """The cells ``[first, last)`` of a row (its first byte ``row_start``)
    that a piece laid out on it covers."""
    return (
        max(piece.offsets[0] - row_start, 0),
        min(piece.offsets[-1] - row_start, bytes_per_row),
    )


def piece_width(piece: CharRun) -> int:
    """Bytes per character of a piece: 0 for a piece with no character."""
    offsets = piece.offsets
    if isinstance(offsets, range):
        return offsets.step
    return offsets[-1] - offsets[0] if piece.text else 0


class RowLayout(NamedTuple):
    start: int
    """Byte offset of the row's first byte."""
    data: bytes
    """The row's bytes (shorter than a full row only at the end of the file)."""
    columns: list[list[CharRun]]
    """Per shown format, the pieces on this row, in order."""


def layout_rows(
    document: Document,
    choices: list[FormatChoice],
    first_row: int,
    n_rows: int,
    bytes_per_row: int,
) -> list[RowLayout]:
    """Lay out rows ``[first_row, first_row + n_rows)`` (clipped to the document)."""
    lo = first_row * bytes_per_row
    hi = min(document.size, (first_row + n_rows) * bytes_per_row)
    if hi <= lo:
        return []
    data = document.read(lo, hi)
    rows = [
        RowLayout(start, data[start - lo : start - lo + bytes_per_row], [[] for _ in choices])
        for start in range(lo, hi, bytes_per_row)
    ]
    for column, choice in enumerate(choices):
        placer = _Placer(rows, column, lo, hi, bytes_per_row)
        for run in document.runs(choice, lo, hi):
            placer.place(run)
    return rows


def layout_rows_reusing(
    document: Document,
    choices: list[FormatChoice],
    first_row: int,
    n_rows: int,
    bytes_per_row: int,
    known: dict[int, RowLayout],
) -> list[RowLayout]:
    """Like :func:`layout_rows`, taking the rows found in ``known`` (by first
    byte, laid out for the same document, formats and bytes per row) and laying
    out each run of missing rows in one go, so a one-row scroll lays out one
    row. A row's pieces do not depend on the rows laid out with it, except for
    which span a piece of a joined run of one-byte spans names (the run's
    first, :mod:`~mojiscope.app.model.char_runs`): painting reads only its kind
    and reason, which the joined spans share."""
    last = min(first_row + n_rows, -(-document.size // bytes_per_row))
    out: list[RowLayout] = []
    row = first_row
    while row < last:
        if row * bytes_per_row in known:
            out.append(known[row * bytes_per_row])
            row += 1
            continue
        end = row + 1
        while end < last and end * bytes_per_row not in known:
            end += 1
        out += layout_rows(document, choices, row, end - row, bytes_per_row)
        row = end
    return out


class _Placer:
    """Cuts runs into per-row pieces for one column: stretches of characters
    of equal byte width, cut at row edges; a character that crosses a row
    edge is one piece on each row it touches."""

    def __init__(self, rows: list[RowLayout], column: int, lo: int, hi: int, bpr: int) -> None:
        self.rows, self.column, self.lo, self.hi, self.bpr = rows, column, lo, hi, bpr
        self.pieces = [row.columns[column] for row in rows]
        """Each row's pieces in this column."""

    def place(self, run: CharRun) -> None:
        offsets, text, span = run
        lo, bpr = self.lo, self.bpr
        first = offsets[0] - lo
        if (
            first >= 0
            and offsets[-1] - lo <= (first // bpr + 1) * bpr
            and (len(offsets) == 2 or isinstance(offsets, range))
        ):
            self.pieces[first // bpr].append(run)  # on one row, one width: a piece as it is
        elif len(offsets) == 2:
            self.place_unit(run)
        elif isinstance(offsets, range):
            self.place_equal(offsets.start, offsets.stop - 1, offsets.step, text, span)
        else:
            self.place_measured(offsets, text, span)

    def place_measured(self, offsets: Sequence[int], chars: str, span: Span) -> None:
        """Characters ``offsets[k]..offsets[k+1]`` each, in stretches of equal
        byte length, keeping only those that overlap the rows."""
        lo, hi = self.lo, self.hi
        k, n = 0, len(chars)
        while k < n and offsets[k + 1] <= lo:
            k += 1
        while k < n and offsets[k] < hi:
            width = offsets[k + 1] - offsets[k]
            m = k + 1
            while m < n and offsets[m] < hi and offsets[m + 1] - offsets[m] == width:
                m += 1
            self.place_equal(offsets[k], offsets[m], width, chars[k:m], span)
            k = m

    def place_equal(self, start: int, end: int, width: int, text: str, span: Span) -> None:
        """Characters ``text`` of ``width`` bytes each over bytes ``[start, end)``."""
        if len(text) == 1:
            self.place_unit(CharRun((start, end), text, span))
            return
        lo, bpr = self.lo, self.bpr
        b, index = start, 0
        if b < lo:
            index = (lo - b) // width
            b += index * width
        stop = min(end, self.hi)
        while b < stop:
            row_index = (max(b, lo) - lo) // bpr
            row_start = lo + row_index * bpr
            row_end = row_start + bpr
            if b < row_start or b + width > row_end:
                self.place_unit(CharRun((b, b + width), text[index], span))
                b += width
                index += 1
                continue
            n = (min(row_end, end) - b) // width
            self.pieces[row_index].append(
                CharRun(range(b, b + n * width + 1, width), text[index : index + n], span)
            )
            b += n * width
            index += n

    def place_unit(self, piece: CharRun) -> None:
        """One piece (bytes ``[b0, b1)``) on every row it touches."""
        lo, bpr = self.lo, self.bpr
        start, stop = max(piece.offsets[0], lo), min(piece.offsets[1], self.hi)
        for row_index in range((start - lo) // bpr, (stop - 1 - lo) // bpr + 1):
            self.pieces[row_index].append(piece)
