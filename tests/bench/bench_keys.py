"""Navigation keys: key event to the end of the whole window's paint. Not a test.

    QT_QPA_PLATFORM=offscreen python tests/bench/bench_keys.py [--rounds 30] [--size-mb 1024]
        [--only demo|mixed|sparse] [--no-index] [--rest-ms 250] [--compare]

Opens the real main window (1400x900, the default formats, grid focused) on
(a) the demo, (b) 16 MiB of text mixed with random bytes (made as in
``bench_repaint.py``) and (c) a sparse 1 GiB file (``truncate``: costs no
disk), and for each navigation key times, from sending the key event to the
grid until every widget the key dirtied has painted, i.e. ``sendEvent`` and
then the events it posted delivered (``sendPostedEvents``: the window's
repaint among them, as the event loop's next turn begins with them): the
key's frame. The text view and the inspector follow a turn of the event
loop later (a timer), in a frame of their own: "then" times that frame,
from the end of the key's to the end of their paint (about 0 where nothing
follows). Go to is timed
four times: "typed" through the real dialog, the offset typed at a quick
typist's pace, from the Enter key to the end of the paint (the window
prepares the target's screen as the digits come); "pasted" into the dialog
with Enter a quick keystroke later (:data:`TYPING_MS`), and "quick Enter"
as soon after as a hand can (:data:`QUICK_ENTER_MS`); "at once" from the
selection change alone (``window.go_to``), as a paste and an Enter in the
same turn of the event loop would be, which no hand does: a screen
nothing prepared, the cost every preparation saves. Next Anomaly (F8) and
Find Next (F3, after a Find of :data:`FIND_NEEDLE` where the file holds it
more than once) and Find itself ("typed": the needle typed into the real
dialog, then Enter) are timed from the key to the end of the paint of the
place they land on, the search included where one runs off the GUI thread
(F8 answers at once where the index knows the next anomaly; F3 where it was
found ahead while the user rested). Each round first moves the cursor to a
random offset (untimed, painted) so keys start from fresh places; keys that
repeat (arrows, pages) are then pressed ``--presses`` times in a row.
Two mouse jumps close each file: a click on the overview strip at a random
height and one on a random row of the Problems list (once the index has
found regions), each after the mouse rested there for the rest below (the
window prepares what the click shows meanwhile), timed from the click.

With ``--compare`` compare mode is on from the start (View > Compare
Formats): each file is swept in the formats on show, and the grid draws
the differences' marks over every screen the keys bring.

Before each timed key the window runs its event loop for ``--rest-ms``
(untimed), as it does between a user's keypresses: 250 ms by default (keys
pressed one at a time, reading in between: the window paints ahead the
screens a key would bring then, and the inspector's settle timers fire),
``--rest-ms 33`` for a held key (auto-repeat at 30 a second: nothing is
painted ahead, every page is new), ``--rest-ms 0`` for keys back to back.

By default the window is the real one, indexing each shown format in the
background while the keys are timed. ``--no-index`` keeps the
:class:`IndexKeeper` from starting any job, to measure the GUI thread's own
cost of reaching a new place without a job competing for the interpreter.

Prints median and 95th percentile in milliseconds per key (wall clock, and
the GUI thread's CPU time, which a shared machine's load inflates far less),
the same of the frame that follows ("then"), and the paint events that the
timed keys caused on the grid's and the text view's viewports, the inspector
and the status bar, in both frames (so a key that painted nothing shows up);
asserts nothing. Take figures on an idle machine, or interleave before/after
runs in one session when it is shared.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import (
    QCoreApplication,
    QElapsedTimer,
    QEvent,
    QEventLoop,
    QObject,
    QPoint,
    QSettings,
    Qt,
    QTimer,
)
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from mojiscope.app.background.index_jobs import IndexKeeper
from mojiscope.app.dialogs.find import HEX_MODE, FindDialog
from mojiscope.app.dialogs.goto import GotoDialog
from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow

FRAME_MS = 1000 / 60
TYPING_MS = 150
"""Between the digits typed into Go to (a quick typist's pace)."""
QUICK_ENTER_MS = 30
"""Between a paste into Go to and Enter, for a hand as quick as hands go."""
FIND_NEEDLE = b"\xfe\xfd"
"""What Find Next looks for: in the mixed file, 86 times, about 200 KB apart."""
FIND_SCAN_LIMIT = 64 << 20
"""Files larger than this are not read to count the needle (no F3 row)."""
NO_MODIFIER = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton

#: (label, key, modifiers, repeats in a row): repeating keys walk on from where they are.
KEYS: list[tuple[str, Qt.Key, Qt.KeyboardModifier, bool]] = [
    ("Right", Qt.Key.Key_Right, NO_MODIFIER, True),
    ("Left", Qt.Key.Key_Left, NO_MODIFIER, True),
    ("Down", Qt.Key.Key_Down, NO_MODIFIER, True),
    ("Up", Qt.Key.Key_Up, NO_MODIFIER, True),
    ("Page Down", Qt.Key.Key_PageDown, NO_MODIFIER, True),
    ("Page Up", Qt.Key.Key_PageUp, NO_MODIFIER, True),
    ("Home", Qt.Key.Key_Home, NO_MODIFIER, False),
    ("End", Qt.Key.Key_End, NO_MODIFIER, False),
    ("Ctrl+Home", Qt.Key.Key_Home, CTRL, False),
    ("Ctrl+End", Qt.Key.Key_End, CTRL, False),
]


class PaintCounter(QObject):
    """Counts paint events of the widgets it watches."""

    def __init__(self, widgets: list[QWidget]) -> None:
        super().__init__()
        self.count = 0
        self.widgets = widgets
        for widget in widgets:
            widget.installEventFilter(self)

    def stop(self) -> None:
        for widget in self.widgets:
            widget.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def run_event_loop(ms: int) -> None:
    """Run the event loop for ``ms``, as the app's own loop runs between a
    user's keys: letting go of the interpreter lock while it waits, so the
    worker threads (Find looking ahead, a search) run meanwhile.
    ``QTest.qWait`` holds the lock while it waits: a thread got about 3% of
    its time (measured), and Find's look ahead took 250 ms, not ready at Enter."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def nothing_follows() -> bool:
    return False


FOLLOWING: Callable[[], bool] = nothing_follows
"""Whether a view still follows the last key (a turn of the event loop
later): set for the window under test."""


def frame() -> None:
    """Deliver the events posted so far, the window's repaint among them (a
    turn of the event loop begins with them): the end of a key's frame.
    Work a timer starts comes after it, in the next frame."""
    QCoreApplication.sendPostedEvents()


def land(landed: list[object]) -> None:
    """Wait for a search running off the GUI thread to land (its result
    arrives as a posted event), then end the frame it brings."""
    while not landed:
        QCoreApplication.sendPostedEvents()
        time.sleep(0.0001)  # lets go of the interpreter for the search's thread
    frame()


def follow_up() -> None:
    """Run the event loop until the views that follow a key have followed,
    then end the frame they bring (see :func:`frame`)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.processEvents()
    while FOLLOWING():
        app.processEvents()
    frame()


