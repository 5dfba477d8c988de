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

from mojiscope.core.mojibake.features import WORD
from mojiscope.core.mojibake.guess import CAPITAL, SMALL, Guess
from mojiscope.core.mojibake.offsets import source_offsets

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
    # Each small letter stands in a word; each word is read once.
    words = [match.span() for match in WORD.finditer(repaired)]
    firsts = [start for start, _ in words]
    said: dict[tuple[int, int], bool] = {}
    chars = list(repaired)
    guesses = []
    for i in small:
        word = words[bisect.bisect_right(firsts, i) - 1]
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


#: The characters windows-1252 and latin-1 read continuation bytes
#: (80-BF) as.
_CONTINUATIONS = re.escape(
    "".join(
        sorted(
            set(bytes(range(0x80, 0xC0)).decode("cp1252", "ignore"))
            | set(bytes(range(0x80, 0xC0)).decode("latin-1"))
        )
    )
)
#: A lead put in small letters, before the one continuation byte its
#: capital leads: ``â ã ä å`` (E2-E5, leads of three bytes) are the small
#: letters of ``Â Ã Ä Å`` (C2-C5, leads of two), whose characters are
#: Latin-1's and Latin Extended-A's, what Western text is misread from.
#: Other small leads' capitals lead other scripts' letters (``é’``, a
#: correct é before a curly quote, would be C9 92, the IPA letter ``ɒ``).
_SMALL_LEAD = re.compile(f"[\u00e2-\u00e5](?=[{_CONTINUATIONS}](?![{_CONTINUATIONS}]))")


def small_leads_lifted(text: str, encoding: str) -> tuple[str, tuple[Guess, ...]] | None:
    """``text`` (as a single-byte ``encoding`` read it: one byte a
    character) undone where some of its lead bytes were put in small
    letters: each lead of :data:`_SMALL_LEAD` is given its capital (``ã©``
    is ``Ã©``), and the bytes, all UTF-8 then, decoded; a guess for each
    character so made, over its stored characters. Only inside a word in
    small letters (but its first) with an ASCII letter beside the
    character: ``íŒŒì¼`` holds capitals (Korean read as windows-1252 that
    lost bytes), and ``â¢`` alone lost one. ``None`` where no lead is so,
    where the bytes are no UTF-8 then, or where a character so made is a
    C1 control (``Â€``: ``â€`` before a space lost a byte)."""
    lifted = [m.start() for m in _SMALL_LEAD.finditer(text) if _in_small_word(text, m.start())]
    if not lifted:
        return None
    chars = list(text)
    for at in lifted:
        chars[at] = text[at].upper()
    try:
        repaired = "".join(chars).encode(encoding).decode("utf-8")
    except UnicodeError:
        return None
    starts = source_offsets(repaired)
    guesses = []
    for at in lifted:
        index = int(np.searchsorted(starts, at))
        char = repaired[index]
        if char < "\u00a0":
            return None
        guesses.append(Guess(at, at + 2, SMALL, char, (), at_char=index))
    return repaired, tuple(guesses)


def _in_small_word(text: str, start: int) -> bool:
    """Whether the lead at ``start`` and the character after it stand in a
    word (a run of no spaces) with no capital but its first character,
    beside an ASCII letter."""
    end = start + 2
    first, last = start, end
    while first > 0 and not text[first - 1].isspace():
        first -= 1
    while last < len(text) and not text[last].isspace():
        last += 1
    if any(c.isupper() for c in text[first + 1 : last]):
        return False
    beside = text[start - 1 : start] + text[end : end + 1]
    return any(c.isascii() and c.isalpha() for c in beside)
