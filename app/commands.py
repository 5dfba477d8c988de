"""Find, Find Next and next/previous anomaly (F3 / Shift+F3) for the window.

Each command builds a scan from :mod:`mojiscope.app.model.search` and hands it to
a :class:`ScanRunner`, which runs short scans at once and long ones in a
worker thread with progress and cancel. When a scan ends, the hit is
selected in the :class:`SelectionModel` (the views follow), or the status
bar says nothing was found. ``finished(tag, result)`` tells tests a scan is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from mojiscope.app import messages
from mojiscope.app.dialogs.find import TEXT_MODE, FindDialog
from mojiscope.app.model.search import find_bytes_wrapping, next_anomaly, previous_anomaly
from mojiscope.app.scan_runner import ScanRunner
from mojiscope.app.workers import IsCancelled, Progress
from mojiscope.core import Span
from mojiscope.core.control import Control

if TYPE_CHECKING:
    from mojiscope.app.window import MainWindow


class SearchCommands(QObject):
    finished = Signal(str, object)
    """``(tag, result)`` after a scan: "find" with an offset or None, "anomaly"
    with a Span or None."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.runner = ScanRunner(window)
        self.runner.finished.connect(self._finished)
        self.runner.failed.connect(self._failed)
        self.runner.cancelled.connect(lambda tag: self._say(f"{tag.capitalize()} cancelled"))
        self.last_needle: bytes | None = None
        self._last_text = ""
        self._last_mode = TEXT_MODE

    def stop(self) -> None:
        self.runner.stop()

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 5000)

    # -- find ------------------------------------------------------------------------

    def find_dialog(self) -> None:
        window = self.window
        if window.document is None:
            return
        dialog = FindDialog(
            window.shown.choices, window.shown.current.key, window, self._last_text, self._last_mode
        )
        if messages.exec_dialog(dialog) and dialog.needle():
            self._last_text = dialog.editor.text()
            self._last_mode = dialog.mode()
            self.find(dialog.needle() or b"")

    def find(self, needle: bytes) -> None:
        """Search for ``needle`` after the cursor, wrapping round at the end."""
        document = self.window.document
        if document is None or not needle:
            return
        self.last_needle = needle
        source = document.source
        start = self.window.selection.cursor + 1 if document.size else 0

        def job(progress: Progress, cancelled: IsCancelled) -> int | None:
            return find_bytes_wrapping(source, needle, start, control=Control(progress, cancelled))

        self.runner.run(
            "find", job, document.size, f"Searching for {needle[:16].hex(' ').upper()}…"
        )

    def find_next(self) -> None:
        if self.last_needle:
            self.find(self.last_needle)
        else:
            self.find_dialog()

    # -- anomalies ---------------------------------------------------------------------

    def anomaly(self, *, forward: bool) -> None:
        """Select the next (or previous) non-text span of the current format."""
        document = self.window.document
        if document is None or document.size == 0:
            return
        choice = self.window.shown.current
        source = document.source
        cursor = self.window.selection.cursor
        if forward:
            total = document.size - cursor

            def job(progress: Progress, cancelled: IsCancelled) -> Span | None:
                return next_anomaly(choice, source, cursor, control=Control(progress, cancelled))
        else:
            total = cursor

            def job(progress: Progress, cancelled: IsCancelled) -> Span | None:
                return previous_anomaly(
                    choice, source, cursor, control=Control(progress, cancelled)
                )

        way = "next" if forward else "previous"
        self.runner.run("anomaly", job, total, f"Looking for the {way} anomaly in {choice.label}…")

    # -- results --------------------------------------------------------------------------

    def _finished(self, tag: str, result: object) -> None:
        selection = self.window.selection
        if tag == "find":
            if isinstance(result, int) and self.last_needle:
                selection.select_range(result, result + len(self.last_needle))
                self._say(f"Found at 0x{result:X} ({result:,})")
            else:
                self._say("Not found")
        elif tag == "anomaly":
            if isinstance(result, Span):
                selection.select_range(result.byte_start, result.byte_end)
                reason = f" ({result.reason.value})" if result.reason else ""
                self._say(f"{result.kind.value}{reason} at 0x{result.byte_start:X}")
            else:
                self._say(f"No further anomaly in {self.window.shown.current.label}")
        self.finished.emit(tag, result)

    def _failed(self, tag: str, message: str) -> None:
        messages.show_message(self.window, "error", f"{tag.capitalize()} failed", message)
        self.finished.emit(tag, None)
