"""Help > Keyboard Shortcuts lists what the keys really do; Help > About says
which Mojiscope, Qt and Python run and where settings live; every toolbar
button has a tooltip with its shortcut."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QToolBar
from pytestqt.qtbot import QtBot

from mojiscope import __version__
from mojiscope.app.dialogs.help import AboutDialog, ShortcutsDialog
from mojiscope.app.window.main_window import MainWindow


def table_rows(dialog: ShortcutsDialog) -> dict[str, str]:
    table = dialog.table
    return {table.item(r, 1).text(): table.item(r, 0).text() for r in range(table.rowCount())}


def test_f1_lists_every_shortcut_from_the_actions_themselves(
    qtbot: QtBot,
    window: MainWindow,
    answer_dialog: Callable[[Callable[[QDialog], bool]], list[QDialog]],
) -> None:
    seen = answer_dialog(lambda dialog: False)
    window.activateWindow()
    qtbot.keyClick(window.grid, Qt.Key.Key_F1)
    assert len(seen) == 1 and isinstance(seen[0], ShortcutsDialog)
    rows = table_rows(seen[0])
    assert rows["Go to Offset"] == "Ctrl+G"
    assert rows["Paste Hex"] == "Ctrl+Shift+V"
    assert rows["Keyboard Shortcuts"] == "F1"
    assert "Start / end of the file" in rows
    for action in window.actions_.values():
        if not action.shortcut().isEmpty():
            assert action.text().replace("&", "").rstrip("…") in rows


def test_about_names_the_versions_and_the_settings_file(window: MainWindow) -> None:
    text = AboutDialog(window).label.text()
    assert f"Mojiscope {__version__}" in text
    assert "Qt 6." in text and "Python 3." in text
    assert ".ini" in text  # where the settings live


def test_every_toolbar_button_has_a_tooltip_with_its_shortcut(window: MainWindow) -> None:
    toolbar = window.findChild(QToolBar, "main-toolbar")
    tips = {a.text(): a.toolTip() for a in toolbar.actions() if a.text()}
    assert tips["&Open…"] == "Open (Ctrl+O)"
    assert tips["Paste &Hex…"] == "Paste Hex (Ctrl+Shift+V)"
    assert all(tip for tip in tips.values())
