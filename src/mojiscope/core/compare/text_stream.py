"""A source's text as a stream: what two files are compared on.

:class:`TextStream` decodes a source with one format, piece by piece
(:func:`~mojiscope.core.codecs.streaming.decode_stream`: bounded memory,
split anywhere; what it has read is let go,
:func:`~mojiscope.core.system.source.read_once`), and hands out its text
with the line ends made one: ``\\r\\n`` becomes ``\\n`` (a lone ``\\r``
stays). It leaves out a
signature at the start (a byte order mark says which format the bytes are
in, it is no text), and on the way it counts what the comparison of two
files reports beside the text: the line ends of each kind, the spans of
an error kind, and a digest of the text as decoded, before the line ends
were made one (two streams whose digests agree read the same characters).

Offsets. The stream counts *normalised* characters from 0 (the text it
hands out). :meth:`TextStream.byte_at` maps such an offset back to the
source's bytes, for the pieces still held: a caller releases the pieces it
is done with (:meth:`TextStream.release`), so memory stays that of the
text it holds. :func:`normalised` makes the same line ends of any stream
of text (a chain's repair, say).
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.streaming import CHUNK_SIZE, Piece, decode_stream
from mojiscope.core.spans.charmap import byte_of_char
from mojiscope.core.spans.event import ERROR_KINDS, KIND_CODE, SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source, read_once

_SIGNATURE = KIND_CODE[SpanKind.SIGNATURE]
_ERRORS = np.array(sorted(KIND_CODE[k] for k in ERROR_KINDS), np.uint8)


@dataclass
class LineEnds:
    """How many lines end in ``\\r\\n``, in ``\\n`` alone and in ``\\r`` alone."""

    crlf: int = 0
    lf: int = 0
    cr: int = 0

    @property
    def words(self) -> str:
        """``CRLF``, ``LF``, ``CR``, ``mixed (3 CRLF, 1 LF)`` or ``none``."""
        found = [(n, name) for n, name in ((self.crlf, "CRLF"), (self.lf, "LF"), (self.cr, "CR"))]
        present = [(n, name) for n, name in found if n]
        if not present:
            return "none"
        if len(present) == 1:
            return present[0][1]
        return "mixed (" + ", ".join(f"{n:,} {name}" for n, name in present) + ")"


@dataclass
class _Held:
    """A decoded piece whose text is (partly) still to be compared."""

    start: int
    """Its first normalised character's offset in the stream."""
    length: int
    """Its normalised characters."""
    decoding: Decoding
    skip: int
    """Decoded characters left out at its start (a signature)."""
    removed: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, np.int64))
    """Normalised offsets (in the piece) where a ``\\r`` was left out."""

    def byte_at(self, offset: int) -> int:
        """The byte where normalised character ``offset`` (in the piece)
        starts: for a ``\n`` made of ``\r\n``, the ``\r``'s."""
        raw = self.skip + offset + int(np.searchsorted(self.removed, offset, side="left"))
        spans = self.decoding.spans
        if raw >= spans.char_end - spans.char_start:
            return spans.byte_end
        return byte_of_char(self.decoding, spans.char_start + raw)


def _removed_crs(text: str) -> npt.NDArray[np.int64]:
    """Where ``text`` made normal would have each ``\\r`` of a ``\\r\\n``
    left out: normalised offsets, in order."""
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    at = np.flatnonzero((points[:-1] == 0x0D) & (points[1:] == 0x0A)).astype(np.int64)
    return at - np.arange(len(at), dtype=np.int64)


