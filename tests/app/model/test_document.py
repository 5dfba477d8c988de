"""Documents decode only the windows a view asks for, and their cells tile the bytes."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.app.model.borders import BORDERED_KINDS
from mojiscope.app.model.cells import cells_between
from mojiscope.app.model.document import WINDOW, WINDOWS_PER_FORMAT, Document
from mojiscope.app.model.formats import FormatChoice, resolve, resolve_all
from mojiscope.app.model.segments import Segment
from mojiscope.core import Reason, decode, get_format
from mojiscope.core.spans.charmap import CHUNK_CHARS

DEMO_KEYS = ["utf-8", "utf-8/per-byte", "utf-8/per-run", "wtf-8", "xtf-8", "stf-7", "cp1252"]


def choice(key: str) -> FormatChoice:
    found = resolve(key)
    assert found is not None
    return found


def assert_cells_tile(cells: list, lo: int, hi: int) -> None:  # type: ignore[type-arg]
    assert cells[0].byte_start <= lo
    assert cells[-1].byte_end >= hi
    for before, after in itertools.pairwise(cells):
        assert before.byte_end == after.byte_start
        assert before.byte_start < before.byte_end


@pytest.mark.parametrize("key", [c.key for c in resolve_all(DEMO_KEYS)])
def test_demo_cells_match_a_whole_decode_character_for_character(key: str) -> None:
    document = Document.demo()
    fmt = choice(key)
    cells = document.cells(fmt, 0, document.size)
    assert_cells_tile(cells, 0, document.size)
    whole = decode(document.read(0, document.size), fmt.format.id, policy=fmt.policy)
    assert "".join(c.text for c in cells) == whole.text
    for cell in cells:
        if cell.text:
            assert whole.bytes_of_char(cell.char_index) == (cell.byte_start, cell.byte_end)


def test_three_byte_character_gets_its_three_bytes() -> None:
    document = Document.from_bytes("a€b".encode())
    cells = document.cells(choice("utf-8"), 0, document.size)
    assert [(c.text, c.byte_start, c.byte_end) for c in cells] == [
        ("a", 0, 1),
        ("€", 1, 4),
        ("b", 4, 5),
    ]


def test_character_straddling_a_window_boundary_appears_once() -> None:
    data = b"a" * (WINDOW - 1) + "€".encode() + b"z" * 10
    document = Document.from_bytes(data)
    cells = document.cells(choice("utf-8"), WINDOW - 4, WINDOW + 4)
    assert_cells_tile(cells, WINDOW - 4, WINDOW + 4)
    euro = [c for c in cells if c.text == "€"]
    assert len(euro) == 1
    assert (euro[0].byte_start, euro[0].byte_end) == (WINDOW - 1, WINDOW + 2)


def test_long_text_run_is_measured_in_chunks_exactly() -> None:
    text = ("é" + "a" * 3 + "€" + "\U0001d518") * (3 * CHUNK_CHARS)
    data = text.encode()
    whole = get_format("utf-8").decode(data)
    assert len(whole.spans) == 1 and whole.spans[0].char_end > 2 * CHUNK_CHARS
    expected = whole.char_byte_offsets(whole.spans[0])
    for lo in (0, 5000, len(data) - 100):
        cells = cells_between(whole, lo, lo + 64)
        for cell in cells:
            i = cell.char_index
            assert (cell.byte_start, cell.byte_end) == (expected[i], expected[i + 1])
            assert cell.text == text[i]


def test_only_visible_windows_are_decoded_and_the_cache_is_bounded() -> None:
    document = Document.from_bytes(bytes(20 * WINDOW))
    utf8 = choice("utf-8")
    document.cells(utf8, 5 * WINDOW + 10, 5 * WINDOW + 500)
    assert document.cached_windows() == {"utf-8": [5]}
    for index in range(10):
        document.cells(utf8, index * WINDOW, index * WINDOW + 16)
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
        cells = document.cells(choice("utf-8"), middle, middle + 256)
        assert_cells_tile(cells, middle, middle + 256)
        assert document.cached_windows() == {"utf-8": [middle // WINDOW]}
    finally:
        document.close()


def test_unreadable_paths_raise_oserror(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        Document.open_file(tmp_path / "missing.bin")
    with pytest.raises(OSError):
        Document.open_file(tmp_path)


def assert_segments_agree_with_cells(document: Document, fmt: FormatChoice) -> None:
    """Segments tile the bytes, spell out the cells, and leave no two
    neighbouring one-byte runs apart that painting would draw as one (same
    kind and reason, a kind drawn without a border)."""
    segments = document.segments(fmt, 0, document.size)
    assert_cells_tile(segments, 0, document.size)
    for before, after in itertools.pairwise(segments):
        joinable = (
            before.width == after.width == 1
            and (before.span.kind, before.span.reason) == (after.span.kind, after.span.reason)
            and after.span.kind not in BORDERED_KINDS
            and get_format(fmt.format.id).multi_char_sequences is False
        )
        assert not joinable, (before, after)
    from_segments = []
    for segment in segments:
        if segment.width == 0:
            from_segments.append((segment.byte_start, segment.byte_end, ""))
        elif len(segment.text) == 1:
            from_segments.append((segment.byte_start, segment.byte_end, segment.text))
        else:
            for k, char in enumerate(segment.text):
                start = segment.byte_start + k * segment.width
                from_segments.append((start, start + segment.width, char))
    cells = document.cells(fmt, 0, document.size)
    assert from_segments == [(c.byte_start, c.byte_end, c.text) for c in cells]


@pytest.mark.parametrize("key", [c.key for c in resolve_all(DEMO_KEYS)])
def test_demo_segments_tile_and_agree_with_cells(key: str) -> None:
    assert_segments_agree_with_cells(Document.demo(), choice(key))


@settings(max_examples=150, deadline=None)
@given(
    data=st.binary(min_size=1, max_size=300),
    key=st.sampled_from([*DEMO_KEYS, "utf-16le", "gb18030", "cesu-8", "utf-8b"]),
)
def test_segments_of_any_bytes_agree_with_cells(data: bytes, key: str) -> None:
    """Dense damage too: neighbouring one-byte spans gathered into runs."""
    assert_segments_agree_with_cells(Document.from_bytes(data), choice(key))


@settings(max_examples=150, deadline=None)
@given(
    data=st.binary(min_size=1, max_size=300),
    key=st.sampled_from([*DEMO_KEYS, "utf-16le", "gb18030", "cesu-8", "mutf-8", "stf-7"]),
)
def test_one_byte_spans_of_one_look_are_one_segment_and_only_they(data: bytes, key: str) -> None:
    """The join rule, both ways: a one-byte segment's bytes are spans of its
    kind and reason only, and two such segments of one look (no border) that
    touch would have been one."""
    document = Document.from_bytes(data)
    fmt = choice(key)
    decoding = document.window(fmt, 0)
    cells = document.cells(fmt, 0, document.size)
    looks = {(c.byte_start, c.byte_end): (c.span.kind, c.span.reason) for c in cells}

    def joinable(segment: Segment) -> bool:
        return (
            segment.width == 1
            and decoding.one_byte_a_char(segment.span)
            and segment.span.kind not in BORDERED_KINDS
            and segment.span.reason != Reason.MAGIC_NUMBER
        )

    segments = document.segments(fmt, 0, document.size)
    for segment in segments:
        if joinable(segment):
            look = (segment.span.kind, segment.span.reason)
            offsets = range(segment.byte_start, segment.byte_end)
            assert all(looks[(b, b + 1)] == look for b in offsets)
    for before, after in itertools.pairwise(segments):
        if joinable(before) and joinable(after):
            assert (before.span.kind, before.span.reason) != (after.span.kind, after.span.reason)


def test_segments_join_one_byte_runs_but_not_bordered_escapes() -> None:
    document = Document.from_bytes(b"ab\x80\x81cd")
    (utf8,) = [s.text for s in document.segments(choice("utf-8/per-byte"), 0, 6)][:1]
    assert utf8 == "ab"
    kinds = [(s.span.kind.value, s.text) for s in document.segments(choice("xtf-8"), 0, 6)]
    assert kinds[0] == ("text", "ab") and kinds[-1] == ("text", "cd")
    assert [k for k, _ in kinds[1:-1]] == ["escape", "escape"]


def test_segments_across_a_window_boundary_do_not_repeat_characters() -> None:
    data = b"a" * (WINDOW - 1) + "€".encode() + b"z" * 10
    document = Document.from_bytes(data)
    segments = document.segments(choice("utf-8"), WINDOW - 4, WINDOW + 4)
    assert_cells_tile(segments, WINDOW - 4, WINDOW + 4)
    assert "".join(s.text for s in segments) == "aaa€zz"
