"""The Mojibake panel's "Export repaired…": the export dialog opens over the
bytes explained with the chosen chain's repair as its source format, and
exporting writes exactly the repaired text as UTF-8, verified (issue 14)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from mojiscope.app.dialogs.export_dialog import ExportDialog
from mojiscope.app.panels.mojibake import MojibakePanel
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core.words.describe import byte_range

TEXT = "Produit;Prix\nCafé crème;2,50 €\nThé à la menthe;3,00 €\n"
DAMAGED = TEXT.encode().decode("cp1252").encode()  # "CafÃ© crÃ¨me", and € as three letters
READING = "repair:utf-8 read as windows-1252"


def panel_of(window: MainWindow) -> MojibakePanel:
    panel = window.mojibake_dock.findChild(MojibakePanel)
    assert isinstance(panel, MojibakePanel)
    return panel


def explain_and_export(qtbot: QtBot, window: MainWindow, start: int, end: int) -> ExportDialog:
    panel = panel_of(window)
    assert window.document is not None
    window.mojibake_dock.raise_()  # its tab, as a user would: it explains what it shows
    # The panel explains the file once in sight; let that end first.
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=20_000)
    panel.explain_range(window.document.source, start, end)
    words = f"Bytes {byte_range(start, end)} "
    qtbot.waitUntil(lambda: panel.status.text().startswith(words), timeout=20_000)
    qtbot.waitUntil(panel.export_button.isEnabled, timeout=20_000)
    panel.export_button.click()
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=30_000)
    return dialog


def test_export_repaired_writes_the_repaired_csv_as_utf8_and_verifies(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "prices.csv"
    path.write_bytes(DAMAGED)
    assert window.open_path(path)
    dialog = explain_and_export(qtbot, window, 0, len(DAMAGED))
    assert dialog.source.whole
    assert dialog.choices().source_format == READING
    assert dialog.choices().target_format == "utf-8"
    assert dialog.source_words.text() == "repaired: utf-8 read as windows-1252"
    assert dialog.source_box.itemText(0) == READING
    assert dialog.report is not None and dialog.report.lossless
    assert dialog.summary.text() == "The text survives exactly."
    with qtbot.waitSignal(dialog.written, timeout=60_000) as written:
        dialog.export_button.click()
    assert written.args[0].verification.ok
    assert Path(dialog.choices().output).read_bytes() == TEXT.encode()
    assert path.read_bytes() == DAMAGED  # the source is untouched


def test_export_repaired_of_a_selection_exports_only_the_bytes_explained(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "mixed.txt"
    head = "déjà correct\n".encode()
    path.write_bytes(head + DAMAGED)
    assert window.open_path(path)
    dialog = explain_and_export(qtbot, window, len(head), len(head) + len(DAMAGED))
    assert (dialog.source.start, dialog.source.end) == (len(head), len(head) + len(DAMAGED))
    with qtbot.waitSignal(dialog.written, timeout=60_000):
        dialog.export_button.click()
    assert Path(dialog.choices().output).read_bytes() == TEXT.encode()


def test_strict_refuses_a_repair_with_bytes_the_chain_cannot_undo(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "half.txt"
    path.write_bytes(DAMAGED + "real €\n".encode())  # the last "€" was never misread
    assert window.open_path(path)
    window.export_repaired(READING, 0, path.stat().st_size)
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=30_000)
    assert not dialog.export_button.isEnabled()
    assert f"byte offset {len(DAMAGED) + 5}" in dialog.why.text()
    assert dialog.table.rows[0].reason == "not-from-chain"


def test_bytes_that_are_fine_offer_no_repair_to_export(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "fine.txt"
    path.write_bytes(TEXT.encode())
    assert window.open_path(path)
    panel = panel_of(window)
    assert window.document is not None
    panel.explain_range(window.document.source, 0, len(TEXT.encode()))
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=20_000)
    assert panel.candidates.currentRow() == 0 and panel.explanations[0].unchanged
    assert not panel.export_button.isEnabled()
    assert "fine as they are" in panel.export_button.toolTip()


def test_with_only_the_cursor_placed_the_panel_explains_and_exports_the_whole_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "prices.csv"
    path.write_bytes(DAMAGED)
    assert window.open_path(path)
    window.show()
    window.mojibake_dock.raise_()
    qtbot.waitUntil(window.mojibake_dock.isVisible, timeout=5000)
    panel = panel_of(window)
    window.selection.move_cursor(DAMAGED.index(b"\xc3"))  # one byte under the cursor
    qtbot.waitUntil(panel.export_button.isEnabled, timeout=20_000)
    assert panel.status.text() == f"The whole file ({len(DAMAGED)} bytes)"
    assert panel.repaired.toPlainText() == TEXT
    panel.export_button.click()
    assert isinstance(window.export_dialog, ExportDialog) and window.export_dialog.source.whole
