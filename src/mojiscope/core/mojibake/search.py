# ruff: noqa: RUF002 - mojibake is made of look-alike characters
"""The search for chains: every way of undoing up to three misreadings.

Starting from the text the bytes hold, one step of the search undoes one
misreading: encode the text with a code page it may have been read as
(``readers.py``: single-byte ones, and on text holding Han or kana GBK and
Shift_JIS), decode the bytes with the codec it was written in. UTF-8 is the writer of every
layer but the oldest, which may also be a legacy code page (Shift_JIS text
read as windows-1252) or UTF-16 (read as latin-1): those end a chain. A step
that fails (a character the reader has no byte for, bytes that are no UTF-8)
is no explanation. The first undo may also fill bytes the misreading program
lost (``lost.py``).

Each round keeps the :data:`BEAM` likeliest texts by the fitted model's price
(``model.price``: the text's features and the chain's, weighted as
``tools/mojibake/train.py`` fitted them), so the work is linear in the text
and in the number of code pages. Two chains that give the same text are one
reading, named by the shorter chain and then the commoner code pages,
readers first and then writers (:func:`commoner`; ``readers.READERS`` is in
order of commonness); the text cannot tell them apart.
"""

from __future__ import annotations

import bisect
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache

from mojiscope.core.mojibake.capitals import capitals_restored, small_leads_lifted
from mojiscope.core.mojibake.chain import (
    IDENTITY,
    Chain,
    Misreading,
    python_codec,
)
from mojiscope.core.mojibake.features import WORD, fold, letters_no_language_uses
from mojiscope.core.mojibake.guess import C1_STRIPPED, CUT, DROPPED, FFFD_STAND_IN, Guess
from mojiscope.core.mojibake.hypothesis import Hypothesis, bounded, guess_kinds, scored, settled
from mojiscope.core.mojibake.lexicon import known_words
from mojiscope.core.mojibake.lost import decode_with_holes
from mojiscope.core.mojibake.oddities import MULTIBYTE, against_thai_spelling, odd_places
from mojiscope.core.mojibake.readers import (
    C1_CONTROL,
    MIXED_READER,
    MULTIBYTE_READERS,
    READERS,
    readers_for,
)
from mojiscope.core.mojibake.runs import latin1_stripped_runs
from mojiscope.core.mojibake.stand_ins import DRAWN, FOLDED, QUOTES

#: Legacy code pages whose text is seen misread as a Western code page, and
#: those readers: Windows', Unix's and the DOS consoles' (cp437's box drawing
#: read as windows-1252 is ``ÃÄÄÄ``; cp866's Cyrillic, ``®¢ ï ¯ ¯ª``).
LEGACY_WRITERS = (
    "cp1251", "cp1250", "koi8-r", "shift_jis", "gbk", "big5", "euc-kr", "euc-jp", "cp874",
    "cp1253", "cp1254", "cp1255", "cp1256", "cp1257", "koi8-u", "iso-8859-2", "cp437",
    "cp850", "cp866",
)  # fmt: skip
LEGACY_READERS = ("windows-1252", "latin-1", "cp437", "mac-roman")
#: Legacy text read by a neighbour's code page, each reader with the
#: writers it is seen misreading: Russian in one Cyrillic code page read as
#: another (KOI8-R's ``Привет`` read as cp1251 is ``рТЙЧЕФ``, cp1251's read
#: by a DOS console, cp866, is ``╧ЁштхЄ``), and Cyrillic and Central
#: European Windows each reading the other (``Ďđčâĺň``).
NEIGHBOUR_READERS: dict[str, tuple[str, ...]] = {
    "cp1251": ("koi8-r", "cp866", "cp1250"),
    "koi8-r": ("cp1251", "cp866"),
    "cp866": ("cp1251", "koi8-r"),
    "cp1250": ("cp1251",),
}
UTF16_WRITERS = ("utf-16", "utf-16le", "utf-16be")
#: Codecs legacy bytes on disk are tried as (when they are not UTF-8).
STORED_AS = (
    "windows-1252", "cp1251", "cp1250", "koi8-r", "iso-8859-2", "cp1253", "cp1254", "cp1255",
    "cp1256", "cp1257", "cp874", "shift_jis", "euc-jp", "gbk", "big5", "euc-kr", "cp437",
    "mac-roman", "cp850", "koi8-u", "iso-8859-15", "utf-16le", "utf-16be", "utf-16",
)  # fmt: skip
#: The code pages of :data:`STORED_AS`, UTF-16 aside: what bytes that stand
#: among others (shown as escapes, stray in UTF-8) may have been written in.
LEGACY_STORED = tuple(codec for codec in STORED_AS if not codec.startswith("utf-16"))
#: CESU-8 (a surrogate pair, each half as three bytes) and Java's NUL.
_CESU_PAIR = re.compile(rb"\xed[\xa0-\xaf][\x80-\xbf]\xed[\xb0-\xbf][\x80-\xbf]")
BEAM = 6
MAX_LAYERS = 3


