"""What the window remembers between runs, and what it must not: the
geometry and docks come back; missing recent files are shown as missing and
can be removed; a headless screenshot neither reads nor writes the user's
settings."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDockWidget, QMenu
from pytestqt.qtbot import QtBot

from mojiscope.app.main import run_gui
from mojiscope.app.window import settings
from mojiscope.app.window.main_window import MainWindow
from mojiscope.app.window.menus import fill_recent_menu


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
    assert settings.flush()  # written off the GUI thread: in the file once flushed
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


def stored(isolated_settings: Path) -> str:
    """The user's settings file as it is on disk."""
    (path,) = isolated_settings.rglob("*.ini")
    return path.read_text()


def test_an_opened_file_is_in_recent_at_once_and_in_the_file_when_the_window_closes(
    qtbot: QtBot, tmp_path: Path, isolated_settings: Path
) -> None:
    """The recent list is written off the GUI thread (``sync`` took 11-22 ms
    while the file's index and first paint started), and not lost on quit."""
    sample = tmp_path / "sample.txt"
    sample.write_bytes(b"caf\xc3\xa9")
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(sample)
    assert settings.recent_files() == [str(sample.resolve())]  # read back at once
    window.close()  # flushes
    assert str(sample.resolve()) in stored(isolated_settings)


def test_a_value_goes_to_the_file_the_settings_pointed_to_when_it_was_written(
    isolated_settings: Path,
) -> None:
    settings.set_bytes_per_row(32)
    with settings.ephemeral_settings():  # the settings now point elsewhere
        assert settings.bytes_per_row() == 16
        settings.set_bytes_per_row(8)
        assert settings.bytes_per_row() == 8
    assert settings.flush()
    assert settings.bytes_per_row() == 32
    assert "bytes_per_row=32\n" in stored(isolated_settings)


def test_the_last_of_several_quick_writes_wins_in_the_file(isolated_settings: Path) -> None:
    for key in ("utf-8", "cp1252", "wtf-8", "utf-8b", "xtf-8"):
        settings.set_current_format(key)
    assert settings.current_format() == "xtf-8"
    assert settings.flush()
    assert "current=xtf-8\n" in stored(isolated_settings)


def test_the_window_state_is_stored_as_qt_byte_arrays_not_python_objects(
    qtbot: QtBot, isolated_settings: Path
) -> None:
    """Python ``bytes`` were stored as pickled Python objects: the writer
    thread, dropping one from Qt's settings cache, waited for the interpreter
    lock while holding Qt's settings lock, and a window closing on the GUI
    thread waited for that lock holding the interpreter's: the test suite
    hung there. A file an earlier version wrote is read, then rewritten."""
    legacy = QSettings(settings.open_settings().fileName(), QSettings.Format.IniFormat)
    legacy.setValue("window/geometry", b"\x01\x02old geometry")  # how it was stored
    legacy.setValue("window/state", b"\x03old state")
    legacy.sync()
    del legacy
    assert "PyObjectWrapper" in stored(isolated_settings)
    assert settings.window_state() == (b"\x01\x02old geometry", b"\x03old state")
    assert "PyObjectWrapper" not in stored(isolated_settings)  # forgotten at once
    window = MainWindow()
    qtbot.addWidget(window)
    window.close()
    text = stored(isolated_settings)
    assert "geometry=@ByteArray(" in text and "PyObjectWrapper" not in text
    geometry, state = settings.window_state() or (b"", b"")
    assert geometry == window.saveGeometry().data() and state == window.saveState().data()
