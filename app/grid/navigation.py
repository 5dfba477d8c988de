"""Where a navigation key moves the cursor: arrows, Page Up/Down, Home/End."""

from __future__ import annotations

from PySide6.QtCore import Qt


def moved_cursor(
    key: int,
    modifiers: Qt.KeyboardModifier,
    cursor: int,
    size: int,
    bytes_per_row: int,
    page_rows: int,
) -> int | None:
    """The new cursor for a navigation key, clamped to the document; None for
    any other key. Home/End go to the row's start/end, with Ctrl to the
    file's start/end."""
    if size <= 0:
        return None
    ctrl = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
    row_start = cursor - cursor % bytes_per_row
    page = max(page_rows, 1) * bytes_per_row
    moves = {
        Qt.Key.Key_Left: cursor - 1,
        Qt.Key.Key_Right: cursor + 1,
        Qt.Key.Key_Up: cursor - bytes_per_row if cursor >= bytes_per_row else cursor,
        Qt.Key.Key_Down: cursor + bytes_per_row if cursor + bytes_per_row < size else cursor,
        Qt.Key.Key_PageUp: cursor - page if cursor >= page else cursor % bytes_per_row,
        Qt.Key.Key_PageDown: cursor + page,
        Qt.Key.Key_Home: 0 if ctrl else row_start,
        Qt.Key.Key_End: size - 1 if ctrl else row_start + bytes_per_row - 1,
    }
    target = moves.get(Qt.Key(key))
    if target is None:
        return None
    return min(max(target, 0), size - 1)