@dataclass
class Undo:
    """Bytes a text encodes to under a reader, and whether its U+FFFD stand
    as :data:`~.lost.FFFD_STAND_IN` there."""

    reader: str
    raw: bytes
    stand_in: bool = False


def encode_as(text: str, reader: str, lenient: bool) -> Undo | None:
    """``text`` encoded as ``reader`` read it (the first step of undoing that
    reading); ``lenient`` (a first undo): each U+FFFD as the stand-in byte,
    which decoding with holes takes for a lost byte. None if it cannot be."""
    stand_in = lenient and "\ufffd" in text and chr(FFFD_STAND_IN) not in text
    if stand_in:
        text = text.replace("\ufffd", chr(FFFD_STAND_IN))
    try:
        return Undo(reader, text.encode(python_codec(reader)), stand_in)
    except UnicodeEncodeError:
        return None


def undefined_bytes(reader: str) -> bytes:
    """The bytes ``reader`` has no character for (windows-1252: 81 8D 8F 90
    9D), which its program drops or writes as ``?`` or U+FFFD."""
    codec = python_codec(reader)
    lost = []
    for byte in range(0x80, 0x100):
        try:
            bytes([byte]).decode(codec)
        except UnicodeDecodeError:
            lost.append(byte)
    return bytes(lost)


def invisible_bytes(reader: str) -> bytes:
    """The bytes ``reader`` reads as the soft hyphen (U+00AD): a page shows
    it as nothing where it does not break a line, so text copied from the
    page loses it (``í``, C3 AD, read as windows-1252 is ``Ã`` and a soft
    hyphen: ``PolÃtica``)."""
    codec = python_codec(reader)
    return bytes(b for b in range(0x80, 0x100) if bytes([b]).decode(codec, "replace") == "\xad")


_CONTINUATIONS = bytes(range(0x80, 0xC0))
#: Per reader of two bytes a time, the lead bytes of the characters its
#: users write, which it may lose to U+FFFD: Han and kana (U+3000-U+9FFF,
#: leads E3-E9), and for cp949 Hangul too (U+AC00-U+D7A3, EA-ED).
_LEADS = dict.fromkeys(MULTIBYTE_READERS, bytes(range(0xE3, 0xEA))) | {
    "cp949": bytes(range(0xE3, 0xEE))
}
_HOLES = {reader: undefined_bytes(reader) for reader in READERS}
_HOLES |= {MIXED_READER: b"", **dict.fromkeys(MULTIBYTE_READERS, _CONTINUATIONS)}
_INVISIBLE = {reader: invisible_bytes(reader) for reader in READERS}
_INVISIBLE |= dict.fromkeys((MIXED_READER, *MULTIBYTE_READERS), b"")


#: The bytes latin-1 reads as C1 controls, which programs strip as control
#: characters: UTF-8 read as latin-1 then loses them (``•``, E2 80 A2, is
#: ``â¢``; ``ł``, C5 82, is ``Å``).
_C1_BYTES = bytes(range(0x80, 0xA0))


#: What a latin-1 reading leaves where no byte was lost: a lead byte's
#: character, then one of a continuation byte's beyond the C1 controls (or
#: the ``?`` or U+FFFD a program wrote for a lost one).
_LATIN1_SEQUENCE = re.compile("[\u00c2-\u00f4][\u00a0-\u00bf?\ufffd]")


