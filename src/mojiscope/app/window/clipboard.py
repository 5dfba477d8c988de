"""What Copy puts on the clipboard: hex, text in a format, a Python bytes literal."""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow

from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import FormatChoice
from mojiscope.app.window import messages

COPY_LIMIT = 16 << 20
"""Largest selection copied as hex or a bytes literal."""
TEXT_COPY_LIMIT = 4 << 20
"""Largest selection copied as decoded text (text is built per character)."""

_SURROGATES = re.compile("[\ud800-\udfff]")


class CopyTooLargeError(ValueError):
    """The selection is larger than the clipboard limit for that kind of copy."""


def check_copy_size(length: int, *, as_text: bool) -> None:
    """Raise :class:`CopyTooLargeError` before anything is read if a
    selection of ``length`` bytes is over the limit for that kind of copy."""
    _check(length, TEXT_COPY_LIMIT if as_text else COPY_LIMIT)


def copy_selection(
    window: QMainWindow, length: int, make_text: Callable[[], str], *, as_text: bool
) -> None:
    """Put ``make_text()`` (the text of a selection of ``length`` bytes) on
    the clipboard and say so in ``window``'s status bar. A selection over the
    limit is refused, in a message, before anything is read (a 2 GB
    selection at once)."""
    if length == 0:
        return
    try:
        check_copy_size(length, as_text=as_text)
        text = make_text()
    except CopyTooLargeError as error:
        messages.show_message(window, "warning", "Selection too large", str(error))
        return
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)
    window.statusBar().showMessage(f"Copied {len(text):,} characters", 3000)


def _check(length: int, limit: int) -> None:
    if length > limit:
        raise CopyTooLargeError(
            f"The selection is {length:,} bytes; copying is limited to {limit:,} bytes."
        )


def as_hex(data: bytes) -> str:
    """``48 65 6C``: upper-case hex, one space between bytes."""
    _check(len(data), COPY_LIMIT)
    return data.hex(" ").upper()


def as_bytes_literal(data: bytes) -> str:
    """A Python bytes literal that evaluates to ``data`` (``b'He\\xc3\\xa9'``)."""
    _check(len(data), COPY_LIMIT)
    return repr(bytes(data))


def as_text(document: Document, choice: FormatChoice, start: int, end: int) -> str:
    """The characters whose bytes overlap ``[start, end)``, decoded with
    ``choice``. Lone surrogates (WTF-8, UTF-8b escapes), which no clipboard
    can hold, become U+FFFD."""
    _check(end - start, TEXT_COPY_LIMIT)
    text = "".join(cell.text for cell in document.chars(choice, start, end))
    return _SURROGATES.sub("\ufffd", text)
