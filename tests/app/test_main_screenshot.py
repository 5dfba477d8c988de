"""``run_gui`` with a screenshot path: headless, applies --select/--formats, exits 0."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

from PySide6.QtGui import QImage

from mojiscope.app.main import run_gui


def gui_args(**given: object) -> Namespace:
    defaults: dict[str, object] = {
        "file": None,
        "screenshot": None,
        "select": None,
        "formats": None,
    }
    defaults.update(given)
    return Namespace(**defaults)


def distinct_colours(image: QImage, step: int = 7) -> int:
    seen = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen.add(image.pixel(x, y))
    return len(seen)


def test_screenshot_of_the_demo_is_written_and_not_blank(tmp_path: Path) -> None:
    out = tmp_path / "demo.png"
    code = run_gui(gui_args(screenshot=str(out), select="0xA4:0xA6", formats="utf-8,xtf-8,cp1252"))
    assert code == 0
    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == (1400, 900)
    assert distinct_colours(image) > 20


def test_screenshot_accepts_the_cli_s_parsed_forms(tmp_path: Path) -> None:
    out = tmp_path / "parsed.png"
    args = gui_args(screenshot=str(out), select=(3, 9), formats=["utf-8", "utf-8/per-byte"])
    assert run_gui(args) == 0
    assert out.exists()


def test_screenshot_of_a_missing_file_fails_with_a_message(tmp_path: Path, shown_messages) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "never.png"
    code = run_gui(gui_args(file=str(tmp_path / "missing.bin"), screenshot=str(out)))
    assert code == 1
    assert not out.exists()
    assert shown_messages and "missing.bin" in shown_messages[0].text


def test_bad_selection_and_unknown_formats_exit_with_usage_errors(tmp_path: Path) -> None:
    assert run_gui(gui_args(screenshot=str(tmp_path / "a.png"), select="junk")) == 2
    assert run_gui(gui_args(screenshot=str(tmp_path / "b.png"), formats="nope,nada")) == 2


def test_a_selection_past_the_end_is_refused(tmp_path: Path) -> None:
    assert run_gui(gui_args(screenshot=str(tmp_path / "a.png"), select="0x5000:0x5010")) == 2
    assert not (tmp_path / "a.png").exists()
