"""The formats Mojiscope ships, in the order they are listed."""

from __future__ import annotations

from mojiscope.core.cutf8 import CUTF8
from mojiscope.core.format import Format
from mojiscope.core.legacy import LegacyFormat
from mojiscope.core.stf7 import STF7
from mojiscope.core.utf8 import UTF8, UTF8B, WTF8, XTF8
from mojiscope.core.utf16 import UTF16, UTF16BE, UTF16LE, WTF16BE, WTF16LE
from mojiscope.core.utf32 import UTF32, UTF32BE, UTF32LE

BUILTINS: list[Format] = [
    UTF8,
    UTF8B,
    WTF8,
    XTF8,
    STF7,
    CUTF8,
    WTF16LE,
    WTF16BE,
    UTF16LE,
    UTF16BE,
    LegacyFormat("cp1252"),
    LegacyFormat("latin-1"),
    LegacyFormat("cp437"),
    LegacyFormat("koi8-r"),
    LegacyFormat("shift_jis"),
    LegacyFormat("gb18030"),
    UTF16,
    UTF32LE,
    UTF32BE,
    UTF32,
]
