"""The text shown in the text view: decoded characters around the cursor,
each piece of it tied to its bytes in Qt's UTF-16 positions.

Qt counts positions in UTF-16 units; core counts code points. The view also
shows characters that draw nothing as stand-ins (``‹NUL›``, ``‹RLO›``,
``‹80›`` for an escaped byte), and a run of identical stand-ins as one
(``‹NUL×4096›``: a stretch of zero bytes reads as one mark, not a wall).
So the text is a list of *pieces*, each one character or one run of
stand-ins, with its own UTF-16 start and bytes. It is built from the
characters of each span with their bytes (:mod:`~mojiscope.app.model.char_runs`),
most of them at once. Line breaks and tabs stay themselves, so the text
reads as text; combining marks stay on their base.
"""  # noqa: RUF002 - the stand-in marks are the subject

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from mojiscope.app.model.char_runs import CharRun
from mojiscope.app.model.glyphs import DOTTED_CIRCLE, GlyphStyle, glyph_for_cell
from mojiscope.core import Reason, Span, SpanKind

KEEP = frozenset("\n\t")
OPEN, CLOSE = "\u2039", "\u203a"
MIN_RUN = 3
"""Identical stand-ins in a row that are shown as one ``‹NAME×COUNT›``."""  # noqa: RUF001


def _always(_: str) -> bool:
    return True


def display_of(
    char: CharRun, char_bytes: bytes, drawable: Callable[[str], bool] = _always
) -> tuple[str, str | None]:
    """(what to show for one character, the stand-in name if it is a
    stand-in). A character no font can draw (``drawable`` says) shows its
    code point."""
    return _display_of(char.text, char.span, char_bytes, drawable)


def _display_of(
    text: str, span: Span, cell_bytes: bytes, drawable: Callable[[str], bool]
) -> tuple[str, str | None]:
    """:func:`display_of` of ``text`` in ``span``: the span's kind and
    reason change the display only for escapes, values beyond Unicode and
    magic numbers, and only escapes look at the bytes."""
    if not text or text in KEEP:
        return text, None
    glyph = glyph_for_cell(text, span, cell_bytes)
    if glyph.style is GlyphStyle.PLAIN:
        if not drawable(text):
            name = f"{ord(text):04X}"
            return f"{OPEN}{name}{CLOSE}", name
        # A combining mark stays on its base here: this view is for reading.
        return (text if glyph.text.startswith(DOTTED_CIRCLE) else glyph.text), None
    name = glyph.fallback or glyph.text
    return f"{OPEN}{name}{CLOSE}", name


_BY_BYTES = frozenset({SpanKind.ESCAPE, SpanKind.BEYOND})
"""Kinds whose display depends on their bytes or span, not only the character."""

_MAGIC = Reason.MAGIC_NUMBER


def utf16_length(text: str) -> int:
    """Qt's length of ``text``: its UTF-16 code units (a lone surrogate is one)."""
    return len(text.encode("utf-16-le", "surrogatepass")) >> 1


class Displays:
    """What each character shows (:func:`display_of`) with one view's fonts
    (``drawable``), remembered per character for every window built with
    them: where only the character decides (all but escapes, values beyond
    Unicode and magic numbers), and a window repeats a few dozen characters
    thousands of times, asking the fonts about each cost most of a build."""

    def __init__(self, drawable: Callable[[str], bool] = _always) -> None:
        self.drawable = drawable
        self.known: dict[str, tuple[str, str | None]] = {}
        self.as_itself: set[str] = set()
        """Characters shown as themselves, one UTF-16 unit each."""

    def of(self, char: str, span: Span) -> tuple[str, str | None]:
        """What ``char`` shows in ``span``, a span of a kind that shows every
        character alike (not an escape, a value beyond Unicode, a magic number)."""
        found = self.known.get(char)
        if found is None:
            found = self.known[char] = _display_of(char, span, b"", self.drawable)
            if found == (char, None) and utf16_length(char) == 1:
                self.as_itself.add(char)
        return found


