"""Which accented letters real text uses most, from the word table
(``lexicon.py``): the order of the lost-letter guesses (``lost_letters.py``)
and the rarity that prices the lost-byte guesses (``lost.py``).

A dropped byte after ``Ã`` may have made ``Á``, ``Í``, ``Ï``, ``Ð`` or
``Ý``; when the text itself says nothing, the letter the 40-odd languages'
frequent words use more often is the better guess.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from functools import cache

from mojiscope.core.mojibake.lexicon import known_words


def lettering(char: str) -> bool:
    """Whether ``char`` (one character, or none) is a letter or a combining
    mark (Devanagari's virama is as much a part of its words as a letter is)."""
    return char.isalpha() or (len(char) == 1 and unicodedata.category(char)[0] == "M")


@cache
def _counts() -> dict[str, int]:
    every = Counter("".join(known_words()))
    return {c: n for c, n in every.items() if c >= "\x80" and lettering(c)}


@cache
def _order() -> dict[str, int]:
    counts = _counts()
    # Ties by code point: the word table is a set, whose order changes with
    # each process's string hashing, and so would the guesses' order.
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return {letter: rank for rank, (letter, _) in enumerate(ranked)}


@cache
def by_frequency() -> tuple[str, ...]:
    """The non-ASCII letters (and combining marks) the frequent words use,
    the commonest first."""
    return tuple(_order())


@cache
def _total() -> int:
    return sum(_counts().values())


def rarity(letter: str) -> float:
    """How rare a non-ASCII letter (or combining mark) is in the frequent
    words: minus the natural log of its share of their non-ASCII letters
    (lower case looked up); one they never use counts as used half a time."""
    count = _counts().get(letter.lower(), 0.5)
    return math.log(_total() / count)
