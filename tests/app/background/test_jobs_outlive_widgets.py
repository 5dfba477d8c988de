"""A job outlives the widget that started it: the widget goes (its window
closed and deleted, a dialog closed) while the job runs, and when the job
ends nothing runs on the deleted widget.

A job handle has no Qt parent (it outlives the runner too); what it calls
when it ends must be a method of a QObject, whose connection Qt drops with
the object, never a closure holding the widget: that raised "Internal C++
object already deleted" in the index keeper's status label, the progress
dialog of a search or a verify, the Mojibake panel's status, and a
standalone Inspector's measurement. Each case starts its job, deletes the
widget while the job runs, lets the job end and the events run; the suite
fails the test on any exception raised in a slot (tests/conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from mojiscope.app.background.file_passes import FilePasses
from mojiscope.app.background.jobs import JobHandle, JobRunner, wait_for_every_job
from mojiscope.app.dialogs.export_dialog import ExportDialog
from mojiscope.app.dialogs.paste_hex import DEBOUNCE_CHARS, PasteHexDialog
from mojiscope.app.model.document import WINDOW, Document
from mojiscope.app.panels.inspector import InspectorPanel
from mojiscope.app.panels.mojibake import MojibakePanel
from mojiscope.app.window.main_window import MainWindow
from mojiscope.app.window.selection import SelectionModel
from mojiscope.app.window.shown_formats import ShownFormats

DAMAGED = "Le café crème, thé à la menthe\n".encode().decode("cp1252").encode()


def delete(widget: QWidget) -> None:
    """Close ``widget`` and delete it now, as Qt does with a closed window
    or dialog that deletes itself."""
    widget.close()
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def let_every_job_end(qtbot: QtBot) -> None:
    """Every job's thread ends, and the signals it sent are delivered."""
    assert wait_for_every_job(30_000)
    for _ in range(10):
        QApplication.processEvents()
        qtbot.wait(20)


@pytest.fixture
def big_file(tmp_path: Path) -> Path:
    path = tmp_path / "big.txt"
    path.write_bytes(DAMAGED * 400_000)  # 16 MB: its jobs take a while
    return path


def start_index(qtbot: QtBot, window: MainWindow) -> JobHandle:
    qtbot.waitUntil(lambda: bool(window.indexes.running()), timeout=10_000)
    return window.indexes.running()[0]


def running(runner: JobRunner, name: str) -> list[JobHandle]:
    """The jobs called ``name`` running on ``runner`` now, oldest first."""
    return [handle for handle in runner.active() if handle.name == name]


def start_summary(qtbot: QtBot, window: MainWindow) -> JobHandle:
    window.indexes.set_document(None)  # the summary's turn comes at once
    qtbot.waitUntil(lambda: bool(running(window.jobs, "summary")), timeout=10_000)
    return running(window.jobs, "summary")[-1]


def start_search(qtbot: QtBot, window: MainWindow) -> JobHandle:
    window.search.find(b"\x00\x01 nowhere in the file")
    assert window.search.handle is not None
    return window.search.handle


def start_verify(qtbot: QtBot, window: MainWindow) -> JobHandle:
    panel = window.mojibake_dock.findChild(MojibakePanel)
    assert isinstance(panel, MojibakePanel) and window.document is not None
    panel.explain_range(window.document.source, 0, len(DAMAGED) * 3)
    qtbot.waitUntil(panel.verify_button.isEnabled, timeout=20_000)
    with qtbot.waitSignal(window.jobs.jobs_changed, timeout=5000):
        panel.verify_button.click()
    (handle,) = [h for h in window.jobs.active() if h.name == "mojibake-verify"]
    return handle


STARTS: dict[str, Callable[[QtBot, MainWindow], JobHandle]] = {
    "index": start_index,
    "summary": start_summary,
    "search and its progress dialog": start_search,
    "mojibake verify and its progress dialog": start_verify,
}


@pytest.mark.parametrize("start", list(STARTS.values()), ids=list(STARTS))
def test_a_window_deleted_while_its_job_runs(
    qtbot: QtBot, big_file: Path, start: Callable[[QtBot, MainWindow], JobHandle]
) -> None:
    window = MainWindow()
    window.show()
    qtbot.waitExposed(window)
    assert window.open_path(big_file)
    handle = start(qtbot, window)
    assert handle.running  # its end, whatever it is, comes after the window is gone
    delete(window)  # closing cancels the jobs (one may have finished already)
    let_every_job_end(qtbot)
    assert handle.outcome in ("cancelled", "succeeded")


def test_a_standalone_inspector_deleted_while_it_measures_a_run(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A panel outside a window measures on a runner it is given, which its
    deletion does not cancel: the measurement ends after the panel is gone."""
    path = tmp_path / "long.txt"
    with path.open("wb") as f:  # one run of 64 MiB of NUL, text in UTF-8
        f.truncate(64 << 20)
    selection = SelectionModel()
    shown = ShownFormats(["utf-8"])
    jobs, passes = JobRunner(), FilePasses()  # not the panel's children: they outlive it
    panel = InspectorPanel(selection, shown, jobs, passes, lambda _fmt: None)
    document = Document.open_file(path)
    panel.set_document(document)
    selection.reset(document.size)
    selection.move_cursor(3 * WINDOW + 5)  # in a window the run goes beyond
    try:

        def measurement() -> list[JobHandle]:  # the hint may look for mojibake beside it
            return [handle for handle in jobs.active() if handle.name == "inspector-extent"]

        qtbot.waitUntil(lambda: bool(measurement()), timeout=10_000)
        [handle] = measurement()
        assert handle.running
        delete(panel)
        let_every_job_end(qtbot)
        assert handle.outcome == "succeeded"  # it ran to its end, and nothing ran on the panel
    finally:
        document.close()


def test_a_paste_hex_dialog_deleted_while_it_reads_a_long_paste(qtbot: QtBot) -> None:
    dialog = PasteHexDialog(None, "41 " * (DEBOUNCE_CHARS // 3 + 10))
    assert dialog.reading
    handle = running(dialog.jobs, "paste")[-1]  # the runner is shared: the newest is this one's
    assert handle.running
    delete(dialog)
    let_every_job_end(qtbot)
    assert handle.outcome == "succeeded"


def test_an_export_dialog_closed_while_it_writes(
    qtbot: QtBot, window: MainWindow, big_file: Path, tmp_path: Path
) -> None:
    """The write goes on (it is not cancelled) and ends after the dialog,
    which deletes itself when closed, is gone."""
    assert window.open_path(big_file)
    window.export_as()
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog)
    with qtbot.waitSignal(dialog.report_ready, timeout=60_000):
        dialog.target_box.setCurrentText("utf-16le")
    dialog.output_edit.setText(str(tmp_path / "out.txt"))
    dialog.replace_button.setChecked(True)
    dialog.export_button.click()
    handle = dialog.job
    assert handle is not None and handle.name == "export-write" and handle.running
    dialog.buttons.button(QDialogButtonBox.StandardButton.Close).click()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.export_dialog is None
    qtbot.waitUntil(lambda: handle.outcome is not None, timeout=60_000)
    for _ in range(10):  # what the write sent last is delivered
        QApplication.processEvents()
        qtbot.wait(20)
    assert handle.outcome == "succeeded"
    assert (tmp_path / "out.txt").stat().st_size > 0
