"""The export dialog on real files, with the real job runner (issue 13)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from mojiscope.app.dialogs.export_dialog import ExportDialog
from mojiscope.app.model.document import Document

LOSSY = b"hi \xff " + "中".encode() + b" end"  # a bad byte at 3, 中 at 5..8


def open_dialog(window, path, *, whole=True) -> ExportDialog:
    assert window.open_path(path)
    if whole:
        window.export_as()
    else:
        window.export_selection_as()
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog)
    return dialog


def choose(qtbot, dialog, target, *, errors="strict", output=None):
    """Set the choices and wait for the loss report of them."""
    if dialog.target_box.currentText() != target or dialog.report is None:
        with qtbot.waitSignal(dialog.report_ready, timeout=30_000):
            dialog.target_box.setCurrentText(target)
    (dialog.strict_button if errors == "strict" else dialog.replace_button).setChecked(True)
    if output is not None:
        dialog.output_edit.setText(str(output))
    return dialog.report


def write(qtbot, dialog):
    with qtbot.waitSignal(dialog.written, timeout=60_000) as written:
        dialog.export_button.click()
    return written.args[0]


@pytest.fixture
def lossy(tmp_path):
    path = tmp_path / "lossy.txt"
    path.write_bytes(LOSSY)
    return path


def test_strict_with_a_loss_disables_export_and_says_where(qtbot, window, lossy):
    dialog = open_dialog(window, lossy)
    choose(qtbot, dialog, "cp1252")
    assert not dialog.export_button.isEnabled()
    assert "Strict refuses any loss" in dialog.why.text()
    assert "byte offset 3" in dialog.why.text()
    dialog.replace_button.setChecked(True)
    assert dialog.export_button.isEnabled() and dialog.why.text() == ""


def test_strict_without_a_loss_enables_export_and_says_the_text_survives(qtbot, window, tmp_path):
    path = tmp_path / "clean.txt"
    path.write_bytes("héllo".encode())
    dialog = open_dialog(window, path)
    report = choose(qtbot, dialog, "utf-16le")
    assert report.lossless and dialog.summary.text() == "The text survives exactly."
    assert dialog.export_button.isEnabled()
    outcome = write(qtbot, dialog)
    assert outcome.verification.ok and "Verified." in dialog.outcome.text()
    assert (tmp_path / "clean.utf-16le.txt").read_bytes() == "héllo".encode("utf-16-le")


def test_replace_writes_exactly_what_the_convert_command_writes(qtbot, window, lossy, tmp_path):
    ours = tmp_path / "from-dialog.txt"
    dialog = open_dialog(window, lossy)
    choose(qtbot, dialog, "utf-16le", errors="replace", output=ours)
    outcome = write(qtbot, dialog)
    theirs = tmp_path / "from-command.txt"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mojiscope",
            "convert",
            str(lossy),
            "--from",
            "utf-8",
            "--to",
            "utf-16le",
            "--errors",
            "replace",
            "-o",
            str(theirs),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert ours.read_bytes() == theirs.read_bytes()
    assert outcome.report.loss_count == 1 and outcome.verification.ok


def test_a_report_of_earlier_choices_is_never_taken_for_the_new_ones(qtbot, window, lossy):
    dialog = open_dialog(window, lossy)
    choose(qtbot, dialog, "utf-8")
    with qtbot.waitSignal(dialog.job_started, timeout=30_000):
        dialog.target_box.setCurrentText("utf-16le")
    # That report runs (for a few milliseconds) while the next choice waits out its delay.
    with qtbot.waitSignal(dialog.report_ready, timeout=30_000) as ready:
        dialog.target_box.setCurrentText("cp1252")
    assert ready.args[0].target_format == "cp1252" and dialog.report is ready.args[0]
    assert "Strict refuses any loss" in dialog.why.text()


def test_a_loss_row_click_selects_its_bytes_in_the_window(qtbot, window, lossy):
    dialog = open_dialog(window, lossy)
    choose(qtbot, dialog, "cp1252")
    kinds = [row.kind for row in dialog.table.rows]
    assert kinds == ["replacement", "unencodable"]
    dialog.table.cellClicked.emit(1, 0)
    assert (window.selection.start, window.selection.end) == (5, 8)
    dialog.table.cellClicked.emit(0, 3)
    assert (window.selection.start, window.selection.end) == (3, 4)


def test_a_selection_export_maps_rows_back_to_the_whole_file(qtbot, window, lossy, tmp_path):
    assert window.open_path(lossy)
    window.selection.select_range(4, len(LOSSY))  # " 中 end"
    window.export_selection_as()
    dialog = window.export_dialog
    choose(qtbot, dialog, "cp1252", errors="replace", output=tmp_path / "part.txt")
    dialog.table.cellClicked.emit(0, 0)
    assert (window.selection.start, window.selection.end) == (5, 8)
    write(qtbot, dialog)
    assert (tmp_path / "part.txt").read_bytes() == b" ? end"


def test_cancel_during_a_large_write_leaves_no_file_and_no_temporary(qtbot, window, tmp_path):
    source = tmp_path / "big.txt"
    source.write_bytes(b"abcdefgh" * (16 << 20))  # 128 MiB
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    dialog = open_dialog(window, source)
    choose(qtbot, dialog, "utf-16le", output=out_dir / "big.utf16.txt")
    with qtbot.waitSignal(dialog.job_started, timeout=5_000):
        dialog.export_button.click()
    qtbot.waitUntil(lambda: any(out_dir.iterdir()), timeout=30_000)
    handle = dialog.job
    with qtbot.waitSignal(handle.finished, timeout=60_000):
        dialog.cancel_button.click()
    assert handle.outcome == "cancelled"
    assert list(out_dir.iterdir()) == []
    assert "nothing was written" in dialog.outcome.text()


def test_cancel_just_after_the_rename_says_the_file_was_written_and_not_verified(
    qtbot, window, tmp_path
):
    source = tmp_path / "big.txt"
    source.write_bytes("abcdéfgh".encode() * (8 << 20))  # 72 MiB: a verification of seconds
    out = tmp_path / "big.utf16.txt"
    dialog = open_dialog(window, source)
    choose(qtbot, dialog, "utf-16le", output=out)
    with qtbot.waitSignal(dialog.job_started, timeout=5_000):
        dialog.export_button.click()
    handle = dialog.job
    qtbot.waitUntil(out.exists, timeout=60_000)  # renamed into place: verifying now
    with qtbot.waitSignal(handle.finished, timeout=60_000):
        dialog.cancel_button.click()
    assert handle.outcome == "cancelled"
    assert out.read_bytes() == source.read_bytes().decode().encode("utf-16-le")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    assert dialog.outcome.text() == (
        f"Wrote {out.stat().st_size:,} bytes to {out}. Cancelled after the write, "
        "so it is NOT verified (press Verify to check it)."
    )
    assert dialog.verify_button.isEnabled()
    with qtbot.waitSignal(dialog.verified, timeout=60_000) as verified:
        dialog.verify_button.click()
    assert verified.args[0].ok and dialog.outcome.text() == "Verified."


def test_overwriting_the_source_asks_first(qtbot, window, tmp_path, answer_dialog):
    source = tmp_path / "same.txt"
    source.write_bytes("ünï".encode("latin-1"))
    dialog = open_dialog(window, source)
    with qtbot.waitSignal(dialog.report_ready, timeout=30_000):
        dialog.source_box.setCurrentText("latin-1")
    choose(qtbot, dialog, "utf-8", output=source)
    asked = answer_dialog(lambda box: False)
    dialog.export_button.click()
    assert len(asked) == 1 and "is the file you are exporting from" in asked[0].text()
    assert dialog.job is None or dialog.job.name != "export-write"
    assert source.read_bytes() == "ünï".encode("latin-1")
    answer_dialog(lambda box: True)
    outcome = write(qtbot, dialog)
    assert source.read_bytes() == "ünï".encode()
    # the source is gone: verified against what was written, not a re-conversion
    assert outcome.verification.ok and "replaced its source" in outcome.verification.message


def test_verification_catches_a_file_changed_under_it(qtbot, window, tmp_path):
    source = tmp_path / "text.txt"
    source.write_bytes("aé€xyz".encode())
    out = tmp_path / "text.utf16.txt"
    dialog = open_dialog(window, source)
    choose(qtbot, dialog, "utf-16le", output=out)
    assert write(qtbot, dialog).verification.ok
    data = bytearray(out.read_bytes())
    data[8] = ord("Q")  # character 4, "y"
    out.write_bytes(bytes(data))
    with qtbot.waitSignal(dialog.verified, timeout=30_000) as verified:
        dialog.verify_button.click()
    assert not verified.args[0].ok
    assert "NOT verified" in dialog.outcome.text() and "byte offset 8" in dialog.outcome.text()


def test_a_missing_folder_is_one_sentence_naming_the_path(
    qtbot, window, lossy, tmp_path, shown_messages
):
    target = tmp_path / "nowhere" / "o.txt"
    dialog = open_dialog(window, lossy)
    choose(qtbot, dialog, "utf-16le", errors="replace", output=target)
    with qtbot.waitSignal(dialog.job_ended, timeout=30_000):
        dialog.export_button.click()
    assert dialog.outcome.text() == (
        f"Cannot write {target}: the folder {tmp_path / 'nowhere'} does not exist. "
        "The source is untouched."
    )
    assert shown_messages[-1].title == "Export failed"
    assert sorted(os.listdir(tmp_path)) == ["lossy.txt", "settings"]


def test_the_default_output_is_absolute_however_the_file_was_opened(
    qtbot, window, tmp_path, monkeypatch
):
    """A file opened by a relative path (as a command line gives it) once
    offered a relative default, written wherever the working folder was."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "notes.txt").write_bytes("héllo".encode())
    monkeypatch.chdir(tmp_path)
    dialog = open_dialog(window, os.path.join("in", "notes.txt"))
    assert window.document.path.is_absolute()
    assert dialog.output_edit.text() == str(tmp_path / "in" / "notes.utf-8.txt")
    choose(qtbot, dialog, "utf-16le")
    assert dialog.output_edit.text() == str(tmp_path / "in" / "notes.utf-16le.txt")
    dialog.close()
    monkeypatch.chdir(tmp_path / "in")
    window.selection.select_range(0, 2)
    selection = open_dialog(window, "notes.txt", whole=False)
    assert selection.output_edit.text() == str(tmp_path / "in" / "notes-selection.utf-8.txt")
    selection.close()
    window.open_document(Document.from_bytes(b"abc"))  # pasted: the working folder
    window.export_as()
    pasted = window.export_dialog
    assert isinstance(pasted, ExportDialog)
    assert pasted.output_edit.text() == str(tmp_path / "in" / "exported.utf-8.txt")
