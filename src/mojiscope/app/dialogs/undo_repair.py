"""File > Undo a Repair…: write a repaired file's original bytes back.

An export of a mojibake repair writes an undo journal beside the repaired
file (:mod:`mojiscope.core.mojibake.journal`). This dialog asks for the
journal, fills in the repaired file the journal names and a place for the
original (the original's own path when it is gone, else beside it with
``.restored`` in the name, never over an existing file without asking),
and undoes in a child process through the window's job runner, with
progress and Cancel. The core refuses a journal that does not match the
repaired file and checks the result against the original's SHA-256 before
the file is renamed into place; the dialog says which, in one sentence.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.jobs import JobHandle, JobRunner, show_progress_dialog
from mojiscope.app.window import messages
from mojiscope.core.errors import MojiscopeError
from mojiscope.core.mojibake.jobs import undo_journal
from mojiscope.core.mojibake.journal import JournalHead, read_head
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

if TYPE_CHECKING:
    from mojiscope.app.window.main_window import MainWindow


def restored_path(original: str) -> str:
    """Where the original goes by default: its own path when nothing is
    there any more, else beside it with ``.restored`` before the suffix."""
    path = Path(original)
    if not path.exists() and path.parent.is_dir():
        return str(path)
    return str(path.with_name(f"{path.stem}.restored{path.suffix}"))


class UndoRepairDialog(QDialog):
    """Journal, repaired file, where the original goes; Undo (see the module)."""

    undone = Signal(object)
    """The :class:`~mojiscope.core.mojibake.journal.JournalHead` of a finished undo."""

    def __init__(self, runner: JobRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Undo a Repair")
        self.runner = runner
        self.job: JobHandle | None = None
        self.journal_edit = QLineEdit(self)
        self.journal_edit.setPlaceholderText("the .journal file written beside the repair")
        self.journal_edit.editingFinished.connect(self._journal_chosen)
        self.repaired_edit = QLineEdit(self)
        self.output_edit = QLineEdit(self)
        self.words = QLabel(self)
        self.words.setWordWrap(True)
        self.outcome = QLabel(self)
        self.outcome.setWordWrap(True)
        self.outcome.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        buttons = QDialogButtonBox(self)
        self.undo_button = buttons.addButton("Undo", QDialogButtonBox.ButtonRole.AcceptRole)
        self.undo_button.clicked.connect(self.undo)
        buttons.addButton(QDialogButtonBox.StandardButton.Close).clicked.connect(self.close)
        where = QHBoxLayout()
        where.addWidget(self.journal_edit, 1)
        where.addWidget(browse)
        form = QFormLayout()
        form.addRow("Journal:", where)
        form.addRow("Repaired file:", self.repaired_edit)
        form.addRow("Write the original to:", self.output_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.words)
        layout.addWidget(self.outcome)
        layout.addWidget(buttons)
        self.resize(640, 240)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Undo journal",
            self.journal_edit.text(),
            "Undo journals (*.journal);;All files (*)",
        )
        if path:
            self.choose_journal(path)

    def choose_journal(self, path: str) -> None:
        """Take ``path`` as the journal and fill in the rest from it."""
        self.journal_edit.setText(path)
        self._journal_chosen()

    def _journal_chosen(self) -> None:
        path = self.journal_edit.text().strip()
        if not path:
            return
        try:
            head = read_head(path)
        except MojiscopeError as error:
            self.words.setText(str(error))
            self.undo_button.setEnabled(False)
            return
        self.undo_button.setEnabled(True)
        self.repaired_edit.setText(head.output_path)
        self.output_edit.setText(restored_path(head.source_path.split(" (bytes ")[0]))
        self.words.setText(
            f"The repair changed {head.source_size:,} bytes into {head.output_size:,}; undoing it "
            "writes the original back and checks its SHA-256."
        )

    def undo(self) -> None:
        journal = self.journal_edit.text().strip()
        repaired = self.repaired_edit.text().strip()
        output = self.output_edit.text().strip()
        if not (journal and repaired and output) or not self._may_write(output):
            return
        size = Path(repaired).stat().st_size if Path(repaired).exists() else 1

        def job(control: Control) -> JournalHead:
            return run_in_child(undo_journal, (journal, repaired, output), control)

        self.outcome.setText(f"Writing {output}…")
        handle = self.runner.start("undo-repair", job, 2 * max(size, 1), label="Undoing the repair")
        self.job = handle
        handle.succeeded.connect(self._done)
        handle.failed.connect(self._failed)
        handle.cancelled.connect(self._cancelled)
        show_progress_dialog(handle, self)

    def _may_write(self, output: str) -> bool:
        if not Path(output).exists():
            return True
        box = QMessageBox(
            QMessageBox.Icon.Warning, "Replace file?", f"{output} exists. Replace it?", parent=self
        )
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        answer = messages.exec_dialog(box)
        return answer in (QDialog.DialogCode.Accepted.value, QMessageBox.StandardButton.Yes.value)

    def _done(self, head: object) -> None:
        assert isinstance(head, JournalHead)
        self.outcome.setText(
            f"Wrote the original {head.source_size:,} bytes to {self.output_edit.text().strip()} "
            "(SHA-256 checked)."
        )
        self.undone.emit(head)

    def _failed(self, message: str) -> None:
        self.outcome.setText(f"{message}. Nothing was written.")

    def _cancelled(self) -> None:
        self.outcome.setText("Cancelled: nothing was written.")


def open_undo_dialog(window: MainWindow) -> UndoRepairDialog:
    """Show the dialog (not modal: the window stays usable)."""
    dialog = UndoRepairDialog(window.jobs, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
