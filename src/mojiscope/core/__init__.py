"""Mojiscope's codec engine: formats that decode bytes into text *and* say
what happened to every byte (spans). Pure Python (stdlib and numpy); no Qt.

The stable public API::

    from mojiscope.core import decode, encode, get_format, formats
    d = decode(b"caf\\xc3\\xa9 \\xff", "utf-8", errors="replace")
    d.text, list(d.spans)
    encode("text", "xtf-8", errors="strict")
"""

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Encoding, Format, IncrementalDecoder, join_decodings
from mojiscope.core.codecs.registry import decode, encode, formats, get_format, register
from mojiscope.core.errors import (
    DecodeError,
    EncodeError,
    HexParseError,
    MojiscopeError,
    UnknownFormatError,
)
from mojiscope.core.spans.event import ERROR_KINDS, Reason, Span, SpanKind
from mojiscope.core.system.source import BytesSource, FileSource, Source

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
