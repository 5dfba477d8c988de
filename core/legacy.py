"""Any Python codec as a format: the legacy code pages of mojibake work.

``cp1252``, ``latin-1``, ``shift_jis``, ``gb18030``... decode through CPython
with a recording error handler. A byte the code page leaves undefined
(cp1252 ``81``) is ``invalid`` (``unmapped``); a multi-byte sequence cut off
is ``invalid`` (``truncated``). Stateful codecs (ISO-2022, UTF-7, HZ) are not
offered: their meaning at a byte depends on escapes far before it, so they
cannot be decoded in windows.
"""

from __future__ import annotations

import codecs
import re

import numpy as np

from mojiscope.core.encode_runs import encode_by_runs
from mojiscope.core.errors import UnknownFormatError
from mojiscope.core.events import single_text_span
from mojiscope.core.format import Encoding, Format
from mojiscope.core.recording import RecordingHandler
from mojiscope.core.source import Source
from mojiscope.core.spans import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spantable import NO_VALUE, SpanListBuilder, SpanTable

_STATEFUL = ("iso2022", "utf_7", "hz")
#: Python codecs that read text syntax rather than map bytes to characters.
_NOT_CODE_PAGES = ("idna", "punycode", "raw_unicode_escape", "unicode_escape")
#: Unicode forms Python offers as codecs, and the Mojiscope format to use instead.
_UNICODE_FORMS = {
    "utf_8": "utf-8",
    "utf_8_sig": "utf-8",
    "utf_16": "utf-16",
    "utf_16_le": "utf-16le",
    "utf_16_be": "utf-16be",
    "utf_32": "utf-32",
    "utf_32_le": "utf-32le",
    "utf_32_be": "utf-32be",
}


def legacy_codec_name(name: str) -> str:
    """Python's canonical name for a text codec usable as a legacy format.

    Raises :class:`UnknownFormatError` saying why for a codec Python knows but
    Mojiscope refuses (stateful, not a text encoding, or a Unicode form it
    decodes itself, naming the format to use), and a plain
    :class:`LookupError` for a name no codec has (the registry words that
    one, listing the formats). A name that is not printable ASCII (a NUL, a
    lone surrogate) names no codec: every Python codec name is ASCII."""
    if not (name.isascii() and name.isprintable()):
        raise LookupError(name)
    info = codecs.lookup(name)
    canonical = info.name.replace("-", "_")
    if not getattr(info, "_is_text_encoding", True):
        raise UnknownFormatError(
            f"{name!r} is not a text encoding: Python's {info.name} codec "
            "transforms bytes to bytes or text to text"
        )
    if canonical.startswith(_STATEFUL):
        raise UnknownFormatError(
            f"{name!r} is a stateful encoding ({info.name}): what a byte means depends on "
            "shifts or escapes far before it, so it cannot be decoded in windows or "
            "resynchronised, and Mojiscope does not offer it"
        )
    if canonical == "undefined":
        raise UnknownFormatError(f"{name!r} is Python's codec that refuses every byte")
    if canonical.startswith(_NOT_CODE_PAGES):
        raise UnknownFormatError(
            f"{name!r} is not a code page: Python's {info.name} codec reads a text "
            "syntax, it does not map bytes to characters"
        )
    if canonical in _UNICODE_FORMS:
        use = _UNICODE_FORMS[canonical]
        signature = " (a leading BOM shows as a signature span)" if "sig" in canonical else ""
        raise UnknownFormatError(
            f"{name!r} is a Unicode form that Mojiscope decodes itself, span by span: "
            f"use the format {use}{signature}"
        )
    return info.name


class _Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[int, int, Reason]] = []

    def handle(self, exc: UnicodeDecodeError) -> tuple[str, int]:
        reason = Reason.TRUNCATED if "incomplete" in exc.reason else Reason.UNMAPPED
        self.events.append((exc.start, exc.end, reason))
        return "\ufffd", exc.end


_HANDLER = RecordingHandler("mojiscope-legacy-record")


def _single_byte_spans(events: list[tuple[int, int, Reason]], n_bytes: int) -> SpanTable:
    """The spans of a single-byte code page's block: each event one byte and
    one character, text between."""
    pos = np.array([start for start, _, _ in events], np.int64)
    ones = np.ones(len(pos), np.int64)
    reasons = np.array([REASON_CODE[reason] for _, _, reason in events], np.uint8)
    return SpanTable.from_events(
        pos,
        ones,
        np.full(len(pos), KIND_CODE[SpanKind.INVALID], np.uint8),
        reasons,
        np.full(len(pos), NO_VALUE, np.int64),
        pos,
        ones,
        n_bytes,
        n_bytes,
    )


