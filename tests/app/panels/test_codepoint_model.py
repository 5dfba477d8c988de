"""The inspector table: its columns fit their text, stay still as the cursor
moves and fit afresh for a new document; rows that change in place repaint
only their cells."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve
from mojiscope.app.panels.codepoint_model import (
    HEADERS,
    CodePointRow,
    CodePointTableModel,
    row_for,
)
from mojiscope.app.window.main_window import MainWindow

MIXED = "a\u00e9\u4f60\U0001d518 LATIN".encode() + b"\xff\xfe"
NAME = HEADERS.index("Name")


def widths(window: MainWindow) -> list[int]:
    table = window.inspector.table
    return [table.columnWidth(column) for column in range(len(HEADERS) - 1)]


def qt_fit(window: MainWindow) -> list[int]:
    """What Qt's own fit to contents (its item delegate) asks of each column."""
    table = window.inspector.table
    header = table.horizontalHeader()
    return [
        max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
        for column in range(len(HEADERS) - 1)
    ]


def test_every_column_but_the_last_is_as_wide_as_qt_would_fit_it(window: MainWindow) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(MIXED, "mixed"))
    for start, end in [(0, 1), (1, 3), (3, 6), (6, 10), (0, len(MIXED))]:
        window.selection.select_range(start, end - 1)
        assert window.inspector.model.rowCount() > 0
        assert all(ours >= qt for ours, qt in zip(widths(window), qt_fit(window), strict=True))


def test_columns_do_not_narrow_as_the_cursor_moves_and_fit_afresh_for_a_new_file(
    window: MainWindow,
) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"\xf0\x9d\x94\x98 x", "wide"))
    window.selection.move_cursor(0)  # MATHEMATICAL FRAKTUR CAPITAL U
    wide = widths(window)
    window.selection.move_cursor(5)  # x: a shorter name, fewer bytes
    assert widths(window) == wide
    assert qt_fit(window)[NAME] < wide[NAME]

    window.open_document(Document.from_bytes(b"x", "narrow"))
    window.selection.move_cursor(0)
    assert widths(window)[NAME] < wide[NAME]
    assert all(ours >= qt for ours, qt in zip(widths(window), qt_fit(window), strict=True))


def test_a_column_the_user_narrowed_stays_until_wider_text_comes(window: MainWindow) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"xy\xf0\x9d\x94\x98", "sample"))
    window.selection.move_cursor(2)
    header = window.inspector.table.horizontalHeader()
    header.resizeSection(NAME, 40)
    window.selection.move_cursor(0)  # LATIN SMALL LETTER X: no wider than shown before
    assert header.sectionSize(NAME) == 40


def rows_of(*names: str) -> list[CodePointRow]:
    return [CodePointRow("41", "U+0041", "A", name, "Lu", "letter") for name in names]


def test_rows_change_in_place_without_a_reset_and_the_same_rows_change_nothing(
    qtbot: QtBot,
) -> None:
    model = CodePointTableModel()
    model.set_rows(rows_of("ONE", "TWO"))
    with (
        qtbot.waitSignal(model.dataChanged, timeout=0) as changed,
        qtbot.assertNotEmitted(model.modelReset),
    ):
        model.set_rows(rows_of("THREE", "FOUR"))
    top_left, bottom_right = changed.args[:2]
    assert (top_left.row(), top_left.column()) == (0, 0)
    assert (bottom_right.row(), bottom_right.column()) == (1, len(HEADERS) - 1)
    assert model.data(model.index(1, NAME)) == "FOUR"

    with qtbot.assertNotEmitted(model.modelReset), qtbot.assertNotEmitted(model.dataChanged):
        model.set_rows(rows_of("THREE", "FOUR"))

    with (
        qtbot.waitSignal(model.rowsRemoved, timeout=0) as removed,
        qtbot.assertNotEmitted(model.modelReset),
    ):
        model.set_rows(rows_of("FIVE"))
    assert removed.args[1:] == [1, 1]
    assert [model.data(model.index(0, NAME))] == ["FIVE"]

    with (
        qtbot.waitSignal(model.rowsInserted, timeout=0) as inserted,
        qtbot.assertNotEmitted(model.modelReset),
    ):
        model.set_rows(rows_of("SIX", "SEVEN", "EIGHT"))
    assert inserted.args[1:] == [1, 2]
    assert model.rows() == rows_of("SIX", "SEVEN", "EIGHT")

    with qtbot.waitSignal(model.rowsRemoved, timeout=0):
        model.set_rows([])
    assert model.rowCount() == 0


def test_codepoint_table_passes_modeltester(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    document = Document.from_bytes(b"A\xc0\xaf\xe2\x80\xae\xcc\x81")
    utf8 = resolve("utf-8")
    assert utf8 is not None
    chars = document.chars(utf8, 0, document.size)
    model = CodePointTableModel()
    model.set_rows([row_for(c, document.read(c.byte_start, c.byte_end)) for c in chars])
    qtmodeltester.check(model)
    rows = model.rows()
    assert rows[0].name == "LATIN CAPITAL LETTER A"
    assert rows[1].byte_hex == "C0" and rows[1].code_point == "U+FFFD"
    assert "bidi-control" in rows[3].classes
    assert "combining" in rows[4].classes
    assert model.headerData(3, Qt.Orientation.Horizontal) == "Name"
