"""Ground rules for the app tests.

* Every test here runs on Qt's offscreen platform (set before any
  QApplication exists); those that use ``qapp`` or ``qtbot`` are marked
  ``gui`` by the suite's own conftest (``tests/conftest.py``).
* Settings go to a fresh temporary INI file per test, never the user's.
* A test ends with no mouse button held (``tests/helpers/mouse.py`` says
  why); one that leaves a button held fails, and the button is released
  for the tests after it.
* Modal dialogs and message boxes never block: messages are recorded in
  ``shown_messages`` and a test that expects a modal dialog replaces
  ``exec_dialog`` itself (see the ``answer_dialog`` fixture).
"""

from __future__ import annotations

import os
import random

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from helpers.mouse import release_held_buttons
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDialog

from mojiscope.app.background.jobs import JobRunner, wait_for_every_job
from mojiscope.app.panels.text_view import TextView
from mojiscope.app.window import messages, timers
from mojiscope.app.window.main_window import MainWindow


class ShownMessage(NamedTuple):
    """One call of :func:`mojiscope.app.window.messages.show_message`."""

    level: str  # "error", "warning" or "info"
    title: str
    text: str


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "settings"
    where.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(where))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(where))
    return where


@pytest.fixture(autouse=True)
def shown_messages(monkeypatch: pytest.MonkeyPatch) -> list[ShownMessage]:
    """Messages the app tried to show, in order (no box is ever shown)."""
    recorded: list[ShownMessage] = []

    def record(parent: object, level: str, title: str, text: str) -> None:
        recorded.append(ShownMessage(level, title, text))

    def refuse(dialog: QDialog) -> int:
        raise AssertionError(f"unexpected modal dialog {type(dialog).__name__}")

    monkeypatch.setattr(messages, "show_message", record)
    monkeypatch.setattr(messages, "exec_dialog", refuse)
    return recorded


@pytest.fixture(autouse=True)
def no_mouse_button_held() -> Iterator[None]:
    yield
    held = release_held_buttons()
    assert held == Qt.MouseButton.NoButton, f"{held} left held (see tests/helpers/mouse.py)"


@pytest.fixture(autouse=True)
def every_job_ends() -> Iterator[None]:
    """After each test, every job it started has ended (a closed window only
    cancels its jobs): none runs on into the next test."""
    yield
    assert wait_for_every_job(30_000), "a job still runs 30 s after its test"


@pytest.fixture
def answer_dialog(
    monkeypatch: pytest.MonkeyPatch,
) -> Callable[[Callable[[QDialog], bool]], list[QDialog]]:
    """``answer_dialog(fill)``: the next modal dialogs are passed to ``fill``,
    which sets their fields and returns True to accept (False to cancel)."""
    seen: list[QDialog] = []

    def install(fill: Callable[[QDialog], bool]) -> list[QDialog]:
        def run(dialog: QDialog) -> int:
            seen.append(dialog)
            return int(fill(dialog))

        monkeypatch.setattr(messages, "exec_dialog", run)
        return seen

    return install


@pytest.fixture
def text_shown(qtbot) -> Callable[[MainWindow], TextView]:  # type: ignore[no-untyped-def]
    """``text_shown(window)``: the window's text view, once it shows the
    document just opened or the selection made last (it follows them a turn
    of the event loop after the grid: ``mojiscope.app.window.timers.FOLLOW_MS``)."""

    def shown(window: MainWindow) -> TextView:
        view = window.text_view
        qtbot.waitUntil(lambda: not view.following(), timeout=5000)
        return view

    return shown


@pytest.fixture
def timers_at_once() -> Iterator[None]:
    """For a test about the order of things rather than their timing: every
    wait of the window (a view following the grid a turn later, a look that
    waits for the cursor to rest, work done while the user rests) is over at
    once (:func:`mojiscope.app.window.timers.at_once`)."""
    with timers.at_once():
        yield


@pytest.fixture
def runner(qtbot) -> Iterator[JobRunner]:  # type: ignore[no-untyped-def]
    """A job runner of its own, whose jobs are cancelled and waited for after the test."""
    runner = JobRunner()
    yield runner
    runner.cancel_all()
    assert runner.wait_all(5000)


@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()


@pytest.fixture
def demo_window(window: MainWindow) -> MainWindow:
    window.open_demo()
    return window


@pytest.fixture(
    params=[
        (Qt.Key.Key_PageDown, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_PageUp, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier),
        (Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier),
    ],
    ids=["PageDown", "PageUp", "Ctrl+Home", "Ctrl+End"],
)
def new_screen_key(request: pytest.FixtureRequest) -> tuple[Qt.Key, Qt.KeyboardModifier]:
    """Each key whose screen the window prepares while the user rests."""
    key: tuple[Qt.Key, Qt.KeyboardModifier] = request.param
    return key


@pytest.fixture
def mixed_window(window: MainWindow, tmp_path: Path) -> MainWindow:
    """A window on about 100 KB of text mixed with random bytes (dense
    anomalies), 1200x700, grid focused, the cursor at byte 30,000."""
    rng = random.Random(5)
    text = "Καλημέρα, привет, 日本語 \U0001d518\r\n".encode()
    path = tmp_path / "mixed.bin"
    path.write_bytes(b"".join(text * 3 + rng.randbytes(rng.randrange(1, 90)) for _ in range(600)))
    window.resize(1200, 700)
    window.open_path(path)
    window.grid.setFocus()
    window.selection.move_cursor(30_000)
    QApplication.processEvents()
    return window
