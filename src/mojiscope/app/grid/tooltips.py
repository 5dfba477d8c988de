"""What the grid says about a cell when the pointer rests on it.

One line, in the core's words (:mod:`mojiscope.core.words.describe` and
:mod:`mojiscope.core.words.sequences`), so a tooltip reads as the inspector
and ``mojiscope inspect`` do: the format, the span's kind and reason in
words, the character's bytes, and the character with its name.
"""

from __future__ import annotations

from mojiscope.app.model.char_runs import CharRun
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import FormatChoice
from mojiscope.app.panels.inspector import carried_surrogate_words
from mojiscope.core import SpanKind
from mojiscope.core.words.describe import KIND_WORDS, REASON_WORDS, describe_char, describe_value
from mojiscope.core.words.describe import hex_bytes as spell_hex
from mojiscope.core.words.sequences import describe_sequence

SEPARATOR = " \u00b7 "
"""Between the parts of the line (a middle dot)."""


def cell_tooltip(choice: FormatChoice, cell: CharRun, cell_bytes: bytes) -> str:
    """``utf-8 invalid (overlong): an overlong form... · 2 bytes at 0x10: C0 AF ·
    U+FFFD ... · C0 AF would have been U+002F '/' SOLIDUS`` for the character
    ``cell`` (``cell_bytes`` are its bytes) as ``choice`` decodes it."""
    span = cell.span
    head = span.kind.value + (f" ({span.reason.value})" if span.reason else "")
    words = REASON_WORDS[span.reason] if span.reason else KIND_WORDS[span.kind]
    length = cell.byte_end - cell.byte_start
    parts = [
        f"{choice.label} {head}: {words}",
        f"{length} byte{'s' if length != 1 else ''} at 0x{cell.byte_start:X}: "
        f"{spell_hex(cell_bytes)}",
    ]
    if len(cell.text) == 1:
        parts.append(describe_char(cell.text, named=True))
    elif cell.text:
        parts.append(" ".join(describe_char(c) for c in cell.text[:8]))
    if span.value is not None and span.kind == SpanKind.SURROGATE:
        parts.append(carried_surrogate_words(spell_hex(cell_bytes), span.value, choice.label))
    elif span.value is not None:
        verb = "encode" if span.kind == SpanKind.BEYOND else "would have been"
        parts.append(f"{verb} {describe_value(span.value, named=True)}")
    sequence = describe_sequence(choice.format, cell_bytes)
    if sequence is not None:
        parts.append(sequence)
    return SEPARATOR.join(parts)


def tooltip_at_byte(document: Document, choice: FormatChoice, offset: int) -> str | None:
    """:func:`cell_tooltip` for the character of ``choice`` holding byte ``offset``."""
    cell = document.char_at(choice, offset)
    if cell is None:
        return None
    return cell_tooltip(choice, cell, document.read(cell.byte_start, cell.byte_end))
