# ruff: noqa: RUF001, RUF002 - look-alike characters are the subject
"""What the plausibility model sees of a candidate reading: a vector of counts.

Of the text (:func:`text_features`):

* how many characters of each class (:data:`CLASSES`: ASCII letters, common
  and rare accented Latin, Latin-1 capitals, Greek, Cyrillic, Han common and
  rare, C1 controls, U+FFFD, bytes that are no UTF-8, private use, signs of
  several kinds...);
* how many neighbouring pairs of each two classes (``Ã`` then ``©`` is a
  Latin-1 capital then a Latin-1 sign);
* words: holding a non-ASCII letter and known to a language
  (``lexicon.known_words``) or not, and held by its longer lists of rarer
  words too (``lexicon.completion_words``: ``kısıtlı``, Latin script;
  ``lexicon.fill_words``: ``изображения``, other alphabets) or not; mixing
  two scripts; a lower-case letter before a non-ASCII capital; letter
  pairs the languages' words hold or not;
* the text as a whole: accented letters no one language uses together, letters
  outside the text's main script, its length, and box-drawing characters of
  mixed shapes side by side (a frame joins corners to rules; cp437 mojibake
  strings shapes together), and non-ASCII signs between two letters of a
  word (``ESPA╤OL``, ``Schl¸ssel``; ``oddities.signs_between_letters``),
  and neighbouring Han characters that Chinese or Japanese words hold as a
  pair (``你好``: ``lexicon.han_pairs``), and runs of UTF-8 bytes as
  mac-roman reads them (``‚Äô``, ``√©``: ``runs.mac_roman_runs``; the
  windows-1252 and latin-1 runs are counted with their characters).

Of the chain: ``chain_features.py``. Of a repair beside the text as it is:
the words it duplicates and the quotations it changes (:func:`duplicates`,
:func:`quoted`). :data:`NAMES` names the whole vector, text first. The
weights of all of these are fitted (``model.py``); nothing here is a price.

:func:`local_scores` gives the weighted sum of the per-character and per-word
terms for each line of a text in one pass, for the per-line chooser.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from functools import cache, lru_cache
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from mojiscope.core.mojibake.chain import Chain
from mojiscope.core.mojibake.chain_features import CHAIN_FEATURES, chain_features
from mojiscope.core.mojibake.lexicon import (
    HAN,
    common_han,
    common_hangul,
    common_symbols,
    completion_words,
    fill_place,
    han_pairs,
    known_bigrams,
    known_in_capitals,
    known_words,
    language_letters,
    latin_letters,
)
from mojiscope.core.mojibake.oddities import signs_between_letters
from mojiscope.core.mojibake.runs import mac_roman_runs, utf8_runs
from mojiscope.core.mojibake.table import sniff_table

F64 = npt.NDArray[np.float64]
U8 = npt.NDArray[np.uint8]

CLASSES = (
    "ascii-letter", "digit", "space", "ascii-punct", "control", "latin", "latin-rare",
    "latin1-capital", "greek", "cyrillic", "cyrillic-rare", "hebrew", "arabic", "thai",
    "kana", "han", "han-rare", "hangul", "hangul-rare", "halfwidth-kana", "c1", "fffd",
    "invalid", "private", "surrogate", "mark", "sign", "latin1-sign", "box", "math", "symbol",
    "symbol-rare", "nbsp", "cjk-punct", "other-letter", "other", "modifier",
)  # fmt: skip
K = len(CLASSES)
_C = {name: i for i, name in enumerate(CLASSES)}
#: The scripts of :func:`script` that words write without spaces between
#: them (Chinese and Japanese: Han and kana, one script) or with their
#: particles (Korean: Hangul).
HAN_KANA, HANGUL = 7, 8
#: Scripts, for mixed-script words (0: none).
_SCRIPTS = ((0x41, 0x24F, 1), (0x1E00, 0x1EFF, 1), (0x370, 0x3FF, 2), (0x1F00, 0x1FFF, 2),
            (0x400, 0x52F, 3), (0x590, 0x5FF, 4), (0x600, 0x6FF, 5), (0xE00, 0xE7F, 6),
            (0x3040, 0x30FF, HAN_KANA), (0x3400, 0x9FFF, HAN_KANA),
            (0xAC00, 0xD7A3, HANGUL))  # fmt: skip
#: The astral emoji, which :func:`classes_of` counts as symbols.
_EMOJI_START, _EMOJI_END = 0x1F000, 0x1FAFF
#: The symbols and dingbats, and the astral emoji: common ones
#: (``lexicon.common_symbols``) are the class "symbol", others "symbol-rare".
SYMBOL_RANGES = ((0x2600, 0x27BF), (_EMOJI_START, _EMOJI_END))

#: The signs prose writes (the class "sign"; others beyond ASCII are rarer).
COMMON_SIGNS = frozenset("–—‘’‚“”„•…€£¥©®°±·«»¡¿§½¼¾×′″№™‹›¢")
_RARE_CYRILLIC = frozenset("ЂЃѓЌЋЏђќћџЎўЅѕЈјЉЊљњ")


#: What :func:`scored_text` puts for each maximal invalid subpart of bytes
#: that are no UTF-8 (a noncharacter no text holds, class "invalid").
INVALID = "\ufffe"


_INVALID_HANDLER = "mojiscope-invalid-mark"


def _as_invalid(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeDecodeError)
    return INVALID, error.end


codecs.register_error(_INVALID_HANDLER, _as_invalid)


def scored_text(data: bytes) -> str:
    """``data`` as UTF-8 reads it, for the model to score: each maximal
    invalid subpart (the one U+FFFD a UTF-8 decoder would show) is
    :data:`INVALID`, so a byte that is no UTF-8 is not priced as a U+FFFD
    the text holds (a reader that lost a letter and wrote U+FFFD in its
    place)."""
    return data.decode("utf-8", _INVALID_HANDLER)


def in_prose(char: str) -> bool:
    """Whether ``char`` is what prose beyond ASCII is made of: a letter, a
    mark, one of :data:`COMMON_SIGNS`, or a symbol or emoji
    (:func:`is_symbol`)."""
    return (
        char.isalpha()
        or unicodedata.category(char)[0] == "M"
        or char in COMMON_SIGNS
        or is_symbol(char)
    )


def is_symbol(char: str) -> bool:
    """Whether ``char`` lies in :data:`SYMBOL_RANGES`."""
    return any(lo <= ord(char) <= hi for lo, hi in SYMBOL_RANGES)


WORD_FEATURES = (
    "word-known", "word-unknown", "word-mixed-scripts", "lower-then-capital",
    "bigram-known", "bigram-unknown", "word-listed",
)  # fmt: skip
TEXT_FEATURES = (
    "letters-no-language-uses", "minority-script-letters", "length", "repeated-words",
    "utf8-runs", "utf8-run-characters", "box-shapes-mixed", "signs-in-words",
    "han-pairs-known", "mac-roman-runs",
)  # fmt: skip
LOCAL = K + K * K + len(WORD_FEATURES)
#: Where each word feature stands in the vector.
WORD_INDEX = {name: K + K * K + i for i, name in enumerate(WORD_FEATURES)}
TEXT_SIZE = LOCAL + len(TEXT_FEATURES)


def _members(chars: frozenset[str]) -> npt.NDArray[np.bool_]:
    """Per code point below U+10000: whether it is one of ``chars``."""
    found = np.zeros(0x10000, bool)
    found[[ord(c) for c in chars if len(c) == 1 and ord(c) <= 0xFFFF]] = True
    return found


@cache
def _tables() -> tuple[U8, U8]:
    """Per code point below U+10000: its class and its script (built a rule
    at a time over every code point at once).

    A code point's class is that of the first rule it meets: ASCII letters,
    digits, spaces (space, TAB, LF, CR), controls and punctuation; the
    no-break space; U+FFFD; :data:`INVALID`; C1 controls; surrogates;
    private use, unassigned and other controls; half-width katakana; marks;
    modifier letters (``Lm`` and U+02B0-U+02FF); then letters by script: a
    Latin-1 capital, Latin the frequent words use
    (``lexicon.latin_letters``) or not, Greek, Cyrillic (rare beyond U+045F
    and for :data:`_RARE_CYRILLIC`), Hebrew, Arabic, Thai, kana, Han and
    Hangul (common or rare), any other letter; then the signs of
    :data:`COMMON_SIGNS`, other Latin-1 signs, box drawing, mathematical
    signs and arrows, symbols and dingbats (common, by
    ``lexicon.common_symbols``, or rare), CJK punctuation and full-width
    forms; anything else is "other"."""
    chars = [chr(code) for code in range(0x10000)]
    code = np.arange(0x10000)
    category = np.frombuffer("".join(map(unicodedata.category, chars)).encode("ascii"), "S2")
    major = category.view(np.uint8)[::2]

    def each(test: Callable[[str], bool]) -> npt.NDArray[np.bool_]:
        return np.fromiter(map(test, chars), bool, len(chars))

    def within(*ranges: tuple[int, int]) -> npt.NDArray[np.bool_]:
        found = np.zeros(0x10000, bool)
        for lo, hi in ranges:
            found[lo : hi + 1] = True
        return found

    alpha = each(str.isalpha)
    ascii_ = code < 0x80
    letter = major == ord("L")
    latin = within((0, 0x24F), (0x1E00, 0x1EFF))
    cyrillic = within((0x400, 0x52F))
    han = within((0x3400, 0x9FFF), (0xF900, 0xFAFF))
    hangul = within((0xAC00, 0xD7A3))
    rules = (
        (ascii_ & alpha, "ascii-letter"),
        (ascii_ & each(str.isdigit), "digit"),
        (ascii_ & _members(frozenset(" \t\n\r")), "space"),
        (ascii_ & (category == b"Cc"), "control"),
        (ascii_, "ascii-punct"),
        (code == 0xA0, "nbsp"),
        (code == 0xFFFD, "fffd"),
        (code == ord(INVALID), "invalid"),
        (within((0x80, 0x9F)), "c1"),
        (category == b"Cs", "surrogate"),
        (np.isin(category, [b"Co", b"Cn", b"Cc"]), "private"),
        (within((0xFF61, 0xFF9F)), "halfwidth-kana"),
        (major == ord("M"), "mark"),
        ((category == b"Lm") | within((0x2B0, 0x2FF)), "modifier"),
        (letter & within((0xC0, 0xDE)) & each(str.isupper), "latin1-capital"),
        (letter & latin & _members(latin_letters()), "latin"),
        (letter & latin, "latin-rare"),
        (letter & within((0x370, 0x3FF), (0x1F00, 0x1FFF)), "greek"),
        (letter & cyrillic & ((code >= 0x460) | _members(_RARE_CYRILLIC)), "cyrillic-rare"),
        (letter & cyrillic, "cyrillic"),
        (letter & within((0x590, 0x5FF)), "hebrew"),
        (letter & within((0x600, 0x6FF), (0xFB50, 0xFEFF)), "arabic"),
        (letter & within((0xE00, 0xE7F)), "thai"),
        (letter & within((0x3040, 0x30FF)), "kana"),
        (letter & han & _members(common_han()), "han"),
        (letter & han, "han-rare"),
        (letter & hangul & _members(common_hangul()), "hangul"),
        (letter & hangul, "hangul-rare"),
        (letter, "other-letter"),
        (_members(COMMON_SIGNS), "sign"),
        (code < 0x100, "latin1-sign"),
        (within((0x2500, 0x259F)), "box"),
        (within((0x2190, 0x23FF), (0x2A00, 0x2AFF)), "math"),
        (within(SYMBOL_RANGES[0]) & _members(common_symbols()), "symbol"),
        (within(SYMBOL_RANGES[0]), "symbol-rare"),
        (within((0x3000, 0x303F), (0xFF00, 0xFFEF)), "cjk-punct"),
    )
    classes = np.full(0x10000, _C["other"], np.uint8)
    for mask, name in reversed(rules):  # the first rule a code point meets is written last
        classes[mask] = _C[name]
    scripts = np.zeros(0x10000, np.uint8)
    for lo, hi, script in _SCRIPTS:
        scripts[lo : hi + 1] = script
    scripts[~alpha] = 0
    return classes, scripts


def classes_of(text: str) -> U8:
    """Each character's class (an index into :data:`CLASSES`)."""
    cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    classes = _tables()[0][np.minimum(cps, 0xFFFF)]
    if len(cps) and int(cps.max()) > 0xFFFF:
        astral = cps > 0xFFFF
        emoji = (cps >= _EMOJI_START) & (cps <= _EMOJI_END)
        common = np.isin(cps, _astral_symbols())
        kind = np.where(common, _C["symbol"], _C["symbol-rare"])
        classes[astral] = np.where(emoji[astral], kind[astral], _C["other"])
    return classes


