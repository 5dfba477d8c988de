"""The Mojibake panel: candidates best first from a background job, the chain
step by step, original beside repaired, and ranges that select bytes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mojiscope.app.background.jobs import JobRunner
from mojiscope.app.panels.mojibake import PREVIEW_CHARS, MojibakePanel, chain_steps, preview
from mojiscope.app.window import timers
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core import BytesSource, FileSource
from mojiscope.core.mojibake import IDENTITY, Chain, Misreading

DAMAGED = "Le café crème, thé à la menthe".encode().decode("cp1252").encode()


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[MojibakePanel]:
    runner = JobRunner()
    panel = MojibakePanel(runner)
    qtbot.addWidget(panel)
    yield panel
    runner.cancel_all()
    assert runner.wait_all(5000)


def test_candidates_arrive_best_first_with_the_repair_beside_the_bytes(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    panel.explain_range(BytesSource(b"head " + DAMAGED), 5, 5 + len(DAMAGED))
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=10000)
    assert panel.candidates.item(0).text().endswith("utf-8 read as windows-1252")
    assert panel.repaired.toPlainText() == "Le café crème, thé à la menthe"
    # QPlainTextEdit hands back a no-break space as a space
    assert panel.original.toPlainText() == DAMAGED.decode().replace("\xa0", " ")
    assert panel.steps.toPlainText().startswith(
        "1. the text was written as utf-8\n2. read as windows-1252"
    )
    assert panel.ranges.item(0).text() == "bytes 11-15"


def test_a_long_sample_shows_its_first_characters_and_says_so(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    """32 KiB of one long line would hold the GUI thread while Qt lays it out."""
    data = DAMAGED * 400  # 13,600 bytes, no newline
    panel.explain_range(BytesSource(data), 0, len(data))
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=20000)
    shown = panel.original.toPlainText()
    assert shown.startswith(DAMAGED.decode()[:20].replace("\xa0", " "))
    assert shown.endswith(f"(the first {PREVIEW_CHARS:,} of {len(data.decode()):,} characters)")
    assert len(shown) < PREVIEW_CHARS + 60
    assert panel.repaired.toPlainText().startswith("Le café crème")
    assert preview("short") == "short"


def test_clicking_a_range_selects_its_absolute_bytes(qtbot: QtBot, panel: MojibakePanel) -> None:
    panel.explain_range(BytesSource(b"head " + DAMAGED), 5, 5 + len(DAMAGED))
    qtbot.waitUntil(lambda: panel.ranges.count() > 0, timeout=10000)
    with qtbot.waitSignal(panel.range_chosen) as chosen:
        panel.ranges.itemClicked.emit(panel.ranges.item(0))
    assert chosen.args == [11, 15]


def test_verify_streams_the_chain_over_the_whole_file(
    qtbot: QtBot, panel: MojibakePanel, tmp_path: Path
) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(DAMAGED * 3000 + b"\n")
    source = FileSource(path)
    panel.explain_range(source, 0, 4096)
    qtbot.waitUntil(lambda: panel.verify_button.isEnabled(), timeout=10000)
    panel.verify_button.click()
    qtbot.waitUntil(lambda: panel.status.text().startswith("The chain fits"), timeout=20000)
    assert f"all {len(DAMAGED) * 3000 + 1:,} bytes" in panel.status.text()
    source.close()


def test_chain_steps_in_words() -> None:
    assert chain_steps(IDENTITY).startswith("The bytes are fine")
    two = Chain((Misreading("utf-8", "windows-1252"), Misreading("utf-8", "latin-1")))
    assert chain_steps(two).splitlines() == [
        "1. the text was written as utf-8",
        "2. read as windows-1252",
        "3. saved as utf-8",
        "4. the text was written as utf-8",
        "5. read as latin-1",
        "6. saved as utf-8",
    ]


def test_screenshot_of_the_panel(qtbot: QtBot, panel: MojibakePanel) -> None:
    panel.resize(520, 640)
    panel.show()
    panel.explain_range(BytesSource(DAMAGED), 0, len(DAMAGED))
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=10000)
    assert panel.grab().save("/tmp/mojibake_panel.png")


def window_on_the_csv(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """A shown window on a CSV whose second line is :data:`DAMAGED`."""
    path = tmp_path / "export.csv"
    path.write_bytes(b"id;name\n" + DAMAGED + b"\n")
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(path)
    return window


def test_the_window_docks_the_panel_and_explains_the_selection(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = window_on_the_csv(qtbot, tmp_path)
    window.mojibake_dock.raise_()
    qtbot.waitUntil(window.mojibake_dock.isVisible, timeout=5000)
    panel = window.mojibake_dock.findChild(MojibakePanel)
    assert isinstance(panel, MojibakePanel)
    window.selection.select_range(8, 8 + len(DAMAGED))
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=10000)
    assert panel.repaired.toPlainText() == "Le café crème, thé à la menthe"
    panel.ranges.itemClicked.emit(panel.ranges.item(0))
    assert (window.selection.start, window.selection.end) == (14, 18)
    window.grab().save("/tmp/mojibake_window.png")
    panel.runner.cancel_all()
    panel.runner.wait_all(5000)
    window.close()


def test_the_panel_behind_the_inspectors_tab_explains_only_once_brought_forward(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # Behind the tab it explained every selection all the same: a child
    # process each time, and the GUI thread's time to fill lists no one
    # could see. The wait for the selection to settle is over at once here.
    window = window_on_the_csv(qtbot, tmp_path)
    started: list[str] = []
    window.jobs.jobs_changed.connect(
        lambda: started.extend(h.name for h in window.jobs.active() if h.name == "mojibake")
    )
    with timers.at_once():
        window.selection.select_range(8, 8 + len(DAMAGED))
    panel = window.mojibake_dock.findChild(MojibakePanel)
    assert isinstance(panel, MojibakePanel)
    assert started == [] and panel.candidates.count() == 0
    window.mojibake_dock.raise_()
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=10000)
    assert panel.repaired.toPlainText() == "Le café crème, thé à la menthe"
    window.close()
