"""What the window remembers between runs, and what it must not: the
geometry and docks come back; missing recent files are shown as missing and
can be removed; a headless screenshot neither reads nor writes the user's
settings."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

from PySide6.QtWidgets import QDockWidget, QMenu
from pytestqt.qtbot import QtBot

from mojiscope.app import settings
from mojiscope.app.main import run_gui
from mojiscope.app.menus import fill_recent_menu
from mojiscope.app.window import MainWindow


def dock(window: MainWindow, name: str) -> QDockWidget:
    found = window.findChild(QDockWidget, f"dock-{name}")
    assert found is not None
    return found


def test_a_closed_dock_and_the_window_size_come_back_next_time(qtbot: QtBot) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    first.show()
    first.resize(700, 500)  # within the offscreen screen (800x600)
    dock(first, "text").close()
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    assert not dock(second, "text").isVisible()
    assert dock(second, "inspector").isVisible()
    assert (second.width(), second.height()) == (700, 500)


def test_missing_recent_files_are_greyed_and_can_be_removed(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    here = tmp_path / "here.bin"
    here.write_bytes(b"abc")
    gone = tmp_path / "gone.bin"
    settings.add_recent_file(str(gone))
    settings.add_recent_file(str(here))
    menu = QMenu(window)
    fill_recent_menu(window, menu)
    entries = {a.text(): a.isEnabled() for a in menu.actions() if a.text()}
    assert entries[str(here)] is True
    assert entries[f"{gone} (missing)"] is False
    (remove,) = [a for a in menu.actions() if a.text() == "Remove Missing"]
    remove.trigger()
    assert settings.recent_files() == [str(here)]


def test_a_headless_screenshot_leaves_the_users_settings_alone(
    tmp_path: Path, isolated_settings: Path
) -> None:
    settings.set_shown_formats(["cp437"])
    before = sorted(p.read_bytes() for p in isolated_settings.rglob("*.ini"))
    sample = tmp_path / "sample.bin"
    sample.write_bytes(b"caf\xc3\xa9")
    args = Namespace(
        file=str(sample), screenshot=str(tmp_path / "out.png"), select=None, formats=None
    )
    assert run_gui(args) == 0
    after = sorted(p.read_bytes() for p in isolated_settings.rglob("*.ini"))
    assert after == before  # no recent file, no window state, no formats written
    assert settings.recent_files() == []
    assert settings.shown_formats() == ["cp437"]
