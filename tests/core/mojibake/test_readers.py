# ruff: noqa: RUF001, RUF003 - Greek and Cyrillic letters are the subject
"""The readers' proofs: a text holding no undoable character is one the
whole explainer can only read as it is (held against the search itself,
the per-line and the piece-by-piece readings, on random text drawn at the
boundary of the undoable set), and a text the guessing gate turns away
gives no line a chain free of guesses."""

from __future__ import annotations

import pytest
from helpers.properties import property_settings
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.mojibake import IDENTITY, explain, model
from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.explain import UNSURE_CONFIDENCE, candidates
from mojiscope.core.mojibake.hypothesis import Hypothesis, scored
from mojiscope.core.mojibake.lenient import leniently_read
from mojiscope.core.mojibake.lost_letters import LETTER_LOST
from mojiscope.core.mojibake.oddities import odd_places
from mojiscope.core.mojibake.parts import LINE, per_part
from mojiscope.core.mojibake.pieces import piecewise
from mojiscope.core.mojibake.readers import (
    MIXED_READER,
    MULTIBYTE_READERS,
    READERS,
    c1_stripped_shape,
    nothing_to_undo,
    undoable_characters,
    undoes_without_guessing,
)
from mojiscope.core.mojibake.search import search

PROPERTY = property_settings(300)
#: Built once here: the function builds the set anew on each call.
UNDOABLE_SET = undoable_characters()


def _boundary() -> list[str]:
    """Characters outside the undoable set, next to one inside it (by code
    point), and from scripts no reader holds."""
    undoable = UNDOABLE_SET
    near = set()
    for char in undoable:
        for step in (-2, -1, 1, 2):
            code = ord(char) + step
            if code >= 0x80 and not 0xD800 <= code <= 0xDFFF and chr(code) not in undoable:
                near.add(chr(code))
    return sorted(near | set("😀ǅẞ\u0301\u2028"))


BOUNDARY = _boundary()
OUTSIDE = st.text(
    alphabet=st.one_of(st.sampled_from(BOUNDARY), st.sampled_from(list("ab ,;?\n\t0"))),
    max_size=60,
)


@pytest.mark.parametrize("reader", [*READERS, MIXED_READER, *MULTIBYTE_READERS])
def test_no_reader_encodes_a_character_outside_the_set_to_a_high_byte(reader: str) -> None:
    """The set is each reader's decoding table: checked against its encoder
    over the whole Basic Multilingual Plane."""
    undoable = UNDOABLE_SET
    codec = python_codec(reader)
    escaped = []
    for code in range(0x80, 0x10000):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF or char in undoable:
            continue
        try:
            raw = char.encode(codec)
        except UnicodeEncodeError:
            continue
        if not raw.isascii():
            escaped.append(f"U+{code:04X}")
    assert escaped == []


def test_the_gate_names_texts_on_both_sides() -> None:
    assert nothing_to_undo("plain ASCII, numbers 123")
    assert nothing_to_undo("emoji 😀 and ǅ")
    assert not nothing_to_undo("日本語のテキスト")  # GBK's and Shift_JIS's characters
    assert not nothing_to_undo("한국어 텍스트")  # cp949's
    assert not nothing_to_undo("José Núñez")
    assert not nothing_to_undo("Привет")
    assert not nothing_to_undo("ASCII with a NUL \x00")
    assert not nothing_to_undo("lost \ufffd")


@PROPERTY
@given(text=OUTSIDE)
def test_a_text_with_nothing_to_undo_has_no_reading_but_itself(text: str) -> None:
    assert nothing_to_undo(text)
    start = scored(text, IDENTITY)
    assert search(start) == [start]
    assert search(start, legacy=False) == [start]
    assert per_part(text, [start]) is None
    assert piecewise(text.encode("utf-8", "surrogatepass")) == []
    readings, parts = candidates(text.encode("utf-8", "surrogatepass"))
    # The one reading beside the search such text may have: a lenient UTF-8
    # decoder's characters read back (``lenient``), itself kept as it is.
    lenient = leniently_read(text)
    others = [] if lenient is None else [(lenient[0], IDENTITY)]
    assert sorted((h.text, h.chain) for h in readings) == sorted([(text, IDENTITY), *others])
    assert list(parts) == [text for text, _ in others]


