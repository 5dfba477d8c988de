"""The collector stays out of the frames: the objects alive once the first
window exists are out of its full passes (one such pass held the GUI thread
27-34 ms while a file indexed), and its passes run while the event loop
waits, not while a key's frame is built (2 ms a jump on average)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from mojiscope.app.background.collector import (
    WORK_ALLOWANCE,
    collect_due,
    keep_collector_out_of_frames,
)
from mojiscope.app.window.main_window import MainWindow


@pytest.fixture
def passes() -> Iterator[list[int]]:
    """The generation of every collector pass from now on."""
    seen: list[int] = []

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(record)
    yield seen
    gc.callbacks.remove(record)


def test_the_first_window_leaves_the_startup_objects_frozen_and_later_ones_add_nothing(
    window: MainWindow,
) -> None:
    frozen = gc.get_freeze_count()
    assert frozen > 10_000  # modules, Qt wrappers, the window: all of them
    assert not keep_collector_out_of_frames()  # once per process
    assert gc.get_freeze_count() == frozen


def test_a_frames_worth_of_containers_runs_no_pass_until_the_event_loop_waits(
    window: MainWindow, qtbot: QtBot, passes: list[int]
) -> None:
    assert gc.get_threshold()[0] == WORK_ALLOWANCE
    gc.collect(0)
    passes.clear()
    made = [(i, [i]) for i in range(5_000)]  # 10,000 containers, as a jump makes
    assert passes == []
    assert gc.get_count()[0] > 9_000
    qtbot.wait(20)  # the event loop waits: the due pass runs
    assert passes and passes[0] == 0
    assert gc.get_count()[0] < 1_000
    del made


def test_the_idle_pass_is_of_the_generation_the_collector_would_have_chosen(
    window: MainWindow, passes: list[int]
) -> None:
    gc.collect(1)  # both young counts back to zero
    assert collect_due() is None  # nothing made: nothing due
    kept = []
    for _ in range(11):
        kept.append([[] for _ in range(800)])
        assert collect_due() == 0
    kept.append([[] for _ in range(800)])
    assert collect_due() == 1  # after eleven young passes, the middle one is due
    assert gc.get_count()[1] == 0
    assert passes[-2:] == [0, 1]
