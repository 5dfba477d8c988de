"""Painting the offset column and the hex cells of the visible rows.

The hex of a group of eight bytes is drawn as one string (the font is
monospace and a cell is three characters wide), so a row costs a few draw
calls whatever is in it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from mojiscope.app.grid.layout import HEX_GROUP, DrawnPiece, Geometry, RowLayout
from mojiscope.app.grid.palette import GridPalette
from mojiscope.core import SpanKind


def paint_offsets(
    painter: QPainter, geometry: Geometry, rows: list[RowLayout], y0: float, palette: GridPalette
) -> None:
    painter.setPen(palette.dim)
    ascent = geometry.metrics.ascent
    digits = geometry.offset_digits
    for i, row in enumerate(rows):
        y = y0 + i * geometry.row_h + (geometry.row_h - ascent) / 2 + ascent - 2
        painter.drawText(QPointF(geometry.offset_x, y), f"{row.start:0{digits}X}")


def paint_hex(
    painter: QPainter,
    geometry: Geometry,
    rows: list[RowLayout],
    y0: float,
    palette: GridPalette,
    selection: tuple[int, int],
    cursor: int,
    tint_column: int | None,
) -> None:
    """Hex cells, tinted by the kinds of ``tint_column`` (the current format)."""
    row_h = geometry.row_h
    cw = geometry.metrics.char_w
    ascent = geometry.metrics.ascent
    for i, row in enumerate(rows):
        top = y0 + i * row_h
        if tint_column is not None:
            _paint_tints(painter, geometry, row.columns[tint_column], top, palette)
        _paint_selection(painter, geometry, row, top, palette, selection)
        painter.setPen(palette.text)
        baseline = top + (row_h - ascent) / 2 + ascent - 2
        for g in range(0, len(row.data), HEX_GROUP):
            text = row.data[g : g + HEX_GROUP].hex(" ").upper()
            painter.drawText(QPointF(geometry.hex_cell_x(g), baseline), text)
        if row.start <= cursor < row.start + len(row.data):
            x = geometry.hex_cell_x(cursor - row.start)
            pen = QPen(palette.cursor, 1.5)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(x - cw * 0.4, top + 1.5, cw * 2.8, row_h - 3))


def _cell_span(geometry: Geometry, first: int, last: int) -> tuple[float, float]:
    cw = geometry.metrics.char_w
    return geometry.hex_cell_x(first) - cw * 0.5, geometry.hex_cell_x(last - 1) + cw * 2.5


def _paint_tints(
    painter: QPainter,
    geometry: Geometry,
    drawn: list[DrawnPiece],
    top: float,
    palette: GridPalette,
) -> None:
    for piece in drawn:
        if piece.span.kind == SpanKind.TEXT:
            continue
        style = palette.style(piece.span.kind)
        if style is None:
            continue
        x0, x1 = _cell_span(geometry, piece.first, piece.last)
        painter.fillRect(QRectF(x0, top + 1, x1 - x0, geometry.row_h - 2), style.fill)


def _paint_selection(
    painter: QPainter,
    geometry: Geometry,
    row: RowLayout,
    top: float,
    palette: GridPalette,
    selection: tuple[int, int],
) -> None:
    start, end = selection
    first = max(start, row.start) - row.start
    last = min(end, row.start + len(row.data)) - row.start
    if first >= last:
        return
    x0, x1 = _cell_span(geometry, first, last)
    painter.fillRect(QRectF(x0, top + 1, x1 - x0, geometry.row_h - 2), palette.selection)
