"""Conversion speed and memory against CPython's own streaming re-encode, and
the export dialog's responsiveness, measured in the same run.

    python tests/bench/bench_convert.py [--mb 256] [--repeat 2] [--skip-gui]

Conversions (each side in its own process, so peak memory is its own):

* UTF-8 text with an invalid byte every 64 KiB -> UTF-16LE;
* WTF-8 text with a lone surrogate every 64 KiB -> UTF-8.

Ours is ``mojiscope convert FILE --from A --to B --errors replace --json -o
OUT``: the whole loss report (every loss as a JSON record) included. CPython's
is ``codecs.getincrementaldecoder(A)("replace")`` plus
``getincrementalencoder(B)("replace")`` over 1 MB chunks. Both write to a
regular file (flushed and fsynced: Mojiscope's write is atomic, so CPython's
file is put on disk too), then both to /dev/null (the conversion alone).
For each: the run with the best wall time of ``--repeat`` runs, its CPU time
(user + system of the child), MB/s of input, peak resident memory
(``ru_maxrss`` of the child), and

    ratio = CPython's time / Mojiscope's time   (the target is >= 0.5)

by wall time and by CPU time. On a machine shared with other work the wall
times mostly measure waiting for a CPU; the CPU ratio is the steadier one.
Mojiscope's side includes its start-up (about 0.3 s of CPU: numpy and the
format registry). Both children run with bytecode caching on, as an
installed Mojiscope does, whatever ``PYTHONDONTWRITEBYTECODE`` says here
(compiling Mojiscope's sources again at every start costs another 0.2 s),
after one small warm-up conversion that writes the cache.
The GUI part opens the UTF-8 file in the real window (offscreen), opens File >
Export As... (the time to build it), chooses target UTF-16LE and measures how
long the first loss rows take to appear, then the longest gap between two
ticks of a 5 ms QTimer on the GUI thread (and how many gaps exceed 50 ms)
while the report is computed and while the file is written (replace) and
verified, and, as a baseline, while nothing runs for 3 s (on a loaded
machine the GUI thread waits for a CPU too). The window's own jobs on the
file (its index, its summary) are cancelled first (``--window-jobs``), so
that the gaps are the export's. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CPYTHON_REENCODE = """
import codecs, os, sys
source, target, path, out = sys.argv[1:5]
decoder = codecs.getincrementaldecoder(source)("replace")
encoder = codecs.getincrementalencoder(target)("replace")
with open(path, "rb") as f, open(out, "wb") as o:
    while chunk := f.read(1 << 20):
        o.write(encoder.encode(decoder.decode(chunk)))
    o.write(encoder.encode(decoder.decode(b"", True), True))
    o.flush()
    if os.path.isfile(out):  # a regular file: on disk, as Mojiscope's atomic write does
        os.fsync(o.fileno())
