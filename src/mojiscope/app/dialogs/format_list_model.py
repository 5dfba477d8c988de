"""The formats chooser's model: every offered format, checkable and in order.

Rows are the keys the chooser offers (:func:`available_keys`), the checked
ones first in the order they are shown; checking, unchecking and moving rows
edits which formats will be shown and in which order (:meth:`checked_keys`).
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from mojiscope.app.model.formats import resolve

Index = QModelIndex | QPersistentModelIndex
KEY_ROLE = Qt.ItemDataRole.UserRole + 1


class FormatListModel(QAbstractListModel):
    """Checkable, reorderable list of format keys."""

    def __init__(
        self, available: list[str], shown: list[str], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        known = [k for k in available if resolve(k) is not None]
        shown_known = [k for k in shown if resolve(k) is not None]
        extra = [k for k in shown_known if k not in known]
        ordered = shown_known + [k for k in known + extra if k not in shown_known]
        self._keys = ordered
        self._checked = set(shown_known)

    # -- read ------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._keys)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._keys):
            return None
        key = self._keys[index.row()]
        choice = resolve(key)
        if role == Qt.ItemDataRole.DisplayRole:
            return choice.label if choice else key
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{key}: {choice.description}" if choice else key
        if role == Qt.ItemDataRole.CheckStateRole:
            checked = key in self._checked
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == KEY_ROLE:
            return key
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemIsUserCheckable
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def keys(self) -> list[str]:
        return list(self._keys)

    def checked_keys(self) -> list[str]:
        """The checked keys in row order: the formats to show."""
        return [k for k in self._keys if k in self._checked]

    # -- write -------------------------------------------------------------------

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if role != Qt.ItemDataRole.CheckStateRole or not index.isValid():
            return False
        key = self._keys[index.row()]
        checked = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2, True)
        if checked:
            self._checked.add(key)
        else:
            self._checked.discard(key)
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        return True

    def moveRows(  # noqa: N802 - Qt override
        self,
        source_parent: Index,
        source_row: int,
        count: int,
        destination_parent: Index,
        destination_child: int,
    ) -> bool:
        """Move ``count`` rows to before ``destination_child`` (Qt's convention)."""
        n = len(self._keys)
        if source_parent.isValid() or destination_parent.isValid() or count < 1:
            return False
        if not (source_row >= 0 and source_row + count <= n and 0 <= destination_child <= n):
            return False
        if source_row <= destination_child <= source_row + count:
            return False  # a no-op move, which beginMoveRows rejects
        if not self.beginMoveRows(
            QModelIndex(), source_row, source_row + count - 1, QModelIndex(), destination_child
        ):
            return False
        moving = self._keys[source_row : source_row + count]
        rest = self._keys[:source_row] + self._keys[source_row + count :]
        at = destination_child if destination_child < source_row else destination_child - count
        self._keys = rest[:at] + moving + rest[at:]
        self.endMoveRows()
        return True

    def move_row(self, row: int, delta: int) -> int:
        """Move one row up (-1) or down (+1); return its new row."""
        target = row + delta
        if not 0 <= row < len(self._keys) or not 0 <= target < len(self._keys):
            return row
        destination = target if delta < 0 else target + 1
        self.moveRows(QModelIndex(), row, 1, QModelIndex(), destination)
        return target

    def add_key(self, key: str) -> int:
        """Check ``key``, adding it as the last row if it is not listed, and
        return its row."""
        if key not in self._keys:
            row = len(self._keys)
            self.beginInsertRows(QModelIndex(), row, row)
            self._keys.append(key)
            self.endInsertRows()
        row = self._keys.index(key)
        self.setData(self.index(row, 0), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
        return row

    def set_checked_keys(self, keys: list[str]) -> None:
        """Check exactly ``keys`` and put them first, in that order."""
        self.beginResetModel()
        wanted = [k for k in keys if k in self._keys]
        self._keys = wanted + [k for k in self._keys if k not in wanted]
        self._checked = set(wanted)
        self.endResetModel()
