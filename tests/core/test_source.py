"""Sources: bytes in memory and memory-mapped files."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from mojiscope.core import BytesSource, FileSource, decode, get_format
from tests.core.residency import needs_smaps, resident_bytes


def test_file_source_reads_slices_without_reading_the_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "big.bin"
    with open(path, "wb") as f:
        f.truncate(1 << 30)  # sparse: costs no disk
        f.seek(1 << 29)
        f.write(b"caf\xc3\xa9")
    with FileSource(path) as source:
        assert len(source) == 1 << 30
        assert source.read((1 << 29), (1 << 29) + 5) == b"caf\xc3\xa9"
        assert source.read(-5, 3) == b"\0\0\0"  # clipped at both ends
        assert source.read((1 << 30) - 2, (1 << 30) + 10) == b"\0\0"


def test_a_file_truncated_while_mapped_reads_short_instead_of_crashing(tmp_path: Path) -> None:
    # Touching a mapped page past a file's new end raises SIGBUS, which kills
    # the process; the source must check the size before every read.
    path = tmp_path / "shrinking.bin"
    path.write_bytes(b"x" * 100_000)
    with FileSource(path) as source:
        assert len(source) == 100_000
        with open(path, "r+b") as f:
            f.truncate(10)
        assert source.read(0, 100_000) == b"x" * 10
        assert source.read(50_000, 60_000) == b""
        assert source.shrunk
        window = get_format("utf-8").decode_window(source, 50_000, 60_000)
        assert len(window.spans) == 0 and window.text == ""  # nothing left there to show


def test_empty_file_maps_to_nothing(tmp_path: Path) -> None:
    path = tmp_path / "empty.bin"
    path.write_bytes(b"")
    with FileSource(path) as source:
        assert len(source) == 0
        assert source.read(0, 10) == b""
        assert decode(source.read(0, 10)).text == ""


def test_bytes_source_matches_file_source(tmp_path: Path) -> None:
    data = bytes(range(256)) * 3
    path = tmp_path / "same.bin"
    path.write_bytes(data)
    with FileSource(path) as mapped:
        in_memory = BytesSource(data)
        for start, end in [(0, 10), (100, 700), (760, 900)]:
            assert mapped.read(start, end) == in_memory.read(start, end)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda p: os.mkfifo(p), "a FIFO (named pipe)"),
        (lambda p: os.symlink("/dev/null", p), "a character device"),
    ],
    ids=["fifo without a writer", "character device"],
)
def test_a_file_that_is_not_regular_is_refused_at_once(
    tmp_path: Path, make: Callable[[Path], None], says: str
) -> None:
    special = tmp_path / "special"
    make(special)
    with pytest.raises(OSError, match=f"not a regular file: it is {re.escape(says)}") as caught:
        FileSource(special)  # returns at once: opening a FIFO never waits for a writer
    assert caught.value.filename == str(special)


def test_a_folder_is_refused_as_a_folder(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        FileSource(tmp_path)


@needs_smaps
def test_releasing_a_range_lets_its_pages_go_and_it_still_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "scanned.bin"
    data = os.urandom(4 << 20)
    path.write_bytes(data)
    with FileSource(path) as source:
        assert source.read(0, len(data)) == data
        assert resident_bytes(path) >= 4 << 20
        source.release(0, 3 << 20)
        assert resident_bytes(path) <= (1 << 20) + 4096  # only the last MiB stays
        source.release(0, len(data))
        assert resident_bytes(path) == 0
        assert source.read(1000, 2 << 20) == data[1000 : 2 << 20]  # read again, from the file


def test_releasing_outside_a_source_or_from_one_in_memory_is_harmless(tmp_path: Path) -> None:
    path = tmp_path / "small.bin"
    path.write_bytes(b"abc")
    with FileSource(path) as source:
        source.release(-10, 1 << 40)
        source.release(5, 2)
        assert source.read(0, 3) == b"abc"
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with FileSource(empty) as nothing:
        nothing.release(0, 10)
        assert nothing.read(0, 10) == b""
    memory = BytesSource(b"xyz")
    memory.release(0, 3)
    assert memory.read(0, 3) == b"xyz"
