"""The app's one background-job runner: every long operation runs here.

Search, export, the mojibake explainer and the whole-file index all need the
same thing: run a function off the GUI thread, show its progress, let the
user cancel it, and hand its partial and final results to the GUI thread.
A *job* is any ``Callable[[Control], T]`` (see :mod:`mojiscope.core.system.control`):
it calls ``control.step(done)`` after each chunk, ``control.emit(x)`` for a
partial result, and returns its result.

::

    handle = runner.start("anomaly", job, total=size, label="Looking for the next anomaly")
    handle.succeeded.connect(show)        # on the GUI thread, with the job's return value
    show_progress_dialog(handle, window)  # appears only if the job takes more than 300 ms

Contract:

* A job never runs on the GUI thread, however small.
* Every signal of a :class:`JobHandle` arrives on the GUI thread (the thread
  that called :meth:`JobRunner.start`), whatever the receiver.
* After ``start``, a handle emits any number of ``progressed`` and
  ``partial``, then exactly one of ``succeeded``, ``failed`` or
  ``cancelled``, then ``finished``; a job that raises
  :class:`~mojiscope.core.system.control.Cancelled` (because it was cancelled)
  ends in ``cancelled``. Once :meth:`JobHandle.cancel` was called, the job's
  result is dropped even if it completes: it ends in ``cancelled``.
* ``progressed`` carries a permille (0..1000 of ``total``) and is throttled
  to a change at most every 30 ms, so a job may call ``step`` as often as it
  likes. ``partial`` is not throttled (each emit arrives, in order, before
  the ending), but the emits made while the GUI thread has not yet taken
  the previous ones cross to it together: one queued call per burst, not
  one per item (an index emitting a thousand chunks in bursts).
* Starting a job under a name that is running cancels the running one.
* :meth:`JobRunner.start` never waits for the worker thread to start (see
  :class:`ThreadLauncher`): it returns at once, and a thread that cannot be
  started ends its job in ``failed``.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from mojiscope.core import MojiscopeError
from mojiscope.core.system.control import Cancelled, Control

Job = Callable[[Control], Any]

#: The shortest time between two ``progressed`` signals of one job.
PROGRESS_INTERVAL_S = 0.03


AFTER_OPEN_MS = 100
"""How long after a file opens its whole-file passes (the index, the
summary) start: once its first screen is painted, since reading a file in
competes with that paint for the machine."""

RELEASE_INTERVAL_MS = 100
"""How often ended handles whose worker thread still runs are looked at again."""

_KEPT: dict[JobHandle, tuple[threading.Thread, int]] = {}
"""Every handle, with its worker thread and its launch ticket, until the job
has ended, the thread is gone and the launcher has let go of both; touched on
the GUI thread only. A QObject deleted outside its own thread while events
are posted to it crashes the process, and a thread that dropped the last
reference to a handle would delete it there (the launcher did: in the
QObject's destructor, holding a Qt lock the GUI thread wanted, it waited for
the interpreter lock the GUI thread held, and the window hung). So the last
reference is always dropped here, on the GUI thread."""


def _release_ended() -> None:
    """Let go of the handles whose job ended, whose thread is gone, and
    which the launcher holds no more."""
    launched = thread_launcher().handled
    for handle, (thread, ticket) in list(_KEPT.items()):
        if handle.outcome is not None and not thread.is_alive() and ticket <= launched:
            del _KEPT[handle]
    if any(handle.outcome is not None for handle in _KEPT):
        QTimer.singleShot(RELEASE_INTERVAL_MS, _release_ended)


def wait_for_every_job(timeout_ms: int) -> bool:
    """Block until the worker thread of every job this process started has
    ended (True), or ``timeout_ms`` passed (False). For the end of the
    program, once no window shows: a closed window cancels its jobs without
    waiting for them (a cancelled write removes its temporary file, a
    summary in a child process may take a second or two to stop, and the
    window stood frozen meanwhile)."""
    return _join([thread for thread, _ticket in _KEPT.values()], timeout_ms)


def _join(threads: list[threading.Thread], timeout_ms: int) -> bool:
    """Block until ``threads``, handed to the launcher, have all ended
    (True), or ``timeout_ms`` passed (False; -1: no limit)."""
    deadline = None if timeout_ms < 0 else time.monotonic() + timeout_ms / 1000

    def remaining() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    if _launcher is not None and not _launcher.wait_handled(remaining()):
        return False
    for thread in threads:
        if thread.ident is None:  # the launcher could not start it
            continue
        thread.join(remaining())
        if thread.is_alive():
            return False
    return True


class ThreadLauncher:
    """Starts threads on a thread of its own, in the order they were handed over.

    ``threading.Thread.start`` returns only once the new thread runs, and the
    new thread needs the interpreter lock for that: while another thread of
    the process holds it (a job's own Python work switches every 5 ms) or the
    machine is loaded, the GUI thread would wait frames per start. Handing
    the thread over here costs a queue put; this thread does the waiting."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[int, threading.Thread, Callable[[str], None]]] = (
            queue.SimpleQueue()
        )
        self._handed_over = 0
        self._handled = 0
        self._handled_changed = threading.Condition()
        self._thread = threading.Thread(target=self._serve, name="job-launcher", daemon=True)
        self._thread.start()  # once per process, when the first runner is made

    def launch(self, thread: threading.Thread, on_error: Callable[[str], None]) -> int:
        """Start ``thread`` soon; if it cannot be started, ``on_error(words)``
        is called (on the launcher's thread). Returns the launch's ticket:
        once :attr:`handled` reaches it, the launcher holds neither."""
        with self._handled_changed:
            self._handed_over += 1
            self._queue.put((self._handed_over, thread, on_error))
            return self._handed_over

    @property
    def handled(self) -> int:
        """The ticket of the last launch done; the launcher keeps no
        reference to the thread or callback of any launch up to it."""
        return self._handled

    def _serve(self) -> None:
        while True:
            ticket, thread, on_error = self._queue.get()
            try:
                thread.start()
            except RuntimeError as error:  # "can't start new thread"
                on_error(f"cannot start a worker thread: {error}")
            # Let go before saying so: the GUI thread keeps the handle until
            # then, so this thread never drops its last reference.
            del thread, on_error
            with self._handled_changed:
                self._handled = ticket
                self._handled_changed.notify_all()

    def wait_handled(self, timeout: float | None) -> bool:
        """Block until every thread handed over so far was started (or failed
        to): True, or False if ``timeout`` seconds passed first."""
        with self._handled_changed:
            wanted = self._handed_over
            return self._handled_changed.wait_for(lambda: self._handled >= wanted, timeout)


