"""UTF-16 and WTF-16 beyond the shared contract (FORMATS.md): the two byte
orders mirror each other, what each form does with an unpaired surrogate
when decoding and encoding, the signature, windows that start inside a
pair. Fixed decode vectors live in tests/data/*16*.json.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import (
    BytesSource,
    DecodeError,
    EncodeError,
    SpanKind,
    decode,
    encode,
    get_format,
)

PAIRS = [("utf-16le", "utf-16be"), ("wtf-16le", "wtf-16be")]
UNITS = st.lists(
    st.one_of(
        st.integers(0, 0xFFFF),
        st.integers(0xD800, 0xDFFF),
        st.sampled_from([0xD83D, 0xDCA9, 0xFEFF, 0xFFFD, 0x0041]),
    ),
    max_size=16,
)


def units_as_written(units: list[int], byteorder: str) -> bytes:
    return b"".join(u.to_bytes(2, byteorder) for u in units)  # type: ignore[arg-type]


def swap_bytes(data: bytes) -> bytes:
    """Each 16-bit unit with its bytes swapped; an odd final byte stays."""
    swapped = bytearray(data)
    swapped[0 : len(data) // 2 * 2 : 2] = data[1 : len(data) // 2 * 2 : 2]
    swapped[1 : len(data) // 2 * 2 : 2] = data[0 : len(data) // 2 * 2 : 2]
    return bytes(swapped)


@pytest.mark.parametrize(("little", "big"), PAIRS, ids=["utf-16", "wtf-16"])
@given(data=st.one_of(st.binary(max_size=33), UNITS.map(lambda u: units_as_written(u, "little"))))
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
def test_byte_orders_mirror_each_other(little, big, data):
    le = decode(data, little)
    be = decode(swap_bytes(data), big)
    assert le.text == be.text
    assert list(le.spans) == list(be.spans)


@pytest.mark.parametrize("format_id", ["utf-16le", "utf-16be"])
def test_utf16_strict_raises_at_a_lone_surrogate(format_id):
    data = "ab".encode(format_id.replace("utf-16", "utf-16-")) + "\ud800".encode(
        format_id.replace("utf-16", "utf-16-"), "surrogatepass"
    )
    with pytest.raises(DecodeError) as info:
        decode(data, format_id, "strict")
    assert (info.value.offset, info.value.span.reason, info.value.span.value) == (
        4,
        "lone-surrogate",
        0xD800,
    )


@pytest.mark.parametrize("format_id", ["wtf-16le", "wtf-16be"])
def test_wtf16_carries_a_lone_surrogate_under_strict(format_id):
    codec = format_id.replace("wtf-16", "utf-16-")
    data = "a\udca9b\ud83d".encode(codec, "surrogatepass")
    decoding = decode(data, format_id, "strict")
    assert decoding.text == "a\udca9b\ud83d"
    kinds = [s.kind for s in decoding.spans]
    assert kinds == [SpanKind.TEXT, SpanKind.SURROGATE, SpanKind.TEXT, SpanKind.SURROGATE]


@pytest.mark.parametrize("format_id", ["utf-16le", "utf-16be", "wtf-16le", "wtf-16be"])
def test_odd_final_byte_is_truncated(format_id):
    data = encode("ab", format_id) + b"\x41"
    decoding = decode(data, format_id)
    last = decoding.spans[-1]
    assert (last.kind, last.byte_start, last.byte_end, last.reason) == (
        "invalid",
        4,
        5,
        "truncated",
    )
    with pytest.raises(DecodeError) as info:
        decode(data, format_id, "strict")
    assert info.value.offset == 4


@pytest.mark.parametrize(
    ("format_id", "bom"),
    [
        ("utf-16le", b"\xff\xfe"),
        ("wtf-16le", b"\xff\xfe"),
        ("utf-16be", b"\xfe\xff"),
        ("wtf-16be", b"\xfe\xff"),
    ],
)
def test_bom_is_a_signature_only_at_offset_zero(format_id, bom):
    first = decode(bom + bom, format_id)
    assert first.text == "\ufeff\ufeff"
    assert [s.kind for s in first.spans] == [SpanKind.SIGNATURE, SpanKind.TEXT]
    assert first.spans[0].reason == "bom"
    window = get_format(format_id).decode_window(BytesSource(bom + bom), 2, 4)
    assert [s.kind for s in window.spans] == [SpanKind.TEXT]


@pytest.mark.parametrize("format_id", ["utf-16le", "utf-16be"])
def test_utf16_encoding_a_lone_surrogate_raises_under_strict(format_id):
    with pytest.raises(EncodeError) as info:
        encode("ab\udc00", format_id, "strict")
    assert (info.value.char_offset, info.value.byte_offset) == (2, 4)
    assert decode(encode("ab\udc00", format_id, "replace"), format_id).text == "ab\ufffd"


@pytest.mark.parametrize("format_id", ["wtf-16le", "wtf-16be"])
def test_wtf16_encodes_lone_surrogates_and_flags_a_joined_pair(format_id):
    fmt = get_format(format_id)
    assert decode(fmt.encode("\udc00x\ud800"), format_id).text == "\udc00x\ud800"
    encoding = fmt.encode_spans("\ud83d\udca9")
    assert decode(encoding.data, format_id).text == "\U0001f4a9"
    assert {s.reason for s in encoding.spans} == {"surrogate-pair"}


@pytest.mark.parametrize("format_id", ["utf-16le", "utf-16be", "wtf-16le", "wtf-16be"])
def test_window_starting_inside_a_pair_snaps_back_to_the_lead(format_id):
    data = encode("ab\U0001f4a9cd", format_id)
    fmt = get_format(format_id)
    for start in (5, 6, 7):
        window = fmt.decode_window(BytesSource(data), start, start + 1)
        assert window.byte_start == 4, start
        assert window.text.startswith("\U0001f4a9"), start


@pytest.mark.parametrize(
    ("format_id", "middle"), [("utf-16le", SpanKind.INVALID), ("wtf-16le", SpanKind.SURROGATE)]
)
def test_genuine_replacement_character_is_text(format_id, middle):
    """U+FFFD written in the input stays text beside a real error."""
    data = "\ufffd".encode("utf-16-le") + b"\x00\xdc" + "\ufffd".encode("utf-16-le")
    decoding = decode(data, format_id)
    assert [s.kind for s in decoding.spans] == [SpanKind.TEXT, middle, SpanKind.TEXT]
    assert decoding.text[0] == decoding.text[2] == "\ufffd"


# -- utf-16 follows the byte order mark (FORMATS.md, "More of the UTF family") -----


def spans_of(decoding):
    return [(s.kind, s.byte_start, s.byte_end, s.reason) for s in decoding.spans]


def test_utf16_big_endian_file_with_bom_reads_big_endian():
    """Issue 17: this used to decode as U+FFFE U+6800 U+6900 with no anomaly."""
    decoding = decode(bytes.fromhex("FE FF 00 68 00 69"), "utf-16", "strict")
    assert decoding.text == "\ufeffhi"
    assert spans_of(decoding) == [("signature", 0, 2, "bom"), ("text", 2, 6, None)]


def test_utf16_little_endian_file_with_bom_reads_little_endian():
    decoding = decode(bytes.fromhex("FF FE 68 00 69 00"), "utf-16", "strict")
    assert decoding.text == "\ufeffhi"
    assert spans_of(decoding) == [("signature", 0, 2, "bom"), ("text", 2, 6, None)]


def test_utf16_without_bom_reads_little_endian_and_flags_the_first_character():
    decoding = decode(bytes.fromhex("68 00 69 00"), "utf-16", "strict")
    assert decoding.text == "hi"
    assert spans_of(decoding) == [("warning", 0, 2, "no-bom"), ("text", 2, 4, None)]


def test_utf16_no_bom_warning_covers_a_whole_first_pair():
    decoding = decode(bytes.fromhex("3D D8 A9 DC 41 00"), "utf-16")
    assert spans_of(decoding) == [("warning", 0, 4, "no-bom"), ("text", 4, 6, None)]


def test_utf16_no_bom_and_an_error_first_reports_the_error():
    decoding = decode(bytes.fromhex("A9 DC 41 00"), "utf-16")
    assert spans_of(decoding) == [("invalid", 0, 2, "lone-surrogate"), ("text", 2, 4, None)]


@pytest.mark.parametrize(
    ("format_id", "codec"), [("utf-16le", "utf-16-le"), ("utf-16be", "utf-16-be")]
)
def test_swapped_bom_is_a_warning_in_utf16le_and_be(format_id, codec):
    """A byte order mark read in the wrong order is U+FFFE: well-formed, but
    almost certainly the wrong byte order."""
    data = "\ufffehi".encode(codec)
    decoding = decode(data, format_id, "strict")
    assert decoding.text == "\ufffehi"
    assert spans_of(decoding) == [("warning", 0, 2, "swapped-bom"), ("text", 2, 6, None)]
    later = decode("h\ufffe".encode(codec), format_id)
    assert spans_of(later) == [("text", 0, 4, None)]


@given(text=st.text(st.characters(blacklist_categories=["Cs"]), max_size=20))
@settings(max_examples=100, deadline=None, derandomize=True, database=None)
def test_utf16_reads_as_cpython_utf16_does(text):
    """CPython's ``utf-16`` codec is the oracle for the byte order: after a
    mark in either order, and with none (little-endian)."""
    for data in (
        b"\xfe\xff" + text.encode("utf-16-be"),
        b"\xff\xfe" + text.encode("utf-16-le"),
        text.encode("utf-16-le"),
    ):
        decoding = decode(data, "utf-16", "strict")
        bom = "\ufeff" if data[:2] in (b"\xfe\xff", b"\xff\xfe") else ""
        assert decoding.text == bom + data.decode("utf-16"), data


def test_utf16_window_and_stream_read_the_byte_order_from_the_head():
    data = b"\xfe\xff" + "hello world".encode("utf-16-be")
    fmt = get_format("utf-16")
    window = fmt.decode_window(BytesSource(data), 9, 13)
    assert window.text == "lo w" and window.byte_start == 8
    decoder = fmt.incremental_decoder()
    parts = [decoder.decode(data[i : i + 1]) for i in range(len(data))]
    parts.append(decoder.decode(b"", final=True))
    assert "".join(p.text for p in parts) == "\ufeffhello world"
    assert all(p.format is fmt for p in parts)


def test_utf16_stream_from_an_offset_uses_the_reading_its_head_chose():
    """A stream that starts past offset 0 cannot see the byte order mark;
    ``reading_for`` picks the reading from the source's first bytes."""
    data = b"\xfe\xff" + "hello".encode("utf-16-be")
    fmt = get_format("utf-16")
    reading = fmt.reading_for(data[:2])
    start = fmt.resync(BytesSource(data), 5)
    assert reading.incremental_decoder("replace", start).decode(data[start:], True).text == "ello"
    assert reading.id == "utf-16"


