"""The legend: what each highlight colour and cue means, and how glyphs stand in.

Swatches are painted with the grid's own :func:`paint_cue`, so the legend
shows exactly what the columns draw, in the current (light or dark) palette.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from mojiscope.app.grid.cues import paint_cue
from mojiscope.app.grid.fonts import monospace_font
from mojiscope.app.grid.palette import GridPalette, grid_palette
from mojiscope.app.panels.text_view import text_cue_words
from mojiscope.core import SpanKind
from mojiscope.core.words.describe import KIND_WORDS

SWATCH_W, SWATCH_H = 44, 20

GLYPH_CONVENTIONS: tuple[tuple[str, str], ...] = (
    ("\u2400 / NUL", "a C0 control as its control picture (or its name where no font has one)"),
    ("NEL, SHY", "C1 controls, invisible characters and unusual spaces by name, small"),
    ("RLO, LRI", "bidi controls by name, in their own colour: they can reorder text"),
    ("\u25cc\u0301", "a combining mark on a dotted circle"),
    ("E000", "private-use, noncharacter, unassigned or surrogate code points in hex"),
    ("80 (escape)", "an escape shows the byte it keeps"),
    ("\u25c2 \u25b8", "the character began on the row before / goes on to the next row"),
    ("\u2039NUL\u203a", "in the text view: a stand-in for a character that draws nothing"),
    ("C0 AF", "hex cells are tinted with the spans of the current format"),
)


def swatch(palette: GridPalette, kind: SpanKind) -> QPixmap:
    """A small picture of how ``kind`` is drawn in the grid."""
    pixmap = QPixmap(SWATCH_W, SWATCH_H)
    pixmap.fill(palette.base)
    painter = QPainter(pixmap)
    style = palette.kinds[kind]
    paint_cue(painter, QRectF(1, 1, SWATCH_W - 2, SWATCH_H - 2), style)
    painter.setPen(palette.text)
    painter.setFont(monospace_font())
    painter.drawText(QRectF(0, 0, SWATCH_W, SWATCH_H), Qt.AlignmentFlag.AlignCenter, "\ufffd")
    painter.end()
    return pixmap


class Legend(QWidget):
    """Kinds (swatch, name, grid cue, text-view cue, meaning) and glyph conventions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._inner = QWidget()
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        self.rows: list[tuple[SpanKind, str]] = []
        self._build()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._build()
        super().changeEvent(event)

    def _build(self) -> None:
        palette = grid_palette(self.palette())
        old = self._inner.layout()
        if old is not None:
            QWidget().setLayout(old)  # reparent the old layout so it is deleted
        grid = QGridLayout(self._inner)
        grid.setHorizontalSpacing(10)
        for column, title in enumerate(
            ("", "Kind", "Cue in the grid", "In the text view", "Meaning")
        ):
            grid.addWidget(_bold(title), 0, column)
        self.rows = []
        for row, kind in enumerate(palette.kinds, start=1):
            style = palette.kinds[kind]
            picture = QLabel()
            picture.setPixmap(swatch(palette, kind))
            grid.addWidget(picture, row, 0)
            grid.addWidget(QLabel(kind.value), row, 1)
            grid.addWidget(QLabel(style.cue_words), row, 2)
            grid.addWidget(QLabel(text_cue_words(kind)), row, 3)
            meaning = QLabel(KIND_WORDS[kind])
            meaning.setWordWrap(True)
            grid.addWidget(meaning, row, 4)
            self.rows.append((kind, style.cue_words))
        base = len(palette.kinds) + 2
        grid.addWidget(_bold("Glyphs"), base, 0, 1, 2)
        for k, (sample, words) in enumerate(GLYPH_CONVENTIONS, start=base + 1):
            shown = QLabel(sample)
            shown.setFont(monospace_font())
            grid.addWidget(shown, k, 0, 1, 2)
            text = QLabel(words)
            text.setWordWrap(True)
            grid.addWidget(text, k, 2, 1, 3)
        grid.setColumnStretch(4, 1)
        grid.setRowStretch(base + len(GLYPH_CONVENTIONS) + 1, 1)


def _bold(text: str) -> QLabel:
    label = QLabel(f"<b>{text}</b>")
    label.setTextFormat(Qt.TextFormat.RichText)
    return label
