"""Mojiscope's codec engine: formats that decode bytes into text *and* say
what happened to every byte (spans). Pure Python (stdlib and numpy); no Qt.

The stable public API::

    from mojiscope.core import decode, encode, get_format, formats
    d = decode(b"caf\\xc3\\xa9 \\xff", "utf-8", errors="replace")
    d.text, list(d.spans)
    encode("text", "xtf-8", errors="strict")
"""

from mojiscope.core.decoding import Decoding
from mojiscope.core.errors import (
    DecodeError,
    EncodeError,
    HexParseError,
    MojiscopeError,
    UnknownFormatError,
)
from mojiscope.core.format import Encoding, Format, IncrementalDecoder, join_decodings
from mojiscope.core.registry import decode, encode, formats, get_format, register
from mojiscope.core.source import BytesSource, FileSource, Source
from mojiscope.core.spans import ERROR_KINDS, Reason, Span, SpanKind

__all__ = [
    "ERROR_KINDS",
    "BytesSource",
    "DecodeError",
    "Decoding",
    "EncodeError",
    "Encoding",
    "FileSource",
    "Format",
    "HexParseError",
    "IncrementalDecoder",
    "MojiscopeError",
    "Reason",
    "Source",
    "Span",
    "SpanKind",
    "UnknownFormatError",
    "decode",
    "encode",
    "formats",
    "get_format",
    "join_decodings",
    "register",
]
