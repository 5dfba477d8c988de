# ruff: noqa: RUF003 - mojibake and quotes are the subject
"""Mojibake whose case was changed after it was misread: the case given back.

A program that writes names and places in capitals (forms, registries,
address lists) may do so to text that was already misread: ``férias``
read as windows-1252 is ``fÃ©rias``, and in capitals ``FÃ©RIAS``. The
capital of ``Ã`` is itself, and ``©`` has none, so undoing the misreading
gives ``FéRIAS``, a small letter alone among capitals, where the writer
meant ``FÉRIAS``. :func:`capitals_restored` gives such a letter back its
capital, as a :class:`~.guess.Guess` of kind ``guess.CAPITAL`` (the bytes
make the small letter; that it was a capital is read from its word), so
the repair plan writes the text the explainer shows and reports each.

Put in small letters instead (tags, addresses, search keys), the lead
bytes' capitals become other code points: ``intérieure`` misread is
``intÃ©rieure``, in small letters ``intã©rieure``, whose ``ã`` is E3, the
lead of three bytes, and ``ã©r`` no UTF-8. :func:`small_leads_lifted`
gives such a lead its capital where that makes its character whole, as a
guess of kind ``guess.SMALL`` over the character's stored characters.
"""

from __future__ import annotations

import bisect
import re

import numpy as np

from mojiscope.core.mojibake.guess import CAPITAL, SMALL, Guess
from mojiscope.core.mojibake.offsets import source_offsets
from mojiscope.core.mojibake.readers import sequence_length

#: The fewest other cased letters a word holds, all capitals, for a small
#: letter a misreading undid inside it to be a capital too.
CAPITALS_AROUND = 2


def capitals_restored(repaired: str, raw: bytes) -> tuple[str, tuple[Guess, ...]] | None:
    """``repaired`` (``raw``, one byte a stored character, decoded as UTF-8)
    with each small letter the undo made of two or more stored characters
    given its capital where the other cased letters of its word are
    capitals, at least :data:`CAPITALS_AROUND` of them; with a guess for
    each, over its stored characters. The small letter is no alternative:
    the model, fitted on text in its own case, would price it cheaper, and
    a word of capitals says which it was. ``None`` where no letter is so."""
    if repaired.isascii():
        return None
    offsets = source_offsets(repaired)
    if offsets[-1] != len(raw):
        return None
    undone = {int(i) for i in np.flatnonzero(np.diff(offsets) > 1)}
    small = [i for i in sorted(undone) if _small_letter(repaired[i])]
    if not small:
        return None
    everywhere = _cased(repaired, 0, len(repaired), undone)
    in_capitals = len(everywhere) >= 2 * CAPITALS_AROUND and all(c.isupper() for c in everywhere)
    words = [match.span() for match in _WORD.finditer(repaired)]
    firsts = [start for start, _ in words]
    said: dict[tuple[int, int], bool] = {}
    chars = list(repaired)
    guesses = []
    for i in small:
        word = _word_of(words, firsts, i)
        if word not in said:
            said[word] = _capitals_around(repaired, *word, undone, in_capitals)
        if said[word]:
            chars[i] = capital = repaired[i].upper()
            span = (int(offsets[i]), int(offsets[i + 1]))
            guesses.append(Guess(*span, CAPITAL, capital, (), at_char=i))
    return ("".join(chars), tuple(guesses)) if guesses else None


def _small_letter(char: str) -> bool:
    """Whether ``char`` is a small letter with a capital of one character
    (``ⓐ`` is a sign; ``ß`` has ``SS``)."""
    return char.isalpha() and char.islower() and len(char.upper()) == 1


#: A word: a run of letters.
_WORD = re.compile(r"[^\W\d_]+")


def _word_of(words: list[tuple[int, int]], firsts: list[int], at: int) -> tuple[int, int]:
    """The span of ``words`` (their starts ``firsts``) holding ``at``, or
    ``at`` alone where none does."""
    k = bisect.bisect_right(firsts, at) - 1
    if k >= 0 and words[k][0] <= at < words[k][1]:
        return words[k]
    return at, at + 1


