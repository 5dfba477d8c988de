"""The window's docks: the text view, the inspector and the legend below the
grid, and the whole-file panels (Summary, Problems, and compare mode's
Differences) tabbed with the legend.

Every dock can be moved, floated, closed and tabbed; the View menu lists
each one, checked while it is open, and brings a closed one back
(:func:`~mojiscope.app.window.menus.add_dock_actions`); the window remembers
where they are (``MainWindow`` saves and restores its state by the docks'
object names, ``dock-<title>``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from mojiscope.app.panels.problems import ProblemsPanel

BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
DOCK_MIN_HEIGHT = 90
"""The docks below the grid give up height down to this, in a small window."""


def _dock(window: QMainWindow, title: str, widget: QWidget) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(f"dock-{title.lower()}")
    dock.setWidget(widget)
    window.addDockWidget(BOTTOM, dock)
    return dock


def add_view_docks(
    window: QMainWindow, text_view: QWidget, inspector: QWidget, legend: QWidget
) -> list[QDockWidget]:
    """The Text dock beside the Inspector, the Legend tabbed behind it;
    returns the three docks in that order."""
    docks = []
    for title, widget in (("Text", text_view), ("Inspector", inspector), ("Legend", legend)):
        dock = _dock(window, title, widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        docks.append(dock)
    text, inspector_dock, legend_dock = docks
    window.splitDockWidget(text, inspector_dock, Qt.Orientation.Horizontal)
    window.tabifyDockWidget(inspector_dock, legend_dock)
    inspector_dock.raise_()
    window.resizeDocks([text, inspector_dock], [600, 800], Qt.Orientation.Horizontal)
    window.resizeDocks([text], [300], Qt.Orientation.Vertical)
    return docks


def add_index_docks(
    window: QMainWindow, view_docks: list[QDockWidget], summary: QWidget, problems: ProblemsPanel
) -> None:
    """Summary and Problems, tabbed with the legend of ``view_docks`` (what
    :func:`add_view_docks` made), the Inspector in front. The Problems list is
    refreshed only where it can be seen: a dock behind another's tab is moved
    out of sight, not hidden, so its dock says."""
    _, inspector, legend = view_docks
    for title, widget in (("Summary", summary), ("Problems", problems)):
        dock = _dock(window, title, widget)
        window.tabifyDockWidget(legend, dock)
        if widget is problems:
            dock.visibilityChanged.connect(problems.set_shown)
    inspector.raise_()


def add_differences_dock(
    window: QMainWindow, view_docks: list[QDockWidget], differences: QWidget
) -> QDockWidget:
    """The Differences dock (compare mode's list), tabbed with the legend
    of ``view_docks``; hidden until compare mode is turned on."""
    dock = _dock(window, "Differences", differences)
    window.tabifyDockWidget(view_docks[2], dock)
    dock.hide()
    view_docks[1].raise_()
    return dock


def bring_forward(dock: QDockWidget) -> None:
    """``dock`` in front of the docks tabbed with it. ``raise_`` alone does
    nothing once Qt has the dock last among its siblings (as a raise before
    the window was shown leaves it) although another tab is in front; a
    ``lower`` first makes the raise reach the tab bar."""
    dock.lower()
    dock.raise_()


def give_rows_to_the_grid(
    window: QMainWindow, bottom_docks: list[QDockWidget], rows: int, row_height: int
) -> None:
    """Shrink those of ``bottom_docks`` docked and shown by ``rows`` rows of
    ``row_height`` pixels (down to :data:`DOCK_MIN_HEIGHT`), for the grid."""
    bottom = [d for d in bottom_docks if d.isVisible() and not d.isFloating()]
    if rows <= 0 or not bottom:
        return
    height = max(d.height() for d in bottom)
    wanted = max(DOCK_MIN_HEIGHT, height - rows * row_height)
    if wanted < height:
        window.resizeDocks(bottom, [wanted] * len(bottom), Qt.Orientation.Vertical)
