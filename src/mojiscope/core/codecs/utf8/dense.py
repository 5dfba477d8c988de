"""The dense path of the UTF-8 family: every byte classified at once by numpy.

Used for blocks with many ill-formed subsequences (random or binary data),
where calling an error handler per event would be slow. All classification
is done with comparisons on whole arrays (a table lookup by byte value costs
thirty comparisons in numpy), and the text is built from an array of code
points decoded in one ``utf-32-le`` call, which here is several times faster
than CPython's own error-replacing UTF-8 decoder.

The steps:

1. per byte: is it a lead of a 2-, 3- or 4-byte sequence, does its second
   byte lie in the lead's range, are the third and fourth continuation bytes;
   hence the length of the longest well-formed prefix starting there;
2. a byte starts a sequence unless an earlier lead's prefix covers it (a
   prefix only ever covers continuation bytes, at most three);
3. per start: well-formed or a maximal subpart; the variant's special cases
   (WTF-8 surrogates and pairs, XTF-8 collisions, a BOM);
4. spans: each non-text start is its own span, runs of text starts one span.

The sparse path (:mod:`mojiscope.core.codecs.utf8.engine`) uses the same reasons
for the events CPython reports, through :func:`ill_formed_reasons`.

A *maximal subpart* (Unicode D93b) is the longest prefix of a well-formed
sequence starting at an unconvertible offset, or one byte. Its reason:

* ``stray-continuation``: it is a lone 80..BF byte;
* ``overlong``: C0, C1, or E0 followed by 80..9F, or F0 followed by 80..8F;
* ``surrogate``: ED followed by A0..BF (UTF-8 only; WTF-8 accepts these);
* ``out-of-range``: F5..F7, or F4 followed by 90..BF;
* ``invalid-byte``: F8..FF;
* ``truncated``: a valid lead whose sequence is cut by a byte that does not
  continue it, or by the end of the input.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mojiscope.core.spans.event import COLLISION_CODE as _COLLISION
from mojiscope.core.spans.event import ESCAPE_CODE as _ESCAPE
from mojiscope.core.spans.event import INVALID_CODE as _INVALID
from mojiscope.core.spans.event import REASON_CODE, Reason
from mojiscope.core.spans.event import SIGNATURE_CODE as _SIGNATURE
from mojiscope.core.spans.event import SURROGATE_CODE as _SURROGATE
from mojiscope.core.spans.table import NO_VALUE, SpanTable

#: For E0, ED, F0 and F4 cut after one byte by a continuation byte outside
#: their second-byte range: the reason that range gives (others: truncated).
_SECOND_REASON = np.full(256, REASON_CODE[Reason.TRUNCATED], np.uint8)
_SECOND_REASON[[0xE0, 0xED, 0xF0, 0xF4]] = [
    REASON_CODE[r]
    for r in (Reason.OVERLONG, Reason.SURROGATE, Reason.OVERLONG, Reason.OUT_OF_RANGE)
]
_VALUE_REASONS = np.array(
    [REASON_CODE[r] for r in (Reason.OVERLONG, Reason.SURROGATE, Reason.OUT_OF_RANGE)], np.uint8
)
U8 = npt.NDArray[np.uint8]


def _prefix_lengths(b: U8, n: int, wtf: bool) -> tuple[U8, npt.NDArray[np.bool_]]:
    """Per byte: the length of the longest well-formed prefix starting there
    (at least 1), and whether that prefix is a whole sequence."""
    b0 = b[:n]
    signed = b.view(np.int8)
    cont1 = signed[1 : n + 1] < -64  # 80..BF
    is_lead = (b0 - np.uint8(0xC2)) <= np.uint8(0xF4 - 0xC2)  # C2..F4, by wrap-around
    ok1 = cont1 & is_lead
    _second_byte_exceptions(b, n, ok1, wtf)
    ge_e0 = b0 >= 0xE0
    ge_f0 = b0 >= 0xF0
    ok2 = ok1 & (signed[2 : n + 2] < -64) & ge_e0
    ok3 = ok2 & (signed[3 : n + 3] < -64) & ge_f0
    length = ok1.view(np.uint8) + ok2.view(np.uint8) + ok3.view(np.uint8) + np.uint8(1)
    whole = (b0 < 0x80) | (ok1 & ~(ge_e0 & ~ok2) & ~(ge_f0 & ~ok3))
    return length, whole


def _second_byte_exceptions(b: U8, n: int, ok1: npt.NDArray[np.bool_], wtf: bool) -> None:
    """E0, ED, F0 and F4 narrow their second byte's range (Table 3-7); they
    are rare, so fix them up at their positions only."""
    b0 = b[:n]
    narrow = (b0 == 0xE0) | (b0 == 0xF0) | (b0 == 0xF4)
    if not wtf:
        narrow |= b0 == 0xED
    at = np.flatnonzero(narrow & ok1)
    if not len(at):
        return
    lead, second = b0[at], b[at + 1]
    lo = np.where(lead == 0xE0, 0xA0, np.where(lead == 0xF0, 0x90, 0x80))
    hi = np.where(lead == 0xED, 0x9F, np.where(lead == 0xF4, 0x8F, 0xBF))
    ok1[at] = (second >= lo) & (second <= hi)


def _covered(length: U8) -> npt.NDArray[np.bool_]:
    """Bytes that an earlier lead's prefix covers (never a sequence start)."""
    n = len(length)
    covered = np.zeros(n, bool)
    covered[1:] = length[:-1] >= 2
    covered[2:] |= length[:-2] >= 3
    covered[3:] |= length[:-3] >= 4
    return covered


