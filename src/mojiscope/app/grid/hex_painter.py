"""Painting the offset column and the hex cells of the visible rows.

As the decoded columns (:mod:`~mojiscope.app.grid.column_painter`), in two
layers and two overlays: the ground holds the hex cells' tints (the kinds of
the current format), the ink the digits, and the selection and the cursor
are painted over the kept strips at each paint. The digits of every row of
a block are one unshaped glyph run for the offsets and one for the hex
(:mod:`~mojiscope.app.grid.glyph_runs`): the font is monospace, so each
digit's place is known, and a block costs a few draw calls whatever is in it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from mojiscope.app.grid.glyph_runs import GlyphBatch, PointRows
from mojiscope.app.grid.layout import Geometry, RowLayout, piece_cells
from mojiscope.app.grid.palette import GridPalette
from mojiscope.app.model.char_runs import CharRun
from mojiscope.core import SpanKind


class HexPainter:
    """Paints the offsets and hex cells for one geometry and palette."""

    def __init__(self, geometry: Geometry, palette: GridPalette) -> None:
        self.geometry = geometry
        self.palette = palette
        metrics = geometry.metrics
        cw = metrics.char_w
        baseline = (geometry.row_h - metrics.ascent) / 2 + metrics.ascent - 2
        self._batch = GlyphBatch(metrics.font)
        digits = range(geometry.offset_digits)
        self._offset_points = PointRows(
            [geometry.offset_x + k * cw for k in digits], geometry.row_h, baseline
        )
        cells = range(geometry.bytes_per_row)
        self._hex_points = PointRows(
            [geometry.hex_cell_x(b) + j * cw for b in cells for j in (0, 1)],
            geometry.row_h,
            baseline,
        )

    def paint_offsets(self, painter: QPainter, rows: list[RowLayout], y0: float) -> None:
        """Each row's first byte offset, in hex."""
        digits = self.geometry.offset_digits
        for i, row in enumerate(rows):
            self._batch.add(f"{row.start:0{digits}X}", self._offset_points.row(i))
        self._batch.draw(painter, QPointF(0, y0), self.palette.dim)

    def paint_tints(
        self, painter: QPainter, rows: list[RowLayout], y0: float, tint_column: int | None
    ) -> None:
        """The ground of the hex cells: tinted by the kinds of ``tint_column``
        (the current format's column), none if it is None."""
        if tint_column is None:
            return
        geometry, palette = self.geometry, self.palette
        for i, row in enumerate(rows):
            top = y0 + i * geometry.row_h
            _paint_tints(painter, geometry, row, row.columns[tint_column], top, palette)

    def paint_hex(self, painter: QPainter, rows: list[RowLayout], y0: float) -> None:
        """The ink of the hex cells: each byte's two digits."""
        for i, row in enumerate(rows):
            self._batch.add(row.data.hex().upper(), self._hex_points.row(i)[: 2 * len(row.data)])
        self._batch.draw(painter, QPointF(0, y0), self.palette.text)

    def paint_selection(
        self, painter: QPainter, rows: list[RowLayout], y0: float, selection: tuple[int, int]
    ) -> None:
        """Highlight the selected bytes' hex cells."""
        for i, row in enumerate(rows):
            top = y0 + i * self.geometry.row_h
            _paint_selection(painter, self.geometry, row, top, self.palette, selection)

    def paint_cursor(
        self, painter: QPainter, rows: list[RowLayout], y0: float, cursor: int
    ) -> None:
        """Outline the cursor's hex cell, if it is on one of the rows."""
        for i, row in enumerate(rows):
            if row.start <= cursor < row.start + len(row.data):
                self._paint_cursor(painter, cursor - row.start, y0 + i * self.geometry.row_h)

    def _paint_cursor(self, painter: QPainter, index: int, top: float) -> None:
        cw = self.geometry.metrics.char_w
        x = self.geometry.hex_cell_x(index)
        painter.setPen(QPen(self.palette.cursor, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(x - cw * 0.4, top + 1.5, cw * 2.8, self.geometry.row_h - 3))


def _cell_span(geometry: Geometry, first: int, last: int) -> tuple[float, float]:
    cw = geometry.metrics.char_w
    return geometry.hex_cell_x(first) - cw * 0.5, geometry.hex_cell_x(last - 1) + cw * 2.5


def _paint_tints(
    painter: QPainter,
    geometry: Geometry,
    row: RowLayout,
    drawn: list[CharRun],
    top: float,
    palette: GridPalette,
) -> None:
    for piece in drawn:
        if piece.span.kind == SpanKind.TEXT:
            continue
        style = palette.style(piece.span.kind)
        if style is None:
            continue
        first, last = piece_cells(piece, row.start, geometry.bytes_per_row)
        x0, x1 = _cell_span(geometry, first, last)
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
