"""One engine for the UTF-8 family: ``utf-8``, ``utf-8b``, ``wtf-8``, ``xtf-8``.

They differ only in what an ill-formed maximal subpart becomes and in two
special well-formed cases, so a :class:`Variant` names those choices and one
engine decodes every block with one of two paths:

* **sparse**: CPython's own UTF-8 decoder runs over the block with an error
  handler that records each event (CPython reports exactly the W3C maximal
  subparts) and returns the variant's characters for it. The text comes out
  of C in one pass; each event's character offset then follows from the
  byte offsets when the text between events is ASCII, or is found with
  ``str.find`` of its first character, which is unambiguous because every
  occurrence of such a character in the text is an event (genuine U+FFFD in
  the input is located in the bytes and counted as a silent event). When a
  block turns out to hold more than about one event per KiB, the handler
  gives up and the block goes to the other path.
* **dense**: numpy classifies every byte at once (lead class, second-byte
  range, continuation checks), finds where each sequence starts, and builds
  the span arrays without a Python loop per byte; the text still comes from
  one CPython decode call.

Both paths produce the same spans; the tests hold them to it.

A whole input (:func:`decode_whole`, which ``Format.decode`` tries before
the block driver) is decoded in one C call when it is well-formed, and,
when errors are replaced, by the sparse path in one call when they are
sparse: in blocks, each block's text and then the joined text would be
written into fresh memory, twice the page faults of one call. Dense
inputs, streams and strict decoding (which stops at the first block with
an error) go block by block.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import numpy as np

from mojiscope.core.codecs.events import replace_at, single_text_span
from mojiscope.core.codecs.format import Errors
from mojiscope.core.codecs.recording import RecordingHandler
from mojiscope.core.codecs.utf8.dense import dense_decode, ill_formed_reasons
from mojiscope.core.codecs.utf8.locate import ascii_between_events, locate_in_text
from mojiscope.core.spans.event import COLLISION_CODE as _COLLISION
from mojiscope.core.spans.event import ESCAPE_CODE as _ESCAPE
from mojiscope.core.spans.event import INVALID_CODE as _INVALID
from mojiscope.core.spans.event import REASON_CODE, Reason
from mojiscope.core.spans.event import SIGNATURE_CODE as _SIGNATURE
from mojiscope.core.spans.event import SURROGATE_CODE as _SURROGATE
from mojiscope.core.spans.table import NO_VALUE, SpanTable

BOM = b"\xef\xbb\xbf"
_COLLISION_BYTES = re.compile(rb"\xee[\xbe\xbf][\x80-\xbf]")


class IllFormed(Enum):
    """What an ill-formed maximal subpart becomes."""

    REPLACE = "replace"  # one U+FFFD, an ``invalid`` span
    SURROGATE_ESCAPE = "surrogateescape"  # U+DC00+byte per byte, an ``escape`` span
    PUA_ESCAPE = "pua"  # U+EF80|(byte&0x7F) per byte, an ``escape`` span


@dataclass(frozen=True)
class Variant:
    ill_formed: IllFormed
    wtf_surrogates: bool = False  # ED A0..BF xx is a ``surrogate`` span (WTF-8)
    pua_collisions: bool = False  # U+EF80..U+EFFF in the input is a ``collision``

    @property
    def escapes(self) -> bool:
        return self.ill_formed is not IllFormed.REPLACE


class _TooDense(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised from the recording handler to hand a block to the dense path."""


# -- the sparse path ----------------------------------------------------------


_SURROGATE_ESCAPES = [chr(0xDC00 + b) for b in range(256)]
_PUA_ESCAPES = [chr(0xEF80 | (b & 0x7F)) for b in range(256)]
#: The character each byte of an ill-formed subsequence becomes, if any.
_ESCAPES_FOR: dict[IllFormed, list[str] | None] = {
    IllFormed.REPLACE: None,
    IllFormed.SURROGATE_ESCAPE: _SURROGATE_ESCAPES,
    IllFormed.PUA_ESCAPE: _PUA_ESCAPES,
}


