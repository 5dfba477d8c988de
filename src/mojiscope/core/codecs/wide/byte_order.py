"""Formats that follow the byte order mark: ``utf-16`` and ``utf-32``.

A reader of "UTF-16" (CPython's ``utf-16`` codec, Notepad, every editor)
looks at the first code unit: ``FE FF`` means big-endian, ``FF FE``
little-endian (``00 00 FE FF`` / ``FF FE 00 00`` for UTF-32), and with no
byte order mark it reads little-endian. A :class:`ByteOrderFollowing`
format does the same: it picks one of two *readings* from the head of the
stream and decodes everything with it. A reading is an ordinary
:class:`~mojiscope.core.codecs.format.Format` with the following format's id (so
its errors name ``utf-16``, not ``utf-16be``): the little-endian one without
a byte order mark puts a ``warning`` span (``no-bom``) on the first
character, because the guess may be wrong.

The byte order is a property of the whole stream, decided by its first
bytes, while :meth:`Format.decode_block` sees one block. So this format
overrides the stream-level methods (``decode``, ``decode_window``,
``incremental_decoder``, ``resync``), which can see the head (a window reads
it from its source; an incremental decoder holds bytes back until a whole
unit has arrived) and hand the rest to the chosen reading. A stream that
starts past offset 0 (``incremental_decoder(start=n)``) cannot see the head:
it reads little-endian unless the caller picks the reading first with
:meth:`ByteOrderFollowing.reading_for`, from the source's first bytes.

Encoding writes little-endian without a byte order mark, so that decoding
the output gives the same text back; a conversion that wants one asks for
the format's signature (``FF FE``), as for every format.
"""

from __future__ import annotations

from typing import ClassVar

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Encoding, Errors, Format, IncrementalDecoder, Policy
from mojiscope.core.spans.table import SpanTable
from mojiscope.core.system.source import Source, as_source


class ByteOrderFollowing(Format):
    """A format that reads big-endian after a big-endian byte order mark and
    little-endian otherwise (see the module docstring). Subclasses set
    ``unit`` (bytes per code unit), the two byte order marks and the three
    readings."""

    unit: ClassVar[int]
    little_bom: ClassVar[bytes]
    big_bom: ClassVar[bytes]
    #: Little-endian, after its byte order mark (a ``signature`` span).
    little: ClassVar[Format]
    #: Little-endian with no byte order mark: the first character is a
    #: ``warning`` (``no-bom``) when the stream starts there.
    little_unmarked: ClassVar[Format]
    big: ClassVar[Format]

    def reading_for(self, head: bytes) -> Format:
        """The reading for a stream whose first bytes are ``head`` (at least
        :attr:`unit` of them, or all there are)."""
        if head.startswith(self.big_bom):
            return self.big
        if head.startswith(self.little_bom):
            return self.little
        return self.little_unmarked

    def reading_of(self, source: Source) -> Format:
        return self.reading_for(source.read(0, self.unit))

    # -- what a Format provides: a block is read as the unmarked reading -------

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        reading = self.reading_for(data[: self.unit]) if at_start else self.little_unmarked
        return reading.decode_block(data, at_start=at_start)

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        if at_start and len(data) < self.unit:
            return 0
        reading = self.reading_for(data[: self.unit]) if at_start else self.little_unmarked
        return reading.safe_cut(data, at_start=at_start)

    def encode_spans(self, text: str) -> Encoding:
        return self.little.encode_spans(text)

    def char_byte_lengths(self, chars: str) -> list[int]:
        return self.little.char_byte_lengths(chars)

    # -- the stream: decided by its head ---------------------------------------

    def decode(
        self,
        data: bytes | bytearray | memoryview,
        errors: Errors = "replace",
        policy: Policy = "maximal-subpart",
    ) -> Decoding:
        reading = self.reading_for(bytes(data[: self.unit]))
        decoding = reading.decode(data, errors, policy)
        return Decoding(self, decoding.text, decoding.spans)

    def decode_window(
        self, source: Source | bytes, start: int, end: int, errors: Errors = "replace"
    ) -> Decoding:
        src = as_source(source)
        decoding = self.reading_of(src).decode_window(src, start, end, errors)
        return Decoding(self, decoding.text, decoding.spans)

    def resync(self, source: Source, offset: int) -> int:
        return self.reading_of(source).resync(source, offset)

    def incremental_decoder(self, errors: Errors = "replace", start: int = 0) -> IncrementalDecoder:
        return _FollowingDecoder(self, errors, start)


class _FollowingDecoder(IncrementalDecoder):
    """An incremental decoder that holds the first bytes back until a whole
    code unit has come (or the stream ends), then decodes with the reading
    they choose. Same protocol as :class:`IncrementalDecoder`."""

    format: ByteOrderFollowing

    def __init__(self, fmt: ByteOrderFollowing, errors: Errors = "replace", start: int = 0) -> None:
        super().__init__(fmt, errors, start)

    def reset(self) -> None:
        super().reset()
        self._head = b""
        self._inner: IncrementalDecoder | None = None
        if self.start > 0:
            self._inner = self.format.little_unmarked.incremental_decoder(self.errors, self.start)

    def decode(self, data: bytes | bytearray | memoryview, final: bool = False) -> Decoding:
        if self._inner is None:
            self._head += bytes(data)
            if len(self._head) < self.format.unit and not final:
                return Decoding(self.format, "", SpanTable.empty(self.start, 0))
            reading = self.format.reading_for(self._head)
            self._inner = reading.incremental_decoder(self.errors, self.start)
            data, self._head = self._head, b""
        decoding = self._inner.decode(data, final)
        return Decoding(self.format, decoding.text, decoding.spans)