class Timings:
    """Times of one key: wall clock, and the GUI thread's own CPU time (which
    a busy machine inflates far less: compare it between runs taken under
    load); and the same of the frame that follows it."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.then_wall: list[float] = []
        self.then_cpu: list[float] = []

    def measure(self, action: Callable[[], object]) -> None:
        cpu = time.thread_time()
        self.wall.append(timed_ms(action))
        self.cpu.append((time.thread_time() - cpu) * 1e3)
        self.measure_then()

    def measure_then(self) -> None:
        """Time the frame that follows the key's (see :func:`follow_up`)."""
        cpu = time.thread_time()
        self.then_wall.append(timed_ms(follow_up))
        self.then_cpu.append((time.thread_time() - cpu) * 1e3)

    def start(self) -> None:
        """Start a measure that :meth:`stop` ends (an action not in one call)."""
        self._cpu = time.thread_time()
        self._timer = QElapsedTimer()
        self._timer.start()

    def stop(self) -> None:
        self.wall.append(self._timer.nsecsElapsed() / 1e6)
        self.cpu.append((time.thread_time() - self._cpu) * 1e3)
        self.measure_then()


def report(label: str, timings: Timings, paints: int) -> None:
    values, then = timings.wall, timings.then_wall or [0.0]
    median = statistics.median(values)
    p95 = percentile(values, 0.95)
    over = [
        frame
        for frame, times in (("key", values), ("then", then))
        if not (statistics.median(times) < FRAME_MS and percentile(times, 0.95) < 2 * FRAME_MS)
    ]
    flag = f"   (over budget: {', '.join(over)})" if over else ""
    then_cpu = timings.then_cpu or [0.0]
    print(
        f"  {label:15s} n={len(values):3d}  median {median:6.2f} ms   p95 {p95:6.2f} ms   "
        f"max {max(values):6.2f} ms   cpu median {statistics.median(timings.cpu):6.2f} "
        f"p95 {percentile(timings.cpu, 0.95):6.2f}   "
        f"then {statistics.median(then):5.2f} / {percentile(then, 0.95):5.2f} "
        f"(cpu {statistics.median(then_cpu):5.2f} / {percentile(then_cpu, 0.95):5.2f})   "
        f"widgets painted {paints / len(values):4.1f}/key{flag}"
    )


