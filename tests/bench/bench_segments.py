# ruff: noqa: E501 - a report's lines read best whole
"""The segment map's figures (issue 36): a large mixed CSV against CPython's
own UTF-8 decode of it in the same run, its memory, the window's event loop
while the window makes it, and ``mojibake --fix`` on 60-line mixed files.

Run: ``.venv/bin/python tests/bench/bench_segments.py [--mb 1024] [--damaged 0.01] [--seeds 10]``.

* **Speed**: a CSV of ``--mb`` MiB (the header of the held-out mixed files,
  then their lines drawn at random: a share ``--damaged`` of lines misread
  once, twice, by field, in a code page or lossy, the rest fine), written once
  to a temporary folder; ratio = CPython's chunked ``decode("utf-8",
  "replace")`` of it (4 MiB chunks) / the segment map of it in a process of its
  own (``map_segments`` over a ``FileSource`` that releases what it read,
  every batch taken into one
  :class:`~mojiscope.core.mojibake.segment_map.SegmentMap`, as the window's
  child and the window do between them; a file of 32 MiB or more is mapped
  by a pool of worker processes, one per core up to two, started within the time),
  the process's own start-up not counted.
* **Memory**: that process's peak resident set (``ru_maxrss``: the map and
  the reading together), the most it and its workers held together (their
  proportional set sizes summed, pages they share counted once, sampled
  every 50 ms), and the bytes of the map's arrays.
* **Event loop**: the window opens the file; a 5 ms timer records the
  longest gap between its ticks while the window's segment map is being
  made (the index and the summary run as the window's other passes).
* **Repairs**: ``mojiscope mojibake FILE --fix --errors replace`` (a real
  process) on the 60-line mixed files of ``--seeds`` **held-out** seeds
  (``tests/helpers/mixed_files.py``, never used for choosing anything):
  lines left wrong, per kind.

Prints the figures and ``/proc/loadavg``; asserts nothing (figures are
measured, never asserted, in this project).
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers.mixed_files import HELDOUT_SEEDS, mixed_file

CHUNK = 4 << 20


def write_csv(path: Path, mib: int, damaged: float) -> None:
    fine: list[bytes] = []
    bad: list[bytes] = []
    for seed in HELDOUT_SEEDS[:50]:
        mixed = mixed_file(seed)
        for line in mixed.lines[1:]:
            (fine if line.kind == "fine" else bad).append(mixed.data[line.start : line.end])
    rng = random.Random(36)
    target = mib << 20
    with path.open("wb") as out:
        out.write(mixed_file(HELDOUT_SEEDS[0]).lines[0].original)
        written = 0
        while written < target:
            block = b"".join(
                rng.choice(bad) if rng.random() < damaged else rng.choice(fine) for _ in range(4096)
            )
            out.write(block)
            written += len(block)


def cpython_decode(path: Path) -> float:
    started = time.perf_counter()
    with path.open("rb") as file:
        decoder = __import__("codecs").getincrementaldecoder("utf-8")("replace")
        while chunk := file.read(CHUNK):
            decoder.decode(chunk)
        decoder.decode(b"", final=True)
    return time.perf_counter() - started


MAPPER = """
import os, resource, sys, threading, time
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.mojibake.segments import map_segments, table_of
from mojiscope.core.system.source import FileSource