def test_utf16_encodes_little_endian_without_a_mark_and_signs_with_ff_fe():
    fmt = get_format("utf-16")
    assert fmt.encode("hi") == b"h\x00i\x00"
    assert fmt.signature_bytes == b"\xff\xfe"


def test_utf16_strict_error_names_utf16():
    with pytest.raises(DecodeError) as info:
        decode(bytes.fromhex("FE FF D8 00 00 41"), "utf-16", "strict")
    assert (info.value.format_id, info.value.offset) == ("utf-16", 2)


@pytest.mark.parametrize("format_id", ["wtf-16le", "wtf-16be"])
def test_wtf16_surrogate_spans_name_unpaired_lead_or_trail(format_id):
    """Issue 12 item 6: every non-text span names a reason."""
    codec = format_id.replace("wtf-16", "utf-16-")
    data = "\udca9a\ud83d".encode(codec, "surrogatepass")
    decoding = decode(data, format_id)
    assert [(s.kind, s.reason, s.value) for s in decoding.spans] == [
        ("surrogate", "unpaired-trail", 0xDCA9),
        ("text", None, None),
        ("surrogate", "unpaired-lead", 0xD83D),
    ]


@given(units=UNITS)
@settings(max_examples=100, deadline=None, derandomize=True, database=None)
def test_every_wtf16_surrogate_span_says_which_half_it_is(units):
    data = units_as_written(units, "little")
    for span in decode(data, "wtf-16le").spans:
        if span.kind is SpanKind.SURROGATE:
            expected = "unpaired-lead" if span.value < 0xDC00 else "unpaired-trail"
            assert span.reason == expected, span


