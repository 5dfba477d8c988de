"""The background-job runner: off the GUI thread, progress, partial results,
cancel, and exactly one ending per job."""

from __future__ import annotations

import threading

from pytestqt.qtbot import QtBot

from mojiscope.app.background.jobs import JobHandle, JobRunner, show_progress_dialog
from mojiscope.core.errors import UnknownFormatError
from mojiscope.core.system.control import Control


def endings(handle: JobHandle) -> list[tuple[str, object]]:
    seen: list[tuple[str, object]] = []
    handle.succeeded.connect(lambda result: seen.append(("succeeded", result)))
    handle.failed.connect(lambda message: seen.append(("failed", message)))
    handle.cancelled.connect(lambda: seen.append(("cancelled", None)))
    return seen


def test_a_job_runs_off_the_gui_thread_and_its_result_arrives_on_it(
    qtbot: QtBot, runner: JobRunner
) -> None:
    gui_thread = threading.get_ident()
    where: dict[str, int] = {}

    def job(control: Control) -> int:
        where["job"] = threading.get_ident()
        return 42

    handle = runner.start("answer", job, 1)
    handle.succeeded.connect(lambda _result: where.setdefault("slot", threading.get_ident()))
    seen = endings(handle)
    with qtbot.waitSignal(handle.finished, timeout=5000):
        pass
    assert where["job"] != gui_thread
    assert where["slot"] == gui_thread
    assert seen == [("succeeded", 42)]
    assert runner.active() == []


def test_progress_and_partial_results_stream_to_the_gui_thread(
    qtbot: QtBot, runner: JobRunner
) -> None:
    def job(control: Control) -> str:
        for i in range(1, 5):
            control.emit([i])
            control.step(i * 250)
        return "done"

    handle = runner.start("stream", job, 1000)
    partials: list[object] = []
    handle.partial.connect(partials.append)
    with qtbot.waitSignal(handle.finished, timeout=5000):
        pass
    assert partials == [[1], [2], [3], [4]]
    assert handle.permille == 1000


def test_cancel_ends_in_cancelled_and_drops_the_result(qtbot: QtBot, runner: JobRunner) -> None:
    started = threading.Event()

    def job(control: Control) -> str:
        started.set()
        while True:
            control.step(0)

    handle = runner.start("forever", job, 1)
    seen = endings(handle)
    assert started.wait(5)
    with qtbot.waitSignal(handle.finished, timeout=5000):
        handle.cancel()
    assert seen == [("cancelled", None)]


def test_starting_a_job_of_the_same_name_cancels_the_running_one(
    qtbot: QtBot, runner: JobRunner
) -> None:
    release = threading.Event()

    def slow(control: Control) -> str:
        release.wait(5)
        return "stale"

    first = runner.start("search", slow, 1)
    first_seen = endings(first)
    second = runner.start("search", lambda control: "fresh", 1)
    second_seen = endings(second)
    with qtbot.waitSignal(second.finished, timeout=5000):
        pass
    release.set()
    with qtbot.waitSignal(first.finished, timeout=5000):
        pass
    assert second_seen == [("succeeded", "fresh")]
    assert first_seen == [("cancelled", None)]


def test_a_failing_job_reports_one_line(qtbot: QtBot, runner: JobRunner) -> None:
    def job(control: Control) -> None:
        raise UnknownFormatError("unknown format 'nope'")

    handle = runner.start("bad", job, 1)
    seen = endings(handle)
    with qtbot.waitSignal(handle.finished, timeout=5000):
        pass
    assert seen == [("failed", "unknown format 'nope'")]


def test_the_progress_dialog_cancels_its_job_and_closes_itself(
    qtbot: QtBot, runner: JobRunner
) -> None:
    from PySide6.QtWidgets import QPushButton, QWidget

    parent = QWidget()
    qtbot.addWidget(parent)

    def job(control: Control) -> None:
        while True:
            control.step(1)

    handle = runner.start("long", job, 10, label="Working…")
    dialog = show_progress_dialog(handle, parent, delay_ms=0)
    assert dialog.labelText() == "Working…"
    seen = endings(handle)
    (cancel_button,) = dialog.findChildren(QPushButton)
    with qtbot.waitSignal(handle.finished, timeout=5000):
        cancel_button.click()
    assert seen == [("cancelled", None)]
    assert not dialog.isVisible()


def test_a_job_outliving_its_runner_ends_without_harm(qtbot: QtBot) -> None:
    """Deleting the runner's owner while a job runs (a dialog closed mid-job)
    must not delete the handle under its worker thread."""
    from PySide6.QtCore import QObject

    owner = QObject()
    runner = JobRunner(owner)
    release = threading.Event()

    def job(control: Control) -> str:
        release.wait(5)
        return "late"

    handle = runner.start("orphan", job, 1)
    seen = endings(handle)
    owner.deleteLater()
    qtbot.wait(50)
    with qtbot.waitSignal(handle.finished, timeout=5000):
        release.set()
    assert seen == [("succeeded", "late")]


