"""The whole-file index: counts per chunk equal a whole decode's, anomaly
navigation through the index finds exactly the whole decode's anomalies, and
windows of non-resyncing code pages decode exactly as the whole file does."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.paths import TESTS
from helpers.processes import descendant_niceness, descendant_policies, process_table
from helpers.residency import (
    cached_bytes,
    needs_fincore,
    needs_smaps,
    resident_bytes,
    write_clean,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, FileSource, Format, Span, get_format
from mojiscope.core.index import pool as index_pool
from mojiscope.core.index import scan as index_scan
from mojiscope.core.index.file_index import FileIndex, build_index, chunk_size_for
from mojiscope.core.index.scan import ALIGN_STEP, ChunkCounts
from mojiscope.core.spans.event import KIND_CODES, REASON_CODES
from mojiscope.core.system import page_cache
from mojiscope.core.system.control import Cancelled, Control
from mojiscope.core.system.page_cache import LARGEST_FOLIO


def anomalies(fmt: Format, data: bytes) -> list[tuple[str, int, int, str | None]]:
    return [key(s) for s in fmt.decode(data).spans if s.kind != "text"]


def key(span: Span) -> tuple[str, int, int, str | None]:
    return (span.kind.value, span.byte_start, span.byte_end, span.reason)


def named_totals(index: FileIndex) -> dict[tuple[str, str | None], int]:
    out = {}
    for (kind, reason), number in index.totals().items():
        reason_name = REASON_CODES[reason]
        out[(KIND_CODES[kind].value, reason_name.value if reason_name else None)] = number
    return out


def walk_forward(index: FileIndex, source: BytesSource | FileSource) -> list[tuple]:  # type: ignore[type-arg]
    found, pos = [], -1
    while (span := index.next_anomaly(source, pos)) is not None:
        found.append(key(span))
        pos = span.byte_start
    return found


def walk_backward(index: FileIndex, source: BytesSource | FileSource) -> list[tuple]:  # type: ignore[type-arg]
    found, pos = [], len(source)
    while (span := index.previous_anomaly(source, pos)) is not None:
        found.append(key(span))
        pos = span.byte_start
    return found


def sparse_errors_text(n_lines: int) -> bytes:
    data = bytearray(("héllo wörld, ça va? " * 3 + "\n").encode() * n_lines)
    for p in range(997, len(data), 7919):
        data[p] = 0xFF
    return bytes(data)


def test_counts_equal_a_whole_decode(fmt: Format) -> None:
    data = sparse_errors_text(300) + random.Random(4).randbytes(3000)
    index = build_index(fmt, BytesSource(data))
    whole = {k: v for k, v in fmt.decode(data).counts().items() if k[0] != "text"}
    assert index.complete
    assert named_totals(index) == whole


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=200), chunk=st.sampled_from([1, 3, 16, 64]))
def test_navigation_through_any_chunking_finds_every_anomaly(data: bytes, chunk: int) -> None:
    for fid in ("utf-8", "wtf-8", "xtf-8", "stf-7", "corrected-utf-8", "utf-16le"):
        fmt = get_format(fid)
        source = BytesSource(data)
        index = build_index(fmt, source, index=FileIndex(fmt, len(data), chunk))
        expected = anomalies(fmt, data)
        assert walk_forward(index, source) == expected, fid
        assert walk_backward(index, source) == expected[::-1], fid


@settings(max_examples=60, deadline=None)
@given(
    data=st.binary(max_size=200),
    chunk=st.sampled_from([1, 3, 16, 64]),
    offset=st.integers(-1, 201),
    every=st.sampled_from([1, 2]),
)
def test_an_anomaly_start_known_from_the_counts_is_where_navigation_goes(
    data: bytes, chunk: int, offset: int, every: int
) -> None:
    """``next_anomaly_start``/``previous_anomaly_start`` answer only when the
    counts alone know, and then exactly where Next/Previous Anomaly goes
    (indexes complete, or with every other chunk missing)."""
    for fid in ("utf-8", "xtf-8", "utf-16le"):
        fmt = get_format(fid)
        source = BytesSource(data)
        index = FileIndex(fmt, len(data), chunk)
        for k in range(0, len(index.chunks), every):
            index.add(_count(fmt, source, *index.chunk_range(k)))
        ahead = index.next_anomaly_start(offset)
        if ahead is not None:
            span = index.next_anomaly(source, offset)
            assert span is not None and span.byte_start == ahead, fid
        behind = index.previous_anomaly_start(offset)
        if behind is not None:
            span = index.previous_anomaly(source, offset)
            assert span is not None and span.byte_start == behind, fid


def test_an_anomaly_start_is_known_in_a_later_chunk_not_within_the_cursors_own() -> None:
    fmt = get_format("utf-8")
    data = b"ab\x80cd\x80" + b"x" * 60 + b"\xff" + b"y" * 60
    index = build_index(fmt, BytesSource(data), index=FileIndex(fmt, len(data), 64))
    assert index.next_anomaly_start(0) == 2  # the first of its chunk
    assert index.next_anomaly_start(2) is None  # the next one in the chunk takes a decode
    assert index.next_anomaly_start(5) == 66  # the first of the next chunk with any
    assert index.previous_anomaly_start(100) == 66
    assert index.previous_anomaly_start(66) == 5  # the last of the chunk before
    assert index.next_anomaly_start(66) is None


def test_navigation_scans_where_the_index_has_not_reached() -> None:
    fmt = get_format("utf-8")
    data = sparse_errors_text(400)
    source = BytesSource(data)
    index = FileIndex(fmt, len(data), 1024)
    for k in range(0, len(index.chunks), 2):  # every other chunk indexed only
        lo, hi = index.chunk_range(k)
        index.add(_count(fmt, source, lo, hi))
    assert not index.complete
    assert walk_forward(index, source) == anomalies(fmt, data)


def _count(fmt: Format, source: BytesSource, lo: int, hi: int) -> ChunkCounts:
    from mojiscope.core.index.scan import count_chunk

    return count_chunk(fmt, source, lo, hi)


def chinese_without_ascii(n_chars: int) -> bytes:
    rng = random.Random(15)
    text = "".join(chr(rng.randrange(0x4E00, 0x9FA5)) for _ in range(n_chars))
    return text.encode("gb18030")


@pytest.mark.parametrize("fid", ["gb18030", "shift_jis"])
def test_windows_of_a_non_resyncing_code_page_decode_as_the_whole_file(fid: str) -> None:
    fmt = get_format(fid)
    if fid == "gb18030":
        data = chinese_without_ascii(150_000)
    else:
        data = "日本語のテキスト、アスキーなし。".encode("shift_jis") * 9000
    source = BytesSource(data)
    index = build_index(fmt, source)
    assert not index.exact_resync and index.bounds is not None
    whole = fmt.decode(data)
    whole_text = whole.text
    for start in (ALIGN_STEP + 1, 2 * ALIGN_STEP + 3, 3 * ALIGN_STEP - 1, len(data) - 5):
        window = index.exact_window(source, start, start + 200)
        assert window is not None
        assert window.byte_start <= start and window.byte_end >= min(start + 200, len(data))
        c0 = whole.char_of_byte(window.byte_start)[0]
        assert whole.bytes_of_char(c0)[0] == window.byte_start  # starts on a boundary
        assert window.text == whole_text[c0 : c0 + len(window.text)]


def test_a_window_into_chinese_without_ascii_is_a_guess_and_says_so() -> None:
    """Why the index records alignment: far from any boundary byte the
    format's own resync can only guess (a good guess, but one), and the
    window says so; the index's exact window never guesses."""
    fmt = get_format("gb18030")
    data = chinese_without_ascii(150_000)
    for start in range(ALIGN_STEP + 1, ALIGN_STEP + 41, 7):
        assert fmt.decode_window(data, start, start + 50).alignment_guessed


