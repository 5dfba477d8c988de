"""File > Scan Folder…: a verdict per file of a folder, in a table that fills
as the scan goes.

The scan is one job (:class:`~mojiscope.app.background.jobs.JobRunner`, the
dialog's own runner, so that opening a finding in the window, which stops the
window's jobs on the old document, does not stop the scan) that runs
:func:`~mojiscope.core.audit.engines.judge_tree_watched` in a child process
(:func:`~mojiscope.core.system.child_job.run_in_child`): the walk and every
verdict are the command line's (``mojiscope scan``), and the window never
waits for them. Verdicts arrive in batches and are appended to the model.

The table sorts by any column (a click on its header) and filters by a
verdict and by words in the path or the reason. A double-click (or Enter)
opens the file in the window at its first finding. Export CSV… writes the
rows shown, in the order shown, with the same columns as ``mojiscope scan
--csv``, atomically.
"""

from __future__ import annotations

import csv
import io
import os
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.window import messages
from mojiscope.core.audit.engines import judge_tree_watched
from mojiscope.core.audit.findings import CSV_FIELDS, Audit, Kind, csv_row
from mojiscope.core.audit.tree import WalkOptions
from mojiscope.core.mojibake.wording import people_words
from mojiscope.core.system.atomic_write import atomic_output
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

if TYPE_CHECKING:
    from mojiscope.app.window.main_window import MainWindow

COLUMNS = ("Verdict", "Path", "Line", "Encoding", "Chain", "Reason")
ALL = "All files"
WITH_FINDINGS = "With findings"
_SEVERITY = {kind: i for i, kind in enumerate(Kind)}
AuditIndex = QModelIndex | QPersistentModelIndex


