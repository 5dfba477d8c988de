"""The UTF-8 family (``utf-8``, ``utf-8b``, ``wtf-8``, ``xtf-8``) beyond the
shared contract: the engine's two decoding paths agree, the replacement
policies, the encoders' choices, and the byte-to-byte functions the WTF-8
and XTF-8 specifications name (FORMATS.md). Fixed decode vectors live in
tests/data/*.json (test_vectors.py); these tests hold what needs code.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers.properties import property_settings
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from mojiscope.core import (
    ERROR_KINDS,
    DecodeError,
    EncodeError,
    SpanKind,
    decode,
    encode,
    get_format,
    join_decodings,
)
from mojiscope.core.codecs.utf8 import dense as utf8_dense
from mojiscope.core.codecs.utf8 import engine as utf8_family
from mojiscope.core.codecs.utf8.variants import wtf8_concat, xtf8_decode, xtf8_encode

FAMILY = ["utf-8", "utf-8b", "wtf-8", "xtf-8"]
PROPERTY = property_settings(100)

#: Bytes that steer the UTF-8 state machine into every corner.
CORNER_PIECES = [
    bytes([b])
    for b in bytes.fromhex("41 80 8F 90 9F A0 BF C0 C1 C2 DF E0 E1 ED EE EF F0 F1 F4 F5 F8 FF")
] + [
    bytes.fromhex(h)
    for h in (
        "EF BB BF",
        "EF BF BD",
        "ED A0 BD",
        "ED B2 A9",
        "EE BE 80",
        "EE BF BF",
        "C3 A9",
        "F0 9F 98 80",
    )
]
utf8_corner_bytes = st.lists(
    st.one_of(st.sampled_from(CORNER_PIECES), st.binary(max_size=4)), max_size=24
).map(b"".join)
family_bytes = st.one_of(st.binary(max_size=64), utf8_corner_bytes)


# -- the two decoding paths ---------------------------------------------------------


@pytest.mark.parametrize("format_id", FAMILY)
@PROPERTY
@given(data=family_bytes, at_start=st.booleans())
@example(data=bytes.fromhex("80 EF BF BD 21"), at_start=False)  # genuine U+FFFD, then text
# a run of two events, then a genuine U+FFFD, between non-ASCII text
@example(data=bytes.fromhex("C3 A9 FF 80 EF BF BD C3 A9 FF"), at_start=False)
# the first byte is an ED: the handler's first call (the seed's) must not take it for one
@example(data=bytes.fromhex("ED A0 80 41"), at_start=True)
# a run whose first event writes U+FFFD and whose second (in WTF-8) a surrogate
@example(data=bytes.fromhex("C3 A9 FF ED A0 80 C3 A9"), at_start=False)
@example(data=bytes.fromhex("EF BB BF ED A0 BD ED B2 A9 EE BE 80 C0 AF"), at_start=True)
def test_sparse_and_dense_paths_agree(format_id, data, at_start):
    variant = get_format(format_id).variant
    try:
        sparse_text, sparse_spans = utf8_family.PATHS["sparse"](variant, data, at_start)
    except utf8_family._TooDense:
        assume(False)  # too many events for the sparse path: nothing to compare
    dense_text, dense_spans = utf8_family.PATHS["dense"](variant, data, at_start)
    assert sparse_text == dense_text
    assert list(sparse_spans) == list(dense_spans)


@pytest.mark.parametrize("format_id", FAMILY)
def test_dense_path_on_a_dense_block_agrees_with_streamed_sparse_pieces(format_id):
    """A block of random bytes is too dense for the sparse path; decoded in
    small pieces (each sparse), it must give what the dense path gives."""
    rng = random.Random(3)
    data = bytes(rng.randrange(256) for _ in range(3000))
    fmt = get_format(format_id)
    whole = fmt.decode(data)
    decoder = fmt.incremental_decoder()
    parts = [decoder.decode(data[i : i + 40]) for i in range(0, len(data), 40)]
    parts.append(decoder.decode(b"", final=True))
    pieces = join_decodings(parts)
    assert pieces.text == whole.text
    assert list(pieces.spans) == list(whole.spans)


@PROPERTY
@given(st.lists(st.integers(0, 0x10FFFF)))
@example([0x41, 0])  # a trailing NUL, which numpy would drop from its scalar
@example([0xDC80, 0, 0])
def test_dense_text_from_code_points_is_a_plain_str_with_every_code_point(cps):
    """Lone surrogates, astral characters and trailing NULs all survive."""
    text = utf8_dense.text_from_code_points(np.array(cps, np.uint32))
    assert type(text) is str
    assert text == "".join(map(chr, cps))


def _streamed(contract, fmt, data: bytes, piece: int):
    """``data`` fed in pieces of ``piece`` bytes, joined."""
    return join_decodings(
        contract.feed(fmt, [data[i : i + piece] for i in range(0, len(data), piece)])
    )


def _text_with_garbage(size: int, garbage_every: int, seed: int) -> bytes:
    """Multilingual text with a random byte sequence every ``garbage_every``
    bytes (some well-formed by chance, most not)."""
    rng = random.Random(seed)
    words = ["caf\u00e9", "\u043c\u0438\u0440", "\u4e16\u754c", "plain", "\U0001f600", "\ufffd"]
    out = bytearray()
    while len(out) < size:
        out += " ".join(rng.choice(words) for _ in range(8)).encode() + b"\n"
        if len(out) // garbage_every != (len(out) - 40) // garbage_every:
            out += bytes(rng.randrange(0x80, 0x100) for _ in range(rng.randrange(1, 4)))
    return bytes(out)


@pytest.mark.parametrize("format_id", FAMILY)
def test_whole_input_sparse_path_agrees_with_the_block_driver(format_id, contract):
    """Sparse errors over a whole input take one C call (no blocks): the
    result must be what decoding in pieces gives, genuine U+FFFD and all."""
    fmt = get_format(format_id)
    data = b"\xef\xbb\xbf" + _text_with_garbage(300_000, 4096, 5)
    assert utf8_family._decode_sparse_whole(fmt.variant, data) is not None  # the path is taken
    whole = fmt.decode(data)
    pieces = _streamed(contract, fmt, data, 7777)
    assert whole.text == pieces.text
    assert list(whole.spans) == list(pieces.spans)


@pytest.mark.parametrize("format_id", FAMILY)
def test_strict_decoding_leaves_input_with_errors_to_the_blocks(format_id):
    """Under strict the block driver stops at the first block with an error;
    a whole-input decode would read everything first."""
    fmt = get_format(format_id)
    data = _text_with_garbage(300_000, 4096, 5)
    assert fmt.decode_whole(data, "replace") is not None
    assert fmt.decode_whole(data, "strict") is None
    clean = "caf\u00e9 \u4e16\u754c ".encode() * 1000
    assert fmt.decode_whole(clean, "strict") is not None  # clean input still in one go
    replaced = fmt.decode(data)
    errors = [span for span in replaced.spans if span.kind in ERROR_KINDS]
    if not errors:  # UTF-8b and XTF-8 escape what they cannot decode: no loss
        assert fmt.decode(data, "strict").text == replaced.text
        return
    with pytest.raises(DecodeError) as caught:
        fmt.decode(data, "strict")
    assert caught.value.span.byte_start == errors[0].byte_start


@pytest.mark.parametrize("format_id", FAMILY)
def test_whole_input_sparse_path_hands_a_dense_tail_to_the_blocks(format_id, contract):
    """Sparse at the start, random bytes later: the whole-input attempt gives
    up and the block driver decodes, with the same answer as pieces."""
    fmt = get_format(format_id)
    rng = random.Random(9)
    data = _text_with_garbage(40_000, 4096, 6) + bytes(rng.randrange(256) for _ in range(30_000))
    assert utf8_family._decode_sparse_whole(fmt.variant, data) is None  # too dense on the whole
    whole = fmt.decode(data)
    pieces = _streamed(contract, fmt, data, 5000)
    assert whole.text == pieces.text
    assert list(whole.spans) == list(pieces.spans)


# -- replacement policies (utf-8) ---------------------------------------------------


def check_policies(data: bytes) -> None:
    utf8 = get_format("utf-8")
    base = utf8.decode(data, "replace", "maximal-subpart")
    per_byte = utf8.decode(data, "replace", "per-byte")
    per_run = utf8.decode(data, "replace", "per-run")
    for other in (per_byte, per_run):
        assert [s[:2] + s[5:] for s in other.spans] == [s[:2] + s[5:] for s in base.spans]
    expected_per_byte = []
    expected_per_run = []
    previous_invalid = False
    for span in base.spans:
        chars = base.text[span.char_start : span.char_end]
        if span.kind is SpanKind.INVALID:
            expected_per_byte.append("\ufffd" * (span.byte_end - span.byte_start))
            expected_per_run.append("" if previous_invalid else "\ufffd")
        else:
            expected_per_byte.append(chars)
            expected_per_run.append(chars)
        previous_invalid = span.kind is SpanKind.INVALID
    assert per_byte.text == "".join(expected_per_byte)
    assert per_run.text == "".join(expected_per_run)


@PROPERTY
@given(family_bytes)
def test_policies_differ_only_in_replacement_text(data):
    check_policies(data)


def test_per_byte_policy_on_unicode_table_3_8():
    data = bytes.fromhex("61 F1 80 80 E1 80 C2 62 80 63 80 BF 64")
    assert (
        decode(data, "utf-8", policy="per-byte").text
        == "a" + "\ufffd" * 6 + "b\ufffdc\ufffd\ufffdd"
    )
    assert decode(data, "utf-8", policy="per-run").text == "a\ufffdb\ufffdc\ufffdd"
    check_policies(data)


def test_per_run_policy_keeps_one_replacement_for_adjacent_subparts():
    decoding = decode(b"\xc0\xaf\xff", "utf-8", policy="per-run")
    assert decoding.text == "\ufffd"
    assert [(s.char_start, s.char_end) for s in decoding.spans] == [(0, 1), (1, 1), (1, 1)]


def test_unknown_policy_is_refused():
    with pytest.raises(ValueError):
        decode(b"a", "utf-8", policy="per-banana")  # type: ignore[arg-type]


@pytest.mark.parametrize("format_id", ["utf-8b", "wtf-8", "xtf-8"])
def test_other_family_members_offer_only_maximal_subpart(format_id):
    with pytest.raises(ValueError):
        decode(b"\xff", format_id, policy="per-byte")


# -- windows ------------------------------------------------------------------------


@pytest.mark.parametrize("format_id", ["utf-8", "utf-8b", "xtf-8"])
@PROPERTY
@given(data=family_bytes, start=st.integers(0, 64))
def test_window_snaps_back_at_most_three_bytes(format_id, data, start):
    """FORMATS.md: the UTF-8 family snaps a window's start back at most 3
    bytes, to a byte that is not a continuation byte."""
    start = min(start, len(data))
    window = get_format(format_id).decode_window(data, start, len(data))
    assert start - 3 <= window.byte_start <= start
    if window.byte_start < start:
        assert data[window.byte_start] & 0xC0 != 0x80


def test_wtf8_window_on_a_trail_surrogate_reaches_back_to_its_lead():
    """A trail sequence right after a lead sequence is half of a pair byte
    sequence; a window starting on it must see the lead to say so."""
    data = bytes.fromhex("41 ED A0 BD ED B2 A9 42")
    window = get_format("wtf-8").decode_window(data, 5, 6)
    assert window.byte_start == 1
    assert [s.reason for s in window.spans][:2] == ["surrogate-pair", "surrogate-pair"]


# -- UTF-8 ----------------------------------------------------------------------------


def test_utf8_bom_is_a_signature_only_at_offset_zero():
    bom = b"\xef\xbb\xbf"
    assert decode(bom + b"a", "utf-8").spans[0].kind is SpanKind.SIGNATURE
    later = decode(b"a" + bom, "utf-8")
    assert [s.kind for s in later.spans] == [SpanKind.TEXT]
    assert later.text == "a\ufeff"


def test_utf8_bom_fed_byte_by_byte_is_still_a_signature():
    decoder = get_format("utf-8").incremental_decoder()
    parts = [decoder.decode(bytes([b])) for b in b"\xef\xbb\xbfa"]
    parts.append(decoder.decode(b"", final=True))
    spans = list(join_decodings(parts).spans)
    assert spans[0][:6] == (SpanKind.SIGNATURE, 0, 3, 0, 1, "bom")


def test_utf8_window_after_offset_zero_does_not_see_a_signature():
    data = b"\xef\xbb\xbf\xef\xbb\xbfa"
    window = get_format("utf-8").decode_window(data, 3, 7)
    assert window.spans[0].kind is SpanKind.TEXT
    assert window.text.startswith("\ufeff")


def test_utf8_encoding_a_lone_surrogate_raises_under_strict_and_replaces_otherwise():
    with pytest.raises(EncodeError) as info:
        encode("a\ud800b", "utf-8", "strict")
    assert (info.value.char_offset, info.value.byte_offset) == (1, 1)
    assert encode("a\ud800b", "utf-8", "replace") == b"a\xef\xbf\xbdb"


def test_utf8_strict_decode_error_carries_offset_reason_and_bytes():
    with pytest.raises(DecodeError) as info:
        decode(b"ab\xc0\xafcd", "utf-8", "strict")
    error = info.value
    assert (error.offset, error.span.reason, error.span.value) == (2, "overlong", 0x2F)
    assert error.data == b"\xc0"
    assert isinstance(error, UnicodeError)


# -- UTF-8b ---------------------------------------------------------------------------


def test_utf8b_escapes_each_byte_and_encodes_it_back():
    data = b"a\x80\xff\xed\xa0\x80b"
    decoding = decode(data, "utf-8b")
    assert decoding.text == "a\udc80\udcff\udced\udca0\udc80b"
    assert all(s.kind in (SpanKind.TEXT, SpanKind.ESCAPE) for s in decoding.spans)
    assert encode(decoding.text, "utf-8b") == data


@pytest.mark.parametrize(
    "text", ["\udc7f", "\ud800", "\udbff\udfff"], ids=["below escape range", "lead", "pair"]
)
def test_utf8b_other_lone_surrogates_are_unencodable(text):
    with pytest.raises(EncodeError):
        encode(text, "utf-8b", "strict")
    assert encode(text, "utf-8b", "replace") == b"\xef\xbf\xbd" * len(text)


def test_utf8b_escapes_that_form_utf8_are_flagged():
    encoding = get_format("utf-8b").encode_spans("\udcc3\udca9")
    assert encoding.data == b"\xc3\xa9"
    assert {s.reason for s in encoding.spans} == {"escapes-form-utf8"}
    assert decode(encoding.data, "utf-8b").text == "\u00e9"


# -- WTF-8 ----------------------------------------------------------------------------


def test_wtf8_surrogate_pair_bytes_strict_error_covers_all_six_bytes():
    """FORMATS.md: a surrogate pair byte sequence is ill-formed in WTF-8:
    "strict raises with one span covering all six bytes"."""
    with pytest.raises(DecodeError) as info:
        decode(b"\xed\xa0\xbd\xed\xb2\xa9", "wtf-8", "strict")
    span = info.value.span
    assert (span.byte_start, span.byte_end, span.reason) == (0, 6, "surrogate-pair")
    assert info.value.data == b"\xed\xa0\xbd\xed\xb2\xa9"


def test_wtf8_surrogate_pair_bytes_replace_gives_two_invalid_spans():
    decoding = decode(b"\xed\xa0\xbd\xed\xb2\xa9", "wtf-8")
    assert decoding.text == "\ufffd\ufffd"
    assert [s[:6] for s in decoding.spans] == [
        (SpanKind.INVALID, 0, 3, 0, 1, "surrogate-pair"),
        (SpanKind.INVALID, 3, 6, 1, 2, "surrogate-pair"),
    ]


def test_wtf8_encoding_joins_a_lead_and_trail_into_one_code_point():
    """The spec's rule; so such a pair in a str does not round-trip."""
    encoding = get_format("wtf-8").encode_spans("\ud83d\udca9")
    assert encoding.data == b"\xf0\x9f\x92\xa9"
    assert {s.reason for s in encoding.spans} == {"surrogate-pair"}
    assert decode(encoding.data, "wtf-8").text == "\U0001f4a9"