MarkRun = tuple[int, int, SpanKind, bool]
"""``(UTF-16 start, UTF-16 end, kind, is a stand-in)`` of a marked stretch."""


@dataclass
class TextWindow:
    """Displayed text for a run of characters, as pieces: one character each,
    or one run of identical stand-ins."""

    text: str
    piece_starts: list[int]
    """UTF-16 start of each piece, plus the length of the text."""
    piece_byte_starts: list[int]
    piece_byte_ends: list[int]
    piece_kinds: list[SpanKind]
    stand_ins: list[int]
    """Indexes of the pieces that are stand-ins."""
    _runs: list[MarkRun] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def build(
        cls,
        runs: list[CharRun],
        data: bytes,
        data_start: int,
        displays: Displays | None = None,
    ) -> TextWindow:
        """The window of the characters of ``runs``; ``data`` holds the
        bytes from ``data_start`` that they cover."""
        builder = _Builder(data, data_start, displays or Displays())
        for run in runs:
            builder.add_run(run)
        return builder.finish()

    @property
    def byte_start(self) -> int:
        return self.piece_byte_starts[0] if self.piece_byte_starts else 0

    @property
    def byte_end(self) -> int:
        return self.piece_byte_ends[-1] if self.piece_byte_ends else 0

    @property
    def piece_count(self) -> int:
        return len(self.piece_kinds)

    def byte_range(self, first_piece: int, last_piece: int) -> tuple[int, int]:
        """Bytes of pieces ``first_piece..last_piece`` (inclusive)."""
        return self.piece_byte_starts[first_piece], self.piece_byte_ends[last_piece]

    def mark_runs(self) -> list[MarkRun]:
        """What the view marks: runs of neighbouring pieces of one kind and one
        look, in order and apart; well-formed text shown as itself has no run.
        Worked out once (a window built ahead has them ready); do not change
        the list."""
        if self._runs is None:
            self._runs = self._find_runs()
        return self._runs

    def _find_runs(self) -> list[MarkRun]:
        stand_ins = set(self.stand_ins)
        starts = self.piece_starts
        runs: list[MarkRun] = []
        for piece, kind in enumerate(self.piece_kinds):
            stand_in = piece in stand_ins
            if runs and runs[-1][1] == starts[piece] and runs[-1][2:] == (kind, stand_in):
                runs[-1] = (runs[-1][0], starts[piece + 1], kind, stand_in)
            elif stand_in or kind != SpanKind.TEXT:
                runs.append((starts[piece], starts[piece + 1], kind, stand_in))
        return runs

    def piece_at(self, position: int) -> int | None:
        """The piece shown at UTF-16 ``position`` (the one after it, at a boundary)."""
        if not self.piece_kinds:
            return None
        i = bisect.bisect_right(self.piece_starts, position) - 1
        return min(max(i, 0), self.piece_count - 1)

    def piece_of_byte(self, offset: int) -> int | None:
        if not self.piece_kinds or not self.byte_start <= offset < self.byte_end:
            return None
        return max(bisect.bisect_right(self.piece_byte_starts, offset) - 1, 0)