@cache
def _astral_symbols() -> npt.NDArray[np.uint32]:
    """The code points of the common symbols beyond U+FFFF (emoji)."""
    return np.array(sorted(ord(c) for c in common_symbols() if ord(c) > 0xFFFF), np.uint32)


@cache
def _class_sizes() -> npt.NDArray[np.int64]:
    sizes = np.bincount(_tables()[0], minlength=K)
    # The astral emoji :func:`classes_of` adds.
    common = len(_astral_symbols())
    sizes[_C["symbol"]] += common
    sizes[_C["symbol-rare"]] += _EMOJI_END - _EMOJI_START + 1 - common
    return sizes


@lru_cache(maxsize=4096)
def class_size(char: str) -> int:
    """How many characters share ``char``'s class (a class's probability
    spread evenly over them is each one's)."""
    return int(_class_sizes()[classes_of(char)[0]])


#: A word: a run of letters (no digit, no ``_``). The one pattern every
#: module here finds words with.
WORD = re.compile(r"[^\W\d_]+")


@cache
def _token_chars() -> npt.NDArray[np.bool_]:
    """Per code point below U+10000 above 7F: whether :data:`WORD` takes it."""
    chars = "".join(map(chr, range(0x10000)))
    table = np.zeros(0x10000, bool)
    for match in WORD.finditer(chars):
        table[match.start() : match.end()] = True
    table[:0x80] = False
    return table


