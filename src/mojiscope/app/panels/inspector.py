"""The inspector panel: what the current format made of the bytes at the cursor.

It names the span under the cursor (kind, the reason in plain words, byte
range and hex), what an overlong, surrogate or out-of-range sequence would
have decoded to (``C0 AF would have been U+002F '/'``), which lone surrogate
a format such as WTF-8 carries, what a CESU-8 pair, Modified UTF-8's ``C0 80``
or a raw ``00`` means (:func:`~mojiscope.core.words.sequences.describe_sequence`),
and lists each character under the selection with its code point, name and
classes. When the span under the cursor looks like mojibake, a one-line hint
says so (:mod:`mojiscope.app.panels.inspector_hint`, computed off the GUI thread).

The panel follows the selection and the current format a turn of the
event loop after the grid
(:data:`~mojiscope.app.window.timers.FOLLOW_MS`), as the text view does.

A text run longer than the document's decode window arrives cut at the
window's edge; the panel then says "at least N bytes, measuring…" and, once
the cursor has rested on it for :data:`MEASURE_AFTER_MS`, finds the run's
real ends, then shows the real figure: from the window's index of the
format where it knows the anomalies around the run
(:func:`~mojiscope.core.index.navigation.run_extent_from_index`), else by
:func:`~mojiscope.core.index.navigation.run_extent` on the window's job
runner (never on the GUI thread), in a turn of the window's passes over the
file (:class:`~mojiscope.app.background.file_passes.FilePasses`, at the
front of the queue, so it never reads the file beside the index). Measured
runs are remembered per format until another document opens.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtWidgets import (
    QFrame,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.file_passes import FilePasses
from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.model.char_runs import CharRun
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import FormatChoice
from mojiscope.app.panels.codepoint_model import CodePointTableModel, ColumnWidths, row_for
from mojiscope.app.panels.inspector_hint import MojibakeHint
from mojiscope.app.window.selection import SelectionModel
from mojiscope.app.window.shown_formats import ShownFormats
from mojiscope.app.window.timers import FOLLOW_MS, Later
from mojiscope.core import FileSource, Format, Span, SpanKind
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.index.navigation import file_run_extent, run_extent, run_extent_from_index
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control
from mojiscope.core.words.describe import KIND_WORDS, REASON_WORDS, describe_value
from mojiscope.core.words.sequences import describe_sequence

MAX_TABLE_ROWS = 256
MAX_HEX_BYTES = 32
MAX_SEQUENCE_BYTES = 6
"""Longest span whose bytes are offered whole to ``describe_sequence`` (a pair)."""
MEASURE_AFTER_MS = 150
"""How long the cursor rests on a cut run before its extent is measured: a
measurement may read the whole file, and keys held down pass many runs no
one stops on, whose measurements would take the CPU the keys need."""
MEASURED_ROWS = 32
"""Rows whose text widens the table's columns: those a key usually shows."""


def would_be_sequence(document: Document, choice: FormatChoice, span: Span) -> bytes:
    """The bytes of the sequence a span's ``value`` stands for, as far as the
    format says it reaches (UTF-8 puts the value of an overlong ``C0 AF`` on
    the span of ``C0`` alone)."""
    lead = document.read(span.byte_start, span.byte_start + 1)
    if not lead:
        return b""
    extent = choice.format.value_extent(span, lead[0])
    return document.read(span.byte_start, span.byte_start + extent)


def span_summary(
    span: Span,
    span_bytes: bytes,
    sequence: bytes | None = None,
    format_label: str = "the format",
    extent_note: str | None = None,
) -> list[str]:
    """Plain-text lines about one span (the panel shows them; tests read them).
    ``sequence`` is what :func:`would_be_sequence` found for a span with a value;
    ``format_label`` names the format that decoded it; ``extent_note`` says the
    span is a piece of a longer run and how finding its real extent goes
    (``"measuring…"``)."""
    kind = span.kind
    head = f"{kind.value}" + (f" ({span.reason.value})" if span.reason else "")
    lines = [f"Span: {head}: {REASON_WORDS[span.reason] if span.reason else KIND_WORDS[kind]}"]
    length = span.byte_end - span.byte_start
    shown = span_bytes[:MAX_HEX_BYTES].hex(" ").upper() + (" …" if length > MAX_HEX_BYTES else "")
    count = f"{length} byte{'s' if length != 1 else ''}"
    if extent_note is not None:
        count = f"at least {length} bytes, {extent_note}"
    lines.append(f"Bytes 0x{span.byte_start:X}..0x{span.byte_end - 1:X} ({count}): {shown}")
    if span.value is not None:
        hex_bytes = (sequence or span_bytes)[:MAX_HEX_BYTES].hex(" ").upper()
        if kind == SpanKind.BEYOND:
            lines.append(f"{hex_bytes} encode the value {describe_value(span.value, named=True)}")
        elif kind == SpanKind.SURROGATE:
            lines.append(carried_surrogate_words(hex_bytes, span.value, format_label))
        else:
            lines.append(f"{hex_bytes} would have been {describe_value(span.value, named=True)}")
    return lines