_ASCII_TRIPLETS = re.compile(rb"[\x00-\x7f]{3,}")


def _after_last_ascii_triplet(data: bytes) -> int:
    """The end of the last run of three or more ASCII bytes (0 if none)."""
    tail = max(0, len(data) - 4096)
    for start in (tail, 0):
        end = 0
        for m in _ASCII_TRIPLETS.finditer(data, start):
            end = m.end()
        if end:
            return end
        if start == 0:
            break
    return 0


class LegacyFormat(Format):
    """A stateless Python codec as a format (see the module docstring)."""

    lookahead = 4

    def __init__(self, codec_name: str) -> None:
        self.codec = legacy_codec_name(codec_name)
        self.id = codec_name  # type: ignore[misc]
        self.aliases = (self.codec,) if self.codec != codec_name else ()  # type: ignore[misc]
        self.description = f"legacy code page {self.id} (Python codec)"  # type: ignore[misc]
        self._single_byte = (
            all(len(bytes([b]).decode(self.codec, "replace")) == 1 for b in range(256))
            and self._decodes_bytewise()
        )

    def _decodes_bytewise(self) -> bool:
        sample = bytes(range(256))
        return sample.decode(self.codec, "replace") == "".join(
            bytes([b]).decode(self.codec, "replace") for b in range(256)
        )

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        recorder = _Recorder()
        text = _HANDLER.decode(data, self.codec, recorder.handle)
        if not recorder.events:
            return text, single_text_span(len(data), len(text))
        if self._single_byte and all(end - start == 1 for start, end, _ in recorder.events):
            # One character per byte, a U+FFFD for each unmapped one: the
            # events' byte offsets are their character offsets too.
            return text, _single_byte_spans(recorder.events, len(data))
        # Decode the runs between events on their own to learn their lengths:
        # exact for a stateless codec, whose state resets at every error.
        builder = SpanListBuilder()
        pieces: list[str] = []
        prev = 0
        for start, end, reason in recorder.events:
            if start > prev:
                piece = str(data[prev:start], self.codec)
                pieces.append(piece)
                builder.add_text(start - prev, len(piece))
            pieces.append("\ufffd")
            builder.add(SpanKind.INVALID, end - start, 1, reason)
            prev = end
        if prev < len(data):
            piece = str(data[prev:], self.codec)
            pieces.append(piece)
            builder.add_text(len(data) - prev, len(piece))
        return "".join(pieces), builder.build()

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        """Single-byte code pages: anywhere. Multi-byte ones: just after three
        ASCII bytes in a row. No multi-byte sequence is longer than four
        bytes or holds three ASCII bytes, and CPython's CJK decoders judge
        the last bytes before the end of their input differently from the
        same bytes mid-stream (gb18030 calls any 1-3 bytes left "incomplete"),
        so only such a cut decodes the same whatever follows."""
        if self._single_byte:
            return len(data)
        return _after_last_ascii_triplet(data)

    def resync(self, source: Source, offset: int) -> int:
        """Multi-byte code pages resume after three ASCII bytes in a row,
        searched up to 4 KiB back. Where there is none (binary data, or text
        with no ASCII at all), 4 KiB back is a best guess: a window there may
        begin differently from a whole decode."""
        if self._single_byte:
            return offset
        lo = max(0, offset - 4096)
        return lo + _after_last_ascii_triplet(source.read(lo, offset))

    def char_byte_lengths(self, chars: str) -> list[int]:
        return [len(c.encode(self.codec, "replace")) for c in chars]

    def encode_spans(self, text: str) -> Encoding:
        """Encode; a character is unencodable (written as ``?``) when the code
        page has no bytes for it, or when its bytes read back as another
        character (Shift_JIS writes U+00A5 as 5C, which reads back as ``\\``)."""
        try:
            data = text.encode(self.codec)
            if data.decode(self.codec, "replace") == text:
                builder = SpanListBuilder()
                builder.add_text(len(data), len(text))
                return Encoding(data, builder.build())
        except UnicodeEncodeError:
            pass
        lost = sorted({c for c in set(text) if not self._round_trips(c)})
        pattern = re.compile("[" + "".join(re.escape(c) for c in lost) + "]+")
        replacement = "?".encode(self.codec)
        return encode_by_runs(
            text,
            pattern,
            lambda s: s.encode(self.codec),
            lambda run: [(replacement, SpanKind.INVALID, Reason.UNENCODABLE) for _ in run],
        )

    def _round_trips(self, char: str) -> bool:
        try:
            return char.encode(self.codec).decode(self.codec) == char
        except UnicodeError:
            return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LegacyFormat) and other.codec == self.codec

    def __hash__(self) -> int:
        return hash(self.codec)
