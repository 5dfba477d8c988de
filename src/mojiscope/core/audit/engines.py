"""The per-file work of a scan, mapped over many files: in this process, on
a local pool of worker processes, or on a Dask cluster.

Every engine runs :func:`judge_entry` on each :class:`~.tree.Entry` and
yields the :class:`~.findings.Audit`\\ s in the order of the entries, so two
engines give the same output for the same tree. Files are sent in batches
of :data:`BATCH` paths (the workers open them: a cluster's workers need the
same paths, on a shared file system), and only :data:`AHEAD` batches per
worker are in flight at once: memory stays bounded whatever the number of
files, and a stop is heard within one batch's wait.

* ``local`` with one job judges in this process; a file's index then counts
  a large file on every core (:mod:`mojiscope.core.index.pool`).
* ``local`` with more jobs (and at least :data:`FEW` files) uses a
  :class:`~concurrent.futures.ProcessPoolExecutor` of processes started
  from the fork server (never ``fork``). They ignore SIGINT, so Ctrl+C in a
  terminal reaches the command alone. To stop, the command sets an event
  the workers poll between a file's chunks, then shuts the pool down: each
  worker leaves its file, sends its last (discarded) answer and exits, so
  no worker is ever killed halfway through writing to a queue (which would
  leave the queue's lock held, and ``multiprocessing.Pool.terminate``
  waiting on it for ever). A file of
  :data:`~mojiscope.core.index.pool.PARALLEL_MIN` bytes or more is judged in
  this process, on every core, rather than on one worker.
* ``dask`` (the optional ``mojiscope[dask]`` extra) submits the batches to a
  ``distributed`` client: a ``LocalCluster`` of processes when no scheduler
  address is given. Dask schedules, retries a batch whose worker died, and
  moves the results; nothing here does that.

``stop()`` is polled while waiting; once it answers True the engine stops
its workers and raises :class:`~mojiscope.core.system.control.Cancelled`:
every audit yielded before is whole. A local worker that dies (killed by
the system, out of memory) ends the scan with :class:`WorkerLostError`, the
audits yielded before it whole too.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from itertools import chain, islice
from multiprocessing.synchronize import Event as EventType
from typing import Any

from mojiscope.core.audit.findings import Audit, Kind
from mojiscope.core.audit.judge import audit_path
from mojiscope.core.audit.tree import Entry, WalkOptions, walk
from mojiscope.core.index.pool import PARALLEL_MIN
from mojiscope.core.system.allocator import keep_freed_memory
from mojiscope.core.system.child_job import FORKSERVER
from mojiscope.core.system.control import UNCONTROLLED, Cancelled, Control

BATCH = 32
"""Files sent to a worker at once."""

AHEAD = 4
"""Batches in flight per worker."""

FEW = 2 * BATCH
"""Fewer files than this are judged in this process: starting a pool costs more."""

POLL_S = 0.05
"""How often a wait for a batch looks at ``stop()``."""

WAIT_S = 0.005
"""How often a wait for a Dask batch looks whether it is done."""

ENGINES = ("local", "dask")

Stop = Callable[[], bool]


def _never() -> bool:
    return False


class WorkerLostError(Exception):
    """A worker process of the local pool died before it answered."""


def judge_entry(
    entry: Entry, follow_symlinks: bool, control: Control = UNCONTROLLED, workers: int | None = 1
) -> Audit:
    """One file's verdict; whatever goes wrong with it is its verdict, never
    an exception (but :class:`Cancelled`)."""
    if entry.skip:
        return Audit(Kind.SKIPPED, entry.skip, 0, entry.path)
    try:
        return audit_path(
            entry.path, follow_symlinks=follow_symlinks, control=control, workers=workers
        )
    except Cancelled:
        raise
    except Exception as error:  # a file no rule foresaw: say so, go on with the others
        reason = f"could not be judged: {type(error).__name__}: {error}"
        return Audit(Kind.UNREADABLE, " ".join(reason.split()), 0, entry.path)


_stopping: EventType | None = None
"""In a local worker: the pool's stop event (see :func:`_worker_start`)."""


def judge_batch(entries: list[Entry], follow_symlinks: bool) -> list[Audit]:
    """:func:`judge_entry` of each entry (what a worker runs); in a local
    worker, raises :class:`Cancelled` soon after the pool's stop event is set."""
    control = UNCONTROLLED if _stopping is None else Control(cancelled=_stopping.is_set)
    return [judge_entry(entry, follow_symlinks, control) for entry in entries]


def _batches(entries: Iterable[Entry]) -> Iterator[list[Entry]]:
    iterator = iter(entries)
    while batch := list(islice(iterator, BATCH)):
        yield batch


def run_here(
    entries: Iterable[Entry], follow_symlinks: bool, stop: Stop = _never
) -> Iterator[Audit]:
    """Each file judged in this process, its index on every core."""
    control = Control(cancelled=stop)
    for entry in entries:
        control.check()
        yield judge_entry(entry, follow_symlinks, control, workers=None)


