"""Sources: bytes in memory and memory-mapped files."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.residency import (
    cached_bytes,
    needs_fincore,
    needs_smaps,
    resident_bytes,
    write_clean,
)

from mojiscope.core import BytesSource, FileSource, decode, get_format
from mojiscope.core.system.page_cache import page_in_memory


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


@needs_fincore
def test_a_file_knows_which_of_its_pages_are_in_memory(tmp_path: Path) -> None:
    path = tmp_path / "some.bin"
    write_clean(path, os.urandom(1 << 20))
    with FileSource(path) as source:
        assert source.in_memory(5000)  # just written: cached
        source.release(0, 1 << 20)
        assert cached_bytes(path) == 0
        assert not source.in_memory(5000)  # reading it would wait for the disk
        source.read(4096, 8192)
        assert source.in_memory(5000)
    sparse = tmp_path / "sparse.bin"
    with sparse.open("wb") as f:
        f.truncate(64 << 20)
        f.seek(32 << 20)
        f.write(b"data")
    with FileSource(sparse) as source:
        assert not source.in_memory(1 << 20)  # a hole: reading it takes a fresh page
        assert not source.in_memory(48 << 20)  # a hole to the end
    assert BytesSource(b"abc").in_memory(1)


def test_asking_whether_a_page_is_in_memory_leaves_the_files_position(tmp_path: Path) -> None:
    # Asking moved the position of the descriptor a conversion reads from:
    # it then read the wrong bytes and said the file had changed.
    path = tmp_path / "read.bin"
    path.write_bytes(b"a" * 10_000)
    with path.open("rb", buffering=0) as f:
        f.read(100)
        page_in_memory(f.fileno(), 8000)
        page_in_memory(f.fileno(), 50_000)  # past the end: ENXIO
        assert f.tell() == 100


def test_read_once_hands_out_the_bytes_in_order_and_they_stay_readable(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from mojiscope.core.system.source import FileSource, read_once

    data = bytes(range(256)) * 100
    path = tmp_path / "once.bin"
    path.write_bytes(data)
    with FileSource(path) as source:
        read = read_once(source, 10)
        parts = [read(4096) for _ in range(8)]
        assert b"".join(parts) == data[10:]
        assert read(10) == b""
        assert source.read(0, 20) == data[:20]  # let go of, not lost


def test_a_slice_is_a_source_of_its_own_with_offsets_from_its_start() -> None:
    from mojiscope.core.system.source import SliceSource

    inner = BytesSource(b"0123456789")
    part = SliceSource(inner, 3, 8)
    assert len(part) == 5 and part.read(0, 5) == b"34567"
    assert part.read(2, 100) == b"567" and part.read(-4, 1) == b"3"
    assert len(SliceSource(inner, 8, 3)) == 0 and len(SliceSource(inner, 5, 99)) == 5
