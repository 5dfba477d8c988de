"""The one place the app shows a message box or runs a modal dialog.

Everything that would block on a modal dialog goes through :func:`show_message`
or :func:`exec_dialog`, so tests (and the headless screenshot path) can
replace them: tests monkeypatch these names, and with :data:`headless` set
messages are printed to stderr instead of shown. A dialog made for one
question goes through :func:`ask`, which deletes it afterwards: kept as a
hidden child of the window after each use, they added up.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

headless = False
"""When True, messages go to stderr and no box is shown (``--screenshot``)."""


def show_message(parent: QWidget | None, level: str, title: str, text: str) -> None:
    """Tell the user something: a message box, or stderr when headless."""
    if headless:
        print(f"mojiscope: {title}: {text}", file=sys.stderr)
        return
    icon = {
        "error": QMessageBox.Icon.Critical,
        "warning": QMessageBox.Icon.Warning,
    }.get(level, QMessageBox.Icon.Information)
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.exec()
    box.deleteLater()


def exec_dialog(dialog: QDialog) -> int:
    """Run a modal dialog and return its result code."""
    return int(dialog.exec())


def ask(dialog: QDialog) -> int:
    """Run ``dialog`` (through :func:`exec_dialog`) and return its result
    code; the dialog is deleted once the event loop runs again, so its
    answers may be read until then."""
    try:
        return exec_dialog(dialog)
    finally:
        dialog.deleteLater()
