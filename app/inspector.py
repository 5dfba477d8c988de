"""The inspector panel: what the current format made of the bytes at the cursor.

It names the span under the cursor (kind, the reason in plain words, byte
range and hex), what an overlong, surrogate or out-of-range sequence would
have decoded to (``C0 AF would have been U+002F '/'``), and lists each
character under the selection with its code point, name and classes. When
the span under the cursor looks like mojibake, a one-line hint says so
(:mod:`mojiscope.app.inspector_hint`, computed off the GUI thread).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from mojiscope.app.codepoint_model import CodePointTableModel, row_for
from mojiscope.app.formats import FormatChoice
from mojiscope.app.inspector_hint import MojibakeHint
from mojiscope.app.model.document import Document
from mojiscope.app.selection import SelectionModel
from mojiscope.app.shown_formats import ShownFormats
from mojiscope.core import Span, SpanKind
from mojiscope.core.describe import KIND_WORDS, REASON_WORDS, describe_value

MAX_TABLE_ROWS = 256
MAX_HEX_BYTES = 32


def would_be_sequence(document: Document, choice: FormatChoice, span: Span) -> bytes:
    """The bytes of the sequence a span's ``value`` stands for, as far as the
    format says it reaches (UTF-8 puts the value of an overlong ``C0 AF`` on
    the span of ``C0`` alone)."""
    lead = document.read(span.byte_start, span.byte_start + 1)
    if not lead:
        return b""
    extent = choice.format.value_extent(span, lead[0])
    return document.read(span.byte_start, span.byte_start + extent)


def span_summary(span: Span, span_bytes: bytes, sequence: bytes | None = None) -> list[str]:
    """Plain-text lines about one span (the panel shows them; tests read them).
    ``sequence`` is what :func:`would_be_sequence` found for a span with a value."""
    kind = span.kind
    head = f"{kind.value}" + (f" ({span.reason.value})" if span.reason else "")
    lines = [f"Span: {head}: {REASON_WORDS[span.reason] if span.reason else KIND_WORDS[kind]}"]
    length = span.byte_end - span.byte_start
    shown = span_bytes[:MAX_HEX_BYTES].hex(" ").upper() + (" …" if length > MAX_HEX_BYTES else "")
    lines.append(
        f"Bytes 0x{span.byte_start:X}..0x{span.byte_end - 1:X} "
        f"({length} byte{'s' if length != 1 else ''}): {shown}"
    )
    if span.value is not None:
        hex_bytes = (sequence or span_bytes)[:MAX_HEX_BYTES].hex(" ").upper()
        if kind == SpanKind.BEYOND:
            lines.append(f"{hex_bytes} encode the value {describe_value(span.value, named=True)}")
        else:
            lines.append(f"{hex_bytes} would have been {describe_value(span.value, named=True)}")
    return lines


class InspectorPanel(QWidget):
    """Follows the selection and the current format; writes nothing."""

    def __init__(
        self, selection: SelectionModel, shown: ShownFormats, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.selection = selection
        self.shown = shown
        self.document: Document | None = None
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.model = CodePointTableModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        self.hint = MojibakeHint(self)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        self.lines: list[str] = []
        selection.changed.connect(self.refresh)
        shown.current_changed.connect(self.refresh)

    def set_document(self, document: Document | None) -> None:
        self.document = document
        self.refresh()

    def refresh(self) -> None:
        document = self.document
        choice = self.shown.current
        if document is None or document.size == 0:
            self.lines = ["No bytes to inspect."]
            self.summary.setText(escape(self.lines[0]))
            self.model.set_rows([])
            self.hint.follow(None, None, 0)
            return
        cursor = self.selection.cursor
        cell = document.cell_at(choice, cursor)
        if cell is None:
            return
        span = cell.span
        self.lines = [f"{choice.label} at byte {cursor} (0x{cursor:X})"]
        sequence = would_be_sequence(document, choice, span) if span.value is not None else None
        self.lines += span_summary(span, document.read(span.byte_start, span.byte_end), sequence)
        html = [f"<b>{escape(self.lines[0])}</b>"] + [escape(line) for line in self.lines[1:]]
        self.summary.setText("<br>".join(html))
        self.hint.follow(document, span, cursor)
        self._fill_table(document)

    def _fill_table(self, document: Document) -> None:
        start, end = self.selection.start, self.selection.end
        cells = document.cells(self.shown.current, start, min(end, start + 4 * MAX_TABLE_ROWS))
        cells = cells[:MAX_TABLE_ROWS]
        rows = [row_for(c, document.read(c.byte_start, c.byte_end)) for c in cells]
        self.model.set_rows(rows)
