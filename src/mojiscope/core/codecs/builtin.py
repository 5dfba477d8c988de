"""The formats Mojiscope ships, in the order they are listed."""

from __future__ import annotations

from mojiscope.core.codecs.cesu8 import CESU8, MUTF8
from mojiscope.core.codecs.cutf8.format import CUTF8
from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.legacy.codepage import LegacyFormat
from mojiscope.core.codecs.legacy.whatwg import WINDOWS_1252
from mojiscope.core.codecs.stf7.format import STF7
from mojiscope.core.codecs.utf8.variants import UTF8, UTF8B, WTF8, XTF8
from mojiscope.core.codecs.wide.utf16 import UTF16, UTF16BE, UTF16LE, WTF16BE, WTF16LE
from mojiscope.core.codecs.wide.utf32 import UTF32, UTF32BE, UTF32LE

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
    CESU8,
    MUTF8,
    WINDOWS_1252,
]
