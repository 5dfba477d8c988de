"""The Inspector's one-line mojibake hint on real files (issue 14): it names
the chain and shows a repaired piece for "CafÃ©", says nothing for text that
is fine, and arrives from a job after the cursor moves, never during it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from mojiscope.app.main import take_screenshot
from mojiscope.app.panels.inspector_hint import hint_window
from mojiscope.app.window.main_window import MainWindow

CAFE = "Produit;Prix\nCafé;2,50\n".encode().decode("cp1252").encode()  # "CafÃ©"


def move_and_wait_for_hint(qtbot: QtBot, window: MainWindow, offset: int) -> str:
    hint = window.inspector.hint
    with qtbot.waitSignal(hint.hint_changed, timeout=20_000) as changed:
        window.selection.move_cursor(offset)
    return str(changed.args[0])


def test_the_cursor_on_cafe_mojibake_gets_a_one_line_hint(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "cafe.csv"
    path.write_bytes(CAFE)
    assert window.open_path(path)
    text = move_and_wait_for_hint(qtbot, window, CAFE.index(b"\xc3"))
    assert text == "looks like utf-8 read as windows-1252: Ã© → é"
    assert window.inspector.hint.isVisibleTo(window.inspector)
    assert "\n" not in text


def test_text_that_is_fine_gets_no_hint(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "fine.csv"
    path.write_bytes("Produit;Prix\nCafé;2,50\n".encode())
    assert window.open_path(path)
    assert move_and_wait_for_hint(qtbot, window, 15) == ""
    assert not window.inspector.hint.isVisibleTo(window.inspector)


def test_the_hint_comes_after_the_keypress_returns(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "cafe.csv"
    path.write_bytes(CAFE)
    assert window.open_path(path)
    hint = window.inspector.hint
    window.selection.move_cursor(CAFE.index(b"\xc3"))
    assert hint.hint is None  # nothing was explained on the GUI thread
    qtbot.waitUntil(lambda: hint.hint is not None, timeout=20_000)


def test_a_hint_is_being_looked_for_from_the_move_until_it_is_shown(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "cafe.csv"
    path.write_bytes(CAFE)
    assert window.open_path(path)
    hint = window.inspector.hint
    window.selection.move_cursor(CAFE.index(b"\xc3"))
    assert hint.looking()
    qtbot.waitUntil(lambda: not hint.looking(), timeout=20_000)
    qtbot.waitUntil(lambda: hint.hint is not None, timeout=5_000)
    assert not hint.looking()


def test_a_screenshot_shows_the_hint_for_the_cursor(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "cafe.csv"
    path.write_bytes(CAFE)
    assert window.open_path(path)
    window.selection.move_cursor(CAFE.index(b"\xc3"))
    shot = tmp_path / "shot.png"
    shown: list[tuple[str, bool]] = []  # each hint, and whether the picture was written yet
    window.inspector.hint.hint_changed.connect(lambda text: shown.append((text, shot.exists())))
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert take_screenshot(app, window, str(shot)) == 0
    assert ("looks like utf-8 read as windows-1252: Ã© → é", False) in shown


@pytest.mark.parametrize(
    ("data", "cursor", "cut", "expected"),
    [
        (b"\xa9 Caf\xc3\x83\xc2\xa9 cr\xc3", 6, (True, True), b"Caf\xc3\x83\xc2\xa9 cr"),
        (b"Caf\xc3\x83\xc2\xa9", 3, (False, False), b"Caf\xc3\x83\xc2\xa9"),
        (b"\x83\xc2\xa9\xc3", 1, (True, True), b"\x83\xc2\xa9\xc3"),
    ],
    ids=["cut both ends inside characters", "uncut span kept whole", "no ASCII: kept as it is"],
)
def test_a_window_cut_from_its_span_snaps_to_ascii_bytes(
    data: bytes, cursor: int, cut: tuple[bool, bool], expected: bytes
) -> None:
    assert hint_window(data, cursor, *cut) == expected
