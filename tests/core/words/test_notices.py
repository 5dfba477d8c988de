"""Notices: which characters are worth a look, found in text and in UTF-8 bytes alike."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import get_format
from mojiscope.core.words.charclass import MAX_CODE_POINT
from mojiscope.core.words.notices import (
    NOTICE_CODE,
    Notice,
    found_in_decoding,
    notice_of,
    notice_ranges,
    notice_table,
    notice_words,
    text_notices,
    utf8_notices,
)


def test_the_table_agrees_with_the_classes_for_every_code_point() -> None:
    table = notice_table()
    codes = {n: NOTICE_CODE[n] for n in Notice}
    wrong = [
        cp
        for cp in range(MAX_CODE_POINT + 1)
        if (0 if (n := notice_of(cp)) is None else codes[n]) != table[cp]
    ]
    assert wrong == []


def test_each_kind_in_words() -> None:
    assert notice_words(Notice.BIDI, 4) == (
        "4 bidi controls: the text may display in another order than it is stored"
    )
    assert notice_words(Notice.INVISIBLE, 1).startswith("1 invisible character: ")


def test_notices_of_each_kind_in_text_and_bytes() -> None:
    text = "a\u202eb\u200bc\ue000d\ufdd0e\ufeff\U000e0041f\u00ad"
    expected = {"bidi": 1, "invisible": 3, "private-use": 1, "noncharacter": 1, "bom": 1}
    assert text_notices(text).named() == expected
    found = utf8_notices(text.encode())
    assert found.named() == expected
    assert found.first == 1 and found.last == len(text.encode()) - 2


def test_xtf8_escapes_and_a_signature_are_no_notices() -> None:
    data = "\ufeffa\uef80b".encode()
    assert utf8_notices(data).named() == {"bom": 1, "private-use": 1}
    assert utf8_notices(data, xtf8=True, skip=3).named() == {}


def test_decoded_notices_are_only_in_text_spans() -> None:
    """UTF-16LE: a BOM at the start is a signature span; the one inside is text."""
    data = "\ufeffab\u2066c\ufeffd".encode("utf-16-le")
    decoding = get_format("utf-16le").decode(data)
    assert found_in_decoding(decoding).named() == {"bidi": 1, "bom": 1}
    assert [(s, e, n.value) for s, e, n in notice_ranges(decoding)] == [
        (6, 8, "bidi"),
        (10, 12, "bom"),
    ]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64), st.text(max_size=16))
def test_the_byte_scan_finds_what_a_decode_of_the_bytes_finds(junk: bytes, text: str) -> None:
    """Any bytes: every well-formed sequence a byte C2..F4 leads is a
    character of the decode, so the scan of the bytes counts what the
    text spans of the UTF-8 decode hold, at the same offsets (a BOM at the
    start is the decode's signature: the caller skips it)."""
    data = junk[: len(junk) // 2] + text.encode("utf-8", "surrogatepass") + junk[len(junk) // 2 :]
    decoding = get_format("utf-8").decode(data)
    ranges = notice_ranges(decoding)
    found = utf8_notices(data, skip=3 if data.startswith(b"\xef\xbb\xbf") else 0)
    expected = np.zeros(6, np.int64)
    for _, _, notice in ranges:
        expected[NOTICE_CODE[notice]] += 1
    assert found.counts.tolist() == expected.tolist()
    assert (found.first, found.last) == ((ranges[0][0], ranges[-1][0]) if ranges else (-1, -1))
