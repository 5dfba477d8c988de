"""A chain streamed over a source (``stream.verify_chain``): split anywhere
it gives the whole repair, a failure far into the file names its byte, and
it reports progress and stops when cancelled."""

from __future__ import annotations

import pytest
from helpers.properties import property_settings
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.mojibake import Chain, ChainError, Misreading, damage, verify_chain
from mojiscope.core.system.control import Cancelled, Control
from mojiscope.core.system.source import BytesSource

PROPERTY = property_settings(60)

WIN = Chain((Misreading("utf-8", "windows-1252"),))
TWICE = Chain((Misreading("utf-8", "windows-1252"), Misreading("utf-8", "windows-1252")))

text_any = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)


@PROPERTY
@given(text=text_any, cuts=st.lists(st.integers(0, 200), max_size=4))
def test_streaming_a_chain_split_anywhere_gives_the_whole_repair(
    text: str, cuts: list[int]
) -> None:
    damaged = damage(TWICE, text)
    for chunk in {1, 2, 3, 7, len(damaged) + 1, *(c + 1 for c in cuts)}:
        out: list[bytes] = []
        verified = verify_chain(TWICE, BytesSource(damaged), out.append, chunk_size=chunk)
        assert b"".join(out) == text.encode("utf-8")
        assert verified.bytes_in == len(damaged)
        assert verified.chars_out == len(text)
        assert verified.bytes_out == len(text.encode("utf-8"))


def test_streamed_failure_names_the_byte_far_into_the_file() -> None:
    data = damage(WIN, "Café\n" * 100) + b"bad \xe9 here"
    with pytest.raises(ChainError) as caught:
        verify_chain(WIN, BytesSource(data), chunk_size=64)
    assert caught.value.offset == data.index(b"\xe9")


def test_streaming_reports_progress_and_stops_when_cancelled() -> None:
    seen: list[int] = []
    control = Control(progress=seen.append, cancelled=lambda: len(seen) >= 2)
    with pytest.raises(Cancelled):
        verify_chain(WIN, BytesSource(damage(WIN, "é" * 40)), control=control, chunk_size=10)
    assert seen == [10, 20]
