"""Western text read by a lenient UTF-8 decoder, read back.

A hand-written UTF-8 decoder that looks only at lead bytes takes the bytes
after a lead as its continuation whatever they are, keeping the low six
bits of each. Windows-1252 text, whose accented letters are lead bytes,
comes out of it with each accented letter and the one to three characters
after it made one character, mostly of another script: ``passé ce``
(``E9 20 63``) is ``pass頣e``, ``à lire`` is ``ࠬire``, ``Ça`` is ``ǡ``.
No code page reads that back. Each such character tells its lead byte,
so the accented letter, exactly (``頣`` is U+9823: lead ``E9``, ``é``);
of each byte it ate only its low six bits are left, so each was one of
four (``0x23``: ``#``, ``c``, ``£`` or ``ã``).

:func:`leniently_read` reads such text back: each character beyond
U+00FF that windows-1252 lacks becomes its lead's letter and, for each
byte eaten, a letter or a space of the four, those that make a known word
of the lead's letter first, ASCII first among equals; each a
:class:`~.guess.Guess` whose alternatives are the next likeliest, and a
U+FFFD the decoder wrote a lost letter guessed from its word
(``lost_letters``). It is asked only of text that shows such a character
glued to a Latin letter (``oddities.glued_to_latin``), and gives a
reading only where a character read back makes a known word; in text not
mostly Latin (no ``oddities.INSIDE_LATIN``), only where every one does.
Characters U+0080-U+00FF and windows-1252's own are kept: the decoder
cannot have made them from windows-1252 text (its leads C2 and C3, ``Â``
and ``Ã``, begin no word).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache, lru_cache

from mojiscope.core.codecs.legacy.whatwg import CODEC_NAME as WHATWG_1252
from mojiscope.core.mojibake.features import WORD, fold
from mojiscope.core.mojibake.guess import LENIENT, Guess
from mojiscope.core.mojibake.lexicon import completion_words, language_words
from mojiscope.core.mojibake.lost_letters import guess_letters
from mojiscope.core.mojibake.oddities import INSIDE_LATIN, glued_to_latin, odd_places

#: How many alternatives a guess keeps.
_ALTERNATIVES = 3
#: Characters windows-1252 has beyond U+00FF (its 80-9F): text in it holds
#: them as they are, the decoder never makes them.
_OWN = frozenset(bytes(range(0x80, 0xA0)).decode(WHATWG_1252)) - {chr(c) for c in range(0x80, 0xA0)}


def lenient_decode(data: bytes) -> str:
    """``data`` as such a decoder reads it: a byte C0-F7 leads, taking the
    next one to three bytes whatever they are and the low six bits of each;
    a lead whose bytes run out, a code beyond U+10FFFF or a surrogate's, and
    any other byte beyond ASCII, are U+FFFD."""
    out = []
    at = 0
    while at < len(data):
        byte = data[at]
        count = 1 if 0xC0 <= byte < 0xE0 else 2 if 0xE0 <= byte < 0xF0 else 3
        if byte < 0x80:
            out.append(chr(byte))
        elif byte < 0xC0 or byte >= 0xF8 or at + count >= len(data):
            out.append("\ufffd")
        else:
            code = byte & (0x3F >> count)
            for following in data[at + 1 : at + 1 + count]:
                code = code << 6 | following & 0x3F
            at += count
            out.append("\ufffd" if code > 0x10FFFF or 0xD800 <= code < 0xE000 else chr(code))
        at += 1
    return "".join(out)


def _eaten(char: str) -> tuple[str, tuple[int, ...]] | None:
    """The lead's letter and the low six bits of each byte eaten, for a
    character the decoder made (None for one it cannot have made)."""
    code = ord(char)
    if code < 0x100 or char in _OWN or 0xD800 <= code < 0xE000 or char == "\ufffd":
        return None
    if code < 0x800:
        lead, count = 0xC0 | code >> 6, 1
    elif code < 0x10000:
        lead, count = 0xE0 | code >> 12, 2
    else:
        lead, count = 0xF0 | code >> 18, 3
    bits = tuple((code >> 6 * (count - 1 - i)) & 0x3F for i in range(count))
    return bytes([lead]).decode(WHATWG_1252), bits


@cache
def _choices(low: int) -> tuple[str, ...]:
    """The characters a byte whose low six bits are ``low`` may have been,
    letters and spaces only (the space, the no-break space): never a digit
    or a sign (see :func:`leniently_read`), nor a control character."""
    chars = (
        bytes([byte]).decode(WHATWG_1252) for byte in (low, low | 0x40, low | 0x80, low | 0xC0)
    )
    return tuple(c for c in chars if c.isalpha() or c in " \xa0")


@lru_cache(maxsize=1024)
def _fills(bits: tuple[int, ...]) -> tuple[str, ...]:
    """Every string of letters and spaces the eaten bytes may have been,
    ASCII first."""
    fills = [""]
    for low in bits:
        fills = [fill + char for fill in fills for char in _choices(low)]
    return tuple(fills)


#: Characters of context each side a fill is judged in (longer than a word).
_CONTEXT = 40
#: The letters that end a text, and those that start one.
_WORD_END = re.compile(r"[^\W\d_]*\Z")
_WORD_START = re.compile(r"[^\W\d_]*")


@cache
def _frequent_words() -> frozenset[str]:
    """The languages' frequent words, ASCII ones too (``lexicon.language_words``)."""
    return frozenset().union(*language_words())


