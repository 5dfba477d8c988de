"""Running a long operation in a child process, watched by a :class:`Control`.

The app's jobs run on threads of the GUI process, and a thread that
computes holds the interpreter lock against the GUI thread: PySide releases
the lock around most Qt calls, and each time the GUI thread wants it back it
may wait a whole switch interval, so one paint can take a tenth of a second
while a decode runs beside it. An operation run with :func:`run_in_child`
computes in another process instead; the calling thread only waits on a
pipe (without the lock) and relays what comes back.

Contract of ``run_in_child(function, args, control)``:

* ``function(child_control, *args)`` runs in a child process started from
  the ``forkserver`` (never ``fork``: the caller may be a Qt application with
  threads running), at background priority (:func:`take_the_cpu_left_over`:
  ``nice``, and ``SCHED_IDLE`` where the system has it), so the window
  keeps a core's attention. ``function`` must be importable at module level
  and ``args`` picklable: pass a path, not an open file or a map; the child
  opens the file itself.
* In the child, ``child_control.step(done)`` and ``emit(x)`` reach the
  caller's ``control.step``/``control.emit`` (steps thinned to one every
  :data:`STEP_INTERVAL_S`; every emit arrives, in order, before the result).
  ``child_control.check()`` raises :class:`Cancelled` there once the
  caller's control is cancelled, so the child can clean up (remove a
  temporary file) and end; a child that does not end within
  :data:`GRACE_S` of the cancel is terminated.
* The caller gets ``function``'s return value, or :class:`Cancelled`, or the
  child's :class:`~mojiscope.core.MojiscopeError` re-raised, or
  :class:`ChildFailedError` with one line saying what went wrong (an unexpected
  exception, or the child killed). No child outlives the call.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import select
import threading
import time
from collections.abc import Callable
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from mojiscope.core.errors import MojiscopeError
from mojiscope.core.system.allocator import keep_freed_memory
from mojiscope.core.system.control import Cancelled, Control

T = TypeVar("T")

POLL_S = 0.05
"""How often the caller looks whether it was cancelled while it waits."""

STEP_INTERVAL_S = 0.03
"""The shortest time between two progress reports sent by the child."""

GRACE_S = 2.0
"""How long a cancelled child may take to clean up before it is terminated."""

NICENESS = 19
"""How much lower the child's scheduling priority is than the caller's: the
lowest there is. A child does the window's background work, so it takes
only the CPU the window leaves."""


def take_the_cpu_left_over() -> None:
    """Lower this process to background priority: :data:`NICENESS`, and on
    Linux the ``SCHED_IDLE`` policy as well, so that it runs only on a core
    nothing else wants. Niceness alone lets a busy child keep a core for
    its time slice when the window wakes for a timer or a key. A child left
    to itself runs at full speed either way."""
    os.nice(NICENESS)
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):  # a kernel or sandbox that refuses it
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


FORKSERVER = multiprocessing.get_context("forkserver")
"""The one way this program starts processes (here and the index's pool):
never ``fork``, since the caller may be a Qt application with threads
running. The server imports the core once, before it serves; each process
then forks from it with the core loaded, in a few tens of milliseconds."""
FORKSERVER.set_forkserver_preload(
    [
        "mojiscope.core",
        "mojiscope.core.mojibake",
        "mojiscope.core.index.summary",
        "mojiscope.core.index.file_index",
        "mojiscope.core.conversion.jobs",
        "mojiscope.core.mojibake.jobs",
    ]
)


CALLER_POLL_S = 0.5
"""How often a worker looks whether its caller is still alive, where the
system cannot tell it at once (no ``pidfd_open``)."""


def end_with_caller(caller_pid: int) -> None:
    """End this worker process as soon as process ``caller_pid`` (the one
    that started it) has ended, whatever it is doing. For a pool's worker,
    which waits for work on a queue it holds both ends of, so it never hears
    that its caller was killed: with the window killed while indexing, its
    workers, the fork server and the resource tracker lived on for good."""

    def watch() -> None:
        try:
            handle = os.pidfd_open(caller_pid)
        except (AttributeError, OSError):  # not Linux 5.3+: look now and then
            while _alive(caller_pid):
                time.sleep(CALLER_POLL_S)
        else:
            select.select([handle], [], [])  # readable once the caller has ended
        os._exit(0)

    threading.Thread(target=watch, name="end-with-caller", daemon=True).start()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, and is not ours to signal
        pass
    return True


class ChildFailedError(MojiscopeError):
    """The child process failed in a way the operation did not foresee."""


def run_in_child(function: Callable[..., T], args: tuple[Any, ...], control: Control) -> T:
    """Run ``function(child_control, *args)`` in a child process (see the
    module docstring for the contract)."""
    control.check()
    # One pipe each way and no semaphore: a named semaphore freed by this
    # side before the child has opened it would fail the child's start.
    receiver, sender = FORKSERVER.Pipe(duplex=False)
    stop_reader, stopper = FORKSERVER.Pipe(duplex=False)
    child = FORKSERVER.Process(
        target=_child_main, args=(function, args, sender, stop_reader), name="mojiscope-job"
    )
    child.start()
    sender.close()  # the child holds the only sending end: EOF means it is gone
    stop_reader.close()
    try:
        result: T = _relay(receiver, control)
        return result
    except Cancelled:
        with contextlib.suppress(OSError):  # the child may be gone already
            stopper.send(True)
        child.join(GRACE_S)
        raise
    finally:
        if child.is_alive():
            child.terminate()
        child.join()
        receiver.close()
        stopper.close()


def start_forkserver() -> None:
    """Start the server children fork from, if it is not running: it imports
    the core once, in its own process. An app calls this early (on a thread)
    so that its first background job does not wait for that."""
    forkserver.ensure_running()


def _relay(receiver: Connection, control: Control) -> Any:
    """Pass the child's messages to ``control`` until its outcome arrives."""
    while True:
        control.check()
        if not receiver.poll(POLL_S):
            continue
        try:
            kind, payload = receiver.recv()
        except EOFError:
            raise ChildFailedError("the background process ended without an answer") from None
        if kind == "step":
            control.progress(payload)
        elif kind == "emit":
            control.emit(payload)
        elif kind == "done":
            return payload
        elif kind == "cancelled":
            raise Cancelled
        elif kind == "error":
            raise payload
        else:
            raise ChildFailedError(str(payload))


def _child_main(
    function: Callable[..., object], args: tuple[Any, ...], sender: Connection, stop: Connection
) -> None:
    """The child's side: run, relaying steps and emits; send one outcome.
    Anything arriving on ``stop`` (or its closing: the caller is gone) means
    stop."""
    take_the_cpu_left_over()
    keep_freed_memory()
    last_step = [0.0]
    stopped = [False]

    def cancelled() -> bool:
        if not stopped[0] and stop.poll():
            stopped[0] = True
        return stopped[0]

    def progress(done: int) -> None:
        now = time.monotonic()
        if now - last_step[0] >= STEP_INTERVAL_S:
            last_step[0] = now
            sender.send(("step", done))

    control = Control(progress, cancelled, lambda partial: sender.send(("emit", partial)))
    outcome = _outcome(function, control, args)
    # A caller that is gone (killed: its end of the pipe closed) is told
    # nothing, and the child ends quietly, without a traceback on the terminal.
    with contextlib.suppress(BrokenPipeError):
        sender.send(outcome)
    sender.close()


def _outcome(
    function: Callable[..., object], control: Control, args: tuple[Any, ...]
) -> tuple[str, object]:
    """The message that ends the child: ``function``'s result or what stopped it."""
    try:
        return ("done", function(control, *args))
    except Cancelled:
        return ("cancelled", None)
    except MojiscopeError as error:
        return ("error", error) if _survives_pickling(error) else ("failed", str(error))
    except Exception as error:  # a bug in the operation, or the caller gone: say what it was
        return ("failed", f"{type(error).__name__}: {error}")


def _survives_pickling(error: Exception) -> bool:
    """Whether ``error`` comes back whole from the other process (an error
    whose ``__init__`` takes other arguments than its message does not: it
    then crosses as its message)."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return False
    return True


__all__ = ["Cancelled", "ChildFailedError", "end_with_caller", "run_in_child"]
