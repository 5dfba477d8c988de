"""The search for chains: every way of undoing up to three misreadings.

Starting from the text the bytes hold, one step of the search undoes one
misreading: encode the text with a code page it may have been read as, decode
the bytes with the codec it was written in. UTF-8 is the writer of every
layer but the oldest, which may also be a legacy code page (Shift_JIS text
read as windows-1252) or UTF-16 (read as latin-1): those end a chain. A step
that fails (a character the reader has no byte for, bytes that are no UTF-8)
is no explanation. The first undo may also fill bytes the misreading program
lost (``lost.py``).

Each round keeps the :data:`BEAM` likeliest texts (``plausibility.cost`` plus
the chain's prior, :func:`prior`), so the work is linear in the text and in
the number of code pages. Priors say that a chain is less likely the longer it
is and the rarer its code pages; they are the only hand-set weights besides
the character prices.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from mojiscope.core.mojibake.chain import Chain, Misreading, python_codec
from mojiscope.core.mojibake.lost import CUT, FFFD_STAND_IN, SPACE, Guess, decode_with_holes
from mojiscope.core.mojibake.plausibility import cost

#: Code pages UTF-8 is seen read as, with the prior price of each (rarer: dearer).
READERS: dict[str, float] = {
    "windows-1252": 0.0, "cp1252": 0.0, "latin-1": 0.3, "iso-8859-15": 0.6, "mac-roman": 0.8,
    "cp437": 0.8, "cp850": 0.8, "cp1250": 0.6, "iso-8859-2": 0.8, "cp1251": 0.6, "koi8-r": 0.8,
    "koi8-u": 1.0, "cp1253": 0.8, "cp1254": 0.8, "cp1255": 0.8, "cp1256": 0.8, "cp1257": 0.8,
    "cp874": 0.8,
}  # fmt: skip
#: Legacy code pages whose text is seen misread as a Western code page, and those readers.
LEGACY_WRITERS = (
    "cp1251",
    "cp1250",
    "koi8-r",
    "shift_jis",
    "gbk",
    "big5",
    "euc-kr",
    "euc-jp",
    "cp874",
)
LEGACY_READERS = ("windows-1252", "latin-1", "cp437", "mac-roman")
UTF16_WRITERS = ("utf-16", "utf-16le", "utf-16be")
#: Codecs legacy bytes on disk are tried as (when they are not UTF-8).
STORED_AS: dict[str, float] = {
    "windows-1252": 0.0, "cp1251": 0.3, "cp1250": 0.3, "koi8-r": 0.5, "iso-8859-2": 0.6,
    "cp1253": 0.5, "cp1254": 0.5, "cp1255": 0.5, "cp1256": 0.5, "cp1257": 0.5, "cp874": 0.5,
    "shift_jis": 0.3, "euc-jp": 0.5, "gbk": 0.3, "big5": 0.4, "euc-kr": 0.4, "cp437": 0.8,
    "mac-roman": 0.8, "cp850": 0.8, "koi8-u": 0.8, "iso-8859-15": 0.6, "utf-16le": 0.3,
    "utf-16be": 0.3, "utf-16": 0.0,
}  # fmt: skip
BEAM = 6
MAX_LAYERS = 3
LAYER_PRICE = 1.5
GUESS_PRICE = 1.0
LEGACY_PRICE = 2.5
GUESS_PRICES = {CUT: 0.0, SPACE: 0.5}


@dataclass(frozen=True)
class Hypothesis:
    """A reading of the bytes: its text, the chain, the holes it filled (in
    bytes of the stored text's first undo), and its total price."""

    text: str
    chain: Chain
    guesses: tuple[Guess, ...] = ()
    price: float = field(default=0.0, compare=False)


def prior(chain: Chain, guesses: tuple[Guess, ...] = ()) -> float:
    """The price of a chain before looking at its text, and of its guesses
    (a cut character at an end costs nothing: its U+FFFD is priced as text)."""
    total = LAYER_PRICE * len(chain.layers)
    total += sum(GUESS_PRICES.get(guess.what, GUESS_PRICE) for guess in guesses)
    for layer in chain.layers:
        total += READERS.get(layer.read_as, 1.0)
        if layer.written != "utf-8":
            total += LEGACY_PRICE
    if chain.stored_as != "utf-8":
        total += 1.0 + STORED_AS.get(chain.stored_as, 1.0)
    return total


def scored(text: str, chain: Chain, guesses: tuple[Guess, ...] = ()) -> Hypothesis:
    return Hypothesis(text, chain, guesses, cost(text) + prior(chain, guesses))


@dataclass
class _Undo:
    """Bytes a text encodes to under a reader, and what U+FFFD stood in for."""

    reader: str
    raw: bytes
    stand_in: bool = False


def _encode_as(text: str, reader: str, lenient: bool) -> _Undo | None:
    stand_in = lenient and "\ufffd" in text and chr(FFFD_STAND_IN) not in text
    if stand_in:
        text = text.replace("\ufffd", chr(FFFD_STAND_IN))
    try:
        return _Undo(reader, text.encode(python_codec(reader)), stand_in)
    except UnicodeEncodeError:
        return None


def _undefined_bytes(reader: str) -> bytes:
    codec = python_codec(reader)
    lost = []
    for byte in range(0x80, 0x100):
        try:
            bytes([byte]).decode(codec)
        except UnicodeDecodeError:
            lost.append(byte)
    return bytes(lost)


_HOLES = {reader: _undefined_bytes(reader) for reader in READERS}


def undo_layer(hypothesis: Hypothesis, first: bool, legacy: bool = True) -> list[Hypothesis]:
    """Every reading one misreading further back (see the module docstring)."""
    found: list[Hypothesis] = []
    text = hypothesis.text
    for reader in READERS:
        undo = _encode_as(text, reader, lenient=first)
        if undo is None or (undo.raw.isascii() and 0 not in undo.raw):
            continue
        holes = _HOLES[reader] if first else b""
        decoded = decode_with_holes(undo.raw, holes, allow_cut=first)
        if decoded is not None:
            repaired = decoded[0]
            if undo.stand_in:  # a U+FFFD that stood for no lost byte stays U+FFFD
                repaired = repaired.replace(chr(FFFD_STAND_IN), "\ufffd")
            if repaired != text:
                chain = hypothesis.chain.undo_one(Misreading("utf-8", reader))
                found.append(scored(repaired, chain, (*hypothesis.guesses, *decoded[1])))
        origin_possible = legacy and first and not undo.stand_in
        if origin_possible and reader in LEGACY_READERS and not _is_utf8(undo.raw):
            found += _legacy_origins(undo.raw, reader, hypothesis)
    return found


def _legacy_origins(raw: bytes, reader: str, hypothesis: Hypothesis) -> list[Hypothesis]:
    """Readings where the oldest text was legacy or UTF-16 bytes (ends a chain)."""
    writers: tuple[str, ...] = LEGACY_WRITERS
    if len(raw) % 2 == 0 or raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        writers = LEGACY_WRITERS + UTF16_WRITERS  # UTF-16 of CJK text holds no NUL
    found = []
    for writer in writers:
        try:
            text = raw.decode(writer)
        except UnicodeDecodeError:
            continue
        if writer.startswith("utf-16") and not _clean_utf16(text):
            continue
        chain = hypothesis.chain.undo_one(Misreading(writer, reader))
        found.append(scored(text, chain, hypothesis.guesses))
    return found


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def shows_text(text: str) -> bool:
    """Whether ``text`` holds something to read: a character that is not a
    control, format, unassigned or space character. A run of zero bytes is
    fewer NULs as UTF-16 than as UTF-8, and so "reads better" as UTF-16, but
    it is no more text in one than in the other."""
    return any(unicodedata.category(char)[0] not in "CZ" for char in text)


def _clean_utf16(text: str) -> bool:
    return not any("\ud800" <= c <= "\udfff" for c in text)


def search(start: Hypothesis, *, legacy: bool = True) -> list[Hypothesis]:
    """``start`` and every reading up to :data:`MAX_LAYERS` misreadings back,
    de-duplicated by text (the cheapest chain kept), cheapest first.
    ``legacy=False``: UTF-8 misreadings only (no legacy or UTF-16 origin)."""
    best: dict[str, Hypothesis] = {start.text: start}
    frontier = [start]
    for depth in range(MAX_LAYERS):
        grown: dict[str, Hypothesis] = {}
        for hypothesis in frontier:
            if hypothesis.text.isascii() and "\x00" not in hypothesis.text:
                continue
            for found in undo_layer(hypothesis, first=depth == 0, legacy=legacy):
                if found.text not in best or found.price < best[found.text].price:
                    best[found.text] = found
                    if found.chain.layers[0].written == "utf-8":
                        grown[found.text] = found
        frontier = sorted(grown.values(), key=lambda h: h.price)[:BEAM]
    return sorted(best.values(), key=lambda h: h.price)


def stored_readings(data: bytes) -> list[Hypothesis]:
    """Readings of bytes that are not UTF-8: each codec of :data:`STORED_AS`
    that decodes them whole into something to read (:func:`shows_text`)."""
    found: dict[str, Hypothesis] = {}
    for codec in STORED_AS:
        try:
            text = data.decode(python_codec(codec))
        except UnicodeDecodeError:
            continue
        if text in found or not shows_text(text):
            continue  # the same text from a likelier code page is kept; no text, no reading
        if codec.startswith("utf-16") and not (_clean_utf16(text) and _looks_utf16(data)):
            continue
        found[text] = scored(text, Chain((), codec))
    return list(found.values())


def _looks_utf16(data: bytes) -> bool:
    return data[:2] in (b"\xff\xfe", b"\xfe\xff") or data.count(0) * 16 >= len(data)
