"""``mojiscope A B C`` (a desktop entry's %F) opens each file in its own window."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

from mojiscope.app.main import open_more_windows


def test_each_further_file_gets_its_own_window(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    paths = []
    for name, data in (("b.txt", b"bee"), ("c.txt", b"sea\xff")):
        paths.append(tmp_path / name)
        paths[-1].write_bytes(data)
    args = Namespace(
        file=str(tmp_path / "a.txt"),
        more_files=[str(p) for p in paths],
        select="1:2",
        formats=["cp1252"],
        screenshot=None,
    )
    windows = open_more_windows(args)
    for window in windows:
        qtbot.addWidget(window)
    assert [w.document.path for w in windows if w.document] == paths
    assert all(w.isVisible() for w in windows)
    assert [w.shown.keys for w in windows] == [["cp1252"], ["cp1252"]]
    assert [(w.selection.start, w.selection.end) for w in windows] == [(1, 2), (1, 2)]


def test_no_further_files_no_further_windows() -> None:
    assert open_more_windows(Namespace(file=None, more_files=[])) == []