"""

WORDS = (  # noqa: SIM905 - prose reads better than a list
    "Καλημέρα κόσμε привет мир こんにちは世界 你好世界 hello world café naïve résumé "
    "the quick brown fox jumps over the lazy dog while people debug mojibake"
).split()


def text_block(seed: int) -> bytes:
    """About 1 MB of multilingual prose (about a third of it non-ASCII)."""
    rng = random.Random(seed)
    lines = [" ".join(rng.choice(WORDS) for _ in range(12)) + "\n" for _ in range(8000)]
    return "".join(lines).encode()


def sprinkle(data: bytes, every: int, what: bytes) -> bytes:
    """``what`` every ``every`` bytes, each over a whole number of characters."""
    buf = bytearray(data)
    for i in range(every // 2, len(buf) - 8, every):
        while buf[i] & 0xC0 == 0x80:  # not inside a UTF-8 sequence
            i += 1
        end = i + len(what)
        while end < len(buf) and buf[end] & 0xC0 == 0x80:
            end += 1
        buf[i:end] = what + b" " * (end - i - len(what))
    return bytes(buf)


def write_input(path: Path, size: int, seed: int, what: bytes) -> None:
    """``size`` bytes of prose with ``what`` every 64 KiB, written block by
    block (this process stays small: a child forked from it inherits its
    resident size in ``ru_maxrss``)."""
    block = sprinkle(text_block(seed), 1 << 16, what)
    with open(path, "wb") as out:
        for start in range(0, size, len(block)):
            out.write(block[: size - start])


#: The children's environment: bytecode cached, as in an installed app.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_child(argv: list[str]) -> tuple[float, float, int]:
    """Run ``argv``; return (wall seconds, CPU seconds, peak resident KiB) of the child."""
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=CHILD_ENV
    )
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{argv[:4]}... exited {process.returncode}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def compare(
    name: str, path: Path, source: str, target: str, cp: tuple[str, str], repeat: int, out: Path
) -> None:
    ours_argv = [
        sys.executable,
        "-m",
        "mojiscope",
        "convert",
        str(path),
        "--from",
        source,
        "--to",
        target,
        "--errors",
        "replace",
        "--json",
        "-o",
        str(out),
    ]
    theirs_argv = [sys.executable, "-c", CPYTHON_REENCODE, cp[0], cp[1], str(path), str(out)]
    ours, theirs = [], []
    for _ in range(repeat):
        ours.append(run_child(ours_argv))
        theirs.append(run_child(theirs_argv))
    size_mb = path.stat().st_size / 1e6
    (t_ours, c_ours, m_ours), (t_theirs, c_theirs, m_theirs) = min(ours), min(theirs)
    print(
        f"{name:34} ours {t_ours:6.2f} s wall, {c_ours:6.2f} s CPU ({size_mb / t_ours:5.1f} MB/s, "
        f"peak {m_ours / 1024:4.0f} MB)  CPython {t_theirs:6.2f} s wall, {c_theirs:6.2f} s CPU "
        f"(peak {m_theirs / 1024:4.0f} MB)  ratio {t_theirs / t_ours:4.2f} wall, "
        f"{c_theirs / c_ours:4.2f} CPU",
        flush=True,
    )
    if out.is_file():
        out.unlink()


def gui_responsiveness(path: Path, work: Path, window_jobs: str) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QElapsedTimer, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from mojiscope.app.window import messages
    from mojiscope.app.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    messages.headless = True
    settings_dir = work / "settings"  # never the user's settings
    settings_dir.mkdir()
    os.environ["XDG_CONFIG_HOME"] = str(settings_dir)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(settings_dir))
    window = MainWindow()
    window.show()
    window.open_path(path)
    opened_at = time.perf_counter()
    while window_jobs != "run" and window.jobs.active():  # the window's own jobs
        if window_jobs == "cancel":
            window.jobs.cancel_all()  # an index cancelled stays partial: the next one starts
        app.processEvents()
        time.sleep(0.005)
    print(
        f"window's own jobs (index, summary): {window_jobs}"
        + (f", {time.perf_counter() - opened_at:.1f} s" if window_jobs != "run" else ""),
        flush=True,
    )
    clock = QElapsedTimer()
    gaps: list[int] = []
    stamps: list[tuple[int, int]] = []  # (gap, when it ended), for the longest ones
    last = [0]
    ticker = QTimer(interval=5)

    def tick() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        stamps.append((now - last[0], now))
        last[0] = now

    ticker.timeout.connect(tick)
    clock.start()
    ticker.start()
    window.export_as()
    dialog = window.export_dialog
    assert dialog is not None
    built_ms = clock.elapsed()
    first_ever = None  # the first report's first rows: the child's process server starts
    while dialog.report is None:  # the report of the default target (UTF-8)
        app.processEvents()
        if first_ever is None and dialog.table.rowCount():
            first_ever = clock.elapsed()
        time.sleep(0.001)
    gaps.clear()
    stamps.clear()
    last[0] = clock.elapsed()
    dialog.source_box.setCurrentText("utf-8")
    dialog.target_box.setCurrentText("utf-16le")
    opened = clock.elapsed()
    first_rows = None
    done = [False]
    dialog.report_ready.connect(lambda _report: done.__setitem__(0, True))
    while not done[0]:
        app.processEvents()
        if first_rows is None and dialog.table.rowCount():
            first_rows = clock.elapsed() - opened
        time.sleep(0.001)
    report_ms = clock.elapsed() - opened
    report = dialog.report
    assert report is not None and report.bytes_read == path.stat().st_size
    print(
        f"dialog report: {report.source_format} -> {report.target_format}, "
        f"{report.bytes_read:,} bytes, {report.loss_count:,} losses",
        flush=True,
    )
    report_gap, report_over = max(gaps), sum(g > 50 for g in gaps)
    report_longest = _longest(stamps, opened)
    gaps.clear()
    dialog.replace_button.setChecked(True)
    dialog.output_edit.setText(str(work / "gui.out"))
    written = [False]
    dialog.written.connect(lambda _outcome: written.__setitem__(0, True))
    start = clock.elapsed()
    stamps.clear()
    dialog.export_button.click()
    while not written[0]:
        app.processEvents()
        time.sleep(0.001)
    write_ms = clock.elapsed() - start
    write_gap, write_over = max(gaps), sum(g > 50 for g in gaps)
    write_longest = _longest(stamps, start)
    gaps.clear()
    idle_end = clock.elapsed() + 3000
    while clock.elapsed() < idle_end:  # nothing running: what the machine's load alone costs
        app.processEvents()
        time.sleep(0.001)
    print(
        f"dialog: built in {built_ms} ms, first rows of its first report (UTF-8) after "
        f"{first_ever} ms; target UTF-16LE: first loss rows after "
        f"{first_rows} ms (report done after {report_ms} ms, longest event-loop gap "
        f"{report_gap} ms, {report_over} gaps over 50 ms); write + verify {write_ms} ms, "
        f"longest gap {write_gap} ms ({write_over} over 50 ms); idle for 3 s, longest gap "
        f"{max(gaps)} ms ({sum(g > 50 for g in gaps)} over 50 ms) (timer every 5 ms)",
        flush=True,
    )
    print(
        f"longest gaps (ms, ending at ms after the phase began): report {report_longest}; "
        f"write + verify {write_longest}",
        flush=True,
    )
    window.close()


def _longest(stamps: list[tuple[int, int]], began: int) -> str:
    return ", ".join(f"{gap} at {end - began}" for gap, end in sorted(stamps)[-3:][::-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=int, default=256, help="input size in MB (default 256)")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--skip-gui", action="store_true")
    parser.add_argument("--gui-only", action="store_true")
    parser.add_argument(
        "--window-jobs",
        choices=("cancel", "wait", "run"),
        default="cancel",
        help="the window's own jobs on the file (index, summary): cancel them (default), "
        "wait for them, or let them run beside the export",
    )
    args = parser.parse_args()
    size = args.mb * 1_000_000
    with tempfile.TemporaryDirectory(prefix="bench-convert-") as folder:
        work = Path(folder)
        utf8 = work / "sparse-errors.utf8"
        write_input(utf8, size, 1, b"\xff")
        wtf8 = work / "lone-surrogates.wtf8"
        write_input(wtf8, size, 2, b"\xed\xa0\x80")
        warm = work / "warm-up.txt"
        warm.write_bytes(b"warm-up\xff\n")
        warm_up = f"convert {warm} --from utf-8 --to utf-16le --errors replace -o {warm}.out"
        run_child([sys.executable, "-m", "mojiscope", *warm_up.split()])
        cases = [
            (
                "UTF-8 (sparse errors) -> UTF-16LE",
                utf8,
                "utf-8",
                "utf-16le",
                ("utf-8", "utf-16-le"),
            ),
            ("WTF-8 (lone surrogates) -> UTF-8", wtf8, "wtf-8", "utf-8", ("utf-8", "utf-8")),
        ]
        for where, out in (("a file", work / "out.bin"), ("/dev/null", Path(os.devnull))):
            if args.gui_only:
                break
            print(f"-- written to {where}", flush=True)
            for name, path, source, target, cp in cases:
                compare(name, path, source, target, cp, args.repeat, out)
        wtf8.unlink()
        if not args.skip_gui:
            gui_responsiveness(utf8, work, args.window_jobs)


if __name__ == "__main__":
    main()
