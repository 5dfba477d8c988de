"""A chain of misreadings as a format: bytes read through their repair.

:class:`ChainReading` is a :class:`~mojiscope.core.codecs.format.Format` whose
decode is a :class:`~mojiscope.core.mojibake.chain.Chain`'s repair and whose
encode is the chain's damage, so everything built on formats (the export
dialog's loss report, ``mojiscope convert``, atomic writes, verification,
streaming in bounded memory) works on a repair unchanged. Its id is
``repair:`` and the chain's words, ``repair:utf-8 read as windows-1252``
(layers oldest first, joined by ``;``), which the registry resolves
(:func:`reading_for_name`), so the name can be typed or carried in a box.

Spans. Where the chain undoes the bytes exactly the span is ``text``, and
its invariant holds: the chain's damage of those characters gives exactly
those bytes. Bytes the stored codec cannot read keep that codec's
``invalid`` span and reason (a stray ``A9`` in UTF-8 is ``stray-continuation``).
Bytes that read as stored but that the chain cannot have made (a character
the misreading code page has no byte for, bytes that were no
``written``-codec text before they were misread) are ``invalid`` with the
reason ``not-from-chain``, one U+FFFD per run; so a lossy repair's losses are
listed by the loss report, and strict refuses them.

Where a block may be cut (:meth:`ChainReading.safe_cut`). Every codec of a
chain must be stateless and ASCII-compatible (the explainer's chains all
are; its readers are single-byte code pages, GBK and Shift_JIS), but
ISO-2022-JP whose escape bytes were stripped, stored: its shifts are runs
of printable ASCII, so a block of it is cut after the last byte that is
none (a space, a line end); JSON whose backslashes were stripped, stored,
cut after the last byte none of its escapes holds; and bytes shown as escapes
(``extra_codecs.ESCAPES``), cut after the last byte no escape holds. Then an ASCII byte
on disk is an ASCII character at every layer and never continues a sequence
before it, so when every codec is UTF-8 or single-byte a cut just after any
ASCII byte is exact. When one is a multi-byte legacy code page (Shift_JIS
text read as windows-1252), whose trail bytes may be ASCII, a cut is made
only after three ASCII bytes in a row, as for the legacy formats. Bytes with
no such cut for :data:`FORCED_CUT` bytes (a long run of text with no ASCII
at all) are cut at a character boundary of the stored codec so that memory
stays bounded; that cut is a guess, and a character of an inner layer split
there reads as ``not-from-chain`` on both sides. Chains through UTF-16 or
UTF-32 are refused: no byte on disk tells where their code units begin.
"""

from __future__ import annotations

import bisect
import codecs
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Format
from mojiscope.core.codecs.legacy.codepage import legacy_codec_name
from mojiscope.core.codecs.recording import RecordingHandler
from mojiscope.core.errors import UnknownFormatError
from mojiscope.core.mojibake.chain import (
    ASCII_WRITTEN,
    Chain,
    ChainError,
    Misreading,
    damage,
    python_codec,
)
from mojiscope.core.mojibake.chain import repair_text as _repair
from mojiscope.core.mojibake.extra_codecs import ESCAPES, WRITTEN_AS_ASCII
from mojiscope.core.mojibake.readers import code_page_characters
from mojiscope.core.spans.builder import SpanListBuilder
from mojiscope.core.spans.event import Reason, SpanKind
from mojiscope.core.spans.table import SpanTable
from mojiscope.core.system.source import Source
from mojiscope.core.words.charclass import regex_ranges

PREFIX = "repair:"
#: Bytes without a safe cut after which a block is cut at a guess (see the module).
FORCED_CUT = 1 << 16
_HIGH = bytes(range(0x80, 0x100))
_ASCII = bytes(range(0x80)).decode("ascii")
_ASCII_TRIPLETS = re.compile(rb"[\x00-\x7f]{3,}")
#: The escapes by their Python codecs.
_ESCAPES = {escapes.codec: escapes for escapes in ESCAPES.values()}
_ASCII_OR_NOT = re.compile(rb"[\x00-\x7f]+|[\x80-\xff]")
_HANDLER = RecordingHandler("mojiscope-reading-record")
_TEXT = SpanKind.TEXT


