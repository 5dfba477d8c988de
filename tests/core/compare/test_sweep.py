"""A whole file's differences handed out in batches, and the next and
previous difference from any offset."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, get_format
from mojiscope.core.compare import sweep as swept
from mojiscope.core.compare.formats import differences, next_difference, previous_difference
from mojiscope.core.index.file_index import build_index
from mojiscope.core.system.control import Control

UTF8, WTF8, XTF8 = (get_format(f) for f in ("utf-8", "wtf-8", "xtf-8"))
DATA = b"x" * 5000 + b"\xed\xa0\x80" + b"y" * 70_000 + b"\xed\xb0\x80" + b"z" * 100 + b"\xff"


def collected(data: bytes) -> tuple[list[swept.Swept], swept.SweepResult]:
    batches: list[swept.Swept] = []
    source = BytesSource(data)
    indexes = [build_index(f, source) for f in (UTF8, WTF8)]
    result = swept.sweep([UTF8, WTF8], source, indexes, Control(emit=batches.append))  # type: ignore[arg-type]
    return batches, result


def test_every_range_comes_in_batches_with_how_far_they_are_known() -> None:
    batches, result = collected(DATA)
    starts = [int(s) for b in batches for s in b.starts]
    assert starts == [5000, 75_003]  # FF, invalid in both, is no difference
    assert [r.start for b in batches for r in b.rows] == starts
    assert batches[-1].covered == len(DATA)
    assert all(a.covered <= b.covered for a, b in pairwise(batches))
    assert result.pairs == ("utf-8 and wtf-8 differ at 2 places: lone surrogates",)
    assert result.count == 2 and result.complete


def test_past_the_cap_ranges_are_counted_not_handed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(swept, "MAX_RANGES", 1)
    monkeypatch.setattr(swept, "MAX_ROWS", 0)
    batches, result = collected(DATA)
    assert sum(len(b.starts) for b in batches) == 1 and sum(len(b.rows) for b in batches) == 0
    assert result.count == 2 and result.handed == 1 and not result.complete


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from([b"ab", b"\xed\xa0\x80", b"\xff", "é".encode(), b"\xef\xbe\x81"]),
        max_size=30,
    ),
    st.data(),
)
def test_next_and_previous_are_the_neighbours_in_the_whole_list(
    parts: list[bytes], data: st.DataObject
) -> None:
    payload = b"".join(parts)
    source = BytesSource(payload)
    formats = [UTF8, WTF8, XTF8]
    indexes = [build_index(f, source) for f in formats]
    every = [(d.start, d.end) for d in differences(formats, source)]
    offset = data.draw(st.integers(0, max(len(payload), 1)))
    after = [r for r in every if r[0] > offset]
    before = [r for r in every if r[0] < offset]
    found = next_difference(formats, source, offset, indexes)
    assert ((found.start, found.end) if found else None) == (after[0] if after else None)
    back = previous_difference(formats, source, offset, indexes)
    assert ((back.start, back.end) if back else None) == (before[-1] if before else None)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                b"ab ",
                b"\xed\xa0\x80",
                b"\xff",
                "é".encode(),
                b"\xef\xbe\x81",
                "日".encode(),
                b"+-",
                b", ",
            ]
        ),
        max_size=40,
    ),
    st.sampled_from([("utf-8", "wtf-8", "xtf-8"), ("utf-8", "cp1252", "stf-7")]),
    st.integers(4, 12),
)
def test_the_sweep_finds_what_differences_find(
    parts: list[bytes], ids: tuple[str, ...], window: int
) -> None:
    """Arrays window by window, joined across windows (small windows here):
    the same ranges, rows and sentences as the differences one by one."""
    import mojiscope.core.compare.windows as walked
    from mojiscope.core.compare.formats import PairCounts

    data = b"".join(parts)
    formats = [get_format(i) for i in ids]
    saved = walked.WINDOW
    walked.WINDOW = window
    try:
        batches: list[swept.Swept] = []
        result = swept.sweep(formats, BytesSource(data), None, Control(emit=batches.append))  # type: ignore[arg-type]
        every = list(differences(formats, BytesSource(data)))
    finally:
        walked.WINDOW = saved
    counts = PairCounts(formats)
    for difference in every:
        counts.add(difference)
    starts = [int(s) for b in batches for s in b.starts]
    ends = [int(e) for b in batches for e in b.ends]
    assert list(zip(starts, ends, strict=True)) == [(d.start, d.end) for d in every]
    assert [r for b in batches for r in b.rows] == every
    assert result.pairs == tuple(counts.lines()) and result.count == len(every)