class ScanTableModel(QAbstractTableModel):
    """One row per audit, in the order they came."""

    def __init__(self, root: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.root = root
        self.audits: list[Audit] = []

    def rowCount(self, parent: AuditIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt
        return 0 if parent.isValid() else len(self.audits)

    def columnCount(self, parent: AuditIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(  # noqa: N802 - Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: AuditIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        audit = self.audits[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(audit, column, self.root)
        if role == Qt.ItemDataRole.UserRole:  # what sorting compares
            return self._key(audit, column, self.root)
        if role == Qt.ItemDataRole.ToolTipRole:
            return audit.reason
        return None

    @staticmethod
    def _text(audit: Audit, column: int, root: str) -> str:
        first = audit.first_location()
        return (
            audit.verdict.value,
            os.path.relpath(str(audit.path), root),
            f"{first.line}:{first.column}" if first else "",
            audit.encoding or "",
            ", then ".join(people_words(audit.chain)),
            audit.reason,
        )[column]

    @staticmethod
    def _key(audit: Audit, column: int, root: str) -> Any:
        if column == 0:
            return _SEVERITY[audit.verdict]
        if column == 2:
            first = audit.first_location()
            return first.offset if first else -1
        return ScanTableModel._text(audit, column, root).lower()

    def add(self, audits: list[Audit]) -> None:
        if not audits:
            return
        start = len(self.audits)
        self.beginInsertRows(QModelIndex(), start, start + len(audits) - 1)
        self.audits.extend(audits)
        self.endInsertRows()


class ScanFilter(QSortFilterProxyModel):
    """Rows of one verdict (or with findings, or all) whose path or reason
    holds the filter's words; sorted by :meth:`ScanTableModel._key`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.verdict = ALL
        self.words = ""
        self.setSortRole(Qt.ItemDataRole.UserRole)

    def set_filter(self, verdict: str, words: str) -> None:
        self.beginFilterChange()
        self.verdict, self.words = verdict, words.strip().lower()
        self.endFilterChange()

    def filterAcceptsRow(self, row: int, parent: AuditIndex) -> bool:  # noqa: N802 - Qt override
        model = self.sourceModel()
        assert isinstance(model, ScanTableModel)
        audit = model.audits[row]
        if self.verdict == WITH_FINDINGS and audit.verdict == Kind.CLEAN:
            return False
        if self.verdict not in (ALL, WITH_FINDINGS) and audit.verdict.value != self.verdict:
            return False
        return not self.words or self.words in f"{audit.path} {audit.reason}".lower()


class ScanDialog(QDialog):
    """The Scan Folder window (see the module docstring)."""

    def __init__(self, folder: str, window: MainWindow | None = None) -> None:
        super().__init__(window)
        self.folder = folder
        self.window_ = window
        self.setWindowTitle(f"Scan Folder — {folder}")
        self.resize(1000, 560)
        self.runner = JobRunner(self)
        self.job: JobHandle | None = None
        self.model = ScanTableModel(folder, self)
        self.proxy = ScanFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the scan's order until a click
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((90, 260, 60, 110, 200)):
            self.table.setColumnWidth(column, width)
        self.table.activated.connect(self.open_row)
        self.table.doubleClicked.connect(self.open_row)
        self.verdicts = QComboBox(self)
        self.verdicts.addItems([ALL, WITH_FINDINGS, *(k.value for k in Kind)])
        self.verdicts.setCurrentText(WITH_FINDINGS)
        self.words = QLineEdit(self)
        self.words.setPlaceholderText("Filter by path or reason")
        self.words.setClearButtonEnabled(True)
        self.verdicts.currentTextChanged.connect(self._filter)
        self.words.textChanged.connect(self._filter)
        self.status = QLabel("Starting…", self)
        self.stop_button = QPushButton("Stop", self)
        self.stop_button.clicked.connect(self.stop)
        self.export_button = QPushButton("Export CSV…", self)
        self.export_button.clicked.connect(self.export_dialog)
        close = QPushButton("Close", self)
        close.clicked.connect(self.close)
        filters = QHBoxLayout()
        filters.addWidget(QLabel("Show:", self))
        filters.addWidget(self.verdicts)
        filters.addWidget(self.words, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        for button in (self.stop_button, self.export_button, close):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self._filter()

    # -- the scan ----------------------------------------------------------------------

    def start(self, options: WalkOptions = WalkOptions()) -> JobHandle:  # noqa: B008 - frozen
        """Scan the folder (a running scan is stopped first)."""
        paths = [self.folder]

        def job(control: Control) -> int:
            return run_in_child(judge_tree_watched, (paths, options), control)

        self.job = self.runner.start("scan-folder", job, total=1, label="Scanning")
        self.job.partial.connect(self._arrived)
        self.job.succeeded.connect(lambda n: self._ended(f"{n:,} files scanned"))
        self.job.failed.connect(lambda words: self._ended(f"The scan failed: {words}"))
        self.job.cancelled.connect(lambda: self._ended("Stopped"))
        self.stop_button.setEnabled(True)
        self.status.setText("Scanning…")
        return self.job

    def stop(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _arrived(self, audits: object) -> None:
        # A list crosses Qt's signal as a sequence (a Python list, or a tuple).
        assert isinstance(audits, list | tuple)
        self.model.add([a for a in audits if isinstance(a, Audit)])
        self.status.setText(f"Scanning… {len(self.model.audits):,} files, {self._found()}")

    def _found(self) -> str:
        with_findings = sum(1 for a in self.model.audits if a.verdict != Kind.CLEAN)
        return f"{with_findings:,} with findings"

    def _ended(self, words: str) -> None:
        self.stop_button.setEnabled(False)
        self.status.setText(f"{words}; {self._found()}")

    def _filter(self) -> None:
        self.proxy.set_filter(self.verdicts.currentText(), self.words.text())

    # -- rows ------------------------------------------------------------------------------

    def audit_at(self, index: QModelIndex) -> Audit:
        return self.model.audits[self.proxy.mapToSource(index).row()]

    def shown_audits(self) -> list[Audit]:
        """The rows shown, in the order shown."""
        return [self.audit_at(self.proxy.index(row, 0)) for row in range(self.proxy.rowCount())]

    def open_row(self, index: QModelIndex) -> None:
        """Open the row's file in the window, the cursor on its first finding."""
        if not index.isValid() or self.window_ is None:
            return
        audit = self.audit_at(index)
        if audit.path is None or audit.verdict in (Kind.UNREADABLE, Kind.SKIPPED):
            return
        if not self.window_.open_path(audit.path):
            return
        first = audit.first_location()
        if first is not None:
            self.window_.go_to(first.offset)
        self.window_.activateWindow()

    def export_csv(self, path: str) -> None:
        """Write the rows shown to ``path`` as ``mojiscope scan --csv`` does, atomically."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(CSV_FIELDS)
        for audit in self.shown_audits():
            writer.writerow(csv_row(audit))
        with atomic_output(path) as out:
            out.write(buffer.getvalue().encode("utf-8"))

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Export CSV", os.path.join(self.folder, "scan.csv"), "CSV (*.csv)"
        )
        if not path:
            return
        try:
            self.export_csv(path)
        except OSError as error:
            messages.show_message(self, "error", "Cannot export", f"{path}: {error.strerror}")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.stop()
        super().closeEvent(event)


def open_scan_dialog(window: MainWindow) -> ScanDialog | None:
    """File > Scan Folder…: ask for a folder, then scan it in a new dialog."""
    folder = QFileDialog.getExistingDirectory(window, "Scan Folder")
    if not folder:
        return None
    dialog = ScanDialog(folder, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    dialog.start()
    return dialog