def reading_name(chain: Chain) -> str:
    """The format id of ``chain``'s reading: ``repair:`` and its words."""
    return PREFIX + "; ".join(chain.words)


_LAYER = re.compile(r"(\S+)\s+read\s+as\s+(\S+)", re.IGNORECASE)
_STORED = re.compile(r"(?:saved|written|stored)\s+as\s+(\S+)", re.IGNORECASE)


def _word(codec: str) -> str:
    """A codec as the explainer words it (``utf8`` is ``utf-8``)."""
    word = codec.strip().lower()
    if word.replace("_", "-") == "windows-1252":
        return "windows-1252"
    try:
        return "utf-8" if codecs.lookup(word).name == "utf-8" else word
    except (LookupError, ValueError):
        return word  # refused, with its reason, when the reading is made


def parse_reading_name(name: str) -> Chain:
    """The chain a ``repair:`` name says (steps joined by ``;``, ``,`` or
    ``then``); :class:`UnknownFormatError` naming what was expected."""
    body = name.strip()[len(PREFIX) :].strip()
    layers: list[Misreading] = []
    stored = "utf-8"
    steps = [s for s in re.split(r"\s*(?:;|,|\bthen\b)\s*", body) if s]
    for i, step in enumerate(steps):
        layer, saved = _LAYER.fullmatch(step), _STORED.fullmatch(step)
        if layer is not None:
            layers.append(Misreading(_word(layer[1]), _word(layer[2])))
        elif saved is not None and i == len(steps) - 1:
            stored = _word(saved[1])
        else:
            raise UnknownFormatError(
                f"{name!r}: step {i + 1} ({step!r}) should read like 'utf-8 read as "
                "windows-1252', and only the last may be 'saved as CODEC'"
            )
    chain = Chain(tuple(layers), stored)
    if chain.is_identity:
        raise UnknownFormatError(f"{name!r} names no misreading: the format is utf-8")
    return chain


@lru_cache(maxsize=64)
def _one_to_one(codec: str) -> bool:
    """A single-byte code page whose defined bytes read as distinct characters."""
    if not _single_byte(codec):
        return False
    chars = [bytes([b]).decode(codec, "replace") for b in range(256)]
    defined = [c for c in chars if c != "\ufffd"]
    return len(set(defined)) == len(defined)


@lru_cache(maxsize=64)
def _single_byte(codec: str) -> bool:
    """Whether every byte is one character of ``codec``, read on its own
    (a multi-byte code page reads a lone lead byte as one U+FFFD too, and
    UTF-8 every byte of 80..FF in a row as one U+FFFD each)."""
    if codecs.lookup(codec).name == "utf-8":
        return False
    one_by_one = [bytes([b]).decode(codec, "replace") for b in range(256)]
    whole = bytes(range(256)).decode(codec, "replace")
    return all(len(c) == 1 for c in one_by_one) and whole == "".join(one_by_one)


def _check_codec(word: str, name: str) -> str:
    """Python's name for a chain's codec word; refuses what cannot stream."""
    codec = python_codec(word)
    if not (word.isascii() and word.isprintable()):
        raise UnknownFormatError(f"{name!r}: no codec is called {word!r}")
    try:
        canonical = codecs.lookup(codec).name.replace("_", "-")
    except LookupError:
        raise UnknownFormatError(f"{name!r}: no codec is called {word!r}") from None
    if canonical.startswith(("utf-16", "utf-32")):
        raise UnknownFormatError(
            f"{name!r}: a repair through {word} cannot be read in pieces (no byte tells "
            "where its code units begin); repair it whole with `mojiscope mojibake --fix`"
        )
    if canonical != "utf-8":
        legacy_codec_name(codec)  # refuses stateful and non-text codecs, saying why
    # Text written as ASCII reads its escapes or runs as other text, and is
    # cut only where none may stand (ChainReading._ascii_stored).
    if word not in ASCII_WRITTEN and bytes(range(0x80)).decode(codec, "replace") != _ASCII:
        raise UnknownFormatError(f"{name!r}: {word} does not read ASCII bytes as ASCII")
    return codecs.lookup(codec).name


