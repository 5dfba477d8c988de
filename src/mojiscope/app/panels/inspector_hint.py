"""The Inspector's one-line mojibake hint: "looks like utf-8 read as
windows-1252: Ã© → é" when the span under the cursor looks like mojibake.

The words are the core's (:func:`mojiscope.core.mojibake.mojibake_hint`).
Explaining takes a few milliseconds, more on a slow machine, so it never
runs on the GUI thread: the hint waits until the cursor has rested for
:data:`SETTLE_MS`, then explains at most :data:`AROUND` bytes either side of
the cursor within the span, as one job on the window's
:class:`~mojiscope.app.background.jobs.JobRunner` (a newer request cancels the older,
whose answer is dropped). A keypress never waits for it.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.model.document import Document
from mojiscope.app.window.timers import Later
from mojiscope.core import Span
from mojiscope.core.mojibake import mojibake_hint
from mojiscope.core.system.control import Control

#: How long the cursor must rest before the hint is looked for.
SETTLE_MS = 150
#: Bytes either side of the cursor that are explained (within its span).
AROUND = 256


def hint_window(data: bytes, cursor: int, cut_start: bool, cut_end: bool) -> bytes:
    """``data`` (bytes around the cursor, ``cursor`` relative to it) without
    a part-character at an edge that was cut: from just after the first
    ASCII byte before the cursor, to just after the last one after it, so
    the explainer never sees a sequence cut by the window."""
    start, end = 0, len(data)
    if cut_start:
        first = next((i for i in range(min(cursor, end)) if data[i] < 0x80), None)
        start = first + 1 if first is not None else 0
    if cut_end:
        last = next((i for i in range(end - 1, cursor - 1, -1) if data[i] < 0x80), None)
        end = last + 1 if last is not None else end
    return data[start:end]


class MojibakeHint(QLabel):
    """A label that shows the hint for the span under the cursor, or hides."""

    #: The hint shown ("" when there is none), after each look.
    hint_changed = Signal(str)

    def __init__(self, runner: JobRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setVisible(False)
        self.hint: str | None = None
        self.runner = runner
        """Where looks run: the window's runner, so the window can wait for them."""
        self._handle: JobHandle | None = None
        self._timer = Later(self, SETTLE_MS, self._look)
        self._wanted: bytes = b""
        self._span: tuple[int, int] | None = None

    def follow(self, document: Document | None, span: Span | None, cursor: int) -> None:
        """Look for a hint for ``span`` (under ``cursor``) once the cursor rests."""
        if document is None or span is None:
            self._show(None)
            self._timer.stop()
            return
        lo = max(span.byte_start, cursor - AROUND)
        hi = min(span.byte_end, cursor + AROUND)
        data = document.read(lo, hi)
        self._wanted = hint_window(data, cursor - lo, lo > span.byte_start, hi < span.byte_end)
        if self._span != (span.byte_start, span.byte_end):
            self._span = (span.byte_start, span.byte_end)
            self._show(None)  # another span: the old hint would mislead
        self._timer.start()

    def stop(self) -> None:
        """Look for no more hints; a look under way is cancelled (it reads
        only its own copy of the bytes, so nothing waits for it)."""
        self._timer.stop()
        if self._handle is not None:
            self._handle.cancel()

    def looking(self) -> bool:
        """Whether a look waits for the cursor to rest or is running."""
        return self._timer.pending() or (self._handle is not None and self._handle.running)

    def _look(self) -> None:
        data = self._wanted

        def job(control: Control) -> str | None:
            control.check()
            return mojibake_hint(data) if data else None

        handle = self.runner.start("inspector-hint", job, 1, label="Looking for mojibake")
        handle.succeeded.connect(self._show)
        self._handle = handle

    def _show(self, hint: object) -> None:
        self.hint = hint if isinstance(hint, str) else None
        self.setText(f"<b>Mojibake?</b> {escape(self.hint)}" if self.hint else "")
        self.setVisible(self.hint is not None)
        self.hint_changed.emit(self.hint or "")
