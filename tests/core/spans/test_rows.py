"""Span tables held as events (the text runs between them implicit) read
exactly like tables held as rows, and counting or joining them never builds
the rows."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mojiscope.core.spans.builder import SpanListBuilder
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spans.table import NO_VALUE, SpanTable, join

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVENT_KINDS = [SpanKind.INVALID, SpanKind.ESCAPE, SpanKind.SURROGATE]


@st.composite
def blocks(draw: st.DrawFn) -> tuple[list[tuple[int, int, SpanKind, int]], int]:
    """Events as (gap before, byte length, kind, characters), and the gap
    after the last: any of the gaps may be empty."""
    events = draw(
        st.lists(
            st.tuples(
                st.integers(0, 3),
                st.integers(1, 3),
                st.sampled_from(EVENT_KINDS),
                st.integers(1, 3),
            ),
            max_size=8,
        )
    )
    return events, draw(st.integers(0, 3))


def as_events(block: tuple[list[tuple[int, int, SpanKind, int]], int]) -> SpanTable:
    """The block through ``SpanTable.from_events`` (text: a char a byte)."""
    events, tail = block
    pos, lens, kinds, char_pos, char_lens = [], [], [], [], []
    byte = char = 0
    for gap, n_bytes, kind, n_chars in events:
        byte, char = byte + gap, char + gap
        pos.append(byte)
        lens.append(n_bytes)
        kinds.append(KIND_CODE[kind])
        char_pos.append(char)
        char_lens.append(n_chars)
        byte, char = byte + n_bytes, char + n_chars
    reason = REASON_CODE[Reason.TRUNCATED]
    return SpanTable.from_events(
        pos,
        lens,
        kinds,
        [reason] * len(pos),
        [NO_VALUE] * len(pos),
        char_pos,
        char_lens,
        byte + tail,
        char + tail,
    )


def as_rows(block: tuple[list[tuple[int, int, SpanKind, int]], int]) -> SpanTable:
    """The same block written out as rows, its text runs included: the
    storage the events stand for."""
    events, tail = block
    kinds, reasons, byte_starts, char_starts = [], [], [], []
    byte = char = 0
    for gap, n_bytes, kind, n_chars in [*events, (tail, 0, None, 0)]:
        if gap:
            kinds.append(KIND_CODE[SpanKind.TEXT])
            reasons.append(0)
            byte_starts.append(byte)
            char_starts.append(char)
            byte, char = byte + gap, char + gap
        if kind is not None:
            kinds.append(KIND_CODE[kind])
            reasons.append(REASON_CODE[Reason.TRUNCATED])
            byte_starts.append(byte)
            char_starts.append(char)
            byte, char = byte + n_bytes, char + n_chars
    values = [NO_VALUE] * len(kinds)
    return SpanTable(kinds, reasons, [*byte_starts, byte], [*char_starts, char], values)


def built_span_by_span(block: tuple[list[tuple[int, int, SpanKind, int]], int]) -> SpanTable:
    """The same block through :class:`SpanListBuilder`, one span at a time."""
    events, tail = block
    builder = SpanListBuilder()
    for gap, n_bytes, kind, n_chars in events:
        builder.add_text(gap, gap)
        builder.add(kind, n_bytes, n_chars, Reason.TRUNCATED)
    builder.add_text(tail, tail)
    return builder.build()


def rows_built(table: SpanTable) -> list[bool]:
    """Whether each part of ``table`` has built its rows (white-box: the
    point of holding events is not to)."""
    return [getattr(p.block, "_rows", True) is not None for p in table._parts]


@PROPERTY
@given(block=blocks())
def test_the_span_by_span_builder_gives_the_rows(block):
    assert list(built_span_by_span(block)) == list(as_rows(block))


@PROPERTY
@given(block=blocks())
def test_events_read_like_rows(block):
    events, rows = as_events(block), as_rows(block)
    assert len(events) == len(rows)
    assert (events.byte_start, events.byte_end) == (rows.byte_start, rows.byte_end)
    assert (events.char_start, events.char_end) == (rows.char_start, rows.char_end)
    assert list(events) == list(rows)
    for name in ("kinds", "reasons", "values", "byte_starts", "char_starts"):
        assert getattr(events, name).tolist() == getattr(rows, name).tolist()


@PROPERTY
@given(blocks=st.lists(blocks(), min_size=1, max_size=4))
def test_joined_events_read_like_joined_rows_and_build_nothing(blocks):
    def shifted(tables: list[SpanTable]) -> list[SpanTable]:
        out, byte, char = [], 0, 0
        for t in tables:
            out.append(t.shifted(byte, char))
            byte, char = byte + t.byte_end, char + t.char_end
        return out

    events = shifted([as_events(b) for b in blocks])
    joined = join(events)
    # Joined again in two halves: a part that already skips its first span
    # (a text run continued from the part before) meets a new seam.
    halves = [join([join(events[:k]), join(events[k:])]) for k in (1, len(events) - 1)]
    assert [len(h) for h in halves] == [len(joined)] * 2
    assert not any(rows_built(joined))  # counting and joining read only the ends
    rows = join(shifted([as_rows(b) for b in blocks]))
    assert len(joined) == len(rows)
    assert not any(rows_built(joined))
    assert list(joined) == list(rows)
    assert joined.kinds.tolist() == rows.kinds.tolist()
    assert joined.byte_starts.tolist() == rows.byte_starts.tolist()
    assert joined.char_starts.tolist() == rows.char_starts.tolist()
    assert [list(h) for h in halves] == [list(rows)] * 2


@PROPERTY
@given(
    blocks=st.lists(blocks(), min_size=1, max_size=3),
    bounds=st.tuples(st.integers(-3, 60), st.integers(-3, 60)),
)
def test_a_span_list_holds_the_spans_a_slice_holds(blocks, bounds):
    """``span_list(a, b)`` (what the views ask for a few spans) equals the
    slice ``[a:b]`` clipped to the table, across joined parts too."""
    tables, byte, char = [], 0, 0
    for b in blocks:
        table = as_events(b).shifted(byte, char)
        tables.append(table)
        byte, char = table.byte_end, table.char_end
    joined = join(tables)
    start, stop = bounds
    expected = list(joined[max(start, 0) : max(stop, 0)])
    assert joined.span_list(start, stop) == expected
