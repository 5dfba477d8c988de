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

from PySide6.QtGui import QColor, QPainter, QPixmap

from mojiscope.app.grid.layout import RowLayout

RowPainter = Callable[[QPainter, RowLayout, tuple[int, int], int], None]
"""Paints one row at y = 0: (painter, row, selection, cursor)."""

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
        paint_row: RowPainter,
        width: float,
        height: float,
        pixel_ratio: float,
        background: QColor,
    ) -> None:
        self._paint_row = paint_row
        self._size = (round(width * pixel_ratio), round(height * pixel_ratio))
        self._ratio = pixel_ratio
        self._background = background
        self._strips: OrderedDict[tuple[int, int, int, int], QPixmap] = OrderedDict()
        self.limit = 128
        """Strips kept; the view sets it to about two screens of rows."""
        self.painted = 0
        """Strips painted so far (the rest were reused): for tests and benchmarks."""

    def strip(self, row: RowLayout, selection: tuple[int, int], cursor: int) -> QPixmap:
        """The picture of ``row`` with ``selection`` and ``cursor`` on it."""
        key = strip_key(row, selection, cursor)
        pixmap = self._strips.get(key)
        if pixmap is not None:
            self._strips.move_to_end(key)
            return pixmap
        pixmap = QPixmap(*self._size)
        pixmap.setDevicePixelRatio(self._ratio)
        pixmap.fill(self._background)
        painter = QPainter(pixmap)
        try:
            self._paint_row(painter, row, selection, cursor)
        finally:
            painter.end()
        self.painted += 1
        self._strips[key] = pixmap
        while len(self._strips) > self.limit:
            self._strips.popitem(last=False)
        return pixmap
