"""The losses of a conversion: what they are, how they read in words, and how
they are found in a block of decoded and re-encoded text.

:mod:`mojiscope.core.conversion.convert` runs the conversion and explains what counts
as a loss; this module holds the :class:`Loss` record, the compact
:class:`LossBatch` a block's losses live in (a file of random bytes has
millions; a :class:`Loss` object is built only when one is looked at), and
:func:`find_losses`, which reads them off the source spans and the encoding
spans with array operations (offsets inside text spans are measured by
:mod:`mojiscope.core.conversion.offsets`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, overload

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.held_bytes import Taken
from mojiscope.core.conversion.offsets import Measure, byte_offsets
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, REASON_CODES, REASON_WORDS, Reason
from mojiscope.core.spans.event import SpanKind as K
from mojiscope.core.spans.table import NO_VALUE, SpanTable
from mojiscope.core.words.describe import (
    alternatives_words,
    describe_chars,
    describe_value,
    hex_bytes,
)

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class LossKind(StrEnum):
    """What a conversion lost (see the module docstring). Listed in the order
    used to break ties between losses at the same source offset."""

    REPLACEMENT = "replacement"
    BEYOND_UNICODE = "beyond-unicode"
    DROPPED_ESCAPE = "dropped-escape"
    UNENCODABLE = "unencodable"
    JOINED_SURROGATES = "joined-surrogates"
    ESCAPES_FORM_UTF8 = "escapes-form-utf8"
    GUESS = "guess"


_LOSS_KINDS: tuple[LossKind, ...] = tuple(LossKind)
_LOSS_CODE: dict[LossKind, int] = {k: i for i, k in enumerate(_LOSS_KINDS)}


class Loss(NamedTuple):
    """One loss. Byte ranges are ``[start, end)``: ``source_*`` in the input,
    ``target_*`` in the output (where the replacement or changed bytes are, or
    would be under strict). ``chars`` are the decoded characters concerned
    (for ``unencodable``, the character the target could not encode);
    ``value`` is the code point of a ``beyond-unicode`` loss or the value an
    ill-formed sequence would have meant, else ``None``. ``source_bytes``
    of a span too long to hold (one token of many megabytes) are its first
    and last bytes (see :mod:`mojiscope.core.codecs.held_bytes`)."""

    kind: LossKind
    source_start: int
    source_end: int
    target_start: int
    target_end: int
    reason: Reason | None
    value: int | None
    chars: str
    source_bytes: bytes
    target_bytes: bytes
    source_format: str
    target_format: str
    #: For a ``guess``: the other characters the guessed one could have been.
    alternatives: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        """One line in words: where, what, and what was written instead."""
        return describe_loss(self)


# -- words ---------------------------------------------------------------------


def _where(loss: Loss) -> str:
    return f"byte offset {loss.source_start} (0x{loss.source_start:X})"


def _written(loss: Loss, strict: bool) -> str:
    """What stands in the output for the loss, or under ``strict`` (when
    nothing is written) what ``errors="replace"`` would write."""
    if strict:
        if not loss.target_bytes:
            return "with errors=replace nothing would be written"
        return f"with errors=replace it would be written as {hex_bytes(loss.target_bytes)}"
    if not loss.target_bytes:
        return "nothing written"
    return f"written as {hex_bytes(loss.target_bytes)}"


def _describe_replacement(loss: Loss, strict: bool) -> str:
    reason = loss.reason
    why = f"{reason.value}: {REASON_WORDS[reason]}" if reason else "not decodable"
    meant = f"; it would have meant {describe_value(loss.value)}" if loss.value is not None else ""
    return (
        f"{_where(loss)}: {loss.source_format} cannot decode {_source_hex(loss)} "
        f"({why}{meant}); {_written(loss, strict)} (U+FFFD)"
    )


def _describe_guess(loss: Loss, strict: bool) -> str:
    choice = alternatives_words(describe_chars(c) for c in loss.alternatives)
    return (
        f"{_where(loss)}: bytes {_source_hex(loss)} stand where something was lost or changed "
        f"(a byte, an accent, a letter or its case); the repair guessed "
        f"{describe_chars(loss.chars)} ({choice}); {_written(loss, strict)}"
    )


def _describe_beyond(loss: Loss, strict: bool) -> str:
    value = f"U+{loss.value:X}" if loss.value is not None else "a value"
    return (
        f"{_where(loss)}: {loss.source_format} bytes {_source_hex(loss)} encode "
        f"{value}, beyond Unicode (U+10FFFF); {_written(loss, strict)} (U+FFFD)"
    )


def _describe_dropped_escape(loss: Loss, strict: bool) -> str:
    return (
        f"{_where(loss)}: {loss.source_format} kept bytes {_source_hex(loss)} as "
        f"escapes {describe_chars(loss.chars)}, which {loss.target_format} cannot write; "
        f"{_written(loss, strict)}"
    )


def _describe_unencodable(loss: Loss, strict: bool) -> str:
    return (
        f"{_where(loss)}: {loss.target_format} cannot encode {describe_chars(loss.chars)} "
        f"(from bytes {_source_hex(loss)}); {_written(loss, strict)}"
    )


def _describe_joined(loss: Loss, strict: bool) -> str:
    return (
        f"{_where(loss)}: {loss.target_format} joins the lone surrogates "
        f"{describe_chars(loss.chars)} into one character ({_written(loss, strict)}); they will "
        "read back as one supplementary character, not as two surrogates"
    )


def _describe_reformed(loss: Loss, strict: bool) -> str:
    del strict  # the same either way: nothing is replaced
    reread = loss.target_bytes.decode("utf-8", "replace")
    return (
        f"{_where(loss)}: {loss.target_format} writes the escapes {describe_chars(loss.chars)} "
        f"as {hex_bytes(loss.target_bytes)}, which is well-formed UTF-8 and will read back "
        f"as {reread!r}, not as escapes"
    )


_DESCRIBE: dict[LossKind, Callable[[Loss, bool], str]] = {
    LossKind.REPLACEMENT: _describe_replacement,
    LossKind.BEYOND_UNICODE: _describe_beyond,
    LossKind.DROPPED_ESCAPE: _describe_dropped_escape,
    LossKind.UNENCODABLE: _describe_unencodable,
    LossKind.JOINED_SURROGATES: _describe_joined,
    LossKind.ESCAPES_FORM_UTF8: _describe_reformed,
    LossKind.GUESS: _describe_guess,
}


def _source_hex(loss: Loss) -> str:
    return hex_bytes(loss.source_bytes, total=loss.source_end - loss.source_start)


def describe_loss(loss: Loss, *, strict: bool = False) -> str:
    """The one-line sentence of :attr:`Loss.message`: where, what, and what
    was written instead; with ``strict``, for a conversion that stopped
    there and wrote nothing, what ``errors="replace"`` would have written."""
    return _DESCRIBE[loss.kind](loss, strict)


# -- the loss batch ------------------------------------------------------------


@dataclass(frozen=True)
class BlockContext:
    """What a block's losses point into: its bytes, output and text."""

    raw: Taken
    out: bytes
    out_start: int
    text: str
    char_start: int
    source_format: str
    target_format: str
    #: The source format's :meth:`~mojiscope.core.codecs.format.Format.alternatives_at`.
    alternatives: Callable[[int], tuple[str, ...]] | None = None


