"""The main window: one open document, the formats on show, and the views.

The window owns the :class:`SelectionModel`, the :class:`ShownFormats` and
the :class:`~mojiscope.app.window.forecast.Forecast` that the views share,
opens documents (File > Open, drag and drop, recent files, Paste Hex, the
demo), and runs the commands of the menus. The views meet in those models
and call no other view, but for the overview strip, which sits in the
grid's frame, scrolls it and reads its rows. Who informs whom is wired
here, in :meth:`MainWindow.__init__`: what each view is made with, and
which signal feeds the forecast.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QByteArray, QTimer
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QResizeEvent,
)
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMainWindow, QMenu, QWidget
from shiboken6 import isValid

from mojiscope.app.background.collector import keep_collector_out_of_frames
from mojiscope.app.background.difference_jobs import DifferenceKeeper
from mojiscope.app.background.file_passes import FilePasses
from mojiscope.app.background.file_watch import FileReloader
from mojiscope.app.background.index_jobs import IndexKeeper
from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.background.retirement import Retirement
from mojiscope.app.background.segment_jobs import SegmentKeeper
from mojiscope.app.dialogs.compare_files import CompareFilesDialog, open_compare_dialog
from mojiscope.app.dialogs.export_dialog import ExportDialog, open_export_dialog
from mojiscope.app.dialogs.formats_dialog import FormatsDialog
from mojiscope.app.dialogs.goto import GotoDialog
from mojiscope.app.dialogs.help import AboutDialog, ShortcutsDialog
from mojiscope.app.dialogs.paste_hex import PasteHexDialog
from mojiscope.app.dialogs.undo_repair import open_undo_dialog
from mojiscope.app.grid.palette import grid_palette
from mojiscope.app.grid.view import GridView
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import available_keys
from mojiscope.app.panels.differences import DifferencesPanel
from mojiscope.app.panels.inspector import InspectorPanel
from mojiscope.app.panels.legend import Legend
from mojiscope.app.panels.mojibake import attach_to_window as attach_mojibake_panel
from mojiscope.app.panels.overview import OverviewStrip
from mojiscope.app.panels.problems import ProblemsPanel
from mojiscope.app.panels.summary import SummaryPanel
from mojiscope.app.panels.text_view import TextView
from mojiscope.app.window import messages, settings
from mojiscope.app.window.clipboard import (
    Copied,
    as_bytes_literal,
    as_hex,
    as_text,
    copy_selection,
)
from mojiscope.app.window.commands import SearchCommands
from mojiscope.app.window.docks import (
    add_differences_dock,
    add_index_docks,
    add_view_docks,
    bring_forward,
    give_rows_to_the_grid,
)
from mojiscope.app.window.forecast import Forecast
from mojiscope.app.window.format_choice import FormatChoice
from mojiscope.app.window.menus import (
    add_dock_actions,
    build_actions,
    build_menus,
    build_toolbar,
    context_actions,
    fill_format_box,
)
from mojiscope.app.window.selection import SelectionModel
from mojiscope.app.window.shown_formats import ShownFormats
from mojiscope.app.window.status import StatusReporter
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.system.child_job import start_forkserver

APP_TITLE = "Mojiscope"
#: Rows the grid keeps in a small window, taking height from the docks.
GRID_MIN_ROWS = 16


class MainWindow(QMainWindow):
    """The inspector window."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_TITLE)
        self.document: Document | None = None
        self._remember_current = True
        self.selection = SelectionModel(self)
        self.shown = ShownFormats(settings.shown_formats(), self)
        remembered = settings.current_format()
        if remembered:
            self.shown.set_current(remembered)
        # The server background processes fork from imports the core in its
        # own process: start it now, not when the first file's jobs need it.
        threading.Thread(target=start_forkserver, name="forkserver-start", daemon=True).start()
        self.jobs = JobRunner(self)
        """The window's one runner: every view's jobs run here, so opening
        another document can stop and wait for the ones reading the old."""
        self.retiring = Retirement(self)
        """Closes a replaced document once no job reads it any more."""
        self.passes = FilePasses(self)
        self.status = StatusReporter(self.statusBar(), self.selection, self.shown)
        self.indexes = IndexKeeper(
            self.jobs, self.passes, self.shown, self.selection, self.statusBar()
        )
        self.search = SearchCommands(self)
        self.forecast = Forecast(self.search.likely_finds, self.indexes.likely_anomalies, self)
        """Where the cursor may jump next, for the grid and the text view to
        prepare; its sources are wired below, with the views they sit in."""
        self.grid = GridView(self.selection, self.shown, self.forecast, self)
        self.grid.set_bytes_per_row(settings.bytes_per_row())
        self.setCentralWidget(self.grid)
        self.text_view = TextView(self.selection, self.shown, self.forecast, self)
        self.inspector = InspectorPanel(
            self.selection, self.shown, self.jobs, self.passes, self.indexes.index_of, self
        )
        self.legend = Legend(self)
        self.bottom_docks = add_view_docks(self, self.text_view, self.inspector, self.legend)
        self.legend_dock = self.bottom_docks[2]
        self.segments = SegmentKeeper(self.jobs, self.passes, self)
        """The open document's segment map, made as one of the window's passes."""
        self.mojibake_dock = attach_mojibake_panel(self)
        self.format_menu: QMenu | None = None
        self.view_menu: QMenu | None = None
        self.actions_ = build_actions(self)
        self.recent_menu = build_menus(self, self.actions_)
        self.format_box, self.row_box = build_toolbar(self, self.actions_)
        self.grid.addActions(context_actions(self.actions_))
        self.reloader = FileReloader(self)
        self.indexes.columns_changed.connect(self._decodings_changed)
        self.overview = OverviewStrip(self.grid, self.indexes, grid_palette(self.palette()))
        self.overview.show_segments(self.segments)
        self.summary_panel = SummaryPanel(self.jobs, self.passes, self.shown, self)
        self.summary_panel.add_requested.connect(self.add_format_column)
        self.format_choice = FormatChoice(self.shown, self.jobs, self._set_current_quietly, self)
        """Which format the open document is read in (the evidence, the user's choice)."""
        self.summary_panel.use_requested.connect(self.use_format)
        self.summary_panel.summary_ready.connect(self.format_choice.follow_summary)
        self.summary_panel.summary_ready.connect(lambda _summary: self._sync_format_box())
        self.format_choice.looked.connect(lambda _look: self._sync_format_box())
        self.segments.completed.connect(self._segments_completed)
        self.problems = ProblemsPanel(self.indexes, self.selection, self)
        self.search.ahead.found.connect(self.forecast.likely_changed)
        self.search.typed_target.connect(self.forecast.foresee)
        self.overview.aimed.connect(self.forecast.foresee_offset)
        self.problems.pointed.connect(self.forecast.foresee)
        add_index_docks(self, self.bottom_docks, self.summary_panel, self.problems)
        self.differences = DifferenceKeeper(self.jobs, self.passes, self.shown, self.indexes, self)
        """Compare mode: where the formats on show disagree. The grid asks
        :meth:`~mojiscope.app.background.difference_jobs.DifferenceKeeper.ranges_between`
        for the rows on screen and repaints on its ``changed``."""
        self.grid.show_marks(self.differences.ranges_between)
        self.differences.changed.connect(self.grid.viewport().update)
        self.differences_panel = DifferencesPanel(self.differences, self.selection, self)
        self.differences_dock = add_differences_dock(
            self, self.bottom_docks, self.differences_panel
        )
        assert self.view_menu is not None
        add_dock_actions(self.view_menu, self.findChildren(QDockWidget))
        self.addToolBarBreak()
        self.addToolBar(self.reloader.bar)
        self.format_box.activated.connect(self._format_box_chosen)
        self.row_box.activated.connect(
            lambda i: self.set_bytes_per_row(int(self.row_box.itemData(i)))
        )
        self.shown.changed.connect(self._sync_format_box)
        self.shown.current_changed.connect(self._current_format_changed)
        self._sync_format_box()
        self._sync_row_controls()
        self.setAcceptDrops(True)
        self._fit_to_screen()
        self._restored = self._restore_window_state()
        keep_collector_out_of_frames()

    def _segments_completed(self, found: SegmentMap) -> None:
        """The Summary says what the segment map counted."""
        self.summary_panel.show_segments(found.words())

    def add_format_column(self, format_id: str) -> None:
        """Show ``format_id`` as one more decoded column (the Summary's one click)."""
        if format_id not in self.shown.keys:
            self.set_formats([*self.shown.keys, format_id], persist=True)

    # -- opening --------------------------------------------------------------------------

    def open_document(self, document: Document, *, follow_evidence: bool = True) -> None:
        """Show ``document`` in every view (closing the one shown before), in
        the format the evidence names unless not ``follow_evidence`` (see
        :mod:`~mojiscope.app.window.format_choice`)."""
        self.search.stop()
        old = self.document
        readers = self._stop_readers_of_old()
        self.document = document
        document.decode_exactly_with(self.indexes.exact_window)
        self.selection.reset(document.size)
        for view in (self.grid, self.text_view, self.inspector, self.status, self.indexes):
            view.set_document(document)
        self.differences.set_document(document)
        self.summary_panel.set_document(document)
        self.summary_panel.show_segments("")
        self.segments.set_document(document)
        self.problems.set_document(document)
        self.format_choice.document_opened(document, follow=follow_evidence)
        self.setWindowTitle(f"{document.name} — {APP_TITLE}")
        self.reloader.document_opened(document)
        if old is not None:
            self.retiring.retire(old, readers)

    def _decodings_changed(self) -> None:
        self.grid.decodings_changed()
        self.text_view.decodings_changed()

    def _stop_readers_of_old(self) -> list[JobHandle]:
        """Cancel the jobs reading the document about to be replaced (all
        but an export being written, which finishes) and its export dialog
        unless it is writing; returns every job still running."""
        for dialog in self.export_dialogs():
            if dialog.job is None or dialog.job.name != "export-write":
                dialog.close()
        for compared in self.findChildren(CompareFilesDialog):
            if isValid(compared):
                compared.close()
        for handle in self.jobs.active():
            if handle.name != "export-write":
                handle.cancel()
        return self.jobs.active()

    def open_path(self, path: str | os.PathLike[str]) -> bool:
        """Open a file; on failure tell the user why and keep what is open."""
        try:
            document = Document.open_file(path)
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            messages.show_message(
                self, "error", "Cannot open file", f"Cannot open {os.fspath(path)}:\n{reason}"
            )
            return False
        self.open_document(document)
        settings.add_recent_file(str(Path(path).resolve()))
        return True

    def open_demo(self) -> None:
        """The demo, in the formats on show: it was made to show them."""
        self.open_document(Document.demo(), follow_evidence=False)

    def compare_with_dialog(self) -> None:
        """File > Compare With…: choose a file to compare the open one with."""
        if self.document is None:
            self.statusBar().showMessage("Open a file to compare first", 5000)
            return
        path, _ = QFileDialog.getOpenFileName(self, "Compare With")
        if path:
            self.compare_with(path)

    def compare_with(self, path: str | os.PathLike[str]) -> CompareFilesDialog | None:
        """Compare the open file with the file at ``path``, in a dialog."""
        for dialog in self.findChildren(CompareFilesDialog):
            if isValid(dialog):
                dialog.close()
        return open_compare_dialog(self, Path(path))

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open File")
        if path:
            self.open_path(path)

    def paste_hex(self) -> None:
        clipboard = QGuiApplication.clipboard()
        dialog = PasteHexDialog(self, clipboard.text() if clipboard else "")
        if messages.ask(dialog) and dialog.data():
            self.open_document(Document.from_bytes(dialog.data() or b""))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.open_path(paths[0])

    def _restore_window_state(self) -> bool:
        saved = settings.window_state()
        if saved is None:
            return False
        return bool(
            self.restoreGeometry(QByteArray(saved[0])) and self.restoreState(QByteArray(saved[1]))
        )

    def _fit_to_screen(self) -> None:
        """1400x900, or the screen's available size if that is smaller."""
        screen = self.screen()
        room = screen.availableGeometry() if screen is not None else None
        width = min(1400, room.width()) if room else 1400
        height = min(900, room.height()) if room else 900
        self.resize(width, height)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        # After the layout has handed out the new size, not before.
        QTimer.singleShot(0, self, self._give_the_grid_priority)

    def _give_the_grid_priority(self) -> None:
        """In a small window, the bottom docks give the grid the height it
        needs to show :data:`GRID_MIN_ROWS` rows."""
        missing = GRID_MIN_ROWS - self.grid.visible_rows()
        give_rows_to_the_grid(self, self.bottom_docks, missing, self.grid.row_height())

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        settings.set_window_state(bytes(self.saveGeometry().data()), bytes(self.saveState().data()))
        self.search.stop()
        self.indexes.set_document(None)  # first: it would start the next format's job
        self.differences.set_document(None)
        self.summary_panel.set_document(None)
        self.segments.set_document(None)
        self.inspector.set_document(None)  # its rest timer would start a measuring
        self.inspector.hint.stop()
        # Cancelled, not waited for: the window goes at once. A write in
        # progress removes its temporary file; the program waits for that
        # before it ends (wait_for_every_job), and the document is closed
        # once nothing reads it.
        self.jobs.cancel_all()
        if self.document is not None:
            self.retiring.retire(self.document, self.jobs.active())
            self.document = None
        super().closeEvent(event)

    # -- exporting ---------------------------------------------------------------------------

    def export_dialogs(self) -> list[ExportDialog]:
        """The export dialogs on show, oldest first.

        Found among the window's children each time, never kept: a closed
        export dialog deletes itself, and a Python reference kept past that
        would name a deleted C++ object.
        """
        return [
            dialog
            for dialog in self.findChildren(ExportDialog)
            if isValid(dialog) and dialog.isVisible()
        ]

    @property
    def export_dialog(self) -> ExportDialog | None:
        """The newest export dialog on show, if any."""
        dialogs = self.export_dialogs()
        return dialogs[-1] if dialogs else None

    def export_as(self) -> None:
        """File > Export As…: the whole document, to another format."""
        open_export_dialog(self, whole=True)

    def export_selection_as(self) -> None:
        """File > Export Selection As…: the selected bytes only."""
        open_export_dialog(self, whole=False)

    def undo_repair(self) -> None:
        """File > Undo a Repair…: write a repaired file's original bytes back
        from its undo journal."""
        open_undo_dialog(self)

    def export_repaired(self, reading: str, start: int, end: int) -> None:
        """The Mojibake panel's "Export repaired…": bytes [start, end) read as ``reading``."""
        open_export_dialog(self, whole=False, source_format=reading, byte_range=(start, end))

    # -- moving ------------------------------------------------------------------------------

    def go_to_dialog(self) -> None:
        if self.document is None:
            return
        self.reloader.watch.check()  # a file that shrank is reloaded before asking
        if self.document is None:
            return
        dialog = GotoDialog(self.selection.cursor, self.document.size, self)
        dialog.target_changed.connect(self.forecast.foresee_offset)
        try:
            if messages.ask(dialog) and dialog.target() is not None:
                self.go_to(dialog.target() or 0)
        finally:
            self.forecast.foresee_offset(None)

    def go_to(self, offset: int) -> None:
        self.selection.move_cursor(offset)
        self.grid.setFocus()

    def select_all(self) -> None:
        if self.document is not None:
            self.selection.select_range(0, self.document.size)

    def find_dialog(self) -> None:
        self.search.find_dialog()

    def find_next(self) -> None:
        self.search.find_next()

    def find_previous(self) -> None:
        self.search.find_next(forward=False)

    def next_anomaly(self) -> None:
        self._anomaly(forward=True)

    def previous_anomaly(self) -> None:
        self._anomaly(forward=False)

    def next_difference(self) -> None:
        self._difference(forward=True)

    def previous_difference(self) -> None:
        self._difference(forward=False)

    def _difference(self, *, forward: bool) -> None:
        """At once where compare mode's sweep knows, else a background scan."""
        known, found = self.differences.difference_at_once(self.selection.cursor, forward=forward)
        if known:
            self.search.show_result("difference", found)
        else:
            self.search.difference(forward=forward)

    def next_notice(self) -> None:
        self._notice(forward=True)

    def previous_notice(self) -> None:
        self._notice(forward=False)

    def _notice(self, *, forward: bool) -> None:
        """At once where the index knows the chunk, else a background scan."""
        known, found = self.indexes.notice_at_once(forward=forward)
        if known:
            self.search.show_result("notice", found)
        else:
            self.search.notice(forward=forward)

    def set_compare_mode(self, on: bool) -> None:
        """View > Compare Formats: sweep the file for where the formats on
        show disagree, and show the Differences dock (hide it when off)."""
        self.differences.set_enabled(on)
        action = self.actions_["compare"]
        if action.isChecked() != on:
            action.setChecked(on)
        if on:
            self.differences_dock.show()
            # A turn later: the window puts a dock shown again behind the
            # docks tabbed with it.
            QTimer.singleShot(0, self.differences_dock, self._differences_forward)
        else:
            self.differences_dock.hide()

    def _differences_forward(self) -> None:
        bring_forward(self.differences_dock)

    def _anomaly(self, *, forward: bool) -> None:
        """At once where the index knows the chunk, else a background scan;
        either way the result goes through the search commands' report."""
        known, span = self.indexes.anomaly_at_once(forward=forward)
        if known:
            self.search.show_result("anomaly", span)
        else:
            self.search.anomaly(forward=forward)

    # -- copying -------------------------------------------------------------------------------

    def _copy(
        self, make_text: Callable[[Document, int, int], str | Copied], *, as_text: bool
    ) -> None:
        """Copy the selection as ``make_text(document, start, end)`` makes it."""
        document, start, end = self.document, self.selection.start, self.selection.end
        if document is not None:
            make = partial(make_text, document, start, end)
            copy_selection(self, end - start, make, as_text=as_text)

    def copy_hex(self) -> None:
        self._copy(lambda document, s, e: as_hex(document.read(s, e)), as_text=False)

    def copy_bytes_literal(self) -> None:
        self._copy(lambda document, s, e: as_bytes_literal(document.read(s, e)), as_text=False)

    def copy_text(self) -> None:
        choice = self.shown.current
        self._copy(lambda document, s, e: as_text(document, choice, s, e), as_text=True)

    # -- formats and layout ---------------------------------------------------------------------

    def choose_formats(self) -> None:
        dialog = FormatsDialog(available_keys(), self.shown.keys, self)
        if messages.ask(dialog):
            self.set_formats(dialog.chosen_keys(), persist=True)

    def set_formats(self, keys: list[str], *, persist: bool) -> bool:
        """Show these formats; remember them if ``persist`` (the user's choice).
        Not persisted (a command-line choice), the first one becomes current."""
        if not self.shown.set_keys(keys):
            return False
        if persist:
            settings.set_shown_formats(self.shown.keys)
        else:
            self.format_choice.fixed = True
            self._remember_current = False
            try:
                self.shown.set_current(self.shown.keys[0])
            finally:
                self._remember_current = True
        return True

    def set_bytes_per_row(self, number: int) -> None:
        self.grid.set_bytes_per_row(number)
        settings.set_bytes_per_row(number)
        self._sync_row_controls()

    def show_shortcuts(self) -> None:
        messages.ask(ShortcutsDialog(self.actions_.values(), self))

    def show_about(self) -> None:
        messages.ask(AboutDialog(self))

    def _sync_row_controls(self) -> None:
        number = self.grid.bytes_per_row
        for key, action in self.actions_.items():
            if key.startswith("bpr_"):
                action.setChecked(key == f"bpr_{number}")
        self.row_box.setCurrentIndex(max(self.row_box.findData(number), 0))

    def use_format(self, key: str) -> None:
        """Read the open document in ``key`` (its column added if it is not
        on show), remembered for its file: the user's choice."""
        self.format_choice.use(key)

    def _set_current_quietly(self, key: str) -> None:
        """Make ``key`` current without remembering it as the format of every
        window to come (the evidence's choice, or one remembered per file)."""
        self._remember_current = False
        try:
            self.shown.set_current(key)
        finally:
            self._remember_current = True

    def _sync_format_box(self) -> None:
        """The formats on show, then every other format the window can
        read the document in (see :func:`~mojiscope.app.window.menus.format_box_keys`)."""
        look, summary = self.format_choice.look, self.summary_panel.summary
        extra = list(look.readings) if look is not None else []
        extra += [s.format_id for s in summary.formats] if summary is not None else []
        fill_format_box(self.format_box, self.shown, extra)

    def _format_box_chosen(self, index: int) -> None:
        key = self.format_box.itemData(index)
        if isinstance(key, str):
            self.use_format(key)

    def _current_format_changed(self) -> None:
        self.format_box.setCurrentIndex(max(self.format_box.findData(self.shown.current.key), 0))
        if self._remember_current:
            settings.set_current_format(self.shown.current.key)