def token_bound(text: str) -> int:
    """A number never below how many tokens holding a non-ASCII character
    the text has (:func:`tokens`, counted with repeats): the runs of
    non-ASCII token characters, each inside one token and every such token
    holding one. Exact (the tokens counted) for text beyond U+FFFF."""
    cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    if len(cps) and int(cps.max()) > 0xFFFF:
        return len(tokens(text))
    inside = _token_chars()[cps]
    return int(np.count_nonzero(inside[1:] & ~inside[:-1])) + int(len(inside) > 0 and inside[0])


def script(char: str) -> int:
    """The script of letter ``char`` (:data:`_SCRIPTS`; 0: none, or no letter)."""
    code = ord(char)
    return int(_tables()[1][code]) if code <= 0xFFFF else 0


#: ``ß`` at a word's start or after a consonant: German writes it only after
#: a vowel (``Straße``, ``heißen``, ``Fuß``).
_MISPLACED_SHARP_S = re.compile("(?:^|[^aeiouyäöüAEIOUYÄÖÜ])[ßẞ]")


def _word_terms(token: str) -> tuple[int, int, int, int, int, int, int]:
    """The word features of one token holding a non-ASCII letter: known or
    unknown, the rest, and whether it is known or a rarer word the longer
    lists hold (listed)."""
    lower = fold(token)
    # The lists hold only non-ASCII words: one that folds to ASCII (``ß`` is
    # ``ss``) counts as known, unless it holds ``ß`` where German never
    # writes it (``fßr``, ``ßzenet``: ``ü`` read through cp1250).
    known = (
        lower in known_words()
        or (lower.isascii() and not _MISPLACED_SHARP_S.search(token))
        or (token.isupper() and known_in_capitals(lower))
    )
    listed = known or lower in completion_words() or fill_place(lower) is not None
    scripts = {script(c) for c in token} - {0}
    capital = sum(1 for a, b in pairwise(token) if a.islower() and b.isupper() and b >= "\x80")
    marked = f"^{lower}$"
    bigrams = known_bigrams()
    pairs = [
        a + b
        for a, b in pairwise(marked)
        if (a >= "\x80" or b >= "\x80") and not (script(a) == HAN_KANA == script(b))
    ]
    seen = sum(1 for pair in pairs if pair in bigrams)
    return (
        int(known),
        int(not known),
        int(len(scripts) > 1),
        capital,
        seen,
        len(pairs) - seen,
        int(listed),
    )