def _holes(reader: str, text: str) -> bytes:
    """The bytes a first reading as ``reader`` may have lost: those it leaves
    undefined (its program dropped them, or wrote ``?`` or U+FFFD); for
    latin-1, which defines every byte, the C1 controls, when ``text`` holds
    none (a text that holds one kept them) and shows the reading elsewhere
    (:data:`_LATIN1_SEQUENCE`: ``QuÈbec`` alone is no ``Qu`` and a lost letter)
    or what it leaves where it lost every continuation byte
    (``runs.latin1_stripped_runs``: ``wÅaÅnie``, ``donât``);
    for a reader of :data:`MULTIBYTE_READERS`, any continuation byte and
    the lead bytes of its users' scripts (:data:`_LEADS`), when ``text``
    holds a U+FFFD or ``?`` it may have been lost to; any continuation
    byte where it holds a run of
    Han or kana that is mostly UTF-8 read by such a reader (the oddity
    ``oddities.MULTIBYTE``), whose reader may have dropped bytes (Python's
    ``errors="ignore"``: ``请在项目`` read as GBK is ``璇峰湪椤圭洰``, and a
    longer text loses a byte here and there)."""
    if reader in MULTIBYTE_READERS:
        if "\ufffd" in text or "?" in text:
            return _CONTINUATIONS + _LEADS[reader]
        shaped = any(what == MULTIBYTE for _, _, what in odd_places(text))
        return _CONTINUATIONS if shaped else b""
    if (
        reader == "latin-1"
        and C1_CONTROL.search(text) is None
        and (
            _LATIN1_SEQUENCE.search(text) is not None
            or latin1_stripped_runs().search(text) is not None
        )
    ):
        return _C1_BYTES
    return _HOLES[reader]


def _cesu(raw: bytes) -> tuple[str, str] | None:
    """``raw`` as CESU-8 or modified UTF-8, when it holds a surrogate pair or
    Java's ``C0 80`` and reads whole so."""
    for word, marker in (("cesu-8", _CESU_PAIR), ("mutf-8", None)):
        if marker is not None and not marker.search(raw):
            continue
        if marker is None and b"\xc0\x80" not in raw:
            continue
        try:
            return word, raw.decode(python_codec(word))
        except UnicodeDecodeError:
            continue
    return None


def undo_layer(
    hypothesis: Hypothesis, first: bool, legacy: bool = True, bound: bool = False
) -> list[Hypothesis]:
    """Every reading one misreading further back (see the module docstring);
    ``bound``: legacy origins priced by a bound (:func:`bounded`)."""
    found: list[Hypothesis] = []
    text = hypothesis.text
    for reader in readers_for(text):
        undo = encode_as(text, reader, lenient=first)
        if undo is None or (undo.raw.isascii() and 0 not in undo.raw):
            continue
        decoded = _decoded(text, undo, first)
        if decoded is not None:
            repaired, guesses = decoded
            if repaired != text and not _cuts_only(text, repaired, guesses, reader):
                chain = hypothesis.chain.undo_one(Misreading("utf-8", reader))
                found.append(scored(repaired, chain, (*hypothesis.guesses, *guesses)))
        elif not undo.stand_in and (cesu := _cesu(undo.raw)) is not None:
            chain = hypothesis.chain.undo_one(Misreading(cesu[0], reader))
            found.append(scored(cesu[1], chain, hypothesis.guesses))
        origin_possible = legacy and first and not undo.stand_in
        if origin_possible and not is_utf8(undo.raw):
            if reader in LEGACY_READERS:
                found += _legacy_origins(undo.raw, reader, hypothesis, bound)
            elif reader in NEIGHBOUR_READERS and not _plainly_written(text):
                found += _legacy_origins(undo.raw, reader, hypothesis, bound, neighbours=True)
    return found


