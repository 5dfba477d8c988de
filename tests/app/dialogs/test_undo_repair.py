"""File > Undo a Repair…: the dialog fills itself in from a journal that
``mojibake --fix --journal`` wrote (a real process) and writes the
original's bytes back; a journal that does not match is refused in words."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers.mixed_files import DEV_SEEDS, mixed_file
from pytestqt.qtbot import QtBot

from mojiscope.app.dialogs.undo_repair import UndoRepairDialog, restored_path
from mojiscope.app.window.main_window import MainWindow


def fix_with_journal(tmp_path: Path) -> tuple[bytes, Path, Path]:
    """A mixed file repaired by ``mojibake --fix``: its bytes, the repair, the journal."""
    data = mixed_file(DEV_SEEDS[4]).data
    path, fixed, journal = tmp_path / "m.csv", tmp_path / "fixed.csv", tmp_path / "fixed.journal"
    path.write_bytes(data)
    command = [sys.executable, "-m", "mojiscope", "mojibake", str(path), "--fix", "-o", str(fixed)]
    command += ["--errors", "replace", "--journal", str(journal)]
    done = subprocess.run(command, capture_output=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr.decode()
    return data, fixed, journal


def test_the_menu_opens_the_dialog_and_undo_writes_the_original_back(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    data, fixed, journal = fix_with_journal(tmp_path)
    window.actions_["undo_repair"].trigger()
    dialog = window.findChild(UndoRepairDialog)
    assert isinstance(dialog, UndoRepairDialog)
    dialog.choose_journal(str(journal))
    assert Path(dialog.repaired_edit.text()) == fixed
    # The original is still there: the default goes beside it, never over it.
    assert dialog.output_edit.text() == str(tmp_path / "m.restored.csv")
    with qtbot.waitSignal(dialog.undone, timeout=60_000):
        dialog.undo_button.click()
    assert (tmp_path / "m.restored.csv").read_bytes() == data
    assert "SHA-256 checked" in dialog.outcome.text()
    dialog.close()


def test_a_journal_of_another_file_is_refused_and_nothing_is_written(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _data, fixed, journal = fix_with_journal(tmp_path)
    fixed.write_bytes(fixed.read_bytes() + b"edited since\n")
    dialog = UndoRepairDialog(window.jobs, window)
    qtbot.addWidget(dialog)
    dialog.choose_journal(str(journal))
    out = tmp_path / "out.csv"
    dialog.output_edit.setText(str(out))
    with qtbot.waitSignal(window.jobs.jobs_changed, timeout=5_000):
        dialog.undo_button.click()
    qtbot.waitUntil(lambda: "Nothing was written" in dialog.outcome.text(), timeout=60_000)
    assert not out.exists()


def test_not_a_journal_says_so_and_offers_no_undo(qtbot: QtBot, tmp_path: Path) -> None:
    from mojiscope.app.background.jobs import JobRunner

    dialog = UndoRepairDialog(JobRunner())
    qtbot.addWidget(dialog)
    other = tmp_path / "x.journal"
    other.write_text("not json\n")
    dialog.choose_journal(str(other))
    assert dialog.words.text() and not dialog.undo_button.isEnabled()
    assert restored_path(str(tmp_path / "gone.csv")) == str(tmp_path / "gone.csv")
