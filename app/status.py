"""The status bar: cursor offset (hex and decimal), selection length, and the
current format's verdict on the span under the cursor."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QStatusBar

from mojiscope.app.model.document import Document
from mojiscope.app.selection import SelectionModel
from mojiscope.app.shown_formats import ShownFormats


def verdict(document: Document | None, shown: ShownFormats, offset: int) -> str:
    """``utf-8: invalid (overlong)``, ``utf-8: text``; empty without bytes."""
    if document is None or document.size == 0:
        return ""
    span = document.span_at(shown.current, offset)
    if span is None:
        return ""
    reason = f" ({span.reason.value})" if span.reason else ""
    return f"{shown.current.label}: {span.kind.value}{reason}"


class StatusReporter(QObject):
    """Keeps three permanent labels of a status bar up to date."""

    def __init__(
        self, status_bar: QStatusBar, selection: SelectionModel, shown: ShownFormats
    ) -> None:
        super().__init__(status_bar)
        self.selection = selection
        self.shown = shown
        self.document: Document | None = None
        self.offset_label = QLabel()
        self.selection_label = QLabel()
        self.verdict_label = QLabel()
        for label in (self.offset_label, self.selection_label, self.verdict_label):
            status_bar.addPermanentWidget(label)
        selection.changed.connect(self.refresh)
        shown.current_changed.connect(self.refresh)

    def set_document(self, document: Document | None) -> None:
        self.document = document
        self.refresh()

    def refresh(self) -> None:
        document = self.document
        if document is None or document.size == 0:
            self.offset_label.setText("No bytes")
            self.selection_label.setText("")
            self.verdict_label.setText("")
            return
        cursor = self.selection.cursor
        self.offset_label.setText(f"Offset 0x{cursor:X} ({cursor:,})")
        length = self.selection.length
        self.selection_label.setText(f"Selected {length:,} byte{'s' if length != 1 else ''}")
        self.verdict_label.setText(verdict(document, self.shown, cursor))
