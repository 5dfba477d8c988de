"""Opening bytes: the demo, files, drag and drop, recent files, Paste Hex."""

from __future__ import annotations

from pathlib import Path

from helpers.windows import followed
from PySide6.QtCore import QEvent, QMimeData, QObject, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from mojiscope.app.dialogs.paste_hex import PasteHexDialog
from mojiscope.app.model.document import Document
from mojiscope.app.window import settings
from mojiscope.app.window.main_window import MainWindow


def test_demo_shows_a_bom_then_text(demo_window: MainWindow) -> None:
    document = demo_window.document
    assert document is not None
    assert document.read(0, 3) == b"\xef\xbb\xbf"
    assert demo_window.status.verdict_label.text() == "utf-8: signature (bom)"
    assert demo_window.grid.visible_layout()[0].start == 0


def test_open_file_shows_it_everywhere_and_remembers_it(
    window: MainWindow,
    tmp_path: Path,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    path = tmp_path / "sample.txt"
    path.write_bytes("hé\xff".encode("latin-1") + b"llo")
    assert window.open_path(path)
    assert window.document is not None and window.document.name == "sample.txt"
    assert window.document.size == 6
    assert "sample.txt" in window.windowTitle()
    assert text_shown(window).toPlainText().startswith("h")
    assert settings.recent_files()[0] == str(path.resolve())


def test_the_text_comes_a_turn_after_the_grids_first_screen(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """The grid paints an opened file's first screen before the text view
    builds its first window: each takes a turn of the event loop of its own."""
    path = tmp_path / "hello.txt"
    path.write_bytes(b"hello, world\n" * 100)
    QApplication.processEvents()
    pending_at_paint: list[bool] = []

    class FirstPaint(QObject):
        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint and not pending_at_paint:
                pending_at_paint.append(window.text_view.following())
            return False

    first_paint = FirstPaint()
    window.grid.viewport().installEventFilter(first_paint)
    assert window.open_path(path)
    assert window.text_view.following() and window.text_view.toPlainText() == ""
    qtbot.waitUntil(lambda: not window.text_view.following(), timeout=5000)
    assert pending_at_paint == [True]
    assert window.text_view.toPlainText().startswith("hello, world\n")


def test_a_cursor_moved_before_the_text_shows_brings_it_once_around_the_cursor(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    path = tmp_path / "hello.txt"
    path.write_bytes(b"hello, world\n" * 100)
    built = window.text_view.stats.windows_built
    assert window.open_path(path)
    window.selection.move_cursor(13)
    followed(qtbot, window)
    assert window.text_view.textCursor().selectedText() == "h"
    assert window.text_view.stats.windows_built == built + 1


def test_unreadable_paths_show_a_message_and_keep_the_open_document(
    demo_window: MainWindow, tmp_path: Path, shown_messages: list
) -> None:  # type: ignore[type-arg]
    before = demo_window.document
    missing = tmp_path / "vanished.bin"
    assert not demo_window.open_path(missing)
    assert not demo_window.open_path(tmp_path)
    assert [m.level for m in shown_messages] == ["error", "error"]
    assert "vanished.bin" in shown_messages[0].text
    assert "No such file" in shown_messages[0].text
    assert "Is a directory" in shown_messages[1].text
    assert demo_window.document is before


def _drop(window: MainWindow, paths: list[Path]) -> QDropEvent:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    args = (
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    center = window.rect().center()
    try:  # Qt 6.12 takes a QPointF and deprecates the QPoint form; older Qt has only QPoint
        enter = QDragEnterEvent(QPointF(center), *args)
    except TypeError:
        enter = QDragEnterEvent(center, *args)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        QPointF(window.rect().center()),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(drop)
    return drop


def test_drag_and_drop_opens_the_first_file(window: MainWindow, tmp_path: Path) -> None:
    first, second = tmp_path / "first.bin", tmp_path / "second.bin"
    first.write_bytes(b"\xc0\xaf")
    second.write_bytes(b"x")
    drop = _drop(window, [first, second])
    assert drop.isAccepted()
    assert window.document is not None and window.document.name == "first.bin"


def test_recent_files_menu_lists_opened_files(window: MainWindow, tmp_path: Path) -> None:
    for name in ("a.bin", "b.bin"):
        (tmp_path / name).write_bytes(b"x")
        window.open_path(tmp_path / name)
    window.recent_menu.aboutToShow.emit()
    titles = [a.text() for a in window.recent_menu.actions() if a.text()]
    assert titles[:2] == [str((tmp_path / "b.bin").resolve()), str((tmp_path / "a.bin").resolve())]


def test_paste_hex_good_input_opens_the_bytes(window: MainWindow, answer_dialog) -> None:  # type: ignore[no-untyped-def]
    def fill(dialog: PasteHexDialog) -> bool:  # type: ignore[override]
        dialog.editor.setPlainText("00000000: 4869 c0af  Hi..\n")
        assert dialog.status_label.text() == "4 bytes"
        assert dialog.ok_button.isEnabled()
        return True

    seen = answer_dialog(fill)
    window.paste_hex()
    assert len(seen) == 1
    assert window.document is not None
    assert window.document.read(0, 4) == b"Hi\xc0\xaf"


def test_paste_hex_bad_input_shows_line_and_column_and_disables_ok(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PasteHexDialog(None, "48 65\n6c 6g")
    qtbot.addWidget(dialog)
    assert dialog.error is not None
    assert (dialog.error.line, dialog.error.column) == (2, 5)
    assert "Line 2, column 5" in dialog.status_label.text()
    assert "found 'g'" in dialog.status_label.text()
    assert not dialog.ok_button.isEnabled()
    marked = dialog.editor.extraSelections()
    assert len(marked) == 1 and marked[0].cursor.selectedText() == "g"
    dialog.editor.setPlainText("48 65 6c 6c")
    assert dialog.ok_button.isEnabled() and dialog.data() == b"Hell"


def test_paste_hex_empty_input_keeps_ok_disabled(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PasteHexDialog(None, "")
    qtbot.addWidget(dialog)
    assert not dialog.ok_button.isEnabled()


def test_empty_file_opens_without_error(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "empty.bin"
    path.write_bytes(b"")
    assert window.open_path(path)
    assert window.status.offset_label.text() == "No bytes"
    window.grid.viewport().repaint()
    assert window.grid.visible_layout() == []


def test_documents_are_closed_when_replaced(window: MainWindow) -> None:
    window.open_document(Document.from_bytes(b"one"))
    first = window.document
    window.open_document(Document.from_bytes(b"two"))
    assert first is not None and first is not window.document


def test_large_sparse_file_in_the_window_decodes_only_what_is_shown(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    from mojiscope.app.model.document import WINDOW, WINDOWS_PER_FORMAT

    path = tmp_path / "huge.bin"
    with open(path, "wb") as f:
        f.truncate(1 << 30)
    assert window.open_path(path)
    window.grid.viewport().repaint()
    document = window.document
    assert document is not None
    assert document.cached_windows()
    assert all(windows == [0] for windows in document.cached_windows().values())
    window.grid.setFocus()
    qtbot.keyClick(window.grid, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    window.grid.viewport().repaint()
    last = (document.size - 1) // WINDOW
    for windows in document.cached_windows().values():
        assert last in windows and len(windows) <= WINDOWS_PER_FORMAT
    assert (
        window.status.offset_label.text()
        == f"Offset 0x{document.size - 1:X} ({document.size - 1:,})"
    )


def test_opening_a_fifo_is_refused_at_once_and_keeps_what_is_open(
    demo_window: MainWindow,
    tmp_path: Path,
    shown_messages,  # type: ignore[no-untyped-def]
) -> None:
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert not demo_window.open_path(fifo)  # no writer: a blocking open would hang here
    assert shown_messages[-1].title == "Cannot open file"
    assert "not a regular file: it is a FIFO (named pipe)" in shown_messages[-1].text
    assert demo_window.document is not None and demo_window.document.name == "demo.bin (demo)"
