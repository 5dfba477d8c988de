"""One selection through every view: click anywhere, everything follows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor

from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("timers_at_once")
"""What the views say, not when: they follow the grid at once here."""

SAMPLE = b"ab" + "€".encode() + b"cd\xc0\xafe" + "\U0001d518".encode() + b"f\n" * 40


def open_sample(window: MainWindow) -> None:
    window.set_formats(["utf-8", "xtf-8", "cp1252"], persist=False)
    window.open_document(Document.from_bytes(SAMPLE, "sample"))


def click(  # type: ignore[no-untyped-def]
    qtbot,
    window: MainWindow,
    area: str,
    column: int,
    offset: int,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    point = window.grid.point_of(area, column, offset)
    qtbot.mouseClick(window.grid.viewport(), Qt.MouseButton.LeftButton, modifier, point)


def test_click_in_hex_moves_cursor_and_every_view_follows(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    open_sample(window)
    click(qtbot, window, "hex", -1, 3)  # the middle byte of the euro sign
    selection = window.selection
    assert (selection.cursor, selection.start, selection.end) == (3, 3, 4)
    assert window.status.offset_label.text() == "Offset 0x3 (3)"
    assert window.status.selection_label.text() == "Selected 1 byte"
    assert "U+20AC" in [row.code_point for row in window.inspector.model.rows()]
    assert window.inspector.lines[0] == "utf-8 at byte 3 (0x3)"
    text_cursor = window.text_view.textCursor()
    assert text_cursor.selectedText() == "€"
    layout = window.grid.visible_layout()
    euro = [p for p in layout[0].columns[0] if p.byte_start <= 3 < p.byte_end]
    assert euro and euro[0].text == "€" and (euro[0].byte_start, euro[0].byte_end) == (2, 5)


def test_click_in_decoded_column_selects_the_whole_character(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    open_sample(window)
    click(qtbot, window, "column", 0, 11)  # inside U+1D518, bytes 10..13
    assert (window.selection.start, window.selection.end) == (10, 14)
    assert window.status.selection_label.text() == "Selected 4 bytes"
    click(qtbot, window, "column", 2, 10)  # cp1252 is one byte per character
    assert (window.selection.start, window.selection.end) == (10, 11)
    assert window.shown.current.key == "cp1252"
    assert window.format_box.currentData() == "cp1252"
    assert window.status.verdict_label.text().startswith("cp1252: ")


def test_click_on_invalid_bytes_explains_them_in_the_inspector(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    open_sample(window)
    click(qtbot, window, "column", 0, 8)  # the AF of C0 AF
    assert (window.selection.start, window.selection.end) == (8, 9)
    lines = window.inspector.lines
    assert lines[1].startswith("Span: invalid (")
    assert window.status.verdict_label.text().startswith("utf-8: invalid")


def test_overlong_slash_says_what_it_would_have_been(window: MainWindow) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"x\xc0\xafy", "overlong"))
    window.selection.move_cursor(1)
    assert "C0 AF would have been U+002F '/' SOLIDUS" in window.inspector.lines


def test_overlong_sequence_stops_where_its_value_does(window: MainWindow) -> None:
    # a second stray AF is no part of C0 AF's value
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"x\xc0\xaf\xafy", "overlong"))
    window.selection.move_cursor(1)
    assert "C0 AF would have been U+002F '/' SOLIDUS" in window.inspector.lines


def test_encoded_surrogate_says_which_surrogate(window: MainWindow) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"x\xed\xa0\x80y", "surrogate"))
    window.selection.move_cursor(1)
    assert "ED A0 80 would have been U+D800 <surrogate-D800>" in window.inspector.lines


def test_shift_click_extends_the_selection(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    open_sample(window)
    click(qtbot, window, "hex", -1, 1)
    click(qtbot, window, "hex", -1, 6, Qt.KeyboardModifier.ShiftModifier)
    assert (window.selection.start, window.selection.end) == (1, 7)
    assert window.text_view.textCursor().selectedText() == "b€cd"


def test_drag_in_decoded_column_selects_whole_characters(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    open_sample(window)
    viewport = window.grid.viewport()
    start = window.grid.point_of("column", 0, 3)
    end = window.grid.point_of("column", 0, 11)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=end)
    window.grid.mouseMoveEvent(_move_event(end))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert (window.selection.start, window.selection.end) == (2, 14)


def _move_event(pos: QPoint):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QMouseEvent

    return QMouseEvent(
        QMouseEvent.Type.MouseMove,
        QPointF(pos),
        QPointF(pos),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )


def test_click_in_text_view_selects_the_character_bytes(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    open_sample(window)
    view = text_shown(window)
    position = view.position_of_byte(10)  # U+1D518 is two UTF-16 units in Qt
    assert position is not None
    cursor = view.textCursor()
    cursor.setPosition(position + 2)  # just after U+1D518: the cell of "f"
    cursor.setPosition(position, QTextCursor.MoveMode.KeepAnchor)
    view.setTextCursor(cursor)
    assert (window.selection.start, window.selection.end) == (10, 14)
    rect = view.cursorRect(view.textCursor())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center() + QPoint(1, 0))
    assert window.selection.start in (10, 14)


def test_current_format_drives_text_view_and_inspector(window: MainWindow) -> None:
    open_sample(window)
    window.selection.select_range(2, 5)
    window.shown.set_current("cp1252")
    assert window.text_view.textCursor().selectedText() == "\u00e2\u201a\u00ac"
    assert [r.code_point for r in window.inspector.model.rows()] == ["U+00E2", "U+201A", "U+00AC"]


def test_text_view_under_each_replacement_policy(
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    data = b"a\xc0\xaf\x80b"
    window.set_formats(["utf-8/per-run", "utf-8/per-byte", "utf-8"], persist=False)
    window.open_document(Document.from_bytes(data, "policies"))
    assert text_shown(window).toPlainText() == "a\ufffdb"
    window.shown.set_current("utf-8/per-byte")
    assert window.text_view.toPlainText() == "a\ufffd\ufffd\ufffdb"
    window.shown.set_current("utf-8")
    assert window.text_view.toPlainText() == "a\ufffd\ufffd\ufffdb"  # three maximal subparts
    window.shown.set_current("utf-8/per-run")
    window.selection.move_cursor(3)  # a byte whose span holds no character under per-run
    assert window.status.verdict_label.text() == "utf-8 (per run): invalid (stray-continuation)"


def test_zero_bytes_read_as_one_mark_in_the_text_view(
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    window.open_document(Document.from_bytes(b"ab" + bytes(500) + b"cd", "zeros"))
    assert text_shown(window).toPlainText() == "ab\u2039NUL\u00d7500\u203acd"
    window.selection.move_cursor(100)
    assert window.text_view.textCursor().selectedText() == "\u2039NUL\u00d7500\u203a"
