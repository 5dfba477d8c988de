"""CESU-8 and Java's Modified UTF-8 beyond the shared contract (FORMATS.md,
"More of the UTF family"): models written from the specifications (Unicode
TR #26; the JVM specification 4.4.7 ``CONSTANT_Utf8``) as oracles for
encoding and decoding, UTF-8 as the oracle wherever neither differs from
it, conversions both ways with their loss reports, and the words the
inspector shows for a pair or ``C0 80``. Fixed vectors live in
tests/data/cesu-8.json and mutf-8.json.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import (
    BytesSource,
    DecodeError,
    Decoding,
    Reason,
    SpanKind,
    decode,
    encode,
    get_format,
)
from mojiscope.core.conversion.engine import iter_conversion
from mojiscope.core.words.sequences import describe_sequence

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True, database=None)


def utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


def jvm_modified_utf8(text: str, nul_as_c080: bool = True) -> bytes:
    """The JVM specification's 4.4.7 layouts, unit by UTF-16 unit: 0001..007F
    one byte; 0000 (Modified UTF-8) and 0080..07FF two; 0800..FFFF three
    (surrogates included, so a supplementary character is two of them:
    exactly CESU-8, TR #26, when NUL is written as 00)."""
    out = bytearray()
    for unit in utf16_units(text):
        if unit == 0 and not nul_as_c080:
            out.append(0)
        elif 0x01 <= unit <= 0x7F:
            out.append(unit)
        elif unit <= 0x7FF:
            out += bytes([0xC0 | unit >> 6, 0x80 | unit & 0x3F])
        else:
            out += bytes([0xE0 | unit >> 12, 0x80 | (unit >> 6) & 0x3F, 0x80 | unit & 0x3F])
    return bytes(out)


scalar_text = st.text(st.characters(blacklist_categories=["Cs"]), max_size=20)
#: Text with lone surrogates, none a lead directly before a trail (that pair
#: would be one supplementary character written twice over).
java_text = st.text(
    st.one_of(st.characters(), st.sampled_from("\x00\ud83d\udca9\U0001f600")), max_size=20
).filter(lambda t: not any("\ud800" <= a < "\udc00" <= b <= "\udfff" for a, b in pairwise(t)))


@given(scalar_text)
@SETTINGS
def test_cesu8_encodes_as_tr26_says_and_decodes_back(text):
    data = jvm_modified_utf8(text, nul_as_c080=False)
    assert encode(text, "cesu-8") == data
    assert decode(data, "cesu-8", "strict").text == text


@given(java_text)
@SETTINGS
def test_mutf8_encodes_as_the_jvm_spec_says_and_decodes_back(text):
    data = jvm_modified_utf8(text)
    assert encode(text, "mutf-8") == data
    assert b"\x00" not in data
    assert decode(data, "mutf-8", "strict").text == text


def test_mutf8_writes_a_lead_before_a_trail_as_the_jvm_does_and_flags_it():
    fmt = get_format("mutf-8")
    encoding = fmt.encode_spans("\ud83d\udca9")
    assert encoding.data == bytes.fromhex("ED A0 BD ED B2 A9")
    assert {s.reason for s in encoding.spans} == {"surrogate-pair"}
    assert decode(encoding.data, "mutf-8").text == "\U0001f4a9"


def without_cesu_patterns(data: bytes, java: bool) -> bool:
    """No byte where CESU-8 / Modified UTF-8 and UTF-8 part ways: ED (a
    surrogate sequence), F0..F4 (4-byte forms), and for Modified UTF-8 also
    00 and C0 (C0 80)."""
    banned = {0xED, *range(0xF0, 0xF5)} | ({0x00, 0xC0} if java else set())
    return not banned.intersection(data)


@pytest.mark.parametrize("format_id", ["cesu-8", "mutf-8"])
@given(data=st.binary(max_size=40))
@SETTINGS
def test_where_nothing_differs_from_utf8_the_spans_are_utf8s(format_id, data):
    if not without_cesu_patterns(data, format_id == "mutf-8"):
        data = bytes(b for b in data if without_cesu_patterns(bytes([b]), format_id == "mutf-8"))
    ours, utf8 = decode(data, format_id), decode(data, "utf-8")
    assert ours.text == utf8.text
    assert list(ours.spans) == list(utf8.spans)


@pytest.mark.parametrize("format_id", ["cesu-8", "mutf-8"])
@given(char=st.characters(min_codepoint=0x10000))
@SETTINGS
def test_every_utf8_four_byte_sequence_is_one_four_byte_form(format_id, char):
    data = b"a" + char.encode() + b"b"
    decoding = decode(data, format_id)
    assert decoding.text == "a\ufffdb"
    span = decoding.spans[1]
    assert (span.kind, span.byte_start, span.byte_end) == ("invalid", 1, 5)
    assert (span.reason, span.value) == ("four-byte-form", ord(char))


@pytest.mark.parametrize(
    ("format_id", "kind", "reason"),
    [("cesu-8", "invalid", "surrogate"), ("mutf-8", "surrogate", "unpaired-lead")],
)
def test_a_lone_lead_surrogate(format_id, kind, reason):
    decoding = decode(bytes.fromhex("ED A0 BD 41"), format_id)
    span = decoding.spans[0]
    assert (span.kind, span.byte_end, span.reason, span.value) == (kind, 3, reason, 0xD83D)


def test_mutf8_raw_nul_is_invalid_and_c0_80_is_nul():
    decoding = decode(bytes.fromhex("41 C0 80 42 00"), "mutf-8")
    assert decoding.text == "A\x00B\ufffd"
    assert [(s.kind, s.byte_start, s.byte_end, s.reason) for s in decoding.spans] == [
        ("text", 0, 4, None),
        ("invalid", 4, 5, "raw-nul"),
    ]
    with pytest.raises(DecodeError) as info:
        decode(bytes.fromhex("41 C0 80 42 00"), "mutf-8", "strict")
    assert (info.value.offset, info.value.span.reason) == (4, "raw-nul")


def test_a_window_starting_on_the_trail_half_snaps_back_to_the_lead():
    data = b"ab" + bytes.fromhex("ED A0 BD ED B2 A9") + b"cd"
    for format_id in ("cesu-8", "mutf-8"):
        fmt = get_format(format_id)
        for start in range(2, 8):
            window = fmt.decode_window(BytesSource(data), start, start + 1)
            assert window.byte_start == 2, (format_id, start)
            assert window.text.startswith("\U0001f4a9")


@pytest.mark.parametrize("format_id", ["cesu-8", "mutf-8"])
def test_a_stream_split_between_the_halves_of_every_pair_joins_them(format_id):
    text = "x\U0001f600" * 300
    data = encode(text, format_id)
    decoder = get_format(format_id).incremental_decoder()
    parts = [decoder.decode(data[i : i + 5]) for i in range(0, len(data), 5)]
    parts.append(decoder.decode(b"", final=True))
    assert "".join(p.text for p in parts) == text
    assert all(s.kind is SpanKind.TEXT for p in parts for s in p.spans)


# -- conversions both ways, with their loss reports --------------------------------


def convert_all(data: bytes, source: str, target: str) -> tuple[bytes, list]:
    blocks = list(iter_conversion(data, source, target))
    return b"".join(b.data for b in blocks), [loss for b in blocks for loss in b.losses]


def test_utf8_to_cesu8_writes_pairs_and_back_is_lossless():
    utf8 = "a\U0001f600\u00e9".encode()
    cesu, losses = convert_all(utf8, "utf-8", "cesu-8")
    assert cesu == b"a" + bytes.fromhex("ED A0 BD ED B8 80 C3 A9") and losses == []
    back, losses = convert_all(cesu, "cesu-8", "utf-8")
    assert back == utf8 and losses == []


def test_cesu8_with_a_four_byte_form_to_utf8_reports_the_replacement():
    output, losses = convert_all(b"a" + "\U0001f600".encode() + b"b", "cesu-8", "utf-8")
    assert output == b"a\xef\xbf\xbdb"
    assert [(x.kind, x.source_start, x.source_end, x.reason, x.value) for x in losses] == [
        ("replacement", 1, 5, "four-byte-form", 0x1F600)
    ]


def test_mutf8_to_utf8_reports_nul_kept_and_a_lone_surrogate_unencodable():
    data = bytes.fromhex("41 C0 80 ED A0 BD 42")
    output, losses = convert_all(data, "mutf-8", "utf-8")
    assert output == b"A\x00\xef\xbf\xbdB"
    assert [(x.kind, x.source_start, x.source_end) for x in losses] == [("unencodable", 3, 6)]


def test_utf8_nul_to_mutf8_is_c0_80_and_wtf8_surrogates_carry_over():
    output, losses = convert_all(b"a\x00b", "utf-8", "mutf-8")
    assert (output, losses) == (b"a\xc0\x80b", [])
    output, losses = convert_all(bytes.fromhex("ED A0 BD 41"), "wtf-8", "mutf-8")
    assert (output, losses) == (bytes.fromhex("ED A0 BD 41"), [])


def test_wtf16_lone_surrogates_carry_over_into_mutf8():
    data = "\ud83dx\udca9".encode("utf-16-le", "surrogatepass")
    output, losses = convert_all(data, "wtf-16le", "mutf-8")
    assert output == bytes.fromhex("ED A0 BD 78 ED B2 A9") and losses == []


def test_cesu8_cannot_write_a_lone_surrogate():
    output, losses = convert_all(bytes.fromhex("ED A0 BD"), "mutf-8", "cesu-8")
    assert output == b"\xef\xbf\xbd"
    assert [(x.kind, x.source_start, x.source_end) for x in losses] == [("unencodable", 0, 3)]


# -- the words the inspector shows --------------------------------------------------


@pytest.mark.parametrize(
    ("format_id", "hex_bytes", "words"),
    [
        ("cesu-8", "ED A0 BD ED B2 A9", "U+1F4A9 PILE OF POO as a surrogate pair, lead U+D83D"),
        ("mutf-8", "ED A0 BD ED B2 A9", "UTF-8 writes it as F0 9F 92 A9"),
        ("mutf-8", "C0 80", "U+0000 (NUL) in Modified UTF-8's two-byte form"),
        ("mutf-8", "00", "a raw NUL byte, which Modified UTF-8 never writes"),
        (
            "cesu-8",
            "F0 9F 92 A9",
            "4-byte form, which CESU-8 forbids; it writes the surrogate pair ED A0 BD ED B2 A9",
        ),
        ("mutf-8", "ED B2 A9", "the lone trail surrogate U+DCA9, which a Java string may hold"),
        ("cesu-8", "ED A0 BD", "CESU-8 allows surrogates only in pairs"),
    ],
)
def test_describe_sequence_explains_pairs_nul_and_forms(format_id, hex_bytes, words):
    assert words in describe_sequence(format_id, bytes.fromhex(hex_bytes))


@pytest.mark.parametrize(
    ("format_id", "hex_bytes"),
    [("cesu-8", "41"), ("cesu-8", "C0 80"), ("utf-8", "ED A0 BD ED B2 A9"), ("mutf-8", "")],
)
def test_describe_sequence_is_silent_where_the_span_says_it_all(format_id, hex_bytes):
    assert describe_sequence(format_id, bytes.fromhex(hex_bytes)) is None


# -- a byte-at-a-time model as the oracle for mixed input ---------------------------


def model_decode(data: bytes, java: bool) -> list[tuple]:
    """CESU-8 / Modified UTF-8 decoded one sequence at a time from the rules
    in FORMATS.md, with UTF-8 (the ``utf-8`` format on the sequence alone)
    deciding only what the two formats leave to it. Spans as
    ``(kind, byte_start, byte_end, reason, value, text)``, text runs merged."""
    out: list[list] = []
    i = 0

    def add(kind, end, reason, value, text):
        nonlocal i
        if kind == "text" and out and out[-1][0] == "text":
            out[-1][2], out[-1][5] = end, out[-1][5] + text
        else:
            out.append([kind, i, end, reason, value, text])
        i = end

    def is_cont(k: int) -> bool:
        return k < len(data) and 0x80 <= data[k] <= 0xBF

    def unit(k: int) -> int:
        return 0xD000 | (data[k + 1] & 0x3F) << 6 | data[k + 2] & 0x3F

    while i < len(data):
        if i == 0 and data.startswith(b"\xef\xbb\xbf"):
            add("signature", 3, "bom", None, "\ufeff")
        elif java and data[i] == 0:
            add("invalid", i + 1, "raw-nul", None, "\ufffd")
        elif java and data[i : i + 2] == b"\xc0\x80":
            add("text", i + 2, None, None, "\x00")
        elif data[i] == 0xED and i + 1 < len(data) and 0xA0 <= data[i + 1] <= 0xBF:
            if not is_cont(i + 2):
                add("invalid", i + 2, "truncated", None, "\ufffd")
                continue
            lead = unit(i)
            trail_follows = data[i + 3 : i + 4] == b"\xed" and is_cont(i + 5)
            if lead < 0xDC00 and trail_follows and 0xB0 <= data[i + 4] <= 0xBF:
                cp = 0x10000 + (lead - 0xD800 << 10) + (unit(i + 3) - 0xDC00)
                add("text", i + 6, None, None, chr(cp))
                continue
            half = "unpaired-lead" if lead < 0xDC00 else "unpaired-trail"
            if java:
                add("surrogate", i + 3, half, lead, chr(lead))
            else:
                add("invalid", i + 3, "surrogate", lead, "\ufffd")
        else:
            _, spans = get_format("utf-8").decode_block(data[i : i + 4], at_start=False)
            first = spans[0]
            if first.kind == "text":
                char = data[i : i + first.byte_end].decode()[0]  # one character at a time
                end = i + len(char.encode())
                if end - i == 4:
                    add("invalid", end, "four-byte-form", ord(char), "\ufffd")
                else:
                    add("text", end, None, None, char)
            else:
                end = i + first.byte_end
                add(first.kind.value, end, first.reason.value, first.value, "\ufffd")
    return [tuple(span) for span in out]


special_bytes = st.lists(
    st.one_of(
        st.binary(max_size=3),
        st.sampled_from(
            [
                bytes.fromhex(h)
                for h in (
                    "ED A0 BD",
                    "ED B2 A9",
                    "ED A0",
                    "ED BF",
                    "C0 80",
                    "00",
                    "F0 9F 98 80",
                    "F4 8F BF BF",
                    "80",
                    "C3 A9",
                    "E2 82",
                    "41",
                    "EF BB BF",
                    "ED 9F BF",
                )
            ]
        ),
    ),
    max_size=14,
).map(b"".join)


def as_model_spans(decoding: Decoding) -> list[tuple]:
    """The spans of ``decoding`` as :func:`model_decode` gives them."""
    return [
        (
            s.kind.value,
            s.byte_start,
            s.byte_end,
            s.reason.value if s.reason else None,
            s.value,
            decoding.text[s.char_start : s.char_end],
        )
        for s in decoding.spans
    ]


@pytest.mark.parametrize("format_id", ["cesu-8", "mutf-8"])
@given(data=special_bytes)
@settings(max_examples=400, deadline=None, derandomize=True, database=None)
def test_decode_agrees_with_a_sequence_at_a_time_model(format_id, data):
    assert as_model_spans(decode(data, format_id)) == model_decode(data, format_id == "mutf-8")


def test_mutf8_reads_a_mib_of_zeros_as_one_raw_nul_per_byte():
    """A binary dump's zeros (or UTF-16 text's) took a Python step each:
    2.4 s a MiB, and a window's summary of a 4 GiB sparse file hours."""
    decoding = decode(bytes(1 << 20), "mutf-8")
    assert len(decoding.spans) == 1 << 20 and decoding.text == "\ufffd" * (1 << 20)
    reasons = {(s.kind.value, s.reason) for s in decoding.spans.span_list(0, 1 << 20)}
    assert reasons == {("invalid", Reason.RAW_NUL)}


nul_dense_bytes = st.lists(
    st.sampled_from(
        [b"\x00", b"\x00" * 5, b"C\x00", b"\xc0\x80", b"\xed\xa0\xbd\xed\xb2\xa9", b"\xff", b"\xe2"]
    ),
    max_size=20,
).map(b"".join)


@given(data=nul_dense_bytes)
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
def test_mutf8_nul_dense_bytes_agree_with_the_model(data):
    """Relatives of the case above: zeros among every kind of neighbour."""
    assert as_model_spans(decode(data, "mutf-8")) == model_decode(data, True)
