"""Each file read in its own format: the current format and the columns
follow the evidence as a file opens, then the whole-file summary; the
user's choice wins and is remembered per file; every format is offered."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from mojiscope.app.window import settings
from mojiscope.app.window.format_choice import evidence_columns
from mojiscope.app.window.main_window import MainWindow

JAPANESE = "日本語のテキストです。これはテストです。吾輩は猫である。名前はまだ無い。\n" * 400
ENGLISH = "Hello, this is a UTF-16LE file without a BOM. Grüße!\n" * 300
SHOTS = Path("/tmp")


def current(window: MainWindow) -> str:
    return window.shown.current.format.id


def wait_for_look(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not window.format_choice.looking(), timeout=60_000)


@pytest.mark.parametrize(
    ("name", "data", "expected"),
    [
        ("sjis.txt", JAPANESE.encode("shift_jis"), "shift_jis"),
        ("utf16le.txt", ENGLISH.encode("utf-16-le"), "utf-16le"),
    ],
    ids=["shift_jis", "utf-16le"],
)
def test_a_file_opens_in_its_own_format(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, name: str, data: bytes, expected: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    assert current(window) == "utf-8"
    assert window.open_path(path)
    qtbot.waitUntil(lambda: current(window) == expected, timeout=60_000)
    keys = window.shown.keys
    assert keys[0] == expected and len(keys) == 6  # first among the defaults, as many columns
    assert window.format_box.currentData() == expected
    label = window.status.verdict_label
    qtbot.waitUntil(lambda: label.text() == f"{expected}: text")  # the status bar reads it so
    window.grab().save(str(SHOTS / f"mojiscope-opens-as-{expected}.png"))
    assert settings.format_for_file(str(path.resolve())) is None  # the evidence's, not the user's


def test_the_users_choice_is_remembered_for_the_file(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "sjis.txt"
    path.write_bytes(JAPANESE.encode("shift_jis"))
    other = tmp_path / "plain.txt"
    other.write_bytes(b"plain text\n")
    assert window.open_path(path)
    qtbot.waitUntil(lambda: current(window) == "shift_jis", timeout=60_000)
    box = window.format_box
    index = box.findData("gb18030")
    assert index > box.findData("shift_jis")  # offered below the formats on show
    box.activated.emit(index)  # the user picks it
    assert current(window) == "gb18030" and "gb18030" in window.shown.keys
    assert settings.format_for_file(str(path.resolve())) == "gb18030"
    assert window.open_path(other)
    assert "gb18030" not in window.shown.keys  # the next file starts from the columns before
    assert current(window) == "utf-8"
    assert window.open_path(path)
    assert current(window) == "gb18030"  # at once: no look needed
    assert not window.format_choice.looking()


def test_the_box_offers_every_format_and_a_choice_off_show_adds_its_column(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "plain.txt"
    path.write_bytes(b"plain text\n")
    assert window.open_path(path)
    box = window.format_box
    offered = [box.itemData(i) for i in range(box.count())]
    shown = window.shown.keys
    assert offered[: len(shown)] == shown and offered[len(shown)] is None
    assert {"utf-16le", "cp1252", "shift_jis", "gb18030", "utf-32be"} - set(shown) <= set(offered)
    box.setFocus()
    box.activated.emit(box.findData("koi8-r"))
    assert window.shown.keys == [*shown, "koi8-r"] and current(window) == "koi8-r"


def test_a_summary_row_uses_its_format(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "french.txt"
    path.write_bytes(("héllo wörld, ça va?\n" * 300).encode())
    panel = window.summary_panel
    with qtbot.waitSignal(panel.summary_ready, timeout=60_000):
        assert window.open_path(path)
    assert not panel.button_for("utf-8", "use").isEnabled()  # in use
    qtbot.mouseClick(panel.button_for("cp1252", "use"), Qt.MouseButton.LeftButton)
    assert current(window) == "cp1252"
    assert panel.button_for("cp1252", "use").text() == "In use"
    assert settings.format_for_file(str(path.resolve())) == "cp1252"


def test_the_summary_is_followed_where_the_first_look_could_not_see(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The first 16 KiB are plain ASCII (UTF-8 at once); the Japanese after
    them makes the whole-file summary rank Shift_JIS first: it is followed."""
    path = tmp_path / "late.txt"
    path.write_bytes(b"ascii line\n" * 3000 + JAPANESE.encode("shift_jis"))
    panel = window.summary_panel
    with qtbot.waitSignal(panel.summary_ready, timeout=120_000):
        assert window.open_path(path)
        assert current(window) == "utf-8"
    assert panel.summary is not None and panel.summary.formats[0].format_id == "shift_jis"
    assert current(window) == "shift_jis"


def test_formats_the_command_line_fixed_are_kept(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "sjis.txt"
    path.write_bytes(JAPANESE.encode("shift_jis"))
    window.set_formats(["utf-8", "cp1252"], persist=False)
    assert window.open_path(path)
    qtbot.wait(200)
    assert not window.format_choice.looking()
    assert window.shown.keys == ["utf-8", "cp1252"] and current(window) == "utf-8"


def test_the_family_of_the_current_format_is_kept(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """A UTF-8 file with a lone surrogate: the evidence ranks WTF-8 first,
    which reads it as UTF-8 does but there: the window stays in UTF-8."""
    path = tmp_path / "lone.txt"
    path.write_bytes(b"text \xed\xa0\x80 more text\n" * 10)
    assert window.open_path(path)
    wait_for_look(qtbot, window)
    look = window.format_choice.look
    assert look is not None and look.readings[0] != "utf-8"
    assert current(window) == "utf-8"


def test_evidence_columns_keep_the_users_columns_and_lead_the_defaults() -> None:
    defaults = ["utf-8", "wtf-8", "xtf-8", "stf-7", "corrected-utf-8", "cp1252"]
    assert evidence_columns(defaults, ("shift_jis", "cp932"), chosen=False) == [
        "shift_jis",
        "cp932",
        "utf-8",
        "wtf-8",
        "xtf-8",
        "stf-7",
    ]
    assert evidence_columns(["utf-8", "cp1252"], ("shift_jis",), chosen=True) == [
        "utf-8",
        "cp1252",
        "shift_jis",
    ]
    assert evidence_columns(defaults, ("cp1252", "latin-1"), chosen=False) == defaults
