"""The forecast says where the cursor may jump next: a jump about to be
made alone, else the finds and anomalies its sources know; it says when
that changed, and only then."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mojiscope.app.window.forecast import Forecast


def test_a_jump_about_to_be_made_is_told_once_and_forgotten_when_gone(qtbot: QtBot) -> None:
    finds: list[tuple[int, int]] = [(100, 102), (10, 12)]
    forecast = Forecast(lambda: finds, lambda: [500])
    changes: list[int] = []
    forecast.changed.connect(lambda: changes.append(1))
    assert forecast.foreseen() == []
    assert forecast.next_finds() == [100, 10] and forecast.next_anomalies() == [500]
    forecast.foresee_offset(42)
    forecast.foresee((42, 43))  # the same jump: nothing new
    assert forecast.foreseen() == [42] and len(changes) == 1
    forecast.foresee(None)
    assert forecast.foreseen() == [] and len(changes) == 2
    forecast.likely_changed()  # the finds changed: the views plan again
    assert len(changes) == 3
