"""Edit > Paste Hex: read bytes from hex in any common shape, or base64, checked live.

The dialog runs the core's :func:`parse_hex` (hex, C/C++ arrays, ``xxd -i``)
or, when the user picks the Base64 form, :func:`parse_base64`, on every edit
(debounced for long pastes, and for those run on a job runner so the window
never freezes) and shows either the byte count or the parser's
error with its line and column, underlining the spot; OK stays disabled until
the text parses to at least one byte. Base64 is an explicit choice because
text such as ``deadbeef`` is valid as both.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.grid.fonts import monospace_font
from mojiscope.core import HexParseError
from mojiscope.core.paste.base64_text import parse_base64
from mojiscope.core.paste.hex import DEFAULT_LIMIT, parse_hex

#: Texts longer than this are parsed after a pause in typing, not per
#: keystroke, and off the GUI thread.
DEBOUNCE_CHARS = 100_000

HEX_FORM, BASE64_FORM = "hex", "base64"
"""The two forms the dialog reads (:attr:`PasteHexDialog.form`)."""


class PasteHexDialog(QDialog):
    """Type or paste hex; :meth:`data` gives the bytes once accepted."""

    def __init__(self, parent: QWidget | None = None, text: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Paste Hex")
        self.resize(640, 360)
        self._data: bytes | None = None
        self.error: HexParseError | None = None
        self.jobs = _paste_runner()
        self._pending: JobHandle | None = None
        self._pending_text = ""
        """The text the reading under way reads."""
        intro = QLabel(
            "Hex in any common shape: 48 65 6C, 0x48,0x65, \\x48\\x65, %48%65, "
            "b'He\\x6c', xxd or hexdump -C output, a C or C++ array "
            "({ 0x48, 0x65 };) or xxd -i output. Or choose Base64."
        )
        intro.setWordWrap(True)
        self.hex_choice = QRadioButton("&Hex, C array or xxd", self)
        self.base64_choice = QRadioButton("&Base64", self)
        self.hex_choice.setChecked(True)
        self.form_group = QButtonGroup(self)
        for button in (self.hex_choice, self.base64_choice):
            self.form_group.addButton(button)
        self.form_group.buttonToggled.connect(self._form_toggled)
        forms = QHBoxLayout()
        forms.addWidget(QLabel("Read as:", self))
        forms.addWidget(self.hex_choice)
        forms.addWidget(self.base64_choice)
        forms.addStretch(1)
        self.editor = QPlainTextEdit(self)
        self.editor.setFont(monospace_font())
        self.editor.setPlaceholderText("48 65 6c 6c 6f")
        self.status_label = QLabel(self)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_label.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(forms)
        layout.addWidget(self.editor)
        layout.addWidget(self.status_label)
        layout.addWidget(self.buttons)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.reparse)
        self.editor.textChanged.connect(self._text_changed)
        self.editor.setPlainText(text)
        self._timer.stop()  # the first reading starts now, not after a pause
        self.reparse()

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    @property
    def form(self) -> str:
        """:data:`HEX_FORM` or :data:`BASE64_FORM`, as the radio buttons say."""
        return BASE64_FORM if self.base64_choice.isChecked() else HEX_FORM

    def set_form(self, form: str) -> None:
        (self.base64_choice if form == BASE64_FORM else self.hex_choice).setChecked(True)

    def _form_toggled(self, _button: QRadioButton, checked: bool) -> None:
        if checked:
            self.reparse()

    def data(self) -> bytes | None:
        """The parsed bytes, or None while the text does not parse."""
        return self._data

    def _text_changed(self) -> None:
        if len(self.editor.toPlainText()) > DEBOUNCE_CHARS:
            self._pending = None  # a reading under way is of an older text
            self._data = None
            self.ok_button.setEnabled(False)
            self._timer.start()
        else:
            self.reparse()

    def reparse(self) -> None:
        """Parse the text and update the status line and the OK button: now
        for a short text, on the job runner for a long one (OK stays disabled
        and the status says so until it is read)."""
        text = self.editor.toPlainText()
        self.error = None
        self._data = None
        self._pending = None
        if len(text) <= DEBOUNCE_CHARS:
            self._data, self.error = read_paste(text, self.form)
            self._show_status(text)
            return
        self.ok_button.setEnabled(False)
        self.status_label.setStyleSheet("")
        self.status_label.setText(f"Reading {len(text):,} characters\u2026")
        form = self.form
        handle = self.jobs.start(
            "paste", lambda _control: read_paste(text, form), len(text), label="Reading the paste"
        )
        self._pending = handle
        self._pending_text = text
        # A method of the dialog, never a closure: Qt drops it with the
        # dialog, which may be closed and deleted before the reading ends.
        handle.succeeded.connect(self._read)

    def _read(self, result: object) -> None:
        if (
            self._pending is None
            or self.sender() is not self._pending
            or not isinstance(result, tuple)
        ):
            return  # the text or the form changed since: a newer reading follows
        self._pending = None
        self._data, self.error = result
        self._show_status(self._pending_text)

    @property
    def reading(self) -> bool:
        """True while a long text is being read in the background."""
        return self._pending is not None

    def _show_status(self, text: str) -> None:
        self.editor.setExtraSelections([])
        if self.error is not None:
            self.status_label.setText(
                f"<b>Line {self.error.line}, column {self.error.column}:</b> "
                f"{_escape(_message_of(self.error))}"
            )
            self.status_label.setStyleSheet("color: #c62828;")
            self._mark_error(self.error.line, self.error.column)
        elif not self._data:
            self.status_label.setText(
                "No bytes yet." if not text.strip() else "No bytes in this text."
            )
            self.status_label.setStyleSheet("")
        else:
            count = len(self._data)
            self.status_label.setText(f"{count:,} byte{'s' if count != 1 else ''}")
            self.status_label.setStyleSheet("")
        self.ok_button.setEnabled(bool(self._data))

    def _mark_error(self, line: int, column: int) -> None:
        block = self.editor.document().findBlockByNumber(line - 1)
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        position = min(_utf16_length(block.text(), column - 1), max(block.length() - 1, 0))
        cursor.setPosition(block.position() + position)
        cursor.movePosition(
            QTextCursor.MoveOperation.NextCharacter, QTextCursor.MoveMode.KeepAnchor
        )
        marked = QTextEdit.ExtraSelection()
        marked.cursor = cursor
        style = QTextCharFormat()
        style.setBackground(QColor(255, 80, 80, 110))
        style.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        style.setUnderlineColor(QColor("#c62828"))
        style.setFontWeight(QFont.Weight.Bold)
        marked.format = style
        self.editor.setExtraSelections([marked])


_RUNNER: list[JobRunner] = []


def _paste_runner() -> JobRunner:
    """One job runner for every Paste Hex dialog, owned by the application.
    Not the dialog's own: a runner deleted with its parent while a finished
    job's handle awaits its ``deleteLater`` crashes PySide ("shared QObject
    was deleted directly"), and a dialog is deleted right after it closes."""
    if not _RUNNER:
        _RUNNER.append(JobRunner(QCoreApplication.instance()))
    return _RUNNER[0]


def read_paste(text: str, form: str) -> tuple[bytes | None, HexParseError | None]:
    """(the bytes, None) or (None, the error) for ``text`` read as ``form``."""
    try:
        if form == BASE64_FORM:
            return parse_base64(text, limit=DEFAULT_LIMIT), None
        return parse_hex(text), None
    except HexParseError as error:
        return None, error


def _message_of(error: HexParseError) -> str:
    """The parser's message without the "line L, column C: " prefix it starts with."""
    text = str(error)
    prefix = f"line {error.line}, column {error.column}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


def _utf16_length(text: str, code_points: int) -> int:
    """Qt positions count UTF-16 units; the parser counts code points."""
    return len(text[:code_points].encode("utf-16-le")) // 2


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
