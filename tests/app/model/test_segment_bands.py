"""The segment map as the views draw it (no Qt): readings with labels and
colours in order of first appearance, and the overview strip's bands."""

from __future__ import annotations

import itertools

from helpers.mixed_files import DEV_SEEDS, mixed_file
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.app.model.segment_bands import (
    LOSSY_COLOUR,
    MIN_BAND,
    reading_keys,
    readings,
    segment_bands,
)
from mojiscope.core import BytesSource
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.mojibake.segments import map_segments, table_of

ONCE = "Le café crème\n".encode().decode("cp1252").encode()
FINE = "déjà vu\n".encode()


def map_of(data: bytes, chunk_size: int = 1 << 22) -> SegmentMap:
    source = BytesSource(data)
    found = SegmentMap(len(data), table_of(source))
    for batch in map_segments(source, chunk_size=chunk_size):
        found.add(batch)
    return found


def test_a_map_of_fine_lines_has_no_readings_and_no_bands() -> None:
    found = map_of(FINE * 20)
    assert readings(found) == {} and segment_bands(found, 500.0) == []


def test_each_reading_has_one_label_and_one_colour_in_order_of_first_appearance() -> None:
    found = map_of(FINE * 5 + ONCE * 3 + FINE * 5)
    shown = list(readings(found).values())
    assert [r.label for r in shown] == ["read as windows-1252 once"]
    assert shown[0].colour.startswith("#") and shown[0].colour != LOSSY_COLOUR
    assert (reading_keys(found) >= 0).sum() == len(found.damaged())


def test_neighbouring_misread_lines_are_one_band_and_a_lone_one_still_shows() -> None:
    data = FINE * 10 + ONCE * 4 + FINE * 4000 + ONCE
    found = map_of(data)
    bands = segment_bands(found, 400.0)
    assert len(bands) == 2
    first, last = bands
    scale = 400.0 / len(data)
    assert abs(first.top - len(FINE * 10) * scale) < 1e-6
    assert last.bottom - last.top >= MIN_BAND and last.bottom <= 400.0


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(DEV_SEEDS), st.floats(min_value=10, max_value=5000))
def test_bands_stay_inside_the_strip_in_order(seed: int, height: float) -> None:
    found = map_of(mixed_file(seed).data, chunk_size=1024)
    bands = segment_bands(found, height)
    assert all(0 <= b.top < b.bottom <= height for b in bands)
    assert all(a.top <= b.top for a, b in itertools.pairwise(bands))
    assert {b.key for b in bands} <= set(readings(found))
