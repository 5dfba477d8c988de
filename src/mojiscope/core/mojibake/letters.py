"""Which accented letters real text uses most: the tie-breaker of the
lost-byte guesses (``lost.py``), from the word table (``lexicon.py``).

A dropped byte after ``Ã`` may have made ``Á``, ``Í``, ``Ï``, ``Ð`` or
``Ý``; when the text itself says nothing, the letter the 40-odd languages'
frequent words use more often is the better guess.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from functools import cache

from mojiscope.core.mojibake.lexicon import known_words


def _lettering(char: str) -> bool:
    """A letter or a combining mark (Devanagari's virama is as much a part of
    its words as a letter is)."""
    return char.isalpha() or unicodedata.category(char)[0] == "M"


@cache
def _order() -> dict[str, int]:
    every = Counter("".join(known_words()))
    counts = {c: n for c, n in every.items() if c >= "\x80" and _lettering(c)}
    # Ties by code point: the word table is a set, whose order changes with
    # each process's string hashing, and so would the guesses' order.
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return {letter: rank for rank, (letter, _) in enumerate(ranked)}


@cache
def by_frequency() -> tuple[str, ...]:
    """The non-ASCII letters (and combining marks) the frequent words use,
    the commonest first."""
    return tuple(_order())


def frequency_rank(letter: str) -> int:
    """0 for the non-ASCII letter (or combining mark) the frequent words use
    most, then 1, 2...; -1 for one they do not use (lower case is looked up)."""
    return _order().get(letter.lower(), -1)
