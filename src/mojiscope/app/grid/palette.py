"""Colours and non-colour cues for span kinds, in a light and a dark variant.

Every kind that is not plain text gets a fill colour *and* a cue that does
not depend on colour (a hatch pattern, a border style or a bar), so a
colour-blind user can tell the kinds apart; the legend draws the same cues
with :func:`mojiscope.app.grid.cues.paint_cue`. The variant follows the
application palette (dark when the window colour is dark), so it follows the
system's colour scheme.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette

from mojiscope.app.model.borders import Border, border_of
from mojiscope.core import SpanKind
from mojiscope.core.words.describe import KIND_WORDS


@dataclass(frozen=True)
class KindStyle:
    """How one span kind is drawn: a fill, plus one non-colour cue."""

    kind: SpanKind
    fill: QColor
    ink: QColor
    """Colour of the cue (hatch lines, border, bar) and of the glyph."""
    hatch: Qt.BrushStyle = Qt.BrushStyle.NoBrush
    border: Qt.PenStyle = Qt.PenStyle.NoPen
    bar: bool = False
    """A thick bar along the bottom of the cell."""
    cue_words: str = ""
    words: str = ""


#: The Qt pen that draws each border (which kind has which border is
#: :data:`mojiscope.app.model.borders.KIND_BORDERS`, shared with the models).
_PEN: dict[Border, Qt.PenStyle] = {
    Border.NONE: Qt.PenStyle.NoPen,
    Border.DOTTED: Qt.PenStyle.DotLine,
    Border.DASHED: Qt.PenStyle.DashLine,
    Border.SOLID: Qt.PenStyle.SolidLine,
}

# kind: (light fill, light ink, dark fill, dark ink, hatch, bar, cue words)
_KindRow = tuple[SpanKind, str, str, str, str, Qt.BrushStyle, bool, str]
_KINDS: tuple[_KindRow, ...] = (
    (SpanKind.INVALID, "#f6b8b8", "#b3261e", "#6e2424", "#ff8a80",
     Qt.BrushStyle.BDiagPattern, False, "diagonal hatch ////"),
    (SpanKind.ESCAPE, "#fde7a8", "#8a5a00", "#5c4712", "#ffd36b",
     Qt.BrushStyle.NoBrush, False, "dotted border"),
    (SpanKind.SURROGATE, "#e4d0f7", "#6a2fa3", "#472e63", "#d1a6ff",
     Qt.BrushStyle.NoBrush, False, "dashed border"),
    (SpanKind.COLLISION, "#ffd2a1", "#b34700", "#6b3a10", "#ffab61",
     Qt.BrushStyle.DiagCrossPattern, False, "cross hatch XXXX"),
    (SpanKind.SIGNATURE, "#c4ecd2", "#1b7340", "#1c4a2e", "#7fe0a4",
     Qt.BrushStyle.NoBrush, False, "solid border"),
    (SpanKind.RESERVED, "#d9d9d9", "#4d4d4d", "#454545", "#c8c8c8",
     Qt.BrushStyle.HorPattern, False, "horizontal lines ===="),
    (SpanKind.BEYOND, "#f7c8ea", "#9c2780", "#5a2350", "#ff9ce6",
     Qt.BrushStyle.VerPattern, False, "vertical lines ||||"),
    (SpanKind.WARNING, "#fff1a8", "#8c7000", "#54490f", "#ffe066",
     Qt.BrushStyle.NoBrush, True, "thick bar underneath"),
)  # fmt: skip


@dataclass(frozen=True)
class GridPalette:
    """Every colour the grid, text view and legend use."""

    dark: bool
    base: QColor
    text: QColor
    dim: QColor
    header: QColor
    header_text: QColor
    rule: QColor
    selection: QColor
    cursor: QColor
    symbol: QColor
    """Glyphs that stand for an invisible or control character."""
    bidi: QColor
    kinds: dict[SpanKind, KindStyle]

    def style(self, kind: SpanKind) -> KindStyle | None:
        """The style of a non-text kind; None for plain text."""
        return self.kinds.get(kind)


def is_dark(palette: QPalette) -> bool:
    """True when the palette's window colour is dark. Qt gives the system's
    colour scheme (QStyleHints.colorScheme) to the application palette, so
    reading the palette follows the system and any palette set in code."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def grid_palette(palette: QPalette) -> GridPalette:
    """Colours for the grid that fit ``palette`` (light or dark)."""
    dark = is_dark(palette)
    highlight = QColor(palette.color(QPalette.ColorRole.Highlight))
    highlight.setAlpha(110 if dark else 90)
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    dim = QColor(text)
    dim.setAlpha(120)
    kinds = {
        kind: KindStyle(
            kind,
            QColor(dark_fill if dark else light_fill),
            QColor(dark_ink if dark else light_ink),
            hatch,
            _PEN[border_of(kind)],
            bar,
            cue,
            KIND_WORDS[kind],
        )
        for (kind, light_fill, light_ink, dark_fill, dark_ink, hatch, bar, cue) in _KINDS
    }
    return GridPalette(
        dark=dark,
        base=QColor(base),
        text=QColor(text),
        dim=dim,
        header=QColor(palette.color(QPalette.ColorRole.AlternateBase)),
        header_text=QColor(palette.color(QPalette.ColorRole.WindowText)),
        rule=QColor(palette.color(QPalette.ColorRole.Mid)),
        selection=highlight,
        cursor=QColor("#ff9d00") if dark else QColor("#d43f00"),
        symbol=QColor("#5fb3ff") if dark else QColor("#0b62b8"),
        bidi=QColor("#ff7edb") if dark else QColor("#b0007a"),
        kinds=kinds,
    )
