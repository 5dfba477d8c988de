"""The code pages the search undoes as readers, and which texts they can change.

:data:`READERS` are the single-byte code pages UTF-8 is seen read as;
:data:`MIXED_READER` read some bytes as windows-1252 and others as latin-1;
:data:`MULTIBYTE_READERS`, GBK, Shift_JIS, cp950 (Big5) and cp949 (Korean),
read two bytes a character and are tried only on text holding Han, kana
or Hangul (:func:`readers_for`).

Two proofs the explainer relies on to skip work are made from the readers'
own tables (:func:`code_page_characters`): :func:`nothing_to_undo` (no
chain can read a text as anything but itself) and
:func:`undoes_without_guessing` (no line of a text can be undone without
guessing a lost byte). A test holds each table to its encoder over the
whole Basic Multilingual Plane.
"""

from __future__ import annotations

import contextlib
import re
from functools import cache
from itertools import pairwise

from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.words.charclass import regex_ranges

#: Code pages UTF-8 is seen read as.
READERS = (
    "windows-1252", "cp1252", "latin-1", "iso-8859-15", "mac-roman", "cp437", "cp850",
    "cp1250", "iso-8859-2", "cp1251", "koi8-r", "koi8-u", "cp1253", "cp1254", "cp1255",
    "cp1256", "cp1257", "cp874", "cp866",
)  # fmt: skip
#: Code pages of two bytes a character that UTF-8 is seen read as, by
#: programs running in Chinese, Japanese and Korean Windows (``你好`` is
#: GBK's ``浣犲ソ``, ``é`` Shift_JIS's ``ﾃｩ``, ``中文`` cp950's (Big5's)
#: ``銝剜``, ``로딩`` cp949's ``濡쒕뵫``): tried on text that holds Han,
#: kana or Hangul, all such a reading makes (:func:`readers_for`). A byte of an odd end
#: such a reader cannot pair is lost to U+FFFD or ``?`` (``中文`` is
#: ``涓�鏂�``) or dropped (``涓鏂``), so any continuation byte is a
#: candidate for a hole.
MULTIBYTE_READERS = ("gbk", "shift_jis", "cp950", "cp949")
#: A reader that read some bytes as windows-1252 and others as latin-1 (tried
#: when a text holds both C1 controls and windows-1252's own signs).
MIXED_READER = "windows-1252/latin-1"
#: A C1 control (U+0080-U+009F): what latin-1 reads bytes 80-9F as.
C1_CONTROL = re.compile("[\x80-\x9f]")
_BEYOND_LATIN1 = re.compile("[^\x00-\xff]")


def code_page_characters(codec: str, pairs: bool) -> dict[str, bytes]:
    """Each character Python's ``codec`` reads from bytes beyond ASCII, and
    those bytes: one byte of 80-FF, or with ``pairs`` (a code page of two
    bytes a character) also a lead byte of 80-FF and the byte after it
    (40-FF: the byte after may be ASCII that the lead byte swallowed), and
    the characters it encodes to such bytes but reads as others."""
    found: dict[str, bytes] = {}
    for byte in range(0x80, 0x100):
        with contextlib.suppress(UnicodeDecodeError):
            found.setdefault(bytes([byte]).decode(codec), bytes([byte]))
    if pairs:
        # Decoded in one call, a line each: a pair the code page has no
        # character for reads as U+FFFD and more, never one character.
        raws = [bytes([a, b]) for a in range(0x80, 0x100) for b in range(0x40, 0x100)]
        lines = b"\n".join(raws).decode(codec, "replace").split("\n")
        assert len(lines) == len(raws)  # no trail byte is a line feed
        for raw, char in zip(raws, lines, strict=True):
            if len(char) == 1 and char != "\ufffd":
                found.setdefault(char, raw)
        # And the few characters it writes one way only (cp950 writes the
        # overline, U+203E, as the bytes it reads as the macron).
        for block in range(0x80, 0x10000, _BLOCK):  # a block at a time: little memory
            chars = [chr(c) for c in range(block, block + _BLOCK) if not 0xD800 <= c <= 0xDFFF]
            encoded = "\n".join(chars).encode(codec, "replace").split(b"\n")  # "?" where none
            for char, raw in zip(chars, encoded, strict=True):
                if not raw.isascii():
                    found.setdefault(char, raw)
    return found


