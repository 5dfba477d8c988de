"""The first look: which format a source is in, from a sample of its start."""

from __future__ import annotations

import random

from mojiscope.core import BytesSource
from mojiscope.core.index.first_look import (
    FIRST_LOOK_BYTES,
    first_look,
    no_text,
    plainly_utf8,
    sample_head,
)

JAPANESE = "日本語のテキストです。これはテストです。\n" * 800


def test_the_sample_is_cut_after_a_whole_line_end_in_any_width() -> None:
    assert sample_head(b"one\ntwo") == b"one\n"
    assert sample_head("one\ntwo".encode("utf-16-le")) == "one\n".encode("utf-16-le")
    assert sample_head("one\ntwo".encode("utf-16-be")) == "one\n".encode("utf-16-be")
    assert sample_head("one\ntwo".encode("utf-32-le")) == "one\n".encode("utf-32-le")
    assert sample_head(b"one two") == b"one "
    assert sample_head(b"\xe6\x97\xa5\xe6") == b"\xe6\x97\xa5\xe6"


def test_plain_utf8_is_answered_without_a_summary() -> None:
    look = first_look(BytesSource(("héllo\n" * 5000).encode()))
    assert look.readings == ("utf-8",) and look.summary is None and not look.binary
    assert not plainly_utf8("hello".encode("utf-16-le"))  # NULs: valid UTF-8, yet no text
    assert not plainly_utf8(b"caf\xe9")


def test_a_large_shift_jis_file_is_read_as_shift_jis_from_its_start() -> None:
    data = JAPANESE.encode("shift_jis")
    assert len(data) > FIRST_LOOK_BYTES
    look = first_look(BytesSource(data))
    assert look.readings[0] == "shift_jis" and not look.binary
    assert look.summary is not None and look.summary.formats[0].bytes <= FIRST_LOOK_BYTES


def test_utf16_without_a_signature_is_its_plain_format() -> None:
    data = ("Hello, wörld. " * 2000).encode("utf-16-le")
    assert first_look(BytesSource(data)).readings[0] == "utf-16le"


def test_random_bytes_are_no_text_and_text_in_any_width_is() -> None:
    assert no_text(random.Random(4).randbytes(FIRST_LOOK_BYTES))
    assert first_look(BytesSource(random.Random(4).randbytes(50_000))).binary
    for codec in ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "shift_jis", "cp1251"):
        text = "Привет, мир. 日本" if codec not in ("shift_jis", "cp1251") else "Привет, мир."
        assert not no_text((text * 300).encode(codec)), codec


def test_a_family_reads_alike_where_either_reads_without_error() -> None:
    from mojiscope.core.index.first_look import same_family

    assert same_family("utf-8", "wtf-8") and same_family("xtf-8", "utf-8b")
    assert same_family("gb2312", "gb18030") and same_family("GBK", "gb2312")
    assert same_family("utf-16le", "wtf-16le") and same_family("shift_jis", "cp932")
    assert not same_family("utf-8", "cp1252")
    assert not same_family("utf-16le", "utf-16be")
    assert not same_family("shift_jis", "gb18030")
