"""Text documents made ready before they are shown: the text view's windows, marked.

Showing a new text window in a :class:`~PySide6.QtWidgets.QPlainTextEdit`
with ``setPlainText`` costs 4-6 ms on dense content, most of it in marking
the spans (a Python call per block, a format per run), splitting the text
into blocks and shaping it, on the key that brings the window.
:class:`PreparedTexts` does that work into a
:class:`~PySide6.QtGui.QTextDocument` of its own per window, ahead of time
where the window is built ahead (:mod:`~mojiscope.app.model.text_windows`),
so the key only swaps the document in and lays out the lines that show.
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
    paint, on every key.) Set the runs before the text they belong to: the
    text is marked as it is set."""

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
        glyphs placed), which is most of the work: a shaped window shows
        2-3 ms sooner."""
        layout = self.document.documentLayout()
        block = self.document.begin()
        while block.isValid():
            layout.blockBoundingRect(block)
            block = block.next()


class PreparedTexts:
    """Documents for a view's text windows, made with its ``font`` and
    ``run_format``: one made ready (marked and shaped) for each of the last
    ``kept`` windows :meth:`prepare` was asked for, and one filled on
    demand for a window shown that was not made ready (a new document
    measured about 1.2 ms more on the key than new text in the same one)."""

    def __init__(self, font: QFont, run_format: RunFormat, kept: int) -> None:
        self._font = font
        self._run_format = run_format
        self._kept = kept
        self._ready: OrderedDict[int, tuple[TextWindow, _MarkedDocument]] = OrderedDict()
        """By ``id`` of the window, which each entry holds (so ids stay unique)."""
        self._on_demand = _MarkedDocument(font, run_format)
        self._shown = self._on_demand
        self.made = 0
        """Documents made ready so far: for tests."""

    def prepare(self, window: TextWindow) -> bool:
        """Make ``window``'s document ready (marked and shaped), unless it
        is; whether it made one."""
        if id(window) in self._ready:
            self._ready.move_to_end(id(window))
            return False
        marked = _MarkedDocument(self._font, self._run_format)
        marked.fill(window)
        marked.shape()
        self.made += 1
        self._ready[id(window)] = (window, marked)
        while len(self._ready) > self._kept:
            self._ready.popitem(last=False)
        return True

    def to_show(self, window: TextWindow) -> QTextDocument:
        """The document to show ``window`` with: its own if made ready, else
        the on-demand one, filled with it now. It is kept while shown."""
        entry = self._ready.get(id(window))
        if entry is None:
            self._on_demand.fill(window)
            self._shown = self._on_demand
        else:
            self._ready.move_to_end(id(window))
            self._shown = entry[1]
        return self._shown.document

    def restyle(self) -> None:
        """The run formats changed (a new palette): mark every document again."""
        ready = [marked for _, marked in self._ready.values()]
        every = {id(marked): marked for marked in [self._on_demand, self._shown, *ready]}
        for marked in every.values():
            marked.highlighter.rehighlight()