def text_from_code_points(cps: npt.NDArray[np.uint32]) -> str:
    """A ``str`` from code points, lone surrogates included, in one C call
    (``utf-32`` with ``surrogatepass`` would call an error handler per
    surrogate). numpy drops trailing NULs from a string scalar, so when the
    last code point is U+0000 a sentinel is appended and cut off again."""
    if len(cps) == 0:
        return ""
    if cps[-1] != 0:  # the scalar is a numpy.str_: str() makes it a plain str
        return str(cps.view(f"<U{len(cps)}")[0])
    padded = np.empty(len(cps) + 1, np.uint32)
    padded[:-1] = cps
    padded[-1] = 0x78
    text: str = padded.view(f"<U{len(padded)}")[0][:-1]  # slicing gives a plain str
    return text


def dense_decode(
    data: bytes, at_start: bool, *, escapes: str | None, wtf: bool, collisions: bool
) -> tuple[str, SpanTable]:
    """Decode a block; ``escapes`` is ``None`` (U+FFFD per maximal subpart),
    ``"surrogate"`` (U+DC00+byte) or ``"pua"`` (U+EF80|(byte&0x7F)).

    Only the positions that are not plain text are handled one by one (in
    numpy); text runs are whatever lies between them.
    """
    n = len(data)
    b: U8 = np.frombuffer(data + b"\0\0\0", np.uint8)
    b0 = b[:n]
    length, whole = _prefix_lengths(b, n, wtf)
    covered = _covered(length)
    bad = np.flatnonzero(~covered & ~whole)  # maximal subparts
    multi = np.flatnonzero(whole & ~covered & (b0 >= 0xC2))  # well-formed, multi-byte
    multi_cps = _code_points(b, multi, length[multi])
    events = _special_sequences(data, at_start, multi, multi_cps, wtf, collisions)
    bad_len = length[bad]
    # Characters before byte x = x minus the bytes before x that add no
    # character of their own: continuation bytes inside a well-formed
    # sequence, and (without escapes) inside a maximal subpart.
    silent = covered.copy()
    escaped = bad
    if escapes is not None:  # every byte of a maximal subpart writes its escape
        escaped = np.concatenate((bad, bad[bad_len > 1] + 1, bad[bad_len > 2] + 2))
        silent[escaped[len(bad) :]] = False
    silent_before = np.zeros(n + 1, np.int32)
    np.cumsum(silent, out=silent_before[1:])
    table = _spans(b, bad, bad_len, events, escapes is not None, silent_before, n)
    text = _text(b, n, escaped, multi, multi_cps, events, escapes, silent)
    return text, table


