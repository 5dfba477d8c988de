"""Scrolling the grid: the exact top row, mirrored onto the scroll bars.

:class:`GridScrolling` is owned by one :class:`~mojiscope.app.grid.view.GridView`.
The vertical scroll bar counts rows, scaled down for files with more rows
than a scroll bar can count (:data:`~mojiscope.app.grid.navigation.SCROLL_LIMIT`),
so the exact top row is held here and only shown on the bar; a bar the user
moves sets the top row back. It also places the side widget (the overview
strip) between the rows and the vertical scroll bar.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from mojiscope.app.grid.navigation import (
    SCROLL_LIMIT,
    row_of_scroll_value,
    scroll_showing,
    scroll_value_of_row,
)

if TYPE_CHECKING:
    from mojiscope.app.grid.view import GridView


class GridScrolling:
    """The view's top row, its scroll bars and its side widget."""

    def __init__(self, view: GridView) -> None:
        self._view = view
        self._top_row = 0
        self._syncing_bar = False
        self._side: tuple[QWidget, int] | None = None
        view.verticalScrollBar().valueChanged.connect(self._bar_moved)
        view.horizontalScrollBar().valueChanged.connect(view.viewport().update)

    def forget_top_row(self) -> None:
        """A new document starts at its first row (shown by the next
        :meth:`update_scroll_bars`)."""
        self._top_row = 0

    def total_rows(self) -> int:
        view = self._view
        size = view.document.size if view.document else 0
        return max(math.ceil(size / view.bytes_per_row), 1)

    def row_height(self) -> int:
        """Height of one row in pixels (rounded up)."""
        return math.ceil(self._view.cell_geometry.row_h)

    def visible_rows(self) -> int:
        """Rows that fit whole in the viewport (at least 1)."""
        g = self._view.cell_geometry
        room = self._view.viewport().height() - g.header_h
        return max(int(room // g.row_h), 1)

    def _scroll_span(self) -> int:
        return max(self.total_rows() - self.visible_rows(), 0)

    def top_row(self) -> int:
        """The exact first visible row. It is held here: past
        :data:`SCROLL_LIMIT` rows one scroll bar step covers several rows, so
        the bar's value alone cannot say which one is on top."""
        return min(self._top_row, self._scroll_span())

    def scroll_to_row(self, row: int) -> None:
        span = self._scroll_span()
        self._top_row = min(max(row, 0), span)
        self._show_top_row_on_bar()
        self._view.viewport().update()

    def _show_top_row_on_bar(self) -> None:
        """Put the bar where the exact top row is, without reading it back."""
        self._syncing_bar = True
        try:
            value = scroll_value_of_row(self._top_row, self._scroll_span())
            self._view.verticalScrollBar().setValue(value)
        finally:
            self._syncing_bar = False

    def _bar_moved(self, value: int) -> None:
        """The user moved the bar (drag, click, wheel): the top row follows it."""
        if not self._syncing_bar:
            self._top_row = row_of_scroll_value(value, self._scroll_span())
        self._view.viewport().update()

    def ensure_visible(self, offset: int) -> None:
        """Scroll as little as needed to show ``offset``'s row; a jump further
        than a page away puts the row a third of the way down, with context."""
        row = offset // self._view.bytes_per_row
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

    def scroll_to_column(self, column: int | None) -> None:
        """Scroll horizontally as little as needed to show a decoded column
        whole (its left edge when it is wider than the viewport)."""
        g = self._view.cell_geometry
        if column is None or not 0 <= column < len(g.column_x):
            return
        bar = self._view.horizontalScrollBar()
        left = int(g.column_x[column])
        right = math.ceil(left + g.column_w)
        bar.setValue(scroll_showing(left, right, bar.value(), self._view.viewport().width()))

    def update_scroll_bars(self) -> None:
        """Fit both bars' ranges and steps to the rows, the cell geometry
        and the viewport, keeping the top row (clamped) where it was."""
        view = self._view
        span = self._scroll_span()
        self._top_row = min(self._top_row, span)
        bar = view.verticalScrollBar()
        self._syncing_bar = True
        try:
            bar.setRange(0, min(span, SCROLL_LIMIT))
            bar.setPageStep(min(self.visible_rows(), max(SCROLL_LIMIT // 8, 1)))
            bar.setSingleStep(1)
        finally:
            self._syncing_bar = False
        self._show_top_row_on_bar()
        hbar = view.horizontalScrollBar()
        hbar.setRange(0, max(view.cell_geometry.width - view.viewport().width(), 0))
        hbar.setPageStep(view.viewport().width())
        hbar.setSingleStep(int(view.metrics.char_w * 4))

    def attach_side_widget(self, widget: QWidget, width: int) -> None:
        """Put ``widget`` (the overview strip) between the rows and the
        vertical scroll bar, ``width`` pixels wide, as tall as the viewport."""
        self._side = (widget, width)
        self._view.setViewportMargins(0, 0, width, 0)
        self.place_side_widget()

    def place_side_widget(self) -> None:
        """Fit the side widget (if any) to the viewport's present height."""
        if self._side is None:
            return
        widget, width = self._side
        area = self._view.viewport().geometry()
        widget.setGeometry(area.right() + 1, area.top(), width, area.height())
