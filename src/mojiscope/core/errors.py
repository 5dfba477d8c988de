"""The one family of exceptions that core raises for bad bytes or text.

``DecodeError`` and ``EncodeError`` subclass :class:`UnicodeError`, so code
that already catches ``UnicodeError`` keeps working; each carries the span at
fault, so a message can name the byte offset, the reason and the bytes.
"""

from __future__ import annotations

from mojiscope.core.spans.event import REASON_WORDS, Span


class MojiscopeError(Exception):
    """Base of every error core raises on purpose (bad input, unknown format)."""


class UnknownFormatError(MojiscopeError, LookupError):
    """No format has that id or alias."""


class DecodeError(MojiscopeError, UnicodeError):
    """Strict decoding met a span of an error kind.

    ``span`` has absolute offsets; ``data`` holds the span's bytes.
    """

    def __init__(self, format_id: str, span: Span, data: bytes) -> None:
        self.format_id = format_id
        self.span = span
        self.data = bytes(data)
        reason = span.reason
        words = REASON_WORDS[reason] if reason is not None else span.kind.value
        super().__init__(
            f"{format_id}: cannot decode bytes {self.data.hex(' ').upper()} at byte offset "
            f"{span.byte_start} ({span.kind.value}"
            f"{', ' + reason.value if reason else ''}: {words})"
        )

    @property
    def offset(self) -> int:
        return self.span.byte_start


class EncodeError(MojiscopeError, UnicodeError):
    """Strict encoding met a character the format cannot represent.

    ``char_offset`` is the code-point offset in the text being encoded;
    ``byte_offset`` is where it would have been written.
    """

    def __init__(
        self, format_id: str, text: str, char_offset: int, byte_offset: int, why: str
    ) -> None:
        self.format_id = format_id
        self.char_offset = char_offset
        self.byte_offset = byte_offset
        self.character = text[char_offset] if char_offset < len(text) else ""
        cp = f"U+{ord(self.character):04X}" if self.character else "?"
        self.why = why
        super().__init__(
            f"{format_id}: cannot encode {cp} at character {char_offset} "
            f"(output byte offset {byte_offset}): {why}"
        )


class HexParseError(MojiscopeError, ValueError):
    """Pasted hex could not be read; names the line and column (1-based)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        self.line = line
        self.column = column
        super().__init__(f"line {line}, column {column}: {message}")
