"""The one truth of what is selected, in byte offsets.

Every view reads a :class:`SelectionModel` and writes to it; no view talks to
another. The model holds an *anchor* and a *cursor* byte; the selection is
the bytes from the lower to the higher of the two, both included, so it is
never empty in a non-empty document. ``select_range`` sets it from a
half-open range (a character's bytes) with the cursor on its first byte.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class SelectionModel(QObject):
    """Cursor, anchor and selection ``[start, end)`` over a document of ``size`` bytes."""

    changed = Signal()
    """Emitted after any change of cursor, anchor or size."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._size = 0
        self._anchor = 0
        self._cursor = 0

    # -- reading ----------------------------------------------------------------

    @property
    def size(self) -> int:
        return self._size

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def anchor(self) -> int:
        return self._anchor

    @property
    def start(self) -> int:
        return min(self._anchor, self._cursor)

    @property
    def end(self) -> int:
        """Exclusive end; equals ``start`` only in an empty document."""
        return min(max(self._anchor, self._cursor) + 1, self._size)

    @property
    def length(self) -> int:
        return self.end - self.start

    # -- writing ----------------------------------------------------------------

    def reset(self, size: int) -> None:
        """A new document: cursor and anchor at 0."""
        self._size = max(size, 0)
        self._set(0, 0)
        self.changed.emit()

    def move_cursor(self, offset: int, *, extend: bool = False) -> None:
        """Put the cursor at ``offset`` (clamped); keep the anchor if ``extend``."""
        offset = self._clamp(offset)
        if self._set(self._anchor if extend else offset, offset):
            self.changed.emit()

    def select_range(self, start: int, end: int) -> None:
        """Select bytes ``[start, end)`` with the cursor on ``start``."""
        start = self._clamp(start)
        last = self._clamp(max(end - 1, start))
        if self._set(last, start):
            self.changed.emit()

    def set_anchor_and_cursor(self, anchor: int, cursor: int) -> None:
        if self._set(self._clamp(anchor), self._clamp(cursor)):
            self.changed.emit()

    def _clamp(self, offset: int) -> int:
        return min(max(offset, 0), max(self._size - 1, 0))

    def _set(self, anchor: int, cursor: int) -> bool:
        if (anchor, cursor) == (self._anchor, self._cursor):
            return False
        self._anchor, self._cursor = anchor, cursor
        return True
