"""The status bar's labels keep a fixed size while the cursor moves, so a
key costs no layout of the status bar (and so none of the window, which a
status bar laid out again asks for); they widen for wider text and fit
afresh for a new document."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow


class LayoutRequests(QObject):
    """Counts the layout requests that reach ``watched``."""

    def __init__(self, *watched: QObject) -> None:
        super().__init__()
        self.count = 0
        for target in watched:
            target.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_moving_the_cursor_does_not_lay_out_the_status_bar(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.open_document(Document.from_bytes(bytes(range(256)) * 4096, "ramp"))
    status = window.status
    offsets = (5, 0x100, 0x3_0000, 77, 0x7_FFFE, 0x8_0000)  # text, then 0xFE: invalid
    for offset in offsets:  # each label as wide as its widest text here
        window.selection.move_cursor(offset)
    # The index's progress label comes and goes with its jobs (a layout each).
    keeper = window.indexes

    def indexed() -> bool:
        indexes = [keeper.index_of(choice.format) for choice in window.shown.choices]
        complete = all(index is not None and index.complete for index in indexes)
        return complete and not keeper.running() and not keeper.status_label.isVisible()

    qtbot.waitUntil(indexed, timeout=30_000)
    QApplication.processEvents()
    requests = LayoutRequests(window.statusBar())  # the window's docks may ask for their own
    for offset in reversed(offsets):
        window.selection.move_cursor(offset)
        QApplication.processEvents()
        assert status.offset_label.text() == f"Offset 0x{offset:X} ({offset:,})"
        for label in status.labels:
            assert label.width() >= label.sizeHint().width()
    assert requests.count == 0


def test_the_labels_widen_for_wider_text_and_fit_a_new_document_afresh(
    window: MainWindow,
) -> None:
    window.open_document(Document.from_bytes(bytes(0x20_0000), "zeros"))
    label = window.status.offset_label
    window.selection.move_cursor(1)
    narrow = label.width()
    window.selection.move_cursor(0x1F_FFFF)
    wide = label.width()
    assert wide > narrow
    assert wide >= label.sizeHint().width()
    window.selection.move_cursor(1)
    assert label.width() == wide

    window.open_document(Document.from_bytes(b"abc", "small"))
    assert label.text() == "Offset 0x0 (0)"
    assert label.width() == label.sizeHint().width() < wide
