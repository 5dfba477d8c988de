"""Cuts and windows in multi-byte code pages (issue 12, items 8 and 10).

Item 8: CJK prose with no three ASCII bytes in a row (GB18030 with CRLF line
ends) never offered a safe cut, so a stream held everything back and a
window decoded the whole source. Item 10: a window far from any point the
code page can resynchronise on showed garbage for about half the offsets,
and nothing said its alignment was a guess.
"""

from __future__ import annotations

import random

import pytest
from helpers.properties import property_settings
from hypothesis import example, given
from hypothesis import strategies as st

from mojiscope.core import SpanKind, formats, get_format
from mojiscope.core.system.source import BytesSource

MULTI_BYTE = ["big5", "big5hkscs", "cp932", "cp949", "cp950", "euc_jis_2004", "euc_jisx0213",
              "euc_jp", "euc_kr", "gb18030", "gb2312", "gbk", "johab", "shift_jis",
              "shift_jis_2004", "shift_jisx0213"]  # fmt: skip
PROPERTY = property_settings(60)
#: Bytes biased to lead and trail bytes, with boundary bytes and digits now and then.
cjk_bytes = st.lists(
    st.one_of(st.integers(0x81, 0xFE), st.integers(0x81, 0xFE), st.integers(0, 0x7F)),
    max_size=40,
).map(bytes)


