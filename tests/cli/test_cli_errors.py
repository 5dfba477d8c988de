"""The command line's error paths (issue 12, items 11, 14 and 18): a closed
standard output, argparse's usage errors, format names that are no format
and offsets that are not ASCII each end in one line on stderr and exit 2,
never a traceback (``run_mojiscope`` fails on any)."""

from __future__ import annotations

import argparse
import os
import string
import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.cli.main import build_parser, byte_count

HEX_INPUT = ("--hex", "41 42 43")


def _close_stdout() -> None:
    os.close(1)


@pytest.mark.parametrize(
    "args",
    [
        ("formats",),
        ("formats", "--json"),
        ("inspect", *HEX_INPUT, "-f", "utf-8"),
        ("inspect", *HEX_INPUT, "-f", "utf-8", "--json"),
        ("convert", *HEX_INPUT, "--from", "utf-8", "--to", "utf-16le"),
    ],
    ids=["formats", "formats --json", "inspect", "inspect --json", "convert"],
)
def test_closed_stdout_is_one_line_and_exit_2(mojiscope_argv, args):
    # mojiscope formats >&-
    completed = subprocess.run(
        [*mojiscope_argv, *args],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=_close_stdout,  # the child must start with fd 1 closed
        timeout=120,
        check=False,
    )
    stderr = completed.stderr.decode()
    assert "Traceback" not in stderr
    assert completed.returncode == 2
    assert stderr.splitlines() == [
        "mojiscope: standard output: it is closed, so nothing can be written"
    ]


@pytest.mark.parametrize(
    ("args", "first_words"),
    [
        (("inspect", *HEX_INPUT), "mojiscope: inspect needs --format ID (or --summary"),
        (("inspect", *HEX_INPUT, "-f", "utf-8", "--bogus"), "mojiscope: unrecognized arguments"),
        (("convert", *HEX_INPUT, "--from", "utf-8"), "mojiscope convert: the following"),
        (("inspect", *HEX_INPUT, "-f", "utf-8", "--errors", "ignore"), "mojiscope inspect: "),
        (("inspect", *HEX_INPUT, "-f", "utf-8", "--offset", "x"), "mojiscope inspect: "),
        (("nonsense-command",), "mojiscope: 'nonsense-command' is neither a command"),
        (("--no-such-option",), "mojiscope: unrecognized arguments"),
    ],
    ids=["missing -f", "unknown option", "missing --to", "bad choice", "bad offset",
         "unknown command", "unknown top-level option"],
)  # fmt: skip
def test_usage_error_is_one_line(mojiscope, args, first_words):
    run = mojiscope(*args)
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1, run.stderr
    assert run.stderr_lines[0].startswith(first_words)
    assert run.stdout == b""


def test_help_still_prints_usage_and_exits_0(mojiscope):
    run = mojiscope("inspect", "--help")
    assert run.returncode == 0
    assert b"usage: mojiscope inspect" in run.stdout


def test_help_epilog_documents_every_exit_code():
    epilog = build_parser().epilog or ""
    for code in ("0 done", "1 decode/encode error", "2 bad usage", "130 interrupted", "141"):
        assert code in epilog


def test_module_docstring_documents_130_and_141():
    from mojiscope.cli import main as main_module

    doc = main_module.__doc__ or ""
    assert "130 interrupted" in doc and "141" in doc


@pytest.mark.parametrize(
    "name",
    ["undefined", os.fsdecode(b"\xff"), "iso2022_jp", "utf-8-sig", "rot13", ""],
    ids=["undefined", "byte FF", "stateful", "unicode form", "not text", "empty"],
)
@pytest.mark.parametrize("command", ["inspect", "convert"])
def test_format_that_is_no_format_is_one_line(mojiscope, command, name):
    # -f undefined and -f $'\xff' used to print tracebacks.
    options = ("-f", name) if command == "inspect" else ("--from", name, "--to", "utf-8")
    run = mojiscope(command, *HEX_INPUT, *options)
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1, run.stderr
    assert run.stderr_lines[0].startswith("mojiscope: ")


def test_refused_unicode_form_names_the_format_to_use(mojiscope):
    run = mojiscope("inspect", *HEX_INPUT, "-f", "utf-8-sig")
    assert run.returncode == 2
    assert "use the format utf-8" in run.stderr


# -- offsets are ASCII ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["\u0661", "\u0ae7", "\uff11", "0x\u0661", "1\u0660", " 1", "1 ", "+1", "1_000", "0b1", "0o7",
     "", "0x", "1.0", "²"],
    ids=["Arabic-Indic 1", "Gujarati 1", "fullwidth 1", "0x Arabic-Indic", "1 Arabic-Indic 0",
         "leading space", "trailing space", "plus sign", "underscore", "binary", "octal",
         "empty", "0x alone", "decimal point", "superscript 2"],
)  # fmt: skip
def test_offset_that_is_not_ascii_digits_is_refused(mojiscope, text):
    run = mojiscope("inspect", *HEX_INPUT, "-f", "utf-8", "--offset", text)
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1
    assert "not a byte offset" in run.stderr


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("17", 17), ("007", 7), ("0x1F", 31)])
def test_ascii_offsets_are_read(text, value):
    assert byte_count(text) == value


def test_negative_offset_says_so():
    with pytest.raises(argparse.ArgumentTypeError, match="must not be negative"):
        byte_count("-3")


def _ascii_offset(text: str) -> int | None:
    """What an offset should read as: ASCII decimal, or 0x/0X and ASCII hex."""
    if text.isascii() and text.isdigit():
        return int(text, 10)
    digits = text[2:]
    if text[:2] in ("0x", "0X") and digits and all(c in string.hexdigits for c in digits):
        return int(digits, 16)
    return None


@given(st.text(max_size=8) | st.from_regex(r"0[xX][0-9a-fA-F]{1,6}", fullmatch=True))
def test_byte_count_takes_only_ascii_decimal_or_0x_hex(text):
    expected = _ascii_offset(text)
    if expected is None:
        with pytest.raises(argparse.ArgumentTypeError):
            byte_count(text)
    else:
        assert byte_count(text) == expected


def test_the_in_process_parser_rejects_a_non_ascii_offset(capsys):
    with pytest.raises(SystemExit) as caught:
        build_parser().parse_args(["inspect", "--hex", "41", "-f", "utf-8", "--offset", "\u0661"])
    assert caught.value.code == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


@pytest.mark.parametrize(
    "command", [["inspect", "-f", "utf-8"], ["convert", "--from", "utf-8", "--to", "utf-16le"]]
)
def test_a_fifo_as_input_is_refused_at_once(mojiscope, tmp_path, command):
    """Opening a FIFO with no writer used to hang `inspect`; `-` reads stdin."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    run = mojiscope(command[0], str(fifo), *command[1:], timeout=30)
    assert run.returncode == 2
    assert run.stderr.strip() == f"mojiscope: {fifo}: not a regular file: it is a FIFO (named pipe)"


def test_convert_help_says_what_from_and_to_are(mojiscope):
    run = mojiscope("convert", "--help")
    assert "the format the input is in" in run.stdout.decode()
    assert "the format to write" in run.stdout.decode()
