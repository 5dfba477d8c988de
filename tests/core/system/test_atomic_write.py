"""atomic_output: whole or absent for regular files, in place for special
files, and every error naming the path the caller gave."""

from __future__ import annotations

import os
import stat
import threading

import pytest

from mojiscope.core.system.atomic_write import atomic_output, is_special_file


def test_missing_folder_names_the_users_path_and_the_folder(tmp_path):
    target = tmp_path / "no-such-folder" / "out.txt"
    with pytest.raises(FileNotFoundError) as caught, atomic_output(target) as out:
        out.write(b"never")
    assert caught.value.filename == str(target)
    assert f"the folder {tmp_path / 'no-such-folder'} does not exist" in caught.value.strerror
    assert ".tmp" not in str(caught.value)


def test_full_disk_names_the_users_path():
    with pytest.raises(OSError) as caught, atomic_output("/dev/full") as out:
        out.write(b"x" * (1 << 17))
    assert caught.value.filename == "/dev/full"
    assert "No space left on device" in caught.value.strerror


def test_character_device_is_written_in_place_not_replaced(tmp_path):
    assert is_special_file("/dev/null")
    before = os.stat("/dev/null")
    with atomic_output("/dev/null") as out:
        out.write(b"discarded")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_fifo_is_written_in_place(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    with atomic_output(fifo) as out:
        out.write(b"through the pipe")
    reader.join(10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_an_exception_leaves_neither_the_target_nor_a_temporary(tmp_path):
    target = tmp_path / "out.txt"
    with pytest.raises(RuntimeError), atomic_output(target) as out:
        out.write(b"partial")
        raise RuntimeError("stopped")
    assert list(tmp_path.iterdir()) == []


def test_a_read_error_inside_the_block_is_not_blamed_on_the_output(tmp_path):
    target = tmp_path / "out.txt"
    with pytest.raises(FileNotFoundError) as caught, atomic_output(target):
        open(tmp_path / "missing-input", "rb")  # noqa: SIM115 - raises
    assert caught.value.filename == str(tmp_path / "missing-input")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_as_target_is_refused_naming_it(tmp_path):
    with pytest.raises(IsADirectoryError) as caught, atomic_output(tmp_path):
        pass
    assert caught.value.filename == str(tmp_path)