def fold(word: str) -> str:
    """A word as wordfreq's lists hold it: casefolded (``straße`` is
    ``strasse``), Turkish ``İ`` as ``i`` (``İstanbul`` is ``istanbul``, not
    ``i`` and a combining dot)."""
    return word.replace("İ", "i").casefold()


@lru_cache(maxsize=8192)
def token_terms(token: str) -> tuple[int, int, int, int, int, int, int]:
    """A token's :data:`WORD_FEATURES`, in their order (kept per token)."""
    return _word_terms(token)


@lru_cache(maxsize=4096)
def tokens(text: str) -> tuple[str, ...]:
    """The tokens (:data:`WORD`) that hold a non-ASCII letter (kept for the
    few texts in use: a reading's features, its words and its duplicates
    all read them)."""
    return () if text.isascii() else tuple(t for t in WORD.findall(text) if not t.isascii())


@lru_cache(maxsize=1024)
def _token_counts(text: str) -> Counter[str]:
    """How often each of the text's :func:`tokens` occurs."""
    return Counter(tokens(text))


def _local(text: str, classes: U8) -> F64:
    out = np.zeros(LOCAL, np.float64)
    out[:K] = np.bincount(classes, minlength=K)
    if len(classes) > 1:
        pairs = classes[:-1].astype(np.int64) * K + classes[1:]
        out[K : K + K * K] = np.bincount(pairs, minlength=K * K)
    # The word terms are whole numbers: summed per distinct token, they add
    # up to exactly what adding them token by token gives.
    words = [0] * len(WORD_FEATURES)
    for token, count in _token_counts(text).items():
        for i, term in enumerate(token_terms(token)):
            words[i] += term * count
    out[K + K * K :] += words
    return out