def test_a_superseded_handle_is_let_go_on_the_gui_thread_once_its_thread_is_gone(
    qtbot: QtBot,
) -> None:
    """The crash this prevents: a job replaced by a newer one of the same name
    held the last reference to its handle, and its worker thread deleted the
    handle (a QObject of the GUI thread, with events posted to it) on exit."""
    from mojiscope.app.background import jobs

    runner = JobRunner()
    release = threading.Event()

    def slow(control: Control) -> str:
        release.wait(5)
        return "superseded"

    first = runner.start("explain", slow, 1)
    first_id = id(first)
    second = runner.start("explain", lambda control: "newer", 1)
    del first
    assert any(id(h) == first_id for h in jobs._KEPT), "kept while its thread runs"
    with qtbot.waitSignal(second.finished, timeout=5000):
        pass
    release.set()
    qtbot.waitUntil(lambda: not any(id(h) == first_id for h in jobs._KEPT), timeout=5000)
    qtbot.waitUntil(lambda: second not in jobs._KEPT, timeout=5000)


class GatedThread(threading.Thread):
    """A thread whose start waits for ``gate``: it holds the launcher up."""

    def __init__(self, gate: threading.Event) -> None:
        super().__init__(target=lambda: None, daemon=True)
        self.gate = gate

    def start(self) -> None:
        self.gate.wait(10)
        super().start()


def test_start_returns_before_the_worker_thread_starts_and_the_job_runs_later(
    qtbot: QtBot, runner: JobRunner
) -> None:
    """``Thread.start`` waits for the new thread to run (2-27 ms on a loaded
    machine): the GUI thread hands threads to the launcher and never waits."""
    from mojiscope.app.background.jobs import thread_launcher

    gate = threading.Event()
    thread_launcher().launch(GatedThread(gate), lambda words: None)
    ran = threading.Event()

    def job(control: Control) -> str:
        ran.set()
        return "ran"

    handle = runner.start("behind-the-gate", job, 1)
    seen = endings(handle)
    assert handle.running and not ran.wait(0.2)  # start returned; the launcher is held up
    assert not runner.wait_all(100)  # not started yet: not ended either
    with qtbot.waitSignal(handle.finished, timeout=5000):
        gate.set()
    assert seen == [("succeeded", "ran")]


class UnstartableThread(threading.Thread):
    """A thread the system refuses to start (as when threads run out)."""

    def start(self) -> None:
        raise RuntimeError("can't start new thread")


def test_a_thread_that_cannot_start_is_reported_and_the_next_one_still_starts() -> None:
    from mojiscope.app.background.jobs import thread_launcher

    launcher = thread_launcher()
    said: list[str] = []
    ran = threading.Event()
    launcher.launch(UnstartableThread(daemon=True), said.append)
    launcher.launch(threading.Thread(target=ran.set, daemon=True), said.append)
    assert ran.wait(5)
    assert launcher.wait_handled(5)
    assert said == ["cannot start a worker thread: can't start new thread"]


def test_a_burst_of_partials_arrives_whole_in_order_before_the_ending(
    qtbot: QtBot, runner: JobRunner
) -> None:
    """Emits made while the GUI thread is busy cross to it together: none
    may be lost, reordered, or arrive after ``succeeded``."""
    seen: list[object] = []

    def job(control: Control) -> str:
        for i in range(20_000):
            control.emit(i)
        return "done"

    handle = runner.start("burst", job, 1)
    handle.partial.connect(seen.append)
    handle.succeeded.connect(lambda result: seen.append(result))
    with qtbot.waitSignal(handle.finished, timeout=10_000):
        pass
    assert seen == [*range(20_000), "done"]


def test_the_launcher_lets_go_of_a_thread_and_its_callback_once_it_says_it_launched_them() -> None:
    """Before, it kept the last launch's thread and callback until the next
    launch came; dropping them then could be the last reference to a job's
    handle, deleting a QObject on the launcher's thread: the window hung
    (its destructor held a Qt lock and waited for the interpreter lock the
    GUI thread held while it waited for that Qt lock)."""
    import gc
    import weakref

    from mojiscope.app.background import jobs

    class Owner:
        def not_started(self, words: str) -> None:
            raise AssertionError(words)

    launcher = jobs.thread_launcher()
    owner = Owner()
    gone = weakref.ref(owner)
    thread = threading.Thread(target=lambda: None)
    ticket = launcher.launch(thread, owner.not_started)
    assert launcher.wait_handled(5)
    assert launcher.handled >= ticket
    thread.join(5)
    del owner, thread
    gc.collect()
    assert gone() is None, "the launcher still holds the last launch's callback"


def test_every_handle_is_deleted_on_the_gui_thread(qtbot: QtBot, runner: JobRunner) -> None:
    """However quickly jobs come and end, the last reference to a handle is
    dropped on the GUI thread (see ``jobs._KEPT``)."""
    deleted_on: list[str] = []

    def note_thread() -> None:
        deleted_on.append(threading.current_thread().name)

    for k in range(30):
        handle = runner.start(f"quick-{k % 3}", lambda control: None, 1)
        handle.destroyed.connect(note_thread)
        with qtbot.waitSignal(handle.finished, timeout=5000):
            pass
        del handle
    qtbot.waitUntil(lambda: len(deleted_on) == 30, timeout=10_000)
    assert set(deleted_on) == {threading.main_thread().name}
