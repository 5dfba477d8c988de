"""The window's passes over the whole file run one at a time, in order."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

from mojiscope.app.background.file_passes import FilePasses, window_workers
from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core.index.pool import pool_size
from mojiscope.core.system.control import Control


class Pass:
    """A pass that runs until :attr:`release` is set (or it is cancelled)."""

    def __init__(self, runner: JobRunner, name: str, log: list[str]) -> None:
        self.runner, self.name, self.log = runner, name, log
        self.release = threading.Event()
        self.handle: JobHandle | None = None

    def start(self) -> JobHandle:
        def job(control: Control) -> str:
            while not self.release.wait(0.01):
                control.check()
            return self.name

        self.log.append(f"start {self.name}")
        self.handle = self.runner.start(self.name, job, 1)
        return self.handle


def ended(qtbot: QtBot, handle: JobHandle | None) -> None:
    assert handle is not None
    qtbot.waitUntil(lambda: not handle.running, timeout=5000)


def test_passes_run_one_at_a_time_in_the_order_asked(qtbot: QtBot, runner: JobRunner) -> None:
    passes, log = FilePasses(), []
    first, second, third = (Pass(runner, name, log) for name in ("index", "summary", "next"))
    owners = [object(), object(), object()]
    for owner, each in zip(owners, (first, second, third), strict=True):
        passes.ask(owner, each.start)
    assert log == ["start index"] and passes.busy()
    first.release.set()
    ended(qtbot, first.handle)
    qtbot.waitUntil(lambda: log == ["start index", "start summary"], timeout=5000)
    assert passes.waiting(owners[2]) and not passes.waiting(owners[1])
    second.release.set()
    ended(qtbot, second.handle)
    qtbot.waitUntil(lambda: log[-1] == "start next", timeout=5000)
    third.release.set()
    ended(qtbot, third.handle)
    qtbot.waitUntil(lambda: not passes.busy(), timeout=5000)


def test_a_pass_the_user_waits_on_goes_before_the_waiting_ones(
    qtbot: QtBot, runner: JobRunner
) -> None:
    passes, log = FilePasses(), []
    running, queued, urgent = (Pass(runner, name, log) for name in ("index", "summary", "extent"))
    passes.ask(object(), running.start)
    passes.ask(object(), queued.start)
    passes.ask(object(), urgent.start, first=True)
    assert log == ["start index"]  # it waits for the pass that runs, not before it
    for each in (running, urgent, queued):
        each.release.set()
    qtbot.waitUntil(lambda: len(log) == 3, timeout=5000)
    assert log == ["start index", "start extent", "start summary"]
    ended(qtbot, queued.handle)


def test_a_cancelled_pass_hands_its_turn_on_and_a_withdrawn_one_never_starts(
    qtbot: QtBot, runner: JobRunner
) -> None:
    passes, log = FilePasses(), []
    running, withdrawn, last = (Pass(runner, name, log) for name in ("a", "b", "c"))
    owner_b = object()
    passes.ask(object(), running.start)
    passes.ask(owner_b, withdrawn.start)
    passes.ask(object(), last.start)
    passes.withdraw(owner_b)
    assert running.handle is not None
    running.handle.cancel()  # a new document: the owner cancels its own job
    qtbot.waitUntil(lambda: log == ["start a", "start c"], timeout=5000)
    last.release.set()
    ended(qtbot, last.handle)


def test_a_pass_with_nothing_left_to_do_gives_its_turn_at_once(
    qtbot: QtBot, runner: JobRunner
) -> None:
    passes, log = FilePasses(), []
    after = Pass(runner, "after", log)
    nothing: Callable[[], JobHandle | None] = lambda: None  # noqa: E731 - the smallest pass
    passes.ask(object(), nothing)
    passes.ask(object(), after.start)
    assert log == ["start after"]
    after.release.set()
    ended(qtbot, after.handle)


def test_an_owner_has_one_pass_waiting_at_most(qtbot: QtBot, runner: JobRunner) -> None:
    passes, log = FilePasses(), []
    blocker, again = Pass(runner, "blocker", log), Pass(runner, "again", log)
    owner = object()
    passes.ask(object(), blocker.start)
    passes.ask(owner, again.start)
    passes.ask(owner, again.start)
    blocker.release.set()
    again.release.set()
    ended(qtbot, blocker.handle)
    qtbot.waitUntil(lambda: "start again" in log, timeout=5000)
    ended(qtbot, again.handle)
    qtbot.wait(50)
    assert log == ["start blocker", "start again"]


def test_a_windows_passes_leave_a_core_to_the_window() -> None:
    assert window_workers() == max(pool_size() - 1, 1)


def test_the_window_never_indexes_and_summarises_at_once(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "text.txt"
    path.write_bytes(("déjà vu \xff ".encode("latin-1") + "naïve\n".encode()) * 40_000)
    window.set_formats(["utf-8", "xtf-8", "cp1252"], persist=False)
    most_at_once = [0]
    passes = ("summary", "index:")

    def count() -> None:
        running = [h for h in window.jobs.active() if h.name.startswith(passes)]
        most_at_once[0] = max(most_at_once[0], len(running))

    window.jobs.jobs_changed.connect(count)
    assert window.open_path(path)
    indexes = window.indexes.indexes
    qtbot.waitUntil(
        lambda: (
            window.summary_panel.summary is not None
            and all(
                fid in indexes and indexes[fid].complete for fid in ("utf-8", "xtf-8", "cp1252")
            )
            and not window.passes.busy()
        ),
        timeout=60000,
    )
    assert most_at_once[0] == 1
