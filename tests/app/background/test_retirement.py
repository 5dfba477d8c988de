"""Opening another document never unmaps a file under a job still reading it.

The old document's jobs are cancelled; the old file stays mapped until every
one of them has returned, and is closed then (not leaked). The jobs below
are real jobs on the window's runner that read the old file's map.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from mojiscope.app.background.jobs import wait_for_every_job
from mojiscope.app.background.retirement import RETIRE_WAIT_MS
from mojiscope.app.panels.mojibake import MojibakePanel
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core import FileSource
from mojiscope.core.system.control import Control


def _open(window: MainWindow, path: Path, data: bytes) -> FileSource:
    path.write_bytes(data)
    assert window.open_path(path)
    assert window.document is not None
    source = window.document.source
    assert isinstance(source, FileSource)
    return source


def test_a_job_deaf_to_cancel_keeps_the_old_file_mapped_until_it_returns(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    old = _open(window, tmp_path / "old.txt", b"old bytes " * 1000)
    release = threading.Event()
    reads: list[bytes] = []

    def reader(control: Control) -> int:
        release.wait(10)  # ignores Cancel, as a long C call would
        reads.append(old.read(0, 9))
        return len(reads)

    handle = window.jobs.start("slow-reader", reader, 1)
    _open(window, tmp_path / "new.txt", b"new")
    assert len(old) == 10_000, "unmapped under a running job"
    release.set()
    assert handle.wait(5000)
    qtbot.waitUntil(lambda: len(old) == 0, timeout=50 * RETIRE_WAIT_MS)
    assert reads == [b"old bytes"]


def test_the_old_documents_jobs_are_cancelled_and_it_is_closed_after_them(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    old = _open(window, tmp_path / "old.txt", b"x" * 4096)
    started = threading.Event()

    def scanner(control: Control) -> None:
        started.set()
        while True:
            old.read(0, 4096)
            control.check()

    handle = window.jobs.start("scan", scanner, 1)
    outcomes: list[str] = []
    handle.cancelled.connect(lambda: outcomes.append("cancelled"))
    handle.failed.connect(outcomes.append)  # a read of the unmapped file would fail it
    assert started.wait(5)
    _open(window, tmp_path / "new.txt", b"new")  # returns without waiting for the scan
    # The index and summary of the old file stop too (in their child processes).
    qtbot.waitUntil(lambda: len(old) == 0, timeout=10_000)
    assert handle.wait(0), "the cancelled scan had returned before the old file was closed"
    qtbot.waitUntil(lambda: bool(outcomes), timeout=5_000)
    assert outcomes == ["cancelled"]


def test_the_inspector_hint_and_mojibake_panel_share_the_windows_runner(
    window: MainWindow,
) -> None:
    assert window.inspector.jobs is window.jobs
    assert window.inspector.hint.runner is window.jobs
    panels = window.findChildren(MojibakePanel)
    assert panels and all(p.runner is window.jobs for p in panels)


def test_the_old_file_is_closed_when_its_last_job_finishes_and_the_open_never_waits(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """The GUI thread waited up to RETIRE_WAIT_MS per job still running, then
    looked again every RETIRE_WAIT_MS; now it is told when each job ends."""
    old = _open(window, tmp_path / "old.txt", b"old bytes " * 1000)
    release = threading.Event()
    handle = window.jobs.start("deaf", lambda control: release.wait(10), 1)
    readers = window.jobs.active()  # the old file's index, summary... and the deaf job
    _open(window, tmp_path / "new.txt", b"new")
    assert not handle.wait(0) and len(old) == 10_000  # opened while the job still ran
    qtbot.waitUntil(lambda: all(h.wait(0) for h in readers if h is not handle), timeout=10_000)
    qtbot.wait(10)
    assert len(old) == 10_000  # the deaf job is the last reader
    with qtbot.waitSignal(handle.finished, timeout=5_000):
        release.set()
    assert len(old) == 0  # closed as the job finished, not at a later look


def test_closing_the_window_never_waits_for_its_jobs_and_closes_the_file_after_them(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """Closing waited for every cancelled job: 0.1-2 s with a summary in a
    child process hearing its Cancel, the window frozen on screen."""
    old = _open(window, tmp_path / "old.txt", b"old bytes " * 1000)
    release = threading.Event()
    handle = window.jobs.start("deaf", lambda control: release.wait(10), 1)
    window.close()
    assert not window.isVisible()
    assert not handle.wait(0), "the close waited for the job"
    assert len(old) == 10_000, "unmapped under a running job"
    with qtbot.waitSignal(handle.finished, timeout=5_000):
        release.set()
    assert len(old) == 0  # closed as its last reader finished


def test_the_program_waits_at_its_end_for_the_jobs_its_windows_cancelled(
    window: MainWindow, tmp_path: Path
) -> None:
    """A cancelled write removes its temporary file: the process must not end first."""
    _open(window, tmp_path / "old.txt", b"old bytes")
    cleaned: list[str] = []

    def write(control: Control) -> None:
        while not control.cancelled():
            time.sleep(0.01)
        time.sleep(0.3)  # removing the temporary file
        cleaned.append("removed")

    handle = window.jobs.start("export-write", write, 1)
    window.close()
    assert wait_for_every_job(10_000)
    assert cleaned == ["removed"] and handle.wait(0)
