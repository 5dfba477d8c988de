"""The progress/cancel contract every long core operation takes."""

from __future__ import annotations

import pytest

from mojiscope.core.system.control import UNCONTROLLED, Cancelled, Control


def test_step_reports_then_raises_once_cancelled() -> None:
    seen: list[int] = []
    stop = [False]
    control = Control(progress=seen.append, cancelled=lambda: stop[0])
    control.step(10)
    stop[0] = True
    with pytest.raises(Cancelled):
        control.step(20)
    assert seen == [10, 20]


def test_offset_adds_its_base_to_every_report() -> None:
    seen: list[int] = []
    Control(progress=seen.append).offset(1000).step(5)
    assert seen == [1005]


def test_uncontrolled_never_cancels() -> None:
    UNCONTROLLED.step(1)
    UNCONTROLLED.check()
    UNCONTROLLED.emit("ignored")
