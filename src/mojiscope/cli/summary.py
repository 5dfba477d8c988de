"""``mojiscope inspect --summary``: what every format makes of a whole input.

With no ``--format``, every registered format plus the legacy code page
charset-normalizer suggests, ranked best first; with ``--format`` (repeatable)
only those, ranked among themselves. Text output is one line per format
(rank, format, verdict) after a sentence of suggestions; ``--json`` prints
one object per format per line::

    {"format": "utf-8", "bytes": 1024, "counts": {"invalid": 2},
     "reasons": {"truncated": 2}, "verdict": "not UTF-8: ...", "rank": 3}

The input streams: a file is mapped and indexed chunk by chunk on every core
(:mod:`mojiscope.core.index.file_index`), standard input is first spooled to a temporary
file, so memory stays bounded whatever the size.

This module also routes ``inspect`` itself: without ``--summary`` it hands
the arguments to :func:`mojiscope.cli.inspect.run_inspect` with the one
``--format`` that command needs.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from mojiscope.cli.errors import EXIT_OK, UsageError
from mojiscope.core import BytesSource, FileSource, Source, get_format
from mojiscope.core.index.summary import Summary, summarize


def run_inspect_command(args: argparse.Namespace) -> int:
    """``inspect``: the summary with ``--summary``, else one format span by span."""
    if args.summary:
        return run_summary(args)
    if not args.format:
        raise UsageError("inspect needs --format ID (or --summary for every format)")
    if len(args.format) > 1:
        raise UsageError("inspect takes one --format, except with --summary")
    args.format = args.format[0]
    from mojiscope.cli.inspect import run_inspect

    return run_inspect(args)


def run_summary(args: argparse.Namespace) -> int:
    if args.offset or args.length is not None:
        raise UsageError("--summary covers the whole input; it takes no --offset or --length")
    chosen = [get_format(name) for name in args.format] if args.format else None
    with _open_source(args.file, args.hex) as (name, source):
        summary = summarize(source, chosen)
        if args.json:
            for item in summary.formats:
                sys.stdout.write(json.dumps(item.as_json(), ensure_ascii=True) + "\n")
        else:
            sys.stdout.write("".join(line + "\n" for line in summary_lines(name, summary)))
    return EXIT_OK


def summary_lines(name: str, summary: Summary) -> Iterator[str]:
    """The text report: the input, the suggestions, then one line per format."""
    size = summary.formats[0].bytes if summary.formats else 0
    yield f"{name}: {size:,} bytes"
    if summary.words:
        yield summary.words
    width = max((len(s.format_id) for s in summary.formats), default=0)
    for item in summary.formats:
        yield f"{item.rank:3}  {item.format_id:<{width}}  {item.verdict}"


@contextmanager
def _open_source(file: str | None, hex_text: str | None) -> Iterator[tuple[str, Source]]:
    """A source over the input: the mapped file, parsed hex, or standard
    input spooled to a temporary file (never held in memory)."""
    if hex_text is not None:
        from mojiscope.core.paste.hex import parse_hex

        yield "<hex>", BytesSource(parse_hex(hex_text), "<hex>")
        return
    if file is not None and file != "-":
        with FileSource(file) as source:
            yield file, source
        return
    with tempfile.NamedTemporaryFile(prefix="mojiscope-stdin-") as spool:
        shutil.copyfileobj(sys.stdin.buffer, spool, 1 << 20)
        spool.flush()
        with FileSource(spool.name) as source:
            yield "<stdin>", source