def _worker_start(stopping: EventType) -> None:
    global _stopping
    _stopping = stopping
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    keep_freed_memory()


def _is_large(entry: Entry, follow_symlinks: bool) -> bool:
    try:
        info = os.stat(entry.path) if follow_symlinks else os.lstat(entry.path)
    except OSError:
        return False
    return info.st_size >= PARALLEL_MIN


def run_local(
    entries: Iterable[Entry], follow_symlinks: bool, jobs: int, stop: Stop = _never
) -> Iterator[Audit]:
    """The ``local`` engine with ``jobs`` processes (see the module docstring)."""
    iterator = iter(entries)
    first = list(islice(iterator, FEW))
    if jobs <= 1 or len(first) < FEW:
        yield from run_here(chain(first, iterator), follow_symlinks, stop)
        return
    entries = chain(first, iterator)
    stopping = FORKSERVER.Event()
    pool = ProcessPoolExecutor(
        jobs, mp_context=FORKSERVER, initializer=_worker_start, initargs=(stopping,)
    )
    try:
        waiting: deque[Future[list[Audit]] | Entry] = deque()
        small: list[Entry] = []

        def send() -> None:
            if small:
                waiting.append(pool.submit(judge_batch, list(small), follow_symlinks))
                small.clear()

        for entry in entries:
            if not entry.skip and _is_large(entry, follow_symlinks):
                send()
                waiting.append(entry)
            else:
                small.append(entry)
                if len(small) >= BATCH:
                    send()
            while len(waiting) > AHEAD * jobs:
                yield from _take(waiting.popleft(), follow_symlinks, stop)
        send()
        while waiting:
            yield from _take(waiting.popleft(), follow_symlinks, stop)
    except BrokenProcessPool as error:  # from a batch's result, or from submitting one
        raise WorkerLostError(str(error)) from None
    finally:
        stopping.set()
        pool.shutdown(wait=True, cancel_futures=True)


def _take(item: Future[list[Audit]] | Entry, follow_symlinks: bool, stop: Stop) -> Iterator[Audit]:
    """The audits of one batch in flight (or of a large file, judged here)."""
    if isinstance(item, Entry):
        yield judge_entry(item, follow_symlinks, Control(cancelled=stop), workers=None)
        return
    while not stop():
        if wait([item], POLL_S).done:
            yield from item.result()
            return
    raise Cancelled


def run_dask(
    entries: Iterable[Entry],
    follow_symlinks: bool,
    *,
    scheduler: str | None = None,
    workers: int = 2,
    stop: Stop = _never,
) -> Iterator[Audit]:
    """The ``dask`` engine: on the cluster at ``scheduler``, or on a
    ``LocalCluster`` of ``workers`` processes (one thread each)."""
    try:
        import distributed
    except ImportError:
        raise ImportError(
            "the dask engine needs the dask extra: pip install 'mojiscope[dask]'"
        ) from None
    cluster: Any = None
    if scheduler is None:
        cluster = distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
    client: Any = distributed.Client(cluster if cluster is not None else scheduler)  # type: ignore[no-untyped-call]
    try:
        waiting: deque[Any] = deque()
        ahead = AHEAD * max(len(client.scheduler_info().get("workers", {})), 1)
        for batch in _batches(entries):
            waiting.append(client.submit(judge_batch, batch, follow_symlinks, pure=False))
            while len(waiting) > ahead:
                yield from _take_future(waiting.popleft(), stop)
        while waiting:
            yield from _take_future(waiting.popleft(), stop)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _take_future(future: Any, stop: Stop) -> Iterator[Audit]:
    """A batch's audits once Dask has them (``Future.result`` with a timeout
    is avoided: ``distributed`` 2026.8 can fail inside it when the timeout
    ends just as the result arrives)."""
    while not future.done():
        if stop():
            raise Cancelled
        time.sleep(WAIT_S)
    result: list[Audit] = future.result()
    yield from result


EMIT_S = 0.1
"""How often :func:`judge_tree_watched` sends what it has judged."""


def judge_tree_watched(control: Control, paths: list[str], options: WalkOptions) -> int:
    """Walk ``paths`` and judge each file in this process, passing lists of
    audits to ``control.emit`` (every :data:`EMIT_S`, or :data:`BATCH` files)
    and the files done to ``control.step``; returns how many. The form
    :func:`~mojiscope.core.system.child_job.run_in_child` runs for the
    window's Scan Folder table."""
    done = 0
    batch: list[Audit] = []
    sent = time.monotonic()
    per_file = Control(cancelled=control.cancelled)  # a file's index keeps its chunks to itself
    for entry in walk(paths, options):
        batch.append(judge_entry(entry, options.follow_symlinks, per_file))
        done += 1
        if len(batch) >= BATCH or time.monotonic() - sent >= EMIT_S:
            control.emit(batch)
            batch = []
            sent = time.monotonic()
        control.step(done)
    if batch:
        control.emit(batch)
    return done
