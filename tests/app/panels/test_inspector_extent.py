"""The inspector states the real extent of a text run longer than its decode
window, measured on the job runner."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from helpers.windows import followed

from mojiscope.app.background.jobs import JobHandle
from mojiscope.app.model.document import WINDOW, Document
from mojiscope.app.panels import inspector as inspector_module
from mojiscope.app.panels.inspector import MEASURE_AFTER_MS
from mojiscope.app.window.main_window import MainWindow

RUN = 5 * WINDOW + 123  # bytes of text in one run, over six windows


def bytes_line(window: MainWindow) -> str:
    return next(line for line in window.inspector.lines if line.startswith("Bytes "))


def test_a_long_run_says_at_least_then_the_real_figure(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "long.txt"
    path.write_bytes(b"\xff" + b"a" * RUN + b"\xff")
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(path)
    window.selection.move_cursor(3 * WINDOW + 5)
    followed(qtbot, window)
    assert "measuring\u2026" in bytes_line(window)
    assert "at least " in bytes_line(window)
    qtbot.waitUntil(lambda: "measuring" not in bytes_line(window), timeout=10_000)
    assert bytes_line(window).startswith(f"Bytes 0x1..0x{RUN:X} ({RUN} bytes): 61 61 61")
    window.selection.move_cursor(WINDOW + 7)  # another window of the same run: remembered
    followed(qtbot, window)
    assert bytes_line(window).startswith(f"Bytes 0x1..0x{RUN:X} ({RUN} bytes)")
    assert measuring(window) == []


def test_once_the_index_knows_a_runs_ends_no_job_reads_the_file_to_measure_it(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """The index of the run's format gives its ends at once: no measuring
    job reads the file beside the index."""
    path = tmp_path / "long.txt"
    path.write_bytes(b"\xff" + b"a" * RUN + b"\xff" + b"b" * 10)
    window.set_formats(["utf-8"], persist=False)
    started: list[object] = []
    window.jobs.jobs_changed.connect(lambda: started.extend(measuring(window)))
    assert window.open_path(path)  # the cursor on the first byte: no run there
    qtbot.waitUntil(
        lambda: (index := window.indexes.current_index()) is not None and index.complete,
        timeout=10_000,
    )
    window.selection.move_cursor(3 * WINDOW + 5)
    followed(qtbot, window)
    assert "measuring\u2026" in bytes_line(window)
    qtbot.waitUntil(lambda: "measuring" not in bytes_line(window), timeout=10_000)
    assert bytes_line(window).startswith(f"Bytes 0x1..0x{RUN:X} ({RUN} bytes): 61 61 61")
    assert started == []


def test_a_measuring_waits_for_the_index_that_runs_and_then_needs_no_job(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """A cut run the index has not reached waits for the index's turn over
    the file to end (it goes before the summary), then takes its ends
    from the finished index."""
    path = tmp_path / "long.txt"
    size = 1 << 32
    with path.open("wb") as f:  # sparse: 4 GiB of NUL, the index takes a while,
        f.seek(size - 1)
        f.write(b"\xff")  # and reaches the anomaly that ends the run last
    window.set_formats(["utf-8"], persist=False)
    started: list[object] = []
    window.jobs.jobs_changed.connect(lambda: started.extend(measuring(window)))
    assert window.open_path(path)  # the cursor at 0, in the cut run
    qtbot.waitUntil(lambda: window.passes.waiting(window.inspector), timeout=10_000)
    assert window.indexes.running() and window.passes.busy()
    qtbot.waitUntil(lambda: "measuring" not in bytes_line(window), timeout=30_000)
    assert bytes_line(window).startswith(f"Bytes 0x0..0x{size - 2:X} ({size - 1} bytes)")
    assert started == [] and window.summary_panel.summary is None


def measuring(window: MainWindow) -> list[object]:
    """The inspector's measuring jobs still running (the index runs beside them)."""
    return [h for h in window.jobs.active() if h.name == "inspector-extent"]


def test_a_run_inside_one_window_is_not_measured(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"\xff" + b"a" * 100 + b"\xff"))
    window.selection.move_cursor(50)
    followed(qtbot, window)
    assert bytes_line(window).startswith("Bytes 0x1..0x64 (100 bytes)")
    assert measuring(window) == []


