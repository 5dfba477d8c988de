"""``inspect --json`` and ``convert`` stream: their peak memory does not grow
with the input. Measured on the real command line in a child process, which reports
its own peak resident set size (VmHWM) as it exits.

The issue asks for under 200 MB on a 1 GB file; a 1 GB file is too heavy for
every test run, so this runs 8 MB and 64 MB inputs of the same make and
checks that the peak stays well under the limit and hardly moves between
them (a memory map, or holding the spans or the text, would add tens of MB).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers.memory import peak_rss_mb

#: The issue's limit is 200 MB for 1 GB; these inputs must stay well under it.
LIMIT_MB = 150
#: How much more the 64 MB input may cost than the 8 MB one.
GROWTH_MB = 24


def write_sample(path, megabytes: int) -> None:
    """1 MB of random bytes (a span per byte or two: the dense worst case),
    then text with an invalid byte every 4 KB and an overlong pair."""
    block = bytearray(("text, texte, текст, 文本 — " * 60_000).encode()[: 1 << 20])
    for i in range(1000, len(block), 4096):
        block[i] = 0xFF
    block[2000:2002] = b"\xc0\xaf"
    with open(path, "wb") as out:
        out.write(random.Random(1).randbytes(1 << 20))
        for _ in range(megabytes - 1):
            out.write(block)


@pytest.fixture(scope="module")
def samples(tmp_path_factory):
    directory = tmp_path_factory.mktemp("memory")
    paths = {}
    for megabytes in (8, 64):
        paths[megabytes] = directory / f"sample-{megabytes}.bin"
        write_sample(paths[megabytes], megabytes)
    return paths


COMMANDS = {
    "inspect --json": ("inspect", "{input}", "-f", "utf-8", "--json"),
    "inspect summary": ("inspect", "{input}", "-f", "utf-8"),
    "convert to utf-16le": (
        "convert",
        "{input}",
        "--from",
        "utf-8",
        "--to",
        "utf-16le",
        "--errors",
        "replace",
        "-o",
        "{output}",
    ),
    "convert to xtf-8 on stdout": (
        "convert",
        "{input}",
        "--from",
        "utf-8b",
        "--to",
        "xtf-8",
        "--errors",
        "replace",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("command", list(COMMANDS), ids=list(COMMANDS))
def test_peak_memory_does_not_grow_with_the_input(samples, tmp_path, command):
    peaks = {}
    for megabytes, path in samples.items():
        args = [a.format(input=path, output=tmp_path / "out.bin") for a in COMMANDS[command]]
        peaks[megabytes] = peak_rss_mb(args)
    assert peaks[64] < LIMIT_MB, peaks
    assert peaks[64] - peaks[8] < GROWTH_MB, peaks


def reserved_run(tmp_path: Path) -> Path:
    """Corrected UTF-8 FE then 64 MiB of 80: one reserved span."""
    path = tmp_path / "reserved.bin"
    with path.open("wb") as f:
        f.write(b"\xfe")
        for _ in range(64):
            f.write(b"\x80" * (1 << 20))
    return path


def test_one_token_of_64_mib_streams_in_bounded_memory(tmp_path: Path, mojiscope) -> None:  # type: ignore[no-untyped-def]
    """inspect holds only the edges of one 64 MiB token (issue 12, item 9;
    it held and copied all of it: 20 s and 167 MB)."""
    path = reserved_run(tmp_path)
    run = mojiscope("inspect", str(path), "-f", "corrected-utf-8")
    assert run.returncode == 0
    assert b"(67108865 bytes)" in run.stdout
    assert peak_rss_mb(["inspect", str(path), "-f", "corrected-utf-8"]) < LIMIT_MB / 2


def test_converting_one_token_of_64_mib_holds_only_its_edges(tmp_path: Path, mojiscope) -> None:  # type: ignore[no-untyped-def]
    """The same run through convert: one loss, reported with its full length."""
    path = reserved_run(tmp_path)
    out = tmp_path / "out.txt"
    args = ["convert", str(path), "--from", "corrected-utf-8", "--to", "utf-8"]
    run = mojiscope(*args, "-o", out, "--errors", "replace")
    assert run.returncode == 0
    assert "(67108865 bytes)" in run.stderr
    assert out.read_bytes() == b"\xef\xbf\xbd"
    assert peak_rss_mb([*args, "-o", str(out), "--errors", "replace"]) < LIMIT_MB / 2
