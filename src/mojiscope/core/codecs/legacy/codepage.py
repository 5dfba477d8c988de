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

from mojiscope.core.codecs.encode_runs import encode_by_runs
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Format
from mojiscope.core.codecs.legacy import runs as legacy_runs
from mojiscope.core.codecs.legacy import sync as legacy_sync
from mojiscope.core.codecs.recording import RecordingHandler
from mojiscope.core.errors import UnknownFormatError
from mojiscope.core.spans.builder import SpanListBuilder
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spans.table import NO_VALUE, SpanTable
from mojiscope.core.system.source import Source

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
        # A multi-byte code page cannot always tell a lead byte from a trail
        # byte by looking: where no boundary byte is near, a window guesses.
        self.exact_resync = self._single_byte  # type: ignore[misc]
        self.multi_char_sequences = not self._single_byte  # type: ignore[misc]

    def _decodes_bytewise(self) -> bool:
        sample = bytes(range(256))
        return sample.decode(self.codec, "replace") == "".join(
            bytes([b]).decode(self.codec, "replace") for b in range(256)
        )

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        recorder = _Recorder()
        text = _HANDLER.decode(data, self.codec, recorder.handle)
        if self._single_byte:  # every single-byte code page Python has round-trips
            if not recorder.events:
                return text, single_text_span(len(data), len(text))
            if all(end - start == 1 for start, end, _ in recorder.events):
                # One character per byte, a U+FFFD for each unmapped one: the
                # events' byte offsets are their character offsets too.
                return text, _single_byte_spans(recorder.events, len(data))
        elif not recorder.events and legacy_runs.split_run(self.codec, data, text) == [
            (len(data), text, True)
        ]:
            return text, single_text_span(len(data), len(text))
        # Decode the runs between events on their own to learn their lengths:
        # exact for a stateless codec, whose state resets at every error.
        builder = SpanListBuilder()
        pieces: list[str] = []
        prev = 0
        for start, end, reason in [*recorder.events, (len(data), len(data), None)]:
            if start > prev:
                run = data[prev:start]
                piece = str(run, self.codec)
                pieces.append(piece)
                self._add_run(builder, run, piece)
            if reason is not None:
                pieces.append("\ufffd")
                builder.add(SpanKind.INVALID, end - start, 1, reason)
            prev = end
        return "".join(pieces), builder.build()

    def _add_run(self, builder: SpanListBuilder, run: bytes, text: str) -> None:
        """A well-formed run: ``text``, with each duplicate mapping in it (a
        sequence whose character re-encodes to other bytes) a ``warning``."""
        if self._single_byte:
            builder.add_text(len(run), len(text))
            return
        for n_bytes, chars, canonical in legacy_runs.split_run(self.codec, run, text):
            if canonical:
                builder.add_text(n_bytes, len(chars))
            else:
                builder.add(SpanKind.WARNING, n_bytes, len(chars), Reason.NON_CANONICAL)

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        """Single-byte code pages: anywhere. Multi-byte ones: just after the
        last boundary byte (0x00..0x2F) of the last 4 KiB where no
        sequence is still open, else after the last complete character that
        a decode from ``data[0]`` (a character boundary: the stream's start
        or a previous cut) finds 8 clean bytes after any ill-formed
        sequence. Linear in ``data`` either way; see
        :mod:`mojiscope.core.codecs.legacy.sync` for why both are safe."""
        del at_start  # a legacy code page has no signature
        if self._single_byte:
            return len(data)
        return legacy_sync.safe_cut(self.codec, data)

    def resync(self, source: Source, offset: int) -> int:
        """See :meth:`aligned_resync`."""
        return self.aligned_resync(source, offset)[0]

    def aligned_resync(self, source: Source, offset: int) -> tuple[int, bool]:
        """Multi-byte code pages resume just after the last boundary byte
        (0x00..0x2F) up to 4 KiB back, or at the source's start if that is
        nearer: both exact. Where there is neither (4 KiB of CJK text with no
        space or line end, or binary data), the start 4 KiB back whose decode
        meets the fewest ill-formed sequences is a guess, and says so."""
        if self._single_byte or offset == 0:
            return offset, False
        lo = max(0, offset - legacy_sync.REACH)
        before = source.read(lo, offset)
        after = legacy_sync.after_last_boundary(before)
        if after >= 0:
            return lo + after, False
        if lo == 0:
            return 0, False
        probe = source.read(lo, offset + self.lookahead)
        return lo + legacy_sync.guess_alignment(self.codec, probe, self.lookahead), True

    def char_byte_lengths(self, chars: str) -> list[int]:
        return legacy_runs.char_byte_lengths(self.codec, chars)

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