PROFILER: cProfile.Profile | None = None
"""Set by ``--profile``: records the timed actions only (their times then
include the profiler's own overhead)."""


def timed_ms(action: Callable[[], object]) -> float:
    timer = QElapsedTimer()
    timer.start()
    if PROFILER is None:
        action()
    else:
        PROFILER.enable()
        action()
        PROFILER.disable()
    return timer.nsecsElapsed() / 1e6


def make_mixed(path: Path) -> None:
    rng = random.Random(7)
    text = "Καλημέρα κόσμε, привет мир, café naïve, 日本語 \U0001d518 ".encode()
    pieces: list[bytes] = []
    total = 0
    while total < 16 << 20:
        noise = rng.randbytes(rng.randrange(1, 400))
        pieces += [text * 6, noise]
        total += 6 * len(text) + len(noise)
    path.write_bytes(b"".join(pieces)[: 16 << 20])


def bench_document(
    app: QApplication,
    window: MainWindow,
    document: Document,
    rounds: int,
    presses: int,
    rest_ms: int,
    *,
    indexed: bool = True,
) -> None:
    global FOLLOWING

    def following() -> bool:
        views = (window.text_view, window.inspector)
        return any(getattr(view, "following", lambda: False)() for view in views)

    FOLLOWING = following
    window.open_document(document)
    window.grid.setFocus()
    app.processEvents()
    follow_up()
    counter = PaintCounter(
        [
            window.grid.viewport(),
            window.text_view.viewport(),
            window.inspector,
            window.statusBar(),
        ]
    )
    grid = window.grid
    size = document.size
    rng = random.Random(1)

    def settle_at(offset: int) -> None:
        """Move there and paint, leaving the paint count as it was (untimed)."""
        count = counter.count
        window.selection.move_cursor(offset)
        app.processEvents()
        follow_up()
        counter.count = count

    def rest() -> None:
        """The user's pause before the next key (untimed, uncounted)."""
        count = counter.count
        app.processEvents()
        if rest_ms:
            run_event_loop(rest_ms)
        counter.count = count

    def press(key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
        QApplication.sendEvent(grid, QKeyEvent(QEvent.Type.KeyPress, key, modifiers))
        frame()

    print(
        f"{document.name} ({size:,} bytes), {len(window.shown.keys)} formats, "
        f"{grid.bytes_per_row} bytes/row, {grid.visible_rows()} rows visible:"
    )
    for label, key, modifiers, repeats in KEYS:
        times = Timings()
        counter.count = 0
        for _ in range(rounds):
            settle_at(rng.randrange(size))
            for _ in range(presses if repeats else 1):
                rest()
                times.measure(lambda k=key, m=modifiers: press(k, m))
        report(label, times, counter.count)
    jumps = Timings()
    counter.count = 0
    for _ in range(rounds):
        settle_at(rng.randrange(size))
        target = rng.randrange(size)
        rest()
        jumps.measure(lambda t=target: (window.go_to(t), frame()))
    report("Go to, at once", jumps, counter.count)
    typed = Timings()
    counter.count = 0
    for _ in range(rounds):
        settle_at(rng.randrange(size))
        go_to_typed(app, window, rng.randrange(size), rest_ms, typed)
    report("Go to, typed", typed, counter.count)
    pasted = Timings()
    counter.count = 0
    for _ in range(rounds):
        settle_at(rng.randrange(size))
        go_to_typed(app, window, rng.randrange(size), rest_ms, pasted, pasted=True)
    report("Go to, pasted", pasted, counter.count)
    quick = Timings()
    counter.count = 0
    for _ in range(rounds):
        settle_at(rng.randrange(size))
        go_to_typed(
            app, window, rng.randrange(size), rest_ms, quick, pasted=True, enter_ms=QUICK_ENTER_MS
        )
    report("Go to, quick Enter", quick, counter.count)

    def press_and_land(key: Qt.Key, modifiers: Qt.KeyboardModifier = NO_MODIFIER) -> None:
        """Press a key that searches, and wait for where it lands to paint."""
        landed.clear()
        press(key, modifiers)
        land(landed)

    landed: list[object] = []
    # A window's shortcuts work while it is active; offscreen, a closed
    # dialog (Go to, above) gives the activation back to no window.
    window.activateWindow()
    QTest.qWaitForWindowActive(window)
    window.search.finished.connect(lambda _tag, result: landed.append(result))
    if indexed or size <= FIND_SCAN_LIMIT:
        anomalies = Timings()
        counter.count = 0
        for _ in range(rounds):
            settle_at(rng.randrange(size))
            rest()
            anomalies.measure(lambda: press_and_land(Qt.Key.Key_F8))
        report("Next anomaly F8", anomalies, counter.count)
    else:
        print("  Next anomaly F8: skipped (no index: each press would scan the file)")
    if size <= FIND_SCAN_LIMIT and document.read(0, size).count(FIND_NEEDLE) > 1:
        finds = Timings()
        settle_at(rng.randrange(size))
        landed.clear()
        window.search.find(FIND_NEEDLE)
        while not landed:
            app.processEvents()
        counter.count = 0
        for _ in range(rounds):
            rest()
            finds.measure(lambda: press_and_land(Qt.Key.Key_F3))
        report("Find Next F3", finds, counter.count)
        typed = Timings()
        counter.count = 0
        for _ in range(rounds):
            settle_at(rng.randrange(size))
            landed.clear()
            find_typed(app, window, rest_ms, typed)
            land(landed)
            typed.stop()
        report("Find, typed", typed, counter.count)
    bench_mouse_jumps(app, window, rounds, rest, settle_at, counter)
    counter.stop()


def bench_mouse_jumps(
    app: QApplication,
    window: MainWindow,
    rounds: int,
    rest: Callable[[], None],
    settle_at: Callable[[int], None],
    counter: PaintCounter,
) -> None:
    """A click on the overview strip at a random height, and on a random
    row of the Problems list (where the index found regions), each after
    the mouse rested ``rest`` on it: timed from the click to the end of the
    paint (the views prepared what the click shows while it rested)."""
    size = window.grid.document.size if window.grid.document else 0

    def time_clicks(label: str, aim: Callable[[random.Random], tuple[QWidget, QPoint]]) -> None:
        rng = random.Random(2)
        clicks = Timings()
        counter.count = 0
        for _ in range(rounds):
            settle_at(rng.randrange(size))
            widget, point = aim(rng)
            QTest.mouseMove(widget, point)
            rest()
            clicks.measure(lambda w=widget, p=point: (QTest.mouseClick(w, LEFT, pos=p), frame()))
            QTest.mouseMove(window.grid.viewport(), QPoint(20, 20))  # off it: nothing aimed at
        report(label, clicks, counter.count)

    strip = window.overview
    time_clicks(
        "Overview click",
        lambda rng: (strip, QPoint(strip.width() // 2, rng.randrange(strip.height()))),
    )
    problems = window.problems
    problems_dock = window.findChild(QDockWidget, "dock-problems")
    inspector_dock = window.findChild(QDockWidget, "dock-inspector")
    assert problems_dock is not None and inspector_dock is not None
    problems_dock.raise_()
    problems.refresh()
    rows = problems.regions.rowCount()

    def aim_at_a_row(rng: random.Random) -> tuple[QWidget, QPoint]:
        row = problems.regions.index(rng.randrange(rows))
        problems.list.scrollTo(row)
        return problems.list.viewport(), problems.list.visualRect(row).center()

    try:
        if rows:
            time_clicks("Problems click", aim_at_a_row)
        else:
            print("  Problems click: skipped (no regions)")
    finally:
        inspector_dock.raise_()  # the Problems tab hid it: the next file's keys would not paint it


def go_to_typed(
    app: QApplication,
    window: MainWindow,
    target: int,
    rest_ms: int,
    timings: Timings,
    *,
    pasted: bool = False,
    enter_ms: int = TYPING_MS,
) -> None:
    """Go to through the real dialog (Ctrl+G), the offset typed a digit
    every :data:`TYPING_MS`, then ``rest_ms`` before Enter; or, if
    ``pasted``, pasted whole (Ctrl+V) and Enter pressed ``enter_ms``
    later, with no rest (a quick hand going from one key to the next).
    Timed from the Enter key event to the end of the window's paint."""
    start: list[tuple[float, QElapsedTimer]] = []

    def type_in_dialog() -> None:
        dialog = app.activeModalWidget()
        assert isinstance(dialog, GotoDialog)
        if pasted:
            QGuiApplication.clipboard().setText(str(target))
            QTest.keyClick(dialog.editor, Qt.Key.Key_V, CTRL)
            run_event_loop(enter_ms)
        else:
            for digit in str(target):
                QTest.keyClicks(dialog.editor, digit)
                run_event_loop(TYPING_MS)
            run_event_loop(rest_ms)
        timer = QElapsedTimer()
        start.append((time.thread_time(), timer))
        timer.start()
        QTest.keyClick(dialog.editor, Qt.Key.Key_Return)

    QTimer.singleShot(0, type_in_dialog)
    window.go_to_dialog()
    frame()
    cpu, timer = start[0]
    timings.wall.append(timer.nsecsElapsed() / 1e6)
    timings.cpu.append((time.thread_time() - cpu) * 1e3)
    timings.measure_then()
    assert window.selection.cursor == target


def find_typed(app: QApplication, window: MainWindow, rest_ms: int, timings: Timings) -> None:
    """Find through the real dialog (Ctrl+F): :data:`FIND_NEEDLE` typed in
    hex a digit every :data:`TYPING_MS`, then ``rest_ms`` before Enter.
    Starts ``timings``' clock at the Enter key event; the caller stops it
    once the match has painted."""

    def type_in_dialog() -> None:
        dialog = app.activeModalWidget()
        assert isinstance(dialog, FindDialog)
        dialog.mode_box.setCurrentIndex(dialog.mode_box.findData(HEX_MODE))
        dialog.editor.clear()
        for digit in FIND_NEEDLE.hex():
            QTest.keyClicks(dialog.editor, digit)
            run_event_loop(TYPING_MS)
        run_event_loop(rest_ms)
        timings.start()
        QTest.keyClick(dialog.editor, Qt.Key.Key_Return)

    QTimer.singleShot(0, type_in_dialog)
    window.search.find_dialog()


def keep_indexes_idle() -> None:
    """Make every :class:`IndexKeeper` made from now on start no index job
    (``--no-index``): the slot it connects to format changes, and the call
    that opening a document makes, both find nothing to start."""

    def start_nothing(_keeper: IndexKeeper) -> None:
        return None

    IndexKeeper._start_missing = start_nothing  # type: ignore[method-assign]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--presses", type=int, default=4)
    parser.add_argument(
        "--rest-ms", type=int, default=250, help="event loop runs this long before each key"
    )
    parser.add_argument("--size-mb", type=int, default=1024)
    parser.add_argument("--only", choices=["demo", "mixed", "sparse"], action="append")
    parser.add_argument(
        "--profile", metavar="FILE", help="profile the timed actions into FILE (pstats)"
    )
    parser.add_argument(
        "--no-index", action="store_true", help="start no background index job (see above)"
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="compare mode on (View > Compare Formats): the sweep runs, the grid draws its marks",
    )
    args = parser.parse_args()
    if args.no_index:
        keep_indexes_idle()
    print(
        f"background index: {'off (--no-index)' if args.no_index else 'on'}; "
        f"rest before each key: {args.rest_ms} ms; compare mode {'on' if args.compare else 'off'}"
    )
    global PROFILER
    PROFILER = cProfile.Profile() if args.profile else None
    app = QApplication.instance() or QApplication(sys.argv[:1])
    only = set(args.only or ["demo", "mixed", "sparse"])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        settings_dir = folder / "settings"
        settings_dir.mkdir()
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(settings_dir))
        mixed = folder / "mixed.bin"
        make_mixed(mixed)
        sparse = folder / "sparse.bin"
        with open(sparse, "wb") as f:
            f.truncate(args.size_mb << 20)
        window = MainWindow()
        window.resize(1400, 900)
        window.show()
        app.processEvents()
        if args.compare:
            window.set_compare_mode(True)
        openers = {
            "demo": Document.demo,
            "mixed": lambda: Document.open_file(mixed),
            "sparse": lambda: Document.open_file(sparse),
        }
        for name, opener in openers.items():
            if name in only:
                bench_document(
                    app,
                    window,
                    opener(),
                    args.rounds,
                    args.presses,
                    args.rest_ms,
                    indexed=not args.no_index,
                )
        window.close()
    if PROFILER is not None:
        PROFILER.dump_stats(args.profile)
        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(40)
    return 0


if __name__ == "__main__":
    sys.exit(main())
