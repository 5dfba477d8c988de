"""Where formats read the same bytes differently, from windows and from the index."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource, get_format
from mojiscope.core.compare.formats import PairCounts, differences
from mojiscope.core.index.file_index import build_index

UTF8, WTF8, CP1252 = (get_format(f) for f in ("utf-8", "wtf-8", "cp1252"))


def test_lone_surrogates_are_where_utf8_and_wtf8_differ() -> None:
    data = b"abc\xed\xa0\x80def caf\xc3\xa9 \xed\xb0\x80 z"
    found = list(differences([UTF8, WTF8], BytesSource(data)))
    assert [(d.start, d.end) for d in found] == [(3, 6), (16, 19)]
    assert found[0].readings[1].text == "\ud800"
    counts = PairCounts([UTF8, WTF8])
    for difference in found:
        counts.add(difference)
    assert counts.lines() == ["utf-8 and wtf-8 differ at 2 places: lone surrogates"]


def test_the_index_skips_what_cannot_differ_and_finds_the_same() -> None:
    data = b"x" * 300_000 + b"\xed\xa0\x80" + b"y" * 300_000 + b"\xff"
    source = BytesSource(data)
    indexes = [build_index(fmt, source) for fmt in (UTF8, WTF8)]
    plain = [(d.start, d.end) for d in differences([UTF8, WTF8], source)]
    indexed = [(d.start, d.end) for d in differences([UTF8, WTF8], source, indexes=indexes)]
    assert plain == indexed == [(300_000, 300_003)]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=48))
def test_outside_the_ranges_the_formats_read_alike(data: bytes) -> None:
    """Any bytes: what lies between the differing ranges decodes to the
    same text in both formats, and inside each range the readings differ."""
    found = list(differences([UTF8, CP1252], BytesSource(data)))
    edges = [0, *[x for d in found for x in (d.start, d.end)], len(data)]
    for lo, hi in zip(edges[::2], edges[1::2], strict=True):
        piece = data[lo:hi]
        assert UTF8.decode(piece).text == CP1252.decode(piece).text
        assert piece.isascii() or not piece
    for d in found:
        assert d.readings[0] != d.readings[1]
        assert d.start < d.end and not data[d.start : d.end].isascii()