_launcher: ThreadLauncher | None = None


def thread_launcher() -> ThreadLauncher:
    """The process's one :class:`ThreadLauncher` (made on first use; GUI thread)."""
    global _launcher
    if _launcher is None:
        _launcher = ThreadLauncher()
    return _launcher


class _Relay(QObject):
    """Signals emitted from the worker thread; queued to the handle's thread."""

    progressed = Signal(int)
    partials_waiting = Signal()
    ended = Signal(str, object)  # outcome ("succeeded" | "failed" | "cancelled"), payload


class JobHandle(QObject):
    """One running (or ended) job, as the GUI thread sees it."""

    progressed = Signal(int)
    partial = Signal(object)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()
    finished = Signal()

    def __init__(self, name: str, label: str, total: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.label = label
        self.total = max(total, 1)
        self.permille = 0
        self.outcome: str | None = None
        self._stop = threading.Event()
        self._ended = threading.Event()
        self._relay = _Relay(self)
        # Bound methods of this QObject: Qt queues them to this object's thread.
        self._relay.progressed.connect(self._on_progress)
        self._relay.partials_waiting.connect(self._on_partials)
        self._partials: list[object] = []
        self._partials_lock = threading.Lock()
        self._relay.ended.connect(self._on_ended)

    @property
    def running(self) -> bool:
        return self.outcome is None

    def cancel(self) -> None:
        """Ask the job to stop at its next step; its result, if any, is dropped."""
        self._stop.set()

    def wait(self, timeout_ms: int = -1) -> bool:
        """Block until the job's function has returned (the signals may still
        be queued). True if it has; False on timeout."""
        return self._ended.wait(None if timeout_ms < 0 else timeout_ms / 1000)

    # -- worker thread ------------------------------------------------------------------

    def _run(self, job: Job) -> None:
        last = [-1, 0.0]

        def progress(done: int) -> None:
            permille = min(1000, max(0, done) * 1000 // self.total)
            now = time.monotonic()
            if permille != last[0] and now - last[1] >= PROGRESS_INTERVAL_S:
                last[0], last[1] = permille, now
                self._send("progressed", permille)

        control = Control(progress, self._stop.is_set, self._hand_over)
        try:
            result = job(control)
        except Cancelled:
            outcome, payload = "cancelled", None
        except MojiscopeError as error:
            outcome, payload = "failed", str(error)
        except Exception as error:  # a bug in the job: say what it was, keep the window
            outcome, payload = "failed", f"{type(error).__name__}: {error}"
        else:
            outcome, payload = "succeeded", result
        if self._stop.is_set():
            outcome, payload = "cancelled", None
        self._ended.set()
        self._send("ended", outcome, payload)

    def _hand_over(self, partial: object) -> None:
        """Queue ``partial`` for the GUI thread; wake it only if nothing was
        waiting already (it takes everything waiting at once)."""
        with self._partials_lock:
            self._partials.append(partial)
            first = len(self._partials) == 1
        if first:
            self._send("partials_waiting")

    def _not_started(self, words: str) -> None:
        """The launcher could not start this job's thread: it ends in ``failed``."""
        self._ended.set()
        self._send("ended", "failed", words)

    def _send(self, signal: str, *args: object) -> None:
        """Emit a relay signal from the worker thread; nothing if the window
        that owned the job is gone (its handle and relay deleted with it)."""
        with contextlib.suppress(RuntimeError):  # "Internal C++ object already deleted"
            getattr(self._relay, signal).emit(*args)

    # -- GUI thread -----------------------------------------------------------------------

    def _on_progress(self, permille: int) -> None:
        if self.outcome is None:
            self.permille = permille
            self.progressed.emit(permille)

    def _on_partials(self) -> None:
        with self._partials_lock:
            partials, self._partials = self._partials, []
        for partial in partials:
            if self.outcome is not None or self._stop.is_set():
                return
            self.partial.emit(partial)

    def _on_ended(self, outcome: str, payload: object) -> None:
        self.outcome = outcome
        QTimer.singleShot(RELEASE_INTERVAL_MS, _release_ended)
        if outcome == "succeeded":
            self.permille = 1000
            self.succeeded.emit(payload)
        elif outcome == "failed":
            self.failed.emit(str(payload))
        else:
            self.cancelled.emit()
        self.finished.emit()


class JobRunner(QObject):
    """Starts jobs on worker threads and keeps track of the running ones."""

    jobs_changed = Signal()
    """A job started or ended (for a status-bar indicator)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._running: dict[str, JobHandle] = {}
        self._threads: list[threading.Thread] = []
        self._launcher = thread_launcher()

    def start(self, name: str, job: Job, total: int, *, label: str = "") -> JobHandle:
        """Run ``job`` on a new worker thread; ``total`` is what its progress
        counts to. A running job of the same name is cancelled first. Returns
        at once: the thread is started by the :class:`ThreadLauncher`."""
        previous = self._running.get(name)
        if previous is not None:
            previous.cancel()
        # No Qt parent: a handle outlives a runner deleted mid-job (a dialog
        # closed), and _KEPT holds it until its thread is gone (see there).
        handle = JobHandle(name, label or name, total)
        self._running[name] = handle
        # A bound method, not a lambda: Qt drops the connection with the runner.
        handle.finished.connect(self._forget)
        thread = threading.Thread(target=handle._run, args=(job,), name=f"job-{name}", daemon=True)
        self._threads = [t for t in self._threads if t.ident is None or t.is_alive()]
        self._threads.append(thread)
        _KEPT[handle] = (thread, self._launcher.launch(thread, handle._not_started))
        self.jobs_changed.emit()
        return handle

    def active(self) -> list[JobHandle]:
        """The jobs still running, oldest first."""
        return [h for h in self._running.values() if h.running]

    def cancel_all(self) -> None:
        for handle in self._running.values():
            handle.cancel()

    def wait_all(self, timeout_ms: int = -1) -> bool:
        """Block until every worker thread has ended (True) or the timeout passed."""
        return _join(list(self._threads), timeout_ms)

    def _forget(self) -> None:
        handle = self.sender()
        if not isinstance(handle, JobHandle):
            return
        if self._running.get(handle.name) is handle:
            del self._running[handle.name]
        self.jobs_changed.emit()


class JobProgressDialog(QProgressDialog):
    """A non-modal progress dialog that follows one job (see
    :func:`show_progress_dialog`). Its slots are its own methods: Qt drops
    their connections with the dialog, which may go before the job ends (its
    parent closed and deleted), where a closure would reach a deleted dialog."""

    def __init__(self, handle: JobHandle, parent: QWidget, delay_ms: int) -> None:
        super().__init__(handle.label, "Cancel", 0, 1000, parent)
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.setMinimumDuration(delay_ms)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.setValue(0)
        self.canceled.connect(handle.cancel)
        self.rejected.connect(handle.cancel)  # Escape hides the dialog without "canceled"
        handle.progressed.connect(self.setValue)
        handle.finished.connect(self._job_ended)

    def _job_ended(self) -> None:
        """The job ended: close (a close says "canceled": not to the job).
        The handle is the signal's sender, not kept: a reference held here
        would make a cycle through the handle's connection, which the
        collector might break on a worker thread (see ``_KEPT``)."""
        handle = self.sender()
        if isinstance(handle, JobHandle):
            self.canceled.disconnect(handle.cancel)
            self.rejected.disconnect(handle.cancel)
        self.close()
        self.deleteLater()


def show_progress_dialog(
    handle: JobHandle, parent: QWidget, delay_ms: int = 300
) -> QProgressDialog:
    """A non-modal progress dialog for ``handle``: it appears only if the job
    is still running after ``delay_ms``, its Cancel (or Escape) cancels the job, and it
    closes itself when the job ends."""
    return JobProgressDialog(handle, parent, delay_ms)
