"""In a small window the grid has priority: the docks give up height until
it shows 16 rows, and two decoded columns stay in view."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mojiscope.app.window.main_window import GRID_MIN_ROWS, MainWindow


def test_at_800_by_600_the_grid_shows_16_rows_and_two_decoded_columns(
    qtbot: QtBot, demo_window: MainWindow
) -> None:
    demo_window.resize(800, 600)
    qtbot.waitUntil(lambda: demo_window.grid.visible_rows() >= GRID_MIN_ROWS, timeout=3000)
    layout = demo_window.grid.visible_layout()
    assert len(layout) >= GRID_MIN_ROWS
    grid = demo_window.grid
    last_cell_of_second_column = grid.point_of("column", 1, grid.bytes_per_row - 1)
    assert last_cell_of_second_column.x() < grid.viewport().width()
    assert grid.offset_at(last_cell_of_second_column) == ("column", 1, grid.bytes_per_row - 1)
    assert all(dock.height() >= 80 for dock in demo_window.bottom_docks if dock.isVisible())
