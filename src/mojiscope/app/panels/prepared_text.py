"""The text view's windows as marked text documents, kept while their windows are.

Showing a text window in a :class:`~PySide6.QtWidgets.QPlainTextEdit`
means filling a :class:`~PySide6.QtGui.QTextDocument` with its text and
marking its spans (a Python call per block, a format per run), then laying
out and shaping the lines that show. :class:`MarkedTexts` keeps a document
per window the view keeps (:mod:`~mojiscope.app.model.text_windows`), made
when the window is shown or, for a window built ahead, while the user
rests (:meth:`MarkedTexts.prepare`), so that showing it swaps its document
in, already marked and shaped; a new window refills the document of the
window kept longest.
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
    every paint, hundreds on dense content, on every key.) Set the runs
    before the text they belong to: the text is marked as it is set."""

    def __init__(self, document: QTextDocument, run_format: RunFormat) -> None:
        super().__init__(document)
        self._run_format = run_format
        self._runs: list[MarkRun] = []
        self._ends: list[int] = []

    def set_runs(self, runs: list[MarkRun]) -> None:
        """``runs`` in order and apart, in the document's positions."""
        self._runs = runs
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


class _MarkedDocument:
    """A document and the highlighter that marks it (kept together: the
    highlighter must live as long as the document it marks)."""

    def __init__(self, font: QFont, run_format: RunFormat) -> None:
        self.document = QTextDocument()
        self.document.setDocumentLayout(QPlainTextDocumentLayout(self.document))
        self.document.setDefaultFont(font)
        self.document.setUndoRedoEnabled(False)
        self.highlighter = SpanHighlighter(self.document, run_format)

    def fill(self, window: TextWindow) -> None:
        """Show ``window``'s text, marked."""
        self.highlighter.set_runs(window.mark_runs())
        self.document.setPlainText(window.text)

    def shape(self) -> None:
        """Lay out every block once (on one line each: the layout has no
        width yet). The view lays the blocks out again for its width when
        the document is shown, but the text stays shaped (fonts found,
        glyphs placed), which is most of the work."""
        layout = self.document.documentLayout()
        block = self.document.begin()
        while block.isValid():
            layout.blockBoundingRect(block)
            block = block.next()


class MarkedTexts:
    """Documents for a view's text windows, made with its ``font`` and
    ``run_format``: one for each of the last ``kept`` windows shown or
    prepared, and always one for the window shown."""

    def __init__(self, font: QFont, run_format: RunFormat, kept: int) -> None:
        self._font = font
        self._run_format = run_format
        self._kept = max(kept, 1)
        self._documents: OrderedDict[int, tuple[TextWindow, _MarkedDocument]] = OrderedDict()
        """By ``id`` of the window, which each entry holds (so ids stay unique)."""
        self._shown: int | None = None
        self.filled = 0
        """Documents filled with a window's text so far (the rest were kept)."""

    def prepare(self, window: TextWindow) -> bool:
        """Make ``window``'s document ready (marked and shaped), unless it
        is; whether it made one."""
        if id(window) in self._documents:
            return False
        marked = self._fill(window)
        marked.shape()
        return True

    def to_show(self, window: TextWindow) -> QTextDocument:
        """The document that shows ``window``: the one kept for it, else one
        filled with it now. It is kept while shown."""
        entry = self._documents.get(id(window))
        marked = entry[1] if entry is not None else self._fill(window)
        self._documents.move_to_end(id(window))
        self._shown = id(window)
        return marked.document

    def _fill(self, window: TextWindow) -> _MarkedDocument:
        """A document filled with ``window`` and kept for it: the one of the
        window kept longest (never the shown one) once ``kept`` are kept."""
        if len(self._documents) > self._kept:
            oldest = next(key for key in self._documents if key != self._shown)
            _, marked = self._documents.pop(oldest)
        else:
            marked = _MarkedDocument(self._font, self._run_format)
        marked.fill(window)
        self.filled += 1
        self._documents[id(window)] = (window, marked)
        return marked

    def restyle(self) -> None:
        """The run formats changed (a new palette): mark every document again."""
        for _, marked in self._documents.values():
            marked.highlighter.rehighlight()
