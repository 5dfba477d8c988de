"""The window's segment map (issue 36): made in a child process as one of
the window's passes once a file opens, it feeds the Summary's counts, the
overview strip's bands and their tooltip; another file forgets it."""

from __future__ import annotations

from pathlib import Path

from helpers.mixed_files import DEV_SEEDS, mixed_file
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from mojiscope.app.model.segment_bands import readings, segment_bands
from mojiscope.app.panels.overview import BAND_WIDTH
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core import BytesSource
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.mojibake.segments import map_segments, table_of


def mapped(qtbot: QtBot, window: MainWindow, data: bytes, path: Path) -> SegmentMap:
    path.write_bytes(data)
    assert window.open_path(path)
    keeper = window.segments
    qtbot.waitUntil(lambda: keeper.map is not None and keeper.map.complete, timeout=60_000)
    assert keeper.map is not None
    return keeper.map


def test_the_map_is_the_one_the_core_makes_and_the_summary_counts_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    data = mixed_file(DEV_SEEDS[5]).data
    found = mapped(qtbot, window, data, tmp_path / "mixed.csv")
    source = BytesSource(data)
    expected = SegmentMap(len(data), table_of(source))
    for batch in map_segments(source):
        expected.add(batch)
    assert [(s.start, s.end, s.kind) for s in found] == [(s.start, s.end, s.kind) for s in expected]
    words = window.summary_panel.segment_words
    qtbot.waitUntil(words.isVisible, timeout=5_000)
    assert words.text() == f"Segments: {expected.words()}."
    assert "read as windows-1252 once" in words.text()


def test_the_strip_draws_a_band_per_reading_and_names_it_under_the_pointer(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    fine = "déjà vu, tout est bien\n".encode() * 2000
    once = "Le café crème\n".encode().decode("cp1252").encode() * 50
    found = mapped(qtbot, window, fine + once + fine, tmp_path / "half.txt")
    strip = window.overview
    strip.marks_changed()
    strip.repaint()
    bands = segment_bands(found, strip.height(), len(fine + once + fine))
    assert len(bands) == 1
    (band,) = bands
    middle = int((band.top + band.bottom) / 2)
    picture = strip.grab().toImage()
    colour = QColor(readings(found)[band.key].colour)
    assert picture.pixelColor(BAND_WIDTH // 2, middle) == colour
    assert picture.pixelColor(BAND_WIDTH // 2, 2) != colour  # fine bytes: no band
    assert "segments: 1 read as windows-1252 once" in strip.tooltip_at(middle)


def test_another_file_forgets_the_map_and_its_counts(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    mapped(qtbot, window, mixed_file(DEV_SEEDS[5]).data, tmp_path / "mixed.csv")
    fine = tmp_path / "fine.txt"
    fine.write_bytes("rien à réparer\n".encode())
    assert window.open_path(fine)
    assert window.segments.map is None or window.segments.map.size == fine.stat().st_size
    assert not window.summary_panel.segment_words.isVisible()


def test_a_fine_file_of_several_chunks_is_mapped_as_one_fine_segment(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    row = "1,José,Málaga,café crème\n".encode()
    data = row * ((9 << 20) // len(row))  # over two 4 MiB chunks, each one fine segment
    found = mapped(qtbot, window, data, tmp_path / "fine.csv")
    assert [(s.start, s.end, s.kind.value) for s in found] == [(0, len(data), "fine")]
    words = window.summary_panel.segment_words
    qtbot.waitUntil(words.isVisible, timeout=5_000)
    assert words.text() == f"Segments: {len(data) // len(row):,} fine."
