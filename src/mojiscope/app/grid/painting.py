"""Painting the grid: the header, and the visible rows through kept row strips.

:class:`GridPainting` is owned by one :class:`~mojiscope.app.grid.view.GridView`
and reads it only through its public face (document, shown formats, bytes per
row, cell geometry, top row, focus area). It keeps what repaints can reuse:
the layout of the visible rows, computed once per scroll position (and
formats, bytes per row, document), from the rows laid out before where it
has them; and each row painted once into a strip that later repaints reuse
while its selection and cursor look the same (see
:mod:`~mojiscope.app.grid.row_strips`). :meth:`prepare_rows` lays out and
paints rows before they are shown (the screens a key would bring, painted
while the user rests: :mod:`~mojiscope.app.grid.ahead`). The view tells it
when what it kept goes stale (:meth:`rebuild`, :meth:`forget_strips`,
:meth:`palette_changed`). The header is kept too, as a picture keyed by
everything it shows (see :mod:`~mojiscope.app.grid.header`), so it needs no
such telling.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter

from mojiscope.app.grid.column_painter import ColumnPainter
from mojiscope.app.grid.header import GridHeader
from mojiscope.app.grid.hex_painter import HexPainter
from mojiscope.app.grid.layout import RowLayout, layout_rows_reusing
from mojiscope.app.grid.marks import paint_marks
from mojiscope.app.grid.palette import GridPalette, grid_palette
from mojiscope.app.grid.row_strips import RowStrips

if TYPE_CHECKING:
    from mojiscope.app.grid.view import GridView

SCREENS_KEPT = 8
"""Screens of rows (laid out and painted) kept: the one shown, and those
painted ahead (a page each side, the first and the last, and where the next
and the previous anomaly or Find match are), with room to spare. With six,
painting ahead pushed out the screens it had painted first (2-3 MB a
screen of strips at 1400 pixels wide)."""


class GridPainting:
    """The grid's header and rows, painted from the view's state."""

    def __init__(self, view: GridView) -> None:
        self._view = view
        self._palette: GridPalette = grid_palette(view.palette())
        self._columns = self._make_column_painter()
        self._hex = HexPainter(view.cell_geometry, self._palette)
        self._layout_key: tuple[object, ...] | None = None
        self._layout: list[RowLayout] = []
        self._kept_rows: OrderedDict[int, RowLayout] = OrderedDict()
        """Rows laid out lately, by first byte, for :attr:`_kept_look`."""
        self._kept_look: tuple[object, ...] | None = None
        self._strips: RowStrips | None = None
        self._header = GridHeader()

    @property
    def palette(self) -> GridPalette:
        """The colours the grid paints with (follow the widget's palette)."""
        return self._palette

    def _make_column_painter(self) -> ColumnPainter:
        view = self._view
        ratio = view.devicePixelRatioF()
        return ColumnPainter(view.metrics, view.cell_geometry, self._palette, ratio)

    def rebuild(self) -> None:
        """The cell geometry changed (document, formats, bytes per row):
        nothing painted or laid out before still holds."""
        self._columns = self._make_column_painter()
        self._hex = HexPainter(self._view.cell_geometry, self._palette)
        self._strips = None
        self._layout_key = None
        self._kept_rows.clear()

    def forget_strips(self) -> None:
        """Rows look different (the current format's hex tint and header)."""
        self._strips = None

    def palette_changed(self) -> None:
        """Take the widget's new palette and repaint every row with it."""
        self._palette = grid_palette(self._view.palette())
        self._columns = self._make_column_painter()
        self._hex = HexPainter(self._view.cell_geometry, self._palette)
        self._strips = None

    def visible_layout(self) -> list[RowLayout]:
        """The layout of the visible rows (plus one partly visible), cached.
        Rows laid out before (on screen or ahead) are reused, so a one-row
        scroll lays out one row."""
        view = self._view
        if view.document is None:
            return []
        top, rows = view.top_row(), view.visible_rows() + 1
        key = (id(view.document), top, rows, view.bytes_per_row, tuple(view.shown.keys))
        if key != self._layout_key:
            self._layout = self._laid_out(top, rows)
            self._layout_key = key
        return self._layout

    def _laid_out(self, first_row: int, n_rows: int) -> list[RowLayout]:
        """Rows ``[first_row, first_row + n_rows)`` (clipped to the document),
        from the kept rows where they are there, keeping the new ones."""
        view = self._view
        assert view.document is not None
        look = (id(view.document), view.bytes_per_row, tuple(view.shown.keys))
        if look != self._kept_look:
            self._kept_rows.clear()
            self._kept_look = look
        kept = self._kept_rows
        rows = layout_rows_reusing(
            view.document, view.shown.choices, first_row, n_rows, view.bytes_per_row, kept
        )
        for row in rows:
            kept[row.start] = row
            kept.move_to_end(row.start)
        while len(kept) > self._rows_kept():
            kept.popitem(last=False)
        return rows

    def _rows_kept(self) -> int:
        return SCREENS_KEPT * (self._view.visible_rows() + 1) + 8

    def prepare_rows(
        self, first_row: int, n_rows: int, selected: tuple[int, int] | None = None
    ) -> int:
        """Lay out and paint rows ``[first_row, first_row + n_rows)`` now, as
        they would look shown with the present selection, or with bytes
        ``selected`` selected and the cursor on the first (as a key or a jump
        leaves them), so that showing them later stamps kept strips. Returns
        how many rows were painted (0: they were all kept already)."""
        view = self._view
        if view.document is None or n_rows <= 0:
            return 0
        rows = self._laid_out(max(first_row, 0), n_rows)
        strips = self._row_strips()
        strips.limit = self._rows_kept()
        before = strips.painted
        if selected is None:
            selection, cursor = (view.selection.start, view.selection.end), view.selection.cursor
        else:
            cursor = selected[0]
            selection = (cursor, min(selected[1], view.document.size))
        strips.strips(rows, selection, cursor)
        return strips.painted - before

    def paint(self, painter: QPainter) -> None:
        """The whole viewport: background, header, then the visible rows'
        strips and the view's marks over them (:mod:`.marks`), shifted by
        the horizontal scroll bar."""
        view = self._view
        if view.devicePixelRatioF() != self._columns.pictures.pixel_ratio:
            self._columns = self._make_column_painter()  # moved to a screen of another density
            self._strips = None
        painter.fillRect(view.viewport().rect(), self._palette.base)
        painter.translate(-view.horizontalScrollBar().value(), 0)
        painter.setFont(view.metrics.font)
        self._header.paint(painter, view, self._palette)
        rows = self.visible_layout()
        strips = self._row_strips()
        strips.limit = self._rows_kept()
        selection = (view.selection.start, view.selection.end)
        cursor = view.selection.cursor
        g = view.cell_geometry
        for i, strip in enumerate(strips.strips(rows, selection, cursor)):
            painter.drawPixmap(QPointF(0, g.header_h + i * g.row_h), strip)
        if view.marked_ranges is not None:
            paint_marks(painter, g, rows, g.header_h, view.marked_ranges, self._palette.dark)

    def _row_strips(self) -> RowStrips:
        """The painted rows for the present look; see :mod:`.row_strips`."""
        if self._strips is None:
            g = self._view.cell_geometry
            ratio = self._view.devicePixelRatioF()
            self._strips = RowStrips(self.paint_rows, g.width, g.row_h, ratio, self._palette.base)
        return self._strips

    def paint_rows(
        self, painter: QPainter, rows: list[RowLayout], selection: tuple[int, int], cursor: int
    ) -> None:
        """Consecutive rows (offset, hex, every decoded column) from y = 0.
        Hatched fills are anchored to the content, so they run on across rows
        and scroll with them (64 pixels: a multiple of every hatch pattern's period)."""
        view = self._view
        g = view.cell_geometry
        painter.setFont(view.metrics.font)
        rise = (rows[0].start // view.bytes_per_row * int(g.row_h)) % 64
        painter.setBrushOrigin(QPointF(0, -rise))
        self._hex.paint_offsets(painter, rows, 0)
        self._hex.paint_hex(painter, rows, 0, selection, cursor, view.current_column())
        for column in range(len(view.shown.choices)):
            self._columns.paint(painter, column, rows, 0, selection, cursor)
