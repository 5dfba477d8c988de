"""In a small window the grid has priority: the docks give up height until
it shows 16 rows, and two decoded columns stay in view. Every dock is in the
View menu, and a closed one comes back from there."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QDockWidget
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


DOCKS = ["Inspector", "Legend", "Mojibake", "Problems", "Summary", "Text"]
DOCK_ENTRIES = {f"&{title}" for title in DOCKS}


def test_every_dock_is_in_the_view_menu_checked_while_open_and_comes_back_from_it(
    qtbot: QtBot, demo_window: MainWindow
) -> None:
    """A dock closed with its own close button was gone for good: only the
    Legend had a way back. Each is a checked entry of the View menu now."""
    view = demo_window.view_menu
    assert view is not None
    entries = {a.text().replace("&", ""): a for a in view.actions() if a.text() in DOCK_ENTRIES}
    assert sorted(entries) == DOCKS
    for title in DOCKS:
        dock = demo_window.findChild(QDockWidget, f"dock-{title.lower()}")
        assert isinstance(dock, QDockWidget)
        entry = entries[title]
        assert entry is dock.toggleViewAction()
        assert entry.isCheckable() and entry.isChecked(), title
        close_button = dock.findChild(QAbstractButton, "qt_dockwidget_closebutton")
        assert close_button is not None and close_button.isVisible(), title
        close_button.click()
        assert not dock.isVisible() and not entry.isChecked(), title
        entry.trigger()  # what choosing it in the menu does
        assert dock.isVisible() and entry.isChecked(), title
        # back in front of the docks it is tabbed with, not behind their tabs
        qtbot.waitUntil(lambda d=dock: not d.widget().visibleRegion().isEmpty(), timeout=3000)