def test_converting_big_endian_utf16_to_utf16_writes_little_endian_with_its_mark():
    """Encoding ``utf-16`` writes little-endian (so encode then decode gives
    the text back); the source's mark carries over as ``FF FE``. So a
    conversion to the same format is not byte for byte here: the text is."""
    from mojiscope.core.conversion.engine import iter_conversion

    blocks = list(iter_conversion(b"\xfe\xff\x00h\x00i", "utf-16", "utf-16"))
    output = b"".join(b.data for b in blocks)
    assert output == b"\xff\xfeh\x00i\x00"
    assert [loss for b in blocks for loss in b.losses] == []
    assert decode(output, "utf-16").text == decode(b"\xfe\xff\x00h\x00i", "utf-16").text


def read_unit_by_unit(data: bytes, byteorder: str, wobbly: bool) -> tuple[str, list[tuple]]:
    """What UTF-16 (or WTF-16, ``wobbly``) makes of ``data``, worked out a
    unit at a time as the standard words it (a lead cut short by the end as
    WHATWG's decoder reads it: see FORMATS.md): ``(text, [(kind, byte range,
    character, reason, value)]`` of every span that is not text)."""
    units = [int.from_bytes(data[i : i + 2], byteorder) for i in range(0, len(data) - 1, 2)]  # type: ignore[arg-type]
    text: list[str] = []
    marks: list[tuple] = []
    i = 0
    while i < len(units):
        unit = units[i]
        following = units[i + 1] if i + 1 < len(units) else None
        if 0xD800 <= unit < 0xDC00 and following is not None and 0xDC00 <= following < 0xE000:
            text.append(chr(0x10000 + ((unit - 0xD800) << 10) + (following - 0xDC00)))
            i += 2
            continue
        if 0xD800 <= unit < 0xE000:
            if wobbly:
                half = "unpaired-lead" if unit < 0xDC00 else "unpaired-trail"
                marks.append(("surrogate", (2 * i, 2 * i + 2), len(text), half, unit))
            else:
                marks.append(("invalid", (2 * i, 2 * i + 2), len(text), "lone-surrogate", unit))
        text.append(chr(unit) if wobbly or not 0xD800 <= unit < 0xE000 else "\ufffd")
        i += 1
    cut = (len(data) - 3, len(data) - 1)
    if len(data) % 2 and not wobbly and marks and marks[-1][1] == cut and units[-1] < 0xDC00:
        # a lead, then the first byte of its trail: one error (WHATWG's decoder)
        marks[-1] = ("invalid", (cut[0], len(data)), marks[-1][2], "truncated", None)
    elif len(data) % 2:
        marks.append(("invalid", (len(data) - 1, len(data)), len(text), "truncated", None))
        text.append("\ufffd")
    return "".join(text), marks


