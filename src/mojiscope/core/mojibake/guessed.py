"""Where each guess stands in the source: the bytes a repair plan replaces
with the guessed characters (:class:`Lost`).

A guess is made while undoing the newest misreading (:mod:`.lost`: its
offsets count the bytes that undo encodes the text to, one per stored
character, or one or two for GBK and Shift_JIS). With no deeper misreading,
the guessed character is what the repair writes over those bytes. Under a
chain of several layers the deeper undos read the guessed character
together with its neighbours (``чекит``
misread twice and a byte lost: the guess is half of a Cyrillic letter's
bytes), so a :class:`Lost` covers the source bytes of the characters the
deeper undos make of the guess and its neighbours, and its guess is those
characters: a repair plan then writes exactly the text the explainer shows.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from mojiscope.core.mojibake.chain import Chain, Misreading, python_codec
from mojiscope.core.mojibake.guess import FFFD_STAND_IN, Guess
from mojiscope.core.mojibake.offsets import source_offsets
from mojiscope.core.mojibake.search import encode_as


@dataclass(frozen=True)
class Lost:
    """Source bytes ``[start, end)`` of a character whose last byte was lost,
    what stood there, the guess and the other possible characters."""

    start: int
    end: int
    what: str
    guess: str
    alternatives: tuple[str, ...]


def guessed_bytes(stored: str, guesses: tuple[Guess, ...], chain: Chain) -> tuple[Lost, ...]:
    """The guesses of the reading of ``stored`` (the source decoded) through
    ``chain``, each over its source bytes (see the module docstring)."""
    if not guesses:
        return ()
    offsets = source_offsets(stored)
    last = len(offsets) - 1
    found = _through_deeper(stored, guesses, chain) if len(chain.layers) > 1 else None
    if found is None and len(chain.layers) == 1:
        found = _through_pairs(stored, guesses, chain.layers[0].read_as)
    if found is None:
        found = [(g.start, g.end, g.what, g.char, g.alternatives) for g in guesses]
    return tuple(
        Lost(int(offsets[min(a, last)]), int(offsets[min(b, last)]), what, guess, others)
        for a, b, what, guess, others in found
    )


_Found = tuple[int, int, str, str, tuple[str, ...]]


def _through_pairs(stored: str, guesses: tuple[Guess, ...], reader: str) -> list[_Found] | None:
    """For a reader of two bytes a character (GBK, Shift_JIS), whose undo
    encodes ``stored`` to more bytes than characters: each guess over the
    stored characters that hold its bytes, widened until those bytes are
    whole UTF-8 characters too (``有``, E6 9C 89, read as GBK is ``鏈`` and
    half of ``夎``, whose other half starts the next character: a guess for
    that one covers both stored characters, and its guess is ``有`` and the
    guessed character), so a repair plan writes exactly the text the
    explainer shows. Guesses whose stretches meet become one. None for any
    other reader."""
    undo = encode_as(stored, reader, lenient=True)
    if undo is None or len(undo.raw) == len(stored):
        return None
    raw, codec = undo.raw, python_codec(reader)
    starts = [0]
    for char in stored:
        size = 1 if undo.stand_in and char == "\ufffd" else len(char.encode(codec))
        starts.append(starts[-1] + size)
    bounds = set(starts)

    def whole(at: int) -> bool:  # a stored character starts there, and a UTF-8 one
        return at in bounds and not (at < len(raw) and 0x80 <= raw[at] <= 0xBF)

    stretches: list[tuple[int, int, list[Guess]]] = []
    for guess in sorted(guesses, key=lambda g: g.start):
        lo, hi = guess.start, guess.end
        while lo > 0 and not whole(lo):
            lo -= 1
        while hi < len(raw) and not whole(hi):
            hi += 1
        if stretches and lo < stretches[-1][1]:
            first, _, joined = stretches[-1]
            stretches[-1] = (first, max(hi, stretches[-1][1]), [*joined, guess])
        else:
            stretches.append((lo, hi, [guess]))
    found: list[_Found] = []
    for lo, hi, joined in stretches:
        try:
            made = _filled(raw, lo, hi, joined, {}, undo.stand_in)
            others = tuple(
                _filled(raw, lo, hi, joined, {0: other}, undo.stand_in)
                for other in joined[0].alternatives
            )
        except UnicodeDecodeError:
            return None
        first, stop = bisect.bisect_left(starts, lo), bisect.bisect_left(starts, hi)
        found.append((first, stop, joined[0].what, made, others))
    return found


def _filled(
    raw: bytes, lo: int, hi: int, guesses: list[Guess], swapped: dict[int, str], stand_in: bool
) -> str:
    """``raw[lo:hi]`` decoded as UTF-8 with each guess's bytes read as its
    character (``swapped``: another character for the guess at that index)."""
    pieces, at = [], lo
    for i, guess in enumerate(guesses):
        pieces += [raw[at : guess.start].decode("utf-8"), swapped.get(i, guess.char)]
        at = guess.end
    pieces.append(raw[at:hi].decode("utf-8"))
    text = "".join(pieces)
    return text.replace(chr(FFFD_STAND_IN), "\ufffd") if stand_in else text


def _through_deeper(stored: str, guesses: tuple[Guess, ...], chain: Chain) -> list[_Found] | None:
    """Each guess of a chain's newest undo carried through its deeper undos:
    (start, end) in stored characters, what stood there, the characters the
    deeper undos make there, their alternatives. Guesses that end up in one
    character become one. None where the text cannot be rebuilt so (then the
    guesses stay as the newest undo made them)."""
    undo = encode_as(stored, chain.layers[-1].read_as, lenient=True)
    if undo is None or len(undo.raw) != len(stored):
        return None
    raw = undo.raw
    ordered = sorted(guesses, key=lambda g: g.start)
    # The newest undo's text, where each of its characters starts in ``raw``,
    # and where each guess stands among them.
    pieces: list[str] = []
    starts: list[int] = []
    at_char: list[int] = []
    position = 0
    for guess in [*ordered, None]:
        end = len(raw) if guess is None else guess.start
        if end < position:
            return None
        try:
            between = raw[position:end].decode("utf-8")
        except UnicodeDecodeError:
            return None
        starts += (source_offsets(between)[:-1] + position).tolist()
        pieces.append(between)
        if guess is not None:
            at_char.append(len(starts))
            starts.append(guess.start)
            pieces.append(guess.char)
            position = guess.end
    starts.append(len(raw))
    undone = "".join(pieces)
    if undo.stand_in:
        undone = undone.replace(chr(FFFD_STAND_IN), "\ufffd")
    deeper = _undo_deeper(undone, chain.layers[:-1])
    if deeper is None:
        return None
    final, bounds = deeper
    found: list[_Found] = []
    made_at: list[tuple[int, int]] = []  # each found one's characters in the final text
    for guess, char_at in zip(ordered, at_char, strict=True):
        lo, hi = char_at, char_at + 1
        for starts_of in bounds:  # forward to the characters made there
            lo = bisect.bisect_right(starts_of, lo) - 1
            hi = bisect.bisect_left(starts_of, hi)
        out_lo, out_hi = lo, hi
        for starts_of in reversed(bounds):  # back to the newest undo's characters
            lo, hi = starts_of[lo], starts_of[hi]
        if found and starts[lo] < found[-1][1]:  # in the characters of the guess before
            a, b, what, _made, others = found[-1]
            out_lo, out_hi = made_at[-1][0], max(out_hi, made_at[-1][1])
            found[-1] = (a, max(starts[hi], b), what, final[out_lo:out_hi], others)
            made_at[-1] = (out_lo, out_hi)
            continue
        made = final[out_lo:out_hi]
        alternatives: list[str] = []
        for other in guess.alternatives:
            swapped = undone[lo:char_at] + other + undone[char_at + 1 : hi]
            again = _undo_deeper(swapped, chain.layers[:-1])
            if again is not None and again[0] not in (made, *alternatives):
                alternatives.append(again[0])
        found.append((starts[lo], starts[hi], guess.what, made, tuple(alternatives)))
        made_at.append((out_lo, out_hi))
    return found


def _undo_deeper(text: str, layers: tuple[Misreading, ...]) -> tuple[str, list[list[int]]] | None:
    """``text`` undone through ``layers`` (newest last, each read by a
    single-byte code page and written as UTF-8), and per layer where each
    character it makes starts among the characters it undoes (and the end);
    None if a step fails."""
    bounds: list[list[int]] = []
    for layer in reversed(layers):
        try:
            raw = text.encode(python_codec(layer.read_as))
            out = raw.decode(python_codec(layer.written))
        except UnicodeError:
            return None
        starts = source_offsets(out)  # UTF-8 lengths: one byte a character read
        if len(raw) != len(text) or int(starts[-1]) != len(raw):
            return None  # not one byte a character, or not UTF-8
        bounds.append(starts.tolist())
        text = out
    return text, bounds
