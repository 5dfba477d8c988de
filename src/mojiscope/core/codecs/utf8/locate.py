"""Where the events of a sparse UTF-8-family decode lie in its text.

CPython's decoder reports each ill-formed subsequence by its byte offsets;
the spans also need character offsets. The text came out of C in one call,
so they are found afterwards, without a Python step per character: by
arithmetic when the text between the events is ASCII, else with one
``str.find`` per run of adjacent events (see :func:`locate_in_text`).
"""

from __future__ import annotations

import numpy as np

from mojiscope.core.spans.event import ESCAPE_CODE as _ESCAPE
from mojiscope.core.spans.event import INVALID_CODE as _INVALID
from mojiscope.core.spans.event import SIGNATURE_CODE as _SIGNATURE


def locate_in_text(
    text: str,
    data: bytes,
    pos: np.ndarray,
    lens: np.ndarray,
    kind: np.ndarray,
    value: np.ndarray,
    escapes: list[str] | None,
) -> tuple[np.ndarray, np.ndarray]:
    """Each event's character offset and length.

    When every byte outside the events is a character of its own (ASCII
    text between them, the common case of a few bad bytes in English), the
    offsets follow from the byte offsets by arithmetic: the text is exactly
    as long as that predicts only then, since any other character outside
    the events is longer in bytes than in characters.

    Otherwise events that touch (a bad byte and the stray continuation bytes
    after it, say) form runs whose characters follow one another in the
    text, and each run is found with ``str.find`` of its first character:
    unambiguous, because every occurrence of such a character in the text
    is an event, except genuine U+FFFD in the input, which are located in
    the bytes and stepped over."""
    char_lens = _event_chars(lens, kind)
    if ascii_between_events(text, data, lens, kind):
        excess = lens - char_lens  # bytes an event holds beyond its characters
        return pos - (np.cumsum(excess) - excess), char_lens
    is_head = np.ones(len(pos), bool)
    is_head[1:] = pos[1:] != pos[:-1] + lens[:-1]
    heads = np.flatnonzero(is_head)
    run_chars = np.add.reduceat(char_lens, heads).tolist()
    replacing = kind == _INVALID
    head_at = _find_replacement_runs(text, run_chars) if replacing.all() else None
    if head_at is None:
        head_starts = pos[heads].tolist()
        if escapes is not None and (kind[heads] == _ESCAPE).all():
            firsts = [escapes[data[p]] for p in head_starts]  # the common case: no call each
        else:
            kinds, values = kind[heads].tolist(), value[heads].tolist()
            firsts = [
                _first_char(k, data[p], v, escapes)
                for k, p, v in zip(kinds, head_starts, values, strict=True)
            ]
        # U+FFFD in the input only matter when some event writes one too.
        genuine = _genuine_replacement_positions(data) if replacing.any() else []
        head_at = _find_runs(text, firsts, head_starts, run_chars, genuine)
    before = np.cumsum(char_lens) - char_lens  # characters of earlier events
    run = np.cumsum(is_head) - 1
    char_pos = np.array(head_at, np.int64)[run] + before - before[heads][run]
    return char_pos, char_lens


def _event_chars(lens: np.ndarray, kind: np.ndarray) -> np.ndarray:
    """How many characters each event writes: one per byte for escapes,
    else one."""
    return np.where(kind == _ESCAPE, lens, 1)


def ascii_between_events(text: str, data: bytes, lens: np.ndarray, kind: np.ndarray) -> bool:
    """Whether every byte outside the events decoded to a character of its
    own: then the text is exactly as long as that predicts, and only then,
    since any other character is longer in bytes than in characters."""
    return len(text) - len(data) == int((_event_chars(lens, kind) - lens).sum())


def _find_replacement_runs(text: str, n_chars: list[int]) -> list[int] | None:
    """Where each run of ``n`` U+FFFD starts, if the input held no U+FFFD
    of its own: then the U+FFFD of the text, taken in order, are the runs'.
    ``None`` if one is missing from a run or one is left over."""
    out = []
    find, startswith = text.find, text.startswith
    cursor = 0
    for n in n_chars:
        at = find("\ufffd", cursor)
        if n > 1 and not startswith("\ufffd" * n, at):
            return None
        out.append(at)
        cursor = at + n
    return None if find("\ufffd", cursor) >= 0 else out


def _find_runs(
    text: str, firsts: list[str], starts: list[int], n_chars: list[int], genuine: list[int]
) -> list[int]:
    """Where each run of events starts in the text, given its first
    character, byte offset and number of characters, stepping over the
    U+FFFD written in the input (``genuine``, their byte offsets)."""
    out = []
    find = text.find
    cursor = g = 0
    for first, start, n in zip(firsts, starts, n_chars, strict=True):
        while g < len(genuine) and genuine[g] < start:
            cursor = find("\ufffd", cursor) + 1  # a U+FFFD that was in the input
            g += 1
        at = find(first, cursor)
        out.append(at)
        cursor = at + n
    return out


def _first_char(kind: int, byte: int, value: int, escapes: list[str] | None) -> str:
    """The first character an event writes into the text."""
    if kind == _INVALID:
        return "\ufffd"
    if kind == _ESCAPE:
        assert escapes is not None
        return escapes[byte]
    if kind == _SIGNATURE:
        return "\ufeff"
    return chr(value)  # a surrogate, or a collision's own character


def _genuine_replacement_positions(data: bytes) -> list[int]:
    """Byte offsets of U+FFFD written in the input itself."""
    out = []
    at = data.find(b"\xef\xbf\xbd")
    while at >= 0:
        out.append(at)
        at = data.find(b"\xef\xbf\xbd", at + 3)
    return out