def _cuts_only(text: str, repaired: str, guesses: tuple[Guess, ...], reader: str) -> bool:
    """Whether a single-byte ``reader``'s undo of ``text`` changes nothing
    but the characters at its start it takes for the end of a character
    cut (U+FFFD): the repair then explains nothing, and ``¿Qué?``, ``°C``
    or ``© 2024`` are correct as they are far more often than the tail of
    a character cut. (A lead byte alone at the end, ``cafÃ``, is left to
    the model: such a letter ends no word; so is a text that is all one
    cut character, ``ãƒ``.)"""
    if not guesses or reader in MULTIBYTE_READERS:
        return False
    if any(g.what != CUT or g.start != 0 for g in guesses):
        return False
    cut = {i for g in guesses for i in range(g.start, g.end)}
    made = {g.at_char for g in guesses}
    kept = [c for i, c in enumerate(text) if i not in cut]
    return bool(kept) and kept == [c for i, c in enumerate(repaired) if i not in made]


#: A Cyrillic word of four capitals or more: what KOI8-R and cp1251 make of
#: each other's lower-case letters (``пРИВЕТ``).
_CYRILLIC_CAPITALS = re.compile("[\u0401\u0410-\u042f]{4,}")


@lru_cache(maxsize=8)
def _plainly_written(text: str) -> bool:
    """Whether ``text`` shows nothing a neighbour's code page leaves
    (:data:`NEIGHBOUR_READERS`), so that none is tried: no oddity, no
    Cyrillic word of capitals, and every character beyond ASCII a space,
    punctuation, a letter of the Russian alphabet, or a Latin letter among
    those one language writes together. Of those misreadings of the
    training texts, 1.2% are so (cp1251 read as cp866 the most: 5.5%,
    short text whose letters all lie in the alphabet's first half); of the
    correct training texts in Cyrillic or Central European letters, 73%."""
    if odd_places(text) or _CYRILLIC_CAPITALS.search(text):
        return False
    for char in _chars_of(text):
        if char < "\x80" or unicodedata.category(char)[0] in "PZ":
            continue
        if "\u0410" <= char <= "\u044f" or char in "Ёё":
            continue
        if not ("\xc0" <= char <= "\u024f" and char.isalpha()):
            return False
    return letters_no_language_uses(text) == 0


def _kept_invisibles(text: str) -> bool:
    """Whether ``text`` holds soft hyphens or C1 controls: then it kept what
    it was given, and lost no soft hyphen."""
    return "\xad" in text or C1_CONTROL.search(text) is not None


#: The readers whose mojibake put in small letters is read back
#: (``capitals.small_leads_lifted``): Western, whose misreadings tags and
#: search keys are made of; read as cp1250, correct Romanian ``depăşirea``
#: would be such mojibake (``ă`` is E3 there, ``ş`` BA).
LIFTED_READERS = ("windows-1252", "cp1252", "latin-1")


#: A character of three bytes led by E3-ED (kana, Han, Hangul) as a
#: single-byte reader shows it: the lead's character and two more beyond ASCII.
_CJK_READ = re.compile("[\u00e3-\u00ed][^\x00-\x7f]{2}")


def _drops_pairs(text: str, reader: str) -> bool:
    """Whether ``reader`` may have dropped both continuation bytes of a
    character: it is cp1252, whose five holes (81 8D 8F 90 9D) are what
    Chinese, Japanese and Korean text read in the West loses, and ``text``
    shows at least two characters of those scripts read by it
    (:data:`_CJK_READ`; ``できません`` so read is ``ã§ã`` and
    ``ã¾ã›ã‚“``: き, E3 81 8D, lost both its 81 and its 8D)."""
    return reader == "cp1252" and len(_CJK_READ.findall(text, 0, 1 << 12)) >= 2


