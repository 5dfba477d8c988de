"""Keyboard navigation, go to offset, next/previous anomaly and find."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.windows import followed
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from mojiscope.app.dialogs.find import HEX_MODE, FindDialog
from mojiscope.app.dialogs.goto import GotoDialog
from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def hundred(window: MainWindow) -> MainWindow:
    window.set_bytes_per_row(16)
    window.open_document(Document.from_bytes(bytes(range(100)) * 10, "thousand"))
    window.grid.setFocus()
    return window


def test_arrows_page_home_end(qtbot, hundred: MainWindow) -> None:  # type: ignore[no-untyped-def]
    grid, selection = hundred.grid, hundred.selection
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    assert selection.cursor == 2
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    assert selection.cursor == 18
    qtbot.keyClick(grid, Qt.Key.Key_Left)
    qtbot.keyClick(grid, Qt.Key.Key_Up)
    assert selection.cursor == 1
    qtbot.keyClick(grid, Qt.Key.Key_End)
    assert selection.cursor == 15
    qtbot.keyClick(grid, Qt.Key.Key_Home)
    assert selection.cursor == 0
    qtbot.keyClick(grid, Qt.Key.Key_PageDown)
    page = grid.visible_rows() * 16
    assert selection.cursor == page
    qtbot.keyClick(grid, Qt.Key.Key_PageUp)
    assert selection.cursor == 0
    qtbot.keyClick(grid, Qt.Key.Key_End, CTRL)
    assert selection.cursor == 999
    assert grid.top_row() * 16 <= 999 < (grid.top_row() + grid.visible_rows()) * 16
    qtbot.keyClick(grid, Qt.Key.Key_Home, CTRL)
    assert selection.cursor == 0 and grid.top_row() == 0


def test_shift_movement_extends_the_selection(qtbot, hundred: MainWindow) -> None:  # type: ignore[no-untyped-def]
    grid, selection = hundred.grid, hundred.selection
    selection.move_cursor(20)
    qtbot.keyClick(grid, Qt.Key.Key_Right, SHIFT)
    qtbot.keyClick(grid, Qt.Key.Key_Down, SHIFT)
    assert (selection.start, selection.end, selection.cursor) == (20, 38, 37)
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    assert (selection.start, selection.end) == (38, 39)


def test_bytes_per_row_changes_the_grid_and_is_remembered(hundred: MainWindow) -> None:
    hundred.set_bytes_per_row(32)
    assert hundred.grid.bytes_per_row == 32
    assert len(hundred.grid.visible_layout()[0].data) == 32
    assert MainWindow().grid.bytes_per_row == 32


def test_go_to_offset_dialog_accepts_hex_and_relative(hundred: MainWindow, answer_dialog) -> None:  # type: ignore[no-untyped-def]
    entries = iter(["0x40", "+0x10", "-8"])

    def fill(dialog: GotoDialog) -> bool:  # type: ignore[override]
        dialog.editor.setText("nonsense")
        assert not dialog.ok_button.isEnabled()
        assert "not an offset" in dialog.status_label.text()
        dialog.editor.setText(next(entries))
        assert dialog.ok_button.isEnabled()
        return True

    answer_dialog(fill)
    hundred.go_to_dialog()
    assert hundred.selection.cursor == 0x40
    hundred.go_to_dialog()
    assert hundred.selection.cursor == 0x50
    hundred.go_to_dialog()
    assert hundred.selection.cursor == 0x48


def test_ctrl_g_opens_the_go_to_dialog(qtbot, hundred: MainWindow, answer_dialog) -> None:  # type: ignore[no-untyped-def]
    seen = answer_dialog(lambda dialog: False)
    hundred.activateWindow()
    qtbot.keyClick(hundred.grid, Qt.Key.Key_G, CTRL)
    assert len(seen) == 1 and isinstance(seen[0], GotoDialog)


def test_f8_and_shift_f8_walk_the_anomalies_of_the_current_format(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    data = b"ok \xff then \xc0\xaf and \xe2\x82 end"
    window.set_formats(["utf-8", "cp1252"], persist=False)
    window.open_document(Document.from_bytes(data, "anomalies"))
    window.activateWindow()
    window.grid.setFocus()
    starts = []
    for _ in range(4):
        with qtbot.waitSignal(window.search.finished, timeout=10_000):
            qtbot.keyClick(window.grid, Qt.Key.Key_F8)
        starts.append(window.selection.start)
    assert starts == [3, 10, 11, 17]
    assert (window.selection.start, window.selection.end) == (17, 19)  # truncated E2 82
    assert window.status.verdict_label.text() == "utf-8: invalid (truncated)"
    with qtbot.waitSignal(window.search.finished, timeout=10_000):
        qtbot.keyClick(window.grid, Qt.Key.Key_F8, SHIFT)
    assert window.selection.start == 11
    window.shown.set_current("cp1252")
    window.selection.move_cursor(0)
    with qtbot.waitSignal(window.search.finished, timeout=10_000):
        window.next_anomaly()
    assert window.selection.start == 0  # cp1252 decodes every byte here: nothing found
    assert "No further anomaly" in window.statusBar().currentMessage()


def test_next_anomaly_far_away_runs_in_a_worker(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "sparse.bin"
    far = 48 << 20
    with open(path, "wb") as f:
        f.truncate(64 << 20)
        f.seek(far)
        f.write(b"\xff")
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(path)
    with qtbot.waitSignal(window.search.finished, timeout=60_000) as finished:
        window.next_anomaly()
        assert window.search.busy
        assert window.selection.start == 0  # nothing ran on the GUI thread
    tag, span = finished.args
    assert tag == "anomaly" and span.byte_start == far
    assert window.selection.start == far
    assert not window.search.busy


def test_even_a_tiny_scan_runs_off_the_gui_thread(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.open_document(Document.from_bytes(b"ab \xff", "tiny"))
    with qtbot.waitSignal(window.search.finished, timeout=10_000):
        window.next_anomaly()
        assert window.search.busy and window.selection.start == 0
    assert window.selection.start == 3


def test_a_running_scan_can_be_cancelled(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "sparse.bin"
    with open(path, "wb") as f:
        f.truncate(512 << 20)
    window.open_path(path)
    window.search.find(b"\x01")
    handle = window.search.handle
    assert window.search.busy and handle is not None
    window.search.stop()
    assert not window.search.busy
    qtbot.waitUntil(lambda: handle.outcome is not None, timeout=10_000)
    assert handle.outcome == "cancelled"
    assert window.selection.start == 0


def test_find_hex_and_text_in_a_chosen_format(qtbot, window: MainWindow, answer_dialog) -> None:  # type: ignore[no-untyped-def]
    data = "naïve café ".encode() + "café".encode("cp1252") + b" \xc0\xaf"
    window.set_formats(["utf-8", "cp1252"], persist=False)
    window.open_document(Document.from_bytes(data, "find me"))
    requests = iter(
        [("café", "text", "utf-8"), ("café", "text", "cp1252"), ("C0 AF", HEX_MODE, "")]
    )

    def fill(dialog: FindDialog) -> bool:  # type: ignore[override]
        text, mode, key = next(requests)
        dialog.mode_box.setCurrentIndex(dialog.mode_box.findData(mode))
        if key:
            dialog.format_box.setCurrentIndex(dialog.format_box.findData(key))
        dialog.editor.setText(text)
        assert dialog.ok_button.isEnabled()
        return True

    answer_dialog(fill)

    def run(command) -> None:  # type: ignore[no-untyped-def]
        with qtbot.waitSignal(window.search.finished, timeout=10_000):
            command()

    run(window.find_dialog)
    utf8_at = data.index("café".encode())
    assert (window.selection.start, window.selection.end) == (utf8_at, utf8_at + 5)
    run(window.find_dialog)
    cp1252_at = data.index("café".encode("cp1252"))
    assert (window.selection.start, window.selection.end) == (cp1252_at, cp1252_at + 4)
    run(window.find_dialog)
    assert window.selection.start == len(data) - 2
    window.selection.move_cursor(0)
    run(window.find_next)
    assert window.selection.start == len(data) - 2


def test_find_dialog_says_when_a_format_cannot_encode_the_text(qtbot) -> None:  # type: ignore[no-untyped-def]
    from mojiscope.app.model.formats import resolve_all

    dialog = FindDialog(resolve_all(["cp1252"]), "cp1252", None, "日本")
    qtbot.addWidget(dialog)
    assert not dialog.ok_button.isEnabled()
    assert "cannot encode" in dialog.status_label.text()
    dialog.mode_box.setCurrentIndex(dialog.mode_box.findData(HEX_MODE))
    dialog.editor.setText("zz")
    assert not dialog.ok_button.isEnabled() and "line 1, column 1" in dialog.status_label.text()


def test_not_found_says_so(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.open_document(Document.from_bytes(b"abc", "abc"))
    with qtbot.waitSignal(window.search.finished, timeout=10_000):
        window.search.find(b"xyz")
    assert window.statusBar().currentMessage() == "Not found"


def test_f3_and_shift_f3_find_the_next_and_previous_occurrence_wrapping(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    data = b"ab..ab..ab.."
    window.open_document(Document.from_bytes(data, "three"))
    window.activateWindow()
    window.grid.setFocus()
    with qtbot.waitSignal(window.search.finished, timeout=10_000):
        window.search.find(b"ab")  # from the cursor at 0: the next one is at 4
    found = [window.selection.start]
    for key, modifier in [(Qt.Key.Key_F3, NONE), (Qt.Key.Key_F3, NONE)]:
        with qtbot.waitSignal(window.search.finished, timeout=10_000):
            qtbot.keyClick(window.grid, key, modifier)
        found.append(window.selection.start)
    assert found == [4, 8, 0]  # wrapped round at the end
    backwards = []
    for _ in range(3):
        with qtbot.waitSignal(window.search.finished, timeout=10_000):
            qtbot.keyClick(window.grid, Qt.Key.Key_F3, SHIFT)
        backwards.append(window.selection.start)
    assert backwards == [8, 4, 0]  # from 0 back round to the end, then down


def test_a_key_paints_the_grid_first_and_the_text_and_inspector_a_turn_later(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
) -> None:
    """The grid's new screen and the other views' new text each take a frame
    of their own: when the grid paints, they have not followed the key yet."""
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes("héllo wörld\n".encode() * 200, "text"))
    grid, inspector, text_view = window.grid, window.inspector, window.text_view
    grid.setFocus()
    followed(qtbot, window)
    seen: list[tuple[str, bool, bool]] = []

    class GridPaint(QObject):
        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                seen.append((inspector.lines[0], text_view.following(), inspector.following()))
            return False

    watcher = GridPaint()
    grid.viewport().installEventFilter(watcher)
    QApplication.sendEvent(grid, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Right, NONE))
    QCoreApplication.sendPostedEvents()  # the key's frame
    grid.viewport().removeEventFilter(watcher)
    assert seen == [("utf-8 at byte 0 (0x0)", True, True)]
    followed(qtbot, window)
    assert inspector.lines[0] == "utf-8 at byte 1 (0x1)"
    assert text_view.textCursor().selectedText() == "é"
