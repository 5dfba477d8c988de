"""Well-formed runs of a multi-byte code page whose text does not re-encode
to their bytes (issue 12, item 2).

FORMATS.md promises that a ``text`` span re-encodes to its bytes, and the
byte-to-character map of a text span relies on it (each character's bytes
are its own encoding). Two things in CPython's CJK codecs break it:

* *Duplicate mappings*: cp932 reads both ``FC 41`` (IBM's extension) and
  ``EE E2`` (NEC's) as 魵, and writes only ``EE E2``.
* *Several characters from one sequence*: big5hkscs reads ``88 62`` as
  U+00CA U+0304 (Ê̄); the JIS X 0213 codecs read ``A4 F7`` as か + U+309A.
  Encoding the pair gives the bytes back, but neither character alone does.

:func:`split_run` finds duplicate mappings and cuts the run around them, so
each becomes a span of its own, a ``warning`` (``non-canonical``): its one
character holds all its bytes. Several characters from one sequence do
re-encode to it, so they stay in their text run, and
:func:`char_byte_lengths` gives the sequence's bytes to the first of them
and none to the rest. The check for a run is one C encode and one regular-expression
scan; only a run that fails it is bisected (at character boundaries found by
CPython's incremental decoder) down to pieces of at most 64 bytes, which are
walked byte by byte. So a block costs time linear in its length, plus a
little for each odd sequence.
"""

from __future__ import annotations

import codecs
import re

#: Characters that CPython's CJK decoders emit as the second of several
#: characters from one byte sequence (combining marks and tone letters).
_SECOND_OF_SEQUENCE = re.compile("[\u0300-\u036f\u02e5\u02e9\u309a]")
#: Pieces at most this long are walked byte by byte.
_WALK = 64

#: ``(n_bytes, text, canonical)``: one piece of a run; ``canonical`` is
#: False for a duplicate mapping (the text re-encodes to other bytes). A
#: canonical piece may hold several characters from one sequence.
Piece = tuple[int, str, bool]


def split_run(codec: str, data: bytes, text: str) -> list[Piece]:
    """Pieces of a well-formed run (``data`` decoded to ``text`` in one
    go, starting at a character boundary), in order: plain runs whose text
    re-encodes to their bytes character by character, and the odd sequences
    on their own."""
    if _plain(codec, data, text):
        return [(len(data), text, True)]
    if len(data) <= _WALK:
        return _walk(codec, data)
    decoder = codecs.getincrementaldecoder(codec)("strict")
    half = len(data) // 2
    head = decoder.decode(data[:half], False)
    cut = half - len(decoder.getstate()[0])
    if cut == 0:
        return _walk(codec, data)
    return split_run(codec, data[:cut], head) + split_run(codec, data[cut:], text[len(head) :])


def _plain(codec: str, data: bytes, text: str) -> bool:
    """Whether ``text`` re-encodes to ``data``."""
    try:
        return text.encode(codec) == data
    except UnicodeEncodeError:
        return False


def _walk(codec: str, data: bytes) -> list[Piece]:
    """Byte by byte through a short run: each sequence's characters, the
    plain ones (one character that re-encodes to its bytes) merged."""
    decoder = codecs.getincrementaldecoder(codec)("strict")
    pieces: list[Piece] = []
    plain_open = False
    start = 0
    for i in range(len(data)):
        chars = decoder.decode(data[i : i + 1], i + 1 == len(data))
        if not chars:
            continue
        raw = data[start : i + 1]
        start = i + 1
        canonical = _encodes_to(codec, chars, raw)
        if canonical and plain_open:
            n, text, _ = pieces[-1]
            pieces[-1] = (n + len(raw), text + chars, True)
        else:
            pieces.append((len(raw), chars, canonical))
            plain_open = canonical
    return pieces


def char_byte_lengths(codec: str, chars: str) -> list[int]:
    """Encoded length of each character of a run that re-encodes to its
    bytes. A character that only comes second from a sequence (U+0304 of
    big5hkscs ``88 62``, U+309A of JIS X 0213's か゚) gets 0 when the pair
    encodes as one sequence: the first character holds the sequence's bytes."""
    lengths: list[int] = []
    i = 0
    while i < len(chars):
        pair = chars[i : i + 2]
        if len(pair) == 2 and _SECOND_OF_SEQUENCE.match(pair[1]):
            both = len(pair.encode(codec, "replace"))
            first = len(pair[0].encode(codec, "replace"))
            if both < first + len(pair[1].encode(codec, "replace")):
                lengths += [both, 0]
                i += 2
                continue
        lengths.append(len(chars[i].encode(codec, "replace")))
        i += 1
    return lengths


def _encodes_to(codec: str, chars: str, raw: bytes) -> bool:
    try:
        return chars.encode(codec) == raw
    except UnicodeEncodeError:
        return False
