"""The Mojibake panel: readings best first from a child process, the steps on
the bytes, ranges in hex and inclusive that select without losing the
explanation, Verify's result beside its button, the segment map's list, and
readable at the dock's default size (issues 14 and 36)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.mixed_files import DEV_SEEDS, mixed_file
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QListWidget
from pytestqt.qtbot import QtBot

from mojiscope.app.background.jobs import JobRunner
from mojiscope.app.model.repair_plans import head_plan
from mojiscope.app.panels.mojibake import PREVIEW_CHARS, MojibakePanel, preview_text
from mojiscope.app.window import timers
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core import BytesSource, FileSource
from mojiscope.core.mojibake.jobs import preview, shown_bytes
from mojiscope.core.mojibake.plan import RepairPlan
from mojiscope.core.mojibake.plan_reading import PlanReading
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.mojibake.segments import map_segments, table_of

DAMAGED = "Le café crème, thé à la menthe".encode().decode("cp1252").encode()


def _texts(items: QListWidget) -> list[str]:
    """The texts of a list's items, in order."""
    return [items.item(i).text() for i in range(items.count())]


def _explain(qtbot: QtBot, panel: MojibakePanel, data: bytes, ready: Callable[[], bool]) -> None:
    """Have the panel explain ``data`` whole, and wait until ``ready()``."""
    panel.explain_range(BytesSource(data), 0, len(data))
    qtbot.waitUntil(ready, timeout=10000)


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
    steps = panel.steps.text()
    assert steps.startswith("On the bytes: é → C3 A9 → read as windows-1252: Ã© → saved as UTF-8")
    assert "1. the text was written as utf-8\n2. read as windows-1252" in steps
    assert (
        "On the bytes: é → C3 A9 → read as windows-1252: Ã© → saved as UTF-8: C3 83 C2 A9" in steps
    )
    assert panel.ranges.item(0).text() == "0xB..0xE"  # bytes 11-15, inclusive and in hex
    assert panel.status.text().startswith("Bytes 0x5..0x")


