"""STF-7 (docs/specs/stf-7.txt as FORMATS.md settles it): the sample table, every
reason, the BOM, the smuggling example, every scalar value, seeking. The
properties it shares with Corrected UTF-8 (a reference decoder as the
oracle, the two decoding paths, streaming, strictness) are in
test_block_codecs.py. The table itself lives in tests/data/stf7_samples.json
(test_vectors.py runs it too); here it is also checked against a reference
encoder written straight from the spec's tables, one character at a time.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np
import pytest
from helpers.paths import DATA
from hypothesis import HealthCheck, settings

from mojiscope.core import (
    BytesSource,
    EncodeError,
    decode,
    encode,
)
from mojiscope.core.codecs.block_text import SCAN_PIECE, any_byte_in_ranges
from mojiscope.core.codecs.stf7.chunks import CHUNK_RANGES
from mojiscope.core.codecs.stf7.format import STF7

SAMPLES = json.loads((DATA / "stf7_samples.json").read_text("utf-8"))["cases"]
PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- a reference encoder, from the spec's three tables ------------------------------

NON_FINAL = "!\"#$%&'()*+,-./:"  # chunk values 0..F, all but the last chunk
FINAL = ";<=>?@[\\]^_`{|}~"  # chunk values 0..F, the last chunk


def is_direct(cp: int) -> bool:
    return (
        cp <= 0x20 or 0x30 <= cp <= 0x39 or 0x41 <= cp <= 0x5A or 0x61 <= cp <= 0x7A or cp == 0x7F
    )


def reference_encode(text: str) -> bytes:
    out = []
    for ch in text:
        cp = ord(ch)
        if is_direct(cp):
            out.append(ch)
            continue
        chunks = 2 if cp <= 0xFF else 3 if cp <= 0xFFF else 4 if cp <= 0xFFFF else 5
        chunks = 6 if cp > 0xFFFFF else chunks
        nibbles = [(cp >> (4 * k)) & 0xF for k in range(chunks - 1, -1, -1)]
        out.append("".join(NON_FINAL[x] for x in nibbles[:-1]) + FINAL[nibbles[-1]])
    return "".join(out).encode("ascii")


def spans_of(data: bytes) -> list[tuple[str, int, int, int, int, str | None, int | None]]:
    return [
        (s.kind.value, s.byte_start, s.byte_end, s.char_start, s.char_end, s.reason, s.value)
        for s in decode(data, "stf-7").spans
    ]


# -- the sample table ---------------------------------------------------------------

ENCODE_SAMPLES = [c for c in SAMPLES if "input_text" in c]


@pytest.mark.parametrize("case", ENCODE_SAMPLES, ids=[c["label"] for c in ENCODE_SAMPLES])
def test_sample_row_both_ways(case: dict[str, object]) -> None:
    # every row: the table's bytes are the reference algorithm's, the codec
    # writes them, and reading them back gives the row's text
    text = str(case["input_text"])
    expected = bytes.fromhex(str(case["expect"]["output_hex"]))  # type: ignore[index]
    assert reference_encode(text) == expected
    assert encode(text, "stf-7") == expected
    assert decode(expected, "stf-7", errors="strict").text == text


@pytest.mark.parametrize("case", ENCODE_SAMPLES, ids=[c["label"] for c in ENCODE_SAMPLES])
def test_sample_row_warns_exactly_at_indirect_ascii(case: dict[str, object]) -> None:
    # each warning span is one character: an ASCII character written as chunks
    text = str(case["input_text"])
    decoding = decode(encode(text, "stf-7"), "stf-7")
    warned = [s.char_start for s in decoding.spans if s.kind == "warning"]
    indirect = [i for i, ch in enumerate(text) if ord(ch) < 0x80 and not is_direct(ord(ch))]
    assert warned == indirect
    assert all(s.reason == "indirect-ascii" for s in decoding.spans if s.kind == "warning")


def test_hebrew_row_original_and_damaged_copy_differ_only_in_the_shin():
    # U+FB2A is ':,#_' in the published table; our copy's U+05E9 U+05B4 U+05C1
    # is '&/^&,?&-<' by the algorithm (the row's U+05B4 came after U+FB2A)
    assert encode("\ufb2a\u05b4", "stf-7") == b":,#_&,?"
    assert encode("\u05e9\u05b4\u05c1", "stf-7") == b"&/^&,?&-<"


# -- every reason ----------------------------------------------------------------------

REASON_CASES = [
    # (label, bytes, expected spans as (kind, b0, b1, c0, c1, reason, value))
    ("two chunks for a direct letter", b"%<", [("invalid", 0, 2, 0, 1, "overlong", 0x41)]),
    ("two chunks for space", b"#;", [("invalid", 0, 2, 0, 1, "overlong", 0x20)]),
    ("two chunks for NUL", b"!;", [("invalid", 0, 2, 0, 1, "overlong", 0)]),
    ("two chunks for DEL", b"(~", [("invalid", 0, 2, 0, 1, "overlong", 0x7F)]),
    ("three chunks for '<'", b"!${", [("invalid", 0, 3, 0, 1, "overlong", 0x3C)]),
    ("four chunks for U+00E9", b"!!/^", [("invalid", 0, 4, 0, 1, "overlong", 0xE9)]),
    ("five chunks for U+FFFF", b"!:::~", [("invalid", 0, 5, 0, 1, "overlong", 0xFFFF)]),
    ("six chunks for U+FFFFF", b"!::::~", [("invalid", 0, 6, 0, 1, "overlong", 0xFFFFF)]),
    (
        "a final chunk on its own",
        b"a;b",
        [
            ("text", 0, 1, 0, 1, None, None),
            ("invalid", 1, 2, 1, 2, "overlong", 0),
            ("text", 2, 3, 2, 3, None, None),
        ],
    ),
    ("lead surrogate U+D800", b".)!;", [("invalid", 0, 4, 0, 1, "surrogate", 0xD800)]),
    ("trail surrogate U+DFFF", b".::~", [("invalid", 0, 4, 0, 1, "surrogate", 0xDFFF)]),
    ("U+110000, one past the end", b'""!!!;', [("invalid", 0, 6, 0, 1, "out-of-range", 0x110000)]),
    ("U+FFFFFF, six chunks", b":::::~", [("invalid", 0, 6, 0, 1, "out-of-range", 0xFFFFFF)]),
    ("seven chunks", b'"!!!!!;', [("invalid", 0, 7, 0, 1, "too-long", None)]),
    ("a long run of chunks", b"!" * 40 + b";", [("invalid", 0, 41, 0, 1, "too-long", None)]),
    (
        "pending chunks cut by a direct byte",
        b"$x",
        [
            ("invalid", 0, 1, 0, 1, "truncated", None),
            ("text", 1, 2, 1, 2, None, None),
        ],
    ),
    (
        "pending chunks at the end",
        b"ab&.",
        [
            ("text", 0, 2, 0, 2, None, None),
            ("invalid", 2, 4, 2, 3, "truncated", None),
        ],
    ),
    (
        "pending zero chunk at the end",
        b"a!",
        [
            ("text", 0, 1, 0, 1, None, None),
            ("invalid", 1, 2, 1, 2, "truncated", None),
        ],
    ),
    (
        "a byte above 7F",
        b"a\xe9b",
        [
            ("text", 0, 1, 0, 1, None, None),
            ("invalid", 1, 2, 1, 2, "non-ascii", None),
            ("text", 2, 3, 2, 3, None, None),
        ],
    ),
    (
        "high bytes one by one",
        b"\xc3\xa9",
        [
            ("invalid", 0, 1, 0, 1, "non-ascii", None),
            ("invalid", 1, 2, 1, 2, "non-ascii", None),
        ],
    ),
    (
        "pending chunks cut by a high byte",
        b"%/\x80;",
        [
            ("invalid", 0, 2, 0, 1, "truncated", None),
            ("invalid", 2, 3, 1, 2, "non-ascii", None),
            ("invalid", 3, 4, 2, 3, "overlong", 0),
        ],
    ),
    ("indirect ASCII is a warning", b"#<", [("warning", 0, 2, 0, 1, "indirect-ascii", None)]),
    ("U+0080, the first two-chunk non-ASCII", b");", [("text", 0, 2, 0, 1, None, None)]),
    ("U+10FFFF, six chunks", b'"!:::~', [("text", 0, 6, 0, 1, None, None)]),
]


@pytest.mark.parametrize(
    ("data", "expected"), [c[1:] for c in REASON_CASES], ids=[c[0] for c in REASON_CASES]
)
def test_reason(data: bytes, expected: list[tuple[object, ...]]) -> None:
    assert spans_of(data) == expected


def test_one_replacement_per_bad_sequence():
    # a bad sequence is one U+FFFD up to and including its final chunk
    assert decode(b"%<x!!/^y", "stf-7").text == "\ufffdx\ufffdy"


def test_every_reason_is_held_by_a_case():
    reasons = {span[5] for _, _, spans in REASON_CASES for span in spans}
    assert {
        "overlong",
        "surrogate",
        "out-of-range",
        "too-long",
        "truncated",
        "non-ascii",
    } <= reasons
    assert "indirect-ascii" in reasons


# -- the BOM ---------------------------------------------------------------------------

BOM_CASES = [
    (
        "BOM then text",
        b":/:~hi",
        "\ufeffhi",
        [("signature", 0, 4, 0, 1, "bom", None), ("text", 4, 6, 1, 3, None, None)],
    ),
    ("BOM alone", b":/:~", "\ufeff", [("signature", 0, 4, 0, 1, "bom", None)]),
    ("U+FEFF after text is a character", b"a:/:~", "a\ufeff", [("text", 0, 5, 0, 2, None, None)]),
    (
        "BOM twice",
        b":/:~:/:~",
        "\ufeff\ufeff",
        [
            ("signature", 0, 4, 0, 1, "bom", None),
            ("text", 4, 8, 1, 2, None, None),
        ],
    ),
    ("BOM cut short", b":/:", "\ufffd", [("invalid", 0, 3, 0, 1, "truncated", None)]),
]


@pytest.mark.parametrize(
    ("data", "text", "spans"), [c[1:] for c in BOM_CASES], ids=[c[0] for c in BOM_CASES]
)
def test_bom(data: bytes, text: str, spans: list[tuple[object, ...]]) -> None:
    assert decode(data, "stf-7").text == text
    assert spans_of(data) == spans


def test_bom_stripped_on_request():
    stripped = STF7.decode_stripping_signature(b":/:~hi")
    assert stripped.text == "hi"
    assert [
        (s.kind.value, s.byte_start, s.byte_end, s.char_start, s.char_end) for s in stripped.spans
    ] == [("text", 4, 6, 0, 2)]


def test_bom_is_written_on_request_only():
    assert encode("\ufeffhi", "stf-7") == b":/:~hi"
    assert STF7.encode_with_signature("hi") == b":/:~hi"
    assert STF7.encode_with_signature("\ufeffhi") == b":/:~hi"


# -- the smuggling example --------------------------------------------------------------


def test_script_tag_smuggled_as_chunks_is_flagged():
    # the spec: '<script>' is written '${script$}', which a byte filter for
    # '<script>' misses; each indirect '<' and '>' is a warning, not an error
    data = encode("<script>", "stf-7")
    assert data == b"${script$}"
    assert b"<script>" not in data
    decoding = decode(data, "stf-7", errors="strict")
    assert decoding.text == "<script>"
    assert spans_of(data) == [
        ("warning", 0, 2, 0, 1, "indirect-ascii", None),
        ("text", 2, 8, 1, 7, None, None),
        ("warning", 8, 10, 7, 8, "indirect-ascii", None),
    ]


# -- every scalar value, at once -------------------------------------------------------


def test_every_scalar_value_round_trips_in_one_string():
    # all 1,112,064 scalar values, encoded as one string and decoded back
    code_points = np.concatenate([np.arange(0, 0xD800), np.arange(0xE000, 0x110000)])
    text = code_points.astype(np.uint32).tobytes().decode("utf-32-le")
    assert len(text) == 1_112_064
    data = encode(text, "stf-7")
    assert data.isascii()
    decoding = decode(data, "stf-7", errors="strict")
    assert decoding.text == text
    # one warning per indirect ASCII character; text spans are the five direct
    # ranges, the last (U+007F) running on through everything above ASCII
    indirect_ascii = sum(1 for cp in range(0x80) if not is_direct(cp))
    assert decoding.counts() == {("text", None): 5, ("warning", "indirect-ascii"): indirect_ascii}


# -- encoding -----------------------------------------------------------------------------


def test_lone_surrogate_is_unencodable():
    with pytest.raises(EncodeError) as caught:
        encode("ab\udc80", "stf-7")
    assert caught.value.char_offset == 2
    assert caught.value.byte_offset == 2
    assert encode("ab\udc80c", "stf-7", errors="replace") == b"ab:::|c"


def test_encoding_spans_mark_the_replaced_surrogate():
    spans = list(STF7.encode_spans("a\ud800b").spans)
    assert [(s.kind.value, s.byte_start, s.byte_end, s.char_start, s.char_end) for s in spans] == [
        ("text", 0, 1, 0, 1),
        ("invalid", 1, 5, 1, 2),
        ("text", 5, 6, 2, 3),
    ]


def test_char_byte_lengths_follow_the_chunk_table():
    chars = "a,\u00e9\u0100\u0fff\u1000\U00010000\U00100000"
    assert STF7.char_byte_lengths(chars) == [1, 2, 2, 3, 3, 4, 5, 6]


# -- seeking (the spec's rule) ----------------------------------------------------------

SEEK_DATA = b"ab$_ \":%'[x"  # 'ab', ':' as '$_', ' ', U+1F466 as '":%\'[', 'x'
SEEK_CASES = [
    # (label, offset asked for, where decoding may start)
    ("at a direct byte", 1, 1),
    ("on the final chunk of a sequence", 3, 2),
    ("on a non-final chunk", 2, 2),
    ("just past a final chunk", 4, 4),
    ("deep in a five-chunk sequence", 8, 5),
    ("on that sequence's final chunk", 9, 5),
    ("the end of the input", len(SEEK_DATA), len(SEEK_DATA)),
]


@pytest.mark.parametrize(
    ("offset", "start"), [c[1:] for c in SEEK_CASES], ids=[c[0] for c in SEEK_CASES]
)
def test_resync_resumes_at_a_direct_byte_or_past_a_final_chunk(offset: int, start: int) -> None:
    assert STF7.resync(BytesSource(SEEK_DATA), offset) == start


def test_resync_walks_back_over_a_long_run_of_chunks():
    data = b"x" + b"!" * 1000 + b";"
    assert STF7.resync(BytesSource(data), 900) == 1


def test_window_agrees_with_the_whole_decode(contract: SimpleNamespace) -> None:
    # a window starts where the seeking rule says and holds the whole's text there
    data = encode("Gr\u00fc\u00dfe, \u4e16\u754c! " * 50, "stf-7")
    whole = decode(data, "stf-7")
    for start in range(0, len(data), 37):
        window = STF7.decode_window(BytesSource(data), start, start + 40)
        assert window.byte_start == STF7.resync(BytesSource(data), start)
        first = contract.char_at_byte_boundary(whole, window.byte_start)
        last = contract.char_at_byte_boundary(whole, window.byte_end)
        assert window.text == whole.text[first:last]


# -- large inputs ---------------------------------------------------------------------------


def test_text_of_direct_bytes_only_is_one_span():
    data = b"plain words and digits 123\n" * 20_000
    decoding = decode(data, "stf-7")
    assert decoding.text == data.decode("ascii")
    assert len(decoding.spans) == 1


# -- the whole-input fast path ------------------------------------------------------------


def test_quick_chunk_byte_check_agrees_with_the_classes_for_every_byte():
    # the whole-input fast path asks "any chunk byte?" by reductions, piece
    # by piece: the byte may stand in the first piece, or at the very end
    # of a later, shorter one
    for byte in range(256):
        is_chunk = byte < 0x80 and not is_direct(byte)
        assert any_byte_in_ranges(bytes([0x61, byte, 0x20]), CHUNK_RANGES) == is_chunk, hex(byte)
        long = b"a" * (SCAN_PIECE + 100) + bytes([byte])
        assert any_byte_in_ranges(long, CHUNK_RANGES) == is_chunk, hex(byte)
    assert not any_byte_in_ranges(b"", CHUNK_RANGES)