@dataclass(frozen=True)
class _LossArrays:
    kind: IntArray
    reason: IntArray
    value: IntArray
    source_start: IntArray
    source_end: IntArray
    target_start: IntArray
    target_end: IntArray
    char_start: IntArray
    char_end: IntArray

    @classmethod
    def concat(cls, parts: Sequence[_LossArrays]) -> _LossArrays:
        names = cls.__dataclass_fields__
        return cls(**{n: np.concatenate([getattr(p, n) for p in parts]) for n in names})

    def ordered(self) -> _LossArrays:
        """Sorted by source offset, then by loss kind."""
        order = np.lexsort((self.kind, self.source_end, self.source_start))
        names = self.__dataclass_fields__
        return _LossArrays(**{n: getattr(self, n)[order] for n in names})


def no_losses() -> _LossArrays:
    empty = np.zeros(0, np.int64)
    return _LossArrays(*([empty] * 9))


class LossBatch(Sequence[Loss]):
    """The losses of one block, in source order, stored as arrays.

    They are located (offsets measured on both sides) the first time they
    are asked for: a length, an index, :meth:`groups` or :meth:`counts`.
    :meth:`any` says whether there is one without locating them, so a pass
    that only needs to know (a write whose losses a report already holds,
    a verification) skips the measuring."""

    def __init__(self, context: BlockContext, block: ConvertedSpans | None = None) -> None:
        self._context = context
        self._block = block  # what to locate the losses in, until they are
        self._found: _LossArrays | None = None if block is not None else no_losses()
        self._any: bool | None = None

    @property
    def _a(self) -> _LossArrays:
        if self._found is None:
            assert self._block is not None
            self._found, self._block = find_losses(self._block), None
        return self._found

    def any(self) -> bool:
        """Whether the block lost anything (the same as ``len(self) > 0``),
        without locating the losses."""
        if self._found is not None:
            return len(self._found.kind) > 0
        if self._any is None:
            assert self._block is not None
            self._any = has_losses(self._block)
        return self._any

    def __len__(self) -> int:
        return len(self._a.kind)

    @overload
    def __getitem__(self, index: int) -> Loss: ...
    @overload
    def __getitem__(self, index: slice) -> list[Loss]: ...
    def __getitem__(self, index: int | slice) -> Loss | list[Loss]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        n = len(self)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError("loss index out of range")
        return self._loss(i)

    def _loss(self, i: int) -> Loss:
        a, c = self._a, self._context
        s0, s1 = int(a.source_start[i]), int(a.source_end[i])
        t0, t1 = int(a.target_start[i]), int(a.target_end[i])
        c0, c1 = int(a.char_start[i]) - c.char_start, int(a.char_end[i]) - c.char_start
        value = int(a.value[i])
        kind = _LOSS_KINDS[int(a.kind[i])]
        others: tuple[str, ...] = ()
        if kind is LossKind.GUESS and c.alternatives is not None:
            others = c.alternatives(s0)
        return Loss(
            kind,
            s0,
            s1,
            t0,
            t1,
            REASON_CODES[int(a.reason[i])],
            None if value == NO_VALUE else value,
            c.text[c0:c1],
            c.raw.slice(s0, s1),
            c.out[t0 - c.out_start : t1 - c.out_start],
            c.source_format,
            c.target_format,
            others,
        )

    def groups(self, first: int) -> list[tuple[LossKind, Reason | None, int, list[int]]]:
        """The losses grouped by kind and reason, in order of first
        appearance: ``(kind, reason, count, indices of the first ones)``,
        at most ``first`` indices per group."""
        a = self._a
        if not len(a.kind):
            return []
        keys = a.kind * len(REASON_CODES) + a.reason
        tally = np.bincount(keys)  # a few kinds and reasons: counting beats sorting
        out = []
        for key in np.flatnonzero(tally).tolist():
            kind, reason = divmod(key, len(REASON_CODES))
            indices = np.flatnonzero(keys == key)[:first].tolist()
            out.append((_LOSS_KINDS[kind], REASON_CODES[reason], int(tally[key]), indices))
        out.sort(key=lambda group: group[3][0])
        return out

    def counts(self) -> Counter[LossKind]:
        """Number of losses per kind."""
        tally = np.bincount(self._a.kind, minlength=len(_LOSS_KINDS))
        return Counter({k: int(n) for k, n in zip(_LOSS_KINDS, tally.tolist(), strict=True) if n})