def test_wtf8_lone_surrogates_round_trip():
    text = "\udca9\ud83d a \ud800"
    assert decode(encode(text, "wtf-8"), "wtf-8", "strict").text == text


@given(st.text(st.one_of(st.characters(), st.characters(categories=["Cs"])), max_size=20))
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
def test_wtf8_round_trip_joins_exactly_the_adjacent_pairs(text):
    expected = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    assert decode(encode(text, "wtf-8"), "wtf-8", "strict").text == expected


def test_lossy_wtf8_to_utf8_replaces_each_surrogate_sequence():
    data = bytes.fromhex("61 ED A0 BD 62 ED B2 A9 63")
    text = decode(data, "wtf-8").text
    assert encode(text, "utf-8", "replace") == bytes.fromhex("61 EF BF BD 62 EF BF BD 63")


WTF8_CONCAT_CASES = [
    ("lead then trail join", "ED A0 BD", "ED B2 A9", "F0 9F 92 A9"),
    ("with text around", "61 ED A0 BD", "ED B2 A9 62", "61 F0 9F 92 A9 62"),
    ("trail then lead stay apart", "ED B2 A9", "ED A0 BD", "ED B2 A9 ED A0 BD"),
    ("lead then ascii", "ED A0 BD", "61", "ED A0 BD 61"),
    ("ascii then trail", "61", "ED B2 A9", "61 ED B2 A9"),
    ("lead then lead", "ED A0 BD", "ED A0 BD", "ED A0 BD ED A0 BD"),
    ("empty left", "", "ED B2 A9", "ED B2 A9"),
    ("empty right", "ED A0 BD", "", "ED A0 BD"),
    ("highest pair", "ED AF BF", "ED BF BF", "F4 8F BF BF"),
    ("lowest pair", "ED A0 80", "ED B0 80", "F0 90 80 80"),
]


