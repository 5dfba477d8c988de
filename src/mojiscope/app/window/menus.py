"""The main window's actions, menus, toolbar and context menu.

Every action calls a method of the window, but the View menu's entry for
each dock, which is the dock's own toggle; nothing here holds state.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QDockWidget, QLabel, QMenu

from mojiscope.app.dialogs.scan_dialog import open_scan_dialog
from mojiscope.app.model.formats import available_keys, resolve
from mojiscope.app.window import settings
from mojiscope.app.window.settings import BYTES_PER_ROW_CHOICES
from mojiscope.app.window.shown_formats import ShownFormats

if TYPE_CHECKING:
    from mojiscope.app.window.main_window import MainWindow


def _action(
    window: MainWindow,
    text: str,
    slot: object,
    shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
    window.addAction(action)
    return action


def build_actions(window: MainWindow) -> dict[str, QAction]:
    """Create every action, with its shortcut, wired to the window."""
    a = {
        "open": _action(window, "&Open…", window.open_dialog, QKeySequence.StandardKey.Open),
        "demo": _action(window, "Open &Demo", window.open_demo),
        "scan_folder": _action(window, "S&can Folder…", lambda: open_scan_dialog(window)),
        "export": _action(window, "&Export As…", window.export_as, "Ctrl+Shift+S"),
        "export_selection": _action(window, "Export &Selection As…", window.export_selection_as),
        "compare_with": _action(window, "Compare &With…", window.compare_with_dialog),
        "undo_repair": _action(window, "&Undo a Repair…", window.undo_repair),
        "quit": _action(window, "&Quit", window.close, QKeySequence.StandardKey.Quit),
        "paste_hex": _action(window, "Paste &Hex…", window.paste_hex, "Ctrl+Shift+V"),
        "copy_hex": _action(window, "Copy as &Hex", window.copy_hex, "Ctrl+C"),
        "copy_text": _action(
            window, "Copy as &Text (current format)", window.copy_text, "Ctrl+Shift+C"
        ),
        "copy_literal": _action(
            window, "Copy as Python &bytes literal", window.copy_bytes_literal, "Ctrl+Alt+C"
        ),
        "select_all": _action(window, "Select &All", window.select_all, "Ctrl+A"),
        "go_to": _action(window, "&Go to Offset…", window.go_to_dialog, "Ctrl+G"),
        "find": _action(window, "&Find…", window.find_dialog, "Ctrl+F"),
        "find_next": _action(window, "Find &Next", window.find_next, "F3"),
        "find_previous": _action(window, "Find Pre&vious", window.find_previous, "Shift+F3"),
        # F8 / Shift+F8: "next problem" in VS Code and other editors.
        "next_anomaly": _action(window, "Next &Anomaly", window.next_anomaly, "F8"),
        "previous_anomaly": _action(
            window, "&Previous Anomaly", window.previous_anomaly, "Shift+F8"
        ),
        # F7 / Shift+F7: "next difference" in VS Code's and other editors' diff views.
        "next_difference": _action(window, "Next &Difference", window.next_difference, "F7"),
        "previous_difference": _action(
            window, "Previous Di&fference", window.previous_difference, "Shift+F7"
        ),
        # F9 / Shift+F9: beside F8, the notices being the lesser problems.
        "next_notice": _action(window, "Next &Notice", window.next_notice, "F9"),
        "previous_notice": _action(window, "Previous No&tice", window.previous_notice, "Shift+F9"),
        "formats": _action(window, "&Choose Formats…", window.choose_formats),
        "shortcuts": _action(window, "&Keyboard Shortcuts", window.show_shortcuts, "F1"),
        "about": _action(window, "&About Mojiscope", window.show_about),
    }
    for number in BYTES_PER_ROW_CHOICES:
        action = _action(
            window,
            f"{number} bytes per row",
            lambda n=number: window.set_bytes_per_row(n),
        )
        action.setCheckable(True)
        a[f"bpr_{number}"] = action
    compare = QAction("&Compare Formats", window)
    compare.setCheckable(True)
    compare.setToolTip("Find where the formats on show read the bytes differently")
    compare.toggled.connect(window.set_compare_mode)
    window.addAction(compare)
    a["compare"] = compare
    return a


def build_menus(window: MainWindow, a: dict[str, QAction]) -> QMenu:
    """Fill the menu bar; return the recent-files menu (rebuilt on show).
    The View menu's docks are added once they exist (:func:`add_dock_actions`)."""
    bar = window.menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addAction(a["open"])
    recent = file_menu.addMenu("Open &Recent")
    recent.aboutToShow.connect(lambda: fill_recent_menu(window, recent))
    file_menu.addAction(a["demo"])
    file_menu.addAction(a["scan_folder"])
    file_menu.addSeparator()
    file_menu.addAction(a["export"])
    file_menu.addAction(a["export_selection"])
    file_menu.addAction(a["undo_repair"])
    file_menu.addSeparator()
    file_menu.addAction(a["compare_with"])
    file_menu.addSeparator()
    file_menu.addAction(a["quit"])
    edit = bar.addMenu("&Edit")
    edit.addAction(a["paste_hex"])
    edit.addSeparator()
    for key in ("copy_hex", "copy_text", "copy_literal"):
        edit.addAction(a[key])
    edit.addSeparator()
    edit.addAction(a["select_all"])
    search = bar.addMenu("&Search")
    for key in ("go_to", "find", "find_next", "find_previous", "next_anomaly", "previous_anomaly"):
        search.addAction(a[key])
    search.addSeparator()
    for key in ("next_difference", "previous_difference", "next_notice", "previous_notice"):
        search.addAction(a[key])
    view = bar.addMenu("&View")
    view.setObjectName("view-menu")
    for number in BYTES_PER_ROW_CHOICES:
        view.addAction(a[f"bpr_{number}"])
    view.addSeparator()
    view.addAction(a["compare"])
    window.view_menu = view
    formats = bar.addMenu("F&ormats")
    formats.addAction(a["formats"])
    window.format_menu = formats
    help_menu = bar.addMenu("&Help")
    help_menu.addAction(a["shortcuts"])
    help_menu.addAction(a["about"])
    return recent


