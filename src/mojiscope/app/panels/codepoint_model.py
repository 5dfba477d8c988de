"""The inspector's table: one row per character under the selection.

Columns: the bytes that encode it, its code point, the character, its
Unicode name, general category and classes (from :mod:`mojiscope.core.words.charclass`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QHeaderView, QStyle, QTableView

from mojiscope.app.model.char_runs import CharRun
from mojiscope.app.model.glyphs import glyph_for_cell
from mojiscope.core import SpanKind
from mojiscope.core.words.charclass import MAX_CODE_POINT, describe
from mojiscope.core.words.describe import REASON_WORDS

Index = QModelIndex | QPersistentModelIndex
HEADERS = ("Bytes", "Code point", "Shown", "Name", "Category", "Classes")


class CodePointRow(NamedTuple):
    byte_hex: str
    code_point: str
    shown: str
    name: str
    category: str
    classes: str


def row_for(cell: CharRun, cell_bytes: bytes) -> CodePointRow:
    """What the table says about one character (a run of one piece) and its bytes."""
    byte_hex = cell_bytes.hex(" ").upper()
    if not cell.text:
        return CodePointRow(
            byte_hex, "", "", "(no character: joined into the previous U+FFFD)", "", ""
        )
    shown = glyph_for_cell(cell.text, cell.span, cell_bytes).text
    if len(cell.text) > 1:  # a signature shown as one cell: the magic number
        points = " ".join(f"U+{ord(c):04X}" for c in cell.text)
        words = REASON_WORDS[cell.span.reason] if cell.span.reason else ""
        return CodePointRow(byte_hex, points, shown, f"{words} (a signature, not text)", "", "")
    cp = ord(cell.text)
    if cell.span.kind == SpanKind.BEYOND and cell.span.value is not None:
        value = cell.span.value
        return CodePointRow(
            byte_hex, f"U+{value:04X}", shown, "beyond Unicode (shown as U+FFFD)", "", ""
        )
    if not 0 <= cp <= MAX_CODE_POINT:
        return CodePointRow(byte_hex, f"U+{cp:04X}", shown, "", "", "")
    info = describe(cp)
    classes = ", ".join(sorted(c.value for c in info.classes))
    return CodePointRow(byte_hex, f"U+{cp:04X}", shown, info.name, info.category, classes)


class CodePointTableModel(QAbstractTableModel):
    """Read-only rows of :class:`CodePointRow`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[CodePointRow] = []

    def set_rows(self, rows: list[CodePointRow]) -> None:
        """Show ``rows``. The same rows again change nothing; otherwise rows
        are removed or added at the end and the others changed in place, so
        a view paints its cells again but not its header, as a reset would
        make it."""
        if rows == self._rows:
            return
        old, new = len(self._rows), len(rows)
        if new < old:
            self.beginRemoveRows(QModelIndex(), new, old - 1)
            del self._rows[new:]
            self.endRemoveRows()
        elif new > old:
            self.beginInsertRows(QModelIndex(), old, new - 1)
            self._rows.extend(rows[old:])
            self.endInsertRows()
        self._rows = list(rows)
        if new:
            self.dataChanged.emit(self.index(0, 0), self.index(new - 1, len(HEADERS) - 1))

    def rows(self) -> list[CodePointRow]:
        return list(self._rows)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._rows[index.row()][index.column()]
        return None

    def headerData(  # noqa: N802 - Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(HEADERS):
            return HEADERS[section]
        if orientation == Qt.Orientation.Vertical:
            return str(section + 1)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )


class ColumnWidths:
    """The widths of a code-point table's columns: each as wide as the widest
    text it has shown (and its header), never narrower until :meth:`reset`;
    the last column fills the rest.

    Qt's own fit (``QHeaderView.ResizeToContents``) asks the model for
    every role of every cell again inside each paint, then lays the header
    out and paints it once more, on every key that moves the cursor.
    Measuring the text with the font is a few microseconds a cell, and
    growing only keeps the columns still while the cursor moves. The
    user may drag a column to any width; it widens again only for text
    wider than any it has shown."""

    def __init__(self, table: QTableView) -> None:
        self._table = table
        self._widest: list[int] = []
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.reset()

    def reset(self) -> None:
        """Fit afresh from the headers' widths (a new document)."""
        header = self._table.horizontalHeader()
        self._widest = [header.sectionSizeHint(column) for column in range(len(HEADERS) - 1)]
        for column, width in enumerate(self._widest):
            header.resizeSection(column, width)

    def fit(self, rows: Sequence[CodePointRow]) -> None:
        """Widen each column but the last to fit ``rows`` where they are wider."""
        table = self._table
        metrics = QFontMetricsF(table.font())
        # The item delegate's text margins either side, and the grid line.
        frame = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table)
        margins = 2 * (frame + 1) + 2
        for column, widest in enumerate(self._widest):
            text = max((metrics.horizontalAdvance(row[column]) for row in rows), default=0.0)
            width = math.ceil(text) + margins
            if width > widest:
                self._widest[column] = width
                table.horizontalHeader().resizeSection(column, width)
