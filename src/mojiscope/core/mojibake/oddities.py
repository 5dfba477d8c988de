# ruff: noqa: RUF001, RUF002 - look-alike characters are the subject
"""Characters damage leaves in text that no reading explains.

Some damage no chain undoes: Western text read through a DOS code page
(``ESPA╤OL``), mojibake whose bytes were folded or partly stripped
(``rÃⒸ``), Greek read for accented Latin (``Thιβtre``). The text as it is
then wins for want of a better reading, and "fine as it is" would be sure of
itself. What such text keeps is a few shapes that written text rarely has
and damage often leaves:

* a C1 control character (U+0080-U+009F), which no one types;
* a non-ASCII sign between two letters of a word (``ESPA╤OL``, ``LegaA¯a``),
  other than the dashes, quotes, apostrophes and middle dots words do hold;
* a non-ASCII capital right after a lower-case letter in a word (``QuÈbec``),
  except the Irish h-, n- and t- before a capital vowel (``na hÉireann``);
* a word mixing Latin, Greek and Cyrillic letters (``Thιβtre``; also a
  Cyrillic ``е`` slipped into a Latin word, which is correct text that is
  fair to doubt).

Correct text has them too (a message quoting mojibake, a gene name such as
``IL2Rγc``): an oddity is no repair, only a reason not to be sure. The
explainer claims at most ``explain.UNSURE_CONFIDENCE`` for the text as it
is when it holds one, and names each (:func:`oddities`). Scripts written
without spaces (Han, kana, Hangul) and their punctuation are never odd: a
word there runs across scripts and signs.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

#: What each oddity is, in words.
C1, SIGN, CAPITAL, SCRIPTS = (
    "a C1 control character",
    "a sign between two letters",
    "a capital after a lower-case letter",
    "a word mixing Latin, Greek and Cyrillic letters",
)

#: Letters of the scripts that separate words with spaces, by script.
_LATIN = "A-Za-zªºµÀ-ÖØ-öø-ɏḀ-ỿ"
_GREEK = "Ͱ-Ͽἀ-῿"
_CYRILLIC = "Ѐ-ԯ"
_LETTER = f"[{_LATIN}{_GREEK}{_CYRILLIC}]"
_SCRIPT_PATTERNS = tuple(re.compile(f"[{s}]") for s in (_LATIN, _GREEK, _CYRILLIC))
_WORD = re.compile(f"[{_LATIN}{_GREEK}{_CYRILLIC}\u0300-\u036f]+")
_BETWEEN = re.compile(rf"(?<={_LETTER})[^\x00-\x7f](?={_LETTER})")
_CAPITAL = re.compile(rf"(?<={_LETTER})[^\x00-\x7f](?<={_LETTER})")
#: Signs words hold: dashes (any ``Pd``), apostrophes and the quotes and
#: accents typed for them, the middle dot (Catalan ``l·l``), the ellipsis;
#: and U+FFFD, a lost letter (``lost_letters``), not an oddity.
_WORD_SIGNS = frozenset("’‘‛′´·…‧\ufffd")
#: An Irish initial mutation: h, n or t before a word's capital vowel.
_IRISH = re.compile(r"(?<![^\W\d_])[hnt]\Z")


@dataclass(frozen=True)
class Oddity:
    """Source bytes ``[start, end)`` of an oddity, and what it is."""

    start: int
    end: int
    what: str


def odd_places(text: str) -> list[tuple[int, int, str]]:
    """The oddities of ``text``, as character ranges, in order."""
    if text.isascii():
        return []
    found = [(m.start(), m.end(), C1) for m in re.finditer("[\x80-\x9f]+", text)]
    for match in _BETWEEN.finditer(text):
        char = match.group()
        category = unicodedata.category(char)
        if category[0] in "SP" and category != "Pd" and char not in _WORD_SIGNS:
            found.append((match.start(), match.end(), SIGN))
    for match in _CAPITAL.finditer(text):
        char = match.group()
        at = match.start()
        if not char.isupper() or not text[at - 1].islower():
            continue
        if char in "ÁÉÍÓÚ" and _IRISH.search(text, 0, at):
            continue
        found.append((at, match.end(), CAPITAL))
    for match in _WORD.finditer(text):
        word = match.group()
        if not word.isascii() and sum(1 for p in _SCRIPT_PATTERNS if p.search(word)) > 1:
            found.append((match.start(), match.end(), SCRIPTS))
    return sorted(found)


def oddities(data: bytes) -> tuple[Oddity, ...]:
    """The oddities of ``data`` read as UTF-8, as byte ranges, in order
    (bytes that are no UTF-8 are none: each reads as a lone surrogate)."""
    text = data.decode("utf-8", "surrogateescape")
    found = []
    char = at = 0  # the last oddity's start, in characters and in bytes
    for start, end, what in odd_places(text):
        at += len(text[char:start].encode("utf-8", "surrogateescape"))
        char = start
        size = len(text[start:end].encode("utf-8", "surrogateescape"))
        found.append(Oddity(at, at + size, what))
    return tuple(found)
