"""Hovering a cell shows the span's one-line summary, in core's words."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core.spans.event import REASON_WORDS, Reason

DATA = b"A\xc3\xa9\xc0\xaf\xed\xa0\xbd\xed\xb2\xa9"  # A, é, overlong '/', CESU-8 pair


@pytest.fixture
def hovered(window: MainWindow) -> MainWindow:
    window.set_bytes_per_row(16)
    window.shown.set_keys(["utf-8", "cesu-8", "cp1252"])
    window.open_document(Document.from_bytes(DATA, "tips"))
    return window


def tip(window: MainWindow, area: str, column: int, offset: int) -> str | None:
    return window.grid.tooltip_at(window.grid.point_of(area, column, offset))


def test_decoded_column_tip_names_the_character_and_its_bytes(hovered: MainWindow) -> None:
    text = tip(hovered, "column", 0, 2)
    assert text == (
        "utf-8 text: well-formed text \u00b7 2 bytes at 0x1: C3 A9 \u00b7 "
        "U+00E9 '\u00e9' LATIN SMALL LETTER E WITH ACUTE"
    )


def test_overlong_tip_gives_the_reason_and_what_it_would_have_been(hovered: MainWindow) -> None:
    text = tip(hovered, "column", 0, 3)
    assert text is not None
    assert text.startswith(f"utf-8 invalid (overlong): {REASON_WORDS[Reason.OVERLONG]}")
    assert "at 0x3: C0" in text
    assert "would have been U+002F '/' SOLIDUS" in text


def test_each_column_speaks_for_its_own_format(hovered: MainWindow) -> None:
    cesu = tip(hovered, "column", 1, 7)
    assert cesu is not None and cesu.startswith("cesu-8 text")
    assert "U+1F4A9 PILE OF POO as a surrogate pair" in cesu
    cp1252 = tip(hovered, "column", 2, 1)
    assert cp1252 is not None and "U+00C3 '\u00c3' LATIN CAPITAL LETTER A WITH TILDE" in cp1252


def test_hex_tip_follows_the_current_format(hovered: MainWindow) -> None:
    assert tip(hovered, "hex", 0, 0) == (
        "utf-8 text: well-formed text \u00b7 1 byte at 0x0: 41 \u00b7 "
        "U+0041 'A' LATIN CAPITAL LETTER A"
    )
    hovered.shown.set_current("cp1252")
    text = tip(hovered, "hex", 0, 3)
    assert text is not None and text.startswith("cp1252 text") and "U+00C0" in text


def test_no_tip_off_the_cells(hovered: MainWindow) -> None:
    grid = hovered.grid
    below = QPoint(grid.point_of("hex", 0, 0).x(), grid.viewport().height() - 2)
    assert grid.tooltip_at(below) is None
    assert grid.tooltip_at(QPoint(2, 2)) is None  # the header


def test_a_tooltip_event_shows_the_tip(qtbot, hovered: MainWindow) -> None:  # type: ignore[no-untyped-def]
    grid = hovered.grid
    point = grid.point_of("column", 0, 2)
    event = QHelpEvent(QEvent.Type.ToolTip, point, grid.viewport().mapToGlobal(point))
    QApplication.sendEvent(grid.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    assert QToolTip.text() == tip(hovered, "column", 0, 2)
    QToolTip.hideText()


def test_a_wtf8_lone_surrogate_tip_says_it_is_carried(window: MainWindow) -> None:
    window.shown.set_keys(["wtf-8"])
    window.open_document(Document.from_bytes(b"a\xed\xa0\xbdb", "lone"))
    text = tip(window, "column", 0, 2)
    assert text is not None
    assert text.startswith(f"wtf-8 surrogate (unpaired-lead): {REASON_WORDS[Reason.UNPAIRED_LEAD]}")
    assert "ED A0 BD carry U+D83D, an unpaired lead (high) surrogate, which wtf-8 keeps" in text
    assert "would have been" not in text
