"""``windows-1252`` as browsers read it (FORMATS.md): the WHATWG index, beside
Python's strict ``cp1252``. The contract suite runs over it with the registry."""

from __future__ import annotations

import pytest

from mojiscope.core import DecodeError, SpanKind, get_format


@pytest.mark.parametrize("byte", [0x81, 0x8D, 0x8F, 0x90, 0x9D])
def test_undefined_cp1252_byte_is_the_c1_control_of_the_same_value(byte: int) -> None:
    decoding = get_format("windows-1252").decode(bytes([byte]), "strict")
    assert decoding.text == chr(byte)
    assert [span.kind for span in decoding.spans] == [SpanKind.TEXT]


@pytest.mark.parametrize("byte", [0x81, 0x8D, 0x8F, 0x90, 0x9D])
def test_strict_cp1252_still_refuses_the_same_byte(byte: int) -> None:
    with pytest.raises(DecodeError):
        get_format("cp1252").decode(bytes([byte]), "strict")


def test_every_other_byte_reads_as_cp1252_does() -> None:
    holes = {0x81, 0x8D, 0x8F, 0x90, 0x9D}
    data = bytes(b for b in range(256) if b not in holes)
    assert get_format("windows-1252").decode(data).text == data.decode("cp1252")


def test_all_256_bytes_round_trip_through_the_table() -> None:
    fmt = get_format("windows-1252")
    data = bytes(range(256))
    assert fmt.encode(fmt.decode(data, "strict").text) == data


def test_utf8_read_by_a_browser_keeps_the_c1_byte_of_capital_a_acute() -> None:
    # "Á" is C3 81: a browser shows "Ã" and U+0081, strict cp1252 cannot.
    assert get_format("windows-1252").decode("Á".encode()).text == "Ã\x81"


def test_windows_1252_is_registered_beside_cp1252() -> None:
    assert get_format("windows-1252") is not get_format("cp1252")
    assert get_format("WINDOWS_1252").id == "windows-1252"
