"""Closing a replaced document only once no job reads it any more.

Closing a :class:`~mojiscope.app.model.document.Document` unmaps its file;
a job still slicing that map would read freed memory. So when the window
opens another document, or closes, it cancels the old one's jobs and hands
the old document here with the jobs that were still running: it is closed as soon
as all of them have returned, looked at when each of them finishes and
every :data:`RETIRE_WAIT_MS`. The GUI thread never waits for them: it
waited up to that long per job on every open, and closing a window waited
0.1-2 s while a summary in a child process heard its Cancel.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from mojiscope.app.background.jobs import JobHandle
from mojiscope.app.model.document import Document

RETIRE_WAIT_MS = 200
"""How often a retirement looks again at the jobs that still run."""


class Retirement(QObject):
    """Documents waiting for their last jobs before they are closed."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.waiting: list[tuple[Document, list[JobHandle]]] = []
        self._look_again = QTimer(self, singleShot=True, interval=RETIRE_WAIT_MS)
        self._look_again.timeout.connect(self._close_finished)

    def retire(self, old: Document, readers: list[JobHandle]) -> None:
        """Close ``old`` once none of ``readers`` is running its function
        (now, if none is)."""
        self.waiting.append((old, readers))
        for handle in readers:
            handle.finished.connect(self._close_finished)
        self._close_finished()

    def _close_finished(self) -> None:
        still = []
        for old, readers in self.waiting:
            if all(handle.wait(0) for handle in readers):
                old.close()
            else:
                still.append((old, readers))
        self.waiting = still
        if still and not self._look_again.isActive():
            self._look_again.start()
