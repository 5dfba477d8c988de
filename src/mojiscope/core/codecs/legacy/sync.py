"""Where a multi-byte code page can be cut, and where a window into one begins.

Shift_JIS, GBK, GB18030, Big5, EUC-JP, EUC-KR and their kin write a
character as one byte or as a lead byte (0x81 and up) followed by one to
three more. Their trail bytes overlap their lead bytes and often ASCII, so a
byte seen alone rarely says where a character starts. Two things do:

* A *boundary byte*, 0x00..0x2F (controls, CR, LF, space, ``!"#$%&'()*+,-./``).
  No code page Python offers as stateless uses one as a trail byte
  (Shift_JIS, Big5 and GBK trails start at 0x40, GB18030's four-byte
  sequences use 0x30..0x39, EUC's trails are 0xA1 and up), and CPython's CJK
  decoders end any ill-formed sequence *at* such a byte, never run past it.
  So a decode that starts just after one agrees with a decode from the start
  of the stream. A decode that stops just after one decides every byte
  before it as the whole stream does, provided no sequence is still open
  there (the byte before is ASCII, and not a digit after a high byte:
  EUC-JP ``8F 0C`` and GB18030 ``D0 35 17`` are "incomplete" at the end of
  the input but "illegal" mid-stream). The tests hold every stateless
  multi-byte codec to both. Prose has them at every space and CRLF.
* A *known point*: the start of the stream, or of a block that began at a
  safe cut. Decoding from there, every complete character is where the
  stream has it, so a cut after one is safe once no ill-formed or
  incomplete sequence ends in the 8 bytes before it (see
  :func:`cut_from_known_point`). That costs one extra decode of the block,
  so it is the fallback when the block's last 4 KiB hold no boundary byte
  to cut after.

A window that starts where no boundary byte is near (4 KiB of CJK text with
no space or line end, or binary data) must guess: :func:`guess_alignment`
tries each of the few possible starts and keeps the one whose decode reads
most like text, and the window says its alignment is a guess.
"""

from __future__ import annotations

import codecs
import re

from mojiscope.core.codecs.recording import RecordingHandler

#: How far back to look for a boundary byte.
REACH = 4096

_LAST_BOUNDARY = re.compile(rb".*[\x00-\x2f]", re.DOTALL)
#: The last boundary byte after which a cut is safe: CPython calls a lead
#: byte and what follows it "incomplete" at the end of the input but
#: "illegal" mid-stream when the sequence is still open (EUC-JP ``8F 0C``,
#: GB18030 ``D0 35 17``), so the byte before must be ASCII, and a digit
#: must not follow a byte of 0x80 or above.
_LAST_CUT = re.compile(
    rb".*(?:(?<=[\x00-\x2f\x3a-\x7f])|(?<=[\x00-\x7f][\x30-\x39]))[\x00-\x2f]", re.DOTALL
)


def after_last_boundary(data: bytes, lo: int = 0) -> int:
    """The position just after the last boundary byte in ``data[lo:]``, or
    -1 if there is none. One backtracking match from the end: linear."""
    match = _LAST_BOUNDARY.match(data, lo)
    return match.end() if match else -1


def cut_from_known_point(codec: str, data: bytes) -> int:
    """The largest safe cut in ``data`` (which begins at a character
    boundary), or 0 if there is none. From the end, the cut steps back to
    the start of every ill-formed or incomplete sequence that ends less than
    8 bytes before it: CPython judges an ill-formed sequence by up to 3
    bytes after it (``81 81`` in Big5 is an illegal ``81`` mid-stream but an
    incomplete one at the end), so no judgement may see the cut, and an
    incomplete sequence waits for the next block. Linear: one decode in C,
    and the ill-formed sequences of the last 4 KiB in Python."""
    lo = _known_point_near_end(codec, data)
    events = [(start + lo, end + lo, why) for start, end, why in _events(codec, data[lo:])]
    cut = len(data)
    while events and events[-1][1] > cut - _MARGIN:
        cut = min(cut, events.pop()[0])
    # Before ``lo`` nothing was looked at: the cut needs its margin after it.
    return cut if lo == 0 or cut >= lo + _MARGIN else 0


def _known_point_near_end(codec: str, data: bytes) -> int:
    """A character boundary at most :data:`REACH` bytes before the end (0
    for a short ``data``), found by CPython's incremental decoder in one C
    call, so that only the bytes after it go through a Python error handler."""
    if len(data) <= REACH:
        return 0
    decoder = codecs.getincrementaldecoder(codec)("replace")
    head = len(data) - REACH
    decoder.decode(data[:head], False)
    return head - len(decoder.getstate()[0])


#: Complete characters needed before a cut found by decoding.
_MARGIN = 8


_RECORDER = RecordingHandler("mojiscope-legacy-sync")


def _events(codec: str, data: bytes) -> list[tuple[int, int, str]]:
    """Every ill-formed sequence of a whole decode: (start, end, CPython's reason)."""
    found: list[tuple[int, int, str]] = []

    def record(exc: UnicodeDecodeError) -> tuple[str, int]:
        found.append((exc.start, exc.end, exc.reason))
        return "\ufffd", exc.end

    _RECORDER.decode(data, codec, record)
    return found


def safe_cut(codec: str, data: bytes) -> int:
    """The largest safe cut in ``data`` (which begins at a character
    boundary) that this module can find cheaply: after the last boundary
    byte of the last :data:`REACH` bytes, else from the decoder."""
    match = _LAST_CUT.match(data, max(0, len(data) - REACH))
    return match.end() if match else cut_from_known_point(codec, data)


#: Characters that are rare in text of any script these code pages carry:
#: anything but controls that end lines, ASCII space, digits and punctuation,
#: CJK punctuation and kana, CJK ideographs, Hangul syllables and the
#: fullwidth forms of ASCII (U+FFFD, private use and halfwidth katakana
#: included). ASCII letters count as rare: a
#: text read out of step turns trail bytes 0x40..0x7E into them.
_UNCOMMON = re.compile("[^\t\n\r\x20-\x3f\u3000-\u30ff\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff5e]")


def oddness(codec: str, data: bytes) -> int:
    """How unlike text ``data`` reads in ``codec``: the number of ill-formed
    sequences and uncommon characters in its decode (one C decode, one
    regular-expression scan)."""
    return len(_UNCOMMON.findall(str(data, codec, "replace")))


def guess_alignment(codec: str, data: bytes, candidates: int) -> int:
    """Of the starts ``0 .. candidates - 1`` in ``data``, the one whose
    decode reads most like text (see :func:`oddness`; the earliest on a
    tie). Read one byte out of step, a multi-byte text pairs each trail byte
    with the next lead byte: the tables mostly reject such pairs or map
    them to symbols, Latin, Greek, Cyrillic, box drawing or private use,
    while text in step is mostly ideographs, kana or Hangul."""
    scores = [(oddness(codec, data[k:]), k) for k in range(min(candidates, len(data)))]
    return min(scores)[1] if scores else 0
