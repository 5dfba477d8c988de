"""``mojiscope scan``: a verdict per file under some paths, for people and CI.

::

    mojiscope scan PATH... [--include GLOB]... [--exclude GLOB]...
                   [--follow-symlinks] [--no-gitignore]
                   [--json | --csv | --sarif] [-o OUT] [--all]
                   [--fail-on KIND[,KIND...]]
                   [--engine local|dask] [--jobs N] [--scheduler ADDRESS]

Each file's verdict is :func:`mojiscope.audit`'s (one implementation:
:mod:`mojiscope.core.audit.judge`), the walk :mod:`mojiscope.core.audit.tree`'s,
the mapping over files :mod:`mojiscope.core.audit.engines`'. This module
parses, writes (:mod:`mojiscope.cli.scan_reports`) and decides the exit code.

* Without a format: a table of the files with a finding (``--all``: every
  file), then the summary; on a terminal, a progress line on stderr.
* ``--json``, ``--csv``, ``--sarif``: the document on stdout (or ``-o OUT``,
  written atomically), the summary on stderr.
* ``--fail-on mojibake,mixed``: exit 1 when any file has one of these kinds
  (as its verdict or among its findings).
* Ctrl+C (SIGINT) stops the scan at once: the files judged so far are
  written, each whole, the document is closed, and the exit code is 130.
  A worker process that dies (killed by the system, out of memory) stops
  it the same way, with one line on stderr and exit code 2.

Exit codes: 0 done, 1 a ``--fail-on`` kind was found, 2 bad usage, an
unwritable output or a worker process lost, 130 interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from types import FrameType
from typing import IO, Any

from mojiscope.cli.errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_STRICT, EXIT_USAGE, UsageError
from mojiscope.cli.scan_reports import (
    CsvReport,
    JsonReport,
    Report,
    SarifReport,
    TableReport,
    Tally,
)
from mojiscope.core.audit.findings import Audit, Kind
from mojiscope.core.audit.tree import WalkOptions, walk
from mojiscope.core.system.atomic_write import atomic_output
from mojiscope.core.system.control import Cancelled

PROGRESS_S = 0.1
"""How often the progress line is redrawn."""


def add_scan_command(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "scan", help="a verdict per file under some paths: clean, legacy, mojibake, mixed..."
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files and folders to scan")
    parser.add_argument(
        "--include", action="append", default=[], metavar="GLOB", help="only files matching GLOB"
    )
    parser.add_argument(
        "--exclude", action="append", default=[], metavar="GLOB", help="leave out GLOB"
    )
    parser.add_argument(
        "--follow-symlinks", action="store_true", help="follow symbolic links (loops are caught)"
    )
    parser.add_argument(
        "--no-gitignore", action="store_true", help="scan what .gitignore leaves out too"
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="one JSON object per file per line")
    output.add_argument("--csv", action="store_true", help="one CSV row per file")
    output.add_argument("--sarif", action="store_true", help="a SARIF 2.1.0 document")
    parser.add_argument("-o", "--output", metavar="OUT", help="write the document to OUT")
    parser.add_argument("--all", action="store_true", help="the table lists clean files too")
    parser.add_argument(
        "--fail-on",
        type=_kinds,
        default=frozenset(),
        metavar="KIND[,KIND...]",
        help="exit 1 when a file has one of these kinds: "
        + ", ".join(k.value for k in Kind if k != Kind.CLEAN),
    )
    parser.add_argument(
        "--engine", choices=("local", "dask"), default="local", help="where the files are judged"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="processes (local) or local workers (dask) (default: one per core)",
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="a Dask scheduler (default: a local cluster)"
    )
    parser.set_defaults(run=run_scan)


def _kinds(text: str) -> frozenset[Kind]:
    kinds = set()
    for word in text.split(","):
        word = word.strip()
        try:
            kinds.add(Kind(word))
        except ValueError:
            known = ", ".join(k.value for k in Kind)
            raise argparse.ArgumentTypeError(f"unknown kind {word!r} (one of {known})") from None
    return frozenset(kinds)


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _check(args: argparse.Namespace) -> None:
    if args.output and not (args.json or args.csv or args.sarif):
        raise UsageError("-o OUT goes with --json, --csv or --sarif")
    if args.scheduler and args.engine != "dask":
        raise UsageError("--scheduler goes with --engine dask")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.engine == "dask":
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise UsageError("--engine dask needs Dask: pip install 'mojiscope[dask]'") from None


def _report(args: argparse.Namespace, out: IO[str]) -> Report:
    if args.json:
        return JsonReport(out)
    if args.csv:
        return CsvReport(out)
    if args.sarif:
        return SarifReport(out)
    return TableReport(out, everything=args.all)


class _Interrupt:
    """SIGINT sets :attr:`stopped` (the engines poll it) instead of raising
    :class:`KeyboardInterrupt` wherever the main thread happens to be, which
    could cut a line of output in two. A second Ctrl+C ends at once."""

    def __init__(self) -> None:
        self.stopped = threading.Event()

    def __enter__(self) -> _Interrupt:
        self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.stopped.set()
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    def __exit__(self, *exc: object) -> None:
        signal.signal(signal.SIGINT, self._old)


class _Progress:
    """A progress line on stderr, when it is a terminal: files judged, of
    how many (counted by a second walk on a thread), and the rate."""

    def __init__(self, args: argparse.Namespace, options: WalkOptions) -> None:
        self.active = sys.stderr.isatty()
        self.total: int | None = None
        self.done = 0
        self.last = 0.0
        self.started = time.monotonic()
        if self.active:
            threading.Thread(
                target=self._count, args=(args.paths, options), daemon=True, name="scan-count"
            ).start()

    def _count(self, paths: list[str], options: WalkOptions) -> None:
        self.total = sum(1 for _ in walk(paths, options))

    def step(self, audit: Audit) -> None:
        self.done += 1
        now = time.monotonic()
        if not self.active or now - self.last < PROGRESS_S:
            return
        self.last = now
        rate = self.done / max(now - self.started, 1e-9)
        if self.total:
            width = 30
            filled = min(width, self.done * width // max(self.total, 1))
            bar = f"[{'#' * filled}{'.' * (width - filled)}] {self.done:,}/{self.total:,}"
        else:
            bar = f"{self.done:,} files"
        sys.stderr.write(f"\r\x1b[K{bar}  {rate:,.0f}/s  {str(audit.path)[-50:]}")
        sys.stderr.flush()

    def clear(self) -> None:
        if self.active:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def _audits(
    args: argparse.Namespace, options: WalkOptions, stop: threading.Event
) -> Iterator[Audit]:
    from mojiscope.core.audit.engines import run_dask, run_local

    entries = walk(args.paths, options)
    jobs = args.jobs or _cores()
    if args.engine == "dask":
        return run_dask(
            entries,
            args.follow_symlinks,
            scheduler=args.scheduler,
            workers=jobs,
            stop=stop.is_set,
        )
    return run_local(entries, args.follow_symlinks, jobs, stop.is_set)


def run_scan(args: argparse.Namespace) -> int:
    _check(args)
    options = WalkOptions(
        include=tuple(args.include),
        exclude=tuple(args.exclude),
        follow_symlinks=args.follow_symlinks,
        gitignore=not args.no_gitignore,
    )
    machine = args.json or args.csv or args.sarif
    summary_to = sys.stderr if machine else sys.stdout
    with contextlib.ExitStack() as stack:
        if args.output:
            binary = stack.enter_context(atomic_output(args.output))
            wrapper = io.TextIOWrapper(binary, encoding="utf-8", newline="", write_through=True)
            stack.callback(wrapper.detach)  # leaves the atomic file to close itself, whole
            out: IO[str] = wrapper
        else:
            out = sys.stdout
        interrupt = stack.enter_context(_Interrupt())
        complete, failed, tally, seconds, lost = _scan(args, options, out, interrupt)
    summary_to.write(tally.words(seconds, complete))
    summary_to.flush()
    if lost:
        sys.stderr.write(
            f"mojiscope: scan stopped: a worker process died ({lost}); "
            "the files judged before it are written\n"
        )
        return EXIT_USAGE
    if not complete:
        return EXIT_INTERRUPTED
    return EXIT_STRICT if failed else EXIT_OK


def _scan(
    args: argparse.Namespace, options: WalkOptions, out: IO[str], interrupt: _Interrupt
) -> tuple[bool, bool, Tally, float, str]:
    """Judge and report; whether every file was judged, whether a
    ``--fail-on`` kind was found, the tally, the time taken, and why a lost
    worker stopped it ("" if none did)."""
    from mojiscope.core.audit.engines import WorkerLostError

    report = _report(args, out)
    tally = Tally()
    progress = _Progress(args, options)
    failed = False
    complete = True
    lost = ""
    started = time.monotonic()
    report.start()
    try:
        for audit in _audits(args, options, interrupt.stopped):
            report.add(audit)
            tally.add(audit)
            progress.step(audit)
            failed = failed or any(audit.has(kind) for kind in args.fail_on)
            if interrupt.stopped.is_set():
                raise Cancelled
    except Cancelled:
        complete = False
    except WorkerLostError as error:
        complete, lost = False, str(error) or "no reason given"
    finally:
        progress.clear()
    report.close(complete)
    return complete, failed, tally, time.monotonic() - started, lost
