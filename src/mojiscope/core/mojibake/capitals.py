"""Mojibake put in capitals after it was misread: the capitals given back.

A program that writes names and places in capitals (forms, registries,
address lists) may do so to text that was already misread: ``férias``
read as windows-1252 is ``fÃ©rias``, and in capitals ``FÃ©RIAS``. The
capital of ``Ã`` is itself, and ``©`` has none, so undoing the misreading
gives ``FéRIAS``, a small letter alone among capitals, where the writer
meant ``FÉRIAS``. :func:`capitals_restored` gives such a letter back its
capital, as a :class:`~.guess.Guess` of kind :data:`CAPITAL` (the bytes
make the small letter; that it was a capital is read from its word), so
the repair plan writes the text the explainer shows and reports each.
"""

from __future__ import annotations

from mojiscope.core.mojibake.guess import Guess

#: What a capitals-restored guess stands for (``Guess.what``).
CAPITAL = "put in capitals after the misreading"
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
    spans = []
    at = 0
    for char in repaired:
        size = len(char.encode("utf-8", "surrogateescape"))
        spans.append((at, at + size))
        at += size
    if at != len(raw):
        return None
    undone = {i for i, (a, b) in enumerate(spans) if b - a > 1}
    chars = list(repaired)
    guesses = []
    for i in sorted(undone):
        char = chars[i]
        capital = char.upper()
        if not char.islower() or len(capital) != 1:
            continue
        if _capitals_around(repaired, i, undone):
            chars[i] = capital
            guesses.append(Guess(*spans[i], CAPITAL, capital, (), at_char=i))
    return ("".join(chars), tuple(guesses)) if guesses else None


def _capitals_around(text: str, at: int, undone: set[int]) -> bool:
    """Whether the word of letters holding ``text[at]`` has
    :data:`CAPITALS_AROUND` or more other cased letters that the undo did
    not make, all capitals; for a word with fewer (``FÅ``, French ``à``
    alone), whether the whole text has twice as many such letters, all
    capitals. A word the undo made whole keeps its case (``ПОРАДИ``
    beside ``TIPS`` was ``Поради``)."""
    start, end = at, at + 1
    while start > 0 and text[start - 1].isalpha():
        start -= 1
    while end < len(text) and text[end].isalpha():
        end += 1
    cased = _cased(text, start, end, undone)
    if len(cased) < CAPITALS_AROUND and (cased or end - start == 1):
        cased = _cased(text, 0, len(text), undone)
        return len(cased) >= 2 * CAPITALS_AROUND and all(c.isupper() for c in cased)
    return len(cased) >= CAPITALS_AROUND and all(c.isupper() for c in cased)


def _cased(text: str, start: int, end: int, undone: set[int]) -> list[str]:
    """The cased letters of ``text[start:end]`` that the undo did not make."""
    letters = enumerate(text[start:end], start)
    return [c for i, c in letters if i not in undone and c.lower() != c.upper()]
