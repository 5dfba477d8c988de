"""The byte patterns a reader's misreading leaves: one reader's sequences,
a sequence cut short, and any of several readers' pooled."""

from __future__ import annotations

import mojiscope.core.codecs.legacy.whatwg  # noqa: F401 - registers whatwg-windows-1252
from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.reader_patterns import chars_read, pooled, reader_pattern


def misread(text: str, reader: str) -> bytes:
    return text.encode("utf-8").decode(python_codec(reader)).encode("utf-8")


def test_a_reader_pattern_finds_its_runs_and_only_them() -> None:
    data = b"caf" + misread("é crème", "windows-1252") + b" ok"
    runs = [m.span() for m in reader_pattern("windows-1252").pattern.finditer(data)]
    assert [data[a:b] for a, b in runs] == [
        misread("é", "windows-1252"),
        misread("è", "windows-1252"),
    ]
    assert reader_pattern("windows-1252").pattern.search("café crème".encode()) is None


def test_a_sequence_cut_short_before_a_question_mark_is_partial() -> None:
    cut = misread("”", "windows-1252")[:-2] + b"?"  # the last byte lost: 9D became ?
    assert reader_pattern("windows-1252").partial.search(cut) is not None
    assert reader_pattern("windows-1252").partial.search(misread("”", "windows-1252")) is None


def test_lead_bytes_are_the_first_bytes_of_the_readers_lead_characters() -> None:
    pattern = reader_pattern("cp1251")
    leads = [chars_read("cp1251", lo, hi) for lo, hi in ((0xC2, 0xDF), (0xE0, 0xEF), (0xF0, 0xF4))]
    assert pattern.lead_bytes == frozenset(ch.encode()[0] for group in leads for ch in group)
    assert "\u0420".encode()[0] in pattern.lead_bytes  # cp1251 reads D0 as Cyrillic Er


def test_the_pooled_pattern_finds_a_sequence_of_any_of_its_readers() -> None:
    either = pooled(["windows-1252", "iso-8859-2"])
    assert either.search(misread("é", "windows-1252")) is not None
    assert either.search(misread("ł", "iso-8859-2")) is not None
    assert either.search("Zażółć".encode()) is None
    assert pooled([]).search(b"anything") is None
