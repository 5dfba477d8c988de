"""The text view: the current format's decoded text around the cursor, as text.

Shows a window of about a screenful of bytes each side of the cursor
(:meth:`TextView.radius`; never the whole file), rebuilt when the cursor
nears its edge, or taken from the few windows it keeps
(:mod:`~mojiscope.app.model.text_windows`), among them those it built
ahead while the user rested: where the window's
:class:`~mojiscope.app.window.forecast.Forecast` says a jump may land, and
the file's ends (Ctrl+Home, Ctrl+End). Spans are highlighted as in the
grid: the kind's fill plus an underline style as the non-colour cue, put
into the text's layout by a :class:`SpanHighlighter`. Clicking or dragging
selects the characters' bytes in the :class:`SelectionModel`; the view
follows the model when others change it, a turn of the event loop after
the grid (:data:`~mojiscope.app.window.timers.FOLLOW_MS`), so that the
grid's new screen and the text's new window each take a frame of their own.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import (
    QBrush,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from mojiscope.app.background.idle_work import IdleWork
from mojiscope.app.grid.fonts import can_draw, monospace_font
from mojiscope.app.grid.palette import GridPalette, grid_palette
from mojiscope.app.model.document import Document
from mojiscope.app.model.text_window import Displays, TextWindow
from mojiscope.app.model.text_windows import KEPT, TextWindows, covers
from mojiscope.app.panels.prepared_text import MarkedTexts
from mojiscope.app.window.forecast import Forecast
from mojiscope.app.window.selection import SelectionModel
from mojiscope.app.window.shown_formats import ShownFormats
from mojiscope.app.window.timers import FOLLOW_MS, Later
from mojiscope.core import SpanKind

MIN_TEXT_RADIUS, MAX_TEXT_RADIUS = 512, 2048
"""Bounds of the bytes shown each side of the cursor (see :meth:`TextView.radius`)."""

AHEAD_AFTER_MS = 4
"""How long the cursor must rest before the windows a jump may need are
built: hardly longer than the grid waits to paint ahead, as a held key's
next press comes 30-40 ms later."""

GROWN_AFTER_MS = 100
"""How long after the view grows its text is rebuilt to fill it (a drag resizes often)."""

_Underline = QTextCharFormat.UnderlineStyle
UNDERLINES: dict[SpanKind, _Underline] = {
    SpanKind.INVALID: _Underline.WaveUnderline,
    SpanKind.ESCAPE: _Underline.DotLine,
    SpanKind.SURROGATE: _Underline.DashUnderline,
    SpanKind.COLLISION: _Underline.DashDotLine,
    SpanKind.SIGNATURE: _Underline.SingleUnderline,
    SpanKind.RESERVED: _Underline.DashDotDotLine,
    SpanKind.BEYOND: _Underline.WaveUnderline,
    SpanKind.WARNING: _Underline.SingleUnderline,
}
"""The text view's non-colour cue per kind (beyond and warning add overline / italics)."""

UNDERLINE_WORDS: dict[_Underline, str] = {
    _Underline.WaveUnderline: "wavy underline",
    _Underline.DotLine: "dotted underline",
    _Underline.DashUnderline: "dashed underline",
    _Underline.DashDotLine: "dash-dot underline",
    _Underline.SingleUnderline: "underline",
    _Underline.DashDotDotLine: "dash-dot-dot underline",
}


class TextStats(NamedTuple):
    """What a text view has done since it was made."""

    windows_built: int
    """Text windows built (a window kept was shown again without)."""
    texts_filled: int
    """Documents filled with a window's text and marked (likewise)."""


def text_cue_words(kind: SpanKind) -> str:
    words = UNDERLINE_WORDS[UNDERLINES[kind]]
    if kind == SpanKind.BEYOND:
        words += " and overline"
    elif kind == SpanKind.WARNING:
        words = "italic, " + words
    return words


