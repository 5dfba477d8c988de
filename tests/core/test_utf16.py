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


def swap_bytes(data: bytes) -> bytes:
    """Each 16-bit unit with its bytes swapped; an odd final byte stays."""
    swapped = bytearray(data)
    swapped[0 : len(data) // 2 * 2 : 2] = data[1 : len(data) // 2 * 2 : 2]
    swapped[1 : len(data) // 2 * 2 : 2] = data[0 : len(data) // 2 * 2 : 2]
    return bytes(swapped)


@pytest.mark.parametrize(("little", "big"), PAIRS, ids=["utf-16", "wtf-16"])
@given(
    data=st.one_of(
        st.binary(max_size=33), UNITS.map(lambda u: b"".join(x.to_bytes(2, "little") for x in u))
    )
)
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
