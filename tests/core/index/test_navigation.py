"""Navigation in core: byte<->character maps inside long text runs, and the
next/previous anomaly over a source, window by window, with a Control."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, SpanKind, decode, get_format
from mojiscope.core.index.navigation import next_anomaly, previous_anomaly
from mojiscope.core.spans.charmap import CHUNK_CHARS, char_offsets
from mojiscope.core.system.control import Cancelled, Control

# Characters of one to four UTF-8 bytes, so a run's characters differ in width.
MIXED = "aé€\U0001d518"


@settings(max_examples=40, deadline=None)
@given(
    st.text(alphabet=MIXED, min_size=1, max_size=40),
    st.integers(3 * CHUNK_CHARS, 5 * CHUNK_CHARS),
    st.data(),
)
def test_a_range_of_a_long_run_maps_as_the_whole_run_does(pattern, length, data):
    text = (pattern * (length // len(pattern) + 1))[:length]
    decoding = decode(text.encode("utf-8"), "utf-8")
    (span,) = decoding.spans
    whole = decoding.char_byte_offsets(span)
    lo = data.draw(st.integers(span.byte_start, span.byte_end - 1), label="lo")
    hi = data.draw(st.integers(lo + 1, span.byte_end), label="hi")
    first, offsets = char_offsets(decoding, span, lo, hi)
    assert offsets == whole[first : first + len(offsets)]
    assert offsets[0] <= lo and offsets[-1] >= hi  # every overlapping character is given


def test_a_long_run_is_measured_once_per_decoding():
    decoding = decode(("é" * (4 * CHUNK_CHARS)).encode(), "utf-8")
    (span,) = decoding.spans
    char_offsets(decoding, span, 100, 200)
    run_map = decoding.run_maps[span.byte_start]
    char_offsets(decoding, span, 5000, 5100)
    assert decoding.run_maps[span.byte_start] is run_map and run_map.exact


DATA = b"a" * 1000 + b"\xff" + b"b" * 1000 + b"\xc0\xaf" + b"c" * 50


def test_next_and_previous_anomaly_agree_with_a_whole_decode_across_windows():
    fmt = get_format("utf-8")
    source = BytesSource(DATA)
    anomalies = [s for s in decode(DATA, "utf-8").spans if s.kind != SpanKind.TEXT]
    found, after = [], -1
    while (span := next_anomaly(fmt, source, after, chunk=64)) is not None:
        found.append(span.byte_start)
        after = span.byte_start
    assert found == [s.byte_start for s in anomalies] == [1000, 2001, 2002]
    back = previous_anomaly(fmt, source, 2001, chunk=64)
    assert back is not None and back.byte_start == 1000
    assert previous_anomaly(fmt, source, 1000, chunk=64) is None


def test_anomaly_under_the_per_run_policy_holds_the_runs_one_character():
    fmt = get_format("utf-8")
    source = BytesSource(b"ab\xff\xfecd")
    first = next_anomaly(fmt, source, 0, policy="per-run")
    second = next_anomaly(fmt, source, 2, policy="per-run")
    assert first is not None and (first.char_start, first.char_end) == (2, 3)
    # the second span of the run holds no character (offsets count from its window)
    assert second is not None and second.byte_start == 3 and second.char_start == second.char_end


def test_anomaly_scan_reports_progress_and_stops_when_cancelled():
    fmt = get_format("utf-8")
    source = BytesSource(b"a" * 1000)
    done: list[int] = []
    assert next_anomaly(fmt, source, 0, chunk=300, control=Control(done.append)) is None
    assert done == [300, 600, 900, 1000]
    with pytest.raises(Cancelled):
        previous_anomaly(fmt, source, 1000, chunk=300, control=Control(cancelled=lambda: True))
