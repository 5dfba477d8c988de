"""Which accented letters real text uses most, from the word table
(``lexicon.py``; for a script no word list writes, its spelling
dictionary's counts): the order of the lost-letter guesses (``lost_letters.py``)
and the rarity that prices the lost-byte guesses (``lost.py``); and which
letter its neighbours make likelier (:func:`neighbours_price`, from how
often the frequent words hold each pair of characters), which ranks both.

A dropped byte after ``Ã`` may have made ``Á``, ``Í``, ``Ï``, ``Ð`` or
``Ý``; when the text itself says nothing, the letter the 40-odd languages'
frequent words use more often is the better guess.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from functools import cache

from mojiscope.core.mojibake.features import class_size
from mojiscope.core.mojibake.lexicon import (
    known_words,
    language_letters,
    letter_pairs,
    script_letters,
    script_pairs,
    with_totals,
)


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


def frequency_rank(char: str) -> int:
    """Where ``char`` (lower case looked up) stands among :func:`by_frequency`,
    the commonest first; past them all for a character the words do not use."""
    order = _order()
    return order.get(char.lower(), len(order))


@cache
def by_frequency() -> tuple[str, ...]:
    """The non-ASCII letters (and combining marks) the frequent words use,
    the commonest first."""
    return tuple(_order())


@cache
def _total() -> int:
    return sum(_counts().values())


def rarity(char: str) -> float:
    """How rare a character is in the frequent words: minus the natural log
    of its share of their non-ASCII letters (and marks; lower case looked
    up). A letter of a script they do not write has its share of its
    script's letters (``lexicon.script_letters``: Telugu's virama is
    commoner than its vowel sign u) in the share of one of their languages.
    One they never use counts as used half a time, that half shared
    evenly by the characters of its class (``features.class_size``): ``•``,
    one of 34 common signs, is likelier than ``☢``, one of 2,764 rare symbols."""
    count = _counts().get(char.lower())
    if count is not None:
        return math.log(_total() / count)
    share = script_letters().get(char)
    if share is not None:
        return math.log(len(language_letters()) / share)
    return math.log(_total() / 0.5) + math.log(class_size(char))


@cache
def _neighbour_pairs() -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """The pairs of ``lexicon.letter_pairs`` and ``lexicon.script_pairs``
    (their characters are apart), with each character's totals."""
    return with_totals(letter_pairs()[0] | script_pairs())


#: The share of a character's pairs an unseen pair counts as.
PAIR_FLOOR = 1e-3


def neighbours_price(char: str, before: str, following: str) -> float:
    """What ``char``'s neighbours say against it where one is a letter:
    minus the log of how likely the frequent words (``lexicon.letter_pairs``;
    for a script they do not write, its dictionary's, ``lexicon.script_pairs``)
    make the character ``before`` it, and the one ``following`` it, beside
    it (each one character; ``^``/``$`` for a neighbour that is no letter;
    an empty side is unknown and says nothing; a pair the words never hold
    counts as :data:`PAIR_FLOOR` of the character's pairs, a character they
    never hold as that share of one). With ``char``'s rarity, the prior,
    this ranks fills as a naive Bayes over their neighbours would."""
    if not (lettering(before) or lettering(following)):
        return 0.0
    pairs, lefts, rights = _neighbour_pairs()
    low = char.lower()
    price = 0.0
    for other, left in ((before, True), (following, False)):
        if not other:
            continue
        other = other.lower() if lettering(other) else ("^" if left else "$")
        seen = (rights if left else lefts).get(low, 0.0)
        pair = pairs.get(other + low if left else low + other, 0.0)
        price -= math.log((pair + PAIR_FLOOR * seen) / seen) if seen else math.log(PAIR_FLOOR)
    return price