# -- finding the losses of a block ----------------------------------------------

_INVALID = KIND_CODE[K.INVALID]
_WARNING = KIND_CODE[K.WARNING]
_ESCAPE = KIND_CODE[K.ESCAPE]
_BEYOND = KIND_CODE[K.BEYOND]
#: Indexed by kind code: True for the kinds a conversion replaces (a table
#: lookup, where ``np.isin`` would sort on every block).
_IS_REPLACED = np.zeros(256, np.bool_)
_IS_REPLACED[[KIND_CODE[k] for k in (K.INVALID, K.COLLISION, K.RESERVED)]] = True
_SURROGATE_PAIR = REASON_CODE[Reason.SURROGATE_PAIR]
_GUESSED = REASON_CODE[Reason.GUESSED]
_ESCAPES_FORM_UTF8 = REASON_CODE[Reason.ESCAPES_FORM_UTF8]


@dataclass
class ConvertedSpans:
    """One block ready to be checked: the source spans of its characters (in
    the source format), the text, and its encoding (absolute offsets)."""

    source: SpanTable
    text: str
    char0: int
    encoded: SpanTable
    source_measure: Measure
    target_measure: Measure


def _lossy_source(block: ConvertedSpans) -> tuple[BoolArray, BoolArray, BoolArray]:
    """Which source spans are losses: ``(replaced, beyond, dropped escape)``."""
    src, enc = block.source, block.encoded
    kinds = src.kinds
    replaced = _IS_REPLACED[kinds]
    beyond = kinds == _BEYOND
    escape = kinds == _ESCAPE
    if escape.any():
        bad = enc.kinds == _INVALID
        bad_starts = enc.char_starts[:-1][bad]
        bad_ends = enc.char_starts[1:][bad]
        cs, ce = src.char_starts[:-1], src.char_starts[1:]
        overlapping = np.searchsorted(bad_starts, ce, "left") - np.searchsorted(
            bad_ends, cs, "right"
        )
        escape &= overlapping > 0
    return replaced, beyond, escape