class _Builder:
    """Pieces as the characters come, a run (a span's characters) at a time.

    A stretch of characters each shown as itself (most text) becomes its
    pieces at once, without a call per character; the rest go character by
    character, what each shows asked of the :class:`Displays`. Identical
    stand-ins of one kind in a row are held as a run until it ends: from
    :data:`MIN_RUN` of them they are one piece."""

    def __init__(self, data: bytes, data_start: int, displays: Displays) -> None:
        self.data, self.data_start, self.displays = data, data_start, displays
        self.known, self.as_itself = displays.known, displays.as_itself
        self.pieces: list[str] = []
        self.window = TextWindow("", [0], [], [], [], [])
        self.run: tuple[str, SpanKind] | None = None
        self.run_bytes: list[int] = []
        """Start of each held stand-in, then the end of the last."""

    def add_run(self, run: CharRun) -> None:
        offsets, text, span = run
        kind = span.kind
        if not text:
            self.add_piece("", offsets[0], offsets[-1], kind, None)
            return
        if span.reason is _MAGIC:  # one label over its bytes, like a BOM
            lo, hi = offsets[0], offsets[-1]
            cell_bytes = self.data[lo - self.data_start : hi - self.data_start]
            shown = _display_of(text, span, cell_bytes, self.displays.drawable)
            self.add_piece(shown[0], lo, hi, kind, shown[1])
            return
        if kind in _BY_BYTES:
            for i, char in enumerate(text):
                lo, hi = offsets[i], offsets[i + 1]
                cell_bytes = self.data[lo - self.data_start : hi - self.data_start]
                shown = _display_of(char, span, cell_bytes, self.displays.drawable)
                self.add_piece(shown[0], lo, hi, kind, shown[1])
            return
        known, as_itself = self.known, self.as_itself
        if len(text) == 1:  # most runs of dense damage: one character
            shown = known.get(text) or self.displays.of(text, span)
            self.add_piece(shown[0], offsets[0], offsets[1], kind, shown[1])
            return
        chars = set(text)
        for char in chars:
            if char not in known:
                self.displays.of(char, span)
        if chars <= as_itself:
            self._flush_run()
            self._as_themselves(text, offsets, kind)
            return
        k, n = 0, len(text)
        while k < n:  # stretches shown as themselves at once, the rest one by one
            m = k
            while m < n and text[m] in as_itself:
                m += 1
            if m > k:
                self._flush_run()
                self._as_themselves(text[k:m], offsets[k : m + 1], kind)
            if m < n:
                shown = known[text[m]]
                self.add_piece(shown[0], offsets[m], offsets[m + 1], kind, shown[1])
            k = m + 1

    def _as_themselves(self, text: str, offsets: Sequence[int], kind: SpanKind) -> None:
        """Characters each shown as itself in one UTF-16 unit: a piece each, at once."""
        window, n = self.window, len(text)
        first = window.piece_starts[-1]
        window.piece_starts.extend(range(first + 1, first + n + 1))
        window.piece_byte_starts.extend(offsets[:-1])
        window.piece_byte_ends.extend(offsets[1:])
        window.piece_kinds.extend([kind] * n)
        self.pieces.append(text)

    def add_piece(self, text: str, lo: int, hi: int, kind: SpanKind, name: str | None) -> None:
        """One character's display (a stand-in when ``name`` is not None)."""
        if self.run is not None:
            if self.run == (name, kind) and self.run_bytes[-1] == lo:
                self.run_bytes.append(hi)
                return
            self._flush_run()
        if name is not None:
            self.run, self.run_bytes = (name, kind), [lo, hi]
            return
        self._piece(text, lo, hi, kind)

    def _piece(self, text: str, lo: int, hi: int, kind: SpanKind) -> None:
        window = self.window
        length = 1 if text in self.as_itself else utf16_length(text)
        window.piece_starts.append(window.piece_starts[-1] + length)
        window.piece_byte_starts.append(lo)
        window.piece_byte_ends.append(hi)
        window.piece_kinds.append(kind)
        self.pieces.append(text)

    def _flush_run(self) -> None:
        if self.run is None:
            return
        (name, kind), bounds = self.run, self.run_bytes
        count = len(bounds) - 1
        stand_ins = self.window.stand_ins
        if count >= MIN_RUN:
            stand_ins.append(self.window.piece_count)
            self._piece(f"{OPEN}{name}\u00d7{count}{CLOSE}", bounds[0], bounds[-1], kind)
        else:
            for k in range(count):
                stand_ins.append(self.window.piece_count)
                self._piece(f"{OPEN}{name}{CLOSE}", bounds[k], bounds[k + 1], kind)
        self.run = None

    def finish(self) -> TextWindow:
        self._flush_run()
        self.window.text = "".join(self.pieces)
        return self.window
