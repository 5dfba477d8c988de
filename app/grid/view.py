"""The grid view: offsets, hex and decoded columns, painting only visible rows.

A :class:`QAbstractScrollArea` whose vertical scroll bar counts rows (scaled
down for files with more rows than a scroll bar can count). It reads the
:class:`SelectionModel` and :class:`ShownFormats` and writes to them; it
knows no other view. The per-row layout of the visible rows is computed once
per scroll position (and formats, bytes per row, document) and reused by
every repaint until one of those changes; rows already laid out are kept
across a scroll, and each row is painted once into a strip that later
repaints reuse while its selection and cursor look the same (see
:mod:`~mojiscope.app.grid.row_strips`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QContextMenuEvent,
    QFont,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QMenu, QToolTip, QWidget

from mojiscope.app.formats import FormatChoice
from mojiscope.app.grid.column_painter import ColumnPainter
from mojiscope.app.grid.fonts import monospace_font
from mojiscope.app.grid.hex_painter import paint_hex, paint_offsets
from mojiscope.app.grid.layout import Geometry, Metrics, RowLayout, layout_rows_reusing
from mojiscope.app.grid.navigation import (
    SCROLL_LIMIT,
    byte_move,
    character_move,
    next_focus_stop,
    row_of_scroll_value,
    scroll_showing,
    scroll_value_of_row,
    tab_move,
)
from mojiscope.app.grid.palette import GridPalette, grid_palette
from mojiscope.app.grid.row_strips import RowStrips
from mojiscope.app.grid.tooltips import tooltip_at_byte
from mojiscope.app.model.document import Document
from mojiscope.app.selection import SelectionModel
from mojiscope.app.shown_formats import ShownFormats


class GridView(QAbstractScrollArea):
    """Offset, hex and one decoded column per shown format."""

    def __init__(
        self, selection: SelectionModel, shown: ShownFormats, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.selection = selection
        self.shown = shown
        self.document: Document | None = None
        self._bytes_per_row = 16
        self._metrics = Metrics.for_font(monospace_font())
        self._palette: GridPalette = grid_palette(self.palette())
        self._geometry = self._make_geometry()
        self._columns = self._make_column_painter()
        self._layout_key: tuple[object, ...] | None = None
        self._layout: list[RowLayout] = []
        self._strips: RowStrips | None = None
        self._drag: tuple[str, int, int, int] | None = None  # area, column, anchor start, end
        self.focus_area = "hex"
        """Where the keyboard acts: "hex" (by bytes) or "column", the current
        format's decoded column (by characters). A click or Tab moves it."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setAutoFillBackground(False)
        self._top_row = 0
        self._syncing_bar = False
        self._side: tuple[QWidget, int] | None = None
        #: Words added to a column's title (" (alignment guessed)" for a code
        #: page whose windows guess where characters start); set by the window.
        self.column_note: Callable[[FormatChoice], str] = lambda _choice: ""
        self.verticalScrollBar().valueChanged.connect(self._bar_moved)
        self.horizontalScrollBar().valueChanged.connect(self.viewport().update)
        selection.changed.connect(self._selection_changed)
        shown.changed.connect(self._formats_changed)
        shown.current_changed.connect(self._current_format_changed)

    # -- configuration -------------------------------------------------------------

    @property
    def bytes_per_row(self) -> int:
        return self._bytes_per_row

    def set_document(self, document: Document | None) -> None:
        self.document = document
        self._top_row = 0
        self._rebuild()

    def set_bytes_per_row(self, number: int) -> None:
        if number == self._bytes_per_row:
            return
        top_offset = self.top_row() * self._bytes_per_row
        self._bytes_per_row = number
        self._rebuild()
        self.scroll_to_row(top_offset // number)
        self.ensure_visible(self.selection.cursor)

    def _make_column_painter(self) -> ColumnPainter:
        ratio = self.devicePixelRatioF()
        return ColumnPainter(self._metrics, self._geometry, self._palette, ratio)

    def _make_geometry(self) -> Geometry:
        size = self.document.size if self.document else 0
        return Geometry(self._metrics, self._bytes_per_row, size, len(self.shown.choices))

    def _rebuild(self) -> None:
        self._geometry = self._make_geometry()
        self._columns = self._make_column_painter()
        self._strips = None
        self._layout_key = None
        self._update_scroll_bars()
        self.viewport().update()

    def _formats_changed(self) -> None:
        self._rebuild()

    def _current_format_changed(self) -> None:
        self._strips = None  # the hex tint and the header follow the current format
        self.scroll_to_column(self._current_column())
        self.viewport().update()

    def scroll_to_column(self, column: int | None) -> None:
        """Scroll horizontally as little as needed to show a decoded column
        whole (its left edge when it is wider than the viewport)."""
        if column is None or not 0 <= column < len(self._geometry.column_x):
            return
        bar = self.horizontalScrollBar()
        left = int(self._geometry.column_x[column])
        right = math.ceil(left + self._geometry.column_w)
        bar.setValue(scroll_showing(left, right, bar.value(), self.viewport().width()))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._palette = grid_palette(self.palette())
            self._columns = self._make_column_painter()
            self._strips = None
            self.viewport().update()
        super().changeEvent(event)

    # -- rows and scrolling -----------------------------------------------------------

    def total_rows(self) -> int:
        size = self.document.size if self.document else 0
        return max(math.ceil(size / self._bytes_per_row), 1)

    def row_height(self) -> int:
        """Height of one row in pixels (rounded up)."""
        return math.ceil(self._geometry.row_h)

    def visible_rows(self) -> int:
        """Rows that fit whole in the viewport (at least 1)."""
        room = self.viewport().height() - self._geometry.header_h
        return max(int(room // self._geometry.row_h), 1)

    def _scroll_span(self) -> int:
        return max(self.total_rows() - self.visible_rows(), 0)

    def top_row(self) -> int:
        """The exact first visible row. The view holds it itself: past
        :data:`SCROLL_LIMIT` rows one scroll bar step covers several rows, so
        the bar's value alone cannot say which one is on top."""
        return min(self._top_row, self._scroll_span())

    def scroll_to_row(self, row: int) -> None:
        span = self._scroll_span()
        self._top_row = min(max(row, 0), span)
        self._show_top_row_on_bar()
        self.viewport().update()

    def _show_top_row_on_bar(self) -> None:
        """Put the bar where the exact top row is, without reading it back."""
        self._syncing_bar = True
        try:
            value = scroll_value_of_row(self._top_row, self._scroll_span())
            self.verticalScrollBar().setValue(value)
        finally:
            self._syncing_bar = False

    def _bar_moved(self, value: int) -> None:
        """The user moved the bar (drag, click, wheel): the top row follows it."""
        if not self._syncing_bar:
            self._top_row = row_of_scroll_value(value, self._scroll_span())
        self.viewport().update()

    def ensure_visible(self, offset: int) -> None:
        """Scroll as little as needed to show ``offset``'s row; a jump further
        than a page away puts the row a third of the way down, with context."""
        row = offset // self._bytes_per_row
        top = self.top_row()
        rows = self.visible_rows()
        if top <= row < top + rows:
            return
        if top - rows <= row < top:
            self.scroll_to_row(row)
        elif top + rows <= row < top + 2 * rows:
            self.scroll_to_row(row - rows + 1)
        else:
            self.scroll_to_row(row - rows // 3)

    def _update_scroll_bars(self) -> None:
        span = self._scroll_span()
        self._top_row = min(self._top_row, span)
        bar = self.verticalScrollBar()
        self._syncing_bar = True
        try:
            bar.setRange(0, min(span, SCROLL_LIMIT))
            bar.setPageStep(min(self.visible_rows(), max(SCROLL_LIMIT // 8, 1)))
            bar.setSingleStep(1)
        finally:
            self._syncing_bar = False
        self._show_top_row_on_bar()
        hbar = self.horizontalScrollBar()
        hbar.setRange(0, max(self._geometry.width - self.viewport().width(), 0))
        hbar.setPageStep(self.viewport().width())
        hbar.setSingleStep(int(self._metrics.char_w * 4))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._update_scroll_bars()
        self._place_side_widget()

    def attach_side_widget(self, widget: QWidget, width: int) -> None:
        """Put ``widget`` (the overview strip) between the rows and the
        vertical scroll bar, ``width`` pixels wide, as tall as the viewport."""
        self._side = (widget, width)
        self.setViewportMargins(0, 0, width, 0)
        self._place_side_widget()

    def _place_side_widget(self) -> None:
        if self._side is None:
            return
        widget, width = self._side
        area = self.viewport().geometry()
        widget.setGeometry(area.right() + 1, area.top(), width, area.height())

    def _selection_changed(self) -> None:
        self.ensure_visible(self.selection.cursor)
        self.viewport().update()

    # -- layout and painting ---------------------------------------------------------------

    def visible_layout(self) -> list[RowLayout]:
        """The layout of the visible rows (plus one partly visible), cached.
        Rows already laid out for the previous scroll position are reused,
        so a one-row scroll lays out one row."""
        if self.document is None:
            return []
        rows = self.visible_rows() + 1
        top = self.top_row()
        key = (id(self.document), top, rows, self._bytes_per_row, tuple(self.shown.keys))
        if key != self._layout_key:
            old = self._layout_key
            same_look = old is not None and old[0] == key[0] and old[3:] == key[3:]
            known = {row.start: row for row in self._layout} if same_look else {}
            self._layout = layout_rows_reusing(
                self.document, self.shown.choices, top, rows, self._bytes_per_row, known
            )
            self._layout_key = key
        return self._layout

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self.viewport())
        try:
            self._paint(painter)
        finally:
            painter.end()

    def _paint(self, painter: QPainter) -> None:
        if self.devicePixelRatioF() != self._columns.pictures.pixel_ratio:
            self._columns = self._make_column_painter()  # moved to a screen of another density
            self._strips = None
        painter.fillRect(self.viewport().rect(), self._palette.base)
        painter.translate(-self.horizontalScrollBar().value(), 0)
        painter.setFont(self._metrics.font)
        self._paint_header(painter)
        rows = self.visible_layout()
        strips = self._row_strips()
        strips.limit = 2 * len(rows) + 8
        selection = (self.selection.start, self.selection.end)
        cursor = self.selection.cursor
        y0 = self._geometry.header_h
        for i, strip in enumerate(strips.strips(rows, selection, cursor)):
            painter.drawPixmap(QPointF(0, y0 + i * self._geometry.row_h), strip)

    def _row_strips(self) -> RowStrips:
        """The painted rows for the present look; see :mod:`.row_strips`."""
        if self._strips is None:
            self._strips = RowStrips(
                self._paint_rows,
                self._geometry.width,
                self._geometry.row_h,
                self.devicePixelRatioF(),
                self._palette.base,
            )
        return self._strips

    def _paint_rows(
        self, painter: QPainter, rows: list[RowLayout], selection: tuple[int, int], cursor: int
    ) -> None:
        """Consecutive rows (offset, hex, every decoded column) from y = 0.
        Hatched fills are anchored to the content, so they run on across rows
        and scroll with them (64 pixels: a multiple of every hatch pattern's period)."""
        painter.setFont(self._metrics.font)
        rise = (rows[0].start // self._bytes_per_row * int(self._geometry.row_h)) % 64
        painter.setBrushOrigin(QPointF(0, -rise))
        paint_offsets(painter, self._geometry, rows, 0, self._palette)
        current = self._current_column()
        paint_hex(painter, self._geometry, rows, 0, self._palette, selection, cursor, current)
        for column in range(len(self.shown.choices)):
            self._columns.paint(painter, column, rows, 0, selection, cursor)

    def _current_column(self) -> int | None:
        keys = self.shown.keys
        key = self.shown.current.key
        return keys.index(key) if key in keys else None

    def _paint_header(self, painter: QPainter) -> None:
        g = self._geometry
        palette = self._palette
        painter.fillRect(QRectF(0, 0, g.width + 1e4, g.header_h - 2), palette.header)
        baseline = (g.header_h - self._metrics.ascent) / 2 + self._metrics.ascent - 2
        painter.setPen(palette.dim)
        painter.drawText(QPointF(g.offset_x, baseline), "Offset")
        for i in range(self._bytes_per_row):
            painter.drawText(QPointF(g.hex_cell_x(i), baseline), f"{i:02X}")
        current = self._current_column()
        bold = QFont(self._metrics.font)
        bold.setBold(True)
        for column, choice in enumerate(self.shown.choices):
            is_current = column == current
            painter.setFont(bold if is_current else self._metrics.font)
            painter.setPen(palette.header_text if is_current else palette.dim)
            x0 = g.column_x[column]
            label = choice.label + self.column_note(choice)
            elided = painter.fontMetrics().elidedText(
                label, Qt.TextElideMode.ElideRight, int(g.column_w)
            )
            painter.drawText(QPointF(x0, baseline), elided)
            if is_current and self.focus_area == "column":
                painter.fillRect(QRectF(x0, g.header_h - 5, g.column_w, 2), palette.cursor)
        if self.focus_area == "hex":
            painter.fillRect(QRectF(g.hex_x, g.header_h - 5, g.hex_w, 2), palette.cursor)
        painter.setFont(self._metrics.font)

    # -- hit testing and the mouse -------------------------------------------------------------

    def offset_at(self, pos: QPoint) -> tuple[str, int, int] | None:
        """(area, column, byte offset) under a viewport position, or None."""
        if self.document is None or pos.y() < self._geometry.header_h:
            return None
        hit = self._geometry.hit(pos.x() + self.horizontalScrollBar().value())
        if hit is None:
            return None
        row = self.top_row() + int((pos.y() - self._geometry.header_h) // self._geometry.row_h)
        offset = row * self._bytes_per_row + hit.index_in_row
        if offset >= self.document.size:
            return None
        return hit.area, hit.column, offset

    def point_of(self, area: str, column: int, offset: int) -> QPoint:
        """The viewport position of a byte's cell centre (scrolls it into view)."""
        self.ensure_visible(offset)
        g = self._geometry
        index = offset % self._bytes_per_row
        row = offset // self._bytes_per_row - self.top_row()
        if area == "hex":
            x = g.hex_cell_x(index) + g.metrics.char_w
        else:
            x = g.column_cell_x(column, index) + g.cell_w / 2
        y = g.header_h + row * g.row_h + g.row_h / 2
        return QPoint(int(x - self.horizontalScrollBar().value()), int(y))

    def _char_range(self, column: int, offset: int) -> tuple[int, int]:
        """The bytes of the character that holds ``offset`` in a decoded column."""
        if self.document is None:
            return offset, offset + 1
        cell = self.document.cell_at(self.shown.choices[column], offset)
        return (cell.byte_start, cell.byte_end) if cell else (offset, offset + 1)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        if event.position().y() < self._geometry.header_h:
            self._header_clicked(event.position().x())
            return
        found = self.offset_at(event.position().toPoint())
        if found is None:
            return
        area, column, offset = found
        extend = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self.set_focus_area(area)
        if area == "hex":
            self.selection.move_cursor(offset, extend=extend)
            self._drag = ("hex", column, self.selection.anchor, self.selection.anchor + 1)
        else:
            self.shown.set_current(self.shown.choices[column].key)
            start, end = self._char_range(column, offset)
            self.selection.select_range(start, end)
            self._drag = ("column", column, start, end)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._drag is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        found = self.offset_at(event.position().toPoint())
        if found is None:
            return
        area, column, anchor_start, anchor_end = self._drag
        offset = found[2]
        if area == "hex":
            self.selection.move_cursor(offset, extend=True)
            return
        start, end = self._char_range(column, offset)
        if start >= anchor_start:
            self.selection.set_anchor_and_cursor(anchor_start, end - 1)
        else:
            self.selection.set_anchor_and_cursor(anchor_end - 1, start)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self._drag = None
        super().mouseReleaseEvent(event)

    def _header_clicked(self, x: float) -> None:
        hit = self._geometry.hit(x + self.horizontalScrollBar().value())
        if hit is not None and hit.area == "column":
            self.shown.set_current(self.shown.choices[hit.column].key)
            self.set_focus_area("column")

    def tooltip_at(self, pos: QPoint) -> str | None:
        """The one-line summary of the character under a viewport position:
        in a decoded column as that column's format reads it, in the hex
        area as the current format does; None off the cells."""
        found = self.offset_at(pos)
        if found is None or self.document is None:
            return None
        area, column, offset = found
        choice = self.shown.current if area == "hex" else self.shown.choices[column]
        return tooltip_at_byte(self.document, choice, offset)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(event.pos())
            if text is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            return True
        return super().viewportEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 - Qt override
        if self.actions():
            QMenu.exec(self.actions(), event.globalPos(), None, self)

    # -- keyboard ------------------------------------------------------------------------------

    def set_focus_area(self, area: str) -> None:
        """Give the keyboard to the hex area or to the current format's column."""
        if area != self.focus_area:
            self.focus_area = area
            self.viewport().update()

    def cycle_focus_area(self, forward: bool = True) -> None:
        """Tab's order: hex, then each decoded column left to right (making
        its format current), then hex again; Shift+Tab the other way."""
        here = self._current_column() if self.focus_area == "column" else None
        target = next_focus_stop(len(self.shown.choices), here, forward)
        if target is None:
            self.set_focus_area("hex")
            return
        self.shown.set_current(self.shown.choices[target].key)
        self.set_focus_area("column")
        self.scroll_to_column(target)

    def event(self, event: QEvent) -> bool:
        """Tab and Shift+Tab move between the grid's areas (as in HxD or
        ImHex); Ctrl+Tab and Ctrl+Shift+Tab leave the grid."""
        tab = tab_move(event) if isinstance(event, QKeyEvent) else None
        if tab is None:
            return super().event(event)
        forward, leave = tab
        if leave:
            self.focusNextPrevChild(forward)
        else:
            self.cycle_focus_area(forward)
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        where = (self.selection.anchor, self.selection.cursor)
        rows, per_row = self.visible_rows(), self._bytes_per_row
        if self.document is None:
            moved = None
        elif self.focus_area == "column":
            moved = character_move(self.document, self.shown.current, where, event, per_row, rows)
        else:
            moved = byte_move(where, event, self.document.size, per_row, rows)
        if moved is None:
            super().keyPressEvent(event)
        else:
            self.selection.set_anchor_and_cursor(*moved)
