"""A Later runs its work once, a while after its last start; under at_once,
at once, so a test about the order of things needs no real wait."""

from __future__ import annotations

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from mojiscope.app.window import timers
from mojiscope.app.window.timers import Later


def test_a_later_runs_once_after_its_last_start(qtbot: QtBot) -> None:
    owner = QObject()
    ran: list[int] = []
    later = Later(owner, 20, lambda: ran.append(1))
    later.start()
    later.start()  # a burst: one run, after the last start
    assert later.pending() and ran == []
    qtbot.waitUntil(lambda: ran == [1], timeout=2000)
    assert not later.pending()
    qtbot.wait(50)
    assert ran == [1]


def test_a_stopped_later_does_not_run(qtbot: QtBot) -> None:
    owner = QObject()
    ran: list[int] = []
    later = Later(owner, 0, lambda: ran.append(1))
    later.start()
    later.stop()
    qtbot.wait(20)
    assert ran == [] and not later.pending()


def test_under_at_once_a_later_runs_when_started_and_waits_for_nothing() -> None:
    owner = QObject()
    ran: list[int] = []
    later = Later(owner, 10_000, lambda: ran.append(len(ran)))
    with timers.at_once():
        assert timers.at_once_now()
        later.start()
        assert ran == [0] and not later.pending()
        later.start()
        assert ran == [0, 1]
    assert not timers.at_once_now()
    later.start()
    assert ran == [0, 1] and later.pending()
    later.stop()
