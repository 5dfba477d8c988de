"""STF-7, the Silly 7-bit Transformation Format (``docs/specs/stf-7.txt``).

Every byte is 7-bit and falls in one of three classes:

* **direct** (00..20, 30..39, 41..5A, 61..7A, 7F): the character with that value;
* **non-final chunk** (21..2F, 3A): a 4-bit chunk (values 0..F) that more
  chunks follow;
* **final chunk** (3B..40, 5B..60, 7B..7E): the last 4-bit chunk of a value.

A character that is not direct is written as 2..6 chunks, most significant
first. FORMATS.md fixes what the spec leaves open (our copy lost its list of
the decoder's "two rules"):

1. The chunk count must be minimal: 2 chunks only for U+0021..U+00FF values
   that are not direct, 3 above U+00FF, 4 above U+0FFF, 5 above U+FFFF, 6
   above U+FFFFF. Anything else, including a final chunk on its own, is
   ``invalid`` (``overlong``).
2. The value must be a scalar value: ``surrogate``, ``out-of-range`` (above
   U+10FFFF) and ``too-long`` (more than 6 chunks) are ``invalid``.

One U+FFFD per bad sequence, up to and including its final chunk. Pending
chunks that a direct byte, a byte >= 80 or the end interrupts are ``invalid``
(``truncated``); every byte >= 80 is ``invalid`` (``non-ascii``) on its own.
``3A 2F 3A 7E`` (U+FEFF) at offset 0 is a ``signature``. Indirectly written
ASCII (``${`` for ``<``) is well-formed but is how ``<script>`` slips past a
byte filter as ``${script$}``, so it is a ``warning`` (``indirect-ascii``).

How decoding is vectorised. Every token (a direct byte, a run of non-final
chunks with the final chunk that closes it, a truncated run, a final chunk on
its own, a byte >= 80) yields exactly one character, so a token's character
offset is its byte offset less the extra bytes of the runs before it. numpy
finds the runs of non-final chunks (each run is a sequence or a truncation),
packs each sequence's nibbles into its value with a few gathers, and looks
closely only at the few sequences that can be anything but plain text. The
text is the input with the non-final chunks deleted (``bytes.translate``),
each closing chunk overwritten by its character, decoded in one C call. When
sequences are dense and all well-formed in shape, a shorter path applies:
every byte that is not a non-final chunk ends one character, so the values
of those bytes' tokens are the text, with nothing to delete or insert.

Seeking (the spec's rule): decoding may start at a direct byte or just past a
final chunk (or past a byte >= 80, which closes any sequence too), never
inside a run of chunks.

The module is in parts of one job each: :mod:`~mojiscope.core.codecs.stf7.chunks`
(the byte classes and the two rules), :mod:`~mojiscope.core.codecs.stf7.general`
(the general path), :mod:`~mojiscope.core.codecs.stf7.dense` (the dense path),
:mod:`~mojiscope.core.codecs.stf7.encode` (encoding); the block machinery is
:mod:`~mojiscope.core.codecs.block_text`, shared with Corrected UTF-8. Here: the
choice of path, the safe cut, seeking and the :class:`Format`.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from mojiscope.core.codecs.block_text import (
    WHOLE_INPUT_BLOCK,
    any_byte_in_ranges,
    last_not_in,
    prepend_span,
    text_from_code_units,
)
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Errors, Format
from mojiscope.core.codecs.stf7.chunks import (
    BOM,
    CHUNK_RANGES,
    IS_DIRECT,
    MAX_CHUNKS,
    NON_FINAL_CHUNKS,
    SIGNATURE,
    final_mask,
    non_final_mask,
)
from mojiscope.core.codecs.stf7.dense import dense_and_well_formed
from mojiscope.core.codecs.stf7.encode import chunk_counts, code_points_of, encode_stf7
from mojiscope.core.codecs.stf7.general import decode_general
from mojiscope.core.spans.event import REASON_CODE, Reason
from mojiscope.core.spans.table import SpanTable
from mojiscope.core.system.source import Source, as_source


def decode_stf7(data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    """Decode a block that ends at a safe cut (or the end of the input);
    ``at_start`` says whether it begins the stream, where a BOM may stand."""
    if at_start and data.startswith(BOM):
        text, table = decode_stf7(data[len(BOM) :], False)
        return "\ufeff" + text, prepend_span(SIGNATURE, REASON_CODE[Reason.BOM], 4, 1, table)
    n = len(data)
    if n == 0:
        return "", SpanTable.empty()
    b = np.frombuffer(data, np.uint8)
    is_final = final_mask(b)
    is_non_final = non_final_mask(b)
    n_final = int(np.count_nonzero(is_final))
    if not n_final and not is_non_final.any() and data.isascii():
        return data.decode("ascii"), single_text_span(n, n)
    if 4 * n_final >= n:  # sequences are dense: try the path that needs no deletion
        dense = dense_and_well_formed(data, b, is_non_final, is_final, n_final)
        if dense is not None:
            units, specials = dense
            text = text_from_code_units(units)
            if specials is None:
                return text, single_text_span(n, len(units))
            return text, specials.table(n, len(units))
    return decode_general(data, b, is_non_final, is_final, n_final)


def decode_by_general_path_only(data: bytes) -> tuple[str, SpanTable]:
    """A block (not at the start) decoded by the general path alone, never
    the dense one: a test hook, for the tests that hold both paths to the
    same answers."""
    b = np.frombuffer(data, np.uint8)
    is_final = final_mask(b)
    return decode_general(data, b, non_final_mask(b), is_final, int(np.count_nonzero(is_final)))


#: Chunks of a long run the incremental decoder holds: more than
#: :data:`MAX_CHUNKS`, so a run held this short is still too long.
KEEP_OF_LONG_RUN = MAX_CHUNKS + 2


def stf7_safe_cut(data: bytes, at_start: bool = False) -> int:
    """Just past the last byte that is not a non-final chunk: a run of
    pending chunks at the end may yet be continued (the BOM is a complete
    sequence, so ``at_start`` changes nothing)."""
    del at_start
    return len(data.rstrip(NON_FINAL_CHUNKS))


# -- the format -----------------------------------------------------------------


class Stf7(Format):
    """STF-7: every scalar value in 7-bit bytes; ASCII letters, digits,
    controls and space as themselves, everything else as 2..6 chunk bytes."""

    id = "stf-7"
    aliases: ClassVar[tuple[str, ...]] = ("stf7",)
    description = "STF-7: the Silly 7-bit Transformation Format (chunked, 7-bit)"
    lookahead = MAX_CHUNKS
    preferred_block = WHOLE_INPUT_BLOCK

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        return decode_stf7(data, at_start)

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        return stf7_safe_cut(data)

    def decode_whole(
        self, data: bytes | bytearray | memoryview, errors: Errors
    ) -> tuple[str, SpanTable] | None:
        """Text of direct bytes only, in one call; anything else goes to the
        block driver (in :data:`preferred_block` pieces)."""
        del errors  # only input without errors comes this way
        raw = bytes(data)
        if any_byte_in_ranges(raw, CHUNK_RANGES):
            return None
        try:  # the ASCII decoder checks for bytes >= 80 itself, at copying speed
            text = raw.decode("ascii")
        except UnicodeDecodeError:
            return None  # non-ascii bytes: errors, for the block driver to report
        return text, single_text_span(len(raw), len(raw))

    def droppable_run(self, data: bytes) -> tuple[int, int] | None:
        """``data`` without a safe cut is all non-final chunks: beyond
        :data:`KEEP_OF_LONG_RUN` of them the run is ``too-long`` if a final
        chunk closes it and ``truncated`` if not, with no value either way,
        so the chunks past those may go."""
        if len(data) <= KEEP_OF_LONG_RUN:
            return None
        return KEEP_OF_LONG_RUN, len(data)

    def resync(self, source: Source, offset: int) -> int:
        """The spec's seeking rule, backwards: decoding may start at
        ``offset`` if a direct byte or a byte >= 80 stands there; otherwise
        it starts before the run of non-final chunks that ends at
        ``offset``, just past the final chunk or direct byte before it. The
        run has no bound: it is walked back a piece at a time."""
        src = as_source(source)
        here = src.read(offset, offset + 1)
        if here and (IS_DIRECT[here[0]] or here[0] >= 0x80):
            return offset
        return last_not_in(src, offset, NON_FINAL_CHUNKS) + 1

    def char_byte_lengths(self, chars: str) -> list[int]:
        lengths: list[int] = chunk_counts(code_points_of(chars)).tolist()
        return lengths

    def encode_spans(self, text: str) -> Encoding:
        """Surrogates have no encoding: U+FFFD's 4 chunks stand in for each,
        in an ``invalid`` (``unencodable``) span."""
        return encode_stf7(text)


STF7 = Stf7()