@dataclass
class _Piece:
    """A stretch of a block during the repair: ``nbytes`` bytes on disk that
    read, so far, as ``chars`` (one span of ``kind``)."""

    kind: SpanKind
    nbytes: int
    chars: str
    reason: Reason | None = None


def _not_from_chain(nbytes: int) -> _Piece:
    return _Piece(SpanKind.INVALID, nbytes, "\ufffd", Reason.NOT_FROM_CHAIN)


class ChainReading(Format):
    """Bytes read through a chain's repair (see the module docstring)."""

    lookahead = 16
    #: A block with losses is repaired piece by piece in Python; 64 KiB keeps
    #: those pieces (up to one per byte of random input) a few MB at most.
    preferred_block = 1 << 16
    exact_resync = False  # a stretch with no ASCII byte resumes at a guess

    def __init__(self, chain: Chain) -> None:
        name = reading_name(chain)
        self.chain = chain
        self.id = name  # type: ignore[misc]
        self.description = "repaired: " + "; ".join(chain.words)  # type: ignore[misc]
        codecs_used = [chain.stored_as]
        for layer in chain.layers:
            codecs_used += [layer.written, layer.read_as]
        python = [_check_codec(word, name) for word in codecs_used]
        for layer in chain.layers:
            if codecs.lookup(python_codec(layer.read_as)).name == "utf-8":
                raise UnknownFormatError(
                    f"{name!r}: only code pages can be undone as readers, not {layer.read_as}"
                )
        #: Text written as ASCII, stored (ISO-2022-JP without its escapes...):
        #: ASCII, cut only after a byte none of its escapes or runs holds.
        way = WRITTEN_AS_ASCII.get(python[0])
        self._ascii_stored = way.held if way is not None else None
        #: Bytes shown as escapes: what an escape may hold, where no cut is made.
        shown = [ESCAPES[layer.read_as] for layer in chain.layers if layer.read_as in ESCAPES]
        self._escape_bytes = "".join(e.alphabet for e in shown).encode("ascii")
        self._every_byte_cuts = all(c == "utf-8" or _single_byte(c) for c in python)
        self._stored_single = _single_byte(python[0]) and python[0] != "utf-8"
        #: Strict UTF-8 and a single-byte table that reads no two bytes alike
        #: are one-to-one, so a strict repair that succeeds damages back to
        #: its bytes; a multi-byte code page may read two sequences alike.
        #: ISO-2022-JP without escapes reads every byte it reads as ASCII or
        #: as a shift, each only one way (it reads only the ``$B`` and ``(B`` it writes).
        #: JSON's escapes and bytes' escapes are read back only as they are
        #: written; Cyrillic as low bytes takes each character to its byte.
        exact = {*WRITTEN_AS_ASCII, *(e.codec for e in ESCAPES.values())}
        self._repair_is_exact = all(c == "utf-8" or _one_to_one(c) or c in exact for c in python)

    # -- decoding ----------------------------------------------------------------

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        if not data:
            return "", SpanTable.empty()
        try:
            text = _repair(self.chain, data)
            if self._repair_is_exact or damage(self.chain, text) == data:
                return text, single_text_span(len(data), len(text))
        except (ChainError, UnicodeError):
            pass
        pieces = self._stored_pieces(data, at_start)
        layers = self.chain.layers
        for k in range(len(layers) - 1, -1, -1):
            lower = Chain(layers[k + 1 :], self.chain.stored_as)
            pieces = [out for p in pieces for out in _undo(p, layers[k], lower)]
        return self._checked(pieces, data)

    def _stored_pieces(self, data: bytes, at_start: bool) -> list[_Piece]:
        from mojiscope.core.codecs.registry import get_format

        if self._ascii_stored:  # a byte beyond ASCII is none of the chain's
            return [
                _Piece(_TEXT, len(run), run.decode(python_codec(self.chain.stored_as)))
                if run.isascii()
                else _not_from_chain(len(run))
                for run in _ASCII_OR_NOT.findall(data)
            ]

        text, table = get_format(self.chain.stored_as).decode_block(data, at_start=at_start)
        pieces = []
        for span in table:
            chars = text[span.char_start : span.char_end]
            pieces.append(_Piece(span.kind, span.byte_end - span.byte_start, chars, span.reason))
        return pieces

    def _checked(self, pieces: list[_Piece], data: bytes) -> tuple[str, SpanTable]:
        """Build the block's spans; a text piece whose damage is not its bytes
        (a code page that reads two byte sequences alike) is not from the
        chain. (Strict UTF-8 and one-to-one tables need no such check.)"""
        builder = SpanListBuilder()
        texts: list[str] = []
        position = 0
        for piece in pieces:
            if piece.kind is _TEXT and not self._repair_is_exact:
                piece = self._exact_or_lost(piece, data[position : position + piece.nbytes])
            builder.add(piece.kind, piece.nbytes, len(piece.chars), piece.reason)
            texts.append(piece.chars)
            position += piece.nbytes
        return "".join(texts), builder.build()

    def _exact_or_lost(self, piece: _Piece, raw: bytes) -> _Piece:
        try:
            if _damage(self.chain, piece.chars) == raw:
                return piece
        except UnicodeError:
            pass
        return _not_from_chain(piece.nbytes)

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        """After the last ASCII byte (after three in a row with a multi-byte
        code page in the chain); past :data:`FORCED_CUT` bytes without one,
        a guess at a stored character boundary (see the module docstring)."""
        cut = self._after_last_ascii(data)
        if cut or len(data) < FORCED_CUT:
            return cut
        return self._stored_boundary(data, len(data))

    def _after_last_ascii(self, data: bytes) -> int:
        """Just after the last ASCII byte, or ASCII triplet (0 if none); for
        ISO-2022-JP without escapes, after the last byte no shift holds
        (a space, a line end, a byte beyond ASCII), and for JSON without
        backslashes after the last no escape holds; for bytes shown as
        escapes, after the last ASCII byte no escape holds."""
        if self._ascii_stored:
            return len(data.rstrip(self._ascii_stored))
        if self._escape_bytes:
            return len(data.rstrip(self._escape_bytes + _HIGH))
        if self._every_byte_cuts:
            return len(data.rstrip(_HIGH))
        return _after_last_ascii_triplet(data)

    def _stored_boundary(self, data: bytes, at: int) -> int:
        """A position ``<= at`` where a stored character starts (a guess for
        multi-byte legacy codecs: ``at`` itself)."""
        if self.chain.stored_as != "utf-8" or self._stored_single:
            return at
        for i in range(at - 1, max(-1, at - 4), -1):
            if data[i] & 0xC0 != 0x80:
                return i
        return at

    def resync(self, source: Source, offset: int) -> int:
        """Just after the last ASCII byte (or triplet) within 4 KiB before
        ``offset``; failing that, a stored character boundary (a guess)."""
        lo = max(0, offset - 4096)
        window = source.read(lo, offset)
        cut = self._after_last_ascii(window)
        if cut or lo == 0:
            return lo + cut
        return lo + self._stored_boundary(window + source.read(offset, offset + 1), len(window))

    # -- encoding ----------------------------------------------------------------

    def encode_spans(self, text: str) -> Encoding:
        """The chain's damage of ``text``; a character it cannot damage
        (one the oldest codec cannot write) is written as ``?`` and is an
        ``invalid`` (``unencodable``) span."""
        try:
            data = damage(self.chain, text)
            return Encoding(data, single_text_span(len(data), len(text)))
        except UnicodeError:
            pass
        builder = SpanListBuilder()
        out: list[bytes] = []
        for char in text:
            written = _damage_char(self.chain, char)
            if written is None:
                out.append(b"?")
                builder.add(SpanKind.INVALID, 1, 1, Reason.UNENCODABLE)
            else:
                out.append(written)
                builder.add_text(len(written), 1)
        return Encoding(b"".join(out), builder.build())

    def char_byte_lengths(self, chars: str) -> list[int]:
        return [len(_damage_char(self.chain, c) or b"?") for c in chars]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChainReading) and other.chain == self.chain

    def __hash__(self) -> int:
        return hash(self.chain)


