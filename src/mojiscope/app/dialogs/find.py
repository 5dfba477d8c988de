"""Ctrl+F: find hex bytes, or text encoded in a chosen format, checked live."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.model.formats import FormatChoice
from mojiscope.core import EncodeError, HexParseError
from mojiscope.core.paste.hex import parse_hex

HEX_MODE = "hex"
TEXT_MODE = "text"
_PREVIEW_BYTES = 24


class FindDialog(QDialog):
    """Asks what to find; :meth:`needle` holds the bytes to search for."""

    needle_changed = Signal(object)
    """The bytes to find as typed (None while the input is not valid)."""

    def __init__(
        self,
        choices: list[FormatChoice],
        current_key: str,
        parent: QWidget | None = None,
        text: str = "",
        mode: str = TEXT_MODE,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Find")
        self._choices = choices
        self._needle: bytes | None = None
        self.mode_box = QComboBox(self)
        self.mode_box.addItem("Text, encoded in a format", TEXT_MODE)
        self.mode_box.addItem("Hex bytes", HEX_MODE)
        self.format_box = QComboBox(self)
        for choice in choices:
            self.format_box.addItem(choice.label, choice.key)
        keys = [c.key for c in choices]
        if current_key in keys:
            self.format_box.setCurrentIndex(keys.index(current_key))
        self.editor = QLineEdit(self)
        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button.setText("Find")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Find:", self.editor)
        form.addRow("As:", self.mode_box)
        form.addRow("Format:", self.format_box)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status_label)
        layout.addWidget(self.buttons)
        self.mode_box.setCurrentIndex(0 if mode == TEXT_MODE else 1)
        self.editor.setText(text)
        self.editor.textChanged.connect(self._check)
        self.mode_box.currentIndexChanged.connect(self._check)
        self.format_box.currentIndexChanged.connect(self._check)
        self._check()

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def mode(self) -> str:
        return str(self.mode_box.currentData())

    def choice(self) -> FormatChoice:
        return self._choices[max(self.format_box.currentIndex(), 0)]

    def needle(self) -> bytes | None:
        """The bytes to find, or None while the input is not valid."""
        return self._needle

    def _check(self, *_: object) -> None:
        text = self.editor.text()
        self.format_box.setEnabled(self.mode() == TEXT_MODE)
        self._needle = None
        message = ""
        try:
            if self.mode() == HEX_MODE:
                self._needle = parse_hex(text) or None
            elif text:
                self._needle = self.choice().format.encode(text, "strict") or None
        except HexParseError as error:
            message = str(error)
        except EncodeError as error:
            message = f"{self.choice().label} cannot encode this: {error.why}"
        if self._needle is not None:
            shown = self._needle[:_PREVIEW_BYTES].hex(" ").upper()
            more = " …" if len(self._needle) > _PREVIEW_BYTES else ""
            self.status_label.setText(f"Bytes: {shown}{more} ({len(self._needle)})")
            self.status_label.setStyleSheet("")
        else:
            self.status_label.setText(message)
            self.status_label.setStyleSheet("color: #c62828;" if message else "")
        self.ok_button.setEnabled(self._needle is not None)
        self.needle_changed.emit(self._needle)
