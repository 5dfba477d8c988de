"""What the explainer knows of real words: the table ``lexicon.json.gz``
beside this module, derived from wordfreq's word lists by
``tools/mojibake/lexicon.py`` (generated; never edited by hand).

* :func:`known_words`: frequent words holding a non-ASCII letter, lower case,
  over 40-odd languages;
* :func:`language_words`: per language, those words and, for a language
  written in Latin script, its most frequent ASCII words: what tells which
  language a text is in;
* :func:`language_letters`: per language, the non-ASCII letters its frequent
  words use (text uses one language's set; mojibake mixes several);
* :func:`known_bigrams`: pairs of neighbouring characters, one not ASCII,
  that those words hold (``^`` and ``$`` mark a word's ends);
* :func:`common_han` and :func:`common_hangul`: the most frequent Han
  characters and Hangul syllables (:func:`han_rank`: a Han character's
  place among them).

The data is CC BY-SA 4.0 (wordfreq's, Robyn Speer et al.).
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib import resources
from operator import add


@cache
def _table() -> dict[str, object]:
    raw = resources.files(__package__).joinpath("lexicon.json.gz").read_bytes()
    table: dict[str, object] = json.loads(gzip.decompress(raw))
    return table


def _words_by_language() -> dict[str, str]:
    words = _table()["words"]
    assert isinstance(words, dict)
    return words


@cache
def known_words() -> frozenset[str]:
    return frozenset(w for text in _words_by_language().values() for w in text.split())


@cache
def language_words() -> tuple[frozenset[str], ...]:
    """Per language, its known words (:func:`known_words`) and its most
    frequent words of two or more ASCII letters (none for a language not
    written in Latin script), lower case."""
    ascii_words = _table()["ascii"]
    assert isinstance(ascii_words, dict)
    return tuple(
        frozenset(text.split()) | frozenset(str(ascii_words.get(language, "")).split())
        for language, text in _words_by_language().items()
    )


@cache
def language_letters() -> tuple[frozenset[str], ...]:
    """Per language, the lower-case non-ASCII letters of its frequent words."""
    found = []
    for text in _words_by_language().values():
        letters = frozenset(c for c in set(text) if c >= "\x80" and c.isalpha())
        if letters:
            found.append(letters)
    return tuple(found)


@cache
def known_bigrams() -> frozenset[str]:
    pairs = str(_table()["bigrams"])
    return frozenset(map(add, pairs[::2], pairs[1::2]))


@cache
def common_han() -> frozenset[str]:
    return frozenset(str(_table()["han"]))


@cache
def _han_order() -> dict[str, int]:
    return {char: rank for rank, char in enumerate(str(_table()["han"]))}


def han_rank(char: str) -> int:
    """Where ``char`` stands among :func:`common_han`, the commonest first
    (the table is in order of frequency); past them all for any other
    character."""
    order = _han_order()
    return order.get(char, len(order))


@cache
def common_hangul() -> frozenset[str]:
    return frozenset(str(_table()["hangul"]))


@cache
def latin_letters() -> frozenset[str]:
    """Non-ASCII letters that the frequent words use, both cases."""
    letters = {c for c in set("".join(_words_by_language().values())) if c >= "\x80"}
    return frozenset(letters | {c.upper() for c in letters if len(c.upper()) == 1})