_UNPAIRED_LEAD = REASON_CODE[Reason.UNPAIRED_LEAD]
_UNPAIRED_TRAIL = REASON_CODE[Reason.UNPAIRED_TRAIL]

_Special = tuple[npt.NDArray[np.intp], U8, npt.NDArray[np.uint8], npt.NDArray[np.int64]]
# (positions, kind codes, reason codes, values) of well-formed sequences that
# are not plain text: WTF-8 surrogates and pair halves, XTF-8 collisions, a BOM.


def _special_sequences(
    data: bytes,
    at_start: bool,
    multi: npt.NDArray[np.intp],
    cps: npt.NDArray[np.uint32],
    wtf: bool,
    collisions: bool,
) -> _Special:
    pos: list[npt.NDArray[np.intp]] = []
    kinds: list[npt.NDArray[np.uint8]] = []
    reasons: list[npt.NDArray[np.uint8]] = []
    if wtf:
        sur = np.flatnonzero((cps >= 0xD800) & (cps <= 0xDFFF))
        half = _pair_halves(multi[sur], cps[sur])
        pos.append(multi[sur])
        kinds.append(np.where(half, _INVALID, _SURROGATE).astype(np.uint8))
        lone = np.where(cps[sur] < 0xDC00, _UNPAIRED_LEAD, _UNPAIRED_TRAIL)
        reasons.append(np.where(half, REASON_CODE[Reason.SURROGATE_PAIR], lone).astype(np.uint8))
    if collisions:
        coll = np.flatnonzero((cps >= 0xEF80) & (cps <= 0xEFFF))
        pos.append(multi[coll])
        kinds.append(np.full(len(coll), _COLLISION, np.uint8))
        reasons.append(np.full(len(coll), REASON_CODE[Reason.ESCAPE_RANGE], np.uint8))
    if at_start and data.startswith(b"\xef\xbb\xbf"):
        pos.append(np.zeros(1, np.intp))
        kinds.append(np.full(1, _SIGNATURE, np.uint8))
        reasons.append(np.full(1, REASON_CODE[Reason.BOM], np.uint8))
    if not pos:
        empty = np.zeros(0, np.intp)
        return empty, np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.int64)
    at = np.concatenate(pos)
    values = cps[np.searchsorted(multi, at)].astype(np.int64)
    kind = np.concatenate(kinds)
    values[kind == _SIGNATURE] = NO_VALUE
    return at, kind, np.concatenate(reasons), values


def _code_points(b: U8, pos: npt.NDArray[np.intp], seq_len: U8) -> npt.NDArray[np.uint32]:
    """Scalar values of whole multi-byte sequences at ``pos``."""
    b0 = b[pos].astype(np.uint32)
    t1 = b[pos + 1].astype(np.uint32) & 0x3F
    t2 = b[pos + 2].astype(np.uint32) & 0x3F
    t3 = b[pos + 3].astype(np.uint32) & 0x3F
    cp2 = ((b0 & 0x1F) << 6) | t1
    cp3 = ((b0 & 0x0F) << 12) | (t1 << 6) | t2
    cp4 = ((b0 & 0x07) << 18) | (t1 << 12) | (t2 << 6) | t3
    return np.where(seq_len == 2, cp2, np.where(seq_len == 3, cp3, cp4)).astype(np.uint32)