def _source_losses(block: ConvertedSpans) -> tuple[_LossArrays, BoolArray]:
    """Losses read off the source spans, and which source spans had one."""
    src, enc = block.source, block.encoded
    replaced, beyond, escape = _lossy_source(block)
    lossy = replaced | beyond | escape
    idx = np.flatnonzero(lossy)
    guessed = src.reasons[idx] == _GUESSED
    kind = np.where(
        replaced[idx] & guessed,
        _LOSS_CODE[LossKind.GUESS],
        np.where(
            replaced[idx],
            _LOSS_CODE[LossKind.REPLACEMENT],
            np.where(
                beyond[idx],
                _LOSS_CODE[LossKind.BEYOND_UNICODE],
                _LOSS_CODE[LossKind.DROPPED_ESCAPE],
            ),
        ),
    )
    ch0, ch1 = src.char_starts[idx], src.char_starts[idx + 1]
    ends = byte_offsets(
        enc, block.text, block.char0, np.concatenate((ch0, ch1)), block.target_measure
    )
    arrays = _LossArrays(
        kind=kind.astype(np.int64),
        reason=src.reasons[idx].astype(np.int64),
        value=src.values[idx],
        source_start=src.byte_starts[idx],
        source_end=src.byte_starts[idx + 1],
        target_start=ends[: len(idx)],
        target_end=ends[len(idx) :],
        char_start=ch0,
        char_end=ch1,
    )
    return arrays, lossy


def _target_runs(enc: SpanTable) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Encoding spans that are losses, grouped: ``(first span, last span,
    loss kind, reason)`` per loss. Unencodable characters are one loss each;
    a joined surrogate pair is one loss; a run of escapes that re-form UTF-8
    is one loss."""
    kinds, reasons = enc.kinds, enc.reasons
    unencodable = np.flatnonzero(kinds == _INVALID)
    joined = np.flatnonzero((kinds == _WARNING) & (reasons == _SURROGATE_PAIR))
    reformed = np.flatnonzero((kinds == _WARNING) & (reasons == _ESCAPES_FORM_UTF8))
    pair_first, pair_last = joined[0::2], joined[1::2]
    if len(pair_last) < len(pair_first):
        pair_last = np.append(pair_last, pair_first[-1])
    run_breaks = np.flatnonzero(np.diff(reformed) != 1) + 1
    run_first = reformed[np.concatenate(([0], run_breaks))] if len(reformed) else reformed
    run_last = (
        reformed[np.concatenate((run_breaks - 1, [len(reformed) - 1]))]
        if len(reformed)
        else reformed
    )
    first = np.concatenate((unencodable, pair_first, run_first))
    last = np.concatenate((unencodable, pair_last, run_last))
    kind = np.repeat(
        [
            _LOSS_CODE[k]
            for k in (LossKind.UNENCODABLE, LossKind.JOINED_SURROGATES, LossKind.ESCAPES_FORM_UTF8)
        ],
        [len(unencodable), len(pair_first), len(run_first)],
    ).astype(np.int64)
    return first, last, kind, reasons[first].astype(np.int64)


def _target_losses(block: ConvertedSpans, lossy_source: BoolArray) -> _LossArrays:
    """Losses read off the encoding spans, leaving out characters that stand
    for a source loss already reported."""
    src, enc = block.source, block.encoded
    first, last, kind, reason = _target_runs(enc)
    ch0, ch1 = enc.char_starts[first], enc.char_starts[last + 1]
    if len(first) and lossy_source.any():
        lossy_before = np.concatenate(([0], np.cumsum(lossy_source)))
        s0 = np.clip(np.searchsorted(src.char_starts, ch0, "right") - 1, 0, len(src) - 1)
        s1 = np.clip(np.searchsorted(src.char_starts, ch1, "left"), s0 + 1, len(src))
        keep = (lossy_before[s1] - lossy_before[s0]) == 0
        first, last, kind, reason, ch0, ch1 = (
            a[keep] for a in (first, last, kind, reason, ch0, ch1)
        )
    ends = byte_offsets(
        src, block.text, block.char0, np.concatenate((ch0, ch1)), block.source_measure
    )
    return _LossArrays(
        kind=kind,
        reason=reason,
        value=np.full(len(first), NO_VALUE, np.int64),
        source_start=ends[: len(first)],
        source_end=ends[len(first) :],
        target_start=enc.byte_starts[first],
        target_end=enc.byte_starts[last + 1],
        char_start=ch0,
        char_end=ch1,
    )


def has_losses(block: ConvertedSpans) -> bool:
    """Whether :func:`find_losses` finds any, without measuring offsets: a
    lossy source span is a loss, and when there is none, so is every
    target run (none is left out for standing for a source loss)."""
    replaced, beyond, escape = _lossy_source(block)
    if replaced.any() or beyond.any() or escape.any():
        return True
    return len(_target_runs(block.encoded)[0]) > 0


def find_losses(block: ConvertedSpans) -> _LossArrays:
    """Every loss of a block, in source order."""
    from_source, lossy = _source_losses(block)
    from_target = _target_losses(block, lossy)
    if not len(from_target.kind):
        return from_source
    return _LossArrays.concat([from_source, from_target]).ordered()