def letters_no_language_uses(text: str) -> float:
    """Accented Latin letters (occurrences) the best-fitting language does not use."""
    found: dict[str, int] = {}
    for char in {c for c in set(text) if c >= "\xc0"}:
        if ("\xc0" <= char <= "\u024f" or "\u1e00" <= char <= "\u1eff") and char.isalpha():
            lower = char.casefold()
            if len(lower) == 1 and lower >= "\x80":  # "ß" folds to "ss", as the word lists hold it
                found[lower] = found.get(lower, 0) + text.count(char)
    if not found:
        return 0.0
    # Whole numbers: the occurrences each language covers, as one product.
    counts = np.fromiter(found.values(), np.int64, len(found))
    covered = int((counts @ np.array([_languages_using(c) for c in found])).max())
    return float(sum(found.values()) - covered)


@lru_cache(maxsize=4096)
def _languages_using(letter: str) -> tuple[int, ...]:
    """Per language of :func:`~.lexicon.language_letters`, 1 if it uses ``letter``."""
    return tuple(int(letter in letters) for letters in language_letters())


def _minority(text: str, classes: U8) -> float:
    """Non-ASCII letters outside the text's main script, when they are few."""
    cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    scripts = _tables()[1][np.minimum(cps, 0xFFFF)]
    counts = np.bincount(scripts, minlength=9)
    ascii_letters = int(np.count_nonzero(classes == _C["ascii-letter"]))
    letters = int(counts[1:].sum())
    if letters == 0:
        return 0.0
    main = int(np.argmax(counts[1:])) + 1
    non_ascii = counts.copy()
    non_ascii[1] -= ascii_letters
    minority = int(non_ascii[1:].sum() - non_ascii[main])
    return float(minority) if minority * 4 < letters else 0.0


def _repeated(text: str) -> float:
    """Occurrences of words with a non-ASCII letter that occur more than once
    (a repair of text quoting mojibake beside its repair, ``Ã¤ statt ä``,
    makes the two alike)."""
    seen: Counter[str] = Counter()
    for token, count in _token_counts(text).items():
        seen[token.lower()] += count
    return float(sum(n for n in seen.values() if n > 1))


#: Box-drawing characters a drawn rule repeats (``─``, ``═``, ``━``).
_RULES = frozenset("─━═")
_BOX = re.compile("[\u2500-\u259f]{2,}")


def _box_mixed(text: str) -> float:
    """Neighbouring box-drawing or block characters that differ, neither a
    rule: a table's frame joins a corner to a rule (``┌─``); a legacy code
    page read as cp437 makes runs of mixed shapes (``╣╤╣╖╟╪▓``)."""
    count = 0
    for run in _BOX.findall(text):
        count += sum(1 for a, b in pairwise(run) if a != b and a not in _RULES and b not in _RULES)
    return float(count)


