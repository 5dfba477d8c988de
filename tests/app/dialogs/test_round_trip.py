"""Every dialog and panel action, opened and closed as a user would, leaves a
window that still opens files, reloads them and takes pasted hex.

A closed export dialog once deleted itself while the window kept a Python
reference to it; every later File > Open, Recent, Paste Hex and Reload then
raised in a slot and did nothing. Each case here opens its dialog, closes it
(Escape, Close or Cancel, as a hand would), then opens another file, reloads
it after an external change, pastes hex, and opens the dialog once more.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QProgressDialog
from pytestqt.qtbot import QtBot

from mojiscope.app.background.jobs import show_progress_dialog
from mojiscope.app.dialogs.export_dialog import ExportDialog
from mojiscope.app.dialogs.paste_hex import PasteHexDialog
from mojiscope.app.panels import mojibake as mojibake_panel
from mojiscope.app.window import messages
from mojiscope.app.window.main_window import MainWindow

DAMAGED = "Le café crème, thé à la menthe\n".encode().decode("cp1252").encode()


def close_modal_dialogs_with_escape(monkeypatch: pytest.MonkeyPatch, ran: list[str]) -> None:
    """Run modal dialogs for real and press Escape in each once it is up;
    their class names are appended to ``ran``."""
    ran.clear()

    def run(dialog: QDialog) -> int:
        ran.append(type(dialog).__name__)

        def press_escape() -> None:
            if dialog.isVisible():
                QTest.keyClick(dialog, Qt.Key.Key_Escape)
            else:
                QTimer.singleShot(10, press_escape)

        QTimer.singleShot(0, press_escape)
        return int(dialog.exec())

    monkeypatch.setattr(messages, "exec_dialog", run)


def close_export_dialog(qtbot: QtBot, window: MainWindow) -> None:
    """Wait for the export dialog to be up, then press its Close button."""
    qtbot.waitUntil(lambda: window.export_dialog is not None, timeout=10_000)
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog)
    destroyed: list[bool] = []
    dialog.destroyed.connect(lambda: destroyed.append(True))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Close).click()
    # deleteLater outside a running event loop waits for this
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.waitUntil(lambda: destroyed == [True], timeout=10_000)
    assert window.export_dialog is None


def open_export_as(qtbot: QtBot, window: MainWindow) -> None:
    window.actions_["export"].trigger()
    close_export_dialog(qtbot, window)


def open_export_selection_as(qtbot: QtBot, window: MainWindow) -> None:
    window.selection.select_range(0, 4)
    window.actions_["export_selection"].trigger()
    close_export_dialog(qtbot, window)


def open_export_repaired(qtbot: QtBot, window: MainWindow) -> None:
    panel = mojibake_panel_of(window)
    assert window.document is not None
    panel.explain_range(window.document.source, 0, window.document.size)
    qtbot.waitUntil(panel.export_button.isEnabled, timeout=20_000)
    panel.export_button.click()
    close_export_dialog(qtbot, window)


def mojibake_panel_of(window: MainWindow) -> mojibake_panel.MojibakePanel:
    panel = window.mojibake_dock.findChild(mojibake_panel.MojibakePanel)
    assert panel is not None
    return panel


def open_verify_progress(qtbot: QtBot, window: MainWindow) -> None:
    """Verify on a file long enough for the progress dialog to appear; Cancel it."""
    panel = mojibake_panel_of(window)
    assert window.document is not None
    # The whole gigabyte (Verify reads every byte explained), explained from
    # a sample: slow on a loaded machine.
    panel.explain_range(window.document.source, 0, window.document.size)
    qtbot.waitUntil(panel.verify_button.isEnabled, timeout=90_000)
    panel.verify_button.click()

    def progress_shown() -> QProgressDialog | None:
        shown = [d for d in panel.findChildren(QProgressDialog) if d.isVisible()]
        return shown[0] if shown else None

    qtbot.waitUntil(lambda: progress_shown() is not None, timeout=20_000)
    progress = progress_shown()
    assert progress is not None
    QTest.keyClick(progress, Qt.Key.Key_Escape)
    qtbot.waitUntil(
        lambda: panel.verify_result.text() == "Verifying was cancelled.", timeout=20_000
    )


RAN: list[str] = []
"""The class names of the modal dialogs run in the current test, in order."""


def modal(action: str, dialog_class: str) -> Callable[[QtBot, MainWindow], None]:
    def open_and_escape(qtbot: QtBot, window: MainWindow) -> None:
        before = len(RAN)
        window.actions_[action].trigger()
        assert RAN[before:] == [dialog_class]

    return open_and_escape


ACTIONS: dict[str, Callable[[QtBot, MainWindow], None]] = {
    "Export As": open_export_as,
    "Export Selection As": open_export_selection_as,
    "Export repaired": open_export_repaired,
    "Go to": modal("go_to", "GotoDialog"),
    "Find": modal("find", "FindDialog"),
    "Choose Formats": modal("formats", "FormatsDialog"),
    "Paste Hex": modal("paste_hex", "PasteHexDialog"),
    "About": modal("about", "AboutDialog"),
    "Keyboard Shortcuts": modal("shortcuts", "ShortcutsDialog"),
    "Verify progress": open_verify_progress,
}


@pytest.mark.parametrize("action", list(ACTIONS))
def test_after_a_dialog_closes_the_window_opens_reloads_and_pastes(
    action: str,
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    close_modal_dialogs_with_escape(monkeypatch, RAN)
    first = tmp_path / "first.txt"
    first.write_bytes(DAMAGED * 3)
    if action == "Verify progress":
        # Long enough to verify for a while (a hole of zeros: well under a
        # second on a fast machine), and its progress dialog shown at once
        # rather than after its usual delay, so that it is up while it runs.
        os.truncate(first, 1 << 30)
        monkeypatch.setattr(
            mojibake_panel, "show_progress_dialog", partial(show_progress_dialog, delay_ms=0)
        )
    second = tmp_path / "second.txt"
    second.write_bytes(b"second file\n")
    assert window.open_path(first)
    open_and_close = ACTIONS[action]

    open_and_close(qtbot, window)

    # another file opens
    assert window.open_path(second)
    assert window.document is not None and window.document.name == "second.txt"
    assert window.document.read(0, 6) == b"second"
    # a change on disk is offered for reload, and the reload takes
    second.write_bytes(b"second file, longer now\n")
    qtbot.waitUntil(window.reloader.bar.isVisible, timeout=10_000)
    window.reloader.bar.reload_action.trigger()
    assert window.document.size == len(b"second file, longer now\n")
    # pasted hex opens
    pasted: list[PasteHexDialog] = []

    def paste(dialog: QDialog) -> int:
        assert isinstance(dialog, PasteHexDialog)
        pasted.append(dialog)
        dialog.editor.setPlainText("43 61 66 C3 A9")
        qtbot.waitUntil(lambda: dialog.data() is not None, timeout=10_000)
        return 1

    with monkeypatch.context() as patched:
        patched.setattr(messages, "exec_dialog", paste)
        window.actions_["paste_hex"].trigger()
    assert pasted and window.document.read(0, 5) == b"Caf\xc3\xa9"
    # and the dialog works again, on a file
    assert window.open_path(first)
    open_and_close(qtbot, window)
    assert window.open_path(second)
    assert window.document.name == "second.txt"
    QApplication.processEvents()
    # and no dialog stays behind, hidden among the window's children, per use
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert [type(d).__name__ for d in window.findChildren(QDialog)] == []