def prose(codec: str, n_chars: int, seed: int = 1, line_end: str = "") -> bytes:
    """CJK text in ``codec``: common characters of its script, a fullwidth
    comma now and then, ``line_end`` after every 40 characters, no ASCII."""
    rng = random.Random(seed)
    if codec in ("euc_kr", "cp949"):
        pool = [
            bytes([lead, t]).decode(codec) for lead in range(0xB0, 0xC9) for t in range(0xA1, 0xFF)
        ]
    elif codec in ("shift_jis", "euc_jp", "cp932"):
        kanji = [
            bytes([lead, t]).decode("euc_jp")
            for lead in range(0xB0, 0xCF)
            for t in range(0xA1, 0xFF)
        ]
        pool = kanji + [chr(c) for c in range(0x3041, 0x3094)] * 20
    elif codec == "big5":
        pool = [
            bytes([0xA4 + i // 157, 0x40 + i % 157]).decode("big5", "ignore") for i in range(3000)
        ]
        pool = [c for c in pool if c]
    else:
        pool = [
            bytes([lead, t]).decode("gb2312")
            for lead in range(0xB0, 0xD7)
            for t in range(0xA1, 0xFF)
        ]
    chars = [rng.choice(pool) if rng.random() > 0.03 else "\uff0c" for _ in range(n_chars)]
    lines = ["".join(chars[i : i + 40]) for i in range(0, n_chars, 40)]
    return (line_end.join(lines)).encode(codec)  # fmt: skip


def _agrees_with_whole(window, whole) -> bool:
    """The window's text is the whole decode's text from the window's start,
    and its non-text spans are the whole decode's."""
    if window.byte_start >= whole.byte_end:
        return window.text == ""
    span = whole.span_at_byte(window.byte_start)
    offsets = whole.char_byte_offsets(span)
    if window.byte_start not in offsets:
        return False
    first_char = span.char_start + offsets.index(window.byte_start)
    if not whole.text[first_char:].startswith(window.text):
        return False
    inside = [s for s in whole.spans if window.byte_start <= s.byte_start < window.byte_end]
    return [(s.kind, s.byte_start, s.byte_end, s.reason) for s in inside if s.kind != "text"] == [
        (s.kind, s.byte_start, s.byte_end, s.reason) for s in window.spans if s.kind != "text"
    ]


# -- item 8: cuts -----------------------------------------------------------------


@pytest.mark.parametrize("codec", MULTI_BYTE)
@PROPERTY
@given(head=cjk_bytes, tail=cjk_bytes)
@example(head=bytes.fromhex("81 30 81"), tail=bytes.fromhex("30"))
@example(head=bytes.fromhex("c4 e3 0d 0a c4"), tail=bytes.fromhex("e3"))
@example(head=bytes.fromhex("d4 94 4a 90 36 80 a0"), tail=b"\xdd")  # GB18030: 90 judged by 36 80
@example(head=bytes.fromhex("e7 28 8f 1b"), tail=b"4")  # EUC-JP: 8F 1B incomplete at the end
@example(head=bytes.fromhex("21 d0 35 17"), tail=b"<")  # GB18030: D0 35 17 incomplete at the end
@example(
    head=bytes.fromhex("81 81"), tail=b""
)  # Big5: 81 illegal mid-stream, incomplete at the end
def test_cut_is_safe_whatever_follows(codec, head, tail):
    """The definition of a safe cut: the bytes before it decode alone as they
    do inside any longer stream."""
    fmt = get_format(codec)
    cut = fmt.safe_cut(head, at_start=True)
    alone = fmt.decode(head[:cut])
    whole = fmt.decode(head + tail)
    inside = [s for s in whole.spans if s.byte_start < cut]
    assert [s for s in alone.spans if s.kind != "text"] == [s for s in inside if s.kind != "text"]
    assert whole.text.startswith(alone.text)
    assert not inside or inside[-1].byte_end == cut or inside[-1].kind == SpanKind.TEXT


#: 5 KiB of high bytes only: no boundary byte, so the cut is found by decoding,
#: from a known point 4 KiB before the end.
LONG_HIGH = bytes(0x81 + (i * 37 + i // 7) % 0x7E for i in range(5000))


@pytest.mark.parametrize("codec", ["gb18030", "big5", "euc_jp", "shift_jis", "cp949"])
@PROPERTY
@given(head=cjk_bytes, tail=cjk_bytes)
@example(head=b"\xff" * 30, tail=b"")
def test_cut_found_by_decoding_a_long_block_is_safe(codec, head, tail):
    fmt = get_format(codec)
    block = LONG_HIGH + head.replace(b"\x00", b"\x81")
    cut = fmt.safe_cut(block, at_start=True)
    alone = fmt.decode(block[:cut])
    whole = fmt.decode(block + tail)
    inside = [s for s in whole.spans if s.byte_start < cut]
    assert [s for s in alone.spans if s.kind != "text"] == [s for s in inside if s.kind != "text"]
    assert whole.text.startswith(alone.text)


def test_ff_repeated_has_no_safe_cut():
    # GB18030 calls a final FF "incomplete" and FF mid-stream "illegal", so
    # no cut in FF repeated decodes alike whatever follows; finding that out
    # looks at the last 4 KiB in Python, not at every byte.
    fmt = get_format("gb18030")
    assert fmt.safe_cut(b"\xff" * (1 << 20), at_start=True) == 0


@pytest.mark.parametrize("line_end", ["\r\n", "\n", ""], ids=["CRLF", "LF", "no line ends"])
@pytest.mark.parametrize("codec", ["gb18030", "gbk", "euc_kr", "euc_jp", "shift_jis"])
def test_stream_of_cjk_prose_holds_back_little(codec, line_end):
    # GB18030 with CRLF used to hold back everything: 32 MB took 43 s and 158 MB.
    data = prose(codec, 60_000, line_end=line_end)
    decoder = get_format(codec).incremental_decoder()
    fed = 0
    for i in range(0, len(data), 1 << 16):
        chunk = data[i : i + (1 << 16)]
        fed += len(chunk)
        assert decoder.decode(chunk).byte_end >= fed - 4096
    assert decoder.decode(b"", final=True).byte_end == len(data)


class CountingSource(BytesSource):
    """A source that counts the bytes read from it."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.bytes_read = 0

    def read(self, start: int, end: int) -> bytes:
        chunk = super().read(start, end)
        self.bytes_read += len(chunk)
        return chunk


@pytest.mark.parametrize("line_end", ["\r\n", ""], ids=["CRLF", "no line ends"])
def test_window_into_cjk_prose_reads_only_around_it(line_end):
    source = CountingSource(prose("gb18030", 200_000, line_end=line_end))
    window = get_format("gb18030").decode_window(source, 200_000, 200_040)
    assert window.byte_start <= 200_000 < 200_040 <= window.byte_end
    assert source.bytes_read < 64 * 1024


# -- item 10: windows -------------------------------------------------------------


def test_multi_byte_code_pages_say_their_resync_may_guess():
    assert get_format("gb18030").exact_resync is False
    assert get_format("shift_jis").exact_resync is False
    assert get_format("big5").exact_resync is False


def test_single_byte_code_pages_and_unicode_forms_resync_exactly():
    for fmt in formats():
        if fmt.id not in ("shift_jis", "gb18030"):
            assert fmt.exact_resync, fmt.id


def test_issue_example_window_far_from_any_boundary_is_right_and_flagged():
    # get_format("gb18030").decode_window(b"x" + prose, 5000, 5040) started 嫦恃蕖.
    data = b"x" + prose("gb18030", 8000)
    fmt = get_format("gb18030")
    window = fmt.decode_window(data, 5000, 5040)
    assert window.alignment_guessed
    assert _agrees_with_whole(window, fmt.decode(data))


@pytest.mark.parametrize("codec", ["gb18030", "gbk", "big5", "shift_jis", "euc_jp", "euc_kr"])
def test_guessed_windows_into_prose_agree_with_the_whole(codec):
    data = b"x" + prose(codec, 6000, seed=4)
    fmt = get_format(codec)
    whole = fmt.decode(data)
    windows = {start: fmt.decode_window(data, start, start + 40) for start in range(4500, 9000, 37)}
    wrong = [start for start, window in windows.items() if not _agrees_with_whole(window, whole)]
    assert wrong == []


def test_window_after_a_line_end_is_exact_and_not_flagged():
    data = prose("gb18030", 8000, line_end="\r\n")
    fmt = get_format("gb18030")
    window = fmt.decode_window(data, 6001, 6041)
    assert not window.alignment_guessed
    assert _agrees_with_whole(window, fmt.decode(data))


def test_window_near_the_start_is_exact_and_not_flagged():
    data = prose("gb18030", 1000)
    window = get_format("gb18030").decode_window(data, 1001, 1041)
    assert not window.alignment_guessed


def test_whole_decode_and_unicode_windows_are_never_flagged():
    assert not get_format("gb18030").decode(prose("gb18030", 5000)).alignment_guessed
    assert not get_format("utf-8").decode_window(b"\xc3\xa9" * 5000, 5001, 5005).alignment_guessed


@pytest.mark.parametrize("codec", MULTI_BYTE)
@PROPERTY
@given(data=cjk_bytes, start=st.integers(0, 40))
def test_window_not_flagged_agrees_with_the_whole(codec, data, start):
    fmt = get_format(codec)
    window = fmt.decode_window(data, start, start + 4)
    if not window.alignment_guessed:
        assert _agrees_with_whole(window, fmt.decode(data))
