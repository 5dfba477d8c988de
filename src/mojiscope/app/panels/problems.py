"""The Problems dock: every region of the file where the current format found
anomalies, from its index, with the counts; each row names the exact offset
of its region's first anomaly (the index keeps it per chunk), and a click
selects that anomaly. Notices (bidi controls, invisible characters...: valid
text worth a look, :mod:`mojiscope.core.words.notices`) are rows of their
own, "notices: 4 bidi controls", after the region's anomalies, named by the
exact offset of the region's first notice; a click selects that notice.

One row per indexed chunk that holds anomalies (a chunk is about a
thousandth of the file), so the list stays short on any file, however many
anomalies it holds; F8 walks the anomalies one by one inside a region. The
list follows the index as it grows (looked at again at most every
:data:`REFRESH_MS`) and the current format. It is a model over the regions,
whose words are made only for the rows on screen: a thousand list items
rebuilt a few times a second would hold the window for frames. As the
index grows, the regions it found are inserted as rows (the list keeps its
scroll position, selection and current row); it is reset only when regions
go (another file or format).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QListView, QVBoxLayout, QWidget

from mojiscope.app.background.index_jobs import IndexKeeper
from mojiscope.app.panels.overview import counts_words
from mojiscope.app.window.selection import SelectionModel
from mojiscope.app.window.timers import Later
from mojiscope.core.index.file_index import next_notice
from mojiscope.core.index.scan import ChunkCounts
from mojiscope.core.words.notices import NOTICE_WORDS, Notice

AnyIndex = QModelIndex | QPersistentModelIndex

REFRESH_MS = 250
MAX_ROWS = 5000


#: The role whose data says a row is a region's notices (True) or its anomalies.
NOTICE_ROLE = Qt.ItemDataRole.UserRole + 1


class Region(NamedTuple):
    """A row: an indexed chunk's anomalies, or (``notice``) its notices."""

    counts: ChunkCounts
    notice: bool = False

    @property
    def key(self) -> int:
        """Orders the rows: by chunk, its anomalies before its notices."""
        return self.counts.start * 2 + self.notice

    @property
    def first(self) -> int:
        return self.counts.notice_first if self.notice else self.counts.first

    @property
    def last(self) -> int:
        return self.counts.notice_last if self.notice else self.counts.last

    @property
    def total(self) -> int:
        return self.counts.notice_count if self.notice else self.counts.anomalies


def regions_of(chunks: list[ChunkCounts | None]) -> list[Region]:
    """The rows an index's chunks make: one for the anomalies of each chunk
    that has any, one for its notices, in order."""
    rows = []
    for counts in chunks:
        if counts is not None:
            if counts.first >= 0:
                rows.append(Region(counts))
            if counts.notice_first >= 0:
                rows.append(Region(counts, notice=True))
    return rows


def region_words(region: Region) -> str:
    """A region's row: where its first anomaly (or notice) starts (the exact
    offset, not the start of its index chunk) and its counts in words."""
    counts = region.counts
    if region.notice:
        return f"0x{region.first:08X}  notices: {notices_words(counts.notices)}"
    return f"0x{region.first:08X}  {counts_words(counts.counts)}"


def region_tooltip(region: Region) -> str:
    """Where a region's anomalies (or notices) lie, and the index chunk that
    holds them."""
    counts = region.counts
    what = "Notices" if region.notice else "Anomalies"
    if region.last > region.first:
        where = f"{what} from 0x{region.first:X} to 0x{region.last:X}"
    else:
        where = f"{'A notice' if region.notice else 'An anomaly'} at 0x{region.first:X}"
    return f"{where}, in the index chunk 0x{counts.start:X}..0x{counts.end:X}"


