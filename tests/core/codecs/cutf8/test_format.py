"""Corrected UTF-8 (docs/specs/corrected-utf-8.md as FORMATS.md settles it): the
table's boundaries against a reference encoder written from the table, the
surrogate gap, the magic number here and in plain UTF-8, reserved runs,
values beyond Unicode and the code-point API, the warnings, what cannot be
encoded, seeking, and properties of the code-point API. The properties it
shares with STF-7 (a reference decoder as the oracle, the two decoding
paths, streaming, strictness) are in test_block_codecs.py. The byte vectors themselves
are in tests/data/cutf8_vectors.json (run by test_vectors.py).
"""

from __future__ import annotations

import json

import pytest
from helpers.paths import DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mojiscope.core import (
    BytesSource,
    DecodeError,
    EncodeError,
    decode,
    encode,
)
from mojiscope.core.codecs.block_text import any_byte_in_ranges
from mojiscope.core.codecs.cutf8.format import (
    CUTF8,
    decode_code_points,
    encode_code_points,
)
from mojiscope.core.codecs.cutf8.sequences import CONTROL_RANGES, MAGIC_NUMBER, MAGIC_TEXT
from mojiscope.core.codecs.format import strip_signature

VECTORS = json.loads((DATA / "cutf8_vectors.json").read_text("utf-8"))["cases"]
PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- a reference encoder, from the spec's table ---------------------------------------

#: (sequence length, offset, first code point, last code point): the table.
TABLE = [
    (1, 0, 0x0, 0x7F),
    (2, 160, 0xA0, 0x89F),
    (3, 2_208, 0x8A0, 0xD7FF),
    (3, 4_256, 0xE000, 0x1109F),
    (4, 69_792, 0x110A0, 0x21109F),
    (5, 2_166_944, 0x2110A0, 0x421109F),
    (6, 69_275_808, 0x42110A0, 0x8421109F),
]


def reference_encode(cp: int) -> bytes:
    """RFC 2044 bit layout of ``cp`` less its row's offset."""
    for length, offset, first, last in TABLE:
        if first <= cp <= last:
            raw = cp - offset
            if length == 1:
                return bytes([raw])
            tail = [0x80 | ((raw >> (6 * k)) & 0x3F) for k in range(length - 2, -1, -1)]
            lead = ((0xFF << (8 - length)) & 0xFF) | (raw >> (6 * (length - 1)))
            return bytes([lead, *tail])
    raise ValueError(f"{cp:#x} has no encoding")


def raw_value(data: bytes) -> int:
    """The bits a sequence spells before any offset."""
    length = len(data)
    value = data[0] & (0x7F >> (length - 1) if length > 1 else 0x7F)
    for byte in data[1:]:
        value = (value << 6) | (byte & 0x3F)
    return value


def spans_of(data: bytes, fmt: str = "corrected-utf-8") -> list[tuple[object, ...]]:
    return [
        (s.kind.value, s.byte_start, s.byte_end, s.char_start, s.char_end, s.reason, s.value)
        for s in decode(data, fmt).spans
    ]


def encodable(cp: int) -> bool:
    return not (0x80 <= cp <= 0x9F or 0xD800 <= cp <= 0xDFFF)


# -- the table's boundaries -------------------------------------------------------------

BOUNDARIES = [cp for row in TABLE for cp in row[2:]]


@pytest.mark.parametrize("cp", BOUNDARIES, ids=[f"U+{cp:04X}" for cp in BOUNDARIES])
def test_boundary_both_ways_through_the_code_point_api(cp: int) -> None:
    # first and last of every row, 5- and 6-byte ones included (a str stops at
    # U+10FFFF, so the code-point API carries them)
    data = reference_encode(cp)
    assert encode_code_points([cp]) == data
    assert decode_code_points(data) == [cp]


def test_vectors_file_agrees_with_the_table():
    # every encode vector of cutf8_vectors.json is the table's arithmetic
    for case in VECTORS:
        text = case.get("input_text")
        output = case["expect"].get("output_hex")
        if text is not None and output is not None:
            assert b"".join(reference_encode(ord(c)) for c in text) == bytes.fromhex(output)


