"""Ctrl+G: go to an offset, checked live (:mod:`mojiscope.app.model.offsets` says
what it accepts).

What the text says (the target, or why it is not an offset) is shown below
the field, wrapped: the dialog is wide enough for the longest help to take
two lines, keeps room for two from the start (the usual words never move the
buttons), and grows to show a longer one whole, never clipped under the
buttons, whatever the style and font.
"""

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

from mojiscope.app.grid.palette import is_dark
from mojiscope.app.model.offsets import OffsetError, parse_offset

PLACEHOLDER = "1234, 0x4D2, 512K, +16, -0x10, end, end-100, 50%"
ERROR_RED = "#c62828"
ERROR_RED_ON_DARK = "#ff8a80"
"""Why the text is not an offset, in a red that reads on a dark window."""
#: Lines of words the dialog keeps room for before any are shown.
STATUS_LINES = 2


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
        self.editor.setPlaceholderText(PLACEHOLDER)
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
        metrics = self.status_label.fontMetrics()
        self.setMinimumWidth(int(metrics.horizontalAdvance(PLACEHOLDER) * 1.4))
        self.status_label.setMinimumHeight(metrics.lineSpacing() * STATUS_LINES)
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
                red = ERROR_RED_ON_DARK if is_dark(self.palette()) else ERROR_RED
                self.status_label.setStyleSheet(f"color: {red};")
        self._make_room()
        self.ok_button.setEnabled(self._target is not None)
        self.target_changed.emit(self._target)

    def _make_room(self) -> None:
        """Grow to the height the wrapped words need at the present width
        (a dialog's layout gives it only its minimum size, which does not
        count the lines a wrapped label needs)."""
        layout = self.layout()
        assert layout is not None  # set in __init__
        layout.activate()
        needed = layout.totalHeightForWidth(self.width())
        self.setMinimumHeight(max(needed, layout.totalMinimumSize().height()))
        if self.height() < needed:
            self.resize(self.width(), needed)
