"""What the plausibility model sees of a chain: a vector of counts.

Its layers, each reader (every way of showing bytes as escapes is one, to
the model), each writer other than UTF-8 and the reader that read it, the
stored codec and its family, the bytes guessed by kind, and whether the
repair is per part or per piece: the chain's prior, fitted like the rest
of the model (an exotic chain such as cp1250 read as cp437 earns its place
only as often as the training data holds it). ``features.py`` puts these
after the text's features; nothing here is a price.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mojiscope.core.mojibake.chain import Chain
from mojiscope.core.mojibake.extra_codecs import ESCAPES

F64 = npt.NDArray[np.float64]

READER_WORDS = (
    "windows-1252", "cp1252", "latin-1", "iso-8859-15", "mac-roman", "cp437", "cp850",
    "cp1250", "iso-8859-2", "cp1251", "koi8-r", "koi8-u", "cp1253", "cp1254", "cp1255",
    "cp1256", "cp1257", "cp874", "windows-1252/latin-1", "gbk", "shift_jis", "escapes",
)  # fmt: skip
STORED_FAMILIES = {
    "western": ("windows-1252", "cp1252", "latin-1", "iso-8859-15", "mac-roman", "cp437", "cp850"),
    "central": ("cp1250", "iso-8859-2"),
    "cyrillic": ("cp1251", "koi8-r", "koi8-u", "cp866"),
    "single-byte": ("cp1253", "cp1254", "cp1255", "cp1256", "cp1257", "cp874"),
    "cjk": ("shift_jis", "euc-jp", "gbk", "big5", "euc-kr", "iso-2022-jp/no-escapes"),
    "utf-16": ("utf-16", "utf-16le", "utf-16be"),
    "cesu": ("cesu-8", "mutf-8"),
}
#: Codecs the oldest layer may have been written in besides UTF-8 (legacy
#: code pages, UTF-16, CESU-8), and codecs bytes may be stored as: each has
#: a prior of its own, fitted like every other weight.
WRITER_WORDS = (
    "cp1251", "cp1250", "koi8-r", "shift_jis", "gbk", "big5", "euc-kr", "euc-jp", "cp874",
    "cp1253", "cp1254", "cp1255", "cp1256", "cp1257", "koi8-u", "iso-8859-2", "utf-16",
    "utf-16le", "utf-16be", "cesu-8", "mutf-8", "windows-1252", "cp866", "cp437", "cp850",
)  # fmt: skip
STORED_WORDS = (
    "windows-1252", "cp1251", "cp1250", "koi8-r", "iso-8859-2", "cp1253", "cp1254", "cp1255",
    "cp1256", "cp1257", "cp874", "shift_jis", "euc-jp", "gbk", "big5", "euc-kr", "cp437",
    "mac-roman", "cp850", "koi8-u", "iso-8859-15", "utf-16le", "utf-16be", "utf-16", "cesu-8",
    "mutf-8", "json/no-backslash",
)  # fmt: skip
LEGACY_READER_WORDS = (
    "windows-1252", "latin-1", "cp437", "mac-roman", "cp850", "cp1250", "cp1253", "cp1257",
    "escapes",
)  # fmt: skip
GUESS_KINDS = (
    "dropped", "question mark", "U+FFFD", "no-break space became space",
    "cut inside a character", "no-break space lost", "letter lost as U+FFFD",
    "letter lost as ?",
)  # fmt: skip
CHAIN_FEATURES = (
    "layers", "two-or-more-layers",
    *(f"read-as:{r}" for r in READER_WORDS), "read-as:other",
    "written:legacy", "written:cjk", "written:utf-16", "written:cesu",
    *(f"stored:{f}" for f in STORED_FAMILIES), "stored:other",
    *(f"guess:{g}" for g in GUESS_KINDS), "per-line", "parts", "pieces", "repair-duplicates",
    "repair-quoted",
    *(f"writer:{w}" for w in WRITER_WORDS), "writer:other",
    *(f"stored-as:{c}" for c in STORED_WORDS), "stored-as:other",
    *(f"legacy-read-as:{r}" for r in LEGACY_READER_WORDS), "legacy-read-as:other",
)  # fmt: skip
_CF = {name: i for i, name in enumerate(CHAIN_FEATURES)}


def _family(codec: str) -> str:
    return next((f for f, members in STORED_FAMILIES.items() if codec in members), "other")


def chain_features(
    chain: Chain, guesses: tuple[str, ...] = (), parts: int = 0, pieces: bool = False
) -> F64:
    """The chain's part of the feature vector: ``guesses`` are the kinds of
    the lost bytes guessed, ``parts`` how many parts a per-line reading has."""
    out = np.zeros(len(CHAIN_FEATURES), np.float64)
    out[_CF["layers"]] = len(chain.layers)
    out[_CF["two-or-more-layers"]] = len(chain.layers) >= 2
    for layer in chain.layers:
        # Every way of showing bytes as escapes is one reader to the model.
        shown = "escapes" if layer.read_as in ESCAPES else layer.read_as
        out[_CF.get(f"read-as:{shown}", _CF["read-as:other"])] += 1
        family = _family(layer.written)
        if layer.written != "utf-8":
            out[_CF["written:legacy"]] += 1
        if family in ("cjk", "utf-16", "cesu"):
            out[_CF[f"written:{family}"]] += 1
        if layer.written != "utf-8":
            out[_CF.get(f"writer:{layer.written}", _CF["writer:other"])] += 1
            read = f"legacy-read-as:{shown}"
            out[_CF.get(read, _CF["legacy-read-as:other"])] += 1
    if chain.stored_as != "utf-8":
        out[_CF[f"stored:{_family(chain.stored_as)}"]] += 1
        out[_CF.get(f"stored-as:{chain.stored_as}", _CF["stored-as:other"])] += 1
    for kind in guesses:
        if f"guess:{kind}" in _CF:
            out[_CF[f"guess:{kind}"]] += 1
    out[_CF["per-line"]] = parts > 0 and not pieces
    out[_CF["parts"]] = parts / 4
    out[_CF["pieces"]] = pieces
    return out
