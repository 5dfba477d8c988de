"""The open file changing on disk: noticed, offered for reload, and a file
that shrinks never leaves stale columns or a cursor past its end."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QDialog

from mojiscope.app.background.file_watch import FileStamp, change_words
from mojiscope.app.dialogs.goto import GotoDialog
from mojiscope.app.window.main_window import MainWindow

TEXT = ("héllo wörld, " * 100).encode()  # 1,500 bytes of UTF-8


def open_text(window: MainWindow, tmp_path: Path) -> Path:
    path = tmp_path / "log.txt"
    path.write_bytes(TEXT)
    window.set_bytes_per_row(16)
    assert window.open_path(path)
    return path


def test_a_shrunk_file_is_reloaded_and_cursor_selection_and_rows_clamped(
    qtbot, window, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    path = open_text(window, tmp_path)
    window.selection.set_anchor_and_cursor(1200, 1400)
    os.truncate(path, 500)
    qtbot.waitUntil(lambda: window.document is not None and window.document.size == 500)
    assert (window.selection.anchor, window.selection.cursor) == (499, 499)
    assert window.grid.total_rows() == 32
    rows = window.grid.visible_layout()
    assert rows and rows[-1].start + len(rows[-1].data) <= 500
    for column in rows[-1].columns:
        assert all(piece.byte_end <= 500 for piece in column)
    assert window.reloader.bar.isVisible()
    assert "shrank on disk from 1,500 to 500 bytes" in window.reloader.bar.label.text()
    assert not window.reloader.bar.reload_action.isVisible()


def test_a_grown_file_is_offered_for_reload_and_reload_keeps_the_cursor(
    qtbot, window, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    path = open_text(window, tmp_path)
    window.selection.move_cursor(700)
    with path.open("ab") as f:
        f.write(b"more lines\n" * 10)
    qtbot.waitUntil(window.reloader.bar.isVisible)
    assert window.document is not None and window.document.size == len(TEXT)
    assert "grew on disk from 1,500 to 1,610 bytes" in window.reloader.bar.label.text()
    window.reloader.bar.reload_action.trigger()
    assert window.document.size == len(TEXT) + 110
    assert window.selection.cursor == 700
    assert not window.reloader.bar.isVisible()


def test_go_to_refuses_offsets_past_a_shrunk_end(answer_dialog, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = open_text(window, tmp_path)
    os.truncate(path, 300)

    def past_the_end(dialog: QDialog) -> bool:
        assert isinstance(dialog, GotoDialog)
        dialog.editor.setText("1000")
        assert not dialog.ok_button.isEnabled()
        assert "outside the file (0..299)" in dialog.status_label.text()
        return False

    seen = answer_dialog(past_the_end)
    window.go_to_dialog()  # checks the file before asking, without waiting for the poll
    assert len(seen) == 1


def test_change_words_name_what_happened() -> None:
    old = FileStamp(1000, 1)
    assert change_words("a.log", old, None).startswith("a.log was deleted or moved")
    assert change_words("a.log", old, FileStamp(1000, 2)) == "a.log changed on disk."
    assert change_words("a.log", old, FileStamp(10, 2)).endswith("and was reloaded.")
