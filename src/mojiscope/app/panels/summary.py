"""The Summary dock: what every format makes of the whole file, ranked.

When a document opens, :func:`mojiscope.core.index.summary.summarize` runs as a
background job (every registered format plus charset-normalizer's legacy
guess, each indexed over the whole file). The panel then shows the sentence
of suggestions ("looks like UTF-8; also valid WTF-8 and XTF-8; as cp1252 it
reads as mojibake; 4 bidi controls: the text may display in another order
than it is stored") and one row per format: rank, format, verdict (and its
notices), a
"Use this format" button that reads the file in it (the current format,
remembered for the file) and an "Add column" button that shows that format
as a decoded column in one click.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.file_passes import FilePasses
from mojiscope.app.background.jobs import AFTER_OPEN_MS, JobHandle, JobRunner
from mojiscope.app.model.document import Document
from mojiscope.app.window.shown_formats import ShownFormats
from mojiscope.core import formats
from mojiscope.core.index.summary import FormatSummary, Summary, summarize, summarize_file
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

RANK, FORMAT, VERDICT, USE, BUTTON = range(5)
#: What a row's buttons say: the widest sets its button column's width.
USE_WORDS = ("Use this format", "In use")
BUTTON_WORDS = ("Add column", "Shown")
#: Characters of the verdict a narrow dock still shows (the rest elided).
VERDICT_MIN_CHARS = 8


def verdict_words(item: FormatSummary) -> str:
    """A row's verdict, and its notices: ``valid UTF-8; notices: 4 bidi``."""
    notices = ", ".join(f"{n:,} {kind}" for kind, n in sorted(item.notices.items()))
    return f"{item.verdict}; notices: {notices}" if notices else item.verdict