class TextStream:
    """``source`` decoded with ``fmt``, as normalised text (see the module docstring)."""

    def __init__(
        self,
        fmt: Format,
        source: Source,
        control: Control = UNCONTROLLED,
        *,
        chunk_size: int = CHUNK_SIZE,
    ) -> None:
        self.format = fmt
        self.source = source
        self.signature = False
        """Whether the source starts with a signature (left out of the text)."""
        self.line_ends = LineEnds()
        self.errors = 0
        """Spans of an error kind (``invalid``, ...) read so far."""
        self.first_error: int | None = None
        """The byte where the first of them starts."""
        self._digest = hashlib.blake2b(digest_size=16)
        self._pieces: Iterator[Piece] = iter(
            decode_stream(fmt, read_once(source), control=control, chunk_size=chunk_size)
        )
        self._held: deque[_Held] = deque()
        self._waiting: tuple[str, Decoding, int] | None = None
        """The last piece read, its text not handed out yet (its last ``\\r``
        may end a line with the next piece's ``\\n``)."""
        self._handed = 0
        self._first = True
        self._joined_before = False
        """Whether the piece handed out last ended in the ``\r`` of a ``\r\n``."""

    @property
    def offset(self) -> int:
        """Normalised characters handed out so far."""
        return self._handed

    def digest(self) -> bytes:
        """A digest of the decoded text read so far (line ends as decoded)."""
        return self._digest.digest()

    def read(self) -> str | None:
        """The next normalised text (never empty), or None at the end."""
        while True:
            piece = next(self._pieces, None)
            if piece is None:
                if self._waiting is None:
                    return None
                text = self._flush(next_text="")
                if text:
                    return text
                continue
            decoding = Decoding(self.format, piece.text, piece.spans)
            skip = 0
            if self._first:
                self._first = False
                if len(piece.spans) and piece.spans.kinds[0] == _SIGNATURE:
                    self.signature = True
                    skip = piece.spans[0].char_end - piece.spans.char_start
            self._count(decoding, skip)
            text = self._flush(next_text=piece.text[skip:]) if self._waiting else ""
            self._waiting = (piece.text[skip:], decoding, skip)
            if text:
                return text

    def _count(self, decoding: Decoding, skip: int) -> None:
        kinds = decoding.spans.kinds
        bad = np.flatnonzero(np.isin(kinds, _ERRORS))
        if len(bad):
            self.errors += len(bad)
            if self.first_error is None:
                self.first_error = int(decoding.spans.byte_starts[bad[0]])
        raw = decoding.text[skip:]
        self._digest.update(raw.encode("utf-8", "surrogatepass"))

    def _flush(self, next_text: str) -> str:
        """Hand out the waiting piece's text, normalised, its last ``\\r``
        left out when ``next_text`` starts with ``\\n``."""
        assert self._waiting is not None
        raw, decoding, skip = self._waiting
        self._waiting = None
        crlf = raw.count("\r\n")
        joined = raw.endswith("\r") and next_text.startswith("\n")
        text = raw.replace("\r\n", "\n")
        removed = _removed_crs(raw) if crlf else np.zeros(0, np.int64)
        if joined:
            text = text[:-1]
            removed = np.append(removed, len(text))
        ends = self.line_ends
        ends.crlf += crlf + joined
        ends.lf += raw.count("\n") - crlf - self._joined_before
        ends.cr += raw.count("\r") - crlf - joined
        self._joined_before = joined
        held = _Held(self._handed, len(text), decoding, skip, removed)
        self._held.append(held)
        self._handed += len(text)
        return text

    def byte_at(self, offset: int) -> int:
        """The byte where normalised character ``offset`` starts (where the
        source's text ends, for the offset past the last character handed
        out); ``offset`` must lie in a piece still held (see :meth:`release`)."""
        held = self._held
        if not held:
            return len(self.source)
        if not held[0].start <= offset <= held[-1].start + held[-1].length:
            raise ValueError(f"character {offset} is not held")
        k = bisect_left([h.start + h.length for h in held], offset)
        while k < len(held) - 1 and held[k].start + held[k].length == offset:
            piece = held[k]
            if len(piece.removed) and piece.removed[-1] == piece.length:
                break  # the \r of the \n at ``offset`` ends this piece
            k += 1
        piece = held[min(k, len(held) - 1)]
        return piece.byte_at(offset - piece.start)

    def release(self, offset: int) -> None:
        """The caller needs no offset before ``offset`` any more: the pieces
        that end at or before it go (the last piece handed out stays)."""
        held = self._held
        while len(held) > 1 and held[1].start <= offset:
            held.popleft()


def normalised(texts: Iterable[str]) -> Iterator[str]:
    """``texts`` with ``\\r\\n`` made ``\\n``, also where a chunk ends in
    ``\\r`` and the next starts with ``\\n``; empty chunks left out."""
    held = ""
    for text in texts:
        text = held + text
        held = ""
        if text.endswith("\r"):
            text, held = text[:-1], "\r"
        text = text.replace("\r\n", "\n")
        if text:
            yield text
    if held:
        yield held