class RegionList(QAbstractListModel):
    """The regions (indexed chunks holding anomalies, or notices) as list
    rows: the offset of the region's first anomaly (or notice) and its counts
    in words; ``UserRole`` is that first anomaly (or notice),
    :data:`NOTICE_ROLE` whether the row is notices."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[Region] = []
        self.total = 0
        """Anomalies in the regions shown."""
        self.notices = 0
        """Notices in the regions shown."""

    def _count(self, region: Region, sign: int = 1) -> None:
        if region.notice:
            self.notices += sign * region.total
        else:
            self.total += sign * region.total

    def set_regions(self, regions: list[Region]) -> None:
        """Show ``regions`` (ordered by key): the new ones are inserted
        and the changed ones updated when every region shown is among them;
        otherwise the model is reset. Which are new is found on arrays of
        keys, so a growing index of thousands of regions costs little."""
        old = np.fromiter((r.key for r in self.regions), np.int64, len(self.regions))
        new = np.fromiter((r.key for r in regions), np.int64, len(regions))
        if not np.isin(old, new).all():
            self.beginResetModel()
            self.regions = list(regions)
            self.total = self.notices = 0
            for region in regions:
                self._count(region)
            self.endResetModel()
            return
        kept = np.flatnonzero(np.isin(new, old))
        for row, (shown, region) in enumerate(
            zip(self.regions, (regions[k] for k in kept), strict=True)
        ):
            if shown.counts is not region.counts and shown != region:
                self._count(shown, -1)
                self._count(region)
                self.regions[row] = region
                self.dataChanged.emit(self.index(row), self.index(row))
        added = np.diff(np.concatenate(([0], np.isin(new, old, invert=True), [0])).astype(np.int8))
        for first, stop in zip(
            np.flatnonzero(added == 1), np.flatnonzero(added == -1), strict=True
        ):
            run = regions[first:stop]
            self.beginInsertRows(QModelIndex(), int(first), int(stop) - 1)
            self.regions[first:first] = run
            for region in run:
                self._count(region)
            self.endInsertRows()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt override
        return 0 if parent.isValid() else len(self.regions)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.regions):
            return None
        region = self.regions[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return region_words(region)
        if role == Qt.ItemDataRole.ToolTipRole:
            return region_tooltip(region)
        if role == Qt.ItemDataRole.UserRole:
            return region.first
        if role == NOTICE_ROLE:
            return region.notice
        if role == Qt.ItemDataRole.ForegroundRole and region.notice:
            return QBrush(QColor(NOTICE_COLOUR))
        return None


NOTICE_COLOUR = "#1f6fb2"
"""Notice rows are drawn in this blue: no error, unlike the rows around them."""


def notices_words(notices: dict[str, int]) -> str:
    """``4 bidi controls, 1 invisible character``."""
    return ", ".join(
        f"{n:,} {NOTICE_WORDS[Notice(name)].one if n == 1 else NOTICE_WORDS[Notice(name)].many}"
        for name, n in sorted(notices.items())
    )


class ProblemsPanel(QWidget):
    """Anomaly regions of the current format, from its index."""

    pointed = Signal(object)
    """The bytes ``(start, end)`` a click on the row the mouse is on would
    select (its first anomaly's span), else those of the row the keyboard
    is on while the list has the focus, else None: for the views to prepare
    (:mod:`~mojiscope.app.window.forecast`)."""

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
        self._timer = Later(self, REFRESH_MS, self.refresh)
        self._shown = True
        """Whether the list can be seen (its dock says: see :meth:`set_shown`)."""
        self._stale = False
        """The current format's index grew while the list was not shown."""
        self._hovered: tuple[int, bool] | None = None
        """The first anomaly (or notice) of the row under the mouse, and
        whether it is a notice, until the mouse leaves or clicks."""
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
        self._mouse_on(_row_target(row))

    def _mouse_on(self, target: tuple[int, bool] | None) -> None:
        if target != self._hovered:
            self._hovered = target
            self._tell()

    def _tell(self) -> None:
        """Emit :attr:`pointed`: the mouse's row, else the keyboard's."""
        target = self._hovered
        if target is None and self.list.hasFocus():
            target = _row_target(self.list.currentIndex())
        self.pointed.emit(None if target is None else self._jump_of(*target))

    def _jump_of(self, first: int, notice: bool = False) -> tuple[int, int] | None:
        """The bytes a jump to the anomaly at ``first`` selects: its span;
        to the notice there: its character's bytes."""
        document = self.keeper.document
        if document is None:
            return None
        index = self.keeper.current_index()
        if notice and index is not None:
            found = next_notice(index, document.source, first - 1)
            if found is not None:
                return found[0], found[1]
        span = document.span_at(self.keeper.shown.current, first)
        end = span.byte_end if span is not None else first + 1
        return first, max(end, first + 1)

    def set_document(self, _document: object) -> None:
        self.refresh()

    def _index_grew(self, format_id: str) -> None:
        """Refresh soon for the current format's index, once shown: a list
        behind another tab or in a closed dock is refreshed when it shows,
        not several times a second for no one while a file is indexed."""
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
        regions = regions_of(chunks)
        self.regions.set_regions(regions[:MAX_ROWS])
        known = len(chunks) - chunks.count(None)
        state = "" if known == len(chunks) else f" (indexed {known / len(chunks):.0%})"
        listed = self.regions.regions
        shown = sum(not r.notice for r in listed)
        total = self.regions.total
        more = f" (the first {len(listed):,} rows listed)" if len(regions) > len(listed) else ""
        words = f"{fid}: {total:,} anomalies in {shown:,} regions"
        if self.regions.notices:
            notices = len(listed) - shown
            words += f"; {self.regions.notices:,} notices in {notices:,} regions"
        self.heading.setText(f"{words}{state}{more}")

    def _chosen(self, row: QModelIndex) -> None:
        target = _row_target(row)
        jump = self._jump_of(*target) if target is not None else None
        if jump is not None:
            self.selection.select_range(*jump)
            self._mouse_on(None)  # shown now: the keys' places come next


def _row_target(row: QModelIndex) -> tuple[int, bool] | None:
    """A row's first anomaly (or notice) and whether it is a notice."""
    first = row.data(Qt.ItemDataRole.UserRole)
    return (first, bool(row.data(NOTICE_ROLE))) if isinstance(first, int) else None
