"""The bytes of a unit that are no UTF-8: where they stand, which code page
reads them, binary units, and what the explainer is shown."""

from __future__ import annotations

from mojiscope.core.mojibake.legacy_units import (
    binary,
    decodes_as,
    holds_utf8_apart,
    legacy_probe,
    legacy_runs,
)


def test_legacy_runs_take_the_non_ascii_bytes_glued_to_them() -> None:
    # cp1251 "Пёс": CF B8 reads as UTF-8 (ϸ) but belongs to the word.
    data = b"dog: " + "Пёс".encode("cp1251") + b" ok"
    assert legacy_runs(data) == [(5, 8)]
    assert not holds_utf8_apart(data, legacy_runs(data))


def test_utf8_apart_from_the_runs_is_told() -> None:
    data = "café ".encode() + b"caf\xe9"
    runs = legacy_runs(data)
    assert runs == [(9, 10)]
    assert holds_utf8_apart(data, runs)
    assert legacy_probe(data) == b"caf " + b"caf\xe9"  # the UTF-8 é left out


def test_a_code_page_reads_bytes_only_as_readable_text_and_back() -> None:
    assert decodes_as("cp1251", "Пёс".encode("cp1251"))
    assert not decodes_as("cp1252", b"a\x81b")  # cp1252 has no 81
    assert not decodes_as("latin-1", b"a\x85b")  # a C1 control is no text


def test_a_unit_of_controls_is_binary() -> None:
    assert binary(bytes(range(1, 9)) * 3)
    assert not binary(b"\x01\x02 a short line with two controls")
    assert not binary(b"tabs\tand\nline ends\r\n" * 4)
