"""Byte ranges outlined over the rows on screen: compare mode's differences.

The grid asks its :attr:`~mojiscope.app.grid.view.GridView.marked_ranges`
for the ranges that overlap the rows it shows, at each paint, and draws each
one over the painted rows: a tinted box with a border over its hex cells and
over the same bytes in every decoded column, cut at the row's edges. The
marks are drawn on top of the kept row strips, never into them, so turning
compare mode on or off, or ranges arriving as the sweep goes, repaint no row.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

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
