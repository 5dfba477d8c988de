"""``mojiscope convert``: decode with one format, encode with another.

The work is the core's one conversion run
(:func:`~mojiscope.core.conversion.convert.run_conversion`), feeding one
:class:`~mojiscope.core.conversion.loss_report.ConversionReport`; this module
picks where the bytes go, and :mod:`mojiscope.cli.convert_report` how the
losses are told.

* ``-o OUT`` (a regular file, or a new one): written atomically (a temporary
  file beside OUT, renamed over it when done). Under ``--errors strict`` (the
  default) a loss stops the conversion: exit 1, no OUT file (an existing OUT
  is untouched), no temporary file.
* standard output (no ``-o``, or ``-o -``) and special files (``-o`` onto a
  FIFO or a device such as ``/dev/null`` or ``/dev/stdout``): bytes already
  written cannot be taken back, so under strict the output is first spooled
  to an anonymous temporary file and copied out only when the whole
  conversion succeeded; under replace it streams straight through. A special
  file is written in place, never replaced by a regular file.
* ``--report`` prints every loss in words; ``--json`` prints the report as
  one JSON object on the last line of stderr. Under strict with either, the
  whole input is still read so that every loss is reported; nothing is written.
* ``--verify`` rereads OUT with the target format and checks it is the text
  meant (exit 1 and the first difference if not).
* SIGTERM, like SIGINT, stops the conversion cleanly: no OUT, no temporary
  file (exit 143 and 130). SIGKILL cannot be caught: it may leave the hidden
  temporary file, never a partial OUT.
* An input file whose size changes while it is read fails under strict
  (exit 1) and is a warning under replace, naming the offset.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import shutil
import sys
import tempfile
from collections.abc import Callable

from mojiscope.cli.convert_report import (
    PROGRESS_MIN_BYTES,
    CappedLines,
    JsonLine,
    ProgressBar,
    ReportFormat,
    WordLines,
)
from mojiscope.cli.errors import EXIT_OK, EXIT_STRICT, UsageError
from mojiscope.cli.inputs import ByteInput, open_input
from mojiscope.core import Format, get_format
from mojiscope.core.conversion.convert import ConversionLossError, run_conversion
from mojiscope.core.conversion.engine import ConversionError
from mojiscope.core.conversion.input import SourceChangedError
from mojiscope.core.conversion.jobs import Terminated, sigterm_raises
from mojiscope.core.conversion.loss_report import ConversionReport
from mojiscope.core.conversion.verify import DigestWriter, verify_digest, verify_output
from mojiscope.core.system.atomic_write import atomic_output, is_special_file
from mojiscope.core.system.control import UNCONTROLLED, Control

#: What a shell reports for a process ended by SIGTERM.
EXIT_TERMINATED = 143

#: Runs the conversion, its output going to the writer given.
Pour = Callable[[Callable[[bytes], object]], ConversionReport]


def _report_format(args: argparse.Namespace) -> type[ReportFormat]:
    return JsonLine if args.json else WordLines if args.report else CappedLines


def _check_usage(args: argparse.Namespace, target: Format, to_stream: bool) -> None:
    if args.signature and target.signature_bytes is None:
        raise ConversionError(f"{target.id} has no signature to write (--signature)")
    if args.verify and to_stream:
        raise UsageError("--verify rereads the output: give -o FILE (a regular file)")
    if args.verify and args.hex is None and args.file in (None, "-"):
        raise UsageError("--verify converts the input again: give a FILE or --hex, not stdin")


def run_convert(args: argparse.Namespace) -> int:
    source_format, target_format = get_format(args.from_format), get_format(args.to_format)
    to_stream = args.output in (None, "-") or is_special_file(args.output)
    _check_usage(args, target_format, to_stream)
    args.replaces_input = _same_file(args.file, args.output)
    strict = args.errors == "strict"
    shape = _report_format(args)
    report = ConversionReport(source_format, target_format, keep=shape.keep)
    told = shape(report, sys.stderr, strict=strict)
    try:
        with sigterm_raises(), open_input(args.file, args.hex) as source:
            bar = _progress_bar(source, args)
            pour = functools.partial(
                run_conversion,
                source.stream,
                source_format,
                target_format,
                errors=args.errors,
                signature=args.signature,
                report=report,
                each_loss=told.loss if shape.every_loss else None,
                report_all=shape.every_loss,  # under strict, still report every loss
                control=Control(progress=bar.update) if bar else UNCONTROLLED,
            )
            try:
                _write(lambda write: pour(write=write), args, strict)
            finally:
                if bar:
                    bar.clear()
    except Terminated:
        return EXIT_TERMINATED
    except (ConversionLossError, SourceChangedError) as refused:
        if not shape.every_loss:
            raise  # one line from the command's error handler
        _say(f"{refused}; nothing was written (--errors replace writes and reports every loss)")
        told.finish(0)
        return EXIT_STRICT
    told.warn_if_changed()
    code = _verify(args, source_format, target_format) if args.verify else EXIT_OK
    told.finish(report.bytes_written)  # last, so that a JSON report stays stderr's last line
    return code


def _same_file(source: str | None, output: str | None) -> bool:
    try:
        return bool(source and output) and os.path.samefile(source or "", output or "")
    except OSError:
        return False


def _say(line: str) -> None:
    print(f"mojiscope: {' '.join(line.split())}", file=sys.stderr, flush=True)


def _progress_bar(source: ByteInput, args: argparse.Namespace) -> ProgressBar | None:
    big = source.size is not None and source.size > PROGRESS_MIN_BYTES
    if big and not args.json and sys.stderr.isatty():
        return ProgressBar(source.size or 0)
    return None


def _write(pour: Pour, args: argparse.Namespace, strict: bool) -> None:
    """Run the conversion into where ``args`` says. A regular file is written
    atomically; a stream or special file directly under replace, and under
    strict only once the whole conversion succeeded (spooled until then)."""
    output = args.output
    if output not in (None, "-") and not is_special_file(output):
        with atomic_output(output) as out:
            if not (args.verify and args.replaces_input):
                pour(out.write)
                return
            args.digest = DigestWriter(out)  # for --verify of a file that replaced its input
            pour(args.digest.write)
            return
    with contextlib.ExitStack() as stack:
        final = stack.enter_context(atomic_output(output)) if output not in (None, "-") else None
        final = final or sys.stdout.buffer
        if not strict:
            pour(final.write)
        else:
            spool = stack.enter_context(tempfile.TemporaryFile(prefix="mojiscope-"))
            pour(spool.write)
            spool.seek(0)
            shutil.copyfileobj(spool, final, 1 << 20)
        final.flush()


def _verify(args: argparse.Namespace, source_format: Format, target_format: Format) -> int:
    if args.replaces_input:
        result = verify_digest(args.output, args.digest)
        _say(result.message)
        return EXIT_OK if result.ok else EXIT_STRICT
    if args.hex is not None:
        from mojiscope.core.paste.hex import parse_hex

        source: bytes | str = parse_hex(args.hex)
    else:
        source = args.file
    result = verify_output(
        source, source_format, target_format, args.output, signature=args.signature
    )
    _say(result.message)
    return EXIT_OK if result.ok else EXIT_STRICT