def _decoded(text: str, undo: Undo, first: bool) -> tuple[str, tuple[Guess, ...]] | None:
    """``undo``'s bytes (``text`` encoded as its reader read it) decoded as
    UTF-8; a first undo fills the bytes its reader may have lost with
    guesses (:func:`~.lost.decode_with_holes`), and a U+FFFD that stood for
    no lost byte stays U+FFFD. None where they are no UTF-8 so. A text
    whose only characters beyond ASCII are letters that look Latin inside
    Latin words (:func:`_only_look_alikes`: ``Mr. \u0415dward``) lost no
    byte: such a letter was typed or pasted, not left of ``Ř`` by a cp1251
    that dropped its 98."""
    reader = undo.reader
    guessing = first and not _only_look_alikes(text)
    if guessing and not undo.stand_in and reader in LIFTED_READERS:
        lifted = small_leads_lifted(text, python_codec(reader))
        if lifted is not None:
            return lifted
    holes = _holes(reader, text) if guessing else b""
    folded = FOLDED[reader] if guessing else None
    drawn = DRAWN[reader] if guessing else None
    quotes = QUOTES[reader] if guessing else None
    invisible = _INVISIBLE[reader] if guessing and not _kept_invisibles(text) else b""
    decoded = decode_with_holes(
        undo.raw,
        holes,
        allow_cut=guessing,
        folded=folded,
        drawn=drawn,
        straightened=quotes,
        invisible=invisible,
        whole=guessing and reader in MULTIBYTE_READERS,
        pairs=guessing and (holes == _C1_BYTES or _drops_pairs(text, reader)),
    )
    if decoded is None:
        return None
    repaired, guesses = decoded[0], tuple(decoded[1])
    if holes == _C1_BYTES:  # every byte latin-1 dropped was a C1 control
        guesses = tuple(replace(g, what=C1_STRIPPED) if g.what == DROPPED else g for g in guesses)
    if undo.stand_in:
        repaired = repaired.replace(chr(FFFD_STAND_IN), "\ufffd")
    elif guessing and not guesses and reader not in MULTIBYTE_READERS:
        return capitals_restored(repaired, undo.raw) or (repaired, guesses)
    return repaired, guesses


def undo_first(text: str, reader: str) -> tuple[str, tuple[Guess, ...]] | None:
    """``text`` one misreading of UTF-8 as ``reader`` further back, as the
    search's first undo reads it: with a guess for each byte the reader
    lost (``?``, U+FFFD, a dropped byte...). None where it cannot be read so."""
    undo = encode_as(text, reader, lenient=True)
    return None if undo is None else _decoded(text, undo, first=True)


def _legacy_origins(
    raw: bytes, reader: str, hypothesis: Hypothesis, bound: bool, neighbours: bool = False
) -> list[Hypothesis]:
    """Readings where the oldest text was legacy or UTF-16 bytes (ends a
    chain); ``neighbours``: only the writers :data:`NEIGHBOUR_READERS` gives
    ``reader``. A text that breaks Thai spelling at half or more of its
    runs of Thai (:func:`.oddities.against_thai_spelling`) is no cp874
    text."""
    if _spaces_only(hypothesis.text):
        return []
    price = bounded if bound else scored
    bom = raw[:2] in (b"\xff\xfe", b"\xfe\xff")
    writers: tuple[str, ...] = LEGACY_WRITERS
    if neighbours:
        writers = NEIGHBOUR_READERS[reader]
    elif len(raw) % 2 == 0 or bom:
        writers = LEGACY_WRITERS + UTF16_WRITERS  # UTF-16 of CJK text holds no NUL
    found = []
    for writer in writers:
        if writer == "utf-16" and not bom:
            continue  # "utf-16" writes a BOM: without one, the writer said which order
        try:
            text = raw.decode(writer)
        except UnicodeDecodeError:
            continue
        if writer.startswith("utf-16") and not _clean_utf16(text):
            continue
        if not _touches_letters(hypothesis.text, text) or against_thai_spelling(text):
            continue
        chain = hypothesis.chain.undo_one(Misreading(writer, reader))
        found.append(price(text, chain, hypothesis.guesses))
    return found


def _touches_letters(before: str, after: str) -> bool:
    """Whether reading ``before`` as ``after`` makes a letter, or undoes a
    letter or a control character: a legacy origin that only swaps signs
    (a no-break space read back through cp437 and cp1250 as ``˙``) gives
    the model no word to judge, only the signs' own prices, and is not
    offered."""
    chars = _chars_of(before)
    return any(
        c.isalpha() or (c in chars and unicodedata.category(c) == "Cc")
        for c in chars.symmetric_difference(after)
    )


