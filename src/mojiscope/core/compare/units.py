"""A decoding as the units two formats are compared by, in arrays.

A *unit* is one character of a ``text`` span, or one whole span of another
kind (an invalid sequence, a lone surrogate, an escape...). Each has the
byte where it starts and a *token*: the character's code point, or for a
span that is not text a negative number made of its kind, its reason and
its text (its first character and how many), so that two formats that
find the same anomaly in the same bytes agree there. :class:`Units` builds
them for a whole window with numpy: the bytes of each character come from
its code point where the format's encoding says so (:func:`char_lengths`:
the UTF-8 family, UTF-16 and UTF-32, single-byte code pages, and a guess
for the others), each text span's sum checked against its bytes; a span whose sum is off is measured
by the format itself (``Format.char_byte_lengths``). So a window costs
a few array passes, not a Python step per character, and the readings of
all its differing ranges are made in one pass (:meth:`Units.readings`).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format
from mojiscope.core.spans.event import KIND_CODES, REASON_CODES, TEXT_CODE, SpanKind
from mojiscope.core.spans.table import SpanTable
from mojiscope.core.words.notices import code_points

Ints = npt.NDArray[np.int64]

#: Formats whose characters are 1 to 4 bytes by code point, as UTF-8's.
_UTF8_LENGTHS = frozenset({"utf-8", "utf-8b", "wtf-8", "xtf-8"})


@cache
def _width(fmt: Format) -> str:
    """How the format's characters are measured: ``utf-8``, ``utf-16``,
    ``utf-32``, ``single`` (a byte a character), ``guess`` (a multi-byte
    code page: 1 for ASCII, 2 beyond), ``ascii`` (another format of Mojiscope's
    own, STF-7, Corrected UTF-8, CESU-8...: the same guess) or ``measure``
    (a repair reading, ``repair:...``: the format itself, character by
    character). A guess never says more bytes than a character of these
    formats takes, but for the single-byte characters of a code page, which
    the check finds: so a span whose sum is right is measured right."""
    fid = fmt.id
    if fid in _UTF8_LENGTHS:
        return "utf-8"
    if fid.startswith(("utf-16", "wtf-16")):
        return "utf-16"
    if fid.startswith("utf-32"):
        return "utf-32"
    from mojiscope.core.index.scan import codec_of

    codec = codec_of(fmt)
    if codec is None:
        return "measure" if ":" in fid else "ascii"
    try:
        return "single" if _single_byte(codec) else "guess"
    except (LookupError, UnicodeError):
        return "measure"


def _single_byte(codec: str) -> bool:
    """Whether every byte of ``codec`` decodes alone (a single-byte code page)."""
    decoded = bytes(range(256)).decode(codec, "replace")
    return len(decoded) == 256


def char_lengths(fmt: Format, points: Ints) -> Ints | None:
    """The bytes each character of ``points`` takes in ``fmt``, where the
    code point says it (a guess for a multi-byte code page, to be checked
    against the span's bytes); None when only the format can say."""
    width = _width(fmt)
    if width == "utf-8":
        return (
            1 + (points >= 0x80).astype(np.int64) + (points >= 0x800) + (points >= 0x10000)
        ).astype(np.int64)
    if width == "utf-16":
        return (2 + 2 * (points >= 0x10000)).astype(np.int64)
    if width == "utf-32":
        return np.full(len(points), 4, np.int64)
    if width == "single":
        return np.ones(len(points), np.int64)
    if width in ("guess", "ascii"):  # half-width katakana are one byte in Shift_JIS
        one = (points < 0x80) | ((points >= 0xFF61) & (points <= 0xFF9F))
        return (2 - one).astype(np.int64)
    return None


def _span_tokens(spans: SpanTable, which: Ints, points: Ints, base: int) -> Ints:
    """Tokens for the spans ``which`` (not text): negative, and alike for
    spans of the same kind and reason whose text is alike (their first
    character and how many there are)."""
    kinds = spans.kinds[which].astype(np.int64)
    reasons = spans.reasons[which].astype(np.int64)
    first = spans.char_starts[which] - base
    count = spans.char_starts[which + 1] - base - first
    cp = (
        np.where(count > 0, points[np.minimum(first, max(len(points) - 1, 0))], 0)
        if len(points)
        else np.zeros(len(which), np.int64)
    )
    tokens: Ints = -1 - (((kinds * 256 + reasons) << 40) | (np.minimum(count, 1 << 19) << 21) | cp)
    return tokens


class Units:
    """The units of a decoding (see the module docstring), in order:
    ``starts`` (bytes), ``tokens``, and for each the characters
    ``[char_starts, char_ends)`` of the decoding's text it stands for and
    the span it belongs to (``owners``)."""

    def __init__(self, decoding: Decoding) -> None:
        self.decoding = decoding
        spans = decoding.spans
        kinds = spans.kinds.astype(np.int64)
        byte_starts, char_starts = spans.byte_starts, spans.char_starts
        base = spans.char_start
        points = code_points(decoding.text).astype(np.int64)
        n_chars = len(points)
        owner = np.searchsorted(char_starts[1:-1], np.arange(base, base + n_chars), "right")
        in_text = kinds[owner] == TEXT_CODE if n_chars else np.zeros(0, bool)
        lengths = self._lengths(decoding, points, owner, in_text, kinds)
        # A text character starts where its span does, plus the bytes of
        # the characters of its span before it.
        text_idx = np.flatnonzero(in_text)
        cum = np.cumsum(lengths[text_idx]) - lengths[text_idx]
        text_owner = owner[text_idx]
        first_of_span = np.searchsorted(text_owner, text_owner, "left")
        char_byte = byte_starts[text_owner] + cum - cum[first_of_span]
        others = np.flatnonzero(kinds != TEXT_CODE)
        order = np.concatenate((text_idx * 2 + 1, (char_starts[others] - base) * 2))
        sort = np.argsort(order, kind="stable")
        self.starts: Ints = np.concatenate((char_byte, byte_starts[others]))[sort]
        self.tokens: Ints = np.concatenate(
            (points[text_idx], _span_tokens(spans, others, points, base))
        )[sort]
        self.kinds: Ints = np.concatenate(
            (np.full(len(text_idx), TEXT_CODE, np.int64), kinds[others])
        )[sort]
        """Each unit's span kind (its code)."""
        self.char_starts: Ints = np.concatenate((text_idx + base, char_starts[others]))[sort]
        self.char_ends: Ints = np.concatenate((text_idx + base + 1, char_starts[others + 1]))[sort]
        self.owners: Ints = np.concatenate((text_owner, others))[sort]
        self.end = decoding.byte_end

    @staticmethod
    def _lengths(
        decoding: Decoding, points: Ints, owner: Ints, in_text: npt.NDArray[np.bool_], kinds: Ints
    ) -> Ints:
        """Bytes per character of the text spans (0 elsewhere), each span's
        sum checked against its bytes and measured by the format where off."""
        fmt = decoding.format
        spans = decoding.spans
        guessed = char_lengths(fmt, points)
        lengths = guessed if guessed is not None else np.zeros(len(points), np.int64)
        lengths = np.where(in_text, lengths, 0)
        sums = np.bincount(owner, weights=lengths, minlength=len(spans)).astype(np.int64)
        sizes = np.diff(spans.byte_starts)
        wrong = np.flatnonzero((kinds == TEXT_CODE) & (sums != sizes))
        base = spans.char_start
        for k in wrong.tolist():
            lo, hi = int(spans.char_starts[k]) - base, int(spans.char_starts[k + 1]) - base
            lengths[lo:hi] = fmt.char_byte_lengths(decoding.text[lo:hi])
        return lengths

    def readings(self, los: Ints, his: Ints) -> list[tuple[str, tuple[str, ...]]]:
        """For each range ``[los[k], his[k])``: the text of the units that
        start in it and the kinds of their spans (``text``, or
        ``kind:reason``), in order, each once."""
        firsts = np.searchsorted(self.starts, los, "left").tolist()
        stops = np.searchsorted(self.starts, his, "left").tolist()
        text = self.decoding.text
        base = self.decoding.spans.char_start
        char_starts, char_ends = self.char_starts, self.char_ends
        owners = self.owners
        names = self._names()
        out: list[tuple[str, tuple[str, ...]]] = []
        for i, j in zip(firsts, stops, strict=True):
            if i >= j:
                out.append(("", ()))
                continue
            piece = text[int(char_starts[i]) - base : int(char_ends[j - 1]) - base]
            if j - i == 1:
                kinds: tuple[str, ...] = (names[int(owners[i])],)
            else:
                kinds = tuple(dict.fromkeys(names[k] for k in owners[i:j].tolist()))
            out.append((piece, kinds))
        return out

    def _names(self) -> list[str]:
        """Each span's name: ``text``, or ``kind:reason``."""
        spans = self.decoding.spans
        found: list[str] = []
        for kind_code, reason_code in zip(
            spans.kinds.tolist(), spans.reasons.tolist(), strict=True
        ):
            found.append(_name(kind_code, reason_code))
        return found


@cache
def _name(kind_code: int, reason_code: int) -> str:
    kind = KIND_CODES[kind_code]
    if kind == SpanKind.TEXT:
        return kind.value
    reason = REASON_CODES[reason_code]
    return f"{kind.value}:{reason.value}" if reason is not None else kind.value