SURROGATE_HEAVY = st.lists(
    st.one_of(
        st.integers(0xD800, 0xDFFF),
        st.sampled_from([0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x0000, 0x0041, 0xFFFD, 0xFEFF]),
        st.integers(0, 0xFFFF),
    ),
    max_size=40,
)


@pytest.mark.parametrize("format_id", ["utf-16le", "utf-16be", "wtf-16le", "wtf-16be"])
@given(units=SURROGATE_HEAVY, odd_byte=st.booleans())
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
def test_a_block_reads_as_the_standard_words_it_unit_by_unit(
    format_id: str, units: list[int], odd_byte: bool
) -> None:
    """Blocks of lone surrogates took 2 us a unit through an error handler
    (1 MB/s, 30 times any other format's worst case); they are read with
    numpy now, and must read exactly as before: as the standard says."""
    fmt = get_format(format_id)
    byteorder = "little" if format_id.endswith("le") else "big"
    data = units_as_written(units, byteorder) + (b"\x00" if odd_byte else b"")
    text, spans = fmt.decode_block(data, at_start=False)
    expected_text, expected_marks = read_unit_by_unit(data, byteorder, format_id[0] == "w")
    assert text == expected_text
    marks = [
        (
            s.kind.value,
            (s.byte_start, s.byte_end),
            s.char_start,
            s.reason and s.reason.value,
            s.value,
        )
        for s in spans
        if s.kind is not SpanKind.TEXT
    ]
    assert marks == expected_marks
    assert sum(s.char_end - s.char_start for s in spans) == len(text)


def test_a_megabyte_of_lone_surrogates_reads_one_span_each() -> None:
    data = units_as_written([0xD800] * (1 << 19), "little")
    decoding = decode(data, "wtf-16le")
    assert decoding.text == "\ud800" * (1 << 19)
    assert decoding.counts() == {("surrogate", "unpaired-lead"): 1 << 19}
    assert len(decoding.spans) == 1 << 19


# -- a lead cut short by the end (issue 33: 00 D8 41) ------------------------------------

#: ``(format, bytes, the text before the lead)``: a lead surrogate, then one
#: byte (the first of its trail) and the end of the input.
CUT_LEADS = [
    ("utf-16le", bytes.fromhex("00 D8 41"), ""),
    ("utf-16be", bytes.fromhex("D8 00 41"), ""),
    ("utf-16le", bytes.fromhex("41 00 3D D8 41"), "A"),
    ("utf-16be", bytes.fromhex("00 41 DB FF 00"), "A"),
    ("utf-16", bytes.fromhex("FF FE 00 D8 41"), "\ufeff"),
    ("utf-16", bytes.fromhex("FE FF D8 00 41"), "\ufeff"),
]


