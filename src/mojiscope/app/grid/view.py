"""The grid view: offsets, hex and decoded columns, painting only visible rows.

A :class:`QAbstractScrollArea` whose vertical scroll bar counts rows (scaled
down for files with more rows than a scroll bar can count). It reads the
:class:`SelectionModel` and :class:`ShownFormats` and writes to them; it
knows no other view. The view holds what its parts share (document, bytes
per row, cell geometry, the keyboard's focus area) and owns four helpers,
one job each, that read it through its public face:

- :class:`~mojiscope.app.grid.painting.GridPainting`: the header and the
  visible rows, with the kept row layouts and row strips, the selection
  and the cursor painted over them;
- :class:`~mojiscope.app.grid.scrolling.GridScrolling`: the exact top row and
  the scroll bars that mirror it, and the side widget's place;
- :class:`~mojiscope.app.grid.interaction.GridInput`: hit testing, the mouse,
  tooltips, Tab between areas and the navigation keys;
- :class:`~mojiscope.app.grid.ahead.PaintAhead`: the screens a key or a
  jump may bring (the window's ``forecast`` says where a jump may land),
  painted while the user rests.

The Qt event overrides here only hand events to those helpers.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import (
    QContextMenuEvent,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QMenu, QWidget

from mojiscope.app.grid.ahead import PaintAhead
from mojiscope.app.grid.fonts import monospace_font
from mojiscope.app.grid.interaction import GridInput
from mojiscope.app.grid.layout import Geometry, Metrics, RowLayout
from mojiscope.app.grid.marks import Ranges
from mojiscope.app.grid.painting import GridPainting, GridStats
from mojiscope.app.grid.scrolling import GridScrolling
from mojiscope.app.model.document import Document
from mojiscope.app.window.forecast import Forecast
from mojiscope.app.window.selection import SelectionModel
from mojiscope.app.window.shown_formats import ShownFormats


class GridView(QAbstractScrollArea):
    """Offset, hex and one decoded column per shown format."""

    def __init__(
        self,
        selection: SelectionModel,
        shown: ShownFormats,
        forecast: Forecast,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.selection = selection
        self.shown = shown
        self.document: Document | None = None
        self._bytes_per_row = 16
        self.metrics = Metrics.for_font(monospace_font())
        """The font's measures every cell is placed by."""
        self._geometry = self._make_geometry()
        self.painting = GridPainting(self)
        self.focus_area = "hex"
        """Where the keyboard acts: "hex" (by bytes) or "column", the current
        format's decoded column (by characters). A click or Tab moves it."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setAutoFillBackground(False)
        self.scrolling = GridScrolling(self)
        self.input = GridInput(self)
        self.ahead = PaintAhead(self, forecast)
        self.marked_ranges: Ranges | None = None
        """Byte ranges outlined over the rows on screen, asked at each paint
        (compare mode's differences, from :meth:`show_marks`): see :mod:`.marks`."""
        selection.changed.connect(self._selection_changed)
        shown.changed.connect(self._formats_changed)
        shown.current_changed.connect(self._current_format_changed)

    # -- configuration -------------------------------------------------------------

    @property
    def bytes_per_row(self) -> int:
        return self._bytes_per_row

    @property
    def cell_geometry(self) -> Geometry:
        """Where every row's cells and columns lie, for the present document,
        formats and bytes per row (a new one after each change of those)."""
        return self._geometry

    def show_marks(self, ranges: Ranges) -> None:
        """Outline, at each paint, the byte ranges ``ranges`` gives for the
        rows on screen (compare mode's differences)."""
        self.marked_ranges = ranges
        self.viewport().update()

    def set_document(self, document: Document | None) -> None:
        """Show ``document`` from its first row, the columns' pane scrolled
        back to the left as far as the current format's column allows."""
        self.document = document
        self.scrolling.forget_top_row()
        self._rebuild()
        self.scroll_to_column(self.current_column())

    def set_bytes_per_row(self, number: int) -> None:
        if number == self._bytes_per_row:
            return
        top_offset = self.top_row() * self._bytes_per_row
        self._bytes_per_row = number
        self._rebuild()
        self.scroll_to_row(top_offset // number)
        self.ensure_visible(self.selection.cursor)

    def _make_geometry(self) -> Geometry:
        size = self.document.size if self.document else 0
        return Geometry(self.metrics, self._bytes_per_row, size, len(self.shown.choices))

    def _rebuild(self) -> None:
        self._geometry = self._make_geometry()
        self.painting.rebuild()
        self.scrolling.update_scroll_bars()
        self.viewport().update()

    def decodings_changed(self) -> None:
        """The document decodes some windows differently now (exactly, from
        the index): lay out and paint the rows again."""
        self.painting.rebuild()
        self.viewport().update()

    def _formats_changed(self) -> None:
        self._rebuild()

    def _current_format_changed(self) -> None:
        self.painting.forget_strips()  # the hex tint and the header follow the current format
        self.scroll_to_column(self.current_column())
        self.viewport().update()

    def _selection_changed(self) -> None:
        self.ensure_visible(self.selection.cursor)
        self.viewport().update()

    def current_column(self) -> int | None:
        """The current format's decoded column, None when it is not shown."""
        keys = self.shown.keys
        key = self.shown.current.key
        return keys.index(key) if key in keys else None

    # -- rows and scrolling (see GridScrolling) -------------------------------------------

    def total_rows(self) -> int:
        return self.scrolling.total_rows()

    def row_height(self) -> int:
        """Height of one row in pixels (rounded up)."""
        return self.scrolling.row_height()

    def visible_rows(self) -> int:
        """Rows that fit whole in the viewport (at least 1)."""
        return self.scrolling.visible_rows()

    def top_row(self) -> int:
        """The exact first visible row (not the scroll bar's value: past
        :data:`~mojiscope.app.grid.navigation.SCROLL_LIMIT` rows one bar step
        covers several rows)."""
        return self.scrolling.top_row()

    def scroll_to_row(self, row: int) -> None:
        self.scrolling.scroll_to_row(row)

    def ensure_visible(self, offset: int) -> None:
        """Scroll as little as needed to show ``offset``'s row; a jump further
        than a page away puts the row a third of the way down, with context."""
        self.scrolling.ensure_visible(offset)

    def scroll_to_column(self, column: int | None) -> None:
        """Scroll horizontally as little as needed to show a decoded column
        whole (its left edge when it is wider than the viewport)."""
        self.scrolling.scroll_to_column(column)

    def attach_side_widget(self, widget: QWidget, width: int) -> None:
        """Put ``widget`` (the overview strip) between the rows and the
        vertical scroll bar, ``width`` pixels wide, as tall as the viewport."""
        self.scrolling.attach_side_widget(widget, width)

    # -- painting (see GridPainting) --------------------------------------------------------

    def visible_layout(self) -> list[RowLayout]:
        """The layout of the visible rows (plus one partly visible), cached."""
        return self.painting.visible_layout()

    @property
    def stats(self) -> GridStats:
        """The rows laid out and painted, and the headers painted, so far."""
        return self.painting.stats()

    # -- hit testing and the keyboard's area (see GridInput) ------------------------------

    def offset_at(self, pos: QPoint) -> tuple[str, int, int] | None:
        """(area, column, byte offset) under a viewport position, or None."""
        return self.input.offset_at(pos)

    def point_of(self, area: str, column: int, offset: int) -> QPoint:
        """The viewport position of a byte's cell centre (scrolls it into view)."""
        return self.input.point_of(area, column, offset)

    def tooltip_at(self, pos: QPoint) -> str | None:
        """The one-line summary of the character under a viewport position,
        None off the cells."""
        return self.input.tooltip_at(pos)

    def set_focus_area(self, area: str) -> None:
        """Give the keyboard to the hex area or to the current format's column."""
        if area != self.focus_area:
            self.focus_area = area
            self.viewport().update()

    def cycle_focus_area(self, forward: bool = True) -> None:
        """Tab's order: hex, each decoded column left to right, hex again."""
        self.input.cycle_focus_area(forward)

    # -- Qt overrides ------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.painting.palette_changed()
            self.viewport().update()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.scrolling.update_scroll_bars()
        self.scrolling.place_side_widget()
        self.scroll_to_column(self.current_column())  # the current column stays in view

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self.viewport())
        try:
            self.painting.paint(painter)
        finally:
            painter.end()
        self.ahead.painted()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if not self.input.mouse_pressed(event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self.input.mouse_moved(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self.input.mouse_released()
        super().mouseReleaseEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if isinstance(event, QHelpEvent) and self.input.tooltip_event(event):
            return True  # (only these: other events come while __init__ still runs)
        return super().viewportEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 - Qt override
        if self.actions():
            QMenu.exec(self.actions(), event.globalPos(), None, self)

    def event(self, event: QEvent) -> bool:
        """Tab and Shift+Tab move between the grid's areas (as in HxD or
        ImHex); Ctrl+Tab and Ctrl+Shift+Tab leave the grid."""
        if isinstance(event, QKeyEvent) and self.input.tab_pressed(event):
            return True  # (only key events: others come while __init__ still runs)
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if not self.input.key_pressed(event):
            super().keyPressEvent(event)
