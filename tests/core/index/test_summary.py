# ruff: noqa: RUF001 - Chinese text holds its own full-width comma
"""Summaries: verdicts in words, and formats ranked by how well they explain the bytes."""

from __future__ import annotations

import pytest

from mojiscope.core import BytesSource, get_format
from mojiscope.core.index.summary import (
    mojibake_share,
    odd_word_share,
    plausibility,
    rank,
    suggestion_words,
    summarize,
    summarize_format,
    verdict,
)


def verdict_of(fid: str, data: bytes) -> str:
    return summarize_format(get_format(fid), BytesSource(data)).verdict


def test_verdicts_name_what_each_format_found() -> None:
    assert verdict_of("utf-8", "héllo".encode()) == "valid UTF-8"
    lone = b"abc\xed\xa0\x80xyz\xed\xb0\x80q\xed\xa0\x81"
    assert verdict_of("wtf-8", lone) == "valid WTF-8 with 3 lone surrogates"
    assert verdict_of("stf-7", bytes(range(0x80, 0x100)) * 8 + b"abc") == (
        "not STF-7: 1,024 bytes above 7F"
    )
    assert verdict_of("xtf-8", b"ok \xff\xfe" * 6) == "XTF-8: 12 escapes, no collisions"
    assert verdict_of("utf-8", b"a\xc3(b\x80") == (
        "not UTF-8: 2 invalid sequences (1 truncated, 1 stray-continuation)"
    )
    assert verdict_of("utf-8", b"") == "empty: valid UTF-8"


def test_a_collision_is_named_in_an_xtf8_verdict() -> None:
    fmt = get_format("xtf-8")
    words = verdict(fmt, 10, {"escape": 2, "collision": 1}, {"escape-range": 1})
    assert words == "XTF-8: 2 escapes, 1 collision"


