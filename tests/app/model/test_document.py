"""Documents decode only the windows a view asks for, and keep only a few."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest

from mojiscope.app.model.document import WINDOW, WINDOWS_PER_FORMAT, Document
from mojiscope.app.model.formats import FormatChoice, resolve


def choice(key: str) -> FormatChoice:
    found = resolve(key)
    assert found is not None
    return found


def assert_chars_tile(chars: list, lo: int, hi: int) -> None:  # type: ignore[type-arg]
    assert chars[0].byte_start <= lo
    assert chars[-1].byte_end >= hi
    for before, after in itertools.pairwise(chars):
        assert before.byte_end == after.byte_start
        assert before.byte_start < before.byte_end


def test_only_visible_windows_are_decoded_and_the_cache_is_bounded() -> None:
    document = Document.from_bytes(bytes(20 * WINDOW))
    utf8 = choice("utf-8")
    document.chars(utf8, 5 * WINDOW + 10, 5 * WINDOW + 500)
    assert document.cached_windows() == {"utf-8": [5]}
    for index in range(10):
        document.chars(utf8, index * WINDOW, index * WINDOW + 16)
    assert len(document.cached_windows()["utf-8"]) == WINDOWS_PER_FORMAT


def test_opening_a_large_sparse_file_is_fast_and_decodes_only_what_is_looked_at(
    tmp_path: Path,
) -> None:
    small = tmp_path / "small.bin"
    small.write_bytes(b"x" * 1024)
    large = tmp_path / "large.bin"
    with open(large, "wb") as f:
        f.truncate(1 << 30)
    started = time.perf_counter()
    Document.open_file(small).close()
    small_cost = time.perf_counter() - started
    started = time.perf_counter()
    document = Document.open_file(large)
    large_cost = time.perf_counter() - started
    try:
        assert document.size == 1 << 30
        assert large_cost - small_cost < 0.5
        assert document.cached_windows() == {}
        middle = document.size // 2 + 12345
        chars = document.chars(choice("utf-8"), middle, middle + 256)
        assert_chars_tile(chars, middle, middle + 256)
        assert document.cached_windows() == {"utf-8": [middle // WINDOW]}
    finally:
        document.close()


def test_unreadable_paths_raise_oserror(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        Document.open_file(tmp_path / "missing.bin")
    with pytest.raises(OSError):
        Document.open_file(tmp_path)
