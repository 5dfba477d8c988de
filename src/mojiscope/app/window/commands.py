"""Find (Ctrl+F), Find Next/Previous (F3 / Shift+F3), next/previous anomaly
(F8 / Shift+F8), difference (F7 / Shift+F7) and notice (F9 / Shift+F9).

Each command builds a scan from :mod:`mojiscope.app.model.search` and starts it on
the window's :class:`~mojiscope.app.background.jobs.JobRunner` under one name,
``"search"``, so a new search cancels the one still running. Every scan runs
off the GUI thread, however small; a progress dialog appears only for a scan
that takes longer than 300 ms. When a scan ends, the hit is selected in the
:class:`SelectionModel` (the views follow), or the status bar says nothing
was found. ``finished(tag, result)`` tells tests a scan is done. Once a
find lands, the matches Find Next and Find Previous would go to from there
are searched for ahead (:mod:`~mojiscope.app.background.find_ahead`): those keys then
need no scan. So is the match the Find dialog's needle leads to, as it is
typed (``typed_target`` says which bytes Enter would select, for the views
to prepare), and Enter shows it without a scan.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from mojiscope.app.background.find_ahead import FindAhead, FindQuestion, search_anywhere
from mojiscope.app.background.jobs import JobHandle, show_progress_dialog
from mojiscope.app.dialogs.find import TEXT_MODE, FindDialog
from mojiscope.app.model.document import Document
from mojiscope.app.model.search import next_anomaly, previous_anomaly
from mojiscope.app.window import messages
from mojiscope.core import Span
from mojiscope.core.compare.formats import Difference, next_difference, previous_difference
from mojiscope.core.index.file_index import FileIndex, next_notice, previous_notice
from mojiscope.core.system.control import Control
from mojiscope.core.words.notices import NOTICE_WORDS

if TYPE_CHECKING:
    from mojiscope.app.window.main_window import MainWindow

#: The job name every search runs under (a new search cancels the old one).
SEARCH_JOB = "search"


def _controlled(scan: Callable[..., Any], *args: object) -> Callable[[Control], Any]:
    """A job calling ``scan(*args, control=control)``."""
    return lambda control: scan(*args, control=control)


class SearchCommands(QObject):
    finished = Signal(str, object)
    """``(tag, result)`` after a scan: "find" with an offset or None, "anomaly"
    with a Span or None, "notice" with ``(start, end, Notice)`` or None,
    "difference" with ``(start, end)`` (or a Difference) or None (None too
    after a failure)."""
    typed_target = Signal(object)
    """The bytes ``(start, end)`` Enter in the open Find dialog would select,
    as found ahead for the needle typed so far; None when there are none."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.handle: JobHandle | None = None
        self._tag = ""
        """What the running scan looks for: "find" or "anomaly"."""
        self.last_needle: bytes | None = None
        self._last_text = ""
        self._last_mode = TEXT_MODE
        self.ahead = FindAhead(window.jobs, self)
        """The next and previous match of the last find, searched for ahead."""
        self._typed: FindQuestion | None = None
        """The search the open Find dialog's needle asks for, as typed."""
        self.ahead.found.connect(self._found_as_typed)

    @property
    def busy(self) -> bool:
        return self.handle is not None and self.handle.running

    def stop(self) -> None:
        """Cancel a running scan (its result is dropped) without waiting for
        it: the window closes the document it reads only once it has ended
        (:class:`~mojiscope.app.background.retirement.Retirement`)."""
        self.ahead.forget()
        handle, self.handle = self.handle, None
        if handle is not None and handle.running:
            handle.cancel()

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 5000)

    def _start(self, tag: str, job: Callable[[Control], Any], total: int, label: str) -> None:
        handle = self.window.jobs.start(SEARCH_JOB, job, total, label=label)
        self.handle, self._tag = handle, tag
        show_progress_dialog(handle, self.window)
        # Methods of this object, never closures: Qt drops them with it (and
        # the window), which may go before the scan ends.
        handle.succeeded.connect(self._finished)
        handle.failed.connect(self._failed)
        handle.cancelled.connect(self._cancelled)

    # -- find ------------------------------------------------------------------------

    def find_dialog(self) -> None:
        window = self.window
        if window.document is None:
            return
        dialog = FindDialog(
            window.shown.choices, window.shown.current.key, window, self._last_text, self._last_mode
        )
        dialog.needle_changed.connect(self._look_as_typed)
        self._look_as_typed(dialog.needle())
        try:
            accepted = messages.ask(dialog)
        finally:
            self._typed = None
            self.typed_target.emit(None)
        if accepted and dialog.needle():
            self._last_text = dialog.editor.text()
            self._last_mode = dialog.mode()
            self.find(dialog.needle() or b"")
        else:  # the dialog's looks replaced what Find Next and Previous had found ahead
            self._look_around()

    def _look_as_typed(self, needle: bytes | None) -> None:
        """The dialog's needle changed: find ahead where Enter would land."""
        document = self.window.document
        self.typed_target.emit(None)
        if document is None or not needle:
            self._typed = None
            return
        self._typed = self._question(document, needle, forward=True)
        self.ahead.look((self._typed,))

    def _found_as_typed(self) -> None:
        """The match the dialog's needle leads to was found: prepare it."""
        if self._typed is not None:
            hits = self.ahead.selections([self._typed])
            self.typed_target.emit(hits[0] if hits else None)

    def find(self, needle: bytes, *, forward: bool = True) -> None:
        """Search for ``needle`` after the cursor (before it, if not
        ``forward``), wrapping round at the end (the start)."""
        document = self.window.document
        if document is None or not needle:
            return
        self.last_needle = needle
        question = self._question(document, needle, forward=forward)
        hit = self.ahead.answer(question)
        self.stop()
        if hit is not None:
            self.show_result("find", hit)
            return
        job = _controlled(search_anywhere, question)
        label = f"Searching for {needle[:16].hex(' ').upper()}…"
        self._start("find", job, document.size, label)

    def _question(self, document: Document, needle: bytes, *, forward: bool) -> FindQuestion:
        """Where a search from the present selection starts: after the
        cursor going forward, before the selection going backward."""
        selection = self.window.selection
        if not forward:
            return FindQuestion(document, needle, False, selection.start)
        return FindQuestion(document, needle, True, selection.cursor + 1 if document.size else 0)

    def _next_and_previous(self) -> tuple[FindQuestion, ...]:
        """The searches Find Next and Find Previous would make from here
        (none before the first find)."""
        document, needle = self.window.document, self.last_needle
        if document is None or not needle:
            return ()
        return tuple(self._question(document, needle, forward=way) for way in (True, False))

    def _look_around(self) -> None:
        """Look ahead for what Find Next and Find Previous would select from here."""
        questions = self._next_and_previous()
        if questions:
            self.ahead.look(questions)

    def likely_finds(self) -> list[tuple[int, int]]:
        """What Find Next and Find Previous would select from here, where
        found ahead (none once the selection has moved from the match)."""
        return self.ahead.selections(list(self._next_and_previous()))

    def find_next(self, *, forward: bool = True) -> None:
        """F3 / Shift+F3: the next (previous) occurrence of the last search."""
        if self.last_needle:
            self.find(self.last_needle, forward=forward)
        else:
            self.find_dialog()

    # -- anomalies ---------------------------------------------------------------------

    def anomaly(self, *, forward: bool) -> None:
        """Select the next (or previous) non-text span of the current format."""
        document = self.window.document
        if document is None or document.size == 0:
            return
        choice = self.window.shown.current
        scan = next_anomaly if forward else previous_anomaly
        self._scan_from_cursor("anomaly", forward, f"anomaly in {choice.label}", scan, choice)

    def notice(self, *, forward: bool) -> None:
        """Select the next (or previous) notice of the current format, from
        its index where it has one (scanning the chunks not indexed yet)."""
        window = self.window
        document = window.document
        if document is None or document.size == 0:
            return
        fmt = window.shown.current.format
        index = window.indexes.index_of(fmt) or FileIndex(fmt, document.size)
        scan = next_notice if forward else previous_notice
        self._scan_from_cursor("notice", forward, f"notice in {fmt.id}", scan, index)

    def difference(self, *, forward: bool) -> None:
        """Select the next (or previous) range where the formats on show
        read the bytes differently."""
        window = self.window
        document = window.document
        keeper = window.differences
        formats = keeper.formats()
        if document is None or document.size == 0 or len(formats) < 2:
            self._say("Compare needs at least two formats on show")
            return
        indexes = [window.indexes.index_of(fmt) for fmt in formats]
        scan = next_difference if forward else previous_difference
        self._scan_from_cursor("difference", forward, "difference", scan, formats, indexes)

    def _scan_from_cursor(
        self,
        tag: str,
        forward: bool,
        what: str,
        scan: Callable[..., Any],
        first: object,
        *rest: object,
    ) -> None:
        """Run ``scan(first, source, cursor, *rest)`` from the cursor to the
        file's end (or start, backwards) as the search job ``tag``, its
        progress labelled "Looking for the next (previous) ``what``…"."""
        document = self.window.document
        assert document is not None
        cursor = self.window.selection.cursor
        total = document.size - cursor if forward else cursor
        way = "next" if forward else "previous"
        job = _controlled(scan, first, document.source, cursor, *rest)
        self._start(tag, job, total, f"Looking for the {way} {what}…")

    # -- results --------------------------------------------------------------------------

    def _ours(self) -> bool:
        """Whether the signal being handled comes from the scan running now."""
        return self.handle is not None and self.sender() is self.handle

    def _finished(self, result: object) -> None:
        if self._ours():
            self.show_result(self._tag, result)

    def show_result(self, tag: str, result: object) -> None:
        """Select what a scan found (or say nothing was): also for an answer
        that needed no scan (the index knew where the next anomaly is)."""
        selection = self.window.selection
        if tag == "find":
            if isinstance(result, int) and self.last_needle:
                needle = self.last_needle
                selection.select_range(result, result + len(needle))
                self._say(f"Found at 0x{result:X} ({result:,})")
                self._look_around()
            else:
                self._say("Not found")
        elif tag == "notice":
            if isinstance(result, tuple):
                start, end, notice = result
                selection.select_range(start, end)
                self._say(f"{NOTICE_WORDS[notice].one} at 0x{start:X}")
            else:
                self._say(f"No further notice in {self.window.shown.current.label}")
        elif tag == "difference":
            if isinstance(result, Difference):
                result = (result.start, result.end)
            if isinstance(result, tuple):
                selection.select_range(*result)
                self._say(f"The formats differ at 0x{result[0]:X}..0x{result[1]:X}")
            else:
                self._say("No further difference between the formats on show")
        elif isinstance(result, Span):
            selection.select_range(result.byte_start, result.byte_end)
            reason = f" ({result.reason.value})" if result.reason else ""
            self._say(f"{result.kind.value}{reason} at 0x{result.byte_start:X}")
        else:
            self._say(f"No further anomaly in {self.window.shown.current.label}")
        self.finished.emit(tag, result)

    def _failed(self, message: str) -> None:
        if not self._ours():
            return
        tag = self._tag
        messages.show_message(self.window, "error", f"{tag.capitalize()} failed", message)
        self.finished.emit(tag, None)

    def _cancelled(self) -> None:
        if self._ours():
            self._say(f"{self._tag.capitalize()} cancelled")
