"""The objects alive once the first window exists are out of the collector's
full passes (one such pass held the GUI thread 27-34 ms while a file indexed)."""

from __future__ import annotations

import gc

from mojiscope.app.startup_objects import freeze_startup_objects
from mojiscope.app.window import MainWindow


def test_the_first_window_leaves_the_startup_objects_frozen_and_later_ones_add_nothing(
    window: MainWindow,
) -> None:
    frozen = gc.get_freeze_count()
    assert frozen > 10_000  # modules, Qt wrappers, the window: all of them
    assert not freeze_startup_objects()  # once per process
    assert gc.get_freeze_count() == frozen