@pytest.mark.parametrize(
    ("left", "right", "joined"),
    [c[1:] for c in WTF8_CONCAT_CASES],
    ids=[c[0] for c in WTF8_CONCAT_CASES],
)
def test_wtf8_concat(left, right, joined):
    assert wtf8_concat(bytes.fromhex(left), bytes.fromhex(right)) == bytes.fromhex(joined)


@given(
    st.text(st.one_of(st.characters(), st.characters(categories=["Cs"])), max_size=8),
    st.text(st.one_of(st.characters(), st.characters(categories=["Cs"])), max_size=8),
)
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
def test_wtf8_concat_equals_encoding_the_concatenated_text(left, right):
    """The spec: concatenation must give the WTF-8 of the concatenated
    code units, so a split pair is joined."""
    joined = wtf8_concat(encode(left, "wtf-8"), encode(right, "wtf-8"))
    assert joined == encode(left + right, "wtf-8")


# -- XTF-8 ----------------------------------------------------------------------------


@given(st.text(st.characters(min_codepoint=0xEF80, max_codepoint=0xEFFF), min_size=1))
@settings(max_examples=100, deadline=None, derandomize=True, database=None)
def test_xtf8_escapes_never_encode_to_ascii(text):
    data = encode(text, "xtf-8")
    assert len(data) == len(text)
    assert all(b >= 0x80 for b in data)
    assert data == bytes(0x80 | (ord(c) & 0x7F) for c in text)