@pytest.mark.parametrize(
    ("data", "raw", "cp"),
    [(b"\xec\xbd\x9f", 0xCF5F, 0xD7FF), (b"\xec\xbd\xa0", 0xCF60, 0xE000)],
    ids=["raw CF5F is U+D7FF", "raw CF60 is U+E000"],
)
def test_surrogate_gap(data: bytes, raw: int, cp: int) -> None:
    # EC BD 9F spells raw CF5F, +2 208 is U+D7FF; one more, and +0x800 skips
    # the surrogates: EC BD A0 is U+E000
    assert raw_value(data) == raw
    assert decode(data, "cutf-8", errors="strict").text == chr(cp)
    assert encode(chr(cp), "cutf-8") == data


def test_no_overlong_form_exists():
    # C0 AF, UTF-8's overlong '/', is the unique encoding of U+00CF
    assert decode(b"\xc0\xaf", "cutf-8", errors="strict").text == "\u00cf"
    assert encode("/", "cutf-8") == b"/"


# -- the magic number ------------------------------------------------------------------


def test_magic_number_is_a_signature_kept_in_the_text():
    data = MAGIC_NUMBER + b"hi\n"
    decoding = decode(data, "corrected-utf-8", errors="strict")
    assert decoding.text == "\U00010e7d\ued4e\x00\nhi\n"
    assert spans_of(data)[0] == ("signature", 0, 8, 0, 4, "magic-number", None)


def test_magic_number_stripped_on_request():
    data = MAGIC_NUMBER + b"hi\n"
    stripped = CUTF8.decode_stripping_signature(data)
    assert stripped.text == "hi\n"
    assert [
        (s.kind.value, s.byte_start, s.byte_end, s.char_start, s.char_end) for s in stripped.spans
    ] == [("text", 8, 11, 0, 3)]
    assert strip_signature(decode(b"hi", "cutf-8")).text == "hi"  # nothing to strip
    assert decode_code_points(data, strip_signature=True) == [0x68, 0x69, 0x0A]


def test_magic_number_written_on_request_once():
    assert CUTF8.encode_with_signature("hi") == MAGIC_NUMBER + b"hi"
    assert CUTF8.encode_with_signature(MAGIC_TEXT + "hi") == MAGIC_NUMBER + b"hi"
    assert encode(MAGIC_TEXT, "cutf-8") == MAGIC_NUMBER


def test_magic_number_is_ill_formed_utf8_on_purpose():
    # EF B7 9D is U+FDDD, a noncharacter but well-formed; ED B2 AE would be the
    # surrogate U+DCAE: ED is one maximal subpart (value DCAE), B2 and AE strays
    assert decode(MAGIC_NUMBER, "utf-8").text == "\ufddd\ufffd\ufffd\ufffd\x00\n"
    assert spans_of(MAGIC_NUMBER, "utf-8") == [
        ("text", 0, 3, 0, 1, None, None),
        ("invalid", 3, 4, 1, 2, "surrogate", 0xDCAE),
        ("invalid", 4, 5, 2, 3, "stray-continuation", None),
        ("invalid", 5, 6, 3, 4, "stray-continuation", None),
        ("text", 6, 8, 4, 6, None, None),
    ]
    with pytest.raises(DecodeError) as caught:
        decode(MAGIC_NUMBER, "utf-8", errors="strict")
    assert caught.value.offset == 3


# -- beyond Unicode, and the code-point API -----------------------------------------------


def test_beyond_spans_carry_their_values():
    data = reference_encode(0x110000) + b"a" + reference_encode(0x8421109F)
    assert decode(data, "cutf-8").text == "\ufffda\ufffd"
    assert spans_of(data) == [
        ("beyond", 0, 4, 0, 1, "beyond-unicode", 0x110000),
        ("text", 4, 5, 1, 2, None, None),
        ("beyond", 5, 11, 2, 3, "beyond-unicode", 0x8421109F),
    ]
    with pytest.raises(DecodeError) as caught:
        decode(data, "cutf-8", errors="strict")
    assert caught.value.span.value == 0x110000


def test_supplementary_character_beside_a_beyond_value_in_mostly_ascii_text():
    # issue 12 item 1: the code-unit width was chosen after the beyond values
    # were masked to U+FFFD, so U+1F600 came out as U+F600 (16-bit units)
    data = reference_encode(0x1F600) + b"x" * 20 + reference_encode(0x8421109F)
    decoding = decode(data, "cutf-8")
    assert decoding.text == "\U0001f600" + "x" * 20 + "\ufffd"
    assert [s.kind.value for s in decoding.spans] == ["text", "beyond"]


