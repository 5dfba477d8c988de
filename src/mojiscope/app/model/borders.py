"""Which span kinds are drawn with a border, and which border: the one truth
that both the palette (how to paint it) and the segment builder (a bordered
span keeps its own box, so it is never joined with its neighbours) read.

Qt-free on purpose: :mod:`mojiscope.app.grid.palette` maps each
:class:`Border` to a Qt pen style; the models only need to know whether there
is one.
"""

from __future__ import annotations

from enum import StrEnum

from mojiscope.core import SpanKind


class Border(StrEnum):
    """The line drawn around each span of a kind."""

    NONE = "none"
    DOTTED = "dotted"
    DASHED = "dashed"
    SOLID = "solid"


#: The border of every kind; kinds not listed have none.
KIND_BORDERS: dict[SpanKind, Border] = {
    SpanKind.ESCAPE: Border.DOTTED,
    SpanKind.SURROGATE: Border.DASHED,
    SpanKind.SIGNATURE: Border.SOLID,
}


def border_of(kind: SpanKind) -> Border:
    return KIND_BORDERS.get(kind, Border.NONE)


#: Kinds drawn with a border: each span keeps its own box, so never joined.
BORDERED_KINDS: frozenset[SpanKind] = frozenset(KIND_BORDERS)
