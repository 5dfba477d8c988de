"""Notices in the window, one test per kind: the Summary says them in
words, Problems lists them as rows of their own (apart from errors), and
F9 / Shift+F9 go to the next and previous one."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mojiscope.app.panels.problems import NOTICE_ROLE
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core.words.notices import Notice, notice_words

CHARACTERS = {
    Notice.BIDI: "\u202e",
    Notice.INVISIBLE: "\u200b",
    Notice.PRIVATE_USE: "\ue000",
    Notice.NONCHARACTER: "\ufdd0",
    Notice.BOM: "\ufeff",
}
LINE = "an ordinary line of text, café\n"


@pytest.mark.parametrize("kind", list(CHARACTERS), ids=[k.value for k in CHARACTERS])
def test_a_notice_is_said_listed_and_reached(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, kind: Notice
) -> None:
    char = CHARACTERS[kind]
    text = LINE * 50 + f"x{char}y\n" + LINE * 3000 + f"again {char}\n" + LINE * 50
    data = text.encode()
    first = data.index(char.encode())
    second = data.index(char.encode(), first + 1)
    path = tmp_path / f"{kind.value}.txt"
    path.write_bytes(data)
    window.set_formats(["utf-8", "wtf-8"], persist=False)
    panel = window.summary_panel
    with qtbot.waitSignal(panel.summary_ready, timeout=120_000):
        assert window.open_path(path)
    assert notice_words(kind, 2) in panel.words.text()
    assert f"notices: 2 {kind.value}" in panel.table.topLevelItem(0).text(2)
    problems = window.problems
    problems.refresh()
    rows = [problems.regions.index(i) for i in range(problems.regions.rowCount())]
    notice_rows = [row for row in rows if row.data(NOTICE_ROLE)]
    assert [row.data(Qt.ItemDataRole.UserRole) for row in notice_rows] == [first, second]
    assert all("notices: 1 " in row.data() for row in notice_rows)
    assert not any(row.data(NOTICE_ROLE) is False and "invalid" in row.data() for row in rows)
    assert "; 2 notices in 2 regions" in problems.heading.text()
    window.grid.setFocus()
    size = len(char.encode())
    qtbot.keyClick(window.grid, Qt.Key.Key_F9)
    assert (window.selection.start, window.selection.end) == (first, first + size)
    qtbot.keyClick(window.grid, Qt.Key.Key_F9)
    assert (window.selection.start, window.selection.end) == (second, second + size)
    qtbot.keyClick(window.grid, Qt.Key.Key_F9)
    assert "No further notice" in window.statusBar().currentMessage()
    qtbot.keyClick(window.grid, Qt.Key.Key_F9, Qt.KeyboardModifier.ShiftModifier)
    assert (window.selection.start, window.selection.end) == (first, first + size)
    problems.list.clicked.emit(notice_rows[1])
    assert (window.selection.start, window.selection.end) == (second, second + size)
    if kind == Notice.BIDI:
        window.findChild(type(window.differences_dock), "dock-problems").raise_()
        window.grab().save("/tmp/mojiscope-notices-problems.png")
