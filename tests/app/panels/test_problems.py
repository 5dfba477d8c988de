"""The Problems list as the index grows: rows inserted, never a reset that
would lose the user's place, and a reset when regions go."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from mojiscope.app.panels.problems import Region, RegionList
from mojiscope.app.panels.problems import regions_of as rows_of
from mojiscope.app.window import timers
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core import BytesSource, get_format
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.index.scan import ChunkCounts, count_chunk

CHUNK = 4096


def damaged_chunks(every: int = 3, chunks: int = 30) -> tuple[FileIndex, BytesSource]:
    """An index of ``chunks`` chunks with an invalid byte in every ``every``-th."""
    data = bytearray(b"a" * (chunks * CHUNK))
    for k in range(0, chunks, every):
        data[k * CHUNK + 7] = 0xFF
    fmt = get_format("utf-8")
    return FileIndex(fmt, len(data), chunk_size=CHUNK), BytesSource(bytes(data))


def regions_of(index: FileIndex) -> list[Region]:
    return rows_of(index.chunks)


def listed_whole() -> tuple[FileIndex, RegionList]:
    """The index of :func:`damaged_chunks` counted whole, and a list of its regions."""
    index, source = damaged_chunks()
    model = RegionList()
    for k in range(len(index.chunks)):
        index.add(count_chunk(index.format, source, *index.chunk_range(k)))
    model.set_regions(regions_of(index))
    return index, model


def open_indexed(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> FileIndex:
    """Open a 2 MB text with ten invalid bytes 200 KB apart in the window, shown
    as utf-8, and wait for its index: the index, complete."""
    data = bytearray(b"the quick brown fox\n" * 100_000)
    for at in range(50_000, len(data), 200_000):
        data[at] = 0xFF
    path = tmp_path / "damaged.txt"
    path.write_bytes(bytes(data))
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(path)
    keeper = window.indexes

    def indexed() -> bool:
        index = keeper.current_index()
        return index is not None and index.complete and not keeper.running()

    qtbot.waitUntil(indexed, timeout=30_000)
    return keeper.indexes["utf-8"]


def test_regions_found_later_are_inserted_in_order_without_a_reset(
    qtbot: QtBot, qtmodeltester
) -> None:  # type: ignore[no-untyped-def]
    index, source = damaged_chunks()
    model = RegionList()
    qtmodeltester.check(model)
    resets: list[bool] = []
    inserted: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    for k in (12, 27, 0):  # a pool finishes chunks in any order
        index.add(count_chunk(index.format, source, *index.chunk_range(k)))
        model.set_regions(regions_of(index))
    for k in range(len(index.chunks)):
        if index.chunks[k] is None:
            index.add(count_chunk(index.format, source, *index.chunk_range(k)))
    model.set_regions(regions_of(index))
    assert resets == []
    assert inserted[:3] == [(0, 0), (1, 1), (0, 0)]  # 12; 27 after it; 0 before both
    assert [r.counts.start for r in model.regions] == [k * CHUNK for k in range(0, 30, 3)]
    assert model.total == 10  # one invalid byte per region, added up as rows came
    qtmodeltester.check(model)


def test_a_region_whose_counts_changed_is_updated_in_place(qtbot: QtBot) -> None:
    _, model = listed_whole()
    updated = list(model.regions)
    was = updated[2].counts
    updated[2] = Region(ChunkCounts(was.start, was.end, {(1, 1): 5}, was.first))
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom: changed.append(top.row()))
    model.set_regions(updated)
    assert changed == [2]
    assert model.regions[2].counts.counts == {(1, 1): 5}
    assert model.total == 9 + 5


def test_regions_that_go_reset_the_list(qtbot: QtBot) -> None:
    index, model = listed_whole()
    with qtbot.waitSignal(model.modelReset, timeout=1000):
        model.set_regions(regions_of(index)[3:])
    assert model.rowCount() == 7


def test_the_users_current_row_stays_while_the_index_grows(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    full = open_indexed(qtbot, window, tmp_path)
    panel, keeper = window.problems, window.indexes
    partial = FileIndex(full.format, full.size, full.chunk_size)
    for counts in full.chunks[::2]:  # the same file, half indexed
        if counts is not None:
            partial.add(counts)
    keeper.indexes["utf-8"] = partial
    panel.refresh()
    assert 0 < panel.regions.rowCount() < 10
    chosen = panel.regions.regions[-1].counts.start
    panel.list.selectionModel().setCurrentIndex(
        panel.regions.index(panel.regions.rowCount() - 1),
        QItemSelectionModel.SelectionFlag.ClearAndSelect,
    )
    keeper.indexes["utf-8"] = full  # the rest of the regions arrive
    panel.refresh()
    assert panel.regions.rowCount() == 10
    current = panel.list.currentIndex()
    assert current.isValid() and panel.regions.regions[current.row()].counts.start == chosen
    assert panel.list.selectionModel().isSelected(current)


def test_a_list_not_shown_is_refreshed_when_it_shows_and_only_for_the_current_format(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """While six formats index, the list behind its tab refreshed several times
    a second, for every format's growth. The wait that gathers a burst of
    growth is over at once here."""
    window.show()
    full = open_indexed(qtbot, window, tmp_path)
    panel, keeper = window.problems, window.indexes
    window.findChild(QDockWidget, "dock-inspector").raise_()
    qtbot.waitUntil(lambda: panel.visibleRegion().isEmpty())  # behind the Inspector's tab
    keeper.indexes["utf-8"] = FileIndex(full.format, full.size, full.chunk_size)
    panel.refresh()
    assert panel.regions.rowCount() == 0
    keeper.indexes["utf-8"] = full
    with timers.at_once():
        keeper.changed.emit("cp1252")  # not the current format: nothing to do
        keeper.changed.emit("utf-8")
    assert panel.regions.rowCount() == 0  # not shown: not refreshed yet
    window.findChild(QDockWidget, "dock-problems").raise_()  # its tab, clicked
    qtbot.waitUntil(lambda: not panel.visibleRegion().isEmpty())
    assert panel.regions.rowCount() == 10  # refreshed as it showed


def test_each_row_names_its_regions_first_anomaly_at_its_exact_offset(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Rows once showed the start of their index chunk (0x00480000 for an
    anomaly at 0x4A011A); they name the anomaly itself, and a click goes there."""
    full = open_indexed(qtbot, window, tmp_path)
    panel = window.problems
    panel.refresh()
    damaged = list(range(50_000, 2_000_000, 200_000))
    rows = [panel.regions.index(row) for row in range(panel.regions.rowCount())]
    texts = [str(row.data()) for row in rows]
    assert [text.split()[0] for text in texts] == [f"0x{at:08X}" for at in damaged]
    assert all(at % full.chunk_size for at in damaged)  # not where a chunk starts
    assert all(text.endswith("1 invalid (1 invalid-byte)") for text in texts)
    chunk_start = damaged[3] - damaged[3] % full.chunk_size
    tip = str(rows[3].data(Qt.ItemDataRole.ToolTipRole))
    chunk_end = chunk_start + full.chunk_size
    assert tip == (
        f"An anomaly at 0x{damaged[3]:X}, in the index chunk 0x{chunk_start:X}..0x{chunk_end:X}"
    )
    panel.list.scrollTo(rows[3])
    qtbot.mouseClick(
        panel.list.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.list.visualRect(rows[3]).center(),
    )
    assert (window.selection.start, window.selection.end) == (damaged[3], damaged[3] + 1)


def test_a_region_of_several_anomalies_names_its_first_and_tells_its_last(qtbot: QtBot) -> None:
    data = bytearray(b"a" * (3 * CHUNK))
    for at in (CHUNK + 100, CHUNK + 300, CHUNK + 2000):
        data[at] = 0xFF
    fmt = get_format("utf-8")
    index, source = FileIndex(fmt, len(data), chunk_size=CHUNK), BytesSource(bytes(data))
    for k in range(len(index.chunks)):
        index.add(count_chunk(fmt, source, *index.chunk_range(k)))
    model = RegionList()
    model.set_regions(regions_of(index))
    row = model.index(0)
    assert model.rowCount() == 1
    assert row.data() == f"0x{CHUNK + 100:08X}  3 invalid (3 invalid-byte)"
    assert row.data(Qt.ItemDataRole.ToolTipRole) == (
        f"Anomalies from 0x{CHUNK + 100:X} to 0x{CHUNK + 2000:X}, "
        f"in the index chunk 0x{CHUNK:X}..0x{2 * CHUNK:X}"
    )
    assert row.data(Qt.ItemDataRole.UserRole) == CHUNK + 100