@lru_cache(maxsize=256)
def _plan(chain: Chain) -> tuple[tuple[bool, str], ...]:
    """``chain.damage_plan()`` as (encode?, Python codec) pairs, made once."""
    return tuple((s.action == "encode", python_codec(s.codec)) for s in chain.damage_plan())


def _damage(chain: Chain, text: str) -> bytes:
    """:func:`~mojiscope.core.mojibake.chain.damage` with the plan made once
    (it runs once per piece where a block has losses)."""
    current: str | bytes = text
    for encode, codec in _plan(chain):
        current = current.encode(codec) if encode else current.decode(codec)  # type: ignore[union-attr]
    assert isinstance(current, bytes)
    return current


@lru_cache(maxsize=1 << 14)
def _damage_char(chain: Chain, char: str) -> bytes | None:
    """The bytes ``chain`` makes of one character, or ``None`` if it cannot."""
    try:
        return damage(chain, char)
    except UnicodeError:
        return None


@lru_cache(maxsize=64)
def _unencodable(codec: str) -> re.Pattern[str]:
    """Runs of characters a code page has no bytes for, each U+FFFD a run of
    its own: a U+FFFD on disk stands for something lost before, and stays
    one U+FFFD, as the explainer shows it."""
    readable = regex_ranges(_readable(codec) - {"\ufffd"})
    return re.compile(f"\ufffd|[^\ufffd{readable}]+")


