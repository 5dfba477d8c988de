"""Arrows by character in a decoded column and the text view, by byte in hex;
Tab moves the keyboard between the grid's areas; a chosen format's column
scrolls into view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from mojiscope.app.dialogs.help import MOVEMENT_KEYS
from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("timers_at_once")
"""What the views say, not when: they follow the grid at once here."""

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier
TEXT = "aé€😀b"  # characters of 1, 2, 3, 4 and 1 bytes in UTF-8
DATA = TEXT.encode("utf-8")
STARTS = [0, 1, 3, 6, 10]  # where each character starts
ENDS = [1, 3, 6, 10, 11]


@pytest.fixture
def mixed(window: MainWindow) -> MainWindow:
    window.set_bytes_per_row(16)
    window.shown.set_keys(["utf-8", "cp1252", "utf-16le"])
    window.open_document(Document.from_bytes(DATA, "mixed"))
    window.grid.setFocus()
    return window


def click_column(qtbot, window: MainWindow, column: int, offset: int) -> None:  # type: ignore[no-untyped-def]
    point = window.grid.point_of("column", column, offset)
    qtbot.mouseClick(window.grid.viewport(), Qt.MouseButton.LeftButton, pos=point)


def selected(window: MainWindow) -> tuple[int, int]:
    return window.selection.start, window.selection.end


def test_hex_area_right_moves_one_byte_inside_a_character(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    assert mixed.grid.focus_area == "hex"
    mixed.selection.move_cursor(1)
    qtbot.keyClick(mixed.grid, Qt.Key.Key_Right)
    assert selected(mixed) == (2, 3)


def test_column_right_steps_whole_characters_of_1_to_4_bytes(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    click_column(qtbot, mixed, 0, 0)
    assert mixed.grid.focus_area == "column"
    seen = [selected(mixed)]
    for _ in range(5):
        qtbot.keyClick(mixed.grid, Qt.Key.Key_Right)
        seen.append(selected(mixed))
    assert seen == [*zip(STARTS, ENDS, strict=True), (10, 11)]  # stays on the last


def test_column_left_steps_back_over_the_four_byte_character(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    click_column(qtbot, mixed, 0, 10)
    qtbot.keyClick(mixed.grid, Qt.Key.Key_Left)
    assert selected(mixed) == (6, 10)
    assert mixed.selection.cursor == 6
    for _ in range(4):
        qtbot.keyClick(mixed.grid, Qt.Key.Key_Left)
    assert selected(mixed) == (0, 1)


def test_shift_right_then_shift_left_keep_whole_characters(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    click_column(qtbot, mixed, 0, 2)  # inside é: selects é
    assert selected(mixed) == (1, 3)
    qtbot.keyClick(mixed.grid, Qt.Key.Key_Right, SHIFT)
    qtbot.keyClick(mixed.grid, Qt.Key.Key_Right, SHIFT)
    assert selected(mixed) == (1, 10)
    for _ in range(3):
        qtbot.keyClick(mixed.grid, Qt.Key.Key_Left, SHIFT)
    assert selected(mixed) == (0, 3)  # past the anchor: from 'a' to the end of é


def test_column_characters_follow_the_focused_format(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    click_column(qtbot, mixed, 2, 0)  # utf-16le: two bytes per unit
    assert mixed.shown.current.key == "utf-16le"
    qtbot.keyClick(mixed.grid, Qt.Key.Key_Right)
    assert selected(mixed) == (2, 4)


def test_column_down_selects_the_character_holding_the_byte_below(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    window.set_bytes_per_row(16)
    window.shown.set_keys(["utf-8"])
    window.open_document(Document.from_bytes(("é" * 20).encode(), "accents"))
    click_column(qtbot, window, 0, 0)
    qtbot.keyClick(window.grid, Qt.Key.Key_Down)
    assert selected(window) == (16, 18)
    qtbot.keyClick(window.grid, Qt.Key.Key_End, CTRL)
    assert selected(window) == (38, 40)


def test_clicking_hex_gives_the_keyboard_back_to_bytes(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    click_column(qtbot, mixed, 0, 6)
    point = mixed.grid.point_of("hex", 0, 6)
    qtbot.mouseClick(mixed.grid.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert mixed.grid.focus_area == "hex"
    qtbot.keyClick(mixed.grid, Qt.Key.Key_Right)
    assert selected(mixed) == (7, 8)


def test_tab_cycles_hex_then_each_column_then_hex(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    grid = mixed.grid
    seen = []
    for _ in range(4):
        qtbot.keyClick(grid, Qt.Key.Key_Tab)
        seen.append((grid.focus_area, mixed.shown.current.key))
    assert seen == [
        ("column", "utf-8"),
        ("column", "cp1252"),
        ("column", "utf-16le"),
        ("hex", "utf-16le"),
    ]
    qtbot.keyClick(grid, Qt.Key.Key_Backtab, SHIFT)
    assert (grid.focus_area, mixed.shown.current.key) == ("column", "utf-16le")
    assert grid.hasFocus()


def test_ctrl_tab_leaves_the_grid(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    qtbot.keyClick(mixed.grid, Qt.Key.Key_Tab, CTRL)
    assert not mixed.grid.hasFocus()
    assert mixed.grid.focus_area == "hex"


def test_text_view_right_and_left_step_characters(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    view = mixed.text_view
    view.setFocus()
    seen = [selected(mixed)]
    for _ in range(4):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        seen.append(selected(mixed))
    assert seen == list(zip(STARTS, ENDS, strict=True))
    assert view.textCursor().selectedText() == "b"
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert selected(mixed) == (6, 10)
    assert view.textCursor().selectedText() == "😀"


def test_text_view_shift_arrows_extend_by_characters(qtbot, mixed: MainWindow) -> None:  # type: ignore[no-untyped-def]
    view = mixed.text_view
    mixed.selection.select_range(3, 6)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right, SHIFT)
    assert selected(mixed) == (3, 10)
    qtbot.keyClick(view, Qt.Key.Key_Left, SHIFT)
    qtbot.keyClick(view, Qt.Key.Key_Left, SHIFT)
    assert selected(mixed) == (1, 6)
    assert view.textCursor().selectedText() == "é€"


def test_choosing_a_format_scrolls_its_column_into_view(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    keys = ["utf-8", "wtf-8", "xtf-8", "stf-7", "corrected-utf-8", "cp1252", "utf-16le", "latin-1"]
    window.shown.set_keys(keys)
    window.open_document(Document.from_bytes(DATA, "mixed"))
    window.resize(700, 600)
    qtbot.wait(10)
    grid = window.grid
    assert grid.horizontalScrollBar().maximum() > 0
    window.shown.set_current(window.shown.keys[-1])
    last = len(keys) - 1
    right = grid.point_of("column", last, 0).x()
    assert 0 < right < grid.viewport().width()
    window.shown.set_current("utf-8")
    assert 0 < grid.point_of("column", 0, 0).x() < grid.viewport().width()
    assert grid.offset_at(QPoint(grid.point_of("column", 0, 0))) is not None


def test_help_lists_the_tab_keys() -> None:
    keys = dict(MOVEMENT_KEYS)
    assert "hex area" in keys["Tab / Shift+Tab"]
    assert keys["Ctrl+Tab"] == "Leave the grid"


def test_the_toolbar_format_box_scrolls_its_choice_into_view(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    keys = ["utf-8", "wtf-8", "xtf-8", "stf-7", "corrected-utf-8", "cp1252", "utf-16le", "latin-1"]
    window.shown.set_keys(keys)
    window.open_document(Document.from_bytes(DATA, "mixed"))
    window.resize(700, 600)
    qtbot.wait(10)
    grid, box = window.grid, window.format_box
    assert grid.horizontalScrollBar().value() == 0
    box.setFocus()
    for _ in keys[1:]:  # down to the last format on show (every other format follows it)
        qtbot.keyClick(box, Qt.Key.Key_Down)
    assert window.shown.current.key == keys[-1] == box.currentData()
    assert grid.horizontalScrollBar().value() > 0
    assert 0 < grid.point_of("column", len(keys) - 1, 0).x() < grid.viewport().width()


def test_clicking_a_half_shown_header_scrolls_the_whole_column_in(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    window.shown.set_keys(["utf-8", "wtf-8", "xtf-8", "stf-7", "corrected-utf-8", "cp1252"])
    window.open_document(Document.from_bytes(DATA, "mixed"))
    window.resize(700, 600)
    qtbot.wait(10)
    grid = window.grid
    width = grid.viewport().width()
    column = next(
        c for c in range(6) if grid.point_of("column", c, 15).x() > width
    )  # the first column whose right part is off screen
    x = grid.point_of("column", column, 0).x()
    assert x < width
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert window.shown.current.key == window.shown.keys[column]
    assert grid.point_of("column", column, 15).x() < grid.viewport().width()
    assert grid.focus_area == "column"