def add_dock_actions(menu: QMenu, docks: list[QDockWidget]) -> None:
    """One entry per dock, by title, checked while the dock is open: it
    closes an open dock and brings a closed one back, in front of the docks
    tabbed with it (Qt's toggle shows it, but may leave it behind a tab)."""
    menu.addSeparator()
    for dock in sorted(docks, key=lambda d: d.windowTitle()):
        action = dock.toggleViewAction()
        action.setText(f"&{dock.windowTitle()}")
        action.setStatusTip(f"Show or close the {dock.windowTitle()} dock")
        # The action is the dock's child: the connection goes with the dock.
        action.triggered.connect(_raiser(dock))
        menu.addAction(action)


def _raiser(dock: QDockWidget) -> Callable[[bool], None]:
    """What the dock's toggle does besides Qt's: once shown, bring ``dock``
    in front of the docks tabbed with it, when the window has put it back
    among them (a turn of the event loop later)."""

    def shown_or_closed(shown: bool) -> None:
        if shown:
            QTimer.singleShot(0, dock, dock.raise_)

    return shown_or_closed


def fill_recent_menu(window: MainWindow, menu: QMenu) -> None:
    """One entry per recent file; a file that is gone is shown greyed out as
    missing, and "Remove Missing" drops those."""
    menu.clear()
    files = settings.recent_files()
    missing = [p for p in files if not Path(p).exists()]
    for path in files:
        if path in missing:
            menu.addAction(f"{path} (missing)").setEnabled(False)
            continue
        action = menu.addAction(path)
        action.triggered.connect(lambda _checked=False, p=path: window.open_path(p))
    if not files:
        menu.addAction("(none)").setEnabled(False)
    else:
        menu.addSeparator()
        if missing:
            menu.addAction("Remove Missing", settings.remove_missing_recent_files)
        menu.addAction("Clear", settings.clear_recent_files)


def build_toolbar(window: MainWindow, a: dict[str, QAction]) -> tuple[QComboBox, QComboBox]:
    """The toolbar; returns (current-format box, bytes-per-row box)."""
    bar = window.addToolBar("Main")
    bar.setObjectName("main-toolbar")
    bar.setMovable(False)
    bar.addAction(a["open"])
    bar.addAction(a["paste_hex"])
    bar.addAction(a["formats"])
    bar.addSeparator()
    bar.addWidget(QLabel(" Current format: "))
    format_box = QComboBox(bar)
    format_box.setToolTip(
        "The format the text view, inspector, status bar and F8 use; "
        "a format not on show is added as a column"
    )
    bar.addWidget(format_box)
    bar.addWidget(QLabel("  Row: "))
    row_box = QComboBox(bar)
    for number in BYTES_PER_ROW_CHOICES:
        row_box.addItem(f"{number} bytes", number)
    bar.addWidget(row_box)
    bar.addSeparator()
    bar.addAction(a["previous_anomaly"])
    bar.addAction(a["next_anomaly"])
    for action in bar.actions():
        if not action.isSeparator() and action.text():
            action.setToolTip(tooltip(action))
    return format_box, row_box


def format_box_keys(shown: list[str], extra: list[str]) -> list[str]:
    """What the current-format box offers after the formats on show: the
    ``extra`` ones (the readings the evidence found for the document),
    then every format the chooser offers, each once."""
    return [key for key in dict.fromkeys([*extra, *available_keys()]) if key not in shown]


def fill_format_box(box: QComboBox, shown: ShownFormats, extra: list[str]) -> None:
    """The formats on show, a separator, then every other format (see
    :func:`format_box_keys`); choosing one of those adds its column. The
    current format is selected; no signal is emitted."""
    box.blockSignals(True)
    box.clear()
    for choice in shown.choices:
        box.addItem(choice.label, choice.key)
    others = format_box_keys(shown.keys, [k for k in extra if resolve(k) is not None])
    if others:
        box.insertSeparator(box.count())
        for key in others:
            box.addItem(key, key)
    box.setCurrentIndex(max(box.findData(shown.current.key), 0))
    box.blockSignals(False)


def tooltip(action: QAction) -> str:
    """An action's words and its shortcut: "Open (Ctrl+O)"."""
    words = action.text().replace("&", "").rstrip("…")
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    return f"{words} ({keys})" if keys else words


def context_actions(a: dict[str, QAction]) -> list[QAction]:
    """What the grid's and text view's context menus offer."""
    return [a["copy_hex"], a["copy_text"], a["copy_literal"]]