def _readable(codec: str) -> frozenset[str]:
    """The characters ``codec`` reads from one byte or, for a code page of
    more, from two (:func:`~.readers.code_page_characters`), ASCII among them."""
    python = python_codec(codec)
    if python in _ESCAPES:  # ASCII, of which escapes are made
        return frozenset(_ASCII)
    beyond = code_page_characters(python, pairs=not _single_byte(python))
    return frozenset(_ASCII) | frozenset(beyond)


class _ByteEnds:
    """``ends[p]``: the bytes on disk that characters ``[0, p)`` of a piece
    take (``lower``'s damage), measured in C from the nearest position known
    below ``p``; positions asked in increasing order cost time linear in the
    piece."""

    def __init__(self, chars: str, lower: Chain) -> None:
        self.chars, self.lower = chars, lower
        self.known = {0: 0}
        self.positions = [0]

    def __getitem__(self, position: int) -> int:
        known = self.known.get(position)
        if known is not None:
            return known
        base = self.positions[bisect.bisect_right(self.positions, position) - 1]
        piece = self.chars[base:position]
        try:
            size = len(_damage(self.lower, piece))
        except UnicodeError:  # a character the lower layers cannot have made
            size = sum(len(_damage_char(self.lower, c) or b"") for c in piece)
        self.known[position] = self.known[base] + size
        bisect.insort(self.positions, position)
        return self.known[position]


def _undo(piece: _Piece, layer: Misreading, lower: Chain) -> list[_Piece]:
    """Undo ``layer`` on one piece. ``lower`` is the chain from the piece's
    characters to the bytes on disk, which measures each character's bytes
    where the piece must be split."""
    if piece.kind is not _TEXT:
        return [piece]
    read_as, written = python_codec(layer.read_as), python_codec(layer.written)
    try:
        return [_Piece(_TEXT, piece.nbytes, piece.chars.encode(read_as).decode(written))]
    except UnicodeError:
        pass
    chars = piece.chars
    ends = _ByteEnds(chars, lower)
    if ends[len(chars)] != piece.nbytes:
        return [_not_from_chain(piece.nbytes)]
    out: list[_Piece] = []
    position = 0
    decode = _decode_run if _single_byte(read_as) or read_as in _ESCAPES else _decode_pairs
    for match in _unencodable(layer.read_as).finditer(chars):
        out += decode(chars, position, match.start(), ends, read_as, written)
        out.append(_not_from_chain(ends[match.end()] - ends[match.start()]))
        position = match.end()
    out += decode(chars, position, len(chars), ends, read_as, written)
    return out


