"""Where formats read the same bytes differently, from windows and from the index."""

from __future__ import annotations

from itertools import pairwise

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


def test_a_difference_in_words_shows_characters_and_an_inclusive_hex_range() -> None:
    data = b"caf\xc3\xa9 \xed\xa0\x80\x85"
    found = list(differences([UTF8, CP1252], BytesSource(data)))
    assert found[0].words() == "0x3..0x4  utf-8: é (text)  cp1252: Ã© (text)"
    assert found[1].words().startswith("0x6..0x9  utf-8: ���� (invalid)  cp1252: í")
    assert found[1].words().endswith("í<U+00A0>€… (text)")  # a no-break space by its code point


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


def reference_differences(
    formats, data: bytes
) -> list[tuple[int, int, tuple[tuple[str, str], ...]]]:  # type: ignore[no-untyped-def]
    """The definition, character by character over one whole decode per
    format: units (a character of a text span, a whole span otherwise:
    its kind, reason and text) cut where every format starts one; a piece
    differs where the formats' units there differ; neighbouring pieces join."""
    units = []
    for fmt in formats:
        decoding = fmt.decode(data)
        starts, tokens = [], []
        for span in decoding.spans:
            chars = decoding.text[span.char_start : span.char_end]
            if span.kind == "text":
                offsets = decoding.char_byte_offsets(span)
                starts += offsets[:-1]
                tokens += list(chars)
            else:
                starts.append(span.byte_start)
                tokens.append((span.kind, span.reason, chars))
        units.append((starts, tokens, decoding))
    common = sorted(set.intersection(*(set(s) for s, _, _ in units)))
    bounds = [*common, len(data)]
    found: list[tuple[int, int]] = []
    for a, b in pairwise(bounds):
        pieces = [[t for s, t in zip(st, tk, strict=True) if a <= s < b] for st, tk, _ in units]
        if any(p != pieces[0] for p in pieces):
            if found and found[-1][1] == a:
                found[-1] = (found[-1][0], b)
            else:
                found.append((a, b))
    out = []
    for a, b in found:
        readings = []
        for (starts, tokens, _), fmt in zip(units, formats, strict=True):
            text = "".join(
                t if isinstance(t, str) else t[2]
                for s, t in zip(starts, tokens, strict=True)
                if a <= s < b
            )
            readings.append((fmt.id, text))
        out.append((a, b, tuple(readings)))
    return out


FORMAT_SETS = [
    ("utf-8", "wtf-8", "xtf-8"),
    ("utf-8", "cp1252", "stf-7"),
    ("utf-16le", "wtf-16le", "utf-8"),
    ("shift_jis", "cp932", "utf-8"),
    ("gb18030", "latin-1"),
    ("utf-8b", "corrected-utf-8", "cesu-8"),
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.binary(max_size=6),
            st.sampled_from(
                [
                    b"abc ",
                    "é日😀".encode(),
                    b"\xed\xa0\x80",
                    "ｱｲ漢字".encode("shift_jis"),
                    "Grüße".encode("utf-16-le"),
                    b"\xef\xbe\x80",
                    b"\r\n",
                ]
            ),
        ),
        max_size=12,
    ),
    st.sampled_from(FORMAT_SETS),
)
def test_arrays_find_what_the_definition_finds(parts: list[bytes], ids: tuple[str, ...]) -> None:
    """Any bytes, any formats: the ranges compared in arrays, and what each
    format makes of them, are those of the definition, one character at a time."""
    data = b"".join(parts)
    formats = [get_format(i) for i in ids]
    found = [
        (d.start, d.end, tuple((r.format_id, r.text) for r in d.readings))
        for d in differences(formats, BytesSource(data))
    ]
    assert found == reference_differences(formats, data)


def test_ascii_windows_are_skipped_unread_outside_the_utf8_family() -> None:
    from mojiscope.core.compare.windows import reads_ascii_as_itself

    assert all(reads_ascii_as_itself(get_format(f)) for f in ("utf-8", "cp1252", "shift_jis"))
    assert not any(
        reads_ascii_as_itself(get_format(f)) for f in ("stf-7", "utf-16le", "corrected-utf-8")
    )
    data = b"plain ascii " * 20_000 + "café".encode() + b" more" * 10
    found = list(differences([UTF8, CP1252], BytesSource(data)))
    assert [(d.start, d.end) for d in found] == [(240_003, 240_005)]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([b"ab", "é日".encode(), b"\xed\xa0\x80", b"\xff", b" "]), max_size=20),
    st.sampled_from(FORMAT_SETS[:3]),
    st.integers(3, 9),
)
def test_small_windows_find_what_one_window_finds(
    parts: list[bytes], ids: tuple[str, ...], window: int
) -> None:
    """Cut into windows of a few bytes, ranges that reach across windows
    are joined: the same as the definition's."""
    import mojiscope.core.compare.windows as compared

    data = b"".join(parts)
    formats = [get_format(i) for i in ids]
    saved = compared.WINDOW
    compared.WINDOW = window
    try:
        found = [(d.start, d.end) for d in differences(formats, BytesSource(data))]
    finally:
        compared.WINDOW = saved
    assert found == [(a, b) for a, b, _ in reference_differences(formats, data)]
