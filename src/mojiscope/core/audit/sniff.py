"""Telling from the first bytes whether a file is text at all, and whether it
is UTF-16 or UTF-32 rather than a byte-oriented encoding.

* A byte order mark of UTF-32 or UTF-16 names that form (UTF-32's first:
  ``FF FE 00 00`` begins with UTF-16LE's).
* Without one, NUL bytes in the head (:data:`HEAD_BYTES`, as git decides
  that a file is binary) make it binary, unless they fall in the pattern that
  ASCII leaves in UTF-16 or UTF-32 (:func:`~mojiscope.core.index.summary.nul_pattern_fit`
  of at least :data:`NUL_PATTERN_FIT` in one byte order).
* Bytes with no NUL are binary when more than :data:`CONTROL_SHARE` of the
  head are C0 controls other than tab, line feed, form feed, carriage
  return and escape (terminal colours in logs).
"""

from __future__ import annotations

from dataclasses import dataclass

from mojiscope.core.index.summary import nul_pattern_fit

HEAD_BYTES = 8000
"""Bytes looked at (git's own figure for its binary test)."""

NUL_PATTERN_FIT = 0.9
"""The share of units whose high bytes are zero that makes NULs UTF-16/32 ASCII."""

CONTROL_SHARE = 0.1
"""The share of odd C0 controls above which a head without NULs is binary."""

_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32le"),
    (b"\x00\x00\xfe\xff", "utf-32be"),
    (b"\xff\xfe", "utf-16le"),
    (b"\xfe\xff", "utf-16be"),
)
_ODD_CONTROLS = bytes(b for b in range(0x20) if b not in b"\t\n\f\r\x1b\x00")


@dataclass(frozen=True)
class Sniffed:
    """What the head says: ``binary`` (with why), or the ``wide`` Unicode form
    the bytes are in (``utf-16le``...) with whether a BOM said so, or neither
    (a byte-oriented encoding: UTF-8 or a code page)."""

    binary: str = ""
    wide: str = ""
    bom: bool = False


def sniff(head: bytes) -> Sniffed:
    """Judge the first bytes of a file (see the module docstring)."""
    for mark, form in _BOMS:
        if head.startswith(mark):
            return Sniffed(wide=form, bom=True)
    head = head[:HEAD_BYTES]
    if 0 in head:
        # ASCII in UTF-16 is half NULs, in UTF-32 three quarters: fewer, and
        # neither pattern can fit (a cheap test before the per-unit one).
        wide_enough = head.count(0) * 2 >= len(head) * NUL_PATTERN_FIT
        for unit, form in ((4, "utf-32"), (2, "utf-16")):
            for little, order in ((True, "le"), (False, "be")):
                if wide_enough and nul_pattern_fit(head, unit, little) >= NUL_PATTERN_FIT:
                    return Sniffed(wide=form + order)
        return Sniffed(binary=f"NUL bytes in the first {HEAD_BYTES:,} bytes")
    odd = len(head) - len(head.translate(None, _ODD_CONTROLS))
    if head and odd > CONTROL_SHARE * len(head):
        return Sniffed(binary=f"{odd:,} control bytes in the first {len(head):,}")
    return Sniffed()
