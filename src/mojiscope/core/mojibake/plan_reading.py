"""A repair plan as a format: each segment read through its own chain.

:class:`PlanReading` is a :class:`~mojiscope.core.codecs.format.Format`
whose decoding is a :class:`~mojiscope.core.mojibake.plan.RepairPlan`'s
repair, so that the one conversion run
(:func:`~mojiscope.core.conversion.convert.run_conversion`) writes it, with
its loss report, strict or replace, atomically: ``mojiscope mojibake
--fix``, ``mojiscope convert --from "repair:plan:PLAN"`` and the window's
Export repaired… all go through it and write the same bytes. Its name is
``repair:plan:`` and the path of the plan's JSON Lines file
(:func:`plan_reading_for_name`), so a child process or another command
finds the same plan by name.

Decoding, segment by segment, each from its own start (segments are cut at
line, field or run boundaries, where every chain here starts afresh):

* a segment with the empty chain keeps its bytes: they are read as UTF-8
  (bytes that are no UTF-8 get UTF-8's ``invalid`` spans, which a
  conversion reports and strict refuses);
* a segment with a chain is read as that chain's
  :class:`~mojiscope.core.mojibake.reading.ChainReading` (its bytes the
  chain cannot have made are ``invalid``, ``not-from-chain``: a chain never
  turns bytes it would not make again into something else);
* a guessed character (a lossy segment's
  :class:`~mojiscope.core.mojibake.guessed.Lost`) is one ``invalid`` span
  with the reason ``guessed`` whose text is the guess: the conversion
  reports it as a guess, with its alternatives (:meth:`alternatives_at`),
  strict refuses it, and replace writes the guess, as the explainer shows
  it;
* bytes past the plan's end are ``not-from-chain``.

The offsets are the plan's: a plan for a selection counts from the
selection's first byte, as the conversion of that selection does. A chain
the chain reading refuses (through UTF-16) is replayed on the whole
segment at once with Python's codecs, held in memory up to
:data:`WHOLE_SEGMENT` bytes (a longer one is ``not-from-chain``).

Measuring text. A conversion measures characters of a ``text`` span in the
source format when it splits a block inside one (rare: a block ends there
only before surrogates or U+EF80..U+EFFF). A plan's text spans hold
characters from different chains, so they are measured as UTF-8, which is
exact for kept segments and may be off by a few bytes in repaired ones;
only the offsets of such a split can be, never the bytes written.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Errors, Format, Policy, apply_policy
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.errors import DecodeError, MojiscopeError, UnknownFormatError
from mojiscope.core.mojibake.chain import Chain, try_repair
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.plan import RepairPlan, read_plan
from mojiscope.core.mojibake.reading import reading_name
from mojiscope.core.spans.builder import SpanListBuilder
from mojiscope.core.spans.event import Reason, Span, SpanKind
from mojiscope.core.spans.table import SpanTable, join
from mojiscope.core.system.source import Source, as_source

PREFIX = "repair:plan:"
#: A segment whose chain only Python's codecs replay is held whole up to this.
WHOLE_SEGMENT = 16 << 20


def plan_name(path: str | Path) -> str:
    """The format name of the plan saved at ``path``."""
    return PREFIX + str(Path(path).resolve())


@dataclass(frozen=True)
class _Piece:
    """A stretch of the plan read one way: ``chain`` (None: kept as UTF-8)
    or, for a guess, ``lost``."""

    start: int
    end: int
    chain: Chain | None
    lost: Lost | None = None


def _pieces(plan: RepairPlan) -> list[_Piece]:
    pieces: list[_Piece] = []
    for segment in plan.segments:
        chain = None if segment.chain.is_identity else segment.chain
        position = segment.start
        for lost in sorted(segment.lost, key=lambda x: x.start):
            start, end = max(lost.start, position), min(lost.end, segment.end)
            if start >= end:
                continue
            if start > position:
                pieces.append(_Piece(position, start, chain))
            pieces.append(_Piece(start, end, chain, lost))
            position = end
        if segment.end > position:
            pieces.append(_Piece(position, segment.end, chain))
    return pieces


@lru_cache(maxsize=64)
def _chain_format(chain: Chain) -> Format | None:
    """The chain's reading, or ``None`` when it cannot be read in pieces."""
    try:
        return get_format(reading_name(chain))
    except UnknownFormatError:
        return None


