"""Where two texts differ, line by line, with the bytes of each place."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, get_format
from mojiscope.core.compare import hunks
from mojiscope.core.compare.hunks import LineDiff, first_difference
from mojiscope.core.compare.text_stream import TextStream

UTF8 = get_format("utf-8")


def diff(a: str, b: str, shown: int = 1000, chunk: int = 5) -> tuple[LineDiff, list[hunks.Hunk]]:
    streams = [TextStream(UTF8, BytesSource(t.encode()), chunk_size=chunk) for t in (a, b)]
    found = LineDiff(*streams, shown=shown)
    return found, list(found)


LINES = st.lists(st.sampled_from(["one", "two", "é", "", "日本", "two"]), max_size=12)


@settings(max_examples=200)
@given(LINES, LINES, st.booleans())
def test_places_cover_every_line_that_differs(
    lines_a: list[str], lines_b: list[str], end: bool
) -> None:
    """Take each place's lines out of both texts (by their bytes): what is
    left is the same on both sides, and there is a place iff they differ."""
    tail = "\n" if end else ""
    a, b = "\n".join(lines_a) + tail, "\n".join(lines_b) + tail
    found, places = diff(a, b)
    assert found.places == len(places)
    assert (found.places == 0) == (a == b)
    rest_a, rest_b = a.encode(), b.encode()
    for hunk in reversed(places):
        rest_a = rest_a[: hunk.a.start] + rest_a[hunk.a.end :]
        rest_b = rest_b[: hunk.b.start] + rest_b[hunk.b.end :]
        assert hunk.a.focus_start <= hunk.a.focus_end <= hunk.a.end
        assert a.encode()[hunk.a.focus_start : hunk.a.focus_end].decode() == hunk.a.focus
        assert b.encode()[hunk.b.focus_start : hunk.b.focus_end].decode() == hunk.b.focus
    assert rest_a == rest_b


def test_a_place_says_its_lines_and_focus() -> None:
    a = "keep\nthe café\nkeep 2\nkeep 3\nkeep 4\n"
    b = "keep\nthe thé\nnew line\nkeep 2\nkeep 3\nkeep 4\n"
    _, (hunk,) = diff(a, b)
    assert (hunk.a.line, hunk.a.count, hunk.b.line, hunk.b.count) == (2, 1, 2, 2)
    assert [line.text for line in hunk.b.lines] == ["the thé", "new line"]
    assert [line.start for line in hunk.b.lines] == [5, 14]
    assert (hunk.a.focus, hunk.b.focus) == ("café", "thé\nnew line")


def test_places_past_the_shown_ones_are_counted() -> None:
    a = "".join(f"line {i}\n" for i in range(100))
    b = a.replace("line 10\n", "line ten\n").replace("line 50\n", "").replace("line 90\n", "x\n")
    found, places = diff(a, b, shown=1)
    assert found.places == 3 and len(places) == 1


def test_a_long_line_is_read_in_bounded_looks(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A line longer than the look ahead on both sides is one place, taken
    a look ahead at a time: memory stays that of the look ahead."""
    monkeypatch.setattr(hunks, "LOOK_AHEAD", 64)
    monkeypatch.setattr(hunks, "CHUNK", 16)
    a = "start\n" + "x" * 1000 + "\nend\n"
    b = "start\n" + "y" * 1000 + "\nend\n"
    found, (hunk,) = diff(a, b)
    assert found.places == 1
    assert (hunk.a.start, hunk.a.end) == (6, 1007)


@given(st.text(alphabet="ab\r\n", max_size=30), st.text(alphabet="ab\r\n", max_size=30))
def test_first_difference_is_the_length_of_the_common_start(a: str, b: str) -> None:
    chunks_a, chunks_b = iter([a[:3], a[3:]]), iter([b[:5], b[5:]])
    found = first_difference(lambda: next(chunks_a, None), lambda: next(chunks_b, None))
    common = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    if common is None:
        common = None if len(a) == len(b) else min(len(a), len(b))
    assert found == common
