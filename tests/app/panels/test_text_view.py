"""The text view marks spans in the text's own layout (a syntax highlighter),
not as extra selections that Qt redraws on every paint: each non-text span
gets its kind's fill and underline, each stand-in the symbol colour, and
well-formed text nothing."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextLayout

from mojiscope.app.grid.palette import grid_palette
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve
from mojiscope.app.model.text_window import TextWindow
from mojiscope.app.panels.text_view import MAX_TEXT_RADIUS, MIN_TEXT_RADIUS, UNDERLINES
from mojiscope.app.window.main_window import MainWindow
from mojiscope.app.window.theme import dark_palette
from mojiscope.core import SpanKind


def formats_at(window: MainWindow, position: int) -> list[QTextLayout.FormatRange]:
    """The layout formats that cover the text view's UTF-16 ``position``."""
    block = window.text_view.document().findBlock(position)
    within = position - block.position()
    return [
        f for f in block.layout().formats() if f.start <= within < f.start + f.length
    ]  # fmt: skip


def test_invalid_byte_gets_its_kind_fill_and_wavy_underline(
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"ok\xffok", "one invalid byte"))
    view = text_shown(window)
    assert view.toPlainText() == "ok\ufffdok"
    assert view.extraSelections() == []  # nothing redrawn on every paint
    (mark,) = formats_at(window, 2)
    style = grid_palette(view.palette()).kinds[SpanKind.INVALID]
    assert (mark.start, mark.length) == (2, 1)
    assert mark.format.background().color() == style.fill
    assert mark.format.underlineStyle() == UNDERLINES[SpanKind.INVALID]
    assert formats_at(window, 0) == [] and formats_at(window, 3) == []


def test_a_run_of_stand_ins_is_one_mark_in_the_symbol_colour(
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"a\n" + bytes(5) + b"\x07b", "controls"))
    view = text_shown(window)
    assert view.toPlainText() == "a\n\u2039NUL\u00d75\u203a\u2039BEL\u203ab"
    (mark,) = formats_at(window, 2)  # the second line: its own block
    assert (mark.start, mark.length) == (0, len("\u2039NUL\u00d75\u203a\u2039BEL\u203a"))
    assert mark.format.foreground().color() == grid_palette(view.palette()).symbol


def test_marks_follow_a_palette_change(
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes(b"ok\xffok", "one invalid byte"))
    view = text_shown(window)
    light_fill = grid_palette(view.palette()).kinds[SpanKind.INVALID].fill
    view.setPalette(dark_palette())
    dark_fill = grid_palette(view.palette()).kinds[SpanKind.INVALID].fill
    assert dark_fill != light_fill
    (mark,) = formats_at(window, 2)
    assert mark.format.background().color() == dark_fill


def test_a_palette_change_reaches_the_documents_kept(
    qtbot,  # type: ignore[no-untyped-def]
    mixed_window: MainWindow,
) -> None:
    """The file's last window is made ready (marked) while the cursor
    rests; the palette changes before Ctrl+End shows it: it shows the new
    colours, as every kept document is marked again."""
    view = mixed_window.text_view
    qtbot.waitUntil(lambda: not view.building_ahead() and not view.following(), timeout=10_000)
    filled = view.stats.texts_filled
    view.setPalette(dark_palette())
    dark_fill = grid_palette(view.palette()).kinds[SpanKind.INVALID].fill
    qtbot.keyClick(mixed_window.grid, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not view.following(), timeout=5000)
    assert view.stats.texts_filled == filled  # shown from the document made ahead
    window = view.window_
    assert window is not None
    invalid = [first for first, _, kind, _ in window.mark_runs() if kind == SpanKind.INVALID]
    assert invalid, "the mixed bytes end with invalid sequences"
    (mark,) = formats_at(mixed_window, invalid[-1])
    assert mark.format.background().color() == dark_fill


@settings(max_examples=60, deadline=None)
@given(
    data=st.binary(min_size=1, max_size=200)
    | st.text(min_size=1, max_size=60).map(lambda t: t.encode("utf-8", "surrogatepass")),
    key=st.sampled_from(["utf-8", "xtf-8", "utf-8/per-run", "utf-16le", "cp437"]),
)
def test_mark_runs_cover_exactly_the_marked_pieces(data: bytes, key: str) -> None:
    """Runs are in order and apart, and a piece lies in a run of its own kind
    and look exactly when it is a stand-in or not well-formed text."""
    document = Document.from_bytes(data)
    runs = document.runs(resolve(key), 0, document.size)
    start = runs[0].offsets[0]
    window = TextWindow.build(runs, data[start:], start)
    runs = window.mark_runs()
    assert all(a[1] < b[0] or (a[1] == b[0] and a[2:] != b[2:]) for a, b in pairwise(runs))
    stand_ins = set(window.stand_ins)
    for piece in range(window.piece_count):
        start, end = window.piece_starts[piece], window.piece_starts[piece + 1]
        kind = window.piece_kinds[piece]
        marked = piece in stand_ins or kind != SpanKind.TEXT
        holding = [r for r in runs if r[0] <= start and end <= r[1]]
        if start == end:
            continue  # a piece that shows nothing lies in no run
        assert len(holding) == (1 if marked else 0)
        if marked:
            assert holding[0][2:] == (kind, piece in stand_ins)


def test_the_window_is_about_a_screenful_each_side_with_the_cursor_centred(
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    window.set_formats(["utf-8"], persist=False)
    line = "Καλημέρα κόσμε, привет мир, café naïve\n".encode()
    window.open_document(Document.from_bytes(line * 2000, "greek and cyrillic"))
    view = window.text_view
    radius = view.radius()
    assert MIN_TEXT_RADIUS <= radius < MAX_TEXT_RADIUS  # the fixture's view is mid-sized
    window.selection.move_cursor(len(line) * 1000 + 3)
    shown = text_shown(window).window_
    assert shown is not None
    assert shown.byte_end - shown.byte_start <= 2 * radius + 4
    cursor_y = view.cursorRect().center().y()
    assert abs(cursor_y - view.viewport().height() / 2) <= view.fontMetrics().lineSpacing()
    first_shown = view.cursorForPosition(view.viewport().rect().topLeft()).position()
    last_shown = view.cursorForPosition(view.viewport().rect().bottomLeft()).position()
    assert first_shown > 0 and last_shown < len(view.toPlainText())  # full both ways


def test_an_accent_above_a_tall_letter_is_drawn(
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    # ĺ's acute stands above the font's ascent; hinted, Qt's text layout cut
    # it off and the view showed Swedish misread as cp1250 (mĺnga) as "mlnga".
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes("x\nl\nĺ\n".encode(), "a letter, its accented form"))
    view = text_shown(window)
    image = view.viewport().grab().toImage()
    width = int(view.fontMetrics().horizontalAdvance("l")) + 4

    paper = image.pixelColor(0, 0).lightness()

    def ink_height(number: int) -> int:
        """How far above its line's bottom the glyphs of line ``number`` reach."""
        block = view.document().findBlockByNumber(number)
        box = view.blockBoundingGeometry(block).translated(view.contentOffset())
        left, top, bottom = int(box.left()), int(box.top()), int(box.bottom())
        inked = [
            y
            for y in range(top, bottom)
            for x in range(left, left + width)
            if abs(image.pixelColor(x, y).lightness() - paper) > 60
        ]
        return bottom - min(inked)

    assert view.toPlainText().splitlines()[1:3] == ["l", "ĺ"]
    assert ink_height(2) >= ink_height(1) + 2  # the acute, above the l
