"""Scrolling a file with more rows than a scroll bar can count (a sparse 64 GiB
file: 2^32 rows at 16 bytes a row, four times the bar's 2^30 steps)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from mojiscope.app.grid.navigation import (
    SCROLL_LIMIT,
    row_of_scroll_value,
    scroll_value_of_row,
)
from mojiscope.app.grid.scrolling import Pane
from mojiscope.app.grid.view import GridView
from mojiscope.app.window.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
HUGE = 64 << 30


@pytest.fixture
def huge_window(window: MainWindow, tmp_path: Path) -> MainWindow:
    path = tmp_path / "sparse-64g.bin"
    subprocess.run(["truncate", "-s", str(HUGE), str(path)], check=True)
    window.set_bytes_per_row(16)
    assert window.open_path(path)
    window.grid.setFocus()
    return window


def cursor_on_screen(grid: GridView, cursor: int) -> bool:
    row = cursor // grid.bytes_per_row
    return grid.top_row() <= row < grid.top_row() + grid.visible_rows()


def test_down_arrow_keeps_the_cursor_on_screen_past_2_to_30_rows(qtbot, huge_window) -> None:  # type: ignore[no-untyped-def]
    grid, selection = huge_window.grid, huge_window.selection
    assert grid.total_rows() > 2 * SCROLL_LIMIT
    huge_window.go_to(HUGE // 2 + 5)
    off_screen = 0
    for _ in range(200):
        qtbot.keyClick(grid, Qt.Key.Key_Down)
        off_screen += not cursor_on_screen(grid, selection.cursor)
    assert selection.cursor == HUGE // 2 + 5 + 200 * 16
    assert off_screen == 0


def test_up_and_page_keys_keep_the_cursor_on_screen(qtbot, huge_window) -> None:  # type: ignore[no-untyped-def]
    grid, selection = huge_window.grid, huge_window.selection
    huge_window.go_to(HUGE // 3)
    for key in [Qt.Key.Key_PageDown] * 30 + [Qt.Key.Key_Up] * 50 + [Qt.Key.Key_PageUp] * 30:
        qtbot.keyClick(grid, key)
        assert cursor_on_screen(grid, selection.cursor), key


def test_ctrl_end_and_go_to_the_last_byte_show_the_last_row(qtbot, huge_window) -> None:  # type: ignore[no-untyped-def]
    grid, selection = huge_window.grid, huge_window.selection
    qtbot.keyClick(grid, Qt.Key.Key_End, CTRL)
    assert selection.cursor == HUGE - 1
    assert cursor_on_screen(grid, selection.cursor)
    assert grid.top_row() + grid.visible_rows() == grid.total_rows()
    assert grid.verticalScrollBar().value() == grid.verticalScrollBar().maximum()
    qtbot.keyClick(grid, Qt.Key.Key_Home, CTRL)
    assert grid.top_row() == 0
    huge_window.go_to(HUGE - 1)
    assert cursor_on_screen(grid, selection.cursor)


def test_dragging_the_bar_moves_the_top_row_in_proportion(qtbot, huge_window) -> None:  # type: ignore[no-untyped-def]
    grid, selection = huge_window.grid, huge_window.selection
    bar = grid.verticalScrollBar()
    bar.setSliderDown(True)
    bar.setSliderPosition(bar.maximum() // 4)
    bar.setSliderDown(False)
    span = grid.total_rows() - grid.visible_rows()
    assert grid.top_row() == (bar.maximum() // 4) * span // bar.maximum()
    bar.setValue(bar.maximum())
    assert grid.top_row() == span
    # a key press after a drag brings the cursor back on screen, exactly
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    assert cursor_on_screen(grid, selection.cursor)


def test_a_click_on_the_last_row_after_a_drag_hits_the_byte_drawn_there(qtbot, huge_window) -> None:  # type: ignore[no-untyped-def]
    grid, selection = huge_window.grid, huge_window.selection
    grid.verticalScrollBar().setValue(grid.verticalScrollBar().maximum())
    point = grid.point_of("hex", -1, HUGE - 1)
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert selection.cursor == HUGE - 1


@given(span=st.integers(0, 1 << 40), row=st.integers(-5, 1 << 41))
def test_scroll_values_stay_in_the_bar_and_map_back_near_the_row(span: int, row: int) -> None:
    value = scroll_value_of_row(row, span)
    assert 0 <= value <= min(span, SCROLL_LIMIT)
    back = row_of_scroll_value(value, span)
    clamped = min(max(row, 0), span)
    assert back <= clamped < back + max(-(-span // SCROLL_LIMIT), 1) + 1  # one bar step
    assert row_of_scroll_value(scroll_value_of_row(span, span), span) == span


# -- the decoded columns' pane scrolls sideways on its own ------------------------

EIGHT = ["utf-8", "wtf-8", "xtf-8", "stf-7", "corrected-utf-8", "cp1252", "utf-16le", "latin-1"]


def whole_columns(grid: GridView) -> int:
    """Decoded columns drawn whole inside the viewport."""
    g, width = grid.cell_geometry, grid.viewport().width()
    return sum(
        1
        for column in range(len(g.column_x))
        if grid.scrolling.fixed_width() <= grid.scrolling.viewport_x(g.column_x[column])
        and grid.scrolling.viewport_x(g.column_x[column] + g.column_w) <= width
    )


def offsets_column(grid: GridView) -> bytes:
    """The pixels of the offsets, as shown (the hex's tints follow the
    current format, so they may change)."""
    width = int(grid.cell_geometry.hex_x - grid.metrics.char_w)  # the cursor's box reaches left
    image = grid.viewport().grab().toImage().copy(0, 0, width, 300)
    return bytes(image.constBits())


@pytest.mark.parametrize(("width", "at_least"), [(1600, 6), (1024, 3)])
def test_six_decoded_columns_fit_at_1600_pixels_and_three_at_1024(
    qtbot, demo_window: MainWindow, width: int, at_least: int
) -> None:  # type: ignore[no-untyped-def]
    demo_window.shown.set_keys(EIGHT)
    demo_window.resize(width, 800)
    qtbot.waitUntil(lambda: demo_window.width() == width)
    assert whole_columns(demo_window.grid) >= at_least


def test_choosing_an_off_screen_format_scrolls_only_the_decoded_columns(
    qtbot, demo_window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    window, grid = demo_window, demo_window.grid
    window.shown.set_keys(EIGHT)
    window.shown.set_current("utf-8")
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: grid.scrolling.fixed_width() > 0)
    hex_at = grid.point_of("hex", -1, 0)
    before = offsets_column(grid)
    window.shown.set_current("latin-1")
    assert grid.horizontalScrollBar().value() > 0
    assert len(grid.scrolling.panes()) == 2
    assert grid.point_of("hex", -1, 0) == hex_at  # the hex did not move
    assert offsets_column(grid) == before  # nor did a pixel of the offsets
    last = grid.point_of("column", len(EIGHT) - 1, 0)
    assert grid.scrolling.fixed_width() < last.x() < grid.viewport().width()
    # A click lands on what is drawn under it, in either pane.
    assert grid.offset_at(hex_at) == ("hex", -1, 0)
    assert grid.offset_at(last) == ("column", len(EIGHT) - 1, 0)


def test_a_column_scrolled_in_lands_whole_at_the_panes_left_edge(
    qtbot, demo_window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    window, grid = demo_window, demo_window.grid
    window.shown.set_keys(EIGHT)
    window.resize(1024, 700)
    window.shown.set_current("latin-1")
    qtbot.waitUntil(lambda: grid.horizontalScrollBar().value() > 0)
    window.shown.set_current("wtf-8")  # back to the left: to where the first column sits
    g = grid.cell_geometry
    assert grid.scrolling.viewport_x(g.column_x[1]) == g.column_x[0]


def test_a_new_file_opens_with_the_columns_scrolled_back(
    qtbot, demo_window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    window, grid = demo_window, demo_window.grid
    window.shown.set_keys(EIGHT)
    window.resize(1024, 700)
    grid.horizontalScrollBar().setValue(grid.horizontalScrollBar().maximum())
    assert grid.horizontalScrollBar().value() > 0
    window.shown.set_current("utf-8")
    path = tmp_path / "plain.txt"
    path.write_bytes(b"plain ASCII text\n" * 40)
    assert window.open_path(path)
    qtbot.waitUntil(lambda: not window.format_choice.looking())
    column = grid.current_column()
    assert column is not None
    g = grid.cell_geometry
    assert grid.horizontalScrollBar().value() <= g.column_x[column] - g.column_x[0]


def test_a_viewport_too_narrow_for_the_hex_and_a_column_scrolls_as_one(
    qtbot, demo_window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    grid = demo_window.grid
    demo_window.resize(480, 600)
    qtbot.waitUntil(lambda: grid.viewport().width() < grid.cell_geometry.pane_x + 100)
    assert grid.scrolling.fixed_width() == 0
    grid.horizontalScrollBar().setValue(40)
    assert grid.scrolling.panes() == [Pane(0, grid.viewport().width(), 40)]
    assert grid.scrolling.content_x(10) == 50
