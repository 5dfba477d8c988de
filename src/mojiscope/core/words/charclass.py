"""What kind of code point is this? Classes every view and the inspector share.

A code point's *classes* are properties of the text, not of any format:
core decides which classes a character belongs to, and the app decides how to
draw each class (a control picture, a dotted box, a warning colour). A code
point may be in several classes (U+0009 is a ``c0-control`` and
``whitespace``; U+EF80 is ``private-use`` and ``xtf8-escape``) or in none
(``A``).

The classes, and where each boundary was drawn:

``c0-control``
    U+0000..U+001F and U+007F DELETE (category Cc, ASCII range).
``c1-control``
    U+0080..U+009F (category Cc, Latin-1 range). Their presence in decoded
    text is the classic sign of cp1252 bytes read as Latin-1.
``noncharacter``
    U+FDD0..U+FDEF and the last two code points of every plane (U+xxFFFE,
    U+xxFFFF): 66 in all, permanently reserved for internal use.
``private-use``
    Category Co: U+E000..U+F8FF and planes 15 and 16 (but U+xxFFFE/F).
``xtf8-escape``
    U+EF80..U+EFFF, the private-use characters XTF-8 uses to carry
    ill-formed bytes. Also ``private-use``.
``surrogate``
    U+D800..U+DFFF (category Cs): only escapes (UTF-8b) and WTF formats put
    them in a ``str``.
``bidi-control``
    The explicit directional formatting characters that Trojan Source
    (CVE-2021-42574) abuses: U+061C, U+200E, U+200F, U+202A..U+202E and
    U+2066..U+2069 (exactly Unicode's Bidi_Control property).
``invisible``
    Characters that draw nothing but change the text: every format character
    (category Cf: zero-width space and joiners, word joiner, soft hyphen,
    Mongolian vowel separator, tags, invisible operators...) except the bidi
    controls, the BOM and the *prepended concatenation marks* (U+0600 ARABIC
    NUMBER SIGN and its kin, which are Cf but visible); plus the Hangul
    fillers U+115F, U+1160, U+3164 and U+FFA0, letters (Lo) that render as
    nothing and are a known way to make "blank" names.
``combining``
    Categories Mn, Mc and Me: marks that attach to the character before them
    (variation selectors and U+034F COMBINING GRAPHEME JOINER included).
``unassigned``
    Category Cn that is not a noncharacter: reserved for future versions of
    Unicode. Depends on :data:`UNICODE_VERSION`.
``whitespace``
    Unicode's White_Space property except U+0020 SPACE: categories Zs, Zl and
    Zp plus the controls U+0009..U+000D and U+0085. Note that
    ``str.isspace()`` also counts the information separators U+001C..U+001F;
    White_Space does not, so neither do we (they are ``c0-control`` only).
``bom``
    U+FEFF, byte order mark / zero width no-break space. Kept apart from
    ``invisible`` because at offset 0 it is a signature, not content.
``replacement``
    U+FFFD, which a decoder writes where bytes were ill-formed.

The Unicode Character Database comes from ``unicodedata2`` when it is
installed and newer than the interpreter's own ``unicodedata`` (chosen once,
at import; :data:`UNICODE_VERSION` says which version answered), so answers
do not change with the Python version a user happens to run.
"""

from __future__ import annotations

import enum
import functools
import importlib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import NamedTuple, Protocol, cast

__all__ = [
    "BIDI_CONTROLS",
    "CLASS_WORDS",
    "HANGUL_FILLERS",
    "MAX_CODE_POINT",
    "PREPENDED_CONCATENATION_MARKS",
    "UNICODE_VERSION",
    "WHITESPACE_CONTROLS",
    "XTF8_ESCAPES",
    "CharClass",
    "CharInfo",
    "char_name",
    "classify",
    "describe",
    "general_category",
    "is_noncharacter",
]


class _UnicodeData(Protocol):
    """The part of the ``unicodedata`` interface this module uses."""

    unidata_version: str

    def category(self, char: str, /) -> str: ...

    def name(self, char: str, default: str, /) -> str: ...


def _version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def _choose_unicode_data() -> _UnicodeData:
    stdlib = cast(_UnicodeData, unicodedata)
    try:
        backport = cast(_UnicodeData, importlib.import_module("unicodedata2"))
    except ImportError:
        return stdlib
    if _version_tuple(backport.unidata_version) > _version_tuple(stdlib.unidata_version):
        return backport
    return stdlib


