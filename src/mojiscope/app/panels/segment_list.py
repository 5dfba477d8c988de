"""The Mojibake panel's Segments list: the damaged segments of a segment map,
one row each (where, how it was read, how sure), in the colour of its band
on the overview strip; rows are worded only when shown."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from mojiscope.app.model.segment_bands import Reading, reading_keys, readings
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.words.describe import byte_range

RANGE_ROLE = Qt.ItemDataRole.UserRole
"""The role whose data is a row's byte range ``(start, end)``."""


class SegmentList(QAbstractListModel):
    """The damaged segments of a map, one row each, made only when shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.found: SegmentMap | None = None
        self._rows: list[int] = []
        self._readings: dict[int, Reading] = {}
        self._keys: list[int] = []

    def show_map(self, found: SegmentMap | None) -> None:
        self.beginResetModel()
        self.found = found
        if found is None or not len(found):
            self._rows, self._readings, self._keys = [], {}, []
        else:
            damaged = found.damaged()
            self._rows = damaged.tolist()
            self._readings = readings(found)
            self._keys = reading_keys(found)[damaged].tolist()
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt override
        return 0 if parent.isValid() else len(self._rows)

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if self.found is None or not 0 <= index.row() < len(self._rows):
            return None
        if role == Qt.ItemDataRole.DecorationRole:
            return QColor(self._readings[self._keys[index.row()]].colour)
        segment = self.found.segment(self._rows[index.row()])
        if role == RANGE_ROLE:
            return (segment.start, segment.end)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        table = self.found.table
        where = f"row {segment.row:,}"
        if table is not None and segment.column >= 0:
            where += f", {table.column_name(segment.column)}"
        label = self._readings[self._keys[index.row()]].label
        guesses = f", {len(segment.lost)} guessed" if segment.lost else ""
        sure = f"{segment.confidence:.0%}{guesses}"
        return f"{byte_range(segment.start, segment.end)}   {where}   {label} ({sure})"

    def reading_legend(self) -> list[Reading]:
        return list(self._readings.values())
