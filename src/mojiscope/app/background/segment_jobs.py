"""The window's segment map: which parts of the open file were misread how.

A :class:`SegmentKeeper` asks, when a document opens, for the segment map
(:mod:`mojiscope.core.mojibake.segments`) as one of the window's passes over
the file (:mod:`~mojiscope.app.background.file_passes`: after the index and
the summary that were asked for first, one pass at a time). The map is made
in a child process (:func:`~mojiscope.core.mojibake.jobs.segment_file`), so
the explainer's Python never holds the window's interpreter lock (a large
file on :func:`~mojiscope.app.background.file_passes.window_workers`
processes, every core but one as for the window's other passes, and no
more than the map's own bound); its
batches arrive on the GUI thread as they are made and go into one
:class:`~mojiscope.core.mojibake.segment_map.SegmentMap` the views read (the
overview strip's bands, the Mojibake panel's Segments list, the Summary's
counts). Taking a batch is an append of arrays; the views hear of it at
most every :data:`GROWTH_INTERVAL_MS` (``changed``), and once more when the
map is complete (``completed``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from mojiscope.app.background.file_passes import FilePasses, window_workers
from mojiscope.app.background.jobs import AFTER_OPEN_MS, JobHandle, JobRunner
from mojiscope.app.model.document import Document
from mojiscope.core.mojibake.jobs import segment_bytes, segment_file
from mojiscope.core.mojibake.segment import SegmentBatch
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.mojibake.segments import MAX_WORKERS
from mojiscope.core.mojibake.table import TableShape
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

#: The shortest time between two ``changed`` signals of a growing map.
GROWTH_INTERVAL_MS = 100


class SegmentKeeper(QObject):
    """The segment map of the open document (see the module docstring)."""

    changed = Signal()
    """The map grew (at most every :data:`GROWTH_INTERVAL_MS`) or was replaced."""
    completed = Signal(object)
    """The map covers the whole file (the :class:`SegmentMap`)."""
    failed = Signal(str)

    def __init__(
        self, runner: JobRunner, passes: FilePasses, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.runner = runner
        self.passes = passes
        self.document: Document | None = None
        self.map: SegmentMap | None = None
        self._handle: JobHandle | None = None
        self._after_open = QTimer(self, singleShot=True, interval=AFTER_OPEN_MS)
        self._after_open.timeout.connect(self._ask)
        self._grown = QTimer(self, singleShot=True, interval=GROWTH_INTERVAL_MS)
        self._grown.timeout.connect(self.changed)

    def set_document(self, document: Document | None) -> None:
        """Forget the map and make ``document``'s, in its turn among the
        window's passes (asked for :data:`AFTER_OPEN_MS` after the open)."""
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.passes.withdraw(self)
        self._after_open.stop()
        self.document = document
        self.map = None
        self.changed.emit()
        if document is not None and document.size:
            self._after_open.start()

    def _ask(self) -> None:
        self.passes.ask(self, self._start)

    def _start(self) -> JobHandle | None:
        document = self.document
        if document is None or self._handle is not None:
            return None
        self.map = SegmentMap(document.size)
        path = str(document.path) if document.path is not None else None
        data = None if path is not None else document.source.read(0, document.size)

        workers = min(window_workers(), MAX_WORKERS)

        def job(control: Control) -> int:
            if path is not None:
                return run_in_child(segment_file, (path, workers), control)
            return run_in_child(segment_bytes, (data,), control)

        handle = self.runner.start("segments", job, document.size, label="Mapping segments")
        self._handle = handle
        # Methods, never closures: Qt drops them with the keeper.
        handle.partial.connect(self._received)
        handle.succeeded.connect(self._done)
        handle.failed.connect(self._failed)
        handle.finished.connect(self._ended)
        return handle

    def _received(self, item: object) -> None:
        if self.sender() is not self._handle or self.map is None:
            return
        if isinstance(item, SegmentBatch):
            self.map.add(item)
            if not self._grown.isActive():
                self._grown.start()
        elif isinstance(item, TableShape) or item is None:
            self.map.table = item

    def _done(self, _size: object) -> None:
        if self.sender() is not self._handle or self.map is None:
            return
        self._grown.stop()
        self.changed.emit()
        self.completed.emit(self.map)

    def _failed(self, message: str) -> None:
        if self.sender() is self._handle:
            self.failed.emit(message)

    def _ended(self) -> None:
        if self.sender() is self._handle:
            self._handle = None

    @property
    def running(self) -> bool:
        return self._handle is not None