@PROPERTY
@given(text=OUTSIDE)
def test_the_explainer_says_fine_with_its_one_reading_confidence(text: str) -> None:
    found = explain(text.encode("utf-8", "surrogatepass"))
    if leniently_read(text) is not None:  # a reading beside the search: see above
        assert len(found) == 2 and any(e.unchanged and e.text == text for e in found)
        return
    best, *rest = found
    assert best.unchanged and best.text == text and rest == []
    sure = model.calibrated(1.0, unchanged=True)
    if LETTER_LOST.search(text) or odd_places(text):  # fine, but not surely
        sure = min(sure, UNSURE_CONFIDENCE)
    assert best.confidence == round(sure, 4)


@PROPERTY
@given(
    text=OUTSIDE,
    char=st.sampled_from(sorted(c for c in UNDOABLE_SET if c >= "\x80")),
    at=st.integers(0, 60),
)
def test_one_undoable_character_opens_the_gate(text: str, char: str, at: int) -> None:
    assert not nothing_to_undo(text[:at] + char + text[at:])


UNDOABLE = sorted(c for c in UNDOABLE_SET if c >= "\x80")
NEAR_LINES = st.text(
    alphabet=st.one_of(
        st.sampled_from(UNDOABLE), st.sampled_from(BOUNDARY), st.sampled_from(list("ab ?\n"))
    ),
    max_size=30,
)


def _usable(found: list[Hypothesis]) -> list[Hypothesis]:
    """The readings the per-line chooser may take chains from (``parts.py``)."""
    return [
        h
        for h in found
        if h.chain.layers
        and not h.guesses
        and all(lay.written == "utf-8" for lay in h.chain.layers)
    ]


@PROPERTY
@given(text=NEAR_LINES)
def test_a_text_undone_only_by_guessing_gives_no_line_a_usable_chain(text: str) -> None:
    if undoes_without_guessing(text):
        return
    for line in LINE.findall(text):
        assert _usable(search(scored(line, IDENTITY), legacy=False)) == []


def test_the_guessing_gate_names_texts_on_both_sides() -> None:
    assert not undoes_without_guessing("José Núñez, Zürich, São Paulo, Kraków, Åström, Groß")
    assert not undoes_without_guessing("Γειά σου κόσμε")
    # cp866, a Russian console, reads р-я as UTF-8's lead bytes of three and
    # а-п as continuation bytes: "при" is E0 A8 AF there.
    assert undoes_without_guessing("Привет, мир")
    assert undoes_without_guessing("CafÃ© crÃ¨me")
    assert undoes_without_guessing("a lost \ufffd")
    assert undoes_without_guessing("caf茅")  # é (C3 A9) read as GBK: one character
    assert undoes_without_guessing("cafﾃｩ")  # and as Shift_JIS: two
    assert not undoes_without_guessing("Γειά σου 한국어")  # Greek beside Hangul
    found = search(scored("CafÃ© crÃ¨me", IDENTITY), legacy=False)
    assert _usable(found)


@pytest.mark.parametrize(
    ("text", "shaped"),
    [
        # Добрый день! and ファイル as UTF-8 read as latin-1, C1 controls stripped.
        ("\u00d0\u00d0\u00be\u00d0\u00b1\u00d1\u00d1\u00d0\u00b9 \u00d0\u00b4", True),
        ("\u00e3\u00e3\u00a1\u00e3\u00a4\u00e3\u00ab", True),
        # Привет in cp1251 read as windows-1252: lead bytes standing alone.
        ("\u00cf\u00f0\u00e8\u00e2\u00e5\u00f2", False),
        # Whole characters (nothing lost), a C1 control kept, too few characters.
        ("Caf\u00c3\u00a9 cr\u00c3\u00a8me \u00c3\u00a0 la", False),
        ("\u00d0\u00d0\u00be\u00d0\u00b1\u00d1\u0082", False),
        ("\u00e2\u00a2 x", False),
        # A continuation byte with no lead before it, a character beyond latin-1.
        ("\u00a1\u00d0\u00d0\u00be\u00d0\u00b1", False),
        ("\u00d0\u00d0\u00be\u00d0\u00b1 \u20ac", False),
    ],
)
def test_the_shape_of_utf8_read_as_latin1_that_lost_its_c1_controls(
    text: str, shaped: bool
) -> None:
    assert c1_stripped_shape(text) is shaped