#: How many code points :func:`code_page_characters` encodes at once.
_BLOCK = 0x800


def _characters(reader: str) -> dict[str, bytes]:
    """What ``reader`` reads from bytes beyond ASCII (:func:`code_page_characters`)."""
    return code_page_characters(python_codec(reader), reader in MULTIBYTE_READERS)


def undoable_characters() -> frozenset[str]:
    """The characters an undo can change: every character that a reader of
    :data:`READERS`, :data:`MIXED_READER` or :data:`MULTIBYTE_READERS`
    reads from bytes beyond ASCII, as each reader's own table says
    (:func:`_characters`); U+FFFD, which the first undo encodes as a
    stand-in for a lost byte; and NUL, which makes bytes worth reading as
    UTF-16 (``search.stored_readings``). Built anew on each call: the
    explainer keeps them as a character class (:func:`_undoable`)."""
    chars = {"\ufffd", "\x00"}
    for reader in (*READERS, MIXED_READER, *MULTIBYTE_READERS):
        chars.update(_characters(reader))
    return frozenset(chars)


@cache
def _undoable() -> re.Pattern[str]:
    """:func:`undoable_characters` as a character class of code-point ranges
    (some 34,000 characters, as a set, held megabytes; the class holds
    their 200 ranges)."""
    return re.compile(f"[{regex_ranges(undoable_characters())}]")


def nothing_to_undo(text: str) -> bool:
    """Whether no chain can read ``text`` as anything but itself: none of
    its characters is one of :func:`undoable_characters`. Every step of the
    search starts by encoding the text with a reader: that fails on a
    character the reader lacks, and gives ASCII bytes, which every codec
    here reads back as the same text, when the text holds no undoable
    character; a line of such a text holds none either, and neither do the
    piece-by-piece runs (their characters are windows-1252's and latin-1's).
    So the search's only reading of such a text is the text as it is (the
    readings beside the search, of lost letters and of a lenient UTF-8
    decoder's characters, ask for themselves)."""
    return (text.isascii() and "\x00" not in text) or _undoable().search(text) is None


#: Characters a reader of :data:`MULTIBYTE_READERS` makes of UTF-8 beyond
#: ASCII are mostly Han and kana (halfwidth kana for Shift_JIS).
CJK = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff61-\uff9f]")
#: Han, kana and Hangul syllables: what the readers of
#: :data:`MULTIBYTE_READERS` make of UTF-8 (cp949 reads it as Hangul and Han).
MULTIBYTE_MADE = re.compile(f"{CJK.pattern}|[\uac00-\ud7a3]")


_NON_ASCII_RUNS = re.compile("[^\x00-\x7f]+")
#: What a character's bytes under one reader hold of UTF-8 (:func:`_byte_kinds`).
_ENDS_IN_LEAD, _STARTS_WITH_CONTINUATION = 1, 2


@cache
def _byte_kinds() -> tuple[dict[str, int], ...]:
    """Per single-byte reader, per character it reads from a byte beyond
    ASCII: whether that byte is a lead byte of UTF-8 (C2..F4) or a
    continuation byte (80..BF)."""
    tables = []
    for reader in (*READERS, MIXED_READER):
        kinds: dict[str, int] = {}
        for char, raw in _characters(reader).items():
            if 0xC2 <= raw[0] <= 0xF4:
                kinds[char] = _ENDS_IN_LEAD
            elif raw[0] <= 0xBF:
                kinds[char] = _STARTS_WITH_CONTINUATION
        tables.append(kinds)
    return tuple(tables)