@lru_cache(maxsize=8)
def _chars_of(text: str) -> frozenset[str]:
    """The characters of ``text`` (kept: every legacy origin of a text asks)."""
    return frozenset(text)


#: A character beyond ASCII that is not a space separator (Zs).
_NOT_SPACE_BEYOND_ASCII = re.compile("[^\x00-\x7f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")


def _spaces_only(text: str) -> bool:
    """Whether every character of ``text`` beyond ASCII is a space (a
    no-break space, HTML's own): such text is given no legacy origin (read
    back through Mac Roman, a no-break space is cp1254's ``Ê``, and two of
    them a GBK character)."""
    return _NOT_SPACE_BEYOND_ASCII.search(text) is None


#: Code pages Western text (windows-1252) is read as, leaving letters of
#: another alphabet or box drawing in its words (``QuÈbec``, ``ESPA╤OL``,
#: ``Th\u03b9\u03b2tre``, ``M\u044cnchen``): tried only on text that holds an
#: oddity (:func:`western_origins`).
WESTERN_MISREADERS = ("mac-roman", "cp437", "cp850", "cp1250", "cp1251", "cp1253", "cp1257")
#: Misreadings the search tries that training never draws (``damage.py``
#: leaves them out, see docs/MOJIBAKE_CHOICES.md): the model prices them
#: as it prices their readers elsewhere (a reader it has no weight for as
#: any other), but how often a reading through one is right was never
#: measured: Western text read by a Russian Windows, UTF-8 read by a
#: Russian DOS console (cp866), and the neighbours' misreadings
#: (:data:`NEIGHBOUR_READERS`).
UNFITTED = frozenset(
    {
        Misreading("windows-1252", "cp1251"),
        Misreading("utf-8", "cp866"),
        *(Misreading(w, r) for r, writers in NEIGHBOUR_READERS.items() for w in writers),
    }
)
#: Cyrillic and Greek letters drawn like Latin ones: a Latin word holding
#: only such letters of another alphabet may have been typed or pasted so
#: (``Mich\u0430el``, a Cyrillic a), not misread (:func:`western_origins`).
LATIN_LOOKING = frozenset(
    "\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0455"
    "\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0406\u0408\u0405"
    "\u03bf\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7"
)


def western_origins(text: str) -> list[Hypothesis]:
    """Readings where ``text`` was windows-1252 read as another code page
    (:data:`WESTERN_MISREADERS`), only those where every word the reading
    changes is one the languages' frequent words hold after it, or held what
    damage leaves before it (``oddities.odd_places``: ``CU╔NTENOS`` is
    ``CUÉNTENOS``, though no frequent word), and, unless the text holds such
    a place, no changed word is known as it stands (``Th\u03b9\u03b2tre`` is
    ``Théâtre``, Swedish ``mĺnga`` read as cp1250 is ``många``;
    ``IFN\u03b3`` read back through Greek is no word). So correct accented
    text, whose words are known as they stand, is not offered its own
    letters through a DOS or Greek code page. A word whose letters of
    another alphabet all look Latin (:data:`LATIN_LOOKING`) must become a
    known one: what damage leaves is as likely a look-alike typed or pasted
    (``Mich\u0430el``, a Cyrillic a, is not ``Michàel``)."""
    words = known_words()
    odd = [start for start, _, _ in odd_places(text)]
    found = []
    for reader in WESTERN_MISREADERS:
        try:
            raw = text.encode(python_codec(reader))
            western = raw.decode(python_codec("windows-1252"))
        except UnicodeError:
            continue
        changed = _changed_words(text, western)
        if not changed or any(
            fold(western[word]) not in words and (not _holds(word, odd) or _looks_latin(text[word]))
            for word in changed
        ):
            continue
        if any(fold(text[word]) in words for word in changed) and not odd:
            continue
        found.append(scored(western, IDENTITY.undo_one(Misreading("windows-1252", reader))))
    return found


