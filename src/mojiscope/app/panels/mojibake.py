"""The Mojibake panel: which chain of misreadings made the selected bytes.

A view over :func:`mojiscope.core.mojibake.explain`, run through the app's
job runner (never on the GUI thread): the candidates best first with their
confidence, the chosen candidate's chain drawn step by step, the bytes as
they read and the repaired text side by side, and the byte ranges the repair
touches (and the lost bytes it guessed) as a list whose rows select those
bytes: the panel emits :attr:`MojibakePanel.range_chosen` with absolute
offsets and the window moves its selection there. "Verify over the whole
file" streams the chosen chain over the whole source with progress and
Cancel (:func:`mojiscope.core.mojibake.verify_chain`). "Export repaired…"
asks (:attr:`MojibakePanel.export_requested`) for the export dialog over the
bytes explained (the whole file when nothing was selected), with the chosen
chain's repair as the source format (a
:class:`~mojiscope.core.mojibake.ChainReading`, named ``repair:<chain
words>``), so the user picks the target, sees every loss, and the write is
atomic and verified like any export.

The panel holds no codec logic and does not know the window;
:func:`attach_to_window` docks it beside the Inspector, explains the
selection when it settles and turns :attr:`range_chosen` into a selection.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.jobs import JobRunner, show_progress_dialog
from mojiscope.core import MojiscopeError, Source, get_format
from mojiscope.core.mojibake import (
    Chain,
    ChainError,
    Explanation,
    reading_name,
    verify_chain,
)
from mojiscope.core.mojibake.explain import SAMPLE_BYTES, explain_watched
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

_RANGE_ROLE = Qt.ItemDataRole.UserRole
#: How long the selection must stay put before the panel explains it.
SETTLE_MS = 400


def chain_steps(chain: Chain) -> str:
    """The chain as numbered steps, oldest first, for people."""
    if chain.is_identity:
        return "The bytes are fine as they are: UTF-8, nothing to undo."
    steps = []
    for layer in chain.layers:
        steps.append(f"the text was written as {layer.written}")
        steps.append(f"read as {layer.read_as}")
        steps.append("saved as utf-8" if layer is not chain.layers[-1] else "")
    steps = [s for s in steps if s]
    steps.append(f"saved as {chain.stored_as}" if chain.layers else f"written as {chain.stored_as}")
    return "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))


PREVIEW_CHARS = 4096
"""Characters the two text boxes show at most: laying out 32 KiB (one long
line, often) would hold the GUI thread for a tenth of a second or more."""


def preview(text: str) -> str:
    """``text``, or its first :data:`PREVIEW_CHARS` characters and a line saying so."""
    if len(text) <= PREVIEW_CHARS:
        return text
    return f"{text[:PREVIEW_CHARS]}\n… (the first {PREVIEW_CHARS:,} of {len(text):,} characters)"


class MojibakePanel(QWidget):
    """Candidates, chain, original beside repaired, touched ranges (see module)."""

    #: Absolute byte range ``[start, end)`` the user picked from the ranges list.
    range_chosen = Signal(int, int)
    #: "Export repaired…": the repair's format name and the absolute byte range explained.
    export_requested = Signal(str, int, int)

    def __init__(self, runner: JobRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.explanations: list[Explanation] = []
        self._source: Source | None = None
        self._base = 0
        self._end = 0
        self._data = b""
        self.status = QLabel("Select bytes to explain.")
        self.status.setWordWrap(True)
        self.candidates = QListWidget()
        self.candidates.currentRowChanged.connect(self._show_candidate)
        self.steps = self._text_box("The chain, step by step")
        self.original = self._text_box("As the bytes read (UTF-8)")
        self.repaired = self._text_box("Repaired")
        self.ranges = QListWidget()
        self.ranges.itemActivated.connect(self._choose_range)
        self.ranges.itemClicked.connect(self._choose_range)
        self.verify_button = QPushButton("Verify over the whole file")
        self.verify_button.setEnabled(False)
        self.verify_button.clicked.connect(self.verify)
        self.export_button = QPushButton("Export repaired…")
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self.export_repaired)
        self._build_layout()

    def _text_box(self, placeholder: str) -> QPlainTextEdit:
        box = QPlainTextEdit()
        box.setReadOnly(True)
        box.setPlaceholderText(placeholder)
        box.setAccessibleName(placeholder)
        return box

    def _build_layout(self) -> None:
        sides = QSplitter(Qt.Orientation.Horizontal)
        sides.addWidget(self.original)
        sides.addWidget(self.repaired)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(QLabel("Candidates, best first:"))
        layout.addWidget(self.candidates, 2)
        layout.addWidget(self.steps, 2)
        layout.addWidget(sides, 3)
        layout.addWidget(QLabel("Bytes the repair touches (click to select):"))
        layout.addWidget(self.ranges, 2)
        buttons = QHBoxLayout()
        buttons.addWidget(self.verify_button)
        buttons.addWidget(self.export_button)
        layout.addLayout(buttons)

    # -- asking ------------------------------------------------------------------

    def explain_range(self, source: Source, start: int, end: int) -> None:
        """Explain bytes ``[start, end)`` of ``source`` (at most the first
        32 KiB of them) in the background; the lists fill when it is done."""
        self._source, self._base, self._end = source, start, end
        stop = min(end, start + SAMPLE_BYTES + 1)
        self.status.setText(f"Explaining bytes {start:,}-{end:,}…")

        def job(control: Control) -> tuple[bytes, list[Explanation]]:
            data = source.read(start, stop)
            # In a child: half a second of Python would hold the lock against the GUI.
            return data, run_in_child(explain_watched, (data,), control)

        handle = self.runner.start("mojibake", job, total=max(1, stop - start), label="Explaining")
        # The panel's own methods, never closures: Qt drops them with the
        # panel, which may go (its window closed) before the job ends.
        handle.succeeded.connect(self._show_results)
        handle.failed.connect(self._explain_failed)

    def _explain_failed(self, message: str) -> None:
        self.status.setText(f"Could not explain: {message}")

    def _show_results(self, result: object) -> None:
        assert isinstance(result, tuple)
        self._data, self.explanations = result
        sampled = (
            " (from its first 32 KiB)" if self.explanations and self.explanations[0].sampled else ""
        )
        self.status.setText(f"Bytes {self._base:,}-{self._base + len(self._data):,}{sampled}")
        self.candidates.clear()
        for explanation in self.explanations:
            words = "; ".join(explanation.words) or "fine as it is"
            self.candidates.addItem(f"{explanation.confidence:4.0%}  {words}")
        self.candidates.setCurrentRow(0)

    # -- showing -----------------------------------------------------------------

    def _show_candidate(self, row: int) -> None:
        if not 0 <= row < len(self.explanations):
            return
        chosen = self.explanations[row]
        against = f"\n\nAgainst the next candidate: {chosen.differs}" if chosen.differs else ""
        self.steps.setPlainText(chain_steps(chosen.chain) + against)
        self.original.setPlainText(preview(self._data.decode("utf-8", "replace")))
        self.repaired.setPlainText(preview(chosen.text))
        self.ranges.clear()
        for start, end in chosen.ranges:
            self._add_range(f"bytes {self._base + start:,}-{self._base + end:,}", start, end)
        for lost in chosen.lost:
            others = ", ".join(lost.alternatives) or "none"
            where = f"bytes {self._base + lost.start:,}-{self._base + lost.end:,}"
            text = f"{where}: {lost.what}, guessed {lost.guess} (or {others})"
            self._add_range(text, lost.start, lost.end)
        self.verify_button.setEnabled(
            self._source is not None and not chosen.unchanged and not chosen.parts
        )
        refusal = self._export_refusal(chosen)
        self.export_button.setEnabled(refusal is None)
        self.export_button.setToolTip(
            refusal or "Export the repaired text through the export dialog (every loss shown)"
        )

    def _export_refusal(self, chosen: Explanation) -> str | None:
        """Why the chosen candidate cannot be exported as a reading, or ``None``."""
        if self._source is None or chosen.unchanged:
            return "Nothing to repair: the bytes are fine as they are."
        if chosen.parts:
            return "Each line has its own chain here: export the lines one chain covers."
        try:
            get_format(reading_name(chosen.chain))
        except MojiscopeError as error:
            return str(error)
        return None

    def _add_range(self, text: str, start: int, end: int) -> None:
        item = QListWidgetItem(text)
        item.setData(_RANGE_ROLE, (start, end))
        self.ranges.addItem(item)

    def _choose_range(self, item: QListWidgetItem) -> None:
        start, end = item.data(_RANGE_ROLE)
        self.range_chosen.emit(self._base + start, self._base + end)

    # -- exporting ---------------------------------------------------------------

    def export_repaired(self) -> None:
        """Ask for the export dialog over the bytes explained, read through the
        chosen candidate's chain."""
        row = self.candidates.currentRow()
        if not 0 <= row < len(self.explanations):
            return
        chain = self.explanations[row].chain
        self.export_requested.emit(reading_name(chain), self._base, self._end)

    # -- verifying ---------------------------------------------------------------

    def verify(self) -> None:
        """Stream the chosen chain over the whole source, with progress and Cancel."""
        row = self.candidates.currentRow()
        if self._source is None or not 0 <= row < len(self.explanations):
            return
        chain, source = self.explanations[row].chain, self._source

        def job(control: Control) -> str:
            try:
                verified = verify_chain(chain, source, control=control)
            except ChainError as error:
                return f"The chain does not fit the whole file: {error}"
            return (
                f"The chain fits all {verified.bytes_in:,} bytes; "
                f"the repair is {verified.chars_out:,} characters."
            )

        handle = self.runner.start(
            "mojibake-verify", job, total=max(1, len(source)), label="Verifying the chain"
        )
        handle.succeeded.connect(self._verified)
        handle.cancelled.connect(self._verify_cancelled)
        show_progress_dialog(handle, self)

    def _verified(self, words: object) -> None:
        self.status.setText(str(words))

    def _verify_cancelled(self) -> None:
        self.status.setText("Verifying was cancelled.")