def test_chunk_sizes_give_about_a_thousand_chunks() -> None:
    assert chunk_size_for(10) == 4096
    assert chunk_size_for(1 << 30) == 1 << 20
    assert chunk_size_for(64 << 30) == 4 << 20


def test_building_streams_chunk_counts_and_can_be_cancelled() -> None:
    fmt = get_format("utf-8")
    data = sparse_errors_text(2000)
    seen: list[ChunkCounts] = []
    progress: list[int] = []
    index = build_index(fmt, BytesSource(data), Control(progress.append, emit=seen.append))
    assert len(seen) == len(index.chunks) and progress[-1] == len(data)
    assert progress == sorted(progress)
    with pytest.raises(Cancelled):
        build_index(fmt, BytesSource(data), Control(cancelled=lambda: True))


def test_a_large_file_is_counted_on_a_process_pool_like_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index_pool, "PARALLEL_MIN", 1 << 20)
    path = tmp_path / "big.txt"
    block = sparse_errors_text(2000)
    with path.open("wb") as f:
        for _ in range((2 << 20) // len(block) + 2):
            f.write(block)
    fmt = get_format("utf-8")
    with FileSource(path) as source:
        assert index_pool.worth_a_pool(source, 2)
        pooled = build_index(fmt, source, workers=2)
        single = build_index(fmt, source, index=FileIndex(fmt, len(source)), workers=1)
    assert pooled.complete and pooled.totals() == single.totals()
    assert [c.first for c in pooled.chunks if c] == [c.first for c in single.chunks if c]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads niceness from /proc")
@pytest.mark.parametrize(("background", "lowest"), [(True, 19), (False, 0)])
def test_a_windows_index_pool_works_at_the_lowest_priority_and_a_commands_at_its_own(
    background: bool, lowest: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At nice 5 a window's index took the window's CPU from under it: a held
    # Page Down on dense content waited 26-40 ms a page beside six formats
    # indexing, 20-21 ms with the workers at 19. A command the user waits
    # for (inspect --summary) keeps its own priority.
    monkeypatch.setattr(index_pool, "PARALLEL_MIN", 1 << 20)
    path = tmp_path / "zeros.bin"
    with path.open("wb") as f:
        f.truncate(64 << 20)  # eight batches: the pool lives while the first come back
    seen: list[int] = []
    policies: set[int] = set()

    def look(_done: int) -> None:
        seen.extend(descendant_niceness())
        policies.update(descendant_policies())

    with FileSource(path) as source:
        build_index(get_format("utf-8"), source, Control(look), workers=2, background=background)
    assert seen and max(seen) == min(os.nice(0) + lowest, 19)
    # Beside workers at nice 19 alone, the window's wake-ups still waited for
    # a core; SCHED_IDLE workers give it up as soon as the window wakes.
    if hasattr(os, "SCHED_IDLE"):
        idle = {os.SCHED_IDLE} if background else set()
        assert policies - {os.SCHED_OTHER} == idle


@needs_smaps
@needs_fincore
@pytest.mark.parametrize("fid", ["utf-8", "gb18030"])
def test_an_index_lets_go_of_what_it_read_in_and_keeps_what_was_cached(
    fid: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Indexing a 4 GiB file kept every page it had read in: the machine took
    # fresh pages for all of it (four times slower here) and other
    # processes' wake-ups waited up to 50 ms. Above RELEASE_MIN each chunk
    # read in is released once counted, sequentially (gb18030) or not
    # (utf-8); a file already cached stays cached (dropping it halved the
    # index's speed, and the next format's index wants it again).
    path = tmp_path / "large.txt"
    write_clean(path, sparse_errors_text(3000) * 40)
    fmt = get_format(fid)
    with FileSource(path) as source:
        monkeypatch.setattr(page_cache, "RELEASE_MIN", len(source) + 1)
        below = build_index(fmt, source, workers=1)
        assert resident_bytes(path) >= len(source) // 2  # below the size: pages stay
        monkeypatch.setattr(page_cache, "RELEASE_MIN", len(source))
        cached = build_index(fmt, source, workers=1)
        assert cached_bytes(path) >= len(source) // 2  # it was cached: it stays
        source.release(0, len(source))
        assert cached_bytes(path) == 0 and index_scan.worth_releasing(source)
        read_in = build_index(fmt, source, workers=1)
        assert resident_bytes(path) <= index_scan.RELEASE_LAG
        assert cached_bytes(path) <= index_scan.RELEASE_LAG + LARGEST_FOLIO
    assert below.totals() == cached.totals() == read_in.totals()
    assert read_in.complete


@pytest.mark.parametrize(
    ("fid", "data", "expected"),
    [
        ("utf-8", b"\xef\xbb\xbf" + b"plain text " * 500, {("signature", "bom"): 1}),
        (
            "xtf-8",
            b"text " * 500 + "\uef81".encode() + b" more" * 500,
            {("collision", "escape-range"): 1},
        ),
        ("wtf-8", b"a" * 5000 + b"\xed\xa0\x80" + b"b" * 5000, {("surrogate", "unpaired-lead"): 1}),
        (
            "utf-8",
            "é".encode() * 3000 + b"\x80" + "é".encode() * 3000,
            {("invalid", "stray-continuation"): 1},
        ),
    ],
    ids=[
        "bom at 0",
        "xtf-8 collision in valid UTF-8",
        "lone surrogate",
        "stray after 2-byte chars",
    ],
)
def test_valid_runs_skipped_fast_still_count_what_valid_utf8_hides(
    fid: str, data: bytes, expected: dict
) -> None:  # type: ignore[type-arg]
    fmt = get_format(fid)
    for chunk in (4096, 333, 7):
        index = build_index(fmt, BytesSource(data), index=FileIndex(fmt, len(data), chunk))
        assert named_totals(index) == expected, chunk


CALLER_KILLED_WHILE_INDEXING = """
import json, os, sys, threading
sys.path.insert(0, {root!r})
from helpers.processes import descendants
from mojiscope.core import get_format
from mojiscope.core.index import pool as index_pool
from mojiscope.core.system.control import Control
from mojiscope.core.index.file_index import build_index
from mojiscope.core.system.source import FileSource

if __name__ == "__main__":
    index_pool.PARALLEL_MIN = 1 << 20
    counting = threading.Event()
    source = FileSource({path!r})
    control = Control(lambda done: counting.set())
    def index():
        build_index(get_format("utf-8"), source, control, workers=2, background=True)
    threading.Thread(target=index, daemon=True).start()
    counting.wait(60)
    print(json.dumps(descendants()), flush=True)
    os._exit(0)  # killed mid-index, as a window can be
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_an_index_pool_whose_caller_was_killed_leaves_no_process_behind(tmp_path: Path) -> None:
    # A window killed while indexing left its two workers waiting for work
    # for good, and with them the fork server and the resource tracker.
    path = tmp_path / "zeros.bin"
    with path.open("wb") as f:
        f.truncate(64 << 20)  # eight batches: most still to count when it is killed
    root = str(TESTS)
    script = CALLER_KILLED_WHILE_INDEXING.format(root=root, path=str(path))
    caller = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert caller.returncode == 0, caller.stderr
    left = json.loads(caller.stdout)
    assert len(left) >= 3  # the fork server, the resource tracker, the workers
    deadline = time.monotonic() + 30
    while still_running(left) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert still_running(left) == []


def still_running(pids: list[int]) -> list[int]:
    """Those of ``pids`` that are running (not ended, not a zombie)."""
    table = process_table()
    return [pid for pid in pids if pid in table and table[pid][2] != "Z"]