def _capitals_around(text: str, start: int, end: int, undone: set[int], in_capitals: bool) -> bool:
    """Whether the word ``text[start:end]`` has :data:`CAPITALS_AROUND` or
    more cased letters that the undo did not make, all capitals; for a
    word with fewer (``FÅ``, French ``à`` alone), whether the whole text
    has twice as many such letters, all capitals (``in_capitals``). A word
    the undo made whole keeps its case (``ПОРАДИ`` beside ``TIPS`` was
    ``Поради``)."""
    cased = _cased(text, start, end, undone)
    if len(cased) < CAPITALS_AROUND and (cased or end - start == 1):
        return in_capitals
    return len(cased) >= CAPITALS_AROUND and all(c.isupper() for c in cased)


def _cased(text: str, start: int, end: int, undone: set[int]) -> list[str]:
    """The cased letters of ``text[start:end]`` that the undo did not make."""
    letters = enumerate(text[start:end], start)
    return [c for i, c in letters if i not in undone and c.lower() != c.upper()]


#: A small letter whose byte leads a UTF-8 sequence of three or four bytes
#: (E0-F4 in windows-1252 and latin-1), before the character a
#: continuation byte (80-BF) is in either: where a lead put in small
#: letters may stand.
_CONTINUATIONS = "".join(
    sorted(
        set(bytes(range(0x80, 0xC0)).decode("cp1252", "ignore"))
        | set(bytes(range(0x80, 0xC0)).decode("latin-1"))
    )
)
_SMALL_LEAD = re.compile(f"[\u00e0-\u00f4][{re.escape(_CONTINUATIONS)}]")


#: What a lead given back its capital may make: a Western letter or sign
#: (Latin-1 beyond its controls, Latin Extended-A), as the misreadings of
#: Western text do. Not a control (``â€`` before a space lost a byte; it
#: is no ``Â€``), nor what a correct small accented letter before a quote
#: makes so (``é’``, E9 92: ``É’`` is C9 92, the IPA letter ``ɒ``).
LIFTED_MADE = ("\u00a0", "\u017f")


def small_leads_lifted(text: str, encoding: str) -> tuple[str, tuple[Guess, ...]] | None:
    """``text`` (as a single-byte ``encoding`` read it) undone where some of
    its lead bytes were put in small letters: each small letter whose byte
    leads more continuation bytes than follow it, and whose capital leads
    as many as do, is given its capital (``ã©`` is ``Ã©``), and the bytes,
    all UTF-8 then, decoded; a guess for each character so made, over its
    stored characters. Only inside a word in small letters (but its first)
    with an ASCII letter beside the character: ``íŒŒì¼`` holds capitals
    (Korean read as windows-1252 that lost bytes), and ``â¢`` alone lost
    one. ``None`` where no lead is so, where the bytes are no UTF-8 then,
    or where a character so made is not of :data:`LIFTED_MADE`."""
    if _SMALL_LEAD.search(text) is None:
        return None
    try:
        raw = bytearray(text.encode(encoding))
    except UnicodeEncodeError:
        return None
    lifted = []
    for at, byte in enumerate(raw):
        if byte < 0xE0:
            continue
        capital = text[at].upper()
        if len(capital) != 1 or capital == text[at]:
            continue
        try:
            high = capital.encode(encoding)
        except UnicodeEncodeError:
            continue
        following = 0
        while at + 1 + following < len(raw) and 0x80 <= raw[at + 1 + following] <= 0xBF:
            following += 1
        whole = sequence_length(high[0]) == following + 1 != sequence_length(byte)
        if whole and _in_small_word(text, at, at + 1 + following):
            raw[at] = high[0]
            lifted.append(at)
    if not lifted:
        return None
    try:
        repaired = bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        return None
    starts = source_offsets(repaired)
    guesses = []
    for at in lifted:
        index = int(np.searchsorted(starts, at))
        char = repaired[index]
        if not LIFTED_MADE[0] <= char <= LIFTED_MADE[1]:
            return None
        guesses.append(Guess(at, int(starts[index + 1]), SMALL, char, (), at_char=index))
    return repaired, tuple(guesses)


def _in_small_word(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands in a word (a run of no spaces)
    with no capital but its first character, beside an ASCII letter."""
    first, last = start, end
    while first > 0 and not text[first - 1].isspace():
        first -= 1
    while last < len(text) and not text[last].isspace():
        last += 1
    if any(c.isupper() for c in text[first + 1 : last]):
        return False
    beside = text[start - 1 : start] + text[end : end + 1]
    return any(c.isascii() and c.isalpha() for c in beside)
