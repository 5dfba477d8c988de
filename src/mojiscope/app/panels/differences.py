"""The Differences dock: where the formats on show disagree, pair by pair.

Compare mode's list (View > Compare Formats): a heading with one sentence
per pair of formats ("utf-8 and wtf-8 differ at 2 places: lone
surrogates") and the state of the sweep, then one row per differing range
(its bytes, and what each format makes of them), as the
:class:`~mojiscope.app.background.difference_jobs.DifferenceKeeper` finds
them; a click (or Enter) selects the range. Rows arrive in order at the
end of the list, inserted (the list keeps its scroll position and current
row), and at most the keeper's first
:data:`~mojiscope.core.compare.sweep.MAX_ROWS`; the keys go to any
difference in the file (Search > Next Difference).
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import QFrame, QListView, QPlainTextEdit, QSplitter, QVBoxLayout, QWidget

from mojiscope.app.background.difference_jobs import DifferenceKeeper
from mojiscope.app.window.selection import SelectionModel
from mojiscope.app.window.timers import Later
from mojiscope.core.compare.formats import Difference

AnyIndex = QModelIndex | QPersistentModelIndex

REFRESH_MS = 250
"""The shortest time between two refreshes while ranges arrive."""


class DifferenceRows(QAbstractListModel):
    """The keeper's rows as list rows; ``UserRole`` is the range ``(start, end)``."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Difference] = []
        self._from: list[Difference] | None = None
        """The list the rows shown were taken from (a sweep's, which only grows)."""

    def set_rows(self, rows: list[Difference]) -> None:
        """Show ``rows``: when they are the list shown before, grown, the
        new ones are inserted; another list resets the model."""
        shown = len(self.rows)
        if rows is self._from and len(rows) >= shown:
            if len(rows) > shown:
                self.beginInsertRows(QModelIndex(), shown, len(rows) - 1)
                self.rows = list(rows)
                self.endInsertRows()
            return
        self.beginResetModel()
        self._from = rows
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt override
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        difference = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return difference.words()
        if role == Qt.ItemDataRole.UserRole:
            return (difference.start, difference.end)
        return None


class DifferencesPanel(QWidget):
    """Compare mode's sentences and differing ranges (see the module docstring)."""

    def __init__(
        self, keeper: DifferenceKeeper, selection: SelectionModel, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.keeper = keeper
        self.selection = selection
        # Scrolls, so that many pairs' sentences never take the grid's height.
        self.heading = QPlainTextEdit()
        self.heading.setObjectName("differences-heading")
        self.heading.setReadOnly(True)
        self.heading.setFrameShape(QFrame.Shape.NoFrame)
        self.heading.viewport().setAutoFillBackground(False)
        self.rows = DifferenceRows()
        self._none: list[Difference] = []
        self.list = QListView()
        self.list.setObjectName("differences-list")
        self.list.setUniformItemSizes(True)
        self.list.setModel(self.rows)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.heading)
        split.addWidget(self.list)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self._timer = Later(self, REFRESH_MS, self.refresh)
        keeper.changed.connect(self._soon)
        self.list.activated.connect(self._chosen)
        self.list.clicked.connect(self._chosen)
        self.refresh()

    def _soon(self) -> None:
        if not self._timer.pending():
            self._timer.start()

    def refresh(self) -> None:
        keeper = self.keeper
        lines = [*keeper.pair_words(), keeper.state_words()]
        if self.heading.toPlainText() != (text := "\n".join(lines)):
            self.heading.setPlainText(text)
        self.rows.set_rows(keeper.rows if keeper.enabled else self._none)

    def _chosen(self, row: QModelIndex) -> None:
        found = row.data(Qt.ItemDataRole.UserRole)
        if isinstance(found, tuple):
            self.selection.select_range(*found)
