"""Painted rows of the grid, kept between repaints.

Painting one row (its offset, hex and every decoded column) costs a few
hundred painter calls made from Python, and a screen holds forty rows. A
cursor key, though, changes what one or two rows show, and a one-row scroll
brings one new row. So the view paints each row once into a *strip* (a
pixmap as wide as the grid and one row high) and stamps the strips it
already has.

A strip is keyed by the row's first byte and by the part of the selection
and the cursor that the row can show: the selection clipped to the bytes of
the characters on the row (a character may reach into the rows around it),
and the cursor only if it falls in those bytes. Anything else the row shows
(the document, formats, current format, palette, font, bytes per row, pixel
ratio) is fixed for the life of a :class:`RowStrips`: the view makes a new
one when any of those changes.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QPainter, QPixmap

from mojiscope.app.grid.layout import RowLayout

RowPainter = Callable[[QPainter, list[RowLayout], tuple[int, int], int], None]
"""Paints consecutive rows, the first at y = 0: (painter, rows, selection, cursor)."""

NO_CURSOR = -1


def row_reach(row: RowLayout) -> tuple[int, int]:
    """The bytes ``[lo, hi)`` of every character drawn on ``row`` (its own
    bytes, widened by characters that begin above it or end below it)."""
    lo, hi = row.start, row.start + len(row.data)
    for pieces in row.columns:
        if pieces:
            lo = min(lo, pieces[0].byte_start)
            hi = max(hi, pieces[-1].byte_end)
    return lo, hi


def strip_key(row: RowLayout, selection: tuple[int, int], cursor: int) -> tuple[int, int, int, int]:
    """(row start, selection start, selection end, cursor) as far as the row
    can show them: two states with equal keys paint the same pixels."""
    lo, hi = row_reach(row)
    start, end = max(selection[0], lo), min(selection[1], hi)
    if end <= start:
        start = end = 0
    return row.start, start, end, cursor if lo <= cursor < hi else NO_CURSOR


class RowStrips:
    """The most recently used strips, painted by ``paint_row`` when missing."""

    def __init__(
        self,
        paint_rows: RowPainter,
        width: float,
        height: float,
        pixel_ratio: float,
        background: QColor,
    ) -> None:
        self._paint_rows = paint_rows
        self._size = (round(width * pixel_ratio), round(height * pixel_ratio))
        # Rows painted together are cut apart on device pixels: only exact
        # when a row is a whole number of them (else each row is painted alone).
        self._whole_pixel_rows = (height * pixel_ratio).is_integer()
        self._ratio = pixel_ratio
        self._background = background
        self._strips: OrderedDict[tuple[int, int, int, int], QPixmap] = OrderedDict()
        self.limit = 128
        """Strips kept; the view sets it to about two screens of rows."""
        self.painted = 0
        """Strips painted so far (the rest were reused): for tests and benchmarks."""

    def strips(
        self, rows: list[RowLayout], selection: tuple[int, int], cursor: int
    ) -> list[QPixmap]:
        """The pictures of ``rows`` (consecutive rows, top first) with
        ``selection`` and ``cursor`` on them. Rows missing in a run are painted
        in one go (a page of new rows costs one pass per column, with the cues
        of all its rows batched) and cut into strips."""
        keys = [strip_key(row, selection, cursor) for row in rows]
        missing = [i for i, key in enumerate(keys) if key not in self._strips]
        for first, last in _runs(missing, len(rows) if self._whole_pixel_rows else 1):
            block = self._paint(rows[first:last], selection, cursor)
            for i in range(first, last):
                self._strips[keys[i]] = block if last - first == 1 else self._cut(block, i - first)
            self.painted += last - first
        out = []
        for key in keys:
            self._strips.move_to_end(key)
            out.append(self._strips[key])
        while len(self._strips) > self.limit:
            self._strips.popitem(last=False)
        return out

    def _paint(self, rows: list[RowLayout], selection: tuple[int, int], cursor: int) -> QPixmap:
        width, height = self._size
        pixmap = QPixmap(width, height * len(rows))
        pixmap.setDevicePixelRatio(self._ratio)
        pixmap.fill(self._background)
        painter = QPainter(pixmap)
        try:
            self._paint_rows(painter, rows, selection, cursor)
        finally:
            painter.end()
        return pixmap

    def _cut(self, block: QPixmap, index: int) -> QPixmap:
        width, height = self._size
        strip = block.copy(QRect(0, index * height, width, height))
        strip.setDevicePixelRatio(self._ratio)
        return strip


def _runs(indexes: list[int], longest: int) -> list[tuple[int, int]]:
    """Consecutive ``indexes`` as ``(first, last + 1)`` runs of at most ``longest``."""
    runs: list[tuple[int, int]] = []
    for i in indexes:
        if runs and runs[-1][1] == i and i - runs[-1][0] < longest:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    return runs
