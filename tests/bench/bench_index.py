"""Whole-file indexing speed, memory and event-loop stalls, as ratios in one run.

    python tests/bench/bench_index.py [--mb 1024] [--formats utf-8,wtf-8,...]
                                      [--random-mb 64] [--gui-mb 4096] [--skip-gui]
    python tests/bench/bench_index.py --gui-only [--helpers-memory] [--gui-mb 4096]

1. Speed. A text file of ``--mb`` MB with one invalid byte every 1 MiB (and
   ``--random-mb`` MB of random bytes) is written to a temporary folder; per
   format, ``build_index`` on every core (as ``inspect --summary`` runs it),
   ``build_index`` on every core but one (as the window runs it, leaving a
   core to itself: :func:`~mojiscope.app.background.file_passes.window_workers`), and
   ``mojiscope inspect --summary -f ID`` (a real subprocess) are timed
   against CPython's single-threaded chunked ``decode('utf-8', 'replace')``
   of the same file in 4 MiB chunks::

       ratio = CPython's time / our time     (>= 1.0: at least as fast)

2. The window (unless ``--skip-gui``): a sparse file of ``--gui-mb`` MB with
   a few damaged bytes is opened in the real window (offscreen); the index
   of the current format runs while a 1 ms QTimer measures the longest gap
   between its ticks (an event-loop stall) and the GUI thread's own CPU time
   within each gap (the rest of a gap is waiting: for a core on a loaded
   machine, or for the interpreter lock). The first gap holds the open
   itself (the first screen laid out and painted: a fresh screen's cost, as a
   Go to's) and is printed apart too, with the gaps after it. The file is
   new for each run, so the workers read pages never cached. Afterwards F8
   (Next Anomaly) to an anomaly about three quarters of the file away is
   timed (from the key to the end of the repaint), right after the cursor
   moved and again after the user rested 300 ms there (the window prepares
   that screen meanwhile), and the process's peak memory above the empty
   window is printed. The most its helper processes held together is
   measured in a second run of the window (``--helpers-memory``), sampled
   every 200 ms by a process of its own: reading a process's
   proportional set size (``/proc/PID/smaps_rollup``) walks its page
   tables in the kernel, which on a kernel without preemption keeps a core
   for the while, and the event loop stalled 18-22 ms in runs that sampled
   (4-5 ms without).

Not a test: nothing is asserted. The machine may be shared: report ratios
and say under what load they were taken.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from mojiscope.app.background.file_passes import window_workers
from mojiscope.core import FileSource, get_format
from mojiscope.core.index.file_index import build_index

CHUNK = 4 << 20
UTF8_FAMILY = ("utf-8", "utf-8b", "wtf-8", "xtf-8")


def write_text(path: Path, mb: int) -> None:
    line = "the quick brown fox jumps over the lazy dog, café naïve résumé 你好\n".encode()
    block = bytearray(line * ((1 << 20) // len(line) + 1))[: 1 << 20]
    block[len(block) // 2] = 0xFF  # one invalid byte per MiB
    with path.open("wb") as f:
        for _ in range(mb):
            f.write(block)


def write_random(path: Path, mb: int) -> None:
    with path.open("wb") as f:
        for _ in range(mb):
            f.write(os.urandom(1 << 20))


def cache(path: Path) -> None:
    """Read the file through once, untimed, so that the timed run after it
    finds all of it cached: an index lets each chunk's pages go once counted
    (files from ``RELEASE_MIN``), so the run after one would otherwise read
    from the disk what the run before another found cached."""
    with path.open("rb") as f:
        while f.read(CHUNK):
            pass


def cpython_time(path: Path) -> float:
    cache(path)
    start = time.perf_counter()
    with path.open("rb") as f:
        decoder = __import__("codecs").getincrementaldecoder("utf-8")("replace")
        while chunk := f.read(CHUNK):
            decoder.decode(chunk)
        decoder.decode(b"", True)
    return time.perf_counter() - start


def index_time(path: Path, fid: str, workers: int | None = None) -> float:
    cache(path)
    start = time.perf_counter()
    with FileSource(path) as source:
        build_index(get_format(fid), source, workers=workers)
    return time.perf_counter() - start


#: The command runs as installed: with its bytecode cached (a session with
#: PYTHONDONTWRITEBYTECODE would recompile every module at each start).
SUMMARY_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def summary_time(path: Path, fid: str) -> float:
    command = [sys.executable, "-m", "mojiscope", "inspect", "--summary", str(path)]
    cache(path)
    start = time.perf_counter()
    subprocess.run(
        [*command, "-f", fid, "--json"], check=True, capture_output=True, env=SUMMARY_ENV
    )
    return time.perf_counter() - start


def warm_up(path: Path) -> None:
    """One untimed run, so that the timed ones find their bytecode cached."""
    summary_time(path, "utf-8")


def speed(path: Path, label: str, formats: list[str]) -> None:
    warm_up(path)
    base = cpython_time(path)
    mb = path.stat().st_size / 1e6
    print(f"\n{label}: {mb:,.0f} MB; CPython chunked decode('utf-8','replace') {base:.2f} s")
    window = window_workers()
    print(
        f"{'format':<18}{'index s':>9}{'ratio':>7}{f'window ({window}) s':>16}{'ratio':>7}"
        f"{'summary s':>11}{'ratio':>7}"
    )
    for fid in formats:
        ours = index_time(path, fid)
        base = cpython_time(path)  # again, beside it: the load changes
        windows = index_time(path, fid, window)
        whole = summary_time(path, fid)
        print(
            f"{fid:<18}{ours:>9.2f}{base / ours:>7.2f}{windows:>16.2f}{base / windows:>7.2f}"
            f"{whole:>11.2f}{base / whole:>7.2f}"
        )


def descendants_pss_mb(root: int, leave_out: int) -> float:
    """Memory of every live process descended from ``root`` but
    ``leave_out`` (and its own descendants), in all: their proportional set
    sizes (Linux /proc; 0 elsewhere)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
    ours, grown = {root}, True
    while grown:
        found = {pid for pid, parent in parents.items() if parent in ours} - ours - {leave_out}
        ours |= found
        grown = bool(found)
    kib = 0
    for pid in ours - {root}:
        try:  # proportional: pages the forkserver shares with its children count once
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
            kib += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
        except (OSError, ValueError, IndexError, StopIteration):
            continue
    return kib / 1024


