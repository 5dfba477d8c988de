"""The export dialog's loss table: one row per kind and reason of loss.

Each row shows the kind, the reason in words, how many, the offsets of the
first ones and what they become under replace; its tooltip is the first
loss's full sentence. Clicking a row emits ``chosen(start, end)`` with the
byte range of the first loss of that kind (the dialog selects it in the main
window); the "First at" cell lists the first offsets so the user can jump on
with the window's Find or Go to.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from mojiscope.core.conversion.loss_report import LossRow

_COLUMNS = ("Kind", "Why", "Count", "First at", "Becomes")
_FIRST_SHOWN = 4


def _offsets(row: LossRow, base: int) -> str:
    shown = ", ".join(f"0x{start + base:X}" for start, _ in row.first[:_FIRST_SHOWN])
    return shown + (", …" if row.count > _FIRST_SHOWN else "")


class LossTable(QTableWidget):
    """The rows of a :class:`~mojiscope.core.conversion.loss_report.LossReport`."""

    chosen = Signal(int, int)
    """``(start, end)``: the bytes of the clicked row's first loss, in the whole file."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(_COLUMNS), parent)
        self.setHorizontalHeaderLabels(_COLUMNS)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.rows: tuple[LossRow, ...] = ()
        self.base = 0
        self.cellClicked.connect(lambda row, _column: self._choose(row))

    def show_rows(self, rows: tuple[LossRow, ...], base: int) -> None:
        """Show ``rows``; their offsets are relative to byte ``base`` of the file.
        Rows streamed in while a report runs mostly repeat the ones shown, a
        count grown at most: only new and changed rows are written."""
        shown = self.rows if base == self.base else ()
        self.rows, self.base = rows, base
        self.setRowCount(len(rows))
        for i, row in enumerate(rows):
            if i < len(shown) and shown[i] == row:
                continue
            cells = (
                row.kind,
                row.words,
                f"{row.count:,}",
                _offsets(row, base),
                row.becomes,
            )
            for column, text in enumerate(cells):
                item = self.item(i, column)
                if item is None:
                    item = QTableWidgetItem()
                    self.setItem(i, column, item)
                item.setText(text)
                item.setToolTip(row.message)
                if column == 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )

    def _choose(self, index: int) -> None:
        if 0 <= index < len(self.rows) and self.rows[index].first:
            start, end = self.rows[index].first[0]
            self.chosen.emit(start + self.base, max(end, start + 1) + self.base)
