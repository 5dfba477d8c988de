"""The grid's header (column titles), painted once per look and then stamped.

Every repaint of the grid, even for an arrow key, draws the header; eliding
and shaping each column's title costs a drawText per title. The header only
changes when what it shows does: the titles and their notes, which column is
current, which area has the focus, the geometry, the palette, the font or the
pixel ratio. :class:`GridHeader` paints it into a pixmap keyed by exactly
those, and each repaint with the same key stamps that pixmap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPixmap

from mojiscope.app.grid.palette import GridPalette
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import FormatChoice

if TYPE_CHECKING:
    from mojiscope.app.grid.view import GridView

GUESSED_NOTE = " (alignment guessed)"


def column_note(document: Document | None, choice: FormatChoice) -> str:
    """Words added to a column's title: :data:`GUESSED_NOTE` while the
    column shows a window of a code page that cannot resynchronise
    (GB18030, Shift_JIS...) decoded from a guessed character boundary, which
    may differ from a decode of the whole file (until the index has reached
    it: :meth:`~mojiscope.app.background.index_jobs.IndexKeeper.exact_window`)."""
    guessed = document is not None and document.alignment_guessed(choice)
    return GUESSED_NOTE if guessed else ""


class GridHeader:
    """The header's picture for one view, repainted when its look changes."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._picture = QPixmap()
        self.painted = 0
        """Times the header was painted afresh (the rest were stamps)."""

    def paint(self, painter: QPainter, view: GridView, palette: GridPalette) -> None:
        """Draw the header at the top of the content (x = 0 is the offset
        column's left: the caller has applied the horizontal scroll)."""
        titles = tuple(
            choice.label + column_note(view.document, choice) for choice in view.shown.choices
        )
        # As wide as the content plus a viewport, so that the fill reaches the
        # viewport's right edge at any horizontal scroll.
        width = view.cell_geometry.width + view.viewport().width()
        key = _look(view, palette, titles, width)
        if key != self._key:
            self._picture = _draw(view, palette, titles, width)
            self._key = key
            self.painted += 1
        painter.drawPixmap(0, 0, self._picture)


def _look(
    view: GridView, palette: GridPalette, titles: tuple[str, ...], width: float
) -> tuple[object, ...]:
    """Everything the header's pixels depend on."""
    g = view.cell_geometry
    return (
        titles,
        view.current_column(),
        view.focus_area,
        view.bytes_per_row,
        (g.offset_x, g.hex_x, g.hex_w, tuple(g.column_x), g.column_w, g.header_h, width),
        view.metrics.font.key(),
        palette,
        view.devicePixelRatioF(),
    )


def _draw(view: GridView, palette: GridPalette, titles: tuple[str, ...], width: float) -> QPixmap:
    g = view.cell_geometry
    ratio = view.devicePixelRatioF()
    pixmap = QPixmap(round(width * ratio), round(g.header_h * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(palette.base)
    painter = QPainter(pixmap)
    try:
        _paint(painter, view, palette, width, titles)
    finally:
        painter.end()
    return pixmap


def _paint(
    painter: QPainter, view: GridView, palette: GridPalette, width: float, titles: tuple[str, ...]
) -> None:
    g = view.cell_geometry
    metrics = view.metrics
    painter.setFont(metrics.font)
    painter.fillRect(QRectF(0, 0, width, g.header_h - 2), palette.header)
    baseline = (g.header_h - metrics.ascent) / 2 + metrics.ascent - 2
    painter.setPen(palette.dim)
    painter.drawText(QPointF(g.offset_x, baseline), "Offset")
    for i in range(view.bytes_per_row):
        painter.drawText(QPointF(g.hex_cell_x(i), baseline), f"{i:02X}")
    current = view.current_column()
    bold = QFont(metrics.font)
    bold.setBold(True)
    for column, title in enumerate(titles):
        is_current = column == current
        painter.setFont(bold if is_current else metrics.font)
        painter.setPen(palette.header_text if is_current else palette.dim)
        x0 = g.column_x[column]
        elided = painter.fontMetrics().elidedText(
            title, Qt.TextElideMode.ElideRight, int(g.column_w)
        )
        painter.drawText(QPointF(x0, baseline), elided)
        if is_current and view.focus_area == "column":
            painter.fillRect(QRectF(x0, g.header_h - 5, g.column_w, 2), palette.cursor)
    if view.focus_area == "hex":
        painter.fillRect(QRectF(g.hex_x, g.header_h - 5, g.hex_w, 2), palette.cursor)
