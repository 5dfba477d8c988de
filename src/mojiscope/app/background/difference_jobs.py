"""Compare mode's pass over the file: where the formats on show disagree.

While compare mode is on (View > Compare Formats), a :class:`DifferenceKeeper`
sweeps the open document in the formats on show
(:func:`~mojiscope.core.compare.sweep.sweep`, in a child process for a
file; with the indexes there are, which let it skip chunks unread, though
the UTF-8 family passes well-formed UTF-8 at the speed of CPython's
decoder without them) as the next of the window's passes over the file
(the user asked for it), and keeps what it finds as it comes: every differing range in a
:class:`~mojiscope.app.model.difference_map.DifferenceMap`,
the first ranges with what each format makes of them (the Differences
list's rows), and a sentence per pair of formats. A format joining or
leaving the columns starts the sweep again.

For the grid, :meth:`DifferenceKeeper.ranges_between` gives the differing
ranges of the rows on screen (a binary search: no decoding on the GUI
thread), and ``changed`` says when they may have changed (ranges found, the
mode turned on or off, the formats changed). Next and previous difference
ask :meth:`DifferenceKeeper.difference_at_once` first; where the map does
not know yet, the search commands scan in the background
(:func:`~mojiscope.core.compare.formats.next_difference`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from mojiscope.app.background.file_passes import FilePasses
from mojiscope.app.background.index_jobs import IndexKeeper
from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.model.difference_map import DifferenceMap, Range
from mojiscope.app.model.document import Document
from mojiscope.app.window.shown_formats import ShownFormats
from mojiscope.core import FileSource, Format
from mojiscope.core.compare.formats import Difference
from mojiscope.core.compare.sweep import SweepResult, Swept, sweep, sweep_file
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

CHANGED_INTERVAL_MS = 100
"""The shortest time between two ``changed`` signals while ranges arrive."""

SWEEP_JOB = "compare"


class DifferenceKeeper(QObject):
    """Compare mode's state for the open document (see the module docstring)."""

    changed = Signal()
    """The ranges, rows, sentences or state changed (also: the mode was
    turned on or off): a view showing them looks again."""

    def __init__(
        self,
        runner: JobRunner,
        passes: FilePasses,
        shown: ShownFormats,
        indexes: IndexKeeper,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.runner = runner
        self.passes = passes
        self.shown = shown
        self.indexes = indexes
        self.enabled = False
        self.document: Document | None = None
        self.map = DifferenceMap()
        self.rows: list[Difference] = []
        """The first ranges found, with what each format makes of them."""
        self.result: SweepResult | None = None
        self.permille = 0
        self._formats: list[Format] = []
        self._handle: JobHandle | None = None
        self._changed_timer = QTimer(self, singleShot=True, interval=CHANGED_INTERVAL_MS)
        self._changed_timer.timeout.connect(self.changed.emit)
        shown.changed.connect(self._restart)

    # -- what views ask ----------------------------------------------------------------

    def ranges_between(self, start: int, end: int) -> list[Range]:
        """The differing byte ranges that overlap ``[start, end)``, as far
        as the sweep has found them; none while compare mode is off. The
        grid's call for the rows on screen: a binary search, no decoding."""
        if not self.enabled:
            return []
        return self.map.between(start, end)

    def formats(self) -> list[Format]:
        """The formats compared: those on show, each once (a format shown
        under two replacement policies reads its bytes one way)."""
        seen: dict[str, Format] = {}
        for choice in self.shown.choices:
            seen.setdefault(choice.format.id, choice.format)
        return list(seen.values())

    @property
    def running(self) -> bool:
        return self._handle is not None and self._handle.running

    def state_words(self) -> str:
        """What the sweep is doing, in words, for a heading."""
        if not self.enabled:
            return "Compare mode is off (View > Compare Formats)."
        if self.document is None:
            return "No file open."
        if len(self._formats) < 2:
            return "Show at least two formats to compare them."
        if self.result is not None:
            count = self.result.count
            more = "" if self.result.complete else f" ({len(self.map):,} listed)"
            return f"{count:,} differing range{'s' if count != 1 else ''}{more}."
        if self.running:
            return f"Comparing {len(self._formats)} formats… {self.permille / 10:.0f}%"
        return f"Comparing {', '.join(f.id for f in self._formats)} after the pass running…"

    def pair_words(self) -> list[str]:
        """One sentence per pair of formats, once the sweep has ended."""
        return list(self.result.pairs) if self.result is not None else []

    def difference_at_once(self, offset: int, *, forward: bool) -> tuple[bool, Range | None]:
        """The next (previous) differing range from ``offset`` where the map
        knows it: ``(True, range or None)``; ``(False, None)`` otherwise."""
        if not self.enabled or self.document is None or len(self._formats) < 2:
            return False, None
        if forward:
            return self.map.next_after(offset)
        return self.map.previous_before(offset)

    def indexes_of_formats(self) -> list[FileIndex | None]:
        return [self.indexes.index_of(fmt) for fmt in self._formats]

    # -- what the window says ----------------------------------------------------------

    def set_enabled(self, enabled: bool) -> None:
        if enabled != self.enabled:
            self.enabled = enabled
            self._restart()

    def set_document(self, document: Document | None) -> None:
        self.document = document
        self._restart()

    # -- the sweep ---------------------------------------------------------------------

    def _restart(self) -> None:
        """Forget what was found and sweep again, next among the passes."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self.passes.withdraw(self)
        self.map = DifferenceMap()
        self.rows = []
        self.result = None
        self.permille = 0
        self._formats = self.formats()
        document = self.document
        if self.enabled and document is not None and document.size and len(self._formats) > 1:
            self.passes.ask(self, self._start, first=True)
        self.changed.emit()

    def _start(self) -> JobHandle | None:
        document, formats = self.document, list(self._formats)
        if document is None or not self.enabled or self.result is not None or len(formats) < 2:
            return None
        indexes = self.indexes_of_formats()
        source = document.source
        ids = [fmt.id for fmt in formats]

        def job(control: Control) -> SweepResult:
            if isinstance(source, FileSource):
                return run_in_child(sweep_file, (str(source.path), ids, indexes), control)
            return sweep(formats, source, indexes, control)  # pasted bytes: small

        handle = self.runner.start(
            SWEEP_JOB, job, document.size, label=f"Comparing {', '.join(ids)}"
        )
        handle.partial.connect(lambda batch: self._found(handle, batch))
        handle.progressed.connect(lambda permille: self._progressed(handle, permille))
        handle.succeeded.connect(lambda result: self._swept(handle, result))
        self._handle = handle
        return handle

    def _found(self, handle: JobHandle, batch: object) -> None:
        if handle is self._handle and isinstance(batch, Swept):
            self.map.add(batch.starts, batch.ends, batch.covered)
            self.rows.extend(batch.rows)
            self._soon()

    def _progressed(self, handle: JobHandle, permille: int) -> None:
        if handle is self._handle:
            self.permille = permille
            self._soon()

    def _swept(self, handle: JobHandle, result: object) -> None:
        if handle is self._handle and isinstance(result, SweepResult):
            self._handle = None
            self.result = result
            self.map.complete = result.complete
            self.map.covered = self.document.size if self.document is not None else 0
            self._changed_timer.stop()
            self.changed.emit()

    def _soon(self) -> None:
        if not self._changed_timer.isActive():
            self._changed_timer.start()
