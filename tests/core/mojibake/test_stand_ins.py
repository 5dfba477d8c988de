"""What programs write in ASCII for a reader's characters: accents stripped,
boxes drawn, quotes straightened, each table as the code pages give it."""

from __future__ import annotations

from mojiscope.core.mojibake.guess import DRAWN as DRAWN_KIND
from mojiscope.core.mojibake.stand_ins import (
    DRAWN,
    DRAWN_ANYWHERE,
    FOLDED,
    QUOTES,
    drawn_in_ascii,
)


def test_an_a_stands_for_windows_1252s_accented_leads() -> None:
    assert FOLDED["windows-1252"] == {ord("A"): b"\xc2\xc3"}


def test_boxes_stand_for_the_leads_dos_code_pages_read_as_box_drawing() -> None:
    plus, minus = FOLDED["cp437"][ord("+")], FOLDED["cp437"][ord("-")]
    assert 0xC3 in plus and 0xC5 in plus  # ├ and ┼
    assert minus == b"\xc4\xcd"  # ─ and ═
    assert ord("A") not in FOLDED["cp437"] and "+" not in {chr(k) for k in FOLDED["cp1252"]}


def test_two_boxes_stand_for_a_character_both_of_whose_bytes_were_drawn() -> None:
    assert "ü" in DRAWN["cp437"][b"++"]  # C3 BC: ├╝
    assert "ó" in DRAWN["cp437"][b"+|"]  # C3 B3: ├│
    assert DRAWN["windows-1252"] == {}
    assert set(DRAWN_ANYWHERE) == {p for pairs in DRAWN.values() for p in pairs}
    assert DRAWN_ANYWHERE[b"++"][: len(DRAWN["cp437"][b"++"])] == DRAWN["cp437"][b"++"]


def test_straight_quotes_stand_for_windows_1252s_curly_ones() -> None:
    assert QUOTES["windows-1252"] == {ord("'"): b"\x91\x92", ord('"'): b"\x93\x94"}
    assert QUOTES["latin-1"] == {}


def test_pairs_drawn_in_ascii_are_read_back_only_into_known_words() -> None:
    found = drawn_in_ascii("ist ung++ltig", DRAWN_ANYWHERE)
    assert found is not None
    text, (guess,) = found
    assert text == "ist ungültig"
    assert (guess.start, guess.end, guess.what, guess.char) == (7, 9, DRAWN_KIND, "ü")
    assert drawn_in_ascii("a++b and C++", DRAWN_ANYWHERE) is None
