"""File > Scan Folder…: the table fills from a real scan in a child process,
sorts, filters, opens a finding in the window and exports what it shows."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest
from helpers.mouse import double_click
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from mojiscope.app.dialogs.scan_dialog import ALL, ScanDialog
from mojiscope.app.window.main_window import MainWindow
from mojiscope.audit import audit_file
from mojiscope.core.audit.findings import Kind, csv_row

SHOTS = os.environ.get("MOJISCOPE_SHOTS")


def _tree(root: Path) -> Path:
    (root / "sub").mkdir(parents=True)
    (root / "clean.txt").write_text("plain words\n", encoding="utf-8")
    (root / "baked.csv").write_bytes(
        "id,name\n1,Zoë Müller\n2,José\n".encode().decode("cp1252").encode()
    )
    (root / "sub" / "legacy.txt").write_bytes("Grüße aus Köln\n".encode("cp1252"))
    (root / "sub" / "bidi.py").write_text('access = "user\u202e"  # admin\n', encoding="utf-8")
    (root / "image.bin").write_bytes(bytes(range(256)) * 4)
    for i in range(40):
        (root / "sub" / f"n{i:02}.txt").write_text(f"note {i}: café\n", encoding="utf-8")
    return root


@pytest.fixture
def scanned(qtbot, window: MainWindow, tmp_path: Path) -> ScanDialog:  # type: ignore[no-untyped-def]
    folder = _tree(tmp_path / "tree")
    dialog = ScanDialog(str(folder), window)
    qtbot.addWidget(dialog)
    dialog.show()
    job = dialog.start()
    with qtbot.waitSignal(job.finished, timeout=120_000):
        pass
    return dialog


def test_the_table_holds_every_file_with_the_verdicts_scan_gives(scanned: ScanDialog) -> None:
    audits = scanned.model.audits
    assert len(audits) == 45
    for audit in audits:
        assert audit == audit_file(str(audit.path))  # one implementation, one verdict
    by_name = {Path(str(a.path)).name: a.verdict for a in audits}
    assert by_name["baked.csv"] == Kind.MOJIBAKE
    assert by_name["legacy.txt"] == Kind.LEGACY
    assert by_name["bidi.py"] == Kind.NOTICES
    assert by_name["image.bin"] == Kind.BINARY
    assert "45 files scanned" in scanned.status.text()


def test_it_shows_files_with_findings_first_then_filters_and_sorts(
    scanned: ScanDialog, qtbot
) -> None:  # type: ignore[no-untyped-def]
    shown = [a.verdict for a in scanned.shown_audits()]
    assert sorted(v.value for v in shown) == ["binary", "legacy", "mojibake", "notices"]
    scanned.verdicts.setCurrentText(ALL)
    assert scanned.proxy.rowCount() == 45
    scanned.words.setText("legacy")
    assert [Path(str(a.path)).name for a in scanned.shown_audits()] == ["legacy.txt"]
    scanned.words.clear()
    scanned.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # most severe first
    verdicts = [a.verdict for a in scanned.shown_audits()]
    order = list(Kind)
    assert [order.index(v) for v in verdicts] == sorted(order.index(v) for v in verdicts)
    assert verdicts[0] == Kind.BINARY and verdicts[-1] == Kind.CLEAN
    if SHOTS:
        scanned.verdicts.setCurrentText("With findings")
        scanned.grab().save(os.path.join(SHOTS, "scan_dialog.png"))


def test_a_double_click_opens_the_file_at_its_first_finding(
    scanned: ScanDialog, window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    scanned.words.setText("baked")
    index = scanned.proxy.index(0, 1)
    audit = scanned.audit_at(index)
    first = audit.first_location()
    assert first is not None and first.offset > 0
    qtbot.waitExposed(scanned)
    scanned.table.scrollTo(index)
    rect = scanned.table.visualRect(index)
    assert rect.isValid()
    qtbot.mouseClick(scanned.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    double_click(qtbot, scanned.table.viewport(), rect.center())
    assert window.document is not None
    assert window.document.name.endswith("baked.csv")
    assert window.selection.cursor == first.offset


def test_the_export_writes_the_rows_shown_as_scan_csv_does(
    scanned: ScanDialog, tmp_path: Path
) -> None:
    out = tmp_path / "out.csv"
    scanned.export_csv(str(out))
    rows = list(csv.reader(out.read_text(encoding="utf-8").splitlines()))
    shown = scanned.shown_audits()
    assert len(rows) == len(shown) + 1
    assert rows[1:] == [[str(v) for v in csv_row(a)] for a in shown]


def test_file_menu_scan_folder_opens_the_dialog_and_stop_ends_the_scan(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    folder = _tree(tmp_path / "tree")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    window.actions_["scan_folder"].trigger()
    dialogs = window.findChildren(ScanDialog)
    assert len(dialogs) == 1
    dialog = dialogs[0]
    assert dialog.job is not None
    dialog.stop()
    with qtbot.waitSignal(dialog.job.finished, timeout=30_000):
        pass
    assert dialog.job.outcome in ("cancelled", "succeeded")
    dialog.close()