def watch_helpers(root: int) -> None:
    """``--watch-helpers PID``: sample the memory of ``PID``'s other
    descendants every 200 ms, at idle priority (this process is one of
    them: it leaves itself out), until standard input closes; then print
    the most they held together, in MB. Says ``sampling`` once it does."""
    os.nice(19)
    if hasattr(os, "sched_setscheduler"):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    closed = threading.Event()

    def wait_for_the_end() -> None:
        sys.stdin.read()
        closed.set()

    threading.Thread(target=wait_for_the_end, daemon=True).start()
    peak = 0.0
    print("sampling", flush=True)
    while not closed.wait(0.2):
        peak = max(peak, descendants_pss_mb(root, os.getpid()))
    print(f"{peak:.1f}")


def start_helper_sampler() -> subprocess.Popen[str]:
    """:func:`watch_helpers` of this process, in a process of its own, sampling."""
    watcher = subprocess.Popen(
        [sys.executable, __file__, "--watch-helpers", str(os.getpid())],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    if watcher.stdout is None or watcher.stdout.readline() != "sampling\n":
        raise RuntimeError("the helper-memory sampler did not start")
    return watcher


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def gui(folder: Path, mb: int, helpers_memory: bool = False) -> None:
    """Open the sparse file in the window and measure it, as the module
    says; with ``helpers_memory``, only the helpers' memory while indexing."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bench_keys import run_event_loop  # a sibling script: its folder is on the path
    from PySide6.QtCore import QElapsedTimer, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from mojiscope.app.window.main_window import MainWindow

    path = folder / "sparse.bin"
    size = mb << 20
    with path.open("wb") as f:
        f.truncate(size)
        for frac in (0.05, 0.75):
            f.seek(int(size * frac))
            f.write(b"\xff")
    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    window.set_formats(["utf-8"], persist=False)
    app.processEvents()
    empty = peak_rss_mb()
    clock = QElapsedTimer()
    gaps: list[int] = []
    timer = QTimer()
    timer.setInterval(1)
    when: list[float] = []
    cpu: list[float] = []  # the GUI thread's CPU ms within each gap
    last_cpu = [time.thread_time()]

    def tick() -> None:
        gaps.append(clock.restart())
        when.append(time.perf_counter())
        now = time.thread_time()
        cpu.append((now - last_cpu[0]) * 1000)
        last_cpu[0] = now

    watcher = start_helper_sampler() if helpers_memory else None
    timer.timeout.connect(tick)
    clock.start()
    timer.start()
    idle_until = time.perf_counter() + 5
    while time.perf_counter() < idle_until:  # the same timer, nothing running: the floor
        app.processEvents()
        time.sleep(0.001)
    idle = sorted(gaps)
    gaps.clear()
    when.clear()
    cpu.clear()
    last_cpu[0] = time.thread_time()
    clock.restart()
    started = time.perf_counter()
    window.open_path(path)
    while window.indexes.running() or window.indexes.current_index() is None:
        app.processEvents()
        time.sleep(0.001)
        if time.perf_counter() - started > 1800:
            break
    timer.stop()
    took = time.perf_counter() - started
    if watcher is not None:
        print(
            f"\nwindow: the helper processes (forkserver, index and summary children) while "
            f"it indexed {mb:,} MB, together, at most: {float(watcher.communicate()[0]):.0f} MB"
        )
        window.close()
        return
    window.grid.setFocus()

    def next_anomaly_ms(rest_ms: int) -> float:
        window.grid.decodings_changed()  # forget every row painted and text built so far
        window.text_view.decodings_changed()
        window.selection.move_cursor(int(size * 0.05) + 1)
        app.processEvents()
        run_event_loop(rest_ms)  # not QTest.qWait: it holds the interpreter lock while it waits
        start = time.perf_counter()
        QTest.keyClick(window.grid, Qt.Key.Key_F8)  # Next Anomaly
        app.processEvents()
        return (time.perf_counter() - start) * 1000

    f3_cold, f3 = next_anomaly_ms(0), next_anomaly_ms(300)
    print(f"\nwindow: sparse {mb:,} MB file, utf-8 index in {took:.1f} s (the summary still runs)")
    p99 = sorted(gaps)[int(len(gaps) * 0.99)] if gaps else 0
    worst = sorted(zip(gaps, when, cpu, strict=True), reverse=True)[:5]
    print(
        "  the five longest gaps (ms, ending at s after the open began; GUI-thread CPU ms): "
        + ", ".join(f"{gap} at {at - started:.2f} (cpu {used:.1f})" for gap, at, used in worst)
    )
    busiest = sorted(zip(cpu, when, gaps, strict=True), reverse=True)[:5]
    print(
        "  the five gaps with the most GUI-thread CPU (cpu ms at s; gap ms): "
        + ", ".join(f"{used:.1f} at {at - started:.2f} ({gap})" for used, at, gap in busiest)
    )
    cpu99 = sorted(cpu)[int(len(cpu) * 0.99)] if cpu else 0.0
    idle99 = idle[int(len(idle) * 0.99)] if idle else 0
    print(
        f"  the same timer over 5 s before opening, nothing running: longest gap "
        f"{max(idle, default=0)} ms, 99th percentile {idle99} ms (the machine's load)"
    )
    print(
        f"  longest event-loop gap while indexing: {max(gaps, default=0)} ms "
        f"({len(gaps):,} ticks; 99th percentile {p99} ms); GUI-thread CPU within one gap: "
        f"longest {max(cpu, default=0):.1f} ms, 99th percentile {cpu99:.1f} ms"
    )
    later = sorted(gaps[1:])  # the first gap holds the open itself and the first screen's paint
    print(
        f"  the open's own frame (the first screen laid out and painted): "
        f"{gaps[0] if gaps else 0} ms; after it, longest gap {max(later, default=0)} ms, "
        f"99th percentile {later[int(len(later) * 0.99)] if later else 0} ms"
    )
    print(
        f"  F8 to the anomaly {0.70 * size / 2**30:.1f} GiB away and repaint: {f3_cold:.1f} ms "
        f"right after the cursor moved, {f3:.1f} ms after a rest (cursor at "
        f"0x{window.selection.cursor:X})"
    )
    print(f"  peak memory of this process above the empty window: {peak_rss_mb() - empty:.0f} MB")
    window.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=int, default=1024)
    parser.add_argument("--random-mb", type=int, default=64)
    parser.add_argument("--gui-mb", type=int, default=4096)
    parser.add_argument("--formats", default=",".join(UTF8_FAMILY))
    parser.add_argument("--skip-gui", action="store_true")
    parser.add_argument("--gui-only", action="store_true")
    parser.add_argument("--helpers-memory", action="store_true")
    parser.add_argument("--watch-helpers", type=int, metavar="PID", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.watch_helpers:
        watch_helpers(args.watch_helpers)
        return
    formats = args.formats.split(",")
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="bench-index-") as name:
        folder = Path(name)
        if args.gui_only:
            gui(folder, args.gui_mb, args.helpers_memory)
            return
        text = folder / "text.txt"
        write_text(text, args.mb)
        speed(text, "text with one invalid byte per MiB", formats)
        text.unlink()
        noise = folder / "random.bin"
        write_random(noise, args.random_mb)
        speed(noise, "random bytes", formats)
        noise.unlink()
    if not args.skip_gui:
        # In a process of its own: its peak memory (ru_maxrss, a high-water
        # mark) must not hold the speed runs' mapped gigabyte, nor its
        # children's the summaries'.
        gui_only = [sys.executable, __file__, "--gui-only", "--gui-mb", str(args.gui_mb)]
        subprocess.run(gui_only, check=True)
        subprocess.run([*gui_only, "--helpers-memory"], check=True)


if __name__ == "__main__":
    main()