class PlanReading(Format):
    """Bytes read through a repair plan (see the module docstring)."""

    lookahead = 16
    exact_resync = False

    def __init__(self, plan: RepairPlan, name: str = "repair:plan") -> None:
        self.id = name  # type: ignore[misc]
        self.description = (  # type: ignore[misc]
            f"repaired segment by segment: {len(plan.repairs):,} of {len(plan.segments):,} "
            f"segments undone, {len(plan.guesses):,} bytes guessed"
        )
        self.plan = plan
        self.pieces = _pieces(plan)
        self._starts = [p.start for p in self.pieces]
        self._guesses = {x.start: x for x in plan.guesses}

    # -- decoding ----------------------------------------------------------------

    def incremental_decoder(self, errors: Errors = "replace", start: int = 0) -> PlanDecoder:  # type: ignore[override]
        return PlanDecoder(self, errors, start)

    def decode(
        self,
        data: bytes | bytearray | memoryview,
        errors: Errors = "replace",
        policy: Policy = "maximal-subpart",
    ) -> Decoding:
        self._check_policy(policy)
        return apply_policy(self.incremental_decoder(errors).decode(data, final=True), policy)

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        """``data`` as the plan's first bytes (a block from its start)."""
        decoding = self.incremental_decoder("replace").decode(data, final=True)
        return decoding.text, decoding.spans

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        return len(data)

    def decode_window(
        self, source: Source | bytes, start: int, end: int, errors: Errors = "replace"
    ) -> Decoding:
        """The pieces that hold bytes ``[start, end)``, each read from its own start."""
        src = as_source(source)
        i = max(bisect.bisect_right(self._starts, start) - 1, 0)
        begin = self.pieces[i].start if self.pieces else 0
        j = bisect.bisect_left(self._starts, end)
        stop = self.pieces[j - 1].end if j and self.pieces else end
        stop = max(stop, min(end, len(src)))
        decoder = PlanDecoder(self, errors, begin)
        return decoder.decode(src.read(begin, stop), final=True)

    def piece_at(self, offset: int) -> int:
        """The index of the piece holding byte ``offset`` (-1: past the plan)."""
        i = bisect.bisect_right(self._starts, offset) - 1
        if i < 0 or offset >= self.pieces[i].end:
            return -1
        return i

    def alternatives_at(self, offset: int) -> tuple[str, ...]:
        """The other characters a guess at byte ``offset`` could have been."""
        lost = self._guesses.get(offset)
        return lost.alternatives if lost is not None else ()

    # -- encoding ----------------------------------------------------------------

    def encode_spans(self, text: str) -> Encoding:
        """A plan's text written back as UTF-8 (a plan has no one damage to
        replay: each segment was made its own way)."""
        data = text.encode("utf-8", "surrogatepass")
        return Encoding(data, single_text_span(len(data), len(text)))

    def char_byte_lengths(self, chars: str) -> list[int]:
        return [len(c.encode("utf-8", "surrogatepass")) for c in chars]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlanReading) and other.plan == self.plan

    def __hash__(self) -> int:
        return hash((self.id, self.plan.size, len(self.plan.segments)))


class _Whole:
    """A piece whose chain only Python's codecs replay: held, then repaired at once."""

    def __init__(self, piece: _Piece) -> None:
        self.piece = piece
        self.held: list[bytes] = []
        self.size = 0

    def feed(self, data: bytes, final: bool) -> tuple[str, SpanTable] | None:
        if self.size + len(data) <= WHOLE_SEGMENT:
            self.held.append(data)
        self.size += len(data)
        if not final:
            return None
        assert self.piece.chain is not None
        text = None
        if self.size <= WHOLE_SEGMENT:
            text = try_repair(self.piece.chain, b"".join(self.held))
        if text is None:
            return _one_span(self.size, "\ufffd", Reason.NOT_FROM_CHAIN)
        return text, single_text_span(self.size, len(text))


def _one_span(nbytes: int, chars: str, reason: Reason) -> tuple[str, SpanTable]:
    builder = SpanListBuilder()
    builder.add(SpanKind.INVALID, nbytes, len(chars), reason)
    return chars, builder.build()