def undoes_without_guessing(text: str) -> bool:
    """Whether some stretch of ``text`` may be undone into valid UTF-8
    without guessing a lost byte: ``False`` proves that no search of its
    lines finds a chain of UTF-8 layers free of guesses. Such a chain's first
    undo encodes a line with one reader into bytes that are UTF-8 beyond
    ASCII. With a single-byte reader they hold a lead byte right before a
    continuation byte: two neighbouring characters that reader encodes so.
    With a reader of two-byte code pages (tried only where the text holds
    Han or kana: :func:`readers_for`) an ASCII character is an ASCII byte,
    where UTF-8 is between characters, so each run of the line's other
    characters is UTF-8 on its own: one such run is looked for. A U+FFFD
    (whose stand-in may fill a hole) answers ``True``."""
    if "\ufffd" in text:
        return True
    runs = _NON_ASCII_RUNS.findall(text)
    if not runs:
        return False
    for kinds in _byte_kinds():
        for run in runs:
            if any(
                kinds.get(a) == _ENDS_IN_LEAD and kinds.get(b) == _STARTS_WITH_CONTINUATION
                for a, b in pairwise(run)
            ):
                return True
    if MULTIBYTE_MADE.search(text) is None:
        return False
    return any(_reads_as_utf8(run, reader) for reader in MULTIBYTE_READERS for run in runs)


def _reads_as_utf8(run: str, reader: str) -> bool:
    """Whether ``run`` encoded as ``reader`` reads it is UTF-8."""
    try:
        run.encode(python_codec(reader)).decode("utf-8")
    except UnicodeError:
        return False
    return True


def readers_for(text: str) -> tuple[str, ...]:
    """The readers to try: the mixed one only when the text holds both C1
    controls and characters latin-1 lacks (neither table alone reads it);
    the readers of two-byte code pages only when it holds Han, kana or Hangul."""
    readers: tuple[str, ...] = READERS
    if C1_CONTROL.search(text) and _BEYOND_LATIN1.search(text):
        readers = (*readers, MIXED_READER)
    if MULTIBYTE_MADE.search(text):
        readers = (*readers, *MULTIBYTE_READERS)
    return readers


def sequence_length(lead: int) -> int:
    """How many bytes a UTF-8 character led by ``lead`` has (0: no lead byte)."""
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    return 4 if 0xF0 <= lead <= 0xF4 else 0


def c1_stripped_shape(text: str) -> bool:
    """Whether ``text`` has the shape of UTF-8 read as latin-1 by a program
    that then stripped the C1 controls (bytes 80-9F) as control characters:
    encoded as latin-1, every byte beyond ASCII is a UTF-8 lead byte or one
    of the continuation bytes A0-BF after it, never more than its character
    holds; at least three characters, some cut short (a byte lost) and at
    least a third of them keeping a continuation byte (``ÐÐ¾Ð±ÑÑÐ¹`` for
    ``Добрый``, ``ãã¡ã¤ã«`` for ``ファイル``). A legacy text read as a code
    page seldom has it: its letters are mostly lead bytes standing alone
    (cp1251's ``Ïðèâåò``) or continuation bytes after a full character
    (cp874's Thai consonants)."""
    if C1_CONTROL.search(text) or _BEYOND_LATIN1.search(text):
        return False
    raw = text.encode("latin-1")
    leads = kept = cut = 0
    at = 0
    while at < len(raw):
        if raw[at] < 0x80:
            at += 1
            continue
        length = sequence_length(raw[at])
        if length == 0:
            return False
        end = at + 1
        while end < min(at + length, len(raw)) and 0xA0 <= raw[end] <= 0xBF:
            end += 1
        leads += 1
        kept += end > at + 1
        cut += end < at + length
        at = end
    return leads >= 3 and cut > 0 and 3 * kept >= leads