class _Recorder:
    """Where each ill-formed subsequence of one sparse decode lies. The
    handler runs once per event, so it only records positions (and judges
    WTF-8's surrogate sequences, which change where decoding resumes);
    reasons and values are worked out afterwards for all events at once."""

    __slots__ = ("data", "ends", "escapes", "limit", "special", "starts", "wtf")

    def __init__(self, variant: Variant, data: bytes, limit: int) -> None:
        self.data = data
        self.limit = limit
        self.starts: list[int] = []
        self.ends: list[int] = []
        #: event index -> (kind code, reason code, value) for WTF-8 surrogates
        self.special: dict[int, tuple[int, int, int]] = {}
        self.escapes = _ESCAPES_FOR[variant.ill_formed]
        self.wtf = variant.wtf_surrogates

    def handler(self) -> Callable[[UnicodeDecodeError], tuple[str, int]]:
        """The error handler for this decode: a closure with nothing to look
        up (it runs once per event), writing U+FFFD or the variant's escapes.
        WTF-8 sends a byte ED, which may begin a surrogate sequence, to the
        general method :meth:`handle` first.

        The C decode starts on :data:`SEED`, not on the data: the first call
        is the seed's, and swaps the data in. That call and the one past
        :attr:`limit` (the block is too dense for this path) take the rare
        branch, which every closure checks for first."""
        starts, ends = self.starts, self.ends
        escapes, data = self.escapes, self.data
        limit = 0  # until the seed's call has swapped the data in
        seeded = False

        def rare(exc: UnicodeDecodeError) -> tuple[str, int]:
            nonlocal limit, seeded
            if seeded:
                raise _TooDense
            seeded, limit = True, self.limit
            exc.object = data
            return "", 0

        def replace(exc: UnicodeDecodeError) -> tuple[str, int]:
            if len(starts) >= limit:
                return rare(exc)
            end = exc.end
            starts.append(exc.start)
            ends.append(end)
            return "\ufffd", end

        record: Callable[[UnicodeDecodeError], tuple[str, int]] = replace
        if escapes is not None:
            table = escapes

            def escape(exc: UnicodeDecodeError) -> tuple[str, int]:
                if len(starts) >= limit:
                    return rare(exc)
                start, end = exc.start, exc.end
                starts.append(start)
                ends.append(end)
                if end - start == 1:
                    return table[data[start]], end
                return "".join([table[b] for b in data[start:end]]), end

            record = escape
        if not self.wtf:
            return record
        general = self.handle

        def wtf_record(exc: UnicodeDecodeError) -> tuple[str, int]:
            if len(starts) >= limit:
                return rare(exc)
            return general(exc) if data[exc.start] == 0xED else record(exc)

        return wtf_record

    def handle(self, exc: UnicodeDecodeError) -> tuple[str, int]:
        """The general handler, for WTF-8's byte ED, called by the closure
        of :meth:`handler` (which has already checked for the rare calls): a
        surrogate sequence (or the half of a pair) is judged here, anything
        else recorded as the other closures do."""
        starts = self.starts
        start, end = exc.start, exc.end
        data = self.data
        if self.wtf and data[start] == 0xED:
            if _is_surrogate_seq(data, start):
                return self._surrogate(start)
            if start + 1 < len(data) and 0xA0 <= data[start + 1] <= 0xBF:
                end = start + 2  # a surrogate cut short: in WTF-8 one truncated subpart
        starts.append(start)
        self.ends.append(end)
        escapes = self.escapes
        if escapes is None:
            return "\ufffd", end
        return "".join([escapes[b] for b in data[start:end]]), end

    def _surrogate(self, start: int) -> tuple[str, int]:
        data = self.data
        unit = (
            ((data[start] & 0x0F) << 12)
            | ((data[start + 1] & 0x3F) << 6)
            | (data[start + 2] & 0x3F)
        )
        is_lead = unit < 0xDC00
        paired = (
            _is_surrogate_seq(data, start + 3) and data[start + 4] >= 0xB0
            if is_lead
            else start >= 3 and _is_surrogate_seq(data, start - 3) and data[start - 2] < 0xB0
        )
        index = len(self.starts)
        self.starts.append(start)
        self.ends.append(start + 3)
        if paired:
            self.special[index] = (_INVALID, REASON_CODE[Reason.SURROGATE_PAIR], unit)
            return "\ufffd", start + 3
        lone = Reason.UNPAIRED_LEAD if is_lead else Reason.UNPAIRED_TRAIL
        self.special[index] = (_SURROGATE, REASON_CODE[lone], unit)
        return chr(unit), start + 3


def _is_surrogate_seq(data: bytes, start: int) -> bool:
    """``ED A0..BF 80..BF`` at ``start``."""
    return (
        start + 2 < len(data)
        and data[start] == 0xED
        and 0xA0 <= data[start + 1] <= 0xBF
        and 0x80 <= data[start + 2] <= 0xBF
    )


_HANDLER = RecordingHandler("mojiscope-utf8-record")
#: What a sparse decode hands CPython's decoder in place of its data. At the
#: first error CPython copies the decoder's whole input into the exception
#: object it passes to the handler: for a large input, fresh memory as large
#: as the input, whose page faults cost a third of the decode. Starting on one
#: ill-formed byte makes that copy one byte long; the handler's first call
#: sets the exception's ``object`` to the real data and resumes at its start.
#: PEP 293 lets a handler replace the object, and CPython's decoders re-read
#: it after every call (its own ``test_codeccallbacks`` holds them to it).
SEED = b"\xff"


