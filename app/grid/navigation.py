"""Where a navigation key moves the cursor (arrows, Page Up/Down, Home/End),
and how a top row maps onto a scroll bar that counts in a C ``int``.
"""

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


SCROLL_LIMIT = 1 << 30
"""Most steps the vertical scroll bar takes; longer files scale rows onto it."""


def scroll_value_of_row(row: int, span: int) -> int:
    """The scroll bar value that stands for top row ``row`` when the top row
    ranges over ``[0, span]``: the row itself, or scaled down onto
    ``[0, SCROLL_LIMIT]`` when ``span`` exceeds what the bar can count."""
    row = min(max(row, 0), span)
    if span <= SCROLL_LIMIT:
        return row
    return row * SCROLL_LIMIT // span


def row_of_scroll_value(value: int, span: int) -> int:
    """The top row a scroll bar value stands for (the inverse of
    :func:`scroll_value_of_row` up to scaling: a dragged bar lands on the row
    nearest its value; both ends map exactly onto rows 0 and ``span``)."""
    if span <= SCROLL_LIMIT:
        return min(max(value, 0), span)
    value = min(max(value, 0), SCROLL_LIMIT)
    return value * span // SCROLL_LIMIT