def test_xtf8_escapes_forming_utf8_encode_but_read_back_as_the_character():
    encoding = get_format("xtf-8").encode_spans("\uefc3\uefa9")
    assert encoding.data == b"\xc3\xa9"
    assert {s.reason for s in encoding.spans} == {"escapes-form-utf8"}
    assert decode(encoding.data, "xtf-8").text == "\u00e9"


def test_xtf8_escapes_that_stay_ill_formed_are_not_flagged():
    encoding = get_format("xtf-8").encode_spans("a\uefc3b\uefa9")
    assert encoding.data == b"a\xc3b\xa9"
    assert all(s.kind is SpanKind.TEXT for s in encoding.spans)
    assert decode(encoding.data, "xtf-8").text == "a\uefc3b\uefa9"


@pytest.mark.parametrize(
    ("format_id", "text"),
    [("xtf-8", "\uefc3\ud800\uefa9"), ("utf-8b", "\udcc3\ud800\udca9")],
    ids=["xtf-8", "utf-8b"],
)
def test_escapes_split_by_a_replaced_character_are_not_flagged(format_id, text):
    """C3, then U+FFFD's EF BF BD, then A9 is no well-formed UTF-8: the
    escapes read back as escapes, so no ``escapes-form-utf8`` warning."""
    fmt = get_format(format_id)
    encoding = fmt.encode_spans(text)
    assert encoding.data == b"\xc3\xef\xbf\xbd\xa9"
    assert fmt.decode(encoding.data).text == text[0] + "\ufffd" + text[2]
    assert [s.kind for s in encoding.spans] == [SpanKind.TEXT, SpanKind.INVALID, SpanKind.TEXT]


