"""Notices: the planes looked at hold every notice, and the byte finder and
the text finder agree on any text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.audit.notices import find_in_text, find_in_utf8, notice_class, notice_points
from mojiscope.core.words.charclass import MAX_CODE_POINT, CharClass


def test_the_planes_looked_at_hold_every_notice() -> None:
    full = {
        cp: cls
        for cp in range(0x80, MAX_CODE_POINT + 1)
        if not 0xD800 <= cp < 0xE000 and (cls := notice_class(cp)) is not None
    }
    assert notice_points() == full
    assert full[0x202E] == CharClass.BIDI_CONTROL and full[0x200B] == CharClass.INVISIBLE
    assert 0xFEFF not in full and 0xFFFD not in full


NOTICES = sorted(notice_points())


@given(
    st.lists(st.one_of(st.characters(codec="utf-8"), st.sampled_from([chr(c) for c in NOTICES])))
)
def test_the_byte_finder_agrees_with_the_text_finder(chars: list[str]) -> None:
    text = "".join(chars)
    data = text.encode()
    in_text = [(len(text[:i].encode()), cp, cls) for i, cp, cls in find_in_text(text)]
    assert list(find_in_utf8(data)) == in_text