def test_a_reading_that_differs_only_in_its_guesses_says_so(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    # É read as latin-1 is Ã and a C1 control, written as ? by a program:
    # the byte is guessed, and the same chain with another guess (Ä) is
    # "other guesses".
    data = "Il \u00c3?tait une fois\n".encode()
    _explain(qtbot, panel, data, lambda: panel.candidates.count() > 1)
    texts = _texts(panel.candidates)
    assert texts[0].endswith("utf-8 read as latin-1; repaired: question mark")
    others = [t for t in texts[1:] if "utf-8 read as latin-1; repaired: question mark" in t]
    assert others
    assert all(t.endswith("question mark (other guesses)") for t in others)
    assert not any("another table" in text for text in texts)
    assert "One place lost a byte on the way, or had one changed (question mark)" in (
        panel.steps.text()
    )


def test_text_a_lenient_utf8_decoder_read_is_told_as_such_with_its_guesses(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    data = "J'ai encore pass頣e soir de longues heures ࠬire.".encode()
    _explain(qtbot, panel, data, lambda: panel.ranges.count() > 0)
    assert panel.candidates.item(0).text().endswith("repaired: read by a lenient UTF-8 decoder")
    assert panel.repaired.toPlainText() == "J'ai encore passé ce soir de longues heures à lire."
    assert "Western text read by a lenient UTF-8 decoder" in panel.steps.text()
    assert "Not sure" in panel.steps.text()
    assert _texts(panel.ranges)[0].startswith(
        "0x10..0x12: read by a lenient UTF-8 decoder, guessed é c (or é ã"
    )


def test_letters_drawn_as_boxes_in_ascii_are_told_as_such(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    data = b"Startbyte der PNM-Datei ist ung++ltig"
    _explain(qtbot, panel, data, lambda: panel.ranges.count() > 0)
    assert panel.repaired.toPlainText() == "Startbyte der PNM-Datei ist ungültig"
    assert "Letters a DOS console showed as box drawing" in panel.steps.text()
    assert _texts(panel.ranges)[0].startswith("0x1F..0x20: box drawing written in ASCII")


def test_a_case_changed_after_the_misreading_is_told_as_such_with_its_guesses(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    data = "RUA JOSÃ© BONIFÃ¡CIO, SÃ£O PAULO".encode()
    _explain(qtbot, panel, data, lambda: panel.ranges.count() > 0)
    assert panel.repaired.toPlainText() == "RUA JOSÉ BONIFÁCIO, SÃO PAULO"
    assert "put in capitals or small letters after it was misread" in panel.steps.text()
    assert "3 letters given back the case" in panel.steps.text()
    first = _texts(panel.ranges)[0]
    assert first.startswith("0x7..0xA: put in capitals after the misreading, guessed É")


def test_letters_lost_before_the_bytes_were_written_are_said_and_listed(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    data = "Xq\ufffdzv un document, lieu: Kora?de".encode()
    panel.explain_range(BytesSource(b"head " + data), 5, 5 + len(data))
    qtbot.waitUntil(lambda: panel.ranges.count() > 0, timeout=10000)
    assert panel.candidates.item(0).text().endswith("fine as it is")
    assert "2 letters were lost before these bytes were written" in panel.steps.text()
    texts = _texts(panel.ranges)
    assert texts == [
        "0x7..0x9: a letter lost before the bytes were written",
        "0x24: a letter lost before the bytes were written",
    ]
    with qtbot.waitSignal(panel.range_chosen) as chosen:
        panel.ranges.itemClicked.emit(panel.ranges.item(1))
    assert chosen.args == [36, 37]


def test_a_repair_held_at_unsure_says_why(qtbot: QtBot, panel: MojibakePanel) -> None:
    data = "Using GBP currency the symbol displays as \u00c2\u00a3".encode()
    _explain(qtbot, panel, data, lambda: panel.candidates.count() > 1)
    # The line says how text shows: the text as it is first, the repair second.
    assert panel.candidates.item(0).text() == " 50%  fine as it is"
    assert panel.candidates.item(1).text().endswith("%  utf-8 read as windows-1252")
    assert (
        "Not sure: the next reading repairs mojibake here, but a line it changes says how "
        "some text shows, so the mojibake is most likely quoted on purpose."
    ) in panel.steps.text()
    assert "fine as they are" not in panel.steps.text()  # not sure, so not said
    panel.candidates.setCurrentRow(1)
    assert (
        "Not sure: a line it changes says how some text shows, so it may quote this "
        "mojibake on purpose."
    ) in panel.steps.text()


def test_what_damage_leaves_where_no_reading_explains_it_is_said_and_listed(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    data = "Ville de Qu\u00c8bec, Xq\u2564zv".encode()
    _explain(qtbot, panel, data, lambda: panel.ranges.count() > 0)
    assert panel.candidates.item(0).text() == " 50%  fine as it is"
    assert (
        "2 places look like damage that no reading explains (a capital after a lower-case "
        "letter; a sign between two letters; see the ranges)"
    ) in panel.steps.text()
    assert "fine as they are" not in panel.steps.text()  # not sure, so not said
    texts = _texts(panel.ranges)
    assert texts == [
        "0xB..0xC: a capital after a lower-case letter, as damage leaves",
        "0x14..0x16: a sign between two letters, as damage leaves",
    ]
    with qtbot.waitSignal(panel.range_chosen) as chosen:
        panel.ranges.itemClicked.emit(panel.ranges.item(1))
    assert chosen.args == [20, 23]


def test_a_word_stripped_of_its_letters_is_listed_with_what_it_may_have_been(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    data = b"Autor: Vclav Novek"
    _explain(qtbot, panel, data, lambda: panel.ranges.count() > 0)
    assert panel.candidates.item(0).text() == " 50%  fine as it is"
    assert _texts(panel.ranges) == [
        "0x7..0xB: may have been V\u00e1clav: a word that lost letters no byte marks",
        "0xD..0x11: may have been Nov\u00e1\u010dek: a word that lost letters no byte marks",
    ]
    panel.resize(520, 420)
    assert panel.grab().save("/tmp/mojibake_panel_stripped.png")


def test_letters_guessed_from_the_words_are_shown_as_guesses(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    data = "Cr\ufffder une nouvelle pr\ufffdsentation".encode()
    panel.explain_range(BytesSource(data), 0, len(data))
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=10000)
    assert panel.candidates.item(0).text().endswith("repaired: letter lost as U+FFFD")
    assert panel.repaired.toPlainText() == "Créer une nouvelle présentation"
    assert "each guessed from the words it completes" in panel.steps.text()
    panel.candidates.setCurrentRow(1)  # fine as it is, told apart from the guesses
    assert panel.candidates.item(1).text().endswith("fine as it is")
    assert (
        "At character 3: U+FFFD '\ufffd' REPLACEMENT CHARACTER here; U+00E9 'é' LATIN SMALL "
        "LETTER E WITH ACUTE if the lost letters are guessed from the words."
    ) in panel.steps.text()
    panel.candidates.setCurrentRow(0)
    texts = _texts(panel.ranges)
    assert texts[-2:] == [
        "0x2..0x4: letter lost as U+FFFD, guessed é (nothing else fits)",
        "0x17..0x19: letter lost as U+FFFD, guessed é (or ä, æ)",
    ]


def test_a_range_that_is_only_a_guess_is_listed_once_with_its_guess(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    # à bientôt, its no-break space turned into a space: the repair touches
    # the bytes of Ã and the space and nothing else, which is the guess.
    data = "Voilà Ã  bientôt".encode()
    _explain(qtbot, panel, data, lambda: panel.ranges.count() > 0)
    assert panel.repaired.toPlainText() == "Voilà à bientôt"
    assert _texts(panel.ranges) == [
        "0x7..0x9: no-break space became space, guessed à (nothing else fits)"
    ]


def test_the_next_reading_is_told_apart_by_characters_and_their_names(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    panel.explain_range(BytesSource(DAMAGED), 0, len(DAMAGED))
    qtbot.waitUntil(lambda: panel.candidates.count() > 1, timeout=10000)
    steps = panel.steps.text()
    assert "At character" in steps and "LATIN SMALL LETTER E WITH ACUTE" in steps
    assert "\\x" not in steps and "'Caf" not in steps  # no Python escapes or reprs


def test_a_long_sample_shows_its_first_characters_and_says_so(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    """32 KiB of one long line would hold the GUI thread while Qt lays it out."""
    data = DAMAGED * 400  # 13,600 bytes, no newline
    panel.explain_range(BytesSource(data), 0, len(data))
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=20000)
    assert panel.repaired.toPlainText().startswith("Le café crème")
    long = "x" * (PREVIEW_CHARS + 10)
    assert preview_text(long).endswith(f"(the first {PREVIEW_CHARS:,} of {len(long):,} characters)")
    assert preview_text("short") == "short"


def test_a_selection_larger_than_32_kib_is_explained_from_where_it_is_interesting(
    qtbot: QtBot, panel: MojibakePanel, tmp_path: Path
) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"ascii only, nothing here\n" * 4000 + DAMAGED + b"\n" + b"tail\n" * 100)
    source = FileSource(path)
    panel.explain_range(source, 0, len(source))
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=20000)
    assert panel.candidates.item(0).text().endswith("utf-8 read as windows-1252")
    assert "explained from" in panel.status.text()
    source.close()


def test_clicking_a_range_selects_its_absolute_bytes_and_holds_the_explanation(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    panel.explain_range(BytesSource(b"head " + DAMAGED), 5, 5 + len(DAMAGED))
    qtbot.waitUntil(lambda: panel.ranges.count() > 0, timeout=10000)
    with qtbot.waitSignal(panel.range_chosen) as chosen:
        panel.ranges.itemClicked.emit(panel.ranges.item(0))
    assert chosen.args == [11, 15]
    assert panel.held == (11, 15)


def test_verify_reads_every_byte_and_says_so_beside_its_button(
    qtbot: QtBot, panel: MojibakePanel, tmp_path: Path
) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes((DAMAGED + b"\n") * 3000)
    source = FileSource(path)
    panel.explain_range(source, 0, 4096)
    qtbot.waitUntil(panel.verify_button.isEnabled, timeout=10000)
    panel.verify_button.click()
    qtbot.waitUntil(
        lambda: panel.verify_result.text().startswith("The repair reads"), timeout=20000
    )
    assert panel.verify_result.text() == "The repair reads all 4,096 bytes with no loss."
    source.close()


def window_on(qtbot: QtBot, path: Path) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(path)
    return window


def panel_of(window: MainWindow) -> MojibakePanel:
    panel = window.mojibake_dock.findChild(MojibakePanel)
    assert isinstance(panel, MojibakePanel)
    return panel


def test_the_window_docks_the_panel_and_explains_the_selection(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "export.csv"
    path.write_bytes(b"id;name\n" + DAMAGED + b"\n")
    window = window_on(qtbot, path)
    window.mojibake_dock.raise_()
    qtbot.waitUntil(window.mojibake_dock.isVisible, timeout=5000)
    panel = panel_of(window)
    window.selection.select_range(8, 8 + len(DAMAGED))
    qtbot.waitUntil(lambda: panel.status.text().startswith("Bytes 0x8"), timeout=10000)
    assert panel.repaired.toPlainText() == "Le café crème, thé à la menthe"
    explained = panel.explained
    panel.ranges.itemClicked.emit(panel.ranges.item(0))
    assert (window.selection.start, window.selection.end) == (14, 18)
    qtbot.wait(3 * 400)
    assert panel.explained is explained  # the click did not throw the explanation away
    window.close()


def test_the_segments_tab_lists_every_damaged_segment_and_a_click_selects_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    mixed = mixed_file(DEV_SEEDS[6])
    path = tmp_path / "mixed.csv"
    path.write_bytes(mixed.data)
    window = window_on(qtbot, path)
    window.mojibake_dock.raise_()
    panel = panel_of(window)
    qtbot.waitUntil(
        lambda: window.segments.map is not None and window.segments.map.complete, timeout=60000
    )
    qtbot.waitUntil(lambda: panel.segment_model.rowCount() > 0, timeout=5000)
    found = window.segments.map
    assert found is not None
    assert panel.segment_model.rowCount() == len(found.damaged())
    assert panel.segment_counts.text() == found.words()
    assert panel.column_counts.text().startswith("Misread values per column: ")
    qtbot.waitUntil(lambda: panel.explained is not None, timeout=20000)
    explained = panel.explained  # the whole file's
    damaged = len(found.damaged())
    qtbot.waitUntil(lambda: "to repair" in panel.steps.text(), timeout=5000)
    assert f"\n\n{damaged:,} segments to repair: see the Segments tab." in panel.steps.text()
    first = panel.segment_model.index(0)
    start, end = panel.segment_model.data(first, 256)
    panel.segment_list.clicked.emit(first)
    assert (window.selection.start, window.selection.end) == (start, end)
    qtbot.wait(3 * 400)
    assert panel.explained is explained  # the click kept the whole-file explanation
    text = panel.segment_model.data(first)
    assert text.startswith(f"0x{start:X}..0x{end - 1:X}")
    window.close()


@pytest.mark.parametrize("size", [(1400, 900), (1024, 700)])
def test_screenshots_of_the_panel_at_the_docks_default_size(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int]
) -> None:
    mixed = mixed_file(DEV_SEEDS[7])
    path = tmp_path / "mixed.csv"
    path.write_bytes(mixed.data)
    window = window_on(qtbot, path)
    window.resize(*size)
    window.mojibake_dock.raise_()
    panel = panel_of(window)
    qtbot.waitUntil(
        lambda: window.segments.map is not None and window.segments.map.complete, timeout=60000
    )
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=20000)
    qtbot.waitUntil(
        lambda: panel.candidates.item(0).text().strip().startswith("segment by"), timeout=20000
    )
    assert panel.export_button.isEnabled()
    qtbot.wait(200)
    assert window.grab().save(f"/tmp/mojibake_panel_{size[0]}x{size[1]}.png")
    panel.tabs.setCurrentIndex(1)
    qtbot.wait(100)
    assert window.grab().save(f"/tmp/mojibake_segments_{size[0]}x{size[1]}.png")
    window.close()


def test_the_panel_behind_the_inspectors_tab_explains_only_once_brought_forward(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # Behind the tab it explained every selection all the same: a child
    # process each time, and the GUI thread's time to fill lists no one
    # could see. The wait for the selection to settle is over at once here.
    path = tmp_path / "export.csv"
    path.write_bytes(b"id;name\n" + DAMAGED + b"\n")
    window = window_on(qtbot, path)
    started: list[str] = []
    window.jobs.jobs_changed.connect(
        lambda: started.extend(h.name for h in window.jobs.active() if h.name == "mojibake")
    )
    with timers.at_once():
        window.selection.select_range(8, 8 + len(DAMAGED))
    panel = panel_of(window)
    assert started == [] and panel.candidates.count() == 0
    window.mojibake_dock.raise_()
    qtbot.waitUntil(lambda: panel.candidates.count() > 0, timeout=10000)
    assert panel.repaired.toPlainText() == "Le café crème, thé à la menthe"
    window.close()


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(DEV_SEEDS), st.integers(min_value=0, max_value=8192))
def test_the_preview_of_the_segment_map_is_the_start_of_its_whole_repair(
    seed: int, length: int
) -> None:
    # The panel previews through the map's first segments only (a large
    # map's whole plan is made for Export and Verify, never per click).
    data = mixed_file(seed).data
    source = BytesSource(data)
    found = SegmentMap(len(data), table_of(source))
    for batch in map_segments(source):
        found.add(batch)
    # What the panel shows: the first bytes, cut after a line end.
    shown = data[: data.rfind(b"\n", 0, length) + 1] if length else shown_bytes(source)
    whole = PlanReading(RepairPlan(tuple(found), found.size))
    expected = whole.incremental_decoder("replace").decode(data, final=True).text
    assert expected.startswith(preview(head_plan(found, len(shown)), shown))


def test_file_names_git_quoted_as_escapes_are_read_back_and_why_unsure_is_said(
    qtbot: QtBot, panel: MojibakePanel
) -> None:
    data = b'"docs/\\344\\270\\255\\346\\226\\207.md"\n"Gr\\303\\266\\303\\237e.txt"\n'
    _explain(qtbot, panel, data, lambda: panel.candidates.count() > 1)
    assert panel.candidates.item(0).text().endswith("utf-8 read as octal-escapes")
    assert panel.repaired.toPlainText() == '"docs/中文.md"\n"Größe.txt"\n'
    steps = panel.steps.text()
    assert "read as octal-escapes: \\344\\270\\255" in steps
    assert "Not sure: code and logs write bytes as these escapes on purpose" in steps
    assert _texts(panel.ranges) == ["0x6..0x1D", "0x26..0x35"]  # the escapes, inclusive