def carried_surrogate_words(hex_bytes: str, value: int, format_label: str) -> str:
    """What a lone surrogate that the format keeps (a ``surrogate`` span, as
    WTF-8 decodes ``ED A0 BD``) is: carried as it is, not an error that
    "would have been" something."""
    half = "lead (high)" if value < 0xDC00 else "trail (low)"
    return (
        f"{hex_bytes} carry U+{value:04X}, an unpaired {half} surrogate, which "
        f"{format_label} keeps as it is (strict UTF-8 and UTF-16 reject it)"
    )


class InspectorPanel(QWidget):
    """Follows the selection and the current format; writes nothing. Its
    looks and measurements run on the window's ``jobs``, a measurement in a
    turn of its ``passes`` over the file, and a run's ends come from the
    window's index of a format (``index_of``) where that knows them."""

    def __init__(
        self,
        selection: SelectionModel,
        shown: ShownFormats,
        jobs: JobRunner,
        passes: FilePasses,
        index_of: Callable[[Format], FileIndex | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.selection = selection
        self.shown = shown
        self.document: Document | None = None
        self.summary = QTextBrowser(self)
        self.summary.setFrameShape(QFrame.Shape.NoFrame)
        self.summary.viewport().setAutoFillBackground(False)
        # As tall as six lines where there is room, down to two in a small
        # window: its height never follows its text, so a new text costs no
        # layout of the panel (a label's would, on every key).
        line = self.summary.fontMetrics().lineSpacing()
        self.summary.setMinimumHeight(2 * line + 8)
        self.summary.setMaximumHeight(6 * line + 8)
        self.model = CodePointTableModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setWordWrap(False)
        self._column_widths = ColumnWidths(self.table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        self.hint = MojibakeHint(jobs, self)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        self.lines: list[str] = []
        self.jobs, self.passes, self._index_of = jobs, passes, index_of
        self._extents: dict[str, list[tuple[int, int]]] = {}
        self._failures: dict[tuple[str, int, int], str] = {}
        self._measuring: JobHandle | None = None
        self._measuring_what: tuple[str, int, int] | None = None
        self._measures: dict[JobHandle, tuple[Document, FormatChoice, tuple[str, int, int]]] = {}
        """Each measurement under way: its document, format and run, until it ends."""
        self._wanted: tuple[Document, FormatChoice, Span] | None = None
        """The cut run to measure once the cursor rests."""
        self._rest = Later(self, MEASURE_AFTER_MS, self._measure_wanted)
        self._follow = Later(self, FOLLOW_MS, self.refresh)
        selection.changed.connect(self._follow.start)
        shown.current_changed.connect(self._follow.start)

    def set_document(self, document: Document | None) -> None:
        """Inspect ``document`` from now on. The old source is about to
        close: the window cancels the jobs that read it and closes it once
        they end."""
        self._stop_measuring()
        self._extents.clear()
        self._failures.clear()
        self._column_widths.reset()
        self.document = document
        self.refresh()

    def following(self) -> bool:
        """Whether the panel is still to follow the last change (a turn of
        the event loop after it)."""
        return self._follow.pending()

    def refresh(self) -> None:
        """Say what the current format made of the bytes at the cursor."""
        self._follow.stop()
        document = self.document
        choice = self.shown.current
        if document is None or document.size == 0:
            self.lines = ["No bytes to inspect."]
            self.summary.setHtml(escape(self.lines[0]))
            self.model.set_rows([])
            self.hint.follow(None, None, 0)
            return
        cursor = self.selection.cursor
        cell = document.char_at(choice, cursor)
        if cell is None:
            return
        span, extent_note = self._real_extent(document, choice, cell, cursor)
        self.lines = [f"{choice.label} at byte {cursor} (0x{cursor:X})"]
        sequence = would_be_sequence(document, choice, span) if span.value is not None else None
        span_bytes = document.read(span.byte_start, min(span.byte_end, span.byte_start + 64))
        self.lines += span_summary(span, span_bytes, sequence, choice.label, extent_note)
        meaning = describe_sequence(choice.format, document.read(cell.byte_start, cell.byte_end))
        if meaning is None and span.byte_end - span.byte_start <= MAX_SEQUENCE_BYTES:
            meaning = describe_sequence(choice.format, span_bytes)
        if meaning is not None:
            self.lines.append(meaning)
        html = [f"<b>{escape(self.lines[0])}</b>"] + [escape(line) for line in self.lines[1:]]
        self.summary.setHtml("<br>".join(html))
        self.hint.follow(document, span, cursor)
        self._fill_table(document)

    def _fill_table(self, document: Document) -> None:
        start, end = self.selection.start, self.selection.end
        cells = document.chars(self.shown.current, start, min(end, start + 4 * MAX_TABLE_ROWS))
        cells = cells[:MAX_TABLE_ROWS]
        rows = [row_for(c, document.read(c.byte_start, c.byte_end)) for c in cells]
        self.model.set_rows(rows)
        self._column_widths.fit(rows[:MEASURED_ROWS])

    # -- the real extent of a text run that a window cut ---------------------------------

    def _real_extent(
        self, document: Document, choice: FormatChoice, cell: CharRun, cursor: int
    ) -> tuple[Span, str | None]:
        """(the span of ``cell``, the character at ``cursor``, with its real
        ends where known, else a note on measuring them)."""
        span = cell.span
        if span.kind != SpanKind.TEXT:
            return span, None
        for start, end in self._extents.get(choice.key, []):
            if start <= span.byte_start and span.byte_end <= end:
                return span._replace(byte_start=start, byte_end=end), None
        window = document.window_at(choice, cursor)
        cut = (span.byte_start == window.byte_start and span.byte_start > 0) or (
            span.byte_end == window.byte_end and span.byte_end < document.size
        )
        if not cut:
            self._stop_measuring()
            return span, None
        failure = self._failures.get((choice.key, span.byte_start, span.byte_end))
        if failure is not None:
            return span, f"not measured: {failure}"
        self._measure_when_resting(document, choice, span)
        return span, "measuring\u2026"

    def _measure_when_resting(self, document: Document, choice: FormatChoice, span: Span) -> None:
        """Measure ``span``'s run once the cursor rests (see :data:`MEASURE_AFTER_MS`);
        a measurement of another run stops at once."""
        what = (choice.key, span.byte_start, span.byte_end)
        if what == self._measuring_what and self._measuring_on():
            return  # the cursor moved within the run being measured
        self._stop_measuring()
        self._wanted = (document, choice, span)
        self._rest.start()

    def _measuring_on(self) -> bool:
        """Whether a measurement runs, or waits for its turn."""
        if self._measuring is not None and self._measuring.outcome is None:
            return True
        return self.passes.waiting(self)

    def _measure_wanted(self) -> None:
        wanted, self._wanted = self._wanted, None
        if wanted is not None and wanted[0] is self.document:
            self._measure(*wanted)

    def _measure(self, document: Document, choice: FormatChoice, span: Span) -> None:
        if self._measured_from_index(document, choice, span):
            return
        self._measuring_what = (choice.key, span.byte_start, span.byte_end)

        def take_turn() -> JobHandle | None:  # the index may know by now
            if self.document is not document or self._measured_from_index(document, choice, span):
                return None
            self._measuring = self._start_measuring(document, choice, span)
            return self._measuring

        self.passes.ask(self, take_turn, first=True)

    def _measured_from_index(self, document: Document, choice: FormatChoice, span: Span) -> bool:
        """Take the run's extent from the index of its format, if that knows it."""
        index = self._index_of(choice.format)
        extent = None if index is None else run_extent_from_index(index, document.source, span)
        if extent is None:
            return False
        self._show_extent(choice, extent)
        return True

    def _show_extent(self, choice: FormatChoice, extent: tuple[int, int]) -> None:
        """Remember a run's real ``extent`` in ``choice`` and show it."""
        self._extents.setdefault(choice.key, []).append(extent)
        self.refresh()

    def _start_measuring(self, document: Document, choice: FormatChoice, span: Span) -> JobHandle:
        what = (choice.key, span.byte_start, span.byte_end)
        source, fmt, policy = document.source, choice.format, choice.policy

        def job(control: Control) -> tuple[int, int]:
            if isinstance(source, FileSource):  # a run may span the file: in a child
                args = (str(source.path), fmt, span, policy)
                return run_in_child(file_run_extent, args, control)
            return run_extent(fmt, source, span, policy=policy, control=control)

        handle = self.jobs.start(
            "inspector-extent", job, document.size, label="Measuring a text run"
        )
        self._measures[handle] = (document, choice, what)
        # The panel's own methods, never closures: Qt drops them with the
        # panel, which may go before the measurement ends.
        handle.succeeded.connect(self._measured)
        handle.failed.connect(self._not_measured)
        handle.finished.connect(self._measure_ended)
        return handle

    def _measure_of_sender(self) -> tuple[Document, FormatChoice, tuple[str, int, int]] | None:
        """What the measurement whose signal is being handled measures, if
        it measures a run of the document shown now."""
        handle = self.sender()
        measure = self._measures.get(handle) if isinstance(handle, JobHandle) else None
        return measure if measure is not None and measure[0] is self.document else None

    def _measured(self, extent: object) -> None:
        measure = self._measure_of_sender()
        if measure is not None and isinstance(extent, tuple):
            self._show_extent(measure[1], extent)

    def _not_measured(self, message: str) -> None:
        measure = self._measure_of_sender()
        if measure is not None:
            self._failures[measure[2]] = message
            self.refresh()

    def _measure_ended(self) -> None:
        handle = self.sender()
        if isinstance(handle, JobHandle):
            self._measures.pop(handle, None)

    def _stop_measuring(self) -> None:
        """Measure nothing more (a measuring job running is cancelled, not
        waited for)."""
        self._rest.stop()
        self._wanted = None
        self._measuring_what = None
        self.passes.withdraw(self)
        handle, self._measuring = self._measuring, None
        if handle is not None and handle.outcome is None:
            handle.cancel()
