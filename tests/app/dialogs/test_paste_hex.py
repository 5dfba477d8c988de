"""Paste Hex reads C arrays and xxd -i output, and base64 when chosen."""

from __future__ import annotations

from PySide6.QtCore import Qt

from mojiscope.app.dialogs.paste_hex import BASE64_FORM, DEBOUNCE_CHARS, HEX_FORM, PasteHexDialog
from mojiscope.app.window.main_window import MainWindow

XXD_I = "unsigned char a_bin[] = {\n  0x48, 0x69, 0x0a\n};\nunsigned int a_bin_len = 3;\n"


def test_a_c_array_is_read_as_c(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PasteHexDialog(None, "unsigned char x[] = { 0x43, 97, 'b' };")
    qtbot.addWidget(dialog)
    assert dialog.form == HEX_FORM
    assert dialog.data() == b"Cab"
    assert dialog.status_label.text() == "3 bytes"


def test_xxd_i_with_a_wrong_length_marks_the_length(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PasteHexDialog(None, XXD_I.replace("= 3;", "= 4;"))
    qtbot.addWidget(dialog)
    assert dialog.error is not None
    assert "Line 4, column 26" in dialog.status_label.text()
    assert "found length 4, expected 3" in dialog.status_label.text()
    assert dialog.editor.extraSelections()[0].cursor.selectedText() == "4"
    assert not dialog.ok_button.isEnabled()


def test_choosing_base64_reads_the_same_text_again(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PasteHexDialog(None, "deadbeef")
    qtbot.addWidget(dialog)
    assert dialog.data() == bytes.fromhex("deadbeef")
    qtbot.mouseClick(dialog.base64_choice, Qt.MouseButton.LeftButton)
    assert dialog.form == BASE64_FORM
    assert dialog.data() == bytes([0x75, 0xE6, 0x9D, 0x6D, 0xE7, 0x9F])
    assert dialog.status_label.text() == "6 bytes"
    qtbot.mouseClick(dialog.hex_choice, Qt.MouseButton.LeftButton)
    assert dialog.data() == bytes.fromhex("deadbeef")


def test_base64_error_names_line_and_column(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PasteHexDialog(None, "SGVs\nbG8!")
    qtbot.addWidget(dialog)
    dialog.set_form(BASE64_FORM)
    assert "Line 2, column 4" in dialog.status_label.text()
    assert "found '!'" in dialog.status_label.text()
    assert dialog.editor.extraSelections()[0].cursor.selectedText() == "!"
    assert not dialog.ok_button.isEnabled()


def test_base64_paste_opens_the_bytes(window: MainWindow, answer_dialog) -> None:  # type: ignore[no-untyped-def]
    def fill(dialog: PasteHexDialog) -> bool:  # type: ignore[override]
        dialog.set_form(BASE64_FORM)
        dialog.editor.setPlainText("SGVsbG8sIOS4lueVjA==")
        return dialog.ok_button.isEnabled()

    answer_dialog(fill)
    window.paste_hex()
    assert window.document is not None
    assert window.document.read(0, 100) == "Hello, 世界".encode()


def test_a_long_paste_is_read_off_the_gui_thread(qtbot) -> None:  # type: ignore[no-untyped-def]
    data = bytes(range(256)) * 200
    rows = [
        "  " + ", ".join(f"0x{b:02x}" for b in data[i : i + 12]) for i in range(0, len(data), 12)
    ]
    text = "unsigned char d[] = {\n" + ",\n".join(rows) + "\n};\n"
    assert len(text) > DEBOUNCE_CHARS
    dialog = PasteHexDialog(None, text)
    qtbot.addWidget(dialog)
    assert dialog.reading
    assert dialog.status_label.text().startswith("Reading ")
    assert not dialog.ok_button.isEnabled()
    qtbot.waitUntil(lambda: not dialog.reading, timeout=20_000)
    assert dialog.data() == data
    assert dialog.status_label.text() == f"{len(data):,} bytes"
    assert dialog.ok_button.isEnabled()


def test_a_long_paste_with_an_error_still_names_line_and_column(qtbot) -> None:  # type: ignore[no-untyped-def]
    text = "41 " * 40_000 + "\n42 4g"
    dialog = PasteHexDialog(None, text)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.reading, timeout=20_000)
    assert dialog.error is not None
    assert "Line 2, column 5" in dialog.status_label.text()
    assert not dialog.ok_button.isEnabled()
