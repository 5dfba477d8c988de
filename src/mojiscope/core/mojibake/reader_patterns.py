"""What UTF-8 read as a single-byte code page and saved again looks like,
as regexes over the bytes: a *reader*'s lead character (its reading of a
lead byte C2..F4) followed by its characters for as many continuation
bytes (80..BF) as that lead byte needs, each written as UTF-8.

:func:`reader_pattern` gives one reader's :class:`ReaderPattern`;
:func:`pooled` one sequence of any of several readers. Every pattern here
is written as an alternation whose branches each start with a literal
byte (:func:`sequences`; branches that start with the same byte share it:
:func:`factored`), which CPython's regex engine turns into a set of first
bytes to skip to; it matches exactly what ``(?:sequence)+`` does. The
screen (``screen.py``) searches text with them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

from mojiscope.core.mojibake.chain import python_codec


def chars_read(reader: str, lo: int, hi: int) -> set[str]:
    """The characters ``reader`` reads bytes ``lo..hi`` as (those it defines)."""
    codec = python_codec(reader)
    found = set()
    for byte in range(lo, hi + 1):
        try:
            found.add(bytes([byte]).decode(codec))
        except UnicodeDecodeError:
            continue
    return found


def utf8_class(chars: Iterable[str]) -> bytes:
    """A bytes regex matching the UTF-8 encoding of any of ``chars``:
    encodings grouped by all but their last byte, the last as a class."""
    return b"(?:" + b"|".join(_utf8_branches(chars)) + b")"


def _utf8_branches(chars: Iterable[str]) -> list[bytes]:
    """:func:`utf8_class`'s alternatives, each starting with a literal byte
    (at most one of them matches at any position: UTF-8 is a prefix code)."""
    tree: dict[bytes, set[int]] = defaultdict(set)
    for char in chars:
        encoded = char.encode("utf-8")
        tree[encoded[:-1]].add(encoded[-1])
    branches = []
    for prefix, lasts in sorted(tree.items()):
        ordered = sorted(lasts)
        ranges: list[tuple[int, int]] = []
        for byte in ordered:
            if ranges and byte == ranges[-1][1] + 1:
                ranges[-1] = (ranges[-1][0], byte)
            else:
                ranges.append((byte, byte))
        members = b"".join(
            byte_literal(lo) if lo == hi else byte_literal(lo) + b"-" + byte_literal(hi)
            for lo, hi in ranges
        )
        head = b"".join(byte_literal(byte) for byte in prefix)
        branches.append(head + b"[" + members + b"]")
    return branches


@dataclass(frozen=True)
class ReaderPattern:
    """What UTF-8 read as ``reader`` and saved as UTF-8 looks like."""

    reader: str
    #: First bytes of the UTF-8 of its lead characters.
    lead_bytes: frozenset[int]
    #: First bytes of the UTF-8 of its continuation characters.
    cont_bytes: frozenset[int]
    #: A sequence missing its last continuation character, before ``?``, a
    #: straight quote or the end of a line: what a program that lost a byte
    #: leaves, or one that straightened the curly quote the byte was read as.
    partial: re.Pattern[bytes]
    #: The alternatives of one sequence, each starting with a literal byte.
    starts: tuple[bytes, ...] = ()

    @cached_property
    def pattern(self) -> re.Pattern[bytes]:
        """One or more of its sequences in a row (compiled when first asked:
        the screen itself asks only for the readers' pooled patterns)."""
        return sequences([list(self.starts)])


@cache
def reader_pattern(reader: str) -> ReaderPattern:
    """The pattern of one or more mojibake sequences in a row for ``reader``
    (a lead character and the continuation characters it needs)."""
    leads = (
        chars_read(reader, 0xC2, 0xDF),
        chars_read(reader, 0xE0, 0xEF),
        chars_read(reader, 0xF0, 0xF4),
    )
    cont = chars_read(reader, 0x80, 0xBF)
    c = utf8_class(cont)
    starts = [
        branch + c * count
        for lead, count in zip(leads, (1, 2, 3), strict=True)
        for branch in _utf8_branches(lead)
    ]
    lead_bytes = frozenset(ch.encode()[0] for group in leads for ch in group)
    cont_bytes = frozenset(ch.encode()[0] for ch in cont)
    partial = b"|".join(
        utf8_class(lead) + c * (count - 1)
        for lead, count in zip(leads, (1, 2, 3), strict=True)
        if lead
    )
    return ReaderPattern(
        reader,
        lead_bytes,
        cont_bytes,
        re.compile(b"(?:" + partial + b")(?=[?'\"]|\\r?\\n|\\Z)"),
        tuple(starts),
    )


def sequences(readers_starts: list[list[bytes]]) -> re.Pattern[bytes]:
    """One or more sequences in a row of one reader, for any of several
    readers (each given by its :attr:`ReaderPattern.starts`, tried in the
    order given). Written as one alternation whose every branch starts with
    a literal byte, a first sequence then more of the same reader's, so
    that CPython's regex engine skips to the bytes a match can start with
    instead of trying the whole pattern at every byte; it matches exactly
    what ``(?:one)+|(?:one')+`` does."""
    branches = sequence_branches(readers_starts)
    return re.compile(factored(branches) if branches else b"(?!)")


def sequence_branches(readers_starts: list[list[bytes]]) -> list[bytes]:
    """:func:`sequences`'s branches, in order: per reader and first byte,
    ``byte(?:rest|rest')more``, which matches as ``byte rest more|byte rest'
    more`` does (``more``, a repeat, never fails), with ``more`` written
    once per first byte instead of once per sequence (a smaller pattern,
    compiled sooner)."""
    branches = []
    for starts in readers_starts:
        more = b"(?:" + factored(starts) + b")*"
        for key, group in _grouped(starts).items():
            rests = factored([start[len(key) :] for start in group])
            branches.append(key + b"(?:" + rests + b")" + more)
    return branches


def _grouped(branches: list[bytes]) -> dict[bytes, list[bytes]]:
    """``branches`` grouped by their first literal byte (a branch that does
    not start with one is a group of its own), each group in order."""
    groups: dict[bytes, list[bytes]] = {}
    for branch in branches:
        literal = _LITERAL.match(branch)
        groups.setdefault(literal.group() if literal is not None else branch, []).append(branch)
    return groups


def by_first_byte(branches: list[bytes]) -> tuple[re.Pattern[bytes], ...]:
    """The alternation of ``branches`` cut into one pattern per first byte
    (each keeping its branches' order): at any position only the pattern of
    the byte there can match, and it matches as the whole alternation does
    (see :func:`factored`). A pattern with one literal first byte is
    searched with ``memchr``; one whose first byte is any of several checks
    every byte against a set, several times slower over a chunk."""
    return tuple(re.compile(factored(group)) for group in _grouped(branches).values())


#: A literal byte at the start of a branch (:func:`byte_literal`).
_LITERAL = re.compile(rb"\\x[0-9a-f]{2}|[\x80-\xff]")


def byte_literal(byte: int) -> bytes:
    """A byte as a regex writes it: itself from 80 up (no byte there means
    anything to the regex, and the regex parser reads a byte much sooner
    than an escape: the screen's patterns compile in about half the time),
    escaped below."""
    return bytes([byte]) if byte >= 0x80 else b"\\x%02x" % byte


def factored(branches: list[bytes]) -> bytes:
    """The alternation of ``branches`` with the branches that start with the
    same literal byte under one prefix, in their order (``\\xc3A|\\xc3B``
    becomes ``\\xc3(?:A|B)``), and so on for the bytes that follow.
    Branches whose first bytes differ never both match at one position, and
    each group keeps its branches' order, so the first branch that matches
    is the same: the same matches, but at a byte where a match may start the
    engine tries the few branches that start with it instead of every one."""
    out = []
    for key, members in _grouped(branches).items():
        if len(members) == 1:
            out.append(members[0])
        else:
            out.append(key + b"(?:" + factored([m[len(key) :] for m in members]) + b")")
    return b"|".join(out)


def pooled(readers: list[str]) -> re.Pattern[bytes]:
    """One sequence of any of ``readers``: their lead characters and their
    continuation characters pooled (a little looser than each reader's own
    pattern, and much faster to match than their alternation)."""
    if not readers:
        return re.compile(b"(?!)")
    cont = utf8_class(set().union(*(chars_read(r, 0x80, 0xBF) for r in readers)))
    branches = []
    for (lo, hi), count in zip(((0xC2, 0xDF), (0xE0, 0xEF), (0xF0, 0xF4)), (1, 2, 3), strict=True):
        leads = set().union(*(chars_read(r, lo, hi) for r in readers))
        if leads:
            branches.append(utf8_class(leads) + cont * count)
    return re.compile(b"|".join(branches))
