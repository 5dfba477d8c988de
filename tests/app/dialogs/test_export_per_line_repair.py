"""The window's Export repaired… of a file whose lines were misread each
their own way (issue 36): driven with pytest-qt on a real file, it writes
exactly what the Mojibake panel previews, byte for byte what
``mojibake --fix`` and ``convert --from "repair:plan:…"`` write (run as
real processes), with an undo journal beside it that gives the source back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers.mixed_files import DEV_SEEDS, mixed_file
from pytestqt.qtbot import QtBot

from mojiscope.app.dialogs.export_dialog import ExportDialog
from mojiscope.app.panels.mojibake import MojibakePanel
from mojiscope.app.window.main_window import MainWindow


def run(*args: object) -> subprocess.CompletedProcess[bytes]:
    """``mojiscope ARGS…`` in a process of its own."""
    command = [sys.executable, "-m", "mojiscope", *map(str, args)]
    done = subprocess.run(command, capture_output=True, timeout=300, check=False)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    return done


def export_whole_file_repair(qtbot: QtBot, window: MainWindow) -> tuple[ExportDialog, str]:
    """Bring the panel forward, wait for the segment map's reading, export
    it: the export dialog and the panel's preview of the repair."""
    panel = window.mojibake_dock.findChild(MojibakePanel)
    assert isinstance(panel, MojibakePanel)
    window.show()
    window.mojibake_dock.raise_()
    qtbot.waitUntil(
        lambda: window.segments.map is not None and window.segments.map.complete, timeout=60_000
    )
    qtbot.waitUntil(
        lambda: (
            panel.candidates.count() > 0
            and panel.candidates.item(0).text().strip().startswith("segment by segment")
        ),
        timeout=30_000,
    )
    panel.candidates.setCurrentRow(0)
    qtbot.waitUntil(panel.export_button.isEnabled, timeout=10_000)
    preview = panel.repaired.toPlainText()
    panel.export_button.click()
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=30_000)
    return dialog, preview


def test_a_per_line_repair_exports_what_the_panel_shows_and_what_the_cli_writes(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    mixed = mixed_file(DEV_SEEDS[4])
    assert {line.kind for line in mixed.lines} >= {"fine", "once", "twice"}
    path = tmp_path / "mixed.csv"
    path.write_bytes(mixed.data)
    assert window.open_path(path)
    dialog, preview = export_whole_file_repair(qtbot, window)
    assert dialog.source.whole
    reading = dialog.choices().source_format
    assert reading.startswith("repair:plan:")  # lines with chains of their own: a plan
    dialog.replace_button.setChecked(True)  # write a guess as guessed, reported
    assert dialog.journal_box.isVisible() and dialog.journal_box.isChecked()
    out = tmp_path / "exported.csv"
    dialog.output_edit.setText(str(out))
    with qtbot.waitSignal(dialog.written, timeout=60_000) as written:
        dialog.export_button.click()
    assert written.args[0].verification.ok
    exported = out.read_bytes()
    # The panel's preview (its first 4,096 characters) is what was written.
    shown = preview.split("\n… (the first ")[0]
    assert len(shown) >= 4096 and exported.decode("utf-8").startswith(shown)
    fixed, converted = tmp_path / "fixed.csv", tmp_path / "converted.csv"
    done = run("mojibake", path, "--fix", "-o", fixed, "--errors", "replace")
    assert done.returncode == 0, done.stderr.decode()
    done = run("convert", path, "--from", reading, "--to", "utf-8", "-o", converted,
               "--errors", "replace")  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    assert exported == fixed.read_bytes() == converted.read_bytes()
    lines = exported.splitlines(keepends=True)
    for line, got in zip(mixed.lines, lines, strict=True):
        if line.kind == "fine":
            assert got == line.original  # kept byte for byte
    # The journal beside it gives the source back.
    journal = Path(f"{out}.journal")
    assert journal.exists()
    restored = tmp_path / "restored.csv"
    done = run("mojibake", "--undo", journal, "-o", restored)
    assert done.returncode == 0, done.stderr.decode()
    assert restored.read_bytes() == mixed.data
    window.close()


def test_the_journal_can_be_turned_off(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    mixed = mixed_file(DEV_SEEDS[4])
    path = tmp_path / "mixed.csv"
    path.write_bytes(mixed.data)
    assert window.open_path(path)
    dialog, _preview = export_whole_file_repair(qtbot, window)
    dialog.replace_button.setChecked(True)
    dialog.journal_box.setChecked(False)
    out = tmp_path / "exported.csv"
    dialog.output_edit.setText(str(out))
    with qtbot.waitSignal(dialog.written, timeout=60_000):
        dialog.export_button.click()
    assert out.exists() and not Path(f"{out}.journal").exists()
    assert "Undo journal" not in dialog.outcome.text()
    window.close()


def test_legacy_text_read_as_windows_1252_is_exported_repaired_as_the_cli_writes_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    russian = ["Съешь же ещё этих мягких булок", "Привет, как дела?"]
    german = "Die Größe der Übersetzung hängt von der Qualität ab"
    rows = ["id,text", f"1,{russian[0]}", f"2,{german}", "3,plain", f"4,{russian[1]}"]
    damaged = [
        rows[0],
        f"1,{russian[0]}".encode("cp1251").decode("cp1252"),  # Russian through windows-1252
        f"2,{german}".encode().decode("cp1252"),  # UTF-8 through windows-1252
        rows[3],
        f"4,{russian[1]}".encode("cp1251").decode("cp1252"),
    ]
    path = tmp_path / "letters.csv"
    path.write_bytes("".join(f"{row}\n" for row in damaged).encode())
    assert window.open_path(path)
    dialog, preview = export_whole_file_repair(qtbot, window)
    original = "".join(f"{row}\n" for row in rows)
    assert preview.rstrip("\n") == original.rstrip("\n")
    dialog.replace_button.setChecked(True)
    out = tmp_path / "exported.csv"
    dialog.output_edit.setText(str(out))
    with qtbot.waitSignal(dialog.written, timeout=60_000) as written:
        dialog.export_button.click()
    assert written.args[0].verification.ok
    fixed = tmp_path / "fixed.csv"
    done = run("mojibake", path, "--fix", "-o", fixed)
    assert done.returncode == 0, done.stderr.decode()
    assert out.read_bytes() == fixed.read_bytes() == original.encode()
    window.close()
