"""Ctrl+G: go to an offset, checked live (:mod:`mojiscope.app.model.offsets` says
what it accepts)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.model.offsets import OffsetError, parse_offset


class GotoDialog(QDialog):
    """Asks for an offset; :meth:`target` is valid once OK is enabled.

    ``target_changed`` tells the target as it is typed (None while the text
    is not an offset), so that the window can prepare the screen it would
    bring while the user is still typing."""

    target_changed = Signal(object)

    def __init__(self, current: int, size: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Go to Offset")
        self._current = current
        self._size = size
        self._target: int | None = None
        self.editor = QLineEdit(self)
        self.editor.setPlaceholderText("1234, 0x4D2, 512K, +16, -0x10, end, end-100, 50%")
        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(f"Offset (cursor at {current:,} = 0x{current:X}; size {size:,} bytes):")
        )
        layout.addWidget(self.editor)
        layout.addWidget(self.status_label)
        layout.addWidget(self.buttons)
        self.editor.textChanged.connect(self._check)
        self._check("")

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def target(self) -> int | None:
        return self._target

    def _check(self, text: str) -> None:
        self._target = None
        if not text.strip():
            self.status_label.setText("")
        else:
            try:
                self._target = parse_offset(text, self._current, self._size)
                self.status_label.setText(f"→ {self._target:,} (0x{self._target:X})")
                self.status_label.setStyleSheet("")
            except OffsetError as error:
                self.status_label.setText(str(error))
                self.status_label.setStyleSheet("color: #c62828;")
        self.ok_button.setEnabled(self._target is not None)
        self.target_changed.emit(self._target)
