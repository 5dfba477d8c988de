"""File > Compare With…: the open file and another, compared with their
encodings in mind (:mod:`mojiscope.core.compare.files`).

The comparison runs as a job on the window's runner (in a child process
for two files: it streams through both in bounded memory), its progress
and Cancel in the dialog. Then the dialog shows the verdict ("the same
text in another encoding: a.txt is UTF-16LE with a byte order mark, b.txt
UTF-8"), what else differs, and the first places where the texts differ
(with a count of the rest): per place, each file's lines and bytes, and
its focus, the characters that differ with their bytes. A click on a
place selects its bytes in the window (the open file is A). The dialog is
not modal: the window stays usable, and the dialog closes itself when
another file opens there.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.model.document import Document
from mojiscope.app.window.selection import SelectionModel
from mojiscope.core import FileSource
from mojiscope.core.compare.files import (
    FileComparison,
    VerdictKind,
    compare_files,
    compare_paths,
)
from mojiscope.core.compare.hunks import HunkSide
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

if TYPE_CHECKING:
    from mojiscope.app.window.main_window import MainWindow

#: The name the comparison runs under (a new one cancels the one running).
COMPARE_JOB = "compare-files"
#: Characters of a line or a focus a row shows.
SHOWN_CHARS = 80


def place_words(name_a: str, a: HunkSide, name_b: str, b: HunkSide) -> str:
    """One place, in a few lines: where it is in each file and what differs."""

    def where(side: HunkSide) -> str:
        lines = f"line {side.line:,}" if side.count <= 1 else f"lines {side.line:,}-"
        if side.count > 1:
            lines += f"{side.line + side.count - 1:,}"
        return f"{lines}, bytes 0x{side.start:X}..0x{side.end:X}"

    def focus(side: HunkSide) -> str:
        text = side.focus[:SHOWN_CHARS] + ("…" if len(side.focus) > SHOWN_CHARS else "")
        return f"0x{side.focus_start:X}..0x{side.focus_end:X} {text!r}"

    head = f"{name_a} {where(a)}; {name_b} {where(b)}"
    lines = [f"- {line.text[:SHOWN_CHARS]}" for line in a.lines[:2]]
    lines += [f"+ {line.text[:SHOWN_CHARS]}" for line in b.lines[:2]]
    return "\n".join([head, *lines, f"{name_a} {focus(a)} → {name_b} {focus(b)}"])


class CompareFilesDialog(QDialog):
    """The comparison of the window's file (A) with another (B)."""

    def __init__(
        self,
        document: Document,
        other: Path,
        runner: JobRunner,
        selection: SelectionModel,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Compare {document.name} with {other.name}")
        self.document = document
        self.other = other
        self.runner = runner
        self.selection = selection
        self.comparison: FileComparison | None = None
        self.job: JobHandle | None = None
        self.heading = QLabel(f"A: {document.name}\nB: {other}")
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict = QLabel("Comparing…")
        self.verdict.setObjectName("compare-verdict")
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.verdict.font()
        font.setBold(True)
        self.verdict.setFont(font)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.places = QListWidget()
        self.places.setObjectName("compare-places")
        self.places.setWordWrap(True)
        self.places.setAlternatingRowColors(True)
        self.places.hide()
        self.places.itemActivated.connect(self._chosen)
        self.places.itemClicked.connect(self._chosen)
        self.more = QLabel()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self._cancel)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.filler = QWidget()
        """Takes the room the places would, while there are none to show."""
        self.filler.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        for widget in (self.heading, self.verdict, self.notes, self.places, self.more):
            layout.addWidget(widget)
        layout.addWidget(self.filler)
        layout.addWidget(self.progress)
        layout.addWidget(buttons)
        self.resize(760, 520)

    def start(self) -> JobHandle:
        """Compare, as a job (see the module docstring)."""
        source = self.document.source
        other = str(self.other)
        names = (self.document.name, self.other.name)

        def job(control: Control) -> FileComparison:
            if isinstance(source, FileSource):
                return run_in_child(compare_paths, (str(source.path), other, names), control)
            with FileSource(other) as b:  # pasted bytes: no file to hand a child
                return compare_files(source, b, names=names, control=control)

        handle = self.runner.start(COMPARE_JOB, job, 1000, label="Comparing the files")
        handle.progressed.connect(self.progress.setValue)
        handle.succeeded.connect(lambda result: self._show(handle, result))
        handle.failed.connect(lambda message: self._ended(handle, f"Comparing failed: {message}"))
        handle.cancelled.connect(lambda: self._ended(handle, "Cancelled."))
        self.job = handle
        return handle

    def _ended(self, handle: JobHandle, words: str) -> None:
        if handle is self.job:
            self.verdict.setText(words)
            self._done()

    def _done(self) -> None:
        self.progress.hide()
        self.cancel_button.hide()

    def _cancel(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()

    def _show(self, handle: JobHandle, result: object) -> None:
        if handle is not self.job or not isinstance(result, FileComparison):
            return
        self.comparison = result
        self._done()
        self.verdict.setText(result.words)
        sides = [
            f"{side.name}: {side.format_words}, {side.size:,} bytes"
            + (f", line ends {side.line_ends}" if side.line_ends else "")
            for side in (result.a, result.b)
        ]
        self.notes.setText("\n".join([*sides, *result.notes]))
        self.places.clear()
        for hunk in result.hunks:
            item = QListWidgetItem(place_words(result.a.name, hunk.a, result.b.name, hunk.b))
            item.setData(Qt.ItemDataRole.UserRole, (hunk.a.focus_start, hunk.a.focus_end))
            self.places.addItem(item)
        for run in result.byte_runs:
            words = (
                f"bytes 0x{run.start:X}..0x{run.end:X}\n"
                f"- {run.a.hex(' ').upper() or '(past the end)'}\n"
                f"+ {run.b.hex(' ').upper() or '(past the end)'}"
            )
            item = QListWidgetItem(words)
            item.setData(Qt.ItemDataRole.UserRole, (run.start, run.end))
            self.places.addItem(item)
        self.places.setVisible(self.places.count() > 0)
        self.filler.setVisible(self.places.count() == 0)
        if result.more:
            self.more.setText(f"… and {result.more:,} more place{'s' if result.more != 1 else ''}")
        elif result.kind == VerdictKind.IDENTICAL:
            self.more.setText("Nothing differs.")

    def _chosen(self, item: QListWidgetItem) -> None:
        """Select the place's bytes in the open file (A)."""
        found = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(found, tuple):
            start, end = found
            size = self.document.size
            start = min(start, max(size - 1, 0))
            self.selection.select_range(start, min(max(end, start + 1), size))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self._cancel()
        super().closeEvent(event)


def open_compare_dialog(window: MainWindow, other: str | Path) -> CompareFilesDialog | None:
    """Compare the window's document with the file at ``other`` in a dialog
    of its own; None, with a word in the status bar, without a document."""
    document = window.document
    if document is None:
        window.statusBar().showMessage("Open a file to compare first", 5000)
        return None
    dialog = CompareFilesDialog(document, Path(other), window.jobs, window.selection, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    dialog.start()
    return dialog
