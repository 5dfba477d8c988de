"""run_in_child: a real child process, its steps, emits, result, errors and Cancel."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from mojiscope.core import DecodeError, Span, SpanKind
from mojiscope.core.child_job import ChildFailedError, run_in_child
from mojiscope.core.control import Cancelled, Control
from mojiscope.core.errors import UnknownFormatError
from mojiscope.core.spans import Reason


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
