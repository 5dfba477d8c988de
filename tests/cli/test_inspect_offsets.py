"""``mojiscope inspect --offset``, run as a real process: the end of the input,
standard input against a file, and the strict error of a WTF-8 surrogate pair
(issue 12, items 3, 4 and 5)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mojiscope.core import DecodeError, decode

# Corrected UTF-8: FE opens a reserved run that every following 80 belongs to.
LONG_RESERVED_RUN = b"\xfe" + b"\x80" * 100_000


@pytest.mark.parametrize("where", ["hex", "stdin", "file"])
def test_offset_at_the_end_prints_no_span_and_no_warning(mojiscope, tmp_path, where):
    data = b"ABC"
    path = tmp_path / "abc.txt"
    path.write_bytes(data)
    source = {"hex": ("--hex", "41 42 43"), "stdin": ("-",), "file": (path,)}[where]
    run = mojiscope("inspect", *source, "-f", "utf-8", "--json", "--offset", 3, stdin=data)
    assert run.returncode == 0
    assert run.stdout == b""
    assert run.stderr == ""


def test_summary_at_the_end_says_no_byte_was_decoded_there(mojiscope):
    run = mojiscope("inspect", "--hex", "41 42 43", "-f", "utf-8", "--offset", 3)
    assert run.returncode == 0
    out = run.stdout.decode()
    assert "decoded:    bytes 3..3 into 0 characters" in out and "spans:      0" in out


def test_stdin_offset_far_inside_a_reserved_run_agrees_with_the_file(mojiscope, tmp_path):
    path = tmp_path / "reserved.bin"
    path.write_bytes(LONG_RESERVED_RUN)
    args = ("-f", "corrected-utf-8", "--json", "--offset", 90_000, "--length", 1)
    from_file = mojiscope("inspect", path, *args)
    from_stdin = mojiscope("inspect", "-", *args, stdin=LONG_RESERVED_RUN)
    assert from_file.returncode == from_stdin.returncode == 0
    (record,) = from_stdin.json_lines()
    assert record["kind"] == "reserved" and record["bytes"] == [0, 100_001]
    assert from_stdin.stdout == from_file.stdout
    assert from_stdin.stderr == from_file.stderr.replace(str(path), "<stdin>")
    assert "starting at byte 0" in from_stdin.stderr


def test_stdin_offset_past_the_end_is_a_usage_error(mojiscope):
    run = mojiscope("inspect", "-", "-f", "utf-8", "--json", "--offset", 4, stdin=b"ABC")
    assert run.returncode == 2
    assert run.stderr_lines == ["mojiscope: --offset 4 is past the end of <stdin> (3 bytes)"]


@pytest.mark.parametrize("json", [True, False], ids=["json", "summary"])
def test_strict_error_for_a_wtf8_surrogate_pair_names_all_six_bytes(mojiscope, json):
    data = bytes.fromhex("61 ed a0 bd ed b2 a9 62")  # "a", U+D83D U+DCA9 as two 3-byte forms, "b"
    with pytest.raises(DecodeError) as api:
        decode(data, "wtf-8", errors="strict")
    flags = ("--json",) if json else ()
    run = mojiscope("inspect", "--hex", data.hex(" "), "-f", "wtf-8", "--errors", "strict", *flags)
    assert run.returncode == 1
    assert run.stderr_lines == [f"mojiscope: {api.value}"]
    assert "ED A0 BD ED B2 A9 at byte offset 1" in run.stderr


# A subprocess that runs the real command line with gb18030's resync marked a
# guess, as ``Format.exact_resync`` marks the multi-byte code pages.
GUESSED_RESYNC = (
    "import sys; from mojiscope.core import get_format; "
    "get_format('gb18030').exact_resync = False; "
    "from mojiscope.cli.main import main; sys.exit(main(sys.argv[1:]))"
)
# CJK prose with CRLF line ends: no three ASCII bytes in a row to resync after.
CJK_PROSE = "\u5ae6\u6043\u8556\u4e2d\u6587\u6587\u672c\r\n".encode("gb18030") * 2000


@pytest.mark.parametrize("where", ["file", "stdin"])
@pytest.mark.parametrize("offset", [5000, 5001, 20_001])
def test_offset_where_resync_is_a_guess_decodes_from_byte_0(tmp_path, where, offset):
    data = b"x" + CJK_PROSE  # one byte shifts every pair: a guess would pair them wrongly
    path = tmp_path / "prose.txt"
    path.write_bytes(data)
    source = str(path) if where == "file" else "-"
    args = ["inspect", source, "-f", "gb18030", "--json", "--offset", str(offset), "--length", "40"]
    run = subprocess.run(
        [sys.executable, "-c", GUESSED_RESYNC, *args],
        input=data,
        capture_output=True,
        check=False,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    records = [json.loads(line) for line in run.stdout.decode("ascii").splitlines()]
    truth = decode(data, "gb18030")
    char, _ = truth.char_of_byte(offset)
    first_byte, _ = truth.bytes_of_char(char)
    assert records[0]["bytes"][0] == first_byte <= offset
    text = "".join(r["text"] for r in records)
    assert text == data[first_byte : records[-1]["bytes"][1]].decode("gb18030")
    assert truth.text[char:].startswith(text)


def test_inspect_strict_refuses_a_corrected_utf8_nul_as_the_api_does(mojiscope):
    """Corrected UTF-8's U+0000 outside the magic number is a warning that
    strict refuses (Format.strict_refuses): the command line agrees."""
    run = mojiscope("inspect", "--hex", "41 00 42", "-f", "corrected-utf-8", "--errors", "strict")
    assert run.returncode == 1
    assert "byte offset 1" in run.stderr and "nul" in run.stderr
