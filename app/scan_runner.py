"""Runs a scan on the GUI thread when it is short, in a worker when it is long.

A scan over at most :data:`SYNC_LIMIT` bytes runs at once (a small file may
be searched synchronously); a longer one runs in a :class:`ScanWorker` with
a progress dialog whose Cancel stops it. Either way the result arrives
through :attr:`ScanRunner.finished` as ``(tag, result)``; a cancelled scan
emits nothing but :attr:`ScanRunner.cancelled`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from mojiscope.app.workers import Job, ScanWorker
from mojiscope.core.control import Cancelled

SYNC_LIMIT = 4 << 20
"""Scans over at most this many bytes run on the GUI thread."""


class ScanRunner(QObject):
    finished = Signal(str, object)
    failed = Signal(str, str)
    cancelled = Signal(str)

    def __init__(self, parent_widget: QWidget) -> None:
        super().__init__(parent_widget)
        self._parent_widget = parent_widget
        self.worker: ScanWorker | None = None
        self._dialog: QProgressDialog | None = None
        self._generation = 0

    @property
    def busy(self) -> bool:
        return self.worker is not None

    def run(self, tag: str, job: Job, total: int, label: str) -> None:
        """Start a scan of ``total`` bytes (stopping any scan still running)."""
        self.stop()
        if total <= SYNC_LIMIT:
            try:
                result = job(lambda _: None, lambda: False)
            except Cancelled:
                self.cancelled.emit(tag)
            except Exception as error:
                self.failed.emit(tag, f"{type(error).__name__}: {error}")
            else:
                self.finished.emit(tag, result)
            return
        worker = ScanWorker(job, total, self)
        dialog = QProgressDialog(label, "Cancel", 0, 1000, self._parent_widget)
        dialog.setWindowModality(Qt.WindowModality.NonModal)
        dialog.setMinimumDuration(300)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.canceled.connect(worker.cancel)
        worker.progressed.connect(dialog.setValue)
        generation = self._generation
        worker.succeeded.connect(lambda result: self._done(generation, tag, result))
        worker.failed.connect(lambda message: self._failed(generation, tag, message))
        worker.cancelled.connect(lambda: self._cancelled(generation, tag))
        self.worker, self._dialog = worker, dialog
        worker.start()

    def stop(self) -> None:
        """Cancel a running scan and wait for its thread to end; its result,
        if it still arrives, is dropped."""
        self._generation += 1
        worker = self.worker
        if worker is None:
            return
        worker.cancel()
        worker.wait()
        self._cleanup()

    def _cleanup(self) -> None:
        if self._dialog is not None:
            self._dialog.close()
            self._dialog.deleteLater()
        if self.worker is not None:
            self.worker.wait()
            self.worker.deleteLater()
        self.worker = None
        self._dialog = None

    def _done(self, generation: int, tag: str, result: object) -> None:
        if generation == self._generation:
            self._cleanup()
            self.finished.emit(tag, result)

    def _failed(self, generation: int, tag: str, message: str) -> None:
        if generation == self._generation:
            self._cleanup()
            self.failed.emit(tag, message)

    def _cancelled(self, generation: int, tag: str) -> None:
        if generation == self._generation:
            self._cleanup()
            self.cancelled.emit(tag)