class TextView(QPlainTextEdit):
    """Read-only decoded text of the current format, following the selection."""

    def __init__(
        self,
        selection: SelectionModel,
        shown: ShownFormats,
        forecast: Forecast,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.selection = selection
        self.shown = shown
        self._forecast = forecast
        self.document_: Document | None = None
        self.window_: TextWindow | None = None
        self._syncing = False
        self._palette: GridPalette = grid_palette(self.palette())
        self.setReadOnly(True)
        self.setAcceptDrops(False)  # a dropped file goes to the window, which opens it
        font = monospace_font()
        # Hinted, the text layout cuts off what stands above the font's
        # ascent: the acute of ĺ, Ĺ and Á ("mĺnga" showed as "mlnga").
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        self.setFont(font)
        self._metrics = QFontMetricsF(self.font())
        self._displays = Displays(self._drawable)
        """What characters show with this view's font (set once, here)."""
        self._run_formats: dict[tuple[SpanKind, bool], QTextCharFormat] = {}
        """The format of each kind of mark run, with the present palette."""
        self._texts = MarkedTexts(self.font(), self._run_format, KEPT)
        """The kept windows' documents, marked."""
        self._blank = TextWindow.build([], b"", 0)
        self._radius = MIN_TEXT_RADIUS
        """The radius the present window was built with."""
        self._windows = TextWindows()
        self._stale = True
        """Whether the window shown no longer fits the document or format."""
        self._set_here: tuple[int, int] | None = None
        """The (anchor, cursor) the user last selected in this view."""
        self._follow = Later(self, FOLLOW_MS, self._follow_selection)
        self._grown = Later(self, GROWN_AFTER_MS, self._fill_grown_view)
        self._ahead = IdleWork(self, AHEAD_AFTER_MS, self._ahead_steps, self._build_ahead)
        forecast.changed.connect(self._ahead.restart)
        self.setTextInteractionFlags(
            self.textInteractionFlags() | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        selection.changed.connect(self._follow.start)
        shown.current_changed.connect(self._restale)
        self.cursorPositionChanged.connect(self._user_moved)
        self.selectionChanged.connect(self._user_moved)

    def _drawable(self, text: str) -> bool:
        """Whether the view's font, or a fallback font, has a glyph for ``text``."""
        if len(text) == 1 and text < "\u0590" and self._metrics.inFontUcs4(ord(text)):
            return True
        return can_draw(self.font(), text)

    def set_document(self, document: Document | None) -> None:
        """Show ``document``'s text, a turn of the event loop from now
        (:data:`~mojiscope.app.window.timers.FOLLOW_MS`)."""
        self.document_ = document
        self._windows.clear()
        self._syncing = True
        try:
            self._show_blank()
        finally:
            self._syncing = False
        self._restale()

    def decodings_changed(self) -> None:
        """The document decodes some windows differently now (exactly, from
        the index): build the shown text again."""
        self._windows.clear()
        self._restale()

    def _restale(self) -> None:
        """Build the text again when the view next follows (a turn from now)."""
        self._stale = True
        self._follow.start()

    @property
    def stats(self) -> TextStats:
        """The windows built and documents filled so far."""
        return TextStats(self._windows.built, self._texts.filled)

    def following(self) -> bool:
        """Whether the view is still to follow the last change (a turn of
        the event loop after it)."""
        return self._follow.pending()

    def building_ahead(self) -> bool:
        """Whether windows are still to be built ahead."""
        return self._ahead.pending()

    def _ahead_steps(self) -> list[tuple[int, bool]]:
        """Two steps per likely cursor: build its window, then its document
        (each a turn of the event loop: a key waits for one at most)."""
        forecast, document = self._forecast, self.document_
        if document is None or document.size == 0:
            return []
        cursors = forecast.foreseen() or [
            *forecast.next_finds(),
            0,
            document.size - 1,
            *forecast.next_anomalies(),
        ]
        return [(cursor, document_step) for cursor in cursors for document_step in (False, True)]

    def _build_ahead(self, step: tuple[int, bool]) -> bool:
        """Build the window for the step's cursor, or its marked document,
        unless kept (whether it built), with the radius the view has now (the
        next reload's, should the view have been resized since the last)."""
        cursor, document_step = step
        document, radius, choice = self.document_, self.radius(), self.shown.current
        if document is None:
            return False
        window = self._windows.find(document, choice, cursor, radius)
        if not document_step:
            if window is not None:
                return False
            self._windows.window_for(document, choice, cursor, radius, self._displays)
            return True
        return window is not None and self._texts.prepare(window)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """A view grown past what its window was built for (a dock dragged
        larger, the window shown at its size after the text came) shows its
        text again, built to fill it, once the resizing pauses."""
        super().resizeEvent(event)
        if self.window_ is not None and self.radius() > self._radius:
            self._grown.start()

    def _fill_grown_view(self) -> None:
        if self.window_ is not None and self.radius() > self._radius:
            self._restale()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._palette = grid_palette(self.palette())
            self._run_formats.clear()
            self._texts.restyle()
        super().changeEvent(event)

    # -- building the shown text ------------------------------------------------------

    def reload(self) -> None:
        """Show the text around the cursor (a kept window, else one built now)."""
        self._follow.stop()
        self._stale = False
        document = self.document_
        self._syncing = True
        try:
            if document is None or document.size == 0:
                self._show_blank()
                return
            self._radius = self.radius()
            self.window_ = self._windows.window_for(
                document, self.shown.current, self.selection.cursor, self._radius, self._displays
            )
            self.setDocument(self._texts.to_show(self.window_))
            self._show_selection(centred=True)
        finally:
            self._syncing = False
        self._ahead.restart()

    def _show_blank(self) -> None:
        """Show no text (no window): a document not yet shown, or empty."""
        self.window_ = None
        self.setDocument(self._texts.to_show(self._blank))

    def radius(self) -> int:
        """Bytes to show each side of the cursor: as many as the view has
        character cells (lines times columns), which fills half the view
        either side of the cursor's line (centred on a rebuild) even at two
        bytes a character, as Greek or Cyrillic take (CJK and stand-ins
        take more room per byte). Decoding, laying out and marking more
        would cost every jump for text no one sees. Measured without the
        scroll bar, so it stays the same as the bar comes and goes."""
        # The frame's inside less a scroll bar, shown or not: the radius must
        # not change as the bar comes and goes, or no kept window would fit.
        inside = self.contentsRect()
        lines = inside.height() / self._metrics.lineSpacing()
        width = inside.width() - self.verticalScrollBar().sizeHint().width()
        columns = width / self._metrics.horizontalAdvance("0")
        return int(min(max(lines * columns, MIN_TEXT_RADIUS), MAX_TEXT_RADIUS))

    def _run_format(self, kind: SpanKind, stand_in: bool) -> QTextCharFormat:
        """The format of a mark run: the kind's fill and cue, and the symbol
        colour on stand-ins (``\u2039NUL\u203a``)."""
        fmt = self._run_formats.get((kind, stand_in))
        if fmt is None:
            fmt = QTextCharFormat() if kind == SpanKind.TEXT else self._kind_format(kind)
            if stand_in:
                fmt.setForeground(QBrush(self._palette.symbol))
            self._run_formats[(kind, stand_in)] = fmt
        return fmt

    def _kind_format(self, kind: SpanKind) -> QTextCharFormat:
        style = self._palette.kinds[kind]
        fmt = QTextCharFormat()
        fmt.setBackground(QBrush(style.fill))
        fmt.setUnderlineStyle(UNDERLINES[kind])
        fmt.setUnderlineColor(style.ink)
        if kind == SpanKind.BEYOND:
            fmt.setFontOverline(True)
        if kind == SpanKind.WARNING:
            fmt.setFontItalic(True)
        return fmt

    # -- following and writing the selection ---------------------------------------------

    def _follow_selection(self) -> None:
        """Show the selection: in the window shown if it still covers the
        cursor, else in another (kept or built now)."""
        window = self.window_
        if self.document_ is None:
            return
        stale = (
            self._stale
            or window is None
            or not covers(window, self.selection.cursor, self._radius, self.document_.size)
        )
        if stale:
            self.reload()
            return
        self._ahead.restart()
        if (self.selection.anchor, self.selection.cursor) == self._set_here:
            return  # the user's own selection here, shown as they made it
        self._set_here = None
        self._syncing = True
        try:
            self._show_selection()
        finally:
            self._syncing = False

    def _show_selection(self, centred: bool = False) -> None:
        window = self.window_
        if window is None:
            return
        first = window.piece_of_byte(max(self.selection.start, window.byte_start))
        last = window.piece_of_byte(min(self.selection.end, window.byte_end) - 1)
        if first is None or last is None:
            return
        cursor = QTextCursor(self.document())
        cursor.setPosition(window.piece_starts[first])
        cursor.setPosition(window.piece_starts[last + 1], QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cursor)
        if centred:
            self.centerCursor()
        else:
            self.ensureCursorVisible()

    def _user_moved(self) -> None:
        window = self.window_
        if self._syncing or window is None:
            return
        text_cursor = self.textCursor()
        a, b = text_cursor.selectionStart(), text_cursor.selectionEnd()
        first = window.piece_at(a)
        last = window.piece_at(max(b - 1, a))
        if first is None or last is None:
            return
        self.selection.select_range(*window.byte_range(first, last))
        # Shown as the user selected it (a part of a stand-in, perhaps):
        # following it would widen the text's selection to whole pieces.
        self._set_here = (self.selection.anchor, self.selection.cursor)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Left/Right (Shift extends) step one shown piece, a character or a
        run shown as one mark, through the selection model, so the view
        keeps its window around the cursor and never splits a character.
        Other keys keep Qt's text-cursor moves."""
        window = self.window_
        key = event.key()
        if window is None or key not in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            super().keyPressEvent(event)
            return
        first = window.piece_of_byte(self.selection.cursor)
        anchor = window.piece_of_byte(self.selection.anchor)
        if first is None or anchor is None:
            super().keyPressEvent(event)
            return
        step = 1 if key == Qt.Key.Key_Right else -1
        target = min(max(first + step, 0), window.piece_count - 1)
        if not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.selection.select_range(*window.byte_range(target, target))
        elif target >= anchor:
            self.selection.set_anchor_and_cursor(
                window.byte_range(anchor, anchor)[0], window.byte_range(target, target)[1] - 1
            )
        else:
            self.selection.set_anchor_and_cursor(
                window.byte_range(anchor, anchor)[1] - 1, window.byte_range(target, target)[0]
            )

    def position_of_byte(self, offset: int) -> int | None:
        """The UTF-16 position where the character holding ``offset`` is shown."""
        window = self.window_
        piece = window.piece_of_byte(offset) if window else None
        return window.piece_starts[piece] if window is not None and piece is not None else None
