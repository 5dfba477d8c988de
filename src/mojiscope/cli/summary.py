"""``mojiscope inspect --summary``: what every format makes of a whole input.

With no ``--format``, every registered format plus the legacy code page
charset-normalizer suggests, ranked best first; with ``--format`` (repeatable)
only those, ranked among themselves. Text output is one line per format
(rank, format, verdict) after a sentence of suggestions; ``--json`` prints
one object per format per line::

    {"format": "utf-8", "bytes": 1024, "counts": {"invalid": 2},
     "reasons": {"truncated": 2}, "verdict": "not UTF-8: ...", "rank": 3,
     "notices": {"bidi": 4}}

``notices`` counts the characters worth a look that are no error (bidi
controls, invisible characters, private use, noncharacters, a BOM inside
the text: :mod:`mojiscope.core.words.notices`). ``--fail-on KIND,...`` makes
the command a gate: it exits 1, naming what it found on stderr, when any
of those kinds (span kinds such as ``invalid`` or ``surrogate``, ``error``
for any error span, notice kinds such as ``bidi`` or ``invisible``) is
found in a format given with ``--format``, or without one, in the format
ranked first; 0 otherwise.

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

from mojiscope.cli.errors import EXIT_OK, EXIT_STRICT, UsageError
from mojiscope.core import BytesSource, FileSource, Source, get_format
from mojiscope.core.index.summary import GATE_KINDS, FormatSummary, Summary, summarize


def run_inspect_command(args: argparse.Namespace) -> int:
    """``inspect``: the summary with ``--summary``, else one format span by span."""
    if args.summary:
        return run_summary(args)
    if args.fail_on is not None:
        raise UsageError("--fail-on goes with --summary")
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
    gate = gate_kinds(args.fail_on)
    chosen = [get_format(name) for name in args.format] if args.format else None
    with open_source(args.file, args.hex) as (name, source):
        summary = summarize(source, chosen)
        if args.json:
            for item in summary.formats:
                sys.stdout.write(json.dumps(item.as_json(), ensure_ascii=True) + "\n")
        else:
            sys.stdout.write("".join(line + "\n" for line in summary_lines(name, summary)))
    gated = summary.formats if chosen is not None else summary.formats[:1]
    failures = [words for item in gated if (words := _gate_words(item, gate))]
    if failures:
        sys.stdout.flush()
        for words in failures:
            print(f"mojiscope: {name}: {words}", file=sys.stderr)
        return EXIT_STRICT
    return EXIT_OK


def gate_kinds(text: str | None) -> list[str]:
    """The kinds ``--fail-on`` names (comma-separated), each checked."""
    if text is None:
        return []
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in GATE_KINDS]
    if unknown or not kinds:
        raise UsageError(
            f"--fail-on {text!r}: unknown kind {', '.join(map(repr, unknown)) or '(none)'}; "
            f"known: {', '.join(GATE_KINDS)}"
        )
    if not kinds:
        raise UsageError("--fail-on needs at least one kind")
    return kinds


def _gate_words(item: FormatSummary, kinds: list[str]) -> str:
    """``utf-8 has 4 bidi, 1 invalid`` for the kinds found, else ``""``."""
    found = [(kind, item.found(kind)) for kind in kinds]
    named = ", ".join(f"{n:,} {kind}" for kind, n in found if n)
    return f"{item.format_id} has {named}" if named else ""


def summary_lines(name: str, summary: Summary) -> Iterator[str]:
    """The text report: the input, the suggestions, then one line per format."""
    size = summary.formats[0].bytes if summary.formats else 0
    yield f"{name}: {size:,} bytes"
    if summary.words:
        yield summary.words
    width = max((len(s.format_id) for s in summary.formats), default=0)
    for item in summary.formats:
        notices = ", ".join(f"{n:,} {kind}" for kind, n in sorted(item.notices.items()))
        also = f"; notices: {notices}" if notices else ""
        yield f"{item.rank:3}  {item.format_id:<{width}}  {item.verdict}{also}"


@contextmanager
def open_source(file: str | None, hex_text: str | None) -> Iterator[tuple[str, Source]]:
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