@lru_cache(maxsize=4096)
def _known(word: str) -> bool:
    """Whether the word lists know ``word``: a frequent word of a language
    (``la``, ``ce``) or a word holding a letter beyond ASCII (``étouffer``,
    ``lexicon.completion_words``)."""
    folded = fold(word)
    return folded in _frequent_words() or folded in completion_words()


def _words_score(before: str, made: str, after: str) -> tuple[int, int]:
    """How good ``made`` (a lead's letter and the eaten bytes' characters)
    is between ``before`` and ``after``: the letters of the word that holds
    the lead's letter where the word lists know it (0 where they do not),
    then the letters of the other known words ``made`` touches."""
    text = before + made + after
    start, end = len(before), len(before) + len(made)
    left = start
    while left > 0 and text[left - 1].isalpha():
        left -= 1
    right = end
    while right < len(text) and text[right].isalpha():
        right += 1
    own = others = 0
    for word in WORD.finditer(text, left, right):
        if not _known(word.group()):
            continue
        if word.start() <= start < word.end():
            own = len(word.group())
        else:
            others += len(word.group())
    return own, others


def leniently_read(text: str) -> tuple[str, tuple[Guess, ...]] | None:
    """``text`` read back as windows-1252 a lenient UTF-8 decoder read (see
    the module docstring), and a guess for each character read back. Each
    eaten byte is taken for a letter or a space, never a digit or a sign
    (``lรตpp``, Estonian read as cp874, is no ``là8cà8Upp``). None where
    the text shows no such reading, where a character cannot be read back
    so, or where no character read back makes a known word of its lead's
    letter; in text not mostly Latin (no oddity, ``oddities.INSIDE_LATIN``:
    ``op磯 invᬩda``, short), where any character read back makes no known
    word."""
    odd = any(what == INSIDE_LATIN for _, _, what in odd_places(text))
    if not odd and not glued_to_latin(text):
        return None
    pieces = list(text)  # what each character of the text reads back as
    guesses = []
    known = 0  # characters read back into a known word
    for at, char in enumerate(text):
        found = _eaten(char)
        if found is None:
            continue
        lead, bits = found
        # the letters of the words the fill may join, on either side
        ending = _WORD_END.search("".join(pieces[max(0, at - _CONTEXT) : at]))
        starting = _WORD_START.match(text, at + 1, at + 1 + _CONTEXT)
        assert ending is not None and starting is not None  # each may match nothing
        before, after = ending.group(), starting.group()
        plain = [lead + fill for fill in _fills(bits)]
        if not plain:
            return None
        scores = {made: _words_score(before, made, after) for made in plain}
        ranked = sorted(plain, key=scores.__getitem__, reverse=True)  # stable: ASCII first
        best = ranked[0]
        if not (odd or scores[best][0]):
            return None  # not mostly Latin: every character must make a known word
        known += scores[best][0] > 0
        pieces[at] = best
        others: dict[str, str] = {}  # a no-break space looks like a space: one is enough
        for made in ranked[1:]:
            others.setdefault(_shown(made), made)
        others.pop(_shown(best), None)
        alternatives = tuple(others.values())[:_ALTERNATIVES]
        guesses.append(Guess(at, at + 1, LENIENT, best, alternatives))
    if not known:
        return None
    read = "".join(pieces)
    if "\ufffd" in read:
        read, guesses = _letters_back(read, pieces, guesses)
    return read, tuple(guesses)


def _letters_back(read: str, pieces: list[str], guesses: list[Guess]) -> tuple[str, list[Guess]]:
    """``read`` with the letters the decoder wrote U+FFFD for guessed back
    from the words (``lost_letters``: a lead it could not read, ``ö`` or
    ``ü``, or a byte it found no lead for), each guess moved to the
    character of the text it stands for."""
    found = guess_letters(read)
    if found is None:
        return read, guesses
    filled, letters = found
    origin = [at for at, piece in enumerate(pieces) for _ in piece]
    moved = [
        replace(g, start=origin[g.start], end=origin[g.start] + 1, at_char=-1) for g in letters
    ]
    return filled, sorted([*guesses, *moved], key=lambda g: g.start)


def _shown(made: str) -> str:
    return made.replace("\xa0", " ")
