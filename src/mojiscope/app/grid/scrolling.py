"""Scrolling the grid: the exact top row, mirrored onto the scroll bars, and
the decoded columns' pane, which alone scrolls sideways.

:class:`GridScrolling` is owned by one :class:`~mojiscope.app.grid.view.GridView`.
The vertical scroll bar counts rows, scaled down for files with more rows
than a scroll bar can count (:data:`~mojiscope.app.grid.navigation.SCROLL_LIMIT`),
so the exact top row is held here and only shown on the bar; a bar the user
moves sets the top row back.

Sideways, the viewport is two panes (:meth:`GridScrolling.panes`): the
offsets and the hex on the left stay put, and the decoded columns right of
:attr:`~mojiscope.app.grid.layout.Geometry.pane_x` scroll under the
horizontal bar, so choosing a format whose column is off-screen never hides
the offsets or the hex. A viewport too narrow to hold the hex and a decoded
column beside it is one pane: everything scrolls together, as the only way
to reach the hex's right half. Every mapping between viewport and content x
goes through :meth:`GridScrolling.content_x` and
:meth:`GridScrolling.viewport_x`.

It also places the side widget (the overview strip) between the rows and the
vertical scroll bar.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtWidgets import QWidget

from mojiscope.app.grid.navigation import (
    SCROLL_LIMIT,
    row_of_scroll_value,
    scroll_showing,
    scroll_value_of_row,
)

if TYPE_CHECKING:
    from mojiscope.app.grid.view import GridView


class Pane(NamedTuple):
    """A band of the viewport ``[left, right)`` showing content x = viewport x + ``shift``."""

    left: int
    right: int
    shift: int


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
        :meth:`update_scroll_bars`), its columns scrolled back to the first."""
        self._top_row = 0
        self._view.horizontalScrollBar().setValue(0)

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

    def fixed_width(self) -> int:
        """Viewport pixels on the left that never scroll sideways: the
        offsets and the hex, or 0 when the viewport cannot also hold a
        decoded column beside them (then everything scrolls together)."""
        g = self._view.cell_geometry
        fixed = int(g.pane_x)
        room = self._view.viewport().width() - fixed
        return fixed if g.column_x and room >= g.column_w + g.column_gap else 0

    def panes(self) -> list[Pane]:
        """The viewport's bands, left to right, each with its shift (one band
        when nothing is scrolled or nothing stays put)."""
        width = self._view.viewport().width()
        scrolled = self._view.horizontalScrollBar().value()
        fixed = self.fixed_width()
        if scrolled == 0 or fixed == 0:
            return [Pane(0, width, scrolled)]
        return [Pane(0, fixed, 0), Pane(fixed, width, scrolled)]

    def content_x(self, x: float) -> float:
        """The content x shown at viewport x ``x``."""
        return x if x < self.fixed_width() else x + self._view.horizontalScrollBar().value()

    def viewport_x(self, x: float) -> float:
        """The viewport x where content x ``x`` is shown (left of the
        columns' pane when it is scrolled under the fixed part)."""
        return x if x < self.fixed_width() else x - self._view.horizontalScrollBar().value()

    def scroll_to_column(self, column: int | None) -> None:
        """Scroll the columns' pane as little as needed to show a decoded
        column whole (its left edge when it is wider than the pane)."""
        g = self._view.cell_geometry
        if column is None or not 0 <= column < len(g.column_x):
            return
        bar = self._view.horizontalScrollBar()
        fixed = self.fixed_width()
        # In the pane's own x (content x less the fixed part's width); a column
        # scrolled in from the left lands where the first one sits unscrolled.
        lead = g.column_x[0] - fixed if fixed else 0
        left = int(g.column_x[column] - fixed - lead)
        right = math.ceil(g.column_x[column] + g.column_w) - fixed
        room = self._view.viewport().width() - fixed
        value = scroll_showing(left, right, bar.value(), room)
        if fixed and value != bar.value():  # whole columns at the pane's left edge
            pitch = g.column_w + g.column_gap
            value = min(int(math.ceil(value / pitch) * pitch), left)
        bar.setValue(value)

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
        hbar.setPageStep(view.viewport().width() - self.fixed_width())
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
