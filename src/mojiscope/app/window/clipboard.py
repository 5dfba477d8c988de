"""What Copy puts on the clipboard: hex, text in a format, a Python bytes literal,
and what the status bar says it put there: how many characters, and every
U+FFFD the text holds that the bytes did not (a lone surrogate no clipboard
can hold, ill-formed bytes the format replaced).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow

from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import FormatChoice
from mojiscope.app.window import messages
from mojiscope.core import SpanKind
from mojiscope.core.words.describe import plural

COPY_LIMIT = 16 << 20
"""Largest selection copied as hex or a bytes literal."""
TEXT_COPY_LIMIT = 4 << 20
"""Largest selection copied as decoded text (text is built per character)."""
COPIED_SHOWN_MS = 5000
"""How long the status bar says what was copied."""

_SURROGATES = re.compile("[\ud800-\udfff]")


class CopyTooLargeError(ValueError):
    """The selection is larger than the clipboard limit for that kind of copy."""


class Copied(NamedTuple):
    """Text for the clipboard, and the U+FFFD in it that stand for something
    else: ``surrogates`` lone surrogates replaced because no clipboard can
    hold one, ``invalid`` ill-formed sequences the format decoded to U+FFFD."""

    text: str
    surrogates: int = 0
    invalid: int = 0

    def words(self) -> str:
        """``Copied 1 character``; ``Copied 3 characters: 1 lone surrogate as
        U+FFFD (no clipboard holds one)``."""
        notes = []
        if self.invalid:
            notes.append(f"{self.invalid:,} U+FFFD for ill-formed bytes")
        if self.surrogates:
            notes.append(
                f"{plural(self.surrogates, 'lone surrogate')} as U+FFFD (no clipboard holds one)"
            )
        said = f"Copied {plural(len(self.text), 'character')}"
        return f"{said}: {'; '.join(notes)}" if notes else said


def check_copy_size(length: int, *, as_text: bool) -> None:
    """Raise :class:`CopyTooLargeError` before anything is read if a
    selection of ``length`` bytes is over the limit for that kind of copy."""
    _check(length, TEXT_COPY_LIMIT if as_text else COPY_LIMIT)


def copy_selection(
    window: QMainWindow, length: int, make_text: Callable[[], str | Copied], *, as_text: bool
) -> None:
    """Put ``make_text()`` (the text of a selection of ``length`` bytes) on
    the clipboard and say in ``window``'s status bar what went there
    (:meth:`Copied.words`). A selection over the limit is refused, in a
    message, before anything is read (a 2 GB selection at once)."""
    if length == 0:
        return
    try:
        check_copy_size(length, as_text=as_text)
        made = make_text()
    except CopyTooLargeError as error:
        messages.show_message(window, "warning", "Selection too large", str(error))
        return
    copied = made if isinstance(made, Copied) else Copied(made)
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(copied.text)
    window.statusBar().showMessage(copied.words(), COPIED_SHOWN_MS)


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


def as_text(document: Document, choice: FormatChoice, start: int, end: int) -> Copied:
    """The characters whose bytes overlap ``[start, end)``, decoded with
    ``choice``. Lone surrogates (WTF-8, UTF-8b escapes), which no clipboard
    can hold, become U+FFFD; so are ill-formed bytes the format replaced.
    Both are counted (a U+FFFD the bytes themselves hold is not)."""
    _check(end - start, TEXT_COPY_LIMIT)
    cells = document.chars(choice, start, end)
    text, surrogates = _SURROGATES.subn("\ufffd", "".join(cell.text for cell in cells))
    invalid = sum(
        cell.text.count("\ufffd")
        for cell in cells
        if cell.kind is not SpanKind.TEXT and not _SURROGATES.search(cell.text)
    )
    return Copied(text, surrogates, invalid)
