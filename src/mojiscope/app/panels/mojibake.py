"""The Mojibake panel: which chains of misreadings made the bytes, where, and the repair.

A view over the core's explainer and segment map
(:mod:`mojiscope.core.mojibake`), its work run through the app's job runner
in child processes (never on the GUI thread). Two tabs:

* **Explanation** of the selection, or of the whole file when nothing is
  selected: the readings best first (each chain in words, one name per code
  page), the chosen one's steps on the bytes ("é → C3 A9 → read as
  windows-1252: Ã© → saved as UTF-8: C3 83 C2 A9") and where it parts from
  the next reading (characters with their names), the bytes as they read
  beside the repair, and the byte ranges the repair touches and the bytes it
  guessed, in hex and inclusive as the rest of the window shows ranges
  (``0x1A..0x1F``). A selection larger than 32 KiB is explained from where
  its bytes are interesting (``explain_source``). "Verify the repair" reads
  every byte of it through the repair and says beside the button what it
  would lose.
* **Segments** of the whole file (the window's
  :class:`~mojiscope.app.background.segment_jobs.SegmentKeeper`): the counts
  in words, the misread values per column of a CSV or TSV, and every
  damaged segment, in the colour of its band on the overview strip.

Clicking a range or a segment selects its bytes in the window
(:attr:`MojibakePanel.range_chosen`) and keeps the explanation shown: the
panel does not explain a selection it made itself (:attr:`MojibakePanel.held`).

What the Repaired box shows is what "Export repaired…" writes: both are the
chosen reading's repair plan (:mod:`mojiscope.core.mojibake.plan`) read
through :class:`~mojiscope.core.mojibake.plan_reading.PlanReading`, guessed
bytes included. For the whole file the best reading is the segment map's
plan, each segment undone with its own chain, once the map is complete.
"Export repaired…" asks (:attr:`MojibakePanel.export_requested`) for the
export dialog with that repair as the source format: the chain's reading
(``repair:<chain words>``) when one chain undoes everything, else the plan
saved to a file of its own (``repair:plan:PATH``,
:mod:`~mojiscope.app.model.repair_plans`), so the export's child process
reads the same plan; the dialog shows every loss
(a guess as a guess, with its alternatives) before anything is written.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from PySide6.QtCore import (
    QModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.jobs import JobRunner, show_progress_dialog
from mojiscope.app.background.segment_jobs import SegmentKeeper
from mojiscope.app.model.repair_plans import head_plan, repair_format
from mojiscope.app.panels.segment_list import RANGE_ROLE, SegmentList
from mojiscope.app.window.timers import Later
from mojiscope.core import MojiscopeError, Source, get_format
from mojiscope.core.conversion.loss_report import ConversionReport
from mojiscope.core.mojibake import Chain, Explanation, reading_name
from mojiscope.core.mojibake.guess import CAPITAL, DRAWN, LENIENT, SMALL
from mojiscope.core.mojibake.jobs import Explained, preview, verify_plan
from mojiscope.core.mojibake.jobs import explain_range as explain_in_child
from mojiscope.core.mojibake.plan import RepairPlan
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.mojibake.wording import (
    chain_steps,
    chain_words,
    damage_steps,
    difference,
    repaired_part,
)
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control
from mojiscope.core.system.source import FileSource
from mojiscope.core.words.describe import alternatives_words, byte_range

#: How long the selection must stay put before the panel explains it.
SETTLE_MS = 400

PREVIEW_CHARS = 4096
"""Characters the two text boxes show at most: laying out 32 KiB (one long
line, often) would hold the GUI thread for a tenth of a second or more."""


def preview_text(text: str) -> str:
    """``text``, or its first :data:`PREVIEW_CHARS` characters and a line saying so."""
    if len(text) <= PREVIEW_CHARS:
        return text
    return f"{text[:PREVIEW_CHARS]}\n… (the first {PREVIEW_CHARS:,} of {len(text):,} characters)"


class MojibakePanel(QWidget):
    """Explanation and segments (see the module docstring)."""

    #: Absolute byte range ``[start, end)`` the user picked from a list.
    range_chosen = Signal(int, int)
    #: "Export repaired…": the repair's format name and the absolute byte range.
    export_requested = Signal(str, int, int)
    #: "Whole file": explain the whole file again.
    whole_file_requested = Signal()

    def __init__(self, runner: JobRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.explained: Explained | None = None
        self.explanations: list[Explanation] = []
        self.segments: SegmentMap | None = None
        #: A range the panel selected itself: that selection is not explained.
        self.held: tuple[int, int] | None = None
        self._keeper: SegmentKeeper | None = None
        self._source: Source | None = None
        self._path: str | None = None
        self._base = 0
        self._end = 0
        self._whole = False
        self._plan: RepairPlan | None = None
        #: The segment map whose plan is the chosen reading (made into a plan
        #: only for Export and Verify: a large map's plan is a long tuple).
        self._whole_map: SegmentMap | None = None
        self.status = QLabel("Select bytes to explain.")
        self.status.setWordWrap(True)
        self.whole_button = QPushButton("Whole file")
        self.whole_button.setToolTip("Explain the whole file again")
        self.whole_button.setVisible(False)
        self.whole_button.clicked.connect(self.whole_file_requested)
        self.tabs = QTabWidget()
        self.candidates = QListWidget()
        self.candidates.setWordWrap(True)  # a mixed file's counts run long
        self.candidates.currentRowChanged.connect(self._show_candidate)
        self.steps = QLabel()
        self.steps.setWordWrap(True)
        self.steps.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.steps.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.original = self._text_box("As the bytes read (UTF-8)")
        self.repaired = self._text_box("Repaired (what Export writes)")
        self.ranges = QListWidget()
        self.ranges.itemActivated.connect(self._choose_range)
        self.ranges.itemClicked.connect(self._choose_range)
        self.verify_button = QPushButton("Verify the repair")
        self.verify_button.setToolTip("Read every byte through the repair and count what it loses")
        self.verify_button.setEnabled(False)
        self.verify_button.clicked.connect(self.verify)
        self.verify_result = QLabel()
        self.verify_result.setWordWrap(True)
        self.verify_result.setObjectName("mojibake-verify-result")
        self.export_button = QPushButton("Export repaired…")
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self.export_repaired)
        self.segment_counts = QLabel("The segment map is made once the file is open.")
        self.segment_counts.setWordWrap(True)
        self.column_counts = QLabel()
        self.column_counts.setWordWrap(True)
        self.column_counts.setVisible(False)
        self.segment_model = SegmentList(self)
        self.segment_list = QListView()
        self.segment_list.setModel(self.segment_model)
        self.segment_list.setUniformItemSizes(True)
        self.segment_list.clicked.connect(self._choose_segment)
        self.segment_list.activated.connect(self._choose_segment)
        self._build_layout()

    def _text_box(self, placeholder: str) -> QPlainTextEdit:
        box = QPlainTextEdit()
        box.setReadOnly(True)
        box.setPlaceholderText(placeholder)
        box.setAccessibleName(placeholder)
        box.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        return box

    def _build_layout(self) -> None:
        """Buttons and their results on top, always in sight; below, splitters
        (never a fixed height), so the panel reads at the dock's default size:
        the readings over the ranges on the left, the steps over the bytes
        and their repair on the right."""
        top = QHBoxLayout()
        top.addWidget(self.status, 1)
        top.addWidget(self.whole_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.verify_button)
        buttons.addWidget(self.verify_result, 1)
        buttons.addWidget(self.export_button)
        sides = QSplitter(Qt.Orientation.Horizontal)
        sides.addWidget(self.original)
        sides.addWidget(self.repaired)
        ranges = QWidget()
        ranges_layout = QVBoxLayout(ranges)
        ranges_layout.setContentsMargins(0, 0, 0, 0)
        ranges_layout.addWidget(QLabel("Bytes repaired, guessed or in doubt (click to select):"))
        ranges_layout.addWidget(self.ranges, 1)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.candidates)
        left.addWidget(ranges)
        self.ranges.setMinimumHeight(3 * self.ranges.fontMetrics().height())
        left.setSizes([3, 2])  # in proportion: the readings, then the ranges
        steps = QScrollArea()
        steps.setWidgetResizable(True)
        steps.setFrameShape(QScrollArea.Shape.NoFrame)
        steps.setWidget(self.steps)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(steps)
        right.addWidget(sides)
        right.setSizes([1, 1])
        explanation = QSplitter(Qt.Orientation.Horizontal)
        explanation.addWidget(left)
        explanation.addWidget(right)
        explanation.setStretchFactor(0, 2)
        explanation.setStretchFactor(1, 3)
        for splitter in (sides, left, right, explanation):
            splitter.setChildrenCollapsible(False)
        segments = QWidget()
        lower = QVBoxLayout(segments)
        lower.setContentsMargins(4, 4, 4, 4)
        lower.addWidget(self.segment_counts)
        lower.addWidget(self.column_counts)
        lower.addWidget(self.segment_list, 1)
        self.tabs.addTab(explanation, "Explanation")
        self.tabs.addTab(segments, "Segments")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addLayout(buttons)
        layout.addWidget(self.tabs, 1)
        # A wrapped label's height for its width would make the scroll area
        # around the panel give it its full preferred height, scrolling the
        # buttons out of sight: the panel takes the dock's height instead.
        for label in (self.status, self.verify_result, self.segment_counts, self.column_counts):
            policy = label.sizePolicy()
            policy.setHeightForWidth(False)
            label.setSizePolicy(policy)

    # -- asking ------------------------------------------------------------------

    def explain_range(self, source: Source, start: int, end: int, *, whole: bool = False) -> None:
        """Explain bytes ``[start, end)`` of ``source`` in the background (a
        file by its path, in a child process); ``whole``: they are the whole
        file (its best repair is the segment map's)."""
        self._source, self._base, self._end, self._whole = source, start, end, whole
        self._path = str(source.path) if isinstance(source, FileSource) else None
        what = "the whole file" if whole else f"bytes {byte_range(start, end)}"
        self.status.setText(f"Explaining {what}…")
        self.whole_button.setVisible(not whole)
        path = self._path
        data = None if path is not None else source.read(start, end)
        lo, hi = (start, end) if path is not None else (0, end - start)

        def job(control: Control) -> Explained:
            return run_in_child(explain_in_child, (path, data, lo, hi), control)

        handle = self.runner.start("mojibake", job, total=max(1, end - start), label="Explaining")
        # The panel's own methods, never closures: Qt drops them with the
        # panel, which may go (its window closed) before the job ends.
        handle.succeeded.connect(self._show_results)
        handle.failed.connect(self._explain_failed)

    def _explain_failed(self, message: str) -> None:
        self.status.setText(f"Could not explain: {message}")

    def _show_results(self, result: object) -> None:
        assert isinstance(result, Explained)
        self.explained = result
        self.explanations = result.explanations
        size = self._end - self._base
        what = "The whole file" if self._whole else f"Bytes {byte_range(self._base, self._end)}"
        sampled = self.explanations[0].sampled if self.explanations else False
        how = (
            f" ({size:,} bytes, explained from {len(self.explanations[0].read)} parts of them)"
            if sampled
            else f" ({size:,} bytes)"
        )
        self.status.setText(what + how)
        self.candidates.clear()
        labels = [self._candidate_words(e) for e in self.explanations]
        for i, (explanation, words) in enumerate(zip(self.explanations, labels, strict=True)):
            first = labels.index(words)
            suffix = ""
            if first != i:  # said as an earlier one is: the same chain guessed otherwise, or
                # a chain through another table of the code page (cp1252 and windows-1252)
                same_chain = explanation.chain == self.explanations[first].chain
                suffix = (
                    " (other guesses)" if same_chain else " (another table of the same code page)"
                )
            self.candidates.addItem(f"{explanation.confidence:4.0%}  {words}{suffix}")
        if (
            self._whole
            and self.segments is not None
            and self.segments.complete
            and len(self.segments) > 1
        ):
            self.candidates.insertItem(0, f"       segment by segment: {self.segments.words()}")
        for row in range(self.candidates.count()):
            item = self.candidates.item(row)
            item.setToolTip(item.text().strip())
        self.candidates.setCurrentRow(0)

    @staticmethod
    def _candidate_words(explanation: Explanation) -> str:
        words = chain_words(explanation.chain)
        if explanation.parts:
            words = [f"{w} (some parts)" for w in words]
        words += [f"repaired: {what}" for what in dict.fromkeys(x.what for x in explanation.lost)]
        return "; ".join(words) or "fine as it is"

    # -- showing -----------------------------------------------------------------

    def _segment_row(self) -> bool:
        """Whether the first row is the segment map's reading (whole file, map complete)."""
        return self.candidates.count() == len(self.explanations) + 1

    def _show_candidate(self, row: int) -> None:
        explained = self.explained
        if explained is None or row < 0:
            return
        self.verify_result.setText("")
        self._whole_map = None
        shown = explained.shown
        self.original.setPlainText(preview_text(shown.decode("utf-8", "replace")))
        self.ranges.clear()
        if self._segment_row() and row == 0:
            self._show_segment_plan(shown)
            return
        index = row - 1 if self._segment_row() else row
        if not 0 <= index < len(self.explanations):
            return
        chosen = self.explanations[index]
        self._plan = explained.plans[index]
        other = self.explanations[1 if index == 0 else 0] if len(self.explanations) > 1 else None
        story = repaired_part(chosen.text, chosen.parts, chosen.lost, shown)
        self._show_steps(chosen.chain, story, other, chosen)
        self.repaired.setPlainText(preview_text(explained.previews[index]))
        guessed = {(lost.start, lost.end) for lost in chosen.lost}
        for start, end in chosen.ranges:
            if (start, end) not in guessed:  # else listed below, with its guess
                self._add_range(f"{byte_range(self._base + start, self._base + end)}", start, end)
        for lost in chosen.lost:
            where = byte_range(self._base + lost.start, self._base + lost.end)
            choice = alternatives_words(lost.alternatives)
            self._add_range(
                f"{where}: {lost.what}, guessed {lost.guess} ({choice})", lost.start, lost.end
            )
        for start, end in chosen.letters_lost:
            where = byte_range(self._base + start, self._base + end)
            self._add_range(f"{where}: a letter lost before the bytes were written", start, end)
        for odd in chosen.oddities:
            where = byte_range(self._base + odd.start, self._base + odd.end)
            what = f"{odd.what}, as damage leaves"
            if odd.was:  # the word first: the list is narrow
                what = f"may have been {odd.was}: {odd.what}"
            self._add_range(f"{where}: {what}", odd.start, odd.end)
        self._refresh_buttons(chosen.unchanged)

    def _show_steps(
        self, chain: Chain, story_text: str, other: Explanation | None, chosen: Explanation
    ) -> None:
        """The reading's story on the bytes (told on a character of
        ``story_text``), its parts or guesses, where it parts from ``other``
        and its steps."""
        lines = []
        story = damage_steps(chain, story_text) if not chain.is_identity else ""
        if story:
            lines.append(f"On the bytes: {story}")
        if chosen.parts and chosen.misread:
            lines.append(f"{len(chosen.parts):,} parts, each read its own way.")
        elif any(lost.what == LENIENT for lost in chosen.lost):
            lines.append(
                "Western text read by a lenient UTF-8 decoder, which took whatever bytes "
                "followed an accented letter as part of its character and kept six bits of "
                "each: each such character is read back as that letter and the characters "
                "the words choose for those bytes; see the ranges for each guess and the others."
            )
        elif chosen.lost and not chosen.misread and all(x.what == DRAWN for x in chosen.lost):
            lines.append(
                "Letters a DOS console showed as box drawing (├╝ for ü), which a program "
                "then wrote in ASCII (++): each read back as the letter that makes a known "
                "word; see the ranges for each guess and the others."
            )
        elif chosen.lost and all(x.what in (CAPITAL, SMALL) for x in chosen.lost):
            count = len(chosen.lost)
            letters = "One letter" if count == 1 else f"{count:,} letters"
            lines.append(
                "The text was put in capitals or small letters after it was misread, which "
                f"changed bytes the misreading made: {letters} given back the case its word "
                "calls for (FÃ©RIAS is FÉRIAS, intã©rieure is intérieure), each a guess; "
                "see the ranges."
            )
        elif chosen.lost and not chosen.misread:
            lines.append(
                "Letters lost before these bytes were written (U+FFFD, or ? inside a word), "
                "each guessed from the words it completes: see the ranges for each guess "
                "and the other letters that would make a word."
            )
        elif chosen.lost:
            count = len(chosen.lost)
            places = "One place" if count == 1 else f"{count:,} places"
            kinds = ", ".join(dict.fromkeys(lost.what for lost in chosen.lost))
            lines.append(
                f"{places} lost a byte on the way, or had one changed ({kinds}): "
                "each is guessed; see the ranges for the guess and the others."
            )
        if chosen.letters_lost:
            count = len(chosen.letters_lost)
            lost = "A letter was" if count == 1 else f"{count:,} letters were"
            lines.append(
                f"{lost} lost before these bytes were written (U+FFFD, or ? inside a word, "
                "where a letter stood): the bytes are read as they are, but they are not the "
                "text that was meant, and nothing in them says which letters (see the ranges)."
            )
        if chosen.oddities:
            count = len(chosen.oddities)
            places = "One place looks" if count == 1 else f"{count:,} places look"
            kinds = "; ".join(dict.fromkeys(odd.what for odd in chosen.oddities))
            lines.append(
                f"{places} like damage that no reading explains ({kinds}; see the ranges): "
                "the text may be fine, or misread in a way no chain here undoes, so this is "
                "not sure."
            )
        if chosen.doubt:
            lines.append(f"Not sure: {chosen.doubt}.")
        if other is not None and other.text != chosen.text:
            how = chain_words(other.chain)
            if other.lost and not other.misread:  # the text as it is, lost letters guessed
                how = ["the lost letters are guessed from the words"]
            lines.append(difference(chosen.text, other.text, how))
        if chain.is_identity and (chosen.letters_lost or chosen.oddities):
            lines.append("No chain of misreadings undoes these bytes: they are read as UTF-8.")
        elif chain.is_identity and chosen.doubt:
            lines.append("The bytes are read as they are: UTF-8.")
        else:
            lines.append(chain_steps(chain))  # the longest, last: the rest is in sight first
        self.steps.setText("\n\n".join(lines))

    def _show_segment_plan(self, shown: bytes) -> None:
        found = self.segments
        assert found is not None
        self._plan, self._whole_map = None, found
        damaged = found.damaged()
        self.steps.setText(
            f"Segment by segment: each part undone with its own chain, the rest kept byte for "
            f"byte.\n\n{found.words()}.\n\n{len(damaged):,} "
            f"{'segment' if len(damaged) == 1 else 'segments'} to repair: see the Segments tab."
        )
        self.repaired.setPlainText(preview_text(preview(head_plan(found, len(shown)), shown)))
        for i in damaged[:200].tolist():
            segment = found.segment(i)
            words = "; ".join(chain_words(segment.chain)) or segment.kind.value
            self._add_range(
                f"{byte_range(segment.start, segment.end)}: {words}", segment.start, segment.end
            )
        self._refresh_buttons(False)

    def _refresh_buttons(self, unchanged: bool) -> None:
        refusal = self._export_refusal(unchanged)
        self.export_button.setEnabled(refusal is None)
        self.export_button.setToolTip(
            refusal or "Export the repair through the export dialog (every loss shown first)"
        )
        self.verify_button.setEnabled(self._source is not None and self._chosen() and not unchanged)

    def _chosen(self) -> bool:
        return self._plan is not None or self._whole_map is not None

    def _chosen_plan(self) -> RepairPlan | None:
        """The chosen reading's plan over all the bytes explained (the
        segment map's made now, when it is the chosen one)."""
        found = self._whole_map
        if found is not None:
            return RepairPlan(tuple(found), found.size)
        return self._plan

    def _export_refusal(self, unchanged: bool) -> str | None:
        """Why the chosen reading cannot be exported, or ``None``."""
        if self._source is None or unchanged:
            return "Nothing to repair: the bytes are fine as they are."
        if self._whole_map is not None:
            return None
        if self._plan is None:
            return (
                "Explained from a sample, and read part by part: wait for the segment map "
                "(Segments tab) or select a smaller part."
            )
        chain = self._plan.single_chain()
        if chain is not None:
            try:
                get_format(reading_name(chain))
            except MojiscopeError as error:
                return str(error)
        return None

    def _add_range(self, text: str, start: int, end: int) -> None:
        item = QListWidgetItem(text)
        item.setData(RANGE_ROLE, (start, end))
        self.ranges.addItem(item)

    def _choose_range(self, item: QListWidgetItem) -> None:
        start, end = item.data(RANGE_ROLE)
        if self._segment_row() and self.candidates.currentRow() == 0:
            self._select(start, end)  # segment offsets are the file's
        else:
            self._select(self._base + start, self._base + end)

    def _choose_segment(self, index: QModelIndex) -> None:
        found = self.segment_model.data(index, RANGE_ROLE)
        if found is not None:
            self._select(*found)

    def _select(self, start: int, end: int) -> None:
        self.held = (start, end)
        self.range_chosen.emit(start, end)

    # -- the segment map ---------------------------------------------------------------

    def show_segments(self, keeper: SegmentKeeper) -> None:
        """Follow ``keeper``'s map: the counts, the columns and the list."""
        keeper.changed.connect(self._segments_changed)
        keeper.completed.connect(self._segments_completed)
        self._keeper = keeper

    def _segments_changed(self) -> None:
        found = self._keeper.map if self._keeper is not None else None
        self.segments = found
        if found is None:
            self.segment_counts.setText("The segment map is made once the file is open.")
            self.column_counts.setVisible(False)
            self.segment_model.show_map(None)
            return
        share = found.done / max(found.size, 1)
        state = "" if found.complete else f" (mapping… {share:.0%})"
        self.segment_counts.setText(f"{found.words()}{state}")
        columns = found.columns()
        self.column_counts.setVisible(bool(columns))
        self.column_counts.setText(
            "Misread values per column: " + ", ".join(f"{c.name} {c.misread:,}" for c in columns)
        )
        self.segment_model.show_map(found)

    def _segments_completed(self, found: object) -> None:
        self._segments_changed()
        if self._whole and self.explained is not None:
            self._show_results(self.explained)

    # -- exporting ---------------------------------------------------------------------

    def export_repaired(self) -> None:
        """Ask for the export dialog over the bytes explained, read through the
        chosen reading's repair (see the module docstring)."""
        plan = self._chosen_plan()
        if plan is None:
            return
        self.export_requested.emit(repair_format(plan), self._base, self._end)

    # -- verifying ---------------------------------------------------------------------

    def verify(self) -> None:
        """Read every byte explained through the chosen repair (a child
        process, with progress and Cancel); the result goes beside the button."""
        plan, source = self._chosen_plan(), self._source
        if plan is None or source is None:
            return
        path = self._path
        data = None if path is not None else source.read(self._base, self._end)
        lo, hi = (self._base, self._end) if path is not None else (0, self._end - self._base)

        def job(control: Control) -> ConversionReport:
            return run_in_child(verify_plan, (path, data, lo, hi, plan), control)

        self.verify_result.setText("Verifying…")
        handle = self.runner.start(
            "mojibake-verify", job, total=max(1, hi - lo), label="Verifying the repair"
        )
        handle.succeeded.connect(self._verified)
        handle.cancelled.connect(self._verify_cancelled)
        handle.failed.connect(self._verify_failed)
        show_progress_dialog(handle, self)

    def _verified(self, report: object) -> None:
        assert isinstance(report, ConversionReport)
        if report.lossless:
            self.verify_result.setText(
                f"The repair reads all {report.bytes_read:,} bytes with no loss."
            )
            return
        counts = ", ".join(f"{n:,} {kind.value}" for kind, n in report.counts.items())
        self.verify_result.setText(
            f"The repair reads all {report.bytes_read:,} bytes; it would lose {counts} "
            "(Export shows each)."
        )

    def _verify_cancelled(self) -> None:
        self.verify_result.setText("Verifying was cancelled.")

    def _verify_failed(self, message: str) -> None:
        self.verify_result.setText(f"Could not verify: {message}")


class _WindowLike(Protocol):
    """What :func:`attach_to_window` needs of the main window."""

    document: Any
    selection: Any
    jobs: JobRunner
    inspector: QWidget
    segments: SegmentKeeper

    def export_repaired(self, reading: str, start: int, end: int) -> None: ...


class _Attachment:
    """The panel's ties to the window: explain the selection once it settles
    and while the panel can be seen, select what the panel picks."""

    def __init__(self, host: _WindowLike, panel: MojibakePanel, dock: QDockWidget) -> None:
        self.host, self.panel = host, panel
        self.shown = False
        """Whether the panel can be seen: a dock behind another's tab is not
        hidden (``isVisible``), only moved out of sight (``visibilityChanged``),
        and explaining for no one would take the GUI thread's time all the same."""
        self.settle = Later(panel, SETTLE_MS, self.explain_now)
        host.selection.changed.connect(self.settle.start)
        dock.visibilityChanged.connect(self.visibility_changed)
        panel.range_chosen.connect(self.select)
        panel.whole_file_requested.connect(self.whole_file)
        panel.export_requested.connect(host.export_repaired)

    def explain_now(self, *, whole: bool = False) -> None:
        document = self.host.document
        if document is None or not self.shown:
            return
        selection = self.host.selection
        held, self.panel.held = self.panel.held, None
        if held is not None and (selection.start, selection.end) == held:
            return  # the panel selected it: keep what it shows
        # The cursor alone is a one-byte selection: that is "nothing selected".
        chosen = selection.length > 1 and not whole
        start, end = (selection.start, selection.end) if chosen else (0, document.size)
        self.panel.explain_range(document.source, start, end, whole=not chosen)

    def whole_file(self) -> None:
        self.settle.stop()
        self.explain_now(whole=True)

    def visibility_changed(self, visible: bool) -> None:
        self.shown = visible
        if visible:
            self.settle.start()

    def select(self, start: int, end: int) -> None:
        self.host.selection.select_range(start, end)


def attach_to_window(window: QMainWindow) -> QDockWidget:
    """Dock a Mojibake panel beside the window's Inspector (tabbed with it),
    explain the selection (or, with nothing selected but the byte under the
    cursor, the whole file) a moment after it settles while the panel can be
    seen (and when it comes into sight), follow the window's segment map,
    select the bytes of a range or segment the user picks (keeping the
    explanation), and open the export dialog for "Export repaired…"
    (``window.export_repaired``). Returns the dock."""
    host = cast(_WindowLike, window)
    panel = MojibakePanel(host.jobs, window)
    dock = QDockWidget("Mojibake", window)
    dock.setObjectName("dock-mojibake")
    # In a scroll area, so the panel's minimum (about 420 by 230 pixels)
    # does not set the window's: in a small window the docks give up height.
    scroller = QScrollArea(dock)
    scroller.setWidgetResizable(True)
    scroller.setWidget(panel)
    dock.setWidget(scroller)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    inspector_dock = host.inspector.parentWidget()
    if isinstance(inspector_dock, QDockWidget):
        window.tabifyDockWidget(inspector_dock, dock)
        inspector_dock.raise_()
    panel.show_segments(host.segments)
    panel.attachment = _Attachment(host, panel, dock)  # type: ignore[attr-defined]
    return dock
