"""Painting a span kind's fill and non-colour cue into a rectangle.

Shared by the decoded columns, the text view's legend swatches and the legend
so that what the legend shows is exactly what the grid draws.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen

from mojiscope.app.grid.palette import KindStyle

BAR_HEIGHT = 3.0


def paint_cue(
    painter: QPainter,
    rect: QRectF,
    style: KindStyle,
    *,
    open_left: bool = False,
    open_right: bool = False,
) -> None:
    """Fill ``rect`` for ``style`` and draw its cue. ``open_left`` /
    ``open_right`` leave that border off where a span continues on the
    previous / next row."""
    painter.fillRect(rect, style.fill)
    if style.hatch != Qt.BrushStyle.NoBrush:
        hatch = QColor(style.ink)
        hatch.setAlpha(150)
        painter.fillRect(rect, QBrush(hatch, style.hatch))
    if style.bar:
        painter.fillRect(
            QRectF(rect.left(), rect.bottom() - BAR_HEIGHT, rect.width(), BAR_HEIGHT), style.ink
        )
    if style.border != Qt.PenStyle.NoPen:
        _paint_border(painter, rect, style, open_left, open_right)


def _paint_border(
    painter: QPainter, rect: QRectF, style: KindStyle, open_left: bool, open_right: bool
) -> None:
    pen = QPen(style.ink, 1.5, style.border)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.save()
    painter.setPen(pen)
    r = rect.adjusted(0.75, 0.75, -0.75, -0.75)
    painter.drawLine(QPointF(r.left(), r.top()), QPointF(r.right(), r.top()))
    painter.drawLine(QPointF(r.left(), r.bottom()), QPointF(r.right(), r.bottom()))
    if not open_left:
        painter.drawLine(QPointF(r.left(), r.top()), QPointF(r.left(), r.bottom()))
    if not open_right:
        painter.drawLine(QPointF(r.right(), r.top()), QPointF(r.right(), r.bottom()))
    painter.restore()
