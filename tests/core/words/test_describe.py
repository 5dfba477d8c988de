"""The words that describe kinds and values: one function, the same words in
the inspector, the legend, ``inspect`` and the conversion report."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core import SpanKind
from mojiscope.core.words.describe import (
    KIND_WORDS,
    alternatives_words,
    describe_chars,
    describe_value,
    hex_bytes,
)


@pytest.mark.parametrize(
    ("value", "plain", "named"),
    [
        (0x2F, "U+002F '/'", "U+002F '/' SOLIDUS"),  # the overlong C0 AF
        (0x20, "U+0020 ' '", "U+0020 ' ' SPACE"),  # the one separator that prints
        (0x27, 'U+0027 "\'"', 'U+0027 "\'" APOSTROPHE'),  # quoted as Python quotes it
        (0xD800, "U+D800", "U+D800 <surrogate-D800>"),  # a surrogate has no glyph
        (0x85, "U+0085", "U+0085 <control-0085>"),  # nor has a control
        (0x110000, "U+110000", "U+110000, above U+10FFFF (the end of Unicode)"),
        (0x8421109F, "U+8421109F", "U+8421109F, above U+10FFFF (the end of Unicode)"),
    ],
)
def test_describe_value_plain_and_named(value, plain, named):
    assert describe_value(value) == plain
    assert describe_value(value, named=True) == named


@given(st.integers(min_value=0, max_value=0x8421109F))
def test_named_description_extends_the_plain_one(value):
    plain = describe_value(value)
    assert plain.startswith(f"U+{value:04X}")
    assert describe_value(value, named=True).startswith(plain)


def test_describe_chars_cuts_long_runs_with_the_count():
    assert describe_chars("ab", limit=8) == "U+0061 'a' U+0062 'b'"
    assert describe_chars("abc", limit=2) == "U+0061 'a' U+0062 'b' ... (3 characters)"


def test_hex_bytes_cuts_long_runs_with_the_length():
    assert hex_bytes(b"\xc0\xaf") == "C0 AF"
    assert hex_bytes(b"\x00" * 5, limit=2) == "00 00 ... (5 bytes)"


def test_every_kind_has_words():
    assert set(KIND_WORDS) == set(SpanKind)
    assert all(KIND_WORDS.values())


def test_a_guess_s_alternatives_are_said_or_that_nothing_else_fits() -> None:
    assert alternatives_words(["ö", "ü"]) == "or ö, ü"
    assert alternatives_words(()) == "nothing else fits"
    many = [chr(0x5E00 + i) for i in range(20)]
    assert alternatives_words(many) == "or " + ", ".join(many[:8]) + " and 12 more"