def _only_look_alikes(text: str) -> bool:
    """Whether every character of ``text`` beyond ASCII is a letter that
    looks Latin (:data:`LATIN_LOOKING`) inside a word of Latin letters."""
    if text.isascii():
        return False
    for match in WORD.finditer(text):
        word = match.group()
        if not word.isascii() and not _looks_latin(word):
            return False
    return all(c.isascii() or c.isalpha() for c in text)


def _looks_latin(word: str) -> bool:
    """Whether ``word`` mixes Latin letters with others that all look Latin."""
    others = [c for c in word if c >= "\u0370" and c.isalpha()]
    return bool(others) and len(others) < len(word) and all(c in LATIN_LOOKING for c in others)


def _holds(word: slice, places: list[int]) -> bool:
    """Whether one of ``places`` (character offsets) lies in ``word``."""
    at = bisect.bisect_left(places, word.start)
    return at < len(places) and places[at] < word.stop


def _changed_words(text: str, western: str) -> list[slice] | None:
    """The words of ``western`` holding a character where it differs from
    ``text`` (one character a byte in both), in order; ``None`` when such a
    character lies outside every word."""
    spans = [m.span() for m in WORD.finditer(western)]
    starts = [start for start, _ in spans]
    changed: dict[int, slice] = {}
    for at, (a, b) in enumerate(zip(text, western, strict=True)):
        if a == b:
            continue
        i = bisect.bisect_right(starts, at) - 1
        if i < 0 or at >= spans[i][1]:
            return None
        changed.setdefault(i, slice(*spans[i]))
    return list(changed.values())


def is_utf8(raw: bytes) -> bool:
    """Whether ``raw`` decodes as UTF-8."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def shows_text(text: str) -> bool:
    """Whether ``text`` holds something to read: a character that is not a
    control, format, unassigned or space character. A run of zero bytes is
    fewer NULs as UTF-16 than as UTF-8, and so "reads better" as UTF-16, but
    it is no more text in one than in the other."""
    return any(unicodedata.category(char)[0] not in "CZ" for char in text)


def _clean_utf16(text: str) -> bool:
    return not any("\ud800" <= c <= "\udfff" for c in text)


def search(start: Hypothesis, *, legacy: bool = True, bound: bool = False) -> list[Hypothesis]:
    """``start`` and every reading up to :data:`MAX_LAYERS` misreadings back,
    de-duplicated by text (the cheapest chain kept), cheapest first.
    ``legacy=False``: UTF-8 misreadings only (no legacy or UTF-16 origin).

    ``bound=True``: a legacy origin is priced by a lower bound
    (:func:`bounded`), and scored only when that bound does not prove it
    dearer than every reading of :func:`utf8_layers_only`: how many
    readings come before each of those, and whether the cheapest reading
    is one, are then what the full scoring gives (a legacy origin is never
    searched further). The caller settles or proves irrelevant the
    readings left bound (``explain.py``)."""
    best: dict[str, Hypothesis] = {start.text: start}
    frontier = [start]
    for depth in range(MAX_LAYERS):
        grown: dict[str, Hypothesis] = {}
        for hypothesis in frontier:
            if hypothesis.text.isascii() and "\x00" not in hypothesis.text:
                continue
            for found in undo_layer(hypothesis, first=depth == 0, legacy=legacy, bound=bound):
                known = best.get(found.text)
                if known is not None and (found.bound or known.bound) and _by_price(found, known):
                    found, known = settled(found), settled(known)
                    best[known.text] = known
                if known is not None and not same_text_better(found, known):
                    continue
                best[found.text] = found
                if found.chain.layers[0].written == "utf-8":
                    grown[found.text] = found
        frontier = sorted(grown.values(), key=lambda h: h.price)[:BEAM]
    if bound:
        _settle_near(best)
    return sorted(best.values(), key=lambda h: h.price)


def _settle_near(best: dict[str, Hypothesis]) -> None:
    """Score every bound reading of ``best`` whose bound is not above the
    dearest reading of :func:`utf8_layers_only`: the per-line chooser takes
    its chains from those among the cheapest readings, so their places must
    be the full scoring's; and when the cheapest scored reading is one, the
    cheapest reading is that one only if no bound is below it."""
    dearest = max((h.price for h in best.values() if utf8_layers_only(h)), default=-math.inf)
    for text, hypothesis in best.items():
        if hypothesis.bound and hypothesis.price <= dearest:
            best[text] = settled(hypothesis)


def utf8_layers_only(hypothesis: Hypothesis) -> bool:
    """Whether a reading undoes UTF-8 misreadings only (at least one) and
    guesses no lost byte: the chains the per-line chooser tries."""
    layers = hypothesis.chain.layers
    return bool(layers) and not hypothesis.guesses and all(lay.written == "utf-8" for lay in layers)


def _rank(chain: Chain) -> tuple[int, ...]:
    """How common a chain's readers are (lower: commoner), the order of
    :data:`READERS`, and then its writers (UTF-8 first, then that order:
    windows-1252 before cp1254, which write Western letters alike)."""
    order = (*READERS, MIXED_READER, *MULTIBYTE_READERS)

    def place(codec: str) -> int:
        return order.index(codec) if codec in order else len(order)

    readers = tuple(place(layer.read_as) for layer in chain.layers)
    writers = tuple(-1 if lay.written == "utf-8" else place(lay.written) for lay in chain.layers)
    return readers + writers


def commoner(chain: Chain, other: Chain) -> bool:
    """Whether ``chain`` names a text that ``other`` gives too better than
    it: the shorter, then the commoner code pages (:func:`_rank`)."""
    if len(chain.layers) != len(other.layers):
        return len(chain.layers) < len(other.layers)
    return _rank(chain) < _rank(other)


def _by_price(found: Hypothesis, known: Hypothesis) -> bool:
    """Whether :func:`same_text_better` compares the two readings' prices."""
    same_length = len(found.chain.layers) == len(known.chain.layers)
    return same_length and guess_kinds(found.guesses) != guess_kinds(known.guesses)