def _sparse_decode(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    recorder = _Recorder(variant, data, limit=64 + len(data) // 1024)
    text = _HANDLER.decode(SEED, "utf-8", recorder.handler())
    pos = np.array(recorder.starts, np.intp)
    lens = np.array(recorder.ends, np.intp) - pos
    kind = np.full(len(pos), _ESCAPE if variant.escapes else _INVALID, np.uint8)
    reason = np.zeros(len(pos), np.uint8)
    value = np.full(len(pos), NO_VALUE, np.uint32)
    # The reasons need each event's lead and the three bytes after it: gather
    # those (zeros past the end) rather than copy the block with a pad.
    following = _bytes_from(data, pos, 4)
    ill_formed_reasons(
        following.reshape(-1), np.arange(0, 4 * len(pos), 4), lens.astype(np.uint8), reason, value
    )
    for i, (k, r, v) in recorder.special.items():
        kind[i], reason[i], value[i] = k, r, v
    # A BOM or a collision is a character of three bytes: none can lie between
    # the events when the text there is ASCII, and then no search is needed.
    extra = (
        []
        if ascii_between_events(text, data, lens, kind)
        else _signature_and_collisions(variant, data, at_start)
    )
    if not recorder.starts and not extra:
        return text, single_text_span(len(data), len(text))
    return _with_well_formed_events(text, data, pos, lens, kind, reason, value, extra, variant)


def _bytes_from(data: bytes, pos: np.ndarray, count: int) -> np.ndarray:
    """``data[p : p + count]`` for each ``p`` in ``pos``, as rows of a
    ``(len(pos), count)`` array, zero past the end of ``data``."""
    at = pos[:, None] + np.arange(count)
    out = np.frombuffer(data, np.uint8)[np.minimum(at, len(data) - 1)]
    out[at >= len(data)] = 0
    return out


def _with_well_formed_events(
    text: str,
    data: bytes,
    pos: np.ndarray,
    lens: np.ndarray,
    kind: np.ndarray,
    reason: np.ndarray,
    value: np.ndarray,
    extra: list[tuple[int, int, int, int, int]],
    variant: Variant,
) -> tuple[str, SpanTable]:
    """Merge the ill-formed events (arrays) with the well-formed ones that
    are not text (``extra``: a BOM, collisions), locate them all in the text,
    and build the table; collisions become U+FFFD in the returned text."""
    if extra:
        more = np.array(extra, np.int64).T
        order = np.argsort(np.concatenate((pos, more[0])), kind="stable")
        pos = np.concatenate((pos, more[0]))[order]
        lens = np.concatenate((lens, more[1]))[order]
        kind = np.concatenate((kind, more[2].astype(np.uint8)))[order]
        reason = np.concatenate((reason, more[3].astype(np.uint8)))[order]
        value = np.concatenate((value, more[4].astype(np.uint32)))[order]
    escapes = _ESCAPES_FOR[variant.ill_formed]
    char_pos, char_lens = locate_in_text(text, data, pos, lens, kind, value, escapes)
    collisions = char_pos[kind == _COLLISION]
    if len(collisions):
        text = replace_at(text, collisions.tolist())
    table = SpanTable.from_events(
        pos, lens, kind, reason, value, char_pos, char_lens, len(data), len(text)
    )
    return text, table


def _signature_and_collisions(
    variant: Variant, data: bytes, at_start: bool
) -> list[tuple[int, int, int, int, int]]:
    """(position, length, kind, reason, value) of the well-formed sequences
    that are not text: a BOM at the start, XTF-8 collisions."""
    out = []
    if at_start and data.startswith(BOM):
        out.append((0, 3, _SIGNATURE, REASON_CODE[Reason.BOM], NO_VALUE))
    if variant.pua_collisions and _may_collide(data):
        code = REASON_CODE[Reason.ESCAPE_RANGE]
        for m in _COLLISION_BYTES.finditer(data):
            out.append((m.start(), 3, _COLLISION, code, ord(m.group().decode("utf-8"))))
    return out


def decode_whole(
    variant: Variant, data: bytes | bytearray | memoryview, errors: Errors
) -> tuple[str, SpanTable] | None:
    """The whole input in one C call when it is well-formed UTF-8 (the common
    case, and then every variant agrees with UTF-8 but for a BOM and, in
    XTF-8, collisions), or, under ``replace``, when its ill-formed sequences
    are sparse (see :func:`_decode_sparse_whole`); ``None`` otherwise."""
    # A failed strict decode copies its whole input into the exception, so
    # look at the first 64 KiB before betting the whole input on it.
    try:
        codecs.utf_8_decode(data[:_PROBE], "strict", False)
        text = str(data, "utf-8")
    except UnicodeDecodeError:
        return _decode_sparse_whole(variant, data) if errors == "replace" else None
    if text.isascii():  # O(1) on a str: no BOM, no collision possible
        return text, single_text_span(len(text), len(text))
    raw = data if isinstance(data, bytes) else bytes(data)
    extra = _signature_and_collisions(variant, raw, True)
    if not extra:
        return text, single_text_span(len(raw), len(text))
    none = np.zeros(0, np.intp)
    empty = np.zeros(0, np.uint8)
    return _with_well_formed_events(
        text, raw, none, none, empty, empty, np.zeros(0, np.uint32), extra, variant
    )


def _decode_sparse_whole(
    variant: Variant, data: bytes | bytearray | memoryview
) -> tuple[str, SpanTable] | None:
    """The sparse path over the whole input in one C call, when its first
    16 KiB hold at most one ill-formed sequence per KiB; ``None`` (for the
    block driver) if it turns out denser than that on the whole.

    Why not blocks: the text of each block and then the joined text are
    both fresh memory, and on large inputs the page faults of writing a
    text twice cost more than the decode itself (docs/PERFORMANCE.md). The
    one call holds nothing beside the text but the events (see :data:`SEED`)."""
    raw = data if isinstance(data, bytes) else bytes(data)
    if looks_dense(raw[:_SAMPLE]):
        return None
    try:
        return _sparse_decode(variant, raw, True)
    except _TooDense:
        return None


def _may_collide(data: bytes) -> bool:
    """Whether ``data`` may hold U+EF80..U+EFFF (lead byte EE): a one-byte
    search runs at memchr speed, a two-byte one byte by byte."""
    return data.find(b"\xee") >= 0


# -- the dense path -----------------------------------------------------------


def _dense_decode(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    escapes = {
        IllFormed.REPLACE: None,
        IllFormed.SURROGATE_ESCAPE: "surrogate",
        IllFormed.PUA_ESCAPE: "pua",
    }[variant.ill_formed]
    return dense_decode(
        data,
        at_start,
        escapes=escapes,
        wtf=variant.wtf_surrogates,
        collisions=variant.pua_collisions,
    )


# -- choosing a path ------------------------------------------------------------


def decode_block(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    """Decode a block (ending at a safe cut): the sparse path unless a sample
    of the block already shows more than one error per KiB."""
    if len(data) > 4 * _SAMPLE and looks_dense(data[:_SAMPLE]):
        return _dense_decode(variant, data, at_start)
    try:
        return _sparse_decode(variant, data, at_start)
    except _TooDense:
        return _dense_decode(variant, data, at_start)


def looks_dense(sample: bytes) -> bool:
    """More than one ill-formed sequence per KiB in ``sample`` (U+FFFD
    written in the input itself are not errors)."""
    errors = str(sample, "utf-8", "replace").count("\ufffd") - sample.count(b"\xef\xbf\xbd")
    return errors > len(sample) >> 10


_SAMPLE = 16384
_PROBE = 65536
DecodePath = Callable[[Variant, bytes, bool], tuple[str, SpanTable]]
#: Both paths by name, for the tests that hold them to the same answers.
PATHS: dict[str, DecodePath] = {"sparse": _sparse_decode, "dense": _dense_decode}


def safe_cut(data: bytes, at_start: bool, wtf: bool) -> int:
    """The largest safe cut (see :mod:`mojiscope.core.codecs.format`): just before
    the last byte that is not a continuation byte, looking at most 4 bytes
    back; or the whole buffer if that byte is ASCII or there is none (every
    trailing continuation byte is then already decided). WTF-8 also never
    cuts between a lead surrogate sequence and what is or may become its
    trail (``ED`` then ``B0..BF`` or nothing yet): it steps back over that
    one lead sequence alone, never over a run of them (a lead followed by
    anything else is unpaired whatever comes next), so the cost per call
    stays constant and the cut at most 7 bytes back."""
    n = len(data)
    cut = n
    for i in range(n - 1, max(n - 5, -1), -1):
        if data[i] & 0xC0 != 0x80:
            cut = n if data[i] < 0x80 else i
            break
    if wtf:
        may_be_trail = cut < n and data[cut] == 0xED and (cut + 1 == n or data[cut + 1] >= 0xB0)
        if may_be_trail and cut >= 3 and _is_surrogate_seq(data, cut - 3) and data[cut - 2] < 0xB0:
            cut -= 3  # a lead surrogate sequence waits for what follows it
    del at_start  # a BOM is a complete sequence: the rule above never splits it
    return cut