def _decode_run(
    chars: str, start: int, end: int, ends: _ByteEnds, read_as: str, written: str
) -> list[_Piece]:
    """Characters ``[start, end)`` (all encodable by ``read_as``, one byte
    each, or one byte an escape) decoded as ``written``: text between the
    decoder's errors, each error one ``not-from-chain`` piece."""
    if start == end:
        return []
    raw = chars[start:end].encode(read_as)
    at = _byte_starts(chars, start, end, read_as)
    events: list[tuple[int, int]] = []

    def record(error: UnicodeDecodeError) -> tuple[str, int]:
        events.append((error.start, error.end))
        return "", error.end

    _HANDLER.decode(raw, written, record)
    out: list[_Piece] = []
    previous = 0
    for lo, hi in [*events, (len(raw), len(raw))]:
        if lo > previous:
            text = str(raw[previous:lo], written)
            out.append(_Piece(_TEXT, ends[at[lo]] - ends[at[previous]], text))
        if hi > lo:
            out.append(_not_from_chain(ends[at[hi]] - ends[at[lo]]))
        previous = hi
    return out


def _byte_starts(chars: str, start: int, end: int, read_as: str) -> list[int]:
    """Where each byte of characters ``[start, end)`` encoded as ``read_as``
    starts among them, and ``end``: a character a byte, an escape's
    characters one (``extra_codecs.ESCAPES``)."""
    escapes = _ESCAPES.get(read_as)
    if escapes is None:
        return list(range(start, end + 1))
    starts: list[int] = []
    position = start
    for match in [*escapes.pattern.finditer(chars, start, end), None]:
        stop = end if match is None else match.start()
        starts += range(position, stop)
        if match is not None:
            starts.append(match.start())
            position = match.end()
    return [*starts, end]


def _decode_pairs(
    chars: str, start: int, end: int, ends: _ByteEnds, read_as: str, written: str
) -> list[_Piece]:
    """Characters ``[start, end)`` (all encodable by ``read_as``, a code page
    of one or two bytes a character) decoded as ``written``, UTF-8: split
    where a character's bytes under ``read_as`` start a UTF-8 character or
    an ASCII one (there a UTF-8 decoder is between characters, and so is
    the code page), each stretch between two such places text when it
    decodes and ``not-from-chain`` when it does not."""
    if start == end:
        return []
    out: list[_Piece] = []
    cuts = [start]
    for at in range(start + 1, end):
        first = chars[at].encode(read_as)[0]
        if first < 0x80 or first >= 0xC0:
            cuts.append(at)
    cuts.append(end)
    for lo, hi in pairwise(cuts):
        nbytes = ends[hi] - ends[lo]
        try:
            out.append(_Piece(_TEXT, nbytes, chars[lo:hi].encode(read_as).decode(written)))
        except UnicodeDecodeError:
            out.append(_not_from_chain(nbytes))
    return out


def _after_last_ascii_triplet(data: bytes) -> int:
    """The end of the last run of three or more ASCII bytes (0 if none)."""
    for start in (max(0, len(data) - 4096), 0):
        end = 0
        for match in _ASCII_TRIPLETS.finditer(data, start):
            end = match.end()
        if end or start == 0:
            return end
    return 0


@lru_cache(maxsize=256)
def reading_for_name(name: str) -> ChainReading:
    """The reading a ``repair:`` name means (:class:`UnknownFormatError` if none)."""
    return ChainReading(parse_reading_name(name))
