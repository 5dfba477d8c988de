"""The Inspector's one-line hint (``hint.mojibake_hint``): it names the
chain and a repaired piece, says nothing of zero bytes, always shows
something to read, and shows legacy bytes on disk as their text."""

from __future__ import annotations

from helpers.properties import property_settings
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.mojibake import explain, mojibake_hint
from mojiscope.core.mojibake.search import shows_text

PROPERTY = property_settings(60)


def test_hint_names_the_chain_and_a_repaired_piece() -> None:
    assert mojibake_hint("Le cafÃ© est trÃ¨s bon".encode()) == (
        "looks like utf-8 read as windows-1252: Ã© → é"
    )
    assert mojibake_hint("Le café est très bon".encode()) is None


def test_hint_says_nothing_of_a_run_of_zero_bytes() -> None:
    """It said "looks like text written as utf-16le, not UTF-8" and showed
    NULs: half as many as UTF-16, but no more text than as UTF-8."""
    assert explain(bytes(64))[0].unchanged
    assert mojibake_hint(bytes(64)) is None
    assert mojibake_hint(bytes(512)) is None
    assert mojibake_hint("text".encode("utf-16le") * 8) == (
        "looks like text written as utf-16le, not UTF-8: texttexttexttexttexttexttexttext"
    )


@PROPERTY
@given(data=st.binary(max_size=200) | st.builds(lambda n: bytes(n), st.integers(1, 600)))
def test_a_hint_always_shows_something_to_read(data: bytes) -> None:
    hint = mojibake_hint(data)
    if hint is not None and ": " in hint:
        assert shows_text(hint.split(": ", 1)[1])


def test_hint_for_legacy_bytes_on_disk_shows_the_text() -> None:
    hint = mojibake_hint("Съешь же ещё этих мягких французских булок".encode("cp1251"))
    assert hint == "looks like text written as cp1251, not UTF-8: Съешь"