def test_beyond_value_after_a_stray_in_mostly_ascii_text_does_not_crash():
    # issue 12 item 1's crash: a value that needs 32-bit units, ASCII, a
    # stray, and a beyond value; the 16-bit text could not even be decoded
    data = bytes.fromhex("f3bcb480 78787878787878787878 8f f3bfbfbf")
    decoding = decode(data, "cutf-8")
    assert decoding.text == "\U0010dda0" + "x" * 10 + "\ufffd\ufffd"
    assert [(s.kind.value, s.byte_start, s.byte_end) for s in decoding.spans] == [
        ("text", 0, 14),
        ("invalid", 14, 15),
        ("beyond", 15, 19),
    ]


def test_code_point_api_keeps_what_a_str_cannot():
    cps = [0x41, 0x10FFFF, 0x110000, 0x21109F, 0x2110A0, 0x8421109F]
    data = encode_code_points(cps)
    assert data == b"".join(reference_encode(cp) for cp in cps)
    assert decode_code_points(data) == cps


def test_code_point_api_replaces_ill_formed_bytes():
    assert decode_code_points(b"\x80a\xfe\x80\xe0\x80") == [0xFFFD, 0x61, 0xFFFD, 0xFFFD]


@pytest.mark.parametrize("cp", [0x80, 0x9F, 0xD800, 0xDFFF], ids=lambda cp: f"U+{cp:04X}")
def test_code_point_api_refuses_c1_and_surrogates(cp: int) -> None:
    with pytest.raises(EncodeError) as caught:
        encode_code_points([0x41, cp])
    assert (caught.value.char_offset, caught.value.byte_offset) == (1, 1)
    assert encode_code_points([0x41, cp], errors="replace") == b"A\xee\xbd\x9d"


@pytest.mark.parametrize("cp", [-1, 0x842110A0], ids=["negative", "above U+8421109F"])
def test_code_point_api_refuses_integers_outside_the_code_space(cp: int) -> None:
    with pytest.raises(ValueError, match="outside"):
        encode_code_points([cp])


@PROPERTY
@given(st.lists(st.integers(0, 0x8421109F).filter(encodable), max_size=30))
def test_property_code_points_round_trip(cps: list[int]) -> None:
    assert decode_code_points(encode_code_points(cps)) == cps


@PROPERTY
@given(st.integers(0, 0x8421109F).filter(encodable))
def test_property_code_point_encodes_as_the_table_says(cp: int) -> None:
    assert encode_code_points([cp]) == reference_encode(cp)


# -- reserved, ill-formed, warnings -------------------------------------------------------

DECODE_CASES = [
    # (label, bytes, spans)
    (
        "reserved run longer than any sequence",
        b"\xfe" + b"\x80" * 9 + b"a",
        [
            ("reserved", 0, 10, 0, 1, "reserved-lead", None),
            ("text", 10, 11, 1, 2, None, None),
        ],
    ),
    (
        "reserved run cut by a lead",
        b"\xff\xbf\xc3\xa9",
        [
            ("reserved", 0, 2, 0, 1, "reserved-lead", None),
            ("text", 2, 4, 1, 2, None, None),
        ],
    ),
    (
        "stray at the start",
        b"\xbfa",
        [
            ("invalid", 0, 1, 0, 1, "stray-continuation", None),
            ("text", 1, 2, 1, 2, None, None),
        ],
    ),
    (
        "five-byte lead short by one",
        b"\xf8\x80\x80\x80a",
        [
            ("invalid", 0, 4, 0, 1, "truncated", None),
            ("text", 4, 5, 1, 2, None, None),
        ],
    ),
    (
        "NUL among text",
        b"a\x00b",
        [
            ("text", 0, 1, 0, 1, None, None),
            ("warning", 1, 2, 1, 2, "nul", None),
            ("text", 2, 3, 2, 3, None, None),
        ],
    ),
    (
        "controls next to each other",
        b"\x00\x1b",
        [
            ("warning", 0, 1, 0, 1, "nul", None),
            ("warning", 1, 2, 1, 2, "discouraged-control", None),
        ],
    ),
    (
        "control after a sequence",
        b"\xc3\xa9\t",
        [
            ("text", 0, 2, 0, 1, None, None),
            ("warning", 2, 3, 1, 2, "discouraged-control", None),
        ],
    ),
    ("LF and DEL are plain text", b"a\n\x7f", [("text", 0, 3, 0, 3, None, None)]),
]