def tree(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            kids = [int(k) for k in f.read().split()]
    except OSError:
        return [pid]
    return [pid] + [p for k in kids for p in tree(k)]

def pss(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            return next(int(l.split()[1]) * 1024 for l in f if l.startswith("Pss:"))
    except (OSError, StopIteration):
        return 0

peak = [0]
running = [True]
def watch():
    while running[0]:
        peak[0] = max(peak[0], sum(pss(p) for p in tree(os.getpid())))
        time.sleep(0.05)
threading.Thread(target=watch, daemon=True).start()
started = time.perf_counter()
with FileSource(sys.argv[1]) as source:
    found = SegmentMap(len(source), table_of(source))
    for batch in map_segments(source):
        found.add(batch)
        source.release(0, batch.done)
took = time.perf_counter() - started
running[0] = False
kept = sum(a.nbytes for a in found.arrays().values())
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(took, own, peak[0], kept)
print(found.words())
"""


def segment_map(path: Path) -> tuple[float, int, int, int, str]:
    """The map made in a process of its own, as the window's child makes it
    (every batch taken into one map, a file of 32 MiB or more by a pool of
    worker processes, one per core up to two): seconds, peak RSS of the process and
    the most its processes held together (proportional set sizes summed,
    sampled every 50 ms), the map's
    bytes, its words."""
    done = subprocess.run(
        [sys.executable, "-c", MAPPER, str(path)], check=True, capture_output=True, text=True
    )
    numbers, words = done.stdout.splitlines()[:2]
    took, maxrss, together, kept = numbers.split()
    return float(took), int(maxrss), int(together), int(kept), words


def event_loop(path: Path) -> tuple[float, float]:
    """The longest gap (ms) between 5 ms ticks while the window maps ``path``, and how long that took."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from mojiscope.app.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    window.mojibake_dock.raise_()
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        if window.segments.running:
            gaps.append((now - last[0]) * 1000)
        last[0] = now

    timer = QTimer(interval=5)
    timer.timeout.connect(tick)
    timer.start()
    window.open_path(path)
    started = time.perf_counter()
    while not (window.segments.map is not None and window.segments.map.complete):
        app.processEvents()
        time.sleep(0.001)
        if time.perf_counter() - started > 3600:
            break
    took = time.perf_counter() - started
    timer.stop()
    window.close()
    return (max(gaps) if gaps else 0.0), took


def repairs(count: int) -> None:
    wrong_total = 0
    kinds: collections.Counter[str] = collections.Counter()
    wrong_kinds: collections.Counter[str] = collections.Counter()
    with tempfile.TemporaryDirectory() as folder:
        for seed in HELDOUT_SEEDS[:count]:
            mixed = mixed_file(seed)
            source, out = Path(folder, "m.csv"), Path(folder, "o.csv")
            source.write_bytes(mixed.data)
            command = [
                sys.executable,
                "-m",
                "mojiscope",
                "mojibake",
                str(source),
                "--fix",
                "-o",
                str(out),
                "--errors",
                "replace",
            ]
            subprocess.run(command, check=True, capture_output=True)
            got = out.read_bytes().splitlines(keepends=True)
            for line, fixed in zip(mixed.lines, got, strict=True):
                kinds[line.kind] += 1
                if fixed != line.original:
                    wrong_total += 1
                    wrong_kinds[line.kind] += 1
    seeds = f"{HELDOUT_SEEDS[0]}..{HELDOUT_SEEDS[count - 1]}"
    print(
        f"mojibake --fix on {count} held-out 60-line files (seeds {seeds}): {wrong_total} lines of {sum(kinds.values())} left wrong; by kind {dict(wrong_kinds)} of {dict(kinds)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=int, default=1024)
    parser.add_argument("--damaged", type=float, default=0.01)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--no-window", action="store_true")
    args = parser.parse_args()
    repairs(args.seeds)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "large.csv")
        write_csv(path, args.mb, args.damaged)
        size = path.stat().st_size
        decode = cpython_decode(path)
        took, maxrss, together, kept, words = segment_map(path)
        print(
            f"file: {size / (1 << 20):,.0f} MiB, {args.damaged:.0%} of lines damaged; segments: {words}"
        )
        print(
            f"CPython UTF-8 decode: {decode:.2f} s ({size / decode / 1e6:,.0f} MB/s); segment map: {took:.2f} s ({size / took / 1e6:,.1f} MB/s); ratio {decode / took:.3f}x"
        )
        print(
            f"memory: the mapping process's peak RSS {maxrss / (1 << 20):,.0f} MiB, with its workers {together / (1 << 20):,.0f} MiB at most; the map's arrays {kept / (1 << 20):,.1f} MiB"
        )
        if not args.no_window:
            gap, window_took = event_loop(path)
            print(
                f"window: longest event-loop gap while mapping {gap:.1f} ms (the map took {window_took:.1f} s there)"
            )
    print("load:", Path("/proc/loadavg").read_text().strip())


if __name__ == "__main__":
    main()
