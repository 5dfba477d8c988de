"""Every item model passes Qt's model tester, and does what the chooser needs."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt

from mojiscope.app.dialogs.format_list_model import KEY_ROLE, FormatListModel
from mojiscope.app.model.cells import Cell
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import available_keys, resolve
from mojiscope.app.panels.codepoint_model import CodePointTableModel, row_for


def test_format_list_model_passes_modeltester(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    model = FormatListModel(available_keys(), ["xtf-8", "utf-8"])
    qtmodeltester.check(model)
    model.move_row(0, +1)
    model.setData(model.index(3, 0), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    qtmodeltester.check(model)


def test_shown_formats_come_first_checked_in_their_order() -> None:
    model = FormatListModel(available_keys(), ["xtf-8", "utf-8", "not-a-format"])
    assert model.checked_keys() == ["xtf-8", "utf-8"]
    assert model.keys()[:2] == ["xtf-8", "utf-8"]
    first = model.index(0, 0)
    assert model.data(first, KEY_ROLE) == "xtf-8"
    assert model.data(first, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert model.flags(first) & Qt.ItemFlag.ItemIsUserCheckable


def test_moving_and_checking_change_the_shown_order() -> None:
    model = FormatListModel(available_keys(), ["utf-8", "wtf-8", "xtf-8"])
    assert model.move_row(2, -1) == 1
    assert model.checked_keys() == ["utf-8", "xtf-8", "wtf-8"]
    assert model.move_row(0, +1) == 1
    assert model.checked_keys() == ["xtf-8", "utf-8", "wtf-8"]
    model.setData(model.index(0, 0), Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
    assert model.checked_keys() == ["utf-8", "wtf-8"]
    assert not model.moveRows(QModelIndex(), 0, 1, QModelIndex(), 1)  # a no-op move


def test_codepoint_table_passes_modeltester(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    document = Document.from_bytes(b"A\xc0\xaf\xe2\x80\xae\xcc\x81")
    utf8 = resolve("utf-8")
    assert utf8 is not None
    cells: list[Cell] = document.cells(utf8, 0, document.size)
    model = CodePointTableModel()
    model.set_rows([row_for(c, document.read(c.byte_start, c.byte_end)) for c in cells])
    qtmodeltester.check(model)
    rows = model.rows()
    assert rows[0].name == "LATIN CAPITAL LETTER A"
    assert rows[1].byte_hex == "C0" and rows[1].code_point == "U+FFFD"
    assert "bidi-control" in rows[3].classes
    assert "combining" in rows[4].classes
    assert model.headerData(3, Qt.Orientation.Horizontal) == "Name"


def test_the_palette_draws_a_border_exactly_for_the_kinds_segments_keep_apart(qapp):
    from mojiscope.app.grid.palette import grid_palette
    from mojiscope.app.model.borders import BORDERED_KINDS

    palette = grid_palette(qapp.palette())
    drawn = {kind for kind, style in palette.kinds.items() if style.border != Qt.PenStyle.NoPen}
    assert drawn == BORDERED_KINDS
