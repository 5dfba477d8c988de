"""Counting the chunks of a large file on every core.

Formats whose resync is exact decode any chunk on its own, so the chunks of a
mapped file are shared among worker processes (threads would queue behind
the interpreter lock: the decoders are Python and numpy on small arrays).
Workers open the file themselves and send back only
:class:`~mojiscope.core.index.scan.ChunkCounts`, a few numbers per chunk.

Processes start with ``forkserver`` (never ``fork``: the caller may be a Qt
application with threads running). Only a few batches are in flight at
once, so memory stays bounded and Cancel is heard within a batch.
"""

from __future__ import annotations

import os
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TYPE_CHECKING

from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.index.scan import ChunkCounts, PassedPages, count_chunk, worth_releasing
from mojiscope.core.system.allocator import keep_freed_memory
from mojiscope.core.system.child_job import FORKSERVER, end_with_caller, take_the_cpu_left_over
from mojiscope.core.system.control import Cancelled, Control
from mojiscope.core.system.source import FileSource, Source

if TYPE_CHECKING:
    from mojiscope.core.index.file_index import FileIndex

PARALLEL_MIN = 512 << 20
"""Files smaller than this are counted in the calling process: starting
workers costs more than the decode."""

BATCH_BYTES = 8 << 20
"""Bytes of chunks handed to a worker at once."""

POLL_S = 0.05
"""How often a wait for the workers looks whether it was cancelled."""

_worker: tuple[Format, Source, bool] | None = None
"""The worker's format, file, and whether it lets go of the pages it has
counted (:func:`worth_releasing`, asked once by the caller before any read)."""


def pool_size(workers: int | None = None) -> int:
    """Worker processes to use: ``workers``, or one per core."""
    if workers is not None:
        return max(workers, 1)
    return max(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1, 1)


def worth_a_pool(source: Source, workers: int | None = None) -> bool:
    """A mapped file large enough, and more than one core to share it."""
    return (
        isinstance(source, FileSource) and len(source) >= PARALLEL_MIN and pool_size(workers) >= 2
    )


def _open_in_worker(
    path: str, format_id: str, release: bool, background: bool, caller_pid: int
) -> None:
    global _worker
    end_with_caller(caller_pid)
    if background:
        take_the_cpu_left_over()
    keep_freed_memory()
    _worker = (get_format(format_id), FileSource(path), release)


def _count_batch(ranges: list[tuple[int, int]]) -> list[ChunkCounts]:
    assert _worker is not None, "worker not initialised"
    fmt, source, release = _worker
    passed = PassedPages(source, release)
    counted = []
    for lo, hi in ranges:
        counted.append(count_chunk(fmt, source, lo, hi))
        passed.passed(lo, hi)
    passed.finish(ranges[-1][1] if ranges else 0)
    return counted


def _batches(index: FileIndex) -> list[list[tuple[int, int]]]:
    per_batch = max(BATCH_BYTES // index.chunk_size, 1)
    ranges = [index.chunk_range(k) for k in range(len(index.chunks))]
    return [ranges[i : i + per_batch] for i in range(0, len(ranges), per_batch)]


def count_in_parallel(
    index: FileIndex,
    source: Source,
    control: Control,
    workers: int | None = None,
    *,
    background: bool = False,
) -> None:
    """Fill ``index`` from a pool of worker processes (see the module
    docstring). Workers run at the caller's priority, or, in the
    ``background`` (a window's index), at background priority
    (:func:`~mojiscope.core.system.child_job.take_the_cpu_left_over`), so that the
    window comes first."""
    assert isinstance(source, FileSource)
    n = pool_size(workers)
    context = FORKSERVER
    batches = _batches(index)
    pool = ProcessPoolExecutor(
        n,
        mp_context=context,
        initializer=_open_in_worker,
        initargs=(
            str(source.path),
            index.format.id,
            worth_releasing(source),
            background,
            os.getpid(),
        ),
    )
    in_flight: set[Future[list[ChunkCounts]]] = set()
    done = 0
    try:
        for batch in batches:
            while len(in_flight) >= 2 * n:
                in_flight, done = _collect(index, in_flight, control, done)
            in_flight.add(pool.submit(_count_batch, batch))
        while in_flight:
            in_flight, done = _collect(index, in_flight, control, done)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _collect(
    index: FileIndex, in_flight: set[Future[list[ChunkCounts]]], control: Control, done: int
) -> tuple[set[Future[list[ChunkCounts]]], int]:
    """Wait a little for a batch; Cancel is heard every :data:`POLL_S`."""
    finished, pending = wait(in_flight, timeout=POLL_S, return_when=FIRST_COMPLETED)
    control.check()
    return pending, _take(index, finished, control, done) if finished else done


def _take(
    index: FileIndex, finished: set[Future[list[ChunkCounts]]], control: Control, done: int
) -> int:
    """Record finished batches; returns the bytes counted so far."""
    for future in finished:
        for counts in future.result():
            index.add(counts)
            control.emit(counts)
            done += counts.end - counts.start
    control.step(done)
    return done


__all__ = ["Cancelled", "count_in_parallel", "pool_size", "worth_a_pool"]
