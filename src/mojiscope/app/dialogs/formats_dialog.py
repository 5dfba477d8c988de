"""Formats > Choose Formats: which decoded columns to show, and their order.

Besides the built-in list, any format or Python codec can be added by name:
the field completes every name Python's codecs answer to, says in one line
what the typed name is (or why it cannot be shown), and Add (or Enter)
appends it checked. The window remembers the chosen list.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.dialogs.format_list_model import FormatListModel
from mojiscope.app.model.formats import DEFAULT_KEYS, describe_key, python_codec_names


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
        layout.addLayout(self._build_add_row())
        layout.addWidget(self.add_description)
        layout.addWidget(self.buttons)
        self._update_ok()
        self._describe_typed()

    def _build_add_row(self) -> QHBoxLayout:
        """The name field (completing every codec name), its Add button and
        the line that describes what was typed."""
        self.add_field = QLineEdit(self)
        self.add_field.setPlaceholderText("Add a format or Python codec by name, e.g. cp850")
        completer = QCompleter(python_codec_names(), self.add_field)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.add_field.setCompleter(completer)
        self.add_button = QPushButton("Add", self)
        self.add_button.setAutoDefault(False)
        self.add_description = QLabel(self)
        self.add_description.setWordWrap(True)
        self.add_field.textChanged.connect(self._describe_typed)
        self.add_field.returnPressed.connect(self.add_typed)
        self.add_button.clicked.connect(self.add_typed)
        row = QHBoxLayout()
        row.addWidget(self.add_field, 1)
        row.addWidget(self.add_button)
        return row

    def _describe_typed(self, *_: object) -> None:
        choice, words = describe_key(self.add_field.text())
        self.add_description.setText(words)
        self.add_button.setEnabled(choice is not None)

    def add_typed(self) -> None:
        """Add the typed format (checked) and select it; nothing if it is
        not one Mojiscope can show."""
        choice, _ = describe_key(self.add_field.text())
        if choice is None:
            return
        row = self.model.add_key(choice.key)
        index = self.model.index(row, 0, QModelIndex())
        self.list_view.setCurrentIndex(index)
        self.list_view.scrollTo(index)
        self.add_field.clear()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Enter in the name field adds the format; it must not also press OK."""
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and self.focusWidget() is self.add_field:
            event.accept()
            return
        super().keyPressEvent(event)

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
