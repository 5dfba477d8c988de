"""File > Export As… and Export Selection As…: choose a target format, see
every loss before anything is written, then write atomically and verify.

The dialog is a view over :mod:`mojiscope.app.model.export`. Whenever a
choice that changes the report changes (source format, target format,
signature), the loss report is recomputed as a job on the window's
:class:`~mojiscope.app.background.jobs.JobRunner` (a newer job cancels the older one),
and its rows stream into the table as they are found. Export is enabled
only when :func:`~mojiscope.app.model.export.refusal` has nothing to say;
the line under the table says why when it does. Writing and verifying run
as one more job, with the same progress bar and Cancel; the write is handed
the report of the current choices, so it does not compute it again. Nothing
here is modal but the overwrite question, so the main window stays usable
and a loss row's click selects its bytes there.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.dialogs.export_report_view import LossTable, summary_line
from mojiscope.app.model.export import (
    REPLACE,
    STRICT,
    ExportChoices,
    ExportOutcome,
    ExportReport,
    ExportSource,
    WriteRecord,
    default_output,
    find_format,
    is_repair,
    is_same_file,
    journal_path,
    journal_refusal,
    refusal,
    report_job,
    target_names,
    verify_job,
    write_job,
    write_total,
)
from mojiscope.app.window import messages
from mojiscope.app.window.selection import SelectionModel

if TYPE_CHECKING:
    from mojiscope.app.window.main_window import MainWindow
from mojiscope.core.conversion.loss_report import ConversionReport, LossRow
from mojiscope.core.conversion.verify import Verification
from mojiscope.core.mojibake import ChainReading

#: Milliseconds of quiet after a change before the report is recomputed.
REPORT_DELAY_MS = 150


def _format_box(names: tuple[str, ...], current: str, parent: QWidget) -> QComboBox:
    box = QComboBox(parent)
    box.setEditable(True)
    box.addItems(list(names))
    box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    completer = QCompleter(list(names), box)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    box.setCompleter(completer)
    box.setCurrentText(current)
    return box


class ExportDialog(QDialog):
    """Export the whole source, or a byte range of it, to another format."""

    written = Signal(object)
    """An :class:`ExportOutcome` after a write (verified or not)."""
    report_ready = Signal(object)
    """The finished :class:`~mojiscope.core.conversion.loss_report.ConversionReport`
    for the current choices."""
    verified = Signal(object)
    """A :class:`~mojiscope.core.conversion.verify.Verification` from the Verify button."""
    job_started = Signal(str)
    """A job of the dialog started (its name)."""
    job_ended = Signal(str)
    """The dialog's current job ended (its outcome)."""

    def __init__(
        self,
        source: ExportSource,
        source_format: str,
        runner: JobRunner,
        selection: SelectionModel,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.source, self.runner, self.selection = source, runner, selection
        what = "Selection" if not source.whole else source.name
        self.setWindowTitle(f"Export {what}")
        self.report: ConversionReport | None = None
        self._known: tuple[tuple[str, str, bool], ExportReport] | None = None  # its choices
        self._asked: tuple[str, str, bool] | None = None  # the choices of the report job
        self.job: JobHandle | None = None
        self._write_record: tuple[WriteRecord, str] | None = None  # the write under way
        self._report_timer = QTimer(self, singleShot=True, interval=REPORT_DELAY_MS)
        self._report_timer.timeout.connect(self._start_report)
        self._build(source_format)
        self._show_source_words()
        self._show_journal_choice()
        self._recompute()
        # The first report needs no pause for more changes: start it as soon
        # as the dialog is up (from the event loop, not from the constructor).
        self._report_timer.stop()
        QTimer.singleShot(0, self, self._start_report)

    # -- building ------------------------------------------------------------------------

    def _build(self, source_format: str) -> None:
        names = target_names()
        self.source_box = _format_box(names, source_format, self)
        if source_format not in names:  # a mojibake repair: keep it among the choices
            self.source_box.insertItem(0, source_format)
        self.source_words = QLabel(self)  # a repair's chain in words
        self.source_words.setVisible(False)
        self.target_box = _format_box(names, "utf-8", self)
        self.strict_button = QRadioButton("Strict: refuse any loss", self)
        self.replace_button = QRadioButton("Replace: write and report every loss", self)
        self.strict_button.setChecked(True)
        self.signature_box = QCheckBox("Begin with the target's signature (BOM)", self)
        self.journal_box = QCheckBox(
            "Write an undo journal beside it (File > Undo a Repair…)", self
        )
        self.journal_box.setChecked(True)
        self.journal_box.setVisible(False)
        self.output_edit = QLineEdit(default_output(self.source, "utf-8"), self)
        self._output_is_default = True
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.table = LossTable(self)
        self.table.chosen.connect(self.selection.select_range)
        self.why = QLabel(self)
        self.why.setWordWrap(True)
        self.why.setMinimumHeight(4 * self.fontMetrics().lineSpacing())
        self.why.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.why.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.outcome = QLabel(self)
        self.outcome.setWordWrap(True)
        self.outcome.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.clicked.connect(self.cancel_job)
        self.buttons = QDialogButtonBox(self)
        self.export_button = self.buttons.addButton(
            "Export", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.verify_button = self.buttons.addButton(
            "Verify", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.verify_button.setToolTip(
            "Read the written file back and compare it with the text meant"
        )
        self.verify_button.setEnabled(False)
        close = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.export_button.clicked.connect(self.export)
        self.verify_button.clicked.connect(self.verify)
        close.clicked.connect(self.close)
        self._lay_out(browse)
        for box in (self.source_box, self.target_box):
            box.currentTextChanged.connect(self._choices_changed)
        self.signature_box.toggled.connect(self._choices_changed)
        self.strict_button.toggled.connect(self._refresh_refusal)
        self.output_edit.textChanged.connect(self._refresh_refusal)
        self.output_edit.textEdited.connect(self._output_edited)

    def _lay_out(self, browse: QPushButton) -> None:
        form = QFormLayout()
        form.addRow("Source format:", self.source_box)
        form.addRow("", self.source_words)
        form.addRow("Target format:", self.target_box)
        policy = QHBoxLayout()
        policy.addWidget(self.strict_button)
        policy.addWidget(self.replace_button)
        form.addRow("Losses:", policy)
        form.addRow("", self.signature_box)
        form.addRow("", self.journal_box)
        where = QHBoxLayout()
        where.addWidget(self.output_edit, 1)
        where.addWidget(browse)
        form.addRow("Write to:", where)
        running = QHBoxLayout()
        running.addWidget(self.progress, 1)
        running.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addLayout(running)
        layout.addWidget(self.why)
        layout.addWidget(self.outcome)
        layout.addWidget(self.buttons)
        self.resize(780, 560)

    # -- choices -------------------------------------------------------------------------

    def choices(self) -> ExportChoices:
        return ExportChoices(
            self.source_box.currentText().strip(),
            self.target_box.currentText().strip(),
            STRICT if self.strict_button.isChecked() else REPLACE,
            self.signature_box.isChecked() and self.signature_box.isEnabled(),
            self.output_edit.text().strip(),
            journal_path(self.output_edit.text().strip())
            if self.journal_box.isChecked() and self.journal_box.isEnabled()
            else "",
        )

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export As", self.output_edit.text())
        if path:
            self._output_is_default = False
            self.output_edit.setText(path)

    def _choices_changed(self) -> None:
        self._show_source_words()
        target = find_format(self.target_box.currentText())
        self.signature_box.setEnabled(target is not None and target.signature_bytes is not None)
        self._show_journal_choice()
        if target is not None and self._output_is_default:
            self.output_edit.setText(default_output(self.source, target.id))
        self._recompute()

    def _show_journal_choice(self) -> None:
        """The journal choice, for a mojibake repair only; off (saying why)
        where no journal can be written."""
        choices = self.choices()
        self.journal_box.setVisible(is_repair(choices.source_format))
        reason = journal_refusal(choices)
        self.journal_box.setEnabled(reason is None)
        self.journal_box.setToolTip(
            reason
            or f"Records each byte range the repair changes in {journal_path(choices.output)}"
        )

    def _show_source_words(self) -> None:
        """Under the source box, a mojibake repair's chain in words."""
        source = find_format(self.source_box.currentText())
        repair = source if isinstance(source, ChainReading) else None
        self.source_words.setText(repair.description if repair is not None else "")
        self.source_words.setVisible(repair is not None)

    def _output_edited(self) -> None:
        self._output_is_default = False

    def _recompute(self) -> None:
        if self.job is not None and self.job.name == "export-report":
            self.job.cancel()  # its rows and its report are for other choices now
        self.report, self._known = None, None
        self.table.show_rows((), self.source.start)
        self.summary.setText("Looking for losses…")
        self.outcome.setText("")
        self._refresh_refusal()
        self._report_timer.start()

    def _refresh_refusal(self) -> None:
        reason = refusal(self.choices(), self.report)
        busy = self.job is not None and self.job.name == "export-write"
        self.export_button.setEnabled(reason is None and not busy)
        self.why.setText(reason or "")

    # -- jobs ----------------------------------------------------------------------------

    def _start_report(self) -> None:
        choices = self.choices()
        if find_format(choices.source_format) is None or find_format(choices.target_format) is None:
            self.summary.setText("Choose formats that exist to see the loss report.")
            return
        self._asked = choices.report_key()
        handle = self.runner.start(
            "export-report",
            report_job(self.source, choices),
            self.source.size,
            label="Looking for losses…",
        )
        self._follow(handle)
        # Bound slots, never lambdas, on a handle: Qt drops a bound slot with
        # the dialog, while a lambda would still run on a deleted table.
        handle.partial.connect(self._report_rows)
        handle.succeeded.connect(self._report_done)
        handle.failed.connect(self._report_failed)

    def _report_rows(self, rows: tuple[LossRow, ...]) -> None:
        self.table.show_rows(rows, self.source.start)

    def _report_failed(self, message: str) -> None:
        self.summary.setText(f"No report: {message}")

    def _report_done(self, result: ExportReport) -> None:
        report = result.report
        self.report = report
        if self._asked is not None:
            self._known = (self._asked, result)
        self.table.show_rows(report.rows(), self.source.start)
        self.summary.setText(summary_line(report))
        self._refresh_refusal()
        self.report_ready.emit(report)

    def _follow(self, handle: JobHandle) -> None:
        self.job = handle
        self.job_started.emit(handle.name)
        self.progress.setValue(0)
        self.cancel_button.setEnabled(True)
        handle.progressed.connect(self.progress.setValue)
        # A bound slot, not a lambda: Qt drops it with a dialog that is closed.
        handle.finished.connect(self._job_ended)

    def _job_ended(self) -> None:
        handle = self.sender()
        if isinstance(handle, JobHandle) and self.job is handle:
            self.job = None
            self.cancel_button.setEnabled(False)
            self.progress.setValue(1000 if handle.outcome == "succeeded" else 0)
            self._refresh_refusal()
            self.job_ended.emit(handle.outcome or "")

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            if self.job.name == "export-report":
                self.summary.setText("Loss report cancelled; change a choice to look again.")

    # -- writing -------------------------------------------------------------------------

    def export(self) -> None:
        choices = self.choices()
        if refusal(choices, self.report) is not None or not self._may_write(choices.output):
            return
        self._report_timer.stop()
        record = WriteRecord()
        known = self._known[1] if self._known and self._known[0] == choices.report_key() else None
        handle = self.runner.start(
            "export-write",
            write_job(self.source, choices, record, known),
            write_total(self.source, journal=bool(choices.journal)),
            label=f"Writing {choices.output}…",
        )
        self._follow(handle)
        self._refresh_refusal()
        self.outcome.setText(f"Writing {choices.output}…")
        handle.succeeded.connect(self._written)
        handle.failed.connect(self._write_failed)
        self._write_record = (record, choices.output)
        handle.cancelled.connect(self._write_was_cancelled)

    def _write_was_cancelled(self) -> None:
        if self._write_record is not None:
            self._write_cancelled(*self._write_record)

    def _may_write(self, output: str) -> bool:
        """Ask before replacing the source (or any existing file)."""
        if not Path(output).exists() or Path(output).is_dir():
            return True
        same = is_same_file(output, self.source)
        text = (
            f"{output} is the file you are exporting from. Replace it with the converted text?"
            if same
            else f"{output} exists. Replace it?"
        )
        box = QMessageBox(QMessageBox.Icon.Warning, "Replace file?", text, parent=self)
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        answer = messages.ask(box)
        return answer in (QDialog.DialogCode.Accepted.value, QMessageBox.StandardButton.Yes.value)

    def _written(self, outcome: ExportOutcome) -> None:
        written = outcome.report.bytes_written
        verdict = outcome.verification
        changed = outcome.report.changed
        record = self._write_record[0] if self._write_record is not None else None
        changes = record.journal_changes if record is not None else None
        journal = (
            f" Undo journal: {self.choices().journal} ({changes:,} changed ranges)."
            if changes is not None
            else ""
        )
        self.outcome.setText(
            f"Wrote {written:,} bytes to {self.choices().output}. "
            + ("Verified." if verdict.ok else f"NOT verified: {verdict.message}")
            + (f" Warning: {changed}." if changed is not None else "")
            + journal
        )
        self.verify_button.setEnabled(True)
        self.written.emit(outcome)

    def _write_cancelled(self, record: WriteRecord, output: str) -> None:
        """Cancelled: nothing was written, unless the file was already renamed
        into place (then the write succeeded and only verifying was stopped)."""
        if record.outcome is not None:  # it ended before the cancel was seen
            self._written(record.outcome)
        elif record.written is not None:
            self.outcome.setText(
                f"Wrote {record.written:,} bytes to {output}. Cancelled after the write, "
                "so it is NOT verified (press Verify to check it)."
            )
            self.verify_button.setEnabled(True)
        else:
            self.outcome.setText("Export cancelled: nothing was written.")

    def _write_failed(self, message: str) -> None:
        self.outcome.setText(message)
        messages.show_message(self, "error", "Export failed", message)

    def verify(self) -> None:
        """Reread the written file now (it may have changed since)."""
        job = verify_job(self.source, self.choices())
        handle = self.runner.start(
            "export-verify", job, max(self.source.size, 1), label="Verifying…"
        )
        self._follow(handle)
        handle.succeeded.connect(self._verified)
        handle.failed.connect(self.outcome.setText)

    def _verified(self, verdict: Verification) -> None:
        self.outcome.setText("Verified." if verdict.ok else f"NOT verified: {verdict.message}")
        self.verified.emit(verdict)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self._report_timer.stop()
        if self.job is not None and self.job.name != "export-write":
            self.job.cancel()
        super().closeEvent(event)


def open_export_dialog(
    window: MainWindow,
    *,
    whole: bool,
    source_format: str | None = None,
    byte_range: tuple[int, int] | None = None,
) -> ExportDialog | None:
    """Show the export dialog for the window's document (or its selection, or
    ``byte_range``), reading it as ``source_format`` (the current format if
    ``None``); ``None``, with a word in the status bar, when there is nothing
    to export."""
    document = window.document
    if document is None:
        return None
    start, end = (0, document.size) if whole else (window.selection.start, window.selection.end)
    if byte_range is not None:
        start, end = max(0, byte_range[0]), min(document.size, byte_range[1])
    if not whole and start == end:
        window.statusBar().showMessage("Select some bytes to export first", 5000)
        return None
    source = ExportSource(document.name, document.path, document.source, start, end)
    reading = source_format or window.shown.current.format.id
    dialog = ExportDialog(source, reading, window.jobs, window.selection, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
