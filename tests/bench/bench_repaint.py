"""Grid repaint after a jump, and open time, on a 1 GB file. Not a test.

    QT_QPA_PLATFORM=offscreen python tests/bench/bench_repaint.py [--jumps 200] [--size-mb 1024]

Builds a sparse file (``truncate``: costs no disk) of ``--size-mb`` MiB in a
temporary folder, and a 16 MiB file of mixed text with anomalies and random
bytes, opens each in the real main window (1400x900, the default formats) and
for ``--jumps`` random offsets moves the cursor there and times one
synchronous repaint of the grid viewport (hex plus every decoded column):
the first repaint after a jump pays for decoding the new windows, laying
out the rows and painting them; a second repaint shows the cost with the
layout and the painted row strips kept (see ``app/grid/row_strips.py``).
``bench_keys.py`` times each navigation key to the end of the whole window's
paint. Also
times opening a 1 KB file against the large one, both as
``Document.open_file`` alone and as the window's ``open_path`` plus its first
repaint. Prints median and 95th percentile in milliseconds; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QSettings
from PySide6.QtWidgets import QApplication

from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow

FRAME_MS = 1000 / 60


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(label: str, values: list[float]) -> None:
    median = statistics.median(values)
    p95 = percentile(values, 0.95)
    flag = "" if p95 < FRAME_MS else f"   (over one {FRAME_MS:.1f} ms frame)"
    worst = max(values)
    print(f"  {label:46s} median {median:7.2f} ms   p95 {p95:7.2f} ms   max {worst:7.2f} ms{flag}")


def timed_ms(action: Callable[[], object]) -> float:
    timer = QElapsedTimer()
    timer.start()
    action()
    return timer.nsecsElapsed() / 1e6


def make_files(folder: Path, size_mb: int) -> tuple[Path, Path, Path]:
    small = folder / "small.bin"
    small.write_bytes(("Grüße, мир! " * 100).encode()[:1024])
    sparse = folder / "sparse.bin"
    with open(sparse, "wb") as f:
        f.truncate(size_mb << 20)
    mixed = folder / "mixed.bin"
    rng = random.Random(7)
    text = "Καλημέρα κόσμε, привет мир, café naïve, 日本語 \U0001d518 ".encode()
    pieces: list[bytes] = []
    total = 0
    while total < 16 << 20:
        noise = rng.randbytes(rng.randrange(1, 400))
        pieces += [text * 6, noise]
        total += 6 * len(text) + len(noise)
    with open(mixed, "wb") as f:
        f.write(b"".join(pieces)[: 16 << 20])
    return small, sparse, mixed


def bench_open(window: MainWindow, small: Path, large: Path, repeat: int = 5) -> None:
    print(f"Open (best of {repeat}):")
    for label, path in (("1 KB", small), (f"{large.stat().st_size >> 20} MiB sparse", large)):
        alone = min(timed_ms(lambda p=path: Document.open_file(p).close()) for _ in range(repeat))
        in_window = min(
            timed_ms(lambda p=path: (window.open_path(p), window.grid.viewport().repaint()))
            for _ in range(repeat)
        )
        print(
            f"  {label:16s} Document.open_file {alone:7.2f} ms   "
            f"window open + first paint {in_window:7.2f} ms"
        )


def bench_jumps(app: QApplication, window: MainWindow, path: Path, jumps: int, seed: int) -> None:
    """Grid alone: scroll to a random row (no selection change, so no other
    view decodes first) and repaint; then the whole window after a cursor jump."""
    window.open_path(path)
    app.processEvents()
    grid = window.grid
    size = path.stat().st_size
    rng = random.Random(seed)
    first: list[float] = []
    cached: list[float] = []
    for _ in range(jumps):
        grid.scroll_to_row(rng.randrange(size) // grid.bytes_per_row)
        first.append(timed_ms(grid.viewport().repaint))
        cached.append(timed_ms(grid.viewport().repaint))
    whole: list[float] = []
    for _ in range(max(jumps // 4, 1)):
        offset = rng.randrange(size)
        whole.append(
            timed_ms(lambda o=offset: (window.selection.move_cursor(o), app.processEvents()))
        )
    held = window.document.cached_windows() if window.document else {}
    print(
        f"{path.name} ({size >> 20} MiB), {len(window.shown.keys)} formats "
        f"({', '.join(window.shown.keys)}), {grid.bytes_per_row} bytes/row, "
        f"{grid.visible_rows()} rows visible; windows held after: "
        f"{sum(len(v) for v in held.values())} ({max(len(v) for v in held.values())} per format):"
    )
    report(f"grid repaint after a jump ({jumps}x, decode+layout)", first)
    report("grid repaint again (layout, strips kept)", cached)
    report(f"cursor jump, whole window updated ({len(whole)}x)", whole)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jumps", type=int, default=200)
    parser.add_argument("--size-mb", type=int, default=1024)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        settings_dir = folder / "settings"
        settings_dir.mkdir()
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(settings_dir))
        small, sparse, mixed = make_files(folder, args.size_mb)
        window = MainWindow()
        window.resize(1400, 900)
        window.show()
        app.processEvents()
        bench_open(window, small, sparse)
        bench_jumps(app, window, sparse, args.jumps, args.seed)
        bench_jumps(app, window, mixed, args.jumps, args.seed)
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
