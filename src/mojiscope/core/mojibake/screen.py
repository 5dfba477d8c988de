"""The cheap test: which lines of a large text may hold mojibake.

The segment map (``segments.py``) cannot ask the explainer about every line
of a gigabyte: most lines must be judged fine at the speed of C. UTF-8 read
as a single-byte code page and saved again leaves a byte pattern behind:
the code page's character for a lead byte (C2..F4), then its characters for
as many continuation bytes (80..BF) as that lead byte needs, each character
written as UTF-8 (``é`` is ``C3 A9``, read as windows-1252 ``Ã©``, saved
``C3 83 C2 A9``). :class:`Screen` looks for that pattern, for each code page
the explainer undoes (``readers.READERS``), with a compiled bytes regex per
reader; a line where one matches (or that holds U+FFFD or a NUL byte) is
*suspicious* and goes to the slower judges. Text read twice or three times
over shows the pattern of its last reading, so one pattern per reader is
enough. Legacy bytes on disk are no UTF-8 at all: :meth:`Screen.scan`
finds the lines holding bytes that are no UTF-8 in the same search
(:data:`_NO_UTF8`) and decodes only those to say where the bytes are.
Legacy text misread and saved
as UTF-8 (Russian in cp1251 read as windows-1252, ``Ïðèâåò``) and Western
text read as another code page (``Th\u03b9\u03b2tre``) leave no reader's pattern;
what they leave instead is looked for too (:data:`LEGACY_NEEDLES`).

Speed. A chunk is first searched with one RE2 pattern (Google's linear-time
engine, whose automaton tries every alternative in one pass over the bytes)
for lines that may be flagged (:meth:`Screen._candidates`: a Latin reader's
sequence, two of a gated group's, U+FFFD, NUL, a legacy mark); only those
lines are checked with the rules below, in CPython's ``re``, which would
otherwise try its alternatives byte by byte over the whole chunk. A property
holds the candidates to the rules over the whole text. The code pages whose
lead characters are all Latin letters (C3, C4 or C5 in UTF-8: windows-1252
and its relatives, the Central European and Baltic ones) are checked
through :meth:`bytes.translate` to one letter per byte class and a plain
substring search for "lead, continuation, start of a continuation
character", then the readers' own patterns. The other code pages
(Cyrillic, Greek, Hebrew, Arabic, Thai, DOS and Mac) are checked only in
a chunk that holds the bytes their lead characters start with, a line
counting when it holds two of their sequences (:data:`GATED_AT_LEAST`:
their letters are a script's own, and correct text pairs them now and
then). The readers' patterns themselves are made in
``reader_patterns.py``, written so that the engine skips to where a match
can start. The DOS
and Mac Latin code pages (cp850, mac-roman) read the lead bytes of Cyrillic
and Greek as Latin letters and common signs,
so they are looked for where Latin text was misread.

Not looked for: UTF-8 read as GBK or Shift_JIS (``readers.MULTIBYTE_READERS``),
which leaves Han and kana, what correct Chinese and Japanese text is made of,
and so no pattern to tell it by. The explainer finds it in the text it reads
(a selection, a file's samples), not line by line through a large file.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

import re2

from mojiscope.core.codecs.recording import RecordingHandler
from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.reader_patterns import (
    by_first_byte,
    byte_literal,
    factored,
    pooled,
    reader_pattern,
    sequence_branches,
)
from mojiscope.core.mojibake.readers import READERS

#: Lead characters of these code pages start with one of these bytes in
#: UTF-8: they are screened through the translated-letters search.
LATIN_LEADS = b"\xc3\xc4\xc5"
#: The lead bytes of the commonest letters in UTF-8 (é, ł, Cyrillic): a Latin
#: reader's character for one of them that is no Latin-1 letter (cp1250 reads
#: C3 as Ă, C5 as Ĺ and D0 as Đ) opens a match (``Screen``).
COMMON_LEADS = bytes([0xC3, 0xC5, 0xD0, 0xD1])
#: Always suspicious: U+FFFD (a character lost before the bytes reached us) and NUL.
MARKERS = (re.compile(b"\xef\xbf\xbd"), re.compile(b"\x00"))
#: Also suspicious: what legacy text misread as a Western code page leaves
#: (Russian in cp1251 read as windows-1252 is ``Ïðèâåò``: three Latin-1
#: characters in a row, which words rarely hold), and what Western text read
#: as another code page leaves (a Latin letter beside a Greek or Cyrillic one,
#: ``Th\u03b9\u03b2tre``; box drawing beside a Latin letter, ``ESPA╤OL``). No
#: misreading of UTF-8 makes these, so the readers' patterns miss them. They
#: are found in the chunk translated to one letter per byte class
#: (:func:`_legacy_table`: ``L`` a Latin-1 lead byte, ``G`` a Greek or
#: Cyrillic one, ``c`` a continuation byte, ``a`` an ASCII letter), where a
#: plain substring search finds them.
LEGACY_NEEDLES = (b"LcLcLc", b"Gca", b"aGc")
#: A non-ASCII byte before ``?``, a straight quote, a line end or the end: where every
#: sequence cut short ends (:meth:`Screen.partial`; a reader's characters
#: for bytes 80-FF are all non-ASCII, so their UTF-8 ends with such a byte).
_CUT_END = re.compile(rb"[\x80-\xff](?:[?'\"]|\r?\n|\Z)")
#: Box drawing (U+2500-U+257F) in UTF-8.
_BOX = rb"\xe2[\x94\x95][\x80-\xbf]"
#: Box drawing beside an ASCII letter.
BOX_BESIDE_LETTER = re.compile(_BOX + rb"(?:[A-Za-z]|(?<=[A-Za-z]...))")
#: The RE2 options of the candidate search (:meth:`Screen._candidates`): a
#: byte is a character (Latin-1), so that the patterns read bytes as the
#: ``re`` patterns here do.
_RE2 = re2.Options()
_RE2.encoding = re2.Options.Encoding.LATIN1
_RE2.max_mem = 64 << 20

#: For RE2: a match in every line that holds bytes that are no UTF-8 (and
#: in a few that do not): a byte no sequence holds, a lead byte without
#: the continuation bytes it needs (or with one its second byte may not be:
#: E0 80, ED A0, F0 80, F4 90), a continuation byte after ASCII or at the
#: start, or after a whole sequence. The continuation byte is matched with
#: the byte before it, which may be the LF that ends the line before.
_NO_UTF8 = (
    rb"[\xc0\xc1\xf5-\xff]",
    rb"[\xc2-\xdf](?:[^\x80-\xbf]|\z)",
    rb"\xe0(?:[^\xa0-\xbf]|\z|[\xa0-\xbf](?:[^\x80-\xbf]|\z))",
    rb"[\xe1-\xec\xee\xef](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z))",
    rb"\xed(?:[^\x80-\x9f]|\z|[\x80-\x9f](?:[^\x80-\xbf]|\z))",
    rb"\xf0(?:[^\x90-\xbf]|\z|[\x90-\xbf](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z)))",
    rb"[\xf1-\xf3](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z)))",
    rb"\xf4(?:[^\x80-\x8f]|\z|[\x80-\x8f](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z)))",
    rb"(?:\A|[\x00-\x7f])[\x80-\xbf]",
    rb"[\xc2-\xdf][\x80-\xbf]{2}",
    rb"[\xe0-\xef][\x80-\xbf]{3}",
    rb"[\xf0-\xf4][\x80-\xbf]{4}",
)
#: Where the runs of :func:`invalid_runs` are recorded (one name a thread).
_RUNS = RecordingHandler("mojiscope-screen-runs")

_LEAD, _CONT, _START, _EITHER = b"L", b"c", b"B", b"X"


def _byte_classes(leads: frozenset[int] | set[int], starts: frozenset[int]) -> bytes:
    """A translation of bytes to letters: a continuation byte "c", a first
    byte of a lead character "L", of a continuation character "B", of
    either "X", any other ".", so that a substring search finds a lead
    character followed by a continuation character."""
    table = bytearray(b"." * 256)
    table[0x80:0xC0] = _CONT * 0x40
    for byte in starts:
        table[byte] = _START[0]
    for byte in leads:
        table[byte] = (_EITHER if byte in starts else _LEAD)[0]
    return bytes(table)


#: The first two bytes of box-drawing characters (U+2500..U+257F): the DOS
#: code pages' readings of most lead bytes, and rare in text.
_BOX_DRAWING = (b"\xe2\x94", b"\xe2\x95")
#: A reader of another script counts only where a line holds two of its
#: sequences: its lead and continuation characters are that script's
#: letters, and correct text pairs them now and then (Russian ``щё``).
GATED_AT_LEAST = 2


def _latin(reader: str) -> bool:
    return reader_pattern(reader).lead_bytes <= frozenset(LATIN_LEADS)


def _prefixed(needles: Iterable[bytes]) -> re.Pattern[bytes]:
    """One regex for ``needles`` that share a first byte (a literal first
    byte: CPython's regex engine skips to it quickly)."""
    ordered = sorted(set(needles))
    first = {n[:1] for n in ordered}
    assert len(first) == 1, first
    head = re.escape(ordered[0][:1])
    return re.compile(head + b"(?:" + b"|".join(re.escape(n[1:]) for n in ordered) + b")")


def _gates(needles: Iterable[bytes]) -> tuple[re.Pattern[bytes], ...]:
    """Literal-prefix regexes for ``needles``, one per first byte."""
    by_first: dict[bytes, list[bytes]] = defaultdict(list)
    for needle in needles:
        by_first[needle[:1]].append(needle)
    return tuple(_prefixed(group) for _, group in sorted(by_first.items()))


@dataclass(frozen=True)
class _Gated:
    """Readers checked with their union pattern where one of ``needles`` stands."""

    readers: tuple[str, ...]
    needles: tuple[bytes, ...]
    #: The alternatives of one or more sequences of a member, each starting
    #: with a literal byte.
    branches: tuple[bytes, ...]
    #: The first bytes of the members' lead characters, one byte each: a
    #: match starts with one.
    lead_bytes: tuple[bytes, ...]
    #: The alternatives of one sequence of a member, each starting with a
    #: literal byte (:attr:`ReaderPattern.starts`).
    starts: tuple[bytes, ...] = ()

    @cached_property
    def pattern(self) -> re.Pattern[bytes]:
        """Their alternation (compiled when first asked)."""
        return re.compile(factored(list(self.branches)))

    def may_start_in(self, data: bytes) -> bool:
        """Whether a byte a match starts with (a member's lead character's
        first byte) stands in ``data``."""
        return any(data.find(byte) >= 0 for byte in self.lead_bytes)

    @cached_property
    def parts(self) -> tuple[re.Pattern[bytes], ...]:
        """``pattern`` cut by first byte (:func:`by_first_byte`), for long
        texts (compiled when first asked)."""
        return by_first_byte(list(self.branches))


class _Gates:
    """Which groups of readers a stretch of bytes calls for: a single-byte
    needle is looked for with ``bytes.find`` (memchr), a group's longer
    ones with one RE2 pattern (:data:`_RE2`), which stops at the first."""

    def __init__(self, groups: tuple[_Gated, ...]) -> None:
        self.single: dict[bytes, set[int]] = defaultdict(set)
        longer: dict[int, list[bytes]] = defaultdict(list)
        for i, group in enumerate(groups):
            for needle in group.needles:
                if len(needle) == 1:
                    self.single[needle].add(i)
                else:
                    longer[i].append(needle)
        self.longer = {
            i: re2.compile(b"|".join(b"".join(map(byte_literal, n)) for n in sorted(needles)), _RE2)
            for i, needles in longer.items()
        }

    def open(self, data: bytes, start: int, stop: int) -> set[int]:
        opened: set[int] = set()
        for needle, groups in self.single.items():
            if not groups <= opened and data.find(needle, start, stop) >= 0:
                opened |= groups
        for i, pattern in self.longer.items():
            if i not in opened and pattern.search(data, start, stop) is not None:
                opened.add(i)
        return opened


class Screen:
    """The cheap test over chunks of text (see the module docstring)."""

    def __init__(self, readers: tuple[str, ...] = READERS) -> None:
        self.readers = readers
        self.latin = tuple(reader_pattern(r) for r in readers if _latin(r))
        #: One mojibake sequence of any Latin reader (their lead and
        #: continuation characters pooled), matched where a search below hits.
        self._latin_union = pooled([p.reader for p in self.latin])
        conts = frozenset(b for p in self.latin for b in p.cont_bytes)
        leads = frozenset(b for p in self.latin for b in p.lead_bytes)
        # "C3 xx" (a Latin-1 letter: windows-1252's and its relatives' lead
        # characters), a continuation byte, then the first byte of one of
        # their continuation characters: the letters "LcB" once translated.
        self._table = _byte_classes(leads={0xC3}, starts=conts - {0xC3})
        # Any Latin reader's sequence, whatever its lead byte (C3, C4 or C5).
        self._anywhere = _byte_classes(leads=leads, starts=conts)
        self._anywhere_hits = tuple(
            a + _CONT + b for a in (_LEAD, _EITHER) for b in (_START, _EITHER)
        )
        # The Latin readers' characters for the commonest lead bytes that are
        # no Latin-1 letter: where one stands, a match is tried.
        self._lead_gates = _gates(
            char.encode()
            for p in self.latin
            for char in (bytes([b]).decode(python_codec(p.reader), "replace") for b in COMMON_LEADS)
            if char != "\ufffd" and char.encode()[0] != 0xC3
        )
        self.gated = tuple(self._gated([r for r in readers if not _latin(r)]))
        self._gates = _Gates(self.gated)
        self._candidate_patterns: dict[tuple[frozenset[int], bool], Any] = {}
        self._every_group = frozenset(range(len(self.gated)))

    @staticmethod
    def _gated(others: list[str]) -> Iterator[_Gated]:
        """The other readers, grouped by the script of their lead characters;
        a group is checked where a byte its lead characters start with occurs
        (for the DOS and Mac code pages, whose lead characters include
        common signs, where one of their lead characters for C3, C4 or C5,
        the commonest lead bytes, occurs)."""
        groups: dict[frozenset[int], list[str]] = defaultdict(list)
        for reader in others:
            groups[reader_pattern(reader).lead_bytes & frozenset(range(0xC6, 0xFF))].append(reader)
        for _, members in sorted(groups.items(), key=lambda kv: sorted(kv[0])):
            branches = sequence_branches([list(reader_pattern(r).starts) for r in members])
            leads = {b for r in members for b in reader_pattern(r).lead_bytes}
            if leads & {0xC2, 0xE2}:
                needles = {
                    char.encode()
                    for r in members
                    for b in (0xC3, 0xC4, 0xC5, 0xCE, 0xCF, 0xD0, 0xD1)
                    if (char := bytes([b]).decode(python_codec(r)))
                    and (b in (0xC3, 0xC4, 0xC5) or char.encode()[:2] in _BOX_DRAWING)
                }
            else:
                needles = {bytes([b]) for b in leads - set(LATIN_LEADS) or leads}
            firsts = tuple(bytes([b]) for b in sorted(leads))
            starts = tuple(start for r in members for start in reader_pattern(r).starts)
            yield _Gated(tuple(members), tuple(sorted(needles)), tuple(branches), firsts, starts)

    # -- asking ---------------------------------------------------------------------

    def suspicious(self, data: bytes, start: int = 0, end: int | None = None) -> list[int]:
        """Where lines of ``data[start:end]`` that may hold mojibake begin,
        sorted (a line ends just after LF; the last may have none): the
        lines :meth:`_candidates` finds, each confirmed by :meth:`_confirmed`."""
        return self._lines(data, start, len(data) if end is None else end, None)

    def scan(self, data: bytes) -> tuple[list[int], list[tuple[int, int]]]:
        """The :meth:`suspicious` lines of ``data``, and its runs of bytes
        that are no UTF-8 (:func:`invalid_runs`), in one pass: the candidate
        search also finds every line holding such a byte (:data:`_NO_UTF8`),
        and only those lines are decoded."""
        runs: list[tuple[int, int]] = []
        return self._lines(data, 0, len(data), runs), runs

    def _lines(
        self, data: bytes, start: int, stop: int, runs: list[tuple[int, int]] | None
    ) -> list[int]:
        """:meth:`suspicious`, and with ``runs`` :meth:`scan`'s runs added to it.
        A candidate belongs to the line of its last byte, or of the LF it
        ends with (:data:`_NO_UTF8` matches a continuation byte with the
        byte before it, which may end the line before), so each search
        starts on the LF before the line after the last."""
        if data.isascii() and b"\x00" not in data:
            return []
        invalid = runs is not None
        if self._candidates(self._every_group, invalid).search(data, start, stop) is None:
            return []  # with every group open there is none: none is flagged (a short text, often)
        opened = frozenset(self._gates.open(data, start, stop))
        candidates = self._candidates(opened, invalid)
        found: set[int] = set()
        position = start
        while position < stop:
            match = candidates.search(data, max(start, position - 1), stop)
            if match is None:
                break
            last = match.end() - 1
            line = max(data.rfind(b"\n", start, last) + 1, start)
            after = data.find(b"\n", last, stop)
            position = stop if after < 0 else after + 1
            self._confirmed(data, line, position, opened, found)
            if runs is not None:
                runs += _runs_in(data, line, position)
        return sorted(found)

    def _candidates(self, opened: frozenset[int], invalid: bool = False) -> Any:
        """One RE2 pattern (:data:`_RE2`) that matches in every line
        :meth:`_confirmed` would flag, given the gated groups ``opened``: a
        sequence of any Latin reader (their pooled pattern), two sequences of
        an opened group's members (a line it flags holds two), U+FFFD, NUL,
        and the marks of :func:`legacy_marks`, each written for RE2; with
        ``invalid``, also in every line holding bytes that are no UTF-8
        (:data:`_NO_UTF8`). Made once per set of groups."""
        kept = self._candidate_patterns.get((opened, invalid))
        if kept is None:
            groups = [b"(?:" + b"|".join(self.gated[i].starts) + b")" for i in sorted(opened)]
            branches = [
                self._latin_union.pattern,
                *(group + rb"[^\n]*" + group for group in groups),
                rb"\xef\xbf\xbd",
                rb"\x00",
                *_LEGACY_CANDIDATES,
                *(_NO_UTF8 if invalid else ()),
            ]
            kept = re2.compile(b"|".join(b"(?:" + b + b")" for b in branches), _RE2)
            self._candidate_patterns[opened, invalid] = kept
        return kept

    def _confirmed(
        self, data: bytes, start: int, stop: int, opened: frozenset[int], found: set[int]
    ) -> None:
        """The lines of ``data[start:stop]`` the screen flags (see the module
        docstring), the gated groups ``opened`` by the whole chunk, added to
        ``found``."""
        self._latin_lines(data, start, stop, found)
        union = self._latin_union
        for gate in self._lead_gates:
            if data.find(gate.pattern[:1], start, stop) >= 0:
                _pattern_lines(gate, data, start, stop, found, union)
        for i in sorted(opened):
            _pattern_lines(self.gated[i].pattern, data, start, stop, found, twice=True)
        for marker in MARKERS:
            if data.find(marker.pattern[:1], start, stop) >= 0:
                _pattern_lines(marker, data, start, stop, found)
        _legacy_lines(data, start, stop, found)

    def _latin_lines(self, data: bytes, start: int, stop: int, found: set[int]) -> None:
        if data.find(b"\xc3", start, stop) < 0:
            return
        letters = data[start:stop].translate(self._table)
        union, hit = self._latin_union, _LEAD + _CONT + _START
        at = letters.find(hit)
        while at >= 0:
            position = start + at
            if union.match(data, position) is None:
                at = letters.find(hit, at + 1)
                continue
            found.add(max(data.rfind(b"\n", start, position) + 1, start))
            end = data.find(b"\n", position, stop)
            if end < 0:
                return
            at = letters.find(hit, end + 1 - start)

    def _latin_sequence(self, data: bytes) -> bool:
        """Whether the Latin readers' pooled pattern matches somewhere in
        ``data``: tried only where the translated bytes say a lead byte, a
        continuation byte and a continuation character's first byte stand."""
        letters = data.translate(self._anywhere)
        for hit in self._anywhere_hits:
            at = letters.find(hit)
            while at >= 0:
                if self._latin_union.match(data, at) is not None:
                    return True
                at = letters.find(hit, at + 1)
        return False

    def holds_mojibake(self, data: bytes) -> bool:
        """Whether ``data`` (a line, a field, a repaired text: something
        short) holds the pattern of any reader, U+FFFD, NUL, or what a legacy
        or Western misreading leaves (:data:`LEGACY_NEEDLES`)."""
        if data.isascii():
            return b"\x00" in data
        if self._latin_sequence(data):
            return True
        if b"\xef\xbf\xbd" in data or b"\x00" in data:
            return True
        if legacy_marks(data):
            return True
        found: set[int] = set()
        for i in self._gates.open(data, 0, len(data)):
            _pattern_lines(self.gated[i].pattern, data, 0, len(data), found, twice=True)
            if found:
                return True
        return False

    def any_sequence(self, data: bytes) -> bool:
        """Whether ``data`` (something short) holds one mojibake sequence of
        any reader: every reader's pattern is searched, none gated by its
        lead characters or counted twice (a group's pattern is asked cut by
        first byte: one of its parts matches where it does, and sooner)."""
        if self._latin_sequence(data):
            return True
        return any(
            gated.may_start_in(data) and any(part.search(data) for part in gated.parts)
            for gated in self.gated
        )

    def partial(self, data: bytes, reader: str | None = None) -> bool:
        """Whether ``data`` holds one of ``reader``'s sequences (any Latin
        reader's, by default) cut short before ``?`` or a line end (a byte
        lost: ``â€?`` for ``”``)."""
        if _CUT_END.search(data) is None:
            return False  # such a sequence ends with a non-ASCII byte
        if reader is not None:
            return reader_pattern(reader).partial.search(data) is not None
        return any(p.partial.search(data) is not None for p in self.latin)

    def runs(self, data: bytes, reader: str) -> list[tuple[int, int]]:
        """The runs of ``reader``'s mojibake sequences in ``data``, in order."""
        return [m.span() for m in reader_pattern(reader).pattern.finditer(data)]


@cache
def _legacy_table() -> bytes:
    """The byte classes of :data:`LEGACY_NEEDLES`."""
    table = bytearray(b"." * 256)
    for byte in b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz":
        table[byte] = ord("a")
    for byte in range(0x80, 0xC0):
        table[byte] = ord("c")
    table[0xC2] = table[0xC3] = ord("L")
    for byte in range(0xCD, 0xD4):
        table[byte] = ord("G")
    return bytes(table)


def _class_of(letter: int) -> bytes:
    """A regex class of the bytes :func:`_legacy_table` writes as ``letter``."""
    members = bytes(b for b in range(256) if _legacy_table()[b] == letter)
    return b"[" + b"".join(b"\\x%02x" % b for b in members) + b"]"


#: :data:`LEGACY_NEEDLES` and :data:`BOX_BESIDE_LETTER` as RE2 patterns over
#: the bytes themselves (a needle's letters as the classes of bytes they
#: stand for; the box beside a letter after it or before it).
_LEGACY_CANDIDATES = (
    *(b"".join(_class_of(letter) for letter in needle) for needle in LEGACY_NEEDLES),
    _BOX + rb"[A-Za-z]",
    rb"[A-Za-z]" + _BOX,
)


def legacy_marks(data: bytes) -> bool:
    """Whether ``data`` holds one of :data:`LEGACY_NEEDLES` or
    :data:`BOX_BESIDE_LETTER`."""
    letters = data.translate(_legacy_table())
    if any(needle in letters for needle in LEGACY_NEEDLES):
        return True
    return BOX_BESIDE_LETTER.search(data) is not None


def _legacy_lines(data: bytes, start: int, stop: int, found: set[int]) -> None:
    """Lines where one of :data:`LEGACY_NEEDLES` or :data:`BOX_BESIDE_LETTER` is."""
    letters = data[start:stop].translate(_legacy_table())
    for needle in LEGACY_NEEDLES:
        if b"G" in needle and b"G" not in letters:
            continue  # no Greek or Cyrillic letter to stand beside a Latin one
        at = letters.find(needle)
        while at >= 0:
            position = start + at
            found.add(max(data.rfind(b"\n", start, position) + 1, start))
            end = data.find(b"\n", position, stop)
            if end < 0:
                break
            at = letters.find(needle, end + 1 - start)
    _pattern_lines(BOX_BESIDE_LETTER, data, start, stop, found)


def _pattern_lines(
    pattern: re.Pattern[bytes],
    data: bytes,
    start: int,
    stop: int,
    found: set[int],
    confirm: re.Pattern[bytes] | None = None,
    *,
    twice: bool = False,
) -> None:
    """Lines where ``pattern`` matches (and, with ``confirm``, where
    ``confirm`` matches at the same place; with ``twice``, where it matches
    twice, apart: see :data:`GATED_AT_LEAST`)."""
    position = start
    while True:
        match = pattern.search(data, position, stop)
        if match is None:
            return
        if confirm is not None and confirm.match(data, match.start()) is None:
            position = match.start() + 1
            continue
        end = data.find(b"\n", match.start(), stop)
        end = stop if end < 0 else end + 1
        if not twice or pattern.search(data, match.end(), end) is not None:
            found.add(max(data.rfind(b"\n", start, match.start()) + 1, start))
            position = end
        else:
            position = match.end()


def invalid_runs(data: bytes) -> list[tuple[int, int]]:
    """The runs of bytes of ``data`` that are no UTF-8 (neighbouring errors
    joined), as CPython's UTF-8 decoder finds them."""
    runs: list[tuple[int, int]] = []

    def record(error: UnicodeDecodeError) -> tuple[str, int]:
        if runs and runs[-1][1] == error.start:
            runs[-1] = (runs[-1][0], error.end)
        else:
            runs.append((error.start, error.end))
        return "", error.end

    _RUNS.decode(data, "utf-8", record)
    return runs


def gaps(runs: list[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """The stretches of ``[0, size)`` between ``runs`` (in order, not
    overlapping), each ``(start, end)``, empty ones included."""
    starts = [0, *(end for _, end in runs)]
    ends = [*(start for start, _ in runs), size]
    return list(zip(starts, ends, strict=True))


def _runs_in(data: bytes, start: int, stop: int) -> list[tuple[int, int]]:
    """:func:`invalid_runs` of the line ``data[start:stop]``, as offsets of
    ``data`` (a line's runs are its own: LF is UTF-8 wherever it stands)."""
    line = data[start:stop]
    if line.isascii():
        return []
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return [(start + a, start + b) for a, b in invalid_runs(line)]
    return []


@cache
def screen() -> Screen:
    """The screen over every reader the explainer undoes (made once)."""
    return Screen()
