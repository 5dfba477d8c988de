"""The export dialog's loss report in words: the table, one row per kind and
reason of loss, and the sentence above it (:func:`summary_line`). Both are
formatters over the core's
:class:`~mojiscope.core.conversion.loss_report.ConversionReport` (the rows
it groups the losses in), as the command line's reports are.

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

from mojiscope.core.conversion.loss_report import ConversionReport, LossRow
from mojiscope.core.spans.event import REASON_WORDS, Reason

_COLUMNS = ("Kind", "Why", "Count", "First at", "Becomes")
_FIRST_SHOWN = 4


def summary_line(report: ConversionReport) -> str:
    """One sentence: how much is lost, or that the text survives exactly."""
    rows = report.rows()
    if report.lossless:
        notes = [r for r in rows if not r.refuses_strict]
        extra = f" ({notes[0].kind.replace('-', ' ')})" if notes else ""
        return f"The text survives exactly{extra}."
    n = report.loss_count
    groups = sum(1 for r in rows if r.refuses_strict)
    return f"{n:,} loss{'es' if n != 1 else ''} in {groups} group{'s' if groups != 1 else ''}."


def why(row: LossRow) -> str:
    """The row's reason in words, or its kind when it has no reason."""
    if row.reason is not None and row.reason in Reason.__members__.values():
        return REASON_WORDS[Reason(row.reason)]
    return row.kind.replace("-", " ")


def _offsets(row: LossRow, base: int) -> str:
    shown = ", ".join(f"0x{start + base:X}" for start, _ in row.first[:_FIRST_SHOWN])
    return shown + (", …" if row.count > _FIRST_SHOWN else "")


class LossTable(QTableWidget):
    """The rows of a :class:`~mojiscope.core.conversion.loss_report.ConversionReport`."""

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
                why(row),
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
