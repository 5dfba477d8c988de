"""Chains of misreadings: what happened to the bytes, as replayable steps.

A :class:`Chain` says how text became the bytes on disk: it was written
(encoded) with one codec, read (decoded) with another, saved again, perhaps
several times over, and finally stored with :attr:`Chain.stored_as`. Its
:meth:`Chain.repair_plan` is the same story backwards as typed
:class:`Step`\\ s (decode / encode with a codec), which :func:`repair_text` and
:func:`apply_chain` replay on any bytes, and :meth:`Chain.damage_plan` the
story forwards, which :func:`damage` replays on text (tests use it to check
that the two are inverse).

Codec names are the explainer's words: ``windows-1252`` is the WHATWG table
(``mojiscope.core.codecs.legacy.whatwg``), ``cp1252`` Python's strict one; any other name is
a Python codec. A misreading step's words are ``"utf-8 read as
windows-1252"``; legacy bytes on disk are ``"written as cp1251"``.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from typing import Literal

from mojiscope.core.codecs.legacy.whatwg import CODEC_NAME as WHATWG_1252
from mojiscope.core.mojibake.extra_codecs import (  # and registers the extra codecs
    ESCAPES,
    WRITTEN_AS_ASCII,
)

#: ISO-2022-JP whose escape bytes were stripped (``extra_codecs``).
JIS_WORD = "iso-2022-jp/no-escapes"
#: JSON's ``\\u`` escapes whose backslashes were stripped (``extra_codecs``).
JSON_WORD = "json/no-backslash"
#: Cyrillic written as its characters' low bytes (``extra_codecs``).
LOW_BYTES_WORD = "cyrillic/low-bytes"
#: The explainer's word for a codec -> Python's codec name, where they differ.
_PYTHON_CODEC = {
    "windows-1252": WHATWG_1252,
    "cesu-8": "mojiscope-cesu-8",
    "mutf-8": "mojiscope-mutf-8",
    "windows-1252/latin-1": "mojiscope-windows-1252-latin-1",
    JIS_WORD: "mojiscope-iso-2022-jp-no-escapes",
    JSON_WORD: "mojiscope-json-no-backslash",
    LOW_BYTES_WORD: "mojiscope-cyrillic-low-bytes",
    **{name: escapes.codec for name, escapes in ESCAPES.items()},
}
#: The ways of writing text as ASCII a chain may be stored in
#: (``extra_codecs.WRITTEN_AS_ASCII``): read as UTF-8 too, they are no
#: damage to the screen, and only their escapes or runs are repaired.
ASCII_WRITTEN = tuple(w for w, c in _PYTHON_CODEC.items() if c in WRITTEN_AS_ASCII)


def python_codec(word: str) -> str:
    """The Python codec name for a codec word of a chain."""
    return _PYTHON_CODEC.get(word, word)


def _keep_replacement(exc: UnicodeError) -> tuple[bytes, int]:
    """Encode error handler: what cannot be encoded becomes U+FFFD's UTF-8
    bytes, so that a U+FFFD made under ``errors="replace"`` stays U+FFFD
    when the next step decodes UTF-8 (``?`` would read as a real ``?``)."""
    assert isinstance(exc, UnicodeEncodeError)
    return b"\xef\xbf\xbd" * (exc.end - exc.start), exc.end


codecs.register_error("mojiscope-keep-replacement", _keep_replacement)


def encode_errors(errors: str, next_codec: str) -> str:
    """The error handler for encoding before decoding as ``next_codec``."""
    return "mojiscope-keep-replacement" if errors == "replace" and next_codec == "utf-8" else errors


class ChainError(ValueError):
    """A chain does not apply to these bytes: one line naming the byte offset
    in the input and what was expected there."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Misreading:
    """One layer: text encoded as ``written`` was decoded as ``read_as``
    (and saved again with the chain's next layer or ``stored_as``)."""

    written: str
    read_as: str

    @property
    def words(self) -> str:
        return f"{self.written} read as {self.read_as}"


@dataclass(frozen=True)
class Step:
    """One replayable operation of a plan: ``decode`` bytes or ``encode`` text."""

    action: Literal["decode", "encode"]
    codec: str

    @property
    def words(self) -> str:
        return f"{self.action} as {self.codec}"


