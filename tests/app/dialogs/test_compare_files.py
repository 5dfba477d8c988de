"""File > Compare With…: the verdict and the first places, in a dialog of
its own; a click on a place selects its bytes in the window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mojiscope.app.window.main_window import MainWindow

TEXT = "".join(f"Ligne {i} : le café est très chaud\n" for i in range(300))


def compared(qtbot: QtBot, window: MainWindow, tmp_path: Path, a: bytes, b: bytes):  # type: ignore[no-untyped-def]
    path_a, path_b = tmp_path / "a.txt", tmp_path / "b.txt"
    path_a.write_bytes(a)
    path_b.write_bytes(b)
    assert window.open_path(path_a)
    dialog = window.compare_with(path_b)
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=60_000)
    return dialog


def test_the_same_text_in_another_encoding(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = compared(
        qtbot, window, tmp_path, TEXT.encode(), b"\xff\xfe" + TEXT.encode("utf-16-le")
    )
    words = dialog.verdict.text()
    assert words.startswith("the same text in another encoding: a.txt is UTF-8, b.txt UTF-16")
    assert dialog.places.count() == 0
    assert "b.txt: UTF-16" in dialog.notes.text()
    dialog.grab().save("/tmp/mojiscope-compare-with-encoding.png")


def test_the_places_that_differ_select_their_bytes(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    edited = TEXT.replace("Ligne 7 ", "Ligne sept ").replace("Ligne 200 ", "Ligne deux cents ")
    dialog = compared(qtbot, window, tmp_path, TEXT.encode(), edited.encode())
    assert dialog.verdict.text() == "the text differs at 2 places"
    assert dialog.places.count() == 2
    first = dialog.places.item(0)
    assert first.text().splitlines()[1] == "- Ligne 7 : le café est très chaud"
    assert first.text().splitlines()[2] == "+ Ligne sept : le café est très chaud"
    rect = dialog.places.visualItemRect(first)
    qtbot.mouseClick(dialog.places.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    at = TEXT.encode().index(b"Ligne 7 ") + 6
    assert (window.selection.start, window.selection.end) == (at, at + 1)
    dialog.grab().save("/tmp/mojiscope-compare-with-places.png")


def test_a_misreading_names_its_chain(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    damaged = TEXT.encode().decode("cp1252").encode()
    dialog = compared(qtbot, window, tmp_path, TEXT.encode(), damaged)
    assert dialog.verdict.text() == "b.txt is a.txt misread: utf-8 read as windows-1252"


def test_opening_another_file_closes_the_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dialog = compared(qtbot, window, tmp_path, TEXT.encode(), TEXT.encode())
    assert dialog.verdict.text() == f"identical: the same {len(TEXT.encode()):,} bytes"
    with qtbot.waitSignal(dialog.destroyed, timeout=5000):
        window.open_demo()
