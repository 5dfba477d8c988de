"""The text view's kept windows: a kept window serves a cursor it holds far
enough from its edges, windows a key would need are built while the cursor
rests, and what is shown from a kept window is what a fresh build shows."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve
from mojiscope.app.model.text_window import Displays
from mojiscope.app.model.text_windows import TextWindows, build_window, covers
from mojiscope.app.window.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier


always = Displays()
"""Every character drawable: what the text view shows with any font."""


def test_a_window_covers_cursors_a_quarter_radius_inside_its_edges_or_at_the_files_ends() -> None:
    document = Document.from_bytes(b"a" * 10_000)
    window = build_window(document, resolve("utf-8"), 5000, 400, always)
    assert (window.byte_start, window.byte_end) == (4600, 5400)
    assert covers(window, 4700, 400, document.size)
    assert not covers(window, 4699, 400, document.size)
    assert covers(window, 5299, 400, document.size)
    assert not covers(window, 5300, 400, document.size)
    first = build_window(document, resolve("utf-8"), 0, 400, always)
    assert covers(first, 0, 400, document.size)  # no margin at the file's start


@settings(max_examples=40, deadline=None)
@given(
    data=st.binary(min_size=1, max_size=3000),
    first=st.integers(0, 2999),
    second=st.integers(0, 2999),
    key=st.sampled_from(["utf-8", "utf-16le", "xtf-8", "cp1252", "gb18030"]),
)
def test_a_kept_window_shows_what_the_view_would_keep_showing(
    data: bytes, first: int, second: int, key: str
) -> None:
    """The window found for a cursor is the one built last that covers it,
    else a fresh build around the cursor: never a window that does not hold it."""
    document = Document.from_bytes(data)
    choice = resolve(key)
    first, second = first % len(data), second % len(data)
    windows = TextWindows()
    shown = windows.window_for(document, choice, first, 256, always)
    found = windows.window_for(document, choice, second, 256, always)
    if covers(shown, second, 256, len(data)):
        assert found is shown and windows.built == 1
    else:
        assert found.text == build_window(document, choice, second, 256, always).text
        assert windows.built == 2


def test_another_format_radius_or_document_builds_again() -> None:
    document = Document.from_bytes(b"abc" * 1000)
    windows = TextWindows()
    windows.window_for(document, resolve("utf-8"), 1500, 256, always)
    windows.window_for(document, resolve("utf-8"), 1500, 256, always)
    assert windows.built == 1
    windows.window_for(document, resolve("cp1252"), 1500, 256, always)
    windows.window_for(document, resolve("cp1252"), 1500, 512, always)
    windows.window_for(Document.from_bytes(b"abc" * 1000), resolve("cp1252"), 1500, 512, always)
    assert windows.built == 4


def test_after_a_rest_ctrl_home_and_ctrl_end_find_their_window_built(
    qtbot,  # type: ignore[no-untyped-def]
    mixed_window: MainWindow,
) -> None:
    """The file's ends are built ahead while the cursor rests: the key then
    builds no window and fills no document, and shows what a fresh build shows."""
    view = mixed_window.text_view
    for modifiers_key in (Qt.Key.Key_End, Qt.Key.Key_Home):
        qtbot.waitUntil(lambda: not view.building_ahead() and not view.following(), timeout=10_000)
        before = view.stats
        qtbot.keyClick(mixed_window.grid, modifiers_key, CTRL)
        qtbot.waitUntil(lambda: not view.following(), timeout=5000)
        assert view.stats == before, "the key built a window while the user waited"
        window, cursor = view.window_, mixed_window.selection.cursor
        assert window is not None
        fresh = build_window(
            mixed_window.document, mixed_window.shown.current, cursor, view.radius(), always
        )
        assert (window.byte_start, window.byte_end) == (fresh.byte_start, fresh.byte_end)
        assert view.toPlainText() == window.text


def test_a_view_grown_larger_shows_its_text_again_built_to_fill_it(
    qtbot,  # type: ignore[no-untyped-def]
    mixed_window: MainWindow,
) -> None:
    """The window's text was built for the view's size then; once the view
    grows (its dock dragged, the window shown at its size) and the resizing
    pauses, the text is built again with the larger radius, the cursor
    still on its character."""
    view = mixed_window.text_view
    qtbot.waitUntil(lambda: not view.following(), timeout=5000)
    before = view.window_
    assert before is not None
    radius = view.radius()
    mixed_window.resize(1800, 1200)
    assert view.radius() > radius, "the larger window gives the text view more room"
    assert view.window_ is before  # not on every step of a drag
    qtbot.waitUntil(lambda: view.window_ is not before, timeout=5000)
    after = view.window_
    assert after is not None and after is not before
    assert after.byte_end - after.byte_start > before.byte_end - before.byte_start
    assert view.toPlainText() == after.text
    cursor = mixed_window.selection.cursor
    position = view.position_of_byte(cursor)
    assert position is not None and view.textCursor().selectionStart() == position