class SummaryPanel(QWidget):
    """Suggestions and per-format verdicts for the open document."""

    add_requested = Signal(str)
    """The user asked to show this format id as a column."""
    use_requested = Signal(str)
    """The user asked to read the file in this format id."""
    summary_ready = Signal(object)

    def __init__(
        self,
        runner: JobRunner,
        passes: FilePasses,
        shown: ShownFormats,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.runner = runner
        self.passes = passes
        self.shown = shown
        self.summary: Summary | None = None
        self._handle: JobHandle | None = None
        self.words = QLabel("No file open.")
        self.words.setWordWrap(True)
        self.words.setObjectName("summary-words")
        self.segment_words = QLabel()
        """What the segment map counted (:meth:`show_segments`), hidden until then."""
        self.segment_words.setWordWrap(True)
        self.segment_words.setObjectName("summary-segments")
        self.segment_words.hide()
        self.table = QTreeWidget()
        self.table.setHeaderLabels(["Rank", "Format", "Verdict", "", ""])
        self.table.setRootIsDecorated(False)
        self._fit_columns()
        layout = QVBoxLayout(self)
        layout.addWidget(self.words)
        layout.addWidget(self.segment_words)
        layout.addWidget(self.table)
        shown.changed.connect(self._sync_buttons)
        shown.current_changed.connect(self._sync_buttons)
        self._waiting: Document | None = None
        """The document to summarise when the summary's pass starts (asked for
        :data:`AFTER_OPEN_MS` after the open, it may wait for an index)."""
        self._after_open = QTimer(self, singleShot=True, interval=AFTER_OPEN_MS)
        self._after_open.timeout.connect(lambda: self.passes.ask(self, self._start))

    def show_segments(self, words: str) -> None:
        """The segment map's counts, in words ("312 rows read as
        windows-1252 once, 9 twice, 9,680 fine"); empty hides them."""
        self.segment_words.setText(f"Segments: {words}." if words else "")
        self.segment_words.setVisible(bool(words))

    def set_document(self, document: Document | None) -> None:
        """Summarise ``document`` in the background, in its turn among the
        window's passes over the file (asked for
        :data:`~mojiscope.app.background.jobs.AFTER_OPEN_MS` after the open), cancelling
        any summary running."""
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.passes.withdraw(self)
        self.summary = None
        self.table.clear()
        self._waiting = None
        self._after_open.stop()
        if document is None or document.size == 0:
            self.words.setText("No bytes to summarise.")
            return
        self.words.setText(f"Summarising {document.name}…")
        self._waiting = document
        self._after_open.start()

    def _start(self) -> JobHandle | None:
        document, self._waiting = self._waiting, None
        if document is None:
            return None
        source = document.source
        path = str(document.path) if document.path is not None else None

        def job(control: Control) -> Summary:
            if path is None:  # pasted bytes: small, in this thread
                return summarize(source, None, control)
            # In a child: the statistics (and charset-normalizer's) are Python
            # that would hold the interpreter lock against the GUI thread.
            return run_in_child(summarize_file, (path,), control)

        total = document.size * (len(formats()) + 1)
        handle = self.runner.start("summary", job, total, label="Summarising")
        # The panel's own methods, never closures: Qt drops them with the
        # panel, which may go (its window closed) before the job ends.
        handle.succeeded.connect(self._show)
        handle.progressed.connect(self._progressed)
        handle.failed.connect(self._failed)
        self._handle = handle
        return handle

    def _ours(self) -> bool:
        """Whether the signal being handled comes from the summary shown now."""
        return self._handle is not None and self.sender() is self._handle

    def _progressed(self, permille: int) -> None:
        if self._ours():
            self.words.setText(f"Summarising… {permille / 10:.0f}%")

    def _failed(self, message: str) -> None:
        if self._ours():
            self.words.setText(f"Summary failed: {message}")

    def _show(self, result: object) -> None:
        if not self._ours() or not isinstance(result, Summary):
            return
        self.summary = result
        self.words.setText(result.words[:1].upper() + result.words[1:])
        self.table.clear()
        rows = [
            QTreeWidgetItem([str(item.rank), item.format_id, verdict_words(item), "", ""])
            for item in result.formats
        ]
        self.table.addTopLevelItems(rows)  # one insertion: the tree lays out once, not per row
        for item, row in zip(result.formats, rows, strict=True):
            fid = item.format_id
            use = QPushButton("Use this format")
            use.setObjectName(f"use-{fid}")
            use.setToolTip(f"Read the file as {fid} (remembered for this file)")
            use.clicked.connect(lambda _=False, fid=fid: self.use_requested.emit(fid))
            self.table.setItemWidget(row, USE, use)
            button = QPushButton("Add column")
            button.setObjectName(f"add-{fid}")
            button.clicked.connect(lambda _=False, fid=fid: self.add_requested.emit(fid))
            self.table.setItemWidget(row, BUTTON, button)
        for item, row in zip(result.formats, rows, strict=True):
            row.setToolTip(VERDICT, verdict_words(item))  # the column may elide it
        self._hold_the_buttons_in_view()
        self._sync_buttons()
        self.summary_ready.emit(result)

    def _fit_columns(self) -> None:
        """Rank and format as wide as their words, each button column as wide
        as its widest button, and the verdict the rest, elided (its tooltip
        says it whole): in a narrow dock the verdict gives way, and the
        buttons are never pushed past the edge and clipped."""
        header = self.table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(RANK, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(FORMAT, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(VERDICT, QHeaderView.ResizeMode.Stretch)
        probe = QPushButton()
        for column, words in ((USE, USE_WORDS), (BUTTON, BUTTON_WORDS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            widths = []
            for word in words:
                probe.setText(word)
                widths.append(probe.sizeHint().width())
            header.resizeSection(column, max(widths) + 2 * self.table.frameWidth() + 4)
        probe.deleteLater()

    def _hold_the_buttons_in_view(self) -> None:
        """The table is never narrower than its rank, format and button
        columns and a little of the verdict, so that a narrow dock elides
        the verdict rather than clip the buttons."""
        table = self.table
        fixed = sum(
            max(table.sizeHintForColumn(column), table.header().sectionSizeHint(column))
            for column in (RANK, FORMAT)
        )
        fixed += table.header().sectionSize(USE) + table.header().sectionSize(BUTTON)
        room = table.verticalScrollBar().sizeHint().width() + 2 * table.frameWidth()
        verdict = table.fontMetrics().horizontalAdvance("x" * VERDICT_MIN_CHARS)
        table.setMinimumWidth(fixed + verdict + room)

    def button_for(self, format_id: str, action: str = "add") -> QPushButton | None:
        """The row's "Add column" button (``action`` "add") or its "Use this
        format" button ("use")."""
        found = self.table.findChild(QPushButton, f"{action}-{format_id}")
        return found if isinstance(found, QPushButton) else None

    def _sync_buttons(self) -> None:
        """A format already shown has nothing to add; the current one is in use."""
        shown = {choice.format.id for choice in self.shown.choices}
        current = self.shown.current.format.id
        for i in range(self.table.topLevelItemCount()):
            item = self.table.topLevelItem(i)
            if item is None:
                continue
            fid = item.text(1)
            button = self.button_for(fid)
            if button is not None:
                button.setEnabled(fid not in shown)
                button.setText("Shown" if fid in shown else "Add column")
            use = self.button_for(fid, "use")
            if use is not None:
                use.setEnabled(fid != current)
                use.setText("In use" if fid == current else "Use this format")
