"""The Problems dock: every region of the file where the current format found
anomalies, from its index, with the counts; each row names the exact offset
of its region's first anomaly (the index keeps it per chunk), and a click
selects that anomaly.

One row per indexed chunk that holds anomalies (a chunk is about a
thousandth of the file), so the list stays short on any file, however many
anomalies it holds; F8 walks the anomalies one by one inside a region. The
list follows the index as it grows (looked at again at most every
:data:`REFRESH_MS`) and the current format. It is a model over the regions,
whose words are made only for the rows on screen: a thousand list items
rebuilt a few times a second would hold the window 40 ms each time. As the
index grows, the regions it found are inserted as rows (the list keeps its
scroll position, selection and current row); it is reset only when regions
go (another file or format).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import QLabel, QListView, QVBoxLayout, QWidget

from mojiscope.app.background.index_jobs import IndexKeeper
from mojiscope.app.panels.overview import counts_words
from mojiscope.app.window.selection import SelectionModel
from mojiscope.core.index.scan import ChunkCounts

AnyIndex = QModelIndex | QPersistentModelIndex

REFRESH_MS = 250
MAX_ROWS = 5000


def region_words(counts: ChunkCounts) -> str:
    """A region's row: where its first anomaly starts (the exact offset, not
    the start of its index chunk) and its counts in words."""
    return f"0x{counts.first:08X}  {counts_words(counts.counts)}"


def region_tooltip(counts: ChunkCounts) -> str:
    """Where a region's anomalies lie, and the index chunk that holds them."""
    if counts.last > counts.first:
        where = f"Anomalies from 0x{counts.first:X} to 0x{counts.last:X}"
    else:
        where = f"An anomaly at 0x{counts.first:X}"
    return f"{where}, in the index chunk 0x{counts.start:X}..0x{counts.end:X}"


