"""The app's whole-file indexes: one background job per shown format.

When a document opens, and whenever a format joins the columns, an
:class:`IndexKeeper` asks for ``build_index`` of that format, which starts
on the app's :class:`~mojiscope.app.background.jobs.JobRunner` in its turn among the
window's passes over the file (:mod:`~mojiscope.app.background.file_passes`). Chunk
counts stream back to the GUI thread and go into a
:class:`~mojiscope.core.index.file_index.FileIndex` the views read at once (the
overview strip, the Problems list); when the job ends, the index it built
(with a code page's alignment) replaces it. A status-bar label says what is
being indexed and how far it got.

Next/previous anomaly asks :meth:`IndexKeeper.anomaly_at_once` first (and
next/previous notice :meth:`IndexKeeper.notice_at_once`): where
the index already knows which chunk holds the answer, one small decode on
the GUI thread finds it; otherwise the search command scans in the background.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QStatusBar

from mojiscope.app.background.file_passes import FilePasses, window_workers
from mojiscope.app.background.jobs import AFTER_OPEN_MS, JobHandle, JobRunner
from mojiscope.app.model.document import WINDOW, Document
from mojiscope.app.window.shown_formats import ShownFormats
from mojiscope.app.window.status import SteadyLabel
from mojiscope.app.window.timers import Later
from mojiscope.core import Decoding, FileSource, Format, Span
from mojiscope.core.index.file_index import (
    FileIndex,
    NoticeRange,
    build_index,
    index_file,
    next_notice,
    notice_answers_at_once,
    previous_notice,
    uses_a_pool,
)
from mojiscope.core.index.scan import ALIGN_STEP, ChunkCounts
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

if TYPE_CHECKING:
    from mojiscope.app.window.selection import SelectionModel


GROWTH_INTERVAL_MS = 100
"""The shortest time between two ``changed`` signals of a growing index."""


def show_progress(label: SteadyLabel, what: str, permille: int, more: str = "") -> None:
    """``Indexing utf-8: 42%`` in ``label``, made as wide as the text at
    100% at once: a label that widens with each percent lays the status bar
    out again at every progress report."""
    label.show_text(f"{what}: {permille / 10:.0f}%{more}", room_for=f"{what}: 100%{more}")
    label.show()


class IndexKeeper(QObject):
    """Keeps one :class:`FileIndex` per shown format of the open document."""

    changed = Signal(str)
    """A format's index grew or was completed (its format id)."""
    columns_changed = Signal()
    """Windows the columns show were dropped to be decoded exactly: repaint."""

    def __init__(
        self,
        runner: JobRunner,
        passes: FilePasses,
        shown: ShownFormats,
        selection: SelectionModel,
        status_bar: QStatusBar,
    ) -> None:
        super().__init__(runner)
        self.runner = runner
        self.passes = passes
        self.shown = shown
        self.selection = selection
        self.document: Document | None = None
        self.indexes: dict[str, FileIndex] = {}
        self._handles: dict[str, JobHandle] = {}
        self._jobs: dict[JobHandle, tuple[str, FileIndex]] = {}
        """Each running job's format id and the index it fills, until it ends."""
        self._grown: set[str] = set()
        self._reached: dict[str, set[tuple[str, int]]] = {}
        """Per format id: the document's decoded windows its index had reached
        at the last look (see :meth:`_reached_new_windows`)."""
        self._grown_timer = Later(self, GROWTH_INTERVAL_MS, self._tell_grown)
        self._after_open = Later(self, AFTER_OPEN_MS, self._start_missing)
        self.status_label = SteadyLabel()
        self.status_label.setObjectName("index-status")
        status_bar.addPermanentWidget(self.status_label)
        self.status_label.hide()
        shown.changed.connect(self._start_missing)
        shown.current_changed.connect(self._start_missing)

    def index_of(self, fmt: Format) -> FileIndex | None:
        return self.indexes.get(fmt.id)

    def current_index(self) -> FileIndex | None:
        return self.index_of(self.shown.current.format)

    def set_document(self, document: Document | None) -> None:
        """Forget every index and index ``document`` in each shown format, in
        turn, from :data:`~mojiscope.app.background.jobs.AFTER_OPEN_MS` on."""
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
        self.passes.withdraw(self)
        self.indexes.clear()
        self._reached.clear()
        self.document = document
        if document is not None:
            self._after_open.start()
        else:
            self._after_open.stop()
        self._show_status()

    def _start_missing(self) -> None:
        """Ask for the next format without an index, the current one first,
        to be indexed in its turn among the window's passes over the file
        (:class:`~mojiscope.app.background.file_passes.FilePasses`). One index job runs
        at a time, so memory stays that of one job whatever the number of
        columns."""
        document = self.document
        if document is None or document.size == 0 or self._handles:
            return
        if self._next_missing() is not None:
            self.passes.ask(self, self._start_next)

    def _next_missing(self) -> Format | None:
        for choice in [self.shown.current, *self.shown.choices]:
            if choice.format.id not in self.indexes:
                return choice.format
        return None

    def _start_next(self) -> JobHandle | None:
        """The index of the next format without one, started now (its turn has
        come), if the document still needs one."""
        document, fmt = self.document, self._next_missing()
        if document is None or fmt is None or self._handles:
            return None
        return self._start(document, fmt)

    def _start(self, document: Document, fmt: Format) -> JobHandle:
        shown = FileIndex(fmt, document.size)
        self.indexes[fmt.id] = shown
        source = document.source
        workers = window_workers()

        def job(control: Control) -> FileIndex:
            # The work is done in other processes, so that the GUI thread
            # keeps the interpreter lock: a pool's for a large file (on every
            # core but the window's), else a child's.
            if uses_a_pool(fmt, source, workers):
                return build_index(fmt, source, control, workers=workers, background=True)
            if isinstance(source, FileSource):
                return run_in_child(index_file, (str(source.path), fmt), control)
            return build_index(fmt, source, control)  # pasted bytes: small

        handle = self.runner.start(
            f"index:{fmt.id}", job, document.size, label=f"Indexing {fmt.id}"
        )
        self._handles[fmt.id] = handle
        self._jobs[handle] = (fmt.id, shown)
        # Methods of the keeper, never closures: Qt drops them with it (and
        # the window, whose status bar they write to), which may go before
        # the job ends.
        handle.partial.connect(self._chunk_done)
        handle.succeeded.connect(self._completed)
        handle.progressed.connect(self._progressed)
        handle.finished.connect(self._finished)
        return handle

    def _progressed(self, _permille: int) -> None:
        self._show_status()

    def _job(self) -> tuple[str, FileIndex] | None:
        """The format id and index of the job whose signal is being handled."""
        handle = self.sender()
        return self._jobs.get(handle) if isinstance(handle, JobHandle) else None

    def _chunk_done(self, counts: object) -> None:
        job = self._job()
        if job is not None:
            self.chunk_arrived(*job, counts)

    def chunk_arrived(self, fid: str, shown: FileIndex, counts: object) -> None:
        """A chunk's ``counts`` for the index ``shown`` of format ``fid``
        arrived (a partial result of its job): add them, and say so soon
        (:meth:`_tell_grown`), unless another index replaced it meanwhile."""
        if isinstance(counts, ChunkCounts) and self.indexes.get(fid) is shown:
            shown.add(counts)
            self._grown.add(fid)
            if not self._grown_timer.pending():
                self._grown_timer.start()

    def _tell_grown(self) -> None:
        """``changed`` for the indexes that grew since the last time: at most
        every :data:`GROWTH_INTERVAL_MS` however fast the chunks come, so the
        views redraw a few times a second, not once per chunk. Windows decoded
        from a guessed boundary are dropped so that they decode exactly now."""
        grown, self._grown = self._grown, set()
        for fid in grown:
            if self._reached_new_windows(fid) and self._forget_guessed_windows(fid):
                self.columns_changed.emit()
            self.changed.emit(fid)

    def _reached_new_windows(self, fid: str) -> bool:
        """Whether the index of ``fid`` has reached, since the last look, a
        window the document holds decoded. Only then are guessed windows
        dropped: a window the index has not reached would only be guessed
        again, and the columns and the text view reloaded for nothing."""
        document, index = self.document, self.indexes.get(fid)
        if document is None or index is None or index.bounds is None:
            return False
        reached = {
            (key, window)
            for key, windows in document.cached_windows().items()
            if key.partition("/")[0] == fid
            for window in windows
            if self._knows_window(index, window)
        }
        before = self._reached.get(fid, set())
        self._reached[fid] = reached
        return not reached <= before

    @staticmethod
    def _knows_window(index: FileIndex, window: int) -> bool:
        """Whether ``index`` knows the boundaries around the document's
        ``window`` (so :meth:`FileIndex.exact_window` decodes it)."""
        assert index.bounds is not None
        start = window * WINDOW
        end = min(start + WINDOW, index.size)
        stop_step = -(-end // ALIGN_STEP)
        stop_known = stop_step >= len(index.bounds) or index.bounds[stop_step] >= 0
        return index.window_start(start) is not None and bool(stop_known)

    def _forget_guessed_windows(self, fid: str) -> bool:
        return self.document is not None and self.document.forget_guessed_windows(fid)

    def _completed(self, result: object) -> None:
        job = self._job()
        if job is None:
            return
        fid, shown = job
        if isinstance(result, FileIndex) and self.indexes.get(fid) is shown:
            self.indexes[fid] = result
            if self._forget_guessed_windows(fid):  # complete: it knows every window
                self.columns_changed.emit()
            self.changed.emit(fid)

    def _finished(self) -> None:
        handle = self.sender()
        job = self._jobs.pop(handle, None) if isinstance(handle, JobHandle) else None
        fid = job[0] if job is not None else None
        if fid is not None and self._handles.get(fid) is handle:
            del self._handles[fid]  # a failed index stays partial: F3 scans past it
        self._start_missing()
        self._show_status()

    def running(self) -> list[JobHandle]:
        return list(self._handles.values())

    def _show_status(self) -> None:
        handles = self.running()
        if not handles:
            self.status_label.hide()
            return
        first = handles[0]
        more = f" (+{len(handles) - 1} more)" if len(handles) > 1 else ""
        show_progress(self.status_label, first.label, first.permille, more)

    def exact_window(self, fmt: Format, start: int, end: int) -> Decoding | None:
        """Bytes ``[start, end)`` of ``fmt`` decoded exactly as the whole file
        would, from the boundaries the index recorded; ``None`` for a format
        that resynchronises exactly anyway, or where the index has not
        reached yet (the document then decodes from a guess). No replacement
        policy: the column's :class:`~mojiscope.app.model.formats.FormatChoice`
        applies its own."""
        index, document = self.indexes.get(fmt.id), self.document
        if index is None or index.bounds is None or document is None:
            return None
        return index.exact_window(document.source, start, end)

    # -- navigation ------------------------------------------------------------------

    def likely_anomalies(self) -> list[int]:
        """Where Next and Previous Anomaly would put the cursor, where the
        index's counts say so without reading (see
        :meth:`~mojiscope.core.index.file_index.FileIndex.next_anomaly_start`),
        for the views to prepare while the user rests."""
        index = self.current_index()
        if index is None or self.document is None:
            return []
        cursor = self.selection.cursor
        found = (index.next_anomaly_start(cursor), index.previous_anomaly_start(cursor))
        return [offset for offset in found if offset is not None]

    def notice_at_once(self, *, forward: bool) -> tuple[bool, NoticeRange | None]:
        """The next (or previous) notice of the current format from the
        cursor, if the index can find it at once: ``(True, notice or
        None)``; ``(False, None)`` when a background scan is needed."""
        document, index = self.document, self.current_index()
        if document is None or index is None or document.size == 0:
            return False, None
        cursor = self.selection.cursor
        if not notice_answers_at_once(index, cursor, forward=forward):
            return False, None
        if forward:
            return True, next_notice(index, document.source, cursor)
        return True, previous_notice(index, document.source, cursor)

    def anomaly_at_once(self, *, forward: bool) -> tuple[bool, Span | None]:
        """The next (or previous) anomaly of the current format from the
        cursor, if the index can find it at once: ``(True, span or None)``;
        ``(False, None)`` when a background scan is needed."""
        document, index = self.document, self.current_index()
        if document is None or index is None or document.size == 0:
            return False, None
        cursor = self.selection.cursor
        if not index.answers_at_once(cursor, forward=forward):
            return False, None
        if forward:
            return True, index.next_anomaly(document.source, cursor)
        return True, index.previous_anomaly(document.source, cursor)
