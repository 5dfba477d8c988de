"""``mojiscope convert``: decode with one format, encode with another.

The work is :mod:`mojiscope.core.conversion`'s; this module picks where the
bytes go and how losses are told.

* ``-o OUT``: written atomically (a temporary file beside OUT, renamed over
  it when done). Under ``--errors strict`` (the default) the first loss
  stops the conversion: exit 1, no OUT file (an existing OUT is untouched).
* standard output (no ``-o``, or ``-o -``): bytes already written to a pipe
  cannot be taken back, so under strict the output is first spooled to an
  anonymous temporary file (in ``$TMPDIR``) and copied to standard output
  only when the whole conversion succeeded. Under ``--errors replace``
  nothing can fail for want of a character, so the output streams straight
  through.
* Under replace, the losses are reported on stderr: one line each, up to
  :data:`LOSS_LINES`, then "... and N more", then the totals by kind.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from typing import BinaryIO, TextIO

from mojiscope.cli.errors import EXIT_OK
from mojiscope.cli.inputs import open_input
from mojiscope.core import get_format
from mojiscope.core.conversion import (
    ConversionError,
    ConversionReport,
    LossKind,
    convert,
    convert_stream,
)

#: Loss lines printed on stderr before "... and N more".
LOSS_LINES = 20


def run_convert(args: argparse.Namespace) -> int:
    source_format, target_format = get_format(args.from_format), get_format(args.to_format)
    if args.signature and target_format.signature_bytes is None:
        raise ConversionError(f"{target_format.id} has no signature to write (--signature)")
    to_stdout = args.output in (None, "-")
    with open_input(args.file, args.hex) as source:
        if not to_stdout:
            report = convert(
                source.stream,
                source_format,
                target_format,
                args.output,
                args.errors,
                args.signature,
                keep=LOSS_LINES,
            )
        else:
            report = _convert_to_stdout(source.stream, args)
    if report.loss_count:
        print_loss_report(report, sys.stderr)
    return EXIT_OK


def _convert_to_stdout(stream: BinaryIO, args: argparse.Namespace) -> ConversionReport:
    stdout = sys.stdout.buffer
    common = (stream, args.from_format, args.to_format)
    if args.errors == "replace":
        report = convert_stream(*common, stdout, "replace", args.signature, keep=LOSS_LINES)
        stdout.flush()
        return report
    with tempfile.TemporaryFile(prefix="mojiscope-") as spool:
        report = convert_stream(*common, spool, "strict", args.signature, keep=LOSS_LINES)
        spool.seek(0)
        shutil.copyfileobj(spool, stdout, 1 << 20)
    stdout.flush()
    return report


def print_loss_report(report: ConversionReport, out: TextIO) -> None:
    """One line per loss (capped), then totals."""
    n = report.loss_count
    out.write(
        f"mojiscope: {n:,} loss{'es' if n != 1 else ''} converting "
        f"{report.source_format} to {report.target_format}:\n"
    )
    for loss in report.losses[:LOSS_LINES]:
        out.write(f"  {loss.message}\n")
    if n > LOSS_LINES:
        out.write(f"  ... and {n - LOSS_LINES:,} more\n")
    counts = report.counts
    totals = ", ".join(f"{kind.value} {counts[kind]:,}" for kind in LossKind if counts[kind])
    out.write(
        f"mojiscope: totals: {totals}; read {report.bytes_read:,} bytes, "
        f"wrote {report.bytes_written:,} bytes\n"
    )
    out.flush()
