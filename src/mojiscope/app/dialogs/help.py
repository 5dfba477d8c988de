"""Help > Keyboard Shortcuts and Help > About.

The shortcuts table is built from the window's own actions, so it can never
disagree with what the keys do; the keys that move the cursor (handled by
the views, not by actions) are listed after them.
"""

from __future__ import annotations

import platform
import sys
from collections.abc import Iterable

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mojiscope import __version__
from mojiscope.app.window.settings import open_settings

#: Keys the views handle themselves (no action carries them).
MOVEMENT_KEYS: tuple[tuple[str, str], ...] = (
    ("Left / Right", "Previous / next byte (hex view) or character (columns, text view)"),
    ("Up / Down", "Previous / next row"),
    ("Page Up / Page Down", "Previous / next page"),
    ("Home / End", "Start / end of the row"),
    ("Ctrl+Home / Ctrl+End", "Start / end of the file"),
    ("Shift + any of these", "Extend the selection"),
    ("Tab / Shift+Tab", "Grid: keys act on the hex area, then on each decoded column in turn"),
    ("Ctrl+Tab", "Leave the grid"),
)


def shortcut_rows(actions: Iterable[QAction]) -> list[tuple[str, str]]:
    """(keys, what they do) for every action that has a shortcut, in menu
    order, then the movement keys."""
    rows: list[tuple[str, str]] = []
    for action in actions:
        keys = [s.toString(QKeySequence.SequenceFormat.NativeText) for s in action.shortcuts()]
        keys = [k for k in keys if k]
        if keys:
            rows.append((" or ".join(keys), action.text().replace("&", "").rstrip("…")))
    return rows + list(MOVEMENT_KEYS)


class ShortcutsDialog(QDialog):
    """A read-only table of every key the window answers to."""

    def __init__(self, actions: Iterable[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard Shortcuts")
        rows = shortcut_rows(actions)
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setHorizontalHeaderLabels(["Keys", "Does"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, (keys, does) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(keys))
            self.table.setItem(row, 1, QTableWidgetItem(does))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 520)


def about_text() -> str:
    """Version, the Qt and Python underneath, and where settings live (HTML)."""
    settings_file = open_settings().fileName()
    return (
        f"<h3>Mojiscope {__version__}</h3>"
        "<p>An inspector for bytes that are meant to be text.</p>"
        f"<p>Qt {qVersion()} (PySide6 {pyside_version})<br>"
        f"Python {platform.python_version()} ({sys.platform})</p>"
        f"<p>Settings are kept in<br><code>{settings_file}</code></p>"
    )


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Mojiscope")
        self.label = QLabel(about_text(), self)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(buttons)
