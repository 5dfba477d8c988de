"""Where a navigation key moves the cursor (arrows, Page Up/Down, Home/End),
and how a top row maps onto a scroll bar that counts in a C ``int``.

In the hex view a key moves by bytes (:func:`moved_cursor`); where a decoded
column or the text view has the focus, Left/Right move by the characters of
that format and every key selects whole characters (:func:`character_move`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent

from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import FormatChoice


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


def byte_move(
    anchor_and_cursor: tuple[int, int],
    event: QKeyEvent,
    size: int,
    bytes_per_row: int,
    page_rows: int,
) -> tuple[int, int] | None:
    """The new ``(anchor, cursor)`` for a navigation key in the hex view
    (Shift keeps the anchor), or None for any other key."""
    anchor, cursor = anchor_and_cursor
    target = moved_cursor(event.key(), event.modifiers(), cursor, size, bytes_per_row, page_rows)
    if target is None:
        return None
    extend = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
    return (anchor if extend else target), target


def character_move(
    document: Document,
    choice: FormatChoice,
    anchor_and_cursor: tuple[int, int],
    event: QKeyEvent,
    bytes_per_row: int,
    page_rows: int,
) -> tuple[int, int] | None:
    """The new ``(anchor, cursor)`` for a navigation key where a decoded
    column (or the text view) has the focus, or None for any other key.

    Left/Right step one *character* of ``choice``: the result selects that
    character's bytes (cursor on its first byte). The other keys move the
    cursor as in the hex view, then widen to the character that holds the
    byte they reach. With Shift the selection grows from the anchor's
    character to the reached one, whole characters at both ends, as a drag
    in the column does."""
    anchor, cursor = anchor_and_cursor
    key, modifiers = event.key(), event.modifiers()
    here = document.char_at(choice, cursor)
    if here is None:
        return None
    if key == Qt.Key.Key_Left:
        target = max(here.byte_start - 1, 0)
    elif key == Qt.Key.Key_Right:
        target = here.byte_end if here.byte_end < document.size else here.byte_start
    else:
        moved = moved_cursor(key, modifiers, cursor, document.size, bytes_per_row, page_rows)
        if moved is None:
            return None
        target = moved
    reached = document.char_at(choice, target) or here
    if not modifiers & Qt.KeyboardModifier.ShiftModifier:
        return reached.byte_end - 1, reached.byte_start
    start = document.char_at(choice, anchor) or here
    if reached.byte_start >= start.byte_start:
        return start.byte_start, reached.byte_end - 1
    return start.byte_end - 1, reached.byte_start


def scroll_showing(left: int, right: int, value: int, width: int) -> int:
    """The horizontal scroll value that shows ``[left, right)`` in a viewport
    ``width`` wide, moving as little as needed from ``value`` (to ``left``
    when the range is wider than the viewport)."""
    if left < value or right - left > width:
        return left
    if right > value + width:
        return right - width
    return value


def tab_move(event: QKeyEvent) -> tuple[bool, bool] | None:
    """``(forward, leave)`` for a Tab key press, None for any other event:
    Shift goes backwards, Ctrl leaves the widget instead of cycling in it."""
    if event.type() != QEvent.Type.KeyPress:
        return None
    key = event.key()
    if key not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
        return None
    shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
    forward = key == Qt.Key.Key_Tab and not shift
    return forward, bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)


def next_focus_stop(columns: int, here: int | None, forward: bool) -> int | None:
    """Tab's cycle over the grid's areas: None (the hex area), then decoded
    columns ``0..columns-1``, then None again; the stop after ``here``."""
    stops: list[int | None] = [None, *range(columns)]
    index = stops.index(here) if here in stops else 0
    return stops[(index + (1 if forward else -1)) % len(stops)]
