"""Running a long scan off the GUI thread, with progress and cancel.

A :class:`ScanWorker` runs one job (a function taking the ``progress`` and
``cancelled`` callbacks, which it wraps in a
:class:`~mojiscope.core.control.Control` for :mod:`mojiscope.app.model.search`) in its own QThread
and reports back through queued signals; :meth:`cancel` asks it to stop at
the next chunk.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QThread, Signal

from mojiscope.core.control import Cancelled

Progress = Callable[[int], None]
IsCancelled = Callable[[], bool]
Job = Callable[[Progress, IsCancelled], object]


class ScanWorker(QThread):
    """Runs ``job`` once; emits ``progressed`` (0..1000), then exactly one of
    ``succeeded(result)``, ``failed(message)`` or ``cancelled``."""

    progressed = Signal(int)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, job: Job, total: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._job = job
        self._total = max(total, 1)
        self._last_permille = -1

    def cancel(self) -> None:
        self.requestInterruption()

    def run(self) -> None:
        try:
            result = self._job(self._report, self.isInterruptionRequested)
        except Cancelled:
            self.cancelled.emit()
        except Exception as error:
            self.failed.emit(f"{type(error).__name__}: {error}")
        else:
            self.succeeded.emit(result)

    def _report(self, done: int) -> None:
        permille = min(1000, done * 1000 // self._total)
        if permille != self._last_permille:
            self._last_permille = permille
            self.progressed.emit(permille)
