"""Painting the grid: the header, the visible rows through kept row strips,
and compare mode's marks, the selection and the cursor over them.

:class:`GridPainting` is owned by one :class:`~mojiscope.app.grid.view.GridView`
and reads it only through its public face (document, shown formats, bytes per
row, cell geometry, top row, focus area, selection). It keeps what repaints
can reuse: the layout of the visible rows, computed once per scroll position
(and formats, bytes per row, document), from the rows laid out before where
it has them; and each row painted once into a strip keyed by the row alone
(see :mod:`~mojiscope.app.grid.row_strips`), since the marks
(:mod:`~mojiscope.app.grid.marks`), the selection and the cursor are
painted over the strips at each paint. A key that moves the
cursor on screen paints no row; a new screen lays out and paints its rows
once, unless it was painted ahead (:mod:`~mojiscope.app.grid.ahead`). The
view tells it when what it kept goes stale (:meth:`rebuild`,
:meth:`forget_strips`, :meth:`palette_changed`). The header is kept too, as
a picture keyed by everything it shows (see :mod:`~mojiscope.app.grid.header`),
so it needs no such telling.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QPointF, QRect
from PySide6.QtGui import QPainter

from mojiscope.app.grid.column_painter import ColumnPainter
from mojiscope.app.grid.header import GridHeader
from mojiscope.app.grid.hex_painter import HexPainter
from mojiscope.app.grid.layout import RowLayout, layout_rows_reusing
from mojiscope.app.grid.marks import MarkStrips
from mojiscope.app.grid.palette import GridPalette, grid_palette
from mojiscope.app.grid.row_strips import RowStrips

if TYPE_CHECKING:
    from mojiscope.app.grid.view import GridView

SCREENS_KEPT = 8
"""Screens of rows kept, laid out and painted: the one shown and those
painted ahead (a page each side, the ends, where the next finds and
anomalies are), with room to spare: each screen of strips is a few MB at
1400 pixels wide."""


class GridStats(NamedTuple):
    """What a grid has laid out and painted since it was made."""

    rows_laid_out: int
    """Rows laid out (the rest were kept)."""
    rows_painted: int
    """Rows painted into strips (the rest were stamped)."""
    headers_painted: int
    """Headers painted afresh (the rest were stamped)."""
    marks_painted: int
    """Rows whose compare-mode marks were drawn afresh (the rest were stamped)."""


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
        self._marks: MarkStrips | None = None
        self._header = GridHeader()
        self._rows_laid_out = 0
        self._rows_painted = 0
        self._marks_painted = 0
        """Marks drawn by the :class:`MarkStrips` dropped so far."""

    def stats(self) -> GridStats:
        """What this grid has laid out and painted so far."""
        marks = self._marks_painted + (self._marks.painted if self._marks else 0)
        return GridStats(self._rows_laid_out, self._rows_painted, self._header.painted, marks)

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
        self._drop_marks()
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
        self._drop_marks()

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
            self._rows_laid_out += row.start not in kept
            kept[row.start] = row
            kept.move_to_end(row.start)
        while len(kept) > self._rows_kept():
            kept.popitem(last=False)
        return rows

    def _rows_kept(self) -> int:
        return SCREENS_KEPT * (self._view.visible_rows() + 1) + 8

    def prepare_rows(self, first_row: int, n_rows: int) -> int:
        """Lay out and paint rows ``[first_row, first_row + n_rows)`` now, so
        that showing them later stamps kept strips (see
        :mod:`~mojiscope.app.grid.ahead`). Returns how many rows were
        painted (0: they were all kept already)."""
        view = self._view
        if view.document is None or n_rows <= 0:
            return 0
        rows = self._laid_out(max(first_row, 0), n_rows)
        strips = self._row_strips()
        strips.limit = self._rows_kept()
        before = strips.painted
        strips.strips(rows)
        if view.marked_ranges is not None:
            self._mark_strips().prepare(rows, view.marked_ranges)
        self._rows_painted += strips.painted - before
        return strips.painted - before

    def paint(self, painter: QPainter) -> None:
        """The whole viewport: background, header, then the visible rows:
        their strips' grounds, the view's marks (:mod:`.marks`), the
        selection, their inks and the cursor, once per pane of the viewport
        (the fixed offsets and hex, the decoded columns scrolled sideways:
        :meth:`~mojiscope.app.grid.scrolling.GridScrolling.panes`)."""
        view = self._view
        if view.devicePixelRatioF() != self._columns.pictures.pixel_ratio:
            self._columns = self._make_column_painter()  # moved to a screen of another density
            self._strips = None
            self._drop_marks()
        painter.fillRect(view.viewport().rect(), self._palette.base)
        panes = view.scrolling.panes()
        height = view.viewport().height()
        for pane in panes:
            painter.save()
            painter.setClipRect(QRect(pane.left, 0, pane.right - pane.left, height))
            painter.translate(-pane.shift, 0)
            self._paint_content(painter)
            painter.restore()
        if len(panes) > 1:  # the columns run on under the offsets and the hex
            painter.fillRect(QRect(panes[1].left - 1, 0, 1, height), self._palette.rule)

    def _paint_content(self, painter: QPainter) -> None:
        """Header and rows in content coordinates (the caller has applied a
        pane's shift and clip)."""
        view = self._view
        painter.setFont(view.metrics.font)
        self._header.paint(painter, view, self._palette)
        rows = self.visible_layout()
        if not rows:
            return
        strips = self._row_strips()
        strips.limit = self._rows_kept()
        g = view.cell_geometry
        before = strips.painted
        kept = strips.strips(rows)
        self._rows_painted += strips.painted - before
        top, row_h = int(g.header_h), int(g.row_h)
        for i, strip in enumerate(kept):
            painter.drawPixmap(0, top + i * row_h, strip.ground)
        if view.marked_ranges is not None:  # compare mode's outlines
            self._mark_strips().paint(painter, rows, top, view.marked_ranges)
        self._paint_selection(painter, rows, top)
        for i, strip in enumerate(kept):
            painter.drawPixmap(0, top + i * row_h, strip.ink)
        self._paint_cursor(painter, rows, top)

    def _paint_selection(self, painter: QPainter, rows: list[RowLayout], y0: float) -> None:
        """The selection over the rows' grounds, under their inks: the
        selected bytes in the hex area, their whole characters in each column."""
        selection = self._view.selection
        start, end = selection.start, selection.end
        if end <= _reach(rows[0])[0] or start >= _reach(rows[-1])[1]:
            return  # off screen (most keys, with a selection of one byte)
        self._hex.paint_selection(painter, rows, y0, (start, end))
        for column in range(len(self._view.shown.choices)):
            self._columns.paint_selection(painter, column, rows, y0, (start, end))

    def _paint_cursor(self, painter: QPainter, rows: list[RowLayout], y0: float) -> None:
        """The cursor over everything: its hex cell and, in each column, the
        character that holds it."""
        cursor = self._view.selection.cursor
        self._hex.paint_cursor(painter, rows, y0, cursor)
        for column in range(len(self._view.shown.choices)):
            self._columns.paint_cursor(painter, column, rows, y0, cursor)

    def _drop_marks(self) -> None:
        if self._marks is not None:
            self._marks_painted += self._marks.painted
            self._marks = None

    def _mark_strips(self) -> MarkStrips:
        """The rows' marks for the present geometry and palette; see :mod:`.marks`."""
        if self._marks is None:
            view = self._view
            ratio = view.devicePixelRatioF()
            self._marks = MarkStrips(view.cell_geometry, ratio, self._palette.dark)
        self._marks.limit = self._rows_kept()
        return self._marks

    def _row_strips(self) -> RowStrips:
        """The painted rows for the present look; see :mod:`.row_strips`."""
        if self._strips is None:
            g = self._view.cell_geometry
            ratio = self._view.devicePixelRatioF()
            self._strips = RowStrips(self.paint_rows, g.width, g.row_h, ratio, self._palette.base)
        return self._strips

    def paint_rows(self, ground: QPainter, ink: QPainter, rows: list[RowLayout]) -> None:
        """Consecutive rows (offset, hex, every decoded column) from y = 0,
        their ground with ``ground`` and their ink with ``ink``. Hatched
        fills are anchored to the content, so they run on across rows and
        scroll with them (64 pixels: a multiple of every hatch pattern's period)."""
        view = self._view
        g = view.cell_geometry
        for painter in (ground, ink):
            painter.setFont(view.metrics.font)
        rise = (rows[0].start // view.bytes_per_row * int(g.row_h)) % 64
        ground.setBrushOrigin(QPointF(0, -rise))
        self._hex.paint_offsets(ink, rows, 0)
        self._hex.paint_tints(ground, rows, 0, view.current_column())
        self._hex.paint_hex(ink, rows, 0)
        for column in range(len(view.shown.choices)):
            self._columns.paint_ground(ground, column, rows, 0)
            self._columns.paint_ink(ink, column, rows, 0)


def _reach(row: RowLayout) -> tuple[int, int]:
    """The bytes ``[lo, hi)`` of every character drawn on ``row`` (its own
    bytes, widened by characters that begin above it or end below it)."""
    lo, hi = row.start, row.start + len(row.data)
    for pieces in row.columns:
        if pieces:
            lo = min(lo, pieces[0].offsets[0])
            hi = max(hi, pieces[-1].offsets[-1])
    return lo, hi
