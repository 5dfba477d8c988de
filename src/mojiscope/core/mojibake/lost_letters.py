"""Letters lost before the bytes were written, guessed back from the words.

A writer whose code page lacks a letter writes ``?`` for it (``Gora?de``),
and a reader that meets bytes it cannot decode puts U+FFFD for them (latin-1
``Créer`` read as UTF-8 is ``Cr�er``). No chain undoes that: the letter is
gone from the bytes. What is left is the word around it. When one letter in
the hole makes a word the languages' frequent words hold
(``lexicon.known_words``), that letter is the guess, the other letters that
make one its alternatives (letters the text uses elsewhere first, then
commoner letters, ``letters.frequency_rank``: ``pr�sentation`` beside
``Créer`` is French). A hole with no letter on either side, a word
with two holes, and a word no letter completes keep their holes.

:func:`guess_letters` gives the text with the holes it can fill filled, and a
:class:`~.lost.Guess` for each (its offsets are the hole's character); the
explainer prices that text as a reading of its own, so the repair it shows is
the one the repair plan writes, each letter reported as a guess.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from mojiscope.core.mojibake.features import fold
from mojiscope.core.mojibake.letters import by_frequency
from mojiscope.core.mojibake.lexicon import known_words
from mojiscope.core.mojibake.lost import Guess
from mojiscope.core.mojibake.offsets import source_offsets

#: A question mark between two letters of a word that is no web address or
#: query: what a writer puts for a letter its code page lacks (``Gora?de``).
LETTER_LOST = re.compile(r"(?<![/=&.\w?])[^\W\d_]+\?[^\W\d_]+(?![/=&\w?])")
#: What stood where the letter was lost (``Guess.what``).
AS_FFFD, AS_QUESTION_MARK = "letter lost as U+FFFD", "letter lost as ?"


@cache
def _alphabet() -> tuple[str, ...]:
    """The non-ASCII letters the frequent words use, commonest first."""
    return tuple(c for c in by_frequency() if c.isalpha())


def holes(text: str) -> list[tuple[int, str]]:
    """Where letters were lost, in characters, and what stands there."""
    found = [(i, AS_FFFD) for i, char in enumerate(text) if char == "\ufffd"]
    for match in LETTER_LOST.finditer(text):
        found.append((match.start() + match.group().index("?"), AS_QUESTION_MARK))
    return sorted(found)


def letters_lost(data: bytes) -> tuple[tuple[int, int], ...]:
    """The byte ranges of :func:`holes` in ``data``, in order: each U+FFFD it
    holds as a character and each ``?`` standing for a letter. Bytes that
    are no UTF-8 (the demo's stray 80) are no such loss: read here as one
    lone surrogate each, they are neither."""
    text = data.decode("utf-8", "surrogateescape")
    found = holes(text)
    if not found:
        return ()
    offsets = source_offsets(text)
    return tuple((int(offsets[at]), int(offsets[at + 1])) for at, _what in found)


def _word(text: str, at: int) -> tuple[str, str] | None:
    """The letters before and after the hole at ``at`` in its word, when the
    word holds no other hole and some letter."""
    start, end = at, at + 1
    while start > 0 and text[start - 1].isalpha():
        start -= 1
    while end < len(text) and text[end].isalpha():
        end += 1
    before, after = text[start:at], text[at + 1 : end]
    beside = (text[start - 1 : start], text[end : end + 1])
    if not (before or after) or any(c in ("\ufffd", "?") for c in beside if c):
        return None
    return before, after


#: The end of a sentence: what may stand before its next one's first word.
_SENTENCE_END = re.compile(r"[.!?]\s")


def _starts_sentence(text: str, at: int) -> bool:
    """Whether the word at ``at`` is a sentence's first: only characters
    that are no letter, digit or ``_`` stand before it, back to the text's
    start or to the end of a sentence (``.``, ``!`` or ``?`` and a space)."""
    start = at
    while start > 0 and not (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    return start == 0 or _SENTENCE_END.search(text, start, at) is not None


@lru_cache(maxsize=4096)
def _completions(before: str, after: str) -> tuple[str, ...]:
    """The letters that make a known word of ``before``, a letter, ``after``,
    the commonest first (kept: a text repeats its damaged words)."""
    words = known_words()
    return tuple(c for c in _alphabet() if fold(before + c + after) in words)


def _letters_for(before: str, after: str, used: set[str], starts: bool) -> list[str]:
    """:func:`_completions`, those in ``used`` first, in the case the word's
    letters beside the hole call for (``starts``: the hole begins a
    sentence's first word, whose first letter is a capital)."""
    found = sorted(_completions(before, after), key=lambda c: c not in used)
    capital = (before and before[-1].isupper() and (not after or after[0].isupper())) or (
        not before and ((len(after) > 1 and after.isupper()) or starts)
    )
    return [c.upper() for c in found] if capital else found


def guess_letters(text: str) -> tuple[str, tuple[Guess, ...]] | None:
    """``text`` with each hole a known word explains filled (see the module
    docstring), and the guesses; ``None`` when no hole is filled."""
    chars = list(text)
    used = set(text.lower())  # the text's letters, and those guessed so far
    guesses = []
    for at, what in holes(text):
        word = _word(text, at)
        if word is None:
            continue
        before, after = word
        starts = not before and _starts_sentence(text, at)
        letters = _letters_for(before, after, used=used, starts=starts)
        if letters:
            chars[at] = letters[0]
            used.update(letters[0].lower())
            guesses.append(Guess(at, at + 1, what, letters[0], tuple(letters[1:]), at_char=at))
    return ("".join(chars), tuple(guesses)) if guesses else None
