"""A source's text as a stream: line ends made one across pieces, counted,
a signature left out, and every offset mapped back to its byte."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core import BytesSource, get_format
from mojiscope.core.compare.text_stream import TextStream, normalised

PIECES = st.lists(st.sampled_from(["a", "é", "日", "😀", "\r", "\n", "\r\n", " "]), max_size=40)


def read_all(stream: TextStream) -> str:
    out = []
    while (text := stream.read()) is not None:
        assert text
        out.append(text)
    return "".join(out)


@given(PIECES, st.sampled_from(["utf-8", "utf-16le", "utf-32be", "cp1252"]), st.integers(1, 9))
def test_the_text_has_one_line_end_whatever_the_pieces(
    parts: list[str], format_id: str, chunk: int
) -> None:
    text = "".join(parts)
    fmt = get_format(format_id)
    text = text.encode(fmt.id.replace("-", "_"), "replace").decode(fmt.id.replace("-", "_"))
    data = fmt.encode(text, "replace")
    stream = TextStream(fmt, BytesSource(data), chunk_size=chunk)
    assert read_all(stream) == text.replace("\r\n", "\n")
    ends = stream.line_ends
    crlf = text.count("\r\n")
    assert (ends.crlf, ends.lf, ends.cr) == (
        crlf,
        text.count("\n") - crlf,
        text.count("\r") - crlf,
    )


@given(PIECES, st.integers(1, 7))
def test_every_offset_held_maps_to_the_byte_it_starts_at(parts: list[str], chunk: int) -> None:
    """Held offsets (nothing released) map to where their character
    starts; a ``\\n`` made of ``\\r\\n`` starts at the ``\\r``."""
    text = "".join(parts)
    data = b"\xef\xbb\xbf" + text.encode()
    stream = TextStream(get_format("utf-8"), BytesSource(data), chunk_size=chunk)
    normal = read_all(stream)
    assert stream.signature
    raw = 0
    for offset, char in enumerate(normal):
        if char == "\n" and text[raw] == "\r":
            expected = len(text[:raw].encode())
            raw += 2
        else:
            expected = len(text[:raw].encode())
            raw += 1
        assert stream.byte_at(offset) == 3 + expected
    assert stream.byte_at(len(normal)) == len(data)


def test_errors_are_counted_with_the_first_byte() -> None:
    stream = TextStream(get_format("utf-8"), BytesSource(b"ab\xffc\xc3"))
    assert read_all(stream) == "ab\ufffdc\ufffd"
    assert (stream.errors, stream.first_error) == (2, 2)


def test_the_digest_tells_line_ends_apart() -> None:
    one = TextStream(get_format("utf-8"), BytesSource(b"a\r\nb"))
    two = TextStream(get_format("utf-16le"), BytesSource("a\nb".encode("utf-16-le")))
    assert read_all(one) == read_all(two) == "a\nb"
    assert one.digest() != two.digest()
    three = TextStream(get_format("utf-16le"), BytesSource("a\r\nb".encode("utf-16-le")))
    read_all(three)
    assert one.digest() == three.digest()


@given(st.lists(st.sampled_from(["x", "\r", "\n", "\r\n"]), max_size=20))
def test_normalised_joins_a_line_end_split_between_chunks(parts: list[str]) -> None:
    assert "".join(normalised(parts)) == "".join(parts).replace("\r\n", "\n")
    assert all(normalised(parts))