def test_xtf8_collision_raises_under_strict():
    with pytest.raises(DecodeError) as info:
        decode("a\uef80".encode(), "xtf-8", "strict")
    assert (info.value.offset, info.value.span.kind) == (1, "collision")


XTF8_SPEC_FUNCTION_CASES = [
    ("valid utf-8 passes", "63 61 66 C3 A9", "63 61 66 C3 A9"),
    ("binary bytes become escapes", "61 FF 80 62", "61 EE BF BF EE BE 80 62"),
    ("incomplete tail kept", "61 F0 9F 92", "61 EE BF B0 EE BE 9F EE BE 92"),
    ("collision replaced", "EE BE 80", "EF BF BD"),
]


@pytest.mark.parametrize(
    ("hybrid", "utf8"),
    [c[1:] for c in XTF8_SPEC_FUNCTION_CASES],
    ids=[c[0] for c in XTF8_SPEC_FUNCTION_CASES],
)
def test_xtf8_encode_spec_function(hybrid, utf8):
    out = xtf8_encode(bytes.fromhex(hybrid))
    assert out == bytes.fromhex(utf8)
    out.decode("utf-8")  # the spec's final assertion: the output is valid UTF-8


def test_xtf8_encode_spec_function_strict_raises_on_collision():
    with pytest.raises(DecodeError):
        xtf8_encode(bytes.fromhex("EE BE 80"), "strict")