class RegionList(QAbstractListModel):
    """The regions (indexed chunks holding anomalies) as list rows: the
    offset of the region's first anomaly and its counts in words;
    ``UserRole`` is that first anomaly."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[ChunkCounts] = []
        self.total = 0
        """Anomalies in the regions shown."""

    def set_regions(self, regions: list[ChunkCounts]) -> None:
        """Show ``regions`` (ordered by start): the new ones are inserted
        and the changed ones updated when every region shown is among them;
        otherwise the model is reset. Which are new is found on arrays of
        starts, so a growing index of thousands of regions costs little."""
        old = np.fromiter((c.start for c in self.regions), np.int64, len(self.regions))
        new = np.fromiter((c.start for c in regions), np.int64, len(regions))
        if not np.isin(old, new).all():
            self.beginResetModel()
            self.regions = list(regions)
            self.total = sum(c.anomalies for c in regions)
            self.endResetModel()
            return
        kept = np.flatnonzero(np.isin(new, old))
        for row, (shown, region) in enumerate(
            zip(self.regions, (regions[k] for k in kept), strict=True)
        ):
            if shown is not region and shown != region:
                self.total += region.anomalies - shown.anomalies
                self.regions[row] = region
                self.dataChanged.emit(self.index(row), self.index(row))
        added = np.diff(np.concatenate(([0], np.isin(new, old, invert=True), [0])).astype(np.int8))
        for first, stop in zip(
            np.flatnonzero(added == 1), np.flatnonzero(added == -1), strict=True
        ):
            run = regions[first:stop]
            self.beginInsertRows(QModelIndex(), int(first), int(stop) - 1)
            self.regions[first:first] = run
            self.total += sum(c.anomalies for c in run)
            self.endInsertRows()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt override
        return 0 if parent.isValid() else len(self.regions)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.regions):
            return None
        counts = self.regions[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return region_words(counts)
        if role == Qt.ItemDataRole.ToolTipRole:
            return region_tooltip(counts)
        if role == Qt.ItemDataRole.UserRole:
            return counts.first
        return None


class ProblemsPanel(QWidget):
    """Anomaly regions of the current format, from its index."""

    pointed = Signal(object)
    """The bytes ``(start, end)`` a click on the row the mouse is on would
    select (its first anomaly's span), else those of the row the keyboard
    is on while the list has the focus, else None: for the views to prepare
    (:mod:`~mojiscope.app.background.jump_ahead`)."""

    def __init__(
        self, keeper: IndexKeeper, selection: SelectionModel, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.keeper = keeper
        self.selection = selection
        self.heading = QLabel()
        self.regions = RegionList()
        self.list = QListView()
        self.list.setObjectName("problems-list")
        self.list.setUniformItemSizes(True)
        self.list.setModel(self.regions)
        self.list.setMouseTracking(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.list)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        self._shown = True
        """Whether the list can be seen (its dock says: see :meth:`set_shown`)."""
        self._stale = False
        """The current format's index grew while the list was not shown."""
        self._hovered: int | None = None
        """The first anomaly of the row under the mouse, until it leaves or clicks."""
        keeper.changed.connect(self._index_grew)
        keeper.shown.current_changed.connect(self.refresh)
        self.list.activated.connect(self._chosen)
        self.list.clicked.connect(self._chosen)
        self.list.selectionModel().currentChanged.connect(self._point)
        self.list.entered.connect(self._mouse_entered)
        self.list.viewportEntered.connect(lambda: self._mouse_on(None))
        self.list.installEventFilter(self)
        self.list.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if watched is self.list and kind in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            self._tell()
        elif watched is self.list.viewport() and kind == QEvent.Type.Leave:
            self._mouse_on(None)
        return False

    def _point(self, _row: QModelIndex) -> None:
        """The keyboard's row changed: tell where it leads, while the list
        has the focus (a row changed by the list's refresh says nothing: a
        Go to being typed meanwhile keeps its target)."""
        if self.list.hasFocus():
            self._tell()

    def _mouse_entered(self, row: QModelIndex) -> None:
        first = row.data(Qt.ItemDataRole.UserRole)
        self._mouse_on(first if isinstance(first, int) else None)

    def _mouse_on(self, first: int | None) -> None:
        if first != self._hovered:
            self._hovered = first
            self._tell()

    def _tell(self) -> None:
        """Emit :attr:`pointed`: the mouse's row, else the keyboard's."""
        first = self._hovered
        if first is None and self.list.hasFocus():
            current = self.list.currentIndex().data(Qt.ItemDataRole.UserRole)
            first = current if isinstance(current, int) else None
        self.pointed.emit(None if first is None else self._jump_of(first))

    def _jump_of(self, first: int) -> tuple[int, int] | None:
        """The bytes a jump to the anomaly at ``first`` selects: its span."""
        document = self.keeper.document
        if document is None:
            return None
        span = document.span_at(self.keeper.shown.current, first)
        end = span.byte_end if span is not None else first + 1
        return first, max(end, first + 1)

    def set_document(self, _document: object) -> None:
        self.refresh()

    def _index_grew(self, format_id: str) -> None:
        """Refresh soon for the current format's index, once shown: a list
        behind another tab or in a closed dock is refreshed when it shows
        (a refresh of a thousand regions cost about 5 ms, several times a
        second while a file was indexed)."""
        if format_id != self.keeper.shown.current.format.id:
            return
        if self._shown:
            self._timer.start()
        else:
            self._stale = True

    def set_shown(self, shown: bool) -> None:
        """Whether the list can be seen now: its dock's ``visibilityChanged``
        (a dock behind another's tab is not hidden, only moved out of sight)."""
        self._shown = shown
        if shown and self._stale:
            self.refresh()

    def refresh(self) -> None:
        self._stale = False
        index = self.keeper.current_index()
        fid = self.keeper.shown.current.format.id
        if index is None:
            self.regions.set_regions([])
            self.heading.setText("No file indexed.")
            return
        chunks = index.chunks
        regions = [c for c in chunks if c is not None and c.first >= 0]
        self.regions.set_regions(regions[:MAX_ROWS])
        known = len(chunks) - chunks.count(None)
        state = "" if known == len(chunks) else f" (indexed {known / len(chunks):.0%})"
        shown, total = self.regions.rowCount(), self.regions.total
        more = f" (the first {shown:,} listed)" if len(regions) > shown else ""
        self.heading.setText(f"{fid}: {total:,} anomalies in {shown:,} regions{state}{more}")

    def _chosen(self, row: QModelIndex) -> None:
        first = row.data(Qt.ItemDataRole.UserRole)
        jump = self._jump_of(first) if isinstance(first, int) else None
        if jump is not None:
            self.selection.select_range(*jump)
            self._mouse_on(None)  # shown now: the keys' places come next