_UCD = _choose_unicode_data()
UNICODE_VERSION: str = _UCD.unidata_version
"""The Unicode version whose data answers every question in this module."""

MAX_CODE_POINT = 0x10FFFF


class CharClass(enum.StrEnum):
    """A class of code points; the values are the names used in CLI JSON and the GUI."""

    C0_CONTROL = "c0-control"
    C1_CONTROL = "c1-control"
    NONCHARACTER = "noncharacter"
    PRIVATE_USE = "private-use"
    XTF8_ESCAPE = "xtf8-escape"
    SURROGATE = "surrogate"
    BIDI_CONTROL = "bidi-control"
    INVISIBLE = "invisible"
    COMBINING = "combining"
    UNASSIGNED = "unassigned"
    WHITESPACE = "whitespace"
    BOM = "bom"
    REPLACEMENT = "replacement"


CLASS_WORDS: Mapping[CharClass, str] = {
    CharClass.C0_CONTROL: "C0 control character",
    CharClass.C1_CONTROL: "C1 control character (often cp1252 text read as Latin-1)",
    CharClass.NONCHARACTER: "noncharacter, reserved for internal use",
    CharClass.PRIVATE_USE: "private-use character, meaning agreed privately",
    CharClass.XTF8_ESCAPE: "XTF-8 escape: stands for one ill-formed byte",
    CharClass.SURROGATE: "lone surrogate, not a Unicode scalar value",
    CharClass.BIDI_CONTROL: "bidirectional control, can reorder how text displays",
    CharClass.INVISIBLE: "invisible character, draws nothing",
    CharClass.COMBINING: "combining mark, attaches to the character before it",
    CharClass.UNASSIGNED: f"unassigned in Unicode {UNICODE_VERSION}",
    CharClass.WHITESPACE: "whitespace other than SPACE",
    CharClass.BOM: "byte order mark / zero width no-break space",
    CharClass.REPLACEMENT: "replacement character, stands for bytes that did not decode",
}
"""One phrase per class, for legends and the inspector."""


class CharInfo(NamedTuple):
    """Everything the inspector shows about one code point."""

    cp: int
    name: str
    category: str
    classes: frozenset[CharClass]


BIDI_CONTROLS = frozenset(
    [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202E + 1), *range(0x2066, 0x2069 + 1)]
)
"""Unicode's Bidi_Control property: the Trojan Source characters."""

HANGUL_FILLERS = frozenset([0x115F, 0x1160, 0x3164, 0xFFA0])
"""Letters (Lo) that render as nothing; counted as ``invisible``."""

PREPENDED_CONCATENATION_MARKS = frozenset(
    [*range(0x0600, 0x0605 + 1), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD]
)
"""Unicode's Prepended_Concatenation_Mark: format characters (Cf) that are visible."""

WHITESPACE_CONTROLS = frozenset([*range(0x0009, 0x000D + 1), 0x0085])
"""The controls in Unicode's White_Space property."""

XTF8_ESCAPES = range(0xEF80, 0xEFFF + 1)

BOM = 0xFEFF
REPLACEMENT_CHARACTER = 0xFFFD

_SEPARATOR_CATEGORIES = frozenset(["Zs", "Zl", "Zp"])
_MARK_CATEGORIES = frozenset(["Mn", "Mc", "Me"])

# Code point labels (Unicode 4.8, "Name Derivation Rule Prefix" NR2 aside) for
# characters that have no name.
_LABEL_BY_CATEGORY = {"Cc": "control", "Co": "private-use", "Cs": "surrogate"}

# Ranges whose names the Unicode standard derives as PREFIX + code point (NR2).
# Only consulted when the chosen unicodedata module has no name (the stdlib of
# older Pythons lacks some, such as Tangut).
_DERIVED_NAME_RANGES = (
    (0x3400, 0x4DBF, "CJK UNIFIED IDEOGRAPH-"),
    (0x4E00, 0x9FFF, "CJK UNIFIED IDEOGRAPH-"),
    (0x20000, 0x3FFFF, "CJK UNIFIED IDEOGRAPH-"),
    (0x13460, 0x143FF, "EGYPTIAN HIEROGLYPH-"),
    (0x17000, 0x187FF, "TANGUT IDEOGRAPH-"),
    (0x18D00, 0x18D7F, "TANGUT IDEOGRAPH-"),
    (0x18B00, 0x18CFF, "KHITAN SMALL SCRIPT CHARACTER-"),
    (0x1B170, 0x1B2FF, "NUSHU CHARACTER-"),
)