def _pair_halves(pos: npt.NDArray[np.intp], units: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    """Among surrogate sequences, the halves of a lead directly followed by a
    trail (a surrogate pair byte sequence, ill-formed in WTF-8)."""
    is_lead = units < 0xDC00
    lead_then_trail = np.zeros(len(pos), bool)
    lead_then_trail[:-1] = is_lead[:-1] & ~is_lead[1:] & (pos[1:] == pos[:-1] + 3)
    half = lead_then_trail.copy()
    half[1:] |= lead_then_trail[:-1]
    return half


def _spans(
    b: U8,
    bad: npt.NDArray[np.intp],
    bad_len: U8,
    special: _Special,
    escapes: bool,
    silent_before: npt.NDArray[np.int32],
    n_bytes: int,
) -> SpanTable:
    """Each maximal subpart and special sequence is a span; the text runs
    between them stay implicit (:meth:`SpanTable.from_events`). A position's
    character offset is the position less the silent bytes before it."""
    pos, lens = bad, bad_len
    sp_pos, sp_kind, sp_reason, sp_value = special
    if len(sp_pos):
        # A few special sequences among many subparts: insert their positions
        # and lengths in place (one pass each) rather than sort everything;
        # their codes overwrite what the subparts' rules give them below.
        order = np.argsort(sp_pos)
        at = np.searchsorted(bad, sp_pos[order])
        pos = np.insert(bad, at, sp_pos[order])
        lens = np.insert(bad_len, at, 3)
    reason = np.zeros(len(pos), np.uint8)
    value = np.full(len(pos), NO_VALUE, np.uint32)
    ill_formed_reasons(b, pos, lens, reason, value)
    kind = np.full(len(pos), _ESCAPE if escapes else _INVALID, np.uint8)
    if len(sp_pos):
        where = at + np.arange(len(at))  # the special sequences' rows
        kind[where] = sp_kind[order]
        reason[where] = sp_reason[order]
        value[where] = sp_value[order].astype(np.uint32)
    pos32 = pos.astype(np.int32)
    char_pos = pos32 - silent_before[pos]
    char_lens = np.where(kind == _ESCAPE, lens, 1).astype(np.uint8)
    n_chars = n_bytes - int(silent_before[n_bytes])
    return SpanTable.from_events(
        pos32, lens, kind, reason, value, char_pos, char_lens, n_bytes, n_chars
    )


#: The reason a maximal subpart has by its lead byte alone, by lead range:
#: 80..BF (only continuation bytes reach here), C0..C1, C2..F4, F5..F7, F8..FF.
_REASON_BY_LEAD_RANGE = [
    REASON_CODE[r]
    for r in (
        Reason.STRAY_CONTINUATION,
        Reason.OVERLONG,
        Reason.TRUNCATED,
        Reason.OUT_OF_RANGE,
        Reason.INVALID_BYTE,
    )
]


def _reason_by_lead(lead: U8) -> U8:
    """:data:`_REASON_BY_LEAD_RANGE` per lead, by comparisons (a table
    lookup by byte value costs many times more in numpy)."""
    out = np.full(len(lead), _REASON_BY_LEAD_RANGE[0], np.uint8)
    for bound, code, previous in zip(
        (0xC0, 0xC2, 0xF5, 0xF8), _REASON_BY_LEAD_RANGE[1:], _REASON_BY_LEAD_RANGE[:-1], strict=True
    ):
        out += (lead >= bound).view(np.uint8) * np.uint8((code - previous) % 256)
    return out


def ill_formed_reasons(
    b: U8,
    pos: npt.NDArray[np.intp],
    sub_len: U8,
    reason: U8,
    value: npt.NDArray[np.uint32] | None,
) -> None:
    """Reasons (and would-be values, unless ``value`` is None) for the
    maximal subparts at ``pos``; see the module docstring for the rules."""
    lead = b[pos]
    reason[:] = _reason_by_lead(lead)
    # E0, ED, F0, F4 cut after one byte by a continuation byte outside their
    # second-byte range: the range says why (rare, so fixed up in place).
    narrow = np.flatnonzero(
        ((lead == 0xE0) | (lead == 0xED) | (lead == 0xF0) | (lead == 0xF4)) & (sub_len == 1)
    )
    if len(narrow):
        second = b[pos[narrow] + 1]
        by_second = (second & 0xC0) == 0x80
        fixed = np.take(_SECOND_REASON, lead[narrow])
        reason[narrow] = np.where(by_second, fixed, reason[narrow])
    if value is None:
        return
    wants = np.flatnonzero(
        (reason == _VALUE_REASONS[0])
        | (reason == _VALUE_REASONS[1])
        | (reason == _VALUE_REASONS[2])
    )
    if len(wants):
        p = pos[wants]
        would_be = vector_would_be_values(b[p], b[p + 1], b[p + 2], b[p + 3])
        value[wants] = would_be.astype(np.uint32)


def _text(
    b: U8,
    n: int,
    bad: npt.NDArray[np.intp],
    multi: npt.NDArray[np.intp],
    multi_cps: npt.NDArray[np.uint32],
    special: _Special,
    escapes: str | None,
    silent: npt.NDArray[np.bool_],
) -> str:
    """Code point per byte that contributes a character, then one str.
    ``bad`` holds the maximal subparts' first bytes, or under escapes all
    their bytes."""
    cps = b[:n].astype(np.uint32)  # ASCII bytes are their own code points
    cps[multi] = multi_cps
    sp_pos, sp_kind = special[0], special[1]
    if len(sp_pos):
        cps[sp_pos[(sp_kind == _INVALID) | (sp_kind == _COLLISION)]] = 0xFFFD
    if escapes is None:
        cps[bad] = 0xFFFD
    elif escapes == "surrogate":
        cps[bad] = b[bad].astype(np.uint32) + 0xDC00
    else:
        cps[bad] = (b[bad] & 0x7F).astype(np.uint32) | 0xEF80
    kept = np.compress(~silent, cps)  # one pass; faster here than gathering by index
    if escapes == "surrogate" or special_has_surrogates(special):
        return text_from_code_points(kept)
    return str(kept.data, "utf-32-le")


def special_has_surrogates(special: _Special) -> bool:
    return bool((special[1] == _SURROGATE).any())


def vector_would_be_values(
    b0: np.ndarray, b1: np.ndarray, b2: np.ndarray, b3: np.ndarray
) -> np.ndarray:
    """What an overlong or surrogate sequence would have meant (``C0 AF``
    is an overlong ``/``), from its lead byte and the three bytes after it,
    gathered for many sequences at once: the value the lead's payload and
    its continuation bytes spell, where the whole would-be sequence is
    present (2 bytes for C0/C1, 3 for E0/ED, 4 for F0..F7), and
    :data:`~mojiscope.core.spans.table.NO_VALUE` where it is not."""
    c1 = (b1 & 0xC0) == 0x80
    c2 = (b2 & 0xC0) == 0x80
    c3 = (b3 & 0xC0) == 0x80
    t1 = (b1 & 0x3F).astype(np.int64)
    t2 = (b2 & 0x3F).astype(np.int64)
    t3 = (b3 & 0x3F).astype(np.int64)
    v2 = ((b0 & 0x1F).astype(np.int64) << 6) | t1
    v3 = ((b0 & 0x0F).astype(np.int64) << 12) | (t1 << 6) | t2
    v4 = ((b0 & 0x07).astype(np.int64) << 18) | (t1 << 12) | (t2 << 6) | t3
    two = (b0 >= 0xC0) & (b0 <= 0xC1) & c1
    three = ((b0 == 0xE0) | (b0 == 0xED)) & c1 & c2
    four = (b0 >= 0xF0) & (b0 <= 0xF7) & c1 & c2 & c3
    out = np.full(len(b0), NO_VALUE, np.int64)
    out[two] = v2[two]
    out[three] = v3[three]
    out[four] = v4[four]
    return out