CASES = {
    "UTF-8 French": (("héllo wörld, ça va? " * 200).encode(), "utf-8"),
    "plain ASCII": (("hello world, how are you? " * 200).encode(), "utf-8"),
    "Russian in cp1251": (("Привет мир, как дела? " * 200).encode("cp1251"), "cp1251"),
    "BOM-less UTF-16LE": (("hello wörld " * 200).encode("utf-16-le"), "utf-16le"),
    "UTF-16LE with a lone surrogate": (
        ("hello wörld " * 200).encode("utf-16-le") + b"\x00\xd8" + "ok".encode("utf-16-le"),
        "wtf-16le",
    ),
    "Japanese in Shift_JIS": (
        ("日本語の文章です。これは試験です。" * 40).encode("shift_jis"),
        "shift_jis",
    ),
    "Japanese in EUC-JP": (("日本語の文章です。これは試験です。" * 40).encode("euc_jp"), "euc_jp"),
    "Chinese in GBK": (("这是一个中文句子，用于测试。" * 40).encode("gbk"), "gb2312"),
    "Korean in EUC-KR": (
        ("한국어 문장입니다. 이것은 시험입니다. " * 40).encode("euc_kr"),
        "euc_kr",
    ),
    "Russian in KOI8-R": (("Привет мир, как дела? " * 200).encode("koi8_r"), "koi8-r"),
    "WTF-8 with lone surrogates": (b"abc" * 100 + b"\xed\xa0\x80" + b"xyz" * 100, "wtf-8"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_best_ranked_format_is_the_one_that_wrote_the_bytes(name: str) -> None:
    data, expected = CASES[name]
    summary = summarize(BytesSource(data))
    assert summary.formats[0].format_id == expected, summary.words
    assert [s.rank for s in summary.formats] == list(range(1, len(summary.formats) + 1))


def test_a_plain_format_ranks_ahead_of_its_superset_which_is_still_listed() -> None:
    """GBK's bytes only (王喆 is not in GB2312): GBK reads them as GB18030
    does, so the plain one comes first; GB18030 is still listed."""
    data = ("这是王喆写的中文句子，用于测试。" * 40).encode("gbk")
    ids = [s.format_id for s in summarize(BytesSource(data)).formats]
    assert ids[0] == "gbk" and "gb18030" in ids
    with_four_bytes = data + "𠀀".encode("gb18030")  # only GB18030 has it
    ids = [s.format_id for s in summarize(BytesSource(with_four_bytes)).formats]
    assert ids[0] == "gb18030"


def test_utf16le_with_a_signature_ranks_ahead_of_wtf16le() -> None:
    """The three read it alike (score for score); the plain one comes first
    however the scores round."""
    text = "Ärger façade café über und café"
    data = "\ufeff".encode("utf-16-le") + text.encode("utf-16-le")
    ids = [s.format_id for s in summarize(BytesSource(data)).formats]
    assert ids.index("utf-16le") < ids.index("wtf-16le")


def test_a_declared_charset_counts() -> None:
    from mojiscope.core.index.summary import declared_charset

    head = b'<html><head><meta charset="iso-8859-2"></head><body>'
    declared = declared_charset(head)
    assert declared is not None and declared.id == "iso8859-2"
    assert declared_charset(b'<?xml version="1.0" encoding="Shift_JIS"?>') is not None
    assert declared_charset(b"# -*- coding: koi8-r -*-\n").id == "koi8-r"  # type: ignore[union-attr]
    assert declared_charset(b"<html><body>no declaration</body></html>") is None
    text = "Příliš žluťoučký kůň úpěl ďábelské ódy. " * 3
    data = head + text.encode("iso8859_2")
    assert summarize(BytesSource(data)).formats[0].format_id == "iso8859-2"


def test_suggestion_words_say_what_else_fits_and_what_reads_as_mojibake() -> None:
    data = ("héllo wörld, ça va? " * 200).encode()
    words = summarize(BytesSource(data)).words
    assert words.startswith("looks like UTF-8; also valid UTF-8B, WTF-8, XTF-8 and CESU-8")
    assert "as cp1252 it reads as mojibake" in words
    assert "charset-normalizer guesses utf_8" in words


def test_charset_normalizers_legacy_guess_joins_the_formats() -> None:
    data = ("Привет мир, как дела? " * 200).encode("cp1251")
    summary = summarize(BytesSource(data))
    assert summary.charset_normalizer == "cp1251"
    assert "cp1251" in [s.format_id for s in summary.formats]


def test_json_objects_carry_the_documented_keys() -> None:
    summary = summarize(BytesSource(b"a\xffb"), [get_format("utf-8")])
    assert summary.formats[0].as_json() == {
        "format": "utf-8",
        "bytes": 3,
        "counts": {"invalid": 1},
        "reasons": {"invalid-byte": 1},
        "verdict": "not UTF-8: 1 invalid sequence (1 invalid-byte)",
        "rank": 1,
        "notices": {},
    }


def test_text_statistics_tell_text_from_a_wrong_reading() -> None:
    assert plausibility("Hello, world.\n") == 1.0
    assert plausibility("\x01\x02\ue000\ufffd") < 0.2
    assert odd_word_share("Ïðèâåò ìèð") == 1.0 and odd_word_share("Привет мир") == 0.0
    assert odd_word_share("hИllo wörld") == 0.5
    assert mojibake_share("cafÃ© crÃ¨me") == 1.0 and mojibake_share("café crème") == 0.0


def test_valid_utf8_holding_mojibake_is_still_utf8_and_says_so() -> None:
    """ "CafÃ©" in valid UTF-8: the bytes are UTF-8, the text in them was
    damaged before they were written (the explainer's case), so UTF-8 ranks
    first and the words point to the repair, not to another code page."""
    data = "Café crème brûlée, déjà vu\n".encode().decode("cp1252").encode() * 3
    ranked = rank(
        [
            summarize_format(get_format(f), BytesSource(data))
            for f in ("utf-8", "wtf-8", "corrected-utf-8", "cp1252", "cp437", "utf-16le")
        ]
    )
    assert ranked[0].format_id == "utf-8"
    assert suggestion_words(ranked).startswith("looks like UTF-8 holding mojibake")


def test_valid_utf8_holding_legacy_text_read_as_a_code_page_is_no_binary_data() -> None:
    """Russian written as cp1251 and read as windows-1252 before it was
    saved as UTF-8 is no text to the plausibility (``Ïðèâåò``), but it is
    text: the explainer names its misreading, and the words say so."""
    text = "Съешь же ещё этих мягких французских булок, да выпей чаю.\n"
    data = text.encode("cp1251").decode("cp1252").encode() * 3
    ranked = rank(
        [summarize_format(get_format(f), BytesSource(data)) for f in ("utf-8", "cp1252", "cp437")]
    )
    assert ranked[0].format_id == "utf-8"
    assert suggestion_words(ranked).startswith("looks like UTF-8 holding mojibake")


def test_charset_normalizer_is_asked_only_when_its_guess_can_matter() -> None:
    """Its guess ranks legacy code pages; for Unicode formats alone it would
    cost a second of statistics on binary data for nothing."""
    from mojiscope.core.index.summary import summarize

    source = BytesSource(("Съешь же ещё этих мягких французских булок. " * 40).encode("cp1251"))
    unicode_only = summarize(source, [get_format("utf-8"), get_format("wtf-8")])
    assert unicode_only.charset_normalizer is None
    with_a_code_page = summarize(source, [get_format("utf-8"), get_format("cp1251")])
    assert with_a_code_page.charset_normalizer is not None
    assert summarize(source).charset_normalizer is not None
