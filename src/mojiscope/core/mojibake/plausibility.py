# ruff: noqa: RUF001, RUF002 - prices of look-alike characters are the subject
"""How unlikely a text is as something a person wrote: the explainer's score.

:func:`cost` is a sum, lower for likelier text, of

* a price per character from a table over the code points: ASCII is free;
  letters real text uses often (``letters.py``) are cheap; signs and letters
  that mojibake is made of (``Ã``, ``Â``, ``¤``, ``˜``, C1 controls, U+FFFD,
  private use, rare Han and Hangul) are dear;
* a price per pair of neighbours that text rarely puts together: letters of
  two scripts inside one word (``Ð¿Ñ€``), a lower-case letter followed by a
  non-ASCII capital (``CafÃ©``), a letter followed by an odd sign
  (``Ã©``), two odd signs in a row (``â€™``);
* a price per word made mostly of accented letters (``ÑúåøüÿÐ``, cp1251
  read as Latin), which single letters cannot see.

Comparing two readings of the same bytes, the cheaper is the likelier; the
explainer turns the differences into confidences. Everything runs on numpy
arrays of code points, so a 4 KiB text costs well under a millisecond.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from mojiscope.core.mojibake.letters import (
    COMMON_LATIN,
    COMMON_SIGNS,
    LANGUAGE_LETTERS,
    TOP_HAN,
    TOP_HANGUL,
    TOUCH_LETTERS,
    common_cjk,
)

F32 = npt.NDArray[np.float32]
U8 = npt.NDArray[np.uint8]

# Scripts (0: not a letter of any script below).
LATIN, GREEK, CYRILLIC, HEBREW, ARABIC, THAI, CJK, HANGUL, OTHER = range(1, 10)
_SCRIPT_RANGES = (
    (0x0041, 0x024F, LATIN), (0x0250, 0x02AF, LATIN), (0x1E00, 0x1EFF, LATIN),
    (0x0370, 0x03FF, GREEK), (0x1F00, 0x1FFF, GREEK), (0x0400, 0x052F, CYRILLIC),
    (0x0590, 0x05FF, HEBREW), (0x0600, 0x06FF, ARABIC), (0x0750, 0x077F, ARABIC),
    (0xFB50, 0xFDFF, ARABIC), (0xFE70, 0xFEFF, ARABIC), (0x0E00, 0x0E7F, THAI),
    (0x3040, 0x30FF, CJK), (0x3400, 0x4DBF, CJK), (0x4E00, 0x9FFF, CJK), (0xF900, 0xFAFF, CJK),
    (0xAC00, 0xD7A3, HANGUL), (0x1100, 0x11FF, HANGUL), (0x3130, 0x318F, HANGUL),
)  # fmt: skip
#: Thai letters and signs that are obsolete or rare in text.
_RARE_THAI = "ฃฅฤฦฯฺ๏๚๛"
_RARE_CYRILLIC = "ЂЃѓЌЋЏђќћџЎўЅѕЈјЉЊљњ"
#: Combining accents decomposed (NFD) text uses: grave, acute, circumflex,
#: tilde, macron, breve, dot, diaeresis, ring, double acute, caron, cedilla, ogonek.
_USUAL_COMBINING = frozenset(
    (0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x30A, 0x30B, 0x30C, 0x327, 0x328)
)
_FREQUENT_CYRILLIC = "оеаинтсрвлкмдпуяызьбгчйєіїґ"
_SIGN_RANGES = (
    (0x2000, 0x206F, 1.0), (0x2190, 0x22FF, 1.2), (0x2500, 0x257F, 1.0), (0x2580, 0x259F, 2.5),
    (0x25A0, 0x25FF, 1.2), (0x2600, 0x27BF, 0.8), (0x3000, 0x303F, 0.5), (0xFF00, 0xFFEF, 0.6),
)  # fmt: skip
#: Letters mojibake is made of: lead bytes of UTF-8 read as cp1252 / latin-1.
_MARKERS = "ÃÂ"


def _letter_cost(char: str, script: int) -> float:
    code = ord(char)
    if script == LATIN:
        if code < 0x80:
            return 0.0
        if 0x250 <= code < 0x2B0:
            return 1.2  # IPA
        if char.lower() in COMMON_LATIN or char in COMMON_LATIN:
            return 0.5 if len(unicodedata.normalize("NFD", char)) > 1 else 0.45
        return 2.0 if code >= 0x180 else 1.5
    if script == GREEK:
        return (
            (0.4 if len(unicodedata.normalize("NFD", char)) == 1 else 0.6) if code < 0x3D0 else 1.5
        )
    if script == CYRILLIC:
        if code >= 0x460:
            return 3.0
        if char in _RARE_CYRILLIC:
            return 1.2
        return 0.4 if char.lower() in _FREQUENT_CYRILLIC else 0.8
    if char in _RARE_THAI:
        return 2.0
    if script in (HEBREW, ARABIC, THAI):
        return 2.0 if code >= 0xFB50 or 0x6A0 <= code <= 0x6FF or code == 0x640 else 0.4
    if script in (CJK, HANGUL):
        return 0.4 if 0x3040 <= code <= 0x30FF else 2.5  # Han and Hangul: adjusted per text
    return 1.0


def _char_cost(code: int, script: int) -> float:
    char = chr(code)
    category = unicodedata.category(char)
    if code < 0x80:
        return 0.0 if 0x20 <= code < 0x7F or char in "\t\n\r" else 6.0
    if char in _MARKERS:
        return 1.2
    if 0xFF61 <= code <= 0xFF9F:
        return 2.5  # half-width katakana: Shift_JIS single bytes, rare in text
    if category in ("Cc", "Co", "Cn", "Cs") or code == 0xFFFD:
        return 5.0 if code == 0xFFFD else 6.0
    if category.startswith("L"):
        return 2.5 if category == "Lm" and code < 0x300 else _letter_cost(char, script)
    if category.startswith("M"):
        if 0x300 <= code <= 0x36F:
            return 0.8 if code in _USUAL_COMBINING else 3.0
        return 0.5 if script in (HEBREW, ARABIC, THAI, OTHER) else 1.5
    if char in COMMON_SIGNS:
        return 0.4
    for lo, hi, price in _SIGN_RANGES:
        if lo <= code <= hi:
            return price
    if category == "Cf":
        return 3.0 if code == 0xFEFF else 1.5
    if category.startswith("Z"):
        return 1.0
    if category.startswith("N"):
        return 1.0
    return 2.5 if code < 0x100 else 1.5


def _script_of(code: int) -> int:
    for lo, hi, script in _SCRIPT_RANGES:
        if lo <= code <= hi:
            return script
    return OTHER


#: Blocks priced in bulk: Han and Hangul (adjusted per text), surrogates, private use.
_BULK = (
    (0x3400, 0x4DBF, CJK, 2.5), (0x4E00, 0x9FFF, CJK, 2.5), (0xAC00, 0xD7A3, HANGUL, 2.5),
    (0xD800, 0xF8FF, 0, 6.0),
)  # fmt: skip


def _looked_up() -> list[int]:
    """The code points not priced in bulk."""
    bulk = np.zeros(0x10000, bool)
    for lo, hi, _, _ in _BULK:
        bulk[lo : hi + 1] = True
    return [int(c) for c in np.flatnonzero(~bulk)]


# Flags: a combining mark; a non-ASCII sign that should not touch letters; a
# non-ASCII character that should not stand between two letters.
MARK, SIGN, INNER, FINAL = 1, 2, 4, 8
_MAY_JOIN_LETTERS = "’·‐‑\xad"
_HEBREW_FINALS = "ךםןףץ"


@cache
def _tables() -> tuple[F32, U8, U8, U8]:
    """Per BMP code point: price, script (0 when not a letter), case (1 lower,
    2 upper), flags (:data:`MARK`, :data:`SIGN`)."""
    price = np.zeros(0x10000, np.float32)
    script = np.zeros(0x10000, np.uint8)
    case = np.zeros(0x10000, np.uint8)
    flags = np.zeros(0x10000, np.uint8)
    for lo, hi, s, p in _BULK:
        script[lo : hi + 1], price[lo : hi + 1] = s, p
    for code in _looked_up():
        category = unicodedata.category(chr(code))
        letter = category[0] in "LM"
        s = _script_of(code) if letter else 0
        script[code] = s
        case[code] = 1 if category == "Ll" else 2 if category == "Lu" else 0
        price[code] = _char_cost(code, s if letter else _script_of(code))
        char = chr(code)
        if char in _HEBREW_FINALS:
            flags[code] = FINAL
        if category[0] == "M":
            flags[code] = MARK
        elif code >= 0x80 and not letter:
            flags[code] = INNER * (char not in _MAY_JOIN_LETTERS)
            if category[0] != "Z" and char not in TOUCH_LETTERS:
                flags[code] |= SIGN
    return price, script, case, flags


def code_points(text: str) -> npt.NDArray[np.uint32]:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)


@cache
def _cjk_price(char: str) -> float:
    if char in TOP_HAN or char in TOP_HANGUL:
        return 0.2
    return 0.9 if common_cjk(char) else 2.5


@lru_cache(maxsize=4096)
def isolated_price(char: str) -> float:
    """The price of one character with no neighbours."""
    code = ord(char)
    if 0x4E00 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7A3:
        return _cjk_price(char)
    if code > 0xFFFF:
        return 0.6 if 0x1F000 <= code <= 0x1FAFF else 2.5
    return float(_tables()[0][code])


def char_costs(text: str) -> F32:
    """The price of each character in context (see the module docstring)."""
    price_table, script_table, case_table, flag_table = _tables()
    cps = code_points(text)
    bmp = np.minimum(cps, 0xFFFF)
    price = price_table[bmp]  # fancy indexing copies
    script, flags, case = script_table[bmp], flag_table[bmp], case_table[bmp]
    highest = int(cps.max()) if len(cps) else 0
    if highest > 0xFFFF:
        astral = cps > 0xFFFF
        emoji = (cps >= 0x1F000) & (cps <= 0x1FAFF)
        price[astral] = np.where(emoji[astral], 0.6, 2.5)
        script[astral], flags[astral], case[astral] = 0, 0, 0
    if highest >= 0x4E00:
        han = ((cps >= 0x4E00) & (cps <= 0x9FFF)) | ((cps >= 0xAC00) & (cps <= 0xD7A3))
        if han.any():
            unique, where = np.unique(cps[han], return_inverse=True)
            adjusted = np.array([_cjk_price(chr(int(c))) for c in unique], np.float32)
            price[han] = adjusted[where]
    if len(cps) > 1:
        price[1:] += _pair_costs(cps, price, script, case, flags)
        price += _touch_costs(script, flags)
    price += _word_costs(cps, script)
    return price


def _pair_costs(cps: npt.NDArray[np.uint32], price: F32, script: U8, case: U8, flags: U8) -> F32:
    """Prices charged to the second character of each neighbouring pair."""
    left, right = script[:-1], script[1:]
    mixed = (left > 0) & (right > 0) & (left != right) & (left != OTHER) & (right != OTHER)
    lower_then_capital = (case[:-1] == 1) & (case[1:] == 2) & (cps[1:] >= 0x80)
    odd = (price >= 1.0) & (script == 0) & (cps >= 0x80)
    box = (cps >= 0x2500) & (cps <= 0x257F)
    odd_pair = odd[:-1] & odd[1:] & ~(box[:-1] & box[1:])  # a drawn line is no mojibake
    repeated = (cps[:-1] == cps[1:]) & (script[1:] > 0) & (cps[1:] >= 0x80)
    marker_alone = ((cps[:-1] == 0xC3) | (cps[:-1] == 0xC2)) & (script[1:] == 0)
    final_inside = (flags[:-1] & FINAL > 0) & (script[1:] == HEBREW)
    total = (
        3.0 * mixed + 2.0 * lower_then_capital + 1.0 * odd_pair + 1.5 * repeated
        + 1.5 * marker_alone + 2.0 * final_inside
    )  # fmt: skip
    return np.asarray(total, np.float32)


def _touch_costs(script: U8, flags: U8) -> F32:
    """A sign touching a letter (1.0 per side: ``Ã©t``, ``A√±o``); a
    combining mark after no letter (2.0)."""
    letter = script > 0
    sign = (flags & SIGN) > 0
    touches = np.zeros(len(script), np.float32)
    touches[1:] += sign[1:] & letter[:-1]
    touches[:-1] += sign[:-1] & letter[1:]
    if len(script) > 2:
        touches[1:-1] += 2.0 * (((flags[1:-1] & INNER) > 0) & letter[:-2] & letter[2:])
    orphan_mark = np.zeros(len(script), np.float32)
    orphan_mark[1:] = 2.0 * ((flags[1:] == MARK) & ~letter[:-1])
    orphan_mark[0] = 2.0 * (flags[0] == MARK)
    return np.asarray(touches + orphan_mark, np.float32)


def _word_costs(cps: npt.NDArray[np.uint32], script: U8) -> F32:
    """1.0 per accented Latin letter of a word whose letters are mostly accented."""
    extra = np.zeros(len(cps), np.float32)
    accented = (script == LATIN) & (cps >= 0x80)
    if accented.sum() < 3:
        return extra
    word = np.cumsum(script == 0)
    letters = np.bincount(word, weights=script > 0)
    marked = np.bincount(word, weights=accented)
    bad_word = (marked >= 3) & (marked * 2 > letters)
    extra[accented & bad_word[word]] = 1.0
    return extra


def _coherence(text: str) -> float:
    """2.0 per accented Latin letter that the language using most of the
    text's accented letters does not use, plus :func:`_minority_scripts`.
    Works on the distinct characters (``set``, ``str.count``): a text has few."""
    distinct = [c for c in set(text) if c >= "\x80"]
    if not distinct:
        return 0.0
    found: dict[str, int] = {}
    for char in distinct:
        if ("\xc0" <= char <= "\u024f" or "\u1e00" <= char <= "\u1eff") and char.isalpha():
            lower = char.lower() if len(char.lower()) == 1 else char
            found[lower] = found.get(lower, 0) + text.count(char)
    total = 0.0
    if found:
        vietnamese = any(c in "ơưđ" or "\u1ea0" <= c <= "\u1ef9" for c in found)
        languages = LANGUAGE_LETTERS if vietnamese else LANGUAGE_LETTERS[:-1]
        covered = max(sum(n for c, n in found.items() if c in letters) for letters in languages)
        total += 2.0 * (sum(found.values()) - covered)
    return total + _minority_scripts(text, distinct)


def _minority_scripts(text: str, distinct: list[str]) -> float:
    """:data:`MINORITY_PRICE` per non-ASCII letter outside the main script of the text's letters
    (ASCII letters count for the main script, never against it)."""
    script_table = _tables()[1]
    counts = [0] * (OTHER + 1)
    counts[LATIN] = len(text) - len(_NOT_ASCII_LETTERS.sub("", text))
    non_ascii = [0] * (OTHER + 1)
    for char in distinct:
        script = int(script_table[min(ord(char), 0xFFFF)]) if ord(char) <= 0xFFFF else 0
        if 0 < script < OTHER:
            n = text.count(char)
            counts[script] += n
            non_ascii[script] += n
    if counts[HANGUL]:
        counts[HANGUL] += counts[CJK]
    letters = sum(counts) - (counts[CJK] if counts[HANGUL] else 0)
    if letters == 0:
        return 0.0
    main = max(range(len(counts)), key=counts.__getitem__)
    minority = sum(
        n
        for script, n in enumerate(non_ascii)
        if script != main and not (main == HANGUL and script == CJK)
    )
    return MINORITY_PRICE * minority if minority * 4 < letters else 0.0


#: The price of a non-ASCII letter outside the text's main script.
MINORITY_PRICE = 2.0
_NOT_ASCII_LETTERS = re.compile("[^A-Za-z]+")


@lru_cache(maxsize=1024)
def cost(text: str) -> float:
    """How unlikely ``text`` is (0 for plain ASCII prose); see the module docstring."""
    if text.isascii():
        return float(sum(1 for c in text if c < " " and c not in "\t\n\r") * 6.0)
    return float(char_costs(text).sum()) + _coherence(text)
