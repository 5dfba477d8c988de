"""Closing a replaced document only once no job reads it any more.

Closing a :class:`~mojiscope.app.model.document.Document` unmaps its file;
a job still slicing that map would read freed memory. So when the window
opens another document it cancels the old one's jobs and hands the old
document here with the jobs that were still running: it is closed as soon
as all of them have returned (at once, usually: a cancelled job stops
within a chunk), and until then it is looked at again every
:data:`RETIRE_WAIT_MS`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from mojiscope.app.jobs import JobHandle
from mojiscope.app.model.document import Document

RETIRE_WAIT_MS = 200
"""How long a retirement waits for cancelled jobs before returning, and how
often it looks again at those that still run."""


class Retirement(QObject):
    """Documents waiting for their last jobs before they are closed."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.waiting: list[tuple[Document, list[JobHandle]]] = []

    def retire(self, old: Document, readers: list[JobHandle]) -> None:
        """Close ``old`` once none of ``readers`` is running its function."""
        for handle in readers:
            handle.wait(RETIRE_WAIT_MS)
        self.waiting.append((old, readers))
        self._close_finished()

    def close_all(self) -> None:
        """Close every waiting document now (the window is closing and has
        waited for its jobs)."""
        for old, _readers in self.waiting:
            old.close()
        self.waiting = []

    def _close_finished(self) -> None:
        still = []
        for old, readers in self.waiting:
            if all(handle.wait(0) for handle in readers):
                old.close()
            else:
                still.append((old, readers))
        self.waiting = still
        if still:
            QTimer.singleShot(RETIRE_WAIT_MS, self._close_finished)