def test_opening_another_document_stops_the_measuring(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"a" * (40 * WINDOW)))
    window.selection.move_cursor(20 * WINDOW)
    followed(qtbot, window)
    assert "measuring" in bytes_line(window)
    window.open_document(Document.from_bytes(b"short"))
    qtbot.waitUntil(lambda: measuring(window) == [], timeout=10_000)
    assert bytes_line(window).startswith("Bytes 0x0..0x4 (5 bytes)")


@pytest.fixture
def long_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rest longer than any step of a test's key presses takes, however
    busy the machine (the steps must come faster than a rest; requested
    before ``window``, which makes its inspector with it)."""
    monkeypatch.setattr(inspector_module, "MEASURE_AFTER_MS", 2_000)


def test_keys_passing_over_cut_runs_measure_only_where_the_cursor_rests(
    qtbot, long_rest: None, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    """Held keys pass many runs no one stops on: none of them is measured
    (a measurement may read the whole file) until the cursor rests."""
    window.set_formats(["utf-8"], persist=False)
    runs = (b"a" * (3 * WINDOW) + b"\xff") * 8  # eight runs, each cut by windows
    window.open_document(Document.from_bytes(runs))
    for step in range(1, 8):  # faster than a rest: from run to run
        window.selection.move_cursor(step * (3 * WINDOW + 1) + WINDOW + 5)
        followed(qtbot, window)
        assert "measuring\u2026" in bytes_line(window)
        assert measuring(window) == []
    qtbot.waitUntil(lambda: "measuring" not in bytes_line(window), timeout=10_000)
    assert bytes_line(window).startswith(f"Bytes 0x{7 * (3 * WINDOW + 1):X}..")
    # The runs passed over were not measured: back on one, it is still to measure.
    window.selection.move_cursor(3 * (3 * WINDOW + 1) + WINDOW + 5)
    followed(qtbot, window)
    assert "measuring\u2026" in bytes_line(window)


def test_closing_the_window_while_a_run_waits_to_be_measured_starts_no_measuring(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    # The rest timer fired after the window closed and started a measuring
    # job nobody would cancel: in the test suite, children reading a 64 GiB
    # sparse file for minutes, slowing every test after them.
    path = tmp_path / "zeros.bin"
    with path.open("wb") as f:
        f.truncate(1 << 32)  # sparse: one run of 4 GiB of NUL, long to measure
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(path)
    window.selection.move_cursor(1 << 31)
    followed(qtbot, window)
    assert "measuring" in bytes_line(window)  # waiting for the cursor to rest
    running: list[str] = []
    window.jobs.jobs_changed.connect(lambda: running.extend(measuring(window) and ["measuring"]))
    window.close()
    qtbot.wait(MEASURE_AFTER_MS + 300)
    assert running == [] and measuring(window) == []


def test_opening_another_file_while_a_run_is_measured_does_not_wait_for_it(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The panel waited for its cancelled measuring job before the window
    # opened the next file (up to 280 ms seen on a 4 GiB file): the window
    # already hands the old document to its retirement, closed once its
    # cancelled jobs end.
    long, other = tmp_path / "zeros.bin", tmp_path / "more zeros.bin"
    for path in (long, other):
        with path.open("wb") as f:
            f.truncate(64 << 30)  # sparse: one run of NULs, measured for seconds
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(long)  # the cursor at 0, in the run, stays there
    qtbot.waitUntil(lambda: window.passes.waiting(window.inspector), timeout=10_000)
    for index_job in window.indexes.running():  # its turn comes after the index
        index_job.cancel()  # (as the status bar's Cancel does): at once
    qtbot.waitUntil(lambda: measuring(window) != [], timeout=10_000)
    waits: list[int] = []
    real_wait = JobHandle.wait

    def recorded_wait(handle: JobHandle, timeout_ms: int = -1) -> bool:
        if threading.current_thread() is threading.main_thread() and timeout_ms != 0:
            waits.append(timeout_ms)
        return real_wait(handle, timeout_ms)

    monkeypatch.setattr(JobHandle, "wait", recorded_wait)
    assert window.open_path(other)
    assert waits == []
    qtbot.waitUntil(lambda: not window.retiring.waiting, timeout=10_000)  # the old one closed
    assert window.document is not None and window.document.name == other.name
