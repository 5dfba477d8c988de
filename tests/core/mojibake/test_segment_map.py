"""The segment map's counts in words."""

from __future__ import annotations

from collections import Counter

from mojiscope.core.mojibake.chain import IDENTITY, Chain, Misreading
from mojiscope.core.mojibake.segment_map import reading_words, tally_words

ONCE = Chain((Misreading("utf-8", "windows-1252"),))
TWICE = Chain((Misreading("utf-8", "windows-1252"),) * 2)


def test_counts_in_words() -> None:
    chains = [IDENTITY, ONCE, TWICE, Chain((), "cp1251")]
    rows = {("misread", 1): 312, ("misread", 2): 9, ("fine", 0): 9680, ("legacy", 3): 2}
    assert tally_words(Counter(rows), chains) == (
        "312 rows read as windows-1252 once, 9 twice, 2 rows in windows-1251, 9,680 fine"
    )
    assert reading_words(Chain((Misreading("shift_jis", "windows-1252"),))) == (
        "shift_jis read as windows-1252"
    )


def test_counts_of_two_names_of_one_code_page_are_one_count() -> None:
    # cp1252 and windows-1252 are one code page in words: their rows add up.
    cp1252 = Chain((Misreading("utf-8", "cp1252"),))
    chains = [IDENTITY, ONCE, cp1252, TWICE]
    rows = {("misread", 1): 300, ("misread", 2): 12, ("misread", 3): 9, ("fine", 0): 5}
    assert tally_words(Counter(rows), chains) == (
        "312 rows read as windows-1252 once, 9 twice, 5 fine"
    )
    lossy = {("lossy", 1): 2, ("lossy", 2): 1, ("fine", 0): 5}  # a ? and a straight quote
    assert tally_words(Counter(lossy), chains) == (
        "3 rows lossy (read as windows-1252 once), 5 fine"
    )