def test_xtf8_decode_spec_function_reverses_encode():
    hybrid = b"name: \xff\xfe caf\xc3\xa9 \xc3"
    assert xtf8_decode(xtf8_encode(hybrid)) == hybrid


def test_xtf8_decode_spec_function_replaces_ill_formed_input():
    assert xtf8_decode(b"a\xffb") == b"a\xef\xbf\xbdb"
    with pytest.raises(DecodeError):
        xtf8_decode(b"a\xffb", "strict")


@given(st.binary(max_size=40))
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
def test_xtf8_spec_functions_round_trip_any_bytes_without_collisions(hybrid):
    assume(not get_format("xtf-8").decode(hybrid).counts().get(("collision", "escape-range")))
    utf8 = xtf8_encode(hybrid)
    utf8.decode("utf-8")
    assert xtf8_decode(utf8) == hybrid


# -- how far a value reaches ------------------------------------------------------


def _value_of(sequence: bytes) -> int:
    """The value a lead and its continuation bytes spell, by the UTF-8 bit
    layout, with no check of minimality or range."""
    value = sequence[0] & (0xFF >> (len(sequence) + 1))
    for byte in sequence[1:]:
        value = (value << 6) | (byte & 0x3F)
    return value


@pytest.mark.parametrize("format_id", FAMILY)
@PROPERTY
@given(data=family_bytes)
@example(data=b"\xc0\xaf\xaf")  # the stray AF after the sequence is not part of it
@example(data=b"\xf4\x90\x80\x80\x80")
def test_value_extent_covers_exactly_the_sequence_behind_the_value(format_id, data):
    fmt = get_format(format_id)
    for span in fmt.decode(data).spans:
        if span.value is None or span.kind is SpanKind.SIGNATURE:
            continue
        extent = fmt.value_extent(span, data[span.byte_start])
        sequence = data[span.byte_start : span.byte_start + extent]
        assert len(sequence) == extent, span
        assert all(0x80 <= b <= 0xBF for b in sequence[1:]), span
        assert _value_of(sequence) == span.value, span
