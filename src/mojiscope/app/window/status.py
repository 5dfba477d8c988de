"""The status bar: cursor offset (hex and decimal), selection length, and the
current format's verdict on the span under the cursor."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QStatusBar

from mojiscope.app.model.document import Document
from mojiscope.app.window.selection import SelectionModel
from mojiscope.app.window.shown_formats import ShownFormats


def verdict(document: Document | None, shown: ShownFormats, offset: int) -> str:
    """``utf-8: invalid (overlong)``, ``utf-8: text``; empty without bytes."""
    if document is None or document.size == 0:
        return ""
    span = document.span_at(shown.current, offset)
    if span is None:
        return ""
    reason = f" ({span.reason.value})" if span.reason else ""
    return f"{shown.current.label}: {span.kind.value}{reason}"


class SteadyLabel(QLabel):
    """A status-bar label of a fixed size that widens for wider text and
    never narrows until :meth:`fit_afresh`. A label whose size may change
    asks the status bar to lay out again on every new text, and the status
    bar then asks the window: two layout passes on each key for text that
    changes with the cursor. A fixed size asks for none, and the labels
    stand still as the figures change."""

    def __init__(self) -> None:
        super().__init__()
        self.setFixedSize(0, self.fontMetrics().height())

    def show_text(self, text: str, room_for: str = "") -> None:
        """Show ``text``, widened if need be to fit it and ``room_for``
        (wider text to come, so that the label widens once)."""
        self.setText(text)
        width = max(self.width_for(text), self.width_for(room_for))
        if width > self.minimumWidth():  # the fixed width, laid out yet or not
            self.setFixedWidth(width)

    def fit_afresh(self) -> None:
        """Fit the present text (a new document: its figures may be shorter)."""
        self.setFixedWidth(self.width_for(self.text()))

    def width_for(self, text: str) -> int:
        """The width the label needs to show ``text`` whole."""
        if not text:
            return 0
        margins = self.contentsMargins()
        extra = margins.left() + margins.right() + 2 * self.margin()
        # Measured as QLabel measures its size hint: a bounded rectangle.
        box = self.fontMetrics().boundingRect(0, 0, 10_000, 1_000, self.alignment().value, text)
        return box.width() + extra


class StatusReporter(QObject):
    """Keeps three permanent labels of a status bar up to date."""

    def __init__(
        self, status_bar: QStatusBar, selection: SelectionModel, shown: ShownFormats
    ) -> None:
        super().__init__(status_bar)
        self.selection = selection
        self.shown = shown
        self.document: Document | None = None
        self.offset_label = SteadyLabel()
        self.selection_label = SteadyLabel()
        self.verdict_label = SteadyLabel()
        self.labels = (self.offset_label, self.selection_label, self.verdict_label)
        for label in self.labels:
            status_bar.addPermanentWidget(label)
        selection.changed.connect(self.refresh)
        shown.current_changed.connect(self.refresh)

    def set_document(self, document: Document | None) -> None:
        self.document = document
        self.refresh()
        for label in self.labels:
            label.fit_afresh()

    def refresh(self) -> None:
        document = self.document
        if document is None or document.size == 0:
            self.offset_label.show_text("No bytes")
            self.selection_label.show_text("")
            self.verdict_label.show_text("")
            return
        cursor = self.selection.cursor
        self.offset_label.show_text(f"Offset 0x{cursor:X} ({cursor:,})")
        length = self.selection.length
        self.selection_label.show_text(f"Selected {length:,} byte{'s' if length != 1 else ''}")
        self.verdict_label.show_text(verdict(document, self.shown, cursor))
