"""The Problems dock: every region of the file where the current format found
anomalies, from its index, with the counts; a click selects the region's
first anomaly.

One row per indexed chunk that holds anomalies (a chunk is about a
thousandth of the file), so the list stays short on any file, however many
anomalies it holds; F3 walks the anomalies one by one inside a region. The
list follows the index as it grows (rebuilt at most every
:data:`REFRESH_MS`) and the current format.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from mojiscope.app.index_jobs import IndexKeeper
from mojiscope.app.overview import counts_words
from mojiscope.app.selection import SelectionModel

REFRESH_MS = 250
MAX_ROWS = 5000


class ProblemsPanel(QWidget):
    """Anomaly regions of the current format, from its index."""

    def __init__(
        self, keeper: IndexKeeper, selection: SelectionModel, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.keeper = keeper
        self.selection = selection
        self.heading = QLabel()
        self.list = QListWidget()
        self.list.setObjectName("problems-list")
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.list)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        keeper.changed.connect(lambda _fid: self._timer.start())
        keeper.shown.current_changed.connect(self.refresh)
        self.list.itemActivated.connect(self._chosen)
        self.list.itemClicked.connect(self._chosen)

    def set_document(self, _document: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.list.clear()
        index = self.keeper.current_index()
        fid = self.keeper.shown.current.format.id
        if index is None:
            self.heading.setText("No file indexed.")
            return
        total = 0
        for counts in index.chunks:
            if counts is None or counts.first < 0:
                continue
            total += counts.anomalies
            if self.list.count() < MAX_ROWS:
                text = f"0x{counts.start:08X}  {counts_words(counts.counts)}"
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, counts.first)
                self.list.addItem(item)
        state = (
            "" if index.complete else f" (indexed {index.indexed_bytes / max(index.size, 1):.0%})"
        )
        self.heading.setText(f"{fid}: {total:,} anomalies in {self.list.count():,} regions{state}")

    def _chosen(self, item: QListWidgetItem) -> None:
        first = item.data(Qt.ItemDataRole.UserRole)
        document = self.keeper.document
        if document is None or not isinstance(first, int):
            return
        span = document.span_at(self.keeper.shown.current, first)
        end = span.byte_end if span is not None else first + 1
        self.selection.select_range(first, max(end, first + 1))
