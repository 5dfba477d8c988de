# ruff: noqa: RUF001, RUF003 - mojibake is made of look-alike characters
"""The patterns of UTF-8 seen through windows-1252 or latin-1: whole runs,
sequences a byte short, and a lead byte's character whose no-break space
became a space."""

from __future__ import annotations

import pytest

from mojiscope.core.mojibake.runs import (
    mac_roman_runs,
    short_sequences,
    space_sequences,
    utf8_runs,
)


def _found(pattern_text: str, which: str) -> list[str]:
    pattern = {
        "runs": utf8_runs,
        "short": short_sequences,
        "space": space_sequences,
        "mac": mac_roman_runs,
    }[which]()
    return [m.group() for m in pattern.finditer(pattern_text)]


def test_runs_are_whole_sequences_in_a_row() -> None:
    assert _found("ClassificaÃ§Ã£o", "runs") == ["Ã§Ã£"]
    assert _found("â\x80\x99 and â€™", "runs") == ["â\x80\x99", "â€™"]
    assert _found("Ã alone", "runs") == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("記憶ã¨ç©º", ["ã¨"]),  # と lost its 81; ç©º is whole
        ("ã?—", ["ã?—"]),  # a ? inside し
        ("ã¨?", ["ã¨?"]),  # a ? where the last byte stood
        ("ðŸ?€", ["ðŸ?€"]),  # four bytes, the third a ?
        ("ç©º", []),
        ("é?", []),  # a two-byte lead alone: too often a letter of its own
    ],
)
def test_short_sequences(text: str, found: list[str]) -> None:
    assert _found(text, "short") == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Ã  bientôt", ["Ã "]),  # à
        ("Â  price", ["Â "]),  # a no-break space
        ("Å ", ["Å "]),  # Š
        ("3 × 4", []),  # D7 A0 is a Hebrew letter
        ("Weiß und", []),  # DF A0 is no letter the words use
        ("Ã©", []),
    ],
)
def test_space_sequences(text: str, found: list[str]) -> None:
    assert _found(text, "space") == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("world‚Äôs", ["‚Äô"]),  # ’ is E2 80 99
        ("Caf√© √† la", ["√©", "√†"]),  # é and à, C3 A9 and C3 A0
        ("ZresztƒÖ", ["ƒÖ"]),  # ą, C4 85: ƒ is a sign here
        ("l’école", []),  # ’ then é is D5 8E in mac-roman, but French writes it
        ("«Ésope»", []),  # a quotation mark before a capital
        ("Ôôô", []),  # letters lead nothing
    ],
)
def test_mac_roman_runs_are_led_by_a_sign(text: str, found: list[str]) -> None:
    for run in found:
        assert run.encode("mac-roman").decode("utf-8")  # each is UTF-8 seen through mac-roman
    assert _found(text, "mac") == found
