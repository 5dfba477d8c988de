"""Jumps by the mouse prepared while it rests: where the mouse rests on the
overview strip, or on a Problems row, the views prepare what a click there
would show, and the click then only stamps and shows it."""

from __future__ import annotations

from pathlib import Path

from helpers.mouse import rest_on
from helpers.windows import (
    LINE,
    assert_shown_as_prepared,
    open_indexed_with_anomalies,
    rest_until_prepared,
    wait_indexed,
    work_done,
)
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDockWidget

from mojiscope.app.window.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton


def test_a_click_where_the_mouse_rests_on_the_overview_finds_its_jump_prepared(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """The mouse resting on a mark: the views prepare the jump a click there
    makes (the cursor on the mark's first anomaly, the grid scrolled as for
    any jump); the click then paints no row and builds no text; moving on
    aims elsewhere, and leaving the strip forgets the target."""
    size = open_indexed_with_anomalies(qtbot, window, tmp_path, [1 / 4, 3 / 4])
    grid, strip = window.grid, window.overview
    grid.setFocus()
    rest_until_prepared(qtbot, window)
    anomaly = int(size * 3 / 4)
    mark = strip.point_of_offset(anomaly)
    rest_on(qtbot, strip, mark)
    qtbot.waitUntil(lambda: window.forecast.foreseen() == [anomaly], timeout=5000)
    assert strip.aimed_at() == anomaly
    rest_until_prepared(qtbot, window)
    before = work_done(window)
    qtbot.mouseClick(strip, LEFT, pos=mark)
    assert_shown_as_prepared(qtbot, window, before)
    assert window.selection.cursor == anomaly
    expected_top = anomaly // grid.bytes_per_row - grid.visible_rows() // 3
    assert grid.top_row() == expected_top  # a jump's place: a third of the way down
    assert window.forecast.foreseen() == []  # used: the pages around it come next
    rest_on(qtbot, strip, mark + QPoint(0, 40))
    qtbot.waitUntil(lambda: window.forecast.foreseen() != [], timeout=5000)
    qtbot.mouseMove(grid.viewport(), QPoint(20, 20))
    qtbot.waitUntil(lambda: window.forecast.foreseen() == [], timeout=5000)


def test_a_click_on_the_problems_row_under_the_mouse_finds_the_jump_prepared(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """The mouse on a Problems row (the list without the focus): the views
    prepare the jump a click on it makes, the anomaly's whole span selected
    (here a truncated sequence, two bytes); the click then paints no row and
    builds no text; leaving the list forgets the target."""
    data = bytearray(LINE * 60_000)
    where = 45_000 * len(LINE)  # a line's "h" becomes E2 82, before "é" whole
    data[where : where + 1] = b"\xe2\x82"
    (tmp_path / "truncated.txt").write_bytes(bytes(data))
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(tmp_path / "truncated.txt")
    wait_indexed(qtbot, window)
    grid, problems = window.grid, window.problems
    window.findChild(QDockWidget, "dock-problems").raise_()
    qtbot.waitUntil(lambda: problems.regions.rowCount() == 1, timeout=5000)
    grid.setFocus()
    row = problems.list.visualRect(problems.regions.index(0)).center()
    rest_on(qtbot, problems.list.viewport(), row)
    qtbot.waitUntil(lambda: window.forecast.foreseen() == [where], timeout=5000)
    rest_until_prepared(qtbot, window)
    before = work_done(window)
    qtbot.mouseClick(problems.list.viewport(), LEFT, pos=row)
    assert_shown_as_prepared(qtbot, window, before)
    assert (window.selection.start, window.selection.end) == (where, where + 2)
    grid.setFocus()
    qtbot.mouseMove(grid.viewport(), QPoint(20, 20))
    qtbot.waitUntil(lambda: window.forecast.foreseen() == [], timeout=5000)
