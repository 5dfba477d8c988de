"""The grid's input: hit testing, the mouse, tooltips, focus areas and keys.

:class:`GridInput` is owned by one :class:`~mojiscope.app.grid.view.GridView`,
whose Qt event overrides hand it their events. Each handler returns whether it
took the event; the view passes what it did not take on to Qt. A click or a
drag in the hex area selects bytes, in a decoded column whole characters of
that column's format; Tab moves the keyboard between the hex area and the
decoded columns; the keys move by bytes or by characters accordingly (see
:mod:`~mojiscope.app.grid.navigation`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QToolTip

from mojiscope.app.grid.navigation import (
    byte_move,
    character_move,
    next_focus_stop,
    tab_move,
)
from mojiscope.app.grid.tooltips import tooltip_at_byte

if TYPE_CHECKING:
    from mojiscope.app.grid.view import GridView


class GridInput:
    """What the mouse and the keyboard do to the view's selection and focus."""

    def __init__(self, view: GridView) -> None:
        self._view = view
        self._drag: tuple[str, int, int, int] | None = None  # area, column, anchor start, end

    # -- hit testing ---------------------------------------------------------------------

    def offset_at(self, pos: QPoint) -> tuple[str, int, int] | None:
        """(area, column, byte offset) under a viewport position, or None."""
        view = self._view
        g = view.cell_geometry
        if view.document is None or pos.y() < g.header_h:
            return None
        hit = g.hit(view.scrolling.content_x(pos.x()))
        if hit is None:
            return None
        row = view.top_row() + int((pos.y() - g.header_h) // g.row_h)
        offset = row * view.bytes_per_row + hit.index_in_row
        if offset >= view.document.size:
            return None
        return hit.area, hit.column, offset

    def point_of(self, area: str, column: int, offset: int) -> QPoint:
        """The viewport position of a byte's cell centre (scrolls it into view)."""
        view = self._view
        view.ensure_visible(offset)
        g = view.cell_geometry
        index = offset % view.bytes_per_row
        row = offset // view.bytes_per_row - view.top_row()
        if area == "hex":
            x = g.hex_cell_x(index) + g.metrics.char_w
        else:
            x = g.column_cell_x(column, index) + g.cell_w / 2
        y = g.header_h + row * g.row_h + g.row_h / 2
        return QPoint(int(view.scrolling.viewport_x(x)), int(y))

    def _char_range(self, column: int, offset: int) -> tuple[int, int]:
        """The bytes of the character that holds ``offset`` in a decoded column."""
        view = self._view
        if view.document is None:
            return offset, offset + 1
        char = view.document.char_at(view.shown.choices[column], offset)
        return (char.byte_start, char.byte_end) if char else (offset, offset + 1)

    # -- the mouse -----------------------------------------------------------------------

    def mouse_pressed(self, event: QMouseEvent) -> bool:
        """A left click: on the header makes a column's format current; on a
        cell moves the cursor (Shift extends) or selects the character, and
        starts a drag. Other buttons are not taken."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        view = self._view
        if event.position().y() < view.cell_geometry.header_h:
            self._header_clicked(event.position().x())
            return True
        found = self.offset_at(event.position().toPoint())
        if found is None:
            return True
        area, column, offset = found
        extend = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        view.set_focus_area(area)
        selection = view.selection
        if area == "hex":
            selection.move_cursor(offset, extend=extend)
            self._drag = ("hex", column, selection.anchor, selection.anchor + 1)
        else:
            view.shown.set_current(view.shown.choices[column].key)
            start, end = self._char_range(column, offset)
            selection.select_range(start, end)
            self._drag = ("column", column, start, end)
        return True

    def mouse_moved(self, event: QMouseEvent) -> None:
        """A drag with the left button extends the selection by bytes in the
        hex area, by whole characters in a decoded column."""
        if self._drag is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        found = self.offset_at(event.position().toPoint())
        if found is None:
            return
        area, column, anchor_start, anchor_end = self._drag
        offset = found[2]
        selection = self._view.selection
        if area == "hex":
            selection.move_cursor(offset, extend=True)
            return
        start, end = self._char_range(column, offset)
        if start >= anchor_start:
            selection.set_anchor_and_cursor(anchor_start, end - 1)
        else:
            selection.set_anchor_and_cursor(anchor_end - 1, start)

    def mouse_released(self) -> None:
        """The drag, if any, ends."""
        self._drag = None

    def _header_clicked(self, x: float) -> None:
        view = self._view
        hit = view.cell_geometry.hit(view.scrolling.content_x(x))
        if hit is not None and hit.area == "column":
            view.shown.set_current(view.shown.choices[hit.column].key)
            view.set_focus_area("column")

    # -- tooltips ------------------------------------------------------------------------

    def tooltip_at(self, pos: QPoint) -> str | None:
        """The one-line summary of the character under a viewport position:
        in a decoded column as that column's format reads it, in the hex
        area as the current format does; None off the cells."""
        view = self._view
        found = self.offset_at(pos)
        if found is None or view.document is None:
            return None
        area, column, offset = found
        choice = view.shown.current if area == "hex" else view.shown.choices[column]
        return tooltip_at_byte(view.document, choice, offset)

    def tooltip_event(self, event: QHelpEvent) -> bool:
        """Show (or hide, off the cells) the tooltip a viewport tooltip event
        asks for; other help events (What's This) are not taken."""
        if event.type() != QEvent.Type.ToolTip:
            return False
        text = self.tooltip_at(event.pos())
        if text is None:
            QToolTip.hideText()
            event.ignore()
        else:
            QToolTip.showText(event.globalPos(), text, self._view.viewport())
        return True

    # -- the keyboard --------------------------------------------------------------------

    def cycle_focus_area(self, forward: bool) -> None:
        """Tab's order: hex, then each decoded column left to right (making
        its format current), then hex again; Shift+Tab the other way."""
        view = self._view
        here = view.current_column() if view.focus_area == "column" else None
        target = next_focus_stop(len(view.shown.choices), here, forward)
        if target is None:
            view.set_focus_area("hex")
            return
        view.shown.set_current(view.shown.choices[target].key)
        view.set_focus_area("column")
        view.scroll_to_column(target)

    def tab_pressed(self, event: QKeyEvent) -> bool:
        """Tab and Shift+Tab move between the grid's areas (as in HxD or
        ImHex); Ctrl+Tab and Ctrl+Shift+Tab leave the grid. Any other key
        is not taken."""
        tab = tab_move(event)
        if tab is None:
            return False
        forward, leave = tab
        if leave:
            self._view.focusNextPrevChild(forward)
        else:
            self.cycle_focus_area(forward)
        return True

    def key_pressed(self, event: QKeyEvent) -> bool:
        """A navigation key moves the selection by bytes in the hex area, by
        characters of the current format in its column; others are not taken."""
        view = self._view
        selection = view.selection
        where = (selection.anchor, selection.cursor)
        rows, per_row = view.visible_rows(), view.bytes_per_row
        if view.document is None:
            moved = None
        elif view.focus_area == "column":
            moved = character_move(view.document, view.shown.current, where, event, per_row, rows)
        else:
            moved = byte_move(where, event, view.document.size, per_row, rows)
        if moved is None:
            return False
        selection.set_anchor_and_cursor(*moved)
        return True
