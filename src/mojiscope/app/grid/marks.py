"""Byte ranges outlined over the rows on screen: compare mode's differences.

The grid asks its :attr:`~mojiscope.app.grid.view.GridView.marked_ranges`
for the ranges that overlap the rows it shows, at each paint, and draws each
one over the painted rows: a tinted box with a border over its hex cells and
over the same bytes in every decoded column, cut at the row's edges. The
marks are drawn on top of the kept row strips, never into them, so turning
compare mode on or off, or ranges arriving as the sweep goes, repaint no row.

Where differences are dense a screen holds hundreds of boxes, too many to
draw at every key: :class:`MarkStrips` keeps each row's boxes as a picture
keyed by the row and the ranges on it, so a key that leaves the rows and
their ranges as they were stamps pictures, and a new row draws its own.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap

from mojiscope.app.grid.layout import Geometry, RowLayout

Ranges = Callable[[int, int], list[tuple[int, int]]]
"""``(start, end)`` → the ``[start, end)`` byte ranges overlapping it, sorted."""

LIGHT, DARK = "#7a1fd1", "#c79bff"
"""The marks' violet: apart from the kinds' fills, the selection and the cursor."""


def mark_colour(dark: bool) -> QColor:
    """The border colour of a mark on a light or a dark grid."""
    return QColor(DARK if dark else LIGHT)


def paint_marks(
    painter: QPainter,
    geometry: Geometry,
    rows: list[RowLayout],
    top: float,
    ranges: Ranges,
    dark: bool,
) -> int:
    """Outline the ``ranges`` on ``rows`` (consecutive, the first at y =
    ``top``): over the hex cells and every decoded column. Returns how many
    row pieces were drawn."""
    if not rows:
        return 0
    first, last = rows[0].start, rows[-1].start + len(rows[-1].data)
    found = ranges(first, last)
    if not found:
        return 0
    border = mark_colour(dark)
    fill = QColor(border)
    fill.setAlpha(48)
    painter.setPen(QPen(border, 2))
    painter.setBrush(fill)
    cw = geometry.metrics.char_w
    drawn = 0
    for i, row in enumerate(rows):
        end_of_row = row.start + len(row.data)
        y = top + i * geometry.row_h + 1
        h = geometry.row_h - 2
        for start, end in found:
            a, b = max(start, row.start), min(end, end_of_row)
            if a >= b:
                continue
            a, b = a - row.start, b - row.start
            x0 = geometry.hex_cell_x(a) - cw * 0.5
            x1 = geometry.hex_cell_x(b - 1) + cw * 2.5
            painter.drawRoundedRect(QRectF(x0, y, x1 - x0, h), 3, 3)
            for column in range(len(geometry.column_x)):
                c0 = geometry.column_cell_x(column, a)
                c1 = geometry.column_cell_x(column, b)
                painter.drawRoundedRect(QRectF(c0, y, c1 - c0, h), 3, 3)
            drawn += 1
    painter.setBrush(Qt.BrushStyle.NoBrush)
    return drawn


class MarkStrips:
    """The marks of rows painted once each, kept as pictures: one grid's,
    for one geometry, pixel ratio and palette (the view makes a new one
    when any of those changes)."""

    def __init__(self, geometry: Geometry, pixel_ratio: float, dark: bool) -> None:
        self._geometry = geometry
        self._ratio = pixel_ratio
        self._dark = dark
        self.limit = 128
        """Pictures kept; the view sets it to a few screens of rows."""
        self._kept: OrderedDict[tuple[int, tuple[tuple[int, int], ...]], QPixmap] = OrderedDict()
        self.painted = 0
        """Rows whose marks were drawn afresh (the rest were stamped)."""

    def paint(self, painter: QPainter, rows: list[RowLayout], top: float, ranges: Ranges) -> None:
        """Outline the ``ranges`` on ``rows`` (consecutive, the first at y =
        ``top``) as :func:`paint_marks` does, from the kept pictures."""
        row_h = int(self._geometry.row_h)
        for i, picture in self._pictures(rows, ranges):
            painter.drawPixmap(QPointF(0, top + i * row_h), picture)

    def prepare(self, rows: list[RowLayout], ranges: Ranges) -> None:
        """Draw the marks of ``rows`` now, for a paint to stamp later."""
        for _ in self._pictures(rows, ranges):
            pass

    def _pictures(self, rows: list[RowLayout], ranges: Ranges) -> Iterator[tuple[int, QPixmap]]:
        """(index in ``rows``, picture) of each row a range touches."""
        if not rows:
            return
        found = ranges(rows[0].start, rows[-1].start + len(rows[-1].data))
        for i, row in enumerate(rows):
            end = row.start + len(row.data)
            on_row = tuple(
                (max(a, row.start), min(b, end)) for a, b in found if a < end and b > row.start
            )
            if on_row:
                yield i, self._picture(row, on_row)

    def _picture(self, row: RowLayout, on_row: tuple[tuple[int, int], ...]) -> QPixmap:
        key = (row.start, on_row)
        picture = self._kept.get(key)
        if picture is None:
            g = self._geometry
            picture = QPixmap(round(g.width * self._ratio), round(g.row_h * self._ratio))
            picture.setDevicePixelRatio(self._ratio)
            picture.fill(Qt.GlobalColor.transparent)
            marker = QPainter(picture)
            try:
                paint_marks(marker, g, [row], 0, lambda _a, _b: list(on_row), self._dark)
            finally:
                marker.end()
            self._kept[key] = picture
            self.painted += 1
            while len(self._kept) > self.limit:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return picture
