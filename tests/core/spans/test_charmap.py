"""Byte <-> character maps hold in every piece of a streamed decode, whose
text starts at a character offset other than 0 (a regression: the map read
the piece's text at absolute offsets, so 'é' at character 4 of the second
piece was given one byte)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core import get_format


def test_a_second_piece_maps_its_multibyte_characters_to_all_their_bytes() -> None:
    decoder = get_format("utf-8").incremental_decoder()
    decoder.decode(b"abc")
    piece = decoder.decode("héllo wörld".encode(), final=True)
    assert piece.spans.char_start == 3
    assert piece.bytes_of_char(4) == (4, 6)  # é
    assert piece.char_of_byte(5) == (4, 5)


@given(st.text(max_size=40), st.integers(0, 160))
def test_every_piece_maps_like_the_whole_decode(text: str, cut: int) -> None:
    fmt = get_format("wtf-8")
    data = text.encode("utf-8", "surrogatepass")
    cut = min(cut, len(data))
    whole = fmt.decode(data)
    decoder = fmt.incremental_decoder()
    pieces = [decoder.decode(data[:cut]), decoder.decode(data[cut:], final=True)]
    for piece in pieces:
        for char in range(piece.spans.char_start, piece.spans.char_end):
            assert piece.bytes_of_char(char) == whole.bytes_of_char(char)


def test_a_sequence_of_two_characters_keeps_its_bytes_on_the_first() -> None:
    """big5hkscs 88 62 is Ê + U+0304: a run of 3 bytes and 3 characters that
    is not one byte a character (issue 12, item 2)."""
    decoding = get_format("big5hkscs").decode(bytes.fromhex("418862"))
    assert decoding.text == "A\u00ca\u0304"
    assert [decoding.bytes_of_char(c) for c in range(3)] == [(0, 1), (1, 3), (3, 3)]
    assert decoding.char_of_byte(2) == (1, 2)


@given(
    st.text(alphabet=st.sampled_from("aé日😀\n"), min_size=0, max_size=3000),
    st.sampled_from(["utf-8", "utf-16le", "gb18030"]),
    st.data(),
)
def test_byte_of_char_measures_only_a_chunk_and_agrees_with_bytes_of_char(
    text: str, format_id: str, data: st.DataObject
) -> None:
    from mojiscope.core.spans.charmap import byte_of_char

    decoding = get_format(format_id).decode(get_format(format_id).encode(text))
    if not decoding.text:
        return
    offset = data.draw(st.integers(0, len(decoding.text) - 1))
    assert byte_of_char(decoding, offset) == decoding.bytes_of_char(offset)[0]
