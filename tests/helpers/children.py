"""Jobs run in child processes by the child-job tests (importable by a
child, so they live here rather than in a test module)."""

from __future__ import annotations

import time
from pathlib import Path

from mojiscope.core.system.control import Cancelled, Control


def until_the_caller_is_gone(control: Control, finished_marker: str, how: str) -> None:
    """Every 10 ms for up to 30 s, tells the caller something (``how``:
    an emit, a step) or only looks whether it should stop (``check``, which
    the caller's going away ends in Cancelled, the outcome then sent to no
    one); then leaves ``finished_marker``."""
    control.emit("started")
    for i in range(3000):
        if how == "emit":
            control.emit(i)
        elif how == "step":
            control.step(i)
        else:
            try:
                control.check()
            except Cancelled:
                return
        time.sleep(0.01)
    Path(finished_marker).write_text("ran to the end: never told the caller was gone")
