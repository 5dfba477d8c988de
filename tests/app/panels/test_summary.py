"""The Summary dock: a row per format with its verdict and an "Add column"
button that is never clipped, however narrow the dock."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QDockWidget, QPushButton
from pytestqt.qtbot import QtBot

from mojiscope.app.panels.summary import VERDICT, SummaryPanel
from mojiscope.app.window.main_window import MainWindow

TEXT = "Le café crème, thé à la menthe\n".encode() * 200


def summarised(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> SummaryPanel:
    path = tmp_path / "menthe.txt"
    path.write_bytes(TEXT)
    assert window.open_path(path)
    panel = window.summary_panel
    qtbot.waitUntil(lambda: panel.summary is not None, timeout=60_000)
    return panel


def whole_in_view(button: QPushButton, panel: SummaryPanel) -> bool:
    """The button is shown whole inside the table's viewport."""
    viewport = panel.table.viewport()
    where = QRect(button.mapTo(viewport, button.rect().topLeft()), button.size())
    return viewport.rect().contains(where) and button.width() >= button.sizeHint().width()


@pytest.mark.parametrize("width", [700, 420, 300, 160])
def test_the_add_column_buttons_are_whole_in_a_narrow_dock(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, width: int
) -> None:
    """The verdict column stretched past the edge and the buttons beyond it
    were cut off; now the verdict gives way (elided, whole in its tooltip)
    and a dock cannot be made narrower than the buttons need."""
    panel = summarised(qtbot, window, tmp_path)
    dock = window.findChild(QDockWidget, "dock-summary")
    assert isinstance(dock, QDockWidget)
    dock.setFloating(True)
    dock.resize(width, 360)
    dock.show()
    qtbot.waitExposed(dock)
    table = panel.table
    qtbot.waitUntil(lambda: dock.width() <= max(width, dock.minimumSizeHint().width()))
    assert table.horizontalScrollBar().maximum() == 0  # nothing beyond the right edge
    rows = [table.topLevelItem(i) for i in range(table.topLevelItemCount())]
    assert len(rows) > 5
    for row in rows[:5]:  # those on screen
        assert row is not None
        button = panel.button_for(row.text(1))
        assert button is not None
        assert whole_in_view(button, panel), (width, row.text(1), button.geometry())
        assert row.toolTip(VERDICT) == row.text(VERDICT)  # the whole verdict, elided or not
