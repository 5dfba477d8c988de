"""One harness for the two formats decoded by numpy blocks (STF-7 and
Corrected UTF-8, which share :mod:`mojiscope.core.codecs.block_text`): each fast
path held to a byte-at-a-time reference decoder written from the spec
(tests/core/reference_*.py), the dense and general paths held to each
other, split-anywhere streaming, whole inputs against the incremental
driver, and strictness. Each format brings its own byte soups (biased to
its special bytes), its own tricky streams and its own text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np
import pytest
from helpers import reference_cutf8, reference_stf7
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mojiscope.core import DecodeError, decode, encode, get_format, join_decodings
from mojiscope.core.codecs.block_text import WHOLE_INPUT_BLOCK
from mojiscope.core.codecs.cutf8.format import decode_by_general_path_only as cutf8_general_only
from mojiscope.core.codecs.cutf8.format import decode_code_points, decode_cutf8
from mojiscope.core.codecs.cutf8.sequences import MAGIC_NUMBER
from mojiscope.core.codecs.stf7.format import decode_by_general_path_only as stf7_general_only
from mojiscope.core.codecs.stf7.format import decode_stf7
from mojiscope.core.spans.table import SpanTable

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BlockDecoder = Callable[[bytes], tuple[str, SpanTable]]


@dataclass(frozen=True)
class BlockCodec:
    """What the harness needs of one format."""

    id: str
    #: bytes -> (text, span tuples): the reference decoder.
    reference: Callable[[bytes], tuple[str, list[tuple[object, ...]]]]
    #: Byte soups made of the format's special bytes and sequences.
    soup: st.SearchStrategy[bytes]
    #: Input that is well-formed in shape and dense: what the dense path takes.
    dense: st.SearchStrategy[bytes]
    #: Text the format can encode.
    text: st.SearchStrategy[str]
    #: A block not at the start, by the fastest path, and by the general one only.
    decode_block: BlockDecoder
    general_only: BlockDecoder
    #: (label, bytes) whose every two- and three-way split must decode as the whole.
    streams: tuple[tuple[str, bytes], ...]
    #: Pieces strung together into inputs of several whole-input blocks.
    large_pieces: tuple[bytes, ...]


def _soup(pieces: list[bytes]) -> st.SearchStrategy[bytes]:
    return st.lists(st.one_of(st.sampled_from(pieces), st.binary(max_size=3)), max_size=16).map(
        b"".join
    )


def _cutf8_reference(data: bytes) -> tuple[str, list[tuple[object, ...]]]:
    text, spans, _ = reference_cutf8.decode(data)
    return text, list(spans)


def _stf7_dense() -> st.SearchStrategy[bytes]:
    run_then_final = st.integers(0, 7).flatmap(
        lambda k: st.tuples(
            st.text(st.sampled_from(reference_stf7.NON_FINAL.decode()), min_size=k, max_size=k),
            st.sampled_from(reference_stf7.FINAL.decode()),
        ).map(lambda t: (t[0] + t[1]).encode())
    )
    piece = st.one_of(run_then_final, st.sampled_from([b"a", b" ", b"7", b"\n", b"!", b"\x80"]))
    return st.lists(piece, min_size=1, max_size=30).map(b"".join)


def _cutf8_dense() -> st.SearchStrategy[bytes]:
    # a lead wanting 0..5 continuation bytes, and them
    well_shaped = st.integers(0, 5).flatmap(
        lambda need: st.tuples(
            st.integers(0, 0x3F >> need if need else 0x7F),
            st.lists(st.integers(0x80, 0xBF), min_size=need, max_size=need),
        ).map(
            lambda t, need=need: bytes(
                [((0xFF << (7 - need)) & 0xFF) | t[0] if need else t[0], *t[1]]
            )
        )
    )
    piece = st.one_of(well_shaped, st.sampled_from([b"\x80", b"\xfe\x80", b"\xe0"]))
    return st.lists(piece, min_size=1, max_size=30).map(b"".join)


STF7 = BlockCodec(
    id="stf-7",
    reference=reference_stf7.decode,  # type: ignore[arg-type]
    soup=_soup(
        [
            *(b"!", b":", b";", b"~", b"$_", b"\":%'[", b":/:~", b"\x80", b"a", b" ", b"!" * 9),
            *(b'"!:::~', b".)!;", b'""!!!;', b"#<", b"%<", b"!;"),
        ]
    ),
    dense=_stf7_dense(),
    text=st.text(st.characters(exclude_categories=["Cs"]), max_size=40),
    decode_block=lambda data: decode_stf7(data, False),
    general_only=stf7_general_only,
    streams=(
        ("BOM then chunks", b":/:~ab$_ \":%'[x"),
        ("BOM cut short then text", b":/:xy"),
        ("long run then final", b"a" + b"!" * 9 + b";b"),
        ("pending run at the end", b"ab!!:"),
        ("high bytes between chunks", b"%\x80/\xff;"),
        ("lone finals", b";;~a{"),
        ("script tag", b"${script$}"),
    ),
    large_pieces=(b"Gr#;:/:~", b"!" * 3000 + b";", b"\xff", b"%<", b"x" * 5000, b"&/^&,?&-<"),
)

_SUPPLEMENTARY = bytes.fromhex("f08e95a0")  # U+1F600
_BEYOND = bytes.fromhex("f3bfbfbf")  # a value above U+10FFFF
CUTF8 = BlockCodec(
    id="corrected-utf-8",
    reference=_cutf8_reference,
    soup=_soup(
        [
            *(b"\x80", b"\xbf", b"\xc0", b"\xe0\x80", b"\xfc\x80\x80", b"\xfe", b"\xff\x80"),
            *(b"\x00", b"\n", MAGIC_NUMBER, b"\xec\xbd\x9f", b"\xfd\xbf\xbf\xbf\xbf\xbf"),
            *(_SUPPLEMENTARY, _BEYOND, b"x" * 12, b"\xc3\xa9"),
        ]
    ),
    dense=_cutf8_dense(),
    text=st.text(
        st.characters(exclude_categories=["Cs"]).filter(lambda c: not "\x80" <= c <= "\x9f"),
        max_size=40,
    ),
    decode_block=lambda data: decode_cutf8(data, False),
    general_only=cutf8_general_only,
    streams=(
        ("magic number then text", MAGIC_NUMBER + b"\xc3\xa9z"),
        ("magic number cut short", MAGIC_NUMBER[:6] + b"z"),
        ("six-byte sequences", b"\xfc\x80\x80\x80\x80\x80\xfd\xbf\xbf\xbf\xbf\xbf"),
        ("reserved run", b"a\xfe\x80\x80\x80\x80\x80\x80\x80b"),
        ("strays and truncation", b"\x80\xe0\x80\xc3\xa9\x80\x80\xf0"),
        ("controls and separators", b"\x00\t\xe1\xbd\xa8\r\n"),
        ("supplementary beside a beyond value", _SUPPLEMENTARY + b"x" * 20 + _BEYOND),
    ),
    large_pieces=(
        "a\u00e9\u4e2d\U0001f600 ".encode(),  # bytes that are Corrected UTF-8 too
        b"\xfe" + b"\x80" * 3000,
        b"\xc3",
        b"\x00\r\n",
        "Gr\u00fc\u00dfe ".encode() * 300,
        _BEYOND,
    ),
)

CODECS = [STF7, CUTF8]
by_codec = pytest.mark.parametrize("codec", CODECS, ids=[c.id for c in CODECS])


def spans_of(decoding_spans: SpanTable) -> list[tuple[object, ...]]:
    return [
        (
            s.kind.value,
            s.byte_start,
            s.byte_end,
            s.char_start,
            s.char_end,
            s.reason.value if s.reason else None,
            s.value,
        )
        for s in decoding_spans
    ]


def any_input(codec: BlockCodec) -> st.SearchStrategy[bytes]:
    return st.one_of(st.binary(max_size=40), codec.soup, codec.dense)


# -- the reference decoder is the oracle ----------------------------------------------


@by_codec
@PROPERTY
@given(data=st.data())
def test_property_decode_agrees_with_the_reference_decoder(codec, data, contract):
    raw = data.draw(any_input(codec))
    decoding = decode(raw, codec.id)
    contract.assert_tiles(decoding, 0, len(raw))
    assert (decoding.text, spans_of(decoding.spans)) == codec.reference(raw)


@by_codec
@PROPERTY
@given(data=st.data())
def test_property_each_path_agrees_with_the_reference_decoder(codec, data):
    # a block not at the start: no signature; a space in front keeps it so
    raw = b" " + data.draw(st.one_of(codec.soup, codec.dense))
    want = codec.reference(raw)
    for path in (codec.decode_block, codec.general_only):
        text, table = path(raw)
        assert (text, spans_of(table)) == want, path


@PROPERTY
@given(data=st.one_of(st.binary(max_size=40), CUTF8.soup))
def test_property_code_point_api_agrees_with_the_reference(data: bytes) -> None:
    assert decode_code_points(data) == reference_cutf8.decode(data)[2]


@by_codec
def test_large_input_agrees_with_the_reference_and_with_the_incremental_driver(codec):
    # decode() reads big inputs in blocks of its own; the incremental decoder in
    # the driver's smaller blocks; errors and long runs straddle both seams
    rng = np.random.default_rng(7)
    picks = rng.integers(0, len(codec.large_pieces), 2 * WHOLE_INPUT_BLOCK // 400)
    data = b"".join(codec.large_pieces[i] for i in picks)
    whole = decode(data, codec.id)
    assert (whole.text, spans_of(whole.spans)) == codec.reference(data)
    decoder = get_format(codec.id).incremental_decoder()
    parts = [decoder.decode(data[i : i + 70_001]) for i in range(0, len(data), 70_001)]
    parts.append(decoder.decode(b"", final=True))
    assert "".join(p.text for p in parts) == whole.text
    assert list(join_decodings(parts).spans) == list(whole.spans)


# -- the two paths, strictness, round trips ------------------------------------------


@by_codec
@PROPERTY
@given(data=st.data())
def test_property_dense_and_general_paths_agree(codec, data):
    # input heavy in sequences takes the dense path when well-formed, the
    # general one otherwise; both must give the same text and spans
    raw = data.draw(codec.dense)
    text, table = codec.decode_block(raw)
    general_text, general_table = codec.general_only(raw)
    assert text == general_text
    assert list(table) == list(general_table)


@by_codec
@PROPERTY
@given(data=st.data())
def test_property_strict_raises_at_the_first_error_span(codec, data, contract):
    raw = data.draw(any_input(codec))
    replaced = decode(raw, codec.id)
    first = contract.first_error_span(replaced.spans, get_format(codec.id))
    if first is None:
        assert decode(raw, codec.id, errors="strict").text == replaced.text
        return
    with pytest.raises(DecodeError) as caught:
        decode(raw, codec.id, errors="strict")
    assert caught.value.span == first


@by_codec
@PROPERTY
@given(data=st.data())
def test_property_text_round_trips(codec, data):
    # under replace: Corrected UTF-8 writes U+0000, which its strict decoding refuses
    text = data.draw(codec.text)
    assert decode(encode(text, codec.id), codec.id).text == text


# -- streaming ------------------------------------------------------------------------


def _stream_cases() -> list[tuple[BlockCodec, bytes]]:
    return [(codec, data) for codec in CODECS for _, data in codec.streams]


def _stream_ids() -> list[str]:
    return [f"{codec.id}:{label}" for codec in CODECS for label, _ in codec.streams]


@pytest.mark.parametrize(("codec", "data"), _stream_cases(), ids=_stream_ids())
def test_split_anywhere_decodes_as_whole(codec: BlockCodec, data: bytes, contract: SimpleNamespace):
    whole = decode(data, codec.id)
    assert (whole.text, spans_of(whole.spans)) == codec.reference(data)
    for cut in range(len(data) + 1):
        for chunks in ([data[:cut], data[cut:]], [data[:cut], b"", data[cut:]]):
            parts = contract.feed(get_format(codec.id), chunks)
            assert "".join(p.text for p in parts) == whole.text, cut
            assert list(join_decodings(parts).spans) == list(whole.spans), cut