@pytest.mark.parametrize(("format_id", "data", "before"), CUT_LEADS)
def test_a_lead_cut_short_by_the_end_is_one_error_as_whatwg_reads_it(format_id, data, before):
    """WHATWG's decoder, encoding_rs, Node, the JDK and CPython all read
    ``00 D8 41`` as UTF-16LE as one U+FFFD: the lead and the byte that began
    its trail are one error."""
    decoding = decode(data, format_id)
    assert decoding.text == before + "\ufffd"
    last = decoding.spans[-1]
    assert (last.kind, last.reason, last.byte_start, last.byte_end) == (
        SpanKind.INVALID,
        "truncated",
        len(data) - 3,
        len(data),
    )
    assert (last.char_start, last.char_end) == (len(before), len(before) + 1)
    with pytest.raises(DecodeError) as info:
        decode(data, format_id, "strict")
    assert (info.value.offset, info.value.span.reason) == (len(data) - 3, "truncated")
    assert info.value.data == data[-3:]
    codec = {"utf-16le": "utf-16-le", "utf-16be": "utf-16-be", "utf-16": "utf-16"}[format_id]
    # CPython's own decoder agrees (its utf-16 drops the byte order mark)
    assert decoding.text.removeprefix("\ufeff") == data.decode(codec, "replace")


@pytest.mark.parametrize(("format_id", "data", "before"), CUT_LEADS)
def test_a_lead_cut_short_streams_split_anywhere_and_windows_as_the_whole(format_id, data, before):
    """Split between any of its bytes (and at two places at once), the
    incremental decoder holds the lead and the odd byte until the end; a
    window starting on any of the three bytes steps back to the lead."""
    fmt = get_format(format_id)
    whole = fmt.decode(data)
    cuts = [(i, j) for i in range(len(data) + 1) for j in range(i, len(data) + 1)]
    for i, j in cuts:
        decoder = fmt.incremental_decoder()
        parts = [decoder.decode(piece) for piece in (data[:i], data[i:j], data[j:])]
        parts.append(decoder.decode(b"", final=True))
        assert "".join(p.text for p in parts) == whole.text, (i, j)
        spans = [s for p in parts for s in p.spans if s.byte_start < s.byte_end]
        assert spans[-1] == whole.spans[-1], (i, j)
    cut = whole.spans[-1]
    for start in range(len(data) - 3, len(data)):
        last = fmt.decode_window(BytesSource(data), start, start + 1).spans[-1]
        assert (last.kind, last.reason, last.byte_start, last.byte_end) == (
            cut.kind,
            cut.reason,
            cut.byte_start,
            cut.byte_end,
        ), start


@pytest.mark.parametrize(
    ("format_id", "data"),
    [("wtf-16le", bytes.fromhex("00 D8 41")), ("wtf-16be", bytes.fromhex("D8 00 41"))],
)
def test_wtf16_carries_the_lead_before_an_odd_final_byte(format_id, data):
    """In WTF-16 a lone lead is legitimate: it stays its ``surrogate`` span,
    and the odd byte after it is ``truncated`` on its own."""
    decoding = decode(data, format_id)
    assert decoding.text == "\ud800\ufffd"
    assert [(s.kind, s.reason, s.byte_start, s.byte_end) for s in decoding.spans] == [
        (SpanKind.SURROGATE, "unpaired-lead", 0, 2),
        (SpanKind.INVALID, "truncated", 2, 3),
    ]
    with pytest.raises(DecodeError) as info:
        decode(data, format_id, "strict")
    assert info.value.offset == 2


@pytest.mark.parametrize(
    ("format_id", "data"),
    [("utf-16le", bytes.fromhex("00 DC 41")), ("utf-16be", bytes.fromhex("DC 00 41"))],
)
def test_a_trail_before_an_odd_final_byte_is_two_errors(format_id, data):
    """A trail is lone whatever follows it: two U+FFFD, as in WHATWG's decoder."""
    decoding = decode(data, format_id)
    assert decoding.text == "\ufffd\ufffd"
    assert [(s.reason, s.byte_start, s.byte_end) for s in decoding.spans] == [
        ("lone-surrogate", 0, 2),
        ("truncated", 2, 3),
    ]