_NO_CLASSES: frozenset[CharClass] = frozenset()
_interned: dict[frozenset[CharClass], frozenset[CharClass]] = {}


def _check(cp: int) -> str:
    if not 0 <= cp <= MAX_CODE_POINT:
        raise ValueError(f"not a code point: {cp:#x}")
    return chr(cp)


def regex_ranges(chars: Iterable[str]) -> str:
    """The inside of a regular-expression character class (no brackets)
    matching exactly ``chars``: each run of consecutive code points as one
    range (``a-z``), so tens of thousands of characters (a code page's) are
    a few hundred ranges, which the ``re`` module holds in little memory."""
    ranges: list[tuple[int, int]] = []
    for cp in sorted(map(ord, chars)):
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1] = (ranges[-1][0], cp)
        else:
            ranges.append((cp, cp))
    return "".join(
        re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
        for a, b in ranges
    )


def is_noncharacter(cp: int) -> bool:
    """U+FDD0..U+FDEF or the last two code points of a plane."""
    return 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE


def general_category(cp: int) -> str:
    """The two-letter Unicode general category (``Lu``, ``Cn``...)."""
    return _UCD.category(_check(cp))


@functools.lru_cache(maxsize=1 << 16)
def classify(cp: int) -> frozenset[CharClass]:
    """Every class ``cp`` belongs to (often none). Cached: call it per character freely."""
    if 0x20 < cp < 0x7F:
        return _NO_CLASSES
    category = _UCD.category(_check(cp))
    classes: set[CharClass] = set()
    if category == "Cc":
        classes.add(CharClass.C0_CONTROL if cp < 0x80 else CharClass.C1_CONTROL)
    elif category == "Co":
        classes.add(CharClass.PRIVATE_USE)
        if cp in XTF8_ESCAPES:
            classes.add(CharClass.XTF8_ESCAPE)
    elif category == "Cs":
        classes.add(CharClass.SURROGATE)
    elif category == "Cn":
        classes.add(CharClass.NONCHARACTER if is_noncharacter(cp) else CharClass.UNASSIGNED)
    elif category in _MARK_CATEGORIES:
        classes.add(CharClass.COMBINING)
    elif cp in BIDI_CONTROLS:
        classes.add(CharClass.BIDI_CONTROL)
    elif cp == BOM:
        classes.add(CharClass.BOM)
    elif cp == REPLACEMENT_CHARACTER:
        classes.add(CharClass.REPLACEMENT)
    elif (category == "Cf" and cp not in PREPENDED_CONCATENATION_MARKS) or cp in HANGUL_FILLERS:
        classes.add(CharClass.INVISIBLE)
    if cp != 0x20 and (category in _SEPARATOR_CATEGORIES or cp in WHITESPACE_CONTROLS):
        classes.add(CharClass.WHITESPACE)
    result = frozenset(classes)
    return _interned.setdefault(result, result)


def char_name(cp: int) -> str:
    """The character's Unicode name, or its code point label if it has none.

    Labels follow the Unicode standard (section 4.8): ``<control-0085>``,
    ``<private-use-E000>``, ``<surrogate-D800>``, ``<noncharacter-FFFE>``,
    ``<reserved-0378>``.
    """
    char = _check(cp)
    name = _UCD.name(char, "")
    if name:
        return name
    category = _UCD.category(char)
    if category == "Cn":
        kind = "noncharacter" if is_noncharacter(cp) else "reserved"
    elif category in _LABEL_BY_CATEGORY:
        kind = _LABEL_BY_CATEGORY[category]
    else:
        for first, last, prefix in _DERIVED_NAME_RANGES:
            if first <= cp <= last:
                return f"{prefix}{cp:04X}"
        kind = "unnamed"
    return f"<{kind}-{cp:04X}>"


def describe(cp: int) -> CharInfo:
    """Name, general category and classes of ``cp``, for the inspector."""
    return CharInfo(cp, char_name(cp), general_category(cp), classify(cp))