class PlanDecoder:
    """The plan's incremental decoder: the protocol of
    :class:`~mojiscope.core.codecs.incremental.IncrementalDecoder` (absolute
    byte offsets from ``start``, character offsets from 0), each piece read
    by a decoder of its own."""

    def __init__(self, reading: PlanReading, errors: Errors = "replace", start: int = 0) -> None:
        self.format = reading
        self.errors = errors
        self.start = start
        self.reset()

    def reset(self) -> None:
        self._position = self.start
        self._chars = 0
        self._index = -2  # the piece being read (-2: none yet)
        self._sub: object = None
        self._sub_chars = 0
        self._held = b""

    def _open(self) -> None:
        reading = self.format
        self._index = reading.piece_at(self._position)
        self._sub_chars = self._chars
        self._held = b""
        if self._index < 0:
            self._sub = None
            return
        piece = reading.pieces[self._index]
        if piece.lost is not None:
            self._sub = None
        elif piece.chain is None:
            self._sub = get_format("utf-8").incremental_decoder(self.errors, piece.start)
        else:
            fmt = _chain_format(piece.chain)
            if fmt is None:
                self._sub = _Whole(piece)
            else:
                self._sub = fmt.incremental_decoder(self.errors, piece.start)

    def decode(self, data: bytes | bytearray | memoryview, final: bool = False) -> Decoding:
        data = bytes(data)
        texts: list[str] = []
        tables: list[SpanTable] = []
        first_byte, first_char = self._position, self._chars
        i = 0
        while i < len(data) or (final and self._index != -2 and self._index >= 0):
            if self._index == -2 or (self._index >= 0 and self._position >= self._end()):
                self._open()
            if self._index < 0:  # past the plan
                rest = len(data) - i
                if rest:
                    self._emit(
                        texts,
                        tables,
                        *_one_span(rest, "\ufffd", Reason.NOT_FROM_CHAIN),
                        self._position,
                    )
                    self._strict(self._position, data[i:])
                    self._position += rest
                    self._chars += 1
                break
            end = self._end()
            take = min(len(data) - i, end - self._position)
            chunk = data[i : i + take]
            i += take
            self._position += take
            done = self._position >= end
            self._feed(chunk, done or (final and i >= len(data)), texts, tables)
            if done:
                self._index = -2
            elif i >= len(data):
                break
        text = "".join(texts)
        table = join(tables) if tables else SpanTable.empty(first_byte, first_char)
        return Decoding(self.format, text, table)

    def _end(self) -> int:
        return self.format.pieces[self._index].end

    def _feed(self, chunk: bytes, final: bool, texts: list[str], tables: list[SpanTable]) -> None:
        piece = self.format.pieces[self._index]
        if piece.lost is not None:
            self._held += chunk
            if final:
                guess = piece.lost.guess
                text, table = _one_span(len(self._held), guess, Reason.GUESSED)
                self._strict(piece.start, self._held, Reason.GUESSED, guess)
                self._emit(texts, tables, text, table, piece.start)
                self._chars += len(text)
            return
        sub = self._sub
        if isinstance(sub, _Whole):
            done = sub.feed(chunk, final)
            if done is not None:
                text, table = done
                if self.errors == "strict" and table.kinds.any():
                    self._strict(piece.start, b"", Reason.NOT_FROM_CHAIN)
                self._emit(texts, tables, text, table, piece.start)
                self._chars += len(text)
            return
        assert sub is not None
        decoding = sub.decode(chunk, final)  # type: ignore[attr-defined]
        if decoding.text or len(decoding.spans):
            texts.append(decoding.text)
            tables.append(decoding.spans.shifted(0, self._sub_chars))
            self._chars += len(decoding.text)

    def _emit(
        self, texts: list[str], tables: list[SpanTable], text: str, table: SpanTable, at: int
    ) -> None:
        texts.append(text)
        tables.append(table.shifted(at, self._chars))

    def _strict(
        self, at: int, data: bytes, reason: Reason = Reason.NOT_FROM_CHAIN, chars: str = "\ufffd"
    ) -> None:
        if self.errors != "strict":
            return
        span = Span(
            SpanKind.INVALID, at, at + len(data), self._chars, self._chars + len(chars), reason
        )
        raise DecodeError(self.format.id, span, data)


@lru_cache(maxsize=16)
def _cached(path: str, stamp: tuple[int, int]) -> PlanReading:
    return PlanReading(read_plan(path), PREFIX + path)


def plan_reading_for_name(name: str) -> PlanReading:
    """The reading ``repair:plan:PATH`` names (the plan read again when its
    file changed); :class:`UnknownFormatError` if there is none."""
    path = name.strip()[len(PREFIX) :].strip()
    try:
        info = Path(path).stat()
    except OSError as error:
        raise UnknownFormatError(
            f"{name!r}: no repair plan at {path} ({error.strerror or error})"
        ) from None
    try:
        return _cached(path, (info.st_mtime_ns, info.st_size))
    except MojiscopeError as error:
        raise UnknownFormatError(f"{name!r}: {error}") from None
