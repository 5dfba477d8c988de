"""Compare mode in the real window: View > Compare Formats sweeps the file
in the formats on show, the Differences dock says per pair what differs and
lists the ranges (a click selects one), F7 and Shift+F7 go to the next and
previous difference anywhere in the file, and the grid's call gives the
ranges of the rows on screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mojiscope.app.dialogs.help import shortcut_rows
from mojiscope.app.window.main_window import MainWindow

LINE = b"plain text, caf\xc3\xa9\n"


def lone_surrogates(tmp_path: Path) -> tuple[Path, list[tuple[int, int]]]:
    """Text with two lone surrogates (WTF-8 reads them, UTF-8 cannot)
    200 KB apart: the file and where they are."""
    data = bytearray(LINE * 30_000)
    places = []
    for at in (100_000, 300_000):
        at = data.index(b"\n", at) + 1
        data[at:at] = b"\xed\xa0\x80"
        places.append((at, at + 3))
    path = tmp_path / "lone.txt"
    path.write_bytes(bytes(data))
    return path, places


def compared(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> list[tuple[int, int]]:
    path, places = lone_surrogates(tmp_path)
    window.set_formats(["utf-8", "wtf-8"], persist=False)
    assert window.open_path(path)
    assert window.differences.ranges_between(0, 10**9) == []  # off
    window.actions_["compare"].trigger()  # View > Compare Formats
    assert window.differences_dock.isVisible()
    qtbot.waitUntil(lambda: window.differences.result is not None, timeout=60_000)
    return places


def test_the_differences_dock_says_what_differs_and_a_click_selects_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    places = compared(qtbot, window, tmp_path)
    panel = window.differences_panel
    # The dock refreshes on a timer: rows found while the sweep ran may show
    # before the heading's last refresh.
    qtbot.waitUntil(lambda: panel.heading.toPlainText().endswith("2 differing ranges."))
    assert panel.rows.rowCount() == 2
    assert panel.heading.toPlainText().splitlines() == [
        "utf-8 and wtf-8 differ at 2 places: lone surrogates",
        "2 differing ranges.",
    ]
    row = panel.rows.index(1)
    start, end = places[1]
    assert (
        row.data()
        == f"0x{start:X}..0x{end - 1:X}  utf-8: ��� (invalid)  wtf-8: <U+D800> (surrogate)"
    )
    rect = panel.list.visualRect(row)
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert (window.selection.start, window.selection.end) == places[1]
    window.grab().save("/tmp/mojiscope-differences-dock.png")


def test_f7_goes_to_the_next_and_previous_difference_anywhere(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    places = compared(qtbot, window, tmp_path)
    window.grid.setFocus()
    window.selection.move_cursor(0)
    qtbot.keyClick(window.grid, Qt.Key.Key_F7)
    assert (window.selection.start, window.selection.end) == places[0]
    qtbot.keyClick(window.grid, Qt.Key.Key_F7)
    assert (window.selection.start, window.selection.end) == places[1]
    qtbot.keyClick(window.grid, Qt.Key.Key_F7)
    assert "No further difference" in window.statusBar().currentMessage()
    qtbot.keyClick(window.grid, Qt.Key.Key_F7, Qt.KeyboardModifier.ShiftModifier)
    assert (window.selection.start, window.selection.end) == places[0]


def test_f7_before_the_sweep_scans_in_the_background(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Compare mode off: the keys still go to the next difference, found
    by a scan of the formats on show from their indexes."""
    path, places = lone_surrogates(tmp_path)
    window.set_formats(["utf-8", "wtf-8"], persist=False)
    assert window.open_path(path)
    window.grid.setFocus()
    with qtbot.waitSignal(window.search.finished, timeout=30_000) as found:
        qtbot.keyClick(window.grid, Qt.Key.Key_F7)
    assert found.args == ["difference", places[0]]
    assert (window.selection.start, window.selection.end) == places[0]


def test_the_grid_asks_for_the_ranges_of_its_rows(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    places = compared(qtbot, window, tmp_path)
    keeper = window.differences
    start = places[0][0]
    assert keeper.ranges_between(start - 32, start + 32) == [places[0]]
    assert keeper.ranges_between(0, start) == []
    assert keeper.ranges_between(0, 10**9) == places
    with qtbot.waitSignal(keeper.changed, timeout=5000):
        window.actions_["compare"].trigger()  # off again
    assert keeper.ranges_between(0, 10**9) == []
    assert not window.differences_dock.isVisible()


def test_another_format_sweeps_again(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    compared(qtbot, window, tmp_path)
    window.add_format_column("cp1252")
    assert window.differences.result is None
    qtbot.waitUntil(lambda: window.differences.result is not None, timeout=60_000)
    words = window.differences.pair_words()
    assert words[0] == "utf-8 and wtf-8 differ at 2 places: lone surrogates"
    assert words[1].startswith("utf-8 and cp1252 differ at ")


def test_the_keys_are_in_the_menus_and_the_shortcuts_dialog(window: MainWindow) -> None:
    rows = dict(shortcut_rows(window.actions_.values()))
    assert rows["F7"] == "Next Difference" and rows["Shift+F7"] == "Previous Difference"
    assert rows["F9"] == "Next Notice" and rows["Shift+F9"] == "Previous Notice"
    search = next(
        m for m in window.menuBar().findChildren(type(window.format_menu)) if m.title() == "&Search"
    )
    texts = [a.text() for a in search.actions()]
    assert {"Next &Difference", "Previous Di&fference", "Next &Notice", "Previous No&tice"} <= set(
        texts
    )
    view = next(
        m for m in window.menuBar().findChildren(type(window.format_menu)) if m.title() == "&View"
    )
    compare = window.actions_["compare"]
    assert compare in view.actions() and compare.isCheckable()
