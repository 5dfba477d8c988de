"""Which characters read as UTF-8 seen through windows-1252 or latin-1: runs
of a lead byte's character and the continuation bytes' characters it needs.

Text that holds such runs likely still holds mojibake (``Ã©``, ``â€™``,
``â\\x80\\x99``); text repaired right holds few. :func:`utf8_runs` finds them
(the piece-by-piece repair undoes each, ``pieces.py``; the model counts them,
``features.py``). The table is the mixed reader's
(``extra_codecs.MIXED_1252``): either code page's character for a byte.
"""

from __future__ import annotations

import re
from functools import cache

from mojiscope.core.mojibake.extra_codecs import MIXED_1252


@cache
def utf8_runs() -> re.Pattern[str]:
    """The pattern of one or more such sequences in a row."""
    table: dict[int, list[str]] = {}
    for byte in range(0x80, 0x100):
        # Either code page's character for the byte (U+02C6 and U+0088 are both 88).
        table[byte] = sorted({bytes([byte]).decode(MIXED_1252), chr(byte)})

    def chars(lo: int, hi: int) -> str:
        members = (re.escape(c) for b in range(lo, hi + 1) for c in table.get(b, []))
        return "[" + "".join(members) + "]"

    cont = chars(0x80, 0xBF)
    lead2, lead3, lead4 = chars(0xC2, 0xDF), chars(0xE0, 0xEF), chars(0xF0, 0xF4)
    return re.compile(f"(?:{lead2}{cont}|{lead3}{cont}{{2}}|{lead4}{cont}{{3}})+")
