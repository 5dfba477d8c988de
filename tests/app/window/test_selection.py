"""The selection model: anchor, cursor and the range between them."""

from __future__ import annotations

from mojiscope.app.window.selection import SelectionModel


def test_new_document_puts_cursor_and_one_byte_selection_at_zero(qtbot) -> None:  # type: ignore[no-untyped-def]
    model = SelectionModel()
    with qtbot.waitSignal(model.changed):
        model.reset(100)
    assert (model.cursor, model.start, model.end, model.length) == (0, 0, 1, 1)


def test_extend_keeps_anchor_in_either_direction() -> None:
    model = SelectionModel()
    model.reset(100)
    model.move_cursor(10)
    model.move_cursor(20, extend=True)
    assert (model.start, model.end, model.cursor) == (10, 21, 20)
    model.move_cursor(5, extend=True)
    assert (model.start, model.end, model.cursor) == (5, 11, 5)


def test_select_range_puts_cursor_on_first_byte_and_clamps() -> None:
    model = SelectionModel()
    model.reset(100)
    model.select_range(30, 33)
    assert (model.start, model.end, model.cursor) == (30, 33, 30)
    model.select_range(98, 500)
    assert (model.start, model.end) == (98, 100)


def test_no_signal_when_nothing_changes(qtbot) -> None:  # type: ignore[no-untyped-def]
    model = SelectionModel()
    model.reset(10)
    with qtbot.assertNotEmitted(model.changed):
        model.move_cursor(0)


def test_empty_document_selects_nothing() -> None:
    model = SelectionModel()
    model.reset(0)
    assert model.length == 0
