"""Replaying a chain over a whole source, in chunks, in bounded memory.

A chain found on a sample (the first 32 KiB, a selection) is verified over
the whole file by :func:`verify_chain`: the same steps as
:func:`~mojiscope.core.mojibake.chain.apply_chain`, each an incremental
codec from CPython, so a character split between two chunks is decoded
whole and the work is linear in the file. Strict by default: the first byte
where the chain does not apply stops it with a :class:`ChainError` naming
that byte's offset; nothing is written past it (the caller writes through
``atomic_write`` and so leaves no half-written file).
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mojiscope.core.mojibake.chain import (
    Chain,
    ChainError,
    apply_chain,
    encode_errors,
    python_codec,
)
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source, read_once

CHUNK = 1 << 20


@dataclass(frozen=True)
class Verified:
    """What a streamed replay saw: bytes read, characters of repaired text,
    and bytes written (``None`` when nothing was: verifying alone skips
    encoding the output)."""

    bytes_in: int
    chars_out: int
    bytes_out: int | None


class _Pipeline:
    """The repair plan as incremental codecs (decode stored, then per layer
    encode as read and decode as written, then encode as the output)."""

    def __init__(self, chain: Chain, errors: str, output: str) -> None:
        self.first = codecs.getincrementaldecoder(python_codec(chain.stored_as))(errors)
        self.layers = [
            (
                codecs.getincrementalencoder(python_codec(layer.read_as))(
                    encode_errors(errors, layer.written)
                ),
                codecs.getincrementaldecoder(python_codec(layer.written))(errors),
            )
            for layer in reversed(chain.layers)
        ]
        self.out = codecs.getincrementalencoder(python_codec(output))(errors)

    def text(self, data: bytes, final: bool) -> str:
        """The repaired text of ``data``."""
        text = self.first.decode(data, final)
        for encoder, decoder in self.layers:
            text = decoder.decode(encoder.encode(text, final), final)
        return text

    def feed(self, data: bytes, final: bool, *, output: bool = True) -> tuple[bytes, int]:
        """The repaired bytes of ``data`` (empty unless ``output``) and how
        many characters of text they hold."""
        text = self.text(data, final)
        return (self.out.encode(text, final) if output else b""), len(text)


def verify_chain(
    chain: Chain,
    source: Source,
    write: Callable[[bytes], object] | None = None,
    *,
    errors: str = "strict",
    output: str = "utf-8",
    control: Control = UNCONTROLLED,
    chunk_size: int = CHUNK,
) -> Verified:
    """Replay ``chain``'s repair over all of ``source``, passing the repaired
    bytes to ``write`` (if given). Raises :class:`ChainError` at the first
    byte it does not apply to (under ``errors="strict"``), and
    :class:`~mojiscope.core.system.control.Cancelled` if ``control`` asks."""
    pipeline = _Pipeline(chain, errors, output)
    total = len(source)
    written = 0
    chars_out = 0
    for start in range(0, max(total, 1), chunk_size):
        chunk = source.read(start, start + chunk_size)
        final = start + chunk_size >= total
        try:
            repaired, chars = pipeline.feed(chunk, final, output=write is not None)
        except UnicodeError:
            raise _locate(chain, source, start, start + chunk_size, errors, output) from None
        written += len(repaired)
        chars_out += chars
        if write is not None and repaired:
            write(repaired)
        control.step(min(total, start + chunk_size))
    return Verified(total, chars_out, written if write is not None else None)


def repaired_texts(
    chain: Chain, source: Source, *, control: Control = UNCONTROLLED, chunk_size: int = CHUNK
) -> Iterator[str]:
    """The text of ``chain``'s repair of all of ``source``, chunk by chunk
    (the same steps as :func:`verify_chain`, strict): raises
    :class:`ChainError` at the first byte the chain does not apply to."""
    pipeline = _Pipeline(chain, "strict", "utf-8")
    total = len(source)
    read = read_once(source)
    for start in range(0, max(total, 1), chunk_size):
        final = start + chunk_size >= total
        try:
            text = pipeline.text(read(chunk_size), final)
        except UnicodeError:
            raise _locate(chain, source, start, start + chunk_size, "strict", "utf-8") from None
        control.step(min(total, start + chunk_size))
        if text:
            yield text


def _locate(
    chain: Chain, source: Source, start: int, end: int, errors: str, output: str
) -> ChainError:
    """The exact offset of a failure found in the chunk at ``start``: replay
    the chunk alone from a line start before it, where offsets are exact."""
    lo = max(0, start - 4096)
    head = source.read(lo, start)
    if b"\n" in head:
        lo += head.rfind(b"\n") + 1
    try:
        apply_chain(chain, source.read(lo, end), errors, output)
    except ChainError as error:
        return ChainError(
            f"byte {lo + error.offset}: {str(error).split(': ', 1)[1]}", lo + error.offset
        )
    return ChainError(f"byte {start}: the chain does not apply to the chunk starting here", start)
