# ruff: noqa: RUF003 - quotation marks and look-alike letters are the subject
"""A byte lost on the way and what was guessed there: :class:`Guess` and
the kinds of loss (``Guess.what``), the vocabulary :mod:`.lost` finds
holes in and :mod:`.word_fills` chooses fills by, and that the search,
the pieces of a line, the second readings and the repair plan read.
"""

from __future__ import annotations

from dataclasses import dataclass

#: What stood where the byte was lost (``Guess.what``).
DROPPED, QUESTION_MARK, REPLACEMENT, SPACE, CUT = (
    "dropped", "question mark", "U+FFFD", "no-break space became space", "cut inside a character",
)  # fmt: skip
#: A continuation byte of 80-9F that latin-1 read as a C1 control and a
#: program stripped as a control character (``ł``, C5 82, shows as ``Å``;
#: ``’``, E2 80 99, as ``â``): a byte dropped, named for what dropped it.
C1_STRIPPED = "C1 control stripped"
#: A lead byte's character written as the ASCII letter it is made of
#: (``Ã`` as ``A``: a program that strips accents, ``LegaA¯a``).
FOLDED = "accent stripped"
#: A lead byte's box-drawing character written as the ASCII a program
#: draws boxes with (``├`` as ``+``: UTF-8 read as cp437, ``ge+»ntegreerd``).
DRAWN = "box drawing written in ASCII"
#: A continuation byte the reading made a curly quote of, written as a
#: straight one by a program that straightens quotes (``Ñ``, C3 91, read as
#: windows-1252 is ``Ã`` and a left single quotation mark, then ``Ã'``; an
#: en dash, E2 80 93, is ``â€"``).
STRAIGHTENED = "quote straightened"
#: Characters a lenient UTF-8 decoder made of a windows-1252 letter and the
#: bytes after it, whose high bits it dropped (:mod:`.lenient`).
LENIENT = "read by a lenient UTF-8 decoder"
#: The byte after the text's last lead byte, dropped by the reader where a
#: cut would leave the same bytes (``שלום`` read as windows-1252 ends with
#: the multiplication sign, D7: it lacks 9D), taken where the character it
#: makes closes a quotation or ends a known word (:mod:`.word_fills`).
LAST_DROPPED = "dropped at the end"
#: A letter whose case a program changed after the text was misread,
#: given back by its word (:mod:`.capitals`): a small letter inside a
#: word put in capitals (``FÃ©RIAS``), and a lead byte's letter put in
#: small letters (``intã©rieure``). The model has no weight for either.
CAPITAL = "put in capitals after the misreading"
SMALL = "put in small letters after the misreading"
#: The kind the model prices a guess of each kind as, where it has no weight
#: of its own: a folded lead, a box drawn in ASCII or a straightened quote
#: is, like ``?``, an ASCII stand-in for a lost byte; so is each byte a
#: lenient decoder ate; a byte dropped at the end is priced as the cut that
#: leaves the same bytes (the words tell them apart); a stripped C1 control
#: is a dropped byte. (A weight of its own, fitted alone on training's
#: ``latin1-stripped`` cases, came out at the dropped byte's, -2.5 to -2.2.)
PRICED_AS = {
    C1_STRIPPED: DROPPED,
    FOLDED: QUESTION_MARK,
    DRAWN: QUESTION_MARK,
    STRAIGHTENED: QUESTION_MARK,
    LENIENT: QUESTION_MARK,
    LAST_DROPPED: CUT,
}
#: A no-break space lost after its character, the space after it kept.
LOST_NBSP = "no-break space lost"
#: The byte a U+FFFD in the text stands for while the text is encoded (see search.py).
FFFD_STAND_IN = 0x00


@dataclass(frozen=True)
class Guess:
    """A lost byte and what was guessed there. ``start``/``end`` index the
    bytes being decoded (``start == end`` where a byte was dropped)."""

    start: int
    end: int
    what: str
    char: str
    alternatives: tuple[str, ...]
    #: Where ``char`` stands in the decoded text (set by :func:`.lost.decode_with_holes`).
    at_char: int = -1
