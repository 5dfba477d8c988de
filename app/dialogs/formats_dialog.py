"""Formats > Choose Formats: which decoded columns to show, and their order."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.format_list_model import FormatListModel
from mojiscope.app.formats import DEFAULT_KEYS


class FormatsDialog(QDialog):
    """A checkable list with Move Up / Move Down; :meth:`chosen_keys` on OK."""

    def __init__(
        self, available: list[str], shown: list[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Choose Formats")
        self.resize(420, 480)
        self.model = FormatListModel(available, shown, self)
        self.list_view = QListView(self)
        self.list_view.setModel(self.model)
        self.up_button = QPushButton("Move Up", self)
        self.down_button = QPushButton("Move Down", self)
        self.defaults_button = QPushButton("Defaults", self)
        self.up_button.clicked.connect(lambda: self._move(-1))
        self.down_button.clicked.connect(lambda: self._move(+1))
        self.defaults_button.clicked.connect(
            lambda: self.model.set_checked_keys(list(DEFAULT_KEYS))
        )
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.model.dataChanged.connect(self._update_ok)
        self.model.modelReset.connect(self._update_ok)
        side = QVBoxLayout()
        for button in (self.up_button, self.down_button, self.defaults_button):
            side.addWidget(button)
        side.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.list_view, 1)
        row.addLayout(side)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel("Tick the formats to show as columns; their order is the column order.")
        )
        layout.addLayout(row)
        layout.addWidget(self.buttons)
        self._update_ok()

    def chosen_keys(self) -> list[str]:
        return self.model.checked_keys()

    def _move(self, delta: int) -> None:
        index = self.list_view.currentIndex()
        if not index.isValid():
            return
        row = self.model.move_row(index.row(), delta)
        self.list_view.setCurrentIndex(self.model.index(row, 0, QModelIndex()))

    def _update_ok(self, *_: object) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.model.checked_keys()))