def same_text_better(found: Hypothesis, known: Hypothesis) -> bool:
    """Two chains that give the same text: the shorter, then the one whose
    code pages are commoner (:func:`commoner`), wins; the text says nothing between them (cp1254
    and windows-1252 read ``Ã©`` alike, and guess the same lost byte alike),
    so their fitted prices do not decide unless they guessed other kinds of
    loss."""
    if len(found.chain.layers) != len(known.chain.layers):
        return len(found.chain.layers) < len(known.chain.layers)
    if guess_kinds(found.guesses) != guess_kinds(known.guesses):
        return found.price < known.price
    return commoner(found.chain, known.chain)


def stored_readings(data: bytes, *, bound: bool = False) -> list[Hypothesis]:
    """Readings of bytes that are not UTF-8: each codec of :data:`STORED_AS`
    that decodes them whole into something to read (:func:`shows_text`);
    ``bound``: priced by a lower bound (:func:`bounded`)."""
    price = bounded if bound else scored
    found: dict[str, Hypothesis] = {}
    for codec in STORED_AS:
        try:
            text = data.decode(python_codec(codec))
        except UnicodeDecodeError:
            continue
        if text in found or not shows_text(text):
            continue  # the same text from a likelier code page is kept; no text, no reading
        if codec.startswith("utf-16") and not (_clean_utf16(text) and _looks_utf16(data)):
            continue
        found[text] = price(text, Chain((), codec))
    cesu = _cesu(data)
    if cesu is not None and cesu[1] not in found:
        found[cesu[1]] = price(cesu[1], Chain((), cesu[0]))
    return list(found.values())


def _looks_utf16(data: bytes) -> bool:
    """Whether bytes look like UTF-16: a byte order mark; a NUL in every 16
    bytes (Latin text, or spaces and digits between other letters); or, in
    at least 16 bytes, one byte value for at least half the bytes of one
    parity (the high bytes of one script's letters: 04 for Cyrillic, 0B for
    Oriya), which single-byte text seldom holds (and where it does, the
    model weighs the UTF-16 reading like any other)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or data.count(0) * 16 >= len(data):
        return True
    if len(data) < 16:
        return False
    return any(
        Counter(half).most_common(1)[0][1] * 2 >= len(half) for half in (data[0::2], data[1::2])
    )
