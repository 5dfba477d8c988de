"""The ``mojiscope`` command (and ``python -m mojiscope``).

::

    mojiscope formats [--json]
    mojiscope inspect (FILE | - | --hex HEX) --format ID [--errors replace|strict]
                      [--policy maximal-subpart|per-byte|per-run]
                      [--offset N] [--length N] [--json]
    mojiscope inspect (FILE | - | --hex HEX) --summary [--format ID]... [--json]
    mojiscope convert (FILE | - | --hex HEX) --from ID --to ID [-o OUT]
                      [--errors strict|replace] [--signature] [--report] [--json] [--verify]
    mojiscope gui [FILE...] [--screenshot OUT.png] [--select START:END] [--formats ID,...]
                  [--compare]
    mojiscope mojibake (FILE... | --hex HEX) [--json] [--candidates N]
                      [--segments] [--fix -o OUT [--errors strict|replace] [--journal J]]
    mojiscope mojibake --undo JOURNAL -o OUT [REPAIRED]
    mojiscope compare (FILE | - | --hex HEX) -f ID -f ID [-f ID]... [--json]
    mojiscope diff A B [-f ID [-f ID]] [--json]
    mojiscope diff --textconv FILE
    mojiscope scan PATH... [--json | --csv | --sarif] [--fail-on KIND,...]
                   [--engine local|dask] ...    (see mojiscope.cli.scan)
    mojiscope FILE      # the same as: mojiscope gui FILE
    mojiscope           # the GUI on the bundled demo

Exit codes (:mod:`mojiscope.cli.errors`): 0 done; 1 a decode or encode error
or a conversion loss under ``--errors strict``; 2 bad usage, an unknown
format, an unreadable file, an unwritable output (a closed standard output
too) or bad hex; 130 interrupted (Ctrl-C, SIGINT); 141 the reader of standard
output went away (a broken pipe, as in ``mojiscope ... | head``: nothing is
printed). A failure prints one line on stderr and never a traceback; so do
argparse's usage errors. Text goes out as UTF-8 whatever the locale says.
Offsets and counts are ASCII digits, decimal or ``0x`` hex.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import io
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from mojiscope import __version__
from mojiscope.cli.errors import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_STRICT,
    EXIT_USAGE,
    UsageError,
)
from mojiscope.core import DecodeError, EncodeError, MojiscopeError
from mojiscope.core.conversion.convert import ConversionLossError
from mojiscope.core.conversion.input import SourceChangedError
from mojiscope.core.system.allocator import keep_freed_memory

COMMANDS = ("formats", "inspect", "convert", "gui", "mojibake", "compare", "diff", "scan")
_POLICIES = ("maximal-subpart", "per-byte", "per-run")
_LOOKS_LIKE_A_COMMAND = re.compile(r"[a-z][a-z-]*\Z")
_DECIMAL = re.compile(r"[0-9]+")
_HEX = re.compile(r"0[xX][0-9a-fA-F]+")


def byte_count(text: str) -> int:
    """A non-negative byte count or offset: ASCII decimal digits or ``0x``
    and ASCII hex digits, nothing else (Python's ``int`` would also take
    other scripts' digits, Arabic-Indic one for 1, signs, spaces and underscores)."""
    if _DECIMAL.fullmatch(text):
        return int(text, 10)
    if _HEX.fullmatch(text):
        return int(text, 16)
    if text.strip().startswith("-"):
        raise argparse.ArgumentTypeError(f"must not be negative: {text!r}")
    raise argparse.ArgumentTypeError(
        f"not a byte offset: {text!r} (expected ASCII digits 0-9, or 0x and hex digits)"
    )


class _OneLineParser(argparse.ArgumentParser):
    """argparse, except that a usage error is one line on stderr (``mojiscope
    inspect: the following arguments are required: ...``), pointing at
    ``--help`` instead of printing the whole usage."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _lazy(module: str, function: str) -> Callable[[argparse.Namespace], int]:
    """A command runner imported only when its command runs."""

    def run(args: argparse.Namespace) -> int:
        import importlib

        runner: Callable[[argparse.Namespace], int] = getattr(
            importlib.import_module(f"mojiscope.cli.{module}"), function
        )
        return runner(args)

    return run


def _add_input(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", metavar="FILE", help="the input file, or - for stdin")
    source.add_argument(
        "--hex", metavar="HEX", help="the input as hex text (xxd and hexdump -C too)"
    )


def _add_formats_command(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser("formats", help="list the formats")
    parser.add_argument("--json", action="store_true", help="print a JSON array")
    parser.set_defaults(run=_lazy("formats", "run_formats"))


def _add_inspect_command(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "inspect", help="show what a format makes of some bytes, span by span"
    )
    _add_input(parser)
    parser.add_argument(
        "-f",
        "--format",
        action="append",
        metavar="ID",
        help="the format to decode with (with --summary: repeatable; default every format)",
    )
    parser.add_argument(
        "--summary",
        action="store_true",
        help="per format: counts, a verdict and a rank over the whole input",
    )
    parser.add_argument(
        "--fail-on",
        metavar="KIND[,KIND...]",
        help="with --summary: exit 1 when any of these is found (invalid, surrogate, error, "
        "bidi, invisible, private-use, noncharacter, bom...), in each --format, or else in "
        "the format ranked first",
    )
    parser.add_argument(
        "--errors",
        choices=("replace", "strict"),
        default="replace",
        help="strict: stop with exit 1 at the first error span",
    )
    parser.add_argument(
        "--policy",
        choices=_POLICIES,
        default="maximal-subpart",
        help="how many U+FFFD an ill-formed run becomes (utf-8)",
    )
    parser.add_argument(
        "--offset",
        type=byte_count,
        default=0,
        metavar="N",
        help="start at byte N (snapped back to a boundary)",
    )
    parser.add_argument(
        "--length",
        type=byte_count,
        metavar="N",
        help="the spans that start in N bytes from --offset",
    )
    parser.add_argument(
        "--json", action="store_true", help="one JSON object per span (or format) per line"
    )
    parser.set_defaults(run=_lazy("summary", "run_inspect_command"))


def _add_convert_command(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser("convert", help="decode with one format, encode with another")
    _add_input(parser)
    parser.add_argument(
        "--from",
        dest="from_format",
        required=True,
        metavar="ID",
        help="the format the input is in (see `mojiscope formats`, or any Python codec name)",
    )
    parser.add_argument(
        "--to",
        dest="to_format",
        required=True,
        metavar="ID",
        help="the format to write (see `mojiscope formats`, or any Python codec name)",
    )
    parser.add_argument("-o", "--output", metavar="OUT", help="the output file (default: stdout)")
    parser.add_argument(
        "--errors",
        choices=("strict", "replace"),
        default="strict",
        help="strict: exit 1 at the first loss, writing nothing; "
        "replace: write and report the losses on stderr",
    )
    parser.add_argument(
        "--signature",
        action="store_true",
        help="begin the output with the target's signature (BOM)",
    )
    parser.add_argument(
        "--report", action="store_true", help="print every loss on stderr, in words"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="the loss report as one JSON object on stderr's last line",
    )
    parser.add_argument(
        "--verify", action="store_true", help="reread OUT and check it is the text meant"
    )
    parser.set_defaults(run=_lazy("convert", "run_convert"))


def _add_gui_command(commands: argparse._SubParsersAction[Any]) -> None:
    from mojiscope.cli.gui import parse_format_list, parse_selection

    parser = commands.add_parser("gui", help="open the desktop application")
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="the files to open, each in its own window, as a desktop entry's %%F "
        "passes them (default: the demo)",
    )
    parser.add_argument(
        "--screenshot", metavar="OUT.png", help="save a picture of the window, quit"
    )
    parser.add_argument(
        "--select", type=parse_selection, metavar="START:END", help="select these bytes"
    )
    parser.add_argument(
        "--formats", type=parse_format_list, metavar="ID,ID,...", help="the formats to show"
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="compare mode on: outline where the formats on show disagree (F7 / Shift+F7)",
    )
    parser.set_defaults(run=_lazy("gui", "run_gui"))


def _add_mojibake_command(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "mojibake", help="find the chain of misreadings that made some bytes, and repair them"
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="input files (- for stdin)")
    parser.add_argument("--hex", metavar="HEX", help="the input as hex text")
    parser.add_argument("--json", action="store_true", help="one JSON object per input per line")
    parser.add_argument(
        "--candidates", type=int, default=5, metavar="N", help="show at most N (default 5)"
    )
    parser.add_argument(
        "--segments",
        action="store_true",
        help="the segment map of the whole input: which parts were misread how",
    )
    parser.add_argument(
        "--fix", action="store_true", help="write the repair, segment by segment, to -o OUT"
    )
    parser.add_argument("-o", "--output", metavar="OUT", help="where --fix and --undo write")
    parser.add_argument(
        "--errors",
        choices=("strict", "replace"),
        default="strict",
        help="--fix: strict refuses bytes no chain undoes and guessed bytes; replace writes "
        "U+FFFD and the guesses, and reports each",
    )
    parser.add_argument(
        "--journal", metavar="JOURNAL", help="--fix: write the undo journal of the repair here"
    )
    parser.add_argument(
        "--undo",
        metavar="JOURNAL",
        help="write the original bytes back from a repaired file and its journal to -o OUT",
    )
    parser.set_defaults(run=_lazy("mojibake", "run_mojibake"))


def _add_compare_command(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "compare", help="show where formats read the same bytes differently"
    )
    _add_input(parser)
    parser.add_argument(
        "-f",
        "--format",
        action="append",
        metavar="ID",
        help="a format to compare (at least two: -f utf-8 -f wtf-8)",
    )
    parser.add_argument(
        "--json", action="store_true", help="one JSON object per differing range per line"
    )
    parser.set_defaults(run=_lazy("compare", "run_compare"))


def _add_diff_command(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "diff",
        help="compare two files with their encodings in mind: identical, the same text in "
        "another encoding, a byte order mark, line ends, a misreading, or where the text differs",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="A and B (one with --textconv)")
    parser.add_argument(
        "-f",
        "--format",
        action="append",
        metavar="ID",
        help="read A (the first -f) and B (the second; one -f for both) in this format",
    )
    parser.add_argument("--json", action="store_true", help="the comparison as one JSON object")
    parser.add_argument(
        "--textconv",
        action="store_true",
        help="print FILE's text as UTF-8, for git's textconv (docs/COMPARE.md)",
    )
    parser.set_defaults(run=_lazy("diff", "run_diff"))


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="mojiscope",
        description="Inspect bytes that are meant to be text: how each format decodes them, "
        "where they are ill-formed and why, and what a conversion would lose.",
        epilog="mojiscope FILE opens FILE in the GUI; mojiscope alone opens the demo. "
        "Exit codes: 0 done, 1 decode/encode error or loss under --errors strict, "
        "2 bad usage, unknown format, unreadable file, unwritable output or bad hex, "
        "130 interrupted (Ctrl-C), 141 standard output closed by its reader "
        "(a broken pipe, e.g. | head).",
    )
    parser.add_argument("--version", action="version", version=f"mojiscope {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_formats_command(commands)
    _add_inspect_command(commands)
    _add_convert_command(commands)
    _add_gui_command(commands)
    _add_mojibake_command(commands)
    _add_compare_command(commands)
    _add_diff_command(commands)
    from mojiscope.cli.scan import add_scan_command

    add_scan_command(commands)
    return parser


def route(argv: list[str]) -> list[str]:
    """Send ``mojiscope``, ``mojiscope FILE ...`` and ``mojiscope --screenshot
    ...`` to the ``gui`` command; leave commands and ``-h``/``--version`` be.
    A word that is neither a command nor an existing file is a usage error."""
    if not argv:
        return ["gui"]
    first = argv[0]
    if first in COMMANDS or first in ("-h", "--help", "--version"):
        return argv
    if _LOOKS_LIKE_A_COMMAND.match(first) and not os.path.exists(first):
        close = difflib.get_close_matches(first, COMMANDS, n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise UsageError(f"{first!r} is neither a command ({', '.join(COMMANDS)}) nor a file{hint}")
    return ["gui", *argv]


class _ClosedOutput(io.TextIOBase):
    """Standing in for a standard stream that was closed before we started
    (``mojiscope formats >&-``, where Python sets ``sys.stdout`` to
    ``None``): writing to it raises :class:`OSError` (EBADF) naming the
    stream, which ``main`` reports in one line; a command that writes
    nothing there (the GUI) is not disturbed."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.stream_name = name

    @property
    def buffer(self) -> _ClosedOutput:
        return self

    def _closed(self) -> OSError:
        return OSError(errno.EBADF, "it is closed, so nothing can be written", self.stream_name)

    def write(self, text: object) -> int:
        raise self._closed()

    def fileno(self) -> int:
        raise self._closed()

    def flush(self) -> None:
        pass


def _stand_in_for_closed_streams() -> None:
    if sys.stdout is None:
        sys.stdout = _ClosedOutput("standard output")
    if sys.stderr is None:
        # Nowhere to report anything: swallow it rather than fail.
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process


def _use_utf8_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8", errors="backslashreplace")


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = exc.filename if exc.filename is not None else ""
        text = f"{where}: {exc.strerror}" if where else exc.strerror
    else:
        text = str(exc) or type(exc).__name__
    if isinstance(exc, ConversionLossError):
        text += "; nothing was written (--errors replace writes and reports every loss)"
    return " ".join(text.split())


def _fail(exc: BaseException, code: int) -> int:
    print(f"mojiscope: {_one_line(exc)}", file=sys.stderr)
    return code


def _quiet_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so that the flush at
    exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (argparse's own usage
    errors exit 2 through :class:`SystemExit`)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    keep_freed_memory()  # a short-lived process scanning in chunks
    _stand_in_for_closed_streams()
    _use_utf8_streams()
    try:
        args = build_parser().parse_args(route(arguments))
        return int(args.run(args))
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    except (DecodeError, EncodeError, ConversionLossError, SourceChangedError) as exc:
        return _fail(exc, EXIT_STRICT)
    except (MojiscopeError, UsageError, OSError) as exc:
        return _fail(exc, EXIT_USAGE)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