class _WindowLike(Protocol):
    """What :func:`attach_to_window` needs of the main window."""

    document: Any
    selection: Any
    jobs: JobRunner
    inspector: QWidget

    def export_repaired(self, reading: str, start: int, end: int) -> None: ...


def attach_to_window(window: QMainWindow) -> QDockWidget:
    """Dock a Mojibake panel beside the window's Inspector (tabbed with it),
    explain the selection (or, with nothing selected but the byte under the
    cursor, the file from its start) a moment after it settles while the
    panel can be seen (and when it comes into sight), select the
    bytes of a range the user picks, and open the export dialog for "Export
    repaired…" (``window.export_repaired``). Returns the dock."""
    host = cast(_WindowLike, window)
    panel = MojibakePanel(host.jobs, window)
    dock = QDockWidget("Mojibake", window)
    dock.setObjectName("dock-mojibake")
    scroller = QScrollArea(dock)  # the panel's full height must not set the window's minimum
    scroller.setWidgetResizable(True)
    scroller.setWidget(panel)
    dock.setWidget(scroller)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    inspector_dock = host.inspector.parentWidget()
    if isinstance(inspector_dock, QDockWidget):
        window.tabifyDockWidget(inspector_dock, dock)
        inspector_dock.raise_()
    settle = QTimer(panel)
    settle.setSingleShot(True)
    settle.setInterval(SETTLE_MS)

    shown = [False]
    """Whether the panel can be seen: a dock behind another's tab is not
    hidden (``isVisible``), only moved out of sight (``visibilityChanged``).
    Behind the Inspector's tab it explained every selection all the same,
    and showing the results cost 10-20 ms of the GUI thread each time."""

    def explain_now() -> None:
        document = host.document
        if document is None or not shown[0]:
            return
        selection = host.selection
        # The cursor alone is a one-byte selection: that is "nothing selected".
        chosen = selection.length > 1
        start, end = (selection.start, selection.end) if chosen else (0, document.size)
        panel.explain_range(document.source, start, end)

    settle.timeout.connect(explain_now)
    host.selection.changed.connect(settle.start)

    def visibility_changed(visible: bool) -> None:
        shown[0] = visible
        if visible:
            settle.start()

    dock.visibilityChanged.connect(visibility_changed)
    panel.range_chosen.connect(lambda start, end: host.selection.select_range(start, end))
    panel.export_requested.connect(host.export_repaired)
    return dock
