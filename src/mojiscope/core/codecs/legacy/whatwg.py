"""``windows-1252`` as browsers read it: the WHATWG Encoding Standard's index.

Python's ``cp1252`` leaves five bytes undefined (81 8D 8F 90 9D) and refuses
them; every browser, and every program built on the WHATWG Encoding Standard,
decodes them to the C1 control of the same value (81 -> U+0081). Mojibake made
by a browser or by such a program therefore keeps those bytes, and only this
table can undo it exactly. ``cp1252`` stays Python's strict table.

The table is Python's cp1252 with the five holes filled, so it cannot drift
from CPython's; it is exposed as a Python codec (``whatwg-windows-1252``,
registered on import) so that the legacy adapter, the mojibake explainer and
``str.encode`` all share one definition. Every byte decodes and every
character of the table encodes back to its byte.
"""

from __future__ import annotations

import codecs
from typing import Any

from mojiscope.core.codecs.legacy.codepage import LegacyFormat

#: The bytes Python's cp1252 leaves undefined; WHATWG maps each to U+0080 + (byte - 0x80).
CP1252_HOLES = bytes.fromhex("81 8D 8F 90 9D")

CODEC_NAME = "whatwg-windows-1252"


def _decoding_table() -> str:
    chars = []
    for byte in range(256):
        try:
            chars.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            chars.append(chr(byte))
    return "".join(chars)


DECODING_TABLE = _decoding_table()
_ENCODING_TABLE: Any = codecs.charmap_build(DECODING_TABLE)


def _encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
    return codecs.charmap_encode(text, errors, _ENCODING_TABLE)


def _decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
    return codecs.charmap_decode(data, errors, DECODING_TABLE)


class _IncrementalEncoder(codecs.IncrementalEncoder):
    def encode(self, input: str, final: bool = False) -> bytes:
        return _encode(input, self.errors)[0]


class _IncrementalDecoder(codecs.IncrementalDecoder):
    def decode(self, input: bytes, final: bool = False) -> str:  # type: ignore[override]
        return _decode(input, self.errors)[0]


class _StreamWriter(codecs.StreamWriter):
    def encode(self, input: str, errors: str = "strict") -> tuple[bytes, int]:
        return _encode(input, errors)


class _StreamReader(codecs.StreamReader):
    def decode(self, input: bytes, errors: str = "strict") -> tuple[str, int]:
        return _decode(input, errors)


_INFO = codecs.CodecInfo(
    name=CODEC_NAME,
    encode=_encode,
    decode=_decode,  # type: ignore[arg-type]
    incrementalencoder=_IncrementalEncoder,
    incrementaldecoder=_IncrementalDecoder,
    streamreader=_StreamReader,
    streamwriter=_StreamWriter,
)


def _search(name: str) -> codecs.CodecInfo | None:
    if name.replace("-", "_") == CODEC_NAME.replace("-", "_"):
        return _INFO
    return None


codecs.register(_search)


class Windows1252(LegacyFormat):
    """``windows-1252``: the WHATWG table as a format (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(CODEC_NAME)
        self.id = "windows-1252"  # type: ignore[misc]
        self.aliases = (CODEC_NAME,)  # type: ignore[misc]
        self.description = (  # type: ignore[misc]
            "windows-1252 as browsers read it (WHATWG: 81 8D 8F 90 9D are C1 controls)"
        )


WINDOWS_1252 = Windows1252()
