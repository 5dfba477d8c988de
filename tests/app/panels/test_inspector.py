"""The inspector explains what the UTF-8 family's special sequences mean."""

from __future__ import annotations

import pytest

from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("timers_at_once")
"""What the views say, not when: they follow the grid at once here."""


def inspect(window: MainWindow, key: str, data: bytes, offset: int) -> list[str]:
    window.set_formats([key], persist=False)
    window.open_document(Document.from_bytes(data, "sample"))
    window.selection.move_cursor(offset)
    return window.inspector.lines


def test_wtf8_lone_lead_is_carried_not_would_have_been(window: MainWindow) -> None:
    lines = inspect(window, "wtf-8", b"a\xed\xa0\xbdb", 2)
    carried = (
        "ED A0 BD carry U+D83D, an unpaired lead (high) surrogate, which wtf-8 keeps "
        "as it is (strict UTF-8 and UTF-16 reject it)"
    )
    assert carried in lines
    assert not any("would have been" in line for line in lines)


def test_wtf8_lone_trail_is_named_as_a_trail(window: MainWindow) -> None:
    lines = inspect(window, "wtf-8", b"\xed\xb2\xa9", 0)
    assert lines[1].startswith("Span: surrogate (unpaired-trail)")
    assert any(line.startswith("ED B2 A9 carry U+DCA9, an unpaired trail (low)") for line in lines)


def test_utf8_encoded_surrogate_still_would_have_been(window: MainWindow) -> None:
    lines = inspect(window, "utf-8", b"x\xed\xa0\x80y", 1)
    assert "ED A0 80 would have been U+D800 <surrogate-D800>" in lines


def test_cesu8_pair_is_explained(window: MainWindow) -> None:
    lines = inspect(window, "cesu-8", b"x\xed\xa0\xbd\xed\xb2\xa9", 4)
    assert lines[-1] == (
        "ED A0 BD ED B2 A9: U+1F4A9 PILE OF POO as a surrogate pair, lead U+D83D (ED A0 BD) "
        "then trail U+DCA9 (ED B2 A9), each a 3-byte sequence; UTF-8 writes it as F0 9F 92 A9"
    )


def test_mutf8_c0_80_and_raw_nul_are_explained(window: MainWindow) -> None:
    lines = inspect(window, "mutf-8", b"a\xc0\x80\x00", 2)
    assert lines[-1].startswith("C0 80: U+0000 (NUL) in Modified UTF-8's two-byte form")
    window.selection.move_cursor(3)
    assert window.inspector.lines[-1] == (
        "00: a raw NUL byte, which Modified UTF-8 never writes (U+0000 is C0 80)"
    )


def test_plain_utf8_text_gets_no_sequence_line(window: MainWindow) -> None:
    lines = inspect(window, "utf-8", "é".encode(), 0)
    assert len(lines) == 3  # heading, span, bytes
