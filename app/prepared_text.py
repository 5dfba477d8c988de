"""Text documents made ready before they are shown: the text view's windows, marked.

Showing a new text window in a :class:`~PySide6.QtWidgets.QPlainTextEdit`
with ``setPlainText`` costs 4-6 ms on dense content, most of it in marking
the spans (a Python call per block, a format per run) and splitting the
text into blocks, on the key that brings the window. :class:`PreparedTexts`
does that work into a :class:`~PySide6.QtGui.QTextDocument` of its own per
window, ahead of time where the window is built ahead
(:mod:`~mojiscope.app.model.text_windows`), so the key only swaps the
document in and lays out the lines that show.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtGui import QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import QPlainTextDocumentLayout

from mojiscope.app.model.text_window import MarkRun, TextWindow
from mojiscope.core import SpanKind

RunFormat = Callable[[SpanKind, bool], QTextCharFormat]
"""The format of a mark run: ``(kind, is a stand-in)``."""


class SpanHighlighter(QSyntaxHighlighter):
    """Puts a window's mark runs (:meth:`~TextWindow.mark_runs`) into its
    document's own layout, block by block, as a syntax highlighter does,
    each in the format ``run_format`` gives. (Extra selections would look
    the same, but Qt draws a line again for each extra selection on it at
    every paint: the 500 marks of 4 KiB of mixed bytes cost about 25 ms a
    paint, on every key.) Made before the text arrives, so that the text is
    marked as it is set."""

    def __init__(self, document: QTextDocument, runs: list[MarkRun], run_format: RunFormat) -> None:
        super().__init__(document)
        self._run_format = run_format
        self._runs = runs
        """In order and apart, in the document's positions."""
        self._ends = [end for _, end, _, _ in runs]

    def highlightBlock(self, text: str) -> None:  # noqa: N802 - Qt override
        block = self.currentBlock()
        start = block.position()
        end = start + block.length() - 1  # UTF-16 units, without the line break
        runs = self._runs
        i = bisect.bisect_right(self._ends, start)
        while i < len(runs) and runs[i][0] < end:
            first, last, kind, stand_in = runs[i]
            first = max(first, start)
            self.setFormat(first - start, min(last, end) - first, self._run_format(kind, stand_in))
            i += 1


class _Prepared:
    """A window's document and the highlighter that marks it (kept together:
    the highlighter must live as long as the document it marks)."""

    def __init__(self, window: TextWindow, font: QFont, run_format: RunFormat) -> None:
        self.window = window
        self.document = QTextDocument()
        self.document.setDocumentLayout(QPlainTextDocumentLayout(self.document))
        self.document.setDefaultFont(font)
        self.document.setUndoRedoEnabled(False)
        self.highlighter = SpanHighlighter(self.document, window.mark_runs(), run_format)
        self.document.setPlainText(window.text)
        _shape(self.document)


def _shape(document: QTextDocument) -> None:
    """Lay out every block once (on one line each: the layout has no width
    yet). The view lays the blocks out again for its width when the document
    is shown, but the text stays shaped (fonts found, glyphs placed), which
    is most of the work: showing a shaped window costs 2-3 ms less."""
    layout = document.documentLayout()
    block = document.begin()
    while block.isValid():
        layout.blockBoundingRect(block)
        block = block.next()


class PreparedTexts:
    """The marked documents of the last ``kept`` windows asked for, made on
    demand with the view's ``font`` and ``run_format``, and the one shown,
    kept as long as it is shown."""

    def __init__(self, font: QFont, run_format: RunFormat, kept: int) -> None:
        self._font = font
        self._run_format = run_format
        self._kept = kept
        self._prepared: OrderedDict[int, _Prepared] = OrderedDict()
        """By ``id`` of the window, which each entry holds (so ids stay unique)."""
        self._shown: _Prepared | None = None
        self.made = 0
        """Documents made so far (the rest were found ready): for tests."""

    def is_ready(self, window: TextWindow) -> bool:
        return id(window) in self._prepared

    def document_for(self, window: TextWindow, *, shown: bool = False) -> QTextDocument:
        """The document showing ``window``'s text, marked; made if not ready.
        With ``shown``, it is the one the view shows from now on."""
        prepared = self._prepared.get(id(window))
        if prepared is None:
            prepared = _Prepared(window, self._font, self._run_format)
            self.made += 1
            self._prepared[id(window)] = prepared
            while len(self._prepared) > self._kept:
                self._prepared.popitem(last=False)
        self._prepared.move_to_end(id(window))
        if shown:
            self._shown = prepared
        return prepared.document

    def restyle(self) -> None:
        """The run formats changed (a new palette): mark every document kept again."""
        every = {id(p): p for p in [*self._prepared.values(), self._shown] if p is not None}
        for prepared in every.values():
            prepared.highlighter.rehighlight()