@dataclass(frozen=True)
class Chain:
    """How the bytes came to be: ``layers`` oldest first, then stored as ``stored_as``.

    The empty chain stored as UTF-8 is "the bytes are fine as they are".
    """

    layers: tuple[Misreading, ...] = ()
    stored_as: str = "utf-8"

    @property
    def is_identity(self) -> bool:
        return not self.layers and self.stored_as == "utf-8"

    @property
    def wide(self) -> bool:
        """Whether text was written as UTF-16 somewhere along the chain (on
        disk, or before a misreading): its NUL bytes and line ends are the
        UTF-16 code units', not the text's."""
        codecs = [self.stored_as, *(layer.written for layer in self.layers)]
        return any(codec.startswith("utf-16") for codec in codecs)

    @property
    def words(self) -> list[str]:
        """The chain as the CLI's JSON and the panel say it, oldest step first."""
        steps = [layer.words for layer in self.layers]
        if self.stored_as != "utf-8":
            steps.append(
                f"saved as {self.stored_as}" if self.layers else f"written as {self.stored_as}"
            )
        return steps

    def repair_plan(self) -> tuple[Step, ...]:
        """Bytes on disk -> the original text: decode as stored, then undo
        each layer newest first (encode as it was read, decode as written)."""
        steps = [Step("decode", self.stored_as)]
        for layer in reversed(self.layers):
            steps += [Step("encode", layer.read_as), Step("decode", layer.written)]
        return tuple(steps)

    def damage_plan(self) -> tuple[Step, ...]:
        """The original text -> the bytes on disk (the inverse of the repair)."""
        steps: list[Step] = []
        for layer in self.layers:
            steps += [Step("encode", layer.written), Step("decode", layer.read_as)]
        steps.append(Step("encode", self.stored_as))
        return tuple(steps)

    def undo_one(self, layer: Misreading) -> Chain:
        """This chain with ``layer`` as a new oldest layer (search helper)."""
        return Chain((layer, *self.layers), self.stored_as)


IDENTITY = Chain()


def _source_offset(texts: list[str], chain: Chain, level: int, index: int, at_byte: bool) -> int:
    """Map a position back to a byte offset of the source. ``texts[k]`` is the
    text after undoing ``k`` layers (``texts[0]`` the stored text); the
    position is character ``index`` of ``texts[level]`` or, with
    ``at_byte``, byte ``index`` of ``texts[level]`` encoded as it was read."""
    layers = list(reversed(chain.layers))
    if at_byte:
        read_as = python_codec(layers[level].read_as)
        index = len(texts[level].encode(read_as, "replace")[:index].decode(read_as, "ignore"))
    for k in range(level, 0, -1):
        layer = layers[k - 1]
        raw = texts[k][:index].encode(python_codec(layer.written), "replace")
        index = len(raw.decode(python_codec(layer.read_as), "ignore"))
    return len(texts[0][:index].encode(python_codec(chain.stored_as), "replace"))


def try_repair(chain: Chain, data: bytes) -> str | None:
    """``chain``'s strict repair of ``data``, or ``None`` where a step fails:
    :func:`repair_text` without locating the failure (for a caller that
    tries many chains and only wants the ones that fit)."""
    try:
        text = data.decode(python_codec(chain.stored_as))
        for layer in reversed(chain.layers):
            text = text.encode(python_codec(layer.read_as)).decode(python_codec(layer.written))
    except UnicodeError:
        return None
    return text


def repair_text(chain: Chain, data: bytes, errors: str = "strict") -> str:
    """Replay ``chain.repair_plan()`` on ``data``. Under ``errors="strict"``
    a step that fails raises :class:`ChainError` naming the source byte
    offset; ``"replace"`` writes U+FFFD (or ``?``) instead."""
    try:
        text = data.decode(python_codec(chain.stored_as), errors)
    except UnicodeDecodeError as exc:
        found = data[exc.start : exc.end].hex(" ")
        raise ChainError(
            f"byte {exc.start}: expected {chain.stored_as}, found {found}", exc.start
        ) from None
    texts = [text]
    for level, layer in enumerate(reversed(chain.layers)):
        try:
            raw = text.encode(python_codec(layer.read_as), encode_errors(errors, layer.written))
        except UnicodeEncodeError as exc:
            at = _source_offset(texts, chain, level, exc.start, at_byte=False)
            message = f"byte {at}: {text[exc.start]!r} cannot have been read as {layer.read_as}"
            raise ChainError(message, at) from None
        try:
            text = raw.decode(python_codec(layer.written), errors)
        except UnicodeDecodeError as exc:
            at = _source_offset(texts, chain, level, exc.start, at_byte=True)
            found = raw[exc.start : exc.end].hex(" ")
            message = (
                f"byte {at}: expected {layer.written} once read as {layer.read_as}, found {found}"
            )
            raise ChainError(message, at) from None
        texts.append(text)
    return text


def apply_chain(chain: Chain, data: bytes, errors: str = "strict", output: str = "utf-8") -> bytes:
    """The repaired bytes: ``data`` repaired by ``chain`` and encoded as
    ``output``. Strict by default (see :func:`repair_text`)."""
    return repair_text(chain, data, errors).encode(python_codec(output), errors)


def damage(chain: Chain, text: str) -> bytes:
    """Replay ``chain.damage_plan()`` on ``text``: the bytes such a chain
    leaves on disk. Raises :class:`UnicodeError` where a step cannot apply."""
    current: str | bytes = text
    for step in chain.damage_plan():
        codec = python_codec(step.codec)
        if step.action == "encode":
            assert isinstance(current, str)
            current = current.encode(codec)
        else:
            assert isinstance(current, bytes)
            current = current.decode(codec)
    assert isinstance(current, bytes)
    return current
