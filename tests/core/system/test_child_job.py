"""run_in_child: a real child process, its steps, emits, result, errors and Cancel."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers.paths import TESTS

from mojiscope.core import DecodeError, Span, SpanKind
from mojiscope.core.errors import UnknownFormatError
from mojiscope.core.spans.event import Reason
from mojiscope.core.system.child_job import ChildFailedError, run_in_child
from mojiscope.core.system.control import Cancelled, Control


def count_to(control: Control, n: int) -> tuple[int, int]:
    """Emits 0..n-1, steps after each; returns (n, the child's pid)."""
    for i in range(n):
        control.emit(i)
        control.step(i + 1)
    return n, os.getpid()


def raise_unknown(control: Control) -> None:
    raise UnknownFormatError("no format 'x-nothing'")


def raise_decode_error(control: Control) -> None:
    raise DecodeError("utf-8", Span(SpanKind.INVALID, 3, 4, 3, 4, Reason.INVALID_BYTE), b"\xff")


def divide_by_zero(control: Control) -> float:
    return 1 / 0


def write_until_cancelled(control: Control, path: str) -> None:
    """Writes a temporary file, removes it when cancelled (as an export does)."""
    Path(path).write_text("partial")
    try:
        while True:
            control.check()
            time.sleep(0.01)
    except Cancelled:
        os.remove(path)
        raise


def deaf_to_cancel(control: Control, path: str) -> None:
    Path(path).write_text(str(os.getpid()))
    time.sleep(60)


def test_result_steps_and_every_emit_in_order_come_back_from_another_process() -> None:
    emitted: list[object] = []
    steps: list[int] = []
    result = run_in_child(count_to, (500,), Control(steps.append, emit=emitted.append))
    assert result[0] == 500
    assert result[1] != os.getpid()
    assert emitted == list(range(500))
    assert steps and steps == sorted(steps) and steps[-1] <= 500


def test_a_core_error_crosses_as_itself() -> None:
    with pytest.raises(UnknownFormatError, match="x-nothing"):
        run_in_child(raise_unknown, (), Control())


def test_an_error_that_cannot_be_pickled_crosses_as_its_message() -> None:
    with pytest.raises(ChildFailedError) as caught:
        run_in_child(raise_decode_error, (), Control())
    assert "cannot decode bytes FF at byte offset 3" in str(caught.value)


def test_a_bug_in_the_child_is_one_line_naming_the_exception() -> None:
    with pytest.raises(ChildFailedError, match="ZeroDivisionError: division by zero"):
        run_in_child(divide_by_zero, (), Control())


def test_cancel_reaches_the_child_which_cleans_up(tmp_path: Path) -> None:
    stop = threading.Event()
    path = tmp_path / "partial.tmp"
    threading.Timer(0.5, stop.set).start()
    with pytest.raises(Cancelled):
        run_in_child(write_until_cancelled, (str(path),), Control(cancelled=stop.is_set))
    assert not path.exists()


def test_a_child_deaf_to_cancel_is_terminated_after_the_grace(tmp_path: Path) -> None:
    stop = threading.Event()
    path = tmp_path / "pid"
    threading.Timer(0.5, stop.set).start()
    began = time.monotonic()
    with pytest.raises(Cancelled):
        run_in_child(deaf_to_cancel, (str(path),), Control(cancelled=stop.is_set))
    assert time.monotonic() - began < 30
    pid = int(path.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def own_niceness(control: Control) -> int:
    return os.nice(0)


def test_a_child_works_at_the_lowest_priority_so_the_window_comes_first() -> None:
    assert run_in_child(own_niceness, (), Control()) == min(os.nice(0) + 19, 19)


def own_policy(control: Control) -> int:
    return os.sched_getscheduler(0)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")
def test_a_child_runs_only_on_a_core_nothing_else_wants() -> None:
    # At nice 19 alone, two busy children on two cores made the caller's
    # 1 ms sleeps oversleep by 3-4 ms at the 99th percentile.
    assert run_in_child(own_policy, (), Control()) == os.SCHED_IDLE


CALLER_KILLED_MID_JOB = """
import os, sys, threading
sys.path.insert(0, {tests!r})
from helpers.children import until_the_caller_is_gone
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

if __name__ == "__main__":
    emitting = threading.Event()
    control = Control(emit=lambda partial: emitting.set())
    job = (until_the_caller_is_gone, ({marker!r}, {how!r}), control)
    threading.Thread(target=run_in_child, args=job, daemon=True).start()
    emitting.wait(60)
    os._exit(0)  # gone mid-job, as a killed window is
"""


@pytest.mark.parametrize("how", ["emit", "step", "check"])
def test_a_child_whose_caller_was_killed_ends_quietly(tmp_path: Path, how: str) -> None:
    """Found with a window killed while indexing: each of its children
    printed two tracebacks (BrokenPipeError) on the terminal. Whatever the
    child is doing as its caller goes (emitting, stepping, or sending its
    outcome), it ends without a word."""
    marker = tmp_path / "finished"
    tests = str(TESTS)
    script = CALLER_KILLED_MID_JOB.format(tests=tests, marker=str(marker), how=how)
    # stderr closes once every process holding it has ended: the child too.
    caller = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert caller.returncode == 0
    assert caller.stderr == ""
    assert not marker.exists()
