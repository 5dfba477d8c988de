"""What programs write in ASCII for the characters a reader made, tables
per reader that the search's first undo guesses lost bytes by
(``lost.decode_with_holes``):

* :data:`FOLDED`: per ASCII stand-in, the lead bytes a reader reads as a
  character a program writes as that stand-in: ``A`` for windows-1252's
  ``Â`` and ``Ã`` whose accents a program stripped (``LegaA¯a``), ``+``
  and ``-`` for the box drawing cp437, cp850 and cp866 read leads as,
  which a program that draws boxes in ASCII writes so (``ge+»ntegreerd``);
* :data:`DRAWN`: per two ASCII characters, the characters whose lead and
  continuation byte a reader reads as box drawing drawn as those two
  (``ü`` read as cp437 is ``├╝``, then ``++``); :data:`DRAWN_ANYWHERE`
  joins every reader's, for ASCII text, which does not say its reader;
* :data:`QUOTES`: per straight quote, the continuation bytes a reader
  reads as a curly quote a program straightened (``ESPAÃ'OL``);
* :func:`drawn_spots` and :func:`drawn_in_ascii`: the pairs of
  :data:`DRAWN` inside a word of ASCII letters read back where a
  character makes a word the lists know (``Programaci+|n``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.features import fold
from mojiscope.core.mojibake.guess import DRAWN as DRAWN_KIND
from mojiscope.core.mojibake.guess import Guess
from mojiscope.core.mojibake.lexicon import completion_words
from mojiscope.core.mojibake.readers import MIXED_READER, MULTIBYTE_READERS, READERS


def _folded_leads(reader: str) -> dict[int, bytes]:
    """Per ASCII stand-in, the lead bytes ``reader`` reads as a character a
    program writes as that stand-in: ``A`` for an ``A`` with an accent
    (windows-1252's ``Â`` and ``Ã``, C2 and C3), which programs that strip
    accents write as ``A``; ``+`` for a box-drawing corner or cross, ``-``
    for a horizontal line (cp437's ``├`` and ``─``, C3 and C4), which
    programs that draw boxes in ASCII write so."""
    if reader == MIXED_READER or reader in MULTIBYTE_READERS:
        return {}
    codec = python_codec(reader)
    found: dict[int, list[int]] = {}
    for byte in range(0xC2, 0xE0):
        try:
            char = bytes([byte]).decode(codec)
        except UnicodeDecodeError:
            continue
        stand_in = _drawn_as(char) or (_accent_stripped(char) if byte <= 0xC3 else "")
        if stand_in:
            found.setdefault(ord(stand_in), []).append(byte)
    return {stand_in: bytes(leads) for stand_in, leads in found.items()}


def _accent_stripped(char: str) -> str:
    """``A`` for an ``A`` with an accent, else ""."""
    return "A" if char != "A" and unicodedata.normalize("NFKD", char)[0] == "A" else ""


def _drawn_as(char: str) -> str:
    """What a program that draws boxes in ASCII writes for a box-drawing
    character: ``-`` for a horizontal line and ``|`` for a vertical one
    (single or double), ``+`` for a corner or a cross; else ""."""
    line = unicodedata.name(char, "").removeprefix("BOX DRAWINGS ")
    if line == unicodedata.name(char, ""):
        return ""
    if line in ("LIGHT HORIZONTAL", "DOUBLE HORIZONTAL"):
        return "-"
    return "|" if line in ("LIGHT VERTICAL", "DOUBLE VERTICAL") else "+"


FOLDED = {reader: _folded_leads(reader) for reader in (*READERS, MIXED_READER, *MULTIBYTE_READERS)}


def _drawn_pairs(reader: str) -> dict[bytes, tuple[str, ...]]:
    """Per two ASCII characters, the characters of two bytes whose lead and
    continuation byte ``reader`` reads as box drawing that a program drew
    as those two (cp437 reads ``ü``, C3 BC, as ``├╝``: ``++``)."""
    found: dict[bytes, list[str]] = {}
    for stand_in, leads in FOLDED[reader].items():
        if stand_in == ord("A"):
            continue
        for byte in range(0x80, 0xC0):
            drawn = _drawn_as(bytes([byte]).decode(python_codec(reader), "replace"))
            if drawn in ("+", "|"):
                chars = (bytes([lead, byte]).decode() for lead in leads)
                found.setdefault(bytes([stand_in, ord(drawn)]), []).extend(chars)
    return {pair: tuple(chars) for pair, chars in found.items()}


DRAWN = {reader: _drawn_pairs(reader) for reader in FOLDED}


def _drawn_by_any() -> dict[bytes, tuple[str, ...]]:
    """Every reader's pairs drawn in ASCII together, each pair's characters
    in the readers' order (cp437's first), once each."""
    found: dict[bytes, dict[str, None]] = {}
    for pairs in DRAWN.values():
        for pair, chars in pairs.items():
            found.setdefault(pair, {}).update(dict.fromkeys(chars))
    return {pair: tuple(chars) for pair, chars in found.items()}


#: The pairs of text that is ASCII alone, which does not say which reader
#: drew them (:func:`drawn_in_ascii`).
DRAWN_ANYWHERE = _drawn_by_any()
#: The curly quotes a program that straightens quotes writes as ``'`` and ``"``.
_CURLY = {ord("'"): "\u2018\u2019", ord('"'): "\u201c\u201d"}


def _quote_bytes(reader: str) -> dict[int, bytes]:
    """Per straight quote, the continuation bytes (80-BF) ``reader`` reads
    as a curly quote it straightens to (windows-1252's 91 92 and 93 94)."""
    if reader == MIXED_READER or reader in MULTIBYTE_READERS:
        return {}
    codec = python_codec(reader)
    found: dict[int, bytes] = {}
    for quote, curly in _CURLY.items():
        stands = bytes(b for b in range(0x80, 0xC0) if bytes([b]).decode(codec, "replace") in curly)
        if stands:
            found[quote] = stands
    return found


QUOTES = {reader: _quote_bytes(reader) for reader in (*READERS, MIXED_READER, *MULTIBYTE_READERS)}


#: Two ASCII characters inside a word of ASCII letters, where a program that
#: draws boxes in ASCII may have drawn a lead byte and a continuation byte;
#: the letters around them.
_DRAWN_PAIR = re.compile(
    rb"(?<![A-Za-z\x80-\xff])([A-Za-z]+)([+\-][+|])([a-z]+)(?![A-Za-z\x80-\xff])"
)


def drawn_spots(
    raw: bytes, drawn: Mapping[bytes, tuple[str, ...]] | None
) -> dict[int, tuple[str, ...]]:
    """Where ``raw`` holds a pair of ``drawn``'s stand-ins inside a word of
    ASCII letters that one of the characters it may be makes a word the
    lists know (``Schl++ssel`` stays: ``a++b`` makes none), with those
    characters, the one making the commonest word first."""
    if not drawn:
        return {}
    places = completion_words()
    found = {}
    for match in _DRAWN_PAIR.finditer(raw):
        left, pair, right = (part.decode("ascii") for part in match.groups())
        words = {
            char: place
            for char in drawn.get(pair.encode("ascii"), ())
            if (place := places.get(fold(left + char + right))) is not None
        }
        if words:
            found[match.start(2)] = tuple(sorted(words, key=words.__getitem__))
    return found


def drawn_in_ascii(
    text: str, drawn: Mapping[bytes, tuple[str, ...]]
) -> tuple[str, tuple[Guess, ...]] | None:
    """ASCII ``text`` with each pair of stand-ins a program drew a character
    as (``drawn``: ``ist ung++ltig``, ``ü`` read by a DOS console as
    ``├╝``) read back where a character makes a known word (see
    :func:`drawn_spots`), a guess each; None where none is. No code page is
    asked to read back ASCII, so this reading stands beside the search."""
    raw = text.encode("ascii")
    spots = drawn_spots(raw, drawn)
    if not spots:
        return None
    pieces, guesses, pos = [], [], 0
    for at in sorted(spots):
        pieces.append(text[pos:at])
        chars = spots[at]
        guesses.append(Guess(at, at + 2, DRAWN_KIND, chars[0], chars[1:]))
        pieces.append(chars[0])
        pos = at + 2
    pieces.append(text[pos:])
    return "".join(pieces), tuple(guesses)