@pytest.mark.parametrize(
    ("data", "spans"), [c[1:] for c in DECODE_CASES], ids=[c[0] for c in DECODE_CASES]
)
def test_decode_case(data: bytes, spans: list[tuple[object, ...]]) -> None:
    assert spans_of(data) == spans


def test_discouraged_controls_do_not_fail_strict_decoding():
    # SHOULD NOTs: warnings under replace and strict alike
    data = b"\t\r\n" + reference_encode(0x2028) + reference_encode(0x2029)
    assert decode(data, "cutf-8", errors="strict").text == "\t\r\n\u2028\u2029"


def test_nul_outside_the_magic_number_fails_strict_decoding():
    # the spec's MUST NOT (FORMATS.md): a warning under replace, an error under strict
    assert decode(b"ab\x00c", "cutf-8").text == "ab\x00c"
    with pytest.raises(DecodeError) as caught:
        decode(b"ab\x00c", "cutf-8", errors="strict")
    assert (caught.value.offset, caught.value.span.reason) == (2, "nul")
    assert caught.value.data == b"\x00"


def test_nul_of_the_magic_number_passes_strict_decoding():
    assert decode(MAGIC_NUMBER + b"a", "cutf-8", errors="strict").text == MAGIC_TEXT + "a"


# -- encoding a str ------------------------------------------------------------------------


@pytest.mark.parametrize("ch", ["\x80", "\x85", "\x9f", "\ud800", "\udfff"], ids=repr)
def test_c1_and_surrogates_have_no_encoding(ch: str) -> None:
    with pytest.raises(EncodeError) as caught:
        encode("ok" + ch, "cutf-8")
    assert caught.value.char_offset == 2
    assert encode("ok" + ch, "cutf-8", errors="replace") == b"ok" + reference_encode(0xFFFD)


def test_encoding_spans_mark_each_replaced_character():
    spans = list(CUTF8.encode_spans("a\x80\x81b").spans)
    assert [(s.kind.value, s.byte_start, s.byte_end, s.char_start, s.char_end) for s in spans] == [
        ("text", 0, 1, 0, 1),
        ("invalid", 1, 4, 1, 2),
        ("invalid", 4, 7, 2, 3),
        ("text", 7, 8, 3, 4),
    ]


def test_char_byte_lengths_follow_the_table():
    assert CUTF8.char_byte_lengths("a\u00a0\u089f\u08a0\U0001109f\U000110a0") == [1, 2, 2, 3, 3, 4]


# -- seeking ---------------------------------------------------------------------------

SEEK_DATA = b"a\xfc\x80\x80\x80\x80\x80\xc3\xa9\x80" + b"\xfe" + b"\x80" * 12 + b"z"
SEEK_CASES = [
    # (label, offset asked for, where decoding may start)
    ("at ASCII", 0, 0),
    ("at a lead", 1, 1),
    ("last byte of a six-byte sequence, five back", 6, 1),
    ("second byte of a two-byte sequence", 8, 7),
    ("a stray after a complete sequence", 9, 9),
    ("deep inside a reserved run", 20, 10),
    ("just after the reserved run", 23, 23),
]


@pytest.mark.parametrize(
    ("offset", "start"), [c[1:] for c in SEEK_CASES], ids=[c[0] for c in SEEK_CASES]
)
def test_resync(offset: int, start: int) -> None:
    assert CUTF8.resync(BytesSource(SEEK_DATA), offset) == start


def test_resync_inside_the_magic_number_goes_to_its_start():
    data = MAGIC_NUMBER + b"abc"
    assert [CUTF8.resync(BytesSource(data), i) for i in range(10)] == [0] * 8 + [8, 9]


# -- large inputs ---------------------------------------------------------------------------


def test_ascii_without_controls_is_one_span():
    data = b"plain words\n" * 50_000
    decoding = decode(data, "cutf-8")
    assert decoding.text == data.decode("ascii")
    assert len(decoding.spans) == 1


# -- the whole-input fast path ------------------------------------------------------------


def test_quick_control_check_agrees_with_the_warnings_for_every_byte():
    # the ASCII fast path asks "any control to warn of?" by reductions
    for byte in range(256):
        data = bytes([ord("a"), byte, 0x0A])
        assert any_byte_in_ranges(data, CONTROL_RANGES) == (byte < 0x20 and byte != 0x0A), hex(byte)