#: Two or more Han characters side by side.
_HAN_RUN = re.compile(f"[{HAN}]{{2,}}")


def _han_pairs_known(text: str) -> float:
    """Neighbouring Han characters that the words of Chinese or Japanese
    hold as a pair (``lexicon.han_pairs``): real text makes many, Han
    characters decoded from bytes written in another code page few."""
    known = han_pairs()
    return float(sum(a + b in known for run in _HAN_RUN.findall(text) for a, b in pairwise(run)))


@lru_cache(maxsize=2048)
def text_features(text: str) -> F64:
    """The text's part of the feature vector (see the module docstring)."""
    classes = classes_of(text)
    out = np.zeros(TEXT_SIZE, np.float64)
    out[:LOCAL] = _local(text, classes)
    out[LOCAL] = letters_no_language_uses(text)
    out[LOCAL + 1] = _minority(text, classes)
    out[LOCAL + 2] = len(text) / 64
    out[LOCAL + 3] = _repeated(text)
    runs = utf8_runs().findall(text) if not text.isascii() else []
    out[LOCAL + 4] = len(runs)
    out[LOCAL + 5] = sum(map(len, runs)) / 4
    out[LOCAL + 6] = _box_mixed(text) if not text.isascii() else 0.0
    out[LOCAL + 7] = len(signs_between_letters(text)) if not text.isascii() else 0.0
    out[LOCAL + 8] = _han_pairs_known(text) if not text.isascii() else 0.0
    out[LOCAL + 9] = len(mac_roman_runs().findall(text)) if not text.isascii() else 0.0
    out.setflags(write=False)
    return out


def local_scores(lines: list[str], weights: F64) -> F64:
    """The weighted per-character and per-word terms of each line (the text
    features but those of the whole text), computed over all lines at once."""
    joined = "\n".join(lines)
    classes = classes_of(joined)
    starts = np.cumsum([0] + [len(line) + 1 for line in lines[:-1]])
    per_char = weights[:K][classes]
    if len(classes) > 1:
        pairs = classes[:-1].astype(np.int64) * K + classes[1:]
        per_char[1:] += weights[K : K + K * K][pairs]
    totals = np.add.reduceat(np.append(per_char, 0.0), starts)
    totals = np.where([len(line) == 0 for line in lines], 0.0, totals)
    word_weights = weights[K + K * K : LOCAL]
    for i, line in enumerate(lines):
        words = tokens(line)  # a token never crosses a line end
        if words:
            terms = np.array([token_terms(token) for token in words], np.float64)
            totals[i] += float((terms @ word_weights).sum())
    return np.asarray(totals, np.float64)


#: Every feature's name in the vector's order, the text's then the chain's
#: (``model.json`` holds its weights in this order).
NAMES = (
    *(f"class:{c}" for c in CLASSES),
    *(f"pair:{a}|{b}" for a in CLASSES for b in CLASSES),
    *WORD_FEATURES,
    *TEXT_FEATURES,
    *CHAIN_FEATURES,
)
SIZE = len(NAMES)


def _word_counts(text: str) -> Counter[str]:
    """How often each of ``text``'s :func:`tokens` stands in it, folded."""
    return Counter(map(fold, tokens(text)))


def _rows(text: str) -> list[str] | None:
    """The lines of ``text`` (an empty last line aside) when the segment
    map would take them for a table's rows (``table.sniff_table``: two or
    more, cut by one delimiter into as many fields); else ``None``."""
    lines = _lines(text)
    if len(lines) < 2:
        return None
    whole = text if text.endswith("\n") else text + "\n"  # sniff_table reads whole lines
    return lines if sniff_table(whole.encode("utf-8", "surrogatepass")) is not None else None


def _lines(text: str) -> list[str]:
    """The lines of ``text``, an empty last line aside."""
    lines = text.split("\n")
    return lines[:-1] if lines and not lines[-1] else lines


