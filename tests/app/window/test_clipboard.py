"""Copying the selection, and the formats chooser that persists."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from mojiscope.app.dialogs.formats_dialog import FormatsDialog
from mojiscope.app.model.document import Document
from mojiscope.app.window import settings
from mojiscope.app.window.clipboard import as_bytes_literal, as_hex
from mojiscope.app.window.main_window import MainWindow

DATA = "é€".encode() + b"\xc0\xaf'\\"


def clipboard_text() -> str:
    clipboard = QGuiApplication.clipboard()
    assert clipboard is not None
    return clipboard.text()


def test_copy_as_hex_text_and_bytes_literal(window: MainWindow) -> None:
    window.set_formats(["utf-8", "xtf-8"], persist=False)
    window.open_document(Document.from_bytes(DATA, "copy"))
    window.select_all()
    window.copy_hex()
    assert clipboard_text() == "C3 A9 E2 82 AC C0 AF 27 5C"
    window.copy_bytes_literal()
    literal = clipboard_text()
    assert literal.startswith("b") and eval(literal) == DATA
    window.copy_text()
    assert clipboard_text() == "é€\ufffd\ufffd'\\"
    window.shown.set_current("xtf-8")
    window.selection.select_range(1, 3)  # half of é and half of €: whole characters are copied
    window.copy_text()
    assert clipboard_text() == "é€"


def test_pure_copy_forms() -> None:
    assert as_hex(b"\x00\xff") == "00 FF"
    assert as_bytes_literal(b"a\x00'") == repr(b"a\x00'")


def test_copy_actions_are_in_the_grid_context_menu(window: MainWindow) -> None:
    texts = [a.text() for a in window.grid.actions()]
    assert any("Hex" in t for t in texts) and any("bytes literal" in t for t in texts)


def test_formats_dialog_choice_is_shown_and_persists(window: MainWindow, answer_dialog) -> None:  # type: ignore[no-untyped-def]
    def fill(dialog: FormatsDialog) -> bool:  # type: ignore[override]
        model = dialog.model
        model.set_checked_keys(["cp1252", "utf-8", "utf-8/per-run"])
        row = model.keys().index("utf-8/per-run")
        dialog.list_view.setCurrentIndex(model.index(row, 0))
        dialog.up_button.click()
        return True

    answer_dialog(fill)
    window.open_document(Document.from_bytes(DATA, "formats"))
    window.choose_formats()
    expected = ["cp1252", "utf-8/per-run", "utf-8"]
    assert window.shown.keys == expected
    assert settings.shown_formats() == expected
    offered = [window.format_box.itemData(i) for i in range(window.format_box.count())]
    assert offered[:4] == [*expected, None]  # the formats on show, a separator,
    assert {"wtf-8", "utf-16le", "shift_jis"} <= set(offered[4:])  # then every other one
    assert len(window.grid.visible_layout()[0].columns) == 3
    again = MainWindow()
    assert again.shown.keys == expected
    again.close()


def test_formats_dialog_needs_at_least_one_format(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = FormatsDialog(["utf-8", "cp1252"], ["utf-8"])
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.isEnabled()
    first = dialog.model.index(0, 0)
    dialog.model.setData(first, Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
    assert not ok.isEnabled()


def test_current_format_is_remembered(window: MainWindow) -> None:
    window.shown.set_current("xtf-8")
    assert settings.current_format() == "xtf-8"
    again = MainWindow()
    assert again.shown.current.key == "xtf-8"
    again.close()


def test_command_line_formats_are_not_saved(window: MainWindow) -> None:
    window.set_formats(["cp1252"], persist=False)
    assert settings.shown_formats() is None


def test_unknown_saved_formats_fall_back_to_defaults(isolated_settings) -> None:  # type: ignore[no-untyped-def]
    settings.set_shown_formats(["no-such-format"])
    window = MainWindow()
    assert window.shown.keys[0] == "utf-8"
    window.close()


def test_copying_a_huge_selection_is_refused_before_anything_is_read(
    window: MainWindow,
    tmp_path,
    shown_messages,  # type: ignore[no-untyped-def]
) -> None:
    import resource

    huge = tmp_path / "huge.bin"
    with huge.open("wb") as f:
        f.truncate(2 << 30)  # 2 GiB, sparse
    assert window.open_path(huge)
    window.select_all()
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    window.copy_hex()
    window.copy_text()
    peak_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert [m.title for m in shown_messages] == ["Selection too large"] * 2
    assert "2,147,483,648 bytes" in shown_messages[0].text
    assert peak_after - peak_before < 256 << 10  # far less than the 2 GiB a read would take


def status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def test_copy_as_text_says_what_it_put_on_the_clipboard(window: MainWindow) -> None:
    """A lone surrogate became U+FFFD on the clipboard without a word; the
    status bar says so now, and counts in English."""
    window.set_formats(["wtf-8", "utf-8"], persist=False)
    data = b"a" + "\ud800".encode("utf-8", "surrogatepass") + b"b\xff" + "\ufffd".encode()
    window.open_document(Document.from_bytes(data, "surrogate"))
    window.shown.set_current("wtf-8")
    window.selection.select_range(0, 1)
    window.copy_text()
    assert (clipboard_text(), status(window)) == ("a", "Copied 1 character")
    window.selection.select_range(0, 4)  # a, then the lone surrogate's three bytes
    window.copy_text()
    assert clipboard_text() == "a\ufffd"
    assert status(window) == (
        "Copied 2 characters: 1 lone surrogate as U+FFFD (no clipboard holds one)"
    )
    window.select_all()  # ... b, an ill-formed FF, and a U+FFFD the bytes hold
    window.copy_text()
    assert clipboard_text() == "a\ufffdb\ufffd\ufffd"
    assert status(window) == (
        "Copied 5 characters: 1 U+FFFD for ill-formed bytes; "
        "1 lone surrogate as U+FFFD (no clipboard holds one)"
    )
    window.shown.set_current("utf-8")  # in UTF-8 the surrogate's bytes are ill-formed
    window.copy_text()
    assert status(window) == "Copied 7 characters: 4 U+FFFD for ill-formed bytes"


def test_copy_as_hex_counts_its_characters_in_english(window: MainWindow) -> None:
    window.open_document(Document.from_bytes(b"\x41\x42", "hex"))
    window.selection.select_range(0, 1)
    window.copy_hex()
    assert (clipboard_text(), status(window)) == ("41", "Copied 2 characters")
