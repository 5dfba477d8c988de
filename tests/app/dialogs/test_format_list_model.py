"""The format chooser's list model passes Qt's model tester and does what the chooser needs."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt

from mojiscope.app.dialogs.format_list_model import KEY_ROLE, FormatListModel
from mojiscope.app.model.formats import available_keys


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