@lru_cache(maxsize=64)
def _origin_words(origin: str) -> tuple[Counter[str], list[str] | None, tuple[Counter[str], ...]]:
    """``origin``'s :func:`_word_counts`, its :func:`_rows` and each row's
    counts (kept: every reading of a text is held against the same origin)."""
    rows = _rows(origin)
    return _word_counts(origin), rows, tuple(map(_word_counts, rows or ()))


def _excess(after: Counter[str], before: Counter[str]) -> int:
    """How many more times ``after`` holds the words ``before`` holds."""
    return sum(n - before[w] for w, n in after.items() if w in before and n > before[w])


def duplicates(text: str, origin: str) -> float:
    """Words a repair made that ``origin`` (the text as it is) already held,
    beyond as often as it held them: the repair of mojibake quoted beside its
    own repair (``Ã¤ statt ä`` made ``ä statt ä``). Where ``origin`` is a
    table (:func:`_rows`) only a row's own words count: rows misread beside
    correct ones repeat their values (``SÃ£o Paulo`` below ``São Paulo``),
    and quote nothing. A reading keeps the delimiters and line ends, so
    its lines are the table's rows."""
    whole, was, counts = _origin_words(origin)
    rows = _lines(text) if was is not None else None
    if rows is None or was is None or len(rows) != len(was):
        return float(_excess(_word_counts(text), whole))
    changed = zip(rows, was, counts, strict=True)
    return float(sum(_excess(_word_counts(row), n) for row, old, n in changed if row != old))


#: A quotation of a few characters beyond ASCII and nothing else (``“â€™”``,
#: ``"Â£"``, ``«Ã¤»``): text that shows mojibake on purpose.
_QUOTED = re.compile(
    "|".join(
        f"{re.escape(a)}([^\\x00-\\x7f\\s]{{2,8}}?){re.escape(b)}"
        for a, b in ('""', "''", "``", "“”", "‘’", "«»", "„“", "‚‘", "»«")
    )
)


@lru_cache(maxsize=256)
def _quoted_contents(origin: str) -> tuple[str, ...]:
    """What each quotation of :data:`_QUOTED` in ``origin`` holds (kept:
    every reading of one text is priced against the same origin)."""
    return tuple(
        next(group for group in match.groups() if group is not None)
        for match in _QUOTED.finditer(origin)
    )


def quotation_spans(text: str) -> list[tuple[int, int]]:
    """Where each quotation of :data:`_QUOTED` in ``text`` stands, its marks
    included."""
    return [match.span() for match in _QUOTED.finditer(text)]


def quoted(text: str, origin: str) -> float:
    """The quotations of :data:`_QUOTED` in ``origin`` (the text as it is)
    whose content a repair to ``text`` changed, where it kept the rest:
    mojibake shown on purpose (``“â€™” shows instead of “'”``) is no
    damage."""
    if not _kept_outside_quotations(text, origin):
        return 0.0
    return float(sum(content not in text for content in _quoted_contents(origin)))


def _kept_outside_quotations(text: str, origin: str) -> bool:
    """Whether the repair to ``text`` keeps what ``origin`` holds outside its
    quotations (a repair of a line wholly mojibake changes its quotations
    with the rest: ``Òàíöåâàëüíûé ðàé 7 "Ðóññêèé"`` quotes nothing on
    purpose)."""
    at = 0
    for start, end in quotation_spans(origin):
        if origin[at:start] not in text:
            return False
        at = end
    return origin[at:] in text


def quotations(origin: str) -> int:
    """How many quotations :func:`quoted` may count in ``origin``."""
    return len(_quoted_contents(origin))


DUPLICATES = TEXT_SIZE + CHAIN_FEATURES.index("repair-duplicates")
QUOTED = TEXT_SIZE + CHAIN_FEATURES.index("repair-quoted")


def features(
    text: str,
    chain: Chain,
    guesses: tuple[str, ...] = (),
    parts: int = 0,
    pieces: bool = False,
    origin: str | None = None,
) -> F64:
    """The whole feature vector of a reading (:data:`NAMES` says each entry);
    ``origin``: the text as it is, for the words a repair duplicates and
    the quotations it changes."""
    vector = np.concatenate((text_features(text), chain_features(chain, guesses, parts, pieces)))
    if origin is not None and not (chain.is_identity and not parts):
        vector[DUPLICATES] = duplicates(text, origin)
        vector[QUOTED] = quoted(text, origin)
    return vector
