"""The mouse driven as a hand drives it, through QTest, whose state outlives
a test (it is the application's): where the mouse is and which buttons it
holds.

Two things about that state make a test depend on the ones before it
unless it sets the state up itself:

- Qt delivers no move to where the mouse already is, so a move there
  reaches no widget (:func:`rest_on` comes from elsewhere first);
- ``QTest.mouseDClick`` presses the button a second time and never releases
  it, so every later move carries the button as a drag would
  (:func:`double_click` releases it; ``tests/app/conftest.py`` fails a test
  that ends with a button held).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

LEFT = Qt.MouseButton.LeftButton


def rest_on(qtbot: QtBot, widget: QWidget, pos: QPoint) -> None:
    """Move the mouse onto ``widget`` at ``pos``, with no button held, from
    another point (so the move is delivered wherever the mouse was), and
    leave it there."""
    assert QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton, "a button is held"
    away = pos + QPoint(0, 1 if pos.y() == 0 else -1)
    qtbot.mouseMove(widget, away)
    qtbot.mouseMove(widget, pos)


def double_click(qtbot: QtBot, widget: QWidget, pos: QPoint) -> None:
    """A double click at ``pos``, ending with the button released."""
    qtbot.mouseDClick(widget, LEFT, pos=pos)
    qtbot.mouseRelease(widget, LEFT, pos=pos)


def release_held_buttons() -> Qt.MouseButton:
    """Release the buttons QTest left held (on a widget of its own, for the
    one that took the press may be gone); returns them."""
    held = QGuiApplication.mouseButtons()
    if held != Qt.MouseButton.NoButton:
        anywhere = QWidget()
        for button in (LEFT, Qt.MouseButton.RightButton, Qt.MouseButton.MiddleButton):
            if held & button:
                QTest.mouseRelease(anywhere, button, Qt.KeyboardModifier.NoModifier, QPoint())
        anywhere.deleteLater()
    return held
