"""The Inspector's one-line hint: "looks like UTF-8 read as windows-1252: Ã© → é".

Given the bytes around the cursor, :func:`mojibake_hint` says in one line
what the likeliest chain is and shows one repaired piece, or returns ``None``
when the bytes are most likely fine as they are (or the explainer is not
confident enough to say otherwise). The app calls it off the GUI thread.
"""

from __future__ import annotations

from mojiscope.core.mojibake.chain import ASCII_WRITTEN, ChainError, repair_text
from mojiscope.core.mojibake.explain import explain

#: Below this confidence the hint says nothing.
HINT_CONFIDENCE = 0.6


def mojibake_confidence(data: bytes) -> float:
    """How sure the explainer is that ``data`` holds text misread by some
    program (0 when its best reading is "fine as it is" or bytes on disk in a
    legacy code page, which are no misreading): the Summary's word for it."""
    best = explain(data, limit=2)[0]
    return 0.0 if best.unchanged or not best.chain.layers else best.confidence


def mojibake_hint(data: bytes) -> str | None:
    """One line naming the likeliest chain and a sample repair, or ``None``."""
    best = explain(data, limit=2)[0]
    if best.unchanged or best.confidence < HINT_CONFIDENCE or not best.ranges:
        return None
    start, end = best.ranges[0]
    piece = data[start:end]
    words = ", then ".join(best.words)
    try:
        after = repair_text(best.chain, piece)
    except (ChainError, UnicodeError, LookupError):
        return f"looks like {words}"
    if best.chain.stored_as in ASCII_WRITTEN:  # ASCII, read as UTF-8 too
        return f"looks like text {words}: {piece.decode('ascii')} → {after}"
    if not best.chain.layers:  # legacy bytes on disk: no UTF-8 reading to show
        return f"looks like text {words}, not UTF-8: {after}"
    return f"looks like {words}: {piece.decode('utf-8', 'replace')} → {after}"
