"""Words whose letters a writer dropped without a trace.

A program that cannot write a letter in its code page may drop it rather
than write ``?`` (Python's ``errors="ignore"``, ``iconv -c``): Czech
``Václav Nováček`` written as ASCII is ``Vclav Novek``, Portuguese
``Configuração`` is ``Configurao``. No byte marks the place and no reading
gives the letters back; what is left is a word no language writes that is
a known word without its letters beyond ASCII, or beyond Latin-1
(``lexicon.stripped_word``: forms that are words of their own, ``latin``
of ``latină``, are not such words).

:func:`stripped_words` finds them. The text as it is stays the best reading
of such bytes, but not a sure one: the explainer counts each such word an
oddity (``oddities.STRIPPED``) and names the word it may have been.
"""

from __future__ import annotations

import re

from mojiscope.core.mojibake.lexicon import STRIPPED_LETTERS, stripped_word

#: A word of letters standing alone: no digit, underscore or letter beside it.
_WORD = re.compile(rf"(?<!\w)[^\W\d_]{{{STRIPPED_LETTERS},}}(?!\w)")


def stripped_words(text: str) -> tuple[tuple[int, int, str], ...]:
    """The words of ``text`` that are a known word stripped of some letters,
    as character ranges, each with that word written in the case the text
    writes it (``Vclav``: ``Václav``), in order. Words in capitals are left
    out: they are most often abbreviations (``PASV``, ``RDATA``)."""
    found = []
    for match in _WORD.finditer(text):
        if max(match.group()) > "\xff" or match.group().isupper():
            continue
        word = stripped_word(match.group().lower())
        if word is not None:
            found.append((match.start(), match.end(), _cased(word, match.group())))
    return tuple(found)


def _cased(word: str, like: str) -> str:
    """``word`` with a capital first where ``like`` has one."""
    return word[0].upper() + word[1:] if like[0].isupper() else word
